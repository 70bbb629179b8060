"""``GET /api/tables/{id}/events`` is sent as ``store.list_events`` builds it, without a pass
through marshmallow (issue 16: every phone at a table fetches the whole log after each entry
another phone makes). It must be, byte for byte, what the schema's dump gave: on every game's
recorded play, for a player and for a spectator (whose log hides what is private), with an
undone and a corrected entry among them."""

from __future__ import annotations

import pytest
from flask import jsonify

from api import store
from api.resources.tables import routes
from api.resources.tables.schemas import EventLogSchema, TableReadSchema
from tests.api.test_hostile_events import _accepted, default_runs
from tests.api.test_json_answer import GAMES


def _kept(monkeypatch, module, name: str) -> list:
    """What ``module.name`` returns, each call's value appended (it still returns it)."""
    built, real = [], getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a, **k: built.append(real(*a, **k)) or built[-1])
    return built


def _table_of(client, game: str) -> tuple[dict, dict, list]:
    """A table of ``game`` set up as its first recorded run; (created, player's headers,
    the run's accepted entries)."""
    run = default_runs(game)[0]
    created = client.post("/api/tables", json={
        "game": game, "players": run["setup"]["players"], "options": run["setup"]["options"],
        "first_dealer": run["setup"]["first_dealer"]}).json
    return (created, {"Authorization": f"Bearer {created['token']}"},
            [event for event, _views in _accepted(run)[:40]])


@pytest.mark.parametrize("game", GAMES)
def test_the_log_is_the_bytes_the_schema_gave(app, client, monkeypatch, game):
    built = _kept(monkeypatch, store, "list_events")
    created, player, entries = _table_of(client, game)
    url = f"/api/tables/{created['id']}/events"
    seq = 0
    for event in entries:
        assert client.post(url, json={"based_on": seq, "client_event_id": f"l{seq}",
                                      "event": event}, headers=player).status_code == 201
        seq += 1
    # an undo (of the latest entry the rules let be undone) and a correction (undone_by,
    # corrected_by)
    for target in range(seq, 0, -1):
        undo = client.post(url, json={"based_on": seq, "client_event_id": f"undo{target}",
                                      "event": {"type": "undo", "target": target}},
                           headers=player)
        assert undo.status_code in (201, 409, 422), undo.json
        if undo.status_code == 201:
            break
    assert undo.status_code == 201
    seq += 1
    correct = client.post(url, json={
        "based_on": seq, "client_event_id": "fix",
        "event": {"type": "correct", "target": target, "event": entries[target - 1]}},
        headers=player)
    assert correct.status_code in (201, 409, 422), correct.json
    seen_changes = 0
    for reader in (player, {"X-Spectator-Key": created["spectator_key"]}):
        response = client.get(url, headers=reader)
        assert response.status_code == 200
        with app.app_context():
            assert response.get_data() == jsonify(EventLogSchema().dump(built[-1])).get_data()
        events = response.json["events"]
        assert events[-1]["seq"] == seq + (correct.status_code == 201)
        seen_changes += sum(e["undone_by"] is not None or bool(e["corrected_by"])
                            for e in events)
    assert seen_changes >= 2  # the undo is in the log the bytes were checked on


@pytest.mark.parametrize("game", GAMES)
def test_the_table_is_the_value_the_schema_gives(app, client, monkeypatch, game):
    built = _kept(monkeypatch, routes, "read_table")
    created, player, entries = _table_of(client, game)
    url = f"/api/tables/{created['id']}"
    readers = (player, {"X-Spectator-Key": created["spectator_key"]})
    for seq, event in enumerate(entries):
        if seq % 5 == 0:
            for reader in readers:
                response = client.get(url, headers=reader)
                assert response.status_code == 200
                assert response.json == TableReadSchema().dump(built[-1])
                assert response.json["seq"] == seq
        assert client.post(f"{url}/events", json={"based_on": seq, "client_event_id": f"t{seq}",
                                                  "event": event},
                           headers=player).status_code == 201
