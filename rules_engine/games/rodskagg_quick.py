"""Rödskägg — quick entry (event ``result``): a whole deal in one entry.

Part of ``rules_engine.games.rodskagg`` (import that module, not this one). The bids are
replayed in the bidding order, so the bidding rules check them as in a deal entered bid by
bid; the tricks must add up to six, and those who joined without a trick share at most the
last two.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .. import bidding
from ..events import is_counts
from .rodskagg import (ASK_AFTER_TRICK, BIDS, RODSKAGG, R_BIDDING, R_PLAY, SMYGA, State,
                       TRICKS_PER_DEAL, _bidding_order, _name, _on_bid, _refuse_phase,
                       _score_deal, _start_deal, _violation, parse_bid)


# --- quick entry ---------------------------------------------------------------------------------
def _on_result(state: State, event: dict[str, Any]) -> State:
    """Quick entry of a whole deal: bids per seat, tricks per seat, who joined."""
    if state.phase == "deal":
        state = _start_deal(state)
    deal = state.deal
    if state.phase != "bidding" or deal is None or deal.bids:
        raise _refuse_phase(state, "result")
    raw_bids = event["bids"]
    if len(raw_bids) != state.n:
        raise _violation("result_shape", R_BIDDING, {"bids": len(raw_bids), "players": state.n},
                         f"Ange ett bud (eller smyg) för var och en av {state.n} platser.",
                         f"Give one bid (or smyga) for each of the {state.n} seats.")
    bids = [parse_bid(b) for b in raw_bids]
    for seat in state.out:
        if bids[seat] != SMYGA:
            raise _violation("caller_out", R_BIDDING, {"seat": seat},
                             f"{_name(state, seat)} är ute ur partiet och bjuder inte.",
                             f"{_name(state, seat)} is out of the match and does not bid.")
    state = bidding.bid_rest(state, _bidding_order(state, deal), deal.bids, raw_bids, _on_bid)
    if state.phase == "deal":  # everyone passed
        tricks = event.get("tricks")
        if any(tricks or []) or event.get("joined"):
            raise _violation("no_declarer", R_BIDDING, {},
                             "Alla smög: då spelas inga stick.",
                             "Everyone passed: no tricks are played.")
        if tricks not in (None, []) and not is_counts(tricks, (state.n,)):
            # No tricks are played, but what was written must still be tricks per seat.
            raise _violation("result_shape", R_PLAY, {"tricks": tricks},
                             f"Ange antal stick (0–6) för var och en av {state.n} platser.",
                             f"Give the number of tricks (0–6) for each of the {state.n} "
                             "seats.")
        return state
    deal = state.deal
    assert deal is not None and deal.declarer is not None
    tricks = event.get("tricks")
    if not is_counts(tricks, (state.n,)):
        raise _violation("result_shape", R_PLAY, {"tricks": tricks},
                         f"Ange antal stick (0–6) för var och en av {state.n} platser.",
                         f"Give the number of tricks (0–6) for each of the {state.n} seats.")
    if sum(tricks) != TRICKS_PER_DEAL:
        raise _violation("tricks_do_not_add_up", R_PLAY, {"tricks": tricks, "sum": sum(tricks)},
                         f"Sticken blir {sum(tricks)}, men en giv har {TRICKS_PER_DEAL} stick.",
                         f"The tricks add up to {sum(tricks)}, but a deal has "
                         f"{TRICKS_PER_DEAL} tricks.")
    joined = tuple(event.get("joined") or ())
    for seat in state.out:
        if tricks[seat]:
            raise _violation("caller_out", R_PLAY, {"seat": seat},
                             f"{_name(state, seat)} är ute ur partiet och tar inga stick.",
                             f"{_name(state, seat)} is out of the match and takes no tricks.")
    for seat in joined:
        if seat == deal.declarer or seat in state.out:
            raise _violation("not_deciding", R_PLAY, {"seat": seat},
                             f"{_name(state, seat)} kan inte ”gå med”: bara spelare utan "
                             "stick efter fjärde sticket beslutar det.",
                             f"{_name(state, seat)} cannot “join”: only players without a "
                             "trick after the fourth decide that.")
        if tricks[seat] > TRICKS_PER_DEAL - ASK_AFTER_TRICK:
            raise _violation(
                "joiner_tricks", R_PLAY, {"seat": seat, "tricks": tricks[seat]},
                f"{_name(state, seat)} gick med utan stick och kan ta högst två stick.",
                f"{_name(state, seat)} joined without a trick and can take at most two.")
    late = sum(tricks[seat] for seat in joined)
    if late > TRICKS_PER_DEAL - ASK_AFTER_TRICK:
        # Joiners had no trick after the fourth: together they share the last two at most.
        raise _violation(
            "joiner_tricks", R_PLAY, {"seats": list(joined), "tricks": late},
            f"De som gick med utan stick kan tillsammans ta högst två stick, inte {late}.",
            f"Those who joined without a trick can take at most two tricks together, "
            f"not {late}.")
    deal = replace(deal, won=tuple(tricks), joined=joined, quick=True, asked=True,
                   current=None)
    return _score_deal(replace(state, deal=deal))


# --- what the quick-entry form offers ----------------------------------------------------------
_ALL_BIDS = ("smyga",) + tuple("rodskagg" if b == RODSKAGG else b for b in BIDS)


# Beside each list's values, how the quick-entry form fills a deal: every seat starts at
# smyga and no tricks (the common case: one declarer), and the six tricks add up, so the
# seat nobody entered takes what is left.
_RESULT_HINTS = {"bids": list(_ALL_BIDS), "tricks": list(range(TRICKS_PER_DEAL + 1)),
                 "default": {"bids": "smyga", "tricks": 0},
                 "total": {"tricks": TRICKS_PER_DEAL}}
