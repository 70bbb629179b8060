"""One change feed per server process, which every open live view waits on.

A 250-table tournament keeps about a thousand phones and screens with a table open, each
holding a ``GET /api/tables/{id}/stream``. If each of those polled SQLite on its own — a
connection and a query every half second each — a thousand views would be a thousand
connections and two thousand queries a second. Instead a process has one ``Feed``: one
watcher (a thread, or a greenlet under gunicorn's gevent workers, where ``threading`` is
gevent's) asks SQLite every ``poll`` seconds for the seq of the tables that someone is
watching, in one indexed query, and wakes only the views of the tables whose seq moved.
A view costs a registration and a wait on its table's condition, no thread of its own.

The feed also keeps the caps on open views (issue 14, item 4): per table and per client,
counted in this process. A view past a cap is refused with 429 ``too_many_streams`` and a
``Retry-After``, in the one error shape, so that no client can hold every view a server can
serve. With several worker processes each counts its own views, so a client can hold at most
``workers × cap``: still bounded, and no shared counter has to be written on every open.

Everything is created lazily and per process id: gunicorn forks its workers after the app
is loaded, and a watcher thread or a lock made in the master would not be the worker's (nor,
under gevent, a cooperative one).
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

from . import db as database
from .errors import RateLimited
from .log_seq import seq_sql

GONE = -1  # the seq a feed reports for a table that no longer exists
_CHUNK = 500  # ids per query (SQLite allows 32,766 parameters; a short statement is cheaper)


@dataclass(frozen=True)
class Caps:
    """Open live views allowed at one table and for one client (0: no cap)."""

    per_table: int = 64
    per_client: int = 16
    retry_after: int = 5

    @classmethod
    def from_config(cls, config: Any) -> "Caps":
        return cls(int(config.get("STREAM_MAX_PER_TABLE", cls.per_table)),
                   int(config.get("STREAM_MAX_PER_CLIENT", cls.per_client)),
                   int(config.get("STREAM_RETRY_AFTER", cls.retry_after)))


def _too_many(what: str, limit: int, retry_after: int, **details: Any) -> RateLimited:
    words = {"table": ("vid det här bordet", "at this table"),
             "client": ("från den här klienten", "from this client")}[what]
    return RateLimited(
        "too_many_streams",
        f"För många öppna livevyer {words[0]} (högst {limit}). Försök igen om en stund.",
        f"Too many open live views {words[1]} (at most {limit}). Try again shortly.",
        retry_after, {"per": what, "limit": limit, **details})


class Feed:
    """The seq of every watched table, refreshed by one watcher, and who is waiting on it."""

    def __init__(self, read_seqs: Callable[[list[str]], dict[str, int]], poll: float):
        self._read_seqs = read_seqs
        self.poll = poll
        self._lock = threading.Lock()
        self._changed: dict[str, threading.Condition] = {}  # per watched table
        self._seqs: dict[str, int] = {}
        self._tables: dict[str, int] = {}  # open views per table
        self._clients: dict[str, int] = {}  # open views per client
        self._watcher: threading.Thread | None = None

    # --- opening and closing views ---------------------------------------------------------
    def open(self, table_id: str, client: str, seq: int, caps: Caps) -> Callable[[], None]:
        """Count a new view of ``table_id`` by ``client`` (429 past a cap); returns the
        function that closes it. ``seq`` is the table's seq as the view's request read it."""
        with self._lock:
            at_table = self._tables.get(table_id, 0)
            of_client = self._clients.get(client, 0)
            if caps.per_table and at_table >= caps.per_table:
                raise _too_many("table", caps.per_table, caps.retry_after, table=table_id)
            if caps.per_client and of_client >= caps.per_client:
                raise _too_many("client", caps.per_client, caps.retry_after)
            self._tables[table_id] = at_table + 1
            self._clients[client] = of_client + 1
            if table_id not in self._changed:
                self._changed[table_id] = threading.Condition(self._lock)
                self._seqs[table_id] = seq
            self._start_watcher()
        closed = False

        def close() -> None:
            nonlocal closed
            with self._lock:
                if closed:
                    return
                closed = True
                self._drop(self._clients, client)
                if self._drop(self._tables, table_id) == 0:
                    del self._changed[table_id]
                    self._seqs.pop(table_id, None)
        return close

    @staticmethod
    def _drop(counts: dict[str, int], key: str) -> int:
        left = counts[key] - 1
        if left:
            counts[key] = left
        else:
            del counts[key]
        return left

    def open_views(self) -> int:
        with self._lock:
            return sum(self._tables.values())

    # --- waiting -------------------------------------------------------------------------------
    def wait(self, table_id: str, last: int, timeout: float) -> int:
        """The table's seq once it differs from ``last``, or ``last`` after ``timeout``
        seconds without a change; ``GONE`` once the table no longer exists."""
        with self._lock:
            changed = self._changed.get(table_id)
            if changed is None:  # not opened (a programming error): say nothing changed
                return last
            changed.wait_for(lambda: self._seqs.get(table_id, GONE) != last, timeout)
            return self._seqs.get(table_id, GONE)

    # --- the watcher ----------------------------------------------------------------------------
    def _start_watcher(self) -> None:
        if self._watcher is None or not self._watcher.is_alive():
            self._watcher = threading.Thread(target=self._watch, name="protokoll-feed",
                                             daemon=True)
            self._watcher.start()

    def _watch(self) -> None:
        while True:
            time.sleep(self.poll)
            with self._lock:
                ids = list(self._changed)
            if not ids:
                with self._lock:  # nobody is watching: stop until the next view opens
                    if not self._changed:
                        self._watcher = None
                        return
                continue
            try:
                seqs = self._read_seqs(ids)
            except sqlite3.Error:
                continue  # busy for a moment (a restore): try at the next poll
            with self._lock:
                for table_id in ids:
                    changed = self._changed.get(table_id)
                    now = seqs.get(table_id, GONE)
                    if changed is not None and self._seqs.get(table_id) != now:
                        self._seqs[table_id] = now
                        changed.notify_all()


def sqlite_reader(path: str, shared: Any = None) -> Callable[[list[str]], dict[str, int]]:
    """``read_seqs`` for a feed on the SQLite file at ``path``: each poll borrows a
    connection from the process's pool for the file and gives it back (WAL: the read never
    waits for a writer). An in-memory database (tests) is the app's one shared connection.

    Why not a connection of the feed's own, kept between polls: it would hold a lock on the
    file for as long as the feed exists, and while any connection of a process holds a lock
    on a file SQLite keeps every other closed connection's descriptor to it open
    (``api.db.Pool`` says why). A feed is never dropped, and views left open keep its
    watcher polling, so such a connection kept every connection the pool ever closed on that
    file open too. Borrowed, the feed's reads are one of the pool's connections, and once the
    pool is closed (an old file of a process that served many) a poll opens and closes one,
    holding nothing in between."""
    if path == ":memory:":
        conn = shared.conn

        def read_shared(ids: list[str]) -> dict[str, int]:
            return _select_seqs(conn, ids)
        return read_shared

    pool = database.pool_for(path)

    def read_pooled(ids: list[str]) -> dict[str, int]:
        db = pool.take()
        try:
            return _select_seqs(db.conn, ids)
        finally:
            pool.give(db)
    return read_pooled


def _select_seqs(conn: sqlite3.Connection, ids: list[str]) -> dict[str, int]:
    found: dict[str, int] = {}
    for start in range(0, len(ids), _CHUNK):
        chunk = ids[start:start + _CHUNK]
        marks = ", ".join("?" * len(chunk))
        found.update(conn.execute(
            f"select id, {seq_sql()} from tables where id in ({marks})", chunk).fetchall())
    return found


_feeds: dict[tuple[int, str], Feed] = {}
_feeds_lock: dict[int, threading.Lock] = {}


def feed_for(path: str, poll: float, shared: Any = None) -> Feed:
    """This process's feed for the database at ``path``."""
    pid = os.getpid()
    lock = _feeds_lock.setdefault(pid, threading.Lock())
    with lock:
        feed = _feeds.get((pid, path))
        if feed is None:
            feed = _feeds[(pid, path)] = Feed(sqlite_reader(path, shared), poll)
        feed.poll = poll
        return feed
