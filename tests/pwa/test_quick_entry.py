"""Faster than paper (issue 17, item 5): a typical deal by quick entry, taps counted.

A real browser (Debian's Chromium) at 390×844 counts every tap on the page — each press on
a control, the save button included — while a person enters one deal of each game, and the
deal's line is then read back through the API. What follows from what was entered is filled
in by the form (the last seat's tricks, the other side's figure, 93 − x in 800), so:

- Rödskägg: the declarer's bid and tricks, save — 3 taps; a joiner who took nothing, +1;
- Bräus: the outcome, a player of the pair, save — 3;
- Schnapsen (two-handed): the winner, the game points, save — 3;
- Whist (short): one side's tricks and honours, save — 3;
- Fyrtioett: the four bids — 4 taps: the bid that completes the four saves the deal, as the
  form says beforehand ("alla tog hem" unless a "Bet" box is ticked before it, one tap per
  player who failed; the exact tricks are folded away), and the saved deal is named beside
  the form with one tap to undo it or to correct it;
- 800: one side's card points and each declaration, save — 4 taps for a deal with two
  declarations, the figures typed (7 keys here).
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.api.test_fyrtioett_api import tricks_for
from tests.pwa.helpers import api_get, api_post, expect_seq, shot, start_game
from tests.pwa.test_first_page import PLAYERS, expect_totals, start_table
from tests.pwa.test_swedish import LEAKS

# Every press on the page, as a finger would make it (a label's click on its input is not a
# second press): counted in the page, reset before each deal.
COUNT_TAPS = """
window.__taps = 0; window.__keys = 0;
document.addEventListener("pointerdown", (e) => { if (e.isTrusted) window.__taps += 1; }, true);
document.addEventListener("keydown", (e) => { if (e.isTrusted) window.__keys += 1; }, true);
"""


def count_taps(page: Page) -> None:
    page.add_init_script(COUNT_TAPS)


def reset_taps(page: Page) -> None:
    page.evaluate("window.__taps = 0; window.__keys = 0")


def taps(page: Page) -> int:
    return page.evaluate("window.__taps")


def keys(page: Page) -> int:
    return page.evaluate("window.__keys")


def quick(page: Page):
    return page.locator("form.quick-entry").first


def pick(scope, group: str, value) -> None:
    """One tap on a button of a radio group (a bid, a number of tricks, an outcome)."""
    exact = isinstance(value, str)
    scope.get_by_role("radiogroup", name=group).get_by_role("radio", name=value, exact=exact).check()


def last_event(page: Page, url: str) -> dict:
    return api_get(page, url, "/events")["events"][-1]["event"]


def test_rodskagg_deal_in_three_taps_and_a_joiner_in_four(page: Page, live_server):
    count_taps(page)
    start_table(page, live_server.url)
    reset_taps(page)
    form = quick(page)
    # "A startade på 12 poäng, bjöd tre stick och tog fyra. Han åker då ned till 8 poäng."
    # Here Bo bids three and takes four; everyone else smyger (the form's default), Anna
    # joined without a trick after the fourth and took none (+5).
    pick(form, "Bud Bo", "3")
    pick(form, "Stick Bo", "4")
    form.locator("input[name=joined-0]").check()
    # The rest of the six tricks follows to the last seat nobody said anything about: Dan.
    expect(form.get_by_role("radiogroup", name="Stick Dan").get_by_role("radio", name="2", exact=True)).to_be_checked()
    expect(form.locator('fieldset[data-seat="3"] .list-element.follows')).to_have_count(1)
    expect(form.locator(".trick-sum")).to_have_text("Stick: 6 av 6")
    shot(page, "quick-rodskagg", full_page=False)
    form.get_by_role("button", name="Spara given").click()
    expect_seq(page, 1)
    assert taps(page) == 4
    expect_totals(page, [17, 8, 12, 12])
    assert last_event(page, live_server.url) == {
        "type": "result", "bids": ["smyga", 3, "smyga", "smyga"], "tricks": [0, 4, 0, 2],
        "joined": [0]}
    row = api_get(page, live_server.url, "/protokoll")["rows"][-1]
    assert row["label"]["sv"] == "Giv 1: Bo tre, 4 stick, hem"

    # "B står på 7 poäng, bjuder tre stick men spelar bara hem två": 7 - 2 + 5. Here Cia at
    # 12 bids three and takes two: 12 - 2 + 5 = 15 — three taps, nobody joined.
    reset_taps(page)
    form = quick(page)
    pick(form, "Bud Cia", "3")
    pick(form, "Stick Cia", "2")
    form.get_by_role("button", name="Spara given").click()
    expect_seq(page, 2)
    assert taps(page) == 3
    expect_totals(page, [17, 8, 15, 12])
    # Forehand was Cia, the dealer Bo: the four other tricks went to Bo, the last seat.
    assert last_event(page, live_server.url)["tricks"] == [0, 4, 2, 0]


def test_braus_and_schnapsen_deals_in_three_taps(page: Page, live_server):
    count_taps(page)
    start_game(page, live_server.url, "braus", PLAYERS)
    reset_taps(page)
    form = quick(page)
    pick(form, "Utfall", re.compile("^Sex stick"))
    form.get_by_role("radiogroup", name=re.compile("^Paret som får")).get_by_role(
        "radio", name="Cia").check()
    form.get_by_role("button", name="Spara given").click()
    expect_seq(page, 1)
    assert taps(page) == 3
    assert last_event(page, live_server.url) == {"type": "result", "outcome": "rita", "winner": 2}
    sheet = api_get(page, live_server.url, "/protokoll")
    assert sheet["totals"] == [1, 0]  # one rita to Anna & Cia

    start_game(page, live_server.url, "schnapsen", ("Anna", "Bo"))
    reset_taps(page)
    form = quick(page)
    # The figures a table may add (the loser's points, tricks, …) are folded away.
    expect(form.locator("details.more-fields")).not_to_have_attribute("open", "")
    pick(form, "Vinnare", "Bo")
    pick(form, "Spelpoäng", "2")
    shot(page, "quick-schnapsen", full_page=False)
    form.get_by_role("button", name="Spara given").click()
    expect_seq(page, 1)
    assert taps(page) == 3
    assert last_event(page, live_server.url) == {"type": "result", "winner": 1, "game_points": 2}
    sheet = api_get(page, live_server.url, "/protokoll")
    assert sheet["totals"] == [7, 5]  # game points from 7 down: Bo made 2


def test_whist_deal_in_three_taps(page: Page, live_server):
    count_taps(page)
    start_game(page, live_server.url, "whist", PLAYERS)
    view = api_get(page, live_server.url, "")
    sides = view["state"]["sides"]
    first = " & ".join(PLAYERS[s] for s in sides[0])
    second = " & ".join(PLAYERS[s] for s in sides[1])
    reset_taps(page)
    form = quick(page)
    expect(form.locator("fieldset.side-entry > legend")).to_have_text([first, second])
    # Seven tricks and three honours to the first side: the other side's six tricks and one
    # honour follow (13 tricks, 4 honours).
    pick(form, f"Stick {first}", "7")
    pick(form, f"Honnörer {first}", "3")
    expect(form.get_by_role("radiogroup", name=f"Stick {second}").get_by_role(
        "radio", name="6", exact=True)).to_be_checked()
    expect(form.get_by_role("radiogroup", name=f"Honnörer {second}").get_by_role(
        "radio", name="1", exact=True)).to_be_checked()
    shot(page, "quick-whist", full_page=False)
    form.get_by_role("button", name="Spara given").click()
    expect_seq(page, 1)
    assert taps(page) == 3
    assert last_event(page, live_server.url) == {"type": "result", "tricks": [7, 6],
                                                 "honours": [3, 1]}
    # One trick point for the seventh trick, two for three honours (Whist — Poängräkning).
    row = api_get(page, live_server.url, "/protokoll")["rows"][-1]
    assert row["label"]["sv"].startswith(f"Giv 1: {first} 7 stick +1")


def expect_saved_by_last_bid(page: Page, seq: int) -> None:
    """A deal the form saved by itself is named where the form was (not in a toast)."""
    expect(page.locator(".auto-saved")).to_contain_text(f"Given sparades som #{seq} ")


def pick_last(scope, group: str, value: str) -> None:
    """The tap that saves the deal: one press (a check() would look for the button checked
    afterwards, in a form that is already the next deal's, and press again)."""
    scope.get_by_role("radiogroup", name=group).get_by_role("radio", name=value, exact=True).click()


def fyrtioett_bid_choices(form, name: str) -> list[str]:
    group = form.get_by_role("radiogroup", name=f"Bud {name}")
    return group.get_by_role("radio").evaluate_all("(els) => els.map((e) => e.value)")


def test_fyrtioett_deal_is_the_four_bids(page: Page, live_server):
    """The scorer writes "the bids and the points" (Fyrtioett — Poängräkning), and a
    player's points follow from the bid and whether it was made: the form asks each
    player's bid and has a "Bet" box per player, unticked ("alla tog hem"). The four bids
    are four free figures (the text bounds their sum only from below), so a deal where
    everyone made it is four taps only if the fourth bid saves it: the form says so before
    anything is picked, and once saved the deal is named where the form was, with one tap
    to undo it (the form comes back as it was) or to correct it. A player who failed is one
    tap more, his "Bet" box ticked before the last bid. "Kastar" is offered to the fourth
    bidder alone (Budgivning). The exact tricks stay one fold away."""
    count_taps(page)
    start_game(page, live_server.url, "fyrtioett", PLAYERS)
    reset_taps(page)
    form = quick(page)
    expect(form.locator(".submit-bar .saves-next")).to_have_text("")
    expect(form.locator(".saves-when-complete")).to_have_text(
        "Given sparas när alla bud är valda: fyll i resten innan du väljer det sista. "
        "Sedan kan du ångra eller rätta den.")
    # Bidding order: Dan (forehand), Cia, Bo, Anna (the dealer): only Anna may throw in.
    for name in ("Dan", "Cia", "Bo"):
        assert "kasta" not in fyrtioett_bid_choices(form, name)
    assert fyrtioett_bid_choices(form, "Anna")[-1] == "kasta"
    # Everyone made it.
    for name, bid in [("Dan", "3"), ("Cia", "4"), ("Bo", "3")]:
        pick(form, f"Bud {name}", bid)
    expect(form.locator("details.more-fields")).not_to_have_attribute("open", "")
    # Three bids: nothing saved yet, and the bar at the thumb says what the next tap does.
    expect(form.locator(".submit-bar .saves-next")).to_have_text("Sista valet sparar given.")
    shot(page, "quick-fyrtioett", full_page=False)
    assert api_get(page, live_server.url, "")["seq"] == 0
    pick_last(form, "Bud Anna", "3")
    expect_saved_by_last_bid(page, 1)
    assert taps(page) == 4
    assert last_event(page, live_server.url) == {"type": "result", "bids": [3, 3, 4, 3]}
    row = api_get(page, live_server.url, "/protokoll")["rows"][-1]
    assert row["changes"] == [3, 3, 4, 3]
    assert row["marks"] == ["3", "3", "4", "3"]  # the bids; the tricks were not entered
    saved = page.locator(".auto-saved")
    expect(saved).to_contain_text("Given sparades som #1 när alla bud var valda: "
                                  "Giv 1: Dan 3 hem, Cia 4 hem, Bo 3 hem, Anna 3 hem")
    shot(page, "quick-fyrtioett-saved", full_page=False)

    # Deal 2 (Dan deals; Cia, Bo, Anna, Dan bid): Bo bid four and failed — one tap more,
    # his box ticked before the last bid.
    reset_taps(page)
    form = quick(page)
    assert fyrtioett_bid_choices(form, "Dan")[-1] == "kasta"
    assert "kasta" not in fyrtioett_bid_choices(form, "Anna")
    for name, bid in [("Cia", "3"), ("Bo", "4")]:
        pick(form, f"Bud {name}", bid)
    form.locator('fieldset[data-seat="1"]').get_by_label("Bet").check()
    pick(form, "Bud Anna", "2")
    pick_last(form, "Bud Dan", "2")
    expect_saved_by_last_bid(page, 2)
    assert taps(page) == 5
    assert last_event(page, live_server.url) == {"type": "result", "bids": [2, 4, 3, 2],
                                                 "failed": [1]}
    row = api_get(page, live_server.url, "/protokoll")["rows"][-1]
    assert row["changes"] == [2, -4, 3, 2]
    assert row["label"]["sv"] == "Giv 2: Cia 3 hem, Bo 4 bet, Anna 2 hem, Dan 2 hem"
    expect_totals(page, [5, -1, 7, 5])


def test_fyrtioett_a_deal_saved_by_its_last_bid_is_undone_or_corrected_in_one_tap(
        page: Page, live_server):
    """The fourth bid saved the deal before a "Bet" box was ticked: "Ångra" takes it back in
    one tap and the form comes back filled in, for the box and the save; "Rätta" opens the
    correction, the same form filled in."""
    start_game(page, live_server.url, "fyrtioett", PLAYERS)
    form = quick(page)
    for name, bid in [("Dan", "3"), ("Cia", "4"), ("Bo", "3")]:
        pick(form, f"Bud {name}", bid)
    pick_last(form, "Bud Anna", "3")
    expect_saved_by_last_bid(page, 1)
    expect_totals(page, [3, 3, 4, 3])
    # Bo failed after all: one tap takes the deal back.
    expect(page.locator(".auto-saved")).to_have_count(1)
    page.locator(".auto-saved").get_by_role("button", name="Ångra").click()
    expect_seq(page, 2)
    assert last_event(page, live_server.url) == {"type": "undo", "target": 1}
    expect(page.locator(".auto-saved")).to_have_count(0)
    expect_totals(page, [0, 0, 0, 0])
    form = quick(page)
    for name, bid in [("Dan", "3"), ("Cia", "4"), ("Bo", "3"), ("Anna", "3")]:
        expect(form.get_by_role("radiogroup", name=f"Bud {name}").get_by_role(
            "radio", name=bid, exact=True)).to_be_checked()
    # Complete already: now the button saves, and the form no longer says the last bid does.
    expect(form.locator(".saves-when-complete")).to_have_count(0)
    form.locator('fieldset[data-seat="1"]').get_by_label("Bet").check()
    assert api_get(page, live_server.url, "")["seq"] == 2  # a box ticked saves nothing
    form.get_by_role("button", name="Spara given").click()
    expect_seq(page, 3)
    assert last_event(page, live_server.url) == {"type": "result", "bids": [3, 3, 4, 3],
                                                 "failed": [1]}
    expect_totals(page, [3, -3, 4, 3])

    # Deal 2: saved by its last bid, then Dan turns out to have failed: "Rätta".
    form = quick(page)
    for name, bid in [("Cia", "3"), ("Bo", "2"), ("Anna", "3")]:
        pick(form, f"Bud {name}", bid)
    pick_last(form, "Bud Dan", "3")
    expect_saved_by_last_bid(page, 4)
    page.locator(".auto-saved").get_by_role("button", name="Rätta").click()
    correction = page.locator('.log li[data-seq="4"] .correction form.quick-entry')
    expect(correction).to_be_visible()
    expect(correction.locator(".saves-when-complete")).to_have_count(0)
    expect(correction.get_by_role("radiogroup", name="Bud Dan").get_by_role(
        "radio", name="3", exact=True)).to_be_checked()
    correction.locator('fieldset[data-seat="3"]').get_by_label("Bet").check()
    correction.get_by_role("button", name="Spara rättelsen").click()
    expect_seq(page, 5)
    assert last_event(page, live_server.url) == {"type": "correct", "target": 4, "event": {
        "type": "result", "bids": [3, 2, 3, 3], "failed": [3]}}
    expect_totals(page, [6, -1, 7, 0])


def last_bid_saves_nothing(page: Page, live_server, form, bids: list[tuple[str, str]]) -> None:
    """The quick form's bids picked in turn: before the last, the thumb is told that it will
    not save; the last saves nothing (no entry, no "saved" notice)."""
    *first, (last_name, last_bid) = bids
    for name, bid in first:
        pick(form, f"Bud {name}", bid)
    expect(form.locator(".submit-bar .saves-next")).to_have_text(
        "Sista valet sparar inte: tryck på Spara given.")
    seq = api_get(page, live_server.url, "")["seq"]
    pick(form, f"Bud {last_name}", last_bid)
    assert api_get(page, live_server.url, "")["seq"] == seq  # the last bid saved nothing
    expect(page.locator(".auto-saved")).to_have_count(0)


def test_fyrtioett_quick_form_does_not_save_a_deal_bid_one_by_one(page: Page, live_server):
    """A table bidding on the phone bid by bid follows the deal live: the bidding comes
    before a single card, so picking the rest of the bids in the quick form must not save
    the deal as played ("alla tog hem"). The form no longer says that its last choice
    saves, the last bid saves nothing, and its button is what saves the deal (entered after
    its play, with who failed). The form says why in words, above the seats and again at
    the thumb before the last bid."""
    start_game(page, live_server.url, "fyrtioett", PLAYERS)
    api_post(page, live_server.url, {"type": "bid", "seat": 3, "bid": 3})  # Dan bids 3
    expect(page.locator(".status .prompt")).to_contain_text("Cia bjuder")
    form = quick(page)
    expect(form.locator(".saves-when-complete")).to_have_count(0)
    expect(form.locator(".saves-by-button")).to_have_text(
        "Buden i den här given matas in ett och ett, så sista budet sparar inte given – den "
        "spelas först. Spara den med knappen när den är spelad.")
    last_bid_saves_nothing(page, live_server, form, [("Dan", "3"), ("Cia", "4"), ("Bo", "3"),
                                                     ("Anna", "3")])
    expect(form.get_by_role("radiogroup", name="Bud Anna").get_by_role(
        "radio", name="3", exact=True)).to_be_checked()
    # Played out on paper: Bo failed; the button saves the deal.
    form.locator('fieldset[data-seat="1"]').get_by_label("Bet").check()
    form.get_by_role("button", name="Spara given").click()
    expect_seq(page, 2)
    assert last_event(page, live_server.url) == {"type": "result", "bids": [3, 3, 4, 3],
                                                 "failed": [1]}


def test_fyrtioett_quick_form_after_a_deal_played_card_by_card_says_why_it_waits(
        page: Page, live_server):
    """A table that played its last deal card by card follows the next one live too: the
    quick form's last bid saves nothing, and the form says so, naming why."""
    start_game(page, live_server.url, "fyrtioett", PLAYERS)
    for seat, bid in ((3, 4), (2, 3), (1, 2), (0, 2)):
        view = api_post(page, live_server.url, {"type": "bid", "seat": seat, "bid": bid})
    for winner, cards in tricks_for([3, 3, 3, 2, 2, 2, 1, 0, 0, 0, 0, 3, 3]):
        leader = view["table"]["expected"]["seat"]
        rest = iter(cards[1:])
        laid = [cards[0] if seat == winner else next(rest)
                for seat in [(leader - k) % 4 for k in range(4)]]
        view = api_post(page, live_server.url, {"type": "trick", "cards": " ".join(laid)})
    expect(page.locator(".status .prompt")).to_contain_text("Giv 2")
    form = quick(page)
    expect(form.locator(".saves-when-complete")).to_have_count(0)
    expect(form.locator(".saves-by-button")).to_have_text(
        "Förra given spelades kort för kort, så sista budet sparar inte den här – bordet "
        "följer den medan den spelas. Spara den med knappen när den är spelad.")
    last_bid_saves_nothing(page, live_server, form, [("Cia", "3"), ("Bo", "4"), ("Anna", "3"),
                                                     ("Dan", "3")])


def bid_offline(page: Page, bids: list[tuple[str, str]]) -> None:
    """Without a network, the quick form's four bids, the last one the tap that saves."""
    page.context.set_offline(True)
    expect(page.locator(".live")).to_have_text("Utan nät")
    form = quick(page)
    for name, bid in bids[:-1]:
        pick(form, f"Bud {name}", bid)
    pick_last(form, f"Bud {bids[-1][0]}", bids[-1][1])


def test_fyrtioett_a_deal_saved_offline_by_its_last_bid_keeps_undo_and_correct(
        page: Page, live_server):
    """Without a network the last bid keeps the deal in the outbox: it is named where the
    form was, as online, with one tap to undo it — taken out of the outbox before it goes,
    the form back filled in — or to correct it. Once the outbox has sent it, the same
    block names it saved as #N, and "Ångra" undoes it on the table."""
    start_game(page, live_server.url, "fyrtioett", PLAYERS)
    bid_offline(page, [("Dan", "3"), ("Cia", "4"), ("Bo", "3"), ("Anna", "3")])
    saved = page.locator(".auto-saved")
    expect(saved).to_contain_text("Given sparades i telefonen när alla bud var valda och "
                                  "skickas när nätet är tillbaka:")
    expect(page.locator(".outbox li")).to_have_count(1)
    words = saved.inner_text()
    assert not LEAKS.search(words), words  # in Swedish, no raw words
    # The form below is for the deal after the one that waits: the view is from before it,
    # so nothing of the old deal is offered as this one's (its dealer, its order, "Kastar"
    # for its fourth bidder, its last bid saving): said in words, saved by the button.
    form = quick(page)
    expect(form.locator(".after-waiting")).to_have_text(
        "Det som väntar i telefonen kommer före det du matar in här, och det som visas här "
        "gäller före det.")
    expect(form.locator(".saves-by-button")).to_have_text(
        "Därför sparar inte sista valet given: spara den med knappen.")
    expect(form.locator(".withheld")).to_have_text(
        "”Kastar” visas inte: bara vissa spelare får välja det, och vilka det är i den här "
        "given vet telefonen först när nätet är tillbaka.")
    expect(form.locator(".saves-when-complete")).to_have_count(0)
    expect(form.locator(".chip.dealer")).to_have_count(0)
    assert form.locator("fieldset.seat-entry legend").all_inner_texts() == list(PLAYERS)
    for name in PLAYERS:
        assert "kasta" not in fyrtioett_bid_choices(form, name)
    words = form.inner_text()
    assert not LEAKS.search(words), words
    shot(page, "quick-fyrtioett-queued", full_page=False)
    # Bo failed: "Ångra" takes it out of the outbox, the form comes back filled in.
    saved.get_by_role("button", name="Ångra").click()
    expect(page.locator(".outbox")).to_have_count(0)
    expect(saved).to_have_count(0)
    form = quick(page)
    for name, bid in [("Dan", "3"), ("Cia", "4"), ("Bo", "3"), ("Anna", "3")]:
        expect(form.get_by_role("radiogroup", name=f"Bud {name}").get_by_role(
            "radio", name=bid, exact=True)).to_be_checked()
    form.locator('fieldset[data-seat="1"]').get_by_label("Bet").check()
    form.get_by_role("button", name="Spara given").click()
    expect(page.locator(".outbox li")).to_have_count(1)
    expect(saved).to_have_count(0)  # saved by its button: nothing to announce
    page.context.set_offline(False)
    expect(page.locator(".outbox")).to_have_count(0, timeout=10_000)
    assert [e["event"] for e in api_get(page, live_server.url, "/events")["events"]] == [
        {"type": "result", "bids": [3, 3, 4, 3], "failed": [1]}]

    # Deal 2 saved offline by its last bid; "Rätta" while it waits brings the form back.
    bid_offline(page, [("Cia", "3"), ("Bo", "2"), ("Anna", "3"), ("Dan", "3")])
    expect(page.locator(".outbox li")).to_have_count(1)
    saved.get_by_role("button", name="Rätta").click()
    expect(page.locator(".outbox")).to_have_count(0)
    form = quick(page)
    expect(form.get_by_role("radiogroup", name="Bud Dan").get_by_role(
        "radio", name="3", exact=True)).to_be_checked()
    # Dan bid two after all: saved by the button, sent when the network is back.
    pick(form, "Bud Dan", "2")
    form.get_by_role("button", name="Spara given").click()
    expect(page.locator(".outbox li")).to_have_count(1)
    page.context.set_offline(False)
    expect(page.locator(".outbox")).to_have_count(0, timeout=10_000)
    assert api_get(page, live_server.url, "")["seq"] == 2
    assert api_get(page, live_server.url, "/events")["events"][-1]["event"] == {
        "type": "result", "bids": [3, 2, 3, 2]}
    # Worth 10: thrown in (Budgivning), nobody scores.
    assert api_get(page, live_server.url, "/protokoll")["rows"][-1]["label"]["sv"].startswith(
        "Giv 2: kastad")
    expect_totals(page, [3, -3, 4, 3])


def test_fyrtioett_an_offline_auto_save_once_sent_is_undone_on_the_table(
        page: Page, live_server):
    start_game(page, live_server.url, "fyrtioett", PLAYERS)
    bid_offline(page, [("Dan", "3"), ("Cia", "4"), ("Bo", "3"), ("Anna", "3")])
    expect(page.locator(".outbox li")).to_have_count(1)
    page.context.set_offline(False)
    expect(page.locator(".outbox")).to_have_count(0, timeout=10_000)
    saved = page.locator(".auto-saved")
    expect(saved).to_contain_text("Given sparades som #1 när alla bud var valda: "
                                  "Giv 1: Dan 3 hem, Cia 4 hem, Bo 3 hem, Anna 3 hem")
    saved.get_by_role("button", name="Ångra").click()
    expect_seq(page, 2)
    assert last_event(page, live_server.url) == {"type": "undo", "target": 1}
    expect_totals(page, [0, 0, 0, 0])
    form = quick(page)
    expect(form.get_by_role("radiogroup", name="Bud Anna").get_by_role(
        "radio", name="3", exact=True)).to_be_checked()


def test_fyrtioett_correction_offers_kasta_to_that_deals_fourth_bidder_alone(
        page: Page, live_server):
    """Only the fourth and last bidder may throw in (Budgivning), and the engine refuses a
    correction that has another seat throw: the correction of a deal offers "Kastar" to
    that deal's fourth bidder alone (the dealer), not to the deal now under way's."""
    start_game(page, live_server.url, "fyrtioett", PLAYERS)
    for seq, bids in [(1, [("Dan", "3"), ("Cia", "4"), ("Bo", "3"), ("Anna", "3")]),
                      (2, [("Cia", "3"), ("Bo", "2"), ("Anna", "3"), ("Dan", "3")])]:
        form = quick(page)
        for name, bid in bids[:-1]:
            pick(form, f"Bud {name}", bid)
        pick_last(form, f"Bud {bids[-1][0]}", bids[-1][1])
        expect_saved_by_last_bid(page, seq)
    # Deal 3 is under way (Cia deals): its form offers "kasta" to Cia alone.
    assert fyrtioett_bid_choices(quick(page), "Cia")[-1] == "kasta"
    for seq, last in [(1, "Anna"), (2, "Dan")]:
        correction = open_correction(page, seq)
        expect(correction).to_be_visible()
        for name in PLAYERS:
            choices = fyrtioett_bid_choices(correction, name)
            assert ("kasta" in choices) == (name == last), (seq, name, choices)
    # Deal 1 thrown in after all, by its fourth bidder: the engine takes it.
    correction = open_correction(page, 1)
    for name in ("Dan", "Cia", "Bo"):
        pick(correction, f"Bud {name}", "1")
    correction.get_by_role("radiogroup", name="Bud Anna").locator('input[value="kasta"]').check()
    correction.get_by_role("button", name="Spara rättelsen").click()
    expect_seq(page, 3)
    assert last_event(page, live_server.url) == {"type": "correct", "target": 1, "event": {
        "type": "result", "bids": ["kasta", 1, 1, 1]}}


def test_fyrtioett_correction_without_a_network_offers_kasta_from_what_the_phone_saw(
        page: Page, live_server):
    """Without a network the table cannot be asked what it expected before an entry. The
    phone kept the quick entry's hints where it drew the form (before deal 1, before deal
    2), so a correction still offers "Kastar" to that deal's fourth bidder alone. Where it
    saw nothing (another phone made the entry), it offers "Kastar" to nobody and says why,
    instead of offering it to every seat for the engine to refuse."""
    start_game(page, live_server.url, "fyrtioett", PLAYERS)
    for seq, bids in [(1, [("Dan", "3"), ("Cia", "4"), ("Bo", "3"), ("Anna", "3")]),
                      (2, [("Cia", "3"), ("Bo", "2"), ("Anna", "3"), ("Dan", "3")])]:
        form = quick(page)
        for name, bid in bids[:-1]:
            pick(form, f"Bud {name}", bid)
        pick_last(form, f"Bud {bids[-1][0]}", bids[-1][1])
        expect_saved_by_last_bid(page, seq)
    page.context.set_offline(True)
    expect(page.locator(".live")).to_have_text("Utan nät")
    correction = open_correction(page, 2)
    expect(correction).to_be_visible()
    for name in PLAYERS:
        choices = fyrtioett_bid_choices(correction, name)
        assert ("kasta" in choices) == (name == "Dan"), (name, choices)
    expect(correction.locator(".withheld")).to_have_count(0)
    # A phone that did not see deal 1 entered: "Kastar" held back, and said so.
    page.evaluate("""Object.keys(localStorage).filter((k) => k.startsWith('protokoll.hintsSeen'))
                     .forEach((k) => localStorage.removeItem(k))""")
    correction = open_correction(page, 1)
    expect(correction).to_be_visible()
    expect(correction.locator(".withheld")).to_have_text(
        "”Kastar” visas inte: bara vissa spelare får välja det, och vilka det är i den här "
        "given vet telefonen först när nätet är tillbaka.")
    for name in PLAYERS:
        assert "kasta" not in fyrtioett_bid_choices(correction, name)
    assert "3" in fyrtioett_bid_choices(correction, "Anna")  # the bids themselves stay
    # Corrected without a network: the entry waits and is taken when the network is back.
    correction.locator('fieldset[data-seat="1"]').get_by_label("Bet").check()
    correction.get_by_role("button", name="Spara rättelsen").click()
    expect(page.locator(".outbox li")).to_have_count(1)
    page.context.set_offline(False)
    expect(page.locator(".outbox")).to_have_count(0, timeout=10_000)
    assert last_event(page, live_server.url) == {"type": "correct", "target": 1, "event": {
        "type": "result", "bids": [3, 3, 4, 3], "failed": [1]}}


def test_fyrtioett_exact_tricks_stay_one_fold_away(page: Page, live_server):
    """A table that keeps "bid/tricks" opens the fold: three seats' tricks, the fourth
    follows (13 together); a "Bet" box that the tricks contradict is refused, named."""
    start_game(page, live_server.url, "fyrtioett", PLAYERS)
    form = quick(page)
    # The tricks first: the last bid saves the deal.
    form.locator("details.more-fields > summary").click()
    for name, tricks in [("Dan", "3"), ("Cia", "4"), ("Bo", "2")]:
        pick(form, f"Stick {name}", tricks)
    # Anna, the last to be entered, has the four tricks left of 13.
    expect(form.get_by_role("radiogroup", name="Stick Anna").get_by_role(
        "radio", name="4", exact=True)).to_be_checked()
    expect(form.locator(".trick-sum")).to_have_text("Stick: 13 av 13")
    for name, bid in [("Dan", "3"), ("Cia", "4"), ("Bo", "3")]:
        pick(form, f"Bud {name}", bid)
    pick_last(form, "Bud Anna", "3")
    expect_saved_by_last_bid(page, 1)
    assert last_event(page, live_server.url) == {"type": "result", "bids": [3, 3, 4, 3],
                                                 "tricks": [4, 2, 4, 3]}
    row = api_get(page, live_server.url, "/protokoll")["rows"][-1]
    # Bo bid three and took two: minus three; the others made theirs.
    assert row["marks"] == ["3/4", "3/2", "4/4", "3/3"]
    assert row["changes"] == [3, -3, 4, 3]


def test_800_card_points_and_declarations_in_four_taps(page: Page, live_server):
    count_taps(page)
    start_game(page, live_server.url, "800", PLAYERS)
    reset_taps(page)
    form = quick(page)
    form.get_by_label("Kortpoäng Anna & Cia").click()
    page.keyboard.type("53")
    # 93 − 53: the other side's figure follows.
    expect(form.get_by_label("Kortpoäng Bo & Dan")).to_have_value("40")
    form.locator('fieldset[data-seat="1"]').get_by_label("Deklarationer Bo").click()
    page.keyboard.type("20")
    form.locator('fieldset[data-seat="2"]').get_by_label("Deklarationer Cia").click()
    page.keyboard.type("100")
    shot(page, "quick-800", full_page=False)
    form.get_by_role("button", name="Spara given").click()
    expect_seq(page, 1)
    assert taps(page) == 4
    assert keys(page) == 7
    assert last_event(page, live_server.url) == {
        "type": "result", "points": [53, 40], "declarations": [None, 20, 100, None]}
    expect_totals(page, [153, 60])


def test_a_missing_bid_is_refused_naming_the_seat(page: Page, live_server):
    start_game(page, live_server.url, "fyrtioett", PLAYERS)
    form = quick(page)
    for name in ["Dan", "Cia", "Bo"]:
        pick(form, f"Bud {name}", "3")
    form.get_by_role("button", name="Spara given").click()
    expect(form.locator(".form-error")).to_have_text("Bud saknas för Anna.")
    shot(page, "quick-missing-seat", full_page=False)
    assert api_get(page, live_server.url, "")["seq"] == 0  # nothing was sent
    pick_last(form, "Bud Anna", "3")  # the last bid: the deal is saved
    expect_saved_by_last_bid(page, 1)
    expect(quick(page).locator(".form-error")).to_be_hidden()
    assert last_event(page, live_server.url)["bids"] == [3, 3, 3, 3]


def open_correction(page: Page, seq: int):
    entry = page.locator(f'.log li[data-seq="{seq}"]')
    entry.wait_for(state="attached")
    if not entry.is_visible():  # the log may sit in a fold
        page.locator("details:has(.log) > summary").first.click()
    entry.get_by_role("button", name=f"Rätta #{seq}").click()
    return entry.locator(".correction form.quick-entry")


def test_a_correction_opens_the_quick_entry_filled_in(page: Page, live_server):
    start_table(page, live_server.url)
    form = quick(page)
    pick(form, "Bud Bo", "3")
    pick(form, "Stick Bo", "4")
    form.get_by_role("button", name="Spara given").click()
    expect_seq(page, 1)
    expect_totals(page, [12, 8, 12, 12])
    correction = open_correction(page, 1)
    expect(correction).to_be_visible()
    # The same form, filled in with the entry: Bo's bid and tricks, Anna's two tricks.
    expect(correction.get_by_role("radiogroup", name="Bud Bo").get_by_role(
        "radio", name="3", exact=True)).to_be_checked()
    expect(correction.get_by_role("radiogroup", name="Bud Cia").get_by_role(
        "radio", name="Smyg", exact=True)).to_be_checked()
    expect(correction.get_by_role("radiogroup", name="Stick Bo").get_by_role(
        "radio", name="4", exact=True)).to_be_checked()
    expect(correction.get_by_role("radiogroup", name="Stick Anna").get_by_role(
        "radio", name="2", exact=True)).to_be_checked()
    # Bo took only two: the two tricks more follow to the last seat (Dan).
    pick(correction, "Stick Bo", "2")
    expect(correction.get_by_role("radiogroup", name="Stick Dan").get_by_role(
        "radio", name="2", exact=True)).to_be_checked()
    shot(page, "quick-correction", full_page=False)
    correction.get_by_role("button", name="Spara rättelsen").click()
    expect_seq(page, 2)
    # Three bid, two taken: 12 - 2 + 5 (Rödskägg — Poängräkning).
    expect_totals(page, [12, 15, 12, 12])
    event = last_event(page, live_server.url)
    assert event == {"type": "correct", "target": 1, "event": {
        "type": "result", "bids": ["smyga", 3, "smyga", "smyga"], "tricks": [2, 2, 0, 2]}}


def test_a_correction_after_the_match_is_over_is_the_same_form(page: Page, live_server):
    """With the match over the table expects no quick entry; the correction still opens the
    quick-entry form (the hints this phone saw for the game), after a reload too."""
    start_table(page, live_server.url)
    for seq in (1, 2):  # Bo bids six and takes six, twice: 12 -> 6 -> 0, he wins
        form = quick(page)
        pick(form, "Bud Bo", "6")
        pick(form, "Stick Bo", "6")
        form.get_by_role("button", name="Spara given").click()
        expect_seq(page, seq)
    expect_totals(page, [12, 0, 12, 12])
    expect(page.locator("form.quick-entry")).to_have_count(0)
    page.reload()
    correction = open_correction(page, 2)
    expect(correction.get_by_role("radiogroup", name="Bud Bo").get_by_role(
        "radio", name="6", exact=True)).to_be_checked()
    # Bo took five, not six: failed, 6 - 5 + 5 = 6, and the match goes on.
    pick(correction, "Stick Bo", "5")
    correction.get_by_role("button", name="Spara rättelsen").click()
    expect_seq(page, 3)
    expect_totals(page, [12, 6, 12, 12])
    event = last_event(page, live_server.url)["event"]
    assert event["tricks"] == [0, 5, 0, 1]
    expect(quick(page)).to_be_visible()  # the next deal is expected again
