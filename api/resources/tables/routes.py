"""Tables: start one, read it, post to its log, read the log and the protokoll.

Reading needs a device or director token of the table, its join code or its spectator
key; writing needs a token (see ``resources/access``). The checks run before anything is
read from the log or written to it.
"""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, g, jsonify, request
from flask.views import MethodView

from ... import store
from ...blueprint import Blueprint
from ..access import credentials, principals, records
from ..access.ratelimit import Limits
from .schemas import (EventLogSchema, EventPostSchema, EventPostedSchema, ProtokollQuerySchema,
                      SheetSchema, TableCreateSchema, TableCreatedSchema,
                      TableReadSchema)

blp = Blueprint("tables", __name__, url_prefix="/api/tables",
                description="A table: its log of events, its state and its protokoll.")


def limits() -> Limits:
    return Limits.from_config(current_app.config)


def _readable(table_id: str) -> tuple[dict[str, Any], principals.Principal]:
    """The table's row and who is reading it; 404 before any credential is looked at."""
    row = store.load_row(g.db, table_id)
    return row, principals.for_reading(g.db, row, credentials.from_request(), limits())


@blp.route("")
class Tables(MethodView):
    @blp.arguments(TableCreateSchema)
    @blp.response(201, TableCreatedSchema)
    @blp.doc(security=[{}, {"bearerAuth": []}])
    @blp.errors(400, 401, 403, 422)
    def post(self, data):
        """Start a table: game, options, players in seat order, the first dealer.

        Anyone may start a table. With a director token (Authorization: Bearer) the table
        belongs to that director. Returns the join code and link, this device's token and
        the spectator key and link; the token and the key are shown only here."""
        token = credentials.bearer_token()
        director = records.director_for_token(g.db, token) if token else None
        created = store.create_table(g.db, data["game"], data["players"], data["options"],
                                     data["first_dealer"], data["device_name"], director)
        created["join_link"] = credentials.join_link(created["join_code"])
        created["spectator_link"] = credentials.spectator_link(created["spectator_key"])
        return created


@blp.route("/<string:table_id>")
class Table(MethodView):
    @blp.response(200, TableReadSchema)
    @blp.doc(security=credentials.READ_SECURITY)
    @blp.errors(401, 403, 404, 429)
    def get(self, table_id: str):
        """State, protokoll, what is expected next, findings, and what the reader may do"""
        row, who = _readable(table_id)
        setup, state = store.load_state(g.db, row)
        return {**store.table_view(row, setup, state, who.sees_join_code),
                "access": who.as_dict()}


@blp.route("/<string:table_id>/events")
class Events(MethodView):
    @blp.response(200, EventLogSchema)
    @blp.doc(security=credentials.READ_SECURITY)
    @blp.errors(401, 403, 404, 429)
    def get(self, table_id: str):
        """The log: every entry with its sequence number, device and time"""
        _readable(table_id)
        return store.list_events(g.db, table_id)

    @blp.arguments(EventPostSchema)
    @blp.response(201, EventPostedSchema)
    @blp.doc(security=credentials.WRITE_SECURITY)
    @blp.errors(400, 401, 403, 404, 409, 422, 429)
    def post(self, data, table_id: str):
        """Post one event (or a whole trick). A retry with the same client_event_id is
        answered as the first time; a post based on an old sequence number gets 409; a
        device posting faster than the rate limit gets 429 with Retry-After."""
        status, body = store.post_event(g.db, table_id, credentials.from_request(),
                                        data["based_on"], data["client_event_id"],
                                        data["event"], limits())
        # Sent as built (it has EventPostedSchema's shape, which the tests check): dumping
        # it through marshmallow again was a tenth of a post's CPU.
        return jsonify(body), status


@blp.route("/<string:table_id>/protokoll")
class Protokoll(MethodView):
    @blp.arguments(ProtokollQuerySchema, location="query")
    @blp.response(200, SheetSchema, description="The protokoll as JSON, or as CSV "
                  "(format=csv or Accept: text/csv).")
    @blp.doc(security=credentials.READ_SECURITY)
    @blp.errors(400, 401, 403, 404, 429)
    def get(self, query, table_id: str):
        """The protokoll (score sheet), as JSON or CSV"""
        row, _who = _readable(table_id)
        setup, state = store.load_state(g.db, row)
        sheet = setup.module.sheet(state)
        wants_csv = query["format"] == "csv" or (
            request.accept_mimetypes.best == "text/csv")
        if wants_csv:
            return Response(sheet.to_csv(query["lang"]), mimetype="text/csv",
                            headers={"Content-Disposition":
                                     f'attachment; filename="protokoll-{table_id}.csv"'})
        return sheet.as_dict()
