"""Sättrumf — whist where the suit of forehand's first card led is trump.

Source: rule file 002, section "Whist regler", the variant *Sättrumf* ("färgen på förhands
första utspelade kort blev trumffärgen"; the turned card of short whist is *uppslagstrumf*);
cited as "Whist — Sättrumf" and short whist's sections otherwise. No card is turned up; the
first card forehand leads sets trump (and with it which cards are honours). The machinery and
every interpretation are in the family module ``whist``.

The text gives sättrumf no scoring of its own: it is played as the whist of its time. Options:
``game_at`` (5, short whist's game, by default; or 10, long whist's), ``honours`` (on, as in
short whist: J Q K A of the suit led first), ``robbers``, ``robber_table`` (only matters at
10: short whist's limits by default, as in long whist), ``stake_per_point``, ``draw_ace``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import variants
from . import whist as family

ID = "sattrumf"
TITLE = "Whist med sättrumf"
ALIASES = ("sättrumf", "sattrumf_whist", "whist_sattrumf")
MIN_PLAYERS, MAX_PLAYERS = 4, 4
DECK = family.DECK
LABELS = family.LABELS
RULES = family.BASE_RULES + (family.HONOURS_RULE, family.SATTRUMF_RULE)


@dataclass(frozen=True)
class Options:
    game_at: int = family.option_game_at()
    honours: bool = family.option_honours(True)
    robbers: int = family.option_robbers()
    robber_table: str = family.option_robber_table()
    stake_per_point: int = family.option_stake()
    draw_ace: str = family.option_draw_ace()


VARIANT = family.Variant(game=ID, rule=family.R_SATTRUMF, pairs=True,
                         game_at=family.GAME_AT,
                         trump_by="first_lead")
EVENTS = family.events_for(VARIANT)
PRIVATE = family.PRIVATE  # the hands players enter

(new, apply, expected, sheet, is_over, result, findings, describe,
 deal_in_progress) = variants.bind(family, VARIANT, Options)
