"""Every size limit of a request, in one place (the README's "Limits" lists them).

A request past one of these is refused in the one error shape with a 4xx before any route
runs and before anything is written: the body and the URL by their size, a JSON body by its
shape (``input_guard``). The fields' own limits (a player name's length, the number of
players) are stricter and live in the resources' schemas; these are the outer walls that
hold for every endpoint, including ones added later.

Why these numbers:

- ``MAX_BODY_BYTES``: the largest body a phone or a director's page sends is a tournament
  import, a few tens of KiB for a club event; 256 KiB leaves room and keeps a request cheap.
- ``MAX_URL_BYTES``, ``MAX_HEADER_*``: gunicorn's own defaults (request line 4094 bytes, 100
  header fields of at most 8190 bytes), named here so that the Flask side (tests, waitress)
  enforces the same URL limit and ``protokoll serve`` hands the same numbers to gunicorn.
- ``MAX_JSON_DEPTH``: the deepest real body — a tournament export with a table's log of
  corrections — nests about ten levels; Python's parser overflows its stack near a thousand.
- ``MAX_JSON_INTEGER``: 2**53 - 1, the largest integer JavaScript (the app) holds exactly;
  larger ones would not even fit SQLite's 64-bit integers, and Python refuses to convert
  integer literals of more than 4,300 digits at all.
- ``MAX_JSON_STRING``: longer than any text field (the longest, a review's reason, is a few
  hundred characters) and far below what would make a log entry heavy.
- ``MAX_JSON_ITEMS``: the elements of one array or the members of one object; a tournament
  import's list of players, tables or standings, a round of 250 tables is far below.
"""

from __future__ import annotations

MAX_BODY_BYTES = 256 * 1024
MAX_URL_BYTES = 4094
MAX_HEADER_FIELDS = 100
MAX_HEADER_FIELD_BYTES = 8190

MAX_JSON_DEPTH = 32
MAX_JSON_INTEGER = 2**53 - 1
MAX_JSON_STRING = 10_000
MAX_JSON_ITEMS = 5_000

ALL = {
    "body_bytes": MAX_BODY_BYTES,
    "url_bytes": MAX_URL_BYTES,
    "header_fields": MAX_HEADER_FIELDS,
    "header_field_bytes": MAX_HEADER_FIELD_BYTES,
    "json_depth": MAX_JSON_DEPTH,
    "json_integer": MAX_JSON_INTEGER,
    "json_string": MAX_JSON_STRING,
    "json_items": MAX_JSON_ITEMS,
}
