"""The catalog of games.

``GET /api/games`` is what the first screen needs and no more: each game's id, title,
aliases, player counts and options (with the words for the options' choices), so that a
phone can start a table. Everything a table of a game needs besides — the deck, the rule
sections cited by refusals, the events and their fields, the game's words — is
``GET /api/games/{id}``, which the app fetches when a table of that game opens (and keeps
for opening it offline).

Both answers are the same for as long as the server runs, so they carry an ``ETag`` (a
hash of the body) and ``Cache-Control: no-cache``: a phone asks again each time and gets
304 Not Modified with no body when nothing changed. For the same reason each is built once
per process (``_entries``) and compressed once per encoding (``compression.keep_compressed``):
at a tournament's start a thousand phones open the start page and a table within minutes,
and building and serialising the catalog cost 2.4 ms of the 4.4 ms each of those answers
took, compressing most of the rest, a 304 included.
"""

from __future__ import annotations

import functools
from typing import Any

from flask import Response, request
from flask.views import MethodView

from rules_engine.errors import RuleViolation
from rules_engine.registry import GAMES, catalog_entry, get_game

from ... import compression
from ...blueprint import Blueprint
from ...errors import ApiError
from ...json_answer import json_answer
from .schemas import GameSchema, GameSummarySchema

blp = Blueprint("games", __name__, url_prefix="/api/games",
                description="The games Protokoll knows: players, deck, options, rules.")


def summary(game: Any) -> dict[str, Any]:
    """What the first screen needs of a game: enough to start a table of it."""
    entry = catalog_entry(game)
    words = entry["labels"].get("values", {})
    choices = {str(choice) for option in entry["options"] for choice in option["choices"]}
    return {key: entry[key] for key in ("id", "title", "aliases", "players", "options")} | {
        "labels": {"values": {key: words[key] for key in sorted(choices) if key in words}}}


@functools.cache
def _entries(game_id: str | None) -> Any:
    """The catalog (``None``) or one game's entry as its schema dumps it: the same for as
    long as the process runs (the games are modules; nothing of a table is in it)."""
    if game_id is None:
        return GameSummarySchema(many=True).dump([summary(game) for game in GAMES])
    return GameSchema().dump(catalog_entry(get_game(game_id)))


def _answer(game_id: str | None) -> Response:
    """The kept entry as JSON with its ETag; 304 for a matching If-None-Match. Its
    compressed bodies are kept under that ETag (a hash of the body: one key, one body)."""
    response = json_answer(_entries(game_id))
    response.add_etag()
    compression.keep_compressed(f"catalog|{response.get_etag()[0]}")
    response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)


@blp.route("")
class Games(MethodView):
    @blp.response(200, GameSummarySchema(many=True))
    def get(self):
        """The catalog: each game with what it takes to start a table of it"""
        return _answer(None)


@blp.route("/<string:game_id>")
class Game(MethodView):
    @blp.response(200, GameSchema)
    def get(self, game_id: str):
        """One game of the catalog, by id or alias, with its deck, rules, events and words"""
        try:
            module = get_game(game_id)
        except RuleViolation as violation:
            error = ApiError.from_violation(violation)
            error.status = 404
            raise error from violation
        return _answer(module.ID)
