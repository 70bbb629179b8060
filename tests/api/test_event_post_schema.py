"""``EventPostSchema.fast_load``: a post's body read without marshmallow's field machinery
when it is plainly valid (issue 16). Whatever it accepts, ``load`` must accept with the very
same result; whatever it passes on, ``load`` decides (and refuses in its own words)."""

from __future__ import annotations

from collections import OrderedDict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from api.resources.tables.schemas import EventPostSchema

SCHEMA = EventPostSchema()

_ANY = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(-2, 2),
                 st.text(max_size=3), st.lists(st.integers(), max_size=2),
                 st.dictionaries(st.text(max_size=2), st.integers(), max_size=2))
_BASED_ON = st.one_of(st.integers(-2, 10**12), st.just(0), st.booleans(), st.floats(-1, 5),
                      st.sampled_from(["1", 1.0, None, [1]]), _ANY)
_ID = st.one_of(st.text(min_size=0, max_size=3), st.text(min_size=99, max_size=101),
                st.sampled_from(["", "a" * 100, "a" * 101, " ", "é"]), _ANY)
_EVENT = st.one_of(st.dictionaries(st.text(max_size=4), _ANY, max_size=3),
                   st.builds(OrderedDict, st.dictionaries(st.text(max_size=2), _ANY,
                                                          max_size=2)),
                   _ANY)


@st.composite
def _bodies(draw):
    body = {"based_on": draw(_BASED_ON), "client_event_id": draw(_ID), "event": draw(_EVENT)}
    for key in draw(st.lists(st.sampled_from(sorted(body)), max_size=2)):
        body.pop(key, None)
    if draw(st.booleans()) and draw(st.booleans()):
        body[draw(st.sampled_from(["extra", "seq", "Event"]))] = draw(_ANY)
    return body


def _load(body):
    try:
        return SCHEMA.load(body)
    except ValidationError:
        return "refused"


def _typed(value):
    """A value with its types spelled out (``1 == 1.0 == True`` in Python)."""
    if isinstance(value, dict):
        return type(value), {k: _typed(v) for k, v in value.items()}
    if isinstance(value, list):
        return type(value), [_typed(v) for v in value]
    return type(value), value


@settings(max_examples=1500, derandomize=True, deadline=None)
@given(st.one_of(_bodies(), _ANY))
def test_what_the_fast_read_accepts_load_accepts_the_same(body):
    fast = SCHEMA.fast_load(body)
    if fast is not None:
        assert _typed(fast) == _typed(_load(body))
        assert fast["event"] is not body["event"]  # a copy, as load's Dict gives


@pytest.mark.parametrize("body", [
    {"based_on": 0, "client_event_id": "a", "event": {}},
    {"based_on": 7, "client_event_id": "x" * 100, "event": {"type": "deal", "cards": ["♠7"]}},
    {"based_on": 10**9, "client_event_id": "telefon-1 é", "event": {"type": "undo",
                                                                     "target": 3}},
])
def test_a_plainly_valid_post_is_read_the_fast_way(body):
    assert SCHEMA.fast_load(body) == _load(body) == body


@pytest.mark.parametrize("body", [
    {"based_on": True, "client_event_id": "a", "event": {}},
    {"based_on": -1, "client_event_id": "a", "event": {}},
    {"based_on": 1.0, "client_event_id": "a", "event": {}},
    {"based_on": 0, "client_event_id": "", "event": {}},
    {"based_on": 0, "client_event_id": "a" * 101, "event": {}},
    {"based_on": 0, "client_event_id": "a", "event": []},
    {"based_on": 0, "client_event_id": "a"},
    {"based_on": 0, "client_event_id": "a", "event": {}, "extra": 1},
    [],
])
def test_anything_else_is_left_to_load(body):
    assert SCHEMA.fast_load(body) is None


def test_a_schema_made_from_it_reads_through_load():
    """The director's entry adds a required reason: a body without one is not the plain
    post's, and load refuses it."""
    from api.resources.tournaments.schemas import DirectorEntrySchema

    body = {"based_on": 0, "client_event_id": "a", "event": {}}
    assert DirectorEntrySchema().fast_load(body) is None
    with pytest.raises(ValidationError, match="reason"):
        DirectorEntrySchema().load(body)
