"""Hungarian four-handed Schnapsen scenario tests, written from rule file 001, 4 人版.

Every number in the text is a test: 4 nines added (24 cards, worth 0, below the jack), three
cards at a time, the caller looks at 3 cards, 6 tricks, 10 for the last trick, 66, 33 → 1,
below 32 (our reading: 32 too) → 2, no trick → 3, a wrong claim 2 or 3, each per player.

Seats clockwise: Anna 0, Bo 1, Cia 2, Dan 3. Play and the deal go counter-clockwise: with
Anna dealing, Dan (her right-hand neighbour) calls and leads, then Cia, Bo, Anna.
The three played-out hands below were found with the random playout of
``test_schnapsen4_playouts`` and are checked here trick by trick.
"""

from __future__ import annotations

import json

import pytest

from rules_engine.cards import SCHNAPSEN24, Card
from rules_engine.errors import EventFormatError, RuleViolation
from rules_engine.games import schnapsen4, schnapsen_family as family
from rules_engine.registry import catalog_entry, get_game
from rules_engine.table_log import apply_game_event, replay
from tests.engine_table import EngineTable

A, B, C, D = 0, 1, 2, 3
NAMES = ("Anna", "Bo", "Cia", "Dan")


class Table(EngineTable):
    def __init__(self, first_dealer: int = A, **options):
        super().__init__("schnapsen4", NAMES, first_dealer, **options)

    def tricks(self, *tricks: str):
        for cards in tricks:
            self.post("trick", cards=cards)
        return self.state

    @property
    def hand(self):
        return self.state.hand

    def settler(self):
        return schnapsen4.describe(self.state)["settler"]

    def last(self):
        return self.state.last.outcome

    def replays(self):
        assert replay(self.setup, self.entries) == self.state


def called(card: str = "♥A", first_dealer: int = A) -> Table:
    t = Table(first_dealer)
    caller = (first_dealer - 1) % 4
    t.post("call", seat=caller, card=card)
    return t


# Found by the playout: Anna deals, Dan calls ♥Q (Cia holds it): Cia & Dan against Anna & Bo.
TIE = ("♣Q ♣J ♣K ♣A", "♠9 ♠J ♠K ♠A", "♥K ♥10 ♥A ♥Q", "♦10 ♦K ♦Q ♦A", "♦J ♥9 ♦9 ♠Q",
       "♣10 ♥J ♣9 ♠10")
# Bo deals, Anna calls ♥A and holds it herself: one against three.
ALONE_32 = ("♣Q ♣K ♣J ♣10", "♦Q ♦A ♦K ♥10", "♥9 ♥J ♥A ♦J", "♦10 ♣A ♥Q ♦9", "♠A ♠K ♠10 ♠J",
            "♠Q ♣9 ♥K ♠9")
# Cia deals, Bo calls ♦10 (Dan holds it): Bo & Dan against Anna & Cia.
PAIR_33 = ("♥J ♥Q ♥9 ♥K", "♦K ♦Q ♦A ♦10", "♣Q ♣J ♣K ♣A", "♦9 ♠A ♦J ♣9", "♠J ♠K ♠9 ♥A",
           "♣10 ♠Q ♥10 ♠10")


def test_the_deck_catalog_and_labels():
    assert len(SCHNAPSEN24) == 24 and SCHNAPSEN24.rank_order[0] == "9"
    assert family.CARD_POINTS["9"] == 0
    assert get_game("schnapsen4") is schnapsen4 and get_game("snapszer") is schnapsen4
    entry = catalog_entry(schnapsen4)
    json.dumps(entry)
    assert entry["players"] == {"min": 4, "max": 4}
    assert set(entry["events"]) == {"call", "marriage", "play", "trick", "claim", "result",
                                    "hand"}
    assert entry["events"]["claim"]["optional"] == {"partner": "seat"}
    assert entry["events"]["result"]["required"] == {"winners": "seats", "game_points": "int"}
    assert set(schnapsen4.LABELS["events"]) == set(schnapsen4.EVENTS)
    assert [r["ref"] for r in entry["rules"]] == [
        "Schnapsen för fyra — Given och ropet", "Schnapsen för fyra — Sticken",
        "Schnapsen för fyra — Poängen"]
    with pytest.raises(RuleViolation):
        schnapsen4.new(("Anna", "Bo"))


def test_the_dealers_right_hand_neighbour_calls_and_leads():
    t = Table()
    exp = schnapsen4.expected(t.state)
    assert exp.phase == "deal" and exp.seat == D
    assert [i.type for i in exp.inputs] == ["call", "result"]
    t.refuse("not_caller", "call", seat=B, card="♥A")
    with pytest.raises(EventFormatError):  # no talon, no trump card turned
        apply_game_event(t.setup, t.state, {"type": "deal", "trump": "♥A"})
    t.post("call", seat=D, card="♥A")
    hand = t.hand
    assert hand.trump == "♥" and hand.called == Card("♥", "A") and hand.caller == D
    assert hand.in_hand == 6 and hand.partner is None
    assert schnapsen4.expected(t.state).seat == D
    t.refuse("not_your_turn", "play", seat=A, card="♠A")  # counter-clockwise: Dan, Cia, ...
    t.post("play", seat=D, card="♠A")
    t.refuse("not_your_turn", "play", seat=A, card="♠9")
    t.post("play", seat=C, card="♠9")
    assert schnapsen4.expected(t.state).seat == B
    with pytest.raises(EventFormatError):
        apply_game_event(t.setup, t.state, {"type": "exchange", "seat": D})


def test_the_partner_is_secret_until_the_called_card_is_played():
    t = called("♥A")
    t.post("trick", cards="♠A ♠9 ♠J ♠K")  # Dan wins
    described = schnapsen4.describe(t.state)
    assert described["hand"]["partner"] is None
    assert all(c["right"] is None for c in described["settler"]["claims"])
    t.post("trick", cards="♥9 ♥J ♥A ♥10")  # Bo heads with the called ace
    assert t.hand.partner == B
    assert family.sides_of(schnapsen4.VARIANT, t.hand) == ((B, D), (A, C))
    assert schnapsen4.describe(t.state)["hand"]["partner"] == B
    assert all(c["right"] is False for c in t.settler()["claims"])


def test_a_called_card_in_the_callers_own_hand_is_one_against_three():
    t = called("♥A")
    t.post("trick", cards="♥A ♥9 ♥J ♥10")
    assert t.hand.partner == D
    assert family.sides_of(schnapsen4.VARIANT, t.hand) == ((D,), (A, B, C))


def test_follow_trump_and_head_with_known_cards():
    t = called("♥A")
    t.post("marriage", seat=D, card="♠K")  # Dan shows ♠Q: 20, pending (no trick yet)
    t.post("trick", cards="♠A ♠9 ♠J")  # Cia heads and wins
    assert t.hand.marriages[0].points == 20
    t.post("play", seat=C, card="♠10")
    t.post("play", seat=B, card="♥9")  # Bo: no spades, trumps
    t.post("play", seat=A, card="♥J")  # Anna overtrumps
    err = t.refuse("must_follow", "play", seat=D, card="♦A")
    assert err.params["holds"] == "♠Q"
    t.post("play", seat=D, card="♠Q")


def test_must_head_a_trump_when_a_higher_trump_is_known():
    t = called("♣A")
    t.post("marriage", seat=D, card="♣Q")  # the trump marriage: 40, shows ♣K
    t.post("trick", cards="♣A ♣10 ♦9")  # Cia heads with the called ace; Bo keeps ♣J
    assert t.hand.partner == C and t.hand.marriages[0].points == 40
    t.post("play", seat=C, card="♦A")
    t.post("play", seat=B, card="♣J")  # Bo trumps
    t.post("play", seat=A, card="♦K")
    # Dan: with a diamond he must follow; without, trump and beat ♣J — ♣K is known.
    err = t.refuse("must_head", "play", seat=D, card="♣9")
    assert err.params["holds"] == "♣K"
    t.refuse("must_trump", "play", seat=D, card="♠9")
    t.post("play", seat=D, card="♣K")
    assert t.hand.won_tricks[D] == 1


def test_a_breach_proven_later_is_a_finding():
    t = called("♥A")
    t.post("trick", cards="♠A ♠9 ♦J ♠J")  # Bo plays ♦J on spades ...
    t.post("trick", cards="♠10 ♠K ♠Q ♣9")  # Dan leads again; Bo shows ♠Q
    (finding,) = schnapsen4.findings(t.state)
    assert finding.seat == B and finding.code == "duty_breach"
    assert finding.params == {"duty": "follow", "breach_trick": 1, "breach_card": "♦J",
                              "proof_trick": 2, "proof_card": "♠Q"}
    assert finding.rule == "Schnapsen för fyra — Sticken"


# --- marriages -------------------------------------------------------------------------------
def test_the_first_leaders_marriage_counts_when_he_himself_wins_a_trick():
    t = called("♥A")
    t.post("marriage", seat=D, card="♥K")  # 40 in trumps, Dan has no trick
    t.post("trick", cards="♥A ♥9 ♥J")  # Cia's ace: Cia is Dan's partner and wins
    assert t.hand.partner == C
    described = schnapsen4.describe(t.state)
    assert described["hand"]["points"][D] == 0
    assert t.settler()["claims"][D]["pending"] == 40  # a partner's trick does not count
    t.post("trick", cards="♠9 ♠J ♠10 ♠A")  # Cia leads, Dan wins with ♠A
    assert schnapsen4.describe(t.state)["hand"]["points"][D] == 0 + 2 + 10 + 11 + 40


# --- the claim, per side --------------------------------------------------------------------
def test_a_claim_before_the_called_card_is_played_names_the_partner():
    t = called("♥A")
    t.tricks("♠A ♠9 ♠J ♠K", "♦A ♦9 ♦J ♦K", "♣A ♣9 ♣J ♣K")  # Dan 17 × 3 = 51
    err = t.refuse("partner_required", "claim", seat=D)
    assert err.params == {"called": "♥A"}
    assert next(i for i in schnapsen4.expected(t.state).inputs
                if i.type == "claim").fields == {"partner": "required"}
    t.post("claim", seat=D, partner=B)  # Dan & Bo: 51 — wrong
    outcome = t.last()
    assert outcome.how == "wrong_claim" and outcome.winners == (A, C)
    assert outcome.game_points == 3  # Anna & Cia have no trick: 3 each
    assert t.state.totals == (4, 7, 4, 7)
    assert t.state.rows[-1].changes == (-3, None, -3, None)


def test_a_wrong_claim_gives_each_player_of_the_other_side_2_when_it_has_a_trick():
    t = called("♥A")
    t.post("trick", cards="♠A ♠9 ♠J ♠K")  # Dan 17
    t.post("trick", cards="♦9 ♦A ♦J ♦K")  # Cia heads: a trick for Anna & Cia
    exp = schnapsen4.expected(t.state)
    assert "Called card: ♥A" in exp.prompt_en and t.settler()["called"] == "♥A"
    t.post("claim", seat=D, partner=B)
    outcome = t.last()
    assert (outcome.how, outcome.winners, outcome.game_points) == ("wrong_claim", (A, C), 2)
    assert t.state.totals == (5, 7, 5, 7)


def test_a_right_claim_scores_each_player_of_the_side():
    t = called("♥A")
    t.tricks("♠A ♠9 ♠J ♠K", "♦A ♦9 ♦J ♦K", "♣A ♣9 ♣J ♣K")
    t.post("trick", cards="♠10 ♠Q ♥A ♥9")  # Bo trumps with the called ace: 34
    assert t.hand.partner == B
    t.refuse("wrong_partner", "claim", seat=D, partner=C)
    t.post("claim", seat=B)
    outcome = t.last()
    assert (outcome.how, outcome.winners, outcome.game_points) == ("claim", (B, D), 3)
    assert t.state.totals == (7, 4, 7, 4)


def test_a_claim_shows_the_partner_and_proves_his_revoke():
    t = called("♥A")
    t.post("trick", cards="♥9 ♥J ♦9 ♥10")  # Bo plays ♦9 on hearts ...
    t.post("claim", seat=C, partner=B)  # ... but holds ♥A: shown at the claim
    (finding,) = schnapsen4.findings(t.state)
    assert finding.seat == B and finding.params["breach_trick"] == 1
    assert finding.params["proof_card"] == "♥A" and "claim" in finding.en


def test_a_tie_after_the_last_trick_goes_to_the_side_that_took_it():
    t = called("♥Q")
    t.tricks(*TIE)
    outcome = t.last()
    assert t.state.last.partner == C
    assert outcome.points is not None
    sides = ((C, D), (A, B))
    totals = [sum(outcome.points[s] for s in side) for side in sides]
    assert totals == [65, 65] and sum(outcome.points) == 130  # 120 + 10 for the last trick
    assert (outcome.how, outcome.winners) == ("more_points", (C, D))
    assert outcome.game_points == 1
    t.replays()


def test_the_side_with_more_points_wins_and_32_scores_2():
    t = called("♥A", first_dealer=B)  # Anna calls and holds ♥A: alone
    t.tricks(*ALONE_32)
    outcome = t.last()
    assert t.state.last.partner == A
    assert outcome.points[A] == 32 and sum(outcome.points) == 130
    # The others win; Anna has 32 and a trick: 2 each for Bo, Cia and Dan.
    assert (outcome.how, outcome.winners, outcome.game_points) == ("more_points", (B, C, D), 2)
    assert t.state.totals == (7, 5, 5, 5)


def test_33_scores_1():
    t = called("♦10", first_dealer=C)
    t.tricks(*PAIR_33)
    outcome = t.last()
    assert t.state.last.partner == D
    assert outcome.points[B] + outcome.points[D] == 33  # the callers lose with 33
    assert (outcome.winners, outcome.game_points) == ((A, C), 1)
    assert t.state.totals == (6, 7, 6, 7)


# --- the Bummerl per player, the deal counter-clockwise, quick entry ----------------------------
def test_each_player_counts_down_from_7_and_the_deal_goes_counter_clockwise():
    t = Table(match_bummerl=2)
    assert schnapsen4.expected(t.state).seat == D  # Anna deals, Dan calls
    t.post("result", winners=[C, D], game_points=3)  # Dan called, Cia was his partner
    assert t.state.dealer == D and schnapsen4.expected(t.state).seat == C
    t.post("result", winners=[C], game_points=3)  # Cia called and played alone
    assert t.state.totals == (7, 7, 1, 4)
    assert t.state.dealer == C and schnapsen4.expected(t.state).seat == B
    t.post("result", winners=[A, C, D], game_points=1)  # against Bo alone: Cia reaches 0
    rows = t.state.rows
    assert rows[-2].totals == (6, 7, 0, 3)
    assert rows[-1].kind == "bummerl" and rows[-1].marks == ("bummerl", "bummerl", "", "bummerl")
    assert "Anna & Bo & Dan get the Bummerl" in rows[-1].label_en
    assert t.state.bummerl_lost == (1, 1, 0, 1) and t.state.totals == (7, 7, 7, 7)
    assert not schnapsen4.is_over(t.state) and t.state.dealer == B  # Cia, then Bo


def test_quick_entry_names_a_side():
    t = Table()  # Dan calls
    t.refuse("result_sides", "result", winners=[A], game_points=1)  # one alone: the caller
    t.refuse("result_sides", "result", winners=[A, B, D], game_points=1)
    t.refuse("result_sides", "result", winners=[], game_points=1)
    t.refuse("result_sides", "result", winners=[A, B, C, D], game_points=1)
    t.refuse("game_points_mismatch", "result", winners=[A, B], game_points=2, loser_points=40,
             loser_tricks=3)
    t.post("result", winners=[A, B, C], game_points=2, how="more_points", loser_points=30,
           loser_tricks=2)
    assert t.state.totals == (5, 5, 5, 7)


def test_quick_entry_consistency_per_side():
    """Issue 15, item 6: a side with points has a trick (so not 3); a side that claimed
    wrongly had less than 66."""
    t = Table()
    t.refuse("points_mean_a_trick", "result", winners=[A, B], game_points=3, loser_points=10)
    t.refuse("wrong_claim_with_66", "result", winners=[A, B], game_points=2,
             how="wrong_claim", loser_points=66)
    t.post("result", winners=[A, B], game_points=2, how="wrong_claim", loser_points=50)


def test_english_outcomes_of_a_side_and_of_one_alone():
    """Issue 15, item 7: a side of two "win", one alone "wins"; 1 game point."""
    t = Table()
    t.post("result", winners=[A, B], game_points=1)
    assert t.state.last.outcome.en == "Quick entry: Anna & Bo win 1 game point."
    t.post("result", winners=[C], game_points=2)  # Cia calls (Bo deals) and plays alone
    assert t.state.last.outcome.en == "Quick entry: Cia wins 2 game points."
