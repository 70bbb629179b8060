"""The standings' fast path gives what the straightforward computation gives.

The API keeps each table's reading per process (by table seq), in ``tournament_readings``,
and what each finished table gives its seats (``standings.compute``'s memo), and it rereads
only the tables that moved. Here seeded random tournaments are played through the API —
several rounds, rounds seated before every table finished, tables left unfinished, results
taken back with an undo (also at a table whose round is closed, with the director's
reason), adjustments and a withdrawal — and after every step the public standings must
equal, value for value, a computation from scratch: every table read again from its live
log, and the standings summed by the reference below (the summation as it was written
before the fast path, kept here as the specification).
"""

from __future__ import annotations

import itertools
import json
import random
from collections import defaultdict
from typing import Any

import pytest

from api import db as database
from api.resources.tournaments import service, storage
from api.tournament_logic.model import Limit, number
from api.tournament_logic.scoring import OPPONENTS
from api.tournament_logic.seating import seat_round
from api.tournament_logic.standings import standings_order
from tests.conftest import bearer, make_director

_ids = itertools.count(1)


def reference_compute(players, rounds, readings, adjustments, rule) -> dict[str, Any]:
    """The standings summed the plain way: every table, every time."""
    keys = [c.key for c in rule.columns]
    sums = {p.number: dict.fromkeys(keys, 0.0) for p in players}
    played, byes = defaultdict(int), defaultdict(int)
    history, met = defaultdict(list), defaultdict(list)
    progress = {"finished": 0, "playing": 0, "not_started": 0}
    latest = dict(progress)
    for rnd in rounds:
        for player in rnd.byes:
            for key, value in rule.bye.items():
                sums[player][key] += value
            byes[player] += 1
            history[player].append({"round": rnd.number, "bye": True})
        for table in rnd.tables:
            reading = readings.get((rnd.number, table.number))
            status = reading["status"] if reading else "not_started"
            progress[status] += 1
            if rnd is rounds[-1]:
                latest[status] += 1
            if status != "finished":
                for player in table.seats:
                    history[player].append({"round": rnd.number, "table": table.number,
                                            "status": status})
                continue
            unit_of = {seat: u for u, unit in enumerate(reading["units"])
                       for seat in unit["seats"]}
            figures = [rule.figures(reading, u) for u in range(len(reading["units"]))]
            for seat, player in enumerate(table.seats):
                u = unit_of[seat]
                for key in keys:
                    sums[player][key] += figures[u].get(key, 0)
                played[player] += 1
                met[player].append([other for s, other in enumerate(table.seats)
                                    if unit_of[s] != u])
                history[player].append({
                    "round": rnd.number, "table": table.number, "status": status,
                    "place": reading["places"][u], "of": len(reading["units"]),
                    "score": number(figures[u].get(rule.main, 0))})
    adjusted = defaultdict(float)
    for adjustment in adjustments:
        if adjustment.player in sums:
            adjusted[adjustment.player] += adjustment.points
            sums[adjustment.player][rule.main] += adjustment.points
    main = {p: round(s[rule.main], 6) for p, s in sums.items()}
    opponents = {p: round(sum(sum(main[o] for o in group) / len(group)
                              for group in met[p] if group), 6) for p in sums}
    order = {p: tuple(-round(s[k], 6) for k in keys) + (-opponents[p],)
             for p, s in sums.items()}
    ranked = sorted(players, key=lambda p: (order[p.number], p.number))
    rows = []
    for index, player in enumerate(ranked):
        rank = index + 1
        if rows and order[ranked[index - 1].number] == order[player.number]:
            rank = rows[-1]["rank"]
        rows.append({
            "rank": rank, "number": player.number, "name": player.name, "club": player.club,
            "withdrawn": player.withdrawn,
            "figures": {k: number(sums[player.number][k]) for k in keys},
            "adjustment": number(adjusted[player.number]),
            "opponents": number(opponents[player.number]),
            "played": played[player.number], "byes": byes[player.number],
            "rounds": history[player.number]})
    return {"rule": rule.as_dict(),
            "columns": [c.as_dict() for c in rule.columns] + [OPPONENTS.as_dict()],
            "rows": rows, "adjustments": [a.as_dict() for a in adjustments],
            "progress": {"rounds": len(rounds), "tables": progress, "latest": latest}}


def from_scratch(app, tournament_id: str) -> dict[str, Any]:
    """The standings with no cache at all: every table read again from its log."""
    db = database.connect(app.config["DATABASE"])
    try:
        tournament = storage.load_tournament(db, tournament_id)
        game, limit = service.shape(tournament), Limit.from_dict(tournament["per_round"])
        readings = {key: service.read_source(service.live_source(db, row["table_id"]),
                                             len(row["seats"]), game, limit)
                    for key, row in storage.table_rows(db, tournament_id).items()}
        return reference_compute(storage.load_players(db, tournament_id),
                                 storage._read_rounds(db, tournament_id), readings,
                                 storage.load_adjustments(db, tournament_id),
                                 service.rule(tournament))
    finally:
        db.close()


def seating_from_scratch(app, tournament_id: str, method: str, seed: int):
    """The next round as ``seat_round`` seats it from the standings and the rounds read
    from scratch (no kept standings, rounds or history)."""
    db = database.connect(app.config["DATABASE"])
    try:
        tournament = storage.load_tournament(db, tournament_id)
        players = storage.load_players(db, tournament_id)
        rounds = storage._read_rounds(db, tournament_id)
        order = standings_order(from_scratch(app, tournament_id),
                                [p.number for p in players if not p.withdrawn])
        return seat_round(len(rounds) + 1, method, order, service.shape(tournament), rounds,
                          seed, {p.number: p.club.casefold() for p in players})
    finally:
        db.close()


class Played:
    """A tournament played at random through the API."""

    def __init__(self, client, app, body: dict, seed: int):
        self.client, self.app, self.rng = client, app, random.Random(seed)
        director = make_director(client)
        self.headers = bearer(director["token"])
        created = client.post("/api/tournaments", json=body, headers=self.headers)
        assert created.status_code == 201, created.json
        self.id = created.json["id"]
        self.seqs: dict[str, int] = {}
        self.results: dict[str, int] = {}  # the last result entered at a table, not undone
        self.tables: list[str] = []
        self.closed: set[str] = set()

    def seat(self, method: str) -> list[str]:
        seed = self.rng.randrange(99)
        expected = seating_from_scratch(self.app, self.id, method, seed)
        response = self.client.post(f"/api/tournaments/{self.id}/rounds", headers=self.headers,
                                    json={"method": method, "seed": seed, "force": True})
        assert response.status_code == 201, response.json
        # Seated from the kept standings and history as from scratch.
        assert [[s["number"] for s in t["seats"]] for t in response.json["tables"]] == \
            [list(t.seats) for t in expected.tables]
        self.closed.update(self.tables)  # seating a round closes the rounds before it
        ids = [t["table_id"] for t in response.json["tables"]]
        self.tables += ids
        return ids

    def post(self, table_id: str, event: dict) -> int:
        """An entry (the director's, with a reason where the round is closed); the status."""
        seq = self.seqs.get(table_id, 0)
        body = {"based_on": seq, "client_event_id": f"f-{next(_ids)}", "event": event}
        url = f"/api/tables/{table_id}/events"
        if table_id in self.closed:
            url = f"/api/tournaments/{self.id}/tables/{table_id}/events"
            body["reason"] = "Fel ritor antecknade"
        response = self.client.post(url, headers=self.headers, json=body)
        if response.status_code == 201:
            self.seqs[table_id] = response.json["entry"]["seq"]
            if event["type"] == "undo":
                self.results.pop(table_id)
            else:
                self.results[table_id] = self.seqs[table_id]
        return response.status_code

    def undo_a_result(self, table_ids: list[str], corrected: list[dict] = ()) -> None:
        """Take back the last result at the first of these tables that has one, and enter
        ``corrected`` in its place (as far as the table takes them)."""
        for table_id in table_ids:
            if table_id in self.results:
                assert self.post(table_id, {"type": "undo",
                                            "target": self.results[table_id]}) == 201
                for event in corrected:
                    if self.post(table_id, event) != 201:
                        break
                return

    def check(self) -> None:
        response = self.client.get(f"/api/tournaments/{self.id}/standings")
        assert response.status_code == 200, response.json
        fast = {k: v for k, v in response.json.items() if k != "tournament"}
        assert fast == json.loads(json.dumps(from_scratch(self.app, self.id)))
        db = database.connect(self.app.config["DATABASE"])
        try:  # the rounds this process keeps (read on from the last kept) are the file's
            assert storage.load_rounds(db, self.id) == storage._read_rounds(db, self.id)
        finally:
            db.close()


def braus_results(rng: random.Random, count: int) -> list[dict]:
    return [{"type": "result", "outcome": "jan" if rng.random() < 0.2 else "rita",
             "winner": rng.randrange(2)} for _ in range(count)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_braus_standings_fast_path_equals_the_computation_from_scratch(client, app, seed):
    rng = random.Random(seed)
    players = rng.choice([16, 18, 19])  # 18 and 19: byes
    event = Played(client, app, {
        "name": "Bräus-cupen", "game": "braus", "rounds": 4,
        "players": [{"name": f"Spelare {n}", "club": f"Klubb {n % 3}"}
                    for n in range(1, players + 1)]}, seed)
    for number in range(1, 5):
        tables = event.seat("random" if number == 1 else "standings")
        event.check()
        for table_id in tables:
            kind = rng.random()
            if kind < 0.15:
                continue  # not started
            count = rng.randrange(1, 4) if kind < 0.35 else 14  # unfinished, or to the end
            for result in braus_results(rng, count):
                if event.post(table_id, result) != 201:
                    break  # the match was over
            if rng.random() < 0.5:
                event.check()  # tables finish one by one between the polls
        event.check()
        # A result taken back: at a table of this round, and at one of a closed round.
        event.undo_a_result(rng.sample(tables, len(tables)))
        event.check()
        if number > 1:  # corrected at a closed round: taken back, then played on to its end
            earlier = event.tables[:-len(tables)]
            event.undo_a_result(rng.sample(earlier, len(earlier)), braus_results(rng, 14))
            event.check()
        if number == 2:
            adjusted = client.post(f"/api/tournaments/{event.id}/adjustments",
                                   headers=event.headers,
                                   json={"player": 3, "points": -0.5, "reason": "Sen ankomst"})
            assert adjusted.status_code == 201, adjusted.json
            event.check()
        if number == 3:
            withdrawn = client.patch(f"/api/tournaments/{event.id}/players/5",
                                     headers=event.headers, json={"withdrawn": True})
            assert withdrawn.status_code == 200, withdrawn.json
            event.check()


def test_a_round_seated_later_is_read_alone_and_the_rounds_kept_stay(client, app,
                                                                    monkeypatch):
    """The seated rounds a process keeps: once a round is added, only the rounds after the
    last kept one are read from the file (seated rounds never change), and the rounds are
    those a full read gives."""
    event = Played(client, app, {
        "name": "Bräus-cupen", "game": "braus", "rounds": 3,
        "players": [{"name": f"Spelare {n}", "club": "Klubb"} for n in range(1, 17)]}, 7)
    read = storage._read_rounds
    asked: list[int] = []

    def reading(db, tournament_id, after=0):
        asked.append(after)
        return read(db, tournament_id, after)

    monkeypatch.setattr(storage, "_read_rounds", reading)
    for number in (1, 2, 3):
        for table_id in event.seat("random" if number == 1 else "standings"):
            for result in braus_results(random.Random(number), 14):
                if event.post(table_id, result) != 201:
                    break
        event.check()
    assert 1 in asked and 2 in asked  # rounds 2 and 3 were read after the kept ones


def test_placing_game_with_a_deal_limit_fast_path_equals_the_computation_from_scratch(
        client, app):
    """Rödskägg, one deal a round: a table's round ends at its first scored deal (later
    entries do not count), placing points are shared by level players."""
    rng = random.Random(7)
    event = Played(client, app, {
        "name": "Fem opp-kvällen", "game": "rodskagg", "rounds": 3, "per_round": {"deals": 1},
        "players": [{"name": f"Spelare {n}"} for n in range(1, 13)]}, 7)
    deal = {"type": "result", "bids": ["smyga", 3, "smyga", "smyga"], "tricks": [1, 4, 1, 0]}
    for number in range(1, 4):
        for table_id in event.seat("random" if number == 1 else "standings"):
            if rng.random() < 0.7:
                assert event.post(table_id, deal) == 201
                assert event.post(table_id, deal) == 409  # round_played: nothing written
                event.check()
        event.undo_a_result(rng.sample(event.tables, len(event.tables)))
        event.check()
