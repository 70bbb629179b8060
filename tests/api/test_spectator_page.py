"""The page of a spectator link, /?watch=KEY (api/spectator_page.py): the top of the table drawn
by the server and the API's first answers inside, exactly what the key may read through the
API — no private card of a deal in play, no join code, names escaped — and a wrong key's page
the normal one with the API's refusal inside, counted once."""

from __future__ import annotations

import html
import json
import re

from api import create_app, spectator_page
from api.pages import PWA_DIR
from tests.api.test_replay_api import CIA, cias_hand_entered
from tests.conftest import start_table

HOSTILE = "<img src=x onerror=alert(1)>"


def data_block(page: str, block_id: str):
    (block,) = re.findall(rf'<script type="application/json" id="{block_id}">(.*?)</script>',
                          page, re.S)
    return json.loads(block)


def answers_in(page: str) -> dict:
    return data_block(page, "first-answers")


def get_page(client, key: str, **headers) -> str:
    response = client.get("/", query_string={"watch": key}, headers=headers)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "private, no-cache"
    return response.get_data(as_text=True)


def test_the_page_carries_what_the_api_answers_this_key(client, table):
    """The three answers inside the page are the API's own to the same key, byte for byte in
    meaning; the top of the table is drawn with the view's title and prompt."""
    table.ok({"type": "result", "bids": ["smyga", 3, "smyga", "smyga"], "tricks": [0, 4, 1, 1]})
    key = table.spectator_key
    page = get_page(client, key, **{"Accept-Language": "en-GB,en;q=0.8"})
    found = answers_in(page)
    spectator = {"X-Spectator-Key": key}
    assert found == {
        f"/api/watch?spectator_key={key}": {
            "status": 200, "body": client.get(f"/api/watch?spectator_key={key}").json},
        f"/api/tables/{table.id}": {"status": 200, "body": table.get(headers=spectator).json},
        f"/api/tables/{table.id}/events": {"status": 200,
                                           "body": table.get("/events", headers=spectator).json},
    }
    view = found[f"/api/tables/{table.id}"]["body"]
    assert view["join_code"] is None and view["access"]["write"] is False
    assert f'<div id="app" data-first-view="{table.id}">' in page
    assert f"<h2>{html.escape(view['title'])}</h2>" in page
    # A spectator enters nothing: the headline, without the players' "Enter the deal …".
    assert view["expected"]["headline"]["en"] == "Bo deals."
    assert view["expected"]["prompt"]["en"] == \
        "Bo deals. Enter the deal card by card or by quick entry."
    assert '<p class="prompt" role="status" aria-live="polite">Bo deals.</p>' in page
    assert "Enter the deal" not in page.split('id="first-answers"')[0]
    assert "You are following the table as a spectator." in page and '<html lang="en">' in page
    assert '<p class="loading">' not in page
    # The first paint needs style.css alone: the page's head asks for nothing else but the
    # small module that asks for the rest once that paint is done (js/after-paint.js).
    head = page.split("<body>")[0]
    assert '<link rel="stylesheet" href="/style.css">' in head
    asked = re.findall(r'<(?:link rel="(?:modulepreload|preload)"|script type="module")[^>]*>',
                       head)
    assert asked == ['<script type="module" fetchpriority="low" src="/js/after-paint.js">']
    assert "<!--" not in page  # no note on links that are not there
    # The rest: the app, the modules and stylesheets the page would have preloaded, the
    # game's details; the key's answer needs no request (it is inside the page).
    after = data_block(page, "after-paint")
    links = {link["href"]: link for link in after["links"]}
    assert after["module"] == "/js/app.js" and len(links) == len(after["links"]) > 20
    assert links["/api/games/rodskagg"] == {"rel": "preload", "href": "/api/games/rodskagg",
                                            "as": "fetch"}
    assert links["/phone.css"]["as"] == links["/replay.css"]["as"] == "style"
    assert links["/js/table-view.js"]["rel"] == "modulepreload"
    assert "/api/watch" not in json.dumps(after) and "/api/games\"" not in json.dumps(after)


def test_a_hand_of_a_deal_in_play_is_not_in_the_page(client):
    """Cia's hand, entered while the deal is played, is hers (and the owner's who entered
    it), not the audience's: the page carries it as the API shows it to a spectator, sealed
    (how many cards, not which), in the table's state and in the log."""
    table = start_table(client)
    cias_hand_entered(client, table)
    page = get_page(client, table.spectator_key)
    state = answers_in(page)[f"/api/tables/{table.id}"]["body"]["state"]
    sealed = {"hidden": True, "seat": 2, "count": 6}
    assert table.view()["state"]["deal"]["hands"][2] == CIA  # the owner's phone sees it
    assert state["deal"]["hands"][2] == sealed
    log = answers_in(page)[f"/api/tables/{table.id}/events"]["body"]
    (hand,) = [item for item in log["events"] if item["event"]["type"] == "hand"]
    assert hand["event"]["cards"] == sealed
    for card in ("♥9", "♠9"):  # two cards only her hand names (the kings are played later)
        assert card not in page
    assert table.get(headers={"X-Spectator-Key": table.spectator_key}).json["state"] == state


def test_names_are_escaped_in_the_drawing_and_in_the_data(client):
    table = start_table(client, players=(HOSTILE, "Bo", "Cia", "Dan"))
    page = get_page(client, table.spectator_key, **{"Accept-Language": "sv"})
    view = answers_in(page)[f"/api/tables/{table.id}"]["body"]
    assert HOSTILE in view["players"]  # the name is kept as typed ...
    assert "<img" not in page  # ... and never markup: &lt;img in the drawing, \u003c in the data
    assert html.escape(HOSTILE) in page and "\\u003cimg" in page
    assert "</script>" not in page.split('id="first-answers">')[1].split("</script>")[0]


def test_the_page_speaks_the_readers_language(client, table):
    """As js/i18n.js chooses: the reader's own choice (the cookie the app sets), else the
    browser's languages (Danish and Norwegian read Swedish), else Swedish."""
    key = table.spectator_key
    cases = [({"Accept-Language": "sv-SE,sv;q=0.9,en;q=0.8"}, "sv"),
             ({"Accept-Language": "en-US,en;q=0.9"}, "en"),
             ({"Accept-Language": "da-DK,en;q=0.5"}, "sv"),
             ({"Accept-Language": "fr-FR"}, "sv"),
             ({}, "sv")]
    for headers, lang in cases:
        page = get_page(client, key, **headers)
        words = spectator_page.WORDS[lang]
        assert f'<html lang="{lang}">' in page, headers
        assert words["readOnly"] in page and f">{words['otherLangCode']}</button>" in page
        headline = table.view()["expected"]["headline"][lang]
        assert f'aria-live="polite">{html.escape(headline)}</p>' in page
    client.set_cookie("lang", "en")
    page = get_page(client, key, **{"Accept-Language": "sv"})
    assert '<html lang="en">' in page and spectator_page.WORDS["en"]["readOnly"] in page


def test_the_drawn_words_are_the_apps_own():
    """The words the server draws are js/i18n.js's, in both languages."""
    i18n = (PWA_DIR / "js" / "i18n.js").read_text(encoding="utf-8")
    sv, en = i18n.split("\n  en: {")[0], i18n.split("\n  en: {")[1]
    for lang, part in (("sv", sv), ("en", en)):
        for name, text in spectator_page.WORDS[lang].items():
            assert f'{name}: "{text}"' in part, (lang, name)


def test_a_wrong_key_gets_the_normal_page_with_the_refusal_counted_once(tmp_path):
    """An unknown key: the start page as it is (nothing drawn), with the API's 404 inside so
    that the app shows it without asking again; every such page counts one wrong guess, and
    past the limit the page carries the 429. Never a 5xx; the right key still opens its
    table from another address."""
    app = create_app({"DATABASE": str(tmp_path / "p.sqlite"), "FAILED_ACCESS_LIMIT": 3})
    client = app.test_client()
    table = start_table(client)
    wrong = "A" * 22
    for attempt in range(3):
        page = get_page(client, wrong)
        assert "data-first-view" not in page and '<p class="loading">' in page
        assert page.count('fetchpriority="low" fetchpriority') == 0  # one priority a link
        (answer,) = answers_in(page).values()
        assert answer["status"] == 404 and answer["body"]["code"] == "spectator_key_unknown"
    (answer,) = answers_in(get_page(client, wrong)).values()
    assert answer["status"] == 429  # three pages, three guesses: the fourth is refused
    assert client.get(f"/api/watch?spectator_key={wrong}").status_code == 429
    other = app.test_client()
    page = other.get("/", query_string={"watch": table.spectator_key},
                     environ_base={"REMOTE_ADDR": "10.0.0.9"}).get_data(as_text=True)
    assert f'data-first-view="{table.id}"' in page
    # A key that is no key: the page as it is, nothing looked up, nothing inside.
    plain = client.get("/").get_data(as_text=True)
    for odd in ('"><script>alert(1)</script>', "x", "A" * 65):
        assert client.get("/", query_string={"watch": odd}).get_data(as_text=True) == plain


def test_a_tournament_table_draws_its_title_only(client):
    """At a tournament's table its band comes between the title and the prompt
    (js/tournament-band.js, not drawn by the server): only the title is drawn, so that
    nothing drawn moves when the app draws the rest."""
    director = client.post("/api/directors", json={"name": "Klubben"}).json
    auth = {"Authorization": f"Bearer {director['token']}"}
    event = client.post("/api/tournaments", headers=auth, json={
        "name": "Bräus-VM", "game": "braus", "rounds": 2,
        "players": [{"name": n} for n in ("Anna", "Bo", "Cia", "Dan")]}).json
    seated = client.post(f"/api/tournaments/{event['id']}/rounds", headers=auth,
                         json={"method": "random", "seed": 1})
    assert seated.status_code == 201, seated.json
    table_id = seated.json["tables"][0]["table_id"]
    key = client.post(f"/api/tables/{table_id}/spectator-key", headers=auth).json["spectator_key"]
    page = get_page(client, key)
    view = answers_in(page)[f"/api/tables/{table_id}"]["body"]
    assert view["tournament"]
    assert f'<div class="table-screen"><div class="status"><h2>{html.escape(view["title"])}</h2>' \
           '</div></div>' in page
    assert 'class="prompt"' not in page and 'class="read-only"' not in page
