"""The first page at ``/`` in a real browser (Debian's Chromium, phone-sized).

Each test drives the page as a person at a card table would: start a Rödskägg table, enter
deals by quick entry, call fem opp, undo, reload, play a match to the end. Expected numbers
come from the rule text (file 002, "Rödskägg regler"), e.g. "A startade på 12 poäng, bjöd
tre stick och tog fyra. Han åker då ned till 8 poäng".
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.pwa.helpers import api_get

PLAYERS = ("Anna", "Bo", "Cia", "Dan")


# --- helpers -----------------------------------------------------------------------------------
def start_table(page: Page, url: str, players=PLAYERS, first_dealer: int = 0,
                options: dict[str, bool] | None = None) -> None:
    page.goto(url + "/")
    expect(page.get_by_role("heading", name="Starta ett bord")).to_be_visible()
    inputs = page.locator(".player-row input[type=text]")
    while inputs.count() < len(players):
        page.get_by_role("button", name="+ Lägg till spelare").click()
    for seat, name in enumerate(players):
        inputs.nth(seat).fill(name)
    page.locator(".player-row").nth(first_dealer).locator("input[type=radio]").check()
    if options:
        page.locator("details.options summary").click()
        for name, value in options.items():
            page.locator(f"input[name={name}]").set_checked(value)
    page.get_by_role("button", name="Starta bordet").click()
    expect(page.locator(".sheet")).to_be_visible()


def enter_deal(page: Page, bids: dict[int, object], tricks: list[int],
               joined: tuple[int, ...] = ()) -> None:
    """Quick entry: bids by seat (others pass), tricks per seat, who joined trickless."""
    form = page.locator("form.quick-entry")
    for seat, name in enumerate(PLAYERS):
        block = form.locator(f'fieldset[data-seat="{seat}"]')
        bid = bids.get(seat, "smyga")
        label = {"smyga": "Smyg", "rodskagg": "Rödskägg"}.get(bid, str(bid))
        block.get_by_role("radiogroup", name=f"Bud {name}").get_by_role(
            "radio", name=label, exact=True).check()
        block.get_by_role("radiogroup", name=f"Stick {name}").get_by_role(
            "radio", name=str(tricks[seat]), exact=True).check()
        block.locator(f"input[name=joined-{seat}]").set_checked(seat in joined)
    form.get_by_role("button", name="Spara given").click()


def totals(page: Page) -> list[str]:
    return page.locator(".sheet tfoot td").all_inner_texts()


def expect_totals(page: Page, expected: list[int]) -> None:
    expect(page.locator(".sheet tfoot td")).to_have_text([str(n) for n in expected])


def saved(page: Page, seq: int) -> None:
    expect(page.locator(".toast")).to_have_text(f"Sparat som #{seq}.")


# --- tests -------------------------------------------------------------------------------------
def test_start_table_shows_empty_protokoll(page: Page, live_server):
    start_table(page, live_server.url)
    expect(page.locator(".sheet thead th .name")).to_have_text(list(PLAYERS))
    expect_totals(page, [12, 12, 12, 12])
    expect(page.locator(".next-dealer")).to_have_text("Anna ger nästa giv.")
    # The quick entry lists seats in bidding order: forehand (Bo) first, the dealer last.
    expect(page.locator("form.quick-entry fieldset legend")).to_have_text(
        ["Bo", "Cia", "Dan", re.compile("^Anna")])
    page.screenshot(path="/tmp/protokoll-table-start.png", full_page=True)


def test_setup_renders_catalog_options(page: Page, live_server):
    page.goto(live_server.url + "/")
    page.locator("details.options summary").click()
    expect(page.get_by_text("Man måste landa exakt på 0")).to_be_visible()
    expect(page.locator("select[name=penalty] option")).to_have_text(["5", "6"])
    expect(page.locator("input[name=stake_per_point]")).to_have_value("1")
    page.screenshot(path="/tmp/protokoll-setup.png", full_page=True)


def test_quick_entry_moves_the_declarer_down(page: Page, live_server):
    start_table(page, live_server.url)
    # "A startade på 12 poäng, bjöd tre stick och tog fyra. Han åker då ned till 8 poäng."
    # Anna joined without a trick after the fourth and took none: +5.
    enter_deal(page, bids={1: 3}, tricks=[0, 4, 1, 1], joined=(0,))
    saved(page, 1)
    expect_totals(page, [17, 8, 12, 12])
    expect(page.locator(".sheet tr.label").last).to_have_text("Giv 1: Bo tre, 4 stick, hem")
    expect(page.locator(".sheet tr.nums").last.locator("td.changed .delta")).to_have_text(
        ["+5", "\u22124"])
    expect(page.locator(".next-dealer")).to_have_text("Bo ger nästa giv.")
    expect(page.locator(".log li").first).to_contain_text("Bo 3")
    # The form is fresh for the next deal, forehand now Cia.
    expect(page.locator("form.quick-entry fieldset legend").first).to_have_text("Cia")
    # "B står på 7 poäng, bjuder tre stick men spelar bara hem två": 7 - 2 + 5 = 10; here
    # Bo at 8 bids three and takes two: 8 - 2 + 5 = 11.
    enter_deal(page, bids={1: 3}, tricks=[2, 2, 1, 1])
    saved(page, 2)
    expect_totals(page, [17, 11, 12, 12])
    page.screenshot(path="/tmp/protokoll-after-deals.png", full_page=True)


def test_refused_entry_shows_rule_and_leaves_protokoll(page: Page, live_server):
    start_table(page, live_server.url)
    enter_deal(page, bids={1: 3}, tricks=[1, 4, 1, 1])
    message = page.locator(".message-refusal")
    expect(message).to_be_visible()
    expect(message.locator(".message-text")).to_have_text(
        "Sticken blir 7, men en giv har 6 stick.")
    expect(message.locator("cite")).to_have_text("Rödskägg — Spelet")
    expect(message.locator("blockquote")).to_contain_text("Spelföraren spelar ut")
    expect_totals(page, [12, 12, 12, 12])
    expect(page.locator(".sheet tbody tr.nums")).to_have_count(1)  # only the start line
    page.screenshot(path="/tmp/protokoll-refusal.png", full_page=False)
    # The same refusal in English, after the toggle; the entry in progress is kept.
    page.get_by_role("button", name="English").click()
    expect(message.locator(".message-text")).to_have_text(
        "The tricks add up to 7, but a deal has 6 tricks.")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator('fieldset[data-seat="0"]').get_by_role("radiogroup").nth(1)
           .get_by_role("radio", name="1", exact=True)).to_be_checked()
    # What the rules allow now is said too; corrected, the entry goes through.
    expect(message.locator(".allowed-next")).to_contain_text("Anna deals")
    page.get_by_role("button", name="Correct the entry").click()
    page.locator('fieldset[data-seat="3"]').get_by_role("radiogroup").nth(1).get_by_role(
        "radio", name="0", exact=True).check()
    page.get_by_role("button", name="Save the deal").click()
    expect(page.locator(".toast")).to_have_text("Saved as #1.")
    expect_totals(page, [12, 8, 12, 12])


def test_fem_opp_adds_five(page: Page, live_server):
    start_table(page, live_server.url)
    page.locator("details.fold-fem_opp summary").click()
    form = page.locator("form.input-fem_opp")
    form.get_by_role("radio", name="Given lät någon annan kupera").check()
    form.get_by_role("radiogroup", name="Vem ropar?").get_by_role("radio", name="Cia").check()
    form.get_by_role("button", name="Fem opp!").click()
    saved(page, 1)
    expect_totals(page, [17, 12, 12, 12])
    expect(page.locator(".sheet tr.label.kind-penalty")).to_have_text(
        "Fem opp: Anna lät någon annan kupera")
    # That breach is called now; picking up early is still open before the deal (it can be
    # called until the first bid): the page offers only what the state's expected inputs
    # offer, so the called breach disappears from the form.
    page.locator("details.fold-fem_opp summary").click()
    form = page.locator("form.input-fem_opp")
    expect(form.get_by_role("radio", name="Given lät någon annan kupera")).to_have_count(0)
    expect(page.locator(".log li").first).to_contain_text("Given lät någon annan kupera")


def test_misdeal_without_knock_costs_the_dealer(page: Page, live_server):
    start_table(page, live_server.url, first_dealer=2)
    page.locator("details.fold-misdeal summary").click()
    page.locator(".input-misdeal").get_by_role("button", name="Nej").click()
    saved(page, 1)
    expect_totals(page, [12, 12, 17, 12])
    # The same dealer deals again.
    expect(page.locator(".next-dealer")).to_have_text("Cia ger nästa giv.")


def test_undo_removes_the_last_entry(page: Page, live_server):
    start_table(page, live_server.url)
    enter_deal(page, bids={1: 3}, tricks=[0, 4, 1, 1])
    saved(page, 1)
    expect_totals(page, [12, 8, 12, 12])
    page.get_by_role("button", name=re.compile("Ångra senaste inmatningen")).click()
    expect(page.locator(".confirm")).to_contain_text("Ångra #1")
    page.get_by_role("button", name="Ja, ångra").click()
    saved(page, 2)
    expect_totals(page, [12, 12, 12, 12])
    expect(page.locator(".next-dealer")).to_have_text("Anna ger nästa giv.")
    # The log keeps the undone entry, struck through, naming the undo.
    expect(page.locator('.log li[data-seq="1"]')).to_have_class(re.compile("undone"))
    expect(page.locator('.log li[data-seq="1"]')).to_contain_text("ångrad av #2")
    # Nothing left to undo.
    expect(page.get_by_role("button", name=re.compile("Ångra senaste"))).to_have_count(0)


def test_reload_resumes_and_spectator_link_follows_read_only(page: Page, live_server, browser):
    start_table(page, live_server.url)
    enter_deal(page, bids={1: 3}, tricks=[0, 4, 1, 1])
    saved(page, 1)
    page.reload()
    expect_totals(page, [12, 8, 12, 12])
    expect(page.locator("form.quick-entry")).to_be_visible()
    follow_url = page.locator("a.spectator-link").get_attribute("href")
    assert re.search(r"/\?watch=[\w-]+$", follow_url)

    other = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                locale="sv-SE")
    try:
        viewer = other.new_page()
        viewer.goto(follow_url)
        expect(viewer.locator(".sheet tfoot td")).to_have_text(["12", "8", "12", "12"])
        expect(viewer.locator(".read-only")).to_be_visible()
        expect(viewer.locator("form.quick-entry")).to_have_count(0)
        expect(viewer.get_by_role("button", name=re.compile("Ångra"))).to_have_count(0)
        # The audience gets no way in: no code, no join link, no entry of any kind.
        expect(viewer.locator(".join-code")).to_have_count(0)
        expect(viewer.locator(".share")).to_have_count(0)
        expect(viewer.locator("section.entry")).to_have_count(0)
        # The follower sees the next deal after a refresh.
        enter_deal(page, bids={2: 2}, tricks=[1, 1, 2, 2])
        saved(page, 2)
        viewer.get_by_role("button", name="Uppdatera").click()
        expect(viewer.locator(".sheet tfoot td")).to_have_text(["12", "8", "10", "12"])
    finally:
        other.close()


def test_stale_entry_reloads_the_table(page: Page, live_server):
    # Without the live stream (a phone whose stream has not caught up yet), the other
    # phone's entry is news only when ours is refused as stale.
    page.route("**/api/tables/*/stream", lambda route: route.abort())
    start_table(page, live_server.url)
    # Another phone with the same token posts first (simulated through the API).
    table_id = page.evaluate("JSON.parse(localStorage.getItem('protokoll.current')).id")
    token = page.evaluate(f"JSON.parse(localStorage.getItem('protokoll.tokens'))['{table_id}']")
    response = page.request.post(
        f"{live_server.url}/api/tables/{table_id}/events",
        headers={"Authorization": f"Bearer {token}"},
        data={"based_on": 0, "client_event_id": "other-phone",
              "event": {"type": "result", "bids": ["smyga", "smyga", 2, "smyga"],
                        "tricks": [1, 1, 2, 2], "joined": []}})
    assert response.status == 201
    enter_deal(page, bids={1: 3}, tricks=[0, 4, 1, 1])
    # A deal's result is never sent twice by guesswork: the phone says what the other
    # phone entered and lets the person choose.
    stale = page.locator(".message-stale")
    expect(stale).to_be_visible()
    expect(stale.locator("h3")).to_have_text("En annan telefon hann före")
    expect(stale.locator(".overtaken-list li")).to_have_count(1)
    expect_totals(page, [12, 12, 10, 12])  # the other phone's deal, not ours
    stale.get_by_role("button", name="Spara min också").click()
    expect_totals(page, [12, 8, 10, 12])  # ours on top: Bo bids three, takes four: 12 - 4


def test_match_to_the_end_shows_winner_and_settlement(page: Page, live_server):
    start_table(page, live_server.url)
    enter_deal(page, bids={1: 6}, tricks=[0, 6, 0, 0])  # Bo 12 -> 6
    saved(page, 1)
    enter_deal(page, bids={2: 1}, tricks=[1, 1, 3, 1])  # Cia 12 -> 9
    saved(page, 2)
    enter_deal(page, bids={1: 6}, tricks=[0, 6, 0, 0])  # Bo 6 -> 0: wins
    saved(page, 3)
    expect_totals(page, [12, 0, 9, 12])
    expect(page.locator(".winner-banner")).to_have_text("Bo vann partiet!")
    expect(page.locator(".settlement li")).to_have_text(
        ["Anna betalar 12", "Bo får 33", "Cia betalar 9", "Dan betalar 12"])
    expect(page.locator("form.quick-entry")).to_have_count(0)
    expect(page.locator(".next-dealer")).to_have_count(0)
    expect(page.locator(".prompt")).to_have_text("Partiet är slut: Bo vann.")
    page.screenshot(path="/tmp/protokoll-match-over.png", full_page=True)
    page.get_by_role("button", name="English").click()
    expect(page.locator(".winner-banner")).to_have_text("Bo won the match!")
    expect(page.locator(".settlement li").nth(1)).to_have_text("Bo receives 33")


def test_csv_link_downloads_the_protokoll(page: Page, live_server):
    start_table(page, live_server.url)
    enter_deal(page, bids={1: 3}, tricks=[0, 4, 1, 1])
    saved(page, 1)
    href = page.get_by_role("link", name="Ladda ner protokollet (CSV)").get_attribute("href")
    assert "code=" in href  # a read-only credential, never the token
    response = page.request.get(live_server.url + href)
    assert response.status == 200
    assert "text/csv" in response.headers["content-type"]
    assert "Bo" in response.text()


@pytest.mark.parametrize("names", [("Anna", "Bo"), ("Anna", "Anna", "Bo")])
def test_bad_setup_is_refused_with_a_message(page: Page, live_server, names):
    page.goto(live_server.url + "/")
    expect(page.locator("form.setup")).to_be_visible()  # count the seats once they are drawn
    inputs = page.locator(".player-row input[type=text]")
    for seat in range(inputs.count()):
        inputs.nth(seat).fill(names[seat] if seat < len(names) else "")
    page.get_by_role("button", name="Starta bordet").click()
    expect(page.locator(".message-refusal .message-text")).to_have_text(re.compile(
        "Rödskägg spelas av 3–7 spelare|Spelarna behöver olika namn|går inte att skilja åt"))
    expect(page.locator("form.setup")).to_be_visible()


def test_options_from_the_catalog_reach_the_table(page: Page, live_server):
    page.goto(live_server.url + "/")
    for seat, name in enumerate(PLAYERS):
        page.locator(".player-row input[type=text]").nth(seat).fill(name)
    page.locator("details.options summary").click()
    page.locator("select[name=penalty]").select_option(label="6")
    page.get_by_role("button", name="Starta bordet").click()
    expect(page.locator(".sheet")).to_be_visible()
    # Bo at 12 bids three and takes two: 12 - 2 + 6 with the house penalty of 6.
    enter_deal(page, bids={1: 3}, tricks=[2, 2, 1, 1])
    saved(page, 1)
    expect_totals(page, [12, 16, 12, 12])


def test_a_number_option_out_of_its_bounds_is_refused_before_sending(page: Page, live_server):
    """The catalog says a number option's bounds (whole numbers 0–1 000 000): the form shows
    them and refuses a figure outside before anything is sent (the API would refuse it,
    bad_option); a figure inside starts the table with it."""
    page.goto(live_server.url + "/")
    for seat, name in enumerate(PLAYERS):
        page.locator(".player-row input[type=text]").nth(seat).fill(name)
    page.locator("details.options summary").click()
    stake = page.locator("input[name=stake_per_point]")
    expect(page.locator("#opt-stake_per_point-range")).to_have_text(
        "Ett heltal från 0 till 1\u00a0000\u00a0000.")
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    for wrong in ("2000000", "-5", "1.5"):
        stake.fill(wrong)
        page.get_by_role("button", name="Starta bordet").click()
        expect(page.locator("#opt-stake_per_point-range")).to_have_text(
            "Skriv ett heltal från 0 till 1\u00a0000\u00a0000.")
        expect(page.locator("input[name=stake_per_point]")).to_be_focused()
        expect(page.locator("form.setup")).to_be_visible()
    assert posts == []  # nothing was sent
    page.locator("input[name=stake_per_point]").fill("1000000")
    page.get_by_role("button", name="Starta bordet").click()
    expect(page.locator(".sheet")).to_be_visible()
    assert api_get(page, live_server.url, "")["options"]["stake_per_point"] == 1_000_000


def test_new_table_leaves_the_old_one(page: Page, live_server):
    start_table(page, live_server.url)
    page.get_by_role("button", name="Nytt bord").click()
    page.get_by_role("button", name="Ja, nytt bord").click()
    expect(page.get_by_role("heading", name="Starta ett bord")).to_be_visible()
    page.reload()
    expect(page.get_by_role("heading", name="Starta ett bord")).to_be_visible()


def test_generic_inputs_follow_expected_fields(page: Page, live_server):
    """`expected` lists the callable breaches in `fields.breach`: only those are offered
    (before the first deal: the dealer's foreign cut, and picking up early, which counts for
    the coming deal); without the hint
    the catalog's `choice:` list is the fallback."""
    start_table(page, live_server.url)
    page.locator("details.fold-fem_opp summary").click()
    offered = page.locator("form.input-fem_opp").get_by_role("radiogroup").first.get_by_role("radio")
    fields_sent = page.evaluate("""async () => {
        const id = JSON.parse(localStorage.getItem('protokoll.current')).id;
        const token = JSON.parse(localStorage.getItem('protokoll.tokens'))[id];
        const table = await (await fetch('/api/tables/' + id,
            {headers: {Authorization: 'Bearer ' + token}})).json();
        return table.expected.inputs.find((i) => i.type === 'fem_opp').fields ?? null;
    }""")
    assert fields_sent["breach"] == ["foreign_cut", "picked_up_early"]
    expect(offered).to_have_count(2)
    # The convention itself, on a made-up expectation.
    labels = page.evaluate("""async () => {
        const { renderGenericInput } = await import('/js/inputs/generic-form.js');
        const table = { players: ['A', 'B', 'C'], state: { out: [2] } };
        const game = { events: { fem_opp: { required: { breach: 'choice:x|y|z', caller: 'seat' },
                                            optional: {}, help: { sv: '', en: '' } } } };
        const ctx = { table, game, busy: false, pick: (m) => m.sv,
                      draft: (k, make) => make(), submit: () => {} };
        const el = renderGenericInput(ctx, { type: 'fem_opp', seat: null, choices: [],
                                              fields: { breach: ['y'] } });
        return Array.from(el.querySelectorAll('.seg-item span'), (s) => s.textContent);
    }""")
    assert labels == ["y", "A", "B"]  # one breach; C is out of the match


def test_another_game_renders_from_the_catalog(page: Page, live_server):
    """An 800 table (pairs, no bids) shows its pair columns and its own words in the log."""
    page.goto(live_server.url + "/")
    page.locator("select#game").select_option("800")
    for seat, name in enumerate(PLAYERS):
        page.locator(".player-row input[type=text]").nth(seat).fill(name)
    page.get_by_role("button", name="Starta bordet").click()
    expect(page.locator(".sheet")).to_be_visible()
    expect(page.locator(".sheet")).to_contain_text("Anna & Cia")
    expect(page.locator(".sheet")).to_contain_text("Bo & Dan")
    page.evaluate("""async () => {
        const id = JSON.parse(localStorage.getItem('protokoll.current')).id;
        const token = JSON.parse(localStorage.getItem('protokoll.tokens'))[id];
        await fetch('/api/tables/' + id + '/events', {method: 'POST',
            headers: {'Content-Type': 'application/json', 'Authorization': 'Bearer ' + token},
            body: JSON.stringify({based_on: 0, client_event_id: 'x',
                                  event: {type: 'result', points: [50, 43]}})});
    }""")
    page.reload()
    expect(page.locator(".log")).to_contain_text("Snabbinmatning")
    expect(page.locator(".log")).not_to_contain_text("smyga")
    expect(page.locator(".sheet")).to_contain_text("50")
