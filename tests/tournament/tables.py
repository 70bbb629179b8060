"""Tables played through the engine (pure: no API, no database), read as the tournament
reads them — so the standings tests start from real protokolls of known results."""

from __future__ import annotations

from typing import Any, Sequence

from api.tournament_logic.model import Limit
from api.tournament_logic.reading import read_table
from api.tournament_logic.shapes import shape_of
from rules_engine.table_log import Entry, TableSetup, replay

NAMES = "Anna Bo Cia Dan Eva Fia Gun Hans".split()


def source(game: str, events: Sequence[dict[str, Any]], seats: int = 4,
           options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A table of ``seats`` players after ``events``: what the API hands the tournament."""
    setup = TableSetup(game, tuple(NAMES[:seats]), dict(options or {}), 0)
    state = replay(setup, [Entry(i + 1, e) for i, e in enumerate(events)])
    module = setup.module
    return {"sheet": module.sheet(state).as_dict(), "result": module.result(state),
            "over": module.is_over(state),
            "findings": [f.as_dict() for f in module.findings(state)], "seq": len(events)}


def reading(game: str, events: Sequence[dict[str, Any]], seats: int = 4,
            limit: Limit = Limit(), options: dict[str, Any] | None = None) -> dict[str, Any]:
    src = source(game, events, seats, options)
    return read_table(src["sheet"], src["result"], src["over"], src["findings"], src["seq"],
                      seats, shape_of(game).sides, limit)


def braus_match(winner_side: int, loser_ritor: int = 0) -> list[dict[str, Any]]:
    """Quick entries: the losing pair takes ``loser_ritor`` ritor, then the winners six.
    Seat 0 is in pair 0 (seats 0 + 2), seat 1 in pair 1 (seats 1 + 3)."""
    events = [{"type": "result", "outcome": "rita", "winner": 1 - winner_side}
              for _ in range(loser_ritor)]
    return events + [{"type": "result", "outcome": "rita", "winner": winner_side}
                     for _ in range(6)]


def rodskagg_deal(declarer: int, bid: int, tricks: Sequence[int]) -> dict[str, Any]:
    """Quick entry of a Rödskägg deal: ``declarer`` bids ``bid``, the others pass."""
    bids: list[Any] = ["smyga"] * len(tricks)
    bids[declarer] = bid
    return {"type": "result", "bids": bids, "tricks": list(tricks)}
