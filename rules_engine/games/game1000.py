"""1000 — 800 for two players, to 1000 points, with the whole deck dealt in two rounds.

Source: rule file 000 ("Snapphanaleden"), §2 1000, which says that apart from the deal the
rules and the deck are those of 800 (§1). Refusals about the deal and the win cite "1000 §2";
everything else cites the 800 section it rests on. The family machinery is in ``snapphanaleden``.

The deal, as the text gives it
------------------------------
The dealer gives 20 cards to each, five at a time, and two more to themselves (22). Each player
discards 10 (never a tarok or ⟨K⟩). Then the rest of the deck (20 cards) is dealt out, ten
each, and the dealer discards two more, so both hold 20. The discards count for their owner
at the end ("ingår i poängberäkningen"). 10 + 12 discarded + 2 × 20 in hand = all 62 cards,
so a deal is worth 93 as in 800. Everything else — declarations in the first trick, follow
suit, else trump, ⟨★⟩, counting by Table 4, 6 for the last trick — is 800's.

Interpretations (also on docs/rules/800.md)
-------------------------------------------
- The events: both players enter their first discard of 10 (in any order), then the dealer
  their 2 more. The prohibition of tarokker and ⟨K⟩ holds for the dealer's second discard too
  (800 §1.2 applies "i övrigt").
- The non-dealer is forehand and leads; the deal alternates.
- As in 800, a player's discards are their won cards, may pay the ⟨★⟩ exchange (option
  ``fjont_from_discards``) and may not be declared; a player who takes no trick loses them
  (and ⟨★⟩) to the other.
- Declarations come in playing order, as in 800 (§1.3: right before one's first card):
  forehand declares before their first card, the dealer only after it, before their own.
  Reaching 1000 during the first trick's declarations wins at once, in that order; both past
  1000 in one deal: the higher total wins (800 §1.7 with 1000 for 800); a tie: option
  ``tie_at_target``. A declaration entered as a bare number in quick entry must be a total
  some declaration from 20 cards can have.
"""

from __future__ import annotations

from ..protocol import RuleSection
from ..variants import bind
from . import snapphanaleden as family
from .snapphanaleden_scoring import settle_race

ID = "1000"
TITLE = "1000"
ALIASES = ("tusen", "game1000")

TARGET = 1000
HAND = 20  # dealt 20, then the rest: 20 held for play
FIRST_DISCARD = 10  # each player, from the first 20 (the dealer from 22)
SECOND_DISCARD = 2  # the dealer, after the rest of the deck is dealt
R_GAME = "1000 §2"

RULES = (
    RuleSection(R_GAME,
                "Två spelare, till 1000. Given ger 20 kort var i femmor och 2 till sig själv; "
                "båda sakar 10 (aldrig tarok eller K). Resten av leken delas ut och given "
                "sakar 2 till: 20 kort var. De sakade räknas för sin ägare. I övrigt som 800.",
                "Two players, to 1000. The dealer gives 20 each in fives and keeps 2 "
                "more; both discard 10 (never a tarok or K). The rest of the deck is dealt "
                "and the dealer discards 2 more: 20 each. Discards count for their owner. "
                "Otherwise as 800."),
) + family.RULES


class Options(family.RaceOptions):
    """1000's options: those of the family's races."""


VARIANT = family.Variant(
    id=ID, game="1000", players=2, sides=((0,), (1,)), hand_size=HAND, cards_in_play=62,
    discard_stages=((("dealer", FIRST_DISCARD), ("other", FIRST_DISCARD)),
                    (("dealer", SECOND_DISCARD),)),
    target=TARGET, rule_deal=R_GAME, rule_win=R_GAME, settle=settle_race)
MIN_PLAYERS = MAX_PLAYERS = VARIANT.players
DECK, LABELS, DECLARATIONS, EVENTS, PRIVATE = family.tables_for(VARIANT)
(new, apply, expected, sheet, is_over, result, findings, describe,
 deal_in_progress) = bind(family, VARIANT, Options)
