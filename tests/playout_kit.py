"""What every seeded random playout of a game keeps and checks, written once.

The playout tests (``tests/games/test_*_playouts.py``) deal real cards with a seeded
``random.Random``, post what the players do through the table log, and check the game's
invariants against a referee written again from the rule text. The game-specific part (how
to deal, bid and play, the referee) stays in each file; this module holds what they share:

- ``Playout``: the match's setup and rng, the live state, the recorded log (``entries``), the
  event kinds posted, and checkpoints (a prefix length with the state after it). ``seeded``
  makes one from a game, its players and a seed; ``post`` applies an event the way the API
  does; ``refused`` is the playout's check that an event would be refused with a code,
  citing a rule, in both languages; ``simulate`` plays a deal out unseen (quick entry);
  ``check_replay`` is the one replay check: the whole log gives the live state, and each of
  the first few checkpoints' prefixes gives the state recorded there. A file's ``Match``
  subclasses it (``@dataclass class Match(Playout)``) with its rates, its referee and its
  invariants; keep the rng calls in the order they were, so a seed stays the same match.
- ``option_ids``: the test ids of a file's option sets.
- ``deal_one_at_a_time``: a shuffled deck dealt round the table card by card.
- ``trick_winner``, ``check_trick_order``, ``check_one_place`` and ``check_revokes_proven``:
  the trick-taking invariants (who wins a trick, who leads and plays in which order, every
  card in one place, a revoke found exactly when proven later).

The protokoll's arithmetic (rows add up to the totals) is
``tests.game_checks.check_rows_add_up``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from rules_engine.cards import FRENCH52, Card
from rules_engine.errors import RuleViolation
from rules_engine.table_log import Entry, TableSetup, apply_game_event, replay


@dataclass
class Playout:
    """One seeded match: setup, rng, live state, the log posted so far and its checkpoints."""

    setup: TableSetup
    rng: random.Random
    state: Any = None
    entries: list[Entry] = field(default_factory=list)
    checkpoints: list[tuple[int, Any]] = field(default_factory=list)
    kinds: set[str] = field(default_factory=set)

    def __post_init__(self):
        self.module = self.setup.module
        self.state = self.setup.new_state()

    @classmethod
    def seeded(cls, game: str, players: Sequence[str], seed: int,
               options: dict | None = None, first_dealer: int | None = None, **settings):
        """A match (not yet run) of ``game`` for ``players`` with ``random.Random(seed)``:
        the first dealer is the rng's first draw unless ``first_dealer`` is given;
        ``settings`` are the file's own (rates and the like)."""
        rng = random.Random(seed)
        dealer = rng.randrange(len(players)) if first_dealer is None else first_dealer
        setup = TableSetup(game, tuple(players), {} if options is None else options, dealer)
        return cls(setup, rng, **settings)

    @property
    def n(self) -> int:
        """The number of players at the table."""
        return len(self.setup.players)

    @property
    def options(self):
        return self.state.options

    def post(self, event: dict) -> None:
        """Apply ``event`` as the API would, and record it in the log."""
        self.state = apply_game_event(self.setup, self.state, event)
        self.entries.append(Entry(len(self.entries) + 1, event))
        self.kinds.add(event["type"])

    def expected(self):
        return self.module.expected(self.state)

    def refused(self, event: dict, code: str) -> RuleViolation:
        """``event`` would be refused now with ``code``, citing a rule, in Swedish and
        English. It is not posted: the match goes on from the same state."""
        with pytest.raises(RuleViolation) as info:
            apply_game_event(self.setup, self.state, event)
        violation = info.value
        assert violation.code == code, repr(violation)
        assert violation.rule and violation.message("sv") and violation.message("en")
        return violation

    def simulate(self, hands: dict[int, list[Card]], leader: int,
                 order: Callable[[int], Iterable[int]], trump: str | None, tricks: int = 13,
                 trump_from_lead: bool = False) -> tuple[list[int], str | None]:
        """Play a deal out here, unseen by the engine (for quick entry): ``tricks`` tricks,
        each seat in ``order(leader)`` playing the file's ``legal_choice(hand, led)``, the
        trick going by ``trick_winner`` to the one who leads the next. ``trump`` None is no
        trump, unless ``trump_from_lead``: then the suit of the first card led is trump.
        Returns the tricks per seat and the trump."""
        hands = {seat: list(hand) for seat, hand in hands.items()}
        won = [0] * len(hands)
        for _ in range(tricks):
            plays = []
            for seat in order(leader):
                led = plays[0][1].suit if plays else None
                card = self.legal_choice(hands[seat], led)
                hands[seat].remove(card)
                plays.append((seat, card))
                if trump_from_lead:
                    trump = trump or card.suit
            leader = trick_winner(plays, trump)
            won[leader] += 1
        return won, trump

    def maybe_checkpoint(self, rate: float) -> None:
        """With probability ``rate`` (one rng draw) remember the log's length and the state."""
        if self.rng.random() < rate:
            self.checkpoints.append((len(self.entries), self.state))

    def check_replay(self, prefixes: int = 3) -> None:
        """Replaying the log gives the live state, and so do the first ``prefixes``
        checkpoints' prefixes the state recorded there."""
        assert replay(self.setup, self.entries) == self.state
        for length, snapshot in self.checkpoints[:prefixes]:
            assert replay(self.setup, self.entries[:length]) == snapshot


def option_ids(options: dict) -> str:
    """A parametrize id for one of a file's option sets: the options it changes, else
    "defaults"."""
    return ",".join(options) or "defaults"


def deal_one_at_a_time(deck: Sequence[Card], order: Sequence[int]) -> dict[int, list[Card]]:
    """``deck`` dealt one card at a time round the seats in ``order`` (its first seat first),
    as whist and Priffe deal; the hands by seat, in seat order."""
    hands: dict[int, list[Card]] = {seat: [] for seat in sorted(order)}
    for index, card in enumerate(deck):
        hands[order[index % len(order)]].append(card)
    return hands


def trick_winner(plays: Sequence[tuple[int, Card]], trump: str | None,
                 value: Callable[[Card], int] = FRENCH52.rank_value) -> int:
    """The seat that wins ``plays`` ((seat, card) in order) by the plain rule: the highest
    trump, else the highest card of the suit led (``trump`` None: no trump suit)."""
    trumps = [(s, c) for s, c in plays if c.suit == trump]
    pool = trumps or [(s, c) for s, c in plays if c.suit == plays[0][1].suit]
    return max(pool, key=lambda sc: value(sc[1]))[0]


def check_trick_order(tricks, leader: int, order: Callable[[int], Iterable[int]],
                      winner: Callable[[list[tuple[int, Card]]], int]) -> list[int]:
    """Each trick is led by ``leader`` for the first and the last trick's winner after; its
    cards come in ``order(leader)``; ``winner(plays)`` names its winner. Returns the winners,
    trick by trick."""
    winners = []
    for trick in tricks:
        assert trick.leader == leader
        assert [p.seat for p in trick.plays] == list(order(leader))
        leader = winner([(p.seat, p.card) for p in trick.plays])
        winners.append(leader)
    return winners


def check_one_place(seen, hands: dict[int, list[Card]], dealt, deck: set[Card],
                    entered: Sequence[Any] = ()) -> None:
    """Every card in one place: held (``hands``, what the players still hold) or seen by the
    engine once (``seen``: its plays, each with ``seat`` and ``card``), from the hand it was
    dealt to; all of ``deck`` is there. A hand entered to the engine (``entered``, by seat,
    None where not) is exactly what that player still holds."""
    played = [s.card for s in seen]
    held = [c for h in hands.values() for c in h]
    assert len(played) == len(set(played)) and set(played).isdisjoint(held)
    assert set(played) | set(held) == deck and len(played) + len(held) == len(deck)
    for s in seen:
        assert s.card in dealt[s.seat]
    for seat, hand in enumerate(entered):
        if hand is not None:
            assert sorted(hand) == sorted(hands[seat])


def check_revokes_proven(revokes, found, plays, rule: str | None = None) -> None:
    """A revoke is found exactly when proven: ``revokes`` are the (seat, suit, trick) the
    playout made on purpose, ``found`` the engine's revoke findings, ``plays`` the deal's
    (trick number, seat, card). Every finding names one of the revokes and a later proof
    trick (and cites ``rule`` when given); a revoke is covered by a finding exactly when the
    player later showed the suit. With no revokes there are no findings."""
    for finding in found:
        params = finding.params
        assert (finding.seat, params["suit"], params["revoke_trick"]) in revokes
        assert params["proof_trick"] > params["revoke_trick"]
        if rule is not None:
            assert finding.rule == rule
    for seat, suit, trick in revokes:
        shown_later = any(s == seat and c.suit == suit and n > trick for n, s, c in plays)
        proven = any(f.seat == seat and f.params["suit"] == suit
                     and f.params["revoke_trick"] <= trick < f.params["proof_trick"]
                     for f in found)
        assert proven == shown_later, (seat, suit, trick)
