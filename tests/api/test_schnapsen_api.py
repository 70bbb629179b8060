"""Schnapsen, 66 and four-handed Schnapsen through the API: claims, closings, exchanges, the
dispute settler in the table view, quick entry, and refusals that leave the log unchanged.

Two hands: Anna (0) deals the first hand, so Bo (1) leads. Four hands: Anna deals, Dan (3),
her right-hand neighbour, calls and leads; play goes Dan, Cia, Bo, Anna.
"""

from __future__ import annotations

from tests.conftest import catalog, refused, start_table

A, B, C, D = 0, 1, 2, 3


def schnapsen_table(client, game="schnapsen", **extra):
    return start_table(client, game=game, players=("Anna", "Bo"), **extra)


def test_the_catalog_carries_the_three_games(client):
    games = catalog(client)
    assert games["schnapsen"]["players"] == {"min": 2, "max": 2}
    assert len(games["schnapsen"]["deck"]["cards"]) == 20
    deck66 = games["sixtysix"]["deck"]["cards"]
    assert len(deck66) == 24 and "♠9" in deck66
    assert games["schnapsen4"]["players"] == {"min": 4, "max": 4}
    options = {o["name"]: o for o in games["sixtysix"]["options"]}
    assert options["exchange_rank"]["default"] == "9"
    assert options["exchange_rank"]["choices"] == ["9", "J"]
    assert games["schnapsen"]["labels"]["events"]["claim"] == {"sv": "66!", "en": "66!"}
    assert games["schnapsen"]["labels"]["events"]["close"]["sv"] == "Stäng talongen"
    assert "Schnapsen — Stängningen" in [r["ref"] for r in games["schnapsen"]["rules"]]


def test_a_hand_with_an_exchange_a_closing_and_a_right_claim(client):
    table = schnapsen_table(client)
    view = table.created["table"]
    assert view["expected"]["phase"] == "deal" and view["expected"]["seat"] == A
    view = table.ok({"type": "deal", "trump": "♥A"})
    settler = view["state"]["settler"]
    assert settler["trump"] == "♥" and settler["talon"]["cards"] == 10
    assert settler["exchange"]["allowed"] is True and settler["exchange"]["seat"] == B
    exchange = next(i for i in view["expected"]["inputs"] if i["type"] == "exchange")
    assert exchange["seat"] == B and exchange["fields"]["card"] == "♥J"
    view = table.ok({"type": "exchange", "seat": B})
    assert view["state"]["hand"]["trump_card"] == "♥J"
    assert view["state"]["hand"]["known"][B] == ["♥A"]
    view = table.ok({"type": "close", "seat": B})
    assert view["state"]["settler"]["talon"]["status"] == "closed"
    assert view["state"]["settler"]["duty"]["follow_and_head"] is True
    assert [i["type"] for i in view["expected"]["inputs"]] == [
        "play", "trick", "marriage", "claim", "claim", "hand", "hand"]  # closed: hands now
    view = table.ok({"type": "trick", "cards": "♠A ♠J"})  # Bo 13
    # Bo leads ♥K and shows ♥Q: 40 in trumps; Anna has no heart and no other trump.
    view = table.ok({"type": "trick", "cards": ["♥K", "♣J"], "marriage": True})
    assert view["state"]["hand"]["points"] == [0, 13 + 40 + 6]
    assert view["state"]["hand"]["known"][B] == ["♥A", "♥Q"]
    view = table.ok({"type": "trick", "cards": "♦A ♦J"})  # Bo 72
    claims = view["state"]["settler"]["claims"]
    assert claims[B]["right"] is True and claims[B]["game_points"] == 3
    assert claims[B]["rule"] == "Schnapsen — Slutet"
    view = table.ok({"type": "claim", "seat": B})
    outcome = view["state"]["last_hand"]["outcome"]
    assert outcome["how"] == "claim" and outcome["winners"] == [B]
    assert outcome["game_points"] == 3 and outcome["figures"]["tricks"] == [0, 0]
    sheet = view["protokoll"]
    assert sheet["totals"] == [7, 4] and sheet["rows"][-1]["changes"] == [None, -3]
    assert sheet["rows"][-1]["label"]["en"] == "Hand 1: Bo 3 (66 right)"
    assert view["expected"]["phase"] == "deal" and view["expected"]["seat"] == B
    assert len(table.log()["events"]) == 7


def test_a_wrong_claim_and_its_undo(client):
    table = schnapsen_table(client)
    table.ok({"type": "deal", "trump": "♣10"})
    table.ok({"type": "trick", "cards": "♠J ♠A"})  # Anna 13
    view = table.ok({"type": "claim", "seat": A})
    outcome = view["state"]["last_hand"]["outcome"]
    assert outcome["how"] == "wrong_claim" and outcome["winners"] == [B]
    assert outcome["game_points"] == 3  # Bo has no trick
    assert view["protokoll"]["totals"] == [7, 4]
    view = table.ok({"type": "undo", "target": table.seq})
    assert view["protokoll"]["totals"] == [7, 7] and view["expected"]["phase"] == "play"
    assert view["state"]["hand"]["points"] == [13, 0]


def test_refusals_leave_the_log_unchanged(client):
    table = schnapsen_table(client)
    refused(table, {"type": "play", "seat": B, "card": "♠A"}, 422, "not_expected")
    refused(table, {"type": "deal", "trump": "♠9"}, 422, "card_not_in_deck")
    refused(table, {"type": "deal", "trump": "♠X"}, 400, "bad_card_notation")
    refused(table, {"type": "deal"}, 400, "missing_field")
    table.ok({"type": "deal", "trump": "♥A"})
    refused(table, {"type": "exchange", "seat": A}, 422, "not_leader", "Schnapsen — Bytet")
    refused(table, {"type": "exchange", "seat": B, "card": "♥Q"}, 422, "exchange_wrong_card")
    refused(table, {"type": "close", "seat": A}, 422, "not_leader", "Schnapsen — Stängningen")
    refused(table, {"type": "close", "seat": B, "before_drawing": True}, 400, "unknown_field")
    refused(table, {"type": "play", "seat": B, "card": "♥A"}, 422, "card_in_talon")
    refused(table, {"type": "marriage", "seat": B, "card": "♠A"}, 422,
            "marriage_not_king_or_queen", "Schnapsen — Mariage")
    refused(table, {"type": "trick", "cards": "♠A"}, 422, "trick_size")
    table.ok({"type": "close", "seat": B})
    refused(table, {"type": "close", "seat": B}, 422, "talon_closed")
    refused(table, {"type": "exchange", "seat": B}, 422, "talon_closed")
    refused(table, {"type": "play", "seat": B, "card": "♥A"}, 422, "card_out_of_play")
    table.ok({"type": "play", "seat": B, "card": "♠A"})
    refused(table, {"type": "play", "seat": A, "card": "♠A"}, 422, "card_already_played")
    refused(table, {"type": "result", "winner": A, "game_points": 1}, 422, "quick_not_now")


def test_the_tournament_rules_through_the_api(client):
    table = schnapsen_table(client, options={"first_lead_plain": True,
                                             "min_three_face_down": True})
    view = table.ok({"type": "deal", "trump": "♥A"})
    assert view["state"]["settler"]["exchange"]["code"] == "first_lead_plain"
    refused(table, {"type": "exchange", "seat": B}, 422, "first_lead_plain",
            "Schnapsen — Turneringsregler")
    for cards in ("♠A ♠J", "♠10 ♠Q", "♠K ♦J", "♦A ♦Q"):
        view = table.ok({"type": "trick", "cards": cards})
    assert view["state"]["settler"]["talon"]["face_down"] == 1
    refused(table, {"type": "close", "seat": B}, 422, "talon_too_small")
    response = client.post("/api/tables", json={"game": "schnapsen", "players": ["A", "B"],
                                                 "options": {"match_bummerl": 11}})
    assert response.status_code == 400 and response.json["code"] == "bad_option"


def test_quick_entry_runs_the_bummerl(client):
    table = schnapsen_table(client)
    refused(table, {"type": "result", "winner": A, "game_points": 2, "loser_points": 40},
            422, "game_points_mismatch", "Schnapsen — Spelpoäng")
    refused(table, {"type": "result", "winner": A, "game_points": 5}, 422, "game_points_range")
    for gp in (3, 3, 1):
        view = table.ok({"type": "result", "winner": A, "game_points": gp})
    assert view["over"] is True and view["result"]["winners"] == [A]
    assert view["protokoll"]["rows"][-1]["kind"] == "bummerl"
    assert view["protokoll"]["notes"]["bummerl_lost"] == [0, 1]
    refused(table, {"type": "deal", "trump": "♠A"}, 422, "not_expected")


def test_66_closing_before_drawing_and_the_nine(client):
    table = schnapsen_table(client, game="sixtysix", options={"close_before_drawing": True})
    view = table.ok({"type": "deal", "trump": "♠A"})
    assert view["state"]["hand"]["talon"] == 12
    assert next(i for i in view["expected"]["inputs"] if i["type"] == "exchange")["fields"] == {
        "card": "♠9"}
    refused(table, {"type": "close", "seat": B, "before_drawing": True}, 422,
            "nothing_to_undraw", "66 — Skillnader")
    view = table.ok({"type": "trick", "cards": "♦A ♦9"})
    close = next(i for i in view["expected"]["inputs"] if i["type"] == "close")
    assert close["choices"] == [False, True]
    view = table.ok({"type": "close", "seat": B, "before_drawing": True})
    hand = view["state"]["hand"]
    assert hand["talon"] == 12 and hand["turned_down"] == "♠A" and hand["closed_by"] == B


def test_four_hands_call_and_claim_with_the_partner(client):
    table = start_table(client, game="schnapsen4", players=("Anna", "Bo", "Cia", "Dan"))
    view = table.created["table"]
    assert view["expected"]["seat"] == D
    refused(table, {"type": "call", "seat": A, "card": "♥A"}, 422, "not_caller")
    view = table.ok({"type": "call", "seat": D, "card": "♥A"})
    assert view["state"]["hand"]["trump"] == "♥" and view["state"]["hand"]["partner"] is None
    for cards in ("♠A ♠9 ♠J ♠K", "♦A ♦9 ♦J ♦K", "♣A ♣9 ♣J ♣K"):
        view = table.ok({"type": "trick", "cards": cards})
    claim = next(i for i in view["expected"]["inputs"] if i["type"] == "claim")
    assert claim["fields"] == {"partner": "required"}
    refused(table, {"type": "claim", "seat": D}, 422, "partner_required",
            "Schnapsen för fyra — Poängen")
    view = table.ok({"type": "claim", "seat": D, "partner": B})
    outcome = view["state"]["last_hand"]["outcome"]
    assert outcome["how"] == "wrong_claim" and outcome["winners"] == [A, C]
    assert view["protokoll"]["totals"] == [4, 7, 4, 7]
    assert view["state"]["dealer"] == D  # the deal passes counter-clockwise


def test_quick_entry_of_a_closed_hand_takes_the_figures_at_the_closing(client):
    """Issue 15, item 5: the opponent had 10 points and a trick when the talon was closed, so
    the closer's 66 scores 2 (and 1 is refused), whatever he had at the end."""
    table = schnapsen_table(client)
    games = {g: client.get(f"/api/games/{g}").json for g in ("schnapsen", "schnapsen4")}
    optional = games["schnapsen"]["events"]["result"]["optional"]
    assert optional["closer"] == "seat" and optional["opponent_points_at_closing"] == "int"
    assert "closer" not in games["schnapsen4"]["events"]["result"]["optional"]
    closed = {"type": "result", "winner": A, "how": "claim", "closer": A,
              "opponent_points_at_closing": 10, "opponent_tricks_at_closing": 1,
              "loser_points": 40, "loser_tricks": 3}
    refused(table, {**closed, "game_points": 1}, 422, "game_points_mismatch",
            "Schnapsen — Spelpoäng")
    view = table.ok({**closed, "game_points": 2})
    assert view["protokoll"]["rows"][-1]["totals"] == [5, 7]
    assert view["state"]["last_hand"]["outcome"]["closer"] == A
