"""The whist games through the API: the draw, trick-by-trick and quick entry, honours, the
robber and its settlement, refusals.

Seats 0–3 are Anna, Bo, Cia, Dan. Without a draw they sit in that order clockwise, Anna & Cia
against Bo & Dan; Anna deals first, so Bo (her left-hand neighbour) leads. Every refusal is
checked to leave the log as it was.
"""

from __future__ import annotations

import random

from rules_engine.cards import FRENCH52
from rules_engine.games import whist_play
from tests.conftest import catalog, refused, start_table
from tests.playout_kit import deal_one_at_a_time

PLAYERS = ("Anna", "Bo", "Cia", "Dan")
A, B, C, D = 0, 1, 2, 3
GAMES = ("whist", "long_whist", "sattrumf", "american_whist", "whist_a_la_guerre")


def whist_table(client, game="whist", **extra):
    return start_table(client, game=game, players=PLAYERS, **extra)


def play_deal(table, rng, view):
    """Deal real cards to the seating the table reports and play legal cards, a whole trick
    per entry; returns the final view and the hands as dealt."""
    state = view["state"]
    seating, dealer = state["seating"], state["dealer"]
    deck = list(FRENCH52.cards)
    rng.shuffle(deck)
    order = whist_play.clockwise(seating, whist_play.left_of(seating, dealer))
    hands = deal_one_at_a_time(deck, order)
    dealt = {p: list(h) for p, h in hands.items()}
    if view["expected"]["phase"] == "turn":
        view = table.ok({"type": "trump", "card": str(deck[-1])})
    number = view["state"]["deal"]["number"]
    while view["state"]["deal"]["number"] == number and not view["over"]:
        leader = view["expected"]["seat"]
        cards, led = [], None
        for player in whist_play.clockwise(seating, leader):
            legal = [c for c in hands[player] if c.suit == led] or hands[player]
            c = rng.choice(legal)
            hands[player].remove(c)
            led = led or c.suit
            cards.append(str(c))
        view = table.ok({"type": "trick", "cards": " ".join(cards)})
    return view, dealt


def test_the_catalog_carries_every_whist_game_with_its_options_and_words(client):
    games = catalog(client)
    for game_id in GAMES:
        game = games[game_id]
        assert game["players"] == {"min": 4, "max": 4} and len(game["deck"]["cards"]) == 52
        assert {"hand", "play", "trick", "result"} <= set(game["events"])
        assert game["labels"]["events"]["result"] == {"sv": "Snabbinmatning",
                                                      "en": "Quick entry"}
    assert {o["name"] for o in games["whist"]["options"]} == {
        "honours", "robbers", "stake_per_point", "draw_ace"}
    assert "trump" not in games["sattrumf"]["events"]
    assert "draw" not in games["whist_a_la_guerre"]["events"]
    assert "Whist — Honnörspoäng" in [r["ref"] for r in games["whist"]["rules"]]
    assert client.get("/api/games/short_whist").json["id"] == "whist"


def test_the_draw_and_a_whole_deal_trick_by_trick(client):
    table = whist_table(client)
    view = table.created["table"]
    assert view["expected"]["phase"] == "turn" and view["expected"]["seat"] == A
    assert view["protokoll"]["totals"] == [0, 0, 0, 0]
    view = table.ok({"type": "draw", "cards": ["♠2", "♥A", "♦K", "♣3"]})
    assert view["state"]["sides"] == [[0, 3], [1, 2]]
    assert view["state"]["seating"] == [B, D, C, A]
    assert view["protokoll"]["rows"][-1]["kind"] == "draw"
    view, dealt = play_deal(table, random.Random(3), view)
    last = view["state"]["last_deal"]
    assert sum(last["won"]) == 13 and len(last["tricks"]) == 13
    # The honours the app counted are those the hands held.
    trump = last["trump"]
    honours = [f"{trump}{r}" for r in ("J", "Q", "K", "A")]
    held = [sum(str(c) in honours for p in side for c in dealt[p])
            for side in view["state"]["sides"]]
    assert last["score"]["honours_held"] == held
    assert view["state"]["dealer"] == B  # Anna's left in the new seating B D C A
    assert view["findings"] == []
    assert len(table.log()["events"]) == 1 + 1 + 13


def test_one_card_at_a_time_the_turned_card_and_the_hints(client):
    table = whist_table(client)
    view = table.ok({"type": "trump", "card": "♥7"})
    play = next(i for i in view["expected"]["inputs"] if i["type"] == "play")
    assert play["seat"] == B and play["fields"]["trump"] == "♥"
    assert "♥7" not in play["fields"]["card"]  # Anna's, not Bo's
    table.ok({"type": "play", "seat": B, "card": "♥2"})
    refused(table, {"type": "play", "seat": C, "card": "♥7"}, 422, "card_held_by_other",
            "Whist — Spelet")
    table.ok({"type": "play", "seat": C, "card": "hQ"})
    view = table.ok({"type": "play", "seat": D, "card": "♥3"})
    play = next(i for i in view["expected"]["inputs"] if i["type"] == "play")
    assert play["seat"] == A and play["fields"]["card"][0] == "♥7"
    refused(table, {"type": "play", "seat": A, "card": "♠A"}, 422, "must_follow")
    view = table.ok({"type": "play", "seat": A, "card": "♥7"})
    assert view["state"]["deal"]["tricks"][0]["winner"] == C


def test_quick_entry_honours_and_a_robber_with_its_settlement(client):
    table = whist_table(client, options={"stake_per_point": 2})
    quick = next(i for i in table.created["table"]["expected"]["inputs"]
                 if i["type"] == "result")
    assert quick["fields"]["honours"] == "required" and quick["fields"]["sides"] == [[0, 2],
                                                                                    [1, 3]]
    view = table.ok({"type": "result", "tricks": [9, 4], "honours": [0, 4]})
    # Nine tricks: 3 trick points; Bo & Dan's four honours: 4 (no trick over six, but 4 is
    # not yet game).
    assert view["state"]["points"] == [3, 4]
    view = table.ok({"type": "result", "tricks": [8, 5], "honours": [1, 3]})
    # Anna & Cia 5 by tricks: game; Bo & Dan's honours fall; they had 4: 1 robber point.
    assert view["state"]["games"] == [1, 0] and view["protokoll"]["totals"] == [1, 0, 1, 0]
    row = view["protokoll"]["rows"][-1]
    assert row["changes"] == [1, None, 1, None] and "strukna" in row["label"]["sv"]
    view = table.ok({"type": "result", "tricks": [3, 3, 4, 3], "honours": [2, 1, 1, 0]})
    view = table.ok({"type": "result", "tricks": [12, 1], "honours": [2, 2]})
    assert view["over"] is True
    assert view["protokoll"]["totals"] == [1 + 3 + 2, 0, 6, 0]
    # The difference in robber points, 6, × 2 to each winner from each loser.
    assert view["protokoll"]["settlement"] == [12, -12, 12, -12]
    assert view["result"]["winners"] == [A, C] and view["expected"]["phase"] == "over"
    refused(table, {"type": "result", "tricks": [7, 6], "honours": [2, 2]}, 422,
            "not_expected")
    csv_text = table.get("/protokoll?format=csv&lang=sv").data.decode()
    assert "Robbert 1 till Anna & Cia" in csv_text and "Avräkning" in csv_text


def test_refusals_leave_the_log_unchanged(client):
    table = whist_table(client)
    refused(table, {"type": "result", "tricks": [7, 7], "honours": [2, 2]}, 422,
            "tricks_do_not_add_up", "Whist — Spelet")
    refused(table, {"type": "result", "tricks": [7, 6]}, 422, "honours_required",
            "Whist — Honnörspoäng")
    refused(table, {"type": "result", "tricks": "7-6"}, 400, "bad_field")
    refused(table, {"type": "draw", "cards": ["♠K", "♥Q", "♦Q", "♣2"]}, 422, "draw_tie",
            "Whist — Dragning")
    refused(table, {"type": "seating", "order": [0, 2, 1, 3]}, 422, "partners_not_opposite")
    refused(table, {"type": "play", "seat": B, "card": "♠2"}, 422, "not_expected")
    refused(table, {"type": "bid", "seat": B, "bid": 3}, 400, "unknown_event_type")
    table.ok({"type": "trump", "card": "♦4"})
    refused(table, {"type": "play", "seat": C, "card": "♠2"}, 422, "not_your_turn")
    table.ok({"type": "play", "seat": B, "card": "♠2"})
    refused(table, {"type": "result", "tricks": [7, 6], "honours": [2, 2]}, 422,
            "quick_not_now")
    refused(table, {"type": "draw", "cards": ["♠K", "♥Q", "♦J", "♣2"]}, 422, "draw_not_now")


def test_the_variants_through_the_api(client):
    american = whist_table(client, game="american_whist")
    view = american.ok({"type": "result", "tricks": [13, 0]})
    assert view["state"]["games"] == [1, 0]  # all thirteen: 7, game in one deal
    refused(american, {"type": "result", "tricks": [7, 6], "honours": [4, 0]}, 422,
            "honours_not_counted", "Whist — Amerikansk whist")
    sattrumf = whist_table(client, game="sattrumf")
    view = sattrumf.created["table"]
    assert view["expected"]["phase"] == "play" and view["expected"]["seat"] == B
    view = sattrumf.ok({"type": "play", "seat": B, "card": "♣4"})
    assert view["state"]["deal"]["trump"] == "♣"
    guerre = whist_table(client, game="whist_a_la_guerre")
    view = guerre.ok({"type": "result", "tricks": [7, 2, 2, 2], "honours": [3, 1, 1, 0]})
    assert view["protokoll"]["totals"] == [5, 0, 0, 0]
    view = guerre.ok({"type": "result", "tricks": [6, 3, 2, 2], "honours": [4, 1, 0, 0]})
    assert view["over"] and view["result"]["winners"] == [A]
    refused(guerre, {"type": "result", "tricks": [7, 6]}, 422, "not_expected")
    long = whist_table(client, game="long_whist", options={"honours": False})
    view = long.ok({"type": "result", "tricks": [11, 2]})
    assert view["state"]["points"] == [5, 0] and view["state"]["games"] == [0, 0]


def test_undo_a_quick_entry(client):
    table = whist_table(client, options={"honours": False})
    table.ok({"type": "result", "tricks": [9, 4]})
    response = table.post({"type": "undo", "target": 1})
    assert response.status_code == 201, response.json
    view = table.view()
    assert view["state"]["points"] == [0, 0] and view["state"]["dealer"] == A


def test_american_whist_robber_points_are_short_whists_by_default(client):
    # "Som short whist": the opponents at 3 trick points give the game 1 robber point, to the
    # letter (the option ``scaled`` would give 2); the catalog says so.
    games = {g["id"]: g for g in client.get("/api/games").json}
    option = next(o for o in games["american_whist"]["options"] if o["name"] == "robber_table")
    assert option["default"] == "as_short" and option["choices"] == ["as_short", "scaled"]
    for options, robber_points in (({}, 1), ({"robber_table": "scaled"}, 2)):
        table = whist_table(client, game="american_whist", options=options)
        table.ok({"type": "result", "tricks": [4, 9]})  # Bo & Dan 3 trick points
        view = table.ok({"type": "result", "tricks": [13, 0]})  # Anna & Cia 7: game
        assert view["state"]["games"] == [1, 0]
        assert view["protokoll"]["totals"] == [robber_points, 0, robber_points, 0]
