/**
 * The cards of the table's deck as buttons, grouped by suit in deck order, to tap instead
 * of typing notation. Only what can be played is tappable: cards already played and cards
 * the rules do not allow now (the expectation's list, e.g. the face-up trump) are dimmed
 * and disabled, so a fast thumb cannot post what is known to be wrong. The buttons keep
 * their places whatever is dimmed: nothing moves under the thumb.
 *
 * - `mode: "one"`: a tap picks the card (`onPick(card)`), e.g. playing to a trick.
 * - `mode: "many"`: taps toggle cards into `selected` (an array kept by the caller); with
 *   `ordered` the order of taps is the order of the cards (a trick in play order) and each
 *   face shows its number.
 */
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { cardFace, cardName, countCards, suitGroups, suitName } from "../cards.js";

/** Cards per row: a suit of up to nine cards on one row, a longer one on two or (800's 22
 * trumps with the star) three even rows, so a deck always fills the same rows whatever is dimmed. */
const perRow = (n) => (n <= 9 ? n : n <= 16 ? Math.ceil(n / 2) : Math.ceil(n / 3));

export function cardPicker({ deck, mode = "one", selected = [], greyed = [], allowed = null,
                             unavailable = [],
                             ordered = false, onPick, onChange, label, busy = false,
                             id = "cards" }) {
  const grey = countCards(greyed);
  const allowedSet = Array.isArray(allowed) ? new Set(allowed) : null;
  const blocked = new Set(unavailable);
  // A deck of more than eight rows (800's 62 cards: eleven) gets lower buttons on the card
  // table, so that the whole deck still fits the first screen under the trick.
  const groups = suitGroups(deck);
  const rows = groups.reduce((n, g) => n + Math.ceil(g.cards.length / perRow(g.cards.length)), 0);
  const container = h("div", { class: `card-picker mode-${mode}${rows > 8 ? " dense" : ""}`,
                               role: "group", "aria-label": label || t("pickCards"), id });

  const draw = () => {
    // A re-drawn button is a new element: keep the keyboard's place on the card tapped.
    const focused = container.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    const chosen = countCards(selected);
    container.replaceChildren(...groups.map((group) =>
      h("div", { class: `suit-row${group.suit === "trump" ? " trumps" : ""}`, role: "group",
                 "aria-label": suitName(group.suit),
                 style: { "--per-row": perRow(group.cards.length) } },
        group.cards.map(({ card, instance }) => {
          const out = instance < (grey.get(card) || 0);
          const start = grey.get(card) || 0;
          const isChosen = instance >= start && instance < start + (chosen.get(card) || 0);
          const notNow = (allowedSet && !allowedSet.has(card)) || blocked.has(card);
          const order = ordered && isChosen ? selected.indexOf(card) + 1 : null;
          const state = out ? t("cardPlayed") : notNow ? t("cardNotNow") : null;
          return h("button", {
            type: "button",
            class: ["card", out ? "played" : "", notNow ? "not-now" : "", isChosen ? "chosen" : ""]
              .filter(Boolean).join(" "),
            dataset: { card, key: `${card}#${instance}` },
            disabled: busy || out || notNow,
            "aria-pressed": mode === "many" ? String(isChosen) : null,
            "aria-label": [cardName(card), state, order && `#${order}`].filter(Boolean).join(", "),
            onclick: () => {
              if (mode === "one") { onPick?.(card); return; }
              const at = selected.lastIndexOf(card);
              if (isChosen && at >= 0) selected.splice(at, 1);
              else selected.push(card);
              onChange?.(selected);
              draw();
            },
          }, cardFace(card), order && h("span", { class: "order", "aria-hidden": "true" }, order));
        }))));
    if (focused) container.querySelector(`[data-key="${CSS.escape(focused)}"]`)?.focus();
  };
  draw();
  return container;
}
