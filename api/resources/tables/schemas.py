from __future__ import annotations

from marshmallow import Schema, fields, validate

from ...schemas import MessagesSchema


class TableCreateSchema(Schema):
    game = fields.String(required=True, validate=validate.Length(1, 40),
                         metadata={"example": "rodskagg"})
    players = fields.List(fields.String(validate=validate.Length(1, 40)), required=True,
                          validate=validate.Length(1, 12),
                          metadata={"description": "Names in seat order, clockwise."})
    options = fields.Dict(keys=fields.String(), load_default=dict)
    first_dealer = fields.Integer(load_default=0, validate=validate.Range(0, 11))
    device_name = fields.String(load_default="", validate=validate.Length(0, 60))


class ExpectationSchema(Schema):
    type = fields.String(required=True)
    seat = fields.Integer(allow_none=True, required=True)
    choices = fields.List(fields.Raw(), required=True)
    fields_ = fields.Dict(data_key="fields", attribute="fields", required=True, metadata={
        "description": "Hints per event field: the values allowed now, or 'required'."})


class ExpectedSchema(Schema):
    phase = fields.String(required=True)
    seat = fields.Integer(allow_none=True, required=True)
    prompt = fields.Nested(MessagesSchema, required=True)
    inputs = fields.List(fields.Nested(ExpectationSchema), required=True)


class SheetRowSchema(Schema):
    kind = fields.String(required=True)
    deal = fields.Integer(allow_none=True, required=True)
    label = fields.Nested(MessagesSchema, required=True)
    changes = fields.List(fields.Integer(allow_none=True), required=True)
    totals = fields.List(fields.Integer(), required=True)
    marks = fields.List(fields.String(), required=True)


class SheetSchema(Schema):
    players = fields.List(fields.String(), required=True)
    rows = fields.List(fields.Nested(SheetRowSchema), required=True)
    totals = fields.List(fields.Integer(), required=True)
    next_dealer = fields.Integer(allow_none=True, required=True)
    winner = fields.Integer(allow_none=True, required=True)
    out = fields.List(fields.Integer(), required=True)
    settlement = fields.List(fields.Integer(), allow_none=True, required=True)
    notes = fields.Dict(required=True)


class FindingSchema(Schema):
    code = fields.String(required=True)
    rule = fields.String(required=True)
    seat = fields.Integer(required=True)
    details = fields.Dict(required=True)
    message = fields.String(required=True)
    messages = fields.Nested(MessagesSchema, required=True)


class TableViewSchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    title = fields.String(required=True)
    players = fields.List(fields.String(), required=True)
    options = fields.Dict(required=True)
    first_dealer = fields.Integer(required=True)
    join_code = fields.String(required=True)
    seq = fields.Integer(required=True)
    state = fields.Dict(required=True)
    expected = fields.Nested(ExpectedSchema, required=True)
    protokoll = fields.Nested(SheetSchema, required=True)
    findings = fields.List(fields.Nested(FindingSchema), required=True)
    over = fields.Boolean(required=True)
    result = fields.Dict(allow_none=True, required=True)


class TableCreatedSchema(Schema):
    id = fields.String(required=True)
    join_code = fields.String(required=True)
    token = fields.String(required=True, metadata={
        "description": "This device's write token. Shown once; send as 'Bearer' token."})
    device_id = fields.String(required=True)
    table = fields.Nested(TableViewSchema, required=True)


class EventPostSchema(Schema):
    based_on = fields.Integer(required=True, validate=validate.Range(min=0), metadata={
        "description": "The table's sequence number this entry was made against."})
    client_event_id = fields.String(required=True, validate=validate.Length(1, 100),
                                    metadata={"description": "Unique per entry; a retry "
                                              "with the same id is applied once."})
    event = fields.Dict(required=True, metadata={
        "description": "The event: {'type': ..., ...}; see the game's 'events' in the "
                       "catalog, plus 'undo' {target} and 'correct' {target, event}."})


class EntrySchema(Schema):
    seq = fields.Integer(required=True)
    client_event_id = fields.String(required=True)
    device_id = fields.String(required=True)
    created_at = fields.String(required=True)
    event = fields.Dict(required=True)


class EventPostedSchema(Schema):
    entry = fields.Nested(EntrySchema, required=True)
    table = fields.Nested(TableViewSchema, required=True)


class LogEntrySchema(EntrySchema):
    device_name = fields.String(allow_none=True, required=True)
    undone_by = fields.Integer(allow_none=True, required=True)
    corrected_by = fields.List(fields.Integer(), required=True)


class EventLogSchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    players = fields.List(fields.String(), required=True)
    options = fields.Dict(required=True)
    first_dealer = fields.Integer(required=True)
    seq = fields.Integer(required=True)
    events = fields.List(fields.Nested(LogEntrySchema), required=True)


class ProtokollQuerySchema(Schema):
    format = fields.String(load_default="json", validate=validate.OneOf(["json", "csv"]))
    lang = fields.String(load_default="en", validate=validate.OneOf(["sv", "en"]))
