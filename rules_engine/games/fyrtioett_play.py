"""Fyrtioett — *Spelet*: the tricks, and a hand entered by its player.

Part of ``rules_engine.games.fyrtioett`` (import that module, not this one: the rule tables,
the state and the scoring are there, and it wires these handlers in). Hearts are always
trumps, but there is no duty to trump: follow suit, else anything ("saka eller trumfa"), so
not following shows a void in the led suit only (``rules_engine.knowledge``). Play goes
counter-clockwise from the leader. A hand entered by its player (``rules_engine.hands``)
checks each of his plays at once.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from .. import hands as hand_entry
from ..cards import Card
from ..errors import violation as _violation
from ..seating import seats_from
from ..tricks import Play, Trick, add_trick, enter_trick, playable, turn_refusal, winning_play
from .fyrtioett import (CARDS_EACH, DECK, DIRECTION, PLAYERS, R_DEAL, R_PLAY, TRICKS_PER_DEAL,
                        TRUMP, Deal, State, _name, _refuse_phase, _score_deal)


def trick_winner(trick: Trick) -> int:
    """The highest heart if any, else the highest card of the led suit."""
    return winning_play(trick, DECK, TRUMP).seat


def to_play(deal: Deal) -> int:
    trick = deal.current
    assert trick is not None
    return seats_from(trick.leader, PLAYERS, direction=DIRECTION)[len(trick.plays)]


def _has_played(deal: Deal, seat: int) -> bool:
    return any(s.seat == seat for s in deal.knowledge.seen)


# --- hands (optional) -------------------------------------------------------------------------
def _on_hand(state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    seat, cards = event["seat"], tuple(event["cards"])
    if deal.hands[seat] is not None:
        raise _violation("hand_already_entered", R_DEAL, {"seat": seat},
                         f"{_name(state, seat)}s hand är redan inmatad.",
                         f"{_name(state, seat)}'s hand is already entered.")
    if _has_played(deal, seat):
        raise _violation(
            "hand_too_late", R_DEAL, {"seat": seat},
            f"{_name(state, seat)} har redan spelat: handen matas in före det första kortet.",
            f"{_name(state, seat)} has played already: the hand is entered before the first card.")
    repeated = [str(c) for c, k in Counter(cards).items() if k > 1]
    if repeated:
        raise hand_entry.refuse_repeated(seat, repeated, R_DEAL, state.players)
    if len(cards) != CARDS_EACH:
        raise _violation(
            "hand_size", R_DEAL, {"seat": seat, "cards": len(cards), "expected": CARDS_EACH},
            f"En hand har {CARDS_EACH} kort (1-2-2-2-2-2-2), inte {len(cards)}.",
            f"A hand holds {CARDS_EACH} cards (1-2-2-2-2-2-2), not {len(cards)}.")
    for card in cards:
        if deal.knowledge.where_played(card) is not None:  # a card of his hand: his secret
            raise hand_entry.refuse_already_played(seat, card, R_DEAL, state.players,
                                                   shown=False)
        holder = hand_entry.holder(deal.hands, card)
        if holder is not None:
            raise hand_entry.refuse_held_by_other(card, holder, R_DEAL, state.players)
    hands = hand_entry.with_hand(deal.hands, seat, cards)
    return replace(state, deal=replace(deal, hands=hands))


def legal_cards(deal: Deal, seat: int) -> tuple[Card, ...] | None:
    """The cards ``seat`` may play now when his hand is entered, else ``None``."""
    hand = deal.hands[seat]
    if hand is None or deal.current is None:
        return None
    return playable(hand, deal.current.led_suit, None)  # follow suit, else anything


def open_hands(deal: Deal) -> list[tuple[int, int]]:
    """The seats that may still enter their hand (before their first card), with its size."""
    return [(s, CARDS_EACH) for s in range(PLAYERS)
            if deal.hands[s] is None and not _has_played(deal, s)]


# --- Spelet -----------------------------------------------------------------------------------
def _on_play(state: State, event: dict[str, Any]) -> State:
    if state.phase != "play":
        raise _refuse_phase(state, event["type"])
    return _play_card(state, event["seat"], event["card"])


def _on_trick(state: State, event: dict[str, Any]) -> State:
    if state.phase != "play":
        raise _refuse_phase(state, "trick")
    trick = state.deal.current
    assert trick is not None
    return enter_trick(state, event["cards"], PLAYERS - len(trick.plays), R_PLAY,
                       lambda now: to_play(now.deal), _play_card)


def _play_card(state: State, seat: int, card: Card) -> State:
    deal = state.deal
    trick = deal.current
    assert trick is not None
    expected_seat = to_play(deal)
    if seat != expected_seat:
        raise turn_refusal(seat, expected_seat, trick.number, R_PLAY, state.players,
                           note_sv=" (spelet går moturs)",
                           note_en=" (play goes counter-clockwise)")
    deal.knowledge.check_unplayed(card, R_PLAY)
    hand = deal.hands[seat]
    if hand is not None:
        if card not in hand:
            raise hand_entry.refuse_not_in_hand(seat, card, R_PLAY, state.players)
        led = trick.led_suit
        same = next((c for c in hand if c.suit == led), None)
        if led is not None and card.suit != led and same is not None:
            raise hand_entry.refuse_must_follow(R_PLAY, seat, card, led, same, state.players)
    else:
        holder = hand_entry.holder(deal.hands, card)
        if holder is not None:
            raise hand_entry.refuse_held_by_other(card, holder, R_PLAY, state.players)
    # No duty to trump: not following shows a void in the led suit only (the default).
    knowledge = deal.knowledge.record(trick.number, trick.led_suit, Play(seat, card), R_PLAY,
                                      state.players)
    trick = trick.add(Play(seat, card))
    deal = replace(deal, current=trick, knowledge=knowledge,
                   hands=hand_entry.without(deal.hands, seat, card))
    state = replace(state, deal=deal)
    if len(trick.plays) < PLAYERS:
        return state
    return _finish_trick(state)


def _finish_trick(state: State) -> State:
    deal = state.deal
    trick = deal.current
    assert trick is not None
    winner = trick_winner(trick)
    last = trick.number == TRICKS_PER_DEAL
    deal = replace(deal, tricks=deal.tricks + (trick,), won=add_trick(deal.won, winner),
                   current=None if last else Trick(trick.number + 1, winner))
    state = replace(state, deal=deal)
    return _score_deal(state) if last else state
