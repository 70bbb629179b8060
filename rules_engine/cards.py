"""Cards and decks as data, and the text notation people type at the table.

A card is a value, not an object with behaviour: a suit and a rank. A deck is a named
multiset of cards plus the order of ranks inside a suit, so that trick helpers can compare
cards without knowing which game they serve. Games with trumps outside the suits (800's
tarot deck) will add their own deck data here; the notation below covers the French-suited
decks every Swedish game in the texts uses.

Notation (French suits)
-----------------------
Printed form: the suit symbol followed by the rank, English letters for the court cards:
``♠A ♥K ♦Q ♣J ♠10 ♥2``. ``parse_card(str(card)) == card`` for every card of every deck.

Accepted on input, case-insensitive, with surrounding spaces ignored:

- the suit as a symbol ``♠ ♥ ♦ ♣`` (before or after the rank), or as a letter *before* the
  rank: English ``S H D C`` or Swedish ``S`` (spader), ``H`` (hjärter), ``R`` (ruter),
  ``K`` (klöver). A letter suit always comes first, so ``KD`` is klöver dam (♣Q) and ``DK``
  is the king of diamonds.
- the rank as ``2``–``10`` (``T`` also means ten), ``A``/``E`` (ess), ``K`` (kung),
  ``Q``/``D`` (dam), ``J``/``Kn`` (knekt).

Several cards are written separated by spaces or commas (``parse_cards("♠A, hD kKn")``).
"""

from __future__ import annotations

from dataclasses import dataclass
import re

from .errors import RuleViolation

SUITS = ("♠", "♥", "♦", "♣")
SUIT_NAMES = {
    "♠": {"en": "spades", "sv": "spader"},
    "♥": {"en": "hearts", "sv": "hjärter"},
    "♦": {"en": "diamonds", "sv": "ruter"},
    "♣": {"en": "clubs", "sv": "klöver"},
}
_SUIT_LETTERS = {"S": "♠", "H": "♥", "D": "♦", "R": "♦", "C": "♣", "K": "♣"}
_SUIT_SYMBOL_ALIASES = {"♤": "♠", "♡": "♥", "♢": "♦", "♧": "♣", "\u2665\ufe0f": "♥"}

RANKS_ACE_HIGH = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_ALIASES = {
    "A": "A", "E": "A", "K": "K", "Q": "Q", "D": "Q", "J": "J", "KN": "J", "T": "10",
    **{str(n): str(n) for n in range(2, 11)},
}


@dataclass(frozen=True, order=True)
class Card:
    """One card. ``suit`` is one of SUITS; ``rank`` one of RANKS_ACE_HIGH."""

    suit: str
    rank: str

    def __str__(self) -> str:
        return f"{self.suit}{self.rank}"

    def __repr__(self) -> str:
        return f"Card({self.suit!r}, {self.rank!r})"


@dataclass(frozen=True)
class Deck:
    """A named multiset of cards and the rank order inside each suit (low to high)."""

    name: str
    cards: tuple[Card, ...]
    rank_order: tuple[str, ...]

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def rank_value(self, card: Card) -> int:
        """Position of the card's rank in this deck's order; higher wins inside a suit."""
        return self.rank_order.index(card.rank)

    def parse(self, text: str) -> Card:
        """Parse one card and check that it belongs to this deck."""
        return self.check(parse_card(text))

    def check(self, card: Card) -> Card:
        """Return ``card`` if it belongs to this deck, else refuse it."""
        if card not in self.cards:
            raise RuleViolation(
                "card_not_in_deck",
                rule="Kortleken",
                params={"card": str(card), "deck": self.name},
                sv=f"{card} finns inte i leken ({self.name}).",
                en=f"{card} is not in this deck ({self.name}).",
            )
        return card


def _french(name: str, ranks: tuple[str, ...]) -> Deck:
    return Deck(name, tuple(Card(s, r) for s in SUITS for r in ranks), ranks)


FRENCH52 = _french("french52", RANKS_ACE_HIGH)
PIQUET36 = _french("piquet36", RANKS_ACE_HIGH[4:])  # 6 to ace: Bräus removes 2-5
DECKS = {deck.name: deck for deck in (FRENCH52, PIQUET36)}

_CARD_RE = re.compile(
    r"^(?:(?P<s1>[♠♥♦♣])(?P<r1>10|[2-9TAEKQDJ]|KN)"
    r"|(?P<r2>10|[2-9TAEKQDJ]|KN)(?P<s2>[♠♥♦♣])"
    r"|(?P<s3>[SHDRCK])(?P<r3>10|[2-9TAEKQDJ]|KN))$"
)


def _bad_notation(text: str) -> RuleViolation:
    return RuleViolation(
        "bad_card_notation",
        rule="Kortnotation",
        params={"text": text},
        sv=f"”{text}” är inget kort. Skriv t.ex. ♥K, ♠10, hD eller kKn.",
        en=f"“{text}” is not a card. Write e.g. ♥K, ♠10, hQ or cJ.",
    )


def parse_card(text: str) -> Card:
    """Parse one card written in any accepted notation (see the module docstring)."""
    raw = text.strip()
    for alias, symbol in _SUIT_SYMBOL_ALIASES.items():
        raw = raw.replace(alias, symbol)
    raw = raw.replace("\ufe0f", "").upper()
    match = _CARD_RE.match(raw)
    if not match:
        raise _bad_notation(text)
    if match["s1"]:
        suit, rank = match["s1"], match["r1"]
    elif match["s2"]:
        suit, rank = match["s2"], match["r2"]
    else:
        suit, rank = _SUIT_LETTERS[match["s3"]], match["r3"]
    return Card(suit, _RANK_ALIASES[rank])


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas."""
    return tuple(parse_card(part) for part in re.split(r"[\s,]+", text.strip()) if part)


def format_cards(cards) -> str:
    return " ".join(str(card) for card in cards)
