"""Ratings across events with openskill: partners share a result, the order of play counts,
a person is the same across events by name and club, and every table leaves history."""

from __future__ import annotations

import pytest

from api.tournament_logic.model import Player, Round, SeatedTable, default_key
from api.tournament_logic.ratings import rate, rated_tables, ranked
from tests.tournament.tables import braus_match, reading


def table_of(event: str, round_: int, teams, ranks, at="2026-01-01"):
    names = {key: (key.split("|")[0].title(), "") for team in teams for key in team}
    return {"tournament": event, "tournament_name": event, "at": at, "round": round_,
            "table": 1, "teams": teams, "ranks": ranks, "names": names}


def test_partners_share_the_result():
    players = rate([table_of("e1", 1, [["anna|", "cia|"], ["bo|", "dan|"]], [1, 2])])
    assert players["anna|"]["mu"] == players["cia|"]["mu"] > 25
    assert players["bo|"]["mu"] == players["dan|"]["mu"] < 25
    assert players["anna|"]["sigma"] < 25 / 3  # the model is surer after a game
    assert players["anna|"]["ordinal"] == pytest.approx(
        players["anna|"]["mu"] - 3 * players["anna|"]["sigma"], abs=1e-3)


def test_beating_strong_players_with_a_weak_partner_lifts_more():
    history = [table_of("e1", r, [["strong|", "x|"], ["y|", "z|"]], [1, 2]) for r in (1, 2, 3)]
    final = rate(history + [table_of("e2", 1, [["weak|", "newbie|"], ["strong|", "x|"]],
                                     [1, 2])])
    plain = rate([table_of("e2", 1, [["weak|", "newbie|"], ["other|", "more|"]], [1, 2])])
    assert final["weak|"]["mu"] > plain["weak|"]["mu"]


def test_a_draw_moves_nobody_apart():
    players = rate([table_of("e1", 1, [["a|"], ["b|"]], [1, 1])])
    assert players["a|"]["mu"] == pytest.approx(players["b|"]["mu"])


def test_history_and_ranking_over_two_events():
    tables = [table_of("e1", 1, [["a|"], ["b|"]], [1, 2], at="2026-01-01"),
              table_of("e2", 1, [["a|"], ["b|"]], [2, 1], at="2026-02-01"),
              table_of("e2", 2, [["a|"], ["c|"]], [1, 2], at="2026-02-01")]
    players = rate(tables)
    assert [h["tournament"] for h in players["a|"]["history"]] == ["e1", "e2", "e2"]
    assert players["a|"]["events"] == ["e1", "e2"] and players["a|"]["tables"] == 3
    assert players["a|"]["history"][-1]["ordinal"] == players["a|"]["ordinal"]
    listed = ranked(players)
    assert [row["rank"] for row in listed] == [1, 2, 3]
    assert listed[0]["key"] == "a|" and listed[0]["events"] == 2
    assert [row["ordinal"] for row in listed] == sorted((r["ordinal"] for r in listed),
                                                        reverse=True)


def test_the_same_person_across_events_by_name_and_club():
    assert default_key(" Anna  Berg ", "Visby BK") == default_key("anna berg", "VISBY bk")
    assert Player(1, "Anna", "Visby", key="lic-123").rating_key == "lic-123"


def test_tournament_tables_become_teams_by_pair():
    players = {n: Player(n, f"P{n}", "K") for n in range(1, 5)}
    rounds = [Round(1, "random", 1, (SeatedTable(1, (1, 2, 3, 4)),))]
    readings = {(1, 1): reading("braus", braus_match(1))}
    tournament = {"id": "t1", "name": "Cup", "created_at": "2026-03-01"}
    (table,) = rated_tables(tournament, players, rounds, readings)
    assert table["teams"] == [["p1|k", "p3|k"], ["p2|k", "p4|k"]]
    assert table["ranks"] == [2, 1]
