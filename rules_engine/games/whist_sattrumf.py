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
from typing import Any

from ..errors import Finding
from ..protocol import Expected
from ..sheet import Sheet
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


def new(players: tuple[str, ...], options: Options | None = None,
        first_dealer: int = 0) -> family.State:
    return family.start(VARIANT, players, options or Options(), first_dealer)


def apply(state: family.State, event: dict[str, Any]) -> family.State:
    return family.apply_event(VARIANT, state, event)


def expected(state: family.State) -> Expected:
    return family.expected_of(VARIANT, state)


def sheet(state: family.State) -> Sheet:
    return family.sheet_of(VARIANT, state)


def is_over(state: family.State) -> bool:
    return state.phase == "over"


def result(state: family.State) -> dict[str, Any] | None:
    return family.result_of(VARIANT, state)


def findings(state: family.State) -> tuple[Finding, ...]:
    return family.all_findings(state)


def describe(state: family.State) -> dict[str, Any]:
    return family.describe_of(VARIANT, state)


def deal_in_progress(state: family.State) -> int | None:
    return family.deal_in_progress_of(state)
