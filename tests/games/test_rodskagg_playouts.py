"""Random Rödskägg matches with fixed seeds, played with real cards.

Each deal shuffles the 52-card deck, gives six cards to every player still in the match, and
plays it out through the table log: random bids and joins, legal cards (follow suit when
able), now and then a fem-opp breach, a misdeal, a forgotten question or exit knock. The
hands are known here but never shown to the engine, as at a real table.

Invariants checked after every deal and at the end:

- the six tricks of a deal are all there and every card is played at most once, from the
  hand it was dealt to;
- a deal row changes only the declarer and the joiners (a joiner only when he took no trick);
  the declarer's change is the rule text's (made: minus the tricks; failed: plus the penalty
  minus the tricks; Rödskägg failed: plus the penalty and out); every fem-opp row changes one
  player by exactly 5; the sheet's changes add up to the totals;
- the deal passes clockwise among the players still in, except after a misdeal;
- no findings when everybody follows suit; with deliberate revokes, a finding exactly when the
  revoking player later shows the suit, naming his revoke trick;
- replaying the recorded log gives a state equal to the live one, also for prefixes;
- the match ends with a winner within a bounded number of deals.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from rules_engine.cards import FRENCH52, Card
from rules_engine.games import rodskagg
from tests.game_checks import check_rows_add_up
from tests.playout_kit import Playout, check_revokes_proven, option_ids, trick_winner

MAX_DEALS = 400
NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun")
HIGH = {"A": 1, "K": 0.5}


@dataclass
class Match(Playout):
    revoke_rate: float = 0.0
    deals_played: int = 0
    revokes: list[tuple[int, str, int]] = field(default_factory=list)  # seat, suit, trick

    @property
    def penalty(self) -> int:
        return self.state.options.penalty

    def others(self, seat: int) -> list[int]:
        return [s for s in self.state.in_match if s != seat]

    # -- one deal ----------------------------------------------------------------------------
    def maybe_call(self, breach: str, probability: float) -> None:
        """Call fem opp for ``breach`` if the engine says the call is open now."""
        open_ = [i for i in self.expected().inputs if i.type == "fem_opp"]
        if not open_ or breach not in open_[0].fields["breach"]:
            return
        if self.rng.random() >= probability:
            return
        offender = None
        deal = self.state.deal
        if breach == "foreign_cut":
            offender = self.state.dealer
        elif breach in ("forgot_ask", "forgot_exit_knock"):
            offender = deal.declarer
        if breach == "picked_up_early":
            offender = self.rng.choice(self.state.in_match)
        callers = self.others(offender)
        event = {"type": "fem_opp", "breach": breach, "caller": self.rng.choice(callers)}
        if breach == "picked_up_early":
            event["offender"] = offender
        before = self.state.scores[offender]
        rows = len(self.state.rows)
        self.post(event)
        assert self.state.scores[offender] == before + 5
        assert len(self.state.rows) == rows + 1 and self.state.rows[-1].kind == "penalty"

    def play_deal(self) -> None:
        rng, state = self.rng, self.state
        dealer = state.dealer
        in_match = state.in_match
        self.maybe_call("foreign_cut", 0.05)
        self.post({"type": "deal"})
        deck = list(FRENCH52.cards)
        rng.shuffle(deck)
        hands = {seat: deck[6 * i:6 * i + 6] for i, seat in enumerate(in_match)}
        dealt = {seat: tuple(cards) for seat, cards in hands.items()}
        self.maybe_call("picked_up_early", 0.05)
        if rng.random() < 0.85:
            self.post({"type": "knock"})
        if rng.random() < 0.03:
            knocked = self.state.deal.knocked
            self.post({"type": "misdeal"})
            assert self.state.dealer == dealer  # the same dealer deals again
            assert self.state.rows[-1].kind == ("redeal" if knocked else "penalty")
            return

        # Bidding: one round from forehand, the dealer last.
        order = []
        while self.state.phase == "bidding":
            exp = self.expected()
            seat = exp.seat
            order.append(seat)
            highest = max((b for _, b in self.state.deal.bids), default=0)
            strength = int(sum(HIGH.get(c.rank, 0) for c in hands[seat])
                           + rng.choice([-0.5, 0, 0, 0.5]))
            bid: object = "smyga"
            if rng.random() < 0.01 and highest < rodskagg.RODSKAGG:
                bid = "rodskagg"
            elif highest < strength <= 6 and rng.random() < 0.8:
                bid = strength
            assert bid == "smyga" or bid in exp.inputs[0].choices
            self.post({"type": "bid", "seat": seat, "bid": bid})
        assert order == [(dealer + k) % self.n for k in range(1, self.n + 1)
                         if (dealer + k) % self.n in in_match]
        deal = self.state.deal
        if deal.declarer is None:
            self.check_passed_deal(dealer)
            return
        declarer = deal.declarer
        assert self.expected().seat == declarer  # the declarer leads the first trick

        # Play.
        played: dict[int, list[Card]] = {seat: [] for seat in in_match}
        while self.state.phase in ("play", "ask", "join"):
            deal = self.state.deal
            if deal.exit_due is not None and not deal.exit_knocked and not deal.exit_missed:
                if rng.random() < 0.7:
                    self.post({"type": "exit_knock", "seat": deal.exit_due})
            if deal.exit_missed:
                self.maybe_call("forgot_exit_knock", 0.5)
            phase = self.state.phase
            if phase == "ask":
                if rng.random() < 0.9:
                    self.post({"type": "ask"})
                else:
                    self.maybe_call("forgot_ask", 1.0)
                continue
            if phase == "join":
                for exp in self.expected().inputs:
                    if exp.type == "join":
                        strong = any(c.rank in ("A", "K") for c in hands[exp.seat])
                        self.post({"type": "join", "seat": exp.seat,
                                   "join": rng.random() < (0.7 if strong else 0.15)})
                        break
                continue
            trick = self.state.deal.current
            if rng.random() < 0.3:
                cards = []
                seats = self.trick_order()[len(trick.plays):]
                led = trick.led_suit
                for seat in seats:
                    card = self.choose(hands[seat], led, seat, trick.number)
                    led = led or card.suit
                    hands[seat].remove(card)
                    played[seat].append(card)
                    cards.append(str(card))
                self.post({"type": "trick", "cards": ", ".join(cards)})
            else:
                seat = self.expected().seat
                card = self.choose(hands[seat], trick.led_suit, seat, trick.number)
                hands[seat].remove(card)
                played[seat].append(card)
                self.post({"type": "play", "seat": seat, "card": str(card)})
        self.check_played_deal(dealer, dealt, played)

    def trick_order(self) -> list[int]:
        deal = self.state.deal
        active = [s for s in self.state.in_match if s not in deal.dropped]
        start = active.index(deal.current.leader)
        return active[start:] + active[:start]

    def choose(self, hand: list[Card], led: str | None, seat: int, trick: int) -> Card:
        follow = [c for c in hand if c.suit == led]
        if follow and self.revoke_rate and self.rng.random() < self.revoke_rate:
            others = [c for c in hand if c.suit != led]
            if others:
                self.revokes.append((seat, led, trick))
                return self.rng.choice(others)
        legal = follow or hand
        if self.rng.random() < 0.5:  # play to win now and then
            return max(legal, key=FRENCH52.rank_value)
        return self.rng.choice(legal)

    # -- invariants ----------------------------------------------------------------------------
    def check_passed_deal(self, dealer: int) -> None:
        state = self.state
        assert state.phase == "deal"
        assert state.rows[-1].kind == "thrown_in"
        assert all(c is None for c in state.rows[-1].changes)
        if state.options.all_smyga == "same_dealer":
            assert state.dealer == dealer
        else:
            assert state.dealer == _next_in(dealer, state.in_match, self.n)

    def check_played_deal(self, dealer: int, dealt: dict, played: dict) -> None:
        state = self.state
        deal = state.deal
        declarer, contract = deal.declarer, deal.contract
        self.deals_played += 1
        # Six tricks, every card at most once, each from the hand it was dealt to.
        assert len(deal.tricks) == 6 and sum(deal.won) == 6 and deal.current is None
        cards = [p.card for t in deal.tricks for p in t.plays]
        assert len(cards) == len(set(cards))
        for trick in deal.tricks:
            for play in trick.plays:
                assert play.card in dealt[play.seat]
        for seat, cards_of_seat in played.items():
            expected_count = 4 if seat in deal.dropped else 6
            assert len(cards_of_seat) == expected_count
        # Trick winners: the highest card of the led suit (no trumps).
        for trick in deal.tricks:
            best = trick_winner([(p.seat, p.card) for p in trick.plays], None)
            assert rodskagg.describe(state)["deal"]["tricks"][trick.number - 1]["winner"] \
                == best
        # The deal's row: the declarer and joiners only, with the rule text's numbers.
        (row,) = [r for r in state.rows if r.kind == "deal" and r.deal == deal.number]
        changed = {s for s, c in enumerate(row.changes) if c is not None}
        assert declarer in changed
        assert changed <= {declarer, *deal.joined}
        for seat in deal.joined:
            if deal.won[seat] == 0:
                assert row.changes[seat] == self.penalty
            else:
                assert row.changes[seat] is None
        taken = deal.won[declarer]
        before = state.rows[state.rows.index(row) - 1].totals[declarer]
        needed = 6 if contract == rodskagg.RODSKAGG else contract
        if contract == rodskagg.RODSKAGG and taken < 6:
            change = self.penalty
            assert declarer in state.out
        elif taken >= needed:
            change = -taken
            if state.options.exact_zero and before - taken < 0:
                change = 0
        else:
            change = self.penalty - taken
        assert row.changes[declarer] == change
        # Findings: none when everybody followed suit, else exactly the proven revokes.
        revokes, self.revokes = self.revokes, []
        plays = [(t.number, p.seat, p.card) for t in deal.tricks for p in t.plays]
        check_revokes_proven(revokes, deal.knowledge.findings, plays)
        # Who deals next.
        if state.phase == "deal":
            assert state.dealer == _next_in(dealer, state.in_match, self.n)

    def check_sheet(self) -> None:
        state = self.state
        check_rows_add_up(state.rows, [12] * self.n, state.scores)
        for row in state.rows[1:]:
            if row.kind == "penalty":
                assert sorted(c for c in row.changes if c is not None) == [5]

    # -- the match -----------------------------------------------------------------------------
    def run(self) -> None:
        while self.state.phase != "over":
            assert self.state.deals_started < MAX_DEALS, "the match did not end"
            self.play_deal()
            self.check_sheet()
            if self.state.phase == "over":
                # After the deal a forgotten exit knock may still be called.
                if self.state.deal is not None and self.state.deal.exit_missed:
                    self.maybe_call("forgot_exit_knock", 0.5)
                    if self.state.phase == "deal":  # the +5 lifted the winner: play on
                        assert self.state.winner is None
                        assert self.state.dealer == _next_in(
                            self.state.deal.dealer, self.state.in_match, self.n)
            self.maybe_checkpoint(0.1)
        self.check_sheet()


def _next_in(dealer: int, in_match: tuple[int, ...], n: int) -> int:
    for step in range(1, n + 1):
        if (dealer + step) % n in in_match:
            return (dealer + step) % n
    raise AssertionError


def _finish(match: Match) -> None:
    state = match.state
    assert state.phase == "over" and state.winner is not None
    winner = state.winner
    deal = state.deal
    won_rodskagg = deal.contract == rodskagg.RODSKAGG and deal.won[deal.declarer] == 6
    last_standing = state.in_match == (winner,)
    at_zero = state.scores[winner] == 0 if state.options.exact_zero \
        else state.scores[winner] <= 0
    assert won_rodskagg or last_standing or at_zero
    settle = rodskagg.settlement(state)
    assert sum(settle) == 0
    stake = state.options.stake_per_point
    for seat, amount in enumerate(settle):
        if seat != winner:
            assert amount == -max(0, state.scores[seat] - state.scores[winner]) * stake
    # The log replays to the same state, also every checkpoint on the way.
    match.check_replay(prefixes=2)


OPTION_SETS = [
    {},
    {"declarer_leads_all": True},
    {"penalty": 6, "all_smyga": "same_dealer"},
    {"exact_zero": True, "stake_per_point": 3},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=option_ids)
@pytest.mark.parametrize("n", range(3, 8))
@pytest.mark.parametrize("seed", range(3))
def test_random_matches_end_and_keep_the_invariants(seed, n, options):
    match = Match.seeded("rodskagg", NAMES[:n], 1000 * n + seed, options)
    match.run()
    _finish(match)
    assert rodskagg.findings(match.state) == ()  # everybody followed suit
    assert match.deals_played >= 1


@pytest.mark.parametrize("n", range(3, 8))
@pytest.mark.parametrize("seed", range(3))
def test_random_matches_with_revokes_report_exactly_the_proven_ones(seed, n):
    match = Match.seeded("rodskagg", NAMES[:n], 77_000 + 100 * n + seed, first_dealer=0,
                         revoke_rate=0.15)
    match.run()
    _finish(match)


def test_some_playout_exercises_every_kind_of_entry():
    """The playouts are only worth their invariants if they reach the rare paths."""
    kinds: set[str] = set()
    breaches: set[str] = set()
    outcomes: set[str] = set()
    for seed in range(8):
        n = 3 + seed % 5
        match = Match.seeded("rodskagg", NAMES[:n], 5_000 + seed, first_dealer=0,
                             revoke_rate=0.05)
        match.run()
        _finish(match)
        for entry in match.entries:
            kinds.add(entry.event["type"])
            if entry.event["type"] == "fem_opp":
                breaches.add(entry.event["breach"])
        state = match.state
        if state.out:
            outcomes.add("out")
        deal = state.deal
        if deal.contract == rodskagg.RODSKAGG and deal.won[deal.declarer] == 6:
            outcomes.add("rodskagg_made")
        elif state.scores[state.winner] <= 0:
            outcomes.add("zero")
    assert kinds >= {"deal", "knock", "bid", "play", "trick", "ask", "join", "exit_knock",
                     "fem_opp", "misdeal"}
    assert breaches == set(rodskagg.BREACHES)
    assert "zero" in outcomes
