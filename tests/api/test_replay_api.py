"""Replaying a table for a dispute (issue 17, item 9): ``GET /api/tables/{id}/at/{seq}``, the
table right after any entry, and ``GET /api/tables/{id}/steps``, the effective log step by
step with the trick each entry completed and the findings it brought.

The deals are Rödskägg's, four players, Anna dealing, so Bo leads: the one of the browser
tests (tests/pwa/test_play.py), where Anna does not follow hearts in trick 1 and shows a
heart in trick 2 — a revoke proven by her card in trick 2.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import bearer, start_table

BIDDING = [{"type": "deal"}, {"type": "knock"}, {"type": "bid", "seat": 1, "bid": 2},
           {"type": "bid", "seat": 2, "bid": "smyga"}, {"type": "bid", "seat": 3, "bid": "smyga"},
           {"type": "bid", "seat": 0, "bid": "smyga"}]
# Bo takes the first four tricks with his aces; Cia and Anna drop, Dan joins and takes none.
TRICKS = [["♥A", "♥K", "♥2", "♥3"], ["♠A", "♠K", "♠2", "♠3"], ["♦A", "♦K", "♦2", "♦3"],
          ["♣A", "♣K", "♣2", "♣3"]]
ENDING = [{"type": "ask"}, {"type": "join", "seat": 2, "join": False},
          {"type": "join", "seat": 3, "join": True}, {"type": "join", "seat": 0, "join": False},
          {"type": "play", "seat": 1, "card": "♥Q"}, {"type": "play", "seat": 3, "card": "♥J"},
          {"type": "play", "seat": 1, "card": "♠Q"}, {"type": "play", "seat": 3, "card": "♠J"}]
CIA = ["♥K", "♠K", "♦K", "♣K", "♥9", "♠9"]  # her hand: the four kings she plays, two kept
LEADS = [1, 2, 3, 0]  # Bo, Cia, Dan, Anna: the order of play from Bo


def plays(tricks):
    return [{"type": "play", "seat": LEADS[i], "card": card}
            for trick in tricks for i, card in enumerate(trick)]


def at(table, seq, headers=None):
    return table.get(f"/at/{seq}", headers=headers)


VIEW_KEYS = ("state", "expected", "protokoll", "findings", "over", "result")


def test_the_table_after_every_entry_is_what_it_showed_then(client):
    table = start_table(client)
    then = {0: table.view()}
    for event in BIDDING + plays(TRICKS) + ENDING:
        view = table.ok(event)
        then[table.seq] = view
    assert table.seq == 30 and then[30]["protokoll"]["totals"] == [12, 6, 12, 17]
    for seq, view in then.items():
        response = at(table, seq)
        assert response.status_code == 200, response.json
        body = response.json
        assert body["seq"] == seq and body["table_seq"] == 30
        assert {k: body[k] for k in VIEW_KEYS} == {k: view[k] for k in VIEW_KEYS}, seq
    first = at(table, 7).json["entry"]
    assert first["event"] == {"type": "play", "seat": 1, "card": "♥A"} and first["counts"]
    assert at(table, 0).json["entry"] is None


def test_the_steps_mark_each_trick_and_the_revoke_at_the_trick_that_proved_it(client):
    table = start_table(client)
    revoke = [["♥A", "♥K", "♥2", "♣3"], ["♠A", "♠K", "♠2", "♥3"]]
    for event in BIDDING + plays(revoke):
        table.ok(event)
    steps = table.get("/steps").json["steps"]
    assert [s["seq"] for s in steps] == list(range(1, 15))
    assert all(s["deal"] == 1 for s in steps)
    tricks = {s["seq"]: s["trick"] for s in steps if s["trick"]}
    assert tricks == {
        10: {"number": 1, "leader": 1, "winner": 1, "cards": [
            {"seat": 1, "card": "♥A"}, {"seat": 2, "card": "♥K"}, {"seat": 3, "card": "♥2"},
            {"seat": 0, "card": "♣3"}]},
        14: {"number": 2, "leader": 1, "winner": 1, "cards": [
            {"seat": 1, "card": "♠A"}, {"seat": 2, "card": "♠K"}, {"seat": 3, "card": "♠2"},
            {"seat": 0, "card": "♥3"}]}}
    found = {s["seq"]: s["findings"] for s in steps if s["findings"]}
    assert list(found) == [14]  # proven by ♥3 in trick 2, not when ♣3 fell in trick 1
    (finding,) = found[14]
    assert finding["rule"] == "Rödskägg — Spelet" and finding["seat"] == 0
    assert finding["code"] == "revoke_proven"
    assert {k: finding["details"][k] for k in ("revoke_trick", "revoke_card", "proof_trick")} \
        == {"revoke_trick": 1, "revoke_card": "♣3", "proof_trick": 2}
    # The state after the proving trick carries the finding; the one before it does not.
    assert [f["code"] for f in at(table, 14).json["findings"]] == [finding["code"]]
    assert at(table, 13).json["findings"] == []

    # The table corrects Anna's card in trick 1: the replay follows the corrected log.
    table.ok({"type": "correct", "target": 10, "event": {"type": "play", "seat": 0,
                                                          "card": "♥4"}})
    steps = table.get("/steps").json["steps"]
    assert [s["seq"] for s in steps] == list(range(1, 15))  # the correction is no step
    assert not any(s["findings"] for s in steps)
    assert steps[9]["event"] == {"type": "play", "seat": 0, "card": "♥4"}
    assert steps[9]["trick"]["cards"][3] == {"seat": 0, "card": "♥4"}
    assert at(table, 14).json["findings"] == []
    correction = at(table, 15).json
    assert correction["entry"]["counts"] is False and correction["state"] == table.view()["state"]


def test_a_step_shows_the_trick_still_on_the_table(client):
    """A card that completes no trick lies in the trick on the table: each such step
    carries it (the cards so far from the leader, no winner); a completing card has none."""
    table = start_table(client)
    for event in BIDDING + plays([TRICKS[0]]) + plays([["♠A", "♠K"]]):
        table.ok(event)
    steps = {s["seq"]: s for s in table.get("/steps").json["steps"]}
    assert steps[6]["on_table"] is None  # a bid puts no card down
    assert steps[7]["on_table"] == {"number": 1, "leader": 1, "winner": None,
                                    "cards": [{"seat": 1, "card": "♥A"}]}
    assert steps[10]["on_table"] is None and steps[10]["trick"]["number"] == 1
    assert steps[12]["on_table"] == {"number": 2, "leader": 1, "winner": None, "cards": [
        {"seat": 1, "card": "♠A"}, {"seat": 2, "card": "♠K"}]}


def test_an_undone_entry_is_no_step(client):
    table = start_table(client)
    for event in BIDDING[:3]:
        table.ok(event)
    table.ok({"type": "undo", "target": 3})
    steps = table.get("/steps").json["steps"]
    assert [s["seq"] for s in steps] == [1, 2]
    assert at(table, 3).json["entry"]["counts"] is False
    assert at(table, 4).json["state"] == at(table, 2).json["state"]


def test_a_hand_stays_hidden_from_another_seat_until_the_deal_is_over(client):
    table = start_table(client)
    phones = {}
    for seat in (0, 2):
        joined = client.post("/api/join", json={"code": table.join_code, "seat": seat,
                                                "device_name": f"plats {seat}"})
        assert joined.status_code == 201, joined.json
        phones[seat] = bearer(joined.json["token"])
    for event in BIDDING:
        table.ok(event)
    hand = table.post({"type": "hand", "seat": 2, "cards": " ".join(CIA)},
                      headers=phones[2])
    assert hand.status_code == 201, hand.json
    hand_seq = table.seq
    for event in plays(TRICKS[:2]):
        table.ok(event)

    def seen_by(seat):
        texts = {"at": at(table, hand_seq, phones[seat]), "last": at(table, table.seq, phones[seat]),
                 "steps": table.get("/steps", headers=phones[seat])}
        assert all(r.status_code == 200 for r in texts.values())
        return {k: r.json for k, r in texts.items()}

    # While the deal is played: Anna's phone learns that Cia entered six cards, not which.
    anna = seen_by(0)
    hidden = {"hidden": True, "seat": 2, "count": 6}
    assert anna["at"]["state"]["deal"]["hands"][2] == hidden
    assert anna["at"]["entry"]["event"]["cards"] == hidden
    (step,) = [s for s in anna["steps"]["steps"] if s["seq"] == hand_seq]
    assert step["event"]["cards"] == hidden
    text = json.dumps(anna, ensure_ascii=False)
    assert "♥9" not in text and "♠9" not in text
    # Cia's phone sees her own hand, as entered and as it stands after two tricks.
    cia = seen_by(2)
    assert cia["at"]["state"]["deal"]["hands"][2] == CIA
    assert cia["last"]["state"]["deal"]["hands"][2] == CIA[2:]

    for event in plays(TRICKS[2:]) + ENDING:
        table.ok(event)
    assert table.view()["state"]["phase"] != "play"
    # The deal is over: its hand is open to the whole table, at every step.
    anna = seen_by(0)
    assert anna["at"]["state"]["deal"]["hands"][2] == CIA
    assert anna["at"]["entry"]["event"]["cards"] == " ".join(CIA)
    (step,) = [s for s in anna["steps"]["steps"] if s["seq"] == hand_seq]
    assert step["event"]["cards"] == CIA


def cias_hand_entered(client, table):
    """Anna's phone joins seat 0; the bidding is done and Cia's hand entered (by the owner).
    Returns Anna's credential and the seq of the hand."""
    joined = client.post("/api/join", json={"code": table.join_code, "seat": 0})
    for event in BIDDING:
        table.ok(event)
    table.ok({"type": "hand", "seat": 2, "cards": CIA})
    return bearer(joined.json["token"]), table.seq


def test_a_table_that_keeps_hands_closed_keeps_them_closed_in_the_replay(client):
    table = start_table(client, open_private_after_deal=False)
    anna, hand_seq = cias_hand_entered(client, table)
    for event in plays(TRICKS) + ENDING:
        table.ok(event)
    body = at(table, hand_seq, anna).json
    assert body["state"]["deal"]["hands"][2] == {"hidden": True, "seat": 2, "count": 6}
    assert "♥9" not in json.dumps(table.get("/steps", headers=anna).json, ensure_ascii=False)


@pytest.mark.parametrize("seq, status, code", [
    ("3", 404, "seq_unknown"), ("999999", 404, "seq_unknown"), ("-1", 400, "seq_invalid"),
    ("abc", 400, "seq_invalid"), ("1.5", 400, "seq_invalid"),
    ("1" * 40, 400, "seq_invalid"), ("¹", 400, "seq_invalid"), ("١", 400, "seq_invalid")])
def test_a_step_out_of_range_is_refused_in_the_one_error_shape(client, seq, status, code):
    table = start_table(client)
    for event in BIDDING[:2]:
        table.ok(event)
    response = at(table, seq)
    assert response.status_code == status
    body = response.json
    assert set(body) == {"code", "message", "messages", "rule", "details"}
    assert body["code"] == code and body["rule"] is None
    assert set(body["messages"]) == {"sv", "en"}
    assert at(table, "2").status_code == 200 and at(table, "0").status_code == 200


def test_reading_a_step_needs_a_credential_of_the_table(client):
    table = start_table(client)
    table.ok(BIDDING[0])
    assert client.get(f"/api/tables/{table.id}/at/1").status_code == 401
    assert client.get(f"/api/tables/{table.id}/steps").status_code == 401
    assert client.get("/api/tables/nosuchtable/at/1", headers=table.headers).status_code == 404
    spectator = {"X-Spectator-Key": table.spectator_key}
    assert at(table, 1, spectator).status_code == 200
    assert at(table, 1, spectator).json["join_code"] is None


def test_a_hand_corrected_by_its_seat_is_hidden_where_the_correction_is(client):
    """The owner's phone (no seat) enters Cia's hand; Cia's phone corrects it. The owner
    reads the correction hidden in the log, so the replay hides the corrected hand at the
    hand's own step too, and in the state there — until the deal is over."""
    table = start_table(client)
    joined = client.post("/api/join", json={"code": table.join_code, "seat": 2})
    cia = bearer(joined.json["token"])
    for event in BIDDING:
        table.ok(event)
    wrong = ["♥K", "♠K", "♦K", "♣K", "♥8", "♠8"]
    table.ok({"type": "hand", "seat": 2, "cards": wrong})
    hand_seq = table.seq
    fixed = table.post({"type": "correct", "target": hand_seq,
                        "event": {"type": "hand", "seat": 2, "cards": CIA}}, headers=cia)
    assert fixed.status_code == 201, fixed.json
    logged = table.log()["events"][-1]["event"]["event"]["cards"]
    assert logged == {"hidden": True, "seat": 2, "count": 6}  # the log, for the owner
    (step,) = [s for s in table.get("/steps").json["steps"] if s["seq"] == hand_seq]
    assert step["event"]["cards"] == {"hidden": True, "seat": 2, "count": 6}
    shown = at(table, hand_seq).json
    assert shown["state"]["deal"]["hands"][2] == {"hidden": True, "seat": 2, "count": 6}
    assert "♥9" not in json.dumps([step, shown], ensure_ascii=False)
    # Cia's phone sees her corrected hand at the step.
    (step,) = [s for s in table.get("/steps", headers=cia).json["steps"] if s["seq"] == hand_seq]
    assert step["event"]["cards"] == CIA
    assert at(table, hand_seq, cia).json["state"]["deal"]["hands"][2] == CIA


def test_a_whist_deal_of_whole_tricks_is_found_trick_by_trick(client):
    """Another game, other shapes: whist's tricks are entered whole (``trick`` events naming
    no seat), the winner leads, and the last trick moves the deal to ``last_deal``. The
    steps still find all thirteen, as the state keeps them."""
    import random

    from tests.api.test_whist_api import play_deal, whist_table

    table = whist_table(client)
    view = table.ok({"type": "draw", "cards": ["♠2", "♥A", "♦K", "♣3"]})
    view, _dealt = play_deal(table, random.Random(3), view)
    kept = view["state"]["last_deal"]["tricks"]
    steps = table.get("/steps").json["steps"]
    tricks = [s["trick"] for s in steps if s["trick"]]
    assert len(tricks) == 13
    assert {s["deal"] for s in steps if s["trick"]} == {view["state"]["last_deal"]["number"]}
    assert [t["cards"] for t in tricks] == [k["cards"] for k in kept]
    assert [t["winner"] for t in tricks] == [k["winner"] for k in kept]
    assert all(t["leader"] == t["cards"][0]["seat"] for t in tricks)
    # Each trick after the first is led by the winner of the one before.
    assert [t["leader"] for t in tricks[1:]] == [t["winner"] for t in tricks[:-1]]


def test_one_deal_of_the_steps_by_its_number_or_an_entry_of_it(client):
    """A phone replaying one deal of a long evening asks for that deal alone (?deal=N), or
    for the deal a log entry falls in (?seq=S); the steps are those of the whole replay."""
    table = start_table(client)
    for event in BIDDING + plays(TRICKS) + ENDING:
        table.ok(event)
    first_deal_end = table.seq
    for event in BIDDING[:2]:  # the second deal: dealt and knocked
        table.ok(event)
    whole = table.get("/steps").json
    assert whole["deal"] is None
    deals = {step["deal"] for step in whole["steps"]}
    assert deals == {1, 2}, deals
    for number in (1, 2):
        body = table.get(f"/steps?deal={number}").json
        assert body["deal"] == number and body["seq"] == table.seq
        assert body["steps"] == [s for s in whole["steps"] if s["deal"] == number]
    assert table.get("/steps?seq=7").json["steps"] == table.get("/steps?deal=1").json["steps"]
    body = table.get(f"/steps?seq={first_deal_end + 2}").json
    assert body["deal"] == 2 and [s["seq"] for s in body["steps"]] == \
        list(range(first_deal_end + 1, table.seq + 1))
    assert table.get("/steps?deal=7").json == {**whole, "deal": 7, "steps": []}


@pytest.mark.parametrize("query, status, code", [
    ("deal=0", 400, "deal_invalid"), ("deal=-1", 400, "deal_invalid"),
    ("deal=abc", 400, "deal_invalid"), ("deal=" + "9" * 40, 400, "deal_invalid"),
    ("deal=", 400, "deal_invalid"), ("seq=x", 400, "seq_invalid"), ("seq=99", 404, "seq_unknown")])
def test_a_deal_or_entry_that_is_none_is_refused_in_the_one_error_shape(client, query, status,
                                                                         code):
    table = start_table(client)
    for event in BIDDING[:2]:
        table.ok(event)
    response = table.get(f"/steps?{query}")
    assert response.status_code == status
    body = response.json
    assert set(body) == {"code", "message", "messages", "rule", "details"}
    assert body["code"] == code and set(body["messages"]) == {"sv", "en"}


def test_one_deal_of_the_steps_keeps_a_hand_hidden_as_the_whole_log_does(client):
    table = start_table(client)
    anna, hand_seq = cias_hand_entered(client, table)
    table.ok(plays(TRICKS)[0])
    for query in ("deal=1", f"seq={hand_seq}", f"seq={table.seq}"):
        body = table.get(f"/steps?{query}", headers=anna).json
        (step,) = [s for s in body["steps"] if s["seq"] == hand_seq]
        assert step["event"]["cards"] == {"hidden": True, "seat": 2, "count": 6}
        assert "♥9" not in json.dumps(body, ensure_ascii=False)
