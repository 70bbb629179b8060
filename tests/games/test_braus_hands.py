"""Bräus with hands entered: each turn checked at once against the player's own hand.

The text's duties on a turn: a follower "måste lägga ett högre kort än det närmast
föregående, om han kan. Har han inget högre kort, måste han stå över" (Bräus — Spelet), and
a leader with sevens "lägger han först av allt ned dessa" (Bräus — Sjuorna; option
``sevens`` = must, the default). Without a hand the app proves a wrong stand-over or a kept
seven later (test_braus.py); with the hand entered it refuses them when they arrive. The
hand is private to its seat until the deal is over.

Anna deals, Bo (forehand) leads; Bo & Dan against Anna & Cia.
"""

from __future__ import annotations

import json

from rules_engine.games import braus
from rules_engine.secrets import SEALED, reveal
from tests.games.test_braus import ANNA, BO, CIA, DAN, dealt

BO_HAND = "♠7 ♥9 ♦A ♦6 ♣10 ♠Q ♦Q ♥10 ♠10"
CIA_HAND = "♣J ♠6 ♥6 ♣Q ♥Q ♠K ♦K ♥8 ♦8"


def test_standing_over_with_a_higher_card_in_the_hand_is_refused_at_once():
    t = dealt()
    t.post("hand", seat=CIA, cards=CIA_HAND)
    t.post("sevens", seat=BO, cards=[])
    t.post("play", seat=BO, card="♥9")
    error = t.refuse("must_play_higher", "pass", seat=CIA)
    assert error.rule == "Bräus — Spelet" and error.private_to == CIA
    assert error.params["holds"] == "♣J" and error.params["to_beat"] == "♥9"
    assert "♣J" not in error.public_messages["sv"] + error.public_messages["en"]
    t.refuse("must_play_higher", "trick", cards="", over=[CIA, DAN, ANNA])
    t.refuse("not_higher", "play", seat=CIA, card="♠6")  # a lower card: as before
    t.post("play", seat=CIA, card="♣J")


def test_standing_over_without_a_higher_card_is_accepted():
    t = dealt()
    t.post("hand", seat=CIA, cards="♠6 ♥6 ♣Q ♥Q ♠K ♦K ♥8 ♦8 ♣8")
    t.post("sevens", seat=BO, cards=[])
    t.post("play", seat=BO, card="♥9")
    t.post("pass", seat=CIA)


def test_a_leader_holding_a_seven_lays_it_down_before_he_leads():
    t = dealt()
    t.post("hand", seat=BO, cards=BO_HAND)
    error = t.refuse("lay_sevens_first", "play", seat=BO, card="♥9")
    assert error.rule == "Bräus — Sjuorna" and error.private_to == BO
    assert "♠7" not in error.public_messages["en"] and error.params["holds"] == "♠7"
    t.refuse("lay_sevens_first", "sevens", seat=BO, cards=[])  # "none" is not true
    t.refuse("not_in_hand", "sevens", seat=BO, cards=["♥7"])
    t.post("sevens", seat=BO, cards=["♠7"])
    t.post("play", seat=BO, card="♥9")  # Bo laid his seven, won it, and leads


def test_with_sevens_a_right_the_leader_may_keep_them():
    t = dealt(sevens="may")
    t.post("hand", seat=BO, cards=BO_HAND)
    t.post("play", seat=BO, card="♥9")


def test_a_card_not_in_the_entered_hand_is_refused():
    t = dealt()
    t.post("hand", seat=BO, cards=BO_HAND)
    t.post("sevens", seat=BO, cards=["♠7"])
    error = t.refuse("not_in_hand", "play", seat=BO, card="♠A")
    assert error.private_to == BO and "♠A" not in error.public_messages["en"]


def test_a_card_of_another_entered_hand_is_refused_without_saying_whose():
    t = dealt()
    t.post("hand", seat=CIA, cards=CIA_HAND)
    t.post("sevens", seat=BO, cards=[])
    error = t.refuse("card_held_by_other", "play", seat=BO, card="♣J")
    assert error.private_to == CIA and "Cia" not in error.public_messages["en"]


def test_hand_entries_that_contradict_the_table_are_refused():
    t = dealt()
    t.post("sevens", seat=BO, cards=[])
    t.post("play", seat=BO, card="♥9")
    t.refuse("hand_size", "hand", seat=BO, cards=BO_HAND)  # he holds eight now
    error = t.refuse("card_already_played", "hand", seat=CIA,
                     cards="♥9 ♠6 ♥6 ♣Q ♥Q ♠K ♦K ♥8 ♦8")
    assert error.private_to == CIA
    t.refuse("card_repeated", "hand", seat=CIA, cards="♠6 ♠6 ♥6 ♣Q ♥Q ♠K ♦K ♥8 ♦8")
    t.post("hand", seat=CIA, cards=CIA_HAND)
    t.refuse("hand_already_entered", "hand", seat=CIA, cards=CIA_HAND)
    t.refuse("card_held_by_other", "hand", seat=DAN, cards="♣J ♠9 ♥J ♦J ♣A ♣6 ♣K ♠J ♥A")


def test_a_hand_before_the_deal_is_refused():
    from tests.games.test_braus import Table
    Table().refuse("not_expected", "hand", seat=BO, cards=BO_HAND)


def test_a_hand_proves_an_earlier_stand_over_and_a_kept_seven_privately():
    t = dealt()
    t.post("sevens", seat=BO, cards=[])  # Bo says he has no seven ...
    t.post("play", seat=BO, card="♥9")
    t.post("pass", seat=CIA)  # ... and Cia stands over: both accepted, nothing known
    assert t.findings() == ()
    t.post("hand", seat=CIA, cards="♣J ♠6 ♥6 ♣Q ♥Q ♠K ♦K ♥8 ♦8")
    finding, = t.findings()
    assert finding.code == "stood_over_with_higher" and finding.private_to == CIA
    assert finding.params["over_trick"] == 1 and finding.params["proof_card"] == "♣J"
    assert "♣J" not in finding.public_sv + finding.public_en
    t.post("hand", seat=BO, cards="♠7 ♦A ♦6 ♣10 ♠Q ♦Q ♥10 ♠10")
    kept = t.findings()[-1]
    assert kept.code == "seven_not_laid_down" and kept.private_to == BO
    assert "♠7" not in kept.public_sv + kept.public_en


def test_without_hands_the_old_proof_later_stays():
    t = dealt()
    t.post("sevens", seat=BO, cards=[])
    t.post("play", seat=BO, card="♥9")
    t.post("pass", seat=CIA)  # accepted: nobody knows Cia's hand
    assert t.findings() == ()


def test_expected_describe_and_the_deal_in_progress():
    t = dealt()
    assert braus.deal_in_progress(t.state) == 1
    t.post("hand", seat=BO, cards=BO_HAND)
    play, sevens = t.inputs()["play"], t.inputs()["sevens"]
    assert play.fields["legal"] == {SEALED: BO, "cards": []}  # the seven first ...
    assert sevens.fields["legal"] == {SEALED: BO, "cards": ["♠7"]}
    t.post("sevens", seat=BO, cards=["♠7"])
    assert len(t.inputs()["play"].fields["legal"]["cards"]) == 8  # ... then any card
    assert {i.seat for i in t.expected().inputs if i.type == "hand"} == {ANNA, CIA, DAN}
    described = braus.describe(t.state)
    public = json.dumps(reveal(described, lambda seat: False), ensure_ascii=False)
    assert "♥10" not in public and '"count": 8' in public
    t2 = dealt()
    t2.post("result", outcome="none")
    assert braus.deal_in_progress(t2.state) is None
