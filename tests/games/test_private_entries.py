"""Every game keeps a private entry private: the shared promises of rules_engine.secrets.

- every module with ``PRIVATE`` defines ``deal_in_progress``, and every ``PRIVATE`` event
  type is one of its events with a ``seat`` and the card fields it names;
- with a hand entered, ``describe`` holds none of its cards outside a ``sealed`` value (the
  JSON is walked), and the hand is there, sealed for its seat;
- the deal the hand belongs to is in progress right after it is entered.

The 800 family (game800, game1000, game150, fjabbe) is kept by its own module's tests.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.cards import parse_card
from rules_engine.registry import GAMES
from rules_engine.secrets import SEALED
from rules_engine.table_log import TableSetup, apply_game_event

FOUR = ("Anna", "Bo", "Cia", "Dan")
THREE = FOUR[:3]

# game: (players, events before the hand, the hand event). The hand's cards must not be
# public anywhere else in describe at that moment (Schnapsen's settler lists every king and
# queen that could still make a marriage: the hands there hold none).
SCENARIOS: dict[str, tuple[tuple[str, ...], list[dict], dict]] = {
    "rodskagg": (THREE, [{"type": "deal"}, {"type": "bid", "seat": 1, "bid": 2},
                         {"type": "bid", "seat": 2, "bid": "smyga"},
                         {"type": "bid", "seat": 0, "bid": "smyga"}],
                 {"type": "hand", "seat": 2, "cards": "♠2 ♥A ♥K ♦9 ♦8 ♣4"}),
    "braus": (FOUR, [{"type": "deal"}],
              {"type": "hand", "seat": 2, "cards": "♣J ♠6 ♥6 ♣Q ♥Q ♠K ♦K ♥8 ♦8"}),
    "fyrtioett": (FOUR, [],
                  {"type": "hand", "seat": 1,
                   "cards": "♠2 ♠3 ♠4 ♥2 ♥3 ♥4 ♥5 ♦2 ♦3 ♦4 ♣2 ♣3 ♣4"}),
    "priffe": (FOUR, [],
               {"type": "hand", "seat": 1, "cards": "♠2 ♠3 ♠4 ♥2 ♥3 ♥4 ♥5 ♦2 ♦3 ♦4 ♣2 ♣3 ♣4"}),
}
SCENARIOS["schnapsen"] = (FOUR[:2], [{"type": "deal", "trump": "♥J"},
                                     {"type": "close", "seat": 1}],
                         {"type": "hand", "seat": 0, "cards": "♠10 ♠J ♦A ♦10 ♣J"})
SCENARIOS["sixtysix"] = (FOUR[:2], [{"type": "deal", "trump": "♥J"},
                                    {"type": "close", "seat": 1}],
                         {"type": "hand", "seat": 0, "cards": "♠10 ♠J ♦A ♦10 ♣J ♣9"})
SCENARIOS["schnapsen4"] = (FOUR, [{"type": "call", "seat": 3, "card": "♥A"}],
                           {"type": "hand", "seat": 1, "cards": "♠10 ♠J ♦A ♦10 ♣J ♣9"})
SCENARIOS["norrandsknack"] = (THREE, [{"type": "deal", "trump_card": "♥7"},
                                      {"type": "bid", "seat": 1, "bid": "knacka"},
                                      {"type": "buy", "seat": 1, "discard": 1, "cards": "♠2"},
                                      {"type": "buy", "seat": 2, "discard": 0},
                                      {"type": "buy", "seat": 0, "discard": 1}],
                              {"type": "hand", "seat": 2, "cards": "♠3 ♦3 ♦4 ♣6 ♣7"})
SCENARIOS["fan_tan"] = (THREE, [{"type": "deal"}, {"type": "play", "seat": 1, "card": "♠7"}],
                        {"type": "hand", "seat": 2, "cards": "♣A ♣2 ♣3 ♣4 ♣5 ♣6 ♣8 ♣9 ♣10 ♣J "
                                                            "♣Q ♣K ♦2 ♦3 ♦4 ♦5 ♦6"})
for _whist in ("whist", "long_whist", "american_whist", "sattrumf", "whist_a_la_guerre"):
    SCENARIOS[_whist] = (FOUR, [], {"type": "hand", "seat": 1,
                                    "cards": "♠2 ♠3 ♠4 ♥2 ♥3 ♥4 ♥5 ♦2 ♦3 ♦4 ♣2 ♣3 ♣4"})

EIGHT_HUNDRED = {"800", "1000", "150", "fjabbe"}


def _modules():
    return [m for m in GAMES if m.ID not in EIGHT_HUNDRED]


def public_strings(value: Any) -> list[str]:
    """Every string in ``value`` outside a sealed part."""
    if isinstance(value, dict):
        if SEALED in value:
            return []
        return [s for k, v in value.items() for s in public_strings(k) + public_strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in public_strings(v)]
    return [value] if isinstance(value, str) else []


def sealed_parts(value: Any) -> list[dict]:
    if isinstance(value, dict):
        if SEALED in value:
            return [value]
        return [p for v in value.values() for p in sealed_parts(v)]
    if isinstance(value, (list, tuple)):
        return [p for v in value for p in sealed_parts(v)]
    return []


@pytest.mark.parametrize("module", _modules(), ids=lambda m: m.ID)
def test_a_module_with_private_entries_says_when_its_deal_is_over(module):
    private = getattr(module, "PRIVATE", {}) or {}
    if not private:
        assert not hasattr(module, "deal_in_progress") or callable(module.deal_in_progress)
        return
    assert callable(getattr(module, "deal_in_progress", None)), module.ID
    for event_type, spec in private.items():
        assert event_type in module.EVENTS, (module.ID, event_type)
        fields = {**module.EVENTS[event_type].required, **module.EVENTS[event_type].optional}
        assert fields.get("seat") == "seat", (module.ID, event_type)
        for name in spec.card_fields:
            assert fields.get(name) in ("cards", "card"), (module.ID, event_type, name)


def test_every_game_with_a_hand_is_in_the_scenarios():
    with_hand = {m.ID for m in _modules() if "hand" in (getattr(m, "PRIVATE", {}) or {})}
    assert with_hand == set(SCENARIOS) | {"skitgubbe"}  # skitgubbe: its own test below


def test_skitgubbe_describe_holds_an_entered_hand_only_sealed():
    from tests.games.test_skitgubbe import two_unknown_table

    table = two_unknown_table("♣5", "♦3 ♠7", "♣2 ♦9 ♥A ♥2")
    module = table.setup.module
    number = module.deal_in_progress(table.state)
    table.post("hand", seat=2, cards="♦3 ♠7")
    assert module.deal_in_progress(table.state) == number is not None
    described = module.describe(table.state)
    assert not {"♦3", "♠7", "♣5"} & set(public_strings(described))
    assert any(p[SEALED] == 2 and set(p["cards"]) == {"♦3", "♠7"}
               for p in sealed_parts(described))


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_describe_holds_an_entered_hand_only_sealed(game):
    players, before, hand_event = SCENARIOS[game]
    setup = TableSetup(game, players)
    state = setup.new_state()
    for event in before:
        state = apply_game_event(setup, state, event)
    module = setup.module
    number = module.deal_in_progress(state)
    state = apply_game_event(setup, state, hand_event)
    assert module.deal_in_progress(state) == number is not None
    described = module.describe(state)
    hand = {str(parse_card(c)) for c in hand_event["cards"].split()}
    leaked = hand & set(public_strings(described))
    assert not leaked, (game, leaked)
    mine = [p for p in sealed_parts(described) if p[SEALED] == hand_event["seat"]]
    assert any(set(p["cards"]) == hand for p in mine), game
