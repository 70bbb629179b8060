"""Long whist — short whist with game at 10 trick points (the 18th century's whist).

Source: rule file 002, section "Whist regler", the variant *long whist* ("Som ovan, men för
utgång krävs 10 trick-poäng"), on top of short whist's paragraphs; cited as "Whist — Long
whist" for its scoring and as short whist's sections otherwise. The machinery and every
interpretation are in the family module ``whist``. What "as above" means at 10: honours alone
stop a pair at 9 (one short of game, as 4 is in short whist); the robber points for a game
are short whist's to the letter — opponents at 0 / 1–2 / 3–4 give 3 / 2 / 1 — and at 5–9,
which the text's table does not reach, 1 (an extension: the least a game is worth).

Options: ``honours`` (on, as in short whist), ``robbers``, ``robber_table`` (``as_short``,
default: 0 → 3, 1–2 → 2, 3 or more → 1; ``scaled``: 0 → 3, 1–4 → 2, 5–9 → 1),
``stake_per_point``, ``draw_ace``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import variants
from . import whist as family

ID = "long_whist"
TITLE = "Long whist"
ALIASES = ("long-whist", "longwhist", "lång_whist")
MIN_PLAYERS, MAX_PLAYERS = 4, 4
DECK = family.DECK
LABELS = family.LABELS
RULES = family.BASE_RULES + (family.HONOURS_RULE, family.LONG_RULE)


@dataclass(frozen=True)
class Options:
    honours: bool = family.option_honours(True)
    robbers: int = family.option_robbers()
    robber_table: str = family.option_robber_table()
    stake_per_point: int = family.option_stake()
    draw_ace: str = family.option_draw_ace()


VARIANT = family.Variant(game=ID, rule=family.R_LONG, pairs=True,
                         game_at=family.LONG_GAME_AT)
EVENTS = family.events_for(VARIANT)
PRIVATE = family.PRIVATE  # the hands players enter

(new, apply, expected, sheet, is_over, result, findings, describe,
 deal_in_progress) = variants.bind(family, VARIANT, Options)
