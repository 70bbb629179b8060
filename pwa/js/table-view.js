/**
 * The table screen: what the game expects now, the protokoll, the entry forms (a quick
 * entry, the calls anyone can make, the card-by-card flow), undo, the recent log, the code
 * and links to share, the phones at the table, and the download. What is offered follows
 * the reader's `access` from the API: a spectator gets the protokoll and the log, nothing
 * to enter and no code. Pure rendering: `app` holds the state, `actions` do the work.
 */
import { h } from "./dom.js";
import { pick, t } from "./i18n.js";
import { csvUrl } from "./api.js";
import { renderProtokoll } from "./protokoll.js";
import { renderMessage } from "./refusal.js";
import { renderShare } from "./share.js";
import { renderDevices } from "./devices.js";
import { describeEvent, lastUndoable, renderLog } from "./event-log.js";
import { groupInputs, renderInput } from "./inputs/index.js";
import { eventLabel } from "./vocab.js";

/** A <details> that remembers being open across re-renders. */
function remembered(app, key, summary, body, defaultOpen = false) {
  const open = app.open[key] ?? defaultOpen;
  return h("details", { class: `fold fold-${key}`, open,
                        ontoggle: (e) => { app.open[key] = e.target.open; } },
    h("summary", {}, summary), h("div", { class: "fold-body" }, body));
}

function undoBlock(app, actions) {
  const target = lastUndoable(app.log);
  if (!target) return null;
  if (app.confirm === "undo") {
    return h("div", { class: "confirm", role: "group" },
      h("p", {}, t("undoWhat", { seq: target.seq,
        what: describeEvent(target.event, app.table.players, app.game?.events) })),
      h("div", { class: "button-row" },
        h("button", { type: "button", class: "danger", disabled: app.busy,
                      onclick: () => actions.undo(target.seq) }, t("undoYes")),
        h("button", { type: "button", class: "secondary",
                      onclick: () => actions.setConfirm(null) }, t("cancel"))));
  }
  return h("button", { type: "button", class: "secondary undo",
                       onclick: () => actions.setConfirm("undo") }, `↶ ${t("undo")}`);
}

function entrySection(app, actions, ctx) {
  const { quick, calls, turns } = groupInputs(app.table.game, app.table.expected.inputs);
  return h("section", { class: "entry" },
    quick.map((input) => renderInput(ctx, input)),
    calls.length > 0 && h("div", { class: "calls" },
      calls.map((input) => remembered(app, input.type, eventLabel(input.type),
                                      renderInput(ctx, input, { titled: false })))),
    turns.length > 0 && remembered(app, "turns", t("cardByCard"),
      h("div", { class: "turns" }, turns.map((input) => renderInput(ctx, input))),
      quick.length === 0));
}

function footer(app, actions) {
  const table = app.table;
  const access = app.access || {};
  const csv = csvUrl(table.id, app.lang, { joinCode: table.join_code,
                                           spectatorKey: app.auth?.spectatorKey });
  return h("footer", { class: "table-footer" },
    access.write && renderShare(app),
    access.manage && renderDevices(app, actions),
    h("p", {}, h("a", { href: csv, download: `protokoll-${table.id}.csv`, class: "csv-link" },
      t("csv"))),
    app.game?.rules?.length > 0 && remembered(app, "rules", t("rules"),
      h("dl", { class: "rules" }, app.game.rules.map((rule) => [
        h("dt", {}, rule.ref), h("dd", {}, pick(rule.summary))]))),
    app.confirm === "leave"
      ? h("div", { class: "confirm" }, h("p", {}, t("leaveConfirm")),
          h("div", { class: "button-row" },
            h("button", { type: "button", class: "danger", onclick: actions.leave }, t("leaveYes")),
            h("button", { type: "button", class: "secondary",
                          onclick: () => actions.setConfirm(null) }, t("cancel"))))
      : h("button", { type: "button", class: "secondary",
                      onclick: () => (access.write ? actions.setConfirm("leave") : actions.leave()) },
          t("newTable")));
}

export function renderTable(app, actions) {
  const table = app.table;
  const writable = !!app.access?.write;
  const ctx = {
    table, game: app.game, busy: app.busy, pick,
    draft: (key, make) => (app.drafts[key] ??= make()),
    submit: actions.submit,
  };
  return h("div", { class: "table-screen" },
    h("div", { class: "status" },
      h("h2", {}, table.title),
      h("p", { class: "prompt", role: "status" }, pick(table.expected.prompt))),
    !writable && h("p", { class: "read-only" }, t("readOnly"), " ",
      h("button", { type: "button", class: "secondary small", onclick: actions.refresh }, t("refresh"))),
    renderProtokoll(table.protokoll),
    writable && undoBlock(app, actions),
    h("div", { id: "message-slot" },
      renderMessage(app.message, app.game?.rules || [], () => actions.dismiss())),
    writable && entrySection(app, actions, ctx),
    renderLog(app.log, app.game?.events),
    footer(app, actions));
}
