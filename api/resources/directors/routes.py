from __future__ import annotations

from flask import g
from flask.views import MethodView

from ... import names
from ...blueprint import Blueprint
from ...db import write_transaction
from ..access import credentials, records, rotation
from .schemas import DirectorCreateSchema, DirectorCreatedSchema, DirectorSchema

blp = Blueprint("directors", __name__, url_prefix="/api/directors",
                description="Tournament directors: a token that owns the tables it starts.")


@blp.route("")
class Directors(MethodView):
    @blp.arguments(DirectorCreateSchema)
    @blp.response(201, DirectorCreatedSchema)
    @blp.errors(400)
    def post(self, data):
        """Make a director and its token. Start tables with it (POST /api/tables with
        Authorization: Bearer) and they belong to the director."""
        return records.create_director(g.db, names.clean(data["name"]) or data["name"].strip()
                                       or data["name"])


@blp.route("/me")
class Me(MethodView):
    @blp.response(200, DirectorSchema)
    @blp.doc(security=credentials.WRITE_SECURITY)
    @blp.errors(401, 403)
    def get(self):
        """The director the token belongs to, and the tables it owns"""
        director = records.director_for_token(g.db, credentials.bearer_token())
        return {**director, "tables": records.director_tables(g.db, director["id"])}


@blp.route("/me/token")
class Token(MethodView):
    @blp.response(201, DirectorCreatedSchema)
    @blp.doc(security=credentials.WRITE_SECURITY)
    @blp.errors(401, 403)
    def post(self):
        """Replace the director's token: the new one is shown once, and the old one is
        unknown (401) from this moment, at every table and tournament of the director."""
        with write_transaction(g.db):
            director = records.director_for_token(g.db, credentials.bearer_token())
            return rotation.rotate_director_token(g.db, director["id"])
