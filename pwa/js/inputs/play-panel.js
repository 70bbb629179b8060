/**
 * Playing a trick card by card, with one thumb: the trick on the table (who led, what lies
 * there, whose turn it is), the last trick, and the deck to tap. A tap posts the card for
 * the seat to play at once; the engine answers with the next seat, so the panel never
 * guesses the playing order of a game (clockwise, counter-clockwise, the winner leads).
 * Cards already played are greyed out (the `played` hint, else the state's tricks).
 *
 * Without a network the engine cannot say who plays next, so the panel switches to whole
 * tricks: tap the trick's cards in playing order from the seat to play and save the trick
 * (the `trick` event, which names no seats); it waits in the outbox with everything else.
 */
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { eventLabel } from "../vocab.js";
import { cardChip, playedCards, tricksOnTable } from "../cards.js";
import { cardPicker } from "./card-picker.js";

/** The trick on the table as one slot per player, so the strip never changes size while a
 * trick is played (nothing moves under the thumb): what lies there, whose turn it is, and
 * empty places for the rest. */
function trickView(table, current, leader, toPlay) {
  const plays = current?.cards || [];
  const seats = table.players.length;
  const empty = Math.max(0, seats - plays.length - (toPlay !== null ? 1 : 0));
  const who = (seat) => h("span", { class: "who" },
    h("span", { class: "name" }, table.players[seat]),
    seat === leader && h("span", { class: "chip lead" }, t("leads")));
  return h("ol", { class: "trick-table", "aria-label": t("trickOnTable"), style: { "--seats": seats } },
    plays.map((p) => h("li", { class: "played-card" }, who(p.seat), cardChip(p.card))),
    toPlay !== null && h("li", { class: "to-play", "aria-current": "step" },
      who(toPlay), h("span", { class: "slot" }, t("toPlay"))),
    Array.from({ length: empty }, () => h("li", { class: "empty", "aria-hidden": "true" })));
}

/** The last trick, on a line that is there from the first card on (empty until a trick is
 * taken), so that the cards below never move down. */
function lastTrick(table, last) {
  const cards = last?.cards || [];
  return h("p", { class: "last-trick" }, cards.length > 0 && [`${t("lastTrick")}: `,
    cards.map((p) => [cardChip(p.card), " "]),
    Number.isInteger(last.winner) && `— ${t("trickTakenBy", { name: table.players[last.winner] })}`]);
}

/** Each player's tricks so far in this deal, on one line. */
function tricksWon(table) {
  const holder = table.state?.deal ?? table.state?.hand ?? null;
  const tricks = Array.isArray(holder?.tricks) ? holder.tricks : [];
  if (!tricks.some((trick) => Number.isInteger(trick?.winner))) return h("p", { class: "tricks-won" });
  const counts = table.players.map(() => 0);
  for (const trick of tricks) if (Number.isInteger(trick?.winner)) counts[trick.winner] += 1;
  return h("p", { class: "tricks-won", "aria-label": t("tricksSoFar") },
    table.players.map((name, seat) => h("span", { class: "won" }, name, " ", h("strong", {}, counts[seat]))));
}

/**
 * `actions`: the other inputs of the seat to play that fit now (stand over, "Går ni med?"),
 * drawn between the trick and the cards, inside the first screen. `later`: inputs that end
 * the hand (a claim of 66), folded away under the cards so no thumb opens them by chance.
 * `declaring`: the seat to play lays down a declaration before its first card (800 §1.3):
 * its parts (declaration.js) take the place of the cards to play, on the same deck in the
 * same rows, so no card moves between laying down and playing.
 */
export function renderPlayPanel(ctx, play, trick, actions = null, later = null, declaring = null) {
  const { table } = ctx;
  const fields = play.fields || {};
  const { current, last } = tricksOnTable(table.state);
  const leader = fields.leader ?? current?.leader ?? null;
  const number = fields.trick ?? current?.number ?? null;
  const played = Array.isArray(fields.played) ? fields.played : playedCards(table.state);
  const greyed = [...played, ...ctx.pendingCards];
  const deck = ctx.game?.deck?.cards || [];
  // A seat whose hand is entered gets its legal cards first (only on that seat's phones:
  // for others the API hides them), and the rest of the deck dimmed.
  const legal = Array.isArray(fields.legal) ? fields.legal : null;
  const allowed = Array.isArray(fields.card) ? fields.card : legal;
  // Cards on the table that nobody can play now (Schnapsen's face-up trump card).
  const unavailable = Array.isArray(fields.out_of_play) ? fields.out_of_play : [];
  const heading = h("h3", {}, number ? t("trickN", { n: number }) : eventLabel("play"));

  if (!ctx.offline) {
    return h("section", { class: "play-panel", "aria-label": eventLabel("play") },
      h("div", { class: "panel-head" }, heading, tricksWon(table)),
      trickView(table, current, leader, play.seat),
      lastTrick(table, last),
      actions && h("div", { class: "turn-actions" }, actions),
      legal && legal.length > 0 && [
        h("p", { class: "row-label", id: "legal-picker-label" },
          t("legalCards", { name: table.players[play.seat] })),
        cardPicker({ deck: legal, mode: "one", busy: ctx.busy, id: "legal-picker",
                     label: t("legalCards", { name: table.players[play.seat] }),
                     onPick: (card) => ctx.submit({ type: "play", seat: play.seat, card }, "play") })],
      declaring
        ? h("div", { class: "declaration in-play", dataset: { seat: String(play.seat) } },
          h("p", { class: "row-label", id: "declare-picker-label" }, declaring.hint),
          declaring.picker, declaring.proposal)
        : [h("p", { class: "row-label", id: "play-picker-label" },
          t("tapCardFor", { name: table.players[play.seat] })),
        cardPicker({ deck, mode: "one", greyed, allowed, unavailable, busy: ctx.busy, id: "play-picker",
                     label: t("tapCardFor", { name: table.players[play.seat] }),
                     onPick: (card) => ctx.submit({ type: "play", seat: play.seat, card }, "play") })],
      later);
  }

  // Offline: compose whole tricks.
  const composed = ctx.draft("offline-trick", () => []);
  const from = ctx.pendingCount === 0 ? table.players[trick?.seat ?? play.seat] : null;
  const save = () => {
    if (!composed.length) return;
    const event = trick ? { type: "trick", cards: [...composed] }
      : { type: "play", seat: play.seat, card: composed[0] };
    ctx.submit(event, "offline-trick");
  };
  const list = h("ol", { class: "trick-table composed", "aria-live": "polite" });
  const drawList = () => list.replaceChildren(...composed.map((card, i) =>
    h("li", { class: "played-card" }, h("span", { class: "who" }, `${i + 1}.`), cardChip(card))));
  drawList();
  return h("section", { class: "play-panel offline", "aria-label": eventLabel("play") },
    heading,
    h("p", { class: "offline-note" }, from ? t("offlineTrickFrom", { name: from }) : t("offlineTrick")),
    trickView(table, ctx.pendingCount === 0 ? current : null, leader, null),
    list,
    cardPicker({ deck, mode: "many", ordered: true, selected: composed, greyed,
                 id: "play-picker", label: t("offlineTrick"), busy: ctx.busy,
                 onChange: drawList }),
    h("div", { class: "button-row submit-bar" },
      h("button", { type: "button", class: "secondary", disabled: ctx.busy,
                    onclick: () => { composed.pop(); ctx.rerender(); } }, t("removeLastCard")),
      h("button", { type: "button", class: "primary save-trick", disabled: ctx.busy, onclick: save },
        t("saveTrick"))));
}
