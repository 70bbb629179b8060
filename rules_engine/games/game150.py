"""150 — two players, 15 cards each from one round of dealing, first to 150 points.

Source: rule file 000 ("Snapphanaleden"), §3 150: the rules and deck of 1000 (§2, which in
turn are 800's, §1), "men med en enda giv om 15 kort – given får 17 och sakar 2. 30 kort
kommer inte att vara med i spelet." Refusals about the deal and the win cite "150 §3"; the
rest cites the 800 section it rests on. The family machinery is in ``snapphanaleden``.

The deal, as we read it
-----------------------
"En enda giv om 15 kort" sets 150 apart from 1000's deal in two rounds: the dealer gives 15
each in one round (in fives, as everywhere in the booklet) and two more to themselves, and
discards two (never a tarok or ⟨K⟩) that count for them. 2 × 15 + 2 = 32 cards are in play;
the other 30 lie unseen and count for nobody, so a deal is worth less than 93 and varies
(22–78 with the last trick).

Interpretations (also on docs/rules/800.md)
-------------------------------------------
- "Vinnare blir den som först samlar ihop 150 poäng": one deal seldom brings 150, so the
  match runs over as many deals as it takes, the deal alternating, totals running on as in
  1000. (We read "en enda giv" as one round of dealing per deal, not one deal per match.)
  Tables that read it as one deal per match set option ``single_deal``: after that deal the
  higher total wins (150 reached in the declarations still wins at once; a tie follows
  ``tie_at_target``).
- The non-dealer is forehand and leads.
- The discards count for the dealer, may pay the ⟨★⟩ exchange (option
  ``fjont_from_discards``), may not be declared, and go to the other player if the dealer
  takes no trick — as in 800 and 1000.
- Declarations come in playing order (800 §1.3): forehand's before their first card, then
  the dealer's. Reaching 150 during the first trick's declarations wins at once, in that
  order; both past 150 in one deal: the higher total wins; a tie: option ``tie_at_target``.
- Quick entry cannot be checked against 93: the card points must lie within what 32 cards
  can count (22–78 with the last trick). A declaration given as a bare number must be a
  total some declaration from 15 cards can have.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..protocol import RuleSection, option
from ..variants import bind
from . import snapphanaleden as family
from .snapphanaleden_scoring import settle_race

ID = "150"
TITLE = "150"
ALIASES = ("hundrafemtio", "game150")

TARGET = 150
HAND = 15
DEALER_DISCARD = 2  # the dealer gets 17 and discards 2
OUT_OF_PLAY = 30
R_GAME = "150 §3"

RULES = (
    RuleSection(R_GAME,
                "Två spelare, först till 150. En giv om 15 kort var; given får 17 och sakar 2 "
                "(aldrig tarok eller K). 30 kort är inte med. I övrigt som 1000 och 800.",
                "Two players, first to 150. One round of 15 cards each; the dealer gets 17 "
                "and discards 2 (never a tarok or K). 30 cards are out of play. Otherwise as "
                "1000 and 800."),
) + family.RULES


@dataclass(frozen=True)
class Options(family.RaceOptions):
    """150's options: those of the family's races, and how long a match is."""

    single_deal: bool = option(
        False,
        sv="Partiet är en enda giv: högst summa vinner (förval: givar tills någon når 150).",
        en="The match is a single deal: the higher total wins (default: deals until one "
           "reaches 150).")


def settle(variant: family.Variant, state: family.State,
           score: family.DealScore) -> family.State:
    """As 800's race to the target; with ``single_deal`` the first deal decides."""
    return settle_race(variant, state, score, decide_now=state.options.single_deal)


VARIANT = family.Variant(
    id=ID, game="150", players=2, sides=((0,), (1,)), hand_size=HAND,
    cards_in_play=62 - OUT_OF_PLAY, discard_stages=((("dealer", DEALER_DISCARD),),),
    target=TARGET, rule_deal=R_GAME, rule_win=R_GAME, settle=settle)
MIN_PLAYERS = MAX_PLAYERS = VARIANT.players
DECK, LABELS, DECLARATIONS, EVENTS, PRIVATE = family.tables_for(VARIANT)
(new, apply, expected, sheet, is_over, result, findings, describe,
 deal_in_progress) = bind(family, VARIANT, Options)
