"""Scoring in the Schnapsen family: a claim judged, a hand played out judged, and the
protokoll — game points counted down from 7 and the Bummerl (Schnapsen — Spelpoäng; Schnapsen
för fyra — Poängen).

The game points follow the text's ゲーム点: by the loser's figures
(``schnapsen_family.game_points_by_figures``) for a right claim and the last trick, 2 or 3
(``game_points_two_or_three``) against a closer and for the opponent's wrong claim; after a
closing the figures at the moment of closing, unless the table plays
``end_of_hand_figures``. Quick entry of a whole hand is ``schnapsen_quick``.
"""

from __future__ import annotations

from dataclasses import replace

from ..sheet import SheetRow
from ..tricks import next_seat
from .schnapsen_family import (START_GAME_POINTS, TARGET, Variant, figures_now,
                               game_points_by_figures, game_points_two_or_three)
from .schnapsen_hand import (Hand, Outcome, State, other_seat, other_side, player_name,
                             player_names, points_en, side_of, sides_of, trick_winner,
                             tricks_en, verb_en)


# --- the claim and the end of a hand -------------------------------------------------------------
def judge_claim(variant: Variant, state: State, hand: Hand, seat: int,
                sides: tuple[tuple[int, ...], ...], at_end: bool = False) -> Outcome:
    """A claim of 66 by ``seat`` now, judged and scored (ゲーム点; 4 人版 per side)."""
    rules = state.rules
    mine, theirs = side_of(sides, seat), other_side(sides, seat)
    now = figures_now(variant, rules, hand)
    points, _tricks = now.of(mine)
    closer = hand.closed_by
    figures = hand.closed_at if (closer is not None and not rules.end_of_hand_figures) else now
    assert figures is not None
    at_closing_sv = " (vid stängningen)" if figures is hand.closed_at else ""
    at_closing_en = " (at the closing)" if figures is hand.closed_at else ""
    who_sv = player_names(state, mine)
    claim_sv = (f"{who_sv} stängde och räknas som att ha sagt 66 vid slutet" if at_end
                else f"{player_name(state, seat)} säger 66")
    claim_en = (f"{player_names(state, mine)} closed and counts as claiming 66 at the end" if at_end
                else f"{player_name(state, seat)} claims 66")
    if points >= TARGET:
        opp_points, opp_tricks = figures.of(theirs)
        if closer is not None and closer in theirs:
            my_tricks = figures.of(mine)[1]
            gp = game_points_two_or_three(my_tricks)
            how = "against_closer"
            why_sv = (f"{player_names(state, theirs)} stängde; {who_sv} hade {my_tricks} stick"
                      f"{at_closing_sv}: {gp}")
            why_en = (f"{player_names(state, theirs)} closed; {player_names(state, mine)} had "
                      f"{tricks_en(my_tricks)}{at_closing_en}: {gp}")
        else:
            gp = game_points_by_figures(opp_points, opp_tricks)
            how = "claim"
            why_sv = (f"{player_names(state, theirs)} har {opp_points} poäng och {opp_tricks} stick"
                      f"{at_closing_sv}: {gp}")
            why_en = (f"{player_names(state, theirs)} {verb_en(theirs, 'has', 'have')} "
                      f"{opp_points} points and {tricks_en(opp_tricks)}{at_closing_en}: "
                      f"{gp}")
        return Outcome(
            hand.number, mine, gp, how, variant.refs.score,
            f"{claim_sv} med {points}: rätt. {why_sv} spelpoäng.",
            f"{claim_en} with {points}: right. {why_en} game {points_en(gp)}.",
            claimant=seat, closer=closer, declared=not at_end, points=now.points,
            figures=figures)
    their_tricks = figures.of(theirs)[1]
    gp = game_points_two_or_three(their_tricks)
    return Outcome(
        hand.number, theirs, gp, "wrong_claim", variant.refs.score,
        f"{claim_sv} men har bara {points}: fel. {player_names(state, theirs)} hade {their_tricks} "
        f"stick{at_closing_sv}: {gp} spelpoäng.",
        f"{claim_en} but has only {points}: wrong. {player_names(state, theirs)} had "
        f"{tricks_en(their_tricks)}{at_closing_en}: {gp} game {points_en(gp)}.",
        claimant=seat, closer=closer, declared=not at_end, points=now.points,
            figures=figures)


def _judge_end(variant: Variant, state: State, hand: Hand) -> Outcome:
    """The cards are played out and nobody claimed."""
    sides = sides_of(variant, hand)
    assert sides is not None
    if hand.closed_by is not None:
        # "山札を閉じた人が終わったときに上がりを宣言した場合と同じように採点します"
        return judge_claim(variant, state, hand, hand.closed_by, sides, at_end=True)
    now = figures_now(variant, state.rules, hand)
    last = trick_winner(variant, hand, hand.tricks[-1])
    if variant.talon:
        winners = side_of(sides, last)
        how = "last_trick"
        why_sv = f"{player_names(state, winners)} tog sista sticket och vinner given"
        why_en = (f"{player_names(state, winners)} took the last trick and "
                  f"{verb_en(winners, 'wins', 'win')} the hand")
    else:
        totals = [now.of(side)[0] for side in sides]
        if totals[0] != totals[1]:
            winners = sides[0] if totals[0] > totals[1] else sides[1]
            why_sv = (f"{player_names(state, winners)} har flest poäng "
                      f"({max(totals)} mot {min(totals)})")
            why_en = (f"{player_names(state, winners)} {verb_en(winners, 'has', 'have')} more "
                      f"points ({max(totals)} to {min(totals)})")
        else:  # a tie: our reading — the side that took the last trick
            winners = side_of(sides, last)
            why_sv = f"lika poäng ({totals[0]}); {player_names(state, winners)} tog sista sticket"
            why_en = (f"equal points ({totals[0]}); {player_names(state, winners)} took the "
                      "last trick")
        how = "more_points"
    losers = other_side(sides, winners[0])
    opp_points, opp_tricks = now.of(losers)
    gp = game_points_by_figures(opp_points, opp_tricks)
    return Outcome(
        hand.number, winners, gp, how, variant.refs.score,
        f"Ingen sa 66: {why_sv}. {player_names(state, losers)} har {opp_points} poäng och "
        f"{opp_tricks} stick: {gp} spelpoäng.",
        f"Nobody claimed 66: {why_en}. {player_names(state, losers)} "
        f"{verb_en(losers, 'has', 'have')} {opp_points} points and "
        f"{tricks_en(opp_tricks)}: {gp} game {points_en(gp)}.",
        points=now.points, figures=now)


def end_of_hand(variant: Variant, state: State) -> State:
    hand = state.hand
    assert hand is not None
    return write_outcome(variant, state, hand, _judge_end(variant, state, hand))


# --- writing the protokoll -----------------------------------------------------------------------
def write_outcome(variant: Variant, state: State, hand: Hand, outcome: Outcome) -> State:
    """Subtract the game points from 7 for the winners (never below 0); a player at 0 wins the
    Bummerl and every other player gets it."""
    totals = list(state.totals)
    changes: list[int | None] = [None] * state.n
    for seat in outcome.winners:
        after = max(0, totals[seat] - outcome.game_points)
        changes[seat] = after - totals[seat]
        totals[seat] = after
    names = player_names(state, outcome.winners)
    how_sv, how_en = _how_words(state, outcome)
    row = SheetRow(
        "hand", f"Giv {hand.number}: {names} {outcome.game_points} ({how_sv})",
        f"Hand {hand.number}: {names} {outcome.game_points} ({how_en})",
        tuple(changes), tuple(totals), hand.number)
    past = state.past_findings + hand.duty_findings
    finished = replace(hand, outcome=outcome)
    state = replace(state, totals=tuple(totals), rows=state.rows + (row,), hand=None,
                    last=finished, phase="deal", past_findings=past,
                    dealer=_next_dealer(variant, state, outcome))
    if 0 in totals:
        state = _end_bummerl(state)
    return state


def _how_words(state: State, outcome: Outcome) -> tuple[str, str]:
    """How a hand ended, for its protokoll row."""
    who = "" if outcome.claimant is None else player_name(state, outcome.claimant)
    closer = "" if outcome.closer is None else player_name(state, outcome.closer)
    if outcome.how == "claim":
        if not outcome.declared:
            return f"{who} stängde och nådde 66", f"{who} closed and reached 66"
        return "66 rätt", "66 right"
    if outcome.how == "wrong_claim":
        if not outcome.declared:
            return (f"{who} stängde men nådde inte 66", f"{who} closed and fell short")
        if outcome.claimant is None:
            return "felaktigt 66", "a wrong 66"
        return f"{who}s felaktiga 66", f"{who}'s wrong 66"
    if outcome.how == "against_closer":
        if outcome.closer is None:
            return "66 mot den som stängde", "66 against the closer"
        return f"66 mot {closer} som stängde", f"66 against {closer}, who closed"
    words = {"last_trick": ("sista sticket", "last trick"),
             "more_points": ("flest poäng", "more points"),
             "quick": ("snabbinmatning", "quick entry")}
    return words.get(outcome.how, ("snabbinmatning", "quick entry"))


def _next_dealer(variant: Variant, state: State, outcome: Outcome) -> int:
    if variant.players == 2:
        if state.rules.winner_deals:
            return outcome.winners[0]  # 66: "直前の手の勝者が配り手になります"
        return other_seat(state.dealer)  # "あとは交互に交代します"
    return next_seat(state.dealer, variant.players, direction=variant.direction)


def _end_bummerl(state: State) -> State:
    lost = tuple(0 if t == 0 else 1 for t in state.totals)
    bummerl_lost = tuple(a + b for a, b in zip(state.bummerl_lost, lost))
    played = state.bummerl_played + 1
    losers = [s for s in range(state.n) if lost[s]]
    match = state.rules.match_bummerl
    over = match > 0 and played >= match
    totals = state.totals if over else (START_GAME_POINTS,) * state.n
    row = SheetRow(
        "bummerl", f"Bummerl {played}: {player_names(state, losers)} får bummerln",
        f"Bummerl {played}: {player_names(state, losers)} "
        f"{'gets' if len(losers) == 1 else 'get'} the Bummerl",
        (None,) * state.n, totals, state.last.number if state.last else None,
        tuple("bummerl" if lost[s] else "" for s in range(state.n)))
    state = replace(state, bummerl_lost=bummerl_lost, bummerl_played=played,
                    totals=totals, rows=state.rows + (row,))
    if over:
        fewest = min(bummerl_lost)
        winners = tuple(s for s in range(state.n) if bummerl_lost[s] == fewest)
        state = replace(state, phase="over", winners=winners)
    return state
