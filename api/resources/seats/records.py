"""Places at a table in SQLite, and who may post a seat's private entries.

The rules (README, "Seats and secrets"):

- a device takes a place when it joins (``POST /api/join`` with ``seat``), when the table is
  started (``POST /api/tables`` with ``seat``), or later (``POST /api/tables/{id}/seat``);
  the place is a seat number or ``"scorer"``;
- one place per device: a device that holds a seat and asks for another is refused (409
  ``already_seated``) unless it says ``"change": true`` — changing seat is an explicit act,
  never a side effect of a retry or a second tap. Taking the place it already holds changes
  nothing (its ``seated_at_seq`` stays, so a retry does not cost it what it may read);
- a device leaves its place itself (``DELETE /api/tables/{id}/seat``); the owner or the
  director frees any device's place (``DELETE /api/tables/{id}/devices/{device_id}/seat``);
- the director has no seat: it referees (409 ``director_has_no_seat``);
- ``seated_at_seq`` is the table's sequence number when the device took its place: it reads
  that seat's private entries posted after it sat down, never those from before.

A private entry of seat ``s`` (an event type in the game's ``PRIVATE``) may be posted by a
device sitting at ``s``, by the scorer, by the owner's device while it holds no seat (the
phone that started the table is the scorer until it sits down: one shared phone still
works), and by the director. A device sitting at another seat gets 403 ``not_your_seat``; a
player's device with no place gets 403 ``seat_required``.
"""

from __future__ import annotations

import json
from typing import Any

import sqlite_utils

from ...errors import ApiError
from ...log_seq import seq_sql

SCORER = "scorer"


def seat_unknown(place: Any, seats: int) -> ApiError:
    return ApiError(422, "seat_unknown",
                    f"Bordet har platserna 0–{seats - 1}; plats {place} finns inte.",
                    f"The table's seats are 0–{seats - 1}; seat {place} does not exist.",
                    details={"seat": place, "seats": seats})


def check_place(place: Any, seats: int) -> None:
    """A seat number of the table, ``"scorer"`` or None (no place)."""
    if place is None or place == SCORER:
        return
    if isinstance(place, bool) or not isinstance(place, int) or not 0 <= place < seats:
        raise seat_unknown(place, seats)


def _device(db: sqlite_utils.Database, table_id: str, device_id: str) -> tuple:
    row = db.execute("select role, seat, scorer, revoked_at from devices "
                     "where id = ? and table_id = ?", [device_id, table_id]).fetchone()
    if row is None:
        raise ApiError(404, "device_not_found",
                       f"Enheten {device_id} finns inte vid det här bordet.",
                       f"Device {device_id} is not at this table.",
                       details={"device_id": device_id})
    return row


def take(db: sqlite_utils.Database, table: dict[str, Any], device_id: str, place: Any,
         change: bool = False) -> None:
    """Give ``device_id`` the place ``place`` (a seat, ``"scorer"`` or None to leave).
    Inside a write transaction; refuses before writing anything."""
    seats = len(_players(table))
    check_place(place, seats)
    role, seat, scorer, _revoked = _device(db, table["id"], device_id)
    if role == "director" and place is not None:
        raise ApiError(409, "director_has_no_seat",
                       "Turneringsledaren sitter inte vid bordet; den dömer.",
                       "The director does not sit at the table; it referees.",
                       details={"seat": place})
    held = SCORER if scorer else seat
    if held == place:
        return
    if held is not None and place is not None and not change:
        raise ApiError(409, "already_seated",
                       "Enheten har redan en plats vid bordet. Byt plats uttryckligen "
                       "(change: true) eller lämna platsen först.",
                       "This device already holds a place at the table. Change it "
                       "explicitly (change: true) or leave it first.",
                       details={"seat": held, "asked": place})
    db.execute("update devices set seat = ?, scorer = ?, seated_at_seq = ? where id = ?",
               [place if isinstance(place, int) else None, 1 if place == SCORER else 0,
                None if place is None else table["seq"], device_id])


def table_of(db: sqlite_utils.Database, table_id: str) -> dict[str, Any]:
    """What ``take`` needs of a table: its id, players and sequence number."""
    row = db.execute(f"select id, players, {seq_sql()} from tables where id = ?",
                     [table_id]).fetchone()
    return {"id": row[0], "players": row[1], "seq": row[2]}


def _players(table: dict[str, Any]) -> list[str]:
    players = table["players"]
    return json.loads(players) if isinstance(players, str) else list(players)


def place_of(db: sqlite_utils.Database, device_id: str | None) -> dict[str, Any]:
    """``{seat, scorer, seated_at_seq}`` of a device (all empty for no device)."""
    row = None if device_id is None else db.execute(
        "select seat, scorer, seated_at_seq from devices where id = ?", [device_id]).fetchone()
    if row is None:
        return {"seat": None, "scorer": False, "seated_at_seq": None}
    return {"seat": row[0], "scorer": bool(row[1]), "seated_at_seq": row[2]}


def place_from(reader: Any) -> dict[str, Any]:
    """``place_of``'s answer from a ``disclosure.Reader`` read from the same device row."""
    return {"seat": reader.seat, "scorer": reader.scorer, "seated_at_seq": reader.seated_at_seq}


def seat_devices(db: sqlite_utils.Database, table_id: str, seat: int | None) -> int:
    """How many devices (not revoked) sit at ``seat``: a phone sees when another joins it."""
    if seat is None:
        return 0
    return db.execute("select count(*) from devices where table_id = ? and seat = ? and "
                      "revoked_at is null", [table_id, seat]).fetchone()[0]


def access_of(db: sqlite_utils.Database, table_id: str, principal: Any,
              place: dict[str, Any] | None = None) -> dict[str, Any]:
    """``access`` in every answer: the role, rights, and the reader's place. ``place``:
    the device's place when the caller has just read it (``place_from``), so that a post
    reads the device row once."""
    if principal.role == "director" or place is None:
        place = place_of(db, principal.device_id if principal.role != "director" else None)
    return {**principal.as_dict(), "seat": place["seat"], "scorer": place["scorer"],
            "seated_at_seq": place["seated_at_seq"],
            "seat_devices": seat_devices(db, table_id, place["seat"])}


def check_may_post(db: sqlite_utils.Database, principal: Any, seat: int) -> None:
    """Refuse a private entry of ``seat`` from a device that may not post it (403)."""
    if principal.role == "director":
        return
    place = place_of(db, principal.device_id)
    if place["seat"] == seat or place["scorer"]:
        return
    if place["seat"] is not None:
        raise ApiError(403, "not_your_seat",
                       f"Enheten sitter på plats {place['seat']}; den här inmatningen hör "
                       f"till plats {seat} och matas in av den platsens enhet, protokoll"
                       "föraren eller turneringsledaren.",
                       f"This device sits at seat {place['seat']}; this entry belongs to "
                       f"seat {seat} and is entered by that seat's device, the scorer or "
                       "the director.",
                       details={"seat": seat, "your_seat": place["seat"]})
    if principal.role == "owner":
        return  # the phone that started the table is the scorer until it sits down
    raise ApiError(403, "seat_required",
                   f"Den här inmatningen hör till plats {seat}. Ta den platsen (eller bli "
                   "protokollförare) först.",
                   f"This entry belongs to seat {seat}. Take that seat (or become the "
                   "scorer) first.",
                   details={"seat": seat})
