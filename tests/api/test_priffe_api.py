"""Priffe through the API: the draw, bids, trick-by-trick and quick entry, honours, utgång and
the sits, the old scoring, refusals.

Seats 0–3 are Anna, Bo, Cia, Dan; without a draw they sit in that order clockwise, Anna & Cia
against Bo & Dan, and Anna deals first, so Bo (her left-hand neighbour) bids first. Every
refusal is checked to leave the log as it was.
"""

from __future__ import annotations

import random

from rules_engine.cards import FRENCH52, SUITS
from rules_engine.games import whist_play
from tests.conftest import refused, start_table
from tests.playout_kit import deal_one_at_a_time

PLAYERS = ("Anna", "Bo", "Cia", "Dan")
A, B, C, D = 0, 1, 2, 3
P = "pass"
NONE = [1, 1, 1, 1]


def priffe_table(client, **extra):
    return start_table(client, game="priffe", players=PLAYERS, **extra)


def test_the_catalog_carries_the_game_its_options_and_words(client):
    game = client.get("/api/games/priffe").json
    assert game["players"] == {"min": 4, "max": 4} and len(game["deck"]["cards"]) == 52
    assert {o["name"] for o in game["options"]} == {
        "scoring", "format", "deals", "target", "penalty_below_line", "tvangsnoll_slams"}
    assert set(game["events"]) == {"draw", "seating", "bid", "hand", "play", "trick",
                                   "result"}
    assert game["labels"]["values"]["tvangsnoll"] == {"sv": "Tvångsnoll",
                                                      "en": "Forced nullo"}
    assert "Priffe — Budgivning" in [r["ref"] for r in game["rules"]]


def test_the_draw_the_bidding_and_a_deal_trick_by_trick(client):
    table = priffe_table(client)
    view = table.ok({"type": "draw", "cards": ["♠K", "♥A", "♦5", "♣3"]})
    state = view["state"]
    assert state["dealer"] == B and state["sides"] == [[0, 2], [1, 3]]
    assert state["letters"] == {"A": B, "B": C, "C": D, "D": A}
    bid = view["expected"]["inputs"][0]
    assert bid["type"] == "bid" and bid["seat"] == C and "klover" in bid["choices"]
    view = table.ok({"type": "bid", "seat": C, "bid": "spader"})
    refused(table, {"type": "bid", "seat": D, "bid": "klover"}, 422, "bid_not_higher",
            "Priffe — Budgivning")
    view = table.ok({"type": "bid", "seat": D, "bid": P})
    refused(table, {"type": "bid", "seat": A, "bid": "spader"}, 422, "bid_not_higher")
    view = table.ok({"type": "bid", "seat": A, "bid": "preference"})
    view = table.ok({"type": "bid", "seat": B, "bid": P})
    deal = view["state"]["deal"]
    assert deal["contract"] == "preference" and deal["declarer"] == A and deal["trump"] is None
    assert view["expected"]["seat"] == D  # the player to the right of Anna leads
    # Deal real cards and play a whole deal, one trick per entry.
    rng = random.Random(8)
    seating = view["state"]["seating"]
    deck = list(FRENCH52.cards)
    rng.shuffle(deck)
    order = whist_play.clockwise(seating, whist_play.left_of(seating, B))
    hands = deal_one_at_a_time(deck, order)
    aces = [sum(c.rank == "A" for c in hands[p]) for p in range(4)]
    while not view["state"]["last_deal"]:
        leader = view["expected"]["seat"]
        cards, led = [], None
        for player in whist_play.clockwise(seating, leader):
            legal = [c for c in hands[player] if c.suit == led] or hands[player]
            c = min(legal, key=FRENCH52.rank_value)
            hands[player].remove(c)
            led = led or c.suit
            cards.append(str(c))
        view = table.ok({"type": "trick", "cards": cards})
    last = view["state"]["last_deal"]
    assert sum(last["won"]) == 13 and len(last["tricks"]) == 13
    score = last["score"]
    assert score["contract"] == "preference" and score["declaring"] == 0
    assert view["protokoll"]["totals"][A] == score["total"][0]
    assert max(aces) < 3 or score["honours"] != [0, 0]
    assert view["state"]["dealer"] == C and view["expected"]["seat"] == D
    assert len(table.log()["events"]) == 1 + 4 + 13


def test_quick_entry_the_texts_examples(client):
    table = priffe_table(client)
    quick = next(i for i in table.created["table"]["expected"]["inputs"]
                 if i["type"] == "result")
    assert quick["fields"]["order"] == [B, C, D, A] and "bids" in quick["fields"]
    # Bolag A (Anna & Cia) bid hearts, bolag B took eight tricks: 40 to bolag B.
    view = table.ok({"type": "result", "bids": [P, P, "hjarter", P], "tricks": [5, 8],
                     "honours": NONE})
    assert view["protokoll"]["totals"] == [0, 40, 0, 40]
    assert view["protokoll"]["notes"]["above"] == [0, 40, 0, 40]
    # Noll: six tricks 10, five tricks 20 — 30 below the line: utgång.
    view = table.ok({"type": "result", "bids": [P, "noll", P, P], "tricks": [7, 6],
                     "honours": NONE})
    view = table.ok({"type": "result", "bids": [P, "noll", P, P], "tricks": [8, 5],
                     "honours": [0, 0, 0, 4]})
    assert view["state"]["utgangar"] == [0, 1] and view["state"]["line"] == [0, 0]
    assert view["protokoll"]["totals"] == [0, 40 + 10 + 20 + 50, 0, 120]
    assert view["protokoll"]["rows"][-1]["kind"] == "utgang"
    # Tvångsnoll: no penalty tricks.
    view = table.ok({"type": "result", "bids": [P, P, P, P], "tricks": [5, 8],
                     "honours": NONE})
    assert view["state"]["last_deal"]["score"]["below"] == [20, 0]
    assert view["state"]["last_deal"]["contract"] == "tvangsnoll"


def test_refusals_leave_the_log_unchanged(client):
    table = priffe_table(client)
    refused(table, {"type": "bid", "seat": A, "bid": P}, 422, "not_your_turn")
    refused(table, {"type": "bid", "seat": B, "bid": "grand"}, 422, "bad_bid")
    refused(table, {"type": "draw", "cards": ["♠2", "♥2", "♦K", "♣Q"]}, 422, "draw_tie",
            "Priffe — Dragning")
    refused(table, {"type": "result", "bids": [P] * 4, "tricks": [7, 7], "honours": NONE},
            422, "tricks_do_not_add_up")
    refused(table, {"type": "result", "bids": [P] * 4, "tricks": [7, 6],
                    "honours": [2, 2, 1, 1]}, 422, "honours_do_not_add_up",
            "Priffe — Honnörer")
    refused(table, {"type": "result", "bids": [P] * 4, "tricks": [7, 6]}, 400,
            "missing_field")
    table.ok({"type": "bid", "seat": B, "bid": P})
    table.ok({"type": "bid", "seat": C, "bid": P})
    refused(table, {"type": "bid", "seat": D, "bid": "spader"}, 422,
            "information_bid_too_late")
    refused(table, {"type": "result", "bids": [P, "noll", P, P], "tricks": [7, 6],
                    "honours": NONE}, 422, "bids_disagree")
    refused(table, {"type": "seating", "order": [0, 1, 2, 3]}, 422, "seating_not_now")
    table.ok({"type": "bid", "seat": D, "bid": P})
    table.ok({"type": "bid", "seat": A, "bid": P})
    table.ok({"type": "play", "seat": B, "card": "♠2"})
    refused(table, {"type": "result", "tricks": [7, 6], "honours": NONE}, 422,
            "quick_not_now")
    refused(table, {"type": "play", "seat": C, "card": "♠2"}, 422, "card_already_played")


def test_a_sits_and_the_seat_change(client):
    table = priffe_table(client)
    for _ in range(2):
        view = table.ok({"type": "result", "bids": [P, P, "preference", P],
                         "tricks": [9, 4], "honours": NONE})
    state = view["state"]
    assert state["sits"] == 2 and state["sides"] == [[0, 1], [2, 3]]
    assert state["seating"] == [A, C, B, D]
    assert view["protokoll"]["rows"][-1]["kind"] == "sits"
    seating = next(i for i in view["expected"]["inputs"] if i["type"] == "seating")
    assert seating["fields"]["order"] == [A, C, B, D]
    view = table.ok({"type": "seating", "order": [A, D, B, C], "dealer": D})
    assert view["state"]["seating"] == [A, D, B, C] and view["expected"]["seat"] == B


def test_the_old_variant_through_the_api(client):
    table = priffe_table(client, options={"scoring": "old"})
    assert table.view()["options"]["scoring"] == "old"
    view = table.ok({"type": "bid", "seat": B, "bid": P})
    view = table.ok({"type": "bid", "seat": C, "bid": P})
    view = table.ok({"type": "bid", "seat": D, "bid": "spader"})  # a real bid now
    view = table.ok({"type": "bid", "seat": A, "bid": P})
    assert view["state"]["deal"]["contract"] == "spader"
    assert view["state"]["deal"]["trump"] == "♠"
    aces = [f"{s}A" for s in SUITS]
    assert all(a in view["expected"]["inputs"][0]["fields"]["card"] for a in aces)
    view = table.ok({"type": "result", "tricks": [4, 9], "honours": [0, 4, 0, 0]})
    # Spader 2 a trick: three tricks 6; all four honours in one hand: four tricks, 8.
    assert view["protokoll"]["totals"] == [0, 14, 0, 14]
