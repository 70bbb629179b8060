from __future__ import annotations

from marshmallow import Schema, fields

from ...schemas import MessagesSchema


class PlayerCountSchema(Schema):
    min = fields.Integer(required=True)
    max = fields.Integer(required=True)


class DeckSchema(Schema):
    name = fields.String(required=True)
    cards = fields.List(fields.String(), required=True)


class PlayerDeckSchema(DeckSchema):
    players = fields.Integer(required=True)


class OptionSchema(Schema):
    name = fields.String(required=True)
    default = fields.Raw(required=True)
    type = fields.String(required=True)
    choices = fields.List(fields.Raw(), required=True)
    help = fields.Nested(MessagesSchema, required=True)
    min = fields.Integer(metadata={"description": "A number option's least value (a whole "
                                                  "number; only for numbers without choices)."})
    max = fields.Integer(metadata={"description": "A number option's greatest value; past it "
                                                  "(or below min) a table is refused "
                                                  "bad_option."})


class RuleSectionSchema(Schema):
    ref = fields.String(required=True)
    summary = fields.Nested(MessagesSchema, required=True)


class EventSpecSchema(Schema):
    required = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    optional = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    help = fields.Nested(MessagesSchema, required=True)


class GameSchema(Schema):
    id = fields.String(required=True)
    title = fields.String(required=True)
    aliases = fields.List(fields.String(), required=True)
    players = fields.Nested(PlayerCountSchema, required=True)
    deck = fields.Nested(DeckSchema, required=True, metadata={
        "description": "The game's deck; where it depends on the player count (see 'decks'), "
                       "every card a table of the game can hold."})
    decks = fields.List(fields.Nested(PlayerDeckSchema), metadata={
        "description": "Only for a game whose deck depends on the player count (Gris): the "
                       "deck for each count."})
    options = fields.List(fields.Nested(OptionSchema), required=True)
    rules = fields.List(fields.Nested(RuleSectionSchema), required=True)
    events = fields.Dict(keys=fields.String(), values=fields.Nested(EventSpecSchema),
                         required=True)
    private = fields.List(fields.String(), required=True, metadata={
        "description": "The event types whose cards are private to the event's seat (a "
                       "hand entered, the dealer's discards): posted by that seat's device, "
                       "the scorer or the director; hidden from other readers until the deal "
                       "is over."})
    labels = fields.Dict(keys=fields.String(), values=fields.Dict(
        keys=fields.String(), values=fields.Nested(MessagesSchema)), required=True, metadata={
        "description": "Short names of the game's words (events, fields, nouns, values)."})


class GameSummarySchema(Schema):
    """A game as the catalog lists it (``GET /api/games``): what starting a table needs."""

    id = fields.String(required=True)
    title = fields.String(required=True)
    aliases = fields.List(fields.String(), required=True)
    players = fields.Nested(PlayerCountSchema, required=True)
    options = fields.List(fields.Nested(OptionSchema), required=True)
    labels = fields.Dict(keys=fields.String(), values=fields.Dict(
        keys=fields.String(), values=fields.Nested(MessagesSchema)), required=True, metadata={
        "description": "The words for the options' choices; the game's other words are in "
                       "GET /api/games/{id}."})
