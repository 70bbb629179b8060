"""The shared hand-entry primitives (rules_engine.hands): one behaviour for every game."""

from __future__ import annotations

import pytest

from rules_engine import hands
from rules_engine.cards import FRENCH52
from rules_engine.errors import RuleViolation
from rules_engine.secrets import SEALED

NAMES = ("Anna", "Bo", "Cia")
C = FRENCH52.parse_many


def refused(code, fn, *args, **kwargs) -> RuleViolation:
    with pytest.raises(RuleViolation) as info:
        fn(*args, **kwargs)
    assert info.value.code == code and info.value.rule == "R"
    return info.value


def test_an_entry_is_checked_for_size_repeats_cards_seen_and_other_hands():
    entered = hands.with_hand(hands.no_hands(3), 0, C("♠A ♠K"))
    check = hands.check_entry
    refused("hand_already_entered", check, entered, 0, C("♠A ♠K"), size=2, seen=(),
            rule="R", players=NAMES)
    size = refused("hand_size", check, entered, 1, C("♥2"), size=2, seen=(), rule="R",
                   players=NAMES)
    assert size.params == {"seat": 1, "cards": 1, "expected": 2}
    twice = refused("card_repeated", check, entered, 1, C("♥2 ♥2"), size=2, seen=(),
                    rule="R", players=NAMES)
    assert twice.private_to == 1 and "♥2" not in twice.public_messages["en"]
    seen = refused("card_already_played", check, entered, 1, C("♥2 ♥3"), size=2,
                   seen=C("♥3"), rule="R", players=NAMES)
    assert seen.private_to == 1
    other = refused("card_held_by_other", check, entered, 1, C("♥2 ♠K"), size=2, seen=(),
                    rule="R", players=NAMES)
    assert other.private_to == 0 and other.params["poster"] == 1
    assert "Anna" in other.messages["en"] and "Anna" not in other.public_messages["en"]
    assert check(entered, 1, C("♥2 ♥3"), size=2, seen=(), rule="R",
                 players=NAMES) == tuple(C("♥2 ♥3"))


def test_a_play_comes_from_the_own_hand_and_never_from_another():
    entered = hands.with_hand(hands.no_hands(3), 0, C("♠A ♠K"))
    hands.check_in_hand(entered, 0, C("♠A")[0], "R", NAMES)
    lacking = refused("not_in_hand", hands.check_in_hand, entered, 0, C("♠Q")[0], "R", NAMES)
    assert lacking.private_to == 0 and "♠Q" not in lacking.public_messages["sv"]
    refused("card_held_by_other", hands.check_in_hand, entered, 2, C("♠K")[0], "R", NAMES)
    hands.check_in_hand(entered, 2, C("♠Q")[0], "R", NAMES)  # unknown hand: no check


def test_playing_removes_the_card_and_the_hands_are_sealed_per_seat():
    entered = hands.with_hand(hands.no_hands(2), 1, C("♠A ♠K"))
    after = hands.without(entered, 1, C("♠A")[0])
    assert after == (None, tuple(C("♠K")))
    assert hands.without(after, 0, C("♥2")[0]) == after  # not entered: unchanged
    assert hands.sealed_hands(after) == [None, {SEALED: 1, "cards": ["♠K"]}]
    assert hands.sealed_legal(1, None) is None
    duty = hands.refuse_must_follow("R", 1, C("♥2")[0], "♠", C("♠K")[0], NAMES)
    assert duty.code == "must_follow" and duty.private_to == 1
    assert duty.params == {"card": "♥2", "led_suit": "♠", "holds": "♠K", "seat": 1}
    assert "♠K" not in duty.public_messages["en"]
