"""The talon of the Schnapsen family (two hands: Schnapsen, 66): the leader's exchange of the
trump jack (66: the nine) for the trump card, the closing, and the implied draw after each
trick of an open talon (Schnapsen — Bytet, Stängningen, Sticken; 66 — Skillnader).

What only the leader may do before their card — exchange, close, announce a marriage — is
refused with the same words here (``leader_refusal``, ``first_lead_refusal``); the
marriages are in ``schnapsen_marriages``. Each ``…_refusal`` answers "why not now?" for the
event and for the dispute settler alike (None: allowed, if they hold the card).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..cards import Card
from ..errors import RuleViolation, violation
from .schnapsen_family import TOURNAMENT_FACE_DOWN, Variant, figures_now, require_play
from .schnapsen_hand import (Draw, Hand, State, other_seat, player_name, rank_words,
                             refuse_unavailable, set_at)


# --- what only the leader may do, and only while the talon is open --------------------------------
def leader_refusal(variant: Variant, state: State, hand: Hand, seat: int, rule: str,
                   what_sv: str, what_en: str) -> RuleViolation | None:
    trick = hand.current
    assert trick is not None
    if trick.plays or seat != trick.leader:
        return violation(
            "not_leader", rule, {"seat": seat, "leader": trick.leader,
                                 "cards_on_table": len(trick.plays)},
            f"Bara den som spelar ut, före sitt kort, får {what_sv}: det är "
            f"{player_name(state, trick.leader)} i stick {trick.number}"
            + (" och kortet är redan utspelat." if trick.plays else "."),
            f"Only the leader, before their card, may {what_en}: that is "
            f"{player_name(state, trick.leader)} in trick {trick.number}"
            + (" and the card is already led." if trick.plays else "."))
    return None


def talon_refusal(variant: Variant, state: State, hand: Hand, rule: str, what_sv: str,
                  what_en: str, before_drawing: bool = False) -> RuleViolation | None:
    if hand.closed_by is not None:
        return violation(
            "talon_closed", rule, {"closed_by": hand.closed_by},
            f"Talongen är stängd (av {player_name(state, hand.closed_by)}); "
            f"nu får ingen {what_sv}.",
            f"The talon is closed (by {player_name(state, hand.closed_by)}); nobody may {what_en} "
            "now.")
    talon = hand.talon + (2 if before_drawing else 0)
    if talon == 0:
        return violation(
            "talon_exhausted", rule, {"talon": 0},
            f"Talongen är slut; nu får ingen {what_sv}.",
            f"The talon is exhausted; nobody may {what_en} now.")
    face_down = talon - 1 if (hand.trump_card is not None or before_drawing) else talon
    if state.rules.min_three_face_down and face_down < TOURNAMENT_FACE_DOWN:
        return violation(
            "talon_too_small", variant.refs.options,
            {"face_down": face_down, "needed": TOURNAMENT_FACE_DOWN},
            f"Vid det här bordet får man {what_sv} bara med minst {TOURNAMENT_FACE_DOWN} "
            f"nedvända kort i talongen; det finns {face_down}.",
            f"At this table one may {what_en} only with at least {TOURNAMENT_FACE_DOWN} "
            f"face-down cards in the talon; there are {face_down}.")
    return None


def first_lead_refusal(variant: Variant, state: State, hand: Hand, what_sv: str,
                       what_en: str) -> RuleViolation | None:
    if state.rules.first_lead_plain and hand.current is not None and hand.current.number == 1:
        return violation(
            "first_lead_plain", variant.refs.options, {"trick": 1},
            f"Vid det här bordet får första stickets utspelare inte {what_sv}.",
            f"At this table the first trick's leader may not {what_en}.")
    return None


# --- the exchange -------------------------------------------------------------------------------
def exchange_card(state: State, hand: Hand) -> Card | None:
    return None if hand.trump is None else Card(hand.trump, state.rules.exchange_rank)


def exchange_refusal(variant: Variant, state: State, seat: int | None,
                     card: Card | None = None) -> RuleViolation | None:
    """Why ``seat`` may not exchange now (None: allowed if they hold the card)."""
    hand = state.hand
    assert hand is not None and hand.current is not None
    sv_rank, en_rank = rank_words(state.rules.exchange_rank)
    what_sv, what_en = f"byta trumf{sv_rank}", f"exchange the trump {en_rank}"
    rule = variant.refs.exchange if state.rules.exchange_rank == "J" else variant.refs.options
    seat = hand.current.leader if seat is None else seat
    for refusal in (leader_refusal(variant, state, hand, seat, rule, what_sv, what_en),
                    talon_refusal(variant, state, hand, rule, what_sv, what_en),
                    first_lead_refusal(variant, state, hand, what_sv, what_en)):
        if refusal is not None:
            return refusal
    wanted = exchange_card(state, hand)
    assert wanted is not None
    if card is not None and card != wanted:
        return violation(
            "exchange_wrong_card", rule, {"card": str(card), "exchange_card": str(wanted)},
            f"Mot trumfkortet byts trumf{sv_rank}, {wanted}, inte {card}.",
            f"The trump card is exchanged for the trump {en_rank}, {wanted}, not {card}.")
    if hand.trump_card == wanted:
        return violation(
            "exchange_card_is_trump_card", rule, {"card": str(wanted)},
            f"{wanted} är själv trumfkortet under talongen; det finns inget att byta.",
            f"{wanted} is itself the trump card under the talon; there is nothing to "
            "exchange.")
    return refuse_unavailable(variant, state, hand, seat, wanted, rule)


def on_exchange(variant: Variant, state: State, event: dict[str, Any]) -> State:
    hand = require_play(variant, state, "exchange")
    seat = event["seat"]
    refusal = exchange_refusal(variant, state, seat, event.get("card"))
    if refusal is not None:
        raise refusal
    given = exchange_card(state, hand)
    taken = hand.trump_card
    assert given is not None and taken is not None
    known = tuple(c for c in hand.known[seat] if c != given) + (taken,)
    assert hand.current is not None
    hand = replace(hand, trump_card=given, exchange=(seat, given, taken),
                   exchanged_in=hand.current.number, known=set_at(hand.known, seat, known))
    return replace(state, hand=hand)


# --- the closing ---------------------------------------------------------------------------------
def close_refusal(variant: Variant, state: State, seat: int | None,
                  before_drawing: bool = False) -> RuleViolation | None:
    hand = state.hand
    assert hand is not None and hand.current is not None
    seat = hand.current.leader if seat is None else seat
    what_sv, what_en = "stänga talongen", "close the talon"
    refusal = leader_refusal(variant, state, hand, seat, variant.refs.close, what_sv, what_en)
    if refusal is None and before_drawing:
        refusal = _before_drawing_refusal(variant, state, hand)
    if refusal is None:
        refusal = talon_refusal(variant, state, hand, variant.refs.close, what_sv, what_en,
                                before_drawing)
    return refusal


def _before_drawing_refusal(variant: Variant, state: State, hand: Hand) -> RuleViolation | None:
    if not state.rules.close_before_drawing:
        return violation(
            "close_before_drawing_off", variant.refs.close, {},
            "Vid det här bordet stänger man efter dragningen, inte före.",
            "At this table the talon is closed after drawing, not before.")
    draw = hand.last_draw
    exchanged_now = hand.exchange is not None and hand.exchanged_in == len(hand.tricks) + 1
    if draw is None or draw.trick != len(hand.tricks) or exchanged_now:
        # The exchange comes after drawing: once it is made, the draw has happened for good.
        return violation(
            "nothing_to_undraw", variant.refs.options, {"tricks": len(hand.tricks)},
            "Före dragningen kan man bara stänga direkt efter ett stick där det drogs kort, "
            "innan något annat har hänt.",
            "Closing before drawing is possible only right after a trick that was followed "
            "by a draw, before anything else happened.")
    return None


def on_close(variant: Variant, state: State, event: dict[str, Any]) -> State:
    hand = require_play(variant, state, "close")
    seat = event["seat"]
    before = bool(event.get("before_drawing", False))
    refusal = close_refusal(variant, state, seat, before)
    if refusal is not None:
        raise refusal
    if before:
        hand = _undo_draw(hand)
    figures = figures_now(variant, state.rules, hand)
    assert hand.current is not None
    hand = replace(hand, closed_by=seat, closed_at=figures, turned_down=hand.trump_card,
                   trump_card=None, duty_from=hand.current.number)
    return replace(state, hand=hand)


def _undo_draw(hand: Hand) -> Hand:
    """Close before drawing (66 option): the last trick's draw did not happen — each hand is
    one card shorter, the talon two cards longer, the trump card back under it."""
    draw = hand.last_draw
    assert draw is not None
    known = hand.known
    trump_card = hand.trump_card
    if draw.trump_card is not None:
        known = set_at(known, draw.loser, tuple(c for c in known[draw.loser]
                                                if c != draw.trump_card))
        trump_card = draw.trump_card
    return replace(hand, talon=hand.talon + 2, in_hand=hand.in_hand - 1, known=known,
                   trump_card=trump_card, last_draw=None, duty_from=None)


# --- drawing -------------------------------------------------------------------------------------
def draw(variant: Variant, hand: Hand, trick_number: int, winner: int) -> Hand:
    """Winner and loser draw one card each; the loser of the trick that empties the talon
    takes the face-up trump card (カード勝負)."""
    loser = other_seat(winner)
    talon = hand.talon - 2
    taken = None
    known = hand.known
    trump_card = hand.trump_card
    duty_from = hand.duty_from
    if talon == 0:
        taken = hand.trump_card
        if taken is not None:
            known = set_at(known, loser, known[loser] + (taken,))
        trump_card = None
        duty_from = trick_number + 1  # exhausted: follow and head from the next trick
    return replace(hand, talon=talon, known=known, trump_card=trump_card, duty_from=duty_from,
                   last_draw=Draw(trick_number, winner, loser, taken))
