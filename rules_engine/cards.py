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

Notation (the 62-card deck of 800, Snapphanaleden §1.1)
------------------------------------------------------
The four suits hold ⟨K⟩ ⟨D⟩ ⟨H⟩ ⟨KN⟩ 10 9 8 7 6 ⟨Æ⟩ (kung, dam, häst, knekt, …, æss); the
trumps are ⟨N⟩ (nulla), four identical snapphanar ⟨I⟩ and ⟨V⟩ … ⟨XX⟩; and ⟨★⟩ Fjønt.
Printed: ``♠K ♥D ♦H ♣KN ♠10 ♥Æ``, the trumps as roman numerals ``XX XIX … V I N`` and
``★``. Accepted on input, case-insensitive: suits as above (symbol, or letter first);
``Æ`` also as ``AE``, ``A`` or ``E``; trumps as roman numerals or ``T`` + the number
(``T20``, ``T1``), ``N`` also as ``0``; Fjønt as ``★``, ``*`` or ``F``.
"""

from __future__ import annotations

from dataclasses import dataclass
import re
from typing import Callable

from .errors import EventFormatError, RuleViolation

SUITS = ("♠", "♥", "♦", "♣")
SUIT_NAMES = {
    "♠": {"en": "spades", "sv": "spader"},
    "♥": {"en": "hearts", "sv": "hjärter"},
    "♦": {"en": "diamonds", "sv": "ruter"},
    "♣": {"en": "clubs", "sv": "klöver"},
}
_SUIT_LETTERS = {"S": "♠", "H": "♥", "D": "♦", "R": "♦", "C": "♣", "K": "♣"}
_SUIT_SYMBOL_ALIASES = {"♤": "♠", "♡": "♥", "♢": "♦", "♧": "♣", "\u2665\ufe0f": "♥"}

TRUMP = "T"  # the suit of 800's numbered trumps (tarokker ⟨N⟩, ⟨I⟩, ⟨V⟩ … ⟨XX⟩)
FJONT = "★"  # 800's ⟨★⟩ Fjønt: a suit of its own, one card

RANKS_ACE_HIGH = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
# Ace low, the ace a one and the king thirteen (Fan tan, Muggins: "Ess räknas som 1").
RANKS_ACE_LOW = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def rank_number(card: "Card", order: tuple[str, ...] = RANKS_ACE_LOW) -> int:
    """A card's number in a rank order, from 1 (ace low: the ace 1 … the king 13)."""
    return order.index(card.rank) + 1
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
        if self.suit in (TRUMP, FJONT):
            return self.rank
        return f"{self.suit}{self.rank}"

    def __repr__(self) -> str:
        return f"Card({self.suit!r}, {self.rank!r})"


@dataclass(frozen=True)
class Deck:
    """A named multiset of cards and the rank order inside each suit (low to high).

    ``suit_orders`` overrides ``rank_order`` for suits ranked differently (800's ♥ and ♦
    run the other way); ``parser`` reads one card of this deck's notation.
    """

    name: str
    cards: tuple[Card, ...]
    rank_order: tuple[str, ...]
    suit_orders: tuple[tuple[str, tuple[str, ...]], ...] = ()
    parser: Callable[[str], Card] | None = None

    def copies(self, card: Card) -> int:
        """How many copies of ``card`` the deck holds (4 for 800's ⟨I⟩, else 1)."""
        return self.cards.count(card)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def rank_value(self, card: Card) -> int:
        """Position of the card's rank in its suit's order; higher wins inside a suit."""
        for suit, order in self.suit_orders:
            if suit == card.suit:
                return order.index(card.rank)
        return self.rank_order.index(card.rank)

    def parse(self, text: str) -> Card:
        """Parse one card and check that it belongs to this deck."""
        return self.check((self.parser or parse_card)(text))

    def parse_many(self, text: str) -> tuple[Card, ...]:
        """Parse cards separated by spaces or commas, each checked against this deck."""
        return tuple(self.check(card) for card in parse_cards(text, self.parser or parse_card))

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

_CARD_RE = re.compile(
    r"^(?:(?P<s1>[♠♥♦♣])(?P<r1>10|[2-9TAEKQDJ]|KN)"
    r"|(?P<r2>10|[2-9TAEKQDJ]|KN)(?P<s2>[♠♥♦♣])"
    r"|(?P<s3>[SHDRCK])(?P<r3>10|[2-9TAEKQDJ]|KN))$"
)


def _bad_notation(text: str) -> RuleViolation:
    # Text that is no card at all is malformed input (HTTP 400); a real card that this
    # game's deck does not hold is a rule matter (``card_not_in_deck``, 422).
    return EventFormatError(
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


def parse_cards(text: str, parser: Callable[[str], Card] = parse_card) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas."""
    return tuple(parser(part) for part in re.split(r"[\s,]+", text.strip()) if part)


# --- the 62-card deck of 800 (Snapphanaleden §1.1) ------------------------------------------
ROMAN = ("N", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
         "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX")
TAROT_TRUMPS = ("N", "I") + ROMAN[5:]  # low to high: N, the snapphanar I, V … XX
TAROT_BLACK = ("Æ", "6", "7", "8", "9", "10", "KN", "H", "D", "K")  # ♠ ♣, low to high
TAROT_RED = ("10", "9", "8", "7", "6", "Æ", "KN", "H", "D", "K")  # ♥ ♦: reversed pips


def _tarot_cards() -> tuple[Card, ...]:
    suited = tuple(Card(s, r) for s in SUITS for r in TAROT_BLACK)
    trumps = tuple(Card(TRUMP, r) for r in TAROT_TRUMPS for _ in range(4 if r == "I" else 1))
    return suited + trumps + (Card(FJONT, FJONT),)


_TAROT_RE = re.compile(
    r"^(?:(?P<s1>[♠♥♦♣])(?P<r1>10|[6-9]|KN|AE|[KDHÆAE])"
    r"|(?P<r2>10|[6-9]|KN|AE|[KDHÆAE])(?P<s2>[♠♥♦♣])"
    r"|(?P<s3>[SHDRCK])(?P<r3>10|[6-9]|KN|AE|[KDHÆAE]))$"
)
_TAROT_RANKS = {"AE": "Æ", "A": "Æ", "E": "Æ", "Æ": "Æ"}


def parse_tarot_card(text: str) -> Card:
    """Parse one card of 800's deck (see the module docstring for the notation)."""
    raw = text.strip().upper().replace("\ufe0f", "")
    for alias, symbol in _SUIT_SYMBOL_ALIASES.items():
        raw = raw.replace(alias, symbol)
    if raw in ("★", "*", "F", "☆"):
        return Card(FJONT, FJONT)
    numbered = re.fullmatch(r"T(\d{1,2})", raw)  # T20 = XX, T1 = I, T0 = N
    if numbered and int(numbered[1]) < len(ROMAN):
        raw = ROMAN[int(numbered[1])]
    if raw == "0":
        raw = "N"
    if raw in ROMAN:
        return Card(TRUMP, raw)
    match = _TAROT_RE.match(raw)
    if not match:
        raise _bad_tarot_notation(text)
    suit = match["s1"] or match["s2"] or _SUIT_LETTERS[match["s3"]]
    rank = match["r1"] or match["r2"] or match["r3"]
    return Card(suit, _TAROT_RANKS.get(rank, rank))


def _bad_tarot_notation(text: str) -> RuleViolation:
    return EventFormatError(
        "bad_card_notation", rule="Kortnotation", params={"text": text},
        sv=f"”{text}” är inget kort i 800-leken. Skriv t.ex. ♠K, ♥KN, ♦Æ, XX, I, N eller ★.",
        en=f"“{text}” is not a card of the 800 deck. Write e.g. ♠K, ♥KN, ♦Æ, XX, I, N or ★.")


TAROT62 = Deck("tarot62", _tarot_cards(), TAROT_BLACK,
               suit_orders=(("♥", TAROT_RED), ("♦", TAROT_RED), (TRUMP, TAROT_TRUMPS),
                            (FJONT, (FJONT,))),
               parser=parse_tarot_card)


def format_cards(cards) -> str:
    return " ".join(str(card) for card in cards)


# Schnapsen and 66 (rule file 001): rank order low to high J Q K 10 A; the 24-card deck of 66
# and the Hungarian four-handed game adds the nines below the jack.
SCHNAPSEN20 = _french("schnapsen20", ("J", "Q", "K", "10", "A"))
SCHNAPSEN24 = _french("schnapsen24", ("9", "J", "Q", "K", "10", "A"))

DECKS = {deck.name: deck for deck in (FRENCH52, PIQUET36, TAROT62, SCHNAPSEN20, SCHNAPSEN24)}
