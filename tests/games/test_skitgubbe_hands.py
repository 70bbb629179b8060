"""Skitgubbe: a hand a player enters in phase two is his secret until the game is over.

Phase two's duties (Skitgubbe — Andra fasen): follow suit if able, trump only when void;
with överstickstvång beat when able. The app already refuses at once what the cards it
*knows* prove (the cards every player took up are public knowledge). A player may enter
his hand (``hand``): then the unknown cards are known too — to him and the app, not to the
table — and a refusal or finding that rests on them says what is wrong without the card.

The table: phase one leaves A one unknown card (♣5), C two (♦3 ♠7); B holds ♣2 ♦9 ♥A ♥2
(public: he won them); trumps are spades (♠2 turned). A leads phase two.
"""

from __future__ import annotations

import json

from rules_engine.games import skitgubbe as sk
from rules_engine.secrets import SEALED, reveal
from tests.games.test_skitgubbe import A, B, C, two_unknown_table


def entered():
    table = two_unknown_table("♣5", "♦3 ♠7", "♣2 ♦9 ♥A ♥2")
    assert sk.deal_in_progress(table.state) == 1
    table.post("hand", seat=C, cards="♦3 ♠7")
    return table


def test_trumping_while_the_entered_hand_holds_the_led_suit_is_refused_privately():
    table = entered()
    table.play("♦5")  # A
    table.play("♦9")  # B
    error = table.refuse("must_follow_suit", "play", seat=C, card="♠7")
    assert error.private_to == C and error.params["holding"] == ["♦3"]
    assert "♦3" not in error.public_messages["sv"] + error.public_messages["en"]
    table.supa()  # C cannot beat ♦9 with ♦3 and may not trump: he takes up


def test_a_card_of_an_entered_hand_cannot_be_played_by_another_and_it_is_not_said_whose():
    table = entered()
    error = table.refuse("card_in_other_hand", "play", seat=A, card="♠7")
    assert error.private_to == C and "C" not in error.public_messages["en"].split()


def test_describe_seals_the_entered_cards_and_what_they_let_the_app_infer():
    table = entered()
    deal = sk.describe(table.state)["deal"]
    assert deal["entered"][C] == {SEALED: C, "cards": ["♠7", "♦3"]}
    # Only A has unknown cards left: ♣5 is his — inferred with C's secret, so sealed for A.
    assert deal["entered"][A] == {SEALED: A, "cards": ["♣5"]}
    assert deal["unknown"] == [1, 0, 2]  # as the table knows it
    public = json.dumps(reveal(deal, lambda seat: False), ensure_ascii=False)
    assert "♦3" not in public and "♠7" not in public and "♣5" not in public
    hint = next(i for i in sk.expected(table.state).inputs if i.type == "play")
    assert "♠7" in hint.fields["card"]  # the public hint does not leave C's cards out


def test_a_finding_proven_by_an_entered_hand_is_private():
    table = two_unknown_table("♣5", "♦3 ♠7", "♣2 ♦9 ♥A ♥2")
    table.play("♦5")
    table.play("♦9")
    table.play("♠7")  # C trumps: accepted, nothing is known of his hand
    table.post("hand", seat=C, cards="♦3")
    finding, = sk.findings(table.state)
    assert finding.code == "revoke_proven" and finding.private_to == C
    assert "♦3" not in finding.public_sv + finding.public_en


def test_without_an_entered_hand_the_old_proof_later_stays():
    table = two_unknown_table("♣5", "♦3 ♠7", "♣2 ♦9 ♥A ♥2")
    table.play("♦5")
    table.play("♦9")
    table.play("♠7")  # accepted
    assert sk.findings(table.state) == ()
