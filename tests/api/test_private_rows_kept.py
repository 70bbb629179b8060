"""The private entries' rows a process keeps (``disclosure.private_rows``, issue 16) are the
rows the full query reads, at every read of every path that decides who sees a secret.

``private_rows`` reads only the log's entries after the last seq it read for a table, on
top of the rows it kept. Here every call is held to the query it replaces (``select ...
where table_id = ? and json_extract(event, '$.type') in (...)``, run on the same
connection right after), through:

- every game's recorded play posted through the API, the device moving between seats
  (``test_post_reads``'s walk, run again here under the check);
- every game's private-entry scenes (``test_private_entries``: a hand, a discard, a buy
  entered, read by every kind of reader through every read path, corrections refused and
  accepted), run again here under the check;
- each of those games' private entry undone, entered again and corrected, at every post;
- a restore of an older backup under a running process, the table then played on to the
  same seqs with other entries;
- a second process (its own memory) appending between this process's posts;
- a copy of the file (same generation, same ids) served by the same process;
- the log's catch-up (``GET …/events?after=``, ``store._log_rows``), which keeps the undos
  too, under a key of its own, through every game's recorded play and private-entry deal.
"""

from __future__ import annotations

import pytest

from api import backup as backups
from api import create_app
from api import disclosure
from rules_engine.registry import get_game
from tests.api import test_log_after, test_post_reads, test_private_entries
from tests.api.test_private_entries import CASES, Scene

# The walks run again here, under ``held`` (pytest collects them in this module too).
test_recorded_play_of_every_game = (
    test_post_reads.test_the_folded_reads_of_a_post_are_the_separate_reads)
test_every_private_entry_scene = (
    test_private_entries.test_a_private_entry_is_seen_only_by_its_seat_and_the_director)
test_every_scene_after_its_deal = (
    test_private_entries.test_after_the_deal_the_entry_opens_unless_the_table_keeps_it_closed)
test_every_log_catch_up = test_log_after.test_every_game_merges_to_the_whole_log
test_every_private_catch_up = test_log_after.test_private_entries_open_and_close_in_the_copy
test_a_refused_correction = (
    test_private_entries.test_a_correction_refused_for_a_private_card_is_told_in_public_words)
test_an_accepted_correction = getattr(
    test_private_entries,
    "test_a_correction_of_a_private_entry_is_as_private_and_posted_by_the_same_rule")


def full_query(db, table_id, types):
    marks = ", ".join("?" for _ in types)
    return tuple(db.execute(
        "select seq, device_id, deal, event from events where table_id = ? and "
        f"json_extract(event, '$.type') in ({marks}) order by seq",
        [table_id, *types]).fetchall())


@pytest.fixture(autouse=True)
def held(monkeypatch):
    """Every ``private_rows`` call checked against the full query; how many were answered
    on top of kept rows."""
    seen = {"calls": 0, "on_kept": 0}
    real = disclosure.private_rows
    monkeypatch.setattr(disclosure, "_kept", {})

    def checked(db, table_id, types):
        kept = disclosure._kept.get((db.protokoll_file, table_id, types))
        rows = real(db, table_id, types)
        assert rows == full_query(db, table_id, types), table_id
        seen["calls"] += 1
        seen["on_kept"] += kept is not None
        return rows

    monkeypatch.setattr(disclosure, "private_rows", checked)
    return seen


PRIVATE_CASES = [c for c in CASES]


@pytest.mark.parametrize("case", PRIVATE_CASES, ids=[c.name for c in PRIVATE_CASES])
def test_private_entries_undone_entered_again_and_corrected(app, client, held, case):
    scene = Scene(client, app, case, "owner", opens=False)
    private = get_game(case.game).PRIVATE
    for index, event in enumerate(scene.events):
        poster = scene.readers["own"] if index == case.entry else scene.manager
        response = scene.post(poster, event)
        assert response.status_code == 201, (index, response.json)
        scene.seq = response.json["entry"]["seq"]
        if event.get("type") not in private:
            continue
        undone = scene.post(poster, {"type": "undo", "target": scene.seq})
        assert undone.status_code == 201, (index, undone.json)
        again = scene.post(poster, event, based_on=undone.json["entry"]["seq"])
        assert again.status_code == 201, (index, again.json)
        scene.seq = again.json["entry"]["seq"]
        corrected = scene.post(poster, {"type": "correct", "target": scene.seq,
                                        "event": event})
        if corrected.status_code == 201:
            scene.seq = corrected.json["entry"]["seq"]
        else:  # refused (nothing to correct, say): the log and what is kept untouched
            assert corrected.status_code < 500, corrected.json
        for reader in scene.readers.values():
            assert client.get(f"/api/tables/{scene.id}/events",
                              headers=reader.headers).status_code == 200
    assert held["on_kept"] > held["calls"] // 2  # the kept rows are used, mostly


def _rodskagg_scene(client, app):
    case = next(c for c in CASES if c.game == "rodskagg")
    return Scene(client, app, case, "owner", opens=False)


def _play(scene, start, stop, events=None):
    events = scene.events if events is None else events
    for index in range(start, stop):
        poster = scene.readers["own"] if index == scene.case.entry else scene.manager
        response = scene.post(poster, events[index])
        assert response.status_code == 201, (index, response.json)
        scene.seq = response.json["entry"]["seq"]


def test_a_restore_of_an_older_log_is_read_anew(app, client, held, tmp_path):
    scene = _rodskagg_scene(client, app)
    hand_at = next(i for i, e in enumerate(scene.events) if e["type"] == "hand")
    _play(scene, 0, hand_at)  # up to the first hand: no private entry yet
    saved = tmp_path / "backup.sqlite"
    backups.backup(app.config["DATABASE"], saved)
    _play(scene, hand_at, hand_at + 3)  # three hands entered, kept by this process
    assert client.get(f"/api/tables/{scene.id}/events",
                      headers=scene.manager.headers).status_code == 200
    assert kept_of(app, scene.id).rows
    backups.restore(saved, app.config["DATABASE"], force=True)
    log = client.get(f"/api/tables/{scene.id}/events", headers=scene.manager.headers).json
    scene.seq = log["events"][-1]["seq"]
    assert not any(e["event"]["type"] == "hand" for e in log["events"])
    assert kept_of(app, scene.id).rows == ()  # read anew: the older log has none
    # The same seqs again with other entries: the three hands in the other order.
    for index in (hand_at + 2, hand_at + 1, hand_at):
        poster = scene.readers["own"] if index == scene.case.entry else scene.manager
        response = scene.post(poster, scene.events[index])
        assert response.status_code == 201, (index, response.json)
        scene.seq = response.json["entry"]["seq"]
    _play(scene, hand_at + 3, len(scene.events))


def test_a_second_process_appending_is_read_after_what_was_kept(app, client, held,
                                                                 monkeypatch):
    scene = _rodskagg_scene(client, app)
    ours = {}
    monkeypatch.setattr(disclosure, "_kept", ours)
    hand_at = next(i for i, e in enumerate(scene.events) if e["type"] == "hand")
    _play(scene, 0, hand_at + 1)  # this process: the first hand
    kept = kept_of(app, scene.id, ours)
    theirs: dict = {}
    monkeypatch.setattr(disclosure, "_kept", theirs)  # another process's memory
    _play(scene, hand_at + 1, hand_at + 3)  # two more hands, posted there
    monkeypatch.setattr(disclosure, "_kept", ours)
    assert kept_of(app, scene.id, ours) is kept  # this process kept nothing of them
    _play(scene, hand_at + 3, len(scene.events))
    assert kept_of(app, scene.id, ours).seq == scene.seq
    assert len([r for r in kept_of(app, scene.id, ours).rows if '"hand"' in r[3]]) >= 3


def test_a_copy_of_the_file_served_by_the_same_process_is_read_as_its_own(app, client, held,
                                                                          tmp_path):
    """A backup copied to another file has the same restore generation and table ids; a
    process serving both (two apps) keeps their rows apart."""
    scene = _rodskagg_scene(client, app)
    hand_at = next(i for i, e in enumerate(scene.events) if e["type"] == "hand")
    _play(scene, 0, hand_at + 3)
    copy = tmp_path / "copy.sqlite"
    backups.backup(app.config["DATABASE"], copy)
    _play(scene, hand_at + 3, hand_at + 4)  # one more hand, in the first file only
    assert len(kept_of(app, scene.id).rows) == 4
    other = create_app({"DATABASE": str(copy), "TESTING": True})
    log = other.test_client().get(f"/api/tables/{scene.id}/events",
                                  headers=scene.manager.headers)
    assert log.status_code == 200, log.json
    assert len([e for e in log.json["events"] if e["event"]["type"] == "hand"]) == 3
    assert len(kept_of(other, scene.id).rows) == 3


def kept_of(app, table_id, kept=None):
    """What the process keeps of the table for a post's reads (its types: the private
    ones and ``correct``; the log's catch-up keeps ``undo`` too, under its own key)."""
    (found,) = [v for (file, table, types), v in (disclosure._kept if kept is None
                                                    else kept).items()
                if file == app.config["DATABASE"] and table == table_id
                and "undo" not in types]
    return found
