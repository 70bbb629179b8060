"""The protokoll as a CSV file that a spreadsheet opens right.

Two dialects:

- ``semicolon`` — what a spreadsheet set up for Swedish (or most of Europe) expects: UTF-8
  with a byte order mark (without it Excel reads "Händelse" as "HÃ¤ndelse"), ``;`` between
  cells (the comma is the decimal sign there, so a comma-separated file lands in one
  column), CRLF line ends. The default with ``lang=sv``.
- ``comma`` — plain RFC 4180 CSV: UTF-8 without a mark, ``,`` between cells. The default
  with ``lang=en``, and what scripts and English spreadsheets read.

The headers follow the language: "Rad; Giv; Händelse; Anna; …" in Swedish, "row, deal,
what, Anna, …" in English. Every cell goes through ``cell`` on the way out, the one place a
spreadsheet-formula guard belongs.
"""

from __future__ import annotations

import csv
import io
from typing import Any, Callable, Iterator

from . import csv_safety
from .sheet import Sheet

DIALECTS = ("semicolon", "comma")
BOM = "\ufeff"
HEADERS = {"sv": ("Rad", "Giv", "Händelse"), "en": ("row", "deal", "what")}
SETTLEMENT = {"sv": "Avräkning", "en": "settlement"}


def default_dialect(lang: str) -> str:
    """A Swedish reader gets the file a Swedish spreadsheet opens; others plain CSV."""
    return "semicolon" if lang == "sv" else "comma"


def rows(sheet: Sheet, lang: str) -> Iterator[list[Any]]:
    """The protokoll's lines: the headers, a line per row with the running totals, and the
    settlement when the game has one."""
    yield [*HEADERS.get(lang, HEADERS["en"]), *sheet.players]
    for index, row in enumerate(sheet.rows):
        label = row.label_sv if lang == "sv" else row.label_en
        yield [index, "" if row.deal is None else row.deal, label, *row.totals]
    if sheet.settlement is not None:
        yield ["", "", SETTLEMENT.get(lang, SETTLEMENT["en"]), *sheet.settlement]


def write(sheet: Sheet, lang: str = "en", dialect: str | None = None,
          cell: Callable[[Any], Any] = csv_safety.cell) -> str:
    """The CSV text in the dialect (``None``: the language's default). ``cell`` maps each
    cell before it is written: by default a text cell that a spreadsheet would take for a
    formula is neutralised (``csv_safety``); numbers stay numbers."""
    dialect = dialect or default_dialect(lang)
    if dialect not in DIALECTS:
        raise ValueError(f"unknown CSV dialect {dialect!r}")
    out = io.StringIO()
    if dialect == "semicolon":
        out.write(BOM)
        writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    else:
        writer = csv.writer(out)
    for line in rows(sheet, lang):
        writer.writerow([cell(value) for value in line])
    return out.getvalue()
