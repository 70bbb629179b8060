"""A hand of the Schnapsen family as the app knows it, and the small readings every part of
the family's machinery needs: whose turn it is, who took a trick, the sides, where a card is,
and the players' names and the words around numbers.

The types (``Hand``, ``State``, ``Marriage``, ``Figures``, ``Draw``, ``Outcome``) are the
family's state; ``schnapsen_family`` tells what they mean in the rule text and re-exports
them. Nothing here knows a variant's rule choices beyond what ``Variant`` carries.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable

from .. import hands as hand_entry
from ..cards import SUIT_NAMES, Card
from ..errors import Finding, RuleViolation, violation
from ..knowledge import Knowledge, played_refusal
from ..sheet import SheetRow
from ..tricks import Trick, seats_from, winning_play

if TYPE_CHECKING:
    from .schnapsen_family import TableRules, Variant


# --- the state of a table and of its hand in play ---------------------------------------------
@dataclass(frozen=True)
class Marriage:
    seat: int
    suit: str
    points: int
    trick: int
    led: Card
    shown: Card

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "suit": self.suit, "points": self.points,
                "trick": self.trick, "led": str(self.led), "shown": str(self.shown)}


@dataclass(frozen=True)
class Figures:
    """Points (cards + marriages that count + last trick) and tricks per seat, at a moment."""

    points: tuple[int, ...]
    tricks: tuple[int, ...]

    def of(self, side: Iterable[int]) -> tuple[int, int]:
        side = tuple(side)
        return sum(self.points[s] for s in side), sum(self.tricks[s] for s in side)


@dataclass(frozen=True)
class Draw:
    """The implied draw after trick ``trick``: winner first, then loser; ``trump_card`` is the
    face-up card the loser took when the talon ran out."""

    trick: int
    winner: int
    loser: int
    trump_card: Card | None = None


@dataclass(frozen=True)
class Outcome:
    """How a hand ended and what it scored."""

    number: int
    winners: tuple[int, ...]
    game_points: int
    how: str  # claim, against_closer, wrong_claim, last_trick, more_points, quick
    rule: str
    sv: str
    en: str
    claimant: int | None = None
    closer: int | None = None
    declared: bool = True  # False: a closed hand nobody claimed, judged as the closer's claim
    points: tuple[int, ...] | None = None  # per seat at the end (None after quick entry)
    figures: Figures | None = None  # the figures that decided the game points

    def as_dict(self) -> dict[str, Any]:
        return {"number": self.number, "winners": list(self.winners),
                "game_points": self.game_points, "how": self.how, "rule": self.rule,
                "claimant": self.claimant, "closer": self.closer, "declared": self.declared,
                "points": None if self.points is None else list(self.points),
                "figures": None if self.figures is None else {
                    "points": list(self.figures.points), "tricks": list(self.figures.tricks)},
                "messages": {"sv": self.sv, "en": self.en}}


@dataclass(frozen=True)
class Hand:
    """One hand (one "game" of 66) in progress or finished."""

    number: int
    dealer: int
    leader: int  # leads the first trick (the non-dealer; the caller in four hands)
    trump: str | None = None
    turned: Card | None = None  # the card turned up at the deal
    trump_card: Card | None = None  # face up under the talon now
    turned_down: Card | None = None  # turned down by the closing: out of play this hand
    talon: int = 0  # cards left in the talon, the face-up trump card included
    closed_by: int | None = None
    closed_at: Figures | None = None
    exchange: tuple[int, Card, Card] | None = None  # (seat, card given, trump card taken)
    exchanged_in: int | None = None  # the trick before whose lead the exchange was made
    in_hand: int = 0  # cards each player holds at the start of the current trick
    tricks: tuple[Trick, ...] = ()
    current: Trick | None = None
    won: tuple[tuple[Card, ...], ...] = ()  # cards won, per seat
    won_tricks: tuple[int, ...] = ()  # tricks won, per seat
    marriages: tuple[Marriage, ...] = ()
    known: tuple[tuple[Card, ...], ...] = ()  # per seat: cards known to be in the hand
    duty_from: int | None = None  # the first trick played under "follow and head"
    last_draw: Draw | None = None
    called: Card | None = None  # four hands: the called card
    caller: int | None = None
    partner: int | None = None  # four hands: the holder of the called card, once known
    knowledge: Knowledge = Knowledge()
    duty_findings: tuple[Finding, ...] = ()
    outcome: Outcome | None = None
    quick: bool = False
    entered: hand_entry.Hands = ()  # hands entered by their players (private), still held

    @property
    def touched(self) -> bool:
        """Has anything of the play been entered? (Quick entry replaces a whole hand.)"""
        return bool(self.tricks or (self.current and self.current.plays) or self.exchange
                    or self.closed_by is not None or self.marriages)

    @property
    def talon_open(self) -> bool:
        return self.closed_by is None and self.talon > 0

    @property
    def face_down(self) -> int:
        """Face-down talon cards (the trump card lies face up while the talon is open)."""
        return self.talon - 1 if self.trump_card is not None else self.talon


@dataclass(frozen=True)
class State:
    """A table of the family: its players and rule choices, the game points each still has to
    make, the hand in play and the one before, and the protokoll rows written so far."""

    game: str
    players: tuple[str, ...]
    options: Any
    rules: TableRules
    dealer: int
    phase: str  # "deal", "play", "over"
    totals: tuple[int, ...]  # game points still to make, per player (7 down to 0)
    hand: Hand | None = None  # the hand in play
    last: Hand | None = None  # the hand played before, with its outcome
    hands_started: int = 0
    bummerl_lost: tuple[int, ...] = ()
    bummerl_played: int = 0
    winners: tuple[int, ...] = ()  # of the match
    rows: tuple[SheetRow, ...] = ()
    past_findings: tuple[Finding, ...] = ()

    @property
    def n(self) -> int:
        return len(self.players)


# --- small helpers ---------------------------------------------------------------------------
def player_name(state: State, seat: int) -> str:
    return state.players[seat]


def player_names(state: State, seats: Iterable[int]) -> str:
    return " & ".join(state.players[s] for s in seats)


def set_at(items: tuple, index: int, value: Any) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


def suit_words(suit: str) -> tuple[str, str]:
    return SUIT_NAMES[suit]["sv"], SUIT_NAMES[suit]["en"]


def tricks_en(count: int) -> str:
    return f"{count} trick" if count == 1 else f"{count} tricks"


def verb_en(seats: Iterable[int], singular: str, plural: str) -> str:
    """The English verb for one player or a side of several ("Anna has", "Anna & Bo have")."""
    return singular if len(tuple(seats)) == 1 else plural


def points_en(count: int) -> str:
    """"point" or "points" after a number (1 game point, 2 game points)."""
    return "point" if count == 1 else "points"


def rank_words(rank: str) -> tuple[str, str]:
    return {"J": ("knekten", "jack"), "9": ("nian", "nine"), "K": ("kungen", "king"),
            "Q": ("damen", "queen")}.get(rank, (rank, rank))


def other_seat(seat: int) -> int:
    return 1 - seat


def to_play(variant: Variant, hand: Hand) -> int:
    trick = hand.current
    assert trick is not None
    order = seats_from(trick.leader, variant.players, direction=variant.direction)
    return order[len(trick.plays)]


def trick_winner(variant: Variant, hand: Hand, trick: Trick) -> int:
    return winning_play(trick, variant.deck, hand.trump).seat


def sides_of(variant: Variant, hand: Hand) -> tuple[tuple[int, ...], ...] | None:
    """The two sides: each player for themselves with two; with four the caller and the holder
    of the called card (or the caller alone) against the rest — None while unknown."""
    if not variant.calls_partner:
        return tuple((s,) for s in range(variant.players))
    if hand.partner is None or hand.caller is None:
        return None
    callers = tuple(sorted({hand.caller, hand.partner}))
    return callers, tuple(s for s in range(variant.players) if s not in callers)


def side_of(sides: tuple[tuple[int, ...], ...], seat: int) -> tuple[int, ...]:
    return next(side for side in sides if seat in side)


def other_side(sides: tuple[tuple[int, ...], ...], seat: int) -> tuple[int, ...]:
    return next(side for side in sides if seat not in side)


def duty_applies(hand: Hand, trick_number: int) -> bool:
    """Does the duty to follow, trump and head bind the plays of trick ``trick_number``?"""
    return hand.duty_from is not None and trick_number >= hand.duty_from


# --- where a card is -------------------------------------------------------------------------
def refuse_unavailable(variant: Variant, state: State, hand: Hand, seat: int, card: Card,
                       rule: str) -> RuleViolation | None:
    """Why ``seat`` cannot hold ``card`` now, or None: played, in the talon, out of play after
    the closing, or known in another hand."""
    seen = hand.knowledge.where_played(card)
    if seen is not None:
        return played_refusal(seen, rule, state.players)
    if card == hand.trump_card:
        return violation(
            "card_in_talon", variant.refs.deal, {"card": str(card)},
            f"{card} ligger med framsidan upp under talongen; det tas först med sista "
            "dragningen (eller bytas in).",
            f"{card} lies face up under the talon; it is taken only with the last draw (or "
            "by the exchange).")
    if card == hand.turned_down:
        return violation(
            "card_out_of_play", variant.refs.close, {"card": str(card)},
            f"{card} vändes ned på talongen när den stängdes; det är ur spel den här given.",
            f"{card} was turned down on the talon when it was closed; it is out of play this "
            "hand.")
    for other, cards in enumerate(hand.known):
        if other != seat and card in cards:
            return violation(
                "card_held_by_other", rule, {"card": str(card), "seat": other},
                f"{card} är känt på {player_name(state, other)}s hand.",
                f"{card} is known to be in {player_name(state, other)}'s hand.")
    return None
