"""The surface every game module offers, and the values it hands to the API.

A game module is a plain Python module (not a class): constants at the top that read like the
rule text, then pure functions. ``GameModule`` below is the ``typing.Protocol`` it satisfies;
``tests/rules_engine/test_registry.py`` checks each registered module against it.

Events are JSON-shaped dicts with a ``type``. A module declares the fields of each event type
in ``EVENTS`` (see ``rules_engine.events``) and ``apply`` returns a new state or raises
``RuleViolation``. States are frozen dataclasses; ``apply`` never mutates its input.

Optional: a game whose deck depends on the player count (Gris) defines
``deck_for(players) -> Deck``; the catalog then lists the deck of each count as ``decks``, and
``DECK`` is every card a table of the game can hold.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Protocol, runtime_checkable

from .cards import Deck
from .errors import Finding, RuleViolation
from .events import EventSpec
from .sheet import Sheet


@dataclass(frozen=True)
class RuleSection:
    """A section of the rule text we implement, cited as ``ref`` in refusals."""

    ref: str
    summary_sv: str
    summary_en: str

    def as_dict(self) -> dict[str, Any]:
        return {"ref": self.ref, "summary": {"sv": self.summary_sv, "en": self.summary_en}}


@dataclass(frozen=True)
class Expectation:
    """One kind of input the table may enter now."""

    type: str
    seat: int | None = None  # whose entry it is, when it belongs to one seat
    choices: tuple[Any, ...] = ()  # e.g. the bids still open
    # Hints per event field: the values allowed now (``{"breach": [...]}``) or "required".
    fields: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "choices": list(self.choices),
                "fields": dict(self.fields)}


@dataclass(frozen=True)
class Expected:
    """What the game expects next (design principle 5).

    ``prompt_sv``/``prompt_en`` are said to the table's players, who enter what happens. A
    prompt that also tells them how to enter it ("Mata in given kort för kort eller
    snabbt.") carries a ``headline`` as well: the same words without that instruction, for
    a reader who cannot enter anything (a spectator). Build such a prompt with ``told``, so
    the two never drift apart; a prompt without an instruction has no headline (None)."""

    phase: str
    prompt_sv: str
    prompt_en: str
    seat: int | None = None  # the seat to act, when play is in turn
    inputs: tuple[Expectation, ...] = ()
    headline_sv: str | None = None
    headline_en: str | None = None

    def as_dict(self) -> dict[str, Any]:
        said = {
            "phase": self.phase,
            "seat": self.seat,
            "prompt": {"sv": self.prompt_sv, "en": self.prompt_en},
            "inputs": [i.as_dict() for i in self.inputs],
        }
        if self.headline_sv is not None:
            said["headline"] = {"sv": self.headline_sv, "en": self.headline_en}
        return said


def told(what_sv: str, what_en: str, how_sv: str, how_en: str, *,
         then_sv: str = "", then_en: str = "") -> dict[str, str]:
    """The texts of an ``Expected`` whose prompt tells the players how to enter what
    happens: ``Expected(phase, **told(...), seat=..., inputs=...)``. The prompt is
    ``what how then`` (sentences joined by a space), the headline ``what then``, the
    instruction ``how`` left out for a reader who cannot enter (a spectator)."""
    def joined(*parts: str) -> str:
        return " ".join(p for p in parts if p)
    return {"prompt_sv": joined(what_sv, how_sv, then_sv),
            "prompt_en": joined(what_en, how_en, then_en),
            "headline_sv": joined(what_sv, then_sv), "headline_en": joined(what_en, then_en)}


@runtime_checkable
class GameModule(Protocol):
    ID: str
    TITLE: str
    ALIASES: tuple[str, ...]
    MIN_PLAYERS: int
    MAX_PLAYERS: int
    DECK: Deck
    RULES: tuple[RuleSection, ...]
    EVENTS: dict[str, EventSpec]
    LABELS: dict[str, dict[str, tuple[str, str]]]  # short sv/en names of the game's words
    Options: type

    def new(self, players: tuple[str, ...], options: Any, first_dealer: int = 0) -> Any: ...
    def expected(self, state: Any) -> Expected: ...
    def apply(self, state: Any, event: dict[str, Any]) -> Any: ...
    def sheet(self, state: Any) -> Sheet: ...
    def is_over(self, state: Any) -> bool: ...
    def result(self, state: Any) -> dict[str, Any] | None: ...
    def findings(self, state: Any) -> tuple[Finding, ...]: ...
    def describe(self, state: Any) -> dict[str, Any]: ...


def check_players(players: tuple[str, ...], first_dealer: int | None, *, name: str,
                  players_range: tuple[int, int], rule: str, dealer_rule: str | None = None,
                  sv: str | None = None, en: str | None = None) -> None:
    """Refuse a table of the wrong size or with a first dealer who is not at it (every
    game's ``new``). ``sv``/``en`` replace the plain "X is played by 3–5 players" where the
    text says more (Bräus's "four players in two pairs"). ``first_dealer=None``: a game
    without a dealer (Kom ihåg: the youngest begins), whose table's first dealer is ignored."""
    low, high = players_range
    if not low <= len(players) <= high:
        count = f"{low}" if low == high else f"{low}–{high}"
        raise RuleViolation(
            "player_count", rule=rule, params={"players": len(players)},
            sv=sv or f"{name} spelas av {count} spelare.",
            en=en or f"{name} is played by {count} players.")
    if first_dealer is not None:
        check_first_dealer(first_dealer, len(players), dealer_rule or rule)


def not_expected(exp: Expected, event_type: str, phase: str, rule: str, *,
                 sv: str | None = None, en: str | None = None) -> RuleViolation:
    """The refusal of an entry that does not fit the moment (every game's ``_refuse_phase``):
    the entries expected now, and what the table should do, in the words of ``expected``
    unless ``sv``/``en`` say why this entry cannot come here at all."""
    return RuleViolation(
        "not_expected", rule=rule,
        params={"event": event_type, "phase": phase, "expected": [i.type for i in exp.inputs]},
        sv=sv or f"Den inmatningen passar inte nu. {exp.prompt_sv}",
        en=en or f"That entry does not fit now. {exp.prompt_en}")


def check_first_dealer(first_dealer: int, n_players: int, rule: str) -> None:
    """Refuse a first dealer who is not one of the players (every game's ``new``)."""
    if not 0 <= first_dealer < n_players:
        raise RuleViolation("bad_dealer", rule=rule, params={"first_dealer": first_dealer},
                            sv="Första given måste vara en av spelarna.",
                            en="The first dealer must be one of the players.")


def option(default: Any, choices: tuple[Any, ...] = (), *, sv: str, en: str) -> Any:
    """One field of a game's ``Options``: its default (the text's rule where it states one),
    the choices a table may make instead, and what it means in both languages — what the
    catalog shows (``options_catalog``) and ``build_options`` checks against::

        sevens: str = option("must", ("must", "may"), sv="…", en="…")
    """
    metadata: dict[str, Any] = {"sv": sv, "en": en}
    if choices:
        metadata["choices"] = tuple(choices)
    return field(default=default, metadata=metadata)


def options_catalog(options_cls: type) -> list[dict[str, Any]]:
    """Describe an ``Options`` dataclass for the catalog: name, default, choices, help.

    Each field carries ``metadata={"sv": ..., "en": ..., "choices": (...)}``. A number
    option without choices says its bounds (``min``, ``max``: what ``build_options``
    accepts), so that a form can show them and refuse a figure outside before sending.
    """
    described = []
    for f in fields(options_cls):
        default = f.default if f.default is not MISSING else f.default_factory()  # type: ignore[misc]
        choices = list(f.metadata.get("choices", ()))
        entry = {
            "name": f.name,
            "default": default,
            "type": type(default).__name__,
            "choices": choices,
            "help": {"sv": f.metadata.get("sv", ""), "en": f.metadata.get("en", "")},
        }
        if _is_count(default, choices):
            entry.update(min=0, max=MAX_COUNT_OPTION)
        described.append(entry)
    return described


def _is_count(default: Any, choices: Any) -> bool:
    """A whole-number option without choices (a stake, a number of games): bounded."""
    return isinstance(default, int) and not isinstance(default, bool) and not choices


# The largest value of a number option without choices (a stake per point, a number of
# games): far past any table, and small enough that every total stays an exact number in
# a browser (below 2**53).
MAX_COUNT_OPTION = 1_000_000  # the words of its refusal say it: keep them in step


def _shown(value: Any, limit: int = 40) -> str:
    """A refused value as the answer repeats it: short, so that a hostile megabyte of
    text is not echoed back (and into a log) whole."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def build_options(options_cls: type, given: dict[str, Any] | None) -> Any:
    """Build an ``Options`` value from JSON, refusing unknown names and wrong values."""
    from .errors import EventFormatError

    given = dict(given or {})
    known = {f.name: f for f in fields(options_cls)}
    unknown = sorted(set(given) - set(known))
    if unknown:
        names = [name if len(name) <= 40 else name[:39] + "…" for name in unknown[:5]]
        raise EventFormatError(
            "unknown_option", rule="Spelets alternativ", params={"unknown": names},
            sv=f"Okänt alternativ: {', '.join(names)}.",
            en=f"Unknown option: {', '.join(names)}.")
    values = {}
    for name, value in given.items():
        f = known[name]
        default = f.default if f.default is not MISSING else f.default_factory()  # type: ignore[misc]
        choices = f.metadata.get("choices", ())
        ok_type = isinstance(value, type(default)) and not (
            isinstance(value, bool) and not isinstance(default, bool))
        if isinstance(default, float):
            ok_type = isinstance(value, (int, float)) and not isinstance(value, bool)
        if not ok_type or (choices and value not in choices):
            shown = _shown(value)
            raise EventFormatError(
                "bad_option", rule="Spelets alternativ",
                params={"option": name, "value": shown, "choices": list(choices)},
                sv=f"Alternativet {name} kan inte vara {shown}.",
                en=f"Option {name} cannot be {shown}.")
        if _is_count(default, choices) and not 0 <= value <= MAX_COUNT_OPTION:
            # A stake or a number of games: a whole number, never below 0 (a negative
            # stake would pay the loser), and not past what a table could ever play.
            raise EventFormatError(
                "bad_option", rule="Spelets alternativ",
                params={"option": name, "value": value, "choices": [],
                        "min": 0, "max": MAX_COUNT_OPTION},
                sv=f"Alternativet {name} ska vara ett heltal från 0 till 1 000 000.",
                en=f"Option {name} must be a whole number from 0 to 1,000,000.")
        values[name] = value
    return options_cls(**values)
