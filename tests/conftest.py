"""Fixtures shared by the API and browser tests.

``app``/``client``: the Flask app on a fresh SQLite file, through the test client.
``live_server``: the same app served by waitress on a free loopback port in a thread, for
tests that need real HTTP (concurrency, the browser).
``table``: a helper that starts a table and posts events with the right sequence numbers;
it reads the table with its owner's token, as a phone at the table does.
"""

from __future__ import annotations

import itertools
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import pytest

from api import create_app


@pytest.fixture
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "protokoll.sqlite"), "TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


_ids = itertools.count(1)


@dataclass
class TableHandle:
    """A started table, the owner device's token that may write to it, and the secrets
    that read it (join code, spectator key)."""

    client: Any
    id: str
    token: str
    join_code: str
    created: dict[str, Any]
    seq: int = 0
    responses: list[Any] = field(default_factory=list)
    sheet_rows: list[Any] | None = None  # the whole protokoll as of seq, as a phone keeps it

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    @property
    def spectator_key(self) -> str:
        return self.created["spectator_key"]

    @property
    def device_id(self) -> str:
        return self.created["device_id"]

    def get(self, path: str = "", headers: dict[str, str] | None = None, **kwargs):
        """GET /api/tables/{id}{path}, with the owner's token unless told otherwise."""
        return self.client.get(f"/api/tables/{self.id}{path}",
                               headers=self.headers if headers is None else headers,
                               **kwargs)

    def post(self, event: dict[str, Any], *, based_on: int | None = None,
             client_event_id: str | None = None, headers: dict[str, str] | None = None):
        response = self.client.post(
            f"/api/tables/{self.id}/events",
            json={"based_on": self.seq if based_on is None else based_on,
                  "client_event_id": client_event_id or f"test-{next(_ids)}",
                  "event": event},
            headers=self.headers if headers is None else headers)
        if response.status_code == 201:
            self.seq = response.json["entry"]["seq"]
        self.responses.append(response)
        return response

    def ok(self, event: dict[str, Any]) -> dict[str, Any]:
        """Post; the answer's table with the whole protokoll, put together as the app does
        (a post's answer carries only the rows it changed: ``first_row`` on)."""
        before = self.seq
        response = self.post(event)
        assert response.status_code == 201, response.json
        return self.whole(response.json["table"], before)

    def whole(self, table: dict[str, Any], based_on: int) -> dict[str, Any]:
        sheet = table["protokoll"]
        first = sheet.get("first_row", 0)
        if first and (self.sheet_rows is None or table["seq"] != based_on + 1
                      or first > len(self.sheet_rows)):
            self.sheet_rows = self.view()["protokoll"]["rows"]  # lost track: read it all
        else:
            self.sheet_rows = (self.sheet_rows or [])[:first] + sheet["rows"]
        assert len(self.sheet_rows) == sheet.get("row_count", len(self.sheet_rows))
        whole = {k: v for k, v in sheet.items() if k not in ("first_row", "row_count")}
        return {**table, "protokoll": {**whole, "rows": list(self.sheet_rows)}}

    def view(self) -> dict[str, Any]:
        response = self.get()
        assert response.status_code == 200, response.json
        return response.json

    def log(self) -> dict[str, Any]:
        response = self.get("/events")
        assert response.status_code == 200, response.json
        return response.json

    def undo_last(self) -> dict[str, Any]:
        """Undo the latest entry of the log (by its seq), as the app's undo does; the
        answer's table (``ok``)."""
        return self.ok({"type": "undo", "target": self.log()["seq"]})


def start_table(client, game: str = "rodskagg", players=("Anna", "Bo", "Cia", "Dan"),
                **extra) -> TableHandle:
    response = client.post("/api/tables", json={"game": game, "players": list(players),
                                                **extra})
    assert response.status_code == 201, response.json
    body = response.json
    return TableHandle(client, body["id"], body["token"], body["join_code"], body)


def catalog(client) -> dict[str, dict[str, Any]]:
    """Every game's catalog entry as the app reads it, by id: the list (GET /api/games), then
    each listed game's details (GET /api/games/{id}), every one of which must answer."""
    games = {}
    for listed in client.get("/api/games").json:
        response = client.get(f"/api/games/{listed['id']}")
        assert response.status_code == 200, (listed["id"], response.json)
        games[listed["id"]] = response.json
    return games


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def make_director(client, name: str = "Turneringsledaren") -> dict[str, Any]:
    """A tournament director made through the API (its token and id)."""
    response = client.post("/api/directors", json={"name": name})
    assert response.status_code == 201, response.json
    return response.json


ERROR_SHAPE = {"code", "message", "messages", "rule", "details"}


def refusal(response, status: int, code: str) -> dict[str, Any]:
    """A refused request's answer: ``status`` and ``code``, the one error shape, words in
    both languages."""
    assert (response.status_code, response.json["code"]) == (status, code), response.json
    assert set(response.json) == ERROR_SHAPE
    assert response.json["messages"]["sv"] and response.json["messages"]["en"]
    return response.json


def refused(table: TableHandle, event: dict[str, Any], status: int, code: str,
            rule: str | None = None) -> dict[str, Any]:
    """Post ``event`` to ``table``; it must be refused (``refusal``) citing ``rule`` when
    given, and change nothing: the log, the table's view and its sequence number."""
    log_before, view_before, seq = table.log(), table.view(), table.seq
    body = refusal(table.post(event), status, code)
    if rule is not None:
        assert body["rule"] == rule
    assert table.log() == log_before
    assert table.view() == view_before
    assert table.seq == seq
    return body


@pytest.fixture
def table(client):
    return start_table(client)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class LiveServer:
    url: str
    db_path: str


@pytest.fixture
def live_server(tmp_path):
    from waitress.server import create_server

    db_path = str(tmp_path / "live.sqlite")
    app = create_app({"DATABASE": db_path})
    port = _free_port()
    # poll() rather than select(): in depth only, so that a descriptor numbered above 1023
    # in this process cannot break the server (the pools keep descriptors few: api.db.Pool).
    server = create_server(app, host="127.0.0.1", port=port, threads=8,
                           asyncore_use_poll=True)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.1):
                break
        except OSError:
            time.sleep(0.05)
    yield LiveServer(url, db_path)

    def close_everything() -> None:  # runs inside the server's loop: no select on closed fds
        for channel in list(server._map.values()):
            channel.close()

    server.trigger.pull_trigger(close_everything)
    thread.join(timeout=5)
    server.task_dispatcher.shutdown()
