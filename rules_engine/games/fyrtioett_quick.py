"""Fyrtioett — quick entry (event ``result``): a whole deal in one entry.

Part of ``rules_engine.games.fyrtioett`` (import that module, not this one). The bids not yet
entered are replayed in the bidding order, so the bidding rules check them as bid by bid;
then either each seat's tricks (13 together) or only who failed ("alla tog hem" when nobody
is named), which must be possible. The scorer writes "the bids and the points"
(Poängräkning), so the second form keeps the protokoll's points exactly.

In the app (``expected`` gives the hints, ``fyrtioett._quick_bid_hints``): a deal where
everyone made it is four taps, its four bids. The bids are four free figures — the text
bounds their worth only from below (at least 11), so none follows from the others — and
"alla tog hem" needs nothing ticked; the fifth tap was the save. So the bid that completes
the four saves the deal (hint ``save_when_complete``): the form says so before the first
pick and again at the thumb when one bid is left, a player who failed has their "Bet" box
ticked before that (one tap more each), and the app names the saved deal with one tap to
undo it (the form comes back filled in) or to correct it (the same form, filled in) — not
while the table follows the deal live (a bid of it entered one by one, or the last deal
played card by card: ``fyrtioett.followed_live``), where the bids come before the play and
the form waits for its button. The event stays as it was (``bids`` and ``failed``): only
when it is sent changes. "Kasta" is
offered to the fourth bidder alone (hint ``only``), and to nobody once three bids entered
one by one are worth 11: throwing in is that player's decision (Budgivning).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable

from .. import bidding
from ..errors import violation as _violation
from ..events import is_counts
from .fyrtioett import (MIN_BID_POINTS, PLAYERS, R_BIDDING, R_PLAY, R_SCORING,
                        TRICKS_PER_DEAL, State, _name, _on_bid, _score_deal, bid_value,
                        bidding_order, parse_bid)


def _on_result(state: State, event: dict[str, Any]) -> State:
    """A whole deal at once: the bids (or the rest of them) and the tricks per seat."""
    deal = state.deal
    if deal.knowledge.seen:
        raise _violation(
            "quick_not_now", R_SCORING, {"phase": state.phase, "trick": len(deal.tricks) + 1},
            "Snabbinmatning ersätter spelet av en giv och görs innan första kortet spelas; "
            "mata in resten kort för kort.",
            "Quick entry replaces a deal's play and comes before its first card; enter the "
            "rest card by card.")
    raw_bids = event.get("bids")
    if raw_bids is None:
        if state.phase == "bidding":
            raise _violation("result_shape", R_BIDDING, {"bids": None},
                             f"Ange budet för var och en av {PLAYERS} platser.",
                             f"Give the bid for each of the {PLAYERS} seats.")
    else:
        state = _quick_bids(state, raw_bids)
    thrown_in = state.deal.number != deal.number
    tricks = event.get("tricks")
    failed = event.get("failed")
    if thrown_in:
        if tricks is not None or failed:
            raise _violation(
                "thrown_in_no_tricks", R_BIDDING, {"tricks": tricks},
                f"Buden är värda mindre än {MIN_BID_POINTS}: korten kastas och inga stick "
                "spelas.",
                f"The bids are worth less than {MIN_BID_POINTS}: the cards are thrown in and "
                "no tricks are played.")
        return state
    if tricks is None:  # "alla tog hem" unless someone is named as failed
        return _quick_failed(state, tuple(sorted(set(failed or ()))))
    if not is_counts(tricks, (PLAYERS,)):
        raise _violation("result_shape", R_SCORING, {"tricks": tricks},
                         f"Ange antal stick (0–{TRICKS_PER_DEAL}) för var och en av "
                         f"{PLAYERS} platser.",
                         f"Give the number of tricks (0–{TRICKS_PER_DEAL}) for each of the "
                         f"{PLAYERS} seats.")
    if sum(tricks) != TRICKS_PER_DEAL:
        raise _violation(
            "tricks_do_not_add_up", R_PLAY, {"tricks": tricks, "sum": sum(tricks)},
            f"Sticken blir {sum(tricks)}, men en giv har {TRICKS_PER_DEAL} stick.",
            f"The tricks add up to {sum(tricks)}, but a deal has {TRICKS_PER_DEAL} tricks.")
    if failed is not None:
        truly = [s for s in range(PLAYERS) if tricks[s] < state.deal.bid_of(s)]
        if sorted(set(failed)) != truly:
            raise _violation(
                "failed_disagrees", R_SCORING, {"failed": sorted(set(failed)), "tricks": tricks},
                "Sticken och vilka som gick bet stämmer inte överens: med de sticken gick "
                f"{_names(state, truly, 'ingen', 'och')} bet.",
                "The tricks and who failed do not agree: with those tricks "
                f"{_names(state, truly, 'nobody', 'and')} failed.")
    deal = replace(state.deal, won=tuple(tricks), quick=True, current=None)
    return _score_deal(replace(state, deal=deal))


def _names(state: State, seats: Iterable[int], none: str, conj: str) -> str:
    names = [_name(state, s) for s in seats]
    if not names:
        return none
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {conj} {names[-1]}"


def _quick_failed(state: State, failed: tuple[int, ...]) -> State:
    """The deal by who failed (everyone else made it): possible only if some split of the
    13 tricks gives each who made it at least the bid and each who failed fewer."""
    deal = state.deal
    made = [s for s in range(PLAYERS) if s not in failed]
    at_least = sum(deal.bid_of(s) for s in made)
    if at_least > TRICKS_PER_DEAL:
        raise _violation(
            "made_too_many", R_SCORING, {"made": made, "tricks": at_least},
            f"{_names(state, made, 'ingen', 'och')} kan inte alla ha tagit hem: de bjöd "
            f"{at_least} stick tillsammans, en giv har {TRICKS_PER_DEAL}.",
            f"{_names(state, made, 'nobody', 'and')} cannot all have made their bids: they "
            f"bid {at_least} tricks together, a deal has {TRICKS_PER_DEAL}.")
    at_most = sum(deal.bid_of(s) - 1 for s in failed)
    if not made and at_most < TRICKS_PER_DEAL:
        raise _violation(
            "failed_too_many", R_SCORING, {"failed": list(failed), "tricks": at_most},
            f"Alla fyra kan inte ha gått bet: då tog de högst {at_most} stick, en giv har "
            f"{TRICKS_PER_DEAL}.",
            f"All four cannot have failed: they would have taken at most {at_most} tricks, "
            f"a deal has {TRICKS_PER_DEAL}.")
    deal = replace(deal, quick=True, current=None, failed=failed)
    return _score_deal(replace(state, deal=deal))


def _quick_bids(state: State, raw_bids: Any) -> State:
    """Apply the bids not yet entered, in bidding order; those entered must agree."""
    deal = state.deal
    if not isinstance(raw_bids, list) or len(raw_bids) != PLAYERS:
        raise _violation("result_shape", R_BIDDING, {"bids": raw_bids},
                         f"Ange budet för var och en av {PLAYERS} platser, i platsordning.",
                         f"Give the bid for each of the {PLAYERS} seats, in seat order.")
    bids = [parse_bid(b, state.options) for b in raw_bids]
    bidding.check_entered(deal.bids, bids, lambda seat, entered, given: _violation(
        "bids_disagree", R_BIDDING,
        {"seat": seat, "entered": bid_value(entered), "given": bid_value(given)},
        f"{_name(state, seat)} har redan bjudit {bid_value(entered)}, inte {bid_value(given)}.",
        f"{_name(state, seat)} has already bid {bid_value(entered)}, not {bid_value(given)}."))
    if state.phase == "bidding":
        state = bidding.bid_rest(state, bidding_order(deal), deal.bids, raw_bids, _on_bid)
    return state
