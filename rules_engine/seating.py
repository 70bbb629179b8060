"""Seats, rotation and partnerships: who sits where, who comes next, who plays with whom.

Every game numbers its seats 0..n-1 in the order the players sit *clockwise*, so "the next
seat" clockwise is the player on one's left and the seat before it the player on one's right.
A game whose text goes the other way round (800, Fyrtioett: "moturs") passes
``direction=COUNTER_CLOCKWISE``; everything here takes that argument, so a game says its
direction once (a module constant) and never computes ``(seat ± 1) % n`` by hand.

``active`` is the seats still taking part — those in the deal (Norrandsknack's *passar*,
Rödskägg's "går inte med", a player out of the match): they are skipped, never counted.

What each piece is for, so that the next game uses it rather than writing its own:

- ``next_seat``: the turn passes on — the next dealer, forehand (the dealer's left, first to
  speak and often to lead), the next player to a trick, the next player after a miss.
- ``seats_from``: an order of play or speech that starts at a given seat and goes round once
  (a bidding round from forehand with the dealer last; a trick from its leader).
- ``round_after``: everyone else once round, starting on a seat's left and ending on their right
  (answers to a knock, who decides after the declarer asks, cards dealt after the dealer).
- ``left_of`` / ``right_of``: the neighbours, whatever the direction of play (the cutter sits
  on the dealer's right in most texts, whichever way the game goes).
- ``opposite``, ``partner``, ``side_of``, ``sides``: partnerships of two sides with partners
  opposite (whist, Bräus, Fyrtioett, Priffe's bolag at a four-seat table): seats 0 + 2
  against 1 + 3.
"""

from __future__ import annotations

from typing import Iterable

CLOCKWISE = 1  # "medsols": seat 0, 1, 2, … (the player on one's left comes next)
COUNTER_CLOCKWISE = -1  # "moturs": the player on one's right comes next


def next_seat(seat: int, n_seats: int, active: Iterable[int] | None = None,
              direction: int = CLOCKWISE) -> int:
    """The next seat after ``seat`` in the direction of play, skipping inactive seats."""
    active_set = set(range(n_seats)) if active is None else set(active)
    for step in range(1, n_seats + 1):
        candidate = (seat + direction * step) % n_seats
        if candidate in active_set:
            return candidate
    raise ValueError("no active seat")


def seats_from(start: int, n_seats: int, active: Iterable[int] | None = None,
               direction: int = CLOCKWISE) -> tuple[int, ...]:
    """All active seats in playing order, beginning with ``start``."""
    active_set = set(range(n_seats)) if active is None else set(active)
    order = [(start + direction * step) % n_seats for step in range(n_seats)]
    return tuple(seat for seat in order if seat in active_set)


def round_after(seat: int, n_seats: int, active: Iterable[int] | None = None,
                direction: int = CLOCKWISE) -> tuple[int, ...]:
    """The other active seats once round, from the seat after ``seat`` to the one before
    it (``seat`` itself is never in it, active or not)."""
    active = tuple(range(n_seats)) if active is None else tuple(active)
    return tuple(s for s in seats_from(next_seat(seat, n_seats, active, direction), n_seats,
                                       active, direction) if s != seat)


def left_of(seat: int, n_seats: int, active: Iterable[int] | None = None) -> int:
    """The active player on ``seat``'s left: the next seat clockwise."""
    return next_seat(seat, n_seats, active, CLOCKWISE)


def right_of(seat: int, n_seats: int, active: Iterable[int] | None = None) -> int:
    """The active player on ``seat``'s right: the next seat counter-clockwise."""
    return next_seat(seat, n_seats, active, COUNTER_CLOCKWISE)


def opposite(seat: int, n_seats: int) -> int:
    """The seat across the table (an even number of seats)."""
    return (seat + n_seats // 2) % n_seats


def partner(seat: int, n_seats: int = 4) -> int:
    """Partners sit opposite: 0 with 2, 1 with 3."""
    return opposite(seat, n_seats)


def side_of(seat: int, n_sides: int = 2) -> int:
    """The side of a seat when partners sit opposite: 0 (seats 0, 2) or 1 (seats 1, 3)."""
    return seat % n_sides


def sides(n_seats: int = 4, n_sides: int = 2) -> tuple[tuple[int, ...], ...]:
    """The sides' seats, side 0 first: ((0, 2), (1, 3)) at four seats."""
    return tuple(tuple(s for s in range(n_seats) if s % n_sides == side)
                 for side in range(n_sides))
