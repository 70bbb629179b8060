"""The table view says which deal is under way (``deal_in_progress``): what the phone's
dealer line reads to say "ger den här given" rather than "ger nästa giv"."""

from __future__ import annotations

from tests.conftest import start_table


def test_a_deal_is_under_way_from_its_deal_entry_through_bidding_and_play(client):
    table = start_table(client, game="rodskagg", players=("Anna", "Bo", "Cia"))
    assert table.view()["deal_in_progress"] is None  # the first deal not dealt yet
    assert table.ok({"type": "deal"})["deal_in_progress"] == 1
    assert table.ok({"type": "bid", "seat": 1, "bid": 2})["deal_in_progress"] == 1
    dealer = table.view()["protokoll"]["next_dealer"]
    assert dealer == 0  # the sheet names the dealer of the deal under way


def test_no_deal_is_under_way_between_quick_entries(client):
    table = start_table(client, game="rodskagg", players=("Anna", "Bo", "Cia"))
    view = table.ok({"type": "result", "bids": ["smyga", 2, "smyga"], "tricks": [1, 4, 1]})
    assert view["deal_in_progress"] is None
    assert view["protokoll"]["next_dealer"] == 1
    assert table.get(headers={"X-Spectator-Key": table.spectator_key}).json[
        "deal_in_progress"] is None
