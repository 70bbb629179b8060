"""Private entries: what the rules keep face down or in one player's hand (design principle 9).

A table keeps secrets. The dealer's discards in 800, a hand a player enters on their own phone,
the won tricks under Schnapsen's no-peeking rule: each is private to one seat until the deal
it belongs to is over. The engine marks what is private; the API decides, once per request and
at one place on the way out, who may read it (that seat's devices and the table's director) and
shows everyone else only that the entry exists and how many cards it holds.

How a game module marks its secrets:

``PRIVATE``
    a dict at module level, ``{event type: PrivateSpec(card_fields)}``: the events whose
    cards are private to the seat named by the event's ``seat`` field. A game with no such
    event has no ``PRIVATE`` (or an empty one).
``deal_in_progress(state) -> int | None``
    the number of the deal being played, or ``None`` between deals and after the game. An
    entry belongs to the deal in progress right after it was applied; it opens to the whole
    table once ``deal_in_progress`` no longer returns that number. Every game with
    ``PRIVATE`` defines it.
``sealed(seat, cards)``
    wraps private cards wherever they appear in derived values (``describe``, ``expected``,
    finding details). ``reveal`` turns each sealed value into the plain list of cards for a
    reader who may see that seat's secrets, and into ``{"hidden": true, "seat": s,
    "count": n}`` for everyone else.
``RuleViolation(..., private_to=seat, public_sv=..., public_en=...)``
    a refusal (or ``Finding``) whose reason is a private card of ``seat``: a reader who may
    not see that seat's secrets gets the public wording, which says what is wrong without
    saying who holds the card, and no details.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

SEALED = "$sealed"


@dataclass(frozen=True)
class PrivateSpec:
    """An event type whose listed fields hold cards private to the event's ``seat``."""

    card_fields: tuple[str, ...] = ("cards",)


def sealed(seat: int, cards: Iterable[Any]) -> dict[str, Any]:
    """Private cards of ``seat`` inside a derived value (see ``reveal``)."""
    return {SEALED: seat, "cards": [str(c) for c in cards]}


def is_sealed(value: Any) -> bool:
    return isinstance(value, dict) and SEALED in value


def hidden(seat: int, count: int) -> dict[str, Any]:
    """What a reader who may not see them learns of a seat's private cards."""
    return {"hidden": True, "seat": seat, "count": count}


_LEAVES = frozenset({str, int, float, bool, type(None)})


def reveal(value: Any, may_see: Callable[[int], bool]) -> Any:
    """``value`` with every sealed part opened or hidden for one reader; tuples become lists,
    leaves stay as they are.

    Made for the size of a table's view: its leaves (most of a state's thousands of values)
    are copied without a call each — the walk was a fifth of a post's CPU when every value
    took one."""
    if isinstance(value, dict):
        if SEALED in value:
            seat = value[SEALED]
            return list(value["cards"]) if may_see(seat) else hidden(seat, len(value["cards"]))
        return {k: v if type(v) in _LEAVES else reveal(v, may_see) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [v if type(v) in _LEAVES else reveal(v, may_see) for v in value]
    return value
