"""Compressed answers to GET requests, with flask-compress.

A first visit fetches the app's files and the catalog: some 200 KB of JavaScript, CSS and
JSON that compress to a fraction (``bench/first_visit.py`` prints the bytes). flask-compress
picks the best encoding the browser accepts (zstd, brotli, gzip), keeps a strong ``ETag``
distinct per encoding and answers a matching ``If-None-Match`` with 304.

Only GET and HEAD answers are compressed: a post's answer is small and goes to one phone on
a fast path (compressing it would add CPU to every post under load), and a stream
(``text/event-stream``) is not in the compressed media types, so each event leaves at once.

**Kept bodies.** A route whose body is the same for the same version (the public
standings: some 700 KB for a championship, polled by every phone in the hall) names that
version with ``keep_compressed(key)``; its compressed body is then kept per encoding and
key (flask-compress's cache, ``COMPRESS_CACHE_BACKEND``/``COMPRESS_CACHE_KEY``), so it is
compressed once per version and encoding in a process, not at every fetch — and a poll
whose ``If-None-Match`` names the compressed ETag (``"…:zstd"``, which the route's own
check cannot match) gets its 304 without compressing anything. The app's files (keyed by
path and their ETag, which changes with the file) and the catalog (by the ETag, a hash of
its body) are kept the same way: every phone of a tournament fetches them. Other answers
(a table, its log: different at every post) are compressed each time.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from flask import Flask, Response, current_app, g, request
from flask_compress import Compress

_compress = Compress()
KEPT_BYTES = 16 * 1024 * 1024  # compressed bodies kept per process, the latest used first


def keep_compressed(key: str) -> None:
    """Keep this request's compressed answer under ``key``: a key names one body (the
    route's version of it, e.g. its ETag with the database and the path), never two."""
    g.compressed_key = key


def forget_kept() -> None:
    """Drop the kept compressed bodies (``service.forget_kept``: as a server started
    afresh)."""
    if isinstance(_compress.cache, _KeptBodies):
        _compress.cache.clear()


def _cache_key(_request) -> str:
    return g.get("compressed_key", "")


class _KeptBodies:
    """flask-compress's cache backend: the compressed bodies of answers marked with
    ``keep_compressed``, by encoding and key (``"zstd;<key>"``), at most ``KEPT_BYTES``
    of them; an answer not marked (``"zstd;"``) is neither looked up nor kept."""

    def __init__(self) -> None:
        self._bodies: "OrderedDict[str, bytes]" = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()  # server threads share it

    def get(self, key: str) -> bytes | None:
        if key.endswith(";"):
            return None
        with self._lock:
            body = self._bodies.get(key)
            if body is not None:
                self._bodies.move_to_end(key)
            return body

    def set(self, key: str, body: bytes) -> None:
        if key.endswith(";") or len(body) > KEPT_BYTES:
            return
        with self._lock:
            old = self._bodies.pop(key, None)
            self._bytes += len(body) - (len(old) if old is not None else 0)
            self._bodies[key] = body
            while self._bytes > KEPT_BYTES:
                _, dropped = self._bodies.popitem(last=False)
                self._bytes -= len(dropped)

    def clear(self) -> None:
        with self._lock:
            self._bodies.clear()
            self._bytes = 0


def install(app: Flask) -> None:
    app.config.setdefault("COMPRESS_REGISTER", False)  # our after_request decides below
    app.config.setdefault("COMPRESS_STREAMS", False)
    app.config.setdefault("COMPRESS_MIN_SIZE", 512)
    app.config.setdefault("COMPRESS_CACHE_BACKEND", _KeptBodies)
    app.config.setdefault("COMPRESS_CACHE_KEY", _cache_key)
    _compress.init_app(app)

    @app.before_request
    def any_version_matches() -> None:
        """``If-Match: *`` holds for any resource that exists (RFC 9110 §13.1.1), and the
        answer then is the resource as usual. werkzeug's ``make_conditional`` (ours below,
        and flask-compress's) compares ``*`` as if it were an entity tag, which none is, and
        answered 412. So the header is dropped before either reads it: the route answers
        as it would without it (a missing resource is still a 404). Nothing here writes
        conditionally, so no other method is affected by the drop."""
        if request.environ.get("HTTP_IF_MATCH", "").strip() == "*":
            del request.environ["HTTP_IF_MATCH"]

    @app.after_request
    def compress(response: Response) -> Response:
        if request.method not in ("GET", "HEAD"):
            return response
        if (response.direct_passthrough and response.status_code == 200
                and response.mimetype in _compress.compress_mimetypes_set):
            # An app file (send_file): read it into the answer, so it is compressed whole,
            # with a Content-Length and a 304 for a matching ETag. Its ETag names the
            # file's version (modification time and size): compressed once per version.
            response.direct_passthrough = False
            response.get_data()
            etag = response.get_etag()[0]
            if etag:
                keep_compressed(f"file|{request.path}|{etag}")
        response = _compress.after_request(response)
        if response.get_etag()[0]:  # not compressed (too small, not accepted): still 304
            response.make_conditional(request)
        if response.status_code == 412:
            return _precondition_failed(response)
        return response


def _precondition_failed(response: Response) -> Response:
    """A failed ``If-Match`` (or ``If-Unmodified-Since``): werkzeug's ``make_conditional``
    sets 412 and leaves the whole body in (the catalog, an app file). A refusal is the one
    error shape; the resource's ETag stays, so the client learns the version there is."""
    from . import _HTTP_CODES, request_lang
    from .errors import ApiError

    code, sv, en = _HTTP_CODES[412]
    answer = current_app.json.response(ApiError(412, code, sv, en).body(request_lang()))
    answer.status_code = 412
    for name in ("ETag", "Last-Modified", "Cache-Control", "Vary"):
        if name in response.headers:
            answer.headers[name] = response.headers[name]
    response.close()
    return answer
