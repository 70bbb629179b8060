from __future__ import annotations

from marshmallow import Schema, fields, pre_load, validate

from ...schemas import MessagesSchema, StrictBoolean
from ..access.credentials import QUERY_CREDENTIALS
from ..seats.schemas import place_field


class TableCreateSchema(Schema):
    game = fields.String(required=True, validate=validate.Length(1, 40),
                         metadata={"example": "rodskagg"})
    players = fields.List(fields.String(validate=validate.Length(1, 40)), required=True,
                          validate=validate.Length(1, 12),
                          metadata={"description": "Names in seat order, clockwise."})
    options = fields.Dict(keys=fields.String(), load_default=dict)
    first_dealer = fields.Integer(strict=True, load_default=0, validate=validate.Range(0, 11))
    device_name = fields.String(load_default="", validate=validate.Length(0, 60))
    seat = place_field("This device's place: the seat it sits at (0 = the first player "
                       "named) or \"scorer\". Without it, the device holds no seat and "
                       "may post every seat's private entries, as the scorer does, until "
                       "it sits down.", load_default=None)
    open_private_after_deal = StrictBoolean(load_default=True, metadata={
        "description": "Whether private entries (a hand entered, the dealer's discards) "
                       "open to the whole table when their deal is over, so a dispute can be "
                       "replayed with every hand. False keeps them closed: only their seat's "
                       "devices and the director see them."})


class ExpectationSchema(Schema):
    type = fields.String(required=True)
    seat = fields.Integer(allow_none=True, required=True)
    choices = fields.List(fields.Raw(), required=True)
    fields_ = fields.Dict(data_key="fields", attribute="fields", required=True, metadata={
        "description": "Hints per event field: the values allowed now, or 'required'."})


class ExpectedSchema(Schema):
    phase = fields.String(required=True)
    seat = fields.Integer(allow_none=True, required=True)
    prompt = fields.Nested(MessagesSchema, required=True, metadata={
        "description": "What happens next, said to the table's players (who enter it)."})
    headline = fields.Nested(MessagesSchema, metadata={
        "description": "The prompt without its instruction on how to enter (\"Mata in "
                       "given …\"), for a reader who cannot enter (a spectator). Absent "
                       "when the prompt holds no instruction: then the prompt is the headline."})
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
    first_row = fields.Integer(metadata={
        "description": "Only in a post's answer: the index of the first row carried in "
                       "`rows` — the rows the post changed; the rows before it are as they "
                       "were (0: the whole sheet). GET the table for the whole protokoll."})
    row_count = fields.Integer(metadata={
        "description": "Only in a post's answer: the number of rows of the whole sheet."})


class FindingSchema(Schema):
    code = fields.String(required=True)
    rule = fields.String(required=True)
    seat = fields.Integer(required=True)
    details = fields.Dict(required=True)
    message = fields.String(required=True)
    messages = fields.Nested(MessagesSchema, required=True)


class TablePlaceSchema(Schema):
    id = fields.String(required=True, metadata={"description": "The tournament's id."})
    name = fields.String(required=True, metadata={"description": "The tournament's name."})
    round = fields.Integer(required=True)
    table = fields.Integer(required=True, metadata={"description": "The table's number in "
                                                    "its round."})
    rounds = fields.Integer(required=True, metadata={"description": "Rounds in all."})
    per_round = fields.Dict(required=True, metadata={
        "description": "How long a round lasts: {deals: N}, {target: N}, or {} (until the "
                       "game is over)."})
    deals = fields.Integer(required=True, allow_none=True, metadata={
        "description": "Scored deals of this round at the table (up to its limit)."})
    round_played = fields.Boolean(required=True, metadata={
        "description": "The round's limit is reached: the table takes no more deals (409 "
                       "round_played); undo and corrections still work."})
    closed = fields.Boolean(required=True, metadata={
        "description": "The director closed the round: nobody writes here (409 "
                       "round_closed)."})
    standings_link = fields.String(required=True)


class TableViewSchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    title = fields.String(required=True)
    players = fields.List(fields.String(), required=True)
    options = fields.Dict(required=True)
    first_dealer = fields.Integer(required=True)
    join_code = fields.String(required=True, allow_none=True, metadata={
        "description": "Null for spectators: the audience's link must not open the table "
                       "for writing."})
    seq = fields.Integer(required=True)
    state = fields.Dict(required=True)
    expected = fields.Nested(ExpectedSchema, required=True)
    protokoll = fields.Nested(SheetSchema, required=True)
    findings = fields.List(fields.Nested(FindingSchema), required=True)
    deal_in_progress = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The number of the deal under way (being bid, played or entered "
                       "card by card), whose dealer the protokoll's next_dealer names; null "
                       "between deals, after the game, and in games that do not number "
                       "their deals."})
    over = fields.Boolean(required=True)
    result = fields.Dict(allow_none=True, required=True)
    tournament = fields.Nested(TablePlaceSchema, allow_none=True, metadata={
        "description": "Where a tournament's table is (tournament, round, table) and "
                       "whether its round is played; null at a table of no tournament. In "
                       "the answers of GET /api/tables/{id} and of a post."})


class AccessSchema(Schema):
    role = fields.String(required=True, validate=validate.OneOf(
        ["owner", "player", "director", "code", "spectator"]), metadata={
        "description": "Who read the table: its owner's device, a player's device, its "
                       "director, someone with the join code, or a spectator."})
    device_id = fields.String(required=True, allow_none=True)
    write = fields.Boolean(required=True, metadata={
        "description": "May post events (false for everyone at a closed round's table)."})
    manage = fields.Boolean(required=True, metadata={
        "description": "May list and revoke the table's devices."})
    seat = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The seat this device sits at (null: none)."})
    scorer = fields.Boolean(required=True, metadata={
        "description": "This device is the table's scorer: it writes for every seat and "
                       "reads no seat's private cards."})
    seated_at_seq = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The table's seq when this device took its place; it reads its "
                       "seat's private entries posted after that."})
    seat_devices = fields.Integer(required=True, metadata={
        "description": "Devices sitting at this device's seat, itself included: more than "
                       "one means another phone sits there too."})


class TableReadSchema(TableViewSchema):
    access = fields.Nested(AccessSchema, required=True)


class TableCreatedSchema(Schema):
    id = fields.String(required=True)
    join_code = fields.String(required=True, metadata={
        "description": "Six characters without 0/O/1/I: read it aloud, or share join_link."})
    join_link = fields.String(required=True, metadata={
        "description": "Opens the app and joins this table (fits a QR code)."})
    token = fields.String(required=True, metadata={
        "description": "This device's token. Shown once; send as 'Bearer' token."})
    device_id = fields.String(required=True)
    role = fields.String(required=True, validate=validate.OneOf(["owner", "director"]))
    director_id = fields.String(required=True, allow_none=True, metadata={
        "description": "The director that owns the table, when a director token made it."})
    spectator_key = fields.String(required=True, metadata={
        "description": "Reads the table, nothing else. Shown once (stored hashed); a new "
                       "one can be made with POST /api/tables/{id}/spectator-key."})
    spectator_link = fields.String(required=True, metadata={
        "description": "The read-only link for the audience."})
    open_private_after_deal = fields.Boolean(required=True)
    table = fields.Nested(TableViewSchema, required=True)


class EventPostSchema(Schema):
    based_on = fields.Integer(strict=True, required=True, validate=validate.Range(min=0), metadata={
        "description": "The table's sequence number this entry was made against."})
    client_event_id = fields.String(required=True, validate=validate.Length(1, 100),
                                    metadata={"description": "Unique per entry; a retry "
                                              "with the same id is applied once."})
    event = fields.Dict(required=True, metadata={
        "description": "The event: {'type': ..., ...}; see the game's 'events' in the "
                       "catalog, plus 'undo' {target} and 'correct' {target, event}."})

    FIELDS = frozenset({"based_on", "client_event_id", "event"})

    def fast_load(self, body: object) -> dict | None:
        """The loaded post when the body is plainly valid: exactly the three fields, a whole
        number ``based_on`` ≥ 0 (not a bool), a ``client_event_id`` of 1 to 100 characters
        and an ``event`` object — what ``load`` gives for it, without marshmallow's field
        machinery (a tenth of a post's CPU). None for anything else, which ``load`` then
        reads and, where it is wrong, refuses with its own messages (``blueprint.Parser``;
        tests/api/test_event_post_schema.py holds both to the same answers)."""
        if type(self) is not EventPostSchema:  # a schema made from it (a director's post,
            return None                        # with its reason) reads through ``load``
        if type(body) is not dict or body.keys() != self.FIELDS:
            return None
        based_on, client_event_id, event = (body["based_on"], body["client_event_id"],
                                            body["event"])
        if (type(based_on) is not int or based_on < 0 or type(client_event_id) is not str
                or not 1 <= len(client_event_id) <= 100 or type(event) is not dict):
            return None
        return {"based_on": based_on, "client_event_id": client_event_id,
                "event": dict(event)}


class EntrySchema(Schema):
    seq = fields.Integer(required=True)
    client_event_id = fields.String(required=True)
    device_id = fields.String(required=True)
    created_at = fields.String(required=True)
    event = fields.Dict(required=True)


class EventPostedSchema(Schema):
    entry = fields.Nested(EntrySchema, required=True)
    table = fields.Nested(TableViewSchema, required=True)
    access = fields.Nested(AccessSchema, required=True)


class LogEntrySchema(EntrySchema):
    device_name = fields.String(allow_none=True, required=True)
    undone_by = fields.Integer(allow_none=True, required=True)
    corrected_by = fields.List(fields.Integer(), required=True)
    reason = fields.String(allow_none=True, metadata={
        "description": "Why the tournament director made this entry at a closed round's "
                       "table; null for every other entry."})


class EventLogSchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    players = fields.List(fields.String(), required=True)
    options = fields.Dict(required=True)
    first_dealer = fields.Integer(required=True)
    seq = fields.Integer(required=True)
    generation = fields.String(required=True, metadata={
        "description": "Which copy of the database the log was read from (a restore from a "
                       "backup draws a new one): send it back with `after`."})
    after = fields.Integer(allow_none=True, required=True, metadata={
        "description": "null: `events` is the whole log. A number: the answer to `after`, "
                       "and `events` holds only what changed since the log up to that seq: "
                       "the entries after it, the earlier entries a new undo or correction "
                       "points at, and every earlier private entry (and correction of one), "
                       "whose cards this reader may now see or no longer see. Merge them by "
                       "seq into the copy."})
    events = fields.List(fields.Nested(LogEntrySchema), required=True)


class LogQuerySchema(Schema):
    @pre_load
    def _leave_credentials(self, data, **_kwargs):
        """The join code or spectator key may come in the query string; they are security
        schemes (read by ``access.credentials``), not arguments of this operation."""
        return {k: v for k, v in data.items() if k not in QUERY_CREDENTIALS}

    after = fields.Integer(strict=False, load_default=None, validate=validate.Range(min=0),
                           metadata={"description": "The last seq of the reader's copy of "
                                     "the log: only what changed since is sent (see the "
                                     "answer's `after`)."})
    generation = fields.String(load_default=None, validate=validate.Length(max=100),
                               metadata={"description": "The `generation` the copy came "
                                         "with; another one gets the whole log."})


class ProtokollQuerySchema(Schema):
    @pre_load
    def _leave_credentials(self, data, **_kwargs):
        """The join code or spectator key may come in the query string; they are security
        schemes (read by ``access.credentials``), not arguments of this operation."""
        return {k: v for k, v in data.items() if k not in QUERY_CREDENTIALS}

    format = fields.String(load_default="json", validate=validate.OneOf(["json", "csv"]))
    lang = fields.String(load_default="en", validate=validate.OneOf(["sv", "en"]))
    dialect = fields.String(load_default=None, validate=validate.OneOf(["semicolon", "comma"]),
                            metadata={"description":
                                      "The CSV's form. semicolon: UTF-8 with BOM, ';' between "
                                      "cells, as a Swedish spreadsheet opens it (the default "
                                      "with lang=sv); comma: plain CSV, ',' and no BOM (the "
                                      "default with lang=en). Headers follow lang."})
