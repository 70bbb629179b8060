"""Norrandsknack with hands entered: every duty of "Spelet av korten" checked at once.

The text: the first leader holding the trump ace must lead it; players must follow suit if
they can; under *trumfmant* the leader must lead a trump if he can (without a hand the app
proves a missed trump lead later and writes the limpa, test_norrandsknack.py). With the
hand entered after the buying, each is refused when it arrives, citing "Norrandsknack —
Spelet av korten". The hand, and the cards a player names when he lays them away, are
private to his seat until the deal is over.

Three players; Anna deals, Bo (forehand) knocks and leads.
"""

from __future__ import annotations

import json

from rules_engine.games import norrandsknack as nk
from rules_engine.secrets import SEALED, reveal
from tests.games.test_norrandsknack import A, B, C, K, Table, _first_deal_in_play, \
    at_four_one_ten

RULE = "Norrandsknack — Spelet av korten"


def test_the_first_leader_with_the_trump_ace_must_lead_it():
    t = _first_deal_in_play("♥7")
    t.post("hand", seat=B, cards="♥A ♠K ♠Q ♦2 ♣5")
    error = t.refuse("must_lead_trump_ace", "play", seat=B, card="♠K")
    assert error.rule == RULE and error.private_to == B
    assert "♥A" not in error.public_messages["sv"] + error.public_messages["en"]
    t.post("play", seat=B, card="♥A")


def test_follow_suit_is_refused_at_once():
    t = _first_deal_in_play("♥7")
    t.post("hand", seat=C, cards="♠2 ♦3 ♦4 ♣6 ♣7")
    t.post("play", seat=B, card="♠K")
    error = t.refuse("must_follow", "play", seat=C, card="♦3")
    assert error.rule == RULE and error.private_to == C and error.params["holds"] == "♠2"
    t.refuse("not_in_hand", "play", seat=C, card="♠3")
    t.post("play", seat=C, card="♠2")


def test_trumfmant_with_a_hand_entered_refuses_the_non_trump_lead():
    t = at_four_one_ten()  # Bo at 1 knocks: trumfmant
    t.deal("♥7")
    t.bids({B: K})
    t.buys()
    t.post("hand", seat=B, cards="♠4 ♥3 ♦9 ♣9 ♣10")
    error = t.refuse("must_lead_trump", "play", seat=B, card="♠4")
    assert error.rule == RULE and error.private_to == B
    assert "♥3" not in error.public_messages["en"]
    t.post("play", seat=B, card="♥3")
    assert t.findings() == ()


def test_without_a_hand_the_old_proof_later_stays():
    t = _first_deal_in_play("♥7")
    t.tricks("♠K ♠2 ♠3")  # Bo may not hold ♥A: accepted
    assert t.findings() == ()


def test_a_hand_is_entered_after_the_buying_and_must_fit_the_table():
    t = Table(3)
    t.deal("♥7")
    t.bids({B: K})
    t.refuse("hand_not_yet", "hand", seat=B, cards="♥A ♠K ♠Q ♦2 ♣5")
    t.post("buy", seat=B, discard=1, cards="♠2")
    t.post("buy", seat=C, discard=0)
    t.post("buy", seat=A, discard=1)
    laid = t.refuse("card_laid_away", "hand", seat=C, cards="♠2 ♦3 ♦4 ♣6 ♣7")
    assert laid.private_to == B and "Bo" not in laid.public_messages["en"]
    t.refuse("card_is_dealers", "hand", seat=C, cards="♥7 ♦3 ♦4 ♣6 ♣7")
    t.refuse("hand_size", "hand", seat=C, cards="♦3 ♦4 ♣6 ♣7")
    t.post("hand", seat=C, cards="♠3 ♦3 ♦4 ♣6 ♣7")
    held = t.refuse("card_held_by_other", "play", seat=B, card="♠3")
    assert held.private_to == C
    t.refuse("hand_already_entered", "hand", seat=C, cards="♠3 ♦3 ♦4 ♣6 ♣7")


def test_laid_away_cards_and_hands_are_sealed_and_open_after_the_deal():
    t = Table(3)
    t.deal("♥7")
    t.bids({B: K})
    t.post("buy", seat=B, discard=1, cards="♠2")
    t.buys()
    assert nk.deal_in_progress(t.state) == 1
    t.post("hand", seat=C, cards="♠3 ♦3 ♦4 ♣6 ♣7")
    described = nk.describe(t.state)
    assert described["deal"]["laid_away"] == [{SEALED: B, "cards": ["♠2"]}]
    public = json.dumps(reveal(described, lambda seat: False), ensure_ascii=False)
    assert "♠2" not in public and "♦4" not in public
    play = next(i for i in nk.expected(t.state).inputs if i.type == "play")
    assert "legal" not in play.fields  # Bo's hand is not entered
    t.post("play", seat=B, card="♠K")
    play = next(i for i in nk.expected(t.state).inputs if i.type == "play")
    assert play.fields["legal"] == {SEALED: C, "cards": ["♠3"]}
    t.tricks("♠3 ♠4", "♠A ♦3 ♠5", "♠Q ♦4 ♠7", "♠J ♣6 ♠8", "♠10 ♣7 ♠9")  # Bo takes all
    assert nk.deal_in_progress(t.state) is None
