/**
 * Which renderer draws an expected input. Everything is drawn generically from the
 * expectation and the catalog, except quick entries that a game registers here under
 * "game:type" (a whole deal at once needs a form shaped like the paper sheet).
 *
 * Inputs are grouped for the page by a rule that needs no game knowledge: a quick entry
 * is primary; an input without a seat is a call anyone may make at any time (fem opp,
 * misdeal); an input with a seat belongs to the turn-by-turn flow (card by card).
 */
import { renderGenericInput } from "./generic-form.js";
import { renderResultForm } from "./rodskagg-result.js";

const QUICK = { "rodskagg:result": renderResultForm };

export function groupInputs(game, inputs) {
  const quick = [], calls = [], turns = [];
  for (const input of inputs || []) {
    if (QUICK[`${game}:${input.type}`]) quick.push(input);
    else if (input.seat === null || input.seat === undefined) calls.push(input);
    else turns.push(input);
  }
  return { quick, calls, turns };
}

export function renderInput(ctx, input, options = {}) {
  const custom = QUICK[`${ctx.table.game}:${input.type}`];
  return custom ? custom(ctx, input) : renderGenericInput(ctx, input, options);
}
