"""A tournament's table knows where it is: its view carries the tournament, round and table,
and once the round's deals are played it takes no more deals (409 ``round_played``,
nothing written), while undo, corrections, retries and the director's entries with a reason
still go through."""

from __future__ import annotations

import itertools

from tests.api.test_tournaments import Event
from tests.conftest import ERROR_SHAPE, bearer, make_director

_ids = itertools.count(1)
FIRST_DEAL = {"type": "result", "bids": ["smyga", 3, "smyga", "smyga"], "tricks": [1, 4, 1, 0]}
SECOND_DEAL = {"type": "result", "bids": [3, "smyga", "smyga", "smyga"], "tricks": [4, 1, 1, 0]}


def rodskagg_event(client, per_round: dict) -> tuple[Event, dict]:
    event = Event(client, make_director(client), {
        "name": "Fem opp-kvällen", "game": "rodskagg", "rounds": 2, "per_round": per_round,
        "players": [{"name": n} for n in ("Anna", "Bo", "Cia", "Dan")]})
    (table,) = event.seat("standings")["tables"]
    return event, table


def join(client, code: str) -> dict[str, str]:
    response = client.post("/api/join", json={"code": code, "device_name": "Bos telefon"})
    assert response.status_code == 201, response.json
    return bearer(response.json["token"])


def post(client, table_id: str, headers: dict, based_on: int, event: dict,
         client_event_id: str | None = None):
    return client.post(f"/api/tables/{table_id}/events", headers=headers, json={
        "based_on": based_on, "client_event_id": client_event_id or f"p-{next(_ids)}",
        "event": event})


def test_a_round_table_shows_its_tournament_round_and_table(client):
    event, table = rodskagg_event(client, {"deals": 2})
    phone = join(client, table["join_code"])
    view = client.get(f"/api/tables/{table['table_id']}", headers=phone).json
    assert view["tournament"] == {
        "id": event.id, "name": "Fem opp-kvällen", "round": 1, "table": 1, "rounds": 2,
        "per_round": {"deals": 2}, "deals": 0, "round_played": False, "closed": False,
        "standings_link": f"/tournament/standings.html?t={event.id}"}
    posted = post(client, table["table_id"], phone, 0, FIRST_DEAL)
    assert posted.status_code == 201, posted.json
    assert posted.json["table"]["tournament"]["deals"] == 1
    assert posted.json["table"]["tournament"]["round_played"] is False
    # a phone that was behind gets the table as it is now, and where it is
    stale = post(client, table["table_id"], phone, 0, SECOND_DEAL)
    assert (stale.status_code, stale.json["code"]) == (409, "stale_sequence")
    assert stale.json["details"]["table"]["tournament"]["deals"] == 1


def test_every_round_table_carries_its_director(app, client):
    """A post reads no tournament row for a table no director started (``store.post_event``):
    that holds only while a tournament's tables all carry their director."""
    import sqlite3

    rodskagg_event(client, {"deals": 2})
    db = sqlite3.connect(app.config["DATABASE"])
    rows = db.execute("select t.director_id from tournament_tables tt "
                      "join tables t on t.id = tt.table_id").fetchall()
    db.close()
    assert rows and all(director_id for (director_id,) in rows)


def test_a_table_of_no_tournament_says_so(table):
    assert table.view()["tournament"] is None
    assert table.ok(FIRST_DEAL)["tournament"] is None


def test_a_played_round_takes_no_more_deals_and_nothing_is_written(client):
    event, table = rodskagg_event(client, {"deals": 1})
    tid, phone = table["table_id"], join(client, table["join_code"])
    last = post(client, tid, phone, 0, FIRST_DEAL, client_event_id="last-deal")
    assert last.status_code == 201
    assert last.json["table"]["tournament"]["round_played"] is True
    before = client.get(f"/api/tables/{tid}/events", headers=phone).json

    refused = post(client, tid, phone, 1, SECOND_DEAL)
    assert (refused.status_code, refused.json["code"]) == (409, "round_played")
    assert set(refused.json) == ERROR_SHAPE
    assert "1 giv per rond" in refused.json["messages"]["sv"]
    assert refused.json["details"] == {"tournament": event.id, "round": 1, "table": 1,
                                       "per_round": {"deals": 1}, "deals": 1}
    assert client.get(f"/api/tables/{tid}/events", headers=phone).json == before
    # the director's own post is refused the same way, without a reason
    director = post(client, tid, event.headers, 1, SECOND_DEAL)
    assert (director.status_code, director.json["code"]) == (409, "round_played")

    # a retry of the round's last deal is not a new deal: it gets its first answer
    again = post(client, tid, phone, 0, FIRST_DEAL, client_event_id="last-deal")
    assert (again.status_code, again.json["entry"]["seq"]) == (201, 1)
    assert client.get(f"/api/tables/{tid}/events", headers=phone).json == before


def test_undo_reopens_the_round_and_the_director_enters_with_a_reason(client):
    event, table = rodskagg_event(client, {"deals": 1})
    tid, phone = table["table_id"], join(client, table["join_code"])
    assert post(client, tid, phone, 0, FIRST_DEAL).status_code == 201
    undone = post(client, tid, phone, 1, {"type": "undo", "target": 1})
    assert undone.status_code == 201, undone.json
    assert undone.json["table"]["tournament"]["round_played"] is False
    assert post(client, tid, phone, 2, SECOND_DEAL).status_code == 201
    with_reason = client.post(event.url(f"/tables/{tid}/events"), headers=event.headers, json={
        "based_on": 3, "client_event_id": "director-1", "event": FIRST_DEAL,
        "reason": "Bordet spelade en giv för mycket enligt protokollet på papper"})
    assert with_reason.status_code == 201, with_reason.json
    assert with_reason.json["table"]["tournament"]["round"] == 1


def test_a_round_to_a_target_ends_at_the_target(client):
    _event, table = rodskagg_event(client, {"target": 9})
    tid, phone = table["table_id"], join(client, table["join_code"])
    played = post(client, tid, phone, 0, FIRST_DEAL)  # Bo goes 12 -> 8: at or below 9
    assert played.status_code == 201, played.json
    assert played.json["table"]["tournament"]["round_played"] is True
    refused = post(client, tid, phone, 1, SECOND_DEAL)
    assert (refused.status_code, refused.json["code"]) == (409, "round_played")
    assert "målet 9" in refused.json["messages"]["sv"]
