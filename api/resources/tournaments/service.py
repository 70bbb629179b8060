"""The glue between the tournament logic, the tables and the database.

Routes call these with plain values (the director, the tournament, a link maker); the
functions read and write through ``storage`` and ``api/store.py`` — tables of a round are
made with ``store.create_table`` like any director's table — and leave every decision to
``tournament_logic``.

Reading the tables is the costly part of standings: each live table's state is a snapshot
to unpickle and a protokoll to build. ``readings`` therefore keeps each table's reading in
``tournament_readings``, keyed by the table's sequence number, a fingerprint of the
engine and of the reading code, and the database's restore generation (a restore under a
running server voids every key); only tables that moved since the last look are read again.
A server process also keeps the readings it made or read (``_READINGS``, same keys), and
the reading of a table whose round may have ended at a post it served (the game over, or
a round limit: ``keep_posted_reading``, from ``store.post_event`` after the commit), so the
standings after a round replay none of its tables. Per tournament it keeps the readings it
last returned with the tables' count and seq sum (``_SEEN``): while the database's are the
same, no table moved and none is listed one by one. ``standings.compute`` keeps per
tournament the standings it last computed and what they rest on (``_SHARES``): a read
redoes only the tables whose reading is another object since, the sums of the players
seated there and the opponents' score of whoever met a player whose score moved. When the
seqs say tables moved, only the rounds where one did are listed one by one. The seated
rounds and the players (``storage.load_rounds``, ``load_players``), who met whom for the
seating (``_HISTORIES``) and the standings with their JSON (``_BODIES``) are kept too.
Every key carries the database's restore generation, so a restore under a running server
voids them all.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import secrets
import threading
from collections import OrderedDict
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable

import orjson
import sqlite_utils

from ... import compression, disclosure, store
from ... import names as player_names
from ...db import cache_transaction, write_transaction
from ...errors import ApiError
from ...tournament_logic import exchange, ratings as rating_logic, verify
from ...tournament_logic.model import Limit, Player, Round
from ...tournament_logic.reading import read_table
from ...tournament_logic.scoring import SCORINGS, Rule, rule_for
from ...tournament_logic.seating import History, seat_round
from ...tournament_logic.shapes import GameShape, shape_of
from ...tournament_logic.standings import compute, standings_order
from rules_engine.errors import RuleViolation
from rules_engine.protocol import build_options
from rules_engine.registry import get_game
from . import closing, storage

LinkMaker = Callable[[str], str]
LOG = logging.getLogger("protokoll")


def _fingerprint() -> str:
    digest = hashlib.sha256()
    root = Path(__file__).resolve().parents[2] / "tournament_logic"
    for name in ("reading.py", "model.py"):
        digest.update((root / name).read_bytes())
    return digest.hexdigest()[:12]


READING_VERSION = f"{store.ENGINE}:{_fingerprint()}"


# --- settings ------------------------------------------------------------------------------------
def shape(tournament: dict[str, Any]) -> GameShape:
    return shape_of(tournament["game"], tournament["table_size"])


def rule(tournament: dict[str, Any]) -> Rule:
    game = shape(tournament)
    units = 2 if game.pairs else game.table_size
    return rule_for(game.id, units, tournament["scoring"], tournament["options"])


def display_names(players: list[Player]) -> dict[int, str]:
    """The name a player has at a table: the name, or "name (club)" when two share it."""
    keys = {p.number: player_names.key(p.name) for p in players}
    counts: dict[str, int] = {}
    for k in keys.values():  # names that look alike count as the same name (api/names.py)
        counts[k] = counts.get(k, 0) + 1
    return {p.number: p.name if counts[keys[p.number]] == 1 or not p.club
            else f"{p.name} ({p.club})" for p in players}


def check_settings(data: dict[str, Any]) -> dict[str, Any]:
    """The tournament's settings, checked against its game; refusals in the one shape."""
    try:
        module = get_game(data["game"])
        build_options(module.Options, data.get("options") or {})
    except RuleViolation as violation:
        raise ApiError.from_violation(violation) from violation
    size = data.get("table_size") or shape_of(module.ID).table_size
    if not module.MIN_PLAYERS <= size <= module.MAX_PLAYERS:
        raise ApiError(422, "table_size",
                       f"{module.TITLE} spelas med {module.MIN_PLAYERS}–{module.MAX_PLAYERS} "
                       f"vid bordet, inte {size}.",
                       f"{module.TITLE} is played {module.MIN_PLAYERS}–{module.MAX_PLAYERS} "
                       f"at a table, not {size}.",
                       details={"table_size": size, "min": module.MIN_PLAYERS,
                                "max": module.MAX_PLAYERS})
    per_round = dict(data.get("per_round") or {})
    if len(per_round) > 1:
        raise ApiError(422, "per_round",
                       "Ange antal givar eller ett mål per rond, inte båda.",
                       "Give the deals or a target per round, not both.",
                       details={"per_round": per_round})
    scoring = data.get("scoring") or "game"
    if scoring not in SCORINGS:
        raise ApiError(422, "scoring", f"Okänd poängräkning: {scoring}.",
                       f"Unknown scoring: {scoring}.", details={"choices": list(SCORINGS)})
    name = player_names.clean(data["name"])  # as players' names: api/names.py
    if not name:
        raise ApiError(422, "tournament_name", "Turneringen behöver ett namn som syns.",
                       "The tournament needs a name that can be seen.",
                       details={})
    return {"name": name, "game": module.ID,
            "options": dict(data.get("options") or {}), "rounds": data["rounds"],
            "per_round": per_round, "scoring": scoring, "table_size": size,
            "rated": data.get("rated") is not False}


def check_players(players: list[Player], game: GameShape) -> None:
    if len(players) < game.min_players:
        raise ApiError(422, "tournament_players",
                       f"{game.title} behöver minst {game.min_players} spelare.",
                       f"{game.title} needs at least {game.min_players} players.",
                       details={"players": len(players), "min": game.min_players})
    blank = [p.number for p in players if not p.name]
    if blank:
        raise ApiError(422, "tournament_players",
                       "Ett namn är tomt (det hade bara osynliga tecken).",
                       "A name is empty (it held only invisible characters).",
                       details={"numbers": blank})
    seen: dict[str, tuple[int, str]] = {}
    for number, name in display_names(players).items():
        if player_names.key(name) in seen:
            other, shown = seen[player_names.key(name)]
            raise ApiError(422, "tournament_players",
                           f"Två spelare heter {name}"
                           + (f" och {shown}, som ser likadana ut" if shown != name else "")
                           + ": ange klubb eller ändra namnet.",
                           f"Two players are called {name}"
                           + (f" and {shown}, which look the same" if shown != name else "")
                           + ": give a club or change a name.",
                           details={"name": name, "numbers": [other, number]})
        seen[player_names.key(name)] = (number, name)


# --- summaries -----------------------------------------------------------------------------------
def summary(tournament: dict[str, Any], rounds_seated: int) -> dict[str, Any]:
    game = shape(tournament)
    return {"id": tournament["id"], "name": tournament["name"], "game": game.id,
            "title": game.title, "options": tournament["options"],
            "rounds": tournament["rounds"], "rounds_seated": rounds_seated,
            "per_round": tournament["per_round"], "scoring": tournament["scoring"],
            "table_size": tournament["table_size"], "pairs": game.pairs,
            "created_at": tournament["created_at"], "archived": tournament["archived"],
            "rated": tournament["rated"], "import_status": tournament.get("import_status"),
            "standings_link": f"/tournament/standings.html?t={tournament['id']}"}


def create(db: sqlite_utils.Database, director: dict[str, Any],
           data: dict[str, Any]) -> dict[str, Any]:
    settings = check_settings(data)
    players = [Player(i, player_names.clean(p["name"]), player_names.clean(p.get("club", "")),
                      p.get("key", "").strip())
               for i, p in enumerate(data["players"], start=1)]
    check_players(players, shape_of(settings["game"], settings["table_size"]))
    with write_transaction(db):
        tournament_id = storage.insert_tournament(db, director["id"], settings, players)
        storage.audit(db, tournament_id, director["id"], "created",
                      {**settings, "players": len(players)})
    return full_view(db, storage.load_tournament(db, tournament_id))


def full_view(db: sqlite_utils.Database, tournament: dict[str, Any]) -> dict[str, Any]:
    rounds = storage.load_rounds(db, tournament["id"])
    return {**summary(tournament, len(rounds)),
            "players": [p.as_dict() for p in storage.load_players(db, tournament["id"])],
            "rule": rule(tournament).as_dict()}


# --- reading the tables --------------------------------------------------------------------------
def live_source(db: sqlite_utils.Database, table_id: str, with_log: bool = False,
                loaded: tuple[dict[str, Any], Any, Any] | None = None) -> dict:
    """What the tournament reads of a live table: its protokoll, result and findings.
    ``loaded``: the table's (row, setup, state) when the caller has read it already."""
    if loaded is None:
        row = store.load_row(db, table_id)
        setup, state = store.load_state(db, row)
    else:
        row, setup, state = loaded
    module = setup.module
    # Read by the director's pages and exports only (the public standings carry no
    # findings): a director sees every hand at once (``api.disclosure``).
    seen = disclosure.everything(module)
    source = {"table_id": table_id, "seq": row["seq"], "sheet": module.sheet(state).as_dict(),
              "result": module.result(state), "over": module.is_over(state),
              "findings": [seen.finding(f) for f in module.findings(state)]}
    if with_log:
        source["log"] = store.list_events(db, table_id, disclosure.DIRECTOR)["events"]
    return source


def read_source(source: dict[str, Any], seats: int, game: GameShape,
                limit: Limit) -> dict[str, Any]:
    return read_table(source["sheet"], source["result"], source["over"], source["findings"],
                      source["seq"], seats, game.sides, limit)


def report_skipped(skipped: list[dict[str, Any]] | None, tournament: dict[str, Any],
                   key: tuple[int, int] | None, error: BaseException) -> None:
    """A stored row that cannot be read is left out, logged, and listed to the caller."""
    where = {"tournament": tournament.get("id"), "round": key[0] if key else None,
             "table": key[1] if key else None, "problem": type(error).__name__}
    LOG.warning("skipped an unreadable stored row: %s (%s)", where, error)
    if skipped is not None:
        skipped.append(where)


# Every reading this process made or read, by table id: (seq, version, reading). A table's
# seq only grows (an undo or a correction is one more entry), so a reading kept for the
# table's current seq and version is the one reading it again would make. The kept dicts
# are shared between requests: nothing may change them.
_READINGS: "OrderedDict[str, tuple[int, str, dict[str, Any]]]" = OrderedDict()
READINGS_KEPT = 20_000  # a few championships' worth of tables


def _kept_reading(table_id: str, seq: int, version: str) -> dict[str, Any] | None:
    with _KEPT_LOCK:
        kept = _READINGS.get(table_id)
    if kept is not None and kept[0] == seq and kept[1] == version:
        return kept[2]
    return None


def _keep_readings(made: dict[str, tuple[int, str, dict[str, Any]]]) -> None:
    with _KEPT_LOCK:
        for table_id, entry in made.items():
            _READINGS[table_id] = entry
            _READINGS.move_to_end(table_id)
        while len(_READINGS) > READINGS_KEPT:
            _READINGS.popitem(last=False)


def reading_version(per_round: dict[str, Any], generation: str) -> str:
    """What a kept reading of a table was made by and for: the engine and reading code,
    the round's limit, and the database's restore generation (after a restore the same
    table can reach the same seq with other entries: nothing read before may stand for it)."""
    return f"{READING_VERSION}:{json.dumps(per_round, sort_keys=True)}:{generation}"


def keep_posted_reading(db: sqlite_utils.Database, place: dict[str, Any], table_id: str,
                        seq: int, module: Any, state: Any) -> None:
    """Keep in this process the reading of a table just posted to (``placement.
    read_after_post``), as ``readings`` would make it from the same state."""
    everything = disclosure.everything(module)
    reading = read_table(module.sheet(state).as_dict(), module.result(state),
                         module.is_over(state),
                         [everything.finding(f) for f in module.findings(state)], seq,
                         place["seats"], shape_of(place["game"], place["table_size"]).sides,
                         place["limit"])
    version = reading_version(place["per_round"], place["generation"])
    _keep_readings({table_id: (seq, version, reading)})
    key = (place["round"], place["table"])
    with _KEPT_LOCK:
        seen = _SEEN.get((getattr(db, "protokoll_file", ":memory:"), place["id"]))
        if seen is not None and seen.version == version and seen.seqs.get(key, seq) < seq:
            seen.total += seq - seen.seqs[key]
            seen.seqs[key] = seq
            seen.out[key] = reading


def readings(db: sqlite_utils.Database, tournament: dict[str, Any],
             skipped: list[dict[str, Any]] | None = None
             ) -> dict[tuple[int, int], dict[str, Any]]:
    """Every table of the tournament as the standings read it (cached per table seq: in
    this process, else in ``tournament_readings``, else read from the table). An imported
    table whose stored row cannot be read counts as not started and is reported in
    ``skipped``."""
    game, limit = shape(tournament), Limit.from_dict(tournament["per_round"])
    version = reading_version(tournament["per_round"], storage.generation(db))
    seen_key = (getattr(db, "protokoll_file", ":memory:"), tournament["id"])
    seqs = storage.table_seq_index(db, tournament["id"])
    count, total = len(seqs), sum(seqs.values())
    earlier = None
    with _KEPT_LOCK:  # a post here may bring ``seen`` up to date: a copy of it as it is
        seen = _SEEN.get(seen_key)
        if seen is not None and seen.version == version:
            if seen.count == count and seen.total == total:
                return dict(seen.out)
            earlier = (dict(seen.seqs), dict(seen.out))
    out, fresh, kept = {}, {}, {}
    rows, unmoved = _moved_rows(db, tournament["id"], earlier, seqs)
    out.update(unmoved)
    stored, stale = [], []
    for key, row in rows.items():
        seats = row["size"]
        if row["frozen"] is not None:
            try:
                out[key] = read_source(row["frozen"], seats, game, limit)
            except Exception as error:  # a stored row must never fail a page
                out[key] = None
                report_skipped(skipped, tournament, key, error)
            continue
        # The process's copy, made here or after a post here: a table's seq only grows
        # and the version carries the restore generation, so the same (seq, version) is
        # the same log, read the same.
        reading = _kept_reading(row["table_id"], row["seq"], version)
        if reading is not None:
            out[key] = reading
        elif row["cached"] != (row["seq"], version):
            stale.append(key)  # the table moved, or its kept reading is gone
        else:
            stored.append(key)
    if stored:  # kept in the database: their text in one query
        texts = storage.cached_readings(db, [rows[key]["table_id"] for key in stored])
        for key in stored:
            table_id = rows[key]["table_id"]
            seq, cached_version, text = texts.get(table_id, (None, None, None))
            if text is None or seq != rows[key]["seq"] or cached_version != version:
                stale.append(key)  # it moved between the two queries
                continue
            out[key] = json.loads(text)
            kept[table_id] = (seq, version, out[key])
    # The tables that moved since their last reading, read together (one query); a table
    # that cannot be read so is read alone below, and skipped there if it still fails.
    try:
        loaded = store.load_states(db, [rows[key]["table_id"] for key in stale])
    except Exception:
        loaded = {}
    for key in stale:
        row, seats = rows[key], rows[key]["size"]
        try:
            source = live_source(db, row["table_id"], loaded=loaded.get(row["table_id"]))
            out[key] = read_source(source, seats, game, limit)
        except Exception as error:  # a stored row must never fail a page
            out[key] = None
            report_skipped(skipped, tournament, key, error)
            continue
        fresh[row["table_id"]] = (source["seq"], version, json.dumps(out[key]))
        kept[row["table_id"]] = (source["seq"], version, out[key])
    if fresh:
        with cache_transaction(db):  # a cache: its commit need not wait for the disk
            storage.save_readings(db, fresh)
    if kept:
        _keep_readings(kept)
    if all(reading is not None for reading in out.values()):  # else report them each time
        seqs = {key: earlier[0][key] for key in unmoved} if unmoved else {}
        seqs.update({key: row["seq"] or 0 for key, row in rows.items()})
        with _KEPT_LOCK:
            _SEEN[seen_key] = _Seen(version, len(seqs), sum(seqs.values()), seqs, dict(out))
            _SEEN.move_to_end(seen_key)
            while len(_SEEN) > BODIES_KEPT:
                _SEEN.popitem(last=False)
    return out


def _moved_rows(db: sqlite_utils.Database, tid: str,
                earlier: tuple[dict[tuple[int, int], int], dict[tuple[int, int], Any]] | None,
                seqs: dict[tuple[int, int], int]
                ) -> tuple[dict[tuple[int, int], dict[str, Any]],
                           dict[tuple[int, int], dict[str, Any]]]:
    """(``table_index`` of the rounds where a table's seq in ``seqs`` is not the one in
    ``earlier`` — the seqs and readings ``readings`` last returned, of the same version —
    and the readings of the other rounds as they were then): after a round, or one table
    more, the tables of the earlier rounds are not listed one by one again. A table that
    moves after ``seqs`` were read keeps the seq of its reading here, and moves at the
    next look. Without ``earlier``, or when tables it had are gone, every table is listed."""
    if earlier is None:
        return storage.table_index(db, tid), {}
    seen_seqs, seen_out = earlier
    if any(key not in seqs for key in seen_seqs):
        return storage.table_index(db, tid), {}
    moved = sorted({key[0] for key, seq in seqs.items()
                    if seen_seqs.get(key) != seq or key not in seen_out})
    unmoved = {key: seen_out[key] for key in seqs if key[0] not in moved}
    return (storage.table_index(db, tid, moved) if moved else {}), unmoved


@dataclasses.dataclass
class _Seen:
    """A tournament's readings as ``readings`` last returned them in this process, with
    the number of its tables and each one's seq (and their sum) at the time; a post here
    that kept a table's reading (``keep_posted_reading``) brings it up to date. A table's
    seq only grows, and never past the database's: so while the database's count and sum
    of seqs equal these, every table is at the seq its reading here was made at, and the
    readings are returned without reading the tournament's tables one by one."""

    version: str
    count: int
    total: int
    seqs: dict[tuple[int, int], int]
    out: dict[tuple[int, int], dict[str, Any]]


_SEEN: "OrderedDict[tuple[str, str], _Seen]" = OrderedDict()


# The standings as last computed, per tournament and rule (``compute``'s memo, with a lock:
# one request at a time brings a tournament's up to date, another waits and finds it so).
_SHARES: "OrderedDict[tuple[str, str], tuple[threading.Lock, dict]]" = OrderedDict()


def current_standings(db: sqlite_utils.Database, tournament: dict[str, Any],
                      rounds: list[Round], players: list[Player],
                      table_readings: dict[tuple[int, int], dict[str, Any]]) -> dict[str, Any]:
    """``compute`` with the tournament's adjustments and rule, and its kept standings."""
    scoring = rule(tournament)
    key = (tournament["id"], f"{scoring.id}:{READING_VERSION}")
    with _KEPT_LOCK:
        kept = _SHARES.get(key)
        if kept is None:
            kept = _SHARES[key] = (threading.Lock(), {})
        _SHARES.move_to_end(key)
        while len(_SHARES) > BODIES_KEPT:
            _SHARES.popitem(last=False)
    adjustments = storage.load_adjustments(db, tournament["id"])
    lock, memo = kept
    with lock:
        return compute(players, rounds, table_readings, adjustments, scoring, memo)


def standings(db: sqlite_utils.Database, tournament: dict[str, Any]) -> dict[str, Any]:
    """The standings; an unreadable table counts as not started (and is logged), and a
    tournament whose own rows cannot be read is a 409, never a 500."""
    try:
        rounds = storage.load_rounds(db, tournament["id"])
        result = current_standings(db, tournament, rounds,
                                   storage.load_players(db, tournament["id"]),
                                   readings(db, tournament))
        return {"tournament": summary(tournament, len(rounds)), **result}
    except ApiError:
        raise
    except Exception as error:
        raise storage.unreadable(tournament["id"], error) from error


# The public standings are polled by every phone in the hall (every 20 s each): their JSON
# is made once per change of the tournament, per server process, and carries an ETag so
# that an unchanged poll is a 304 without a body. The standings themselves are kept beside
# it: seating a round by standings uses them when nothing moved since (the usual case: the
# director looks at the standings, then seats).
_BODIES: "OrderedDict[str, tuple[str, bytes, dict[str, Any]]]" = OrderedDict()
BODIES_KEPT = 32
_KEPT_LOCK = threading.Lock()  # server threads share the kept bodies and ratings


def standings_body(db: sqlite_utils.Database, tournament: dict[str, Any]) -> tuple[str, bytes]:
    """(ETag, JSON) of the standings, computed again only when something changed.

    Encoded with ``orjson``: a championship's standings are large (1,000 rows, each with
    its every round: some 800 KB after seven rounds), and the standard library's encoder
    took 25 ms over it where orjson takes a few — the same JSON values (UTF-8, no spaces
    between tokens), as ``tests/api/test_tournament_fast_paths.py`` compares them."""
    tag, body, _ = kept_standings(db, tournament)
    return tag, body


def kept_standings(db: sqlite_utils.Database,
                   tournament: dict[str, Any]) -> tuple[str, bytes, dict[str, Any]]:
    """(ETag, JSON, standings) as of now: kept while the tournament's fingerprint (which
    carries the restore generation) is the same, else computed and kept. The standings
    dict is shared: nothing may change it."""
    tid = tournament["id"]
    tag = f"{READING_VERSION}.{storage.fingerprint(db, tid)}"
    with _KEPT_LOCK:
        kept = _BODIES.get(tid)
    if kept is not None and kept[0] == tag:
        return kept
    current = standings(db, tournament)
    made = (tag, orjson.dumps(current), current)
    with _KEPT_LOCK:
        _BODIES[tid] = made
        _BODIES.move_to_end(tid)
        while len(_BODIES) > BODIES_KEPT:
            _BODIES.popitem(last=False)
    return made


def forget_kept() -> None:
    """Drop everything this process keeps of the tournaments (readings, standings, shares,
    ratings, histories, rounds): as a server started afresh. For tests that change a
    database's rows behind the server's back, which a running server does not expect (a
    restore it does: the restore generation)."""
    with _KEPT_LOCK:
        for kept in (_READINGS, _SEEN, _SHARES, _BODIES, _RATINGS):
            kept.clear()
    compression.forget_kept()
    with _HISTORY_LOCK:
        _HISTORIES.clear()
    storage.forget_rounds()


# --- seating -------------------------------------------------------------------------------------
STALE_SEATING_SECONDS = 300  # a round still "seating" after this was abandoned (a crash)


# Who met whom in the rounds seated so far, per database file and tournament: (restore
# generation, the rounds counted, the history). Seating the next round adds the round seated
# since instead of counting every table of every round again. Used under _HISTORY_LOCK only.
_HISTORIES: "OrderedDict[tuple[str, str], tuple[str, list[Round], History]]" = OrderedDict()
_HISTORY_LOCK = threading.Lock()


def _history(db: sqlite_utils.Database, tid: str, rounds: list[Round],
             game: GameShape) -> History:
    """``History.of(rounds, game)``, from the kept one when it counted a prefix of them."""
    key, generation = (getattr(db, "protokoll_file", ":memory:"), tid), storage.generation(db)
    kept = _HISTORIES.get(key)
    if (kept is not None and kept[0] == generation and len(kept[1]) <= len(rounds)
            and all(a is b or a == b for a, b in zip(kept[1], rounds))):
        history = kept[2]
        for rnd in rounds[len(kept[1]):]:
            history.add(rnd, game)
    else:
        history = History.of(rounds, game)
    _HISTORIES[key] = (generation, list(rounds), history)
    _HISTORIES.move_to_end(key)
    while len(_HISTORIES) > BODIES_KEPT:
        _HISTORIES.popitem(last=False)
    return history


def seat_next_round(db: sqlite_utils.Database, director: dict[str, Any],
                    tournament: dict[str, Any], method: str, seed: int | None, force: bool,
                    link: LinkMaker,
                    also: Callable[[list[str]], None] | None = None) -> dict[str, Any]:
    """Seat the next round. ``also(table_ids)`` runs inside the round's own transaction
    (the route remembers the tables for the director's address there: one commit)."""
    tid = tournament["id"]
    if tournament["archived"]:
        raise ApiError(409, "tournament_archived", "En importerad turnering kan inte lottas.",
                       "An imported tournament cannot be seated.")
    game = shape(tournament)
    if method == "rotation" and not game.pairs:
        raise ApiError(422, "rotation_needs_pairs",
                       f"Partnerrotation gäller spel i par; {game.title} är inte ett.",
                       f"Partner rotation is for pair games; {game.title} is not one.",
                       details={"game": game.id})
    stale = datetime.now(timezone.utc) - timedelta(seconds=STALE_SEATING_SECONDS)
    before = stale.isoformat(timespec="milliseconds")
    if storage.stale_rounds(db, tid, before):  # rare (a crash): no commit without one
        with write_transaction(db):
            storage.release_stale_rounds(db, tid, before)
    rounds = storage.load_rounds(db, tid)
    number = storage.round_count(db, tid) + 1
    if number > tournament["rounds"]:
        raise ApiError(409, "rounds_complete",
                       "Turneringens enda rond är lottad." if tournament["rounds"] == 1
                       else f"Alla {tournament['rounds']} ronder är lottade.",
                       "The tournament's only round has been seated." if tournament["rounds"] == 1
                       else f"All {tournament['rounds']} rounds have been seated.",
                       details={"rounds": tournament["rounds"]})
    # The standings as the public page has them (kept while nothing moved): their progress
    # says whether the last round is over, and their order seats the next.
    _tag, _body, current = kept_standings(db, tournament)
    latest = current["progress"]["latest"]
    if rounds and not force and (latest["playing"] or latest["not_started"]):
        last = rounds[-1]
        table_readings = readings(db, tournament)
        open_tables = [t.number for t in last.tables
                       if (table_readings.get((last.number, t.number)) or {}).get("status")
                       != "finished"]
        if open_tables:
            raise ApiError(409, "round_not_finished",
                           f"Rond {last.number} pågår vid {len(open_tables)} bord. Lotta när "
                           "alla är klara, eller välj att lotta ändå.",
                           f"Round {last.number} is still being played at {len(open_tables)} "
                           "tables. Seat when all have finished, or seat anyway (force).",
                           details={"round": last.number, "tables": open_tables})
    players = storage.load_players(db, tid)
    order = standings_order(current, [p.number for p in players if not p.withdrawn])
    seed = secrets.randbelow(2 ** 31) if seed is None else seed
    with _HISTORY_LOCK:  # the kept history is extended and read by one seating at a time
        rnd = seat_round(number, method, order, game, rounds, seed,
                         {p.number: p.club.casefold() for p in players},
                         _history(db, tid, rounds, game))
    if not rnd.tables:
        raise ApiError(422, "too_few_players",
                       "För få aktiva spelare för ett bord.",
                       "Too few active players for a table.",
                       details={"active": len(order), "min": game.min_players})
    names = display_names(players)
    # One transaction for the whole round — the claim on its number, its tables, their
    # devices and snapshots, the seating and the audit row: one commit (one fsync) instead
    # of one per table, and a round is either seated whole or not at all.
    with write_transaction(db):
        if storage.round_count(db, tid) + 1 != number:
            raise ApiError(409, "round_being_seated", "Ronden lottas redan.",
                           "This round is already being seated.", details={"round": number})
        storage.reserve_round(db, tid, rnd)
        ids = store.insert_tables(db, game.id, [[names[p] for p in table.seats]
                                               for table in rnd.tables],
                                  tournament["options"], director)
        storage.complete_round(db, tid, rnd, {table.number: table_id for table, table_id
                                              in zip(rnd.tables, ids)})
        storage.audit(db, tid, director["id"], "round_seated",
                      {"round": number, "method": method, "seed": seed,
                       "tables": len(rnd.tables), "byes": list(rnd.byes)})
        closing.close_earlier_rounds(db, tid, number, director["id"])
        if also is not None:
            also(ids)
    return round_view(db, tournament, rnd, link, players=players,
                      rounds_seated=len(rounds) + 1,
                      table_ids={table.number: table_id
                                 for table, table_id in zip(rnd.tables, ids)})


def round_view(db: sqlite_utils.Database, tournament: dict[str, Any], rnd: Round,
               link: LinkMaker, players: list[Player] | None = None,
               rounds_seated: int | None = None,
               table_ids: dict[int, str | None] | None = None) -> dict[str, Any]:
    """A round as the director prints it: table numbers, seats, join codes and links.
    ``players``, ``rounds_seated``, ``table_ids``: what the caller has read already."""
    if players is None:
        players = storage.load_players(db, tournament["id"])
    by_number = {p.number: p for p in players}
    if table_ids is None:
        table_ids = storage.round_table_ids(db, tournament["id"], rnd.number)
    ids = {t.number: table_ids[t.number] for t in rnd.tables}
    codes = storage.join_codes(db, ids.values())
    game = shape(tournament)
    if rounds_seated is None:
        rounds_seated = len(storage.load_rounds(db, tournament["id"]))
    sides = [_side_of(seat, game) for seat in range(max((len(t.seats) for t in rnd.tables),
                                                        default=0))]
    return {
        "tournament": summary(tournament, rounds_seated),
        "number": rnd.number, "method": rnd.method, "seed": rnd.seed, "block": rnd.block,
        "closed_at": closing.closed_at(db, tournament["id"], rnd.number),
        "tables": [{"number": t.number, "table_id": ids[t.number],
                    "join_code": codes.get(ids[t.number]),
                    "join_link": link(codes[ids[t.number]]) if codes.get(ids[t.number])
                    else None,
                    "seats": [{"seat": seat, "side": sides[seat],
                               **_player_ref(by_number[number])}
                              for seat, number in enumerate(t.seats)]}
                   for t in rnd.tables],
        "byes": [_player_ref(by_number[b]) for b in rnd.byes],
    }


def _player_ref(player: Player) -> dict[str, Any]:
    return {"number": player.number, "name": player.name, "club": player.club}


def _side_of(seat: int, game: GameShape) -> int | None:
    """The side (pair) a seat belongs to in a pair game, else None."""
    if not game.sides:
        return None
    return next(i for i, s in enumerate(game.sides) if seat in s)


# --- watching ------------------------------------------------------------------------------------
def watch(db: sqlite_utils.Database, tournament: dict[str, Any], number: int | None,
          link: LinkMaker) -> dict[str, Any]:
    """Every table of a round (the latest by default): status, findings, corrections."""
    tid = tournament["id"]
    rounds = storage.load_rounds(db, tid)
    if not rounds:
        return {"tournament": summary(tournament, 0), "round": None, "tables": [],
                "byes": [], "counts": {}, "open_findings": [], "corrections": []}
    rnd = rounds[-1] if number is None else storage.seated_round(db, tid, number)
    table_readings = readings(db, tournament)
    view = round_view(db, tournament, rnd, link)
    ids = [t["table_id"] for t in view["tables"]]
    fixes = storage.corrections(db, ids)
    looked_at = storage.reviews(db, tid)
    counts = {"not_started": 0, "playing": 0, "finished": 0, "findings": 0}
    open_findings, all_fixes = [], []
    for table in view["tables"]:
        reading = table_readings[(rnd.number, table["number"])]
        findings = []
        for finding in reading["findings"]:
            review = looked_at.get((table["table_id"], finding["key"]))
            findings.append({**finding, "reviewed": review})
            if review is None:
                open_findings.append({"table": table["number"], "table_id": table["table_id"],
                                      **finding})
        open_count = sum(1 for f in findings if f["reviewed"] is None)
        status = "findings" if open_count else reading["status"]
        counts[status] += 1
        table_fixes = fixes.get(table["table_id"], [])
        all_fixes += [{"table": table["number"], "table_id": table["table_id"], **fix}
                      for fix in table_fixes]
        table.update(status=status, play=reading["status"], seq=reading["seq"],
                     deals=reading["deals"], over=reading["over"],
                     units=[{"seats": u["seats"], "total": u["total"], "place": place}
                            for u, place in zip(reading["units"], reading["places"])],
                     findings=findings, open_findings=open_count, corrections=table_fixes)
    return {"tournament": view["tournament"], "round": rnd.number, "tables": view["tables"],
            "closed_at": view["closed_at"], "byes": view["byes"], "counts": counts, "open_findings": open_findings,
            "corrections": all_fixes}


# --- director's acts -----------------------------------------------------------------------------
def _player(db: sqlite_utils.Database, tid: str, number: int) -> Player:
    for player in storage.load_players(db, tid):
        if player.number == number:
            return player
    raise ApiError(404, "player_not_found", f"Spelare {number} finns inte i turneringen.",
                   f"Player {number} is not in this tournament.", details={"player": number})


def adjust(db: sqlite_utils.Database, director: dict[str, Any], tournament: dict[str, Any],
           data: dict[str, Any]) -> dict[str, Any]:
    tid = tournament["id"]
    player = _player(db, tid, data["player"])
    if data.get("round") is not None and data["round"] > storage.round_count(db, tid):
        raise ApiError(422, "round_not_seated", f"Rond {data['round']} är inte lottad.",
                       f"Round {data['round']} has not been seated.",
                       details={"round": data["round"]})
    with write_transaction(db):
        adjustment = storage.add_adjustment(db, tid, director["id"], player.number,
                                            round(float(data["points"]), 2),
                                            data["reason"].strip(), data.get("round"))
        storage.audit(db, tid, director["id"], "adjustment",
                      {"adjustment": adjustment.id, "player": player.number,
                       "name": player.name, "points": adjustment.as_dict()["points"],
                       "reason": adjustment.reason, "round": adjustment.round})
    return adjustment.as_dict()


def withdraw(db: sqlite_utils.Database, director: dict[str, Any], tournament: dict[str, Any],
             number: int, withdrawn: bool) -> dict[str, Any]:
    tid = tournament["id"]
    player = _player(db, tid, number)
    with write_transaction(db):
        storage.set_withdrawn(db, tid, number, withdrawn)
        storage.audit(db, tid, director["id"], "withdrawn" if withdrawn else "reinstated",
                      {"player": number, "name": player.name})
    return _player(db, tid, number).as_dict()


def review(db: sqlite_utils.Database, director: dict[str, Any], tournament: dict[str, Any],
           table_id: str, finding: str, note: str) -> dict[str, Any]:
    tid = tournament["id"]
    located = [(key, row) for key, row in storage.table_rows(db, tid).items()
               if row["table_id"] == table_id]
    if not located:
        raise ApiError(404, "table_not_in_tournament",
                       "Bordet hör inte till turneringen.",
                       "That table is not part of this tournament.",
                       details={"table_id": table_id})
    (rnd, number), _row = located[0]
    reading = readings(db, tournament)[(rnd, number)]
    known = {f["key"]: f for f in reading["findings"]}
    if finding not in known:
        raise ApiError(404, "finding_not_found", "Bordet har inget sådant fynd.",
                       "The table has no such finding.",
                       details={"finding": finding, "findings": sorted(known)})
    with write_transaction(db):
        saved = storage.add_review(db, tid, director["id"], table_id, finding, note.strip())
        storage.audit(db, tid, director["id"], "finding_reviewed",
                      {"round": rnd, "table": number, "table_id": table_id,
                       "finding": finding, "code": known[finding]["code"], "note": saved["note"]})
    return {"round": rnd, "table": number, "table_id": table_id, "finding": finding,
            "note": saved["note"], "at": saved["created_at"]}


# --- export and import ---------------------------------------------------------------------------
def sources(db: sqlite_utils.Database, tournament: dict[str, Any],
            with_log: bool) -> dict[tuple[int, int], dict[str, Any]]:
    out = {}
    for key, row in storage.table_rows(db, tournament["id"]).items():
        out[key] = row["frozen"] if row["frozen"] is not None else live_source(
            db, row["table_id"], with_log)
    return out


def export(db: sqlite_utils.Database, tournament: dict[str, Any]) -> dict[str, Any]:
    rounds = storage.load_rounds(db, tournament["id"])
    return exchange.export_document(
        {**tournament, "title": shape(tournament).title},
        storage.load_players(db, tournament["id"]), rounds,
        sources(db, tournament, with_log=True),
        storage.load_adjustments(db, tournament["id"]), standings(db, tournament))


def import_document(db: sqlite_utils.Database, director: dict[str, Any],
                    doc: dict[str, Any]) -> dict[str, Any]:
    try:
        parts = exchange.read_export(doc)
    except exchange.ExportError as error:
        raise ApiError(422, "invalid_export", f"Det här är ingen turneringsexport: {error}",
                       f"This is not a tournament export: {error}",
                       details={"field": error.field, "problem": error.problem}) from error
    given = parts["tournament"]
    # Names as the create endpoints store them (api/names.py): no control or invisible
    # characters (a right-to-left override, a NUL) come in by an import; the tournament's
    # own name is cleaned by ``check_settings``.
    parts["players"] = [dataclasses.replace(p, name=player_names.clean(p.name),
                                            club=player_names.clean(p.club))
                        for p in parts["players"]]
    settings = check_settings({**given, "per_round": given.get("per_round") or {}})
    game = shape_of(settings["game"], settings["table_size"])
    check_players(parts["players"], game)
    try:
        verified = verify.verify_tables(settings["game"], settings["options"],
                                        display_names(parts["players"]), parts["rounds"],
                                        parts["sources"])
    except verify.ImportRefused as refusal:
        raise ApiError(422, refusal.code, refusal.messages["sv"], refusal.messages["en"],
                       refusal.rule, refusal.details) from refusal
    parts = {**parts, "sources": verified}
    with write_transaction(db):
        tid = storage.insert_tournament(db, director["id"], settings, parts["players"],
                                        created_at=str(given["created_at"]), archived=True)
        for rnd in parts["rounds"]:
            storage.reserve_round(db, tid, rnd)
            storage.complete_round(db, tid, rnd, {},
                                   {t.number: parts["sources"][(rnd.number, t.number)]
                                    for t in rnd.tables})
        storage.insert_adjustments(db, tid, director["id"], parts["adjustments"])
        storage.audit(db, tid, director["id"], "imported",
                      {"from": given.get("id"), "rounds": len(parts["rounds"]),
                       "players": len(parts["players"])})
    return full_view(db, storage.load_tournament(db, tid))


# --- ratings -------------------------------------------------------------------------------------
_RATINGS: dict[str, tuple[str, dict[str, dict[str, Any]], list[dict[str, Any]]]] = {}


def ratings(db: sqlite_utils.Database, game: str) -> dict[str, dict[str, Any]]:
    """Every player's rating in ``game``, from every tournament of it that counts (played
    here, or imported and accepted by the operator), in the order the tables were played;
    rated again only when one of those tournaments moved. A tournament whose stored rows
    cannot be read is left out and reported (``ratings_skipped``), never a failed page."""
    ids = storage.rated_tournament_ids(db, game)
    tag = READING_VERSION + "|" + "|".join(f"{i}:{storage.fingerprint(db, i)}" for i in ids)
    with _KEPT_LOCK:
        kept = _RATINGS.get(game)
    if kept is not None and kept[0] == tag:
        return kept[1]
    groups, skipped = [], []
    for tid in ids:
        try:
            tournament = storage.load_tournament(db, tid)
            players = {p.number: p for p in storage.load_players(db, tid)}
            groups.append(rating_logic.rated_tables(tournament, players,
                                                    storage.load_rounds(db, tid),
                                                    readings(db, tournament, skipped)))
        except Exception as error:  # a stored row must never fail the public ratings
            report_skipped(skipped, {"id": tid}, None, error)
    rated = _rate_what_can_be_rated(groups, skipped)
    with _KEPT_LOCK:
        _RATINGS[game] = (tag, rated, skipped)
    return rated


def _rate_what_can_be_rated(groups: list[list[dict[str, Any]]],
                            skipped: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Rate every tournament's tables together; should stored rows make that fail, again
    tournament by tournament, leaving out (and reporting) those that fail."""
    def order(tables):
        return sorted(tables, key=lambda t: (str(t["at"]), t["tournament"], t["round"],
                                             t["table"]))
    try:
        return rating_logic.rate(order([t for group in groups for t in group]))
    except Exception:
        kept: list[dict[str, Any]] = []
        for group in groups:
            try:
                rating_logic.rate(order(kept + group))
                kept += group
            except Exception as error:
                report_skipped(skipped, {"id": group[0]["tournament"] if group else None},
                               None, error)
        return rating_logic.rate(order(kept))


def ratings_skipped(db: sqlite_utils.Database, game: str) -> list[dict[str, Any]]:
    """The stored rows the last rating of ``game`` had to leave out (see ``ratings``)."""
    ratings(db, game)
    with _KEPT_LOCK:
        kept = _RATINGS.get(game)
    return list(kept[2]) if kept else []
