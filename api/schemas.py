"""Marshmallow schemas shared by the resources: the error shape and common pieces."""

from __future__ import annotations

from marshmallow import Schema, fields


class MessagesSchema(Schema):
    sv = fields.String(required=True)
    en = fields.String(required=True)


class ErrorSchema(Schema):
    """The one error shape of the API."""

    code = fields.String(required=True, metadata={"description": "Stable error code."})
    message = fields.String(required=True,
                            metadata={"description": "In the language asked for."})
    messages = fields.Nested(MessagesSchema, required=True)
    rule = fields.String(allow_none=True, required=True,
                         metadata={"description": "The rule cited, e.g. 'Rödskägg — Spelet'."})
    details = fields.Dict(required=True, metadata={"description": "The facts."})


class StrictBoolean(fields.Boolean):
    """``true`` or ``false``, and nothing else: marshmallow's Boolean also takes ``0``,
    ``1``, ``"yes"`` and ``"on"``, which a JSON body has no reason to send for a flag."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value
