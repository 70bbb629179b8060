"""Rate limits whose counters live in SQLite, so every server process counts the same.

Several gunicorn workers share one database file and nothing else; a counter in a worker's
memory would let a phone post N times the limit by landing on N workers. So a counter is a
row of ``rate_limits`` (migration ``m004_rate_limits``), moved inside the caller's write
transaction: the count and what it guards commit or roll back together, and SQLite's write
lock orders the workers. The table lives in ``FILE-limits``, attached to every connection
as ``limits`` (``limits_file.attach_limits``, migration ``m010_fewer_pages_per_post``):
its commits are not fsynced, so a post's count no longer adds a page to the fsynced
commit of the log.

Each key has a fixed window that opens at its first hit (not on the clock's minute), so a
burst is judged the same whenever it starts, and "retry after" is exact: the window's end.
A fixed window lets a device post up to twice the limit across a window boundary; for a
limit meant to stop a runaway client, not to meter a fair one, that is enough.

Two limits (app config, defaults below):

- writes per device: ``WRITE_RATE_LIMIT`` posts per ``WRITE_RATE_WINDOW`` seconds. A real
  table posts a few entries a minute, a fast card-by-card table perhaps thirty; 120 a minute
  leaves room and still stops a loop.
- failed join codes and spectator keys per client address: ``FAILED_ACCESS_LIMIT`` per
  ``FAILED_ACCESS_WINDOW`` seconds. At 10 per 10 minutes one address tries 1,440 codes a
  day out of 32**6 ≈ 1.07e9: with a thousand open tables it finds one about once in 740
  days. Wrong guesses are checked and counted in one step, with a counter per table as
  well and a fairer rule for a club's shared address: ``guesses.py``.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Mapping

import sqlite_utils

from ...errors import RateLimited

DEFAULTS = {
    "WRITE_RATE_LIMIT": 120,
    "WRITE_RATE_WINDOW": 60,
    "FAILED_ACCESS_LIMIT": 10,
    "FAILED_ACCESS_WINDOW": 600,
    "FAILED_ACCESS_HARD_LIMIT": 50,  # the guess limit's rules: guesses.py
    "FAILED_ACCESS_TABLE_LIMIT": 30,
    "HIDDEN_REFUSAL_LIMIT": 5,  # refusals judged by hidden cards: hidden_guesses.py
    "HIDDEN_REFUSAL_WINDOW": 600,
}


@dataclass(frozen=True)
class Limit:
    count: int
    seconds: int


@dataclass(frozen=True)
class Limits:
    write: Limit = Limit(DEFAULTS["WRITE_RATE_LIMIT"], DEFAULTS["WRITE_RATE_WINDOW"])
    failed_access: Limit = Limit(DEFAULTS["FAILED_ACCESS_LIMIT"],
                                 DEFAULTS["FAILED_ACCESS_WINDOW"])
    failed_access_hard: int = DEFAULTS["FAILED_ACCESS_HARD_LIMIT"]
    failed_access_table: int = DEFAULTS["FAILED_ACCESS_TABLE_LIMIT"]
    hidden_refusals: Limit = Limit(DEFAULTS["HIDDEN_REFUSAL_LIMIT"],
                                   DEFAULTS["HIDDEN_REFUSAL_WINDOW"])

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> "Limits":
        def get(name: str) -> Any:
            return config.get(name, DEFAULTS[name])
        return cls(Limit(int(get("WRITE_RATE_LIMIT")), int(get("WRITE_RATE_WINDOW"))),
                   Limit(int(get("FAILED_ACCESS_LIMIT")), int(get("FAILED_ACCESS_WINDOW"))),
                   int(get("FAILED_ACCESS_HARD_LIMIT")), int(get("FAILED_ACCESS_TABLE_LIMIT")),
                   Limit(int(get("HIDDEN_REFUSAL_LIMIT")), int(get("HIDDEN_REFUSAL_WINDOW"))))


def retry_after(expires_at: float, now: float) -> int:
    return max(1, math.ceil(expires_at - now))


SWEEP_EVERY = 64
"""``count`` deletes the rows of ended windows on its first call in a process and then on
every 64th, not on every post (a statement a post, issue 16): the upsert itself opens a new
window on a key whose window has ended, so a leftover row never counts; the sweep only
keeps the table small. ``check`` and ``guesses`` read a row only while its window lasts."""
_counted = 0


def count(db: sqlite_utils.Database, key: str, limit: Limit,
          now: float | None = None) -> tuple[int, float]:
    """Count one hit on ``key``; return (hits in the current window, when it ends).
    Call inside a write transaction."""
    now = time.time() if now is None else now
    global _counted
    _counted += 1
    if _counted % SWEEP_EVERY == 1:
        db.execute("delete from rate_limits where expires_at <= ?", [now])
    row = db.execute(
        "insert into rate_limits (key, window_start, expires_at, count) values (?, ?, ?, 1) "
        "on conflict(key) do update set "
        "count = case when expires_at <= excluded.window_start then 1 else count + 1 end, "
        "window_start = case when expires_at <= excluded.window_start "
        "then excluded.window_start else window_start end, "
        "expires_at = case when expires_at <= excluded.window_start "
        "then excluded.expires_at else expires_at end "
        "returning count, expires_at", [key, now, now + limit.seconds]).fetchone()
    return row[0], row[1]


def hit(db: sqlite_utils.Database, key: str, limit: Limit, what: dict[str, str],
        now: float | None = None) -> None:
    """Count one hit; over the limit, raise 429 ``rate_limited`` (the caller's transaction
    rolls back, so a refused hit is not counted)."""
    now = time.time() if now is None else now
    hits, expires_at = count(db, key, limit, now)
    if hits > limit.count:
        retry = retry_after(expires_at, now)
        raise RateLimited(
            "rate_limited",
            f"För många {what['sv']}: högst {limit.count} på {limit.seconds:g} sekunder. "
            f"Försök igen om {retry} s.",
            f"Too many {what['en']}: at most {limit.count} in {limit.seconds:g} seconds. "
            f"Try again in {retry} s.",
            retry, facts(limit, expires_at))


def check(db: sqlite_utils.Database, key: str, limit: Limit,
          now: float | None = None) -> None:
    """Raise 429 ``too_many_attempts`` when ``key`` has used up its window; count nothing."""
    now = time.time() if now is None else now
    row = used_up(db, key, limit, now)
    if row is not None:
        retry = retry_after(row[1], now)
        raise RateLimited(
            "too_many_attempts",
            f"För många felaktiga koder eller nycklar härifrån. Försök igen om {retry} s.",
            f"Too many wrong codes or keys from here. Try again in {retry} s.",
            retry, facts(limit, row[1]))


def used_up(db: sqlite_utils.Database, key: str, limit: Limit,
            now: float) -> tuple[int, float] | None:
    """(hits, window's end) when ``key`` has used up its window at ``now``; else None.
    Counts nothing."""
    row = db.execute("select count, expires_at from rate_limits where key = ?",
                     [key]).fetchone()
    if row is not None and row[1] > now and row[0] >= limit.count:
        return row[0], row[1]
    return None


def facts(limit: Limit, expires_at: float) -> dict[str, Any]:
    return {"limit": limit.count, "window_seconds": limit.seconds,
            "retry_at": datetime.fromtimestamp(expires_at, timezone.utc)
            .isoformat(timespec="seconds")}
