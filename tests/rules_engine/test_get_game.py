"""``get_game`` by one dict lookup (issue 16) finds what the walk over ``GAMES`` found: for
every game's id and alias, in other cases and with spaces around, and for names that are
no game's."""

from __future__ import annotations

import pytest

from rules_engine.errors import RuleViolation
from rules_engine.registry import GAMES, get_game


def walked(name):
    key = name.strip().lower()
    for game in GAMES:
        if key == game.ID or key in game.ALIASES:
            return game
    return None


NAMES = sorted({n for g in GAMES for n in (g.ID, *g.ALIASES)})
VARIANTS = sorted({v for n in NAMES for v in (n, n.upper(), n.title(), f"  {n} ", f"{n}\n")}
                  | {"", " ", "nope", "whist ", "RÖDSKÄGG", "rodskagg2", "800 "})


@pytest.mark.parametrize("name", VARIANTS)
def test_the_lookup_finds_what_the_walk_found(name):
    expected = walked(name)
    if expected is None:
        with pytest.raises(RuleViolation) as refused:
            get_game(name)
        assert refused.value.code == "unknown_game"
        assert refused.value.params["game"] == name
    else:
        assert get_game(name) is expected


def test_every_game_by_its_id():
    assert [get_game(g.ID) for g in GAMES] == list(GAMES)
    assert len(NAMES) > len(GAMES)  # aliases too
