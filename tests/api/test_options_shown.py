"""A table view's options, built once per process for each game and set of options
(``store.options_shown``, issue 16), are what ``build_options`` builds: for every game, with
every set of options its recorded runs were played with, and through the API (a table
created with options, its post's answer and its read)."""

from __future__ import annotations

import gzip
import json

import pytest

from api import store
from rules_engine.protocol import build_options
from rules_engine.registry import get_game
from tests.corpus.record import LOGS

GAMES = sorted(path.name.split(".")[0] for path in LOGS.glob("*.json.gz"))


def _option_sets(game: str) -> list[dict]:
    with gzip.open(LOGS / f"{game}.json.gz") as file:
        runs = json.load(file)["runs"]
    return list({json.dumps(r["setup"]["options"], sort_keys=True): r["setup"]["options"]
                 for r in runs}.values())


@pytest.mark.parametrize("game", GAMES)
def test_the_options_shown_are_those_built(game):
    sets = _option_sets(game)
    assert {} in sets and len(sets) > 1
    for options in sets:
        built = build_options(get_game(game).Options, options).__dict__
        for _ in range(2):  # built, then kept
            shown = store.options_shown(game, options)
            assert shown == built and list(shown) == list(built)
            assert type(shown) is dict and shown is not built
            shown.clear()  # a copy: what a caller does with it is not kept


def test_a_table_shows_its_options_in_every_answer(client):
    created = client.post("/api/tables", json={
        "game": "rodskagg", "players": ["Anna", "Bo", "Cia"],
        "options": {"exact_zero": True}}).json
    shown = build_options(get_game("rodskagg").Options, {"exact_zero": True}).__dict__
    assert created["table"]["options"] == shown and shown["exact_zero"] is True
    posted = client.post(f"/api/tables/{created['id']}/events", json={
        "based_on": 0, "client_event_id": "o1", "event": {"type": "deal"}},
        headers={"Authorization": f"Bearer {created['token']}"})
    assert posted.status_code == 201, posted.json
    assert posted.json["table"]["options"] == shown
    assert client.get(f"/api/tables/{created['id']}", headers={
        "Authorization": f"Bearer {created['token']}"}).json["options"] == shown
    other = client.post("/api/tables", json={"game": "rodskagg",
                                             "players": ["Anna", "Bo", "Cia"]}).json
    assert other["table"]["options"]["exact_zero"] is False

