"""The rate-limit counters' own file, ``FILE-limits``, attached to every connection.

Kept apart from the log's file so that counting a post does not add a page to the post's
fsynced commit (issue 16; ``README``, Storage and Rate limits).
"""

from __future__ import annotations

import sqlite3

LIMITS_SCHEMA = (
    "create table if not exists limits.rate_limits (key text primary key, "
    "window_start real, expires_at real, count integer)",
    "create index if not exists limits.idx_rate_limits_expires_at "
    "on rate_limits (expires_at)",
)


def attach_limits(conn: sqlite3.Connection, path: str) -> None:
    """Attach ``FILE-limits`` as ``limits``: the rate-limit counters (``rate_limits``,
    ``resources/access/ratelimit.py`` and ``guesses.py``), kept out of the log's file.

    Why apart: a post counts its device's write in the same transaction as the event, and
    in the log's file that count was one more page in every post's WAL commit, fsynced with
    it (``synchronous=FULL``) while every other writer waited. Here the file is WAL with
    ``synchronous=NORMAL``: its commits are not fsynced (only its checkpoints are), and in
    WAL mode a power cut can take back its last commits but never damage the file. Losing a
    few seconds of counts to a power cut is harmless: they guard against runaway clients,
    not for records. It is still one file that every server process shares, written inside
    the same ``BEGIN IMMEDIATE`` as the post (which takes both files' write locks, in
    ``writer_turn``'s order), so the limits hold across workers exactly as before, and a
    refused 429 still rolls its own count back. Two WAL files are not committed atomically
    together (SQLite's rule for attached WAL databases): a crash between the two commits
    can keep a count whose post was lost — a hit counted that did not happen, which a limit
    may err on. Unqualified, ``rate_limits`` names this table once the log's file has none
    (migration ``m010_fewer_pages_per_post``). Made here when missing, so a server that
    finds no ``FILE-limits`` starts one."""
    conn.execute("ATTACH DATABASE ? AS limits",
                 [":memory:" if path == ":memory:" else path + "-limits"])
    if path != ":memory:":
        conn.execute("PRAGMA limits.journal_mode = WAL")
    conn.execute("PRAGMA limits.synchronous = NORMAL")
    for statement in LIMITS_SCHEMA:
        conn.execute(statement)
