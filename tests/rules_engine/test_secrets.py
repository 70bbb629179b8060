"""``rules_engine.secrets.reveal``, the one walk that opens or hides sealed cards (the API's
``Disclosure.reveal`` is it, for one reader): its results spelled out, so the fast walk over
leaves cannot drift from what a reader is owed."""

from __future__ import annotations

from collections import OrderedDict
from typing import NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.registry import GAMES
from rules_engine.secrets import SEALED, hidden, reveal, sealed
from rules_engine.table_log import Entry, TableSetup, apply_entry
from tests.corpus import record as corpus


def test_sealed_parts_open_for_their_seat_and_hide_for_others_at_any_depth():
    value = {"a": (1, "x", None, 2.5, True,
                   [sealed(0, ["♠7"]), {"b": sealed(1, ["♥8", "♦9"])}]),
             "c": [], "d": {}, "e": sealed(1, []), "f": [[sealed(0, ["♣A"])]]}
    assert reveal(value, lambda seat: seat == 0) == {
        "a": [1, "x", None, 2.5, True,
              [["♠7"], {"b": {"hidden": True, "seat": 1, "count": 2}}]],
        "c": [], "d": {}, "e": {"hidden": True, "seat": 1, "count": 0}, "f": [[["♣A"]]]}
    assert reveal(value, lambda seat: False)["f"] == [[{"hidden": True, "seat": 0,
                                                        "count": 1}]]
    assert reveal(value, lambda seat: True)["a"][5][1] == {"b": ["♥8", "♦9"]}


def test_a_leaf_or_a_sealed_value_alone_and_the_input_untouched():
    assert reveal("♠7", lambda seat: False) == "♠7"
    assert reveal(sealed(2, ["♠7"]), lambda seat: seat == 2) == ["♠7"]
    inner = sealed(1, ["♥8"])
    value = {"x": [inner]}
    out = reveal(value, lambda seat: True)
    assert out == {"x": [["♥8"]]} and value == {"x": [inner]}
    out["x"][0].append("♣A")
    assert inner["cards"] == ["♥8"]  # the opened list is a copy


# --- the fast walk against the plain one ----------------------------------------------------
# ``reveal`` dispatches on exact types to be quick (a post's answer walks thousands of
# values). The walk below is the plain statement of what it must return; the fast one must
# give the very same values, with the very same types (``1``, ``1.0`` and ``True`` are equal
# in Python, a tuple and a list are not), the leaves themselves and fresh containers.

def _plain_reveal(value, may_see):
    if isinstance(value, dict):
        if SEALED in value:
            seat = value[SEALED]
            return list(value["cards"]) if may_see(seat) else hidden(seat, len(value["cards"]))
        return {k: _plain_reveal(v, may_see) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain_reveal(v, may_see) for v in value]
    return value


def _same(a, b, where="") -> None:
    assert type(a) is type(b), f"{where}: {type(a).__name__} vs {type(b).__name__}"
    if isinstance(a, dict):
        assert list(a) == list(b), f"{where}: keys {list(a)} vs {list(b)}"
        for key in a:
            _same(a[key], b[key], f"{where}.{key}")
    elif isinstance(a, list):
        assert len(a) == len(b), f"{where}: length {len(a)} vs {len(b)}"
        for index, (x, y) in enumerate(zip(a, b)):
            _same(x, y, f"{where}[{index}]")
    elif type(a) in (int, float, str, bool, type(None)):
        assert a == b or (a != a and b != b), f"{where}: {a!r} vs {b!r}"
    else:
        assert a is b, f"{where}: {a!r} is not the object it was"


def _fresh(value, out) -> None:
    """No container of ``value`` is handed out itself: the answer is a copy."""
    if isinstance(value, (dict, list, tuple)) and not (isinstance(value, dict)
                                                       and SEALED in value):
        assert out is not value
        children = value.values() if isinstance(value, dict) else value
        outs = out.values() if isinstance(out, dict) else out
        for child, child_out in zip(children, outs):
            _fresh(child, child_out)


READERS = {"nobody": lambda seat: False, "everybody": lambda seat: True,
           "even seats": lambda seat: seat % 2 == 0}


class _Odd:
    """An object reveal does not know: handed on as it is."""


class _Pair(NamedTuple):
    seat: int
    cards: tuple


_LEAF = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True),
                  st.text(max_size=3))
_SEALED_ST = st.builds(sealed, st.integers(0, 5),
                       st.lists(st.sampled_from(["♠7", "♥8", "♣A"]), max_size=4))
_ODD = st.sampled_from([_Odd(), frozenset({1}), b"x", 3 + 1j])
_VALUES = st.recursive(
    st.one_of(_LEAF, _SEALED_ST, _ODD),
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.lists(inner, max_size=5).map(tuple),
        st.dictionaries(st.text(max_size=3), inner, max_size=5),
        st.dictionaries(st.text(max_size=3), inner, max_size=5).map(OrderedDict),
        st.builds(_Pair, inner, st.lists(inner, max_size=3).map(tuple))),
    max_leaves=40)


@settings(max_examples=400, derandomize=True, deadline=None)
@given(_VALUES, st.sampled_from(sorted(READERS)))
def test_the_fast_walk_returns_what_the_plain_walk_does_for_any_value(value, reader):
    out = reveal(value, READERS[reader])
    _same(_plain_reveal(value, READERS[reader]), out)
    _fresh(value, out)


@pytest.mark.parametrize("game", [g.ID for g in GAMES])
def test_the_fast_walk_returns_what_the_plain_walk_does_on_the_recorded_games(game):
    """Every state of the first recorded run of every game (tests/corpus): its describe,
    expected, protokoll and findings, as each kind of reader would get them."""
    data = corpus.load(corpus.LOGS / f"{game}.json.gz")
    for run in data["runs"][:1]:
        setup = TableSetup(game, tuple(run["setup"]["players"]), run["setup"]["options"],
                           run["setup"]["first_dealer"])
        module, state, entries = setup.module, setup.new_state(), []
        for step in run["steps"]:
            if "refused" in step:
                continue
            state = apply_entry(setup, state, entries, step["event"])
            entries.append(Entry(len(entries) + 1, step["event"]))
            values = [module.describe(state), module.expected(state).as_dict(),
                      module.sheet(state).as_dict(),
                      [f.as_dict() for f in module.findings(state)]]
            for may_see in READERS.values():
                for value in values:
                    out = reveal(value, may_see)
                    _same(_plain_reveal(value, may_see), out)
                    _fresh(value, out)
