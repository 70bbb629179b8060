"""The protokoll as people keep it, on a phone (issue 17, items 7 and 8), in a real browser:
the sheet on paper, a chart whose equal lines stay apart in colours colour-blind players
tell apart, "Nytt bord" offering the last game and players, the phone's list of its tables,
and a tournament's table that knows where it is and stops when its round is played.
"""

from __future__ import annotations

from datetime import date

from playwright.sync_api import Page, expect

from tests.pwa.helpers import api_post, shot, table_credentials
from tests.pwa.test_first_page import PLAYERS, start_table
from tests.pwa.test_tournament_pages import api

OKABE_ITO = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000",
             "#F0E442"}
BO_BIDS_THREE = {"type": "result", "bids": ["smyga", 3, "smyga", "smyga"],
                 "tricks": [1, 4, 1, 0]}
ANNA_BIDS_THREE = {"type": "result", "bids": [3, "smyga", "smyga", "smyga"],
                   "tricks": [4, 1, 1, 0]}


def test_the_sheet_prints_without_the_entry(page: Page, live_server):
    start_table(page, live_server.url)
    api_post(page, live_server.url, BO_BIDS_THREE)
    page.reload()
    expect(page.locator(".sheet tfoot td")).to_have_text(["12", "8", "12", "12"])
    button = page.get_by_role("button", name="Skriv ut")
    expect(button).to_be_visible()
    expect(page.locator(".print-head")).to_be_hidden()
    expect(page.locator("form.quick-entry")).to_be_visible()

    page.emulate_media(media="print")
    expect(page.locator(".sheet")).to_be_visible()
    expect(page.locator(".sheet tfoot td")).to_have_text(["12", "8", "12", "12"])
    expect(page.locator(".print-head h2")).to_have_text("Rödskägg (Fem opp!)")
    # The day as Swedish writes it (written by hand, not with Intl: js/i18n.js calendarDate).
    expect(page.locator(".print-head p").last).to_have_text(f"Utskrivet {date.today().isoformat()}")
    for hidden in ("form.quick-entry", "section.entry", "header.top", ".table-footer",
                   ".chart-figure", ".status", "button"):
        for i in range(page.locator(hidden).count()):
            expect(page.locator(hidden).nth(i)).to_be_hidden()
    # every row is on paper: no scrolling box cuts the sheet
    box = page.evaluate("""(() => { const s = document.querySelector('.sheet-scroll');
        return [s.scrollHeight, s.clientHeight]; })()""")
    assert box[0] <= box[1]
    shot(page, "phone-sheet-print", full_page=True)
    page.emulate_media(media="screen")
    expect(page.locator("form.quick-entry")).to_be_visible()


def test_the_chart_has_markers_per_player_in_the_okabe_ito_palette(page: Page, live_server):
    start_table(page, live_server.url)
    api_post(page, live_server.url, BO_BIDS_THREE)
    api_post(page, live_server.url, ANNA_BIDS_THREE)
    page.reload()
    chart = page.locator("svg.chart")
    expect(chart).to_be_visible()
    lines = chart.locator("polyline")
    expect(lines).to_have_count(4)
    colours = [lines.nth(s).get_attribute("stroke") for s in range(4)]
    assert len(set(colours)) == 4 and set(colours) <= OKABE_ITO
    # Cia and Dan stand at 12 all along: two equal lines, one drawn inside the other
    widths = [float(lines.nth(s).get_attribute("stroke-width")) for s in range(4)]
    assert widths == sorted(widths, reverse=True) and widths[2] > widths[3]
    assert lines.nth(2).get_attribute("points") == lines.nth(3).get_attribute("points")
    assert lines.nth(2).get_attribute("stroke-dasharray") != lines.nth(3).get_attribute(
        "stroke-dasharray")
    shapes = []
    for s in range(4):
        markers = chart.locator(f"g.markers-{s} .marker")
        assert markers.count() >= 2  # a marker per point of this short match
        shapes.append(set(markers.evaluate_all("ms => ms.map(m => m.dataset.shape)")))
    assert all(len(shape) == 1 for shape in shapes)
    assert len(set.union(*shapes)) == 4  # a shape of its own for every player
    # where equal lines' markers meet, the first is largest: each shows round the next
    sizes = [chart.locator(f"g.markers-{s} .marker").first.bounding_box()["width"]
             for s in range(4)]
    assert sizes[0] > sizes[2] > sizes[3]
    # the legend shows each player's line and marker, not a colour alone
    legend = page.locator(".legend .legend-item")
    expect(legend).to_have_text(list(PLAYERS))
    for s in range(4):
        assert legend.nth(s).locator("svg .marker").get_attribute("data-shape") in shapes[s]
    shot(page, "phone-sheet-chart")


def test_new_table_offers_the_last_game_and_players(page: Page, live_server):
    start_table(page, live_server.url, players=("Astrid", "Britt", "Cecilia"), first_dealer=1)
    page.get_by_role("button", name="Nytt bord").click()
    page.get_by_role("button", name="Ja, nytt bord").click()
    expect(page.get_by_role("heading", name="Starta ett bord")).to_be_visible()
    expect(page.locator(".from-last")).to_contain_text("Samma spel och spelare som förra bordet")
    assert page.locator("select#game").input_value() == "rodskagg"
    names = page.locator(".player-row input[type=text]")
    expect(names).to_have_count(3)
    assert [names.nth(i).input_value() for i in range(3)] == ["Astrid", "Britt", "Cecilia"]
    expect(page.locator(".player-row").nth(1).locator("input[type=radio]")).to_be_checked()
    shot(page, "phone-sheet-new-table")
    page.get_by_role("button", name="Starta bordet").click()
    expect(page.locator(".sheet thead th .name")).to_have_text(["Astrid", "Britt", "Cecilia"])
    # and an empty form is one tap away
    page.get_by_role("button", name="Nytt bord").click()
    page.get_by_role("button", name="Ja, nytt bord").click()
    page.get_by_role("button", name="Tomt formulär").click()
    assert page.locator(".player-row input[type=text]").first.input_value() == ""


def test_the_start_screen_lists_this_phones_tables(page: Page, live_server):
    url = live_server.url
    start_table(page, url, players=("Anna", "Bo", "Cia"))
    first, _token = table_credentials(page)
    api_post(page, url, {"type": "result", "bids": ["smyga", 3, "smyga"],
                         "tricks": [1, 4, 1]})
    page.get_by_role("button", name="Nytt bord").click()
    page.get_by_role("button", name="Ja, nytt bord").click()
    page.locator("select#game").select_option("schnapsen")
    names = page.locator(".player-row input[type=text]")
    for seat, name in enumerate(("Dora", "Erik")):
        names.nth(seat).fill(name)
    page.get_by_role("button", name="Starta bordet").click()
    expect(page.locator(".sheet")).to_be_visible()
    second, _ = table_credentials(page)
    # a table whose token no longer opens anything (revoked, or the table is gone)
    page.evaluate("""(() => { const all = JSON.parse(localStorage.getItem('protokoll.tokens'));
        all['0123456789abcdef'] = 'not-a-token';
        localStorage.setItem('protokoll.tokens', JSON.stringify(all)); })()""")
    page.get_by_role("button", name="Nytt bord").click()
    page.get_by_role("button", name="Ja, nytt bord").click()

    listed = page.locator(".my-tables li.kept-table")
    expect(page.get_by_role("heading", name="Borden i den här telefonen")).to_be_visible()
    expect(listed).to_have_count(3)
    latest = page.locator(f'.kept-table[data-table="{second}"]')
    earlier = page.locator(f'.kept-table[data-table="{first}"]')
    expect(latest.locator(".kept-title")).to_have_text("Schnapsen")
    expect(latest.locator(".kept-players")).to_have_text("Dora, Erik")
    expect(earlier.locator(".kept-players")).to_have_text("Anna, Bo, Cia")
    expect(earlier.locator(".kept-facts")).to_contain_text("1 inmatning")
    assert listed.first.get_attribute("data-table") == second  # the latest first
    gone = page.locator('.kept-table[data-table="0123456789abcdef"]')
    expect(gone).to_contain_text("Telefonen kommer inte längre åt bordet.")
    expect(gone.get_by_role("button", name="Öppna")).to_have_count(0)
    shot(page, "phone-sheet-tables-list", full_page=True)

    gone.get_by_role("button", name="Glöm").click()
    expect(listed).to_have_count(2)
    assert "0123456789abcdef" not in page.evaluate("localStorage.getItem('protokoll.tokens')")

    earlier.get_by_role("button", name="Öppna").click()
    expect(page.locator(".sheet thead th .name")).to_have_text(["Anna", "Bo", "Cia"])
    assert table_credentials(page)[0] == first


def test_a_tournament_table_knows_where_it_is_and_stops_after_its_deals(page: Page,
                                                                         live_server):
    url = live_server.url
    director = api(url, "POST", "/api/directors", body={"name": "Klubben"})
    event = api(url, "POST", "/api/tournaments", director["token"], {
        "name": "Fem opp-kvällen", "game": "rodskagg", "rounds": 2, "per_round": {"deals": 1},
        "players": [{"name": n} for n in PLAYERS]})
    (table,) = api(url, "POST", f"/api/tournaments/{event['id']}/rounds", director["token"],
                   {"method": "standings"})["tables"]
    page.goto(table["join_link"])
    page.locator("form.join button[type=submit]").click()
    band = page.locator(".tournament-band")
    expect(band.locator(".where")).to_have_text("Fem opp-kvällen · rond 1 av 2 · bord 1")
    expect(band.locator(".progress")).to_have_text("Giv 1 av 1 i ronden.")
    expect(page.locator("form.quick-entry")).to_be_visible()
    shot(page, "phone-sheet-tournament-table")

    api_post(page, url, BO_BIDS_THREE)  # the round's one deal, from another phone
    expect(band.locator(".round-played")).to_have_text(
        "Rondens givar är spelade. Bordet tar inte emot fler givar; ångra eller rätta går "
        "fortfarande.")
    expect(page.locator("form.quick-entry")).to_have_count(0)
    expect(page.locator(".status .prompt")).to_have_count(0)  # no "Mata in given" now
    expect(page.locator(".sheet tfoot td")).to_have_text(["12", "8", "12", "12"])
    shot(page, "phone-sheet-tournament-played")

    table_id, token = table_credentials(page)
    refused = page.request.post(f"{url}/api/tables/{table_id}/events",
                                headers={"Authorization": f"Bearer {token}"},
                                data={"based_on": 1, "client_event_id": "late",
                                      "event": ANNA_BIDS_THREE})
    assert refused.status == 409 and refused.json()["code"] == "round_played"
    page.reload()
    expect(page.locator(".sheet tbody tr.nums")).to_have_count(2)  # the start and one deal
