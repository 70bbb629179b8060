"""The guess limit as an attacker meets it (``api/resources/access/guesses.py``).

Strict under concurrency: a pool of real threads fires wrong join codes, wrong codes on
reads and wrong spectator keys at a real server on a database file, all at once; at most
the limit of them are looked at (answered "wrong"), every other one is 429. Fair to a club:
a guesser behind the club's address does not keep the club's own phones out of the club's
tables, up to the hard limit; and many addresses together cannot guess one table's code.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from api import create_app
from tests.conftest import start_table

LIMIT = 10


def _call(url: str, payload: dict | None = None, headers: dict | None = None):
    data = None if payload is None else json.dumps(payload).encode()
    request = urllib.request.Request(url, data=data, method="POST" if data else "GET")
    request.add_header("Content-Type", "application/json")
    for key, value in (headers or {}).items():
        request.add_header(key, value)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def _hammer(n: int, attempt) -> list[tuple[int, dict]]:
    """``n`` attempts from a pool of 16 threads, released together."""
    barrier = threading.Barrier(16)

    def one(index: int):
        if index < 16:
            barrier.wait()
        return attempt(index)

    with ThreadPoolExecutor(max_workers=16) as pool:
        return list(pool.map(one, range(n)))


def _created(url: str) -> dict:
    status, created = _call(f"{url}/api/tables",
                            {"game": "rodskagg", "players": ["Anna", "Bo", "Cia"]})
    assert status == 201
    return created


@pytest.mark.parametrize("way", ["join", "read", "watch"])
def test_wrong_guesses_in_parallel_are_looked_at_at_most_the_limit(live_server, way):
    url = live_server.url
    created = _created(url)
    attempts = {
        "join": lambda i: _call(f"{url}/api/join", {"code": f"ZZZZ{i:02d}"[-6:]}),
        "read": lambda i: _call(f"{url}/api/tables/{created['id']}",
                                headers={"X-Join-Code": "ZZZZZZ"}),
        "watch": lambda i: _call(f"{url}/api/watch",
                                 headers={"X-Spectator-Key": f"wrong-key-{i}"}),
    }
    outcomes = _hammer(60, attempts[way])
    statuses = [status for status, _ in outcomes]
    wrong = {"join": 404, "read": 403, "watch": 404}[way]
    assert statuses.count(wrong) == LIMIT, statuses
    assert statuses.count(429) == 60 - LIMIT, statuses
    assert {body["code"] for status, body in outcomes if status == 429} == {
        "too_many_attempts"}
    # And one more afterwards: still refused, unseen.
    status, body = _call(f"{url}/api/join", {"code": "ZZZZZZ"})
    assert (status, body["code"]) == (429, "too_many_attempts")


def test_the_count_is_strict_across_server_processes(tmp_path):
    """Two gunicorn workers on one file: still exactly the limit is looked at."""
    from tests.api.test_gunicorn import served
    with served(tmp_path, workers=2) as url:
        outcomes = _hammer(50, lambda i: _call(f"{url}/api/join", {"code": "ZZZZZZ"}))
    statuses = [status for status, _ in outcomes]
    assert statuses.count(404) == LIMIT and statuses.count(429) == 50 - LIMIT, statuses


# --- the fair rule -------------------------------------------------------------------------------
CLUB = {"REMOTE_ADDR": "198.51.100.7"}
HOME = {"REMOTE_ADDR": "203.0.113.5"}


@pytest.fixture
def club(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "club.sqlite"), "FAILED_ACCESS_LIMIT": 3,
                      "FAILED_ACCESS_HARD_LIMIT": 6, "FAILED_ACCESS_TABLE_LIMIT": 5})
    return app.test_client()


def _join(client, code: str, environ: dict):
    return client.post("/api/join", json={"code": code, "device_name": "telefon"},
                       environ_base=environ)


def test_a_guesser_at_the_club_does_not_lock_the_clubs_phones_out(club):
    ours = club.post("/api/tables", json={"game": "rodskagg", "players": ["A", "B", "C"]},
                     environ_base=CLUB).json
    theirs = club.post("/api/tables", json={"game": "rodskagg", "players": ["A", "B", "C"]},
                       environ_base=HOME).json
    for _ in range(3):  # the guesser uses up the club address's limit
        assert _join(club, "ZZZZZZ", CLUB).status_code == 404
    assert _join(club, "ZZZZZZ", CLUB).status_code == 429
    # A phone at the club still joins the table started at the club, with its right code...
    assert _join(club, ours["join_code"], CLUB).status_code == 201
    # ...but a table the club's address never started or joined answers 429 like a wrong
    # code: guessing on teaches nothing.
    assert _join(club, theirs["join_code"], CLUB).json["code"] == "too_many_attempts"
    # Reading with the code works the same way.
    read = club.get(f"/api/tables/{ours['id']}", headers={"X-Join-Code": ours["join_code"]},
                    environ_base=CLUB)
    assert read.status_code == 200
    # At the hard limit nothing from the club's address is looked at any more.
    for _ in range(2):
        assert _join(club, "ZZZZZZ", CLUB).status_code == 429
    assert _join(club, ours["join_code"], CLUB).json["code"] == "too_many_attempts"
    # Phones that joined keep their tokens; other addresses are not touched.
    assert _join(club, theirs["join_code"], HOME).status_code == 201


def test_many_addresses_cannot_guess_one_tables_code(club):
    table = start_table(club)
    for n in range(5):  # five addresses, one wrong code each: the table's limit
        response = table.get(headers={"X-Join-Code": "ZZZZZZ"},
                             environ_base={"REMOTE_ADDR": f"192.0.2.{n}"})
        assert response.status_code == 403
    sixth = table.get(headers={"X-Join-Code": table.join_code},
                      environ_base={"REMOTE_ADDR": "192.0.2.99"})
    assert (sixth.status_code, sixth.json["code"]) == (429, "too_many_attempts")
    # The table's own devices go on with their tokens; the address that started it with
    # the code.
    assert table.get().status_code == 200
    assert table.get(headers={"X-Join-Code": table.join_code}).status_code == 200


@pytest.mark.parametrize("behind_proxy", [0, 1])
def test_forwarded_addresses_count_only_behind_a_proxy(tmp_path, behind_proxy):
    """Without ``--behind-proxy`` a client cannot escape its count by forging
    X-Forwarded-For; with it, the forwarded address is the one counted."""
    app = create_app({"DATABASE": str(tmp_path / "p.sqlite"), "FAILED_ACCESS_LIMIT": 2,
                      "BEHIND_PROXY": behind_proxy})
    client = app.test_client()
    statuses = [client.post("/api/join", json={"code": "ZZZZZZ"},
                            headers={"X-Forwarded-For": f"192.0.2.{n}"}).status_code
                for n in range(4)]
    assert statuses == ([404, 404, 429, 429] if not behind_proxy else [404] * 4)


def test_one_address_cannot_close_a_tables_code_alone(club):
    table = start_table(club)
    for _ in range(20):  # 3 looked at, the rest 429: only the 3 count for the table
        table.get(headers={"X-Join-Code": "ZZZZZZ"}, environ_base=HOME)
    read = table.get(headers={"X-Join-Code": table.join_code},
                     environ_base={"REMOTE_ADDR": "192.0.2.50"})
    assert read.status_code == 200, read.json


def test_a_right_spectator_key_is_not_held_back_by_the_tables_counter(club):
    table = start_table(club)
    for n in range(6):
        table.get(headers={"X-Join-Code": "ZZZZZZ"},
                  environ_base={"REMOTE_ADDR": f"192.0.2.{n}"})
    stranger = {"REMOTE_ADDR": "192.0.2.77"}
    assert table.get(headers={"X-Join-Code": table.join_code},
                     environ_base=stranger).status_code == 429
    assert table.get(headers={"X-Spectator-Key": table.spectator_key},
                     environ_base=stranger).status_code == 200
