"""Tournaments through the API: a director creates one, seats rounds (tables with join codes,
owned by the director), watches the tables, adjusts, and everyone reads the standings.

Only the director's token acts on its tournament; every refusal is in the one error shape
and changes nothing.
"""

from __future__ import annotations

import itertools

import pytest

from api.tournament_logic import exchange
from tests.conftest import bearer, make_director, refusal

_ids = itertools.count(1)


class Event:
    """A tournament of one director, with helpers that post through the real API."""

    def __init__(self, client, director: dict, body: dict):
        self.client, self.director, self.headers = client, director, bearer(director["token"])
        response = client.post("/api/tournaments", json=body, headers=self.headers)
        assert response.status_code == 201, response.json
        self.data = response.json
        self.id = self.data["id"]
        self.seqs: dict[str, int] = {}

    def url(self, path: str = "") -> str:
        return f"/api/tournaments/{self.id}{path}"

    def get(self, path: str = "", **kwargs):
        return self.client.get(self.url(path), headers=self.headers, **kwargs)

    def post(self, path: str, body: dict):
        return self.client.post(self.url(path), json=body, headers=self.headers)

    def seat(self, method: str = "random", **extra) -> dict:
        response = self.post("/rounds", {"method": method, **extra})
        assert response.status_code == 201, response.json
        return response.json

    def play(self, table_id: str, *events: dict) -> dict:
        """Post entries at a round's table with the director's token (a director may)."""
        view = None
        for event in events:
            seq = self.seqs.get(table_id, 0)
            response = self.client.post(f"/api/tables/{table_id}/events", headers=self.headers,
                                        json={"based_on": seq, "client_event_id":
                                              f"t-{next(_ids)}", "event": event})
            assert response.status_code == 201, response.json
            self.seqs[table_id] = response.json["entry"]["seq"]
            view = response.json["table"]
        return view

    def standings(self) -> dict:
        response = self.client.get(self.url("/standings"))  # public: no credential
        assert response.status_code == 200, response.json
        return response.json


def rita(side: int, count: int = 1) -> list[dict]:
    return [{"type": "result", "outcome": "rita", "winner": side}] * count


def braus_body(players: int = 8, **extra) -> dict:
    return {"name": "Bräus-VM", "game": "braus", "rounds": 3,
            "players": [{"name": f"Spelare {n}", "club": "Visby" if n % 2 else "Slite"}
                        for n in range(1, players + 1)], **extra}


@pytest.fixture
def director(client):
    return make_director(client)


@pytest.fixture
def event(client, director):
    return Event(client, director, braus_body())


# --- creating ------------------------------------------------------------------------------------
def test_a_director_creates_a_tournament(event):
    data = event.data
    assert (data["game"], data["title"], data["pairs"], data["table_size"]) == (
        "braus", "Bräus", True, 4)
    assert data["rounds"] == 3 and data["rounds_seated"] == 0 and data["scoring"] == "game"
    assert data["players"][0] == {"number": 1, "name": "Spelare 1", "club": "Visby",
                                  "key": "spelare 1|visby", "withdrawn": False}
    assert data["standings_link"] == f"/tournament/standings.html?t={event.id}"
    assert [c["key"] for c in data["rule"]["columns"]] == ["matches", "ritor", "ritor_diff"]
    assert "then the opponents' score" in data["rule"]["tie_breaks"]["en"]


def test_creating_needs_a_director_token(client, table):
    body = braus_body()
    refusal(client.post("/api/tournaments", json=body), 401, "token_required")
    refusal(client.post("/api/tournaments", json=body, headers=bearer("nonsense")), 401,
            "token_unknown")
    refusal(client.post("/api/tournaments", json=body, headers=table.headers), 403,
            "director_token_required")


@pytest.mark.parametrize("change, status, code", [
    ({"game": "chess"}, 422, "unknown_game"),
    ({"options": {"sevens": "never"}}, 400, "bad_option"),
    ({"table_size": 5}, 422, "table_size"),
    ({"per_round": {"deals": 3, "target": 6}}, 422, "per_round"),
    ({"players": [{"name": "Anna"}, {"name": "Bo"}]}, 422, "tournament_players"),
    ({"players": [{"name": "Anna"}, {"name": "anna"}, {"name": "Bo"}, {"name": "Cia"}]},
     422, "tournament_players"),
    ({"scoring": "elo"}, 400, "invalid_request"),
])
def test_settings_are_checked_against_the_game(client, director, change, status, code):
    response = client.post("/api/tournaments", json={**braus_body(), **change},
                           headers=bearer(director["token"]))
    refusal(response, status, code)


def test_two_players_of_one_name_from_different_clubs_are_told_apart(client, director):
    body = braus_body(players=4)
    body["players"][1] = {"name": "Spelare 1", "club": "Slite"}
    event = Event(client, director, body)
    table = event.seat()["tables"][0]
    view = client.get(f"/api/tables/{table['table_id']}", headers=event.headers).json
    assert {"Spelare 1 (Visby)", "Spelare 1 (Slite)"} <= set(view["players"])


# --- seating -------------------------------------------------------------------------------------
def test_seating_makes_tables_with_join_codes_that_the_director_owns(client, event):
    rnd = event.seat("random", seed=7)
    assert rnd["number"] == 1 and rnd["method"] == "random" and rnd["seed"] == 7
    assert len(rnd["tables"]) == 2 and rnd["byes"] == []
    seated = sorted(s["number"] for t in rnd["tables"] for s in t["seats"])
    assert seated == list(range(1, 9))
    first = rnd["tables"][0]
    assert [s["side"] for s in first["seats"]] == [0, 1, 0, 1]
    assert first["join_link"].endswith(f"/?join={first['join_code']}")
    # The table is an ordinary table of the director: its code joins a phone to it.
    joined = client.post("/api/join", json={"code": first["join_code"], "device_name": "Bo"})
    assert joined.status_code == 201 and joined.json["table_id"] == first["table_id"]
    view = client.get(f"/api/tables/{first['table_id']}", headers=event.headers).json
    assert view["access"]["role"] == "director" and view["game"] == "braus"
    assert view["players"] == [s["name"] for s in first["seats"]]
    owned = client.get("/api/directors/me", headers=event.headers).json["tables"]
    assert {t["table_id"] for t in rnd["tables"]} <= {t["id"] for t in owned}
    # The same round again, for the cards.
    again = event.get("/rounds/1").json
    assert again["tables"] == rnd["tables"]
    refusal(event.get("/rounds/2"), 404, "round_not_found")


def test_the_same_seed_gives_the_same_draw(client, director):
    draws = []
    for _ in range(2):
        event = Event(client, director, braus_body(players=12))
        draws.append([[s["number"] for s in t["seats"]] for t in event.seat(seed=99)["tables"]])
    assert draws[0] == draws[1]


def test_a_count_that_does_not_divide_gets_byes(client, director):
    event = Event(client, director, braus_body(players=9))
    rnd = event.seat("standings")
    assert len(rnd["tables"]) == 2
    assert rnd["byes"] == [{"number": 9, "name": "Spelare 9", "club": "Visby"}]
    (row,) = [r for r in event.standings()["rows"] if r["number"] == 9]
    assert row["figures"]["matches"] == 1 and row["byes"] == 1  # a bye is a won match


def test_the_next_round_waits_for_the_last_unless_forced(event):
    first = event.seat()
    refusal(event.post("/rounds", {"method": "standings"}), 409, "round_not_finished")
    event.play(first["tables"][0]["table_id"], *rita(0, 6))
    body = refusal(event.post("/rounds", {"method": "standings"}), 409, "round_not_finished")
    assert body["details"] == {"round": 1, "tables": [2]}
    second = event.seat("standings", force=True)
    assert second["number"] == 2
    third = event.seat("random", force=True)
    assert third["number"] == 3
    refusal(event.post("/rounds", {"method": "random", "force": True}), 409,
            "rounds_complete")


def test_a_one_round_tournament_says_its_only_round_is_seated(client, director):
    """Number agreement in the refusal: no "Alla 1 ronder"."""
    event = Event(client, director, braus_body(rounds=1))
    event.seat()
    body = refusal(event.post("/rounds", {"method": "random", "force": True}), 409,
                   "rounds_complete")
    assert body["messages"]["sv"] == "Turneringens enda rond är lottad."


def test_by_standings_the_winners_meet_and_partners_change(event):
    first = event.seat("standings")
    for table in first["tables"]:
        event.play(table["table_id"], *rita(0, 6))  # seats 0 + 2 win everywhere
    winners = {t["seats"][i]["number"] for t in first["tables"] for i in (0, 2)}
    second = event.seat("standings")
    assert {s["number"] for s in second["tables"][0]["seats"]} == winners
    partners_before = {frozenset((t["seats"][0]["number"], t["seats"][2]["number"]))
                       for t in first["tables"]}
    top = second["tables"][0]["seats"]
    assert frozenset((top[0]["number"], top[2]["number"])) not in partners_before


def test_a_round_whose_seating_was_cut_off_is_seated_again(app, client, event):
    """A server stopped in the middle of seating leaves the round reserved ("seating");
    after five minutes that reservation no longer blocks the round."""
    from api import db as database
    from api.resources.tournaments import storage
    from api.tournament_logic.model import Round

    db = database.connect(app.config["DATABASE"], run_migrations=False)
    storage.reserve_round(db, event.id, Round(1, "random", 1, ()))
    db.execute("update tournament_rounds set seated_at = '2000-01-01T00:00:00.000+00:00'")
    db.close()
    assert event.seat()["number"] == 1


def test_rotation_is_for_pair_games(client, director):
    event = Event(client, director, {"name": "Klubbkväll", "game": "rodskagg", "rounds": 2,
                                     "players": [{"name": n} for n in "ABCDEFGH"]})
    refusal(event.post("/rounds", {"method": "rotation"}), 422, "rotation_needs_pairs")


def test_partner_rotation_over_three_rounds(client, director):
    event = Event(client, director, braus_body(players=4))
    sits = []
    for _ in range(3):
        rnd = event.seat("rotation", force=True)
        seats = [s["number"] for s in rnd["tables"][0]["seats"]]
        sits.append({frozenset((seats[0], seats[2])), frozenset((seats[1], seats[3]))})
    assert sits == [{frozenset((1, 3)), frozenset((2, 4))},
                    {frozenset((1, 2)), frozenset((3, 4))},
                    {frozenset((1, 4)), frozenset((2, 3))}]


def test_a_withdrawn_player_is_not_seated_again(event):
    event.seat()
    response = event.client.patch(event.url("/players/8"), json={"withdrawn": True},
                                  headers=event.headers)
    assert response.status_code == 200 and response.json["withdrawn"] is True
    second = event.seat("standings", force=True)
    seated = {s["number"] for t in second["tables"] for s in t["seats"]}
    assert 8 not in seated and 8 not in {b["number"] for b in second["byes"]}
    assert [a["action"] for a in event.get("/audit").json][-3:] == [
        "withdrawn", "round_seated", "round_closed"]  # seating round 2 closes round 1


# --- authority -----------------------------------------------------------------------------------
def test_another_director_gets_403_and_changes_nothing(client, event):
    rnd = event.seat()
    intruder = bearer(make_director(client, "Någon annan")["token"])
    table_id = rnd["tables"][0]["table_id"]
    for method, path, body in [
            ("get", "", None), ("get", "/rounds/1", None), ("get", "/watch", None),
            ("get", "/audit", None), ("get", "/export", None), ("get", "/adjustments", None),
            ("get", "/protokolls.csv", None),
            ("post", "/rounds", {"method": "random", "force": True}),
            ("post", "/adjustments", {"player": 1, "points": 5, "reason": "Bribe"}),
            ("post", "/reviews", {"table_id": table_id, "finding": "0:x:0"}),
            ("patch", "/players/1", {"withdrawn": True})]:
        response = getattr(client, method)(event.url(path), json=body, headers=intruder)
        refusal(response, 403, "token_forbidden")
    # Its tables are the director's too: the intruder cannot write there either.
    response = client.post(f"/api/tables/{table_id}/events", headers=intruder,
                           json={"based_on": 0, "client_event_id": "x",
                                 "event": rita(0)[0]})
    refusal(response, 403, "token_forbidden")
    assert event.get().json["rounds_seated"] == 1
    assert event.get("/adjustments").json == []
    assert [a["action"] for a in event.get("/audit").json] == ["created", "round_seated"]
    assert not any(p["withdrawn"] for p in event.get().json["players"])


def test_no_token_a_device_token_and_an_unknown_tournament(client, event, table):
    refusal(client.get(event.url("/watch")), 401, "token_required")
    refusal(client.get(event.url("/watch"), headers=table.headers), 403,
            "director_token_required")
    # An unknown tournament is 404 before any credential is looked at.
    refusal(client.get("/api/tournaments/0000000000000000/watch"), 404,
            "tournament_not_found")
    refusal(client.get("/api/tournaments/0000000000000000/standings"), 404,
            "tournament_not_found")


def test_a_director_lists_only_its_own_tournaments(client, event):
    other = make_director(client, "B")
    Event(client, other, braus_body())
    mine = client.get("/api/tournaments", headers=event.headers).json
    assert [t["id"] for t in mine] == [event.id]


# --- watching ------------------------------------------------------------------------------------
STOOD_OVER = [{"type": "deal"},
              {"type": "trick", "cards": "♦J ♠J", "over": [2, 0]},
              {"type": "trick", "cards": "♦A ♥A", "over": [0, 1]}]


def test_watch_shows_every_tables_status_findings_and_corrections(event):
    rnd = event.seat(seed=3)
    t1, t2 = (t["table_id"] for t in rnd["tables"])
    watch = event.get("/watch").json
    assert [t["status"] for t in watch["tables"]] == ["not_started", "not_started"]
    event.play(t1, *STOOD_OVER)  # a stand-over proven later: a finding
    event.play(t2, *rita(1, 5))
    event.play(t2, {"type": "undo", "target": 5})
    watch = event.get("/watch").json
    first, second = watch["tables"]
    assert (first["status"], first["play"], first["open_findings"]) == ("findings", "playing", 1)
    assert (second["status"], second["deals"]) == ("playing", 4)
    assert watch["counts"] == {"not_started": 0, "playing": 1, "finished": 0, "findings": 1}
    (finding,) = watch["open_findings"]
    assert finding["table"] == 1 and finding["code"] == "stood_over_with_higher"
    assert finding["key"] == "0:stood_over_with_higher:2"
    (fix,) = watch["corrections"]
    assert (fix["table"], fix["type"], fix["target"], fix["seq"]) == (2, "undo", 5, 6)
    assert fix["device_name"] == event.director["name"]

    review = event.post("/reviews", {"table_id": t1, "finding": finding["key"],
                                     "note": "Talked to the table; play on."})
    assert review.status_code == 201, review.json
    watch = event.get("/watch").json
    assert watch["tables"][0]["status"] == "playing" and watch["open_findings"] == []
    assert watch["tables"][0]["findings"][0]["reviewed"]["note"] == (
        "Talked to the table; play on.")
    refusal(event.post("/reviews", {"table_id": t1, "finding": "9:nothing:0"}), 404,
            "finding_not_found")
    refusal(event.post("/reviews", {"table_id": "elsewhere", "finding": "0:x:0"}), 404,
            "table_not_in_tournament")

    event.play(t2, *rita(1, 2))
    assert event.get("/watch").json["tables"][1]["status"] == "finished"
    assert event.get("/audit").json[-1]["action"] == "finding_reviewed"


# --- standings -----------------------------------------------------------------------------------
def test_standings_from_known_results_with_exact_figures(client, director):
    event = Event(client, director, braus_body())
    rnd = event.seat("random", seed=5)
    t1, t2 = rnd["tables"]
    event.play(t1["table_id"], *rita(1, 2), *rita(0, 6))  # seats 0 + 2 win 6–2
    event.play(t2["table_id"], *rita(1, 6))  # seats 1 + 3 win 6–0
    standings = event.standings()
    pair = {name: [t["seats"][i]["number"] for i in idx]
            for name, t, idx in (("t1 winners", t1, (0, 2)), ("t1 losers", t1, (1, 3)),
                                 ("t2 winners", t2, (1, 3)), ("t2 losers", t2, (0, 2)))}
    figures = {row["number"]: (row["rank"], row["figures"], row["opponents"])
               for row in standings["rows"]}
    for n in pair["t2 winners"]:
        assert figures[n] == (1, {"matches": 1, "ritor": 6, "ritor_diff": 6}, 0)
    for n in pair["t1 winners"]:
        assert figures[n] == (3, {"matches": 1, "ritor": 6, "ritor_diff": 4}, 0)
    for n in pair["t1 losers"]:
        assert figures[n] == (5, {"matches": 0, "ritor": 2, "ritor_diff": -4}, 1)
    for n in pair["t2 losers"]:
        assert figures[n] == (7, {"matches": 0, "ritor": 0, "ritor_diff": -6}, 1)
    finished = {"finished": 2, "playing": 0, "not_started": 0}
    assert standings["progress"] == {"rounds": 1, "tables": finished, "latest": finished}
    assert standings["tournament"]["name"] == "Bräus-VM"
    assert "ritor difference" in standings["rule"]["tie_breaks"]["en"]


def test_polling_the_standings_costs_a_304_while_nothing_changes(client, event):
    rnd = event.seat()
    first = client.get(event.url("/standings"))
    tag = first.headers["ETag"]
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-cache"
    again = client.get(event.url("/standings"), headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b""
    event.play(rnd["tables"][0]["table_id"], *rita(0))  # an entry at a table
    moved = client.get(event.url("/standings"), headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.headers["ETag"] != tag
    tag = moved.headers["ETag"]
    event.post("/adjustments", {"player": 1, "points": 1, "reason": "Fair play"})
    adjusted = client.get(event.url("/standings"), headers={"If-None-Match": tag})
    assert adjusted.status_code == 200
    assert adjusted.json["rows"][0]["number"] == 1


def test_a_round_limited_to_deals_and_placing_for_rodskagg(client, director):
    event = Event(client, director, {
        "name": "Fem opp-kvällen", "game": "rodskagg", "rounds": 2, "per_round": {"deals": 1},
        "players": [{"name": n} for n in ("Anna", "Bo", "Cia", "Dan")]})
    (table,) = event.seat("standings")["tables"]
    event.play(table["table_id"], {"type": "result", "bids": ["smyga", 3, "smyga", "smyga"],
                                   "tricks": [1, 4, 1, 0]})
    rows = {r["name"]: (r["rank"], r["figures"]) for r in event.standings()["rows"]}
    assert rows == {"Bo": (1, {"placing": 3, "wins": 1, "gained": 4}),
                    "Anna": (2, {"placing": 1, "wins": 0, "gained": 0}),
                    "Cia": (2, {"placing": 1, "wins": 0, "gained": 0}),
                    "Dan": (2, {"placing": 1, "wins": 0, "gained": 0})}
    assert event.get("/watch").json["tables"][0]["status"] == "finished"


def test_an_arbitral_adjustment_is_audited_and_shown_in_the_standings(event):
    event.seat()
    response = event.post("/adjustments", {"player": 3, "points": -0.5, "round": 1,
                                           "reason": "Late for round 1"})
    assert response.status_code == 201, response.json
    adjustment = response.json
    assert (adjustment["player"], adjustment["points"], adjustment["round"]) == (3, -0.5, 1)
    entry = event.get("/audit").json[-1]
    assert entry["action"] == "adjustment" and entry["director"] == event.director["name"]
    assert entry["details"] == {"adjustment": adjustment["id"], "player": 3,
                                "name": "Spelare 3", "points": -0.5,
                                "reason": "Late for round 1", "round": 1}
    standings = event.standings()
    (three,) = [r for r in standings["rows"] if r["number"] == 3]
    assert three["figures"]["matches"] == -0.5 and three["adjustment"] == -0.5
    assert three["rank"] == 8
    assert standings["adjustments"] == [adjustment]
    assert event.get("/adjustments").json == [adjustment]
    refusal(event.post("/adjustments", {"player": 99, "points": 1, "reason": "Who?"}), 404,
            "player_not_found")
    refusal(event.post("/adjustments", {"player": 1, "points": 1, "reason": "Later",
                                        "round": 3}), 422, "round_not_seated")


def test_match_points_scoring(client, director):
    event = Event(client, director, braus_body(scoring="match_points"))
    rnd = event.seat(seed=1)
    event.play(rnd["tables"][0]["table_id"], *rita(0, 6))
    rows = event.standings()["rows"]
    assert [c["key"] for c in event.standings()["rule"]["columns"]][0] == "match_points"
    assert sorted(r["figures"]["match_points"] for r in rows) == [0, 0, 0, 0, 0, 0, 120, 120]


# --- export and import ---------------------------------------------------------------------------
def played_event(client, director) -> Event:
    event = Event(client, director, braus_body(players=9))
    rnd = event.seat("random", seed=11)
    event.play(rnd["tables"][0]["table_id"], *rita(1, 3), *rita(0, 6))
    event.play(rnd["tables"][1]["table_id"], *STOOD_OVER)
    event.post("/adjustments", {"player": 2, "points": 0.25, "reason": "Fair play award"})
    rnd = event.seat("standings", force=True)
    event.play(rnd["tables"][0]["table_id"], *rita(0, 2))
    return event


def test_the_json_export_imports_to_the_same_standings(client, director):
    event = played_event(client, director)
    standings = event.standings()
    export = event.get("/export").json
    assert export["format"] == "protokoll-tournament" and export["version"] == 1
    assert export["standings"] == standings
    first = export["rounds"][0]["tables"][0]
    assert first["protokoll"]["totals"] == [6, 3] and first["over"] is True
    assert [e["event"]["winner"] for e in first["log"]] == [1, 1, 1, 0, 0, 0, 0, 0, 0]
    assert export["rounds"][0]["tables"][1]["findings"][0]["code"] == "stood_over_with_higher"

    imported = client.post("/api/tournament-imports", json=export, headers=event.headers)
    assert imported.status_code == 201, imported.json
    assert imported.json["archived"] is True and imported.json["id"] != event.id
    again = client.get(f"/api/tournaments/{imported.json['id']}/standings").json
    assert again["rows"] == standings["rows"]
    def without_ids(adjustments):  # an import gives its adjustments ids of their own
        return [{k: v for k, v in a.items() if k != "id"} for a in adjustments]

    assert without_ids(again["adjustments"]) == without_ids(standings["adjustments"])
    assert again["progress"] == standings["progress"]
    # Exported again, the archive carries the same tables.
    archive = client.get(f"/api/tournaments/{imported.json['id']}/export",
                         headers=event.headers).json
    assert archive["rounds"] == export["rounds"]
    refusal(client.post(f"/api/tournaments/{imported.json['id']}/rounds",
                        json={"method": "random"}, headers=event.headers), 409,
            "tournament_archived")
    assert client.get(f"/api/tournaments/{imported.json['id']}/audit",
                      headers=event.headers).json[0]["action"] == "imported"


def test_an_import_that_is_not_an_export_is_refused(client, director):
    headers = bearer(director["token"])
    bad = {"format": "protokoll-tournament", "version": 2, "tournament": {}, "players": [],
           "rounds": []}
    body = refusal(client.post("/api/tournament-imports", json=bad, headers=headers), 422,
                   "invalid_export")
    assert body["details"]["field"] == "version"
    refusal(client.post("/api/tournament-imports", json={"format": "x"}, headers=headers), 400,
            "invalid_request")
    refusal(client.post("/api/tournament-imports", json=bad), 401, "token_required")


def test_the_csv_exports_read_back(client, director):
    event = played_event(client, director)
    standings = event.standings()
    response = client.get(event.url("/standings.csv"))
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert exchange.read_standings_csv(response.get_data(as_text=True)) == [
        {k: v for k, v in row.items() if k != "rounds"} for row in standings["rows"]]
    response = event.get("/protokolls.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    tables = exchange.read_protokolls_csv(response.get_data(as_text=True))
    export = event.get("/export").json
    for rnd in export["rounds"]:
        for table in rnd["tables"]:
            read = tables[(rnd["number"], table["number"])]
            assert read["table_id"] == table["table_id"]
            assert [r["totals"] for r in read["rows"]] == [
                r["totals"] for r in table["protokoll"]["rows"]]


# --- ratings -------------------------------------------------------------------------------------
def test_ratings_across_events_with_history(client, director):
    wins: dict[str, int] = {}
    for seed in (1, 2):
        event = Event(client, director, braus_body(players=4))
        (table,) = event.seat(seed=seed)["tables"]
        event.play(table["table_id"], *rita(0, 6))
        for seat in table["seats"]:
            wins[seat["name"]] = wins.get(seat["name"], 0) + (seat["side"] == 0)
    games = client.get("/api/ratings").json
    assert {"game": "braus", "title": "Bräus", "tournaments": 2} in games
    ratings = client.get("/api/ratings/braus").json
    assert ratings["model"].startswith("openskill PlackettLuce")
    assert len(ratings["players"]) == 4 and all(p["events"] == 2 for p in ratings["players"])
    key = ratings["players"][0]["key"]
    history = client.get("/api/ratings/braus/history", query_string={"player": key}).json
    assert [h["round"] for h in history["history"]] == [1, 1]
    assert history["player"]["ordinal"] == history["history"][-1]["ordinal"]
    ordinal = {p["name"]: p["ordinal"] for p in ratings["players"]}
    for a in wins:  # more matches won, a higher rating (partners and opponents alike new)
        for b in wins:
            if wins[a] > wins[b]:
                assert ordinal[a] > ordinal[b]
    # A tournament the director keeps out of the ratings does not count.
    private = Event(client, director, braus_body(players=4, rated=False))
    (table,) = private.seat()["tables"]
    private.play(table["table_id"], *rita(1, 6))
    assert client.get("/api/ratings/braus").json["players"] == ratings["players"]
    assert {"game": "braus", "title": "Bräus", "tournaments": 2} in client.get(
        "/api/ratings").json
    refusal(client.get("/api/ratings/chess"), 404, "unknown_game")
    refusal(client.get("/api/ratings/braus/history", query_string={"player": "nobody|"}), 404,
            "player_not_rated")
