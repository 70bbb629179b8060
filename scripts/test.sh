#!/usr/bin/env bash
# One command: set up everything the tests need and run the whole suite, browser tests
# included. Installs Debian's chromium for the browser tests when it is missing (as root,
# or with sudo). Extra arguments go to pytest: bash scripts/test.sh -k rodskagg
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test

if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the browser tests..."
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

exec .venv/bin/python -m pytest "$@"
