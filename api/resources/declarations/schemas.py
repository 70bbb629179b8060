from __future__ import annotations

from marshmallow import Schema, fields, validate

from ...schemas import StrictBoolean

CARDS_HELP = ("Cards in the game's notation; each string may hold several cards "
              "separated by spaces or commas (\"XX XIX N ★\", \"♠K\").")


class DeclarationOptionsSchema(Schema):
    card_in_flertal_and_sekvens = StrictBoolean(load_default=True, metadata={
        "description": "May one card serve in a flertal and a sekvens at once?"})


class CombinationInSchema(Schema):
    kind = fields.String(validate=validate.OneOf(["flertal", "sekvens"]), metadata={
        "description": "Optional: read from the cards when left out."})
    cards = fields.List(fields.String(validate=validate.Length(1, 200)), required=True,
                        validate=validate.Length(1, 30), metadata={"description": CARDS_HELP})


class ValidateRequestSchema(Schema):
    cards = fields.List(fields.String(validate=validate.Length(1, 400)), required=True,
                        validate=validate.Length(0, 62), metadata={
                            "description": "The cards laid down face up. " + CARDS_HELP})
    combinations = fields.List(fields.Nested(CombinationInSchema), required=True,
                               validate=validate.Length(0, 20))
    options = fields.Nested(DeclarationOptionsSchema, load_default=dict)


class BestRequestSchema(Schema):
    cards = fields.List(fields.String(validate=validate.Length(1, 400)), required=True,
                        validate=validate.Length(0, 62), metadata={
                            "description": "The cards laid down face up. " + CARDS_HELP})
    options = fields.Nested(DeclarationOptionsSchema, load_default=dict)


class CombinationOutSchema(Schema):
    kind = fields.String(required=True)
    group = fields.String(required=True)
    cards = fields.List(fields.String(), required=True)
    points = fields.Integer(required=True)


class GroupTotalSchema(Schema):
    count = fields.Integer(required=True)
    points_before_doubling = fields.Integer(required=True)
    doubled = fields.Boolean(required=True)
    factor = fields.Integer(required=True)
    points = fields.Integer(required=True)


class DeclarationSchema(Schema):
    rule = fields.String(required=True)
    combinations = fields.List(fields.Nested(CombinationOutSchema), required=True)
    flertal = fields.Nested(GroupTotalSchema, required=True)
    sekvens = fields.Nested(GroupTotalSchema, required=True)
    points = fields.Integer(required=True)
