"""A club player's audit of the phone (390×844, touch): the games and screens the other
browser tests cover least, each test written from a defect found by playing through them.

- Schnapsen and Bräus card by card: the leader's extra actions that take a card (a marriage
  lead, the sevens laid down) used to open a whole second deck above the cards, so the card
  buttons jumped some 250–350 px between the lead and the follow of every trick, and
  Schnapsen's last suit lay below the first screen. Such an action now waits folded under
  the cards, and the row of turn actions keeps its height.
- The dealer line under the protokoll said "Anna ger nästa giv." while Anna's deal was being
  played; the next deal is someone else's.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.pwa.helpers import api_post, expect_seq, shot, start_game, tap_card
from tests.pwa.test_first_page import PLAYERS

VIEWPORT_HEIGHT = 844

CARD_BOXES = """() => [...document.querySelectorAll('#play-picker button.card')].map((b) => {
  const r = b.getBoundingClientRect();
  return [b.dataset.key, Math.round(r.x), Math.round(r.y + window.scrollY), Math.round(r.height)];
})"""


def card_boxes(page: Page) -> list:
    return page.evaluate(CARD_BOXES)


def bottom_on_first_screen(page: Page, selector: str) -> float:
    page.evaluate("window.scrollTo(0, 0)")
    return page.evaluate(
        f"document.querySelector({selector!r}).getBoundingClientRect().bottom")


def play_and_watch(page: Page, cards: list[str], seq: int) -> None:
    """Tap the cards one by one; no card button may move by a pixel after any tap."""
    before = card_boxes(page)
    assert before
    for card in cards:
        tap_card(page, card)
        seq += 1
        expect_seq(page, seq)
        assert card_boxes(page) == before, f"the cards moved after {card} (#{seq})"


def test_schnapsen_cards_hold_still_from_lead_to_follow_and_fit_the_first_screen(
        page: Page, live_server):
    start_game(page, live_server.url, "schnapsen", ("Anna", "Bo"))
    api_post(page, live_server.url, {"type": "deal", "trump": "♥J"})
    expect(page.locator(".play-panel")).to_be_visible()
    # Bo leads and may announce a marriage or close the talon: still every card on the
    # first screen, and the marriage one tap away.
    assert bottom_on_first_screen(page, "#play-picker .suit-row:last-child") <= VIEWPORT_HEIGHT
    marriage = page.locator("details.fold-marriage")
    expect(marriage).to_have_count(1)
    assert bottom_on_first_screen(page, "details.fold-marriage > summary") <= VIEWPORT_HEIGHT
    shot(page, "audit-schnapsen-lead")
    play_and_watch(page, ["♥A", "♥10", "♠A", "♠10"], seq=1)


def test_a_schnapsen_marriage_is_announced_from_its_fold(page: Page, live_server):
    start_game(page, live_server.url, "schnapsen", ("Anna", "Bo"))
    api_post(page, live_server.url, {"type": "deal", "trump": "♥J"})
    page.locator("details.fold-marriage > summary").click()
    fold = page.locator("details.fold-marriage")
    fold.locator('button[data-card="♣K"]').click()
    fold.get_by_role("button", name="Mariage (20/40)").click()
    expect_seq(page, 2)
    expect(page.locator(".trick-table")).to_contain_text("K")
    # Anna follows: the marriage is the leader's, its fold is gone; the cards are where
    # they were.
    expect(page.locator("details.fold-marriage")).to_have_count(0)


def test_braus_cards_hold_still_through_a_trick_and_the_next_lead(page: Page, live_server):
    start_game(page, live_server.url, "braus", PLAYERS)
    api_post(page, live_server.url, {"type": "deal", "dealer": 0, "cut": 3})
    expect(page.locator(".play-panel")).to_be_visible()
    # Bo may lay down his sevens first: folded under the cards, not a second deck above.
    expect(page.locator("details.fold-sevens")).to_have_count(1)
    assert bottom_on_first_screen(page, "#play-picker .suit-row:last-child") <= VIEWPORT_HEIGHT
    # Bo leads a six, the others beat it; Cia's club nine takes it and she leads again.
    play_and_watch(page, ["♥6", "♥9", "♠9", "♣9", "♦A"], seq=1)
    expect(page.locator(".turn-actions")).to_contain_text("Står över")
    shot(page, "audit-braus-follow")


def test_the_dealer_line_does_not_call_the_deal_in_play_the_next_one(page: Page, live_server):
    start_game(page, live_server.url, "schnapsen", ("Anna", "Bo"))
    expect(page.locator(".next-dealer")).to_have_text("Anna ger nästa giv.")
    api_post(page, live_server.url, {"type": "deal", "trump": "♥J"})
    expect(page.locator(".play-panel")).to_be_visible()
    expect(page.locator(".next-dealer")).not_to_have_text("Anna ger nästa giv.")
    expect(page.locator(".next-dealer")).to_have_text("Anna ger den här given.")


def test_the_dealer_line_names_the_deal_being_bid_as_this_one(page: Page, live_server):
    """Between the deal and the first card (Rödskägg's bidding) the deal is under way too:
    the API says which deal is (``deal_in_progress``), not only the cards on the screen."""
    start_game(page, live_server.url, "rodskagg", ("Anna", "Bo", "Cia", "Dan"))
    expect(page.locator(".next-dealer")).to_have_text("Anna ger nästa giv.")
    api_post(page, live_server.url, {"type": "deal"})
    expect(page.locator(".input-bid h3")).to_have_text("Bud — Bo")
    expect(page.locator(".next-dealer")).to_have_text("Anna ger den här given.")


def test_skitgubbe_names_its_trump_form_apart_from_the_deals_quick_entry(page: Page, live_server):
    """Skitgubbe's "Sista talongkortet: trumf" (also the way to start a game in its second
    phase) had the deal's quick entry's name: two folds "Ny giv – snabbinmatning", one id."""
    start_game(page, live_server.url, "skitgubbe", ("Anna", "Bo", "Cia"))
    expect(page.locator(".play-panel")).to_be_visible()
    summaries = page.locator("section.entry details.fold > summary")
    expect(summaries.filter(has_text="Ny giv – snabbinmatning")).to_have_count(1)
    trump = summaries.filter(has_text="Sista talongkortet: trumf")
    expect(trump).to_have_count(1)
    trump.click()
    expect(page.locator("form.input-trump h2")).to_have_text("Sista talongkortet: trumf")
    ids = page.evaluate("[...document.querySelectorAll('[id]')].map((e) => e.id)")
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)


def test_the_setup_says_four_players_not_four_to_four(page: Page, live_server):
    """A game for exactly four read "4–4 spelare" on the new-table form."""
    page.goto(live_server.url + "/")
    page.locator("select#game").select_option("whist")
    expect(page.locator("form.setup")).to_contain_text("Whist (short whist) · 4 spelare")
    expect(page.locator("form.setup")).not_to_contain_text("4–4")
    page.locator("select#game").select_option("rodskagg")
    expect(page.locator("form.setup")).to_contain_text("3–7 spelare")
