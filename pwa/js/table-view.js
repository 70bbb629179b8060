/**
 * The table screen: what the game expects now, the entries waiting for the network, the
 * protokoll with its chart, what was found afterwards, the entry (the card table while a
 * deal is played, the quick entry, the calls anyone can make, the inputs of other seats),
 * undo, the log with its corrections, the code and links to share, the phones at the table,
 * and the download. What is offered follows the reader's `access` from the API: a
 * spectator gets the protokoll and the log, nothing to enter and no code. Pure rendering:
 * `app` holds the state, `actions` do the work.
 */
import { h } from "./dom.js";
import { pick, t } from "./i18n.js";
import { csvUrl } from "./api.js";
import { renderProtokoll } from "./protokoll.js";
import { renderChart } from "./chart.js";
import { renderFindings, renderMessage } from "./refusal.js";
import { describeEvent, lastUndoable, renderLog } from "./event-log.js";
import { eventLabel } from "./vocab.js";
import { renderTournamentBand, takesDeals } from "./tournament-band.js";
import { needsForms } from "./later.js";

/* What only a phone that may write draws (the entry forms, the seats, the code and links to
 * share, the phones at the table): imported by `loadForms`, which js/later.js calls for such
 * a phone before the table is drawn; a spectator's screen never loads them. */
let groupInputs, renderInput, renderPlayPanel, turnDeclaration, declarationDraft,
  declarationParts, renderGenericInput, specFields, renderShare, renderDevices, renderSeat;
let formsLoaded = false;

export async function loadForms() {
  if (formsLoaded) return;
  const [inputs, generic, share, devices, seat] = await Promise.all([
    import("./inputs/index.js"), import("./inputs/generic-form.js"), import("./share.js"),
    import("./devices.js"), import("./seat.js")]);
  ({ groupInputs, renderInput, renderPlayPanel, turnDeclaration, declarationDraft,
     declarationParts } = inputs);
  ({ renderGenericInput, specFields } = generic);
  ({ renderShare } = share);
  ({ renderDevices } = devices);
  ({ renderSeat } = seat);
  formsLoaded = true;
}

/** A <details> that remembers being open across re-renders. */
function remembered(app, key, summary, body, defaultOpen = false) {
  const open = app.open[key] ?? defaultOpen;
  return h("details", { class: `fold fold-${key}`, open, id: `fold-${key}`,
                        ontoggle: (e) => { app.open[key] = e.target.open; } },
    h("summary", {}, summary), h("div", { class: "fold-body" }, body));
}

/** `short`: beside the turn's actions over the cards, in few words (the button keeps its
 * whole name for a screen reader), so the row holds one line whoever is to play. */
function undoBlock(app, actions, { short = false } = {}) {
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
                       "aria-label": short ? t("undo") : null, title: short ? t("undo") : null,
                       onclick: () => actions.setConfirm("undo") },
    `↶ ${t(short ? "undoShort" : "undo")}`);
}

/** A deal the quick entry saved by itself (the tap that completed it, as the form said):
 * where the form was, what was saved in the protokoll's words, with one tap to undo it or
 * to correct it (the same form, filled in). It stays until the table moves on. */
function autoSavedBlock(app, actions) {
  const message = app.message;
  if (message?.kind === "queued" && message.auto) {
    // Made without a network: it waits in the outbox, and "Ångra" takes it out before it goes.
    const { what, event } = message.auto;
    return h("section", { class: "auto-saved queued", role: "status", "aria-live": "polite" },
      h("p", {}, t("autoQueued", { what }), " ",
        h("strong", {}, describeEvent(event, app.table.players, app.game?.events))),
      h("div", { class: "button-row" },
        h("button", { type: "button", class: "secondary", disabled: app.busy,
                      onclick: () => actions.undoQueued(message) }, `↶ ${t("undoThis")}`),
        h("button", { type: "button", class: "secondary", disabled: app.busy,
                      onclick: () => actions.correctQueued(message) }, t("correct"))));
  }
  if (message?.kind !== "saved" || !message.auto) return null;
  const { what, label } = message.auto;
  return h("section", { class: "auto-saved", role: "status", "aria-live": "polite" },
    h("p", {}, t("autoSaved", { seq: message.seq, what }), " ", label && h("strong", {}, pick(label))),
    h("div", { class: "button-row" },
      h("button", { type: "button", class: "secondary", disabled: app.busy,
                    onclick: () => actions.undoAutoSaved(message) }, `↶ ${t("undoThis")}`),
      h("button", { type: "button", class: "secondary",
                    onclick: () => actions.correctAutoSaved(message) }, t("correct"))));
}

/** Inputs that end the hand at once (a claim of 66 or more): never open above the cards. */
const ENDS_THE_HAND = new Set(["claim"]);

const quickTitle = (input) => (input.type === "result" ? t("quickEntry") : eventLabel(input.type));

/** An input whose form picks cards (a field of kind card or cards besides the seat). */
const picksCards = (game, input) => specFields(game?.events?.[input.type])
  .some((f) => f.kind === "card" || f.kind === "cards");

/** Not a move of the turn, so folded away below the cards: a private entry of the game (a
 * hand, discards: the catalog's `private`), or what ends the hand. */
const foldedAway = (app, type) => (app.game?.private || []).includes(type) || ENDS_THE_HAND.has(type);

/** A fold per input type that several seats may enter (a declaration, a hand), with the
 * seat to enter it for: the seat to play if it is one of them, else the first. */
function seatGroup(app, ctx, type, inputs) {
  const key = `seat-${type}`;
  // A private entry (a hand, discards) of a seat is entered on that seat's phone: a seated
  // phone is offered its own seat only (the API refuses the others: not_your_seat).
  const mine = app.access?.seat;
  if ((app.game?.private || []).includes(type) && Number.isInteger(mine)) {
    inputs = inputs.filter((i) => i.seat === mine);
    if (!inputs.length) return null;
  }
  const chosen = inputs.find((i) => i.seat === app.pickedSeat[type])
    || inputs.find((i) => i.seat === mine)
    || inputs.find((i) => i.seat === app.table.expected.seat) || inputs[0];
  const seats = inputs.length > 1 && h("div", { role: "radiogroup", class: "seg wrap seat-tabs",
                                                "aria-label": t("forSeat") },
    inputs.map((input) => h("label", { class: "seg-item" },
      h("input", { type: "radio", name: key, checked: input === chosen,
                   onchange: () => { app.pickedSeat[type] = input.seat; ctx.rerender(); } }),
      h("span", {}, app.table.players[input.seat]))));
  // A private entry (a hand) is no move of the turn: its fold stays closed until opened,
  // so the cards below it never move.
  const forTurn = inputs.some((i) => i.seat === app.table.expected.seat) && !foldedAway(app, type);
  return remembered(app, type, eventLabel(type),
    [seats, renderInput(ctx, chosen, { titled: inputs.length === 1 })], forTurn);
}

function entrySection(app, ctx, undo) {
  const { quick, calls, now, play, trick, grouped } = groupInputs(app.game, app.table.expected);
  const others = now.filter((input) => input !== trick);
  // While a card is to be played, the turn's other actions (stand over, "Går ni med?") and
  // undo sit between the trick and the cards, inside the first screen; what ends the hand
  // waits, folded, under the cards.
  // An action that picks a card of its own (Schnapsen's marriage lead, Bräus's sevens) is a
  // whole deck of its own: above the cards it pushed them down for the leader alone, so they
  // jumped between the lead and the follow. It waits folded under the cards, as what ends
  // the hand does; the row above holds buttons only.
  const below = (i) => ENDS_THE_HAND.has(i.type) || picksCards(app.game, i);
  const quickActions = play ? others.filter((i) => !below(i)) : others;
  const ending = play ? others.filter(below) : [];
  // The seat to play's declaration (800 §1.3: laid down right before its first card) is
  // made on the card table: "Deklarera" turns the deck under the trick into the cards to lay
  // down, in the same rows, and the row above into the declaration's button and "Avbryt".
  // Above the cards it was a second deck that pushed them a screen down for the whole first
  // trick. Offline the card table composes whole tricks: the declaration keeps its fold.
  const declaration = play && !ctx.offline
    ? turnDeclaration(app.game, app.table.expected, grouped) : null;
  const declareDraft = declaration && declarationDraft(ctx, declaration);
  const declaring = declareDraft?.on ? declarationParts(ctx, declaration, { short: true }) : null;
  const setDeclaring = (on) => () => { declareDraft.on = on; ctx.rerender(); };
  const declareButtons = !declaration ? []
    : declaring ? [declaring.button,
      h("button", { type: "button", class: "secondary declare-cancel", onclick: setDeclaring(false) },
        t("cancel"))]
      : [h("button", { type: "button", class: "secondary declare-open", disabled: app.busy,
                       "aria-label": t("declareFor", { name: app.table.players[declaration.seat] }),
                       onclick: setDeclaring(true) }, t("declare"))];
  // A fold another seat shares but that is the turn's now comes before the cards; the rest
  // after them.
  const expectedSeat = app.table.expected.seat;
  const folds = [...grouped.entries()]
    .map(([type, inputs]) => [type, inputs.filter((input) => input !== declaration)])
    .filter(([, inputs]) => inputs.length);
  const turnsFold = ([type, inputs]) => inputs.some((i) => i.seat === expectedSeat)
    && !foldedAway(app, type);
  const actionRow = !play || !(quickActions.length || undo || declaration) ? null
    : declaring ? declareButtons
      : [declareButtons, quickActions.map((input) => renderInput(ctx, input, { titled: false })), undo];
  const later = ending.length ? ending.map((input) => remembered(app, input.type, eventLabel(input.type),
    renderInput(ctx, input, { titled: false }))) : null;
  const turn = [
    folds.filter(turnsFold).map(([type, inputs]) => seatGroup(app, ctx, type, inputs)),
    play && renderPlayPanel(ctx, play, trick, actionRow, later, declaring),
    play && trick && !ctx.offline && remembered(app, "trick", eventLabel("trick"),
      renderInput(ctx, trick, { titled: false })),
    !play && others.map((input) => renderInput(ctx, input)),
    folds.filter((f) => !turnsFold(f)).map(([type, inputs]) => seatGroup(app, ctx, type, inputs)),
  ];
  const hasTurn = play || others.length || grouped.size;
  return h("section", { class: "entry", "aria-label": t("entry") },
    play ? turn : null,
    // A deal's quick entry is "Ny giv"; another input of the same shape (Skitgubbe's trump
    // card, which also starts a game in its second phase) goes by its own name.
    quick.map((input) => (play ? remembered(app, input.type === "result" ? "quick" : `quick-${input.type}`,
                                            quickTitle(input), renderInput(ctx, input))
      : renderInput(ctx, input))),
    calls.length > 0 && h("div", { class: "calls" },
      calls.map((input) => remembered(app, input.type, eventLabel(input.type),
                                      renderInput(ctx, input, { titled: false })))),
    !play && hasTurn && remembered(app, "turns", t("cardByCard"), h("div", { class: "turns" }, turn),
                                   quick.length === 0));
}

/** One tap to the rest of the table while playing: the protokoll, the log, sharing. */
function jumpBar(app) {
  const to = (id) => (e) => {
    e.preventDefault();
    document.getElementById(id)?.scrollIntoView({ block: "start", behavior: "smooth" });
  };
  return h("nav", { class: "jump-bar", "aria-label": t("jumpTo") },
    h("a", { href: "#protokoll", onclick: to("protokoll") }, t("jumpProtokoll")),
    h("a", { href: "#log", onclick: to("log") }, t("jumpLog")),
    app.access?.write && h("a", { href: "#share", onclick: to("share") }, t("jumpShare")));
}

/** Entries made without a network, in order, and what stopped them if something did. */
function outboxBlock(app, actions) {
  if (!app.pending.length) return null;
  const players = app.table.players;
  return h("section", { class: "outbox", "aria-label": t("waiting"), role: "region" },
    h("h2", {}, t("waitingN", { n: app.pending.length })),
    h("p", { class: "hint" }, app.offline ? t("waitingOffline") : t("waitingSending")),
    h("ol", {}, app.pending.map((record) => h("li", { class: `pending status-${record.status}`,
                                                     dataset: { status: record.status } },
      h("span", { class: "what" }, describeEvent(record.event, players, app.game?.events)),
      record.status !== "waiting" && h("div", { class: "message message-refusal", role: "alert" },
        h("h3", {}, record.status === "conflict" ? t("conflictTitle") : t("refusedQueued")),
        h("p", { class: "message-text" }, pick(record.error?.messages, record.error?.message)),
        record.error?.rule && h("p", { class: "rule-ref" }, `${t("rule")}: `, h("cite", {}, record.error.rule)),
        h("div", { class: "button-row" },
          h("button", { type: "button", class: "primary", disabled: app.busy,
                        onclick: () => actions.resend(record) }, t("sendAnyway")),
          app.confirm === `discard:${record.n}`
            ? h("button", { type: "button", class: "danger", onclick: () => actions.discard(record) }, t("discardYes"))
            : h("button", { type: "button", class: "secondary",
                            onclick: () => actions.setConfirm(`discard:${record.n}`) }, t("discard"))))))));
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

function pendingCards(pending) {
  return pending.flatMap(({ event }) => [event.card, ...(Array.isArray(event.cards) ? event.cards : [])])
    .filter((card) => typeof card === "string");
}

/**
 * The table screen. With `opts.split` (the screen's first draw) it is drawn in three
 * tasks: everything down to the protokoll's sheet now, then the chart, then all that comes
 * below the protokoll (the log, the footer, …): `screen.drawLater`, functions the app calls
 * in order, each in a task of its own, after the first frame. Each part lies below what is
 * drawn before it and is appended after it, so nothing drawn moves; the screen ends the
 * same as one drawn whole. Why (issue #16): drawn whole, the first draw was one long task
 * (mostly layout), which Lighthouse counts as blocking time on a phone.
 */
export function renderTable(app, actions, opts = {}) {
  if (needsForms(app.access) && !formsLoaded) throw new Error("loadForms() first");
  const table = app.table;
  const writable = !!app.access?.write;
  const deck = app.game?.deck?.cards || [];
  const ctx = {
    table, game: app.game, busy: app.busy, pick,
    draft: (key, make) => (app.drafts[key] ??= make()),
    submit: actions.submit, rerender: actions.rerender,
    offline: app.offline, pendingCount: app.pending.length, pendingCards: pendingCards(app.pending),
  };
  const correct = writable && ((entry) => renderGenericInput(ctx, {
    type: entry.event.type, seat: entry.event.seat ?? null, choices: [], seq: entry.seq,
    fields: app.entryHints?.[entry.seq] || {},
  }, { initial: entry.event, titled: false, draftKey: `correct:${entry.seq}`,
       submitLabel: t("saveCorrection"),
       onSubmit: (event) => actions.submit({ type: "correct", target: entry.seq, event },
                                           `correct:${entry.seq}`) }));
  const dealsOpen = takesDeals(table); // a tournament round that is played takes no more
  const playing = writable && dealsOpen && groupInputs(app.game, table.expected).play;
  const undo = writable && undoBlock(app, actions, { short: !!playing });
  const entry = writable && dealsOpen && entrySection(app, ctx, playing ? undo : null);
  // A deal played card by card can be replayed trick by trick (replay.js).
  const events = app.game?.events || {};
  const onReplay = ("play" in events || "trick" in events) ? actions.openReplay : null;
  const split = !!opts.split;
  const protokoll = renderProtokoll(table.protokoll, table, { onReplay, chart: !split });
  const screen = h("div", { class: `table-screen${playing ? " playing" : ""}` },
    h("div", { class: "status" },
      h("h2", {}, table.title),
      renderTournamentBand(table),
      // A reader who cannot enter reads the headline: the prompt without "Mata in …".
      takesDeals(table) && h("p", { class: "prompt", role: "status", "aria-live": "polite" },
                             pick(writable ? table.expected.prompt
                                           : table.expected.headline || table.expected.prompt))),
    writable && !playing && renderSeat(app, actions),
    !writable && h("p", { class: "read-only" }, t("readOnly"), " ",
      h("button", { type: "button", class: "secondary small", onclick: actions.refresh }, t("refresh"))),
    // Messages lie over the page instead of pushing it down (nothing moves under the thumb).
    h("div", { id: "message-slot", class: "overlay" },
      renderMessage(app.message, { rules: app.game?.rules || [], table, deck, events: app.game?.events,
                                   onDismiss: () => actions.dismiss(), onOpen: actions.openFold,
                                   onSendAnyway: actions.sendAnyway, onDrop: actions.dropOvertaken })),
    playing && entry,
    playing && jumpBar(app),
    writable && playing && renderSeat(app, actions),
    writable && outboxBlock(app, actions),
    protokoll);
  const rest = () => [
    renderFindings(table, app.game?.rules || [], deck, {
      canWrite: writable, onOpen: actions.openFold, onCorrect: () => actions.openFold("log") }),
    writable && autoSavedBlock(app, actions),
    !playing && undo,
    !playing && entry,
    renderLog(app.log, app.game?.events, {
      showAll: !!app.open.log, onToggleAll: () => actions.toggle("log"),
      correct, editing: app.editing, onEdit: actions.edit, onReplay }),
    footer(app, actions)];
  if (!split) {
    screen.append(...rest().flat(Infinity).filter(Boolean));
    return screen;
  }
  // In this order: each part lies below the one before it.
  screen.drawLater = [
    () => { const chart = renderChart(table.protokoll); if (chart) protokoll.append(chart); },
    () => screen.append(...rest().flat(Infinity).filter(Boolean)),
  ];
  return screen;
}
