"""Every screen fits a 390 px phone: no horizontal scrolling on the start screen, on each
game's table (every fold open), on a spectator's view or on the public standings."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from rules_engine.registry import GAMES
from tests.pwa.test_swedish import open_table

WIDTH = 390
SCROLL_WIDTH = "document.documentElement.scrollWidth"


def test_the_start_screen_fits(page: Page, live_server):
    page.goto(live_server.url + "/")
    expect(page.locator("form.setup")).to_be_visible()
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    assert page.evaluate(SCROLL_WIDTH) <= WIDTH


@pytest.mark.parametrize("game", [g.ID for g in GAMES])
def test_each_games_table_fits(page: Page, live_server, game):
    module = next(g for g in GAMES if g.ID == game)
    open_table(page, live_server.url, game, max(module.MIN_PLAYERS, min(4, module.MAX_PLAYERS)))
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    assert page.evaluate(SCROLL_WIDTH) <= WIDTH, game


def test_a_spectators_view_fits(page: Page, live_server):
    created = page.request.post(f"{live_server.url}/api/tables", data={
        "game": "rodskagg", "players": ["Annabella", "Bo", "Cia", "Dan"]}).json()
    page.goto(f"{live_server.url}/?watch={created['spectator_key']}")
    expect(page.locator(".sheet")).to_be_visible()
    assert page.evaluate(SCROLL_WIDTH) <= WIDTH
