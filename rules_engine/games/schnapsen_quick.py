"""Quick entry in the Schnapsen family: a whole hand's outcome — who won and the game points —
checked against what the entry says of the hand (R_ENTRY, "Schnapsen — Inmatning", our own
rule of what a result must say; issue 15).

A closed hand's entry names the ``closer`` and the figures at the moment of closing
(``schnapsen_family.CLOSING_FIELDS``): they, not those at the end, decide the game points
unless the table plays ``end_of_hand_figures``. An entry that cannot be a hand is refused: a
loser with points has a trick, so not 3 game points; a wrong claim's claimant had less than
66; figures at the closing cannot exceed those at the end.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import RuleViolation, violation
from . import schnapsen_scoring as scoring
from .schnapsen_family import (CLOSING_FIELDS, MOST_POINTS, ONE_POINT_FROM, R_ENTRY, TARGET,
                               Variant, caller_seat, fresh_hand, game_points_by_figures,
                               game_points_two_or_three)
from .schnapsen_hand import (Hand, Outcome, State, player_name, player_names, points_en,
                             tricks_en, verb_en)


def on_result(variant: Variant, state: State, event: dict[str, Any]) -> State:
    """A whole hand's outcome: who won and the game points, checked against what is given."""
    hand = state.hand
    if state.phase not in ("deal", "play") or (hand is not None and hand.touched):
        raise violation(
            "quick_not_now", R_ENTRY, {"phase": state.phase},
            "Snabbinmatning gäller en hel giv och görs innan något av given är inmatat.",
            "Quick entry covers a whole hand and comes before anything of the hand is "
            "entered.")
    if hand is None:
        hand = fresh_hand(variant, state)
    winners = _quick_winners(variant, state, hand, event)
    gp = event["game_points"]
    how = _check_quick(variant, state, event, gp, winners)
    names = player_names(state, winners)
    outcome = Outcome(hand.number, winners, gp, how or "quick", R_ENTRY,
                      f"Snabbinmatning: {names} vinner {gp} spelpoäng.",
                      f"Quick entry: {names} {verb_en(winners, 'wins', 'win')} {gp} game "
                      f"{points_en(gp)}.",
                      closer=event.get("closer"))
    hand = replace(hand, quick=True)
    state = replace(state, hands_started=hand.number)
    return scoring.write_outcome(variant, state, hand, outcome)


def _quick_winners(variant: Variant, state: State, hand: Hand,
                   event: dict[str, Any]) -> tuple[int, ...]:
    if not variant.calls_partner:
        return (event["winner"],)
    winners = tuple(sorted(event["winners"]))
    caller = caller_seat(variant, state.dealer)
    ok = 1 <= len(winners) < variant.players and (
        len(winners) != 1 or winners == (caller,)) and (
        len(winners) != variant.players - 1 or caller not in winners)
    if not ok:
        raise violation(
            "result_sides", R_ENTRY, {"winners": list(winners), "caller": caller},
            f"Vinnarna är en sida: {player_name(state, caller)} (som ropar) med sin partner, "
            f"{player_name(state, caller)} ensam, eller de andra.",
            f"The winners are one side: {player_name(state, caller)} (the caller) with their "
            f"partner, {player_name(state, caller)} alone, or the others.")
    return winners


# The quick entry's numbers in words, for refusals (a player never sees the field names).
_FIELD_SV = {"loser_points": "Förlorarens poäng", "loser_tricks": "Förlorarens stick",
             "winner_tricks": "Vinnarens stick",
             "opponent_points_at_closing": "Motspelarens poäng vid stängningen",
             "opponent_tricks_at_closing": "Motspelarens stick vid stängningen",
             "closer_tricks_at_closing": "Stängarens stick vid stängningen"}
_FIELD_EN = {"loser_points": "The loser's points", "loser_tricks": "The loser's tricks",
             "winner_tricks": "The winner's tricks",
             "opponent_points_at_closing": "The opponent's points at the closing",
             "opponent_tricks_at_closing": "The opponent's tricks at the closing",
             "closer_tricks_at_closing": "The closer's tricks at the closing"}


def _check_quick(variant: Variant, state: State, event: dict[str, Any], gp: int,
                 winners: tuple[int, ...]) -> str | None:
    """Check a quick entry's game points against what it says of the hand; return its
    ``how`` (a right claim by the closer's opponent is a claim against the closer).

    After a closing the figures at the moment of closing decide (ゲーム点, README), unless the
    table plays ``end_of_hand_figures``: then the entry says who closed (``closer``) and the
    closer's opponent's points and tricks then (and, for the opponent's wrong claim, the
    closer's own tricks then); ``loser_points``/``loser_tricks``/``winner_tricks`` are always
    the figures at the end of the hand.
    """
    rule = variant.refs.score

    def refuse(code: str, params: dict[str, Any], sv: str, en: str,
               cite: str = rule) -> RuleViolation:
        return violation(code, cite, {"game_points": gp, **params}, sv, en)

    if gp not in (1, 2, 3):
        raise refuse("game_points_range", {},
                     f"En giv ger 1, 2 eller 3 spelpoäng, inte {gp}.",
                     f"A hand scores 1, 2 or 3 game points, not {gp}.")
    counts = {name: event.get(name) for name in ("loser_points", "loser_tricks",
                                                 "winner_tricks") + CLOSING_FIELDS}
    most_tricks = variant.tricks_per_hand
    for name, value in counts.items():
        high = MOST_POINTS if "points" in name else most_tricks
        if value is not None and not 0 <= value <= high:
            raise refuse("result_shape", {name: value},
                         f"{_FIELD_SV.get(name, name)} kan inte vara {value}.",
                         f"{_FIELD_EN.get(name, name)} cannot be {value}.")
    lp, lt, wt = counts["loser_points"], counts["loser_tricks"], counts["winner_tricks"]
    if lt is not None and wt is not None and lt + wt > most_tricks:
        raise refuse("result_shape", {"tricks": lt + wt},
                     f"En giv har högst {most_tricks} stick.",
                     f"A hand has at most {most_tricks} tricks.")
    if lt == 0 and lp:
        raise refuse("points_without_tricks", {"loser_points": lp},
                     "Utan stick har förloraren inga poäng (mariage räknas först med ett stick).",
                     "Without a trick the loser has no points (a marriage counts only with a "
                     "trick).")
    how = event.get("how")
    if how == "wrong_claim" and lp is not None and lp >= TARGET:
        # The loser of a wrong claim is the claimant, and they had less than 66 (at the end of
        # a closed hand nobody claimed: the closer, who fell short).
        raise refuse("wrong_claim_with_66", {"how": how, "loser_points": lp},
                     f"Ett felaktigt 66 betyder att den som sa det hade under {TARGET}; "
                     f"förloraren har {lp}.",
                     f"A wrong 66 means the claimant had less than {TARGET}; the loser has "
                     f"{lp}.", variant.refs.claim)
    closer = event.get("closer")
    op, ot, ct = (counts[name] for name in CLOSING_FIELDS)
    closer_won = closer is not None and closer in winners
    if closer is None and any(v is not None for v in (op, ot, ct)):
        raise refuse("closer_required", {},
                     "Siffrorna vid stängningen hör till en stängd giv: ange vem som stängde "
                     "(closer).",
                     "The figures at the closing belong to a closed hand: say who closed the "
                     "talon (closer).", R_ENTRY)
    if closer is not None:
        how = _check_quick_closing(variant, state, refuse, how, closer, closer_won,
                                   (lp, lt, wt), (op, ot, ct))
    at_closing = closer is not None and not state.rules.end_of_hand_figures
    at_sv, at_en = (" vid stängningen", " at the closing") if at_closing else ("", "")
    if how in ("wrong_claim", "against_closer") or (closer is not None and not closer_won):
        # The scorer gets 2, or 3 if they have no trick (after a closing: then).
        if gp == 1:
            raise refuse("game_points_mismatch", {"how": how},
                         "Ett felaktigt 66 eller 66 mot den som stängde ger 2 eller 3.",
                         "A wrong 66 or a 66 against the closer scores 2 or 3.")
        scorer_tricks = (ct if closer_won else ot) if at_closing else wt
        if scorer_tricks is not None and gp != game_points_two_or_three(scorer_tricks):
            right = game_points_two_or_three(scorer_tricks)
            raise refuse("game_points_mismatch", {"how": how, "scorer_tricks": scorer_tricks},
                         f"Vinnaren hade {scorer_tricks} stick{at_sv}: det ger {right} "
                         "spelpoäng.",
                         f"The winner had {tricks_en(scorer_tricks)}{at_en}: that scores "
                         f"{right} game {points_en(right)}.")
        return how
    if how in ("claim", "last_trick", "more_points") and wt == 0:
        raise refuse("winner_without_tricks", {"how": how},
                     "Den som vinner med 66 eller sista sticket har tagit stick.",
                     "Whoever wins by 66 or the last trick has taken tricks.")
    if at_closing:
        lp, lt = op, ot  # the closer won: their opponent's figures at the closing decide
    hint_sv = hint_en = ""
    if closer is None and variant.talon:
        hint_sv = (" (Stängdes talongen? Ange då vem som stängde och motspelarens poäng och "
                   "stick vid stängningen.)")
        hint_en = (" (Was the talon closed? Then say who closed it and the opponent's points "
                   "and tricks at the closing.)")
    if lp and gp == 3:
        # Points come only from won cards (a marriage counts only with a trick): a loser with
        # points has a trick, and 3 is for a loser without one.
        raise refuse("points_mean_a_trick", {"loser_points": lp},
                     f"Förloraren har {lp} poäng{at_sv}, alltså minst ett stick: då blir det "
                     "inte 3 spelpoäng (3 är när förloraren inte har något stick).",
                     f"The loser has {lp} points{at_en}, so at least one trick: that does not "
                     "score 3 game points (3 is for a loser without a trick).")
    if lp is not None and lt is not None:
        right = game_points_by_figures(lp, lt)
        if gp != right:
            raise refuse("game_points_mismatch", {"loser_points": lp, "loser_tricks": lt},
                         f"Förloraren har {lp} poäng och {lt} stick{at_sv}: det ger {right} "
                         f"spelpoäng.{hint_sv}",
                         f"The loser has {lp} points and {tricks_en(lt)}{at_en}: that scores "
                         f"{right} game {points_en(right)}.{hint_en}")
    elif lp is not None and (lp >= ONE_POINT_FROM) != (gp == 1):
        raise refuse("game_points_mismatch", {"loser_points": lp},
                     f"Förloraren har {lp} poäng{at_sv}: 1 spelpoäng från {ONE_POINT_FROM}, "
                     f"annars 2 eller 3.{hint_sv}",
                     f"The loser has {lp} points{at_en}: 1 game point from {ONE_POINT_FROM}, "
                     f"else 2 or 3.{hint_en}")
    elif lt is not None and (lt == 0) != (gp == 3):
        raise refuse("game_points_mismatch", {"loser_tricks": lt},
                     "3 spelpoäng är det när förloraren inte har något stick, och bara då.",
                     "3 game points it is when the loser has no trick, and only then.")
    return how


def _check_quick_closing(variant: Variant, state: State, refuse: Any, how: str | None,
                         closer: int, closer_won: bool, end: tuple[int | None, ...],
                         closing: tuple[int | None, ...]) -> str | None:
    """A quick entry of a closed hand: how it can have ended, and figures at the closing that
    fit those at the end (points and tricks only grow)."""
    name = player_name(state, closer)
    if how == "last_trick":
        raise refuse("closed_no_last_trick", {"how": how, "closer": closer},
                     f"{name} stängde talongen, så den tog aldrig slut: given slutar med 66 "
                     "(eller som om den som stängde sa 66 vid slutet), inte med sista sticket "
                     "ur en talong som tagit slut.",
                     f"{name} closed the talon, so it was never used up: the hand ends with a "
                     "claim (or as the closer's claim at the end), not with the last trick of "
                     "an exhausted talon.", variant.refs.close)
    if how == "against_closer" and closer_won:
        raise refuse("how_mismatch", {"how": how, "closer": closer},
                     f"66 mot den som stängde vinns av motspelaren, inte av {name} som stängde.",
                     f"66 against the closer is won by the closer's opponent, not by {name}, who "
                     "closed.")
    if how == "claim" and not closer_won:
        how = "against_closer"  # the closer's opponent claimed right
    lp, lt, wt = end
    op, ot, ct = closing
    if ot == 0 and op:
        raise refuse("points_without_tricks", {"opponent_points_at_closing": op},
                     "Utan stick vid stängningen hade motspelaren inga poäng då.",
                     "Without a trick at the closing the opponent had no points then.")
    # The opponent is the loser when the closer won, else the winner.
    pairs = (("opponent_points_at_closing", op, lp if closer_won else None,
              "Motspelarens poäng", "The opponent's points"),
             ("opponent_tricks_at_closing", ot, lt if closer_won else wt,
              "Motspelarens stick", "The opponent's tricks"),
             ("closer_tricks_at_closing", ct, wt if closer_won else lt,
              "Stängarens stick", "The closer's tricks"))
    for field_name, early, late, what_sv, what_en in pairs:
        if early is not None and late is not None and early > late:
            raise refuse("closing_after_end", {field_name: early, "at_end": late},
                         f"{what_sv} vid stängningen ({early}) kan inte vara fler än vid "
                         f"givens slut ({late}): poäng och stick blir bara fler.",
                         f"{what_en} at the closing ({early}) cannot be more than at the end "
                         f"of the hand ({late}): points and tricks only grow.", R_ENTRY)
    return how
