"""Random whist matches with fixed seeds, dealt and played with real cards, all five games.

Each deal shuffles the 52 cards and deals them as the text says: 13 each, one at a time, from
forehand clockwise, the dealer's last card turned up for trump (sättrumf: the suit of
forehand's first card led). Before a robber the players sometimes draw for partners (a tied
draw is refused and drawn again) and enter how they sit. The players play legal cards —
follow suit, else trump or discard — and now and then a player enters his hand, a whole trick
goes in one entry, or a deal goes by quick entry (played out here, then entered as tricks and
honours per side or per player). In the revoke runs a player who could follow now and then
does not; the engine never sees a hand unless one is entered, as at a real table.

A referee written again from the text keeps its own score, and after every deal:

- every card is in one place: held by the one it was dealt to, or played once, from that hand;
- 13 tricks of four cards, clockwise from the leader; forehand (the dealer's left) leads the
  first, the winner the next; the winner is the highest trump, else the highest of the led
  suit; the tricks add up to 13;
- the honours the engine counted are those the hands held;
- trick points, games, robber points, robbers, the bonus and the settlement (pairs), or each
  player's points and the winner (à la guerre), are the referee's; the rows add up to the
  totals; the deal passes to the left;
- revokes: a finding exactly when the revoking player later shows the suit; a card the app
  knows in the player's hand makes a revoke a refusal instead;
- the match ends, and replaying the recorded log gives the live state, also for prefixes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from rules_engine.cards import FRENCH52, Card
from rules_engine.games import whist_play
from rules_engine.table_log import TableSetup
from tests.game_checks import check_rows_add_up
from tests.playout_kit import (Playout, check_one_place, check_revokes_proven,
                               check_trick_order, deal_one_at_a_time, trick_winner)

NAMES = ("Anna", "Bo", "Cia", "Dan")
DECK = set(FRENCH52.cards)
MAX_DEALS = 400
HONOURS = {"pairs": ("J", "Q", "K", "A"), "guerre": ("10", "J", "Q", "K", "A")}


def value(c: Card) -> int:
    return FRENCH52.rank_value(c)


def ref_robber_points(opponents: int, game_at: int, table: str) -> int:
    """The text's table (3 / 2 / 1 by 0 / 1–2 / 3–4) and our reading of it for 7 and 10."""
    if opponents == 0:
        return 3
    if table == "as_short":
        return 2 if opponents in (1, 2) else 1
    return 2 if opponents < game_at / 2 else 1


@dataclass
class Referee:
    """The score kept again from the text, independently of the engine."""

    pairs: bool
    game_at: int
    honours_on: bool
    table: str
    robbers: int
    stake: int
    tie: str
    points: list = field(default_factory=lambda: [0, 0, 0, 0])
    games: list = field(default_factory=lambda: [0, 0])
    robber_points: list = field(default_factory=lambda: [0, 0])
    totals: list = field(default_factory=lambda: [0, 0, 0, 0])
    money: list = field(default_factory=lambda: [0, 0, 0, 0])
    robbers_done: int = 0
    over: bool = False
    winners: tuple = ()

    def deal(self, sides, tricks, honours) -> list:
        """One deal; returns the row's changes per player (None where untouched)."""
        if not self.pairs:
            return self.deal_guerre(tricks, honours)
        changes = [None] * 4
        before = self.points[:2]
        tp = [max(0, t - 6) for t in tricks]
        new = [before[i] + tp[i] for i in (0, 1)]
        game_by_tricks = [p >= self.game_at for p in new]
        if self.honours_on:
            for i in (0, 1):
                h = {4: 4, 3: 2}.get(honours[i], 0)
                if h and not game_by_tricks[1 - i]:
                    new[i] = new[i] + h if tp[i] else min(new[i] + h, self.game_at - 1)
        self.points[:2] = new
        for i in (0, 1):
            if new[i] >= self.game_at:
                rp = ref_robber_points(new[1 - i], self.game_at, self.table)
                self.games[i] += 1
                self.robber_points[i] += rp
                for p in sides[i]:
                    self.totals[p] += rp
                    changes[p] = rp
                self.points[:2] = [0, 0]
                if self.games[i] == 2:
                    self.robber_won(sides, i)
        return changes

    def robber_won(self, sides, i) -> None:
        self.robber_points[i] += 2
        for p in sides[i]:
            self.totals[p] += 2
        diff = self.robber_points[i] - self.robber_points[1 - i]
        assert diff > 0
        for p in sides[i]:
            self.money[p] += diff * self.stake
        for p in sides[1 - i]:
            self.money[p] -= diff * self.stake
        self.robbers_done += 1
        self.games, self.robber_points = [0, 0], [0, 0]
        if self.robbers_done == self.robbers:
            self.over = True
            best = max(self.money)
            self.winners = tuple(p for p in range(4) if self.money[p] == best)

    def deal_guerre(self, tricks, honours) -> list:
        before = list(self.points)
        for p in range(4):
            tp = max(0, tricks[p] - 4)
            h = {3: 2, 4: 4, 5: 5}.get(honours[p], 0)
            total = self.points[p] + tp + h
            if tp == 0 and total >= 9:
                total = max(self.points[p], 8)
            self.points[p] = total
        self.totals = list(self.points)
        best = max(self.points)
        top = tuple(p for p in range(4) if self.points[p] == best)
        if best >= 9 and (len(top) == 1 or self.tie == "shared"):
            self.over, self.winners = True, top
        return [(a - b) or None for a, b in zip(self.points, before)]


@dataclass
class Match(Playout):
    revoke_rate: float = 0.0
    hand_rate: float = 0.1
    quick_rate: float = 0.25
    draw_rate: float = 0.6
    revokes: list = field(default_factory=list)
    refused_revokes: int = 0
    refused_draws: int = 0
    deals: int = 0
    games_seen: int = 0

    def __post_init__(self):
        super().__post_init__()
        variant = self.module.VARIANT
        rules = self.state.rules
        self.variant = variant
        self.ref = Referee(variant.pairs, rules.game_at, rules.honours, rules.robber_table,
                           rules.robbers, rules.stake_per_point, rules.tie_at_target)
        if not variant.pairs:
            self.ref.points = [0, 0, 0, 0]

    # -- the draw ------------------------------------------------------------------------
    def maybe_draw(self) -> None:
        state = self.state
        if not self.variant.pairs or state.robber_deals or state.deal.touched:
            return
        if self.rng.random() < self.draw_rate and not state.drawn:
            while True:
                cards = self.rng.sample(list(FRENCH52.cards), 4)
                ace_low = state.rules.draw_ace == "low"
                vals = [1 if c.rank == "A" and ace_low else
                        (14 if c.rank == "A" else FRENCH52.rank_order.index(c.rank) + 2)
                        for c in cards]
                order = sorted(range(4), key=lambda p: -vals[p])
                event = {"type": "draw", "cards": [str(c) for c in cards]}
                if vals[order[1]] == vals[order[2]]:
                    self.refused(event, "draw_tie")
                    self.refused_draws += 1
                    continue
                self.post(event)
                high = {order[0], order[1]}
                assert {frozenset(s) for s in self.state.sides} == {
                    frozenset(high), frozenset(set(range(4)) - high)}
                break
        if self.rng.random() < 0.3:  # how they really sit: the other orientation
            seating = self.state.seating
            mirrored = [seating[0], seating[3], seating[2], seating[1]]
            self.post({"type": "seating", "order": mirrored})
            assert self.state.seating == tuple(mirrored)
        seating = self.state.seating
        for a, b in self.state.sides:
            assert whist_play.opposite(seating, a) == b

    # -- one deal ------------------------------------------------------------------------
    def deal_cards(self):
        state = self.state
        deck = list(FRENCH52.cards)
        self.rng.shuffle(deck)
        order = whist_play.clockwise(state.seating, whist_play.left_of(state.seating,
                                                                       state.dealer))
        hands = deal_one_at_a_time(deck, order)
        return hands, deck[-1]

    def legal_choice(self, hand, led):
        follow = [c for c in hand if c.suit == led]
        legal = follow or hand
        if self.rng.random() < 0.4:
            return max(legal, key=value)
        return self.rng.choice(legal)

    def honours_held(self, dealt, trump):
        ranks = HONOURS["pairs" if self.variant.pairs else "guerre"]
        cards = [Card(trump, r) for r in ranks]
        return [sum(c in dealt[p] for c in cards) for p in range(4)]

    def play_deal(self) -> None:
        rng = self.rng
        self.maybe_draw()
        state = self.state
        dealer, number, sides = state.dealer, state.deal.number, state.sides
        assert state.deal.play.leader == whist_play.left_of(state.seating, dealer)
        hands, turned = self.deal_cards()
        dealt = {p: tuple(h) for p, h in hands.items()}
        turned_trump = self.variant.trump_by == "turned"
        for p in range(4):
            if rng.random() < self.hand_rate:
                self.post({"type": "hand", "seat": p, "cards": [str(c) for c in hands[p]]})
        if turned_trump and (rng.random() > self.quick_rate or rng.random() < 0.3):
            self.post({"type": "trump", "card": str(turned)})
        forehand = whist_play.left_of(state.seating, dealer)
        if rng.random() < self.quick_rate:
            seating = self.state.seating
            won, trump = self.simulate(hands, forehand,
                                       lambda seat: whist_play.clockwise(seating, seat),
                                       turned.suit if turned_trump else None,
                                       trump_from_lead=True)  # sättrumf: the first card led
            per_side = [sum(won[p] for p in side) for side in sides]
            held = self.honours_held(dealt, trump)
            per_side_h = [sum(held[p] for p in side) for side in sides]
            as_sides = self.variant.pairs and rng.random() < 0.5
            event = {"type": "result", "tricks": per_side if as_sides else won}
            if self.state.rules.honours:
                event["honours"] = per_side_h if as_sides else held
            self.post(event)
            finished = self.state.last
            assert finished.quick and finished.number == number
        else:
            if turned_trump and self.state.phase == "turn":
                self.post({"type": "trump", "card": str(turned)})
            self.play_out(hands, dealt)
            finished = self.state.last
            won = self.check_tricks(finished, forehand)
            trump = finished.play.trump
            self.check_findings(finished)
        held = self.honours_held(dealt, trump)
        per_side_tricks = [sum(won[p] for p in side) for side in sides]
        per_side_held = [sum(held[p] for p in side) for side in sides]
        if self.state.rules.honours:
            assert list(finished.score.honours_held) == (per_side_held if self.variant.pairs
                                                         else held)
        else:
            assert finished.score.honours_held is None
        before = list(self.ref.totals)
        if self.variant.pairs:
            changes = self.ref.deal(sides, per_side_tricks, per_side_held)
        else:
            changes = self.ref.deal(sides, won, held)
        self.deals += 1
        self.check_after(dealer, number, changes, before)

    def play_out(self, hands, dealt) -> None:
        rng = self.rng
        number = self.state.deal.number
        while self.state.phase == "play" and self.state.deal.number == number:
            cp = self.state.deal.play
            trick = cp.current
            if rng.random() < 0.3:  # the rest of the trick at once
                cards = []
                led = trick.led_suit
                for k in range(4 - len(trick.plays)):
                    player = whist_play.clockwise(cp.seating, trick.leader)[len(trick.plays) + k]
                    c = self.choose_card(hands, player, led, trick.number, whole=True)
                    led = led or c.suit
                    hands[player].remove(c)
                    cards.append(str(c))
                self.post({"type": "trick", "cards": " ".join(cards)})
            else:
                player = self.expected().seat
                c = self.choose_card(hands, player, trick.led_suit, trick.number)
                hands[player].remove(c)
                self.post({"type": "play", "seat": player, "card": str(c)})
            self.check_one_place(hands, dealt)

    def choose_card(self, hands, player, led, trick, whole=False) -> Card:
        hand = hands[player]
        follow = [c for c in hand if c.suit == led]
        cp = self.state.deal.play
        known = (cp.hands[player] is not None) or any(
            c.suit == led for c in cp.known_in_hand(player))
        if follow and self.revoke_rate and self.rng.random() < self.revoke_rate:
            others = [c for c in hand if c.suit != led]
            if others:
                c = self.rng.choice(others)
                if not known:
                    self.revokes.append((player, led, trick))
                    return c
                if not whole:  # the engine knows his hand: refused at once
                    self.refused({"type": "play", "seat": player, "card": str(c)},
                                 "must_follow")
                    self.refused_revokes += 1
        if cp.hands[player] is not None and not whole:
            hint = next(i for i in self.expected().inputs if i.type == "play")
            # His legal cards, sealed for his seat only (rules_engine.secrets).
            assert hint.fields["legal"]["$sealed"] == player
            assert sorted(hint.fields["legal"]["cards"]) == sorted(
                str(c) for c in (follow or hand))
        return self.legal_choice(hand, led)

    # -- invariants ----------------------------------------------------------------------
    def check_one_place(self, hands, dealt) -> None:
        deal = self.state.deal if self.state.deal.play.started else self.state.last
        check_one_place(deal.play.knowledge.seen, hands, dealt, DECK, deal.play.hands)

    def check_tricks(self, finished, forehand) -> list:
        cp = finished.play
        assert len(cp.tricks) == 13
        trump = cp.tricks[0].plays[0].card.suit if cp.trump_from_lead else cp.trump
        assert cp.trump == trump
        winners = check_trick_order(cp.tricks, forehand,
                                    lambda seat: whist_play.clockwise(cp.seating, seat),
                                    lambda plays: trick_winner(plays, trump))
        won = [winners.count(seat) for seat in range(4)]
        assert tuple(won) == cp.won and sum(won) == 13
        return won

    def check_findings(self, finished) -> None:
        revokes, self.revokes = self.revokes, []
        found = finished.play.knowledge.findings
        plays = [(t.number, p.seat, p.card) for t in finished.play.tricks for p in t.plays]
        check_revokes_proven(revokes, found, plays, rule="Whist — Spelet")

    def check_after(self, dealer, number, changes, before) -> None:
        state, ref = self.state, self.ref
        assert state.deal.number == number + 1 or state.phase == "over"
        if state.phase != "over":
            assert state.dealer == whist_play.left_of(state.seating, dealer)
        deal_row = next(r for r in reversed(state.rows) if r.kind == "deal")
        assert deal_row.deal == number
        assert list(deal_row.changes) == changes
        assert list(state.totals) == ref.totals
        if self.variant.pairs:
            assert list(state.points) == ref.points[:2]
            if ref.over:
                assert list(state.money) == ref.money
            else:
                assert list(state.games) == ref.games
                assert list(state.robber_points) == ref.robber_points
            self.games_seen += sum(c is not None for c in changes) // 2
        else:
            assert list(state.points) == ref.points
        check_rows_add_up(state.rows, [0] * 4, state.totals)
        assert (state.phase == "over") == ref.over
        if ref.over:
            assert state.winners == ref.winners

    def run(self) -> None:
        while self.state.phase != "over":
            assert self.deals < MAX_DEALS, "the match did not end"
            self.play_deal()
            self.maybe_checkpoint(0.1)


def _finish(match: Match) -> None:
    module, state = match.module, match.state
    assert module.is_over(state)
    result = module.result(state)
    assert result["winners"] == list(state.winners) and result["totals"] == list(state.totals)
    if match.variant.pairs:
        assert module.sheet(state).settlement == state.money and sum(state.money) == 0
    match.check_replay()


GAME_OPTIONS = [
    ("whist", {}), ("whist", {"honours": False, "robbers": 2, "stake_per_point": 5}),
    ("whist", {"draw_ace": "low", "robbers": 3}),
    ("long_whist", {}), ("long_whist", {"robber_table": "as_short", "honours": False}),
    ("sattrumf", {}), ("sattrumf", {"game_at": 10, "robbers": 2}),
    ("american_whist", {}), ("american_whist", {"robber_table": "as_short", "robbers": 2}),
    ("whist_a_la_guerre", {}), ("whist_a_la_guerre", {"tie_at_target": "shared"}),
]


@pytest.mark.parametrize("game, options", GAME_OPTIONS,
                         ids=[f"{g}-{','.join(o) or 'defaults'}" for g, o in GAME_OPTIONS])
@pytest.mark.parametrize("seed", range(4))
def test_random_matches_end_and_keep_the_invariants(game, options, seed):
    rng = random.Random(9_000 + seed)
    setup = TableSetup(game, NAMES, options, first_dealer=rng.randrange(4))
    match = Match(setup, rng)
    match.run()
    _finish(match)
    assert match.module.findings(match.state) == ()  # everybody followed suit
    assert match.deals >= 1


@pytest.mark.parametrize("game", ["whist", "sattrumf", "whist_a_la_guerre"])
@pytest.mark.parametrize("seed", range(3))
def test_random_matches_with_revokes_report_exactly_the_proven_ones(game, seed):
    rng = random.Random(13_000 + seed)
    match = Match(TableSetup(game, NAMES), rng, revoke_rate=0.15, hand_rate=0.2,
                  quick_rate=0.1)
    match.run()
    _finish(match)


def test_the_playouts_reach_every_kind_of_entry():
    """The invariants are only worth as much as the paths the playouts take."""
    kinds: set[str] = set()
    refused = findings = refused_draws = games = 0
    for seed in range(7):
        match = Match(TableSetup("whist", NAMES, {"robbers": 3}), random.Random(600 + seed),
                      revoke_rate=0.1, hand_rate=0.25, draw_rate=1.0)
        match.run()
        _finish(match)
        kinds |= match.kinds
        refused += match.refused_revokes
        refused_draws += match.refused_draws
        findings += len(match.module.findings(match.state))
        games += match.games_seen
    assert kinds == {"draw", "seating", "trump", "hand", "play", "trick", "result"}
    assert refused and findings and refused_draws and games >= 7 * 6
