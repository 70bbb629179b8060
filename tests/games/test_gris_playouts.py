"""Random Gris matches with fixed seeds, played with real cards.

Each deal shuffles the deck for the player count and deals it one card at a time from the
dealer's left. Grisen goes round: its holder passes it face up to the left and gets back the
card the receiver least wants (never grisen); a player who holds a quartet puts his thumb up
(naming its rank, sixes only with grisen), the others follow in a random order. The hands are
known here but never shown to the engine; now and then a deal is entered by quick entry.

Invariants, after every entry and at the end:

- every card is in one place: the hands together are the deck for the player count, each hand
  keeps the size it was dealt (the engine's ``hand`` sizes), and the engine's grisen holder is
  the player who really holds ♣6;
- the last thumb loses and deals next; losses add up to the deals played;
- the match ends (after its deals, or when someone has spelt the word);
- replaying the log gives the live state, also for prefixes.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules_engine.cards import Card
from rules_engine.games import gris
from rules_engine.table_log import TableSetup
from tests.playout_kit import Playout, option_ids

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun", "Hans")


class Match(Playout):
    def __init__(self, setup: TableSetup, rng: random.Random, late_passes: bool = False):
        super().__init__(setup, rng)
        self.late_passes = late_passes  # grisen goes on after the first thumb (item 17)

    def quartet(self, hand: list[Card]) -> str | None:
        counts = Counter(c.rank for c in hand)
        return next((r for r, k in counts.items() if k >= gris.QUARTET), None)

    def check(self, hands: dict[int, list[Card]], sizes: list[int]) -> None:
        deck = gris.deck_for(self.n)
        assert sorted(c for h in hands.values() for c in h) == sorted(deck.cards)
        assert [len(hands[s]) for s in range(self.n)] == sizes == list(self.state.deal.sizes)
        holder = next(s for s, h in hands.items() if gris.GRISEN in h)
        assert self.state.deal.grisen == holder

    def least_wanted(self, hand: list[Card]) -> Card:
        counts = Counter(c.rank for c in hand)
        choices = [c for c in hand if c != gris.GRISEN]
        return min(choices, key=lambda c: (counts[c.rank], self.rng.random()))

    def play_deal(self) -> None:
        rng, n = self.rng, self.n
        dealer = self.state.dealer
        if rng.random() < 0.15:
            loser = rng.randrange(n)
            self.post({"type": "result", "loser": loser})
            assert self.state.deal.loser == loser and self.state.dealer == loser
            return
        deck = list(gris.deck_for(n).cards)
        rng.shuffle(deck)
        hands: dict[int, list[Card]] = {s: [] for s in range(n)}
        for i, card in enumerate(deck):
            hands[(dealer + 1 + i) % n].append(card)
        sizes = [len(hands[s]) for s in range(n)]
        holder = next(s for s, h in hands.items() if gris.GRISEN in h)
        self.post({"type": "deal", "grisen": holder})
        self.check(hands, sizes)
        signaller = None
        for _ in range(2000):
            ready = [s for s in range(n) if self.quartet(hands[s])]
            if ready and rng.random() < 0.7:  # he may wait a little for the suspense
                signaller = rng.choice(ready)
                break
            holder = self.pass_on(hands, holder, sizes)
        assert signaller is not None, "no quartet in 2000 passes"
        rank = self.quartet(hands[signaller])
        event = {"type": "thumb", "seat": signaller}
        if rng.random() < 0.7:
            event["rank"] = rank
        self.post(event)
        if self.late_passes:  # the thumb went up "i smyg": the others pass on a while
            for _ in range(rng.randrange(4)):
                holder = self.pass_on(hands, holder, sizes)
        others = [s for s in range(n) if s != signaller]
        rng.shuffle(others)
        if rng.random() < 0.2:
            self.post({"type": "result", "loser": others[-1]})
        else:
            for seat in others[:-1]:
                self.post({"type": "thumb", "seat": seat})
        loser = others[-1]
        assert self.state.deal.loser == loser
        assert self.state.dealer == loser  # the loser deals next
        assert self.state.rows[-1].changes[loser] == 1

    def pass_on(self, hands: dict[int, list[Card]], holder: int, sizes: list[int]) -> int:
        """Grisen face up to the left, a hidden card back; the new holder."""
        left = (holder + 1) % self.n
        hands[holder].remove(gris.GRISEN)
        hands[left].append(gris.GRISEN)
        back = self.least_wanted(hands[left])  # "ett annat kort dolt"
        hands[left].remove(back)
        hands[holder].append(back)
        self.post({"type": "pass", "seat": holder})
        self.check(hands, sizes)
        return left

    def run(self) -> None:
        for _ in range(200):
            if self.state.phase == "over":
                break
            self.play_deal()
            assert sum(self.state.losses) == self.state.deals_played
            self.maybe_checkpoint(0.2)
        assert self.state.phase == "over"
        self.check_replay(prefixes=2)


OPTION_SETS = [{}, {"count": "letters"}, {"deals": 5}, {"count": "letters", "word": "PIG"}]


@pytest.mark.parametrize("options", OPTION_SETS, ids=option_ids)
@pytest.mark.parametrize("n", range(4, 9))
@pytest.mark.parametrize("seed", range(2))
def test_random_matches_keep_every_card_in_one_place_and_end(seed, n, options):
    rng = random.Random(1_000 * n + seed)
    match = Match(TableSetup("gris", NAMES[:n], options, first_dealer=rng.randrange(n)), rng)
    match.run()
    state = match.state
    if state.options.count == "letters":
        assert max(state.losses) == len(state.options.word)
        assert gris.result(state)["gris"] == state.losses.index(max(state.losses))
    else:
        assert state.deals_played == state.options.deals


@pytest.mark.parametrize("n", range(4, 9))
def test_grisen_goes_on_after_a_thumb_until_the_others_see_it(n):
    """Issue 15, item 17: after the first thumb ("i smyg") grisen is passed a few more times
    before the others follow; the engine keeps track of it and the deals end the same way."""
    match = Match.seeded("gris", NAMES[:n], 5_000 + n, {"deals": 5}, first_dealer=0,
                         late_passes=True)
    match.run()
    assert match.state.deals_played == 5
    types = [e.event["type"] for e in match.entries]
    assert any(a == "thumb" and b == "pass" for a, b in zip(types, types[1:]))
