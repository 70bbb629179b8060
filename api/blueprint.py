"""flask-smorest's Blueprint with two additions: a request that does not fit its schema
(malformed JSON, an unknown field, a wrong type) is a 400, not webargs' default 422 — 422
is kept for entries that are well-formed but break a rule of the game; and ``errors(...)``
documents an operation's error responses in the one error shape."""

from __future__ import annotations

import flask_smorest
from webargs.flaskparser import FlaskParser


class Parser(FlaskParser):
    DEFAULT_VALIDATION_STATUS = 400

    def _raw_load_json(self, req):
        """The body ``input_guard`` already parsed (strictly, once), not a second parse."""
        from .input_guard import parsed_body
        body = parsed_body()
        return super()._raw_load_json(req) if body is None else body

    def _process_location_data(self, location_data, schema, req, location, unknown,
                               validators):
        """A schema with a ``fast_load`` (``EventPostSchema``: the posts, issue 16) reads a
        plainly valid body itself; anything else, and every other schema, goes through
        ``load`` as always."""
        fast_load = getattr(schema, "fast_load", None)
        if fast_load is not None and not validators and location == "json":
            data = fast_load(location_data)
            if data is not None:
                return data
        return super()._process_location_data(location_data, schema, req, location,
                                              unknown, validators)


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = Parser()

    def errors(self, *statuses: int):
        """Document the error responses an operation can give (all in the one shape)."""
        from .schemas import ErrorSchema

        def decorate(func):
            # ``alt_response`` documents by wrapping: a wrapper per status, each calling
            # ``ensure_sync`` at every request and adding nothing else to it (seven around
            # a post, issue 16). The documentation is taken off the wrappers and put on
            # ``func`` itself, unwrapped; the OpenAPI document is the same
            # (tests/api/test_openapi.py compares it with openapi.yaml).
            for status in statuses:
                documented = self.alt_response(status, schema=ErrorSchema,
                                               description="Error")(func)
                func._apidoc = documented._apidoc  # type: ignore[attr-defined]
            return func
        return decorate
