from __future__ import annotations

from marshmallow import Schema, fields, validate


class RatedGameSchema(Schema):
    game = fields.String(required=True)
    title = fields.String(required=True)
    tournaments = fields.Integer(required=True)


class RatingSchema(Schema):
    rank = fields.Integer(required=True)
    key = fields.String(required=True, metadata={
        "description": "Who the player is across events: name|club case-folded, or the key "
                       "the director gave."})
    name = fields.String(required=True)
    club = fields.String(required=True)
    mu = fields.Float(required=True)
    sigma = fields.Float(required=True)
    ordinal = fields.Float(required=True, metadata={
        "description": "mu − 3·sigma: the conservative rating the list is ranked by."})
    tables = fields.Integer(required=True)
    events = fields.Integer(required=True)


class SkippedSchema(Schema):
    tournament = fields.String(allow_none=True)
    round = fields.Integer(allow_none=True)
    table = fields.Integer(allow_none=True)
    problem = fields.String(required=True)


class RatingsSchema(Schema):
    game = fields.String(required=True)
    title = fields.String(required=True)
    model = fields.String(required=True)
    players = fields.List(fields.Nested(RatingSchema), required=True)
    skipped = fields.List(fields.Nested(SkippedSchema), metadata={
        "description": "Stored rows left out because they cannot be read (reported to the "
                       "operator in the server log as well)."})


class HistoryEntrySchema(Schema):
    tournament = fields.String(required=True)
    tournament_name = fields.String(required=True)
    at = fields.String(required=True)
    round = fields.Integer(required=True)
    table = fields.Integer(required=True)
    place = fields.Integer(required=True)
    of = fields.Integer(required=True)
    mu = fields.Float(required=True)
    sigma = fields.Float(required=True)
    ordinal = fields.Float(required=True)


class PlayerHistorySchema(Schema):
    game = fields.String(required=True)
    title = fields.String(required=True)
    model = fields.String(required=True)
    player = fields.Nested(RatingSchema, required=True)
    history = fields.List(fields.Nested(HistoryEntrySchema), required=True)


class HistoryQuerySchema(Schema):
    player = fields.String(required=True, validate=validate.Length(1, 200))
