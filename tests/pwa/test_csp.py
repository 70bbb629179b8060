"""The app runs under its Content Security Policy: no violation while a table is used."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.pwa.test_first_page import enter_deal, expect_totals, start_table


def test_no_content_security_policy_violation_in_a_normal_session(page: Page, live_server):
    page.add_init_script("""
        window.__cspViolations = [];
        document.addEventListener('securitypolicyviolation',
            (e) => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));
    """)
    console_errors: list[str] = []
    page.on("console", lambda msg: msg.type == "error" and console_errors.append(msg.text))
    start_table(page, live_server.url)
    enter_deal(page, bids={1: 3}, tricks=[1, 4, 1, 0])
    expect_totals(page, [12, 8, 12, 12])
    page.reload()
    expect(page.locator(".sheet")).to_be_visible()
    assert page.evaluate("window.__cspViolations") == []
    assert not [e for e in console_errors if "Content Security Policy" in e]
