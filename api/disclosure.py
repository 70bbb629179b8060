"""What one reader may see of a table's secrets: the one place private cards are let out.

A game module marks its private entries (``PRIVATE``: the events whose cards belong to the
event's ``seat``) and wraps private cards in derived values with ``sealed``
(``rules_engine.secrets``). Every answer that carries the log, the state, ``expected``,
findings or a refusal goes through a ``Disclosure`` made for the request's principal:

- an entry of the log is **readable** by a reader when
  - the reader is the table's director (a referee sees every hand at once), or
  - the entry is **open**: its deal is over (the game's ``deal_in_progress`` no longer
    returns the deal the entry was posted in) and the table did not choose to keep private
    entries closed (``open_private_after_deal``), or
  - the reader's device posted it (it knew the cards anyway: the shared phone, the scorer), or
  - the reader's device sits at the entry's seat and already sat there when the entry was
    posted (``seated_at_seq`` < the entry's seq). A device that takes a seat later does not
    read what was entered before it sat down: a hostile phone that takes another player's
    seat with the join code learns nothing of the hand already entered, and the phones
    of that seat see it sitting there (``access.seat_devices``, the devices list);
- a **seat's** sealed cards in derived values (state, ``expected``, findings) and a refusal
  ``private_to`` that seat are shown to a reader who may read every closed private entry of
  that seat; while a deal is in progress and the seat has no closed private entry, the
  sealed cards come from the play itself (Schnapsen's won tricks under ``no_peeking``) and
  only the devices at that seat see them; everyone else sees ``{"hidden": true, "seat": s,
  "count": n}`` and the public wording of a refusal or finding, with no details;
- an unreadable entry of the log keeps its type, seat and every other field; its card fields
  become ``{"hidden": true, "seat": s, "count": n}``.

The join code and the spectator key read open entries only. The stream carries only the
table's sequence number, so it needs nothing from here.
"""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

import sqlite_utils

from rules_engine.errors import Finding, RuleViolation
from rules_engine.secrets import hidden, reveal

from .errors import ApiError


@dataclass(frozen=True)
class Reader:
    """The principal as far as secrets go."""

    everything: bool = False  # the table's director
    device_id: str | None = None
    seat: int | None = None
    seated_at_seq: int | None = None
    scorer: bool = False


NOBODY = Reader()
DIRECTOR = Reader(everything=True)


def reader_of(db: sqlite_utils.Database, principal: Any, as_read: bool = False) -> Reader:
    """The Reader for a ``principals.Principal`` (its device's seat comes from the DB).
    ``as_read``: from the seat read with the principal's token (``device_place``), when
    it was, instead of reading the row again — a post, whose token was read inside its
    write lock, so the seat is the one at the post's moment (issue 16)."""
    if principal.role == "director":
        return Reader(everything=True, device_id=principal.device_id)
    if not principal.device_id:
        return NOBODY
    place = getattr(principal, "device_place", None) if as_read else None
    row = place if place is not None else db.execute(
        "select seat, seated_at_seq, scorer from devices where id = ?",
        [principal.device_id]).fetchone()
    if row is None:
        return Reader(device_id=principal.device_id)
    return Reader(device_id=principal.device_id, seat=row[0], seated_at_seq=row[1],
                  scorer=bool(row[2]))


def private_spec(module: Any, event: dict[str, Any]) -> tuple[dict[str, Any], Any] | None:
    """(the event that holds the cards, its PrivateSpec) when ``event`` — or the event a
    correction puts in — is a private entry of ``module``; else None."""
    private = getattr(module, "PRIVATE", None) or {}
    inner = event.get("event") if event.get("type") == "correct" else event
    if not isinstance(inner, dict):
        return None
    kind = inner.get("type")
    spec = private.get(kind) if isinstance(kind, str) else None  # a hostile type: not ours
    if spec is None or not isinstance(inner.get("seat"), int):
        return None
    return inner, spec


def deal_of(module: Any, state: Any) -> int | None:
    """The deal an entry belongs to: the game's deal in progress right after it applied."""
    deal_in_progress = getattr(module, "deal_in_progress", None)
    return None if deal_in_progress is None else deal_in_progress(state)


def _count(inner: dict[str, Any], spec: Any) -> int:
    """How many cards the entry's card fields hold (a list, or notation: "♠7 ♥8")."""
    total = 0
    for name in spec.card_fields:
        value = inner.get(name)
        if isinstance(value, (list, tuple)):
            total += len(value)
        elif isinstance(value, str):
            total += len([part for part in re.split(r"[\s,]+", value) if part])
        elif value is not None:
            total += 1
    return total


@dataclass(frozen=True)
class PrivateEntry:
    seq: int
    seat: int
    deal: int | None
    device_id: str | None
    open: bool


@dataclass
class Disclosure:
    """What ``reader`` may see at one table now (see the module docstring)."""

    module: Any
    reader: Reader
    entries: dict[int, PrivateEntry] = field(default_factory=dict)
    hide_all: bool = False  # no log at hand: hide every seat's sealed cards
    in_deal: bool = False  # a deal is in progress (the game's ``deal_in_progress``)

    # --- decisions ------------------------------------------------------------------------
    def may_read(self, seq: int) -> bool:
        entry = self.entries.get(seq)
        if entry is None or entry.open or self.reader.everything:
            return True
        reader = self.reader
        if reader.device_id is not None and entry.device_id == reader.device_id:
            return True
        return (reader.seat == entry.seat and reader.seated_at_seq is not None
                and entry.seq > reader.seated_at_seq)

    def may_see_seat(self, seat: int) -> bool:
        """Whether the reader may see ``seat``'s private cards in derived values.

        Sealed cards of a seat that has no closed private entry while a deal is in progress
        come from the play itself, not from an entry (Schnapsen's won tricks under
        ``no_peeking``, face down in front of the player who took them): only the devices at
        that seat see them."""
        if self.reader.everything:
            return True
        if self.hide_all:
            return False
        closed = [e for e in self.entries.values() if e.seat == seat and not e.open]
        if not closed and self.in_deal:
            return self.reader.seat == seat
        return all(self.may_read(e.seq) for e in closed)

    # --- what goes out --------------------------------------------------------------------
    def reveal(self, value: Any) -> Any:
        return reveal(value, self.may_see_seat)

    def finding(self, finding: Finding) -> dict[str, Any]:
        out = finding.as_dict()
        if finding.private_to is not None and not self.may_see_seat(finding.private_to):
            public = {"sv": finding.public_sv or finding.sv, "en": finding.public_en
                      or finding.en}
            return {**out, "details": {}, "message": public["en"], "messages": public}
        return self.reveal(out)

    def event(self, seq: int, event: dict[str, Any]) -> dict[str, Any]:
        """A log entry's event as this reader may see it."""
        found = private_spec(self.module, event)
        if found is None or self.may_read(seq):
            return event
        inner, spec = found
        seat = inner["seat"]
        shown = {k: (hidden(seat, _count({k: v}, spec)) if k in spec.card_fields else v)
                 for k, v in inner.items()}
        if event.get("type") == "correct":
            return {**event, "event": shown}
        return shown

    def violation(self, violation: RuleViolation) -> ApiError:
        return ApiError.from_violation(violation, self.may_see_seat)


def load(db: sqlite_utils.Database, row: dict[str, Any], module: Any, state: Any,
         reader: Reader) -> Disclosure:
    """The Disclosure for ``reader`` at the table ``row`` whose current state is ``state``.

    Reads only the entries that can still be closed (one query, filtered by event type): an
    entry that is open reads as one that is not private at all (``may_read`` and
    ``may_see_seat`` treat them alike), so when entries open after their deal only those of
    the deal in progress (and those without a recorded deal) are read, and none between
    deals — a post does not read the private entries of every deal before it."""
    private = getattr(module, "PRIVATE", None) or {}
    if not private:
        return Disclosure(module, reader)
    opens = bool(row.get("open_private_after_deal", 1))
    current = deal_of(module, state)
    has_deals = getattr(module, "deal_in_progress", None) is not None
    in_deal = has_deals and current is not None
    if opens and not (in_deal if has_deals else not module.is_over(state)):
        return Disclosure(module, reader, {}, in_deal=in_deal)  # every entry is open
    types = tuple(sorted(set(private) | {"correct"}))
    of_deal = opens and in_deal  # only the deal in progress can hold closed entries
    entries: dict[int, PrivateEntry] = {}
    for seq, device_id, deal, event_json in private_rows(db, row["id"], types):
        if of_deal and deal is not None and deal != current:
            continue
        found = private_spec(module, json.loads(event_json))
        if found is None:
            continue
        # An entry without a recorded deal (posted before deals were recorded) opens only
        # when the game is over; so does every entry of a game that does not say which
        # deal is in progress.
        if has_deals:
            over = current is None or (deal is not None and deal != current)
        else:
            over = bool(module.is_over(state))
        entries[seq] = PrivateEntry(seq, found[0]["seat"], deal, device_id, opens and over)
    return Disclosure(module, reader, entries, in_deal=in_deal)


# --- the private entries' rows, kept per process -----------------------------------------
_KEEP_TABLES = 4096  # tables whose rows a process keeps (the oldest forgotten first)


@dataclass(frozen=True)
class _Kept:
    """The rows of a table's log of ``types`` up to ``seq`` (the log's last seq when they
    were read), in the database of restore generation ``generation``."""

    generation: str
    types: tuple[str, ...]
    seq: int
    rows: tuple[tuple[int, str | None, int | None, str], ...]


_kept: dict[tuple[str, str, tuple[str, ...]], _Kept] = {}  # by (file, table, types)


def _rows_query(types: tuple[str, ...]) -> str:
    marks = ", ".join("?" for _ in types)
    # One statement, so one moment of the file: the restore generation, the log's last seq
    # and the rows after ``?2``. The left join gives the generation's row when no event
    # is new.
    return ("select g.generation, (select max(seq) from events where table_id = ?1), "
            "e.seq, e.device_id, e.deal, e.event from restore_generation g "
            "left join events e on e.table_id = ?1 and e.seq > ?2 and "
            f"json_extract(e.event, '$.type') in ({marks}) where g.id = 1 order by e.seq")


def private_rows(db: sqlite_utils.Database, table_id: str,
                 types: tuple[str, ...]) -> tuple[tuple[int, str | None, int | None, str], ...]:
    """(seq, device_id, deal, event) of the table's log entries whose type is one of
    ``types``, in seq order: what ``select ... where table_id = ? and json_extract(event,
    '$.type') in (types)`` gives (issue 16: that query scanned every event of the table, at
    nearly every post).

    The log is append-only — an entry, once committed, never changes and is never taken
    out; an undo or a correction is an entry of its own — so the rows up to a seq this
    process read once are those rows for good, and only the entries after it are read
    (one step down the log's key). What is kept is keyed by the file, the table and the
    types (a post's, and the log's catch-up, ``store._log_rows``) and checked against
    the database's restore generation (``m011_restore_generation``: a restore can put an
    older log back under the same ids, and draws a new generation), read in the same
    statement; a connection that reads an older moment of the file than the one kept
    gets the kept rows up to its own last seq. Nothing read inside a write transaction is
    kept (its entries may yet be rolled back). ``tests/api/test_private_rows_kept.py``
    holds this to the full query."""
    # By file as well: a backup copied to another file keeps the generation, and a
    # process may serve both (two apps, a test). A database not opened by ``db.connect``
    # (no file named) is read whole and nothing of it kept.
    file = getattr(db, "protokoll_file", None)
    key = (file, table_id, types)  # a post's types, and the log's (``store._log_rows``)
    kept = _kept.get(key) if file is not None else None
    after = -1 if kept is None else kept.seq
    query = _rows_query(types)
    try:
        found = db.execute(query, [table_id, after, *types]).fetchall()
    except sqlite3.OperationalError as error:
        if "restore_generation" not in str(error):
            raise
        found = []
    if not found:  # no restore generation (a bare file): the log as it is, kept nowhere
        marks = ", ".join("?" for _ in types)
        return tuple(db.execute(
            "select seq, device_id, deal, event from events where table_id = ? and "
            f"json_extract(event, '$.type') in ({marks}) order by seq",
            [table_id, *types]).fetchall())
    generation, last = found[0][0], found[0][1]
    if kept is not None and kept.generation != generation:  # a restore: read it all
        kept, after = None, -1
        found = db.execute(query, [table_id, after, *types]).fetchall()
        generation, last = found[0][0], found[0][1]
    new = tuple(r[2:] for r in found if r[2] is not None)
    if kept is None:
        rows = new
    elif last is None or last < kept.seq:  # an older moment than the one kept
        return tuple(r for r in kept.rows if last is not None and r[0] <= last)
    else:
        rows = kept.rows + new if new else kept.rows
    if (file is not None and last is not None and not db.conn.in_transaction
            and (kept is None or last > kept.seq)):
        if len(_kept) >= _KEEP_TABLES and key not in _kept:
            _kept.pop(next(iter(_kept)), None)
        _kept[key] = _Kept(generation, types, last, rows)
    return rows


def everything(module: Any) -> Disclosure:
    """For the director's own exports (a director sees every hand at once)."""
    return Disclosure(module, DIRECTOR)


def sees_seat(disclosure: Disclosure | None) -> Callable[[int], bool]:
    return (lambda _seat: False) if disclosure is None else disclosure.may_see_seat


def redact_log(disclosure: Disclosure, items: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**item, "event": disclosure.event(item["seq"], item["event"])} for item in items]
