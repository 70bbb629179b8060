"""A table's log and how state is derived from it (design principle 1).

The log is append-only. Besides the game's own events it holds two kinds of its own:

``{"type": "undo", "target": SEQ}``
    withdraws the event with sequence number SEQ;
``{"type": "correct", "target": SEQ, "event": {...}}``
    replaces what event SEQ said (a later correction of the same event wins).

Neither deletes anything: the original entry stays in the log with who posted it and when,
so a dispute can be replayed. The state is the fold of ``apply`` over the *effective*
events. A correction or undo that would make a later entry illegal is refused, naming that
entry, so the log never holds a history the rules reject.

This module is pure: the API stores entries and snapshots; the command line replays a saved
log file with the same functions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from .errors import EventFormatError, RuleViolation
from .events import parse_event
from .protocol import GameModule, build_options
from .registry import get_game

META_TYPES = ("undo", "correct")
R_LOG = "Protokollet — rättelser"


@dataclass(frozen=True)
class TableSetup:
    game: str
    players: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    first_dealer: int = 0

    @property
    def module(self) -> GameModule:
        return get_game(self.game)

    def new_state(self) -> Any:
        module = self.module
        return module.new(self.players, build_options(module.Options, self.options),
                          self.first_dealer)


@dataclass(frozen=True)
class Entry:
    seq: int
    event: dict[str, Any]


def apply_game_event(setup: TableSetup, state: Any, raw: dict[str, Any]) -> Any:
    module = setup.module
    event = parse_event(module.EVENTS, raw, module.DECK, len(setup.players))
    return module.apply(state, event)


def _meta_error(code: str, params: dict[str, Any], sv: str, en: str,
                **private: Any) -> RuleViolation:
    return RuleViolation(code, rule=R_LOG, params=params, sv=sv, en=en, **private)


def effective_events(entries: Iterable[Entry]) -> list[Entry]:
    """The game events that count, in order, with corrections applied."""
    game_events: dict[int, dict[str, Any]] = {}
    order: list[int] = []
    for entry in entries:
        kind = entry.event.get("type")
        if kind == "undo":
            game_events.pop(entry.event["target"], None)
        elif kind == "correct":
            if entry.event["target"] in game_events:
                game_events[entry.event["target"]] = entry.event["event"]
        else:
            game_events[entry.seq] = entry.event
            order.append(entry.seq)
    return [Entry(seq, game_events[seq]) for seq in order if seq in game_events]


def replay(setup: TableSetup, entries: Iterable[Entry]) -> Any:
    """Rebuild the state from the whole log. Raises if the log holds an illegal history."""
    state = setup.new_state()
    for entry in effective_events(entries):
        try:
            state = apply_game_event(setup, state, entry.event)
        except RuleViolation as violation:
            # A later entry refused for a private card (``rules_engine.secrets``): the
            # change's refusal is as private as that one, with its public wording.
            private = {} if violation.private_to is None else {
                "private_to": violation.private_to,
                "public_sv": f"Händelse {entry.seq} följer inte reglerna efter ändringen: "
                             f"{violation.public_messages['sv']}",
                "public_en": f"Event {entry.seq} breaks the rules after this change: "
                             f"{violation.public_messages['en']}"}
            raise _meta_error(
                "log_breaks_rules", {"seq": entry.seq, "violation": violation.as_dict()},
                f"Händelse {entry.seq} följer inte reglerna efter ändringen: "
                f"{violation.message('sv')}",
                f"Event {entry.seq} breaks the rules after this change: "
                f"{violation.message('en')}", **private) from violation
    return state


def check_meta(entries: list[Entry], event: dict[str, Any]) -> None:
    """Refuse an undo/correct that targets nothing undoable."""
    unknown = sorted(set(event) - ({"type", "target"} | (
        {"event"} if event.get("type") == "correct" else set())))
    target = event.get("target")
    if unknown or not isinstance(target, int) or isinstance(target, bool) or (
            event.get("type") == "correct" and not isinstance(event.get("event"), dict)):
        raise EventFormatError(
            "malformed_event", rule=R_LOG, params={"unknown": unknown},
            sv="En rättelse anger target (händelsens nummer) och, för correct, event.",
            en="A correction gives target (the event's number) and, for correct, event.")
    live = {e.seq for e in effective_events(entries)}
    if target not in live:
        raise _meta_error(
            "nothing_to_correct", {"target": target},
            f"Händelse {target} finns inte eller är redan ångrad.",
            f"Event {target} does not exist or is already undone.")
    if event["type"] == "correct" and event["event"].get("type") in META_TYPES:
        raise _meta_error("nothing_to_correct", {"target": target},
                          "En rättelse ersätter en spelhändelse.",
                          "A correction replaces a game event.")


def apply_entry(setup: TableSetup, state: Any, entries: list[Entry],
                new_event: dict[str, Any]) -> Any:
    """The state after appending ``new_event`` to a log whose state is ``state``.

    A game event is applied to the current state (cheap, O(1) in the log's length); an undo
    or a correction replays the whole effective log (rare, and it must re-check every later
    entry anyway).
    """
    if new_event.get("type") in META_TYPES:
        check_meta(entries, new_event)
        next_seq = (entries[-1].seq if entries else 0) + 1
        if new_event["type"] == "correct":
            module = setup.module
            parse_event(module.EVENTS, new_event["event"], module.DECK, len(setup.players))
        return replay(setup, entries + [Entry(next_seq, new_event)])
    return apply_game_event(setup, state, new_event)
