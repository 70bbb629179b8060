"""Serves the app in ``pwa/`` (plain HTML, CSS and ES modules; no build step)."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Flask, abort, send_from_directory
from werkzeug.routing import PathConverter

PWA_DIR = Path(__file__).resolve().parent.parent / "pwa"

pages = Blueprint("pages", __name__)


class AssetPath(PathConverter):
    """A path that is not under /api: the app's files never shadow an API route, so a wrong
    method on an API URL is answered by the API (405 with its Allow header), not by us."""

    regex = r"(?!api(?:/|$))[^/].*?"


def register(app: Flask) -> None:
    app.url_map.converters["asset"] = AssetPath
    app.register_blueprint(pages)


@pages.route("/")
def index():
    return send_from_directory(PWA_DIR, "index.html", max_age=0)


@pages.route("/<asset:filename>")
def asset(filename: str):
    if not (PWA_DIR / filename).is_file():
        abort(404)
    return send_from_directory(PWA_DIR, filename, max_age=0)
