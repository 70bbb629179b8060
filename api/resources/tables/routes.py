"""Tables: start one, read it, post to its log, read the log and the protokoll.

Reading needs a device or director token of the table, its join code or its spectator
key; writing needs a token (see ``resources/access``). The checks run before anything is
read from the log or written to it.
"""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, g, request
from flask.views import MethodView

from rules_engine import spreadsheet

from ... import disclosure, store
from ...errors import ApiError
from ...json_answer import json_answer
from ...blueprint import Blueprint
from ...db import write_transaction
from ..access import credentials, guesses, principals, records, rotation
from ..access.ratelimit import Limits
from ..seats import records as seats
from ..tournaments import placement
from .schemas import (EventLogSchema, EventPostSchema, EventPostedSchema, LogQuerySchema,
                      ProtokollQuerySchema, SheetSchema, TableCreateSchema,
                      TableCreatedSchema, TableReadSchema)

blp = Blueprint("tables", __name__, url_prefix="/api/tables",
                description="A table: its log of events, its state and its protokoll.")


def limits() -> Limits:
    return Limits.from_config(current_app.config)


def _readable(table_id: str, creds: credentials.Credentials | None = None
              ) -> tuple[dict[str, Any], principals.Principal]:
    """The table's row and who is reading it; 404 before any credential is looked at."""
    row = store.load_row(g.db, table_id)
    return row, principals.for_reading(g.db, row, creds or credentials.from_request(),
                                       limits())


def read_table(table_id: str, creds: credentials.Credentials | None = None) -> dict[str, Any]:
    """``GET /api/tables/ID`` before its schema: also what the page of a spectator link
    carries (api/spectator_page.py), read with the link's key the same way."""
    row, who = _readable(table_id, creds)
    setup, state = store.load_state(g.db, row)
    seen = store.disclosed_to(g.db, row, setup, state, who)
    access = seats.access_of(g.db, table_id, who)
    if rotation.closed_round(g.db, table_id):  # a settled round: nobody writes here
        access["write"] = False
    view = store.table_view(row, setup, state, who.sees_join_code, seen)
    return {**view, "tournament": placement.block(g.db, table_id, view), "access": access}


def read_log(table_id: str, creds: credentials.Credentials | None = None,
             after: int | None = None, generation: str | None = None) -> dict[str, Any]:
    """``GET /api/tables/ID/events`` before its schema (the log as this reader may see it;
    with ``after``, what changed since: ``store.list_events``)."""
    _row, who = _readable(table_id, creds)
    return store.list_events(g.db, table_id, disclosure.reader_of(g.db, who), after,
                             generation)


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
        if director is not None and data["seat"] is not None:
            raise ApiError(409, "director_has_no_seat",
                           "Turneringsledaren sitter inte vid bordet; den dömer.",
                           "The director does not sit at the table; it referees.",
                           details={"seat": data["seat"]})
        created = store.create_table(g.db, data["game"], data["players"], data["options"],
                                     data["first_dealer"], data["device_name"], director,
                                     data["seat"], data["open_private_after_deal"])
        with write_transaction(g.db):  # its phones may join from here (access/guesses.py)
            guesses.remember(g.db, credentials.from_request().address, created["id"],
                             limits())
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
        # Sent as built, as a post's answer sends the same view (it has TableReadSchema's
        # shape: tests/api/test_log_answer.py holds it to the schema's dump): every phone
        # at a table fetches it after each entry another phone makes.
        return json_answer(read_table(table_id))


@blp.route("/<string:table_id>/events")
class Events(MethodView):
    @blp.arguments(LogQuerySchema, location="query")
    @blp.response(200, EventLogSchema)
    @blp.doc(security=credentials.READ_SECURITY)
    @blp.errors(400, 401, 403, 404, 422, 429)
    def get(self, query, table_id: str):
        """The log: every entry with its sequence number, device and time; with `after`,
        only what changed since the reader's copy"""
        # Built as the schema says (``store.list_events``; tests hold it to the schema's
        # dump byte for byte), sent without a pass through marshmallow: every phone at a
        # table fetches the log after each entry another phone makes, and dumping a few
        # hundred entries was two thirds of that fetch.
        return json_answer(read_log(table_id, after=query["after"],
                                    generation=query["generation"]))

    @blp.arguments(EventPostSchema())  # one instance, not one made per post (issue 16)
    @blp.response(201, EventPostedSchema)
    @blp.doc(security=credentials.WRITE_SECURITY)
    @blp.errors(400, 401, 403, 404, 409, 422, 429)
    def post(self, data, table_id: str):
        """Post one event (or a whole trick). A retry with the same client_event_id is
        answered as the first time; a post based on an old sequence number gets 409; a
        device posting faster than the rate limit gets 429 with Retry-After."""
        try:
            status, body = store.post_event(g.db, table_id, credentials.from_request(),
                                            data["based_on"], data["client_event_id"],
                                            data["event"], limits())
        except ApiError as error:  # a 409 carries the table as it is now: where it is too
            if isinstance(error.details.get("table"), dict):
                error.details["table"]["tournament"] = placement.block(
                    g.db, table_id, error.details["table"])
            raise
        if "tournament" not in body["table"]:  # post_event fills it for a table of none
            body["table"]["tournament"] = placement.block(g.db, table_id, body["table"])
        # Sent as built (it has EventPostedSchema's shape, which the tests check): dumping
        # it through marshmallow again was a tenth of a post's CPU; encoded by orjson
        # where that writes what jsonify would (``api/json_answer.py``).
        return json_answer(body, status)


@blp.route("/<string:table_id>/protokoll")
class Protokoll(MethodView):
    @blp.arguments(ProtokollQuerySchema, location="query")
    @blp.response(200, SheetSchema, description="The protokoll as JSON, or as CSV "
                  "(format=csv or Accept: text/csv; with lang=sv by default in the Swedish "
                  "spreadsheet dialect: UTF-8 with BOM, ';' and Swedish headers).")
    @blp.doc(security=credentials.READ_SECURITY, responses={"200": {
        "description": "The protokoll as JSON, or as CSV (format=csv or Accept: text/csv; with "
                       "lang=sv by default in the Swedish spreadsheet dialect: UTF-8 with BOM, "
                       "';' and Swedish headers).",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Sheet"}},
                    "text/csv": {"schema": {"type": "string"}}}}})
    @blp.errors(400, 401, 403, 404, 429)
    def get(self, query, table_id: str):
        """The protokoll (score sheet), as JSON or CSV"""
        row, who = _readable(table_id)
        setup, state = store.load_state(g.db, row)
        sheet = setup.module.sheet(state)
        wants_csv = query["format"] == "csv" or (
            request.accept_mimetypes.best == "text/csv")
        if wants_csv:
            text = spreadsheet.write(sheet, query["lang"], query["dialect"])
            return Response(text, mimetype="text/csv",
                            headers={"Content-Disposition":
                                     f'attachment; filename="protokoll-{table_id}.csv"'})
        return store.disclosed_to(g.db, row, setup, state, who).reveal(sheet.as_dict())
