/**
 * A tournament's table says where it is: "Klubbmästerskapet · rond 2 av 3 · bord 4", how
 * far the round is ("Giv 3 av 4 i ronden"), and — once the round's deals are played or its
 * target reached — that the table takes no more deals (the API refuses them: 409
 * round_played). From the table view's `tournament` block; nothing at other tables.
 */
import { h } from "./dom.js";
import { w } from "./sheet-words.js";

/** Whether the table takes deals now (false once the round is played or closed). */
export const takesDeals = (table) => !table?.tournament?.round_played && !table?.tournament?.closed;

export function renderTournamentBand(table) {
  const place = table?.tournament;
  if (!place) return null;
  const limit = place.per_round || {};
  let progress = null;
  if (Number.isInteger(limit.deals) && Number.isInteger(place.deals)) {
    progress = w("dealsOfRound", { deals: Math.min(place.deals + (place.round_played ? 0 : 1), limit.deals),
                                   limit: limit.deals });
  } else if (Number.isFinite(limit.target)) {
    progress = w("targetOfRound", { target: limit.target });
  }
  const done = place.closed ? w("roundClosed")
    : place.round_played ? w(Number.isInteger(limit.deals) ? "roundPlayed" : "roundTargetReached")
      : null;
  return h("section", { class: `tournament-band${done ? " played" : ""}`,
                        "aria-label": w("tournamentWhere", place) },
    h("p", { class: "where" },
      h("a", { href: place.standings_link, title: w("standings") },
        w("tournamentWhere", place))),
    !done && progress && h("p", { class: "progress" }, progress),
    done && h("p", { class: "round-played", role: "status" }, done));
}
