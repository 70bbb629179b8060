"""The Snapphanaleden family, §1.3: the declarations of the first trick.

A player declares "directly before they play their first card" (800 §1.3): in the first trick,
once, when it is their turn to play, so the declarations come in playing order; the points are
written at once, and a side that reaches the target by them wins on the spot (§1.7). The
combinations themselves (§1.5.1–§1.5.2) are ``declarations800``'s: this module checks the
cards laid down against what the table knows and hands them to its ``validate`` or ``best``;
a bare number from quick entry must be a total ``declarations800.achievable`` allows.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..cards import Card, format_cards
from ..errors import EventFormatError, RuleViolation
from . import declarations800
from . import snapphanaleden_discards as discards
from . import snapphanaleden_expected as next_up
from . import snapphanaleden_scoring as scoring
from .snapphanaleden import (DECK, R_DECLARE, R_POINTS, DeclarationRecord, State, Variant,
                             extra, has_played, replace_at, seat_name, side_of, to_play,
                             violation)


def may_declare(variant: Variant, state: State, seat: int) -> bool:
    """§1.3: "direkt före man spelar sitt första kort" — in the first trick, once, and only
    when it is the seat's turn to play: declarations come in playing order."""
    deal = state.deal
    return (state.rules.declarations and state.phase == "play" and not deal.tricks
            and not has_played(deal, seat)
            and all(d.seat != seat for d in deal.declarations)
            and to_play(variant, deal) == seat)


def parse_combinations(raw: Any) -> list[Any]:
    """Each combination as cards (a text "XX XIX XVIII" or a list of cards), or as
    ``{"kind": "flertal"|"sekvens", "cards": ...}`` which ``declarations800`` reads."""
    def bad() -> EventFormatError:
        return EventFormatError(
            "bad_field", rule="Inmatning", params={"field": "combinations"},
            sv="combinations ska vara en lista av kombinationer, var och en en lista kort, "
               "en text som ”XX XIX XVIII” eller {\"kind\": …, \"cards\": …}.",
            en="combinations must be a list of combinations, each a list of cards, a text "
               "such as “XX XIX XVIII” or {\"kind\": …, \"cards\": …}.")

    if not isinstance(raw, list):
        raise bad()
    combos: list[Any] = []
    for item in raw:
        if isinstance(item, str):
            combos.append(DECK.parse_many(item))
        elif isinstance(item, list) and all(isinstance(c, str) for c in item):
            combos.append(tuple(card for c in item for card in DECK.parse_many(c)))
        elif isinstance(item, dict) and set(item) <= {"kind", "cards"}:
            combos.append(item)
        else:
            raise bad()
    return combos


def check_declaration(variant: Variant, state: State, seat: int,
                      laid_down: tuple[Card, ...],
                      combinations: list[Any] | None) -> DeclarationRecord:
    """Check the cards shown and the combinations (§1.3, §1.5.1–§1.5.2)."""
    if not laid_down:
        raise violation("declaration_empty", R_DECLARE, {"seat": seat},
                        "En deklaration visar korten den bygger på; den som inte "
                        "deklarerar spelar bara sitt kort.",
                        "A declaration shows the cards it rests on; a player who declares "
                        "nothing just plays their card.")
    if len(laid_down) > variant.hand_size:
        # §1.3: he declares from his hand before his first card, so it is still whole.
        raise violation("declaration_too_many_cards", R_DECLARE,
                        {"seat": seat, "cards": len(laid_down),
                         "hand_size": variant.hand_size},
                        f"{seat_name(state, seat)} visar {len(laid_down)} kort, men en hand "
                        f"har bara {variant.hand_size} kort.",
                        f"{seat_name(state, seat)} shows {len(laid_down)} cards, but a hand "
                        f"holds only {variant.hand_size}.")
    discards.claim(state, seat, laid_down, R_DECLARE)
    options = declarations800.DeclarationOptions(
        card_in_flertal_and_sekvens=state.rules.card_in_flertal_and_sekvens)
    if combinations is None:
        declaration = declarations800.best(laid_down, options)
    else:
        declaration = declarations800.validate(laid_down, combinations, options)
    return DeclarationRecord(
        seat, laid_down, tuple(tuple(c.cards) for c in declaration.combinations),
        declaration.flertal_points, declaration.sekvens_points, declaration.points)


def on_declare(variant: Variant, state: State, event: dict[str, Any]) -> State:
    seat = event["seat"]
    deal = state.deal
    if not state.rules.declarations:
        raise violation("declarations_off", R_DECLARE, {"seat": seat},
                        "Vid det här bordet deklarerar man inte.",
                        "At this table there are no declarations.")
    if not may_declare(variant, state, seat):
        if state.phase != "play":
            raise next_up.refuse_phase(variant, state, "declare")
        if (not deal.tricks and not has_played(deal, seat)
                and all(d.seat != seat for d in deal.declarations)):
            raise _refuse_declare_out_of_turn(variant, state, seat)
        reason = (("har redan deklarerat", "has already declared")
                  if any(d.seat == seat for d in deal.declarations) else
                  ("deklarerar bara under första sticket, före sitt första kort",
                   "declares only in the first trick, before their first card"))
        raise violation("declare_not_now", R_DECLARE, {"seat": seat},
                        f"{seat_name(state, seat)} {reason[0]}.",
                        f"{seat_name(state, seat)} {reason[1]}.")
    laid_down = tuple(event["cards"])
    combos = parse_combinations(event["combinations"]) if "combinations" in event else None
    record = check_declaration(variant, state, seat, laid_down, combos)
    return record_declaration(variant, state, record)


def _refuse_declare_out_of_turn(variant: Variant, state: State, seat: int) -> RuleViolation:
    """§1.3, §1.7: a player declares right before their first card, so the first trick's
    declarations come in playing order — which decides who reaches the target first."""
    turn = to_play(variant, state.deal)
    return violation(
        "declare_out_of_turn", R_DECLARE, {"seat": seat, "expected_seat": turn},
        f"{seat_name(state, seat)} deklarerar direkt före sitt första kort, alltså i spelordning; "
        f"nu är det {seat_name(state, turn)}s tur att deklarera eller spela.",
        f"{seat_name(state, seat)} declares right before their first card, so in playing order; "
        f"it is {seat_name(state, turn)}'s turn to declare or play now.")


def record_declaration(variant: Variant, state: State, record: DeclarationRecord) -> State:
    deal = state.deal
    seat = record.seat
    new_known = deal.known[seat] + tuple(extra(record.laid_down, deal.known[seat]).elements())
    deal = replace(deal, declarations=deal.declarations + (record,),
                   known=replace_at(deal.known, seat, new_known))
    state = replace(state, deal=deal)
    if variant.target is None or record.points == 0:
        return state  # Fjabbe: declarations count with the deal's points
    side = side_of(variant, seat)
    combos = "; ".join(format_cards(c) for c in record.combinations)
    detail = f" ({combos})" if combos else ""
    who = seat_name(state, seat)
    state = scoring.add_row(state, "declaration",
                            f"Giv {deal.number}: {who} deklarerar {record.points}{detail}",
                            f"Deal {deal.number}: {who} declares {record.points}{detail}",
                            {side: record.points}, deal.number)
    if state.totals[side] >= variant.target:
        # §1.7: reaching the target during the first trick's declarations wins at once.
        return scoring.finish_match(state, side)
    return state


def quick_declaration(variant: Variant, state: State, seat: int,
                      raw: Any) -> DeclarationRecord | None:
    if raw is None or raw == 0:
        return None
    if not state.rules.declarations:
        raise violation("declarations_off", R_DECLARE, {"seat": seat},
                        "Vid det här bordet deklarerar man inte.",
                        "At this table there are no declarations.")
    if isinstance(raw, int) and not isinstance(raw, bool) and raw > 0:
        _check_declared_total(variant, state, seat, raw)
        return DeclarationRecord(seat, (), (), 0, 0, raw, quick=True)
    if isinstance(raw, dict) and "cards" in raw and set(raw) <= {"cards", "combinations"}:
        cards = raw["cards"]
        if isinstance(cards, str):
            laid_down = DECK.parse_many(cards)
        elif isinstance(cards, list) and all(isinstance(c, str) for c in cards):
            laid_down = tuple(card for c in cards for card in DECK.parse_many(c))
        else:
            laid_down = None
        if laid_down is not None:
            combos = (parse_combinations(raw["combinations"]) if "combinations" in raw
                      else None)
            return check_declaration(variant, state, seat, laid_down, combos)
    raise EventFormatError(
        "bad_field", rule="Inmatning", params={"field": "declarations", "seat": seat},
        sv="En deklaration är null, ett poängtal, eller {\"cards\": …, \"combinations\": …}.",
        en="A declaration is null, a number of points, or {\"cards\": …, \"combinations\": …}.")


def _check_declared_total(variant: Variant, state: State, seat: int, points: int) -> None:
    """§1.5: a bare number must be a total some declaration from a hand of the game's size
    can have (flertal 12–36 each, sequences 10, 15, 20 …, doubled at three of a group)."""
    options = declarations800.DeclarationOptions(
        card_in_flertal_and_sekvens=state.rules.card_in_flertal_and_sekvens)
    possible = declarations800.achievable(variant.hand_size, options)
    if points in possible:
        return
    below = max((t for t in possible if t < points), default=None)
    above = min((t for t in possible if t > points), default=None)
    near = [t for t in (below, above) if t is not None]
    near_sv = " eller ".join(map(str, near))
    near_en = " or ".join(map(str, near))
    raise violation(
        "declaration_value_impossible", R_POINTS,
        {"seat": seat, "points": points, "nearest": near, "hand_size": variant.hand_size},
        f"{seat_name(state, seat)}: ingen deklaration ur en hand på {variant.hand_size} kort ger "
        f"{points} poäng — flertal ger 12–36, sekvenser 10, 15, 20 …, och tre av samma grupp "
        f"dubblas. Närmast möjliga: {near_sv}.",
        f"{seat_name(state, seat)}: no declaration from a hand of {variant.hand_size} cards is "
        f"worth {points} points — flertal give 12–36, sequences 10, 15, 20 …, and three of one "
        f"group are doubled. Nearest possible: {near_en}.")
