"""Helpers for the browser tests: screenshots kept as artifacts, the API as a phone sees it,
a Rödskägg deal card by card, and the game picker on the start screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"  # git-ignored


def shot(page: Page, name: str, full_page: bool = False) -> None:
    """A screenshot at phone size, kept for review under tests/pwa/artifacts/."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)


def table_credentials(page: Page) -> tuple[str, str]:
    """The table this phone keeps and its device token (from the app's storage)."""
    table_id = page.evaluate("JSON.parse(localStorage.getItem('protokoll.current')).id")
    token = page.evaluate(f"JSON.parse(localStorage.getItem('protokoll.tokens'))['{table_id}']")
    return table_id, token


def api_get(page: Page, url: str, path: str) -> Any:
    table_id, token = table_credentials(page)
    response = page.request.get(f"{url}/api/tables/{table_id}{path}",
                                headers={"Authorization": f"Bearer {token}"})
    assert response.ok, response.text()
    return response.json()


def api_post(page: Page, url: str, event: dict[str, Any]) -> dict[str, Any]:
    """Post an event as this phone would (another phone at the table, in effect)."""
    table_id, token = table_credentials(page)
    seq = api_get(page, url, "")["seq"]
    response = page.request.post(
        f"{url}/api/tables/{table_id}/events", headers={"Authorization": f"Bearer {token}"},
        data={"based_on": seq, "client_event_id": f"helper-{seq}-{event['type']}", "event": event})
    assert response.status == 201, response.text()
    return response.json()


def start_game(page: Page, url: str, game: str, players: tuple[str, ...]) -> None:
    page.goto(url + "/")
    page.evaluate("localStorage.removeItem('protokoll.current')")  # a new table, not the last
    page.goto(url + "/")
    expect(page.locator("form.setup")).to_be_visible()
    page.locator("select#game").select_option(game)
    inputs = page.locator(".player-row input[type=text]")
    while inputs.count() < len(players):
        page.locator(".add-player").click()
    while inputs.count() > len(players):
        page.locator(".player-row button.icon").last.click()
    for seat, name in enumerate(players):
        inputs.nth(seat).fill(name)
    page.locator("form.setup button[type=submit]").click()
    expect(page.locator(".sheet")).to_be_visible()


def tap_card(page: Page, card: str) -> None:
    """Play a card on the card table: one tap."""
    page.locator(f'#play-picker button[data-card="{card}"]').first.click()


def expect_seq(page: Page, seq: int) -> None:
    expect(page.locator(".toast")).to_have_text(f"Sparat som #{seq}.")


def wait_for_service_worker(page: Page) -> None:
    """Until the service worker controls the page (it claims its clients once active).
    Waited for in one evaluation that listens for the change: ``wait_for_function`` with a
    string polls by evaluating it in the page, which the app's CSP refuses (no eval)."""
    page.evaluate("""() => navigator.serviceWorker.controller || new Promise((done, fail) => {
      navigator.serviceWorker.addEventListener("controllerchange", done, { once: true });
      setTimeout(() => fail(new Error("no service worker took the page in 15 s")), 15000);
    })""")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
