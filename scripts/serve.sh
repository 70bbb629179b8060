#!/usr/bin/env bash
# One command: set up on a fresh machine (Python 3.11 is all it needs) and serve Protokoll
# on an embedded SQLite file. Options are passed on: bash scripts/serve.sh --port 9000
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/protokoll serve --db "${PROTOKOLL_DB:-protokoll.sqlite}" "$@"
