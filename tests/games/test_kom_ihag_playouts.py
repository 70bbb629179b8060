"""Random Kom ihåg games with fixed seeds, played with real cards at real places.

The deck (or a used one) is shuffled and spread out face down, one card per place. Players
turn two places in turn; each remembers what he has seen with some probability and uses it:
when he knows where two matching cards lie he turns them. A pair is entered with its rank,
usually with the two cards as well; a miss sometimes names its two cards. The engine never
sees the places.

Invariants after every entry: every card is in one place (face down on the table or taken
by one player); the engine's scores are the real pairs taken; its turn is the real turn; no
rank gives more than two pairs (one per colour under the colour rule); the cards it says are
taken are taken by that player. Every game ends with the last pair, the winners have most
pairs, and replaying the log gives the live state.
"""

from __future__ import annotations

import random

import pytest

from rules_engine.cards import FRENCH52, Card
from rules_engine.games import kom_ihag as ki
from rules_engine.table_log import Entry, TableSetup, apply_game_event, replay

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun")


def play_game(seed: int, n: int, memory: float = 0.6, **options):
    rng = random.Random(seed)
    setup = TableSetup("kom_ihag", NAMES[:n], options)
    state = setup.new_state()
    rule = state.options.pair_rule
    tally = state.options.entry == "tally"  # only the pairs are entered
    places: dict[int, Card] = dict(enumerate(rng.sample(state.in_play, len(state.in_play))))
    remembered: list[dict[int, Card]] = [{} for _ in range(n)]
    taken: list[list[Card]] = [[] for _ in range(n)]
    entries: list[Entry] = []
    seat = rng.randrange(n)  # the youngest
    for _ in range(5000):
        if not places:
            break
        memo = {p: c for p, c in remembered[seat].items() if p in places}
        known = next(((p, q) for p in memo for q in memo
                      if p < q and ki.is_pair(memo[p], memo[q], rule)), None)
        if known:
            first, second = known
        else:
            first = rng.choice(sorted(places))
            card = places[first]
            match = [p for p, c in memo.items() if p != first and ki.is_pair(card, c, rule)]
            second = match[0] if match else rng.choice([p for p in places if p != first])
        cards = (places[first], places[second])
        for other in range(n):  # everybody sees them, and some remember
            for place, card in ((first, cards[0]), (second, cards[1])):
                if rng.random() < memory:
                    remembered[other][place] = card
        if ki.is_pair(*cards, rule):
            event = {"type": "pair", "seat": seat, "rank": cards[0].rank}
            if rng.random() < 0.8:
                event["cards"] = [str(c) for c in rng.sample(cards, 2)]
            del places[first], places[second]
            taken[seat] += cards
        else:
            event = {"type": "miss", "seat": seat}
            if rng.random() < 0.5:
                event["cards"] = " ".join(str(c) for c in cards)
        if not (tally and event["type"] == "miss"):
            state = apply_game_event(setup, state, event)
            entries.append(Entry(len(entries) + 1, event))
        if event["type"] == "miss":
            seat = (seat + 1) % n
        # every card in one place
        on_table = sorted(places.values())
        assert sorted(on_table + [c for hand in taken for c in hand]) == sorted(state.in_play)
        assert state.pairs == tuple(len(hand) // 2 for hand in taken)
        for owner, card in state.taken:
            assert card in taken[owner]
        assert max(state.rank_pairs) <= ki.CARDS_PER_PAIR
        assert sum(state.rank_pairs) == sum(state.pairs)
        assert state.over or state.to_play == (None if tally else seat)
        assert ki.findings(state) == ()
    assert not places and ki.is_over(state)
    best = max(state.pairs)
    assert state.winners == tuple(s for s in range(n) if state.pairs[s] == best)
    assert replay(setup, entries) == state
    live = setup.new_state()
    for entry in entries[:len(entries) // 2]:
        live = apply_game_event(setup, live, entry.event)
    assert replay(setup, entries[:len(entries) // 2]) == live
    return state, entries


@pytest.mark.parametrize("seed,n", [(seed, 2 + seed % 6) for seed in range(12)])
def test_random_games_end_with_every_card_in_one_place(seed, n):
    state, entries = play_game(seed, n)
    assert sum(state.pairs) == 26
    assert any(e.event["type"] == "miss" for e in entries)


@pytest.mark.parametrize("seed", range(100, 104))
def test_random_games_same_rank_and_colour(seed):
    state, entries = play_game(seed, 3, pair_rule="colour")
    for entry in entries:
        if entry.event["type"] == "pair" and "cards" in entry.event:
            first, second = (FRENCH52.parse(c) for c in entry.event["cards"])
            assert ki.COLOUR[first.suit] == ki.COLOUR[second.suit]


@pytest.mark.parametrize("seed", range(200, 203))
def test_random_games_with_a_used_deck(seed):
    state, _ = play_game(seed, 4, left_out="♠7 ♥7 ♦2 ♣2 ♥A ♠A")
    assert sum(state.pairs) == 23 == ki.total_pairs(state)


def test_a_perfect_memory_game_is_short_and_a_forgetful_one_long():
    _, sharp = play_game(7, 2, memory=1.0)
    _, forgetful = play_game(7, 2, memory=0.0)
    assert len(sharp) < len(forgetful)


@pytest.mark.parametrize("seed,n", [(300, 2), (301, 4), (302, 7)])
def test_random_games_in_tally_mode(seed, n):
    """Issue 15, item 14: the same games with only the pairs entered end the same way."""
    state, entries = play_game(seed, n, entry="tally")
    assert sum(state.pairs) == 26 and len(entries) == 26
    assert {e.event["type"] for e in entries} == {"pair"}
    same, _ = play_game(seed, n)
    assert same.pairs == state.pairs and same.winners == state.winners
