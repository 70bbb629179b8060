"""The protokoll (rules_engine.sheet): rows, running totals, exports."""

from __future__ import annotations

import csv
import io

from rules_engine.games import rodskagg
from rules_engine.sheet import Sheet, SheetRow
from rules_engine.table_log import TableSetup, apply_game_event

PLAYERS = ("Anna", "Bo", "Cia")


def sample_sheet(**extra) -> Sheet:
    rows = (
        SheetRow("start", "Start", "Start", (None, None, None), (12, 12, 12)),
        SheetRow("deal", "Giv 1: Bo tre, 4 stick, hem", "Deal 1: Bo three, 4 tricks, made",
                 (None, -4, None), (12, 8, 12), deal=1),
        SheetRow("penalty", "Fem opp: Cia", "Fem opp: Cia", (None, None, 5), (12, 8, 17),
                 deal=2, marks=("", "", "ute")),
    )
    return Sheet(PLAYERS, rows, (12, 8, 17), **extra)


def test_row_as_dict():
    row = sample_sheet().rows[1]
    assert row.as_dict() == {
        "kind": "deal", "deal": 1,
        "label": {"sv": "Giv 1: Bo tre, 4 stick, hem", "en": "Deal 1: Bo three, 4 tricks, made"},
        "changes": [None, -4, None], "totals": [12, 8, 12], "marks": [],
    }


def test_sheet_as_dict_is_json_shaped():
    sheet = sample_sheet(next_dealer=1, notes={"start": 12})
    data = sheet.as_dict()
    assert data["players"] == list(PLAYERS)
    assert data["totals"] == [12, 8, 17]
    assert [r["kind"] for r in data["rows"]] == ["start", "deal", "penalty"]
    assert data["rows"][2]["marks"] == ["", "", "ute"]
    assert data["next_dealer"] == 1 and data["winner"] is None and data["settlement"] is None
    assert data["notes"] == {"start": 12}


def test_csv_has_one_line_per_row_with_running_totals():
    sheet = sample_sheet(winner=1, settlement=(-4, 13, -9))
    lines = list(csv.reader(io.StringIO(sheet.to_csv())))
    assert lines[0] == ["row", "deal", "what", "Anna", "Bo", "Cia"]
    assert lines[1] == ["0", "", "Start", "12", "12", "12"]
    assert lines[2] == ["1", "1", "Deal 1: Bo three, 4 tricks, made", "12", "8", "12"]
    assert lines[3][3:] == ["12", "8", "17"]
    assert lines[4] == ["", "", "settlement", "-4", "13", "-9"]
    sv = list(csv.reader(io.StringIO(sheet.to_csv("sv"))))
    assert sv[2][2] == "Giv 1: Bo tre, 4 stick, hem" and sv[4][2] == "avräkning"


def test_text_rendering():
    text = sample_sheet(winner=1, settlement=(-4, 13, -9)).to_text()
    lines = text.splitlines()
    assert all(name in lines[0] for name in PLAYERS)
    assert "Deal 1: Bo three" in text and lines[-1] == "winner: Bo"
    assert "settlement" in text and "-9" in text
    assert "Giv 1" in sample_sheet().to_text("sv")
    assert "winner" not in sample_sheet().to_text()


def test_a_real_protokoll_adds_up():
    setup = TableSetup("rodskagg", PLAYERS)
    state = setup.new_state()
    for event in (
        {"type": "result", "bids": ["smyga", 3, "smyga"], "tricks": [1, 4, 1]},
        {"type": "fem_opp", "breach": "foreign_cut", "caller": 0},
        {"type": "result", "bids": ["smyga", "smyga", 2], "tricks": [4, 1, 1]},
    ):
        state = apply_game_event(setup, state, event)
    sheet = rodskagg.sheet(state)
    totals = [12, 12, 12]
    for row in sheet.rows[1:]:
        totals = [t + (c or 0) for t, c in zip(totals, row.changes)]
        assert tuple(totals) == row.totals
    # Bo made three with four (12 → 8), then dealt and let someone cut (+5); Cia bid two
    # and took one: 12 - 1 + 5.
    assert tuple(totals) == sheet.totals == (12, 8 + 5, 12 - 1 + 5)
    assert [r.kind for r in sheet.rows] == ["start", "deal", "penalty", "deal"]
    assert len(sheet.to_csv().splitlines()) == 1 + len(sheet.rows)
