"""Fan tan's layout: which cards may be laid out now, and a run put in the order it is laid.

The layout is four piles, one a suit (in ``cards.SUITS`` order), each the cards laid out in
that suit in the order they came. Standard fan tan builds each suit out from its seven, up to
the king and down to the ace; fri fan tan builds upward from any first card, round from the
king to the ace ("Fan tan — Spelet", "— Fri fan tan"). These are pure functions of the
layout; whose turn it is and what a pass proves are the game module's (``fan_tan``).
"""

from __future__ import annotations

from ..cards import RANKS_ACE_LOW, SUITS, Card, rank_number

RANKS = RANKS_ACE_LOW  # the ace is a one
START_RANK = "7"  # standard fan tan starts each suit with its seven
SUIT_SIZE = len(RANKS)

Layout = tuple[tuple[Card, ...], ...]


def rank_no(card: Card) -> int:
    """1 for the ace … 13 for the king ("Essen räknas som lägsta kort, dvs. 1:or")."""
    return rank_number(card, RANKS)


def _card(suit: str, number: int) -> Card:
    return Card(suit, RANKS[number - 1])


def successor(card: Card) -> Card:
    """The next card up in fri fan tan: after the king comes the ace."""
    return _card(card.suit, rank_no(card) % SUIT_SIZE + 1)


def fitting(layout: Layout, fri: bool) -> tuple[Card, ...]:
    """The cards that may be laid out now, whoever holds them.

    Standard: a seven of a suit not yet out; in a suit that is out, the card just above its
    highest and just below its lowest (no further than king and ace). Fri: any card of a
    suit not yet started; in a started suit the next card up, round from king to ace, until
    all thirteen are out.
    """
    fits: list[Card] = []
    for suit, pile in zip(SUITS, layout):
        if fri:
            if not pile:
                fits.extend(_card(suit, r) for r in range(1, SUIT_SIZE + 1))
            elif len(pile) < SUIT_SIZE:
                fits.append(successor(pile[-1]))
            continue
        if not pile:
            fits.append(Card(suit, START_RANK))
            continue
        numbers = [rank_no(c) for c in pile]
        if min(numbers) > 1:
            fits.append(_card(suit, min(numbers) - 1))
        if max(numbers) < SUIT_SIZE:
            fits.append(_card(suit, max(numbers) + 1))
    return tuple(fits)


def order_run(layout: Layout, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """A run typed in any order, put in the order it is laid (fri fan tan).

    "flera kort samtidigt förutsatt att de bildar en följd": what counts is that the cards
    form a sequence, not the order a phone taps them. On a started pile the run begins with
    the card after its top; in a suit not started it begins with the one card whose
    predecessor (round from ace to king) is not among them. Cards that are no run (two
    suits, a gap, a card twice, a whole suit typed out of order — any of its cards could
    begin it, so the first typed does) keep the order typed and are refused as before.
    """
    if len(cards) < 2 or len({c.suit for c in cards}) > 1 or len(set(cards)) != len(cards):
        return cards
    pile = layout[SUITS.index(cards[0].suit)]
    numbers = {rank_no(c) for c in cards}
    if pile:
        start = rank_no(successor(pile[-1]))
    else:
        starts = [n for n in numbers if (n - 2) % SUIT_SIZE + 1 not in numbers]
        if len(starts) > 1:
            return cards  # a gap: no sequence, refused as typed
        start = starts[0] if starts else rank_no(cards[0])
    return tuple(sorted(cards, key=lambda c: (rank_no(c) - start) % SUIT_SIZE))


def on_table(layout: Layout) -> tuple[Card, ...]:
    """Every card laid out, suit by suit."""
    return tuple(card for pile in layout for card in pile)


def lay(layout: Layout, card: Card) -> Layout:
    index = SUITS.index(card.suit)
    return layout[:index] + (layout[index] + (card,),) + layout[index + 1:]
