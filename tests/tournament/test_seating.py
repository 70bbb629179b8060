"""Seating: table sizes and byes, the seeded draw, Swiss-like seating by standings without
repeated meetings where they can be avoided, partners, and the Priffe rotation."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from api.tournament_logic.model import Round, SeatedTable
from api.tournament_logic.seating import (PRIFFE_SITS, REPEAT, History, PairCost,
                                          group_players, seat_round, split_pairs)
from api.tournament_logic.shapes import shape_of
from api.tournament_logic.sizes import table_sizes

BRAUS = shape_of("braus")
SCHNAPSEN = shape_of("schnapsen")
RODSKAGG = shape_of("rodskagg")


def play_rounds(shape, players, methods, order_of=None, clubs=None):
    """Seat one round per method; the standings order is ``order_of(rounds)`` (default: by
    start number, as before any result)."""
    rounds: list[Round] = []
    for number, method in enumerate(methods, start=1):
        order = order_of(rounds) if order_of else list(players)
        rounds.append(seat_round(number, method, order, shape, rounds, seed=number,
                                 clubs=clubs))
    return rounds


def meetings(rounds) -> Counter:
    """How often each pair of players sat at one table."""
    met: Counter = Counter()
    for rnd in rounds:
        for table in rnd.tables:
            met.update(frozenset(p) for p in combinations(table.seats, 2))
    return met


def partnerships(rounds) -> Counter:
    """Pair games: how often each pair partnered (seats 0 + 2 and 1 + 3)."""
    partners: Counter = Counter()
    for rnd in rounds:
        for table in rnd.tables:
            s = table.seats
            partners.update([frozenset((s[0], s[2])), frozenset((s[1], s[3]))])
    return partners


def everyone_seated_once(rnd: Round, players) -> None:
    seated = [p for t in rnd.tables for p in t.seats] + list(rnd.byes)
    assert sorted(seated) == sorted(players)


# --- sizes and byes ------------------------------------------------------------------------------
@pytest.mark.parametrize("players, preferred, lo, hi, sizes, byes", [
    (1000, 4, 4, 4, [4] * 250, 0),  # Bräus: 250 tables
    (1003, 4, 4, 4, [4] * 250, 3),  # three sit out
    (9, 2, 2, 2, [2] * 4, 1),  # Schnapsen: one bye
    (1001, 4, 3, 7, [4] * 249 + [5], 0),  # Rödskägg: one table of five, nobody waits
    (11, 4, 3, 5, [4, 4, 3], 0),  # Norrandsknack: a table of three
    (10, 4, 3, 7, [5, 5], 0),  # two fives rather than 4 + 3 + 3
    (2, 4, 3, 7, [], 2),  # too few for a table
])
def test_table_sizes(players, preferred, lo, hi, sizes, byes):
    assert table_sizes(players, preferred, lo, hi) == (sizes, byes)


def test_byes_go_to_the_fewest_byes_then_the_lowest_placed():
    players = list(range(1, 10))  # nine Schnapsen players: one bye a round
    rounds = play_rounds(SCHNAPSEN, players, ["standings"] * 9)
    byes = [rnd.byes for rnd in rounds]
    assert byes[0] == (9,)  # the lowest placed
    assert sorted(b for (b,) in byes) == players  # nobody sits out twice in nine rounds
    for rnd in rounds:
        everyone_seated_once(rnd, players)


# --- the draw ------------------------------------------------------------------------------------
def test_a_random_draw_is_seeded_and_recorded():
    players = list(range(1, 41))
    first = seat_round(1, "random", players, RODSKAGG, [], seed=42)
    again = seat_round(1, "random", list(reversed(players)), RODSKAGG, [], seed=42)
    other = seat_round(1, "random", players, RODSKAGG, [], seed=43)
    assert first == again  # the seed alone decides, not the order handed in
    assert first.seed == 42 and first.method == "random"
    assert first.tables != other.tables
    assert [len(t.seats) for t in first.tables] == [4] * 10
    everyone_seated_once(first, players)


# --- by standings --------------------------------------------------------------------------------
def test_by_standings_the_leaders_meet():
    players = list(range(1, 17))
    first = seat_round(1, "standings", players, RODSKAGG, [], seed=1)
    assert [t.seats for t in first.tables] == [(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12),
                                               (13, 14, 15, 16)]
    # After round 1 the winners of the four tables lead: they meet at table 1.
    order = [1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 4, 8, 12, 16]
    second = seat_round(2, "standings", order, RODSKAGG, [first], seed=2)
    assert second.tables[0].seats == (1, 5, 9, 13)
    assert meetings([first, second]).most_common(1)[0][1] == 1


def test_two_player_tables_play_a_round_robin_without_a_repeat():
    """Eight players, seven rounds by standings: every pairing is forced in the end and the
    backtracking search still finds one without a repeat each round."""
    players = list(range(1, 9))

    def order_of(rounds):  # a shifting standings order, as results would make it
        n = len(rounds)
        return players[n % 8:] + players[:n % 8]

    rounds = play_rounds(SCHNAPSEN, players, ["standings"] * 7, order_of)
    met = meetings(rounds)
    assert len(met) == 28 and set(met.values()) == {1}  # everyone met everyone once


def test_four_player_tables_avoid_repeats_over_many_rounds():
    players = list(range(1, 33))
    rounds = play_rounds(RODSKAGG, players, ["random"] + ["standings"] * 4,
                         order_of=lambda rounds: sorted(players, key=lambda p: (p * 7) % 33))
    assert max(meetings(rounds).values()) == 1


def test_a_repeat_is_taken_only_when_it_cannot_be_avoided():
    """Five players at tables of three to five always sit together: round 2 must repeat."""
    players = list(range(1, 6))
    rounds = play_rounds(shape_of("norrandsknack"), players, ["standings", "standings"])
    assert [len(t.seats) for t in rounds[1].tables] == [5]
    assert max(meetings(rounds).values()) == 2


def test_the_repair_pass_swaps_a_repeat_away():
    met = {frozenset((1, 2))}

    def cost(a, b):
        return 100 if frozenset((a, b)) in met else 0

    # Greedy would seat 1 with 2 (the window holds only them); repair moves 2 away.
    groups = group_players([1, 2, 3, 4], [2, 2], cost)
    assert all(frozenset(g) not in met for g in groups)


def test_clubs_are_kept_apart_when_it_costs_nothing():
    clubs = {1: "visby", 2: "visby", 3: "slite", 4: "roma", 5: "slite", 6: "roma"}
    rnd = seat_round(1, "standings", [1, 2, 3, 4, 5, 6], SCHNAPSEN, [], seed=1, clubs=clubs)
    assert all(clubs[a] != clubs[b] for a, b in (t.seats for t in rnd.tables))


def test_a_thousand_braus_players_over_seven_rounds_never_meet_twice():
    players = list(range(1, 1001))
    rounds = play_rounds(BRAUS, players, ["random"] + ["standings"] * 6)
    assert all(len(r.tables) == 250 and not r.byes for r in rounds)
    assert max(meetings(rounds).values()) == 1


# --- partners ------------------------------------------------------------------------------------
def test_partners_by_standings_first_and_fourth_against_second_and_third():
    seats = split_pairs([1, 2, 3, 4], History(), by_standings=True)
    assert seats == (1, 2, 4, 3)  # 1 + 4 at seats 0 and 2, 2 + 3 at seats 1 and 3


def test_partners_are_not_repeated_when_another_split_is_free():
    history = History.of([Round(1, "standings", 1, (SeatedTable(1, (1, 2, 4, 3)),))], BRAUS)
    seats = split_pairs([1, 2, 3, 4], history, by_standings=True)
    assert {frozenset((seats[0], seats[2])), frozenset((seats[1], seats[3]))} & {
        frozenset((1, 4)), frozenset((2, 3))} == set()


def test_pair_games_by_standings_rotate_partners():
    players = list(range(1, 17))
    rounds = play_rounds(BRAUS, players, ["random"] + ["standings"] * 4,
                         order_of=lambda rounds: players)
    assert max(partnerships(rounds).values()) == 1


# --- the Priffe rotation -------------------------------------------------------------------------
def test_rotation_follows_the_three_priffe_sits():
    """README: with A B C D, sit 1 A–C vs B–D, sit 2 A–B vs C–D, sit 3 A–D vs B–C."""
    assert PRIFFE_SITS == (((0, 2), (1, 3)), ((0, 1), (2, 3)), ((0, 3), (1, 2)))
    rounds = play_rounds(BRAUS, [1, 2, 3, 4], ["rotation"] * 3)
    assert [r.tables[0].seats for r in rounds] == [(1, 2, 3, 4), (1, 3, 2, 4), (1, 2, 4, 3)]
    assert [r.block["sit"] for r in rounds] == [0, 1, 2]


def test_rotation_covers_every_partner():
    players = list(range(1, 13))
    rounds = play_rounds(BRAUS, players, ["rotation"] * 3)
    partners = partnerships(rounds)
    groups = rounds[0].block["groups"]
    for group in groups:  # in each group of four everyone partnered everyone, once
        assert {frozenset(p) for p in combinations(group, 2)} <= set(partners)
    assert set(partners.values()) == {1} and len(partners) == 3 * 6


def test_rotation_with_a_remainder_uses_groups_of_five_and_byes():
    players = list(range(1, 11))  # 10 = 4 + 4 + 2: two groups of five, one out of each
    rounds = play_rounds(BRAUS, players, ["rotation"] * 3)
    for rnd in rounds:
        assert len(rnd.tables) == 2 and len(rnd.byes) == 2
        everyone_seated_once(rnd, players)
    byes = Counter(b for r in rounds for b in r.byes)
    assert max(byes.values()) == 1  # nobody sits out twice in a block
    assert max(partnerships(rounds).values()) == 1


def test_rotation_starts_a_new_block_after_three_sits():
    players = list(range(1, 17))
    rounds = play_rounds(BRAUS, players, ["rotation"] * 4)
    first, fourth = rounds[0].block["groups"], rounds[3].block["groups"]
    assert rounds[3].block["sit"] == 0 and first != fourth
    old = {p: i for i, g in enumerate(first) for p in g}
    for group in fourth:  # the new groups mix the old ones: nobody meets an old opponent
        assert len({old[p] for p in group}) == 4


def test_rotation_is_only_for_pair_games():
    with pytest.raises(ValueError):
        seat_round(1, "rotation", [1, 2, 3, 4], RODSKAGG, [], seed=1)


@pytest.mark.parametrize("shape", [BRAUS, RODSKAGG, SCHNAPSEN], ids=lambda s: s.id)
def test_the_kept_pair_cost_chooses_as_the_pair_by_pair_sum_does(shape):
    """``PairCost`` (and the table's running tally inside ``group_players``) is a faster way
    to the same numbers: on seeded random histories with clubs, the tables it fills and
    repairs are the ones the plain pair-by-pair cost gives."""
    import random

    rng = random.Random(16)
    for trial in range(8):
        players = list(range(1, rng.randrange(20, 90)))
        clubs = {p: rng.choice(["visby", "slite", "roma", ""]) for p in players}
        orders = [rng.sample(players, len(players)) for _ in range(4)]
        rounds = play_rounds(shape, players, ["random"] + ["standings"] * 3,
                             order_of=lambda done: orders[len(done)], clubs=clubs)
        history = History.of(rounds, shape)
        fast = PairCost(history.met, clubs)

        def plain(a, b):
            club = clubs.get(a, "")
            return REPEAT * history.met[a][b] + (1 if club and club == clubs.get(b, "") else 0)

        order = rng.sample(players, len(players))
        sizes, _ = table_sizes(len(order), shape.table_size, shape.min_players,
                               shape.max_players)
        assert group_players(order, sizes, fast) == group_players(order, sizes, plain)
        assert all(fast.to_group(p, order[:5]) == sum(plain(p, q) for q in order[:5])
                   for p in order)
