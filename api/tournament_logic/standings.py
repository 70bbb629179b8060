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


def compute(players: Iterable[Player], rounds: Iterable[Round],
            readings: Mapping[tuple[int, int], dict[str, Any] | None],
            adjustments: Iterable[Adjustment], rule: Rule) -> dict[str, Any]:
    players = list(players)
    rounds = list(rounds)
    adjustments = list(adjustments)
    keys = [c.key for c in rule.columns]
    sums: dict[int, dict[str, float]] = {p.number: dict.fromkeys(keys, 0.0) for p in players}
    played: dict[int, int] = defaultdict(int)
    byes: dict[int, int] = defaultdict(int)
    history: dict[int, list[dict[str, Any]]] = defaultdict(list)
    met: dict[int, list[list[int]]] = defaultdict(list)  # opponents at each finished table
    progress = {"finished": 0, "playing": 0, "not_started": 0}
    latest = dict(progress)  # the tables of the latest round

    for rnd in rounds:
        for player in rnd.byes:
            for key, value in rule.bye.items():
                sums[player][key] += value
            byes[player] += 1
            history[player].append({"round": rnd.number, "bye": True})
        for table in rnd.tables:
            reading = readings.get((rnd.number, table.number))
            status = reading["status"] if reading else "not_started"
            progress[status] += 1
            if rnd is rounds[-1]:
                latest[status] += 1
            if status != "finished":
                for player in table.seats:
                    history[player].append({"round": rnd.number, "table": table.number,
                                            "status": status})
                continue
            unit_of = {seat: u for u, unit in enumerate(reading["units"])
                       for seat in unit["seats"]}
            figures = [rule.figures(reading, u) for u in range(len(reading["units"]))]
            for seat, player in enumerate(table.seats):
                u = unit_of[seat]
                for key in keys:
                    sums[player][key] += figures[u].get(key, 0)
                played[player] += 1
                met[player].append([other for s, other in enumerate(table.seats)
                                    if unit_of[s] != u])
                history[player].append({
                    "round": rnd.number, "table": table.number, "status": status,
                    "place": reading["places"][u], "of": len(reading["units"]),
                    "score": number(figures[u].get(rule.main, 0))})

    adjusted: dict[int, float] = defaultdict(float)
    for adjustment in adjustments:
        if adjustment.player in sums:
            adjusted[adjustment.player] += adjustment.points
            sums[adjustment.player][rule.main] += adjustment.points

    main = {p: round(s[rule.main], 6) for p, s in sums.items()}
    opponents = {p: round(sum(sum(main[o] for o in group) / len(group)
                              for group in met[p] if group), 6) for p in sums}

    order = {p: tuple(-round(s[k], 6) for k in keys) + (-opponents[p],)
             for p, s in sums.items()}
    ranked = sorted(players, key=lambda p: (order[p.number], p.number))
    rows = []
    for index, player in enumerate(ranked):
        rank = index + 1
        if rows and order[ranked[index - 1].number] == order[player.number]:
            rank = rows[-1]["rank"]
        rows.append({
            "rank": rank, "number": player.number, "name": player.name, "club": player.club,
            "withdrawn": player.withdrawn,
            "figures": {k: number(sums[player.number][k]) for k in keys},
            "adjustment": number(adjusted[player.number]),
            "opponents": number(opponents[player.number]),
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


def standings_order(standings: dict[str, Any], active: Iterable[int]) -> list[int]:
    """The active players in standings order: who seating 'by standings' puts first."""
    keep = set(active)
    return [row["number"] for row in standings["rows"] if row["number"] in keep]
