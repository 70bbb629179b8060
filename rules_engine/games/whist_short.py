"""Whist (short whist, "klassisk" English whist) — four players in two pairs, 52 cards.

Source: rule file 002, section "Whist regler": "Så här spelar ni Whist", *Poängräkning* and
*Honnörspoäng*; cited as "Whist — Dragning", "— Given", "— Spelet", "— Poängräkning" and
"— Honnörspoäng". How a deal runs, what the app can know, and every interpretation the text
left open are in the family module ``whist`` (the card play in ``whist_play``); this module is
short whist's own settings: game at 5 trick points, honours on by default, the trump card
turned up.

Options: ``honours`` (J Q K A of trumps count; on, as "often, but not always"),
``robbers`` (robbers in the match; the text: one), ``stake_per_point`` (the settlement by
robber-point difference), ``draw_ace`` (the ace high or low in the draw for partners).
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import variants
from . import whist as family

ID = "whist"
TITLE = "Whist (short whist)"
ALIASES = ("short_whist", "short-whist", "shortwhist", "klassisk_whist", "engelsk_whist")
MIN_PLAYERS, MAX_PLAYERS = 4, 4
DECK = family.DECK
LABELS = family.LABELS
RULES = family.BASE_RULES + (family.HONOURS_RULE,)


@dataclass(frozen=True)
class Options:
    honours: bool = family.option_honours(True)
    robbers: int = family.option_robbers()
    stake_per_point: int = family.option_stake()
    draw_ace: str = family.option_draw_ace()


VARIANT = family.Variant(game=ID, rule=family.R_SCORING, pairs=True, game_at=family.GAME_AT)
EVENTS = family.events_for(VARIANT)
PRIVATE = family.PRIVATE  # the hands players enter

(new, apply, expected, sheet, is_over, result, findings, describe,
 deal_in_progress) = variants.bind(family, VARIANT, Options)
