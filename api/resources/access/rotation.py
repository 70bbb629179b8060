"""Withdrawing access: new join codes, handing a table over, revoking, new director tokens.

A join code is shown on every phone at the table, so a phone that was kicked out knows it.
Revoking a device therefore gives the table a new code at once (``revoke``): the phones
still in keep their tokens and never need the code again, and the manager is told the new
one to pass on. The owner or the table's director may also ask for a new code at any time
(``rotate_join_code``), as for the spectator key (``records.new_spectator_key``).

Ownership moves with ``hand_over``: the old owner's device becomes a player (it still
writes, it no longer manages), so a phone that is leaving can pass the table on and then be
revoked like any other. The owner's own device cannot revoke itself while it is the owner
(nobody could manage the table then: 409 ``hand_over_first``); the table's director may
revoke it, since the director still manages the table.

A table whose tournament round is closed has no join code at all (``closing.close_round``);
a new one would open it again, so it is refused there (409 ``round_closed``).

A director's token can be replaced by its holder (``rotate_director_token``: the old one is
unknown from that moment, 401) and revoked by the server's operator (``protokoll directors
revoke``: 403 ``token_revoked`` from then on).

Every function here runs inside the caller's write transaction, unless it says otherwise.
"""

from __future__ import annotations

from typing import Any

import sqlite_utils

from ... import auth
from ...db import write_transaction
from ...errors import ApiError
from . import records


def closed_round(db: sqlite_utils.Database, table_id: str) -> tuple[str, int] | None:
    """(tournament, round) when the table belongs to a closed round, else None."""
    row = db.execute(
        "select tt.tournament_id, tt.round from tournament_tables tt "
        "join tournament_rounds r on r.tournament_id = tt.tournament_id "
        "and r.number = tt.round where tt.table_id = ? and r.closed_at is not null",
        [table_id]).fetchone()
    return (row[0], row[1]) if row else None


def round_closed_error(tournament_id: str, number: int) -> ApiError:
    return ApiError(409, "round_closed",
                    f"Rond {number} är avslutad: bordet tar inte emot fler inmatningar och "
                    "koden gäller inte längre. Bara turneringsledaren rättar, med ett skäl.",
                    f"Round {number} is closed: the table takes no more entries and its "
                    "code no longer works. Only the tournament director corrects it, with a "
                    "reason.",
                    details={"tournament": tournament_id, "round": number})


def rotate_join_code(db: sqlite_utils.Database, table_id: str) -> str:
    """A fresh join code for the table; the old one stops working (reading and joining)."""
    closed = closed_round(db, table_id)
    if closed is not None:
        raise round_closed_error(*closed)
    code = auth.new_join_code()
    while db.execute("select 1 from tables where join_code = ?", [code]).fetchone():
        code = auth.new_join_code()
    db.execute("update tables set join_code = ?, join_code_hash = ? where id = ?",
               [code, auth.hash_token(code), table_id])
    return code


def current_join_code(db: sqlite_utils.Database, table_id: str) -> str | None:
    return db.execute("select join_code from tables where id = ?", [table_id]).fetchone()[0]


def revoke(db: sqlite_utils.Database, table_id: str, device_id: str,
           who: Any) -> dict[str, Any]:
    """Revoke a device and give the table a new join code (the phone has seen the old one).

    The owner's device may not revoke itself while it owns the table (409
    ``hand_over_first``); the table's director may revoke it. The device that stands for a
    director is never revoked here (409 ``cannot_revoke_manager``). Revoking twice changes
    nothing, the code included. Its entries stay in the log."""
    row = db.execute("select role, revoked_at from devices where id = ? and table_id = ?",
                     [device_id, table_id]).fetchone()
    if row is None or row[0] != "owner" or who.role != "director":
        if row is not None and row[0] == "owner" and row[1] is None:
            raise ApiError(409, "hand_over_first",
                           "Bordets ägare kan inte tas bort av sig själv. Lämna över bordet "
                           "till en annan enhet först.",
                           "The table's owner cannot remove itself. Hand the table over to "
                           "another device first.",
                           details={"device_id": device_id})
        # players, the director's device (409), unknown devices (404), repeats
        device = records.revoke_device(db, table_id, device_id, who.device_id)
    else:  # the director removes the owner's device
        if row[1] is None:
            db.execute("update devices set revoked_at = ? where id = ?",
                       [records.now_iso(), device_id])
        device = _device(db, table_id, device_id, who)
    newly = row[1] is None
    if newly and closed_round(db, table_id) is None:
        code = rotate_join_code(db, table_id)
    else:
        code = current_join_code(db, table_id)
    return {**device, "join_code": code}


def _device(db: sqlite_utils.Database, table_id: str, device_id: str,
            who: Any) -> dict[str, Any]:
    return next(d for d in records.list_devices(db, table_id, who.device_id)
                if d["id"] == device_id)


def hand_over(db: sqlite_utils.Database, table_id: str, device_id: str,
              who: Any) -> dict[str, Any]:
    """Make another device of the table its owner; the old owner's device becomes a player.

    The new owner must be a player's device of this table that is not revoked. At a
    director's table the director stays in charge either way."""
    row = db.execute("select role, revoked_at from devices where id = ? and table_id = ?",
                     [device_id, table_id]).fetchone()
    if row is None:
        raise ApiError(404, "device_not_found",
                       f"Enheten {device_id} finns inte vid det här bordet.",
                       f"Device {device_id} is not at this table.",
                       details={"device_id": device_id})
    if row[1] is not None:
        raise ApiError(409, "device_revoked",
                       "Enheten är borttagen från bordet och kan inte ta över det.",
                       "That device has been removed from the table and cannot take it over.",
                       details={"device_id": device_id})
    if row[0] == "director":
        raise ApiError(409, "cannot_own_director_device",
                       "Turneringsledarens enhet kan inte bli bordets ägare.",
                       "The director's device cannot become the table's owner.",
                       details={"device_id": device_id})
    if row[0] != "owner":
        db.execute("update devices set role = 'player' where table_id = ? and role = 'owner'",
                   [table_id])
        db.execute("update devices set role = 'owner' where id = ?", [device_id])
    return _device(db, table_id, device_id, who)


# --- directors ---------------------------------------------------------------------------------
def rotate_director_token(db: sqlite_utils.Database, director_id: str) -> dict[str, Any]:
    """A new token for the director; the old one is unknown from now on."""
    token = auth.new_token()
    db.execute("update directors set token_hash = ? where id = ?",
               [auth.hash_token(token), director_id])
    name, created = db.execute("select name, created_at from directors where id = ?",
                               [director_id]).fetchone()
    return {"id": director_id, "name": name, "token": token, "created_at": created}


def list_directors(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    """Every director, for the operator: id, name, when made and revoked, what it owns."""
    return [{"id": id_, "name": name, "created_at": created, "revoked_at": revoked,
             "tables": tables, "tournaments": tournaments}
            for id_, name, created, revoked, tables, tournaments in db.execute(
                "select d.id, d.name, d.created_at, d.revoked_at, "
                "(select count(*) from tables t where t.director_id = d.id), "
                "(select count(*) from tournaments u where u.director_id = d.id) "
                "from directors d order by d.created_at, d.id")]


def revoke_director(db: sqlite_utils.Database, director_id: str) -> dict[str, Any] | None:
    """Revoke a director's token (its own transaction). None when there is no such
    director; revoking twice keeps the first time."""
    with write_transaction(db):
        found = db.execute("select 1 from directors where id = ?", [director_id]).fetchone()
        if found is None:
            return None
        db.execute("update directors set revoked_at = ? where id = ? and revoked_at is null",
                   [records.now_iso(), director_id])
    return next(d for d in list_directors(db) if d["id"] == director_id)
