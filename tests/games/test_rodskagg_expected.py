"""Rödskägg: ``expected`` offers only entries that ``apply`` accepts (issue 15, item 9).

A property over states reached by random walks with fixed seeds: deals entered card by card
and by quick entry (so that Rödskägg is bid and failed, players go out of the match, and
fem opp is called after quick-entry deals), misdeals, knocks and every fem-opp call the
engine offers. In every state reached, every call and choice ``expected`` offers — bids,
the knock, the question, joins, exit knocks, misdeals, and each fem-opp call with each caller
it names — is applied to that state and must be accepted. (Cards are not "offered": any
unplayed card may be played, and a revoke is proven later.)
"""

from __future__ import annotations

import random

import pytest

from rules_engine.cards import FRENCH52
from rules_engine.errors import RuleViolation
from rules_engine.games import rodskagg
from rules_engine.table_log import TableSetup, apply_game_event

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun")
MAX_STEPS = 1500


def offered_entries(state) -> list[dict]:
    """Every call and choice ``expected`` offers now, as events."""
    events: list[dict] = []
    exp = rodskagg.expected(state)
    for inp in exp.inputs:
        if inp.type == "bid":
            events += [{"type": "bid", "seat": inp.seat, "bid": c} for c in inp.choices]
        elif inp.type in ("knock", "ask", "deal"):
            events.append({"type": inp.type})
        elif inp.type == "join":
            events += [{"type": "join", "seat": inp.seat, "join": c} for c in inp.choices]
        elif inp.type == "exit_knock":
            events.append({"type": "exit_knock", "seat": inp.seat})
        elif inp.type == "misdeal":
            if inp.fields.get("knocked") == "required":
                events += [{"type": "misdeal", "knocked": k} for k in (True, False)]
            else:
                events.append({"type": "misdeal"})
        elif inp.type == "fem_opp":
            calls = inp.fields["calls"]
            assert calls and inp.fields["breach"] == sorted(
                {c["breach"] for c in calls}, key=rodskagg.BREACHES.index)
            for call in calls:
                for caller in call["callers"]:
                    event = {"type": "fem_opp", "breach": call["breach"], "caller": caller}
                    if call["offender"] is not None:
                        event["offender"] = call["offender"]
                    events.append(event)
        else:
            # (a hand entered by its player: tests/games/test_rodskagg_hands.py)
            assert inp.type in ("result", "play", "trick", "hand"), inp.type
    return events


def check_offers(setup: TableSetup, state) -> int:
    offered = offered_entries(state)
    for event in offered:
        try:
            apply_game_event(setup, state, event)
        except RuleViolation as refusal:  # pragma: no cover - the failure we look for
            raise AssertionError(f"expected offered {event} but apply refused it: "
                                 f"{refusal.code}: {refusal.message('en')}") from refusal
    return len(offered)


def random_quick_result(rng: random.Random, state) -> dict:
    """A quick entry that can be right: increasing bids in speaking order (Rödskägg often,
    so that it fails and players go out), six tricks among the players in the match."""
    in_match = state.in_match
    forehand = rodskagg.next_seat(state.dealer, state.n, in_match)
    order = rodskagg.seats_from(forehand, state.n, in_match)
    bids: list[object] = ["smyga"] * state.n
    highest = 0
    for seat in order:
        if rng.random() < 0.35 and highest < rodskagg.RODSKAGG:
            if rng.random() < 0.12:
                bids[seat], highest = "rodskagg", rodskagg.RODSKAGG
            elif highest < 6:
                bid = rng.randint(highest + 1, 6)
                bids[seat], highest = bid, bid
    if highest == 0:
        return {"type": "result", "bids": bids}  # everyone passed: no tricks
    declarer = next(s for s in order if bids[s] in (highest, "rodskagg"))
    need = rodskagg.tricks_needed(highest)
    made = rng.random() < (0.2 if highest == rodskagg.RODSKAGG else 0.75)
    tricks = [0] * state.n
    tricks[declarer] = rng.randint(need, 6) if made else rng.randint(0, need - 1)
    others = [s for s in in_match if s != declarer]
    for _ in range(rodskagg.TRICKS_PER_DEAL - tricks[declarer]):
        tricks[rng.choice(others)] += 1
    return {"type": "result", "bids": bids, "tricks": tricks}


def next_entry(rng: random.Random, state, offered: list[dict]) -> dict:
    """The walk's next step: mostly what moves the game on, now and then an offered call."""
    calls = [e for e in offered if e["type"] == "fem_opp"]
    if calls and rng.random() < 0.05:
        return rng.choice(calls)
    misdeals = [e for e in offered if e["type"] == "misdeal"]
    if misdeals and rng.random() < 0.01:
        return rng.choice(misdeals)
    phase = state.phase
    if phase == "over":  # only late calls are left
        return rng.choice(calls)
    if phase == "deal":
        return random_quick_result(rng, state) if rng.random() < 0.6 else {"type": "deal"}
    if phase == "bidding":
        bids = [e for e in offered if e["type"] == "bid"]
        if not state.deal.bids and not state.deal.knocked and rng.random() < 0.7:
            return {"type": "knock"}
        if not state.deal.bids and rng.random() < 0.2:
            return random_quick_result(rng, state)
        weights = [3.0 if e["bid"] == "smyga" else 1.0 for e in bids]
        return rng.choices(bids, weights)[0]
    if phase in ("ask", "join"):
        moves = [e for e in offered if e["type"] in ("ask", "join")]
        return rng.choice(moves)
    deal = state.deal
    if deal.exit_due is not None and not deal.exit_knocked and rng.random() < 0.25:
        return {"type": "exit_knock", "seat": deal.exit_due}
    seat = rodskagg.expected(state).seat
    seen = {str(p.card) for p in deal.knowledge.seen}
    card = rng.choice([c for c in FRENCH52.cards if str(c) not in seen])
    return {"type": "play", "seat": seat, "card": str(card)}


def walk(seed: int, n: int, options: dict) -> tuple[int, set[str]]:
    rng = random.Random(seed)
    setup = TableSetup("rodskagg", NAMES[:n], options, first_dealer=rng.randrange(n))
    state = setup.new_state()
    checked = 0
    seen_calls: set[str] = set()
    for _ in range(MAX_STEPS):
        checked += check_offers(setup, state)
        offered = offered_entries(state)
        seen_calls |= {e["breach"] for e in offered if e["type"] == "fem_opp"}
        if state.phase == "over" and (not offered or rng.random() < 0.5):
            break
        event = next_entry(rng, state, offered)
        try:
            state = apply_game_event(setup, state, event)
        except RuleViolation:
            if event["type"] != "result":  # a random quick entry may not add up: skip it
                raise
        if state.out:
            seen_calls.add("someone_out")
    return checked, seen_calls


@pytest.mark.parametrize("options", [{}, {"all_smyga": "same_dealer", "exact_zero": True}],
                         ids=["defaults", "options"])
@pytest.mark.parametrize("n", (3, 4, 5, 7))
@pytest.mark.parametrize("seed", range(4))
def test_every_offered_call_is_accepted(seed, n, options):
    checked, _ = walk(9_000 + 100 * n + seed, n, options)
    assert checked > 0


def test_the_walks_reach_the_states_the_audit_found():
    """A player out of the match after a failed Rödskägg, and every kind of call offered."""
    seen: set[str] = set()
    for seed in range(12):
        _, calls = walk(12_000 + seed, 3 + seed % 4, {})
        seen |= calls
    assert seen >= set(rodskagg.BREACHES) | {"someone_out"}, seen


def test_forgot_ask_is_not_offered_on_a_player_out_of_the_match():
    """The audit's case: Bo bids Rödskägg by quick entry and fails; he is out, so "Går ni
    med?" forgotten cannot be called on him — and ``expected`` does not offer it."""
    setup = TableSetup("rodskagg", NAMES[:4])
    state = setup.new_state()
    state = apply_game_event(setup, state, {"type": "result",
                                            "bids": ["smyga", "rodskagg", "smyga", "smyga"],
                                            "tricks": [1, 5, 0, 0]})
    assert state.out == (1,) and state.phase == "deal"
    offered = offered_entries(state)
    assert not any(e["type"] == "fem_opp" and e["breach"] == "forgot_ask" for e in offered)
    with pytest.raises(RuleViolation) as info:
        apply_game_event(setup, state, {"type": "fem_opp", "breach": "forgot_ask",
                                        "caller": 0})
    assert info.value.code == "player_out"
    # Picking up early can be called for the coming deal, on anybody still in the match.
    calls = rodskagg.expected(state).inputs[-1].fields["calls"]
    assert {c["offender"] for c in calls if c["breach"] == "picked_up_early"} == {0, 2, 3}
    check_offers(setup, state)
