"""kill -9 under load: every acknowledged event survives, nothing half-written does.

A real server (``protokoll serve``: gunicorn, its default workers and threads, loopback, a
temporary file) takes a steady stream of posts from client threads, each a phone posting
its own table's evening. When the clients together have had a number of 201s, the whole
server — master and workers — is killed with SIGKILL while the other posts are in flight,
and restarted on the same file. Three times. After each crash:

- the file passes ``PRAGMA integrity_check``; every table's seq is the length of its log;
  its snapshot is at that seq and equals a replay of the log (``checks.read_file``);
- every event that got a 201 is there, at its seq, with its client event id and content;
- beyond those, a table holds at most the one post that had no answer yet — and when the
  phone retries that post (same client event id) it gets a 201 for the same seq, so it is
  in the log exactly once.

After the last crash the restarted server shows each table exactly as a replay of its log.
Counts, not clocks: the kill comes after a number of acknowledgements, and every wait is
bounded but nothing asserts on time.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from .checks import expected_view, read_file, shown
from .phones import EVENTS, start_phones, start_posting
from .servers import http

CLIENTS = 4
ROUNDS = 3
ACKS_PER_ROUND = 60
WAIT_LIMIT = 90  # seconds: bounds a round that never gets its acknowledgements; not asserted


def crash_copy(db: Path, into: Path) -> Path:
    """A copy of the database as the crash left it (main file and WAL), to check without
    letting the check's own recovery change what the restarted server will find."""
    into.mkdir()
    for suffix in ("", "-wal"):
        source = db.with_name(db.name + suffix)
        if source.exists():
            shutil.copyfile(source, into / (db.name + suffix))
    return into / db.name


def test_sigkill_under_load_loses_no_acknowledged_event(tmp_path, serve):
    db = tmp_path / "crash.sqlite"
    server = serve(db)
    phones = start_phones(server, CLIENTS)

    for round_ in range(ROUNDS):
        if round_:
            server = serve(db)  # restart on the same file
        tally, stop, threads = start_posting(phones, server.url)
        try:
            tally.wait_for(ACKS_PER_ROUND, WAIT_LIMIT)
        finally:
            server.kill()  # mid-stream: the other phones' posts are in flight
            stop.set()
            for thread in threads:
                thread.join(timeout=60)
        assert not [p.problems for p in phones if p.problems]
        assert tally.count >= ACKS_PER_ROUND, (round_, tally.count, server.log_tail())

        tables = read_file(crash_copy(db, tmp_path / f"after-crash-{round_}"))
        assert set(tables) == {p.id for p in phones}
        for phone in phones:
            phone.check_log(tables[phone.id]["log"])

    # The last restart: the server recovers the file itself, retried posts apply once, and
    # every table reads back as a replay of its log.
    server = serve(db)
    for phone in phones:
        index = phone.acked  # the post without an answer, or simply the next one
        status, body = http(f"{server.url}/api/tables/{phone.id}/events",
                            {"based_on": index, "client_event_id": phone.cid(index),
                             "event": EVENTS[index]}, phone.token)
        assert status == 201 and body["entry"]["seq"] == index + 1, body
        phone.acked, phone.in_flight = index + 1, None
    tables = read_file(db)
    for phone in phones:
        phone.check_log(tables[phone.id]["log"])
        status, view = http(f"{server.url}/api/tables/{phone.id}", token=phone.token)
        assert status == 200, view
        assert shown(view) == expected_view(tables, phone.id)
        status, log = http(f"{server.url}/api/tables/{phone.id}/events", token=phone.token)
        assert status == 200, log
        assert [{k: e[k] for k in ("seq", "client_event_id", "device_id", "created_at",
                                   "event")} for e in log["events"]] == tables[phone.id]["log"]
    assert sum(p.acked for p in phones) >= ROUNDS * ACKS_PER_ROUND
