"""Random Priffe matches with fixed seeds, dealt, bid and played with real cards.

Each deal shuffles the 52 cards and deals 13 each from forehand clockwise. Before the first
deal the players sometimes draw for seats (a tied draw is refused and drawn again), and at the
start of a sits they sometimes enter how they really sit. Every player bids once, clockwise
from forehand: pass or a higher bid, the information bids only as one of the first two (old
variant: spader and klöver are real bids). The deal is played with legal cards — follow suit,
else trump or discard — one card or a whole trick at a time, now and then with a hand entered
or a revoke, or entered by quick entry (played out here, then bids, tricks and honours).

A referee written again from the text decides the contract (the highest real bid; none, or an
information bid left standing: tvångsnoll), who leads (forehand; after preference the player to
the right of the bidder), the trump, and scores the deal, the utgångar, the sits and the
seating changes by the README's schedule. After every deal:

- every card is in one place; 13 tricks clockwise from the leader; the trick winners are the
  referee's; the tricks add up to 13;
- the contract, trump, leader, honours and every point above and below the line are the
  referee's; the rows add up to the totals; partners sit opposite; the deal passes left;
- the match ends (three sits, the deals, or the target), the winners are the referee's, and
  replaying the recorded log gives the live state, also for prefixes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from rules_engine.cards import FRENCH52, SUITS, Card
from rules_engine.games import priffe, whist_play
from rules_engine.table_log import TableSetup
from tests.game_checks import check_rows_add_up
from tests.playout_kit import (Playout, check_one_place, check_revokes_proven,
                               check_trick_order, deal_one_at_a_time, trick_winner)

NAMES = ("Anna", "Bo", "Cia", "Dan")
DECK = set(FRENCH52.cards)
MAX_DEALS = 500
MODERN = ["klover", "spader", "ruter", "hjarter", "noll", "preference"]  # low to high
OLD = ["spader", "klover", "ruter", "hjarter", "noll", "preference"]
PER_TRICK_OLD = {"spader": 2, "klover": 3, "ruter": 4, "hjarter": 5, "noll": 6,
                 "preference": 8, "tvangsnoll": 6}
TRUMPS = {"hjarter": "♥", "ruter": "♦", "spader": "♠", "klover": "♣"}
SCHEDULE = [("AC", "BD"), ("AB", "CD"), ("AD", "BC")]


def value(c: Card) -> int:
    return FRENCH52.rank_value(c)


def contract_of(bids, old):
    """The text's bidding, written again: the highest bid is final; spader and klöver never
    are (modern); no final bid → tvångsnoll. ``bids`` are (player, bid) in order."""
    ladder = OLD if old else MODERN
    real = [(p, b) for p, b in bids if b != "pass"]
    if not real:
        return "tvangsnoll", None
    player, bid = max(real, key=lambda pb: ladder.index(pb[1]))
    if not old and bid in ("spader", "klover"):
        return "tvangsnoll", None
    return bid, player


def honour_cards(contract):
    if contract == "preference":
        return [Card(s, "A") for s in SUITS]
    if contract in ("noll", "tvangsnoll"):
        return [Card(s, "2") for s in SUITS]
    return [Card(TRUMPS[contract], r) for r in ("A", "K", "Q", "J")]


def ref_score(contract, decl, tricks, held, sides, old, tv_slams):
    """Points per bolag: (below, penalty, slam, honours), from the text."""
    below, pen, slam, hon = [0, 0], [0, 0], [0, 0], [0, 0]
    v = PER_TRICK_OLD[contract] if old else 10
    p = 2 * v if old else 20
    if contract == "tvangsnoll":
        for s in (0, 1):
            if tricks[s] <= 6:
                below[s] = v * (7 - tricks[s])
                if tv_slams:
                    slam[s] = {1: 10, 0: 20}.get(tricks[s], 0)
    else:
        t, o = tricks[decl], 1 - decl
        if contract == "noll":
            if t <= 6:
                below[decl], slam[decl] = v * (7 - t), {1: 10, 0: 20}.get(t, 0)
            else:
                pen[o] = p * (t - 6)
                slam[o] = 0 if old else {12: 20, 13: 40}.get(t, 0)
        elif t >= 7:
            below[decl], slam[decl] = v * (t - 6), {12: 10, 13: 20}.get(t, 0)
        else:
            pen[o] = p * (13 - t - 6)
            slam[o] = 0 if old else {1: 20, 0: 40}.get(t, 0)
    for player in range(4):
        side = 0 if player in sides[0] else 1
        partner = next(q for q in sides[side] if q != player)
        if held[player] == 4:
            hon[side] = 4 * v if old else 50
        elif held[player] == 3:
            hon[side] = 2 * v if old else (40 if held[partner] == 1 else 30)
    return below, pen, slam, hon


@dataclass
class Match(Playout):
    revoke_rate: float = 0.0
    hand_rate: float = 0.1
    quick_rate: float = 0.3
    contracts: set = field(default_factory=set)
    refused_draws: int = 0
    refused_revokes: int = 0
    revokes: list = field(default_factory=list)
    deals: int = 0

    def __post_init__(self):
        super().__post_init__()
        o = self.state.options
        self.old = o.scoring == "old"
        # The referee's own score.
        self.letters = list(range(4))
        self.sits = 1
        self.line = [0, 0]
        self.utg = [0, 0]
        self.above = [0] * 4
        self.below = [0] * 4
        self.over = False
        self.winners = ()

    def sides_now(self):
        pair_a, pair_b = SCHEDULE[self.sits - 1]
        pairs = [frozenset(self.letters["ABCD".index(x)] for x in pair)
                 for pair in (pair_a, pair_b)]
        return pairs

    # -- the draw and the seating --------------------------------------------------------
    def before_deal(self) -> None:
        state, rng = self.state, self.rng
        if state.sits_deals or state.deal.touched:
            return
        if not state.deals_scored and not state.drawn and rng.random() < 0.6:
            while True:
                cards = rng.sample(list(FRENCH52.cards), 4)
                vals = [1 if c.rank == "A" else FRENCH52.rank_order.index(c.rank) + 2
                        for c in cards]
                order = sorted(range(4), key=lambda p: (vals[p], p))
                event = {"type": "draw", "cards": [str(c) for c in cards]}
                if vals[order[0]] == vals[order[1]] or vals[order[1]] == vals[order[2]]:
                    self.refused(event, "draw_tie")
                    self.refused_draws += 1
                    continue
                self.post(event)
                a, c, b, d = order
                self.letters = [a, b, c, d]
                assert self.state.dealer == a
                break
        if rng.random() < 0.3:
            seating = self.state.seating
            mirrored = [seating[0], seating[3], seating[2], seating[1]]
            dealer = rng.randrange(4)
            self.post({"type": "seating", "order": mirrored, "dealer": dealer})
            assert self.state.seating == tuple(mirrored) and self.state.dealer == dealer

    # -- bidding -------------------------------------------------------------------------
    def choose_bid(self, position, highest):
        ladder = OLD if self.old else MODERN
        floor = -1 if highest is None else ladder.index(highest)
        open_ = [b for b in ladder[floor + 1:]
                 if self.old or position < 2 or b not in ("spader", "klover")]
        if not open_ or self.rng.random() < 0.45:
            return "pass"
        return self.rng.choice(open_)

    # -- one deal ------------------------------------------------------------------------
    def play_deal(self) -> None:
        rng = self.rng
        self.before_deal()
        state = self.state
        dealer, number, seating = state.dealer, state.deal.number, state.seating
        sides = state.sides
        assert {frozenset(s) for s in sides} == set(self.sides_now())
        for a, b in sides:
            assert whist_play.opposite(seating, a) == b
        forehand = whist_play.left_of(seating, dealer)
        order = whist_play.clockwise(seating, forehand)
        deck = list(FRENCH52.cards)
        rng.shuffle(deck)
        hands = deal_one_at_a_time(deck, order)
        dealt = {p: tuple(h) for p, h in hands.items()}
        for p in range(4):
            if rng.random() < self.hand_rate:
                self.post({"type": "hand", "seat": p, "cards": [str(c) for c in hands[p]]})
        bids, highest = [], None
        ladder = OLD if self.old else MODERN
        for k, p in enumerate(order):
            bid = self.choose_bid(k, highest)
            if bid != "pass":
                highest = bid if highest is None or ladder.index(bid) > ladder.index(
                    highest) else highest
            bids.append((p, bid))
        contract, declarer = contract_of(bids, self.old)
        self.contracts.add(contract)
        leader = whist_play.right_of(seating, declarer) if contract == "preference" \
            else forehand
        trump = TRUMPS.get(contract)
        if rng.random() < self.quick_rate:
            entered = rng.randrange(0, 3)
            for p, bid in bids[:entered]:
                self.post({"type": "bid", "seat": p, "bid": bid})
            won, _ = self.simulate(hands, leader,
                                   lambda seat: whist_play.clockwise(seating, seat), trump)
            held = [sum(c in dealt[p] for c in honour_cards(contract)) for p in range(4)]
            per_side = rng.random() < 0.5
            tricks = [sum(won[p] for p in s) for s in sides] if per_side else won
            self.post({"type": "result", "bids": [dict(bids)[p] for p in range(4)],
                       "tricks": tricks, "honours": held})
            finished = self.state.last
            assert finished.quick
        else:
            for p, bid in bids:
                assert self.state.phase == "bidding"
                exp = priffe.expected(self.state)
                assert exp.seat == p and bid in exp.inputs[0].choices
                self.post({"type": "bid", "seat": p, "bid": bid})
            deal = self.state.deal
            assert (deal.contract, deal.declarer) == (contract, declarer)
            assert deal.play.trump == trump and priffe.expected(self.state).seat == leader
            self.play_out(hands, dealt)
            finished = self.state.last
            won = self.check_tricks(finished, leader, trump)
            self.check_findings(finished)
        held = [sum(c in dealt[p] for c in honour_cards(contract)) for p in range(4)]
        tricks = [sum(won[p] for p in s) for s in sides]
        decl = None if declarer is None else (0 if declarer in sides[0] else 1)
        self.referee(contract, decl, tricks, held, sides, finished)
        self.deals += 1
        if self.state.phase != "over":
            assert self.state.dealer == whist_play.left_of(seating, dealer)

    def referee(self, contract, decl, tricks, held, sides, finished) -> None:
        options = self.state.options
        below, pen, slam, hon = ref_score(contract, decl, tricks, held, sides, self.old,
                                          options.tvangsnoll_slams)
        score = finished.score
        assert (list(score.below), list(score.penalty), list(score.slams),
                list(score.honours)) == (below, pen, slam, hon)
        toward = [below[s] + (pen[s] if options.penalty_below_line else 0) for s in (0, 1)]
        for s in (0, 1):
            for p in sides[s]:
                self.below[p] += toward[s]
                self.above[p] += below[s] + pen[s] + slam[s] + hon[s] - toward[s]
            self.line[s] += toward[s]
        if options.format == "sits":
            at = 20 if self.old else 30
            for s in (0, 1):
                if self.line[s] >= at:
                    self.utg[s] += 1
                    if self.old:
                        for p in sides[s]:
                            self.above[p] += 10 if self.utg[s] == 1 else 20
                    self.line = [0, 0]
                    if self.utg[s] == 2:
                        if self.sits == 3:  # the last sits stays on the sheet as it ended
                            self.over = True
                            totals = [a + b for a, b in zip(self.above, self.below)]
                            self.winners = tuple(p for p in range(4)
                                                 if totals[p] == max(totals))
                        else:
                            self.sits += 1
                            self.utg = [0, 0]
        else:
            done = (self.deals + 1 >= options.deals if options.format == "deals"
                    else max(self.line) >= options.target)
            if done:
                self.over = True
                side_totals = [self.above[s[0]] + self.below[s[0]] for s in sides]
                best = max(side_totals)
                self.winners = tuple(sorted(p for i, s in enumerate(sides)
                                            if side_totals[i] == best for p in s))
        state = self.state
        assert list(state.above) == self.above and list(state.below) == self.below
        assert list(state.line) == self.line and list(state.utgangar) == self.utg
        assert state.sits == self.sits and (state.phase == "over") == self.over
        if self.over:
            assert state.winners == self.winners
        check_rows_add_up(state.rows, [0] * 4, state.totals)

    def legal_choice(self, hand, led):
        follow = [c for c in hand if c.suit == led]
        legal = follow or hand
        return self.rng.choice(legal) if self.rng.random() < 0.6 else max(legal, key=value)

    def play_out(self, hands, dealt) -> None:
        number = self.state.deal.number
        while self.state.phase == "play" and self.state.deal.number == number:
            cp = self.state.deal.play
            trick = cp.current
            if self.rng.random() < 0.3:
                cards, led = [], trick.led_suit
                for k in range(4 - len(trick.plays)):
                    p = whist_play.clockwise(cp.seating, trick.leader)[len(trick.plays) + k]
                    c = self.choose_card(hands, p, led, trick.number, whole=True)
                    led = led or c.suit
                    hands[p].remove(c)
                    cards.append(str(c))
                self.post({"type": "trick", "cards": cards})
            else:
                p = whist_play.to_play(cp)
                c = self.choose_card(hands, p, trick.led_suit, trick.number)
                hands[p].remove(c)
                self.post({"type": "play", "seat": p, "card": str(c)})
            deal = self.state.deal if self.state.deal.play.started else self.state.last
            check_one_place(deal.play.knowledge.seen, hands, dealt, DECK, deal.play.hands)

    def choose_card(self, hands, p, led, trick, whole=False):
        hand = hands[p]
        follow = [c for c in hand if c.suit == led]
        cp = self.state.deal.play
        if follow and self.revoke_rate and self.rng.random() < self.revoke_rate:
            others = [c for c in hand if c.suit != led]
            if others:
                c = self.rng.choice(others)
                if cp.hands[p] is None:
                    self.revokes.append((p, led, trick))
                    return c
                if not whole:
                    self.refused({"type": "play", "seat": p, "card": str(c)}, "must_follow")
                    self.refused_revokes += 1
        return self.legal_choice(hand, led)

    def check_tricks(self, finished, leader, trump):
        cp = finished.play
        assert len(cp.tricks) == 13
        winners = check_trick_order(cp.tricks, leader,
                                    lambda seat: whist_play.clockwise(cp.seating, seat),
                                    lambda plays: trick_winner(plays, trump))
        won = [winners.count(seat) for seat in range(4)]
        assert tuple(won) == cp.won and sum(won) == 13
        return won

    def check_findings(self, finished):
        revokes, self.revokes = self.revokes, []
        found = finished.play.knowledge.findings
        plays = [(t.number, x.seat, x.card) for t in finished.play.tricks for x in t.plays]
        check_revokes_proven(revokes, found, plays)
        assert len(found) <= len(revokes)

    def run(self):
        while self.state.phase != "over":
            assert self.deals < MAX_DEALS, "the match did not end"
            self.play_deal()
            self.maybe_checkpoint(0.08)


def _finish(match: Match) -> None:
    state = match.state
    assert priffe.is_over(state)
    assert priffe.result(state)["winners"] == list(state.winners)
    match.check_replay()


OPTION_SETS = [
    {}, {"scoring": "old"}, {"penalty_below_line": True, "tvangsnoll_slams": False},
    {"format": "deals", "deals": 12}, {"format": "target", "target": 150},
    {"format": "target", "scoring": "old", "target": 50},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(
    f"{k}={v}" for k, v in o.items()) or "defaults")
@pytest.mark.parametrize("seed", range(4))
def test_random_matches_end_and_keep_the_invariants(seed, options):
    rng = random.Random(17_000 + seed)
    match = Match(TableSetup("priffe", NAMES, options, first_dealer=rng.randrange(4)), rng)
    match.run()
    _finish(match)
    assert priffe.findings(match.state) == ()
    if options.get("format", "sits") == "sits":
        assert len(match.state.sits_done) == 3


@pytest.mark.parametrize("seed", range(3))
def test_random_matches_with_revokes_report_exactly_the_proven_ones(seed):
    match = Match(TableSetup("priffe", NAMES), random.Random(23_000 + seed), revoke_rate=0.15,
                  hand_rate=0.2, quick_rate=0.1)
    match.run()
    _finish(match)


def test_the_playouts_reach_every_kind_of_entry_and_contract():
    kinds: set[str] = set()
    contracts: set[str] = set()
    draws = revokes = findings = 0
    for seed in range(3):
        for options in ({}, {"scoring": "old"}):
            match = Match(TableSetup("priffe", NAMES, options), random.Random(70 + seed),
                          revoke_rate=0.1, hand_rate=0.25)
            match.run()
            _finish(match)
            kinds |= match.kinds
            contracts |= match.contracts
            draws += match.refused_draws
            revokes += match.refused_revokes
            findings += len(priffe.findings(match.state))
    assert kinds == set(priffe.EVENTS)
    assert contracts == {"preference", "noll", "hjarter", "ruter", "spader", "klover",
                         "tvangsnoll"}
    assert draws and revokes and findings
