"""The embedded SQLite database, through sqlite-utils.

Durability, chosen: **WAL with ``synchronous=FULL``**, and why.

- ``journal_mode=WAL``: readers never block the writer and the writer never blocks readers,
  so phones polling a table do not slow the phone posting to it, and several gunicorn
  workers share the file (WAL needs every process on one machine — it uses shared memory,
  the ``-shm`` file — which is how ``protokoll serve`` runs). A commit is a frame appended
  to the ``-wal`` file; a crash in the middle of one leaves a frame without its commit
  record, which the next opener ignores: the last committed transaction is intact.
- ``synchronous=FULL``: the WAL is fsynced at every commit, before ``COMMIT`` returns and so
  before the API answers 201. An event we acknowledged survives not only a killed server
  but a power cut or a kernel panic. With ``NORMAL`` (the usual WAL setting) it would
  survive a killed server, but a power cut could take back the last commits — events a
  phone was told are saved; at a card table, where nobody re-enters a trick they were told
  was stored, that is the one loss we cannot have. The price is one fsync per post, a
  millisecond or two on a disk (``bench/load.py`` measures it in its bare endpoint).
- Every post is one ``BEGIN IMMEDIATE`` transaction (``write_transaction``): the write lock
  is taken before anything is read, so "read the last sequence number, check, append the
  event, save the snapshot when due" is one atomic step, for threads and for server
  processes alike. ``writer_turn`` queues our own writers in front of it.
- ``busy_timeout``: a writer that still finds the lock taken (another program, a restore)
  waits up to 10 s instead of failing.
- ``foreign_keys=ON``: events, devices and snapshots cannot outlive their table.

``tests/durability/test_crash.py`` kills the whole server with SIGKILL under a stream of
posts, three times, and finds every acknowledged event, nothing half-written, snapshots
equal to a replay and ``PRAGMA integrity_check`` ok. A power cut cannot be staged on this
machine; against that, ``synchronous=FULL`` is the setting SQLite documents as durable.
Backups: ``api/backup.py``.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import threading
import weakref
from contextlib import contextmanager
from typing import Any, Iterator

import sqlite_utils

from .limits_file import attach_limits
from .migrations import migrate

BUSY_TIMEOUT_MS = 10_000


class Connection(sqlite3.Connection):
    """A connection that can end every statement it started (``end_statements``).

    Why a pooled connection needs it: in WAL mode a connection reads the file as it was
    when its read transaction began, and that transaction lasts while any statement on the
    connection is still stepping — a cursor read only in part (``fetchone`` of a query
    with more rows, a loop left by an exception, a lazy sqlite-utils generator), kept alive
    by a reference such as an exception's traceback. Python's ``in_transaction`` is False
    then, and ``ROLLBACK`` does not end it either: SQLite keeps the transaction open, as a
    read transaction, while statements are active. A connection handed to the next request
    in that state shows it the file as it was. So ``execute`` remembers (weakly) the cursors
    it made, and ``end_statements`` closes those still alive, which resets their
    statements and ends the snapshot. Only a pooled connection remembers (``cursors``).

    Ending them matters for closing too: ``close`` of a connection whose cursor still holds
    a statement (kept alive by a traceback, say) leaves SQLite's connection open, with its
    descriptors, until the cursor is collected. So a pooled connection ends its statements
    before it closes."""

    cursors: list[weakref.ref] | None = None

    def execute(self, *args: Any) -> sqlite3.Cursor:
        return self._remember(super().execute(*args))

    def executemany(self, *args: Any) -> sqlite3.Cursor:
        return self._remember(super().executemany(*args))

    def _remember(self, cursor: sqlite3.Cursor) -> sqlite3.Cursor:
        if self.cursors is not None:
            self.cursors.append(weakref.ref(cursor))
        return cursor

    def close(self) -> None:
        self.end_statements()
        super().close()

    def end_statements(self) -> None:
        for ref in self.cursors or ():
            cursor = ref()
            if cursor is not None:
                cursor.close()
        if self.cursors is not None:
            self.cursors.clear()


def connect(path: str, run_migrations: bool = True,
            limits: bool = True) -> sqlite_utils.Database:
    """Open the database at ``path`` (``":memory:"`` for a throwaway one), migrating it
    unless told not to (the app migrates once at start, not on every request), with the
    rate-limit counters' file attached (``attach_limits``) unless told not to."""
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                           check_same_thread=False, factory=Connection)
    db = sqlite_utils.Database(conn)
    db.protokoll_file = path  # type: ignore[attr-defined]  # for writer_turn below
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    if path != ":memory:":
        db.enable_wal()
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    if limits:
        attach_limits(conn, path)
    if run_migrations:
        migrate(db)
    return db


class _Turn:
    """This process's writers to one file: a re-entrant lock (a nested call in the same
    thread or greenlet does not wait for itself) and how deep its owner is in it."""

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.depth = 0


_turn_of: dict[tuple[int, str], _Turn] = {}


def _turn(path: str) -> _Turn:
    # Made per process id, lazily: a lock made before gunicorn forks (or before gevent
    # patched threading) would not be the worker's own, cooperative one.
    key = (os.getpid(), path)
    turn = _turn_of.get(key)
    if turn is None:
        turn = _turn_of.setdefault(key, _Turn())
    return turn


@contextmanager
def writer_turn(path: str) -> Iterator[None]:
    """Our writers to one database file take turns here before they ask SQLite for its lock.

    SQLite's busy handler does not queue: a connection that finds the write lock taken
    sleeps and tries again, backing off to naps of 100 ms, so under load a post could wait a
    fifth of a second for a lock that was free two milliseconds later (``bench/load.py``
    showed p99 > 200 ms). Here the writers of one process queue on a lock of the process
    (threads, or gevent's greenlets, which must never block their whole worker on a lock
    another greenlet holds), and then the processes on an ``flock`` of ``FILE-lock``, and
    the kernel wakes the waiters the moment it is released. The lock file is opened per
    transaction (nothing to inherit across a fork, no descriptor kept per database) and
    closing it releases the lock, even when the process is killed. This only orders our own
    writers (posts, and ``protokoll restore``): ``BEGIN IMMEDIATE`` and the busy timeout
    still guard the database against everybody else (migrations at start, another program).
    A nested call in the same thread does not wait for itself.
    """
    if path == ":memory:":  # nothing to share
        yield
        return
    turn = _turn(path)
    with turn.lock:
        turn.depth += 1
        try:
            if turn.depth > 1:  # this thread has the turn already
                yield
                return
            fd = os.open(path + "-lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                yield
            finally:
                os.close(fd)
        finally:
            turn.depth -= 1


class Pool:
    """Open connections of one process to one file, reused from request to request.

    Opening a connection (open, the WAL and other pragmas, close) cost about 0.9 ms of a
    post's 2.3 ms. A request takes one (``take``) and gives it back (``give``) to the pool
    it took it from; it is used by one request at a time, whichever thread or greenlet that
    runs in (``check_same_thread=False``). Given back, its statements are ended (a cursor
    left half read would keep the request's read snapshot for the next one: ``Connection``)
    and a transaction left open (a request that failed half way) is rolled back. At most
    ``keep`` idle connections are kept; a burst opens more and closes them afterwards.

    Every connection this process holds to the file must be one of the pool's (the live
    feed borrows one per poll, ``api.live.sqlite_reader``), because of how SQLite closes a
    connection. A WAL connection that has read holds a shared lock on the database file for
    as long as it is open, and POSIX drops every lock a process holds on a file as soon as
    any of its descriptors to that file is closed. So while some connection of the process
    still holds a lock on the file, SQLite does not close() the descriptor of a connection
    being closed: it keeps it open, unused, until the process holds no lock on the file (and
    hands it to the next connection opened to the file). While the pool keeps idle
    connections that costs at most the descriptors of the largest burst; once the pool is
    closed and its last connection goes, all of them are closed. A connection outside the
    pool that stays open defeats that: every connection the pool closes on that file, its
    idle ones at ``close`` included, then stays open as a descriptor for as long as that
    one lives. A change feed with a connection of its own, never closed, took a process
    that uses a file per test (the suite) past 1024 descriptors, and ``select()`` (waitress
    in the browser tests) cannot watch a descriptor numbered above 1023. For the same
    reason connections are closed, never dropped: a ``sqlite3.Connection`` is in a
    reference cycle with its statement cache, so one merely dropped stays open until the
    garbage collector runs. ``tests/api/test_pool_descriptors.py`` counts the descriptors."""

    KEEP = 8

    def __init__(self, path: str, keep: int = KEEP):
        self.path = path
        self.keep = keep
        self._idle: list[sqlite_utils.Database] = []
        self._lock = threading.Lock()

    def take(self) -> sqlite_utils.Database:
        with self._lock:
            if self._idle:
                return self._idle.pop()
        db = connect(self.path, run_migrations=False)
        db.conn.cursors = []
        return db

    def give(self, db: sqlite_utils.Database) -> None:
        try:
            db.conn.end_statements()
            if db.conn.in_transaction:
                db.conn.execute("ROLLBACK")
        except sqlite3.Error:
            db.close()
            return
        with self._lock:
            if len(self._idle) < self.keep:
                self._idle.append(db)
                return
        db.close()

    def close(self) -> None:
        """Close the idle connections and keep none from now on (a pool no longer used)."""
        with self._lock:
            idle, self._idle, self.keep = self._idle, [], 0
        for db in idle:
            db.close()


_pools: dict[tuple[int, str], Pool] = {}
_pools_lock = threading.Lock()
MAX_POOLS = 4  # database files one process keeps connections to (a server has one)


def pool_for(path: str) -> Pool:
    """This process's pool for ``path`` (a forked worker starts with an empty one).

    A process that opens many database files one after another (the test suite: a file per
    test) keeps pools for the last ``MAX_POOLS`` only; an older one is closed, and
    connections given back to it later are closed. Without that its idle connections pile
    up, and a file descriptor numbered above 1023 breaks every ``select()`` in the process.
    Whoever took a connection gives it back to the pool it took it from, not to
    ``pool_for(path)`` again: that would make a new pool for a file already let go."""
    key = (os.getpid(), path)
    pool = _pools.get(key)
    if pool is None:
        with _pools_lock:
            pool = _pools.get(key)
            if pool is None:
                pool = _pools[key] = Pool(path)
                while len(_pools) > MAX_POOLS:
                    _pools.pop(next(iter(_pools))).close()
    return pool


@contextmanager
def write_transaction(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """One atomic write: BEGIN IMMEDIATE takes the write lock before we read anything."""
    with writer_turn(getattr(db, "protokoll_file", ":memory:")):
        db.conn.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.conn.execute("ROLLBACK")
            raise
        else:
            db.conn.execute("COMMIT")



@contextmanager
def read_together(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """Several reads that must see the file at one moment: a table's snapshot row, its
    pickled state and rows, and the log after it are read by separate statements, and in
    autocommit mode each statement sees the file as it is then — another process can save
    a newer snapshot between two of them, and the state of one save brought up with the
    log from another is a wrong state. One deferred transaction makes them one read (in
    WAL mode it takes no lock writers wait for). Inside a transaction already (a post's
    ``BEGIN IMMEDIATE``), the reads are together anyway and nothing is begun."""
    if db.conn.in_transaction:
        yield db
        return
    db.conn.execute("BEGIN")
    try:
        yield db
    finally:
        if db.conn.in_transaction:  # a read: nothing to keep or undo
            db.conn.execute("COMMIT")


@contextmanager
def cache_transaction(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """A write of what can be made again from the log (a tournament's cached readings):
    atomic and in turn like every write, but its commit does not wait for the disk. For
    this one commit ``synchronous`` is NORMAL: in WAL mode a power cut can take back the
    last such commits, never leave the file damaged, and the next FULL commit syncs them
    with its own. Losing a cache entry costs one recomputation; waiting for an fsync in
    every standings request after a change cost more than the standings themselves."""
    db.conn.execute("PRAGMA synchronous = NORMAL")
    try:
        with write_transaction(db):
            yield db
    finally:
        db.conn.execute("PRAGMA synchronous = FULL")
