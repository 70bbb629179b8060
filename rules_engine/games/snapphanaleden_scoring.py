"""The Snapphanaleden family, §1.5–§1.7: the count at the end of a deal, quick entry of a
whole deal, and the protokoll of a race to the target.

At the end of a deal each side's won cards (its discards among them) are counted in pairs by
Table 4 (``snapphanaleden.card_points``) with 6 for the last trick; a side without a trick
gives its cards to the other. The deal then goes to the variant's ``settle``: ``settle_race``
for 800, 1000 and 150 (the first side to the target wins; both past it in one deal: the
higher total, §1.7), Fjabbe's own for its lost partier.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..events import is_counts
from ..sheet import Sheet, SheetRow
from ..tricks import next_seat, seats_from
from . import snapphanaleden_declare as declaring
from .snapphanaleden import (DIRECTION, LAST_TRICK, R_COUNT, R_DECLARE, R_PLAY, R_SHEET, Deal,
                             DealScore, State, Variant, card_points, first_phase, fresh_deal,
                             points_range, side_name, side_of, trick_winner, violation)


def add_row(state: State, kind: str, sv: str, en: str, changes: dict[int, int],
            deal: int | None, marks: tuple[str, ...] = ()) -> State:
    """A protokoll row: ``changes`` per column (side, or player in Fjabbe)."""
    totals = list(state.totals)
    row_changes: list[int | None] = [None] * len(totals)
    for column, delta in changes.items():
        totals[column] += delta
        row_changes[column] = delta
    row = SheetRow(kind, sv, en, tuple(row_changes), tuple(totals), deal, marks)
    return replace(state, totals=tuple(totals), rows=state.rows + (row,))


def finish_match(state: State, winner: int | None) -> State:
    return replace(state, phase="over", winner=winner)


# --- the end of a deal -------------------------------------------------------------------------
def end_of_deal(variant: Variant, state: State) -> State:
    """Count the cards (§1.5.3, §1.5.4) and hand the deal to the game's ``settle``."""
    deal = state.deal
    n_sides = len(variant.sides)
    cards = [deal.piles[i] + tuple(c for s in variant.sides[i] for c in deal.discarded[s])
             for i in range(n_sides)]
    tricks_by_side = [sum(deal.won[s] for s in side) for side in variant.sides]
    for side in range(n_sides):
        if tricks_by_side[side] == 0 and cards[side]:
            # §1.2, §1.4.1: no trick at all → the discards and ⟨★⟩ go to the other side.
            if deal.debt is not None and deal.debt.debtor == side:
                to = deal.debt.creditor
            else:
                to = next(i for i in range(n_sides) if i != side)
            cards[to] += cards[side]
            cards[side] = ()
    last_side = side_of(variant, trick_winner(deal.tricks[-1]))
    points = tuple(card_points(cards[i]) + (LAST_TRICK if i == last_side else 0)
                   for i in range(n_sides))
    score = DealScore(deal.number, deal.dealer, declared_by_side(variant, deal), points,
                      deal.won, last_side, tuple(cards))
    return variant.settle(variant, state, score)


def declared_by_side(variant: Variant, deal: Deal) -> tuple[int, ...]:
    return tuple(sum(d.points for d in deal.declarations if side_of(variant, d.seat) == i)
                 for i in range(len(variant.sides)))


def next_deal(variant: Variant, state: State, score: DealScore) -> State:
    """The next dealer (counter-clockwise) and a fresh deal."""
    dealer = next_seat(state.dealer, variant.players, direction=DIRECTION)
    past = state.past_findings + state.deal.knowledge.findings
    return replace(state, dealer=dealer, deal=fresh_deal(variant, state.deal.number + 1, dealer),
                   phase=first_phase(variant), last=score, past_findings=past)


def settle_race(variant: Variant, state: State, score: DealScore,
                decide_now: bool = False) -> State:
    """800, 1000, 150: write the card points; the first side to the target wins; both past
    it in one deal: the higher total (§1.7). ``decide_now``: the higher total wins now,
    target or not (150's ``single_deal``)."""
    target = variant.target
    assert target is not None
    number = score.number
    names = [side_name(variant, state, i) for i in range(len(variant.sides))]
    shown = ", ".join(f"{names[i]} {p}" for i, p in enumerate(score.cards))
    state = add_row(state, "deal", f"Giv {number}: korten — {shown}",
                    f"Deal {number}: cards — {shown}",
                    dict(enumerate(score.cards)), number)
    state = replace(state, last=score)
    reached = [i for i, total in enumerate(state.totals) if decide_now or total >= target]
    if not reached:
        return next_deal(variant, state, score)
    best = max(state.totals[i] for i in reached)
    leaders = [i for i in reached if state.totals[i] == best]
    if len(leaders) == 1:
        return finish_match(state, leaders[0])
    if state.rules.tie_at_target == "draw":
        return finish_match(state, None)
    return next_deal(variant, state, score)


# --- quick entry of a whole deal ---------------------------------------------------------------
def on_result(variant: Variant, state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    if deal.touched or state.phase not in ("discard", "play"):
        raise violation(
            "quick_not_now", R_SHEET, {"phase": state.phase},
            "Snabbinmatning gäller en hel giv och görs innan något av given är inmatat.",
            "Quick entry covers a whole deal and comes before anything of the deal is "
            "entered.")
    n_sides = len(variant.sides)
    points = event["points"]
    if not is_counts(points, (n_sides,)):
        raise violation(
            "result_shape", R_COUNT, {"points": points},
            f"Ange kortpoängen (med sista sticket) för var och en av {n_sides} sidor.",
            f"Give the card points (last trick included) for each of the {n_sides} sides.")
    low, high = points_range(variant.cards_in_play)
    if not low <= sum(points) <= high:
        if low == high:
            sv = f"Kortpoängen blir {sum(points)}, men leken är värd {low} med sista sticket."
            en = f"The card points add up to {sum(points)}, but the deck is worth {low} " \
                 "with the last trick."
        else:
            sv = f"Kortpoängen blir {sum(points)}; korten i spel är värda {low}–{high}."
            en = f"The card points add up to {sum(points)}; the cards in play are worth " \
                 f"{low}–{high}."
        raise violation("points_do_not_add_up", R_COUNT,
                        {"points": points, "sum": sum(points), "expected": [low, high]}, sv, en)
    tricks = _quick_tricks(variant, state, event.get("tricks"))
    if tricks is not None:
        for i, side in enumerate(variant.sides):
            if sum(tricks[s] for s in side) == 0 and points[i] > 0:
                raise violation(
                    "points_without_tricks", R_COUNT, {"side": i, "points": points[i]},
                    f"{side_name(variant, state, i)} tog inget stick och har då inga kort.",
                    f"{side_name(variant, state, i)} took no trick and so has no cards.")
    deal = replace(deal, quick=True)
    state = replace(state, deal=deal)
    raw_declarations = event.get("declarations") or [None] * variant.players
    if not isinstance(raw_declarations, list) or len(raw_declarations) != variant.players:
        raise violation("result_shape", R_DECLARE, {"declarations": raw_declarations},
                        f"Ange en deklaration (eller null) för var och en av "
                        f"{variant.players} platser.",
                        f"Give one declaration (or null) for each of the {variant.players} "
                        "seats.")
    order = seats_from(deal.forehand, variant.players, direction=DIRECTION)
    for seat in order:
        record = declaring.quick_declaration(variant, state, seat, raw_declarations[seat])
        if record is not None:
            state = declaring.record_declaration(variant, state, record)
            if state.phase == "over":
                return state
    score = DealScore(deal.number, deal.dealer, declared_by_side(variant, state.deal),
                      tuple(points), tricks, None, None, quick=True)
    return variant.settle(variant, state, score)


def _quick_tricks(variant: Variant, state: State, raw: Any) -> tuple[int, ...] | None:
    if raw is None:
        if variant.quick_needs_tricks:
            raise violation("result_shape", variant.rule_win, {"tricks": None},
                            "Ange antal stick för varje spelare.",
                            "Give the number of tricks for each player.")
        return None
    if not is_counts(raw, (variant.players,)):
        raise violation("result_shape", R_PLAY, {"tricks": raw},
                        f"Ange antal stick för var och en av {variant.players} platser.",
                        f"Give the number of tricks for each of the {variant.players} seats.")
    if sum(raw) != variant.hand_size:
        raise violation(
            "tricks_do_not_add_up", R_PLAY, {"tricks": raw, "sum": sum(raw)},
            f"Sticken blir {sum(raw)}, men en giv har {variant.hand_size} stick.",
            f"The tricks add up to {sum(raw)}, but a deal has {variant.hand_size} tricks.")
    return tuple(raw)


# --- reading the state --------------------------------------------------------------------------
def race_sheet(variant: Variant, state: State) -> Sheet:
    """The protokoll of 800/1000/150: one column per side, running totals (§1.6)."""
    columns = tuple(side_name(variant, state, i) for i in range(len(variant.sides)))
    return Sheet(players=columns, rows=state.rows, totals=state.totals,
                 next_dealer=None, winner=state.winner,
                 notes={"target": variant.target, "direction": "up",
                        "sides": [list(side) for side in variant.sides],
                        "dealer": None if state.phase == "over" else state.dealer,
                        "last_deal": None if state.last is None else state.last.as_dict()})


def race_result(variant: Variant, state: State) -> dict[str, Any] | None:
    if state.phase != "over":
        return None
    return {"winner": state.winner,
            "winners": [] if state.winner is None else list(variant.sides[state.winner]),
            "totals": list(state.totals), "target": variant.target}
