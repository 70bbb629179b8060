"""Every refusal: a 4xx in the one error shape, the rule cited, and the log unchanged."""

from __future__ import annotations

import pytest


def _play_to_first_trick(table):
    """Deal, knock, and a bid so that Bo (seat 1) declares three and leads."""
    table.ok({"type": "deal"})
    table.ok({"type": "knock"})
    for seat, bid in ((1, 3), (2, "smyga"), (3, "smyga"), (0, "smyga")):
        table.ok({"type": "bid", "seat": seat, "bid": bid})


def _assert_refused(table, response, status, code, rule=True):
    assert response.status_code == status, response.json
    body = response.json
    assert body["code"] == code
    assert set(body) == {"code", "message", "messages", "rule", "details"}
    assert body["messages"]["sv"] and body["messages"]["en"]
    if rule:
        assert body["rule"], body


@pytest.fixture
def in_play(table):
    _play_to_first_trick(table)
    return table


def test_malformed_json_changes_nothing(in_play):
    before = in_play.log()
    response = in_play.client.post(f"/api/tables/{in_play.id}/events", data="{not json",
                                   content_type="application/json", headers=in_play.headers)
    _assert_refused(in_play, response, 400, "malformed_json", rule=False)
    assert in_play.log() == before


@pytest.mark.parametrize("payload,code", [
    ({"based_on": 5, "client_event_id": "a", "event": {"type": "deal"}, "extra": 1},
     "invalid_request"),
    ({"client_event_id": "a", "event": {"type": "deal"}}, "invalid_request"),
    ({"based_on": 5, "client_event_id": "", "event": {"type": "deal"}}, "invalid_request"),
    ({"based_on": "five", "client_event_id": "a", "event": {}}, "invalid_request"),
])
def test_envelope_that_does_not_fit_the_schema(in_play, payload, code):
    before = in_play.log()
    response = in_play.client.post(f"/api/tables/{in_play.id}/events", json=payload,
                                   headers=in_play.headers)
    _assert_refused(in_play, response, 400, code, rule=False)
    assert in_play.log() == before


@pytest.mark.parametrize("event,status,code", [
    ({"type": "play", "seat": 1, "card": "♥K", "colour": "red"}, 400, "unknown_field"),
    ({"type": "play", "seat": 1}, 400, "missing_field"),
    ({"type": "shuffle"}, 400, "unknown_event_type"),
    ({"type": "play", "seat": 9, "card": "♥K"}, 400, "bad_field"),
    ({"type": "play", "seat": 1, "card": "♥1"}, 400, "bad_card_notation"),
    ({"type": "play", "seat": 1, "card": "joker"}, 400, "bad_card_notation"),
    ({"type": "play", "seat": 2, "card": "♥K"}, 422, "not_your_turn"),
    ({"type": "bid", "seat": 2, "bid": 4}, 422, "not_expected"),
    ({"type": "ask"}, 422, "not_expected"),
])
def test_refused_entries_change_nothing(in_play, event, status, code):
    before = in_play.log()
    view_before = in_play.view()
    response = in_play.post(event)
    _assert_refused(in_play, response, status, code, rule=True)
    assert in_play.log() == before
    assert in_play.view() == view_before


def test_card_already_played(in_play):
    in_play.ok({"type": "trick", "cards": ["♠A", "♠2", "♠3", "♠4"]})
    response = in_play.post({"type": "play", "seat": 1, "card": "sKn"})  # ♠J: Swedish letters
    assert response.status_code == 201
    before = in_play.log()
    response = in_play.post({"type": "play", "seat": 2, "card": "♠3"})
    _assert_refused(in_play, response, 422, "card_already_played")
    assert response.json["details"] == {"card": "♠3", "trick": 1, "seat": 3}
    assert response.json["rule"] == "Rödskägg — Spelet"
    assert in_play.log() == before


def test_illegal_bid_and_out_of_turn_bid(table):
    table.ok({"type": "deal"})
    table.ok({"type": "bid", "seat": 1, "bid": 4})
    before = table.log()
    response = table.post({"type": "bid", "seat": 2, "bid": 3})
    _assert_refused(table, response, 422, "bid_not_higher")
    assert response.json["rule"] == "Rödskägg — Budgivningen"
    assert response.json["details"]["highest"] == 4
    response = table.post({"type": "bid", "seat": 0, "bid": 5})
    _assert_refused(table, response, 422, "not_your_turn")
    assert response.json["details"]["expected_seat"] == 2
    response = table.post({"type": "bid", "seat": 2, "bid": "sju"})
    _assert_refused(table, response, 422, "bad_bid")
    assert table.log() == before


def test_quick_entry_that_does_not_add_up(table):
    response = table.post({"type": "result", "bids": ["smyga", 3, "smyga", "smyga"],
                           "tricks": [1, 4, 2, 0]})
    _assert_refused(table, response, 422, "tricks_do_not_add_up")
    assert response.json["details"]["sum"] == 7
    assert table.log()["events"] == []
    assert table.view()["protokoll"]["totals"] == [12, 12, 12, 12]


def test_request_too_large(table):
    response = table.client.post(f"/api/tables/{table.id}/events",
                                 data="x" * (300 * 1024), content_type="application/json",
                                 headers=table.headers)
    assert response.status_code == 413
    assert response.json["code"] == "request_too_large"
    assert table.log()["events"] == []


def test_unknown_route_and_method(client):
    assert client.get("/api/nothing").json["code"] == "not_found"
    response = client.delete("/api/games")
    assert response.status_code == 405 and response.json["code"] == "method_not_allowed"
