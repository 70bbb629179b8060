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


def test_snapshot_is_saved_every_few_posts_and_equals_a_replay(table, app):
    """A post saves the snapshot when the protokoll's rows change, after an undo or a
    correction, and at least every ``snapshots.EVERY`` posts; between saves the readers
    bring the saved state up to date from the log (a page less in most posts' commit)."""
    assert snapshots.EVERY == 4
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
