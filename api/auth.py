"""Secrets: device and director tokens, spectator keys, join codes, and how they are kept.

Tokens and spectator keys are random (``secrets``), shown once, and stored only as a
SHA-256 digest: a copy of the database gives nobody a key to a table. They are looked up
by that digest and then compared with ``hmac.compare_digest``, so the time a comparison
takes says nothing about how much of a guess was right.

A join code is short, read aloud at the table and shown on every phone there, so it is
kept in clear as well; it is looked up by its digest for the same reason as a token, and
failed guesses are rate-limited per client address (``resources/access/ratelimit.py``).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

JOIN_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud at a table
JOIN_CODE_LENGTH = 6  # 32**6 ≈ 1.07e9 codes


def new_token() -> str:
    """A device or director token: 256 random bits."""
    return secrets.token_urlsafe(32)


def new_spectator_key() -> str:
    """A spectator key: 128 random bits, short enough for a QR code that scans at a glance."""
    return secrets.token_urlsafe(16)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def same_hash(token: str, stored_hash: str | None) -> bool:
    """Whether ``token`` is the secret behind ``stored_hash``, in constant time."""
    return same_digest(hash_token(token), stored_hash)


def same_digest(digest: str, stored_hash: str | None) -> bool:
    """Whether ``digest`` (``hash_token`` of a token, made once) is ``stored_hash``, in
    constant time."""
    if not stored_hash:
        return False
    return hmac.compare_digest(digest, stored_hash)


def new_join_code(length: int = JOIN_CODE_LENGTH) -> str:
    """A random code: one random byte a character, taken modulo the alphabet's 32 letters
    (256 is a multiple of 32, so each letter is as likely; an eighth of the CPU of
    ``secrets.choice`` a character, which a 250-table round draws 1,500 times)."""
    return "".join(JOIN_CODE_ALPHABET[byte % len(JOIN_CODE_ALPHABET)]
                   for byte in secrets.token_bytes(length))


assert 256 % len(JOIN_CODE_ALPHABET) == 0  # new_join_code's letters are equally likely


def normalize_join_code(code: str) -> str:
    """A code as typed ("abc-234 ") as stored ("ABC234")."""
    return re.sub(r"[\s-]+", "", code).upper()


def new_id() -> str:
    return secrets.token_hex(8)
