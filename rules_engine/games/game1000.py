"""1000 — 800 for two players, to 1000 points, with the whole deck dealt in two rounds.

Source: rule file 000 ("Snapphanaleden"), §2 1000, which says that apart from the deal the
rules and the deck are those of 800 (§1). Refusals about the deal and the win cite "1000 §2";
everything else cites the 800 section it rests on. The family machinery is in ``game800``.

The deal, as the text gives it
------------------------------
The dealer gives 20 cards to each, five at a time, and two more to himself (22). Each player
discards 10 (never a tarok or ⟨K⟩). Then the rest of the deck (20 cards) is dealt out, ten
each, and the dealer discards two more, so both hold 20. The discards count for their owner
at the end ("ingår i poängberäkningen"). 10 + 12 discarded + 2 × 20 in hand = all 62 cards,
so a deal is worth 93 as in 800. Everything else — declarations in the first trick, follow
suit, else trump, ⟨★⟩, counting by Table 4, 6 for the last trick — is 800's.

Interpretations (also on docs/rules/800.md)
-------------------------------------------
- The events: both players enter their first discard of 10 (in any order), then the dealer
  his 2 more. The prohibition of tarokker and ⟨K⟩ holds for the dealer's second discard too
  (800 §1.2 applies "i övrigt").
- The non-dealer is forehand and leads; the deal alternates.
- As in 800, a player's discards are his won cards, may pay the ⟨★⟩ exchange (option
  ``fjont_from_discards``) and may not be declared; a player who takes no trick loses them
  (and ⟨★⟩) to the other.
- Declarations come in playing order, as in 800 (§1.3: right before one's first card):
  forehand declares before his first card, the dealer only after it, before his own.
  Reaching 1000 during the first trick's declarations wins at once, in that order; both past
  1000 in one deal: the higher total wins (800 §1.7 with 1000 for 800); a tie: option
  ``tie_at_target``. A declaration entered as a bare number in quick entry must be a total
  some declaration from 20 cards can have.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import Finding
from ..protocol import Expected, RuleSection
from ..sheet import Sheet
from . import snapphanaleden as family

ID = "1000"
TITLE = "1000"
ALIASES = ("tusen", "game1000")
MIN_PLAYERS, MAX_PLAYERS = 2, 2
DECK = family.DECK
DECLARATIONS = family.declarations800  # the scorekeeper's calculator
LABELS = family.LABELS

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


@dataclass(frozen=True)
class Options:
    card_in_flertal_and_sekvens: bool = family.option_card_in_flertal_and_sekvens()
    fjont_from_discards: bool = family.option_fjont_from_discards()
    fjont_hacka_only: bool = family.option_fjont_hacka_only()
    tie_at_target: str = family.option_tie_at_target()


VARIANT = family.Variant(
    game="1000", players=2, sides=((0,), (1,)), hand_size=HAND, cards_in_play=62,
    discard_stages=((("dealer", FIRST_DISCARD), ("other", FIRST_DISCARD)),
                    (("dealer", SECOND_DISCARD),)),
    target=TARGET, rule_deal=R_GAME, rule_win=R_GAME, settle=family.settle_race)
EVENTS = family.events_for(VARIANT)
PRIVATE = family.private_for(VARIANT)  # discards, a hand entered: rules_engine.secrets
deal_in_progress = family.deal_in_progress



def new(players: tuple[str, ...], options: Options | None = None,
        first_dealer: int = 0) -> family.State:
    options = options or Options()
    return family.start(VARIANT, ID, players, options, family.table_rules(options), first_dealer)


def apply(state: family.State, event: dict[str, Any]) -> family.State:
    return family.apply_event(VARIANT, state, event)


def expected(state: family.State) -> Expected:
    return family.expected_of(VARIANT, state)


def sheet(state: family.State) -> Sheet:
    return family.race_sheet(VARIANT, state)


def is_over(state: family.State) -> bool:
    return state.phase == "over"


def result(state: family.State) -> dict[str, Any] | None:
    return family.race_result(VARIANT, state)


def findings(state: family.State) -> tuple[Finding, ...]:
    return family.all_findings(state)


def describe(state: family.State) -> dict[str, Any]:
    return family.describe_of(VARIANT, state)
