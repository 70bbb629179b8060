"""Norrandsknack — *Budrundan* (the first deal's and the later deals') and *Köpet*.

Part of ``rules_engine.games.norrandsknack`` (import that module, not this one: the rule
tables, the state and the small helpers are there, and it wires these handlers in). The
orders of speech come from ``rules_engine.seating``: knacka or lura from forehand round to the
dealer; after a knock in a later deal the others answer from the knocker's left round to their
right; the buying goes from the dealer's left among those in, the dealer last.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..bidding import refuse_out_of_turn
from ..cards import Card
from ..seating import next_seat, round_after, seats_from
from ..tricks import Trick
from .norrandsknack import (ANSWERS, DEALER_LAYS_AWAY, Deal, KNACKA, OPEN_BIDS, PER_TRICK,
                            PLAYER_LAYS_AWAY, R_BUY, STA_MED, State, TRICKS_PER_DEAL, _add_row,
                            _bid_rule, _card_is_dealers, _name, _next_dealer,
                            _refuse_laid_away, _refuse_phase, _violation, parse_bid)
from .norrandsknack_scoring import _score_deal


# --- bidding ---------------------------------------------------------------------------------
def _open_order(state: State, deal: Deal) -> tuple[int, ...]:
    """Knacka or lura: from forehand, clockwise, the dealer last."""
    return seats_from(deal.forehand, state.n)


def _answer_order(state: State, deal: Deal) -> tuple[int, ...]:
    """After a knock (later deals): from the knocker's left round to their right."""
    assert deal.knocker is not None
    return round_after(deal.knocker, state.n)


def _bidder(state: State, deal: Deal) -> int:
    if deal.knocker is None:
        return _open_order(state, deal)[len(deal.bids)]
    knock_at = next(i for i, (_, b) in enumerate(deal.bids) if b == KNACKA)
    return _answer_order(state, deal)[len(deal.bids) - knock_at - 1]


def _open_choices(deal: Deal) -> tuple[str, ...]:
    return OPEN_BIDS if deal.knocker is None else ANSWERS


def _on_bid(state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    if state.phase != "bidding" or deal is None:
        raise _refuse_phase(state, "bid")
    rule = _bid_rule(deal)
    seat, bid = event["seat"], parse_bid(event["bid"], rule)
    to_bid = _bidder(state, deal)
    if seat != to_bid:
        raise refuse_out_of_turn(seat, to_bid, rule, state.players, verb=("tala", "speak"))
    choices = _open_choices(deal)
    if bid not in choices:
        if deal.knocker is None:
            sv = (f"Ingen har knackat än: {_name(state, seat)} knackar eller lurar. Stå med "
                  "och passa svarar man först på en knack.")
            en = (f"Nobody has knocked yet: {_name(state, seat)} knocks or lures. Standing "
                  "with and passing answer a knock.")
        else:
            sv = (f"{_name(state, deal.knocker)} har knackat: då får ingen lura, och det "
                  f"knackas bara en gång. {_name(state, seat)} står med eller passar.")
            en = (f"{_name(state, deal.knocker)} has knocked: now nobody may lure, and there "
                  f"is only one knock. {_name(state, seat)} stands with or passes.")
        raise _violation("bid_not_open", rule,
                         {"seat": seat, "bid": bid, "open": list(choices)}, sv, en)
    deal = replace(deal, bids=deal.bids + ((seat, bid),))
    if bid == KNACKA:
        deal = replace(deal, knocker=seat)
        if deal.first_rules:
            # "Så fort någon har knackat, avslutas budrundan": everybody stays in.
            return _start_buying(replace(state, deal=deal), tuple(range(state.n)))
        return replace(state, deal=deal)
    if deal.knocker is None:
        if len(deal.bids) == state.n:
            return _all_lura(replace(state, deal=deal))
        return replace(state, deal=deal)
    answers = [(s, b) for s, b in deal.bids if b in ANSWERS]
    if len(answers) < state.n - 1:
        return replace(state, deal=deal)
    active = tuple(sorted([deal.knocker] + [s for s, b in answers if b == STA_MED]))
    state = replace(state, deal=deal)
    if len(active) == 1:
        return _lone_knocker(state)
    return _start_buying(state, active)


def _all_lura(state: State) -> State:
    """Everybody lurade. First deal: "omgiv", the same dealer, at most three times; later
    deals: option ``all_lura_later`` (the text is silent)."""
    deal = state.deal
    assert deal is not None
    same = deal.first_rules or state.options.all_lura_later == "redeal"
    number = deal.number
    if same and state.redeals < state.options.max_redeals:
        count = state.redeals + 1
        state = _add_row(
            state, "redeal",
            f"Giv {number}: alla lurade – omgiv ({count} av {state.options.max_redeals})",
            f"Deal {number}: all lured – redeal ({count} of {state.options.max_redeals})",
            {}, number)
        return replace(state, phase="deal", redeals=count,
                       deal=replace(deal, outcome="redeal"))
    state = _add_row(state, "thrown_in", f"Giv {number}: alla lurade – given går vidare",
                     f"Deal {number}: all lured – the deal passes on", {}, number)
    return replace(state, phase="deal", redeals=0, dealer=_next_dealer(state),
                   deal=replace(deal, outcome="passed_on"))


def _lone_knocker(state: State) -> State:
    """Everybody passed after the knock (option ``lone_knocker``; the text is silent)."""
    deal = state.deal
    assert deal is not None and deal.knocker is not None
    knocker = deal.knocker
    deal = replace(deal, active=(knocker,))
    if state.options.lone_knocker == "thrown_in":
        state = _add_row(state, "thrown_in",
                         f"Giv {deal.number}: alla passade – given kastas",
                         f"Deal {deal.number}: everybody passed – thrown in", {}, deal.number)
        return replace(state, phase="deal", redeals=0, dealer=_next_dealer(state),
                       deal=replace(deal, outcome="thrown_in"))
    # Nobody contests them: the tricks are theirs, five, or as many as take them to 0.
    taken = min(TRICKS_PER_DEAL, state.scores[knocker] // PER_TRICK)
    won = tuple(taken if s == knocker else 0 for s in range(state.n))
    return _score_deal(replace(state, deal=replace(deal, won=won)))


def _start_buying(state: State, active: tuple[int, ...]) -> State:
    deal = replace(state.deal, active=active)
    return replace(state, deal=deal, phase="buying")


# --- köpet -----------------------------------------------------------------------------------
def _buy_order(state: State, deal: Deal) -> tuple[int, ...]:
    """From the dealer's left, clockwise, among those in; the dealer (if in) comes last."""
    return seats_from(next_seat(deal.dealer, state.n), state.n, deal.active)


def _on_buy(state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    if state.phase != "buying" or deal is None:
        raise _refuse_phase(state, "buy")
    seat, count = event["seat"], event["discard"]
    order = _buy_order(state, deal)
    if seat not in deal.active:
        raise _violation("not_in_deal", R_BUY, {"seat": seat},
                         f"{_name(state, seat)} är inte med i given och köper inte.",
                         f"{_name(state, seat)} is not in the deal and does not buy.")
    to_buy = order[len(deal.buys)]
    if seat != to_buy:
        raise _violation(
            "not_your_turn", R_BUY, {"seat": seat, "expected_seat": to_buy},
            f"Det är {_name(state, to_buy)}s tur att köpa (från givarens vänster), inte "
            f"{_name(state, seat)}s.",
            f"It is {_name(state, to_buy)}'s turn to buy (from the dealer's left), not "
            f"{_name(state, seat)}'s.")
    allowed = DEALER_LAYS_AWAY if seat == deal.dealer else PLAYER_LAYS_AWAY
    if count not in allowed:
        if seat == deal.dealer:
            sv = (f"Givaren har sex kort, lägger bort 1–6 och drar ett färre (ett "
                  f"bortlagt = stå nöjd), inte {count}.")
            en = (f"The dealer holds six cards, lays away 1–6 and draws one fewer (one "
                  f"laid away = standing pat), not {count}.")
        else:
            sv = f"Man lägger bort 0–5 kort (0 = stå nöjd) och drar lika många, inte {count}."
            en = f"One lays away 0–5 cards (0 = stand pat) and draws as many, not {count}."
        raise _violation("bad_buy", R_BUY, {"seat": seat, "discard": count,
                                            "allowed": list(allowed)}, sv, en)
    cards: tuple[Card, ...] = event.get("cards") or ()
    if len(cards) > count or len(set(cards)) != len(cards):
        if count == 0:  # standing pat: no "at most 0" in words
            sv, en = ("Den som står nöjd lägger inte bort något kort: inga kort kan nämnas.",
                      "Standing pat lays nothing away: no cards can be named.")
        else:
            sv = f"Högst {count} olika kort kan nämnas när {count} läggs bort."
            en = f"At most {count} different cards can be named when {count} are laid away."
        raise _violation("buy_cards_count", R_BUY, {"discard": count, "cards": len(cards)},
                         sv, en)
    for card in cards:
        if card == deal.trump_card and seat != deal.dealer:
            raise _card_is_dealers(state, deal, seat)
        for who, dead in deal.laid_away:
            if dead == card:
                raise _refuse_laid_away(state, card, who, R_BUY, seat)
    deal = replace(deal, buys=deal.buys + ((seat, count),),
                   laid_away=deal.laid_away + tuple((seat, c) for c in cards))
    if len(deal.buys) < len(order):
        return replace(state, deal=deal)
    # "Den närmaste aktiva spelaren till vänster om givaren spelar ut."
    leader = next_seat(deal.dealer, state.n, deal.active)
    return replace(state, deal=replace(deal, current=Trick(1, leader)), phase="play")
