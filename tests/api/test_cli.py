"""The ``protokoll`` command as a user runs it: serve, and replay a saved log."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.conftest import _free_port, start_table


def _protokoll() -> list[str]:
    script = Path(sys.executable).with_name("protokoll")
    return [str(script)] if script.exists() else [sys.executable, "-m", "api.cli"]


def test_serve_starts_the_app_on_an_sqlite_file(tmp_path):
    port = _free_port()
    db = tmp_path / "served.sqlite"
    process = subprocess.Popen(_protokoll() + ["serve", "--port", str(port), "--db", str(db)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games",
                                            timeout=1) as response:
                    games = json.loads(response.read())
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("server did not start")
        assert "rodskagg" in [g["id"] for g in games]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
            assert b"Protokoll" in response.read()
        assert db.exists()
    finally:
        # A worker still booting when SIGTERM comes is stopped at gunicorn's graceful
        # timeout (10 s, ``cli.gunicorn_options``): waiting exactly that long was a race.
        process.terminate()
        process.wait(timeout=30)


def test_replay_prints_the_protokoll_of_a_saved_log(client, tmp_path):
    handle = start_table(client, players=("Anna", "Bo", "Cia"))
    handle.ok({"type": "result", "bids": ["smyga", 3, "smyga"], "tricks": [1, 4, 1]})
    handle.ok({"type": "fem_opp", "breach": "foreign_cut", "caller": 0})
    log_file = tmp_path / "table.json"
    log_file.write_text(json.dumps(handle.log(), ensure_ascii=False), encoding="utf-8")
    done = subprocess.run(_protokoll() + ["replay", str(log_file), "--lang", "sv"],
                          capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    assert "Anna" in lines[1] and "Cia" in lines[1]
    # Bo 12 -> 8; then Bo, dealing next, let another cut: 8 -> 13.
    assert lines[-2].split()[-3:] == ["12", "8", "12"]
    assert lines[-1].split()[-3:] == ["12", "13", "12"]
    assert "Fem opp" in lines[-1]


def test_the_operator_commands_run_from_the_command_line(tmp_path):
    """``protokoll directors`` and ``protokoll imports`` as the operator types them."""
    db = tmp_path / "operator.sqlite"
    from api.db import connect
    connect(str(db)).conn.close()  # a server made the file

    def run(*argv: str) -> subprocess.CompletedProcess:
        return subprocess.run(_protokoll() + [*argv, "--db", str(db)], capture_output=True,
                              text=True, timeout=60)

    made = run("directors", "create", "Klubbmästerskapet", "--json")
    assert made.returncode == 0, made.stderr
    director = json.loads(made.stdout)
    assert director["name"] == "Klubbmästerskapet" and len(director["token"]) >= 43
    listed = json.loads(run("directors", "list", "--json").stdout)
    assert [(d["id"], d["revoked_at"]) for d in listed] == [(director["id"], None)]
    assert run("directors", "revoke", director["id"]).returncode == 0
    assert json.loads(run("directors", "list", "--json").stdout)[0]["revoked_at"]
    assert json.loads(run("imports", "list", "--json").stdout) == []
    missing = run("imports", "accept", "nothing")
    assert missing.returncode == 1 and "no imported tournament" in missing.stderr
    absent = subprocess.run(_protokoll() + ["directors", "list", "--db",
                                            str(tmp_path / "typo.sqlite")],
                            capture_output=True, text=True, timeout=60)
    assert absent.returncode == 1 and not (tmp_path / "typo.sqlite").exists()
