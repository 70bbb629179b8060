"""What a first visit costs on the wire: the catalog holds only what the first screen needs,
the app's files and the catalog are compressed and carry an ETag (a repeat is 304, no body),
and a post's answer is not compressed (no CPU spent on it under load)."""

from __future__ import annotations

import re

import pytest

from api import pages
from rules_engine.registry import GAMES

BR = {"Accept-Encoding": "br, gzip"}


def test_the_catalog_is_only_what_starting_a_table_needs(client):
    catalog = client.get("/api/games").json
    assert [g["id"] for g in catalog] == [game.ID for game in GAMES]
    for entry in catalog:
        assert set(entry) == {"id", "title", "aliases", "players", "options", "labels"}
        details = client.get(f"/api/games/{entry['id']}").json
        assert entry["options"] == details["options"]
        # The words for the options' choices come along (the setup form shows them) ...
        for option in entry["options"]:
            for choice in option["choices"]:
                if str(choice) in details["labels"].get("values", {}):
                    assert entry["labels"]["values"][str(choice)] == \
                        details["labels"]["values"][str(choice)]
        # ... the rest waits for a table of the game.
        assert set(entry["labels"]) == {"values"}
    whole = sum(len(client.get(f"/api/games/{g['id']}").data) for g in catalog)
    assert len(client.get("/api/games").data) < whole / 4


@pytest.mark.parametrize("path", ["/api/games", "/api/games/800", "/", "/js/app.js",
                                  "/style.css", "/vendor/uqr/uqr.js"])
def test_app_files_and_catalog_are_compressed_with_an_etag_and_revalidated(client, path):
    plain = client.get(path)
    response = client.get(path, headers=BR)
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in response.headers["Vary"]
    assert int(response.headers["Content-Length"]) == len(response.data) < len(plain.data) / 2
    assert "no-cache" in response.headers["Cache-Control"]
    etag = response.headers["ETag"]
    again = client.get(path, headers={**BR, "If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    assert again.headers["ETag"] == etag
    assert "Content-Security-Policy" not in again.headers  # the stored answer's stay
    # Another encoding is another representation: its own ETag, so no mix-up in caches.
    gzip = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert gzip.headers["Content-Encoding"] == "gzip" and gzip.headers["ETag"] != etag


def test_a_changed_file_is_not_answered_304(client):
    etag = client.get("/api/games", headers=BR).headers["ETag"]
    assert client.get("/api/games/800", headers={**BR, "If-None-Match": etag}).status_code == 200


def test_posts_and_streams_are_not_compressed(client, table):
    posted = client.post(f"/api/tables/{table.id}/events", headers={**table.headers, **BR},
                         json={"based_on": 0, "client_event_id": "c1",
                               "event": {"type": "deal"}})
    assert posted.status_code == 201 and "Content-Encoding" not in posted.headers


def test_the_first_screen_is_light(client):
    """Everything the first page loads, compressed as a browser asks for it: under 150 KB
    (bench/first_visit.py prints each file)."""
    html = client.get("/").get_data(as_text=True)
    urls = ["/"] + re.findall(r'(?:href|src)="(/[^"]+)"', html) + ["/api/games", "/sw.js"]
    total = sum(len(client.get(url, headers=BR).data) for url in urls)
    assert total < 150_000
    assert "/js/app.js" in urls and "/style.css" in urls
    assert set(pages.shell_files()) >= {"/", "/js/app.js"}


def test_the_service_worker_keeps_what_the_pages_draw_not_the_install_icons(client):
    """The shell the service worker fetches on a first visit: every page and module, the
    icon the page links (apple-touch-icon), but not the manifest's large and maskable
    icons, which the system fetches itself when the app is installed."""
    shell = set(pages.shell_files())
    assert {"/", "/js/app.js", "/js/table-view.js", "/tournament/director.html",
            "/favicon.svg", "/icons/icon-192.png"} <= shell
    manifest = client.get("/manifest.webmanifest").get_json()
    install_only = {icon["src"] for icon in manifest["icons"]} - {"/icons/icon-192.png"}
    assert install_only and not install_only & shell
    sw = client.get("/sw.js").get_data(as_text=True)
    assert '"/icons/maskable-512.png"' not in sw and '"/icons/icon-192.png"' in sw
