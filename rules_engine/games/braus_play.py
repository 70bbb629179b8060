"""Bräus — the card play of one deal: sevens laid down, cards played, stand-overs, the end
of each trick and of the deal ("Bräus — Sjuorna", "Bräus — Spelet").

The rule tables, the state and how the text reads are in ``braus`` (its docstring); this
module is the play itself, in the order of the text: the leader's sevens, the lead and the
higher cards that follow, standing over, the trick's winner (or a trick set aside), and the
deal stopping at a pair's sixth trick or when no trick can be won any more. What a card
proves about a player's earlier turns is ``braus_duties``; the protokoll row is
``braus_ritor``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .. import hands as hand_entry
from ..cards import Card
from ..knowledge import Claim
from ..tricks import Play, seats_from, Trick
from .braus import (beats, card_name, Deal, deal_outcome, Done, _in_play, is_jan, N_SEATS,
                    _name, _not_your_turn, R_DEAL, R_PLAY, R_RITOR, R_SEVENS, SET_ASIDE,
                    SEVEN, SEVENS, side_of, State, strength, _to_act,
                    TRICKS_FOR_RITA, _turns_left, _unplayed, UTSLAGSKORTET, _violation, WON)
from .braus_duties import (_check_no_sevens_against_hand, _check_play_against_hand,
                           _check_stand_over_against_hand, _proofs)
from .braus_ritor import _score


def _on_play(state: State, event: dict[str, Any]) -> State:
    _in_play(state, "play")
    return _play_card(state, event["seat"], event["card"])


def _on_pass(state: State, event: dict[str, Any]) -> State:
    _in_play(state, "pass")
    return _stand_over(state, event["seat"])


def _on_sevens(state: State, event: dict[str, Any]) -> State:
    _in_play(state, "sevens")
    return _lay_sevens(state, event["seat"], event["cards"])


def _lay_sevens(state: State, seat: int, cards: tuple[Card, ...]) -> State:
    """The leader lays down their sevens, each a trick of its own (or says they have none)."""
    deal = state.deal
    assert deal is not None
    if deal.current is not None or seat != deal.leader or not deal.may_lay:
        if deal.current is not None and seat == deal.current.leader:
            why_sv, why_en = "efter sitt utspel", "after their lead"
        elif seat != deal.leader:
            why_sv, why_en = "utan att ha utspelet", "without having the lead"
        else:
            why_sv, why_en = ("utan att just ha vunnit ett stick",
                              "without having just won a trick")
        raise _violation(
            "sevens_not_now", R_SEVENS,
            {"seat": seat, "leader": deal.leader, "trick": deal.number_next},
            f"{_name(state, seat)} kan inte lägga ned sjuor nu, {why_sv}: sjuor läggs ned bara "
            "av förhand före första utspelet eller direkt efter ett vunnet stick, före "
            "utspelet.",
            f"{_name(state, seat)} cannot lay down sevens now, {why_en}: sevens are laid "
            "down only by forehand before the first lead or right after winning a trick, "
            "before the lead.")
    for card in cards:
        if card not in SEVENS:
            raise _violation(
                "not_a_seven", R_SEVENS, {"card": str(card)},
                f"{card} är ingen sjua: bara sjuor läggs ned som egna stick.",
                f"{card} is not a seven: only sevens are laid down as tricks of their own.")
    if len(cards) > deal.held[seat]:
        raise _violation(
            "too_many_cards", R_DEAL, {"seat": seat, "held": deal.held[seat]},
            f"{_name(state, seat)} har bara {deal.held[seat]} kort kvar.",
            f"{_name(state, seat)} has only {deal.held[seat]} cards left.")
    for card in cards:
        hand_entry.check_in_hand(deal.hands, seat, card, R_SEVENS, state.players)
    if not cards:  # "I have none": the moment is over
        _check_no_sevens_against_hand(state, deal, seat, None)
        deal = _close_moment(state, deal, seat)
        return _check_end(replace(state, deal=replace(deal, may_lay=False)))
    side = side_of(seat)
    for card in cards:
        if deal.won[side] >= TRICKS_FOR_RITA or deal.won[1 - side] >= TRICKS_FOR_RITA:
            raise _violation(
                "deal_already_decided", R_RITOR, {"card": str(card), "won": list(deal.won)},
                f"Given avbröts när paret fick sitt sjätte stick; {card} räknas inte och ska "
                "inte matas in.",
                f"The deal stopped when the pair got its sixth trick; {card} does not count "
                "and is not entered.")
        deal.knowledge.check_unplayed(card, R_SEVENS)
        number = deal.number_next
        deal = _proofs(state, deal, seat, (card,), number)
        trick = Trick(number, seat, (Play(seat, card),))
        won = tuple(w + (1 if s == side else 0) for s, w in enumerate(deal.won))
        held = tuple(h - (1 if s == seat else 0) for s, h in enumerate(deal.held))
        deal = replace(deal, done=deal.done + (Done(trick, SEVEN, (), seat),), won=won,
                       held=held, row=deal.row + (side,),
                       hands=hand_entry.without(deal.hands, seat, card),
                       knowledge=deal.knowledge.record(number, None, Play(seat, card),
                                                       R_SEVENS, state.players, void_in=()))
    if deal.held[seat] == 0:  # they laid their last cards: the lead passes on
        deal = _set_leader(state, deal, seat, may_lay=False)
    return _check_end(replace(state, deal=deal))


def _close_moment(state: State, deal: Deal, seat: int) -> Deal:
    """The leader's laying moment ends (they lead, or says they have no sevens). With sevens a
    duty, remember it: a seven they show later proves they kept it."""
    if state.options.sevens != "must" or not deal.may_lay:
        return deal
    return replace(deal, passed_moments=deal.passed_moments + ((seat, deal.number_next),))


def _play_card(state: State, seat: int, card: Card) -> State:
    deal = state.deal
    assert deal is not None
    turn = _to_act(deal)
    number = deal.current.number if deal.current is not None else deal.number_next
    if seat != turn:
        raise _not_your_turn(state, seat, turn, number)
    deal.knowledge.check_unplayed(card, R_PLAY)
    _check_play_against_hand(state, deal, seat, card)
    if deal.current is None:  # the lead: any card
        if card in SEVENS and deal.may_lay and state.options.sevens == "must":
            raise _violation(
                "lay_sevens_first", R_SEVENS, {"seat": seat, "card": str(card)},
                f"{_name(state, seat)} har {card} och ska lägga ned sina sjuor först av allt, "
                "ett stick var, och sedan spela ut.",
                f"{_name(state, seat)} holds {card} and must lay their sevens down first, one "
                "trick each, and then lead.")
        deal = _close_moment(state, deal, seat)
        trick = Trick(number, seat)
        deal = replace(deal, may_lay=False)
    else:
        trick = deal.current
        last = trick.plays[-1].card
        if not beats(card, last):
            raise _violation(
                "not_higher", R_PLAY,
                {"seat": seat, "card": str(card), "to_beat": str(last), "trick": number},
                f"{card_name(card)} är inte högre än {card_name(last)}. "
                f"{_name(state, seat)} måste lägga ett högre kort om det går, annars stå över."
                + (" Värdelösa kort och sjuor kan bara spelas ut." if not strength(card)
                   else ""),
                f"{card_name(card)} is not higher than {card_name(last)}. "
                f"{_name(state, seat)} must play a higher card if possible, else stand over."
                + (" Worthless cards and sevens can only be led." if not strength(card)
                   else ""))
    deal = _proofs(state, deal, seat, (card,), number)
    play = Play(seat, card)
    held = tuple(h - (1 if s == seat else 0) for s, h in enumerate(deal.held))
    deal = replace(deal, current=trick.add(play), held=held,
                   hands=hand_entry.without(deal.hands, seat, card),
                   knowledge=deal.knowledge.record(number, None, play, R_PLAY, state.players,
                                                   void_in=()))
    return _after_turn(replace(state, deal=deal))


def _stand_over(state: State, seat: int) -> State:
    deal = state.deal
    assert deal is not None
    turn = _to_act(deal)
    if deal.current is None:
        number = deal.number_next
        if seat == turn:
            raise _violation(
                "leader_must_lead", R_PLAY, {"seat": seat, "trick": number},
                f"{_name(state, seat)} har utspelet och kan inte stå över: lägg ned sjuorna och "
                "spela ut valfritt kort.",
                f"{_name(state, seat)} has the lead and cannot stand over: lay down the "
                "sevens and lead any card.")
        raise _not_your_turn(state, seat, turn, number)
    trick = deal.current
    if seat != turn:
        raise _not_your_turn(state, seat, turn, trick.number)
    against = trick.plays[-1].card
    _check_stand_over_against_hand(state, deal, seat, against, trick.number)
    deal = replace(deal, over=deal.over + (seat,),
                   stood=deal.stood + (Claim(seat, trick.number, against),))
    return _after_turn(replace(state, deal=deal))


def _on_trick(state: State, event: dict[str, Any]) -> State:
    """The rest of a trick in one entry: the leader's sevens (optional), then the cards in
    playing order, the seats in ``over`` standing over at their turn."""
    deal = _in_play(state, "trick")
    number = deal.number_next
    if event.get("sevens"):
        if deal.current is not None:
            raise _violation(
                "sevens_not_now", R_SEVENS, {"seat": deal.current.leader, "trick": number},
                "Sjuorna läggs ned före utspelet, inte mitt i ett stick.",
                "Sevens are laid down before the lead, not in the middle of a trick.")
        state = _lay_sevens(state, deal.leader, event["sevens"])
        deal = state.deal
        assert deal is not None
    cards = list(event.get("cards", ()))
    over = tuple(event.get("over", ()))
    if deal.outcome is not None:
        if cards or over:
            raise _violation(
                "deal_already_decided", R_RITOR, {"won": list(deal.won)},
                "Given är redan avgjord av sjuorna; inga fler kort.",
                "The deal is already decided by the sevens; no more cards.")
        return state
    turns = _turns_left(deal)
    if deal.current is None and turns[0] in over:
        return _stand_over(state, turns[0])  # refused: the leader must lead
    for seat in over:
        if seat not in turns and deal.held[seat] > 0:
            raise _violation(
                "over_not_in_turn", R_PLAY, {"seat": seat, "turns": list(turns)},
                f"{_name(state, seat)} har ingen tur kvar i det här sticket.",
                f"{_name(state, seat)} has no turn left in this trick.")
    acting = [s for s in turns if s not in over]
    if len(cards) != len(acting):
        raise _violation(
            "trick_size", R_PLAY,
            {"cards": len(cards), "expected": len(acting), "turns": list(turns),
             "over": list(over)},
            f"Sticket behöver {len(acting)} kort till (de som inte stod över), inte "
            f"{len(cards)}.",
            f"The trick needs {len(acting)} more cards (from those who did not stand over), "
            f"not {len(cards)}.")
    for seat in turns:
        if seat in over:
            state = _stand_over(state, seat)
        else:
            state = _play_card(state, seat, cards.pop(0))
        if state.deal.outcome is not None:  # a worthless lead nothing can beat any more
            break
    if cards:
        raise _violation(
            "deal_already_decided", R_RITOR, {"cards": [str(c) for c in cards]},
            "Given tog slut innan de sista korten: de räknas inte.",
            "The deal ended before the last cards: they do not count.")
    return state


def _after_turn(state: State) -> State:
    deal = state.deal
    assert deal is not None
    if deal.current is not None and _to_act(deal) is None:
        return _finish_trick(state)
    return _check_end(state)


def _finish_trick(state: State) -> State:
    """Everybody has had their turn. The last card played is the highest: it wins, unless
    the trick holds only worthless cards — then nobody wins it and the leader leads again."""
    deal = state.deal
    assert deal is not None and deal.current is not None
    trick = deal.current
    if any(strength(p.card) for p in trick.plays):
        winner = trick.plays[-1].seat
        side = side_of(winner)
        won = tuple(w + (1 if s == side else 0) for s, w in enumerate(deal.won))
        deal = replace(deal, done=deal.done + (Done(trick, WON, deal.over, winner),),
                       won=won, row=deal.row + (side,), current=None, over=())
        deal = _set_leader(state, deal, winner, may_lay=True)
    else:
        deal = replace(deal, done=deal.done + (Done(trick, SET_ASIDE, deal.over, None),),
                       row=deal.row + (None,), current=None, over=())
        deal = _set_leader(state, deal, trick.leader, may_lay=False)
    return _check_end(replace(state, deal=deal))


def _set_leader(state: State, deal: Deal, seat: int, may_lay: bool) -> Deal:
    """``seat`` leads next. A leader without cards: by default the lead passes clockwise to
    the next player holding cards, who did not win a trick and so lays no sevens."""
    if deal.held[seat] > 0 or state.options.leader_without_cards == "deal_ends":
        return replace(deal, leader=seat, may_lay=may_lay and deal.held[seat] > 0)
    for other in seats_from(seat, N_SEATS)[1:]:
        if deal.held[other] > 0:
            return replace(deal, leader=other, may_lay=False)
    return replace(deal, leader=seat, may_lay=False)


def _more_tricks_possible(deal: Deal) -> bool:
    """Can any further trick still be won in this deal?

    A trick under way with a ranked card in it will be won. A ranked card still in a hand
    can win a trick. Otherwise only sevens laid at an open laying moment make tricks.
    """
    if deal.current is not None and any(strength(p.card) for p in deal.current.plays):
        return True
    if deal.current is None and deal.held[deal.leader] == 0:
        return False  # nobody to lead (or, as an option, the deal ends with this leader)
    unplayed = _unplayed(deal)
    if any(strength(c) for c in unplayed):
        return True
    return deal.current is None and deal.may_lay and any(c in SEVENS for c in unplayed)


def _check_end(state: State) -> State:
    """The deal stops at once when a pair has six tricks, or when no trick can be won."""
    deal = state.deal
    assert deal is not None
    if max(deal.won) >= TRICKS_FOR_RITA or not _more_tricks_possible(deal):
        return _finish_deal(state)
    return state


def _club_king_side(deal: Deal) -> int | None:
    for done in deal.done:
        if done.kind == WON and UTSLAGSKORTET in (p.card for p in done.trick.plays):
            return side_of(done.winner)
    return None


def _finish_deal(state: State) -> State:
    deal = state.deal
    assert deal is not None
    if deal.current is not None:  # a worthless lead nobody can beat: it is set aside
        deal = replace(deal, done=deal.done + (Done(deal.current, SET_ASIDE, deal.over),),
                       row=deal.row + (None,), current=None, over=())
        state = replace(state, deal=deal)
    leading = 0 if deal.won[0] >= deal.won[1] else 1
    jan = is_jan(deal.row, leading, state.options.set_aside_breaks_row)
    outcome = deal_outcome(deal.won, jan, _club_king_side(deal))
    return _score(state, outcome)
