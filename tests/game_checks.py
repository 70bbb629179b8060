"""Checks of a game's protokoll and catalog entry that every game's tests share, written once.

- ``check_rows_add_up``: the protokoll's arithmetic: each row's totals are the running sum of
  the changes so far, and the last ones are the game's totals.
"""

from __future__ import annotations

from collections.abc import Sequence


def check_rows_add_up(rows, start: Sequence[int], totals: tuple[int, ...]) -> None:
    """After the header row, each row's ``totals`` are the running sum from ``start`` of the
    rows' ``changes`` (None: untouched), and the running sum ends at ``totals``."""
    running = list(start)
    for row in rows[1:]:
        running = [t + (c or 0) for t, c in zip(running, row.changes)]
        assert tuple(running) == row.totals
    assert tuple(running) == totals
