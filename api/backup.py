"""``protokoll backup`` and ``protokoll restore``: an online copy of the database, and back.

Backup uses SQLite's online backup API in a single step: the copy is made inside one read
transaction, so it is one consistent state of the database — every table with exactly the
events it had at one moment, its sequence number and its snapshot — while the server goes on
writing (in WAL mode a reader never blocks the writer). The copy is written next to PATH,
switched to the rollback journal (one self-contained file, no ``-wal`` beside it), checked
with ``PRAGMA integrity_check``, fsynced, and only then renamed over PATH: a backup that was
interrupted never replaces a good one.

Restore first copies the backup to a temporary file and checks that copy (integrity, foreign
keys, the Protokoll schema, every table's sequence number against its log) — so what is
checked is exactly what is restored — and then writes it into the database through the
backup API as well. Writing through SQLite (rather than renaming a file over the database)
takes the database's write lock and goes through its WAL, so even a server that is running on
that file sees either the old database or the restored one, never a mix with a stale ``-wal``;
and it draws new snapshot tokens and a new restore generation (migration
``m011_restore_generation``), so nothing a running server's processes keep in memory — states,
tournament readings, standings, ratings — is used across the restore.
Because replacing a database a server is using throws away whatever was posted since the
backup, restore refuses an existing database unless told ``force``. A backup from an older
version is migrated as it is restored.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

from .db import BUSY_TIMEOUT_MS, connect, writer_turn
from .migrations import migrate

#: The tables every Protokoll database has (see ``api/migrations.py``).
REQUIRED_TABLES = ("_migrations", "tables", "devices", "events", "snapshots")


class BackupError(Exception):
    """A backup or restore that was refused or failed; the message says why."""


def _sidecars(path: Path) -> list[Path]:
    return [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm", "-journal")]


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _fsync_file(path: Path) -> None:
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())


def _open_plain(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)


def check(conn: sqlite3.Connection) -> str:
    """Check that ``conn`` holds a sound Protokoll database; return a one-line summary or
    raise BackupError saying what is wrong."""
    try:
        problems = [row[0] for row in conn.execute("PRAGMA integrity_check")]
        if problems != ["ok"]:
            raise BackupError("integrity check failed: " + "; ".join(problems[:5]))
        names = {row[0] for row in conn.execute(
            "select name from sqlite_master where type = 'table'")}
        missing = [name for name in REQUIRED_TABLES if name not in names]
        if missing:
            raise BackupError("not a Protokoll database (no table " + ", ".join(missing) + ")")
        if conn.execute("PRAGMA foreign_key_check").fetchone() is not None:
            raise BackupError("foreign key check failed")
        # A table's log is numbered 1, 2, … without a gap: its length is its last seq (the
        # table's sequence number, ``log_seq``). A file from before migration m010 also
        # stored the seq in ``tables``, moved in the event's own transaction: it must agree.
        stored = any(column[1] == "seq" for column in conn.execute("PRAGMA table_info(tables)"))
        torn = conn.execute(
            "select t.id from tables t left join "
            "(select table_id, count(*) as n, max(seq) as m from events group by table_id) e "
            "on e.table_id = t.id where coalesce(e.n, 0) != coalesce(e.m, 0)"
            + (" or t.seq != coalesce(e.m, 0)" if stored else "")).fetchall()
        if torn:
            raise BackupError("the log of table " + torn[0][0] + " does not match its "
                              "sequence number")
        tables = conn.execute("select count(*) from tables").fetchone()[0]
        events = conn.execute("select count(*) from events").fetchone()[0]
    except sqlite3.DatabaseError as error:
        raise BackupError(f"not a sound SQLite database ({error})") from error
    return f"{tables} tables, {events} events"


def backup(db_path: str | os.PathLike, dest: str | os.PathLike) -> str:
    """Copy the database at ``db_path`` to ``dest``, online and consistent; return a
    summary. ``dest`` is replaced atomically when it exists."""
    source, target = Path(db_path), Path(dest)
    if not source.is_file():
        raise BackupError(f"there is no database at {source}")
    if _same_file(source, target) or target.resolve() in [p.resolve() for p in
                                                            [source, *_sidecars(source)]]:
        raise BackupError("the backup would overwrite the database itself")
    if not target.parent.is_dir():
        raise BackupError(f"the folder {target.parent} does not exist")
    partial = target.with_name(f".{target.name}.partial-{os.getpid()}")
    try:
        src = _open_plain(source)
        try:
            src.execute("PRAGMA query_only = ON")
            dst = _open_plain(partial)
            try:
                # pages=-1: the whole database in one step, i.e. in one read transaction.
                src.backup(dst, pages=-1)
                dst.execute("PRAGMA journal_mode = DELETE")
                summary = check(dst)
            finally:
                dst.close()
        finally:
            src.close()
        _fsync_file(partial)
        os.replace(partial, target)
        _fsync_dir(target.parent)
    except (sqlite3.Error, OSError) as error:
        raise BackupError(f"backup failed: {error}") from error
    finally:
        for leftover in [partial, *_sidecars(partial)]:
            leftover.unlink(missing_ok=True)
    return f"{summary}, {target.stat().st_size} bytes"


def restore(backup_path: str | os.PathLike, db_path: str | os.PathLike,
            force: bool = False) -> str:
    """Check the backup at ``backup_path`` and write it into the database at ``db_path``;
    return a summary. An existing database is replaced only with ``force``."""
    source, target = Path(backup_path), Path(db_path)
    if not source.is_file():
        raise BackupError(f"there is no backup at {source}")
    if _same_file(source, target):
        raise BackupError("the backup and the database are the same file")
    if not target.parent.is_dir():
        raise BackupError(f"the folder {target.parent} does not exist")
    exists = any(p.exists() for p in [target, *_sidecars(target)])
    if exists and not force:
        raise BackupError(
            f"{target} exists and a server may be writing to it; restoring replaces "
            "everything posted since the backup. Stop the server, or pass --force.")
    checked = target.with_name(f".{target.name}.restore-{os.getpid()}")
    try:
        shutil.copyfile(source, checked)
        src = _open_plain(checked)
        try:
            summary = check(src)
            # WAL, synchronous=FULL; the rate limits' file is the running server's own
            db = connect(str(target), run_migrations=False, limits=False)
            try:
                with writer_turn(str(target)):  # a running server's writers wait for us
                    src.backup(db.conn, pages=-1)
                    # A backup made by an older version gets the newer tables now, so that
                    # a server already running on the file finds them at its next request.
                    migrate(db)
                    # The log may be older now than what the server's processes kept in
                    # memory: new tokens make them read every snapshot anew (snapshots.load).
                    db.execute("update snapshots set token = lower(hex(randomblob(8)))")
                    # And a new restore generation: what the processes keep of the
                    # tournaments (readings, standings, ratings) is keyed by it.
                    db.execute("update restore_generation "
                               "set generation = lower(hex(randomblob(8)))")
                restored = check(db.conn)
            finally:
                db.close()
        finally:
            src.close()
        if restored != summary:
            raise BackupError(f"the restored database differs from the backup "
                              f"({restored} against {summary})")
        _fsync_dir(target.parent)
    except (sqlite3.Error, OSError, BackupError) as error:
        if not exists:  # leave nothing behind where there was nothing
            lock = target.with_name(target.name + "-lock")
            for made in [target, *_sidecars(target), lock]:
                made.unlink(missing_ok=True)
        if isinstance(error, BackupError):
            raise
        raise BackupError(f"restore failed: {error}") from error
    finally:
        for leftover in [checked, *_sidecars(checked)]:
            leftover.unlink(missing_ok=True)
    return summary
