"""Storage: WAL, migrations by name, snapshots that make a post cost O(1)."""

from __future__ import annotations

import pickle
import sqlite3

from api import db as database
from api import snapshots, store
from api.migrations import MIGRATIONS


def test_database_is_wal_with_full_sync_and_migrations_recorded(tmp_path):
    path = str(tmp_path / "p.sqlite")
    db = database.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    names = [row["name"] for row in db["_migrations"].rows]
    assert names == [m.__name__ for m in MIGRATIONS]
    db.close()
    # Opening again applies nothing twice.
    again = database.connect(path)
    assert [row["name"] for row in again["_migrations"].rows] == names
    assert database.migrate(again) == []


def _replayed(db, table_id, upto=None):
    row = store.load_row(db, table_id)
    entries = store.entries_of(db, table_id)
    return store.replay(store.setup_of(row), entries if upto is None else entries[:upto])


def _smyga(table):
    """The next bid of the deal in progress: the seat to bid passes (smyger)."""
    return table.ok({"type": "bid", "seat": table.view()["expected"]["seat"], "bid": "smyga"})


def test_snapshot_is_saved_every_few_posts_and_equals_a_replay(table, app, monkeypatch):
    """A post saves the snapshot when the protokoll's rows change, after an undo or a
    correction, and at least every ``snapshots.EVERY`` posts; between saves the readers
    bring the saved state up to date from the log (pages fewer in most posts' commit).
    Shown with ``EVERY`` at 4 (a deal's bidding is enough); the product's is 32, a deal
    of card-by-card play or so, which bounds what a reader without the state replays."""
    assert snapshots.EVERY == 32
    monkeypatch.setattr(snapshots, "EVERY", 4)
    table.ok({"type": "result", "bids": ["smyga", 3, "smyga", "smyga"],
              "tricks": [1, 4, 1, 0]})  # a protokoll row: saved at 1
    table.ok({"type": "deal"})
    table.ok({"type": "bid", "seat": 2, "bid": 2})
    db = database.connect(app.config["DATABASE"])

    def saved():
        return db.execute("select seq, engine from snapshots where table_id = ?",
                          [table.id]).fetchone()

    assert saved() == (1, store.ENGINE)
    assert snapshots.read(db, table.id) == _replayed(db, table.id, 1)
    assert store.load_state(db, store.load_row(db, table.id))[1] == _replayed(db, table.id)
    _smyga(table)
    assert saved()[0] == 1
    _smyga(table)  # seq 5: four posts after the save
    assert saved()[0] == 5
    assert snapshots.read(db, table.id) == _replayed(db, table.id)


def test_a_state_kept_in_memory_is_brought_up_to_date_from_the_log(table, app):
    """A server process keeps the states it made; when another process has posted since
    (the snapshot not saved again), it applies those entries from the log to its own.
    Here the other process is staged by putting back what this one kept before."""
    table.ok({"type": "deal"})
    db = database.connect(app.config["DATABASE"])
    kept_then = dict(snapshots._kept)
    table.ok({"type": "bid", "seat": table.view()["expected"]["seat"], "bid": 2})
    _smyga(table)
    assert db.execute("select seq from snapshots where table_id = ?",
                      [table.id]).fetchone() == (0,)  # not saved since the start
    snapshots._kept.clear()
    snapshots._kept.update(kept_then)  # this process saw the table at seq 1 only
    row = store.load_row(db, table.id)
    assert row["seq"] == 3
    assert store.load_state(db, row)[1] == _replayed(db, table.id)
    snapshots._kept.clear()  # nothing kept: the saved state, brought up from the log
    assert store.load_state(db, row)[1] == _replayed(db, table.id)


def test_stale_snapshot_is_ignored_and_state_rebuilt(table, app):
    table.ok({"type": "result", "bids": ["smyga", 3, "smyga", "smyga"],
              "tricks": [1, 4, 1, 0]})
    conn = sqlite3.connect(app.config["DATABASE"])
    # A snapshot from another engine version holding a wrong state must not be used.
    wrong = pickle.dumps("not a state")
    conn.execute("update snapshots set engine = 'old', state = ?", [wrong])
    conn.commit()
    conn.close()
    assert table.view()["protokoll"]["totals"] == [12, 8, 12, 12]
    table.ok({"type": "deal"})
    assert table.view()["state"]["phase"] == "bidding"


def test_a_snapshot_keeps_its_rows_apart_and_a_post_rewrites_only_those_it_changed(table, app):
    """The state is saved without its protokoll rows; the rows one each. A post that scores
    a deal writes one row; an undo (a replay) writes them all again; the snapshot read back
    from the file equals a replay of the log every time."""
    db = database.connect(app.config["DATABASE"])
    fails = {"type": "result", "bids": [2, "smyga", "smyga", "smyga"], "tricks": [1, 5, 0, 0]}
    makes = {"type": "result", "bids": [2, "smyga", "smyga", "smyga"], "tricks": [2, 4, 0, 0]}

    def stored():
        return {n: bytes(blob) for n, blob in db.execute(
            "select n, row from snapshot_rows where table_id = ?", [table.id])}

    def replayed():
        row = store.load_row(db, table.id)
        return store.replay(store.setup_of(row), store.entries_of(db, table.id))

    for event in (fails, makes, fails):
        table.ok(event)
    before = stored()
    head_rows, = db.execute("select rows from snapshots where table_id = ?",
                            [table.id]).fetchone()
    assert head_rows == len(before) == len(replayed().rows)
    table.ok(makes)
    after = stored()
    assert len(after) == len(before) + 1
    assert all(after[n] == before[n] for n in before)  # the old rows were not rewritten
    assert snapshots.read(db, table.id) == replayed()
    table.ok({"type": "undo", "target": 2})
    assert snapshots.read(db, table.id) == replayed()
    assert len(stored()) == len(replayed().rows)


def _reader_left_half_way(tmp_path):
    """A pooled connection given back with a query read in part and its cursor still alive
    (as a traceback holds one), then a write by another connection."""
    path = str(tmp_path / "pool.sqlite")
    database.connect(path).close()
    pool = database.Pool(path, keep=1)
    first = pool.take()
    first.execute("insert into directors (id, name, token_hash, created_at) "
                  "values ('a', 'A', 'x', 'now'), ('b', 'B', 'y', 'now')")
    half_read = first.execute("select id from directors order by id")
    assert half_read.fetchone() == ("a",)
    pool.give(first)
    other = sqlite3.connect(path)
    with other:
        other.execute("update directors set name = 'Changed' where id = 'a'")
    other.close()
    return pool, first, half_read


def test_a_pooled_connection_reads_what_another_wrote_after_its_last_request(tmp_path):
    """The reason the pool once stayed off: a connection kept the read snapshot of a
    statement its last request had not finished, and the next request read the file as it
    was (``api/db.py``, ``Connection``). Given back, its statements are ended."""
    pool, first, half_read = _reader_left_half_way(tmp_path)
    again = pool.take()
    assert again is first  # the same connection, reused
    assert again.execute("select name from directors where id = 'a'").fetchone() == (
        "Changed",)
    del half_read


def test_the_snapshot_is_sqlites_own_and_a_rollback_does_not_end_it(tmp_path):
    """Why ending the statements is the cure: without it the connection, not inside a
    transaction as Python sees it, still reads the old file after BEGIN and ROLLBACK."""
    path = str(tmp_path / "raw.sqlite")
    database.connect(path).close()
    reader = sqlite3.connect(path, isolation_level=None)
    reader.execute("insert into directors (id, name, token_hash, created_at) "
                   "values ('a', 'A', 'x', 'now'), ('b', 'B', 'y', 'now')")
    half_read = reader.execute("select id from directors order by id")
    half_read.fetchone()
    writer = sqlite3.connect(path)
    with writer:
        writer.execute("update directors set name = 'Changed' where id = 'a'")
    assert not reader.in_transaction
    reader.execute("BEGIN")
    reader.execute("ROLLBACK")
    assert reader.execute("select name from directors where id = 'a'").fetchone() == ("A",)
    half_read.close()
    assert reader.execute("select name from directors where id = 'a'").fetchone() == (
        "Changed",)
    reader.close()
    writer.close()


def test_a_cache_write_is_atomic_and_leaves_the_connection_durable(tmp_path):
    """A tournament's cached readings are committed without waiting for the disk
    (``synchronous=NORMAL`` for that commit); every other commit of the connection, before
    and after, and after a failed cache write too, stays ``FULL``."""
    path = str(tmp_path / "cache.sqlite")
    db = database.connect(path)
    with database.cache_transaction(db):
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
        db.execute("insert into directors (id, name, token_hash, created_at) "
                   "values ('a', 'A', 'x', 'now')")
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    try:
        with database.cache_transaction(db):
            db.execute("insert into directors (id, name, token_hash, created_at) "
                       "values ('b', 'B', 'y', 'now')")
            raise RuntimeError("half way")
    except RuntimeError:
        pass
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2
    other = sqlite3.connect(path)
    assert other.execute("select id from directors").fetchall() == [("a",)]
    other.close()
    db.close()


def test_a_process_keeps_pools_for_a_few_files_only(tmp_path):
    """A process that opens many database files (the test suite: one per test) keeps
    connections to the last few only: idle connections of older files are closed, so the
    process's file descriptors stay few (one above 1024 breaks every select())."""
    from api import db as dbmod

    pools = []
    for n in range(dbmod.MAX_POOLS + 3):
        path = str(tmp_path / f"f{n}.sqlite")
        dbmod.connect(path).close()
        pool = dbmod.pool_for(path)
        pool.give(pool.take())
        pools.append(pool)
    assert len(dbmod._pools) <= dbmod.MAX_POOLS
    assert pools[0]._idle == [] and pools[0].keep == 0  # the oldest was closed
    assert len(pools[-1]._idle) == min(1, dbmod.Pool.KEEP)  # the newest keeps its own


def test_m010_converts_a_database_of_the_old_schema(tmp_path, monkeypatch):
    """Migration ``m010_fewer_pages_per_post`` on a file made by the schema before it, with
    a table and its log written the old way (the seq stored in ``tables``, the write count
    in the log's file): the log is kept entry for entry in the new ``events``, the seq is
    read from it, the count goes on in ``FILE-limits``, and the table goes on as before —
    a retried post is answered as the first time, a client event id is used once."""
    import json
    import time

    from api import auth, create_app, disclosure, migrations
    from rules_engine.table_log import Entry, apply_entry

    path = str(tmp_path / "old.sqlite")
    with monkeypatch.context() as patch:
        patch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:9])  # to m009
        old = database.connect(path, limits=False)
    assert old["events"].pks == ["table_id", "seq"] and "rate_limits" in old.table_names()
    players = ["Anna", "Bo", "Cia", "Dan"]
    events = [{"type": "result", "bids": ["smyga", 3, "smyga", "smyga"],
               "tricks": [1, 4, 1, 0]}, {"type": "deal"}, {"type": "bid", "seat": 2, "bid": 2}]
    setup = store.TableSetup("rodskagg", tuple(players), {}, 0)
    token, now = "owner-token", time.time()
    old.execute("insert into tables (id, game, players, options, first_dealer, join_code, "
                "seq, created_at, join_code_hash) values ('T1', 'rodskagg', ?, '{}', 0, "
                "'ABCDEF', 3, 'then', ?)", [json.dumps(players), auth.hash_token("ABCDEF")])
    old.execute("insert into devices (id, table_id, token_hash, name, role, created_at) "
                "values ('D1', 'T1', ?, 'Anna', 'owner', 'then')", [auth.hash_token(token)])
    state = setup.new_state()
    for seq, event in enumerate(events, 1):
        state = apply_entry(setup, state, [], event)
        old.execute("insert into events (table_id, seq, client_event_id, device_id, "
                    "created_at, event, deal) values ('T1', ?, ?, 'D1', 'then', ?, ?)",
                    [seq, f"c{seq}", json.dumps(event),
                     disclosure.deal_of(setup.module, state)])
    old.execute("insert into rate_limits (key, window_start, expires_at, count) "
                "values ('write:device:D1', ?, ?, 3)", [now, now + 60])
    logged = old.execute("select * from events order by seq").fetchall()
    old.conn.commit()
    old.close()

    new = database.connect(path)
    assert new.execute("select * from events order by seq").fetchall() == logged
    assert "without rowid" in new.execute(
        "select lower(sql) from sqlite_master where name = 'events'").fetchone()[0]
    assert "seq" not in new["tables"].columns_dict
    assert "rate_limits" not in new.table_names()  # the log's file has none now
    assert new.execute("select count from limits.rate_limits").fetchall() == [(3,)]
    assert store.load_row(new, "T1")["seq"] == 3
    new.close()

    client = create_app({"DATABASE": path, "WRITE_RATE_LIMIT": 6}).test_client()
    headers = {"Authorization": f"Bearer {token}"}
    view = client.get("/api/tables/T1", headers=headers).json
    assert view["seq"] == 3 and view["state"]["phase"] == "bidding"
    retry = client.post("/api/tables/T1/events", headers=headers, json={
        "based_on": 1, "client_event_id": "c2", "event": {"type": "deal"}})
    assert retry.status_code == 201 and retry.json["entry"]["seq"] == 2
    reused = client.post("/api/tables/T1/events", headers=headers, json={
        "based_on": 3, "client_event_id": "c2", "event": {"type": "knock"}})
    assert reused.status_code == 409 and reused.json["code"] == "client_event_id_reused"
    nxt = client.get("/api/tables/T1", headers=headers).json["expected"]["seat"]
    posted = client.post("/api/tables/T1/events", headers=headers, json={
        "based_on": 3, "client_event_id": "c4",
        "event": {"type": "bid", "seat": nxt, "bid": "smyga"}})
    assert posted.status_code == 201 and posted.json["entry"]["seq"] == 4
    # The window carried over counts on: 3 + the three posts above (the retry and the
    # refusal count too) make six, the limit; the next is over it.
    over = client.post("/api/tables/T1/events", headers=headers, json={
        "based_on": 4, "client_event_id": "c5", "event": {"type": "knock"}})
    assert over.status_code == 429 and over.json["code"] == "rate_limited"
    check = database.connect(path)
    entries = store.entries_of(check, "T1")
    assert [e.seq for e in entries] == [1, 2, 3, 4]
    assert store.load_state(check, store.load_row(check, "T1"))[1] == store.replay(
        setup, [Entry(e.seq, e.event) for e in entries])
    check.close()


def test_a_state_is_read_at_one_moment_while_another_process_saves(table, app, monkeypatch):
    """A reader outside a transaction reads the snapshot's row, then its pickled state,
    then the log after it. Another process that saves a newer snapshot between those reads
    must not give it one save's state brought up with another's log: the reads are one
    read transaction, and a replay stops at the row's seq. (``EVERY`` at 4: the other
    process saves within the deal's bidding.)"""
    monkeypatch.setattr(snapshots, "EVERY", 4)
    table.ok({"type": "result", "bids": ["smyga", 3, "smyga", "smyga"],
              "tricks": [1, 4, 1, 0]})  # saved at 1
    table.ok({"type": "deal"})
    table.ok({"type": "bid", "seat": table.view()["expected"]["seat"], "bid": 2})
    db = database.connect(app.config["DATABASE"])
    row = store.load_row(db, table.id)
    assert row["seq"] == 3
    at_three = _replayed(db, table.id)
    read = snapshots.read

    def read_after_another_process_saved(db_, table_id):
        if db_ is db:  # the reader's read; the posts' own reads go on as they would
            monkeypatch.setattr(snapshots, "read", read)
            _smyga(table)
            _smyga(table)  # seq 5: the snapshot saved again, with a new token
        return read(db_, table_id)

    monkeypatch.setattr(snapshots, "read", read_after_another_process_saved)
    snapshots._kept.clear()  # this reader is a process that kept nothing
    assert store.load_state(db, row)[1] == at_three
    assert db.execute("select seq from snapshots where table_id = ?",
                      [table.id]).fetchone() == (5,)  # the other process did save
    monkeypatch.setattr(snapshots, "read", lambda db_, table_id: None)  # unreadable
    assert store.load_state(db, row)[1] == at_three  # replayed: the log up to seq 3 only
    assert store.load_row(db, table.id)["seq"] == 5
    db.close()
