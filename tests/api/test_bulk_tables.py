"""A tournament round's tables made in bulk (``store.insert_tables``: one statement per kind
of row) are row for row what ``store.insert_table`` makes one table at a time — the table,
its director's device, its spectator key and its snapshot — ids, secrets and timestamps
aside, and every one of them works through the API: a phone joins with its code, a
spectator watches with its key, the director posts to it with the director's token.
"""

from __future__ import annotations

import hashlib
import pickle
import random

from api import auth, store
from api import db as database
from api.db import write_transaction
from tests.conftest import bearer, make_director

OPTIONS: dict = {}
SECRET_COLUMNS = {"id", "join_code", "join_code_hash", "spectator_hash", "created_at"}


def seatings(seed: int, tables: int) -> list[list[str]]:
    players = [f"Spelare {n}" for n in range(1, 4 * tables + 1)]
    random.Random(seed).shuffle(players)
    return [players[4 * t:4 * t + 4] for t in range(tables)]


def rows(db, sql: str, table_id: str) -> list[dict]:
    cursor = db.execute(sql, [table_id])
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row)) for row in cursor.fetchall()]


def table_rows(db, table_id: str) -> dict:
    """Everything stored for one table: its row, its devices, its snapshot (the state
    unpickled) and its snapshot rows."""
    (table,) = rows(db, "select * from tables where id = ?", table_id)
    devices = rows(db, "select * from devices where table_id = ?", table_id)
    (snap,) = rows(db, "select * from snapshots where table_id = ?", table_id)
    return {"table": table, "devices": devices, "snapshot": snap,
            "state": pickle.loads(snap["state"]),
            "snapshot_rows": rows(db, "select * from snapshot_rows where table_id = ? "
                                  "order by n", table_id)}


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_bulk_tables_equal_single_tables_and_work(app, client, monkeypatch):
    director = make_director(client)
    keys: list[str] = []  # the spectator keys made, in order (insert_tables returns ids)
    real_key = auth.new_spectator_key

    def recorded_key() -> str:
        keys.append(real_key())
        return keys[-1]

    monkeypatch.setattr(auth, "new_spectator_key", recorded_key)
    seats = seatings(2026, 6)
    db = database.connect(app.config["DATABASE"])
    who = {"id": director["id"], "name": db.execute(
        "select name from directors where id = ?", [director["id"]]).fetchone()[0]}
    with write_transaction(db):
        bulk = store.insert_tables(db, "braus", seats, OPTIONS, who)
    bulk_keys = list(keys)
    with write_transaction(db):
        single = [store.insert_table(db, *store._new_table("braus", players, OPTIONS, 0),
                                     "", who) for players in seats]
    assert len(bulk) == len(set(bulk)) == len(seats) and len(bulk_keys) == len(seats)

    for table_id, key, created in zip(bulk, bulk_keys, single):
        made, one = table_rows(db, table_id), table_rows(db, created["id"])
        # The table: the same columns and values but for its id and secrets, whose
        # digests are those of its own secrets.
        assert made["table"].keys() == one["table"].keys()
        assert ({k: v for k, v in made["table"].items() if k not in SECRET_COLUMNS}
                == {k: v for k, v in one["table"].items() if k not in SECRET_COLUMNS})
        assert made["table"]["join_code_hash"] == sha(made["table"]["join_code"])
        assert made["table"]["spectator_hash"] == sha(key)
        assert one["table"]["spectator_hash"] == sha(created["spectator_key"])
        assert len(made["table"]["join_code"]) == auth.JOIN_CODE_LENGTH
        # One device each: the director's, with a token's digest, at no seat.
        (device,), (device1,) = made["devices"], one["devices"]
        assert device["role"] == device1["role"] == "director"
        assert device["director_id"] == director["id"]
        assert device["token_hash"] and len(device["token_hash"]) == 64
        assert device1["token_hash"] == sha(created["token"])
        other = {"id", "table_id", "token_hash", "created_at"}
        assert ({k: v for k, v in device.items() if k not in other}
                == {k: v for k, v in device1.items() if k not in other})
        # The snapshot at seq 0 of this engine, the same state, byte for byte.
        for snap in (made["snapshot"], one["snapshot"]):
            assert (snap["seq"], snap["engine"]) == (0, store.ENGINE)
        assert made["snapshot"]["state"] == one["snapshot"]["state"]
        assert made["snapshot"]["rows"] == one["snapshot"]["rows"]
        assert made["state"] == one["state"]
        assert ([(r["n"], r["row"]) for r in made["snapshot_rows"]]
                == [(r["n"], r["row"]) for r in one["snapshot_rows"]])
        assert len(made["snapshot_rows"]) == made["snapshot"]["rows"]
    codes = [table_rows(db, t)["table"]["join_code"] for t in bulk]
    assert len(set(codes)) == len(codes)

    # Every bulk table works through the API.
    for n, (table_id, key, code) in enumerate(zip(bulk, bulk_keys, codes)):
        joined = client.post("/api/join", json={"code": code, "device_name": f"Mobil {n}"})
        assert joined.status_code == 201, joined.json
        assert joined.json["table_id"] == table_id
        watched = client.get(f"/api/watch?spectator_key={key}")
        assert watched.status_code == 200, watched.json
        assert watched.json == {"table_id": table_id, "game": "braus"}
        posted = client.post(f"/api/tables/{table_id}/events",
                             json={"based_on": 0, "client_event_id": f"bulk-{n}",
                                   "event": {"type": "deal", "dealer": 0, "cut": 3}},
                             headers=bearer(director["token"]))
        assert posted.status_code == 201, posted.json
        assert posted.json["entry"]["seq"] == 1
        view = client.get(f"/api/tables/{table_id}", headers=bearer(joined.json["token"]))
        assert view.status_code == 200 and view.json["seq"] == 1
        assert view.json["players"] == seats[n]
        # The device that stands for the director is the one made with the table.
        assert db.execute("select device_id from events where table_id = ?",
                          [table_id]).fetchone()[0] == table_rows(db, table_id)[
                              "devices"][0]["id"]


def test_join_codes_drawn_again_on_a_clash(app, client, monkeypatch):
    """A drawn code that a table already has, or that the same draw gave twice, is drawn
    again: the round's codes are all new and distinct."""
    director = make_director(client)
    db = database.connect(app.config["DATABASE"])
    who = {"id": director["id"], "name": "Turneringsledaren"}
    with write_transaction(db):
        (first,) = store.insert_tables(db, "braus", seatings(1, 1), OPTIONS, who)
    taken = db.execute("select join_code from tables where id = ?", [first]).fetchone()[0]
    draws = iter([taken, "AAAAAA", "AAAAAA", "BBBBBB", "CCCCCC"])
    monkeypatch.setattr(auth, "new_join_code", lambda: next(draws))
    with write_transaction(db):
        made = store.insert_tables(db, "braus", seatings(2, 3), OPTIONS, who)
    codes = {db.execute("select join_code from tables where id = ?", [t]).fetchone()[0]
             for t in made}
    assert codes == {"AAAAAA", "BBBBBB", "CCCCCC"}


def test_join_codes_use_the_whole_alphabet_and_only_it():
    """The codes are drawn a byte a letter (``auth.new_join_code``): six letters of the
    alphabet without 0/O/1/I, every one of them drawn (12,000 letters: missing one has a
    chance of about 1e-164)."""
    codes = [auth.new_join_code() for _ in range(2000)]
    assert {len(code) for code in codes} == {auth.JOIN_CODE_LENGTH}
    assert set("".join(codes)) == set(auth.JOIN_CODE_ALPHABET)
