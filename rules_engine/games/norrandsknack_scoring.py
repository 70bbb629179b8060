"""Norrandsknack — *Poängen*: the deal's row, the limpa and the pot.

Part of ``rules_engine.games.norrandsknack`` (import that module, not this one). Every row
goes on the sheet through ``rules_engine.sheet.append_row``; a limpa is the sum and the mark
of ``rules_engine.marks`` (the protokoll underlines it) and costs a stake into the pot when playing for money.
"""

from __future__ import annotations

from dataclasses import replace

from .. import marks

from .norrandsknack import (LIMPA, MAX_POINTS, PER_TRICK, State, TRICKS_PER_DEAL, _add_row,
                            _at_risk, _name, _names, _next_dealer)


# --- scoring ---------------------------------------------------------------------------------
def add_limpa(points: int) -> int:
    """A limpa: up 5, but never above 10.

    >>> add_limpa(7)   # "En spelare som till exempel står på 7 poäng … hamnar på 10 poäng"
    10
    """
    return marks.add_limpa(points, LIMPA, MAX_POINTS)


def score_player(points: int, tricks: int, limpa: bool) -> int:
    """A player's points after a deal: −1 a trick; a limpa (only without a trick) +5, cap 10."""
    after = points - PER_TRICK * tricks
    return add_limpa(after) if limpa else after


def _pay(state: State, seat: int) -> State:
    """Every limpa costs one more stake into the pot."""
    paid = list(state.paid)
    paid[seat] += state.options.stake
    return replace(state, paid=tuple(paid))


def _penalty_limpa(state: State, seat: int, lead_trick: int | None) -> State:
    deal = state.deal
    assert deal is not None
    where_sv = f" i stick {lead_trick}" if lead_trick is not None else ""
    where_en = f" in trick {lead_trick}" if lead_trick is not None else ""
    state = _add_row(
        state, "penalty",
        f"Trumfmant: {_name(state, seat)} spelade inte ut trumf{where_sv} – limpa",
        f"Trumfmant: {_name(state, seat)} did not lead trump{where_en} – a limpa",
        {seat: add_limpa(state.scores[seat]) - state.scores[seat]}, deal.number,
        {seat: marks.LIMPA})
    state = _pay(state, seat)
    return replace(state, deal=replace(state.deal, penalties=state.deal.penalties + (seat,)))


def _score_deal(state: State) -> State:
    """Write the deal's row: −1 a trick; a limpa for a player at risk without a trick. A deal
    that stopped early (a player reached 0 before the fifth trick) gives no limpa."""
    deal = state.deal
    assert deal is not None
    stopped = sum(deal.won) < TRICKS_PER_DEAL
    changes: dict[int, int] = {}
    limpas: dict[int, str] = {}
    for seat in deal.active:
        limpa = not stopped and deal.won[seat] == 0 and _at_risk(deal, seat)
        changes[seat] = score_player(state.scores[seat], deal.won[seat], limpa) \
            - state.scores[seat]
        if limpa:
            limpas[seat] = marks.LIMPA
            state = _pay(state, seat)
    knocker = _name(state, deal.knocker) if deal.knocker is not None else "?"
    tricks = "–".join(str(deal.won[s]) for s in range(state.n))
    sv = f"Giv {deal.number}: {knocker} knackade; stick {tricks}"
    en = f"Deal {deal.number}: {knocker} knocked; tricks {tricks}"
    if stopped:
        sv += f"; avbruten efter stick {sum(deal.won)}"
        en += f"; stopped after trick {sum(deal.won)}"
    if limpas:
        sv += "; limpa: " + _names(state, limpas)
        en += "; limpa: " + _names(state, limpas)
    state = _add_row(state, "deal", sv, en, changes, deal.number, limpas)
    deal = replace(deal, outcome="stopped" if stopped else "played", current=None)
    at_zero = [s for s in deal.active if state.scores[s] <= 0]
    if at_zero:
        return replace(state, deal=deal, winner=at_zero[0], phase="over")
    # A deal with a knock has been played to the end: the first-deal rules are over.
    return replace(state, deal=deal, phase="deal", first_rules=False, redeals=0,
                   dealer=_next_dealer(state))


def settlement(state: State) -> tuple[int, ...] | None:
    """With a stake: the winner takes the pot; everyone's net is what they got minus what they
    put in. ``None`` when not playing for money or the omgång is not over."""
    if state.winner is None or not state.options.stake:
        return None
    return tuple((state.pot if s == state.winner else 0) - state.paid[s]
                 for s in range(state.n))
