#!/usr/bin/env bash
# Create .venv with Python 3.11 and install Protokoll into it (editable). Idempotent.
# Usage: bash scripts/setup.sh [extra]   e.g. "test" for the test dependencies
set -euo pipefail
cd "$(dirname "$0")/.."

find_python() {
  for candidate in python3.11 python3 python; do
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))'; then
      echo "$candidate"; return 0
    fi
  done
  echo "Python 3.11 is needed and was not found on PATH." >&2
  return 1
}

if [ ! -x .venv/bin/python ] || ! .venv/bin/python -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))'; then
  rm -rf .venv
  "$(find_python)" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
spec="."
if [ -n "${1:-}" ]; then spec=".[$1]"; fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e "$spec"
