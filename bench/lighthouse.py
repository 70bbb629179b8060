"""Lighthouse against the app served locally: performance, accessibility, best practices,
PWA, and what the first visit downloads.

    .venv/bin/python bench/lighthouse.py        # [--runs N] [--against REV] [--page table]

- Installs npm ``lighthouse`` 11 (the last major with the PWA category) into
  ``bench/.lighthouse/`` (git-ignored) the first time, with ``npm install``.
- Serves the app the production way (``protokoll serve``: gunicorn) on a free loopback port
  and a fresh SQLite file in a temporary folder, starts a Rödskägg table and plays a few
  deals into it through the API.
- Runs Lighthouse twice with Debian's Chromium (``CHROME_PATH=/usr/bin/chromium``,
  headless, no sandbox), mobile emulation and Lighthouse's simulated slow 4G: the start
  page a first-time visitor sees (``/``), and a table with its protokoll, as a spectator
  opens it (``/?watch=KEY``; a player's table view needs a token in the phone's storage,
  which Lighthouse cannot give it, and looks the same plus the entry forms), and a
  tournament's public standings (``/tournament/standings.html?t=ID``) after one round.
- Prints the four scores and the bytes and requests of the first visit (Lighthouse's
  ``total-byte-weight`` and ``network-requests``; the service worker's precache of the app
  shell is a download of the first visit too, and it is counted).
- ``--against REV`` serves the app of a git revision beside this one (its ``api``,
  ``pwa`` and ``rules_engine`` from ``git archive``, with this venv's packages) and measures
  the two page by page in turn, in alternating order: a before/after under the same load.
- ``--runs N`` measures each page N times (the three pages in turn, N rounds) and ends with
  each page's range of performance, FCP, LCP, Speed Index and TBT, and the machine's load
  average before and after: on a loaded machine the total blocking time (the observed
  main-thread time, multiplied by Lighthouse's 4× CPU slowdown) moves with the load; the
  paints move less.
- ``--page start|table|standings`` (repeatable) measures only those pages.

Figures depend on the machine; the scores are Lighthouse's own. Reports: ``bench/.lighthouse``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOME = ROOT / "bench" / ".lighthouse"
LIGHTHOUSE = HOME / "node_modules" / ".bin" / "lighthouse"
VERSION = "11.7.1"
CHROME = os.environ.get("CHROME_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
CATEGORIES = ("performance", "accessibility", "best-practices", "pwa")


def install() -> None:
    if LIGHTHOUSE.exists():
        return
    HOME.mkdir(parents=True, exist_ok=True)
    print(f"installing lighthouse@{VERSION} into {HOME.relative_to(ROOT)} …", flush=True)
    subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--silent", "--prefix",
                    str(HOME), f"lighthouse@{VERSION}"], check=True)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def call(url: str, data: dict | None = None, headers: dict | None = None) -> dict:
    body = None if data is None else json.dumps(data).encode()
    request = urllib.request.Request(url, data=body, headers={
        "Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def seed(base: str) -> str:
    """A table with a few deals in its protokoll; returns its spectator key."""
    created = call(f"{base}/api/tables", {"game": "rodskagg",
                                          "players": ["Anna", "Bo", "Cia", "Dan"]})
    auth = {"Authorization": f"Bearer {created['token']}"}
    deals = [(["smyga", 3, "smyga", "smyga"], [0, 4, 1, 1]),
             (["smyga", "smyga", 2, "smyga"], [1, 1, 2, 2]),
             (["smyga", "smyga", "smyga", 4], [1, 0, 1, 4])]
    for seq, (bids, tricks) in enumerate(deals):
        call(f"{base}/api/tables/{created['id']}/events",
             {"based_on": seq, "client_event_id": f"seed-{seq}",
              "event": {"type": "result", "bids": bids, "tricks": tricks}}, auth)
    return created["spectator_key"]


def seed_tournament(base: str) -> str:
    """A Bräus tournament of eight with its first round seated and one deal at each table;
    returns the public standings link."""
    director = call(f"{base}/api/directors", {"name": "Klubben"})
    auth = {"Authorization": f"Bearer {director['token']}"}
    event = call(f"{base}/api/tournaments", {
        "name": "Bräus-VM", "game": "braus", "rounds": 3,
        "players": [{"name": name} for name in
                    ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun", "Ivar")]}, auth)
    seated = call(f"{base}/api/tournaments/{event['id']}/rounds",
                  {"method": "random", "seed": 1}, auth)
    for table in seated["tables"]:
        call(f"{base}/api/tables/{table['table_id']}/events",
             {"based_on": 0, "client_event_id": "seed-0",
              "event": {"type": "result", "outcome": "rita", "winner": 0}}, auth)
    return f"{base}/tournament/standings.html?t={event['id']}"


def run(url: str, name: str) -> dict:
    report = HOME / f"report-{name}.json"
    env = {**os.environ, "CHROME_PATH": CHROME}
    for attempt in range(3):  # Lighthouse now and then loses its trace (NO_NAVSTART): again
        done = subprocess.run([str(LIGHTHOUSE), url, "--quiet", "--output=json",
                               f"--output-path={report}",
                               f"--only-categories={','.join(CATEGORIES)}",
                               "--chrome-flags=--headless=new --no-sandbox --disable-gpu"],
                              env=env)
        if done.returncode == 0:
            return json.loads(report.read_text(encoding="utf-8"))
    sys.exit(f"lighthouse failed three times on {url}")


METRICS = (("first-contentful-paint", "FCP", 1000, "s"), ("largest-contentful-paint", "LCP", 1000, "s"),
           ("speed-index", "SI", 1000, "s"), ("total-blocking-time", "TBT", 1, "ms"))


def spread(name: str, results: list[dict]) -> None:
    """A page's range over the runs."""
    scores = [round(100 * (r["categories"]["performance"]["score"] or 0)) for r in results]
    parts = [f"performance {min(scores)}–{max(scores)} ({', '.join(map(str, scores))})"]
    for audit, label, scale, unit in METRICS:
        values = [r["audits"][audit]["numericValue"] / scale for r in results]
        digits = 1 if unit == "s" else 0
        parts.append(f"{label} {min(values):.{digits}f}–{max(values):.{digits}f} {unit}")
    print(f"  {name}: " + ", ".join(parts))


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def summary(name: str, result: dict) -> None:
    scores = {c: result["categories"][c]["score"] for c in CATEGORIES}
    audits = result["audits"]
    weight = audits["total-byte-weight"]["numericValue"]
    requests = audits["network-requests"]["details"]["items"]
    metrics = {m: audits[m]["displayValue"] for m in (
        "first-contentful-paint", "largest-contentful-paint", "total-blocking-time",
        "cumulative-layout-shift")}
    print(f"\n{name}")
    print("  " + "   ".join(f"{c} {round(100 * (s or 0))}" for c, s in scores.items()))
    print(f"  first visit: {weight / 1024:.1f} KiB transferred in {len(requests)} requests")
    print("  " + "   ".join(f"{k.replace('-', ' ')} {v}" for k, v in metrics.items()))
    failed = [a["title"] for c in CATEGORIES for ref in result["categories"][c]["auditRefs"]
              if (a := audits[ref["id"]]).get("score") is not None and a["score"] < 0.9
              and ref.get("weight", 0) > 0]
    if failed:
        print("  below 0.9: " + "; ".join(failed))


def start_server(cwd: Path, port: int, db: Path) -> subprocess.Popen:
    """``protokoll serve`` of the app in ``cwd`` (this worktree, or a revision's files)."""
    server = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "python"), "-m", "api.cli", "serve", "--host",
         "127.0.0.1", "--port", str(port), "--db", str(db)],
        cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(600):  # a loaded machine starts it slowly
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    return server


def stop(server: subprocess.Popen) -> None:
    server.terminate()
    try:
        server.wait(timeout=60)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


PAGES = ("start", "table", "standings")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="measure each page this often")
    parser.add_argument("--against", metavar="REV",
                        help="also serve the app as it was at this git revision, and measure "
                             "the two page by page in turn (the same load weighs on both)")
    parser.add_argument("--page", action="append", choices=PAGES,
                        help="measure only this page (repeatable); all three by default")
    args = parser.parse_args()
    if not Path(CHROME).exists():
        sys.exit(f"Chromium not found at {CHROME}")
    install()
    with tempfile.TemporaryDirectory() as tmp:
        apps = {"this": ROOT}
        if args.against:
            old = Path(tmp) / "against"
            old.mkdir()
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.against,
                                      "api", "pwa", "rules_engine"],
                                     check=True, capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
            apps = {args.against: old, "this": ROOT}
        servers, pages = {}, {}
        try:
            for side, cwd in apps.items():
                port = free_port()
                servers[side] = start_server(cwd, port, Path(tmp) / f"{len(servers)}.sqlite")
                base = f"http://127.0.0.1:{port}"
                key = seed(base)
                every = {"start page  /": (base + "/", "start"),
                         "a table, as a spectator opens it  /?watch=KEY":
                             (f"{base}/?watch={key}", "table"),
                         "a tournament's public standings  /tournament/standings.html?t=ID":
                             (seed_tournament(base), "standings")}
                pages[side] = {name: page for name, page in every.items()
                               if not args.page or page[1] in args.page}
            print(f"lighthouse {VERSION}, {CHROME}, mobile emulation, simulated slow 4G; "
                  f"served by `protokoll serve`: {', '.join(apps)}; load average {load()}")
            names = list(pages["this"])
            results = {(side, name): [] for side in apps for name in names}
            for round_ in range(args.runs):
                for name in names:
                    order = list(apps) if round_ % 2 == 0 else list(apps)[::-1]
                    for side in order:
                        url, report = pages[side][name]
                        if len(apps) > 1:  # a report of each side
                            report = f"{report}-{'this' if side == 'this' else 'against'}"
                        results[side, name].append(run(url, report))
                        summary(name if len(apps) == 1 else f"{name}  [{side}]",
                                results[side, name][-1])
            if args.runs > 1 or len(apps) > 1:
                print(f"\n{args.runs} run(s); load average now {load()}")
                for (side, name), found in results.items():
                    spread(name.split("  ")[0] + ("" if len(apps) == 1 else f" [{side}]"), found)
        finally:
            for server in servers.values():
                stop(server)


if __name__ == "__main__":
    main()
