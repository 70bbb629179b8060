"""The protokoll as a CSV a spreadsheet opens right (rules_engine.spreadsheet): the Swedish
dialect (BOM, ';', CRLF, Swedish headers) and plain comma CSV, the same lines in both."""

from __future__ import annotations

import csv
import io

import pytest

from rules_engine import spreadsheet
from tests.rules_engine.test_sheet import sample_sheet


def test_the_swedish_dialect_is_what_a_swedish_spreadsheet_opens():
    text = spreadsheet.write(sample_sheet(settlement=(-4, 13, -9)), "sv")
    assert text.startswith("\ufeffRad;Giv;Händelse;Anna;Bo;Cia\r\n")
    lines = list(csv.reader(io.StringIO(text[1:], newline=""), delimiter=";"))
    assert lines[2] == ["1", "1", "Giv 1: Bo tre, 4 stick, hem", "12", "8", "12"]
    assert lines[-1] == ["", "", "Avräkning", "-4", "13", "-9"]


def test_plain_comma_csv_has_the_same_lines():
    sheet = sample_sheet(settlement=(-4, 13, -9))
    semicolon = list(csv.reader(io.StringIO(spreadsheet.write(sheet, "sv")[1:], newline=""),
                                delimiter=";"))
    comma = spreadsheet.write(sheet, "sv", "comma")
    assert not comma.startswith("\ufeff")
    assert list(csv.reader(io.StringIO(comma))) == semicolon
    english = list(csv.reader(io.StringIO(spreadsheet.write(sheet, "en"))))
    assert english == list(csv.reader(io.StringIO(sheet.to_csv("en"))))


def test_every_cell_goes_through_the_cell_hook_and_numbers_stay_numbers():
    seen = []
    spreadsheet.write(sample_sheet(), "sv", cell=lambda value: seen.append(value) or value)
    assert "Rad" in seen and "Fem opp: Cia" in seen and 17 in seen and -4 not in seen
    assert len(seen) == 4 * 6  # headers and three rows, six cells each


def test_an_unknown_dialect_is_refused():
    with pytest.raises(ValueError):
        spreadsheet.write(sample_sheet(), "sv", "tab")
