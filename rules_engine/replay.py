"""``protokoll replay FILE``: print the protokoll of a saved table log.

The file is the JSON that ``GET /api/tables/{id}/events`` returns (or written by hand)::

    {"game": "rodskagg", "players": ["Anna", "Bo", "Cia"], "options": {},
     "first_dealer": 0,
     "events": [{"seq": 1, "event": {"type": "result", "bids": [...], ...}}, ...]}

Entries may also be bare events (``"events": [{"type": ...}, ...]``); they are numbered in
order. The replay uses the same engine as the server, so a disputed log gives the same answer
on a laptop as at the table.
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from .errors import RuleViolation
from .table_log import Entry, TableSetup, replay


def load_log(data: dict[str, Any]) -> tuple[TableSetup, list[Entry]]:
    setup = TableSetup(game=data["game"], players=tuple(data["players"]),
                       options=data.get("options") or {},
                       first_dealer=data.get("first_dealer", 0))
    entries = []
    for index, item in enumerate(data.get("events", []), start=1):
        if "event" in item and isinstance(item["event"], dict) and "seq" in item:
            entries.append(Entry(item["seq"], item["event"]))
        else:
            entries.append(Entry(index, item))
    return setup, entries


def _hidden_entry(entries: list[Entry]) -> int | None:
    """The first entry whose cards were hidden from whoever saved the log
    (``rules_engine.secrets``: another seat's private entry, still closed)."""
    for entry in entries:
        inner = entry.event.get("event") if entry.event.get("type") == "correct" else entry.event
        if isinstance(inner, dict) and any(isinstance(v, dict) and v.get("hidden")
                                           for v in inner.values()):
            return entry.seq
    return None


def run(path: str, lang: str = "en", out: TextIO = sys.stdout) -> int:
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    setup, entries = load_log(data)
    hidden = _hidden_entry(entries)
    if hidden is not None:
        print({"sv": f"fel: händelse {hidden} har dolda kort (en annan plats privata "
                     "inmatning). Spara loggen när given är slut, eller som "
                     "turneringsledaren.",
               "en": f"error: event {hidden} holds hidden cards (another seat's private "
                     "entry). Save the log once the deal is over, or as the director."}
              .get(lang, ""), file=sys.stderr)
        return 1
    try:
        state = replay(setup, entries)
    except RuleViolation as violation:
        print(f"error: {violation.message(lang)} ({violation.rule})", file=sys.stderr)
        return 1
    module = setup.module
    print(f"{module.TITLE} — {', '.join(setup.players)}", file=out)
    print(module.sheet(state).to_text(lang), file=out)
    for finding in module.findings(state):
        print(f"finding: {finding.sv if lang == 'sv' else finding.en}", file=out)
    return 0
