"""The games Protokoll knows, in one explicit tuple; lookup by id or alias."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from .errors import RuleViolation
from .games import braus, fjabbe, fyrtioett, game150, game800, game1000, norrandsknack, rodskagg
from .games import schnapsen, schnapsen4, sixtysix
from .games import priffe, whist_a_la_guerre, whist_american, whist_long, whist_sattrumf
from .games import whist_short
from .games import kom_ihag, skitgubbe
from .games import fan_tan, gris, muggins
from .protocol import GameModule, options_catalog

GAMES: tuple[ModuleType, ...] = (rodskagg, game800, game1000, game150, fjabbe, fyrtioett,
                                 norrandsknack, braus, schnapsen, schnapsen4, sixtysix,
                                 whist_short, whist_long, whist_sattrumf, whist_american,
                                 whist_a_la_guerre, priffe,
                                 skitgubbe, kom_ihag, fan_tan, muggins, gris)


def _by_name() -> dict[str, ModuleType]:
    """Each game's id and aliases, the first game in ``GAMES`` order for a name two of
    them would claim: what a walk over ``GAMES`` finds first. Only names a looked-up name
    can become (stripped, lower case): the walk compared those only."""
    names: dict[str, ModuleType] = {}
    for game in GAMES:
        for name in (game.ID, *game.ALIASES):
            if name == name.strip().lower():
                names.setdefault(name, game)
    return names


_BY_NAME = _by_name()


def get_game(name: str) -> GameModule:
    """The game module named ``name`` (its id or an alias; any case, spaces around): one
    dict lookup, since every post and every read asks (issue 16)."""
    game = _BY_NAME.get(name) if isinstance(name, str) else None
    if game is None:
        game = _BY_NAME.get(name.strip().lower())
    if game is not None:
        return game  # type: ignore[return-value]
    raise RuleViolation("unknown_game", rule="Spelkatalogen", params={"game": name,
                        "known": [g.ID for g in GAMES]},
                        sv=f"Okänt spel: {name}.", en=f"Unknown game: {name}.")


def catalog_entry(game: Any) -> dict[str, Any]:
    """What the catalog (``GET /api/games``) says about one game."""
    return {
        "id": game.ID,
        "title": game.TITLE,
        "aliases": list(game.ALIASES),
        "players": {"min": game.MIN_PLAYERS, "max": game.MAX_PLAYERS},
        "deck": {"name": game.DECK.name, "cards": [str(c) for c in game.DECK.cards]},
        "options": options_catalog(game.Options),
        "rules": [section.as_dict() for section in game.RULES],
        "events": {name: spec.as_dict() for name, spec in game.EVENTS.items()},
        # the events whose cards are private to their seat (rules_engine.secrets)
        "private": sorted(getattr(game, "PRIVATE", None) or {}),
        "labels": {kind: {key: {"sv": sv, "en": en} for key, (sv, en) in words.items()}
                   for kind, words in getattr(game, "LABELS", {}).items()},
        **_decks_by_players(game),
    }


def _decks_by_players(game: Any) -> dict[str, Any]:
    """For a game whose deck depends on the player count (a module with ``deck_for``), the
    deck of each count, as ``decks``; other games play ``deck`` whatever the count."""
    deck_for = getattr(game, "deck_for", None)
    if deck_for is None:
        return {}
    return {"decks": [{"players": n, "name": deck_for(n).name,
                       "cards": [str(c) for c in deck_for(n).cards]}
                      for n in range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1)]}


def catalog() -> list[dict[str, Any]]:
    return [catalog_entry(game) for game in GAMES]
