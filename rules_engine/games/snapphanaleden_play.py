"""The Snapphanaleden family, §1.4: the tricks, and §1.4.1: the ⟨★⟩ exchange.

Follow suit, else trump, else anything; a trump led is followed with trump (§1.4). What the
table knows of a hand (a hand entered, or the cards laid down in a declaration) refuses a
card at once; otherwise a card that shows a void is recorded (``rules_engine.knowledge``),
and a later card that proves the revoke is a finding. ⟨★⟩ never wins: it goes back to its
side, and when the other side took the trick the ★-side owes it a card (event ``fjont``),
as soon as it has one to give.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..cards import FJONT, SUIT_NAMES, TRUMP, Card
from ..tricks import Play, Trick, led_suit_skipping, playable, turn_refusal
from . import snapphanaleden_discards as discards
from . import snapphanaleden_expected as next_up
from . import snapphanaleden_scoring as scoring
from .snapphanaleden import (R_FJONT, R_PLAY, STAR, Deal, FjontDebt, State, Variant,
                             card_class, exchange_choices, minus, replace_at, seat_name,
                             side_name, side_of, to_play, trick_winner, violation)


def on_play(variant: Variant, state: State, event: dict[str, Any]) -> State:
    if state.phase != "play":
        raise next_up.refuse_phase(variant, state, event["type"])
    return _play_card(variant, state, event["seat"], event["card"])


def on_trick(variant: Variant, state: State, event: dict[str, Any]) -> State:
    if state.phase != "play":
        raise next_up.refuse_phase(variant, state, "trick")
    trick = state.deal.current
    assert trick is not None
    cards: tuple[Card, ...] = event["cards"]
    remaining = variant.players - len(trick.plays)
    if len(cards) != remaining:
        raise violation("trick_size", R_PLAY, {"cards": len(cards), "expected": remaining},
                        f"Sticket behöver {remaining} kort till, inte {len(cards)}.",
                        f"The trick needs {remaining} more cards, not {len(cards)}.")
    for card in cards:
        state = _play_card(variant, state, to_play(variant, state.deal), card)
    return state


def legal_cards(deal: Deal, seat: int) -> tuple[Card, ...] | None:
    """The cards ``seat`` may play now when their whole hand is known, else ``None``."""
    if not deal.hand_known[seat] or deal.current is None:
        return None
    led = led_suit_skipping(deal.current, (FJONT,))
    return playable(deal.known[seat], led, TRUMP, (FJONT,))


def _check_follow(state: State, seat: int, card: Card) -> None:
    """Follow suit, else trump (§1.4), checked against what we know of the hand."""
    deal = state.deal
    assert deal.current is not None
    led = led_suit_skipping(deal.current, (FJONT,))
    if led is None or card.suit in (led, FJONT):
        return
    known = deal.known[seat]
    source_sv, source_en = (("finns på den inmatade handen", "is in the entered hand")
                            if deal.hand_known[seat] else
                            (f"visade {seat_name(state, seat)} i sin deklaration",
                             f"{seat_name(state, seat)} showed in a declaration"))
    shown = tuple(c for d in deal.declarations if d.seat == seat for c in d.laid_down)

    def private(holds: Card, duty_sv: str, duty_en: str) -> dict[str, Any]:
        """A duty proven by a card of the entered hand (not one shown in a declaration) is
        private to the seat: in public, the duty without the card."""
        if holds in shown:
            return {}
        return {"private_to": seat,
                "public_sv": f"{seat_name(state, seat)} {duty_sv}: den inmatade handen visar "
                             "det.",
                "public_en": f"{seat_name(state, seat)} {duty_en}: the entered hand shows "
                             "it."}

    same = next((c for c in known if c.suit == led), None)
    if same is not None:
        suit_sv, suit_en = _suit_words(led)
        raise violation(
            "must_follow", R_PLAY, {"seat": seat, "card": str(card), "led_suit": led,
                                    "holds": str(same)},
            f"{seat_name(state, seat)} måste bekänna {suit_sv}: {same} {source_sv}.",
            f"{seat_name(state, seat)} must follow {suit_en}: {same} {source_en}.",
            **private(same, f"måste bekänna {suit_sv}", f"must follow {suit_en}"))
    trump = next((c for c in known if c.suit == TRUMP), None)
    if card.suit != TRUMP and trump is not None:
        raise violation(
            "must_trump", R_PLAY, {"seat": seat, "card": str(card), "led_suit": led,
                                   "holds": str(trump)},
            f"{seat_name(state, seat)} kan inte bekänna och måste då trumfa: {trump} {source_sv}.",
            f"{seat_name(state, seat)} cannot follow and must then trump: {trump} {source_en}.",
            **private(trump, "kan inte bekänna och måste då trumfa",
                      "cannot follow and must then trump"))


def _suit_words(suit: str) -> tuple[str, str]:
    if suit == TRUMP:
        return "trumf", "trumps"
    return SUIT_NAMES[suit]["sv"], SUIT_NAMES[suit]["en"]


def _voids_shown(led: str | None, card: Card) -> tuple[str, ...]:
    """What a card shows about the hand: not following shows a void in the led suit; neither
    following nor trumping a void in trumps too. ⟨★⟩ shows nothing."""
    if led is None or card.suit in (led, FJONT):
        return ()
    if card.suit == TRUMP:
        return (led,)
    return (led,) if led == TRUMP else (led, TRUMP)


def _play_card(variant: Variant, state: State, seat: int, card: Card) -> State:
    deal = state.deal
    trick = deal.current
    assert trick is not None
    expected_seat = to_play(variant, deal)
    if seat != expected_seat:
        raise turn_refusal(seat, expected_seat, trick.number, R_PLAY, state.players,
                           note_sv=" (spelet går moturs)",
                           note_en=" (play goes counter-clockwise)")
    if card not in deal.known[seat]:
        if deal.hand_known[seat]:
            raise discards.refuse_not_in_hand(state, seat, card, R_PLAY)
        if discards.free_copies(deal, card) < 1:
            raise discards.refuse_unavailable(state, seat, card, R_PLAY)
    _check_follow(state, seat, card)
    led = led_suit_skipping(trick, (FJONT,))
    knowledge = deal.knowledge.record(trick.number, led, Play(seat, card), R_PLAY,
                                      state.players, void_in=_voids_shown(led, card))
    known = deal.known[seat]
    if card in known:
        known = minus(known, (card,))
    trick = trick.add(Play(seat, card))
    deal = replace(deal, current=trick, knowledge=knowledge,
                   known=replace_at(deal.known, seat, known))
    state = replace(state, deal=deal)
    if len(trick.plays) < variant.players:
        return state
    return _finish_trick(variant, state)


def _finish_trick(variant: Variant, state: State) -> State:
    deal = state.deal
    trick = deal.current
    assert trick is not None
    winner = trick_winner(trick)
    side = side_of(variant, winner)
    piles = list(deal.piles)
    piles[side] += tuple(p.card for p in trick.plays if p.card != STAR)
    debt = deal.debt
    star = next((p.seat for p in trick.plays if p.card == STAR), None)
    if star is not None:
        star_side = side_of(variant, star)
        piles[star_side] += (STAR,)  # §1.4.1: ⟨★⟩ goes back to the pair that played it
        if star_side != side:
            debt = FjontDebt(star, star_side, side, trick.number)
    won = replace_at(deal.won, winner, deal.won[winner] + 1)
    last = trick.number == variant.hand_size
    deal = replace(deal, tricks=deal.tricks + (trick,), won=won, piles=tuple(piles), debt=debt,
                   current=None if last else Trick(trick.number + 1, winner))
    state = replace(state, deal=deal)
    if debt is not None and exchange_choices(variant, state):
        return replace(state, phase="exchange")
    if last:
        return scoring.end_of_deal(variant, state)
    return replace(state, phase="play")


# --- ⟨★⟩ Fjønt: the exchange (§1.4.1) -------------------------------------------------------
def on_fjont(variant: Variant, state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    if state.phase != "exchange" or deal.debt is None:
        raise violation(
            "no_exchange_due", R_FJONT, {"phase": state.phase},
            "Inget kort ska ges i utbyte för ★ nu.",
            "No card is due in exchange for ★ now.")
    debt = deal.debt
    card = event["card"]
    seat = event.get("seat")
    if seat is not None and side_of(variant, seat) != debt.debtor:
        raise violation(
            "not_debtor", R_FJONT, {"seat": seat},
            f"Det är {side_name(variant, state, debt.debtor)} som ger ett kort för ★.",
            f"It is {side_name(variant, state, debt.debtor)} who gives a card for ★.")
    choices = exchange_choices(variant, state)
    if card not in choices:
        hacka = (state.rules.fjont_hacka_only and card_class(card) != "hacka"
                 and any(card_class(c) == "hacka" for c in choices))
        if hacka:
            raise violation(
                "exchange_not_worthless", R_FJONT, {"card": str(card)},
                f"{card} är ingen hacka; vid det här bordet ges en hacka för ★ när man har en.",
                f"{card} is not a hacka; at this table a hacka is given for ★ when there is "
                "one.")
        raise violation(
            "exchange_not_won", R_FJONT, {"card": str(card)},
            f"{card} finns inte bland {side_name(variant, state, debt.debtor)}s vunna kort.",
            f"{card} is not among {side_name(variant, state, debt.debtor)}'s won cards.")
    piles = list(deal.piles)
    discarded = deal.discarded
    if card in piles[debt.debtor] and card != STAR:
        piles[debt.debtor] = minus(piles[debt.debtor], (card,))
    else:
        owner = next(s for s in variant.sides[debt.debtor] if card in deal.discarded[s])
        discarded = replace_at(discarded, owner, minus(discarded[owner], (card,)))
    piles[debt.creditor] += (card,)
    deal = replace(deal, piles=tuple(piles), discarded=discarded, debt=None)
    state = replace(state, deal=deal)
    if len(deal.tricks) == variant.hand_size:
        return scoring.end_of_deal(variant, state)
    return replace(state, phase="play")
