"""Norrandsknack through the API: trick-by-trick and quick entry, the protokoll, refusals.

Seats 0–2 are Anna, Bo, Cia, clockwise; Anna deals first, so Bo is forehand and buys and
leads first. Every refusal is checked to leave the log (and the view) as it was.
"""

from __future__ import annotations

import pytest

from tests.conftest import catalog, refused, start_table

PLAYERS = ("Anna", "Bo", "Cia")
A, B, C = 0, 1, 2


def nk_table(client, **extra):
    return start_table(client, game="norrandsknack", players=PLAYERS, **extra)


def test_the_catalog_lists_norrandsknack_with_its_words(client):
    game = catalog(client)["norrandsknack"]
    assert game["players"] == {"min": 3, "max": 5}
    assert len(game["deck"]["cards"]) == 52
    assert {o["name"]: o["default"] for o in game["options"]} == {
        "bid_after_three": False, "max_redeals": 3, "all_lura_later": "redeal",
        "lone_knocker": "takes_all", "stake": 0}
    assert game["labels"]["events"]["buy"] == {"sv": "Köpet", "en": "Buying"}
    assert game["labels"]["values"]["knacka"]["sv"] == "Knacka"
    assert set(game["events"]) == {"draw", "deal", "bid", "buy", "play", "trick", "result",
                                   "trumfmant_breach", "hand"}  # issue 15 item 12; hands


def test_a_deal_trick_by_trick(client):
    table = nk_table(client)
    view = table.ok({"type": "draw", "cards": ["♠5", "♥9", "♦K"]})  # Cia deals
    assert view["expected"]["seat"] == C
    assert view["protokoll"]["rows"][-1]["kind"] == "draw"
    view = table.ok({"type": "deal", "trump_card": "♥7"})
    exp = view["expected"]
    assert exp["phase"] == "bidding" and exp["seat"] == A
    bid = next(i for i in exp["inputs"] if i["type"] == "bid")
    assert bid["choices"] == ["knacka", "lura"] and bid["fields"] == {"bid": ["knacka", "lura"]}
    table.ok({"type": "bid", "seat": A, "bid": "lura"})
    view = table.ok({"type": "bid", "seat": B, "bid": "knacka"})  # ends the first bidding
    assert view["state"]["deal"]["active"] == [A, B, C]
    for seat, count in ((A, 2), (B, 0), (C, 1)):
        exp = view["expected"]
        assert exp["seat"] == seat
        assert exp["inputs"][0]["fields"]["discard"] == (
            [1, 2, 3, 4, 5, 6] if seat == C else [0, 1, 2, 3, 4, 5])
        view = table.ok({"type": "buy", "seat": seat, "discard": count})
    assert view["state"]["deal"]["talong"] == 52 - 16 - 2
    play = view["expected"]["inputs"][0]
    assert play["type"] == "play" and play["seat"] == A
    assert play["fields"]["must_lead"] == "trump_ace" and play["fields"]["trump"] == "♥"
    table.ok({"type": "play", "seat": A, "card": "♠A"})
    table.ok({"type": "trick", "cards": ["♠2", "♠3"]})
    for cards in ("♠K ♠4 ♠5", "♣A ♣2 ♣3", "♦A ♦2 ♦3"):
        view = table.ok({"type": "trick", "cards": cards})
    view = table.ok({"type": "trick", "cards": "♦K ♦4 ♥2"})  # Cia trumps the last one
    protokoll = view["protokoll"]
    assert protokoll["totals"] == [6, 10, 9]
    row = protokoll["rows"][-1]
    assert row["kind"] == "deal" and row["changes"] == [-4, 0, -1]
    assert row["marks"] == ["", "limpa", ""]  # Bo knocked and took nothing: underlined
    assert view["state"]["first_deal_rules"] is False
    assert view["expected"]["phase"] == "deal" and view["expected"]["seat"] == A
    assert view["findings"] == []
    log = table.log()
    assert [e["event"]["type"] for e in log["events"]][:3] == ["draw", "deal", "bid"]


def test_quick_entry_and_the_csv_protokoll(client):
    table = nk_table(client)
    view = table.ok({"type": "result", "bids": ["lura", "knacka", "lura"],
                     "tricks": [1, 2, 2]})
    assert view["protokoll"]["totals"] == [9, 8, 8]
    # Later deal: Bo deals; Cia knocks, Anna passes, Bo stands with and takes nothing.
    view = table.ok({"type": "result", "bids": ["passa", "sta_med", "knacka"],
                     "tricks": [0, 0, 5]})
    assert view["protokoll"]["totals"] == [9, 10, 3]
    assert view["protokoll"]["rows"][-1]["changes"] == [None, 2, -5]
    assert view["protokoll"]["rows"][-1]["marks"] == ["", "limpa", ""]
    view = table.view()
    assert view["state"]["dealer"] == C and view["over"] is False


def test_the_match_ends_and_the_pot_is_settled(client):
    table = nk_table(client, options={"stake": 2})
    assert table.view()["protokoll"]["notes"]["pot"] == 6
    table.ok({"type": "result", "bids": ["lura", "knacka", "lura"], "tricks": [0, 5, 0]})
    table.ok({"type": "result", "bids": ["sta_med", "knacka", "passa"],
              "tricks": [1, 4, 0]})
    view = table.ok({"type": "result", "bids": ["sta_med", "knacka", "passa"],
                     "tricks": [0, 1, 0]})  # Bo at 1: his first trick ends it
    assert view["over"] is True and view["protokoll"]["winner"] == B
    assert view["protokoll"]["totals"] == [9, 0, 10]
    # Pot: 3 × 2 at the start, no limpa; the winner takes it.
    assert view["result"]["pot"] == 6
    assert view["protokoll"]["settlement"] == [-2, 4, -2]
    refused(table, {"type": "deal", "trump_card": "♠2"}, 422, "not_expected")


@pytest.mark.parametrize("event,status,code", [
    ({"type": "bid", "seat": C, "bid": "knacka"}, 422, "not_your_turn"),
    ({"type": "bid", "seat": B, "bid": "stå med"}, 422, "bid_not_open"),
    ({"type": "bid", "seat": B, "bid": "smyga"}, 422, "bad_bid"),
    ({"type": "bid", "seat": 5, "bid": "lura"}, 400, "bad_field"),
    ({"type": "buy", "seat": B, "discard": 1}, 422, "not_expected"),
    ({"type": "play", "seat": B, "card": "♠A"}, 422, "not_expected"),
    ({"type": "bid", "seat": B, "bid": "lura", "loud": True}, 400, "unknown_field"),
    ({"type": "shuffle"}, 400, "unknown_event_type"),
])
def test_refusals_in_the_bidding_leave_the_log_unchanged(client, event, status, code):
    table = nk_table(client)
    table.ok({"type": "deal", "trump_card": "♣5"})
    refused(table, event, status, code)


def test_refusals_in_buying_and_play_leave_the_log_unchanged(client):
    table = nk_table(client)
    table.ok({"type": "deal", "trump_card": "♣5"})
    table.ok({"type": "bid", "seat": B, "bid": "knacka"})
    refused(table, {"type": "buy", "seat": B, "discard": 6}, 422, "bad_buy",
            "Norrandsknack — Köpet")
    refused(table, {"type": "buy", "seat": C, "discard": 1}, 422, "not_your_turn")
    refused(table, {"type": "buy", "seat": B, "discard": 1, "cards": ["♣5"]}, 422,
            "card_is_dealers")
    refused(table, {"type": "buy", "seat": B, "discard": "one"}, 400, "bad_field")
    table.ok({"type": "buy", "seat": B, "discard": 1, "cards": ["♦9"]})
    table.ok({"type": "buy", "seat": C, "discard": 0})
    refused(table, {"type": "buy", "seat": A, "discard": 0}, 422, "bad_buy")
    table.ok({"type": "buy", "seat": A, "discard": 1})
    refused(table, {"type": "play", "seat": C, "card": "♠2"}, 422, "not_your_turn")
    refused(table, {"type": "play", "seat": B, "card": "♣5"}, 422, "card_is_dealers")
    refused(table, {"type": "play", "seat": B, "card": "♦9"}, 422, "card_laid_away")
    refused(table, {"type": "play", "seat": B, "card": "♠1"}, 400, "bad_card_notation")
    refused(table, {"type": "trick", "cards": "♠2 ♠3"}, 422, "trick_size")
    table.ok({"type": "play", "seat": B, "card": "♠2"})
    refused(table, {"type": "play", "seat": C, "card": "♠2"}, 422, "card_already_played")


def test_quick_entry_refusals_leave_the_log_unchanged(client):
    table = nk_table(client)
    refused(table, {"type": "result", "bids": ["lura", "knacka", "lura"],
                    "tricks": [1, 1, 1]}, 422, "tricks_do_not_add_up")
    refused(table, {"type": "result", "bids": ["knacka", "knacka", "lura"],
                    "tricks": [1, 2, 2]}, 422, "one_knock")
    refused(table, {"type": "result", "bids": ["lura", "knacka", "passa"],
                    "tricks": [1, 2, 2]}, 422, "bid_not_open",
            "Norrandsknack — Budrundan i första given")
    refused(table, {"type": "result", "bids": ["lura", "knacka"]}, 422, "result_shape")
    refused(table, {"type": "result", "bids": "lura"}, 400, "bad_field")
    refused(table, {"type": "result", "bids": ["lura", "knacka", "lura"],
                    "tricks": [1, 2, 2], "missed_trump": [1, 0, 0]}, 422, "no_trumfmant")
    assert table.log()["events"] == []


def test_a_trumfmant_penalty_reaches_the_protokoll(client):
    table = nk_table(client)
    table.ok({"type": "result", "bids": ["lura", "knacka", "lura"], "tricks": [2, 3, 0]})
    table.ok({"type": "result", "bids": ["sta_med", "knacka", "passa"], "tricks": [3, 2, 0]})
    table.ok({"type": "result", "bids": ["sta_med", "knacka", "passa"], "tricks": [1, 4, 0]})
    # (4, 1, 10); Anna deals, Bo at 1 knocks: trumfmant.
    table.ok({"type": "deal", "trump_card": "♥7"})
    table.ok({"type": "bid", "seat": B, "bid": "knacka"})
    table.ok({"type": "bid", "seat": C, "bid": "sta_med"})
    view = table.ok({"type": "bid", "seat": A, "bid": "sta_med"})
    assert view["state"]["trumfmant"] == [B]
    for seat, count in ((B, 0), (C, 0), (A, 1)):
        view = table.ok({"type": "buy", "seat": seat, "discard": count})
    assert view["expected"]["inputs"][0]["fields"]["trumfmant"] is True
    assert "Trumfmant" in view["expected"]["prompt"]["sv"]
    table.ok({"type": "trick", "cards": "♠4 ♠K ♠2"})  # Bo leads a spade; Cia wins
    view = table.ok({"type": "trick", "cards": "♣3 ♣A ♥3"})  # Bo shows a trump
    row = view["protokoll"]["rows"][-1]
    assert row["kind"] == "penalty" and row["changes"] == [None, 5, None]
    assert row["marks"] == ["", "limpa", ""]
    (finding,) = view["findings"]
    assert finding["code"] == "trumfmant_breach" and finding["seat"] == B
    assert finding["details"]["lead_trick"] == 1 and finding["details"]["proof_trick"] == 2


def four_one_ten(client):
    """A table at Anna 4, Bo 1, Cia 10, Anna to deal (forehand Bo)."""
    table = nk_table(client)
    table.ok({"type": "result", "bids": ["lura", "knacka", "lura"], "tricks": [2, 3, 0]})
    table.ok({"type": "result", "bids": ["sta_med", "knacka", "passa"], "tricks": [3, 2, 0]})
    view = table.ok({"type": "result", "bids": ["sta_med", "knacka", "passa"],
                     "tricks": [1, 4, 0]})
    assert view["protokoll"]["totals"] == [4, 1, 10]
    return table, view


def test_the_quick_entry_hint_offers_more_than_one_missed_trump_lead(client):
    """Issue 15, item 11: a player can miss more than once; the hint offers what can happen."""
    fresh = nk_table(client).view()
    (quick,) = [i for i in fresh["expected"]["inputs"] if i["type"] == "result"]
    assert quick["fields"]["missed_trump"] == [0]  # nobody can come down to 1 from 10
    table, view = four_one_ten(client)
    (quick,) = [i for i in view["expected"]["inputs"] if i["type"] == "result"]
    assert quick["fields"]["missed_trump"] == [0, 1, 2, 3, 4]
    refused(table, {"type": "result", "bids": ["sta_med", "knacka", "sta_med"],
                    "tricks": [2, 0, 3], "missed_trump": [2, 1, 2]}, 422, "no_lead")
    view = table.ok({"type": "result", "bids": ["sta_med", "knacka", "sta_med"],
                     "tricks": [2, 0, 3], "missed_trump": [2, 0, 0]})
    assert [r["kind"] for r in view["protokoll"]["rows"][-3:]] == ["penalty", "penalty",
                                                                    "deal"]
    assert view["protokoll"]["totals"] == [8, 6, 7]


def test_a_called_trumfmant_breach_after_a_deal_that_stopped_early(client):
    """Issue 15, item 12: played card by card, the deal stops when Bo reaches 0 before the
    missed trump lead could be proven by play; the table calls it and the limpa is written."""
    table, _ = four_one_ten(client)
    table.ok({"type": "deal", "trump_card": "♥7"})
    for seat, bid in ((B, "knacka"), (C, "sta_med"), (A, "sta_med")):
        table.ok({"type": "bid", "seat": seat, "bid": bid})
    for seat, count in ((B, 0), (C, 0), (A, 1)):
        table.ok({"type": "buy", "seat": seat, "discard": count})
    table.ok({"type": "trick", "cards": "♠4 ♠K ♠2"})
    view = table.ok({"type": "trick", "cards": "♦5 ♦2 ♦9"})
    assert view["over"] is True
    offered = [i for i in view["expected"]["inputs"] if i["type"] == "trumfmant_breach"]
    assert [(i["seat"], i["fields"]["trick"]) for i in offered] == [(B, [1]), (C, [2])]
    refused(table, {"type": "trumfmant_breach", "seat": A}, 422, "no_missed_lead",
            "Norrandsknack — Spelet av korten")
    view = table.ok({"type": "trumfmant_breach", "seat": C, "trick": 2, "card": "♥9"})
    row = view["protokoll"]["rows"][-1]
    assert row["kind"] == "penalty" and row["marks"] == ["", "", "limpa"]
    assert view["findings"][-1]["code"] == "trumfmant_breach"
    assert view["over"] is True  # Bo still stands at 0
