"""Fyrtioett through the API: trick-by-trick and quick entry, the protokoll, refusals.

Seats 0–3 are Anna, Bo, Cia, Dan, clockwise; Anna & Cia play against Bo & Dan. Anna deals
first, so Dan (her right-hand neighbour) is forehand and play goes Dan, Cia, Bo, Anna.
Every refusal is checked to leave the log as it was.
"""

from __future__ import annotations

from tests.conftest import catalog, refused, start_table

PLAYERS = ("Anna", "Bo", "Cia", "Dan")
A, B, C, D = 0, 1, 2, 3
QUICK = {"type": "result", "bids": [2, 2, 3, 4], "tricks": [4, 1, 3, 5]}


def fyrtioett_table(client, **extra):
    return start_table(client, game="fyrtioett", players=PLAYERS, **extra)


def tricks_for(winners):
    """Thirteen tricks as the players would lay them: three rounds of each suit from the
    top (A K Q J, 10 9 8 7, 6 5 4 3), the winner with the highest card; the twos are left
    for the last trick, which the winner takes with ♥2."""
    ranks = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3"]
    plan = []
    for number, winner in enumerate(winners[:12]):
        suit = "♠♦♣♥"[number // 3]
        cards = [suit + r for r in ranks[4 * (number % 3):4 * (number % 3) + 4]]
        plan.append((winner, cards))
    plan.append((winners[12], ["♥2", "♠2", "♦2", "♣2"]))
    return plan


def play_tricks(table, winners):
    view = table.view()
    for winner, cards in tricks_for(winners):
        leader = view["expected"]["seat"]
        order = [(leader - k) % 4 for k in range(4)]
        rest = iter(cards[1:])
        laid = [cards[0] if seat == winner else next(rest) for seat in order]
        view = table.ok({"type": "trick", "cards": " ".join(laid)})
        deal = view["state"]["deal"] if view["state"]["deal"]["tricks"] \
            else view["state"]["last_deal"]
        assert deal["tricks"][-1]["winner"] == winner
    return view


def test_the_catalog_carries_the_game_its_options_and_words(client):
    game = catalog(client)["fyrtioett"]
    assert game["players"] == {"min": 4, "max": 4} and len(game["deck"]["cards"]) == 52
    assert {o["name"] for o in game["options"]} == {"partner_above_zero", "min_bid",
                                                    "tie_at_41"}
    assert set(game["events"]) == {"bid", "hand", "play", "trick", "result"}
    assert game["labels"]["values"]["kasta"] == {"sv": "Kastar", "en": "Throws in"}
    assert "Fyrtioett — Budgivning" in [r["ref"] for r in game["rules"]]


def test_a_whole_deal_trick_by_trick(client):
    table = fyrtioett_table(client)
    view = table.created["table"]
    assert view["expected"]["phase"] == "bidding" and view["expected"]["seat"] == D
    assert view["protokoll"]["totals"] == [0, 0, 0, 0]
    for seat, bid in ((D, 4), (C, 3), (B, 2), (A, 2)):  # from forehand, counter-clockwise
        view = table.ok({"type": "bid", "seat": seat, "bid": bid})
    assert view["expected"]["phase"] == "play" and view["expected"]["seat"] == D
    assert view["state"]["deal"]["bid_points"] == 11
    view = play_tricks(table, [D, D, D, C, C, C, B, A, A, A, A, D, D])
    assert view["state"]["last_deal"]["won"] == [4, 1, 3, 5]
    sheet = view["protokoll"]
    assert sheet["totals"] == [2, -2, 3, 4]
    row = sheet["rows"][-1]
    assert row["changes"] == [2, -2, 3, 4] and row["marks"] == ["2/4", "2/1", "3/3", "4/5"]
    assert row["label"]["sv"] == "Giv 1: Dan 4 hem, Cia 3 hem, Bo 2 bet, Anna 2 hem"
    assert sheet["next_dealer"] == D and sheet["notes"]["sides"] == [[0, 2], [1, 3]]
    # The deal passes counter-clockwise to Dan; Cia is forehand and bids first.
    assert view["state"]["dealer"] == D and view["expected"]["seat"] == C
    assert view["findings"] == []
    assert len(table.log()["events"]) == 4 + 13


def test_one_card_at_a_time_and_the_expected_hints(client):
    table = fyrtioett_table(client)
    for seat in (D, C, B, A):
        table.ok({"type": "bid", "seat": seat, "bid": 3})
    view = table.ok({"type": "play", "seat": D, "card": "♠5"})
    play = next(i for i in view["expected"]["inputs"] if i["type"] == "play")
    assert play["seat"] == C and play["fields"]["led_suit"] == "♠"
    assert "♠5" not in play["fields"]["card"] and len(play["fields"]["card"]) == 51
    view = table.ok({"type": "play", "seat": C, "card": "♠K"})
    view = table.ok({"type": "play", "seat": B, "card": "h2"})  # Bo trumps: hearts
    view = table.ok({"type": "play", "seat": A, "card": "♠A"})
    assert view["state"]["deal"]["won"] == [0, 1, 0, 0]
    assert view["state"]["deal"]["tricks"][0]["winner"] == B
    assert view["expected"]["seat"] == B


def test_quick_entry_and_a_throw_in(client):
    table = fyrtioett_table(client)
    view = table.created["table"]
    quick = next(i for i in view["expected"]["inputs"] if i["type"] == "result")
    assert quick["fields"]["order"] == [D, C, B, A]
    assert quick["fields"]["tricks"] == list(range(14)) and "kasta" in quick["fields"]["bids"]
    # "kasta" is the fourth bidder's (Anna, the dealer); her bid completes the form and saves.
    assert quick["fields"]["only"] == {"bids": {"kasta": [A]}}
    assert quick["fields"]["save_when_complete"] == ["bids"]
    view = table.ok(QUICK)
    assert view["protokoll"]["totals"] == [2, -2, 3, 4]
    assert view["state"]["dealer"] == D
    # Worth 1 + 2 + 3 + 3 = 9, less than 11: thrown in, and Cia deals next.
    view = table.ok({"type": "result", "bids": [1, 2, 3, 3]})
    row = view["protokoll"]["rows"][-1]
    assert row["kind"] == "thrown_in" and row["changes"] == [None] * 4
    assert view["protokoll"]["totals"] == [2, -2, 3, 4]
    assert view["state"]["dealer"] == C and view["expected"]["seat"] == B
    # Bids entered one by one, then the tricks alone.
    for seat in (B, A, D, C):
        view = table.ok({"type": "bid", "seat": seat, "bid": 3})
    view = table.ok({"type": "result", "tricks": [3, 3, 3, 4]})
    assert view["protokoll"]["totals"] == [5, 1, 6, 7]


def test_a_match_to_41_by_quick_entry(client):
    table = fyrtioett_table(client)
    table.ok({"type": "result", "bids": [13, 1, 1, 1], "tricks": [13, 0, 0, 0]})
    view = table.ok({"type": "result", "bids": [8, 2, 1, 1], "tricks": [8, 3, 1, 1]})
    assert view["protokoll"]["totals"] == [42, 1, 0, 0]
    assert view["over"] is True
    assert view["result"]["winner"] == 0 and view["result"]["winners"] == [A, C]
    assert view["protokoll"]["winner"] == A and view["expected"]["phase"] == "over"
    refused(table, QUICK, 422, "not_expected", "Fyrtioett — Poängräkning")


def test_the_partner_option_through_the_api(client):
    table = fyrtioett_table(client, options={"partner_above_zero": True})
    table.ok({"type": "result", "bids": [13, 1, 1, 1], "tricks": [13, 0, 0, 0]})
    view = table.ok({"type": "result", "bids": [8, 2, 1, 1], "tricks": [8, 3, 1, 1]})
    assert view["over"] is False  # Cia stands at 0, not above it
    assert view["options"]["partner_above_zero"] is True


def test_refusals_leave_the_log_unchanged(client):
    table = fyrtioett_table(client)
    refused(table, {"type": "bid", "seat": A, "bid": 3}, 422, "not_your_turn",
            "Fyrtioett — Budgivning")
    refused(table, {"type": "bid", "seat": D, "bid": 0}, 422, "bid_out_of_range")
    refused(table, {"type": "bid", "seat": D, "bid": "kasta"}, 422, "throw_in_only_last")
    refused(table, {"type": "bid", "seat": D, "bid": [3]}, 400, "bad_field")
    refused(table, {"type": "bid", "seat": D}, 400, "missing_field")
    refused(table, {"type": "smyga", "seat": D}, 400, "unknown_event_type")
    refused(table, {"type": "play", "seat": D, "card": "♠A"}, 422, "not_expected")
    refused(table, {"type": "result", "bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 3]}, 422,
            "tricks_do_not_add_up", "Fyrtioett — Spelet")
    refused(table, {"type": "result", "bids": [2, 2, 3, 3], "tricks": [4, 3, 3, 3]}, 422,
            "thrown_in_no_tricks")
    for seat in (D, C, B, A):
        table.ok({"type": "bid", "seat": seat, "bid": 3})
    refused(table, {"type": "bid", "seat": D, "bid": 3}, 422, "not_expected")
    refused(table, {"type": "play", "seat": D, "card": "♠1"}, 400, "bad_card_notation")
    refused(table, {"type": "trick", "cards": "♠2 ♠3"}, 422, "trick_size")
    table.ok({"type": "hand", "seat": C,
              "cards": "♠2 ♠3 ♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q"})
    refused(table, {"type": "play", "seat": C, "card": "♠A"}, 422, "not_your_turn")
    table.ok({"type": "play", "seat": D, "card": "♠A"})
    refused(table, {"type": "play", "seat": C, "card": "♥2"}, 422, "must_follow",
            "Fyrtioett — Spelet")
    refused(table, {"type": "play", "seat": C, "card": "♣2"}, 422, "not_in_hand")
    refused(table, {"type": "trick", "cards": "♠2 ♠A ♠K"}, 422, "card_already_played")
    refused(table, {"type": "result", "tricks": [4, 3, 3, 3]}, 422, "quick_not_now")
    view = table.ok({"type": "trick", "cards": "♠2 ♠K ♠Q"})
    assert view["state"]["deal"]["won"] == [0, 0, 0, 1]


def test_a_revoke_proven_later_shows_as_a_finding(client):
    table = fyrtioett_table(client)
    for seat in (D, C, B, A):
        table.ok({"type": "bid", "seat": seat, "bid": 3})
    table.ok({"type": "trick", "cards": "♠5 ♠K ♥2 ♠A"})  # Bo trumps: no spade shown
    view = table.ok({"type": "trick", "cards": "♥3 ♥K ♣2 ♥4"})
    assert view["findings"] == []
    view = table.ok({"type": "trick", "cards": "♠2 ♠3 ♠4 ♠6"})  # Anna leads; Bo shows ♠6
    (finding,) = view["findings"]
    assert finding["code"] == "revoke_proven" and finding["seat"] == B
    assert finding["rule"] == "Fyrtioett — Spelet"
    assert finding["details"]["revoke_trick"] == 1 and finding["details"]["proof_trick"] == 3
    assert "stick 1" in finding["messages"]["sv"]


def test_undo_of_a_quick_entry(client):
    table = fyrtioett_table(client)
    table.ok(QUICK)
    view = table.ok({"type": "undo", "target": 1})
    assert view["protokoll"]["totals"] == [0, 0, 0, 0]
    assert view["state"]["dealer"] == A and view["expected"]["seat"] == D


def test_the_protokoll_as_csv(client):
    table = fyrtioett_table(client)
    table.ok(QUICK)
    table.ok({"type": "result", "bids": [1, 2, 3, 3]})  # thrown in
    response = table.get("/protokoll?format=csv&lang=sv&dialect=comma")
    assert response.status_code == 200
    lines = response.get_data(as_text=True).splitlines()
    assert lines[0] == "Rad,Giv,Händelse,Anna,Bo,Cia,Dan"
    assert lines[1].endswith(",0,0,0,0")
    assert lines[2] == "1,1,\"Giv 1: Dan 4 hem, Cia 3 hem, Bo 2 bet, Anna 2 hem\",2,-2,3,4"
    assert lines[3] == "2,2,\"Giv 2: kastad — buden värda 9, minst 11 behövs\",2,-2,3,4"


def test_the_quick_form_is_told_why_its_last_bid_does_not_save(client):
    """While the table follows a deal live, the bids come before the play: the quick entry's
    last bid saves nothing (no ``save_when_complete``), and the hint says why, for the form
    to say it in words — a bid of this deal entered one by one, or the last deal played card
    by card."""
    def quick_fields(view):
        return next(i for i in view["expected"]["inputs"] if i["type"] == "result")["fields"]

    table = fyrtioett_table(client)
    fields = quick_fields(table.created["table"])
    assert "saves_by_button" not in fields and fields["save_when_complete"] == ["bids"]
    view = table.ok({"type": "bid", "seat": D, "bid": 4})
    fields = quick_fields(view)
    assert fields["saves_by_button"] == "bids_entered" and "save_when_complete" not in fields
    for seat, bid in ((C, 3), (B, 2), (A, 2)):
        view = table.ok({"type": "bid", "seat": seat, "bid": bid})
    view = play_tricks(table, [D, D, D, C, C, C, B, A, A, A, A, D, D])
    fields = quick_fields(view)  # deal 2, nothing of it entered: the last was played live
    assert fields["saves_by_button"] == "played_live" and "save_when_complete" not in fields
    view = table.ok({"type": "result", "bids": [3, 3, 4, 3]})  # deal 2 by quick entry
    fields = quick_fields(view)
    assert "saves_by_button" not in fields and fields["save_when_complete"] == ["bids"]
