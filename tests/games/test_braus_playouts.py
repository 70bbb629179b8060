"""Random Bräus matches with fixed seeds, played with real cards.

Each deal shuffles the 36 cards and gives nine to every player, one at a time clockwise from
forehand; the hands are known here but never shown to the engine, as at a real table. The
players lay down their sevens when they may and play legal cards: a follower plays a higher
card when he has one (any of them), else stands over; a leader leads any card. Cards go in
one at a time, as whole tricks (sometimes with the sevens folded in), and some deals by quick
entry. With a breach rate, a follower now and then stands over although he could beat, and a
leader now and then keeps a seven at his laying moment.

Invariants checked after every deal and at the end:

- every card is in one place: in the hand it was dealt to, or seen by the engine exactly once,
  from that hand; the engine's count of cards in each hand is the real one;
- every trick is what the rules make it: a seven alone, a won trick whose cards rise and whose
  last card wins, or a single worthless card set aside; the tricks per pair add up, a pair
  with six has exactly six, and the deal ended because a pair had six or because no trick
  could be won any more (no ranked card left in a hand);
- the outcome is the rule text's: six → rita, six in a row → jan, 5–5 → ♣K's pair, else none;
  the deal passes clockwise after a rita and stays after none;
- findings: honest play gives none; a stand-over breach is reported exactly when the player
  later shows a higher card, naming both tricks; a kept seven is reported when shown later;
- the protokoll's changes add up to its totals and its marks are the strokes;
- replaying the log gives the live state, also for prefixes; every match ends.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from rules_engine.cards import Card, parse_card
from rules_engine.games import braus
from rules_engine.table_log import TableSetup
from tests.game_checks import check_rows_add_up
from tests.playout_kit import Playout, option_ids

NAMES = ("Anna", "Bo", "Cia", "Dan")
MAX_DEALS = 150


@dataclass
class Match(Playout):
    breach_rate: float = 0.0
    quick_rate: float = 0.15
    enter_hands: bool = False  # every player enters his hand right after the deal
    deals_played: int = 0
    outcomes: set[str] = field(default_factory=set)
    finding_codes: set[str] = field(default_factory=set)

    @property
    def must(self) -> bool:
        return self.state.options.sevens == "must"

    # -- one deal -----------------------------------------------------------------------------
    def quick_deal(self) -> None:
        rng = self.rng
        kind = rng.choice(braus.OUTCOMES)
        event: dict = {"type": "result", "outcome": kind}
        winner = rng.randrange(4)
        side = braus.side_of(winner)
        if kind != "none":
            event["winner"] = winner
        if rng.random() < 0.6:
            if kind in ("rita", "jan"):
                tricks = [0, 0]
                tricks[side], tricks[1 - side] = 6, rng.randint(0, 5)
            elif kind == "utslag":
                tricks = [5, 5]
            else:
                tricks = [rng.randint(0, 5), rng.randint(0, 5)]
            event["tricks"] = tricks
        dealer, ritor = self.state.dealer, self.state.ritor
        self.post(event)
        gained = {"rita": 1, "jan": 2, "utslag": 1, "none": 0}[kind]
        if gained:
            assert self.state.ritor[side] == ritor[side] + gained
            assert self.state.winner is not None or self.state.dealer == (dealer + 1) % 4
        else:
            assert self.state.ritor == ritor and self.state.dealer == dealer
        self.outcomes.add("quick_" + kind)

    def play_deal(self) -> None:
        rng = self.rng
        dealer = self.state.dealer
        forehand = (dealer + 1) % 4
        event: dict = {"type": "deal"}
        if rng.random() < 0.3:
            event.update(dealer=dealer, cut=(dealer + 3) % 4)
        self.post(event)
        number = self.state.deal.number
        deck = list(braus.DECK.cards)
        rng.shuffle(deck)
        hands: dict[int, list[Card]] = {s: [] for s in range(4)}
        for index, card in enumerate(deck):  # one at a time, clockwise from forehand
            hands[(forehand + index) % 4].append(card)
        dealt = {s: frozenset(cards) for s, cards in hands.items()}
        assert all(len(cards) == braus.CARDS_EACH for cards in hands.values())
        if self.enter_hands:
            for seat in range(4):
                self.post({"type": "hand", "seat": seat, "cards": [str(c) for c in hands[seat]]})
        self.stood_breaches: list[tuple[int, int, Card]] = []
        self.kept: list[tuple[int, int]] = []  # (seat, trick): a seven kept past a moment
        self.held_at: dict[tuple[int, int], frozenset[Card]] = {}  # hands as moments end
        ritor_before = self.state.ritor

        while self.state.phase == "play" and self.state.deal.number == number:
            deal = self.state.deal
            seat = braus.expected(self.state).seat
            if deal.current is None:
                self.lead(seat, hands)
            else:
                self.follow(seat, hands)
        if self.enter_hands:  # the engine's entered hands are what the players still hold
            assert [set(h) for h in self.state.deal.hands] == [set(hands[s]) for s in range(4)]
        self.check_deal(number, dealer, dealt, hands, ritor_before)

    def sevens_to_lay(self, seat: int, hands) -> list[Card]:
        """The sevens the leader lays down now: all he holds (never beyond the sixth trick),
        or — a breach, with sevens a duty — none."""
        mine = [c for c in hands[seat] if c in braus.SEVENS]
        if mine and self.must and self.rng.random() < self.breach_rate:
            return []
        room = braus.TRICKS_FOR_RITA - self.state.deal.won[braus.side_of(seat)]
        return mine[:room]

    def post_sevens(self, seat: int, sevens: list[Card], hands) -> None:
        self.post({"type": "sevens", "seat": seat, "cards": [str(c) for c in sevens]})
        for card in sevens:
            hands[seat].remove(card)

    def moment_ends(self, seat: int, number: int, hand) -> None:
        """The leader's laying moment ends at trick ``number``: remember his hand."""
        self.held_at[(seat, number)] = frozenset(hand)
        if any(c in braus.SEVENS for c in hand) and self.must:
            self.kept.append((seat, number))

    def lead(self, seat: int, hands) -> None:
        rng = self.rng
        deal = self.state.deal
        sevens = self.sevens_to_lay(seat, hands) if deal.may_lay else []
        if sevens and rng.random() < 0.5:  # the sevens as an entry of their own
            self.post_sevens(seat, sevens, hands)
            return  # the loop comes back to the same leader (or the deal is over)
        if deal.may_lay and not sevens and rng.random() < 0.2:  # "none"
            self.moment_ends(seat, deal.number_next, hands[seat])
            self.post({"type": "sevens", "seat": seat, "cards": []})
            return
        hand = [c for c in hands[seat] if c not in sevens]
        at_moment = deal.may_lay
        choices = [c for c in hand if not (self.must and at_moment and c in braus.SEVENS)]
        side = braus.side_of(seat)
        if not choices or deal.won[side] + len(sevens) >= braus.TRICKS_FOR_RITA \
                or len(hand) == 0:
            # Only kept sevens left (he must lay them now), or the sevens end the deal, or
            # he lays his last cards: the sevens alone.
            self.post_sevens(seat, sevens or hand, hands)
            return
        number = deal.number_next + len(sevens)
        if at_moment:
            self.moment_ends(seat, number, hand)
        ranked = [c for c in choices if braus.strength(c)]
        card = rng.choice(ranked if ranked and rng.random() < 0.7 else choices)
        if sevens or rng.random() < 0.4:
            self.whole_trick(seat, card, sevens, hands)
        else:
            self.post({"type": "play", "seat": seat, "card": str(card)})
            hands[seat].remove(card)

    def decide(self, seat: int, last: Card, hand: list[Card], trick: int):
        """A follower's choice: a higher card if he has one, else stand over (``None``)."""
        higher = [c for c in hand if braus.beats(c, last)]
        if higher and self.rng.random() < self.breach_rate:
            self.stood_breaches.append((seat, trick, last))
            return None
        return self.rng.choice(higher) if higher else None

    def follow(self, seat: int, hands) -> None:
        trick = self.state.deal.current
        card = self.decide(seat, trick.plays[-1].card, hands[seat], trick.number)
        if card is None:
            self.post({"type": "pass", "seat": seat})
        else:
            self.post({"type": "play", "seat": seat, "card": str(card)})
            hands[seat].remove(card)

    def whole_trick(self, leader: int, lead: Card, sevens: list[Card], hands) -> None:
        """Decide the whole trick here and enter it in one event (the sevens first)."""
        deal = self.state.deal
        number = deal.number_next + len(sevens)
        held = [len(hands[s]) for s in range(4)]
        followers = [s for s in ((leader + k) % 4 for k in (1, 2, 3)) if held[s] > 0]
        cards, over, last = [lead], [], lead
        for seat in followers:
            card = self.decide(seat, last, hands[seat], number)
            if card is None:
                over.append(seat)
            else:
                cards.append(card)
                last = card
        event = {"type": "trick", "cards": " ".join(map(str, cards)), "over": over}
        if sevens:
            event["sevens"] = [str(c) for c in sevens]
        self.post(event)
        for c in sevens + [lead]:
            hands[leader].remove(c)
        for card in cards[1:]:
            owner = next(s for s in followers if card in hands[s])
            hands[owner].remove(card)

    # -- invariants ------------------------------------------------------------------------
    def check_deal(self, number: int, dealer: int, dealt, hands, ritor_before) -> None:
        state = self.state
        deal = state.deal
        assert deal.number == number and deal.outcome is not None
        self.deals_played += 1
        # Every card in one place.
        seen = [s.card for s in deal.knowledge.seen]
        assert len(seen) == len(set(seen))
        for entry in deal.knowledge.seen:
            assert entry.card in dealt[entry.seat]
        for s in range(4):
            assert deal.held[s] == len(hands[s])
            assert set(hands[s]) | {e.card for e in deal.knowledge.seen if e.seat == s} \
                == dealt[s]
        assert sum(len(h) for h in hands.values()) + len(seen) == 36
        # Every trick as the rules make it.
        won = [0, 0]
        row = []
        for done in deal.done:
            plays = done.trick.plays
            strengths = [braus.strength(p.card) for p in plays]
            if done.kind == braus.SEVEN:
                assert len(plays) == 1 and plays[0].card in braus.SEVENS
            elif done.kind == braus.WON:
                assert 1 <= len(plays) <= 4 and strengths[-1] > 0
                assert all(a < b for a, b in zip(strengths, strengths[1:]))
                assert done.winner == plays[-1].seat
            else:
                assert done.kind == braus.SET_ASIDE and len(plays) == 1 and not strengths[0]
            assert len(plays) + len(done.over) <= 4
            if done.kind != braus.SET_ASIDE:
                won[braus.side_of(done.winner)] += 1
            row.append(None if done.kind == braus.SET_ASIDE else braus.side_of(done.winner))
        assert tuple(won) == deal.won and tuple(row) == deal.row
        left_ranked = [c for h in hands.values() for c in h if braus.strength(c)]
        six = max(won) >= braus.TRICKS_FOR_RITA
        if six:
            assert sorted(won)[1] == braus.TRICKS_FOR_RITA and min(won) <= 5
        elif state.options.leader_without_cards == "next_player":
            assert not left_ranked  # nothing could be won any more
        # The outcome is the rule text's.
        outcome = deal.outcome
        if six:
            side = won.index(6)
            strict = state.options.set_aside_breaks_row
            seq = [s for s in row if s is not None or strict]
            jan = seq[-6:] == [side] * 6
            assert (outcome.kind, outcome.side) == ("jan" if jan else "rita", side)
            self.outcomes.add(outcome.kind)
        elif tuple(won) == (5, 5):
            king = [d for d in deal.done if d.kind == braus.WON
                    and braus.UTSLAGSKORTET in [p.card for p in d.trick.plays]]
            if king:
                assert (outcome.kind, outcome.side) == ("utslag", braus.side_of(king[0].winner))
            else:
                assert outcome.kind == "none"
            self.outcomes.add("five_five_" + outcome.kind)
        else:
            assert outcome.kind == "none"
            self.outcomes.add("none")
        gained = outcome.ritor
        if gained:
            assert state.ritor[outcome.side] == ritor_before[outcome.side] + gained
            if state.phase != "over":
                assert state.dealer == (dealer + 1) % 4
        else:
            assert state.ritor == ritor_before and state.dealer == dealer
        self.check_findings(deal)

    def check_findings(self, deal) -> None:
        plays = [(d.trick.number, p.seat, p.card) for d in deal.done for p in d.trick.plays]
        stood = {(f.seat, f.params["over_trick"]) for f in deal.findings
                 if f.code == "stood_over_with_higher"}
        expected_stood = set()
        for seat, trick, against in self.stood_breaches:
            if any(s == seat and n > trick and braus.beats(c, against) for n, s, c in plays):
                expected_stood.add((seat, trick))
        assert stood == expected_stood
        sevens = [f for f in deal.findings if f.code == "seven_not_laid_down"]
        for f in sevens:
            held = self.held_at[(f.seat, f.params["moment_trick"])]
            assert parse_card(f.params["card"]) in held
            # ≥: "no sevens", then a seven led into that very trick, proves it at once.
            assert f.params["proof_trick"] >= f.params["moment_trick"]
        shown_later = {seat for seat, moment in self.kept
                       if any(s == seat and n >= moment and c in braus.SEVENS
                              for n, s, c in plays)}
        assert {f.seat for f in sevens} == shown_later
        for f in deal.findings:
            self.finding_codes.add(f.code)

    def check_sheet(self) -> None:
        state = self.state
        check_rows_add_up(state.rows, [0, 0], state.ritor)
        for row in state.rows[1:]:
            for side in (0, 1):
                assert row.marks[side] in (braus.strokes(row.totals[side]), braus.PISSMUNKAR)

    def run(self) -> None:
        while self.state.phase != "over":
            assert self.state.deals_started < MAX_DEALS, "the match did not end"
            if self.rng.random() < self.quick_rate:
                self.quick_deal()
            else:
                self.play_deal()
            self.check_sheet()
            self.maybe_checkpoint(0.15)


def _finish(match: Match) -> None:
    state = match.state
    assert state.phase == "over" and state.winner is not None
    assert state.ritor[state.winner] >= braus.RITOR_TO_WIN
    assert state.ritor[1 - state.winner] < braus.RITOR_TO_WIN
    result = braus.result(state)
    assert result["winners"] == list(braus.SIDES[state.winner])
    assert (result["pissmunkar"] != []) == (state.ritor[1 - state.winner] == 0)
    match.check_replay()


OPTION_SETS = [
    {},
    {"sevens": "may"},
    {"set_aside_breaks_row": True},
    {"leader_without_cards": "deal_ends"},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=option_ids)
@pytest.mark.parametrize("seed", range(5))
def test_random_matches_end_and_keep_the_invariants(seed, options):
    match = Match.seeded("braus", NAMES, 4_000 + seed, options)
    match.run()
    _finish(match)
    assert braus.findings(match.state) == ()  # honest play proves nothing
    assert match.deals_played >= 1


@pytest.mark.parametrize("seed", range(6))
def test_random_matches_with_breaches_report_exactly_the_proven_ones(seed):
    rng = random.Random(9_100 + seed)
    setup = TableSetup("braus", NAMES, first_dealer=seed % 4)
    match = Match(setup, rng, breach_rate=0.15)
    match.run()
    _finish(match)


def test_the_playouts_reach_every_kind_of_entry_and_outcome():
    """The playouts are only worth their invariants if they reach the rare paths."""
    kinds: set[str] = set()
    outcomes: set[str] = set()
    codes: set[str] = set()
    for seed in range(41):
        match = Match(TableSetup("braus", NAMES), random.Random(600 + seed),
                      breach_rate=0.1 if seed % 2 else 0.0)
        match.run()
        _finish(match)
        kinds |= match.kinds
        outcomes |= match.outcomes
        codes |= match.finding_codes
    assert kinds == set(braus.EVENTS) - {"hand"}  # hands: the next test
    assert {"rita", "jan", "none", "five_five_utslag", "five_five_none"} <= outcomes
    assert {"quick_rita", "quick_jan", "quick_utslag", "quick_none"} <= outcomes
    assert codes == {"stood_over_with_higher", "seven_not_laid_down"}


@pytest.mark.parametrize("options", OPTION_SETS, ids=option_ids)
@pytest.mark.parametrize("seed", range(3))
def test_with_every_hand_entered_honest_play_is_never_refused(seed, options):
    """Each play is checked at once against the entered hands: honest play passes them all,
    and the players' hands and the engine's entered hands stay the same cards."""
    match = Match.seeded("braus", NAMES, 7_700 + seed, options, enter_hands=True)
    match.run()
    _finish(match)
    assert "hand" in match.kinds
    assert braus.findings(match.state) == ()
