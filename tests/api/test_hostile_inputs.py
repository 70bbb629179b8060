"""A hostile-input corpus thrown at every endpoint and at every game's events.

What a hostile player, a curious spectator or a broken client could send: JSON nested a
thousand levels deep, a 5,000-digit integer, a lone surrogate, NaN and Infinity, duplicate
keys, invalid UTF-8, the wrong content type, an empty body, huge strings and lists, wrong
types in every field, ``{"type": ["deal"]}`` as an event type (also inside ``correct``), a
``based_on`` of 1.5. Every operation of ``openapi.yaml`` gets them with real ids and real
credentials (a table's owner token, a director token) and without; every event type of
every game in the registry gets a wrong value in each of its fields.

The same three things are asserted for every answer: no 5xx; every refusal is the one
error shape (``code, message, messages{sv,en}, rule, details``) as JSON; and a refused
request changed nothing — every row of every table (the rate-limit counters aside, which
count refused guesses and writes on purpose) is the same before and after.
"""

from __future__ import annotations

import itertools
import json
import random
import sqlite3
from pathlib import Path

import pytest
import yaml

from api import create_app, limits
from rules_engine.registry import GAMES, get_game
from rules_engine.table_log import TableSetup, apply_game_event
from tests.conftest import TableHandle, start_table
from tests.properties.test_random_events import _event

ROOT = Path(__file__).resolve().parents[2]
SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
OPERATIONS = [(method.upper(), path) for path, ops in SPEC["paths"].items()
              for method in ops if method in ("get", "post", "patch", "delete", "put")]
_ids = itertools.count(1)

# --- what is checked for every answer ------------------------------------------------------------


def dump(path: str) -> dict[str, list[str]]:
    """Every row of every table, the rate-limit counters aside."""
    conn = sqlite3.connect(path)
    try:
        names = [row[0] for row in conn.execute(
            "select name from sqlite_master where type = 'table' "
            "and name not like 'sqlite_%' and name != 'rate_limits'")]
        return {name: sorted(repr(row) for row in conn.execute(f'select * from "{name}"'))
                for name in names}
    finally:
        conn.close()


def assert_error_shape(response) -> dict:
    assert response.mimetype == "application/json", (response.status_code, response.data[:200])
    body = json.loads(response.data)
    assert set(body) == {"code", "message", "messages", "rule", "details"}, body
    assert isinstance(body["code"], str) and body["code"]
    assert set(body["messages"]) == {"sv", "en"} and all(body["messages"].values())
    assert body["message"] in body["messages"].values()
    assert isinstance(body["details"], dict)
    return body


class Checker:
    """Sends a request and checks the three promises; keeps count of what it saw.

    The database is dumped again only when something was committed since the last dump
    (SQLite's ``PRAGMA data_version`` moves on every commit by another connection), so a
    refusal that committed anything at all is compared row by row with the dump before."""

    def __init__(self, client, db_path: str):
        self.client = client
        self.db_path = db_path
        self.statuses: dict[int, int] = {}
        self.watch = sqlite3.connect(db_path)
        self.version = self._version()
        self.rows = dump(db_path)

    def _version(self) -> int:
        return self.watch.execute("pragma data_version").fetchone()[0]

    def close(self) -> None:
        # Closed, not left to the garbage collector: a sqlite3 connection is in a reference
        # cycle with its statement cache, so dropping it closes nothing until a collection,
        # and a connection left open keeps SQLite from closing other connections'
        # descriptors to the file (api.db.Pool).
        self.watch.close()

    def send(self, method: str, url: str, **kwargs):
        if self._version() != self.version:  # written outside the checker (set-up)
            self.version, self.rows = self._version(), dump(self.db_path)
        response = self.client.open(url, method=method, **kwargs)
        self.statuses[response.status_code] = self.statuses.get(response.status_code, 0) + 1
        where = f"{method} {url[:120]} {str(kwargs)[:300]}"
        assert response.status_code < 500, (where, response.data[:500])
        if response.status_code >= 400:
            assert_error_shape(response)
        version = self._version()
        if version != self.version:
            rows = dump(self.db_path)
            if response.status_code >= 400:
                assert rows == self.rows, f"a refusal changed the database: {where}"
            self.version, self.rows = version, rows
        return response


@pytest.fixture
def checkers():
    """Makes checkers (``Checker``) and closes them after the test."""
    made: list[Checker] = []

    def make(client, db_path: str) -> Checker:
        made.append(Checker(client, db_path))
        return made[-1]
    yield make
    for checker in made:
        checker.close()


@pytest.fixture
def check(world, checkers):
    return checkers(world["client"], world["db"])


# --- the world the requests act on -----------------------------------------------------------


def seated_tournament(client, auth: dict[str, str]) -> dict:
    """A Rödskägg tournament of eight players, its first round seated."""
    tournament = client.post("/api/tournaments", headers=auth, json={
        "name": "Cupen", "game": "rodskagg", "rounds": 2,
        "players": [{"name": f"Spelare {n}"} for n in range(1, 9)]}).json
    seated = client.post(f"/api/tournaments/{tournament['id']}/rounds", headers=auth,
                         json={"method": "random", "seed": 1})
    assert seated.status_code == 201, seated.json
    return tournament


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    db_path = str(tmp_path_factory.mktemp("hostile") / "hostile.sqlite")
    # Generous limits: the corpus sends thousands of requests from one address.
    app = create_app({"DATABASE": db_path, "WRITE_RATE_LIMIT": 0,
                      "FAILED_ACCESS_LIMIT": 1_000_000,
                      "FAILED_ACCESS_TABLE_LIMIT": 1_000_000})
    client = app.test_client()
    table = start_table(client)
    joined = client.post("/api/join", json={"code": table.join_code, "device_name": "Bo"}).json
    director = client.post("/api/directors", json={"name": "Ledaren"}).json
    auth = {"Authorization": f"Bearer {director['token']}"}
    tournament = seated_tournament(client, auth)
    export = client.get(f"/api/tournaments/{tournament['id']}/export", headers=auth).json
    return {"app": app, "client": client, "db": db_path, "table": table,
            "device_id": joined["device_id"], "director": director, "auth": auth,
            "tournament": tournament["id"], "export": export}


def _url(path: str, world: dict) -> str:
    return (path.replace("{table_id}", world["table"].id)
            .replace("{device_id}", world["device_id"])
            .replace("{tournament_id}", world["tournament"])
            .replace("{number}", "1").replace("{game_id}", "game800")
            .replace("{game}", "rodskagg"))


def _credentials(path: str, world: dict) -> list[dict[str, str]]:
    if path.startswith("/api/tables/"):
        return [world["table"].headers, {}]
    if path.startswith("/api/watch"):
        return [{"X-Spectator-Key": world["table"].spectator_key}, {}]
    return [world["auth"], {}]


def _valid_body(method: str, path: str, world: dict) -> dict:
    """A body that fits the operation, to be spoiled one field at a time."""
    return {
        ("POST", "/api/tables"): {"game": "rodskagg", "players": ["Anna", "Bo", "Cia"]},
        ("POST", "/api/join"): {"code": world["table"].join_code, "device_name": "Cia"},
        ("POST", "/api/directors"): {"name": "Ledare"},
        ("POST", "/api/tables/{table_id}/events"): {
            "based_on": world["table"].seq, "client_event_id": "hostile",
            "event": {"type": "result", "bids": ["smyga", 3, "smyga", "smyga"],
                      "tricks": [1, 4, 1, 0]}},
        ("POST", "/api/tournaments"): {
            "name": "Cupen", "game": "rodskagg", "rounds": 2,
            "players": [{"name": f"Spelare {n}"} for n in range(1, 9)]},
        ("POST", "/api/tournaments/{tournament_id}/rounds"): {"method": "random", "seed": 2},
        ("PATCH", "/api/tournaments/{tournament_id}/players/{number}"): {"withdrawn": False},
        ("POST", "/api/tournaments/{tournament_id}/adjustments"): {
            "player": 1, "points": 1, "reason": "Test"},
        ("POST", "/api/tournaments/{tournament_id}/reviews"): {
            "table_id": "x", "finding": "0:x:0"},
        ("POST", "/api/tournament-imports"): world["export"],
        ("POST", "/api/games/{game_id}/declarations/validate"): {
            "cards": ["♠K ♠Q"], "combinations": []},
        ("POST", "/api/games/{game_id}/declarations/best"): {"cards": ["♠K ♠Q"]},
    }.get((method, path), {})


# --- the corpus ----------------------------------------------------------------------------------
JSON = "application/json"
RAW_BODIES = [
    ("nested 1,000 deep (arrays)", b"[" * 1000 + b"]" * 1000, JSON),
    ("nested 1,000 deep (objects)", b'{"a":' * 1000 + b"1" + b"}" * 1000, JSON),
    ("nested just past the limit", b"[" * (limits.MAX_JSON_DEPTH + 1)
     + b"]" * (limits.MAX_JSON_DEPTH + 1), JSON),
    ("an integer of 5,000 digits", b'{"based_on": ' + b"9" * 5000 + b"}", JSON),
    ("an integer past 2**53", b'{"based_on": 9007199254740993}', JSON),
    ("a lone surrogate", b'{"name": "\\ud800", "players": ["A\\udfff", "B", "C"]}', JSON),
    ("a lone surrogate as a key", b'{"\\ud800": 1}', JSON),
    ("NaN", b'{"based_on": NaN, "points": NaN}', JSON),
    ("Infinity", b'{"based_on": Infinity, "points": -Infinity}', JSON),
    ("1e999", b'{"points": 1e999}', JSON),
    ("duplicate keys", b'{"name": "A", "name": "B"}', JSON),
    ("invalid UTF-8", b'{"name": "\xff\xfe\xc3"}', JSON),
    ("UTF-16", '{"name": "A"}'.encode("utf-16"), JSON),
    ("truncated", b'{"name": "A', JSON),
    ("empty body", b"", JSON),
    ("a JSON array", b"[]", JSON),
    ("a JSON string", b'"x"', JSON),
    ("a JSON number", b"1", JSON),
    ("null", b"null", JSON),
    ("JSON as text/plain", b'{"name": "A"}', "text/plain"),
    ("a form", b"name=A&players=B", "application/x-www-form-urlencoded"),
    ("no content type", b'{"name": "A"}', None),
    ("a huge string", b'{"name": "' + b"x" * (limits.MAX_JSON_STRING + 1) + b'"}', JSON),
    ("a huge list", b'{"players": [' + b",".join([b'"x"'] * (limits.MAX_JSON_ITEMS + 1))
     + b"]}", JSON),
    ("a body past the size limit", b'{"name": "' + b"x" * limits.MAX_BODY_BYTES + b'"}', JSON),
    ("control characters", b'{"name": "\\u0000\\u0007\\u001b[31m"}', JSON),
]

BAD_VALUES = [None, True, False, 0, -1, 1.5, -0.0, 2**53 - 1, "", " ", "x" * 5000,
              "\u0000", "\u202e", "=HYPERLINK(\"http://x\")", [], {}, [None], [[[]]],
              {"type": ["deal"]}, ["deal"] * 100]


def test_every_endpoint_refuses_every_kind_of_body_cleanly(world, check):
    for (method, path), (label, body, content_type) in itertools.product(
            OPERATIONS, RAW_BODIES):
        if method == "GET":
            continue
        for headers in _credentials(path, world):
            kwargs = {"data": body, "headers": headers}
            if content_type:
                kwargs["content_type"] = content_type
            response = check.send(method, _url(path, world), **kwargs)
            if label.startswith(("nested", "an integer", "a lone", "NaN", "Infinity",
                                 "1e999", "duplicate", "invalid UTF", "a huge")) \
                    and method in ("POST", "PATCH"):
                assert response.status_code == 400, (label, method, path, response.json)
    assert 413 in check.statuses and 415 in check.statuses


@pytest.mark.parametrize("method,path", [op for op in OPERATIONS if op[0] != "GET"],
                         ids=lambda x: str(x))
def test_wrong_types_in_every_field(world, check, method, path):
    valid = _valid_body(method, path, world)
    for name, bad in itertools.product(list(valid) + ["unknown_field"], BAD_VALUES):
        body = {**valid, name: bad}
        for headers in _credentials(path, world):
            check.send(method, _url(path, world), json=body, headers=headers)


def test_based_on_must_be_a_whole_number(world, check):
    table = world["table"]
    for based_on in (1.5, 0.0, "0", True, -1, None):
        response = check.send("POST", f"/api/tables/{table.id}/events", headers=table.headers,
                              json={"based_on": based_on, "client_event_id": "f",
                                    "event": {"type": "result", "bids": ["smyga"] * 4,
                                              "tricks": [1, 4, 1, 0]}})
        assert response.status_code == 400, (based_on, response.json)
        assert response.json["code"] == "invalid_request"


def test_reads_with_hostile_paths_queries_and_headers(world, check):
    table = world["table"]
    for method, path in OPERATIONS:
        if method != "GET":
            continue
        url = _url(path, world)
        for headers in _credentials(path, world) + [
                {"X-Join-Code": "\u00ff" * 50}, {"X-Spectator-Key": "x" * 5000},
                {"Authorization": "Bearer " + "x" * 5000}, {"Authorization": "Basic Og=="},
                {"Accept": "text/csv"}, {"Accept-Language": "xx;q=NaN"}]:
            for query in ("", "?format=xml", "?lang=\u00ff", "?round=1.5", "?round=99999999999",
                          "?player=" + "x" * 300, "?format=csv&format=json",
                          "?code=%ED%A0%80", "?spectator_key=%00", "?unknown=1"):
                check.send("GET", url + query, headers=headers)
        check.send("GET", url + "?x=" + "y" * limits.MAX_URL_BYTES)
    for hostile_id in ("%ED%A0%80", "x" * 300, "%00", "..%2F..", "\u00e5"):
        for path in ("/api/tables/{id}", "/api/tables/{id}/events", "/api/tournaments/{id}",
                     "/api/ratings/{id}", "/api/games/{id}"):
            check.send("GET", path.replace("{id}", hostile_id), headers=table.headers)
    # The live stream (not in the spec: it is text/event-stream) and the app's pages.
    for headers in ({"X-Join-Code": "ZZZZZZ"}, {"X-Spectator-Key": "\u00ff" * 100},
                    {"Authorization": "Bearer x"}, {}):
        response = check.send("GET", f"/api/tables/{table.id}/stream", headers=headers)
        assert response.status_code in (401, 403)
    for path in ("/api/tables/%ED%A0%80/stream", "/api/nothing", "/%ED%A0%80", "/sw.js?x=\0",
                 "/" + "x" * 300, "/" + "x" * 300 + ".js", "/x%00.js", "/api/tables"):
        check.send("GET", path)
    for method in ("PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"):
        check.send(method, "/api/games", data=b'{"a": 1}', content_type=JSON)
    long = check.send("GET", "/api/games?x=" + "y" * limits.MAX_URL_BYTES)
    assert (long.status_code, long.json["code"]) == (414, "uri_too_long")


def _plausible(kind: str, game, n: int):
    card = str(game.DECK.cards[0])
    return {"seat": 0, "seats": [0], "card": card, "cards": [card], "bool": True, "int": 1,
            "str": "x", "list": [0] * n, "value": 1}.get(
        kind, kind.split(":", 1)[1].split("|")[0] if kind.startswith("choice:") else 1)


EVENT_BAD_VALUES = [None, True, -1, 99, 1.5, "", "x" * 600, "\u0000", [], {}, [None],
                    [-1], [1.5], ["x"], [{}], [[0]], {"a": 1}, ["♠A"] * 60, [0] * 60]


def _first_event(game, n: int, seed: int) -> dict:
    """An entry the engine accepts as the table's first, drawn as the property tests draw."""
    rnd = random.Random(seed)
    setup = TableSetup(game.ID, tuple(f"P{i}" for i in range(n)))
    state = setup.new_state()
    for _ in range(5000):
        event = _event(rnd, game, state, n)
        try:
            apply_game_event(setup, state, json.loads(json.dumps(event)))
            return json.loads(json.dumps(event))
        except Exception:  # noqa: BLE001 - refusals: draw again
            continue
    raise AssertionError(f"no first event for {game.ID}")


@pytest.mark.parametrize("game_id", [game.ID for game in GAMES])
def test_every_game_refuses_every_wrong_field_cleanly(world, check, game_id):
    game = get_game(game_id)
    n = game.MIN_PLAYERS
    client = world["client"]
    table = start_table(client, game=game_id, players=[f"Spelare {i}" for i in range(n)])
    first = _first_event(game, n, seed=len(game_id))
    assert table.post(first).status_code == 201

    def post(event: dict):
        response = check.send("POST", f"/api/tables/{table.id}/events", headers=table.headers,
                              json={"based_on": table.seq,
                                    "client_event_id": f"h-{next(_ids)}", "event": event})
        if response.status_code == 201:
            table.seq = response.json["entry"]["seq"]
        return response

    for bad_type in (["deal"], {"type": "deal"}, {}, None, 1, True, "", "x" * 1000, "undo "):
        events = [{"type": bad_type},
                  {"type": "correct", "target": 1, "event": {"type": bad_type}}]
        if not isinstance(bad_type, dict):  # not an event after all
            events.append({"type": "correct", "target": 1, "event": bad_type})
        if bad_type != 1:  # True is no event number either
            events.append({"type": "undo", "target": bad_type})
        for event in events:
            response = post(event)
            assert response.status_code in (400, 422), (event, response.json)
    for event_type, spec in game.EVENTS.items():
        fields = {**spec.required, **spec.optional}
        valid = {"type": event_type, **{name: _plausible(kind, game, n)
                                        for name, kind in spec.required.items()}}
        for name, bad in itertools.product(list(fields) + ["extra"], EVENT_BAD_VALUES):
            post({**valid, name: bad})


def test_lone_surrogate_in_a_player_name_writes_no_table(world, check):
    """It once committed the table and then failed to answer (500). The checker compares
    every row before and after."""
    for headers in ({}, world["auth"]):
        response = check.send("POST", "/api/tables", headers=headers, data=json.dumps(
            {"game": "rodskagg", "players": ["Anna\ud800", "Bo", "Cia"]}), content_type=JSON)
        assert (response.status_code, response.json["code"]) == (400, "invalid_text")


def test_a_fresh_app_answers_5xx_for_nothing_in_the_corpus(tmp_path, checkers):
    """The same corpus on a fresh server without any table: every refusal is clean too."""
    app = create_app({"DATABASE": str(tmp_path / "fresh.sqlite")})
    check = checkers(app.test_client(), str(tmp_path / "fresh.sqlite"))
    for (method, path), (_label, body, content_type) in itertools.product(
            OPERATIONS, RAW_BODIES):
        url = path.replace("{", "").replace("}", "")
        kwargs = {"data": body} if method != "GET" else {}
        if content_type and method != "GET":
            kwargs["content_type"] = content_type
        check.send(method, url, **kwargs)


@pytest.mark.parametrize("body,content_type,status,code", [
    (b"[" * 1000 + b"]" * 1000, JSON, 400, "json_too_deep"),
    (b'{"based_on": ' + b"9" * 5000 + b"}", JSON, 400, "number_too_large"),
    (b'{"based_on": -9007199254740992}', JSON, 400, "number_too_large"),
    (b'{"players": ["\\ud800"]}', JSON, 400, "invalid_text"),
    (b'{"based_on": NaN}', JSON, 400, "number_not_finite"),
    (b'{"based_on": -Infinity}', JSON, 400, "number_not_finite"),
    (b'{"based_on": 1e999}', JSON, 400, "number_not_finite"),
    (b'{"game": "rodskagg", "game": "800"}', JSON, 400, "duplicate_key"),
    (b'{"game": "r\xf6dsk\xe4gg"}', JSON, 400, "malformed_json"),
    (b'{"game": ', JSON, 400, "malformed_json"),
    (b'{"game": "' + b"x" * (limits.MAX_JSON_STRING + 1) + b'"}', JSON, 400, "text_too_long"),
    (b"[" + b",".join([b"1"] * (limits.MAX_JSON_ITEMS + 1)) + b"]", JSON, 400,
     "too_many_items"),
    (b'{"game": "rodskagg"}', "text/plain", 415, "unsupported_media_type"),
    (b"x" * (limits.MAX_BODY_BYTES + 1), JSON, 413, "request_too_large"),
], ids=lambda v: v if isinstance(v, str) and len(v) < 40 else None)
def test_each_kind_has_its_code(tmp_path, checkers, body, content_type, status, code):
    app = create_app({"DATABASE": str(tmp_path / "codes.sqlite")})
    check = checkers(app.test_client(), str(tmp_path / "codes.sqlite"))
    response = check.send("POST", "/api/tables", data=body, content_type=content_type,
                          headers={"Accept-Language": "sv"})
    assert (response.status_code, response.json["code"]) == (status, code)
    assert response.json["message"] == response.json["messages"]["sv"]
    # The limits at their edge are taken: 32 levels, 2**53 - 1.
    ok = check.send("POST", "/api/declarations-nowhere", data=b"[" * 32 + b"]" * 32,
                    content_type=JSON)
    assert ok.status_code == 404
    edge = check.send("POST", "/api/tables", json={
        "game": "rodskagg", "players": ["A", "B", "C"], "first_dealer": 2**53 - 1})
    assert (edge.status_code, edge.json["code"]) == (400, "invalid_request")
