"""800 — four players in pairs, the 62-card deck, the first pair to 800 wins.

Source: rule file 000 ("Snapphanaleden", Swedish), §1 (§1.1–§1.7), and the 800 notes in the
project's rules README; cited as "800 §1.x". How a deal runs, what the app can know, and
every interpretation the text left open are in the family module ``snapphanaleden``, which
holds the machinery 800 shares with 1000, 150 and Fjabbe; this module is 800's own settings:
four players in two pairs sitting opposite, 15 cards each (the dealer 17, discarding two),
the first pair to 800.
"""

from __future__ import annotations

from ..variants import bind
from . import snapphanaleden as family
from .snapphanaleden_scoring import settle_race

ID = "800"
TITLE = "800"
ALIASES = ("attahundra", "åttahundra", "game800", "snapphanaleden")
RULES = family.RULES


class Options(family.RaceOptions):
    """800's options: those of the family's races."""


VARIANT = family.Variant(id=ID, game="800", players=4, sides=((0, 2), (1, 3)), hand_size=15,
                         cards_in_play=62, discard_stages=((("dealer", 2),),),
                         target=family.TARGET, rule_deal=family.R_DEAL,
                         rule_win=family.R_WIN, settle=settle_race)
MIN_PLAYERS = MAX_PLAYERS = VARIANT.players
DECK, LABELS, DECLARATIONS, EVENTS, PRIVATE = family.tables_for(VARIANT)
(new, apply, expected, sheet, is_over, result, findings, describe,
 deal_in_progress) = bind(family, VARIANT, Options)
