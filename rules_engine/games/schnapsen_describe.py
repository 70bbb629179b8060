"""What the Schnapsen family shows the table: ``expected`` (the inputs open now, and only those
the rules allow), ``describe`` (the hand and the last hand as JSON) and the dispute settler
(what it answers: ``schnapsen_family``, "The dispute settler"). Under ``no_peeking`` the
settler tells no points and ``describe`` keeps the won tricks face down.
"""

from __future__ import annotations

from typing import Any

from .. import hands as hand_entry
from ..errors import RuleViolation, violation
from ..protocol import Expectation, Expected
from ..secrets import sealed
from ..tricks import Trick, seats_from
from . import schnapsen_marriages as marriages
from . import schnapsen_play as play
from . import schnapsen_scoring as scoring
from . import schnapsen_talon as talon
from .schnapsen_family import Variant, caller_seat, figures_now, pending_marriages, points_of
from .schnapsen_hand import (Hand, State, duty_applies, player_name, player_names, side_of,
                             sides_of, suit_words, to_play, trick_winner)


# --- the dispute settler -------------------------------------------------------------------------
def _verdict(refusal: RuleViolation | None, rule: str, seat: int | None, sv: str,
             en: str) -> dict[str, Any]:
    if refusal is None:
        return {"allowed": True, "seat": seat, "code": None, "rule": rule,
                "messages": {"sv": sv, "en": en}}
    return {"allowed": False, "seat": seat, "code": refusal.code, "rule": refusal.rule,
            "messages": dict(refusal.messages)}


def settler(variant: Variant, state: State) -> dict[str, Any] | None:
    """The commonest quarrels at a Schnapsen table, answered for this moment with the rule."""
    hand = state.hand
    if state.phase != "play" or hand is None or hand.current is None:
        return None
    rules = state.rules
    trick = hand.current
    leader = trick.leader
    out: dict[str, Any] = {"trump": hand.trump}
    if variant.calls_partner:
        out["called"] = None if hand.called is None else str(hand.called)
        out["partner"] = hand.partner  # None until the called card is played or shown
    if variant.talon:
        status = ("closed" if hand.closed_by is not None else
                  "exhausted" if hand.talon == 0 else "open")
        out["talon"] = {
            "cards": hand.talon, "face_down": hand.face_down, "status": status,
            "trump_card": None if hand.trump_card is None else str(hand.trump_card),
            "closed_by": hand.closed_by, "rule": variant.refs.play,
            "messages": _talon_words(state, hand)}
        wanted = talon.exchange_card(state, hand)
        out["exchange"] = _verdict(
            talon.exchange_refusal(variant, state, leader),
            variant.refs.exchange if rules.exchange_rank == "J" else variant.refs.options,
            leader, f"{player_name(state, leader)} får byta {wanted} mot {hand.trump_card}, "
                    f"om {wanted} finns på handen.",
            f"{player_name(state, leader)} may exchange {wanted} for {hand.trump_card} if they hold "
            f"{wanted}.")
        out["close"] = _verdict(
            talon.close_refusal(variant, state, leader), variant.refs.close, leader,
            f"{player_name(state, leader)} får stänga talongen nu.",
            f"{player_name(state, leader)} may close the talon now.")
    duty = duty_applies(hand, trick.number)
    out["duty"] = {
        "follow_and_head": duty, "rule": variant.refs.play,
        "messages": {
            "sv": ("Bekänn färg och ta sticket om du kan, annars trumfa, annars valfritt."
                   if duty and rules.must_head else
                   "Bekänn färg, annars trumfa, annars valfritt (ingen plikt att ta sticket)."
                   if duty else "Talongen är öppen: vilket kort som helst får läggas."),
            "en": ("Follow suit and head the trick if you can, else trump, else anything."
                   if duty and rules.must_head else
                   "Follow suit, else trump, else anything (no duty to head)."
                   if duty else "The talon is open: any card may be played.")}}
    candidates = marriages.marriage_candidates(variant, state)
    general = marriages.marriage_refusal(variant, state, leader)
    if general is None and not candidates:
        general = violation(
            "no_marriage_left", variant.refs.marriage, {},
            "Inget mariage är möjligt: varje par har ett kort spelat eller utom räckhåll.",
            "No marriage is possible: every pair has a card played or out of reach.")
    marriage = _verdict(general, variant.refs.marriage, leader,
                        f"{player_name(state, leader)} får melda mariage med ett av: "
                        f"{' '.join(str(c) for c in candidates)}.",
                        f"{player_name(state, leader)} may announce a marriage leading one of: "
                        f"{' '.join(str(c) for c in candidates)}.")
    marriage["cards"] = [str(c) for c in candidates]
    out["marriage"] = marriage
    out["claims"] = [_claim_verdict(variant, state, hand, seat)
                     for seat in range(variant.players)]
    return out


def _talon_words(state: State, hand: Hand) -> dict[str, str]:
    if hand.closed_by is not None:
        return {"sv": f"Talongen är stängd av {player_name(state, hand.closed_by)}; "
                      f"{hand.talon} kort ligger kvar ur spel.",
                "en": f"The talon is closed by {player_name(state, hand.closed_by)}; {hand.talon} "
                      "cards stay out of play."}
    if hand.talon == 0:
        return {"sv": "Talongen är slut.", "en": "The talon is exhausted."}
    return {"sv": f"Talongen har {hand.talon} kort: {hand.face_down} nedvända och "
                  f"{hand.trump_card} uppvänt.",
            "en": f"The talon has {hand.talon} cards: {hand.face_down} face down and "
                  f"{hand.trump_card} face up."}


def _claim_verdict(variant: Variant, state: State, hand: Hand, seat: int) -> dict[str, Any]:
    rule = variant.refs.claim
    if state.rules.no_peeking:
        return {"seat": seat, "right": None, "hidden": True, "rule": variant.refs.options,
                "messages": {"sv": "Vid det här bordet räknar man i huvudet: appen visar inte "
                                   "poängen förrän given är slut.",
                             "en": "At this table points are kept in one's head: the app "
                                   "shows them only when the hand is over."}}
    sides = sides_of(variant, hand)
    if sides is None:
        return {"seat": seat, "right": None, "hidden": False, "rule": rule,
                "messages": {"sv": f"Sidorna är okända tills {hand.called} har spelats; ett 66 "
                                   "anger vem som har det.",
                             "en": f"The sides are unknown until {hand.called} is played; a "
                                   "claim names who holds it."}}
    outcome = scoring.judge_claim(variant, state, hand, seat, sides)
    mine = side_of(sides, seat)
    points, tricks = figures_now(variant, state.rules, hand).of(mine)
    return {"seat": seat, "right": outcome.how != "wrong_claim", "points": points,
            "tricks": tricks, "pending": sum(pending_marriages(hand, s) for s in mine),
            "winners": list(outcome.winners), "game_points": outcome.game_points,
            "hidden": False, "rule": rule, "score_rule": outcome.rule,
            "messages": {"sv": outcome.sv, "en": outcome.en}}


# --- what comes next -----------------------------------------------------------------------------
def expected_of(variant: Variant, state: State) -> Expected:
    if state.phase == "over":
        who = player_names(state, state.winners)
        return Expected("over", f"Matchen är slut: {who} vann.",
                        f"The match is over: {who} won.")
    quick_fields: dict[str, Any] = {"game_points": [1, 2, 3]}
    if state.phase == "deal":
        dealer = player_name(state, state.dealer)
        quick = Expectation("result", fields=quick_fields)
        if variant.calls_partner:
            caller = caller_seat(variant, state.dealer)
            return Expected(
                "deal", f"{dealer} ger. {player_name(state, caller)} tittar på sina tre kort och "
                        "ropar ett kort.",
                f"{dealer} deals. {player_name(state, caller)} looks at their three cards and calls "
                "a card.", caller,
                (Expectation("call", caller, fields={"card": "required"}), quick))
        return Expected(
            "deal", f"{dealer} ger och vänder upp trumfkortet.",
            f"{dealer} deals and turns up the trump card.", state.dealer,
            (Expectation("deal", state.dealer, fields={"trump": "required"}), quick))
    hand = state.hand
    assert hand is not None and hand.current is not None
    trick = hand.current
    seat = to_play(variant, hand)
    rules = state.rules
    info: dict[str, Any] = {"trick": trick.number, "leader": trick.leader,
                            "led_suit": trick.led_suit, "trump": hand.trump,
                            "follow_and_head": duty_applies(hand, trick.number)}
    if variant.talon:
        info["talon"] = hand.talon
    # Cards on the table that no one can play now: the trump card face up under the talon,
    # and the one the closing turned down (the phone dims them).
    out = [str(c) for c in (hand.trump_card, hand.turned_down) if c is not None]
    if out:
        info["out_of_play"] = out
    legal = play.entered_legal(variant, state, seat)
    if legal is not None:
        info["legal"] = hand_entry.sealed_legal(seat, legal)
    inputs = [Expectation("play", seat, fields=info), Expectation("trick", seat)]
    if not trick.plays:
        candidates = marriages.marriage_candidates(variant, state)
        if candidates:
            inputs.append(Expectation("marriage", seat,
                                      fields={"card": [str(c) for c in candidates]}))
        if variant.talon:
            if talon.exchange_refusal(variant, state, seat) is None:
                inputs.append(Expectation("exchange", seat, fields={
                    "card": str(talon.exchange_card(state, hand))}))
            ways = tuple(before for before in ((False, True) if rules.close_before_drawing
                                               else (False,))
                         if talon.close_refusal(variant, state, seat, before) is None)
            if ways:
                inputs.append(Expectation("close", seat, choices=ways if
                                          rules.close_before_drawing else ()))
    for claimant in seats_from(seat, variant.players, direction=variant.direction):
        claim_fields: dict[str, Any] = {}
        if variant.calls_partner and hand.partner is None:
            claim_fields["partner"] = "required"
        inputs.append(Expectation("claim", claimant, fields=claim_fields))
    if not hand.touched:
        inputs.append(Expectation("result", fields=quick_fields))
    if duty_applies(hand, trick.number):  # no card enters a hand any more: enter it
        inputs += [Expectation("hand", s, fields={"count": hand.in_hand - (
                       1 if s in trick.seats() else 0)})
                   for s in range(variant.players)
                   if not hand.entered or hand.entered[s] is None]
    what_sv = "spelar ut" if not trick.plays else "spelar"
    what_en = "leads" if not trick.plays else "plays"
    trump_sv, trump_en = suit_words(hand.trump) if hand.trump else ("?", "?")
    talon_sv = talon_en = ""
    if variant.talon:
        words = _talon_words(state, hand)
        talon_sv, talon_en = " " + words["sv"], " " + words["en"]
    elif hand.called is not None:
        talon_sv, talon_en = f" Ropat kort: {hand.called}.", f" Called card: {hand.called}."
    return Expected(
        "play", f"Giv {hand.number}, stick {trick.number}: {player_name(state, seat)} {what_sv}. "
                f"Trumf: {trump_sv}.{talon_sv}",
        f"Hand {hand.number}, trick {trick.number}: {player_name(state, seat)} {what_en}. "
        f"Trumps: {trump_en}.{talon_en}", seat, tuple(inputs))


# --- the state as JSON -------------------------------------------------------------------------
def _hand_dict(variant: Variant, state: State, hand: Hand) -> dict[str, Any]:
    hidden = state.rules.no_peeking and hand.outcome is None

    def trick_dict(t: Trick) -> dict[str, Any]:
        out: dict[str, Any] = {"number": t.number, "leader": t.leader,
                               "cards": [{"seat": p.seat, "card": str(p.card)} for p in t.plays]}
        if len(t.plays) == variant.players:
            out["winner"] = trick_winner(variant, hand, t)
        return out

    out: dict[str, Any] = {
        "number": hand.number, "dealer": hand.dealer, "leader": hand.leader,
        "trump": hand.trump, "quick": hand.quick,
        "tricks": [trick_dict(t) for t in hand.tricks] if not hidden else [],
        "current": None if hand.current is None else trick_dict(hand.current),
        "won_tricks": list(hand.won_tricks),
        "marriages": [m.as_dict() for m in hand.marriages],
        "known": [[str(c) for c in cards] for cards in hand.known],
        "hands": hand_entry.sealed_hands(hand.entered or (None,) * variant.players),
        "duty_from": hand.duty_from,
        "outcome": None if hand.outcome is None else hand.outcome.as_dict(),
    }
    if not hidden:
        out["points"] = [points_of(variant, state.rules, hand, s)
                         for s in range(variant.players)]
    else:
        # No peeking (tournament rule): each player's won cards lie face down in front of
        # them until the hand is over — no list of finished tricks, each pile sealed for
        # the seat that took it (rules_engine.secrets: others learn only how many cards).
        out["won_piles"] = [sealed(s, hand.won[s]) for s in range(variant.players)]
    if variant.talon:
        out.update({
            "turned": None if hand.turned is None else str(hand.turned),
            "trump_card": None if hand.trump_card is None else str(hand.trump_card),
            "turned_down": None if hand.turned_down is None else str(hand.turned_down),
            "talon": hand.talon, "face_down": hand.face_down, "closed_by": hand.closed_by,
            "closed_at": None if hand.closed_at is None or hidden else {
                "points": list(hand.closed_at.points), "tricks": list(hand.closed_at.tricks)},
            "exchange": None if hand.exchange is None else {
                "seat": hand.exchange[0], "gave": str(hand.exchange[1]),
                "took": str(hand.exchange[2])},
        })
    if variant.calls_partner:
        out.update({"called": None if hand.called is None else str(hand.called),
                    "caller": hand.caller, "partner": hand.partner})
    return out


def describe_of(variant: Variant, state: State) -> dict[str, Any]:
    """The state as JSON: the hand, the last hand's outcome, the settler's answers."""
    return {
        "phase": state.phase, "dealer": state.dealer, "totals": list(state.totals),
        "bummerl_lost": list(state.bummerl_lost), "bummerl_played": state.bummerl_played,
        "winners": list(state.winners),
        "hand": None if state.hand is None else _hand_dict(variant, state, state.hand),
        "last_hand": None if state.last is None else _hand_dict(variant, state, state.last),
        "settler": settler(variant, state),
    }
