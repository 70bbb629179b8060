"""Record the corpus: seeded playouts of every game with what the engine said at every step.

Run ``python -m tests.corpus.record [game_id ...]`` (all games when none is named). Each game
gets ``tests/corpus/logs/<game_id>.json.gz``; ``tests/corpus/test_corpus.py`` replays every
log and demands the very same outcome and views at every step.

The corpus pins behaviour for refactors (issue #18): re-record ONLY when behaviour is meant to
change, in the same commit, saying why. Never re-record to make a refactor pass.

A run is one table: a game, a player count, a first dealer, one set of options (the defaults,
or one option changed at a time) and an entry path:

- ``cards``: the table enters the play card by card (``play``) or trick by trick, never the
  deal's result at once;
- ``quick``: the table enters each deal's result at once (``result``) whenever the game
  offers it.

Events come from a seeded generator that reads ``expected`` (what the game asks for next, with
its hints) the way a phone does and keeps drawing until an entry is accepted, so that runs
reach deep into a match. Between them it mixes in probes that are often refused (junk, the
wrong seat, a card already played, an unknown type), hand entries (the PRIVATE kind),
``undo`` of the last entry and ``correct`` of an earlier one (accepted or refused: either is
recorded), exactly as ``rules_engine.table_log.apply_entry`` takes them from the API.

At every step the log holds the raw event and its outcome: ``"ok"`` and the views that changed
(``sheet``, ``findings``, ``expected``, ``describe``, ``is_over``, ``result``,
``deal_in_progress``), or the refusal with its code, rule, params, sv/en words, private seat
and public words. Output is deterministic (fixed seeds, sorted keys, no timestamp in the
gzip header), so recording twice on unchanged code gives identical bytes.
"""

from __future__ import annotations

import gzip
import io
import json
import random
import sys
from pathlib import Path
from typing import Any

from rules_engine.errors import EventFormatError, RuleViolation
from rules_engine.protocol import options_catalog
from rules_engine.registry import GAMES, get_game
from rules_engine.table_log import META_TYPES, Entry, TableSetup, apply_entry

FORMAT = 1
LOGS = Path(__file__).parent / "logs"

# How long a run goes (accepted entries, meta entries included) and how hard the generator
# tries to find an accepted entry before it records a refusal instead.
MAX_ACCEPTED = {"cards": 160, "quick": 90}
ATTEMPTS = 60
SEEDS = (1, 2)

# Side entries (a misdeal, a called breach) that would swamp a run if drawn as often as play.
RARE = frozenset({"misdeal", "fem_opp", "trumfmant_breach", "fjont", "stop"})

# Totals a quick entry must make that ``expected`` does not state (Kom ihåg: 52 cards).
TOTALS = {("kom_ihag", "pairs"): 26, ("priffe", "tricks"): 13, ("priffe", "honours"): 4,
          ("fjabbe", "tricks"): 10}

VIEWS = ("sheet", "findings", "expected", "describe", "is_over", "result",
         "deal_in_progress")


# ---------------------------------------------------------------- views and outcomes

def _plain(value: Any) -> Any:
    """The JSON form of a view: what the API would send (keys as strings, tuples as lists)."""
    return json.loads(json.dumps(value, ensure_ascii=False, sort_keys=True))


def finding_dict(finding: Any) -> dict[str, Any]:
    return {**finding.as_dict(), "private_to": finding.private_to,
            "public": {"sv": finding.public_sv, "en": finding.public_en}}


def refusal_dict(violation: RuleViolation) -> dict[str, Any]:
    return _plain({**violation.as_dict(),
                   "format_error": isinstance(violation, EventFormatError),
                   "private_to": violation.private_to,
                   "public": dict(violation.public_messages)})


def views(module: Any, state: Any) -> dict[str, Any]:
    """Everything the engine says about a state, in JSON form."""
    deal_in_progress = getattr(module, "deal_in_progress", None)
    return _plain({
        "sheet": module.sheet(state).as_dict(),
        "findings": [finding_dict(f) for f in module.findings(state)],
        "expected": module.expected(state).as_dict(),
        "describe": module.describe(state),
        "is_over": module.is_over(state),
        "result": module.result(state),
        "deal_in_progress": None if deal_in_progress is None else deal_in_progress(state),
    })


def step(setup: TableSetup, state: Any, entries: list[Entry],
         event: dict[str, Any]) -> tuple[Any, dict[str, Any] | None, dict[str, Any] | None]:
    """Post one event as the API does: (new state or None, refusal, views)."""
    try:
        new_state = apply_entry(setup, state, entries, event)
    except RuleViolation as violation:
        return None, refusal_dict(violation), None
    return new_state, None, views(setup.module, new_state)


def delta(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The views that changed (a log stores only these, to stay small)."""
    return {key: after[key] for key in VIEWS if before.get(key, _MISSING) != after[key]}


_MISSING = object()


# ---------------------------------------------------------------- the event generator

def _junk(rnd: random.Random) -> Any:
    return rnd.choice([None, True, -1, 99, "", "x", "♠99", [1, "a"], {"a": 1}, 2.5])


def _split(rnd: random.Random, total: int, parts: int, allowed: list[Any]) -> list[int]:
    """``parts`` numbers from ``allowed`` that add up to ``total`` (when they can)."""
    values = [0] * parts
    top = max((a for a in allowed if isinstance(a, int) and not isinstance(a, bool)),
              default=total)
    for _ in range(total):
        open_ = [i for i in range(parts) if values[i] < top]
        if not open_:
            break
        values[rnd.choice(open_)] += 1
    return values


class Generator:
    """Plausible events for one table, drawn from ``expected`` and a seeded ``Random``."""

    def __init__(self, module: Any, n: int, mode: str, rnd: random.Random):
        self.module, self.n, self.mode, self.rnd = module, n, mode, rnd
        self.cards = list(module.DECK.cards)
        # The hands the table entered in this deal (seat -> cards not yet played), so that
        # play can come from them: a phone's player plays what he holds.
        self.hands: dict[int, list[str]] = {}

    def seen(self, event: dict[str, Any], new_deal: bool) -> None:
        """Follow an accepted entry: a new deal forgets the hands, a hand is remembered,
        a played card leaves its hand."""
        if new_deal:
            self.hands = {}
        seat, kind = event.get("seat"), event.get("type")
        if kind == "hand" and isinstance(event.get("cards"), list):
            self.hands[seat] = list(event["cards"])
        elif kind in ("play", "vaga") and event.get("card") in self.hands.get(seat, ()):
            self.hands[seat].remove(event["card"])

    def weight(self, kind: str, hands_offered: int) -> float:
        if kind in RARE:
            return 0.05
        if kind in ("claim", "close"):
            return 0.15
        if kind == "result":
            return 30.0 if self.mode == "quick" else 0.0
        if kind == "hand":
            return 0.4 / hands_offered
        if kind in ("play", "trick", "run") and self.mode == "quick":
            return 0.05
        if kind == "trick":
            return 0.3
        return 1.0

    def choose(self, inputs: list[Any]) -> Any:
        hands_offered = sum(1 for i in inputs if i.type == "hand") or 1
        weights = [self.weight(i.type, hands_offered) for i in inputs]
        if not inputs:
            return None
        if sum(weights) == 0:
            return self.rnd.choice(inputs)
        return self.rnd.choices(inputs, weights)[0]

    def value(self, name: str, kind: str, hints: dict[str, Any],
              seat: Any = None) -> Any:
        rnd, n = self.rnd, self.n
        if rnd.random() < 0.01:
            return _junk(rnd)
        hint = hints.get(name)
        if kind == "list":
            per = (hints.get("per") or {}).get(name)
            sides = hints.get("sides")
            parts = len(sides) if per == "side" and sides else (
                rnd.choice([2, n]) if per == "side" else n)
            if per is None and not sides and rnd.random() < 0.3:
                parts = 2
            total = (hints.get("total") or {}).get(name, TOTALS.get((self.module.ID, name)))
            if isinstance(hint, list) and hint:
                if isinstance(total, int) and all(
                        isinstance(a, int) and not isinstance(a, bool) for a in hint):
                    return _split(rnd, total, parts, hint)
                passes = [h for h in hint if h in ("pass", "smyga")]
                return [passes[0] if passes and rnd.random() < 0.5 else rnd.choice(hint)
                        for _ in range(parts)]
            if not isinstance(total, int):
                total = rnd.choice([rnd.randint(0, 3) * parts, rnd.randint(20, 130)])
            return _split(rnd, total, parts, [total])
        if isinstance(hint, list) and hint and kind != "cards" and kind != "seats":
            return rnd.choice(hint)
        if kind == "seat":
            return rnd.randrange(n)
        if kind == "seats":
            if isinstance(hint, list) and hint and all(isinstance(h, int) for h in hint):
                order = list(hint)
                rnd.shuffle(order)
                return order
            return rnd.sample(range(n), rnd.randint(0, n))
        if kind == "card" and self.hands.get(seat) and rnd.random() < 0.85:
            led = hints.get("led_suit")
            hand = self.hands[seat]
            suited = [c for c in hand if c.startswith(str(led))] if led else []
            return rnd.choice(suited if suited and rnd.random() < 0.8 else hand)
        if kind == "card":
            led = hints.get("led_suit")
            suited = [c for c in self.cards if c.suit == led]
            return str(rnd.choice(suited if suited and rnd.random() < 0.6 else self.cards))
        if kind == "cards":
            if isinstance(hint, list) and hint:
                return [str(c) for c in rnd.sample(hint, min(len(hint), rnd.randint(1, 4)))]
            count = hint if isinstance(hint, int) else hints.get("count")
            count = count if isinstance(count, int) and 0 < count <= len(self.cards) \
                else rnd.randint(1, 6)
            return [str(c) for c in rnd.sample(self.cards, count)]
        if kind == "bool":
            return rnd.random() < 0.5
        if kind == "int":
            return rnd.randint(0, 3) if rnd.random() < 0.7 else rnd.randint(0, 100)
        if kind.startswith("choice:"):
            return rnd.choice(kind.split(":", 1)[1].split("|"))
        if kind == "str":
            return rnd.choice(["", "anteckning"])
        return rnd.choice([0, 1, 2, 3, 4, 5, 6, 7, "smyga", "pass", "x"])

    def event(self, state: Any, *, probe: bool = False) -> dict[str, Any]:
        """An event: from what is expected (``probe``: sometimes anything at all)."""
        rnd, module = self.rnd, self.module
        inputs = list(module.expected(state).inputs)
        expectation = self.choose(inputs) if inputs and (not probe or rnd.random() < 0.7) \
            else None
        kind_name = expectation.type if expectation else rnd.choice(
            sorted(module.EVENTS) + ["?"])
        event: dict[str, Any] = {"type": kind_name}
        spec = module.EVENTS.get(kind_name)
        if spec is None:
            return event
        hints = dict(expectation.fields) if expectation else {}
        for name, kind in {**spec.required, **spec.optional}.items():
            if name in spec.optional and rnd.random() < (0.2 if name in hints else 0.6):
                continue
            if name == "seat" and expectation is not None and expectation.seat is not None:
                event[name] = expectation.seat
                if probe and rnd.random() < 0.3:
                    event[name] = (expectation.seat + 1) % self.n  # out of turn
                continue
            if expectation is not None and expectation.choices and kind in ("value", "bool"):
                hints.setdefault(name, list(expectation.choices))
            event[name] = self.value(name, kind, hints, event.get("seat"))
        if probe and rnd.random() < 0.05:
            event["unexpected_field"] = 1
        return event

    def mutate(self, event: dict[str, Any]) -> dict[str, Any]:
        """The same event with one field drawn again (for a correction)."""
        spec = self.module.EVENTS.get(event.get("type"))
        changed = dict(event)
        if spec is None:
            return changed
        names = sorted(n for n in {**spec.required, **spec.optional} if n in event)
        if names:
            name = self.rnd.choice(names)
            kind = {**spec.required, **spec.optional}[name]
            changed[name] = self.value(name, kind, {})
        return changed


# ---------------------------------------------------------------- runs

class Run:
    """One table being recorded."""

    def __init__(self, name: str, setup: TableSetup, mode: str, seed: int):
        self.name, self.setup, self.mode = name, setup, mode
        self.module = setup.module
        self.rnd = random.Random(f"{setup.game}/{name}/{seed}")
        self.gen = Generator(self.module, len(setup.players), mode, self.rnd)
        self.state = setup.new_state()
        self.entries: list[Entry] = []
        self.steps: list[dict[str, Any]] = []
        self.last = views(self.module, self.state)

    def post(self, event: dict[str, Any]) -> bool:
        new_state, refusal, after = step(self.setup, self.state, self.entries, event)
        if refusal is not None:
            self.steps.append({"event": _plain(event), "refused": refusal})
            return False
        self.entries.append(Entry((self.entries[-1].seq if self.entries else 0) + 1,
                                  _plain(event)))
        self.gen.seen(event, after["deal_in_progress"] != self.last["deal_in_progress"])
        self.state = new_state
        self.steps.append({"event": _plain(event), "views": delta(self.last, after)})
        self.last = after
        return True

    def accepts(self, event: dict[str, Any]) -> bool:
        try:
            apply_entry(self.setup, self.state, self.entries, event)
        except RuleViolation:
            return False
        return True

    def live(self) -> list[Entry]:
        from rules_engine.table_log import effective_events
        return effective_events(self.entries)

    def meta(self) -> None:
        """An undo or a correction (or a bad one)."""
        rnd = self.rnd
        live = self.live()
        roll = rnd.random()
        if not live or roll < 0.08:
            self.post(rnd.choice([
                {"type": "undo", "target": 9999},
                {"type": "undo"},
                {"type": "correct", "target": live[-1].seq if live else 1,
                 "event": {"type": "undo", "target": 1}},
                {"type": "undo", "target": "1"},
            ]))
        elif roll < 0.5:
            self.post({"type": "undo", "target": live[-1].seq})
        elif roll < 0.6:
            target = rnd.choice(live[-8:])
            self.post({"type": "correct", "target": target.seq, "event": dict(target.event)})
        else:
            target = rnd.choice(live[-12:])
            self.post({"type": "correct", "target": target.seq,
                       "event": self.gen.mutate(target.event)})

    def play(self) -> None:
        rnd, module = self.rnd, self.module
        limit = MAX_ACCEPTED[self.mode]
        while len(self.entries) < limit and not module.is_over(self.state):
            roll = rnd.random()
            if roll < 0.05 and self.entries:
                self.meta()
                continue
            if roll < 0.16:
                self.post(self.gen.event(self.state, probe=True))
                continue
            for _attempt in range(ATTEMPTS):
                event = self.gen.event(self.state)
                if self.accepts(event):
                    break
            else:
                # Nothing found: record the last refusal and try a whole new direction.
                self.post(event)
                if not self.steps or "refused" in self.steps[-1]:
                    if sum(1 for s in self.steps[-20:] if "refused" in s) >= 15:
                        break
                continue
            self.post(event)

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "mode": self.mode,
                "setup": {"players": list(self.setup.players),
                          "options": _plain(self.setup.options),
                          "first_dealer": self.setup.first_dealer},
                "steps": self.steps}


def option_variants(module: Any) -> list[tuple[str, dict[str, Any]]]:
    """The defaults, then each option changed alone (each other choice, bool flipped,
    a number without choices doubled)."""
    variants: list[tuple[str, dict[str, Any]]] = [("default", {})]
    for option in options_catalog(module.Options):
        name, default = option["name"], option["default"]
        if isinstance(default, bool):
            others = [not default]
        elif option["choices"]:
            others = [c for c in option["choices"] if c != default]
        elif isinstance(default, int):
            others = [default * 2 if default else 1]
        elif isinstance(default, str):
            others = []  # free text (Kom ihåg's left_out): no sensible other value
        else:
            others = []
        if len(others) > 3:
            others = [others[0], others[len(others) // 2], others[-1]]
        for other in others:
            variants.append((f"{name}={other}", {name: other}))
    return variants


def player_counts(module: Any) -> list[int]:
    low, high = module.MIN_PLAYERS, module.MAX_PLAYERS
    return sorted({low, (low + high) // 2, high})


def record_game(module: Any, runs_limit: int | None = None) -> dict[str, Any]:
    """All runs of one game (only the first ``runs_limit``, for the determinism test)."""
    runs: list[dict[str, Any]] = []
    counts = player_counts(module)
    for index, (label, options) in enumerate(option_variants(module)):
        if label == "default":
            plan = [(n, seed) for n in counts for seed in SEEDS]
        else:
            plan = [(counts[index % len(counts)], SEEDS[0])]
        for n, seed in plan:
            for mode in ("cards", "quick"):
                dealer = (seed + n) % n
                setup = TableSetup(module.ID, tuple(f"P{i}" for i in range(n)), options,
                                   dealer)
                run = Run(f"{label}/{n}p/{mode}/s{seed}", setup, mode, seed)
                if runs_limit is not None and len(runs) >= runs_limit:
                    break
                run.play()
                runs.append(run.as_dict())
    return {"format": FORMAT, "game": module.ID, "runs": runs}


def write(game_id: str, data: dict[str, Any]) -> Path:
    LOGS.mkdir(parents=True, exist_ok=True)
    path = LOGS / f"{game_id}.json.gz"
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0,
                       compresslevel=9) as out:
        out.write(text.encode("utf-8"))
    path.write_bytes(buffer.getvalue())
    return path


def load(path: Path) -> dict[str, Any]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return json.load(f)


def main(argv: list[str]) -> None:
    games = [get_game(name) for name in argv] if argv else list(GAMES)
    for module in games:
        data = record_game(module)
        path = write(module.ID, data)
        steps = sum(len(r["steps"]) for r in data["runs"])
        print(f"{module.ID}: {len(data['runs'])} runs, {steps} steps, "
              f"{path.stat().st_size} bytes", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
