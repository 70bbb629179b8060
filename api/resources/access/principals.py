"""Who is asking, and what they may do at one table.

``for_reading``, ``for_writing`` and ``for_managing`` turn a request's ``Credentials`` and a
table row into a ``Principal`` or refuse with the one error shape:

- no credentials: 401 (``credentials_required`` to read, ``token_required`` to write);
- a token nobody issued: 401 ``token_unknown``;
- a token of another table or another director: 403 ``token_forbidden``;
- a revoked token: 403 ``token_revoked`` (a lost phone stays out);
- a wrong join code or spectator key: 403 ``join_code_wrong`` / ``spectator_key_wrong``,
  checked and counted in one step (``guesses``); past the limit 429;
- a join code or spectator key where a write needs a token: 403 ``read_only``;
- a player's token where the owner's is needed: 403 ``owner_only``.

A refusal here happens before anything is written, so the table's log is untouched.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import sqlite_utils

from ... import auth
from ...errors import ApiError
from . import guesses, ratelimit, records
from .credentials import Credentials

WRITERS = frozenset({"owner", "player", "director"})
MANAGERS = frozenset({"owner", "director"})


@dataclass(frozen=True)
class Principal:
    """A role at one table: owner, player, director, code (knows the join code) or
    spectator. ``device_id`` is the device the log records for this principal's posts."""

    role: str
    device_id: str | None = None
    director_id: str | None = None
    # The device's (seat, seated_at_seq, scorer) as read with its token, in the same
    # statement (None: not read, a director's): a post reads its reader from it rather
    # than reading the row again (``disclosure.reader_of``, issue 16).
    device_place: tuple[Any, ...] | None = field(default=None, compare=False, repr=False)

    @property
    def can_write(self) -> bool:
        return self.role in WRITERS

    @property
    def can_manage(self) -> bool:
        return self.role in MANAGERS

    @property
    def sees_join_code(self) -> bool:
        """The audience's key must not open the table for writing: spectators do not see
        the join code."""
        return self.role != "spectator"

    @property
    def rate_key(self) -> str:
        """Writes are counted per device; a director's, across all its tables."""
        if self.director_id and self.role == "director":
            return f"write:director:{self.director_id}"
        return f"write:device:{self.device_id}"

    def as_dict(self) -> dict[str, Any]:
        return {"role": self.role, "device_id": self.device_id, "write": self.can_write,
                "manage": self.can_manage}


def _forbidden(code: str, sv: str, en: str) -> ApiError:
    return ApiError(403, code, sv, en)


def token_unknown() -> ApiError:
    return ApiError(401, "token_unknown", "Nyckeln är okänd.", "The token is not known.")


def token_revoked() -> ApiError:
    return _forbidden("token_revoked",
                      "Den här enheten har tagits bort från bordet.",
                      "This device has been removed from the table.")


def token_forbidden() -> ApiError:
    return _forbidden("token_forbidden", "Nyckeln gäller inte det här bordet.",
                      "This token may not act on this table.")


def _by_token(db: sqlite_utils.Database, row: dict[str, Any], token: str,
              writing: bool) -> Principal:
    digest = auth.hash_token(token)
    device = db.execute("select id, table_id, token_hash, role, revoked_at, director_id, "
                        "seat, seated_at_seq, scorer from devices where token_hash = ?",
                        [digest]).fetchone()
    if device is not None and auth.same_digest(digest, device[2]):
        if device[1] != row["id"]:
            raise token_forbidden()
        if device[4] is not None:
            raise token_revoked()
        return Principal(device[3], device[0], device[5], device[6:9])
    director = db.execute("select id, token_hash, revoked_at from directors "
                          "where token_hash = ?", [digest]).fetchone()
    if director is not None and auth.same_digest(digest, director[1]):
        if director[2] is not None:
            raise token_revoked()
        if director[0] != row.get("director_id"):
            raise token_forbidden()
        device_id = records.director_device(db, row["id"], director[0], create=writing)
        return Principal("director", device_id, director[0])
    raise token_unknown()


def _by_table_secret(db: sqlite_utils.Database, row: dict[str, Any], creds: Credentials,
                     limits: ratelimit.Limits) -> Principal:
    role = None
    if creds.join_code and auth.same_hash(auth.normalize_join_code(creds.join_code),
                                          row["join_code_hash"]):
        role = "code"
    elif creds.spectator_key and auth.same_hash(creds.spectator_key, row["spectator_hash"]):
        role = "spectator"
    # checked and counted in one step (guesses.py); a right secret may still wait (429)
    limited = guesses.judge(db, creds.address, row["id"] if role else None, row["id"], limits,
                            secret="key" if role == "spectator" else "code")
    if limited is not None:
        raise limited
    if role is not None:
        return Principal(role)
    if creds.join_code:
        raise _forbidden("join_code_wrong", "Fel kod för det här bordet.",
                         "Wrong join code for this table.")
    raise _forbidden("spectator_key_wrong", "Fel åskådarnyckel för det här bordet.",
                     "Wrong spectator key for this table.")


def for_reading(db: sqlite_utils.Database, row: dict[str, Any], creds: Credentials,
                limits: ratelimit.Limits) -> Principal:
    """Any device or director token of the table, its join code or its spectator key.
    Call outside a transaction: a wrong code is counted in a write of its own."""
    if creds.bearer:
        return _by_token(db, row, creds.bearer, writing=False)
    if creds.join_code or creds.spectator_key:
        return _by_table_secret(db, row, creds, limits)
    raise ApiError(401, "credentials_required",
                   "Att läsa bordet kräver bordskoden, en nyckel till bordet eller "
                   "åskådarnyckeln.",
                   "Reading this table needs its join code, a token of the table or its "
                   "spectator key.")


def for_writing(db: sqlite_utils.Database, row: dict[str, Any],
                creds: Credentials) -> Principal:
    """A device or director token of the table. Call inside the write transaction."""
    if creds.bearer:
        return _by_token(db, row, creds.bearer, writing=True)
    if creds.join_code or creds.spectator_key:
        raise _forbidden("read_only",
                         "Koden och åskådarnyckeln ger bara läsrätt. Gå med i bordet med "
                         "koden för att skriva.",
                         "The join code and the spectator key only read. Join the table "
                         "with the code to write.")
    raise ApiError(401, "token_required",
                   "Skrivning kräver bordets nyckel (Authorization: Bearer …).",
                   "Writing needs a token of this table (Authorization: Bearer …).")


def for_managing(db: sqlite_utils.Database, row: dict[str, Any], creds: Credentials,
                 writing: bool = True) -> Principal:
    """The owner's device, or the table's director (token or device). With ``writing``
    (inside a write transaction) a director gets its device at the table made if missing."""
    if creds.bearer:
        principal = _by_token(db, row, creds.bearer, writing=writing)
    else:
        principal = for_writing(db, row, creds)  # refuses: read_only or token_required
    if not principal.can_manage:
        raise _forbidden("owner_only",
                         "Bara den som startade bordet (eller dess turneringsledare) får "
                         "göra det.",
                         "Only whoever started the table (or its tournament director) "
                         "may do that.")
    return principal
