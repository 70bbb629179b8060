"""``json_answer``: a post's answer encoded by orjson must be the bytes ``jsonify`` gives
(issue 16) — on generated values of every kind (where orjson cannot say it the same way it
must hand over to ``jsonify``), and on the real answers of every game's recorded play,
posted through the API."""

from __future__ import annotations

import dataclasses
import datetime
import enum
import json

import pytest
from flask import jsonify
from hypothesis import given, settings
from hypothesis import strategies as st

from api import create_app
from api import json_answer as module
from api.json_answer import json_answer
from tests.api.test_hostile_events import _accepted, default_runs


APP = create_app({"DATABASE": ":memory:"})  # the app's JSON provider, as configured


class Word(str):
    """A subclass of ``str``: orjson would write it as a string; it hands it over."""


class Count(int):
    pass


class Colour(enum.Enum):
    RED = "red"


@dataclasses.dataclass
class Card:
    rank: int
    suit: str


_LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(-2**70, 2**70), st.integers(-10, 10),
    st.text(max_size=5), st.sampled_from(["å", "\u2028", "\x00", '"\\', "\ud7ff", "💛"]),
    st.builds(Word, st.text(max_size=3)), st.builds(Count, st.integers(0, 5)),
    st.builds(Card, st.integers(1, 13), st.sampled_from("shdc")),
    st.just(datetime.date(2026, 11, 24)))
_KEYS = st.one_of(st.text(max_size=4), st.integers(-3, 3), st.booleans(), st.none(),
                  st.builds(Word, st.text(max_size=2)))
_VALUES = st.recursive(
    _LEAVES, lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.tuples(inner, inner),
        st.dictionaries(_KEYS, inner, max_size=4),
        st.dictionaries(st.text(max_size=4), inner, max_size=4)),
    max_leaves=20)


def _jsonify_bytes(value):
    try:
        return jsonify(value).get_data()
    except (TypeError, ValueError):  # neither can write it: the same 500 either way
        return "fails"


def _answer_bytes(value):
    try:
        return json_answer(value).get_data()
    except (TypeError, ValueError):
        return "fails"


@settings(max_examples=1500, derandomize=True, deadline=None)
@given(_VALUES)
def test_the_answer_is_the_bytes_jsonify_gives_whatever_the_value(value):
    with APP.app_context():
        assert _answer_bytes(value) == _jsonify_bytes(value)


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False))
def test_a_float_is_the_same_number(number):
    """Floats are written in their shortest form by both, the exponent perhaps otherwise
    (``1e16`` for ``1e+16``): the same number."""
    with APP.app_context():
        assert json.loads(json_answer({"x": number}).get_data()) == \
            json.loads(jsonify({"x": number}).get_data())


def test_plain_values_are_encoded_by_orjson_and_others_by_jsonify(app, monkeypatch):
    used, real = [], module.encode
    monkeypatch.setattr(module, "encode", lambda value: used.append(real(value)) or used[-1])
    with app.app_context():
        json_answer({"a": [1, "å", None, True, (2, 3)]}, 201)
        assert used == [b'{"a":[1,"\xc3\xa5",null,true,[2,3]]}']
    for odd in ({1: "key"}, {"x": 2**64}, {"x": Word("w")}, {"x": Card(1, "s")},
                {"x": datetime.date(2026, 1, 1)}):
        assert real(odd) is None, odd


def test_an_enum_member_which_jsonify_cannot_write_is_written_as_its_value(app):
    """The one kind of value orjson writes and ``jsonify`` refuses (a 500): no answer holds
    one (the engine's values reach the API as plain JSON types)."""
    with app.app_context():
        with pytest.raises(TypeError):
            jsonify({"x": Colour.RED})
        assert json_answer({"x": Colour.RED}).get_data() == b'{"x":"red"}\n'


def test_the_status_and_headers_are_jsonify_s(app):
    with app.app_context():
        fast, plain = json_answer({"a": 1}, 201), jsonify({"a": 1})
        assert fast.status_code == 201
        assert fast.mimetype == plain.mimetype == "application/json"
        assert fast.get_data() == plain.get_data() == b'{"a":1}\n'


def test_in_debug_mode_it_is_jsonify_s_indented_answer(app):
    app.debug = True
    with app.app_context():
        assert json_answer({"a": [1]}).get_data() == jsonify({"a": [1]}).get_data()
        assert b"\n  " in json_answer({"a": [1]}).get_data()


GAMES = sorted({path.name.split(".")[0] for path in
                __import__("tests.corpus.record", fromlist=["LOGS"]).LOGS.glob("*.json.gz")})


@pytest.mark.parametrize("game", GAMES)
def test_every_post_of_a_recorded_game_is_answered_by_orjson_as_jsonify_would(
        app, client, monkeypatch, game):
    """Through the API: the first default run of the game (up to 60 entries), each post's
    answer body encoded by orjson (no hand-over) and equal, byte for byte, to ``jsonify``'s
    encoding of the very same body."""
    encoded = []
    real = module.encode

    def spy(value):
        data = real(value)
        encoded.append((value, data))
        return data

    monkeypatch.setattr(module, "encode", spy)
    run = default_runs(game)[0]
    created = client.post("/api/tables", json={
        "game": game, "players": run["setup"]["players"], "options": run["setup"]["options"],
        "first_dealer": run["setup"]["first_dealer"]}).json
    posts = 0
    for seq, (event, _views) in enumerate(_accepted(run)[:60]):
        response = client.post(f"/api/tables/{created['id']}/events", json={
            "based_on": seq, "client_event_id": f"j{seq}", "event": event},
            headers={"Authorization": f"Bearer {created['token']}"})
        assert response.status_code == 201, response.json
        posts += 1
        value, data = encoded[-1]
        assert data is not None, "handed over to jsonify"
        assert response.get_data() == data + b"\n"
        with app.app_context():
            assert data + b"\n" == jsonify(value).get_data()
    assert posts and len(encoded) == posts
