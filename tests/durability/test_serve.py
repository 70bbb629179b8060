"""``protokoll serve`` is gunicorn: several worker processes on one file, app settings from
the command line, a clean stop on SIGTERM."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from api.cli import _setting, gunicorn_options

from .playout import PLAYERS
from .servers import Server, http


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def test_workers_share_one_file_and_settings_reach_the_app(tmp_path):
    db = tmp_path / "p.sqlite"
    server = Server(db, tmp_path / "server.log",
                    extra=["--workers", "3", "--threads", "2",
                           "--config", "MAX_CONTENT_LENGTH=2000"])
    try:
        for _ in range(200):  # the first worker may answer before the last has booted
            if len(children(server.process.pid)) == 3:
                break
            time.sleep(0.05)
        assert len(children(server.process.pid)) == 3
        made = []
        for _ in range(6):  # tables made through whichever worker answers
            status, created = http(server.url + "/api/tables",
                                   {"game": "rodskagg", "players": list(PLAYERS)})
            assert status == 201
            made.append(created)
        for created in made:  # and each read back, again through any of them
            status, view = http(f"{server.url}/api/tables/{created['id']}",
                                token=created["token"])
            assert status == 200 and view["id"] == created["id"]
        status, body = http(server.url + "/api/tables",
                            {"game": "rodskagg", "players": ["x" * 3000, "B", "C"]})
        assert status == 413, body  # MAX_CONTENT_LENGTH=2000 from --config
        server.stop()
        assert server.process.returncode == 0
        assert "Shutting down" in server.log_tail()
    finally:
        if server.running:
            server.kill()


def test_settings_and_options():
    assert _setting("WRITE_RATE_LIMIT=600") == ("WRITE_RATE_LIMIT", 600)
    assert _setting("NAME=plain text") == ("NAME", "plain text")
    assert _setting("FLAG=true") == ("FLAG", True)
    with pytest.raises(Exception):
        _setting("no equals sign")
    options = gunicorn_options("::1", 8000, 2, 4)
    assert options["bind"] == ["[::1]:8000"]
    assert options["worker_class"] == "api.worker.JsonErrorGeventWorker"
    assert options["worker_connections"] >= 1000  # a tournament's open live views
    assert options["preload_app"] and options["control_socket_disable"]
    threaded = gunicorn_options("127.0.0.1", 8000, 2, 4, "gthread")
    assert threaded["worker_class"] == "api.worker.JsonErrorWorker" and threaded["threads"] == 4
