"""The ``protokoll`` command.

``protokoll serve [--host H] [--port P] [--db FILE]``   serve the app and the API (waitress)
``protokoll replay FILE [--lang sv|en]``               print the protokoll of a saved log
"""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="protokoll", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)

    serve = commands.add_parser("serve", help="serve the app on an embedded SQLite file")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--db", default="protokoll.sqlite", help="SQLite file")
    serve.add_argument("--threads", type=int, default=8)

    replay = commands.add_parser("replay", help="print the protokoll of a saved table log")
    replay.add_argument("file")
    replay.add_argument("--lang", choices=("sv", "en"), default="en")

    args = parser.parse_args(argv)
    if args.command == "replay":
        from rules_engine.replay import run
        return run(args.file, args.lang)
    if args.command == "serve":
        from waitress import serve as waitress_serve
        from . import create_app
        app = create_app({"DATABASE": args.db})
        print(f"Protokoll on http://{args.host}:{args.port}/ (database {args.db})", flush=True)
        waitress_serve(app, host=args.host, port=args.port, threads=args.threads)
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
