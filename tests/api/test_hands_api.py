"""A hand entered through the API, and a play it proves wrong refused at once (422).

One smoke test per game with hand entry: the ``hand`` entry is accepted (201), a play the
entered hand proves wrong is refused with 422, its stable code and the rule cited, and the
log is unchanged. The rule checks themselves are tested in tests/games/test_*_hands.py;
who may read the hand is the API's business (seats and redaction), tested with it.
"""

from __future__ import annotations

from tests.conftest import start_table


def refused(table, event, code, rule):
    before = table.log()
    response = table.post(event)
    assert response.status_code == 422, response.json
    assert response.json["code"] == code, response.json
    assert response.json["rule"] == rule
    assert table.log() == before
    return response.json


def accepted(table, event):
    response = table.post(event)
    assert response.status_code == 201, response.json
    return response


def test_rodskagg_hand_and_follow_suit(client):
    table = start_table(client, game="rodskagg", players=("Anna", "Bo", "Cia"))
    for event in ({"type": "deal"}, {"type": "bid", "seat": 1, "bid": 2},
                  {"type": "bid", "seat": 2, "bid": "smyga"},
                  {"type": "bid", "seat": 0, "bid": "smyga"}):
        accepted(table, event)
    accepted(table, {"type": "hand", "seat": 2, "cards": "♠2 ♥A ♥K ♦9 ♦8 ♣4"})
    accepted(table, {"type": "play", "seat": 1, "card": "♠A"})
    refused(table, {"type": "play", "seat": 2, "card": "♥A"}, "must_follow", "Rödskägg — Spelet")
    refused(table, {"type": "play", "seat": 2, "card": "♠Q"}, "not_in_hand", "Rödskägg — Spelet")
    accepted(table, {"type": "play", "seat": 2, "card": "♠2"})


def test_braus_hand_and_standing_over(client):
    table = start_table(client, game="braus", players=("Anna", "Bo", "Cia", "Dan"))
    accepted(table, {"type": "deal"})
    accepted(table, {"type": "hand", "seat": 2, "cards": "♣J ♠6 ♥6 ♣Q ♥Q ♠K ♦K ♥8 ♦8"})
    accepted(table, {"type": "sevens", "seat": 1, "cards": []})
    accepted(table, {"type": "play", "seat": 1, "card": "♥9"})
    refused(table, {"type": "pass", "seat": 2}, "must_play_higher", "Bräus — Spelet")
    accepted(table, {"type": "play", "seat": 2, "card": "♣J"})


def test_schnapsen_hand_and_the_duty_to_head(client):
    table = start_table(client, game="schnapsen", players=("Anna", "Bo"))
    accepted(table, {"type": "deal", "trump": "♥J"})
    refused(table, {"type": "hand", "seat": 0, "cards": "♠10 ♠J ♦A ♥Q ♥K"}, "hand_not_yet",
            "Schnapsen — Sticken")
    accepted(table, {"type": "close", "seat": 1})
    accepted(table, {"type": "hand", "seat": 0, "cards": "♠10 ♠J ♦A ♥Q ♥K"})
    accepted(table, {"type": "play", "seat": 1, "card": "♠K"})
    refused(table, {"type": "play", "seat": 0, "card": "♠J"}, "must_head", "Schnapsen — Sticken")
    accepted(table, {"type": "play", "seat": 0, "card": "♠10"})


def test_whist_hand_and_follow_suit(client):
    table = start_table(client, game="whist", players=("Anna", "Bo", "Cia", "Dan"))
    view = table.get().json
    first = view["expected"]["seat"]
    assert view["expected"]["phase"] == "turn"
    accepted(table, {"type": "hand", "seat": 1,
                     "cards": "♠2 ♠3 ♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q"})
    accepted(table, {"type": "trump", "card": "♣9"})
    leader = table.get().json["expected"]["seat"]
    assert first is not None and leader == 1  # Bo, the dealer's left, leads
    refused(table, {"type": "play", "seat": 1, "card": "♦5"}, "not_in_hand", "Whist — Spelet")


def test_norrandsknack_hand_and_the_trump_ace(client):
    table = start_table(client, game="norrandsknack", players=("Anna", "Bo", "Cia"))
    for event in ({"type": "deal", "trump_card": "♥7"},
                  {"type": "bid", "seat": 1, "bid": "knacka"},
                  {"type": "buy", "seat": 1, "discard": 0}, {"type": "buy", "seat": 2, "discard": 0},
                  {"type": "buy", "seat": 0, "discard": 1}):
        accepted(table, event)
    accepted(table, {"type": "hand", "seat": 1, "cards": "♥A ♠K ♠Q ♦2 ♣5"})
    refused(table, {"type": "play", "seat": 1, "card": "♠K"}, "must_lead_trump_ace",
            "Norrandsknack — Spelet av korten")
    accepted(table, {"type": "play", "seat": 1, "card": "♥A"})


def test_fan_tan_hand_and_passing_while_able(client):
    table = start_table(client, game="fan_tan", players=("Anna", "Bo", "Cia"))
    accepted(table, {"type": "deal"})
    accepted(table, {"type": "play", "seat": 1, "card": "♠7"})
    accepted(table, {"type": "hand", "seat": 2, "cards": "♠8 ♥7 ♣A ♣2 ♣3 ♣4 ♣5 ♣6 ♣8 ♣9 "
                                                        "♣10 ♣J ♣Q ♣K ♦2 ♦3 ♦4"})
    refused(table, {"type": "pass", "seat": 2}, "must_play_if_able", "Fan tan — Spelet")
    accepted(table, {"type": "play", "seat": 2, "card": "♠8"})


def test_fyrtioett_and_priffe_hand_and_follow_suit(client):
    from tests.games.test_hands_private_refusals import CASES

    for game in ("fyrtioett", "priffe"):
        events, rule = CASES[game]
        table = start_table(client, game=game, players=("Anna", "Bo", "Cia", "Dan"))
        for event in events:
            accepted(table, event)
        refused(table, {"type": "play", "seat": 1, "card": "♥4"}, "must_follow", rule)
        accepted(table, {"type": "play", "seat": 1, "card": "♠2"})


def test_skitgubbe_hand_and_trumping_while_able_to_follow(client):
    from tests.games.test_skitgubbe import two_unknown_table

    engine = two_unknown_table("♣5", "♦3 ♠7", "♣2 ♦9 ♥A ♥2")
    table = start_table(client, game="skitgubbe", players=engine.setup.players,
                        first_dealer=engine.setup.first_dealer)
    for entry in engine.entries:
        event = {k: (" ".join(map(str, v)) if isinstance(v, (list, tuple)) else
                     str(v) if k == "card" else v) for k, v in entry.event.items()}
        accepted(table, event)
    accepted(table, {"type": "hand", "seat": 2, "cards": "♦3 ♠7"})
    accepted(table, {"type": "play", "seat": 0, "card": "♦5"})
    accepted(table, {"type": "play", "seat": 1, "card": "♦9"})
    refused(table, {"type": "play", "seat": 2, "card": "♠7"}, "must_follow_suit",
            "Skitgubbe — Andra fasen")
