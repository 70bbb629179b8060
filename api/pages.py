"""Serves the app in ``pwa/`` (plain HTML, CSS and ES modules; no build step).

Two files are more than static:

- ``/sw.js``, the service worker, at the root so that its scope is the whole app. The
  server writes two things into it: the list of the app shell's files (everything the app
  is made of, so a new module is cached without anyone keeping a list) and a version, a
  hash of those files' contents. Any change to the app is then a change to ``sw.js``; the
  browser installs the new worker, which fills a new cache and only then deletes the old
  ones — never its own.
- ``/manifest.webmanifest`` with its registered media type, for installing the app.
- ``/?watch=KEY``, a spectator link: the page with the top of the table already drawn and
  the API's first answers inside (``spectator_page``), plus what the app will ask for
  first on it, so that it is asked for at once with the page's own modules instead of after
  them: the table screen's modules and stylesheet (``js/later.js`` MODULES and STYLES,
  without the forms a spectator never draws) and the game's details; not the catalog,
  which a spectator's table is drawn without. When the table's top is drawn, all of it is
  asked for once that top is painted (``after_the_first_paint``).

Only the app's own kinds of files are served (no ``.py`` or ``.md`` from the folder).
"""

from __future__ import annotations

import functools
import hashlib
import json
import mimetypes
import re
from pathlib import Path

from flask import Blueprint, Flask, Response, abort, request, send_from_directory
from werkzeug.routing import PathConverter

from . import spectator_page

PWA_DIR = Path(__file__).resolve().parent.parent / "pwa"
SERVED = {".html", ".css", ".js", ".svg", ".png", ".webmanifest", ".json", ".ico", ".txt"}
SHELL = {".html", ".css", ".js", ".svg", ".png", ".webmanifest"}
NOT_IN_SHELL = {"sw.js"}
# Icons the pages never show: the manifest's large and maskable ones (the system fetches
# those itself when the app is installed) and the SVGs they were drawn from. The service
# worker would fetch them on every first visit (35 KB) for nothing it draws offline.
MANIFEST_ONLY = {"icons/icon-512.png", "icons/maskable-192.png", "icons/maskable-512.png",
                 "icons/icon.svg", "icons/maskable.svg"}

mimetypes.add_type("application/manifest+json", ".webmanifest")
mimetypes.add_type("text/javascript", ".js")

pages = Blueprint("pages", __name__)


class AssetPath(PathConverter):
    """A path that is not under /api: the app's files never shadow an API route, so a wrong
    method on an API URL is answered by the API (405 with its Allow header), not by us."""

    regex = r"(?!api(?:/|$))[^/].*?"


def register(app: Flask) -> None:
    app.url_map.converters["asset"] = AssetPath
    app.register_blueprint(pages)


def shell_files() -> list[str]:
    """The app shell: every file of the app, as URLs, ``/`` for the page itself."""
    files = sorted(p.relative_to(PWA_DIR).as_posix() for p in PWA_DIR.rglob("*")
                   if p.is_file() and p.suffix in SHELL and p.name not in NOT_IN_SHELL)
    return ["/"] + ["/" + f for f in files if f != "index.html" and f not in MANIFEST_ONLY]


def shell_version(files: list[str]) -> str:
    digest = hashlib.sha256()
    for url in files + ["/sw.js"]:
        path = PWA_DIR / ("index.html" if url == "/" else url.lstrip("/"))
        digest.update(url.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


@functools.cache
def later_list(name: str) -> tuple[str, ...]:
    """A list of files of ``js/later.js``: ``MODULES`` (the modules of a spectator's table
    screen), ``STYLES`` (its stylesheets)."""
    source = (PWA_DIR / "js" / "later.js").read_text(encoding="utf-8")
    listed = source[source.index(f"export const {name} = ["):]
    return tuple(re.findall(r'"(/[^"]+)"', listed[:listed.index("];")]))


# A spectator key as the API makes them (credentials.new_token: URL-safe base64); anything
# else gets the plain page, whose app asks the API and shows its refusal.
SPECTATOR_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")
PAGE_HEAD_END = "</head>"
CATALOG_PRELOAD = '<link rel="preload" fetchpriority="low" href="/api/games" as="fetch" crossorigin>'


# What a page asks for at once: a module or stylesheet preloaded, the app's module script.
_ASKED_AT_ONCE = re.compile(r'\n *<(?:link rel="(modulepreload|preload)"([^>]*)>'
                            r'|script type="module"([^>]*)></script>)')
_ATTRIBUTE = re.compile(r'(href|src|as)="([^"]*)"')
_COMMENT = re.compile(r"\n *<!--.*?-->", re.S)


def after_the_first_paint(page: str) -> str:
    """The page with everything it asked for at once (the modules and stylesheets it
    preloads, the game's details, the app's module) asked for by ``js/after-paint.js`` once
    the first frame is painted: the table's top drawn here needs ``style.css`` alone, and
    Lighthouse's simulation counted every module that ended before its paint as holding
    it up (js/after-paint.js says how much). The list goes as a data block."""
    links: list[dict[str, str]] = []
    module: list[str] = []

    def take(match: re.Match) -> str:
        rel, link, script = match.groups()
        found = dict(_ATTRIBUTE.findall(link or script))
        if script is not None:
            module.append(found["src"])
        else:
            links.append({"rel": rel, "href": found["href"],
                          **({"as": found["as"]} if "as" in found else {})})
        return ""

    page = _ASKED_AT_ONCE.sub(take, page)
    page = _COMMENT.sub("", page)  # index.html's notes on the links taken out
    (app_module,) = module
    block = spectator_page.json_block("after-paint", {"module": app_module, "links": links})
    starter = '  <script type="module" fetchpriority="low" src="/js/after-paint.js"></script>\n'
    page = page.replace(PAGE_HEAD_END, starter + PAGE_HEAD_END, 1)
    return page.replace(spectator_page.BODY_END, block + spectator_page.BODY_END, 1)


@pages.route("/")
def index():
    key = request.args.get("watch", "")
    if not SPECTATOR_KEY.fullmatch(key):
        return send_from_directory(PWA_DIR, "index.html", max_age=0)
    links = [f'  <link rel="modulepreload" href="{url}">' for url in later_list("MODULES")]
    links += [f'  <link rel="preload" href="{url}" as="style">' for url in later_list("STYLES")]
    page, game = spectator_page.fill((PWA_DIR / "index.html").read_text(encoding="utf-8"), key)
    if game:  # asked for by js/app.js's loadTable, with the table's (here inside the page)
        links.append(f'  <link rel="preload" href="/api/games/{game}" as="fetch" crossorigin>')
    # A spectator's table is drawn without the catalog (js/app.js asks for it afterwards).
    page = page.replace(CATALOG_PRELOAD, "", 1)
    links.insert(0, "  <!-- This table's first requests (api/pages.py). -->")
    page = page.replace(PAGE_HEAD_END, "\n".join([*links, PAGE_HEAD_END]), 1)
    if game:  # the table's top is in the page: what takes it over comes after its paint
        page = after_the_first_paint(page)
    # The key and the table are in the page: no cache but the phone's own keeps it.
    return Response(page, mimetype="text/html",
                    headers={"Cache-Control": "private, no-cache"})


@pages.route("/sw.js")
def service_worker():
    files = shell_files()
    source = (PWA_DIR / "sw.js").read_text(encoding="utf-8")
    source = (source.replace('"@VERSION@"', json.dumps(shell_version(files)))
                    .replace('["@SHELL@"]', json.dumps(files)))
    return Response(source, mimetype="text/javascript",
                    headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"})


@pages.route("/<asset:filename>")
def asset(filename: str):
    path = PWA_DIR / filename
    try:
        found = path.suffix in SERVED and path.is_file()
    except (OSError, ValueError):  # a name too long for the file system, a NUL byte: none
        found = False
    if not found:
        abort(404)
    return send_from_directory(PWA_DIR, filename, max_age=0)
