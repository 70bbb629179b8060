"""Posting is no way to read a closed hand (``api/resources/access/hidden_guesses.py``).

The attacker: a phone at the table that may write (the owner's, or anyone's who joined as
the scorer with the join code) and wants to know the hand a player entered on her own
phone. Each move it enters for her seat is judged against that hand; a refusal is unlogged,
so card after card could be tried in silence. After five refusals judged by cards the
device may not see, the table takes no moves for other seats from it until the window ends
— a card she holds and one she does not get the same 429, so the answers tell nothing more.
The unlucky: a player who mis-taps, her own phone, the other phones and refusals that need no
hidden card are not held back.
"""

from __future__ import annotations

import time

from tests.conftest import refusal, refused, start_table

HAND = "♠2 ♥A ♥K ♦9 ♦8 ♣4"  # Cia's, entered on her own phone
NOT_HERS = ["♠Q", "♠3", "♠4", "♠5", "♠6", "♠7"]


def _scene(client):
    """Rödskägg, three players; Cia sits at seat 2 with her own phone and enters her hand;
    Bo (seat 1) has led ♠A, so Cia is to play. The owner's phone holds no seat."""
    table = start_table(client, game="rodskagg", players=("Anna", "Bo", "Cia"))
    cia = client.post("/api/join", json={"code": table.join_code, "seat": 2}).json
    cia_headers = {"Authorization": f"Bearer {cia['token']}"}
    for event in ({"type": "deal"}, {"type": "bid", "seat": 1, "bid": 2},
                  {"type": "bid", "seat": 2, "bid": "smyga"},
                  {"type": "bid", "seat": 0, "bid": "smyga"}):
        table.ok(event)
    posted = table.post({"type": "hand", "seat": 2, "cards": HAND}, headers=cia_headers)
    assert posted.status_code == 201, posted.json
    table.ok({"type": "play", "seat": 1, "card": "♠A"})
    return table, cia_headers


def _probe(table, card, headers=None):
    return table.post({"type": "play", "seat": 2, "card": card}, headers=headers)


def test_after_five_refusals_by_a_hidden_hand_a_card_she_holds_gets_the_same_answer(client):
    table, _ = _scene(client)
    for card in NOT_HERS[:5]:  # the owner's phone may not see Cia's hand
        body = refused(table, {"type": "play", "seat": 2, "card": card}, 422, "not_in_hand")
        assert card not in body["message"] and body["details"] == {}  # public words
    seq = table.seq
    log = table.log()
    held, not_held = _probe(table, "♠2"), _probe(table, NOT_HERS[5])
    for answer in (held, not_held):
        body = refusal(answer, 429, "hidden_hand_guesses")
        assert int(answer.headers["Retry-After"]) == body["details"]["retry_after"] > 0
        assert body["details"]["limit"] == 5 and body["details"]["window_seconds"] == 600
        assert "dold" in body["messages"]["sv"]
    assert held.json["messages"] == not_held.json["messages"]  # nothing told apart
    # Every move for another seat, whoever's it is, a whole correction likewise...
    refusal(table.post({"type": "play", "seat": 0, "card": "♠K"}), 429, "hidden_hand_guesses")
    refusal(table.post({"type": "correct", "target": seq,
                        "event": {"type": "play", "seat": 1, "card": "♠K"}}),
            429, "hidden_hand_guesses")
    assert table.log() == log and table.seq == seq  # ...and nothing was written


def test_her_own_phone_the_other_phones_and_undo_go_on_and_the_window_ends(client,
                                                                          monkeypatch):
    table, cia = _scene(client)
    bo = client.post("/api/join", json={"code": table.join_code, "seat": 1}).json
    bo_headers = {"Authorization": f"Bearer {bo['token']}"}
    for card in NOT_HERS[:5]:
        refusal(_probe(table, card), 422, "not_in_hand")
    refusal(_probe(table, "♠2"), 429, "hidden_hand_guesses")
    # Her own phone sees her hand: its refusals say which card and are not counted.
    for card in NOT_HERS:
        own = refusal(_probe(table, card, cia), 422, "not_in_hand")
        assert card in own["messages"]["en"] and own["details"]["card"] == card
    assert _probe(table, "♠2", cia).status_code == 201
    # The owner may still undo (it judges no card), and Bo's phone is not held back.
    assert table.post({"type": "undo", "target": table.seq}).status_code == 201
    assert _probe(table, "♠2", bo_headers).status_code == 201
    # When the window has passed, the owner's phone enters moves for others again.
    later = time.time() + 601
    monkeypatch.setattr(time, "time", lambda: later)
    assert table.post({"type": "play", "seat": 0, "card": "♠K"}).status_code == 201


def test_refusals_that_need_no_hidden_card_are_not_counted(client):
    """A mis-tap the whole table could judge (a card already played, a play out of turn)
    is refused as always, however often."""
    table, _ = _scene(client)
    for _ in range(8):
        refused(table, {"type": "play", "seat": 1, "card": "♠K"}, 422, "not_your_turn")
    assert _probe(table, "♠2").status_code == 201


def test_the_limit_is_a_setting(app, client):
    app.config["HIDDEN_REFUSAL_LIMIT"] = 0  # off
    table, _ = _scene(client)
    for card in NOT_HERS:
        refusal(_probe(table, card), 422, "not_in_hand")
    assert _probe(table, "♠2").status_code == 201
