"""Bräus — the ritor sheet: a finished deal written into the protokoll as strokes
("Bräus — Ritor"), and quick entry of a whole deal by its outcome.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import RuleViolation
from ..events import is_counts
from ..marks import strokes
from ..sheet import SheetRow
from .braus import (FIVE_FIVE, forehand_of, JAN, N_SEATS, _name, Outcome, PISSMUNKAR,
                    R_RITOR, _refuse_phase, RITA, RITOR_TO_WIN, side_name, side_of,
                    _start_deal, State, _touched, TRICKS_FOR_RITA, _violation)


def _score(state: State, outcome: Outcome) -> State:
    """Write the deal into the protokoll: strokes for the ritor, and who deals next."""
    deal = state.deal
    assert deal is not None
    deal = replace(deal, outcome=outcome, current=None, over=())
    n = deal.number
    dealer = _name(state, state.dealer)
    counts = outcome.tricks
    if outcome.side is not None:
        side = outcome.side
        who = side_name(state, side)
        score = "" if counts is None else f" {counts[side]}–{counts[1 - side]}"
        label_sv, label_en = {
            "rita": (f"Giv {n}: {who}{score} – en rita",
                     f"Deal {n}: {who}{score} – one rita"),
            "jan": (f"Giv {n}: {who}{score}, jan (sex stick i rad) – två ritor",
                    f"Deal {n}: {who}{score}, jan (six tricks in a row) – two ritor"),
            "utslag": (f"Giv {n}: 5–5, {who} har ♣K (utslagskortet) – en rita",
                       f"Deal {n}: 5–5, {who} hold ♣K (utslagskortet) – one rita"),
        }[outcome.kind]
        ritor = tuple(r + (outcome.ritor if s == side else 0) for s, r in enumerate(state.ritor))
        changes = tuple(outcome.ritor if s == side else None for s in (0, 1))
        kind = "deal"
        next_dealer = forehand_of(state.dealer)  # the deal passes clockwise
    else:
        if counts is None:
            score_sv = score_en = ""
        elif counts == (FIVE_FIVE, FIVE_FIVE):
            score_sv, score_en = " 5–5 utan ♣K hos något par,", " 5–5 without ♣K in either pair,"
        else:
            score_sv = score_en = f" {counts[0]}–{counts[1]},"
        label_sv = f"Giv {n}:{score_sv} ingen rita – {dealer} ger om"
        label_en = f"Deal {n}:{score_en} no rita – {dealer} deals again"
        ritor, changes, kind = state.ritor, (None, None), "redeal"
        next_dealer = state.dealer  # "omgiv av samme spelare"
    winner = next((s for s in (0, 1) if ritor[s] >= RITOR_TO_WIN), None)
    marks = [strokes(r) for r in ritor]
    if winner is not None and ritor[1 - winner] == 0:
        marks[1 - winner] = PISSMUNKAR
    row = SheetRow(kind, label_sv, label_en, changes, ritor, n, tuple(marks))
    state = replace(state, deal=deal, ritor=ritor, rows=state.rows + (row,), winner=winner,
                    phase="over" if winner is not None else "deal", dealer=next_dealer)
    return state


# --- quick entry -------------------------------------------------------------------------------
def _quick_tricks(raw: Any) -> tuple[int, int]:
    """Tricks per side from ``[side 0, side 1]`` or per seat ``[s0, s1, s2, s3]``."""
    if not is_counts(raw, (2, N_SEATS)):
        raise _violation(
            "result_shape", R_RITOR, {"tricks": raw},
            "Ange sticken per par (två tal, paret med plats 0 först) eller per plats (fyra).",
            "Give the tricks per pair (two numbers, the pair with seat 0 first) or per seat "
            "(four).")
    if len(raw) == 2:
        return raw[0], raw[1]
    return raw[0] + raw[2], raw[1] + raw[3]


def _on_result(state: State, event: dict[str, Any]) -> State:
    """Quick entry of a whole deal: how it ended and which pair scores."""
    if state.phase == "play" and state.deal is not None and _touched(state.deal):
        raise _refuse_phase(state, "result")
    if state.phase not in ("deal", "play"):
        raise _refuse_phase(state, "result")
    kind, winner = event["outcome"], event.get("winner")
    if kind != "none" and winner is None:
        raise _violation("winner_required", R_RITOR, {"outcome": kind},
                         "Ange en spelare i paret som får ritan.",
                         "Name a player of the pair that scores.")
    if kind == "none" and winner is not None:
        raise _violation("result_shape", R_RITOR, {"outcome": kind, "winner": winner},
                         "Utan rita får inget par något: ange ingen vinnare.",
                         "Without a rita no pair scores: name no winner.")
    side = None if winner is None else side_of(winner)
    tricks = None if "tricks" not in event else _quick_tricks(event["tricks"])
    if tricks is not None:
        _check_quick_tricks(kind, side, tricks)
    ritor = {"rita": RITA, "jan": JAN, "utslag": RITA, "none": 0}[kind]
    if state.phase == "deal":
        state = _start_deal(state)
    state = replace(state, deal=replace(state.deal, quick=True))
    return _score(state, Outcome(kind, side, ritor, tricks))


def _check_quick_tricks(kind: str, side: int | None, tricks: tuple[int, int]) -> None:
    def refuse(sv: str, en: str) -> RuleViolation:
        return _violation("result_inconsistent", R_RITOR,
                          {"outcome": kind, "side": side, "tricks": list(tricks)}, sv, en)

    if kind in ("rita", "jan"):
        assert side is not None
        if tricks[side] != TRICKS_FOR_RITA or tricks[1 - side] >= TRICKS_FOR_RITA:
            raise refuse("Med en rita eller jan har paret precis sex stick (där avbryts given) "
                         "och motståndarna färre.",
                         "With a rita or a jan the pair has exactly six tricks (the deal stops "
                         "there) and the opponents fewer.")
    elif kind == "utslag":
        if tricks != (FIVE_FIVE, FIVE_FIVE):
            raise refuse("Utslagskortet ♣K avgör bara vid fem stick var.",
                         "The ♣K decides only at five tricks each.")
    elif max(tricks) >= TRICKS_FOR_RITA:
        raise refuse("Ett par med sex stick får en rita; ”ingen rita” kräver att inget par "
                     "fick sex.",
                     "A pair with six tricks scores a rita; “no rita” needs that no pair got "
                     "six.")
