"""Compressed answers to GET requests, with flask-compress.

A first visit fetches the app's files and the catalog: some 200 KB of JavaScript, CSS and
JSON that compress to a fraction (``bench/first_visit.py`` prints the bytes). flask-compress
picks the best encoding the browser accepts (zstd, brotli, gzip), keeps a strong ``ETag``
distinct per encoding and answers a matching ``If-None-Match`` with 304.

Only GET and HEAD answers are compressed: a post's answer is small and goes to one phone on
a fast path (compressing it would add CPU to every post under load), and a stream
(``text/event-stream``) is not in the compressed media types, so each event leaves at once.
"""

from __future__ import annotations

from flask import Flask, Response, request
from flask_compress import Compress

_compress = Compress()


def install(app: Flask) -> None:
    app.config.setdefault("COMPRESS_REGISTER", False)  # our after_request decides below
    app.config.setdefault("COMPRESS_STREAMS", False)
    app.config.setdefault("COMPRESS_MIN_SIZE", 512)
    _compress.init_app(app)

    @app.after_request
    def compress(response: Response) -> Response:
        if request.method not in ("GET", "HEAD"):
            return response
        if (response.direct_passthrough and response.status_code == 200
                and response.mimetype in _compress.compress_mimetypes_set):
            # An app file (send_file): read it into the answer, so it is compressed whole,
            # with a Content-Length and a 304 for a matching ETag.
            response.direct_passthrough = False
            response.get_data()
        response = _compress.after_request(response)
        if response.get_etag()[0]:  # not compressed (too small, not accepted): still 304
            response.make_conditional(request)
        return response
