"""Look-alike names at one table and in one tournament (``api/names.py``)."""

from __future__ import annotations

import pytest

from api import names
from tests.conftest import make_director

LOOK_ALIKES = [
    ("Anna", "Anna\u200b", "a zero-width space"),
    ("Anna", "\u0410nna", "a Cyrillic A"),
    ("Bo", "B\u00ado", "a soft hyphen"),
    ("Bo", "bO", "case"),
    ("Cia", "Cia\u200e", "a left-to-right mark"),
    ("Dan", "\u202eDan", "a right-to-left override"),
    ("Eva", "\uff25\uff56\uff41", "full-width letters"),
    ("Ida", "lda", "a lower-case L for a capital I"),
    ("Olle", "0lle", "a zero for an O"),
    ("Gun", "G\u0075\ufe0fn", "a variation selector"),
]


@pytest.mark.parametrize("first,second,how", LOOK_ALIKES, ids=[c[2] for c in LOOK_ALIKES])
def test_names_that_look_alike_are_refused_at_a_table(client, first, second, how):
    response = client.post("/api/tables", json={"game": "rodskagg",
                                                "players": [first, "Zed", second]})
    assert response.status_code == 422, (how, response.json)
    body = response.json
    assert body["code"] == "player_names" and body["details"]["clash"] == [0, 2]
    assert names.clean(first) in body["message"] and names.clean(second) in body["message"]
    assert client.get("/api/directors/me").status_code == 401  # nothing else was asked


@pytest.mark.parametrize("first,second", [("Åsa", "Asa"), ("Örjan", "Orjan"),
                                          ("Anna", "Anne"), ("Li", "Lu"), ("Bo", "Bob")])
def test_different_names_stay_different(client, first, second):
    response = client.post("/api/tables", json={"game": "rodskagg",
                                                "players": [first, second, "Zed"]})
    assert response.status_code == 201, response.json


def test_the_stored_name_is_the_cleaned_one(client):
    response = client.post("/api/tables", json={"game": "rodskagg", "players": [
        " Anna\u200b ", "B\u00ado", "\uff23ia  Lind\u0007", ], "device_name": "Annas\u200b"})
    assert response.status_code == 201, response.json
    assert response.json["table"]["players"] == ["Anna", "Bo", "Cia Lind"]
    token = response.json["token"]
    log = client.get(f"/api/tables/{response.json['id']}/events",
                     headers={"Authorization": f"Bearer {token}"}).json
    assert log["players"] == ["Anna", "Bo", "Cia Lind"]


def test_a_name_of_invisible_characters_only_is_empty(client):
    response = client.post("/api/tables", json={"game": "rodskagg",
                                                "players": ["Anna", "\u200b\u00ad", "Cia"]})
    assert (response.status_code, response.json["code"]) == (422, "player_names")


def test_tournament_players_that_look_alike_are_refused(client):
    director = make_director(client)
    headers = {"Authorization": f"Bearer {director['token']}"}
    players = [{"name": f"Spelare {n}"} for n in range(1, 8)] + [{"name": "Spelare\u200b 1"}]
    response = client.post("/api/tournaments", headers=headers, json={
        "name": "Cupen", "game": "rodskagg", "rounds": 2, "players": players})
    assert (response.status_code, response.json["code"]) == (422, "tournament_players")
    assert response.json["details"]["numbers"] == [1, 8]
    # The same name from two clubs is told apart by the club, as before.
    players[-1] = {"name": "Spelare\u200b 1", "club": "Visby"}
    players[0] = {"name": "Spelare 1", "club": "Slite"}
    response = client.post("/api/tournaments", headers=headers, json={
        "name": "Cupen", "game": "rodskagg", "rounds": 2, "players": players})
    assert response.status_code == 201, response.json
