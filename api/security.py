"""Security headers on every response.

The app is plain ES modules loaded from our own origin, so the Content Security Policy can
forbid everything else: no inline script or style (the page sets no ``style=`` attribute and
has no inline ``<script>``), no framing (``frame-ancestors 'none'``: a protokoll cannot be
shown inside another site to trick a tap), no plugins, connections only back to us. The API
answers with the same headers; JSON is never sniffed as HTML (``nosniff``).
"""

from __future__ import annotations

from flask import Flask, Response

CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",  # for browsers that predate frame-ancestors
    "Referrer-Policy": "no-referrer",  # join links and tokens never leak to other sites
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(self), geolocation=(), microphone=()",  # camera: QR scan
}


def install(app: Flask) -> None:
    @app.after_request
    def add_security_headers(response: Response) -> Response:
        if response.status_code == 304:
            # Not Modified has no body; the browser keeps the headers of the answer it
            # stored (RFC 9111 §4.3.4). Half a kilobyte less for each file a phone
            # revalidates (its service worker revalidates the whole app).
            return response
        # One look at the headers already set, not one per header (``setdefault`` walks
        # them all each time): a post's answer is made thousands of times a minute.
        present = {name.lower() for name in response.headers.keys()}
        for name, value in HEADERS.items():
            if name.lower() not in present:
                response.headers.add(name, value)
        return response
