"""Refusals judged by hidden cards: counted, so that posting is no way to read a closed hand.

Anyone at a table who may write may enter a move for another seat (one scorer's phone often
enters the whole trick). While that seat's hand is entered and closed to the poster, the
engine judges the move against cards the poster may not see: "not in that hand", "must
follow suit", Fan tan's sevens. The refusal is worded publicly (``errors.from_violation``),
but the bare fact that a move was refused tells something of the hand, and a refusal leaves
nothing in the log: a hostile phone could try card after card in silence and read the hand
off the answers (an accepted move is logged for everyone to see, so that way costs an entry
and its undo in plain view).

So each refusal of that kind counts against the device at that table: up to
``HIDDEN_REFUSAL_LIMIT`` (5) in a window of ``HIDDEN_REFUSAL_WINDOW`` seconds (600) that
opens at the first. Past it, until the window ends, the table takes no entries from that
device that could be judged by another seat's cards (429 ``hidden_hand_guesses``, with
``Retry-After``): moves for other seats, whole tricks, corrections. Its own seat's moves and
undos still go through, and the other phones are not touched. A player who mis-taps a few
times in a deal stays well inside it; finding a hand by refusals takes dozens of tries.
Counted in the rate-limit file, in the post's own transaction, so every server process
counts the same (``ratelimit``).
"""

from __future__ import annotations

import time
from typing import Any

import sqlite_utils

from ...errors import RateLimited
from . import principals, ratelimit


def _key(table_id: str, who: principals.Principal) -> str | None:
    """The counter of ``who`` at one table; None for a director (who sees every hand)."""
    if who.role == "director" or not who.device_id:
        return None
    return f"hidden:{table_id}:{who.device_id}"


def _own_seat(who: principals.Principal) -> Any:
    place = who.device_place
    return place[0] if place else None


def may_read_others(event: dict[str, Any], own_seat: Any) -> bool:
    """Whether ``event`` could be judged by another seat's cards: anything but an undo and
    a move (or a correction to one) that names the poster's own seat."""
    if event.get("type") == "undo":
        return False
    inner = event.get("event") if event.get("type") == "correct" else event
    seat = inner.get("seat") if isinstance(inner, dict) else None
    return own_seat is None or type(seat) is not int or seat != own_seat


def check(db: sqlite_utils.Database, table_id: str, who: principals.Principal,
          event: dict[str, Any], limits: ratelimit.Limits) -> None:
    """Before a post is judged (inside its write transaction): 429 when ``who`` has used up
    its refusals at this table and ``event`` could be judged by another seat's cards."""
    limit = limits.hidden_refusals
    key = _key(table_id, who)
    if limit.count <= 0 or key is None or not may_read_others(event, _own_seat(who)):
        return
    now = time.time()
    row = ratelimit.used_up(db, key, limit, now)
    if row is None:
        return
    retry = ratelimit.retry_after(row[1], now)
    raise RateLimited(
        "hidden_hand_guesses",
        f"Den här enheten har fått {row[0]} inmatningar avvisade mot kort som den inte får "
        f"se. För att handen ska förbli dold tar bordet inte emot drag för andra platser "
        f"från den under de närmaste {retry} s. Spelarna kan mata in sina egna drag.",
        f"This device has had {row[0]} entries refused against cards it may not see. To "
        f"keep the hand hidden, the table takes no moves for other seats from it for "
        f"{retry} s. Players can enter their own moves.",
        retry, ratelimit.facts(limit, row[1]))


def count(db: sqlite_utils.Database, table_id: str, who: principals.Principal,
          limits: ratelimit.Limits) -> None:
    """After a refusal judged by cards ``who`` may not see (inside the post's transaction,
    after its entry was rolled back): one more against the device at this table."""
    key = _key(table_id, who)
    if limits.hidden_refusals.count > 0 and key is not None:
        ratelimit.count(db, key, limits.hidden_refusals)
