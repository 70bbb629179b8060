"""Fjabbe scenario tests (file 000, "Snapphanaleden" §4): four players each for himself, ten
cards each, 22 out of play; the most points loses the parti, a player without a trick loses
it; the match ends when two players have lost three partier or one has lost five.

Anna (seat 0) deals; play goes counter-clockwise from Dan: Dan, Cia, Bo, Anna.
"""

from __future__ import annotations

import random

import pytest

from rules_engine.cards import TAROT62
from rules_engine.errors import EventFormatError
from rules_engine.games import fjabbe, game800, snapphanaleden
from rules_engine.registry import get_game
from rules_engine.table_log import apply_game_event

from .test_game800 import NAMES, Table, play_out_deal, text

A, B, C, D = 0, 1, 2, 3


def table(**options) -> Table:
    return Table("fjabbe", NAMES, **options)


def test_ten_cards_each_no_discard_dan_leads():
    t = table()
    assert t.state.phase == "play" and t.expected().seat == D
    assert "discard" not in fjabbe.EVENTS
    with pytest.raises(EventFormatError):
        apply_game_event(t.setup, t.state, {"type": "discard", "seat": A, "cards": "♠7 ♠8"})
    t.refuse("hand_size", "hand", seat=D, cards="XX XIX")


@pytest.mark.parametrize("points, tricks, option, losers", [
    ((20, 10, 5, 3), (4, 3, 2, 1), {}, (A,)),  # the most points loses
    ((20, 10, 5, 0), (4, 3, 3, 0), {}, (D,)),  # no trick: Dan loses instead
    ((20, 10, 5, 0), (4, 3, 3, 0), {"trickless_loss": "also"}, (A, D)),
    ((20, 0, 0, 0), (8, 0, 2, 0), {}, (B, D)),  # two without a trick
    ((20, 20, 5, 3), (4, 3, 2, 1), {}, (A, B)),  # a tie for the most: both lose
    ((20, 20, 5, 3), (4, 3, 2, 1), {"tie_for_most": "none_lose"}, ()),
])
def test_who_loses_a_parti(points, tricks, option, losers):
    assert fjabbe.parti_losers(points, tricks, fjabbe.Options(**option)) == losers


def test_when_the_match_ends():
    assert fjabbe.match_losers((3, 2, 2, 2)) is None
    assert fjabbe.match_losers((3, 3, 0, 1)) == (A, B)
    assert fjabbe.match_losers((5, 2, 2, 2)) == (A,)
    assert fjabbe.match_losers((4, 2, 2, 2)) is None


def test_a_match_by_quick_entry():
    t = table()
    t.refuse("result_shape", "result", points=[10, 10, 10, 30])  # the tricks are needed
    t.refuse("points_do_not_add_up", "result", points=[5, 5, 5, 5],
             tricks=[3, 3, 2, 2])  # 40 cards count 26–82
    t.refuse("points_without_tricks", "result", points=[10, 10, 0, 30], tricks=[3, 3, 4, 0])
    for _ in range(3):
        t.post("result", points=[30, 10, 10, 10], tricks=[4, 2, 2, 2])
    assert t.state.totals == (3, 0, 0, 0) and not fjabbe.is_over(t.state)
    t.refuse("declaration_value_impossible", "result", points=[20, 20, 10, 10],
             tricks=[3, 3, 2, 2], declarations=[0, 5, 0, 0])  # no declaration is worth 5
    t.post("result", points=[20, 20, 10, 10], tricks=[3, 3, 2, 2], declarations=[0, 10, 0, 0])
    assert t.state.totals == (3, 1, 0, 0)  # Bo's declaration makes his 30 the most
    t.post("result", points=[20, 30, 10, 0], tricks=[3, 4, 3, 0])
    assert t.state.totals == (3, 1, 0, 1)  # Dan took no trick
    row = fjabbe.sheet(t.state).rows[-1]
    assert row.changes == (None, None, None, 1)
    assert row.marks == ("20p", "30p", "10p", "0p –")
    t.post("result", points=[10, 30, 10, 10], tricks=[2, 4, 2, 2])
    t.post("result", points=[10, 30, 10, 10], tricks=[2, 4, 2, 2])
    assert t.state.totals == (3, 3, 0, 1)
    assert fjabbe.is_over(t.state)
    assert fjabbe.result(t.state) == {"losers": [A, B], "winner": C,
                                      "partier_lost": [3, 3, 0, 1]}
    sheet = fjabbe.sheet(t.state)
    assert sheet.winner == C and sheet.out == (A, B)
    t.refuse("not_expected", "result", points=[10, 30, 10, 10], tricks=[2, 4, 2, 2])
    t.check_replay()


def test_declarations_count_against_the_declarer_and_can_be_switched_off():
    t = table()
    t.post("declare", seat=D, cards="XX XIX N", combinations=[
        {"kind": "flertal", "cards": "XX XIX N"}])
    assert t.state.totals == (0, 0, 0, 0)  # no row: the points go with the parti
    assert len(fjabbe.sheet(t.state).rows) == 1
    t = table(declarations=False)
    t.refuse("declarations_off", "declare", seat=D, cards="XX XIX N")
    assert not any(i.type == "declare" for i in t.expected().inputs)


def test_a_declaration_of_more_cards_than_a_hand_holds_is_refused():
    """§1.3: one declares from the hand, before the first card: ten cards at most. Laying
    down the whole deck was once taken (the cards were only checked against each other)."""
    t = table()
    whole_deck = " ".join(str(c) for c in TAROT62.cards)
    for cards in (whole_deck, " ".join(str(c) for c in TAROT62.cards[:11])):
        refused = t.refuse("declaration_too_many_cards", "declare", seat=D, cards=cards,
                           combinations=[])
        assert refused.rule == snapphanaleden.R_DECLARE
        assert refused.params["hand_size"] == 10
    refused = t.refuse("declaration_too_many_cards", "result", points=[10, 30, 10, 10],
                       tricks=[2, 4, 2, 2],
                       declarations=[None, None, None, {"cards": whole_deck}])
    assert "hand har bara 10 kort" in refused.message("sv")
    t.post("declare", seat=D, cards=" ".join(str(c) for c in TAROT62.cards[:10]))


def test_fjont_is_owed_to_the_player_who_took_the_trick():
    t = table()
    t.trick("♠K ★ ♠D ♠H")  # Cia's ★; Dan takes the trick; Cia has won nothing yet
    deal = t.deal
    assert deal.debt == snapphanaleden.FjontDebt(C, C, D, 1)
    assert deal.piles[C] == (TAROT62.parse("★"),)
    assert t.state.phase == "play"


def deal_fjabbe(t: Table, rng: random.Random):
    deck = list(TAROT62.cards)
    rng.shuffle(deck)
    order = (D, C, B, A)
    hands = {seat: deck[10 * i:10 * i + 10] for i, seat in enumerate(order)}
    for seat in range(4):
        t.post("hand", seat=seat, cards=text(hands[seat]))
    return deck[:40]


def test_a_whole_parti_with_real_hands():
    rng = random.Random(4)
    t = table()
    in_play = deal_fjabbe(t, rng)
    play_out_deal(t, choose=rng.choice)
    last = t.state.last
    assert sum(last.tricks) == 10
    assert sum(len(p) for p in last.won_cards) == 40
    assert sum(last.cards) == snapphanaleden.card_points(in_play) + snapphanaleden.LAST_TRICK
    losers = fjabbe.parti_losers(last.totals, last.tricks, fjabbe.Options())
    assert t.state.totals == tuple(1 if s in losers else 0 for s in range(4))
    assert t.state.dealer == D and t.expected().seat == C
    t.check_replay()


def test_registry():
    assert get_game("Fjabbe") is fjabbe
    assert fjabbe.MIN_PLAYERS == fjabbe.MAX_PLAYERS == 4
