"""The embedded SQLite database, through sqlite-utils.

Durability settings, and why:

- ``journal_mode=WAL``: readers never block the writer and the writer never blocks readers,
  so phones polling a table do not slow the phone posting to it; a crash mid-write leaves
  the last committed transaction intact.
- ``synchronous=FULL``: the WAL is fsynced at every commit, so an event we acknowledged
  survives not only a killed server process but a power cut. Posting an event costs one
  fsync; at a card table that is nothing.
- ``busy_timeout``: concurrent writers (two phones, several server processes) wait for the
  write lock instead of failing; posts take the lock with ``BEGIN IMMEDIATE`` so that
  "read the last sequence number, check, append" is one atomic step.
- ``foreign_keys=ON``: events, devices and snapshots cannot outlive their table.
"""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from typing import Iterator

import sqlite_utils

from .migrations import migrate

BUSY_TIMEOUT_MS = 10_000


def connect(path: str, run_migrations: bool = True) -> sqlite_utils.Database:
    """Open the database at ``path`` (``":memory:"`` for a throwaway one), migrating it
    unless told not to (the app migrates once at start, not on every request)."""
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                           check_same_thread=False)
    db = sqlite_utils.Database(conn)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    if path != ":memory:":
        db.enable_wal()
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    if run_migrations:
        migrate(db)
    return db


@contextmanager
def write_transaction(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """One atomic write: BEGIN IMMEDIATE takes the write lock before we read anything."""
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.conn.execute("ROLLBACK")
        raise
    else:
        db.conn.execute("COMMIT")
