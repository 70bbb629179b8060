"""Reading a table for the tournament: when its round is over, who won, who placed where —
from real protokolls played through the engine."""

from __future__ import annotations

from api.tournament_logic.model import Limit
from tests.tournament.tables import braus_match, reading, rodskagg_deal

A, B = 0, 1


def test_a_braus_match_to_six_ritor():
    r = reading("braus", braus_match(0, loser_ritor=2))
    assert (r["status"], r["over"], r["limit_reached"]) == ("finished", True, False)
    assert [u["seats"] for u in r["units"]] == [[0, 2], [1, 3]]
    assert [u["total"] for u in r["units"]] == [6, 2]
    assert r["won"] == [1.0, 0.0] and r["places"] == [1, 2]


def test_not_started_and_playing_count_nothing():
    assert reading("braus", [])["status"] == "not_started"
    playing = reading("braus", braus_match(0)[:3])
    assert playing["status"] == "playing" and playing["won"] == [0.0, 0.0]


def test_a_target_per_round_ends_the_round_at_that_row():
    events = braus_match(1, loser_ritor=2)  # pair 0 gets 2, then pair 1 runs to 6
    r = reading("braus", events, limit=Limit(target=3))
    assert r["status"] == "finished" and r["limit_reached"]
    assert [u["total"] for u in r["units"]] == [2, 3]  # rows after the target do not count
    assert r["won"] == [0.0, 1.0]


def test_rodskagg_after_two_deals_places_by_points_down():
    events = [rodskagg_deal(0, 3, [3, 1, 1, 1]), rodskagg_deal(1, 2, [0, 4, 1, 1]),
              rodskagg_deal(2, 3, [1, 1, 3, 1])]
    r = reading("rodskagg", events, limit=Limit(deals=2))
    assert r["direction"] == "down" and r["deals"] == 2
    assert [u["total"] for u in r["units"]] == [9, 8, 12, 12]  # the third deal is not read
    assert [u["gained"] for u in r["units"]] == [3, 4, 0, 0]
    assert r["places"] == [2, 1, 3, 3] and r["won"] == [0.0, 1.0, 0.0, 0.0]


def test_a_level_top_after_the_deals_shares_the_win():
    events = [rodskagg_deal(0, 2, [2, 2, 1, 1]), rodskagg_deal(1, 2, [1, 2, 2, 1])]
    r = reading("rodskagg", events, limit=Limit(deals=2))
    assert [u["total"] for u in r["units"]] == [10, 10, 12, 12]
    assert r["won"] == [0.5, 0.5, 0.0, 0.0] and r["places"] == [1, 1, 3, 3]


def test_schnapsen_counts_bummerl_and_game_points_from_the_rows():
    events = [{"type": "result", "winner": w, "game_points": gp}
              for w, gp in ((A, 3), (B, 2), (A, 3), (A, 1))]
    r = reading("schnapsen", events, seats=2)
    assert r["over"] and r["bummerl_played"] == 1
    assert [u["bummerl_lost"] for u in r["units"]] == [0, 1]
    assert [u["gained"] for u in r["units"]] == [7, 2]  # game points won, from 7 down
    assert r["won"] == [1.0, 0.0]


def test_800_has_a_column_per_pair():
    events = [{"type": "result", "points": [60, 33]}, {"type": "result", "points": [50, 43]},
              {"type": "result", "points": [10, 83]}]
    r = reading("800", events, limit=Limit(target=100))
    assert [u["seats"] for u in r["units"]] == [[0, 2], [1, 3]]
    assert [u["total"] for u in r["units"]] == [110, 76]
    assert r["deals"] == 2 and r["won"] == [1.0, 0.0]


def test_findings_get_stable_keys():
    events = [{"type": "deal"},
              {"type": "trick", "cards": "♦J ♠J", "over": [2, 0]},
              {"type": "trick", "cards": "♦A ♥A", "over": [0, 1]}]
    (finding,) = reading("braus", events)["findings"]
    assert finding["key"] == "0:stood_over_with_higher:2"
    assert finding["rule"] == "Bräus — Spelet"
