"""Settling a dispute on the phone (issue 17, item 9), in a real browser at 390×844: a
Rödskägg deal played card by card with a revoke that trick 2 proves, replayed trick by
trick from its line in the protokoll and from the log. The finding is marked at the trick
that proved it, the cards it names are marked, its rule's summary is one tap away, and
the hand Cia entered is shown with the cards she has played crossed out.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.pwa.helpers import api_get, api_post, expect_seq, shot, tap_card
from tests.pwa.test_first_page import start_table
from tests.pwa.test_play import deal_and_bid

# Anna (last to play) does not follow hearts in trick 1 and shows a heart in trick 2.
TRICKS = [["♥A", "♥K", "♥2", "♣3"], ["♠A", "♠K", "♠2", "♥3"], ["♦A", "♦K", "♦2", "♦3"],
          ["♣A", "♣K", "♣2", "♣4"]]
LAST_TRICKS = [["♥Q", "♥J"], ["♠Q", "♠J"]]  # Bo and Dan, the only ones still in
CIA = ["♥K", "♠K", "♦K", "♣K", "♥9", "♠9"]


def play_the_deal(page: Page, url: str) -> None:
    start_table(page, url)
    deal_and_bid(page)
    # Cia's hand, entered by this phone (no seat: it keeps the table for everyone).
    api_post(page, url, {"type": "hand", "seat": 2, "cards": CIA})
    page.reload()
    expect(page.locator(".play-panel h3")).to_have_text("Stick 1")
    seq = 7
    for trick in TRICKS:
        for card in trick:
            tap_card(page, card)
            seq += 1
            expect_seq(page, seq)
    page.locator(".input-ask button").click()
    seq += 1
    expect_seq(page, seq)
    for joins in ("Nej", "Ja", "Nej"):
        page.locator(".input-join").get_by_role("button", name=joins, exact=True).click()
        seq += 1
        expect_seq(page, seq)
    for trick in LAST_TRICKS:
        for card in trick:
            tap_card(page, card)
            seq += 1
            expect_seq(page, seq)
    expect(page.locator(".sheet tr.label").last).to_have_text("Giv 1: Bo två, 6 stick, hem")


def revoke_text(page: Page, url: str) -> str:
    """The finding's Swedish words as the API gives them (the engine's wording is its own)."""
    steps = api_get(page, url, "/steps")["steps"]
    (finding,) = [f for step in steps for f in step["findings"]]
    assert finding["code"] == "revoke_proven"
    return finding["messages"]["sv"]


def crossed(page: Page) -> list[str]:
    return page.locator('.replay-hands li[data-seat="2"] .replay-card.crossed').evaluate_all(
        "els => els.map(e => e.dataset.card)")


def test_a_deal_replayed_trick_by_trick_marks_the_revoke_at_the_trick_that_proved_it(
        page: Page, live_server):
    play_the_deal(page, live_server.url)
    revoke = revoke_text(page, live_server.url)
    assert "♣3" in revoke and "♥3" in revoke
    opener = page.locator(".sheet tr.label .replay-open")
    expect(opener).to_have_count(1)  # one deal, one line to open it from
    expect(opener).to_have_attribute("aria-label", "Spela upp giv 1 stick för stick")
    opener.scroll_into_view_if_needed()
    shot(page, "replay-from-the-protokoll")
    opener.click()
    replay = page.locator(".replay")
    expect(replay.locator("h2")).to_have_text("Giv 1 stick för stick")

    # The deal's six tricks; only trick 2 proved something.
    strip = replay.locator(".replay-strip button")
    expect(strip).to_have_count(6)
    expect(strip.nth(1)).to_have_class(re.compile("proved"))
    expect(replay.locator(".replay-strip button.proved")).to_have_count(1)

    # Trick 1: Bo led ♥A, Anna threw ♣3; nothing is proven yet.
    expect(replay.locator(".replay-where")).to_have_text("1 av 6")
    plays = replay.locator(".replay-plays li")
    expect(plays).to_have_count(4)
    expect(plays.first).to_contain_text("Bo")
    expect(plays.first.locator(".chip.lead")).to_have_text("spelar ut")
    expect(plays.nth(3)).to_contain_text("Anna")
    expect(plays.nth(3).locator(".replay-card")).to_have_attribute("data-card", "♣3")
    expect(replay.locator(".replay-winner")).to_have_text("Bo tar sticket.")
    expect(replay.locator(".replay-findings")).to_have_count(0)
    expect(replay.locator(".replay-prev")).to_be_disabled()
    # Cia's hand, open to this phone: the king she played is crossed out.
    hand = replay.locator('.replay-hands li[data-seat="2"]')
    expect(hand.locator(".who")).to_have_text("Cia")
    expect(hand.locator(".replay-card")).to_have_count(6)
    assert crossed(page) == ["♥K"]

    # Trick 2 proves the revoke: the finding is marked here, with the cards it names.
    replay.locator(".replay-next").click()
    expect(replay.locator(".replay-where")).to_have_text("2 av 6")
    expect(strip.nth(1)).to_have_attribute("aria-current", "step")
    findings = replay.locator(".replay-findings")
    expect(findings.locator("h3")).to_have_text("⚑ Bevisat här")
    expect(findings.locator(".message-text")).to_have_text(revoke)
    expect(replay.locator('.replay-plays .replay-card.cited[data-card="♥3"]')).to_have_count(1)
    assert crossed(page) == ["♥K", "♠K"]

    # The rule it rests on: one tap shows the catalog's summary of it.
    rule = findings.locator(".replay-rule")
    expect(rule.locator("summary cite")).to_have_text("Rödskägg — Spelet")
    expect(rule.locator("blockquote")).to_be_hidden()
    rule.locator("summary").click()
    rodskagg = page.request.get(f"{live_server.url}/api/games/rodskagg").json()
    summary = next(r["summary"]["sv"] for r in rodskagg["rules"] if r["ref"] == "Rödskägg — Spelet")
    expect(rule.locator("blockquote")).to_be_visible()
    expect(rule.locator("blockquote")).to_contain_text(summary[:40])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not re.search(r"\b(null|undefined|NaN)\b|\[object", replay.inner_text())
    shot(page, "replay-revoke", full_page=False)

    # In English too, at the same trick.
    page.locator("header .lang").click()
    expect(replay.locator("h2")).to_have_text("Deal 1 trick by trick")
    expect(replay.locator(".replay-where")).to_have_text("2 of 6")
    expect(findings.locator("h3")).to_have_text("⚑ Proven here")
    expect(findings.locator(".message-text")).to_contain_text("in trick 1 (played ♣3)")
    expect(replay.locator(".replay-winner")).to_have_text("Bo takes the trick.")
    rule.locator("summary").click()
    english = next(r["summary"]["en"] for r in rodskagg["rules"] if r["ref"] == "Rödskägg — Spelet")
    expect(rule.locator("blockquote")).to_contain_text(english[:40])
    page.locator("header .lang").click()
    expect(replay.locator("h2")).to_have_text("Giv 1 stick för stick")

    # On to the last trick and back: trick 3 proved nothing.
    replay.locator(".replay-next").click()
    expect(replay.locator(".replay-findings")).to_have_count(0)
    strip.nth(5).click()
    expect(replay.locator(".replay-where")).to_have_text("6 av 6")
    expect(replay.locator(".replay-next")).to_be_disabled()
    expect(replay.locator(".replay-plays li")).to_have_count(2)  # only Bo and Dan are in
    expect(replay.locator(".replay-winner")).to_have_text("Bo tar sticket.")
    shot(page, "replay-last-trick", full_page=True)
    replay.locator(".replay-close").click()
    expect(page.locator(".replay")).to_have_count(0)
    expect(page.locator(".sheet")).to_be_visible()

    # From the log: the card that proved it opens the replay at its trick.
    log = api_get(page, live_server.url, "/events")["events"]
    proof = next(e["seq"] for e in log if e["event"].get("card") == "♥3")
    page.get_by_role("button", name="Visa hela loggen", exact=False).click()
    page.locator(f'.log li[data-seq="{proof}"] .replay-open').click()
    expect(page.locator(".replay .replay-where")).to_have_text("2 av 6")
    expect(page.locator(".replay .replay-findings .message-text")).to_have_text(revoke)


def test_a_hand_from_another_seat_stays_hidden_in_the_replay_while_the_deal_is_played(
        page: Page, live_server, browser):
    start_table(page, live_server.url)
    deal_and_bid(page)
    api_post(page, live_server.url, {"type": "hand", "seat": 2, "cards": CIA})
    page.reload()
    for card in TRICKS[0]:
        tap_card(page, card)
    expect_seq(page, 11)
    # A spectator follows the table: Cia's hand is hers while the deal is played.
    table_id = page.evaluate("JSON.parse(localStorage.getItem('protokoll.current')).id")
    key = page.evaluate(f"JSON.parse(localStorage.getItem('protokoll.spectators'))['{table_id}']")
    other = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                has_touch=True, locale="sv-SE")
    try:
        watcher = other.new_page()
        watcher.goto(f"{live_server.url}/?watch={key}")
        watcher.get_by_role("button", name="Visa hela loggen", exact=False).click()
        watcher.locator('.log li[data-seq="11"] .replay-open').click()
        replay = watcher.locator(".replay")
        expect(replay.locator(".replay-where")).to_have_text("1 av 1")
        hand = replay.locator('.replay-hands li[data-seat="2"]')
        expect(hand.locator(".hidden-hand")).to_have_text("6 kort, dolda")
        expect(hand.locator(".replay-card")).to_have_count(0)
        assert "♥9" not in watcher.content()
        shot(watcher, "replay-hidden-hand")
    finally:
        other.close()


def test_the_trick_still_on_the_table_is_shown(page: Page, live_server):
    """A deal stopped mid-trick: the replay's last position is the trick on the table, the
    cards played so far by seat from the leader, marked as lying there, no one taking it."""
    start_table(page, live_server.url)
    deal_and_bid(page)
    api_post(page, live_server.url, {"type": "hand", "seat": 2, "cards": CIA})
    page.reload()
    for card in TRICKS[0] + ["♠A", "♠K"]:
        tap_card(page, card)
    expect_seq(page, 13)
    page.get_by_role("button", name="Visa hela loggen", exact=False).click()
    page.locator('.log li[data-seq="12"] .replay-open').click()  # Bo's ♠A, trick 2
    replay = page.locator(".replay")
    expect(replay.locator(".replay-where")).to_have_text("2 av 2")
    strip = replay.locator(".replay-strip button")
    expect(strip.nth(1)).to_have_attribute("aria-label", "Stick 2 · på bordet")
    trick = replay.locator(".replay-trick")
    expect(trick.locator("h3")).to_have_text("Stick 2på bordet")
    expect(trick.locator(".replay-on-table")).to_have_text(
        "Sticket ligger kvar på bordet med 2 kort; ingen har tagit det än.")
    plays = trick.locator(".replay-plays li")
    expect(plays).to_have_count(2)
    expect(plays.first).to_contain_text("Bo")
    expect(plays.first.locator(".chip.lead")).to_have_text("spelar ut")
    expect(plays.nth(1).locator(".replay-card")).to_have_attribute("data-card", "♠K")
    expect(replay.locator(".replay-winner")).to_have_count(0)
    assert crossed(page) == ["♥K", "♠K"]  # Cia's king in the trick on the table too
    assert not re.search(r"\b(null|undefined|NaN)\b|\[object", replay.inner_text())
    shot(page, "replay-trick-on-table", full_page=False)
    # Back one: trick 1, taken.
    replay.locator(".replay-prev").click()
    expect(replay.locator(".replay-winner")).to_have_text("Bo tar sticket.")
    expect(replay.locator(".replay-on-table")).to_have_count(0)
