"""What the table has seen, and revokes proven later (rules_engine.knowledge)."""

from __future__ import annotations

import pytest

from rules_engine.cards import Card, parse_card
from rules_engine.errors import RuleViolation
from rules_engine.knowledge import Knowledge
from rules_engine.tricks import Play

PLAYERS = ("Anna", "Bo", "Cia")
RULE = "Test — Spelet"


def see(knowledge: Knowledge, trick: int, led: str | None, seat: int, card: str) -> Knowledge:
    return knowledge.record(trick, led, Play(seat, parse_card(card)), RULE, PLAYERS)


def test_a_card_played_twice_is_refused_with_where_it_was_played():
    k = see(Knowledge(), 1, None, 0, "♠A")
    k = see(k, 1, "♠", 1, "♠2")
    with pytest.raises(RuleViolation) as info:
        k.check_unplayed(Card("♠", "2"), RULE)
    assert info.value.code == "card_already_played"
    assert info.value.params == {"card": "♠2", "trick": 1, "seat": 1}
    assert info.value.rule == RULE
    k.check_unplayed(Card("♠", "3"), RULE)  # not played: fine
    assert k.where_played(Card("♠", "A")).seat == 0
    assert k.where_played(Card("♥", "A")) is None


def test_multiset_decks_allow_copies():
    k = see(Knowledge(), 1, None, 0, "♠A")
    k.check_unplayed(Card("♠", "A"), RULE, copies=2)
    k = see(k, 1, "♠", 1, "♠A")
    with pytest.raises(RuleViolation):
        k.check_unplayed(Card("♠", "A"), RULE, copies=2)


def test_revoke_is_proven_when_the_suit_shows_up_later():
    k = Knowledge()
    k = see(k, 3, None, 0, "♥K")
    k = see(k, 3, "♥", 1, "♣2")  # Bo does not follow hearts
    assert k.findings == ()  # maybe he has none
    k = see(k, 3, "♥", 2, "♥3")
    k = see(k, 7, None, 2, "♦A")
    k = see(k, 7, "♦", 1, "♠4")  # another discard shows no heart either
    assert k.findings == ()
    k = see(k, 8, None, 1, "♥9")  # Bo leads a heart: he had one in trick 3
    (finding,) = k.findings
    assert finding.code == "revoke_proven" and finding.seat == 1 and finding.rule == RULE
    assert finding.params == {"suit": "♥", "revoke_trick": 3, "revoke_card": "♣2",
                              "proof_trick": 8, "proof_card": "♥9"}
    assert "Bo" in finding.en and "trick 3" in finding.en and "trick 8" in finding.en
    assert "stick 3" in finding.sv and "stick 8" in finding.sv
    assert finding.as_dict()["details"]["proof_trick"] == 8


def test_following_suit_and_leading_show_no_void():
    k = Knowledge()
    k = see(k, 1, None, 0, "♠A")
    k = see(k, 1, "♠", 1, "♠2")
    k = see(k, 2, None, 1, "♥2")
    k = see(k, 2, "♥", 0, "♥3")
    assert k.voids == () and k.findings == ()


def test_one_finding_per_proven_void_and_a_new_void_after_it():
    k = Knowledge()
    k = see(k, 1, "♥", 1, "♣2")
    k = see(k, 2, "♥", 1, "♣3")  # same void, already known
    assert len(k.voids) == 1 and k.voids[0].trick == 1
    k = see(k, 3, None, 1, "♥5")
    assert len(k.findings) == 1 and k.findings[0].params["revoke_trick"] == 1
    assert k.voids == ()
    k = see(k, 4, None, 1, "♥6")  # the proof is used up: no second finding
    assert len(k.findings) == 1
    k = see(k, 5, "♥", 1, "♣4")  # a new revoke ...
    k = see(k, 6, "♠", 1, "♥7")  # ... proven by a heart discarded on spades
    assert len(k.findings) == 2
    assert k.findings[1].params["revoke_trick"] == 5
    assert k.findings[1].params["proof_trick"] == 6
    # and that discard on spades is itself a void in spades
    assert [(v.seat, v.suit, v.trick) for v in k.voids] == [(1, "♠", 6)]


def test_voids_are_per_seat_and_suit():
    k = Knowledge()
    k = see(k, 1, "♥", 1, "♣2")
    k = see(k, 1, "♥", 2, "♦2")
    k = see(k, 2, None, 2, "♥3")  # Cia proves her own revoke, not Bo's
    assert [f.seat for f in k.findings] == [2]
    k = see(k, 3, None, 1, "♦4")  # Bo plays diamonds: his void was hearts
    assert [f.seat for f in k.findings] == [2]


def test_knowledge_is_immutable():
    k0 = Knowledge()
    k1 = see(k0, 1, "♥", 1, "♣2")
    assert k0 == Knowledge() and k0.seen == () and k0.voids == ()
    k2 = see(k1, 2, None, 1, "♥2")
    assert k1.findings == () and len(k2.findings) == 1
