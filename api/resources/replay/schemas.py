from __future__ import annotations

from marshmallow import Schema, fields

from ..tables.schemas import FindingSchema, TableViewSchema


class AtEntrySchema(Schema):
    seq = fields.Integer(required=True)
    device_id = fields.String(required=True, allow_none=True)
    event = fields.Dict(required=True, metadata={
        "description": "The entry as logged (a private entry's cards hidden from a reader "
                       "who may not read them, as in the log)."})
    counts = fields.Boolean(required=True, metadata={
        "description": "Whether the entry counts: false for an undone entry, an undo or a "
                       "correction (the corrected content counts at the corrected entry)."})


class TableAtSchema(TableViewSchema):
    table_seq = fields.Integer(required=True, metadata={
        "description": "The table's last entry now (seq is the step shown)."})
    entry = fields.Nested(AtEntrySchema, required=True, allow_none=True, metadata={
        "description": "The entry at seq; null at seq 0, before the first entry."})


class TrickSchema(Schema):
    number = fields.Integer(required=True, allow_none=True)
    leader = fields.Integer(required=True)
    cards = fields.List(fields.Dict(), required=True, metadata={
        "description": "[{seat, card}] in playing order from the leader."})
    winner = fields.Integer(required=True, allow_none=True)


class StepSchema(Schema):
    seq = fields.Integer(required=True)
    event = fields.Dict(required=True, metadata={
        "description": "The effective event (a correction applied), private cards hidden "
                       "from a reader who may not read them."})
    deal = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The deal the entry belongs to: the one being played when it came, "
                       "else the one it began; null where the game does not number deals."})
    trick = fields.Nested(TrickSchema, required=True, allow_none=True, metadata={
        "description": "The trick this entry completed, with its winner; else null."})
    on_table = fields.Nested(TrickSchema, required=True, allow_none=True, metadata={
        "description": "The trick still on the table after this entry, when its card did "
                       "not complete one: the cards so far, winner null; else null."})
    findings = fields.List(fields.Nested(FindingSchema), required=True, metadata={
        "description": "The findings this entry brought: the facts it proved."})
    over = fields.Boolean(required=True)


class StepsSchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    players = fields.List(fields.String(), required=True)
    seq = fields.Integer(required=True)
    deal = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The deal the steps were chosen for (?deal= or ?seq=); null when "
                       "the whole log was asked for, or when the entry counts in no deal."})
    steps = fields.List(fields.Nested(StepSchema), required=True)
