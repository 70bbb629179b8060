"""Property: random event sequences thrown at every game never crash the engine.

Each event, well-formed or not, legal or not, is either applied or refused with a
RuleViolation (EventFormatError included); after every step the state is still valid — it
describes itself, says what comes next and renders its protokoll as JSON — and replaying the
accepted events from the start gives the same state.

Hypothesis draws the seed and the shape of each run (players, dealer, length); the sequence
itself comes from ``random.Random(seed)`` because a deep match needs thousands of choices,
more than Hypothesis's own buffer holds. Runs are derandomized: the same seeds every time.
Events are drawn mostly from what the engine says it expects next, with plausible values
(seats, cards of the deck, the offered choices) and sometimes junk; most of the time the
generator keeps drawing until an entry is accepted, so that runs reach deep into a match.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from rules_engine.errors import RuleViolation
from rules_engine.registry import GAMES
from rules_engine.table_log import Entry, TableSetup, apply_game_event, replay

SETTINGS = settings(max_examples=25, deadline=None, derandomize=True)


def _junk(rnd: random.Random):
    return rnd.choice([None, True, -1, 99, "", "x", "♠99", [1, "a"], {"a": 1}, 2.5])


def _value(rnd: random.Random, kind: str, game, n: int, hint, led_suit):
    """One field's value: mostly plausible, sometimes junk."""
    if rnd.random() < 0.08:
        return _junk(rnd)
    cards = game.DECK.cards
    if isinstance(hint, list) and hint:
        return rnd.choice(hint)
    if kind == "seat":
        return rnd.randrange(n)
    if kind == "seats":
        return rnd.sample(range(n), rnd.randint(0, n))
    if kind == "card":
        suited = [c for c in cards if c.suit == led_suit]
        return str(rnd.choice(suited if suited and rnd.random() < 0.6 else cards))
    if kind == "cards":
        count = hint if isinstance(hint, int) else rnd.randint(1, 6)
        return [str(c) for c in rnd.sample(cards, count)]
    if kind == "bool":
        return rnd.random() < 0.5
    if kind == "int":
        return rnd.randint(0, 100)
    if kind.startswith("choice:"):
        return rnd.choice(kind.split(":", 1)[1].split("|"))
    if kind == "list":
        return [rnd.choice([0, 1, 2, 3, 40, 53, "smyga", 3]) for _ in range(n)]
    return rnd.choice([0, 1, 2, 3, 4, 5, 6, 7, "smyga", "rodskagg", "x"])  # value, str


def _event(rnd: random.Random, game, state, n: int) -> dict:
    inputs = list(game.expected(state).inputs)
    expectation = rnd.choice(inputs) if inputs and rnd.random() < 0.85 else None
    kind_name = expectation.type if expectation else rnd.choice(sorted(game.EVENTS) + ["?"])
    event: dict = {"type": kind_name}
    spec = game.EVENTS.get(kind_name)
    if spec is None:
        return event
    hints = dict(expectation.fields) if expectation else {}
    for name, kind in {**spec.required, **spec.optional}.items():
        if name in spec.optional and rnd.random() < 0.5:
            continue
        if name == "seat" and expectation is not None and expectation.seat is not None \
                and rnd.random() < 0.9:
            event[name] = expectation.seat
            continue
        hint = hints.get(name, hints.get("count") if kind == "cards" else None)
        if expectation is not None and expectation.choices and kind in ("value", "bool"):
            hint = list(expectation.choices)
        event[name] = _value(rnd, kind, game, n, hint, hints.get("led_suit"))
    if rnd.random() < 0.03:
        event["unexpected_field"] = 1
    return event


def _accepted(setup: TableSetup, state, event: dict) -> bool:
    try:
        apply_game_event(setup, state, event)
    except RuleViolation:
        return False
    return True


def _check_valid(game, state) -> None:
    json.dumps(game.describe(state))
    json.dumps(game.expected(state).as_dict())
    json.dumps(game.sheet(state).as_dict())
    json.dumps([f.as_dict() for f in game.findings(state)])
    assert isinstance(game.is_over(state), bool)
    json.dumps(game.result(state))


@pytest.mark.parametrize("game", GAMES, ids=[g.ID for g in GAMES])
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_events_are_applied_or_refused_and_the_state_stays_valid(game, seed, data):
    rnd = random.Random(seed)
    n = data.draw(st.integers(game.MIN_PLAYERS, game.MAX_PLAYERS), label="players")
    setup = TableSetup(game.ID, tuple(f"P{i}" for i in range(n)),
                       first_dealer=data.draw(st.integers(0, n - 1), label="dealer"))
    seek = data.draw(st.sampled_from([0.0, 0.7, 0.95]), label="seek")
    state = setup.new_state()
    accepted: list[Entry] = []
    for _ in range(data.draw(st.integers(5, 150), label="steps")):
        event = _event(rnd, game, state, n)
        if rnd.random() < seek:
            for _attempt in range(40):
                if _accepted(setup, state, event):
                    break
                event = _event(rnd, game, state, n)
        try:
            state = apply_game_event(setup, state, event)
        except RuleViolation as violation:
            assert violation.code and violation.rule is not None
            assert violation.messages["sv"] and violation.messages["en"]
            json.dumps(violation.as_dict())
            continue
        accepted.append(Entry(len(accepted) + 1, event))
        _check_valid(game, state)
    assert replay(setup, accepted) == state
