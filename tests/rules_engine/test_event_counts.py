"""events.is_counts: the shape of a quick entry's count list (tricks per side or seat, cards
per hand), checked before a game's rules look at the numbers."""

from __future__ import annotations

from rules_engine.events import is_counts


def test_whole_numbers_from_zero_of_an_allowed_length_pass():
    assert is_counts([6, 2], (2, 4))
    assert is_counts([3, 0, 3, 2], (2, 4))
    assert is_counts([0, 0, 52], (3,), high=52)


def test_anything_else_does_not():
    assert not is_counts([6, 2, 1], (2, 4))  # a length not allowed
    assert not is_counts([6, -1], (2,))  # below zero
    assert not is_counts([6, True], (2,))  # a bool is not a count
    assert not is_counts([6, 2.0], (2,))  # nor a float
    assert not is_counts("6 2", (2,))  # nor a text
    assert not is_counts([53, 0, 0], (3,), high=52)  # above the top
