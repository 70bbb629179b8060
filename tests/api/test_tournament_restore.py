"""A restore under a running server: the standings are the restored database's.

Each server process keeps tournament readings by table, seq and version, and standings
bodies by the tournament's fingerprint (rounds, tables, the sum of their seqs, ...). After
a restore a table can reach the same seq again with other entries, and the fingerprint can
come out the same: the restore draws a new restore generation (``api/backup.py``,
migration ``m011_restore_generation``) and both keys carry it. Here a table is played on
after a backup and polled (the process keeps its reading, the body and its compressed
body), the backup is restored through ``api.backup.restore`` (what ``protokoll restore
--force`` runs), the table is played to the same seq with other results, a second server
process polls (its own memory: it writes the shared cached reading for that seq), and
then this process's standings, plain and compressed, must equal a computation from
scratch.
"""

from __future__ import annotations

import gzip
import json
from collections import OrderedDict

from api import backup as backups
from api.resources.tournaments import service
from tests.api.test_tournament_fast_paths import Played, from_scratch

RITA = {"type": "result", "outcome": "rita"}


def standings(event: Played) -> dict:
    response = event.client.get(f"/api/tournaments/{event.id}/standings")
    assert response.status_code == 200, response.json
    return {k: v for k, v in response.json.items() if k != "tournament"}


def compressed(event: Played) -> dict:
    """The standings as a browser fetches them (gzip: its compressed body is kept per
    version), as ``standings`` returns them."""
    response = event.client.get(f"/api/tournaments/{event.id}/standings",
                                headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    body = json.loads(gzip.decompress(response.data))
    return {k: v for k, v in body.items() if k != "tournament"}


def test_standings_after_a_restore_under_a_running_server_are_the_restored_ones(
        client, app, tmp_path, monkeypatch):
    event = Played(client, app, {
        "name": "Återställningscupen", "game": "braus", "rounds": 2,
        "players": [{"name": f"Spelare {n}"} for n in range(1, 9)]}, 1)
    table, _other = event.seat("random")
    for winner in (0, 1, 0):  # 2–1 in ritor at seq 3
        assert event.post(table, {**RITA, "winner": winner}) == 201
    event.check()
    saved = tmp_path / "backup.sqlite"
    backups.backup(app.config["DATABASE"], saved)

    for _ in range(4):  # after the backup: pair 0 to six ritor, the match won at seq 7
        assert event.post(table, {**RITA, "winner": 0}) == 201
    before = standings(event)  # this process keeps the reading at seq 7, and the body
    assert before["progress"]["latest"]["finished"] == 1
    assert compressed(event) == before  # and the compressed body

    backups.restore(saved, app.config["DATABASE"], force=True)
    event.seqs[table], event.results = 3, {table: 3}
    for _ in range(4):  # the same seq 7 again, with other results: pair 1 at five ritor
        assert event.post(table, {**RITA, "winner": 1}) == 201
    assert event.seqs[table] == 7

    with monkeypatch.context() as other_process:  # a second process, with its own memory
        for kept in ("_READINGS", "_SEEN", "_BODIES", "_SHARES"):
            other_process.setattr(service, kept, OrderedDict())
        assert standings(event) == json.loads(json.dumps(from_scratch(app, event.id)))

    after = standings(event)
    assert after == json.loads(json.dumps(from_scratch(app, event.id)))
    assert after["progress"]["latest"]["finished"] == 0 and after != before
    assert compressed(event) == after
