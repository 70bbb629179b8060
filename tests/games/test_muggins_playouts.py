"""Random Muggins matches with fixed seeds, played with real cards.

Each deal shuffles the 52 cards; ``RealTable`` (see ``test_muggins``) holds the real piles and
checks after every entry that the engine's picture agrees with the table — every card in one
place, the face-up piles card for card, every card the engine claims to know in a draw pile
really in that stretch. Now and then a card is laid wrongly (on a pile where it does not fit,
past the nearest discard pile, on one's own pile when it fitted elsewhere) and sometimes
another player calls muggins before the next card.

Also checked: a call is accepted exactly when the last card went wrong; the winner holds no
cards and everybody else does; the sheet's rows add up; replaying the log gives the live state
(also for prefixes). A deal can go round for ever (the text has no end for it): after a long
stretch the table stops it, and most seeds end with a winner.
"""

from __future__ import annotations

import random

import pytest

from rules_engine.table_log import replay
from tests.games.test_muggins import RealTable, rule_targets
from tests.playout_kit import option_ids

MAX_TURNS = 3000


def _wrong_targets(t: RealTable, seat: int, card) -> list[str]:
    right = rule_targets(t, seat, card)
    keys = [f"m{i}" for i in range(len(t.piles))] + [
        f"d{s}" for s in range(t.n) if t.discard[s] or s == seat]
    return [k for k in keys if k not in right]


def play_deal(t: RealTable, rng: random.Random, wrong_rate: float, call_rate: float) -> str:
    turns = 0
    while t.state.phase == "play":
        seat = t.seat
        card = t.next_card()
        wrong = _wrong_targets(t, seat, card)
        how = rng.choice(["auto", "on"])
        if wrong and rng.random() < wrong_rate:
            target = rng.choice(wrong)
            t.turn(to=target, how="own" if target == f"d{seat}" and rng.random() < 0.5
                   else "on")
            assert t.deal.open_call is not None
        else:
            t.turn(how=how)
            assert t.deal.open_call is None
        if t.deal.open_call is not None and rng.random() < call_rate:
            offender = t.deal.open_call.seat
            t.call(rng.choice([s for s in range(t.n) if s != offender]))
            if t.deal.draws[offender][-1].known:
                t.known_penalties = getattr(t, "known_penalties", 0) + 1
        turns += 1
        if turns > MAX_TURNS and t.state.phase == "play":
            t.post("stop")
            return "stopped"
    if t.deal.winner is None:
        return "stopped"
    winner = t.deal.winner
    if t.deal.open_call is not None and rng.random() < call_rate:
        t.call(rng.choice([s for s in range(t.n) if s != winner]))  # a wrong last card
        return play_deal(t, rng, wrong_rate, call_rate)
    assert t.held(winner) == 0
    if t.entries[-1].event["type"] == "muggins":
        # He gave his last card as a penalty card; another giver may have too: the first
        # from the offender's left is the first rid of his cards.
        offender = t.deal.calls[-1].offender
        order = [(offender + k) % t.n for k in range(1, t.n)]
        assert winner == next(s for s in order if t.held(s) == 0)
    else:
        assert all(t.held(s) for s in range(t.n) if s != winner)
    return "won"


def run_match(n: int, seed: int, wrong_rate: float = 0.0, call_rate: float = 0.0,
              **options) -> tuple[RealTable, list[str]]:
    rng = random.Random(seed)
    t = RealTable(n, seed=seed, first_dealer=rng.randrange(n), **options)
    outcomes = []
    checkpoints = []
    while True:
        outcomes.append(play_deal(t, rng, wrong_rate, call_rate))
        if rng.random() < 0.5:
            checkpoints.append((len(t.entries), t.state))
        if t.state.phase == "over":
            break
        t.deal_cards()
    assert t.replayed() == t.state
    for length, snapshot in checkpoints[:2]:
        assert replay(t.setup, t.entries[:length]) == snapshot
    # The sheet: one row per deal won or stopped, a muggins row per call; totals add up.
    rows = t.state.rows
    assert sum(1 for r in rows if r.kind in ("deal", "stopped")) == t.state.deals_played
    assert sum(t.state.totals) == sum(1 for r in rows if r.kind == "deal")
    return t, outcomes


OPTION_SETS = [
    {},
    {"turn_ends": "every_card"},
    {"left_pile": "neighbour", "deals": 2},
    {"wrong_placement": "call", "deals": 3},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=option_ids)
@pytest.mark.parametrize("n", range(3, 8))
@pytest.mark.parametrize("seed", range(2))
def test_random_games_keep_every_card_in_one_place(seed, n, options):
    t, outcomes = run_match(n, 100 * n + seed, **options)
    assert t.state.phase == "over"
    assert all(r.kind != "muggins" for r in t.state.rows)


@pytest.mark.parametrize("n", range(3, 8))
@pytest.mark.parametrize("seed", range(3))
def test_random_games_with_wrong_placements_and_calls(seed, n):
    run_match(n, 5_000 + 100 * n + seed, wrong_rate=0.08, call_rate=0.7, deals=2)


def test_most_games_end_with_a_winner_and_the_rare_paths_are_reached():
    """Most deals end with a winner; calls happen, and some penalty card is one the app knew
    (from a turned-over pile), so that path was checked against the real table too."""
    outcomes: list[str] = []
    known_penalties = calls = 0
    for seed in range(30):
        n = 3 + seed % 5
        t, result = run_match(n, 9_000 + seed, wrong_rate=0.1, call_rate=0.8)
        outcomes += result
        calls += sum(1 for r in t.state.rows if r.kind == "muggins")
        known_penalties += getattr(t, "known_penalties", 0)
    assert outcomes.count("won") >= 25, outcomes
    assert calls > 10 and known_penalties > 0
