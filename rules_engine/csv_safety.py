"""CSV that a spreadsheet opens as data, never as formulas (OWASP "CSV Injection").

Every CSV the server serves — a table's protokoll, a tournament's standings and its
protokolls — holds text that players typed: their names, a club, a reason. A spreadsheet
that opens or fetches the file (the README invites it to) takes a cell that begins with
``=``, ``+``, ``-`` or ``@`` as a formula, and tab or carriage return can hide one; so a
name such as ``=HYPERLINK("http://…","Anna")`` would run in the director's spreadsheet.

The rule, one function used everywhere (``cell``):

- a number (``int``/``float``) is written as it is: ``-12`` stays the number −12, which a
  spreadsheet must be able to add up;
- a text that begins with one of those characters gets a leading ``'``, which spreadsheets
  read as "this is text" — so a text ``"-12"`` is written ``'-12``: text stays text;
- a text that begins with ``'`` followed by one of them gets one more ``'``, so that
  ``restore`` (used by the readers that import our own CSV back) is exact for every text.
"""

from __future__ import annotations

import csv
from typing import Any, Iterable, TextIO

TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def cell(value: Any) -> Any:
    """A value as it may go into a served CSV cell."""
    if isinstance(value, str) and (value.startswith(TRIGGERS) or (
            value.startswith("'") and value[1:].lstrip("'").startswith(TRIGGERS))):
        return "'" + value
    return value


def restore(text: str) -> str:
    """The text ``cell`` neutralised, as it was (for reading our own exports back)."""
    if text.startswith("'") and text[1:].lstrip("'").startswith(TRIGGERS):
        return text[1:]
    return text


class Writer:
    """``csv.writer`` whose every row goes through ``cell``."""

    def __init__(self, out: TextIO):
        self._writer = csv.writer(out)

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([cell(value) for value in row])


def writer(out: TextIO) -> Writer:
    return Writer(out)
