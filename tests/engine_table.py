"""One table played through the pure engine, as the game tests use it.

``EngineTable`` holds a table's setup, its live state and the log of what was posted, and
posts events the way the API does (``table_log.apply_game_event``). ``refuse`` is the one
check of a refusal at engine level: the code is the expected one, the state is untouched (the
same object, equal to a deep copy taken before), ``expected`` and ``describe`` say what they
said before, a rule is cited (with a ``rule_prefix``: one of the game's own sections, else one
of its ``generic_sections``, a format error included) and the words exist in both languages.
A game's test file subclasses it with its players and helpers.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rules_engine.errors import RuleViolation
from rules_engine.table_log import Entry, TableSetup, apply_game_event, replay

# Sections every game may cite for a malformed entry (notation, deck, input shape).
GENERIC_SECTIONS = ("Inmatning", "Kortleken", "Kortnotation")


class EngineTable:
    """One table: setup, live state, and the log of what was posted."""

    rule_prefix: str | None = None  # e.g. "Gris — ": the game's refusals cite its sections
    # With a ``rule_prefix``, the sections other than the game's own a refusal may cite
    # (a malformed entry's); a game whose tests always had its own sections cited sets fewer.
    generic_sections: tuple[str, ...] = GENERIC_SECTIONS

    def __init__(self, game: str, players: tuple[str, ...], first_dealer: int = 0,
                 **options: Any):
        self.setup = TableSetup(game, tuple(players), options, first_dealer)
        self.module = self.setup.module
        self.state = self.setup.new_state()
        self.entries: list[Entry] = []

    def post(self, type: str, **fields: Any) -> Any:
        event = {"type": type, **fields}
        self.state = apply_game_event(self.setup, self.state, event)
        self.entries.append(Entry(len(self.entries) + 1, event))
        return self.state

    def refuse(self, code: str, type: str, **fields: Any) -> RuleViolation:
        """Post an event that must be refused with ``code``; nothing may change."""
        before = self.state
        snapshot = copy.deepcopy(before)
        expected_before = self.module.expected(before)
        described = json.dumps(self.module.describe(before), sort_keys=True, default=str)
        with pytest.raises(RuleViolation) as info:
            apply_game_event(self.setup, before, {"type": type, **fields})
        violation = info.value
        assert violation.code == code, repr(violation)
        assert self.state is before and before == snapshot
        assert self.module.expected(before) == expected_before
        assert json.dumps(self.module.describe(before), sort_keys=True, default=str) == described
        assert violation.rule, "every refusal cites a rule"
        if self.rule_prefix and not violation.rule.startswith(self.rule_prefix):
            assert violation.rule in self.generic_sections, violation.rule
        assert violation.message("sv") and violation.message("en")
        return violation

    def expected(self) -> Any:
        return self.module.expected(self.state)

    def replayed(self) -> Any:
        return replay(self.setup, self.entries)
