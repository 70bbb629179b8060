"""The engine speaks Swedish to players: no English, no raw values, no "han" for a player.

Issue "The table on the phone", item 6. For every game, seeded random playouts (the event
generator of ``test_random_events``, kept drawing until an entry is accepted, so that the
runs reach deep into a match) walk the states a table goes through; every Swedish word the
engine produces on the way is checked: the prompt of what comes next, the help of each input,
each protokoll row's label, each finding, and the message of every refusal met on the way.
The catalog's Swedish texts (events, options, rule summaries) are checked once per game.

What must not stand in them:

- English words that leaked before ("the", "and", "points", "holds", "to beat", "marriage",
  "side 0") and "trick" outside whist (where "trick" is the Swedish word for a trick over
  six);
- raw values: "None", "null", "undefined", "True"/"False", identifiers with underscores;
- "han", "hans", "honom" for a player (the name or a neutral word instead), and the
  old-fashioned "samme" (it is "samma giv", "samma spelare");
- number agreement broken by "1 ...ar"/"1 ...er" plurals ("1 turneringar", "1 poänger").

The English texts beside them are read on the same walk for one thing: "he", "his", "him"
or "himself" of a player (the name, "they/their" or "the player" instead).
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from rules_engine.errors import EventFormatError, RuleViolation
from rules_engine.registry import GAMES, catalog_entry
from rules_engine.table_log import TableSetup, apply_game_event
from tests.properties.test_random_events import _accepted, _event

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun", "Ivar")
SEEDS = (1, 2, 3)
STEPS = 400

ENGLISH = re.compile(r"\b(the|and|points?|holds|to beat|marriage|side \d|player|dealer|"
                     r"None|null|undefined|True|False|NaN)\b")
TRICK = re.compile(r"\btricks?\b")
HE = re.compile(r"\b(han|hans|honom)\b")  # lower case: names are capitalised
OLD = re.compile(r"\b(samme|siste|förste|näste)\b")
RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")
ONE_PLURAL = re.compile(r"(?<![\d,.])\b1 (turneringar|spelare\w+|poänger|stickar|givar)\b")
HE_EN = re.compile(r"\b(he|his|him|himself)\b", re.I)


def english_problems(text: str) -> list[str]:
    """"he/his/him" in one English text (a value the entry carried, quoted back, aside)."""
    text = re.sub(r"“[^”]*”", "“…”", text)
    return [text[max(0, m.start() - 25):m.end() + 25] for m in HE_EN.finditer(text)]


def problems(text: str, whist: bool) -> list[str]:
    """What is wrong with one Swedish text, as short quotes around each find. A value the
    entry itself carried is quoted back (”True” är inget bud) and not judged."""
    text = re.sub(r"”[^”]*”", "”…”", text)
    found = []
    patterns = [ENGLISH, HE, OLD, RAW_ID, ONE_PLURAL]
    if not whist:
        patterns.append(TRICK)
    for pattern in patterns:
        for m in pattern.finditer(text):
            found.append(text[max(0, m.start() - 25):m.end() + 25])
    return found


def _whist(game) -> bool:
    """Whist's family, where "trick" is the Swedish word for a trick over six."""
    return "whist" in game.__name__ or game.ID in ("fyrtioett", "priffe")


def _swedish_texts(value, lang: str = "sv"):
    """Every Swedish text in a JSON-like value: the ``sv`` members and ``*_sv`` fields (or
    the English ones, ``lang="en"``)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if (key == lang or key.endswith(f"_{lang}")) and isinstance(item, str):
                yield item
            else:
                yield from _swedish_texts(item, lang)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _swedish_texts(item, lang)


def _english_state_texts(game, state):
    expected = game.expected(state)
    yield "prompt", expected.prompt_en
    for text in _swedish_texts(expected.as_dict(), "en"):
        yield "expected", text
    for row in game.sheet(state).rows:
        yield "sheet row", row.label_en
    for finding in game.findings(state):
        for text in _swedish_texts(finding.as_dict(), "en"):
            yield "finding", text


def _state_texts(game, state):
    expected = game.expected(state)
    yield "prompt", expected.prompt_sv
    for text in _swedish_texts(expected.as_dict()):
        yield "expected", text
    for row in game.sheet(state).rows:
        yield "sheet row", row.label_sv
    for finding in game.findings(state):
        for text in _swedish_texts(finding.as_dict()):
            yield "finding", text


@pytest.mark.parametrize("game", GAMES, ids=[g.ID for g in GAMES])
def test_the_catalog_speaks_swedish(game):
    bad = [(text, p) for text in _swedish_texts(catalog_entry(game))
           for p in problems(text, _whist(game))]
    bad += [(text, p) for text in _swedish_texts(catalog_entry(game), "en")
            for p in english_problems(text)]
    assert not bad, bad


@pytest.mark.parametrize("game", GAMES, ids=[g.ID for g in GAMES])
def test_prompts_rows_findings_and_refusals_speak_swedish(game):
    bad: dict[str, str] = {}
    for seed in SEEDS:
        rnd = random.Random(seed)
        n = game.MIN_PLAYERS + seed % (game.MAX_PLAYERS - game.MIN_PLAYERS + 1)
        setup = TableSetup(game.ID, NAMES[:n], first_dealer=seed % n)
        state = setup.new_state()
        seen: set[str] = set()
        for _ in range(STEPS):
            for where, text in _state_texts(game, state):
                if text not in seen:
                    seen.add(text)
                    for p in problems(text, _whist(game)):
                        bad.setdefault(p, f"{where}: {text}")
            for where, text in _english_state_texts(game, state):
                if text not in seen:
                    seen.add(text)
                    for p in english_problems(text):
                        bad.setdefault(p, f"{where} (en): {text}")
            event = _event(rnd, game, state, n)
            for _attempt in range(40):
                if _accepted(setup, state, event):
                    break
                try:
                    apply_game_event(setup, state, event)
                except EventFormatError:
                    pass  # a malformed request (no phone sends one): the API's words
                except RuleViolation as refusal:
                    for text in {refusal.messages["sv"], refusal.public_messages["sv"]}:
                        for p in problems(text or "", _whist(game)):
                            bad.setdefault(p, f"refusal {refusal.code}: {text}")
                    for text in {refusal.messages["en"], refusal.public_messages["en"]}:
                        for p in english_problems(text or ""):
                            bad.setdefault(p, f"refusal {refusal.code} (en): {text}")
                event = _event(rnd, game, state, n)
            try:
                state = apply_game_event(setup, state, event)
            except RuleViolation:
                continue
            if game.is_over(state):
                break
    assert not bad, "\n".join(f"{p!r} in {where}" for p, where in bad.items())


# The app's own Swedish words: the `sv` block of each word file and every {sv: "…"} pair.
PWA = Path(__file__).resolve().parents[2] / "pwa"
WORD_FILES = ("js/i18n.js", "js/sheet-words.js", "tournament/words.js", "js/vocab.js")


def _pwa_swedish(text: str) -> list[str]:
    block = re.search(r"^  sv: \{\n(.*?)^  \},\n  en: \{", text, re.S | re.M)
    strings = re.findall(r'"((?:[^"\\]|\\.)*)"|`([^`]*)`', block.group(1)) if block else []
    pairs = re.findall(r'\bsv: "((?:[^"\\]|\\.)*)"', text)
    return [re.sub(r"\$?\{\w+\}", "…", a or b) for a, b in strings] + pairs


@pytest.mark.parametrize("name", WORD_FILES)
def test_the_apps_own_swedish_words(name):
    texts = _pwa_swedish((PWA / name).read_text(encoding="utf-8"))
    assert texts
    bad = [(text, p) for text in texts if not RAW_ID.fullmatch(text)  # keys such as "sv"
           for p in problems(text, whist=False) + (["(er)"] if "(er)" in text else [])]
    assert not bad, bad


def _pwa_english(text: str) -> list[str]:
    block = re.search(r"^  en: \{\n(.*?)^  \},?\n\};", text, re.S | re.M)
    strings = re.findall(r'"((?:[^"\\]|\\.)*)"|`([^`]*)`', block.group(1)) if block else []
    pairs = re.findall(r'\ben: "((?:[^"\\]|\\.)*)"', text)
    return [a or b for a, b in strings] + pairs


@pytest.mark.parametrize("name", WORD_FILES)
def test_the_apps_own_english_words_say_no_he(name):
    texts = _pwa_english((PWA / name).read_text(encoding="utf-8"))
    assert texts
    bad = [(text, p) for text in texts for p in english_problems(text)]
    assert not bad, bad


def _docstrings(tree: ast.AST) -> set[int]:
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}


ENGINE = Path(__file__).resolve().parents[2] / "rules_engine"


@pytest.mark.parametrize("path", sorted(ENGINE.rglob("*.py")), ids=lambda p: p.name)
def test_no_engine_string_says_he_of_a_player(path):
    """Every string the engine may show (not docstrings, which are the code's own English):
    refusals a playout never meets too. The Swedish have no "he", "his" or "him" words."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    bad = [(node.lineno, p) for node in ast.walk(tree)
           if isinstance(node, ast.Constant) and isinstance(node.value, str)
           and id(node) not in docs for p in english_problems(node.value)]
    assert not bad, bad
