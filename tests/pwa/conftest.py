"""Real-browser tests: Playwright driving Debian's Chromium, phone-sized."""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM = os.environ.get("PROTOKOLL_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail(f"Chromium not found at {CHROMIUM}: run scripts/test.sh, which installs it")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run",
                  "--disable-quic"])
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  device_scale_factor=2, is_mobile=True, has_touch=True,
                                  locale="sv-SE")
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()
