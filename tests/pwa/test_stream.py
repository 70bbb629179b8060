"""``GET /api/tables/{id}/stream`` (server-sent events) and the service worker as served,
through the Flask test client: the same credentials as reading the table, the seq at once
and at every change, a bounded lifetime, and ``/sw.js`` carrying the shell and its version.
"""

from __future__ import annotations

import json
import posixpath
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
    install_only = {"/" + f for f in pages.MANIFEST_ONLY}
    assert set(shell) == (on_disk - {"/sw.js", "/index.html"} - install_only) | {"/"}
    version = re.search(r'const VERSION = "([0-9a-f]{12})"', text).group(1)
    assert version == pages.shell_version(shell)
    # It only ever deletes caches of other versions.
    assert 'name !== CACHE' in text
    assert client.get("/icons/render_icons.py").status_code == 404  # not an app file


def static_imports(url: str) -> set[str]:
    """The modules a module imports statically, as absolute URLs."""
    text = (pages.PWA_DIR / url.lstrip("/")).read_text(encoding="utf-8")
    found = re.findall(r'^import\s[^;]*?["\']([^"\']+)["\'];', text, re.M)
    return {posixpath.normpath(posixpath.join(posixpath.dirname(url), spec)) for spec in found}


def static_closure(url: str) -> set[str]:
    seen, todo = set(), [url]
    while todo:
        for module in static_imports(todo.pop()) - seen:
            seen.add(module)
            todo.append(module)
    return seen


def test_index_preloads_the_start_screen_and_later_js_asks_for_the_rest_at_once(client):
    """The page asks for the start screen's modules at once instead of discovering them one
    import level at a time (a phone on a slow network waits for each level); the table
    screen's modules are neither preloaded nor waited for by the start page, and js/later.js
    asks for all of them at once, so no module of either is found one level late."""
    html = client.get("/").get_data(as_text=True)
    preloaded = set(re.findall(r'<link rel="modulepreload" fetchpriority="low" href="([^"]+)">',
                               html))
    later_js = (pages.PWA_DIR / "js" / "later.js").read_text(encoding="utf-8")
    later = set(re.findall(r'"(/[^"]+\.js)"', later_js[later_js.index("MODULES"):
                                                       later_js.index("STYLES")]))
    modules = {"/" + p.relative_to(pages.PWA_DIR).as_posix()
               for p in (pages.PWA_DIR / "js").rglob("*.js")} - {"/js/app.js"}
    modules -= {"/js/after-paint.js"}  # a spectator link's page's own start (api/pages.py)
    assert static_closure("/js/app.js") <= preloaded
    assert modules <= preloaded | later
    assert not preloaded & later
    for module in later:
        assert static_imports(module) <= preloaded | later, module
    # The table screen's stylesheets come with it, not in the page's head; phone.css is
    # preloaded (fetched at once, blocking nothing) and added by js/app.js.
    for sheet in ("/phone.css", "/quick-entry.css", "/replay.css"):
        assert f'<link rel="stylesheet" href="{sheet}"' not in html
    assert '<link rel="preload" href="/phone.css" as="style">' in html
    assert '<link rel="stylesheet" href="/print.css" media="print">' in html


def test_a_spectator_link_s_page_asks_for_its_first_requests_at_once(client, table):
    """/?watch=KEY: the page asks for the spectator's table screen (later.js MODULES, not the
    forms a spectator never draws) and the details of the table's game at once, beside the
    start page's modules instead of one level after them — all of it once the table's top,
    drawn in the page, is painted (js/after-paint.js, with the list as a data block); the
    key's answer, the table and its log are inside the page
    (tests/api/test_spectator_page.py)."""
    key = table.spectator_key
    response = client.get(f"/?watch={key}")
    html = response.get_data(as_text=True)
    plain = client.get("/").get_data(as_text=True)
    later_js = (pages.PWA_DIR / "js" / "later.js").read_text(encoding="utf-8")
    def listed(name, following):
        return set(re.findall(r'"(/[^"]+\.js)"', later_js[later_js.index(f"const {name} = "):
                                                          later_js.index(f"const {following} = ")]))
    spectators, forms = listed("MODULES", "FORMS"), listed("FORMS", "STYLES")
    (block,) = re.findall(r'<script type="application/json" id="after-paint">(.*?)</script>',
                          html, re.S)
    after = json.loads(block)
    preloaded = {link["href"] for link in after["links"] if link["rel"] == "modulepreload"}
    before = set(re.findall(r'<link rel="modulepreload" fetchpriority="low" href="([^"]+)">',
                            plain))
    assert "/js/table-view.js" in spectators and "/js/share.js" in forms
    assert preloaded == before | spectators and not preloaded & forms
    assert after["module"] == "/js/app.js"
    styles = {link["href"] for link in after["links"] if link.get("as") == "style"}
    assert styles == {"/phone.css", "/replay.css"}  # the forms' quick-entry.css: not here
    assert {"rel": "preload", "href": "/api/games/rodskagg", "as": "fetch"} in after["links"]
    assert f'"/api/watch?spectator_key={key}":{{"status":200' in html
    # The catalog only the start screen needs: asked for after the table is drawn.
    assert 'href="/api/games"' in plain and '"/api/games"' not in html
    assert "quick-entry" not in html
    assert response.headers["Cache-Control"] == "private, no-cache"
    assert client.get(f"/api/watch?spectator_key={key}").json == {
        "table_id": table.id, "game": "rodskagg"}
    # A key that is no key gets the page as it is (the app asks the API, which refuses).
    for odd in ('"><script>alert(1)</script>', "x"):
        assert client.get("/", query_string={"watch": odd}).get_data(as_text=True) == plain


# --- caps on open views (a client cannot hold every view the server can serve) -----------------
def open_stream(client, table, headers):
    return client.get(f"/api/tables/{table.id}/stream", headers=headers, buffered=False)


def assert_too_many(response, per, limit):
    assert response.status_code == 429
    body = response.json
    assert set(body) == {"code", "message", "messages", "rule", "details"}
    assert body["code"] == "too_many_streams"
    assert body["details"]["per"] == per and body["details"]["limit"] == limit
    assert int(response.headers["Retry-After"]) == body["details"]["retry_after"] >= 1


def test_a_table_past_its_cap_of_open_views_gets_429_and_a_closed_view_frees_a_place(quick_app):
    quick_app.config.update(STREAM_MAX_PER_TABLE=2, STREAM_MAX_PER_CLIENT=0)
    client = quick_app.test_client()
    table, other = start_table(client), start_table(client)
    first = open_stream(client, table, {"X-Join-Code": table.join_code})
    second = open_stream(client, table, {"X-Spectator-Key": table.spectator_key})
    assert first.status_code == second.status_code == 200
    assert_too_many(open_stream(client, table, table.headers), "table", 2)
    # Another table is not affected by this one's crowd.
    assert open_stream(client, other, other.headers).status_code == 200
    first.close()
    again = open_stream(client, table, table.headers)
    assert again.status_code == 200
    for response in (second, again):
        response.close()


def test_one_client_past_its_cap_gets_429_while_others_still_get_in(quick_app):
    quick_app.config.update(STREAM_MAX_PER_TABLE=0, STREAM_MAX_PER_CLIENT=2,
                            STREAM_RETRY_AFTER=7)
    client = quick_app.test_client()
    table = start_table(client)
    held = [open_stream(client, table, table.headers) for _ in range(2)]
    assert [r.status_code for r in held] == [200, 200]
    refused = open_stream(client, table, table.headers)
    assert_too_many(refused, "client", 2)
    assert refused.headers["Retry-After"] == "7"
    # The same table through a spectator key is another client (an address, not the device).
    spectator = open_stream(client, table, {"X-Spectator-Key": table.spectator_key})
    assert spectator.status_code == 200
    for response in held + [spectator]:
        response.close()
    assert open_stream(client, table, table.headers).status_code == 200


def test_a_refused_view_changes_nothing_at_the_table(quick_app):
    quick_app.config.update(STREAM_MAX_PER_TABLE=1)
    client = quick_app.test_client()
    table = start_table(client)
    table.ok({"type": "deal"})
    held = open_stream(client, table, table.headers)
    before = table.log()
    assert open_stream(client, table, table.headers).status_code == 429
    assert table.log() == before
    held.close()


def test_every_view_of_a_table_hears_a_change_made_elsewhere(quick_app):
    """Many views of one table wait on the process's one change feed: each hears the post."""
    client = quick_app.test_client()
    table = start_table(client)
    texts: list[str] = []

    def watch():
        texts.append(read_stream(client, f"/api/tables/{table.id}/stream",
                                 {"X-Spectator-Key": table.spectator_key})[1])
    watchers = [threading.Thread(target=watch) for _ in range(12)]
    for watcher in watchers:
        watcher.start()
    time.sleep(0.3)
    table.ok({"type": "deal"})
    for watcher in watchers:
        watcher.join()
    assert len(texts) == 12
    for text in texts:
        assert ("seq", json.dumps({"seq": 1})) in messages(text)
