from __future__ import annotations

from marshmallow import Schema, fields, validate

from ..seats.schemas import place_field


class JoinSchema(Schema):
    code = fields.String(required=True, validate=validate.Length(1, 20), metadata={
        "description": "The table's join code; case, spaces and dashes do not matter.",
        "example": "K7QM3X"})
    device_name = fields.String(load_default="", validate=validate.Length(0, 60), metadata={
        "description": "This phone's name, shown in the log."})
    seat = place_field("The seat this phone takes (0 = the first player named), or "
                       "\"scorer\"; may be taken later with POST /api/tables/{id}/seat.",
                       load_default=None)


class JoinedSchema(Schema):
    table_id = fields.String(required=True)
    device_id = fields.String(required=True)
    token = fields.String(required=True, metadata={
        "description": "This device's token. Shown once; send as 'Bearer' token."})
    role = fields.String(required=True, validate=validate.OneOf(["player"]))
    seat = fields.Integer(required=True, allow_none=True)
    scorer = fields.Boolean(required=True)


class WatchedSchema(Schema):
    table_id = fields.String(required=True, metadata={
        "description": "Read it with the same key: GET /api/tables/{table_id}."})
    game = fields.String(required=True, metadata={
        "description": "The table's game: the app asks for its details (GET "
                       "/api/games/{game}) beside the table instead of after it."})


class DeviceSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    role = fields.String(required=True, validate=validate.OneOf(
        ["owner", "player", "director"]))
    created_at = fields.String(required=True)
    revoked_at = fields.String(required=True, allow_none=True)
    events = fields.Integer(required=True, metadata={
        "description": "How many entries of the log this device posted."})
    you = fields.Boolean(required=True, metadata={
        "description": "This is the device that asked."})
    seat = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The seat the device sits at (null: none)."})
    scorer = fields.Boolean(required=True, metadata={
        "description": "The device is the table's scorer."})
    seated_at_seq = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The table's seq when it took its place."})


class SpectatorKeySchema(Schema):
    spectator_key = fields.String(required=True, metadata={
        "description": "The new key; the old one stops working. Shown once."})
    spectator_link = fields.String(required=True)


class RevokedDeviceSchema(DeviceSchema):
    join_code = fields.String(required=True, allow_none=True, metadata={
        "description": "The table's join code after the revocation: a new one, since the "
                       "revoked phone has seen the old one (null at a closed round's "
                       "table, which has none)."})
    join_link = fields.String(required=True, allow_none=True)


class JoinCodeSchema(Schema):
    join_code = fields.String(required=True, metadata={
        "description": "The new join code; the old one stops working at once."})
    join_link = fields.String(required=True)


class HandOverSchema(Schema):
    device_id = fields.String(required=True, validate=validate.Length(1, 64), metadata={
        "description": "The device (a player's, not revoked) that becomes the owner."})
