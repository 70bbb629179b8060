/**
 * The first page: start a table, join one with its code (typed, or from a join link
 * /?join=CODE), resume the one this phone keeps, or follow one read-only with a spectator
 * link /?watch=KEY. Holds the page state, talks to the API, and re-renders the whole screen
 * after each change (the screens are small; drafts of half-filled forms live in
 * `app.drafts`, so a re-render or a language switch never loses an entry).
 *
 * Every read sends a credential: this phone's device token, or a spectator's key. What the
 * table screen offers follows `app.access`, the API's word on what this reader may do.
 */
import { useGameLabels } from "./vocab.js";
import * as api from "./api.js";
import { ApiError, NetworkError } from "./api.js";
import { h, uuid } from "./dom.js";
import { getLang, setLang, t } from "./i18n.js";
import { newSetupDraft, renderSetup } from "./setup-form.js";
import { newJoinDraft, renderJoin } from "./join-form.js";
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
  joinDraft: null,
  joinFromLink: false, // opened with /?join=CODE: the join form comes first
  table: null,
  log: null,
  auth: null, // {token} for a phone of the table, {spectatorKey} for the audience
  access: null, // from the API: {role, device_id, write, manage}
  spectatorKey: null, // known to the phone that started the table
  devices: null, // the phones at the table, for whoever manages it
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
    const join = renderJoin({ draft: app.joinDraft, busy: app.busy, onJoin: actions.join,
                              fromLink: app.joinFromLink });
    body = h("div", {},
      renderMessage(app.message, [], () => actions.dismiss()),
      app.joinFromLink ? join
        : h("details", { class: "fold join-fold", open: !!app.open.join,
                         ontoggle: (e) => { app.open.join = e.target.open; } },
            h("summary", {}, t("joinWithCode")), h("div", { class: "fold-body" }, join)),
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
    if (error.status === 409) return { kind: "stale", body: error.body };
    if (error.status === 401 || error.status === 403) return { kind: "access", body: error.body };
    return { kind: "refusal", body: error.body };
  }
  throw error;
}

/** The table's credentials no longer open it (revoked, unknown, the table is gone): this
 * phone forgets it and says so on the start screen, where it can join again. */
function lostTable(id, error) {
  const gone = error instanceof ApiError && [401, 403, 404].includes(error.status);
  if (!gone) return false;
  if (app.auth?.token) storage.forgetTable(id);
  if (location.search) history.replaceState(null, "", "/");
  showSetup();
  showMessage(messageFor(error));
  window.scrollTo(0, 0);
  return true;
}

// --- loading ------------------------------------------------------------------------------------
async function loadTable(id) {
  const [table, log] = await Promise.all([api.getTable(id, app.auth), api.getEvents(id, app.auth)]);
  app.table = table;
  app.access = table.access;
  app.log = log;
  app.game = app.catalog.find((g) => g.id === table.game) || null;
}

async function reloadLog() {
  try { app.log = await api.getEvents(app.table.id, app.auth); } catch { /* the log is a courtesy */ }
}

/** Show a table with these credentials, or say why not. */
async function openTable(id, auth) {
  app.auth = auth;
  app.spectatorKey = auth.spectatorKey ? null : storage.spectatorKeyFor(id);
  app.devices = null;
  try {
    await loadTable(id);
    app.screen = "table";
    render();
  } catch (error) {
    if (lostTable(id, error)) return;
    showSetup();
    showMessage(messageFor(error));
  }
}

function showSetup() {
  app.screen = "setup";
  app.table = null;
  app.log = null;
  app.auth = null;
  app.access = null;
  app.spectatorKey = null;
  app.devices = null;
  app.drafts = {};
  app.confirm = null;
  if (!app.setupDraft && app.catalog.length) {
    app.setupDraft = newSetupDraft(app.catalog[0], storage.savedDeviceName());
  }
  app.joinDraft ??= newJoinDraft("", storage.savedDeviceName());
  render();
}

/** A phone that opens the join link of the table it keeps (its own QR code, say) stays
 * the device it is, owner or player, instead of joining a second time. */
async function alreadyAtTable(joinCode) {
  const id = storage.currentTable()?.id;
  const token = id && storage.tokenFor(id);
  if (!token) return false;
  const normalize = (code) => code.replace(/[\s-]+/g, "").toUpperCase();
  try {
    app.auth = { token };
    app.spectatorKey = storage.spectatorKeyFor(id);
    await loadTable(id);
  } catch {
    return false;
  }
  if (normalize(app.table.join_code || "") !== normalize(joinCode)) return false;
  history.replaceState(null, "", "/");
  app.screen = "table";
  render();
  return true;
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
  const params = new URLSearchParams(location.search);
  const watchKey = params.get("watch");
  const joinCode = params.get("join");
  if (watchKey) {
    try {
      const { table_id: id } = await api.watchedTable(watchKey);
      await openTable(id, { spectatorKey: watchKey });
    } catch (error) {
      showSetup();
      showMessage(messageFor(error));
    }
    return;
  }
  if (joinCode) {
    if (await alreadyAtTable(joinCode)) return;
    app.joinDraft = newJoinDraft(joinCode, storage.savedDeviceName());
    app.joinFromLink = true;
    showSetup();
    return;
  }
  const id = storage.currentTable()?.id;
  const token = id && storage.tokenFor(id);
  if (!token) { showSetup(); return; }
  await openTable(id, { token });
}

// --- actions ------------------------------------------------------------------------------------
const actions = {
  async start(data) {
    app.busy = true;
    render();
    try {
      const created = await api.createTable(data);
      storage.rememberToken(created.id, created.token);
      storage.rememberSpectatorKey(created.id, created.spectator_key);
      storage.setCurrentTable(created.id);
      storage.saveDeviceName(data.device_name);
      app.setupDraft = null;
      app.message = null;
      app.busy = false;
      if (location.search) history.replaceState(null, "", "/");
      await openTable(created.id, { token: created.token });
      window.scrollTo(0, 0);
    } catch (error) {
      app.busy = false;
      showMessage(messageFor(error));
    }
  },

  /** Join a table with its code: this phone gets its own token and keeps the table. */
  async join(data) {
    app.busy = true;
    render();
    try {
      const joined = await api.joinTable(data.code, data.device_name);
      // A token this phone already has for that table (the owner's, say) is kept.
      const token = storage.tokenFor(joined.table_id) || joined.token;
      storage.rememberToken(joined.table_id, token);
      storage.setCurrentTable(joined.table_id);
      if (data.device_name) storage.saveDeviceName(data.device_name);
      app.joinDraft = null;
      app.joinFromLink = false;
      app.message = null;
      app.busy = false;
      if (location.search) history.replaceState(null, "", "/");
      await openTable(joined.table_id, { token });
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
      const posted = await api.postEvent(app.table.id, app.auth, basedOn, clientId, event);
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
      if (error instanceof ApiError && error.code === "token_revoked") {
        lostTable(app.table.id, error);
        return;
      }
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

  async loadDevices() {
    if (!app.table) return;
    try {
      app.devices = await api.devices(app.table.id, app.auth);
      render();
    } catch (error) {
      showMessage(messageFor(error));
    }
  },

  /** Remove a phone from the table: its token stops working; its entries stay. */
  async revoke(deviceId) {
    app.busy = true;
    render();
    try {
      await api.revokeDevice(app.table.id, deviceId, app.auth);
      app.confirm = null;
      app.busy = false;
      await actions.loadDevices();
    } catch (error) {
      app.busy = false;
      showMessage(messageFor(error));
    }
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
      if (error instanceof NetworkError || lostTable(app.table.id, error)) return;
      showMessage(messageFor(error));
    }
  },

  leave() {
    if (app.auth?.token) storage.setCurrentTable(null);
    app.message = null;
    if (location.search) history.replaceState(null, "", "/");
    showSetup();
  },
};

// A spectator's page keeps up by itself; a writer's page catches up when the phone wakes.
setInterval(() => {
  if (app.screen === "table" && !app.access?.write && document.visibilityState === "visible") actions.refresh();
}, FOLLOW_EVERY_MS);
document.addEventListener("visibilitychange", () => {
  if (app.screen === "table" && document.visibilityState === "visible" && !app.busy) actions.refresh();
});

boot();
