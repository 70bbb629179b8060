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
