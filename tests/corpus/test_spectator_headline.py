"""What a spectator reads as the table's headline, in every game (issue #17).

A prompt may tell the players how to enter what happens ("Mata in given kort för kort eller
snabbt."); a spectator, who enters nothing, reads the expectation's ``headline`` instead
(``rules_engine.protocol.told``). Every prompt of every recorded playout (the corpus covers
each game's phases, options and player counts) is read here as a spectator reads it: no
instruction to enter may be left in it, in either language, and a headline is what the
prompt says without the instruction, never something else.
"""

from __future__ import annotations

import gzip
import json
import re

import pytest

from rules_engine.games import rodskagg
from rules_engine.registry import GAMES

from . import record

# The imperative ways the games tell a player to enter something.
INSTRUCTION = {"sv": re.compile(r"\b(mata in|ange|tryck|välj)\b", re.I),
               "en": re.compile(r"\b(enter|tap|choose|select)\b", re.I)}


def _expectations(value):
    if isinstance(value, dict):
        if isinstance(value.get("prompt"), dict) and "inputs" in value:
            yield value
        for item in value.values():
            yield from _expectations(item)
    elif isinstance(value, list):
        for item in value:
            yield from _expectations(item)


@pytest.mark.parametrize("game_id", [g.ID for g in GAMES])
def test_a_spectator_is_never_told_to_enter(game_id):
    path = record.LOGS / f"{game_id}.json.gz"
    with gzip.open(path, "rt", encoding="utf-8") as file:
        log = json.load(file)
    seen = 0
    for expected in _expectations(log):
        seen += 1
        for lang, instruction in INSTRUCTION.items():
            prompt = expected["prompt"][lang]
            headline = (expected.get("headline") or expected["prompt"])[lang]
            assert not instruction.search(headline), (game_id, lang, headline)
            if "headline" in expected:
                assert headline and headline != prompt
                assert instruction.search(prompt), (game_id, lang, prompt)  # kept for players
    assert seen


def test_rodskagg_deal_headline_is_the_prompt_without_its_instruction():
    module = rodskagg
    said = module.expected(module.new(("Anna", "Bo", "Cia", "Dan"), module.Options())).as_dict()
    assert said["prompt"] == {"sv": "Anna ger. Mata in given kort för kort eller snabbt.",
                              "en": "Anna deals. Enter the deal card by card or by quick entry."}
    assert said["headline"] == {"sv": "Anna ger.", "en": "Anna deals."}
