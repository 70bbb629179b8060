"""How many events a second does the production server take, and how fast does it answer?

Starts the real server — ``protokoll serve`` (gunicorn, the same workers it uses by default:
gevent) — on a fresh SQLite file on a free loopback port, and next to it, served the same
way (gunicorn through ``api.cli.run_gunicorn``, same workers, same SQLite pragmas through
``api.db.connect``, connections reused from ``api.db.pool_for`` as the app reuses them,
``BEGIN IMMEDIATE``), a bare Flask endpoint that only appends the posted event as one row: the ceiling our endpoint is
compared with. Then, from client threads on keep-alive connections:

1. ``own tables``: every client posts a Rödskägg evening to its own tables (deals, bids,
   tricks card by card, as recorded once up front with a fixed seed), each post based on the
   sequence number before it. Events/s, p50/p99 latency.
2. ``one shared table``: all clients post the same next event to one table at once, as phones
   at one table would if everybody typed the trick: one gets 201, the others 409 and go on
   from the sequence number the 409 carries. The rate and latency of each answer.
3. ``bare append``: the same number of posts to the bare endpoint.

Runs 1 and 3 take turns (``--slices``, 4 by default: a quarter of the posts of each, then the
next quarter), so that other work on the machine weighs on both alike. Beside the rates it
prints the CPU time each server's processes spent on an answer in runs 1 and 3 (read from
``/proc``): what the ratio comes from, and much less moved by other work than the rates.

The per-device write limit (a runaway-phone guard far below these rates) is lifted with
``--config WRITE_RATE_LIMIT=…``; the counting it does in every post is still measured.

Everything is bounded: a number of posts per run and a time limit per run, loopback only,
both servers stopped at the end. The client runs on the same machine and takes its share of
the CPU; figures only, the tests never assert on time.

    .venv/bin/python bench/load.py [--clients 8] [--posts 3000] [--seconds 60]
                                   [--workers N --threads N]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PLAYERS = ["Anna", "Bo", "Cia", "Dan"]
# A client here posts hundreds of events a second to a table: far over the per-device write
# limit that stops a runaway phone. The limit's counting is still done, and measured.
NO_LIMIT = 10**9


# --- the bare endpoint -------------------------------------------------------------------------
def bare_app(path: str):
    """A Flask app with one endpoint that appends the posted event to SQLite, nothing else."""
    from flask import Flask, request

    from api.db import connect, pool_for, write_transaction

    db = connect(path, run_migrations=False)
    db.execute("create table if not exists appended (id integer primary key, table_id text, "
               "client_event_id text, created_at text, event text)")
    db.close()
    app = Flask(__name__)

    @app.post("/append/<table_id>")
    def append(table_id: str):
        body = request.get_json()
        db = pool_for(path).take()  # connections reused as the app's are
        try:
            with write_transaction(db):
                cursor = db.execute(
                    "insert into appended (table_id, client_event_id, created_at, event) "
                    "values (?, ?, datetime('now'), ?)",
                    [table_id, body["client_event_id"], json.dumps(body["event"])])
            return {"id": cursor.lastrowid}, 201
        finally:
            pool_for(path).give(db)

    return app


def serve_bare(args: argparse.Namespace) -> None:
    from api.cli import patch_for
    patch_for(args.worker_class)  # as protokoll serve does, before anything else
    from api.cli import gunicorn_options, run_gunicorn
    run_gunicorn(lambda: bare_app(args.db),
                 gunicorn_options("127.0.0.1", args.port, args.workers, args.threads,
                                  args.worker_class, loglevel="warning"))


# --- servers -----------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """A server in its own process group on 127.0.0.1, stopped (group and all) on close."""

    def __init__(self, command: list[str], port: int, log: Path):
        self.port = port
        self.log = open(log, "wb")
        self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT,
                                        cwd=ROOT, start_new_session=True)
        for _ in range(300):
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: see {log}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        self.close()
        raise RuntimeError(f"server did not start: see {log}")

    def cpu_seconds(self) -> float:
        """The CPU time (user + system) of the server's processes so far: the master and
        its workers, the session it was started in. Unlike a rate, it hardly moves with
        the other work on the machine: what a post costs, to set beside the bare append's."""
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for name in os.listdir("/proc"):
            if not name.isdigit():
                continue
            try:
                with open(f"/proc/{name}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == self.process.pid:  # its session (start_new_session)
                total += int(fields[11]) + int(fields[12])
        return total / ticks

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
                self.process.wait(timeout=15)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                try:
                    os.killpg(self.process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.process.wait(timeout=5)
        self.log.close()


# --- the events a table gets -----------------------------------------------------------------
def record_evening(length: int, seed: int) -> list[dict]:
    """A valid sequence of events for a fresh 4-player Rödskägg table, played once through
    the test client with a fixed seed (bench/post_cost.py's dealer), so that every client can
    post it to its own tables without reading the answers."""
    import random

    sys.path.insert(0, str(HERE))
    from post_cost import Poster, play_deal

    from api import create_app

    events: list[dict] = []

    class Recorder(Poster):
        def post(self, event: dict) -> dict:
            events.append(event)
            return super().post(event)

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": str(Path(tmp) / "record.sqlite"),
                          "WRITE_RATE_LIMIT": NO_LIMIT})
        client = app.test_client()
        created = client.post("/api/tables", json={"game": "rodskagg",
                                                   "players": PLAYERS}).json
        poster = Recorder(client, created["id"], created["token"])
        rng = random.Random(seed)
        while len(events) < length and not (poster.view and poster.view["over"]):
            play_deal(poster, rng, len(PLAYERS))
    return events[:length]


# --- clients -----------------------------------------------------------------------------------
@dataclass
class Tally:
    latencies: dict[int, list[float]] = field(default_factory=dict)
    errors: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, status: int, seconds: float) -> None:
        with self.lock:
            self.latencies.setdefault(status, []).append(seconds)

    def error(self) -> None:
        with self.lock:
            self.errors += 1

    @property
    def total(self) -> int:
        return sum(len(v) for v in self.latencies.values())


class Budget:
    """At most ``posts`` posts and ``seconds`` seconds for one run, shared by its clients."""

    def __init__(self, posts: int, seconds: float):
        self.left, self.deadline = posts, time.monotonic() + seconds
        self.lock = threading.Lock()

    def take(self) -> bool:
        with self.lock:
            if self.left <= 0 or time.monotonic() > self.deadline:
                return False
            self.left -= 1
            return True


def request(conn: http.client.HTTPConnection, path: str, payload: dict,
            token: str | None = None) -> tuple[int, bytes, float]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    body = json.dumps(payload)
    start = time.perf_counter()
    conn.request("POST", path, body=body, headers=headers)
    response = conn.getresponse()
    data = response.read()
    return response.status, data, time.perf_counter() - start


def own_tables(port: int, events: list[dict], budget: Budget, tally: Tally,
               name: str) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        while True:
            status, data, _ = request(conn, "/api/tables",
                                      {"game": "rodskagg", "players": PLAYERS})
            if status != 201:
                tally.error()
                return
            created = json.loads(data)
            for seq, event in enumerate(events):
                if not budget.take():
                    return
                status, data, seconds = request(
                    conn, f"/api/tables/{created['id']}/events",
                    {"based_on": seq, "client_event_id": f"{name}-{created['id']}-{seq}",
                     "event": event}, created["token"])
                tally.add(status, seconds)
                if status != 201:  # a refusal here would be a bug: leave this table
                    tally.error()
                    break
    finally:
        conn.close()


def shared_table(port: int, table: dict, events: list[dict], budget: Budget, tally: Tally,
                 name: str, start: threading.Barrier) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    seq, attempt = 0, 0
    try:
        start.wait()
        while seq < len(events) and budget.take():
            attempt += 1
            status, data, seconds = request(
                conn, f"/api/tables/{table['id']}/events",
                {"based_on": seq, "client_event_id": f"{name}-{attempt}",
                 "event": events[seq]}, table["token"])
            tally.add(status, seconds)
            if status == 201:
                seq = json.loads(data)["entry"]["seq"]
            elif status == 409:
                seq = json.loads(data)["details"]["seq"]
            else:
                tally.error()
                if status == 429:
                    time.sleep(0.1)
                else:
                    return
    finally:
        conn.close()


def bare_append(port: int, events: list[dict], budget: Budget, tally: Tally,
                name: str) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        seq = 0
        while budget.take():
            status, _, seconds = request(
                conn, f"/append/{name}", {"based_on": seq, "client_event_id": f"{name}-{seq}",
                                           "event": events[seq % len(events)]})
            tally.add(status, seconds)
            seq += 1
    finally:
        conn.close()


def measured(server: Server, run, cpu: list[float]):
    """``run`` with the server's CPU time over it added to ``cpu[0]``."""
    def go():
        before = server.cpu_seconds()
        result = run()
        cpu[0] += server.cpu_seconds() - before
        return result
    return go


def run_clients(target, n: int, *args) -> tuple[Tally, float]:
    tally = Tally()
    threads = [threading.Thread(target=target, args=(*args, tally, f"c{i}"))
               for i in range(n)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return tally, time.perf_counter() - start


def alternated(slices: int, ours, ceiling) -> tuple[Tally, float, Tally, float]:
    """Run ``ours`` and ``ceiling`` (each ``() -> (Tally, seconds)``) in turns, ``slices``
    times each, and add the turns up: on a machine that other work makes faster and slower
    by the minute, both then meet the same moments."""
    totals = [Tally(), 0.0, Tally(), 0.0]
    for _ in range(slices):
        for index, run in ((0, ours), (2, ceiling)):
            tally, elapsed = run()
            for status, values in tally.latencies.items():
                totals[index].latencies.setdefault(status, []).extend(values)
            totals[index].errors += tally.errors
            totals[index + 1] += elapsed
    return totals[0], totals[1], totals[2], totals[3]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def report(label: str, tally: Tally, elapsed: float) -> None:
    for status in sorted(tally.latencies):
        values = tally.latencies[status]
        print(f"  {label:<26} {status:>4} {len(values):>6} {len(values) / elapsed:>9.0f}/s "
              f"{statistics.median(values) * 1000:>9.1f} ms {percentile(values, 0.99) * 1000:>9.1f} ms")
    if tally.errors:
        print(f"  {label:<26} {tally.errors} unexpected answers")


def warm_up(port: int, path: str, payload: dict, token: str | None = None,
            count: int = 20) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        for _ in range(count):
            request(conn, path, payload, token)
    finally:
        conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8, help="client threads")
    parser.add_argument("--posts", type=int, default=3000, help="posts per run (at most)")
    parser.add_argument("--seconds", type=float, default=60, help="time per run (at most)")
    parser.add_argument("--events", type=int, default=300, help="events per table")
    parser.add_argument("--slices", type=int, default=4,
                        help="our posts and the bare append take turns this many times")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, help="default: protokoll serve's")
    parser.add_argument("--threads", type=int, help="default: protokoll serve's")
    parser.add_argument("--worker-class", default="gevent", choices=("gevent", "gthread"))
    parser.add_argument("--serve-bare", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    args = parser.parse_args()

    from api.cli import DEFAULT_THREADS, DEFAULT_WORKERS
    args.workers = args.workers or DEFAULT_WORKERS
    args.threads = args.threads or DEFAULT_THREADS
    if args.serve_bare:
        serve_bare(args)
        return

    events = record_evening(args.events, args.seed)
    print(f"gunicorn {args.workers} {args.worker_class} workers"
          f"{f' x {args.threads} threads' if args.worker_class == 'gthread' else ''}, "
          f"{args.clients} client "
          f"threads, {os.cpu_count()} cores; at most {args.posts} posts or {args.seconds:.0f} s "
          f"per run; tables of {len(events)} events")
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        app_port, bare_port = free_port(), free_port()
        sizing = ["--workers", str(args.workers), "--threads", str(args.threads),
                  "--worker-class", args.worker_class]
        protokoll = Server([sys.executable, "-m", "api.cli", "serve", "--host", "127.0.0.1",
                            "--port", str(app_port), "--db", str(tmp_path / "app.sqlite"),
                            *sizing, "--config", f"WRITE_RATE_LIMIT={NO_LIMIT}"],
                           app_port, tmp_path / "app.log")
        try:
            bare = Server([sys.executable, str(HERE / "load.py"), "--serve-bare", "--port",
                           str(bare_port), "--db", str(tmp_path / "bare.sqlite"), *sizing],
                          bare_port, tmp_path / "bare.log")
        except BaseException:
            protokoll.close()
            raise
        try:
            conn = http.client.HTTPConnection("127.0.0.1", app_port, timeout=30)
            _, data, _ = request(conn, "/api/tables", {"game": "rodskagg", "players": PLAYERS})
            conn.close()
            warm = json.loads(data)
            warm_up(app_port, f"/api/tables/{warm['id']}/events",
                    {"based_on": 0, "client_event_id": "warm", "event": events[0]},
                    warm["token"])
            warm_up(bare_port, "/append/warm", {"client_event_id": "warm", "event": events[0]})

            print(f"  {'':<26} {'HTTP':>4} {'count':>6} {'rate':>11} {'p50':>12} {'p99':>12}")
            share = max(1, args.posts // args.slices)
            own_cpu, bare_cpu = [0.0], [0.0]
            own_tally, own_time, bare_tally, bare_time = alternated(
                args.slices,
                measured(protokoll, lambda: run_clients(
                    own_tables, args.clients, app_port, events,
                    Budget(share, args.seconds / args.slices)), own_cpu),
                measured(bare, lambda: run_clients(
                    bare_append, args.clients, bare_port, events,
                    Budget(share, args.seconds / args.slices)), bare_cpu))
            report("own tables (POST events)", own_tally, own_time)
            ours = len(own_tally.latencies.get(201, [])) / own_time

            conn = http.client.HTTPConnection("127.0.0.1", app_port, timeout=30)
            _, data, _ = request(conn, "/api/tables", {"game": "rodskagg", "players": PLAYERS})
            conn.close()
            table, barrier = json.loads(data), threading.Barrier(args.clients)
            tally, elapsed = run_clients(
                lambda budget, tally, name: shared_table(app_port, table, events, budget,
                                                         tally, name, barrier),
                args.clients, Budget(args.posts, args.seconds))
            report("one shared table", tally, elapsed)

            report("bare append (ceiling)", bare_tally, bare_time)
            ceiling = len(bare_tally.latencies.get(201, [])) / bare_time
            print(f"  POST /api/tables/{{id}}/events: {ours:.0f} events/s, "
                  f"{ours / ceiling:.0%} of the bare append's {ceiling:.0f}/s")
            # Server CPU per answer (the own tables' table creations included, one in
            # ``--events`` posts): the ratio's cause, less moved by the machine's load.
            own_cpu_each = own_cpu[0] / max(1, own_tally.total)
            bare_cpu_each = bare_cpu[0] / max(1, bare_tally.total)
            print(f"  server CPU an answer: {own_cpu_each * 1000:.2f} ms against the bare "
                  f"append's {bare_cpu_each * 1000:.2f} ms "
                  f"({own_cpu_each / bare_cpu_each:.2f}x; 0.7 of the ceiling needs ≤ 1.43x)")
        finally:
            bare.close()
            protokoll.close()


if __name__ == "__main__":
    main()
