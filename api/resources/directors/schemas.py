from __future__ import annotations

from marshmallow import Schema, fields, validate


class DirectorCreateSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(1, 80), metadata={
        "example": "Klubbmästerskapet 2026"})


class DirectorCreatedSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    created_at = fields.String(required=True)
    token = fields.String(required=True, metadata={
        "description": "The director token. Shown once (stored hashed); send it as "
                       "'Bearer' to start tables the director owns, and to act on them."})


class DirectorTableSchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    join_code = fields.String(required=True, allow_none=True, metadata={
        "description": "Null once the table's tournament round is closed."})
    seq = fields.Integer(required=True)
    created_at = fields.String(required=True)


class DirectorSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    created_at = fields.String(required=True)
    tables = fields.List(fields.Nested(DirectorTableSchema), required=True)
