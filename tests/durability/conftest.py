"""The ``serve`` fixture: every server a test starts is killed at the end, whether the test
passed or not."""

from __future__ import annotations

from pathlib import Path

import pytest

from .servers import Server


@pytest.fixture
def serve(tmp_path):
    """``serve(db)`` starts a server on ``db``; all of them are killed at the end."""
    started: list[Server] = []

    def start(db: Path) -> Server:
        server = Server(db, tmp_path / f"server-{len(started)}.log")
        started.append(server)
        return server

    yield start
    for server in started:
        if server.running:
            server.kill()
