"""A game's sibling module imports on its own in a fresh interpreter, before its game module:
a split game's sibling (``rodskagg_femopp``, ``braus_duties``, ...) imported first used to fail
with a circular import (``rules_engine/games/__init__.py`` says why it no longer does)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

GAMES = Path(__file__).resolve().parents[2] / "rules_engine" / "games"

PROBE = """
import importlib, sys
failed = []
for name in sys.argv[1:]:
    for loaded in [m for m in sys.modules if m == "rules_engine" or m.startswith("rules_engine.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module("rules_engine.games." + name)
    except Exception as error:
        failed.append(f"{name}: {type(error).__name__}: {error}")
print("\\n".join(failed))
"""


def first_siblings() -> list[str]:
    """For each game module with sibling modules (``<game>_<part>.py``), its first sibling:
    each sibling of a game imports the same way, so one per game shows the order."""
    modules = sorted(p.stem for p in GAMES.glob("*.py") if p.stem != "__init__")
    return [next(m for m in modules if m.startswith(game + "_")) for game in modules
            if any(m.startswith(game + "_") for m in modules)]


def test_a_sibling_module_imports_first_in_a_fresh_interpreter():
    names = first_siblings()
    assert {"braus_duties", "fyrtioett_play", "norrandsknack_bidding", "rodskagg_femopp",
            "skitgubbe_one", "schnapsen_describe"} <= set(names)
    done = subprocess.run([sys.executable, "-c", PROBE, *names], capture_output=True,
                          text=True, check=True)
    assert done.stdout.strip() == "", done.stdout
