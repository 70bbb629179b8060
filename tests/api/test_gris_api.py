"""Gris through the API: the catalog, a deal with grisen passed and the thumbs going up, the
loser dealing next, the letters count, undo, and refusals that leave the log unchanged.

Seats: Anna 0, Bo 1, Cia 2, Dan 3. Anna deals first; four players play with 36 cards.
"""

from __future__ import annotations

import pytest

from tests.conftest import catalog, refused, start_table

PLAYERS = ("Anna", "Bo", "Cia", "Dan")
ANNA, BO, CIA, DAN = 0, 1, 2, 3


@pytest.fixture
def gris_table(client):
    return start_table(client, game="gris", players=PLAYERS)


def test_catalog_lists_gris_with_its_words_and_options(client):
    game = catalog(client)["gris"]
    assert game["players"] == {"min": 4, "max": 8}
    assert set(game["events"]) == {"deal", "pass", "thumb", "result"}
    assert game["labels"]["events"]["thumb"] == {"sv": "Tummen upp", "en": "Thumb up"}
    assert game["labels"]["values"]["6"]["sv"] == "Sexor"
    options = {o["name"]: o for o in game["options"]}
    assert options["count"]["choices"] == ["tally", "letters"]
    assert options["word"]["default"] == "GRIS"
    assert "Gris — Kvartetten" in [r["ref"] for r in game["rules"]]
    assert client.get("/api/games/tummen upp").json["id"] == "gris"


def test_a_deal_with_grisen_and_thumbs(gris_table):
    table = gris_table
    view = table.view()
    assert view["state"]["deck"] == {"cards": 36, "set_aside": ["2", "3", "4", "5"]}
    view = table.ok({"type": "deal", "grisen": CIA})
    assert view["state"]["deal"]["hand"] == [9, 9, 9, 9]
    assert view["expected"]["seat"] == CIA
    view = table.ok({"type": "pass", "seat": CIA})
    assert view["state"]["deal"]["grisen"] == DAN and view["expected"]["seat"] == DAN
    refused(table, {"type": "thumb", "seat": CIA, "rank": "6"}, 422,
             "sixes_without_grisen", "Gris — Kvartetten")
    view = table.ok({"type": "thumb", "seat": DAN, "rank": "6"})
    assert view["expected"]["phase"] == "thumbs"
    # The thumb goes up "i smyg": grisen goes on until the others see it (item 17).
    assert [i["type"] for i in view["expected"]["inputs"]].count("pass") == 1
    view = table.ok({"type": "pass", "seat": DAN})
    assert view["state"]["deal"]["grisen"] == ANNA and view["state"]["deal"]["thumbs"] == [DAN]
    table.ok({"type": "thumb", "seat": ANNA})
    view = table.ok({"type": "thumb", "seat": CIA})
    assert view["state"]["deal"]["loser"] == BO and view["state"]["dealer"] == BO
    assert view["protokoll"]["totals"] == [0, 1, 0, 0]
    assert view["expected"]["phase"] == "deal" and view["expected"]["seat"] == BO
    view = table.undo_last()
    assert view["state"]["deal"]["thumbs"] == [DAN, ANNA]


@pytest.fixture
def in_play(gris_table):
    gris_table.ok({"type": "deal", "grisen": BO})
    return gris_table


@pytest.mark.parametrize("event,status,code,rule", [
    ({"type": "pass", "seat": ANNA}, 422, "not_holding_grisen", "Gris — Grisen"),
    ({"type": "thumb", "seat": ANNA, "rank": "5"}, 422, "rank_not_in_deck",
     "Gris — Kortleken"),
    ({"type": "result", "loser": ANNA, "signal": ANNA}, 422, "signal_is_loser",
     "Gris — Förlust"),
    ({"type": "deal", "grisen": ANNA}, 422, "not_expected", None),
    ({"type": "thumb", "seat": ANNA, "rank": "1"}, 400, "bad_field", None),
    ({"type": "thumb", "seat": 9}, 400, "bad_field", None),
    ({"type": "pass"}, 400, "missing_field", None),
])
def test_refusals_in_play_leave_the_log_unchanged(in_play, event, status, code, rule):
    refused(in_play, event, status, code, rule)


def test_letters_until_someone_is_the_gris(client):
    table = start_table(client, game="gris", players=PLAYERS, options={"count": "letters"})
    for _ in range(3):
        table.ok({"type": "result", "loser": DAN})
    view = table.ok({"type": "result", "loser": DAN, "signal": ANNA, "rank": "K"})
    assert view["over"] is True
    assert view["result"]["gris"] == DAN and view["result"]["letters"] == ["", "", "", "GRIS"]
    assert view["protokoll"]["rows"][-1]["marks"] == ["", "", "", "GRIS"]
    assert view["protokoll"]["out"] == [DAN]
    refused(table, {"type": "result", "loser": ANNA}, 422, "not_expected")


def test_starting_a_gris_table_needs_four_to_eight_players(client):
    response = client.post("/api/tables", json={"game": "gris", "players": ["A", "B", "C"]})
    assert (response.status_code, response.json["code"]) == (422, "player_count")
    response = client.post("/api/tables", json={"game": "gris", "players": list(PLAYERS),
                                                "options": {"word": "KO"}})
    assert (response.status_code, response.json["code"]) == (400, "bad_option")


def test_the_catalog_shows_the_real_deck_for_each_player_count(client):
    """Issue 15, item 17: "Antal kort: Varierande, beroende på antalet deltagare" — 36, 40 or
    44 cards, not 52; and a table's view says the deck of that table."""
    game = client.get("/api/games/gris").json
    assert game["deck"]["name"] == "gris44" and len(game["deck"]["cards"]) == 44
    decks = {d["players"]: d for d in game["decks"]}
    assert {n: len(d["cards"]) for n, d in decks.items()} == {4: 36, 5: 40, 6: 40, 7: 44,
                                                              8: 44}
    assert "♣5" not in decks[4]["cards"] and "♣5" in decks[5]["cards"]
    assert "♣4" not in decks[6]["cards"] and "♣4" in decks[7]["cards"]
    assert "♣6" in decks[4]["cards"]  # grisen is always in
    listed = {g["id"]: g for g in client.get("/api/games").json}["gris"]
    assert "deck" not in listed and "decks" not in listed  # details, not the first screen
    table = start_table(client, game="gris", players=("A", "B", "C", "D", "E"))
    assert table.view()["state"]["deck"] == {"cards": 40, "set_aside": ["2", "3", "4"]}
