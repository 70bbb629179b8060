"""How many instructions does a post cost, against the bare append — a count the machine's
load does not move?

``load.py``'s ratio and even its CPU column move by a tenth or more from run to run on a
shared machine; a change of a few percent in a post's work is lost in that. This counts the
instructions instead (valgrind's ``callgrind``, which runs the program on a simulated CPU):
the recorded Rödskägg evening of ``load.py`` (same seed) is posted table after table into
``create_app``'s WSGI application, called directly with an environ as gunicorn builds it
(no test client, no HTTP: what both servers pay for those is the same), and the posts of
``load.py``'s bare endpoint likewise. Each is run twice, with a warm-up only and with
``--posts`` more posts; the difference over ``--posts`` is the instructions a post.

    .venv/bin/python bench/post_instructions.py [--posts 300]

About 3 minutes (the four runs, two at a time). ``--run ours|bare N`` is what each
valgrind runs.
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WARM_UP = 60


def _environ(path: str, payload: dict, token: str | None) -> dict:
    body = json.dumps(payload).encode()
    environ = {
        "REQUEST_METHOD": "POST", "SCRIPT_NAME": "", "PATH_INFO": path, "QUERY_STRING": "",
        "RAW_URI": path, "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "127.0.0.1", "REMOTE_PORT": "50000",
        "HTTP_HOST": "127.0.0.1:8000", "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(body)), "wsgi.input": io.BytesIO(body),
        "wsgi.url_scheme": "http", "wsgi.errors": sys.stderr, "wsgi.version": (1, 0),
        "wsgi.multithread": False, "wsgi.multiprocess": True, "wsgi.run_once": False}
    if token:
        environ["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    return environ


def _call(app, path: str, payload: dict, token: str | None = None) -> tuple[int, bytes]:
    status = []
    chunks = app.wsgi_app(_environ(path, payload, token),
                          lambda line, headers, exc_info=None: status.append(line))
    data = b"".join(chunks)
    getattr(chunks, "close", lambda: None)()
    return int(status[0][:3]), data


def run(which: str, posts: int) -> None:
    """``WARM_UP`` + ``posts`` posts of the recorded evening into one app."""
    sys.path.insert(0, str(HERE))
    import load

    events = load.record_evening(300, 2026)
    tmp = Path(tempfile.mkdtemp())
    if which == "bare":
        app = load.bare_app(str(tmp / "bare.sqlite"))
        for n in range(WARM_UP + posts):
            status, _ = _call(app, "/append/c0", {
                "based_on": n, "client_event_id": f"c0-{n}", "event": events[n % len(events)]})
            assert status == 201
        return
    from api import create_app
    app = create_app({"DATABASE": str(tmp / "app.sqlite"), "WRITE_RATE_LIMIT": load.NO_LIMIT})
    table, seq = None, 0
    for _ in range(WARM_UP + posts):
        if table is None or seq >= len(events):
            table, seq = json.loads(_call(app, "/api/tables", {
                "game": "rodskagg", "players": load.PLAYERS})[1]), 0
        status, data = _call(app, f"/api/tables/{table['id']}/events", {
            "based_on": seq, "client_event_id": f"c-{table['id']}-{seq}",
            "event": events[seq]}, table["token"])
        assert status == 201, data
        seq += 1


def _count(which: str, posts: int, tmp: Path) -> subprocess.Popen:
    out = tmp / f"{which}.{posts}.callgrind"
    return subprocess.Popen(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
         str(Path(__file__).resolve()), "--run", which, str(posts)],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _total(path: Path) -> int:
    for line in path.read_text(errors="replace").splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise RuntimeError(f"no totals in {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=300)
    parser.add_argument("--run", nargs=2, metavar=("WHICH", "POSTS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run:
        run(args.run[0], int(args.run[1]))
        return
    print(f"valgrind (callgrind) instructions a post, the recorded Rödskägg evening into the "
          f"WSGI app; {args.posts} posts past a warm-up of {WARM_UP}")
    each = {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        for which in ("ours", "bare"):
            runs = [_count(which, n, tmp_path) for n in (0, args.posts)]
            if any(process.wait() != 0 for process in runs):
                raise SystemExit(f"valgrind of {which} failed")
            each[which] = (_total(tmp_path / f"{which}.{args.posts}.callgrind")
                           - _total(tmp_path / f"{which}.0.callgrind")) / args.posts
    print(f"  POST /api/tables/{{id}}/events  {each['ours'] / 1e6:6.2f} M")
    print(f"  bare append (ceiling)          {each['bare'] / 1e6:6.2f} M   "
          f"(ours {each['ours'] / each['bare']:.2f}x; gunicorn's and gevent's share, the "
          f"same for both, not counted)")


if __name__ == "__main__":
    main()
