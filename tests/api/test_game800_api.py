"""800 through the API: the declaration calculator and a table's refusals."""

from __future__ import annotations

import pytest

from tests.conftest import catalog, start_table


def test_best_declaration_is_the_scorekeepers_calculator(client):
    response = client.post("/api/games/800/declarations/best", json={
        "cards": ["XX XIX XVIII XVII", "N ★", "♠K ♥K ♦K"]})
    assert response.status_code == 200
    body = response.json
    kinds = sorted((c["kind"], c["group"], c["points"]) for c in body["combinations"])
    assert kinds == [("flertal", "K", 17), ("flertal", "tarokker", 36),
                     ("sekvens", "trumf", 25)]
    assert body["points"] == 78
    assert body["flertal"]["doubled"] is False


def test_validate_gives_the_texts_points(client):
    # §1.5.1: 3 tarokker + 4 ⟨H⟩ + 3 ⟨KN⟩ = 18 + 26 + 12 = 56 × 2 = 112.
    response = client.post("/api/games/800/declarations/validate", json={
        "cards": ["XX XIX N", "♠H ♥H ♦H ♣H", "♠KN ♥KN ♦KN"],
        "combinations": [{"cards": ["XX XIX N"]}, {"cards": ["♠H ♥H ♦H ♣H"]},
                         {"kind": "flertal", "cards": ["♠KN", "♥KN", "♦KN"]}]})
    assert response.status_code == 200
    assert response.json["flertal"] == {"count": 3, "points_before_doubling": 56,
                                        "doubled": True, "factor": 2, "points": 112}
    assert response.json["points"] == 112


@pytest.mark.parametrize("cards,code", [
    ("★ XIX XVIII XVII", "sequence_top_not_genuine"),  # "⟨XX⟩ måste vara äkta"
    ("N ♠D ♠H ♠KN", "sequence_top_not_genuine"),  # "⟨K⟩ måste vara äkta"
    ("XX XIX N ★ XV XIV XIII XII", "wild_cards_in_a_row_end_sequence"),
])
def test_validate_refuses_with_the_broken_condition(client, cards, code):
    response = client.post("/api/games/800/declarations/validate", json={
        "cards": [cards], "combinations": [{"kind": "sekvens", "cards": [cards]}]})
    assert response.status_code == 422
    assert response.json["code"] == code
    assert response.json["rule"] == "800 §1.5.2"


def test_declaration_services_refuse_bad_input(client):
    response = client.post("/api/games/800/declarations/best", json={"cards": ["XXI"]})
    assert (response.status_code, response.json["code"]) == (400, "bad_card_notation")
    response = client.post("/api/games/800/declarations/best", json={"cards": "XX"})
    assert (response.status_code, response.json["code"]) == (400, "invalid_request")
    response = client.post("/api/games/800/declarations/validate", json={
        "cards": ["XX XIX XVIII"], "combinations": [{"cards": ["XX XIX XVII"]}]})
    assert (response.status_code, response.json["code"]) == (422, "card_not_laid_down")
    response = client.post("/api/games/rodskagg/declarations/best", json={"cards": []})
    assert (response.status_code, response.json["code"]) == (404, "no_declarations")
    response = client.post("/api/games/whist/declarations/best", json={"cards": []})
    assert response.status_code == 404


def test_all_four_games_are_in_the_catalog(client):
    games = catalog(client)
    assert {"800", "1000", "150", "fjabbe"} <= set(games)
    assert games["800"]["players"] == {"min": 4, "max": 4}
    assert len(games["800"]["deck"]["cards"]) == 62
    assert games["800"]["deck"]["cards"].count("I") == 4
    assert games["1000"]["players"] == {"min": 2, "max": 2}
    assert games["800"]["labels"]["events"]["declare"]["sv"] == "Deklaration"


def test_an_800_table_refuses_and_keeps_its_log(client):
    table = start_table(client, game="800", players=("Anna", "Bo", "Cia", "Dan"))
    # Anna deals: she discards two — never a tarok, never a ⟨K⟩ (§1.2).
    for cards, code in ((["XX", "♠7"], "discard_forbidden"), (["♠K", "♠7"], "discard_forbidden")):
        before = table.log()
        response = table.post({"type": "discard", "seat": 0, "cards": cards})
        assert response.status_code == 422, response.json
        assert response.json["code"] == code and response.json["rule"] == "800 §1.2"
        assert table.log() == before
    response = table.post({"type": "discard", "seat": 1, "cards": ["♠7", "♠8"]})
    assert response.status_code == 422
    view = table.ok({"type": "discard", "seat": 0, "cards": ["♠7", "♠8"]})
    # Counter-clockwise: forehand is the dealer's right-hand neighbour, seat 3.
    assert view["expected"]["seat"] == 3
    before = table.log()
    response = table.post({"type": "play", "seat": 0, "card": "♥K"})
    assert (response.status_code, response.json["code"]) == (422, "not_your_turn")
    response = table.post({"type": "play", "seat": 3, "card": "♠7"})
    assert (response.status_code, response.json["code"]) == (422, "card_discarded")
    assert table.log() == before


def test_800_quick_entry_must_add_up_to_93(client):
    table = start_table(client, game="800", players=("Anna", "Bo", "Cia", "Dan"))
    response = table.post({"type": "result", "points": [50, 40]})
    assert response.status_code == 422
    assert response.json["code"] == "points_do_not_add_up"
    assert table.log()["events"] == []
    view = table.ok({"type": "result", "points": [50, 43]})
    assert view["protokoll"]["totals"] == [50, 43]


def test_declarations_are_taken_in_playing_order_through_the_api(client):
    # 800 §1.3, §1.7: Anna & Cia at 780, Bo & Dan at 792. The dealer Anna's 20 posted before
    # forehand Dan has even led is refused, and changes nothing; Dan's 10 wins at once.
    table = start_table(client, game="800", players=("Anna", "Bo", "Cia", "Dan"),
                        first_dealer=2)
    table.ok({"type": "result", "points": [46, 47], "declarations": [200, 200, 200, 200]})
    table.ok({"type": "result", "points": [46, 47], "declarations": [144, 150, 144, 148]})
    view = table.ok({"type": "discard", "seat": 0, "cards": ["♠7", "♠8"]})
    assert view["protokoll"]["totals"] == [780, 792]
    assert [i["seat"] for i in view["expected"]["inputs"] if i["type"] == "declare"] == [3]
    before = table.log()
    response = table.post({"type": "declare", "seat": 0, "cards": ["♠K", "♠D", "♠H", "♠KN",
                                                                   "♠Æ"]})
    assert response.status_code == 422
    assert response.json["code"] == "declare_out_of_turn"
    assert response.json["rule"] == "800 §1.3"
    assert response.json["details"]["expected_seat"] == 3
    assert table.log() == before
    view = table.ok({"type": "declare", "seat": 3, "cards": ["XX", "XVIII", "XVII"]})
    assert view["protokoll"]["totals"] == [780, 802]
    assert view["protokoll"]["winner"] == 1
    response = table.post({"type": "declare", "seat": 0, "cards": ["♠K", "♠D", "♠H", "♠KN",
                                                                   "♠Æ"]})
    assert response.status_code == 422


def test_quick_entry_refuses_a_declaration_value_no_declaration_has(client):
    table = start_table(client, game="800", players=("Anna", "Bo", "Cia", "Dan"))
    response = table.post({"type": "result", "points": [50, 43],
                           "declarations": [7, None, None, None]})
    assert response.status_code == 422
    assert response.json["code"] == "declaration_value_impossible"
    assert response.json["rule"] == "800 §1.5"
    assert response.json["details"]["nearest"] == [0, 10]
    assert table.log()["events"] == []


@pytest.mark.parametrize("cards, points", [
    ("XVII XVIII XX", 10), ("N ★ ♠Æ ♥Æ", 15), ("♥K ♥D ♥H ♥KN ★ ♥Æ", 25)])
def test_validate_does_not_depend_on_the_order_the_cards_are_typed(client, cards, points):
    response = client.post("/api/games/800/declarations/validate", json={
        "cards": [cards], "combinations": [{"kind": "sekvens", "cards": [cards]}]})
    assert response.status_code == 200, response.json
    assert response.json["points"] == points
    best = client.post("/api/games/800/declarations/best", json={"cards": [cards]}).json
    assert best["sekvens"]["points"] == points
