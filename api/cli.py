"""The ``protokoll`` command.

``protokoll serve [--host H] [--port P] [--db FILE] [--workers N]
[--worker-class gevent|gthread] [--connections N] [--threads N] [--behind-proxy N]
[--config KEY=VALUE ...]``
    serve the app and the API with gunicorn (several processes, one SQLite file);
    ``--behind-proxy N``: N reverse proxies stand in front and set X-Forwarded-For/-Proto/
    -Host, so the client address (which failed codes are counted against) is the phone's
``protokoll backup PATH [--db FILE]``
    an online, consistent copy of the database while the server runs
``protokoll restore PATH [--db FILE] [--force]``
    check a backup and put it in place of the database
``protokoll replay FILE [--lang sv|en]``
    print the protokoll of a saved log
``protokoll directors list|create NAME|revoke ID [--db FILE]``
    the server operator's hand on directors (``create`` prints the new token once)
``protokoll imports list [--status pending|accepted|rejected]|accept ID|reject ID [--db FILE]``
    the server operator decides which imported tournaments count in the public ratings

The server is gunicorn embedded through its ``BaseApplication``: no separate gunicorn command
line, no config file. Workers are gevent workers by default (processes, each serving its
requests as greenlets), so that an open live view (``GET .../stream``) costs a greenlet, not a
thread: a tournament keeps a thousand of them open. Requests take an SQLite connection from
the process's pool and every post takes the write lock with ``BEGIN IMMEDIATE``, so several
processes share the file safely (see ``api/db.py``). ``--worker-class gthread`` serves with a
pool of threads per process instead (then every open live view holds a thread).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
from typing import Any, Callable

from . import limits

# Workers: processes, so that the engine work (pickling, JSON, the table view) of two posts
# runs on two cores instead of taking turns under one GIL; SQLite lets them share the file.
# Threads (gthread only): many, because there an open live stream (GET .../stream, which
# every phone looking at a table keeps open for up to 25 s) holds a thread for its whole
# life — with 4 threads a worker, 40 open streams left a post waiting 25 s for a free thread.
# Two processes a core: SQLite's commit (its fsync) and the writers' flock block a gevent
# worker whole, greenlets and all; another process computes meanwhile (bench/load.py: 2
# workers 225 posts/s, 4 workers 382/s on 2 cores, the ceiling's ratio alike).
DEFAULT_WORKERS = max(2, min(4, 2 * (os.cpu_count() or 1)))
DEFAULT_THREADS = 32
# gevent: the connections one worker serves at once (gunicorn's worker_connections). Each
# open live view is one; a 250-table tournament has about a thousand.
DEFAULT_CONNECTIONS = 2000
WORKER_CLASSES = ("gevent", "gthread")
# gunicorn's classes with one change: its own error pages in the API's JSON shape (worker.py)
WORKER_PATHS = {"gevent": "api.worker.JsonErrorGeventWorker",
                "gthread": "api.worker.JsonErrorWorker"}


def patch_for(worker_class: str) -> None:
    """Make the standard library cooperative, when the workers are gevent's, before the app
    is built and gunicorn loaded. gunicorn's gevent worker patches too, but only in the
    worker, after ``preload_app`` has built the app in the master. What the ``api``
    package makes at import, before this runs, is created lazily per process where it
    matters (``db``'s writer locks and pool, ``live``'s feeds), or is a lock held for a few
    dictionary operations, never across a switch between greenlets."""
    if worker_class == "gevent":
        from gevent import monkey
        monkey.patch_all()


def freeze_start_heap() -> None:
    """Leave what start-up made (modules, the app, the games' tables) out of the garbage
    collector's future work: ``gc.freeze`` after one last collection.

    Those objects live as long as the process, yet every full collection walked them all
    again; a full collection inside a request cost a tournament's seating 40-60 ms of its
    100 ms goal (bench/tournament.py). Done in the master before gunicorn forks (the app is
    preloaded), it also keeps the workers from touching, and so copying, the memory pages
    they share with it — the pattern the ``gc`` module's documentation gives for
    ``fork()`` without ``exec()``."""
    gc.collect()
    gc.freeze()


def gunicorn_options(host: str, port: int, workers: int, threads: int,
                     worker_class: str = "gevent", connections: int = DEFAULT_CONNECTIONS,
                     **extra: Any) -> dict[str, Any]:
    """The gunicorn settings ``protokoll serve`` uses (the benchmarks serve the same way)."""
    bind_host = f"[{host}]" if ":" in host and not host.startswith("[") else host
    options: dict[str, Any] = {
        "bind": [f"{bind_host}:{port}"],
        "workers": workers,
        # gevent (or gthread) workers answering gunicorn's own errors (414, 431, 400) in
        # the API's JSON shape (api/worker.py)
        "worker_class": WORKER_PATHS[worker_class],
        "threads": threads,
        "worker_connections": connections,
        # The app is built (and the database migrated) once in the master, then forked:
        # start-up errors show before any worker exists, and migrations never race.
        "preload_app": True,
        "timeout": 60,
        "graceful_timeout": 10,
        "keepalive": 5,
        # gunicorn >= 25 opens a control socket in $HOME by default; two servers on one
        # machine (tests, benchmarks) would fight over it, and we do not use it.
        "control_socket_disable": True,
        "errorlog": "-",
        "loglevel": "info",
        "proc_name": "protokoll",
        # the request limits of api/limits.py, which the Flask side enforces as well
        "limit_request_line": limits.MAX_URL_BYTES,
        "limit_request_fields": limits.MAX_HEADER_FIELDS,
        "limit_request_field_size": limits.MAX_HEADER_FIELD_BYTES,
    }
    options.update(extra)
    return options


def run_gunicorn(load: Callable[[], Any], options: dict[str, Any]) -> None:
    """Serve the WSGI app that ``load()`` returns with gunicorn, in this process (which
    becomes gunicorn's master and forks the workers). Returns when the server stops."""
    from gunicorn.app.base import BaseApplication

    class Server(BaseApplication):
        def load_config(self) -> None:
            for key, value in options.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            return load()

    Server(prog="protokoll").run()


def _setting(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` for the app's config; VALUE is read as JSON when it is JSON."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, not {text!r}")
    try:
        return key.strip(), json.loads(value)
    except ValueError:
        return key.strip(), value


def _serve(args: argparse.Namespace) -> int:
    patch_for(args.worker_class)
    from . import create_app

    config = {**dict(args.config), "DATABASE": args.db}
    if args.behind_proxy:
        config["BEHIND_PROXY"] = args.behind_proxy

    def load():
        app = create_app(config)
        freeze_start_heap()
        return app

    each = (f"{args.connections} connections" if args.worker_class == "gevent"
            else f"{args.threads} threads")
    print(f"Protokoll on http://{args.host}:{args.port}/ (database {args.db}, "
          f"{args.workers} {args.worker_class} workers x {each})", flush=True)
    run_gunicorn(load, gunicorn_options(args.host, args.port, args.workers, args.threads,
                                        args.worker_class, args.connections))
    return 0


def _backup(args: argparse.Namespace) -> int:
    from .backup import BackupError, backup
    try:
        summary = backup(args.db, args.path)
    except BackupError as error:
        print(f"protokoll backup: {error}", file=sys.stderr)
        return 1
    print(f"backed up {args.db} to {args.path}: {summary}")
    return 0


def _restore(args: argparse.Namespace) -> int:
    from .backup import BackupError, restore
    try:
        summary = restore(args.path, args.db, force=args.force)
    except BackupError as error:
        print(f"protokoll restore: {error}", file=sys.stderr)
        return 1
    print(f"restored {args.path} into {args.db}: {summary}")
    return 0


def _open(path: str):
    """The database at ``path``, migrated; refuses to make a new file for an operator's
    command (a mistyped --db would otherwise answer from an empty database)."""
    from .db import connect
    if path != ":memory:" and not os.path.exists(path):
        raise FileNotFoundError(path)
    return connect(path)


def _directors(args: argparse.Namespace) -> int:
    from .resources.access import records, rotation
    try:
        db = _open(args.db)
    except FileNotFoundError:
        print(f"protokoll directors: no database at {args.db}", file=sys.stderr)
        return 1
    if args.action == "list":
        rows = rotation.list_directors(db)
        if args.json:
            print(json.dumps(rows, ensure_ascii=False, indent=2))
        for row in [] if args.json else rows:
            state = f"revoked {row['revoked_at']}" if row["revoked_at"] else "active"
            print(f"{row['id']}  {state:<40}  {row['tables']:>4} tables  "
                  f"{row['tournaments']:>3} tournaments  {row['name']}")
        return 0
    if args.action == "create":
        name = args.value.strip()
        if not 1 <= len(name) <= 80:
            print("protokoll directors: a name of 1 to 80 characters", file=sys.stderr)
            return 2
        made = records.create_director(db, name)
        print(json.dumps(made, ensure_ascii=False, indent=2) if args.json else
              f"director {made['id']} ({made['name']})\ntoken (shown once): {made['token']}")
        return 0
    revoked = rotation.revoke_director(db, args.value)
    if revoked is None:
        print(f"protokoll directors: no director {args.value}", file=sys.stderr)
        return 1
    print(f"revoked director {revoked['id']} ({revoked['name']}) at {revoked['revoked_at']}")
    return 0


def _imports(args: argparse.Namespace) -> int:
    from .db import write_transaction
    from .resources.tournaments import storage
    try:
        db = _open(args.db)
    except FileNotFoundError:
        print(f"protokoll imports: no database at {args.db}", file=sys.stderr)
        return 1
    if args.action == "list":
        rows = storage.list_imports(db, args.status)
        if args.json:
            print(json.dumps(rows, ensure_ascii=False, indent=2))
        for row in [] if args.json else rows:
            print(f"{row['id']}  {row['status'] or '-':<8}  {row['game']:<12} "
                  f"{row['players']:>4} players  by {row['director']} ({row['director_id']})"
                  f"  {row['name']}")
        return 0
    if not args.value:
        print(f"protokoll imports {args.action}: which import? (an id from the list)",
              file=sys.stderr)
        return 2
    status = "accepted" if args.action == "accept" else "rejected"
    with write_transaction(db):
        found = storage.set_import_status(db, args.value, status)
    if not found:
        print(f"protokoll imports: no imported tournament {args.value}", file=sys.stderr)
        return 1
    print(f"import {args.value}: {status}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="protokoll", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)

    serve = commands.add_parser("serve", help="serve the app on an embedded SQLite file")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--db", default="protokoll.sqlite", help="SQLite file")
    serve.add_argument("--workers", type=int, default=DEFAULT_WORKERS,
                       help=f"worker processes (default {DEFAULT_WORKERS})")
    serve.add_argument("--worker-class", choices=WORKER_CLASSES, default="gevent",
                       help="gevent (default): many open live views per worker; gthread: "
                            "a pool of threads per worker")
    serve.add_argument("--connections", type=int, default=DEFAULT_CONNECTIONS,
                       help=f"gevent: connections per worker (default {DEFAULT_CONNECTIONS})")
    serve.add_argument("--threads", type=int, default=DEFAULT_THREADS,
                       help=f"gthread: threads per worker (default {DEFAULT_THREADS})")
    serve.add_argument("--behind-proxy", type=int, default=0, metavar="N",
                       help="N reverse proxies in front set X-Forwarded-For/-Proto/-Host: "
                            "trust that many hops (default 0: the server faces clients)")
    serve.add_argument("--config", type=_setting, action="append", default=[],
                       metavar="KEY=VALUE",
                       help="an app setting, e.g. WRITE_RATE_LIMIT=600 (repeatable)")

    backup = commands.add_parser(
        "backup", help="copy the database to PATH, online and consistent")
    backup.add_argument("path", help="the backup file to write (replaced atomically)")
    backup.add_argument("--db", default="protokoll.sqlite", help="SQLite file")

    restore = commands.add_parser(
        "restore", help="check the backup at PATH and put it in place of the database")
    restore.add_argument("path", help="a file written by protokoll backup")
    restore.add_argument("--db", default="protokoll.sqlite", help="SQLite file")
    restore.add_argument("--force", action="store_true",
                         help="replace a database that exists (a server may be using it)")

    replay = commands.add_parser("replay", help="print the protokoll of a saved table log")
    replay.add_argument("file")
    replay.add_argument("--lang", choices=("sv", "en"), default="en")

    directors = commands.add_parser(
        "directors", help="list, create or revoke tournament directors (the operator)")
    directors.add_argument("action", choices=("list", "create", "revoke"))
    directors.add_argument("value", nargs="?", default=None,
                           help="create: the name; revoke: the director's id")
    directors.add_argument("--db", default="protokoll.sqlite", help="SQLite file")
    directors.add_argument("--json", action="store_true", help="print JSON")

    imports = commands.add_parser(
        "imports", help="list imported tournaments; accept or reject them for the ratings")
    imports.add_argument("action", choices=("list", "accept", "reject"))
    imports.add_argument("value", nargs="?", default=None, help="the import's id")
    imports.add_argument("--status", choices=("pending", "accepted", "rejected"),
                         help="list: only these")
    imports.add_argument("--db", default="protokoll.sqlite", help="SQLite file")
    imports.add_argument("--json", action="store_true", help="print JSON")

    args = parser.parse_args(argv)
    if args.command == "directors":
        if args.action != "list" and not args.value:
            parser.error(f"directors {args.action} needs "
                         f"{'a name' if args.action == 'create' else 'an id'}")
        return _directors(args)
    if args.command == "imports":
        return _imports(args)
    if args.command == "replay":
        from rules_engine.replay import run
        return run(args.file, args.lang)
    if args.command == "serve":
        if args.workers < 1 or args.threads < 1 or args.connections < 1:
            parser.error("--workers, --threads and --connections must be at least 1")
        if args.behind_proxy < 0:
            parser.error("--behind-proxy must be 0 or more")
        return _serve(args)
    if args.command == "backup":
        return _backup(args)
    if args.command == "restore":
        return _restore(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
