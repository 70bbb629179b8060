"""The tournament logic is pure: none of its modules imports a web framework or a database,
so it runs the same behind the API, in the benchmark and in these tests."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOGIC = ROOT / "api" / "tournament_logic"
FORBIDDEN = {"flask", "marshmallow", "sqlite3", "sqlite_utils", "flask_smorest", "webargs",
             "apispec", "waitress", "werkzeug"}


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: must stay inside the package
                assert node.level == 1, f"{path.name} reaches outside tournament_logic"
            elif node.module:
                roots.add(node.module.split(".")[0])
    return roots


def test_no_module_of_the_tournament_logic_imports_web_or_database_code():
    modules = sorted(LOGIC.glob("*.py"))
    assert {m.name for m in modules} >= {"seating.py", "standings.py", "ratings.py",
                                         "reading.py", "scoring.py", "exchange.py"}
    for module in modules:
        roots = imported_roots(module)
        assert not roots & FORBIDDEN, (module.name, roots & FORBIDDEN)
        assert roots <= {"__future__", "collections", "csv", "dataclasses", "io", "itertools",
                         "json", "operator", "random", "typing", "openskill",
                         "rules_engine"}, (
            module.name, roots)
