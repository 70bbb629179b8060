"""Kom ihåg through the API: the catalog, turns (pairs and misses) with the scores, the end
of a game, quick entry, a used deck, undo, and refusals that leave the log unchanged.

Seats: Anna 0, Bo 1, Cia 2. Cia is the youngest and begins.
"""

from __future__ import annotations

import pytest

from rules_engine.games import kom_ihag as ki
from tests.conftest import catalog, refused, start_table

PLAYERS = ("Anna", "Bo", "Cia")
ANNA, BO, CIA = 0, 1, 2


@pytest.fixture
def memory_table(client):
    return start_table(client, game="kom_ihag", players=PLAYERS)


def test_catalog_lists_kom_ihag_with_its_words(client):
    entry = catalog(client)["kom_ihag"]
    assert entry["title"] == "Kom ihåg" and entry["players"] == {"min": 2, "max": 7}
    assert set(entry["events"]) == {"pair", "miss", "result"}
    assert entry["events"]["pair"]["required"] == {"seat": "seat",
                                                   "rank": "choice:" + "|".join(ki.RANKS)}
    assert entry["labels"]["values"]["A"] == {"sv": "Ess", "en": "Aces"}
    assert entry["labels"]["fields"]["rank"]["sv"] == "Valör"
    assert client.get("/api/games/memory").json["id"] == "kom_ihag"


def test_turns_pairs_and_misses_and_the_scores(memory_table):
    table = memory_table
    view = table.view()
    assert view["expected"]["phase"] == "start" and view["expected"]["seat"] is None
    view = table.ok({"type": "miss", "seat": CIA, "cards": ["♠2", "♥9"]})
    assert view["expected"]["seat"] == ANNA  # clockwise from the youngest
    view = table.ok({"type": "pair", "seat": ANNA, "rank": "10", "cards": "♥10 ♠10"})
    assert view["expected"]["seat"] == ANNA  # a pair: she goes on
    assert view["protokoll"]["totals"] == [1, 0, 0]
    assert view["protokoll"]["rows"][-1]["label"]["sv"] == "Tur 2: Anna, par i tior (♥10 ♠10)"
    assert view["state"]["deal"]["taken"] == [{"seat": ANNA, "card": "♥10"},
                                              {"seat": ANNA, "card": "♠10"}]
    hints = view["expected"]["inputs"][0]["fields"]
    assert "♥10" not in hints["cards"] and "♦10" in hints["cards"] and "10" in hints["rank"]
    view = table.ok({"type": "pair", "seat": ANNA, "rank": "10"})
    assert "10" not in view["expected"]["inputs"][0]["fields"]["rank"]
    view = table.ok({"type": "miss", "seat": ANNA})
    assert view["expected"]["seat"] == BO
    assert view["state"]["ranks"]["10"] == 2 and view["state"]["pairs_left"] == 24
    assert [f["outcome"] for f in view["state"]["flips"]] == ["miss", "pair", "pair", "miss"]
    assert view["findings"] == [] and view["over"] is False


def test_a_whole_game_to_its_last_pair(memory_table):
    table = memory_table
    for rank in ki.RANKS:  # Bo begins and never misses
        for _ in range(2):
            view = table.ok({"type": "pair", "seat": BO, "rank": rank})
    assert view["over"] is True and view["result"] == {"winner": BO, "winners": [BO],
                                                       "pairs": [0, 26, 0]}
    assert view["protokoll"]["winner"] == BO and view["expected"]["phase"] == "over"
    refused(table, {"type": "miss", "seat": BO}, 422, "not_expected", "Kom ihåg — Vinnaren")


def test_quick_entry_of_a_whole_game(memory_table):
    table = memory_table
    refused(table, {"type": "result", "pairs": [9, 9, 9]}, 422, "pairs_do_not_add_up")
    view = table.ok({"type": "result", "pairs": [9, 9, 8]})
    assert view["over"] is True and view["result"]["winners"] == [ANNA, BO]
    assert view["protokoll"]["winner"] is None and view["protokoll"]["totals"] == [9, 9, 8]


def test_a_used_deck(client):
    table = start_table(client, game="kom_ihag", players=PLAYERS,
                        options={"left_out": "♠A ♥A"})
    view = table.view()
    assert view["state"]["total_pairs"] == 25
    refused(table, {"type": "pair", "seat": ANNA, "rank": "A", "cards": ["♠A", "♥A"]}, 422,
             "card_left_out", "Kom ihåg — Kortleken")
    response = client.post("/api/tables", json={"game": "kom_ihag", "players": list(PLAYERS),
                                                "options": {"left_out": "♠A"}})
    assert (response.status_code, response.json["code"]) == (422, "deck_cannot_pair")


def test_undo_gives_the_turn_back(memory_table):
    table = memory_table
    table.ok({"type": "miss", "seat": ANNA})
    view = table.ok({"type": "miss", "seat": BO})
    assert view["expected"]["seat"] == CIA
    view = table.ok({"type": "undo", "target": table.log()["seq"]})
    assert view["expected"]["seat"] == BO


@pytest.fixture
def in_play(memory_table):
    """Anna began and took the two red kings; it is still her turn."""
    memory_table.ok({"type": "pair", "seat": ANNA, "rank": "K", "cards": "♥K ♦K"})
    return memory_table


@pytest.mark.parametrize("event,status,code,rule", [
    ({"type": "miss", "seat": BO}, 422, "not_your_turn", "Kom ihåg — Spelet"),
    ({"type": "pair", "seat": ANNA, "rank": "K", "cards": "♥K ♠K"}, 422, "card_already_taken",
     "Kom ihåg — Spelet"),
    ({"type": "pair", "seat": ANNA, "rank": "Q", "cards": "♥Q ♠J"}, 422, "not_a_pair", None),
    ({"type": "miss", "seat": ANNA, "cards": "♠Q ♥Q"}, 422, "that_is_a_pair", None),
    ({"type": "miss", "seat": ANNA, "cards": "♠Q"}, 422, "two_cards", None),
    # Quick entry at any time (issue 15, item 14), but not below the pairs entered.
    ({"type": "result", "pairs": [0, 13, 13]}, 422, "pairs_below_entered",
     "Kom ihåg — Vinnaren"),
    ({"type": "pair", "seat": ANNA, "rank": "kung"}, 400, "bad_field", None),
    ({"type": "pair", "seat": ANNA}, 400, "missing_field", None),
    ({"type": "miss", "seat": ANNA, "cards": "♠Q joker"}, 400, "bad_card_notation", None),
    ({"type": "turn", "seat": ANNA}, 400, "unknown_event_type", None),
])
def test_refusals_leave_the_log_unchanged(in_play, event, status, code, rule):
    refused(in_play, event, status, code, rule)


def test_the_third_pair_of_a_rank_is_refused(in_play):
    table = in_play
    table.ok({"type": "pair", "seat": ANNA, "rank": "K"})
    body = refused(table, {"type": "pair", "seat": ANNA, "rank": "K"}, 422, "rank_used_up",
                    "Kom ihåg — Spelet")
    assert body["details"] == {"rank": "K", "pairs": 2, "max_pairs": 2}


def test_tally_mode_and_quick_entry_of_the_rest(client):
    """Issue 15, item 14: each pair as it is taken, by anyone; misses are not entered; the
    result at any time."""
    table = start_table(client, game="kom_ihag", players=PLAYERS, options={"entry": "tally"})
    view = table.view()
    assert view["options"]["entry"] == "tally" and view["expected"]["phase"] == "tally"
    (pair, result) = view["expected"]["inputs"]
    assert (pair["type"], pair["seat"], pair["fields"]["seat"]) == ("pair", None, [0, 1, 2])
    assert result["type"] == "result"
    table.ok({"type": "pair", "seat": BO, "rank": "Q"})
    view = table.ok({"type": "pair", "seat": CIA, "rank": "Q", "cards": ["♠Q", "♣Q"]})
    assert view["protokoll"]["totals"] == [0, 1, 1]
    assert view["protokoll"]["rows"][-1]["label"]["sv"] == "Par 2: Cia, damer (♠Q ♣Q)"
    refused(table, {"type": "miss", "seat": ANNA}, 422, "tally_mode", "Kom ihåg — Spelet")
    refused(table, {"type": "pair", "seat": ANNA, "rank": "Q"}, 422, "rank_used_up")
    refused(table, {"type": "result", "pairs": [26, 0, 0]}, 422, "pairs_below_entered")
    view = table.ok({"type": "result", "pairs": [8, 10, 8]})
    assert view["over"] is True and view["result"] == {"winner": BO, "winners": [BO],
                                                       "pairs": [8, 10, 8]}
    assert view["protokoll"]["rows"][-1]["changes"] == [8, 9, 7]
