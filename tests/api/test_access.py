"""Access: join codes, device tokens, spectator keys, directors, revocation, rate limits.

Every refusal has its status, a stable code, the one error shape, and leaves the log as it
was.
"""

from __future__ import annotations

import hashlib
import sqlite3

import pytest
import sqlite_utils

from api import create_app
from api.errors import RateLimited
from tests.conftest import bearer, make_director, refusal, start_table, TableHandle

RESULT = {"type": "result", "bids": ["smyga", 3, "smyga", "smyga"], "tricks": [1, 4, 1, 0]}


def join(client, code: str, name: str = "Bos telefon", address: str | None = None):
    extra = {"environ_base": {"REMOTE_ADDR": address}} if address else {}
    return client.post("/api/join", json={"code": code, "device_name": name}, **extra)


def joined_handle(table: TableHandle, name: str = "Bos telefon") -> TableHandle:
    response = join(table.client, table.join_code, name)
    assert response.status_code == 201, response.json
    body = response.json
    assert body["table_id"] == table.id and body["role"] == "player"
    return TableHandle(table.client, table.id, body["token"], table.join_code,
                       {**table.created, **body}, seq=table.seq)


# --- creating and joining ----------------------------------------------------------------------
def test_a_new_table_gives_code_links_token_and_spectator_key(table):
    created = table.created
    assert len(created["join_code"]) == 6
    assert set(created["join_code"]) <= set("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    assert created["join_link"].endswith(f"/?join={created['join_code']}")
    assert created["spectator_link"].endswith(f"/?watch={created['spectator_key']}")
    assert created["role"] == "owner" and created["director_id"] is None
    assert len(created["spectator_key"]) >= 22 and len(created["token"]) >= 43
    assert created["spectator_key"] not in (created["token"], created["join_code"])


def test_a_phone_joins_with_the_code_and_posts_with_its_own_token(table):
    response = join(table.client, f" {table.join_code[:3].lower()}-{table.join_code[3:]} ")
    assert response.status_code == 201, response.json
    phone = TableHandle(table.client, table.id, response.json["token"], table.join_code,
                        response.json)
    assert phone.token != table.token
    phone.ok(RESULT)
    entry = table.log()["events"][0]
    assert entry["device_id"] == response.json["device_id"] != table.device_id
    assert entry["device_name"] == "Bos telefon"
    assert phone.view()["access"] == {"role": "player", "device_id": phone.created["device_id"],
                                      "write": True, "manage": False, "seat": None,
                                      "scorer": False, "seated_at_seq": None,
                                      "seat_devices": 0}


def test_a_wrong_code_is_404(client):
    body = refusal(join(client, "ZZZZZZ"), 404, "join_code_unknown")
    assert "code" in body["message"].lower()


def test_failed_joins_are_rate_limited_per_address(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "p.sqlite"), "FAILED_ACCESS_LIMIT": 3})
    client = app.test_client()
    table = start_table(client)
    for _ in range(3):
        refusal(join(client, "ZZZZZZ", address="192.0.2.7"), 404, "join_code_unknown")
    response = join(client, "ZZZZZZ", address="192.0.2.7")
    body = refusal(response, 429, "too_many_attempts")
    assert 1 <= int(response.headers["Retry-After"]) <= 600
    assert body["details"]["retry_after"] == int(response.headers["Retry-After"])
    # Past the limit even the right code waits: a guesser learns nothing by going on.
    refusal(join(client, table.join_code, address="192.0.2.7"), 429, "too_many_attempts")
    # Reading with a code from there waits too; a token still reads.
    refusal(table.get(headers={"X-Join-Code": table.join_code},
                      environ_base={"REMOTE_ADDR": "192.0.2.7"}), 429, "too_many_attempts")
    assert table.get(environ_base={"REMOTE_ADDR": "192.0.2.7"}).status_code == 200
    # Another address is not affected.
    assert join(client, table.join_code, address="192.0.2.8").status_code == 201
    devices = client.get(f"/api/tables/{table.id}/devices", headers=table.headers).json
    assert len(devices) == 2


def test_wrong_codes_on_reads_count_as_failed_attempts(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "p.sqlite"), "FAILED_ACCESS_LIMIT": 2})
    table = start_table(app.test_client())
    elsewhere = {"REMOTE_ADDR": "192.0.2.9"}
    for header in ({"X-Join-Code": "ZZZZZZ"}, {"X-Spectator-Key": "nope"}):
        assert table.get(headers=header, environ_base=elsewhere).status_code == 403
    refusal(table.get(headers={"X-Spectator-Key": table.spectator_key},
                      environ_base=elsewhere), 429, "too_many_attempts")


# --- reading -------------------------------------------------------------------------------------
READS = ("", "/events", "/protokoll")


@pytest.mark.parametrize("path", READS)
def test_read_with_token_code_or_spectator_key(table, path):
    player = joined_handle(table)
    for headers, query in (
            (table.headers, ""), (player.headers, ""),
            ({"X-Join-Code": table.join_code}, ""), ({}, f"?code={table.join_code.lower()}"),
            ({"X-Spectator-Key": table.spectator_key}, ""),
            ({}, f"?spectator_key={table.spectator_key}")):
        response = table.get(path + query, headers=headers)
        assert response.status_code == 200, (headers, query, response.json)


def test_what_each_reader_sees(table):
    assert table.view()["access"]["role"] == "owner"
    assert table.view()["join_code"] == table.join_code
    by_code = table.get(headers={"X-Join-Code": table.join_code}).json
    assert by_code["access"] == {"role": "code", "device_id": None, "write": False,
                                 "manage": False, "seat": None, "scorer": False,
                                 "seated_at_seq": None, "seat_devices": 0}
    spectator = table.get(headers={"X-Spectator-Key": table.spectator_key}).json
    assert spectator["access"]["role"] == "spectator"
    # The audience's link must not open the table for writing.
    assert spectator["join_code"] is None
    assert spectator["protokoll"] == by_code["protokoll"]


@pytest.mark.parametrize("path", READS)
def test_reads_without_or_with_wrong_credentials_are_refused(client, path):
    table = start_table(client)
    other = start_table(client)
    refusal(table.get(path, headers={}), 401, "credentials_required")
    refusal(table.get(path, headers=bearer("not-a-token")), 401, "token_unknown")
    refusal(table.get(path, headers=other.headers), 403, "token_forbidden")
    refusal(table.get(path, headers={"X-Join-Code": other.join_code}), 403, "join_code_wrong")
    refusal(table.get(path, headers={"X-Spectator-Key": other.spectator_key}), 403,
            "spectator_key_wrong")
    refusal(client.get(f"/api/tables/nope{path}"), 404, "table_not_found")


def test_the_csv_protokoll_by_url_with_the_spectator_key(table):
    table.ok(RESULT)
    response = table.client.get(f"/api/tables/{table.id}/protokoll?format=csv"
                                f"&spectator_key={table.spectator_key}")
    assert response.status_code == 200 and response.mimetype == "text/csv"


def test_a_spectator_link_finds_its_table_and_its_game(table):
    """The game too: the app asks for the game's details beside the table, not after it."""
    response = table.client.get("/api/watch", headers={"X-Spectator-Key": table.spectator_key})
    assert response.json == {"table_id": table.id, "game": "rodskagg"}
    response = table.client.get(f"/api/watch?spectator_key={table.spectator_key}")
    assert response.json == {"table_id": table.id, "game": "rodskagg"}
    refusal(table.client.get("/api/watch", headers={"X-Spectator-Key": "x" * 22}), 404,
            "spectator_key_unknown")
    refusal(table.client.get("/api/watch"), 401, "credentials_required")


# --- writing -------------------------------------------------------------------------------------
def test_spectators_and_code_holders_cannot_write(table):
    table.ok(RESULT)
    before = table.log()
    for headers in ({"X-Spectator-Key": table.spectator_key},
                    {"X-Join-Code": table.join_code}):
        refusal(table.post({"type": "deal"}, headers=headers), 403, "read_only")
    refusal(table.client.post(f"/api/tables/{table.id}/events?spectator_key="
                              f"{table.spectator_key}",
                              json={"based_on": 1, "client_event_id": "s", "event":
                                    {"type": "deal"}}), 403, "read_only")
    assert table.log() == before


def test_another_tables_token_changes_nothing(client):
    one, other = start_table(client), start_table(client)
    refusal(one.post(RESULT, headers=other.headers), 403, "token_forbidden")
    refusal(client.get(f"/api/tables/{one.id}/devices", headers=other.headers), 403,
            "token_forbidden")
    assert one.log()["events"] == [] and other.log()["events"] == []


# --- devices and revocation ----------------------------------------------------------------------
def test_owner_lists_devices_and_revokes_a_lost_phone(table):
    phone = joined_handle(table)
    phone.ok(RESULT)
    table.seq = phone.seq
    devices = table.get("/devices").json
    assert [(d["role"], d["you"], d["events"]) for d in devices] == [
        ("owner", True, 0), ("player", False, 1)]
    response = table.client.delete(f"/api/tables/{table.id}/devices/{phone.created['device_id']}",
                                   headers=table.headers)
    assert response.status_code == 200 and response.json["revoked_at"]
    before = table.log()
    refusal(phone.post({"type": "deal"}), 403, "token_revoked")
    refusal(phone.get(), 403, "token_revoked")
    refusal(phone.get("/events"), 403, "token_revoked")
    assert table.log() == before
    # Its entries stay in the log, still naming it; the revoked device stays listed.
    assert before["events"][0]["device_id"] == phone.created["device_id"]
    listed = {d["id"]: d for d in table.get("/devices").json}
    assert listed[phone.created["device_id"]]["revoked_at"] == response.json["revoked_at"]
    # Revoking twice is harmless and keeps the first time.
    again = table.client.delete(f"/api/tables/{table.id}/devices/{phone.created['device_id']}",
                                headers=table.headers)
    assert again.json["revoked_at"] == response.json["revoked_at"]
    # The table has a new code (the phone had seen the old one): joining again needs it,
    # and only the managers are told it (issue 14).
    new_code = response.json["join_code"]
    assert new_code != table.join_code and again.json["join_code"] == new_code
    refusal(join(table.client, table.join_code), 404, "join_code_unknown")
    table.join_code = new_code
    assert joined_handle(table).view()["access"]["role"] == "player"


def test_only_the_owner_manages_devices(table):
    phone = joined_handle(table)
    other_phone = joined_handle(table, "Cias telefon")
    path = f"/api/tables/{table.id}/devices"
    refusal(table.client.get(path, headers=phone.headers), 403, "owner_only")
    refusal(table.client.delete(f"{path}/{other_phone.created['device_id']}",
                                headers=phone.headers), 403, "owner_only")
    refusal(table.client.get(path, headers={"X-Join-Code": table.join_code}), 403, "read_only")
    refusal(table.client.get(path), 401, "token_required")
    refusal(table.client.delete(f"{path}/{table.device_id}", headers=table.headers), 409,
            "hand_over_first")
    refusal(table.client.delete(f"{path}/nope", headers=table.headers), 404, "device_not_found")
    other = start_table(table.client)
    refusal(table.client.delete(f"{path}/{other.device_id}", headers=table.headers), 404,
            "device_not_found")
    assert other_phone.view()["access"]["role"] == "player"  # nothing was revoked


def test_a_new_spectator_key_replaces_the_old(table):
    response = table.client.post(f"/api/tables/{table.id}/spectator-key", headers=table.headers)
    assert response.status_code == 201
    new_key = response.json["spectator_key"]
    assert response.json["spectator_link"].endswith(f"/?watch={new_key}")
    refusal(table.get(headers={"X-Spectator-Key": table.spectator_key}), 403,
            "spectator_key_wrong")
    assert table.get(headers={"X-Spectator-Key": new_key}).status_code == 200
    player = joined_handle(table)
    refusal(table.client.post(f"/api/tables/{table.id}/spectator-key", headers=player.headers),
            403, "owner_only")


# --- directors -----------------------------------------------------------------------------------
def director_table(client, director: dict) -> TableHandle:
    response = client.post("/api/tables", json={"game": "rodskagg",
                                                "players": ["Anna", "Bo", "Cia", "Dan"]},
                           headers=bearer(director["token"]))
    assert response.status_code == 201, response.json
    body = response.json
    assert body["role"] == "director" and body["director_id"] == director["id"]
    return TableHandle(client, body["id"], body["token"], body["join_code"], body)


def test_a_director_owns_the_tables_it_starts_and_acts_on_them(client):
    director = make_director(client, "Klubbmästerskapet")
    tables = [director_table(client, director) for _ in range(2)]
    as_director = [TableHandle(client, t.id, director["token"], t.join_code, t.created)
                   for t in tables]
    for handle in as_director:
        assert handle.view()["access"]["role"] == "director"
        handle.ok(RESULT)
    # The log names the device that stands for the director at that table.
    entry = tables[0].log()["events"][0]
    assert entry["device_id"] == tables[0].device_id
    assert entry["device_name"] == "Klubbmästerskapet"
    # The director revokes a player's phone.
    phone = joined_handle(tables[0])
    response = client.delete(f"/api/tables/{tables[0].id}/devices/"
                             f"{phone.created['device_id']}", headers=bearer(director["token"]))
    assert response.status_code == 200
    refusal(phone.post({"type": "deal"}), 403, "token_revoked")
    me = client.get("/api/directors/me", headers=bearer(director["token"])).json
    assert me["name"] == "Klubbmästerskapet"
    assert sorted(t["id"] for t in me["tables"]) == sorted(t.id for t in tables)


def test_another_director_gets_403_and_changes_nothing(client):
    owner, intruder = make_director(client, "A"), make_director(client, "B")
    table = director_table(client, owner)
    table.ok(RESULT)
    anonymous = start_table(client)
    before = table.log()
    for target in (table, anonymous):
        headers = bearer(intruder["token"])
        refusal(target.get(headers=headers), 403, "token_forbidden")
        refusal(target.post({"type": "deal"}, headers=headers), 403, "token_forbidden")
        refusal(client.get(f"/api/tables/{target.id}/devices", headers=headers), 403,
                "token_forbidden")
        refusal(client.delete(f"/api/tables/{target.id}/devices/{target.device_id}",
                              headers=headers), 403, "token_forbidden")
    assert table.log() == before and anonymous.log()["events"] == []


def test_director_tokens_are_checked_when_starting_a_table(client, table):
    players = {"game": "rodskagg", "players": ["A", "B", "C"]}
    refusal(client.post("/api/tables", json=players, headers=table.headers), 403,
            "director_token_required")
    refusal(client.post("/api/tables", json=players, headers=bearer("nope")), 401,
            "token_unknown")
    refusal(client.get("/api/directors/me"), 401, "token_required")
    refusal(client.get("/api/directors/me", headers=table.headers), 403,
            "director_token_required")


# --- the write rate limit ------------------------------------------------------------------------
@pytest.fixture
def limited_app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "limited.sqlite"), "WRITE_RATE_LIMIT": 3,
                       "WRITE_RATE_WINDOW": 60})


def test_a_device_over_the_write_limit_gets_429_and_the_log_is_untouched(limited_app):
    table = start_table(limited_app.test_client())
    table.ok(RESULT)
    refusal(table.post({"type": "bid", "seat": 1, "bid": 3}), 422, "not_expected")  # counts
    table.ok({"type": "deal"})
    before = table.log()
    response = table.post({"type": "knock"})
    body = refusal(response, 429, "rate_limited")
    retry = int(response.headers["Retry-After"])
    assert 1 <= retry <= 60
    assert body["details"]["retry_after"] == retry
    assert body["details"]["limit"] == 3 and body["details"]["window_seconds"] == 60
    assert body["details"]["retry_at"]
    assert body["rule"] is None
    assert table.log() == before
    # Per device: another phone at the same table still writes.
    phone = joined_handle(table)
    phone.ok({"type": "knock"})


def test_the_write_limit_holds_across_server_processes(limited_app, tmp_path):
    """Two apps on one file stand for two gunicorn workers: the counter is in SQLite."""
    table = start_table(limited_app.test_client())
    worker_two = create_app({"DATABASE": limited_app.config["DATABASE"],
                             "WRITE_RATE_LIMIT": 3}).test_client()
    table.ok(RESULT)
    on_two = TableHandle(worker_two, table.id, table.token, table.join_code, table.created,
                         seq=table.seq)
    on_two.ok({"type": "deal"})
    table.seq = on_two.seq
    table.ok({"type": "knock"})
    refusal(on_two.post({"type": "bid", "seat": 1, "bid": 3}, based_on=3), 429, "rate_limited")
    assert len(table.log()["events"]) == 3


def test_the_window_ends_and_writes_go_through_again(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "p.sqlite"), "WRITE_RATE_LIMIT": 1})
    table = start_table(app.test_client())
    table.ok(RESULT)
    refusal(table.post({"type": "deal"}), 429, "rate_limited")
    db = sqlite3.connect(app.config["DATABASE"] + "-limits")  # the counters' own file
    db.execute("update rate_limits set expires_at = expires_at - 61")  # a minute later
    db.commit()
    db.close()
    table.ok({"type": "deal"})


# --- secrets at rest -----------------------------------------------------------------------------
def test_tokens_and_keys_are_stored_only_hashed(app, client):
    director = make_director(client)
    table = director_table(client, director)
    anonymous = start_table(client)
    phone = joined_handle(anonymous)
    anonymous.ok(RESULT)
    secrets = [director["token"], table.token, anonymous.token, phone.token,
               table.spectator_key, anonymous.spectator_key]
    conn = sqlite3.connect(app.config["DATABASE"])
    dump = "\n".join(conn.iterdump())
    for secret in secrets:
        assert secret not in dump
        assert hashlib.sha256(secret.encode()).hexdigest() in dump
    hashes = [row[0] for row in conn.execute("select token_hash from devices "
                                             "where token_hash is not null")]
    assert len(hashes) == 3 and all(len(h) == 64 for h in hashes)
    conn.close()


# --- a database from before access ---------------------------------------------------------------
def test_tables_made_before_the_access_migrations_keep_working(tmp_path):
    """A file with only m001/m002 (as shipped before): after migrating, the old owner token
    writes, the old code reads and joins, and the owner can make a spectator key."""
    import sqlite_utils

    from api import auth, migrations

    path = str(tmp_path / "old.sqlite")
    old = sqlite_utils.Database(path)
    migrations.m001_tables_events_devices(old)
    migrations.m002_snapshots(old)
    old["_migrations"].create({"name": str, "applied_at": str}, pk="name")
    old["_migrations"].insert_all([{"name": "m001_tables_events_devices", "applied_at": "-"},
                                   {"name": "m002_snapshots", "applied_at": "-"}])
    token = auth.new_token()
    old["tables"].insert({"id": "t1", "game": "rodskagg", "players": '["A", "B", "C"]',
                          "options": "{}", "first_dealer": 0, "join_code": "ABC234",
                          "seq": 0, "created_at": "-"})
    old["devices"].insert({"id": "d1", "table_id": "t1", "token_hash": auth.hash_token(token),
                           "name": "", "role": "owner", "created_at": "-", "revoked_at": None})
    old.close()

    client = create_app({"DATABASE": path}).test_client()
    table = TableHandle(client, "t1", token, "ABC234", {"device_id": "d1"})
    table.ok({"type": "result", "bids": ["smyga", 3, "smyga"], "tricks": [1, 4, 1]})
    assert table.get(headers={"X-Join-Code": "abc234"}).status_code == 200
    assert join(client, "ABC234").status_code == 201
    key = client.post("/api/tables/t1/spectator-key", headers=table.headers).json
    assert table.get(headers={"X-Spectator-Key": key["spectator_key"]}).status_code == 200


def test_an_ended_window_left_unswept_counts_from_one_again(monkeypatch):
    """Posts sweep the ended windows only now and then (issue 16): a key whose window has
    ended but whose row is still there opens a new window at its next hit, it does not go
    on counting the old one."""
    from api.resources.access import ratelimit

    db = sqlite_utils.Database(sqlite3.connect(":memory:"))
    db.execute("create table rate_limits (key text primary key, window_start real, "
               "expires_at real, count integer)")
    monkeypatch.setattr(ratelimit, "_counted", 1)  # the next calls do not sweep
    limit = ratelimit.Limit(2, 60)
    assert ratelimit.count(db, "write:d", limit, now=1000.0) == (1, 1060.0)
    assert ratelimit.count(db, "write:d", limit, now=1030.0) == (2, 1060.0)
    db.execute("insert into rate_limits values ('write:other', 900, 960, 5)")
    assert ratelimit.count(db, "write:d", limit, now=1060.0) == (1, 1120.0)  # ended: anew
    assert db.execute("select window_start from rate_limits where key = 'write:d'"
                      ).fetchone() == (1060.0,)
    assert db.execute("select count(*) from rate_limits").fetchone() == (2,)  # not swept
    ratelimit.hit(db, "write:d", limit, {"sv": "x", "en": "x"}, now=1061.0)
    with pytest.raises(RateLimited):
        ratelimit.hit(db, "write:d", limit, {"sv": "x", "en": "x"}, now=1062.0)
    monkeypatch.setattr(ratelimit, "_counted", ratelimit.SWEEP_EVERY)  # the next sweeps
    ratelimit.count(db, "write:e", limit, now=1063.0)
    assert db.execute("select key from rate_limits order by key").fetchall() == [
        ("write:d",), ("write:e",)]
