"""Rödskägg through the API: the audit's findings of issue 15 (items 8–10) — fem opp for
picking up early after the knock and on a quick-entry table, ``expected`` offering only calls
that are accepted, and a redeal keeping its deal's number in the protokoll.

Anna (0) deals the first deal; Bo (1) is forehand.
"""

from __future__ import annotations

from tests.conftest import refused, start_table

A, B, C, D = 0, 1, 2, 3


def fem_opp_calls(view) -> list[dict]:
    return [c for i in view["expected"]["inputs"] if i["type"] == "fem_opp"
            for c in i["fields"]["calls"]]


def test_picked_up_early_after_the_knock_and_on_a_quick_entry_table(client):
    table = start_table(client)
    # A quick-entry table: no `deal` entry; the call is for the coming deal.
    view = table.view()
    assert any(c["breach"] == "picked_up_early" for c in fem_opp_calls(view))
    view = table.ok({"type": "fem_opp", "breach": "picked_up_early", "caller": A,
                     "offender": C})
    assert view["protokoll"]["rows"][-1]["deal"] == 1
    assert view["protokoll"]["totals"] == [12, 12, 17, 12]
    table.ok({"type": "result", "bids": ["smyga", 2, "smyga", "smyga"],
              "tricks": [1, 3, 1, 1]})
    # Card by card: after the knock the call is still open, until the first bid.
    table.ok({"type": "deal"})
    table.ok({"type": "knock"})
    view = table.ok({"type": "fem_opp", "breach": "picked_up_early", "caller": B,
                     "offender": D})
    assert view["protokoll"]["totals"] == [12, 9, 17, 17]
    table.ok({"type": "bid", "seat": C, "bid": "smyga"})
    body = refused(table, {"type": "fem_opp", "breach": "picked_up_early", "caller": B,
                           "offender": A}, 422, "breach_not_possible", "Rödskägg — Given")
    assert "bidding has already begun" in body["messages"]["en"]


def test_expected_offers_no_call_on_a_player_out_of_the_match(client):
    table = start_table(client)
    view = table.ok({"type": "result", "bids": ["smyga", "rodskagg", "smyga", "smyga"],
                     "tricks": [1, 5, 0, 0]})
    assert view["state"]["out"] == [B]
    calls = fem_opp_calls(view)
    assert not any(c["breach"] == "forgot_ask" for c in calls)
    for call in calls:  # every call offered is accepted (tried on a copy: one at a time)
        assert B not in call["callers"] and call["offender"] != B
    refused(table, {"type": "fem_opp", "breach": "forgot_ask", "caller": A}, 422,
            "player_out", "Rödskägg — Spelet")
    call = calls[0]
    event = {"type": "fem_opp", "breach": call["breach"], "caller": call["callers"][0]}
    if call["offender"] is not None:
        event["offender"] = call["offender"]
    table.ok(event)


def test_a_redeal_keeps_the_deal_number_in_the_protokoll(client):
    table = start_table(client, players=("Anna", "Bo", "Cia"))
    table.ok({"type": "deal"})
    table.ok({"type": "knock"})
    view = table.ok({"type": "misdeal"})
    row = view["protokoll"]["rows"][-1]
    assert row["deal"] == 1 and row["label"]["sv"] == "Giv 1: felgiv, omgiv"
    view = table.ok({"type": "deal"})
    assert view["state"]["deal"]["number"] == 1
    view = table.ok({"type": "result", "bids": ["smyga", 1, "smyga"], "tricks": [2, 2, 2]})
    rows = view["protokoll"]["rows"]
    assert [(r["kind"], r["deal"]) for r in rows[1:]] == [("redeal", 1), ("deal", 1)]
    view = table.ok({"type": "deal"})
    assert view["state"]["deal"]["number"] == 2
