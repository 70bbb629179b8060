"""Snapshots: each table's derived state as of one of its last posts, so that a post applies
one event (or a few) to a saved state instead of replaying the log — and costs the same at
event 5,000 as at event 10.

Saved now and then, not at every post (``due``, ``EVERY``): a save pickles the state and adds
three to five pages to the post's fsynced commit while the other writers wait (issue 16). A
post saves it when there is no current one, when the protokoll's rows change (in a trick game
at the end of every deal), after an undo or a correction, and at least every ``EVERY`` posts.
Between saves the server process that posted keeps the state in memory (``_kept``), and any
other reader applies the entries since the save to the saved state (``load``: at most
``EVERY`` - 1, about 0.05 ms each, once: then it keeps the state too). ``EVERY`` is 32, about
a deal of card-by-card play (with 4, a post cost 3% more CPU on a quiet machine).

A state is mostly small (the deal in play, the scores) except for its protokoll rows
(``state.rows``: one per scored deal, five thousand in a long match entered deal by deal).
Pickling and unpickling the whole state at every post made a post at row 5,000 seven times
dearer than one at row 10. So a snapshot is kept in two parts (migration
``m007_snapshot_rows``):

- ``snapshots.state``: the state without its rows (``rows`` saying how many it has), with a
  fresh random ``token`` per save;
- ``snapshot_rows``: one pickled row each, ``(table_id, n)``. A post rewrites only the rows
  from the first one it changed (rows are immutable and carried from state to state: a post
  that scores a deal adds one; an undo or a correction, which replays, rewrites them all).

And each server process keeps the states it saved, loaded or posted last (``_kept``, a small
LRU), each with its seq: when the snapshot's ``token`` is still the one it kept, the state
is taken from memory without unpickling anything, and brought up from the log past
whatever another process has posted since. A save (here or elsewhere) or a restore makes a
new token, so a kept state is never used across one.

A state whose game keeps no ``rows`` field is pickled whole, as are snapshots written before
this migration (``rows`` null). Snapshots are a cache: each carries the fingerprint of the
engine code that made it; a snapshot of another engine is not used (the caller replays).
"""

from __future__ import annotations

import dataclasses
import json
import operator
import os
import pickle
import secrets
import threading
from collections import OrderedDict
from typing import Any, Callable

KEPT = 256  # states kept per process: a 250-table round's (a miss only costs unpickling)
EVERY = 32  # a snapshot is saved at least every EVERY posts (``due``)
# (pid, file, table) -> (the snapshot's token, the seq of the kept state, the state)
_kept: "OrderedDict[tuple[int, str, str], tuple[str, int, Any]]" = OrderedDict()
_kept_lock = threading.Lock()


def _path(db: Any) -> str:
    return getattr(db, "protokoll_file", ":memory:")


_keeps_rows: dict[type, bool] = {}  # per state class: whether it has a ``rows`` field


def _rows(state: Any) -> tuple | None:
    """The state's protokoll rows (None: this state keeps none)."""
    kind = type(state)
    keeps = _keeps_rows.get(kind)
    if keeps is None:  # asked once per class (a post asks four times)
        keeps = _keeps_rows[kind] = dataclasses.is_dataclass(state) and any(
            f.name == "rows" for f in dataclasses.fields(state))
    if keeps:
        rows = state.rows
        if isinstance(rows, tuple):
            return rows
    return None


def _split(state: Any) -> tuple[Any, tuple | None]:
    """The state without its rows, and the rows (None: this state keeps none)."""
    rows = _rows(state)
    return (state, None) if rows is None else (dataclasses.replace(state, rows=()), rows)


def changed_from(before: tuple, after: tuple) -> int:
    """The first row of ``after`` that is not the very same object as in ``before`` (rows
    are immutable and carried from state to state: a post that scores a deal adds one
    row; an undo or a correction, a replay, makes them all anew). Compared at C speed."""
    same = list(map(operator.is_, before, after))
    try:
        return same.index(False)
    except ValueError:
        return min(len(before), len(after))


def _keep(db: Any, table_id: str, token: str, seq: int, state: Any) -> None:
    key = (os.getpid(), _path(db), table_id)
    with _kept_lock:
        _kept[key] = (token, seq, state)
        _kept.move_to_end(key)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)


def _kept_state(db: Any, table_id: str, token: str | None) -> tuple[int, Any] | None:
    """(seq, state) kept by this process since the snapshot ``token`` was saved."""
    with _kept_lock:
        kept = _kept.get((os.getpid(), _path(db), table_id))
    if token is not None and kept is not None and kept[0] == token:
        return kept[1], kept[2]
    return None


@dataclasses.dataclass(frozen=True)
class Prepared:
    """A snapshot pickled and ready to write (``prepare`` may run outside the write lock)."""

    state: Any
    head: bytes
    rows: int | None  # how many rows the state has (None: pickled whole in ``head``)
    start: int  # the first row to write again
    row_blobs: tuple[bytes, ...]


def prepare(state: Any, before: Any = None) -> Prepared:
    """Pickle ``state`` for its snapshot. ``before``: the state it was made from, as loaded
    from the current snapshot; then only the rows from the first one that changed are
    pickled (and written) again."""
    head, rows = _split(state)
    blob = pickle.dumps(head, protocol=pickle.HIGHEST_PROTOCOL)
    if rows is None:
        return Prepared(state, blob, None, 0, ())
    old_rows = _rows(before) if before is not None else None
    start = changed_from(old_rows, rows) if old_rows is not None else 0
    return Prepared(state, blob, len(rows), start, tuple(
        pickle.dumps(row, protocol=pickle.HIGHEST_PROTOCOL) for row in rows[start:]))


def rows_changed(before: Any, after: Any) -> bool:
    """Whether ``after`` has protokoll rows that are not the very ones of ``before``."""
    old, new = _rows(before), _rows(after)  # not ``_split``: no copy of the state made
    if new is None:
        return False
    return old is None or len(old) != len(new) or changed_from(old, new) < len(new)


def due(saved: int | None, seq: int, replays: bool, before: Any, after: Any) -> bool:
    """Whether the post that makes ``after`` (the table's state at ``seq``) from ``before``
    saves the snapshot, or leaves the saved one (of seq ``saved``; None: there is no
    current one) for the readers to bring up to date (``load``). It saves when there is no
    current snapshot, every ``EVERY`` posts, when the post changes the protokoll's rows
    (``prepare`` writes the rows that changed since ``before``, so the saved rows must be
    ``before``'s), and after an undo or a correction (``replays``: the state was made anew
    from the whole log, and ``load`` does not replay those)."""
    return (saved is None or replays or seq - saved >= EVERY
            or rows_changed(before, after))


def write(db: Any, table_id: str, seq: int, engine: str, prepared: Prepared) -> None:
    """Replace the table's snapshot (inside the caller's write transaction)."""
    write_many(db, engine, [(table_id, seq, prepared)])


def write_many(db: Any, engine: str, snaps: list[tuple[str, int, Prepared]]) -> None:
    """Replace the snapshots of many tables, (table id, seq, prepared) each, a statement
    per kind of row for all of them (a tournament round's 250 new tables). Inside the
    caller's write transaction."""
    tokens = [secrets.token_hex(8) for _ in snaps]
    # An upsert, not "insert or replace": the row keeps its rowid, so the commit does not
    # also rewrite the table's entry in the key's index (a page less in every post's WAL).
    db.conn.executemany(
        "insert into snapshots (table_id, seq, engine, state, token, rows) "
        "values (?, ?, ?, ?, ?, ?) on conflict (table_id) do update set "
        "seq = excluded.seq, engine = excluded.engine, state = excluded.state, "
        "token = excluded.token, rows = excluded.rows",
        [(table_id, seq, engine, prepared.head, token, prepared.rows)
         for (table_id, seq, prepared), token in zip(snaps, tokens)])
    split = [(table_id, prepared) for table_id, _, prepared in snaps
             if prepared.rows is not None]
    if split:
        db.conn.executemany("delete from snapshot_rows where table_id = ? and n >= ?",
                            [(table_id, prepared.start) for table_id, prepared in split])
        db.conn.executemany(
            "insert into snapshot_rows (table_id, n, row) values (?, ?, ?)",
            [(table_id, n, blob) for table_id, prepared in split
             for n, blob in enumerate(prepared.row_blobs, prepared.start)])
    for (table_id, seq, prepared), token in zip(snaps, tokens):
        _keep(db, table_id, token, seq, prepared.state)


def advanced(db: Any, table_id: str, token: str | None, seq: int, state: Any) -> None:
    """A post that did not save the snapshot (``due``): keep its state in this process, so
    that its next post or read here starts from it and not from the snapshot."""
    if token is not None:
        _keep(db, table_id, token, seq, state)


def save(db: Any, table_id: str, seq: int, engine: str, state: Any,
         before: Any = None) -> None:
    """``prepare`` and ``write`` in one (inside the caller's write transaction)."""
    write(db, table_id, seq, engine, prepare(state, before))


def token(db: Any, table_id: str) -> str | None:
    """The token of the table's snapshot as it is now (a new one at every save)."""
    row = db.execute("select token from snapshots where table_id = ?", [table_id]).fetchone()
    return None if row is None else row[0]


def kept_at(db: Any, table_id: str, seq: int, engine: str,
            snap: tuple[Any, Any, Any] | None) -> "Loaded | None":
    """What ``load`` gives when this process kept the table's state at ``seq`` itself since
    the snapshot ``snap`` ((seq, engine, token), as read with the table's row) was saved,
    without reading anything; None otherwise (the caller then ``load``s). Nothing else
    is read, so nothing need be read with it at one moment: the kept state rests on the
    token's save and on the log up to ``seq``, which is append-only."""
    if snap is None or snap[0] > seq or snap[1] != engine:
        return None
    saved, _engine, token = snap
    kept = _kept_state(db, table_id, token)
    if kept is None or kept[0] != seq:
        return None
    return Loaded(kept[1], saved, token)


@dataclasses.dataclass(frozen=True)
class Loaded:
    """A table's state at the seq asked for, and the seq of the snapshot it rests on."""

    state: Any
    saved: int
    token: str | None = None  # the snapshot's token as read (``load``)


def load(db: Any, table_id: str, seq: int, engine: str,
         advance: Callable[[Any, dict], Any]) -> Loaded | None:
    """The table's state at ``seq`` from its snapshot of ``engine`` (saved at ``seq`` or
    up to ``EVERY`` - 1 posts before it), brought up to ``seq`` by ``advance`` (the engine
    applying one logged event); None when there is none to use (the caller replays the
    log). A state this process kept since that snapshot was saved (``_kept``: same token)
    is used instead of unpickling it, and it too is brought up from the log when other
    processes have posted since. Both rest on the log being append-only: a token names
    one save, and the events after it are the log's (``backup.restore``, which can put an
    older log back, gives every snapshot a new token)."""
    snap = db.execute("select seq, engine, token from snapshots where table_id = ?",
                      [table_id]).fetchone()
    if snap is None or snap[0] > seq or snap[1] != engine:
        return None
    saved, _engine, token = snap
    kept = _kept_state(db, table_id, token)
    if kept is not None and saved <= kept[0] <= seq:
        at, state = kept
    else:
        at, state = saved, read(db, table_id)
        if state is None:
            return None
    if at < seq:
        tail = db.execute("select event from events where table_id = ? and seq > ? "
                          "and seq <= ? order by seq", [table_id, at, seq]).fetchall()
        if len(tail) != seq - at:
            return None
        try:
            for (event,) in tail:
                state = advance(state, json.loads(event))
        except Exception:  # a snapshot is only a cache: the caller replays
            return None
    if token is not None:
        _keep(db, table_id, token, seq, state)
    return Loaded(state, saved, token)


def read(db: Any, table_id: str) -> Any:
    """The state a snapshot holds, put together from its parts (None if there is none or
    it cannot be read: a snapshot is only a cache). ``db``: anything with ``execute``."""
    snap = db.execute("select state, rows from snapshots where table_id = ?",
                      [table_id]).fetchone()
    if snap is None:
        return None
    try:
        head = pickle.loads(snap[0])
        if snap[1] is None:
            return head
        rows = tuple(pickle.loads(row) for (row,) in db.execute(
            "select row from snapshot_rows where table_id = ? and n < ? order by n",
            [table_id, snap[1]]).fetchall())
        if len(rows) != snap[1]:
            return None
        return dataclasses.replace(head, rows=rows)
    except Exception:
        return None
