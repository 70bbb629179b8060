from __future__ import annotations

from marshmallow import Schema, ValidationError, fields

from ...schemas import StrictBoolean
from .records import SCORER


class PlaceField(fields.Field):
    """A seat number (0, 1, …) or ``"scorer"``; null for no place."""

    def _deserialize(self, value, attr, data, **kwargs):
        if value == SCORER or value is None:
            return value
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValidationError('A seat number (0, 1, …) or "scorer".')
        return value


def place_field(description: str, **kwargs) -> PlaceField:
    return PlaceField(allow_none=True, metadata={
        "description": description,
        "oneOf": [{"type": "integer", "minimum": 0}, {"type": "string", "enum": [SCORER]}]},
        **kwargs)


class SeatTakeSchema(Schema):
    seat = place_field("The seat to take (0 = the first player named), or \"scorer\": "
                       "writes for every seat, reads no seat's private cards. Null leaves "
                       "the place.", required=True)
    change = StrictBoolean(load_default=False, metadata={
        "description": "Changing from one place to another must be asked for explicitly; "
                       "without it a device holding a place gets 409 already_seated."})


class PlaceSchema(Schema):
    device_id = fields.String(required=True)
    seat = fields.Integer(required=True, allow_none=True)
    scorer = fields.Boolean(required=True)
    seated_at_seq = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The table's seq when the device took its place: it reads its "
                       "seat's private entries posted after this."})
    seat_devices = fields.Integer(required=True, metadata={
        "description": "Devices (not revoked) sitting at this seat, this one included."})
