"""Joining a table with its code, following it as a spectator, and managing its devices.

``POST /api/join`` gives a phone its own device token; ``GET /api/watch`` tells the app
which table a spectator link shows; the owner (or the table's director) lists the devices
and revokes a lost phone's token (which gives the table a new join code), replaces the join
code or the spectator key, or hands the table over (``rotation``).
"""

from __future__ import annotations

from flask import current_app, g
from flask.views import MethodView

from ... import names, request_lang, store
from ...blueprint import Blueprint
from ...db import write_transaction
from ...errors import ApiError, RateLimited
from . import credentials, principals, records, rotation
from .ratelimit import Limits
from .schemas import (DeviceSchema, HandOverSchema, JoinCodeSchema, JoinSchema, JoinedSchema,
                      RevokedDeviceSchema, SpectatorKeySchema, WatchedSchema)

blp = Blueprint("access", __name__, url_prefix="/api",
                description="Joining a table, spectator links, and a table's devices.")


def limits() -> Limits:
    return Limits.from_config(current_app.config)


@blp.app_errorhandler(RateLimited)
def rate_limited(error: RateLimited):
    """A 429 in the one error shape, with its Retry-After header (the app's handler for
    ApiError answers without headers; this more specific one takes precedence)."""
    return error.body(request_lang()), error.status, error.headers


@blp.route("/join")
class Join(MethodView):
    @blp.arguments(JoinSchema)
    @blp.response(201, JoinedSchema)
    @blp.errors(400, 404, 429)
    def post(self, data):
        """Join a table with its code: this phone gets its own device token.

        A wrong code is a 404; wrong codes are counted per client address, and past the
        limit every attempt from there gets 429 until the window ends."""
        return records.join(g.db, data["code"], names.clean(data["device_name"]),
                            credentials.from_request().address, limits(), data["seat"])


@blp.route("/watch")
class Watch(MethodView):
    @blp.response(200, WatchedSchema)
    @blp.doc(security=credentials.WATCH_SECURITY)
    @blp.errors(401, 404, 429)
    def get(self):
        """The table a spectator key shows (the spectator link carries only the key), and
        its game"""
        return watched(credentials.from_request())


def watched(creds: credentials.Credentials) -> dict[str, str]:
    """``GET /api/watch``: also what the page of a spectator link looks up (a wrong key is
    counted there as here: api/spectator_page.py)."""
    if not creds.spectator_key:
        raise ApiError(401, "credentials_required", "Åskådarnyckeln saknas.",
                       "The spectator key is missing (X-Spectator-Key).")
    table_id = records.watched_table(g.db, creds.spectator_key, creds.address, limits())
    return {"table_id": table_id, "game": store.load_row(g.db, table_id)["game"]}


@blp.route("/tables/<string:table_id>/devices")
class Devices(MethodView):
    @blp.response(200, DeviceSchema(many=True))
    @blp.doc(security=credentials.WRITE_SECURITY)
    @blp.errors(401, 403, 404)
    def get(self, table_id: str):
        """The table's devices, revoked ones included (the log still names them).
        For the owner's device and the table's director."""
        row = store.load_row(g.db, table_id)
        who = principals.for_managing(g.db, row, credentials.from_request(), writing=False)
        return records.list_devices(g.db, table_id, who.device_id)


@blp.route("/tables/<string:table_id>/devices/<string:device_id>")
class Device(MethodView):
    @blp.response(200, RevokedDeviceSchema)
    @blp.doc(security=credentials.WRITE_SECURITY)
    @blp.errors(401, 403, 404, 409)
    def delete(self, table_id: str, device_id: str):
        """Revoke a device: its token gets 403 from now on and changes nothing. Its entries
        stay in the log. The table gets a new join code (the phone has seen the old one),
        returned here; the other devices keep their tokens. Revoking twice is harmless. The
        owner hands the table over before its own device can go (409 hand_over_first); the
        table's director may revoke the owner's device."""
        with write_transaction(g.db):
            row = store.load_row(g.db, table_id)
            who = principals.for_managing(g.db, row, credentials.from_request())
            device = rotation.revoke(g.db, table_id, device_id, who)
        code = device["join_code"]
        return {**device, "join_link": credentials.join_link(code) if code else None}


@blp.route("/tables/<string:table_id>/join-code")
class JoinCode(MethodView):
    @blp.response(201, JoinCodeSchema)
    @blp.doc(security=credentials.WRITE_SECURITY)
    @blp.errors(401, 403, 404, 409)
    def post(self, table_id: str):
        """Make a new join code (the old code and link stop working at once); the devices
        at the table keep their tokens. Owner or director; not at a closed round's table."""
        with write_transaction(g.db):
            row = store.load_row(g.db, table_id)
            principals.for_managing(g.db, row, credentials.from_request())
            code = rotation.rotate_join_code(g.db, table_id)
        return {"join_code": code, "join_link": credentials.join_link(code)}


@blp.route("/tables/<string:table_id>/owner")
class Owner(MethodView):
    @blp.arguments(HandOverSchema)
    @blp.response(200, DeviceSchema)
    @blp.doc(security=credentials.WRITE_SECURITY)
    @blp.errors(400, 401, 403, 404, 409)
    def put(self, data, table_id: str):
        """Hand the table over: the given player's device becomes its owner, and the old
        owner's device a player's (it writes, it no longer manages). Owner or director."""
        with write_transaction(g.db):
            row = store.load_row(g.db, table_id)
            who = principals.for_managing(g.db, row, credentials.from_request())
            return rotation.hand_over(g.db, table_id, data["device_id"], who)


@blp.route("/tables/<string:table_id>/spectator-key")
class SpectatorKey(MethodView):
    @blp.response(201, SpectatorKeySchema)
    @blp.doc(security=credentials.WRITE_SECURITY)
    @blp.errors(401, 403, 404)
    def post(self, table_id: str):
        """Make a new spectator key (the old link stops working), e.g. after the key was
        lost with the phone that started the table or shared too widely."""
        with write_transaction(g.db):
            row = store.load_row(g.db, table_id)
            principals.for_managing(g.db, row, credentials.from_request())
            key = records.new_spectator_key(g.db, table_id)
        return {"spectator_key": key, "spectator_link": credentials.spectator_link(key)}
