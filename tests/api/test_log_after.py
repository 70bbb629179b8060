"""``GET /api/tables/{id}/events?after=SEQ&generation=G``: only what changed since a reader's
copy of the log up to SEQ (issue 16: every phone at a table read the whole log after each
entry another phone made). The one property that matters: the copy, merged by seq with the
answer, is the whole log as the same reader reads it now — entry for entry, ``undone_by``,
``corrected_by`` and hidden cards included. Checked after every entry of every game's
recorded play (with an undo and a correction), and through every private entry's deal for
the seat's own phone, another seat's, a spectator and a phone that sat down at the seat
mid-deal, across the deal's end (its cards open) and an undo that reopens it (they close
again). A copy from another restore generation or from past the log's end gets the whole
log."""

from __future__ import annotations

import sqlite3

import pytest

from api.disclosure import private_spec
from rules_engine.registry import get_game

from tests.api.test_log_answer import _table_of
from tests.api.test_json_answer import GAMES
from tests.api.test_private_entries import CASES, Scene


def merged(copy: dict, answer: dict) -> dict:
    """The phone's merge (``pwa/js/api.js getLog``): the answer's entries replace the copy's
    of the same seq and add the new ones."""
    assert answer["after"] == copy["seq"], "the answer is to this copy"
    by_seq = {e["seq"]: e for e in copy["events"]}
    by_seq.update({e["seq"]: e for e in answer["events"]})
    return {**answer, "after": None, "events": [by_seq[s] for s in sorted(by_seq)]}


def whole(client, table_id: str, headers: dict) -> dict:
    response = client.get(f"/api/tables/{table_id}/events", headers=headers)
    assert response.status_code == 200, response.json
    assert response.json["after"] is None
    return response.json


def since(client, table_id: str, headers: dict, copy: dict) -> dict:
    response = client.get(f"/api/tables/{table_id}/events", headers=headers,
                          query_string={"after": copy["seq"],
                                        "generation": copy["generation"]})
    assert response.status_code == 200, response.json
    return response.json


def check(client, table_id: str, headers: dict, copies: list[dict]) -> dict:
    """Each of ``copies`` merged with its answer is the log as read whole now; the whole
    log is returned (a copy for what follows)."""
    now = whole(client, table_id, headers)
    for copy in copies:
        answer = since(client, table_id, headers, copy)
        assert answer["seq"] == now["seq"]
        assert merged(copy, answer) == now, (copy["seq"], now["seq"])
    return now


@pytest.mark.parametrize("game", GAMES)
def test_every_game_merges_to_the_whole_log(client, game):
    created, player, entries = _table_of(client, game)
    table_id = created["id"]
    url = f"/api/tables/{table_id}/events"
    readers = (player, {"X-Spectator-Key": created["spectator_key"]})
    copies: dict[int, list[dict]] = {i: [whole(client, table_id, r)] for i, r in
                                     enumerate(readers)}
    seq = 0
    for event in entries:
        assert client.post(url, json={"based_on": seq, "client_event_id": f"a{seq}",
                                      "event": event}, headers=player).status_code == 201
        seq += 1
        for i, reader in enumerate(readers):
            # the copy of one entry ago, of five ago and of the empty log
            copies[i].append(check(client, table_id, reader,
                                   [copies[i][-1], copies[i][max(0, len(copies[i]) - 5)],
                                    copies[i][0]]))
    # the new entry, and of the earlier ones only those whose cards a reader may come to
    # see or stop seeing: not the log
    small = since(client, table_id, player, copies[0][-2])
    module = get_game(game)
    new = small["events"][-1]
    assert new["seq"] == seq
    pointed_at = {new["event"].get("target")} if new["event"]["type"] in ("undo", "correct") \
        else set()
    earlier = [e["seq"] for e in copies[0][-2]["events"]
               if private_spec(module, e["event"]) or e["seq"] in pointed_at]
    assert [e["seq"] for e in small["events"][:-1]] == earlier
    for target in range(seq, 0, -1):  # the latest entry the rules let be undone
        undo = client.post(url, json={"based_on": seq, "client_event_id": f"undo{target}",
                                      "event": {"type": "undo", "target": target}},
                           headers=player)
        if undo.status_code == 201:
            break
    assert undo.status_code == 201
    seq += 1
    for i, reader in enumerate(readers):
        copies[i].append(check(client, table_id, reader, [copies[i][-1], copies[i][0]]))
    correct = client.post(url, json={
        "based_on": seq, "client_event_id": "fix",
        "event": {"type": "correct", "target": target, "event": entries[target - 1]}},
        headers=player)
    assert correct.status_code in (201, 409, 422), correct.json
    for i, reader in enumerate(readers):
        now = check(client, table_id, reader, [copies[i][-1], copies[i][-3]])
        undone = next(e for e in now["events"] if e["seq"] == target)
        assert undone["undone_by"] == seq  # the undo reached the earlier entry's copy


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_private_entries_open_and_close_in_the_copy(app, client, case):
    scene = Scene(client, app, case, "owner", opens=True)
    readers = {name: scene.readers[name] for name in ("own", "other", "spectator")}
    copies = {name: [whole(client, scene.id, r.headers)] for name, r in readers.items()}
    half = (case.checkpoint + len(scene.events)) // 2
    for index in range(len(scene.events)):
        scene.play_script(index, index + 1)
        if index == half:  # a phone sits down at the secret's seat in the middle of the deal
            readers["late"] = scene.join("late", case.seat)
            copies["late"] = [whole(client, scene.id, readers["late"].headers)]
        for name, reader in readers.items():
            copies[name].append(check(client, scene.id, reader.headers,
                                      [copies[name][-1], copies[name][0]]))
    hidden = {"hidden": True, "seat": case.seat, "count": len(scene.secret)}
    other_entry = next(e for e in copies["other"][case.checkpoint]["events"]
                       if e["seq"] == scene.entry_seq)
    assert other_entry["event"]["cards"] == hidden  # hidden in the copy of mid-deal ...
    opened = next(e for e in copies["other"][-1]["events"] if e["seq"] == scene.entry_seq)
    assert opened["event"]["cards"] == scene.secret  # ... and open once the deal is over
    # An undo of the deal's last entry reopens the deal: the copies close the cards again.
    undo = scene.post(scene.manager, {"type": "undo", "target": scene.seq})
    if undo.status_code != 201:
        pytest.skip(f"the deal's last entry cannot be undone: {undo.json['code']}")
    for name, reader in readers.items():
        now = check(client, scene.id, reader.headers, [copies[name][-1]])
        entry = next(e for e in now["events"] if e["seq"] == scene.entry_seq)
        if name != "own":
            assert entry["event"]["cards"] == hidden, name


def test_a_copy_of_another_generation_or_past_the_end_gets_the_whole_log(app, client):
    created, player, entries = _table_of(client, "rodskagg")
    table_id = created["id"]
    for seq, event in enumerate(entries[:3]):
        assert client.post(f"/api/tables/{table_id}/events", headers=player, json={
            "based_on": seq, "client_event_id": f"g{seq}", "event": event}).status_code == 201
    copy = whole(client, table_id, player)
    assert len(copy["events"]) == 3
    answer = since(client, table_id, player, copy)
    assert answer["after"] == copy["seq"] and answer["events"] == []
    for stale in ({**copy, "generation": "another"}, {**copy, "seq": copy["seq"] + 1}):
        answer = since(client, table_id, player, stale)
        assert answer["after"] is None and answer == copy
    # a restore draws a new generation (``api/backup.py``): the old copy gets the whole log
    conn = sqlite3.connect(app.config["DATABASE"])
    with conn:
        conn.execute("update restore_generation set generation = 'restored' where id = 1")
    conn.close()
    answer = since(client, table_id, player, copy)
    assert answer["after"] is None and answer["generation"] == "restored"
    assert answer["events"] == copy["events"]


@pytest.mark.parametrize("query", [{"after": "-1"}, {"after": "1.5"}, {"after": "x"},
                                   {"after": "9" * 5000}, {"generation": "g" * 101}])
def test_a_wrong_query_is_refused_in_the_one_error_shape(client, table, query):
    response = client.get(f"/api/tables/{table.id}/events", headers=table.headers,
                          query_string=query)
    assert response.status_code == 400, response.json
    assert response.json["code"] == "invalid_request"
    assert set(response.json) == {"code", "message", "messages", "rule", "details"}
