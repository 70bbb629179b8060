"""Tricks: the cards of a trick, which card wins it, and which cards may be played.

The seat ring (``next_seat``, ``seats_from``: clockwise or counter-clockwise, skipping seats
no longer in the deal, such as Rödskägg's "går inte med") lives in ``rules_engine.seating``
with the rest of who sits where; it is imported here too, so ``tricks.next_seat`` keeps
working.

For a game's card play (so that the next trick game writes only its own duties):

- ``winning_play`` / ``playable`` (and the ``_skipping`` forms for a card of no suit): who
  takes the trick, and the cards a hand may play under "follow suit, else trump";
- ``turn_refusal``: a card from a player whose turn it is not, the same words in every game;
- ``enter_trick``: a whole trick entered at once (event ``trick``), each card through the
  game's own check of a single card; ``check_trick_size`` its count;
- ``add_trick``: tricks per seat after one more; ``trick_as_dict``: a trick for ``describe``;
- for games that must also head the trick (the Schnapsen family), ``duty_broken`` — which
  duty a card broke, proven by another card of the same hand — and ``legal_under_duty``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from .cards import Card, Deck
from .errors import RuleViolation
from .seating import next_seat, seats_from  # noqa: F401  (re-exported: the seat ring)


@dataclass(frozen=True)
class Play:
    seat: int
    card: Card


@dataclass(frozen=True)
class Trick:
    """One trick in progress or complete. ``number`` counts from 1 within the deal."""

    number: int
    leader: int
    plays: tuple[Play, ...] = ()

    @property
    def led_suit(self) -> str | None:
        return self.plays[0].card.suit if self.plays else None

    def add(self, play: Play) -> "Trick":
        return Trick(self.number, self.leader, self.plays + (play,))

    def seats(self) -> tuple[int, ...]:
        return tuple(p.seat for p in self.plays)

    def card_of(self, seat: int) -> Card | None:
        for play in self.plays:
            if play.seat == seat:
                return play.card
        return None


def winning_play(trick: Trick, deck: Deck, trump: str | None = None) -> Play:
    """The play that takes the trick: the highest trump if any was played, else the highest
    card of the led suit. Cards of other suits never win."""
    if not trick.plays:
        raise ValueError("empty trick")
    best = trick.plays[0]
    for play in trick.plays[1:]:
        if _beats(play.card, best.card, trick.led_suit, deck, trump):
            best = play
    return best


def _beats(card: Card, best: Card, led: str | None, deck: Deck, trump: str | None) -> bool:
    if trump is not None and card.suit == trump and best.suit != trump:
        return True
    if card.suit != best.suit:
        return False
    return deck.rank_value(card) > deck.rank_value(best)


def turn_refusal(seat: int, expected_seat: int, trick: int, rule: str,
                 players: Sequence[str], *, note_sv: str = "",
                 note_en: str = "") -> RuleViolation:
    """The refusal of a card from a player whose turn it is not: whose turn it is, in which
    trick. ``note_sv``/``note_en`` add a reminder inside the sentence (" (spelet går
    moturs)")."""
    return RuleViolation(
        "not_your_turn", rule=rule,
        params={"seat": seat, "expected_seat": expected_seat, "trick": trick},
        sv=f"Det är {players[expected_seat]}s tur i stick {trick}, inte {players[seat]}s"
           f"{note_sv}.",
        en=f"It is {players[expected_seat]}'s turn in trick {trick}, not {players[seat]}'s"
           f"{note_en}.")


def follows_suit(card: Card, led_suit: str | None) -> bool:
    return led_suit is None or card.suit == led_suit


# --- decks with a card that belongs to no suit (800's ⟨★⟩ Fjønt) -------------------------
def led_suit_skipping(trick: Trick, free: Iterable[str] = ()) -> str | None:
    """The suit to follow: the first card's suit, skipping cards of the ``free`` suits.

    800's ⟨★⟩ may be played at any time and sets no suit: when it is led, the next player's
    card decides what the others must follow (Snapphanaleden §1.4.1).
    """
    free_set = set(free)
    for play in trick.plays:
        if play.card.suit not in free_set:
            return play.card.suit
    return None


def winning_play_skipping(trick: Trick, deck: Deck, trump: str | None = None,
                          free: Iterable[str] = (), later_equal_wins: bool = False) -> Play:
    """The play that takes the trick when some cards never win.

    Like ``winning_play``, but cards of the ``free`` suits are passed over and the suit to
    follow is set by the first other card. With ``later_equal_wins`` a card of the same rank
    as the best so far beats it when played later: 800's four identical snapphanar ⟨I⟩,
    "the last one played wins" (§1.1.1).
    """
    free_set = set(free)
    led = led_suit_skipping(trick, free_set)
    best: Play | None = None
    for play in trick.plays:
        if play.card.suit in free_set:
            continue
        if best is None or _beats(play.card, best.card, led, deck, trump) or (
                later_equal_wins and play.card == best.card):
            best = play
    if best is None:
        raise ValueError("no card in the trick can win it")
    return best


def playable(hand: Iterable[Card], led_suit: str | None, trump: str | None,
             free: Iterable[str] = ()) -> tuple[Card, ...]:
    """The cards of ``hand`` that follow the rule "follow suit; else trump; else anything".

    Cards of the ``free`` suits may always be played. A trump led is followed with trump.
    """
    cards = tuple(hand)
    free_set = set(free)
    if led_suit is None:
        return cards
    for must in (led_suit, trump):
        if must is not None and any(c.suit == must for c in cards):
            return tuple(c for c in cards if c.suit == must or c.suit in free_set)
    return cards


# --- trick play entered at the table: shared checks and words ------------------------------
def check_trick_size(cards: tuple[Card, ...], remaining: int, rule: str) -> None:
    """A whole trick entered at once (event ``trick``) holds exactly the cards still due."""
    if len(cards) != remaining:
        raise RuleViolation(
            "trick_size", rule=rule, params={"cards": len(cards), "expected": remaining},
            sv=f"Sticket behöver {remaining} kort till, inte {len(cards)}.",
            en=f"The trick needs {remaining} more cards, not {len(cards)}.")


def add_trick(won: tuple[int, ...], winner: int) -> tuple[int, ...]:
    """Tricks per seat after ``winner`` took one more."""
    return tuple(w + (1 if s == winner else 0) for s, w in enumerate(won))


def trick_as_dict(trick: Trick, winner: int | None = None) -> dict:
    """A trick for ``describe``: number, leader, the cards by seat, and (once complete) who
    took it."""
    out = {"number": trick.number, "leader": trick.leader,
           "cards": [{"seat": p.seat, "card": str(p.card)} for p in trick.plays]}
    if winner is not None:
        out["winner"] = winner
    return out


def enter_trick(state: Any, cards: tuple[Card, ...], remaining: int, rule: str,
                to_play: Callable[[Any], int],
                play: Callable[[Any, int, Card], Any]) -> Any:
    """A whole trick entered at once (event ``trick``): the cards in playing order from the
    seat to play, each played by ``play(state, seat, card)`` for the seat ``to_play(state)``
    names — so every check of a single card applies to each of them."""
    check_trick_size(cards, remaining, rule)
    for card in cards:
        state = play(state, to_play(state), card)
    return state


# --- the duty to follow, trump and head the trick (the Schnapsen family) -----------------
def beats(card: Card, best: Card, deck: Deck, trump: str | None = None) -> bool:
    """Does ``card`` take the trick from ``best``: a trump over a card that is not, or a
    higher card of the same suit?"""
    return _beats(card, best, None, deck, trump)


def duty_broken(card: Card, other: Card, prefix: tuple[Play, ...], deck: Deck,
                trump: str | None, must_head: bool = True) -> str | None:
    """Would holding ``other`` have made playing ``card`` after ``prefix`` illegal?

    The rule of games where one must follow suit if able, else trump if able, and within
    that beat the best card on the table if able (Schnapsen — Sticken; Schnapsen för fyra;
    66 without the heading duty when ``must_head`` is off). Returns the duty broken —
    "follow", "trump" or "head" — or None. One card is always enough to prove a breach, so a
    card played later (or shown, or entered) proves an earlier trick wrong once no card can
    have entered the hand in between (design principle 3). ``playable`` above has no duty
    to head.
    """
    if not prefix:
        return None
    led = prefix[0].card.suit
    best = winning_play(Trick(0, prefix[0].seat, prefix), deck, trump).card
    if card.suit != led and other.suit == led:
        return "follow"
    if card.suit == led:
        if must_head and other.suit == led and beats(other, best, deck, trump) \
                and not beats(card, best, deck, trump):
            return "head"
        return None
    if card.suit != trump and other.suit == trump:
        return "trump"
    if card.suit == trump and other.suit == trump and must_head \
            and beats(other, best, deck, trump) and not beats(card, best, deck, trump):
        return "head"
    return None


def legal_under_duty(hand: Iterable[Card], prefix: tuple[Play, ...], deck: Deck,
                     trump: str | None, must_head: bool = True) -> tuple[Card, ...]:
    """The cards of a whole hand that may be played after ``prefix`` under ``duty_broken``:
    those no other card of the hand makes illegal."""
    cards = tuple(hand)
    if not prefix:
        return cards
    return tuple(c for c in cards
                 if not any(duty_broken(c, o, prefix, deck, trump, must_head)
                            for o in cards if o != c))
