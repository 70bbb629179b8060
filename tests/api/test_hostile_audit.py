"""An adversarial audit of what the hostile-input corpus did not reach.

``test_hostile_inputs.py`` and ``test_hostile_events.py`` throw junk at every field, body,
query string and path of the spec through the Flask test client. What they missed, each
found by trying it and each a test here:

- a path number past SQLite's 64-bit integers (``…/rounds/9223372036854775808/close``)
  reached a query and failed there (500);
- conditional and range headers on the catalog, the app's files and the standings
  (``If-Match``, ``Range``) were answered 412 with the whole body, or 416 with English
  words in the Swedish message, not in the one error shape; ``If-Match: *`` (any version)
  was a 412 where the resource is the answer, and a 416 did not say the length it has
  (``Content-Range: bytes */N``);
- through the real server (gunicorn), a chunked body with a broken chunk size failed inside
  the body's reading (500), and a chunked body past the size limit was cut at the limit
  without a word and refused as malformed JSON instead of as too large;
- a body sent with a ``Content-Encoding`` (gzip, br) was read as if it had none: plain JSON
  labelled gzip was accepted, real gzip refused as "not valid UTF-8".

Every refusal is checked against the one error shape (``code, message, messages{sv,en},
rule, details``) as JSON, and against the database: a refusal writes nothing.
"""

from __future__ import annotations

import gzip
import io
import json
import socket
import sqlite3

import pytest

from api import create_app, limits
from tests.api.test_gunicorn import served
from tests.api.test_hostile_inputs import assert_error_shape, dump, seated_tournament
from tests.api.test_tournaments import braus_body
from tests.conftest import make_director, start_table

RESULT = {"type": "result", "bids": ["smyga", 3, "smyga", "smyga"], "tricks": [1, 4, 1, 0]}


@pytest.fixture
def world(tmp_path):
    """A table, a director and a seated tournament round on a fresh file."""
    db = str(tmp_path / "audit.sqlite")
    app = create_app({"DATABASE": db, "TESTING": True})
    client = app.test_client()
    table = start_table(client)
    director = make_director(client)
    auth = {"Authorization": f"Bearer {director['token']}"}
    tournament = seated_tournament(client, auth)
    return {"client": client, "db": db, "table": table, "auth": auth,
            "tournament": tournament["id"]}


def refused_cleanly(response, status: int, code: str) -> dict:
    assert response.status_code == status, (response.status_code, response.data[:300])
    body = assert_error_shape(response)
    assert body["code"] == code, body
    return body


# --- path numbers ---------------------------------------------------------------------------------

@pytest.mark.parametrize("number", [str(2**63), str(2**64), "9" * 30,
                                    str(limits.MAX_JSON_INTEGER + 1)])
def test_a_round_or_player_number_past_the_integer_limit_is_not_found(world, number):
    """``POST …/rounds/{n}/close`` with n past 2**63 - 1 reached SQLite (OverflowError,
    500). A path number past the API's integer limit names nothing: 404 in the shape, and
    nothing written (closing is audited, so a write would show)."""
    client, tid, auth = world["client"], world["tournament"], world["auth"]
    before = dump(world["db"])
    for method, url in (("POST", f"/api/tournaments/{tid}/rounds/{number}/close"),
                        ("GET", f"/api/tournaments/{tid}/rounds/{number}"),
                        ("PATCH", f"/api/tournaments/{tid}/players/{number}")):
        kwargs = {"json": {"withdrawn": True}} if method == "PATCH" else {}
        response = client.open(url, method=method, headers=auth, **kwargs)
        assert response.status_code == 404, (method, url, response.data[:300])
        assert_error_shape(response)
    assert dump(world["db"]) == before


def test_a_round_number_at_the_limit_is_still_read_as_a_round(world):
    """The bound is the API's integer limit, not smaller: 2**53 - 1 is a round number the
    route reads (and refuses as a round not seated, with its own code)."""
    client, tid, auth = world["client"], world["tournament"], world["auth"]
    response = client.post(f"/api/tournaments/{tid}/rounds/{limits.MAX_JSON_INTEGER}/close",
                           headers=auth)
    refused_cleanly(response, 404, "round_not_found")
    assert client.post(f"/api/tournaments/{tid}/rounds/1/close",
                       headers=auth).status_code == 200


# --- conditional and range headers ----------------------------------------------------------------

def _conditional_urls(world) -> list[tuple[str, dict[str, str]]]:
    return [("/api/games", {}), ("/api/games/rodskagg", {}), ("/style.css", {}),
            ("/js/app.js", {}), ("/", {}),
            (f"/api/tournaments/{world['tournament']}/standings", {})]


@pytest.mark.parametrize("header", [{"If-Match": '"not-this-one"'},
                                    {"If-Match": '"a", "b"'},
                                    {"If-Match": 'W/"weak"'}])
def test_a_failed_if_match_is_a_412_in_the_error_shape(world, header):
    """werkzeug's ``make_conditional`` answered 412 with the whole body (the catalog, a
    JavaScript file): a refusal that is not the error shape."""
    for url, extra in _conditional_urls(world):
        for method in ("GET", "HEAD"):
            response = world["client"].open(url, method=method, headers={**header, **extra})
            if method == "HEAD":
                assert response.status_code == 412 and not response.data, url
                continue
            body = refused_cleanly(response, 412, "precondition_failed")
            assert "If-Match" in body["messages"]["en"] and "If-Match" in body["messages"]["sv"]
    # A matching If-Match is no refusal: the body as usual.
    games = world["client"].get("/api/games")
    again = world["client"].get("/api/games", headers={"If-Match": games.headers["ETag"]})
    assert again.status_code == 200 and again.data == games.data


@pytest.mark.parametrize("accept", ["identity", "gzip"])
def test_if_match_any_version_is_the_resource_as_usual(world, accept):
    """``If-Match: *`` holds for every resource that exists (RFC 9110 §13.1.1); werkzeug
    read ``*`` as a tag that matched nothing and answered 412. Compressed or not, the
    answer is the one without the header, and a missing resource is still a 404."""
    for url, extra in _conditional_urls(world):
        headers = {"Accept-Encoding": accept, **extra}
        plain = world["client"].get(url, headers=headers)
        starred = world["client"].get(url, headers={**headers, "If-Match": "*"})
        assert plain.status_code == 200, url
        assert starred.status_code == 200 and starred.data == plain.data, url
        assert starred.headers.get("ETag") == plain.headers.get("ETag"), url
    missing = world["client"].get("/api/games/no-such-game", headers={"If-Match": "*"})
    refused_cleanly(missing, 404, "unknown_game")


@pytest.mark.parametrize("value", ["bytes=x", "bytes=999999999-", "bytes=0-0,5-6",
                                   "bytes=--1"])
def test_an_unsatisfiable_range_is_a_416_in_swedish_and_english(world, value):
    """A Range an app file cannot satisfy was 416 ``http_error`` with werkzeug's English
    name as the Swedish message too."""
    for url in ("/style.css", "/js/app.js", "/"):
        response = world["client"].get(url, headers={"Range": value})
        body = refused_cleanly(response, 416, "range_not_satisfiable")
        assert body["messages"]["sv"] != body["messages"]["en"]
        # What may be asked for (RFC 9110 §15.5.17): the file's whole length.
        whole = world["client"].get(url, headers={"Accept-Encoding": "identity"})
        assert response.headers["Content-Range"] == f"bytes */{len(whole.data)}", url
    # A satisfiable range is still served (the app's files are static files).
    part = world["client"].get("/style.css", headers={"Range": "bytes=0-9"})
    assert part.status_code == 206 and len(part.data) == 10


def test_no_http_error_answers_in_english_for_swedish(world):
    """Whatever status werkzeug raises, the Swedish message is Swedish: the fallback for a
    status without words of its own is no longer werkzeug's English name."""
    from werkzeug.exceptions import HTTPException, default_exceptions

    app = world["client"].application
    api = app.extensions["protokoll_api"]
    for status, exception in default_exceptions.items():
        if status >= 500 or not issubclass(exception, HTTPException):
            continue
        with app.test_request_context("/api/games", headers={"Accept-Language": "sv"}):
            body, got, _headers = api.handle_http_exception(exception())
        assert got == status
        assert body["messages"]["sv"] != exception().name, (status, body)
        assert body["message"] == body["messages"]["sv"]


# --- the body's encoding -----------------------------------------------------------------------------

@pytest.mark.parametrize("coding", ["gzip", "br", "deflate", "x-unknown", "gzip, identity"])
def test_a_body_with_a_content_encoding_is_refused(world, coding):
    """Plain JSON labelled ``Content-Encoding: gzip`` was accepted as it was; real gzip
    was refused as "not valid UTF-8". The API reads identity bodies only: 415 (RFC 9110
    §15.5.16) with its own code, before anything is written."""
    client, table = world["client"], world["table"]
    before = dump(world["db"])
    plain = json.dumps({"based_on": 0, "client_event_id": "enc", "event": RESULT}).encode()
    for body in (plain, gzip.compress(plain)):
        response = client.post(f"/api/tables/{table.id}/events", data=body,
                               content_type="application/json",
                               headers={**table.headers, "Content-Encoding": coding})
        refused = refused_cleanly(response, 415, "unsupported_content_encoding")
        assert refused["details"] == {"content_encoding": coding}
    response = client.post("/api/tables", data=json.dumps(
        {"game": "rodskagg", "players": ["A", "B", "C"]}).encode(),
        content_type="application/json", headers={"Content-Encoding": coding})
    refused_cleanly(response, 415, "unsupported_content_encoding")
    assert dump(world["db"]) == before


def test_identity_and_no_body_are_no_encoding(world):
    client, table = world["client"], world["table"]
    response = client.post(f"/api/tables/{table.id}/events",
                           json={"based_on": 0, "client_event_id": "id", "event": RESULT},
                           headers={**table.headers, "Content-Encoding": "identity"})
    assert response.status_code == 201, response.json
    # A bodiless request's Content-Encoding says nothing (a GET through a proxy).
    assert table.get(headers={**table.headers, "Content-Encoding": "gzip"}).status_code == 200


CHUNKED = {"Transfer-Encoding": "chunked"}  # no Content-Length: the stream says where it ends


def test_a_streamed_body_past_the_limit_is_too_large_not_malformed(world):
    """A body without a Content-Length (chunked, as the server hands it on: the stream is
    terminated) was cut at the limit without a word: a body past 256 KiB was refused
    ``malformed_json`` (its first 256 KiB are no JSON), not ``request_too_large``."""
    client = world["client"]
    big = b'{"name": "' + b"x" * (limits.MAX_BODY_BYTES + 10) + b'"}'
    before = dump(world["db"])
    response = client.post("/api/directors", input_stream=io.BytesIO(big),
                           content_type="application/json", headers=CHUNKED,
                           environ_overrides={"wsgi.input_terminated": True})
    refused_cleanly(response, 413, "request_too_large")
    # Exactly at the limit is taken, as with a Content-Length.
    name = json.dumps({"name": "Ledaren"}).encode()
    edge = name[:-1] + b" " * (limits.MAX_BODY_BYTES - len(name)) + b"}"
    assert len(edge) == limits.MAX_BODY_BYTES
    response = client.post("/api/directors", input_stream=io.BytesIO(edge),
                           content_type="application/json", headers=CHUNKED,
                           environ_overrides={"wsgi.input_terminated": True})
    assert response.status_code == 201, response.json
    assert len(dump(world["db"])["directors"]) == len(before["directors"]) + 1


# --- through the real server ----------------------------------------------------------------------

def _raw(url: str, data: bytes) -> tuple[int, dict[str, str], bytes]:
    host, port = url.rsplit("/", 1)[1].split(":")
    answer = b""
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        try:
            sock.sendall(data)
        except OSError:  # the server answered and closed before the whole body was sent
            pass
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v for k, v in (line.split(": ", 1) for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


def _chunked(body: bytes, size: int) -> bytes:
    out = b"".join(b"%x\r\n" % len(body[i:i + size]) + body[i:i + size] + b"\r\n"
                   for i in range(0, len(body), size))
    return out + b"0\r\n\r\n"


def _post(path: str, extra: bytes = b"") -> bytes:
    return (b"POST " + path.encode() + b" HTTP/1.1\r\nHost: h\r\nConnection: close\r\n"
            b"Content-Type: application/json\r\n" + extra)


def _shape(headers: dict[str, str], body: bytes) -> dict:
    assert headers["content-type"] == "application/json", (headers, body[:200])
    data = json.loads(body)
    assert set(data) == {"code", "message", "messages", "rule", "details"}
    assert set(data["messages"]) == {"sv", "en"} and all(data["messages"].values())
    return data


def test_chunked_bodies_through_gunicorn(tmp_path):
    """The HTTP layer of ``protokoll serve``: a chunked post is read as one with a length;
    a broken chunk size (once a 500 from inside the body's reading), and a chunked body
    past the limit (once ``malformed_json``), are refused in the shape; a labelled
    content coding is refused; and none of them writes anything."""
    director = json.dumps({"name": "Ledaren"}).encode()
    big = b'{"name": "' + b"x" * (limits.MAX_BODY_BYTES + 10) + b'"}'
    with served(tmp_path) as url:
        status, headers, body = _raw(url, _post("/api/directors", b"Transfer-Encoding: "
                                                b"chunked\r\n\r\n") + _chunked(director, 5))
        assert status == 201, body
        db = str(tmp_path / "g.sqlite")
        before = dump(db)
        cases = [
            (_post("/api/directors", b"Transfer-Encoding: chunked\r\n\r\n")
             + b"zz\r\nabc\r\n0\r\n\r\n", 400, "bad_request"),
            (_post("/api/directors", b"Transfer-Encoding: chunked\r\n\r\n")
             + b"3\r\nabcdef\r\n0\r\n\r\n", 400, "bad_request"),
            (_post("/api/directors", b"Transfer-Encoding: chunked\r\n\r\n")
             + _chunked(big, 60_000), 413, "request_too_large"),
            (_post("/api/directors", b"Content-Encoding: gzip\r\nContent-Length: %d\r\n\r\n"
                   % len(director)) + director, 415, "unsupported_content_encoding"),
        ]
        for request, want_status, want_code in cases:
            status, headers, body = _raw(url, request)
            assert status == want_status, (request[:120], status, body[:300])
            assert _shape(headers, body)["code"] == want_code
        assert dump(db) == before


# --- the log: replays, undo and corrections -------------------------------------------------------

def test_undo_and_correct_pointing_at_nonsense_are_refused_with_the_rule(world):
    """Targets that are no game entry — zero, below zero, the undo's own seq, the future, a
    correction, an undo, an entry already undone — and a correction of a correction are
    refused with the log's rule; nothing is written."""
    from tests.conftest import refused
    table = world["table"]
    table.ok(RESULT)                                                 # 1
    table.ok({"type": "correct", "target": 1, "event": RESULT})      # 2: a correction
    table.ok({"type": "deal"})                                       # 3
    table.ok({"type": "undo", "target": 3})                          # 4: an undo
    rule = "Protokollet — rättelser"
    for target in (0, -1, table.seq + 1, table.seq + 1000, limits.MAX_JSON_INTEGER, 2, 3, 4):
        refused(table, {"type": "undo", "target": target}, 422, "nothing_to_correct", rule)
        refused(table, {"type": "correct", "target": target, "event": RESULT}, 422,
                "nothing_to_correct", rule)
    for inner in ({"type": "correct", "target": 1, "event": RESULT},
                  {"type": "undo", "target": 1}):
        refused(table, {"type": "correct", "target": 1, "event": inner}, 422,
                "nothing_to_correct", rule)
    for target in (1.0, "1", True, None, [1]):
        refused(table, {"type": "undo", "target": target}, 400, "malformed_event", rule)


def test_a_retry_across_an_undo_is_answered_once_and_a_new_event_under_its_id_is_not(world):
    """A phone that lost the answer to its post retries after another phone undid it: the
    retry is answered as the first time (the entry stays undone, nothing is appended);
    the same id with another event, or from another device, is 409 and writes nothing."""
    client, table = world["client"], world["table"]
    first = table.post(RESULT, client_event_id="phone-1")
    assert first.status_code == 201
    table.undo_last()
    log_before = table.log()
    retry = table.post(RESULT, based_on=0, client_event_id="phone-1")
    assert retry.status_code == 201
    assert retry.json["entry"] == first.json["entry"]
    assert table.log() == log_before
    other = table.post({"type": "deal"}, based_on=table.seq, client_event_id="phone-1")
    refused_cleanly(other, 409, "client_event_id_reused")
    joined = client.post("/api/join", json={"code": table.join_code,
                                            "device_name": "Bos telefon"}).json
    stolen = table.post(RESULT, based_on=0, client_event_id="phone-1",
                        headers={"Authorization": f"Bearer {joined['token']}"})
    refused_cleanly(stolen, 409, "client_event_id_reused")
    assert table.log() == log_before


@pytest.mark.parametrize("based_on", [1, 1000, limits.MAX_JSON_INTEGER])
def test_a_post_based_on_the_future_is_stale_and_says_where_the_table_is(world, based_on):
    table = world["table"]
    log_before = table.log()
    body = refused_cleanly(table.post(RESULT, based_on=based_on), 409, "stale_sequence")
    assert body["details"]["seq"] == 0 and body["details"]["based_on"] == based_on
    assert table.log() == log_before


def test_the_database_check_sees_a_write(world):
    """The dump the refusals are compared with shows a write (so the checks above can
    fail): a closed round is written, and audited."""
    before = dump(world["db"])
    response = world["client"].post(f"/api/tournaments/{world['tournament']}/rounds/1/close",
                                    headers=world["auth"])
    assert response.status_code == 200
    assert dump(world["db"]) != before
    conn = sqlite3.connect(world["db"])
    try:
        assert conn.execute("select count(*) from tournament_rounds where closed_at is not "
                            "null").fetchone()[0] == 1
    finally:
        conn.close()


# --- a tournament import from a rival club ---------------------------------------------------------

def _spoil(doc: dict, path: tuple, value) -> dict:
    import copy
    doc = copy.deepcopy(doc)
    here = doc
    for step in path[:-1]:
        here = here[step]
    here[path[-1]] = value
    return doc


ADJUSTMENT = {"id": "a1", "player": 1, "points": 1, "reason": "Sen ankomst"}


@pytest.mark.parametrize("path,value", [
    (("players", 0, "number"), "9" * 30),          # int("9"*30): past SQLite's integers
    (("rounds", 0, "number"), "9" * 30),           # a 500 at the round's insert
    (("rounds", 0, "tables", 0, "seq"), "9" * 30),
    (("rounds", 0, "seed"), "1"),
    (("adjustments",), [{**ADJUSTMENT, "player": "9" * 30}]),  # a 500 at the insert
    (("adjustments",), [{**ADJUSTMENT, "points": "nan"}]),     # standings never readable
    (("adjustments",), [{**ADJUSTMENT, "points": "inf"}]),     # NaN/Infinity in the export
    (("adjustments",), [{**ADJUSTMENT, "points": 10**6}]),
    (("adjustments",), [{**ADJUSTMENT, "player": 999}]),       # nobody of the tournament
    (("adjustments",), [{**ADJUSTMENT, "round": {"a": 1}}]),
    (("adjustments",), [{**ADJUSTMENT, "round": 99}]),
    (("players", 0, "withdrawn"), "false"),        # bool("false") withdrew the player
    (("tournament", "rounds"), "9" * 30),
    (("tournament", "name"), "x" * 5000),
    (("tournament", "created_at"), {"x": 1}),
], ids=lambda v: str(v)[:30])
def test_an_import_with_numbers_that_are_not_numbers_is_refused(world, path, value):
    """``POST /api/tournament-imports`` read the export's numbers with ``int()`` and
    ``float()``: text of 30 digits overflowed SQLite (500), ``"nan"``/``"inf"`` points made a
    tournament whose standings could never be read (409 ``tournament_unreadable``) or whose
    export held NaN; an adjustment for no player of the tournament, a round that is none,
    ``withdrawn: "false"`` were taken. Now 422 ``invalid_export`` naming the field, and
    nothing written."""
    client, auth = world["client"], world["auth"]
    export = client.get(f"/api/tournaments/{world['tournament']}/export", headers=auth).json
    assert client.post("/api/tournament-imports", headers=auth,
                       json=export).status_code == 201  # the export as it is imports
    before = dump(world["db"])
    response = client.post("/api/tournament-imports", headers=auth,
                           json=_spoil(export, path, value))
    body = refused_cleanly(response, 422, "invalid_export")
    assert body["details"]["field"].startswith(path[0]), body["details"]
    assert dump(world["db"]) == before


def test_an_import_with_a_fair_adjustment_still_imports(world):
    client, auth = world["client"], world["auth"]
    export = client.get(f"/api/tournaments/{world['tournament']}/export", headers=auth).json
    doc = _spoil(export, ("adjustments",), [{**ADJUSTMENT, "points": -2.5, "round": 1}])
    response = client.post("/api/tournament-imports", headers=auth, json=doc)
    assert response.status_code == 201, response.json
    standings = client.get(f"/api/tournaments/{response.json['id']}/standings")
    assert standings.status_code == 200, standings.json
    export_again = client.get(f"/api/tournaments/{response.json['id']}/export", headers=auth)
    assert export_again.status_code == 200
    assert export_again.json["adjustments"][0]["points"] == -2.5


def test_a_tournament_name_is_stored_as_names_are_and_an_invisible_one_refused(world):
    """A tournament's name is shown on every table card, standings screen and export: a
    right-to-left override or a NUL in it came through raw. It is cleaned as players' names
    are (``api/names.py``), on creation and on import; a name of only invisible characters
    is refused, and nothing written."""
    client, auth = world["client"], world["auth"]
    body = braus_body(4)
    created = client.post("/api/tournaments", headers=auth,
                          json={**body, "name": "VM\u202e\u0000 i\u200b Visby"})
    assert created.status_code == 201, created.json
    assert created.json["name"] == "VM i Visby"
    before = dump(world["db"])
    refused_cleanly(client.post("/api/tournaments", headers=auth,
                                json={**body, "name": "\u200b\u202e\u00ad"}),
                    422, "tournament_name")
    assert dump(world["db"]) == before
    export = client.get(f"/api/tournaments/{world['tournament']}/export", headers=auth).json
    doc = _spoil(_spoil(export, ("tournament", "name"), "Cup\u202een\u0000"),
                 ("players", 0, "name"), export["players"][0]["name"] + "\u200b\u202e")
    imported = client.post("/api/tournament-imports", headers=auth, json=doc)
    assert imported.status_code == 201, imported.json
    again = client.get(f"/api/tournaments/{imported.json['id']}/export", headers=auth).json
    assert again["tournament"]["name"] == "Cupen"
    assert again["players"][0]["name"] == export["players"][0]["name"]


def test_the_import_reads_with_the_limits_the_api_makes():
    """``tournament_logic.exchange`` may import nothing of the API (``test_purity``), so it
    copies the limits an export's numbers are read with: held here to their sources."""
    from api.resources.tournaments.schemas import (AdjustmentCreateSchema,
                                                   TournamentCreateSchema)
    from api.tournament_logic import exchange

    def bounds(schema, name):
        (rule,) = [v for v in schema().fields[name].validators]
        return rule

    assert exchange.LARGEST == limits.MAX_JSON_INTEGER
    rounds = bounds(TournamentCreateSchema, "rounds")
    assert (rounds.min, rounds.max) == (1, exchange.MAX_ROUNDS)
    points = bounds(AdjustmentCreateSchema, "points")
    assert (points.min, points.max) == (-exchange.MAX_POINTS, exchange.MAX_POINTS)
    name = bounds(TournamentCreateSchema, "name")
    assert (name.min, name.max) == (1, exchange.MAX_NAME)
