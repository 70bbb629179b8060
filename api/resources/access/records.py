"""Devices, directors and spectator keys in SQLite.

A device is one phone (or laptop) at one table, with one token. Its row says what it may
do (``role``: owner, player, director) and, once revoked, when (``revoked_at``): a revoked
row stays, because the log still names the device that posted each entry.

A director is a tournament organiser's identity, with a token of its own; a table it
starts carries its ``director_id``. At such a table the director acts through a device
row with role ``director`` (made when the table is, or on its first write), so every entry
in the log still names a device.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

import sqlite_utils

from ... import auth
from ...db import write_transaction
from ...errors import ApiError
from ...log_seq import seq_sql
from ..seats import records as seats
from . import guesses, ratelimit


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


# --- devices -----------------------------------------------------------------------------------
def add_device(db: sqlite_utils.Database, table_id: str, role: str, name: str,
               director_id: str | None = None) -> tuple[str, str]:
    """A new device at a table; returns (device id, token). Inside a write transaction."""
    return add_devices(db, [(table_id, name)], role, director_id)[0]


def add_devices(db: sqlite_utils.Database, places: list[tuple[str, str]], role: str,
                director_id: str | None = None) -> list[tuple[str, str]]:
    """New devices, one per (table id, name), all of one role, in one statement (a
    tournament round makes 250); returns (device id, token) each, in order. Inside a
    write transaction."""
    made = [(auth.new_id(), auth.new_token()) for _ in places]
    _insert_devices(db, [(device_id, table_id, auth.hash_token(token), name, role,
                          director_id)
                         for (device_id, token), (table_id, name) in zip(made, places)])
    return made


def _insert_device(db: sqlite_utils.Database, device_id: str, table_id: str,
                   token_hash: str | None, name: str, role: str,
                   director_id: str | None) -> None:
    _insert_devices(db, [(device_id, table_id, token_hash, name, role, director_id)])


def _insert_devices(db: sqlite_utils.Database, rows: list[tuple]) -> None:
    """Rows of (id, table_id, token_hash, name, role, director_id)."""
    # Plain SQL: sqlite-utils' insert reads the table's columns first, every time (a
    # tournament round makes 250 devices in one request).
    now = now_iso()
    db.conn.executemany(
        "insert into devices (id, table_id, token_hash, name, role, created_at, "
        "revoked_at, director_id) values (?, ?, ?, ?, ?, ?, null, ?)",
        [(device_id, table_id, token_hash, name, role, now, director_id)
         for device_id, table_id, token_hash, name, role, director_id in rows])


def director_device(db: sqlite_utils.Database, table_id: str, director_id: str,
                    create: bool) -> str | None:
    """The device that stands for a director at a table (made on a write if missing)."""
    row = db.execute("select id from devices where table_id = ? and director_id = ? "
                     "and role = 'director' order by created_at limit 1",
                     [table_id, director_id]).fetchone()
    if row is not None:
        return row[0]
    if not create:
        return None
    name = db.execute("select name from directors where id = ?", [director_id]).fetchone()[0]
    device_id = auth.new_id()
    _insert_device(db, device_id, table_id, None, name, "director", director_id)
    return device_id


_DEVICE_COLUMNS = ("id", "name", "role", "created_at", "revoked_at", "seat", "scorer",
                   "seated_at_seq")


def _device_dict(db: sqlite_utils.Database, values: tuple, me: str | None) -> dict[str, Any]:
    device = dict(zip(_DEVICE_COLUMNS, values))
    device["scorer"] = bool(device["scorer"])
    device["events"] = db.execute("select count(*) from events where device_id = ?",
                                  [device["id"]]).fetchone()[0]
    device["you"] = device["id"] == me
    return device


def list_devices(db: sqlite_utils.Database, table_id: str,
                 me: str | None) -> list[dict[str, Any]]:
    rows = db.execute(f"select {', '.join(_DEVICE_COLUMNS)} from devices "
                      "where table_id = ? order by created_at, id", [table_id]).fetchall()
    return [_device_dict(db, row, me) for row in rows]


def revoke_device(db: sqlite_utils.Database, table_id: str, device_id: str,
                  me: str | None) -> dict[str, Any]:
    """Revoke a device's token. Inside a write transaction. Revoking twice changes nothing;
    the device that manages the table cannot be revoked (nobody could manage it then)."""
    row = db.execute(f"select {', '.join(_DEVICE_COLUMNS)} from devices "
                     "where id = ? and table_id = ?", [device_id, table_id]).fetchone()
    if row is None:
        raise ApiError(404, "device_not_found",
                       f"Enheten {device_id} finns inte vid det här bordet.",
                       f"Device {device_id} is not at this table.",
                       details={"device_id": device_id})
    if row[2] in ("owner", "director"):
        raise ApiError(409, "cannot_revoke_manager",
                       "Enheten som sköter bordet kan inte tas bort.",
                       "The device that manages the table cannot be removed.",
                       details={"device_id": device_id, "role": row[2]})
    if row[4] is None:
        db.execute("update devices set revoked_at = ? where id = ?", [now_iso(), device_id])
        row = db.execute(f"select {', '.join(_DEVICE_COLUMNS)} from devices where id = ?",
                         [device_id]).fetchone()
    return _device_dict(db, row, me)


# --- joining -----------------------------------------------------------------------------------
def join(db: sqlite_utils.Database, code: str, device_name: str, address: str,
         limits: ratelimit.Limits, seat: Any = None) -> dict[str, Any]:
    """A phone joins the table whose code it has: a new player device and its token, at
    ``seat`` (a seat number or "scorer"; a seat the table lacks refuses the join whole).
    A wrong code is a 404 and counts against the client address; past the limit an
    attempt from there is a 429 until the window ends, right code or not — except for a
    table that address started or joined (``guesses``)."""
    digest = auth.hash_token(auth.normalize_join_code(code))
    with write_transaction(db):
        row = db.execute("select id, join_code_hash from tables where join_code_hash = ?",
                         [digest]).fetchone()
        right = row is not None and auth.same_hash(auth.normalize_join_code(code), row[1])
        found = row[0] if right else None
        # checked and counted in one step, in this transaction (guesses.py)
        limited = guesses.judge(db, address, found, None, limits)
        if found is not None and limited is None:
            device_id, token = add_device(db, found, "player", device_name)
            if seat is not None:
                seats.take(db, seats.table_of(db, found), device_id, seat)
            guesses.remember(db, address, found, limits)
    if limited is not None:
        raise limited
    if found is None:
        raise ApiError(404, "join_code_unknown",
                       "Ingen bordskod stämmer. Kontrollera koden och försök igen.",
                       "No table has that code. Check the code and try again.")
    return {"table_id": found, "device_id": device_id, "token": token, "role": "player",
            "seat": seat if isinstance(seat, int) else None, "scorer": seat == "scorer"}


# --- spectators --------------------------------------------------------------------------------
def new_spectator_key(db: sqlite_utils.Database, table_id: str) -> str:
    """A fresh spectator key for a table; the old one stops working. Inside a write
    transaction."""
    key = auth.new_spectator_key()
    db.execute("update tables set spectator_hash = ? where id = ?",
               [auth.hash_token(key), table_id])
    return key


def watched_table(db: sqlite_utils.Database, key: str, address: str,
                  limits: ratelimit.Limits) -> str:
    """The table a spectator key opens (the spectator link carries only the key)."""
    row = db.execute("select id, spectator_hash from tables where spectator_hash = ?",
                     [auth.hash_token(key)]).fetchone()
    right = row is not None and auth.same_hash(key, row[1])
    limited = guesses.judge(db, address, row[0] if right else None, None, limits,
                            secret="key")
    if limited is not None:
        raise limited
    if not right:
        raise ApiError(404, "spectator_key_unknown",
                       "Åskådarlänken gäller inget bord. Be om en ny länk.",
                       "The spectator link opens no table. Ask for a new link.")
    return row[0]


# --- directors ---------------------------------------------------------------------------------
def create_director(db: sqlite_utils.Database, name: str) -> dict[str, Any]:
    director_id, token = auth.new_id(), auth.new_token()
    created = now_iso()
    with write_transaction(db):
        db["directors"].insert({"id": director_id, "name": name,
                                "token_hash": auth.hash_token(token),
                                "created_at": created, "revoked_at": None})
    return {"id": director_id, "name": name, "token": token, "created_at": created}


def director_for_token(db: sqlite_utils.Database, token: str | None) -> dict[str, Any]:
    """The director a bearer token belongs to: 401 without one or for an unknown token,
    403 for a device token (it opens one table, it does not make tables of a director)."""
    if not token:
        raise ApiError(401, "token_required", "En turneringsledares nyckel krävs.",
                       "A director token is required (Authorization: Bearer …).")
    digest = auth.hash_token(token)
    row = db.execute("select id, name, token_hash, created_at, revoked_at from directors "
                     "where token_hash = ?", [digest]).fetchone()
    if row is not None and auth.same_hash(token, row[2]):
        if row[4] is not None:
            raise ApiError(403, "token_revoked", "Nyckeln är återkallad.",
                           "This token has been revoked.")
        return {"id": row[0], "name": row[1], "created_at": row[3]}
    if db.execute("select 1 from devices where token_hash = ?", [digest]).fetchone():
        raise ApiError(403, "director_token_required",
                       "Det här är en enhets nyckel, inte en turneringsledares.",
                       "This is a device token, not a director token.")
    raise ApiError(401, "token_unknown", "Nyckeln är okänd.", "The token is not known.")


def director_tables(db: sqlite_utils.Database, director_id: str) -> list[dict[str, Any]]:
    return [{"id": id_, "game": game, "join_code": code, "seq": seq, "created_at": created}
            for id_, game, code, seq, created in db.execute(
                f"select id, game, join_code, {seq_sql()}, created_at from tables "
                "where director_id = ? order by created_at, id", [director_id])]
