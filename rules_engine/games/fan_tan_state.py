"""Fan tan's state: the match, the deal being played, its moves and the passes not yet proven.

Frozen values, replaced on every entry (``table_log`` folds them). A pass is a claim that
the player holds none of the cards that fit; it stays a ``PassMark`` until a later card of that
player proves it false (a finding) or the deal ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import hands as hand_entry
from ..cards import Card
from ..errors import Finding
from ..sheet import SheetRow


@dataclass(frozen=True)
class Move:
    """One turn of the deal: cards laid out (a pass lays none). ``implied`` marks the passes
    recorded because a later player opened with the first seven."""

    number: int
    seat: int
    cards: tuple[Card, ...] = ()
    implied: bool = False


@dataclass(frozen=True)
class PassMark:
    """``seat`` passed at ``move`` while ``fitting`` fitted: a claim to hold none of them."""

    seat: int
    move: int
    fitting: tuple[Card, ...]


@dataclass(frozen=True)
class Deal:
    number: int
    dealer: int
    forehand: int
    dealt: tuple[int, ...]  # cards dealt per seat
    counts: tuple[int, ...]  # cards still in each hand
    layout: tuple[tuple[Card, ...], ...]  # per suit (SUITS order), in the order laid out
    turn: int
    paid: tuple[int, ...]  # chips each seat has put in the pool this deal
    moves: tuple[Move, ...] = ()
    marks: tuple[PassMark, ...] = ()  # passes not yet proven false
    findings: tuple[Finding, ...] = ()
    passes_in_row: int = 0
    winner: int | None = None
    quick: bool = False
    left_known: bool = True  # False: a quick entry gave no cards left (the protokoll says none)
    hands: hand_entry.Hands = ()  # entered hands (private), still held


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    options: Any  # fan_tan.Options
    dealer: int
    phase: str = "deal"  # deal, play, over
    deal: Deal | None = None
    deals_played: int = 0
    totals: tuple[int, ...] = ()  # deals won, or the chip balance
    rows: tuple[SheetRow, ...] = ()
    past_findings: tuple[Finding, ...] = ()

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def fri(self) -> bool:
        return self.options.variant == "fri"

    @property
    def chips(self) -> bool:
        return self.options.scoring == "chips"
