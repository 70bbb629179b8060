"""A post's reads folded into fewer statements (issue 16) give what the separate reads give.

Three shortcuts of ``store.post_event``, each held here to the read it replaces, at every
post of every game's recorded play through the API (with the owner's device moving from
seat to seat, to the scorer's place and away, between posts):

- before the lock, the state this process kept at the table's seq, found from the row and
  its snapshot read in one statement (``snapshots.kept_at``), is the state ``load`` gives;
- inside the lock, the snapshot's token read with the row is the one ``snapshots.token``
  reads;
- the reader of the answer, from the seat read with the device's token inside the lock
  (``reader_of(..., as_read=True)``), is the one a fresh read of the device row gives.
"""

from __future__ import annotations

import pytest

from api import disclosure, snapshots, store
from tests.api.test_hostile_events import _accepted, default_runs
from tests.corpus.record import LOGS

GAMES = sorted(path.name.split(".")[0] for path in LOGS.glob("*.json.gz"))


@pytest.mark.parametrize("game", GAMES)
def test_the_folded_reads_of_a_post_are_the_separate_reads(app, client, monkeypatch, game):
    seen = {"kept": 0, "token": 0, "reader": 0}
    real_kept_at, real_append, real_reader_of = (snapshots.kept_at, store._append,
                                                 disclosure.reader_of)

    def kept_at(db, table_id, seq, engine, snap):
        loaded = real_kept_at(db, table_id, seq, engine, snap)
        if loaded is not None:
            seen["kept"] += 1
            row = store.load_row(db, table_id)
            assert row["seq"] == seq
            _setup, state = store.load_state(db, row)
            assert loaded.state == state
            assert loaded.token == snapshots.token(db, table_id)
        return loaded

    def append(db, row, who, based_on, client_event_id, event, ready=None, token=None,
               *rest):
        seen["token"] += 1
        assert token == snapshots.token(db, row["id"])
        return real_append(db, row, who, based_on, client_event_id, event, ready, token, *rest)

    def reader_of(db, principal, as_read=False):
        reader = real_reader_of(db, principal, as_read)
        if as_read:
            seen["reader"] += 1
            assert reader == real_reader_of(db, principal)
        return reader

    monkeypatch.setattr(snapshots, "kept_at", kept_at)
    monkeypatch.setattr(store, "_append", append)
    monkeypatch.setattr(disclosure, "reader_of", reader_of)

    run = default_runs(game)[0]
    players = run["setup"]["players"]
    created = client.post("/api/tables", json={
        "game": game, "players": players, "options": run["setup"]["options"],
        "first_dealer": run["setup"]["first_dealer"]}).json
    auth = {"Authorization": f"Bearer {created['token']}"}
    places = [*range(len(players)), "scorer", None]
    posts = 0
    for seq, (event, _views) in enumerate(_accepted(run)[:60]):
        if seq % 7 == 3:  # the device moves (a private entry of another seat may be refused)
            place = places[(seq // 7) % len(places)]
            moved = client.post(f"/api/tables/{created['id']}/seat",
                                json={"seat": place, "change": True}, headers=auth)
            assert moved.status_code == 200, moved.json
        response = client.post(f"/api/tables/{created['id']}/events", json={
            "based_on": seq, "client_event_id": f"r{seq}", "event": event}, headers=auth)
        if response.status_code != 201:  # a private entry of a seat this device is not at
            assert response.json["code"] == "not_your_seat", response.json
            client.post(f"/api/tables/{created['id']}/seat", json={"seat": None,
                                                                    "change": True},
                        headers=auth)
            response = client.post(f"/api/tables/{created['id']}/events", json={
                "based_on": seq, "client_event_id": f"r{seq}", "event": event},
                headers=auth)
        assert response.status_code == 201, response.json
        assert response.json["access"]["seat"] == (
            client.get(f"/api/tables/{created['id']}", headers=auth).json["access"]["seat"])
        posts += 1
    assert posts > 0
    assert seen["token"] >= posts and seen["reader"] == posts
    assert seen["kept"] >= posts // 2  # the shortcut is taken, mostly
