"""Priffe scenario tests, written from the rule text (file 002, "Priffe regler") and the sits
rotation in the rules README.

Every number in the text is a test here (the test names say which):

- "Antal spelare: 4", "Antal kort: 52", "13 kort till var och en";
- the draw: "lägsta kortet väljer stol först (härvid räknas esset som lägsta kort)", the
  second lowest his partner opposite, the lowest deals first;
- "ett enda varv medsols", "högre än det närmast föregående", the six bids in their order,
  spader and klöver "bara ... någon av de två första spelarna", never final, tvångsnoll;
- "Förhand har första utspel vid alla bud utom preference ... spelaren till höger";
- "10 poäng per trick", "Nio stick ger alltså 30 poäng", "20 poäng per strafftrick", "bolag B
  vann given genom att ta hem åtta stick, får bolag B 40 poäng", noll "sex stick ... 10 poäng,
  ... fem ... 20 poäng", "Vid tvångsnoll förekommer dock inga strafftrick", slams 10 and 20,
  penalty slams 20 and 40, honours 50 / 40 / 30;
- utgång at "30 eller fler trickpoäng", honours not toward it, "börjar bägge bolagen om på
  noll", "andra utgång ... vunnit en sits", "tre sitsar", "flest poäng totalt";
- the simpler variant: a number of deals, or "100 poäng under strecket";
- the old variant: "spader fick man 2 poäng, i klöver 3, i ruter 4 och i hjärter 5 ... I
  nollissimo ... 6 ... preference hela 8", penalty tricks double, honours as "två trick" and
  "fyra trick", slams 10 and 20, utgång at 20, bonuses 10 and 20.

Everything goes through real events and the table log. Every refusal checks its code, its
rule, and that the state it was tried on is unchanged.
"""

from __future__ import annotations

import json
import random

import pytest

from rules_engine.cards import FRENCH52, SUITS, Card
from rules_engine.errors import RuleViolation
from rules_engine.games import priffe, whist_play
from rules_engine.registry import GAMES, catalog_entry, get_game
from rules_engine.table_log import apply_entry, replay
from tests.engine_table import EngineTable
from tests.game_checks import (check_labels, check_rows_add_up, check_rules_page,
                                check_sheet_exports)

NAMES = ("Anna", "Bo", "Cia", "Dan")
A, B, C, D = 0, 1, 2, 3  # seats clockwise; Anna & Cia against Bo & Dan until told otherwise
P = "pass"
NO_HONOURS = [1, 1, 1, 1]  # one honour each: nothing scores


class Table(EngineTable):
    rule_prefix = "Priffe — "

    def __init__(self, first_dealer: int = A, **options):
        super().__init__("priffe", NAMES, first_dealer, **options)

    def bids(self, *words):
        """Bids in the order the engine asks for them."""
        for word in words:
            self.post("bid", seat=self.expected().seat, bid=word)
        return self.state

    def quick(self, bids, tricks, honours=NO_HONOURS):
        return self.post("result", bids=list(bids), tricks=list(tricks), honours=list(honours))

    def expected(self):
        return priffe.expected(self.state)

    def sheet(self):
        return priffe.sheet(self.state)

    def check_replay(self):
        assert replay(self.setup, self.entries) == self.state


def by_seat(**named):
    """Bids in player order from names: ``by_seat(Cia="hjarter")`` → the others pass."""
    out = [P] * 4
    for name, bid in named.items():
        out[NAMES.index(name)] = bid
    return out


def last_score(t: Table) -> priffe.DealScore:
    return t.state.last.score


# =====================================================================================
# Players, cards, the draw, the sits
# =====================================================================================
def test_antal_spelare_4_antal_kort_52():
    assert priffe.MIN_PLAYERS == priffe.MAX_PLAYERS == 4 and len(priffe.DECK) == 52
    with pytest.raises(RuleViolation) as info:
        priffe.new(NAMES[:3])
    assert info.value.code == "player_count" and info.value.rule == "Priffe — Dragning"
    with pytest.raises(RuleViolation):
        priffe.new(NAMES, first_dealer=-1)


def test_the_lowest_card_ace_lowest_deals_first_the_second_lowest_is_his_partner():
    t = Table()
    t.post("draw", cards=["♠K", "♥A", "♦5", "♣3"])  # Bo's ace is lowest, Dan's three next
    assert t.state.dealer == B and t.state.sides == ((A, C), (B, D))
    assert whist_play.opposite(t.state.seating, B) == D
    # A = Bo, C = Dan (his partner), B = Cia (the third lowest), D = Anna.
    assert priffe.describe(t.state)["letters"] == {"A": B, "B": C, "C": D, "D": A}
    assert t.expected().seat == C  # forehand: the dealer's left
    row = t.sheet().rows[-1]
    assert row.kind == "draw" and "Bo ger" in row.label_sv
    t.check_replay()


def test_the_draw_moves_players_to_sit_opposite_their_partner():
    t = Table()
    t.post("draw", cards=["♠2", "♥3", "♦K", "♣Q"])  # Anna and Bo the lowest: partners
    assert t.state.sides == ((A, B), (C, D)) and t.state.dealer == A
    # A = Anna, C = Bo, B = Dan (third lowest), D = Cia: clockwise A B C D is Anna Dan Bo Cia.
    assert t.state.seating == (A, D, B, C)


def test_draw_refusals():
    t = Table()
    t.refuse("draw_tie", "draw", cards=["♠2", "♥2", "♦K", "♣Q"])  # who deals first?
    t.refuse("draw_tie", "draw", cards=["♠2", "♥3", "♦3", "♣Q"])  # who partners whom?
    t.refuse("draw_size", "draw", cards=["♠2", "♥3"])
    t.refuse("card_repeated", "draw", cards=["♠2", "♠2", "♦3", "♣Q"])
    t.post("draw", cards=["♠2", "♥3", "♦K", "♣K"])  # the two highest may tie
    t.refuse("already_drawn", "draw", cards=["♠2", "♥3", "♦K", "♣Q"])
    t.bids(P)
    t.refuse("draw_not_now", "draw", cards=["♠2", "♥3", "♦K", "♣Q"])
    t.refuse("seating_not_now", "seating", order=[0, 1, 2, 3])


def test_seating_enters_the_real_orientation_and_the_first_dealer():
    t = Table()
    t.post("seating", order=[A, D, C, B], dealer=C)
    assert t.state.seating == (A, D, C, B) and t.state.dealer == C
    assert t.expected().seat == B  # Cia's left is Bo now
    t.refuse("partners_not_opposite", "seating", order=[A, B, D, C])


def _utgang(t: Table, side: int = 0, tricks: int = 9):
    """One deal in which ``side`` bids hjärter and makes ``tricks``: 30 with nine."""
    bidder = t.state.sides[side][0]
    bids = [P] * 4
    bids[bidder] = "hjarter"
    split = [13 - tricks] * 2
    split[side] = tricks
    t.quick(bids, split)


def test_two_utgangar_win_a_sits_and_the_players_change_places():
    t = Table()
    _utgang(t, 0)
    assert t.state.utgangar == (1, 0)
    _utgang(t, 0)
    assert t.state.sits == 2 and t.state.utgangar == (0, 0) and t.state.line == (0, 0)
    # Sits 2: A–B against C–D: Anna & Bo against Cia & Dan, clockwise Anna Cia Bo Dan.
    assert t.state.sides == ((A, B), (C, D)) and t.state.seating == (A, C, B, D)
    # The deal goes on: Cia would have dealt the third deal (Anna, Bo dealt before).
    assert t.state.dealer == C and t.expected().seat == B
    row = t.sheet().rows[-1]
    assert row.kind == "sits" and "sits 2: Anna & Bo mot Cia & Dan" in row.label_sv
    _utgang(t, 1)
    _utgang(t, 0)
    _utgang(t, 1)  # sits 2 to Cia & Dan
    assert t.state.sits == 3 and t.state.sides == ((A, D), (B, C))
    assert t.state.seating == (A, B, D, C)
    t.refuse("partners_not_opposite", "seating", order=[A, B, C, D])
    t.post("seating", order=[A, C, D, B])  # the other orientation
    _utgang(t, 0)
    _utgang(t, 0)
    assert priffe.is_over(t.state)
    assert [s.winner for s in t.state.sits_done] == [0, 1, 0]
    # Everyone partnered everyone once.
    assert [s.sides for s in t.state.sits_done] == [((A, C), (B, D)), ((A, B), (C, D)),
                                                   ((A, D), (B, C))]
    t.check_replay()


def test_after_three_sits_the_player_with_most_points_wins():
    t = Table()
    _utgang(t, 0)
    _utgang(t, 0)  # Anna & Cia 60 each
    _utgang(t, 0)
    _utgang(t, 0)  # Anna & Bo 60
    _utgang(t, 0)
    _utgang(t, 0)  # Anna & Dan 60
    assert t.state.totals == (180, 60, 60, 60)
    assert t.state.winners == (A,) and priffe.result(t.state)["winners"] == [A]
    assert t.sheet().winner == A and t.sheet().settlement is None
    t.refuse("not_expected", "bid", seat=B, bid=P)


def test_a_draw_names_the_letters_of_the_sits_schedule():
    t = Table()
    t.post("draw", cards=["♠K", "♥A", "♦5", "♣3"])  # A = Bo, B = Cia, C = Dan, D = Anna
    _utgang(t, 0)
    _utgang(t, 0)
    assert t.state.sides == ((A, D), (B, C))  # sits 2: A–B = Bo & Cia, C–D = Dan & Anna
    _utgang(t, 0)
    _utgang(t, 0)
    assert t.state.sides == ((A, B), (C, D))  # sits 3: A–D = Bo & Anna, B–C = Cia & Dan


# =====================================================================================
# Bidding
# =====================================================================================
def test_one_round_clockwise_from_forehand_each_higher_or_pass():
    t = Table(first_dealer=C)
    exp = t.expected()
    assert exp.phase == "bidding" and exp.seat == D
    assert exp.inputs[0].choices == (P, "klover", "spader", "ruter", "hjarter", "noll",
                                     "preference")
    t.bids("ruter")
    assert t.expected().inputs[0].choices == (P, "hjarter", "noll", "preference")
    t.refuse("bid_not_higher", "bid", seat=A, bid="ruter")
    t.refuse("not_your_turn", "bid", seat=B, bid="noll")
    t.refuse("bad_bid", "bid", seat=A, bid="grand")
    t.bids("hjarter", P, P)
    assert t.state.phase == "play"
    assert t.state.deal.contract == "hjarter" and t.state.deal.declarer == A
    assert t.state.deal.play.trump == "♥"
    assert t.expected().seat == D  # forehand leads
    t.refuse("not_expected", "bid", seat=D, bid=P)


def test_the_bids_in_order_high_to_low():
    assert sorted(priffe.BIDS, key=priffe.rank, reverse=True) == [
        "preference", "noll", "hjarter", "ruter", "spader", "klover"]
    assert [priffe.parse_bid(w) for w in ("priffe", "spel", "spelut", "nollissimo",
                                          "Hjärter", "stor invit", "liten invit")] == [
        "preference", "preference", "preference", "noll", "hjarter", "spader", "klover"]


def test_spader_and_klover_only_by_the_first_two_players():
    t = Table()
    t.bids("klover", "spader")  # Bo, Cia
    assert "spader" not in t.expected().inputs[0].choices
    t.refuse("bid_not_higher", "bid", seat=D, bid="klover")
    t2 = Table()
    t2.bids(P, P)
    t2.refuse("information_bid_too_late", "bid", seat=D, bid="spader")
    assert t2.expected().inputs[0].choices == (P, "ruter", "hjarter", "noll", "preference")


@pytest.mark.parametrize("bids", [(P, P, P, P), ("klover", P, P, P), ("spader", P, P, P),
                                  ("klover", "spader", P, P), (P, "spader", P, P)])
def test_no_final_bid_is_tvangsnoll(bids):
    t = Table()
    t.bids(*bids)
    deal = t.state.deal
    assert deal.contract == "tvangsnoll" and deal.declarer is None
    assert deal.play.trump is None and t.expected().seat == B  # forehand leads


def test_an_information_bid_followed_by_a_higher_real_bid():
    t = Table()
    t.bids("spader", P, "ruter", P)
    assert t.state.deal.contract == "ruter" and t.state.deal.declarer == D
    assert t.state.deal.play.trump == "♦"


@pytest.mark.parametrize("bidder, leader", [(B, A), (C, B), (D, C), (A, D)])
def test_after_preference_the_player_right_of_the_bidder_leads(bidder, leader):
    t = Table()  # Anna deals, Bo is forehand
    order = [B, C, D, A]
    t.bids(*("preference" if seat == bidder else P for seat in order))
    assert t.state.deal.contract == "preference" and t.state.deal.play.trump is None
    assert t.expected().seat == leader


@pytest.mark.parametrize("contract", ["noll", "hjarter", "ruter"])
def test_forehand_leads_every_other_contract(contract):
    t = Table()
    t.bids(P, P, contract, P)
    assert t.expected().seat == B
    assert t.state.deal.play.trump == {"noll": None, "hjarter": "♥", "ruter": "♦"}[contract]


# =====================================================================================
# Modern scoring
# =====================================================================================
def test_10_a_trick_over_six_nine_tricks_give_30():
    assert priffe.contract_score("hjarter", 9) == (True, 30, 0, 0, 0)
    t = Table()
    t.quick(by_seat(Cia="hjarter"), [9, 4])
    score = last_score(t)
    assert score.below == (30, 0) and score.made and t.state.totals == (30, 0, 30, 0)
    row = t.sheet().rows[-2]  # the deal, then its utgång
    assert row.changes == (30, None, 30, None) and row.marks == ("30", "0", "30", "0")
    assert "hjärter, 9 stick, hem" in row.label_sv


def test_failed_20_a_penalty_trick_bolag_b_took_eight_against_hearts_40():
    t = Table()
    t.quick(by_seat(Cia="hjarter"), [5, 8])  # bolag A (Anna & Cia) bid hearts
    score = last_score(t)
    assert score.made is False and score.penalty == (0, 40)
    assert t.state.totals == (0, 40, 0, 40)
    assert score.line == (0, 0) and t.state.line == (0, 0)  # above the line
    assert t.state.above == (0, 40, 0, 40)


def test_noll_six_tricks_10_five_20():
    assert priffe.contract_score("noll", 6)[:2] == (True, 10)
    assert priffe.contract_score("noll", 5)[:2] == (True, 20)
    t = Table()
    t.quick(by_seat(Bo="noll"), [7, 6])
    assert last_score(t).below == (0, 10)
    t.quick(by_seat(Bo="noll"), [8, 5])
    assert last_score(t).below == (0, 20) and t.state.line == (0, 0)
    assert t.state.utgangar == (0, 1)  # 10 + 20 = 30: utgång


def test_noll_failed_the_other_bolag_20_a_penalty_trick():
    t = Table()
    t.quick(by_seat(Bo="noll"), [5, 8])  # the noll bolag took eight
    assert last_score(t).made is False and last_score(t).penalty == (40, 0)


def test_no_penalty_tricks_in_tvangsnoll():
    t = Table()
    t.quick([P] * 4, [5, 8])
    score = last_score(t)
    assert score.contract == "tvangsnoll" and score.made is None
    assert score.below == (20, 0) and score.penalty == (0, 0)
    t.quick([P] * 4, [7, 6])
    assert last_score(t).below == (0, 10)


@pytest.mark.parametrize("contract, tricks, slam", [
    ("preference", 12, 10), ("preference", 13, 20), ("hjarter", 12, 10), ("ruter", 13, 20),
    ("noll", 1, 10), ("noll", 0, 20), ("preference", 11, 0), ("noll", 2, 0)])
def test_little_slam_10_grand_slam_20(contract, tricks, slam):
    t = Table()
    t.quick(by_seat(Anna=contract), [tricks, 13 - tricks])
    score = last_score(t)
    assert score.slams == (slam, 0)
    good = 13 - tricks if contract == "noll" else tricks
    assert score.below == (10 * (good - 6), 0)


@pytest.mark.parametrize("contract, tricks, slam", [
    ("hjarter", 1, 20), ("hjarter", 0, 40), ("preference", 0, 40), ("noll", 12, 20),
    ("noll", 13, 40), ("hjarter", 2, 0)])
def test_penalty_slams_20_and_40(contract, tricks, slam):
    t = Table()
    t.quick(by_seat(Anna=contract), [tricks, 13 - tricks])
    score = last_score(t)
    bad = 13 - tricks if contract != "noll" else tricks
    assert score.penalty == (0, 20 * (bad - 6)) and score.slams == (0, slam)


def test_option_tvangsnoll_slams():
    t = Table()
    t.quick([P] * 4, [0, 13])
    assert last_score(t).slams == (20, 0) and last_score(t).below == (70, 0)
    off = Table(tvangsnoll_slams=False)
    off.quick([P] * 4, [1, 12])
    assert last_score(off).slams == (0, 0) and last_score(off).below == (60, 0)


@pytest.mark.parametrize("held, points", [
    ([4, 0, 0, 0], (50, 0)), ([3, 0, 1, 0], (40, 0)), ([3, 1, 0, 0], (30, 0)),
    ([2, 0, 2, 0], (0, 0)), ([0, 3, 0, 1], (0, 40)), ([1, 3, 0, 0], (0, 30)),
    ([0, 0, 0, 4], (0, 50)), ([2, 1, 1, 0], (0, 0))])
def test_honours_50_40_30_by_how_they_lay(held, points):
    t = Table()
    t.quick(by_seat(Cia="hjarter"), [8, 5], held)
    assert last_score(t).honours == points
    assert t.state.above == (points[0], points[1], points[0], points[1])


def test_honours_never_count_toward_utgang():
    t = Table()
    t.quick(by_seat(Cia="hjarter"), [8, 5], [4, 0, 0, 0])  # 20 below, 50 above
    assert t.state.line == (20, 0) and t.state.utgangar == (0, 0)
    assert t.state.below == (20, 0, 20, 0) and t.state.above == (50, 0, 50, 0)
    t.quick(by_seat(Cia="hjarter"), [7, 6])  # 10 more: 30, utgång
    assert t.state.utgangar == (1, 0) and t.state.line == (0, 0)


def test_after_an_utgang_both_bolag_start_again_at_nought_below_the_line():
    t = Table()
    t.quick(by_seat(Bo="ruter"), [5, 8])  # Bo & Dan 20 below
    t.quick(by_seat(Cia="preference"), [9, 4])  # Anna & Cia 30: utgång
    assert t.state.line == (0, 0) and t.state.below == (30, 20, 30, 20)
    rows = t.sheet().rows
    assert rows[-1].kind == "utgang" and rows[-1].marks == ("|", "", "|", "")
    assert rows[-1].changes == (None,) * 4  # no bonus in the modern way


def test_option_penalty_below_line():
    t = Table(penalty_below_line=True)
    t.quick(by_seat(Cia="hjarter"), [5, 8])  # Bo & Dan 40 for penalty tricks: utgång
    assert t.state.utgangar == (0, 1) and t.state.below == (0, 40, 0, 40)


# =====================================================================================
# The simpler variant
# =====================================================================================
def test_simpler_variant_an_agreed_number_of_deals():
    t = Table(format="deals", deals=4)
    for _ in range(3):
        t.quick(by_seat(Cia="hjarter"), [9, 4])  # no utgång in this variant
    assert t.state.line == (90, 0) and t.state.utgangar == (0, 0) and t.state.sits == 1
    t.quick(by_seat(Bo="hjarter"), [4, 9])
    assert priffe.is_over(t.state) and t.state.winners == (A, C)


def test_simpler_variant_until_100_below_the_line():
    t = Table(format="target")
    assert t.state.options.target == priffe.SIMPLE_TARGET == 100
    t.quick(by_seat(Cia="preference"), [13, 0])  # 70 + 20 slam (above)
    assert not priffe.is_over(t.state) and t.state.line == (70, 0)
    t.quick(by_seat(Cia="preference"), [9, 4])  # 100 below the line
    assert priffe.is_over(t.state) and t.state.winners == (A, C)


def test_simpler_variant_a_draw_when_equal():
    t = Table(format="deals", deals=4)
    t.quick(by_seat(Cia="hjarter"), [9, 4])
    t.quick(by_seat(Bo="hjarter"), [4, 9])
    t.quick(by_seat(Cia="ruter"), [7, 6])
    t.quick(by_seat(Bo="ruter"), [6, 7])
    assert priffe.is_over(t.state) and t.state.winners == (A, B, C, D)


# =====================================================================================
# The old variant
# =====================================================================================
@pytest.mark.parametrize("contract, per_trick", [("spader", 2), ("klover", 3), ("ruter", 4),
                                                 ("hjarter", 5), ("noll", 6),
                                                 ("preference", 8)])
def test_old_points_a_trick_2_3_4_5_6_8(contract, per_trick):
    assert priffe.OLD_TRICK_VALUE[contract] == per_trick
    t = Table(scoring="old")
    tricks = 5 if contract == "noll" else 8
    t.quick(by_seat(Dan=contract), [13 - tricks, tricks])
    assert last_score(t).below == (0, 2 * per_trick)
    if contract in ("spader", "klover"):
        assert t.state.last.play.trump == {"spader": "♠", "klover": "♣"}[contract]


def test_old_spader_and_klover_are_real_bids_klover_above_spader_anybody_may_bid():
    t = Table(scoring="old")
    t.bids(P, P, "spader")  # the third player may
    t.refuse("bid_not_higher", "bid", seat=A, bid="spader")
    t.bids("klover")
    assert t.state.deal.contract == "klover" and t.state.deal.declarer == A
    modern = Table()
    modern.bids("spader")
    modern.refuse("bid_not_higher", "bid", seat=C, bid="klover")


def test_old_penalty_tricks_double():
    t = Table(scoring="old")
    t.quick(by_seat(Cia="hjarter"), [5, 8])
    assert last_score(t).penalty == (0, 2 * 5 * 2)


@pytest.mark.parametrize("held, points", [([3, 0, 0, 1], 10), ([3, 0, 1, 0], 10),
                                          ([4, 0, 0, 0], 20), ([2, 0, 2, 0], 0)])
def test_old_honours_three_as_two_tricks_four_as_four(held, points):
    t = Table(scoring="old")
    t.quick(by_seat(Cia="hjarter"), [7, 6], held)
    assert last_score(t).honours == (points, 0)


def test_old_slams_10_and_20_without_penalty_slams():
    t = Table(scoring="old")
    t.quick(by_seat(Cia="hjarter"), [13, 0])
    assert last_score(t).slams == (20, 0)
    t.quick(by_seat(Cia="ruter"), [0, 13])
    assert last_score(t).slams == (0, 0) and last_score(t).penalty == (0, 7 * 8)


def test_old_utgang_at_20_with_bonuses_10_and_20():
    t = Table(scoring="old")
    t.quick(by_seat(Cia="hjarter"), [8, 5])  # 10
    assert t.state.utgangar == (0, 0)
    t.quick(by_seat(Cia="hjarter"), [8, 5])  # 20: the first utgång, +10
    assert t.state.utgangar == (1, 0) and t.sheet().rows[-1].changes == (10, None, 10, None)
    t.quick(by_seat(Cia="preference"), [9, 4])  # 24: the second, +20, the sits
    utgang = next(r for r in reversed(t.sheet().rows) if r.kind == "utgang")
    assert utgang.changes == (20, None, 20, None)
    assert t.state.sits == 2 and t.state.totals == (10 + 10 + 10 + 24 + 20, 0, 74, 0)


def test_old_tvangsnoll_counts_as_nollissimo():
    t = Table(scoring="old")
    t.quick([P] * 4, [5, 8])
    assert last_score(t).below == (12, 0)


# =====================================================================================
# Trick by trick
# =====================================================================================
def _deal(rng, state):
    deck = list(FRENCH52.cards)
    rng.shuffle(deck)
    order = whist_play.clockwise(state.seating, whist_play.left_of(state.seating,
                                                                   state.dealer))
    hands = {p: [] for p in range(4)}
    for i, c in enumerate(deck):
        hands[order[i % 4]].append(c)
    return hands


def _winner(plays, trump):
    trumps = [(s, c) for s, c in plays if c.suit == trump]
    pool = trumps or [(s, c) for s, c in plays if c.suit == plays[0][1].suit]
    return max(pool, key=lambda sc: FRENCH52.rank_value(sc[1]))[0]


@pytest.mark.parametrize("bids, honour_rank", [
    (("preference", P, P, P), "A"), ((P, "noll", P, P), "2"), ((P, P, "hjarter", P), None),
    (("spader", P, "ruter", P), None), ((P, P, P, P), "2")])
def test_a_whole_deal_trick_by_trick_with_honours_from_the_cards(bids, honour_rank):
    rng = random.Random(31)
    t = Table()
    hands = _deal(rng, t.state)
    held = {p: list(h) for p, h in hands.items()}
    t.bids(*bids)
    deal = t.state.deal
    trump = deal.play.trump
    won = [0] * 4
    while t.state.phase == "play" and t.state.deal.number == 1:
        cp = t.state.deal.play
        seat = whist_play.to_play(cp)
        led = cp.current.led_suit
        legal = [c for c in hands[seat] if c.suit == led] or hands[seat]
        c = rng.choice(legal)
        hands[seat].remove(c)
        t.post("play", seat=seat, card=str(c))
    last = t.state.last
    leader = last.play.leader
    for trick in last.play.tricks:
        assert trick.leader == leader
        leader = _winner([(p.seat, p.card) for p in trick.plays], trump)
        won[leader] += 1
    assert tuple(won) == last.play.won
    if honour_rank:
        cards = [Card(s, honour_rank) for s in SUITS]
    else:
        cards = [Card(trump, r) for r in "AKQJ"]
    held_count = [sum(c in held[p] for c in cards) for p in range(4)]
    sides = t.state.sides
    tricks = tuple(sum(won[p] for p in s) for s in sides)
    declaring = None if deal.declarer is None else (0 if deal.declarer in sides[0] else 1)
    assert last.score == priffe.score_deal(deal.contract, declaring, tricks, held_count, sides)
    t.check_replay()


def test_play_refusals_and_a_revoke_found_later():
    t = Table()
    t.bids(P, P, "hjarter", P)
    t.refuse("not_your_turn", "play", seat=C, card="♠2")
    t.post("trick", cards="♠K ♣3 ♠4 ♠5")  # Cia plays a club to a spade lead
    t.refuse("card_already_played", "play", seat=B, card="♠K")
    t.refuse("trick_size", "trick", cards="♠A ♠6")
    t.post("trick", cards="♠A ♠6 ♠7 ♠8")  # Bo won; Cia shows a spade
    (finding,) = priffe.findings(t.state)
    assert finding.rule == "Priffe — Spelet" and finding.params["revoke_trick"] == 1
    assert finding.params["proof_trick"] == 2


def test_an_entered_hand_is_checked_at_once():
    t = Table()
    hand = ["♠2", "♠3"] + [f"♥{r}" for r in FRENCH52.rank_order[:11]]
    t.post("hand", seat=C, cards=hand)
    t.refuse("hand_already_entered", "hand", seat=C, cards=hand)
    t.bids(P, P, P, P)
    t.post("play", seat=B, card="♠K")
    t.refuse("must_follow", "play", seat=C, card="♥2")
    t.refuse("not_in_hand", "play", seat=C, card="♠4")
    t.post("play", seat=C, card="♠2")
    t.refuse("card_held_by_other", "play", seat=D, card="♠3")


# =====================================================================================
# Quick entry
# =====================================================================================
def test_quick_entry_after_the_bids_were_entered_one_by_one():
    t = Table()
    t.bids(P, "hjarter")
    t.refuse("bids_disagree", "result", bids=by_seat(Cia="ruter"), tricks=[7, 6],
             honours=NO_HONOURS)
    t.quick(by_seat(Cia="hjarter"), [7, 6])
    assert last_score(t).below == (10, 0)
    t.bids(P, P, "noll", P)  # Bo deals now; Cia forehand
    t.post("result", tricks=[2, 3, 4, 4], honours=[0, 0, 2, 2])  # per player, bids entered
    # Anna bid noll; Anna 2 + Cia 4 = six tricks: made, 10.
    assert last_score(t).tricks == (6, 7) and last_score(t).contract == "noll"
    assert last_score(t).declaring == 0 and last_score(t).below == (10, 0)


def test_quick_entry_refusals():
    t = Table()
    t.refuse("result_shape", "result", tricks=[7, 6], honours=NO_HONOURS)
    t.refuse("result_shape", "result", bids=[P, P], tricks=[7, 6], honours=NO_HONOURS)
    t.refuse("bad_bid", "result", bids=[P, P, P, "x"], tricks=[7, 6], honours=NO_HONOURS)
    t.refuse("tricks_do_not_add_up", "result", bids=[P] * 4, tricks=[7, 7],
             honours=NO_HONOURS)
    t.refuse("honours_do_not_add_up", "result", bids=[P] * 4, tricks=[7, 6],
             honours=[1, 1, 1, 0])
    t.refuse("result_shape", "result", bids=[P] * 4, tricks=[7, 6], honours=[2, 2])
    t.refuse("missing_field", "result", bids=[P] * 4, tricks=[7, 6])
    t.refuse("information_bid_too_late", "result", bids=["spader", P, P, P], tricks=[7, 6],
             honours=NO_HONOURS)  # Anna is the fourth bidder
    t.bids(P, P, P, P)
    t.post("play", seat=B, card="♠2")
    t.refuse("quick_not_now", "result", tricks=[7, 6], honours=NO_HONOURS)


def test_expected_offers_everything_that_fits():
    t = Table()
    types = [i.type for i in t.expected().inputs]
    assert types[:2] == ["bid", "result"] and types.count("hand") == 4
    assert {"draw", "seating"} <= set(types)
    quick = next(i for i in t.expected().inputs if i.type == "result")
    assert quick.fields["order"] == [B, C, D, A] and quick.fields["honours"] == [0, 1, 2, 3, 4]
    assert "bids" in quick.fields and quick.fields["sides"] == [[0, 2], [1, 3]]
    t.bids(P)
    types = [i.type for i in t.expected().inputs]
    assert "draw" not in types and "seating" not in types
    t.bids(P, "preference", P)
    play = t.expected().inputs[0]
    assert play.type == "play" and play.seat == C and len(play.fields["card"]) == 52
    assert play.fields["trump"] is None


# =====================================================================================
# The protokoll, the catalog, the log
# =====================================================================================
def test_the_sheet_adds_up_above_and_below_the_line():
    t = Table()
    t.quick(by_seat(Cia="hjarter"), [8, 5], [4, 0, 0, 0])
    t.quick(by_seat(Bo="ruter"), [9, 4])
    t.quick(by_seat(Cia="preference"), [10, 3], [0, 3, 0, 1])
    sheet = t.sheet()
    check_rows_add_up(sheet.rows, [0] * 4, t.state.totals)
    notes = sheet.notes
    assert [a + b for a, b in zip(notes["above"], notes["below"])] == list(sheet.totals)
    assert notes["utgang_at"] == 30 and notes["utgangar"] == [1, 0]
    csv_text = check_sheet_exports(sheet, NAMES)
    assert "Utgång 1 för Anna & Cia" in csv_text


def test_registry_catalog_and_labels():
    assert get_game("priffe") is priffe and get_game("preference") is priffe
    assert priffe in GAMES
    entry = catalog_entry(priffe)
    json.dumps(entry)
    assert {o["name"]: o["default"] for o in entry["options"]} == {
        "scoring": "modern", "format": "sits", "deals": 16, "target": 100,
        "penalty_below_line": False, "tvangsnoll_slams": True}
    assert set(entry["events"]) == {"draw", "seating", "bid", "hand", "play", "trick",
                                    "result"}
    check_labels(priffe, all_events=True)
    assert {"pass", *priffe.BIDS, "tvangsnoll"} <= set(priffe.LABELS["values"])
    assert [r["ref"] for r in entry["rules"]] == [
        "Priffe — Dragning", "Priffe — Budgivning", "Priffe — Spelet",
        "Priffe — Poängräkning", "Priffe — Honnörer", "Priffe — Utgång", "Priffe — Sitsar",
        "Priffe — Enklare variant", "Priffe — Gammaldags variant"]


def test_describe_is_json_and_hides_the_hands():
    t = Table()
    hand = [f"♠{r}" for r in FRENCH52.rank_order]
    t.post("hand", seat=D, cards=hand)
    t.bids("spader", P, P, "ruter")
    described = priffe.describe(t.state)
    text = json.dumps(described)
    assert "♠K" not in text and described["deal"]["hands_entered"] == [D]
    assert described["deal"]["bids"][0] == {"seat": B, "bid": "spader"}
    assert described["deal"]["contract"] == "ruter" and described["deal"]["declarer"] == A
    json.dumps(priffe.expected(t.state).as_dict())


def test_undo_and_correction_replay_through_the_log():
    t = Table()
    t.quick(by_seat(Cia="hjarter"), [9, 4])
    entries = list(t.entries)
    state = apply_entry(t.setup, t.state, entries,
                        {"type": "correct", "target": 1,
                         "event": {"type": "result", "bids": by_seat(Cia="hjarter"),
                                   "tricks": [8, 5], "honours": NO_HONOURS}})
    assert state.line == (20, 0)
    state = apply_entry(t.setup, t.state, entries, {"type": "undo", "target": 1})
    assert state == t.setup.new_state()


def test_the_rules_page_and_the_docstring_name_every_option_and_event():
    check_rules_page(priffe, "priffe")
