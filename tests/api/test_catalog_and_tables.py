"""The catalog, starting a table, reading it, and its protokoll."""

from __future__ import annotations

import csv
import io

from tests.conftest import catalog, start_table


def test_catalog_lists_rodskagg_with_options_rules_and_events(client):
    response = client.get("/api/games")
    assert response.status_code == 200
    games = {g["id"]: g for g in response.json}
    assert set(games["rodskagg"]) == {"id", "title", "aliases", "players", "options", "labels"}
    rodskagg = client.get("/api/games/rodskagg").json
    assert {k: rodskagg[k] for k in games["rodskagg"] if k != "labels"} == {
        k: v for k, v in games["rodskagg"].items() if k != "labels"}
    assert rodskagg["players"] == {"min": 3, "max": 7}
    assert len(rodskagg["deck"]["cards"]) == 52
    options = {o["name"]: o for o in rodskagg["options"]}
    assert options["all_smyga"]["default"] == "next_dealer"
    assert options["penalty"]["default"] == 5 and options["penalty"]["choices"] == [5, 6]
    assert options["exact_zero"]["default"] is False
    refs = [r["ref"] for r in rodskagg["rules"]]
    assert "Rödskägg — Budgivningen" in refs and "Rödskägg — Poängräkning" in refs
    assert {"bid", "play", "trick", "result", "fem_opp", "misdeal"} <= set(rodskagg["events"])


def test_only_a_game_whose_deck_depends_on_the_player_count_lists_decks(client):
    # The decks are a game's details (GET /api/games/{id}); the list stays light.
    games = catalog(client)
    assert [g for g, entry in games.items() if "decks" in entry] == ["gris"]
    assert "decks" not in games["rodskagg"] and len(games["rodskagg"]["deck"]["cards"]) == 52


def test_game_by_alias_and_unknown_game(client):
    assert client.get("/api/games/fem-opp").json["id"] == "rodskagg"
    response = client.get("/api/games/canasta")
    assert response.status_code == 404
    assert response.json["code"] == "unknown_game"


def test_start_table_returns_code_token_and_expected(client):
    response = client.post("/api/tables", json={"game": "rodskagg",
                                                "players": ["Anna", "Bo", "Cia"],
                                                "first_dealer": 2})
    assert response.status_code == 201
    body = response.json
    assert len(body["join_code"]) == 6 and len(body["token"]) >= 32
    table = body["table"]
    assert table["seq"] == 0
    assert table["protokoll"]["totals"] == [12, 12, 12]
    assert table["expected"]["phase"] == "deal"
    assert table["expected"]["seat"] == 2  # Cia deals first
    view = client.get(f"/api/tables/{body['id']}",
                      headers={"Authorization": f"Bearer {body['token']}"}).json
    assert view["state"]["dealer"] == 2


def test_refused_tables(client):
    cases = [
        ({"game": "canasta", "players": ["A", "B", "C"]}, 422, "unknown_game"),
        ({"game": "rodskagg", "players": ["A", "B"]}, 422, "player_count"),
        ({"game": "rodskagg", "players": ["A", "B", "C"], "first_dealer": 5}, 422,
         "bad_dealer"),
        ({"game": "rodskagg", "players": ["A", "A", "C"]}, 422, "player_names"),
        ({"game": "rodskagg", "players": ["A", "B", "C"], "options": {"penalty": 7}}, 400,
         "bad_option"),
        ({"game": "rodskagg", "players": ["A", "B", "C"], "options": {"trumps": True}}, 400,
         "unknown_option"),
        ({"game": "rodskagg", "players": ["A", "B", "C"], "colour": "red"}, 400,
         "invalid_request"),
    ]
    for payload, status, code in cases:
        response = client.post("/api/tables", json=payload)
        assert (response.status_code, response.json["code"]) == (status, code), payload
        assert set(response.json) >= {"code", "message", "rule", "details"}


def test_options_are_stored_and_used(client):
    handle = start_table(client, players=("A", "B", "C"),
                         options={"penalty": 6, "stake_per_point": 2})
    assert handle.view()["options"]["penalty"] == 6
    # B bids three and takes two: 12 - 2 + 6 = 16 with the +6 option.
    table = handle.ok({"type": "result", "bids": ["smyga", 3, "smyga"],
                       "tricks": [2, 2, 2]})
    assert table["protokoll"]["totals"] == [12, 16, 12]


def test_unknown_table_is_404(client):
    for path in ("/api/tables/nope", "/api/tables/nope/events", "/api/tables/nope/protokoll"):
        response = client.get(path)
        assert response.status_code == 404
        assert response.json["code"] == "table_not_found"


def test_protokoll_json_and_csv(table):
    table.ok({"type": "result", "bids": ["smyga", 3, "smyga", "smyga"],
              "tricks": [1, 4, 1, 0]})
    sheet = table.get("/protokoll").json
    assert sheet["players"] == ["Anna", "Bo", "Cia", "Dan"]
    assert [row["totals"] for row in sheet["rows"]] == [[12, 12, 12, 12], [12, 8, 12, 12]]
    response = table.get("/protokoll?format=csv&lang=sv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.content_type == "text/csv; charset=utf-8"
    # what a Swedish spreadsheet opens right: a BOM, ';' between cells, Swedish headers
    assert response.data.startswith("\ufeff".encode("utf-8"))
    text = response.data.decode("utf-8-sig")
    assert text.splitlines()[0] == "Rad;Giv;Händelse;Anna;Bo;Cia;Dan"
    assert "\r\n" in text
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=";"))
    assert rows[2][3:] == ["12", "8", "12", "12"]
    assert "hem" in rows[2][2]
    # plain comma CSV on request, and by default in English
    comma = table.get("/protokoll?format=csv&lang=sv&dialect=comma").data.decode("utf-8")
    assert comma.splitlines()[0] == "Rad,Giv,Händelse,Anna,Bo,Cia,Dan"
    assert not comma.startswith("\ufeff")
    english = table.get("/protokoll?format=csv&lang=en").data.decode("utf-8")
    assert list(csv.reader(io.StringIO(english)))[0] == ["row", "deal", "what", "Anna", "Bo",
                                                         "Cia", "Dan"]
    semicolon_en = table.get("/protokoll?format=csv&lang=en&dialect=semicolon").data
    assert semicolon_en.decode("utf-8-sig").startswith("row;deal;what;Anna")
    unknown = table.get("/protokoll?format=csv&dialect=tab")
    assert (unknown.status_code, unknown.json["code"]) == (400, "invalid_request")
    assert "dialect" in unknown.json["details"]["fields"]["query"]
    by_accept = table.get("/protokoll", headers={**table.headers, "Accept": "text/csv"})
    assert by_accept.mimetype == "text/csv"


def test_messages_follow_accept_language(table):
    response = table.client.post(
        f"/api/tables/{table.id}/events",
        json={"based_on": 0, "client_event_id": "lang-1",
              "event": {"type": "bid", "seat": 1, "bid": 3}},
        headers={**table.headers, "Accept-Language": "sv-SE,sv;q=0.9"})
    assert response.status_code == 422
    assert response.json["message"] == response.json["messages"]["sv"]
    assert "ger" in response.json["message"]


def test_a_request_that_does_not_fit_is_refused_in_words_a_player_understands(client):
    """Issue "The table on the phone", item 6: no "Begäran passar inte schemat"; the refusal
    says what could not be read, with the field details kept for a developer."""
    missing = client.post("/api/tables", json={"game": "rodskagg"},
                          headers={"Accept-Language": "sv"})
    assert missing.status_code == 400 and missing.json["code"] == "invalid_request"
    assert missing.json["message"] == ("Inmatningen gick inte att läsa: spelarna saknas eller "
                                       "har fel form.")
    assert "players" in missing.json["details"]["fields"]["json"]
    odd = client.post("/api/tables", json={"game": "rodskagg", "players": ["A", "B", "C"],
                                           "colour": "red"}, headers={"Accept-Language": "sv"})
    assert odd.json["messages"]["sv"] == ("Inmatningen gick inte att läsa: fältet ”colour” "
                                          "saknas eller har fel form.")
    assert odd.json["messages"]["en"] == "The entry could not be read; check the field “colour”."


def test_number_options_say_their_bounds_and_the_api_keeps_them(client):
    """A number option without choices (Rödskägg's stake per point) says in the catalog and
    the game's details the whole numbers it takes, 0 to 1,000,000: a form shows them and
    refuses a figure outside before sending, and the API refuses it too (bad_option)."""
    for path in ("/api/games", "/api/games/rodskagg"):
        body = client.get(path).json
        game = body if isinstance(body, dict) else next(g for g in body if g["id"] == "rodskagg")
        (stake,) = [o for o in game["options"] if o["name"] == "stake_per_point"]
        assert (stake["min"], stake["max"]) == (0, 1_000_000), path
        # Options with choices or switches have no bounds to say.
        assert all("max" not in o for o in game["options"] if o["choices"] or o["type"] == "bool")
    players = ["A", "B", "C"]
    for value, status in ((1_000_000, 201), (0, 201), (1_000_001, 400), (-1, 400)):
        response = client.post("/api/tables", json={"game": "rodskagg", "players": players,
                                                    "options": {"stake_per_point": value}})
        assert response.status_code == status, value
        if status == 400:
            assert response.json["code"] == "bad_option"
            assert (response.json["details"]["min"], response.json["details"]["max"]) == \
                (0, 1_000_000)
