"""A spectator link in a real browser (api/spectator_page.py): the first response shows the
table's top before any script has run, the app then draws the whole table over it with
nothing drawn moving and without asking the API for what the page brought, and the view
stays live. Names typed by players stay text; a wrong key's refusal is shown, asked once."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.pwa.helpers import start_game, wait_for_service_worker

HOSTILE = "<img src=x onerror=alert(1)>"
DRAWN = ".top h1 a", ".top .lang", ".status h2", ".prompt", ".read-only"


def start(page: Page, url: str, players=("Anna", "Bo", "Cia", "Dan")) -> dict:
    created = page.request.post(f"{url}/api/tables", data={"game": "rodskagg",
                                                          "players": list(players)}).json()
    post(page, url, created, 0, {"type": "result", "bids": ["smyga", 3, "smyga", "smyga"],
                                 "tricks": [0, 4, 1, 1]})
    return created


def post(page: Page, url: str, created: dict, seq: int, event: dict) -> None:
    response = page.request.post(f"{url}/api/tables/{created['id']}/events",
                                 headers={"Authorization": f"Bearer {created['token']}"},
                                 data={"based_on": seq, "client_event_id": f"s-{seq}",
                                       "event": event})
    assert response.status == 201, response.text()


def layout(page: Page) -> list[str]:
    """The table screen's parts in order, and the protokoll's last part (its chart)."""
    return page.evaluate("""() => [
      ...[...document.querySelectorAll('.table-screen > *')].map((e) => e.className || e.id),
      document.querySelector('#protokoll').lastElementChild.className]""")


def boxes(page: Page) -> dict:
    return {selector: page.locator(selector).bounding_box() for selector in DRAWN}


def test_the_first_response_shows_the_table_and_the_app_takes_over_in_place(browser, live_server):
    context = browser.new_context(viewport={"width": 412, "height": 823}, is_mobile=True,
                                  has_touch=True, locale="en-US", java_script_enabled=False)
    bare = context.new_page()
    created = start(bare, live_server.url)
    link = f"{live_server.url}/?watch={created['spectator_key']}"
    bare.goto(link)  # no script at all: what the first response alone draws
    expect(bare.locator(".prompt")).to_have_text("Bo deals.")  # no "Enter the deal …": not theirs
    expect(bare.locator(".read-only")).to_contain_text("You are following the table as a spectator.")
    expect(bare.locator(".status h2")).to_have_text("Rödskägg (Fem opp!)")
    before = boxes(bare)
    context.close()

    context = browser.new_context(viewport={"width": 412, "height": 823}, is_mobile=True,
                                  has_touch=True, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(10_000)
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    page.add_init_script("""
      window.__shift = 0; window.__lcp = []; window.__csp = [];
      document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(e.violatedDirective));
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__shift += e.value; })
        .observe({ type: "layout-shift", buffered: true });
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp.push(e.element?.className); })
        .observe({ type: "largest-contentful-paint", buffered: true });""")
    page.goto(link)
    expect(page.locator(".sheet tfoot")).to_contain_text("8")  # Bo's 12 − 4: the app drew it
    expect(page.locator(".live-live")).to_be_visible()
    assert boxes(page) == before  # what the server drew is where the app drew it
    # The first draw comes in parts (the chart, then what is below the protokoll) and ends
    # as the screen drawn whole does (below, after the next deal).
    expect(page.locator(".table-footer")).to_be_attached()
    first_draw = layout(page)
    assert first_draw[-1] == "chart-figure" and first_draw.index("protokoll") < first_draw.index("log")
    assert page.evaluate("window.__shift") == 0 and page.evaluate("window.__csp") == []
    # The largest paint is one the server drew (the prompt, or beside a short headline such as
    # "Bo deals." the spectator line), never a later one.
    assert page.evaluate("window.__lcp") in (["prompt"], ["read-only"])
    # What the page brought was not asked for again; the game's details were.
    assert not [u for u in asked if "/api/watch" in u or u.endswith(f"/api/tables/{created['id']}")
                or u.endswith("/events")]
    assert any(u.endswith("/api/games/rodskagg") for u in asked)
    # Nothing but the page, style.css and the small module that starts the app was asked
    # for before the table's top was painted (js/after-paint.js: Lighthouse counted every
    # module that had come before that paint as holding it up).
    painted, early = page.evaluate("""() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0].startTime;
      return [paint, performance.getEntriesByType("resource")
        .filter((e) => e.startTime < paint).map((e) => new URL(e.name).pathname)];
    }""")
    assert painted > 0 and set(early) <= {"/style.css", "/print.css", "/manifest.webmanifest",
                                          "/favicon.svg", "/js/after-paint.js"}
    assert {"/js/app.js", "/js/table-view.js", "/phone.css", "/api/games/rodskagg"} <= {
        re.sub(r"^https?://[^/]+", "", u) for u in asked}

    # Live: another deal at the table arrives without a reload, and the view then asks the API.
    post(page, live_server.url, created, 1, {"type": "result", "bids": ["smyga", "smyga", 2, "smyga"],
                                             "tricks": [1, 1, 2, 2]})
    expect(page.locator(".sheet tbody")).to_contain_text("Deal 2")
    expect(page.locator(".prompt")).to_have_text("Cia deals.")
    assert layout(page) == first_draw
    # The log's times are written as both languages write the time of day (no Intl).
    expect(page.locator(".log .meta").first).to_have_text(re.compile(r"^\d\d:\d\d\b"))

    # The service worker is in, and the app shell then opens without a network (a
    # spectator's phone keeps no table: the start screen says the network is missing).
    wait_for_service_worker(page)
    context.set_offline(True)
    page.reload()
    expect(page.locator(".top h1")).to_have_text("Protokoll")
    expect(page.locator(".message")).to_be_visible()
    context.close()


def test_a_hostile_name_stays_text_in_swedish(page: Page, live_server):
    created = start(page, live_server.url, players=(HOSTILE, "Bo", "Cia", "Dan"))
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(f"{live_server.url}/?watch={created['spectator_key']}")
    expect(page.locator(".sheet")).to_be_visible()
    expect(page.locator(".prompt")).to_have_text("Bo ger.")
    expect(page.locator(".read-only")).to_contain_text("Du följer bordet som åskådare.")
    expect(page.locator(".sheet thead th").first).to_have_text(HOSTILE)
    assert page.locator("img[src=x]").count() == 0 and not dialogs
    assert page.evaluate("document.documentElement.lang") == "sv"
    # The language goes to the server too, which draws the next such page in it.
    page.locator(".top .lang").click()
    expect(page.locator(".read-only")).to_contain_text("You are following the table as a spectator.")
    assert {c["name"]: c["value"] for c in page.context.cookies()}["lang"] == "en"


def test_a_wrong_key_is_refused_once(page: Page, live_server):
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(f"{live_server.url}/?watch={'A' * 22}")
    expect(page.locator(".message")).to_contain_text("Åskådarlänken gäller inget bord")
    expect(page.locator("form.setup")).to_be_visible()
    assert not [u for u in asked if "/api/watch" in u]  # the page's refusal, not a second guess


def test_the_players_are_told_how_to_enter_the_spectator_is_not(page: Page, live_server, browser):
    """Bräus: the seated phone's headline tells how to enter the deal; the spectator, who
    can enter nothing, reads what happens (who deals and who cuts) without it — on the page
    the server draws and on the screen the app draws over it."""
    start_game(page, live_server.url, "braus", ("Anna", "Bo", "Cia", "Dan"))
    expect(page.locator(".status .prompt")).to_have_text(
        "Anna ger, Dan kuperar. Mata in given stick för stick eller snabbt.")
    link = page.locator("a.spectator-link").get_attribute("href")
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, locale="sv-SE")
    try:
        watcher = context.new_page()
        response = watcher.goto(link)
        assert "Anna ger, Dan kuperar.</p>" in response.text()  # the server's page
        expect(watcher.locator(".sheet")).to_be_visible()  # the app has drawn
        expect(watcher.locator(".status .prompt")).to_have_text("Anna ger, Dan kuperar.")
        expect(watcher.locator(".read-only")).to_contain_text("Du följer bordet som åskådare.")
    finally:
        context.close()
