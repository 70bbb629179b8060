"""Rödskägg — "Fem opp!": the breaches a player calls, and when each call is open.

Part of ``rules_engine.games.rodskagg`` (import that module, not this one). One check,
``check_call``, stands behind both what ``apply`` accepts and what ``expected`` offers
(``open_calls``), so the app never offers a call the engine would refuse.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import RuleViolation
from .rodskagg import (BREACHES, Deal, FEM_OPP, RODSKAGG, R_DEAL, R_PLAY, R_SCORING, State,
                       TRICKS_PER_DEAL, _add_row, _has_won, _name, _next_dealer, _violation,
                       tricks_needed)
from .rodskagg_play import _after_ask


# --- fem opp -------------------------------------------------------------------------------
_BREACH_TEXT = {
    "foreign_cut": ("lät någon annan kupera", "let another player cut"),
    "picked_up_early": ("tog upp korten före givens knack",
                        "picked up the cards before the dealer's knock"),
    "forgot_ask": ("glömde fråga ”Går ni med?”", "forgot to ask “Går ni med?”"),
    "forgot_exit_knock": ("glömde ”Knack för min utgång”", "forgot “Knack för min utgång”"),
}


# Calls that can come between deals, for the coming deal (its cut, its cards).
_BEFORE_THE_DEAL = ("foreign_cut", "picked_up_early")


_BREACH_RULE = {"foreign_cut": R_DEAL, "picked_up_early": R_DEAL, "forgot_ask": R_PLAY,
                "forgot_exit_knock": R_SCORING}


def check_call(state: State, breach: str, caller: int, offender: int | None) -> int:
    """Refuse a fem-opp call that cannot be accepted now, or return its offender. The one
    check behind both ``apply`` and what ``expected`` offers."""
    rule = _BREACH_RULE[breach]
    derived = _breach_check(state, breach)
    if derived is not None and offender is not None and offender != derived:
        raise _violation("wrong_offender", rule, {"breach": breach, "offender": derived},
                         f"Den felande är {_name(state, derived)}.",
                         f"The offender is {_name(state, derived)}.")
    if derived is None and offender is None:
        raise _violation("offender_required", rule, {"breach": breach},
                         "Ange vem som tog upp korten.", "Say who picked up the cards.")
    offender = derived if derived is not None else offender
    assert offender is not None
    if offender in state.out:
        raise _violation("player_out", rule, {"seat": offender},
                         f"{_name(state, offender)} är ute ur partiet.",
                         f"{_name(state, offender)} is out of the match.")
    if offender == caller:
        raise _violation("caller_is_offender", rule, {"seat": caller},
                         "Det är de andra spelarna som ropar fem opp, inte den felande.",
                         "Fem opp is called by the other players, not by the offender.")
    if caller in state.out:
        raise _violation("player_out", rule, {"seat": caller},
                         f"{_name(state, caller)} är ute ur partiet.",
                         f"{_name(state, caller)} is out of the match.")
    if (breach, offender) in _calls_made(state, breach):
        raise _violation(
            "already_called", rule, {"breach": breach, "offender": offender},
            "Den förseelsen är redan straffad.", "That breach has already been penalised.")
    return offender


def _calls_made(state: State, breach: str) -> tuple[tuple[str, int], ...]:
    """The calls already penalised that a call of ``breach`` now would repeat: those of the
    coming deal between deals, else those of the deal in progress (or just played)."""
    if state.phase == "deal" and breach in _BEFORE_THE_DEAL:
        return state.pre_deal_calls
    return state.deal.called if state.deal is not None else ()


def _on_fem_opp(state: State, event: dict[str, Any]) -> State:
    breach, caller = event["breach"], event["caller"]
    offender = check_call(state, breach, caller, event.get("offender"))
    before_deal = state.phase == "deal" and breach in _BEFORE_THE_DEAL
    called = _calls_made(state, breach) + ((breach, offender),)
    if before_deal:
        number = state.deals_started + 1
        state = replace(state, pre_deal_calls=called)
    else:
        deal = replace(state.deal, called=called)
        if breach == "forgot_exit_knock":
            deal = replace(deal, exit_knocked=True)
        number = deal.number
        state = replace(state, deal=deal)
    sv_text, en_text = _BREACH_TEXT[breach]
    state = _add_row(state, "penalty",
                     f"Fem opp: {_name(state, offender)} {sv_text}",
                     f"Fem opp: {_name(state, offender)} {en_text}", {offender: FEM_OPP},
                     number)
    if breach == "forgot_ask" and state.phase == "ask":
        return _after_ask(state)
    # A call after a quick-entry or finished deal can lift the winner back above 0: the
    # match goes on and the deal passes on as after any deal. A made Rödskägg wins
    # "oavsett poängställningen", so it stands.
    if (state.winner is not None and not _won_by_rodskagg(state)
            and not _has_won(state, state.scores[state.winner])):
        state = replace(state, winner=None, phase="deal", dealer=_next_dealer(state))
    return state


def _won_by_rodskagg(state: State) -> bool:
    deal = state.deal
    return (deal is not None and deal.contract == RODSKAGG and deal.declarer == state.winner
            and deal.won[deal.declarer] >= TRICKS_PER_DEAL)


def _breach_check(state: State, breach: str) -> int | None:
    """Refuse a call that cannot be right now; return the offender where the rules name
    them (the dealer, the declarer), ``None`` where the caller must say who it was."""
    deal = state.deal
    rule = _BREACH_RULE[breach]

    def refuse(sv: str, en: str) -> RuleViolation:
        return _violation("breach_not_possible", rule, {"breach": breach, "phase": state.phase},
                          sv, en)

    if breach == "foreign_cut":
        if not (state.phase == "deal" or (state.phase == "bidding" and not deal.bids)):
            raise refuse("Kuperingen kan bara påtalas innan budgivningen börjat.",
                         "The cut can only be called before the bidding starts.")
        return state.dealer
    if breach == "picked_up_early":
        _picked_up_early_window(state, refuse)
        return None
    after_quick = (state.phase in ("deal", "over") and deal is not None and deal.quick
                   and deal.declarer is not None)
    if breach == "forgot_ask":
        if not (state.phase == "ask" or after_quick):
            raise refuse("”Går ni med?” ska frågas efter fjärde sticket; det är inte glömt nu.",
                         "“Går ni med?” is due after the fourth trick; it is not forgotten now.")
        return deal.declarer
    # forgot_exit_knock
    if after_quick:
        # As in play (_check_exit): 0 reached *during* the deal, i.e. by the fifth trick at
        # the latest, from the points they stood at when play began (fem opp included).
        by_fifth = min(deal.won[deal.declarer], TRICKS_PER_DEAL - 1)
        possible = by_fifth >= tricks_needed(deal.contract) and _has_won(
            state, _points_before_play(state, deal) - by_fifth)
    else:
        possible = deal is not None and deal.exit_missed and deal.exit_due is not None
    if not possible:
        raise refuse("Ingen har glömt att knacka för sin utgång: antingen nådde ingen 0 "
                     "under given, eller så knackade den som gick ut i tid.",
                     "Nobody forgot to knock for going out: either nobody reached 0 during "
                     "the deal or the knock came in time.")
    return deal.declarer


def _picked_up_early_window(state: State, refuse: Any) -> None:
    """When "Fem opp!" for picking up before the dealer's knock can be called.

    The text sets no deadline, and the knock is often what shows that someone was early, so
    the call is open from the deal until the first bid, before or after the knock (our
    window). A table that enters deals by quick entry has no ``deal`` entry: between deals
    (phase ``deal``) the call is for the cards of the coming deal.
    """
    deal = state.deal
    if state.phase == "deal" or (state.phase == "bidding" and deal is not None
                                 and not deal.bids):
        return
    if state.phase == "over":
        raise refuse("Partiet är slut; det finns inga kort att ta upp för tidigt.",
                     "The match is over; there are no cards to pick up early.")
    raise refuse("Att ta upp korten före givens knack påtalas från given till första budet; "
                 "i den här given har budgivningen redan börjat.",
                 "Picking up before the dealer's knock is called from the deal until the first "
                 "bid; in this deal the bidding has already begun.")


def _points_before_play(state: State, deal: Deal) -> int:
    """The declarer's points just before the deal was scored (the row above its deal row).
    Looked for from the end: the deal is one of the last on the sheet."""
    for index in range(len(state.rows) - 1, -1, -1):
        row = state.rows[index]
        if row.kind == "deal" and row.deal == deal.number:
            return state.rows[index - 1].totals[deal.declarer]
    return deal.start_scores[deal.declarer]


# --- the calls open now (what expected offers) ------------------------------------------------
def open_calls(state: State) -> list[dict[str, Any]]:
    """Every fem-opp call that would be accepted now: per breach and offender (``None``
    where the rules name them), the seats that may call it. ``expected`` offers these and
    nothing else (the same ``check_call`` as ``apply``)."""
    calls = []
    for breach in BREACHES:
        try:
            derived = _breach_check(state, breach)
        except RuleViolation:
            continue
        offenders = (derived,) if derived is not None else state.in_match
        for offender in offenders:
            callers = []
            for caller in state.in_match:
                try:
                    check_call(state, breach, caller, offender)
                except RuleViolation:
                    continue
                callers.append(caller)
            if callers:
                calls.append({"breach": breach, "offender": offender, "callers": callers})
    return calls


def _callable_breaches(state: State) -> list[str]:
    """Breaches a call would be accepted for now (the app's buttons)."""
    return [b for b in BREACHES if any(c["breach"] == b for c in open_calls(state))]
