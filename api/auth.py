"""Device tokens: random, shown once, stored only as a SHA-256 hash, compared in constant time.

Creating a table makes its first device and returns that device's token. Every event in the
log records the device that posted it. (Joining with the code, spectator links, revocation
and director tokens build on this table of devices.)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

JOIN_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud at a table


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def same_hash(token: str, stored_hash: str) -> bool:
    return hmac.compare_digest(hash_token(token), stored_hash)


def new_join_code(length: int = 6) -> str:
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(length))


def new_id() -> str:
    return secrets.token_hex(8)
