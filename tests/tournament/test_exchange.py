"""Exports read back: the JSON export gives the same standings when every table is read
again from its protokoll; the CSVs read back to the same figures and totals."""

from __future__ import annotations

import json

import pytest

from api.tournament_logic import exchange
from api.tournament_logic.model import Adjustment, Limit, Player, Round, SeatedTable
from api.tournament_logic.reading import read_table
from api.tournament_logic.scoring import rule_for
from api.tournament_logic.shapes import shape_of
from api.tournament_logic.standings import compute
from tests.tournament.tables import rodskagg_deal, source

LIMIT = Limit(deals=2)
SETTINGS = {"id": "t1", "name": "Klubbmästerskapet", "game": "rodskagg", "title": "Rödskägg",
            "options": {}, "rounds": 2, "per_round": LIMIT.as_dict(), "scoring": "game",
            "table_size": 4, "created_at": "2026-11-22T10:00:00+00:00"}


def event():
    players = [Player(n, f"Spelare {n}", "Visby" if n % 2 else "Slite") for n in range(1, 8)]
    rounds = [Round(1, "random", 11, (SeatedTable(1, (1, 2, 3, 4)), SeatedTable(2, (5, 6, 7)))),
              Round(2, "standings", 12, (SeatedTable(1, (2, 6, 1, 5)),
                                         SeatedTable(2, (3, 4, 7))))]
    sources = {
        (1, 1): source("rodskagg", [rodskagg_deal(0, 3, [3, 1, 1, 1]),
                                    rodskagg_deal(1, 2, [0, 4, 1, 1])]),
        (1, 2): source("rodskagg", [rodskagg_deal(0, 2, [2, 2, 2]),
                                    rodskagg_deal(1, 3, [1, 3, 2])], seats=3),
        (2, 1): source("rodskagg", [rodskagg_deal(2, 4, [1, 0, 4, 1]),
                                    rodskagg_deal(3, 2, [2, 1, 1, 2])]),
        (2, 2): source("rodskagg", [rodskagg_deal(0, 1, [1, 2, 3])], seats=3),  # playing
    }
    adjustments = [Adjustment("a1", 3, -1, "Slow play, warned twice", 2, "2026-11-22T12:00")]
    return players, rounds, sources, adjustments


def standings_of(players, rounds, sources, adjustments):
    sides = shape_of("rodskagg").sides
    readings = {key: read_table(s["sheet"], s["result"], s["over"], s["findings"], s["seq"],
                                len(rnd.tables[key[1] - 1].seats), sides, LIMIT)
                for rnd in rounds for key, s in sources.items() if key[0] == rnd.number}
    return compute(players, rounds, readings, adjustments, rule_for("rodskagg", 4))


def test_the_json_export_reads_back_to_the_same_standings():
    players, rounds, sources, adjustments = event()
    standings = standings_of(players, rounds, sources, adjustments)
    doc = exchange.export_document(SETTINGS, players, rounds, sources, adjustments, standings)
    doc = json.loads(json.dumps(doc))  # as it travels
    parts = exchange.read_export(doc)
    again = standings_of(parts["players"], parts["rounds"], parts["sources"],
                         parts["adjustments"])
    assert again == standings == doc["standings"]
    assert parts["tournament"]["per_round"] == {"deals": 2}
    assert parts["rounds"] == rounds


def test_the_standings_csv_reads_back_to_the_same_figures():
    players, rounds, sources, adjustments = event()
    standings = standings_of(players, rounds, sources, adjustments)
    text = exchange.standings_csv(standings)
    assert text.splitlines()[0] == ("rank,number,name,club,placing,wins,gained,adjustment,"
                                    "opponents,played,byes,withdrawn")
    expected = [{k: v for k, v in row.items() if k != "rounds"} for row in standings["rows"]]
    assert exchange.read_standings_csv(text) == expected


def test_the_protokolls_csv_reads_back_to_every_tables_protokoll():
    players, rounds, sources, adjustments = event()
    tables = exchange.read_protokolls_csv(exchange.protokolls_csv(rounds, sources, "sv"))
    assert set(tables) == set(sources)
    for key, src in sources.items():
        sheet = src["sheet"]
        assert tables[key]["players"] == sheet["players"]
        assert [r["totals"] for r in tables[key]["rows"]] == [r["totals"] for r in sheet["rows"]]
        assert [r["changes"] for r in tables[key]["rows"]] == [r["changes"]
                                                              for r in sheet["rows"]]
        assert [r["what"] for r in tables[key]["rows"]] == [r["label"]["sv"]
                                                           for r in sheet["rows"]]


@pytest.mark.parametrize("doc, field", [
    ([], "format"),
    ({"format": "something-else"}, "format"),
    ({"format": "protokoll-tournament", "version": 99}, "version"),
    ({"format": "protokoll-tournament", "version": 1, "tournament": {"name": "x"}},
     "tournament.game"),
])
def test_a_document_that_is_not_an_export_is_refused(doc, field):
    with pytest.raises(exchange.ExportError) as refused:
        exchange.read_export(doc)
    assert refused.value.field == field


def test_an_export_seating_an_unknown_player_is_refused():
    players, rounds, sources, adjustments = event()
    doc = exchange.export_document(SETTINGS, players[:-1], rounds, sources, adjustments, {})
    with pytest.raises(exchange.ExportError, match="not in the tournament"):
        exchange.read_export(json.loads(json.dumps(doc)))
