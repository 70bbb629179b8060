from __future__ import annotations

from flask import Response, current_app, g, request
from flask.views import MethodView
from ...blueprint import Blueprint

from ... import store
from .schemas import (EventLogSchema, EventPostSchema, EventPostedSchema, ProtokollQuerySchema,
                      SheetSchema, TableCreateSchema, TableCreatedSchema, TableViewSchema)

blp = Blueprint("tables", __name__, url_prefix="/api/tables",
                description="A table: its log of events, its state and its protokoll.")



def _token() -> str | None:
    header = request.headers.get("Authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return None


@blp.route("")
class Tables(MethodView):
    @blp.arguments(TableCreateSchema)
    @blp.response(201, TableCreatedSchema)
    @blp.errors(400, 422)
    def post(self, data):
        """Start a table: game, options, players in seat order, the first dealer"""
        return store.create_table(g.db, data["game"], data["players"], data["options"],
                                  data["first_dealer"], data["device_name"])


@blp.route("/<string:table_id>")
class Table(MethodView):
    @blp.response(200, TableViewSchema)
    @blp.errors(404)
    def get(self, table_id: str):
        """State, protokoll, what is expected next, and findings"""
        row = store.load_row(g.db, table_id)
        setup, state = store.load_state(g.db, row)
        return store.table_view(row, setup, state)


@blp.route("/<string:table_id>/events")
class Events(MethodView):
    @blp.response(200, EventLogSchema)
    @blp.errors(404)
    def get(self, table_id: str):
        """The log: every entry with its sequence number, device and time"""
        return store.list_events(g.db, table_id)

    @blp.arguments(EventPostSchema)
    @blp.response(201, EventPostedSchema)
    @blp.doc(security=[{"bearerAuth": []}])
    @blp.errors(400, 401, 403, 404, 409, 422)
    def post(self, data, table_id: str):
        """Post one event (or a whole trick). A retry with the same client_event_id is
        answered as the first time; a post based on an old sequence number gets 409."""
        status, body = store.post_event(g.db, table_id, _token(), data["based_on"],
                                        data["client_event_id"], data["event"])
        return body, status


@blp.route("/<string:table_id>/protokoll")
class Protokoll(MethodView):
    @blp.arguments(ProtokollQuerySchema, location="query")
    @blp.response(200, SheetSchema, description="The protokoll as JSON, or as CSV "
                  "(format=csv or Accept: text/csv).")
    @blp.errors(400, 404)
    def get(self, query, table_id: str):
        """The protokoll (score sheet), as JSON or CSV"""
        row = store.load_row(g.db, table_id)
        setup, state = store.load_state(g.db, row)
        sheet = setup.module.sheet(state)
        wants_csv = query["format"] == "csv" or (
            request.accept_mimetypes.best == "text/csv")
        if wants_csv:
            return Response(sheet.to_csv(query["lang"]), mimetype="text/csv",
                            headers={"Content-Disposition":
                                     f'attachment; filename="protokoll-{table_id}.csv"'})
        return sheet.as_dict()
