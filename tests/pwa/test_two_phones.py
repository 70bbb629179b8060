"""Two phones at one table, no sequence numbers for the people holding them.

When another phone's entry leaves this phone's entry meaning what it meant (another seat's
own decision), this phone's entry is sent on top of it without a word; when it does not
(the same seat's card), the phone says in words what the other phone entered and offers the
choice. Messages leave once they stop being true.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.pwa.helpers import api_get, api_post, expect_seq, table_credentials, tap_card
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


_KEPT_LOG = """async (id) => {
  const db = await new Promise((resolve, reject) => {
    const opening = indexedDB.open("protokoll");
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
  try {
    return await new Promise((resolve) => {
      const read = db.transaction("views").objectStore("views").get(id);
      read.onsuccess = () => resolve(read.result?.log ?? null);
      read.onerror = () => resolve(null);
    });
  } finally { db.close(); }
}"""


def kept_log_at(page: Page, table_id: str, seq: int) -> dict:
    """The log this phone keeps for the table, once it has caught up with ``seq`` (the live
    stream tells it of the other phone's entry; it reads the log and keeps it)."""
    for _ in range(100):
        kept = page.evaluate(_KEPT_LOG, table_id)
        if kept and kept["seq"] == seq:
            return kept
        page.wait_for_timeout(100)
    raise AssertionError(f"the phone kept the log at {kept and kept['seq']}, not {seq}")


def test_a_phone_catches_up_by_what_changed_and_keeps_the_whole_log(page: Page, live_server):
    """Issue 16: a phone asks for what changed since its copy of the log (``after``), not
    for the whole log after every entry another phone makes; its copy, kept for opening
    without a network, is the whole log all the same (an undo by the other phone marks the
    earlier entry in it)."""
    start_table(page, live_server.url)
    deal_and_bid(page)
    tap_card(page, "♥A")
    expect_seq(page, 7)
    table_id, _token = table_credentials(page)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url)
            if r.method == "GET" and r.url.split("?")[0].endswith("/events") else None)
    api_post(page, live_server.url, {"type": "play", "seat": 2, "card": "♥K"})
    assert kept_log_at(page, table_id, 8)["events"][-1]["undone_by"] is None
    api_post(page, live_server.url, {"type": "undo", "target": 8})
    kept = kept_log_at(page, table_id, 9)
    assert kept["events"] == api_get(page, live_server.url, "/events")["events"]
    assert next(e for e in kept["events"] if e["seq"] == 8)["undone_by"] == 9
    assert asked and all("after=" in url for url in asked), asked
    expect(page.locator(".play-panel .to-play")).to_contain_text("Cia")
