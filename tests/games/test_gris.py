"""Gris scenario tests, written from the rule text (file 002, "Gris regler").

Each rule the text states is a test: the deck by player count, dealing as far as the cards
go, ♣6 *grisen* passed face up to the left for a hidden card, the quartet (the four sixes with
grisen too) signalled with the thumb, the others following, the last one losing and dealing
next; and the protokoll tallying losses, or (option) the letters of GRIS. Everything goes
through real events and the table log; every refusal leaves the state unchanged.
"""

from __future__ import annotations


import pytest

from rules_engine.errors import RuleViolation
from rules_engine.games import gris
from rules_engine.registry import catalog_entry, get_game
from rules_engine.table_log import TableSetup, replay
from tests.engine_table import EngineTable
from tests.game_checks import check_rules_page

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun", "Hans")
A, B, C, D, E = 0, 1, 2, 3, 4


class Table(EngineTable):
    rule_prefix = "Gris — "
    generic_sections = ()

    def __init__(self, n: int = 4, first_dealer: int = 0, **options):
        super().__init__("gris", NAMES[:n], first_dealer, **options)

    @property
    def deal(self):
        return self.state.deal

    def thumbs(self, *seats: int):
        for seat in seats:
            self.post("thumb", seat=seat)
        return self.state

    def replayed(self):
        return replay(self.setup, self.entries)


def test_registered_with_its_player_counts_and_aliases():
    assert get_game("gris") is gris and get_game("tummen upp") is gris
    assert (gris.MIN_PLAYERS, gris.MAX_PLAYERS) == (4, 8)


@pytest.mark.parametrize("n, aside, cards", [
    (4, {"2", "3", "4", "5"}, 36), (5, {"2", "3", "4"}, 40), (6, {"2", "3", "4"}, 40),
    (7, {"2", "3"}, 44), (8, {"2", "3"}, 44)])
def test_the_deck_by_player_count(n, aside, cards):
    deck = gris.deck_for(n)
    assert len(deck) == cards
    assert {c.rank for c in deck.cards} == {r for r in gris.RANK_CHOICES if r not in aside}
    assert gris.GRISEN in deck.cards  # the sixes are never set aside
    assert all(sum(1 for c in deck.cards if c.rank == r) == 4 for r in gris.ranks_for(n))
    t = Table(n)
    assert gris.describe(t.state)["deck"] == {"cards": cards, "set_aside": sorted(aside)}
    # The catalog shows this deck for this player count, not 52 cards (issue 15, item 17).
    (listed,) = [d for d in catalog_entry(gris)["decks"] if d["players"] == n]
    assert listed == {"players": n, "name": f"gris{cards}",
                      "cards": [str(c) for c in deck.cards]}


def test_the_catalog_deck_is_every_card_a_gris_table_can_hold():
    entry = catalog_entry(gris)
    assert entry["deck"]["name"] == "gris44" and len(entry["deck"]["cards"]) == 44
    assert {c[1:] for c in entry["deck"]["cards"]} == set(gris.ranks_for(8))  # no 2s, 3s
    assert [(d["players"], len(d["cards"])) for d in entry["decks"]] == [
        (4, 36), (5, 40), (6, 40), (7, 44), (8, 44)]
    assert all(set(d["cards"]) <= set(entry["deck"]["cards"]) for d in entry["decks"])


@pytest.mark.parametrize("n, dealer, sizes", [
    (4, 0, [9, 9, 9, 9]), (6, 0, [6, 7, 7, 7, 7, 6]), (7, 3, [6, 6, 6, 6, 7, 7, 6]),
    (8, 7, [6, 6, 6, 6, 5, 5, 5, 5])])
def test_dealt_one_at_a_time_as_far_as_the_cards_go(n, dealer, sizes):
    t = Table(n, first_dealer=dealer)
    t.post("deal", grisen=0)
    assert list(t.deal.sizes) == sizes and sum(sizes) == len(gris.deck_for(n))


def test_player_counts_outside_four_to_eight_are_refused():
    for n in (3, 9):
        with pytest.raises(RuleViolation) as info:
            TableSetup("gris", NAMES[:n] if n < 9 else tuple(f"P{i}" for i in range(9))
                       ).new_state()
        assert info.value.code == "player_count"


# --- grisen ------------------------------------------------------------------------------------
def test_grisen_goes_face_up_to_the_left_from_whoever_holds_it():
    t = Table(5)
    t.post("deal", grisen=C)
    exp = gris.expected(t.state)
    assert exp.seat == C and exp.inputs[0].type == "pass" and exp.inputs[0].seat == C
    err = t.refuse("not_holding_grisen", "pass", seat=A)
    assert err.params["grisen"] == C and "Cia" in err.message("sv")
    t.post("pass", seat=C)
    assert t.deal.grisen == D
    t.post("pass", seat=D)
    t.post("pass", seat=E)
    assert t.deal.grisen == A and t.deal.passes == 3  # round the table
    assert gris.describe(t.state)["deal"]["grisen"] == A


# --- the quartet and the thumbs ----------------------------------------------------------------
def test_the_last_thumb_loses_and_deals_next():
    t = Table(4)
    t.post("deal", grisen=B)
    t.post("pass", seat=B)
    t.post("thumb", seat=D, rank="K")
    exp = gris.expected(t.state)
    assert exp.phase == "thumbs" and {i.seat for i in exp.inputs if i.type == "thumb"} == {
        A, B, C}
    # The thumb went up "i smyg": Cia has not seen it and passes grisen on (item 17).
    t.post("pass", seat=C)
    assert t.deal.grisen == D and t.deal.passes == 2
    t.refuse("already_thumbed", "thumb", seat=D)
    t.refuse("rank_only_first", "thumb", seat=A, rank="K")
    t.thumbs(A, C)
    assert t.state.phase == "deal" and t.deal.loser == B
    assert t.state.losses == (0, 1, 0, 0)
    assert t.state.dealer == B  # "måste blanda och ge nästa gång"
    assert gris.expected(t.state).seat == B
    row = t.state.rows[-1]
    assert row.kind == "deal" and row.changes == (None, 1, None, None)
    assert "Bo" in row.label_sv and "sist" in row.label_sv
    assert t.replayed() == t.state


def test_the_first_thumb_goes_up_in_secret_so_grisen_goes_on_until_the_others_see_it():
    """"När en spelare har en kvartett på handen ska han i smyg sätta en tumme mot
    bordskanten ... Så snart de andra observerar tummen ska de göra samma gest": until they
    see it, the others go on passing grisen (issue 15, item 17)."""
    t = Table(5)
    t.post("deal", grisen=A)
    t.post("thumb", seat=C, rank="9")  # quietly
    exp = gris.expected(t.state)
    assert exp.phase == "thumbs"
    assert [(i.type, i.seat) for i in exp.inputs if i.type == "pass"] == [("pass", A)]
    t.post("pass", seat=A)  # Anna has not seen it
    t.post("pass", seat=B)  # nor has Bo
    t.post("pass", seat=C)  # Cia passes on too, so as not to give herself away
    assert t.deal.grisen == D and t.deal.passes == 3 and t.deal.thumbs == (C,)
    t.refuse("not_holding_grisen", "pass", seat=A)  # still only its holder passes it
    t.post("thumb", seat=E)  # Eva sees the thumb
    t.post("pass", seat=D)  # Dan has not
    t.thumbs(A, D)
    assert t.deal.loser == B and t.state.losses == (0, 1, 0, 0, 0)
    t.refuse("not_expected", "pass", seat=E)  # the deal is over
    assert t.replayed() == t.state


def test_the_quartet_must_be_of_a_rank_in_this_deck():
    t = Table(7)
    t.post("deal", grisen=A)
    err = t.refuse("rank_not_in_deck", "thumb", seat=B, rank="2")
    assert err.rule == "Gris — Kortleken" and "tvåor" in err.message("sv")
    t.post("thumb", seat=B, rank="4")  # fours are in with seven players
    t4 = Table(4)
    t4.post("deal", grisen=A)
    t4.refuse("rank_not_in_deck", "thumb", seat=B, rank="5")


def test_the_four_sixes_with_grisen_are_a_quartet_only_for_its_holder():
    t = Table(4)
    t.post("deal", grisen=A)
    t.post("pass", seat=A)  # Bo has grisen now
    err = t.refuse("sixes_without_grisen", "thumb", seat=A, rank="6")
    assert err.params == {"seat": A, "grisen": B}
    t.post("thumb", seat=B, rank="6")
    assert t.deal.rank == "6"


def test_a_quartet_may_be_signalled_before_grisen_moves():
    """"Han behöver inte göra det i samma ögonblick": any time after the deal."""
    t = Table(4)
    t.post("deal", grisen=A)
    t.thumbs(C, A, B)
    assert t.deal.loser == D and t.state.dealer == D


def test_thumbs_without_a_deal_are_not_expected():
    t = Table(4)
    t.refuse("not_expected", "thumb", seat=A)
    t.refuse("not_expected", "pass", seat=A)


# --- the protokoll -------------------------------------------------------------------------
def test_losses_are_tallied_and_the_match_ends_after_its_deals():
    t = Table(4, deals=5)
    for loser in (B, B, C, A, B):
        t.post("result", loser=loser)
    assert t.state.phase == "over" and t.state.losses == (1, 3, 1, 0)
    res = gris.result(t.state)
    assert res["losers"] == [B] and res["winner"] == D and res["losses"] == [1, 3, 1, 0]
    sheet = gris.sheet(t.state)
    assert sheet.totals == (1, 3, 1, 0) and sheet.winner == D
    assert [r.kind for r in sheet.rows] == ["start"] + ["deal"] * 5
    t.refuse("not_expected", "result", loser=A)


def test_letters_spell_gris_and_the_one_who_spells_it_is_the_gris():
    t = Table(5, count="letters")
    for loser in (C, C, A, C):
        t.post("result", loser=loser)
    assert gris.letters(t.state, C) == "GRI" and gris.letters(t.state, A) == "G"
    assert t.state.rows[-1].marks == ("G", "", "GRI", "", "")
    assert "GRI" in t.state.rows[-1].label_sv
    t.post("result", loser=C)
    assert t.state.phase == "over"
    res = gris.result(t.state)
    assert res["gris"] == C and res["letters"] == ["G", "", "GRIS", "", ""]
    assert gris.sheet(t.state).out == (C,)
    assert gris.sheet(t.state).notes["word"] == "GRIS"


def test_the_word_is_an_option():
    t = Table(4, count="letters", word="PIG")
    for _ in range(3):
        t.post("result", loser=A)
    assert t.state.phase == "over" and gris.letters(t.state, A) == "PIG"


def test_open_ended_tally():
    t = Table(4, deals=0)
    for _ in range(30):
        t.post("result", loser=A)
    assert t.state.phase == "deal" and t.state.losses[A] == 30 and not gris.is_over(t.state)
    assert gris.result(t.state) is None


# --- quick entry ---------------------------------------------------------------------------
def test_quick_entry_of_a_deal_and_its_checks():
    t = Table(4)
    t.refuse("signal_is_loser", "result", loser=A, signal=A)
    t.refuse("rank_not_in_deck", "result", loser=A, signal=B, rank="3")
    t.post("result", loser=A, signal=B, rank="K")
    assert t.deal.thumbs[0] == B and t.deal.quick and t.state.dealer == A
    # In a deal entered step by step, the quick entry names the last one only.
    t.post("deal", grisen=C)
    t.post("thumb", seat=D)
    t.refuse("loser_had_thumb_up", "result", loser=D)
    t.refuse("signal_mismatch", "result", loser=A, signal=B)
    t.post("result", loser=C)
    assert t.deal.loser == C and t.deal.thumbs[0] == D
    assert t.replayed() == t.state


def test_quick_entry_keeps_the_rank_the_first_thumb_entered():
    """Gris — Kvartetten: the first thumb goes up for a quartet on the hand. When that thumb
    was entered with the quartet's rank, a quick entry finishing the deal may repeat the rank
    but not name another one (``rank_mismatch``, the rank entered in the details)."""
    t = Table(4)
    t.post("deal", grisen=C)
    t.post("thumb", seat=D, rank="K")
    err = t.refuse("rank_mismatch", "result", loser=A, rank="Q")
    assert err.rule == "Gris — Kvartetten"
    assert err.params == {"rank": "Q", "recorded": "K"}
    assert err.message("sv") == "Kvartettens valör är redan angiven."
    assert err.message("en") == "The quartet's rank is already entered."
    t.post("result", loser=A, rank="K")
    assert t.deal.loser == A and t.deal.rank == "K"
    assert t.replayed() == t.state


# --- shape ---------------------------------------------------------------------------------
def test_expected_hints_and_words():
    t = Table(6)
    exp = gris.expected(t.state)
    assert exp.phase == "deal" and exp.seat == A
    assert exp.inputs[0].fields["grisen"] == list(range(6))
    t.post("deal", grisen=E)
    exp = gris.expected(t.state)
    first = [i for i in exp.inputs if i.type == "thumb"][0]
    assert first.fields["rank"] == ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5"]
    assert set(gris.LABELS["events"]) == set(gris.EVENTS)
    for kind in ("events", "fields", "nouns", "values"):
        for key, (sv, en) in gris.LABELS[kind].items():
            assert sv and en, key
    for rank in gris.RANK_CHOICES:
        assert rank in gris.LABELS["values"]


def test_the_rules_page_and_the_docstring_name_every_option_and_event():
    check_rules_page(gris, "gris")
