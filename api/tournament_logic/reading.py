"""One table read for the tournament: is its round over, who won, who placed where.

The table's own protokoll is the truth (design principle 1); this only reads it, through the
game's ``sheet`` and ``result`` as the API shows them (plain dicts), so the same function
reads a live table and a table in an export being read back.

**Units.** A table's result belongs to *units*: the pairs of a pair game (Bräus, 800,
Fyrtioett — whether the sheet has a column per pair or per player), else each player.

**The round's end.** A round lasts until the game is over, or — when the tournament says so
(``Limit``) — for so many scored deals (rows of kind ``deal``/``hand``), or until a unit's
total reaches a target in the sheet's direction (``up``: at or above, ``down``: at or below;
``losses``, Fjabbe's lost partier, counts up). The reading stops at that row: entries a table
makes after its round ended do not change the tournament.

**Who won.** A game that is over names its winners (``result``: ``winners`` seats, or a
``winner`` seat); each winning unit has won (1). A round ended by its limit, or a game over
without a single winner (a draw, Fjabbe's tie for fewest losses), is won by the best total
in the sheet's direction; units level at the top share the win (½ each of two).

**Places.** Winners first, then by total in the sheet's direction; a player who went out of
the match (Rödskägg's failed Rödskägg) after those still in; level units share a place
(1, 2, 2, 4).

**Figures per unit.** ``total`` (at the round's end), ``gained`` (the sum of the row changes
in the good direction: Rödskägg 12 → 3 gained 9; a Schnapsen winner's game points, though the
sheet goes back to 7 after each Bummerl), ``bummerl_lost`` (Bummerl rows marking the unit).
"""

from __future__ import annotations

from typing import Any, Sequence

from .model import Limit

COUNTED_KINDS = ("deal", "hand")  # rows that are a scored deal
DIRECTIONS = ("up", "down", "losses")


def read_table(sheet: dict[str, Any], result: dict[str, Any] | None, over: bool,
               findings: Sequence[dict[str, Any]], seq: int, seats: int,
               sides: Sequence[Sequence[int]] | None, limit: Limit) -> dict[str, Any]:
    """The table as the tournament sees it (JSON-able; cached by the API per table seq)."""
    direction = sheet.get("notes", {}).get("direction", "up")
    if direction not in DIRECTIONS:
        direction = "up"
    sign = 1 if direction == "up" else -1
    units = _units(sheet, seats, sides)
    rows = list(sheet.get("rows") or ())
    stop, limit_reached, deals = _round_end(rows, limit, units, direction)
    if rows:
        totals = list(rows[stop]["totals"])
        kept = rows[:stop + 1]
    else:
        totals, kept = list(sheet.get("totals") or [0] * len(units)), []
    finished = over or limit_reached
    # The game's own verdict counts only when the round ran to its end.
    decided_by_game = over and stop == len(rows) - 1
    figures = []
    for unit in units:
        cols = unit["columns"]
        gained = sum(sign * (row["changes"][c] or 0) for row in kept
                     if row.get("kind") != "start" for c in cols)
        bummerl_lost = sum(1 for row in kept if row.get("kind") == "bummerl"
                           for c in cols if c < len(row.get("marks") or ()) and
                           row["marks"][c] == "bummerl")
        figures.append({"seats": unit["seats"], "total": sum(totals[c] for c in cols),
                        "gained": gained, "bummerl_lost": bummerl_lost})
    bummerl_played = sum(1 for row in kept if row.get("kind") == "bummerl")
    out = set(sheet.get("out") or ()) if decided_by_game else set()
    winners = _winners(result, units, figures, sign, finished, decided_by_game)
    won = [0.0] * len(units)
    if winners is not None:
        indexes, share = winners
        for i in indexes:
            won[i] = share
    places = _places(figures, sign, winners[0] if winners else [], out)
    return {
        "seq": seq,
        "status": "finished" if finished else ("not_started" if seq == 0 else "playing"),
        "over": over, "limit_reached": limit_reached, "deals": deals,
        "direction": direction, "units": figures, "won": won, "places": places,
        "bummerl_played": bummerl_played,
        "findings": [dict(f, key=finding_key(i, f)) for i, f in enumerate(findings)],
    }


def finding_key(index: int, finding: dict[str, Any]) -> str:
    """A finding's stable name at its table: findings are only ever appended."""
    return f"{index}:{finding.get('code')}:{finding.get('seat')}"


def _units(sheet: dict[str, Any], seats: int,
           sides: Sequence[Sequence[int]] | None) -> list[dict[str, Any]]:
    columns = len(sheet.get("players") or ()) or seats
    if sides:
        if columns == len(sides) and columns != seats:  # a column per pair
            return [{"seats": list(side), "columns": [i]} for i, side in enumerate(sides)]
        return [{"seats": list(side), "columns": list(side)} for side in sides]
    return [{"seats": [i], "columns": [i]} for i in range(columns)]


def _round_end(rows: list[dict[str, Any]], limit: Limit, units: list[dict[str, Any]],
               direction: str) -> tuple[int, bool, int]:
    """(index of the round's last row, whether the limit ended it, scored deals to there)."""
    deals = 0
    for index, row in enumerate(rows):
        if row.get("kind") in COUNTED_KINDS:
            deals += 1
        if limit.deals is not None and row.get("kind") in COUNTED_KINDS and deals >= limit.deals:
            return index, True, deals
        if limit.target is not None and row.get("kind") != "start":
            totals = row["totals"]
            for unit in units:
                total = sum(totals[c] for c in unit["columns"])
                if (total <= limit.target) if direction == "down" else (total >= limit.target):
                    return index, True, deals
    return max(0, len(rows) - 1), False, deals


def _winners(result: dict[str, Any] | None, units: list[dict[str, Any]],
             figures: list[dict[str, Any]], sign: int, finished: bool,
             decided_by_game: bool) -> tuple[list[int], float] | None:
    """(winning unit indexes, what each gets) — None while the round is being played."""
    if not finished:
        return None
    if decided_by_game and result:
        seats = result.get("winners")
        if not seats and isinstance(result.get("winner"), int) and "winners" not in result:
            seats = [result["winner"]]
        if seats:
            indexes = [i for i, unit in enumerate(units) if set(unit["seats"]) & set(seats)]
            if indexes:
                return indexes, 1.0
    best = max(sign * f["total"] for f in figures)
    level = [i for i, f in enumerate(figures) if sign * f["total"] == best]
    return level, 1.0 / len(level)


def _places(figures: list[dict[str, Any]], sign: int, winners: list[int],
            out: set[int]) -> list[int]:
    def key(i: int) -> tuple[int, int, int]:
        gone = bool(set(figures[i]["seats"]) & out)
        return (0 if i in winners else 1, 1 if gone else 0, -sign * figures[i]["total"])

    keys = [key(i) for i in range(len(figures))]
    return [1 + sum(1 for other in keys if other < mine) for mine in keys]
