"""Connection reuse keeps a process's file descriptors few (``api.db.Pool``).

With reuse on, the test suite once ended up holding more than 1024 descriptors, and waitress's
``select()`` in the browser tests broke. Measured cause: the live feed kept a connection of
its own to every file a stream was ever opened on, and while a process holds any connection
to a file SQLite keeps the descriptors of every other connection it closes on that file open
(it cannot close() them without dropping the process's locks on the file). Views read to
their end by the test client were never closed either, so feeds went on polling for ever.

These tests make requests of every kind across more files than a process keeps pools for,
then count ``/proc/self/fd``: no descriptor is left to a file whose pool was closed, and a
live pool holds at most ``KEEP`` connections.
"""

from __future__ import annotations

import os
import threading
from collections import Counter
from pathlib import Path

import pytest
from flask import g

from api import create_app
from api import db as database
from api import live
from tests.conftest import refusal, start_table

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self/fd"),
                                reason="counts descriptors in /proc/self/fd (Linux)")

RESULT = {"type": "result", "bids": ["smyga", 3, "smyga", "smyga"], "tricks": [1, 4, 1, 0]}
BURST = database.Pool.KEEP + 4  # requests holding a connection at once: more than a pool keeps


def descriptors(path: str) -> Counter[str]:
    """This process's open descriptors to the database file at ``path``, by file:
    ``db`` (one per connection, and those SQLite could not close yet), ``wal`` (one per
    open connection) and ``shm``."""
    kinds = {path: "db", path + "-wal": "wal", path + "-shm": "shm"}
    found: Counter[str] = Counter()
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:  # closed meanwhile (the listing's own descriptor)
            continue
        if target in kinds:
            found[kinds[target]] += 1
    return found


@pytest.fixture
def no_pools():
    """Start and end with no pools in this process, so that which ones are closed follows
    from this test alone."""
    def close_all() -> None:
        for pool in list(database._pools.values()):
            pool.close()
        database._pools.clear()
    close_all()
    yield
    close_all()


class Boom(Exception):
    pass


def make_app(path: Path, barrier: threading.Barrier | None = None):
    app = create_app({"DATABASE": str(path), "TESTING": True, "WRITE_RATE_LIMIT": 0,
                      "STREAM_SECONDS": 0.05, "STREAM_POLL_SECONDS": 0.01,
                      "STREAM_MAX_PER_CLIENT": 1})

    @app.get("/test/raises")
    def raises():
        # A query read in part, then an exception: its traceback keeps the cursor alive.
        cursor = g.db.execute("select id from tables")
        cursor.fetchone()
        raise Boom("the request failed half way")

    @app.get("/test/hold")
    def hold():
        g.db.execute("select count(*) from tables").fetchone()
        if barrier is not None:
            barrier.wait(timeout=30)  # every request of the burst holds its connection
        return {"ok": True}

    return app


def every_kind_of_request(app, tracebacks: list) -> None:
    client = app.test_client()
    table = start_table(client)
    for _ in range(3):
        table.ok(RESULT)
    table.view()
    table.log()
    assert table.get("/protokoll?format=csv").status_code == 200
    # Refused: stale, junk, unknown table, no credentials.
    assert table.post(RESULT, based_on=0).status_code == 409
    assert table.post({"type": "bid", "seat": 9, "bid": "x"}).status_code in (400, 422)
    refusal(client.get("/api/tables/nosuchtable"), 404, "table_not_found")
    assert table.get(headers={}).status_code in (401, 403)
    # Raising, with the traceback kept (as pytest or a logger keeps one).
    with pytest.raises(Boom) as raised:
        client.get("/test/raises")
    tracebacks.append(raised)
    # Streams: read to its end and never closed (as the test client leaves it), the
    # spectator's, one left after its first message (the server closes it), and one past
    # the per-client cap while another is open.
    stream = f"/api/tables/{table.id}/stream"
    whole = table.get("/stream")
    assert b"event: bye" in whole.get_data()
    spectator = client.get(stream, headers={"X-Spectator-Key": table.spectator_key})
    assert b"event: bye" in spectator.get_data()
    left = table.get("/stream")
    assert next(iter(left.response))
    refusal(table.get("/stream"), 429, "too_many_streams")
    left.close()


def stop_feeds(paths: list[str]) -> None:
    """Wait until the feeds of ``paths`` have stopped polling (no view is open)."""
    for path in paths:
        feed = live._feeds.get((os.getpid(), path))
        assert feed is not None and feed.open_views() == 0, path
        watcher = feed._watcher
        if watcher is not None:
            watcher.join(timeout=10)
            assert not watcher.is_alive(), f"the feed on {path} still polls"


def test_requests_of_every_kind_leave_no_descriptors_to_files_let_go(tmp_path, no_pools):
    files = [str(tmp_path / f"f{n}.sqlite") for n in range(database.MAX_POOLS + 2)]
    tracebacks: list = []
    for path in files:
        barrier = threading.Barrier(BURST)
        app = make_app(Path(path), barrier)
        every_kind_of_request(app, tracebacks)

        def burst_request() -> None:
            assert app.test_client().get("/test/hold").status_code == 200
        burst = [threading.Thread(target=burst_request) for _ in range(BURST)]
        for thread in burst:
            thread.start()
        for thread in burst:
            thread.join(timeout=60)
        assert not any(thread.is_alive() for thread in burst)
    stop_feeds(files)

    let_go, kept = files[:-database.MAX_POOLS], files[-database.MAX_POOLS:]
    assert {path for _pid, path in database._pools} == set(kept)
    for path in let_go:
        assert descriptors(path) == Counter(), path
    for path in kept:
        open_now = descriptors(path)
        assert open_now["wal"] <= database.Pool.KEEP, (path, open_now)  # connections
        # and those SQLite keeps: the most ever open at once — the burst, and the live
        # feed's poll, which may borrow one while the burst holds its twelve
        assert open_now["db"] <= BURST + 1, (path, open_now)
        assert open_now["shm"] <= 1, (path, open_now)
    assert len(tracebacks) == len(files)  # still alive, and they kept nothing open

    for pool in list(database._pools.values()):
        pool.close()
    for path in kept:  # a closed pool's file has nothing open any more
        assert descriptors(path) == Counter(), path


def test_a_request_gives_its_connection_back_to_the_pool_it_came_from(tmp_path, no_pools):
    """A request whose file's pool is closed while it runs (the process moved on to other
    files) closes its connection at the end, and does not make a new pool for the file."""
    path = str(tmp_path / "old.sqlite")
    app = create_app({"DATABASE": path, "TESTING": True})
    others = [str(tmp_path / f"new{n}.sqlite") for n in range(database.MAX_POOLS)]

    @app.get("/test/others")
    def use_others():
        for other in others:
            database.connect(other).close()
            pool = database.pool_for(other)
            pool.give(pool.take())
        return {"ok": True}

    client = app.test_client()
    assert client.get("/test/others").status_code == 200
    assert (os.getpid(), path) not in database._pools
    assert {p for _pid, p in database._pools} == set(others)
    assert descriptors(path) == Counter()


def test_a_pooled_connection_closed_under_a_live_cursor_closes_its_descriptors(tmp_path):
    """Closing a connection whose cursor still holds a statement (a traceback keeps it)
    would leave SQLite's connection open until the cursor goes: a pooled one ends its
    statements first."""
    path = str(tmp_path / "p.sqlite")
    database.connect(path).close()
    pool = database.Pool(path, keep=1)
    db = pool.take()
    db.conn.executemany("insert into directors (id, name, token_hash, created_at) "
                        "values (?, ?, ?, ?)", [("a", "A", "h", "t")])
    half_read = db.execute("select name from sqlite_master")
    half_read.fetchone()
    db.close()
    assert descriptors(path) == Counter()
    pool.close()
