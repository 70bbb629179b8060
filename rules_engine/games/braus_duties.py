"""Bräus — the two duties a later card or an entered hand can prove broken: standing over
although one could beat ("Bräus — Spelet") and keeping a seven at a laying moment
("Bräus — Sjuorna", when the option ``sevens`` makes laying them a duty).

At the table the app sees no hand, so a breach is proven later: the card that would have
beaten, or the kept seven, shows up in a later trick (a finding naming both tricks). A hand
entered by its player (``hand``, ``rules_engine.hands``) proves the same at once: a turn
against it is refused, and what it shows about their earlier turns becomes a finding private
to them until the deal is over.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .. import hands as hand_entry
from ..cards import Card
from ..errors import Finding
from ..knowledge import Claim, proof_words
from ..protocol import Expectation, Expected
from .braus import (beats, card_name, CARDS_EACH, Deal, deal_in_progress, N_SEATS, _name,
                    R_DEAL, R_PLAY, R_SEVENS, _refuse_phase, SEVENS, State, strength)


def _proofs(state: State, deal: Deal, seat: int, shown: tuple[Card, ...],
            number: int | None) -> Deal:
    """What ``shown`` — a card ``seat`` plays in trick ``number``, or (``number`` None) the
    hand they enter — proves about their earlier turns.

    They held those cards all deal long (no card is drawn after the deal), so: each earlier
    stand-over of theirs against a card one of them beats was a breach, and a seven among them
    after they let a laying moment pass was kept when it should have been laid down.
    """
    findings, stood = deal.findings, []
    for claim in deal.stood:
        proof = max((c for c in shown if beats(c, claim.card)), key=strength, default=None)
        if claim.seat == seat and proof is not None:
            findings += (_stood_over_finding(state, claim, proof, number),)
        else:
            stood.append(claim)
    passed = deal.passed_moments
    mine = [m for m in passed if m[0] == seat]
    seven = next((c for c in shown if c in SEVENS), None)
    if mine and seven is not None:
        findings += (_seven_kept_finding(state, seat, mine[0][1], seven, number),)
        passed = tuple(m for m in passed if m[0] != seat)
    return replace(deal, findings=findings, stood=tuple(stood), passed_moments=passed)


def _stood_over_finding(state: State, claim: Claim, proof: Card,
                        number: int | None) -> Finding:
    """``claim`` — they stood over against ``claim.card`` — proven wrong by ``proof``: shown
    in trick ``number``, or held in their entered hand (``number`` None; private to them)."""
    name, against, n = _name(state, claim.seat), card_name(claim.card), claim.trick
    params: dict[str, Any] = {"over_trick": n, "against": str(claim.card)}
    if number is None:
        params["proof"] = "hand"
        shown = (f"har {card_name(proof)} på sin inmatade hand",
                 f"holds {card_name(proof)} in the entered hand")
    else:
        params["proof_trick"] = number
        shown = (f"visade {card_name(proof)} i stick {number}",
                 f"showed {card_name(proof)} in trick {number}")
    params["proof_card"] = str(proof)
    sv, en = proof_words(
        name,
        (f"stod över i stick {n} mot {against}", f"stood over in trick {n} against {against}"),
        shown, (f"felspel i stick {n}", f"a breach in trick {n}"),
        why=(f"{name} kunde ha lagt högre och var då tvungen",
             "they could have played higher, so they had to"))
    finding = Finding(code="stood_over_with_higher", rule=R_PLAY, seat=claim.seat,
                      params=params, sv=sv, en=en)
    if number is not None:
        return finding
    return replace(
        finding, private_to=claim.seat,
        public_sv=(f"{name} stod över i stick {n} mot {against} men {name}s inmatade hand har ett "
                   f"högre kort — felspel i stick {n}."),
        public_en=(f"{name} stood over in trick {n} against {against} but the entered hand "
                   f"holds a higher card — a breach in trick {n}."))


def _seven_kept_finding(state: State, seat: int, moment: int, seven: Card,
                        number: int | None) -> Finding:
    """A laying moment let pass, proven wrong by ``seven``: shown in trick ``number``, or
    held in their entered hand (``number`` None; private to them)."""
    name = _name(state, seat)
    params: dict[str, Any] = {"moment_trick": moment}
    if number is None:
        params["proof"] = "hand"
        shown = ("har den på sin inmatade hand", "holds it in the entered hand")
    else:
        params["proof_trick"] = number
        shown = (f"visade den i stick {number}", f"showed it in trick {number}")
    params["card"] = str(seven)
    sv, en = proof_words(
        name, (f"lade inte ned {seven} före sitt utspel i stick {moment}",
               f"did not lay down {seven} before their lead in trick {moment}"),
        shown, (f"felspel före stick {moment}", f"a breach before trick {moment}"),
        why=("sjuor läggs ned genast", "sevens are laid down at once"))
    finding = Finding(code="seven_not_laid_down", rule=R_SEVENS, seat=seat, params=params,
                      sv=sv, en=en)
    if number is not None:
        return finding
    return replace(
        finding, private_to=seat,
        public_sv=(f"{name} lade inte ned sina sjuor före sitt utspel i stick {moment} men har "
                   f"en sjua på sin inmatade hand — felspel före stick {moment}."),
        public_en=(f"{name} did not lay down their sevens before their lead in trick {moment} but "
                   f"holds a seven in the entered hand — a breach before trick {moment}."))


# --- a hand entered by its player: every turn checked at once -------------------------------
def _on_hand(state: State, event: dict[str, Any]) -> State:
    """A player enters the cards they hold now (nine dealt less those they have laid or played).

    None of the cards already on the table can be in it, nor a card of another entered hand.
    What the hand shows about their earlier turns is proven at once, as a card shown later
    would prove it: a stand-over against a card their hand beats, a seven kept past a laying
    moment. Those findings are private to them until the deal is over.
    """
    deal = state.deal
    if deal_in_progress(state) is None or deal is None:
        raise _refuse_phase(state, "hand")
    seat = event["seat"]
    cards = hand_entry.check_entry(
        deal.hands, seat, event["cards"], size=deal.held[seat],
        seen=(s.card for s in deal.knowledge.seen), rule=R_DEAL, players=state.players,
        size_sv=f" ({CARDS_EACH} givna, {CARDS_EACH - deal.held[seat]} lagda eller spelade)",
        size_en=f" ({CARDS_EACH} dealt, {CARDS_EACH - deal.held[seat]} laid or played)")
    deal = _proofs(state, deal, seat, cards, None)
    deal = replace(deal, hands=hand_entry.with_hand(deal.hands, seat, cards))
    return replace(state, deal=deal)


def _check_play_against_hand(state: State, deal: Deal, seat: int, card: Card) -> None:
    """With the seat's hand entered: the card must be in it, and a leader at a laying moment
    lays their sevens first (option ``sevens`` = must) before they lead another card."""
    hand_entry.check_in_hand(deal.hands, seat, card, R_PLAY, state.players)
    if deal.current is None and card not in SEVENS:
        _check_no_sevens_against_hand(state, deal, seat, card)


def _check_no_sevens_against_hand(state: State, deal: Deal, seat: int,
                                  lead: Card | None) -> None:
    """The leader ends their laying moment (they lead, or says they have no sevens) while their
    entered hand holds a seven: "lägger han först av allt ned dessa"."""
    hand = deal.hands[seat]
    if hand is None or not deal.may_lay or state.options.sevens != "must":
        return
    seven = next((c for c in hand if c in SEVENS), None)
    if seven is None:
        return
    name = _name(state, seat)
    raise hand_entry.refuse_duty(
        "lay_sevens_first", R_SEVENS, seat,
        {"card": None if lead is None else str(lead), "holds": str(seven),
         "trick": deal.number_next},
        sv=f"{name} har {seven} på sin inmatade hand och ska lägga ned sina sjuor först av "
           "allt, ett stick var, och sedan spela ut.",
        en=f"{name} holds {seven} in the entered hand and must lay their sevens down first, "
           "one trick each, and then lead.",
        public_sv=f"{name} har en sjua på sin inmatade hand och ska lägga ned sina sjuor "
                  "först av allt, ett stick var, och sedan spela ut.",
        public_en=f"{name} holds a seven in the entered hand and must lay their sevens down "
                  "first, one trick each, and then lead.")


def _check_stand_over_against_hand(state: State, deal: Deal, seat: int, against: Card,
                                   number: int) -> None:
    """Standing over is allowed only without a higher card: "måste lägga ett högre kort
    ... om han kan. Har han inget högre kort, måste han stå över"."""
    hand = deal.hands[seat]
    if hand is None:
        return
    higher = max((c for c in hand if beats(c, against)), key=strength, default=None)
    if higher is None:
        return
    name = _name(state, seat)
    raise hand_entry.refuse_duty(
        "must_play_higher", R_PLAY, seat,
        {"to_beat": str(against), "holds": str(higher), "trick": number},
        sv=f"{name} kan inte stå över: {card_name(higher)} på den inmatade handen är högre än "
           f"{card_name(against)}, och den som kan lägga högre måste.",
        en=f"{name} cannot stand over: {card_name(higher)} in the entered hand is higher than "
           f"{card_name(against)}, and whoever can play higher must.",
        public_sv=f"{name} kan inte stå över: den inmatade handen har ett kort som är högre än "
                  f"{card_name(against)}, och den som kan lägga högre måste.",
        public_en=f"{name} cannot stand over: the entered hand holds a card higher than "
                  f"{card_name(against)}, and whoever can play higher must.")


def legal_cards(state: State, seat: int) -> tuple[Card, ...] | None:
    """The cards ``seat`` may play now when their hand is entered, else ``None``: any card to
    lead (sevens laid first when they must be), a higher card to follow."""
    deal = state.deal
    if deal is None or deal.hands[seat] is None or deal_in_progress(state) is None:
        return None
    hand = deal.hands[seat]
    if deal.current is None:
        if deal.may_lay and state.options.sevens == "must" and any(c in SEVENS for c in hand):
            return ()  # they lay their sevens first (``sevens``), then leads
        return hand
    last = deal.current.plays[-1].card
    return tuple(c for c in hand if beats(c, last))


def _with_hands(state: State, exp: Expected) -> Expected:
    """``expected`` plus hand entry: who may enter their hand now, and the legal cards of the
    seat to act when their hand is known (sealed: only their phone sees them)."""
    deal = state.deal
    if deal_in_progress(state) is None:
        return exp
    inputs = []
    for item in exp.inputs:
        hand = deal.hands[item.seat] if item.seat is not None else None
        if item.type == "play" and hand is not None:
            legal = legal_cards(state, item.seat)
            item = replace(item, fields=dict(item.fields,
                                             legal=hand_entry.sealed_legal(item.seat, legal)))
        if item.type == "sevens" and hand is not None:
            sevens = tuple(c for c in hand if c in SEVENS)
            item = replace(item, fields=dict(item.fields,
                                             legal=hand_entry.sealed_legal(item.seat, sevens)))
        inputs.append(item)
    inputs += [Expectation("hand", s, fields={"count": deal.held[s]})
               for s in range(N_SEATS) if deal.hands[s] is None and deal.held[s] > 0]
    return replace(exp, inputs=tuple(inputs))
