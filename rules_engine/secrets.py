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
    dicts and lists are copied, leaves (and any other object) stay as they are.

    Made for the size of a table's view (a post's answer walks its state, ``expected`` and
    protokoll rows): a leaf is copied without a call, and a plain dict, list or tuple is
    told by its exact type, so the walk makes one call per container and no ``isinstance``
    per value; a subclass of one (rare) takes the general path at the top."""
    kind = type(value)
    if kind is dict:
        return _reveal_dict(value, may_see)
    if kind is list or kind is tuple:
        return _reveal_list(value, may_see)
    if isinstance(value, dict):
        return _reveal_dict(value, may_see)
    if isinstance(value, (list, tuple)):
        return _reveal_list(value, may_see)
    return value


def _reveal_dict(value: dict, may_see: Callable[[int], bool]) -> Any:
    if SEALED in value:
        seat = value[SEALED]
        return list(value["cards"]) if may_see(seat) else hidden(seat, len(value["cards"]))
    out = {}
    for key, item in value.items():
        kind = type(item)
        if kind in _LEAVES:
            out[key] = item
        elif kind is dict:
            out[key] = _reveal_dict(item, may_see)
        elif kind is list or kind is tuple:
            out[key] = _reveal_list(item, may_see)
        else:
            out[key] = reveal(item, may_see)
    return out


def _reveal_list(value: list | tuple, may_see: Callable[[int], bool]) -> list:
    out = list(value)
    for index, item in enumerate(out):
        kind = type(item)
        if kind in _LEAVES:
            continue
        if kind is dict:
            out[index] = _reveal_dict(item, may_see)
        elif kind is list or kind is tuple:
            out[index] = _reveal_list(item, may_see)
        else:
            out[index] = reveal(item, may_see)
    return out
