"""Rödskägg with hands entered: every play checked at once ("Rödskägg — Spelet").

The text: no trumps, "man måste följa färg, annars saka". Without a hand the app proves a
revoke later (``revoke_proven``, tested in test_rodskagg.py); a player who entered his hand
is refused at once. The hand is private to his seat: refusals about it carry ``private_to``
and a public wording that names no card.

Three players, Anna deals: Bo (forehand) bids, Cia and Anna pass, so Bo declares and leads.
"""

from __future__ import annotations

import json


from rules_engine.games import rodskagg
from rules_engine.secrets import SEALED, reveal
from tests.engine_table import EngineTable

A, B, C = 0, 1, 2
BO_HAND = "♠A ♠K ♥2 ♦5 ♣9 ♣3"
CIA_HAND = "♠2 ♥A ♥K ♦9 ♦8 ♣4"


class Table(EngineTable):
    rule_prefix = "Rödskägg — "

    def __init__(self):
        super().__init__("rodskagg", ("Anna", "Bo", "Cia"))


def bidding_done() -> Table:
    table = Table()
    table.post("deal")
    table.post("knock")
    table.post("bid", seat=B, bid=2)
    table.post("bid", seat=C, bid="smyga")
    table.post("bid", seat=A, bid="smyga")
    return table


def test_a_hand_is_entered_and_the_play_must_follow_suit_at_once():
    table = bidding_done()
    table.post("hand", seat=C, cards=CIA_HAND)
    table.post("play", seat=B, card="♠A")
    error = table.refuse("must_follow", "play", seat=C, card="♥A")
    assert error.rule == "Rödskägg — Spelet"
    assert error.private_to == C
    assert error.params["holds"] == "♠2"
    assert "♠2" not in error.public_messages["en"] + error.public_messages["sv"]
    assert "♥A" not in error.public_messages["en"]
    table.post("play", seat=C, card="♠2")  # following is accepted


def test_a_card_not_in_the_entered_hand_is_refused():
    table = bidding_done()
    table.post("hand", seat=B, cards=BO_HAND)
    error = table.refuse("not_in_hand", "play", seat=B, card="♥Q")
    assert error.private_to == B and "♥Q" not in error.public_messages["en"]
    table.post("play", seat=B, card="♠K")


def test_a_void_hand_may_discard_anything():
    table = bidding_done()
    table.post("hand", seat=C, cards="♥A ♥K ♦9 ♦8 ♣4 ♣5")
    table.post("play", seat=B, card="♠A")
    table.post("play", seat=C, card="♦8")  # no spade: saka


def test_a_card_in_another_entered_hand_is_refused_without_saying_whose():
    table = bidding_done()
    table.post("hand", seat=C, cards=CIA_HAND)
    error = table.refuse("card_held_by_other", "play", seat=B, card="♥A")
    assert error.private_to == C
    assert "Cia" not in error.public_messages["en"] and "Cia" in error.messages["en"]
    error = table.refuse("card_held_by_other", "hand", seat=A, cards="♥A ♥3 ♥4 ♥5 ♥6 ♥7")
    assert error.private_to == C


def test_hand_entries_that_contradict_the_table_are_refused():
    table = bidding_done()
    table.post("play", seat=B, card="♠A")
    # Bo played one card: he holds five now.
    assert table.refuse("hand_size", "hand", seat=B, cards=BO_HAND).params["expected"] == 5
    # ♠A is on the table: nobody holds it.
    error = table.refuse("card_already_played", "hand", seat=C, cards="♠A ♥A ♥K ♦9 ♦8 ♣4")
    assert error.private_to == C
    table.refuse("card_repeated", "hand", seat=C, cards="♠2 ♠2 ♥K ♦9 ♦8 ♣4")
    table.post("hand", seat=B, cards="♠K ♥2 ♦5 ♣9 ♣3")
    table.refuse("hand_already_entered", "hand", seat=B, cards="♠K ♥2 ♦5 ♣9 ♣3")


def test_a_hand_before_the_deal_is_refused():
    table = Table()
    table.refuse("not_expected", "hand", seat=B, cards=BO_HAND)


def test_a_hand_proving_an_earlier_revoke_is_a_private_finding():
    table = bidding_done()
    table.post("trick", cards="♠A ♥A ♠3")  # Cia shows no spade in trick 1
    table.post("hand", seat=C, cards="♠2 ♥K ♦9 ♦8 ♣4")  # ... but holds ♠2
    finding = rodskagg.findings(table.state)[-1]
    assert finding.code == "revoke_proven" and finding.private_to == C
    assert finding.params["revoke_trick"] == 1 and finding.params["proof_card"] == "♠2"
    assert "♠2" not in finding.public_en + finding.public_sv


def test_without_a_hand_a_revoke_is_still_only_found_later():
    table = bidding_done()
    table.post("trick", cards="♠A ♥A ♠3")  # Cia does not follow: accepted
    assert not rodskagg.findings(table.state)


def test_whole_trick_entries_are_checked_card_by_card():
    table = bidding_done()
    table.post("hand", seat=C, cards=CIA_HAND)
    table.refuse("must_follow", "trick", cards="♠A ♥A ♠3")


def test_expected_offers_the_hand_and_the_legal_cards_sealed():
    table = bidding_done()
    kinds = {(i.type, i.seat) for i in rodskagg.expected(table.state).inputs}
    assert {("hand", A), ("hand", B), ("hand", C)} <= kinds
    table.post("hand", seat=C, cards=CIA_HAND)
    table.post("play", seat=B, card="♠A")
    play = next(i for i in rodskagg.expected(table.state).inputs if i.type == "play")
    assert play.fields["legal"] == {SEALED: C, "cards": ["♠2"]}
    assert ("hand", C) not in {(i.type, i.seat) for i in rodskagg.expected(table.state).inputs}


def test_describe_seals_the_hands_and_deal_in_progress_ends_with_the_deal():
    table = bidding_done()
    assert rodskagg.deal_in_progress(table.state) == 1
    table.post("hand", seat=C, cards=CIA_HAND)
    described = rodskagg.describe(table.state)
    public = json.dumps(reveal(described, lambda seat: False), ensure_ascii=False)
    assert "♥K" not in public and '"hidden": true' in public
    assert "♥K" in json.dumps(reveal(described, lambda seat: seat == C), ensure_ascii=False)
    for cards in ("♠A ♠2 ♠3", "♠K ♦8 ♠4", "♣9 ♣4 ♣2", "♦5 ♦9 ♦2"):
        table.post("trick", cards=cards)
    table.post("ask")
    table.post("join", seat=A, join=True)
    assert rodskagg.deal_in_progress(table.state) == 1
    table.post("trick", cards="♥A ♥3 ♥2")  # Cia leads, then Anna, then Bo
    table.post("trick", cards="♥K ♥4 ♣3")
    assert table.state.phase == "deal"
    assert rodskagg.deal_in_progress(table.state) is None
