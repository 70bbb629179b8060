"""``GET /api/tables/{id}/stream``: the table's sequence number as server-sent events.

Every phone at a table must see each entry within two seconds without asking the server
every second. A phone opens this stream with the same credentials it reads the table with
(a device token, the join code or the spectator key, as headers); the stream says the
table's ``seq`` at once and again whenever it changes, and the phone then fetches the table.
The stream carries no table data, only the number, so what a reader may see is still decided
by ``GET /api/tables/{id}``.

Why it is shaped like this:

- **No thread per view.** ``protokoll serve`` runs gunicorn's gevent workers, where an open
  stream is a greenlet waiting on a condition: a thousand open views cost memory, not
  threads (``bench/live_views.py`` holds a thousand while posts go on).
- **One change feed per process** (``api/live.py``), not a poll per view: one watcher asks
  SQLite for the seq of every watched table every ``STREAM_POLL_SECONDS`` (0.25 s) in one
  indexed query and wakes only the views of tables that moved. The request's own database
  connection goes back to the pool before the stream starts.
- **Caps** (``STREAM_MAX_PER_TABLE``, ``STREAM_MAX_PER_CLIENT``; 0 turns one off): past
  either, 429 ``too_many_streams`` with ``Retry-After``, so no client can hold all the views
  a server can serve. A client is the device a token belongs to, else (a join code, a
  spectator key) the client address.
- **A bounded lifetime** (``STREAM_SECONDS``, 25 s): each stream ends by itself and the
  client reconnects at once (``retry:``), so a phone that went away is forgotten within
  seconds and a stuck connection never holds a place for long.
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

import time
from typing import Callable, Iterator

from flask import Blueprint, Flask, Response, current_app, g, request

from ... import live, store
from ...errors import ApiError
from ..access import credentials, principals
from ..access.ratelimit import Limits

blp = Blueprint("stream", __name__, url_prefix="/api/tables")

STREAM_SECONDS = 25.0
STREAM_POLL_SECONDS = 0.25
STREAM_HEARTBEAT_SECONDS = 5.0
RETRY_MS = 1000


def register(app: Flask) -> None:
    app.register_blueprint(blp)


@blp.errorhandler(ApiError)
def _refused(error: ApiError):
    """The one error shape, with the error's headers (a 429's Retry-After)."""
    from ... import request_lang
    return error.body(request_lang()), error.status, error.headers


def _message(seq: int, event: str = "seq") -> str:
    return f"id: {seq}\nevent: {event}\ndata: {{\"seq\": {seq}}}\n\n"


def _events(feed: live.Feed, table_id: str, first_seq: int, lifetime: float,
            heartbeat: float, close: Callable[[], None]) -> Iterator[str]:
    """The stream's messages. A stream that ends by itself closes its view before its last
    message, as well as the server's ``close`` (``call_on_close``) would: a caller that reads
    a whole stream and never closes the response (Werkzeug's test client) would otherwise
    leave the view open for ever, and with it the feed's watcher polling."""
    yield f"retry: {RETRY_MS}\n" + _message(first_seq)
    last = first_seq
    deadline = time.monotonic() + lifetime
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            close()
            yield "event: bye\ndata: {}\n\n"  # the client reconnects at once
            return
        seq = feed.wait(table_id, last, min(heartbeat, left))
        if seq == live.GONE:
            close()
            yield "event: gone\ndata: {}\n\n"
            return
        if seq != last:
            last = seq
            yield _message(seq)
        elif time.monotonic() < deadline:
            yield ": still here\n\n"


def _client(who: principals.Principal) -> str:
    """Whose views these are, for the per-client cap: a device, else an address."""
    if who.device_id:
        return f"device:{who.device_id}"
    return f"address:{request.remote_addr or 'unknown'}"


@blp.get("/<string:table_id>/stream")
def stream(table_id: str) -> Response:
    """The table's seq now and at every change, as text/event-stream (see the module)."""
    row = store.load_row(g.db, table_id)  # 404 before any credential is looked at
    config = current_app.config
    who = principals.for_reading(g.db, row, credentials.from_request(),
                                 Limits.from_config(config))
    feed = live.feed_for(config["DATABASE"],
                         float(config.get("STREAM_POLL_SECONDS", STREAM_POLL_SECONDS)),
                         g.db)
    close: Callable[[], None] = feed.open(table_id, _client(who), int(row["seq"]),
                                          live.Caps.from_config(config))
    events = _events(feed, table_id, int(row["seq"]),
                     float(config.get("STREAM_SECONDS", STREAM_SECONDS)),
                     float(config.get("STREAM_HEARTBEAT_SECONDS", STREAM_HEARTBEAT_SECONDS)),
                     close)
    response = Response(events, mimetype="text/event-stream", headers={
        "Cache-Control": "no-store",
        "X-Accel-Buffering": "no",  # nginx: pass each event on at once
    })
    response.call_on_close(close)  # the server closes every response, however it ended
    return response
