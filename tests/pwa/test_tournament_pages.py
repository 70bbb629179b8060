"""The tournament pages in a real browser: the director's desk (make a director, create a
tournament, seat a round, watch the tables, look at a finding, adjust), the table cards
with their QR codes, and the public standings a player opens on a phone — all without a
Content Security Policy violation.

Results are posted to the round's tables over HTTP, as the phones at the tables would.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import Browser, Page, expect

CSP_PROBE = """
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation',
        (e) => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));
"""
STOOD_OVER = [{"type": "deal"},
              {"type": "trick", "cards": "♦J ♠J", "over": [2, 0]},
              {"type": "trick", "cards": "♦A ♥A", "over": [0, 1]}]
SIX_RITOR_FOR_PAIR_B = [{"type": "result", "outcome": "rita", "winner": 1}] * 6


def api(url: str, method: str, path: str, token: str | None = None, body=None) -> dict:
    request = urllib.request.Request(
        url + path, method=method, data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json",
                 **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def post_entries(url: str, token: str, table_id: str, events: list[dict]) -> None:
    for seq, event in enumerate(events):
        api(url, "POST", f"/api/tables/{table_id}/events", token,
            {"based_on": seq, "client_event_id": f"{table_id}-{seq}", "event": event})


def no_csp_violation(page: Page) -> None:
    assert page.evaluate("window.__cspViolations") == []


@pytest.fixture
def desk(page: Page):
    page.set_viewport_size({"width": 1100, "height": 900})  # the director's laptop
    page.add_init_script(CSP_PROBE)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    assert errors == []


@pytest.fixture
def phone(browser: Browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, locale="sv-SE")
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.add_init_script(CSP_PROBE)
    yield page
    context.close()


def create_director_and_tournament(page: Page, url: str, players: int = 9) -> str:
    page.goto(url + "/tournament/director.html")
    page.get_by_label("Ditt namn eller arrangemangets").fill("Gotlands Bräusförbund")
    page.get_by_role("button", name="Skapa", exact=True).click()
    token = page.locator("code.token").inner_text()
    assert len(token) >= 43
    page.get_by_role("button", name="Öppna").click()
    expect(page.locator(".signed-in")).to_contain_text("Gotlands Bräusförbund")
    expect(page.get_by_text("Inga turneringar ännu.")).to_be_visible()
    form = page.locator("form.new-tournament")
    form.get_by_label("Namn", exact=True).fill("Bräus-VM 2026")
    form.get_by_label("Spel", exact=True).select_option("braus")
    form.get_by_label("Spelare", exact=True).fill("\n".join(
        f"Spelare {n}, {'Visby' if n % 2 else 'Slite'}" for n in range(1, players + 1)))
    form.get_by_label("Antal ronder").fill("3")
    form.get_by_role("button", name="Skapa turneringen").click()
    expect(page.locator(".event-head h2")).to_have_text("Bräus-VM 2026")
    return token


def test_the_director_runs_a_round_and_the_public_follows(desk: Page, live_server, phone):
    page, url = desk, live_server.url
    token = create_director_and_tournament(page, url)
    tid = re.search(r"t=([0-9a-f]+)", page.url).group(1)

    # Seat round 1 with a recorded seed: two tables of four, one bye.
    seat = page.locator("form.seat-round")
    seat.get_by_label("Frö (valfritt)").fill("7")
    seat.get_by_role("button", name="Lotta").click()
    rows = page.locator("table.tables tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.locator(".badge")).to_have_text(["inte börjat", "inte börjat"])
    expect(page.locator(".byes")).to_contain_text("Frirond: Spelare")
    codes = rows.locator("td.code").all_inner_texts()
    assert all(re.fullmatch(r"[A-HJ-NP-Z2-9]{6}", c) for c in codes)

    # The phones at the tables post; the desk shows what became of each table.
    rnd = api(url, "GET", f"/api/tournaments/{tid}/rounds/1", token)
    first, second = rnd["tables"]
    post_entries(url, token, first["table_id"], STOOD_OVER)
    post_entries(url, token, second["table_id"], SIX_RITOR_FOR_PAIR_B)
    page.reload()
    expect(rows.locator(".badge")).to_have_text(["fynd att titta på", "klart"])
    expect(page.locator(".counts")).to_contain_text("klart: 1")
    finding = page.locator(".open-findings li.finding")
    expect(finding).to_contain_text("Bord 1:")
    expect(finding).to_contain_text("Bräus — Spelet")
    finding.get_by_placeholder("Anteckning").fill("Pratat med bordet.")
    finding.get_by_role("button", name="Sett").click()
    expect(rows.first.locator(".badge")).to_have_text("spelar")
    expect(page.get_by_text("Inga öppna fynd.")).to_be_visible()

    # An arbitral adjustment with its reason, in the audit trail.
    adjust = page.locator("form.adjust")
    adjust.get_by_label("Spelare").select_option("5")
    adjust.get_by_label("Poäng").fill("-0.5")
    adjust.get_by_label("Skäl").fill("Sen ankomst till rond 1")
    adjust.get_by_role("button", name="Lägg till justering").click()
    expect(page.locator(".adjustment-list li")).to_have_text(
        "Spelare 5 (5) −0,5 · Sen ankomst till rond 1")
    page.locator("details.audit summary").click()
    expect(page.locator("details.audit li")).to_have_count(4)  # created, seated, looked, adjusted
    expect(page.locator("details.audit li").last).to_contain_text("adjustment")
    no_csp_violation(page)
    page.screenshot(path="/tmp/protokoll-tournament-desk.png", full_page=True)

    # Table cards: number, seats, pairs, the code, and a QR code of the join link.
    page.locator("a.cards-link").click()
    cards = page.locator("article.table-card")
    expect(cards).to_have_count(2)
    expect(cards.first.locator(".table-number")).to_have_text("Bord 1")
    expect(cards.first.locator(".card-seats li")).to_have_count(4)
    expect(cards.first.locator(".pair")).to_have_text(["Par A", "Par B", "Par A", "Par B"])
    expect(cards.first.locator(".join-code")).to_have_text(first["join_code"])
    qr = cards.first.locator("svg.qr")
    assert qr.get_attribute("data-text") == first["join_link"]
    assert qr.locator("path.qr-dark").get_attribute("d").count("M") > 100
    no_csp_violation(page)
    page.screenshot(path="/tmp/protokoll-tournament-cards.png", full_page=True)

    # The public standings on a phone, with no credential at all.
    phone.goto(f"{url}/tournament/standings.html?t={tid}")
    standings = phone.locator("table.standings tbody tr")
    expect(standings).to_have_count(9)
    expect(phone.locator(".tournament-name")).to_have_text("Bräus-VM 2026")
    expect(phone.locator(".progress")).to_contain_text("Rond 1 av 3 · 1 av 2 bord klara")
    expect(phone.locator(".tie-breaks")).to_contain_text("motståndarnas poäng")
    expect(phone.locator(".adjustments li")).to_have_text(
        "Spelare 5 (5) −0,5 · Sen ankomst till rond 1")
    winners = {second["seats"][i]["number"] for i in (1, 3)}
    bye = rnd["byes"][0]["number"]
    for number in winners:  # won their match 6–0: first, level
        row = phone.locator(f'tr[data-number="{number}"]')
        expect(row.locator("td.rank")).to_have_text("1")
        expect(row.locator("td.fig-matches")).to_have_text("1")
        expect(row.locator("td.fig-ritor_diff")).to_have_text("6")
    expect(phone.locator(f'tr[data-number="{bye}"] td.fig-matches')).to_have_text("1")
    late = phone.locator('tr[data-number="5"]')  # at the table still playing
    expect(late.locator("td.fig-matches")).to_have_text("−0,5")
    expect(late.locator("td.rank")).to_have_text("9")
    no_csp_violation(phone)
    phone.screenshot(path="/tmp/protokoll-tournament-standings.png", full_page=True)

    # In English, and on paper: no header or buttons, the time it was printed.
    phone.get_by_role("button", name="EN").click()
    expect(phone.locator(".tie-breaks h2")).to_have_text("Ranking")
    expect(phone.locator(".tie-breaks")).to_contain_text("then the opponents' score")
    phone.emulate_media(media="print")
    expect(phone.locator("header.top")).to_be_hidden()
    expect(phone.locator(".printed")).to_be_visible()
    expect(phone.locator(".printed")).to_have_text(
        re.compile(r"^Standings as of \d\d/\d\d/\d{4}, \d\d:\d\d:\d\d$"))
    expect(phone.locator("th.rounds")).to_be_visible()
    # The moment is written by hand as the browser's own formats write it.
    assert phone.evaluate("""async () => {
      const { momentText } = await import("/tournament/words.js");
      return [new Date(2026, 0, 5, 9, 3, 7), new Date(2026, 10, 24, 23, 59, 59)].map(
        (d) => [momentText(d, "sv"), d.toLocaleString("sv-SE"),
                momentText(d, "en"), d.toLocaleString("en-GB")]);
    }""") == [["2026-01-05 09:03:07"] * 2 + ["05/01/2026, 09:03:07"] * 2,
               ["2026-11-24 23:59:59"] * 2 + ["24/11/2026, 23:59:59"] * 2]


def test_a_token_kept_from_before_opens_the_desk(desk: Page, live_server):
    page, url = desk, live_server.url
    director = api(url, "POST", "/api/directors", body={"name": "Klubben"})
    page.goto(url + "/tournament/director.html")
    page.get_by_label("Nyckel").fill("not-a-token")
    page.get_by_role("button", name="Använd nyckeln").click()
    expect(page.locator("form.have-token .error")).to_have_text("Nyckeln är okänd.")
    page.get_by_label("Nyckel").fill(director["token"])
    page.get_by_role("button", name="Använd nyckeln").click()
    expect(page.locator(".signed-in")).to_contain_text("Klubben")
    no_csp_violation(page)


def test_the_director_closes_a_round_and_replaces_its_token(desk: Page, live_server):
    """Issue 14 from the desk: closing a round ends its cards' codes; a new token ends the
    old one at once."""
    page, url = desk, live_server.url
    director = api(url, "POST", "/api/directors", body={"name": "Klubben"})
    event = api(url, "POST", "/api/tournaments", director["token"], {
        "name": "Bräus-VM", "game": "braus", "rounds": 2,
        "players": [{"name": f"Spelare {n}"} for n in range(1, 5)]})
    (table,) = api(url, "POST", f"/api/tournaments/{event['id']}/rounds", director["token"],
                   {"method": "random", "seed": 1})["tables"]
    page.goto(url + "/tournament/director.html")
    page.get_by_label("Nyckel").fill(director["token"])
    page.get_by_role("button", name="Använd nyckeln").click()
    expect(page.locator(".signed-in")).to_contain_text("Klubben")
    page.goto(f"{url}/tournament/director.html?t={event['id']}")
    expect(page.locator("table.tables td.code")).to_have_text(table["join_code"])
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Avsluta rond 1").click()
    expect(page.locator(".round-closed")).to_contain_text("Ronden är avslutad")
    expect(page.locator("table.tables td.code")).to_have_text("")
    with pytest.raises(urllib.error.HTTPError) as joined:
        api(url, "POST", "/api/join", body={"code": table["join_code"]})
    assert joined.value.code == 404

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Ny nyckel").click()
    new_token = page.locator(".new-token-shown code").inner_text()
    assert new_token and new_token != director["token"]
    with pytest.raises(urllib.error.HTTPError) as old:
        api(url, "GET", "/api/directors/me", director["token"])
    assert old.value.code == 401
    assert api(url, "GET", "/api/directors/me", new_token)["name"] == "Klubben"
    no_csp_violation(page)
