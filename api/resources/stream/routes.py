"""``GET /api/tables/{id}/stream``: the table's sequence number as server-sent events.

Every phone at a table must see each entry within two seconds without asking the server
every second. A phone opens this stream with the same credentials it reads the table with
(a device token, the join code or the spectator key, as headers); the stream says the
table's ``seq`` at once and again whenever it changes, and the phone then fetches the table.
The stream carries no table data, only the number, so what a reader may see is still decided
by ``GET /api/tables/{id}``.

Why it is shaped like this:

- **A bounded lifetime** (``STREAM_SECONDS``, 25 s): under gunicorn's threaded workers an open
  stream holds a thread. Each stream ends by itself and the client reconnects at once
  (``retry:``), so a phone that went away frees its thread within seconds and a stuck
  connection never holds one for long. Size the server's threads for the phones you expect
  (each open table view holds one).
- **Polling SQLite server-side**, not the client polling HTTP: one indexed
  ``select seq from tables where id = ?`` every ``STREAM_POLL_SECONDS`` (0.5 s) on a
  connection of the stream's own, in WAL mode, so it never waits for a writer. That is
  microseconds of work per poll, where a client poll would be a whole request with
  credentials checked and a table view built.
- **A comment line every few seconds** keeps proxies from timing the stream out and lets the
  server notice a phone that has gone (the write fails) before the lifetime ends.
- ``id:`` is the seq, so a reconnecting ``EventSource``-style client says where it was
  (``Last-Event-ID``); the first message is always the current seq, and a phone that was away
  catches up by fetching the table once.

Registered as a plain Flask blueprint, not in the OpenAPI description: a response that
lasts 25 s is not something the generated API tests (schemathesis) should call by the
hundred. The README documents it.
"""

from __future__ import annotations

import sqlite3
import time
from typing import Any, Iterator

from flask import Blueprint, Flask, Response, current_app, g

from ... import store
from ..access import credentials, principals
from ..access.ratelimit import Limits

blp = Blueprint("stream", __name__, url_prefix="/api/tables")

STREAM_SECONDS = 25.0
STREAM_POLL_SECONDS = 0.5
STREAM_HEARTBEAT_SECONDS = 5.0
RETRY_MS = 1000


def register(app: Flask) -> None:
    app.register_blueprint(blp)


def _seq_reader(path: str, shared: Any):
    """A function returning the table's seq, or None once the table is gone.

    A file database gets a connection of the stream's own (a request's ``g.db`` is closed
    when the view returns, before the stream has run); an in-memory one (tests) is the
    app's single shared connection."""
    if path == ":memory:":
        conn = shared.conn
        owned = False
    else:
        conn = sqlite3.connect(path, timeout=1.0, check_same_thread=False,
                               isolation_level=None)
        owned = True

    def read(table_id: str) -> int | None:
        row = conn.execute("select seq from tables where id = ?", [table_id]).fetchone()
        return None if row is None else int(row[0])

    def close() -> None:
        if owned:
            conn.close()

    return read, close


def _message(seq: int, event: str = "seq") -> str:
    return f"id: {seq}\nevent: {event}\ndata: {{\"seq\": {seq}}}\n\n"


def _events(table_id: str, first_seq: int, read, close, lifetime: float, poll: float,
            heartbeat: float) -> Iterator[str]:
    try:
        yield f"retry: {RETRY_MS}\n" + _message(first_seq)
        last = first_seq
        started = quiet_since = time.monotonic()
        while True:
            time.sleep(poll)
            now = time.monotonic()
            if now - started >= lifetime:
                yield "event: bye\ndata: {}\n\n"  # the client reconnects at once
                return
            try:
                seq = read(table_id)
            except sqlite3.Error:
                continue  # busy for a moment (a restore): try at the next poll
            if seq is None:
                yield "event: gone\ndata: {}\n\n"
                return
            if seq != last:
                last = seq
                quiet_since = now
                yield _message(seq)
            elif now - quiet_since >= heartbeat:
                quiet_since = now
                yield ": still here\n\n"
    finally:
        close()


@blp.get("/<string:table_id>/stream")
def stream(table_id: str) -> Response:
    """The table's seq now and at every change, as text/event-stream (see the module)."""
    row = store.load_row(g.db, table_id)  # 404 before any credential is looked at
    principals.for_reading(g.db, row, credentials.from_request(),
                           Limits.from_config(current_app.config))
    config = current_app.config
    read, close = _seq_reader(config["DATABASE"], g.db)
    events = _events(table_id, int(row["seq"]), read, close,
                     float(config.get("STREAM_SECONDS", STREAM_SECONDS)),
                     float(config.get("STREAM_POLL_SECONDS", STREAM_POLL_SECONDS)),
                     float(config.get("STREAM_HEARTBEAT_SECONDS", STREAM_HEARTBEAT_SECONDS)))
    return Response(events, mimetype="text/event-stream", headers={
        "Cache-Control": "no-store",
        "X-Accel-Buffering": "no",  # nginx: pass each event on at once
    })
