/**
 * The first page: start a table, or resume the one this phone keeps, or follow one
 * read-only with /?table=ID. Holds the page state, talks to the API, and re-renders the
 * whole screen after each change (the screens are small; drafts of half-filled forms live
 * in `app.drafts`, so a re-render or a language switch never loses an entry).
 */
import { useGameLabels } from "./vocab.js";
import * as api from "./api.js";
import { ApiError, NetworkError } from "./api.js";
import { h, uuid } from "./dom.js";
import { getLang, setLang, t } from "./i18n.js";
import { newSetupDraft, renderSetup } from "./setup-form.js";
import { renderTable } from "./table-view.js";
import { renderMessage } from "./refusal.js";
import * as storage from "./storage.js";

const FOLLOW_EVERY_MS = 10_000;

const app = {
  lang: getLang(),
  catalog: [],
  game: null, // the catalog entry of the table's game
  screen: "loading", // loading | setup | table
  setupDraft: null,
  table: null,
  log: null,
  token: null,
  message: null,
  busy: false,
  drafts: {},
  open: {},
  confirm: null,
  retryIds: new Map(), // an entry whose post may not have arrived keeps its client id
};

const root = document.getElementById("app");

// --- rendering --------------------------------------------------------------------------------
function header() {
  return h("header", { class: "top" },
    h("h1", {}, h("a", { href: "/" }, "Protokoll")),
    h("button", { type: "button", class: "lang", "aria-label": t("otherLang"),
                  onclick: () => { setLang(getLang() === "sv" ? "en" : "sv"); app.lang = getLang(); render(); } },
      t("otherLangCode")));
}

function render() {
  document.documentElement.lang = app.lang;
  // Buttons and the log speak the words of the game in view (its catalog labels).
  const setupGame = app.setupDraft && app.catalog.find((g) => g.id === app.setupDraft.game);
  useGameLabels(app.screen === "table" ? app.game : setupGame);
  let body;
  if (app.screen === "table") {
    body = renderTable(app, actions);
  } else if (app.screen === "setup") {
    body = h("div", {},
      renderMessage(app.message, [], () => actions.dismiss()),
      renderSetup({
        catalog: app.catalog, draft: app.setupDraft, busy: app.busy, rerender: render,
        onStart: actions.start,
        onPickGame: (id) => {
          app.setupDraft = newSetupDraft(app.catalog.find((g) => g.id === id), app.setupDraft.deviceName);
          render();
        },
      }));
  } else {
    body = h("div", {},
      renderMessage(app.message, [], () => { app.message = null; boot(); }),
      !app.message && h("p", { class: "loading" }, t("loading")));
  }
  root.replaceChildren(header(), h("main", {}, body));
}

function showMessage(message) {
  app.message = message;
  render();
  if (message && message.kind !== "saved") {
    document.getElementById("message-slot")?.scrollIntoView({ block: "start", behavior: "smooth" });
  }
}

/** Turn a failed call into the message to show. */
function messageFor(error) {
  if (error instanceof NetworkError) return { kind: "network" };
  if (error instanceof ApiError) {
    return { kind: error.status === 409 ? "stale" : "refusal", body: error.body };
  }
  throw error;
}

// --- loading ------------------------------------------------------------------------------------
async function loadTable(id) {
  const [table, log] = await Promise.all([api.getTable(id), api.getEvents(id)]);
  app.table = table;
  app.log = log;
  app.game = app.catalog.find((g) => g.id === table.game) || null;
}

async function reloadLog() {
  try { app.log = await api.getEvents(app.table.id); } catch { /* the log is a courtesy */ }
}

function showSetup() {
  app.screen = "setup";
  app.table = null;
  app.log = null;
  app.token = null;
  app.drafts = {};
  app.confirm = null;
  if (!app.setupDraft && app.catalog.length) {
    app.setupDraft = newSetupDraft(app.catalog[0], storage.savedDeviceName());
  }
  render();
}

async function boot() {
  setLang(app.lang);
  render();
  try {
    app.catalog = await api.games();
  } catch (error) {
    app.message = messageFor(error);
    render();
    return;
  }
  const followed = new URLSearchParams(location.search).get("table");
  const id = followed || storage.currentTable()?.id;
  if (!id) { showSetup(); return; }
  app.token = storage.tokenFor(id);
  try {
    await loadTable(id);
    app.screen = "table";
    render();
  } catch (error) {
    if (!followed && error instanceof ApiError && error.status === 404) storage.setCurrentTable(null);
    showSetup();
    showMessage(messageFor(error));
  }
}

// --- actions ------------------------------------------------------------------------------------
const actions = {
  async start(data) {
    app.busy = true;
    render();
    try {
      const created = await api.createTable(data);
      storage.rememberToken(created.id, created.token);
      storage.setCurrentTable(created.id);
      storage.saveDeviceName(data.device_name);
      app.token = created.token;
      app.setupDraft = null;
      app.message = null;
      app.busy = false;
      if (location.search) history.replaceState(null, "", "/");
      await loadTable(created.id);
      app.screen = "table";
      render();
      window.scrollTo(0, 0);
    } catch (error) {
      app.busy = false;
      showMessage(messageFor(error));
    }
  },

  /** Post one event based on the table's current seq. `draftKey` is cleared on success. */
  async submit(event, draftKey) {
    const basedOn = app.table.seq;
    const key = JSON.stringify([app.table.id, basedOn, event]);
    const clientId = app.retryIds.get(key) || uuid();
    app.busy = true;
    app.confirm = null;
    render();
    try {
      const posted = await api.postEvent(app.table.id, app.token, basedOn, clientId, event);
      app.retryIds.delete(key);
      app.table = posted.table;
      if (draftKey) delete app.drafts[draftKey];
      await reloadLog();
      app.busy = false;
      showMessage({ kind: "saved", seq: posted.entry.seq });
      document.querySelector(".protokoll")?.scrollIntoView({ block: "start", behavior: "smooth" });
    } catch (error) {
      app.busy = false;
      if (error instanceof NetworkError) app.retryIds.set(key, clientId);
      else app.retryIds.delete(key);
      if (error instanceof ApiError && error.status === 409) {
        // Another phone moved the table on: show the table as it is now, keep the draft.
        if (error.body.details?.table) app.table = error.body.details.table;
        else await loadTable(app.table.id).catch(() => {});
        await reloadLog();
      }
      showMessage(messageFor(error));
    }
  },

  undo(target) {
    return actions.submit({ type: "undo", target });
  },

  setConfirm(what) {
    app.confirm = what;
    render();
  },

  dismiss() {
    app.message = null;
    render();
  },

  async refresh() {
    if (!app.table) return;
    try {
      const seq = app.table.seq;
      await loadTable(app.table.id);
      if (app.table.seq !== seq || app.message?.kind === "network") {
        if (app.message?.kind === "network") app.message = null;
        render();
      }
    } catch (error) {
      if (!(error instanceof NetworkError)) showMessage(messageFor(error));
    }
  },

  leave() {
    storage.setCurrentTable(null);
    app.message = null;
    if (location.search) history.replaceState(null, "", "/");
    showSetup();
  },
};

// A follower's page keeps up by itself; a writer's page catches up when the phone wakes.
setInterval(() => {
  if (app.screen === "table" && !app.token && document.visibilityState === "visible") actions.refresh();
}, FOLLOW_EVERY_MS);
document.addEventListener("visibilitychange", () => {
  if (app.screen === "table" && document.visibilityState === "visible" && !app.busy) actions.refresh();
});

boot();
