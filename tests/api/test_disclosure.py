"""``api.disclosure`` on its own: when an entry is open, who reads it, what a hidden one
looks like — with a stand-in game module, so the rules are checked apart from any game."""

from __future__ import annotations

import json
from types import SimpleNamespace

import sqlite_utils

from api import disclosure
from rules_engine.secrets import PrivateSpec, sealed

HAND = {"type": "hand", "seat": 1, "cards": ["♠7", "♥8"]}


def table_with(events, **row):
    db = sqlite_utils.Database(memory=True)
    db["events"].insert_all([{"table_id": "t", "seq": seq, "device_id": device, "deal": deal,
                              "event": json.dumps(event)} for seq, device, deal, event in events])
    return db, {"id": "t", "open_private_after_deal": 1, **row}


def game(deal=None, over=False, with_deals=True):
    module = SimpleNamespace(PRIVATE={"hand": PrivateSpec(("cards",))},
                             is_over=lambda state: over)
    if with_deals:
        module.deal_in_progress = lambda state: deal
    return module


def test_an_entry_opens_when_its_deal_is_over_unless_the_table_keeps_it_closed():
    db, row = table_with([(1, "scorer", 1, HAND)])
    reader = disclosure.Reader(device_id="other", seat=0, seated_at_seq=0)
    playing = disclosure.load(db, row, game(deal=1), None, reader)
    assert not playing.may_read(1) and not playing.may_see_seat(1)
    assert playing.event(1, HAND)["cards"] == {"hidden": True, "seat": 1, "count": 2}
    assert playing.reveal({"x": sealed(1, ["♠7"])}) == {
        "x": {"hidden": True, "seat": 1, "count": 1}}
    after = disclosure.load(db, row, game(deal=2), None, reader)
    assert after.may_read(1) and after.event(1, HAND) == HAND
    closed = disclosure.load(db, {**row, "open_private_after_deal": 0}, game(deal=2), None,
                             reader)
    assert not closed.may_read(1)


def test_the_seat_since_before_the_poster_and_the_director_read_it():
    db, row = table_with([(3, "scorer", 1, HAND)])
    module = game(deal=1)
    readers = {
        "seat 1 since seq 2": (disclosure.Reader(device_id="a", seat=1, seated_at_seq=2), True),
        "seat 1 since seq 3": (disclosure.Reader(device_id="b", seat=1, seated_at_seq=3), False),
        "the poster": (disclosure.Reader(device_id="scorer", scorer=True), True),
        "another scorer": (disclosure.Reader(device_id="c", scorer=True), False),
        "the director": (disclosure.DIRECTOR, True),
        "the join code": (disclosure.NOBODY, False),
    }
    for name, (reader, sees) in readers.items():
        seen = disclosure.load(db, row, module, None, reader)
        assert seen.may_read(3) is sees, name
        assert seen.may_see_seat(1) is sees, name


def test_without_a_recorded_deal_or_deal_in_progress_an_entry_opens_at_the_game_end():
    reader = disclosure.NOBODY
    db, row = table_with([(1, "x", None, HAND)])
    assert not disclosure.load(db, row, game(deal=1), None, reader).may_read(1)
    assert disclosure.load(db, row, game(deal=None), None, reader).may_read(1)
    db, row = table_with([(1, "x", 7, HAND)])
    assert not disclosure.load(db, row, game(with_deals=False), None, reader).may_read(1)
    assert disclosure.load(db, row, game(with_deals=False, over=True), None,
                           reader).may_read(1)


def test_a_correction_and_notation_are_hidden_too():
    correction = {"type": "correct", "target": 1, "event": {**HAND, "cards": "♠7 ♥8 ♦9"}}
    db, row = table_with([(2, "x", 1, correction)])
    seen = disclosure.load(db, row, game(deal=1), None, disclosure.NOBODY)
    assert seen.event(2, correction) == {
        "type": "correct", "target": 1,
        "event": {"type": "hand", "seat": 1, "cards": {"hidden": True, "seat": 1, "count": 3}}}


def test_the_view_is_revealed_as_the_engine_reveals_it():
    """``Disclosure.reveal`` must give what ``rules_engine.secrets.reveal`` gives for the
    reader's ``may_see_seat``: sealed parts opened or hidden at any depth, tuples as lists,
    leaves as they are."""
    from rules_engine.secrets import reveal
    value = {"a": (1, "x", None, 2.5, True,
                   [sealed(0, ["♠7"]), {"b": sealed(1, ["♥8", "♦9"])}]),
             "c": [], "d": {}, "e": sealed(1, []), "f": [[sealed(0, ["♣A"])]]}
    db, row = table_with([(1, "scorer", 1, HAND)])
    for reader in (disclosure.NOBODY, disclosure.DIRECTOR,
                   disclosure.Reader(device_id="a", seat=1, seated_at_seq=0)):
        seen = disclosure.load(db, row, game(deal=1), None, reader)
        assert seen.reveal(value) == reveal(value, seen.may_see_seat)
        assert json.dumps(seen.reveal(value)) == json.dumps(reveal(value, seen.may_see_seat))


def test_only_the_entries_of_the_deal_in_progress_are_read_and_the_decisions_stay():
    """An entry of a finished deal is open (when the table lets entries open): it is not
    read at all, and every decision is the one reading it would give."""
    log = [(1, "scorer", 1, HAND), (2, "scorer", 2, {**HAND, "seat": 0}),
           (3, "scorer", None, {**HAND, "seat": 2}), (4, "scorer", 2, {**HAND, "seat": 1})]
    db, row = table_with(log)
    reader = disclosure.Reader(device_id="other", seat=0, seated_at_seq=0)
    seen = disclosure.load(db, row, game(deal=2), None, reader)
    assert sorted(seen.entries) == [2, 3, 4]  # deal 1 is over: entry 1 is open, not read
    assert [seen.may_read(s) for s in (1, 2, 3, 4)] == [True, True, False, False]
    assert [seen.may_see_seat(s) for s in (0, 1, 2)] == [True, False, False]
    between = disclosure.load(db, row, game(deal=None), None, reader)
    assert between.entries == {} and all(between.may_read(s) for s in (1, 2, 3, 4))
    kept = disclosure.load(db, {**row, "open_private_after_deal": 0}, game(deal=None), None,
                           reader)
    assert sorted(kept.entries) == [1, 2, 3, 4] and not kept.may_read(1)
