"""Norrandsknack — quick entry (event ``result``): a whole deal in one entry.

Part of ``rules_engine.games.norrandsknack`` (import that module, not this one). The bids are
replayed in the order they were spoken, so the bidding rules check them as in a deal entered
bid by bid; the tricks and the missed trump leads are checked against what a deal can hold
(five tricks, fewer only when someone reached 0; a missed lead only under trumfmant and by a
player who led), and the penalties are written before the tricks.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import RuleViolation
from ..events import is_counts
from ..seating import next_seat
from .norrandsknack import (ANSWERS, KNACKA, LURA, OPEN_BIDS, PASSA, PER_TRICK, R_END, R_PLAY,
                            STA_MED, State, TRICKS_PER_DEAL, TRUMFMANT_AT, _bid_rule, _names,
                            _refuse_phase, _start_deal, _violation, parse_bid)
from .norrandsknack_bidding import _answer_order, _on_bid, _open_order
from .norrandsknack_scoring import _penalty_limpa, _score_deal


# --- quick entry ---------------------------------------------------------------------------
def _on_result(state: State, event: dict[str, Any]) -> State:
    """Quick entry of a whole deal: every seat's bid, every seat's tricks, missed trump
    leads. The bids are replayed in speaking order so that the bidding rules check them;
    the penalties are written before the tricks."""
    if state.phase == "deal":
        state = _start_deal(state, None)
    deal = state.deal
    if state.phase != "bidding" or deal is None or deal.bids:
        raise _refuse_phase(state, "result")
    state = replace(state, deal=replace(deal, quick=True))
    for seat, bid in _speaking_order(state, event["bids"]):
        state = _on_bid(state, {"type": "bid", "seat": seat, "bid": bid})
    tricks, missed = event.get("tricks"), event.get("missed_trump")
    if state.phase != "buying":
        # Settled in the bidding: all lured, or a lone knocker (who may take the tricks).
        given = list(state.deal.won)
        if (tricks is not None and tricks != given) or (
                missed is not None and missed != [0] * state.n):
            raise _violation("no_play", R_PLAY, {"tricks": given},
                             "Den här given spelades inte: inga stick att ange.",
                             "This deal was not played: there are no tricks to enter.")
        return state
    if not is_counts(tricks, (state.n,), TRICKS_PER_DEAL):
        raise _violation("result_shape", R_PLAY, {"tricks": tricks},
                         f"Ange antal stick (0–5) för var och en av {state.n} platser.",
                         f"Give the number of tricks (0–5) for each of the {state.n} seats.")
    missed = [0] * state.n if missed is None else missed
    if not is_counts(missed, (state.n,), TRICKS_PER_DEAL):
        raise _violation("result_shape", R_PLAY, {"missed_trump": missed},
                         f"Ange missade trumfutspel (0–5) för var och en av {state.n} platser.",
                         f"Give missed trump leads (0–5) for each of the {state.n} seats.")
    _check_quick_play(state, tricks, missed)
    for seat in range(state.n):
        for _ in range(missed[seat]):
            state = _penalty_limpa(state, seat, None)
    _check_quick_end(state, tricks)
    deal = replace(state.deal, won=tuple(tricks), current=None)
    return _score_deal(replace(state, deal=deal, phase="play"))


def _speaking_order(state: State, raw: Any) -> list[tuple[int, str]]:
    """The bids of a quick entry (one per seat) in the order they were spoken: from forehand
    those before the knocker lurade, then the knock; in later deals the others' answers from
    the knocker's left. Only one knock; no lura after it in later deals."""
    deal = state.deal
    assert deal is not None
    rule = _bid_rule(deal)
    if not isinstance(raw, list) or len(raw) != state.n:
        raise _violation("result_shape", rule, {"players": state.n},
                         f"Ange ett bud för var och en av {state.n} platser.",
                         f"Give one bid for each of the {state.n} seats.")
    bids = [parse_bid(b, rule) for b in raw]
    knockers = [s for s, b in enumerate(bids) if b == KNACKA]
    if len(knockers) > 1:
        raise _violation("one_knock", rule, {"seats": knockers},
                         "Bara en spelare knackar: efter första knacken står de andra med "
                         "eller passar (i första given är budrundan slut).",
                         "Only one player knocks: after the first knock the others stand with "
                         "or pass (in the first deal the bidding is over).")
    if not knockers:
        if any(b != LURA for b in bids):
            raise _violation("bid_not_open", rule, {"open": list(OPEN_BIDS)},
                             "Utan knack finns bara lura; stå med och passa svarar på en knack.",
                             "Without a knock there is only luring; standing with and passing "
                             "answer a knock.")
        return [(s, LURA) for s in _open_order(state, deal)]
    knocker = knockers[0]
    allowed = (LURA,) if deal.first_rules else ANSWERS
    wrong = [s for s in range(state.n) if s != knocker and bids[s] not in allowed]
    if wrong:
        if deal.first_rules:
            sv = "I första givens budrunda är alla med: de andra lurar (eller hann inte tala)."
            en = "In the first deal everybody is in: the others lure (or had not spoken)."
        else:
            sv = "Efter knacken står de andra med eller passar; ingen lurar längre."
            en = "After the knock the others stand with or pass; nobody lures any more."
        raise _violation("bid_not_open", rule, {"seats": wrong, "open": list(allowed)}, sv, en)
    order = _open_order(state, deal)
    spoken = [(s, LURA) for s in order[:order.index(knocker)]] + [(knocker, KNACKA)]
    if not deal.first_rules:
        spoken += [(s, bids[s]) for s in _answer_order(state, replace(deal, knocker=knocker))]
    return spoken


def _refuse_seats(state: State, code: str, rule: str, seats: list[int], sv: str,
                  en: str) -> RuleViolation:
    """A refusal about some players that names them first: "Anna, Bo <sv>"."""
    names = _names(state, seats)
    return _violation(code, rule, {"seats": seats}, f"{names} {sv}", f"{names} {en}")


def _check_quick_play(state: State, tricks: list[int], missed: list[int]) -> None:
    """Tricks and missed trump leads only for players in the deal; a missed trump lead only
    where trumfmant can have held (someone in came down to 1) and by a player who led."""
    deal = state.deal
    assert deal is not None
    outside = [s for s in range(state.n) if s not in deal.active and (tricks[s] or missed[s])]
    if outside:
        raise _refuse_seats(state, "not_in_deal", R_PLAY, outside,
                            "är inte med i given och tar inga stick.",
                            "are not in the deal and take no tricks.")
    if not any(missed):
        return
    if not any(state.scores[s] - PER_TRICK * tricks[s] <= TRUMFMANT_AT for s in deal.active):
        raise _violation("no_trumfmant", R_PLAY, {"missed_trump": missed},
                         "Ingen i given kom ner till 1 poäng: det var aldrig trumfmant.",
                         "Nobody in the deal came down to 1 point: there was never trumfmant.")
    leader = next_seat(deal.dealer, state.n, deal.active)
    # One leads the first trick or after winning one.
    too_many = [s for s in range(state.n) if missed[s] > tricks[s] + (s == leader)]
    if too_many:
        raise _refuse_seats(state, "no_lead", R_PLAY, too_many,
                            "spelade inte ut så många gånger: man spelar ut till första "
                            "sticket eller efter ett vunnet stick.",
                            "did not lead that often: one leads to the first trick or after "
                            "winning a trick.")
    # One lead a trick; the fifth trick's leader has only that card left.
    leads = min(sum(tricks), MOST_MISSED_LEADS)
    if sum(missed) > leads:
        raise _violation("no_lead", R_PLAY, {"missed_trump": missed, "leads": leads},
                         f"Given hade bara {leads} utspel som kunde vara fel (ett per stick; "
                         "femte stickets utspel är spelarens sista kort), inte "
                         f"{sum(missed)}.",
                         f"The deal had only {leads} leads that could be missed (one a trick; "
                         f"the fifth trick's lead is the leader's last card), not "
                         f"{sum(missed)}.")


def _check_quick_end(state: State, tricks: list[int]) -> None:
    """Five tricks, unless one player's tricks reached their points and the deal stopped."""
    deal = state.deal
    assert deal is not None
    over = [s for s in deal.active if PER_TRICK * tricks[s] > state.scores[s]]
    if over:
        raise _refuse_seats(state, "tricks_exceed_points", R_END, over,
                            "kan inte ha fler stick än poäng: given avbryts när sticken når "
                            "poängen.",
                            "cannot have more tricks than points: the deal stops when the "
                            "tricks reach the points.")
    reached = [s for s in deal.active if PER_TRICK * tricks[s] == state.scores[s]]
    if len(reached) > 1:
        raise _violation("two_reached", R_END, {"seats": reached},
                         f"Bara en kan nå 0: given avbröts när den första nådde dit "
                         f"({_names(state, reached)}).",
                         f"Only one can reach 0: the deal stopped when the first got there "
                         f"({_names(state, reached)}).")
    total = sum(tricks)
    if total > TRICKS_PER_DEAL or (total < TRICKS_PER_DEAL and not reached):
        raise _violation("tricks_do_not_add_up", R_PLAY, {"tricks": tricks, "sum": total},
                         f"Sticken blir {total}, men en giv har {TRICKS_PER_DEAL} stick (färre "
                         "bara om någon nådde 0 och given avbröts).",
                         f"The tricks add up to {total}, but a deal has {TRICKS_PER_DEAL} "
                         "(fewer only if someone reached 0 and the deal stopped).")


# --- what the quick-entry form offers -------------------------------------------------------
# A missed trump lead needs a lead made while holding another card: the fifth trick's lead
# is the leader's last card, so at most the leads of tricks 1–4 can be missed, by one player
# or several (a player can miss more than once).
MOST_MISSED_LEADS = TRICKS_PER_DEAL - 1


def _result_hints(state: State) -> dict[str, Any]:
    bids = [KNACKA, LURA] if state.first_rules else [KNACKA, LURA, STA_MED, PASSA]
    # Trumfmant needs someone in the deal at 1; from more than 6 nobody gets there in five
    # tricks, and then no trump lead can be missed.
    possible = any(state.scores[s] - PER_TRICK * TRICKS_PER_DEAL <= TRUMFMANT_AT
                   for s in range(state.n))
    missed = list(range(MOST_MISSED_LEADS + 1)) if possible else [0]
    return {"bids": bids, "tricks": list(range(TRICKS_PER_DEAL + 1)), "missed_trump": missed}
