"""An adversarial audit of a table's secrets (design principle 9), as the people who would
try: a curious player at the table, the scorer anyone may become with the join code, a
spectator, a rival club holding only the join code or the spectator link, a phone that
changes seat in the middle of a deal, and a phone that was revoked.

``test_private_entries.py`` reads every path at one checkpoint of every kind of private
entry; what is here attacks what it does not reach:

- what ``expected`` tells of the 800 family's exchange for ⟨★⟩ while the discards lie face
  down (a count or a list of won cards that depended on what the discards are);
- the answer to a retried post, which anyone who may post a seat's private entry can aim at
  that entry's ``client_event_id`` (the log shows it) with a guessed event;
- the moment right after an undo of a deal's last entry: the deal reopens, and so must its
  secrets close again, on every path;
- a device that leaves its seat in the middle of a deal, and comes back;
- a revoked phone's old token on every read path.
"""

from __future__ import annotations

import pytest

from rules_engine.cards import TAROT62
from rules_engine.games.snapphanaleden import STAR, card_class
from tests.api.test_private_entries import (CASES, NEVER_PLAYED, Scene, _800_deal, leaked,
                                            searchable)
from tests.conftest import bearer, refusal, start_table

CASE = {case.name: case for case in CASES}
CARD_800 = {str(card): card for card in TAROT62.cards}
HIDDEN_FROM = ("other", "scorer", "owner", "code", "spectator", "late")


# --- the exchange for ⟨★⟩ (800 §1.4.1) -----------------------------------------------------
def _exchange_due(client, seed: int, options: dict) -> tuple[dict, dict, list[str], str]:
    """An 800 table (options ``options``) whose first deal, seed ``seed``, is posted up to
    the first exchange for ⟨★⟩: (what the join code reads of the table, the same read with
    Anna's phone — the dealer, whose discards they are —, her discards, the join code)."""
    events, secrets = _800_deal(seed=seed)
    created = client.post("/api/tables", json={
        "game": "800", "players": ["Anna", "Bo", "Cia", "Dan"], "options": options,
        "open_private_after_deal": True})
    assert created.status_code == 201, created.json
    table, code = created.json["id"], created.json["join_code"]
    owner = bearer(created.json["token"])
    anna = client.post("/api/join", json={"code": code, "seat": 0}).json
    seq = 0
    for index, event in enumerate(events):
        poster = bearer(anna["token"]) if event["type"] == "discard" else owner
        posted = client.post(f"/api/tables/{table}/events", headers=poster, json={
            "based_on": seq, "client_event_id": f"x{seed}-{index}", "event": event})
        assert posted.status_code == 201, (index, posted.json)
        seq = posted.json["entry"]["seq"]
        if posted.json["table"]["expected"]["phase"] == "exchange":
            break
    else:
        raise AssertionError(f"seed {seed}: no exchange for ★ in the first deal")
    view = client.get(f"/api/tables/{table}", headers={"X-Join-Code": code}).json
    own = client.get(f"/api/tables/{table}", headers=bearer(anna["token"])).json
    return view, own, secrets["discard"], code


def _won_by(view: dict, side: int) -> list[str]:
    """The cards the tricks of the deal so far gave ``side`` (what everybody saw)."""
    state = view["state"]
    seats = state["sides"][side]
    return [play["card"] for trick in state["deal"]["tricks"] if trick["winner"] in seats
            for play in trick["cards"]]


@pytest.mark.parametrize("seed", [2, 16, 18])
@pytest.mark.parametrize("options", [{"fjont_hacka_only": True}, {}],
                         ids=["hacka_only", "default"])
def test_the_exchange_for_the_star_tells_nothing_of_what_the_discards_are(client, seed,
                                                                           options):
    """While the dealer's discards lie face down, ``expected`` of the exchange shows the
    won cards the ★-side may give and how many discards lie there — both from what the
    table saw. It used to count only the discards that may pay (under
    ``fjont_hacka_only``: the hackor among them; by default: those not a copy of a won
    card), and to offer no won card at all when only a discard was a hacka: a spectator
    read how many of Anna's discards were hackor (seed 2: ♥8 ♣D gave 1), or that one was
    (seed 16)."""
    view, own, discard, _code = _exchange_due(client, seed, options)
    fjont = view["expected"]["inputs"][0]
    assert fjont["type"] == "fjont"
    debtor = fjont["fields"]["creditor"] ^ 1  # two sides: 0 and 1
    if debtor != 0:
        pytest.skip("the dealer's side owes nothing here: its discards play no part")
    # The public count: every discard of the ★-side, whatever it is.
    assert fjont["fields"]["discards"] == len(discard)
    won = [c for c in _won_by(view, debtor) if c != str(STAR)]
    if options.get("fjont_hacka_only") and any(card_class(CARD_800[c]) == "hacka"
                                               for c in won):
        won = [c for c in won if card_class(CARD_800[c]) == "hacka"]
    assert fjont["fields"]["choices"] == sorted(set(won))
    # The dealer's own phone reads the same hint (its discards are on its own screen).
    assert own["expected"]["inputs"][0]["fields"] == fjont["fields"]


# --- a retried post aimed at another seat's private entry ---------------------------------
def test_a_retry_of_another_devices_private_entry_confirms_no_guess(app, client):
    """Anyone may join as the scorer with the join code, and the scorer may post any
    seat's private entry (but reads none). Anna's discard's client_event_id is in the
    log; a post with that id and a guessed discard must not tell a right guess from a
    wrong one."""
    case = CASE["800 discard"]
    scene = Scene(client, app, case, "owner", opens=True)
    scene.play_script(0, 1)  # Anna's discard, from her phone
    scorer = scene.readers["scorer"]
    log = client.get(f"/api/tables/{scene.id}/events", headers=scorer.headers).json
    entry = next(e for e in log["events"] if e["seq"] == scene.entry_seq)
    assert entry["event"]["cards"]["hidden"] is True  # the scorer cannot read it ...
    guesses = {"wrong": {**scene.events[0], "cards": ["♣7", "♣8"]},
               "right": scene.events[0]}
    answers = {}
    for name, event in guesses.items():
        response = client.post(f"/api/tables/{scene.id}/events", headers=scorer.headers,
                               json={"based_on": scene.seq,
                                     "client_event_id": entry["client_event_id"],
                                     "event": event})
        answers[name] = (response.status_code, (response.json or {}).get("code"))
    assert answers["wrong"] == (409, "client_event_id_reused")
    # ... and must not learn it by guessing.
    assert answers["right"] == answers["wrong"]


# --- an undo reopens the deal: its secrets close again --------------------------------------
@pytest.mark.parametrize("name", ["800 discard", "norrandsknack buy", "schnapsen hand",
                                  "whist hand"])
def test_an_undo_of_a_deals_last_entry_closes_its_private_entries_again(app, client, name):
    """Once the deal is over its private entries open to the table; the undo of the
    deal's last entry puts the deal back in play, and every reader but the seat's own
    phone (and the director) reads them hidden again: in the log, the state, the replay,
    the undo's own answer."""
    case = CASE[name]
    scene = Scene(client, app, case, "owner", opens=True)
    scene.play_script(0)
    scene.readers["late"] = scene.join("late", case.seat)
    assert scene.logged_entry(scene.readers["code"])["cards"] == scene.secret  # open
    undone = scene.post(scene.manager, {"type": "undo", "target": scene.seq})
    assert undone.status_code == 201, undone.json
    scene.seq = undone.json["entry"]["seq"]
    hidden = {"hidden": True, "seat": case.seat, "count": len(scene.secret)}
    for reader in HIDDEN_FROM:
        assert scene.logged_entry(scene.readers[reader])["cards"] == hidden, reader
    assert scene.logged_entry(scene.readers["own"])["cards"] == scene.secret
    if case.secret in NEVER_PLAYED:  # never on the table: nowhere but in the entry
        paid = {e["card"] for e in scene.events if e["type"] == "fjont"}
        cards = [c for c in searchable(scene.secret) if c not in paid]
        assert cards
        assert leaked({"undo": undone}, cards) == []
        for reader in HIDDEN_FROM:
            assert leaked(scene.reads(scene.readers[reader]), cards) == [], reader
        assert leaked(scene.reads(scene.readers["own"]), cards)


# --- a device that changes seat in the middle of a deal -------------------------------------
def test_a_device_that_leaves_the_seat_mid_deal_stops_reading_its_secrets(app, client):
    """A second phone at Anna's seat (seated before her discard, which her first phone
    posted) reads the discard; once it moves to Dan's seat it reads it no more, and
    coming back does not give it back (it sat down after the entry)."""
    case = CASE["800 discard"]
    scene = Scene(client, app, case, "owner", opens=True)
    twin = scene.join("twin", case.seat)
    scene.play_script(0, case.checkpoint)
    cards = scene.search
    hidden = {"hidden": True, "seat": case.seat, "count": len(scene.secret)}
    assert scene.logged_entry(twin)["cards"] == scene.secret
    assert leaked(scene.reads(twin), cards)
    for seat in (3, case.seat):
        moved = client.post(f"/api/tables/{scene.id}/seat", headers=twin.headers,
                            json={"seat": seat, "change": True})
        assert moved.status_code == 200, moved.json
        assert scene.logged_entry(twin)["cards"] == hidden, seat
        assert leaked(scene.reads(twin), cards) == [], seat
    # The phone that posted it still reads it (it knew the cards).
    assert scene.logged_entry(scene.readers["own"])["cards"] == scene.secret


# --- a revoked phone ------------------------------------------------------------------------
READ_PATHS = ["", "/events", "/protokoll", "/protokoll?format=csv&lang=sv", "/steps",
              "/steps?deal=1", "/at/0", "/at/1", "/stream"]


def test_a_revoked_phones_token_reads_nothing_on_any_path(client):
    table = start_table(client, game="800", players=("Anna", "Bo", "Cia", "Dan"))
    phone = client.post("/api/join", json={"code": table.join_code, "seat": 0}).json
    posted = client.post(f"/api/tables/{table.id}/events", headers=bearer(phone["token"]),
                         json={"based_on": 0, "client_event_id": "rv1", "event": {
                             "type": "discard", "seat": 0, "cards": ["♠7", "♥8"]}})
    assert posted.status_code == 201, posted.json
    for path in READ_PATHS:  # it read everything while it sat there
        response = client.get(f"/api/tables/{table.id}{path}", headers=bearer(phone["token"]))
        assert response.status_code == 200, (path, response.json)
    revoked = client.delete(f"/api/tables/{table.id}/devices/{phone['device_id']}",
                            headers=table.headers)
    assert revoked.status_code == 200, revoked.json
    for path in READ_PATHS:
        response = client.get(f"/api/tables/{table.id}{path}", headers=bearer(phone["token"]))
        body = refusal(response, 403, "token_revoked")
        assert "♠7" not in str(body) and "♥8" not in str(body), path
    # Nor with the join code it was shown (a new one was made), nor by taking a seat.
    refusal(client.get(f"/api/tables/{table.id}", headers={"X-Join-Code": table.join_code}),
            403, "join_code_wrong")
    refusal(client.post(f"/api/tables/{table.id}/seat", headers=bearer(phone["token"]),
                        json={"seat": 1, "change": True}), 403, "token_revoked")
