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
from itertools import compress, repeat
from operator import add, is_, itemgetter
from typing import Any, Iterable, Mapping

from .model import Adjustment, Player, Round, number as _number
from .scoring import OPPONENTS, Rule


def compute(players: Iterable[Player], rounds: Iterable[Round],
            readings: Mapping[tuple[int, int], dict[str, Any] | None],
            adjustments: Iterable[Adjustment], rule: Rule,
            memo: dict[Any, Any] | None = None) -> dict[str, Any]:
    """The standings. ``memo`` (optional, kept by the caller between calls for one
    tournament and rule, used by one call at a time) holds the standings as last computed
    (``_Kept``): a call then redoes only what changed since — the tables whose reading is
    another object, the sums of the players seated there, the opponents' score of whoever
    met a player whose score moved, the rows that changed, the order — and the result is
    the same, value for value, bit for bit and in the same order, as without it
    (``tests/tournament/test_standings_incremental.py`` holds the two equal on random
    tournaments; ``tests/api/test_tournament_fast_paths.py`` through the API)."""
    players = list(players)
    rounds = list(rounds)
    adjustments = list(adjustments)
    if memo is None:
        return _Kept(players, rule).update(players, rounds, readings, adjustments)
    kept = memo.get("kept")
    if kept is None or not kept.fits(players, rounds, rule):
        kept = memo["kept"] = _Kept(players, rule)
    try:
        return kept.update(players, rounds, readings, adjustments)
    except BaseException:
        memo.pop("kept", None)  # half updated: the next call starts afresh
        raise


# A cell of a player's: (column figures or None, opponents or None, the entry of the
# player's rounds, a bye?, a table played?).
_OPPONENTS, _ENTRY, _BYE, _PLAYED = itemgetter(1), itemgetter(2), itemgetter(3), itemgetter(4)
_SIX = repeat(6)  # places every figure is rounded to


class _Kept:
    """The standings of one tournament as last computed, and what they were computed from,
    so that the next call redoes only what changed.

    Per player the *cells* — one per round the player was seated or had a bye, in round
    order: the column figures, the opponents (a finished table), the entry of the player's
    rounds — and from them the sums, tables played, byes, opponents met at each finished
    table, and the row shown. A player's sums are kept after every cell; when a cell
    changes (a new round, a table finished or corrected) they are added on from the sums
    before it, cell by cell in round order, then the adjustments in their order: the very
    additions the computation from scratch makes, so the floats are the same to the last
    bit (a sum kept and changed by differences would not be). The opponents' score is the
    same expression as from scratch, made again for the players seated at a changed table
    and for every player who met one whose (rounded) main score moved.

    After a whole round every player's row changes and all of this is done for each; after
    one more table, for its seats and their opponents, and the rows of the others are the
    ones shown before (a new rank alone copies the row)."""

    def __init__(self, players: list[Player], rule: Rule):
        self.rule = rule
        self.keys = [c.key for c in rule.columns]
        self.numbers = tuple(p.number for p in players)
        self.rounds: list[Round] = []
        self.applied: dict[tuple[int, int], tuple[Any, str]] = {}  # (reading, status)
        # Per player: the cells in round order, where each (round, table) stands among them,
        # the sums after each cell, and the first cell changed since they were added up.
        self.cells: dict[int, list[tuple]] = {n: [] for n in self.numbers}
        self.where: dict[int, dict[tuple[int, int], int]] = {n: {} for n in self.numbers}
        self.prefix: dict[int, list[list[float]]] = {n: [] for n in self.numbers}
        self.dirty: dict[int, int] = {}
        self.adjustments: list[Adjustment] = []
        # Per round: its tables' keys and tables, the readings applied (in that order),
        # the tables by status.
        self.tables_of: list[tuple[list[tuple[int, int]], tuple]] = []
        self.seen: list[list[Any]] = []
        self.counts: list[dict[str, int] | None] = []
        self.players: dict[int, Player] = {}
        # Per player: (rounded sums, adjustment, tables played, byes, rounds shown).
        self.figures: dict[int, tuple] = {}
        self.met: dict[int, list[list[int]]] = {}
        self.main: dict[int, float] = {}
        self.opponents: dict[int, float] = {}
        self.order: dict[int, tuple[float, ...]] = {}
        self.ranked: list[Player] = []
        self.rows: dict[int, dict[str, Any]] = {}  # each player's row as last shown
        self.rule_dict = rule.as_dict()
        self.columns = [c.as_dict() for c in rule.columns] + [OPPONENTS.as_dict()]

    def fits(self, players: list[Player], rounds: list[Round], rule: Rule) -> bool:
        """Whether these can be reached from what is kept: the same players (by number)
        and rule, and the rounds kept still the first ones (seated rounds never change; a
        restore may take some away)."""
        if rule is not self.rule and _rule_id(rule) != _rule_id(self.rule):
            return False
        if len(players) != len(self.numbers) or any(
                p.number != n for p, n in zip(players, self.numbers)):
            return False
        return len(self.rounds) <= len(rounds) and all(
            a is b or a == b for a, b in zip(self.rounds, rounds))

    def update(self, players: list[Player], rounds: list[Round],
               readings: Mapping[tuple[int, int], dict[str, Any] | None],
               adjustments: list[Adjustment]) -> dict[str, Any]:
        applied, tables_of, counts, seen = self.applied, self.tables_of, self.counts, self.seen
        # The tables whose reading is not the one applied (and the rounds seated since):
        # their seats' cells anew. A round's cells go in at its first sight, byes first,
        # then the tables in order, so each player's cells stand in round order.
        for index, rnd in enumerate(rounds):
            if index >= len(tables_of):
                tables_of.append(([(rnd.number, t.number) for t in rnd.tables], rnd.tables))
                counts.append(None)
                seen.append([])
                for player in rnd.byes:
                    self._put(player, (rnd.number, -1), self._bye(rnd))
            keys, tables = tables_of[index]
            now = list(map(readings.get, keys))
            if len(now) == len(seen[index]) and all(map(is_, now, seen[index])):
                continue  # every table of the round read as before (the usual round)
            for key, table, reading in zip(keys, tables, now):
                was = applied.get(key)
                if was is None or was[0] is not reading:
                    status = reading["status"] if reading else "not_started"
                    applied[key] = (reading, status)
                    self._seat(rnd, table, reading, status)
                    counts[index] = None
            seen[index] = now
            if counts[index] is None:  # the round's tables by status, counted again
                count = counts[index] = {"finished": 0, "playing": 0, "not_started": 0}
                for key in keys:
                    count[applied[key][1]] += 1
        self.rounds = rounds
        progress = {"finished": 0, "playing": 0, "not_started": 0}
        for count in counts:
            for status, tables in count.items():
                progress[status] += tables

        touched = set(self.dirty) if self.figures else set(self.numbers)
        if adjustments != self.adjustments:
            touched.update(a.player for a in self.adjustments)
            touched.update(a.player for a in adjustments)
            self.adjustments = adjustments
        by_player: dict[int, list[float]] = defaultdict(list)
        for adjustment in adjustments:
            by_player[adjustment.player].append(adjustment.points)

        # Each touched player's sums: on from the sums before the first cell changed, adding
        # the cells in round order (the additions made from scratch), then the adjustments.
        zero, cells, prefixes, dirty = [0.0] * len(self.keys), self.cells, self.prefix, self.dirty
        figures_of, main, met_of = self.figures, self.main, self.met
        moved: set[int] = set()
        for player in touched:
            if player not in cells:
                continue
            line, prefix = cells[player], prefixes[player]
            start = dirty.pop(player, len(line))
            del prefix[start:]
            sums = prefix[-1] if prefix else zero
            for cell in line[start:]:
                if cell[0] is not None:
                    sums = list(map(add, sums, cell[0]))
                prefix.append(sums)
            adjusted = 0.0
            if player in by_player:
                sums = list(sums)
                for points in by_player[player]:
                    adjusted += points
                    sums[0] += points
            met = met_of[player] = list(compress(map(_OPPONENTS, line), map(_PLAYED, line)))
            rounded = list(map(round, sums, _SIX))
            figures_of[player] = (rounded, adjusted, len(met), sum(map(_BYE, line)),
                                  list(map(_ENTRY, line)))
            if main.get(player) != rounded[0] or player not in main:
                moved.add(player)
                main[player] = rounded[0]

        # The opponents' score of the touched players and of whoever met one who moved.
        again = set(touched)
        for player in moved:
            for group in met_of[player]:
                again.update(group)
        score_of = main.__getitem__  # the same sums in the same order, as from scratch
        reorder, opponents_of, order_of, shown = False, self.opponents, self.order, self.rows
        for player in again:
            if player not in figures_of:
                continue
            opponents = round(sum([sum(map(score_of, group)) / len(group)
                                   for group in met_of[player] if group]), 6)
            if player in touched or opponents != opponents_of.get(player):
                shown.pop(player, None)
                opponents_of[player] = opponents
                order = (*[-v for v in figures_of[player][0]], -opponents)
                if order_of.get(player) != order:
                    order_of[player] = order
                    reorder = True

        known = self.players
        for player in players:  # a name, a club or a withdrawal changed
            if known.get(player.number) != player:
                known[player.number] = player
                shown.pop(player.number, None)
                reorder = True
        if reorder:
            self.ranked = sorted(players, key=lambda p: (order_of[p.number], p.number))

        rows, previous = [], None
        for index, player in enumerate(self.ranked):
            n = player.number
            order = order_of[n]
            rank = rows[-1]["rank"] if previous == order else index + 1
            previous = order
            row = shown.get(n)
            if row is None:
                row = shown[n] = self._row(rank, player)
            elif row["rank"] != rank:
                row = shown[n] = {**row, "rank": rank}  # the rank stays the first key
            rows.append(row)
        return {
            "rule": self.rule_dict,
            "columns": self.columns,
            "rows": rows,
            "adjustments": [a.as_dict() for a in adjustments],
            "progress": {"rounds": len(rounds), "tables": progress,
                         "latest": dict(counts[-1]) if counts else dict(progress)},
        }

    def _bye(self, rnd: Round) -> tuple:
        values = [0.0] * len(self.keys)
        for key, value in self.rule.bye.items():
            values[self.keys.index(key)] += value
        return values, None, {"round": rnd.number, "bye": True}, True, False

    def _seat(self, rnd: Round, table: Any, reading: dict[str, Any] | None,
              status: str) -> None:
        """The cells of a table's seats for its reading now."""
        key = (rnd.number, table.number)
        if status != "finished":
            for player in table.seats:
                self._put(player, key, (None, None, {
                    "round": rnd.number, "table": table.number, "status": status}, False, False))
            return
        share = _table_share(reading, table.seats, self.keys, self.rule)
        for player, (values, opponents, place, of, score) in zip(table.seats, share):
            self._put(player, key, (values, opponents, {
                "round": rnd.number, "table": table.number, "status": status,
                "place": place, "of": of, "score": score}, False, True))

    def _put(self, player: int, key: tuple[int, int], cell: tuple) -> None:
        """A player's cell of a round: added after the others, or in place of the one there."""
        line, where = self.cells[player], self.where[player]
        index = where.get(key)
        if index is None:
            index = where[key] = len(line)
            line.append(cell)
        else:
            line[index] = cell
        if index < self.dirty.get(player, index + 1):
            self.dirty[player] = index

    def _row(self, rank: int, player: Player) -> dict[str, Any]:
        n = player.number
        rounded, adjusted, played, byes, history = self.figures[n]
        return {
            "rank": rank, "number": n, "name": player.name, "club": player.club,
            "withdrawn": player.withdrawn,
            "figures": {k: _shown(v) for k, v in zip(self.keys, rounded)},
            "adjustment": _number(adjusted),
            "opponents": _shown(self.opponents[n]), "played": played, "byes": byes,
            "rounds": history,
        }


def _rule_id(rule: Rule) -> tuple:
    """What makes two rules the same (a match-points rule wraps its family's figures in a
    function of its own at each ``rule_for``)."""
    return (rule.id, rule.columns, rule.bye, rule.sv, rule.en)


def _table_share(reading: dict[str, Any], seats: tuple[int, ...], keys: list[str],
                 rule: Rule) -> list[tuple[list[float], list[int], int, int, float | int]]:
    """What a finished table gives each seat: the column figures, the opponents there,
    the place, of how many, and the main score as shown."""
    units = reading["units"]
    unit_of = {seat: u for u, unit in enumerate(units) for seat in unit["seats"]}
    figures = [rule.figures(reading, u) for u in range(len(units))]
    values = [[f.get(key, 0) for key in keys] for f in figures]
    scores = [_number(f.get(rule.main, 0)) for f in figures]
    others = [[other for s, other in enumerate(seats) if unit_of[s] != u]
              for u in range(len(units))]  # one list per unit: its players share it
    return [(values[u], others[u], reading["places"][u], len(units), scores[u])
            for u in (unit_of[seat] for seat in range(len(seats)))]


def _shown(value: float) -> float | int:
    """``number`` of a value already rounded to 6 places (3, not 3.0)."""
    value = float(value)
    return int(value) if value.is_integer() else value


def standings_order(standings: dict[str, Any], active: Iterable[int]) -> list[int]:
    """The active players in standings order: who seating 'by standings' puts first."""
    keep = set(active)
    return [row["number"] for row in standings["rows"] if row["number"] in keep]
