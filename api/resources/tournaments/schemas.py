"""Schemas of the tournament endpoints: what a director sends, what the API answers."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from ...schemas import MessagesSchema, StrictBoolean
from ..tables.schemas import EventPostSchema
from ...tournament_logic.model import number
from ...tournament_logic.scoring import SCORINGS
from ...tournament_logic.seating import METHODS


class Figure(fields.Number):
    """A standings figure: a whole number where it is one (3, not 3.0), else a decimal."""

    num_type = float

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else number(value)


# --- requests ------------------------------------------------------------------------------------
class PlayerInSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(1, 40))
    club = fields.String(load_default="", validate=validate.Length(0, 40))
    key = fields.String(load_default="", validate=validate.Length(0, 120), metadata={
        "description": "Who the player is across events (ratings); by default name and "
                       "club, case-folded."})


class PerRoundSchema(Schema):
    deals = fields.Integer(strict=True, validate=validate.Range(1, 1000), metadata={
        "description": "The round ends at a table after this many scored deals."})
    target = fields.Integer(strict=True, validate=validate.Range(-100_000, 100_000), metadata={
        "description": "The round ends when a player or pair reaches this total (in the "
                       "protokoll's direction)."})


class TournamentCreateSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(1, 80),
                         metadata={"example": "Bräus-VM Gotland 2026"})
    game = fields.String(required=True, validate=validate.Length(1, 40),
                         metadata={"example": "braus"})
    options = fields.Dict(keys=fields.String(), load_default=dict, metadata={
        "description": "The game's options, the same at every table."})
    players = fields.List(fields.Nested(PlayerInSchema), required=True,
                          validate=validate.Length(2, 2000), metadata={
                              "description": "In start-number order (1, 2, …)."})
    rounds = fields.Integer(strict=True, required=True, validate=validate.Range(1, 50))
    per_round = fields.Nested(PerRoundSchema, load_default=dict, metadata={
        "description": "Deals or a target per round; neither: each table plays its game "
                       "to the end."})
    scoring = fields.String(load_default="game", validate=validate.OneOf(SCORINGS), metadata={
        "description": "'game': the game's own tournament scoring; 'match_points': "
                       "Seeger-style match points first."})
    table_size = fields.Integer(strict=True, load_default=None, allow_none=True,
                                validate=validate.Range(2, 12), metadata={
                                    "description": "Players at most tables (games that "
                                                   "take a range); default 4 where allowed."})
    rated = StrictBoolean(load_default=True, metadata={
        "description": "Count the tables in the public ratings across events."})


class RoundCreateSchema(Schema):
    method = fields.String(required=True, validate=validate.OneOf(METHODS), metadata={
        "description": "'random': a seeded draw; 'standings': the leaders meet (Swiss-like); "
                       "'rotation': partner rotation for pair games (the Priffe sits)."})
    seed = fields.Integer(strict=True, load_default=None, allow_none=True,
                          validate=validate.Range(0, 2 ** 31 - 1), metadata={
                              "description": "The draw's seed (recorded); random if left out."})
    force = StrictBoolean(load_default=False, metadata={
        "description": "Seat although tables of the last round are still playing."})


class AdjustmentCreateSchema(Schema):
    player = fields.Integer(strict=True, required=True, validate=validate.Range(1, 100_000))
    points = fields.Float(required=True, validate=validate.Range(-1000, 1000), metadata={
        "description": "Added to the main score (negative: taken away); two decimals."})
    reason = fields.String(required=True, validate=validate.Length(3, 300))
    round = fields.Integer(strict=True, load_default=None, allow_none=True,
                           validate=validate.Range(1, 50))


class ReviewCreateSchema(Schema):
    table_id = fields.String(required=True, validate=validate.Length(1, 40))
    finding = fields.String(required=True, validate=validate.Length(1, 100), metadata={
        "description": "The finding's key, as the watch view lists it."})
    note = fields.String(load_default="", validate=validate.Length(0, 300))


class PlayerPatchSchema(Schema):
    withdrawn = StrictBoolean(required=True)


class WatchQuerySchema(Schema):
    round = fields.Integer(load_default=None, validate=validate.Range(1, 50))


class ExportSchema(Schema):
    """A whole tournament (``tournament_logic.exchange``): sent back to import it."""

    format = fields.String(required=True, validate=validate.Equal("protokoll-tournament"))
    version = fields.Integer(strict=True, required=True)
    tournament = fields.Dict(required=True)
    players = fields.List(fields.Dict(), required=True)
    rounds = fields.List(fields.Dict(), required=True)
    adjustments = fields.List(fields.Dict(), load_default=list)
    standings = fields.Dict(load_default=dict)


# --- answers -------------------------------------------------------------------------------------
class PlayerSchema(Schema):
    number = fields.Integer(required=True)
    name = fields.String(required=True)
    club = fields.String(required=True)
    key = fields.String(required=True)
    withdrawn = fields.Boolean(required=True)


class PlayerRefSchema(Schema):
    number = fields.Integer(required=True)
    name = fields.String(required=True)
    club = fields.String(required=True)


class ColumnSchema(Schema):
    key = fields.String(required=True)
    label = fields.Nested(MessagesSchema, required=True)
    short = fields.String(required=True)


class RuleSchema(Schema):
    id = fields.String(required=True)
    columns = fields.List(fields.Nested(ColumnSchema), required=True)
    tie_breaks = fields.Nested(MessagesSchema, required=True, metadata={
        "description": "The ranking and its tie-breaks, in words."})
    bye = fields.Dict(keys=fields.String(), values=Figure(), required=True)


class TournamentSummarySchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    game = fields.String(required=True)
    title = fields.String(required=True)
    options = fields.Dict(required=True)
    rounds = fields.Integer(required=True)
    rounds_seated = fields.Integer(required=True)
    per_round = fields.Dict(required=True)
    scoring = fields.String(required=True)
    table_size = fields.Integer(required=True)
    pairs = fields.Boolean(required=True)
    created_at = fields.String(required=True)
    archived = fields.Boolean(required=True, metadata={
        "description": "Imported from an export: standings and exports, no live tables."})
    rated = fields.Boolean(required=True, metadata={
        "description": "Its tables count in the public ratings."})
    import_status = fields.String(allow_none=True, validate=validate.OneOf(
        ["pending", "accepted", "rejected"]), metadata={
        "description": "An import: whether the server's operator has accepted it into the "
                       "public ratings (pending until then). Null for a tournament played "
                       "here."})
    standings_link = fields.String(required=True, metadata={
        "description": "The public, read-only standings page."})


class TournamentSchema(TournamentSummarySchema):
    players = fields.List(fields.Nested(PlayerSchema), required=True)
    rule = fields.Nested(RuleSchema, required=True)


class SeatSchema(PlayerRefSchema):
    seat = fields.Integer(required=True)
    side = fields.Integer(required=True, allow_none=True, metadata={
        "description": "Pair games: the pair (0: seats 0 + 2, 1: seats 1 + 3)."})


class RoundTableSchema(Schema):
    number = fields.Integer(required=True)
    table_id = fields.String(required=True, allow_none=True)
    join_code = fields.String(required=True, allow_none=True)
    join_link = fields.String(required=True, allow_none=True)
    seats = fields.List(fields.Nested(SeatSchema), required=True)


class RoundSchema(Schema):
    tournament = fields.Nested(TournamentSummarySchema, required=True)
    number = fields.Integer(required=True)
    method = fields.String(required=True)
    seed = fields.Integer(required=True)
    block = fields.Dict(required=True, allow_none=True, metadata={
        "description": "Partner rotation: the groups and the sit (0, 1, 2)."})
    tables = fields.List(fields.Nested(RoundTableSchema), required=True)
    byes = fields.List(fields.Nested(PlayerRefSchema), required=True)
    closed_at = fields.String(allow_none=True, metadata={
        "description": "When the round was closed (by seating the next or by closing it): "
                       "its tables take no more entries from phones and their join codes "
                       "have ended. Null while it is open."})


class ReviewedSchema(Schema):
    note = fields.String(required=True)
    at = fields.String(required=True)


class WatchFindingSchema(Schema):
    key = fields.String(required=True)
    code = fields.String(required=True)
    rule = fields.String(required=True)
    seat = fields.Integer(required=True)
    details = fields.Dict(required=True)
    message = fields.String(required=True)
    messages = fields.Nested(MessagesSchema, required=True)
    reviewed = fields.Nested(ReviewedSchema, required=True, allow_none=True)


class OpenFindingSchema(Schema):
    table = fields.Integer(required=True)
    table_id = fields.String(required=True)
    key = fields.String(required=True)
    code = fields.String(required=True)
    rule = fields.String(required=True)
    seat = fields.Integer(required=True)
    details = fields.Dict(required=True)
    message = fields.String(required=True)
    messages = fields.Nested(MessagesSchema, required=True)


class CorrectionSchema(Schema):
    seq = fields.Integer(required=True)
    type = fields.String(required=True, validate=validate.OneOf(["undo", "correct"]))
    target = fields.Integer(required=True, allow_none=True)
    device_name = fields.String(required=True, allow_none=True)
    created_at = fields.String(required=True)


class TableCorrectionSchema(CorrectionSchema):
    table = fields.Integer(required=True)
    table_id = fields.String(required=True)


class UnitSchema(Schema):
    seats = fields.List(fields.Integer(), required=True)
    total = fields.Integer(required=True)
    place = fields.Integer(required=True)


class WatchTableSchema(RoundTableSchema):
    status = fields.String(required=True, validate=validate.OneOf(
        ["not_started", "playing", "finished", "findings"]), metadata={
        "description": "'findings': the table has findings nobody has looked at yet."})
    play = fields.String(required=True, validate=validate.OneOf(
        ["not_started", "playing", "finished"]))
    seq = fields.Integer(required=True)
    deals = fields.Integer(required=True)
    over = fields.Boolean(required=True)
    units = fields.List(fields.Nested(UnitSchema), required=True)
    findings = fields.List(fields.Nested(WatchFindingSchema), required=True)
    open_findings = fields.Integer(required=True)
    corrections = fields.List(fields.Nested(CorrectionSchema), required=True)


class WatchSchema(Schema):
    tournament = fields.Nested(TournamentSummarySchema, required=True)
    round = fields.Integer(required=True, allow_none=True)
    closed_at = fields.String(allow_none=True, metadata={
        "description": "When the round shown was closed; null while it is open."})
    tables = fields.List(fields.Nested(WatchTableSchema), required=True)
    byes = fields.List(fields.Nested(PlayerRefSchema), load_default=list)
    counts = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    open_findings = fields.List(fields.Nested(OpenFindingSchema), required=True)
    corrections = fields.List(fields.Nested(TableCorrectionSchema), required=True)


class AdjustmentSchema(Schema):
    id = fields.String(required=True)
    player = fields.Integer(required=True)
    points = Figure(required=True)
    reason = fields.String(required=True)
    round = fields.Integer(required=True, allow_none=True)
    created_at = fields.String(required=True)


class ReviewSchema(Schema):
    round = fields.Integer(required=True)
    table = fields.Integer(required=True)
    table_id = fields.String(required=True)
    finding = fields.String(required=True)
    note = fields.String(required=True)
    at = fields.String(required=True)


class AuditEntrySchema(Schema):
    id = fields.Integer(required=True)
    at = fields.String(required=True)
    director = fields.String(required=True, allow_none=True)
    action = fields.String(required=True, metadata={
        "description": "created, round_seated, adjustment, finding_reviewed, withdrawn, "
                       "reinstated, imported"})
    details = fields.Dict(required=True)


class StandingsRoundSchema(Schema):
    round = fields.Integer(required=True)
    bye = fields.Boolean()
    table = fields.Integer()
    status = fields.String()
    place = fields.Integer()
    of = fields.Integer()
    score = Figure()


class StandingsRowSchema(Schema):
    rank = fields.Integer(required=True)
    number = fields.Integer(required=True)
    name = fields.String(required=True)
    club = fields.String(required=True)
    withdrawn = fields.Boolean(required=True)
    figures = fields.Dict(keys=fields.String(), values=Figure(), required=True, metadata={
        "description": "One figure per column of the rule, by key."})
    adjustment = Figure(required=True)
    opponents = Figure(required=True)
    played = fields.Integer(required=True)
    byes = fields.Integer(required=True)
    rounds = fields.List(fields.Nested(StandingsRoundSchema), required=True)


class ProgressSchema(Schema):
    rounds = fields.Integer(required=True, metadata={"description": "Rounds seated."})
    tables = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True,
                         metadata={"description": "Tables of all rounds by status."})
    latest = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True,
                         metadata={"description": "Tables of the latest round by status."})


class StandingsSchema(Schema):
    tournament = fields.Nested(TournamentSummarySchema, required=True)
    rule = fields.Nested(RuleSchema, required=True)
    columns = fields.List(fields.Nested(ColumnSchema), required=True)
    rows = fields.List(fields.Nested(StandingsRowSchema), required=True)
    adjustments = fields.List(fields.Nested(AdjustmentSchema), required=True)
    progress = fields.Nested(ProgressSchema, required=True)


class DirectorEntrySchema(EventPostSchema):
    """An entry the director makes at a table of the tournament (usually an undo or a
    correction at a closed round's table), with its reason."""

    reason = fields.String(required=True, validate=validate.Length(1, 500), metadata={
        "description": "Why: kept beside the entry in the table's log and in the audit."})
