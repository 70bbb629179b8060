"""Tournaments in SQLite (migrations ``m005_tournaments``, ``m006_tournament_readings``).

Rows in, ``tournament_logic`` values out. Writes happen inside the caller's
``write_transaction``; every change a director makes also writes an audit row here
(``audit``), in the same transaction, so the trail and the change commit together.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import OrderedDict
from typing import Any, Iterable

import sqlite_utils

from ... import auth
from ...errors import ApiError
from ...log_seq import seq_of_sql, seq_sql
from ...tournament_logic.model import Adjustment, Player, Round, SeatedTable
from ..access.records import now_iso

LOG = logging.getLogger("protokoll")

_TOURNAMENT_COLUMNS = ("id", "director_id", "name", "game", "options", "rounds", "per_round",
                       "scoring", "table_size", "created_at", "archived", "rated",
                       "import_status")

# The tournaments whose tables count in the public ratings: played here, or imported and
# accepted by the server's operator (``protokoll imports accept``).
COUNTS_IN_RATINGS = "rated = 1 and (import_status is null or import_status = 'accepted')"


def not_found(tournament_id: str) -> ApiError:
    return ApiError(404, "tournament_not_found", f"Turneringen {tournament_id} finns inte.",
                    f"Tournament {tournament_id} does not exist.",
                    details={"tournament": tournament_id})


def unreadable(tournament_id: str, error: BaseException) -> ApiError:
    """409 for a tournament whose stored rows cannot be read (logged for the operator):
    a stored row must never make a page answer 500."""
    LOG.warning("tournament %s: its stored rows cannot be read (%r)", tournament_id, error)
    return ApiError(409, "tournament_unreadable",
                    "Turneringens sparade uppgifter går inte att läsa. Be serverns ansvarige "
                    "att se över databasen.",
                    "The tournament's stored records cannot be read. Ask the server's "
                    "operator to look at the database.",
                    details={"tournament": tournament_id})


# --- tournaments ---------------------------------------------------------------------------------
def insert_tournament(db: sqlite_utils.Database, director_id: str, settings: dict[str, Any],
                      players: Iterable[Player], created_at: str | None = None,
                      archived: bool = False) -> str:
    tournament_id = auth.new_id()
    db["tournaments"].insert({
        "id": tournament_id, "director_id": director_id, "name": settings["name"],
        "game": settings["game"], "options": json.dumps(settings["options"]),
        "rounds": settings["rounds"], "per_round": json.dumps(settings["per_round"]),
        "scoring": settings["scoring"], "table_size": settings["table_size"],
        "created_at": created_at or now_iso(), "archived": 1 if archived else 0,
        "rated": 1 if settings["rated"] else 0,
        "import_status": "pending" if archived else None})
    db["tournament_players"].insert_all(
        {"tournament_id": tournament_id, "number": p.number, "name": p.name, "club": p.club,
         "key": p.key, "withdrawn_at": now_iso() if p.withdrawn else None} for p in players)
    return tournament_id


def load_tournament(db: sqlite_utils.Database, tournament_id: str) -> dict[str, Any]:
    row = db.execute(f"select {', '.join(_TOURNAMENT_COLUMNS)} from tournaments where id = ?",
                     [tournament_id]).fetchone()
    if row is None:
        raise not_found(tournament_id)
    data = dict(zip(_TOURNAMENT_COLUMNS, row))
    try:
        data["options"] = json.loads(data["options"])
        data["per_round"] = json.loads(data["per_round"])
        if not isinstance(data["options"], dict):
            raise ValueError("options is not an object")
    except (TypeError, ValueError) as error:  # a stored row must never make a page fail
        raise unreadable(tournament_id, error) from error
    data["archived"] = bool(data["archived"])
    data["rated"] = bool(data["rated"])
    return data


def director_tournaments(db: sqlite_utils.Database, director_id: str) -> list[dict[str, Any]]:
    ids = [r[0] for r in db.execute("select id from tournaments where director_id = ? "
                                    "order by created_at, id", [director_id])]
    out = []
    for i in ids:
        try:
            out.append(load_tournament(db, i))
        except ApiError:  # unreadable: left out of the list (and logged), never a failed page
            continue
    return out


def rated_tournaments(db: sqlite_utils.Database, game: str) -> list[dict[str, Any]]:
    """The tournaments of a game that count in the ratings, oldest first."""
    ids = [r[0] for r in db.execute(f"select id from tournaments where game = ? and "
                                    f"{COUNTS_IN_RATINGS} order by created_at, id", [game])]
    return [load_tournament(db, i) for i in ids]


def rated_tournament_ids(db: sqlite_utils.Database, game: str) -> list[str]:
    """The ids of the tournaments of a game that count in the ratings, oldest first."""
    return [r[0] for r in db.execute(f"select id from tournaments where game = ? and "
                                     f"{COUNTS_IN_RATINGS} order by created_at, id", [game])]


def rated_games(db: sqlite_utils.Database) -> list[tuple[str, int]]:
    return [(game, count) for game, count in db.execute(
        f"select game, count(*) from tournaments where {COUNTS_IN_RATINGS} "
        "group by game order by game")]


# --- players -------------------------------------------------------------------------------------
# The players of each tournament this process read, by database file and tournament:
# ((restore generation, how many, who is withdrawn), the players). A tournament's players
# are written when it is made; later only a withdrawal (or its undoing) changes one, and
# the key sees it. Kept only when read outside a transaction, as the rounds below.
_PLAYERS: "OrderedDict[tuple[str, str], tuple[tuple, list[Player]]]" = OrderedDict()


def load_players(db: sqlite_utils.Database, tournament_id: str) -> list[Player]:
    """The players, by start number. Made once per process while none is withdrawn or
    back (1,000 players took 2–3 ms to make at every standings read)."""
    where = (getattr(db, "protokoll_file", ":memory:"), tournament_id)
    state = tuple(db.execute(
        "select (select generation from restore_generation where id = 1), count(*), "
        "group_concat(case when withdrawn_at is null then null else number end) "
        "from tournament_players where tournament_id = ?", [tournament_id]).fetchone())
    with _ROUNDS_LOCK:
        kept = _PLAYERS.get(where)
    if kept is not None and kept[0] == state:
        return list(kept[1])
    players = [Player(number, name, club or "", key or "", withdrawn is not None)
               for number, name, club, key, withdrawn in db.execute(
                   "select number, name, club, key, withdrawn_at from tournament_players "
                   "where tournament_id = ? order by number", [tournament_id])]
    if not db.conn.in_transaction:
        with _ROUNDS_LOCK:
            _PLAYERS[where] = (state, players)
            _PLAYERS.move_to_end(where)
            while len(_PLAYERS) > ROUNDS_KEPT:
                _PLAYERS.popitem(last=False)
    return list(players)


def set_withdrawn(db: sqlite_utils.Database, tournament_id: str, number: int,
                  withdrawn: bool) -> None:
    db.execute("update tournament_players set withdrawn_at = ? "
               "where tournament_id = ? and number = ?",
               [now_iso() if withdrawn else None, tournament_id, number])


# --- rounds and their tables ---------------------------------------------------------------------
# The seated rounds of each tournament this process read, by database file and tournament:
# (restore generation, how many, the rounds). A seated round is never changed (closing it
# sets ``closed_at``, which is no part of a ``Round``), so the same count in the same
# generation is the same rounds. Only what was read outside a transaction is kept: a round
# seated inside one may still be rolled back. The rounds are frozen values, shared.
_ROUNDS: "OrderedDict[tuple[str, str], tuple[str, int, list[Round]]]" = OrderedDict()
ROUNDS_KEPT = 64
_ROUNDS_LOCK = threading.Lock()


def load_rounds(db: sqlite_utils.Database, tournament_id: str) -> list[Round]:
    """The seated rounds, in order (a round being seated right now is not among them).
    Parsed once per process while no round is added (``_ROUNDS``): a championship's 1,750
    tables took 8 ms to parse at every standings read and every seating."""
    key = (getattr(db, "protokoll_file", ":memory:"), tournament_id)
    count, generation = db.execute(
        "select (select count(*) from tournament_rounds where tournament_id = ? "
        "and status = 'seated'), (select generation from restore_generation where id = 1)",
        [tournament_id]).fetchone()
    with _ROUNDS_LOCK:
        kept = _ROUNDS.get(key)
    if kept is not None and kept[0] == generation and kept[1] == count:
        return list(kept[2])
    rounds = None
    if kept is not None and kept[0] == generation and 0 < kept[1] < count:
        # Rounds were added since: read only those after the last one kept. Kept only
        # if they make up the count (a round seated with a lower number than the last
        # kept, were there ever one, sends the read back to all of them).
        later = _read_rounds(db, tournament_id, after=kept[2][-1].number)
        if kept[1] + len(later) == count:
            rounds = [*kept[2], *later]
    if rounds is None:
        rounds = _read_rounds(db, tournament_id)
    if not db.conn.in_transaction and len(rounds) == count:
        with _ROUNDS_LOCK:
            _ROUNDS[key] = (generation, count, rounds)
            _ROUNDS.move_to_end(key)
            while len(_ROUNDS) > ROUNDS_KEPT:
                _ROUNDS.popitem(last=False)
    return list(rounds)


def forget_rounds() -> None:
    with _ROUNDS_LOCK:
        _ROUNDS.clear()
        _PLAYERS.clear()


def _read_rounds(db: sqlite_utils.Database, tournament_id: str,
                 after: int = 0) -> list[Round]:
    """The seated rounds numbered above ``after`` (all of them by default), in order."""
    tables: dict[int, list[SeatedTable]] = {}
    for rnd, number, seats in db.execute(
            "select round, number, seats from tournament_tables where tournament_id = ? "
            "and round > ? order by round, number", [tournament_id, after]).fetchall():
        tables.setdefault(rnd, []).append(SeatedTable(number, tuple(json.loads(seats))))
    return [Round(number, method, seed, tuple(tables.get(number, ())), tuple(json.loads(byes)),
                  json.loads(block) if block else None)
            for number, method, seed, byes, block in db.execute(
                "select number, method, seed, byes, block from tournament_rounds "
                "where tournament_id = ? and status = 'seated' and number > ? order by number",
                [tournament_id, after]).fetchall()]


def round_count(db: sqlite_utils.Database, tournament_id: str) -> int:
    """Rounds seated or being seated."""
    return db.execute("select count(*) from tournament_rounds where tournament_id = ?",
                      [tournament_id]).fetchone()[0]


def seated_round(db: sqlite_utils.Database, tournament_id: str, number: int) -> Round:
    for rnd in load_rounds(db, tournament_id):
        if rnd.number == number:
            return rnd
    raise ApiError(404, "round_not_found", f"Rond {number} är inte lottad.",
                   f"Round {number} has not been seated.", details={"round": number})


def reserve_round(db: sqlite_utils.Database, tournament_id: str, rnd: Round) -> None:
    """Claim the round's number before its tables are made: a second director's click
    seating the same round at the same moment gets 409, not a second set of tables."""
    db["tournament_rounds"].insert({
        "tournament_id": tournament_id, "number": rnd.number, "method": rnd.method,
        "seed": rnd.seed, "status": "seating", "byes": json.dumps(list(rnd.byes)),
        "block": json.dumps(rnd.block) if rnd.block else None, "seated_at": now_iso()})


def stale_rounds(db: sqlite_utils.Database, tournament_id: str, before: str) -> bool:
    """Whether a round's seating was begun before ``before`` and never finished."""
    return db.execute("select 1 from tournament_rounds where tournament_id = ? and "
                      "status = 'seating' and seated_at < ? limit 1",
                      [tournament_id, before]).fetchone() is not None


def release_stale_rounds(db: sqlite_utils.Database, tournament_id: str, before: str) -> None:
    """Forget reservations of rounds whose seating never finished (the server stopped in
    the middle): their tables stay the director's, outside the tournament."""
    db.execute("delete from tournament_rounds where tournament_id = ? and status = 'seating' "
               "and seated_at < ?", [tournament_id, before])


def generation(db: sqlite_utils.Database) -> str:
    """The database's restore generation (migration ``m011_restore_generation``): drawn
    anew by every restore, so that what a server process keeps by table, seq and
    fingerprint is never taken for the restored database's (same numbers, other entries)."""
    row = db.execute("select generation from restore_generation where id = 1").fetchone()
    return row[0] if row else ""


def table_seqs(db: sqlite_utils.Database, tournament_id: str) -> tuple[int, int]:
    """(how many tables the tournament has, the sum of their seqs; an imported table's
    counts 0): the seqs only grow, so an unchanged sum means no table moved."""
    tables, seqs = db.execute(
        f"select count(*), coalesce(sum({seq_of_sql('tt.table_id')}), 0) "
        "from tournament_tables tt where tt.tournament_id = ?", [tournament_id]).fetchone()
    return tables, seqs


def fingerprint(db: sqlite_utils.Database, tournament_id: str) -> str:
    """Changes whenever anything the standings rest on changes: an entry at any of the
    tournament's tables (sequence numbers only grow), a round, an adjustment, a withdrawal,
    a restore of the database (its ``generation``). Cheap enough to ask on every poll of
    the public standings."""
    rounds, = db.execute("select count(*) from tournament_rounds where tournament_id = ? "
                         "and status = 'seated'", [tournament_id]).fetchone()
    tables, seqs = table_seqs(db, tournament_id)
    adjustments, = db.execute("select count(*) from tournament_adjustments "
                              "where tournament_id = ?", [tournament_id]).fetchone()
    withdrawn = db.execute("select group_concat(number) from tournament_players "
                           "where tournament_id = ? and withdrawn_at is not null",
                           [tournament_id]).fetchone()[0] or ""
    return f"{generation(db)}.{rounds}.{tables}.{seqs}.{adjustments}.{withdrawn}"


def release_round(db: sqlite_utils.Database, tournament_id: str, number: int) -> None:
    db.execute("delete from tournament_rounds where tournament_id = ? and number = ? "
               "and status = 'seating'", [tournament_id, number])


def complete_round(db: sqlite_utils.Database, tournament_id: str, rnd: Round,
                   table_ids: dict[int, str | None],
                   frozen: dict[int, dict[str, Any]] | None = None) -> None:
    db.conn.executemany(  # plain SQL: sqlite-utils' insert_all looks the table up first
        "insert into tournament_tables (tournament_id, round, number, table_id, seats, "
        "frozen) values (?, ?, ?, ?, ?, ?)",
        [(tournament_id, rnd.number, t.number, table_ids.get(t.number),
          json.dumps(list(t.seats)),
          json.dumps((frozen or {}).get(t.number)) if frozen else None)
         for t in rnd.tables])
    db.execute("update tournament_rounds set status = 'seated', seated_at = ? "
               "where tournament_id = ? and number = ?", [now_iso(), tournament_id, rnd.number])


def table_rows(db: sqlite_utils.Database, tournament_id: str) -> dict[tuple[int, int],
                                                                       dict[str, Any]]:
    """Per (round, table): the live table's id and seq with its cached reading, or the
    frozen protokoll of an imported one."""
    out = {}
    for rnd, number, table_id, seats, frozen, seq, cached_seq, version, reading in db.execute(
            f"select tt.round, tt.number, tt.table_id, tt.seats, tt.frozen, "
            f"case when t.id is null then null else {seq_sql('t')} end, r.seq, "
            "r.version, r.reading from tournament_tables tt "
            "left join tables t on t.id = tt.table_id "
            "left join tournament_readings r on r.table_id = tt.table_id "
            "where tt.tournament_id = ?", [tournament_id]).fetchall():
        out[(rnd, number)] = {"table_id": table_id, "seq": seq, "seats": json.loads(seats),
                              "frozen": _frozen(frozen),
                              "cached": (cached_seq, version, reading)}
    return out


def table_index(db: sqlite_utils.Database, tournament_id: str,
                rounds: list[int] | None = None) -> dict[tuple[int, int], dict[str, Any]]:
    """``table_rows`` without the cached readings' text: per (round, table) the live
    table's id and seq, its number of seats (``size``), and the seq and version its
    cached reading was made at (the text is fetched by ``cached_readings`` only for the
    tables that need it). ``rounds``: of these rounds only (all by default)."""
    out = {}
    only, params = "", [tournament_id]
    if rounds is not None:
        only = f" and tt.round in ({', '.join('?' * len(rounds))})"
        params += rounds
    for rnd, number, table_id, size, frozen, seq, cached_seq, version in db.execute(
            "select tt.round, tt.number, tt.table_id, json_array_length(tt.seats), tt.frozen, "
            f"case when t.id is null then null else {seq_sql('t')} end, r.seq, r.version "
            "from tournament_tables tt "
            "left join tables t on t.id = tt.table_id "
            "left join tournament_readings r on r.table_id = tt.table_id "
            f"where tt.tournament_id = ?{only}", params).fetchall():
        out[(rnd, number)] = {"table_id": table_id, "seq": seq, "size": size,
                              "frozen": _frozen(frozen), "cached": (cached_seq, version)}
    return out


def table_seq_index(db: sqlite_utils.Database,
                    tournament_id: str) -> dict[tuple[int, int], int]:
    """Per (round, table) the table's seq (an imported table's 0), as ``table_seqs`` sums
    them: a third of ``table_index``'s work, to tell whether and where a table moved."""
    return {(rnd, number): seq for rnd, number, seq in db.execute(
        f"select tt.round, tt.number, {seq_of_sql('tt.table_id')} from tournament_tables tt "
        "where tt.tournament_id = ?",
        [tournament_id]).fetchall()}


def cached_readings(db: sqlite_utils.Database,
                    table_ids: list[str]) -> dict[str, tuple[int, str, str]]:
    """The cached readings of these tables: table id → (seq, version, JSON text)."""
    out: dict[str, tuple[int, str, str]] = {}
    for start in range(0, len(table_ids), 500):
        chunk = table_ids[start:start + 500]
        for table_id, seq, version, text in db.execute(
                "select table_id, seq, version, reading from tournament_readings "
                f"where table_id in ({', '.join('?' * len(chunk))})", chunk).fetchall():
            out[table_id] = (seq, version, text)
    return out


def round_table_ids(db: sqlite_utils.Database, tournament_id: str,
                    number: int) -> dict[int, str | None]:
    """The live table of each table number of one round."""
    return dict(db.execute("select number, table_id from tournament_tables "
                           "where tournament_id = ? and round = ?", [tournament_id, number]))


def _frozen(text: str | None) -> Any:
    """An imported table's stored source; text that is not JSON comes back as itself, and
    reading it fails where the caller guards against unreadable rows (``readings``)."""
    if not text:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return {"unreadable": text}


def join_codes(db: sqlite_utils.Database, table_ids: Iterable[str]) -> dict[str, str]:
    ids = [i for i in table_ids if i]
    if not ids:
        return {}
    marks = ", ".join("?" * len(ids))
    return dict(db.execute(f"select id, join_code from tables where id in ({marks})", ids))


def save_readings(db: sqlite_utils.Database, readings: dict[str, tuple[int, str, str]]) -> None:
    db.conn.executemany("insert or replace into tournament_readings (table_id, seq, version, "
                   "reading) values (?, ?, ?, ?)",
                   [(table_id, seq, version, text)
                    for table_id, (seq, version, text) in readings.items()])


def corrections(db: sqlite_utils.Database, table_ids: Iterable[str]) -> dict[str, list]:
    """Undos and corrections in the tables' logs, with the device that made them."""
    ids = [i for i in table_ids if i]
    out: dict[str, list] = {i: [] for i in ids}
    if not ids:
        return out
    marks = ", ".join("?" * len(ids))
    for table_id, seq, event, created, device in db.execute(
            "select e.table_id, e.seq, e.event, e.created_at, d.name from events e "
            "left join devices d on d.id = e.device_id "
            f"where e.table_id in ({marks}) "
            "and json_extract(e.event, '$.type') in ('undo', 'correct') "
            "order by e.table_id, e.seq", ids).fetchall():
        parsed = json.loads(event)
        out[table_id].append({"seq": seq, "type": parsed["type"],
                              "target": parsed.get("target"), "device_name": device,
                              "created_at": created})
    return out


# --- adjustments, reviews, audit -----------------------------------------------------------------
def add_adjustment(db: sqlite_utils.Database, tournament_id: str, director_id: str,
                   player: int, points: float, reason: str, rnd: int | None) -> Adjustment:
    adjustment = Adjustment(auth.new_id(), player, points, reason, rnd, now_iso())
    db["tournament_adjustments"].insert({
        "id": adjustment.id, "tournament_id": tournament_id, "player": player,
        "points": points, "reason": reason, "round": rnd,
        "created_at": adjustment.created_at, "director_id": director_id})
    return adjustment


def insert_adjustments(db: sqlite_utils.Database, tournament_id: str, director_id: str,
                       adjustments: Iterable[Adjustment]) -> None:
    db["tournament_adjustments"].insert_all(
        {"id": auth.new_id(), "tournament_id": tournament_id, "player": a.player,
         "points": a.points, "reason": a.reason, "round": a.round,
         "created_at": a.created_at or now_iso(), "director_id": director_id}
        for a in adjustments)


def load_adjustments(db: sqlite_utils.Database, tournament_id: str) -> list[Adjustment]:
    return [Adjustment(id_, player, points, reason, rnd, created)
            for id_, player, points, reason, rnd, created in db.execute(
                "select id, player, points, reason, round, created_at "
                "from tournament_adjustments where tournament_id = ? "
                "order by created_at, rowid", [tournament_id])]


def add_review(db: sqlite_utils.Database, tournament_id: str, director_id: str,
               table_id: str, finding: str, note: str) -> dict[str, Any]:
    review = {"tournament_id": tournament_id, "table_id": table_id, "finding": finding,
              "note": note, "created_at": now_iso(), "director_id": director_id}
    db["tournament_reviews"].insert(review, replace=True)
    return review


def reviews(db: sqlite_utils.Database, tournament_id: str) -> dict[tuple[str, str], dict]:
    return {(table_id, finding): {"note": note, "at": created}
            for table_id, finding, note, created in db.execute(
                "select table_id, finding, note, created_at from tournament_reviews "
                "where tournament_id = ?", [tournament_id])}


def audit(db: sqlite_utils.Database, tournament_id: str, director_id: str, action: str,
          details: dict[str, Any]) -> None:
    db.execute("insert into tournament_audit (tournament_id, at, director_id, action, "
               "details) values (?, ?, ?, ?, ?)",
               [tournament_id, now_iso(), director_id, action,
                json.dumps(details, ensure_ascii=False)])


def audit_trail(db: sqlite_utils.Database, tournament_id: str) -> list[dict[str, Any]]:
    return [{"id": id_, "at": at, "director": name, "action": action,
             "details": json.loads(details)}
            for id_, at, name, action, details in db.execute(
                "select a.id, a.at, d.name, a.action, a.details from tournament_audit a "
                "left join directors d on d.id = a.director_id "
                "where a.tournament_id = ? order by a.id", [tournament_id]).fetchall()]


# --- imports, for their director and the server's operator -----------------------------------
_TOURNAMENT_CHILDREN = ("tournament_audit", "tournament_reviews", "tournament_adjustments",
                        "tournament_tables", "tournament_rounds", "tournament_players")


def delete_import(db: sqlite_utils.Database, tournament_id: str) -> bool:
    """Delete an imported tournament with all its rows; False (nothing deleted) for a
    tournament played here, whose tables are live."""
    row = db.execute("select archived from tournaments where id = ?",
                     [tournament_id]).fetchone()
    if row is None or not row[0]:
        return False
    for table in _TOURNAMENT_CHILDREN:
        db.execute(f"delete from {table} where tournament_id = ?", [tournament_id])
    db.execute("delete from tournaments where id = ?", [tournament_id])
    return True


def list_imports(db: sqlite_utils.Database, status: str | None = None) -> list[dict[str, Any]]:
    """The imported tournaments, oldest first, with their director and status."""
    query = ("select t.id, t.name, t.game, t.created_at, t.import_status, t.rated, d.id, "
             "d.name, (select count(*) from tournament_players p where p.tournament_id = t.id) "
             "from tournaments t left join directors d on d.id = t.director_id "
             "where t.archived = 1")
    params: list[Any] = []
    if status:
        query += " and t.import_status = ?"
        params.append(status)
    return [{"id": id_, "name": name, "game": game, "created_at": created, "status": st,
             "rated": bool(rated), "director_id": did, "director": dname, "players": players}
            for id_, name, game, created, st, rated, did, dname, players in db.execute(
                query + " order by t.rowid", params)]


def set_import_status(db: sqlite_utils.Database, tournament_id: str, status: str) -> bool:
    """Accept or reject an import (the operator; its own transaction is the caller's).
    False when there is no such import."""
    row = db.execute("select director_id from tournaments where id = ? and archived = 1",
                     [tournament_id]).fetchone()
    if row is None:
        return False
    db.execute("update tournaments set import_status = ? where id = ?",
               [status, tournament_id])
    audit(db, tournament_id, None, f"import_{status}", {"by": "operator"})
    return True
