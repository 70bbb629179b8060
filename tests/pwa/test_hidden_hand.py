"""The scorer's phone cannot read a hand by tapping cards (``access/hidden_guesses.py``).

Cia entered her hand on her own phone; the phone that started the table keeps the score and
may not see it. Each card it taps for Cia that her hand refuses is answered in public words;
after five, a card she does hold is refused the same way as one she does not, in Swedish,
and nothing waits to be sent again. Her own phone plays on.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.pwa.helpers import api_get, expect_seq, tap_card
from tests.pwa.test_first_page import start_table
from tests.pwa.test_play import deal_and_bid

CIA_HAND = "♥2 ♠2 ♦2 ♣2 ♥4 ♠4"  # what she plays in test_play's deal, and two more
NOT_HERS = ["♥5", "♥6", "♥7", "♥8", "♥9"]


def test_five_refused_taps_for_a_hidden_hand_and_the_table_stops_answering_them(
        page: Page, live_server):
    start_table(page, live_server.url)
    deal_and_bid(page)
    tap_card(page, "♥A")  # Bo leads
    expect_seq(page, 7)
    table = api_get(page, live_server.url, "")
    cia = page.request.post(f"{live_server.url}/api/join",
                            data={"code": table["join_code"], "seat": 2}).json()
    cia_auth = {"Authorization": f"Bearer {cia['token']}"}
    entered = page.request.post(
        f"{live_server.url}/api/tables/{table['id']}/events", headers=cia_auth,
        data={"based_on": 7, "client_event_id": "cia-hand",
              "event": {"type": "hand", "seat": 2, "cards": CIA_HAND}})
    assert entered.status == 201, entered.text()
    expect(page.locator(".sheet")).to_be_visible()
    page.reload()  # this phone reads the table as it is now (seq 8)
    expect(page.locator(".play-panel .to-play")).to_contain_text("Cia")
    message = page.locator(".message-refusal .message-text")
    for card in NOT_HERS:
        tap_card(page, card)
        # In public words: that the card is not in her hand, not which cards are.
        expect(message).to_have_text("Kortet finns inte på Cias inmatade hand.")
        page.get_by_role("button", name="Rätta inmatningen").click()
        expect(message).to_have_count(0)
    tap_card(page, "♥2")  # hers, and legal: refused all the same
    expect(message).to_contain_text("förbli dold")
    expect(message).to_contain_text("Spelarna kan mata in sina egna drag")
    assert api_get(page, live_server.url, "")["seq"] == 8  # nothing was written
    expect(page.locator(".outbox")).to_have_count(0)  # and nothing waits to go again
    # A tap kept while offline meets the same answer when it goes: shown as a refusal for
    # the person to decide on, not kept waiting to be sent again and again.
    page.get_by_role("button", name="Rätta inmatningen").click()
    page.context.set_offline(True)  # offline the panel takes the rest of the trick whole
    for card in ("♥2", "♥3", "♥K"):
        tap_card(page, card)
    page.locator(".play-panel").get_by_role("button", name="Spara sticket").click()
    expect(page.locator(".outbox li.pending")).to_have_attribute("data-status", "waiting")
    page.context.set_offline(False)
    kept = page.locator(".outbox li.pending")
    expect(kept).to_have_attribute("data-status", "refused")
    expect(kept.locator(".message-text")).to_contain_text("förbli dold")
    assert api_get(page, live_server.url, "")["seq"] == 8
    played = page.request.post(
        f"{live_server.url}/api/tables/{table['id']}/events", headers=cia_auth,
        data={"based_on": 8, "client_event_id": "cia-card",
              "event": {"type": "play", "seat": 2, "card": "♥2"}})
    assert played.status == 201, played.text()  # her own phone plays on
