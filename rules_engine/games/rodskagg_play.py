"""Rödskägg — *Spelet*: the tricks, "Går ni med?", the exit knock, and a hand entered.

Part of ``rules_engine.games.rodskagg`` (import that module, not this one: the rule tables,
the state and the small helpers are there, and it wires these handlers in). No trumps:
follow suit, else discard (``rules_engine.tricks``); the players still in the deal are the
seats in the match less those who did not join (``rules_engine.seating`` skips the others).
A hand entered by its player (``rules_engine.hands``) checks each of their plays at once.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .. import hands as hand_entry
from ..cards import Card, SUIT_NAMES
from ..errors import Finding
from ..knowledge import Void
from ..protocol import Expected
from ..seating import round_after, seats_from
from ..tricks import (Play, Trick, add_trick, enter_trick, playable, turn_refusal,
                      winning_play)
from .rodskagg import (ASK_AFTER_TRICK, CARDS_EACH, DECK, Deal, R_PLAY, R_SCORING, State,
                       TRICKS_PER_DEAL, _active, _has_won, _name, _refuse_phase, _score_deal,
                       _violation, deal_in_progress, tricks_needed)


# --- the tricks ----------------------------------------------------------------------------------
def _expected_player(state: State, deal: Deal) -> int:
    trick = deal.current
    assert trick is not None
    order = seats_from(trick.leader, state.n, _active(state, deal))
    return order[len(trick.plays)]


def _on_play(state: State, event: dict[str, Any]) -> State:
    if state.phase == "ask":
        deal = state.deal
        assert deal is not None
        raise _violation(
            "ask_required", R_PLAY, {"declarer": deal.declarer},
            f"Efter fjärde sticket ska {_name(state, deal.declarer)} fråga ”Går ni med?” "
            f"innan spelet fortsätter. Glömmer {_name(state, deal.declarer)} det kan vem som helst "
            "ropa fem opp.",
            f"After the fourth trick {_name(state, deal.declarer)} must ask “Går ni med?” "
            "before play goes on. If they forgot, anyone may call fem opp.")
    if state.phase != "play":
        raise _refuse_phase(state, event["type"])
    return _play_card(state, event["seat"], event["card"])


def _on_trick(state: State, event: dict[str, Any]) -> State:
    if state.phase != "play":
        return _on_play(state, event)
    deal = state.deal
    assert deal is not None and deal.current is not None
    remaining = len(_active(state, deal)) - len(deal.current.plays)
    return enter_trick(state, event["cards"], remaining, R_PLAY,
                       lambda now: _expected_player(now, now.deal), _play_card)


def _play_card(state: State, seat: int, card: Card) -> State:
    deal = state.deal
    assert deal is not None and deal.current is not None
    trick = deal.current
    to_play = _expected_player(state, deal)
    if seat in deal.dropped:
        raise _violation(
            "dropped_out", R_PLAY, {"seat": seat},
            f"{_name(state, seat)} gick inte med och spelar inte mer i den här given.",
            f"{_name(state, seat)} did not join and plays no more in this deal.")
    if seat != to_play:
        raise turn_refusal(seat, to_play, trick.number, R_PLAY, state.players)
    deal.knowledge.check_unplayed(card, R_PLAY)
    _check_against_hand(state, deal, seat, card)
    exit_missed = deal.exit_missed or (deal.exit_due is not None and not deal.exit_knocked)
    knowledge = deal.knowledge.record(trick.number, trick.led_suit, Play(seat, card), R_PLAY,
                                      state.players)
    trick = trick.add(Play(seat, card))
    deal = replace(deal, current=trick, knowledge=knowledge, exit_missed=exit_missed,
                   hands=hand_entry.without(deal.hands, seat, card))
    state = replace(state, deal=deal)
    if len(trick.plays) < len(_active(state, deal)):
        return state
    return _finish_trick(state)


def _finish_trick(state: State) -> State:
    deal = state.deal
    assert deal is not None and deal.current is not None
    trick = deal.current
    winner = winning_play(trick, DECK).seat
    won = add_trick(deal.won, winner)
    deal = replace(deal, tricks=deal.tricks + (trick,), won=won, current=None)
    deal = _check_exit(state, deal)
    number = trick.number
    if number == TRICKS_PER_DEAL:
        return _score_deal(replace(state, deal=deal))
    leader = deal.declarer if state.options.declarer_leads_all else winner
    deal = replace(deal, current=Trick(number + 1, leader))
    phase = "ask" if number == ASK_AFTER_TRICK else "play"
    return replace(state, deal=deal, phase=phase)


def _check_exit(state: State, deal: Deal) -> Deal:
    """Did the declarer reach 0 during the deal? Then they must knock for their exit."""
    if deal.exit_due is not None or deal.declarer is None or deal.contract is None:
        return deal
    if len(deal.tricks) >= TRICKS_PER_DEAL:
        return deal  # reached at the end of the deal: scored, not "during" it
    taken = deal.won[deal.declarer]
    if taken >= tricks_needed(deal.contract) and _has_won(
            state, state.scores[deal.declarer] - taken):
        return replace(deal, exit_due=deal.declarer)
    return deal


# --- "Går ni med?" and the exit knock ------------------------------------------------------------
def _on_ask(state: State, event: dict[str, Any]) -> State:
    if state.phase != "ask":
        raise _refuse_phase(state, "ask")
    return _after_ask(state)


def _undecided(state: State, deal: Deal) -> tuple[int, ...]:
    return tuple(s for s in round_after(deal.declarer, state.n, state.in_match)
                 if deal.won[s] == 0
                 and s not in deal.joined and s not in deal.dropped)


def _after_ask(state: State) -> State:
    deal = state.deal
    assert deal is not None
    deal = replace(deal, asked=True)
    phase = "join" if _undecided(state, deal) else "play"
    return replace(state, deal=deal, phase=phase)


def _on_join(state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    if state.phase != "join" or deal is None:
        raise _refuse_phase(state, "join")
    seat = event["seat"]
    if seat not in _undecided(state, deal):
        reason_sv, reason_en = (
            ("är spelförare", "is the declarer") if seat == deal.declarer else
            ("har redan stick och är automatiskt med", "already has a trick and is in")
            if deal.won[seat] else ("har redan bestämt sig", "has already decided"))
        raise _violation("not_deciding", R_PLAY, {"seat": seat},
                         f"{_name(state, seat)} {reason_sv}.",
                         f"{_name(state, seat)} {reason_en}.")
    if event["join"]:
        deal = replace(deal, joined=deal.joined + (seat,))
    else:
        deal = replace(deal, dropped=deal.dropped + (seat,))
    phase = "join" if _undecided(state, deal) else "play"
    return replace(state, deal=deal, phase=phase)


def _on_exit_knock(state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    seat = event["seat"]
    if deal is None or state.phase not in ("play", "ask", "join") or deal.exit_due != seat:
        raise _violation(
            "no_exit", R_SCORING, {"seat": seat},
            f"{_name(state, seat)} har inte nått 0 under given och har inget att knacka för.",
            f"{_name(state, seat)} has not reached 0 during this deal: nothing to knock for.")
    if deal.exit_knocked:
        raise _violation("already_knocked", R_SCORING, {"seat": seat},
                         "Utgången är redan knackad.", "The exit knock is already made.")
    return replace(state, deal=replace(deal, exit_knocked=True))


# --- a hand entered by its player: every play checked at once ------------------------------
def _on_hand(state: State, event: dict[str, Any]) -> State:
    """A player enters the cards they hold now, during the bidding or the play.

    They hold the six dealt cards less those they have played. None of the cards already played
    can be in it, nor a card of another entered hand. A suit they showed void in earlier (they did
    not follow it) and now holds proves that revoke: a finding private to them until the deal
    is over.
    """
    deal = state.deal
    if state.phase not in ("bidding", "play", "ask", "join") or deal is None:
        raise _refuse_phase(state, "hand")
    seat = event["seat"]
    if seat in state.out or seat in deal.dropped:
        raise _violation(
            "no_hand", R_PLAY, {"seat": seat},
            f"{_name(state, seat)} har inga kort i den här given.",
            f"{_name(state, seat)} holds no cards in this deal.")
    played = sum(1 for s in deal.knowledge.seen if s.seat == seat)
    cards = hand_entry.check_entry(
        deal.hands, seat, event["cards"], size=CARDS_EACH - played,
        seen=(s.card for s in deal.knowledge.seen), rule=R_PLAY, players=state.players,
        size_sv=f" ({CARDS_EACH} givna, {played} spelade)",
        size_en=f" ({CARDS_EACH} dealt, {played} played)")
    knowledge = deal.knowledge
    for void in [v for v in knowledge.voids if v.seat == seat]:
        proof = next((c for c in cards if c.suit == void.suit), None)
        if proof is not None:
            knowledge = replace(
                knowledge, voids=tuple(v for v in knowledge.voids if v != void),
                findings=knowledge.findings + (_revoke_by_hand(state, void, proof),))
    deal = replace(deal, hands=hand_entry.with_hand(deal.hands, seat, cards),
                   knowledge=knowledge)
    return replace(state, deal=deal)


def _revoke_by_hand(state: State, void: Void, proof: Card) -> Finding:
    name = _name(state, void.seat)
    suit = (SUIT_NAMES[void.suit]["sv"], SUIT_NAMES[void.suit]["en"])
    return Finding(
        code="revoke_proven", rule=R_PLAY, seat=void.seat,
        params={"suit": void.suit, "revoke_trick": void.trick, "revoke_card": str(void.card),
                "proof": "hand", "proof_card": str(proof)},
        sv=(f"{name} bekände inte {suit[0]} i stick {void.trick} (spelade {void.card}) men "
            f"har {proof} på sin inmatade hand: felspel i stick {void.trick}."),
        en=(f"{name} did not follow {suit[1]} in trick {void.trick} (played {void.card}) but "
            f"holds {proof} in the entered hand: a revoke in trick {void.trick}."),
        private_to=void.seat,
        public_sv=(f"{name} bekände inte {suit[0]} i stick {void.trick}, men den inmatade "
                   f"handen har {suit[0]}: felspel i stick {void.trick}."),
        public_en=(f"{name} did not follow {suit[1]} in trick {void.trick}, but the entered "
                   f"hand holds {suit[1]}: a revoke in trick {void.trick}."))


def _check_against_hand(state: State, deal: Deal, seat: int, card: Card) -> None:
    """With the seat's hand entered: the card must be in it, and they must follow suit if they
    can ("man måste följa färg, annars saka"). A card in another entered hand is refused."""
    hand_entry.check_in_hand(deal.hands, seat, card, R_PLAY, state.players)
    hand, led = deal.hands[seat], deal.current.led_suit
    if hand is None or led is None or card.suit == led:
        return
    same = next((c for c in hand if c.suit == led), None)
    if same is not None:
        raise hand_entry.refuse_must_follow(R_PLAY, seat, card, led, same, state.players)


def legal_cards(state: State, seat: int) -> tuple[Card, ...] | None:
    """The cards ``seat`` may play now when their hand is entered, else ``None``."""
    deal = state.deal
    if deal is None or deal.current is None or not deal.hands or deal.hands[seat] is None:
        return None
    return playable(deal.hands[seat], deal.current.led_suit, None)


def _with_hands(state: State, exp: Expected) -> Expected:
    """``expected`` plus hand entry: who may enter their hand now, and the legal cards of the
    seat to play when their hand is known (sealed: only their phone sees them)."""
    deal = state.deal
    if deal_in_progress(state) is None or not deal.hands:
        return exp
    return hand_entry.offer_hand_entry(
        exp, lambda seat: legal_cards(state, seat),
        [(s, hand_entry.cards_held(CARDS_EACH, deal.knowledge.seen, s))
         for s in _active(state, deal) if deal.hands[s] is None])
