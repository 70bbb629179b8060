"""flask-smorest's Blueprint with one change: a request that does not fit its schema
(malformed JSON, an unknown field, a wrong type) is a 400, not webargs' default 422.
422 is kept for entries that are well-formed but break a rule of the game."""

from __future__ import annotations

import flask_smorest
from webargs.flaskparser import FlaskParser


class Parser(FlaskParser):
    DEFAULT_VALIDATION_STATUS = 400


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = Parser()
