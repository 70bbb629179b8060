"""Seats, rotation and partnerships (rules_engine.seating): what every game's turn order
rests on, clockwise and counter-clockwise, with seats that dropped out skipped."""

from rules_engine import seating, tricks
from rules_engine.seating import (COUNTER_CLOCKWISE, left_of, next_seat, opposite, partner,
                                  right_of, round_after, seats_from, side_of, sides)


def test_the_next_seat_clockwise_and_counter_clockwise_skipping_those_out():
    assert next_seat(4, 5) == 0
    assert next_seat(0, 5, direction=COUNTER_CLOCKWISE) == 4
    assert next_seat(1, 5, active=(0, 1, 4)) == 4
    assert seats_from(3, 5) == (3, 4, 0, 1, 2)
    assert seats_from(3, 5, active=(0, 2, 3), direction=COUNTER_CLOCKWISE) == (3, 2, 0)


def test_the_round_after_a_seat_starts_on_their_left_and_leaves_them_out():
    # Norrandsknack: after a knock by seat 2 of 5, the others answer from the knocker's left.
    assert round_after(2, 5) == (3, 4, 0, 1)
    # Rödskägg: seat 3 is out of the match and skipped.
    assert round_after(1, 5, active=(0, 1, 2, 4)) == (2, 4, 0)
    assert round_after(0, 4, direction=COUNTER_CLOCKWISE) == (3, 2, 1)


def test_neighbours_and_partners():
    assert left_of(3, 4) == 0 and right_of(0, 4) == 3
    assert left_of(0, 5, active=(0, 3)) == 3
    assert opposite(1, 4) == 3 and partner(2) == 0
    assert [side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert sides() == ((0, 2), (1, 3))


def test_the_seat_ring_is_still_offered_by_tricks():
    assert tricks.next_seat is seating.next_seat and tricks.seats_from is seating.seats_from
