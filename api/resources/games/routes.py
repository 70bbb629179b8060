from __future__ import annotations

from flask.views import MethodView
from ...blueprint import Blueprint

from rules_engine.registry import catalog, catalog_entry, get_game
from rules_engine.errors import RuleViolation

from ...errors import ApiError
from .schemas import GameSchema

blp = Blueprint("games", __name__, url_prefix="/api/games",
                description="The games Protokoll knows: players, deck, options, rules.")


@blp.route("")
class Games(MethodView):
    @blp.response(200, GameSchema(many=True))
    def get(self):
        """The catalog of games"""
        return catalog()


@blp.route("/<string:game_id>")
class Game(MethodView):
    @blp.response(200, GameSchema)
    def get(self, game_id: str):
        """One game of the catalog, by id or alias"""
        try:
            return catalog_entry(get_game(game_id))
        except RuleViolation as violation:
            error = ApiError.from_violation(violation)
            error.status = 404
            raise error from violation
