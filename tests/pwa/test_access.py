"""Access in a real browser: a second phone joins with the code (typed, or by the join link),
the audience follows by the spectator link, and a removed phone is told so.

Each phone is its own browser context (its own localStorage, so its own token).
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.pwa.test_first_page import enter_deal, expect_totals, saved, start_table

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def second_phone(browser: Browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, locale="sv-SE")
    phone = context.new_page()
    phone.set_default_timeout(10_000)
    yield phone
    context.close()


def join_by_code(phone: Page, url: str, code: str, name: str) -> None:
    phone.goto(url + "/")
    phone.get_by_text("Gå med i ett bord med bordskoden").click()
    phone.get_by_label("Bordskod").fill(code.lower())
    phone.locator("#join-name").fill(name)
    phone.get_by_role("button", name="Gå med", exact=True).click()
    expect(phone.locator(".sheet")).to_be_visible()


def test_a_second_phone_joins_with_the_code_and_the_first_sees_its_entry(
        page: Page, live_server, second_phone: Page):
    start_table(page, live_server.url)
    code = page.locator(".join-code").inner_text()
    assert re.fullmatch(r"[A-HJ-NP-Z2-9]{6}", code)
    join_by_code(second_phone, live_server.url, code, "Bos telefon")
    expect(second_phone.locator(".join-code")).to_have_text(code)  # it can invite others too
    enter_deal(second_phone, bids={1: 3}, tricks=[0, 4, 1, 1])
    saved(second_phone, 1)

    page.reload()
    expect_totals(page, [12, 8, 12, 12])
    expect(page.locator('.log li[data-seq="1"] .meta')).to_contain_text("Bos telefon")
    # The first phone started the table: it sees the phones there.
    page.locator("details.fold-devices summary").click()
    expect(page.locator(".devices .device-name")).to_have_text(
        [re.compile("^Namnlös telefon"), "Bos telefon"])
    expect(page.locator(".devices .device").nth(1)).to_contain_text(
        re.compile(r"\b1 inmatning(?!ar)"))
    # The joined phone does not manage the table.
    expect(second_phone.locator("details.fold-devices")).to_have_count(0)
    page.screenshot(path="/tmp/protokoll-devices.png", full_page=True)


def test_the_join_link_and_its_qr_code(page: Page, live_server, second_phone: Page):
    start_table(page, live_server.url)
    code = page.locator(".join-code").inner_text()
    link = page.locator("a.join-link").get_attribute("href")
    assert link == f"{live_server.url}/?join={code}"
    qr = page.locator(".share-join svg.qr")
    expect(qr).to_be_visible()
    assert qr.get_attribute("data-text") == link
    assert qr.locator("path.qr-dark").get_attribute("d").count("M") > 100
    page.locator(".share").screenshot(path="/tmp/protokoll-share.png")

    second_phone.goto(link)
    form = second_phone.locator("form.join")
    expect(form.locator("#join-code")).to_have_value(code)
    form.locator("#join-name").fill("Cias telefon")
    form.get_by_role("button", name="Gå med").click()
    expect(second_phone.locator(".sheet")).to_be_visible()
    expect(second_phone.locator("form.quick-entry")).to_be_visible()
    assert second_phone.url == live_server.url + "/"  # the code does not stay in the address
    second_phone.reload()
    expect(second_phone.locator("form.quick-entry")).to_be_visible()
    # The phone that started the table, opening its own link, stays the owner.
    page.goto(link)
    expect(page.locator("details.fold-devices")).to_be_visible()
    expect(page.locator("form.join")).to_have_count(0)


def test_a_wrong_code_is_refused_with_a_message(page: Page, live_server):
    page.goto(live_server.url + "/?join=ZZZZZZ")
    page.get_by_role("button", name="Gå med").click()
    expect(page.locator(".message-refusal .message-text")).to_have_text(
        "Ingen bordskod stämmer. Kontrollera koden och försök igen.")
    expect(page.locator("form.join #join-code")).to_have_value("ZZZZZZ")


def test_the_spectator_link_shows_the_protokoll_and_offers_no_entry(
        page: Page, live_server, second_phone: Page):
    start_table(page, live_server.url)
    enter_deal(page, bids={1: 3}, tricks=[0, 4, 1, 1])
    saved(page, 1)
    second_phone.goto(page.locator("a.spectator-link").get_attribute("href"))
    expect(second_phone.locator(".sheet tfoot td")).to_have_text(["12", "8", "12", "12"])
    expect(second_phone.locator(".read-only")).to_have_text(
        re.compile("Du följer bordet som åskådare"))
    expect(second_phone.locator(".log li")).to_have_count(1)
    expect(second_phone.locator("main form")).to_have_count(0)
    expect(second_phone.locator("section.entry, .undo, .share, .fold-devices")).to_have_count(0)
    expect(second_phone.locator(".join-code")).to_have_count(0)
    # The spectator's CSV link carries the spectator key, which only reads.
    href = second_phone.locator("a.csv-link").get_attribute("href")
    assert "spectator_key=" in href and "code=" not in href.replace("spectator_key", "")
    assert second_phone.request.get(live_server.url + href).status == 200
    second_phone.screenshot(path="/tmp/protokoll-spectator.png", full_page=True)


def test_a_removed_phone_is_told_and_changes_nothing(page: Page, live_server,
                                                      second_phone: Page):
    start_table(page, live_server.url)
    old_code = page.locator(".join-code").inner_text()
    join_by_code(second_phone, live_server.url, old_code, "Bos telefon")
    page.locator("details.fold-devices summary").click()
    phone_row = page.locator(".devices .device").filter(has_text="Bos telefon")
    phone_row.get_by_role("button", name="Ta bort Bos telefon").click()
    expect(phone_row.locator(".confirm")).to_contain_text("Ta bort Bos telefon från bordet?")
    phone_row.get_by_role("button", name="Ja, ta bort").click()
    expect(phone_row).to_have_class(re.compile("revoked"))
    expect(phone_row.locator(".device-meta")).to_contain_text("borttagen")
    # The table has a new code: the removed phone saw the old one (issue 14).
    expect(page.locator(".join-code")).not_to_have_text(old_code)

    enter_deal(second_phone, bids={1: 3}, tricks=[0, 4, 1, 1])
    message = second_phone.locator(".message-access")
    expect(message.locator("h3")).to_have_text("Borttagen från bordet")
    expect(message.locator(".message-text")).to_have_text(
        "Den här enheten har tagits bort från bordet.")
    expect(message.locator(".message-hint")).to_contain_text("Be om bordskoden")
    expect(second_phone.get_by_role("heading", name="Starta ett bord")).to_be_visible()
    second_phone.screenshot(path="/tmp/protokoll-revoked.png", full_page=False)
    # The phone forgot the table; the table's log has nothing from it.
    second_phone.reload()
    expect(second_phone.get_by_role("heading", name="Starta ett bord")).to_be_visible()
    page.reload()
    expect_totals(page, [12, 12, 12, 12])
    expect(page.locator(".log li")).to_have_count(0)


def test_the_vendored_qr_library_is_the_published_file():
    """pwa/vendor/README.md names the file's checksum: a change to it is a conscious one."""
    readme = (ROOT / "pwa/vendor/README.md").read_text(encoding="utf-8")
    digest = hashlib.sha256((ROOT / "pwa/vendor/uqr/uqr.js").read_bytes()).hexdigest()
    assert f"`uqr.js` sha256: `{digest}`" in readme
    assert (ROOT / "pwa/vendor/uqr/LICENSE").read_text().startswith("MIT License")


def test_the_owner_hands_the_table_over_and_the_new_owner_changes_the_code(
        page: Page, live_server, second_phone: Page):
    start_table(page, live_server.url)
    old_code = page.locator(".join-code").inner_text()
    join_by_code(second_phone, live_server.url, old_code, "Bos telefon")
    page.locator("details.fold-devices summary").click()
    phone_row = page.locator(".devices .device").filter(has_text="Bos telefon")
    phone_row.get_by_role("button", name="Lämna över Bos telefon").click()
    expect(phone_row.locator(".confirm")).to_contain_text("Lämna över bordet till Bos telefon?")
    phone_row.get_by_role("button", name="Ja, lämna över").click()
    # The old owner no longer manages: no phones fold; it still writes.
    expect(page.locator("details.fold-devices")).to_have_count(0)
    second_phone.reload()
    second_phone.locator("details.fold-devices summary").click()
    expect(second_phone.locator(".devices .device").filter(has_text="Bos telefon")
           .locator(".device-meta")).to_contain_text("startade bordet")
    second_phone.get_by_role("button", name="Ny bordskod").click()
    expect(second_phone.locator(".join-code")).not_to_have_text(old_code)
    assert second_phone.request.post(live_server.url + "/api/join", data={
        "code": old_code, "device_name": "x"}).status == 404
