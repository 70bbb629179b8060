"""The production server (``protokoll serve``: gunicorn) as a hostile client meets it.

Requests that gunicorn refuses before Flask sees them — a request line past
``limits.MAX_URL_BYTES``, too many or too large header fields, a line that is not HTTP, an
unknown transfer coding — are answered in the one JSON error shape, never HTML and never
5xx (``api/worker.py``). Behind a proxy (``--behind-proxy 1``) the client address that
failed guesses count against is the one the proxy forwards.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

from api import limits
from tests.conftest import _free_port


def _protokoll() -> list[str]:
    script = Path(sys.executable).with_name("protokoll")
    return [str(script)] if script.exists() else [sys.executable, "-m", "api.cli"]


@contextmanager
def served(tmp_path, workers: int = 1, *extra: str):
    port = _free_port()
    process = subprocess.Popen(
        _protokoll() + ["serve", "--port", str(port), "--db", str(tmp_path / "g.sqlite"),
                        "--workers", str(workers), "--threads", "8", *extra],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                with urllib.request.urlopen(f"{url}/api/games", timeout=1):
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("server did not start")
        yield url
    finally:
        process.terminate()
        process.wait(timeout=15)


def _raw(url: str, data: bytes) -> tuple[int, dict[str, str], bytes]:
    host, port = url.rsplit("/", 1)[1].split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(data)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, body


def _assert_shape(headers: dict[str, str], body: bytes) -> dict:
    assert headers["Content-Type"] == "application/json"
    data = json.loads(body)
    assert set(data) == {"code", "message", "messages", "rule", "details"}
    assert set(data["messages"]) == {"sv", "en"}
    return data


def test_gunicorns_own_refusals_are_json_in_the_error_shape(tmp_path):
    many_headers = b"".join(b"X-H%d: 1\r\n" % i for i in range(limits.MAX_HEADER_FIELDS + 5))
    cases = [
        (b"GET /api/games?" + b"x" * limits.MAX_URL_BYTES + b" HTTP/1.1\r\nHost: h\r\n\r\n",
         414, "uri_too_long"),
        (b"GET /api/games HTTP/1.1\r\nHost: h\r\n" + many_headers + b"\r\n",
         431, "headers_too_large"),
        (b"GET /api/games HTTP/1.1\r\nHost: h\r\nX-Big: "
         + b"x" * (limits.MAX_HEADER_FIELD_BYTES + 10) + b"\r\n\r\n", 431, "headers_too_large"),
        (b"NOT HTTP AT ALL\r\n\r\n", 400, "bad_request"),
        (b"POST /api/directors HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n",
         400, None),
    ]
    with served(tmp_path) as url:
        for request, status, code in cases:
            got, headers, body = _raw(url, request)
            assert got == status, (request[:60], got, body)
            data = _assert_shape(headers, body)
            if code:
                assert data["code"] == code
        # A URL just inside gunicorn's limit reaches Flask, which answers in the same shape.
        got, headers, body = _raw(url, b"GET /api/nothing HTTP/1.1\r\nHost: h\r\n"
                                       b"Connection: close\r\n\r\n")
        assert got == 404 and _assert_shape(headers, body)["code"] == "not_found"


def test_behind_a_proxy_the_forwarded_address_is_counted(tmp_path):
    def join(address: str) -> int:
        request = urllib.request.Request(
            f"{url}/api/join", data=json.dumps({"code": "ZZZZZZ"}).encode(), method="POST",
            headers={"Content-Type": "application/json", "X-Forwarded-For": address})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    with served(tmp_path, 1, "--behind-proxy", "1", "--config",
                "FAILED_ACCESS_LIMIT=2") as url:
        assert [join("192.0.2.1") for _ in range(3)] == [404, 404, 429]
        # Another phone behind the same proxy is another address.
        assert join("192.0.2.2") == 404
