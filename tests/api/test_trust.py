"""Issue 14, items 1–3, each as the attacker would try it.

1. A kicked phone stays out: revoking rotates the join code; codes, spectator keys and
   director tokens can be replaced; a table can be handed over; the operator revokes
   directors from the command line.
2. A settled round stays settled: closing a round (or seating the next) closes its tables to
   phones and ends their codes; only the director corrects, with a reason in the log.
3. Ratings cannot be forged: an import is replayed through the engine and refused at the
   first bad place; it counts in the public ratings only once the operator accepts it; no
   stored row makes a page fail.

Every refusal: its status, a stable code, the one error shape, and nothing written.
"""

from __future__ import annotations

import copy
import json
import sqlite3

import pytest

from api import cli, create_app
from api.resources.tournaments import service
from tests.api.test_access import RESULT, join, joined_handle
from tests.api.test_tournaments import STOOD_OVER, Event, braus_body, rita
from tests.conftest import bearer, make_director, refusal, start_table


@pytest.fixture
def director(client):
    return make_director(client)


def db_path(app) -> str:
    return app.config["DATABASE"]


def operator(app, capsys, *argv: str) -> tuple[int, str]:
    """Run ``protokoll ARGV --db FILE`` as the server's operator would; (status, output)."""
    status = cli.main([*argv, "--db", db_path(app)])
    out = capsys.readouterr()
    return status, out.out + out.err


# --- 1. a kicked phone stays out -----------------------------------------------------------------
def test_a_kicked_phone_cannot_walk_back_in_with_the_code_it_saw(table):
    kicked, staying = joined_handle(table, "Eriks telefon"), joined_handle(table, "Bos telefon")
    old_code = table.join_code
    response = table.client.delete(
        f"/api/tables/{table.id}/devices/{kicked.created['device_id']}", headers=table.headers)
    assert response.status_code == 200, response.json
    new_code = response.json["join_code"]
    assert new_code != old_code and response.json["join_link"].endswith(f"?join={new_code}")
    before = table.log()
    # The kicked phone tries everything it knows.
    refusal(join(table.client, old_code, "Eriks telefon igen"), 404, "join_code_unknown")
    refusal(table.get(headers={"X-Join-Code": old_code}), 403, "join_code_wrong")
    refusal(kicked.post(RESULT), 403, "token_revoked")
    assert table.log() == before
    assert len(table.get("/devices").json) == 3  # no new device was made
    # The phones still in keep their tokens; the new code is what the manager hands on.
    staying.ok(RESULT)
    assert table.view()["join_code"] == new_code
    table.join_code = new_code
    assert joined_handle(table, "Cias telefon").view()["access"]["role"] == "player"


def test_the_owner_replaces_the_code_and_the_spectator_key_at_any_time(table):
    player = joined_handle(table)
    path = f"/api/tables/{table.id}"
    response = table.client.post(f"{path}/join-code", headers=table.headers)
    assert response.status_code == 201 and response.json["join_code"] != table.join_code
    refusal(join(table.client, table.join_code), 404, "join_code_unknown")
    refusal(table.get(headers={"X-Join-Code": table.join_code}), 403, "join_code_wrong")
    assert table.get(headers={"X-Join-Code": response.json["join_code"]}).status_code == 200
    assert player.view()["access"]["role"] == "player"  # tokens stay
    key = table.client.post(f"{path}/spectator-key", headers=table.headers).json
    refusal(table.get(headers={"X-Spectator-Key": table.spectator_key}), 403,
            "spectator_key_wrong")
    refusal(table.client.get("/api/watch", headers={"X-Spectator-Key": table.spectator_key}),
            404, "spectator_key_unknown")
    assert table.get(headers={"X-Spectator-Key": key["spectator_key"]}).status_code == 200
    # A player, a code holder and nobody may not.
    code = table.view()["join_code"]
    refusal(table.client.post(f"{path}/join-code", headers=player.headers), 403, "owner_only")
    refusal(table.client.post(f"{path}/join-code", headers={"X-Join-Code": code}), 403,
            "read_only")
    refusal(table.client.post(f"{path}/join-code"), 401, "token_required")
    assert table.view()["join_code"] == code


def test_ownership_is_handed_over_and_the_previous_owner_no_longer_manages(table):
    heir = joined_handle(table, "Bos telefon")
    path = f"/api/tables/{table.id}"
    response = table.client.put(f"{path}/owner", json={"device_id": heir.created["device_id"]},
                                headers=table.headers)
    assert response.status_code == 200, response.json
    assert response.json["role"] == "owner" and response.json["you"] is False
    # The previous owner is a player now: it writes, it no longer manages.
    access = table.view()["access"]
    assert {k: access[k] for k in ("role", "device_id", "write", "manage")} == {
        "role": "player", "device_id": table.device_id, "write": True, "manage": False}
    refusal(table.client.get(f"{path}/devices", headers=table.headers), 403, "owner_only")
    refusal(table.client.post(f"{path}/join-code", headers=table.headers), 403, "owner_only")
    refusal(table.client.put(f"{path}/owner", json={"device_id": table.device_id},
                             headers=table.headers), 403, "owner_only")
    refusal(table.client.delete(f"{path}/devices/{heir.created['device_id']}",
                                headers=table.headers), 403, "owner_only")
    # The new owner manages, and may now revoke the phone that started the table.
    devices = {d["id"]: d["role"] for d in heir.get("/devices").json}
    assert devices == {table.device_id: "player", heir.created["device_id"]: "owner"}
    gone = heir.client.delete(f"{path}/devices/{table.device_id}", headers=heir.headers)
    assert gone.status_code == 200 and gone.json["revoked_at"]
    refusal(table.get(), 403, "token_revoked")
    # A revoked device, an unknown one and the owner itself.
    refusal(heir.client.put(f"{path}/owner", json={"device_id": table.device_id},
                            headers=heir.headers), 409, "device_revoked")
    refusal(heir.client.put(f"{path}/owner", json={"device_id": "nope"},
                            headers=heir.headers), 404, "device_not_found")
    refusal(heir.client.put(f"{path}/owner", json={}, headers=heir.headers), 400,
            "invalid_request")
    refusal(heir.client.delete(f"{path}/devices/{heir.created['device_id']}",
                               headers=heir.headers), 409, "hand_over_first")
    assert heir.view()["access"]["manage"] is True


def test_the_director_may_revoke_the_owner_of_its_table(client):
    director = make_director(client)
    created = client.post("/api/tables", json={"game": "rodskagg",
                                               "players": ["Anna", "Bo", "Cia", "Dan"]},
                          headers=bearer(director["token"])).json
    phone = join(client, created["join_code"]).json
    path = f"/api/tables/{created['id']}"
    handed = client.put(f"{path}/owner", json={"device_id": phone["device_id"]},
                        headers=bearer(director["token"]))
    assert handed.status_code == 200 and handed.json["role"] == "owner"
    refusal(client.delete(f"{path}/devices/{phone['device_id']}",
                          headers=bearer(phone["token"])), 409, "hand_over_first")
    revoked = client.delete(f"{path}/devices/{phone['device_id']}",
                            headers=bearer(director["token"]))
    assert revoked.status_code == 200 and revoked.json["revoked_at"]
    assert revoked.json["join_code"] != created["join_code"]
    refusal(client.get(path, headers=bearer(phone["token"])), 403, "token_revoked")
    director_device = next(d for d in client.get(f"{path}/devices",
                                                 headers=bearer(director["token"])).json
                           if d["role"] == "director")
    refusal(client.put(f"{path}/owner", json={"device_id": director_device["id"]},
                       headers=bearer(director["token"])), 409, "cannot_own_director_device")
    code = client.post(f"{path}/join-code", headers=bearer(director["token"]))
    assert code.status_code == 201 and code.json["join_code"] != revoked.json["join_code"]
    rival = make_director(client, "Rivalen")
    refusal(client.post(f"{path}/join-code", headers=bearer(rival["token"])), 403,
            "token_forbidden")


def test_a_director_replaces_its_token_and_the_old_one_stops_at_once(client):
    director = make_director(client)
    old = bearer(director["token"])
    event = Event(client, director, braus_body(players=4))
    response = client.post("/api/directors/me/token", headers=old)
    assert response.status_code == 201 and response.json["id"] == director["id"]
    new = bearer(response.json["token"])
    refusal(client.get("/api/directors/me", headers=old), 401, "token_unknown")
    refusal(client.get(event.url(), headers=old), 401, "token_unknown")
    refusal(client.post("/api/directors/me/token", headers=old), 401, "token_unknown")
    assert client.get(event.url(), headers=new).status_code == 200
    assert client.get("/api/directors/me", headers=new).json["name"] == director["name"]


def test_the_operator_lists_creates_and_revokes_directors(app, client, capsys):
    status, out = operator(app, capsys, "directors", "create", "Klubbmästerskapet")
    assert status == 0
    token = out.split("token (shown once): ")[1].split()[0]
    me = client.get("/api/directors/me", headers=bearer(token))
    assert me.status_code == 200 and me.json["name"] == "Klubbmästerskapet"
    table = client.post("/api/tables", json={"game": "rodskagg", "players": ["A", "B", "C"]},
                        headers=bearer(token)).json
    status, out = operator(app, capsys, "directors", "list", "--json")
    listed = json.loads(out)
    assert status == 0 and [(d["name"], d["tables"], d["revoked_at"]) for d in listed] == [
        ("Klubbmästerskapet", 1, None)]
    status, out = operator(app, capsys, "directors", "revoke", me.json["id"])
    assert status == 0 and "revoked" in out
    refusal(client.get("/api/directors/me", headers=bearer(token)), 403, "token_revoked")
    refusal(client.get(f"/api/tables/{table['id']}", headers=bearer(token)), 403,
            "token_revoked")
    refusal(client.post("/api/tournaments", json=braus_body(4), headers=bearer(token)), 403,
            "token_revoked")
    assert operator(app, capsys, "directors", "revoke", "nobody")[0] == 1
    assert operator(app, capsys, "directors", "create", "   ")[0] == 2
    assert cli.main(["directors", "list", "--db", db_path(app) + ".typo"]) == 1
    capsys.readouterr()


# --- 2. a settled round stays settled -------------------------------------------------------------
def test_a_round_one_card_cannot_undo_round_one_after_round_two_is_seated(client, director):
    event = Event(client, director, braus_body(players=8))
    first = event.seat(seed=5)
    card = first["tables"][0]  # what the table card of round 1, table 1 says
    phone = join(client, card["join_code"], "Spelare 1:s telefon").json  # joined in round 1
    for table in first["tables"]:
        event.play(table["table_id"], *rita(0, 6))
    settled = event.standings()
    second = event.seat("standings")  # round 1 is finished: no force needed
    standings = event.standings()
    assert [r["figures"] for r in standings["rows"]] == [r["figures"] for r in settled["rows"]]
    assert event.get("/rounds/1").json["closed_at"] is not None
    assert second.get("closed_at") is None
    log = client.get(f"/api/tables/{card['table_id']}/events", headers=event.headers).json
    undo = {"based_on": log["seq"], "client_event_id": "attack-1",
            "event": {"type": "undo", "target": log["seq"]}}
    # The card holder: the code ended with its round.
    refusal(join(client, card["join_code"], "Angriparen"), 404, "join_code_unknown")
    refusal(client.get(f"/api/tables/{card['table_id']}",
                       headers={"X-Join-Code": card["join_code"]}), 403, "join_code_wrong")
    # A phone that joined during round 1 keeps reading, but writes nothing.
    refusal(client.post(f"/api/tables/{card['table_id']}/events", json=undo,
                        headers=bearer(phone["token"])), 409, "round_closed")
    access = client.get(f"/api/tables/{card['table_id']}",
                        headers=bearer(phone["token"])).json["access"]
    assert (access["role"], access["write"]) == ("player", False)
    # Nor may the director without a reason, on the phones' path.
    body = refusal(client.post(f"/api/tables/{card['table_id']}/events", json=undo,
                               headers=event.headers), 409, "round_closed")
    assert body["details"] == {"tournament": event.id, "round": 1}
    refusal(client.post(f"/api/tables/{card['table_id']}/join-code", headers=event.headers),
            409, "round_closed")
    after = client.get(f"/api/tables/{card['table_id']}/events", headers=event.headers).json
    assert after == log
    assert event.standings()["rows"] == standings["rows"]
    assert {t["number"]: t["join_code"] for t in event.get("/rounds/1").json["tables"]} == {
        1: None, 2: None}


def test_the_rounds_last_deal_retried_after_the_round_closed_gets_its_first_answer(client,
                                                                                  director):
    """A phone enters round 1's last deal and never hears the answer (the network goes);
    round 2 is seated, which closes round 1; the phone's outbox sends the entry again with
    its client id. It was saved: the answer is the first one, not "round closed" for an
    entry the table has. Another event under that id, or the same from another phone,
    is still refused, and nothing is written."""
    event = Event(client, director, braus_body(players=8))
    first = event.seat(seed=5)
    card = first["tables"][0]
    phone = join(client, card["join_code"], "Spelare 1:s telefon").json
    for table in first["tables"][1:]:
        event.play(table["table_id"], *rita(0, 6))
    event.play(card["table_id"], *rita(0, 5))
    url = f"/api/tables/{card['table_id']}/events"
    last = {"based_on": 5, "client_event_id": "last-deal", "event": rita(0)[0]}
    sent = client.post(url, json=last, headers=bearer(phone["token"]))
    assert sent.status_code == 201, sent.json
    event.seat("standings")
    assert event.get("/rounds/1").json["closed_at"] is not None
    log = client.get(f"/api/tables/{card['table_id']}/events", headers=event.headers).json
    again = client.post(url, json=last, headers=bearer(phone["token"]))
    assert again.status_code == 201, again.json
    assert again.json["entry"] == sent.json["entry"]
    refusal(client.post(url, json={**last, "event": rita(1)[0]},
                        headers=bearer(phone["token"])), 409, "client_event_id_reused")
    refusal(client.post(url, json=last, headers=event.headers), 409, "client_event_id_reused")
    assert client.get(f"/api/tables/{card['table_id']}/events",
                      headers=event.headers).json == log


def test_only_the_director_corrects_a_closed_table_with_a_reason_kept_in_the_log(client,
                                                                              director):
    event = Event(client, director, braus_body(players=4))
    (table,) = event.seat(seed=2)["tables"]
    event.play(table["table_id"], *rita(0, 5), *rita(1, 1))
    closed = event.post("/rounds/1/close", {})
    assert closed.status_code == 200 and closed.json["closed_at"]
    assert closed.json["tables"][0]["join_code"] is None
    assert closed.json["tables"][0]["join_link"] is None
    again = event.post("/rounds/1/close", {})  # closing twice changes nothing
    assert again.json["closed_at"] == closed.json["closed_at"]
    refusal(event.post("/rounds/2/close", {}), 404, "round_not_found")
    path = event.url(f"/tables/{table['table_id']}/events")
    correction = {"based_on": 6, "client_event_id": "td-1",
                  "event": {"type": "correct", "target": 6,
                            "event": {"type": "result", "outcome": "rita", "winner": 0}}}
    refusal(client.post(path, json=correction, headers=event.headers), 400, "invalid_request")
    refusal(client.post(path, json={**correction, "reason": ""}, headers=event.headers), 400,
            "invalid_request")
    rival = make_director(client, "Rivalen")
    refusal(client.post(path, json={**correction, "reason": "x"},
                        headers=bearer(rival["token"])), 403, "token_forbidden")
    other = Event(client, director, braus_body(players=4))
    refusal(client.post(other.url(f"/tables/{table['table_id']}/events"),
                        json={**correction, "reason": "x"}, headers=event.headers), 404,
            "table_not_in_tournament")
    reason = "Bordsdomare: stick 6 var fel avläst"
    response = client.post(path, json={**correction, "reason": reason}, headers=event.headers)
    assert response.status_code == 201, response.json
    assert response.json["table"]["over"] is True
    log = client.get(f"/api/tables/{table['table_id']}/events", headers=event.headers).json
    assert [e["reason"] for e in log["events"]] == [None] * 6 + [reason]
    audit = event.get("/audit").json
    assert audit[-1]["action"] == "table_corrected"
    assert audit[-1]["details"] == {"round": 1, "table": 1, "table_id": table["table_id"],
                                    "seq": 7, "reason": reason}
    assert "round_closed" in [a["action"] for a in audit]
    # The engine still checks the director's entry; a refusal writes nothing.
    refusal(client.post(path, json={"based_on": 7, "client_event_id": "td-2", "reason": "x",
                                    "event": {"type": "undo", "target": 99}},
                        headers=event.headers), 422, "nothing_to_correct")
    assert client.get(f"/api/tables/{table['table_id']}/events",
                      headers=event.headers).json == log


# --- 3. ratings cannot be forged ------------------------------------------------------------------
def four_player_export(client, winners: int, name: str = "Bräus-VM") -> dict:
    """A played four-player Bräus tournament on ``client``'s server, exported."""
    director = make_director(client, f"Ledare {name}")
    event = Event(client, director, {**braus_body(players=4), "name": name})
    (table,) = event.seat(seed=1)["tables"]
    event.play(table["table_id"], *rita(winners, 6))
    return event.get("/export").json


@pytest.fixture
def elsewhere(tmp_path):
    """Another server, where a rival club invents its results."""
    return create_app({"DATABASE": str(tmp_path / "elsewhere.sqlite"),
                       "TESTING": True}).test_client()


def ratings(client) -> dict:
    response = client.get("/api/ratings/braus")
    assert response.status_code == 200, response.json
    return {p["key"]: p["ordinal"] for p in response.json["players"]}


def test_an_invented_export_moves_no_ratings_until_the_operator_accepts(app, client, capsys,
                                                                        elsewhere):
    four_player_export(client, winners=0)
    honest = ratings(client)
    invented = four_player_export(elsewhere, winners=1, name="Påhittat")  # the others win
    rival = make_director(client, "Rivalen")
    imported = client.post("/api/tournament-imports", json=invented,
                           headers=bearer(rival["token"]))
    assert imported.status_code == 201, imported.json
    assert imported.json["import_status"] == "pending"
    assert ratings(client) == honest
    assert {"game": "braus", "title": "Bräus", "tournaments": 1} in client.get(
        "/api/ratings").json
    status, out = operator(app, capsys, "imports", "list", "--status", "pending", "--json")
    (listed,) = json.loads(out)
    assert listed["id"] == imported.json["id"] and listed["director"] == "Rivalen"
    assert operator(app, capsys, "imports", "accept", imported.json["id"])[0] == 0
    moved = ratings(client)
    assert moved != honest and set(moved) == set(honest)
    assert operator(app, capsys, "imports", "reject", imported.json["id"])[0] == 0
    assert ratings(client) == honest
    assert operator(app, capsys, "imports", "accept", "nothing")[0] == 1
    # Its director deletes it; a tournament played here cannot be deleted that way.
    played_here = client.get("/api/tournaments", headers=bearer(rival["token"])).json
    assert [t["id"] for t in played_here] == [imported.json["id"]]
    refusal(client.delete(f"/api/tournament-imports/{imported.json['id']}"), 401,
            "token_required")
    assert client.delete(f"/api/tournament-imports/{imported.json['id']}",
                         headers=bearer(rival["token"])).status_code == 204
    refusal(client.get(f"/api/tournaments/{imported.json['id']}/standings"), 404,
            "tournament_not_found")
    assert json.loads(operator(app, capsys, "imports", "list", "--json")[1]) == []
    own = Event(client, rival, braus_body(players=4))
    refusal(client.delete(f"/api/tournament-imports/{own.id}", headers=own.headers), 409,
            "not_an_import")
    refusal(client.delete("/api/tournament-imports/nothing", headers=own.headers), 404,
            "tournament_not_found")


def imports_of(client, director) -> list:
    return client.get("/api/tournaments", headers=bearer(director["token"])).json


def test_an_import_is_replayed_whole_and_refused_at_the_first_bad_place(client, director,
                                                                        elsewhere):
    export = four_player_export(elsewhere, winners=0)
    headers = bearer(director["token"])
    table = export["rounds"][0]["tables"][0]

    # An entry the engine refuses: it names round, table, seq and the engine's reason.
    illegal = copy.deepcopy(export)
    illegal["rounds"][0]["tables"][0]["log"][3]["event"] = {"type": "result",
                                                            "outcome": "rita", "winner": 7}
    body = refusal(client.post("/api/tournament-imports", json=illegal, headers=headers), 422,
                   "import_entry_refused")
    assert {k: body["details"][k] for k in ("round", "table", "seq")} == {
        "round": 1, "table": 1, "seq": 4}
    assert body["details"]["engine"]["code"] and body["rule"]
    assert "Round 1, table 1, event 4" in body["messages"]["en"]

    # A protokoll that the log does not give (the forger's shortcut).
    forged = copy.deepcopy(export)
    forged["rounds"][0]["tables"][0]["protokoll"]["rows"][0]["totals"] = [0, 6]
    body = refusal(client.post("/api/tournament-imports", json=forged, headers=headers), 422,
                   "import_protokoll_mismatch")
    assert body["details"]["part"] == "protokoll row 0" and body["details"]["table"] == 1
    forged = copy.deepcopy(export)
    forged["rounds"][0]["tables"][0]["over"] = False
    assert refusal(client.post("/api/tournament-imports", json=forged, headers=headers), 422,
                   "import_protokoll_mismatch")["details"]["part"] == "over"

    # One malformed row.
    for bad in ({"seq": "x", "event": {"type": "deal"}}, "not an entry",
                {"seq": 2, "event": ["deal"]}):
        malformed = copy.deepcopy(export)
        malformed["rounds"][0]["tables"][0]["log"][1] = bad
        body = refusal(client.post("/api/tournament-imports", json=malformed, headers=headers),
                       422, "import_entry_malformed")
        assert body["details"]["seq"] == 2
    assert imports_of(client, director) == []  # nothing was written
    assert client.get("/api/ratings/braus").status_code == 200
    # The untouched export goes in.
    assert len(table["log"]) == 6
    assert client.post("/api/tournament-imports", json=export,
                       headers=headers).status_code == 201


def test_no_stored_row_makes_a_page_fail(app, client, capsys, director, elsewhere):
    export = four_player_export(elsewhere, winners=0)
    imported = client.post("/api/tournament-imports", json=export,
                           headers=bearer(director["token"])).json
    operator(app, capsys, "imports", "accept", imported["id"])
    four_player_export(client, winners=1, name="Hemma")
    connection = sqlite3.connect(db_path(app))
    with connection:  # what a broken disk, a bad tool or a careless hand could leave
        connection.execute("update tournament_tables set frozen = '{not json' "
                           "where tournament_id = ?", [imported["id"]])
    response = client.get("/api/ratings/braus")
    assert response.status_code == 200
    assert response.json["skipped"] == [{"tournament": imported["id"], "round": 1,
                                         "table": 1, "problem": "KeyError"}]
    assert all(p["tables"] == 1 for p in response.json["players"])
    assert client.get(f"/api/tournaments/{imported['id']}/standings").status_code == 200
    service._RATINGS.clear()  # as a server started afresh on this file reads it
    with connection:
        connection.execute("update tournament_tables set frozen = ? where tournament_id = ?",
                           [json.dumps({"sheet": 5, "result": [], "over": 1}),
                            imported["id"]])
        connection.execute("update tournaments set options = '[broken' where id = ?",
                           [imported["id"]])
    response = client.get("/api/ratings/braus")
    assert response.status_code == 200 and response.json["skipped"][0]["tournament"] == (
        imported["id"])
    assert client.get("/api/ratings").status_code == 200
    refusal(client.get(f"/api/tournaments/{imported['id']}/standings"), 409,
            "tournament_unreadable")
    assert client.get("/api/tournaments", headers=bearer(director["token"])).json == []
    assert client.get("/api/ratings/braus/history",
                      query_string={"player": response.json["players"][0]["key"]}
                      ).status_code == 200
    connection.close()


def test_a_table_with_findings_replays_to_the_same_findings(client, director,
                                                                      elsewhere):
    """Findings are derived again too: an export whose table carries one imports."""
    other = make_director(elsewhere)
    event = Event(elsewhere, other, braus_body(players=4))
    (table,) = event.seat(seed=3)["tables"]
    event.play(table["table_id"], *STOOD_OVER)
    export = event.get("/export").json
    assert export["rounds"][0]["tables"][0]["findings"]
    imported = client.post("/api/tournament-imports", json=export,
                           headers=bearer(director["token"]))
    assert imported.status_code == 201, imported.json
    assert imported.json["import_status"] == "pending"


def test_a_broken_row_of_a_tournament_played_here_fails_no_page(app, client, director):
    event = Event(client, director, braus_body(players=4))
    (table,) = event.seat(seed=1)["tables"]
    event.play(table["table_id"], *rita(0, 6))
    assert len(ratings(client)) == 4
    connection = sqlite3.connect(db_path(app))
    with connection:  # an entry of the live table that is not JSON, snapshot gone
        connection.execute("update events set event = '{bad' where table_id = ? and seq = 3",
                           [table["table_id"]])
        connection.execute("delete from snapshots where table_id = ?", [table["table_id"]])
        connection.execute("delete from tournament_readings where table_id = ?",
                           [table["table_id"]])
    service.forget_kept()  # as a server started afresh on this file reads it
    standings = event.standings()  # 200: the table reads as not started
    assert standings["progress"]["tables"]["not_started"] == 1
    response = client.get("/api/ratings/braus")
    assert response.status_code == 200 and response.json["players"] == []
    assert response.json["skipped"] == [{"tournament": event.id, "round": 1, "table": 1,
                                         "problem": "JSONDecodeError"}]
    with connection:  # seats that are no list of players
        connection.execute("update tournament_tables set seats = '\"x' "
                           "where tournament_id = ?", [event.id])
    service.forget_kept()
    refusal(client.get(event.url("/standings")), 409, "tournament_unreadable")
    assert client.get("/api/ratings/braus").status_code == 200
    connection.close()
