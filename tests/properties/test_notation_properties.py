"""Property: every card of every deck prints and parses back to itself, in any of the
notations people type (symbols or letters, Swedish or English, any case, spaces)."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from rules_engine.cards import DECKS, FJONT, TRUMP, Card, ROMAN

SETTINGS = settings(max_examples=300, deadline=None, derandomize=True)

ALL_CARDS = sorted({(deck.name, card) for deck in DECKS.values() for card in deck.cards},
                   key=lambda item: (item[0], str(item[1])))

SUIT_SPELLINGS = {"♠": ["♠", "S", "s"], "♥": ["♥", "H", "h"], "♦": ["♦", "D", "R", "r"],
                  "♣": ["♣", "C", "K", "k"]}
FRENCH_RANK_SPELLINGS = {"A": ["A", "E", "a", "e"], "K": ["K", "k"], "Q": ["Q", "D", "d"],
                         "J": ["J", "Kn", "KN", "kn"], "10": ["10", "T", "t"]}
TAROT_RANK_SPELLINGS = {"Æ": ["Æ", "æ", "AE", "ae", "A", "E"], "KN": ["KN", "Kn", "kn"],
                        "K": ["K", "k"], "D": ["D", "d"], "H": ["H", "h"]}


@SETTINGS
@given(st.sampled_from(ALL_CARDS))
def test_print_then_parse_is_the_same_card(item):
    deck_name, card = item
    deck = DECKS[deck_name]
    assert deck.parse(str(card)) == card
    assert deck.parse_many(f"  {card} , {card} ") == (card, card)


@SETTINGS
@given(st.sampled_from(ALL_CARDS), st.data())
def test_every_accepted_spelling_parses_to_the_card(item, data):
    deck_name, card = item
    deck = DECKS[deck_name]
    if card.suit == FJONT:
        text = data.draw(st.sampled_from(["★", "*", "F", "f"]))
    elif card.suit == TRUMP:
        number = ROMAN.index(card.rank)
        text = data.draw(st.sampled_from([card.rank, card.rank.lower(), f"T{number}",
                                          f"t{number}"] + (["0"] if number == 0 else [])))
    else:
        spellings = TAROT_RANK_SPELLINGS if deck_name == "tarot62" else FRENCH_RANK_SPELLINGS
        rank = data.draw(st.sampled_from(spellings.get(card.rank, [card.rank])))
        suit = data.draw(st.sampled_from(SUIT_SPELLINGS[card.suit]))
        if suit in "♠♥♦♣" and data.draw(st.booleans()):
            text = rank + suit  # a symbol may also follow the rank
        else:
            text = suit + rank
    padded = data.draw(st.sampled_from(["", " ", "\t"])) + text + data.draw(
        st.sampled_from(["", " "]))
    assert deck.parse(padded) == card, padded


@SETTINGS
@given(st.text(max_size=6))
def test_any_text_is_a_card_or_a_clear_refusal(text):
    from rules_engine.errors import RuleViolation

    for deck in DECKS.values():
        try:
            card = deck.parse(text)
        except RuleViolation as violation:
            assert violation.code in ("bad_card_notation", "card_not_in_deck")
            assert violation.messages["sv"] and violation.messages["en"]
        else:
            assert isinstance(card, Card) and card in deck.cards
            assert deck.parse(str(card)) == card
