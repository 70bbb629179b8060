"""RuleViolation: why an entry is refused, in words a player accepts at the table.

Every refusal carries

- ``code``: a stable identifier (``not_your_turn``, ``bid_not_higher``, ...) that clients and
  tests rely on; codes are never renamed once published;
- ``rule``: the citation the refusal rests on, by game and section ("Rödskägg — Budgivningen");
- ``params``: the facts that prove it (the seat, the card, the trick numbers);
- a message in Swedish and in English, written in our own words.

``EventFormatError`` is the one exception that is not about the rules: the entry itself is
malformed (unknown event type, missing or unknown field, wrong type). The API maps it to 400
and a RuleViolation to 422.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class RuleViolation(Exception):
    """An entry that the rules of the game do not allow."""

    def __init__(self, code: str, *, rule: str, params: dict[str, Any] | None = None,
                 sv: str, en: str, private_to: int | None = None, public_sv: str = "",
                 public_en: str = ""):
        super().__init__(en)
        self.code = code
        self.rule = rule
        self.params = dict(params or {})
        self.messages = {"sv": sv, "en": en}
        # A refusal whose reason is a private card of seat ``private_to`` (see
        # ``rules_engine.secrets``): other readers get the public wording and no details.
        self.private_to = private_to
        self.public_messages = {"sv": public_sv or sv, "en": public_en or en}

    def message(self, lang: str = "en") -> str:
        return self.messages.get(lang, self.messages["en"])

    def as_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "rule": self.rule,
            "message": self.messages["en"],
            "messages": dict(self.messages),
            "details": dict(self.params),
        }

    def __repr__(self) -> str:
        return f"RuleViolation({self.code!r}, rule={self.rule!r}, params={self.params!r})"


def violation(code: str, rule: str, params: dict[str, Any], sv: str, en: str) -> RuleViolation:
    """A plain refusal in the order the games write it: code, rule, facts, the two wordings
    (every game module used to define this one-liner for itself)."""
    return RuleViolation(code, rule=rule, params=params, sv=sv, en=en)


class EventFormatError(RuleViolation):
    """The entry is not a well-formed event for this game (maps to HTTP 400)."""


@dataclass(frozen=True)
class Finding:
    """Something the table should look at, proven after the fact (design principle 3).

    A finding does not refuse an entry: the card was physically played. It names the rule,
    the facts (both tricks of a proven revoke) and who is concerned.
    """

    code: str
    rule: str
    seat: int
    params: dict[str, Any] = field(default_factory=dict, hash=False, compare=True)
    sv: str = ""
    en: str = ""
    # A finding that rests on a private card of seat ``private_to`` (``rules_engine.secrets``):
    # other readers get the public wording and no details until the deal is open.
    private_to: int | None = None
    public_sv: str = ""
    public_en: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "rule": self.rule,
            "seat": self.seat,
            "details": dict(self.params),
            "message": self.en,
            "messages": {"sv": self.sv, "en": self.en},
        }
