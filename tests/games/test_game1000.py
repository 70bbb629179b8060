"""1000 scenario tests (file 000, "Snapphanaleden" §2): two players, to 1000, the whole deck
dealt in two rounds with discards of 10 + 10 and then 2 more by the dealer.

Anna (seat 0) deals, Bo (seat 1) is forehand. Every refusal checks the state is unchanged.
"""

from __future__ import annotations

import random

from rules_engine.cards import TAROT62, Card
from rules_engine.games import game800, game1000
from rules_engine.registry import get_game

from .test_game800 import Table, cards, may_discard, play_out_deal, text

A, B = 0, 1
PLAYERS = ("Anna", "Bo")


def table(**options) -> Table:
    return Table("1000", PLAYERS, **options)


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
        first[seat] = [c for c in hands[seat] if may_discard(c)][:10]
        for c in first[seat]:
            hands[seat].remove(c)
        t.post("discard", seat=seat, cards=text(first[seat]))
    hands[A] += deck[42:52]
    hands[B] += deck[52:62]
    second = [c for c in hands[A] if may_discard(c)][:2]
    for c in second:
        hands[A].remove(c)
    t.post("discard", seat=A, cards=text(second))
    for seat in (A, B):
        assert len(hands[seat]) == 20
        t.post("hand", seat=seat, cards=text(hands[seat]))
    play_out_deal(t, choose=lambda legal: legal[-1])
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


def two_quick_deals(declarations=((450, 0), (410, 0))) -> Table:
    """Bo deals first; two deals by quick entry bring Anna to 940. (One deal cannot: no
    declaration from 20 cards is worth more than a few hundred, §1.5.)"""
    t = Table("1000", PLAYERS, first_dealer=B)
    for declared in declarations:
        t.post("result", points=[40, 53], declarations=list(declared))
    return t


def test_1000_reached_in_the_declarations_wins_at_once():
    t = two_quick_deals()
    assert t.state.totals == (940, 106) and t.state.dealer == B
    t.post("discard", seat=A, cards="♠Æ ♠6 ♠7 ♠8 ♠9 ♠10 ♠KN ♠H ♥Æ ♥6")
    t.post("discard", seat=B, cards="♥7 ♥8 ♥9 ♥10 ♥KN ♥H ♦Æ ♦6 ♦7 ♦8")
    t.refuse("not_your_discard", "discard", seat=A, cards="♦9 ♦10")
    t.post("discard", seat=B, cards="♦9 ♦10")  # Bo deals the second deal
    assert t.expected().seat == A
    # three flertal, doubled: (18 + 34 + 14) × 2 = 132
    t.post("declare", seat=A, cards="XX XIX N ♠K ♥K ♦K ♣K ♠D ♥D ♦D",
           combinations=[{"kind": "flertal", "cards": "XX XIX N"}, "♠K ♥K ♦K ♣K",
                         "♠D ♥D ♦D"])
    assert t.state.totals == (1072, 106)
    assert game1000.is_over(t.state) and t.state.winner == A
    assert game1000.result(t.state)["winners"] == [A]
    t.refuse("not_expected", "play", seat=A, card="♠K")
    t.check_replay()
    # by quick entry: the declaration wins, the deal's card points are not written
    t = two_quick_deals()
    t.post("result", points=[0, 93], declarations=[70, 0])
    assert game1000.is_over(t.state) and t.state.winner == A
    assert t.state.totals == (1010, 106)
    assert [r.kind for r in game1000.sheet(t.state).rows][-1] == "declaration"


def test_declarations_in_1000_come_in_playing_order():
    # §2 "I övrigt är spelregler ... samma som för 800": forehand declares before his first
    # card, the dealer only after it, right before his own.
    t = two_quick_deals(((450, 450), (410, 430)))
    assert t.state.totals == (940, 986) and t.state.dealer == B  # Anna is forehand
    t.post("discard", seat=A, cards="♠Æ ♠6 ♠7 ♠8 ♠9 ♠10 ♠KN ♠H ♥Æ ♥6")
    t.post("discard", seat=B, cards="♥7 ♥8 ♥9 ♥10 ♥KN ♥H ♦Æ ♦6 ♦7 ♦8")
    t.post("discard", seat=B, cards="♦9 ♦10")
    violation = t.refuse("declare_out_of_turn", "declare", seat=B, cards="♠K ♥K ♦K")
    assert violation.rule == "800 §1.3"
    t.post("declare", seat=A, cards="XX XIX XVIII XVII")  # 15: 955, not yet 1000
    t.post("play", seat=A, card="♣7")
    t.post("declare", seat=B, cards="♠K ♥K ♦K")  # 17: 1003, Bo wins in his turn
    assert t.state.totals == (955, 1003) and t.state.winner == B
    t.check_replay()


def test_both_past_1000_the_higher_wins():
    t = two_quick_deals(((450, 450), (410, 430)))
    assert t.state.totals == (940, 986)
    t.post("result", points=[70, 23])
    assert t.state.totals == (1010, 1009)  # both past 1000: the higher wins
    assert t.state.winner == A
    t = two_quick_deals(((450, 450), (410, 430)))
    t.post("result", points=[40, 53])
    assert t.state.totals == (980, 1039)
    assert game1000.result(t.state)["winner"] == B


def test_quick_entry_adds_up_to_93_and_registry():
    t = table()
    t.refuse("points_do_not_add_up", "result", points=[50, 50])
    assert get_game("tusen") is game1000
    assert set(game1000.EVENTS) >= {"discard", "declare", "play", "fjont", "result"}
    assert game1000.sheet(t.state).players == PLAYERS


def test_expected_says_when_a_fjont_exchange_is_owed():
    # 800 §1.4.1 (1000 and 150 play by it): ★ played by a player who has won nothing lies face
    # up until he can pay; ``expected`` says so while play goes on.
    t = Table("150", PLAYERS)
    t.post("discard", seat=A, cards="♠7 ♠8")
    t.post("trick", cards="★ ♥K")  # Bo leads ★, Anna takes the trick
    exp = t.expected()
    assert exp.phase == "play"
    assert exp.inputs[0].fields["fjont_owed"] == {"seat": B, "debtor": B, "creditor": A,
                                                  "trick": 1}
    assert exp.prompt_sv.endswith("Bo är skyldig Anna ett kort för ★ (stick 1); det ges så "
                                  "snart Bo har vunnit ett stick.")
    assert exp.prompt_en.endswith("Bo owes Anna a card for ★ (trick 1), given as soon as Bo "
                                  "wins a trick.")
