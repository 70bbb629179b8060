"""The outer wall: every request is checked against ``limits`` before a route sees it.

Python's ``json`` module takes more than JSON and gives back more than the API can hold:
``NaN`` and ``Infinity``; integers of any length (and a ``ValueError`` past 4,300 digits);
``"\\ud800"``, a lone surrogate that no UTF-8 encoder will write (it once made a table row
commit and then the answer fail); duplicate keys, the last silently winning; and a
``RecursionError`` for a body nested a thousand levels deep. So every request body is
parsed here, once, strictly, and refused in the one error shape (400) with a stable code
before any route runs — so before anything is written:

``malformed_json``     not JSON, or not UTF-8
``duplicate_key``      an object names a key twice (which one counts would be a guess)
``invalid_text``       a lone surrogate in a string or key (not a character)
``json_too_deep``      nested deeper than ``MAX_JSON_DEPTH``
``number_too_large``   an integer beyond ±``MAX_JSON_INTEGER``
``number_not_finite``  ``NaN``, ``Infinity``, or a number that overflows to it (``1e999``)
``text_too_long``      a string longer than ``MAX_JSON_STRING`` characters
``too_many_items``     an array or object with more than ``MAX_JSON_ITEMS`` entries

and besides: a body that is not JSON where one is sent (415 ``unsupported_media_type``),
or sent with a ``Content-Encoding`` (415 ``unsupported_content_encoding``), too large (413
``request_too_large``, Flask's ``MAX_CONTENT_LENGTH``, chunked bodies too), one whose
chunked framing is broken (400 ``bad_request``), a URL too long (414 ``uri_too_long``).
``blueprint.Parser`` then reads the parsed body from here instead of parsing it again; the
schemas check each field's type and size after that.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from flask import Flask, g, request
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from . import limits
from .errors import ApiError

_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
_BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class Refused(ValueError):
    """Raised inside the JSON parser's hooks; turned into an ApiError by ``parse``."""

    def __init__(self, error: ApiError):
        super().__init__(error.code)
        self.error = error


def _bad(code: str, sv: str, en: str, **details: Any) -> ApiError:
    return ApiError(400, code, sv, en, None, details)


def _depth(text: str) -> int:
    """How deeply ``text`` nests, counting brackets outside strings (without recursion)."""
    deepest = depth = 0
    for match in _BRACKET.finditer(_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if depth > limits.MAX_JSON_DEPTH:
                return depth
        else:
            depth -= 1
    return deepest


def _integer(literal: str) -> int:
    if len(literal.lstrip("-")) > len(str(limits.MAX_JSON_INTEGER)) or \
            abs(int(literal)) > limits.MAX_JSON_INTEGER:
        raise Refused(_bad(
            "number_too_large", f"Talet är för stort: högst ±{limits.MAX_JSON_INTEGER}.",
            f"A number is too large: at most ±{limits.MAX_JSON_INTEGER}.",
            limit=limits.MAX_JSON_INTEGER, digits=len(literal.lstrip("-"))))
    return int(literal)


def _not_finite(literal: str = "") -> None:
    raise Refused(_bad("number_not_finite",
                       "NaN och oändligheten är inga tal i JSON.",
                       "NaN and infinity are not numbers in JSON.",
                       literal=literal[:20]))


def _float(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        _not_finite(literal)
    return value


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    if len(pairs) > limits.MAX_JSON_ITEMS:
        raise Refused(_too_many(len(pairs)))
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            _check_text(key, "key")
            raise Refused(_bad("duplicate_key",
                               f"Nyckeln {key!r} står två gånger i samma objekt.",
                               f"The key {key!r} appears twice in one object.",
                               key=key[:100]))
        result[key] = value
    return result


def _too_many(count: int) -> ApiError:
    return _bad("too_many_items",
                f"En lista eller ett objekt har {count} delar; högst "
                f"{limits.MAX_JSON_ITEMS} tas emot.",
                f"An array or object has {count} entries; at most "
                f"{limits.MAX_JSON_ITEMS} are accepted.",
                limit=limits.MAX_JSON_ITEMS, count=count)


def _check_text(text: str, where: str) -> None:
    if _SURROGATE.search(text):
        raise Refused(_bad("invalid_text",
                           "Texten innehåller ett ensamt surrogattecken (\\ud800–\\udfff), "
                           "som inte är något tecken.",
                           "A text holds a lone surrogate (\\ud800–\\udfff), which is not "
                           "a character.", at=where))
    if len(text) > limits.MAX_JSON_STRING:
        raise Refused(_bad("text_too_long",
                           f"En text har {len(text)} tecken; högst {limits.MAX_JSON_STRING}.",
                           f"A text has {len(text)} characters; at most "
                           f"{limits.MAX_JSON_STRING}.",
                           at=where, limit=limits.MAX_JSON_STRING, length=len(text)))


def _walk(value: Any, path: str) -> None:
    """Check every string and array (objects were checked as they were built)."""
    if isinstance(value, str):
        _check_text(value, path or "/")
    elif isinstance(value, list):
        if len(value) > limits.MAX_JSON_ITEMS:
            raise Refused(_too_many(len(value)))
        for index, item in enumerate(value):
            _walk(item, f"{path}/{index}")
    elif isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}/{_SURROGATE.sub(chr(0xFFFD), key[:40])}"  # safe to answer
            _check_text(key, where)
            _walk(item, where)


# Bounds read off the text, at C speed, that let ``parse`` skip a check that cannot fail
# (a phone's post is a few hundred characters: the walks were most of its parsing).
def _may_nest_too_deep(text: str) -> bool:
    """False when the text has too few opening brackets to nest past the limit."""
    return text.count("[") + text.count("{") > limits.MAX_JSON_DEPTH


def _may_break_a_limit(text: str) -> bool:
    """False when no string, key or array of the parsed text can break a limit ``_walk``
    checks: no string is longer than the text; an array of n items has n - 1 commas; and a
    lone surrogate can only come from an escape ``\\uD800`` to ``\\uDFFF``, as the text
    was decoded from valid UTF-8 (which holds none)."""
    return (len(text) > limits.MAX_JSON_STRING or text.count(",") + 1 > limits.MAX_JSON_ITEMS
            or _SURROGATE_ESCAPE.search(text) is not None)


def parse(body: bytes) -> Any:
    """``body`` as JSON, or an ApiError (400) saying what is wrong with it."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as error:
        raise _bad("malformed_json", "Inmatningen gick inte att läsa: texten är inte giltig UTF-8.",
                   "The request is not valid UTF-8.", position=error.start) from None
    if _may_nest_too_deep(text) and _depth(text) > limits.MAX_JSON_DEPTH:
        raise _bad("json_too_deep",
                   f"JSON:en är nästlad för djupt: högst {limits.MAX_JSON_DEPTH} nivåer.",
                   f"The JSON nests too deeply: at most {limits.MAX_JSON_DEPTH} levels.",
                   limit=limits.MAX_JSON_DEPTH)
    try:
        value = json.loads(text, parse_int=_integer, parse_float=_float,
                           parse_constant=_not_finite, object_pairs_hook=_object)
        if _may_break_a_limit(text):
            _walk(value, "")
    except Refused as refused:
        raise refused.error from None
    except (ValueError, RecursionError) as error:
        where = {"line": error.lineno, "column": error.colno} \
            if isinstance(error, json.JSONDecodeError) else {}
        raise _bad("malformed_json", "Ogiltig JSON.", "Malformed JSON.", **where) from None
    return value


def _check_url() -> None:
    environ = request.environ
    line = (len(request.method) + len(environ.get("RAW_URI") or environ.get("REQUEST_URI")
            or environ.get("PATH_INFO", "") + "?" + environ.get("QUERY_STRING", ""))
            + len(" HTTP/1.1") + 1)
    if line > limits.MAX_URL_BYTES:
        raise ApiError(414, "uri_too_long",
                       f"Adressen är för lång: högst {limits.MAX_URL_BYTES} byte.",
                       f"The URL is too long: at most {limits.MAX_URL_BYTES} bytes.",
                       None, {"limit": limits.MAX_URL_BYTES})


def _read_body() -> bytes:
    """The request's body; 413 past ``MAX_CONTENT_LENGTH`` however it was sent.

    With a Content-Length, Werkzeug refuses a body past the limit before reading it. A
    body without one (``Transfer-Encoding: chunked``; the server ends the stream) is read
    up to the limit and there Werkzeug stops without a word: the rest would be cut off and
    the first 256 KiB refused as malformed JSON. So such a body that fills the limit is
    asked for one byte more, from the server's own stream. The server may also fail while
    it reads a body that breaks HTTP's framing (gunicorn: a chunk size that is no number,
    a chunk longer than it said): a 400, as gunicorn answers the request line's errors
    (``api/worker.py``), not a 500."""
    try:
        body = request.get_data(cache=True)  # past MAX_CONTENT_LENGTH: 413
        if (request.content_length is None and request.max_content_length is not None
                and len(body) >= request.max_content_length
                and request.environ["wsgi.input"].read(1)):
            raise RequestEntityTooLarge()  # answered as Werkzeug's own 413
    except (ApiError, HTTPException):
        raise
    except Exception:  # noqa: BLE001 - the server's own error while reading the body
        raise ApiError(400, "bad_request", "Inmatningen gick inte att läsa.",
                       "The request could not be read.", None,
                       {"reason": "body_framing"}) from None
    return body


def check_request() -> None:
    """Before every request: the URL's length; a body's size, content coding, media type
    and JSON."""
    _check_url()
    if request.method not in _BODY_METHODS:
        return
    body = _read_body()
    if not body:
        return
    coding = request.headers.get("Content-Encoding", "").strip()
    if coding and coding.lower() != "identity":
        # A compressed body would have to be inflated first (and bounded again after);
        # no client of the API sends one, and reading it as it is would accept a body
        # labelled gzip that is not, or refuse a gzip one as "not UTF-8" (RFC 9110 §8.4).
        raise ApiError(415, "unsupported_content_encoding",
                       "Skicka inmatningen okomprimerad (utan Content-Encoding).",
                       "Send the request body uncompressed (no Content-Encoding).",
                       None, {"content_encoding": coding[:100]})
    if not request.is_json:
        raise ApiError(415, "unsupported_media_type",
                       "Skicka JSON (Content-Type: application/json).",
                       "Send JSON (Content-Type: application/json).",
                       None, {"content_type": (request.mimetype or "")[:100]})
    g.json_body = parse(body)


def parsed_body() -> Any:
    """The body ``check_request`` parsed, or None when there was none."""
    return g.get("json_body")


def install(app: Flask) -> None:
    app.before_request_funcs.setdefault(None, []).insert(0, check_request)
