"""150 scenario tests (file 000, "Snapphanaleden" §3): two players, one round of 15 cards each,
the dealer gets 17 and discards 2, 30 cards out of play; the first to 150 wins.

Anna (seat 0) deals, Bo (seat 1) is forehand. Every refusal checks the state is unchanged.
"""

from __future__ import annotations

import random

import pytest

from rules_engine.cards import TAROT62
from rules_engine.games import game800, game150, snapphanaleden
from rules_engine.registry import get_game

from .test_game800 import Table, may_discard, play_out_deal, text

A, B = 0, 1
PLAYERS = ("Anna", "Bo")


def table(**options) -> Table:
    return Table("150", PLAYERS, **options)


def test_the_dealer_gets_17_and_discards_2():
    t = table()
    exp = t.expected()
    assert [(i.seat, i.fields["count"]) for i in exp.inputs if i.type == "discard"] == [(A, 2)]
    t.refuse("not_your_discard", "discard", seat=B, cards="♠7 ♠8")
    violation = t.refuse("discard_forbidden", "discard", seat=A, cards="★ ♠8")
    assert violation.rule == "150 §3"
    t.post("discard", seat=A, cards="♠7 ♠8")
    assert t.state.phase == "play" and t.expected().seat == B
    t.refuse("hand_size", "hand", seat=B, cards="XX XIX")


def test_a_whole_deal_counts_the_32_cards_in_play():
    rng = random.Random(150)
    deck = list(TAROT62.cards)
    rng.shuffle(deck)
    hands = {B: deck[0:15], A: deck[15:32]}  # the other 30 stay out of play
    discard = [c for c in hands[A] if may_discard(c)][:2]
    for c in discard:
        hands[A].remove(c)
    t = table()
    t.post("discard", seat=A, cards=text(discard))
    for seat in (A, B):
        t.post("hand", seat=seat, cards=text(hands[seat]))
    play_out_deal(t)
    last = t.state.last
    assert sum(len(p) for p in last.won_cards) == 32
    assert sum(last.cards) == snapphanaleden.card_points(deck[:32]) + snapphanaleden.LAST_TRICK
    assert sum(last.cards) != 93
    t.check_replay()


def test_quick_entry_is_checked_against_what_32_cards_can_count():
    assert snapphanaleden.points_range(32) == (22, 78)
    t = table()
    t.refuse("points_do_not_add_up", "result", points=[50, 43])
    t.refuse("points_do_not_add_up", "result", points=[10, 5])
    t.post("result", points=[30, 20])
    assert t.state.totals == (30, 20) and t.state.dealer == B


def test_the_match_runs_over_deals_until_150():
    t = table()
    t.post("result", points=[40, 20], declarations=[50, 0])
    assert t.state.totals == (90, 20) and not game150.is_over(t.state)
    t.post("result", points=[30, 25])
    assert t.state.totals == (120, 45) and not game150.is_over(t.state)
    t.post("result", points=[35, 20])
    assert t.state.totals == (155, 65)
    assert game150.is_over(t.state) and t.state.winner == A


def test_150_in_the_declarations_wins_at_once():
    t = table()
    t.post("result", points=[40, 20], declarations=[100, 0])
    t.post("discard", seat=B, cards="♠7 ♠8")
    t.post("declare", seat=A, cards="XX XIX N", combinations=[
        {"kind": "flertal", "cards": "XX XIX N"}])
    assert t.state.totals == (158, 20) and t.state.winner == A
    t.check_replay()


@pytest.mark.parametrize("points, winner", [([20, 30], B), ([30, 20], A), ([25, 25], None)])
def test_option_single_deal(points, winner):
    t = table(single_deal=True)
    t.post("result", points=points)
    if winner is None:  # equal: play on (option tie_at_target)
        assert not game150.is_over(t.state)
        t.post("result", points=[30, 20])
        assert t.state.winner == A
    else:
        assert game150.is_over(t.state) and t.state.winner == winner


def test_registry():
    assert get_game("150") is game150
    assert {o.name for o in game150.Options.__dataclass_fields__.values()} >= {
        "single_deal", "tie_at_target"}
