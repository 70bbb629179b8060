"""Storage: WAL, migrations by name, snapshots that make a post cost O(1)."""

from __future__ import annotations

import pickle
import sqlite3

from api import db as database
from api import store
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


def test_snapshot_follows_every_post_and_equals_a_replay(table, app):
    table.ok({"type": "result", "bids": ["smyga", 3, "smyga", "smyga"],
              "tricks": [1, 4, 1, 0]})
    table.ok({"type": "deal"})
    table.ok({"type": "bid", "seat": 2, "bid": 2})
    db = database.connect(app.config["DATABASE"])
    seq, engine, blob = db.execute("select seq, engine, state from snapshots "
                                   "where table_id = ?", [table.id]).fetchone()
    assert seq == 3 and engine == store.ENGINE
    row = store.load_row(db, table.id)
    replayed = store.replay(store.setup_of(row), store.entries_of(db, table.id))
    assert pickle.loads(blob) == replayed


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
