"""Whist à la guerre — four players, each for themselves, first to 9 points.

Source: rule file 002, section "Whist regler", the variant *Whist á la guerre*; cited as
"Whist — À la guerre" for its scoring and as short whist's "Given" and "Spelet" for the deal
and the play (the last card turned up for trump, "som ovan"). Each trick over four scores 1;
of the five highest trumps A K Q J 10, three score 2, four 4, all five 5; 9 points or more
win (one game is the whole match); honours alone never do it: a player without a trick over
four in the deal stops at 8. The machinery and every interpretation are in the family module
``whist``.

Options: ``tie_at_target`` (several at 9 or more after the same deal with equal points:
``play_on``, deal again, by default; or ``shared``). There is no draw for partners.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import variants
from . import whist as family

ID = "whist_a_la_guerre"
TITLE = "Whist à la guerre"
ALIASES = ("whist_à_la_guerre", "a_la_guerre", "à_la_guerre", "whist-a-la-guerre")
MIN_PLAYERS, MAX_PLAYERS = 4, 4
DECK = family.DECK
LABELS = family.LABELS
RULES = family.BASE_RULES[1:3] + (family.GUERRE_RULE,)


@dataclass(frozen=True)
class Options:
    tie_at_target: str = family.option_tie_at_target()


VARIANT = family.Variant(game=ID, rule=family.R_GUERRE, pairs=False,
                         game_at=family.GUERRE_GAME_AT, book=family.GUERRE_BOOK,
                         honour_ranks=family.GUERRE_HONOURS,
                         honour_points=family.GUERRE_HONOUR_POINTS, honours=True,
                         honours_option=False)
EVENTS = family.events_for(VARIANT)
PRIVATE = family.PRIVATE  # the hands players enter

(new, apply, expected, sheet, is_over, result, findings, describe,
 deal_in_progress) = variants.bind(family, VARIANT, Options)
