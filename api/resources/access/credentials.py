"""Reading a request's credentials, and describing them in the OpenAPI spec.

Kept apart from the decisions (``principals``) so that the store never sees Flask: routes
call ``from_request()`` and hand the plain value on.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import request

JOIN_CODE_HEADER = "X-Join-Code"
SPECTATOR_KEY_HEADER = "X-Spectator-Key"
JOIN_CODE_QUERY = "code"
SPECTATOR_KEY_QUERY = "spectator_key"


@dataclass(frozen=True)
class Credentials:
    """What a request brought: a bearer token, a join code, a spectator key (any may be
    missing), and the client address that failed guesses are counted against."""

    bearer: str | None = None
    join_code: str | None = None
    spectator_key: str | None = None
    address: str = "unknown"

    @property
    def empty(self) -> bool:
        return not (self.bearer or self.join_code or self.spectator_key)


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip() or None
    return None


def from_request() -> Credentials:
    environ = request.environ
    has_query = bool(environ.get("QUERY_STRING"))  # a post has none: no query parsed

    def header_or_query(header: str, query: str) -> str | None:
        value = (request.headers.get(header)
                 or (request.args.get(query) if has_query else None) or "").strip()
        return value or None

    return Credentials(
        bearer=bearer_token(),
        join_code=header_or_query(JOIN_CODE_HEADER, JOIN_CODE_QUERY),
        spectator_key=header_or_query(SPECTATOR_KEY_HEADER, SPECTATOR_KEY_QUERY),
        address=request.remote_addr or "unknown",
    )


# --- the spec ----------------------------------------------------------------------------------
SECURITY_SCHEMES = {
    "bearerAuth": {
        "type": "http", "scheme": "bearer",
        "description": "A device token (from POST /api/tables or POST /api/join) or a "
                       "director token (from POST /api/directors). Reads and writes."},
    "joinCode": {
        "type": "apiKey", "in": "header", "name": JOIN_CODE_HEADER,
        "description": "The table's join code: reads the table."},
    "joinCodeQuery": {
        "type": "apiKey", "in": "query", "name": JOIN_CODE_QUERY,
        "description": "The join code in the URL, for links (the header keeps it out of "
                       "server logs)."},
    "spectatorKey": {
        "type": "apiKey", "in": "header", "name": SPECTATOR_KEY_HEADER,
        "description": "The table's spectator key: reads the table, nothing else."},
    "spectatorKeyQuery": {
        "type": "apiKey", "in": "query", "name": SPECTATOR_KEY_QUERY,
        "description": "The spectator key in the URL, e.g. for a spreadsheet that fetches "
                       "the CSV protokoll."},
}

# Any one of these opens a table for reading.
READ_SECURITY = [{"bearerAuth": []}, {"joinCode": []}, {"joinCodeQuery": []},
                 {"spectatorKey": []}, {"spectatorKeyQuery": []}]
WATCH_SECURITY = [{"spectatorKey": []}, {"spectatorKeyQuery": []}]
WRITE_SECURITY = [{"bearerAuth": []}]
QUERY_CREDENTIALS = (JOIN_CODE_QUERY, SPECTATOR_KEY_QUERY)


def register_security_schemes(api) -> None:
    for name, scheme in SECURITY_SCHEMES.items():
        api.spec.components.security_scheme(name, scheme)


# --- links for people ----------------------------------------------------------------------------
def join_link(code: str) -> str:
    """The link (and QR code) a phone at the table opens to join: the app at ``/`` reads
    ``?join=`` and asks for the phone's name."""
    return f"{request.url_root}?join={code}"


def spectator_link(key: str) -> str:
    """The read-only link for the audience: the app at ``/`` reads ``?watch=``."""
    return f"{request.url_root}?watch={key}"
