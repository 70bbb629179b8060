"""Random Fan tan matches with fixed seeds, played with real cards.

Each deal shuffles the 52 cards and deals them from forehand as the engine counts; the hands
are known here but never shown to the engine. Players lay a random fitting card (several in
sequence now and then in fri fan tan) or pass when nothing fits; with ``cheat_rate`` a player
sometimes passes although he could lay a card.

Invariants, after every entry and at the end:

- every card is in one place: in exactly one hand or in the layout, and the engine's hand
  counts are the real hand sizes;
- the layout is what the rules build: in standard fan tan each suit out is an unbroken run
  through its seven, in fri fan tan each suit a sequence upward round from king to ace;
- findings come exactly for the false passes whose player later laid a card that fitted at
  the pass, each naming the pass and the proof;
- a deal ends when, and only when, a player is out; chips add up to zero;
- replaying the recorded log gives a state equal to the live one (also for prefixes).
"""

from __future__ import annotations

import random

import pytest

from rules_engine.cards import FRENCH52, SUITS, Card
from rules_engine.games import fan_tan
from rules_engine.table_log import TableSetup
from tests.playout_kit import Playout, option_ids

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun")


class Match(Playout):
    def __init__(self, setup: TableSetup, rng: random.Random, cheat_rate: float = 0.0,
                 shuffle_runs: bool = False):
        super().__init__(setup, rng)
        self.cheat_rate = cheat_rate
        self.shuffle_runs = shuffle_runs  # type a run's cards in any order (item 16)
        self.false_passes: list[tuple[int, int, frozenset]] = []  # seat, move, fitting

    @property
    def fri(self) -> bool:
        return self.state.options.variant == "fri"

    def play_deal(self) -> None:
        rng, n = self.rng, len(self.setup.players)
        if rng.random() < 0.5:
            self.post({"type": "deal"})
        forehand = (self.state.dealer + 1) % n
        deck = list(FRENCH52.cards)
        rng.shuffle(deck)
        hands: dict[int, list[Card]] = {s: [] for s in range(n)}
        for i, card in enumerate(deck):
            hands[(forehand + i) % n].append(card)
        self.false_passes = []
        moves = 0
        while True:
            if self.state.phase == "play":
                seat = fan_tan.expected(self.state).seat
            else:
                seat = forehand
            layout = self.state.deal.layout if self.state.phase == "play" else ((),) * 4
            fits = set(fan_tan.fitting(layout, self.fri))
            mine = [c for c in hands[seat] if c in fits]
            moves += 1
            if mine and not (self.cheat_rate and rng.random() < self.cheat_rate
                             and self._can_pass(hands)):
                card = rng.choice(mine)
                run = [card]
                if self.fri and rng.random() < 0.4:
                    while fan_tan.successor(run[-1]) in hands[seat] and \
                            len(run) + self._out(layout, card.suit) < 13:
                        run.append(fan_tan.successor(run[-1]))
                for c in run:
                    hands[seat].remove(c)
                if len(run) > 1:
                    typed = list(run)
                    if self.shuffle_runs:
                        rng.shuffle(typed)
                    self.post({"type": "run", "seat": seat, "cards": [str(c) for c in typed]})
                    assert self.state.deal.moves[-1].cards == tuple(run)  # laid in sequence
                else:
                    self.post({"type": "play", "seat": seat, "card": str(card)})
            else:
                if mine:
                    self.false_passes.append((seat, moves, frozenset(fits)))
                self.post({"type": "pass", "seat": seat})
            moves = len(self.state.deal.moves)
            self.check_cards(hands)
            if self.state.deal.winner is not None:
                break
        self.check_deal(hands)

    @staticmethod
    def _out(layout, suit: str) -> int:
        return len(layout[SUITS.index(suit)])

    def _can_pass(self, hands) -> bool:
        """A pass is refused when every card not out fits; don't try it then."""
        deal = self.state.deal if self.state.phase == "play" else None
        if deal is None:
            return not self.fri
        fits = set(fan_tan.fitting(deal.layout, self.fri))
        out = set(fan_tan.on_table(deal.layout))
        return not all(c in fits for c in FRENCH52.cards if c not in out)

    # -- invariants ----------------------------------------------------------------------------
    def check_cards(self, hands) -> None:
        deal = self.state.deal
        laid = list(fan_tan.on_table(deal.layout))
        held = [c for hand in hands.values() for c in hand]
        assert sorted(laid + held) == sorted(FRENCH52.cards)  # every card in one place
        assert len(set(laid)) == len(laid)
        assert deal.counts == tuple(len(hands[s]) for s in range(len(hands)))
        for suit, pile in zip(SUITS, deal.layout):
            if not pile:
                continue
            if self.fri:
                for a, b in zip(pile, pile[1:]):
                    assert b == fan_tan.successor(a)
            else:
                numbers = sorted(fan_tan.rank_no(c) for c in pile)
                assert numbers == list(range(numbers[0], numbers[-1] + 1)) and 7 in numbers

    def check_deal(self, hands) -> None:
        deal = self.state.deal
        winner = deal.winner
        assert hands[winner] == [] and all(hands[s] for s in hands if s != winner)
        # Findings: exactly the false passes later proven by a card that fitted then.
        laid_when = {}
        for move in deal.moves:
            for card in move.cards:
                laid_when[card] = (move.seat, move.number)
        expected = set()
        for seat, move, fits in self.false_passes:
            proofs = [laid_when[c][1] for c in fits if c in laid_when and laid_when[c][0] == seat
                      and laid_when[c][1] > move]
            if proofs:
                expected.add((seat, move, min(proofs)))
        found = {(f.seat, f.params["pass_move"], f.params["proof_move"])
                 for f in deal.findings}
        assert found == expected
        row = self.state.rows[-1]
        assert row.kind == "deal" and row.deal == deal.number
        if self.state.options.scoring == "chips":
            assert sum(row.changes) == 0
        else:
            assert row.changes[winner] == 1

    def run(self) -> None:
        for _ in range(20):
            if self.state.phase == "over":
                break
            self.play_deal()
            self.maybe_checkpoint(0.3)
        assert self.state.phase == "over"
        self.check_replay(prefixes=2)
        if self.state.options.scoring == "chips":
            assert sum(self.state.totals) == 0
        else:
            assert sum(self.state.totals) == self.state.deals_played


OPTION_SETS = [
    {},
    {"variant": "fri"},
    {"scoring": "chips", "deals": 3, "ante": 2, "false_pass_chips": 3},
    {"variant": "fri", "scoring": "chips", "deals": 2, "card_chips": 2},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=option_ids)
@pytest.mark.parametrize("n", range(3, 8))
@pytest.mark.parametrize("seed", range(2))
def test_random_games_end_and_keep_every_card_in_one_place(seed, n, options):
    match = Match.seeded("fan_tan", NAMES[:n], 10_000 * n + seed, options)
    match.run()
    assert fan_tan.findings(match.state) == ()  # nobody passed while able


@pytest.mark.parametrize("variant", ["standard", "fri"])
@pytest.mark.parametrize("n", range(3, 8))
@pytest.mark.parametrize("seed", range(2))
def test_false_passes_are_found_exactly_when_a_fitting_card_is_laid_later(seed, n, variant):
    seed = 20_000 * n + seed + (7 if variant == "fri" else 0)
    match = Match.seeded("fan_tan", NAMES[:n], seed, {"variant": variant, "deals": 3},
                         first_dealer=0, cheat_rate=0.2)
    match.run()


def test_some_cheating_game_produces_findings():
    found = 0
    for seed in range(5):
        match = Match.seeded("fan_tan", NAMES[:4], 31 + seed, {"deals": 2}, first_dealer=0,
                             cheat_rate=0.3)
        match.run()
        found += len(fan_tan.findings(match.state))
    assert found > 0


@pytest.mark.parametrize("n", (3, 5, 7))
def test_fri_runs_typed_in_any_order_are_laid_in_sequence(n):
    """Issue 15, item 16: the same random fri fan tan games with every run's cards typed in
    a shuffled order; the engine lays each in its sequence and the games run as before."""
    match = Match.seeded("fan_tan", NAMES[:n], 40_000 + n, {"variant": "fri", "deals": 2},
                         first_dealer=0, shuffle_runs=True)
    match.run()
    assert any(e.event["type"] == "run" for e in match.entries)
