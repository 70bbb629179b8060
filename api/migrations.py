"""Schema migrations as named functions, applied once each, in the order listed.

A migration is never edited after it has shipped: change the schema with a new function.
The ``_migrations`` table records which names have run (the sqlite-utils / Datasette way).
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timezone
from typing import Callable

import sqlite_utils


def m001_tables_events_devices(db: sqlite_utils.Database) -> None:
    db["tables"].create({
        "id": str, "game": str, "players": str, "options": str, "first_dealer": int,
        "join_code": str, "seq": int, "created_at": str,
    }, pk="id")
    db["tables"].create_index(["join_code"], unique=True)
    db["devices"].create({
        "id": str, "table_id": str, "token_hash": str, "name": str, "role": str,
        "created_at": str, "revoked_at": str,
    }, pk="id", foreign_keys=[("table_id", "tables", "id")])
    db["devices"].create_index(["token_hash"], unique=True)
    db["events"].create({
        "table_id": str, "seq": int, "client_event_id": str, "device_id": str,
        "created_at": str, "event": str,
    }, pk=("table_id", "seq"), foreign_keys=[("table_id", "tables", "id"),
                                             ("device_id", "devices", "id")])
    db["events"].create_index(["table_id", "client_event_id"], unique=True)


def m002_snapshots(db: sqlite_utils.Database) -> None:
    db["snapshots"].create({
        "table_id": str, "seq": int, "engine": str, "state": bytes,
    }, pk="table_id", foreign_keys=[("table_id", "tables", "id")])


def m003_directors_spectators(db: sqlite_utils.Database) -> None:
    """Directors (tournament organisers) with their own tokens; a table may belong to one.
    A table gets a spectator key (stored hashed) and its join code's digest, so a code is
    looked up the way a token is. A device may stand for a director at a table."""
    db["directors"].create({
        "id": str, "name": str, "token_hash": str, "created_at": str, "revoked_at": str,
    }, pk="id")
    db["directors"].create_index(["token_hash"], unique=True)
    # ALTER TABLE ... REFERENCES keeps the foreign key without rebuilding the table.
    db.execute("alter table tables add column director_id text references directors(id)")
    db.execute("alter table tables add column spectator_hash text")
    db.execute("alter table tables add column join_code_hash text")
    for table_id, code in db.execute("select id, join_code from tables").fetchall():
        db.execute("update tables set join_code_hash = ? where id = ?",
                   [hashlib.sha256(code.encode("utf-8")).hexdigest(), table_id])
    db["tables"].create_index(["director_id"])
    db["tables"].create_index(["spectator_hash"], unique=True)
    db["tables"].create_index(["join_code_hash"], unique=True)
    db.execute("alter table devices add column director_id text references directors(id)")
    db["devices"].create_index(["table_id"])


def m004_rate_limits(db: sqlite_utils.Database) -> None:
    """Counters for rate limits, in the database so that every server process sharing the
    file (gunicorn workers) counts against the same window."""
    db["rate_limits"].create({
        "key": str, "window_start": float, "expires_at": float, "count": int,
    }, pk="key")
    db["rate_limits"].create_index(["expires_at"])


def m005_tournaments(db: sqlite_utils.Database) -> None:
    """Tournaments: a director's event of one game, its players, its rounds as seated and
    the tables of each round (a table of ``tables``, or — for an imported event — its
    protokoll frozen as JSON). Adjustments, finding reviews and the audit trail are
    append-only: nothing a director did is ever edited away."""
    db["tournaments"].create({
        "id": str, "director_id": str, "name": str, "game": str, "options": str,
        "rounds": int, "per_round": str, "scoring": str, "table_size": int,
        "created_at": str, "archived": int, "rated": int,
    }, pk="id", foreign_keys=[("director_id", "directors", "id")])
    db["tournaments"].create_index(["director_id"])
    db["tournaments"].create_index(["game"])
    db["tournament_players"].create({
        "tournament_id": str, "number": int, "name": str, "club": str, "key": str,
        "withdrawn_at": str,
    }, pk=("tournament_id", "number"), foreign_keys=[("tournament_id", "tournaments", "id")])
    db["tournament_rounds"].create({
        "tournament_id": str, "number": int, "method": str, "seed": int, "status": str,
        "byes": str, "block": str, "seated_at": str,
    }, pk=("tournament_id", "number"), foreign_keys=[("tournament_id", "tournaments", "id")])
    db["tournament_tables"].create({
        "tournament_id": str, "round": int, "number": int, "table_id": str, "seats": str,
        "frozen": str,
    }, pk=("tournament_id", "round", "number"),
        foreign_keys=[("tournament_id", "tournaments", "id"), ("table_id", "tables", "id")])
    db["tournament_tables"].create_index(["table_id"], unique=True)
    db["tournament_adjustments"].create({
        "id": str, "tournament_id": str, "player": int, "points": float, "reason": str,
        "round": int, "created_at": str, "director_id": str,
    }, pk="id", foreign_keys=[("tournament_id", "tournaments", "id")])
    db["tournament_adjustments"].create_index(["tournament_id"])
    db["tournament_reviews"].create({
        "tournament_id": str, "table_id": str, "finding": str, "note": str,
        "created_at": str, "director_id": str,
    }, pk=("table_id", "finding"), foreign_keys=[("tournament_id", "tournaments", "id")])
    db["tournament_audit"].create({
        "id": int, "tournament_id": str, "at": str, "director_id": str, "action": str,
        "details": str,
    }, pk="id", foreign_keys=[("tournament_id", "tournaments", "id")])
    db["tournament_audit"].create_index(["tournament_id"])


def m006_tournament_readings(db: sqlite_utils.Database) -> None:
    """A cache of each tournament table as the standings read it, keyed by the table's
    sequence number and the code that read it: recomputing the standings of 250 tables
    reads 250 small rows instead of replaying or unpickling 250 states."""
    db["tournament_readings"].create({
        "table_id": str, "seq": int, "version": str, "reading": str,
    }, pk="table_id", foreign_keys=[("table_id", "tables", "id")])


def m007_trust(db: sqlite_utils.Database) -> None:
    """Issue 14 (trust). A round can be closed (``closed_at``): its tables take no more
    entries from phones, and their join codes end with it. A director's entry at a closed
    table keeps its reason in ``entry_reasons`` (the event itself stays the engine's). An
    imported tournament waits for the server's operator (``import_status``: pending,
    accepted, rejected; null for a tournament played here) before it counts in the
    public ratings; the imports made before this migration are pending too."""
    db.execute("alter table tournament_rounds add column closed_at text")
    db.execute("alter table tournaments add column import_status text")
    db.execute("update tournaments set import_status = 'pending' where archived = 1")
    db["entry_reasons"].create({
        "table_id": str, "seq": int, "reason": str, "director_id": str, "created_at": str,
    }, pk=("table_id", "seq"), foreign_keys=[("table_id", "tables", "id")])


def m008_seats_and_private_entries(db: sqlite_utils.Database) -> None:
    """Seats and secrets (issue 13). A device sits at one seat of its table (``seat``), or is
    the table's scorer (``scorer``), or neither; ``seated_at_seq`` is the table's sequence
    number when it took its place, so it reads a seat's private entries posted after that
    only. Each event records the deal it belongs to (``deal``: the game's
    ``deal_in_progress`` right after it was applied), so the log knows when a private entry
    opens. A table may keep private entries closed after their deal
    (``open_private_after_deal`` = 0)."""
    db.execute("alter table devices add column seat integer")
    db.execute("alter table devices add column scorer integer not null default 0")
    db.execute("alter table devices add column seated_at_seq integer")
    db.execute("alter table events add column deal integer")
    db.execute("alter table tables add column open_private_after_deal integer not null "
               "default 1")


def m009_snapshot_rows(db: sqlite_utils.Database) -> None:
    """Snapshots in two parts (``api/snapshots.py``): the state without its protokoll rows,
    with a token per save, and the rows one each, so that a post rewrites only the rows it
    changed. Snapshots written before keep ``rows`` null and are read whole."""
    db.execute("alter table snapshots add column token text")
    db.execute("alter table snapshots add column rows integer")
    db.execute("create table snapshot_rows (table_id text not null references tables(id), "
               "n integer not null, row blob not null, primary key (table_id, n)) "
               "without rowid")


def m010_fewer_pages_per_post(db: sqlite_utils.Database) -> None:
    """Fewer pages in every post's commit (issue 16; ``README``, Storage).

    - ``events`` becomes a WITHOUT ROWID table keyed by ``(table_id, seq)``: the rows live
      in the key's own b-tree, where a rowid table kept them in one b-tree and the key in a
      second, both written at every append. The unique index on ``(table_id,
      client_event_id)`` stays: it is how a retried post (the same client event id, any
      ``based_on``, however late) finds its first answer, and why one id is used once.
    - ``tables.seq`` goes: a table's seq is its last event's (``api/log_seq.py``), one
      step down the new key, where moving a stored copy rewrote the table's row in every
      post.
    - ``rate_limits`` moves to the attached ``limits`` file
      (``limits_file.attach_limits``), whose commits are not fsynced; the running windows
      are carried over."""
    db.execute("create table events_keyed (table_id text not null references tables(id), "
               "seq integer not null, client_event_id text, "
               "device_id text references devices(id), created_at text, event text, "
               "deal integer, primary key (table_id, seq)) without rowid")
    db.execute("insert into events_keyed (table_id, seq, client_event_id, device_id, "
               "created_at, event, deal) select table_id, seq, client_event_id, device_id, "
               "created_at, event, deal from events")
    db.execute("drop table events")
    db.execute("alter table events_keyed rename to events")
    db.execute("create unique index idx_events_table_id_client_event_id "
               "on events (table_id, client_event_id)")
    db.execute("alter table tables drop column seq")
    if "rate_limits" in db.table_names():  # main's; the attached file's is not listed
        if db.execute("select 1 from pragma_database_list where name = 'limits'").fetchone():
            db.execute("insert or replace into limits.rate_limits "
                       "(key, window_start, expires_at, count) "
                       "select key, window_start, expires_at, count from main.rate_limits")
        db.execute("drop table main.rate_limits")


def m011_restore_generation(db: sqlite_utils.Database) -> None:
    """One row: the database's restore generation, a random value ``protokoll restore``
    draws anew (``api/backup.py``). A server process keeps tournament readings, standings
    bodies and ratings by table, sequence number and fingerprint; after a restore the same
    numbers can stand for other entries, so those keys carry this value too, and a process
    running on the file never serves what it kept from before the restore."""
    db.execute("create table restore_generation (id integer primary key check (id = 1), "
               "generation text not null)")
    db.execute("insert into restore_generation (id, generation) "
               "values (1, lower(hex(randomblob(8))))")


MIGRATIONS: tuple[Callable[[sqlite_utils.Database], None], ...] = (
    m001_tables_events_devices,
    m002_snapshots,
    m003_directors_spectators,
    m004_rate_limits,
    m005_tournaments,
    m006_tournament_readings,
    m007_trust,
    m008_seats_and_private_entries,
    m009_snapshot_rows,
    m010_fewer_pages_per_post,
    m011_restore_generation,
)


def migrate(db: sqlite_utils.Database) -> list[str]:
    """Apply the migrations not yet applied; return their names."""
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        if "_migrations" not in db.table_names():
            db["_migrations"].create({"name": str, "applied_at": str}, pk="name")
        done = {row["name"] for row in db["_migrations"].rows}
        applied = []
        for migration in MIGRATIONS:
            if migration.__name__ in done:
                continue
            migration(db)
            db["_migrations"].insert({"name": migration.__name__,
                                      "applied_at": datetime.now(timezone.utc).isoformat()})
            applied.append(migration.__name__)
        db.conn.execute("COMMIT")
    except BaseException:
        db.conn.execute("ROLLBACK")
        raise
    return applied
