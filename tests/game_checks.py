"""Checks of a game's protokoll, catalog entry and rules page that every game's tests share.

- ``check_rows_add_up``: the protokoll's arithmetic: each row's totals are the running sum of
  the changes so far, and the last ones are the game's totals.
- ``check_sheet_exports``: the protokoll leaves the app as JSON, text and CSV.
- ``check_labels``: every event, event field and option choice has its Swedish/English label,
  so the app never shows a bare identifier.
- ``check_rules_page``: ``docs/rules/<game>.md`` names every option, event and rule section of
  the game, and the module docstring every option (the rules page and the code say the same).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import fields
from pathlib import Path

RULES_PAGES = Path(__file__).parents[1] / "docs" / "rules"


def check_rows_add_up(rows, start: Sequence[int], totals: tuple[int, ...]) -> None:
    """After the header row, each row's ``totals`` are the running sum from ``start`` of the
    rows' ``changes`` (None: untouched), and the running sum ends at ``totals``."""
    running = list(start)
    for row in rows[1:]:
        running = [t + (c or 0) for t, c in zip(running, row.changes)]
        assert tuple(running) == row.totals
    assert tuple(running) == totals


def check_sheet_exports(sheet, players: Sequence[str] | None = None) -> str:
    """The protokoll exports as JSON and text, and as CSV whose header names the players (when
    given) after row, deal and what. Returns the Swedish CSV text for the game's own checks."""
    csv_text = sheet.to_csv("sv")
    if players is not None:
        assert csv_text.splitlines()[0] == ",".join(("row", "deal", "what", *players))
    json.dumps(sheet.as_dict())
    assert sheet.to_text()
    return csv_text


def check_labels(module, unlabelled: Iterable[str] = ("seat",), all_events: bool = False,
                 option_choices: bool = True) -> None:
    """Every event of ``module`` has a label (``all_events``: and the labels are exactly the
    events), every field of an event has one except the ``unlabelled`` the app words itself
    (seats, cards), and (``option_choices``) every string choice of an option has a value
    label."""
    labels = module.LABELS
    if all_events:
        assert set(labels["events"]) == set(module.EVENTS)
    else:
        assert set(module.EVENTS) <= set(labels["events"])
    names = {f for spec in module.EVENTS.values() for f in (*spec.required, *spec.optional)}
    assert names - set(unlabelled) <= set(labels["fields"])
    if option_choices:
        for option in fields(module.Options):
            for choice in option.metadata.get("choices", ()):
                if isinstance(choice, str):
                    assert choice in labels["values"], choice


def check_rules_page(module, page: str, docstring: str | None = None,
                     whole_refs: bool = False) -> str:
    """``docs/rules/<page>.md`` names every option and event of ``module`` in backticks and
    each of its rule sections (the part after "Game — ", or the whole ref with
    ``whole_refs``); ``docstring`` (the module's own unless given) names every option in
    double backticks. Returns the page's text."""
    text = (RULES_PAGES / f"{page}.md").read_text("utf-8")
    doc = module.__doc__ if docstring is None else docstring
    for option in fields(module.Options):
        assert f"`{option.name}`" in text, option.name
        assert f"``{option.name}``" in doc, (module.__name__, option.name)
    for event in module.EVENTS:
        assert f"`{event}`" in text, event
    for section in module.RULES:
        ref = section.ref if whole_refs else section.ref.split(" — ")[1]
        assert ref in text, section.ref
    return text
