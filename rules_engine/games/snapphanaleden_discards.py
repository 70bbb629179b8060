"""The Snapphanaleden family, §1.2: the discards and a hand entered — the cards that lie face
down or are private to their seat — and where each card can be (multiset bookkeeping).

The app does not see hands (``snapphanaleden``: what the app knows). A card may be claimed
only while a copy of it is free: not played, not discarded, not known in another hand. The
discards (event ``discard``, face down, 800 §1.2) and a hand entered (event ``hand``) are
private entries of their seat (``rules_engine.secrets``); a refusal that rests on one of
them carries ``private_to`` and a public wording that does not say where the card lies.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any, Iterable

from ..cards import FJONT, TRUMP, Card
from ..errors import RuleViolation
from . import snapphanaleden_expected as next_up
from .snapphanaleden import (DECK, NO_DISCARD_RANKS, R_DECLARE, R_PLAY, TAROKKER, Deal,
                             State, Variant, extra, has_played, replace_at, seat_name,
                             violation)


# --- where a card can be (multiset bookkeeping) --------------------------------------------
def _played_count(deal: Deal, card: Card) -> int:
    return sum(1 for s in deal.knowledge.seen if s.card == card)


def _discard_count(deal: Deal, card: Card) -> int:
    return sum(cards.count(card) for _, cards in deal.discard_log)


def free_copies(deal: Deal, card: Card) -> int:
    """Copies of ``card`` nobody is known to have: not played, discarded or known held."""
    return (DECK.copies(card) - _played_count(deal, card) - _discard_count(deal, card)
            - sum(hand.count(card) for hand in deal.known))


def refuse_unavailable(state: State, seat: int, card: Card, rule: str) -> RuleViolation:
    """Why no copy of ``card`` can be in ``seat``'s hand: the most telling reason."""
    deal = state.deal
    for seen in deal.knowledge.seen:
        if seen.card == card and DECK.copies(card) == 1:
            return violation(
                "card_already_played", rule, {"card": str(card), "trick": seen.trick,
                                              "seat": seen.seat},
                f"{card} är redan spelat i stick {seen.trick} (av {seat_name(state, seen.seat)}).",
                f"{card} was already played in trick {seen.trick} (by "
                f"{seat_name(state, seen.seat)}).")
    # The discards lie face down and an entered hand is its player's own: a refusal that
    # rests on them is private to that seat, and says in public only that no copy is free.
    public = _no_copy_free(state, seat, card)
    for owner, cards in deal.discard_log:
        if card in cards:
            if owner == seat:
                also_sv, also_en = (
                    (" och får inte ingå i deklarationen", " and may not be declared")
                    if rule == R_DECLARE else ("", ""))
                return violation(
                    "card_discarded", rule, {"card": str(card), "seat": seat},
                    f"{card} ligger bland {seat_name(state, seat)}s sakade kort; de är inte på "
                    f"handen{also_sv}.",
                    f"{card} is among {seat_name(state, seat)}'s discards; they are not in the "
                    f"hand{also_en}.", private_to=owner, **public)
            if DECK.copies(card) == 1:
                return violation(
                    "card_discarded", rule, {"card": str(card), "seat": owner},
                    f"{card} är sakat av {seat_name(state, owner)}.",
                    f"{card} was discarded by {seat_name(state, owner)}.",
                    private_to=owner, **public)
    for other, hand in enumerate(deal.known):
        if other != seat and card in hand and DECK.copies(card) == 1:
            shown = any(card in d.laid_down for d in deal.declarations if d.seat == other)
            return violation(
                "card_held_by_other", rule, {"card": str(card), "seat": other},
                f"{card} är känt på {seat_name(state, other)}s hand.",
                f"{card} is known to be in {seat_name(state, other)}'s hand.",
                **({} if shown else {"private_to": other, **public}))
    return violation(
        "card_already_played", rule, {"card": str(card), "copies": DECK.copies(card)},
        f"Alla {DECK.copies(card)} exemplar av {card} är redan spelade, sakade eller kända "
        "på andra händer.",
        f"All {DECK.copies(card)} copies of {card} are already played, discarded or known "
        "in other hands.")


def _no_copy_free(state: State, seat: int, card: Card) -> dict[str, str]:
    """The public wording of a refusal whose reason is a private card: what is wrong,
    without where the card lies or who holds it."""
    if seat < 0:
        return {"public_sv": f"Inget exemplar av {card} är ledigt: det kan inte vara med här.",
                "public_en": f"No copy of {card} is free: it cannot be part of this entry."}
    return {"public_sv": f"{card} kan inte finnas på {seat_name(state, seat)}s hand: inget "
                         "exemplar är ledigt.",
            "public_en": f"{card} cannot be in {seat_name(state, seat)}'s hand: no copy of it is "
                         "free."}


def check_copies(cards: Iterable[Card], rule: str) -> None:
    """One entry cannot name a card more often than the deck holds it."""
    for card, count in Counter(cards).items():
        if count > DECK.copies(card):
            raise violation(
                "card_repeated", rule, {"card": str(card), "count": count,
                                        "copies": DECK.copies(card)},
                f"{card} står {count} gånger, men leken har {DECK.copies(card)}.",
                f"{card} is named {count} times, but the deck has {DECK.copies(card)}.")


def claim(state: State, seat: int, cards: Iterable[Card], rule: str) -> None:
    """Check that ``seat`` can hold ``cards`` besides what they are known to hold."""
    deal = state.deal
    cards = tuple(cards)
    check_copies(cards, rule)
    for card, count in extra(cards, deal.known[seat]).items():
        if deal.hand_known[seat]:
            raise refuse_not_in_hand(state, seat, card, rule)
        if free_copies(deal, card) < count:
            raise refuse_unavailable(state, seat, card, rule)


def refuse_not_in_hand(state: State, seat: int, card: Card, rule: str) -> RuleViolation:
    return violation(
        "not_in_hand", rule, {"card": str(card), "seat": seat},
        f"{card} finns inte på {seat_name(state, seat)}s inmatade hand.",
        f"{card} is not in {seat_name(state, seat)}'s entered hand.",
        private_to=seat,
        public_sv=f"Kortet stämmer inte med handen som matats in för {seat_name(state, seat)}.",
        public_en=f"The card does not fit the hand entered for {seat_name(state, seat)}.")


# --- the discards (§1.2) -------------------------------------------------------------------
def discards_due(variant: Variant, deal: Deal) -> tuple[tuple[int, int], ...]:
    """The (seat, count) discards the current stage still waits for."""
    done = deal.discard_log
    for stage in variant.discard_stages:
        wanted = tuple((_role_seat(variant, deal, role), count) for role, count in stage)
        entries, done = done[:len(wanted)], done[len(wanted):]
        entered = {seat for seat, _ in entries}
        missing = tuple((seat, count) for seat, count in wanted if seat not in entered)
        if missing:
            return missing
    return ()


def _role_seat(variant: Variant, deal: Deal, role: str) -> int:
    if role == "dealer":
        return deal.dealer
    return next(s for s in range(variant.players) if s != deal.dealer)  # "other" (2 players)


def on_discard(variant: Variant, state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    if state.phase != "discard":
        raise next_up.refuse_phase(variant, state, "discard")
    seat, cards = event["seat"], tuple(event["cards"])
    due = dict(discards_due(variant, deal))
    if seat not in due:
        waiting = ", ".join(seat_name(state, s) for s in due)
        raise violation(
            "not_your_discard", variant.rule_deal, {"seat": seat, "due": sorted(due)},
            f"{seat_name(state, seat)} ska inte saka nu; det gör {waiting}.",
            f"{seat_name(state, seat)} does not discard now; {waiting} does.")
    if len(cards) != due[seat]:
        raise violation(
            "discard_count", variant.rule_deal, {"seat": seat, "cards": len(cards),
                                                 "expected": due[seat]},
            f"{seat_name(state, seat)} sakar {due[seat]} kort, inte {len(cards)}.",
            f"{seat_name(state, seat)} discards {due[seat]} cards, not {len(cards)}.")
    for card in cards:
        if card in TAROKKER or (card.suit not in (TRUMP, FJONT)
                                and card.rank in NO_DISCARD_RANKS):
            what_sv, what_en = (("en tarok", "a tarok") if card in TAROKKER
                                else ("en kung", "a king"))
            raise violation(
                "discard_forbidden", variant.rule_deal, {"seat": seat, "card": str(card)},
                f"{card} är {what_sv}: det är förbjudet att saka tarokker (XX, XIX, N, ★) "
                "och K.",
                f"{card} is {what_en}: tarokker (XX, XIX, N, ★) and kings may not be "
                "discarded.")
    check_copies(cards, variant.rule_deal)
    for card, count in Counter(cards).items():
        if card in deal.known[seat]:
            raise violation(
                "discard_in_hand", variant.rule_deal, {"seat": seat, "card": str(card)},
                f"{card} står i {seat_name(state, seat)}s inmatade hand, korten som spelas; "
                "det kan inte också vara sakat.",
                f"{card} is in {seat_name(state, seat)}'s entered hand, the cards they play with; "
                "it cannot be discarded as well.", private_to=seat,
                public_sv="De sakade korten stämmer inte med handen som matats in.",
                public_en="The discards do not fit the hand entered.")
        if free_copies(deal, card) < count:
            raise refuse_unavailable(state, -1, card, variant.rule_deal)
    discarded = replace_at(deal.discarded, seat, deal.discarded[seat] + cards)
    deal = replace(deal, discard_log=deal.discard_log + ((seat, cards),), discarded=discarded)
    phase = "discard" if discards_due(variant, deal) else "play"
    return replace(state, deal=deal, phase=phase)


# --- a hand entered ------------------------------------------------------------------------
def on_hand(variant: Variant, state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    seat, cards = event["seat"], tuple(event["cards"])
    if state.phase not in ("discard", "play") or has_played(deal, seat):
        raise violation(
            "hand_too_late", R_PLAY, {"seat": seat},
            f"{seat_name(state, seat)} har redan spelat: handen matas in före det första kortet.",
            f"{seat_name(state, seat)} has played already: the hand is entered before the "
            "first card.")
    if deal.hand_known[seat]:
        raise violation("hand_known", R_PLAY, {"seat": seat},
                        f"{seat_name(state, seat)}s hand är redan inmatad.",
                        f"{seat_name(state, seat)}'s hand is already entered.")
    if len(cards) != variant.hand_size:
        raise violation(
            "hand_size", variant.rule_deal, {"seat": seat, "cards": len(cards),
                                             "expected": variant.hand_size},
            f"En hand har {variant.hand_size} kort när spelet börjar (efter sakningen), "
            f"inte {len(cards)}.",
            f"A hand holds {variant.hand_size} cards when play begins (after the discard), "
            f"not {len(cards)}.")
    missing = extra(deal.known[seat], cards)
    if missing:
        card = next(iter(missing))
        raise violation(
            "hand_conflict", R_DECLARE, {"seat": seat, "card": str(card)},
            f"{seat_name(state, seat)} visade {card} i sin deklaration; det måste finnas i handen.",
            f"{seat_name(state, seat)} showed {card} in their declaration; it must be in the hand.")
    claim(state, seat, cards, variant.rule_deal)
    deal = replace(deal, known=replace_at(deal.known, seat, cards),
                   hand_known=replace_at(deal.hand_known, seat, True))
    return replace(state, deal=deal)
