"""Trick winners and the turn order (rules_engine.tricks)."""

from __future__ import annotations

import pytest

from rules_engine.cards import FRENCH52, PIQUET36, Card, parse_card
from rules_engine.tricks import (Play, Trick, follows_suit, next_seat, seats_from,
                                 winning_play)


def trick(*plays: tuple[int, str], leader: int | None = None) -> Trick:
    t = Trick(1, plays[0][0] if leader is None else leader)
    for seat, text in plays:
        t = t.add(Play(seat, parse_card(text)))
    return t


def test_highest_card_of_the_led_suit_wins():
    assert winning_play(trick((0, "♥5"), (1, "♥9"), (2, "♥2")), FRENCH52).seat == 1
    assert winning_play(trick((0, "♥K"), (1, "♥A"), (2, "♥Q")), FRENCH52).seat == 1
    assert winning_play(trick((0, "♥10"), (1, "♥9"), (2, "♥J")), FRENCH52).seat == 2


def test_a_card_of_another_suit_never_wins_without_trumps():
    t = trick((2, "♦2"), (0, "♠A"), (1, "♣K"))
    play = winning_play(t, FRENCH52)
    assert play.seat == 2 and play.card == Card("♦", "2")


def test_trumps_win_and_the_highest_trump_wins():
    t = trick((0, "♦A"), (1, "♠2"), (2, "♦K"))
    assert winning_play(t, FRENCH52, trump="♠").seat == 1
    t = trick((0, "♦A"), (1, "♠2"), (2, "♠10"), (3, "♠9"))
    assert winning_play(t, FRENCH52, trump="♠").seat == 2
    assert winning_play(t, FRENCH52).seat == 0  # the same cards without trumps
    # trumps led: the highest trump
    assert winning_play(trick((0, "♠3"), (1, "♠Q"), (2, "♥A")), FRENCH52, "♠").seat == 1


def test_rank_order_is_the_decks():
    assert winning_play(trick((0, "♥6"), (1, "♥7")), PIQUET36).seat == 1


def test_one_card_trick_and_empty_trick():
    assert winning_play(trick((3, "♣4")), FRENCH52).seat == 3
    with pytest.raises(ValueError):
        winning_play(Trick(1, 0), FRENCH52)


def test_trick_is_an_immutable_value():
    empty = Trick(2, 1)
    one = empty.add(Play(1, Card("♠", "A")))
    assert empty.plays == () and empty.led_suit is None
    assert one.led_suit == "♠" and one.number == 2 and one.leader == 1
    two = one.add(Play(2, Card("♥", "3")))
    assert two.led_suit == "♠"  # the led suit is the first card's
    assert two.seats() == (1, 2)
    assert two.card_of(2) == Card("♥", "3") and two.card_of(0) is None


def test_next_seat_clockwise_and_counter_clockwise():
    assert next_seat(0, 4) == 1
    assert next_seat(3, 4) == 0
    assert next_seat(0, 4, direction=-1) == 3
    assert next_seat(1, 5, active=[0, 1, 4]) == 4
    assert next_seat(4, 5, active=[0, 1, 4]) == 0
    assert next_seat(2, 3, active=[2]) == 2  # only himself left
    assert next_seat(2, 5, active=[0, 1, 4], direction=-1) == 1
    with pytest.raises(ValueError):
        next_seat(0, 3, active=[])


def test_seats_from():
    assert seats_from(2, 4) == (2, 3, 0, 1)
    assert seats_from(2, 4, direction=-1) == (2, 1, 0, 3)
    assert seats_from(1, 5, active=[0, 1, 3]) == (1, 3, 0)
    assert seats_from(2, 5, active=[0, 1, 3]) == (3, 0, 1)  # start itself may be out


def test_follows_suit():
    assert follows_suit(Card("♥", "2"), "♥")
    assert not follows_suit(Card("♠", "2"), "♥")
    assert follows_suit(Card("♠", "2"), None)  # leading
