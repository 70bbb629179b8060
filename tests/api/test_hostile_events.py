"""Generated hostile entries for every game and every event type it declares, posted through
the API at meaningful moments of a match.

``test_hostile_inputs.py`` throws junk at every field once, at one moment of each game. A
bad value can reach deeper code only when the rest of the entry is right and the table is in
the phase where the entry belongs (a Skitgubbe ``run`` of no cards once failed inside the
card rules that way). This file takes each game's moments from its recorded corpus
(``tests/corpus/logs``, replayed through the API): right after the table is set up, in the
middle of the first deal, and after the match is over (or, for a game whose runs never end,
as late as a run goes). At each moment and for each event type the game declares
(``EVENTS``, the catalog's ``events``) it takes an entry the engine accepts there when it can
find one (the corpus's next entry, else one drawn from ``expected`` with a fixed seed) and
spoils it one way at a time:

- a card field (``card``/``cards``): no cards, a card twice, a card of no deck or of another
  game's deck, a wrong-type element (a number, null, a nested list, a huge text), more
  cards than the deck holds, the whole deck;
- a whole-number field (``int``): negative, past 2**53 and 10**100 (the API's number guard),
  a fraction, a bool, digits as text, null;
- a seat field: the seat of a player not at the table, -1, a bool, digits as text;
- a list field: empty, elements of the wrong type, too long, numbers out of range;
- every required field missing, an unknown field, every field null; and the entry itself
  in the wrong phase (the moments where it is not expected);
- ``undo`` and ``correct`` with targets that are not entries, and corrections with such
  entries inside.

What is asserted, per answer: never a 5xx; a refusal is the one error shape with the code
the engine gives (``apply_entry``: the same code on both paths, so a code is stable) and
its status (400 for a malformed entry, 422 for a rule), and it wrote nothing at all (SQLite's
``data_version`` stands still: no commit), so the log, the seq and the protokoll are as
before (read again through the API after each moment). A spoilt value that cannot be right (a card
twice, a card of no deck, a seat not at the table, a fraction or a bool or text where a
whole number goes, a negative count, a missing or unknown field, a list longer than the
deck) must be refused; the few spoilt values a game may read (an empty list where the game
reads "none", null for "pass") may be accepted, and then the API must accept it too and
answer it, and the entry is undone so the moment stays the same.

The engine verdict of every variant is computed (fast); the API gets the first variant of
each (event type and field, engine code) in a game, every variant the engine accepts, and a
seeded tenth of the rest: some 4,800 posts over the 22 games.

Also here: every option of every game (from the catalog) set to a wrong value, every first
dealer not at the table, every read of the spec with odd query strings (``?since=-1``,
``?lang=xx``, past 2**63, repeated), and step numbers that are no step.
"""

from __future__ import annotations

import copy
import functools
import itertools
import json
import random
import sqlite3
from dataclasses import dataclass, field
from typing import Any

import pytest

from api import create_app
from rules_engine.cards import FRENCH52
from rules_engine.errors import EventFormatError, RuleViolation
from rules_engine.registry import GAMES, get_game
from rules_engine.table_log import Entry, TableSetup, apply_entry, effective_events
from tests.api.test_hostile_inputs import assert_error_shape, world  # noqa: F401 (fixture)
from tests.conftest import catalog, start_table
from tests.corpus import record

BIG = 2**53 - 1  # the largest integer the API lets through (api.limits)
SAMPLE = 0.1     # the share of repeated (type, field, spoiling, code) variants still posted


# --- the moments ------------------------------------------------------------------------------

@dataclass
class Moment:
    name: str
    setup: TableSetup
    events: list[dict[str, Any]]  # the accepted entries that lead there, as recorded
    following: dict[str, Any] | None  # the entry the run took next (None: the run ends)


def _accepted(run: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    return [(step["event"], step["views"]) for step in run["steps"] if "refused" not in step]


def _setup_of(game_id: str, run: dict[str, Any]) -> TableSetup:
    return TableSetup(game_id, tuple(run["setup"]["players"]), run["setup"]["options"],
                      run["setup"]["first_dealer"])


@functools.cache
def default_runs(game_id: str) -> list[dict[str, Any]]:
    """The corpus's runs of the game with its default options."""
    return [r for r in record.load(record.LOGS / f"{game_id}.json.gz")["runs"]
            if r["name"].startswith("default/")]


@functools.cache
def moments(game_id: str) -> tuple[Moment, ...]:
    """Set up, mid-deal and over (or late) for one game, from its corpus's default runs."""
    runs = default_runs(game_id)
    cards_run = next((r for r in runs if "/cards/" in r["name"]), runs[0])
    steps = _accepted(cards_run)
    # The middle of the first deal: between the entry that opens it and the one that ends it.
    progress = [views.get("deal_in_progress", "same") for _event, views in steps]
    opened = next((i for i, p in enumerate(progress) if p not in (None, "same")), None)
    if opened is None:
        middle = max(1, len(steps) // 3)
    else:
        closed = next((i for i in range(opened + 1, len(steps)) if progress[i] != "same"),
                      len(steps))
        middle = (opened + closed) // 2 + 1

    def moment(name: str, run: dict[str, Any], length: int) -> Moment:
        events = [e for e, _v in _accepted(run)]
        return Moment(name, _setup_of(game_id, run), events[:length],
                      events[length] if length < len(events) else None)

    found = [moment("setup", cards_run, 0), moment("mid-deal", cards_run, middle)]
    # Over: the shortest default run whose match ends; else as late as the longest goes.
    ends = []
    for run in runs:
        accepted = _accepted(run)
        over = next((i for i, (_e, v) in enumerate(accepted) if v.get("is_over") is True),
                    None)
        if over is not None:
            ends.append((over + 1, run))
    if ends:
        length, run = min(ends, key=lambda pair: pair[0])
        found.append(moment("over", run, length))
    else:
        run = max(runs, key=lambda r: len(_accepted(r)))
        found.append(moment("late", run, len(_accepted(run))))
    return tuple(found)


# --- the variants -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Variant:
    label: str           # e.g. "play.card: not in the deck"
    event: Any
    must_refuse: bool    # a value that cannot be right
    api_only: bool = False  # past the API's number guard: the engine never sees it


def _foreign_cards(module: Any) -> list[str]:
    """Cards of another deck, not in this game's (a French card in a tarot-like game and the
    other way round), and words no deck knows."""
    own = {str(c) for c in module.DECK.cards}
    others = [str(c) for g in GAMES for c in g.DECK.cards if str(c) not in own]
    others += [str(c) for c in FRENCH52.cards if str(c) not in own]
    return sorted(set(others))[:1] + ["♠99", "Z9", "🂡"]


def spoilt_values(kind: str, module: Any, n: int) -> list[tuple[str, Any, bool]]:
    """(what, value, must be refused) for a field of ``kind`` at a table of ``n``."""
    deck = [str(c) for c in module.DECK.cards]
    card = deck[0]
    wrong_elements = [("a number in the list", [card, 1]), ("null in the list", [card, None]),
                      ("a nested list", [[card]]), ("a huge text", ["x" * 5000]),
                      ("a bool in the list", [True])]
    if kind == "cards":
        return ([("no cards", [], False), ("no cards as text", "", False),
                 ("a card twice", [card, card], True),
                 ("a card twice in one text", f"{card} {card}", True),
                 ("more cards than the deck", deck + deck[:3], True),
                 ("the whole deck", deck, True),
                 ("null", None, True), ("a number", 7, True), ("an object", {"a": card}, True)]
                + [(f"not in the deck: {c}", [c], True) for c in _foreign_cards(module)]
                + [(what, value, True) for what, value in wrong_elements])
    if kind == "card":
        return ([("no card", "", True), ("two cards", f"{deck[0]} {deck[1]}", True),
                 ("a list", [card], True), ("a number", 1, True), ("null", None, True),
                 ("a huge text", "x" * 5000, True), ("a bool", True, True)]
                + [(f"not in the deck: {c}", c, True) for c in _foreign_cards(module)])
    if kind == "int":
        return [("negative", -1, True), ("zero", 0, False), ("2**53-1", BIG, True),
                ("2**53-1 negative", -BIG, True), ("a fraction", 1.5, True),
                ("a whole fraction", 2.0, True), ("a bool", True, True),
                ("digits as text", "3", True), ("null", None, True), ("a list", [1], True)]
    if kind == "seat":
        return [("a seat not at the table", n, True), ("the last seat of a full table",
                                                        module.MAX_PLAYERS, True),
                ("-1", -1, True), ("a bool", True, True), ("digits as text", "0", True),
                ("a fraction", 0.5, True), ("null", None, True), ("2**53-1", BIG, True),
                ("a list", [0], True)]
    if kind == "seats":
        return [("none", [], False), ("every seat", list(range(n)), False),
                ("a seat not at the table", [n], True), ("-1", [-1], True),
                ("a seat twice", [0, 0], True), ("a bool", [True], True),
                ("digits as text", ["0"], True), ("null", None, True), ("a number", 0, True)]
    if kind == "list":
        return [("empty", [], False), ("nulls", [None] * n, False),
                ("digits as text", ["3"] * n, False), ("one too many", [0] * (n + 1), False),
                ("negative", [-1] * n, True), ("2**53-1", [BIG] * n, True),
                ("fractions", [1.5] * n, True), ("bools", [True] * n, True),
                ("nested lists", [[0]] * n, True), ("huge texts", ["x" * 5000] * n, True),
                ("objects", [{}] * n, True), ("far too long", [0] * 200, True),
                ("a text", "abc", True), ("a number", 3, True), ("an object", {"a": 1}, True)]
    if kind == "value":  # any scalar the game reads (a bid of 3, "pass", null)
        return [("negative", -1, True), ("2**53-1", BIG, True), ("a fraction", 1.5, True),
                ("a bool", True, False), ("digits as text", "3", False),
                ("null", None, False), ("a long word", "x" * 50, True), ("a list", [1], True),
                ("an object", {"a": 1}, True)]
    if kind == "bool":
        return [("a number", 1, True), ("text", "true", True), ("null", None, True)]
    if kind == "str":
        return [("too long", "x" * 501, True), ("null", None, True), ("a number", 0, True)]
    if kind.startswith("choice:"):
        return [("empty", "", True), ("null", None, True), ("a number", 0, True),
                ("another word", "x", True), ("a bool", True, True)]
    raise AssertionError(kind)


def _accepts(setup: TableSetup, state: Any, entries: list[Entry], event: Any) -> bool:
    try:
        apply_entry(setup, state, entries, copy.deepcopy(event))
    except RuleViolation:
        return False
    return True


def base_events(setup: TableSetup, state: Any, entries: list[Entry],
                following: dict[str, Any] | None, seed: str) -> dict[str, dict[str, Any]]:
    """One entry per event type: one the engine accepts now when one is found (the corpus's
    next entry, else drawn from ``expected`` as the corpus recorder draws), else a
    plausible one (refused now: the wrong phase)."""
    module = setup.module
    gen = record.Generator(module, len(setup.players), "cards", random.Random(seed))
    found: dict[str, dict[str, Any]] = {}
    if following is not None and following.get("type") in module.EVENTS:
        found[following["type"]] = following
    drawn: dict[str, dict[str, Any]] = {}
    for _ in range(150):
        try:
            event = gen.event(state)
        except TypeError:  # the recorder's hand-following meets a seat that is a list
            continue
        kind = event.get("type")
        if kind not in module.EVENTS or kind in found:
            continue
        if _accepts(setup, state, entries, event):
            found[kind] = event
        else:
            drawn.setdefault(kind, event)
    for kind, spec in module.EVENTS.items():
        if kind not in found:
            found[kind] = drawn.get(kind) or {
                "type": kind, **{name: gen.value(name, spec_kind, {})
                                 for name, spec_kind in spec.required.items()}}
    return found


def variants(setup: TableSetup, bases: dict[str, dict[str, Any]], live_seqs: list[int],
             last_seq: int) -> list[Variant]:
    module, n = setup.module, len(setup.players)
    out: list[Variant] = []
    for kind, base in bases.items():
        spec = module.EVENTS[kind]
        fields = {**spec.required, **spec.optional}
        out.append(Variant(f"{kind}: as drawn", base, False))
        for name, field_kind in fields.items():
            for what, value, must in spoilt_values(field_kind, module, n):
                out.append(Variant(f"{kind}.{name}: {what}", {**base, name: value}, must))
            if field_kind in ("int", "list", "value", "seat"):
                for huge in (2**63, -(2**63), 10**100):
                    bad = [huge] * n if field_kind == "list" else huge
                    out.append(Variant(f"{kind}.{name}: {huge:.3g}", {**base, name: bad},
                                       True, api_only=True))
        for name in spec.required:
            out.append(Variant(f"{kind}: without {name}",
                               {k: v for k, v in base.items() if k != name}, True))
        if spec.required:
            out.append(Variant(f"{kind}: every field null",
                               {"type": kind, **{k: None for k in spec.required}},
                               any(fields[k] not in ("value", "list") for k in spec.required)))
        out.append(Variant(f"{kind}: an unknown field", {**base, "note_": "x"}, True))
        out.append(Variant(f"{kind}: the type in capitals", {**base, "type": kind.upper()},
                           True))
        out.append(Variant(f"correct with {kind} missing a field",
                           {"type": "correct", "target": live_seqs[-1] if live_seqs else 1,
                            "event": {"type": kind}}, bool(spec.required)))
    target = live_seqs[-1] if live_seqs else 1
    for what, event in [
            ("undo of -1", {"type": "undo", "target": -1}),
            ("undo of 0", {"type": "undo", "target": 0}),
            ("undo past the log", {"type": "undo", "target": last_seq + 1}),
            ("undo of 2**53-1", {"type": "undo", "target": BIG}),
            ("undo with digits as text", {"type": "undo", "target": str(target)}),
            ("undo of a fraction", {"type": "undo", "target": target + 0.0}),
            ("undo of a bool", {"type": "undo", "target": True}),
            ("undo of null", {"type": "undo", "target": None}),
            ("undo without a target", {"type": "undo"}),
            ("undo with an unknown field", {"type": "undo", "target": target, "x": 1}),
            ("correct without an event", {"type": "correct", "target": target}),
            ("correct with null", {"type": "correct", "target": target, "event": None}),
            ("correct with a list", {"type": "correct", "target": target, "event": [1]}),
            ("correct into an undo", {"type": "correct", "target": target,
                                      "event": {"type": "undo", "target": target}}),
            ("correct into a correct", {"type": "correct", "target": target, "event": {
                "type": "correct", "target": target, "event": {"type": "x"}}}),
            ("correct of nothing", {"type": "correct", "target": last_seq + 5,
                                    "event": {"type": "x"}}),
            ("an unknown type", {"type": "x"}), ("no type", {}),
            ("a type of null", {"type": None})]:
        out.append(Variant(what, event, True))
    return out


# --- the test -----------------------------------------------------------------------------------

@dataclass
class Table:
    """A table through the API and the same table in the engine, side by side."""

    handle: Any
    db_path: str
    setup: TableSetup
    state: Any = None
    entries: list[Entry] = field(default_factory=list)

    def __post_init__(self):
        self.watch = sqlite3.connect(self.db_path)

    def post(self, event: Any):
        """Post ``event``: never a 5xx; a refusal is the one error shape and wrote nothing
        at all (SQLite's ``data_version`` moves on every commit by another connection)."""
        handle = self.handle
        version = self.watch.execute("pragma data_version").fetchone()[0]
        response = handle.client.post(
            f"/api/tables/{handle.id}/events", headers=handle.headers,
            json={"based_on": handle.seq, "client_event_id": f"hostile-{next(_ids)}",
                  "event": event})
        where = json.dumps(event, ensure_ascii=False)[:300]
        assert response.status_code < 500, (where, response.data[:500])
        if response.status_code >= 400:
            assert_error_shape(response)
            assert self.watch.execute("pragma data_version").fetchone()[0] == version, \
                f"a refusal wrote to the database: {where}"
        return response

    def accept(self, event: dict[str, Any]) -> None:
        """Post an entry the engine accepts: the API accepts it too."""
        self.state = apply_entry(self.setup, self.state, self.entries, copy.deepcopy(event))
        response = self.post(event)
        assert response.status_code == 201, (event, response.json)
        self.handle.seq = response.json["entry"]["seq"]
        self.entries.append(Entry(self.handle.seq, json.loads(json.dumps(event))))


    def take_back(self, event: dict[str, Any]) -> None:
        """Undo what the last entry did (a correction: correct it back), so that the
        moment stays the same."""
        if event.get("type") != "correct":
            self.accept({"type": "undo", "target": self.handle.seq})
            return
        target = event["target"]
        before = effective_events(self.entries[:-1])
        original = next(e.event for e in before if e.seq == target)
        self.accept({"type": "correct", "target": target, "event": original})


_ids = itertools.count(1)


@pytest.fixture
def server(tmp_path):
    path = str(tmp_path / "hostile.sqlite")
    app = create_app({"DATABASE": path, "WRITE_RATE_LIMIT": 0,
                      "FAILED_ACCESS_LIMIT": 1_000_000,
                      "FAILED_ACCESS_TABLE_LIMIT": 1_000_000})
    return app.test_client(), path


def test_the_catalog_declares_the_events_the_engine_knows(server):
    """The spoilt entries are drawn from the engine's specs; the app draws its forms from
    the catalog. They are the same, so every event type a client can learn of is covered."""
    client, _path = server
    games = catalog(client)
    assert sorted(games) == sorted(g.ID for g in GAMES)
    for game_id, entry in games.items():
        module = get_game(game_id)
        assert entry["events"] == {k: s.as_dict() for k, s in module.EVENTS.items()}


def _entries(log: dict[str, Any]) -> list[tuple[int, Any]]:
    return [(e["seq"], e["event"]) for e in log["events"]]


@pytest.mark.parametrize("game_id", [g.ID for g in GAMES])
def test_every_spoilt_entry_is_refused_cleanly_at_every_moment(server, game_id):
    client, path = server
    module = get_game(game_id)
    rnd = random.Random(f"hostile/{game_id}")
    rule_codes: set[str] = set()  # the game's own refusals reached (422), not only the format
    posted = real_bases = 0
    groups_posted: set[tuple[str, str]] = set()
    table = None
    for moment in moments(game_id):
        setup = moment.setup
        if table is not None and table.setup == setup and \
                [e.event for e in table.entries] == moment.events[:len(table.entries)]:
            # The same match further on (its log is only the corpus's entries so far, so
            # the corpus's undo and correct targets still name the same entries).
            events = moment.events[len(table.entries):]
        else:
            handle = start_table(client, game=game_id, players=list(setup.players),
                                 options=setup.options, first_dealer=setup.first_dealer)
            table = Table(handle, path, setup, setup.new_state())
            events = moment.events
        handle = table.handle
        for event in events:
            table.accept(event)
        if moment.name == "over":
            assert module.is_over(table.state), game_id
        log_before = handle.log()
        view_before = handle.view()
        live = [e.seq for e in effective_events(table.entries)]
        bases = base_events(setup, table.state, table.entries, moment.following,
                            f"{game_id}/{moment.name}")
        real_bases += sum(_accepts(setup, table.state, table.entries, e) for e in bases.values())
        for variant in variants(setup, bases, live, handle.seq):
            where = f"{game_id} {moment.name}: {variant.label}: " \
                    f"{json.dumps(variant.event, ensure_ascii=False)[:300]}"
            if variant.api_only:
                response = table.post(variant.event)
                assert (response.status_code, response.json["code"]) == \
                    (400, "number_too_large"), (where, response.json)
                posted += 1
                continue
            try:
                apply_entry(setup, table.state, table.entries, copy.deepcopy(variant.event))
            except RuleViolation as violation:
                refusal = violation
            except Exception:  # the engine fails: the API's answer says how (a 5xx)
                table.post(variant.event)
                raise
            else:
                refusal = None
            if refusal is None:
                assert not variant.must_refuse, f"accepted: {where}"
                table.accept(variant.event)  # the API takes it and answers it too
                table.take_back(variant.event)
                continue
            assert refusal.rule, where
            # Stable: the same spoiling gets the same code wherever it is sent.
            group = (variant.label.split(":")[0], refusal.code)
            if group in groups_posted and rnd.random() > SAMPLE:
                continue
            groups_posted.add(group)
            response = table.post(variant.event)
            posted += 1
            status = 400 if isinstance(refusal, EventFormatError) else 422
            assert (response.status_code, response.json["code"]) == (status, refusal.code), \
                (where, response.json)
            assert response.json["rule"] == refusal.rule, where
            if status == 422:
                rule_codes.add(refusal.code)
        # Nothing the refusals did shows: the log and the table read as before, undone
        # acceptances aside (they add their two entries to the log and nothing else).
        log_after = handle.log()
        view_after = handle.view()
        assert _entries(log_after)[:len(log_before["events"])] == _entries(log_before)
        assert view_after["protokoll"] == view_before["protokoll"], (game_id, moment.name)
        assert view_after["expected"] == view_before["expected"], (game_id, moment.name)
        assert view_after["over"] == view_before["over"]
        # The log now holds the odd values the game took (undone since): every read of it
        # still answers — the replay step by step, the table at its entries, the CSV.
        for read in ("/steps", f"/at/{handle.seq}", f"/at/{max(0, handle.seq - 1)}",
                     "/protokoll?format=csv&lang=sv", "/protokoll"):
            response = handle.get(read)
            assert response.status_code == 200, (game_id, moment.name, read, response.data[:300])
    # The spoilt entries are spoilt real ones, and they reach the game's rules.
    assert posted > 100 and real_bases >= 2 and rule_codes, (game_id, posted, real_bases)


# --- table set-up: every option of every game ---------------------------------------------------

def _spoilt_options(option: dict[str, Any]) -> list[Any]:
    kind = option["type"]
    if option["choices"]:
        return [v for v in ["", None, 0, -1, 1.5, "x", True, [option["choices"][0]]]
                if not any(v == c and type(v) is type(c) for c in option["choices"])]
    if kind == "bool":
        return [None, 1, "true", []]
    if kind == "int":
        return [1.5, 2.0, -1, True, "3", None, 1_000_001, 2**53 - 1, 2**63, 10**100]
    if kind == "str":
        return [None, 0, [], "x" * 5000]
    return [None, [], {}]


@pytest.mark.parametrize("game_id", [g.ID for g in GAMES])
def test_every_option_of_every_game_refuses_a_wrong_value(server, game_id):
    """A table set up with a wrong value in one option (from the catalog: every option the
    app shows) is refused with ``bad_option`` (or the number guard), and no table is
    written. A fraction once passed for a whole-number option (a stake of 1.5, a match of
    1.5 games), and a negative stake too."""
    client, path = server
    entry = client.get(f"/api/games/{game_id}").json
    watch = sqlite3.connect(path)
    players = [f"P{i}" for i in range(entry["players"]["min"])]
    for option in entry["options"]:
        for value in _spoilt_options(option):
            version = watch.execute("pragma data_version").fetchone()[0]
            response = client.post("/api/tables", json={
                "game": game_id, "players": players, "options": {option["name"]: value}})
            where = (game_id, option["name"], repr(value)[:40])
            assert response.status_code == 400, (where, response.json)
            body = assert_error_shape(response)
            assert body["code"] in ("bad_option", "bad_card_notation", "number_too_large",
                                    "invalid_text",
                                    "text_too_long"), (where, body)
            assert watch.execute("pragma data_version").fetchone()[0] == version, where
    for first_dealer in (len(players), entry["players"]["max"], -1, 11):
        response = client.post("/api/tables", json={"game": game_id, "players": players,
                                                    "first_dealer": first_dealer})
        assert response.status_code in (400, 422), (game_id, first_dealer, response.json)
        assert_error_shape(response)


# --- the read paths: odd query strings and step numbers -----------------------------------------

HOSTILE_QUERY_VALUES = ["-1", "0", "abc", "", "1.5", "9" * 20, str(2**63), str(10**100),
                        "xx", "%00", "%ED%A0%80", "\u0663", "true", "[1]", "x" * 300]


def test_every_read_takes_odd_query_strings_without_a_5xx(world):
    """Every GET of the spec with every parameter it declares, and ones it does not
    (``since``, ``lang``, ``limit``, ``seq``), set to numbers below zero, past 2**63, text,
    repeated: a 4xx in the one error shape or a sane default, never a 5xx."""
    from tests.api.test_hostile_inputs import OPERATIONS, SPEC, Checker, _credentials, _url
    check = Checker(world["client"], world["db"])
    for method, path in OPERATIONS:
        if method != "GET":
            continue
        declared = [p["name"] for p in SPEC["paths"][path]["get"].get("parameters", [])
                    if p.get("in") == "query"]
        url = _url(path, world)
        headers = _credentials(path, world)[0]
        for name in declared + ["since", "lang", "limit", "seq", "round", "format"]:
            for value in HOSTILE_QUERY_VALUES:
                check.send("GET", f"{url}?{name}={value}", headers=headers)
            check.send("GET", f"{url}?{name}=1&{name}=-1&{name}=abc", headers=headers)
            check.send("GET", f"{url}?{name}", headers=headers)
        check.send("GET", f"{url}?lang=xx&format=csv&dialect=xx", headers=headers)
    lang = check.send("GET", f"/api/tables/{world['table'].id}/protokoll?lang=xx",
                      headers=world["table"].headers)
    assert (lang.status_code, lang.json["code"]) == (400, "invalid_request")


def test_a_step_number_that_is_no_step_is_refused(world):
    """``GET /api/tables/{id}/at/{seq}``: below zero, text, a fraction, digits of other
    scripts and numbers past 2**63 are 400 ``seq_invalid``; a step past the log 404."""
    from tests.api.test_hostile_inputs import Checker
    table, check = world["table"], Checker(world["client"], world["db"])
    for seq in ("-1", "abc", "1.5", "\u0663", "\u00b9", "1e3", " 1", "0x1", str(10**100),
                "9" * 5000, "%00", "%ED%A0%80"):
        response = check.send("GET", f"/api/tables/{table.id}/at/{seq}", headers=table.headers)
        assert response.status_code in (400, 404, 414), (seq, response.json)
    for seq in (str(2**63), "999999999999"):
        response = check.send("GET", f"/api/tables/{table.id}/at/{seq}", headers=table.headers)
        assert response.status_code in (400, 404), (seq, response.json)
