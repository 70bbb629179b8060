"""Fyrtioett, the whist family and Priffe: a refusal caused by an entered hand is private.

Their texts put one duty on a play: follow suit if able ("man måste följa färg") — trumping
or discarding is free. With a hand entered it is refused at once (their own tests show the
codes); here: every such refusal carries ``private_to`` the seat whose hand it rests on, and
a public wording that names neither the card of the hand nor, for a card in another hand,
whose hand it is.
"""

from __future__ import annotations

import pytest

from rules_engine.errors import RuleViolation
from rules_engine.table_log import TableSetup, apply_game_event

FOUR = ("Anna", "Bo", "Cia", "Dan")
HAND = "♠2 ♠3 ♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q"  # Bo's


def _refused(setup, state, event) -> RuleViolation:
    with pytest.raises(RuleViolation) as info:
        apply_game_event(setup, state, event)
    return info.value


def _post(setup, state, *events):
    for event in events:
        state = apply_game_event(setup, state, event)
    return state


# Trick 1: Bo leads ♥2, Cia takes it with ♥A; trick 2: Cia leads ♠A, Dan and Anna follow,
# Bo (holding ♠2 ♠3) is to play.
AFTER_LEAD = [{"type": "play", "seat": 1, "card": "♥2"}, {"type": "play", "seat": 2, "card": "♥A"},
              {"type": "play", "seat": 3, "card": "♥K"}, {"type": "play", "seat": 0, "card": "♦2"},
              {"type": "play", "seat": 2, "card": "♠A"}, {"type": "play", "seat": 3, "card": "♠K"},
              {"type": "play", "seat": 0, "card": "♠Q"}]
CASES = {
    "fyrtioett": ([{"type": "bid", "seat": s, "bid": 3} for s in (3, 2, 1, 0)]
                  + [{"type": "hand", "seat": 1, "cards": HAND},
                     {"type": "play", "seat": 3, "card": "♠A"},
                     {"type": "play", "seat": 2, "card": "♠K"}], "Fyrtioett — Spelet"),
    "whist": ([{"type": "hand", "seat": 1, "cards": HAND}, {"type": "trump", "card": "♣9"}]
              + AFTER_LEAD, "Whist — Spelet"),
    "priffe": ([{"type": "hand", "seat": 1, "cards": HAND}]
               + [{"type": "bid", "seat": s, "bid": "pass"} for s in (1, 2, 3, 0)]
               + AFTER_LEAD, "Priffe — Spelet"),
}


@pytest.mark.parametrize("game", sorted(CASES))
def test_refusals_resting_on_an_entered_hand_are_private(game):
    events, rule = CASES[game]
    setup = TableSetup(game, FOUR)
    try:
        state = _post(setup, setup.new_state(), *events)
    except RuleViolation as error:  # the scenario itself must hold
        raise AssertionError(f"{game}: {error!r}")
    assert setup.module.expected(state).seat == 1  # Bo, to follow a spade lead
    follow = _refused(setup, state, {"type": "play", "seat": 1, "card": "♥4"})
    assert follow.code == "must_follow" and follow.rule == rule and follow.private_to == 1
    assert "♠" not in follow.public_messages["en"].replace("spades", "")
    lacking = _refused(setup, state, {"type": "play", "seat": 1, "card": "♠4"})
    assert lacking.code == "not_in_hand" and lacking.private_to == 1
    assert "♠4" not in lacking.public_messages["sv"] + lacking.public_messages["en"]


@pytest.mark.parametrize("game", ["fyrtioett", "whist", "priffe"])
def test_a_card_of_another_entered_hand_is_refused_without_saying_whose(game):
    setup = TableSetup(game, FOUR)
    state = _post(setup, setup.new_state(), {"type": "hand", "seat": 1, "cards": HAND})
    error = _refused(setup, state, {"type": "hand", "seat": 2, "cards": "♠3 ♦2 ♦3 ♦4 ♦5 ♦6 "
                                                                       "♦7 ♦8 ♦9 ♦10 ♦J ♦Q ♦K"})
    assert error.code == "card_held_by_other" and error.private_to == 1
    assert "Bo" not in error.public_messages["en"] and "Bo" in error.messages["en"]
    repeated = _refused(setup, state, {"type": "hand", "seat": 2, "cards": "♦2 ♦2 ♦3 ♦4 ♦5 "
                                                                          "♦6 ♦7 ♦8 ♦9 ♦10 ♦J "
                                                                          "♦Q ♦K"})
    assert repeated.code == "card_repeated" and repeated.private_to == 2
