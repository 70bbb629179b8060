"""Random complete matches of 800, 1000, 150 and Fjabbe with fixed seeds, played with real cards.

Each deal shuffles the 62-card deck and deals it as the text says: counter-clockwise, in
fives; 800 and 150 give the dealer two more cards and he discards two; 1000 deals 20 each
and two more to the dealer, both discard ten, the rest of the deck is dealt and the dealer
discards two more; Fjabbe deals ten each. The deal is played through the table log: now and
then a hand entered, the best declaration (with its combinations named, or left to the
engine), random legal cards with ⟨★⟩ now and then, the ⟨★⟩ exchange, and now and then a whole
deal by quick entry. The hands are known here but shown to the engine only when entered.

The harness keeps its own books — its own trick winner, each side's won cards, the ⟨★⟩ debt,
the forfeits of a side without a trick, the count by Table 4 — and checks after every trick
and every deal:

- every card is in exactly one place: a hand, the trick on the table, a side's won cards,
  the discards, or out of play; the engine's won cards and discards are the harness's;
- the engine asks for the ⟨★⟩ exchange exactly when the harness owes one and can pay;
- a completed deal counts 93 in 800 and 1000 (all 62 cards), and in 150 and Fjabbe the worth
  of the cards in play plus the last trick; the engine's card points are the harness's;
- the protokoll: each row's totals are the previous totals plus its changes;
- with deliberate revokes (some seeds): a finding exactly when the revoking player later
  shows the suit (or a trump), naming both tricks;
- replaying the log gives the live state, at the end and for prefixes;
- the match ends within a bound of deals.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

from rules_engine.cards import FJONT, TAROT62, TRUMP, Card
from rules_engine.games import declarations800
from rules_engine.table_log import Entry, TableSetup, apply_game_event, replay
from rules_engine.tricks import next_seat, seats_from

STAR = Card(FJONT, FJONT)
TAROKKER = {Card(TRUMP, "XX"), Card(TRUMP, "XIX"), Card(TRUMP, "N"), STAR}
HALVES = {"tarok": 9, "K": 9, "D": 7, "H": 5, "KN": 3, "hacka": 1}  # Table 4, in ½ points
MAX_DEALS = 200
NAMES = ("Anna", "Bo", "Cia", "Dan")


def halves(card: Card) -> int:
    if card in TAROKKER:
        return HALVES["tarok"]
    if card.suit in "♠♥♦♣" and card.rank in ("K", "D", "H", "KN"):
        return HALVES[card.rank]
    return HALVES["hacka"]


def worth(cards) -> int:
    return sum(halves(c) for c in cards) // 2


def may_discard(card: Card) -> bool:
    return card not in TAROKKER and card.rank != "K"


def beats(card: Card, best: Card, led: str) -> bool:
    """The harness's own reading of §1.4 and §1.1.1 (equal snapphanar: the later wins)."""
    if card.suit == TRUMP and best.suit != TRUMP:
        return True
    if card.suit != best.suit or card.suit not in (led, TRUMP):
        return False
    return TAROT62.rank_value(card) >= TAROT62.rank_value(best)


def winner_of(plays: list[tuple[int, Card]]) -> int:
    real = [(seat, c) for seat, c in plays if c != STAR]
    led = real[0][1].suit
    best = real[0]
    for seat, c in real[1:]:
        if beats(c, best[1], led):
            best = (seat, c)
    return best[0]


def legal(hand: list[Card], led: str | None) -> list[Card]:
    if led is None:
        return list(hand)
    for must in (led, TRUMP):
        same = [c for c in hand if c.suit == must]
        if same:
            return same + [c for c in hand if c == STAR]
    return list(hand)


@dataclass
class Match:
    game: str
    seed: int
    n: int
    revoke_rate: float = 0.0
    quick_rate: float = 0.1
    options: dict = field(default_factory=dict)

    def __post_init__(self):
        self.rng = random.Random(self.seed)
        self.setup = TableSetup(self.game, NAMES[:self.n], self.options,
                                self.rng.randrange(self.n))
        self.module = self.setup.module
        self.variant = self.module.VARIANT
        self.state = self.setup.new_state()
        self.entries: list[Entry] = []
        self.checkpoints: list[tuple[int, object]] = []
        self.expected_findings: list[tuple[int, int, int]] = []
        self.deals = 0

    # -- plumbing ---------------------------------------------------------------------------
    def post(self, event: dict) -> None:
        self.state = apply_game_event(self.setup, self.state, event)
        self.entries.append(Entry(len(self.entries) + 1, event))

    def side(self, seat: int) -> int:
        return next(i for i, side in enumerate(self.variant.sides) if seat in side)

    @property
    def over(self) -> bool:
        return self.module.is_over(self.state)

    def run(self) -> None:
        while not self.over:
            self.deals += 1
            assert self.deals <= MAX_DEALS
            self.checkpoints.append((len(self.entries), self.state))
            number = self.state.deal.number
            if self.rng.random() < self.quick_rate:
                self.quick_deal()
            else:
                self.play_deal(number)
            self.check_sheet()
        self.check_end()

    # -- dealing ----------------------------------------------------------------------------
    def deal_out(self):
        deck = list(TAROT62.cards)
        self.rng.shuffle(deck)
        dealer = self.state.dealer
        order = seats_from(next_seat(dealer, self.n, direction=-1), self.n, direction=-1)
        hands: dict[int, list[Card]] = {s: [] for s in range(self.n)}

        def give(each: int) -> None:
            for _ in range(each // 5):
                for seat in order:
                    hands[seat] += [deck.pop() for _ in range(5)]

        discards: dict[int, list[Card]] = {s: [] for s in range(self.n)}

        def discard(seat: int, count: int) -> None:
            chosen = self.rng.sample([c for c in hands[seat] if may_discard(c)], count)
            for c in chosen:
                hands[seat].remove(c)
            discards[seat] += chosen
            self.post({"type": "discard", "seat": seat,
                       "cards": " ".join(str(c) for c in chosen)})

        if self.game == "1000":
            give(20)
            hands[dealer] += [deck.pop(), deck.pop()]
            first = [dealer, 1 - dealer]
            self.rng.shuffle(first)
            for seat in first:
                discard(seat, 10)
            give(10)
            discard(dealer, 2)
        else:
            give(self.variant.hand_size)
            if self.variant.discard_stages:
                hands[dealer] += [deck.pop(), deck.pop()]
                discard(dealer, 2)
        assert all(len(h) == self.variant.hand_size for h in hands.values())
        return hands, discards, deck  # what is left of the deck is out of play

    # -- one deal, card by card -------------------------------------------------------------
    def play_deal(self, number: int) -> None:
        hands, discards, out = self.deal_out()
        n_sides = len(self.variant.sides)
        piles: list[list[Card]] = [[] for _ in range(n_sides)]
        entered = set()
        for seat in range(self.n):
            if self.rng.random() < 0.25:
                self.post({"type": "hand", "seat": seat,
                           "cards": " ".join(str(c) for c in hands[seat])})
                entered.add(seat)
        declared = set()
        debt = None  # (seat, debtor side, creditor side)
        voids: dict[tuple[int, str], int] = {}
        tricks = [0] * self.n
        from_discards = self.state.rules.fjont_from_discards
        for trick_number in range(1, self.variant.hand_size + 1):
            plays: list[tuple[int, Card]] = []
            while len(plays) < self.n:
                seat = self.module.expected(self.state).seat
                if trick_number == 1 and seat not in declared:
                    declared.add(seat)
                    if self.maybe_declare(seat, hands[seat]):
                        return  # the target was reached during the declarations
                led = next((c.suit for _, c in plays if c != STAR), None)
                card = self.choose(seat, hands[seat], led, seat in entered or
                                   any(d.seat == seat for d in self.state.deal.declarations))
                self.note_voids(voids, seat, led, card, trick_number)
                hands[seat].remove(card)
                plays.append((seat, card))
                self.post({"type": "play", "seat": seat, "card": str(card)})
            winner = winner_of(plays)
            tricks[winner] += 1
            wside = self.side(winner)
            piles[wside] += [c for _, c in plays if c != STAR]
            star = next((s for s, c in plays if c == STAR), None)
            if star is not None:
                piles[self.side(star)].append(STAR)
                if self.side(star) != wside:
                    debt = (star, self.side(star), wside)
            if debt is not None:
                choices = [c for c in piles[debt[1]] if c != STAR]
                if from_discards:
                    choices += [c for s in self.variant.sides[debt[1]] for c in discards[s]]
                assert (self.state.phase == "exchange") == bool(choices)
                hackor = [c for c in choices if halves(c) == HALVES["hacka"]]
                if self.state.rules.fjont_hacka_only and hackor:
                    choices = hackor
                if choices:
                    give = self.rng.choice(choices)
                    self.post({"type": "fjont", "card": str(give), "seat": debt[0]})
                    if give in piles[debt[1]] and give != STAR:
                        piles[debt[1]].remove(give)
                    else:
                        owner = next(s for s in self.variant.sides[debt[1]]
                                     if give in discards[s])
                        discards[owner].remove(give)
                    piles[debt[2]].append(give)
                    debt = None
            else:
                assert self.state.phase != "exchange"
            if trick_number < self.variant.hand_size:
                self.check_places(hands, piles, discards, out)
        self.check_deal(number, hands, piles, discards, out, tricks, debt, winner)

    def maybe_declare(self, seat: int, hand: list[Card]) -> bool:
        """Declare the best combinations now and then; True if that ended the match."""
        inputs = self.module.expected(self.state).inputs
        if not any(i.type == "declare" and i.seat == seat for i in inputs):
            return False
        if self.rng.random() >= (0.05 if self.game == "fjabbe" else 0.7):
            return False
        if self.revoke_rate and self.rng.random() < 0.5:
            return False  # keep some players unknown, so that they can revoke
        best = declarations800.best(hand, declarations800.DeclarationOptions(
            card_in_flertal_and_sekvens=self.state.rules.card_in_flertal_and_sekvens))
        if not best.points:
            return False
        used = {c for combo in best.combinations for c in combo.cards}
        event = {"type": "declare", "seat": seat,
                 "cards": " ".join(str(c) for c in hand if c in used)}
        if self.rng.random() < 0.5:
            event["combinations"] = [{"kind": combo.kind,
                                      "cards": " ".join(str(c) for c in combo.cards)}
                                     for combo in best.combinations]
        self.post(event)
        assert self.state.deal.declarations[-1].points == best.points
        return self.over

    def choose(self, seat: int, hand: list[Card], led: str | None, known: bool) -> Card:
        allowed = legal(hand, led)
        if not known and self.revoke_rate and self.rng.random() < self.revoke_rate:
            wrong = [c for c in hand if c not in allowed]
            if wrong:
                return self.rng.choice(wrong)
        if STAR in allowed and (len(allowed) == 1 or self.rng.random() < 0.15):
            return STAR
        return self.rng.choice([c for c in allowed if c != STAR])

    def note_voids(self, voids, seat: int, led: str | None, card: Card, trick: int) -> None:
        """The revokes a play proves, and the voids it shows (design principle 3)."""
        if (seat, card.suit) in voids:
            self.expected_findings.append((seat, voids.pop((seat, card.suit)), trick))
        if led is None or card.suit in (led, FJONT):
            return
        shown = (led,) if card.suit == TRUMP or led == TRUMP else (led, TRUMP)
        for suit in shown:
            voids.setdefault((seat, suit), trick)

    # -- one deal by quick entry -------------------------------------------------------------
    def quick_deal(self) -> None:
        low, high = self.variant_range()
        total = low if low == high else self.rng.randint(low, high)
        n_sides = len(self.variant.sides)
        event: dict = {"type": "result"}
        if self.game == "fjabbe":
            tricks = [0] * self.n
            for _ in range(self.variant.hand_size):
                tricks[self.rng.choice([0, 1, 2, 3, self.rng.randrange(4)])] += 1
            takers = [s for s in range(self.n) if tricks[s]]
            points = [0] * self.n
            for _ in range(total):
                points[self.rng.choice(takers)] += 1
            event["tricks"] = tricks
        else:
            first = self.rng.randint(0, total)
            points = [first, total - first]
        event["points"] = points
        if self.rng.random() < 0.5:
            event["declarations"] = [self.rng.choice([None, 0, 10, 17, 36, 112])
                                     for _ in range(self.n)]
        before = self.state.totals
        self.post(event)
        if self.game != "fjabbe" and not self.over:
            declared = sum(d or 0 for d in event.get("declarations", []))
            assert sum(self.state.totals) == sum(before) + declared + total
        assert n_sides == len(self.state.totals) or self.game == "fjabbe"

    def variant_range(self) -> tuple[int, int]:
        values = sorted(halves(c) for c in TAROT62.cards)
        k = self.variant.cards_in_play
        return sum(values[:k]) // 2 + 6, sum(values[-k:]) // 2 + 6

    # -- invariants ---------------------------------------------------------------------------
    def check_places(self, hands, piles, discards, out) -> None:
        everywhere = Counter(out)
        for seat in range(self.n):
            everywhere += Counter(hands[seat]) + Counter(discards[seat])
        for pile in piles:
            everywhere += Counter(pile)
        assert everywhere == Counter(TAROT62.cards)
        deal = self.state.deal
        assert [Counter(p) for p in deal.piles] == [Counter(p) for p in piles]
        assert [Counter(d) for d in deal.discarded] == [Counter(discards[s])
                                                        for s in range(self.n)]

    def check_deal(self, number, hands, piles, discards, out, tricks, debt, last) -> None:
        assert not any(hands.values())
        n_sides = len(self.variant.sides)
        cards = [list(piles[i]) + [c for s in self.variant.sides[i] for c in discards[s]]
                 for i in range(n_sides)]
        for i in range(n_sides):
            if sum(tricks[s] for s in self.variant.sides[i]) == 0 and cards[i]:
                to = debt[2] if debt is not None and debt[1] == i else 1 - i
                cards[to] += cards[i]
                cards[i] = []
        points = [worth(cards[i]) + (6 if i == self.side(last) else 0)
                  for i in range(n_sides)]
        everywhere = Counter(out)
        for pile in cards:
            everywhere += Counter(pile)
        assert everywhere == Counter(TAROT62.cards)  # every card in exactly one place
        score = self.state.last
        assert score.number == number
        assert list(score.cards) == points
        assert list(score.tricks) == tricks
        assert sum(points) == worth(c for pile in cards for c in pile) + 6
        if self.variant.cards_in_play == 62:
            assert sum(points) == 93

    def check_sheet(self) -> None:
        rows = self.module.sheet(self.state).rows
        for before, row in zip(rows, rows[1:]):
            assert row.totals == tuple(t + (c or 0) for t, c in zip(before.totals, row.changes))
        assert rows[-1].totals == self.state.totals

    def check_end(self) -> None:
        assert replay(self.setup, self.entries) == self.state
        for at, state in self.rng.sample(self.checkpoints, min(2, len(self.checkpoints))):
            assert replay(self.setup, self.entries[:at]) == state
        found = [(f.seat, f.params["revoke_trick"], f.params["proof_trick"])
                 for f in self.module.findings(self.state) if f.code == "revoke_proven"]
        assert found == self.expected_findings
        result = self.module.result(self.state)
        assert result is not None
        if self.game == "fjabbe":
            lost = self.state.totals
            assert sum(n >= 3 for n in lost) >= 2 or max(lost) >= 5
        elif self.state.winner is not None:
            assert self.state.totals[self.state.winner] >= self.variant.target or \
                self.options.get("single_deal")


GAMES = {"800": 4, "1000": 2, "150": 2, "fjabbe": 4}


@pytest.mark.parametrize("game, seed", [(g, s) for g in GAMES for s in range(4)])
def test_random_matches_end_and_keep_the_books(game, seed):
    match = Match(game, seed, GAMES[game])
    match.run()
    assert match.deals >= 1
    assert match.expected_findings == []  # everybody played legally


@pytest.mark.parametrize("game, seed", [(g, 100 + s) for g in GAMES for s in range(2)])
def test_revokes_are_found_when_proven(game, seed):
    match = Match(game, seed, GAMES[game], revoke_rate=0.15)
    match.run()
    assert match.expected_findings  # some revokes were proven, and named right


@pytest.mark.parametrize("game, options", [
    ("800", {"fjont_from_discards": False, "fjont_hacka_only": True}),
    ("1000", {"fjont_from_discards": False, "card_in_flertal_and_sekvens": False}),
    ("150", {"single_deal": True}),
    ("fjabbe", {"trickless_loss": "also", "tie_for_most": "none_lose"}),
])
def test_random_matches_with_options(game, options):
    match = Match(game, 7, GAMES[game], options=options)
    match.run()
