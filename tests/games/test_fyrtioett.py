"""Fyrtioett scenario tests, written from the rule text (file 002, "Fyrtioett regler").

Every number in the text is a test here (the test names say which):

- 4 players, in pairs "som i whist"; 52 cards; hearts "permanent trumffärg";
- 13 cards each, dealt counter-clockwise "i grupper om 1-2-2-2-2-2-2";
- the four bids must be worth "minst 11 poäng", else the cards are thrown in;
- "Ett bud från 1 upp till 6 stick motsvarar lika många poäng"; "7 stick =14 poäng, 8 stick
  =16 poäng osv."; a bid of 7 or more makes the sum "automatiskt över 11";
- bids "normalt mellan 2 och 6 stick": the fourth and last bidder decides;
- "tills alla 13 sticken spelats";
- "bjöd t.ex. 4 stick, får han 4 poäng om han tar 4 stick eller fler"; "bjöd 8 stick får han
  16 poäng, om han klarar av att spela hem 8 stick eller fler"; "bjöd 5 stick, får han -5
  poäng om han tar mindre än 5 stick"; 7 or more failed: double minus;
- "Den spelare som först uppnår 41 eller fler poäng vinner för sin sida"; two of different
  sides at once: the one with more; equal: the partner's points.

Everything goes through real events and the table log (``apply_game_event``, ``replay``),
trick by trick with cards and by quick entry (``result``). Every refusal checks its code and
that the state it was tried on is unchanged.
"""

from __future__ import annotations

import json

import pytest

from rules_engine.cards import FRENCH52, SUITS, Card
from rules_engine.errors import EventFormatError, RuleViolation
from rules_engine.games import fyrtioett
from rules_engine.registry import GAMES, catalog_entry, get_game
from rules_engine.table_log import TableSetup, apply_game_event, replay
from tests.engine_table import EngineTable
from tests.game_checks import (check_labels, check_rows_add_up, check_rules_page,
                                check_sheet_exports)

NAMES = ("Anna", "Bo", "Cia", "Dan")
A, B, C, D = 0, 1, 2, 3  # seats clockwise; Anna & Cia against Bo & Dan
RANKS = FRENCH52.rank_order


class Table(EngineTable):
    rule_prefix = "Fyrtioett — "

    def __init__(self, first_dealer: int = A, **options):
        super().__init__("fyrtioett", NAMES, first_dealer, **options)

    def bids(self, **by_name):
        """Bid in the order the engine asks for: ``bids(Dan=4, Cia=3, Bo=2, Anna=2)``;
        stops at the first seat not named (a partial round)."""
        by_seat = {NAMES.index(name): bid for name, bid in by_name.items()}
        while self.state.phase == "bidding" and self.expected().seat in by_seat:
            number = self.state.deal.number
            seat = self.expected().seat
            self.post("bid", seat=seat, bid=by_seat[seat])
            if self.state.deal.number != number:
                break
        return self.state

    def quick(self, bids: list, tricks: list | None = None):
        event: dict = {"bids": bids}
        if tricks is not None:
            event["tricks"] = tricks
        return self.post("result", **event)

    def trick(self, cards: str):
        return self.post("trick", cards=cards)

    def order(self) -> list[int]:
        """The seats still to play in the current trick, counter-clockwise."""
        trick = self.state.deal.current
        first = fyrtioett.to_play(self.state.deal)
        return [(first - k) % 4 for k in range(4 - len(trick.plays))]

    def win_tricks(self, *winners: int):
        """One whole trick per winner, with cards that make it so. While a suit has a card
        free for everyone, all follow it and the winner plays its highest free card.
        Near the end of a deal: the winner trumps with the highest free heart, or, with no
        heart left, takes the led suit with its highest free card."""
        for winner in winners:
            order = self.order()
            seen = {s.card for s in self.state.deal.knowledge.seen}
            free = {s: [Card(s, r) for r in RANKS if Card(s, r) not in seen] for s in SUITS}
            suit = max(SUITS, key=lambda s: (len(free[s]), s != "♥"))
            if len(free[suit]) >= len(order):
                high, lows = free[suit][-1], free[suit][:len(order) - 1]
                cards = [high if s == winner else lows.pop(0) for s in order]
            else:
                if free["♥"]:
                    top = free["♥"][-1]
                else:
                    led = winner == order[0] or len(order) == 1
                    top = max((free[s][-1] for s in SUITS if free[s]
                               and (led or len(free[s]) >= 2)),
                              key=FRENCH52.rank_value)
                rest = sorted((c for s in SUITS for c in free[s] if c != top),
                              key=lambda c: (c.suit != top.suit, c.suit == "♥"))
                if order[0] != winner and not free["♥"]:
                    cards = [rest.pop(0) if s == order[0] else None for s in order]
                else:
                    cards = [None] * len(order)
                cards = [top if s == winner else (c or rest.pop(0)) for s, c in zip(order, cards)]
            self.trick(" ".join(map(str, cards)))
            deal = self.state.deal if self.state.deal.tricks else self.state.last
            assert fyrtioett.trick_winner(deal.tricks[-1]) == winner
        return self.state

    def expected(self):
        return fyrtioett.expected(self.state)

    @property
    def scores(self):
        return self.state.scores

    def sheet(self):
        return fyrtioett.sheet(self.state)

    def check_replay(self) -> None:
        assert replay(self.setup, self.entries) == self.state


def inputs(t: Table) -> dict[str, list]:
    out: dict[str, list] = {}
    for item in t.expected().inputs:
        out.setdefault(item.type, []).append(item)
    return out


# =====================================================================================
# The players and the cards
# =====================================================================================
@pytest.mark.parametrize("n", [3, 5])
def test_four_players(n):
    setup = TableSetup("fyrtioett", tuple(f"P{i}" for i in range(n)))
    with pytest.raises(RuleViolation) as info:
        setup.new_state()
    assert info.value.code == "player_count" and info.value.rule == "Fyrtioett — Given"


def test_four_players_in_pairs_partners_opposite_as_in_whist():
    assert fyrtioett.MIN_PLAYERS == fyrtioett.MAX_PLAYERS == 4
    assert fyrtioett.SIDES == ((A, C), (B, D))
    assert [fyrtioett.partner(s) for s in range(4)] == [C, D, A, B]
    assert fyrtioett.sheet(Table().state).notes["sides"] == [[A, C], [B, D]]


def test_52_cards_and_hearts_are_always_trump():
    assert fyrtioett.DECK is FRENCH52 and len(fyrtioett.DECK) == 52
    assert fyrtioett.TRUMP == "♥"


def test_13_cards_each_dealt_in_groups_of_1_2_2_2_2_2_2():
    assert fyrtioett.DEAL_GROUPS == (1, 2, 2, 2, 2, 2, 2)
    assert fyrtioett.CARDS_EACH == sum(fyrtioett.DEAL_GROUPS) == 13
    assert 4 * fyrtioett.CARDS_EACH == 52  # the whole deck is dealt
    t = Table()
    t.refuse("hand_size", "hand", seat=A, cards=[str(c) for c in FRENCH52.cards[:12]])
    t.post("hand", seat=A, cards=[str(c) for c in FRENCH52.cards[:13]])


def test_everyone_starts_at_0_and_the_sheet_opens_with_it():
    t = Table()
    assert t.scores == (0, 0, 0, 0)
    row = t.sheet().rows[0]
    assert row.kind == "start" and row.totals == (0, 0, 0, 0)
    assert t.sheet().next_dealer == A and t.sheet().winner is None


# =====================================================================================
# Given and Budgivning: counter-clockwise, from forehand at the dealer's right
# =====================================================================================
@pytest.mark.parametrize("dealer", range(4))
def test_forehand_right_of_the_dealer_bids_first_counter_clockwise_dealer_last(dealer):
    t = Table(first_dealer=dealer)
    assert t.state.deal.forehand == (dealer - 1) % 4
    order = []
    while len(t.state.deal.bids) < 4:
        seat = t.expected().seat
        order.append(seat)
        t.post("bid", seat=seat, bid=3)
    assert order == [(dealer - 1) % 4, (dealer - 2) % 4, (dealer - 3) % 4, dealer]
    # 4 × 3 = 12 ≥ 11: a game; forehand leads the first trick.
    assert t.state.phase == "play" and t.expected().seat == (dealer - 1) % 4


def test_the_deal_passes_counter_clockwise():
    t = Table(first_dealer=A)
    dealers = []
    for _ in range(5):
        dealers.append(t.state.dealer)
        t.quick([1, 1, 1, 1])  # worth 4: thrown in, the next deals
    assert dealers == [A, D, C, B, A]


def test_bids_1_to_6_are_worth_as_many_points():
    for bid in range(1, 7):
        assert fyrtioett.bid_points(bid) == bid


def test_7_tricks_is_14_points_8_is_16_and_so_on():
    assert fyrtioett.bid_points(7) == 14
    assert fyrtioett.bid_points(8) == 16
    for bid in range(7, 14):  # "osv."
        assert fyrtioett.bid_points(bid) == 2 * bid
    assert fyrtioett.bid_points(13) == 26


def test_bids_worth_11_make_a_game():
    t = Table()
    t.bids(Dan=3, Cia=3, Bo=3, Anna=2)
    assert fyrtioett.bids_points([3, 3, 3, 2]) == 11
    assert t.state.phase == "play" and t.state.deal.number == 1


def test_bids_worth_less_than_11_throw_the_cards_in_and_the_next_deals():
    t = Table()
    t.bids(Dan=3, Cia=3, Bo=2, Anna=2)  # worth 10
    assert t.state.phase == "bidding" and t.state.deal.number == 2
    assert t.state.dealer == D  # the next player counter-clockwise
    row = t.sheet().rows[-1]
    assert row.kind == "thrown_in" and row.changes == (None,) * 4
    assert row.totals == (0, 0, 0, 0) and row.marks == ("2", "2", "3", "3")
    assert "10" in row.label_sv and "11" in row.label_sv
    assert t.state.last.thrown_in and t.state.last.bids == ((D, 3), (C, 3), (B, 2), (A, 2))
    t.check_replay()


def test_a_bid_of_7_or_more_always_makes_a_game():
    t = Table()
    t.bids(Dan=7, Cia=1, Bo=1)
    # 14 + 1 + 1 = 16, "automatiskt över 11": the fourth cannot throw in; any bid plays.
    assert "kasta" not in t.expected().inputs[0].choices
    t.refuse("throw_in_after_11", "bid", seat=A, bid="kasta")
    t.post("bid", seat=A, bid=1)
    assert t.state.phase == "play"
    t2 = Table()
    t2.bids(Dan=1, Cia=1, Bo=1, Anna=7)  # the dealer's 7: 3 + 14 = 17
    assert t2.state.phase == "play"


def test_with_bids_of_2_to_6_the_fourth_bidder_decides():
    t = Table()
    t.bids(Dan=3, Cia=3, Bo=2)  # worth 8: the dealer decides
    bid = t.expected().inputs[0]
    assert bid.type == "bid" and bid.seat == A
    assert bid.fields["points"] == 8 and bid.fields["needed"] == 3
    assert "kasta" in bid.choices and bid.fields["bid"] == list(bid.choices)
    snapshot = t.state
    t.post("bid", seat=A, bid=3)  # 11: a game
    assert t.state.phase == "play"
    for last in ("kasta", 2):  # throwing in, or a bid that leaves the sum at 10
        t.state = snapshot
        t.post("bid", seat=A, bid=last)
        assert t.state.deal.number == 2 and t.state.dealer == D
        assert t.state.last.thrown_in


def test_only_the_fourth_bidder_may_throw_in():
    t = Table()
    t.refuse("throw_in_only_last", "bid", seat=D, bid="kasta")
    t.bids(Dan=2, Cia=2)
    t.refuse("throw_in_only_last", "bid", seat=B, bid="kastar")
    assert "kasta" not in t.expected().inputs[0].choices


def test_bidding_refusals():
    t = Table()
    t.refuse("not_your_turn", "bid", seat=A, bid=3)  # Dan is forehand
    t.refuse("bid_out_of_range", "bid", seat=D, bid=0)
    t.refuse("bid_out_of_range", "bid", seat=D, bid=14)  # there are 13 tricks
    t.refuse("bad_bid", "bid", seat=D, bid="many")
    t.refuse("bad_bid", "bid", seat=D, bid=True)
    t.refuse("not_expected", "play", seat=D, card="♠A")
    t.refuse("not_expected", "trick", cards="♠A ♠2 ♠3 ♠4")
    with pytest.raises(EventFormatError):
        apply_game_event(t.setup, t.state, {"type": "bid", "seat": 7, "bid": 3})
    t.post("bid", seat=D, bid="13")  # a number typed as text
    assert t.state.deal.bids == ((D, 13),)


def test_bids_need_not_be_higher_and_may_add_up_past_13_tricks():
    t = Table()
    t.bids(Dan=8, Cia=2, Bo=8, Anna=1)
    assert t.state.phase == "play"


def test_option_min_bid_2():
    t = Table(min_bid=2)
    err = t.refuse("bid_out_of_range", "bid", seat=D, bid=1)
    assert err.params["min"] == 2
    assert t.expected().inputs[0].choices[0] == 2


def test_bid_after_the_bidding_is_refused():
    t = Table()
    t.bids(Dan=3, Cia=3, Bo=3, Anna=3)
    t.refuse("not_expected", "bid", seat=D, bid=3)


# =====================================================================================
# Spelet
# =====================================================================================
def _playing(**options) -> Table:
    t = Table(**options)  # Anna deals, Dan is forehand; play goes Dan, Cia, Bo, Anna
    t.bids(Dan=3, Cia=3, Bo=3, Anna=3)
    return t


def test_forehand_leads_any_card_even_a_heart():
    t = _playing()
    assert t.expected().seat == D
    t.refuse("not_your_turn", "play", seat=A, card="♥2")
    t.post("play", seat=D, card="♥2")
    assert t.state.deal.current.led_suit == "♥"


def test_hearts_trump_and_the_trick_winner_leads_counter_clockwise():
    t = _playing()
    t.trick("♠5 ♠K ♥2 ♠A")  # Dan, Cia, Bo trumps, Anna: Bo takes it
    assert t.state.deal.won == (0, 1, 0, 0)
    assert t.expected().seat == B and t.order() == [B, A, D, C]
    t.trick("♥3 ♥K ♣2 ♥4")  # a trump led; Dan discards; Anna's king wins
    assert t.state.deal.won == (1, 1, 0, 0)
    t.trick("♦2 ♦3 ♣3 ♦A")  # Anna, Dan, Cia discards, Bo: the highest of the led suit
    assert t.state.deal.won == (1, 2, 0, 0)
    t.trick("♣4 ♥5 ♣5 ♣6")  # Bo leads clubs; Anna trumps with the lowest heart and wins
    assert t.state.deal.won == (2, 2, 0, 0)
    t.trick("♦4 ♦5 ♣7 ♦6")  # a discarded club never wins, whatever its rank
    assert t.state.deal.won == (2, 3, 0, 0)
    described = fyrtioett.describe(t.state)["deal"]["tricks"]
    assert [d["winner"] for d in described] == [B, A, B, A, B]
    t.check_replay()


def test_no_duty_to_trump_or_to_overtrump():
    t = _playing()
    hand_b = "♣2 ♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♥2 ♥3 ♥4 ♥5"
    t.post("hand", seat=B, cards=hand_b)
    t.trick("♠2 ♠3 ♣2 ♠4")  # Bo has no spade: he discards a club though he holds hearts
    t.post("play", seat=A, card="♦2")  # Anna leads diamonds (she won with ♠4)
    t.post("play", seat=D, card="♥A")  # Dan trumps with the ace
    t.post("play", seat=C, card="♦3")
    t.post("play", seat=B, card="♥2")  # Bo may trump below: no duty to overtrump
    assert t.state.deal.won[D] == 1
    t.check_replay()


def test_a_revoke_is_proven_later_and_the_finding_names_both_tricks():
    t = _playing()
    t.trick("♠5 ♠K ♥2 ♠A")
    t.trick("♥3 ♥K ♣2 ♥4")  # Dan does not follow hearts in trick 2
    assert fyrtioett.findings(t.state) == ()
    t.trick("♦2 ♦3 ♣3 ♦A")
    t.post("play", seat=B, card="♥5")
    t.post("play", seat=A, card="♥6")
    t.post("play", seat=D, card="♥7")  # ... and shows a heart in trick 4
    (finding,) = fyrtioett.findings(t.state)
    assert finding.code == "revoke_proven" and finding.seat == D
    assert finding.rule == "Fyrtioett — Spelet"
    assert finding.params == {"suit": "♥", "revoke_trick": 2, "revoke_card": "♣2",
                              "proof_trick": 4, "proof_card": "♥7"}
    assert "stick 2" in finding.sv and "stick 4" in finding.sv
    # Discarding or trumping shows a void in the led suit only: Bo trumped spades in trick
    # 1 and may discard later without a finding.
    t.post("play", seat=C, card="♥8")
    t.win_tricks(*([A] * 9))
    assert t.state.deal.number == 2  # the deal is over; the finding stays
    assert fyrtioett.findings(t.state)[0] == finding
    t.check_replay()


def test_play_refusals():
    t = _playing()
    t.trick("♠5 ♠K ♥2 ♠A")
    t.refuse("card_already_played", "play", seat=B, card="♠K")
    t.refuse("trick_size", "trick", cards="♦2 ♦3 ♦4")
    t.refuse("trick_size", "trick", cards="♦2 ♦3 ♦4 ♦5 ♦6")
    t.refuse("card_already_played", "trick", cards="♦2 ♦3 ♦4 ♠A")  # atomic: nothing kept
    t.refuse("bad_card_notation", "play", seat=B, card="♦1")
    t.refuse("not_your_turn", "play", seat=A, card="♦2")
    t.post("play", seat=B, card="♦2")
    t.refuse("trick_size", "trick", cards="♦3 ♦4 ♦5 ♦6")
    t.trick("♦3 ♦4 ♦5")


def test_all_13_tricks_are_played_before_the_deal_is_scored():
    t = _playing()
    t.win_tricks(*([D] * 12))
    assert t.state.phase == "play" and t.state.deal.number == 1
    assert t.state.deal.current.number == 13
    t.win_tricks(D)
    assert t.state.deal.number == 2 and t.state.last.won == (0, 0, 0, 13)
    assert sum(t.state.last.won) == fyrtioett.TRICKS_PER_DEAL == 13


# --- hands entered: every card checked at once ---------------------------------------------
HAND_D = "♠A ♠K ♠Q ♠J ♠10 ♠9 ♠8 ♦A ♦K ♦Q ♦J ♦10 ♦9"


def test_an_entered_hand_is_checked_card_by_card():
    t = _playing()
    t.post("hand", seat=D, cards=HAND_D)
    play = inputs(t)["play"][0]
    # His legal cards come sealed for his seat; the public hint leaves no card out.
    assert play.seat == D and sorted(play.fields["legal"]["cards"]) == sorted(HAND_D.split())
    assert play.fields["legal"]["$sealed"] == D and len(play.fields["card"]) == 52
    t.refuse("not_in_hand", "play", seat=D, card="♥A")
    t.trick("♠A ♠2 ♠3 ♠4")  # Dan wins
    t.post("play", seat=D, card="♦A")
    t.refuse("card_held_by_other", "play", seat=C, card="♦K")  # in Dan's entered hand
    t.trick("♦2 ♦3 ♦4")  # Dan wins
    t.trick("♦K ♠5 ♦5 ♦6")  # Cia discards: a void in diamonds shown, no hand to check
    t.trick("♠K ♠6 ♥2 ♠7")  # Bo trumps and wins
    t.post("play", seat=B, card="♣4")
    t.post("play", seat=A, card="♣A")
    t.refuse("not_in_hand", "play", seat=D, card="♥3")
    t.post("play", seat=D, card="♦J")  # no clubs: Dan discards
    t.post("play", seat=C, card="♣6")  # Anna wins with the ace
    t.post("play", seat=A, card="♦7")
    assert sorted(inputs(t)["play"][0].fields["legal"]["cards"]) == ["♦10", "♦9", "♦Q"]
    err = t.refuse("must_follow", "play", seat=D, card="♠8")
    assert err.params["led_suit"] == "♦" and err.rule == "Fyrtioett — Spelet"
    t.trick("♦Q ♣7 ♦8")  # Dan wins
    assert t.state.deal.won == (1, 1, 0, 4)
    assert t.state.deal.hands[D] == tuple(FRENCH52.parse_many("♠Q ♠J ♠10 ♠9 ♠8 ♦10 ♦9"))
    assert fyrtioett.findings(t.state) == ()
    t.check_replay()


def test_must_follow_with_a_hand_entered():
    t = _playing()
    t.post("hand", seat=C, cards="♠2 ♠3 ♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q")
    t.post("play", seat=D, card="♠A")
    err = t.refuse("must_follow", "play", seat=C, card="♥2")
    assert err.params["holds"] in ("♠2", "♠3") and err.params["led_suit"] == "♠"
    assert sorted(inputs(t)["play"][0].fields["legal"]["cards"]) == ["♠2", "♠3"]
    t.post("play", seat=C, card="♠3")


def test_hand_entry_refusals():
    t = _playing()
    t.post("hand", seat=D, cards=HAND_D)
    t.refuse("hand_already_entered", "hand", seat=D, cards=HAND_D)
    t.refuse("card_held_by_other", "hand", seat=C,
             cards="♠A ♣2 ♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K")
    t.refuse("card_repeated", "hand", seat=C,
             cards="♣2 ♣2 ♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K")
    t.post("play", seat=D, card="♠A")
    t.post("play", seat=C, card="♣2")
    t.refuse("hand_too_late", "hand", seat=C,
             cards="♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♣A ♥2")
    t.refuse("card_already_played", "hand", seat=B,
             cards="♣2 ♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♣A")
    assert {i.seat for i in inputs(t)["hand"]} == {B, A}


# =====================================================================================
# Poängräkning
# =====================================================================================
def test_bid_4_gets_4_points_with_4_tricks_or_more():
    for taken in range(4, 14):
        assert fyrtioett.deal_points(4, taken) == 4


def test_bid_8_gets_16_points_with_8_tricks_or_more():
    for taken in range(8, 14):
        assert fyrtioett.deal_points(8, taken) == 16


def test_bid_5_gets_minus_5_with_fewer_than_5_tricks():
    for taken in range(0, 5):
        assert fyrtioett.deal_points(5, taken) == -5


def test_bids_of_7_or_more_failed_give_double_minus():
    assert fyrtioett.deal_points(7, 6) == -14
    assert fyrtioett.deal_points(8, 0) == -16
    assert fyrtioett.deal_points(13, 12) == -26


def test_no_points_for_overtricks():
    assert fyrtioett.deal_points(2, 13) == fyrtioett.deal_points(2, 2) == 2


def test_a_whole_deal_trick_by_trick_each_scores_alone():
    t = Table()  # Anna deals; Dan forehand
    t.bids(Dan=4, Cia=3, Bo=2, Anna=2)  # 4 + 3 + 2 + 2 = 11
    t.win_tricks(D, D, D, C, C, C, B, A, A, A, A, D, D)
    assert t.state.last.won == (4, 1, 3, 5)
    # Anna 2 of 4 → +2; Bo 2 of 1 → −2; Cia 3 of 3 → +3; Dan 4 of 5 → +4 (no overtricks)
    assert t.scores == (2, -2, 3, 4)
    row = t.sheet().rows[-1]
    assert row.kind == "deal" and row.deal == 1
    assert row.changes == (2, -2, 3, 4) and row.totals == (2, -2, 3, 4)
    assert row.marks == ("2/4", "2/1", "3/3", "4/5")  # bid/tricks, as on the paper sheet
    assert row.label_sv == "Giv 1: Dan 4 hem, Cia 3 hem, Bo 2 bet, Anna 2 hem"
    assert row.label_en == "Deal 1: Dan 4 made, Cia 3 made, Bo 2 failed, Anna 2 made"
    # The deal passes to Dan; Cia is forehand now.
    assert t.state.dealer == D and t.state.deal.forehand == C and t.expected().seat == C
    assert fyrtioett.findings(t.state) == ()
    t.check_replay()


def test_the_same_deal_by_quick_entry():
    t = Table()
    t.quick([2, 2, 3, 4], [4, 1, 3, 5])
    assert t.scores == (2, -2, 3, 4)
    assert t.sheet().rows[-1].marks == ("2/4", "2/1", "3/3", "4/5")
    assert t.state.last.quick and t.state.dealer == D
    t.check_replay()


def test_a_made_8_is_16_and_a_failed_7_is_minus_14_in_the_protokoll():
    t = Table()
    t.quick([8, 7, 1, 1], [8, 3, 1, 1])
    assert t.scores == (16, -14, 1, 1)
    assert t.sheet().rows[-1].marks == ("8/8", "7/3", "1/1", "1/1")


# --- quick entry ---------------------------------------------------------------------------
def test_quick_entry_after_the_bids_were_entered_one_by_one():
    t = Table()
    t.bids(Dan=4, Cia=3)
    t.refuse("result_shape", "result", tricks=[4, 1, 3, 5])  # the bids are still open
    t.refuse("bids_disagree", "result", bids=[2, 2, 4, 4], tricks=[4, 1, 3, 5])
    t.quick([2, 2, 3, 4], [4, 1, 3, 5])
    assert t.scores == (2, -2, 3, 4)
    t2 = Table()
    t2.bids(Dan=4, Cia=3, Bo=2, Anna=2)
    t2.post("result", tricks=[4, 1, 3, 5])  # the bids are in the log already
    assert t2.scores == (2, -2, 3, 4)
    t2.check_replay()


def test_quick_entry_refusals():
    t = Table()
    t.refuse("tricks_do_not_add_up", "result", bids=[3, 3, 3, 3], tricks=[3, 3, 3, 3])
    t.refuse("made_too_many", "result", bids=[4, 4, 4, 4])  # all made 16 of 13 tricks?
    t.refuse("result_shape", "result", bids=[3, 3, 3], tricks=[4, 3, 3, 3])
    t.refuse("result_shape", "result", bids=[3, 3, 3, 3], tricks=[13, -1, 1, 0])
    t.refuse("bid_out_of_range", "result", bids=[3, 3, 0, 3], tricks=[4, 3, 3, 3])
    t.refuse("throw_in_only_last", "result", bids=[3, "kasta", 3, 3])  # Bo is not last
    t.refuse("thrown_in_no_tricks", "result", bids=[2, 2, 3, 3], tricks=[4, 3, 3, 3])
    t.quick(["kasta", 2, 3, 3])  # Anna, the dealer, throws in
    assert t.state.deal.number == 2 and t.sheet().rows[-1].marks == ("–", "2", "3", "3")
    t.bids(Cia=3, Bo=3, Anna=3, Dan=3)
    t.post("play", seat=C, card="♠2")
    t.refuse("quick_not_now", "result", tricks=[4, 3, 3, 3])
    t.check_replay()


def test_quick_entry_by_who_failed_keeps_the_points():
    """The scorer writes "the bids and the points" (Poängräkning): a player's points follow
    from the bid and whether it was made, so who failed is enough for the protokoll."""
    t = Table()
    t.post("result", bids=[2, 2, 3, 4], failed=[B])  # the deal above: Bo failed
    assert t.scores == (2, -2, 3, 4)
    row = t.sheet().rows[-1]
    assert row.changes == (2, -2, 3, 4)
    assert row.marks == ("2", "2", "3", "4")  # the bids; the tricks were not entered
    assert row.label_sv == "Giv 1: Dan 4 hem, Cia 3 hem, Bo 2 bet, Anna 2 hem"
    assert t.state.last.failed == (B,) and t.state.dealer == D
    # Nobody failed: everyone scores the bid's worth; a 7 made is 14.
    t.post("result", bids=[3, 7, 1, 2], failed=[])
    assert t.scores == (5, 12, 4, 6)
    t.check_replay()


def test_quick_entry_by_who_failed_must_be_possible():
    t = Table()
    # Those who made it took at least their bids: 4 + 5 + 5 = 14 > 13.
    err = t.refuse("made_too_many", "result", bids=[4, 5, 5, 1], failed=[D])
    assert err.message("sv") == ("Anna, Bo och Cia kan inte alla ha tagit hem: de bjöd 14 "
                                 "stick tillsammans, en giv har 13.")
    # All four failed: at most 3 + 3 + 3 + 3 = 12 tricks, one too few.
    t.refuse("failed_too_many", "result", bids=[4, 4, 4, 4], failed=[A, B, C, D])
    t.post("result", bids=[4, 4, 4, 5], failed=[A, B, C, D])  # 3 + 3 + 3 + 4 = 13
    assert t.scores == (-4, -4, -4, -5)
    # Both forms at once must agree: Bo took one of two.
    t.refuse("failed_disagrees", "result", bids=[2, 2, 3, 4], tricks=[4, 1, 3, 5], failed=[])
    t.post("result", bids=[2, 2, 3, 4], tricks=[4, 1, 3, 5], failed=[B])
    assert t.sheet().rows[-1].marks == ("2/4", "2/1", "3/3", "4/5")
    # A thrown-in deal has nobody failing.
    t.check_replay()
    Table().refuse("thrown_in_no_tricks", "result", bids=["kasta", 2, 3, 3], failed=[B])


def test_quick_entry_after_the_bids_by_who_failed():
    t = Table()
    t.bids(Dan=4, Cia=3, Bo=2, Anna=2)
    (quick,) = inputs(t)["result"]
    assert quick.fields["fold"] == ["tricks"]  # the app folds the exact tricks away
    t.post("result", failed=[B])
    assert t.scores == (2, -2, 3, 4)
    t.bids(Cia=3, Bo=3, Anna=3, Dan=3)
    t.post("result")  # nobody named: "alla tog hem"
    assert t.scores == (5, 1, 6, 7)
    t.check_replay()


def test_quick_entry_is_offered_until_the_first_card():
    t = Table()
    assert "bids" in inputs(t)["result"][0].fields
    t.bids(Dan=3, Cia=3, Bo=3, Anna=3)
    (quick,) = inputs(t)["result"]
    assert "bids" not in quick.fields and quick.fields["tricks"] == list(range(14))
    t.post("play", seat=D, card="♠2")
    assert "result" not in inputs(t)


def test_quick_entry_offers_kasta_to_the_fourth_bidder_only():
    """Throwing in is the fourth and last bidder's (Budgivning): the quick entry's bids
    offer "kasta" to the dealer's seat alone, and not at all once three bids entered one by
    one are worth 11; the last bid of the form saves the deal (the app says so)."""
    t = Table()  # Anna deals: Dan, Cia, Bo bid, Anna last
    (quick,) = inputs(t)["result"]
    assert quick.fields["bids"][-1] == "kasta"
    assert quick.fields["only"] == {"bids": {"kasta": [A]}}
    assert quick.fields["save_when_complete"] == ["bids"]
    t.refuse("throw_in_only_last", "result", bids=[3, 3, "kasta", 3])  # Cia is not last
    t.bids(Dan=3, Cia=3, Bo=2)  # worth 8: Anna may throw in
    (quick,) = inputs(t)["result"]
    assert quick.fields["only"] == {"bids": {"kasta": [A]}} and "kasta" in quick.fields["bids"]
    t.state = Table().bids(Dan=7, Cia=1, Bo=1)  # worth 16: a game whatever Anna bids
    (quick,) = inputs(t)["result"]
    assert "kasta" not in quick.fields["bids"] and "only" not in quick.fields
    t.refuse("throw_in_after_11", "result", bids=["kasta", 1, 1, 7])
    t.post("result", bids=[2, 1, 1, 7])  # the next deal: Dan deals, Anna bids last but one
    (quick,) = inputs(t)["result"]
    assert quick.fields["only"] == {"bids": {"kasta": [D]}}


def test_quick_bids_save_by_their_last_tap_only_when_the_deal_is_not_followed_live():
    """The quick entry's last bid saves the deal as played ("alla tog hem" unless a "Bet"
    box is ticked) — right for a deal entered after its play, wrong while the table follows
    it live, where the bidding comes before a single card: once a bid of the deal is entered
    one by one, or the last deal was played card by card, the form waits for its button
    (no ``save_when_complete``). The quick entry stays offered, and taken, before the first
    card (Poängräkning: the scorer writes the bids and the points)."""
    t = Table()
    (quick,) = inputs(t)["result"]
    assert quick.fields["save_when_complete"] == ["bids"]
    t.bids(Dan=3)  # the table bids on the phone: this deal is followed live
    (quick,) = inputs(t)["result"]
    assert "save_when_complete" not in quick.fields and "bids" in quick.fields
    t.bids(Cia=3, Bo=3, Anna=4)
    t.win_tricks(*[D] * 3, *[C] * 3, *[B] * 3, *[A] * 4)
    assert t.state.deal.number == 2 and t.state.phase == "bidding"
    (quick,) = inputs(t)["result"]  # deal 2, nothing bid yet: deal 1 was played card by card
    assert "save_when_complete" not in quick.fields
    t.quick([3, 3, 4, 3])  # entered after its play, by the button
    (quick,) = inputs(t)["result"]  # deal 3: the last deal came by quick entry
    assert quick.fields["save_when_complete"] == ["bids"]
    t.bids(Bo=1, Anna=1, Dan=1, Cia="kasta")  # thrown in: no play to go by
    assert t.state.deal.number == 4
    (quick,) = inputs(t)["result"]
    assert quick.fields["save_when_complete"] == ["bids"]


# =====================================================================================
# 41: the win
# =====================================================================================
def _at_26():
    """Anna 26, everyone else −1: a made 13 (worth 26) and three failed ones."""
    t = Table()
    t.quick([13, 1, 1, 1], [13, 0, 0, 0])
    assert t.scores == (26, -1, -1, -1)
    return t


def test_reaching_41_wins_for_the_side():
    t = _at_26()
    t.quick([7, 2, 1, 1], [7, 4, 1, 1])  # 26 + 14 = 40: not yet
    assert t.scores == (40, 1, 0, 0) and not fyrtioett.is_over(t.state)
    t.quick([1, 8, 1, 1], [1, 10, 1, 1])  # 41
    assert t.scores == (41, 17, 1, 1)
    assert fyrtioett.is_over(t.state) and t.state.phase == "over"
    assert fyrtioett.result(t.state) == {"winner": 0, "winners": [A, C], "decided_by": A,
                                         "draw": False, "scores": [41, 17, 1, 1],
                                         "target": 41}
    assert t.sheet().winner == A and t.sheet().next_dealer is None
    assert t.sheet().notes["winning_side"] == 0
    assert t.expected().phase == "over" and t.expected().inputs == ()
    assert "Anna & Cia" in t.expected().prompt_sv
    t.refuse("not_expected", "bid", seat=t.state.deal.forehand, bid=3)
    t.refuse("not_expected", "result", bids=[3, 3, 3, 3], tricks=[4, 3, 3, 3])
    t.check_replay()


def _both_at_25():
    t = _at_26()
    t.quick([1, 13, 1, 1], [0, 13, 0, 0])
    assert t.scores == (25, 25, -2, -2)
    return t


def test_two_of_different_sides_in_the_same_deal_the_one_with_more_wins():
    t = _both_at_25()
    t.quick([7, 6, 1, 1], [7, 6, 0, 0])
    assert t.scores == (39, 31, -3, -3)
    t.quick([2, 10, 1, 1], [2, 10, 1, 0])
    assert t.scores == (41, 51, -2, -4)  # both past 41 in this deal: Bo has more
    assert fyrtioett.result(t.state)["winner"] == 1
    assert fyrtioett.result(t.state)["winners"] == [B, D]
    assert t.sheet().winner == B
    t.check_replay()


def test_equal_points_the_partners_decide():
    t = _both_at_25()
    t.quick([6, 6, 1, 1], [6, 6, 1, 0])
    assert t.scores == (31, 31, -1, -3)
    t.quick([5, 5, 2, 1], [5, 5, 2, 1])
    assert t.scores == (36, 36, 1, -2)
    t.quick([5, 5, 1, 1], [5, 5, 2, 1])
    assert t.scores == (41, 41, 2, -1)  # equal; Cia 2 against Dan −1
    assert fyrtioett.result(t.state)["winner"] == 0
    assert t.sheet().winner == A
    t.check_replay()


def _dead_level(**options) -> Table:
    t = Table(**options)
    t.quick([13, 1, 1, 1], [13, 0, 0, 0])
    t.quick([1, 13, 1, 1], [0, 13, 0, 0])
    t.quick([6, 6, 1, 1], [6, 7, 0, 0])  # Bo's overtrick earns nothing
    t.quick([5, 5, 1, 1], [5, 6, 1, 1])
    t.quick([5, 5, 1, 1], [5, 6, 1, 1])
    assert t.scores == (41, 41, -1, -1)
    return t


def test_dead_level_plays_on_by_default():
    t = _dead_level()
    assert not fyrtioett.is_over(t.state) and t.state.winner is None
    t.quick([1, 8, 1, 1], [0, 11, 1, 1])
    assert t.scores == (40, 57, 0, 0)
    assert fyrtioett.result(t.state)["winner"] == 1
    t.check_replay()


def test_dead_level_option_draw():
    t = _dead_level(tie_at_41="draw")
    assert fyrtioett.is_over(t.state) and t.state.draw
    assert fyrtioett.result(t.state)["winner"] is None
    assert fyrtioett.result(t.state)["draw"] is True
    assert t.sheet().winner is None and t.expected().prompt_en.endswith("a draw.")


def test_both_partners_past_41_their_side_wins():
    assert fyrtioett.decide((45, 3, 42, 10)) == fyrtioett.Decision(0, A)
    assert fyrtioett.decide((40, 3, 42, 10)) == fyrtioett.Decision(0, C)
    assert fyrtioett.decide((40, 3, 40, 10)) is None


def test_decide_compares_the_best_of_each_side_then_the_partners():
    assert fyrtioett.decide((44, 43, 0, 0)) == fyrtioett.Decision(0, A)
    assert fyrtioett.decide((43, 44, 0, 0)) == fyrtioett.Decision(1, B)
    assert fyrtioett.decide((43, 43, 5, 10)) == fyrtioett.Decision(1, B)
    assert fyrtioett.decide((43, 41, 43, 50)) == fyrtioett.Decision(1, D)
    assert fyrtioett.decide((43, 43, 7, 7)) == fyrtioett.Decision(None, None)


def test_option_partner_above_zero():
    # Without the option (the text) Anna at 42 wins though Cia stands at 0.
    plain = _at_26()
    plain.quick([8, 2, 1, 1], [8, 3, 1, 1])
    assert plain.scores == (42, 1, 0, 0) and fyrtioett.is_over(plain.state)
    # With it (the README's variant) Cia must stand above 0 first: the match goes on.
    t = Table(partner_above_zero=True)
    t.quick([13, 1, 1, 1], [13, 0, 0, 0])
    t.quick([8, 2, 1, 1], [8, 3, 1, 1])
    assert t.scores == (42, 1, 0, 0) and not fyrtioett.is_over(t.state)
    t.quick([1, 1, 1, 8], [10, 1, 1, 1])
    assert t.scores == (43, 2, 1, -16) and fyrtioett.result(t.state)["winner"] == 0
    # Bo's side wins with fewer points when Anna's partner stands below 0.
    assert fyrtioett.decide((45, 41, -3, 1), partner_above_zero=True) == \
        fyrtioett.Decision(1, B)
    assert fyrtioett.decide((45, 41, -3, 1)) == fyrtioett.Decision(0, A)
    t.check_replay()


# =====================================================================================
# The protokoll, the catalog, the log
# =====================================================================================
def test_the_sheet_adds_up_and_renders():
    t = _both_at_25()
    t.quick([1, 1, 1, 1])  # thrown in
    sheet = t.sheet()
    assert [r.kind for r in sheet.rows] == ["start", "deal", "deal", "thrown_in"]
    check_rows_add_up(sheet.rows, [0] * 4, t.state.scores)
    assert sheet.notes["marks"]["en"] == "bid/tricks taken"
    csv_text = check_sheet_exports(sheet, NAMES)
    assert "kastad" in csv_text


def test_registry_catalog_and_labels():
    assert get_game("fyrtioett") is fyrtioett and get_game("41") is fyrtioett
    assert fyrtioett in GAMES
    entry = catalog_entry(fyrtioett)
    json.dumps(entry)
    assert entry["players"] == {"min": 4, "max": 4} and entry["deck"]["name"] == "french52"
    assert {o["name"]: o["default"] for o in entry["options"]} == {
        "partner_above_zero": False, "min_bid": 1, "tie_at_41": "play_on"}
    assert set(entry["events"]) == {"bid", "hand", "play", "trick", "result"}
    check_labels(fyrtioett, unlabelled=("seat", "card", "cards"), all_events=True)
    assert {"kasta", "play_on", "draw"} <= set(fyrtioett.LABELS["values"])
    refs = [r["ref"] for r in entry["rules"]]
    assert refs == ["Fyrtioett — Given", "Fyrtioett — Budgivning", "Fyrtioett — Spelet",
                    "Fyrtioett — Poängräkning"]


def test_describe_is_json_and_hides_the_hands():
    t = _playing()
    t.post("hand", seat=D, cards=HAND_D)
    t.trick("♠A ♠2 ♠3 ♠4")
    described = fyrtioett.describe(t.state)
    text = json.dumps(described)
    assert "♦K" not in text  # Dan's entered hand is his own
    assert described["deal"]["hands_entered"] == [D]
    assert described["deal"]["bids"] == [{"seat": D, "bid": 3}, {"seat": C, "bid": 3},
                                         {"seat": B, "bid": 3}, {"seat": A, "bid": 3}]
    assert described["deal"]["bid_points"] == 12
    assert described["deal"]["tricks"][0]["winner"] == D
    json.dumps(fyrtioett.expected(t.state).as_dict())


def test_undo_and_correction_replay_through_the_log():
    from rules_engine.table_log import apply_entry

    t = Table()
    t.quick([2, 2, 3, 4], [4, 1, 3, 5])
    entries = list(t.entries)
    state = apply_entry(t.setup, t.state, entries,
                        {"type": "correct", "target": 1,
                         "event": {"type": "result", "bids": [2, 2, 3, 4],
                                   "tricks": [4, 2, 3, 4]}})
    assert state.scores == (2, 2, 3, 4)
    state = apply_entry(t.setup, t.state, entries, {"type": "undo", "target": 1})
    assert state == t.setup.new_state()


def test_the_rules_page_and_the_docstring_name_every_option_and_event():
    check_rules_page(fyrtioett, "fyrtioett")
