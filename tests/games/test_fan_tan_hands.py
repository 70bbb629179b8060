"""Fan tan with a hand entered: "passa om man inte har något spelbart kort" checked at once.

Without a hand a pass is proven false only when the player later lays a card that fitted
(``passed_while_able``, test_fan_tan.py). With his hand entered, a pass while it holds a
card that fits is refused when it comes, citing "Fan tan — Spelet"; so is being passed over
by a later player's first seven while holding a seven. The hand is private to its seat.

Three players, Anna deals: Bo (forehand, 18 cards), Cia, Anna (17 each).
"""

from __future__ import annotations

from rules_engine.games import fan_tan
from tests.games.test_fan_tan import A, B, C, Table

CLUBS = "♣A ♣2 ♣3 ♣4 ♣5 ♣6 ♣8 ♣9 ♣10 ♣J ♣Q ♣K"
CIA = "♠8 ♥7 " + CLUBS + " ♦2 ♦3 ♦4"  # 17 cards: ♠8 and ♥7 fit after ♠7
CIA_NOTHING = CLUBS + " ♦2 ♦3 ♦4 ♦5 ♦6"  # nothing fits after ♠7


def test_a_pass_with_a_fitting_card_in_the_hand_is_refused():
    t = Table(3)
    t.post("deal")
    t.play(B, "♠7")
    t.post("hand", seat=C, cards=CIA)
    error = t.refuse("must_play_if_able", "pass", seat=C)
    assert error.rule == "Fan tan — Spelet" and error.private_to == C
    assert error.params["holds"] in ("♠8", "♥7")
    assert "♠8" not in error.public_messages["en"] + error.public_messages["sv"]
    t.refuse("not_in_hand", "play", seat=C, card="♠6")
    t.play(C, "♠8")


def test_a_pass_with_nothing_that_fits_is_accepted():
    t = Table(3)
    t.post("deal")
    t.play(B, "♠7")
    t.post("hand", seat=C, cards=CIA_NOTHING)
    t.passes(C)


def test_a_player_with_a_seven_cannot_be_passed_over_by_a_later_first_seven():
    t = Table(3)
    t.post("deal")
    t.post("hand", seat=C, cards=CIA)
    error = t.refuse("must_play_if_able", "play", seat=A, card="♦7")  # Bo, Cia "passed"
    assert error.private_to == C and error.params["holds"] == "♥7"


def test_a_hand_proves_an_earlier_pass_false_privately():
    t = Table(3)
    t.post("deal")
    t.play(B, "♠7")
    t.passes(C)  # no hand: accepted
    assert fan_tan.findings(t.state) == ()
    t.post("hand", seat=C, cards=CIA)
    finding, = fan_tan.findings(t.state)
    assert finding.code == "passed_while_able" and finding.private_to == C
    assert "♠8" not in finding.public_sv + finding.public_en


def test_hand_entries_that_contradict_the_table_are_refused():
    t = Table(3)
    t.post("deal")
    t.play(B, "♠7")
    t.refuse("card_already_played", "hand", seat=C, cards="♠7 ♥7 " + CLUBS + " ♦2 ♦3 ♦4")
    t.refuse("hand_size", "hand", seat=C, cards=CLUBS)
    t.post("hand", seat=C, cards=CIA)
    held = t.refuse("card_held_by_other", "hand", seat=A, cards=CIA)
    assert held.private_to == C
    t.refuse("hand_already_entered", "hand", seat=C, cards=CIA)


def test_legal_cards_are_sealed_for_the_seat_and_the_deal_ends():
    t = Table(3)
    t.post("deal")
    t.play(B, "♠7")
    t.post("hand", seat=C, cards=CIA)
    play = next(i for i in fan_tan.expected(t.state).inputs if i.type == "play")
    assert play.fields["legal"]["$sealed"] == C
    assert sorted(play.fields["legal"]["cards"]) == ["♠8", "♥7"]
    assert fan_tan.deal_in_progress(t.state) == 1
