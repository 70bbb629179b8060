/**
 * A declaration as it is made at the table: the player lays cards down, and the app
 * proposes the best declaration those cards allow, with each combination and its points
 * (`POST /api/games/{id}/declarations/best`). The table may leave combinations out (one
 * may declare less than one holds); the score of what is left is checked by
 * `…/declarations/validate`. Accepting posts the event with the chosen combinations.
 *
 * Used for any expected input whose event has `cards` and a `combinations` list (800,
 * 1000, 150, Fjabbe today); a game whose API has no declarations service (404) simply
 * posts the cards and lets the engine score them.
 */
import { h } from "../dom.js";
import { pick, t } from "../i18n.js";
import * as api from "../api.js";
import { eventLabel, valueLabel } from "../vocab.js";
import { cardChip, playedCards } from "../cards.js";
import { cardPicker } from "./card-picker.js";

export const isDeclaration = (spec) =>
  (spec?.required?.cards === "cards" || spec?.optional?.cards === "cards")
  && (spec?.required?.combinations === "list" || spec?.optional?.combinations === "list");

/** The table's options that the declarations service knows (its one rule switch). */
function declarationOptions(table) {
  const name = "card_in_flertal_and_sekvens";
  return name in (table.options || {}) ? { [name]: table.options[name] } : {};
}

/** The key of a seat's half-made declaration among the drafts; a post under it drops it. */
const draftKey = (exp) => `declare:${exp.seat}`;

/** The half-made declaration of a seat, kept across re-renders (`on`: it is being laid
 * down on the card table) and dropped once it is posted. */
export const declarationDraft = (ctx, exp) => ctx.draft(draftKey(exp), () => (
  { cards: [], proposal: null, chosen: [], score: null, unsupported: false, error: null,
    asked: 0, on: false }));

/**
 * A declaration's parts: the hint, the deck to lay cards down on, the proposal (each
 * combination with its points, one switch each) and the button that posts it. The fold of a
 * declaration (`renderDeclaration`) shows them together; the card table shows the seat to
 * play's declaration in place of its cards (play-panel.js), with the button in the row of
 * the turn's actions, so the deck keeps its place and the button stays in the first screen.
 * `short`: the button's words without the name (the trick above names the seat to play; a
 * screen reader still hears the name).
 */
export function declarationParts(ctx, exp, { buttonInProposal = false, short = false } = {}) {
  const { table } = ctx;
  const key = draftKey(exp);
  const draft = declarationDraft(ctx, exp);
  const name = table.players[exp.seat];
  const panel = h("div", { class: "proposal", "aria-live": "polite" });

  const chosenCombos = () => (draft.proposal?.combinations || []).filter((_, i) => draft.chosen[i]);
  const post = () => {
    const event = { type: exp.type, seat: exp.seat, cards: [...draft.cards] };
    if (draft.proposal && !draft.unsupported) {
      event.combinations = chosenCombos().map((c) => ({ kind: c.kind, cards: c.cards }));
    }
    ctx.submit(event, key);
  };
  const button = h("button", { type: "button", class: "primary declare-button", onclick: post });

  const drawPanel = () => {
    const points = draft.score ?? draft.proposal?.points ?? null;
    button.disabled = ctx.busy || !draft.cards.length;
    const words = points !== null ? t("declarePoints", { name, points }) : t("declareCards", { name });
    button.textContent = !short ? words
      : points !== null ? t("declarePointsShort", { points }) : t("declare");
    if (short) button.setAttribute("aria-label", words);
    // replaceChildren writes null as the text "null": leave the missing parts out.
    panel.replaceChildren(...[
      draft.error && h("p", { class: "proposal-error", role: "alert" }, pick(draft.error.messages, draft.error.message)),
      draft.proposal && h("div", {},
        h("p", { class: "row-label" }, t("bestProposal")),
        h("ul", { class: "combinations" }, draft.proposal.combinations.map((combo, i) =>
          h("li", {},
            h("label", { class: "switch" },
              h("input", { type: "checkbox", checked: draft.chosen[i],
                           onchange: (e) => { draft.chosen[i] = e.target.checked; rescore(); } }),
              h("span", {}, `${valueLabel(combo.kind)} (${combo.group}): `,
                combo.cards.map((c) => [cardChip(c), " "]), h("strong", {}, `${combo.points} p`)))))),
        draft.proposal.flertal?.doubled && h("p", { class: "hint" }, t("flertalDoubled")),
        draft.proposal.sekvens?.doubled && h("p", { class: "hint" }, t("sekvensDoubled"))),
      buttonInProposal && button,
    ].filter(Boolean));
  };

  async function propose() {
    const asked = ++draft.asked;
    draft.error = null;
    if (!draft.cards.length) { draft.proposal = null; draft.score = null; drawPanel(); return; }
    try {
      const best = await api.bestDeclaration(table.game, [draft.cards.join(" ")], declarationOptions(table));
      if (asked !== draft.asked) return;
      draft.proposal = best;
      draft.chosen = best.combinations.map(() => true);
      draft.score = null;
    } catch (error) {
      if (asked !== draft.asked) return;
      if (error.status === 404) draft.unsupported = true;
      else if (error.body) { draft.error = error.body; draft.proposal = null; }
    }
    redraw();
  }

  async function rescore() {
    const asked = ++draft.asked;
    try {
      const checked = await api.validateDeclaration(
        table.game, [draft.cards.join(" ")],
        chosenCombos().map((c) => ({ kind: c.kind, cards: c.cards })), declarationOptions(table));
      if (asked !== draft.asked) return;
      draft.score = checked.points;
      draft.error = null;
    } catch (error) {
      if (asked !== draft.asked) return;
      draft.error = error.body || null;
    }
    redraw();
  }

  /** The answer may come after the page was drawn anew (another phone's entry): the
   * draft has it, and the page shows it. */
  function redraw() {
    if (panel.isConnected) drawPanel();
    else ctx.rerender();
  }

  drawPanel();
  return {
    draft,
    hint: t("layDown", { name }),
    picker: cardPicker({ deck: ctx.game?.deck?.cards || [], mode: "many", selected: draft.cards,
                         greyed: playedCards(table.state), id: `declare-${exp.seat}`, busy: ctx.busy,
                         label: `${eventLabel(exp.type)} ${name}`,
                         onChange: () => propose() }),
    proposal: panel,
    button,
  };
}

export function renderDeclaration(ctx, exp) {
  const { hint, picker, proposal } = declarationParts(ctx, exp, { buttonInProposal: true });
  return h("div", { class: `input input-${exp.type} declaration`, dataset: { seat: String(exp.seat) } },
    h("p", { class: "hint" }, hint), picker, proposal);
}
