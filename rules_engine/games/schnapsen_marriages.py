"""Marriages and the claim of 66 in the Schnapsen family: the leader's K and Q of a suit,
20 or 40 (Schnapsen — Mariage), and "66!" said at any moment (Schnapsen — Slutet; four
hands: the claim names the holder of the called card while it is unplayed).

A marriage counts only once its announcer has won a trick (the README's common rule); until
then it is pending (``schnapsen_family.points_of``). The claim is judged by
``schnapsen_scoring.judge_claim``: a wrong claim is not refused, it is scored against the
claimant.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .. import hands as hand_entry
from ..cards import SUIT_NAMES, Card
from ..errors import RuleViolation, violation
from . import schnapsen_play as play
from . import schnapsen_scoring as scoring
from . import schnapsen_talon as talon
from .schnapsen_family import MARRIAGE_RANKS, Variant, marriage_value, require_play
from .schnapsen_hand import (Hand, Marriage, State, player_name, refuse_unavailable, set_at,
                             sides_of, suit_words)


# --- marriages ------------------------------------------------------------------------------------
def marriage_partner(card: Card) -> Card:
    """The other card of a marriage: the queen of a king, the king of a queen."""
    return Card(card.suit, "Q" if card.rank == "K" else "K")


def marriage_refusal(variant: Variant, state: State, seat: int | None,
                     card: Card | None = None) -> RuleViolation | None:
    """Why ``seat`` may not lead ``card`` as a marriage now (None: allowed if they hold the
    pair). Without a card: may they announce any marriage now?"""
    hand = state.hand
    assert hand is not None and hand.current is not None
    rule = variant.refs.marriage
    seat = hand.current.leader if seat is None else seat
    what_sv, what_en = "melda mariage", "announce a marriage"
    for refusal in (talon.leader_refusal(variant, state, hand, seat, rule, what_sv, what_en),
                    talon.first_lead_refusal(variant, state, hand, what_sv, what_en)):
        if refusal is not None:
            return refusal
    if state.rules.no_marriage_after_closing and hand.closed_by is not None:
        return violation(
            "marriage_after_closing", variant.refs.options, {"closed_by": hand.closed_by},
            "Vid det här bordet meldas inga mariage sedan talongen har stängts.",
            "At this table no marriage is announced once the talon is closed.")
    if card is None:
        return None
    if card.rank not in MARRIAGE_RANKS:
        return violation(
            "marriage_not_king_or_queen", rule, {"card": str(card)},
            f"Ett mariage är kung och dam i samma färg; {card} är inget av dem.",
            f"A marriage is king and queen of one suit; {card} is neither.")
    if state.rules.marriage_lead_king and card.rank != "K":
        king = marriage_partner(card)
        return violation(
            "marriage_lead_king", variant.refs.options, {"card": str(card)},
            f"Vid det här bordet meldas mariage genom att spela ut kungen, {king}, och visa "
            "damen.",
            f"At this table a marriage is announced by leading the king, {king}, and showing "
            "the queen.")
    for needed in (card, marriage_partner(card)):
        refusal = refuse_unavailable(variant, state, hand, seat, needed, rule)
        if refusal is not None:
            return violation(
                "marriage_card_unavailable", rule,
                {"card": str(needed), "reason": refusal.code, **refusal.params},
                f"Inget mariage i {suit_words(card.suit)[0]}: {refusal.message('sv')}",
                f"No marriage in {suit_words(card.suit)[1]}: {refusal.message('en')}")
    return None


def marriage_candidates(variant: Variant, state: State) -> tuple[Card, ...]:
    """The cards that may be led as a marriage now, if the leader holds the pair."""
    hand = state.hand
    if hand is None or marriage_refusal(variant, state, None) is not None:
        return ()
    return tuple(Card(suit, rank) for suit in SUIT_NAMES for rank in MARRIAGE_RANKS
                 if Card(suit, rank) in variant.deck
                 and marriage_refusal(variant, state, None, Card(suit, rank)) is None)


def on_marriage(variant: Variant, state: State, event: dict[str, Any]) -> State:
    hand = require_play(variant, state, "marriage")
    return lead_marriage(variant, state, hand, event["seat"], event["card"])


def lead_marriage(variant: Variant, state: State, hand: Hand, seat: int, card: Card) -> State:
    refusal = marriage_refusal(variant, state, seat, card)
    if refusal is not None:
        raise refusal
    shown = marriage_partner(card)
    assert hand.current is not None
    if hand.entered:  # the shown card must fit the entered hands as a played one does
        hand_entry.check_in_hand(hand.entered, seat, shown, variant.refs.marriage,
                                 state.players)
    marriage = Marriage(seat, card.suit, marriage_value(card.suit, hand.trump),
                        hand.current.number, card, shown)
    known = hand.known[seat] + (() if shown in hand.known[seat] else (shown,))
    partner = hand.partner
    if variant.calls_partner and shown == hand.called:
        partner = seat  # the called card shown: its holder is known
    hand = replace(hand, marriages=hand.marriages + (marriage,),
                   known=set_at(hand.known, seat, known), partner=partner)
    return play.play_card(variant, replace(state, hand=hand), seat, card)


# --- the claim of 66 -----------------------------------------------------------------------------
def on_claim(variant: Variant, state: State, event: dict[str, Any]) -> State:
    hand = require_play(variant, state, "claim")
    seat = event["seat"]
    if variant.calls_partner:
        hand = _with_partner(variant, state, hand, event.get("partner"))
    sides = sides_of(variant, hand)
    assert sides is not None
    outcome = scoring.judge_claim(variant, state, hand, seat, sides)
    return scoring.write_outcome(variant, replace(state, hand=hand), hand, outcome)


def _with_partner(variant: Variant, state: State, hand: Hand, partner: int | None) -> Hand:
    """Four hands: a claim ends the hand, so the holder of the called card is shown. Until
    the card was played the claim names them (``partner``)."""
    rule = variant.refs.claim
    called = hand.called
    assert called is not None
    if hand.partner is not None:
        if partner is not None and partner != hand.partner:
            raise violation(
                "wrong_partner", rule, {"partner": partner, "holder": hand.partner},
                f"{called} visades av {player_name(state, hand.partner)}; det är partnern.",
                f"{called} was shown by {player_name(state, hand.partner)}; that is the partner.")
        return hand
    if partner is None:
        raise violation(
            "partner_required", rule, {"called": str(called)},
            f"{called} är inte spelat än: ange vem som har det (partner), så avgörs sidorna.",
            f"{called} has not been played yet: say who holds it (partner), so the sides are "
            "known.")
    # The claim shows the called card in their hand: a void they showed in its suit (or a trick
    # they did not trump or head with it) was a breach, proven now (design principle 3).
    findings = play.proven_breaches(variant, state, hand, partner, called, shown=True)
    return replace(hand, partner=partner, duty_findings=hand.duty_findings + findings)
