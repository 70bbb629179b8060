"""Taking a seat (or the scorer's place), leaving it, and freeing another device's seat.

See ``records`` for the rules; ``POST /api/join`` and ``POST /api/tables`` take a place too.
"""

from __future__ import annotations

from typing import Any

from flask import g
from flask.views import MethodView

from ... import store
from ...blueprint import Blueprint
from ...db import write_transaction
from ..access import credentials, principals
from . import records
from .schemas import PlaceSchema, SeatTakeSchema

blp = Blueprint("seats", __name__, url_prefix="/api/tables",
                description="Seats: where each device sits, or the table's scorer.")


def _place(table_id: str, device_id: str) -> dict[str, Any]:
    place = records.place_of(g.db, device_id)
    return {"device_id": device_id, **place,
            "seat_devices": records.seat_devices(g.db, table_id, place["seat"])}


@blp.route("/<string:table_id>/seat")
class Seat(MethodView):
    @blp.arguments(SeatTakeSchema)
    @blp.response(200, PlaceSchema)
    @blp.doc(security=credentials.WRITE_SECURITY)
    @blp.errors(400, 401, 403, 404, 409, 422)
    def post(self, data, table_id: str):
        """Take a seat (or the scorer's place) with this device's token.

        One place per device: to move, send change: true. The device reads its seat's
        private entries posted from now on, not those entered before it sat down."""
        with write_transaction(g.db):
            row = store.load_row(g.db, table_id)
            who = principals.for_writing(g.db, row, credentials.from_request())
            records.take(g.db, row, who.device_id, data["seat"], data["change"])
            return _place(table_id, who.device_id)

    @blp.response(200, PlaceSchema)
    @blp.doc(security=credentials.WRITE_SECURITY)
    @blp.errors(401, 403, 404)
    def delete(self, table_id: str):
        """Leave this device's place (seat or scorer)."""
        with write_transaction(g.db):
            row = store.load_row(g.db, table_id)
            who = principals.for_writing(g.db, row, credentials.from_request())
            records.take(g.db, row, who.device_id, None)
            return _place(table_id, who.device_id)


@blp.route("/<string:table_id>/devices/<string:device_id>/seat")
class DeviceSeat(MethodView):
    @blp.response(200, PlaceSchema)
    @blp.doc(security=credentials.WRITE_SECURITY)
    @blp.errors(401, 403, 404)
    def delete(self, table_id: str, device_id: str):
        """Free a device's place (owner or director): e.g. a phone that sat down at another
        player's seat. The device keeps its token; it may sit down again, and then reads
        only what is entered after that."""
        with write_transaction(g.db):
            row = store.load_row(g.db, table_id)
            principals.for_managing(g.db, row, credentials.from_request())
            records.take(g.db, row, device_id, None)
            return _place(table_id, device_id)
