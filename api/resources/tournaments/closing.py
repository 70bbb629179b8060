"""Closing a round: its tables stay as they were when the round was settled.

When the director seats the next round (``service.seat_next_round``) or closes a round
(``POST /api/tournaments/{id}/rounds/{n}/close``), that round's tables close:

- phones (owner and player devices) can no longer write there: 409 ``round_closed``,
  checked inside the post's write transaction, so nothing is written;
- the table's join code ends with its round (set to null): the code on the printed table
  card neither joins (404 ``join_code_unknown``) nor reads (403 ``join_code_wrong``) any
  more, and no new code is made for a closed table;
- only the tournament's director corrects, through
  ``POST /api/tournaments/{id}/tables/{table_id}/events`` with a reason. The entry goes into
  the table's log like any other (the engine checks it); its reason is kept beside it in
  ``entry_reasons`` (shown with the entry in ``GET /api/tables/{id}/events``) and in the
  tournament's audit trail. The director's ordinary posts to a closed table are refused as
  a phone's are, so no correction happens without a reason.

Reading stays as it was: tokens, the spectator key and the public standings.
"""

from __future__ import annotations

from typing import Any

import sqlite_utils

from ...errors import ApiError
from ..access.records import now_iso
from ..access.rotation import closed_round, round_closed_error
from . import storage
from .placement import UNREAD


def close_round(db: sqlite_utils.Database, tournament_id: str, number: int,
                director_id: str) -> bool:
    """Close a seated round and end its tables' join codes. Inside a write transaction.
    Returns whether it was open (closing twice changes nothing)."""
    row = db.execute("select closed_at from tournament_rounds where tournament_id = ? "
                     "and number = ? and status = 'seated'", [tournament_id, number]).fetchone()
    if row is None:
        raise ApiError(404, "round_not_found", f"Rond {number} är inte lottad.",
                       f"Round {number} has not been seated.", details={"round": number})
    if row[0] is not None:
        return False
    db.execute("update tournament_rounds set closed_at = ? where tournament_id = ? "
               "and number = ?", [now_iso(), tournament_id, number])
    db.execute("update tables set join_code = null, join_code_hash = null where id in ("
               "select table_id from tournament_tables where tournament_id = ? and round = ? "
               "and table_id is not null)", [tournament_id, number])
    storage.audit(db, tournament_id, director_id, "round_closed", {"round": number})
    return True


def close_earlier_rounds(db: sqlite_utils.Database, tournament_id: str, number: int,
                         director_id: str) -> list[int]:
    """Close every open round before ``number`` (seating round ``number`` settles them)."""
    open_rounds = [n for (n,) in db.execute(
        "select number from tournament_rounds where tournament_id = ? and number < ? "
        "and status = 'seated' and closed_at is null order by number",
        [tournament_id, number])]
    for n in open_rounds:
        close_round(db, tournament_id, n, director_id)
    return open_rounds


def closed_at(db: sqlite_utils.Database, tournament_id: str, number: int) -> str | None:
    row = db.execute("select closed_at from tournament_rounds where tournament_id = ? "
                     "and number = ?", [tournament_id, number]).fetchone()
    return row[0] if row else None


def check_writable(db: sqlite_utils.Database, table_id: str, role: str,
                   reason: str | None, place: Any = UNREAD,
                   client_event_id: str | None = None) -> None:
    """Refuse an entry at a closed round's table unless the director gives a reason.
    Inside the post's write transaction, before anything is written. ``place``: the
    table's ``placement.locate`` when the caller has read it in the same transaction (a
    post reads it once for this and ``placement.check_round_open``). A post whose
    ``client_event_id`` the log already holds is no new entry: a phone that never got the
    answer to the round's last deal, retrying after the round was closed, gets its first
    answer (``store._append``: or 409 when it is not the same device's same entry)."""
    if place is UNREAD:
        closed = closed_round(db, table_id)
    else:
        closed = (place["id"], place["round"]) if place and place["closed"] else None
    if closed is None:
        return
    if role == "director" and reason:
        return
    if client_event_id is not None and db.execute(
            "select 1 from events where table_id = ? and client_event_id = ?",
            [table_id, client_event_id]).fetchone():
        return
    raise round_closed_error(*closed)


def keep_reason(db: sqlite_utils.Database, table_id: str, seq: int, director_id: str | None,
                reason: str) -> None:
    """Keep the reason of a director's entry beside it, and in the tournament's audit."""
    db["entry_reasons"].insert({"table_id": table_id, "seq": seq, "reason": reason,
                                "director_id": director_id, "created_at": now_iso()},
                               replace=True)
    located = db.execute("select tournament_id, round, number from tournament_tables "
                         "where table_id = ?", [table_id]).fetchone()
    if located is not None:
        storage.audit(db, located[0], director_id or "", "table_corrected",
                      {"round": located[1], "table": located[2], "table_id": table_id,
                       "seq": seq, "reason": reason})


def reasons(db: sqlite_utils.Database, table_id: str) -> dict[int, str]:
    """The reasons kept for a table's entries, by sequence number."""
    return dict(db.execute("select seq, reason from entry_reasons where table_id = ?",
                           [table_id]).fetchall())


def tables_closed(db: sqlite_utils.Database, tournament_id: str) -> dict[int, Any]:
    """Per round number: when it was closed (None while open)."""
    return dict(db.execute("select number, closed_at from tournament_rounds "
                           "where tournament_id = ?", [tournament_id]).fetchall())
