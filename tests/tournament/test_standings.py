"""Standings from known results, figure by figure: each game's scoring, byes, the
opponents' score, shared ranks, adjustments and Seeger-style match points."""

from __future__ import annotations

from api.tournament_logic.model import Adjustment, Limit, Player, Round, SeatedTable
from api.tournament_logic.scoring import rule_for
from api.tournament_logic.standings import compute
from tests.tournament.tables import braus_match, reading, rodskagg_deal

A, B = 0, 1


def players(count: int) -> list[Player]:
    return [Player(n, f"P{n}", "") for n in range(1, count + 1)]


def table(number: int, *seats: int) -> SeatedTable:
    return SeatedTable(number, tuple(seats))


def rows_by_number(standings) -> dict[int, dict]:
    return {row["number"]: row for row in standings["rows"]}


# --- Bräus: matches, ritor, ritor difference -----------------------------------------------------
def braus_event():
    rounds = [
        Round(1, "random", 1, (table(1, 1, 2, 3, 4), table(2, 5, 6, 7, 8))),
        Round(2, "standings", 2, (table(1, 1, 6, 8, 3), table(2, 2, 5, 7, 4))),
    ]
    readings = {
        (1, 1): reading("braus", braus_match(0, loser_ritor=2)),  # 1 + 3 beat 2 + 4, 6–2
        (1, 2): reading("braus", braus_match(1)),  # 6 + 8 beat 5 + 7, 6–0
        (2, 1): reading("braus", braus_match(1, loser_ritor=5)),  # 6 + 3 beat 1 + 8, 6–5
        (2, 2): reading("braus", braus_match(0)[:3]),  # still playing
    }
    return rounds, readings


def test_braus_standings_with_exact_figures():
    rounds, readings = braus_event()
    standings = compute(players(8), rounds, readings, [], rule_for("braus", 2))
    got = {row["number"]: (row["rank"], row["figures"]["matches"], row["figures"]["ritor"],
                           row["figures"]["ritor_diff"], row["opponents"], row["played"])
           for row in standings["rows"]}
    assert got == {
        6: (1, 2, 12, 7, 1, 2),
        3: (2, 2, 12, 5, 1, 2),
        8: (3, 1, 11, 5, 2, 2),
        1: (4, 1, 11, 3, 2, 2),
        2: (5, 0, 2, -4, 1.5, 1),
        4: (5, 0, 2, -4, 1.5, 1),  # level with 2 on everything: the same rank
        5: (7, 0, 0, -6, 1.5, 1),
        7: (7, 0, 0, -6, 1.5, 1),
    }
    assert [row["number"] for row in standings["rows"]] == [6, 3, 8, 1, 2, 4, 5, 7]
    assert standings["progress"] == {
        "rounds": 2, "tables": {"finished": 3, "playing": 1, "not_started": 0},
        "latest": {"finished": 1, "playing": 1, "not_started": 0}}
    two = rows_by_number(standings)[2]["rounds"]
    assert two == [{"round": 1, "table": 1, "status": "finished", "place": 2, "of": 2,
                    "score": 0},
                   {"round": 2, "table": 2, "status": "playing"}]
    assert [c["key"] for c in standings["columns"]] == ["matches", "ritor", "ritor_diff",
                                                        "opponents"]
    words = standings["rule"]["tie_breaks"]["en"]
    assert "then ritor won, then ritor difference, then the opponents' score" in words


def test_an_adjustment_moves_the_main_score_and_is_listed():
    rounds, readings = braus_event()
    adjustment = Adjustment("a1", 7, 1, "Opponent's phone died in round 1", 1, "t")
    standings = compute(players(8), rounds, readings, [adjustment], rule_for("braus", 2))
    seven = rows_by_number(standings)[7]
    assert seven["figures"]["matches"] == 1 and seven["adjustment"] == 1
    assert seven["rank"] == 5  # after 8 and 1 (ritor), before 2 and 4
    assert standings["adjustments"] == [{"id": "a1", "player": 7, "points": 1,
                                         "reason": "Opponent's phone died in round 1",
                                         "round": 1, "created_at": "t"}]
    # The opponents' score reads the adjusted main score: 6 and 8 met 7 in round 1.
    assert rows_by_number(standings)[6]["opponents"] == 1.5


def test_a_bye_counts_as_a_won_match_in_a_pair_game():
    rounds = [Round(1, "random", 1, (table(1, 1, 2, 3, 4),), byes=(5,))]
    readings = {(1, 1): reading("braus", braus_match(0))}
    five = rows_by_number(compute(players(5), rounds, readings, [], rule_for("braus", 2)))[5]
    assert five["figures"] == {"matches": 1, "ritor": 0, "ritor_diff": 0}
    assert five["byes"] == 1 and five["played"] == 0
    assert five["rounds"] == [{"round": 1, "bye": True}]


# --- Rödskägg: placing; and Seeger-style match points ------------------------------------------
def rodskagg_event():
    """Two deals a round. Table 1 (four): 2 first (8), 1 second (9), 3 and 4 level (12).
    Table 2 (three): 6 first (9), 5 second (10), 7 last (12)."""
    rounds = [Round(1, "random", 1, (table(1, 1, 2, 3, 4), table(2, 5, 6, 7)))]
    limit = Limit(deals=2)
    readings = {
        (1, 1): reading("rodskagg", [rodskagg_deal(0, 3, [3, 1, 1, 1]),
                                     rodskagg_deal(1, 2, [0, 4, 1, 1])], limit=limit),
        (1, 2): reading("rodskagg", [rodskagg_deal(0, 2, [2, 2, 2]),
                                     rodskagg_deal(1, 3, [1, 3, 2])], seats=3, limit=limit),
    }
    return rounds, readings


def test_rodskagg_placing_points_with_a_shared_place():
    rounds, readings = rodskagg_event()
    standings = compute(players(7), rounds, readings, [], rule_for("rodskagg", 4))
    got = {row["number"]: (row["rank"], row["figures"], row["opponents"])
           for row in standings["rows"]}
    assert got == {
        2: (1, {"placing": 3, "wins": 1, "gained": 4}, 1),
        6: (2, {"placing": 2, "wins": 1, "gained": 3}, 0.5),
        1: (3, {"placing": 2, "wins": 0, "gained": 3}, 1.333333),
        5: (4, {"placing": 1, "wins": 0, "gained": 2}, 1),
        3: (5, {"placing": 0.5, "wins": 0, "gained": 0}, 1.833333),
        4: (5, {"placing": 0.5, "wins": 0, "gained": 0}, 1.833333),
        7: (7, {"placing": 0, "wins": 0, "gained": 0}, 1.5),
    }


def test_seeger_style_match_points_weigh_tables_of_three_and_four_alike():
    rounds, readings = rodskagg_event()
    rule = rule_for("rodskagg", 4, scoring="match_points")
    standings = compute(players(7), rounds, readings, [], rule)
    points = {row["number"]: row["figures"]["match_points"] for row in standings["rows"]}
    # Four at a table: 40 an opponent beaten, 20 for a level one; three: 60 and 30.
    assert points == {2: 120, 6: 120, 1: 80, 5: 60, 3: 20, 4: 20, 7: 0}
    assert [row["number"] for row in standings["rows"]][:2] == [2, 6]  # placing breaks it
    assert [c["key"] for c in standings["columns"]][:2] == ["match_points", "placing"]


def test_a_bye_at_a_placing_game_is_an_average_table():
    rounds = [Round(1, "random", 1, (table(1, 1, 2, 3, 4),), byes=(5,))]
    readings = {(1, 1): reading("rodskagg", [rodskagg_deal(0, 3, [3, 1, 1, 1])],
                                limit=Limit(deals=1))}
    five = rows_by_number(compute(players(5), rounds, readings, [],
                                  rule_for("rodskagg", 4)))[5]
    assert five["figures"] == {"placing": 1.5, "wins": 0.25, "gained": 0}


# --- Schnapsen: Bummerl and game points ----------------------------------------------------------
def test_schnapsen_bummerl_then_game_points():
    hands = [(A, 3), (B, 2), (A, 3), (A, 1)]
    rounds = [Round(1, "random", 1, (table(1, 1, 2), table(2, 3, 4)))]
    readings = {
        (1, 1): reading("schnapsen", [{"type": "result", "winner": w, "game_points": gp}
                                      for w, gp in hands], seats=2),
        (1, 2): reading("schnapsen", [{"type": "result", "winner": B, "game_points": 3}] * 3,
                        seats=2),
    }
    standings = compute(players(4), rounds, readings, [], rule_for("schnapsen", 2))
    got = {row["number"]: (row["rank"], row["figures"]) for row in standings["rows"]}
    assert got == {
        1: (1, {"bummerl": 1, "game_points": 7, "matches": 1}),
        4: (1, {"bummerl": 1, "game_points": 7, "matches": 1}),  # level: a shared rank
        2: (3, {"bummerl": 0, "game_points": 2, "matches": 0}),
        3: (4, {"bummerl": 0, "game_points": 0, "matches": 0}),
    }
