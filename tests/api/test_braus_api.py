"""Bräus through the API: the catalog, a deal card by card and trick by trick, quick entry
to the end of a match, a finding, undo, and refusals that leave the log unchanged.

Seats: Anna 0, Bo 1, Cia 2, Dan 3 (Anna & Cia against Bo & Dan). Anna deals first, Dan cuts,
Bo is forehand.
"""

from __future__ import annotations

import pytest

from tests.conftest import catalog, refused, start_table

PLAYERS = ("Anna", "Bo", "Cia", "Dan")
ANNA, BO, CIA, DAN = 0, 1, 2, 3


@pytest.fixture
def braus_table(client):
    return start_table(client, game="braus", players=PLAYERS)


def test_catalog_lists_braus_with_its_words(client):
    braus = catalog(client)["braus"]
    assert braus["title"] == "Bräus" and braus["players"] == {"min": 4, "max": 4}
    assert len(braus["deck"]["cards"]) == 36 and "♠5" not in braus["deck"]["cards"]
    assert set(braus["events"]) == {"deal", "sevens", "play", "pass", "trick", "result",
                                    "hand"}
    assert braus["labels"]["events"]["pass"]["sv"] == "Står över"
    assert braus["labels"]["values"]["jan"]["en"].startswith("Jan")
    options = {o["name"]: o for o in braus["options"]}
    assert options["sevens"]["default"] == "must" and options["sevens"]["choices"] == [
        "must", "may"]
    assert "Bräus — Sjuorna" in [r["ref"] for r in braus["rules"]]
    assert client.get("/api/games/bräus").json["id"] == "braus"


def test_a_deal_card_by_card_and_trick_by_trick_ends_in_a_jan(braus_table):
    table = braus_table
    view = table.view()
    assert view["expected"]["phase"] == "deal" and view["expected"]["seat"] == ANNA
    assert view["protokoll"]["players"] == ["Anna & Cia", "Bo & Dan"]
    view = table.ok({"type": "deal", "dealer": ANNA, "cut": DAN})
    assert view["expected"]["seat"] == BO
    assert {i["type"] for i in view["expected"]["inputs"]} == {"sevens", "play", "trick",
                                                               "result", "hand"}
    # Trick 1, one card (or stand-over) per entry.
    table.ok({"type": "play", "seat": BO, "card": "♦6"})
    view = table.ok({"type": "play", "seat": CIA, "card": "kKn"})  # ♣J, Spit
    assert [i["type"] for i in view["expected"]["inputs"]] == [
        "pass", "trick"] + ["hand"] * 4  # unbeatable; anyone may enter his hand
    table.ok({"type": "pass", "seat": DAN})
    view = table.ok({"type": "pass", "seat": ANNA})
    assert view["state"]["deal"]["won"] == [1, 0] and view["expected"]["seat"] == CIA
    # Cia won: she lays down her sevens, one trick each.
    view = table.ok({"type": "sevens", "seat": CIA, "cards": ["♥7", "♦7"]})
    assert view["state"]["deal"]["won"] == [3, 0]
    # Whole tricks.
    table.ok({"type": "trick", "cards": "♠8", "over": [DAN, ANNA, BO]})
    table.ok({"type": "trick", "cards": ["♥K"], "over": [DAN, ANNA, BO]})
    view = table.ok({"type": "trick", "cards": "♣9", "over": [DAN, ANNA, BO]})
    deal = view["state"]["deal"]
    assert deal["won"] == [6, 0] and deal["outcome"]["kind"] == "jan"
    assert [t["kind"] for t in deal["tricks"]] == ["won", "seven", "seven", "won", "won", "won"]
    assert deal["tricks"][0]["over"] == [DAN, ANNA]
    row = view["protokoll"]["rows"][-1]
    assert row["changes"] == [2, None] and row["totals"] == [2, 0]
    assert row["marks"] == ["||", ""] and "jan" in row["label"]["sv"]
    assert view["protokoll"]["notes"]["strokes"] == ["||", ""]
    assert view["findings"] == []
    assert view["expected"]["phase"] == "deal" and view["expected"]["seat"] == BO
    assert len(table.log()["events"]) == 9


def test_quick_entry_to_the_end_of_the_match_pissmunkar(braus_table):
    table = braus_table
    view = table.ok({"type": "result", "outcome": "none", "tricks": [4, 5]})
    assert view["state"]["dealer"] == ANNA  # no rita: the same dealer again
    view = table.ok({"type": "result", "outcome": "jan", "winner": CIA})
    assert view["protokoll"]["totals"] == [2, 0] and view["state"]["dealer"] == BO
    table.ok({"type": "deal"})
    table.ok({"type": "result", "outcome": "utslag", "winner": ANNA, "tricks": [5, 5]})
    for _ in range(2):
        table.ok({"type": "result", "outcome": "rita", "winner": ANNA, "tricks": [6, 1]})
    view = table.ok({"type": "result", "outcome": "rita", "winner": CIA})
    assert view["over"] is True
    assert view["result"] == {"winner": 0, "winners": [ANNA, CIA], "ritor": [6, 0],
                              "pissmunkar": [BO, DAN]}
    protokoll = view["protokoll"]
    assert protokoll["winner"] == 0 and protokoll["totals"] == [6, 0]
    assert protokoll["rows"][-1]["marks"] == ["||||||", "pissmunkar"]
    assert [r["kind"] for r in protokoll["rows"]] == ["start", "redeal", "deal", "deal",
                                                      "deal", "deal", "deal"]
    assert view["expected"]["phase"] == "over"
    refused(table, {"type": "result", "outcome": "rita", "winner": BO}, 422, "not_expected")


def test_a_stand_over_proven_later_is_a_finding_naming_both_tricks(braus_table):
    table = braus_table
    table.ok({"type": "deal"})
    table.ok({"type": "trick", "cards": "♦J ♠J", "over": [CIA, ANNA]})  # Cia over vs ♦J
    view = table.ok({"type": "trick", "cards": "♦A ♥A", "over": [ANNA, BO]})  # Cia: ♥A
    (finding,) = view["findings"]
    assert finding["code"] == "stood_over_with_higher" and finding["seat"] == CIA
    assert finding["rule"] == "Bräus — Spelet"
    assert finding["details"] == {"over_trick": 1, "against": "♦J", "proof_trick": 2,
                                  "proof_card": "♥A"}
    assert "stick 1" in finding["messages"]["sv"] and "trick 2" in finding["messages"]["en"]


def test_undo_replays_the_deal(braus_table):
    table = braus_table
    table.ok({"type": "deal"})
    table.ok({"type": "trick", "cards": "♦6 ♥6", "over": [CIA, ANNA]})
    view = table.undo_last()
    assert view["state"]["deal"]["won"] == [0, 0] and view["expected"]["seat"] == BO
    view = table.ok({"type": "trick", "cards": "♦6 ♥6 ♠6", "over": [ANNA]})
    assert view["state"]["deal"]["tricks"][-1]["winner"] == DAN


@pytest.fixture
def in_play(braus_table):
    """Bo led ♦A in trick 1; Cia is to play."""
    braus_table.ok({"type": "deal"})
    braus_table.ok({"type": "play", "seat": BO, "card": "♦A"})
    return braus_table


@pytest.mark.parametrize("event,status,code,rule", [
    ({"type": "play", "seat": DAN, "card": "♣J"}, 422, "not_your_turn", "Bräus — Spelet"),
    ({"type": "play", "seat": CIA, "card": "♠J"}, 422, "not_higher", "Bräus — Spelet"),
    ({"type": "play", "seat": CIA, "card": "♥Q"}, 422, "not_higher", "Bräus — Spelet"),
    ({"type": "play", "seat": CIA, "card": "♦A"}, 422, "card_already_played",
     "Bräus — Spelet"),
    ({"type": "play", "seat": CIA, "card": "♠5"}, 422, "card_not_in_deck", "Kortleken"),
    ({"type": "sevens", "seat": BO, "cards": ["♠7"]}, 422, "sevens_not_now",
     "Bräus — Sjuorna"),
    ({"type": "trick", "cards": "♣J", "over": []}, 422, "trick_size", "Bräus — Spelet"),
    ({"type": "result", "outcome": "rita", "winner": BO}, 422, "not_expected", None),
    ({"type": "deal"}, 422, "not_expected", None),
    ({"type": "play", "seat": CIA, "card": "joker"}, 400, "bad_card_notation", None),
    ({"type": "pass", "seat": CIA, "why": "none"}, 400, "unknown_field", None),
    ({"type": "stand"}, 400, "unknown_event_type", None),
])
def test_refusals_in_play_leave_the_log_unchanged(in_play, event, status, code, rule):
    refused(in_play, event, status, code, rule)


def test_refusals_at_the_start_leave_the_log_unchanged(braus_table):
    table = braus_table
    refused(table, {"type": "deal", "cut": BO}, 422, "wrong_cutter", "Bräus — Given")
    refused(table, {"type": "deal", "dealer": CIA}, 422, "wrong_dealer", "Bräus — Given")
    refused(table, {"type": "result", "outcome": "jan"}, 422, "winner_required",
             "Bräus — Ritor")
    refused(table, {"type": "result", "outcome": "rita", "winner": BO, "tricks": [6, 2]},
             422, "result_inconsistent", "Bräus — Ritor")
    refused(table, {"type": "result", "outcome": "never"}, 400, "bad_field")
    assert table.log()["events"] == []
    table.ok({"type": "deal"})
    refused(table, {"type": "play", "seat": BO, "card": "♣7"}, 422, "lay_sevens_first",
             "Bräus — Sjuorna")
    refused(table, {"type": "pass", "seat": BO}, 422, "leader_must_lead", "Bräus — Spelet")
    refused(table, {"type": "sevens", "seat": BO, "cards": ["♠8"]}, 422, "not_a_seven",
             "Bräus — Sjuorna")
    assert len(table.log()["events"]) == 1


def test_starting_a_braus_table_needs_four_players(client):
    response = client.post("/api/tables", json={"game": "braus", "players": ["A", "B", "C"]})
    assert (response.status_code, response.json["code"]) == (422, "player_count")
    response = client.post("/api/tables", json={"game": "braus", "players": list(PLAYERS),
                                                "options": {"sevens": "often"}})
    assert (response.status_code, response.json["code"]) == (400, "bad_option")
