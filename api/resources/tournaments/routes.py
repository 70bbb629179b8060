"""Tournaments: a director's event — create it, seat its rounds, watch its tables, adjust,
and the standings everyone may read.

Who may do what:

- creating a tournament, and everything under it except the standings, needs the token of
  a director (``POST /api/directors``): ``Authorization: Bearer TOKEN``. The tournament
  belongs to that director; another director's token gets 403 ``token_forbidden``, a device
  token 403 ``director_token_required``, none 401. An unknown tournament is 404 before any
  credential is looked at (as an unknown table).
- the standings (JSON and CSV) are public and read-only: the link players open on their
  phones carries only the tournament's id.
"""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, g, jsonify, request
from flask.views import MethodView

from ... import compression, store
from ...blueprint import Blueprint
from ...db import write_transaction
from ...errors import ApiError
from ...tournament_logic import exchange
from ..access import credentials, guesses, records
from ..access.ratelimit import Limits
from . import closing, placement, service, storage
from ..tables.schemas import EventPostedSchema
from .schemas import (AdjustmentCreateSchema, AdjustmentSchema, AuditEntrySchema,
                      DirectorEntrySchema, ExportSchema, PlayerPatchSchema, PlayerSchema, ReviewCreateSchema,
                      ReviewSchema, RoundCreateSchema, RoundSchema, StandingsSchema,
                      TournamentCreateSchema, TournamentSchema, TournamentSummarySchema,
                      WatchQuerySchema, WatchSchema)

blp = Blueprint("tournaments", __name__, url_prefix="/api/tournaments",
                description="Tournaments: many tables of one game, seated round by round, "
                            "with live standings.")

# Its own path: a route under /api/tournaments/ would share its URL with /{tournament_id}.
imports = Blueprint("tournament_imports", __name__, url_prefix="/api/tournament-imports",
                    description="Reading a tournament export back as an archived tournament.")

DIRECTOR = credentials.WRITE_SECURITY
PUBLIC: list[dict[str, list[str]]] = [{}]


def _director() -> dict[str, Any]:
    return records.director_for_token(g.db, credentials.bearer_token())


def _owned(tournament_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The tournament (404 first) and its director (the token's, or 401/403)."""
    tournament = storage.load_tournament(g.db, tournament_id)
    director = _director()
    if tournament["director_id"] != director["id"]:
        raise ApiError(403, "token_forbidden", "Nyckeln gäller inte den här turneringen.",
                       "This token may not act on this tournament.",
                       details={"tournament": tournament_id})
    return tournament, director


CSV_CONTENT = {"text/csv": {"schema": {"type": "string"}}}


def csv_response(description: str) -> dict[str, Any]:
    """The spec of a CSV answer (flask-smorest documents a schema-less one without content)."""
    return {"200": {"description": description, "content": CSV_CONTENT}}


def _csv(text: str, filename: str) -> Response:
    return Response(text, mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@blp.route("")
class Tournaments(MethodView):
    @blp.arguments(TournamentCreateSchema)
    @blp.response(201, TournamentSchema)
    @blp.doc(security=DIRECTOR)
    @blp.errors(400, 401, 403, 422)
    def post(self, data):
        """Create a tournament: its game and options (the same at every table), players
        with their clubs, the number of rounds and how long a round lasts"""
        return service.create(g.db, _director(), data)

    @blp.response(200, TournamentSummarySchema(many=True))
    @blp.doc(security=DIRECTOR)
    @blp.errors(401, 403)
    def get(self):
        """The director's tournaments"""
        director = _director()
        return [service.summary(t, storage.round_count(g.db, t["id"]))
                for t in storage.director_tournaments(g.db, director["id"])]


@blp.route("/<string:tournament_id>")
class Tournament(MethodView):
    @blp.response(200, TournamentSchema)
    @blp.doc(security=DIRECTOR)
    @blp.errors(401, 403, 404)
    def get(self, tournament_id: str):
        """The tournament: settings, players, the scoring rule"""
        tournament, _ = _owned(tournament_id)
        return service.full_view(g.db, tournament)


@blp.route("/<string:tournament_id>/players/<int:number>")
class TournamentPlayer(MethodView):
    @blp.arguments(PlayerPatchSchema)
    @blp.response(200, PlayerSchema)
    @blp.doc(security=DIRECTOR)
    @blp.errors(400, 401, 403, 404)
    def patch(self, data, tournament_id: str, number: int):
        """Withdraw a player (not seated in later rounds; stays in the standings) or
        reinstate one. Audited."""
        tournament, director = _owned(tournament_id)
        return service.withdraw(g.db, director, tournament, number, data["withdrawn"])


@blp.route("/<string:tournament_id>/rounds")
class Rounds(MethodView):
    @blp.arguments(RoundCreateSchema)
    @blp.response(201, RoundSchema)
    @blp.doc(security=DIRECTOR)
    @blp.errors(400, 401, 403, 404, 409, 422)
    def post(self, data, tournament_id: str):
        """Seat the next round: random draw (seeded), by standings, or partner rotation;
        byes when the count does not divide. Makes a table per seat group, owned by the
        director, each with its join code."""
        tournament, director = _owned(tournament_id)
        address = credentials.from_request().address
        limits = Limits.from_config(current_app.config)
        seated = service.seat_next_round(
            g.db, director, tournament, data["method"], data["seed"], data["force"],
            credentials.join_link,
            # The tables are remembered for this address in the round's own transaction.
            also=lambda ids: [guesses.remember(g.db, address, i, limits) for i in ids if i])
        # Sent as built (it has RoundSchema's shape): dumping a 250-table round through
        # marshmallow again was a tenth of the seating's time.
        return jsonify(seated), 201


@blp.route("/<string:tournament_id>/rounds/<int:number>")
class SeatedRound(MethodView):
    @blp.response(200, RoundSchema)
    @blp.doc(security=DIRECTOR)
    @blp.errors(401, 403, 404)
    def get(self, tournament_id: str, number: int):
        """A seated round: tables, seats, join codes and links (the table cards)"""
        tournament, _ = _owned(tournament_id)
        return service.round_view(g.db, tournament,
                                  storage.seated_round(g.db, tournament_id, number),
                                  credentials.join_link)


@blp.route("/<string:tournament_id>/rounds/<int:number>/close")
class CloseRound(MethodView):
    @blp.response(200, RoundSchema)
    @blp.doc(security=DIRECTOR)
    @blp.errors(401, 403, 404)
    def post(self, tournament_id: str, number: int):
        """Close a round: its tables take no more entries from phones (409 round_closed)
        and their join codes end. Only the director corrects there, with a reason
        (POST …/tables/{table_id}/events). Seating the next round closes the earlier
        ones. Closing twice changes nothing. Audited."""
        tournament, director = _owned(tournament_id)
        with write_transaction(g.db):
            closing.close_round(g.db, tournament_id, number, director["id"])
        return service.round_view(g.db, tournament,
                                  storage.seated_round(g.db, tournament_id, number),
                                  credentials.join_link)


@blp.route("/<string:tournament_id>/tables/<string:table_id>/events")
class DirectorEntry(MethodView):
    @blp.arguments(DirectorEntrySchema)
    @blp.response(201, EventPostedSchema)
    @blp.doc(security=DIRECTOR)
    @blp.errors(400, 401, 403, 404, 409, 422, 429)
    def post(self, data, tournament_id: str, table_id: str):
        """The director's entry at a table of the tournament, with a reason: the one way
        to correct a table of a closed round. The engine checks it as any post; the reason
        is kept beside the entry in the table's log and in the audit trail."""
        _owned(tournament_id)
        if not any(row["table_id"] == table_id
                   for row in storage.table_rows(g.db, tournament_id).values()):
            raise ApiError(404, "table_not_in_tournament",
                           "Bordet hör inte till turneringen.",
                           "That table is not part of this tournament.",
                           details={"table_id": table_id})
        status, body = store.post_event(g.db, table_id, credentials.from_request(),
                                        data["based_on"], data["client_event_id"],
                                        data["event"], Limits.from_config(current_app.config),
                                        reason=data["reason"].strip() or data["reason"])
        body["table"]["tournament"] = placement.block(g.db, table_id, body["table"])
        return body, status


@blp.route("/<string:tournament_id>/watch")
class Watch(MethodView):
    @blp.arguments(WatchQuerySchema, location="query")
    @blp.response(200, WatchSchema)
    @blp.doc(security=DIRECTOR)
    @blp.errors(400, 401, 403, 404)
    def get(self, query, tournament_id: str):
        """Every table of a round (the latest by default): not started, playing, finished,
        or findings to look at; the open findings and the corrections made"""
        tournament, _ = _owned(tournament_id)
        return service.watch(g.db, tournament, query["round"], credentials.join_link)


@blp.route("/<string:tournament_id>/reviews")
class Reviews(MethodView):
    @blp.arguments(ReviewCreateSchema)
    @blp.response(201, ReviewSchema)
    @blp.doc(security=DIRECTOR)
    @blp.errors(400, 401, 403, 404)
    def post(self, data, tournament_id: str):
        """Mark a table's finding as looked at, with a note. Audited."""
        tournament, director = _owned(tournament_id)
        return service.review(g.db, director, tournament, data["table_id"], data["finding"],
                              data["note"])


@blp.route("/<string:tournament_id>/adjustments")
class Adjustments(MethodView):
    @blp.arguments(AdjustmentCreateSchema)
    @blp.response(201, AdjustmentSchema)
    @blp.doc(security=DIRECTOR)
    @blp.errors(400, 401, 403, 404, 422)
    def post(self, data, tournament_id: str):
        """An arbitral adjustment: points added to or taken from a player's main score,
        with the reason. Audited, listed with the standings, never edited (a wrong one is
        undone by another)."""
        tournament, director = _owned(tournament_id)
        return service.adjust(g.db, director, tournament, data)

    @blp.response(200, AdjustmentSchema(many=True))
    @blp.doc(security=DIRECTOR)
    @blp.errors(401, 403, 404)
    def get(self, tournament_id: str):
        """The adjustments, oldest first"""
        _owned(tournament_id)
        return [a.as_dict() for a in storage.load_adjustments(g.db, tournament_id)]


@blp.route("/<string:tournament_id>/audit")
class Audit(MethodView):
    @blp.response(200, AuditEntrySchema(many=True))
    @blp.doc(security=DIRECTOR)
    @blp.errors(401, 403, 404)
    def get(self, tournament_id: str):
        """Everything the director did, in order: creation, rounds seated, adjustments,
        findings looked at, withdrawals"""
        _owned(tournament_id)
        return storage.audit_trail(g.db, tournament_id)


@blp.route("/<string:tournament_id>/standings")
class Standings(MethodView):
    @blp.response(200, StandingsSchema)
    @blp.doc(security=PUBLIC)
    @blp.errors(404, 409)
    def get(self, tournament_id: str):
        """The standings, live and public: the rule and its tie-breaks, every player's
        figures and rounds, the adjustments with their reasons. With an ETag: a poll with
        If-None-Match gets 304 while nothing changed."""
        tournament = storage.load_tournament(g.db, tournament_id)
        tag, body = service.standings_body(g.db, tournament)
        # Built as the schema says (tests and schemathesis check it), sent without a second
        # pass through marshmallow: this is the endpoint every phone polls. Compressed once
        # per version and encoding (the tag carries the database's restore generation).
        compression.keep_compressed(
            f"{getattr(g.db, 'protokoll_file', ':memory:')}|{request.path}|{tag}")
        response = Response(body, mimetype="application/json",
                            headers={"Cache-Control": "no-cache"})
        response.set_etag(tag)
        return response.make_conditional(request)


@blp.route("/<string:tournament_id>/standings.csv")
class StandingsCsv(MethodView):
    @blp.response(200, content_type="text/csv")
    @blp.doc(security=PUBLIC, responses=csv_response("The standings as CSV"))
    @blp.errors(404, 409)
    def get(self, tournament_id: str):
        """The standings as CSV (public)"""
        standings = service.standings(g.db, storage.load_tournament(g.db, tournament_id))
        return _csv(exchange.standings_csv(standings), f"standings-{tournament_id}.csv")


@blp.route("/<string:tournament_id>/export")
class Export(MethodView):
    @blp.response(200, ExportSchema)
    @blp.doc(security=DIRECTOR)
    @blp.errors(401, 403, 404)
    def get(self, tournament_id: str):
        """The whole tournament as JSON: settings, players, rounds, every table's protokoll,
        result, findings and log, adjustments and standings. POST it to
        /api/tournament-imports to read it back."""
        tournament, _ = _owned(tournament_id)
        return service.export(g.db, tournament)


@blp.route("/<string:tournament_id>/protokolls.csv")
class ProtokollsCsv(MethodView):
    @blp.response(200, content_type="text/csv")
    @blp.doc(security=DIRECTOR, responses=csv_response(
        "Every table's protokoll as CSV, one line per row and column"))
    @blp.errors(401, 403, 404)
    def get(self, tournament_id: str):
        """Every table's protokoll as CSV (long form)"""
        tournament, _ = _owned(tournament_id)
        rounds = storage.load_rounds(g.db, tournament_id)
        return _csv(exchange.protokolls_csv(rounds, service.sources(g.db, tournament, False)),
                    f"protokolls-{tournament_id}.csv")


@imports.route("")
class Import(MethodView):
    @imports.arguments(ExportSchema)
    @imports.response(201, TournamentSchema)
    @imports.doc(security=DIRECTOR)
    @imports.errors(400, 401, 403, 422)
    def post(self, data):
        """Import a tournament export (GET …/export) as an archived tournament of this
        director. Every table's log is posted again through the engine, and the protokoll
        it gives must be the one the export states; the first place that fails (round,
        table, seq and the engine's reason) refuses the whole import with 422. Its
        standings come out the same. It counts in the public ratings only once the server's
        operator accepts it (protokoll imports accept ID); until then import_status is
        pending."""
        return service.import_document(g.db, _director(), data)


@imports.route("/<string:tournament_id>")
class ImportedTournament(MethodView):
    @imports.response(204)
    @imports.doc(security=DIRECTOR)
    @imports.errors(401, 403, 404, 409)
    def delete(self, tournament_id: str):
        """Delete an imported tournament (its director): it leaves the ratings and every
        list at once. A tournament played here is not deleted (409 not_an_import)."""
        tournament, _ = _owned(tournament_id)
        with write_transaction(g.db):
            if not storage.delete_import(g.db, tournament_id):
                raise ApiError(409, "not_an_import",
                               "Bara en importerad turnering kan tas bort.",
                               "Only an imported tournament can be deleted.",
                               details={"tournament": tournament_id})
        return None
