"""A bidding round: whose turn it is to bid, a bid out of turn refused, when the round is over.

Many texts bid the same way: the players speak once each in a fixed order (forehand first,
the dealer last, clockwise or counter-clockwise as the text says — ``rules_engine.seating``
gives the order), and when everyone has spoken the round is closed and the game looks at the
bids (a contract, a throw-in, everyone passed). What each game bids, and what makes a bid
legal (higher than the last, a throw-in only for the last, information bids only for the
first two), stays in the game; this module holds the round itself, so the next game adds
only its bids:

- ``to_bid``: the seat whose turn it is, from the order and the bids so far;
- ``refuse_out_of_turn`` / ``check_turn``: a bid from another seat, refused in the same words
  in every game ("Det är Xs tur att bjuda, inte Ys (…)"), the text's order of the round in
  the parentheses;
- ``is_closed``: everyone in the order has spoken;
- ``check_entered`` and ``bid_rest``: quick entry (event ``result``) gives every seat's bid
  at once; the bids already entered must be the ones given (the game words the refusal),
  and those not yet entered are made one by one in the order, through the game's own bid
  handler, so its rules check them exactly as bids entered one at a time.

The bids are kept as the games keep them: a tuple of ``(seat, bid)`` in the order spoken.

Who uses it: Fyrtioett (once round counter-clockwise from forehand), Priffe (once round
clockwise) and Rödskägg (once round from forehand, the dealer last) — one round in which
every seat speaks once. Norrandsknack's *budrundan* fits only in part: its order changes
when someone knocks (the others then answer from the knocker's left) and a knock in the
first deal closes the round at once, so it keeps its own order (``_bidder``) and round,
and uses ``refuse_out_of_turn`` with its verb ("tala", to speak) and no parentheses.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from .errors import RuleViolation

Bids = tuple  # tuple[tuple[int, Any], ...]: (seat, bid) in the order spoken


def to_bid(order: Sequence[int], bids: Bids) -> int:
    """The seat whose turn it is to bid: the next in ``order`` after the bids so far."""
    return order[len(bids)]


def is_closed(order: Sequence[int], bids: Bids) -> bool:
    """Has everyone in ``order`` spoken once?"""
    return len(bids) >= len(order)


def refuse_out_of_turn(seat: int, expected_seat: int, rule: str, players: Sequence[str], *,
                       way_sv: str = "", way_en: str = "",
                       verb: tuple[str, str] = ("bjuda", "bid")) -> RuleViolation:
    """A bid (or a word of the round) from ``seat`` when it is ``expected_seat``'s turn.
    ``way_sv``/``way_en`` say the text's order of the round ("från förhand moturs, given
    sist"); ``verb`` what the players do in it (Norrandsknack: "tala", to speak)."""
    first, second = players[expected_seat], players[seat]
    note_sv, note_en = (f" ({way_sv})", f" ({way_en})") if way_sv else ("", "")
    return RuleViolation(
        "not_your_turn", rule=rule, params={"seat": seat, "expected_seat": expected_seat},
        sv=f"Det är {first}s tur att {verb[0]}, inte {second}s{note_sv}.",
        en=f"It is {first}'s turn to {verb[1]}, not {second}'s{note_en}.")


def check_turn(seat: int, order: Sequence[int], bids: Bids, rule: str,
               players: Sequence[str], *, way_sv: str = "", way_en: str = "") -> None:
    """Refuse a bid from a seat whose turn it is not (``refuse_out_of_turn``)."""
    expected_seat = to_bid(order, bids)
    if seat != expected_seat:
        raise refuse_out_of_turn(seat, expected_seat, rule, players, way_sv=way_sv,
                                 way_en=way_en)


def check_entered(bids: Bids, given: Sequence[Any],
                  refuse: Callable[[int, Any, Any], RuleViolation]) -> None:
    """Quick entry after some bids came one by one: each bid entered must be the one
    ``given`` for its seat, else ``refuse(seat, entered, given)`` (the game's words)."""
    for seat, bid in bids:
        if given[seat] != bid:
            raise refuse(seat, bid, given[seat])


def bid_rest(state: Any, order: Sequence[int], bids: Bids, given: Sequence[Any],
             on_bid: Callable[[Any, dict[str, Any]], Any]) -> Any:
    """Quick entry: the bids not yet entered (``given`` holds every seat's, by seat), made in
    ``order`` through the game's ``on_bid(state, event)``; returns the state after them."""
    for seat in order[len(bids):]:
        state = on_bid(state, {"type": "bid", "seat": seat, "bid": given[seat]})
    return state
