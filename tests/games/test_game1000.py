"""1000 scenario tests (file 000, "Snapphanaleden" §2): two players, to 1000, the whole deck
dealt in two rounds with discards of 10 + 10 and then 2 more by the dealer.

Anna (seat 0) deals, Bo (seat 1) is forehand. Every refusal checks the state is unchanged.
"""

from __future__ import annotations

import random

from rules_engine.cards import TAROT62, Card
from rules_engine.games import game800, game1000, snapphanaleden
from rules_engine.registry import get_game

from .test_game800 import pay_for_fjont, Table, cards, text

A, B = 0, 1
PLAYERS = ("Anna", "Bo")


def table(**options) -> Table:
    return Table("1000", PLAYERS, **options)


def allowed(card: Card) -> bool:
    return card not in snapphanaleden.TAROKKER and card.rank != "K"


def test_the_discards_come_in_two_stages():
    t = table()
    exp = t.expected()
    assert exp.phase == "discard"
    assert [(i.seat, i.fields["count"]) for i in exp.inputs if i.type == "discard"] == [
        (A, 10), (B, 10)]
    t.refuse("discard_count", "discard", seat=A, cards="♠7 ♠8")
    t.post("discard", seat=B, cards="♠Æ ♠6 ♠7 ♠8 ♠9 ♠10 ♠KN ♠H ♠D ♥Æ")
    t.refuse("not_your_discard", "discard", seat=B, cards="♥6 ♥7 ♥8 ♥9 ♥10 ♥KN ♥H ♥D ♦Æ ♦6")
    t.post("discard", seat=A, cards="♥6 ♥7 ♥8 ♥9 ♥10 ♥KN ♥H ♥D ♦Æ ♦6")
    exp = t.expected()
    assert [(i.seat, i.fields["count"]) for i in exp.inputs if i.type == "discard"] == [(A, 2)]
    t.refuse("not_your_discard", "discard", seat=B, cards="♦7 ♦8")
    violation = t.refuse("discard_forbidden", "discard", seat=A, cards="♦K ♦8")
    assert violation.rule == "1000 §2"  # no king in the second discard either
    t.refuse("card_discarded", "discard", seat=A, cards="♠7 ♦8")
    t.post("discard", seat=A, cards="♦7 ♦8")
    assert t.state.phase == "play" and t.expected().seat == B  # the non-dealer leads
    t.refuse("hand_size", "hand", seat=B, cards="XX XIX")


def test_a_whole_deal_uses_the_whole_deck_and_counts_93():
    rng = random.Random(1000)
    deck = list(TAROT62.cards)
    rng.shuffle(deck)
    hands = {A: deck[0:20] + deck[40:42], B: deck[20:40]}
    t = table()
    first = {}
    for seat in (B, A):
        first[seat] = [c for c in hands[seat] if allowed(c)][:10]
        for c in first[seat]:
            hands[seat].remove(c)
        t.post("discard", seat=seat, cards=text(first[seat]))
    hands[A] += deck[42:52]
    hands[B] += deck[52:62]
    second = [c for c in hands[A] if allowed(c)][:2]
    for c in second:
        hands[A].remove(c)
    t.post("discard", seat=A, cards=text(second))
    for seat in (A, B):
        assert len(hands[seat]) == 20
        t.post("hand", seat=seat, cards=text(hands[seat]))
    while t.state.last is None:
        if t.state.phase == "exchange":
            pay_for_fjont(t)
            continue
        play = t.expected().inputs[0]
        t.post("play", seat=play.seat, card=play.fields["legal"]["cards"][-1])
    last = t.state.last
    assert sum(last.cards) == 93 and sum(last.tricks) == 20
    assert sum(len(p) for p in last.won_cards) == 62
    for seat in (A, B):  # the discards count for their owner, unless he took no trick
        if last.tricks[seat]:
            assert set(first[seat]) <= set(last.won_cards[seat])
    assert t.state.dealer == B  # the deal alternates
    t.check_replay()


def test_a_player_without_a_trick_loses_his_discards():
    """Bo leads ⟨XX⟩ … ⟨V⟩ and the four kings and takes all twenty tricks."""
    t = table()
    leads = [Card("T", r) for r in ("XX", "XIX", "XVIII", "XVII", "XVI", "XV", "XIV", "XIII",
                                    "XII", "XI", "X", "IX", "VIII", "VII", "VI", "V")]
    leads += list(cards("♠K ♥K ♦K ♣K"))
    low = list(cards("N I I I I ★"))
    suited = [c for c in TAROT62.cards if c.suit in "♠♥♦♣" and c.rank != "K"]
    t.post("discard", seat=B, cards=text(suited[:10]))
    t.post("discard", seat=A, cards=text(suited[10:20]))
    t.post("discard", seat=A, cards=text(suited[20:22]))
    anna = low + suited[22:]
    assert len(anna) == 20
    for lead, answer in zip(leads, anna):
        t.trick(f"{lead} {answer}")
        if t.state.phase == "exchange":  # Anna's ★: she pays with a discard
            assert t.expected().inputs[0].fields["discards"] == 12
            t.post("fjont", card=str(suited[10]))
    last = t.state.last
    assert last.tricks == (0, 20)
    assert last.cards == (0, 93)
    assert t.state.totals == (0, 93)
    t.check_replay()


def test_1000_reached_in_the_declarations_wins_at_once():
    t = table()
    t.post("result", points=[40, 53], declarations=[900, 0])
    assert t.state.totals == (940, 53) and t.state.dealer == B
    t.post("discard", seat=A, cards="♠Æ ♠6 ♠7 ♠8 ♠9 ♠10 ♠KN ♠H ♥Æ ♥6")
    t.post("discard", seat=B, cards="♥7 ♥8 ♥9 ♥10 ♥KN ♥H ♦Æ ♦6 ♦7 ♦8")
    t.refuse("not_your_discard", "discard", seat=A, cards="♦9 ♦10")
    t.post("discard", seat=B, cards="♦9 ♦10")  # Bo deals the second deal
    assert t.expected().seat == A
    # three flertal, doubled: (18 + 34 + 14) × 2 = 132
    t.post("declare", seat=A, cards="XX XIX N ♠K ♥K ♦K ♣K ♠D ♥D ♦D",
           combinations=[{"kind": "flertal", "cards": "XX XIX N"}, "♠K ♥K ♦K ♣K",
                         "♠D ♥D ♦D"])
    assert t.state.totals == (1072, 53)
    assert game1000.is_over(t.state) and t.state.winner == A
    assert game1000.result(t.state)["winners"] == [A]
    t.refuse("not_expected", "play", seat=A, card="♠K")
    t.check_replay()
    # by quick entry: the declaration wins, the deal's card points are not written
    t = table()
    t.post("result", points=[40, 53], declarations=[900, 0])
    t.post("result", points=[0, 93], declarations=[70, 0])
    assert game1000.is_over(t.state) and t.state.winner == A
    assert t.state.totals == (1010, 53)
    assert [r.kind for r in game1000.sheet(t.state).rows][-1] == "declaration"


def test_both_past_1000_the_higher_wins():
    t = table()
    t.post("result", points=[40, 53], declarations=[900, 900])
    assert t.state.totals == (940, 953)
    t.post("result", points=[70, 23])
    assert t.state.totals == (1010, 976)
    assert t.state.winner == A
    t = table()
    t.post("result", points=[40, 53], declarations=[900, 900])
    t.post("result", points=[63, 30])
    assert t.state.totals == (1003, 983)
    assert game1000.result(t.state)["winner"] == A


def test_quick_entry_adds_up_to_93_and_registry():
    t = table()
    t.refuse("points_do_not_add_up", "result", points=[50, 50])
    assert get_game("tusen") is game1000
    assert set(game1000.EVENTS) >= {"discard", "declare", "play", "fjont", "result"}
    assert game1000.sheet(t.state).players == PLAYERS
