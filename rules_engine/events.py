"""Checking the shape of an event before the rules look at it.

Each game module declares, per event type, which fields the event has and of what kind.
``parse_event`` refuses unknown types, unknown fields, missing fields and wrong kinds with an
``EventFormatError`` (HTTP 400) and returns the event with cards parsed, so that the game's
``apply`` only deals with rules. Field kinds:

``seat``   an integer seat number of this table
``seats``  a list of seat numbers
``card``   one card in the deck's notation
``cards``  a list of cards (or one string of cards separated by spaces/commas)
``bool``, ``int``, ``str``, ``list``
``value``  any JSON scalar (the game interprets it, e.g. a bid of ``3`` or ``"smyga"``)
``choice:<a>|<b>|...``  one of the listed strings
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Collection

from .cards import Deck
from .errors import EventFormatError


@dataclass(frozen=True)
class EventSpec:
    required: dict[str, str] = field(default_factory=dict)
    optional: dict[str, str] = field(default_factory=dict)
    help_sv: str = ""
    help_en: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"required": dict(self.required), "optional": dict(self.optional),
                "help": {"sv": self.help_sv, "en": self.help_en}}


def _format_error(code: str, params: dict[str, Any], sv: str, en: str) -> EventFormatError:
    return EventFormatError(code, rule="Inmatning", params=params, sv=sv, en=en)


def parse_event(specs: dict[str, EventSpec], event: Any, deck: Deck,
                n_seats: int) -> dict[str, Any]:
    if not isinstance(event, dict):
        raise _format_error("malformed_event", {}, "Händelsen måste vara ett objekt.",
                            "The event must be an object.")
    kind = event.get("type")
    if not isinstance(kind, str):  # a list or an object cannot even be looked up
        raise _format_error(
            "unknown_event_type", {"type": None, "known": sorted(specs)},
            "Händelsetypen ska vara en text, t.ex. \"deal\".",
            "The event type must be a text, such as \"deal\".")
    if kind not in specs:
        raise _format_error(
            "unknown_event_type", {"type": kind, "known": sorted(specs)},
            f"Okänd händelsetyp: {kind!r}.", f"Unknown event type: {kind!r}.")
    spec = specs[kind]
    allowed = {"type", *spec.required, *spec.optional}
    unknown = sorted(set(event) - allowed)
    if unknown:
        raise _format_error(
            "unknown_field", {"type": kind, "unknown": unknown, "allowed": sorted(allowed)},
            f"Okänt fält i {kind}: {', '.join(unknown)}.",
            f"Unknown field in {kind}: {', '.join(unknown)}.")
    missing = sorted(name for name in spec.required if name not in event)
    if missing:
        raise _format_error(
            "missing_field", {"type": kind, "missing": missing},
            f"Fält saknas i {kind}: {', '.join(missing)}.",
            f"Missing field in {kind}: {', '.join(missing)}.")
    parsed: dict[str, Any] = {"type": kind}
    for name, value in event.items():
        if name == "type":
            continue
        kind_of = spec.required.get(name) or spec.optional[name]
        parsed[name] = _convert(kind, name, kind_of, value, deck, n_seats)
    return parsed


def _convert(event_type: str, name: str, kind: str, value: Any, deck: Deck,
             n_seats: int) -> Any:
    def wrong(expected_en: str, expected_sv: str) -> EventFormatError:
        return _format_error(
            "bad_field", {"type": event_type, "field": name, "expected": kind},
            f"Fältet {name} ska vara {expected_sv}.", f"Field {name} must be {expected_en}.")

    def is_int(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    if kind == "seat":
        if not is_int(value) or not 0 <= value < n_seats:
            raise wrong(f"a seat number 0–{n_seats - 1}", f"ett platsnummer 0–{n_seats - 1}")
        return value
    if kind == "seats":
        if not isinstance(value, list) or not all(is_int(v) and 0 <= v < n_seats for v in value):
            raise wrong("a list of seat numbers", "en lista med platsnummer")
        if len(set(value)) != len(value):
            raise wrong("a list of different seats", "en lista med olika platser")
        return tuple(value)
    if kind == "card":
        if not isinstance(value, str):
            raise wrong("a card such as ♥K", "ett kort som ♥K")
        return deck.parse(value)
    if kind == "cards":
        if isinstance(value, str):
            return deck.parse_many(value)
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return tuple(card for v in value for card in deck.parse_many(v))
        raise wrong("a list of cards", "en lista med kort")
    if kind == "bool":
        if not isinstance(value, bool):
            raise wrong("true or false", "true eller false")
        return value
    if kind == "int":
        if not is_int(value):
            raise wrong("an integer", "ett heltal")
        return value
    if kind == "str":
        if not isinstance(value, str) or len(value) > 500:
            raise wrong("a short text", "en kort text")
        return value
    if kind == "list":
        if not isinstance(value, list):
            raise wrong("a list", "en lista")
        return value
    if kind == "value":
        if not (value is None or isinstance(value, (str, int, bool))) or (
                isinstance(value, str) and len(value) > 50):
            raise wrong("a number or a short word", "ett tal eller ett kort ord")
        return value
    if kind.startswith("choice:"):
        choices = kind.split(":", 1)[1].split("|")
        if value not in choices:
            raise wrong("one of " + ", ".join(choices), "något av " + ", ".join(choices))
        return value
    raise AssertionError(f"unknown field kind {kind}")


def is_counts(raw: Any, lengths: Collection[int], high: int | None = None) -> bool:
    """Is ``raw`` a list of whole numbers from 0 (up to ``high``), as long as one of
    ``lengths``? The shape of every count list a quick entry carries — tricks per side or
    per seat, cards per hand — checked before the game's rules look at the numbers (a
    ``list`` field arrives as the client sent it)."""
    return isinstance(raw, list) and len(raw) in lengths and all(
        isinstance(n, int) and not isinstance(n, bool) and n >= 0
        and (high is None or n <= high) for n in raw)
