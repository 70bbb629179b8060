"""One error shape for every refusal: ``code``, ``message``, ``rule``, ``details``.

``message`` is in the language the client asked for (``Accept-Language: sv`` or ``en``);
``messages`` carries both. ``rule`` cites the rule a refusal rests on, or is null for errors
that are not about the rules (404, malformed JSON, a stale sequence number).

An error may carry HTTP headers as well (``headers``): a 429 says in ``Retry-After`` when to
come back. ``RateLimited`` is its own class so that the access blueprint can answer it with
those headers (``resources/access/routes.py``).
"""

from __future__ import annotations

from typing import Any, Callable

from rules_engine.errors import EventFormatError, RuleViolation
from rules_engine.secrets import reveal


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
        # A refusal judged by cards the poster may not see, given in public words
        # (``from_violation``): counted against the poster (``access/hidden_guesses.py``).
        self.hidden = False

    @classmethod
    def from_violation(cls, violation: RuleViolation,
                       may_see: Callable[[int], bool] | None = None) -> "ApiError":
        """The refusal as the poster may see it. A violation caused by a private card of
        seat ``private_to`` (``rules_engine.secrets``) keeps its code and rule, but a poster
        who may not see that seat's secrets (``may_see``; none given: nobody) gets the
        public wording and no details: what is wrong, not who holds the card."""
        status = 400 if isinstance(violation, EventFormatError) else 422
        private_to = getattr(violation, "private_to", None)
        if private_to is not None and not (may_see is not None and may_see(private_to)):
            public = violation.public_messages
            error = cls(status, violation.code, public["sv"], public["en"], violation.rule)
            error.hidden = True
            return error
        params = reveal(violation.params, may_see or (lambda _seat: False))
        return cls(status, violation.code, violation.messages["sv"], violation.messages["en"],
                   violation.rule, params)

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
