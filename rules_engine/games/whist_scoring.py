"""The whist family's scoring: the numbers of the rule text and the score of one deal.

Source: rule file 002, section "Whist regler": *Poängräkning*, *Honnörspoäng* and the
variants' own numbers (long whist's game at 10, American whist's at 7, à la guerre's book of
four and five honours). The tables are the text's, each with its words; the functions turn a
deal's tricks and honours into the points the family module ``whist`` writes in the
protokoll, and ``deal_words`` says a pair's deal in words. How the text is read where it is
silent (the robber-point table at 7 and 10, honours that would make game alone) is said in
``whist``'s docstring.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

BOOK = 6  # "stick utöver de sex första"
GAME_AT = 5  # "Den sida som först fått ihop 5 trickpoäng eller fler har fått utgång"
ROBBER_POINTS = ((0, 3), (2, 2), (4, 1))  # opponents' trick points up to → robber points
ROBBER_POINTS_BEYOND = 1  # extension: opponents at 5 or more (games at 7 and 10), the least
GAMES_FOR_ROBBER = 2  # "Den sida som först har fått två utgångar har vunnit robberten"
ROBBER_BONUS = 2  # "får 2 extra robbertpoäng som bonus"
HONOURS = ("J", "Q", "K", "A")  # "de fyra högsta korten: Kn-D-K-E i trumffärgen"
HONOUR_POINTS = ((3, 2), (4, 4))  # three → 2 trick points, four → 4
LONG_GAME_AT = 10  # long whist
AMERICAN_GAME_AT = 7  # American whist
GUERRE_BOOK = 4  # à la guerre: "stick utöver de fyra första"
GUERRE_GAME_AT = 9
GUERRE_HONOURS = ("10", "J", "Q", "K", "A")  # "de fem högsta korten (E-10)"
GUERRE_HONOUR_POINTS = ((3, 2), (4, 4), (5, 5))


@dataclass(frozen=True)
class DealScore:
    """A scored deal, per side (a pair, or one player in à la guerre)."""

    tricks: tuple[int, ...]
    trick_points: tuple[int, ...]  # from tricks over the book
    honours_held: tuple[int, ...] | None  # honours per side (None: not counted)
    honour_points: tuple[int, ...]  # as scored, after cancelling and stopping short
    cancelled: tuple[int, ...] = ()  # sides whose honours fell (the other pair made game)
    stopped: tuple[int, ...] = ()  # sides stopped one short of game (honours alone)
    before: tuple[int, ...] = ()
    after: tuple[int, ...] = ()  # points in the game after the deal (before a new game)
    game: int | None = None  # the side that made game (pairs)
    robber_points: int = 0  # for that game

    def as_dict(self) -> dict[str, Any]:
        return {"tricks": list(self.tricks), "trick_points": list(self.trick_points),
                "honours_held": None if self.honours_held is None else list(self.honours_held),
                "honour_points": list(self.honour_points), "cancelled": list(self.cancelled),
                "stopped": list(self.stopped), "before": list(self.before),
                "after": list(self.after), "game": self.game,
                "robber_points": self.robber_points}


# --- the rule text's numbers as pure functions -------------------------------------------------
def trick_points(tricks: int, book: int = BOOK) -> int:
    """Tricks over the book score one each: "nio stick ger alltså 3 trickpoäng".

    >>> trick_points(9), trick_points(6), trick_points(5, GUERRE_BOOK)
    (3, 0, 1)
    """
    return max(0, tricks - book)


def honour_points(held: int, table_: Sequence[tuple[int, int]] = HONOUR_POINTS) -> int:
    """Points for ``held`` honours: short whist 4 → 4, 3 → 2; à la guerre 5 → 5, 4 → 4,
    3 → 2; fewer nothing."""
    return dict(table_).get(held, 0)


def robber_points_for_game(opponents: int, game_at: int = GAME_AT,
                           robber_table: str = "as_short") -> int:
    """Robber points for a game by the opponents' trick points at that moment.

    Short whist (the text): 0 → 3, 1–2 → 2, 3–4 → 1. Long and American whist say "as above",
    so ``as_short`` (default) keeps the text's limits for every game; opponents at 5 or more,
    which the text's table does not reach, give 1 (the extension: the least a game is worth).
    ``scaled`` (an option) reads the table as 0 → 3, below half the game → 2, else 1.

    >>> [robber_points_for_game(o, 10) for o in (0, 1, 2, 3, 4, 5, 9)]
    [3, 2, 2, 1, 1, 1, 1]
    >>> [robber_points_for_game(o, 10, "scaled") for o in (0, 4, 5, 9)]
    [3, 2, 1, 1]
    """
    if robber_table == "as_short":
        return next((rp for limit, rp in ROBBER_POINTS if opponents <= limit),
                    ROBBER_POINTS_BEYOND)
    if opponents == 0:
        return 3
    return 2 if 2 * opponents < game_at else 1


def score_pair_deal(before: tuple[int, int], tricks: tuple[int, int],
                    honours_held: tuple[int, int] | None, game_at: int = GAME_AT,
                    robber_table: str = "as_short", book: int = BOOK,
                    table_: Sequence[tuple[int, int]] = HONOUR_POINTS) -> DealScore:
    """One deal of a pair game, as the text orders it: trick points first, then honours.

    - Tricks over six score for the pair that took them (only one pair can).
    - Honours (three or four) score for the pair that held them, unless the other pair made
      game by tricks in this deal ("får det andra paret inte några trickpoäng för
      honnörerna"); a pair without a trick over six that would reach game by honours stops
      one short of it ("stannar de på 4 trickpoäng").
    - A pair at ``game_at`` or more has game, worth robber points by the opponents' trick
      points.
    """
    odd = tuple(trick_points(t, book) for t in tricks)
    after = [b + o for b, o in zip(before, odd)]
    by_tricks = next((s for s in (0, 1) if after[s] >= game_at), None)
    scored = [0, 0]
    cancelled: list[int] = []
    stopped: list[int] = []
    if honours_held is not None:
        for side in (0, 1):
            points = honour_points(honours_held[side], table_)
            if not points:
                continue
            if by_tricks is not None and by_tricks != side:
                cancelled.append(side)
                continue
            total = after[side] + points
            if odd[side] == 0 and total >= game_at:
                stopped.append(side)
                total = game_at - 1
            scored[side] = total - after[side]
            after[side] = total
    game = next((s for s in (0, 1) if after[s] >= game_at), None)
    robber = 0 if game is None else robber_points_for_game(after[1 - game], game_at,
                                                           robber_table)
    return DealScore(tuple(tricks), odd, None if honours_held is None else tuple(honours_held),
                     tuple(scored), tuple(cancelled), tuple(stopped), tuple(before),
                     tuple(after), game, robber)


def score_guerre_deal(before: Sequence[int], tricks: Sequence[int],
                      honours_held: Sequence[int] | None, game_at: int = GUERRE_GAME_AT,
                      book: int = GUERRE_BOOK,
                      table_: Sequence[tuple[int, int]] = GUERRE_HONOUR_POINTS) -> DealScore:
    """One deal of whist à la guerre: each trick over four 1 point; three, four or five of
    A–10 of trumps 2, 4 or 5; a player without a trick over four who would reach 9 by
    honours stops at 8 ("blir man stående på 8 poäng")."""
    odd = tuple(trick_points(t, book) for t in tricks)
    after = [b + o for b, o in zip(before, odd)]
    scored = [0] * len(tricks)
    stopped: list[int] = []
    if honours_held is not None:
        for player, held in enumerate(honours_held):
            points = honour_points(held, table_)
            if not points:
                continue
            total = after[player] + points
            if odd[player] == 0 and total >= game_at:
                stopped.append(player)
                total = max(after[player], game_at - 1)
            scored[player] = total - after[player]
            after[player] = total
    return DealScore(tuple(tricks), odd, None if honours_held is None else tuple(honours_held),
                     tuple(scored), (), tuple(stopped), tuple(before), tuple(after))


def guerre_winners(points: Sequence[int], game_at: int = GUERRE_GAME_AT) -> tuple[int, ...]:
    """The players with the most points, if they reached ``game_at``; else none."""
    best = max(points)
    if best < game_at:
        return ()
    return tuple(p for p, v in enumerate(points) if v == best)


def deal_words(score: DealScore, side: int, name: str) -> tuple[str, str]:
    """What one side's deal says in the protokoll (a pair; ``name``: its players)."""
    sv = [f"{name} {score.tricks[side]} stick"]
    en = [f"{name} {score.tricks[side]} tricks"]
    if score.trick_points[side]:
        sv[0] += f" +{score.trick_points[side]}"
        en[0] += f" +{score.trick_points[side]}"
    if score.honours_held is not None and score.honours_held[side] >= 3:
        held = score.honours_held[side]
        if side in score.cancelled:
            sv.append(f"{held} honnörer, strukna (de andra gjorde utgång)")
            en.append(f"{held} honours, cancelled (the others made game)")
        else:
            sv.append(f"{held} honnörer +{score.honour_points[side]}")
            en.append(f"{held} honours +{score.honour_points[side]}")
            if side in score.stopped:
                sv[-1] += f", stannar på {score.after[side]}"
                en[-1] += f", stops at {score.after[side]}"
    return ", ".join(sv), ", ".join(en)
