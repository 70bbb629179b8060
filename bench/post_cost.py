"""How much does posting an event cost as a table's log grows?

Builds one Rödskägg table through the real API (Flask test client, SQLite file on disk),
posting complete deals trick by trick with a fixed seed, and prints the mean time per post
around event 10, 1,000, 2,500 and 5,000: the whole HTTP round trip, the CPU time the
process spent on it (which the fsync's wait does not move), and the part
that reads and writes the log (``store.post_event``: load the snapshot, apply the event,
append, save the snapshot). All should be flat — posting event 5,000 costs about what
posting event 10 does: the answer carries only the protokoll rows a post changed, and the
snapshot is rewritten only from the first changed row (here 7 players and ``exact_zero``
stretch one match to hundreds of deals, far longer than a real evening).

At each mark it also reads the log as another phone at the table does after every entry
(the live catch-up), for a spectator, median CPU time of 20 reads: the whole log — what
every phone read until issue 16's ``after`` — beside what changed since the entry before
(``?after=SEQ&generation=G``). The whole read is the ceiling here: it grows with the log,
the read of what changed should not.

With ``--quick`` the table is entered deal by deal instead (one quick entry per deal, so
every post adds a row to the protokoll: 5,000 rows at event 5,000). Each figure is the
median of the posts around the mark (``--window``, 100 by default), which keeps a moment of
other work on a shared machine out of it.

    .venv/bin/python bench/post_cost.py [--events 5000] [--quick] [--window 100]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from api import create_app, store
from rules_engine.cards import FRENCH52


class Poster:
    def __init__(self, client, table_id: str, token: str):
        self.client, self.table_id, self.token = client, table_id, token
        self.seq = 0
        self.timings: list[float] = []
        self.cpu: list[float] = []  # the process's CPU time: without the fsync's wait
        self.view = None
        self.read_at: set[int] = set()  # seqs after which the catch-up reads are measured
        self.reads: dict[int, tuple[float, float]] = {}  # seq: (whole, after) ms of CPU
        self.reader: dict[str, str] = {}

    def catch_up_reads(self) -> tuple[float, float]:
        """Median CPU ms of reading the whole log and of reading what changed since the
        entry before (another phone's catch-up after this entry)."""
        url = f"/api/tables/{self.table_id}/events"
        copy = self.client.get(url, headers=self.reader,
                               query_string={"after": 0}).json  # for its generation
        query = {"after": self.seq - 1, "generation": copy["generation"]}
        figures = []
        for args in ({}, query):
            times = []
            for _ in range(20):
                cpu = time.process_time()
                response = self.client.get(url, headers=self.reader, query_string=args)
                times.append(time.process_time() - cpu)
                assert response.status_code == 200, response.json
            figures.append(statistics.median(times) * 1000)
        return figures[0], figures[1]

    def post(self, event: dict) -> dict:
        start, cpu = time.perf_counter(), time.process_time()
        response = self.client.post(
            f"/api/tables/{self.table_id}/events",
            json={"based_on": self.seq, "client_event_id": f"b{self.seq}", "event": event},
            headers={"Authorization": f"Bearer {self.token}"})
        self.timings.append(time.perf_counter() - start)
        self.cpu.append(time.process_time() - cpu)
        assert response.status_code == 201, response.json
        self.seq += 1
        self.view = response.json["table"]
        if self.seq in self.read_at:
            self.reads[self.seq] = self.catch_up_reads()
        return self.view


def play_deal(poster: Poster, rng: random.Random, n: int) -> None:
    """One deal: everybody smyger but one seat bids 1; follow suit from random hands."""
    view = poster.post({"type": "deal"})
    deck = list(FRENCH52.cards)
    rng.shuffle(deck)
    hands = {s: deck[s * 6:(s + 1) * 6] for s in range(n)}
    while view["expected"]["phase"] == "bidding":
        seat = view["expected"]["seat"]
        view = poster.post({"type": "bid", "seat": seat,
                            "bid": 1 if not view["state"]["deal"]["bids"] else "smyga"})
    while view["expected"]["phase"] in ("play", "ask", "join"):
        phase = view["expected"]["phase"]
        if phase == "ask":
            view = poster.post({"type": "ask"})
            continue
        if phase == "join":
            view = poster.post({"type": "join", "seat": view["expected"]["seat"], "join": True})
            continue
        seat = view["expected"]["seat"]
        current = view["state"]["deal"]["current"]
        led = current["cards"][0]["card"][0] if current["cards"] else None
        hand = hands[seat]
        options = [c for c in hand if c.suit == led] or hand
        card = rng.choice(options)
        hand.remove(card)
        view = poster.post({"type": "play", "seat": seat, "card": str(card)})


STORE_TIMINGS: list[float] = []
NO_LIMIT = 10**9


def _timed_post_event(original):
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            STORE_TIMINGS.append(time.perf_counter() - start)
    return wrapper


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=5000)
    parser.add_argument("--quick", action="store_true", help="deal by deal (quick entry)")
    parser.add_argument("--window", type=int, default=100, help="posts per figure")
    args = parser.parse_args()
    store.post_event = _timed_post_event(store.post_event)
    with tempfile.TemporaryDirectory() as tmp:
        # One device posting thousands of events: lift the per-device write limit.
        app = create_app({"DATABASE": str(Path(tmp) / "bench.sqlite"),
                          "WRITE_RATE_LIMIT": NO_LIMIT})
        client = app.test_client()
        players = ["A", "B", "C", "D", "E", "F", "G"]
        if args.quick:
            players = players[:4]
        created = client.post("/api/tables", json={"game": "rodskagg", "players": players,
                                                   "options": {"exact_zero": True}}).json
        poster = Poster(client, created["id"], created["token"])
        poster.read_at = {10, 1000, 2500, 5000}
        poster.reader = {"X-Spectator-Key": created["spectator_key"]}
        rng = random.Random(2026)
        while poster.seq < args.events + args.window // 2:
            if poster.view and poster.view["over"]:
                break
            if args.quick:  # seat 0 bids 2: fails (+5), then makes it (-2): a row a post
                tricks = [1, 5, 0, 0] if poster.seq % 2 == 0 else [2, 4, 0, 0]
                poster.post({"type": "result", "bids": [2, "smyga", "smyga", "smyga"],
                             "tricks": tricks})
            else:
                play_deal(poster, rng, len(players))
        half = args.window // 2
        marks = [m for m in (10, 1000, 2500, 5000) if m + half <= len(poster.timings)
                 or m == 10]
        rows = len(client.get(f"/api/tables/{created['id']}",
                              headers={"Authorization": f"Bearer {created['token']}"}
                              ).json["protokoll"]["rows"])
        print(f"posted {len(poster.timings)} events on one table "
              f"({'deal by deal' if args.quick else 'card by card'}; {rows} protokoll rows); "
              f"median of {args.window} posts around each mark")
        print(f"{'':>20}{'HTTP round trip':>18}{'log + snapshot':>18}{'CPU':>12}")
        first = first_cpu = None
        for mark in marks:
            window = slice(max(1, mark - half), mark + half)
            http = statistics.median(poster.timings[window]) * 1000
            log = statistics.median(STORE_TIMINGS[window]) * 1000
            cpu = statistics.mean(poster.cpu[window]) * 1000
            first, first_cpu = first or http, first_cpu or cpu
            print(f"  around event {mark:>5}: {http:12.2f} ms {log:14.2f} ms {cpu:8.2f} ms"
                  f"   ({http / first:.2f}x event 10; CPU {cpu / first_cpu:.2f}x)")
        print("  (the round trip includes the commit's fsync, which other work on the disk "
              "moves; CPU is the process's own time per post, a mean)")
        print("another phone's catch-up read of the log after an entry (a spectator; CPU, "
              "median of 20): the whole log (ceiling) / what changed since (after=)")
        for seq, (whole, after) in sorted(poster.reads.items()):
            print(f"  at event {seq:>5}: whole {whole:8.2f} ms   after= {after:6.2f} ms"
                  f"   ({after / whole:.2f} of the whole)")


if __name__ == "__main__":
    main()
