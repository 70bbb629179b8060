"""The rules engine is pure: importing it pulls in no web framework and no database."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = ("flask", "marshmallow", "sqlite3", "sqlite_utils", "flask_smorest", "webargs",
             "apispec", "waitress", "gunicorn", "openskill")

PROBE = textwrap.dedent("""
    import importlib, json, pkgutil, sys
    import rules_engine
    import rules_engine.registry  # imports every game
    names = [m.name for m in pkgutil.walk_packages(rules_engine.__path__, "rules_engine.")]
    for name in names:
        importlib.import_module(name)
    loaded = sorted(m for m in sys.modules
                    if m.split(".")[0] in %r)
    print(json.dumps({"modules": names, "loaded": loaded}))
""" % (FORBIDDEN,))


def test_importing_the_engine_imports_no_web_or_database_code():
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    # The probe really walked the engine ...
    for module in ("rules_engine.cards", "rules_engine.tricks", "rules_engine.knowledge",
                   "rules_engine.sheet", "rules_engine.errors", "rules_engine.events",
                   "rules_engine.protocol", "rules_engine.registry", "rules_engine.table_log",
                   "rules_engine.replay", "rules_engine.games.rodskagg"):
        assert module in report["modules"]
    # ... and nothing forbidden came with it.
    assert report["loaded"] == []


def test_the_probe_would_notice_a_forbidden_import():
    probe = PROBE.replace("import rules_engine\n", "import rules_engine\nimport sqlite3\n", 1)
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "sqlite3" in json.loads(result.stdout.strip().splitlines()[-1])["loaded"]
