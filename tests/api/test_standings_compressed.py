"""The public standings, the catalog and the app's files are compressed once per version and
encoding, not at every fetch: the kept compressed body is the one compressing the current
body gives, a poll naming the compressed ETag gets its 304 without compressing, and a change
gives a new ETag and a body compressed afresh (``api/compression.py``)."""

from __future__ import annotations

import gzip
import json
import os

import flask_compress.flask_compress as flask_compress
import pytest

from api import compression, pages
from tests.conftest import bearer, make_director


@pytest.fixture
def compressions(monkeypatch):
    """The encodings compressed, one entry per compression made."""
    made: list[str] = []
    compress = flask_compress._compress_data

    def counted(app, data, algorithm):
        made.append(algorithm)
        return compress(app, data, algorithm)

    monkeypatch.setattr(flask_compress, "_compress_data", counted)
    return made


def test_standings_are_compressed_once_per_version_and_encoding(client, compressions):
    headers = bearer(make_director(client)["token"])
    created = client.post("/api/tournaments", headers=headers, json={
        "name": "Bräus-cupen", "game": "braus", "rounds": 2,
        "players": [{"name": f"Spelare {n}", "club": "Klubb"} for n in range(1, 41)]})
    assert created.status_code == 201, created.json
    url = f"/api/tournaments/{created.json['id']}/standings"
    seated = client.post(url.replace("/standings", "/rounds"), headers=headers,
                         json={"method": "random", "seed": 1})
    assert seated.status_code == 201, seated.json
    plain = client.get(url).data

    first = client.get(url, headers={"Accept-Encoding": "gzip"})
    again = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert first.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(first.data) == gzip.decompress(again.data) == plain
    assert again.headers["ETag"] == first.headers["ETag"]
    assert compressions == ["gzip"]  # the second fetch sent the kept body

    poll = client.get(url, headers={"Accept-Encoding": "gzip",
                                    "If-None-Match": first.headers["ETag"]})
    assert poll.status_code == 304 and poll.data == b""
    assert compressions == ["gzip"]  # answered without compressing

    other = client.get(url, headers={"Accept-Encoding": "br"})
    assert other.headers["Content-Encoding"] == "br"
    assert other.headers["ETag"] != first.headers["ETag"]  # one ETag per encoding
    assert compressions == ["gzip", "br"]

    # A result at a table: another version, compressed afresh, never the kept body.
    table_id = seated.json["tables"][0]["table_id"]
    posted = client.post(f"/api/tables/{table_id}/events", headers=headers, json={
        "based_on": 0, "client_event_id": "c-1",
        "event": {"type": "result", "outcome": "rita", "winner": 0}})
    assert posted.status_code == 201, posted.json
    changed = client.get(url, headers={"Accept-Encoding": "gzip",
                                       "If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != first.headers["ETag"]
    assert gzip.decompress(changed.data) == client.get(url).data != plain
    assert compressions == ["gzip", "br", "gzip"]
    rows = json.loads(gzip.decompress(changed.data))["rows"]
    assert any(r["rounds"] and r["rounds"][0].get("status") == "playing" for r in rows)


def test_the_catalog_and_app_files_are_compressed_once_per_encoding(client, compressions):
    """Every phone fetches them; their bodies do not change while the server runs."""
    compression.forget_kept()
    for path in ("/api/games", "/api/games/800", "/js/app.js", "/style.css"):
        plain = client.get(path).data
        first = client.get(path, headers={"Accept-Encoding": "gzip"})
        again = client.get(path, headers={"Accept-Encoding": "gzip"})
        assert first.headers["Content-Encoding"] == again.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(first.data) == gzip.decompress(again.data) == plain
        assert again.headers["ETag"] == first.headers["ETag"]
        poll = client.get(path, headers={"Accept-Encoding": "gzip",
                                         "If-None-Match": first.headers["ETag"]})
        assert poll.status_code == 304 and poll.data == b""
    assert compressions == ["gzip"] * 4
    # An alias names the same entry: the same body, the kept one.
    assert client.get("/api/games/attahundra", headers={"Accept-Encoding": "gzip"}).headers[
        "ETag"] == client.get("/api/games/800", headers={"Accept-Encoding": "gzip"}).headers["ETag"]
    assert compressions == ["gzip"] * 4


def test_a_changed_app_file_is_compressed_afresh(client, compressions, tmp_path, monkeypatch):
    """The file's ETag (its time and size) is in the key: a new version is never answered
    with the old one's kept body."""
    compression.forget_kept()
    monkeypatch.setattr(pages, "PWA_DIR", tmp_path)
    css = tmp_path / "style.css"
    css.write_text("body { color: black; }\n" * 100, encoding="utf-8")
    os.utime(css, (1_000_000_000, 1_000_000_000))
    first = client.get("/style.css", headers={"Accept-Encoding": "gzip"})
    assert gzip.decompress(first.data) == css.read_bytes()
    css.write_text("body { color: white; }\n" * 100, encoding="utf-8")  # same size
    os.utime(css, (1_000_000_100, 1_000_000_100))
    second = client.get("/style.css", headers={"Accept-Encoding": "gzip",
                                                "If-None-Match": first.headers["ETag"]})
    assert second.status_code == 200 and second.headers["ETag"] != first.headers["ETag"]
    assert gzip.decompress(second.data) == css.read_bytes()
    assert compressions == ["gzip", "gzip"]


def test_other_answers_are_compressed_each_time(client, compressions, table):
    """Only an answer that names its version is kept: a table's view is compressed anew."""
    for _ in range(2):
        response = client.get(f"/api/tables/{table.id}",
                              headers={**table.headers, "Accept-Encoding": "gzip"})
        assert response.headers["Content-Encoding"] == "gzip"
    assert compressions == ["gzip", "gzip"]
