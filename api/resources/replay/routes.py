"""Replaying a table for a dispute: the table after any entry, and the log step by step.

Read-only, with the same read credentials as ``GET /api/tables/{id}``; private cards go out
only as ``api.disclosure`` lets the reader see them (see ``steps``).
"""

from __future__ import annotations

from flask import g, request
from flask.views import MethodView

from ... import disclosure, store
from ...blueprint import Blueprint
from ..access import credentials, principals
from ..tables.routes import limits
from . import steps
from .schemas import StepsSchema, TableAtSchema

blp = Blueprint("replay", __name__, url_prefix="/api/tables",
                description="Replaying a table's log: its state after any entry, step by "
                            "step, to settle a dispute.")


def _reader(table_id: str):
    row = store.load_row(g.db, table_id)
    who = principals.for_reading(g.db, row, credentials.from_request(), limits())
    return row, disclosure.reader_of(g.db, who)


@blp.route("/<string:table_id>/at/<string:seq>")
class TableAt(MethodView):
    @blp.response(200, TableAtSchema)
    @blp.doc(security=credentials.READ_SECURITY)
    @blp.errors(400, 401, 403, 404, 429)
    def get(self, table_id: str, seq: str):
        """The table right after entry seq (0: before the first), as the reader may see it.

        The log as it stands now is replayed up to seq: undone entries skipped, corrections
        applied (also those posted after seq). A private entry's cards show as in the log: to its seat's devices, and to
        everyone once its deal is over (unless the table keeps them closed). A seq that is
        no number is 400 seq_invalid; one beyond the table's last entry 404 seq_unknown."""
        row, reader = _reader(table_id)
        return steps.table_at(g.db, row, reader, steps.seq_of(seq, row))


STEPS_QUERY = [
    {"in": "query", "name": "deal", "required": False,
     "schema": {"type": "integer", "minimum": 1},
     "description": "Only this deal's steps (1 is the first deal)."},
    {"in": "query", "name": "seq", "required": False,
     "schema": {"type": "integer", "minimum": 0},
     "description": "Only the steps of the deal that entry seq falls in (ignored with deal)."},
]


@blp.route("/<string:table_id>/steps")
class Steps(MethodView):
    @blp.response(200, StepsSchema)
    @blp.doc(security=credentials.READ_SECURITY, parameters=STEPS_QUERY)
    @blp.errors(400, 401, 403, 404, 429)
    def get(self, table_id: str):
        """The effective log step by step: each entry's deal, the trick it completed (cards
        in playing order from the leader, the winner) and the findings it brought; one
        deal's steps with ?deal= or ?seq="""
        row, reader = _reader(table_id)
        deal = request.args.get("deal")
        seq = request.args.get("seq")
        if deal is not None:
            return steps.steps(g.db, row, reader, deal=steps.deal_of(deal))
        if seq is not None:
            return steps.steps(g.db, row, reader, seq=steps.seq_of(seq, row))
        return steps.steps(g.db, row, reader)
