/**
 * What a quick entry fills in by itself, so that a deal takes as few taps as paper: the
 * figures of a list that add up to a known total (six tricks in Rödskägg, 13 in whist and
 * Fyrtioett, 93 card points in 800) leave one figure to follow from the others.
 *
 * The engine's hint says which lists add up (`fields.total: {tricks: 13}`) and what an
 * element starts at (`fields.default: {bids: "smyga", tricks: 0}`). The form remembers which
 * elements the person set (`given`, in the order of the taps) and which seats or sides the
 * person said anything about at all (`spoken`: a bid, a box ticked). The figure that follows
 * is, in this order of preference:
 *
 * 1. the last seat or side (in the order of the deal) nobody said anything about — in
 *    Rödskägg the declarer's tricks leave the rest to a seat that only passed, never to a
 *    joiner ticked as having taken nothing;
 * 2. else the last one whose figure was not set;
 * 3. else, with two sides, the one set longer ago (changing one side's figure moves the
 *    other's); with more, none: the sum line shows what is wrong.
 *
 * Nothing follows before one figure of the list is set, nor when the rest would fall
 * outside the values allowed (then the form says the sum and the engine refuses).
 */

const isSet = (v) => v !== null && v !== undefined;

/** Which unit's figure follows, or null. `order`: unit indexes in the order of the deal. */
export function followingUnit(order, given, spoken) {
  if (!given.length) return null;
  const unset = order.filter((u) => !given.includes(u));
  const silent = unset.filter((u) => !spoken.has(u));
  if (silent.length) return silent[silent.length - 1];
  if (unset.length) return unset[unset.length - 1];
  return order.length === 2 ? given[0] : null;
}

/**
 * The list as it stands: the person's figures, the starting values (defaults, or the entry a
 * correction starts from) elsewhere, and the following figure. Returns {list, follows}.
 */
export function fillList({ base, current, order, given, spoken, total, max }) {
  const list = base.map((v, i) => (given.includes(i) ? current[i] : v));
  if (!Number.isInteger(total)) return { list, follows: null };
  const unit = followingUnit(order, given, spoken);
  if (unit === null) return { list, follows: null };
  const others = order.filter((u) => u !== unit).map((u) => list[u]);
  if (!others.every((v) => typeof v === "number")) return { list, follows: null };
  const rest = total - others.reduce((a, v) => a + v, 0);
  if (rest < 0 || (Number.isInteger(max) && rest > max)) return { list, follows: null };
  list[unit] = rest;
  return { list, follows: unit };
}

/** The units of a list the person still has to give: none given while others are. */
export function missingUnits(list, order, needAll) {
  const any = order.some((u) => isSet(list[u]));
  if (!any && !needAll) return [];
  return order.filter((u) => !isSet(list[u]));
}
