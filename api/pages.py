"""Serves the app in ``pwa/`` (plain HTML, CSS and ES modules; no build step)."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, abort, send_from_directory

PWA_DIR = Path(__file__).resolve().parent.parent / "pwa"

pages = Blueprint("pages", __name__)


@pages.route("/")
def index():
    return send_from_directory(PWA_DIR, "index.html", max_age=0)


@pages.route("/<path:filename>")
def asset(filename: str):
    if filename.startswith("api/") or not (PWA_DIR / filename).is_file():
        abort(404)
    return send_from_directory(PWA_DIR, filename, max_age=0)
