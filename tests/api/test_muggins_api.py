"""Muggins through the API: the catalog, a deal card by card with a wrong placement called
"muggins" and its penalty, undo, quick entry, and refusals that leave the log unchanged.

Seats: Anna 0, Bo 1, Cia 2. Anna deals first, Bo is forehand. Muggins cards ♠3 ♥9 ♦J ♣K.
"""

from __future__ import annotations

import pytest

from tests.conftest import catalog, refused, start_table

PLAYERS = ("Anna", "Bo", "Cia")
ANNA, BO, CIA = 0, 1, 2
MUGGINS = ["♠3", "♥9", "♦J", "♣K"]


@pytest.fixture
def muggins_table(client):
    return start_table(client, game="muggins", players=PLAYERS)


def test_catalog_lists_muggins_with_its_words_and_options(client):
    game = catalog(client)["muggins"]
    assert game["players"] == {"min": 3, "max": 7}
    assert set(game["events"]) == {"deal", "play", "muggins", "result", "stop"}
    assert game["labels"]["events"]["muggins"]["sv"] == "Muggins!"
    options = {o["name"]: o for o in game["options"]}
    assert options["turn_ends"]["choices"] == ["own_pile", "every_card"]
    assert options["wrong_placement"]["default"] == "call"
    assert [r["ref"] for r in game["rules"]] == [
        "Muggins — Given", "Muggins — Spelet", "Muggins — Muggins", "Muggins — Vinst"]


def test_a_deal_with_a_wrong_placement_called_muggins(muggins_table):
    table = muggins_table
    view = table.view()
    assert view["expected"]["inputs"][0]["fields"]["count"] == 4
    refused(table, {"type": "deal", "muggins": MUGGINS[:3]}, 422, "muggins_count",
             "Muggins — Given")
    view = table.ok({"type": "deal", "muggins": MUGGINS})
    assert view["state"]["deal"]["draw"] == [16, 16, 16]
    assert view["expected"]["seat"] == BO
    view = table.ok({"type": "play", "seat": BO, "card": "♥4"})  # onto ♠3, by the rules
    assert view["state"]["deal"]["muggins"][0] == ["♠3", "♥4"]
    assert view["expected"]["seat"] == BO  # he turns again
    view = table.ok({"type": "play", "seat": BO, "card": "♠6"})  # fits nowhere: his own
    assert view["state"]["deal"]["discards"][BO] == ["♠6"] and view["expected"]["seat"] == CIA
    view = table.ok({"type": "play", "seat": CIA, "card": "♠7"})  # on Bo's pile to her left
    assert view["state"]["deal"]["discards"][BO] == ["♠6", "♠7"]
    # ♥8 belonged on ♥9; she lays it on her own pile.
    view = table.ok({"type": "play", "seat": CIA, "card": "♥8", "own": True})
    assert view["state"]["deal"]["last"]["wrong"] is True
    calls = [i for i in view["expected"]["inputs"] if i["type"] == "muggins"]
    assert calls[0]["fields"]["caller"] == [ANNA, BO]
    refused(table, {"type": "muggins", "caller": CIA}, 422, "caller_is_offender",
             "Muggins — Muggins")
    view = table.ok({"type": "muggins", "caller": ANNA})
    assert view["state"]["deal"]["draw"] == [15, 13, 16]
    assert view["protokoll"]["rows"][-1]["kind"] == "muggins"
    refused(table, {"type": "muggins", "caller": BO}, 422, "not_muggins",
             "Muggins — Muggins")
    view = table.undo_last()
    assert view["state"]["deal"]["draw"] == [16, 14, 14]


@pytest.fixture
def in_play(muggins_table):
    muggins_table.ok({"type": "deal", "muggins": MUGGINS})
    return muggins_table


@pytest.mark.parametrize("event,status,code,rule", [
    ({"type": "play", "seat": CIA, "card": "♥4"}, 422, "not_your_turn", "Muggins — Spelet"),
    ({"type": "play", "seat": BO, "card": "♥9"}, 422, "card_elsewhere", "Muggins — Spelet"),
    ({"type": "play", "seat": BO, "card": "♥4", "on": "♥5"}, 422, "no_such_pile",
     "Muggins — Spelet"),
    ({"type": "play", "seat": BO, "card": "♥10"}, 422, "which_pile", "Muggins — Spelet"),
    ({"type": "muggins", "caller": ANNA}, 422, "not_muggins", "Muggins — Muggins"),
    ({"type": "deal", "muggins": MUGGINS}, 422, "not_expected", None),
    ({"type": "result", "winner": 3}, 400, "bad_field", None),  # a quick entry is fine now
    ({"type": "play", "seat": BO, "card": "♥44"}, 400, "bad_card_notation", None),
    ({"type": "play", "seat": BO}, 400, "missing_field", None),
])
def test_refusals_in_play_leave_the_log_unchanged(in_play, event, status, code, rule):
    refused(in_play, event, status, code, rule)


def test_refusing_wrong_placements_as_an_option(client):
    table = start_table(client, game="muggins", players=PLAYERS,
                        options={"wrong_placement": "refuse"})
    table.ok({"type": "deal", "muggins": MUGGINS})
    body = refused(table, {"type": "play", "seat": BO, "card": "♥4", "own": True}, 422,
                    "wrong_pile", "Muggins — Spelet")
    assert body["details"]["correct"] == ["m0"]


def test_quick_entry_ends_the_match(muggins_table):
    view = muggins_table.ok({"type": "result", "winner": CIA})
    assert view["over"] is True and view["result"]["winner"] == CIA
    assert view["protokoll"]["totals"] == [0, 0, 1]
    refused(muggins_table, {"type": "result", "winner": BO}, 422, "not_expected")


def test_quick_entry_after_cards_entered_one_by_one(in_play):
    """Issue 15, item 15: the winner at any time, also midway through a deal."""
    table = in_play
    table.ok({"type": "play", "seat": BO, "card": "♥4"})
    view = table.view()
    assert "result" in [i["type"] for i in view["expected"]["inputs"]]
    view = table.ok({"type": "result", "winner": CIA})
    assert view["over"] is True and view["result"]["winner"] == CIA
    row = view["protokoll"]["rows"][-1]
    assert row["label"]["sv"] == "Giv 1: Cia vann (resten snabbinmatad)"
    assert view["state"]["deal"]["quick"] is True
    assert view["state"]["deal"]["muggins"][0] == ["♠3", "♥4"]
