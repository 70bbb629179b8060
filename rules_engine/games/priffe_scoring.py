"""Priffe's scoring: the numbers of the text and the score of one deal, per bolag.

Source: rule file 002, section "Priffe regler": *Poängräkning (det moderna sättet)* with the
honours and *Utgång*, and *Priffe i gammaldags variant* (its values a trick, doubled penalty
tricks, honours as tricks, utgång at 20 with bonuses). The tables are the text's, each with
its words; the game module ``priffe`` writes what these functions score in the protokoll
(above and below the line, in the words of ``deal_words``) and says in its docstring how it
reads the text where it is silent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..cards import SUITS, Card
from .priffe_bids import HJARTER, KLOVER, MISERE, NOLL, PREFERENCE, RUTER, SPADER, TRUMP_OF
from .priffe_bids import TVANGSNOLL, bid_name
from .whist_play import TRICKS_PER_DEAL

BOOK = 6  # "stick utöver de sex första"
TRICK_VALUE = 10  # "10 poäng per trick"
PENALTY_VALUE = 20  # "20 poäng per strafftrick"
SLAMS = {12: 10, 13: 20}  # "10 extra poäng i bonus för lillslam ... 20 bonuspoäng för storslam"
PENALTY_SLAMS = {12: 20, 13: 40}  # "20 poäng för lilla straffslam och 40 ... stora straffslam"
HONOURS_FOUR_IN_ONE_HAND = 50
HONOURS_THREE_AND_PARTNER = 40
HONOURS_THREE_IN_ONE_HAND = 30
UTGANG = 30  # "Det bolag som först får 30 eller fler trickpoäng har uppnått utgång"
# The old variant: points a trick by contract, penalty tricks double, honours as tricks.
OLD_TRICK_VALUE = {SPADER: 2, KLOVER: 3, RUTER: 4, HJARTER: 5, NOLL: 6, PREFERENCE: 8,
                   TVANGSNOLL: 6}
OLD_PENALTY_FACTOR = 2
OLD_HONOUR_TRICKS = {3: 2, 4: 4}  # three in one hand = two tricks, all four = four tricks
OLD_SLAMS = {12: 10, 13: 20}
OLD_UTGANG = 20
OLD_UTGANG_BONUS = (10, 20)  # the first utgång, the second


def _pair(per_side: Callable[[int], int]) -> tuple[int, int]:
    return per_side(0), per_side(1)


@dataclass(frozen=True)
class DealScore:
    """A scored deal, per bolag (``sides`` order): what went below and above the line."""

    contract: str
    declaring: int | None  # the declaring bolag (None in tvångsnoll)
    tricks: tuple[int, int]
    made: bool | None  # None in tvångsnoll
    below: tuple[int, int]  # trick points toward utgång
    penalty: tuple[int, int]
    slams: tuple[int, int]
    honours: tuple[int, int]
    honours_how: str | None = None  # "four", "three_and_partner", "three"
    honours_side: int | None = None
    penalty_below: bool = False

    @property
    def above(self) -> tuple[int, int]:
        """Penalty tricks (unless counted below), slams and honours."""
        return _pair(lambda s: (0 if self.penalty_below else self.penalty[s])
                     + self.slams[s] + self.honours[s])

    @property
    def line(self) -> tuple[int, int]:
        """What counts toward utgång: the trick points, and penalty tricks if so agreed."""
        return _pair(lambda s: self.below[s] + (self.penalty[s] if self.penalty_below else 0))

    @property
    def total(self) -> tuple[int, int]:
        return _pair(lambda s: self.below[s] + self.penalty[s] + self.slams[s]
                     + self.honours[s])

    def as_dict(self) -> dict[str, Any]:
        return {"contract": self.contract, "declaring": self.declaring,
                "tricks": list(self.tricks), "made": self.made, "below": list(self.below),
                "penalty": list(self.penalty), "slams": list(self.slams),
                "honours": list(self.honours), "honours_how": self.honours_how,
                "honours_side": self.honours_side, "line": list(self.line),
                "above": list(self.above), "total": list(self.total)}


def trick_value(contract: str, old: bool = False) -> int:
    return OLD_TRICK_VALUE[contract] if old else TRICK_VALUE


def contract_score(contract: str, tricks: int,
                   old: bool = False) -> tuple[bool, int, int, int, int]:
    """A contract played by a bolag that took ``tricks``: (made, its trick points, the
    opponents' penalty points, its slam bonus, the opponents' penalty-slam bonus).

    >>> contract_score(HJARTER, 9)      # "Nio stick ger alltså 30 poäng"
    (True, 30, 0, 0, 0)
    >>> contract_score(HJARTER, 5)      # "bolag B vann given genom att ta hem åtta stick"
    (False, 0, 40, 0, 0)
    >>> contract_score(NOLL, 6)[1], contract_score(NOLL, 5)[1]
    (10, 20)
    """
    value = trick_value(contract, old)
    penalty_value = value * OLD_PENALTY_FACTOR if old else PENALTY_VALUE
    slams = OLD_SLAMS if old else SLAMS
    misere = contract in MISERE
    # Misère counts the tricks *not* taken the way a trump contract counts those taken.
    good = TRICKS_PER_DEAL - tricks if misere else tricks
    if good > BOOK:
        return True, value * (good - BOOK), 0, slams.get(good, 0), 0
    bad = TRICKS_PER_DEAL - good  # the tricks the other way round
    penalty_slam = 0 if old else PENALTY_SLAMS.get(bad, 0)
    return False, 0, penalty_value * (bad - BOOK), 0, penalty_slam


def honour_cards(contract: str) -> tuple[Card, ...]:
    """The four aces in preference, A K Q J of the trump suit, the four twos in noll."""
    if contract == PREFERENCE:
        return tuple(Card(s, "A") for s in SUITS)
    if contract in MISERE:
        return tuple(Card(s, "2") for s in SUITS)
    trump = TRUMP_OF[contract]
    return tuple(Card(trump, r) for r in ("A", "K", "Q", "J"))


def honours_score(held: Sequence[int], sides: Sequence[Sequence[int]], contract: str,
                  old: bool = False) -> tuple[tuple[int, int], str | None, int | None]:
    """Honour points per bolag from how many each player held: (points, how, bolag).

    Modern: 50 all four in one hand, 40 three in one hand and the fourth with the partner,
    30 three in one hand (the fourth with an opponent). Old: three in one hand as two tricks,
    all four as four tricks of the contract.

    >>> honours_score((3, 0, 1, 0), ((0, 2), (1, 3)), PREFERENCE)
    ((40, 0), 'three_and_partner', 0)
    """
    for player, count in enumerate(held):
        if count < 3:
            continue
        side = next(i for i, s in enumerate(sides) if player in s)
        partner = next(p for p in sides[side] if p != player)
        if old:
            points = OLD_HONOUR_TRICKS[count] * trick_value(contract, True)
            how = "four" if count == 4 else "three"
        elif count == 4:
            points, how = HONOURS_FOUR_IN_ONE_HAND, "four"
        elif held[partner] == 1:
            points, how = HONOURS_THREE_AND_PARTNER, "three_and_partner"
        else:
            points, how = HONOURS_THREE_IN_ONE_HAND, "three"
        out = [0, 0]
        out[side] = points
        return (out[0], out[1]), how, side
    return (0, 0), None, None


def score_deal(contract: str, declaring: int | None, tricks: tuple[int, int],
               held: Sequence[int], sides: Sequence[Sequence[int]], old: bool = False,
               tvangsnoll_slams: bool = True, penalty_below: bool = False) -> DealScore:
    """One deal: the contract's trick points, penalty tricks and slams, and the honours."""
    below, penalty, slams = [0, 0], [0, 0], [0, 0]
    made: bool | None = None
    if contract == TVANGSNOLL:
        value = trick_value(TVANGSNOLL, old)
        for side in (0, 1):
            under = BOOK + 1 - tricks[side]
            if under > 0:
                below[side] = value * under
                if tvangsnoll_slams:
                    slams[side] = (OLD_SLAMS if old else SLAMS).get(BOOK + under, 0)
    else:
        assert declaring is not None
        made, points, against, slam, penalty_slam = contract_score(
            contract, tricks[declaring], old)
        below[declaring] = points
        slams[declaring] = slam
        penalty[1 - declaring] = against
        slams[1 - declaring] = penalty_slam
    honours, how, side = honours_score(held, sides, contract, old)
    return DealScore(contract, declaring, tricks, made, (below[0], below[1]),
                     (penalty[0], penalty[1]), (slams[0], slams[1]), honours, how, side,
                     penalty_below)


def utgang_at(old: bool) -> int:
    return OLD_UTGANG if old else UTGANG


def deal_words(number: int, score: DealScore, names: Sequence[str]) -> tuple[str, str]:
    """What a scored deal says in the protokoll: the contract and its fate, then each bolag's
    points (``names``: the bolag in ``sides`` order)."""
    contract = score.contract
    if score.declaring is None:
        sv = f"Giv {number}: tvångsnoll"
        en = f"Deal {number}: forced nullo (tvångsnoll)"
    else:
        side = score.declaring
        sv = (f"Giv {number}: {names[side]} {bid_name(contract)}, "
              f"{score.tricks[side]} stick, {'hem' if score.made else 'bet'}")
        en = (f"Deal {number}: {names[side]} {bid_name(contract, 'en')}, "
              f"{score.tricks[side]} tricks, {'made' if score.made else 'failed'}")
    for side in (0, 1):
        bits = [(points, word_sv, word_en) for points, word_sv, word_en in (
            (score.below[side], "under strecket", "below the line"),
            (score.penalty[side], "strafftrick", "penalty tricks"),
            (score.slams[side], "slam", "slam"),
            (score.honours[side], "honnörer", "honours")) if points]
        if bits:
            sv += f"; {names[side]}: " + ", ".join(f"{n} {word}" for n, word, _ in bits)
            en += f"; {names[side]}: " + ", ".join(f"{n} {word}" for n, _, word in bits)
    return sv, en
