"""The standings: every player's figures summed over the finished tables and byes, the
director's adjustments, the opponents' score, and the ranks.

Live: a table counts the moment its round ends there (``reading``: the game over, or the
round's deals or target reached); a table still playing shows as such in the player's
rounds and counts nothing yet, so the standings never move backwards when a deal is
corrected before the table finishes. A bye counts from the moment its round is seated. An
arbitral adjustment adds to (or takes from) the main score and is listed with its reason
next to the standings.

Ranks are shared by players level on every column and on the opponents' score (1, 2, 2, 4);
the start number then only orders the list.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Iterable, Mapping

from .model import Adjustment, Player, Round, number
from .scoring import OPPONENTS, Rule


class _Tally:
    """The sums so far, round by round: each player's columns, tables played, byes, rounds
    shown, opponents at each finished table, and the tables' progress."""

    def __init__(self, numbers: Iterable[int], width: int):
        self.sums: dict[int, list[float]] = {n: [0.0] * width for n in numbers}
        self.played: dict[int, int] = defaultdict(int)
        self.byes: dict[int, int] = defaultdict(int)
        self.history: dict[int, list[dict[str, Any]]] = defaultdict(list)
        self.met: dict[int, list[list[int]]] = defaultdict(list)  # opponents at each table
        self.progress = {"finished": 0, "playing": 0, "not_started": 0}

    def copy(self) -> "_Tally":
        """A copy to go on from (the rows' entries themselves are shared, never changed)."""
        other = _Tally((), 0)
        other.sums = {n: list(s) for n, s in self.sums.items()}
        other.played = defaultdict(int, self.played)
        other.byes = defaultdict(int, self.byes)
        other.history = defaultdict(list, {n: list(h) for n, h in self.history.items()})
        other.met = defaultdict(list, {n: list(m) for n, m in self.met.items()})
        other.progress = dict(self.progress)
        return other


def compute(players: Iterable[Player], rounds: Iterable[Round],
            readings: Mapping[tuple[int, int], dict[str, Any] | None],
            adjustments: Iterable[Adjustment], rule: Rule,
            memo: dict[Any, Any] | None = None) -> dict[str, Any]:
    """The standings. ``memo`` (optional, kept by the caller between calls for one
    tournament and rule) holds what each finished table gives its seats, reused while the
    table's reading is the same object, and the sums of every round but the latest, reused
    while those rounds and all their tables' readings are the same; the result is the
    same with or without it (``tests/api/test_tournament_fast_paths.py``)."""
    players = list(players)
    rounds = list(rounds)
    adjustments = list(adjustments)
    keys = [c.key for c in rule.columns]
    memo = {} if memo is None else memo
    numbers = tuple(p.number for p in players)

    # The rounds before the latest rarely change: start from their sums when they did not.
    tally, done = None, 0
    kept = memo.get("earlier")
    if kept is not None:
        kept_numbers, kept_rounds, kept_readings, kept_tally = kept
        if (kept_numbers == numbers and len(kept_rounds) < len(rounds)
                and all(a == b for a, b in zip(kept_rounds, rounds))
                and all(readings.get(key) is reading for key, reading in kept_readings)):
            tally, done = kept_tally.copy(), len(kept_rounds)
    if tally is None:
        tally = _Tally(numbers, len(keys))
    for index in range(done, len(rounds)):
        if index == len(rounds) - 1 and index > done:
            memo["earlier"] = (numbers, rounds[:index],
                               [((rnd.number, t.number), readings.get((rnd.number, t.number)))
                                for rnd in rounds[:index] for t in rnd.tables],
                               tally.copy())
        latest = _add_round(tally, rounds[index], readings, keys, rule, memo)
    if not rounds:
        latest = {"finished": 0, "playing": 0, "not_started": 0}
    sums, played, byes = tally.sums, tally.played, tally.byes
    history, met, progress = tally.history, tally.met, tally.progress

    adjusted: dict[int, float] = defaultdict(float)
    for adjustment in adjustments:
        if adjustment.player in sums:
            adjusted[adjustment.player] += adjustment.points
            sums[adjustment.player][0] += adjustment.points

    rounded = {p: [round(v, 6) for v in s] for p, s in sums.items()}
    main = {p: r[0] for p, r in rounded.items()}
    score_of = main.__getitem__  # the same sums in the same order, without a frame each
    opponents = {p: round(sum([sum(map(score_of, group)) / len(group)
                               for group in met[p] if group]), 6) for p in sums}

    order = {p: tuple(-v for v in r) + (-opponents[p],) for p, r in rounded.items()}
    ranked = sorted(players, key=lambda p: (order[p.number], p.number))
    rows = []
    for index, player in enumerate(ranked):
        rank = index + 1
        if rows and order[ranked[index - 1].number] == order[player.number]:
            rank = rows[-1]["rank"]
        rows.append({
            "rank": rank, "number": player.number, "name": player.name, "club": player.club,
            "withdrawn": player.withdrawn,
            "figures": {k: _shown(v) for k, v in zip(keys, rounded[player.number])},
            "adjustment": number(adjusted[player.number]),
            "opponents": _shown(opponents[player.number]),
            "played": played[player.number], "byes": byes[player.number],
            "rounds": history[player.number],
        })
    return {
        "rule": rule.as_dict(),
        "columns": [c.as_dict() for c in rule.columns] + [OPPONENTS.as_dict()],
        "rows": rows,
        "adjustments": [a.as_dict() for a in adjustments],
        "progress": {"rounds": len(rounds), "tables": progress, "latest": latest},
    }


def _add_round(tally: _Tally, rnd: Round,
               readings: Mapping[tuple[int, int], dict[str, Any] | None], keys: list[str],
               rule: Rule, memo: dict[Any, Any]) -> dict[str, int]:
    """Add a round's byes and finished tables to ``tally``; the round's own progress."""
    sums, history = tally.sums, tally.history
    width = range(len(keys))
    for player in rnd.byes:
        figures = sums[player]
        for key, value in rule.bye.items():
            figures[keys.index(key)] += value
        tally.byes[player] += 1
        history[player].append({"round": rnd.number, "bye": True})
    progress = {"finished": 0, "playing": 0, "not_started": 0}
    for table in rnd.tables:
        key = (rnd.number, table.number)
        reading = readings.get(key)
        status = reading["status"] if reading else "not_started"
        tally.progress[status] += 1
        progress[status] += 1
        if status != "finished":
            for player in table.seats:
                history[player].append({"round": rnd.number, "table": table.number,
                                        "status": status})
            continue
        kept = memo.get(key)
        if kept is None or kept[0] is not reading or kept[1] != table.seats:
            kept = memo[key] = (reading, table.seats,
                                _table_share(reading, table.seats, keys, rule))
        for player, (values, opponents, place, of, score) in zip(table.seats, kept[2]):
            figures = sums[player]
            for index in width:
                figures[index] += values[index]
            tally.played[player] += 1
            tally.met[player].append(opponents)
            history[player].append({
                "round": rnd.number, "table": table.number, "status": status,
                "place": place, "of": of, "score": score})
    return progress


def _table_share(reading: dict[str, Any], seats: tuple[int, ...], keys: list[str],
                 rule: Rule) -> list[tuple[list[float], list[int], int, int, float | int]]:
    """What a finished table gives each seat: the column figures, the opponents there,
    the place, of how many, and the main score as shown."""
    units = reading["units"]
    unit_of = {seat: u for u, unit in enumerate(units) for seat in unit["seats"]}
    figures = [rule.figures(reading, u) for u in range(len(units))]
    values = [[f.get(key, 0) for key in keys] for f in figures]
    scores = [number(f.get(rule.main, 0)) for f in figures]
    share = []
    for seat in range(len(seats)):
        u = unit_of[seat]
        share.append((values[u], [other for s, other in enumerate(seats) if unit_of[s] != u],
                      reading["places"][u], len(units), scores[u]))
    return share


def _shown(value: float) -> float | int:
    """``number`` of a value already rounded to 6 places (3, not 3.0)."""
    value = float(value)
    return int(value) if value.is_integer() else value


def standings_order(standings: dict[str, Any], active: Iterable[int]) -> list[int]:
    """The active players in standings order: who seating 'by standings' puts first."""
    keep = set(active)
    return [row["number"] for row in standings["rows"] if row["number"] in keep]
