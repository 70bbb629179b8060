"""The page of a spectator link, ``/?watch=KEY``, as a first visit gets it: the table's top
already drawn, and the answers the app would ask the API for carried inside the page.

Why (issue #16, Lighthouse on a phone over slow 4G): the screen used to appear only after
the table screen's modules had come (some twenty requests, however early they were asked
for) and then the API had answered — the largest paint came at 4.2–4.5 s. Now:

- The page carries, as JSON in a ``<script type="application/json">`` data block (no code:
  the CSP allows none inline), the answers to ``GET /api/watch``, ``GET /api/tables/ID``
  and ``GET /api/tables/ID/events`` exactly as the API gives them to this key: the same
  functions read them (``access.routes.watched``, ``tables.routes.read_table`` and
  ``read_log``), so what a spectator may not see (the private cards of a deal in play:
  ``api/disclosure.py``) is left out the same way, and a wrong key is refused and counted
  here as there (once: the app takes the refusal from the page and does not ask again).
  ``js/api.js`` answers the app's first such reads from this block; the app draws the table
  as soon as its modules are in, without a round trip to the API.
- The server draws the top of the table screen as ``js/table-view.js`` draws it for a
  spectator: the table's title, what the game expects now, and "you are following the
  table". That prompt (beside a short one, that line) is the largest text of the first
  screen (the paint Lighthouse times), so it now comes with the first response and the
  stylesheet. A spectator reads the prompt's headline, without "Mata in …" (they enter
  nothing). Only that much is drawn here, on purpose: the protokoll below it (protokoll.js
  and its words) is not copied into Python; it appears beneath when the app draws, and nothing the server drew moves — the
  app draws the same elements in the same places (tests/pwa/test_spectator_page.py).
  At a tournament's table the band of the tournament comes between the title and the
  prompt, so only the title is drawn there.

A phone that has the app already gets the plain page from its service worker (``sw.js``:
navigations come from the shell) and asks the API as before; so does a wrong key's page,
with the refusal inside. The words drawn here are ``js/i18n.js``'s (a test holds them
equal); the language is the one the app will choose: the reader's own choice (a cookie the
app sets beside its storage), else the browser's languages, else Swedish.
"""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

from flask import request

from . import request_lang
from .errors import ApiError
from .resources.access import credentials
from .resources.access.routes import watched
from .resources.access.schemas import WatchedSchema
from .resources.tables.routes import read_log, read_table
from .resources.tables.schemas import EventLogSchema, TableReadSchema

# js/i18n.js's words for what is drawn here (tests/api/test_spectator_page.py compares).
WORDS = {
    "sv": {"readOnly": "Du följer bordet som åskådare.", "refresh": "Uppdatera",
           "otherLang": "English", "otherLangCode": "EN", "otherLangTag": "en"},
    "en": {"readOnly": "You are following the table as a spectator.", "refresh": "Refresh",
           "otherLang": "Svenska", "otherLangCode": "SV", "otherLangTag": "sv"},
}
LANG_COOKIE = "lang"  # set by js/i18n.js setLang
SV_RANKS = {"A": "E", "Q": "D", "J": "Kn", "KN": "Kn"}
CARD_IN_TEXT = re.compile(r"([♠♥♦♣])(KN|A|Q|J)(?![^\W_])")

LOADING = '<header class="top"><h1><a href="/">Protokoll</a></h1></header>\n' \
          '    <main><p class="loading">Hämtar … · Loading …</p></main>'
APP_DIV = '<div id="app">'
BODY_END = "</body>"


def page_lang() -> str:
    """The language js/i18n.js will choose: the reader's choice, else the first of the
    browser's languages that the app speaks (the Scandinavian ones read Swedish), else
    Swedish."""
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in WORDS:
        return chosen
    for tag, _quality in request.accept_languages:
        base = tag.lower().split("-")[0]
        if base in ("sv", "nb", "nn", "da"):
            return "sv"
        if base == "en":
            return "en"
    return "sv"


def answers(key: str) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """What the app would ask the API for first, by URL ({status, body}), and the table
    view when the key opens one. Read as the API reads them, with this key."""
    creds = credentials.Credentials(spectator_key=key,
                                    address=request.remote_addr or "unknown")
    found: dict[str, Any] = {}
    try:
        watch = WatchedSchema().dump(watched(creds))
    except ApiError as error:  # unknown key, too many wrong ones: the API's own refusal
        found[f"/api/watch?spectator_key={key}"] = refusal(error)
        return found, None
    found[f"/api/watch?spectator_key={key}"] = {"status": 200, "body": watch}
    path = f"/api/tables/{watch['table_id']}"
    try:
        table = TableReadSchema().dump(read_table(watch["table_id"], creds))
        found[path] = {"status": 200, "body": table}
        found[f"{path}/events"] = {"status": 200,
                                   "body": EventLogSchema().dump(read_log(watch["table_id"],
                                                                          creds))}
    except ApiError as error:  # as the API would refuse it (the app says what is wrong)
        found[path] = refusal(error)
        return found, None
    return found, table


def refusal(error: ApiError) -> dict[str, Any]:
    return {"status": error.status, "body": error.body(request_lang())}


def local_cards(text: str, lang: str) -> str:
    """js/i18n.js localCards: ♥A reads ♥E in Swedish."""
    if lang != "sv":
        return text
    return CARD_IN_TEXT.sub(lambda m: m.group(1) + SV_RANKS[m.group(2)], text)


def pick(messages: Any, lang: str) -> str:
    """js/i18n.js pick, for the API's {sv, en} texts."""
    if not messages:
        return ""
    if isinstance(messages, str):
        return local_cards(messages, lang)
    text = next((messages[k] for k in (lang, "sv", "en") if messages.get(k) is not None), "")
    return local_cards(text, lang)


def top_of_table(table: dict[str, Any], lang: str) -> str:
    """The top of js/table-view.js renderTable for a reader who may not write, and the
    header of js/app.js: the same elements, classes and words, escaped."""
    words = WORDS[lang]
    header = ('<header class="top"><h1><a href="/">Protokoll</a></h1>'
              f'<button type="button" class="lang" aria-label="{words["otherLang"]}" '
              f'lang="{words["otherLangTag"]}">{words["otherLangCode"]}</button></header>')
    title = f'<h2>{escape(table.get("title") or "")}</h2>'
    if table.get("tournament"):  # its band comes next (js/tournament-band.js): not drawn
        screen = f'<div class="table-screen"><div class="status">{title}</div></div>'
    else:
        expected = table.get("expected") or {}  # a spectator enters nothing: no "Mata in …"
        prompt = pick(expected.get("headline") or expected.get("prompt"), lang)
        screen = ('<div class="table-screen"><div class="status">'
                  f'{title}<p class="prompt" role="status" aria-live="polite">'
                  f'{escape(prompt)}</p></div>'
                  f'<p class="read-only">{words["readOnly"]} '
                  f'<button type="button" class="secondary small">{words["refresh"]}</button>'
                  '</p></div>')
    return f'{header}\n    <main>{screen}</main>'


def json_block(block_id: str, value: Any) -> str:
    """``value`` as a JSON data block that no text inside can end early."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return f'<script type="application/json" id="{block_id}">{text}</script>\n'


def fill(page: str, key: str) -> tuple[str, str | None]:
    """The page with the table's top drawn (when the key opens a table) and the answers
    inside, and the table's game (None for a wrong key). The key is of the API's alphabet
    (api/pages.py checked it)."""
    found, table = answers(key)
    lang = page_lang()
    page = page.replace('<html lang="sv">', f'<html lang="{lang}">', 1)
    if table is not None:
        page = page.replace(LOADING, top_of_table(table, lang), 1)
        page = page.replace(APP_DIV, f'<div id="app" data-first-view="{escape(table["id"])}">',
                            1)
    # The answers, which js/api.js reads.
    page = page.replace(BODY_END, json_block("first-answers", found) + BODY_END, 1)
    return page, (table or {}).get("game")
