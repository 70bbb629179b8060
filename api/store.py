"""Tables and their logs in SQLite: the only place the API touches storage.

Posting an event is one ``BEGIN IMMEDIATE`` transaction: check the device, answer a retried
``client_event_id`` with its first answer, refuse a stale ``based_on``, apply the event to the
cached snapshot (not a replay of the whole log), then append the event, move the table's
sequence number and replace the snapshot together. Either all of it is on disk or none.

Snapshots are a cache: each carries the fingerprint of the engine code that made it. After an
engine upgrade the fingerprint differs, and the state is rebuilt by replaying the log.
"""

from __future__ import annotations

import hashlib
import json
import pickle
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import sqlite_utils

import rules_engine
from rules_engine.errors import RuleViolation
from rules_engine.protocol import build_options
from rules_engine.registry import get_game
from rules_engine.table_log import Entry, TableSetup, apply_entry, replay

from . import auth
from .db import write_transaction
from .errors import ApiError


def _engine_fingerprint() -> str:
    digest = hashlib.sha256()
    root = Path(rules_engine.__file__).parent
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


ENGINE = _engine_fingerprint()


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def _not_found(table_id: str) -> ApiError:
    return ApiError(404, "table_not_found", f"Bordet {table_id} finns inte.",
                    f"Table {table_id} does not exist.", details={"table": table_id})


# --- tables ----------------------------------------------------------------------------------
def create_table(db: sqlite_utils.Database, game: str, players: list[str],
                 options: dict[str, Any], first_dealer: int,
                 device_name: str) -> dict[str, Any]:
    try:
        module = get_game(game)
        names = [p.strip() for p in players]
        if any(not n for n in names) or len(set(n.casefold() for n in names)) != len(names):
            raise ApiError(422, "player_names",
                           "Spelarna behöver olika namn som inte är tomma.",
                           "Players need distinct, non-empty names.",
                           details={"players": players})
        build_options(module.Options, options)
        setup = TableSetup(module.ID, tuple(names), dict(options), first_dealer)
        state = setup.new_state()
    except RuleViolation as violation:
        raise ApiError.from_violation(violation) from violation
    token = auth.new_token()
    table_id, device_id = auth.new_id(), auth.new_id()
    with write_transaction(db):
        code = auth.new_join_code()
        while db.execute("select 1 from tables where join_code = ?", [code]).fetchone():
            code = auth.new_join_code()
        db["tables"].insert({
            "id": table_id, "game": module.ID, "players": json.dumps(names),
            "options": json.dumps(options), "first_dealer": first_dealer,
            "join_code": code, "seq": 0, "created_at": _now()})
        db["devices"].insert({
            "id": device_id, "table_id": table_id, "token_hash": auth.hash_token(token),
            "name": device_name, "role": "owner", "created_at": _now(), "revoked_at": None})
        _save_snapshot(db, table_id, 0, state)
    return {"id": table_id, "join_code": code, "token": token, "device_id": device_id,
            "table": table_view(load_row(db, table_id), setup, state)}


def load_row(db: sqlite_utils.Database, table_id: str) -> dict[str, Any]:
    row = db.execute("select * from tables where id = ?", [table_id]).fetchone()
    if row is None:
        raise _not_found(table_id)
    columns = ("id", "game", "players", "options", "first_dealer", "join_code", "seq",
               "created_at")
    return dict(zip(columns, row))


def setup_of(row: dict[str, Any]) -> TableSetup:
    return TableSetup(row["game"], tuple(json.loads(row["players"])),
                      json.loads(row["options"]), row["first_dealer"])


def entries_of(db: sqlite_utils.Database, table_id: str) -> list[Entry]:
    return [Entry(seq, json.loads(event)) for seq, event in db.execute(
        "select seq, event from events where table_id = ? order by seq", [table_id])]


def _save_snapshot(db: sqlite_utils.Database, table_id: str, seq: int, state: Any) -> None:
    db.execute("insert or replace into snapshots (table_id, seq, engine, state) "
               "values (?, ?, ?, ?)",
               [table_id, seq, ENGINE, pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)])


def load_state(db: sqlite_utils.Database, row: dict[str, Any]) -> tuple[TableSetup, Any]:
    """The table's current state: the snapshot when it is current, else a full replay."""
    setup = setup_of(row)
    snap = db.execute("select seq, engine, state from snapshots where table_id = ?",
                      [row["id"]]).fetchone()
    if snap is not None and snap[0] == row["seq"] and snap[1] == ENGINE:
        try:
            return setup, pickle.loads(snap[2])
        except Exception:  # a snapshot is only a cache: rebuild it below
            pass
    return setup, replay(setup, entries_of(db, row["id"]))


def table_view(row: dict[str, Any], setup: TableSetup, state: Any) -> dict[str, Any]:
    module = setup.module
    return {
        "id": row["id"],
        "game": module.ID,
        "title": module.TITLE,
        "players": list(setup.players),
        "options": build_options(module.Options, setup.options).__dict__,
        "first_dealer": setup.first_dealer,
        "join_code": row["join_code"],
        "seq": row["seq"],
        "state": module.describe(state),
        "expected": module.expected(state).as_dict(),
        "protokoll": module.sheet(state).as_dict(),
        "findings": [f.as_dict() for f in module.findings(state)],
        "over": module.is_over(state),
        "result": module.result(state),
    }


# --- devices -----------------------------------------------------------------------------------
def authenticate(db: sqlite_utils.Database, table_id: str, token: str | None) -> str:
    """The id of the device that ``token`` belongs to, if it may write to this table."""
    if not token:
        raise ApiError(401, "token_required",
                       "Skrivning kräver bordets nyckel (Authorization: Bearer …).",
                       "Writing needs a token of this table (Authorization: Bearer …).")
    row = db.execute("select id, table_id, token_hash, revoked_at from devices "
                     "where token_hash = ?", [auth.hash_token(token)]).fetchone()
    if row is None or not auth.same_hash(token, row[2]):
        raise ApiError(401, "token_unknown", "Nyckeln är okänd.", "The token is not known.")
    if row[1] != table_id or row[3] is not None:
        raise ApiError(403, "token_forbidden", "Nyckeln gäller inte det här bordet.",
                       "This token may not write to this table.")
    return row[0]


# --- events ------------------------------------------------------------------------------------
def post_event(db: sqlite_utils.Database, table_id: str, token: str | None, based_on: int,
               client_event_id: str, event: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """Append one event; return (HTTP status, body). Raises ApiError on refusal."""
    with write_transaction(db):
        row = load_row(db, table_id)
        device_id = authenticate(db, table_id, token)
        earlier = db.execute(
            "select seq, device_id, created_at, event from events "
            "where table_id = ? and client_event_id = ?",
            [table_id, client_event_id]).fetchone()
        if earlier is not None:
            if json.loads(earlier[3]) != event:
                raise ApiError(409, "client_event_id_reused",
                               "Det händelse-id:t användes redan för en annan händelse.",
                               "That client event id was already used for another event.",
                               details={"client_event_id": client_event_id,
                                        "seq": row["seq"]})
            return 201, _answer_again(db, row, client_event_id, *earlier)
        if based_on != row["seq"]:
            setup, state = load_state(db, row)
            raise ApiError(409, "stale_sequence",
                           f"Bordet har ändrats: senaste händelse är {row['seq']}, "
                           f"inte {based_on}. Läs om och försök igen.",
                           f"The table has moved on: the last event is {row['seq']}, not "
                           f"{based_on}. Reload and try again.",
                           details={"seq": row["seq"], "based_on": based_on,
                                    "table": table_view(row, setup, state)})
        setup, state = load_state(db, row)
        entries = entries_of(db, table_id) if event.get("type") in ("undo", "correct") else []
        try:
            state = apply_entry(setup, state, entries, event)
        except RuleViolation as violation:
            raise ApiError.from_violation(violation) from violation
        seq = row["seq"] + 1
        row["seq"] = seq
        entry = {"seq": seq, "client_event_id": client_event_id, "device_id": device_id,
                 "created_at": _now(), "event": event}
        body = {"entry": entry, "table": table_view(row, setup, state)}
        db.execute("insert into events (table_id, seq, client_event_id, device_id, "
                   "created_at, event) values (?, ?, ?, ?, ?, ?)",
                   [table_id, seq, client_event_id, device_id, entry["created_at"],
                    json.dumps(event, ensure_ascii=False)])
        db.execute("update tables set seq = ? where id = ?", [seq, table_id])
        _save_snapshot(db, table_id, seq, state)
    return 201, body


def _answer_again(db: sqlite_utils.Database, row: dict[str, Any], client_event_id: str,
                  seq: int, device_id: str, created_at: str, event_json: str) -> dict[str, Any]:
    """The answer a retried post gets: exactly what the first post answered, rebuilt by
    replaying the log up to that entry (retries are rare; storing every answer is not)."""
    setup = setup_of(row)
    entries = [e for e in entries_of(db, row["id"]) if e.seq <= seq]
    state = replay(setup, entries)
    entry = {"seq": seq, "client_event_id": client_event_id, "device_id": device_id,
             "created_at": created_at, "event": json.loads(event_json)}
    return {"entry": entry, "table": table_view({**row, "seq": seq}, setup, state)}


def list_events(db: sqlite_utils.Database, table_id: str) -> dict[str, Any]:
    """The log, in the format ``protokoll replay`` reads, with who changed what."""
    row = load_row(db, table_id)
    setup = setup_of(row)
    items = []
    undone: dict[int, int] = {}
    corrected: dict[int, list[int]] = {}
    for seq, cid, device, created, event_json, name in db.execute(
            "select e.seq, e.client_event_id, e.device_id, e.created_at, e.event, d.name "
            "from events e left join devices d on d.id = e.device_id "
            "where e.table_id = ? order by e.seq", [table_id]):
        event = json.loads(event_json)
        if event.get("type") == "undo":
            undone[event["target"]] = seq
        elif event.get("type") == "correct":
            corrected.setdefault(event["target"], []).append(seq)
        items.append({"seq": seq, "client_event_id": cid, "device_id": device,
                      "device_name": name, "created_at": created, "event": event})
    for item in items:
        item["undone_by"] = undone.get(item["seq"])
        item["corrected_by"] = corrected.get(item["seq"], [])
    return {"id": table_id, "game": setup.game, "players": list(setup.players),
            "options": setup.options, "first_dealer": setup.first_dealer,
            "seq": row["seq"], "events": items}
