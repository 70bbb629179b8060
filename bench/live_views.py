"""A thousand open live views while posts go on: do the posts stay fast, does every view hear?

Starts ``protokoll serve`` (its defaults: gevent workers) on a fresh SQLite file on a free
loopback port, starts ``--tables`` tables (250: a tournament) and then runs two phases of
the same paced post load (``--rate`` posts a second, spread over the tables, each post based
on the table's seq before it), ``--seconds`` each:

1. ``no views open``: the ceiling — the same posts on the same server with nobody watching.
2. ``N views open``: first ``--views`` streams (``GET /api/tables/{id}/stream``, spectator
   keys, spread evenly over the tables) are opened and held by a separate client process
   (asyncio, so that its thousand sockets do not take the posting threads' interpreter);
   then the same posts. Every view records the seqs it hears, with the time.

It prints the posts' p50/p99 in both phases, and the notification latency — for every post
and every view of its table, from the moment the post was sent to the moment that view heard
a seq at least as new — as p50, p99 and max, with the number of (post, view) pairs that were
never heard (the goal: none, and every one within 1 s). Clocks: ``time.monotonic`` in both
client processes (one system-wide clock on Linux).

Bounded: a number of tables and views, a time per phase, a hard time limit in the view
holder; loopback only; the server is stopped at the end. The caps on views per table and
per client are lifted for the run (every view comes from one address), the per-device write
limit too. The client shares the machine's cores with the server: figures only, beside the
same run's ceiling.

    .venv/bin/python bench/live_views.py [--views 1000] [--tables 250] [--rate 100]
                                         [--seconds 10] [--posters 4] [--workers N]
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import multiprocessing
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from load import NO_LIMIT, PLAYERS, Server, free_port, percentile, record_evening  # noqa: E402


# --- the view holder (its own process) ------------------------------------------------------------
async def _hold(port: int, view: int, table_id: str, key: str, heard: list, opened: asyncio.Event,
                counter: list, stop: asyncio.Event) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=2**16)
    writer.write((f"GET /api/tables/{table_id}/stream HTTP/1.0\r\nHost: 127.0.0.1\r\n"
                  f"X-Spectator-Key: {key}\r\nAccept: text/event-stream\r\n\r\n").encode())
    await writer.drain()
    status = (await reader.readline()).split()
    if len(status) < 2 or status[1] != b"200":
        counter[1] += 1
        writer.close()
        return
    first = True
    try:
        while not stop.is_set():
            line = await reader.readline()
            if not line:
                break
            if line.startswith(b"id: "):
                heard.append((view, int(line[4:]), time.monotonic()))
                if first:
                    first = False
                    counter[0] += 1
                    if counter[0] + counter[1] >= counter[2]:
                        opened.set()
    finally:
        writer.close()


def hold_views(port: int, views: list[tuple[str, str]], pipe, limit_seconds: float) -> None:
    """Open every view, say how many opened, hold them until told to stop (or the time
    limit), then send back every (table, seq, time) heard."""

    async def main() -> None:
        heard: list = []
        opened, stop = asyncio.Event(), asyncio.Event()
        counter = [0, 0, len(views)]  # opened, refused, wanted
        tasks = []
        for view, (table_id, key) in enumerate(views):
            tasks.append(asyncio.create_task(
                _hold(port, view, table_id, key, heard, opened, counter, stop)))
            await asyncio.sleep(0.002)  # a crowd arriving, not one burst
        try:
            await asyncio.wait_for(opened.wait(), timeout=60)
        except asyncio.TimeoutError:
            pass
        pipe.send(("opened", counter[0], counter[1]))
        loop = asyncio.get_running_loop()
        deadline = time.monotonic() + limit_seconds
        while time.monotonic() < deadline:
            if await loop.run_in_executor(None, pipe.poll, 0.2):
                break
        held = sum(1 for t in tasks if not t.done())
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        pipe.send(("heard", held, heard))

    asyncio.run(main())


# --- the posters ---------------------------------------------------------------------------------
class Table:
    def __init__(self, created: dict):
        self.id, self.token = created["id"], created["token"]
        self.key = created["spectator_key"]
        self.seq = 0
        self.lock = threading.Lock()


def post_json(conn: http.client.HTTPConnection, path: str, payload: dict,
              token: str | None = None) -> tuple[int, dict]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn.request("POST", path, body=json.dumps(payload), headers=headers)
    response = conn.getresponse()
    return response.status, json.loads(response.read() or b"{}")


def paced_posts(port: int, tables: list[Table], events: list[dict], rate: float,
                seconds: float, posters: int, phase: str) -> tuple[list[float], list, int]:
    """``rate`` posts a second for ``seconds``, round the tables, from ``posters`` threads.
    Returns the latencies, the (table, seq, sent-at) of every 201, and the failures."""
    latencies: list[float] = []
    sent: list = []
    failures = [0]
    lock = threading.Lock()
    slots = iter(range(int(rate * seconds)))
    start = time.monotonic() + 0.2

    def work() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            while True:
                with lock:
                    slot = next(slots, None)
                if slot is None:
                    return
                wait = start + slot / rate - time.monotonic()
                if wait > 0:
                    time.sleep(wait)
                table = tables[slot % len(tables)]
                with table.lock:
                    if table.seq >= len(events):
                        continue
                    begun = time.monotonic()
                    status, body = post_json(
                        conn, f"/api/tables/{table.id}/events",
                        {"based_on": table.seq, "client_event_id": f"{phase}-{slot}",
                         "event": events[table.seq]}, table.token)
                    took = time.monotonic() - begun
                    with lock:
                        if status == 201:
                            table.seq += 1
                            latencies.append(took)
                            sent.append((table.id, table.seq, begun))
                        else:
                            failures[0] += 1
        finally:
            conn.close()

    threads = [threading.Thread(target=work) for _ in range(posters)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies, sent, failures[0]


def notification_latencies(sent: list, heard: list, views: list[tuple[str, str]]
                           ) -> tuple[list[float], int]:
    """For each post and each view of its table: how long until that view heard it."""
    by_view: dict[int, list[tuple[int, float]]] = {}
    for view, seq, at in heard:
        by_view.setdefault(view, []).append((seq, at))
    views_of: dict[str, list[int]] = {}
    for view, (table_id, _key) in enumerate(views):
        views_of.setdefault(table_id, []).append(view)
    latencies: list[float] = []
    missed = 0
    for table_id, seq, at in sent:
        for view in views_of.get(table_id, []):
            when = next((t for s, t in by_view.get(view, []) if s >= seq), None)
            if when is None:
                missed += 1
            else:
                latencies.append(max(0.0, when - at))
    return latencies, missed


def ms(values: list[float], q: float) -> str:
    return f"{percentile(values, q) * 1000:8.1f} ms" if values else "       —   "


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--views", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--rate", type=float, default=100, help="posts a second")
    parser.add_argument("--seconds", type=float, default=10, help="time per phase")
    parser.add_argument("--posters", type=int, default=4, help="posting threads")
    parser.add_argument("--workers", type=int, help="default: protokoll serve's")
    args = parser.parse_args()
    args.views = min(args.views, 5000)
    args.seconds = min(args.seconds, 60)

    from api.cli import DEFAULT_WORKERS
    workers = args.workers or DEFAULT_WORKERS
    per_table = -(-int(args.rate * (args.seconds * 2 + 1)) // args.tables) + 2
    events = record_evening(per_table, 2026)
    print(f"protokoll serve: {workers} gevent workers, {os.cpu_count()} cores; {args.tables} "
          f"tables, {args.views} views, {args.rate:.0f} posts/s for {args.seconds:.0f} s "
          f"per phase from {args.posters} threads")
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server = Server([sys.executable, "-m", "api.cli", "serve", "--host", "127.0.0.1",
                         "--port", str(port), "--db", str(Path(tmp) / "live.sqlite"),
                         "--workers", str(workers),
                         "--config", f"WRITE_RATE_LIMIT={NO_LIMIT}",
                         "--config", "STREAM_MAX_PER_TABLE=0",
                         "--config", "STREAM_MAX_PER_CLIENT=0",
                         "--config", f"STREAM_SECONDS={args.seconds * 2 + 90:.0f}"],
                        port, Path(tmp) / "server.log")
        holder = None
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            tables = []
            for _ in range(args.tables):
                status, created = post_json(conn, "/api/tables",
                                            {"game": "rodskagg", "players": PLAYERS})
                assert status == 201, created
                tables.append(Table(created))
            conn.close()

            paced_posts(port, tables, events, args.rate, 1.0, args.posters, "warm")  # warm up
            ceiling, _, failed_before = paced_posts(port, tables, events, args.rate,
                                                    args.seconds, args.posters, "ceiling")

            views = [(tables[i % len(tables)].id, tables[i % len(tables)].key)
                     for i in range(args.views)]
            ours, theirs = multiprocessing.Pipe()
            holder = multiprocessing.Process(
                target=hold_views, args=(port, views, theirs, args.seconds + 90), daemon=True)
            began = time.monotonic()
            holder.start()
            _, opened, refused = ours.recv()
            took_to_open = time.monotonic() - began
            with_views, sent, failed_during = paced_posts(
                port, tables, events, args.rate, args.seconds, args.posters, "views")
            time.sleep(1.5)  # the last posts' notifications
            ours.send("stop")
            _, held, heard = ours.recv()
            holder.join(timeout=30)

            notified, missed = notification_latencies(sent, heard, views)
            print(f"  views opened {opened} of {args.views} in {took_to_open:.1f} s "
                  f"(refused {refused}); still open at the end {held}")
            print(f"  {'':<28} {'posts':>6} {'p50':>11} {'p99':>11} {'max':>11}")
            print(f"  {'POST, no views (ceiling)':<28} {len(ceiling):>6} {ms(ceiling, .5)} "
                  f"{ms(ceiling, .99)} {ms(ceiling, 1)}")
            print(f"  {f'POST, {held} views open':<28} {len(with_views):>6} "
                  f"{ms(with_views, .5)} {ms(with_views, .99)} {ms(with_views, 1)}")
            print(f"  {'view hears the post':<28} {len(notified):>6} {ms(notified, .5)} "
                  f"{ms(notified, .99)} {ms(notified, 1)}   (post, view) pairs; "
                  f"never heard: {missed}")
            if failed_before or failed_during:
                print(f"  failed posts: {failed_before} without views, {failed_during} with")
        finally:
            if holder is not None and holder.is_alive():
                holder.kill()
            server.close()


if __name__ == "__main__":
    main()
