/**
 * The app: start a table, join one with its code (typed, or from a join link /?join=CODE),
 * resume the one this phone keeps, or follow one read-only with a spectator link
 * /?watch=KEY. Holds the page state, talks to the API, and re-renders the whole screen
 * after each change (the screens are small; drafts of half-filled forms live in
 * `app.drafts`, so a re-render, a language switch or another phone's entry never loses an
 * entry in progress).
 *
 * Every read sends a credential: this phone's device token, or a spectator's key. What the
 * table screen offers follows `app.access`, the API's word on what this reader may do.
 *
 * Keeping up and going without: a live stream (live.js) tells this phone the moment the
 * table's seq moves, and the page fetches the table then; the last view of the table is
 * kept in IndexedDB so the app opens on it without a network; entries made without a
 * network wait in the outbox (outbox.js) and go out in order when it is back. Those two,
 * like the table screen, come when a table opens (js/later.js), not with the start page.
 */
import { useGameLabels } from "./vocab.js";
import * as api from "./api.js";
import { ApiError, NetworkError } from "./api.js";
import { h, uuid } from "./dom.js";
import { getLang, pick, setLang, t } from "./i18n.js";
import { lastSetupDraft, newSetupDraft, renderSetup } from "./setup-form.js";
import { refreshMyTables, renderMyTables } from "./my-tables.js";
import { newJoinDraft, renderJoin } from "./join-form.js";
import { needsForms, stylesheet, tableScreen } from "./later.js";
import { renderMessage } from "./refusal.js";
import * as storage from "./storage.js";
import { VIEWS, get as idbGet, put as idbPut } from "./idb.js";
import { playedCards } from "./cards.js";

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
  access: null, // from the API: {role, device_id, write, manage, seat, scorer, seat_devices}
  choosingSeat: false, // a seated phone asked to change its place
  spectatorKey: null, // known to the phone that started the table
  devices: null, // the phones at the table, for whoever manages it
  message: null,
  busy: false,
  drafts: {},
  open: {},
  pickedSeat: {}, // the seat chosen in a fold that several seats share
  editing: null, // the seq of the entry being corrected
  entryHints: {}, // seq: the hints of its input just before it (loadEntryHints)
  confirm: null,
  retryIds: new Map(), // an entry whose post may not have arrived keeps its client id
  offline: !navigator.onLine,
  live: "off", // off | connecting | live | offline
  pending: [], // this table's entries in the outbox, oldest first
  stopFollowing: null,
  stale: false, // the table moved while this phone was busy: fetch it when done
  replay: null, // a deal replayed trick by trick: {deal, steps, index, loading, error}
};

const root = document.getElementById("app");
// The start page draws with style.css alone; phone.css (the kept tables, the chart's
// legend, ...) comes beside the first calls to the API, before anything it styles is drawn.
const moreStyle = stylesheet("/phone.css");
// The table screen's modules (later.js), once asked for: {renderTable, renderReplay, ...};
// with the entry forms when the reader may write (`access`: the API's word; a spectator's
// screen never loads them).
let later = null;
async function tableModules(access) {
  try {
    later = await tableScreen({ forms: !access || needsForms(access) });
  } catch {
    throw new NetworkError(); // not fetched (no network, nothing cached): said as such
  }
  return later;
}
// A page that opens on a table asks for them at once, beside its first calls to the API: a
// spectator's link for the screen without forms, a join link or a kept table with them.
const watching = /[?&]watch=/.test(location.search);
if (watching || /[?&]join=/.test(location.search) || storage.currentTable()?.id) {
  tableModules(watching ? {} : null).catch(() => { /* asked again when the table opens */ });
}
const CATALOG_KEY = "catalog"; // the catalog as last fetched, beside the tables' views

// --- rendering --------------------------------------------------------------------------------
function liveBadge() {
  if (app.screen !== "table") return null;
  const state = app.offline ? "offline" : app.live;
  return h("span", { class: `live live-${state}`, role: "status" },
    h("span", { class: "dot", "aria-hidden": "true" }), t(`live_${state}`));
}

function header() {
  return h("header", { class: "top" },
    h("h1", {}, h("a", { href: "/" }, "Protokoll")),
    liveBadge(),
    h("button", { type: "button", class: "lang", "aria-label": t("otherLang"), lang: t("otherLangTag"),
                  onclick: () => { setLang(getLang() === "sv" ? "en" : "sv"); app.lang = getLang(); render(); } },
      t("otherLangCode")));
}

let drawnTable = null; // the table screen the app drew last (not the server's top of it)

function render() {
  document.documentElement.lang = app.lang;
  // Buttons and the log speak the words of the game in view (its catalog labels).
  const setupGame = app.setupDraft && app.catalog.find((g) => g.id === app.setupDraft.game);
  useGameLabels(app.screen === "table" ? app.game : setupGame);
  let body;
  const plain = { onDismiss: () => actions.dismiss() };
  if (app.screen === "table" && app.replay) {
    body = later.renderReplay(app.replay, { players: app.table.players, game: app.game,
                                      go: actions.replayGo, close: actions.closeReplay });
  } else if (app.screen === "table") {
    // The table screen's first draw comes in two tasks (table-view.js renderTable); a
    // screen already drawn is drawn anew in one, so nothing on it disappears for a frame.
    body = later.renderTable(app, actions, { split: !drawnTable?.isConnected });
    drawnTable = body;
  } else if (app.screen === "setup") {
    const join = renderJoin({ draft: app.joinDraft, busy: app.busy, onJoin: actions.join,
                              fromLink: app.joinFromLink });
    body = h("div", {},
      renderMessage(app.message, plain),
      !app.joinFromLink && renderMyTables({ onOpen: actions.openKept, rerender: render }),
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
      renderMessage(app.message, { onDismiss: () => { app.message = null; boot(); } }),
      !app.message && h("p", { class: "loading" }, t("loading")));
  }
  const focused = focusedKey();
  root.replaceChildren(header(), h("main", {}, body));
  // The screen is drawn anew after every entry: keep a keyboard's or a screen reader's
  // place on the control it was on (the card just played, say), when it is still there.
  if (focused) root.querySelector(focused)?.focus({ preventScroll: true });
  if (body.drawLater) {
    // After the first frame, a task for each part; not once the screen was drawn anew.
    const parts = body.drawLater;
    const next = () => {
      if (!body.isConnected || !parts.length) return;
      parts.shift()();
      setTimeout(next);
    };
    requestAnimationFrame(() => setTimeout(next));
  }
}

/** A selector for the focused control, to find its successor after a render. */
function focusedKey() {
  const el = document.activeElement;
  if (!el || el === document.body || !root.contains(el)) return null;
  if (el.id) return `#${CSS.escape(el.id)}`;
  const holder = el.closest("[id]");
  if (holder && el.dataset.key) return `#${CSS.escape(holder.id)} [data-key="${CSS.escape(el.dataset.key)}"]`;
  return null;
}

function showMessage(message) {
  app.message = message;
  render();
  if (message && !["saved", "queued"].includes(message.kind)) {
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
/** Keep the table as last seen, to open on it without a network. */
function remember() {
  if (!app.table || !app.auth?.token) return;
  idbPut(VIEWS, { id: app.table.id, table: app.table, log: app.log, access: app.access,
                  savedAt: Date.now() })
    .catch(() => { /* no IndexedDB: the app still works online */ });
}

/** `game`: the table's game when it is known before the table is (a spectator link's
 * answer, the summary this phone keeps of its table): its details are then asked for beside
 * the table and its log instead of after them. */
async function loadTable(id, game = storage.summaryOf(id)?.game) {
  const details = game ? gameDetails(game).catch(() => null) : null;
  const [table, log] = await Promise.all([api.getTable(id, app.auth),
                                          api.getLog(id, app.auth, app.log), tableModules({})]);
  await tableModules(table.access); // the forms too, for a phone that may write
  app.table = table;
  app.access = table.access;
  app.log = log;
  app.game = (table.game === game && await details) || await gameDetails(table.game);
  if (app.auth?.token) storage.keepSummary(table, true);
  remember();
}

async function reloadLog() {
  try { app.log = await api.getLog(app.table.id, app.auth, app.log); } catch { /* the log is a courtesy */ }
  remember();
}


async function loadPending() {
  app.pending = app.table && app.access?.write ? await later.outbox.waiting(app.table.id) : [];
  // "Kept on this phone" is true only while something waits.
  if (app.message?.kind === "queued" && !app.pending.length) app.message = null;
}

/** The hints the table gave for an entry's type just before the entry (`GET …/at/{seq-1}`):
 * its correction offers what the engine accepts there — Fyrtioett's "kasta" to that deal's
 * fourth bidder alone, none once three bids were worth 11. Without a network the correction
 * takes those this phone saw there, or holds such a value back (generic-form.js
 * `correctionOf`). */
async function loadEntryHints(seq) {
  const event = (app.log?.events || []).find((e) => e.seq === seq)?.event;
  // Asked again at each correction: an undo or correction before it may have changed them.
  if (!event || (event.seat !== undefined && event.seat !== null)) return;
  try {
    const before = await api.getTableAt(app.table.id, app.auth, seq - 1);
    const input = (before.expected?.inputs || []).find(
      (i) => i.type === event.type && (i.seat === null || i.seat === undefined));
    app.entryHints[seq] = input?.fields || null;
  } catch { delete app.entryHints[seq]; /* no network: the general hints */ }
}

/** The queued deal the form saved by itself, once the outbox has sent it: the message that
 * names it as saved, with the normal undo and correction; null if it has not gone yet. */
function autoSavedSent() {
  const m = app.message;
  if (m?.kind !== "queued" || !m.auto) return null;
  const entry = (app.log?.events || []).find((e) => e.client_event_id === m.auto.clientId);
  if (!entry) return null;
  const rows = app.table.protokoll?.rows || [];
  const label = entry.seq === app.table.seq && rows.length ? rows[rows.length - 1].label : null;
  return { kind: "saved", seq: entry.seq, auto: { ...m.auto, label } };
}

/** A message stays only while it is true: "saved as #N" until the table moves on. */
function dropStaleMessage() {
  const m = app.message;
  if (m?.kind === "saved" && app.table && m.seq !== app.table.seq) app.message = null;
}

function startFollowing() {
  app.stopFollowing?.();
  const id = app.table.id;
  app.stopFollowing = later.follow(id, app.auth, {
    onSeq: (seq) => {
      if (!app.table || app.table.id !== id) return;
      // A stream that still speaks while the browser says it is offline (a connection
      // the browser has not cut yet) does not make the phone online: the browser decides.
      if (seq !== app.table.seq || (app.offline && navigator.onLine)) {
        if (navigator.onLine) app.offline = false;
        actions.catchUp();
      }
    },
    onStatus: (status) => {
      if (status === "live" && app.offline && navigator.onLine) { app.offline = false; actions.flush(); }
      if (app.live !== status) { app.live = status; updateBadge(); }
    },
    onLost: () => actions.refresh(),
  });
}

/** The badge changes often: redraw only it, not the page (a form keeps its focus). */
function updateBadge() {
  const old = root.querySelector(".top .live");
  const fresh = liveBadge();
  if (old && fresh) old.replaceWith(fresh);
}

/** Show a table with these credentials, or say why not. Without a network, the table as
 * this phone last saw it. */
async function openTable(id, auth, game) {
  app.auth = auth;
  app.spectatorKey = auth.spectatorKey ? null : storage.spectatorKeyFor(id);
  app.devices = null;
  try {
    await loadTable(id, game);
    app.offline = false;
  } catch (error) {
    if (!(error instanceof NetworkError) || !(await openSaved(id))) {
      await catalogOnce(); // the start screen comes instead
      if (lostTable(id, error)) return;
      showSetup();
      showMessage(messageFor(error));
      return;
    }
  }
  app.screen = "table";
  await loadPending();
  render();
  startFollowing();
  if (app.pending.length && !app.offline) actions.flush();
}

async function openSaved(id) {
  let saved = null;
  try { saved = await idbGet(VIEWS, id); } catch { return false; }
  if (!saved) return false;
  app.table = saved.table;
  app.log = saved.log;
  app.access = saved.access ?? saved.table.access;
  app.game = await gameDetails(saved.table.game).catch(() => null);
  if (!(await tableModules(app.access).catch(() => null))) return false;
  app.offline = true;
  return !!app.game;
}

function showSetup() {
  app.stopFollowing?.();
  app.stopFollowing = null;
  app.screen = "setup";
  app.table = null;
  app.log = null;
  app.auth = null;
  app.access = null;
  app.spectatorKey = null;
  app.devices = null;
  app.drafts = {};
  app.confirm = null;
  app.editing = null;
  app.pending = [];
  if (!app.setupDraft && app.catalog.length) {
    // "Nytt bord" offers the last table's game and players.
    app.setupDraft = lastSetupDraft(app.catalog, storage.lastSummary(), storage.savedDeviceName())
      || newSetupDraft(app.catalog[0], storage.savedDeviceName());
  }
  refreshMyTables();
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
  await loadPending();
  render();
  startFollowing();
  return true;
}

/** A game with everything a table of it needs (deck, rules, events, words): fetched when a
 * table of that game opens — the catalog carries only what the first screen needs — and
 * kept beside the tables' views, so that a table opens without a network too. */
const gamesSeen = new Map();
async function gameDetails(id) {
  if (gamesSeen.has(id)) return gamesSeen.get(id);
  let game;
  try {
    game = await api.game(id);
    idbPut(VIEWS, { id: `game:${id}`, game }).catch(() => {});
  } catch (error) {
    const kept = error instanceof NetworkError ? await idbGet(VIEWS, `game:${id}`).catch(() => null) : null;
    if (!kept) throw error;
    game = kept.game;
  }
  gamesSeen.set(id, game);
  return game;
}

/** The catalog, from the network or, without one, as the service worker last kept it. */
async function loadCatalog() {
  try {
    app.catalog = await api.games();
    idbPut(VIEWS, { id: CATALOG_KEY, catalog: app.catalog }).catch(() => {});
  } catch (error) {
    const kept = error instanceof NetworkError ? await idbGet(VIEWS, CATALOG_KEY).catch(() => null) : null;
    if (!kept) throw error;
    app.catalog = kept.catalog;
    app.offline = true;
  }
}

/** The catalog, if this page has none yet (a spectator's page asks for it late); a failure
 * leaves it empty, and the start screen then says so. */
async function catalogOnce() {
  if (!app.catalog.length) await loadCatalog().catch(() => {});
}

async function boot() {
  setLang(app.lang);
  // A spectator link's page comes with the top of its table drawn by the server
  // (api/spectator_page.py): it stays until the table is drawn over it, the same in the
  // same places, instead of giving way to "Hämtar …" first.
  if (root.dataset.firstView) delete root.dataset.firstView;
  else render();
  const params = new URLSearchParams(location.search);
  const watchKey = params.get("watch");
  const joinCode = params.get("join");
  // A spectator's table is asked for beside the catalog, not after it (one round trip less
  // before the table is drawn); its answer, or its refusal, is read below.
  const watched = watchKey && api.watchedTable(watchKey).then((found) => ({ found }),
                                                               (error) => ({ error }));
  // Only the start screen needs the catalog: a spectator's table is drawn without waiting
  // for it (the page of a spectator link does not even preload it: api/pages.py), and it
  // is asked for afterwards, for the way back to the start screen.
  try {
    if (!watchKey) await loadCatalog();
    await moreStyle;
  } catch (error) {
    app.message = messageFor(error);
    render();
    return;
  }
  if (watchKey) {
    try {
      const { found, error } = await watched;
      if (error) throw error;
      const { table_id: id, game } = found;
      await openTable(id, { spectatorKey: watchKey }, game);
    } catch (error) {
      await catalogOnce();
      showSetup();
      showMessage(messageFor(error));
    }
    catalogOnce();
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

function afterPost(rowsBefore) {
  // A new line on the sheet (a deal scored) is worth seeing; a card played is not.
  if (app.table.protokoll.rows.length > rowsBefore) {
    document.querySelector(".protokoll")?.scrollIntoView({ block: "start", behavior: "smooth" });
  }
}

/**
 * Does an entry mean the same on top of what other phones entered meanwhile? Only when
 * every entry since was another seat's own (the next card of another player, say), none
 * undid or corrected anything, and the table still asks this seat for this kind of entry
 * — a card this phone tapped for the player to play is still that player's card. A deal's
 * result, a call or anything without a seat is never sent twice by guesswork.
 */
function stillMeant(event, since, table) {
  if (!Number.isInteger(event.seat) || !since.length) return false;
  const othersOnly = since.every(({ event: e }) => !["undo", "correct"].includes(e.type)
    && Number.isInteger(e.seat) && e.seat !== event.seat);
  const asked = (table.expected?.inputs || []).some((i) => i.type === event.type && i.seat === event.seat);
  const fresh = !event.card || !playedCards(table.state).includes(event.card);
  return othersOnly && asked && fresh;
}

// --- actions ------------------------------------------------------------------------------------
const actions = {
  rerender: () => render(),

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

  /** Keep an entry in the outbox: made without a network, or behind entries that wait.
   * It will follow the entries before it, so it is based on the seq they will make. */
  async keep(event, draftKey, clientId, auto = null) {
    const record = await later.outbox.keep(app.table.id, event,
                                           app.table.seq + app.pending.length, clientId);
    const draft = draftKey ? app.drafts[draftKey] : null;
    if (draftKey) delete app.drafts[draftKey];
    await loadPending();
    app.busy = false;
    // A deal the form saved by itself keeps its one-tap undo and correction while it waits.
    showMessage({ kind: "queued",
                  auto: auto && { ...auto, draftKey, draft, event, n: record.n, clientId: record.id } });
    if (!app.offline) actions.flush();
  },

  /** Post one event based on the table's current seq. `draftKey` is cleared on success.
   * `how.auto` ({what}): the form saved itself (the tap that completed it, as it said): the
   * message then names what was saved, with one tap to undo it or correct it. */
  async submit(event, draftKey, how = {}) {
    const attempt = how.attempt ?? 0;
    const basedOn = app.table.seq;
    const key = JSON.stringify([app.table.id, basedOn, event]);
    const clientId = app.retryIds.get(key) || uuid();
    app.busy = true;
    app.confirm = null;
    if (app.offline || app.pending.length) {
      await actions.keep(event, draftKey, undefined, how.auto);
      return;
    }
    render();
    const rowsBefore = app.table.protokoll.rows.length;
    try {
      const posted = await api.postEvent(app.table.id, app.auth, basedOn, clientId, event);
      app.retryIds.delete(key);
      const draft = draftKey ? app.drafts[draftKey] : null;
      if (draftKey) delete app.drafts[draftKey];
      if (draftKey?.startsWith("correct:")) app.editing = null;
      const whole = later.wholeTable(app.table, posted.table);
      if (whole) app.table = whole;
      else await loadTable(app.table.id).catch(() => { app.table = posted.table; });
      if (posted.access) app.access = posted.access;
      await reloadLog();
      app.busy = false;
      const rows = app.table.protokoll.rows;
      const auto = how.auto && { ...how.auto, draftKey, draft,
                                 label: rows.length > rowsBefore ? rows[rows.length - 1].label : null };
      showMessage({ kind: "saved", seq: posted.entry.seq, auto });
      afterPost(rowsBefore);
    } catch (error) {
      app.busy = false;
      app.retryIds.delete(key);
      if (error instanceof NetworkError) {
        // It may have arrived: the outbox sends it again with the same client id, and the
        // server applies it once.
        app.offline = !navigator.onLine || app.offline;
        await actions.keep(event, draftKey, clientId, how.auto);
        return;
      }
      if (error instanceof ApiError && error.code === "token_revoked") {
        lostTable(app.table.id, error);
        return;
      }
      if (error instanceof ApiError && error.status === 409 && error.code === "stale_sequence") {
        // Another phone moved the table on. Its entries may leave this one's meaning as it
        // was (another seat's card): then this one goes on top of them. Otherwise the
        // person is told in words what was entered meanwhile and chooses.
        if (error.body.details?.table) app.table = error.body.details.table;
        else await loadTable(app.table.id).catch(() => {});
        await reloadLog();
        const since = (app.log?.events || []).filter((e) => e.seq > basedOn);
        if (attempt < 3 && stillMeant(event, since, app.table)) {
          return actions.submit(event, draftKey, { ...how, attempt: attempt + 1 });
        }
        showMessage({ kind: "overtaken", since, event, draftKey });
        return;
      }
      showMessage(messageFor(error));
    }
  },

  /** After "overtaken": send this phone's entry on top of the table as it is now. */
  sendAnyway(message) {
    app.message = null;
    return actions.submit(message.event, message.draftKey);
  },

  /** After "overtaken": this phone's entry is not wanted any more. */
  dropOvertaken(message) {
    if (message.draftKey) delete app.drafts[message.draftKey];
    app.message = null;
    render();
  },

  /** Send what waits in the outbox, in order. */
  async flush() {
    if (!app.table || app.flushing) return;
    app.flushing = true;
    try {
      const result = await later.outbox.flush(app.table.id, app.auth, app.table);
      if (result.table) app.table = result.table;
      if (result.reload) await loadTable(app.table.id).catch(() => {});
      if (result.offline) app.offline = !navigator.onLine;
      if (result.sent) await reloadLog();
      const sentAuto = result.sent && autoSavedSent();
      await loadPending();
      if (sentAuto) app.message = sentAuto;
      else if (result.sent && !app.pending.length) app.message = { kind: "saved", seq: app.table.seq };
      if (result.retryAfter) setTimeout(() => actions.flush(), result.retryAfter * 1000);
      remember();
      render();
    } finally {
      app.flushing = false;
    }
  },

  /** After a conflict or a refusal: send this entry (and those after it) on top of the
   * table as it is now. */
  async resend(record) {
    await actions.refresh();
    await later.outbox.rebase(record, app.table.seq);
    await loadPending();
    await actions.flush();
  },

  /** The person decided to throw away an entry that could not be sent. */
  async discard(record) {
    await later.outbox.discard(record);
    app.confirm = null;
    await loadPending();
    if (app.pending.length) await actions.flush();
    render();
  },

  undo(target) {
    return actions.submit({ type: "undo", target });
  },

  /** "Ångra" on a deal the form saved by itself: undone in one tap (the message named it),
   * and the form comes back as it was, for a box to tick and the save. */
  async undoAutoSaved(message) {
    const { seq, auto } = message;
    await actions.submit({ type: "undo", target: seq });
    const entry = (app.log?.events || []).find((e) => e.seq === seq);
    if (entry && entry.undone_by !== null && auto?.draftKey && auto.draft) {
      app.drafts[auto.draftKey] = auto.draft;
      render();
    }
  },

  /** "Ångra" on a deal the form saved by itself while it still waits in the outbox: it is
   * taken out before it goes, and the form comes back as it was. Once sent, the normal undo. */
  async undoQueued(message, { focus = false } = {}) {
    if (app.flushing) return;  // on its way: the answer says whether it went
    const record = app.pending.find((r) => r.n === message.auto.n);
    if (!record) {
      const sent = (app.log?.events || []).find((e) => e.client_event_id === message.auto.clientId);
      if (sent) await actions.undoAutoSaved({ seq: sent.seq, auto: message.auto });
      return;
    }
    await later.outbox.discard(record);
    await loadPending();
    if (message.auto.draftKey && message.auto.draft) app.drafts[message.auto.draftKey] = message.auto.draft;
    app.message = null;
    render();
    if (focus) document.querySelector("form.quick-entry")?.scrollIntoView({ block: "start", behavior: "smooth" });
  },

  /** "Rätta" on a deal that waits in the outbox: corrected before it goes, i.e. taken out
   * and the same form brought back filled in, to change and save again. */
  correctQueued(message) {
    return actions.undoQueued(message, { focus: true });
  },

  /** "Rätta" on a deal the form saved by itself: its correction, the same form filled in. */
  async correctAutoSaved(message) {
    await loadEntryHints(message.seq);
    app.editing = message.seq;
    render();
    const form = document.querySelector(`.log li[data-seq="${message.seq}"] .correction`);
    form?.scrollIntoView({ block: "start", behavior: "smooth" });
    form?.querySelector("input")?.focus({ preventScroll: true });
  },

  async edit(seq) {
    await loadEntryHints(seq);
    app.editing = seq;
    render();
  },

  toggle(key) {
    app.open[key] = !app.open[key];
    render();
  },

  /** Open a fold (a call, the log) and bring it into view. */
  openFold(key) {
    app.open[key] = true;
    app.message = null;
    render();
    const target = document.getElementById(key === "log" ? "log" : `fold-${key}`);
    target?.scrollIntoView({ block: "start", behavior: "smooth" });
    target?.querySelector("summary, button, input")?.focus({ preventScroll: true });
  },

  /** Sit at a seat (or take the scorer's place); a phone with a place changes it. */
  async takeSeat(seat) {
    const access = app.access || {};
    const change = access.seat !== null && access.seat !== undefined || !!access.scorer;
    app.busy = true;
    render();
    try {
      await api.takeSeat(app.table.id, app.auth, seat, change);
      app.choosingSeat = false;
      await loadTable(app.table.id);
      app.busy = false;
      render();
    } catch (error) {
      app.busy = false;
      showMessage(messageFor(error));
    }
  },

  chooseSeat() {
    app.choosingSeat = true;
    render();
  },

  /** Free a phone's seat (the owner's or the director's): e.g. a phone at someone else's
   * seat. It keeps its token and may sit down again, seeing only what comes after. */
  async freeSeat(deviceId) {
    app.busy = true;
    render();
    try {
      await api.freeSeat(app.table.id, deviceId, app.auth);
      app.busy = false;
      await actions.loadDevices();
      await loadTable(app.table.id);
      render();
    } catch (error) {
      app.busy = false;
      showMessage(messageFor(error));
    }
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
      await actions.refresh(); // the table has a new code: the removed phone saw the old one
      await actions.loadDevices();
    } catch (error) {
      app.busy = false;
      showMessage(messageFor(error));
    }
  },

  /** A new join code for the table (e.g. after it was shared too widely). */
  async newJoinCode() {
    try {
      await api.newJoinCode(app.table.id, app.auth);
      await actions.refresh();
      render(); // the seq did not move, the code did
    } catch (error) {
      showMessage(messageFor(error));
    }
  },

  /** Hand the table over to another phone: this one no longer manages it. */
  async handOver(deviceId) {
    app.busy = true;
    render();
    try {
      await api.handOver(app.table.id, deviceId, app.auth);
      app.confirm = null;
      app.busy = false;
      app.devices = null; // this phone no longer manages: its access says so after loading
      await actions.refresh();
      render();
    } catch (error) {
      app.busy = false;
      showMessage(messageFor(error));
    }
  },

  setConfirm(what) {
    app.confirm = what;
    render();
  },

  /** Replay a deal trick by trick: `deal` (from the protokoll) or the deal of the log's
   * entry `seq`, at the trick that entry falls in. */
  async openReplay({ deal = null, seq = null }) {
    app.replay = { deal, steps: [], index: 0, loading: true, error: null };
    render();
    window.scrollTo(0, 0);
    try {
      // Only the deal asked for comes back: by number, or the deal entry seq falls in.
      const answer = await api.getSteps(app.table.id, app.auth, deal !== null ? { deal } : { seq });
      const { steps } = answer;
      const chosen = deal ?? answer.deal;
      const positions = later.positionsOf(steps, chosen);
      const found = seq === null ? 0 : positions.findIndex((p) => p.seq >= seq);
      const index = found >= 0 ? found : positions.length - 1; // after its last trick: the last
      app.replay = { deal: chosen, steps, index: Math.max(index, 0), loading: false, error: null };
    } catch (error) {
      const body = error instanceof ApiError ? error.body : null;
      app.replay = { ...app.replay, loading: false,
                     error: body ? pick(body.messages, body.message) : t("replayOffline") };
    }
    render();
  },

  replayGo(index) {
    if (!app.replay) return;
    app.replay.index = index;
    render();
  },

  closeReplay() {
    app.replay = null;
    render();
  },

  dismiss() {
    app.message = null;
    render();
  },

  /** Another phone made an entry (the stream said so): fetch the table, unless this
   * phone is posting right now, in which case its own answer brings the table. */
  async catchUp() {
    if (app.busy) { app.stale = true; return; }
    await actions.refresh();
    if (app.pending.length) actions.flush();
  },

  async refresh() {
    if (!app.table) return;
    try {
      const seq = app.table.seq;
      await loadTable(app.table.id);
      const wasOffline = app.offline;
      app.offline = false;
      if (app.table.seq !== seq || app.message?.kind === "network" || wasOffline) {
        if (app.message?.kind === "network") app.message = null;
        dropStaleMessage();
        if (app.editing !== null && !app.log.events.some((e) => e.seq === app.editing)) app.editing = null;
        render();
      }
    } catch (error) {
      if (error instanceof NetworkError || lostTable(app.table.id, error)) return;
      showMessage(messageFor(error));
    }
  },

  /** Open a table from the start screen's list of this phone's tables. */
  async openKept(id) {
    const token = storage.tokenFor(id);
    if (!token) { render(); return; }
    storage.setCurrentTable(id);
    app.message = null;
    await openTable(id, { token });
    window.scrollTo(0, 0);
  },

  async leave() {
    if (app.auth?.token) storage.setCurrentTable(null);
    app.message = null;
    if (location.search) history.replaceState(null, "", "/");
    await catalogOnce(); // a spectator's page may not have it yet
    showSetup();
  },
};

// The network comes and goes at a card table.
window.addEventListener("offline", () => {
  app.offline = true;
  if (app.screen === "table") render();
});
window.addEventListener("online", () => {
  app.offline = false;
  if (app.screen !== "table") return;
  render();
  actions.flush().then(() => actions.refresh());
});
// A phone that was away catches up when it is looked at again.
document.addEventListener("visibilitychange", () => {
  if (app.screen === "table" && document.visibilityState === "visible" && !app.busy) actions.refresh();
});
// An entry posted while the stream said "changed" is followed by a fetch of the table.
setInterval(() => {
  if (app.stale && !app.busy) { app.stale = false; actions.refresh(); }
}, 500);

// The service worker keeps the app shell for opening without a network. Registered once
// the page has loaded — or now, if it has already (this module need not run before).
if ("serviceWorker" in navigator) {
  const register = () => navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
    /* without it the app works online only */
  });
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register);
}

boot();
