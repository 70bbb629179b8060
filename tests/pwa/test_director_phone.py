"""The director's pages on a phone (issue 17, item 7): every page fits 390 px with long
names (no horizontal overflow), names in a round's tables stay whole on their line, and
the director key shown once has a button that copies it."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Browser, Page, expect

from tests.pwa.helpers import shot
from tests.pwa.test_tournament_pages import api

LONG_NAMES = ["Maximiliana Andersson-Fredriksdotter", "Karl-Johan Bergström",
              "Ebba Gyllenhammar af Klinteberg", "Bo Ek", "Sven-Erik Johansson-Wallenberg",
              "Anna-Karin Lindqvist", "Per Olof Svensson", "Ulrika Eleonora Nilsson"]
WIDTH = 390

LINES_OF = """(el) => {
    const range = document.createRange();
    range.selectNodeContents(el.firstChild);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return tops.size;
}"""


def fits(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    wider = page.evaluate(f"""[...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > {WIDTH} + 0.5)
        .slice(0, 5).map((e) => e.tagName + '.' + e.className)""")
    assert width <= WIDTH and wider == [], (page.url, width, wider)


def test_every_director_page_fits_a_phone_with_long_names(page: Page, live_server):
    url = live_server.url
    director = api(url, "POST", "/api/directors",
                   body={"name": "Gotlands Kortspelsförbunds Klubbmästerskapskommitté"})
    event = api(url, "POST", "/api/tournaments", director["token"], {
        "name": "Klubbmästerskapet i Bräus på Gotland 2026", "game": "braus", "rounds": 3,
        "players": [{"name": n, "club": "Gotlands Kortspelsförening"} for n in LONG_NAMES]})
    api(url, "POST", f"/api/tournaments/{event['id']}/rounds", director["token"],
        {"method": "random", "seed": 1})

    page.goto(url + "/tournament/director.html")
    expect(page.get_by_role("button", name="Använd nyckeln")).to_be_visible()
    fits(page)
    page.evaluate(f"localStorage.setItem('protokoll.director', {json.dumps(director['token'])})")
    pages = {
        "director-home": ("/tournament/director.html", ".signed-in"),
        "director-desk": (f"/tournament/director.html?t={event['id']}", "table.tables tbody tr"),
        "director-cards": (f"/tournament/cards.html?t={event['id']}&round=1",
                           "article.table-card"),
        "director-standings": (f"/tournament/standings.html?t={event['id']}",
                               "table.standings tbody tr"),
        "director-ratings": ("/tournament/ratings.html?game=braus", "main p"),
    }
    for name, (path, ready) in pages.items():
        page.goto(url + path)
        expect(page.locator(ready).first).to_be_visible()
        fits(page)
        shot(page, f"phone-{name}", full_page=True)
        if name == "director-desk":
            seats = page.locator("table.tables td.seats .seat")
            expect(seats).to_have_count(8)
            # each name whole on its line: none broken word by word
            assert seats.evaluate_all(f"els => els.map({LINES_OF})") == [1] * 8
            names = [text.rstrip("AB") for text in seats.all_inner_texts()]
            assert sorted(names) == sorted(LONG_NAMES)


def test_the_director_key_has_a_copy_button(browser: Browser, live_server):
    context = browser.new_context(viewport={"width": WIDTH, "height": 844}, is_mobile=True,
                                  has_touch=True, locale="sv-SE")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(live_server.url + "/tournament/director.html")
        page.get_by_label("Ditt namn eller arrangemangets").fill("Klubben")
        page.get_by_role("button", name="Skapa", exact=True).click()
        token = page.locator("code.token").inner_text()
        assert len(token) >= 43
        copy = page.locator("button.copy-token")
        expect(copy).to_have_text("Kopiera nyckeln")
        copy.click()
        expect(copy).to_have_text("Kopierad ✓")
        assert page.evaluate("navigator.clipboard.readText()") == token
        fits(page)
        shot(page, "phone-director-key-copied")

        # the new key made later at the desk has one too
        page.get_by_role("button", name="Öppna").click()
        page.once("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="Ny nyckel").click()
        fresh = page.locator(".new-token-shown code").inner_text()
        assert fresh != token
        page.locator(".new-token-shown").get_by_role("button", name="Kopiera nyckeln").click()
        assert page.evaluate("navigator.clipboard.readText()") == fresh
        fits(page)
    finally:
        context.close()


def test_without_the_clipboard_api_the_key_is_copied_the_old_way(browser: Browser,
                                                                   live_server):
    """A laptop on the club's network over plain http has no Clipboard API: the button
    selects the key and copies it with the old command, or asks to copy it by hand."""
    context = browser.new_context(viewport={"width": WIDTH, "height": 844}, locale="sv-SE")
    context.add_init_script("Object.defineProperty(navigator, 'clipboard', "
                            "{value: undefined, configurable: true});")
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(live_server.url + "/tournament/director.html")
        page.get_by_label("Ditt namn eller arrangemangets").fill("Klubben")
        page.get_by_role("button", name="Skapa", exact=True).click()
        token = page.locator("code.token").inner_text()
        copy = page.locator("button.copy-token")
        copy.click()
        expect(copy).to_have_text(re.compile("Kopierad ✓|Markerad – kopiera den för hand"))
        assert page.evaluate("window.getSelection().toString()") == token
    finally:
        context.close()
