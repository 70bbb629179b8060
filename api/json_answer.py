"""A JSON answer encoded by ``orjson`` where that gives what Flask's ``jsonify`` gives.

A post's answer (its entry, the table's view, the access: some 2.4 KB) was encoded by the
standard library's encoder at every post, a few percent of the post's CPU; ``orjson`` does
it in a tenth of the time (issue 16). It is used only where it writes the same JSON as
``jsonify``: a value of plain JSON types (dicts with string keys, lists, tuples, strings,
integers within 64 bits, floats, booleans, None) in the compact form Flask uses outside
debug mode (no spaces between tokens, UTF-8 rather than ``\\u`` escapes, keys in their
order, a final newline). Anything else — a dataclass, a date, a subclass of ``str`` or
``int``, a key that is not a string, a larger integer — makes ``orjson`` refuse (the
passthrough options), and ``jsonify`` answers as before, with the provider's conversions.

Three differences remain, in values no answer holds: a float is written in its shortest
form either way but with another exponent notation (``1e16`` for ``1e+16``), the same
number; a NaN or an infinity, which ``jsonify`` writes as ``NaN`` (not JSON), would be
``null``; and an ``enum.Enum`` member, which ``jsonify`` refuses (a 500), would be written
as its value. ``tests/api/test_json_answer.py`` holds the two to the same bytes on the answers
of every game's recorded play and on generated values.
"""

from __future__ import annotations

from typing import Any

import orjson
from flask import Response, current_app, jsonify

_STRICT = (orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
           | orjson.OPT_PASSTHROUGH_SUBCLASS)


def encode(value: Any) -> bytes | None:
    """``value`` as compact JSON, or None when ``orjson`` cannot write it as ``jsonify``
    would (see the module's docstring)."""
    try:
        return orjson.dumps(value, option=_STRICT)
    except TypeError:  # orjson.JSONEncodeError is one
        return None


def json_answer(value: Any, status: int = 200) -> Response:
    """The answer ``jsonify(value), status`` gives, encoded by ``orjson`` when it can."""
    app = current_app
    provider = app.json
    compact = getattr(provider, "compact", None)
    plain = (compact or (compact is None and not app.debug)) and not getattr(
        provider, "sort_keys", True) and not getattr(provider, "ensure_ascii", True)
    data = encode(value) if plain else None
    if data is None:
        response = jsonify(value)
    else:
        response = app.response_class(data + b"\n", mimetype=provider.mimetype)
    response.status_code = status
    return response
