"""Two phones at one table, no sequence numbers for the people holding them.

When another phone's entry leaves this phone's entry meaning what it meant (another seat's
own decision), this phone's entry is sent on top of it without a word; when it does not
(the same seat's card), the phone says in words what the other phone entered and offers the
choice. Messages leave once they stop being true.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.pwa.helpers import api_get, api_post, expect_seq, tap_card
from tests.pwa.test_first_page import start_table
from tests.pwa.test_play import TRICKS, deal_and_bid


def play_to_the_ask(page: Page) -> None:
    deal_and_bid(page)
    for trick in TRICKS:
        for card in trick:
            tap_card(page, card)
    expect_seq(page, 22)
    page.locator(".input-ask button").click()
    expect_seq(page, 23)


def test_another_seats_decision_meanwhile_is_built_on_without_a_word(page: Page, live_server):
    # This phone hears nothing of the other phone (no live stream: a route set before the
    # page opens, since an open stream would go on delivering), so its next tap is made on a
    # table that has moved on, as when two phones tap at once.
    page.route("**/api/tables/*/stream", lambda route: route.abort())
    start_table(page, live_server.url)
    play_to_the_ask(page)
    # Another phone enters Cia's "no" while this one enters Dan's "yes".
    api_post(page, live_server.url, {"type": "join", "seat": 2, "join": False})
    fold = page.locator("details.fold-join")
    fold.locator(".seat-tabs label", has_text="Dan").click()
    page.locator(".input-join").get_by_role("button", name="Ja", exact=True).click()
    expect_seq(page, 25)
    events = [e["event"] for e in api_get(page, live_server.url, "/events")["events"][-2:]]
    assert events == [{"type": "join", "seat": 2, "join": False},
                      {"type": "join", "seat": 3, "join": True}]
    expect(page.locator(".message-stale")).to_have_count(0)


def test_the_same_seats_card_meanwhile_is_told_in_words_and_left_to_choose(page: Page, live_server):
    page.route("**/api/tables/*/stream", lambda route: route.abort())  # as above
    start_table(page, live_server.url)
    deal_and_bid(page)
    api_post(page, live_server.url, {"type": "play", "seat": 1, "card": "♥A"})
    tap_card(page, "♠A")  # this phone still shows Bo to play
    message = page.locator('.message[data-code="overtaken"]')
    expect(message.locator("h3")).to_have_text("En annan telefon hann före")
    expect(message.locator(".overtaken-list li")).to_contain_text(["♥E"])
    expect(message).to_contain_text("♠E")  # Swedish card letters: ess is E
    assert api_get(page, live_server.url, "")["seq"] == 7  # nothing of this phone's sent
    message.get_by_role("button", name="Släng min").click()
    expect(page.locator('.message[data-code="overtaken"]')).to_have_count(0)
    expect(page.locator(".play-panel .to-play")).to_contain_text("Cia")


def test_saved_as_leaves_when_another_phone_enters(page: Page, live_server):
    start_table(page, live_server.url)
    deal_and_bid(page)
    tap_card(page, "♥A")
    expect_seq(page, 7)
    api_post(page, live_server.url, {"type": "play", "seat": 2, "card": "♥K"})
    expect(page.locator(".toast")).to_have_count(0)
