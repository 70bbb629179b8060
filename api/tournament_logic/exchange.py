"""Export and import: the whole tournament as JSON, standings and protokolls as CSV.

**JSON** (``format: protokoll-tournament``, ``version: 1``) is the complete record: settings,
players, every round as seated (method, seed, byes, rotation block), every table's protokoll
(the game's sheet), result, findings and log, the adjustments, and the standings computed
when exported. ``read_export`` checks a document and returns its parts; reading every table
again from its protokoll (``reading.read_table``) and computing the standings gives the
same standings — the export carries everything they rest on, nothing is taken on trust
from the standings it carries. ``POST /api/tournament-imports`` keeps such a document as an
archived tournament (standings, exports, ratings; no live tables).

**CSV**, for spreadsheets: the standings (one line per player, the rule's columns by key),
and every table's protokoll in long form (one line per protokoll row and column), so one
sheet filters or pivots any table. ``read_standings_csv`` and ``read_protokolls_csv`` read
them back (the tests check the round trip).
"""

from __future__ import annotations

import csv
import io
from typing import Any, Iterable

from rules_engine import csv_safety

from .model import Adjustment, Limit, Player, Round

FORMAT = "protokoll-tournament"
VERSION = 1


class ExportError(ValueError):
    """A document that is not a tournament export we can read; ``field`` says where."""

    def __init__(self, field: str, problem: str):
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem


# --- JSON --------------------------------------------------------------------------------------
# An export is read from anyone's hands (a rival club's server, a hand-edited file): its
# numbers must be JSON numbers of the sizes the API itself makes, not text that ``int`` or
# ``float`` would turn into one — "9" * 30 overflowed SQLite's integers (a 500), "nan" or
# "inf" points stored a tournament whose standings can never be read or written as JSON,
# and ``bool("false")`` withdrew a player.
LARGEST = 2**53 - 1     # the API's integer limit (api.limits.MAX_JSON_INTEGER)
MAX_ROUNDS = 50         # as TournamentCreateSchema.rounds
MAX_POINTS = 1000       # an adjustment, as AdjustmentCreateSchema.points
MAX_NAME = 80           # the tournament's name, as TournamentCreateSchema.name


def _whole(value: Any, field: str, low: int = 0, high: int = LARGEST) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ExportError(field, f"not a whole number from {low} to {high}")
    return value


def _flag(value: Any, field: str) -> bool:
    if value is None:
        return False
    if type(value) is not bool:
        raise ExportError(field, "not true or false")
    return value


def _points(value: Any, field: str) -> float:
    if type(value) not in (int, float) or not -MAX_POINTS <= value <= MAX_POINTS:
        raise ExportError(field, f"not a number from {-MAX_POINTS} to {MAX_POINTS}")
    return float(value)


def _check_round(data: Any, where: str) -> None:
    """The numbers of a seated round as ``Round.from_dict`` takes them, strictly."""
    if not isinstance(data, dict) or not isinstance(data.get("tables"), list):
        raise ExportError(where, "not a seated round")
    _whole(data.get("number"), f"{where}.number", 1, MAX_ROUNDS)
    _whole(data.get("seed"), f"{where}.seed", -LARGEST)
    for i, table in enumerate(data["tables"]):
        if not isinstance(table, dict) or not isinstance(table.get("seats"), list):
            raise ExportError(f"{where}.tables[{i}]", "not a seated table")
        _whole(table.get("number"), f"{where}.tables[{i}].number", 1)
        for seat in table["seats"]:
            _whole(seat, f"{where}.tables[{i}].seats", 1)
        if table.get("seq") is not None:
            _whole(table["seq"], f"{where}.tables[{i}].seq")
        _flag(table.get("over"), f"{where}.tables[{i}].over")
    for bye in data.get("byes") or ():
        _whole(bye, f"{where}.byes", 1)

def export_document(tournament: dict[str, Any], players: Iterable[Player],
                    rounds: Iterable[Round], sources: dict[tuple[int, int], dict[str, Any]],
                    adjustments: Iterable[Adjustment],
                    standings: dict[str, Any]) -> dict[str, Any]:
    """The whole tournament. ``sources[(round, table)]``: the table's ``table_id``, ``seq``,
    ``sheet``, ``result``, ``over``, ``findings`` and ``log``."""
    rounds_out = []
    for rnd in rounds:
        data = rnd.as_dict()
        for table in data["tables"]:
            source = sources.get((rnd.number, table["number"])) or {}
            table.update({k: source.get(k) for k in ("table_id", "seq", "over", "result")})
            table["protokoll"] = source.get("sheet")
            table["findings"] = source.get("findings") or []
            table["log"] = source.get("log") or []
        rounds_out.append(data)
    settings = {k: tournament.get(k) for k in ("id", "name", "game", "title", "options",
                                               "rounds", "per_round", "scoring", "table_size",
                                               "created_at", "rated")}
    return {"format": FORMAT, "version": VERSION, "tournament": settings,
            "players": [p.as_dict() for p in players], "rounds": rounds_out,
            "adjustments": [a.as_dict() for a in adjustments], "standings": standings}


def read_export(doc: Any) -> dict[str, Any]:
    """The parts of an export: ``tournament`` settings, ``players``, ``rounds``, ``sources``
    (per (round, table) as ``export_document`` took them) and ``adjustments``."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ExportError("format", f"expected {FORMAT!r}")
    if doc.get("version") != VERSION:
        raise ExportError("version", f"expected {VERSION}")
    try:
        settings = dict(doc["tournament"])
        for key in ("name", "game", "rounds", "scoring", "created_at"):
            if key not in settings:
                raise ExportError(f"tournament.{key}", "missing")
        if not isinstance(settings["name"], str) or not 1 <= len(settings["name"]) <= MAX_NAME:
            raise ExportError("tournament.name", f"not a name of 1 to {MAX_NAME} characters")
        if not isinstance(settings["created_at"], str):
            raise ExportError("tournament.created_at", "not a time")
        _whole(settings["rounds"], "tournament.rounds", 1, MAX_ROUNDS)
        Limit.from_dict(settings.get("per_round"))
        players = [Player(_whole(p["number"], "players.number", 1), str(p["name"]),
                          str(p.get("club") or ""), str(p.get("key") or ""),
                          _flag(p.get("withdrawn"), "players.withdrawn"))
                   for p in doc["players"]]
        numbers = {p.number for p in players}
        if len(numbers) != len(players):
            raise ExportError("players", "start numbers repeat")
        rounds, sources = [], {}
        for index, data in enumerate(doc["rounds"]):
            _check_round(data, f"rounds[{index}]")
            rnd = Round.from_dict(data)
            for table, raw in zip(rnd.tables, data["tables"]):
                if not set(table.seats) <= numbers:
                    raise ExportError(f"rounds[{rnd.number}].tables[{table.number}]",
                                      "seats a player who is not in the tournament")
                sheet = raw.get("protokoll")
                if sheet is not None and not isinstance(sheet.get("rows"), list):
                    raise ExportError(f"rounds[{rnd.number}].tables[{table.number}].protokoll",
                                      "rows missing")
                sources[(rnd.number, table.number)] = {
                    "table_id": raw.get("table_id"), "seq": int(raw.get("seq") or 0),
                    "sheet": sheet, "result": raw.get("result"),
                    "over": bool(raw.get("over")), "findings": list(raw.get("findings") or []),
                    "log": list(raw.get("log") or [])}
            rounds.append(rnd)
        adjustments = [Adjustment(str(a["id"]), _whole(a["player"], "adjustments.player", 1),
                                  _points(a["points"], "adjustments.points"),
                                  str(a["reason"]), None if a.get("round") is None else _whole(
                                      a["round"], "adjustments.round", 1, settings["rounds"]),
                                  str(a.get("created_at", "")))
                       for a in doc.get("adjustments", [])]
        for adjustment in adjustments:
            if adjustment.player not in numbers:
                raise ExportError("adjustments.player",
                                  f"{adjustment.player} is not in the tournament")
    except ExportError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ExportError("document", f"not a tournament export ({error!r})") from error
    return {"tournament": settings, "players": players, "rounds": rounds, "sources": sources,
            "adjustments": adjustments}


# --- CSV ---------------------------------------------------------------------------------------
STANDINGS_FIXED = ("rank", "number", "name", "club")
STANDINGS_TAIL = ("adjustment", "opponents", "played", "byes", "withdrawn")


def standings_csv(standings: dict[str, Any]) -> str:
    keys = [c["key"] for c in standings["rule"]["columns"]]
    out = io.StringIO()
    writer = csv_safety.writer(out)  # no formulas (OWASP)
    writer.writerow([*STANDINGS_FIXED, *keys, *STANDINGS_TAIL])
    for row in standings["rows"]:
        writer.writerow([row["rank"], row["number"], row["name"], row["club"],
                         *(row["figures"][k] for k in keys), row["adjustment"],
                         row["opponents"], row["played"], row["byes"],
                         "yes" if row["withdrawn"] else ""])
    return out.getvalue()


def _figure(text: str) -> int | float:
    value = float(text)
    return int(value) if value.is_integer() else value


def read_standings_csv(text: str) -> list[dict[str, Any]]:
    """The standings lines as dicts shaped like the JSON rows (without the rounds)."""
    reader = csv.reader(io.StringIO(text))
    header = next(reader)
    keys = header[len(STANDINGS_FIXED):len(header) - len(STANDINGS_TAIL)]
    rows = []
    for line in reader:
        values = dict(zip(header, line))
        rows.append({
            "rank": int(values["rank"]), "number": int(values["number"]),
            "name": csv_safety.restore(values["name"]),
            "club": csv_safety.restore(values["club"]),
            "withdrawn": values["withdrawn"] == "yes",
            "figures": {k: _figure(values[k]) for k in keys},
            "adjustment": _figure(values["adjustment"]),
            "opponents": _figure(values["opponents"]),
            "played": int(values["played"]), "byes": int(values["byes"])})
    return rows


PROTOKOLL_HEADER = ("round", "table", "table_id", "row", "deal", "kind", "what", "column",
                    "name", "change", "total")


def protokolls_csv(rounds: Iterable[Round], sources: dict[tuple[int, int], dict[str, Any]],
                   lang: str = "en") -> str:
    out = io.StringIO()
    writer = csv_safety.writer(out)  # no formulas (OWASP)
    writer.writerow(PROTOKOLL_HEADER)
    for rnd in rounds:
        for table in rnd.tables:
            source = sources.get((rnd.number, table.number)) or {}
            sheet = source.get("sheet")
            if not sheet:
                continue
            for index, row in enumerate(sheet["rows"]):
                for column, name in enumerate(sheet["players"]):
                    change = row["changes"][column]
                    writer.writerow([rnd.number, table.number, source.get("table_id") or "",
                                     index, "" if row["deal"] is None else row["deal"],
                                     row["kind"], row["label"][lang], column, name,
                                     "" if change is None else change, row["totals"][column]])
    return out.getvalue()


def read_protokolls_csv(text: str) -> dict[tuple[int, int], dict[str, Any]]:
    """Per (round, table): the column names and the rows with their changes and totals."""
    tables: dict[tuple[int, int], dict[str, Any]] = {}
    for line in csv.DictReader(io.StringIO(text)):
        key = (int(line["round"]), int(line["table"]))
        table = tables.setdefault(key, {"table_id": line["table_id"], "players": [],
                                        "rows": []})
        index = int(line["row"])
        if index == len(table["rows"]):
            table["rows"].append({"deal": int(line["deal"]) if line["deal"] else None,
                                  "kind": line["kind"],
                                  "what": csv_safety.restore(line["what"]),
                                  "changes": [], "totals": []})
        if index == 0:
            table["players"].append(csv_safety.restore(line["name"]))
        row = table["rows"][index]
        row["changes"].append(int(line["change"]) if line["change"] else None)
        row["totals"].append(int(line["total"]))
    return tables
