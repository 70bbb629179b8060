"""A hand a player enters on their own phone, and the plays checked against it at once.

Design principle 3: the app does not see the hands, so a duty the text puts on a play
(follow suit, trump, play higher if able, ...) is proven only later, by a card the player
shows afterwards. A player may enter the cards they hold; from then on each of their plays is
checked against that hand when it arrives and refused with the duty cited. Principle 9: the
entered hand is a private entry of its seat (``rules_engine.secrets``) until the deal is over.

The shared parts live here so that every trick game checks a hand entry and words a refusal
about a private card in the same way:

- ``check_entry``: a hand entry is refused when it is entered twice, has the wrong size,
  names a card twice, names a card already played or shown, or a card in another seat's
  entered hand;
- ``refuse_repeated`` / ``refuse_already_played``: the same refusals for games that check
  the entry in their own order (whist, Priffe, Fyrtioett);
- ``check_in_hand`` / ``refuse_held_by_other``: a play must come from the seat's own entered
  hand, and a card in another seat's entered hand cannot be played by anyone else;
- ``refuse_duty``: a duty of the text broken by a play that the entered hand proves wrong;
- ``cards_held``: how many cards a seat holds now (the size a hand entry must have);
- ``offer_hand_entry``: ``expected`` plus hand entry — the legal cards of the seat to play,
  sealed for their phone, and a ``hand`` input for each seat that may still enter their hand.

Each refusal that rests on a private card carries ``private_to`` and a public wording that
says what is wrong without naming the card or saying who holds it.

What this means for a game that takes a ``hand`` (said here once for all of them): the
entered hand is ``PRIVATE`` to its seat until the deal is over (``deal_in_progress``);
``describe`` holds it sealed (``sealed_hands``), ``expected`` gives the seat its legal cards
sealed (``fields.legal``, ``sealed_legal``) and never leaves entered cards out of the public
hint, and refusals resting on it (``not_in_hand``, ``must_follow``, ``card_held_by_other``)
carry ``private_to`` with a wording that names no card. ``PRIVATE`` below is the whole
declaration of a game whose only private entry is the hand; the games' docstrings refer here
rather than repeat this.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any, Callable, Iterable, Sequence

from .cards import Card, SUIT_NAMES
from .errors import RuleViolation
from .events import EventSpec
from .protocol import Expectation, Expected
from .secrets import PrivateSpec, sealed

HAND = "hand"

HAND_EVENT = EventSpec(
    {"seat": "seat", "cards": "cards"},
    help_sv="Spelaren matar in korten på sin hand nu (syns bara för den egna platsen tills "
            "given är slut); därefter prövas varje kort som spelas genast mot handen.",
    help_en="The player enters the cards they hold now (seen only by their seat until the deal "
            "is over); from then on each card they play is checked against it at once.")

# ``PRIVATE`` of a game whose only private entry is the hand.
PRIVATE = {HAND: PrivateSpec(("cards",))}

Hands = tuple  # tuple[tuple[Card, ...] | None, ...]: the entered hands, still held


def no_hands(n_seats: int) -> Hands:
    return (None,) * n_seats


def holder(hands: Hands, card: Card) -> int | None:
    """The seat whose entered hand holds ``card``, if any."""
    for seat, hand in enumerate(hands):
        if hand is not None and card in hand:
            return seat
    return None


def with_hand(hands: Hands, seat: int, hand: tuple[Card, ...] | None) -> Hands:
    return tuple(hand if s == seat else h for s, h in enumerate(hands))


def without(hands: Hands, seat: int, card: Card) -> Hands:
    """The hands after ``seat`` played ``card`` (unchanged when their hand is not entered)."""
    hand = hands[seat]
    if hand is None:
        return hands
    rest = list(hand)
    rest.remove(card)
    return with_hand(hands, seat, tuple(rest))


def sealed_hands(hands: Hands) -> list[Any]:
    """The entered hands for ``describe``: each sealed for its seat, ``None`` if not entered."""
    return [None if hand is None else sealed(seat, hand) for seat, hand in enumerate(hands)]


def sealed_legal(seat: int, cards: Iterable[Card] | None) -> dict[str, Any] | None:
    """The cards ``seat`` may play now, for ``expected`` (their phone offers them first)."""
    return None if cards is None else sealed(seat, cards)


def cards_held(size: int, seen: Iterable[Any], seat: int) -> int:
    """Cards ``seat`` holds now: ``size`` (dealt, or after the buying) less their plays among
    ``seen`` (``Play``-like values with a ``seat``)."""
    return size - sum(1 for play in seen if play.seat == seat)


def offer_hand_entry(exp: Expected, legal_of: Callable[[int], tuple[Card, ...] | None],
                     open_seats: Iterable[tuple[int, int]]) -> Expected:
    """``expected`` plus hand entry: the legal cards of the seat to play when their hand is
    known (``legal_of(seat)``, ``None`` when not; sealed: only their phone sees them), and a
    ``hand`` input with its card count for each ``(seat, count)`` of ``open_seats``."""
    inputs = []
    for item in exp.inputs:
        if item.type == "play" and item.seat is not None:
            legal = legal_of(item.seat)
            if legal is not None:
                item = replace(item, fields=dict(item.fields,
                                                 legal=sealed_legal(item.seat, legal)))
        inputs.append(item)
    inputs += [Expectation("hand", seat, fields={"count": count}) for seat, count in open_seats]
    return replace(exp, inputs=tuple(inputs))


def check_entry(hands: Hands, seat: int, cards: Sequence[Card], *, size: int,
                seen: Iterable[Card], rule: str, players: Sequence[str],
                size_sv: str = "", size_en: str = "") -> tuple[Card, ...]:
    """Refuse a hand entry that cannot be the cards ``seat`` holds now; else return it.

    ``size`` is how many cards they hold now (dealt minus played); ``seen`` the cards already
    played or shown face up that are not in their hand now. ``size_sv``/``size_en`` say where
    the size comes from ("6 dealt, 2 played").
    """
    name = players[seat]
    cards = tuple(cards)
    if hands[seat] is not None:
        raise RuleViolation(
            "hand_already_entered", rule=rule, params={"seat": seat},
            sv=f"{name}s hand är redan inmatad.", en=f"{name}'s hand is already entered.")
    if len(cards) != size:
        raise RuleViolation(
            "hand_size", rule=rule, params={"seat": seat, "cards": len(cards), "expected": size},
            sv=f"{name} har {size} kort på handen nu{size_sv}, inte {len(cards)}.",
            en=f"{name} holds {size} cards now{size_en}, not {len(cards)}.")
    repeated = [str(c) for c, k in Counter(cards).items() if k > 1]
    if repeated:
        raise RuleViolation(
            "card_repeated", rule=rule, params={"seat": seat, "cards": repeated},
            sv=f"{', '.join(repeated)} står mer än en gång; leken har ett av varje.",
            en=f"{', '.join(repeated)} is named more than once; the deck has one of each.",
            private_to=seat,
            public_sv=f"Ett kort står mer än en gång i {name}s hand; leken har ett av varje.",
            public_en=f"A card is named more than once in {name}'s hand; the deck has one of "
                      "each.")
    seen_set = set(seen)
    for card in cards:
        if card in seen_set:
            raise refuse_already_played(seat, card, rule, players)
        other = holder(hands, card)
        if other is not None:
            raise refuse_held_by_other(card, other, rule, players, poster=seat)
    return cards


def refuse_already_played(seat: int, card: Card, rule: str, players: Sequence[str], *,
                          shown: bool = True) -> RuleViolation:
    """A hand entry names ``card``, already played (or, with ``shown``, shown face up): it
    cannot be in ``seat``'s hand. The card is their secret: the public wording names none.
    ``shown=False`` for games where no card is shown, only played (Fyrtioett)."""
    name = players[seat]
    sv_or, en_or = (" eller visat", " or shown") if shown else ("", "")
    return RuleViolation(
        "card_already_played", rule=rule, params={"seat": seat, "card": str(card)},
        sv=f"{card} är redan spelat{sv_or} och kan inte finnas på {name}s hand.",
        en=f"{card} was already played{en_or} and cannot be in {name}'s hand.",
        private_to=seat,
        public_sv=f"{name}s hand nämner ett kort som redan är spelat{sv_or}.",
        public_en=f"{name}'s hand names a card that was already played{en_or}.")


def refuse_repeated(seat: int, repeated: Sequence[str], rule: str,
                    players: Sequence[str]) -> RuleViolation:
    """Cards named more than once in ``seat``'s hand entry, for games that check the entry
    themselves (whist, Priffe): the cards are their secret, the public wording names none."""
    name = players[seat]
    return RuleViolation(
        "card_repeated", rule=rule, params={"cards": list(repeated)},
        sv=f"{', '.join(repeated)} står mer än en gång; leken har ett av varje.",
        en=f"{', '.join(repeated)} is named more than once; the deck has one of each.",
        private_to=seat,
        public_sv=f"Ett kort står mer än en gång i {name}s hand.",
        public_en=f"A card is named more than once in {name}'s hand.")


def refuse_held_by_other(card: Card, holder_seat: int, rule: str, players: Sequence[str],
                         poster: int | None = None) -> RuleViolation:
    """``card`` is in ``holder_seat``'s entered hand: nobody else can hold or play it.

    The reason is the holder's private card: other readers learn only that the card is in
    another player's entered hand, not in whose.
    """
    who = players[holder_seat]
    return RuleViolation(
        "card_held_by_other", rule=rule,
        params={"card": str(card), "seat": holder_seat, "poster": poster},
        sv=f"{card} finns på {who}s inmatade hand.",
        en=f"{card} is in {who}'s entered hand.",
        private_to=holder_seat,
        public_sv=f"{card} finns redan på en annan spelares inmatade hand.",
        public_en=f"{card} is already in another player's entered hand.")


def check_in_hand(hands: Hands, seat: int, card: Card, rule: str,
                  players: Sequence[str]) -> None:
    """A seat whose hand is entered plays from it; anyone else cannot play a card in it."""
    hand = hands[seat]
    if hand is None:
        other = holder(hands, card)
        if other is not None:
            raise refuse_held_by_other(card, other, rule, players, poster=seat)
        return
    if card not in hand:
        raise refuse_not_in_hand(seat, card, rule, players)


def refuse_not_in_hand(seat: int, card: Card, rule: str,
                       players: Sequence[str]) -> RuleViolation:
    """``card`` is not in ``seat``'s entered hand (their own secret: the public wording does
    not name the card, which would tell what they tried and so what they lack)."""
    name = players[seat]
    return RuleViolation(
        "not_in_hand", rule=rule, params={"seat": seat, "card": str(card)},
        sv=f"{card} finns inte på {name}s inmatade hand.",
        en=f"{card} is not in {name}'s entered hand.",
        private_to=seat,
        public_sv=f"Kortet finns inte på {name}s inmatade hand.",
        public_en=f"The card is not in {name}'s entered hand.")


def refuse_duty(code: str, rule: str, seat: int, params: dict[str, Any], *, sv: str, en: str,
                public_sv: str, public_en: str) -> RuleViolation:
    """A play that breaks a duty of the text, proven by ``seat``'s entered hand.

    ``sv``/``en`` may name the card of the hand that proves it; the public wording names the
    duty only.
    """
    return RuleViolation(code, rule=rule, params=dict(params, seat=seat), sv=sv, en=en,
                         private_to=seat, public_sv=public_sv, public_en=public_en)


def refuse_must_follow(rule: str, seat: int, card: Card, led: str, holds: Card,
                       players: Sequence[str]) -> RuleViolation:
    """The common duty: follow the led suit when the hand holds a card of it."""
    name = players[seat]
    suit_sv, suit_en = SUIT_NAMES[led]["sv"], SUIT_NAMES[led]["en"]
    return refuse_duty(
        "must_follow", rule, seat, {"card": str(card), "led_suit": led, "holds": str(holds)},
        sv=f"{name} måste bekänna {suit_sv}: {holds} finns på den inmatade handen.",
        en=f"{name} must follow {suit_en}: {holds} is in the entered hand.",
        public_sv=f"{name} måste bekänna {suit_sv}: den inmatade handen har kort i den färgen.",
        public_en=f"{name} must follow {suit_en}: the entered hand holds that suit.")
