"""American whist — short whist without honours, game at 7 trick points.

Source: rule file 002, section "Whist regler", the variant *Amerikansk whist* ("Som short whist
men inga honnörspoäng ges samtidigt som det krävs 7 trickpoäng för utgång"); cited as
"Whist — Amerikansk whist" and short whist's sections otherwise. So a game is possible in one
deal, by taking all thirteen tricks (13 − 6 = 7). The machinery and every interpretation are
in the family module ``whist``.

Robber points: "Som short whist" — the opponents at 0 / 1–2 / 3–4 give 3 / 2 / 1, to the
letter (default ``robber_table`` = ``as_short``); at 5 or 6, which the text's table does not
reach, 1 (an extension: the least a game is worth, see ``whist``).

Options: ``robbers``, ``robber_table`` (``as_short``, default: 0 → 3, 1–2 → 2, 3 or more →
1; ``scaled``: 0 → 3, 1–3 → 2, 4–6 → 1), ``stake_per_point``, ``draw_ace``. There is no
honours option: the text rules them out.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import variants
from . import whist as family

ID = "american_whist"
TITLE = "Amerikansk whist"
ALIASES = ("amerikansk_whist", "american-whist", "whist_american")
MIN_PLAYERS, MAX_PLAYERS = 4, 4
DECK = family.DECK
LABELS = family.LABELS
RULES = family.BASE_RULES + (family.AMERICAN_RULE,)


@dataclass(frozen=True)
class Options:
    robbers: int = family.option_robbers()
    robber_table: str = family.option_robber_table()
    stake_per_point: int = family.option_stake()
    draw_ace: str = family.option_draw_ace()


VARIANT = family.Variant(game=ID, rule=family.R_AMERICAN, pairs=True,
                         game_at=family.AMERICAN_GAME_AT, honours=False, honours_option=False)
EVENTS = family.events_for(VARIANT)
PRIVATE = family.PRIVATE  # the hands players enter

(new, apply, expected, sheet, is_over, result, findings, describe,
 deal_in_progress) = variants.bind(family, VARIANT, Options)
