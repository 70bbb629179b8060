"""Norrandsknack — *Spelet av korten*: the play, its duties and their proofs.

Part of ``rules_engine.games.norrandsknack`` (import that module, not this one). The duties
of the text — the trump ace led to the first trick, a trump led under *trumfmant*, follow
suit — are checked at once against an entered hand (``rules_engine.hands``), else proven by a
card played later (``rules_engine.knowledge`` for the revoke; the two leads here). A missed
trump lead proven costs its limpa at once; one that play could not prove because the deal
stopped early can be called (``trumfmant_breach``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .. import hands as hand_entry
from ..cards import Card
from ..errors import Finding
from ..protocol import Expected
from ..seating import seats_from
from ..tricks import (Play, Trick, add_trick, enter_trick, playable, turn_refusal,
                      winning_play)
from .norrandsknack import (DECK, Deal, HAND, PER_TRICK, R_BUY, R_PLAY, State,
                            TRICKS_PER_DEAL, _card_is_dealers, _name, _next_dealer,
                            _refuse_laid_away, _refuse_phase, _trump, _trump_ace, _violation,
                            trumfmant_seats)
from .norrandsknack_scoring import _penalty_limpa, _score_deal, add_limpa


# --- play ------------------------------------------------------------------------------------
def _player_to_play(state: State, deal: Deal) -> int:
    trick = deal.current
    assert trick is not None
    return seats_from(trick.leader, state.n, deal.active)[len(trick.plays)]


def _on_play(state: State, event: dict[str, Any]) -> State:
    """A card played (``play``), or a whole trick from the seat to play (``trick``)."""
    if state.phase != "play":
        raise _refuse_phase(state, event["type"])
    if event["type"] == "play":
        return _play_card(state, event["seat"], event["card"])
    deal = state.deal
    assert deal is not None and deal.current is not None
    return enter_trick(state, event["cards"], len(deal.active) - len(deal.current.plays),
                       R_PLAY, lambda now: _player_to_play(now, now.deal), _play_card)


def _play_card(state: State, seat: int, card: Card) -> State:
    deal = state.deal
    assert deal is not None and deal.current is not None
    trick = deal.current
    if seat not in deal.active:
        raise _violation("not_in_deal", R_PLAY, {"seat": seat},
                         f"{_name(state, seat)} är inte med i den här given.",
                         f"{_name(state, seat)} is not in this deal.")
    to_play = _player_to_play(state, deal)
    if seat != to_play:
        raise turn_refusal(seat, to_play, trick.number, R_PLAY, state.players)
    deal.knowledge.check_unplayed(card, R_PLAY)
    for who, dead in deal.laid_away:
        if dead == card:
            raise _refuse_laid_away(state, card, who, R_PLAY, seat)
    if card == deal.trump_card and seat != deal.dealer:
        raise _card_is_dealers(state, deal, seat)
    _check_against_hand(state, deal, seat, card)
    trump = _trump(deal)
    if not trick.plays:
        deal = _note_lead(state, deal, seat, card)
    knowledge = deal.knowledge.record(trick.number, trick.led_suit, Play(seat, card), R_PLAY,
                                      state.players)
    deal = replace(deal, knowledge=knowledge, current=trick.add(Play(seat, card)),
                   hands=hand_entry.without(deal.hands, seat, card) if deal.hands else ())
    state = replace(state, deal=deal)
    if card.suit == trump:
        state = _prove_missed_trump_leads(state, seat, card, trick.number)
        if card == _trump_ace(deal):
            state = _prove_trump_ace_not_led(state, seat, card, trick.number)
    if len(state.deal.current.plays) < len(deal.active):
        return state
    return _finish_trick(state)


def _note_lead(state: State, deal: Deal, seat: int, card: Card) -> Deal:
    """Remember a lead that a later card may prove wrong: the first lead when it was not the
    trump ace, and every non-trump lead under trumfmant."""
    trick = deal.current
    assert trick is not None
    ace = _trump_ace(deal)
    if trick.number == 1 and card != ace and not (
            ace == deal.trump_card and seat != deal.dealer):
        # (If the turned card is the ace, only the dealer can hold it.)
        deal = replace(deal, first_lead=(seat, card))
    if trumfmant_seats(state) and card.suit != _trump(deal):
        deal = replace(deal, suspect_leads=deal.suspect_leads + ((seat, trick.number, card),))
    return deal


def _prove_missed_trump_leads(state: State, seat: int, card: Card, number: int) -> State:
    """A trump played now proves every earlier non-trump lead of this player under trumfmant:
    they held this trump then. Each missed lead costs a limpa, written at once."""
    deal = state.deal
    assert deal is not None
    proven = [s for s in deal.suspect_leads if s[0] == seat]
    if not proven:
        return state
    deal = replace(deal, suspect_leads=tuple(s for s in deal.suspect_leads if s[0] != seat))
    state = replace(state, deal=deal)
    for _, lead_trick, lead_card in proven:
        before = state.scores[seat]
        after = add_limpa(before)
        finding = Finding(
            code="trumfmant_breach", rule=R_PLAY, seat=seat,
            params={"lead_trick": lead_trick, "lead_card": str(lead_card),
                    "proof_trick": number, "proof_card": str(card),
                    "points_before": before, "points_after": after},
            sv=(f"Trumfmant: {_name(state, seat)} spelade ut {lead_card} i stick {lead_trick} "
                f"men hade trumf ({card}, spelat i stick {number}): limpa, {before} → "
                f"{after}."),
            en=(f"Trumfmant: {_name(state, seat)} led {lead_card} in trick {lead_trick} but "
                f"held a trump ({card}, played in trick {number}): a limpa, {before} → "
                f"{after}."))
        state = _penalty_limpa(state, seat, lead_trick)
        state = replace(state, deal=replace(state.deal,
                                            findings=state.deal.findings + (finding,)))
    return state


def _prove_trump_ace_not_led(state: State, seat: int, card: Card, number: int) -> State:
    deal = state.deal
    assert deal is not None
    if deal.first_lead is None or deal.first_lead[0] != seat:
        return state
    led = deal.first_lead[1]
    finding = Finding(
        code="trump_ace_not_led", rule=R_PLAY, seat=seat,
        params={"trump_ace": str(card), "lead_trick": 1, "lead_card": str(led),
                "proof_trick": number},
        sv=(f"{_name(state, seat)} spelade ut {led} till första sticket men hade trumfesset "
            f"{card} (spelat i stick {number}): trumfesset skulle ha spelats ut."),
        en=(f"{_name(state, seat)} led {led} to the first trick but held the trump ace "
            f"{card} (played in trick {number}): the trump ace had to be led."))
    return replace(state, deal=replace(deal, findings=deal.findings + (finding,),
                                       first_lead=None))


def _finish_trick(state: State) -> State:
    deal = state.deal
    assert deal is not None and deal.current is not None
    trick = deal.current
    winner = winning_play(trick, DECK, _trump(deal)).seat
    won = add_trick(deal.won, winner)
    deal = replace(deal, tricks=deal.tricks + (trick,), won=won, current=None)
    state = replace(state, deal=deal)
    # "Om en spelare har tagit lika många stick som hen har poäng i protokollet, är spelet
    # således slut och given avbryts."
    if PER_TRICK * won[winner] >= state.scores[winner] or trick.number == TRICKS_PER_DEAL:
        return _score_deal(state)
    return replace(state, deal=replace(deal, current=Trick(trick.number + 1, winner)))


# --- a called trumfmant breach -----------------------------------------------------------------
def open_missed_leads(state: State) -> tuple[tuple[int, int, Card], ...]:
    """Non-trump leads under trumfmant that play never proved because the deal stopped early
    (someone reached 0 first): (seat, trick, card). They can be called until the next deal."""
    deal = state.deal
    if deal is None or deal.outcome != "stopped" or state.phase not in ("over", "deal"):
        return ()
    return deal.suspect_leads


def _on_trumfmant_breach(state: State, event: dict[str, Any]) -> State:
    """The table calls a missed trump lead that play could not prove: the deal stopped
    before the offender played a trump, and their hand shows they held one. As a proven one,
    it costs a limpa (Spelet av korten); if that lifts the winner above 0 the omgång goes on."""
    seat, trick, card = event["seat"], event.get("trick"), event.get("card")
    deal = state.deal
    open_ = [lead for lead in open_missed_leads(state)
             if lead[0] == seat and (trick is None or lead[1] == trick)]
    if not open_missed_leads(state):
        raise _violation(
            "breach_not_callable", R_PLAY, {"phase": state.phase},
            "Ett missat trumfutspel påtalas så här bara efter en giv som avbröts innan alla "
            "stick spelats, fram till nästa giv; annars bevisas det av trumfkortet som spelas "
            "senare (snabbinmatning: missade trumfutspel).",
            "A missed trump lead is called like this only after a deal that stopped before all "
            "tricks were played, until the next deal; otherwise the trump played later proves "
            "it (quick entry: missed trump leads).")
    if not open_:
        where_sv = f" i stick {trick}" if trick is not None else ""
        where_en = f" in trick {trick}" if trick is not None else ""
        raise _violation(
            "no_missed_lead", R_PLAY, {"seat": seat, "trick": trick},
            f"{_name(state, seat)} spelade inte ut något annat än trumf under trumfmant"
            f"{where_sv} i den här given (eller så är det redan straffat).",
            f"{_name(state, seat)} did not lead a non-trump under trumfmant{where_en} in this "
            "deal (or it is already penalised).")
    assert deal is not None
    if card is not None:
        _check_shown_trump(state, deal, seat, card)
    _, lead_trick, lead_card = open_[0]
    before = state.scores[seat]
    shown_sv = f" ({card})" if card is not None else ""
    finding = Finding(
        code="trumfmant_breach", rule=R_PLAY, seat=seat,
        params={"lead_trick": lead_trick, "lead_card": str(lead_card), "proof_trick": None,
                "proof_card": None if card is None else str(card), "called": True,
                "points_before": before, "points_after": add_limpa(before)},
        sv=(f"Trumfmant: {_name(state, seat)} spelade ut {lead_card} i stick {lead_trick} men "
            f"hade trumf{shown_sv} (påtalat efter att given avbrutits): limpa, {before} → "
            f"{add_limpa(before)}."),
        en=(f"Trumfmant: {_name(state, seat)} led {lead_card} in trick {lead_trick} but held "
            f"a trump{shown_sv} (called after the deal stopped): a limpa, {before} → "
            f"{add_limpa(before)}."))
    deal = replace(deal, suspect_leads=tuple(lead for lead in deal.suspect_leads
                                             if lead != open_[0]))
    state = _penalty_limpa(replace(state, deal=deal), seat, lead_trick)
    state = replace(state, deal=replace(state.deal, findings=state.deal.findings + (finding,)))
    if state.winner is not None and state.scores[state.winner] > 0:
        # The winner's own missed lead: the limpa takes them back above 0, as it would have
        # had play proved it in time; nobody stands at 0, so the omgång goes on.
        state = replace(state, winner=None, phase="deal", first_rules=False, redeals=0,
                        dealer=_next_dealer(state))
    return state


def _check_shown_trump(state: State, deal: Deal, seat: int, card: Card) -> None:
    """The trump shown must be one they can have held: a trump, not played, not laid away, and
    the turned card only in the dealer's hand."""
    trump = _trump(deal)
    if card.suit != trump:
        raise _violation("not_a_trump", R_PLAY, {"card": str(card), "trump": trump},
                         f"{card} är inte trumf.", f"{card} is not a trump.")
    deal.knowledge.check_unplayed(card, R_PLAY)
    for who, dead in deal.laid_away:
        if dead == card:  # their secret still at a table that keeps private entries closed
            raise _refuse_laid_away(state, card, who, R_PLAY, seat)
    if card == deal.trump_card and seat != deal.dealer:
        raise _card_is_dealers(state, deal, seat)


# --- a hand entered by its player: every play checked at once --------------------------------
def _on_hand(state: State, event: dict[str, Any]) -> State:
    """A player in the deal enters the cards they hold, once the buying is over (their hand is
    final then): five less those they have played. None played, laid away, or in another entered
    hand; the turned card only in the dealer's."""
    deal = state.deal
    if state.phase != "play" or deal is None:
        if state.phase in ("bidding", "buying"):
            raise _violation(
                "hand_not_yet", R_BUY, {"phase": state.phase},
                "Handen matas in efter köpet, när den inte ändras mer.",
                "The hand is entered after the buying, when it no longer changes.")
        raise _refuse_phase(state, "hand")
    seat = event["seat"]
    if seat not in deal.active:
        raise _violation("not_in_deal", R_PLAY, {"seat": seat},
                         f"{_name(state, seat)} är inte med i den här given.",
                         f"{_name(state, seat)} is not in this deal.")
    hands = deal.hands or hand_entry.no_hands(state.n)
    played = sum(1 for s in deal.knowledge.seen if s.seat == seat)
    for card in event["cards"]:
        if card == deal.trump_card and seat != deal.dealer:
            raise _card_is_dealers(state, deal, seat)
        for who, dead in deal.laid_away:
            if dead == card:
                raise _refuse_laid_away(state, card, who, R_BUY, seat)
    cards = hand_entry.check_entry(
        hands, seat, event["cards"], size=HAND - played,
        seen=(s.card for s in deal.knowledge.seen), rule=R_PLAY, players=state.players,
        size_sv=f" (fem efter köpet, {played} spelade)",
        size_en=f" (five after the buying, {played} played)")
    return replace(state, deal=replace(deal, hands=hand_entry.with_hand(hands, seat, cards)))


def _check_against_hand(state: State, deal: Deal, seat: int, card: Card) -> None:
    """With the seat's hand entered, each duty of "Spelet av korten" is checked at once:
    the card is theirs; the first leader holding the trump ace leads it; under trumfmant the
    leader leads a trump if they have one; a follower follows suit if they can."""
    if not deal.hands:
        return
    hand_entry.check_in_hand(deal.hands, seat, card, R_PLAY, state.players)
    hand, trick = deal.hands[seat], deal.current
    if hand is None or trick is None:
        return
    name, trump = _name(state, seat), _trump(deal)
    if not trick.plays:
        ace = _trump_ace(deal)
        if trick.number == 1 and ace in hand and card != ace:
            raise hand_entry.refuse_duty(
                "must_lead_trump_ace", R_PLAY, seat, {"card": str(card), "holds": str(ace)},
                sv=f"{name} har trumfesset {ace} på sin inmatade hand och måste spela ut det "
                   "till första sticket.",
                en=f"{name} holds the trump ace {ace} in the entered hand and must lead it to "
                   "the first trick.",
                public_sv=f"{name} har trumfesset på sin inmatade hand och måste spela ut det "
                          "till första sticket.",
                public_en=f"{name} holds the trump ace in the entered hand and must lead it to "
                          "the first trick.")
        held = next((c for c in hand if c.suit == trump), None)
        if trumfmant_seats(state) and card.suit != trump and held is not None:
            raise hand_entry.refuse_duty(
                "must_lead_trump", R_PLAY, seat, {"card": str(card), "holds": str(held)},
                sv=f"Trumfmant: {name} har {held} på sin inmatade hand och måste spela ut "
                   "trumf.",
                en=f"Trumfmant: {name} holds {held} in the entered hand and must lead a trump.",
                public_sv=f"Trumfmant: {name} har trumf på sin inmatade hand och måste spela "
                          "ut trumf.",
                public_en=f"Trumfmant: {name} holds a trump in the entered hand and must lead "
                          "a trump.")
        return
    led = trick.led_suit
    same = next((c for c in hand if c.suit == led), None)
    if card.suit != led and same is not None:
        raise hand_entry.refuse_must_follow(R_PLAY, seat, card, led, same, state.players)


def legal_cards(state: State, seat: int) -> tuple[Card, ...] | None:
    """The cards ``seat`` may play now when their hand is entered, else ``None``."""
    deal = state.deal
    if deal is None or not deal.hands or deal.hands[seat] is None or deal.current is None:
        return None
    hand, trick, trump = deal.hands[seat], deal.current, _trump(deal)
    if not trick.plays:
        ace = _trump_ace(deal)
        if trick.number == 1 and ace in hand:
            return (ace,)
        trumps = tuple(c for c in hand if c.suit == trump)
        return trumps if trumfmant_seats(state) and trumps else hand
    return playable(hand, trick.led_suit, None)


def _with_hands(state: State, exp: Expected) -> Expected:
    """``expected`` plus hand entry after the buying, and the legal cards of the seat to play
    when their hand is known (sealed: only their phone sees them)."""
    deal = state.deal
    if state.phase != "play" or deal is None:
        return exp
    return hand_entry.offer_hand_entry(
        exp, lambda seat: legal_cards(state, seat),
        [(s, hand_entry.cards_held(HAND, deal.knowledge.seen, s))
         for s in deal.active if not deal.hands or deal.hands[s] is None])
