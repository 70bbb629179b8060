"""800's declarations: the best declaration of the cards laid down (``best``), and every
total a declaration from a hand of a given size can have (``achievable``).

Both search the kinds of ``declarations800_kinds``; ``best`` gives what ``validate`` in
``declarations800`` accepts (its interpretation 12 says which among equals), and
``achievable`` is quick entry's check of a bare number (interpretation 14).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import product
from typing import Callable, Sequence

from ..cards import SUITS, TRUMP, Card
from .declarations800_kinds import (
    DOUBLING_FACTOR, DOUBLING_FROM, FLERTAL_CARDS, FLERTAL_GROUPS, FLERTAL_POINTS,
    FLERTAL_SIZES, LADDERS, NEXT_THREE_SLOTS, POOLS, SEKVENS_MIN_CARDS,
    SEKVENS_POINTS_PER_CARD, SNAPPHANE, WILDS, CardLike, Combination, Declaration,
    DeclarationOptions, Ladder, _declaration, _FLERTAL_GROUP_OF, _laid_down_counts,
    sekvens_points)


# --- best(): the highest-scoring declaration ---------------------------------------------
#
# Only ⟨Æ⟩ (suit sequence or the ⟨Æ⟩ sequence), ⟨I⟩ (trump sequence or the ⟨I⟩ sequence)
# and the wild cards are shared between sequences; the wild cards are free to be in all of
# them. So: each suit and the trump have one longest sequence (computed greedily), and the
# search only decides how many suits keep their ⟨Æ⟩ and how many ⟨I⟩ the trump takes. With
# the option off, the flertal choices (none, a tretal, the fyrtal) are enumerated around that.


def _longest_run(ladder: Ladder, has: Callable[[int], bool],
                 wilds: tuple[Card, ...]) -> list[Card] | None:
    """The longest valid sequence on ``ladder`` from the slots ``has`` and the wild cards
    (all of them used: a wild card always adds a card), or None."""
    slots = ladder.slots
    if not has(0):
        return None
    head = [s for s in NEXT_THREE_SLOTS if has(s)]
    spare = list(wilds)
    run = [slots[0]]
    last_wild = False
    if len(head) >= 2:
        run += [slots[s] for s in head]
    elif head and spare:
        wild = spare.pop(0)
        if head[0] == 1:  # the wild card stands for the 2nd or 3rd, after the real one
            run += [slots[1], wild]
            last_wild = True
        else:  # it stands for the 1st, before the real one
            run += [wild, slots[head[0]]]
    else:
        return None
    for s in range(4, len(slots)):
        if has(s):
            run.append(slots[s])
            last_wild = False
        elif spare:
            run.append(spare.pop(0))
            if last_wild:  # two wild cards in a row: the sequence ends
                return run
            last_wild = True
        else:
            break
    run += spare
    return run


def _suit_run(suit: str, have: frozenset, wilds: tuple[Card, ...], with_ace: bool):
    ladder = LADDERS[suit]
    slots = ladder.slots
    return _longest_run(ladder, lambda s: (s < 4 or with_ace) and slots[s] in have, wilds)


def _trump_run(have: frozenset, n_snapphanar: int, wilds: tuple[Card, ...]):
    slots = LADDERS["trumf"].slots
    return _longest_run(LADDERS["trumf"],
                        lambda s: s - 16 < n_snapphanar if s >= 16 else slots[s] in have,
                        wilds)


def _pool_run(real: Sequence[Card], wilds: tuple[Card, ...]) -> list[Card] | None:
    if len(real) < 2 or len(real) + len(wilds) < SEKVENS_MIN_CARDS:
        return None
    return [*real, *wilds]


@dataclass(frozen=True)
class _SekvensPlan:
    points: int  # after doubling
    cards: int
    aces_kept: tuple[str, ...]  # suits whose sequence keeps its ⟨Æ⟩
    trump_snapphanar: int


def _plan_sekvenser(have: frozenset, n_snapphanar: int, wilds: tuple[Card, ...]) -> _SekvensPlan:
    """The best choice of sequences from the real cards ``have`` (⟨I⟩ counted apart)."""
    n_wilds = len(wilds)
    base_points = base_cards = base_count = 0
    ace_takers: list[str] = []
    for suit in SUITS:
        run = _suit_run(suit, have, wilds, with_ace=False)
        if run is None:
            continue
        base_count += 1
        base_cards += len(run)
        base_points += sekvens_points(len(run))
        if Card(suit, "Æ") in have:
            ace_takers.append(suit)
    n_aces = sum(card in have for card in POOLS["Æ"].cards)
    trump0 = _trump_run(have, 0, wilds)
    trump_len0 = len(trump0) if trump0 else 0
    takes_i = bool(trump0) and n_snapphanar > 0 and \
        len(_trump_run(have, n_snapphanar, wilds)) == trump_len0 + n_snapphanar
    best_key, best_plan = None, None
    for k in range(len(ace_takers), -1, -1):
        aces_left = n_aces - k
        ace_seq = aces_left >= 2 and aces_left + n_wilds >= SEKVENS_MIN_CARDS
        for t in range(n_snapphanar if takes_i else 0, -1, -1):
            i_left = n_snapphanar - t
            i_seq = i_left >= 2 and i_left + n_wilds >= SEKVENS_MIN_CARDS
            count = base_count + bool(trump0) + ace_seq + i_seq
            cards = base_cards + k
            raw = base_points + SEKVENS_POINTS_PER_CARD * k
            if trump0:
                cards += trump_len0 + t
                raw += sekvens_points(trump_len0 + t)
            if ace_seq:
                cards += aces_left + n_wilds
                raw += sekvens_points(aces_left + n_wilds)
            if i_seq:
                cards += i_left + n_wilds
                raw += sekvens_points(i_left + n_wilds)
            points = raw * (DOUBLING_FACTOR if count >= DOUBLING_FROM else 1)
            key = (points, -cards)
            if best_key is None or key > best_key:
                best_key = key
                best_plan = _SekvensPlan(points, cards, tuple(ace_takers[:k]), t)
    return best_plan


def _build_sekvenser(have: frozenset, n_snapphanar: int, wilds: tuple[Card, ...],
                     plan: _SekvensPlan) -> list[Combination]:
    runs: list[tuple[str, list[Card] | None]] = []
    trump = _trump_run(have, plan.trump_snapphanar, wilds)
    runs.append(("trumf", trump))
    for suit in SUITS:
        runs.append((suit, _suit_run(suit, have, wilds, with_ace=suit in plan.aces_kept)))
    i_used = sum(card == SNAPPHANE for card in trump) if trump else 0
    runs.append(("I", _pool_run([SNAPPHANE] * (n_snapphanar - i_used), wilds)))
    aces = [card for card in POOLS["Æ"].cards
            if card in have and card.suit not in plan.aces_kept]
    runs.append(("Æ", _pool_run(aces, wilds)))
    return [Combination("sekvens", group, tuple(run), sekvens_points(len(run)))
            for group, run in runs if run]


def _flertal_choices(group: str, counts: Counter, options: DeclarationOptions):
    """The flertal worth trying for ``group``: the largest, and with the option off also the
    tretal or none that free a card a sequence could use."""
    present = tuple(card for card in FLERTAL_CARDS[group] if counts[card])
    if len(present) < FLERTAL_SIZES[0]:
        return [()]
    if options.card_in_flertal_and_sekvens:
        return [present]
    useful = [card for card in present if _could_be_in_a_sequence(card, counts)]
    choices = [present]
    if len(present) == 4:
        choices += [tuple(c for c in present if c != card) for card in useful]
    if len(useful) >= (2 if len(present) == 4 else 1):
        choices.append(())
    return choices


def _could_be_in_a_sequence(card: Card, counts: Counter) -> bool:
    """Over-approximation: False only if no sequence of these cards could hold ``card``."""
    if card in WILDS:
        return True
    ladder = LADDERS["trumf"] if card.suit == TRUMP else LADDERS[card.suit]
    if card == ladder.top:
        return any(counts[c] for c in ladder.next_three)
    return counts[ladder.top] > 0


def best(laid_down: Sequence[CardLike],
         options: DeclarationOptions = DeclarationOptions()) -> Declaration:
    """The highest-scoring declaration ``validate`` accepts for these cards; among equal
    totals the one with the fewest cards. Flertal first, then sequences, in table order."""
    counts = _laid_down_counts(laid_down)
    n_snapphanar = counts[SNAPPHANE]
    everything = frozenset(card for card in counts if card != SNAPPHANE)
    choices = [_flertal_choices(group, counts, options) for group in FLERTAL_GROUPS]
    memo: dict[frozenset, _SekvensPlan] = {}
    best_key = best_choice = None
    for choice in product(*choices):
        flertal = [cards for cards in choice if cards]
        raw = sum(FLERTAL_POINTS[_FLERTAL_GROUP_OF[cards[0]]][len(cards) - 3]
                  for cards in flertal)
        flertal_points = raw * (DOUBLING_FACTOR if len(flertal) >= DOUBLING_FROM else 1)
        if options.card_in_flertal_and_sekvens:
            used = frozenset()
        else:
            used = frozenset(card for cards in flertal for card in cards)
        plan = memo.get(used)
        if plan is None:
            have = everything - used
            plan = memo[used] = _plan_sekvenser(
                have, n_snapphanar, tuple(w for w in WILDS if w in have))
        key = (flertal_points + plan.points, -(plan.cards + sum(map(len, flertal))))
        if best_key is None or key > best_key:
            best_key, best_choice = key, (flertal, used, plan)
    flertal, used, plan = best_choice
    have = everything - used
    combos = [Combination("flertal", _FLERTAL_GROUP_OF[cards[0]], cards,
                          FLERTAL_POINTS[_FLERTAL_GROUP_OF[cards[0]]][len(cards) - 3])
              for cards in flertal]
    combos += _build_sekvenser(have, n_snapphanar, tuple(w for w in WILDS if w in have),
                               plan)
    return _declaration(combos)


# --- achievable(): the totals a declaration can have -----------------------------------------
#
# Quick entry takes a player's declaration as a bare number. A number no declaration can
# have (7 points, say) is a typing error, so the game refuses it. ``achievable`` is the set
# of totals of every declaration ``validate`` would accept from a hand of ``hand_size`` cards.
#
# A declaration is a choice per sequence kind (none, or a length) and per flertal kind
# (none, tretal, fyrtal); its total depends only on those numbers. Whether a hand can hold
# it depends on how many physical cards it needs, and cards may be shared: the wild cards
# between sequences, and (with ``card_in_flertal_and_sekvens``) a card of a flertal with a
# sequence. The count below gives every such sharing its full benefit (a flertal of queens
# takes its queens from the suit sequences as far as they have court cards at all), so it
# never counts more cards than a real hand needs: a total it refuses no hand can declare,
# and at worst a total near a hand's maximum is accepted that a real hand could not reach.

_SUIT_NEXT_THREE = 3  # ⟨D⟩ ⟨H⟩ ⟨KN⟩
_TRUMP_REALS_MAX = len(LADDERS["trumf"].slots)  # XX … V and four ⟨I⟩: 20
_TRUMP_REALS_WITHOUT_I = _TRUMP_REALS_MAX - 4
_WILD_SETS = (0, 1, 2, 3)  # which wild cards a sequence uses, as bits: ⟨N⟩ 1, ⟨★⟩ 2
_WILDS_IN = {0: 0, 1: 1, 2: 1, 3: 2}


# Every valid shape of one sequence, as (points, real cards, wild cards, and what it takes
# from the shared cards). Trump: ⟨XX⟩ and at least one real of the next three (two of three
# filled), then any run; its tail uses ⟨I⟩ cards only past ⟨V⟩.
_TRUMP_SHAPES = tuple(
    (sekvens_points(reals + _WILDS_IN[w]), reals, w,
     max(0, reals - _TRUMP_REALS_WITHOUT_I))
    for reals in range(2, _TRUMP_REALS_MAX + 1) for w in _WILD_SETS
    if reals + _WILDS_IN[w] >= SEKVENS_MIN_CARDS)
# Suit: ⟨K⟩, one to three of ⟨D⟩ ⟨H⟩ ⟨KN⟩ (wild cards fill to two of three), maybe ⟨Æ⟩.
_SUIT_SHAPES = tuple(
    (sekvens_points(1 + courts + ace + _WILDS_IN[w]), 1 + courts + ace, w, courts, ace)
    for courts in range(1, _SUIT_NEXT_THREE + 1) for ace in (0, 1) for w in _WILD_SETS
    if courts + min(_WILDS_IN[w], _SUIT_NEXT_THREE - courts) >= 2
    and 1 + courts + ace + _WILDS_IN[w] >= SEKVENS_MIN_CARDS)


def _pool_shapes(available: int) -> tuple[tuple[int, int, int], ...]:
    """⟨I⟩ or ⟨Æ⟩ sequences from at most ``available`` real cards: two of them at least."""
    return tuple((sekvens_points(reals + _WILDS_IN[w]), reals, w)
                 for reals in range(2, available + 1) for w in _WILD_SETS
                 if reals + _WILDS_IN[w] >= SEKVENS_MIN_CARDS)


def _sekvens_states(hand_size: int) -> dict[tuple, dict[int, int]]:
    """Per (wild cards used, suit sequences, their court cards, trump sequence): each
    sequence total (after doubling) → the fewest cards (real and wild) it needs.

    A state while building is (wild cards, suit sequences, their courts, trump sequence,
    ⟨I⟩ in the trump, ⟨Æ⟩ in suit sequences, sequences so far (3 = three or more), raw
    points) → the fewest real cards."""
    def add(states, key, reals):
        if reals + _WILDS_IN[key[0]] <= hand_size and states.get(key, hand_size + 1) > reals:
            states[key] = reals

    states: dict[tuple, int] = {}
    add(states, (0, 0, 0, False, 0, 0, 0, 0), 0)
    for points, reals, w, i_used in _TRUMP_SHAPES:
        add(states, (w, 0, 0, True, i_used, 0, 1, points), reals)
    pooled: dict[tuple, int] = {}  # the ⟨I⟩ pool shares the four ⟨I⟩ with the trump's tail
    for (w, s, courts, trump, i_used, aces, k, raw), reals in states.items():
        add(pooled, (w, s, courts, trump, 0, aces, k, raw), reals)
        for points, more, w2 in _pool_shapes(4 - i_used):
            add(pooled, (w | w2, s, courts, trump, 0, aces, min(k + 1, 3), raw + points),
                reals + more)
    states = pooled
    for _suit in SUITS:
        grown: dict[tuple, int] = {}
        for (w, s, courts, trump, i_used, aces, k, raw), reals in states.items():
            add(grown, (w, s, courts, trump, i_used, aces, k, raw), reals)
            for points, more, w2, c, ace in _SUIT_SHAPES:
                add(grown, (w | w2, s + 1, courts + c, trump, i_used, aces + ace,
                            min(k + 1, 3), raw + points), reals + more)
        states = grown
    final: dict[tuple, dict[int, int]] = {}

    def keep(w, s, courts, trump, k, raw, reals):
        cards = reals + _WILDS_IN[w]
        if cards > hand_size:
            return
        points = raw * (DOUBLING_FACTOR if k >= DOUBLING_FROM else 1)
        best_for = final.setdefault((w, s, courts, trump), {})
        if best_for.get(points, hand_size + 1) > cards:
            best_for[points] = cards

    for (w, s, courts, trump, _i, aces, k, raw), reals in states.items():
        keep(w, s, courts, trump, k, raw, reals)
        for points, more, w2 in _pool_shapes(4 - aces):  # ⟨Æ⟩ no suit sequence has
            keep(w | w2, s, courts, trump, min(k + 1, 3), raw + points, reals + more)
    return final


def _flertal_extra(sizes: dict[str, int], wilds: int, s: int, courts: int,
                   trump: bool, sharing: bool) -> int | None:
    """The cards the flertal add to the sequences' cards, or None if they cannot coexist
    (``wilds``: the wild cards the sequences use, as bits)."""
    tarok = sizes["tarokker"]
    n_wilds = _WILDS_IN[wilds]
    if sharing:
        shared_tarok = n_wilds + (2 if trump else 0)  # ⟨XX⟩ ⟨XIX⟩ of the trump sequence
        extra = tarok - min(tarok, shared_tarok) + sizes["K"] - min(sizes["K"], s)
        court_overlap = min(sum(min(sizes[r], s) for r in ("D", "H", "KN")), courts)
        return extra + sum(sizes[r] for r in ("D", "H", "KN")) - court_overlap
    # without sharing, a flertal's cards are in no sequence
    free_tarok = 4 - n_wilds - (1 if trump else 0)
    if tarok > free_tarok or sizes["K"] > 4 - s:
        return None
    if sum(sizes[r] for r in ("D", "H", "KN")) + courts > 3 * len(SUITS):
        return None
    return sum(sizes.values())


_ACHIEVABLE: dict[tuple[int, bool], frozenset] = {}


def achievable(hand_size: int, options: DeclarationOptions = DeclarationOptions()) -> frozenset:
    """Every total a declaration from ``hand_size`` cards can have (0: no declaration)."""
    key = (hand_size, options.card_in_flertal_and_sekvens)
    if key in _ACHIEVABLE:
        return _ACHIEVABLE[key]
    flertal_choices = []
    for sizes in product((0, 3, 4), repeat=len(FLERTAL_GROUPS)):
        chosen = dict(zip(FLERTAL_GROUPS, sizes))
        raw = sum(FLERTAL_POINTS[g][size - 3] for g, size in chosen.items() if size)
        count = sum(1 for size in sizes if size)
        flertal_choices.append(
            (chosen, raw * (DOUBLING_FACTOR if count >= DOUBLING_FROM else 1)))
    totals = 0  # a bitset: bit t set = total t achievable
    for (wilds, s, courts, trump), cheapest in _sekvens_states(hand_size).items():
        within = [0] * (hand_size + 1)  # budget → bitset of sequence totals that fit
        for points, cards in cheapest.items():
            within[cards] |= 1 << points
        for b in range(1, hand_size + 1):
            within[b] |= within[b - 1]
        for chosen, points in flertal_choices:
            extra = _flertal_extra(chosen, wilds, s, courts, trump,
                                   options.card_in_flertal_and_sekvens)
            if extra is None or extra > hand_size:
                continue
            totals |= within[hand_size - extra] << points
    result = frozenset(t for t in range(totals.bit_length()) if totals >> t & 1)
    _ACHIEVABLE[key] = result
    return result
