"""Seats through the API: taking one (joining, starting a table, later), the scorer's place,
one place per device, changing explicitly, freeing another's seat, and what ``access`` and
the devices list say. Every refusal is in the one error shape and changes nothing."""

from __future__ import annotations

import pytest

from tests.conftest import bearer, refusal, start_table


def join(client, code: str, **extra):
    return client.post("/api/join", json={"code": code, **extra})


def devices(table) -> list[dict]:
    response = table.get("/devices")
    assert response.status_code == 200, response.json
    return response.json


def test_a_phone_takes_its_seat_when_it_joins(client, table):
    response = join(client, table.join_code, device_name="Bos telefon", seat=1)
    assert response.status_code == 201, response.json
    assert (response.json["seat"], response.json["scorer"]) == (1, False)
    access = client.get(f"/api/tables/{table.id}",
                        headers=bearer(response.json["token"])).json["access"]
    assert access["seat"] == 1 and access["scorer"] is False and access["seat_devices"] == 1
    assert access["seated_at_seq"] == 0
    listed = {d["name"]: d for d in devices(table)}
    assert listed["Bos telefon"]["seat"] == 1 and listed["Bos telefon"]["scorer"] is False


def test_a_phone_joins_as_the_scorer(client, table):
    response = join(client, table.join_code, seat="scorer")
    assert response.status_code == 201 and response.json["scorer"] is True
    assert response.json["seat"] is None
    access = client.get(f"/api/tables/{table.id}",
                        headers=bearer(response.json["token"])).json["access"]
    assert access["scorer"] is True and access["seat"] is None


@pytest.mark.parametrize("seat,status,code", [
    (4, 422, "seat_unknown"),  # four players: seats 0–3
    (99, 422, "seat_unknown"),
    (-1, 400, "invalid_request"),
    ("north", 400, "invalid_request"),
    (True, 400, "invalid_request"),
    (1.5, 400, "invalid_request"),
])
def test_a_seat_that_does_not_exist_refuses_the_join_whole(client, table, seat, status, code):
    before = devices(table)
    refusal(join(client, table.join_code, seat=seat), status, code)
    assert devices(table) == before  # no device was made


def test_the_creator_gives_its_seat_when_it_starts_the_table(client):
    table = start_table(client, game="800", seat=2)
    assert table.view()["access"]["seat"] == 2
    assert devices(table)[0]["seat"] == 2
    response = client.post("/api/tables", json={"game": "800", "players": ["A", "B", "C", "D"],
                                                 "seat": 4})
    refusal(response, 422, "seat_unknown")


def test_a_director_has_no_seat(client):
    director = client.post("/api/directors", json={"name": "Domaren"}).json
    headers = bearer(director["token"])
    response = client.post("/api/tables", json={"game": "800", "players": ["A", "B", "C", "D"],
                                                "seat": 0}, headers=headers)
    refusal(response, 409, "director_has_no_seat")
    assert client.get("/api/directors/me", headers=headers).json["tables"] == []
    made = client.post("/api/tables", json={"game": "800", "players": ["A", "B", "C", "D"]},
                       headers=headers).json
    refusal(client.post(f"/api/tables/{made['id']}/seat", json={"seat": 0}, headers=headers),
            409, "director_has_no_seat")


def test_one_place_per_device_and_changing_is_explicit(client, table):
    phone = join(client, table.join_code, seat=1).json
    headers = bearer(phone["token"])
    url = f"/api/tables/{table.id}/seat"
    # The same seat again changes nothing (a retry keeps what it may read).
    again = client.post(url, json={"seat": 1}, headers=headers)
    assert again.status_code == 200 and again.json["seat"] == 1
    body = refusal(client.post(url, json={"seat": 2}, headers=headers), 409, "already_seated")
    assert body["details"] == {"seat": 1, "asked": 2}
    refusal(client.post(url, json={"seat": "scorer"}, headers=headers), 409, "already_seated")
    assert client.get(f"/api/tables/{table.id}", headers=headers).json["access"]["seat"] == 1
    moved = client.post(url, json={"seat": 2, "change": True}, headers=headers)
    assert moved.status_code == 200 and moved.json["seat"] == 2
    refusal(client.post(url, json={"seat": 7, "change": True}, headers=headers), 422,
            "seat_unknown")
    left = client.delete(url, headers=headers)
    assert left.status_code == 200 and left.json["seat"] is None
    sat = client.post(url, json={"seat": "scorer"}, headers=headers)
    assert sat.status_code == 200 and sat.json["scorer"] is True


def test_a_seat_may_have_several_devices_and_each_sees_the_others(client, table):
    first = join(client, table.join_code, seat=0).json
    second = join(client, table.join_code, seat=0).json
    for phone in (first, second):
        access = client.get(f"/api/tables/{table.id}",
                            headers=bearer(phone["token"])).json["access"]
        assert access["seat_devices"] == 2
    assert sorted(d["seat"] for d in devices(table) if d["seat"] is not None) == [0, 0]


def test_only_a_device_token_takes_a_seat(client, table):
    url = f"/api/tables/{table.id}/seat"
    refusal(client.post(url, json={"seat": 0}), 401, "token_required")
    refusal(client.post(url, json={"seat": 0}, headers={"X-Join-Code": table.join_code}),
            403, "read_only")
    refusal(client.post(url, json={"seat": 0},
                        headers={"X-Spectator-Key": table.spectator_key}), 403, "read_only")
    other = start_table(client)
    refusal(client.post(url, json={"seat": 0}, headers=other.headers), 403,
            "token_forbidden")
    refusal(client.post(url, json={}, headers=table.headers), 400, "invalid_request")


def test_the_owner_frees_a_seat_and_a_player_may_not(client, table):
    thief = join(client, table.join_code, seat=2).json
    player = join(client, table.join_code, seat=1).json
    url = f"/api/tables/{table.id}/devices/{thief['device_id']}/seat"
    refusal(client.delete(url, headers=bearer(player["token"])), 403, "owner_only")
    freed = client.delete(url, headers=table.headers)
    assert freed.status_code == 200 and freed.json["seat"] is None
    assert {d["id"]: d["seat"] for d in devices(table)}[thief["device_id"]] is None
    refusal(client.delete(f"/api/tables/{table.id}/devices/nobody/seat",
                          headers=table.headers), 404, "device_not_found")


def test_a_hostile_phone_that_takes_a_seat_later_reads_nothing_entered_before(client):
    """The attack: a player with the join code sits down at Anna's seat to read her
    discards. It reads only what is entered after it sat down; Anna's phone sees another
    device at her seat; the owner sees it in the devices list and frees the seat."""
    table = start_table(client, game="800", players=("Anna", "Bo", "Cia", "Dan"))
    anna = join(client, table.join_code, seat=0, device_name="Anna").json
    response = client.post(f"/api/tables/{table.id}/events", headers=bearer(anna["token"]),
                           json={"based_on": 0, "client_event_id": "d1", "event": {
                               "type": "discard", "seat": 0, "cards": ["♠7", "♥8"]}})
    assert response.status_code == 201, response.json
    thief = join(client, table.join_code, seat=0, device_name="Bo (egentligen)").json
    view = client.get(f"/api/tables/{table.id}/events", headers=bearer(thief["token"])).json
    assert view["events"][0]["event"]["cards"] == {"hidden": True, "seat": 0, "count": 2}
    anna_access = client.get(f"/api/tables/{table.id}",
                             headers=bearer(anna["token"])).json["access"]
    assert anna_access["seat_devices"] == 2  # Anna's phone can warn her
    at_seat = [d for d in devices(table) if d["seat"] == 0]
    assert [d["name"] for d in at_seat] == ["Anna", "Bo (egentligen)"]
    assert at_seat[1]["seated_at_seq"] == 1
    client.delete(f"/api/tables/{table.id}/devices/{thief['device_id']}/seat",
                  headers=table.headers)
    anna_access = client.get(f"/api/tables/{table.id}",
                             headers=bearer(anna["token"])).json["access"]
    assert anna_access["seat_devices"] == 1
    # Sitting down again starts over: still nothing from before.
    client.post(f"/api/tables/{table.id}/seat", json={"seat": 0},
                headers=bearer(thief["token"]))
    view = client.get(f"/api/tables/{table.id}/events", headers=bearer(thief["token"])).json
    assert view["events"][0]["event"]["cards"]["hidden"] is True


def test_access_is_in_the_answer_to_a_post(client, table):
    phone = join(client, table.join_code, seat=3).json
    response = client.post(f"/api/tables/{table.id}/events", headers=bearer(phone["token"]),
                           json={"based_on": 0, "client_event_id": "r1", "event": {
                               "type": "result", "bids": ["smyga", 3, "smyga", "smyga"],
                               "tricks": [1, 4, 1, 0]}})
    assert response.status_code == 201, response.json
    assert response.json["access"]["seat"] == 3 and response.json["access"]["write"] is True
