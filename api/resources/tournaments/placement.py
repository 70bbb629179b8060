"""Where a tournament's table is: its tournament, round and table number, and whether its
round's deals are played.

The phones at a round's table read this in the table view (``tournament``, null at a table
of no tournament): they show "Klubbmästerskapet · rond 2 · bord 3" and, once the round's
limit is reached (``per_round``: so many deals, or a target), that the round is played.

Such a table then takes no more deals (``check_round_open``, 409 ``round_played``, inside
the post's write transaction, so nothing is written): the tournament reads the round only up
to its limit (``tournament_logic/reading.py``), so a further deal would be played for
nothing. Undo and corrections stay open — taking back the last deal reopens the round — and
the tournament's director may still enter with a reason (``closing.py``). A round without a
limit lasts until the game is over, which the game itself refuses to go past.
"""

from __future__ import annotations

import json
import logging
from typing import Any, Callable

import sqlite_utils

from ...errors import ApiError
from ...tournament_logic.model import Limit
from ...tournament_logic.reading import read_table
from ...tournament_logic.shapes import shape_of

LOG = logging.getLogger("protokoll")

UNREAD: Any = object()
"""``place`` not given: the check reads the table's ``locate`` itself."""

STILL_OPEN = ("undo", "correct")  # entries that change what was played, not a new deal


def locate(db: sqlite_utils.Database, table_id: str) -> dict[str, Any] | None:
    """The table's tournament, round and number, or None for a table of no tournament."""
    row = db.execute(
        "select t.id, t.name, t.game, t.table_size, t.rounds, t.per_round, tt.round, "
        "tt.number, tt.seats, r.closed_at, "
        "(select generation from restore_generation where id = 1) from tournament_tables tt "
        "join tournaments t on t.id = tt.tournament_id "
        "left join tournament_rounds r on r.tournament_id = tt.tournament_id "
        "and r.number = tt.round where tt.table_id = ?", [table_id]).fetchone()
    if row is None:
        return None
    (tid, name, game, size, rounds, per_round, rnd, number, seats, closed_at,
     generation) = row
    try:
        per_round = json.loads(per_round or "{}")
        limit = Limit.from_dict(per_round)
        seat_count = len(json.loads(seats))
    except (TypeError, ValueError, AttributeError):  # a stored row never fails a table
        per_round, limit, seat_count = None, Limit(), 0
    return {"id": tid, "name": name, "game": game, "table_size": size, "rounds": rounds,
            "round": rnd, "table": number, "limit": limit, "seats": seat_count,
            "closed": closed_at is not None, "per_round": per_round,
            "generation": generation or ""}


def progress(place: dict[str, Any], sheet: dict[str, Any], result: dict[str, Any] | None,
             over: bool, seq: int) -> dict[str, Any]:
    """How far the round is at this table, read as the tournament's standings read it."""
    limit: Limit = place["limit"]
    try:
        sides = shape_of(place["game"], place["table_size"]).sides
        reading = read_table(sheet, result, over, (), seq, place["seats"] or
                             len(sheet.get("players") or ()), sides, limit)
        deals, reached = reading["deals"], bool(reading["limit_reached"])
    except Exception:  # an unknown game shape or odd sheet: show where, not how far
        deals, reached = None, False
    return {"deals": deals, "round_played": reached}


def block(db: sqlite_utils.Database, table_id: str, view: dict[str, Any]) -> dict[str, Any] | None:
    """The ``tournament`` block of a table view: {id, name, round, table, rounds,
    per_round, deals, round_played, closed, standings_link}; None outside tournaments."""
    place = locate(db, table_id)
    if place is None:
        return None
    figures = progress(place, view["protokoll"], view["result"], view["over"], view["seq"])
    return {"id": place["id"], "name": place["name"], "round": place["round"],
            "table": place["table"], "rounds": place["rounds"],
            "per_round": place["limit"].as_dict(), **figures, "closed": place["closed"],
            "standings_link": f"/tournament/standings.html?t={place['id']}"}


def read_after_post(db: sqlite_utils.Database, place: dict[str, Any] | None, table_id: str,
                    seq: int, module: Any, state: Any) -> None:
    """After a post at a tournament's table has committed (``store.post_event``, with the
    ``place`` it located in its transaction and the state it made): when the table's round
    may have ended there — the game is over, or the round has a limit of deals or a target
    — read the table for the tournament now and keep the reading in this process
    (``service.keep_posted_reading``), so that the standings after a round read none of
    its 250 tables again. Other posts cost one ``is_over``. Never fails the post: what it
    would have kept is read by the next standings instead."""
    if place is None or place["per_round"] is None:
        return
    try:
        if not (place["limit"] != Limit() or module.is_over(state)):
            return
        from . import service  # here: service imports store, which imports this module
        service.keep_posted_reading(db, place, table_id, seq, module, state)
    except Exception as error:  # noqa: BLE001 — a cache; the post has committed
        LOG.warning("table %s: no reading kept after its post (%r)", table_id, error)


def round_played_error(place: dict[str, Any], deals: int | None) -> ApiError:
    limit: Limit = place["limit"]
    where_sv = f"Rond {place['round']} vid bord {place['table']}"
    where_en = f"Round {place['round']} at table {place['table']}"
    if limit.deals is not None:
        sv = (f"{where_sv} är färdigspelad: turneringen spelar {limit.deals} "
              f"{'giv' if limit.deals == 1 else 'givar'} per rond. Bordet tar inte emot fler "
              "givar; ångra eller rätta går fortfarande.")
        en = (f"{where_en} is played: the tournament plays {limit.deals} "
              f"{'deal' if limit.deals == 1 else 'deals'} a round. The table takes no more "
              "deals; undo and corrections still work.")
    else:
        sv = (f"{where_sv} är färdigspelad: målet {limit.target} är nått. Bordet tar inte "
              "emot fler givar; ångra eller rätta går fortfarande.")
        en = (f"{where_en} is played: the target {limit.target} has been reached. The table "
              "takes no more deals; undo and corrections still work.")
    return ApiError(409, "round_played", sv, en, details={
        "tournament": place["id"], "round": place["round"], "table": place["table"],
        "per_round": limit.as_dict(), "deals": deals})


def check_round_open(db: sqlite_utils.Database, table_id: str,
                     view_of_state: Callable[[], tuple[dict, Any, bool, int]],
                     event: dict[str, Any], client_event_id: str, role: str,
                     reason: str | None, place: Any = UNREAD) -> None:
    """Refuse a new entry at a table whose round's deals are played. ``view_of_state``
    gives (sheet, result, over, seq) of the table now; it is only called at a tournament's
    table with a limit, so other tables pay one indexed lookup. A retried post of an entry
    already in the log (the round's last deal, say) is not new: it gets its first answer."""
    if event.get("type") in STILL_OPEN or (role == "director" and reason):
        return
    if place is UNREAD:  # else the caller's ``locate`` from the same transaction
        place = locate(db, table_id)
    if place is None or (place["limit"].deals is None and place["limit"].target is None):
        return
    if db.execute("select 1 from events where table_id = ? and client_event_id = ?",
                  [table_id, client_event_id]).fetchone():
        return
    sheet, result, over, seq = view_of_state()
    figures = progress(place, sheet, result, over, seq)
    if figures["round_played"]:
        raise round_played_error(place, figures["deals"])
