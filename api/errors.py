"""One error shape for every refusal: ``code``, ``message``, ``rule``, ``details``.

``message`` is in the language the client asked for (``Accept-Language: sv`` or ``en``);
``messages`` carries both. ``rule`` cites the rule a refusal rests on, or is null for errors
that are not about the rules (404, malformed JSON, a stale sequence number).

An error may carry HTTP headers as well (``headers``): a 429 says in ``Retry-After`` when to
come back. ``RateLimited`` is its own class so that the access blueprint can answer it with
those headers (``resources/access/routes.py``).
"""

from __future__ import annotations

from typing import Any

from rules_engine.errors import EventFormatError, RuleViolation


class ApiError(Exception):
    def __init__(self, status: int, code: str, sv: str, en: str, rule: str | None = None,
                 details: dict[str, Any] | None = None):
        super().__init__(en)
        self.status = status
        self.code = code
        self.messages = {"sv": sv, "en": en}
        self.rule = rule
        self.details = dict(details or {})
        self.headers: dict[str, str] = {}

    @classmethod
    def from_violation(cls, violation: RuleViolation) -> "ApiError":
        status = 400 if isinstance(violation, EventFormatError) else 422
        return cls(status, violation.code, violation.messages["sv"], violation.messages["en"],
                   violation.rule, violation.params)

    def body(self, lang: str = "en") -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.messages.get(lang, self.messages["en"]),
            "messages": dict(self.messages),
            "rule": self.rule,
            "details": self.details,
        }


class RateLimited(ApiError):
    """429: too many requests in a window; ``details.retry_after`` (seconds) and the
    ``Retry-After`` header say when the next one will be let through."""

    def __init__(self, code: str, sv: str, en: str, retry_after: int,
                 details: dict[str, object]):
        super().__init__(429, code, sv, en, None, {**details, "retry_after": retry_after})
        self.headers = {"Retry-After": str(retry_after)}
