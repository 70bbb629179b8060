from __future__ import annotations

from types import ModuleType
from typing import Any

from flask.views import MethodView

from rules_engine.errors import RuleViolation
from rules_engine.registry import get_game

from ...blueprint import Blueprint
from ...errors import ApiError
from .schemas import BestRequestSchema, DeclarationSchema, ValidateRequestSchema

blp = Blueprint("declarations", __name__, url_prefix="/api/games",
                description="Declarations (800 and its variants): validate one, or find "
                            "the best from the cards laid down.")



def _declarations_of(game_id: str) -> tuple[Any, ModuleType]:
    """The game and its declarations module, or 404 for a game without declarations."""
    try:
        game = get_game(game_id)
    except RuleViolation as violation:
        error = ApiError.from_violation(violation)
        error.status = 404
        raise error from violation
    declarations = getattr(game, "DECLARATIONS", None)
    if declarations is None:
        raise ApiError(404, "no_declarations", f"{game.TITLE} har inga deklarationer.",
                       f"{game.TITLE} has no declarations.", details={"game": game.ID})
    return game, declarations


def _cards(game: Any, texts: list[str]) -> list:
    return [card for text in texts for card in game.DECK.parse_many(text)]


@blp.route("/<string:game_id>/declarations/validate")
class ValidateDeclaration(MethodView):
    @blp.arguments(ValidateRequestSchema)
    @blp.response(200, DeclarationSchema)
    @blp.errors(400, 404, 422)
    def post(self, data, game_id: str):
        """Check declared combinations against the cards laid down: the exact points, or
        the condition that is broken"""
        game, declarations = _declarations_of(game_id)
        try:
            laid_down = _cards(game, data["cards"])
            combinations = [
                {"kind": c["kind"], "cards": _cards(game, c["cards"])} if "kind" in c
                else _cards(game, c["cards"]) for c in data["combinations"]]
            options = declarations.DeclarationOptions(**data["options"])
            return declarations.validate(laid_down, combinations, options).as_dict()
        except RuleViolation as violation:
            raise ApiError.from_violation(violation) from violation


@blp.route("/<string:game_id>/declarations/best")
class BestDeclaration(MethodView):
    @blp.arguments(BestRequestSchema)
    @blp.response(200, DeclarationSchema)
    @blp.errors(400, 404, 422)
    def post(self, data, game_id: str):
        """The highest-scoring declaration the cards laid down allow, with its breakdown"""
        game, declarations = _declarations_of(game_id)
        try:
            laid_down = _cards(game, data["cards"])
            options = declarations.DeclarationOptions(**data["options"])
            return declarations.best(laid_down, options).as_dict()
        except RuleViolation as violation:
            raise ApiError.from_violation(violation) from violation
