/**
 * Which renderer draws an expected input, and where it goes on the page, by rules that
 * need no game knowledge:
 *
 * - an input without a seat that enters a whole deal (the type `result`, or any with list
 *   fields) is the quick entry;
 * - another input without a seat is a call anyone may make at any time (fem opp, misdeal);
 * - an input for the seat whose turn it is belongs to the turn ("now"); playing a card
 *   gets the card table (play-panel.js), with the whole-trick entry beside it;
 * - inputs of one type for other seats (a declaration or a hand any player may enter)
 *   share one fold with a choice of seat. A declaration of the seat to play (800:
 *   declarations come in playing order, each right before that player's card) is made on
 *   the card table itself (`turnDeclaration`; table-view.js).
 *
 * A declaration (an event with cards and combinations) is laid down card by card with the
 * best proposal (declaration.js); everything else is the generic form.
 */
import { renderGenericInput, specFields } from "./generic-form.js";
import { declarationDraft, declarationParts, isDeclaration, renderDeclaration } from "./declaration.js";
import { renderPlayPanel } from "./play-panel.js";

const isSet = (v) => v !== null && v !== undefined;

function isQuickEntry(game, input) {
  if (isSet(input.seat)) return false;
  return input.type === "result" || specFields(game?.events?.[input.type]).some((f) => f.kind === "list");
}

const isPlay = (game, input) => {
  const spec = game?.events?.[input.type];
  return input.type === "play" && spec?.required?.card === "card";
};

export function groupInputs(game, expected) {
  const quick = [], calls = [], now = [], grouped = new Map();
  const inputs = expected?.inputs || [];
  const perType = new Map();
  for (const input of inputs) {
    if (!isSet(input.seat)) continue;
    perType.set(input.type, (perType.get(input.type) || 0) + 1);
  }
  for (const input of inputs) {
    if (isQuickEntry(game, input)) quick.push(input);
    else if (!isSet(input.seat)) calls.push(input);
    else if (perType.get(input.type) === 1 && input.seat === expected.seat
             && !isDeclaration(game?.events?.[input.type])) now.push(input);
    else {
      if (!grouped.has(input.type)) grouped.set(input.type, []);
      grouped.get(input.type).push(input);
    }
  }
  const play = now.find((input) => isPlay(game, input)) || null;
  const trick = play ? now.find((input) => input.type === "trick") || null : null;
  return { quick, calls, now: now.filter((i) => i !== play), play, trick, grouped };
}

export function renderInput(ctx, input, options = {}) {
  const spec = ctx.game?.events?.[input.type];
  if (isSet(input.seat) && isDeclaration(spec)) return renderDeclaration(ctx, input);
  return renderGenericInput(ctx, input, options);
}

/** The declaration the seat to play may make before its card (800 §1.3: each player right
 * before their first card of the deal), from the grouped inputs; null when there is none. */
export function turnDeclaration(game, expected, grouped) {
  for (const [type, inputs] of grouped) {
    if (!isDeclaration(game?.events?.[type])) continue;
    const mine = inputs.find((input) => input.seat === expected?.seat);
    if (mine) return mine;
  }
  return null;
}

export { declarationDraft, declarationParts, renderPlayPanel };
