"""The app at a real table, in a real browser (Debian's Chromium, phone-sized): a Rödskägg
deal played card by card to its line in the protokoll, an 800 first trick with a
declaration, a refused card and its explanation, corrections with their trail, and the
protokoll's marks and chart. Screenshots of each main screen go to tests/pwa/artifacts/.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.pwa.helpers import api_get, api_post, expect_seq, shot, start_game, tap_card
from tests.pwa.test_first_page import PLAYERS, expect_totals, start_table

# Bo bids two and takes the first four tricks with his aces; after "Går ni med?" Cia and
# Anna drop, Dan joins and takes nothing: Bo 12 - 6 = 6 ("hem"), Dan + 5.
TRICKS = [["♥A", "♥K", "♥2", "♥3"], ["♠A", "♠K", "♠2", "♠3"], ["♦A", "♦K", "♦2", "♦3"],
          ["♣A", "♣K", "♣2", "♣3"]]
LAST_TRICKS = [["♥Q", "♥J"], ["♠Q", "♠J"]]  # only Bo and Dan are still in


def deal_and_bid(page: Page) -> None:
    """Card by card: the cards are dealt, the dealer knocks, Bo bids two, the rest pass."""
    page.locator("details.fold-turns > summary").click()
    page.locator(".input-deal button").click()
    expect_seq(page, 1)
    page.locator("details.fold-knock summary").click()
    page.locator(".input-knock button").click()
    expect_seq(page, 2)
    bids = page.locator(".input-bid")
    expect(bids.locator("h3")).to_have_text("Bud — Bo")
    shot(page, "rodskagg-bidding")
    bids.get_by_role("button", name="2", exact=True).click()
    for seq, name in ((4, "Cia"), (5, "Dan"), (6, "Anna")):
        expect(page.locator(".input-bid h3")).to_have_text(f"Bud — {name}")
        page.locator(".input-bid").get_by_role("button", name="Smyg", exact=True).click()
        expect_seq(page, seq)


def test_a_rodskagg_deal_trick_by_trick_to_its_protokoll_line(page: Page, live_server):
    start_table(page, live_server.url)
    deal_and_bid(page)
    panel = page.locator(".play-panel")
    expect(panel.locator(".to-play")).to_contain_text("Bo")
    expect(panel.locator(".to-play .chip.lead")).to_have_text("spelar ut")
    seq = 6
    for number, trick in enumerate(TRICKS, start=1):
        expect(panel.locator("h3")).to_have_text(f"Stick {number}")
        for position, card in enumerate(trick):
            tap_card(page, card)
            seq += 1
            expect_seq(page, seq)
            if number == 1 and position == 1:
                # The trick on the table: Bo led ♥A, Cia followed, Dan is to play.
                expect(panel.locator(".played-card")).to_have_count(2)
                expect(panel.locator(".played-card").first).to_contain_text("Bo")
                expect(panel.locator(".to-play")).to_contain_text("Dan")
                expect(panel.locator('button.card[data-card="♥A"]')).to_have_class(
                    re.compile("played"))
                shot(page, "rodskagg-trick")
    # After the fourth trick the declarer asks "Går ni med?", the trickless decide.
    page.locator(".input-ask button").click()
    seq += 1
    expect_seq(page, seq)
    fold = page.locator("details.fold-join")  # three may join: one fold, Cia's turn first
    expect(fold).to_have_attribute("open", "")
    expect(fold.locator(".seat-tabs input:checked + span")).to_have_text("Cia")
    for name, joins in (("Cia", "Nej"), ("Dan", "Ja"), ("Anna", "Nej")):
        expect(page.locator(".prompt")).to_contain_text(name)
        page.locator(".input-join").get_by_role("button", name=joins, exact=True).click()
        seq += 1
        expect_seq(page, seq)
    for trick in LAST_TRICKS:
        for card in trick:
            tap_card(page, card)
            seq += 1
            expect_seq(page, seq)
    expect(page.locator(".sheet tr.label").last).to_have_text("Giv 1: Bo två, 6 stick, hem")
    expect_totals(page, [12, 6, 12, 17])
    expect(page.locator(".next-dealer")).to_have_text("Bo ger nästa giv.")
    expect(page.locator("svg.chart polyline")).to_have_count(4)
    expect(page.locator(".log li").first).to_contain_text("♠Kn")  # Swedish card letters
    shot(page, "rodskagg-protokoll-after-deal", full_page=True)


def test_a_played_card_cannot_be_tapped_and_a_refusal_is_explained(page: Page, live_server):
    start_table(page, live_server.url)
    deal_and_bid(page)
    for card in TRICKS[0]:
        tap_card(page, card)
    expect_seq(page, 10)
    # ♥A was played in trick 1: dimmed, said so, and no thumb can post it again.
    ace = page.locator('#play-picker button[data-card="♥A"]')
    expect(ace).to_have_class(re.compile("played"))
    expect(ace).to_have_attribute("aria-label", re.compile("redan spelat"))
    expect(ace).to_be_disabled()
    # A misdeal called as if the dealer had not knocked, when the protokoll says he did, is
    # refused; the refusal says why, cites the rule and says what is allowed now.
    page.locator("details.fold-misdeal > summary").click()
    page.locator(".input-misdeal").get_by_role("button", name="Nej", exact=True).click()
    message = page.locator(".message-refusal")
    expect(message.locator(".message-text")).to_have_text("Protokollet säger annat om givens knack.")
    expect(message.locator("cite")).to_have_count(1)
    expect(message.locator(".allowed-next")).to_contain_text("Stick 2: Bo spelar.")
    shot(page, "refused-entry")
    expect(page.locator(".sheet tbody tr.nums")).to_have_count(1)  # nothing was written
    sv_text = message.locator(".message-text").inner_text()
    page.get_by_role("button", name="English").click()
    expect(message.locator(".message-text")).not_to_have_text(sv_text)
    page.get_by_role("button", name="Correct the entry").click()
    expect(page.locator(".message-refusal")).to_have_count(0)
    tap_card(page, "♠A")
    expect(page.locator(".toast")).to_have_text("Saved as #11.")


def test_a_revoke_proven_later_is_a_finding_with_a_correction(page: Page, live_server):
    start_table(page, live_server.url)
    deal_and_bid(page)
    for card in ["♥A", "♥K", "♥2", "♣3"]:  # Anna does not follow hearts …
        tap_card(page, card)
    for card in ["♠A", "♠K", "♠2", "♥3"]:  # … and shows a heart in trick 2
        tap_card(page, card)
    expect_seq(page, 14)
    finding = page.locator(".findings .message-finding")
    expect(finding.locator(".message-text")).to_have_text(
        "Anna bekände inte hjärter i stick 1 (spelade ♣3) men spelade ♥3 i stick 2: "
        "felspel i stick 1.")
    expect(finding.locator("cite")).to_have_text("Rödskägg — Spelet")
    shot(page, "finding", full_page=False)
    # The table corrects Anna's card in trick 1: a new entry naming the old one.
    finding.get_by_role("button", name="Rätta en inmatning").click()
    entry = page.locator('.log li[data-seq="10"]')
    expect(entry.locator(".what")).to_contain_text("♣3")
    entry.get_by_role("button", name="Rätta #10").click()
    correction = entry.locator(".correction")
    correction.locator('button.card[data-card="♥4"]').click()
    correction.get_by_role("button", name="Spara rättelsen").click()
    expect_seq(page, 15)
    expect(page.locator(".findings")).to_have_count(0)
    expect(page.locator('.log li[data-seq="10"] .meta')).to_contain_text("rättad av #15")
    expect(page.locator('.log li[data-seq="15"] .what')).to_contain_text("Rättelse #10")
    shot(page, "correction-trail", full_page=True)


def test_an_800_first_trick_with_a_declaration_proposed_and_accepted(page: Page, live_server):
    start_game(page, live_server.url, "800", PLAYERS)
    expect(page.locator(".sheet thead th .name")).to_have_text(["Anna & Cia", "Bo & Dan"])
    # Anna deals and discards two cards, tapped on the deck.
    page.locator("details.fold-turns > summary").click()
    discard = page.locator("form.input-discard")
    expect(discard.locator("legend").first).to_contain_text("2 kort")
    discard.locator('button.card[data-card="♠6"]').click()
    discard.locator('button.card[data-card="♠7"]').click()
    expect(discard.locator(".picked")).to_have_text("Valda i ordning: ♠6 ♠7")
    discard.locator("button[type=submit]").click()
    expect_seq(page, 1)
    # Play: Dan leads (counter-clockwise from the dealer). He lays down four taroks and
    # three hearts; the app proposes the best declaration and scores it.
    expect(page.locator(".play-panel .to-play")).to_contain_text("Dan")
    # Only Dan may declare now: declarations come in playing order, each right before the
    # player's first card (800 §1.3). He declares on the card table itself: no second deck.
    expect(page.locator("details.fold-declare")).to_have_count(0)
    page.get_by_role("button", name="Deklarera för Dan").click()
    declaration = page.locator(".play-panel .declaration.in-play")
    expect(declaration).to_have_attribute("data-seat", "3")
    expect(page.locator("#play-picker")).to_have_count(0)
    for card in ["XX", "XIX", "N", "★", "♥K", "♥D", "♥H"]:
        declaration.locator(f'button.card[data-card="{card}"]').first.click()
    proposal = declaration.locator(".proposal")
    expect(proposal.locator(".combinations li")).to_have_count(3)
    button = page.locator(".turn-actions .declare-button")
    expect(button).to_have_text("Deklarera 71 p")
    expect(button).to_have_attribute("aria-label", "Deklarera 71 p för Dan")
    shot(page, "800-declaration")
    # The table declares less: without the trump sequence, 56 by the rules.
    proposal.locator(".combinations li").nth(1).locator("input").uncheck()
    expect(button).to_have_text("Deklarera 56 p")
    proposal.locator(".combinations li").nth(1).locator("input").check()
    expect(button).to_have_text("Deklarera 71 p")
    button.click()
    expect_seq(page, 2)
    # Declared: the deck is the one to play from again.
    expect(page.locator("#play-picker")).to_be_visible()
    expect(page.locator(".play-panel .declaration")).to_have_count(0)
    expect_totals(page, [0, 71])
    expect(page.locator(".sheet tr.label").last).to_contain_text("Dan deklarerar 71")
    # The cards are named in the text's words: the suit of XX … N is "trumf" (800 §1.1; the
    # *tarokker* are only XX, XIX, N and ★, §1.1.1), and ⟨Æ⟩ keeps the booklet's sign.
    picker = page.locator("#play-picker")
    expect(picker.locator('.suit-row[aria-label="trumf"]')).to_have_count(1)
    expect(picker.locator('button[data-card="V"]').first).to_have_attribute(
        "aria-label", re.compile("^trumf V"))
    expect(picker.locator('button[data-card="♠Æ"] .rank').first).to_have_text("Æ")
    # The first trick, card by card, counter-clockwise: Dan, Cia, Bo, Anna.
    for seq, (card, name) in enumerate((("♥10", "Dan"), ("♥9", "Cia"), ("♥8", "Bo"),
                                        ("♥7", "Anna")), start=3):
        expect(page.locator(".play-panel .to-play")).to_contain_text(name)
        tap_card(page, card)
        expect_seq(page, seq)
    expect(page.locator(".play-panel h3")).to_have_text("Stick 2")
    # In the red suits the low pip cards rank high: ♥7 takes it. The app asked the engine.
    expect(page.locator(".last-trick")).to_contain_text("Anna tog det")
    expect(page.locator(".play-panel .to-play")).to_contain_text("Anna")
    view = api_get(page, live_server.url, "")
    assert view["state"]["deal"]["declarations"][0]["points"] == 71
    shot(page, "800-after-first-trick", full_page=True)


def test_quick_entry_of_fyrtioett_and_800_with_list_controls(page: Page, live_server):
    """The list fields of a quick entry are controls per seat or per side, from the
    expectation's hints (Fyrtioett: bids and tricks per seat, in bidding order) or from the
    field's words (800: card points per side)."""
    start_game(page, live_server.url, "fyrtioett", PLAYERS)
    form = page.locator("form.quick-entry")
    # Bidding order is the hint's: Dan (forehand), Cia, Bo, Anna (the dealer).
    expect(form.locator("fieldset.seat-entry > legend")).to_have_text(
        ["Dan", "Cia", "Bo", re.compile("^Anna")])
    form.locator("details.more-fields > summary").click()  # the exact tricks are folded
    for seat in (3, 2, 1):  # in bidding order; the dealer's tricks follow from 13
        form.get_by_role("radiogroup", name=f"Stick {PLAYERS[seat]}").get_by_role(
            "radio", name=str([3, 4, 3, 3][seat]), exact=True).check()
    expect(form.get_by_role("radiogroup", name=f"Stick {PLAYERS[0]}").get_by_role(
        "radio", name="3", exact=True)).to_be_checked()
    expect(form.locator(".trick-sum")).to_have_text("Stick: 13 av 13")
    # The bids last: the one that completes the four saves the deal (the form says so).
    for seat, name in enumerate(PLAYERS[:3]):
        form.locator(f'fieldset[data-seat="{seat}"]').get_by_role(
            "radiogroup", name=f"Bud {name}").get_by_role("radio", name="3", exact=True).check()
    shot(page, "fyrtioett-quick-entry", full_page=True)
    form.locator('fieldset[data-seat="3"]').get_by_role(
        "radiogroup", name=f"Bud {PLAYERS[3]}").get_by_role("radio", name="3", exact=True).click()
    expect(page.locator(".auto-saved")).to_contain_text("Given sparades som #1 ")
    row = api_get(page, live_server.url, "")["protokoll"]["rows"][-1]
    assert row["marks"] == ["3/3", "3/4", "3/3", "3/3"]
    expect(page.locator(".sheet tr.nums").last.locator(".mark").first).to_have_text("3/3")

    start_game(page, live_server.url, "800", PLAYERS)
    form = page.locator("form.quick-entry")
    expect(form.locator("fieldset.side-entry > legend")).to_have_text(["Anna & Cia", "Bo & Dan"])
    form.get_by_label("Kortpoäng Anna & Cia").fill("50")
    form.get_by_label("Kortpoäng Bo & Dan").fill("43")
    form.locator('fieldset[data-seat="1"]').get_by_label("Deklarationer Bo").fill("20")
    expect(form.locator(".trick-sum")).to_contain_text("Kortpoäng: 93")
    shot(page, "800-quick-entry", full_page=True)
    form.get_by_role("button", name="Spara given").click()
    expect_seq(page, 1)
    expect_totals(page, [50, 63])
    event = api_get(page, live_server.url, "/events")["events"][-1]["event"]
    assert event == {"type": "result", "points": [50, 43], "declarations": [None, 20, None, None]}


def test_the_protokoll_draws_the_games_marks_and_a_chart(page: Page, live_server):
    """Bräus ritor as strokes on the pair columns; Norrandsknack's limpa underlined."""
    start_game(page, live_server.url, "braus", PLAYERS)
    form = page.locator("form.quick-entry")
    form.get_by_role("radiogroup", name="Utfall").get_by_role("radio", name=re.compile("^Jan")).check()
    form.get_by_role("radiogroup", name=re.compile("^Paret som får")).get_by_role(
        "radio", name="Cia").check()
    form.get_by_role("button", name="Spara given").click()
    expect_seq(page, 1)
    cell = page.locator(".sheet tr.nums").last.locator("td").first
    expect(cell).to_have_class(re.compile("mark-strokes"))
    expect(cell.locator(".strokes")).to_have_text("||")
    expect(cell.locator(".strokes")).to_have_attribute("aria-label", "2 streck")
    expect(page.locator("svg.chart polyline")).to_have_count(2)
    expect(page.locator(".next-dealer")).to_have_text("Bo ger.")
    shot(page, "braus-protokoll", full_page=True)

    start_game(page, live_server.url, "norrandsknack", ("Anna", "Bo", "Cia"))
    api_post(page, live_server.url, {"type": "result", "bids": ["knacka", "lura", "lura"],
                                     "tricks": [0, 3, 2], "missed_trump": [0, 0, 0]})
    page.reload()
    limpa = page.locator(".sheet td.mark-limpa")
    expect(limpa).to_have_count(1)
    shot(page, "norrandsknack-limpa", full_page=True)
