"""The trick play of the Schnapsen family and its duties: a card played or a whole trick,
whose turn it is, the trick's end and the draw, a hand entered by its player, and the duty to
follow suit, else trump, and head the trick (Schnapsen — Sticken; Schnapsen för fyra —
Sticken; 66's ``must_head``).

When a card is refused at once and when a later card proves a breach instead:
``schnapsen_family``, "What the app knows". The duty itself is ``tricks.duty_broken``, for
any game that must head the trick.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .. import hands as hand_entry
from ..cards import Card
from ..errors import Finding, violation
from ..tricks import Play, Trick, duty_broken, turn_refusal
from . import schnapsen_marriages as marriages
from . import schnapsen_scoring as scoring
from . import schnapsen_talon as talon
from .schnapsen_family import Variant, legal_cards, require_play
from .schnapsen_hand import (Hand, State, duty_applies, player_name, refuse_unavailable, set_at,
                             to_play, trick_winner)


# The duties (``tricks.duty_broken``) in words, with the code of the refusal that cites each.
DUTY_WORDS = {
    "follow": ("bekänna färg", "follow suit", "must_follow"),
    "trump": ("trumfa", "trump", "must_trump"),
    "head": ("ta sticket (gå över)", "head the trick (play higher)", "must_head"),
}


# --- playing cards -------------------------------------------------------------------------------
def on_play(variant: Variant, state: State, event: dict[str, Any]) -> State:
    require_play(variant, state, "play")
    return play_card(variant, state, event["seat"], event["card"])


def on_trick(variant: Variant, state: State, event: dict[str, Any]) -> State:
    hand = require_play(variant, state, "trick")
    trick = hand.current
    assert trick is not None
    cards: tuple[Card, ...] = event["cards"]
    remaining = variant.players - len(trick.plays)
    if len(cards) != remaining:
        raise violation("trick_size", variant.refs.play,
                        {"cards": len(cards), "expected": remaining},
                        f"Sticket behöver {remaining} kort till, inte {len(cards)}.",
                        f"The trick needs {remaining} more cards, not {len(cards)}.")
    for index, card in enumerate(cards):
        hand = state.hand
        assert hand is not None
        seat = to_play(variant, hand)
        if index == 0 and event.get("marriage"):
            state = marriages.lead_marriage(variant, state, hand, seat, card)
        else:
            state = play_card(variant, state, seat, card)
    return state


def play_card(variant: Variant, state: State, seat: int, card: Card) -> State:
    hand = state.hand
    assert hand is not None and hand.current is not None
    trick = hand.current
    rule = variant.refs.play
    expected_seat = to_play(variant, hand)
    if seat != expected_seat:
        raise turn_refusal(seat, expected_seat, trick.number, rule, state.players)
    refusal = refuse_unavailable(variant, state, hand, seat, card, rule)
    if refusal is not None:
        raise refusal
    if trick.plays and duty_applies(hand, trick.number):
        _check_known_duty(variant, state, hand, seat, card)
    _check_entered(variant, state, hand, seat, card)
    knowledge = hand.knowledge.record(trick.number, trick.led_suit, Play(seat, card), rule,
                                      state.players, void_in=())
    findings = hand.duty_findings + proven_breaches(variant, state, hand, seat, card)
    known = set_at(hand.known, seat, tuple(c for c in hand.known[seat] if c != card))
    partner = hand.partner
    if variant.calls_partner and card == hand.called:
        partner = seat  # "指名したカードを手から出すまで" — now everybody knows
    trick = trick.add(Play(seat, card))
    hand = replace(hand, current=trick, knowledge=knowledge, duty_findings=findings,
                   known=known, partner=partner,
                   entered=hand_entry.without(hand.entered, seat, card) if hand.entered
                   else hand.entered)
    state = replace(state, hand=hand)
    if len(trick.plays) < variant.players:
        return state
    return _finish_trick(variant, state)


def _check_known_duty(variant: Variant, state: State, hand: Hand, seat: int,
                      card: Card) -> None:
    """Refuse at once a card that a card known in the hand shows to be wrong."""
    trick = hand.current
    assert trick is not None
    for other in hand.known[seat]:
        if other == card:
            continue
        duty = duty_broken(card, other, trick.plays, variant.deck, hand.trump,
                           state.rules.must_head)
        if duty is not None:
            sv, en, code = DUTY_WORDS[duty]
            raise violation(
                code, variant.refs.play, {"seat": seat, "card": str(card),
                                          "holds": str(other), "trick": trick.number},
                f"{player_name(state, seat)} måste {sv}: {other} är känt på handen.",
                f"{player_name(state, seat)} must {en}: {other} is known to be in their hand.")


def proven_breaches(variant: Variant, state: State, hand: Hand, seat: int,
                    card: Card, shown: bool = False) -> tuple[Finding, ...]:
    """Earlier tricks under the duty in which ``seat`` followed wrongly, proven by ``card``
    (played now, or ``shown`` in their hand at a claim): under the duty no card enters a hand,
    so ``card`` was held then too."""
    found = []
    already = {(f.seat, f.params["breach_trick"]) for f in hand.duty_findings}
    tricks = hand.tricks + ((hand.current,) if shown and hand.current is not None else ())
    for trick in tricks:
        if not duty_applies(hand, trick.number) or (seat, trick.number) in already:
            continue
        for index, play in enumerate(trick.plays):
            if play.seat != seat or index == 0:
                continue
            duty = duty_broken(play.card, card, trick.plays[:index], variant.deck, hand.trump,
                               state.rules.must_head)
            if duty is None:
                continue
            sv, en, _code = DUTY_WORDS[duty]
            name = player_name(state, seat)
            current = hand.current.number if hand.current else trick.number
            how_sv = "visat vid 66-ropet" if shown else "spelat"
            how_en = "shown at the claim" if shown else "played"
            found.append(Finding(
                code="duty_breach", rule=variant.refs.play, seat=seat,
                params={"duty": duty, "breach_trick": trick.number,
                        "breach_card": str(play.card), "proof_trick": current,
                        "proof_card": str(card)},
                sv=(f"{name} skulle {sv} i stick {trick.number} men spelade {play.card}; "
                    f"{card}, {how_sv} i stick {current}, fanns då på handen."),
                en=(f"{name} had to {en} in trick {trick.number} but played {play.card}; "
                    f"{card}, {how_en} in trick {current}, was in their hand then.")))
    return tuple(found)


def _finish_trick(variant: Variant, state: State) -> State:
    hand = state.hand
    assert hand is not None and hand.current is not None
    trick = hand.current
    winner = trick_winner(variant, hand, trick)
    won = set_at(hand.won, winner, hand.won[winner] + tuple(p.card for p in trick.plays))
    won_tricks = set_at(hand.won_tricks, winner, hand.won_tricks[winner] + 1)
    hand = replace(hand, tricks=hand.tricks + (trick,), won=won, won_tricks=won_tricks)
    if variant.talon and hand.talon_open:
        hand = talon.draw(variant, hand, trick.number, winner)
    else:
        hand = replace(hand, in_hand=hand.in_hand - 1)
    if hand.in_hand == 0:
        return scoring.end_of_hand(variant, replace(state, hand=replace(hand, current=None)))
    hand = replace(hand, current=Trick(trick.number + 1, winner))
    return replace(state, hand=hand)


# --- a hand entered by its player: each play checked at once -----------------------------------
def on_hand(variant: Variant, state: State, event: dict[str, Any]) -> State:
    """A player enters the cards they hold, once no card enters a hand any more: the talon
    closed or exhausted (two hands, 66), or from the first trick (four hands) — exactly when
    the duty to follow, trump and head applies. Before that every draw would change it.

    The hand must hold their cards the table knows (a marriage partner shown, the trump card
    taken) and none played, under the talon, out of play or known or entered elsewhere.
    Cards in it that an earlier trick under the duty should have brought out prove that
    breach: a finding private to them until the hand is over.
    """
    hand = require_play(variant, state, "hand")
    trick = hand.current
    assert trick is not None
    seat = event["seat"]
    rule = variant.refs.play
    if not duty_applies(hand, trick.number):
        raise violation(
            "hand_not_yet", rule, {"seat": seat, "talon": hand.talon},
            "Handen matas in när inga kort längre kommer in i den: när talongen är stängd "
            "eller slut. Då gäller också plikten att bekänna, trumfa och ta sticket.",
            "The hand is entered once no card enters it any more: when the talon is closed "
            "or exhausted. That is also when the duty to follow, trump and head applies.")
    entered = hand.entered or hand_entry.no_hands(variant.players)
    size = hand.in_hand - (1 if seat in trick.seats() else 0)
    unavailable = [c for c in hand.knowledge.seen] + [
        c for c in (hand.trump_card, hand.turned_down) if c is not None] + [
        c for other, cards in enumerate(hand.known) if other != seat for c in cards]
    cards = hand_entry.check_entry(entered, seat, event["cards"], size=size,
                                   seen=unavailable, rule=rule, players=state.players)
    missing = [c for c in hand.known[seat] if c not in cards]
    if missing:
        raise violation(
            "hand_missing_known", rule, {"seat": seat, "missing": [str(c) for c in missing]},
            f"Bordet vet att {player_name(state, seat)} har {', '.join(map(str, missing))}, men "
            "det saknas i handen.",
            f"The table knows {player_name(state, seat)} holds {', '.join(map(str, missing))}, but "
            "it is missing from the hand.")
    findings = hand.duty_findings
    for card in cards:
        proven = proven_breaches(variant, state, replace(hand, duty_findings=findings),
                                 seat, card, shown=True)
        findings += tuple(_private_breach(state, f, seat) for f in proven)
    hand = replace(hand, entered=hand_entry.with_hand(entered, seat, cards),
                   duty_findings=findings)
    return replace(state, hand=hand)


def _private_breach(state: State, finding: Finding, seat: int) -> Finding:
    """A duty breach proven by a card of the entered hand: its card is their secret."""
    duty = finding.params["duty"]
    sv, en, _code = DUTY_WORDS[duty]
    trick, played = finding.params["breach_trick"], finding.params["breach_card"]
    name = player_name(state, seat)
    card = finding.params["proof_card"]
    return replace(
        finding, params=dict(finding.params, proof="hand"), private_to=seat,
        sv=(f"{name} skulle {sv} i stick {trick} men spelade {played}; {card} på den "
            "inmatade handen fanns då på handen."),
        en=(f"{name} had to {en} in trick {trick} but played {played}; {card} in their entered "
            "hand was in their hand then."),
        public_sv=(f"{name} skulle {sv} i stick {trick} men spelade {played}; den inmatade "
                   "handen visar att det gick."),
        public_en=(f"{name} had to {en} in trick {trick} but played {played}; their entered "
                   "hand shows they could."))


def _check_entered(variant: Variant, state: State, hand: Hand, seat: int, card: Card) -> None:
    """With entered hands: the card must be in the player's own and in no other; under the
    duty no other card of theirs may make it wrong (follow suit, else trump, and head)."""
    if not hand.entered:
        return
    rule = variant.refs.play
    hand_entry.check_in_hand(hand.entered, seat, card, rule, state.players)
    mine, trick = hand.entered[seat], hand.current
    if mine is None or trick is None or not trick.plays \
            or not duty_applies(hand, trick.number):
        return
    for other in mine:
        duty = other != card and duty_broken(card, other, trick.plays, variant.deck, hand.trump,
                                             state.rules.must_head)
        if duty:
            sv, en, code = DUTY_WORDS[duty]
            name = player_name(state, seat)
            raise hand_entry.refuse_duty(
                code, rule, seat, {"card": str(card), "holds": str(other),
                                   "trick": trick.number},
                sv=f"{name} måste {sv}: {other} finns på den inmatade handen.",
                en=f"{name} must {en}: {other} is in the entered hand.",
                public_sv=f"{name} måste {sv}: den inmatade handen visar att det går.",
                public_en=f"{name} must {en}: the entered hand can.")


def entered_legal(variant: Variant, state: State, seat: int) -> tuple[Card, ...] | None:
    """The cards ``seat`` may play now when their hand is entered, else ``None``."""
    hand = state.hand
    if hand is None or not hand.entered or hand.entered[seat] is None or hand.current is None:
        return None
    return legal_cards(variant, hand.entered[seat], hand.current.plays, hand.trump,
                       state.rules.must_head, duty_applies(hand, hand.current.number))
