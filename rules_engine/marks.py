"""Marks on the sheet: the notation a paper protokoll carries beside the numbers.

A ``SheetRow`` (``rules_engine.sheet``) holds one mark per column. The app draws the marks it
knows as on paper (``pwa/js/protokoll.js``): a run of strokes as strokes, ``"limpa"`` as the
underlined total, ``"ute"`` as a player out of the match; any other mark is shown as text.
This module is the one place the engine writes the two that count:

- **Strokes** (*ritor* in Bräus, an *utgång* in whist and Priffe): a side's score kept as a
  row of cuts, one per point — ``strokes(3) == "|||"``. A game module writes
  ``strokes(n)`` for the mark and keeps its own numbers (how many strokes win).
- **Limpa** (Norrandsknack): a player who risked the deal and took no trick goes up by a fixed
  penalty, never above a cap, and the paper underlines it. ``add_limpa`` is that sum with the
  game's numbers; ``LIMPA`` is the mark.

A new game whose text keeps score this way uses these, so that every sheet draws alike.
"""

from __future__ import annotations

STROKE = "|"  # one rita / utgång, as the knife cut it in the table
LIMPA = "limpa"  # the mark of a limpa row: the app underlines the total


def strokes(count: int) -> str:
    """A score kept as strokes: ``|||`` for three, ``""`` for none.

    >>> strokes(3), strokes(0)
    ('|||', '')
    """
    return STROKE * count


def add_limpa(points: int, penalty: int, cap: int) -> int:
    """A limpa: ``points`` up by ``penalty``, but never above ``cap``.

    >>> add_limpa(7, 5, 10)  # Norrandsknack's worked example: from 7 to 10, not 12
    10
    >>> add_limpa(2, 5, 10)
    7
    """
    return min(cap, points + penalty)
