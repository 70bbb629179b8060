"""Seats and secrets in real browsers (issue 13): a joined phone picks its seat, enters its
hand by tapping its cards, and on its turn is offered its legal cards first, the rest of the
deck dimmed;
the phone that started the table and the spectator's phone learn only that the hand was
entered and how many cards it holds — not in the page, not in any answer from the server,
not in IndexedDB and not in the service worker's cache.

Three phones, each its own browser context (its own storage, so its own token).
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.api.test_private_entries import _800_deal, mentions
from tests.pwa.helpers import api_post, shot, start_game, table_credentials
from tests.pwa.test_access import join_by_code

NAMES = ("Anna", "Bo", "Cia", "Dan")


def new_phone(browser: Browser) -> tuple[Page, list]:
    """A phone and the bodies of every API answer it receives."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, locale="sv-SE")
    phone = context.new_page()
    phone.set_default_timeout(10_000)
    return phone, recording(phone)


def recording(phone: Page) -> list[tuple[str, str]]:
    """The bodies of every API answer ``phone`` receives from now on (the stream aside:
    it carries only the table's sequence number), and the page of a spectator link, which
    carries the API's first answers inside (api/spectator_page.py)."""
    bodies: list[tuple[str, str]] = []

    def keep(response):
        if ("/api/" in response.url or "?watch=" in response.url) \
                and "/stream" not in response.url:
            try:
                bodies.append((response.url, response.text()))
            except Exception:  # a body already gone (a navigation): nothing to search
                pass

    phone.on("response", keep)
    return bodies


def stored(phone: Page) -> str:
    """Everything the phone keeps: IndexedDB's stores (but the catalog, which lists the
    deck), localStorage, the service worker's cached API responses, as one text."""
    return phone.evaluate("""async () => {
      const out = [JSON.stringify(localStorage)];
      for (const info of (await indexedDB.databases())) {
        const db = await new Promise((ok, no) => {
          const r = indexedDB.open(info.name); r.onsuccess = () => ok(r.result); r.onerror = no; });
        for (const name of db.objectStoreNames) {
          const all = await new Promise((ok, no) => {
            const r = db.transaction(name).objectStore(name).getAll();
            r.onsuccess = () => ok(r.result); r.onerror = no; });
          // the catalog and a game's details kept beside the views list the whole deck:
          // not a secret
          out.push(JSON.stringify(all.filter((item) => item?.id !== 'catalog'
                                                       && !String(item?.id).startsWith('game:'))));
        }
        db.close();
      }
      for (const key of (await caches.keys())) {
        const cache = await caches.open(key);
        for (const request of (await cache.keys())) {
          // the catalog and a game's details (/api/games, /api/games/{id}) list the deck
          if (!request.url.includes('/api/') || request.url.includes('/api/games')) continue;
          out.push(await (await cache.match(request)).text());
        }
      }
      return out.join('\\n');
    }""")


def api_texts(bodies: list[tuple[str, str]]) -> str:
    """The table's answers (the catalog and a game's details list the whole deck, so they
    are left out), decoded so that an escaped ♠ is found too."""
    out = []
    for url, text in bodies:
        if "/api/games" in url:
            continue
        out.append(text)
        try:
            out.append(json.dumps(json.loads(text), ensure_ascii=False))
        except ValueError:
            pass
    return "\n".join(out)


def test_a_seated_phone_enters_its_hand_and_the_other_phones_never_hold_it(
        browser: Browser, page: Page, live_server):
    url = live_server.url
    events, secrets = _800_deal()
    hand = secrets["hand"]  # Bo's 15 cards
    searched = [c for c in hand if c[0] in "♠♥♦♣"]

    owner, owner_bodies = page, recording(page)
    start_game(owner, url, "800", NAMES)
    code = owner.locator(".join-code").inner_text()
    table_id, _token = table_credentials(owner)
    spectator_key = owner.evaluate(
        f"JSON.parse(localStorage.getItem('protokoll.spectators') || '{{}}')['{table_id}']")

    bo, bo_bodies = new_phone(browser)
    join_by_code(bo, url, code, "Bos telefon")
    # Joined, the phone is asked where it sits.
    expect(bo.locator("section.seat h2")).to_have_text("Din plats vid bordet")
    bo.locator('.seat-choice button[data-seat="1"]').click()
    expect(bo.locator(".seat-you")).to_contain_text("Du sitter som Bo.")

    # Anna deals and discards (from the phone that started the table, the scorer).
    api_post(owner, url, events[0])

    # Bo enters his hand by tapping his cards; only his own seat is offered.
    bo.reload()
    fold = bo.locator("#fold-hand")
    if fold.get_attribute("open") is None:
        fold.locator("summary").click()
    expect(fold.locator(".seat-tabs")).to_have_count(0)
    for card in hand:
        fold.locator(f'button.card[data-card="{card}"]:not(.chosen)').first.click()
    fold.locator("form button[type=submit]").click()
    expect(bo.locator(".toast")).to_have_text("Sparat som #2.")
    expect(bo.locator('.log li[data-seq="2"] .what')).to_contain_text(hand[0])
    shot(bo, "seats-hand-entered", full_page=True)

    # Dan leads and Cia follows (posted by the scorer's phone); then it is Bo's turn, and
    # his phone dims what his hand does not allow.
    api_post(owner, url, events[5])
    api_post(owner, url, events[6])
    bo.reload()
    expect(bo.locator("#play-picker")).to_be_visible()
    legal_play = events[7]["card"]
    expect(bo.locator(f'#play-picker button.card[data-card="{legal_play}"]').first) \
        .not_to_have_class(re.compile(r"\bnot-now\b"))
    assert bo.locator("#play-picker button.card.not-now").count() > 0
    expect(bo.locator(f'#legal-picker button.card[data-card="{legal_play}"]')).to_have_count(1)
    assert bo.locator("#legal-picker button.card").count() < len(hand)
    shot(bo, "seats-legal-cards")

    # The phone that started the table: the entry is there, its cards are not.
    owner.reload()
    expect(owner.locator('.log li[data-seq="2"] .what')).to_contain_text("15 dolda kort")
    assert owner.locator("#play-picker button.card.not-now").count() == 0
    expect(owner.locator("#legal-picker")).to_have_count(0)
    log_text = owner.locator(".log").inner_text() + owner.locator(".status").inner_text()
    assert [c for c in searched if mentions(log_text, c)] == []

    # The audience, by the spectator link.
    audience, audience_bodies = new_phone(browser)
    audience.goto(f"{url}/?watch={spectator_key}")
    expect(audience.locator('.log li[data-seq="2"] .what')).to_contain_text("15 dolda kort")
    audience.wait_for_timeout(300)

    for name, phone, bodies in (("owner", owner, owner_bodies),
                                ("audience", audience, audience_bodies)):
        page_text = phone.locator(".log").inner_text()
        assert [c for c in searched if mentions(page_text, c)] == [], name
        answers = api_texts(bodies)
        # the table's answers were searched: from the API, or inside a spectator link's page
        assert "/api/tables/" in "\n".join(u + "\n" + text for u, text in bodies), name
        assert [c for c in searched if mentions(answers, c)] == [], name
        kept = stored(phone)
        assert [c for c in searched if f'"{c}"' in kept] == [], name
    # Bo plays from his legal cards with one tap.
    bo.locator(f'#legal-picker button.card[data-card="{legal_play}"]').click()
    expect(bo.locator(".toast")).to_have_text("Sparat som #5.")
    # Bo's own phone does hold it (the search can find what it looks for).
    assert all(mentions(api_texts(bo_bodies), c) for c in searched)
    assert any(f'"{c}"' in stored(bo) for c in searched)
    audience.context.close()
    bo.context.close()
