"""Posting to a table's log: sequence numbers, retries, auth, undo and corrections."""

from __future__ import annotations

from tests.conftest import start_table

RESULT = {"type": "result", "bids": ["smyga", 3, "smyga", "smyga"], "tricks": [1, 4, 1, 0]}


def test_retry_with_same_client_event_id_is_applied_once(table):
    first = table.post(RESULT, client_event_id="phone-1-0001")
    assert first.status_code == 201
    again = table.post(RESULT, based_on=0, client_event_id="phone-1-0001")
    assert again.status_code == 201
    assert again.json == first.json
    log = table.log()
    assert [e["seq"] for e in log["events"]] == [1]
    assert table.view()["protokoll"]["totals"] == [12, 8, 12, 12]


def test_same_client_event_id_with_another_event_is_a_conflict(table):
    table.post(RESULT, client_event_id="phone-1-0002")
    response = table.post({"type": "deal"}, client_event_id="phone-1-0002")
    assert response.status_code == 409
    assert response.json["code"] == "client_event_id_reused"
    assert table.log()["seq"] == 1


def test_a_retry_is_the_same_json_not_a_python_equal(table):
    """3.0 and 3, true and 1 are equal in Python but other entries: under a used id they
    are a conflict, not the first post's retry; the same entry with its keys in another
    order is still a retry."""
    first = table.post(RESULT, client_event_id="phone-1-0003")
    assert first.status_code == 201
    for tricks in ([1.0, 4, 1, 0], [True, 4, 1, 0]):
        response = table.post({**RESULT, "tricks": tricks}, based_on=0,
                               client_event_id="phone-1-0003")
        assert response.status_code == 409, tricks
        assert response.json["code"] == "client_event_id_reused"
    reordered = {"tricks": RESULT["tricks"], "bids": RESULT["bids"], "type": "result"}
    again = table.post(reordered, based_on=0, client_event_id="phone-1-0003")
    assert again.status_code == 201 and again.json == first.json
    assert table.log()["seq"] == 1


def test_stale_post_gets_409_with_current_sequence(table):
    table.ok(RESULT)
    table.ok({"type": "deal"})
    response = table.post({"type": "bid", "seat": 3, "bid": 2}, based_on=1)
    assert response.status_code == 409
    assert response.json["code"] == "stale_sequence"
    assert response.json["details"]["seq"] == 2
    assert response.json["details"]["table"]["seq"] == 2
    assert table.log()["seq"] == 2


def test_writing_needs_a_token_of_this_table(client):
    one = start_table(client)
    other = start_table(client)
    cases = [({}, 401, "token_required"),
             ({"Authorization": "Bearer not-a-token"}, 401, "token_unknown"),
             (other.headers, 403, "token_forbidden")]
    for headers, status, code in cases:
        response = one.post(RESULT, headers=headers)
        assert (response.status_code, response.json["code"]) == (status, code)
    assert one.log()["events"] == []
    assert other.log()["events"] == []


def test_every_entry_records_its_device(table):
    table.ok(RESULT)
    entry = table.log()["events"][0]
    assert entry["device_id"] == table.created["device_id"]
    assert entry["created_at"]
    assert entry["client_event_id"].startswith("test-")


def test_undo_is_an_event_and_the_log_keeps_the_original(table):
    table.ok(RESULT)
    assert table.view()["protokoll"]["totals"] == [12, 8, 12, 12]
    view = table.ok({"type": "undo", "target": 1})
    assert view["protokoll"]["totals"] == [12, 12, 12, 12]
    assert view["expected"]["phase"] == "deal" and view["state"]["dealer"] == 0
    log = table.log()
    assert [e["event"]["type"] for e in log["events"]] == ["result", "undo"]
    assert log["events"][0]["undone_by"] == 2
    assert log["events"][1]["device_id"] == table.created["device_id"]


def test_correction_replaces_an_event_and_is_audited(table):
    table.ok(RESULT)
    table.ok({"type": "result", "bids": ["smyga", "smyga", 2, "smyga"],
              "tricks": [0, 1, 3, 2]})
    assert table.view()["protokoll"]["totals"] == [12, 8, 9, 12]
    # Bo actually took five tricks in the first deal.
    view = table.ok({"type": "correct", "target": 1, "event": {
        "type": "result", "bids": ["smyga", 3, "smyga", "smyga"], "tricks": [0, 5, 1, 0]}})
    assert view["protokoll"]["totals"] == [12, 7, 9, 12]
    assert table.log()["events"][0]["corrected_by"] == [3]


def test_correction_that_breaks_a_later_entry_is_refused(table):
    table.ok({"type": "deal"})
    table.ok({"type": "knock"})
    table.ok({"type": "bid", "seat": 1, "bid": 2})
    before = table.log()
    # Undoing the deal would leave a knock with no cards dealt.
    response = table.post({"type": "undo", "target": 1})
    assert response.status_code == 422
    assert response.json["code"] == "log_breaks_rules"
    assert response.json["details"]["seq"] == 2
    assert table.log() == before


def test_undo_of_nothing_is_refused(table):
    for event in ({"type": "undo", "target": 7}, {"type": "undo", "target": "x"},
                  {"type": "correct", "target": 1}):
        response = table.post(event)
        assert response.status_code in (400, 422)
        assert response.json["code"] in ("nothing_to_correct", "malformed_event")
    assert table.log()["events"] == []


def test_a_post_answers_with_the_rows_it_changed_and_the_rest_stays_as_it_was(table):
    """The answer carries the protokoll from the first row the post changed (``first_row``)
    and the sheet's length (``row_count``); put on top of the rows a phone already has, it
    is exactly the sheet GET returns — also after an undo and a correction, which rebuild
    the sheet and so carry it whole (first_row 0)."""
    rows = table.view()["protokoll"]["rows"]
    results = [RESULT, {"type": "result", "bids": [2, "smyga", "smyga", "smyga"],
                        "tricks": [2, 1, 2, 1]}, RESULT]
    for event in results + [{"type": "undo", "target": 2},
                            {"type": "correct", "target": 1, "event": results[1]}, RESULT]:
        response = table.post(event)
        assert response.status_code == 201, response.json
        sheet = response.json["table"]["protokoll"]
        if event["type"] in ("undo", "correct"):
            assert sheet["first_row"] == 0
        else:
            assert sheet["first_row"] == len(rows) and len(sheet["rows"]) <= 2
        rows = rows[:sheet["first_row"]] + sheet["rows"]
        whole = table.view()["protokoll"]
        assert rows == whole["rows"] and sheet["row_count"] == len(rows)
        assert sheet["totals"] == whole["totals"]
    # A read of the table has the whole sheet and no markers.
    assert "first_row" not in table.view()["protokoll"]


def test_a_409_carries_the_table_as_it_is_after_the_refusal(table):
    table.ok(RESULT)
    response = table.post({"type": "deal"}, based_on=0)
    assert response.status_code == 409
    body = response.json["details"]
    assert body["seq"] == body["table"]["seq"] == 1
    assert body["table"]["protokoll"] == table.view()["protokoll"]


def test_a_post_answer_is_exactly_what_its_schema_describes(table):
    """The answer is sent as built, not dumped through the schema: it must already be
    what EventPostedSchema (and so openapi.yaml) says, no key more or less."""
    from api.resources.tables.schemas import EventPostedSchema
    for event in (RESULT, {"type": "deal"}, {"type": "undo", "target": 2}):
        body = table.post(event).json
        assert EventPostedSchema().dump(body) == body
