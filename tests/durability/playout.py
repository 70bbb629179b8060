"""A valid Rödskägg evening as a list of events, made with the engine and a fixed seed.

Every table of the durability tests gets the same players and dealer, so one list fits all
of them: event ``i`` is posted as ``based_on = i`` with a client event id fixed by the table
and ``i``. A client that lost its connection can then resume, and retry the post it got no
answer to, knowing exactly what the log must hold.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache

from rules_engine.cards import FRENCH52
from rules_engine.table_log import TableSetup, apply_entry

PLAYERS = ("Anna", "Bo", "Cia", "Dan")


@lru_cache(maxsize=None)
def evening(length: int, seed: int) -> tuple[str, ...]:
    """Up to ``length`` events (JSON text) of one game: deals, bids, tricks card by card."""
    setup = TableSetup("rodskagg", PLAYERS, {}, 0)
    module = setup.module
    state = setup.new_state()
    rng = random.Random(seed)
    events: list[dict] = []

    def post(event: dict) -> tuple[dict, dict]:
        nonlocal state
        state = apply_entry(setup, state, [], event)
        events.append(event)
        return (json.loads(json.dumps(module.expected(state).as_dict())),
                json.loads(json.dumps(module.describe(state))))

    expected = module.expected(state).as_dict()
    while len(events) < length and not module.is_over(state):
        expected, described = post({"type": "deal"})
        deck = list(FRENCH52.cards)
        rng.shuffle(deck)
        hands = {seat: deck[seat * 6:(seat + 1) * 6] for seat in range(len(PLAYERS))}
        while expected["phase"] == "bidding":
            bid = 1 if not described["deal"]["bids"] else "smyga"
            expected, described = post({"type": "bid", "seat": expected["seat"], "bid": bid})
        while expected["phase"] in ("play", "ask", "join"):
            if expected["phase"] == "ask":
                expected, described = post({"type": "ask"})
                continue
            if expected["phase"] == "join":
                expected, described = post({"type": "join", "seat": expected["seat"],
                                            "join": True})
                continue
            seat = expected["seat"]
            current = described["deal"]["current"]
            led = current["cards"][0]["card"][0] if current and current["cards"] else None
            hand = hands[seat]
            card = rng.choice([c for c in hand if c.suit == led] or hand)
            hand.remove(card)
            expected, described = post({"type": "play", "seat": seat, "card": str(card)})
    return tuple(json.dumps(e, ensure_ascii=False) for e in events[:length])


def events(length: int, seed: int) -> list[dict]:
    return [json.loads(e) for e in evening(length, seed)]
