"""Seating a round: a random draw, by standings (Swiss-like), or partner rotation.

All three share the same steps:

1. **Byes.** ``sizes.table_sizes`` says how many players sit out. The bye goes to whoever has
   had the fewest byes so far; among them, by standings the lowest placed (the Swiss custom),
   in a random draw the last of the shuffled order.
2. **Tables.** The players, in order — the shuffled order of a random draw, the standings
   order otherwise — are seated table by table: the first unseated player opens a table and
   it is filled from the next few players in order (a window of three tables' worth),
   choosing the one who has met the fewest of those already seated there. So the leaders
   meet, and repeated meetings are avoided: a repair pass then swaps players between
   nearby tables while that removes repeats, so a repeat is left only where neither finds
   a way around it (a heuristic, not an exhaustive search). For two-player tables a
   backtracking search (the Swiss pairing of chess) finds a pairing without any repeat
   whenever one exists within its step budget. Players of one club are kept apart when it
   costs nothing else (a tie-break inside the window).
3. **Partners** (pair games: Bräus, 800, Fyrtioett). Of the three ways to split a table of
   four into two pairs, the one with the fewest repeated partners, then repeated opponents;
   on a tie, by standings the first and fourth play against the second and third, in a draw
   the order drawn decides.

**Partner rotation** (pair games) seats players in groups that stay together for three
rounds, the Priffe sits of ``shared/rules/README.md``: with A B C D, sit 1 A–C against B–D,
sit 2 A–B against C–D, sit 3 A–D against B–C, so everyone partners everyone in the group.
When the count does not divide by four, some groups have five: each round one of them sits
out (a bye) and the other four follow the whist schedule for five — sit-out *k*, partners
*k+1*/*k+4* against *k+2*/*k+3* (mod 5) — in which no two players partner twice. A new block
forms new groups (by standings, avoiding earlier opponents) after three sits, or at once
when a player withdrew. Fields too small for groups of five (fewer groups of four than
players left over) are seated round by round, by standings with partners rotated as in step 3.

Seating is deterministic: the same standings, history and seed give the same round, and the
seed is stored with the round, so a draw can be shown to be the one the software made.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from itertools import combinations, repeat
from typing import Callable, Iterable, Sequence

from .model import Round, SeatedTable
from .shapes import GameShape
from .sizes import table_sizes

METHODS = ("random", "standings", "rotation")

# The three Priffe sits: which two seats of a table of four (in group order A B C D) partner.
Sit = tuple[tuple[int, int], tuple[int, int]]  # the two pairs of a table of four, by position
PRIFFE_SITS: tuple[Sit, ...] = (
    ((0, 2), (1, 3)),  # A–C against B–D
    ((0, 1), (2, 3)),  # A–B against C–D
    ((0, 3), (1, 2)),  # A–D against B–C
)
SITS_PER_BLOCK = 3
REPEAT = 100  # the cost of two players meeting again; a shared club costs 1
WINDOW_TABLES = 3  # how far down the order a table is filled from, in tables' worth
REPAIR_REACH = 25  # how many nearby tables a repeat is swapped with
PAIRING_BUDGET = 50_000  # steps of the two-player backtracking search


@dataclass
class History:
    """Who met whom so far: at one table, as partners, as opponents; and the byes."""

    met: dict[int, Counter] = field(default_factory=lambda: defaultdict(Counter))
    partners: dict[int, Counter] = field(default_factory=lambda: defaultdict(Counter))
    opponents: dict[int, Counter] = field(default_factory=lambda: defaultdict(Counter))
    byes: Counter = field(default_factory=Counter)

    @classmethod
    def of(cls, rounds: Iterable[Round], shape: GameShape) -> "History":
        history = cls()
        for rnd in rounds:
            history.add(rnd, shape)
        return history

    def add(self, rnd: Round, shape: GameShape) -> None:
        """Count one more round in (a caller that keeps the history of the rounds so far
        adds the latest instead of counting them all again)."""
        met, partners, opponents = self.met, self.partners, self.opponents
        layouts: dict[int, list[tuple[int, int, bool]]] = {}  # by table size: seat pairs
        self.byes.update(rnd.byes)
        for table in rnd.tables:
            seats = table.seats
            layout = layouts.get(len(seats))
            if layout is None:
                layout = layouts[len(seats)] = [
                    (i, j, j in shape.team_of(i))
                    for i, j in combinations(range(len(seats)), 2)]
            for i, j, same in layout:  # ``c[k] = c.get(k, 0) + 1``: no __missing__ call
                a, b = seats[i], seats[j]
                kind = partners if same else opponents
                for counts in (met, kind):
                    row = counts[a]
                    row[b] = row.get(b, 0) + 1
                    row = counts[b]
                    row[a] = row.get(a, 0) + 1


class _Tally:
    """Each player's cost against one table being filled, kept up to date as players sit
    down: ``costs(players)`` equals ``[PairCost.to_group(p, table) for p in players]``
    (meetings are counted both ways, so the sum over the table's members can be gathered
    from their side; only real clubs are counted)."""

    def __init__(self, cost: "PairCost", first: int):
        self.cost = cost
        self.against: dict[int, int] = {}
        self.clubs: dict[str, int] = {}
        self.add(first)

    def add(self, member: int) -> None:
        met = self.cost.met.get(member)
        if met:
            against = self.against
            for other, times in met.items():
                against[other] = against.get(other, 0) + REPEAT * times
        club = self.cost.clubs.get(member)
        if club:
            self.clubs[club] = self.clubs.get(club, 0) + 1

    def costs(self, players: Sequence[int]) -> list[int]:
        against, clubs, club_of = self.against.get, self.clubs.get, self.cost.clubs.get
        return [against(p, 0) + clubs(club_of(p), 0) for p in players]


class PairCost:
    """What seating two players at one table costs: ``REPEAT`` for each time they met
    before, 1 when they share a club. Called tens of thousands of times a round, so it is
    lookups only, and ``to_group`` adds up a player's cost against a whole table at once
    (the same integer sum as calling it member by member)."""

    def __init__(self, met: dict[int, Counter], clubs: dict[int, str]):
        self.met = met
        self.clubs = clubs
        self._never: Counter = Counter()

    def __call__(self, a: int, b: int) -> int:
        club = self.clubs.get(a, "")
        return REPEAT * self.met.get(a, self._never).get(b, 0) + (
            1 if club and club == self.clubs.get(b, "") else 0)

    def tally(self, first: int) -> _Tally:
        return _Tally(self, first)

    def to_group(self, player: int, group: Sequence[int]) -> int:
        met = self.met.get(player)
        total = REPEAT * sum(map(met.get, group, repeat(0))) if met else 0
        club = self.clubs.get(player)
        if club:
            total += list(map(self.clubs.get, group)).count(club)
        return total


def seat_round(number: int, method: str, order: Sequence[int], shape: GameShape,
               previous: Sequence[Round], seed: int,
               clubs: dict[int, str] | None = None, history: History | None = None) -> Round:
    """Seat round ``number`` of the active players ``order`` (standings order: the leader
    first). ``previous`` are the rounds seated so far; ``history``, when the caller keeps
    it, is ``History.of(previous, shape)`` (only read here)."""
    if method not in METHODS:
        raise ValueError(f"unknown seating method {method!r}")
    if method == "rotation" and not shape.pairs:
        raise ValueError("partner rotation is for pair games")
    if history is None:
        history = History.of(previous, shape)
    clubs = clubs or {}
    order = list(order)
    if method == "random":
        order.sort()
        random.Random(seed).shuffle(order)

    cost = PairCost(history.met, clubs)

    if method == "rotation":
        seated = _rotation(number, order, previous, history, cost, seed)
        if seated is not None:
            return seated
    size = 4 if shape.pairs else shape.table_size
    lo, hi = (4, 4) if shape.pairs else (shape.min_players, shape.max_players)
    sizes, bye_count = table_sizes(len(order), size, lo, hi)
    byes = choose_byes(order, bye_count, history)
    playing = [p for p in order if p not in byes]
    groups = group_players(playing, sizes, cost)
    tables = []
    for index, group in enumerate(groups, start=1):
        seats = tuple(group)
        if shape.pairs:
            seats = split_pairs(group, history, by_standings=method != "random")
        tables.append(SeatedTable(index, seats))
    return Round(number, method, seed, tuple(tables), tuple(sorted(byes)))


# --- byes ----------------------------------------------------------------------------------------
def choose_byes(order: Sequence[int], count: int, history: History) -> set[int]:
    """The fewest byes so far first; among them the lowest in ``order``."""
    if count <= 0:
        return set()
    position = {player: index for index, player in enumerate(order)}
    ranked = sorted(order, key=lambda p: (history.byes[p], -position[p]))
    return set(ranked[:count])


# --- tables --------------------------------------------------------------------------------------
def group_players(order: Sequence[int], sizes: Sequence[int],
                  cost: Callable[[int, int], int]) -> list[list[int]]:
    """Split ``order`` into tables of ``sizes``, leaders together, repeats avoided."""
    if sizes and all(size == 2 for size in sizes):
        pairs = pair_without_repeats(order, cost)
        if pairs is not None:
            return pairs
    to_group = _to_group(cost)
    remaining = list(order)
    groups: list[list[int]] = []
    for size in sizes:
        group = [remaining.pop(0)]
        tally = cost.tally(group[0]) if isinstance(cost, PairCost) else None
        while len(group) < size:
            window = min(len(remaining), size * WINDOW_TABLES)
            if tally is not None:
                costs = tally.costs(remaining[:window])
            else:
                costs = [to_group(remaining[i], group) for i in range(window)]
            chosen = remaining.pop(costs.index(min(costs)))  # the first of the cheapest
            group.append(chosen)
            if tally is not None:
                tally.add(chosen)
        groups.append(group)
    repair(groups, cost)
    return groups


def _to_group(cost: Callable[[int, int], int]) -> Callable[[int, Sequence[int]], int]:
    """A player's cost against a whole table: ``PairCost.to_group`` when there is one."""
    fast = getattr(cost, "to_group", None)
    if fast is not None:
        return fast
    return lambda player, group: sum(cost(player, m) for m in group)


def pair_without_repeats(order: Sequence[int], cost: Callable[[int, int], int],
                         budget: int = PAIRING_BUDGET) -> list[list[int]] | None:
    """Two-player tables: each player, in order, with the next one he has not met (within
    the window, a player of another club first); backtracking when someone is left without
    a new opponent. None if no such pairing turned up within ``budget`` steps (then the
    greedy seating and repair take over)."""
    n = len(order)
    if n % 2:
        return None
    used = [False] * n

    def candidates(i: int) -> list[int]:
        free = [j for j in range(i + 1, n)
                if not used[j] and cost(order[i], order[j]) < REPEAT]
        window = free[:2 * WINDOW_TABLES]
        return sorted(window, key=lambda j: (cost(order[i], order[j]), j)) + free[len(window):]

    chosen: list[tuple[int, list[int], int]] = []  # (player, his candidates, which one)
    resume: tuple[int, list[int], int] | None = None
    i, steps = 0, 0
    while True:
        if resume is None:
            while i < n and used[i]:
                i += 1
            if i == n:
                return [[order[a], order[cands[k]]] for a, cands, k in chosen]
            cands, k = candidates(i), 0
        else:
            (i, cands, k), resume = resume, None
        steps += 1
        if steps > budget:
            return None
        if k < len(cands):
            used[i] = used[cands[k]] = True
            chosen.append((i, cands, k))
            i += 1
            continue
        if not chosen:
            return None
        last, last_cands, last_k = chosen.pop()
        used[last] = used[last_cands[last_k]] = False
        resume = (last, last_cands, last_k + 1)


def repair(groups: list[list[int]], cost: Callable[[int, int], int]) -> None:
    """Swap players between nearby tables while that removes repeated meetings (in place)."""
    to_group = _to_group(cost)

    def member_cost(group: list[int], player: int) -> int:
        return to_group(player, [other for other in group if other != player])

    met = cost.met if isinstance(cost, PairCost) else None
    for _ in range(3):
        improved = False
        for i, group in enumerate(groups):
            if met is not None and not _any_met(met, group):
                continue  # nobody there costs REPEAT: the loop below would stop at once
            for player in sorted(group, key=lambda p: -member_cost(group, p)):
                if member_cost(group, player) < REPEAT:
                    break
                if _swap_away(groups, i, player, member_cost, to_group):
                    improved = True
        if not improved:
            return


def _any_met(met: dict[int, Counter], group: Sequence[int]) -> bool:
    """Whether two players of ``group`` met before."""
    for index, player in enumerate(group):
        seen = met.get(player)
        if seen and any(seen.get(other) for other in group[index + 1:]):
            return True
    return False


def _swap_away(groups: list[list[int]], i: int, player: int, member_cost, to_group) -> bool:
    group = groups[i]
    nearby = sorted(range(len(groups)), key=lambda j: (abs(j - i), j))[1:REPAIR_REACH + 1]
    rest = [x for x in group if x != player]
    for j in nearby:
        other = groups[j]
        for candidate in other:
            before = member_cost(group, player) + member_cost(other, candidate)
            after = (to_group(candidate, rest)
                     + to_group(player, [x for x in other if x != candidate]))
            if after < before:
                group[group.index(player)] = candidate
                other[other.index(candidate)] = player
                return True
    return False


# --- partners ------------------------------------------------------------------------------------
def seats_for(group: Sequence[int], sit: Sit) -> tuple[int, ...]:
    """Seats 0 + 2 for the first pair, 1 + 3 for the second (partners sit opposite)."""
    (a, c), (b, d) = sit
    return (group[a], group[b], group[c], group[d])


def split_pairs(group: Sequence[int], history: History, by_standings: bool) -> tuple[int, ...]:
    """Of the three partnerships of a table of four: fewest repeated partners, then repeated
    opponents; ties by standings 1+4 against 2+3, in a draw the order drawn."""
    preference = (2, 0, 1) if by_standings else (0, 1, 2)

    def cost(index: int) -> tuple[int, int, int]:
        (a, c), (b, d) = PRIFFE_SITS[index]
        p = [group[k] for k in (a, b, c, d)]
        partners = history.partners[p[0]][p[2]] + history.partners[p[1]][p[3]]
        opponents = sum(history.opponents[x][y] for x in (p[0], p[2]) for y in (p[1], p[3]))
        return partners, opponents, preference.index(index)

    best = min(range(3), key=cost)
    return seats_for(group, PRIFFE_SITS[best])


def _five_sit(group: Sequence[int], sit: int) -> tuple[tuple[int, ...], int]:
    """A group of five at sit ``sit``: (the four seats, the player sitting out)."""
    k = sit % 5
    out = group[k]
    first = (group[(k + 1) % 5], group[(k + 4) % 5])
    second = (group[(k + 2) % 5], group[(k + 3) % 5])
    return (first[0], second[0], first[1], second[1]), out


def _rotation(number: int, order: list[int], previous: Sequence[Round], history: History,
              cost: Callable[[int, int], int], seed: int) -> Round | None:
    """Partner rotation, or None for a field too small for groups (seated by standings)."""
    last = previous[-1] if previous else None
    block = last.block if last is not None and last.method == "rotation" else None
    active = set(order)
    if (block and block["sit"] + 1 < SITS_PER_BLOCK
            and {p for g in block["groups"] for p in g} == active):
        groups = [list(g) for g in block["groups"]]
        sit = block["sit"] + 1
    else:
        fours, rest = divmod(len(order), 4)
        if rest > fours or not fours:
            return None
        sizes = [4] * (fours - rest) + [5] * rest
        groups = group_players(order, sizes, cost)
        sit = 0
    tables, byes = [], []
    for group in groups:
        if len(group) == 4:
            seats = seats_for(group, PRIFFE_SITS[sit])
        else:
            seats, out = _five_sit(group, sit)
            byes.append(out)
        tables.append(SeatedTable(len(tables) + 1, seats))
    return Round(number, "rotation", seed, tuple(tables), tuple(sorted(byes)),
                 {"groups": groups, "sit": sit})
