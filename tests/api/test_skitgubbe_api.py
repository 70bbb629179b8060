"""Skitgubbe through the API: the catalog, phase one card by card (a stunsa, a våga), the
text's example in phase two with its refusal of C's trump, a revoke proven later, quick
entry and the protokoll, undo, and refusals that leave the log unchanged.

Seats: Anna 0 (A, forehand), Bo 1 (B), Cia 2 (C, the dealer) — as in the text's example.
"""

from __future__ import annotations

import csv
import io

import pytest

from tests.conftest import catalog, refused, start_table
from tests.games.test_skitgubbe import EXAMPLE_PILES, EXAMPLE_TRUMP, pair_up

PLAYERS = ("Anna", "Bo", "Cia")
A, B, C = 0, 1, 2


@pytest.fixture
def sk_table(client):
    return start_table(client, game="skitgubbe", players=PLAYERS, first_dealer=C)


def _example(table) -> dict:
    """Phase one of the example (the answerer wins every trick), and the trump card."""
    winners = {seat: iter(pair_up(EXAMPLE_PILES[seat])) for seat in (A, B, C)}
    view = table.view()
    for _ in range(25):
        duel = view["state"]["deal"]["current"]
        low, high = next(winners[duel["answerer"]])
        table.ok({"type": "play", "seat": duel["leader"], "card": str(low)})
        view = table.ok({"type": "play", "seat": duel["answerer"], "card": str(high)})
    assert view["expected"]["phase"] == "reveal" and view["expected"]["seat"] == A
    return table.ok({"type": "trump", "card": str(EXAMPLE_TRUMP)})


def test_catalog_lists_skitgubbe_with_its_words(client):
    entry = catalog(client)["skitgubbe"]
    assert entry["title"] == "Skitgubbe" and entry["players"] == {"min": 3, "max": 3}
    assert len(entry["deck"]["cards"]) == 52
    assert set(entry["events"]) == {"play", "vaga", "trump", "run", "supa", "hand", "result"}
    assert entry["labels"]["events"]["vaga"]["sv"] == "Våga"
    assert entry["labels"]["values"]["loser"]["en"] == "The skitgubbe deals"
    options = {o["name"]: o for o in entry["options"]}
    assert options["one_card"]["default"] is False and options["must_beat"]["default"] is False
    assert options["next_dealer"]["choices"] == ["left", "loser"]
    refs = [r["ref"] for r in entry["rules"]]
    assert "Skitgubbe — Första fasen" in refs and "Skitgubbe — Varianter" in refs
    assert client.get("/api/games/mas").json["id"] == "skitgubbe"


def test_phase_one_card_by_card_a_stunsa_and_a_vaga(sk_table):
    table = sk_table
    view = table.view()
    assert view["expected"]["phase"] == "one" and view["expected"]["seat"] == A
    assert view["state"]["deal"]["talon"] == 43 and view["state"]["deal"]["hands"] == [3, 3, 3]
    table.ok({"type": "play", "seat": A, "card": "♠7"})
    view = table.ok({"type": "vaga", "seat": B, "card": "h7"})  # turned: hjärter 7
    assert view["expected"]["seat"] == A  # stunsa: both add a card
    table.ok({"type": "play", "seat": A, "card": "♦2"})
    view = table.ok({"type": "play", "seat": B, "card": "kKn"})  # ♣J wins
    deal = view["state"]["deal"]
    assert deal["tricks"][0]["winner"] == B and len(deal["tricks"][0]["cards"]) == 4
    assert deal["tricks"][0]["cards"][1] == {"seat": B, "card": "♥7", "vaga": True}
    assert deal["talon"] == 39 and deal["won"] == [0, 1, 0]
    assert view["expected"]["seat"] == B and deal["current"]["answerer"] == C
    assert "♠7" not in view["expected"]["inputs"][0]["fields"]["card"]
    assert view["findings"] == [] and len(table.log()["events"]) == 4


def test_the_example_of_the_text_through_the_api(sk_table):
    table = sk_table
    view = _example(table)
    assert view["state"]["deal"]["trump"] == "♥" and view["expected"]["seat"] == A
    table.ok({"type": "play", "seat": A, "card": "♣9"})
    # A run of no cards is no run: refused in words, never a server error.
    refused(table, {"type": "run", "seat": B, "cards": []}, 422, "empty_run",
            "Skitgubbe — Andra fasen")
    table.ok({"type": "run", "seat": B, "cards": ["♣Q", "♣K", "♣A"]})
    body = refused(table, {"type": "play", "seat": C, "card": "♥A"}, 422, "must_follow_suit",
                    "Skitgubbe — Andra fasen")
    assert "♣10" in body["details"]["holding"]
    refused(table, {"type": "play", "seat": C, "card": "♣J"}, 422, "not_higher")
    view = table.ok({"type": "supa", "seat": C})
    current = view["state"]["deal"]["current"]
    assert current["groups"] == [{"seat": A, "cards": ["♣9"]}]
    assert {"♣Q", "♣K", "♣A"} <= set(view["state"]["deal"]["known"][C])
    table.ok({"type": "play", "seat": A, "card": "♥4"})
    view = table.ok({"type": "run", "seat": B, "cards": "♥7 ♥8"})
    deal = view["state"]["deal"]
    assert deal["current"]["cards"] == [] and deal["current"]["number"] == 2
    assert deal["tricks"][0]["cards"] == [{"seat": A, "card": "♣9"}, {"seat": A, "card": "♥4"},
                                          {"seat": B, "card": "♥7"}, {"seat": B, "card": "♥8"}]
    assert view["expected"]["seat"] == B and view["findings"] == []


def test_quick_entry_the_protokoll_counts_losses(sk_table):
    table = sk_table
    view = table.ok({"type": "result", "loser": B})
    assert view["protokoll"]["totals"] == [0, 1, 0] and view["state"]["dealer"] == A
    table.ok({"type": "play", "seat": B, "card": "♠2"})  # game 2: Bo is forehand
    view = table.ok({"type": "result", "loser": C})
    protokoll = view["protokoll"]
    assert protokoll["totals"] == [0, 1, 1]
    assert [r["kind"] for r in protokoll["rows"]] == ["start", "game", "game"]
    assert protokoll["rows"][-1]["marks"] == ["", "", "skitgubbe"]
    assert view["over"] is False and view["result"] is None
    response = table.get("/protokoll?format=csv&lang=sv&dialect=comma")
    rows = list(csv.reader(io.StringIO(response.data.decode())))
    assert rows[-1][-3:] == ["0", "1", "1"] and "skitgubbe" in rows[-1][2]


def test_a_short_match_ends_with_fewest_losses(client):
    table = start_table(client, game="skitgubbe", players=PLAYERS,
                        options={"match_games": 2, "next_dealer": "loser"})
    table.ok({"type": "result", "loser": A})
    view = table.ok({"type": "result", "loser": A})
    assert view["over"] is True and view["result"] == {"winner": None, "losses": [2, 0, 0],
                                                       "games": 2}
    assert view["expected"]["phase"] == "over"
    refused(table, {"type": "result", "loser": B}, 422, "not_expected")


def test_undo_replays(sk_table):
    table = sk_table
    table.ok({"type": "play", "seat": A, "card": "♠7"})
    table.ok({"type": "play", "seat": B, "card": "♥9"})
    view = table.undo_last()
    assert view["state"]["deal"]["current"]["cards"] == [{"seat": A, "card": "♠7",
                                                          "vaga": False}]
    view = table.ok({"type": "play", "seat": B, "card": "♥7"})
    assert view["expected"]["seat"] == A  # now a stunsa


@pytest.fixture
def in_play(sk_table):
    """Anna led ♠K in trick 1; Bo is to answer."""
    sk_table.ok({"type": "play", "seat": A, "card": "♠K"})
    return sk_table


@pytest.mark.parametrize("event,status,code,rule", [
    ({"type": "play", "seat": C, "card": "♥2"}, 422, "not_your_turn",
     "Skitgubbe — Första fasen"),
    ({"type": "play", "seat": B, "card": "♠K"}, 422, "card_already_played",
     "Skitgubbe — Första fasen"),
    ({"type": "vaga", "seat": B, "card": "♠K"}, 422, "card_already_played", None),
    ({"type": "supa", "seat": B}, 422, "not_expected", None),
    ({"type": "run", "seat": B, "cards": "♥2 ♥3"}, 422, "not_expected", None),
    ({"type": "trump", "card": "♥2"}, 422, "not_expected", None),
    ({"type": "hand", "seat": B, "cards": "♥2 ♥3 ♥4"}, 422, "not_expected", None),
    ({"type": "play", "seat": B, "card": "joker"}, 400, "bad_card_notation", None),
    ({"type": "play", "seat": B, "card": "♥2", "face": "up"}, 400, "unknown_field", None),
    ({"type": "play", "seat": 3, "card": "♥2"}, 400, "bad_field", None),
    ({"type": "stunsa"}, 400, "unknown_event_type", None),
])
def test_refusals_in_phase_one_leave_the_log_unchanged(in_play, event, status, code, rule):
    refused(in_play, event, status, code, rule)


def test_refusals_in_phase_two_leave_the_log_unchanged(sk_table):
    table = sk_table
    _example(table)
    refused(table, {"type": "supa", "seat": A}, 422, "nothing_to_take_up",
             "Skitgubbe — Andra fasen")
    refused(table, {"type": "play", "seat": A, "card": "♣10"}, 422, "card_in_other_hand")
    refused(table, {"type": "run", "seat": A, "cards": "♠3 ♠5"}, 422, "run_not_in_sequence")
    refused(table, {"type": "vaga", "seat": A, "card": "♠3"}, 422, "not_expected")
    refused(table, {"type": "hand", "seat": A, "cards": "♠3"}, 422, "hand_size")
    table.ok({"type": "play", "seat": A, "card": "♦8"})
    refused(table, {"type": "play", "seat": B, "card": "♦5"}, 422, "not_higher")
    refused(table, {"type": "play", "seat": B, "card": "♠10"}, 422, "must_beat")


def test_the_one_card_variant_refuses_a_run(client):
    table = start_table(client, game="skitgubbe", players=PLAYERS, first_dealer=C,
                        options={"one_card": True})
    view = _example(table)
    assert "run" not in [i["type"] for i in view["expected"]["inputs"]]
    refused(table, {"type": "run", "seat": A, "cards": "♠3 ♠4"}, 422, "one_card_at_a_time",
             "Skitgubbe — Varianter")


def test_compulsory_beating_refuses_a_take_up_when_able(client):
    table = start_table(client, game="skitgubbe", players=PLAYERS, first_dealer=C,
                        options={"must_beat": True})
    _example(table)
    table.ok({"type": "play", "seat": A, "card": "♣9"})
    body = refused(table, {"type": "supa", "seat": B}, 422, "must_beat_when_able",
                    "Skitgubbe — Varianter")
    assert body["details"]["beaters"] == ["♣Q", "♣K", "♣A"]


def test_starting_a_skitgubbe_table(client):
    response = client.post("/api/tables", json={"game": "skitgubbe",
                                                "players": ["A", "B", "C", "D"]})
    assert (response.status_code, response.json["code"]) == (422, "player_count")
    response = client.post("/api/tables", json={"game": "skitgubbe", "players": list(PLAYERS),
                                                "options": {"next_dealer": "oldest"}})
    assert (response.status_code, response.json["code"]) == (400, "bad_option")
    response = client.post("/api/tables", json={"game": "skitgubbe", "players": list(PLAYERS),
                                                "options": {"match_games": -1}})
    assert (response.status_code, response.json["code"]) == (400, "bad_option")


def test_a_table_begins_at_phase_two_without_entering_phase_one(sk_table):
    """Issue 15, item 13: the trump card, who took it (he leads) and the hands; then phase
    two through the API as after a phase one entered card by card."""
    table = sk_table
    view = table.view()
    (start,) = [i for i in view["expected"]["inputs"] if i["type"] == "trump"]
    assert start["seat"] is None and start["fields"]["hands"] == "required"
    catalog = client_catalog(table)
    assert catalog["events"]["trump"]["optional"] == {"seat": "seat", "hands": "list"}
    refused(table, {"type": "trump", "card": "♥2", "seat": A}, 422,
             "phase_two_start_incomplete", "Skitgubbe — Andra fasen")
    refused(table, {"type": "trump", "card": "♥2", "seat": A, "hands": [17, 17, 17]}, 422,
             "hands_do_not_add_up", "Skitgubbe — Andra fasen")
    refused(table, {"type": "trump", "card": "♥2", "seat": A, "hands": "17 18 17"}, 400,
             "bad_field")
    view = table.ok({"type": "trump", "card": "h2", "seat": A, "hands": [17, 18, 17]})
    deal = view["state"]["deal"]
    assert view["state"]["phase"] == "two" and deal["phase_one_skipped"] is True
    assert deal["trump_card"] == "♥2" and deal["hands"] == [17, 18, 17]
    assert deal["known"] == [["♥2"], [], []] and deal["unknown"] == [16, 18, 17]
    assert view["expected"]["phase"] == "two" and view["expected"]["seat"] == A
    table.ok({"type": "play", "seat": A, "card": "♣9"})
    table.ok({"type": "run", "seat": B, "cards": ["♣K", "♣Q", "♣A"]})
    refused(table, {"type": "play", "seat": C, "card": "♣J"}, 422, "not_higher")
    view = table.ok({"type": "play", "seat": C, "card": "♥A"})  # a trump: void in clubs?
    assert view["expected"]["seat"] == C and view["findings"] == []
    view = table.ok({"type": "play", "seat": C, "card": "♣10"})  # ... he was not
    (finding,) = view["findings"]
    assert finding["code"] == "revoke_proven" and finding["seat"] == C
    view = table.ok({"type": "result", "loser": B})
    assert view["protokoll"]["totals"] == [0, 1, 0]
    assert view["protokoll"]["rows"][-1]["label"]["en"] == "Game 1: Bo skitgubbe (quick entry)"
    assert view["state"]["deal"]["phase"] == "one"  # the next game, at phase one again
    refused(table,
             {"type": "trump", "card": "♥2", "seat": A, "hands": [0, 26, 26]}, 422,
             "taker_holds_trump")


def client_catalog(table) -> dict:
    return table.client.get("/api/games/skitgubbe").json
