"""Checking an imported tournament the way its tables were checked when they were played.

An export carries every table's log as well as its protokoll, result and findings. An
import takes none of the derived parts on trust: ``verify_tables`` posts every table's log
again, entry by entry, through the engine (``rules_engine.table_log.apply_entry``, what a
phone's post goes through), and the protokoll, result, over and findings the engine derives
must be the ones the document carries. The first place that fails is named — round, table,
the entry's sequence number and the engine's own reason — and the import is refused whole.
What is kept afterwards is what the engine derived, so the standings and ratings of an
import rest on replayed logs only.

A table of an import is played at its seats in the tournament's order of players, by the
names the tournament gives them, with the first dealer at seat 0: how every tournament
table here is started (``service.seat_next_round``).

Pure: no Flask, no SQLite.
"""

from __future__ import annotations

import json
from typing import Any

from rules_engine.errors import RuleViolation
from rules_engine.table_log import Entry, TableSetup, apply_entry

from .model import Round


class ImportRefused(ValueError):
    """The first place where an import fails: ``code`` (stable), ``place`` (round, table,
    seq), the engine's ``violation`` when it refused an entry, and the messages."""

    def __init__(self, code: str, place: dict[str, Any], sv: str, en: str,
                 violation: RuleViolation | None = None, extra: dict[str, Any] | None = None):
        super().__init__(en)
        self.code, self.place, self.violation = code, place, violation
        self.messages = {"sv": sv, "en": en}
        self.extra = dict(extra or {})

    @property
    def rule(self) -> str | None:
        return self.violation.rule if self.violation is not None else None

    @property
    def details(self) -> dict[str, Any]:
        details = {**self.place, **self.extra}
        if self.violation is not None:
            details["engine"] = {"code": self.violation.code,
                                 "message": dict(self.violation.messages),
                                 "rule": self.violation.rule}
        return details


def _plain(value: Any) -> Any:
    """As it reads after a trip through JSON (what the document carries)."""
    return json.loads(json.dumps(value, ensure_ascii=False, default=str))


def _where(rnd: int, table: int) -> tuple[str, str]:
    return f"Rond {rnd}, bord {table}", f"Round {rnd}, table {table}"


def _entries(log: Any, place: dict[str, Any]) -> list[Entry]:
    """The log's entries, numbered 1, 2, 3, … with an event each, or refused."""
    out = []
    for index, item in enumerate(log if isinstance(log, list) else [log]):
        seq = item.get("seq") if isinstance(item, dict) else None
        event = item.get("event") if isinstance(item, dict) else None
        if (not isinstance(seq, int) or isinstance(seq, bool) or seq != index + 1
                or not isinstance(event, dict)):
            sv, en = _where(place["round"], place["table"])
            raise ImportRefused(
                "import_entry_malformed", {**place, "seq": index + 1},
                f"{sv}: post {index + 1} i loggen är ingen händelse med nummer {index + 1}.",
                f"{en}: entry {index + 1} of the log is not an event numbered {index + 1}.")
        out.append(Entry(seq, event))
    return out


def replay_table(setup: TableSetup, log: Any, place: dict[str, Any]) -> dict[str, Any]:
    """Post the log again through the engine; the table as the engine derives it."""
    entries = _entries(log, place)
    sv, en = _where(place["round"], place["table"])
    state = setup.new_state()
    for position, entry in enumerate(entries):
        try:
            state = apply_entry(setup, state, entries[:position], entry.event)
        except RuleViolation as violation:
            raise ImportRefused(
                "import_entry_refused", {**place, "seq": entry.seq},
                f"{sv}, händelse {entry.seq}: {violation.message('sv')}",
                f"{en}, event {entry.seq}: {violation.message('en')}",
                violation) from violation
        except (TypeError, KeyError, ValueError, AttributeError, IndexError,
                RecursionError) as error:
            raise ImportRefused(
                "import_entry_malformed", {**place, "seq": entry.seq},
                f"{sv}, händelse {entry.seq}: händelsen går inte att läsa.",
                f"{en}, event {entry.seq}: the event cannot be read.",
                extra={"problem": type(error).__name__}) from error
    module = setup.module
    return _plain({"sheet": module.sheet(state).as_dict(), "result": module.result(state),
                   "over": module.is_over(state),
                   "findings": [f.as_dict() for f in module.findings(state)]})


def _first_difference(claimed: Any, derived: Any) -> str:
    """Which part of a table the document gets wrong: 'protokoll row N', 'result', …"""
    for part in ("sheet", "result", "over", "findings"):
        if claimed.get(part) != derived.get(part):
            if part == "sheet" and isinstance(claimed.get("sheet"), dict):
                rows = claimed["sheet"].get("rows") or []
                for index, row in enumerate(derived["sheet"]["rows"]):
                    if index >= len(rows) or rows[index] != row:
                        return f"protokoll row {index}"
                return "protokoll"
            return "protokoll" if part == "sheet" else part
    return ""


def verify_tables(game: str, options: dict[str, Any], names: dict[int, str],
                  rounds: list[Round],
                  sources: dict[tuple[int, int], dict[str, Any]]) -> dict[tuple[int, int],
                                                                          dict[str, Any]]:
    """Every table of the import replayed; the sources to keep (derived, not claimed).
    Raises ``ImportRefused`` at the first table that does not replay to what it claims."""
    verified = {}
    for rnd in rounds:
        for table in rnd.tables:
            place = {"round": rnd.number, "table": table.number}
            source = sources[(rnd.number, table.number)]
            setup = TableSetup(game, tuple(names[p] for p in table.seats), dict(options), 0)
            derived = replay_table(setup, source.get("log"), place)
            claimed = _plain({"sheet": source.get("sheet"), "result": source.get("result"),
                              "over": source.get("over"),
                              "findings": source.get("findings")})
            part = _first_difference(claimed, derived)
            if part:
                sv, en = _where(rnd.number, table.number)
                seq = len(source.get("log") or [])
                raise ImportRefused(
                    "import_protokoll_mismatch", {**place, "seq": seq},
                    f"{sv}: loggen ger inte det protokoll som exporten anger ({part}).",
                    f"{en}: the log does not give the protokoll the export states ({part}).",
                    extra={"part": part})
            verified[(rnd.number, table.number)] = {
                **source, **derived, "seq": len(source.get("log") or [])}
    return verified
