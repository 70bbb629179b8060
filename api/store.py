"""Tables and their logs in SQLite. (Devices, directors, spectator keys and rate-limit
counters are kept by ``resources/access/records.py`` and ``ratelimit.py``.)

Posting an event is one ``BEGIN IMMEDIATE`` transaction: check the token, count the write
against the device's rate limit, answer a retried ``client_event_id`` with its first answer,
refuse a stale ``based_on``, apply the event to the cached snapshot (not a replay of the whole
log), then append the event and, when it is due, save the snapshot (``snapshots.due``; the
table's sequence number is its last event's: ``log_seq``). Either all of it is on disk or
none — except that a refused entry still counts against the rate limit: the entry is rolled
back to a savepoint, the count is committed (in ``FILE-limits``: ``api/limits_file.py``).

Snapshots are a cache: each carries the fingerprint of the engine code that made it. After an
engine upgrade the fingerprint differs, and the state is rebuilt by replaying the log.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import sqlite_utils

import rules_engine
from rules_engine.errors import RuleViolation
from rules_engine.protocol import build_options
from rules_engine.registry import get_game
from rules_engine.table_log import Entry, TableSetup, apply_entry, replay

from . import auth, disclosure, snapshots
from . import names as player_names
from .log_seq import seq_sql
from .snapshots import changed_from
from .db import read_together, write_transaction
from .errors import ApiError
from .resources.access import hidden_guesses, principals, ratelimit, records
from .resources.access.credentials import Credentials
from .resources.seats import records as seats
from .resources.tournaments import closing, placement, storage


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


# --- tables ---------------------------------------------------------------------------------
def create_table(db: sqlite_utils.Database, game: str, players: list[str],
                 options: dict[str, Any], first_dealer: int, device_name: str,
                 director: dict[str, Any] | None = None, seat: Any = None,
                 open_private_after_deal: bool = True) -> dict[str, Any]:
    """Start a table and its first device: the owner's, or, for a table a director starts,
    the device that stands for the director there. Returns the secrets, shown only now.
    ``seat`` is the owner device's place (a seat or "scorer"; see ``resources/seats``);
    ``open_private_after_deal`` False keeps private entries closed after their deal."""
    setup, state = _new_table(game, players, options, first_dealer)
    seats.check_place(seat, len(setup.players))
    with write_transaction(db):
        created = insert_table(db, setup, state, device_name, director, seat,
                               open_private_after_deal)
    return {**created, "open_private_after_deal": bool(open_private_after_deal),
            "table": table_view(load_row(db, created["id"]), setup, state)}


def _new_table(game: str, players: list[str], options: dict[str, Any],
               first_dealer: int) -> tuple[TableSetup, Any]:
    """A table's setup and first state, checked (422 for bad names or options)."""
    try:
        module = get_game(game)
        names = [player_names.clean(p) for p in players]  # stored as cleaned: api/names.py
        if any(not n for n in names):
            raise ApiError(422, "player_names",
                           "Spelarna behöver olika namn som inte är tomma.",
                           "Players need distinct, non-empty names.",
                           details={"players": names, "empty": names.index("")})
        clash = player_names.first_clash(names)
        if clash is not None:
            first, second = (names[i] for i in clash)
            raise ApiError(422, "player_names",
                           f"Namnen {first} och {second} går inte att skilja åt "
                           f"(samma bokstäver eller bokstäver som ser likadana ut).",
                           f"The names {first} and {second} cannot be told apart (the same "
                           f"letters, or letters that look the same).",
                           details={"players": names, "clash": list(clash)})
        build_options(module.Options, options)
        setup = TableSetup(module.ID, tuple(names), dict(options), first_dealer)
        return setup, setup.new_state()
    except RuleViolation as violation:
        raise ApiError.from_violation(violation) from violation


def insert_table(db: sqlite_utils.Database, setup: TableSetup, state: Any, device_name: str,
                 director: dict[str, Any] | None = None, seat: Any = None,
                 open_private_after_deal: bool = True) -> dict[str, Any]:
    """Write a new table, its spectator key, first device (at ``seat``, if given) and
    snapshot. Inside the caller's write transaction; returns the secrets (no table view)."""
    created = _insert_new_tables(db, [(setup, state)], device_name, director,
                                 open_private_after_deal)[0]
    if seat is not None:
        seats.take(db, load_row(db, created["id"]), created["device_id"], seat)
    return created


def insert_tables(db: sqlite_utils.Database, game: str, seatings: list[list[str]],
                  options: dict[str, Any], director: dict[str, Any]) -> list[str]:
    """Many tables of one game at once (a tournament round), inside the caller's write
    transaction: one commit for all of them instead of one each, and one statement per
    kind of row (tables, devices, snapshots) instead of several per table. Returns their
    ids."""
    made = [_new_table(game, players, options, 0) for players in seatings]
    return [created["id"] for created in _insert_new_tables(db, made, "", director, True)]


def _insert_new_tables(db: sqlite_utils.Database, made: list[tuple[TableSetup, Any]],
                       device_name: str, director: dict[str, Any] | None,
                       open_private_after_deal: bool) -> list[dict[str, Any]]:
    """The rows of new tables (``insert_table``'s, for one or for a round's 250): each
    table with its join code and spectator key, its first device (the owner's, or the one
    that stands for the director) and its snapshot at seq 0. Returns each one's secrets."""
    director_id = director["id"] if director else None
    role = "director" if director else "owner"
    name = player_names.clean(device_name) or (director["name"] if director else "")
    ids = [auth.new_id() for _ in made]
    codes = _fresh_join_codes(db, len(made))
    keys = [auth.new_spectator_key() for _ in made]
    now = _now()
    db.conn.executemany(  # plain SQL: sqlite-utils' insert looks the table up every time
        "insert into tables (id, game, players, options, first_dealer, join_code, "
        "created_at, join_code_hash, director_id, open_private_after_deal, spectator_hash) "
        "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(table_id, setup.game, json.dumps(list(setup.players)), json.dumps(setup.options),
          setup.first_dealer, code, now, auth.hash_token(code), director_id,
          1 if open_private_after_deal else 0, auth.hash_token(key))
         for (setup, _), table_id, code, key in zip(made, ids, codes, keys)])
    devices = records.add_devices(db, [(table_id, name) for table_id in ids], role,
                                  director_id)
    snapshots.write_many(db, ENGINE, [(table_id, 0, snapshots.prepare(state))
                                      for (_, state), table_id in zip(made, ids)])
    return [{"id": table_id, "join_code": code, "token": token, "device_id": device_id,
             "role": role, "director_id": director_id, "spectator_key": key}
            for table_id, code, key, (device_id, token) in zip(ids, codes, keys, devices)]


def _fresh_join_codes(db: sqlite_utils.Database, count: int) -> list[str]:
    """``count`` new join codes, distinct from each other and from every table's, checked
    with one query per draw (a second draw only for the rare clash: 32**6 codes)."""
    codes: list[str] = []
    while len(codes) < count:
        drawn = {auth.new_join_code() for _ in range(count - len(codes))} - set(codes)
        taken = {row[0] for row in db.execute(
            f"select join_code from tables where join_code in ({', '.join('?' * len(drawn))})",
            list(drawn)).fetchall()}
        codes += [code for code in drawn if code not in taken]
    return codes


_TABLE_COLUMNS = ("id", "game", "players", "options", "first_dealer", "join_code", "seq",
                  "created_at", "director_id", "join_code_hash", "spectator_hash",
                  "open_private_after_deal")
# The columns as selected: the seq is read from the log (``log_seq``), not stored.
_SELECTED = ", ".join(seq_sql() if name == "seq" else name for name in _TABLE_COLUMNS)


def load_row(db: sqlite_utils.Database, table_id: str) -> dict[str, Any]:
    row = db.execute(f"select {_SELECTED} from tables where id = ?",
                     [table_id]).fetchone()
    if row is None:
        raise _not_found(table_id)
    return dict(zip(_TABLE_COLUMNS, row))


# The row with its snapshot's (seq, engine, token), read in one statement (a post's reads:
# issue 16). One statement reads one moment of the file, without a transaction around it.
_WITH_SNAPSHOT = (f"select {_SELECTED}, s.seq, s.engine, s.token from tables "
                  "left join snapshots s on s.table_id = tables.id where tables.id = ?")


def _row_and_snapshot(db: sqlite_utils.Database, table_id: str
                      ) -> tuple[dict[str, Any], tuple[Any, Any, Any] | None]:
    """The table's row (404 when there is none) and its snapshot's (seq, engine, token),
    None when it has no snapshot."""
    values = db.execute(_WITH_SNAPSHOT, [table_id]).fetchone()
    if values is None:
        raise _not_found(table_id)
    n = len(_TABLE_COLUMNS)
    snap = tuple(values[n:])
    return dict(zip(_TABLE_COLUMNS, values[:n])), (None if snap[0] is None else snap)


def setup_of(row: dict[str, Any]) -> TableSetup:
    return TableSetup(row["game"], tuple(json.loads(row["players"])),
                      json.loads(row["options"]), row["first_dealer"])


def entries_of(db: sqlite_utils.Database, table_id: str,
               upto: int | None = None) -> list[Entry]:
    """The table's log (up to seq ``upto`` when given)."""
    if upto is None:
        rows = db.execute("select seq, event from events where table_id = ? order by seq",
                          [table_id])
    else:
        rows = db.execute("select seq, event from events where table_id = ? and seq <= ? "
                          "order by seq", [table_id, upto])
    return [Entry(seq, json.loads(event)) for seq, event in rows.fetchall()]


def _save_snapshot(db: sqlite_utils.Database, table_id: str, seq: int, state: Any,
                   before: Any = None) -> None:
    snapshots.save(db, table_id, seq, ENGINE, state, before)


def load_state(db: sqlite_utils.Database, row: dict[str, Any]) -> tuple[TableSetup, Any]:
    """The table's current state: the snapshot brought up to date when there is one,
    else a full replay."""
    setup, state, _ = _current_state(db, row)
    return setup, state


def _advance(setup: TableSetup):
    """The engine applying one logged event to a snapshot's state (``snapshots.load``);
    an undo or a correction replays the log, so the snapshot is not brought up past one
    (a post of either saves the snapshot: ``snapshots.due``)."""
    def advance(state: Any, event: dict[str, Any]) -> Any:
        if event.get("type") in ("undo", "correct"):
            raise LookupError("replay")
        return apply_entry(setup, state, [], event)
    return advance


def _current_state(db: sqlite_utils.Database, row: dict[str, Any]
                   ) -> tuple[TableSetup, Any, "snapshots.Loaded | None"]:
    """(setup, state, the snapshot it came from: None when it was replayed)."""
    setup = setup_of(row)
    with read_together(db):
        loaded = snapshots.load(db, row["id"], row["seq"], ENGINE, _advance(setup))
        if loaded is not None:
            return setup, loaded.state, loaded
        # The log up to the row's seq: a post since the row was read is not in its view.
        return setup, replay(setup, entries_of(db, row["id"], upto=row["seq"])), None


def _saves(loaded: "snapshots.Loaded | None", seq: int, event: dict[str, Any],
           before: Any, state: Any) -> bool:
    """Whether the post that makes ``state`` (seq ``seq``) saves the snapshot."""
    return snapshots.due(None if loaded is None else loaded.saved, seq,
                         event.get("type") in ("undo", "correct"), before, state)


def load_states(db: sqlite_utils.Database, table_ids: list[str]
                ) -> dict[str, tuple[dict[str, Any], TableSetup, Any]]:
    """Many tables' rows and current states (a tournament reading its round): the rows in
    one query, each state from its snapshot (or a replay)."""
    out: dict[str, tuple[dict[str, Any], TableSetup, Any]] = {}
    for start in range(0, len(table_ids), 500):
        chunk = table_ids[start:start + 500]
        for values in db.execute(f"select {_SELECTED} from tables "
                                 f"where id in ({', '.join('?' * len(chunk))})",
                                 chunk).fetchall():
            row = dict(zip(_TABLE_COLUMNS, values))
            setup, state = load_state(db, row)
            out[row["id"]] = (row, setup, state)
    return out


def options_shown(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The table's options with their defaults filled in, as a table view shows them:
    ``build_options(...).__dict__``, built once per process for each game and set of
    options (issue 16: it was built anew for every answer); a copy each time.
    ``tests/api/test_options_shown.py`` holds it to ``build_options``."""
    try:  # each value with its type: 1 and 1.0 and True are equal keys, not equal options
        key: Any = (game, tuple(sorted((name, type(value), value)
                                       for name, value in options.items())))
        built = _options_built.get(key)
    except TypeError:  # a list or an object among them: none of the games' own
        return build_options(get_game(game).Options, options).__dict__
    if built is None:
        built = build_options(get_game(game).Options, options).__dict__
        if len(_options_built) < 1024:
            _options_built[key] = built
    return dict(built)


_options_built: dict[Any, dict[str, Any]] = {}


def table_view(row: dict[str, Any], setup: TableSetup, state: Any,
               show_join_code: bool = True,
               disclosed: "disclosure.Disclosure | None" = None,
               first_row: int | None = None) -> dict[str, Any]:
    """The table as the API shows it to one reader: spectators get it without the join code,
    and private cards only where ``disclosed`` lets that reader see them (without it, no
    seat's private cards at all). With ``first_row`` the protokoll carries only its rows
    from that one on (a post's answer)."""
    module = setup.module
    if disclosed is None:
        disclosed = disclosure.Disclosure(module, disclosure.NOBODY, hide_all=True)
    return {
        "id": row["id"],
        "game": module.ID,
        "title": module.TITLE,
        "players": list(setup.players),
        "options": options_shown(setup.game, setup.options),
        "first_dealer": setup.first_dealer,
        "join_code": row["join_code"] if show_join_code else None,
        "seq": row["seq"],
        "state": disclosed.reveal(module.describe(state)),
        "expected": disclosed.reveal(module.expected(state).as_dict()),
        "protokoll": disclosed.reveal(module.sheet(state).as_dict() if first_row is None
                                      else sheet_from(module.sheet(state), first_row)),
        "findings": [disclosed.finding(f) for f in module.findings(state)],
        "deal_in_progress": disclosure.deal_of(module, state),
        "over": module.is_over(state),
        "result": module.result(state),
    }


# --- events ------------------------------------------------------------------------------------
def sheet_from(sheet: Any, first_row: int) -> dict[str, Any]:
    """The protokoll with only its rows from ``first_row`` on, saying so (``first_row``,
    ``row_count``): a post's answer carries what the post changed, not the whole sheet,
    so that its cost does not grow with the length of the match."""
    whole = sheet.rows
    body = dataclasses.replace(sheet, rows=whole[first_row:]).as_dict()
    return {**body, "first_row": first_row, "row_count": len(whole)}


@dataclasses.dataclass
class _Posted:
    """What a post did, to be turned into its answer after the commit."""

    row: dict[str, Any]
    setup: TableSetup
    entry: dict[str, Any]
    state: Any = None  # the new state (None: a retry, answered from the log)
    first_row: int = 0


@dataclasses.dataclass(frozen=True)
class _Ready:
    """A post worked out before the write lock, from the table as it was at ``seq``
    (snapshot ``token``); used only if the table is still there when the lock is held."""

    seq: int
    token: str | None
    setup: TableSetup
    state: Any
    snapshot: snapshots.Prepared | None  # None: this post does not save it (``_saves``)
    first_row: int


def _work_out(db: sqlite_utils.Database, table_id: str, based_on: int,
              event: dict[str, Any]) -> _Ready | None:
    """Apply the event to the table's current state and pickle the new snapshot, outside
    the write lock, so that the lock is held for the checks and the writes only (under
    load the writers queue on it, and every millisecond in it is one for each of them).
    None when it cannot be done ahead (an undo or a correction, a stale ``based_on``, a
    refusal — which is then made again inside, so that it counts against the limit)."""
    if event.get("type") in ("undo", "correct"):
        return None
    try:
        row, snap = _row_and_snapshot(db, table_id)
        if row["seq"] != based_on:
            return None
        # The state this process kept at the row's seq since that snapshot: no other
        # statement (the usual case: its phones post here one after the other); else the
        # snapshot and the log read together.
        loaded = snapshots.kept_at(db, table_id, row["seq"], ENGINE, snap)
        if loaded is not None:
            setup, before = setup_of(row), loaded.state
        else:
            setup, before, loaded = _current_state(db, row)
        if loaded is None:  # replayed (no snapshot of this engine): rare; made again
            return None     # inside, where nothing moves between its reads
        state = apply_entry(setup, before, [], event)
    except (ApiError, RuleViolation):
        return None
    module = setup.module
    saves = _saves(loaded, row["seq"] + 1, event, before, state)
    # The snapshot's token as ``load`` read it, with the state it made from that snapshot
    # and the log up to the row's seq: if the token and the seq are still these under the
    # lock, the log up to that seq is the one this state was made from (a restore makes
    # new tokens), whatever happened in between.
    return _Ready(row["seq"], loaded.token, setup, state,
                  snapshots.prepare(state, before) if saves else None,
                  changed_from(module.sheet(before).rows, module.sheet(state).rows))


class _Stale(ApiError):
    """409 for a post based on an old seq; its table view is made after the rollback."""


def post_event(db: sqlite_utils.Database, table_id: str, creds: Credentials, based_on: int,
               client_event_id: str, event: dict[str, Any],
               limits: ratelimit.Limits = ratelimit.Limits(),
               reason: str | None = None) -> tuple[int, dict[str, Any]]:
    """Append one event; return (HTTP status, body). Raises ApiError on refusal.
    ``reason``: a director's entry at a closed round's table (``tournaments/closing.py``).

    Only what must be atomic happens inside the write lock: the checks (who writes, a closed
    or played round, the rate limit, who may post a private entry), the append, the seq and
    the snapshot. The answer's table view (state, expected, findings, the protokoll's new
    rows, as this reader may see them) is made after the commit, from the state the post
    made, and the view a 409 carries after the rollback: other writers do not wait for
    either."""
    refusal: ApiError | None = None
    ready = _work_out(db, table_id, based_on, event)
    with write_transaction(db):
        row, snap = _row_and_snapshot(db, table_id)
        who = principals.for_writing(db, row, creds)
        # Read once for both checks, and only for a table a director started: a
        # tournament's tables are all started by its director (``service`` seats a round
        # through ``insert_tables``) and a table's director_id never changes, so a table
        # without one is in no tournament.
        place = placement.locate(db, table_id) if row["director_id"] else None
        closing.check_writable(db, table_id, who.role, reason, place, client_event_id)
        placement.check_round_open(db, table_id, lambda: _sheet_now(db, row), event,
                                   client_event_id, who.role, reason, place)
        if limits.write.count > 0:
            ratelimit.hit(db, who.rate_key, limits.write,
                          {"sv": "inmatningar från den här enheten",
                           "en": "entries from this device"})
        db.execute("SAVEPOINT entry")
        try:
            private = disclosure.private_spec(get_game(row["game"]), event)
            if private is not None:
                seats.check_may_post(db, who, private[0]["seat"])
            posted = _append(db, row, who, based_on, client_event_id, event, ready,
                             None if snap is None else snap[2], limits)
            if reason and posted.state is not None:
                closing.keep_reason(db, table_id, posted.entry["seq"], who.director_id, reason)
        except ApiError as error:
            db.execute("ROLLBACK TO entry")
            refusal = error
            if error.hidden:  # judged by cards this device may not see: counted
                hidden_guesses.count(db, table_id, who, limits)
        db.execute("RELEASE entry")
    if isinstance(refusal, _Stale):
        now = load_row(db, table_id)
        setup, state = load_state(db, now)
        refusal.details["seq"] = now["seq"]
        refusal.details["table"] = table_view(now, setup, state,
                                              disclosed=disclosed_to(db, now, setup, state, who))
    if refusal is not None:
        raise refusal
    if posted.state is None:  # a retry: answered as the first time, from the log
        return 201, _answer_again(db, posted.row, who, posted.entry)
    placement.read_after_post(db, place, table_id, posted.entry["seq"], posted.setup.module,
                              posted.state)
    # The device's seat as read with its token inside the lock: the seat at the post's
    # moment, for both (the answer's secrets and its ``access``).
    reader = disclosure.reader_of(db, who, as_read=True)
    seen = disclosure.load(db, posted.row, posted.setup.module, posted.state, reader)
    entry = posted.entry
    table = table_view(posted.row, posted.setup, posted.state, disclosed=seen,
                       first_row=posted.first_row)
    if not posted.row["director_id"]:  # in no tournament (see ``place`` above): the
        table["tournament"] = None     # route need not look (``placement.block``)
    return 201, {"entry": {**entry, "event": seen.event(entry["seq"], entry["event"])},
                 "table": table,
                 "access": seats.access_of(db, table_id, who, seats.place_from(reader))}


def _sheet_now(db: sqlite_utils.Database, row: dict[str, Any]) -> tuple[dict, Any, bool, int]:
    """(protokoll, result, over, seq) of the table as it stands: what a tournament reads."""
    setup, state = load_state(db, row)
    module = setup.module
    return module.sheet(state).as_dict(), module.result(state), module.is_over(state), row["seq"]


def disclosed_to(db: sqlite_utils.Database, row: dict[str, Any], setup: TableSetup,
                 state: Any, who: principals.Principal) -> "disclosure.Disclosure":
    """What ``who`` may see of the table ``row`` whose state is ``state``."""
    return disclosure.load(db, row, setup.module, state, disclosure.reader_of(db, who))


def _same_event(stored: str, event: dict[str, Any]) -> bool:
    """Is ``event`` the entry stored as ``stored`` (JSON)? Compared as JSON, keys in any
    order: Python's ``==`` takes ``3.0`` for ``3`` and ``true`` for ``1``, which are other
    entries (the engine refuses a fraction or a bool where it counts tricks), so a post
    under a used id with one of them was answered as the first post's retry."""
    def canonical(value: Any) -> str:
        return json.dumps(value, sort_keys=True, ensure_ascii=False)
    return canonical(json.loads(stored)) == canonical(event)


def _append(db: sqlite_utils.Database, row: dict[str, Any], who: principals.Principal,
            based_on: int, client_event_id: str, event: dict[str, Any],
            ready: _Ready | None = None, token: str | None = None,
            limits: ratelimit.Limits = ratelimit.Limits()) -> _Posted:
    """``token``: the snapshot's token as read with ``row``, in the same lock."""
    table_id, device_id = row["id"], who.device_id
    earlier = db.execute(
        "select seq, device_id, created_at, event from events "
        "where table_id = ? and client_event_id = ?",
        [table_id, client_event_id]).fetchone()
    if earlier is not None:
        # A retry is the same device's: another device's post under an id the log shows
        # is refused whatever its event, or a device that may post a seat's private entry
        # without reading it (the scorer) could test a guess of its cards (201 or 409).
        if earlier[1] != device_id or not _same_event(earlier[3], event):
            raise ApiError(409, "client_event_id_reused",
                           "Det händelse-id:t användes redan för en annan händelse.",
                           "That client event id was already used for another event.",
                           details={"client_event_id": client_event_id,
                                    "seq": row["seq"]})
        seq, device, created_at, event_json = earlier
        return _Posted(row, setup_of(row), {
            "seq": seq, "client_event_id": client_event_id, "device_id": device,
            "created_at": created_at, "event": json.loads(event_json)})
    if based_on != row["seq"]:
        raise _Stale(409, "stale_sequence",
                     f"Bordet har ändrats: senaste händelse är {row['seq']}, "
                     f"inte {based_on}. Läs om och försök igen.",
                     f"The table has moved on: the last event is {row['seq']}, not "
                     f"{based_on}. Reload and try again.",
                     details={"seq": row["seq"], "based_on": based_on})
    # Before it is judged: a device that has had too many refusals against hidden cards
    # here enters no more moves that could be judged by them (a retry above is answered).
    hidden_guesses.check(db, table_id, who, event, limits)
    if ready is None or ready.seq != row["seq"] or ready.token != token:
        ready = None  # worked out from another moment of the table: do it here
        setup, before, loaded = _current_state(db, row)
        entries = entries_of(db, table_id) if event.get("type") in ("undo", "correct") else []
        try:
            state = apply_entry(setup, before, entries, event)
        except RuleViolation as violation:
            raise disclosed_to(db, row, setup, before, who).violation(violation) from violation
    else:
        setup, state = ready.setup, ready.state
    seq = row["seq"] + 1
    entry = {"seq": seq, "client_event_id": client_event_id, "device_id": device_id,
             "created_at": _now(), "event": event}
    db.execute("insert into events (table_id, seq, client_event_id, device_id, "
               "created_at, event, deal) values (?, ?, ?, ?, ?, ?, ?)",
               [table_id, seq, client_event_id, device_id, entry["created_at"],
                json.dumps(event, ensure_ascii=False), disclosure.deal_of(setup.module, state)])
    if ready is not None:
        if ready.snapshot is not None:
            snapshots.write(db, table_id, seq, ENGINE, ready.snapshot)
        else:
            snapshots.advanced(db, table_id, token, seq, state)
        return _Posted({**row, "seq": seq}, ready.setup, entry, state, ready.first_row)
    if _saves(loaded, seq, event, before, state):
        _save_snapshot(db, table_id, seq, state, before if loaded else None)
    else:
        snapshots.advanced(db, table_id, token, seq, state)
    module = setup.module
    first_row = changed_from(module.sheet(before).rows, module.sheet(state).rows)
    return _Posted({**row, "seq": seq}, setup, entry, state, first_row)


def _answer_again(db: sqlite_utils.Database, row: dict[str, Any], who: principals.Principal,
                  entry: dict[str, Any]) -> dict[str, Any]:
    """The answer a retried post gets: what the first post answered, rebuilt by replaying
    the log up to that entry (retries are rare; storing every answer is not), shown as the
    asker may see it now."""
    setup = setup_of(row)
    seq = entry["seq"]
    earlier = [e for e in entries_of(db, row["id"]) if e.seq < seq]
    before = replay(setup, earlier)
    state = apply_entry(setup, before, earlier, entry["event"])
    module = setup.module
    first_row = changed_from(module.sheet(before).rows, module.sheet(state).rows)
    _setup, now = load_state(db, row)
    seen = disclosed_to(db, row, setup, now, who)
    return {"entry": {**entry, "event": seen.event(seq, entry["event"])},
            "table": table_view({**row, "seq": seq}, setup, state, disclosed=seen,
                                first_row=first_row),
            "access": seats.access_of(db, row["id"], who)}


def list_events(db: sqlite_utils.Database, table_id: str,
                reader: "disclosure.Reader" = disclosure.NOBODY, after: int | None = None,
                generation: str | None = None) -> dict[str, Any]:
    """The log, in the format ``protokoll replay`` reads, with who changed what; the cards
    of private entries ``reader`` may not read are hidden (``api.disclosure``).

    With ``after`` (and the ``generation`` the reader's copy came with), only what changed
    since the reader's copy of the log up to seq ``after``, for it to merge by seq (issue 16:
    every phone at a table read the whole log after each entry another phone made, a cost
    that grew with the match): the entries after it; the earlier entries a new undo or
    correction points at (their ``undone_by``/``corrected_by`` changed); and every earlier
    private entry (and correction of one), whose cards this reader may see now and not
    before (its deal ended, the device changed seat) or the other way round (an undo
    reopened the deal). Nothing else in the log ever changes: an entry, once committed, is
    never edited (``disclosure.private_rows``), a device's name is given once, and a
    director's reason is kept with its entry. A copy from before a restore (another
    generation) or from past the log's end gets the whole log (``after`` null)."""
    # The generation first: a restore after it gives rows of the restored file under the
    # old generation, which the reader's next ``after`` then finds stale (the whole log);
    # never the other way round. (No transaction around these reads: inside one,
    # ``disclosure.private_rows`` would keep nothing.)
    now = storage.generation(db)
    row = load_row(db, table_id)
    setup, state = load_state(db, row)
    seen = disclosure.load(db, row, setup.module, state, reader)
    if after is not None and (generation != now or after > row["seq"]):
        after = None
    rows, undone, corrected = _log_rows(db, table_id, setup.module, row["seq"], after)
    reasons = closing.reasons(db, table_id)
    # Each entry's keys in ``LogEntrySchema``'s order: the route sends this as it is.
    items = [{"seq": seq, "client_event_id": cid, "device_id": device, "created_at": created,
              "event": seen.event(seq, event), "device_name": name,
              "undone_by": undone.get(seq), "corrected_by": corrected.get(seq, []),
              "reason": reasons.get(seq)}
             for seq, cid, device, created, event, name in rows]
    return {"id": table_id, "game": setup.game, "players": list(setup.players),
            "options": setup.options, "first_dealer": setup.first_dealer,
            "seq": row["seq"], "generation": now, "after": after, "events": items}


_LOG_COLUMNS = ("select e.seq, e.client_event_id, e.device_id, e.created_at, e.event, d.name "
                "from events e left join devices d on d.id = e.device_id ")


def _log_rows(db: sqlite_utils.Database, table_id: str, module: Any, upto: int,
              after: int | None) -> tuple[list[tuple], dict[int, int], dict[int, list[int]]]:
    """(the log's rows up to seq ``upto`` to send, parsed; undone_by and corrected_by by
    seq, over that log). Only up to ``upto``, the seq of the table row the state and its
    disclosure were read with: an entry posted since is not judged by a state that does not
    know it.

    All of them without ``after``. With it, those ``list_events`` names, without a pass
    over the whole log: the undos, corrections and private entries are the rows
    ``disclosure.private_rows`` keeps per process (read once, then only the entries after
    the last it read); the rows after ``after`` are a range of the log's key; the earlier
    rows sent (private entries, targets of the new undos and corrections) are read by
    their seqs."""
    if after is None:
        rows = _parsed(db.execute(_LOG_COLUMNS + "where e.table_id = ? and e.seq <= ? "
                                  "order by e.seq", [table_id, upto]).fetchall())
        return (rows, *_changes([(row[0], row[4]) for row in rows]))
    types = tuple(sorted({"undo", "correct", *(getattr(module, "PRIVATE", None) or {})}))
    special = [(seq, json.loads(event_json)) for seq, _device, _deal, event_json
               in disclosure.private_rows(db, table_id, types) if seq <= upto]
    undone, corrected = _changes(special)
    new = db.execute(_LOG_COLUMNS + "where e.table_id = ? and e.seq > ? and e.seq <= ? "
                     "order by e.seq", [table_id, after, upto]).fetchall()
    earlier = {seq for seq, event in special
               if seq <= after and disclosure.private_spec(module, event) is not None}
    earlier |= {event["target"] for seq, event in special
                if seq > after and event.get("type") in ("undo", "correct")
                and isinstance(event.get("target"), int) and event["target"] <= after}
    if earlier:
        marks = ", ".join("?" * len(earlier))
        new = db.execute(_LOG_COLUMNS + f"where e.table_id = ? and e.seq in ({marks}) "
                         "order by e.seq", [table_id, *sorted(earlier)]).fetchall() + new
    return _parsed(new), undone, corrected


def _parsed(found: list[tuple]) -> list[tuple]:
    """The log's rows with their events parsed."""
    return [(seq, cid, device, created, json.loads(event_json), name)
            for seq, cid, device, created, event_json, name in found]


def _changes(entries: list[tuple[int, dict[str, Any]]]
             ) -> tuple[dict[int, int], dict[int, list[int]]]:
    """undone_by (the last undo pointing at an entry) and corrected_by (every correction
    of it, in order), by the entry's seq."""
    undone: dict[int, int] = {}
    corrected: dict[int, list[int]] = {}
    for seq, event in entries:
        kind = event.get("type")
        if kind == "undo":
            undone[event["target"]] = seq
        elif kind == "correct":
            corrected.setdefault(event["target"], []).append(seq)
    return undone, corrected
