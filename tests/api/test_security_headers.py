"""Security headers on the pages and the API."""

from __future__ import annotations

import re

import pytest


@pytest.mark.parametrize("path", ["/", "/js/app.js", "/api/games", "/api/tables/nope"])
def test_every_response_carries_the_security_headers(client, path):
    response = client.get(path)
    headers = response.headers
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "no-referrer"
    csp = dict(part.strip().split(" ", 1) for part in headers["Content-Security-Policy"].split(";"))
    assert csp["script-src"] == "'self'"  # no inline script, no eval
    assert "unsafe-inline" not in headers["Content-Security-Policy"]
    assert csp["frame-ancestors"] == "'none'"
    assert csp["object-src"] == "'none'"


def test_the_page_has_no_inline_script_or_style(client):
    html = client.get("/").data.decode()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)  # every script has a src
    assert "<style" not in html and "style=" not in html
    assert re.search(r'<script type="module"[^>]* src="[^"]+"></script>', html)
