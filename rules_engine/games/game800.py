"""800 — four players in pairs, the 62-card deck, the first pair to 800 wins.

Source: rule file 000 ("Snapphanaleden", Swedish), §1 (§1.1–§1.7), and the 800 notes in the
project's rules README; cited as "800 §1.x". How a deal runs, what the app can know, and
every interpretation the text left open are in the family module ``snapphanaleden``, which
holds the machinery 800 shares with 1000, 150 and Fjabbe; this module is 800's own settings:
four players in two pairs sitting opposite, 15 cards each (the dealer 17, discarding two),
the first pair to 800.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import Finding
from ..protocol import Expected
from ..sheet import Sheet
from . import declarations800
from . import snapphanaleden as family
from .snapphanaleden import (
    DECK,
    R_DEAL,
    RULES,
    R_WIN,
    State,
    TARGET,
    TableRules,
    Variant,
    all_findings,
    apply_event,
    describe_of,
    events_for,
    expected_of,
    race_result,
    race_sheet,
    settle_race,
    start,
)

ID = "800"
TITLE = "800"
ALIASES = ("attahundra", "åttahundra", "game800", "snapphanaleden")
MIN_PLAYERS, MAX_PLAYERS = 4, 4
DECLARATIONS = declarations800  # the scorekeeper's calculator (API: /declarations/...)
LABELS = family.LABELS


@dataclass(frozen=True)
class Options:
    card_in_flertal_and_sekvens: bool = family.option_card_in_flertal_and_sekvens()
    fjont_from_discards: bool = family.option_fjont_from_discards()
    fjont_hacka_only: bool = family.option_fjont_hacka_only()
    tie_at_target: str = family.option_tie_at_target()


VARIANT = Variant(game="800", players=4, sides=((0, 2), (1, 3)), hand_size=15,
                  cards_in_play=62, discard_stages=((("dealer", 2),),), target=TARGET,
                  rule_deal=R_DEAL, rule_win=R_WIN, settle=settle_race)
EVENTS = events_for(VARIANT)
PRIVATE = family.private_for(VARIANT)  # discards, a hand entered: rules_engine.secrets
deal_in_progress = family.deal_in_progress


def new(players: tuple[str, ...], options: Options | None = None,
        first_dealer: int = 0) -> State:
    options = options or Options()
    return start(VARIANT, ID, players, options, family.table_rules(options), first_dealer)


def apply(state: State, event: dict[str, Any]) -> State:
    return apply_event(VARIANT, state, event)


def expected(state: State) -> Expected:
    return expected_of(VARIANT, state)


def sheet(state: State) -> Sheet:
    return race_sheet(VARIANT, state)


def is_over(state: State) -> bool:
    return state.phase == "over"


def result(state: State) -> dict[str, Any] | None:
    return race_result(VARIANT, state)


def findings(state: State) -> tuple[Finding, ...]:
    return all_findings(state)


def describe(state: State) -> dict[str, Any]:
    return describe_of(VARIANT, state)
