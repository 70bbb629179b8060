"""800 declarations (flertal and sekvens), written from Snapphanaleden §1.3 and §1.5.1–§1.5.2.

- Every line of the §1.5.2 example list is a test, in the booklet's own notation: each valid
  example scores exactly its points, each "ej sekvens" is refused with the code of the
  condition the text names. The suit examples run in all four suits (♥ ♦ rank differently).
- The §1.5.1 example: 3 tarokker + 4 ⟨H⟩ + 3 ⟨KN⟩ = 56 × 2 = 112.
- validate(): doubling per player and per group, declaring less, cards not laid down, a card
  in two sequences, the wild cards in several, the option card_in_flertal_and_sekvens.
- best(): hand-made hands worked out by hand; a brute force over every subset of the valid
  combinations of small random hands (seeded); random 15- and 17-card hands (seeded and
  hypothesis) whose best() validate() accepts.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from rules_engine.cards import FJONT, SUITS, TAROT62, TRUMP, Card
from rules_engine.errors import EventFormatError, RuleViolation
from rules_engine.games.declarations800 import (
    FLERTAL_CARDS, FLERTAL_POINTS, LADDERS, POOLS, WILDS, Combination, Declaration,
    DeclarationOptions, achievable, best, check_flertal, check_sequence, validate)

SHARED = DeclarationOptions(card_in_flertal_and_sekvens=True)
APART = DeclarationOptions(card_in_flertal_and_sekvens=False)


def cards(text: str) -> tuple[Card, ...]:
    return TAROT62.parse_many(text)


# --- the example list of §1.5.2, verbatim ------------------------------------------------

SEKVENS_EXAMPLES = [
    ("⟨XX⟩; ⟨XVIII⟩, ⟨XVII⟩", 10),
    ("⟨XX⟩; ⟨XIX⟩, ⟨XVIII⟩; ⟨XVII⟩", 15),
    ("⟨K⟩; ⟨D⟩, ⟨KN⟩", 10),
    ("⟨K⟩; ⟨D⟩, ⟨H⟩, ⟨KN⟩", 15),
    ("⟨Æ⟩, ⟨Æ⟩, ⟨Æ⟩", 10),
    ("⟨Æ⟩, ⟨Æ⟩, ⟨Æ⟩, ⟨Æ⟩", 15),
    ("⟨I⟩, ⟨I⟩, ⟨I⟩", 10),
    ("⟨I⟩, ⟨I⟩, ⟨I⟩, ⟨I⟩", 15),
    ("⟨K⟩; ⟨H⟩, ⟨KN⟩; ⟨Æ⟩", 15),
    ("⟨K⟩; ⟨D⟩, ⟨H⟩, ⟨KN⟩; ⟨Æ⟩", 20),
    ("⟨XX⟩; ⟨XIX⟩, ⟨XVII⟩; ⟨XVI⟩", 15),
    ("⟨XX⟩; ⟨XVIII⟩, ⟨XVII⟩; ⟨XVI⟩, ⟨XV⟩, ⟨XIV⟩, ⟨XIII⟩, ⟨XII⟩, ⟨XI⟩, ⟨X⟩, ⟨IX⟩, ⟨VIII⟩, "
     "⟨VII⟩, ⟨VI⟩, ⟨V⟩, ⟨I⟩, ⟨I⟩", 80),
    ("⟨K⟩; ⟨H⟩, ⟨KN⟩; ⟨N⟩", 15),
    ("⟨K⟩; ⟨D⟩, ⟨KN⟩; ⟨Æ⟩, ⟨N⟩, ⟨★⟩", 25),
    ("⟨I⟩, ⟨I⟩, ⟨I⟩; ⟨N⟩", 15),
    ("⟨I⟩, ⟨I⟩, ⟨N⟩", 10),
    ("⟨Æ⟩, ⟨Æ⟩, ⟨Æ⟩, ⟨Æ⟩; ⟨N⟩, ⟨★⟩", 25),
    ("⟨XX⟩; ⟨XVIII⟩, ⟨XVII⟩; ⟨★⟩", 15),
    ("⟨XX⟩; ⟨XIX⟩, ⟨XVII⟩; ⟨XVI⟩, ⟨XV⟩, ⟨XIV⟩, ⟨XIII⟩; ⟨N⟩, ⟨★⟩", 40),
    ("⟨★⟩; ⟨XIX⟩, ⟨XVIII⟩, ⟨XVII⟩", "sequence_top_not_genuine"),  # ⟨XX⟩ måste vara äkta
    ("⟨N⟩; ⟨D⟩, ⟨H⟩, ⟨KN⟩", "sequence_top_not_genuine"),  # ⟨K⟩ måste vara äkta
    ("⟨K⟩; ⟨KN⟩; ⟨Æ⟩", "sequence_needs_two_of_next_three"),  # två av ⟨D⟩ ⟨H⟩ ⟨KN⟩
    ("⟨XX⟩; ⟨XIX⟩", "sequence_needs_two_of_next_three"),  # två av ⟨XIX⟩ ⟨XVIII⟩ ⟨XVII⟩
    ("⟨XX⟩; ⟨XIX⟩, ⟨N⟩", 10),
    ("⟨XX⟩; ⟨XIX⟩, ⟨N⟩; ⟨XVI⟩, ⟨★⟩, ⟨XIV⟩", 25),
    ("⟨XX⟩; ⟨XVIII⟩, ⟨XVII⟩; ⟨N⟩, ⟨XV⟩, ⟨★⟩, ⟨XIII⟩", 30),
    ("⟨XX⟩; ⟨N⟩, ⟨XVII⟩; ⟨★⟩, ⟨XV⟩, ⟨XIV⟩, ⟨XIII⟩, ⟨XII⟩", 35),
    ("⟨XX⟩; ⟨N⟩, ⟨XVIII⟩; ⟨★⟩, ⟨XV⟩, ⟨XIV⟩, ⟨XIII⟩, ⟨XII⟩", 35),
    ("⟨XX⟩; ⟨XIX⟩, ⟨N⟩; ⟨★⟩, ⟨XV⟩, ⟨XIV⟩, ⟨XIII⟩, ⟨XII⟩",
     "wild_cards_in_a_row_end_sequence"),  # två vilda kort i följd avslutar
    ("⟨XX⟩; ⟨XIX⟩, ⟨N⟩; ⟨★⟩", 15),
]


def booklet(text: str, suit: str) -> tuple[Card, ...]:
    """The booklet's notation as cards: ⟨K⟩ ⟨D⟩ ⟨H⟩ ⟨KN⟩ in ``suit``; ⟨Æ⟩ in ``suit`` in a
    suit sequence, else one ace of each suit in turn; roman numerals, ⟨N⟩ and ⟨★⟩ as trumps
    and Fjønt."""
    tokens = re.findall(r"⟨([^⟩]+)⟩", text)
    suit_sequence = any(t in ("K", "D", "H", "KN") for t in tokens)
    ace_suits = iter(SUITS)
    out = []
    for token in tokens:
        if token in ("K", "D", "H", "KN"):
            out.append(Card(suit, token))
        elif token == "Æ":
            out.append(Card(suit if suit_sequence else next(ace_suits), "Æ"))
        elif token == "★":
            out.append(Card(FJONT, FJONT))
        else:
            out.append(Card(TRUMP, token))
    assert len(out) == text.count("⟨")
    return tuple(out)


def test_the_example_list_is_complete():
    assert len(SEKVENS_EXAMPLES) == 30
    assert sum(isinstance(v, str) for _, v in SEKVENS_EXAMPLES) == 5


EXAMPLE_CASES = [
    pytest.param(text, expected, suit, id=f"{text} [{suit}]" if suited else text)
    for text, expected in SEKVENS_EXAMPLES
    for suited in [bool(re.search(r"⟨(K|D|H|KN)⟩", text))]
    for suit in (SUITS if suited else ("♠",))
]


@pytest.mark.parametrize("text, expected, suit", EXAMPLE_CASES)
def test_every_example_of_the_sequence_list(text, expected, suit):
    sequence = booklet(text, suit)
    if isinstance(expected, int):
        combination = check_sequence(sequence)
        assert combination.points == expected
        assert combination.kind == "sekvens"
        assert combination.cards == sequence
        # ... and declared from exactly these cards it is worth the same
        assert validate(sequence, [("sekvens", sequence)]).points == expected
    else:
        with pytest.raises(RuleViolation) as info:
            check_sequence(sequence)
        assert info.value.code == expected
        assert info.value.rule == "800 §1.5.2"
        with pytest.raises(RuleViolation) as info:
            validate(sequence, [("sekvens", sequence)])
        assert info.value.code == expected


def test_example_groups():
    assert check_sequence(cards("XX XVIII XVII")).group == "trumf"
    assert check_sequence(cards("♥K ♥D ♥KN")).group == "♥"
    assert check_sequence(cards("♠Æ ♥Æ ♦Æ")).group == "Æ"
    assert check_sequence(cards("I I N")).group == "I"
    assert check_sequence(booklet(SEKVENS_EXAMPLES[11][0], "♠")).group == "trumf"


def test_the_same_cards_in_another_order_are_the_same_sequence():
    # The 35-point example with ⟨N⟩ typed next to ⟨★⟩: the cards can lie as the example does,
    # so they are a sequence of 35 (interpretation 1), recorded in the sequence's own order.
    assert check_sequence(cards("XX N XVIII ★ XV XIV XIII XII")).points == 35
    laid = check_sequence(cards("XX XVIII N ★ XV XIV XIII XII"))
    assert laid.points == 35 and laid.cards == cards("XX N XVIII ★ XV XIV XIII XII")
    # the text's "två vilda kort i följd avslutar" is no sequence in any order
    for text in ("XX XIX N ★ XV XIV XIII XII", "XIX N XX ★ XV XIV XIII XII",
                 "XII XIII XIV XV ★ N XIX XX"):
        with pytest.raises(RuleViolation) as info:
            check_sequence(cards(text))
        assert info.value.code == "wild_cards_in_a_row_end_sequence"


@pytest.mark.parametrize("text, points", [
    # the referee's findings (issue 15, item 2): typed in any order, as ``best`` finds them
    ("XVII XVIII XX", 10), ("N ★ ♠Æ ♥Æ", 15), ("♥K ♥D ♥H ♥KN ★ ♥Æ", 25),
    ("XX XVIII XIX XVII", 15), ("XIX XX XVIII XVII", 15), ("♠K ♠Æ ♠D ♠H", 15),
    ("XX XIX N XVIII", 15), ("♣K ♣D ♣H ♣KN N ♣Æ", 25), ("♠Æ N ★ ♥Æ", 15),
    ("I I N ★ I", 20), ("♠K N ★ ♠D", 15), ("★ ♦Æ N ♦K ♦D", 20),
])
def test_a_sequence_typed_in_any_order_is_accepted_with_its_value(text, points):
    laid = cards(text)
    combination = check_sequence(laid)
    assert combination.points == points
    assert sorted(map(str, combination.cards)) == sorted(map(str, laid))
    assert validate(laid, [("sekvens", laid)]).points == points
    assert validate(laid, [laid]).points == points  # bare cards: read as a sequence
    assert best(laid).sekvens_points == points  # the search agrees


@pytest.mark.parametrize("text, code", [
    ("XVIII XX XV", "sequence_needs_two_of_next_three"),  # not "out of order": no order helps
    ("XV XX XIX N ★ XIV", "wild_cards_in_a_row_end_sequence"),
    ("XVII ★ XIX XVIII", "sequence_top_not_genuine"),
])
def test_cards_that_are_no_sequence_in_any_order_name_the_real_reason(text, code):
    with pytest.raises(RuleViolation) as info:
        check_sequence(cards(text))
    assert info.value.code == code


# --- more sequences: every refusal code -------------------------------------------------


@pytest.mark.parametrize("text, code", [
    ("I I", "sequence_too_short"),
    ("♠Æ ♥Æ", "sequence_too_short"),
    ("N ★", "sequence_too_short"),
    ("I N ★", "sequence_needs_two_genuine"),
    ("♠Æ N ★", "sequence_needs_two_genuine"),
    ("XX N ★", "sequence_next_three_need_a_genuine"),
    ("♦K N ★", "sequence_next_three_need_a_genuine"),
    ("XX XIX XVIII XV", "sequence_gap"),
    ("XX XIX XVIII XVII I", "sequence_gap"),
    ("XX XIX XVIII N XIV", "wild_replaces_more_than_one"),
    ("♠K ♠D ♥H", "sequence_mixed_suits"),
    ("♠K ♠D ♠H ♥Æ", "sequence_mixed_suits"),
    ("I ♠Æ ♥Æ", "sequence_mixed_suits"),
    ("XX XIX ♠K", "sequence_mixed_suits"),
    ("♠K ♠D ♠H ♠10", "sequence_card_not_allowed"),
    ("♥K ♥D ♥H ♥KN ♥Æ ♥6", "sequence_card_not_allowed"),
    ("XX XIX XIX XVIII", "card_used_twice"),
    ("I I I I I", "card_used_twice"),
    ("♠K ♠D ♠H N N", "card_used_twice"),
    ("XIX XVIII XVII", "sequence_top_not_genuine"),
])
def test_broken_sequences_name_the_condition(text, code):
    with pytest.raises(RuleViolation) as info:
        check_sequence(cards(text))
    violation = info.value
    assert violation.code == code
    assert violation.rule == "800 §1.5.2"
    assert violation.messages["sv"] and violation.messages["en"]
    assert violation.messages["sv"] != violation.messages["en"]
    json.dumps(violation.as_dict(), ensure_ascii=False)


@pytest.mark.parametrize("text, points", [
    ("XX XIX XVIII XVI", 15),  # the missing one of the next three is skipped (⟨XVII⟩)
    ("XX XIX XVIII N XV", 20),  # ⟨XVII⟩ skipped, ⟨N⟩ for ⟨XVI⟩
    ("XX XVIII N", 10),  # ⟨N⟩ for ⟨XVII⟩ (⟨XIX⟩ skipped)
    ("XX N XVII", 10),
    ("♥K ♥D ♥H ♥KN ♥Æ N ★", 30),  # wild cards extend after ⟨Æ⟩
    ("♦K ♦D N ♦Æ ★", 20),  # ⟨N⟩ for ⟨H⟩ or ⟨KN⟩, ⟨★⟩ extends
    ("♣K N ♣KN", 10),
    ("♠K ♠D ♠H ♠Æ", 15),  # ⟨KN⟩ skipped, ⟨Æ⟩ added
    ("N I I", 10),
    ("♠Æ N ♥Æ ★", 15),
    ("I I I I N ★", 25),
    ("XX XIX XVIII XVII XVI XV XIV XIII XII XI X IX VIII VII VI V I I I I N ★", 105),
    ("XX XIX XVIII XVII XVI XV XIV XIII XII XI X IX VIII VII VI N I I", 85),  # ⟨N⟩ for ⟨V⟩
    ("XX XIX XVIII XVII XVI XV XIV XIII XII XI X IX VIII VII VI V N I", 85),  # for an ⟨I⟩
])
def test_more_valid_sequences(text, points):
    assert check_sequence(cards(text)).points == points


def test_cards_may_be_written_as_text():
    assert check_sequence(["XX", "T19", "n"]).points == 10
    assert check_flertal(["sK", "hK", "rK"]).points == 17


# --- §1.5.1 FLERTAL -----------------------------------------------------------------------


def test_the_flertal_example():
    laid = cards("XX XIX N ♠H ♥H ♦H ♣H ♠KN ♥KN ♦KN")
    declaration = validate(laid, [cards("XX XIX N"), cards("♠H ♥H ♦H ♣H"),
                                  cards("♠KN ♥KN ♦KN")])
    assert [c.points for c in declaration.combinations] == [18, 26, 12]
    assert [c.group for c in declaration.combinations] == ["tarokker", "H", "KN"]
    assert declaration.flertal_points == 56 * 2 == 112
    assert declaration.sekvens_points == 0
    assert declaration.points == 112
    assert declaration.flertal_doubled and not declaration.sekvens_doubled


@pytest.mark.parametrize("group", list(FLERTAL_POINTS))
def test_flertal_table(group):
    tretal, fyrtal = FLERTAL_POINTS[group]
    four = FLERTAL_CARDS[group]
    assert check_flertal(four).points == fyrtal
    for three in itertools.combinations(four, 3):
        assert check_flertal(three) == Combination("flertal", group, three, tretal)


def test_table_2_values():
    assert FLERTAL_POINTS == {"tarokker": (18, 36), "K": (17, 34), "D": (14, 28),
                              "H": (13, 26), "KN": (12, 24)}
    assert set(FLERTAL_CARDS["tarokker"]) == set(cards("XX XIX N ★"))


@pytest.mark.parametrize("text, code", [
    ("♠K ♥K", "flertal_too_small"),
    ("XX ★", "flertal_too_small"),
    ("♠K ♥K ♦D", "not_a_flertal"),
    ("I I I", "not_a_flertal"),  # the snapphanar make a sequence, not a flertal
    ("♠Æ ♥Æ ♦Æ", "not_a_flertal"),
    ("XX XIX XVIII", "not_a_flertal"),  # ⟨XVIII⟩ is no tarok
    ("♠K ♠K ♥K", "card_used_twice"),
])
def test_broken_flertal(text, code):
    with pytest.raises(RuleViolation) as info:
        check_flertal(cards(text))
    assert info.value.code == code
    assert info.value.rule == "800 §1.5.1"


# --- §1.3: doubling, declaring less, what may be declared ----------------------------------


def test_doubling_needs_three_flertal_of_one_player():
    a_laid = cards("♠K ♥K ♦K ♠D ♥D ♦D")
    b_laid = cards("♠H ♥H ♦H")
    a = validate(a_laid, [cards("♠K ♥K ♦K"), cards("♠D ♥D ♦D")])
    b = validate(b_laid, [cards("♠H ♥H ♦H")])
    # the pair has three flertal together: no doubling for either player
    assert (a.flertal_points, b.flertal_points) == (17 + 14, 13)
    assert not a.flertal_doubled and not b.flertal_doubled
    alone = validate(a_laid + b_laid, [cards("♠K ♥K ♦K"), cards("♠D ♥D ♦D"),
                                       cards("♠H ♥H ♦H")])
    assert alone.flertal_points == (17 + 14 + 13) * 2


def test_doubling_needs_three_sequences_of_one_player():
    laid = cards("♠K ♠D ♠H ♥K ♥D ♥H ♦K ♦D ♦H")
    two = validate(laid, [cards("♠K ♠D ♠H"), cards("♥K ♥D ♥H")])
    assert two.sekvens_points == 20 and not two.sekvens_doubled
    three = validate(laid, [cards("♠K ♠D ♠H"), cards("♥K ♥D ♥H"), cards("♦K ♦D ♦H")])
    assert three.sekvens_points == 60 and three.sekvens_doubled


def test_doubling_is_per_group():
    laid = cards("♠K ♥K ♦K ♠D ♥D ♦D ♠H ♥H ♦H")
    # three flertal and one sequence: the flertal double, the sequence does not
    declaration = validate(laid, [cards("♠K ♥K ♦K"), cards("♠D ♥D ♦D"), cards("♠H ♥H ♦H"),
                                  ("sekvens", cards("♠K ♠D ♠H"))])
    assert declaration.flertal_points == (17 + 14 + 13) * 2
    assert declaration.sekvens_points == 10
    assert declaration.points == 88 + 10
    # two flertal and three sequences: only the sequences double
    declaration = validate(laid, [cards("♠K ♥K ♦K"), cards("♠D ♥D ♦D"),
                                  cards("♠K ♠D ♠H"), cards("♥K ♥D ♥H"), cards("♦K ♦D ♦H")])
    assert (declaration.flertal_points, declaration.sekvens_points) == (31, 60)


def test_declaring_less_than_one_holds_is_allowed():
    laid = cards("♠K ♠D ♠H ♠KN ♠Æ ♥K ♦K ♣K XX XIX N ★")
    assert best(laid).points > 0
    assert validate(laid, []).points == 0
    assert validate(laid, [cards("♠K ♠D ♠H")]).points == 10  # five were possible
    assert validate(laid, [cards("♥K ♦K ♣K")]).points == 17  # a tretal out of a fyrtal
    assert validate(laid, [cards("XX XIX ★")]).points == 18
    assert validate(laid, [("sekvens", cards("XX XIX N"))]).points == 10


def test_refuses_cards_not_laid_down():
    laid = cards("♠K ♠D ♠KN I I N")
    with pytest.raises(RuleViolation) as info:
        validate(laid, [cards("♠K ♠D ♠H")])
    assert info.value.code == "card_not_laid_down"
    assert info.value.params["card"] == "♠H"
    assert info.value.rule == "800 §1.3"
    with pytest.raises(RuleViolation) as info:
        validate(laid, [cards("♠K ♠D ♠KN ★")])
    assert info.value.code == "card_not_laid_down"
    # multiplicity: two ⟨I⟩ laid down, three declared
    assert validate(laid, [cards("I I N")]).points == 10
    with pytest.raises(RuleViolation) as info:
        validate(laid, [cards("I I I N")])
    assert info.value.code == "card_not_laid_down"
    assert (info.value.params["card"], info.value.params["used"],
            info.value.params["laid_down"]) == ("I", 3, 2)


def test_refuses_laid_down_cards_the_deck_does_not_hold():
    with pytest.raises(RuleViolation) as info:
        validate(cards("♠K ♠K ♠D ♠H"), [])
    assert info.value.code == "card_more_than_in_deck"
    with pytest.raises(RuleViolation) as info:
        best(cards("I I I I I"))
    assert info.value.code == "card_more_than_in_deck"
    with pytest.raises(RuleViolation) as info:
        best([Card("♠", "5")])
    assert info.value.code == "card_not_in_deck"


def test_a_non_wild_card_serves_in_one_sequence_only():
    laid = cards("♠K ♠D ♠H ♠Æ ♥Æ ♦Æ")
    with pytest.raises(RuleViolation) as info:
        validate(laid, [cards("♠K ♠D ♠H ♠Æ"), cards("♠Æ ♥Æ ♦Æ")])
    assert info.value.code == "card_in_two_sekvenser"
    assert info.value.params["card"] == "♠Æ"
    assert validate(laid, [cards("♠K ♠D ♠H"), cards("♠Æ ♥Æ ♦Æ")]).points == 20
    # the ⟨I⟩ copies: a trump sequence down to the snapphanar and the ⟨I⟩ sequence
    trumps = "XX XIX XVIII XVII XVI XV XIV XIII XII XI X IX VIII VII VI V"
    laid = cards(trumps + " I I I N")
    assert validate(laid, [cards(trumps + " I"), cards("I N I")]).points == \
        sekvens_value(17) + 10
    with pytest.raises(RuleViolation) as info:
        validate(laid, [cards(trumps + " I I"), cards("I I N")])
    assert info.value.code == "card_in_two_sekvenser"
    assert info.value.params["card"] == "I"


def sekvens_value(n: int) -> int:
    return 10 + 5 * (n - 3)


def test_wild_cards_serve_in_several_sequences_but_replace_one_card_in_each():
    laid = cards("♠K ♠D ♥K ♥H ♦K ♦KN N ★")
    declaration = validate(laid, [cards("♠K ♠D N ★"), cards("♥K N ♥H ★"),
                                  cards("♦K ★ ♦KN N")])
    assert declaration.sekvens_points == 15 * 3 * 2
    with pytest.raises(RuleViolation) as info:
        validate(cards("XX XIX XVIII XIV N"), [cards("XX XIX XVIII N XIV")])
    assert info.value.code == "wild_replaces_more_than_one"


def test_one_sequence_of_each_kind():
    laid = cards("♠Æ ♥Æ ♦Æ ♣Æ N ★")
    assert validate(laid, [cards("♠Æ ♥Æ ♦Æ ♣Æ N ★")]).points == 25
    with pytest.raises(RuleViolation) as info:
        validate(laid, [cards("♠Æ ♥Æ N ★"), cards("♦Æ ♣Æ N ★")])
    assert info.value.code == "sekvens_kind_declared_twice"
    laid = cards("I I I I N ★")
    with pytest.raises(RuleViolation) as info:
        validate(laid, [cards("I I N"), cards("I I ★")])
    assert info.value.code == "sekvens_kind_declared_twice"
    assert best(laid).points == 25


def test_a_card_in_two_flertal_is_refused():
    with pytest.raises(RuleViolation) as info:
        validate(cards("XX XIX N ★"), [cards("XX XIX N"), cards("XX XIX ★")])
    assert info.value.code == "card_in_two_flertal"


def test_option_card_in_flertal_and_sekvens():
    laid = cards("XX XIX XVIII N")
    declared = [("flertal", cards("XX XIX N")), ("sekvens", cards("XX XIX XVIII N"))]
    assert DeclarationOptions().card_in_flertal_and_sekvens is True
    assert validate(laid, declared).points == 18 + 15
    assert validate(laid, declared, SHARED).points == 33
    with pytest.raises(RuleViolation) as info:
        validate(laid, declared, APART)
    assert info.value.code == "card_in_flertal_and_sekvens"
    # with the option off, a wild card of the tarokker flertal is not free for sequences
    laid = cards("XX XIX N ♠K ♠D")
    declared = [cards("XX XIX N"), cards("♠K ♠D N")]
    assert validate(laid, declared, SHARED).points == 28
    with pytest.raises(RuleViolation) as info:
        validate(laid, declared, APART)
    assert info.value.code == "card_in_flertal_and_sekvens"
    # disjoint cards are fine either way
    laid = cards("XX XIX N ♠K ♠D ♠H")
    assert validate(laid, [cards("XX XIX N"), cards("♠K ♠D ♠H")], APART).points == 28
    # the same cards as a flertal and as a sequence (bare cards read as the flertal)
    laid = cards("XX XIX N ★")
    both = best(laid)
    assert [(c.kind, c.points) for c in both.combinations] == [("flertal", 36),
                                                               ("sekvens", 15)]
    assert best(laid, APART).points == 36


def test_kinds_can_be_given_in_several_ways():
    laid = cards("XX XIX N ★")
    # bare cards that make a flertal are read as the flertal ...
    assert validate(laid, [cards("XX XIX N ★")]).combinations[0].kind == "flertal"
    # ... a kind can be named, and cards can be text
    declaration = validate(laid, ["XX XIX N ★", ("sekvens", ["XX", "XIX", "N", "★"])])
    assert [(c.kind, c.points) for c in declaration.combinations] == [("flertal", 36),
                                                                      ("sekvens", 15)]
    assert validate(laid, [{"kind": "sekvens", "cards": ["XX", "XIX", "N"]}]).points == 10
    assert validate(laid, [{"kind": "sekvens", "cards": "XX XIX N"}]).points == 10
    assert validate(laid, [{"kind": "sekvens", "cards": ["XX XIX", "N"]}]).points == 10
    with pytest.raises(EventFormatError) as info:
        validate(laid, [{"kind": "trick", "cards": ["XX", "XIX", "N"]}])
    assert info.value.code == "unknown_combination_kind"
    # bare cards that make neither report the kind they look like
    with pytest.raises(RuleViolation) as info:
        validate(laid, [cards("XX XIX")])
    assert info.value.code == "sequence_needs_two_of_next_three"
    with pytest.raises(RuleViolation) as info:
        validate(laid, [cards("XIX N")])
    assert info.value.code == "flertal_too_small"


def test_declaration_as_dict():
    laid = cards("XX XIX N ♠H ♥H ♦H ♣H ♠KN ♥KN ♦KN")
    d = validate(laid, ["XX XIX N", "♠H ♥H ♦H ♣H", "♠KN ♥KN ♦KN", ("sekvens", "XX XIX N")])
    data = d.as_dict()
    json.dumps(data, ensure_ascii=False)
    assert data["combinations"][0] == {"kind": "flertal", "group": "tarokker",
                                       "cards": ["XX", "XIX", "N"], "points": 18}
    assert data["combinations"][3] == {"kind": "sekvens", "group": "trumf",
                                       "cards": ["XX", "XIX", "N"], "points": 10}
    assert data["flertal"] == {"count": 3, "points_before_doubling": 56, "doubled": True,
                               "factor": 2, "points": 112}
    assert data["sekvens"] == {"count": 1, "points_before_doubling": 10, "doubled": False,
                               "factor": 1, "points": 10}
    assert data["points"] == 122
    assert data["rule"] == "800 §1.5"


# --- best(): hand-made hands, worked out by hand --------------------------------------------


def test_best_on_the_flertal_example_hand():
    laid = cards("XX XIX N ♠H ♥H ♦H ♣H ♠KN ♥KN ♦KN")
    shared = best(laid)
    # 112 for the flertal, and ⟨XX⟩ ⟨XIX⟩ ⟨N⟩ is also a trump sequence (10)
    assert shared.points == 122
    assert [str(c) for c in shared.combinations] == [
        "flertal tarokker: XX XIX N = 18p", "flertal H: ♠H ♥H ♦H ♣H = 26p",
        "flertal KN: ♠KN ♥KN ♦KN = 12p", "sekvens trumf: XX XIX N = 10p"]
    # apart: the tarokker are worth more in the doubled flertal than as a sequence
    assert best(laid, APART).points == 112


def test_best_shares_aces_snapphanar_and_wild_cards():
    laid = cards("XX XIX XVIII N ★ ♥K ♥D ♥H ♥Æ ♠Æ ♦Æ I I ♣7 ♣8")
    d = best(laid)
    # tarokker 36; trump XX XIX XVIII + N ★ (5 cards, 20); ♥ K D H Æ N ★ (25);
    # Æ ♠Æ ♦Æ N ★ (15); I I N ★ (15): four sequences, doubled: 150.
    assert d.flertal_points == 36
    assert d.sekvens_points == 2 * (20 + 25 + 15 + 15)
    assert d.points == 186
    groups = {c.group: c for c in d.combinations}
    assert groups["♥"].cards == cards("♥K ♥D ♥H ♥Æ N ★")
    # apart: the tarokker flertal would take XX XIX N ★ from every sequence; none is better
    apart = best(laid, APART)
    assert apart.points == 150
    assert all(c.kind == "sekvens" for c in apart.combinations)


def test_best_gives_the_aces_to_a_third_sequence():
    laid = cards("♠K ♠D ♠H ♠Æ ♥K ♥D ♥H ♥Æ ♦Æ")
    d = best(laid)
    # ♠ K D H Æ + ♥ K D H Æ = 30; but K D H twice and ⟨Æ⟩ ×3 = 3 sequences × 10 × 2 = 60
    assert d.points == 60
    assert [c.group for c in d.combinations] == ["♠", "♥", "Æ"]


def test_best_prefers_fewest_cards_on_equal_points():
    # ⟨N⟩ for ⟨V⟩ and both ⟨I⟩ in the trump sequence: 17 cards, 80 points; or ⟨N⟩ at the
    # end of the trump (15 cards, 70) and I I N (10): also 80 points, but 18 cards.
    laid = cards("XX XVIII XVII XVI XV XIV XIII XII XI X IX VIII VII VI N I I")
    d = best(laid)
    assert d.points == 80
    assert [len(c.cards) for c in d.combinations] == [17]
    alternative = validate(laid, [cards("XX XVIII XVII XVI XV XIV XIII XII XI X IX VIII VII "
                                        "VI N"), cards("I I N")])
    assert alternative.points == 80


def test_best_apart_frees_a_king_with_a_tretal():
    laid = cards("♠K ♥K ♦K ♣K ♠D ♠H ♠KN ♠Æ N ★")
    # shared: kings fyrtal 34 + ♠ K D H KN Æ N ★ (7 cards, 30)
    assert best(laid).points == 64
    # apart: fyrtal 34 alone, or the tretal ♥K ♦K ♣K (17) and the ♠ sequence (30) = 47
    d = best(laid, APART)
    assert d.points == 47
    assert d.combinations[0].cards == cards("♥K ♦K ♣K")


def test_best_of_nothing():
    assert best([]) == Declaration((), 0, 0, 0)
    assert best(cards("♠10 ♥9 ♦8 ♣7 XVI V")).points == 0


def test_best_of_the_80_point_example():
    laid = booklet(SEKVENS_EXAMPLES[11][0], "♠")
    assert len(laid) == 17
    d = best(laid)
    assert d.points == 80 and d.combinations[0].cards == laid


# --- best() against a brute force, and never refused by validate() --------------------------


def all_combinations(hand) -> list[Combination]:
    """Every valid combination of ``hand`` (one per kind and multiset of cards): flertal
    from every subset, sequences from every subset of real cards in falling order with the
    available wild cards inserted at every place."""
    counts = Counter(hand)
    found: dict = {}

    def add(check, combination_cards):
        try:
            c = check(combination_cards)
        except RuleViolation:
            return
        found.setdefault((c.kind, c.group, frozenset(Counter(c.cards).items())), c)

    for group, group_cards in FLERTAL_CARDS.items():
        present = [c for c in group_cards if counts[c]]
        for n in (3, 4):
            for subset in itertools.combinations(present, n):
                add(check_flertal, subset)
    wilds = [w for w in WILDS if counts[w]]
    wild_orders = [()] + [(w,) for w in wilds] + list(itertools.permutations(wilds, 2))
    reals = {}
    for group, ladder in LADDERS.items():
        seen: list[Card] = []
        for c in ladder.slots:
            if seen.count(c) < counts[c]:
                seen.append(c)
        reals[group] = seen
    for group, pool in POOLS.items():
        reals[group] = [c for c in pool.cards for _ in range(counts[c])]
    for real in reals.values():
        subsets = {tuple(real[i] for i in idx) for n in range(len(real) + 1)
                   for idx in itertools.combinations(range(len(real)), n)}
        for subset in subsets:
            for wild_order in wild_orders:
                k = len(wild_order)
                for places in itertools.combinations(range(len(subset) + k), k):
                    real_it, wild_it = iter(subset), iter(wild_order)
                    add(check_sequence, [next(wild_it) if i in places else next(real_it)
                                         for i in range(len(subset) + k)])
    return list(found.values())


def brute_force_best(hand, options) -> tuple[int, int]:
    """(points, -cards) of the best declaration over all subsets of valid combinations (at
    most one per kind, as validate requires), each subset checked by validate()."""
    by_kind: dict = {}
    for c in all_combinations(hand):
        by_kind.setdefault((c.kind, c.group), []).append(c)
    kinds = list(by_kind)
    best_key = (0, 0)

    def search(i, chosen):
        nonlocal best_key
        if i == len(kinds):
            d = validate(hand, chosen, options)
            best_key = max(best_key, (d.points, -sum(len(c.cards) for c in chosen)))
            return
        search(i + 1, chosen)
        for c in by_kind[kinds[i]]:
            try:
                validate(hand, chosen + [c], options)
            except RuleViolation:
                continue
            search(i + 1, chosen + [c])

    search(0, [])
    return best_key


RICH = cards("XX XIX XVIII XVII XVI XV I I I I N ★ ♠K ♠D ♠H ♠KN ♠Æ ♥K ♥D ♥H ♥Æ ♦Æ ♣Æ ♦K "
             "♣K ♦D ♣H ♥KN")


def key(declaration: Declaration) -> tuple[int, int]:
    return declaration.points, -sum(len(c.cards) for c in declaration.combinations)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("options", [SHARED, APART], ids=["shared", "apart"])
def test_best_matches_a_brute_force_on_small_hands(seed, options):
    rng = random.Random(800 + seed)
    for _ in range(8):
        hand = rng.sample(RICH, rng.choice((9, 10, 11)))
        found = best(hand, options)
        assert key(found) == brute_force_best(hand, options), " ".join(map(str, hand))
        assert validate(hand, found.combinations, options) == found


@pytest.mark.parametrize("options", [SHARED, APART], ids=["shared", "apart"])
def test_best_matches_a_brute_force_on_hand_made_hands(options):
    for text in ("XX XIX N ★ ♠K ♠D ♠Æ ♥Æ I I",
                 "XX XVIII N ★ XVI XV I I I ♠Æ ♥Æ",
                 "XX XIX XVII ★ ♠K ♥K ♦K ♣K ♠H ♠KN",
                 "♠K ♠D ♠H ♠Æ ♥K ♥D ♥H ♥Æ ♦Æ N",
                 "XX XIX N ♠H ♥H ♦H ♣H ♠KN ♥KN ♦KN"):
        hand = cards(text)
        assert key(best(hand, options)) == brute_force_best(hand, options), text


@pytest.mark.parametrize("size", [15, 17])
@pytest.mark.parametrize("options", [SHARED, APART], ids=["shared", "apart"])
def test_best_is_always_accepted_by_validate(size, options):
    rng = random.Random(size)
    for _ in range(300):
        hand = rng.sample(TAROT62.cards, size)
        found = best(hand, options)
        assert validate(hand, found.combinations, options) == found
        # the same, given as text the way a client would send it
        as_text = [(c.kind, [str(card) for card in c.cards]) for c in found.combinations]
        assert validate([str(c) for c in hand], as_text, options).points == found.points
        # and no better than declaring everything each group offers on its own
        assert found.points >= validate(hand, [c for c in found.combinations
                                               if c.kind == "flertal"], options).points


@settings(max_examples=150, deadline=None, derandomize=True)
@given(deck=st.permutations(TAROT62.cards), size=st.sampled_from([15, 17]),
       shared=st.booleans())
def test_best_is_accepted_by_validate_hypothesis(deck, size, shared):
    hand = deck[:size]
    options = DeclarationOptions(card_in_flertal_and_sekvens=shared)
    found = best(hand, options)
    assert validate(hand, found.combinations, options) == found
    assert found.points >= 0
    if shared:
        assert found.points >= best(hand, APART).points


# --- any order: validation agrees with best() (issue 15, item 2) --------------------------


@settings(max_examples=150, deadline=None, derandomize=True)
@given(deck=st.permutations(TAROT62.cards), size=st.sampled_from([10, 15, 17, 20]),
       shared=st.booleans(), order=st.randoms(use_true_random=False))
def test_any_permutation_of_the_best_declaration_validates_to_the_same_value(
        deck, size, shared, order):
    hand = list(deck[:size])
    options = DeclarationOptions(card_in_flertal_and_sekvens=shared)
    found = best(hand, options)
    shuffled = []
    for combination in found.combinations:
        typed = list(combination.cards)
        order.shuffle(typed)
        shuffled.append({"kind": combination.kind, "cards": [str(c) for c in typed]})
    order.shuffle(shuffled)
    order.shuffle(hand)
    assert validate(hand, shuffled, options).points == found.points


# --- quick entry: the totals a declaration can have (issue 15, item 3) ------------------


def test_achievable_totals_start_with_the_smallest_combinations():
    possible = achievable(15)
    # a sequence of three is 10, the least flertal 12 (⟨KN⟩ tretal), 13, 14, 15 ...
    assert sorted(possible)[:8] == [0, 10, 12, 13, 14, 15, 17, 18]
    assert not {1, 5, 7, 9, 11, 16, 19, 21} & possible
    assert {112, 36, 80, 105} <= possible  # the text's examples (80, 105: sequences)
    assert max(achievable(10)) < max(achievable(15)) < max(achievable(20))
    assert max(achievable(15, APART)) < max(achievable(15))


@pytest.mark.parametrize("size", [10, 15, 20])
@pytest.mark.parametrize("options", [SHARED, APART], ids=["shared", "apart"])
def test_every_real_declaration_is_achievable(size, options):
    rng = random.Random(size)
    possible = achievable(size, options)
    courts_and_trumps = [c for c in TAROT62.cards
                         if c.suit in (TRUMP, FJONT) or c.rank in ("K", "D", "H", "KN", "Æ")]
    for _ in range(150):
        hand = rng.sample(courts_and_trumps, size)
        found = best(hand, options)
        assert found.points in possible, " ".join(map(str, hand))
        for combination in found.combinations:  # declaring less is a declaration too
            assert validate(hand, [combination], options).points in possible


def test_a_sequence_typed_in_a_wrong_order_is_refused_for_what_is_wrong_however_it_lies():
    """The order a sequence is typed in does not matter (interpretation 1): a card after a
    lower one, or a wild card between two cards where nothing is missing, only lies in the
    wrong place, and is never a refusal of its own. Seeded random sets of one ladder's cards,
    wild cards mixed in and typed in any order: each is a sequence or is refused with one of
    §1.5.2's conditions, and the same refusal (or the same sequence) as in falling order."""
    from rules_engine.games import declarations800 as d  # its _SLOT: each card's places

    rng = random.Random(17)
    conditions = {"sequence_top_not_genuine", "sequence_gap", "sequence_needs_two_of_next_three",
                  "sequence_next_three_need_a_genuine", "wild_cards_in_a_row_end_sequence",
                  "wild_replaces_more_than_one"}
    wilds = list(d.WILDS)
    seen = set()
    for _ in range(3000):
        group = rng.choice(list(d.LADDERS))
        ladder = list(dict.fromkeys(c for slot in d.LADDERS[group].slots
                                    for c in (slot if isinstance(slot, tuple) else (slot,))))
        cards = rng.sample(ladder, rng.randint(2, min(7, len(ladder))))
        cards += rng.sample(wilds, rng.randint(0, 2))
        rng.shuffle(cards)
        falling = sorted((c for c in cards if c not in wilds),
                         key=lambda c: d._SLOT[group][c][0]) + [c for c in cards if c in wilds]
        try:
            typed = d.check_sequence(cards)
        except RuleViolation as error:
            assert error.code in conditions, (cards, error.code)
            seen.add(error.code)
            with pytest.raises(RuleViolation):
                d.check_sequence(falling)
        else:
            assert typed.points == d.check_sequence(falling).points
    assert seen >= {"sequence_top_not_genuine", "sequence_gap",
                    "sequence_needs_two_of_next_three", "wild_cards_in_a_row_end_sequence"}
