"""Bytes on the wire for a first visit of ``/``, file by file.

A phone that opens Protokoll for the first time loads the page, what the page names (the
style sheet, every module, the manifest, the icon), the catalog and the service worker;
the service worker then fills its cache with the app shell — revalidating the files the
page has just loaded (304, no body: it fetches with ``cache: "no-cache"``) and downloading
the rest (the director's pages, the icons). This asks for each through the Flask test client
as a browser does (``Accept-Encoding: br, gzip``; the second time with the ETag it got) and
counts the body and the response headers of each answer, beside the same visit without
compression (``Accept-Encoding: identity``). No server, no timing: bytes only.

    .venv/bin/python bench/first_visit.py
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from api import create_app, pages  # noqa: E402


def wire(response) -> int:
    head = sum(len(k) + len(v) + 4 for k, v in response.headers.items())
    return len(response.data) + head + len("HTTP/1.1 200 OK\r\n\r\n")


def visit(client, encoding: str) -> tuple[list[tuple[str, int, int]], dict[str, str]]:
    html = client.get("/").get_data(as_text=True)
    page = ["/"] + re.findall(r'(?:href|src)="(/[^"]+)"', html) + ["/api/games", "/sw.js"]
    seen: dict[str, str] = {}
    rows = []
    for url in page:
        response = client.get(url, headers={"Accept-Encoding": encoding})
        seen[url] = response.headers.get("ETag", "")
        rows.append(("page", url, wire(response), response.status_code))
    for url in pages.shell_files() + ["/api/games"]:
        headers = {"Accept-Encoding": encoding}
        if url in seen and seen[url]:
            headers["If-None-Match"] = seen[url]
        response = client.get(url, headers=headers)
        rows.append(("service worker", url, wire(response), response.status_code))
    return rows, seen


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        client = create_app({"DATABASE": str(Path(tmp) / "visit.sqlite")}).test_client()
        compressed, _ = visit(client, "br, gzip")
        plain, _ = visit(client, "identity")
    width = max(len(url) for _, url, _, _ in compressed)
    print(f"{'':<15} {'':<{width}} {'br/gzip':>9} {'identity':>9}")
    for (who, url, size, status), (_, _, raw, _) in zip(compressed, plain):
        print(f"{who:<15} {url:<{width}} {size:>9,} {raw:>9,}  {status}")
    for who in ("page", "service worker"):
        ours = sum(size for w, _, size, _ in compressed if w == who)
        raw = sum(size for w, _, size, _ in plain if w == who)
        count = sum(1 for w, *_ in compressed if w == who)
        print(f"{who:<15} {count} requests: {ours:,} bytes (without compression {raw:,})")
    ours = sum(size for _, _, size, _ in compressed)
    raw = sum(size for _, _, size, _ in plain)
    print(f"first visit in all: {ours:,} bytes = {ours / 1024:.0f} KiB "
          f"(without compression {raw:,} = {raw / 1024:.0f} KiB); goal < 150 KB")


if __name__ == "__main__":
    main()
