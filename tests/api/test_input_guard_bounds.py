"""``input_guard.parse`` skips its walks over the parsed body when bounds read off the text
say they cannot fail (issue 16: most of parsing a phone's post). Whatever the text, it must
answer exactly as the full checks do: the same value, or the same refusal. Checked with
tiny limits, so that random texts land on both sides of every bound."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api import input_guard, limits
from api.errors import ApiError


def _outcome(body: bytes):
    try:
        return "value", json.dumps(input_guard.parse(body), sort_keys=True)
    except ApiError as error:
        return "refused", error.status, error.code, json.dumps(error.details, sort_keys=True)


@pytest.fixture(params=[6, limits.MAX_JSON_STRING], ids=["tiny strings", "real strings"])
def tiny_limits(monkeypatch, request):
    """Tiny limits; strings at 6 characters, or as long as they really may be (then the
    length bound does not hide the surrogate bound)."""
    monkeypatch.setattr(limits, "MAX_JSON_DEPTH", 3)
    monkeypatch.setattr(limits, "MAX_JSON_STRING", request.param)
    monkeypatch.setattr(limits, "MAX_JSON_ITEMS", 3)


_PIECES = ["[", "]", "{", "}", ",", ":", '"', "a", "é", "1", "-", " ", "\\u", "\\ud800",
           "\\uDC00", "\\uDbff", "\\ud7ff", "\\u2665", "\\u00e9", "\\\\u", "\\n", "\\\\", "true",
           "null", '"k"', '"k":1']


@settings(max_examples=3000, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # the limits stay put
@given(st.one_of(st.lists(st.sampled_from(_PIECES), max_size=14).map("".join),
                 st.recursive(st.one_of(st.none(), st.integers(-9, 9), st.text(max_size=8)),
                              lambda inner: st.one_of(
                                  st.lists(inner, max_size=5),
                                  st.dictionaries(st.text(max_size=3), inner, max_size=4)),
                              max_leaves=12).map(json.dumps)))
def test_the_bounds_change_no_answer(tiny_limits, text):
    body = text.encode("utf-8", "surrogatepass")
    fast = _outcome(body)
    with pytest.MonkeyPatch.context() as full:  # every check, always
        full.setattr(input_guard, "_may_nest_too_deep", lambda text: True)
        full.setattr(input_guard, "_may_break_a_limit", lambda text: True)
        assert _outcome(body) == fast


@pytest.mark.parametrize("text, code", [
    ('[[[["x"]]]]', "json_too_deep"),
    ('["\\ud800"]', "invalid_text"),
    ('{"k": "abcdefg"}', "text_too_long"),
    ('{"abcdefg": 1}', "text_too_long"),
    ("[1, 2, 3, 4]", "too_many_items"),
])
def test_each_walk_still_refuses_at_its_bound(tiny_limits, text, code):
    if code == "text_too_long" and limits.MAX_JSON_STRING > 6:
        text = text.replace("abcdefg", "x" * (limits.MAX_JSON_STRING + 1))
    assert _outcome(text.encode())[:3] == ("refused", 400, code)


@pytest.mark.parametrize("ascii_only", [True, False])
def test_a_plain_post_needs_no_walk(ascii_only):
    """A card's suit sent as it is (the app) or escaped (``\\u2665``, Python's default)."""
    text = json.dumps({"based_on": 3, "client_event_id": "c-3",
                       "event": {"type": "play", "seat": 1, "card": "♥K"}},
                      ensure_ascii=ascii_only)
    assert not input_guard._may_nest_too_deep(text)
    assert not input_guard._may_break_a_limit(text)
