"""800's declarations: the kinds of combination as tables, and the values a declaration is
made of (Snapphanaleden §1.1, §1.3, §1.5.1–§1.5.2).

The rules are read in ``declarations800`` (its docstring says how the text is read); this
module is what they rest on: the cards that matter, the flertal kinds with their points
(Table 2), the seven sekvens kinds — a *ladder* (``LADDERS``: the top card, the "next
three", the rest in falling order) or a *pool* (``POOLS``: ⟨I⟩ and ⟨Æ⟩) — the points (Table
3) and the doubling, and ``Combination`` / ``Declaration``, which both ``validate`` and
``best`` (``declarations800_best``) build. Names with a leading underscore are shared by
the three declarations800 modules only.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Sequence, Union

from ..cards import FJONT, SUIT_NAMES, SUITS, TAROT62, TRUMP, Card
from ..errors import violation as _violation

RULE_FLERTAL = "800 §1.5.1"
RULE_SEKVENS = "800 §1.5.2"
RULE_DECLARING = "800 §1.3"
RULE_POINTS = "800 §1.5"

# --- the cards that matter ---------------------------------------------------------------


def _trump(rank: str) -> Card:
    return Card(TRUMP, rank)


XX, XIX, XVIII, XVII = _trump("XX"), _trump("XIX"), _trump("XVIII"), _trump("XVII")
NULLA = _trump("N")
FJONT_CARD = Card(FJONT, FJONT)
SNAPPHANE = _trump("I")
WILDS = (NULLA, FJONT_CARD)  # §1.5.2 "Vilda kort": wild in sequences only

# --- §1.5.1 FLERTAL: the kinds and their points (tretal, fyrtal) ---------------------------
FLERTAL_GROUPS = ("tarokker", "K", "D", "H", "KN")
FLERTAL_CARDS: dict[str, tuple[Card, ...]] = {
    "tarokker": (XX, XIX, NULLA, FJONT_CARD),  # §1.1: "Fire tarokker"
    **{rank: tuple(Card(suit, rank) for suit in SUITS) for rank in ("K", "D", "H", "KN")},
}
FLERTAL_POINTS: dict[str, tuple[int, int]] = {
    "tarokker": (18, 36),
    "K": (17, 34),
    "D": (14, 28),
    "H": (13, 26),
    "KN": (12, 24),
}
FLERTAL_SIZES = (3, 4)  # tretal, fyrtal

# --- §1.5.2 SEKVENS: points and the seven kinds -----------------------------------------
SEKVENS_MIN_CARDS = 3
SEKVENS_POINTS_MIN = 10  # three cards
SEKVENS_POINTS_PER_CARD = 5  # each card beyond three

# --- §1.3 / §1.5.1 / §1.5.2: doubling -----------------------------------------------------
DOUBLING_FROM = 3  # three or more combinations of one group, by one player ...
DOUBLING_FACTOR = 2  # ... double that group's points


@dataclass(frozen=True)
class Ladder:
    """A sequence with a top: the top card (real), the next three (two of them, one real),
    then the rest in falling order. A card may repeat (the four ⟨I⟩ below ⟨V⟩)."""

    group: str
    top: Card
    next_three: tuple[Card, Card, Card]
    then: tuple[Card, ...]

    @property
    def slots(self) -> tuple[Card, ...]:
        return (self.top, *self.next_three, *self.then)


@dataclass(frozen=True)
class Pool:
    """A sequence without a top (⟨I⟩, ⟨Æ⟩): cards equal in value, any order, at least
    ``min_real`` of them real."""

    group: str
    cards: tuple[Card, ...]  # the real cards that belong to it
    min_real: int = 2


_TRUMP_BELOW = tuple(_trump(r) for r in ("XVI", "XV", "XIV", "XIII", "XII", "XI", "X", "IX",
                                          "VIII", "VII", "VI", "V"))
LADDERS: dict[str, Ladder] = {
    "trumf": Ladder("trumf", XX, (XIX, XVIII, XVII), _TRUMP_BELOW + (SNAPPHANE,) * 4),
    **{suit: Ladder(suit, Card(suit, "K"), (Card(suit, "D"), Card(suit, "H"), Card(suit, "KN")),
                    (Card(suit, "Æ"),))
       for suit in SUITS},
}
POOLS: dict[str, Pool] = {
    "I": Pool("I", (SNAPPHANE,)),
    "Æ": Pool("Æ", tuple(Card(suit, "Æ") for suit in SUITS)),
}
SEKVENS_GROUPS = ("trumf", *SUITS, "I", "Æ")
NEXT_THREE_SLOTS = (1, 2, 3)

_GROUP_NAMES = {
    "trumf": ("trumf", "trump"),
    **{suit: (SUIT_NAMES[suit]["sv"], SUIT_NAMES[suit]["en"]) for suit in SUITS},
    "I": ("snapphane", "snapphane (⟨I⟩)"),
    "Æ": ("æss", "ace (⟨Æ⟩)"),
    "tarokker": ("tarokker", "tarokker"),
    "K": ("kungar", "kings"),
    "D": ("damer", "queens"),
    "H": ("hästar", "knights"),
    "KN": ("knektar", "knaves"),
}

# -- deck facts, precomputed (TAROT62.check scans a tuple; best() must stay fast) --------
_COPIES: Counter = Counter(TAROT62.cards)
_SLOT: dict[str, dict[Card, tuple[int, int]]] = {
    group: {card: (ladder.slots.index(card),
                   len(ladder.slots) - 1 - ladder.slots[::-1].index(card))
            for card in ladder.slots}
    for group, ladder in LADDERS.items()
}
_FLERTAL_GROUP_OF = {card: group for group, cards in FLERTAL_CARDS.items() for card in cards}

CardLike = Union[Card, str]


# --- the values ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Combination:
    """One declared combination: a flertal or a sekvens, its cards in order, its points
    before doubling."""

    kind: str  # "flertal" or "sekvens"
    group: str  # flertal: FLERTAL_GROUPS; sekvens: SEKVENS_GROUPS
    cards: tuple[Card, ...]
    points: int

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "group": self.group,
                "cards": [str(card) for card in self.cards], "points": self.points}

    def __str__(self) -> str:
        return f"{self.kind} {self.group}: {' '.join(map(str, self.cards))} = {self.points}p"


@dataclass(frozen=True)
class Declaration:
    """What one player declares: the combinations and the points after doubling."""

    combinations: tuple[Combination, ...]
    flertal_points: int
    sekvens_points: int
    points: int

    def _group(self, kind: str) -> tuple[int, int]:
        chosen = [c.points for c in self.combinations if c.kind == kind]
        return len(chosen), sum(chosen)

    @property
    def flertal_doubled(self) -> bool:
        return self._group("flertal")[0] >= DOUBLING_FROM

    @property
    def sekvens_doubled(self) -> bool:
        return self._group("sekvens")[0] >= DOUBLING_FROM

    def as_dict(self) -> dict[str, Any]:
        def group(kind: str, total: int) -> dict[str, Any]:
            count, before = self._group(kind)
            doubled = count >= DOUBLING_FROM
            return {"count": count, "points_before_doubling": before, "doubled": doubled,
                    "factor": DOUBLING_FACTOR if doubled else 1, "points": total}

        return {
            "rule": RULE_POINTS,
            "combinations": [c.as_dict() for c in self.combinations],
            "flertal": group("flertal", self.flertal_points),
            "sekvens": group("sekvens", self.sekvens_points),
            "points": self.points,
        }


@dataclass(frozen=True)
class DeclarationOptions:
    # May one card serve in a flertal and in a sekvens at once? The text is silent; True
    # because it scores (and doubles) the two groups separately (interpretation 9).
    card_in_flertal_and_sekvens: bool = True


# --- helpers ------------------------------------------------------------------------------


def _as_card(card: CardLike) -> Card:
    if isinstance(card, Card):
        if card not in _COPIES:
            TAROT62.check(card)  # raises card_not_in_deck
        return card
    return TAROT62.parse(card)


def _names(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def _q(card: Card) -> str:
    return f"⟨{card}⟩"


def sekvens_points(n_cards: int) -> int:
    """§1.5.2 table 3: 10 for three cards, 5 for each card beyond."""
    return SEKVENS_POINTS_MIN + SEKVENS_POINTS_PER_CARD * (n_cards - SEKVENS_MIN_CARDS)


def _beyond_the_deck(counts: Counter) -> tuple[Card, int] | None:
    """The first card named more often than the deck holds it (⟨I⟩: four), with its count."""
    return next(((card, count) for card, count in counts.items() if count > _COPIES[card]),
                None)


def _check_copies(cards: Sequence[Card], rule: str) -> None:
    """A physical card at most once in one combination (⟨I⟩: the deck has four)."""
    over = _beyond_the_deck(Counter(cards))
    if over is not None:
        card, count = over
        raise _violation(
            "card_used_twice", rule,
            {"card": str(card), "times": count, "copies_in_deck": _COPIES[card]},
            sv=f"{_q(card)} står {count} gånger i samma kombination, men leken har bara "
               f"{_COPIES[card]}. Ett kort kan bara användas en gång per kombination.",
            en=f"{_q(card)} appears {count} times in one combination, but the deck has "
               f"only {_COPIES[card]}. A card can be used once per combination.")


def _laid_down_counts(laid_down: Iterable[CardLike]) -> Counter:
    """The cards laid down (§1.3), each at most as often as the deck holds it."""
    counts = Counter(_as_card(card) for card in laid_down)
    over = _beyond_the_deck(counts)
    if over is not None:
        card, count = over
        raise _violation(
            "card_more_than_in_deck", RULE_DECLARING,
            {"card": str(card), "laid_down": count, "copies_in_deck": _COPIES[card]},
            sv=f"{_q(card)} är nedlagt {count} gånger, men leken har bara {_COPIES[card]}.",
            en=f"{_q(card)} is laid down {count} times, but the deck has only "
               f"{_COPIES[card]}.")
    return counts


def _declaration(combinations: Sequence[Combination]) -> Declaration:
    totals = {}
    for kind in ("flertal", "sekvens"):
        chosen = [c.points for c in combinations if c.kind == kind]
        factor = DOUBLING_FACTOR if len(chosen) >= DOUBLING_FROM else 1
        totals[kind] = sum(chosen) * factor
    return Declaration(tuple(combinations), totals["flertal"], totals["sekvens"],
                       totals["flertal"] + totals["sekvens"])
