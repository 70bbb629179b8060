"""The Snapphanaleden family: what the table may enter next (design principle 5), the
refusal of an entry that does not fit now, and the state as JSON.

The legal cards of an entered hand are sealed (``rules_engine.secrets``); the discards are
shown by their number only, as they lie face down.
"""

from __future__ import annotations

from typing import Any

from ..cards import FJONT
from ..errors import RuleViolation
from ..protocol import Expectation, Expected, not_expected
from ..secrets import sealed
from ..tricks import Trick, led_suit_skipping
from . import snapphanaleden_declare as declaring
from . import snapphanaleden_discards as discards
from . import snapphanaleden_play as play
from .snapphanaleden import (R_FJONT, R_PLAY, FjontDebt, State, Variant, has_played,
                             points_range, public_exchange_choices, seat_name, side_name,
                             to_play, trick_winner)


def refuse_phase(variant: Variant, state: State, event_type: str) -> RuleViolation:
    """An entry that does not fit now, cited by the phase's rule."""
    rule = {"discard": variant.rule_deal, "play": R_PLAY, "exchange": R_FJONT,
            "over": variant.rule_win}[state.phase]
    return not_expected(expected_of(variant, state), event_type, state.phase, rule)


# --- what comes next ----------------------------------------------------------------------------
def _result_hint(variant: Variant) -> Expectation:
    """Quick entry: card points per side, declarations and tricks per seat; where the whole
    deck is in play the points add up to one figure, so the form fills the other side's."""
    low, high = points_range(variant.cards_in_play)
    hints: dict[str, Any] = {"per": {"points": "side", "declarations": "seat", "tricks": "seat"}}
    if low == high:
        hints["total"] = {"points": low}
    return Expectation("result", fields=hints)


def expected_of(variant: Variant, state: State) -> Expected:
    deal = state.deal
    if state.phase == "over":
        if state.losers:
            who = ", ".join(seat_name(state, s) for s in state.losers)
            return Expected("over", f"Partiet är slut: {who} förlorade.",
                            f"The match is over: {who} lost.")
        if state.winner is not None:
            who = side_name(variant, state, state.winner)
            return Expected("over", f"Partiet är slut: {who} vann.",
                            f"The match is over: {who} won.")
        return Expected("over", "Partiet är slut.", "The match is over.")
    quick = (_result_hint(variant),) if not deal.touched else ()
    hands = tuple(Expectation("hand", s) for s in range(variant.players)
                  if not deal.hand_known[s] and not has_played(deal, s))
    if state.phase == "discard":
        due = discards.discards_due(variant, deal)
        seat = due[0][0]
        names = ", ".join(seat_name(state, s) for s, _ in due)
        count = due[0][1]
        return Expected(
            "discard", f"Giv {deal.number}: {names} sakar {count} kort.",
            f"Deal {deal.number}: {names} discards {count} cards.", seat,
            tuple(Expectation("discard", s, fields={"count": c, "forbidden": "tarokker, K"})
                  for s, c in due) + hands + quick)
    if state.phase == "exchange":
        debt = deal.debt
        assert debt is not None
        debtor = side_name(variant, state, debt.debtor)
        creditor = side_name(variant, state, debt.creditor)
        won, lying = public_exchange_choices(variant, state)
        return Expected(
            "exchange", f"{debtor} ger {creditor} ett kort i utbyte för ★.",
            f"{debtor} give {creditor} a card in exchange for ★.", debt.seat,
            (Expectation("fjont", debt.seat, fields={
                "creditor": debt.creditor, "trick": debt.trick,
                # the won cards everybody saw; the discards lie face down: only their number
                # (neither may depend on what the discards are: public_exchange_choices)
                "choices": sorted({str(c) for c in won}),
                "discards": lying}),))
    trick = deal.current
    assert trick is not None
    seat = to_play(variant, deal)
    led = led_suit_skipping(trick, (FJONT,))
    legal = play.legal_cards(deal, seat)
    fields: dict[str, Any] = {"trick": trick.number, "leader": trick.leader, "led_suit": led}
    if legal is not None:
        # what the entered hand allows is the hand's secret (rules_engine.secrets)
        fields["legal"] = sealed(seat, sorted({str(c) for c in legal}))
    declare = tuple(Expectation("declare", s) for s in range(variant.players)
                    if declaring.may_declare(variant, state, s))
    owed_sv, owed_en = "", ""
    if deal.debt is not None:
        fields["fjont_owed"] = _fjont_owed(deal.debt)
        owed_sv, owed_en = _fjont_owed_prompt(variant, state, deal.debt)
    return Expected(
        "play",
        f"Giv {deal.number}, stick {trick.number}: {seat_name(state, seat)} spelar.{owed_sv}",
        f"Deal {deal.number}, trick {trick.number}: {seat_name(state, seat)} plays.{owed_en}", seat,
        (Expectation("play", seat, fields=fields), Expectation("trick", seat)) + declare
        + hands + quick)


def _fjont_owed(debt: FjontDebt) -> dict[str, int]:
    """The ⟨★⟩ exchange still owed (§1.4.1), as ``expected`` shows it while play goes on."""
    return {"seat": debt.seat, "debtor": debt.debtor, "creditor": debt.creditor,
            "trick": debt.trick}


def _fjont_owed_prompt(variant: Variant, state: State, debt: FjontDebt) -> tuple[str, str]:
    """§1.4.1: the ★-side has won nothing yet, so ⟨★⟩ lies face up as a reminder; the card
    is due as soon as it has won one, at the latest at the end of the deal."""
    debtor = side_name(variant, state, debt.debtor)
    creditor = side_name(variant, state, debt.creditor)
    many = len(variant.sides[debt.debtor]) > 1
    return (f" {debtor} är skyldig{'a' if many else ''} {creditor} ett kort för ★ "
            f"(stick {debt.trick}); det ges så snart {debtor} har vunnit ett stick.",
            f" {debtor} {'owe' if many else 'owes'} {creditor} a card for ★ (trick "
            f"{debt.trick}), given as soon as {debtor} {'win' if many else 'wins'} a trick.")


def describe_of(variant: Variant, state: State) -> dict[str, Any]:
    """The state as JSON. Discards are shown by count only: they lie face down."""
    deal = state.deal

    def trick_dict(t: Trick) -> dict[str, Any]:
        out = {"number": t.number, "leader": t.leader,
               "cards": [{"seat": p.seat, "card": str(p.card)} for p in t.plays]}
        if len(t.plays) == variant.players:
            out["winner"] = trick_winner(t)
        return out

    return {
        "phase": state.phase, "dealer": state.dealer,
        "sides": [list(side) for side in variant.sides], "totals": list(state.totals),
        "winner": state.winner, "losers": list(state.losers), "target": variant.target,
        "deal": {
            "number": deal.number, "dealer": deal.dealer, "forehand": deal.forehand,
            "discards": [{"seat": s, "count": len(c)} for s, c in deal.discard_log],
            "hands_entered": [s for s in range(variant.players) if deal.hand_known[s]],
            "declarations": [d.as_dict() for d in deal.declarations],
            "tricks": [trick_dict(t) for t in deal.tricks],
            "current": None if deal.current is None else trick_dict(deal.current),
            "won": list(deal.won),
            "won_cards": [len(p) for p in deal.piles],
            "fjont_debt": None if deal.debt is None else {
                "seat": deal.debt.seat, "debtor": deal.debt.debtor,
                "creditor": deal.debt.creditor, "trick": deal.debt.trick},
        },
        "last_deal": None if state.last is None else state.last.as_dict(),
    }
