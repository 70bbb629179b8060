"""``rules_engine.secrets.reveal``, the one walk that opens or hides sealed cards (the API's
``Disclosure.reveal`` is it, for one reader): its results spelled out, so the fast walk over
leaves cannot drift from what a reader is owed."""

from __future__ import annotations

from rules_engine.secrets import reveal, sealed


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
