"""800 — the declarations: *flertal* and *sekvens* (Snapphanaleden §1.5.1–§1.5.2).

Source: rule file ``000_831c6cdd4258e9be.txt`` ("Snapphanaleden"), game 1 "800": §1.1 (the
deck and the ranks), §1.3 DEKLARERINGEN, §1.5 POÄNG with §1.5.1 FLERTAL and §1.5.2 SEKVENS
(its whole example list is a test), §1.7; and the 800 notes in the rules README. Refusals
cite "800 §1.5.1" (flertal), "800 §1.5.2" (sekvens) or "800 §1.3" (what may be declared).

What the text says, in our words
--------------------------------
During the first trick each player may, just before playing their first card, lay combinations
face up and score them (§1.3). Nobody has to declare, and one may declare less than one holds
(a three-card sequence when five are possible). Combinations are of two groups:

*Flertal* (§1.5.1): three (*tretal*) or four (*fyrtal*) cards of one kind, where the kinds
are the tarokker (⟨XX⟩ ⟨XIX⟩ ⟨N⟩ ⟨★⟩), the kings, the queens (D), the knights (H) and the
knaves (KN). Points: table ``FLERTAL_POINTS``.

*Sekvens* (§1.5.2): at least three cards "in a row", of seven kinds: trump, one per suit, the
snapphanar ⟨I⟩ and the aces ⟨Æ⟩. Three cards give 10, each further card 5 more.

- A trump or suit sequence starts with its highest card, which must be real (⟨XX⟩, ⟨K⟩).
  Of the three cards that follow it (⟨XIX⟩ ⟨XVIII⟩ ⟨XVII⟩, or ⟨D⟩ ⟨H⟩ ⟨KN⟩) at least two
  must be there and at least one of those must be real. Then a trump sequence goes on
  downwards, ⟨XVI⟩, ⟨XV⟩ …; a suit sequence can only add its ⟨Æ⟩.
- ⟨I⟩ and ⟨Æ⟩ sequences have no top: at least three cards, at least two of them real.
- ⟨N⟩ and ⟨★⟩ are wild in sequences: a wild card stands for one missing card, or is added
  at the end; it can never stand for a card that must be real. One wild card may be used in
  several sequences at once, but it stands for at most one card in each. When the two wild
  cards lie next to each other, the sequence ends there.
- Doubling (§1.3, §1.5.1, §1.5.2): a player who declares three or more flertal has their
  flertal points doubled; three or more sequences, their sequence points. Only one player's own
  combinations count: a pair does not add up its two players' declarations.

Implemented as: a sequence is checked against a *ladder* (``LADDERS``: the top card, the
"next three", then the rest in falling order) or a *pool* (``POOLS``: ⟨I⟩ and ⟨Æ⟩).
``check_sequence`` walks the cards in an order (the typed one, else each order they could
lie in) and gives every real card its place
(slot) on the ladder; between two real cards each wild card fills one missing slot; a slot
may stay empty only among the "next three", and only one of them (two of three are needed).
Wild cards after the last real card continue the ladder or, past its end, extend it.

This module is the calculator's surface (the API's ``/declarations``, ``bench/declarations800``
and the 800 family's declarations): the kinds as tables and the values live in
``declarations800_kinds``, ``best`` and ``achievable`` in ``declarations800_best``; both are
read here under their own names.

Interpretations (the text leaves these open)
--------------------------------------------
1. *Order.* The order a player types (or lays down) their cards in does not matter: a set of
   cards is a sequence if its cards can lie in some order as one (``check_sequence`` tries
   the order given, then every order the cards could lie in: real ladder cards falling from
   the top, each wild card in any place), and every such order is worth the same (the
   points count cards). So ``XVII XVIII XX`` is a sequence of 10, ``N ★ ♠Æ ♥Æ`` one of 15
   and ``♥K ♥D ♥H ♥KN ★ ♥Æ`` one of 25, as ``best`` finds. Where a wild card lies in the
   sequence decides which card it replaces and whether the two wild cards are "in a row":
   the text's 35-point example ⟨XX⟩ ⟨N⟩ ⟨XVIII⟩ ⟨★⟩ ⟨XV⟩ … ⟨XII⟩ is valid, and so are the
   same cards typed ⟨XX⟩ ⟨XVIII⟩ ⟨N⟩ ⟨★⟩ ⟨XV⟩ …, because they can lie as the example; the
   text's ⟨XX⟩ ⟨XIX⟩ ⟨N⟩ ⟨★⟩ ⟨XV⟩ … ⟨XII⟩ is no sequence in any order (its two wild cards
   must stand for two of ⟨XVIII⟩ ⟨XVII⟩ ⟨XVI⟩ and so lie in a row). A sequence accepted in
   another order than typed is recorded in its own order.
2. *The "next three".* Their missing one (at most one) is simply skipped and not counted, as
   the examples "⟨XX⟩ ⟨XVIII⟩ ⟨XVII⟩ = 10p", "⟨K⟩ ⟨D⟩ ⟨KN⟩ = 10p" and "⟨XX⟩ ⟨N⟩ ⟨XVIII⟩
   ⟨★⟩ ⟨XV⟩ … = 35p" show. A wild card counts as one of the two but not as the real one.
   After the next three the run must be unbroken: every missing card needs a wild card.
3. *Suit sequences* are ⟨K⟩, two or three of ⟨D⟩ ⟨H⟩ ⟨KN⟩, then only ⟨Æ⟩ — in the black
   suits as in the red ones, although ⟨Æ⟩ ranks lowest in ♠ ♣ and just below ⟨KN⟩ in ♥ ♦.
   No pip card (10 … 6) is ever part of a sequence. Wild cards may extend after ⟨Æ⟩
   ("⟨K⟩ ⟨D⟩ ⟨KN⟩ ⟨Æ⟩ ⟨N⟩ ⟨★⟩ = 25p").
4. *Trump below ⟨V⟩* continues with the ⟨I⟩ cards, up to all four (README; the 80-point
   example shows two). The ⟨I⟩ cards in a trump sequence are physical cards: they cannot also
   be in the ⟨I⟩ sequence.
5. *Wild cards* are counted as cards (5 points each beyond three) whether they replace or
   extend. A wild card between two real cards must replace exactly one missing card there
   (one that replaces nothing there only lies in the wrong place; one that would replace
   more is ``wild_replaces_more_than_one``); extending happens at the
   end only. "In a row" means directly next to each other in the sequence as it lies; two
   wild cards in a row may end a sequence but nothing may follow them.
6. *One sequence of each kind.* The text names seven kinds; trump and suit sequences are
   unique anyway (one ⟨XX⟩, one ⟨K⟩ per suit). We read the ⟨I⟩ and ⟨Æ⟩ sequences the same
   way: at most one each per player (otherwise four aces and the two wild cards could be
   split into two 4-card sequences worth more than the text's "⟨Æ⟩×4 ⟨N⟩ ⟨★⟩ = 25p").
7. *Flertal* are only of the five kinds in the table (⟨I⟩ and ⟨Æ⟩ make no flertal). The
   tarokker flertal is any three or all four of ⟨XX⟩ ⟨XIX⟩ ⟨N⟩ ⟨★⟩; there ⟨N⟩ and ⟨★⟩ are
   ordinary members, not wild. A tretal may be declared from a fyrtal (declaring less).
8. *Doubling* is per group: three flertal double the flertal points only, three sequences
   the sequence points only (§1.5.1 and §1.5.2 each say "poängen" in their own section; the
   §1.5.1 example doubles flertal alone).
9. *A card in a flertal and a sekvens at once* (README: decide and make it an option):
   ``DeclarationOptions.card_in_flertal_and_sekvens``, default True. Why: the text scores the
   two groups separately and even doubles them separately; the only limit it sets on sharing
   is inside the sequence group (a wild card "may be used in several sequences"), which says
   that ordinary cards serve in one *sequence* only and says nothing against a card counting
   once as a flertal member and once in a sequence. With False, a card (wild cards included,
   since the text's permission for them speaks of sequences only) serves in one combination
   group only. A non-wild card is never in two sequences nor in two flertal.
10. *Discarded cards* (§1.3: the dealer may not declare their two discards): this module only
    sees the cards laid down; the game module passes the hand without the discards.
11. *Which condition a broken sequence names*: we check, in this order, the cards themselves
    (deck, duplicates, one kind), the real top card, wild cards in a row, the order, the
    next three, then gaps. So "⟨XX⟩ ⟨XIX⟩" is refused for the next three (as the text says),
    not for being two cards only. When no order of the cards is a sequence, the condition
    named is the one the cards as typed break — unless that is only their order (out of
    order, a wild card between neighbours), then the one they break laid out in order.
12. ``best``: the highest total; among equal totals, the fewest cards laid in the
    combinations (a wild card counts once per combination it is in); among those, the first
    found with suit sequences keeping their ⟨Æ⟩ and the trump sequence its ⟨I⟩ cards.
13. §1.7 (a pair reaching 800 during the declarations of the first trick wins at once) is
    the game module's business: it adds ``Declaration.points`` to the pair's score.
14. *Totals no declaration can have.* ``achievable(hand_size)`` is every total a declaration
    from a hand of that many cards can reach (0, 10, 12, 13, 14, 15, 17, … in 800: never 7,
    11, 16, 19 or 21, nor odd totals past the doubled ones). Quick entry refuses a bare
    number outside it. Where the cards a declaration needs depend on which cards the hand
    holds, the count gives sharing the benefit of the doubt, so no real declaration is ever
    refused.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Sequence

from ..cards import TAROT62, TRUMP, Card
from ..errors import EventFormatError, RuleViolation
from .declarations800_best import achievable, best
from .declarations800_kinds import (
    FLERTAL_CARDS, FLERTAL_GROUPS, FLERTAL_POINTS, FLERTAL_SIZES, LADDERS, NEXT_THREE_SLOTS,
    POOLS, RULE_DECLARING, RULE_FLERTAL, RULE_POINTS, RULE_SEKVENS, SEKVENS_GROUPS,
    SEKVENS_MIN_CARDS, SNAPPHANE, WILDS, XX, CardLike, Combination, Declaration,
    DeclarationOptions, Ladder, Pool, _as_card, _check_copies, _declaration,
    _FLERTAL_GROUP_OF, _GROUP_NAMES, _laid_down_counts, _names, _q, _SLOT, _violation,
    sekvens_points)

__all__ = [  # the calculator's surface (API: /declarations/...; bench/declarations800.py)
    "FLERTAL_CARDS", "FLERTAL_GROUPS", "FLERTAL_POINTS", "FLERTAL_SIZES", "LADDERS", "POOLS",
    "SEKVENS_GROUPS", "WILDS", "Combination", "Declaration", "DeclarationOptions",
    "achievable", "best", "check_flertal", "check_sequence", "sekvens_points", "validate"]


# --- §1.5.1 FLERTAL -----------------------------------------------------------------------


def check_flertal(cards: Sequence[CardLike]) -> Combination:
    """One flertal: three or four cards of one kind (tarokker, K, D, H, KN)."""
    cards = tuple(_as_card(card) for card in cards)
    _check_copies(cards, RULE_FLERTAL)
    groups = [_FLERTAL_GROUP_OF.get(card) for card in cards]
    outsider = next((card for card, group in zip(cards, groups) if group is None), None)
    if outsider is not None:
        raise _violation(
            "not_a_flertal", RULE_FLERTAL,
            {"cards": _names(cards), "card": str(outsider), "reason": "card_in_no_kind"},
            sv=f"{_q(outsider)} ingår inte i något flertal: bara tarokker (XX, XIX, N, ★), "
               "kungar, damer, hästar och knektar bildar flertal.",
            en=f"{_q(outsider)} belongs to no flertal: only tarokker (XX, XIX, N, ★), kings, "
               "queens, knights (H) and knaves (KN) make flertal.")
    if len(set(groups)) > 1:
        raise _violation(
            "not_a_flertal", RULE_FLERTAL,
            {"cards": _names(cards), "kinds": sorted(set(groups)), "reason": "mixed_kinds"},
            sv="Ett flertal består av kort av ett och samma slag; här blandas "
               f"{', '.join(_GROUP_NAMES[g][0] for g in dict.fromkeys(groups))}.",
            en="A flertal is made of cards of one kind only; this mixes "
               f"{', '.join(_GROUP_NAMES[g][1] for g in dict.fromkeys(groups))}.")
    if len(cards) < FLERTAL_SIZES[0]:
        raise _violation(
            "flertal_too_small", RULE_FLERTAL, {"cards": _names(cards), "count": len(cards)},
            sv=f"Ett flertal kräver minst tre kort av samma slag; här finns {len(cards)}.",
            en=f"A flertal needs at least three cards of one kind; there are {len(cards)}.")
    group = groups[0]
    points = FLERTAL_POINTS[group][FLERTAL_SIZES.index(len(cards))]
    return Combination("flertal", group, cards, points)


# --- §1.5.2 SEKVENS -----------------------------------------------------------------------


def _sequence_group(cards: tuple[Card, ...]) -> str:
    """Which of the seven kinds the real cards make, or refuse a mixture."""
    real = [card for card in cards if card not in WILDS]
    if not real:
        raise _too_short(cards)
    kinds = []
    for card in real:
        if card.suit == TRUMP:
            kinds.append("I" if card == SNAPPHANE else "trumf")
        elif card.rank == "Æ":
            kinds.append("Æ")
        else:
            kinds.append(card.suit)
    found = set(kinds)
    if "trumf" in found:
        group = "trumf"
        allowed = {"trumf", "I"}
    elif found == {"I"}:
        return "I"
    elif found == {"Æ"}:
        return "Æ"
    else:
        suits = found - {"Æ", "I", "trumf"}
        group = next(iter(suits)) if len(suits) == 1 else ""
        allowed = {group, "Æ"}
    stray = [card for card, kind in zip(real, kinds) if kind not in allowed
             or (kind == "Æ" and card.suit != group)]
    if not group or stray:
        raise _violation(
            "sequence_mixed_suits", RULE_SEKVENS,
            {"cards": _names(cards), "stray": _names(stray) if group else _names(real)},
            sv="En sekvens är av ett enda slag: trumf, en färg, snapphanar eller æss "
               "(plus vilda kort). Här blandas slagen.",
            en="A sequence is of one kind only: trump, one suit, snapphanar or aces (plus "
               "wild cards). These cards mix kinds.")
    not_allowed = [card for card in real if card not in _SLOT[group]]
    if not_allowed:
        card = not_allowed[0]
        raise _violation(
            "sequence_card_not_allowed", RULE_SEKVENS,
            {"cards": _names(cards), "card": str(card), "group": group},
            sv=f"{_q(card)} kan inte ingå i en sekvens: en färgsekvens består av ⟨K⟩, ⟨D⟩, "
               "⟨H⟩, ⟨KN⟩ och ⟨Æ⟩ (och vilda kort).",
            en=f"{_q(card)} cannot be part of a sequence: a suit sequence is made of ⟨K⟩, "
               "⟨D⟩, ⟨H⟩, ⟨KN⟩ and ⟨Æ⟩ (and wild cards).")
    return group


def _too_short(cards: tuple[Card, ...]) -> RuleViolation:
    return _violation(
        "sequence_too_short", RULE_SEKVENS, {"cards": _names(cards), "count": len(cards)},
        sv=f"En sekvens kräver minst tre kort; här finns {len(cards)}.",
        en=f"A sequence needs at least three cards; there are {len(cards)}.")


def _check_wilds_in_a_row(cards: tuple[Card, ...], group: str) -> None:
    for i in range(len(cards) - 2):
        if cards[i] in WILDS and cards[i + 1] in WILDS:
            raise _violation(
                "wild_cards_in_a_row_end_sequence", RULE_SEKVENS,
                {"cards": _names(cards), "group": group, "ends_after": str(cards[i + 1]),
                 "extra": _names(cards[i + 2:])},
                sv=f"När ⟨N⟩ och ⟨★⟩ ligger bredvid varandra tar sekvensen slut där; "
                   f"{' '.join(_names(cards[i + 2:]))} kan inte läggas till efter dem.",
                en=f"When ⟨N⟩ and ⟨★⟩ lie next to each other the sequence ends there; "
                   f"{' '.join(_names(cards[i + 2:]))} cannot follow them.")


def _check_pool(cards: tuple[Card, ...], pool: Pool) -> Combination:
    name_sv, name_en = _GROUP_NAMES[pool.group]
    if len(cards) < SEKVENS_MIN_CARDS:
        raise _too_short(cards)
    real = sum(card not in WILDS for card in cards)
    if real < pool.min_real:
        raise _violation(
            "sequence_needs_two_genuine", RULE_SEKVENS,
            {"cards": _names(cards), "group": pool.group, "genuine": real},
            sv=f"En {name_sv}sekvens kräver minst två äkta ⟨{pool.group}⟩, inte bara vilda "
               f"kort; här finns {real}.",
            en=f"A {name_en} sequence needs at least two real ⟨{pool.group}⟩, not only wild "
               f"cards; there {'is' if real == 1 else 'are'} {real}.")
    _check_wilds_in_a_row(cards, pool.group)
    return Combination("sekvens", pool.group, cards, sekvens_points(len(cards)))


def _check_ladder(cards: tuple[Card, ...], ladder: Ladder,
                  wilds_in_a_row_end: bool = True) -> Combination:
    group, top = ladder.group, ladder.top
    slots, slot_of = ladder.slots, _SLOT[ladder.group]
    name_sv, name_en = _GROUP_NAMES[group]
    # The top card: real, and first.
    if cards[0] != top:
        if top in cards:
            raise _NotThisOrder
        raise _violation(
            "sequence_top_not_genuine", RULE_SEKVENS,
            {"cards": _names(cards), "group": group, "top": str(top)},
            sv=f"En {name_sv}sekvens börjar med ett riktigt {_q(top)}; det kan inte ersättas "
               "av ett vilt kort och får inte saknas.",
            en=f"A {name_en} sequence starts with a real {_q(top)}; a wild card cannot stand "
               "in for it and it cannot be left out.")
    if wilds_in_a_row_end:
        _check_wilds_in_a_row(cards, group)
    # Every real card gets its slot; between two real cards the wild cards fill gaps.
    prev_slot, prev_card, wilds = 0, top, 0
    segments: list[tuple[int, int, int, Card, Card]] = []
    real_in_next_three = 0
    for card in cards[1:]:
        if card in WILDS:
            wilds += 1
            continue
        first, last = slot_of[card]
        slot = max(first, min(prev_slot + 1 + wilds, last))
        if slot <= prev_slot:
            raise _NotThisOrder
        segments.append((prev_slot, slot, wilds, prev_card, card))
        real_in_next_three += slot in NEXT_THREE_SLOTS
        prev_slot, prev_card, wilds = slot, card, 0
    # Empty slots are allowed among the next three only: count them, find other gaps.
    empty_next_three = 0
    gap_error: RuleViolation | _NotThisOrder | None = None
    for low, high, n_wilds, before, after in segments:
        missing = range(low + 1, high)
        if n_wilds > len(missing):
            gap_error = gap_error or _NotThisOrder()  # a wild card there replaces nothing
            continue
        unfilled = len(missing) - n_wilds
        skippable = sum(slot in NEXT_THREE_SLOTS for slot in missing)
        skipped = min(unfilled, skippable)
        empty_next_three += skipped
        if unfilled > skipped and gap_error is None:
            absent = [slots[s] for s in missing if s not in NEXT_THREE_SLOTS]
            params = {"cards": _names(cards), "group": group,
                      "between": [str(before), str(after)], "missing": _names(absent)}
            if n_wilds:
                gap_error = _violation(
                    "wild_replaces_more_than_one", RULE_SEKVENS, params,
                    sv=f"Mellan {_q(before)} och {_q(after)} saknas "
                       f"{' '.join(_names(absent))}; ett vilt kort ersätter högst ett kort "
                       "per sekvens.",
                    en=f"Between {_q(before)} and {_q(after)} the sequence lacks "
                       f"{' '.join(_names(absent))}; a wild card replaces at most one card "
                       "per sequence.")
            else:
                gap_error = _violation(
                    "sequence_gap", RULE_SEKVENS, params,
                    sv=f"Sekvensen är bruten: mellan {_q(before)} och {_q(after)} saknas "
                       f"{' '.join(_names(absent))} och inget vilt kort ersätter "
                       f"{'det' if len(absent) == 1 else 'dem'}.",
                    en=f"The sequence is broken: between {_q(before)} and {_q(after)} it "
                       f"lacks {' '.join(_names(absent))}, and no wild card replaces "
                       f"{'it' if len(absent) == 1 else 'them'}.")
    # Wild cards after the last real card continue from there; next-three slots they do
    # not reach are empty too.
    reach = prev_slot + wilds
    empty_next_three += sum(slot > reach for slot in NEXT_THREE_SLOTS if slot > prev_slot)
    filled = len(NEXT_THREE_SLOTS) - empty_next_three
    three = " ".join(_q(card) for card in ladder.next_three)
    if filled < 2:
        raise _violation(
            "sequence_needs_two_of_next_three", RULE_SEKVENS,
            {"cards": _names(cards), "group": group, "next_three": _names(ladder.next_three),
             "present": filled},
            sv=f"Efter {_q(top)} måste minst två av {three} finnas med (ett av dem får vara "
               f"ett vilt kort); här finns {filled}.",
            en=f"After {_q(top)} at least two of {three} must be there (one of them may be a "
               f"wild card); there {'is' if filled == 1 else 'are'} {filled}.")
    if real_in_next_three < 1:
        raise _violation(
            "sequence_next_three_need_a_genuine", RULE_SEKVENS,
            {"cards": _names(cards), "group": group, "next_three": _names(ladder.next_three)},
            sv=f"Av {three} måste minst ett vara äkta; vilda kort räcker inte.",
            en=f"At least one of {three} must be a real card; wild cards alone will not do.")
    if gap_error is not None:
        raise gap_error
    return Combination("sekvens", group, cards, sekvens_points(len(cards)))


class _NotThisOrder(Exception):
    """The cards do not lie as a sequence in this order — a card after a lower one, or a
    wild card between two real cards where nothing is missing — though another order may.
    Never a refusal of its own: ``check_sequence`` then tries the orders the cards could
    lie in, and the first of those (real cards falling, wild cards last) can never fail
    for its order, so the refusal says what is wrong with the cards however they lie."""


def _check_laid_out(cards: tuple[Card, ...], group: str) -> Combination:
    """The cards as one sequence in exactly this order (a wild card's place matters)."""
    if group in POOLS:
        return _check_pool(cards, POOLS[group])
    return _check_ladder(cards, LADDERS[group])


def _arrangements(cards: tuple[Card, ...], group: str) -> Iterable[tuple[Card, ...]]:
    """The orders in which these cards could lie as a sequence: the real cards in falling
    order from the top (⟨I⟩ and ⟨Æ⟩ sequences: as they are), each wild card in any place
    after the first card — wild cards last first."""
    real = [card for card in cards if card not in WILDS]
    wilds = [card for card in cards if card in WILDS]
    if group in LADDERS:
        real.sort(key=lambda card: _SLOT[group][card][0])
    if group in POOLS or not wilds:
        yield tuple(real + wilds)
        return
    places = range(len(real), 0, -1)  # after real card i (last place first)
    if len(wilds) == 1:
        for i in places:
            yield tuple(real[:i] + wilds + real[i:])
        return
    for i in places:
        for j in range(len(real), i - 1, -1):
            yield tuple(real[:i] + wilds[:1] + real[i:j] + wilds[1:] + real[j:])


def check_sequence(cards: Sequence[CardLike]) -> Combination:
    """One sekvens, whatever the order its cards are typed in.

    The cards are tried first in the order given, then in every order they could lie in as a
    sequence (``_arrangements``); the first that is a sequence is returned, with its cards in
    that order. The points depend only on the number of cards, so every valid order is worth
    the same. If no order is a sequence, the refusal names the condition of §1.5.2 the cards
    break — as typed, unless that is only about the order, then as laid out properly.
    """
    cards = tuple(_as_card(card) for card in cards)
    _check_copies(cards, RULE_SEKVENS)
    group = _sequence_group(cards)
    try:
        return _check_laid_out(cards, group)
    except (RuleViolation, _NotThisOrder) as as_typed:
        laid_out_error: RuleViolation | None = None
        for arrangement in _arrangements(cards, group):
            if arrangement == cards:
                continue
            try:
                return _check_laid_out(arrangement, group)
            except _NotThisOrder:
                continue
            except RuleViolation as error:
                if error.code == "wild_cards_in_a_row_end_sequence" and \
                        _only_the_wild_cards_in_a_row(arrangement, group):
                    laid_out_error = error  # the one thing wrong however they lie
                laid_out_error = laid_out_error or error
        if isinstance(as_typed, _NotThisOrder):
            assert laid_out_error is not None, cards  # the falling order was tried
            raise laid_out_error from None
        raise


def _only_the_wild_cards_in_a_row(cards: tuple[Card, ...], group: str) -> bool:
    """Would these cards, in this order, be a sequence but for the rule that two wild cards
    in a row end it? (The text's "två vilda kort i följd avslutar" example.)"""
    if group not in LADDERS:
        return False
    try:
        _check_ladder(cards, LADDERS[group], wilds_in_a_row_end=False)
    except (RuleViolation, _NotThisOrder):
        return False
    return True


# --- §1.3: what one player declares -------------------------------------------------------


def _looks_like_flertal(cards: tuple[Card, ...]) -> bool:
    groups = {_FLERTAL_GROUP_OF.get(card) for card in cards}
    if len(groups) != 1 or None in groups:
        return False
    return groups != {"tarokker"} or cards[0] != XX  # ⟨XX⟩ first: a trump sequence attempt


def _read_combination(item: Any) -> Combination:
    """A declared combination: a Combination, a ("flertal"|"sekvens", cards) pair, or bare
    cards (then a flertal if they make one, else a sekvens)."""
    kind = None
    if isinstance(item, Combination):
        kind, raw = item.kind, item.cards
    elif (isinstance(item, (tuple, list)) and len(item) == 2 and isinstance(item[0], str)
          and item[0] in ("flertal", "sekvens")):
        kind, raw = item
    elif isinstance(item, dict):
        kind, raw = item.get("kind"), item.get("cards", ())
        if kind not in (None, "flertal", "sekvens"):
            raise EventFormatError(
                "unknown_combination_kind", rule=RULE_POINTS, params={"kind": kind},
                sv=f"Okänt kombinationsslag ”{kind}”: skriv flertal eller sekvens.",
                en=f"Unknown kind of combination “{kind}”: write flertal or sekvens.")
    else:
        raw = item
    if isinstance(raw, str):
        raw = (raw,)
    cards = tuple(card for part in raw
                  for card in (TAROT62.parse_many(part) if isinstance(part, str)
                               else (_as_card(part),)))
    if kind == "flertal":
        return check_flertal(cards)
    if kind == "sekvens":
        return check_sequence(cards)
    try:
        return check_flertal(cards)
    except RuleViolation as flertal_error:
        try:
            return check_sequence(cards)
        except RuleViolation as sekvens_error:
            raise flertal_error if _looks_like_flertal(cards) else sekvens_error from None

def validate(laid_down: Sequence[CardLike], combinations: Sequence[Any],
             options: DeclarationOptions = DeclarationOptions()) -> Declaration:
    """Check one player's declaration against the cards they laid down (§1.3, §1.5).

    Each item of ``combinations`` is a Combination, a ``("flertal" | "sekvens", cards)``
    pair, or bare cards (read as a flertal when they make one, else as a sekvens). Every
    combination must be real and made of laid-down cards; a non-wild card serves in at most
    one sekvens and at most one flertal (in one of each only if the option allows); the wild
    cards may serve in several sekvenser. Declaring less than one holds is fine.
    """
    laid = _laid_down_counts(laid_down)
    combos = [_read_combination(item) for item in combinations]
    in_sekvens: Counter = Counter()
    in_flertal: Counter = Counter()
    wild_in_sekvens: set[Card] = set()
    kinds_seen: set[str] = set()
    for combo in combos:
        rule = RULE_FLERTAL if combo.kind == "flertal" else RULE_SEKVENS
        for card, count in Counter(combo.cards).items():
            if count > laid[card]:
                raise _violation(
                    "card_not_laid_down", RULE_DECLARING,
                    {"card": str(card), "used": count, "laid_down": laid[card],
                     "combination": combo.as_dict()},
                    sv=f"{_q(card)} är inte nedlagt på bordet"
                       + (f" {count} gånger (bara {laid[card]})." if laid[card] else ".")
                       + " Bara de nedlagda korten kan deklareras.",
                    en=f"{_q(card)} is not laid down on the table"
                       + (f" {count} times (only {laid[card]})." if laid[card] else ".")
                       + " Only the cards laid down can be declared.")
        if combo.kind == "sekvens":
            if combo.group in kinds_seen:
                name_sv, name_en = _GROUP_NAMES[combo.group]
                raise _violation(
                    "sekvens_kind_declared_twice", RULE_SEKVENS,
                    {"group": combo.group, "combination": combo.as_dict()},
                    sv=f"Man deklarerar högst en {name_sv}sekvens.",
                    en=f"A player declares at most one {name_en} sequence.")
            kinds_seen.add(combo.group)
        for card, count in Counter(combo.cards).items():
            if combo.kind == "sekvens" and card in WILDS:
                wild_in_sekvens.add(card)
                continue
            used = in_sekvens if combo.kind == "sekvens" else in_flertal
            used[card] += count
            if used[card] > laid[card]:
                code = "card_in_two_sekvenser" if combo.kind == "sekvens" else \
                    "card_in_two_flertal"
                what_sv, what_en = (("sekvenser", "sequences") if combo.kind == "sekvens"
                                    else ("flertal", "flertal"))
                raise _violation(
                    code, rule, {"card": str(card), "combination": combo.as_dict()},
                    sv=f"{_q(card)} används i två {what_sv}. Bara de vilda korten ⟨N⟩ och "
                       "⟨★⟩ får ingå i flera sekvenser samtidigt.",
                    en=f"{_q(card)} is used in two {what_en}. Only the wild cards ⟨N⟩ and "
                       "⟨★⟩ may serve in several sequences at once.")
    if not options.card_in_flertal_and_sekvens:
        for card, count in in_flertal.items():
            if count + in_sekvens[card] > laid[card] or card in wild_in_sekvens:
                raise _violation(
                    "card_in_flertal_and_sekvens", RULE_POINTS,
                    {"card": str(card), "option": "card_in_flertal_and_sekvens"},
                    sv=f"{_q(card)} ingår både i ett flertal och i en sekvens; med det valda "
                       "alternativet får ett kort bara räknas i den ena gruppen.",
                    en=f"{_q(card)} is in a flertal and in a sequence; with the chosen "
                       "option a card counts in one of the two groups only.")
    return _declaration(combos)
