"""What the tournament needs to know of a game, read from its module: how many players a
table takes, and whether partners are fixed (a pair game, whose partnerships the seating
chooses and whose partners share a result).

The engine's modules say it in two ways: ``SIDES`` (Bräus, Fyrtioett) or ``VARIANT.sides``
(the 62-card family: 800 pairs, 1000/150/Fjabbe one player a side). A side of more than one
seat makes a pair game. Schnapsen for four has no fixed sides (the partner is called anew
each hand), so there every player stands alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_engine.registry import get_game


@dataclass(frozen=True)
class GameShape:
    id: str
    title: str
    min_players: int
    max_players: int
    table_size: int  # the size most tables get
    sides: tuple[tuple[int, ...], ...] | None  # fixed partnerships by seat, pair games only

    @property
    def pairs(self) -> bool:
        return self.sides is not None

    def team_of(self, seat: int) -> tuple[int, ...]:
        """The seats that share this seat's result (itself alone outside pair games)."""
        for side in self.sides or ():
            if seat in side:
                return side
        return (seat,)


def default_table_size(min_players: int, max_players: int) -> int:
    """Four at a table where the game allows it (the usual card table), else the nearest."""
    return min(max(4, min_players), max_players)


def shape_of(game: str, table_size: int | None = None) -> GameShape:
    module: Any = get_game(game)
    sides = getattr(module, "SIDES", None)
    if sides is None:
        sides = getattr(getattr(module, "VARIANT", None), "sides", None)
    if sides is not None and not any(len(side) > 1 for side in sides):
        sides = None
    size = table_size or default_table_size(module.MIN_PLAYERS, module.MAX_PLAYERS)
    return GameShape(module.ID, module.TITLE, module.MIN_PLAYERS, module.MAX_PLAYERS, size,
                     None if sides is None else tuple(tuple(s) for s in sides))
