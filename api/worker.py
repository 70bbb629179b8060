"""gunicorn's worker with one change: its own error answers come in the API's error shape.

Some requests never reach Flask: a request line longer than ``limits.MAX_URL_BYTES`` (414),
too many or too large header fields (431), a request line or header gunicorn cannot parse
(400), a transfer coding it does not know. gunicorn answers those itself, from
``Worker.handle_error``, with a small HTML page. A phone that asked for JSON would then
get HTML; so this worker lets gunicorn decide the status and log the request as always,
catches the page it writes, and sends the one JSON error shape instead
(``code, message, messages, rule, details``).

One status is changed on the way: gunicorn answers an unknown transfer coding with 501,
which RFC 9112 suggests (a SHOULD); the request is the client's mistake and the API's rule
is that no input gets a 5xx, so it is a 400 ``unsupported_transfer_coding`` here.
``protokoll serve`` runs these workers (``worker_class`` in ``cli.gunicorn_options``): the gevent
one by default, the gthread one with ``--worker-class gthread``.
"""

from __future__ import annotations

import json

from gunicorn import util
from gunicorn.workers.gthread import ThreadWorker

# status gunicorn chose -> (status we send, code, Swedish, English)
ANSWERS = {
    400: (400, "bad_request", "Inmatningen gick inte att läsa.",
          "The request could not be read."),
    403: (403, "forbidden", "Inte tillåtet.", "Not allowed."),
    414: (414, "uri_too_long", "Adressen är för lång.", "The URL is too long."),
    417: (417, "expectation_failed", "Expect-huvudet stöds inte.",
          "The Expect header is not supported."),
    431: (431, "headers_too_large", "Huvudena är för många eller för stora.",
          "The request's header fields are too many or too large."),
    501: (400, "unsupported_transfer_coding", "Överföringskodningen stöds inte.",
          "The transfer coding is not supported."),
}
INTERNAL = (500, "internal_error", "Internt fel.", "Internal error.")
REASONS = {400: "Bad Request", 403: "Forbidden", 414: "URI Too Long",
           417: "Expectation Failed", 431: "Request Header Fields Too Large",
           500: "Internal Server Error"}


def error_response(gunicorn_status: int) -> bytes:
    """The whole HTTP answer (status line, headers, JSON body) for a status gunicorn chose."""
    status, code, sv, en = ANSWERS.get(gunicorn_status, INTERNAL)
    body = json.dumps({"code": code, "message": en, "messages": {"sv": sv, "en": en},
                       "rule": None, "details": {}}, ensure_ascii=False).encode("utf-8")
    head = (f"HTTP/1.1 {status} {REASONS.get(status, 'Error')}\r\n"
            "Connection: close\r\n"
            "Content-Type: application/json\r\n"
            "X-Content-Type-Options: nosniff\r\n"
            f"Content-Length: {len(body)}\r\n\r\n")
    return head.encode("latin-1") + body


class _Page:
    """Stands in for the client's socket while gunicorn writes its HTML page."""

    def __init__(self) -> None:
        self.data = b""

    def gettimeout(self) -> float:
        return 0.0

    def sendall(self, data: bytes) -> None:
        self.data += data


def _status_of(page: bytes) -> int:
    try:
        return int(page.split(b" ", 2)[1])
    except (IndexError, ValueError):
        return 500


class JsonErrors:
    """The one change, for any gunicorn worker class: its own error pages become the API's
    JSON error shape."""

    def handle_error(self, req, client, addr, exc):
        page = _Page()
        super().handle_error(req, page, addr, exc)
        try:
            util.write_nonblock(client, error_response(_status_of(page.data)))
        except Exception:  # the client is gone: nothing to answer
            self.log.debug("Failed to send error message.")


class JsonErrorWorker(JsonErrors, ThreadWorker):
    """gthread, answering gunicorn's own errors in the one JSON error shape."""


def _gevent_worker() -> type:
    from gunicorn.workers.ggevent import GeventWorker  # imports gevent: only when asked

    class JsonErrorGeventWorker(JsonErrors, GeventWorker):
        """gevent (the default of ``protokoll serve``: an open live view costs a greenlet),
        answering gunicorn's own errors in the one JSON error shape."""

    return JsonErrorGeventWorker


def __getattr__(name: str) -> type:
    # gunicorn loads the worker class by its dotted path; gevent is imported only then, so
    # that a gthread server (and the tests) never import it.
    if name == "JsonErrorGeventWorker":
        return _gevent_worker()
    raise AttributeError(name)
