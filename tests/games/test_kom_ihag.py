"""Kom ihåg scenario tests, written from the rule text (file 002, "Kom ihåg!").

"Yngste spelaren börjar, varefter turen går medsols. Man vänder på två av korten … Om de
bildar ett kortpar, dvs. har samma valörer (t.ex. två tior) tar man paret … Därefter får man
fortsätta … Skulle de två kort man vänder upp däremot inte bilda ett par, vänder man ned dem
igen … och så blir det näste deltagares tur. Den som får ihop flest kortpar har vunnit."

Every entry goes through the table log; every refusal checks the state is unchanged.
"""

from __future__ import annotations


import pytest

from rules_engine.cards import FRENCH52
from rules_engine.errors import EventFormatError, RuleViolation
from rules_engine.games import kom_ihag as ki
from rules_engine.registry import GAMES, catalog_entry, get_game
from rules_engine.table_log import apply_game_event, replay
from tests.engine_table import EngineTable

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun")
A, B, C, D = 0, 1, 2, 3


class Table(EngineTable):
    rule_prefix = "Kom ihåg — "
    generic_sections = ("Inmatning",)

    def __init__(self, n: int = 3, **options):
        super().__init__("kom_ihag", NAMES[:n], **options)

    def pair(self, seat: int, rank: str, cards: str | None = None):
        fields = {"seat": seat, "rank": rank}
        if cards:
            fields["cards"] = cards
        return self.post("pair", **fields)

    def miss(self, seat: int, cards: str | None = None):
        return self.post("miss", seat=seat, **({"cards": cards} if cards else {}))

    def take_all(self, seat: int, ranks=ki.RANKS) -> None:
        """``seat`` takes both pairs of every rank in ``ranks`` in one long turn."""
        for rank in ranks:
            while ki.pairs_left(self.state, rank) and not self.state.over:
                self.pair(seat, rank)


# --- the game ---------------------------------------------------------------------------------
@pytest.mark.parametrize("n", range(2, 8))
def test_two_to_seven_players_52_cards(n):
    state = Table(n).state
    assert len(state.in_play) == 52 and ki.total_pairs(state) == 26
    assert state.pairs == (0,) * n


@pytest.mark.parametrize("n", (1, 8))
def test_other_player_counts_are_refused(n):
    with pytest.raises(RuleViolation) as info:
        ki.new(NAMES[:n] if n < 8 else NAMES + ("Hans",))
    assert info.value.code == "player_count"


def test_the_game_in_the_catalog():
    assert get_game("memory") is ki and get_game("Kom ihåg!") is ki and ki in GAMES
    assert ki.DECK is FRENCH52
    entry = catalog_entry(ki)
    assert set(entry["events"]) == {"pair", "miss", "result"}
    assert entry["labels"]["events"]["miss"]["sv"] == "Inget par"
    assert entry["labels"]["values"]["10"] == {"sv": "Tior", "en": "Tens"}
    options = {o["name"]: o for o in entry["options"]}
    assert options["pair_rule"]["choices"] == ["rank", "colour"]
    assert options["left_out"]["default"] == ""


# --- turn ---------------------------------------------------------------------------------------
def test_the_youngest_begins_any_seat_may_enter_the_first_turn():
    table = Table(4)
    exp = ki.expected(table.state)
    assert exp.phase == "start" and exp.seat is None
    assert [i.type for i in exp.inputs] == ["pair", "miss", "result"]
    assert exp.inputs[0].fields["rank"] == list(ki.RANKS)
    table.miss(C)  # Cia is the youngest
    assert table.state.to_play == D and ki.expected(table.state).seat == D


def test_after_a_pair_the_same_player_goes_on_after_a_miss_the_turn_goes_clockwise():
    table = Table(3)
    table.pair(B, "10")
    assert table.state.to_play == B
    table.pair(B, "K")
    table.miss(B)
    assert table.state.to_play == C
    table.miss(C)
    assert table.state.to_play == A  # round the table
    table.refuse("not_your_turn", "pair", seat=B, rank="5")
    table.refuse("not_your_turn", "miss", seat=C)
    assert [f.turn for f in table.state.flips] == [1, 1, 1, 2]


# --- pairs -------------------------------------------------------------------------------------
def test_a_pair_is_two_cards_of_one_rank_for_example_two_tens():
    table = Table(3)
    state = table.pair(A, "10", "♥10 ♠10")
    assert state.pairs == (1, 0, 0) and state.taken == ((A, FRENCH52.parse("♥10")),
                                                        (A, FRENCH52.parse("♠10")))
    row = state.rows[-1]
    assert row.kind == "pair" and row.changes == (1, None, None) and row.totals == (1, 0, 0)
    assert row.label_sv == "Tur 1: Anna, par i tior (♥10 ♠10)"
    assert row.label_en == "Turn 1: Anna, a pair of tens (♥10 ♠10)"
    table.refuse("not_a_pair", "pair", seat=A, rank="9", cards="♥9 ♠8")
    table.refuse("not_a_pair", "pair", seat=A, rank="9", cards="♥8 ♠8")  # not nines
    table.refuse("two_cards", "pair", seat=A, rank="9", cards="♥9")
    table.refuse("two_cards", "pair", seat=A, rank="9", cards="♥9 ♥9")
    table.refuse("card_already_taken", "pair", seat=A, rank="10", cards="♥10 ♦10")
    with pytest.raises(EventFormatError):
        apply_game_event(table.setup, table.state, {"type": "pair", "seat": A, "rank": "T"})


def test_no_rank_makes_more_than_two_pairs():
    table = Table(2)
    table.pair(A, "10")
    table.pair(A, "10", "♦10 ♣10")
    err = table.refuse("rank_used_up", "pair", seat=A, rank="10")
    assert err.params == {"rank": "10", "pairs": 2, "max_pairs": 2}
    assert "högst 2 par" in err.message("sv")
    table.refuse("rank_used_up", "miss", seat=A, cards="♠10 ♥9")  # every ten is taken
    assert 10 not in ki.expected(table.state).inputs[0].fields["rank"]
    assert "10" not in ki.expected(table.state).inputs[0].fields["rank"]
    assert not any(c.endswith("10") for c in ki.expected(table.state).inputs[0].fields["cards"])


def test_cards_taken_in_a_pair_are_not_on_the_table_any_more():
    table = Table(2)
    table.pair(A, "Q", "♥Q ♦Q")
    table.refuse("card_already_taken", "miss", seat=A, cards="♥Q ♠2")
    table.miss(A, "♠Q ♠2")  # the black queens are still out there
    view = ki.describe(table.state)
    assert view["deal"]["taken"] == [{"seat": A, "card": "♥Q"}, {"seat": A, "card": "♦Q"}]
    assert view["flips"][-1] == {"number": 2, "turn": 1, "seat": A, "outcome": "miss",
                                 "rank": None, "cards": ["♠Q", "♠2"]}


# --- misses --------------------------------------------------------------------------------------
def test_a_miss_is_two_cards_that_do_not_pair():
    table = Table(3)
    table.refuse("that_is_a_pair", "miss", seat=A, cards="♠7 ♥7")
    table.refuse("two_cards", "miss", seat=A, cards="♠7")
    table.miss(A, "♠7 ♥8")
    table.miss(B)  # the cards need not be named


def test_when_only_one_rank_is_left_a_miss_is_impossible_and_the_last_pair_ends_the_game():
    table = Table(2)
    table.take_all(A, ki.RANKS[:-1])  # everything but the twos
    table.pair(A, "2")
    # No miss; quick entry of the result is open at any time (issue 15, item 14).
    assert [i.type for i in ki.expected(table.state).inputs] == ["pair", "result"]
    err = table.refuse("only_pairs_left", "miss", seat=A)
    assert err.params == {"pairs_left": 1}
    state = table.pair(A, "2")
    assert ki.is_over(state) and state.pairs == (26, 0)
    assert ki.result(state) == {"winner": A, "winners": [A], "pairs": [26, 0]}
    table.refuse("not_expected", "pair", seat=A, rank="2")
    table.refuse("not_expected", "miss", seat=B)
    assert ki.expected(state).phase == "over" and ki.expected(state).inputs == ()


# --- the protokoll and the winner --------------------------------------------------------------------
def test_most_pairs_wins_the_scores_are_kept_per_pair():
    table = Table(3)
    table.take_all(A, ki.RANKS[:5])  # 10 pairs
    table.miss(A)
    table.take_all(B, ki.RANKS[5:9])  # 8 pairs
    table.miss(B)
    table.take_all(C, ki.RANKS[9:])  # 8 pairs: the last one ends the game
    state = table.state
    assert ki.is_over(state) and state.pairs == (10, 8, 8)
    sheet = ki.sheet(state)
    assert sheet.totals == (10, 8, 8) and sheet.winner == A
    assert len([r for r in sheet.rows if r.kind == "pair"]) == 26
    assert sheet.notes["pairs_left"] == 0
    assert sum(state.rank_pairs) == 26 and max(state.rank_pairs) == 2


def test_a_tie_is_a_shared_win():
    table = Table(2)
    table.take_all(A, ki.RANKS[:6])  # aces to nines: 12 pairs
    table.pair(A, "8")
    table.miss(A)
    table.pair(B, "8")
    table.take_all(B, ki.RANKS[7:])  # sevens to twos: 12 pairs
    state = table.state
    assert state.pairs == (13, 13) and state.winners == (A, B)
    assert ki.sheet(state).winner is None and ki.result(state)["winners"] == [A, B]
    assert "Anna, Bo" in ki.expected(state).prompt_en


# --- variants -----------------------------------------------------------------------------------------
def test_same_rank_and_colour_option():
    table = Table(2, pair_rule="colour")
    table.refuse("not_a_pair", "pair", seat=A, rank="10", cards="♥10 ♠10")
    table.pair(A, "10", "♥10 ♦10")
    table.miss(A, "♠10 ♥9")  # red and black: no pair under this rule
    table.refuse("that_is_a_pair", "miss", seat=B, cards="♠10 ♣10")


def test_colour_rule_one_rank_left_in_both_colours_can_still_miss():
    table = Table(2, pair_rule="colour")
    table.take_all(A, ki.RANKS[:-1])
    assert ki.miss_possible(table.state)  # ♥2 ♦2 ♠2 ♣2 left: red against black misses
    table.miss(A, "♥2 ♠2")
    table.pair(B, "2", "♠2 ♣2")
    table.refuse("only_pairs_left", "miss", seat=B)  # only the red twos
    assert ki.is_over(table.pair(B, "2"))


def test_a_used_deck_with_cards_missing():
    table = Table(2, left_out="♠7 ♥7, ♦K ♣K")
    state = table.state
    assert len(state.in_play) == 48 and ki.total_pairs(state) == 24
    assert ki.max_pairs(state, "7") == 1 and ki.max_pairs(state, "K") == 1
    table.refuse("card_left_out", "miss", seat=A, cards="♠7 ♥8")
    table.pair(A, "7")
    table.refuse("rank_used_up", "pair", seat=A, rank="7")
    assert ki.describe(state)["deal"]["left_out"] == ["♠7", "♥7", "♦K", "♣K"]


@pytest.mark.parametrize("left_out,rule", [("♠7", "rank"), ("♠7 ♥7 ♦7", "rank"),
                                           ("♠7 ♥7", "colour")])
def test_a_used_deck_must_leave_cards_that_pair(left_out, rule):
    with pytest.raises(RuleViolation) as info:
        Table(2, left_out=left_out, pair_rule=rule)
    assert info.value.code == "deck_cannot_pair" and info.value.rule == "Kom ihåg — Kortleken"


def test_a_used_deck_with_the_colour_rule():
    table = Table(2, left_out="♠7 ♣7", pair_rule="colour")
    assert ki.max_pairs(table.state, "7") == 1
    with pytest.raises(EventFormatError):
        Table(2, left_out="♠77")


# --- quick entry -----------------------------------------------------------------------------------
def test_quick_entry_of_the_pairs_at_the_end():
    table = Table(3)
    table.refuse("pairs_do_not_add_up", "result", pairs=[10, 8, 7])
    table.refuse("result_shape", "result", pairs=[10, 16])
    table.refuse("result_shape", "result", pairs=[10, -1, 17])
    state = table.post("result", pairs=[10, 8, 8])
    assert ki.is_over(state) and state.winners == (A,) and state.quick
    assert ki.sheet(state).rows[-1].label_en == "Quick entry"
    assert ki.sheet(state).totals == (10, 8, 8)


def test_quick_entry_at_any_time_counts_the_pairs_already_entered():
    """Issue 15, item 14: quick entry of the result at any time (it was: only before any
    turn). The pairs given are the whole game's; the protokoll adds what was not entered."""
    table = Table(3)
    table.miss(A)
    table.pair(B, "10")
    table.pair(B, "K")
    table.miss(B)
    assert "result" in [i.type for i in ki.expected(table.state).inputs]
    err = table.refuse("pairs_below_entered", "result", pairs=[13, 1, 12])
    assert err.params["entered"] == [0, 2, 0] and err.params["seats"] == [B]
    table.refuse("pairs_do_not_add_up", "result", pairs=[10, 8, 7])
    state = table.post("result", pairs=[10, 8, 8])
    assert ki.is_over(state) and state.winners == (A,) and state.quick
    row = ki.sheet(state).rows[-1]
    assert row.label_en == "Quick entry of the rest" and row.changes == (10, 6, 8)
    assert ki.sheet(state).totals == (10, 8, 8)
    table.refuse("not_expected", "result", pairs=[10, 8, 8])  # the game is over
    assert replay(table.setup, table.entries) == state


def test_replay_of_the_log_equals_the_live_state():
    table = Table(4, pair_rule="colour")
    table.miss(D, "♠2 ♥3")
    table.pair(A, "A", "♠A ♣A")
    table.pair(A, "K")
    table.miss(A)
    table.pair(B, "A")
    assert replay(table.setup, table.entries) == table.state


# --- tally mode (issue 15, item 14) -----------------------------------------------------------
def test_tally_mode_each_pair_as_it_is_taken_the_misses_in_between_implied():
    """"Om de bildar ett kortpar ... tar man paret och lägger det framför sig ... Den som får
    ihop flest kortpar har vunnit": the score is the pairs; in tally mode only they are
    entered, by whoever took them, in any order of players."""
    table = Table(3, entry="tally")
    exp = ki.expected(table.state)
    assert exp.phase == "tally" and exp.seat is None
    assert [i.type for i in exp.inputs] == ["pair", "result"]
    assert exp.inputs[0].seat is None and exp.inputs[0].fields["seat"] == [A, B, C]
    table.pair(C, "10", "♥10 ♠10")
    table.pair(A, "K")  # misses in between: not entered
    table.pair(C, "10")
    table.pair(B, "7")
    state = table.state
    assert state.pairs == (1, 1, 2) and state.to_play is None
    assert ki.describe(state)["phase"] == "tally" and ki.describe(state)["entry"] == "tally"
    rows = ki.sheet(state).rows
    assert [r.label_en for r in rows[1:]] == [
        "Pair 1: Cia, tens (♥10 ♠10)", "Pair 2: Anna, kings", "Pair 3: Cia, tens",
        "Pair 4: Bo, sevens"]
    assert rows[-1].changes == (None, 1, None) and rows[-1].totals == (1, 1, 2)
    # The pairs are checked as ever: no third pair of tens, no card taken twice.
    table.refuse("rank_used_up", "pair", seat=A, rank="10")
    table.refuse("card_already_taken", "pair", seat=A, rank="Q", cards="♥Q ♥10")
    table.refuse("tally_mode", "miss", seat=A)
    assert replay(table.setup, table.entries) == table.state


def test_tally_mode_the_last_pair_ends_the_game_most_pairs_wins():
    table = Table(2, entry="tally")
    for rank in ki.RANKS:
        table.pair(A, rank)
        if rank != "2":
            table.pair(B, rank)
    table.pair(B, "2")
    state = table.state
    assert ki.is_over(state) and state.pairs == (13, 13) and state.winners == (A, B)
    table.refuse("not_expected", "pair", seat=A, rank="A")
    assert ki.expected(state).phase == "over"


def test_tally_mode_quick_entry_of_the_result_at_any_time():
    table = Table(4, entry="tally")
    table.pair(D, "A")
    table.pair(B, "A")
    table.refuse("pairs_below_entered", "result", pairs=[9, 0, 9, 8])
    state = table.post("result", pairs=[5, 7, 6, 8])
    assert ki.is_over(state) and state.winners == (D,)
    assert ki.sheet(state).rows[-1].changes == (5, 6, 6, 7)


def test_the_entry_option_in_the_catalog():
    options = {o["name"]: o for o in catalog_entry(ki)["options"]}
    assert options["entry"]["default"] == "turns" and options["entry"]["choices"] == [
        "turns", "tally"]
    with pytest.raises(EventFormatError):
        ki.new(NAMES[:3], ki.Options(entry="pairs"))
