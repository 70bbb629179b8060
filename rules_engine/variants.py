"""One way to bind a family's variant to its family.

Three families hold several games each: whist (short, long, sättrumf, American, à la
guerre), Schnapsen (Schnapsen, four-handed Schnapsen, 66) and 800 (800, 1000, 150, Fjabbe).
A variant module is then its settings — id, title, options, a ``Variant`` value of the
family's own shape — and the nine functions every game module offers (``protocol.GameModule``)
come from the family, bound to that variant::

    (new, apply, expected, sheet, is_over, result, findings, describe,
     deal_in_progress) = variants.bind(family, VARIANT, Options)

A family module offers the same nine as functions of ``(variant, …)``: ``start(variant,
players, options, first_dealer)``, ``apply_event(variant, state, event)`` and
``expected_of``, ``sheet_of``, ``is_over_of``, ``result_of``, ``findings_of``,
``describe_of``, ``deal_in_progress_of``, each ``(variant, state)``. A variant whose rule
differs (Fjabbe's sheet, say) binds and then replaces that one function by its own.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Callable, NamedTuple


class Bound(NamedTuple):
    """The game module's functions for one variant, in the order they are unpacked."""
    new: Callable[..., Any]
    apply: Callable[[Any, dict[str, Any]], Any]
    expected: Callable[[Any], Any]
    sheet: Callable[[Any], Any]
    is_over: Callable[[Any], bool]
    result: Callable[[Any], dict[str, Any] | None]
    findings: Callable[[Any], tuple[Any, ...]]
    describe: Callable[[Any], dict[str, Any]]
    deal_in_progress: Callable[[Any], int | None]


def bind(family: ModuleType, variant: Any, options_cls: type) -> Bound:
    """The nine functions of a game module, the family's own bound to ``variant``."""

    def new(players: tuple[str, ...], options: Any = None, first_dealer: int = 0) -> Any:
        return family.start(variant, tuple(players), options or options_cls(), first_dealer)

    def on_state(name: str) -> Callable[[Any], Any]:
        function = getattr(family, name)

        def bound(state: Any) -> Any:
            return function(variant, state)
        bound.__name__ = name.removesuffix("_of")
        bound.__doc__ = function.__doc__
        return bound

    def apply(state: Any, event: dict[str, Any]) -> Any:
        return family.apply_event(variant, state, event)

    return Bound(new, apply, on_state("expected_of"), on_state("sheet_of"),
                 on_state("is_over_of"), on_state("result_of"), on_state("findings_of"),
                 on_state("describe_of"), on_state("deal_in_progress_of"))
