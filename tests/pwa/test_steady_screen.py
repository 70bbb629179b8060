"""The play screen holds still and fits one phone screen (390×844, touch).

Paper is the rival: a fast tapper must hit the card he aims at. So the card buttons are
measured before and after every tap of two whole tricks, toast included, and must not move
by a pixel; everything the moment needs (the headline, the trick, the actions that fit now,
undo, the cards) lies inside the first screen; what cannot be played is dimmed and cannot be
tapped.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.pwa.helpers import api_post, expect_seq, shot, start_game, tap_card
from tests.pwa.test_first_page import PLAYERS, start_table
from tests.pwa.test_play import TRICKS, deal_and_bid

VIEWPORT_HEIGHT = 844

CARD_BOXES = """() => [...document.querySelectorAll('#play-picker button.card')].map((b) => {
  const r = b.getBoundingClientRect();
  return [b.dataset.key, Math.round(r.x * 2) / 2, Math.round(r.y * 2) / 2,
          Math.round(r.width * 2) / 2, Math.round(r.height * 2) / 2];
})"""


def card_boxes(page: Page) -> list:
    return page.evaluate(CARD_BOXES)


def box_bottom(page: Page, selector: str) -> float:
    return page.evaluate(f"""() => {{
      const r = document.querySelector({selector!r}).getBoundingClientRect();
      return r.bottom; }}""")


def test_no_card_moves_while_two_tricks_are_played(page: Page, live_server):
    start_table(page, live_server.url)
    deal_and_bid(page)
    page.evaluate("window.scrollTo(0, 0)")
    before = card_boxes(page)
    assert len(before) == 52
    seq = 6
    for trick in TRICKS[:2]:
        for card in trick:
            tap_card(page, card)
            seq += 1
            expect_seq(page, seq)
            after = card_boxes(page)
            assert after == before, f"cards moved after {card} (#{seq})"
    shot(page, "steady-trick-2")


def test_the_play_screen_fits_one_phone_screen(page: Page, live_server):
    start_table(page, live_server.url)
    deal_and_bid(page)
    page.evaluate("window.scrollTo(0, 0)")
    # Headline, the trick, undo and every card: inside the first screen.
    for selector in (".prompt", ".trick-table", ".turn-actions .undo",
                     "#play-picker .suit-row:last-child"):
        assert box_bottom(page, selector) <= VIEWPORT_HEIGHT, selector
    expect(page.locator(".jump-bar a")).to_have_text(["Protokoll", "Logg", "Dela"])
    shot(page, "steady-first-screen")


def test_braus_stand_over_is_in_the_first_screen(page: Page, live_server):
    start_game(page, live_server.url, "braus", PLAYERS)
    api_post(page, live_server.url, {"type": "deal", "dealer": 0, "cut": 3})
    expect(page.locator(".play-panel")).to_be_visible()
    tap_card(page, "♥6")  # Bo leads a six; Cia may stand over
    expect(page.locator(".turn-actions")).to_contain_text("Står över")
    page.evaluate("window.scrollTo(0, 0)")
    assert box_bottom(page, ".turn-actions") <= VIEWPORT_HEIGHT
    assert box_bottom(page, "#play-picker .suit-row:last-child") <= VIEWPORT_HEIGHT
    shot(page, "braus-play")


def test_played_cards_and_cards_not_allowed_cannot_be_tapped(page: Page, live_server):
    start_game(page, live_server.url, "braus", PLAYERS)
    api_post(page, live_server.url, {"type": "deal", "dealer": 0, "cut": 3})
    tap_card(page, "♥6")
    played = page.locator('#play-picker button[data-card="♥6"]')
    expect(played).to_be_disabled()
    # Bräus: the sevens are laid down, never played to a trick: the engine does not list
    # them among the cards Cia may play now.
    seven = page.locator('#play-picker button[data-card="♥7"]')
    expect(seven).to_be_disabled()
    expect(page.locator('#play-picker button[data-card="♥9"]')).to_be_enabled()


def test_schnapsen_face_up_trump_is_dimmed_and_66_waits_below_the_cards(page: Page, live_server):
    start_game(page, live_server.url, "schnapsen", ("Anna", "Bo"))
    api_post(page, live_server.url, {"type": "deal", "trump": "♥J"})
    expect(page.locator(".play-panel")).to_be_visible()
    # The trump card lies face up under the talon: nobody plays it now.
    expect(page.locator('#play-picker button[data-card="♥J"]')).to_be_disabled()
    expect(page.locator('#play-picker button[data-card="♥Q"]')).to_be_enabled()
    # "66!" ends the hand: folded under the cards, not open above them.
    claim = page.locator("details.fold-claim")
    expect(claim).to_have_count(1)
    expect(claim).not_to_have_attribute("open", "")
    page.evaluate("window.scrollTo(0, 0)")
    cards_top = page.evaluate(
        "document.querySelector('#play-picker').getBoundingClientRect().bottom")
    claim_top = page.evaluate(
        "document.querySelector('details.fold-claim').getBoundingClientRect().top")
    assert claim_top > cards_top


# Where each card lies on the page (a tap may scroll it; the page must not move the cards).
PLAY_CARDS = "() => [...document.querySelectorAll('#play-picker button.card')].map((b) => {" \
    " const r = b.getBoundingClientRect();" \
    " return [b.dataset.key, Math.round(r.y + scrollY), Math.round(r.bottom + scrollY)]; })"
DECLARE_CARDS = PLAY_CARDS.replace("#play-picker", ".play-panel .declaration.in-play .card-picker")


def test_an_800_declaration_is_laid_down_on_the_cards_of_the_first_trick(page: Page, live_server):
    """800 §1.3: each player declares right before his first card. The declaration was a
    second 62-card deck above the cards, which pushed them a screen down for the whole first
    trick; now "Deklarera" turns the same deck, in the same rows, into the cards laid down,
    its button takes the row above them, and every card stays where it was."""
    start_game(page, live_server.url, "800", PLAYERS)
    api_post(page, live_server.url, {"type": "discard", "seat": 0, "cards": ["♠6", "♠7"]})
    expect(page.locator(".play-panel .to-play")).to_contain_text("Dan")
    page.evaluate("window.scrollTo(0, 0)")
    to_play = page.evaluate(PLAY_CARDS)
    assert len(to_play) == 62
    # The whole deck (eleven rows), the headline, the trick, Deklarera and undo: one screen.
    assert max(bottom for _key, _top, bottom in to_play) <= VIEWPORT_HEIGHT
    for selector in (".prompt", ".trick-table", ".turn-actions .declare-open",
                     ".turn-actions .undo"):
        assert box_bottom(page, selector) <= VIEWPORT_HEIGHT, selector
    expect(page.locator("details.fold-declare")).to_have_count(0)

    page.get_by_role("button", name="Deklarera för Dan").click()
    expect(page.locator(".play-panel .declaration.in-play")).to_be_visible()
    laid_down = page.evaluate(DECLARE_CARDS)
    assert [(key, top) for key, top, _ in laid_down] == [(key, top) for key, top, _ in to_play]
    for card in ["XX", "XIX", "N"]:
        page.locator(f'.declaration.in-play button.card[data-card="{card}"]').first.click()
    button = page.locator(".turn-actions .declare-button")
    expect(button).to_have_text(re.compile(r"^Deklarera \d+ p$"))
    assert box_bottom(page, ".turn-actions .declare-button") <= VIEWPORT_HEIGHT
    assert [(k, t) for k, t, _ in page.evaluate(DECLARE_CARDS)] == [(k, t) for k, t, _ in to_play]
    # Avbryt: back to the cards to play, nothing moved, the cards laid down kept.
    page.locator(".turn-actions .declare-cancel").click()
    assert page.evaluate(PLAY_CARDS) == to_play
    page.get_by_role("button", name="Deklarera för Dan").click()
    expect(page.locator('.declaration.in-play button.card[data-card="XX"]')).to_have_attribute(
        "aria-pressed", "true")
    button.click()
    expect_seq(page, 2)
    # Declared: the deck to play from, where it was; Dan plays, and Cia may declare.
    expect(page.locator(".play-panel .declaration")).to_have_count(0)
    assert page.evaluate(PLAY_CARDS) == to_play
    tap_card(page, "♥10")
    expect_seq(page, 3)
    expect(page.get_by_role("button", name="Deklarera för Cia")).to_be_visible()
    assert [(k, t) for k, t, _ in page.evaluate(PLAY_CARDS)] == [(k, t) for k, t, _ in to_play]
    shot(page, "800-first-trick-declaring")


def test_the_undo_question_lies_over_the_cards_without_moving_them(page: Page, live_server):
    """"Ångra #7 …?" took a line of its own above the cards and pushed them 117 px down; it
    now lies over the row and the first cards, and every card stays where it was."""
    start_table(page, live_server.url)
    deal_and_bid(page)
    tap_card(page, TRICKS[0][0])
    expect_seq(page, 7)
    page.evaluate("window.scrollTo(0, 0)")
    before = card_boxes(page)
    page.locator(".turn-actions .undo").click()
    confirm = page.locator(".turn-actions .confirm")
    expect(confirm).to_contain_text("Ångra #7")
    assert card_boxes(page) == before
    assert box_bottom(page, ".turn-actions .confirm") <= VIEWPORT_HEIGHT
    confirm.get_by_role("button", name="Ja, ångra").click()
    expect_seq(page, 8)
    expect(page.locator(".turn-actions .confirm")).to_have_count(0)
    assert card_boxes(page) == before
