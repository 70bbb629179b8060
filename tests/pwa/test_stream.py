"""``GET /api/tables/{id}/stream`` (server-sent events) and the service worker as served,
through the Flask test client: the same credentials as reading the table, the seq at once
and at every change, a bounded lifetime, and ``/sw.js`` carrying the shell and its version.
"""

from __future__ import annotations

import json
import re
import threading
import time

import pytest

from api import pages
from tests.conftest import start_table


@pytest.fixture
def quick_app(app):
    app.config.update(STREAM_SECONDS=1.5, STREAM_POLL_SECONDS=0.05, STREAM_HEARTBEAT_SECONDS=0.5)
    return app


def read_stream(client, path, headers):
    response = client.get(path, headers=headers, buffered=False)
    return response, b"".join(response.response).decode()


def messages(text):
    found = []
    for block in text.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.split("\n") if ": " in line
                      and not line.startswith(":"))
        if "event" in fields:
            found.append((fields["event"], fields.get("data")))
    return found


def test_the_stream_sends_the_seq_at_once_and_at_each_change(quick_app):
    client = quick_app.test_client()
    table = start_table(client)
    table.ok({"type": "deal"})

    def post_later():
        time.sleep(0.4)
        table.ok({"type": "knock"})
    poster = threading.Thread(target=post_later)
    poster.start()
    response, text = read_stream(client, f"/api/tables/{table.id}/stream", table.headers)
    poster.join()
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-store"
    assert text.startswith("retry: 1000\n")
    events = messages(text)
    assert events[0] == ("seq", json.dumps({"seq": 1}))
    assert ("seq", json.dumps({"seq": 2})) in events
    assert events[-1][0] == "bye"  # the lifetime is bounded: the client reconnects
    assert "id: 2\n" in text
    assert ": still here" in text  # a heartbeat while nothing happens


@pytest.mark.parametrize("headers, status, code", [
    ({}, 401, "credentials_required"),
    ({"Authorization": "Bearer nonsense"}, 401, "token_unknown"),
    ({"X-Join-Code": "ZZZZZZ"}, 403, "join_code_wrong"),
])
def test_the_stream_needs_a_credential_of_the_table(quick_app, headers, status, code):
    client = quick_app.test_client()
    table = start_table(client)
    response = client.get(f"/api/tables/{table.id}/stream", headers=headers)
    assert response.status_code == status and response.json["code"] == code


def test_the_stream_opens_with_the_code_or_the_spectator_key(quick_app):
    client = quick_app.test_client()
    table = start_table(client)
    for headers in ({"X-Join-Code": table.join_code},
                    {"X-Spectator-Key": table.spectator_key}):
        response, text = read_stream(client, f"/api/tables/{table.id}/stream", headers)
        assert response.status_code == 200 and messages(text)[0] == ("seq", '{"seq": 0}')


def test_an_unknown_table_is_404_before_credentials(quick_app):
    response = quick_app.test_client().get("/api/tables/nope/stream")
    assert response.status_code == 404 and response.json["code"] == "table_not_found"


def test_the_service_worker_carries_every_app_file_and_a_content_version(client):
    text = client.get("/sw.js").get_data(as_text=True)
    shell = json.loads(re.search(r"const SHELL = (\[.*\]);", text).group(1))
    on_disk = {"/" + p.relative_to(pages.PWA_DIR).as_posix()
               for p in pages.PWA_DIR.rglob("*") if p.suffix in pages.SHELL}
    assert set(shell) == (on_disk - {"/sw.js", "/index.html"}) | {"/"}
    version = re.search(r'const VERSION = "([0-9a-f]{12})"', text).group(1)
    assert version == pages.shell_version(shell)
    # It only ever deletes caches of other versions.
    assert 'name !== CACHE' in text
    assert client.get("/icons/render_icons.py").status_code == 404  # not an app file


def test_index_preloads_every_module(client):
    """The page asks for all its modules at once instead of discovering them one import
    level at a time (a phone on a slow network waits for each level)."""
    html = client.get("/").get_data(as_text=True)
    preloaded = set(re.findall(r'<link rel="modulepreload" href="([^"]+)">', html))
    modules = {"/" + p.relative_to(pages.PWA_DIR).as_posix()
               for p in (pages.PWA_DIR / "js").rglob("*.js")} - {"/js/app.js"}
    assert modules <= preloaded
