"""Random Fyrtioett matches with fixed seeds, dealt and played with real cards.

Each deal shuffles the 52 cards and deals them as the text says: counter-clockwise from
forehand (the dealer's right), in rounds of 1-2-2-2-2-2-2, 13 each. The players bid from
their hands (the fourth throws in now and then, or tops the bids up to 11), and play legal
cards: follow suit when able, else trump or discard. Now and then a player enters his hand,
a deal goes by quick entry (played out here, then entered as bids and tricks), or — in the
revoke runs — a player who could follow does not. The engine never sees a hand unless one is
entered, as at a real table.

Invariants, after every card, every deal and at the end:

- every card is in one place: in the hand it was dealt to, or played once, from that hand;
- 13 tricks a deal, four cards each in counter-clockwise order from the leader, forehand
  leads the first and the winner the next; the winner is the highest heart, else the highest
  card of the led suit; the tricks per seat add up to 13;
- a deal is played exactly when the bids are worth 11 or more (and nobody threw in); each
  row of the protokoll changes every player by ± his bid's worth (made or failed), or nobody
  (thrown in); the rows add up to the totals; the deal passes counter-clockwise;
- no findings when everybody follows suit; with revokes, a finding exactly when the revoking
  player later shows the suit, naming his revoke trick; a hand entered makes a revoke a
  refusal instead;
- the match is over exactly when the rule of 41 says so, and the winner is the one it says;
- replaying the recorded log gives a state equal to the live one, also for prefixes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from rules_engine.cards import FRENCH52, Card
from rules_engine.games import fyrtioett
from rules_engine.table_log import TableSetup
from tests.game_checks import check_rows_add_up
from tests.playout_kit import (Playout, check_one_place, check_revokes_proven, check_trick_order,
                               option_ids, trick_winner)

MAX_DEALS = 400
NAMES = ("Anna", "Bo", "Cia", "Dan")
DECK = set(FRENCH52.cards)


def worth(bid: int) -> int:
    return 2 * bid if bid >= 7 else bid


def winner_of(plays: list[tuple[int, Card]]) -> int:
    """The rule of the text: hearts are always trump."""
    return trick_winner(plays, "♥")


def counter_clockwise(leader: int) -> list[int]:
    """The seats in the order they play to a trick led by ``leader``."""
    return [(leader - k) % 4 for k in range(4)]


def match_outcome(scores, partner_above_zero: bool):
    """The rule of 41, written again: returns "none", "tie" or the winning side."""
    def qualifies(seat):
        return scores[seat] >= 41 and (not partner_above_zero or scores[(seat + 2) % 4] > 0)

    best = []
    for side in ((0, 2), (1, 3)):
        mine = sorted((scores[s], scores[(s + 2) % 4]) for s in side if qualifies(s))
        best.append(mine[-1] if mine else None)
    if best == [None, None]:
        return "none"
    if None in best:
        return 0 if best[1] is None else 1
    if best[0] == best[1]:
        return "tie"
    return 0 if best[0] > best[1] else 1


@dataclass
class Match(Playout):
    revoke_rate: float = 0.0
    hand_rate: float = 0.1
    quick_rate: float = 0.15
    deals_played: int = 0
    thrown_in: int = 0
    revokes: list[tuple[int, str, int]] = field(default_factory=list)  # seat, suit, trick
    refused_revokes: int = 0

    # -- the deal, as the text says it ---------------------------------------------------
    def deal_cards(self, dealer: int) -> dict[int, list[Card]]:
        deck = list(FRENCH52.cards)
        self.rng.shuffle(deck)
        order = [(dealer - 1 - k) % 4 for k in range(4)]  # forehand first, counter-clockwise
        hands: dict[int, list[Card]] = {seat: [] for seat in range(4)}
        position = 0
        for group in fyrtioett.DEAL_GROUPS:
            for seat in order:
                hands[seat] += deck[position:position + group]
                position += group
        assert position == 52 and all(len(h) == 13 for h in hands.values())
        return hands

    def choose_bid(self, hand: list[Card], so_far: list[int | None], last: bool):
        strength = (sum(c.rank == "A" for c in hand) + 0.5 * sum(c.rank == "K" for c in hand)
                    + 0.6 * sum(c.suit == "♥" for c in hand))
        bid = int(strength) + self.rng.choice([-1, 0, 0, 0, 1])
        bid = max(self.options.min_bid, min(13, bid))
        points = sum(worth(b) for b in so_far if b is not None)
        if last and points + worth(bid) < 11:
            roll = self.rng.random()
            if roll < 0.3:
                return "kasta"
            if roll < 0.85:  # top up to 11
                while points + worth(bid) < 11:
                    bid += 1
        return bid

    # -- one deal ----------------------------------------------------------------------
    def play_deal(self) -> None:
        rng, state = self.rng, self.state
        dealer = state.dealer
        number = state.deal.number
        assert state.deal.forehand == (dealer - 1) % 4
        hands = self.deal_cards(dealer)
        dealt = {s: tuple(h) for s, h in hands.items()}
        for seat in range(4):
            if rng.random() < self.hand_rate:
                self.post({"type": "hand", "seat": seat, "cards": [str(c) for c in hands[seat]]})
        order = [(dealer - 1 - k) % 4 for k in range(4)]
        bids: dict[int, object] = {}
        for k, seat in enumerate(order):
            bids[seat] = self.choose_bid(hands[seat], [b if b != "kasta" else None
                                                       for b in bids.values()], k == 3)
        numeric = [b for b in bids.values() if b != "kasta"]
        plays = "kasta" not in bids.values() and sum(worth(b) for b in numeric) >= 11
        mode = rng.random()
        by_seat = [bids[s] for s in range(4)]
        if mode < self.quick_rate + 0.05:
            # Quick entry, played out here: the whole deal, or after the first bids were
            # entered one by one (they must agree).
            if mode >= self.quick_rate:
                for seat in order[:rng.randrange(1, 4)]:
                    self.post({"type": "bid", "seat": seat, "bid": bids[seat]})
            event = {"type": "result", "bids": by_seat}
            if plays:
                event["tricks"], _ = self.simulate(hands, (dealer - 1) % 4, counter_clockwise,
                                                   "♥")
            self.post(event)
        else:
            for seat in order:
                assert self.expected().seat == seat  # from forehand, counter-clockwise
                assert bids[seat] in self.expected().inputs[0].choices
                self.post({"type": "bid", "seat": seat, "bid": bids[seat]})
            if plays:
                assert self.state.phase == "play" and self.state.deal.number == number
                if rng.random() < 0.1:  # the bids by hand, the tricks by quick entry
                    won, _ = self.simulate(hands, (dealer - 1) % 4, counter_clockwise, "♥")
                    self.post({"type": "result", "tricks": won})
                else:
                    self.play_out(hands, dealt)
        self.check_deal(dealer, number, bids, plays)

    def legal_choice(self, hand: list[Card], led: str | None) -> Card:
        follow = [c for c in hand if c.suit == led]
        legal = follow or hand
        if self.rng.random() < 0.5:
            return max(legal, key=lambda c: (c.suit == "♥", FRENCH52.rank_value(c)))
        return self.rng.choice(legal)

    def play_out(self, hands: dict[int, list[Card]], dealt) -> None:
        rng = self.rng
        number = self.state.deal.number
        while self.state.phase == "play" and self.state.deal.number == number:
            deal = self.state.deal
            trick = deal.current
            if rng.random() < 0.3:  # the rest of the trick at once
                cards = []
                seats = [(fyrtioett.to_play(deal) - k) % 4 for k in range(4 - len(trick.plays))]
                led = trick.led_suit
                for seat in seats:
                    card = self.choose_card(hands, seat, led, trick.number)
                    led = led or card.suit
                    hands[seat].remove(card)
                    cards.append(str(card))
                self.post({"type": "trick", "cards": " ".join(cards)})
            else:
                seat = self.expected().seat
                card = self.choose_card(hands, seat, trick.led_suit, trick.number)
                hands[seat].remove(card)
                self.post({"type": "play", "seat": seat, "card": str(card)})
            self.check_one_place(hands, dealt)

    def choose_card(self, hands, seat: int, led: str | None, trick: int) -> Card:
        hand = hands[seat]
        follow = [c for c in hand if c.suit == led]
        if follow and self.revoke_rate and self.rng.random() < self.revoke_rate:
            others = [c for c in hand if c.suit != led]
            if others:
                card = self.rng.choice(others)
                if self.state.deal.hands[seat] is None:
                    self.revokes.append((seat, led, trick))
                    return card
                # With his hand entered the engine refuses the revoke at once.
                if seat == fyrtioett.to_play(self.state.deal):
                    self.refused({"type": "play", "seat": seat, "card": str(card)},
                                 "must_follow")
                    self.refused_revokes += 1
        if self.state.deal.hands[seat] is not None and seat == fyrtioett.to_play(self.state.deal):
            hint = next(i for i in self.expected().inputs if i.type == "play")
            assert hint.fields["legal"]["$sealed"] == seat  # his own, sealed
            assert sorted(hint.fields["legal"]["cards"]) == sorted(
                str(c) for c in (follow or hand))
        return self.legal_choice(hand, led)

    # -- invariants --------------------------------------------------------------------
    def check_one_place(self, hands, dealt) -> None:
        """Every card in one place: held by the one it was dealt to, or played once."""
        deal = self.state.deal if self.state.deal.knowledge.seen else self.state.last
        check_one_place(deal.knowledge.seen, hands, dealt, DECK, deal.hands)

    def check_deal(self, dealer: int, number: int, bids: dict, plays: bool) -> None:
        state = self.state
        finished = state.last if state.phase != "over" else state.deal
        assert finished.number == number
        if state.phase != "over":
            assert state.dealer == (dealer - 1) % 4  # counter-clockwise
            assert state.deal.number == number + 1
        row = state.rows[-1]
        assert row.deal == number
        if not plays:
            self.thrown_in += 1
            assert finished.thrown_in and row.kind == "thrown_in"
            assert row.changes == (None,) * 4
            return
        self.deals_played += 1
        assert row.kind == "deal" and not finished.thrown_in
        assert sum(finished.won) == 13
        for seat in range(4):
            bid = bids[seat]
            made = finished.won[seat] >= bid
            assert row.changes[seat] == (worth(bid) if made else -worth(bid))
            assert row.marks[seat] == f"{bid}/{finished.won[seat]}"
        if finished.quick:
            return
        assert len(finished.tricks) == 13
        winners = check_trick_order(finished.tricks, finished.forehand,
                                    counter_clockwise, winner_of)
        assert [fyrtioett.trick_winner(trick) for trick in finished.tricks] == winners
        won = [winners.count(seat) for seat in range(4)]
        assert tuple(won) == finished.won
        self.check_findings(finished)

    def check_findings(self, deal) -> None:
        revokes, self.revokes = self.revokes, []
        plays = [(t.number, p.seat, p.card) for t in deal.tricks for p in t.plays]
        check_revokes_proven(revokes, deal.knowledge.findings, plays, rule="Fyrtioett — Spelet")

    def check_sheet_and_outcome(self) -> None:
        state = self.state
        check_rows_add_up(state.rows, [0] * 4, state.scores)
        outcome = match_outcome(state.scores, self.options.partner_above_zero)
        if outcome in ("none",) or (outcome == "tie" and self.options.tie_at_41 == "play_on"):
            assert state.phase != "over"
        elif outcome == "tie":
            assert state.phase == "over" and state.draw and state.winner is None
        else:
            assert state.phase == "over" and state.winner == outcome
            assert state.decided_by in fyrtioett.SIDES[outcome]
            assert state.scores[state.decided_by] >= 41

    # -- the match ---------------------------------------------------------------------
    def run(self) -> None:
        while self.state.phase != "over":
            assert self.state.deal.number <= MAX_DEALS, "the match did not end"
            self.play_deal()
            self.check_sheet_and_outcome()
            self.maybe_checkpoint(0.1)


def _finish(match: Match) -> None:
    state = match.state
    assert fyrtioett.is_over(state)
    result = fyrtioett.result(state)
    assert result["scores"] == list(state.scores)
    match.check_replay()


OPTION_SETS = [
    {},
    {"partner_above_zero": True},
    {"min_bid": 2, "tie_at_41": "draw"},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=option_ids)
@pytest.mark.parametrize("seed", range(6))
def test_random_matches_end_and_keep_the_invariants(seed, options):
    match = Match.seeded("fyrtioett", NAMES, 41_000 + seed, options)
    match.run()
    _finish(match)
    assert fyrtioett.findings(match.state) == ()  # everybody followed suit
    assert match.deals_played >= 1


@pytest.mark.parametrize("seed", range(6))
def test_random_matches_with_revokes_report_exactly_the_proven_ones(seed):
    match = Match.seeded("fyrtioett", NAMES, 4_100 + seed, first_dealer=0, revoke_rate=0.15,
                         hand_rate=0.2, quick_rate=0.05)
    match.run()
    _finish(match)


def test_the_playouts_reach_every_kind_of_entry():
    """The invariants are only worth as much as the paths the playouts take."""
    kinds: set[str] = set()
    thrown_in = played = refused = 0
    findings = 0
    for seed in range(4):
        match = Match(TableSetup("fyrtioett", NAMES), random.Random(9_000 + seed),
                      revoke_rate=0.1, hand_rate=0.25)
        match.run()
        _finish(match)
        kinds |= match.kinds
        thrown_in += match.thrown_in
        played += match.deals_played
        refused += match.refused_revokes
        findings += len(fyrtioett.findings(match.state))
    assert kinds == set(fyrtioett.EVENTS)
    assert thrown_in and played and refused and findings


@pytest.mark.parametrize("seed", [10, 28])
def test_partner_above_zero_holds_a_win_back_in_a_playout(seed):
    """Seeds where a player passes 41 while his partner stands at 0 or below: with the
    option the match goes on, and the invariants still hold."""
    rng = random.Random(41_000 + seed)
    setup = TableSetup("fyrtioett", NAMES, {"partner_above_zero": True},
                       first_dealer=rng.randrange(4))
    match = Match(setup, rng)
    match.run()
    _finish(match)
    held_back = [row for row in match.state.rows[:-1]
                 if any(total >= 41 and row.totals[(seat + 2) % 4] <= 0
                        for seat, total in enumerate(row.totals))]
    assert held_back
