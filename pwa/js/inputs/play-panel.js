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

function trickView(table, current, leader, toPlay) {
  const plays = current?.cards || [];
  return h("ol", { class: "trick-table", "aria-label": t("trickOnTable") },
    plays.map((p) => h("li", { class: "played-card" },
      h("span", { class: "who" }, table.players[p.seat],
        p.seat === leader && h("span", { class: "chip lead" }, t("leads"))),
      cardChip(p.card))),
    toPlay !== null && h("li", { class: "to-play", "aria-current": "step" },
      h("span", { class: "who" }, table.players[toPlay],
        toPlay === leader && h("span", { class: "chip lead" }, t("leads"))),
      h("span", { class: "slot" }, t("toPlay"))));
}

function lastTrick(table, last) {
  if (!last?.cards?.length) return null;
  return h("p", { class: "last-trick" }, `${t("lastTrick")}: `,
    last.cards.map((p) => [cardChip(p.card), " "]),
    Number.isInteger(last.winner) && `— ${t("trickTakenBy", { name: table.players[last.winner] })}`);
}

export function renderPlayPanel(ctx, play, trick) {
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
  const heading = h("h3", {}, number ? t("trickN", { n: number }) : eventLabel("play"));

  if (!ctx.offline) {
    return h("section", { class: "play-panel", "aria-label": eventLabel("play") },
      heading,
      trickView(table, current, leader, play.seat),
      lastTrick(table, last),
      legal && legal.length > 0 && [
        h("p", { class: "row-label", id: "legal-picker-label" },
          t("legalCards", { name: table.players[play.seat] })),
        cardPicker({ deck: legal, mode: "one", busy: ctx.busy, id: "legal-picker",
                     label: t("legalCards", { name: table.players[play.seat] }),
                     onPick: (card) => ctx.submit({ type: "play", seat: play.seat, card }, "play") })],
      h("p", { class: "row-label", id: "play-picker-label" },
        t("tapCardFor", { name: table.players[play.seat] })),
      cardPicker({ deck, mode: "one", greyed, allowed, busy: ctx.busy, id: "play-picker",
                   label: t("tapCardFor", { name: table.players[play.seat] }),
                   onPick: (card) => ctx.submit({ type: "play", seat: play.seat, card }, "play") }));
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
