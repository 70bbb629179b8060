"""Ratings across events, per game: public and read-only, like the standings.

``GET /api/ratings`` lists the games that have tournaments; ``GET /api/ratings/{game}`` ranks
every player who finished a tournament table of that game; ``…/history?player=KEY`` shows
one player's rating after each table.
"""

from __future__ import annotations

from flask import g
from flask.views import MethodView

from ...blueprint import Blueprint
from ...errors import ApiError
from ...tournament_logic import ratings as logic
from ..tournaments import service, storage
from rules_engine.errors import RuleViolation
from rules_engine.registry import get_game
from .schemas import HistoryQuerySchema, PlayerHistorySchema, RatedGameSchema, RatingsSchema

blp = Blueprint("ratings", __name__, url_prefix="/api/ratings",
                description="Ratings across tournaments, per game (openskill).")

PUBLIC: list[dict[str, list[str]]] = [{}]


def _game(game: str):
    try:
        return get_game(game)
    except RuleViolation as violation:
        raise ApiError(404, "unknown_game", violation.messages["sv"], violation.messages["en"],
                       details=violation.params) from violation


@blp.route("")
class RatedGames(MethodView):
    @blp.response(200, RatedGameSchema(many=True))
    @blp.doc(security=PUBLIC)
    def get(self):
        """The games that have tournaments here"""
        return [{"game": game, "title": _game(game).TITLE, "tournaments": count}
                for game, count in storage.rated_games(g.db)]


@blp.route("/<string:game>")
class Ratings(MethodView):
    @blp.response(200, RatingsSchema)
    @blp.doc(security=PUBLIC)
    @blp.errors(404)
    def get(self, game: str):
        """Every rated player of the game, best first: from the tournaments played here
        and the imports the server's operator has accepted. A stored row that cannot be read
        is left out and listed in ``skipped``."""
        module = _game(game)
        players = service.ratings(g.db, module.ID)
        return {"game": module.ID, "title": module.TITLE, "model": logic.MODEL_NAME,
                "players": logic.ranked(players),
                "skipped": service.ratings_skipped(g.db, module.ID)}


@blp.route("/<string:game>/history")
class History(MethodView):
    @blp.arguments(HistoryQuerySchema, location="query")
    @blp.response(200, PlayerHistorySchema)
    @blp.doc(security=PUBLIC)
    @blp.errors(400, 404)
    def get(self, query, game: str):
        """One player's rating after each table, oldest first"""
        module = _game(game)
        players = service.ratings(g.db, module.ID)
        entry = players.get(query["player"])
        if entry is None:
            raise ApiError(404, "player_not_rated",
                           "Spelaren har inget betyg i det här spelet.",
                           "The player has no rating in this game.",
                           details={"player": query["player"], "game": module.ID})
        ranked = {row["key"]: row for row in logic.ranked(players)}
        return {"game": module.ID, "title": module.TITLE, "model": logic.MODEL_NAME,
                "player": ranked[entry["key"]], "history": entry["history"]}
