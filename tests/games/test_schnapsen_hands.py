"""Schnapsen with a hand entered, and the no-peeking tournament rule.

The duty (Schnapsen — Sticken): once the talon is closed or exhausted, follow suit, else
trump, and take the trick if able. Without a hand the app proves a breach later
(``duty_breach``, test_schnapsen.py); with the player's hand entered every card is checked
when it arrives. The hand is private to its seat until the hand is over.

Anna deals and turns up the trump card; Bo leads the first trick.
"""

from __future__ import annotations

import json

from rules_engine.games import schnapsen
from rules_engine.secrets import SEALED, reveal
from tests.games.test_schnapsen import A, B, Table, started

ANNA = "♠10 ♠J ♦A ♥Q ♥K"


def closed(**options) -> Table:
    t = started("♥J", **options)
    t.post("close", seat=B)
    return t


def test_a_hand_is_entered_only_once_no_card_enters_it_any_more():
    t = started("♥J")
    error = t.refuse("hand_not_yet", "hand", seat=A, cards=ANNA)
    assert error.rule == schnapsen.VARIANT.refs.play
    t.post("close", seat=B)
    t.post("hand", seat=A, cards=ANNA)


def test_follow_head_and_trump_are_refused_at_once_with_the_hand_entered():
    t = closed()
    t.post("hand", seat=A, cards=ANNA)
    t.post("play", seat=B, card="♠K")
    head = t.refuse("must_head", "play", seat=A, card="♠J")
    assert head.private_to == A and head.params["holds"] == "♠10"
    assert "♠10" not in head.public_messages["sv"] + head.public_messages["en"]
    follow = t.refuse("must_follow", "play", seat=A, card="♦A")
    assert follow.rule == schnapsen.VARIANT.refs.play and follow.private_to == A
    t.refuse("not_in_hand", "play", seat=A, card="♣K")
    t.post("play", seat=A, card="♠10")  # Anna takes the trick and leads
    t.post("play", seat=A, card="♥Q")
    t.post("play", seat=B, card="♥A")  # Bo wins with the trump ace and leads
    t.post("play", seat=B, card="♣A")
    trump = t.refuse("must_trump", "play", seat=A, card="♦A")  # no club: trump
    assert trump.private_to == A and trump.params["holds"] == "♥K"
    t.post("play", seat=A, card="♥K")


def test_hand_entries_that_contradict_the_table_are_refused():
    t = started("♥A")
    t.post("exchange", seat=B)  # Bo gives ♥J for ♥A: the table knows ♥A is his
    t.post("close", seat=B)
    t.refuse("card_already_played", "hand", seat=A, cards="♥J ♠J ♦A ♥Q ♥K")  # turned down
    t.refuse("card_already_played", "hand", seat=A, cards="♥A ♠J ♦A ♥Q ♥K")  # Bo's, known
    t.refuse("hand_size", "hand", seat=A, cards="♠J ♦A ♥Q ♥K")
    t.refuse("hand_missing_known", "hand", seat=B, cards="♠A ♠K ♦K ♣A ♣10")
    t.post("hand", seat=A, cards=ANNA)
    held = t.refuse("card_held_by_other", "hand", seat=B, cards="♥A ♠J ♦K ♣A ♣10")
    assert held.private_to == A and "Anna" not in held.public_messages["en"]
    t.refuse("hand_already_entered", "hand", seat=A, cards=ANNA)


def test_a_hand_proves_an_earlier_breach_privately():
    t = closed()
    t.trick("♠K ♠J")  # Anna does not head: nothing known, accepted
    assert schnapsen.findings(t.state) == ()
    t.post("hand", seat=A, cards="♠10 ♦A ♥Q ♥K")
    finding, = schnapsen.findings(t.state)
    assert finding.code == "duty_breach" and finding.private_to == A
    assert finding.params["duty"] == "head" and finding.params["breach_trick"] == 1
    assert "♠10" not in finding.public_sv + finding.public_en


def test_without_a_hand_the_old_proof_later_stays():
    t = closed()
    t.post("play", seat=B, card="♠K")
    t.post("play", seat=A, card="♠J")  # accepted: nobody knows Anna's hand


def test_expected_offers_the_hand_and_the_legal_cards_sealed():
    t = started("♥J")
    assert "hand" not in {i.type for i in t.module.expected(t.state).inputs}
    t.post("close", seat=B)
    assert {i.seat for i in t.module.expected(t.state).inputs if i.type == "hand"} == {A, B}
    t.post("hand", seat=A, cards=ANNA)
    t.post("play", seat=B, card="♠K")
    play = next(i for i in t.module.expected(t.state).inputs if i.type == "play")
    assert play.fields["legal"] == {SEALED: A, "cards": ["♠10"]}
    public = json.dumps(reveal(t.module.describe(t.state), lambda seat: False),
                        ensure_ascii=False)
    assert "♦A" not in public


def test_no_peeking_keeps_the_won_tricks_face_down_until_the_hand_is_over():
    t = started("♥J", no_peeking=True)
    assert schnapsen.deal_in_progress(t.state) == 1
    t.trick("♠J ♠A")  # Anna wins ♠J ♠A
    hand = schnapsen.describe(t.state)["hand"]
    assert hand["tricks"] == []
    assert hand["won_piles"][A] == {SEALED: A, "cards": ["♠J", "♠A"]}
    for_bo = json.dumps(reveal(hand, lambda seat: seat == B), ensure_ascii=False)
    assert "♠J" not in for_bo and "♠A" not in for_bo and '"count": 2' in for_bo
    assert "♠A" in json.dumps(reveal(hand, lambda seat: seat == A), ensure_ascii=False)
    t.post("claim", seat=A)
    assert schnapsen.deal_in_progress(t.state) is None
    last = schnapsen.describe(t.state)["last_hand"]
    assert last["tricks"][0]["cards"] == [{"seat": B, "card": "♠J"}, {"seat": A, "card": "♠A"}]


def test_without_no_peeking_the_tricks_are_listed():
    t = started("♥J")
    t.trick("♠J ♠A")
    assert len(schnapsen.describe(t.state)["hand"]["tricks"]) == 1
