/**
 * What the start screen does not need, fetched when a table opens: the modules of the
 * table screen and the replay, the live stream and the outbox, and their stylesheets; the
 * entry forms only for a phone that may write (FORMS). The start page neither preloads nor
 * waits for any of it, so a first visit draws sooner (issue #16: Lighthouse counted every
 * stylesheet in the head as blocking the first paint, and every preloaded module as part of
 * it). There is no build step to bundle them, so all of them are asked for at once here
 * instead of one import level after another (tests/pwa/test_stream.py checks that the list
 * holds every module they import that index.html does not preload). The page starts this
 * as soon as it knows it opens on a table, beside its first calls to the API.
 */
export const MODULES = [
  "/js/table-view.js", "/js/replay.js", "/js/live.js", "/js/outbox.js", "/js/posted.js",
  // the five this returns, first
  "/js/chart.js", "/js/protokoll.js", "/js/tournament-band.js",
];
/** What only a phone that may write needs: the entry forms, the seats, the code and links
 * to share (with the QR code), the phones at the table. A spectator's screen never asks for
 * them (table-view.js imports them in `loadForms`): eleven requests fewer for the audience,
 * two thirds of the table screen's module bytes. */
export const FORMS = [
  "/js/devices.js", "/js/qr.js", "/js/seat.js", "/js/share.js",
  "/js/inputs/card-picker.js", "/js/inputs/declaration.js", "/js/inputs/generic-form.js",
  "/js/inputs/index.js", "/js/inputs/play-panel.js", "/js/inputs/quick-fill.js",
  "/vendor/uqr/uqr.js",
];
export const STYLES = ["/replay.css"]; // the replay, and its buttons on the sheet and the log
export const FORM_STYLES = ["/quick-entry.css"];

/** A stylesheet added to the page; settles when it has loaded (or failed: the page is then
 * drawn without it rather than not at all). */
export function stylesheet(href) {
  const there = document.querySelector(`link[rel="stylesheet"][href="${href}"]`);
  if (there) return there.dataset.loaded ? Promise.resolve() : new Promise((done) => {
    there.addEventListener("load", done, { once: true });
    there.addEventListener("error", done, { once: true });
  });
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  const loaded = new Promise((done) => {
    link.addEventListener("load", () => { link.dataset.loaded = "1"; done(); }, { once: true });
    link.addEventListener("error", () => { link.dataset.loaded = "1"; done(); }, { once: true });
  });
  // In the order the page had them in its head: before print.css, whose rules for paper
  // come last and win.
  const print = document.querySelector('link[rel="stylesheet"][media="print"]');
  if (print) print.before(link); else document.head.append(link);
  return loaded;
}

/** Whether a reader with this access (the API's word) draws any of the forms. */
export const needsForms = (access) => !!(access?.write || access?.manage);

let loading = null;
let forms = null;

/** The table screen's render functions (`renderTable`, and the replay's `renderReplay`,
 * `positionsOf`), the live stream's `follow`, the `outbox` and `wholeTable`,
 * once its modules and stylesheets are in; with `forms`, the entry forms too (a phone that
 * may write: its own table, a join link). */
export function tableScreen({ forms: withForms = true } = {}) {
  loading ??= Promise.all([...MODULES.map((url) => import(url)), ...STYLES.map(stylesheet)])
    .then(([view, replay, live, outbox, posted]) => ({
      ...view, ...replay, follow: live.follow, outbox, wholeTable: posted.wholeTable }))
    .catch((error) => { loading = null; throw error; }); // asked again on the next try
  if (!withForms) return loading;
  // All of the forms' files at once, not one import level after another.
  forms ??= Promise.all([loading, ...FORMS.map((url) => import(url)),
                        ...FORM_STYLES.map(stylesheet)])
    .then(async ([screen]) => { await screen.loadForms(); return screen; })
    .catch((error) => { forms = null; throw error; });
  return forms;
}
