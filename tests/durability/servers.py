"""Real servers for the durability tests: ``protokoll serve`` (gunicorn) in a subprocess on a
free loopback port, in its own process group, so that a test can kill the whole server —
master and workers — with SIGKILL, as a crash would, and restart it on the same file.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PROTOKOLL = [sys.executable, "-m", "api.cli"]
# The per-device write limit stops a runaway phone; these tests post faster than any table.
SETTINGS = ["--config", "WRITE_RATE_LIMIT=1000000"]


def _die_with_parent() -> None:
    """In the server's master, before exec: SIGKILL when the test process dies, so a test
    run that is itself killed leaves no server behind (the workers follow their master).
    Linux sends it when the thread that started the server ends: start servers from the
    test's own thread, as the tests here do."""
    try:
        import ctypes
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def protokoll(*args: str, check: bool = False) -> subprocess.CompletedProcess:
    """Run the ``protokoll`` command as a user would."""
    return subprocess.run(PROTOKOLL + list(args), capture_output=True, text=True, cwd=ROOT,
                          timeout=120, check=check)


def http(url: str, payload: Any = None, token: str | None = None,
         timeout: float = 30) -> tuple[int, Any]:
    """(status, JSON body) of one request; raises OSError when there is no answer."""
    data = None if payload is None else json.dumps(payload).encode()
    request = urllib.request.Request(url, data=data, method="GET" if data is None else "POST")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        body = error.read()
        try:
            return error.code, json.loads(body)
        except ValueError:
            return error.code, body.decode("utf-8", "replace")


class Server:
    """``protokoll serve`` on 127.0.0.1, a free port and ``db``."""

    def __init__(self, db: Path, log: Path, extra: list[str] = ()):
        self.db, self.port = db, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log
        with open(log, "ab") as out:
            self.process = subprocess.Popen(
                PROTOKOLL + ["serve", "--host", "127.0.0.1", "--port", str(self.port),
                             "--db", str(db), *SETTINGS, *extra],
                stdout=out, stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True,
                preexec_fn=_die_with_parent)
        for _ in range(400):
            if self.process.poll() is not None:
                raise AssertionError(f"server exited with {self.process.returncode}:\n"
                                     + self.log_tail())
            try:
                status, _ = http(self.url + "/api/games", timeout=2)
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        self.kill()
        raise AssertionError("server did not answer:\n" + self.log_tail())

    def log_tail(self) -> str:
        return self.log_path.read_text(errors="replace")[-3000:]

    @property
    def running(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL to the master and every worker at once: no handler runs, nothing flushes."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(timeout=30)

    def stop(self) -> None:
        """A graceful stop (SIGTERM), killed when it takes too long."""
        if not self.running:
            return
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=20)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            self.kill()
