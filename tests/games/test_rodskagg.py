"""Rödskägg scenario tests, written from the rule text (file 002, "Rödskägg regler").

Every number in the text is a test here:

- "A startade på 12 poäng, bjöd tre stick och tog fyra. Han åker då ned till 8 poäng."
- "B står på 7 poäng, bjuder tre stick men spelar bara hem två. Han hamnar då på
  7 – 2 + 5 = 10 poäng."
- "han stod på 3 poäng, bjöd två stick, och har efter fjärde sticket vunnit tre av dem"
  → "Knack för min utgång", or fem opp.

Everything goes through real events and the table log (``apply_game_event``, ``replay``),
both trick by trick with cards and by quick entry (the ``result`` event). Every refusal also
checks that the state it was tried on is unchanged: the engine is pure.
"""

from __future__ import annotations


import pytest

from rules_engine.cards import FRENCH52, SUITS, Card
from rules_engine.errors import EventFormatError, RuleViolation
from rules_engine.games import rodskagg
from rules_engine.registry import get_game
from rules_engine.table_log import TableSetup, replay
from tests.engine_table import EngineTable

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun")
A, B, C, D = 0, 1, 2, 3
S = "smyga"
RANK_ORDER = FRENCH52.rank_order


class Table(EngineTable):
    rule_prefix = "Rödskägg — "

    def __init__(self, n: int = 3, first_dealer: int = 0, **options):
        super().__init__("rodskagg", NAMES[:n], first_dealer, **options)

    # -- posting -------------------------------------------------------------------------
    def quick(self, bids: dict[int, object], tricks: list[int] | None = None,
              joined: tuple[int, ...] = ()):
        """Quick entry of a whole deal; ``bids`` maps seat -> bid, the others smyger."""
        event: dict[str, object] = {"bids": [bids.get(s, S) for s in range(self.n)]}
        if tricks is not None:
            event["tricks"] = tricks
        if joined:
            event["joined"] = list(joined)
        return self.post("result", **event)

    def bid_round(self, bids: dict[int, object]):
        """Bid trick by trick in the order the engine expects; unlisted seats smyger."""
        while self.state.phase == "bidding":
            seat = self.expected().seat
            self.post("bid", seat=seat, bid=bids.get(seat, S))
        return self.state

    def tricks(self, *cards: str):
        for trick in cards:
            self.post("trick", cards=trick)
        return self.state

    def win_tricks(self, *winners: int):
        """Play one trick per winner: everyone follows suit, the winner plays the highest
        unplayed card of the suit, the others the lowest."""
        for winner in winners:
            deal = self.state.deal
            order = []
            seat = self.expected().seat
            active = [s for s in range(self.n) if s not in self.state.out
                      and s not in deal.dropped]
            while len(order) < len(active):
                order.append(seat)
                seat = active[(active.index(seat) + 1) % len(active)]
            assert winner in order
            seen = {s.card for s in deal.knowledge.seen}
            suit = max(SUITS, key=lambda s: sum(Card(s, r) not in seen for r in RANK_ORDER))
            free = [Card(suit, r) for r in RANK_ORDER if Card(suit, r) not in seen]
            assert len(free) >= len(order)
            high, lows = free[-1], free[:len(order) - 1]
            cards = [high if s == winner else lows.pop(0) for s in order]
            self.post("trick", cards=" ".join(map(str, cards)))
        return self.state

    # -- reading ---------------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.setup.players)

    @property
    def scores(self) -> tuple[int, ...]:
        return self.state.scores

    def expected(self):
        return rodskagg.expected(self.state)

    def sheet(self):
        return rodskagg.sheet(self.state)

    def findings(self):
        return rodskagg.findings(self.state)

    def check_replay(self) -> None:
        assert replay(self.setup, self.entries) == self.state


def offered_breaches(t: Table) -> list[str]:
    """The fem-opp breaches ``expected`` offers now."""
    return [b for i in t.expected().inputs if i.type == "fem_opp" for b in i.fields["breach"]]


def table_at(points: dict[int, int], n: int = 3, **options) -> Table:
    """A table where the given seats have come down to the given points by quick entries
    (each such seat bids and takes what it needs in one or more made deals)."""
    t = Table(n, **options)
    for seat, target in points.items():
        while t.scores[seat] > target:
            k = min(6, t.scores[seat] - target)
            tricks = [0] * n
            tricks[seat] = k
            tricks[next(s for s in range(n) if s != seat)] += 6 - k
            t.quick({seat: k}, tricks)
    assert all(t.scores[s] == p for s, p in points.items())
    assert t.state.phase == "deal"
    return t


# =====================================================================================
# The start
# =====================================================================================
def test_everyone_starts_at_twelve_and_the_sheet_opens_with_it():
    for n in range(3, 8):
        t = Table(n)
        assert t.scores == (12,) * n
        sheet = t.sheet()
        assert sheet.rows[0].kind == "start" and sheet.rows[0].totals == (12,) * n
        assert sheet.winner is None and sheet.next_dealer == 0
        assert t.expected().phase == "deal"


@pytest.mark.parametrize("n", [2, 8])
def test_three_to_seven_players(n):
    setup = TableSetup("rodskagg", tuple(f"P{i}" for i in range(n)))
    with pytest.raises(RuleViolation) as info:
        setup.new_state()
    assert info.value.code == "player_count"


def test_the_game_is_found_by_its_other_name():
    assert get_game("Fem-opp") is rodskagg
    assert get_game("rödskägg") is rodskagg


def test_deck_is_the_52_card_deck():
    assert len(rodskagg.DECK) == 52 and rodskagg.DECK is FRENCH52


# =====================================================================================
# The worked examples of the text
# =====================================================================================
def test_score_deal_examples_of_the_text():
    assert rodskagg.score_deal(12, 3, 4) == 8  # A: 12, bid three, took four
    assert rodskagg.score_deal(7, 3, 2) == 7 - 2 + 5 == 10  # B


def test_example_a_trick_by_trick_12_bid_three_took_four_is_8():
    t = Table(3, first_dealer=C)  # Cia deals, Anna is forehand
    t.post("deal")
    t.post("knock")
    t.bid_round({A: 3})
    assert t.state.deal.declarer == A and t.state.deal.contract == 3
    t.tricks("♠A ♠2 ♠3",      # Anna leads and wins
             "♠K ♠4 ♠5",      # Anna
             "♥2 ♥A ♥3",      # Bo wins and leads next
             "♦2 ♦3 ♦A")      # Bo, Cia, Anna: Anna wins; Cia has no trick
    t.post("ask")
    t.post("join", seat=C, join=True)
    t.tricks("♣A ♣2 ♣3",      # Anna: four tricks
             "♥5 ♥6 ♥Q")      # Cia wins the last one
    assert t.state.deal.won == (4, 1, 1)
    assert t.scores == (8, 12, 12)
    row = t.sheet().rows[-1]
    assert row.kind == "deal" and row.changes == (-4, None, None) and row.totals == (8, 12, 12)
    assert t.findings() == ()
    assert t.state.phase == "deal" and t.state.dealer == A  # the deal passes on clockwise
    t.check_replay()


def test_example_a_by_quick_entry():
    t = Table(3, first_dealer=C)
    t.quick({A: 3}, [4, 1, 1])
    assert t.scores == (8, 12, 12)
    t.check_replay()


def test_example_b_trick_by_trick_7_bid_three_took_two_is_10():
    t = Table(3)  # Anna deals deal 1, Bo deals deal 2
    t.quick({B: 5}, [1, 5, 0])
    assert t.scores[B] == 7
    t.post("deal")
    t.bid_round({B: 3})
    assert t.state.deal.declarer == B
    t.win_tricks(B, A, B, C)
    t.post("ask")
    assert t.state.phase == "play"  # everybody has a trick: nobody decides
    t.win_tricks(A, C)
    assert t.state.deal.won == (2, 2, 2)
    assert t.scores == (12, 10, 12)
    assert t.sheet().rows[-1].changes == (None, 3, None)
    t.check_replay()


def test_example_b_by_quick_entry():
    t = table_at({B: 7})
    t.quick({B: 3}, [2, 2, 2])
    assert t.scores[B] == 10
    t.check_replay()


def _stood_at_three_bid_two() -> Table:
    """Bo stands at 3 and bids two; Cia deals, Anna is forehand."""
    t = table_at({B: 3})
    assert t.state.dealer == C
    t.post("deal")
    t.post("knock")
    t.bid_round({B: 2})
    t.win_tricks(B, B, C)
    assert t.state.deal.exit_due is None  # two tricks: made, but at 1 point
    t.win_tricks(B)  # "har efter fjärde sticket vunnit tre av dem": 3 - 3 = 0
    assert t.state.deal.exit_due == B
    assert t.state.phase == "ask"
    return t


def test_exit_knock_example_knocked_in_time_wins_after_the_deal():
    t = _stood_at_three_bid_two()
    assert any(i.type == "exit_knock" and i.seat == B for i in t.expected().inputs)
    t.refuse("no_exit", "exit_knock", seat=A)
    t.post("exit_knock", seat=B)
    t.refuse("already_knocked", "exit_knock", seat=B)
    t.post("ask")
    t.post("join", seat=A, join=False)
    t.win_tricks(B, B)
    assert t.scores[B] == 3 - 5 == -2  # 0 or below wins
    assert t.state.phase == "over" and t.state.winner == B
    t.refuse("breach_not_possible", "fem_opp", breach="forgot_exit_knock", caller=A)
    assert "exit_knock" not in [i.type for i in t.expected().inputs]
    t.check_replay()


def test_exit_knock_example_forgotten_fem_opp_at_once():
    t = _stood_at_three_bid_two()
    # Not forgotten yet: no further card has been played.
    t.refuse("breach_not_possible", "fem_opp", breach="forgot_exit_knock", caller=A)
    t.post("ask")
    t.post("join", seat=A, join=True)
    t.win_tricks(C)  # the next card came without the knock
    t.refuse("caller_is_offender", "fem_opp", breach="forgot_exit_knock", caller=B)
    t.post("fem_opp", breach="forgot_exit_knock", caller=A)
    assert t.scores[B] == 3 + 5  # "genast åker 5 poäng upp"
    assert t.sheet().rows[-1].kind == "penalty"
    assert t.sheet().rows[-1].changes == (None, 5, None)
    t.refuse("already_called", "fem_opp", breach="forgot_exit_knock", caller=C)
    t.win_tricks(B)
    # Made (4 tricks) from 8: 8 - 4 = 4, no win. Anna joined without a trick: +5.
    assert t.scores == (17, 4, 12)
    assert t.state.phase == "deal" and t.state.winner is None
    t.check_replay()


def test_exit_knock_forgotten_and_called_after_the_deal_lifts_the_winner():
    t = _stood_at_three_bid_two()
    t.post("ask")
    t.post("join", seat=A, join=False)
    t.win_tricks(B, C)
    assert t.scores[B] == 3 - 4 == -1
    assert t.state.winner == B and t.state.phase == "over"
    dealer_of_the_deal = t.state.deal.dealer
    t.post("fem_opp", breach="forgot_exit_knock", caller=C)
    assert t.scores[B] == 4
    # The +5 lifts him above 0: the match goes on, and the next player deals.
    assert t.state.winner is None and t.state.phase == "deal"
    assert t.state.dealer == (dealer_of_the_deal + 1) % 3
    assert t.sheet().winner is None and t.sheet().settlement is None
    t.post("deal")
    assert t.state.deal.dealer == (dealer_of_the_deal + 1) % 3
    # Once the next deal has begun, the old deal's knock can no longer be called.
    t.refuse("breach_not_possible", "fem_opp", breach="forgot_exit_knock", caller=C)
    t.check_replay()


def test_reaching_zero_only_with_the_last_trick_needs_no_knock():
    t = table_at({B: 3})
    t.post("deal")
    t.bid_round({B: 3})
    t.win_tricks(B, B, A, C)
    t.post("ask")
    t.win_tricks(A, B)
    assert t.state.deal.exit_due is None
    assert t.state.winner == B and t.scores[B] == 0  # exactly 0 wins too
    t.refuse("breach_not_possible", "fem_opp", breach="forgot_exit_knock", caller=A)


# =====================================================================================
# Budgivningen
# =====================================================================================
def test_bidding_goes_once_round_from_forehand_dealer_last():
    for dealer in range(4):
        t = Table(4, first_dealer=dealer)
        t.post("deal")
        order = []
        while t.state.phase == "bidding":
            seat = t.expected().seat
            order.append(seat)
            t.post("bid", seat=seat, bid=S)
        assert order == [(dealer + k) % 4 for k in range(1, 5)]
        assert order[-1] == dealer


def test_bid_out_of_turn_is_refused():
    t = Table(3)  # Anna deals: Bo, Cia, Anna
    t.post("deal")
    v = t.refuse("not_your_turn", "bid", seat=A, bid=2)
    assert v.params["expected_seat"] == B and v.rule == rodskagg.R_BIDDING
    t.refuse("not_your_turn", "bid", seat=C, bid=2)
    t.post("bid", seat=B, bid=2)
    t.refuse("not_your_turn", "bid", seat=B, bid=3)  # one chance each


def test_a_bid_must_be_higher_than_the_last():
    t = Table(4)
    t.post("deal")
    t.post("bid", seat=B, bid=3)
    v = t.refuse("bid_not_higher", "bid", seat=C, bid=3)
    assert v.params["highest"] == 3
    t.refuse("bid_not_higher", "bid", seat=C, bid=2)
    t.post("bid", seat=C, bid=S)  # smyga is always open
    assert [c for c in t.expected().inputs[0].choices] == ["smyga", 4, 5, 6, "rodskagg"]
    t.post("bid", seat=D, bid="Rödskägg")
    t.refuse("bid_not_higher", "bid", seat=A, bid="rodskagg")  # nothing above Rödskägg
    t.refuse("bid_not_higher", "bid", seat=A, bid=6)
    t.post("bid", seat=A, bid="smyger")
    assert t.state.deal.declarer == D and t.state.deal.contract == rodskagg.RODSKAGG
    assert t.state.phase == "play" and t.expected().seat == D


def test_six_and_rodskagg_rank_above_the_numbers():
    t = Table(3)
    t.post("deal")
    t.post("bid", seat=B, bid=5)
    t.post("bid", seat=C, bid=6)
    t.post("bid", seat=A, bid="röd-skägg")
    assert t.state.deal.declarer == A


@pytest.mark.parametrize("bid", [0, 7, 8, -1, "sju", "7", True])
def test_bad_bids_are_refused(bid):
    t = Table(3)
    t.post("deal")
    v = t.refuse("bad_bid", "bid", seat=B, bid=bid)
    assert v.rule == rodskagg.R_BIDDING


def test_bid_words():
    for word, value in [("smyga", 0), ("Smyger", 0), ("pass", 0), (None, 0),
                        ("rodskagg", 7), ("Rödskägg", 7), ("3", 3), (6, 6)]:
        assert rodskagg.parse_bid(word) == value


def test_highest_bidder_declares_and_leads_the_first_trick():
    t = Table(3)
    t.post("deal")
    t.bid_round({B: 1, C: 2})
    assert t.state.deal.declarer == C and t.state.deal.contract == 2
    assert t.expected().phase == "play" and t.expected().seat == C
    v = t.refuse("not_your_turn", "play", seat=B, card="♠A")
    assert v.params["expected_seat"] == C
    t.post("play", seat=C, card="♠A")


def test_bidding_is_over_after_one_round():
    t = Table(3)
    t.post("deal")
    t.bid_round({B: 1})
    t.refuse("not_expected", "bid", seat=B, bid=2)


def test_all_smyga_default_throws_in_and_the_next_dealer_deals():
    t = Table(3)
    t.post("deal")
    t.bid_round({})
    assert t.scores == (12, 12, 12)
    assert t.state.phase == "deal" and t.state.dealer == B
    row = t.sheet().rows[-1]
    assert row.kind == "thrown_in" and row.changes == (None, None, None)
    t.post("deal")
    assert t.state.deal.forehand == C and t.state.deal.number == 2
    t.check_replay()


def test_all_smyga_same_dealer_option():
    t = Table(3, all_smyga="same_dealer")
    t.post("deal")
    t.bid_round({})
    assert t.state.phase == "deal" and t.state.dealer == A
    t.quick({})
    assert t.state.phase == "deal" and t.state.dealer == A and t.scores == (12, 12, 12)
    t.check_replay()


def test_all_smyga_by_quick_entry_and_no_tricks_then():
    t = Table(3)
    t.refuse("no_declarer", "result", bids=[S, S, S], tricks=[2, 2, 2])
    t.refuse("no_declarer", "result", bids=[S, S, S], joined=[1])
    # No tricks, but what is written must be tricks: junk was once taken and ignored.
    for junk in ([{}, {}, {}], [0] * 200, [None, None, None], [0, 0], [False] * 3):
        t.refuse("result_shape", "result", bids=[S, S, S], tricks=junk)
    t.post("result", bids=[S, S, S], tricks=[])
    assert t.state.dealer == B and t.scores == (12, 12, 12)
    t.post("result", bids=[S, S, S], tricks=[0, 0, 0])
    assert t.state.dealer == C and t.scores == (12, 12, 12)
    t.quick({})
    assert t.state.dealer == A and t.scores == (12, 12, 12)


def test_knock_before_bidding_only_once():
    t = Table(3)
    t.refuse("not_expected", "knock")  # nothing dealt yet
    t.post("deal")
    t.post("knock")
    t.refuse("already_knocked", "knock")
    t.post("bid", seat=B, bid=1)
    t.refuse("not_expected", "knock")


# =====================================================================================
# Spelet
# =====================================================================================
def test_highest_card_of_the_led_suit_wins_no_trumps_ace_high():
    t = Table(3)
    t.post("deal")
    t.bid_round({B: 1})
    # Bo leads ♦2, Cia discards the ♠A (a higher card, but not the led suit), Anna ♦3.
    t.tricks("♦2 ♠A ♦3")
    assert t.state.deal.won == (1, 0, 0)
    assert t.expected().seat == A  # the trick winner leads the next
    t.refuse("not_your_turn", "play", seat=B, card="♥2")
    t.tricks("♥K ♥A ♥Q")  # Anna, Bo, Cia: Bo's ace beats the king
    assert t.state.deal.won == (1, 1, 0)
    assert t.expected().seat == B
    t.tricks("♣10 ♣J ♣9")  # Bo, Cia, Anna: Cia's knave beats the ten
    assert t.state.deal.won == (1, 1, 1) and t.expected().seat == C


def test_declarer_leads_all_option():
    t = Table(3, declarer_leads_all=True)
    t.post("deal")
    t.bid_round({B: 1})
    t.tricks("♦2 ♦A ♦3")  # Cia wins ...
    assert t.state.deal.won == (0, 0, 1)
    assert t.expected().seat == B  # ... but the declarer leads again
    t.refuse("not_your_turn", "play", seat=C, card="♠2")
    t.check_replay()


def test_revoke_is_proven_later_and_names_both_tricks():
    t = Table(3)
    t.post("deal")
    t.bid_round({B: 2})
    t.tricks("♥A ♥2 ♠3")  # Bo leads hearts, Cia follows, Anna plays a spade
    assert t.findings() == ()  # nothing can be said yet: maybe Anna has no heart
    t.tricks("♥K ♥3 ♥4")  # Anna plays a heart: she had one in trick 1
    (finding,) = t.findings()
    assert finding.code == "revoke_proven" and finding.seat == A
    assert finding.params == {"suit": "♥", "revoke_trick": 1, "revoke_card": "♠3",
                              "proof_trick": 2, "proof_card": "♥4"}
    assert "1" in finding.en and "2" in finding.en and "Anna" in finding.en
    assert "stick 1" in finding.sv and "stick 2" in finding.sv
    assert finding.rule == rodskagg.R_PLAY
    # The card was played at the table: it is not refused.
    assert t.state.deal.won == (0, 2, 0)
    t.win_tricks(B, C)
    t.post("ask")
    t.post("join", seat=A, join=False)
    t.win_tricks(B, C)
    # The finding stays with the table after the deal and into the next one.
    assert t.findings() == (finding,)
    t.post("deal")
    assert t.findings() == (finding,)
    t.check_replay()


def test_a_discard_from_a_real_void_is_no_finding():
    t = Table(3)
    t.post("deal")
    t.bid_round({B: 2})
    t.tricks("♥A ♥2 ♠3", "♥K ♥3 ♠4", "♣A ♣2 ♣3")
    assert t.findings() == ()


def test_revoke_finding_survives_a_misdeal_before_the_next_deal():
    t = Table(3)
    t.post("deal")
    t.bid_round({B: 1})
    t.tricks("♥A ♥2 ♠3", "♥K ♥3 ♥4")
    assert len(t.findings()) == 1
    t.win_tricks(B, B)
    t.post("ask")
    t.post("join", seat=C, join=False)
    t.post("join", seat=A, join=False)
    t.win_tricks(B, B)
    assert len(t.findings()) == 1 and t.state.phase == "deal"
    t.post("misdeal", knocked=True)  # the next deal is a misdeal before it was entered
    assert len(t.findings()) == 1
    t.post("deal")
    assert len(t.findings()) == 1
    t.check_replay()


def test_card_already_played():
    t = Table(3)
    t.post("deal")
    t.bid_round({B: 1})
    t.tricks("♥A ♥2 ♥3")
    v = t.refuse("card_already_played", "play", seat=B, card="♥2")
    assert v.params == {"card": "♥2", "trick": 1, "seat": C}
    t.post("play", seat=B, card="♠A")
    t.refuse("card_already_played", "play", seat=C, card="♠A")  # in the same trick too
    t.refuse("card_already_played", "play", seat=C, card="SE")  # whatever the notation
    t.refuse("card_already_played", "trick", cards="♠2 ♥3")


def test_unknown_card_and_wrong_seat_are_malformed():
    t = Table(3)
    t.post("deal")
    t.bid_round({B: 1})
    for card in ("♠1", "X5", "♠11", "", "joker"):
        t.refuse("bad_card_notation", "play", seat=B, card=card)
    v = t.refuse("bad_field", "play", seat=3, card="♠A")  # a 3-player table has seats 0-2
    assert isinstance(v, EventFormatError)
    t.refuse("bad_field", "play", seat=-1, card="♠A")
    t.refuse("bad_field", "play", seat="Bo", card="♠A")
    t.refuse("missing_field", "play", seat=B)
    t.refuse("unknown_field", "play", seat=B, card="♠A", trump="♥")
    t.refuse("unknown_event_type", "trumf")
    t.post("play", seat=B, card="hE")  # Swedish notation: hjärter ess
    assert t.state.deal.current.plays[0].card == Card("♥", "A")


def test_trick_event_must_complete_the_trick():
    t = Table(4)
    t.post("deal")
    t.bid_round({B: 1})
    t.refuse("trick_size", "trick", cards="♠2 ♠3 ♠4")
    t.refuse("trick_size", "trick", cards="♠2 ♠3 ♠4 ♠5 ♠6")
    t.post("play", seat=B, card="♠2")
    t.post("trick", cards="♠3 ♠4 ♠5")  # the rest of it, from the seat to play
    assert t.state.deal.won == (1, 0, 0, 0)


def test_play_before_the_bidding_is_done_is_refused():
    t = Table(3)
    t.post("deal")
    t.refuse("not_expected", "play", seat=B, card="♠A")
    t.post("bid", seat=B, bid=1)
    t.refuse("not_expected", "play", seat=B, card="♠A")


# =====================================================================================
# "Går ni med?"
# =====================================================================================
def _four_tricks_played(n: int = 4) -> Table:
    """Bo declares three at a 4-table (Anna deals); after four tricks Bo has 3, Dan 1."""
    t = Table(n)
    t.post("deal")
    t.bid_round({B: 3})
    t.win_tricks(B, D, B, B)
    assert t.state.phase == "ask"
    return t


def _asked_and_joined(cia_joins: bool) -> Table:
    """After ``_four_tricks_played`` Bo asks; Cia (no trick yet) joins or drops out, then
    Anna joins; Dan has a trick and is in without a word."""
    t = _four_tricks_played()
    t.post("ask")
    t.post("join", seat=C, join=cia_joins)
    t.post("join", seat=A, join=True)
    return t


def test_the_fifth_trick_waits_for_the_question():
    t = _four_tricks_played()
    leader = t.expected().seat
    assert leader == B and t.expected().phase == "ask"
    v = t.refuse("ask_required", "play", seat=leader, card="♣A")
    assert v.params["declarer"] == B
    t.refuse("ask_required", "trick", cards="♣A ♣2 ♣3 ♣4")
    t.refuse("not_expected", "join", seat=A, join=True)
    t.post("ask")
    t.refuse("not_expected", "ask")
    assert t.state.phase == "join"
    assert [i.seat for i in t.expected().inputs if i.type == "join"] == [C, A]


def test_join_decisions():
    t = _four_tricks_played()
    t.post("ask")
    t.refuse("not_deciding", "join", seat=B, join=True)   # the declarer
    t.refuse("not_deciding", "join", seat=D, join=False)  # has a trick: in, risks nothing
    t.refuse("not_expected", "play", seat=B, card="♣A")   # not everyone has decided
    t.post("join", seat=C, join=False)
    t.refuse("not_deciding", "join", seat=C, join=True)   # decided already
    t.post("join", seat=A, join=True)
    assert t.state.phase == "play"
    assert t.state.deal.joined == (A,) and t.state.deal.dropped == (C,)
    t.check_replay()


def test_a_dropped_player_plays_no_more_and_is_skipped():
    t = _asked_and_joined(cia_joins=False)
    assert t.expected().seat == B
    t.post("play", seat=B, card="♠6")
    v = t.refuse("dropped_out", "play", seat=C, card="♠7")
    assert v.params["seat"] == C
    t.post("play", seat=D, card="♠7")  # Cia is skipped
    t.post("play", seat=A, card="♠8")
    assert t.state.deal.won == (1, 3, 0, 1)  # a trick of three cards, Anna's ♠8 won
    assert t.expected().seat == A
    t.refuse("trick_size", "trick", cards="♦6 ♦7 ♦8 ♦9")
    t.refuse("dropped_out", "play", seat=C, card="♦6")
    t.post("trick", cards="♦6 ♦7 ♦8")
    assert t.state.deal.won == (1, 3, 0, 2)


def test_joiner_without_a_trick_gets_five_dropper_and_trick_holders_nothing():
    t = _asked_and_joined(cia_joins=False)
    t.win_tricks(B, D)
    # Bo bid three, took four: 12 - 4; Anna joined and took nothing: +5;
    # Cia dropped: nothing; Dan had a trick and is in automatically: nothing.
    assert t.scores == (17, 8, 12, 12)
    assert t.sheet().rows[-1].changes == (5, -4, None, None)
    t.check_replay()


def test_joiner_who_takes_a_last_trick_is_safe():
    t = _asked_and_joined(cia_joins=True)
    t.win_tricks(C, A)
    assert t.scores == (12, 9, 12, 12)  # Bo: three bid, three taken


def test_joiner_penalty_follows_the_penalty_option():
    t = Table(4, penalty=6)
    t.post("deal")
    t.bid_round({B: 3})
    t.win_tricks(B, D, B, B)
    t.post("ask")
    t.post("join", seat=C, join=True)
    t.post("join", seat=A, join=False)
    t.win_tricks(B, D)
    assert t.scores == (12, 8, 18, 12)


def test_ask_with_nobody_to_decide_goes_on_with_play():
    t = Table(3)
    t.post("deal")
    t.bid_round({B: 2})
    t.win_tricks(A, B, C, B)
    t.post("ask")
    assert t.state.phase == "play"
    assert t.expected().seat == B  # the winner of the fourth trick leads the fifth


def test_fem_opp_for_the_forgotten_question():
    t = _four_tricks_played()
    t.refuse("caller_is_offender", "fem_opp", breach="forgot_ask", caller=B)
    t.refuse("wrong_offender", "fem_opp", breach="forgot_ask", caller=A, offender=D)
    t.post("fem_opp", breach="forgot_ask", caller=D)
    assert t.scores == (12, 17, 12, 12)
    # The question counts as asked now: the trickless players decide.
    assert t.state.phase == "join" and t.state.deal.asked
    t.refuse("not_expected", "ask")
    t.refuse("breach_not_possible", "fem_opp", breach="forgot_ask", caller=A)
    t.post("join", seat=C, join=False)
    t.post("join", seat=A, join=False)
    t.win_tricks(B, B)
    assert t.scores == (12, 17 - 5, 12, 12)
    t.check_replay()


def test_forgot_ask_cannot_be_called_before_the_fourth_trick():
    t = Table(3)
    t.post("deal")
    t.refuse("breach_not_possible", "fem_opp", breach="forgot_ask", caller=A)
    t.bid_round({B: 2})
    t.win_tricks(B, B, B)
    t.refuse("breach_not_possible", "fem_opp", breach="forgot_ask", caller=A)


# =====================================================================================
# Poängräkning
# =====================================================================================
def test_failed_contract_plus_five_minus_tricks():
    t = Table(3)
    t.quick({B: 4}, [3, 3, 0])
    assert t.scores == (12, 12 - 3 + 5, 12)
    t.quick({C: 2}, [3, 3, 0])  # no trick at all
    assert t.scores == (12, 14, 17)


def test_failed_contract_with_penalty_six():
    t = Table(3, penalty=6)
    t.quick({B: 4}, [3, 3, 0])
    assert t.scores == (12, 12 - 3 + 6, 12)


def test_only_the_declarer_moves_down():
    t = Table(4)
    t.quick({B: 1}, [3, 1, 2, 0])
    assert t.scores == (12, 11, 12, 12)
    assert t.sheet().rows[-1].changes == (None, -1, None, None)


def test_rodskagg_made_wins_at_once_whatever_the_points():
    t = Table(3)
    t.post("deal")
    t.bid_round({B: "rodskagg"})
    t.win_tricks(B, B, B, B)
    t.post("ask")
    t.post("join", seat=A, join=False)
    t.post("join", seat=C, join=False)
    t.win_tricks(B, B)
    assert t.scores == (12, 6, 12)
    assert t.state.phase == "over" and t.state.winner == B
    assert rodskagg.is_over(t.state)
    assert rodskagg.result(t.state)["winner"] == B
    t.refuse("not_expected", "deal")
    t.refuse("not_expected", "result", bids=[S, 1, S], tricks=[0, 6, 0])
    t.check_replay()


def test_rodskagg_failed_is_out_at_points_before_the_deal_plus_five():
    t = Table(4)
    t.quick({C: 2}, [0, 0, 2, 4])  # Cia 10; Bo deals next
    assert t.scores == (12, 12, 10, 12)
    t.post("deal")
    t.bid_round({C: "rodskagg"})
    t.win_tricks(C, C, C, C)
    t.post("ask")
    for seat in (D, A, B):
        t.post("join", seat=seat, join=seat == A)
    t.win_tricks(C, A)  # Anna takes the last: Rödskägg failed
    # Out, at 10 + 5: the five tricks he won do not count. Anna joined and took one.
    assert t.scores == (12, 12, 15, 12)
    assert t.state.out == (C,)
    assert t.sheet().rows[-1].marks[C] == "ute"
    assert t.state.phase == "deal" and t.state.winner is None
    # Bo dealt; the deal passes to Cia, who is out, so Dan deals.
    assert t.state.dealer == D
    t.post("deal")
    order = []
    while t.state.phase == "bidding":
        seat = t.expected().seat
        if seat == B:
            t.refuse("not_your_turn", "bid", seat=C, bid=1)
        order.append(seat)
        t.post("bid", seat=seat, bid=S)
    assert order == [A, B, D]
    assert t.state.dealer == A
    t.quick({A: 1}, [1, 5, 0, 0])
    assert t.state.dealer == B
    t.quick({B: 1}, [0, 6, 0, 0])
    assert t.state.dealer == D  # Cia skipped again
    # He cannot bid, take tricks or call or be called fem opp.
    t.refuse("caller_out", "result", bids=[S, S, 1, S], tricks=[0, 0, 6, 0])
    t.refuse("caller_out", "result", bids=[1, S, S, S], tricks=[5, 0, 1, 0])
    t.refuse("player_out", "fem_opp", breach="foreign_cut", caller=C)
    t.post("deal")
    t.refuse("player_out", "fem_opp", breach="picked_up_early", caller=A, offender=C)
    t.check_replay()


def test_rodskagg_failed_by_quick_entry_penalty_option():
    t = Table(3, penalty=6)
    t.quick({A: "rodskagg"}, [5, 1, 0])
    assert t.scores == (18, 12, 12) and t.state.out == (A,)


def test_last_player_left_in_the_match_wins():
    t = Table(3)
    t.quick({B: "rodskagg"}, [1, 5, 0])
    assert t.state.out == (B,) and t.state.phase == "deal"
    assert t.state.dealer == C  # Anna dealt; Bo is out
    t.quick({A: "rodskagg"}, [5, 0, 1])
    assert t.state.out == (B, A)
    assert t.state.winner == C and t.state.phase == "over"


def test_reaching_zero_or_below_wins():
    t = table_at({B: 2})
    t.quick({B: 1}, [2, 3, 1])
    assert t.scores[B] == -1
    assert t.state.winner == B and t.state.phase == "over"
    assert t.sheet().winner == B and t.sheet().next_dealer is None
    t.refuse("not_expected", "deal")
    t.refuse("not_expected", "misdeal", knocked=True)
    t.check_replay()


def test_failed_contract_never_wins():
    t = table_at({B: 1})
    t.quick({B: 6}, [1, 5, 0])
    assert t.scores[B] == 1 - 5 + 5 and t.state.winner is None


def test_exact_zero_option():
    t = table_at({B: 2}, exact_zero=True)
    t.quick({B: 1}, [2, 3, 1])  # would be -1: stays at 2 (our reading)
    assert t.scores[B] == 2 and t.state.winner is None
    t.quick({B: 2}, [2, 2, 2])
    assert t.scores[B] == 0 and t.state.winner == B


def test_settlement_is_proportional_to_the_point_differences():
    t = table_at({B: 3, C: 9}, n=4, stake_per_point=2)
    t.quick({B: 3}, [1, 4, 1, 0])
    assert t.scores == (12, -1, 9, 12)
    assert t.state.winner == B
    settle = t.sheet().settlement
    # Each pays the winner 2 kr a point of difference to his -1.
    assert settle == (-26, 26 + 20 + 26, -20, -26)
    assert sum(settle) == 0
    assert rodskagg.result(t.state)["settlement"] == list(settle)


def test_settlement_never_pays_a_loser_who_stands_below_the_winner():
    t = table_at({B: 11, C: 3}, n=3)
    t.quick({B: "rodskagg"}, [0, 6, 0])  # Rödskägg made from 11: B wins at 5
    assert t.scores == (12, 5, 3) and t.state.winner == B
    assert t.sheet().settlement == (-7, 7, 0)


# =====================================================================================
# Fem opp!
# =====================================================================================
def test_foreign_cut_costs_the_dealer_five():
    t = Table(3)
    t.refuse("caller_is_offender", "fem_opp", breach="foreign_cut", caller=A)
    t.refuse("wrong_offender", "fem_opp", breach="foreign_cut", caller=B, offender=C)
    t.post("fem_opp", breach="foreign_cut", caller=B)  # called before the deal is entered
    assert t.scores == (17, 12, 12)
    assert t.sheet().rows[-1].kind == "penalty"
    assert t.sheet().rows[-1].changes == (5, None, None)
    t.refuse("already_called", "fem_opp", breach="foreign_cut", caller=C)
    t.post("deal")
    t.refuse("already_called", "fem_opp", breach="foreign_cut", caller=C)  # the same cut
    t.check_replay()


def test_foreign_cut_can_be_called_until_the_bidding_starts():
    t = Table(3)
    t.post("deal")
    t.post("knock")
    t.post("fem_opp", breach="foreign_cut", caller=C)
    assert t.scores == (17, 12, 12)
    t2 = Table(3)
    t2.post("deal")
    t2.post("bid", seat=B, bid=1)
    t2.refuse("breach_not_possible", "fem_opp", breach="foreign_cut", caller=C)


def test_picked_up_before_the_knock():
    t = Table(3)
    t.post("deal")
    t.refuse("offender_required", "fem_opp", breach="picked_up_early", caller=A)
    t.refuse("caller_is_offender", "fem_opp", breach="picked_up_early", caller=C, offender=C)
    t.post("fem_opp", breach="picked_up_early", caller=A, offender=C)
    assert t.scores == (12, 12, 17)
    t.refuse("already_called", "fem_opp", breach="picked_up_early", caller=B, offender=C)
    t.post("fem_opp", breach="picked_up_early", caller=C, offender=A)  # the dealer too
    assert t.scores == (17, 12, 17)
    t.post("knock")
    # The knock shows who was early: the call is still open until the first bid.
    t.post("fem_opp", breach="picked_up_early", caller=A, offender=B)
    assert t.scores == (17, 17, 17)
    t.bid_round({B: 1})
    err = t.refuse("breach_not_possible", "fem_opp", breach="picked_up_early", caller=A,
                   offender=B)
    assert "bidding has already begun" in err.message("en")
    t.check_replay()


def test_picked_up_early_not_after_bidding_started_even_without_knock():
    t = Table(3)
    t.post("deal")
    t.post("bid", seat=B, bid=1)
    t.refuse("breach_not_possible", "fem_opp", breach="picked_up_early", caller=A,
             offender=B)


def test_misdeal_without_knock_dealer_five_and_same_dealer_redeals():
    t = Table(3)
    t.post("deal")
    t.post("misdeal")
    assert t.scores == (17, 12, 12)
    assert t.state.phase == "deal" and t.state.dealer == A
    row = t.sheet().rows[-1]
    assert row.kind == "penalty" and row.changes == (5, None, None)
    t.post("deal")
    assert t.state.deal.dealer == A and t.state.deal.forehand == B
    assert t.state.deal.number == 1  # the redeal is the same deal (issue 15, item 10)
    t.check_replay()


def test_misdeal_after_knock_redeal_without_penalty():
    t = Table(3, first_dealer=B)
    t.post("deal")
    t.post("knock")
    t.post("misdeal")
    assert t.scores == (12, 12, 12)
    assert t.sheet().rows[-1].kind == "redeal"
    assert t.state.phase == "deal" and t.state.dealer == B


def test_misdeal_found_during_play_voids_the_deal():
    t = Table(3)
    t.post("deal")
    t.post("knock")
    t.bid_round({B: 1})
    t.win_tricks(B, B)
    t.refuse("knock_mismatch", "misdeal", knocked=False)
    t.post("misdeal", knocked=True)
    assert t.scores == (12, 12, 12)
    assert t.state.phase == "deal" and t.state.dealer == A and t.state.deal is None
    t.check_replay()


def test_penalties_stand_when_the_deal_turns_out_a_misdeal():
    t = Table(3)
    t.post("deal")
    t.post("fem_opp", breach="picked_up_early", caller=A, offender=B)
    t.post("misdeal")
    assert t.scores == (17, 17, 12)
    t.post("deal")
    # A new deal: picking up early can be called again for it.
    t.post("fem_opp", breach="picked_up_early", caller=A, offender=B)
    assert t.scores == (17, 22, 12)


def test_misdeal_before_the_deal_is_entered_must_say_whether_he_knocked():
    t = Table(3)
    t.refuse("knocked_required", "misdeal")
    t.post("misdeal", knocked=False)
    assert t.scores == (17, 12, 12) and t.state.dealer == A
    t.post("misdeal", knocked=True)
    assert t.scores == (17, 12, 12) and t.state.dealer == A
    t.post("deal")
    assert t.state.deal.number == 1  # two misdeals, and still deal 1 (issue 15, item 10)
    assert [r.deal for r in t.sheet().rows[1:]] == [1, 1]
    t.check_replay()


def test_breach_calls_that_do_not_fit_now():
    t = Table(3)
    for breach in ("forgot_ask", "forgot_exit_knock"):
        t.refuse("breach_not_possible", "fem_opp", breach=breach, caller=A, offender=B)
    t.refuse("bad_field", "fem_opp", breach="sneezed", caller=A)


# =====================================================================================
# Quick entry
# =====================================================================================
def test_quick_entry_validation():
    t = Table(3)
    t.refuse("tricks_do_not_add_up", "result", bids=[S, 3, S], tricks=[1, 2, 2])
    t.refuse("tricks_do_not_add_up", "result", bids=[S, 3, S], tricks=[3, 3, 3])
    t.refuse("result_shape", "result", bids=[S, 3], tricks=[0, 6, 0])
    t.refuse("result_shape", "result", bids=[S, 3, S])
    t.refuse("result_shape", "result", bids=[S, 3, S], tricks=[0, 6])
    t.refuse("result_shape", "result", bids=[S, 3, S], tricks=[-1, 7, 0])
    t.refuse("result_shape", "result", bids=[S, 3, S], tricks=[0, 6, False])
    t.refuse("joiner_tricks", "result", bids=[S, 3, S], tricks=[3, 3, 0], joined=[A])
    t.refuse("not_deciding", "result", bids=[S, 3, S], tricks=[1, 5, 0], joined=[B])
    t.refuse("bid_not_higher", "result", bids=[3, 3, S], tricks=[3, 3, 0])
    t.refuse("bad_bid", "result", bids=[S, 9, S], tricks=[0, 6, 0])
    t.refuse("bad_field", "result", bids=[S, 3, S], tricks=[0, 6, 0], joined=[4])
    t.refuse("missing_field", "result", tricks=[0, 6, 0])
    assert t.state.phase == "deal" and t.state.deals_started == 0


def test_quick_entry_joiners_share_two_tricks_at_most():
    t = Table(4)
    t.refuse("joiner_tricks", "result", bids=[S, 3, S, S], tricks=[0, 2, 2, 2],
             joined=[C, D])
    t.quick({B: 3}, [0, 4, 1, 1], joined=(C, D))
    assert t.scores == (12, 8, 12, 12)


def test_quick_entry_joiner_without_trick():
    t = Table(4)
    t.quick({B: 3}, [0, 4, 0, 2], joined=(A, C))
    assert t.scores == (17, 8, 17, 12)
    assert t.sheet().rows[-1].changes == (5, -4, 5, None)
    t.check_replay()


def test_quick_entry_highest_bid_declares():
    t = Table(4)  # order Bo, Cia, Dan, Anna
    t.quick({B: 1, C: 2, D: 4}, [1, 1, 0, 4])
    assert t.state.deal.declarer == D
    assert t.scores == (12, 12, 12, 8)


def test_quick_entry_only_before_the_bidding():
    t = Table(3)
    t.post("deal")
    t.post("knock")
    t.quick({B: 2}, [2, 2, 2])  # after the knock, before the first bid: fine
    assert t.scores == (12, 10, 12)
    t.post("deal")
    t.post("bid", seat=C, bid=1)
    t.refuse("not_expected", "result", bids=[S, S, 1], tricks=[0, 0, 6])


def test_quick_entry_forgot_ask_can_be_called_after_the_deal():
    t = Table(3)
    t.quick({B: 2}, [2, 2, 2])
    t.refuse("caller_is_offender", "fem_opp", breach="forgot_ask", caller=B)
    t.post("fem_opp", breach="forgot_ask", caller=A)
    assert t.scores == (12, 15, 12)
    t.refuse("already_called", "fem_opp", breach="forgot_ask", caller=C)
    t.post("deal")
    t.refuse("breach_not_possible", "fem_opp", breach="forgot_ask", caller=C)


def test_quick_entry_exit_knock_call_lifts_the_winner():
    # "stood at 3, bid two" and took four: he reached 0 during the deal.
    t = table_at({B: 3})
    dealer = t.state.dealer
    t.quick({B: 2}, [1, 4, 1])
    assert t.state.winner == B and t.scores[B] == -1
    t.post("fem_opp", breach="forgot_exit_knock", caller=A)
    assert t.scores[B] == 4
    assert t.state.winner is None and t.state.phase == "deal"
    assert t.state.dealer == (dealer + 1) % 3
    t.check_replay()


def test_quick_entry_exit_knock_call_that_does_not_lift_the_winner():
    t = table_at({B: 1})
    t.quick({B: 1}, [0, 6, 0])
    assert t.scores[B] == -5
    t.post("fem_opp", breach="forgot_exit_knock", caller=A)
    assert t.scores[B] == 0
    assert t.state.winner == B and t.state.phase == "over"


def test_quick_entry_exit_knock_impossible_when_zero_came_with_the_last_trick():
    # Six bid from 6: the sixth trick is the one that makes it; nothing to knock during play.
    t = table_at({B: 6})
    t.quick({B: 6}, [0, 6, 0])
    assert t.state.winner == B
    t.refuse("breach_not_possible", "fem_opp", breach="forgot_exit_knock", caller=A)


def test_quick_entry_exit_knock_counts_from_the_points_when_play_began():
    # Bo at 3 picks up early (+5 → 8), then bids two and takes three: 8 - 3 = 5.
    t = table_at({B: 3})
    t.post("deal")
    t.post("fem_opp", breach="picked_up_early", caller=A, offender=B)
    t.quick({B: 2}, [2, 3, 1])
    assert t.scores[B] == 5
    t.refuse("breach_not_possible", "fem_opp", breach="forgot_exit_knock", caller=A)


def test_a_call_does_not_take_a_made_rodskagg_away():
    t = table_at({B: 6})
    t.quick({B: "rodskagg"}, [0, 6, 0])
    assert t.state.winner == B
    t.refuse("breach_not_possible", "fem_opp", breach="forgot_exit_knock", caller=A)
    t.post("fem_opp", breach="forgot_ask", caller=A)
    assert t.scores[B] == 5
    assert t.state.winner == B and t.state.phase == "over"


def test_quick_entry_forgot_ask_can_lift_a_points_winner():
    t = table_at({B: 2})
    dealer = t.state.dealer
    t.quick({B: 2}, [2, 2, 2])
    assert t.state.winner == B
    t.post("fem_opp", breach="forgot_ask", caller=C)
    assert t.scores[B] == 5 and t.state.winner is None
    assert t.state.dealer == (dealer + 1) % 3


# =====================================================================================
# The log
# =====================================================================================
def test_expected_names_whose_turn_it_is_in_every_phase():
    t = Table(3)
    assert t.expected().phase == "deal" and t.expected().seat == A
    t.post("deal")
    assert t.expected().phase == "bidding" and t.expected().seat == B
    t.bid_round({C: 1})
    assert t.expected().phase == "play" and t.expected().seat == C
    t.win_tricks(C, C, C, C)
    assert t.expected().phase == "ask" and t.expected().seat == C
    t.post("ask")
    assert t.expected().phase == "join"
    assert {i.seat for i in t.expected().inputs if i.type == "join"} == {A, B}


def test_replay_of_a_long_mixed_log_equals_the_live_state():
    t = Table(4, first_dealer=D)
    t.post("fem_opp", breach="foreign_cut", caller=A)
    t.post("deal")
    t.post("fem_opp", breach="picked_up_early", caller=B, offender=C)
    t.post("knock")
    t.bid_round({A: 2, C: 3})
    t.tricks("♠A ♠2 ♠3 ♠4", "♥A ♥2 ♥3 ♦2")
    t.win_tricks(D, C)
    t.post("fem_opp", breach="forgot_ask", caller=B)
    t.post("join", seat=A, join=True)
    t.post("join", seat=B, join=False)
    t.win_tricks(C, C)
    t.quick({B: 1}, [1, 2, 3, 0])
    t.post("deal")
    t.bid_round({})
    t.post("misdeal", knocked=False)
    t.quick({A: "rodskagg"}, [6, 0, 0, 0])
    assert t.state.winner == A
    t.check_replay()
    described = rodskagg.describe(t.state)
    assert described["winner"] == A and described["scores"] == list(t.scores)


# =====================================================================================
# Issue 15, item 10: a redeal keeps its deal's number
# =====================================================================================
def test_a_redeal_after_a_misdeal_is_still_the_same_deal():
    """"Giv 1: felgiv, omgiv", and the redeal is deal 1 in the protokoll."""
    t = Table(3)
    t.post("deal")
    t.post("knock")
    t.post("misdeal")
    assert t.sheet().rows[-1].label_sv == "Giv 1: felgiv, omgiv"
    assert t.sheet().rows[-1].label_en == "Deal 1: misdeal, redeal"
    t.post("deal")
    assert t.state.deal.number == 1 and rodskagg.describe(t.state)["deal"]["number"] == 1
    t.bid_round({B: 1})
    t.win_tricks(B, B, B, B)
    t.post("ask")
    for seat in (C, A):
        t.post("join", seat=seat, join=False)
    t.win_tricks(B, B)
    rows = t.sheet().rows
    assert [(r.kind, r.deal) for r in rows[1:]] == [("redeal", 1), ("deal", 1)]
    assert rows[-1].label_sv.startswith("Giv 1: Bo ett")
    t.post("deal")
    assert t.state.deal.number == 2  # the next deal is deal 2
    t.check_replay()


def test_a_misdeal_in_a_quick_entry_table_keeps_the_number_too():
    t = Table(3)
    t.post("misdeal", knocked=False)  # found before anything of the deal was entered
    assert t.sheet().rows[-1].label_en == "Deal 1: misdeal without the knock – fem opp Anna"
    t.quick({B: 2}, [1, 3, 2])
    assert [(r.kind, r.deal) for r in t.sheet().rows[1:]] == [("penalty", 1), ("deal", 1)]
    t.check_replay()


# =====================================================================================
# Issue 15, item 8: "Fem opp!" for picking up before the knock — the window
# =====================================================================================
def test_picked_up_early_can_be_called_after_the_knock_until_the_first_bid():
    """The offence came before the knock, and the knock is what shows it: the text sets no
    deadline, and the call stays open until the bidding starts."""
    t = Table(4)
    t.post("deal")
    t.post("knock")
    assert "picked_up_early" in offered_breaches(t)
    t.post("fem_opp", breach="picked_up_early", caller=B, offender=D)
    assert t.scores == (12, 12, 12, 17)
    row = t.sheet().rows[-1]
    assert row.deal == 1 and row.label_en == "Fem opp: Dan picked up the cards before the " \
                                             "dealer's knock"
    t.post("bid", seat=B, bid=2)
    assert "picked_up_early" not in offered_breaches(t)
    t.refuse("breach_not_possible", "fem_opp", breach="picked_up_early", caller=A, offender=C)
    t.check_replay()


def test_picked_up_early_on_a_table_that_enters_deals_by_quick_entry():
    """No ``deal`` entry: between deals the call is for the coming deal's cards, and its
    refusal never speaks of a bidding that has not happened."""
    t = Table(3)
    assert "picked_up_early" in offered_breaches(t)
    t.post("fem_opp", breach="picked_up_early", caller=A, offender=B)
    assert t.scores == (12, 17, 12) and t.sheet().rows[-1].deal == 1
    t.refuse("already_called", "fem_opp", breach="picked_up_early", caller=C, offender=B)
    t.quick({C: 2}, [1, 2, 3])  # the deal itself, by quick entry
    assert t.sheet().rows[-1].deal == 1 and t.scores == (12, 17, 9)
    # Between this deal and the next: a call for the next deal's cards.
    t.post("fem_opp", breach="picked_up_early", caller=A, offender=B)
    assert t.sheet().rows[-1].deal == 2 and t.scores == (12, 22, 9)
    t.check_replay()


def test_picked_up_early_is_not_open_once_the_match_is_over():
    t = table_at({B: 1})
    t.quick({B: 1}, [0, 6, 0])
    assert t.state.phase == "over"
    err = t.refuse("breach_not_possible", "fem_opp", breach="picked_up_early", caller=A,
                   offender=C)
    assert "bidding" not in err.message("en") and "match is over" in err.message("en")


def test_the_deal_row_says_1_trick_in_english():
    """Issue 15, item 7 (the same slip as in the Schnapsen family): "1 trick", not "1 tricks"."""
    t = Table(3)
    t.quick({B: 1}, [2, 1, 3])
    assert t.sheet().rows[-1].label_en == "Deal 1: Bo One, 1 trick, made"
    assert t.sheet().rows[-1].label_sv == "Giv 1: Bo ett, 1 stick, hem"
