"""How long do seating a round and recomputing the standings take at championship size?

Builds a Bräus tournament of 1,000 players — 250 tables — over 7 rounds through the real API
(Flask test client, SQLite file on disk, ``synchronous=FULL`` as in production): round 1 a
seeded random draw, rounds 2–7 by standings. Every table plays a simulated match to six
ritor by quick entry (a seeded coin picks each deal's pair, rita or jan). For every round it
prints, in milliseconds:

- seat alg: ``seating.seat_round`` alone — the draw or the Swiss seating of 1,000 players,
  with the history of the rounds before;
- seat API: ``POST /api/tournaments/{id}/rounds`` — the standings for the order, the
  seating, and 250 tables made through ``store.insert_tables`` (one transaction);
- standings, recomputed (``GET …/standings``): *round* — the first read after the round's
  results (each table's reading was kept by the post that ended its match, in this one
  process: a server of several processes reads in each the tables the others served); *1 table* — one more
  table finished since then (the live case: tables finish one by one); *no change* — a
  poll while nothing moved (the body made before, 200); *304* — a poll with If-None-Match;
  *zstd*, *zstd 304* — the same two as a browser asks (``Accept-Encoding: gzip, deflate,
  br, zstd``): the first compressed fetch of this version, then a poll naming its ETag;
- standings alg: ``standings.compute`` alone, on the tables' readings in memory, from
  scratch (without the memo the API keeps between requests);
- (CPU): the process's CPU time of the seating, of the first standings after the round and
  of the standings after one more table, beside their wall time: the difference is waiting
  (the commit's fsync, other work on a shared machine).

With ``--profile N`` it prints, after the last round, the N functions that took the most
CPU time (``cProfile`` timed by ``time.process_time``) in seating that round and in its
first standings.

And at the end the ratings of the whole event (``GET /api/ratings/braus``: every table of
the 7 rounds through openskill). The write limit per director is lifted for the run
(``WRITE_RATE_LIMIT=0``). Other work on the machine moves these figures; run it twice.

    .venv/bin/python bench/tournament.py [--players 1000] [--rounds 7] [--seed 2026] [--profile 25]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import tempfile
import time
from pathlib import Path

from api import create_app, store
from api.cli import freeze_start_heap
from api.resources.access.credentials import Credentials
from api.resources.access.ratelimit import Limit, Limits
from api.resources.tournaments import service, storage
from api.tournament_logic.seating import seat_round
from api.tournament_logic.standings import compute, standings_order

NO_LIMITS = Limits(write=Limit(0, 60))


CPU: list[float] = []  # the process's CPU time of the last timed action (no disk waits)
PROFILES: dict[str, cProfile.Profile] = {}


def timed(action, profile: str | None = None):
    start, cpu = time.perf_counter(), time.process_time()
    if profile:
        PROFILES[profile] = profiler = cProfile.Profile(time.process_time)
        value = profiler.runcall(action)
    else:
        value = action()
    CPU[:] = [time.process_time() - cpu]
    return value, time.perf_counter() - start


def play_match(db, table_id: str, creds: Credentials, rng: random.Random,
               hold_last: bool = False) -> list[dict]:
    """Quick entries until one pair has six ritor; with ``hold_last`` the winning entry is
    not posted but returned, to be posted later."""
    seq, ritor = 0, [0, 0]
    while True:
        side = rng.randrange(2)
        outcome = "jan" if rng.random() < 0.2 else "rita"
        event = {"type": "result", "outcome": outcome, "winner": side}
        ritor[side] += 2 if outcome == "jan" else 1
        if hold_last and max(ritor) >= 6:
            return [{"seq": seq, "event": event}]
        post(db, table_id, creds, seq, event)
        seq += 1
        if max(ritor) >= 6:
            return []


def post(db, table_id: str, creds: Credentials, seq: int, event: dict) -> None:
    status, _body = store.post_event(db, table_id, creds, seq, f"sim-{seq}", event, NO_LIMITS)
    assert status == 201


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--profile", type=int, default=0,
                        help="print this many top functions of the last round's calls")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": str(Path(tmp) / "bench.sqlite"), "TESTING": True,
                          "WRITE_RATE_LIMIT": 0})
        freeze_start_heap()  # as `protokoll serve` does before it forks its workers
        client = app.test_client()
        director = client.post("/api/directors", json={"name": "Bench"}).json
        headers = {"Authorization": f"Bearer {director['token']}"}
        creds = Credentials(bearer=director["token"])
        players = [{"name": f"Spelare {i}", "club": f"Klubb {i % 40}"}
                   for i in range(1, args.players + 1)]
        created = client.post("/api/tournaments", headers=headers, json={
            "name": "Bräus-VM (bench)", "game": "braus", "players": players,
            "rounds": args.rounds})
        assert created.status_code == 201, created.json
        tid = created.json["id"]

        print(f"Bräus, {args.players} players, {args.players // 4} tables a round, "
              f"{args.rounds} rounds; SQLite file, synchronous=FULL; times in ms")
        print(f"{'round':>5} {'method':>9} | {'seat alg':>8} {'seat API':>8} {'(CPU)':>6} | "
              f"{'standings: round':>16} {'(CPU)':>6} {'1 table':>7} {'(CPU)':>6} {'no change':>9} "
              f"{'304':>5} {'zstd':>5} {'zstd 304':>8} | {'standings alg':>13}")
        with app.app_context():
            from flask import g
            from api import db as database
            db = database.connect(app.config["DATABASE"], run_migrations=False)
            g.db = db
            url = f"/api/tournaments/{tid}/standings"
            for number in range(1, args.rounds + 1):
                method = "random" if number == 1 else "standings"
                tournament = storage.load_tournament(db, tid)
                rounds = storage.load_rounds(db, tid)
                everyone = storage.load_players(db, tid)
                current = compute(everyone, rounds, service.readings(db, tournament), [],
                                  service.rule(tournament))
                order = standings_order(current, [p.number for p in everyone])
                _, seat_alg = timed(lambda: seat_round(number, method, order,
                                                       service.shape(tournament), rounds,
                                                       number))
                profile = args.profile and number == args.rounds
                response, seat_api = timed(lambda: client.post(
                    f"/api/tournaments/{tid}/rounds", headers=headers,
                    json={"method": method, "seed": number}),
                    "seating" if profile else None)
                seat_cpu = CPU[0]
                assert response.status_code == 201, response.json
                tables = response.json["tables"]
                for table in tables[:-1]:
                    play_match(db, table["table_id"], creds, rng)
                (held,) = play_match(db, tables[-1]["table_id"], creds, rng, hold_last=True)
                after_round, round_ms = timed(lambda: client.get(url),
                                              "standings" if profile else None)
                round_cpu = CPU[0]
                assert after_round.status_code == 200
                post(db, tables[-1]["table_id"], creds, held["seq"], held["event"])
                moved, one_ms = timed(lambda: client.get(url))
                one_cpu = CPU[0]
                assert moved.json["progress"]["latest"]["finished"] == len(tables)
                _, same_ms = timed(lambda: client.get(url))
                tag = moved.headers["ETag"]
                not_modified, etag_ms = timed(lambda: client.get(
                    url, headers={"If-None-Match": tag}))
                assert not_modified.status_code == 304
                browser = {"Accept-Encoding": "gzip, deflate, br, zstd"}
                packed, packed_ms = timed(lambda: client.get(url, headers=browser))
                assert packed.headers["Content-Encoding"] == "zstd"
                not_modified, packed_etag_ms = timed(lambda: client.get(
                    url, headers={**browser, "If-None-Match": packed.headers["ETag"]}))
                assert not_modified.status_code == 304
                readings = service.readings(db, tournament)
                rounds = storage.load_rounds(db, tid)
                _, alg_ms = timed(lambda: compute(everyone, rounds, readings, [],
                                                  service.rule(tournament)))
                print(f"{number:>5} {method:>9} | "
                      f"{seat_alg * 1000:>8.0f} {seat_api * 1000:>8.0f} {seat_cpu * 1000:>6.0f} | "
                      f"{round_ms * 1000:>16.0f} {round_cpu * 1000:>6.0f} {one_ms * 1000:>7.0f} "
                      f"{one_cpu * 1000:>6.0f} "
                      f"{same_ms * 1000:>9.0f} "
                      f"{etag_ms * 1000:>5.1f} {packed_ms * 1000:>5.1f} "
                      f"{packed_etag_ms * 1000:>8.1f} | {alg_ms * 1000:>13.0f}")
            ratings, rating_time = timed(lambda: client.get("/api/ratings/braus"))
            assert ratings.status_code == 200
            leader = ratings.json["players"][0]
            top = client.get(f"/api/tournaments/{tid}/standings").json["rows"][0]
            print(f"ratings of the event (GET /api/ratings/braus, "
                  f"{args.rounds * args.players // 4} tables): {rating_time * 1000:.0f} ms; "
                  f"top rated {leader['name']} ({leader['ordinal']:.2f}); "
                  f"standings leader {top['name']} {top['figures']}")
            db.close()
        for name, profiler in PROFILES.items():
            print(f"\n--- {name}, round {args.rounds}: CPU time by function (cProfile) ---")
            pstats.Stats(profiler).sort_stats("tottime").print_stats(args.profile)


if __name__ == "__main__":
    main()
