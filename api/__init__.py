"""The Protokoll HTTP API: routes translate HTTP to the rules engine and back, nothing more.

``create_app(config)`` is the factory; ``config["DATABASE"]`` is the SQLite file (default
``protokoll.sqlite`` in the working directory).
"""

from __future__ import annotations

from inspect import CO_COROUTINE
from types import FunctionType
from typing import Any, Callable

from flask import Flask, g, request
from flask_smorest import Api as SmorestApi
from werkzeug.exceptions import HTTPException
from werkzeug.routing import IntegerConverter

from . import db as database
from . import compression, input_guard, limits, security
from .errors import ApiError
from .schemas import ErrorSchema

API_TITLE = "Protokoll"
API_VERSION = "0.1.0"

_HTTP_CODES = {
    400: ("bad_request", "Felaktig begäran.", "Bad request."),
    401: ("unauthorized", "Nyckel krävs.", "A token is required."),
    403: ("forbidden", "Inte tillåtet.", "Not allowed."),
    404: ("not_found", "Finns inte.", "Not found."),
    405: ("method_not_allowed", "Metoden stöds inte här.", "Method not allowed here."),
    413: ("request_too_large", "Inmatningen är för stor.", "The request is too large."),
    414: ("uri_too_long", "Adressen är för lång.", "The URL is too long."),
    415: ("unsupported_media_type", "Skicka JSON.", "Send JSON."),
    412: ("precondition_failed",
          "Villkoret i If-Match eller If-Unmodified-Since stämmer inte: resursen är en annan "
          "version.",
          "The If-Match or If-Unmodified-Since condition does not hold: the resource is "
          "another version."),
    416: ("range_not_satisfiable", "Det begärda intervallet (Range) går inte att leverera.",
          "The requested range (Range) cannot be served."),
    500: ("internal_error", "Internt fel.", "Internal error."),
}


def _http_words(status: int, name: str) -> tuple[str, str, str]:
    """Code and words for an HTTP error werkzeug raised; a status without words of its own
    is named by its number in Swedish, not by werkzeug's English name in both languages."""
    return _HTTP_CODES.get(status) or (
        "http_error", f"Begäran kunde inte utföras (HTTP {status}).",
        f"The request could not be carried out (HTTP {status}: {name}).")


class BoundedInt(IntegerConverter):
    """``<int:…>`` in a route: a whole number no larger than the API's integer limit
    (``limits.MAX_JSON_INTEGER``). A path number past it names no round and no player, and
    past 2**63 - 1 SQLite cannot even take it as a parameter (an OverflowError, once a 500
    at ``…/rounds/{n}/close``): the route does not match, 404."""

    def __init__(self, map, fixed_digits=0, min=None, max=None, signed=False):  # noqa: A002
        super().__init__(map, fixed_digits, min,
                         limits.MAX_JSON_INTEGER if max is None else max, signed)


# The request fields a person may meet in a refusal, in words (others are named as fields).
_FIELD_WORDS = {
    "game": ("spelet", "the game"), "players": ("spelarna", "the players"),
    "device_name": ("telefonens namn", "the phone's name"), "event": ("händelsen", "the event"),
    "based_on": ("senaste händelsens nummer", "the latest event's number"),
    "first_dealer": ("första given", "the first dealer"),
    "options": ("alternativen", "the options"),
    "name": ("namnet", "the name"), "target": ("händelsens nummer", "the event's number"),
    "seat": ("platsen", "the seat"), "lang": ("språket", "the language"),
}


def unreadable_entry(messages: Any) -> tuple[str, str]:
    """A request that did not fit its schema, in words a player understands: what could
    not be read, not how the schema is built (the field details stay in ``details``)."""
    names: list[str] = []
    for location in (messages.values() if isinstance(messages, dict) else ()):
        if isinstance(location, dict):
            names += [str(n) for n in location if str(n) not in names]
    sv_names = [_FIELD_WORDS.get(n, (f"fältet ”{n}”", ""))[0] for n in names]
    en_names = [_FIELD_WORDS.get(n, ("", f"the field “{n}”"))[1] for n in names]
    if not names:
        return ("Inmatningen gick inte att läsa: något saknas eller har fel form.",
                "The entry could not be read: something is missing or has the wrong form.")
    return (f"Inmatningen gick inte att läsa: {', '.join(sv_names)} saknas eller har fel form.",
            f"The entry could not be read; check {', '.join(en_names)}.")


def request_lang() -> str:
    return request.accept_languages.best_match(["en", "sv"], default="en") or "en"


class Api(SmorestApi):
    ERROR_SCHEMA = ErrorSchema

    def handle_http_exception(self, error: HTTPException):
        code, sv, en = _http_words(error.code or 500, error.name)
        details: dict[str, Any] = {}
        data = getattr(error, "data", None) or {}
        if "messages" in data:  # webargs: the request did not fit the schema
            code = "invalid_request"
            sv, en = unreadable_entry(data["messages"])
            details = {"fields": data["messages"]}
        if error.code == 400 and isinstance(details.get("fields"), dict) and any(
                "Invalid JSON body." in str(v) for v in details["fields"].values()):
            code, sv, en = "malformed_json", "Ogiltig JSON.", "Malformed JSON."
        body = ApiError(error.code or 500, code, sv, en, None, details).body(request_lang())
        headers = dict(data.get("headers") or {})
        # The headers the error brings with it: a 405's Allow, a 416's ``Content-Range:
        # bytes */LENGTH`` (RFC 9110 §15.5.17: the client learns what it may ask for).
        for name, value in error.get_headers():
            if name.lower() != "content-type":
                headers.setdefault(name, value)
        if getattr(error, "valid_methods", None):  # 405 must say what is allowed (RFC 9110)
            headers["Allow"] = ", ".join(error.valid_methods)
        return body, error.code or 500, headers


class App(Flask):
    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        """A plain ``def`` function as it is, told by its code's flags without
        ``inspect.iscoroutinefunction``'s unwrapping; anything else as Flask tells it.
        Flask asks for every hook and view layer of every request (a dozen in a post:
        about 2% of its CPU, issue 16)."""
        if type(func) is FunctionType and not func.__code__.co_flags & CO_COROUTINE:
            return func
        return super().ensure_sync(func)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = App(__name__, static_folder=None)
    app.config.update(
        DATABASE="protokoll.sqlite",
        API_TITLE=API_TITLE,
        API_VERSION=API_VERSION,
        OPENAPI_VERSION="3.0.3",
        OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_URL_PREFIX="/api",
        MAX_CONTENT_LENGTH=limits.MAX_BODY_BYTES,
        JSON_SORT_KEYS=False,
    )
    app.config.update(config or {})
    app.json.ensure_ascii = False
    app.json.sort_keys = False

    path = app.config["DATABASE"]
    shared = database.connect(path) if path == ":memory:" else None
    if shared is None:
        database.connect(path).close()  # migrate once, at start

    @app.before_request
    def open_db() -> None:
        if shared is not None:
            g.db = shared
            return
        # The request gives its connection back to the pool it came from: by the time it
        # ends, that pool may have been closed (``pool_for`` keeps a few files only), and
        # asking ``pool_for`` again would make a new pool for the old file (``Pool``).
        g.db_pool = database.pool_for(path)
        g.db = g.db_pool.take()

    @app.teardown_request
    def close_db(_exc: BaseException | None) -> None:
        db, pool = g.pop("db", None), g.pop("db_pool", None)
        if db is not None and pool is not None:
            pool.give(db)

    security.install(app)
    input_guard.install(app)
    compression.install(app)

    @app.errorhandler(ApiError)
    def api_error(error: ApiError):
        return error.body(request_lang()), error.status

    app.url_map.converters["int"] = BoundedInt  # before any route is added
    api = Api(app)
    from .resources.access.credentials import register_security_schemes
    register_security_schemes(api)
    from .resources.declarations.routes import blp as declarations_blp
    from .resources.games.routes import blp as games_blp
    from .resources.tables.routes import blp as tables_blp
    from .resources.access.routes import blp as access_blp
    from .resources.directors.routes import blp as directors_blp
    from .resources.tournaments.routes import blp as tournaments_blp
    from .resources.tournaments.routes import imports as tournament_imports_blp
    from .resources.ratings.routes import blp as ratings_blp
    from .resources.seats.routes import blp as seats_blp
    from .resources.replay.routes import blp as replay_blp
    api.register_blueprint(games_blp)
    api.register_blueprint(declarations_blp)
    api.register_blueprint(tables_blp)
    api.register_blueprint(access_blp)
    api.register_blueprint(directors_blp)
    api.register_blueprint(tournaments_blp)
    api.register_blueprint(tournament_imports_blp)
    api.register_blueprint(ratings_blp)
    api.register_blueprint(seats_blp)
    api.register_blueprint(replay_blp)

    from . import pages
    pages.register(app)
    from .resources.stream import routes as stream
    stream.register(app)
    app.extensions["protokoll_api"] = api
    hops = int(app.config.get("BEHIND_PROXY") or 0)
    if hops > 0:  # `protokoll serve --behind-proxy N`: README, "Who may do what"
        from werkzeug.middleware.proxy_fix import ProxyFix
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops,  # type: ignore
                                x_host=hops)
    return app
