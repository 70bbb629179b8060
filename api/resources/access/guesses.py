"""The guess limit: wrong join codes and spectator keys, checked and counted in one step.

A join code is one of 32**6 ≈ 1.07e9; a guesser who could try them freely would find one of
a thousand open tables in about half a million tries. So wrong guesses are counted, and the
count decides in the same step as it moves: every wrong guess is one ``UPSERT … RETURNING``
per counter inside one ``BEGIN IMMEDIATE`` transaction, which orders threads and gunicorn
workers alike — the eleventh of eleven simultaneous wrong guesses sees the count 11 and is
refused, instead of all eleven reading "10 left" first (the old check-then-count let 33–55
of them through under load; ``tests/api/test_guess_limit.py`` hammers it with threads).

The counters (fixed windows of ``FAILED_ACCESS_WINDOW`` seconds, default 600):

- per client address (``fail:ADDRESS``): ``FAILED_ACCESS_LIMIT`` (10) wrong guesses, then
  429 ``too_many_attempts``. This is what bounds a guesser: 1,440 codes a day per address.
- per table (``fail:table:ID``), for reads that name the table in the URL:
  ``FAILED_ACCESS_TABLE_LIMIT`` (30) wrong codes or keys, so many addresses together
  cannot guess one table's code either. An address adds at most its own limit to it (so one
  client cannot close a table's code by itself), a right spectator key is not held back by
  it (128 random bits are not guessed), and the table's devices read and write with their
  tokens as always.

The fair part. A club's phones share one public address; one guesser there used to lock
every phone out of codes for ten minutes. Now, once an address is over its limit, a *right*
code or key still opens a table that this address already knows — a phone there started it
or joined it in the window (``known:ADDRESS:TABLE``) — until the address reaches the hard
limit, ``FAILED_ACCESS_HARD_LIMIT`` (50), after which nothing from it is looked at until the
window ends. Thought through as the attacker: over the limit, a guess is answered 429
whether it is wrong or right for any other table, so guessing teaches nothing; the only
codes still worth guessing are those of the tables started or joined from the guesser's own
address, which are on the table in front of them anyway, and at most 40 more guesses get
looked at. A table whose own counter is full opens likewise only to an address that knows
it. Behind a reverse proxy the address must be the phone's (``protokoll serve
--behind-proxy N``), or every phone counts as the proxy.
"""

from __future__ import annotations

import time

import sqlite_utils

from ...db import write_transaction
from ...errors import RateLimited
from . import ratelimit


def _bump(db: sqlite_utils.Database, key: str, seconds: int, now: float) -> tuple[int, float]:
    row = db.execute(
        "insert into rate_limits (key, window_start, expires_at, count) values (?, ?, ?, 1) "
        "on conflict(key) do update set count = count + 1 "
        "returning count, expires_at", [key, now, now + seconds]).fetchone()
    return row[0], row[1]


def _count(db: sqlite_utils.Database, key: str, now: float) -> tuple[int, float]:
    row = db.execute("select count, expires_at from rate_limits where key = ? and "
                     "expires_at > ?", [key, now]).fetchone()
    return (row[0], row[1]) if row else (0, now)


def _known_key(address: str, table_id: str) -> str:
    return f"known:{address}:{table_id}"


def remember(db: sqlite_utils.Database, address: str, table_id: str,
             limits: ratelimit.Limits, now: float | None = None) -> None:
    """This address started or joined the table: its right code opens it from here for a
    window, even when a guesser at the same address has used up the limit."""
    now = time.time() if now is None else now
    db.execute("insert into rate_limits (key, window_start, expires_at, count) "
               "values (?, ?, ?, 1) on conflict(key) do update set "
               "window_start = excluded.window_start, expires_at = excluded.expires_at",
               [_known_key(address, table_id), now, now + limits.failed_access.seconds])


def _limited(limits: ratelimit.Limits, expires_at: float, now: float) -> RateLimited:
    retry = max(1, int(expires_at - now + 0.999))
    limit = limits.failed_access
    return RateLimited(
        "too_many_attempts",
        f"För många felaktiga koder eller nycklar härifrån. Försök igen om {retry} s.",
        f"Too many wrong codes or keys from here. Try again in {retry} s.",
        retry, ratelimit.facts(limit, expires_at))


def judge(db: sqlite_utils.Database, address: str, opened: str | None,
          named_table: str | None, limits: ratelimit.Limits, secret: str = "code",
          now: float | None = None) -> RateLimited | None:
    """Decide one guess. ``opened``: the table the code or key opens (None: wrong);
    ``named_table``: the table the URL names (None for join and watch); ``secret``:
    ``"code"`` or ``"key"`` — a right spectator key (128 random bits, never guessed) is not
    held back by the table's counter, which guards the six-character code.

    Returns None when the caller may go on — to let the reader in, or to answer "wrong
    code" — and otherwise the 429 ``too_many_attempts`` for the caller to raise once its
    transaction has committed (the count must stay). A wrong guess is counted before it is
    judged, in one write transaction: the caller's when one is open, else its own."""
    now = time.time() if now is None else now
    soft, window = limits.failed_access.count, limits.failed_access.seconds
    address_key = f"fail:{address}"
    table_key = f"fail:table:{named_table}" if named_table else None
    if opened is None:
        def count_wrong() -> RateLimited | None:
            db.execute("delete from rate_limits where expires_at <= ?", [now])
            hits, expires_at = _bump(db, address_key, window, now)
            over = hits > soft
            if table_key and not over:  # one address adds at most its own limit here
                table_hits, table_expires = _bump(db, table_key, window, now)
                if table_hits > limits.failed_access_table:
                    over, expires_at = True, max(expires_at, table_expires)
            return _limited(limits, expires_at, now) if over else None
        if db.conn.in_transaction:
            return count_wrong()
        with write_transaction(db):
            return count_wrong()
    hits, expires_at = _count(db, address_key, now)
    table_hits, table_expires = _count(db, table_key, now) \
        if table_key and secret == "code" else (0, now)
    if hits < soft and table_hits < limits.failed_access_table:
        return None
    known = _count(db, _known_key(address, opened), now)[0] > 0
    if known and hits < max(limits.failed_access_hard, soft):
        return None
    return _limited(limits, max(expires_at, table_expires), now)
