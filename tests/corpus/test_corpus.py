"""Replay the recorded corpus: every step must come out exactly as it was recorded.

``tests/corpus/logs/<game>.json.gz`` holds seeded playouts of the game (see ``record.py``):
each step's event, whether it was accepted, and then the protokoll, findings, ``expected``,
``describe``, ``is_over``, ``result`` and ``deal_in_progress``; or the refusal with its code,
rule, params and words. This test posts the same events through the same engine path
(``rules_engine.table_log.apply_entry``) and demands the same answers. It guards refactors
that must not change behaviour (issue #18). Never re-record to make it pass; re-record only
when behaviour is meant to change, in the same commit, saying why
(``python -m tests.corpus.record <game>``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules_engine.registry import GAMES
from rules_engine.table_log import Entry, TableSetup

from . import record

FORMAT = 1  # the log format this test reads


def _path(game_id: str):
    return record.LOGS / f"{game_id}.json.gz"


def _first_difference(recorded: Any, replayed: Any, where: str = "") -> str:
    """Where two JSON values first differ, as a path and both values."""
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        for key in sorted(set(recorded) | set(replayed)):
            if recorded.get(key, "<absent>") != replayed.get(key, "<absent>"):
                return _first_difference(recorded.get(key, "<absent>"),
                                         replayed.get(key, "<absent>"), f"{where}.{key}")
    if isinstance(recorded, list) and isinstance(replayed, list):
        if len(recorded) != len(replayed):
            return f"{where}: length {len(recorded)} recorded, {len(replayed)} now"
        for i, (a, b) in enumerate(zip(recorded, replayed)):
            if a != b:
                return _first_difference(a, b, f"{where}[{i}]")
    return (f"{where}:\n  recorded: {json.dumps(recorded, ensure_ascii=False)[:600]}\n"
            f"  now:      {json.dumps(replayed, ensure_ascii=False)[:600]}")


def replay_run(game_id: str, run: dict[str, Any]) -> None:
    setup = TableSetup(game_id, tuple(run["setup"]["players"]), run["setup"]["options"],
                       run["setup"]["first_dealer"])
    module = setup.module
    state = setup.new_state()
    entries: list[Entry] = []
    expected_views = record.views(module, state)
    for index, step in enumerate(run["steps"]):
        where = f"{game_id}, run {run['name']}, step {index} ({json.dumps(step['event'], ensure_ascii=False)[:200]})"
        new_state, refusal, after = record.step(setup, state, entries, step["event"])
        if "refused" in step:
            assert refusal is not None, f"{where}: was refused, now accepted"
            assert refusal == step["refused"], \
                f"{where}: refusal differs at refused{_first_difference(step['refused'], refusal)}"
            continue
        assert refusal is None, \
            f"{where}: was accepted, now refused: {json.dumps(refusal, ensure_ascii=False)[:600]}"
        expected_views = {**expected_views, **step["views"]}
        for field in record.VIEWS:
            assert after[field] == expected_views[field], \
                f"{where}: field {field} differs at " \
                f"{field}{_first_difference(expected_views[field], after[field])}"
        entries.append(Entry((entries[-1].seq if entries else 0) + 1, step["event"]))
        state = new_state


@pytest.mark.parametrize("game", [g.ID for g in GAMES])
def test_every_recorded_step_replays_identically(game):
    path = _path(game)
    assert path.exists(), f"no corpus for {game}: record it with python -m tests.corpus.record {game}"
    data = record.load(path)
    assert data["format"] == FORMAT and data["game"] == game
    assert data["runs"], f"{game}: the corpus holds no run"
    for run in data["runs"]:
        replay_run(game, run)


def test_the_recorder_writes_the_format_this_test_reads():
    assert record.FORMAT == FORMAT
    assert sorted(p.name for p in record.LOGS.glob("*.json.gz")) == \
        sorted(f"{g.ID}.json.gz" for g in GAMES)


def test_recording_is_deterministic():
    """The same code records the same bytes (a short game, recorded twice)."""
    module = next(g for g in GAMES if g.ID == "gris")
    first = record.record_game(module, runs_limit=2)
    second = record.record_game(module, runs_limit=2)
    assert first == second
    assert first["runs"] == record.load(_path("gris"))["runs"][:2]


def test_a_changed_view_or_refusal_is_reported_with_game_run_step_and_field():
    run = record.load(_path("gris"))["runs"][0]
    accepted = next(i for i, s in enumerate(run["steps"]) if "views" in s)
    tampered = json.loads(json.dumps(run))
    tampered["steps"][accepted]["views"]["is_over"] = "changed"
    with pytest.raises(AssertionError, match=rf"gris, run {run['name']}, step {accepted} "
                                             r".*field is_over differs"):
        replay_run("gris", tampered)
    refused = next(i for i, s in enumerate(run["steps"]) if "refused" in s)
    tampered = json.loads(json.dumps(run))
    tampered["steps"][refused]["refused"]["messages"]["sv"] = "ändrad"
    with pytest.raises(AssertionError, match=rf"step {refused} .*refused\.messages\.sv"):
        replay_run("gris", tampered)
