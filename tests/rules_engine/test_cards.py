"""Cards and the notation people type at the table (rules_engine.cards)."""

from __future__ import annotations

import pytest

from rules_engine.cards import (DECKS, FRENCH52, PIQUET36, RANKS_ACE_HIGH, SUITS, Card,
                                format_cards, parse_card, parse_cards)
from rules_engine.errors import RuleViolation


@pytest.mark.parametrize("deck", [FRENCH52, PIQUET36], ids=lambda d: d.name)
def test_every_card_round_trips(deck):
    for card in deck.cards:
        assert parse_card(str(card)) == card
        assert deck.parse(str(card)) == card
        assert eval(repr(card)) == card  # repr rebuilds the value


def test_decks_are_the_right_cards():
    assert len(FRENCH52) == 52 and len(set(FRENCH52.cards)) == 52
    assert len(PIQUET36) == 36 and len(set(PIQUET36.cards)) == 36
    assert {c.rank for c in PIQUET36.cards} == {"6", "7", "8", "9", "10", "J", "Q", "K", "A"}
    assert {c.suit for c in FRENCH52.cards} == set(SUITS)
    assert DECKS["french52"] is FRENCH52 and DECKS["piquet36"] is PIQUET36


def test_ace_is_high_and_two_low():
    values = [FRENCH52.rank_value(Card("♠", r)) for r in RANKS_ACE_HIGH]
    assert values == sorted(values) and len(set(values)) == 13
    assert FRENCH52.rank_value(Card("♥", "A")) > FRENCH52.rank_value(Card("♥", "K"))
    assert FRENCH52.rank_value(Card("♥", "10")) > FRENCH52.rank_value(Card("♥", "9"))
    assert PIQUET36.rank_value(Card("♥", "6")) == 0


@pytest.mark.parametrize("text, card", [
    # Swedish letters: Kn knekt, D dam, K kung, E ess; suits S H R K
    ("sE", Card("♠", "A")),
    ("hKn", Card("♥", "J")),
    ("HD", Card("♥", "Q")),
    ("rK", Card("♦", "K")),
    ("R10", Card("♦", "10")),
    ("kKn", Card("♣", "J")),
    ("KD", Card("♣", "Q")),   # a letter suit comes first: klöver dam
    ("DK", Card("♦", "K")),   # ... and this is the king of diamonds
    ("KK", Card("♣", "K")),
    ("KE", Card("♣", "A")),
    ("k2", Card("♣", "2")),
    # English letters: S H D C
    ("SA", Card("♠", "A")),
    ("hq", Card("♥", "Q")),
    ("DJ", Card("♦", "J")),
    ("C10", Card("♣", "10")),
    ("cT", Card("♣", "10")),
    # symbols before or after the rank
    ("♠A", Card("♠", "A")),
    ("A♠", Card("♠", "A")),
    ("♥10", Card("♥", "10")),
    ("10♥", Card("♥", "10")),
    ("♦Kn", Card("♦", "J")),
    ("Kn♦", Card("♦", "J")),
    ("♣d", Card("♣", "Q")),
    ("e♣", Card("♣", "A")),
    ("♤K", Card("♠", "K")),
    ("♡7", Card("♥", "7")),
    ("♢8", Card("♦", "8")),
    ("♧9", Card("♣", "9")),
    ("\u2665\ufe0fK", Card("♥", "K")),  # the emoji heart
    ("  ♠3 ", Card("♠", "3")),
])
def test_accepted_notations(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("text", [
    "", " ", "♠", "A", "10", "♠1", "♠11", "1♠", "♠0", "Z5", "X10", "♠A♠", "♠B", "SS",
    "kung", "♠ A", "ES", "H", "Kn", "♠KnX",
])
def test_bad_notation_is_refused(text):
    with pytest.raises(RuleViolation) as info:
        parse_card(text)
    assert info.value.code == "bad_card_notation"
    assert info.value.params == {"text": text}
    assert info.value.message("sv") and info.value.message("en")


def test_a_card_outside_the_deck_is_refused():
    with pytest.raises(RuleViolation) as info:
        PIQUET36.parse("♠5")
    assert info.value.code == "card_not_in_deck"
    assert info.value.params == {"card": "♠5", "deck": "piquet36"}
    assert Card("♠", "5") in FRENCH52 and Card("♠", "5") not in PIQUET36
    with pytest.raises(RuleViolation):
        PIQUET36.check(Card("♥", "2"))


def test_several_cards():
    assert parse_cards("♠A, hD kKn") == (Card("♠", "A"), Card("♥", "Q"), Card("♣", "J"))
    assert parse_cards(" ♠A,♠K ,, 10♥  ") == (Card("♠", "A"), Card("♠", "K"), Card("♥", "10"))
    assert parse_cards("") == ()
    with pytest.raises(RuleViolation):
        parse_cards("♠A ♠Z")
    cards = parse_cards("♠A hD")
    assert format_cards(cards) == "♠A ♥Q"
    assert parse_cards(format_cards(FRENCH52.cards)) == FRENCH52.cards


def test_cards_are_values():
    assert Card("♠", "A") == parse_card("sE")
    assert len({Card("♠", "A"), parse_card("A♠"), parse_card("SA")}) == 1
    with pytest.raises(AttributeError):
        Card("♠", "A").rank = "K"  # frozen
