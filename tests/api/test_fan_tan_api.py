"""Fan tan through the API: the catalog, a deal card by card with a pass proven false later,
fri fan tan with a run, quick entry with chips, undo, and refusals that leave the log
unchanged.

Seats: Anna 0, Bo 1, Cia 2. Anna deals first, Bo is forehand.
"""

from __future__ import annotations

import pytest

from tests.conftest import catalog, refused, start_table

PLAYERS = ("Anna", "Bo", "Cia")
ANNA, BO, CIA = 0, 1, 2


@pytest.fixture
def fan_tan_table(client):
    return start_table(client, game="fan_tan", players=PLAYERS)


def test_catalog_lists_fan_tan_with_its_words_and_options(client):
    game = catalog(client)["fan_tan"]
    assert game["players"] == {"min": 3, "max": 7} and len(game["deck"]["cards"]) == 52
    assert set(game["events"]) == {"deal", "play", "run", "pass", "result", "hand"}
    assert game["labels"]["events"]["pass"] == {"sv": "Passar", "en": "Pass"}
    assert game["labels"]["values"]["fri"]["sv"] == "Fri fan tan"
    options = {o["name"]: o for o in game["options"]}
    assert options["variant"]["choices"] == ["standard", "fri"]
    assert options["scoring"]["default"] == "wins"
    assert "Fan tan — Fri fan tan" in [r["ref"] for r in game["rules"]]
    assert client.get("/api/games/sjuan").json["id"] == "fan_tan"


def test_a_deal_card_by_card_with_a_false_pass_proven_later(fan_tan_table):
    table = fan_tan_table
    view = table.view()
    assert view["expected"]["phase"] == "deal" and view["expected"]["seat"] == ANNA
    view = table.ok({"type": "play", "seat": BO, "card": "♥7"})
    assert view["state"]["deal"]["hand"] == [17, 17, 17]
    assert view["expected"]["seat"] == CIA
    play = view["expected"]["inputs"][0]
    assert play["type"] == "play" and sorted(play["fields"]["card"]) == sorted(
        ["♥6", "♥8", "♠7", "♦7", "♣7"])
    table.ok({"type": "pass", "seat": CIA})
    table.ok({"type": "play", "seat": ANNA, "card": "♥8"})
    table.ok({"type": "play", "seat": BO, "card": "s7"})
    view = table.ok({"type": "play", "seat": CIA, "card": "h6"})  # notation: ♥6
    (finding,) = view["findings"]
    assert finding["code"] == "passed_while_able" and finding["seat"] == CIA
    assert finding["details"]["pass_move"] == 2 and finding["details"]["proof_move"] == 5
    assert view["state"]["deal"]["layout"]["♥"] == ["♥7", "♥8", "♥6"]


def test_undo_replays_the_deal(fan_tan_table):
    table = fan_tan_table
    table.ok({"type": "play", "seat": BO, "card": "♥7"})
    table.ok({"type": "play", "seat": CIA, "card": "♥8"})
    view = table.undo_last()
    assert view["state"]["deal"]["layout"]["♥"] == ["♥7"] and view["expected"]["seat"] == CIA


@pytest.fixture
def in_play(fan_tan_table):
    """Bo opened with ♥7; Cia is to play."""
    fan_tan_table.ok({"type": "play", "seat": BO, "card": "♥7"})
    return fan_tan_table


@pytest.mark.parametrize("event,status,code,rule", [
    ({"type": "play", "seat": ANNA, "card": "♥8"}, 422, "not_your_turn", "Fan tan — Spelet"),
    ({"type": "play", "seat": CIA, "card": "♥9"}, 422, "card_does_not_fit",
     "Fan tan — Spelet"),
    ({"type": "play", "seat": CIA, "card": "♥7"}, 422, "card_on_table", "Fan tan — Spelet"),
    ({"type": "run", "seat": CIA, "cards": "♥8 ♥9"}, 422, "one_card_a_turn",
     "Fan tan — Spelet"),
    # Quick entry at any time (issue 15, item 15), within the cards each still holds.
    ({"type": "result", "winner": CIA, "cards_left": [1, 18, 0]}, 422,
     "cards_left_impossible", "Fan tan — Vinst"),
    ({"type": "deal"}, 422, "not_expected", None),
    ({"type": "play", "seat": CIA, "card": "♥77"}, 400, "bad_card_notation", None),
    ({"type": "pass", "seat": CIA, "why": "none"}, 400, "unknown_field", None),
    ({"type": "knock"}, 400, "unknown_event_type", None),
])
def test_refusals_in_play_leave_the_log_unchanged(in_play, event, status, code, rule):
    refused(in_play, event, status, code, rule)


def test_refusals_at_the_start_leave_the_log_unchanged(fan_tan_table):
    table = fan_tan_table
    refused(table, {"type": "play", "seat": BO, "card": "♥8"}, 422, "start_with_seven",
             "Fan tan — Spelet")
    refused(table, {"type": "deal", "extra": [ANNA, BO]}, 422, "extra_cards",
             "Fan tan — Given")
    refused(table, {"type": "result", "winner": ANNA, "cards_left": [1, 2, 3]}, 422,
             "winner_has_cards", "Fan tan — Vinst")
    refused(table, {"type": "result", "winner": 7}, 400, "bad_field")
    assert table.log()["events"] == []


def test_fri_fan_tan_with_a_run(client):
    table = start_table(client, game="fan_tan", players=PLAYERS, options={"variant": "fri"})
    refused(table, {"type": "pass", "seat": BO}, 422, "pass_impossible",
             "Fan tan — Fri fan tan")
    view = table.ok({"type": "run", "seat": BO, "cards": ["♠Q", "♠K", "♠A"]})
    assert view["state"]["deal"]["layout"]["♠"] == ["♠Q", "♠K", "♠A"]
    assert view["state"]["deal"]["hand"][BO] == 18 - 3
    assert [i["type"] for i in view["expected"]["inputs"]] == ["play", "run", "pass", "result"]
    refused(table, {"type": "run", "seat": CIA, "cards": "♠2 ♠4"}, 422, "not_a_sequence",
             "Fan tan — Fri fan tan")


def test_quick_entry_with_chips_ends_the_match(client):
    table = start_table(client, game="fan_tan", players=PLAYERS,
                        options={"scoring": "chips", "deals": 2})
    refused(table, {"type": "result", "winner": CIA}, 422, "cards_left_required",
             "Fan tan — Marker")
    view = table.ok({"type": "result", "winner": CIA, "cards_left": [3, 1, 0]})
    assert view["protokoll"]["totals"] == [-4, -2, 6] and view["over"] is False
    view = table.ok({"type": "result", "winner": ANNA, "cards_left": [0, 2, 2],
                     "passes": [0, 1, 1]})
    assert view["over"] is True and sum(view["protokoll"]["totals"]) == 0
    assert view["result"]["scoring"] == "chips"
    assert view["protokoll"]["settlement"] == view["protokoll"]["totals"]


def test_quick_entry_after_cards_entered_one_by_one(in_play):
    """Issue 15, item 15: Bo opened ♥7; the table stops entering cards and enters the
    winner, and with chips it would give the cards left and passes."""
    table = in_play
    view = table.view()
    (quick,) = [i for i in view["expected"]["inputs"] if i["type"] == "result"]
    assert quick["fields"]["cards_left"] == list(range(18))
    table.ok({"type": "pass", "seat": CIA})
    refused(table, {"type": "result", "winner": ANNA, "passes": [0, 0, 0]}, 422,
             "passes_below_entered", "Fan tan — Vinst")
    view = table.ok({"type": "result", "winner": ANNA})
    assert view["over"] is True and view["result"]["winner"] == ANNA
    assert view["protokoll"]["rows"][-1]["label"]["en"] == "Deal 1: Anna won"
    assert view["state"]["deal"]["quick"] is True
    assert view["state"]["deal"]["layout"]["♥"] == ["♥7"]


def test_fri_fan_tan_a_run_typed_in_any_order(client):
    """Issue 15, item 16: the phone sends the cards in the order they were tapped."""
    table = start_table(client, game="fan_tan", players=PLAYERS, options={"variant": "fri"})
    view = table.ok({"type": "run", "seat": BO, "cards": ["♠A", "♠K", "♠Q"]})
    assert view["state"]["deal"]["layout"]["♠"] == ["♠Q", "♠K", "♠A"]
    view = table.ok({"type": "run", "seat": CIA, "cards": "♠3 ♠2"})
    assert view["state"]["deal"]["layout"]["♠"] == ["♠Q", "♠K", "♠A", "♠2", "♠3"]
    assert view["state"]["deal"]["moves"][-1]["cards"] == ["♠2", "♠3"]
    refused(table, {"type": "run", "seat": ANNA, "cards": "♠6 ♠4"}, 422, "not_a_sequence",
             "Fan tan — Fri fan tan")
