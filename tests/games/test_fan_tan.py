"""Fan tan scenario tests, written from the rule text (file 002, "Fan tan regler" and
"Varianten fri fan tan").

Each rule the text states is a test here: the deal as far as the cards go, aces as ones, the
opening seven (or the nearest player who has one), building up to the king and down to the
ace, a new seven beside, passing when nothing fits, the first out wins; and fri fan tan: any
start card, round from king to ace, a new suit with any card, several cards in sequence at
once. Passing while able is proven later, when the player lays a card that already fitted
(design principle 3). Everything goes through real events and the table log; every refusal
also checks that the state it was tried on is unchanged.
"""

from __future__ import annotations

import random

import pytest

from rules_engine.cards import FRENCH52, SUITS, Card
from rules_engine.errors import EventFormatError, RuleViolation
from rules_engine.games import fan_tan
from rules_engine.registry import get_game
from rules_engine.table_log import TableSetup, apply_game_event, replay
from tests.engine_table import EngineTable
from tests.game_checks import check_rules_page

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun")
A, B, C, D = 0, 1, 2, 3


class Table(EngineTable):
    rule_prefix = "Fan tan — "
    generic_sections = ()

    def __init__(self, n: int = 3, first_dealer: int = 0, **options):
        super().__init__("fan_tan", NAMES[:n], first_dealer, **options)

    def play(self, seat: int, card: str):
        return self.post("play", seat=seat, card=card)

    def passes(self, seat: int):
        return self.post("pass", seat=seat)

    @property
    def deal(self):
        return self.state.deal

    def expected(self):
        return fan_tan.expected(self.state)

    def replayed(self):
        return replay(self.setup, self.entries)


def layout(t: Table) -> dict[str, list[str]]:
    return fan_tan.describe(t.state)["deal"]["layout"]


# --- the catalog and the deal --------------------------------------------------------------
def test_registered_with_its_player_counts_deck_and_aliases():
    assert get_game("fan_tan") is fan_tan and get_game("sjuan") is fan_tan
    assert (fan_tan.MIN_PLAYERS, fan_tan.MAX_PLAYERS) == (3, 7)
    assert len(fan_tan.DECK) == 52


def test_aces_count_as_ones_the_lowest_card():
    assert fan_tan.rank_no(Card("♠", "A")) == 1 and fan_tan.rank_no(Card("♠", "K")) == 13
    assert [fan_tan.rank_no(Card("♥", r)) for r in fan_tan.RANKS] == list(range(1, 14))


@pytest.mark.parametrize("n, sizes", [
    (3, [17, 18, 17]),  # dealer Anna: Bo (forehand) gets the 52nd card
    (4, [13, 13, 13, 13]),
    (5, [10, 11, 11, 10, 10]),
    (6, [8, 9, 9, 9, 9, 8]),
    (7, [7, 8, 8, 8, 7, 7, 7]),
])
def test_all_cards_are_dealt_some_get_one_more_from_forehand(n, sizes):
    t = Table(n)
    t.post("deal")
    assert list(t.deal.dealt) == sizes and sum(sizes) == 52
    assert t.deal.forehand == 1 and t.expected().seat == 1


def test_the_deal_can_name_who_got_a_card_more():
    t = Table(3)
    t.refuse("extra_cards", "deal", extra=[0, 1])
    t.post("deal", extra=[0])
    assert t.deal.dealt == (18, 17, 17)


def test_player_counts_outside_three_to_seven_are_refused():
    for n in (2, 8):
        with pytest.raises(RuleViolation) as info:
            TableSetup("fan_tan", tuple(f"P{i}" for i in range(n))).new_state()
        assert info.value.code == "player_count"


# --- the opening ---------------------------------------------------------------------------
def test_forehand_starts_with_a_seven():
    t = Table(3)
    t.refuse("start_with_seven", "play", seat=B, card="♥8")
    t.play(B, "♥7")
    assert layout(t)["♥"] == ["♥7"] and t.expected().seat == C


def test_forehand_without_a_seven_passes_and_the_next_with_one_starts():
    t = Table(4)
    t.passes(B)
    t.passes(C)
    t.play(D, "♣7")
    assert t.expected().seat == A
    assert [m["pass"] for m in fan_tan.describe(t.state)["deal"]["moves"]] == [True, True, False]


def test_the_first_seven_may_be_entered_for_the_player_who_starts():
    """The players before him in turn had no seven: recorded as passes."""
    t = Table(4)
    t.play(D, "♣7")  # Bo and Cia had no seven
    moves = fan_tan.describe(t.state)["deal"]["moves"]
    assert [(m["seat"], m["pass"], m["implied"]) for m in moves] == [
        (B, True, True), (C, True, True), (D, False, False)]
    assert t.expected().seat == A
    t.refuse("not_your_turn", "play", seat=C, card="♣8")  # only the opening skips ahead


def test_a_seven_withheld_at_the_opening_is_proven_when_it_is_laid():
    t = Table(3)
    t.play(C, "♠7")  # Bo said he had no seven
    t.play(A, "♠8")
    t.play(B, "♦7")  # ... but he had ♦7
    (finding,) = fan_tan.findings(t.state)
    assert finding.code == "passed_while_able" and finding.seat == B
    assert finding.params["pass_move"] == 1 and finding.params["proof_move"] == 4
    assert finding.params["proof_card"] == "♦7"
    assert "drag 1" in finding.sv and "move 4" in finding.en


# --- building --------------------------------------------------------------------------------
def test_eight_above_the_seven_six_below_and_on_to_king_and_ace():
    t = Table(3)
    t.play(B, "♥7")
    exp = t.expected().inputs[0]
    assert exp.type == "play" and set(exp.fields["card"]) == {"♥8", "♥6", "♠7", "♦7", "♣7"}
    err = t.refuse("card_does_not_fit", "play", seat=C, card="♥9")
    assert err.params["fits"] == ["♥6", "♥8"]
    assert "♥6 ♥8" in err.message("sv")
    t.play(C, "♥8")
    t.play(A, "♥6")
    t.play(B, "♥9")
    for seat, card in zip([C, A, B, C, A, B, C, A, B], ["♥10", "♥J", "♥Q", "♥K", "♥5", "♥4",
                                                         "♥3", "♥2", "♥A"]):
        t.play(seat, card)
    assert layout(t)["♥"][-1] == "♥A" and len(layout(t)["♥"]) == 13
    assert not any(c.suit == "♥" for c in fan_tan.fitting(t.deal.layout, False))


def test_a_new_seven_beside_and_nothing_else_in_a_suit_not_out():
    t = Table(3)
    t.play(B, "♥7")
    err = t.refuse("card_does_not_fit", "play", seat=C, card="♠8")
    assert "sjuan" in err.message("sv")
    t.play(C, "♠7")
    assert layout(t)["♠"] == ["♠7"]


def test_turn_order_and_a_card_laid_twice_are_refused():
    t = Table(3)
    t.play(B, "♥7")
    t.refuse("not_your_turn", "play", seat=A, card="♥8")
    t.refuse("card_on_table", "play", seat=C, card="♥7")
    t.refuse("one_card_a_turn", "run", seat=C, cards="♥8 ♥9")


def test_no_more_cards_than_the_hand_holds():
    t = Table(7)
    t.post("deal")
    assert t.deal.counts[1] == 8
    t.play(B, "♥7")
    # A run is for fri fan tan; in the standard game one card a turn.
    t.refuse("one_card_a_turn", "run", seat=C, cards="♥8 ♥9")


# --- passing, and passing while able, proven later ------------------------------------------
def test_a_pass_while_a_card_fitted_is_proven_when_he_lays_it():
    t = Table(3)
    t.play(B, "♥7")
    t.passes(C)  # ♥8, ♥6 and the other sevens fitted
    t.play(A, "♠7")
    t.play(B, "♥8")
    assert fan_tan.findings(t.state) == ()
    t.play(C, "♥6")  # ♥6 fitted when Cia passed in move 2
    (finding,) = fan_tan.findings(t.state)
    assert finding.seat == C and finding.rule == "Fan tan — Spelet"
    assert finding.params == {"pass_move": 2, "proof_move": 5, "proof_card": "♥6",
                              "fitted": ["♥6"], "fine": 0}
    assert "passade i drag 2" in finding.sv and "lade ♥6 i drag 5" in finding.sv
    assert "passed in move 2" in finding.en


def test_a_card_that_did_not_fit_at_the_pass_proves_nothing():
    t = Table(3)
    t.play(B, "♥7")
    t.passes(C)
    t.play(A, "♥8")
    t.play(B, "♥6")
    t.play(C, "♥9")  # ♥9 did not fit when Cia passed
    assert fan_tan.findings(t.state) == ()


def test_each_false_pass_is_found_once():
    t = Table(3)
    t.play(B, "♥7")
    t.passes(C)  # move 2: ♥6 fitted
    t.play(A, "♥8")
    t.play(B, "♥9")
    t.passes(C)  # move 5: ♥6 still fitted
    t.play(A, "♥10")
    t.play(B, "♠7")
    t.play(C, "♥6")  # proves both passes
    found = fan_tan.findings(t.state)
    assert [(f.seat, f.params["pass_move"], f.params["proof_move"]) for f in found] == [
        (C, 2, 8), (C, 5, 8)]
    t.play(A, "♥J")
    t.play(B, "♥5")
    t.play(C, "♣7")  # fitted at both passes too, but they are proven already
    assert len(fan_tan.findings(t.state)) == 2


def test_a_whole_round_of_passes_is_pointed_out():
    t = Table(3)
    t.play(B, "♥7")
    t.passes(C)
    t.passes(A)
    assert "Alla har passat" not in t.expected().prompt_sv
    t.passes(B)
    exp = t.expected()
    assert "Alla har passat" in exp.prompt_sv and "someone holds" in exp.prompt_en
    assert "♥6 ♥8" in exp.prompt_en


# --- the end of a deal -----------------------------------------------------------------------
def _play_out(t: Table, rng: random.Random) -> dict[int, list[Card]]:
    """Deal real hands (as the engine counts them) and play legal random cards to the end."""
    if t.state.phase == "deal":
        t.post("deal")
    deck = list(FRENCH52.cards)
    rng.shuffle(deck)
    order = [(t.deal.forehand + i) % t.state.n for i in range(t.state.n)]
    hands: dict[int, list[Card]] = {s: [] for s in range(t.state.n)}
    for i, card in enumerate(deck):
        hands[order[i % len(order)]].append(card)
    while t.state.phase == "play":
        seat = t.expected().seat
        fits = set(fan_tan.fitting(t.deal.layout, t.state.fri))
        mine = [c for c in hands[seat] if c in fits]
        if mine:
            card = rng.choice(mine)
            hands[seat].remove(card)
            t.play(seat, str(card))
        else:
            t.passes(seat)
    return hands


def test_the_first_rid_of_his_cards_wins_and_the_row_says_so():
    t = Table(4)
    hands = _play_out(t, random.Random(3))
    winner = t.deal.winner
    assert hands[winner] == [] and all(hands[s] for s in range(4) if s != winner)
    assert t.deal.counts == tuple(len(hands[s]) for s in range(4))
    assert fan_tan.is_over(t.state)
    row = t.state.rows[-1]
    assert row.kind == "deal" and row.changes[winner] == 1
    assert sum(c for c in row.changes if c) == 1
    assert fan_tan.result(t.state)["winner"] == winner
    assert fan_tan.sheet(t.state).winner == winner
    t.refuse("not_expected", "play", seat=t.expected().seat or 0, card="♥7")
    assert t.replayed() == t.state


def test_several_deals_pass_the_deal_clockwise_and_count_wins():
    t = Table(3, deals=3)
    rng = random.Random(11)
    dealers = []
    for _ in range(3):
        assert t.state.phase == "deal"
        dealers.append(t.state.dealer)
        _play_out(t, rng)
    assert dealers == [0, 1, 2] and t.state.phase == "over"
    assert sum(t.state.totals) == 3
    res = fan_tan.result(t.state)
    assert res["winners"] == [s for s in range(3) if t.state.totals[s] == max(t.state.totals)]
    assert t.replayed() == t.state


# --- chips -----------------------------------------------------------------------------------
def test_chips_ante_passes_pool_and_cards_left():
    t = Table(3, scoring="chips", ante=2, pass_chips=1, card_chips=1)
    t.play(B, "♥7")
    assert fan_tan.describe(t.state)["deal"]["pool"] == 6
    t.passes(C)
    assert fan_tan.describe(t.state)["deal"]["paid"] == [2, 2, 3]
    hands = _play_out(t, random.Random(5))
    deal = t.deal
    row = t.state.rows[-1]
    assert sum(row.changes) == 0
    winner = deal.winner
    for seat in range(3):
        if seat != winner:
            assert row.changes[seat] == -(deal.paid[seat] + deal.counts[seat])
    assert row.changes[winner] == sum(deal.paid) - deal.paid[winner] + sum(deal.counts)
    assert fan_tan.sheet(t.state).settlement == t.state.totals
    del hands


def test_with_chips_a_false_pass_may_cost_a_fine():
    t = Table(3, scoring="chips", false_pass_chips=3)
    t.play(B, "♥7")
    t.passes(C)
    t.play(A, "♥8")
    t.play(B, "♠7")
    t.play(C, "♥6")
    (finding,) = fan_tan.findings(t.state)
    assert finding.params["fine"] == 3 and "Böter 3" in finding.sv
    assert t.deal.paid == (1, 1, 1 + 1 + 3)


def test_without_chips_there_is_no_fine():
    t = Table(3, false_pass_chips=3)
    t.play(B, "♥7")
    t.passes(C)
    t.play(A, "♥8")
    t.play(B, "♠7")
    t.play(C, "♥6")
    assert fan_tan.findings(t.state)[0].params["fine"] == 0


# --- quick entry -----------------------------------------------------------------------------
def test_quick_entry_of_a_whole_deal():
    t = Table(3, deals=2)
    t.post("result", winner=C)
    assert t.state.totals == (0, 0, 1) and t.state.dealer == 1
    # No cards left were given: the protokoll says who won and invents no counts.
    row = fan_tan.sheet(t.state).rows[-1]
    assert row.marks == ("", "", "vann") and "kort kvar" not in row.label_sv
    t.refuse("winner_has_cards", "result", winner=A, cards_left=[2, 3, 4])
    t.refuse("cards_left_impossible", "result", winner=A, cards_left=[0, 0, 4])
    err = t.refuse("cards_left_impossible", "result", winner=A, cards_left=[0, 18, 4])  # Bo: 17
    assert err.message("sv") == "Bo kan ha 1–17 kort kvar, inte 18: bara vinnaren blev av med alla."
    assert err.message("en") == ("Bo can have 1–17 cards left, not 18: only the winner got rid "
                                 "of all their cards.")
    t.refuse("result_shape", "result", winner=A, cards_left=[0, 1])
    t.post("result", winner=A, cards_left=[0, 1, 4])
    assert t.state.phase == "over" and t.state.totals == (1, 0, 1)
    assert fan_tan.result(t.state)["winners"] == [A, C]
    assert fan_tan.sheet(t.state).winner is None  # shared
    assert t.replayed() == t.state


def test_quick_entry_with_chips_needs_the_cards_left():
    t = Table(3, scoring="chips")
    t.refuse("cards_left_required", "result", winner=A)
    t.post("result", winner=A, cards_left=[0, 5, 2], passes=[1, 2, 0])
    # Pool 3 antes + 3 passes; cards 7.
    assert t.state.totals == (-2 + 6 + 7, -(1 + 2 + 5), -(1 + 2))
    assert sum(t.state.totals) == 0


def test_quick_entry_at_any_time_after_cards_were_entered_one_by_one():
    """Issue 15, item 15: the table stops entering cards and enters the deal's result; what
    was entered stays (the layout, the passes, a pass proven false)."""
    t = Table(3, deals=2)
    t.play(B, "♥7")
    t.passes(C)
    t.play(A, "♥8")
    assert "result" in [i.type for i in t.expected().inputs]
    t.refuse("cards_left_impossible", "result", winner=C, cards_left=[0, 18, 4])  # Bo: 17
    state = t.post("result", winner=C)
    row = state.rows[-1]
    assert state.totals == (0, 0, 1) and state.deals_played == 1 and state.phase == "deal"
    # No cards left were given: the protokoll does not make them up.
    assert row.label_en == "Deal 1: Cia won" and row.marks == ("", "", "vann")
    assert state.deal.quick and fan_tan.describe(state)["deal"]["layout"]["♥"] == ["♥7", "♥8"]
    assert t.replayed() == state


def test_quick_entry_midway_with_chips_counts_only_the_passes_not_yet_entered():
    t = Table(3, scoring="chips")  # ante 1, a pass 1, a card left 1
    t.play(B, "♥7")
    t.passes(C)  # ♥6 fitted ...
    t.play(A, "♥8")
    t.passes(B)
    t.play(C, "♥6")  # ... and Cia lays it: her pass was false
    assert [f.code for f in fan_tan.findings(t.state)] == ["passed_while_able"]
    t.refuse("cards_left_required", "result", winner=C)
    t.refuse("cards_left_impossible", "result", winner=C, cards_left=[5, 18, 0])
    t.refuse("winner_has_cards", "result", winner=C, cards_left=[5, 3, 2])
    err = t.refuse("passes_below_entered", "result", winner=C, cards_left=[5, 3, 0],
                   passes=[0, 0, 1])
    assert err.params["entered"] == [0, 1, 1] and err.params["seats"] == [B]
    state = t.post("result", winner=C, cards_left=[5, 3, 0], passes=[0, 2, 1])
    # Paid: antes 1 each, Bo 1 + 1 (one pass not yet entered), Cia 1: the pool is 6; the
    # cards left are 8. Anna -(1 + 5), Bo -(3 + 3), Cia -2 + 6 + 8.
    assert state.totals == (-6, -6, 12) and sum(state.totals) == 0
    assert state.rows[-1].label_en == "Deal 1: Cia won (cards left: Anna 5, Bo 3)"
    assert [f.code for f in fan_tan.findings(state)] == ["passed_while_able"]
    assert t.replayed() == state


# --- fri fan tan ---------------------------------------------------------------------------
def test_fri_forehand_starts_with_any_card_and_cannot_pass():
    t = Table(3, variant="fri")
    assert "pass" not in [i.type for i in t.expected().inputs]
    t.refuse("pass_impossible", "pass", seat=B)
    t.refuse("not_your_turn", "play", seat=C, card="♠4")  # no skipping ahead in fri
    t.play(B, "♠J")
    assert layout(t)["♠"] == ["♠J"]
    fits = set(t.expected().inputs[0].fields["card"])
    assert "♠Q" in fits and "♠10" not in fits and len(fits) == 1 + 3 * 13


def test_fri_builds_upward_round_from_king_to_ace_until_the_suit_is_out():
    t = Table(3, variant="fri")
    t.play(B, "♠J")
    t.play(C, "♠Q")
    t.play(A, "♠K")
    t.refuse("card_does_not_fit", "play", seat=B, card="♠10")
    t.play(B, "♠A")  # after the king, the ace
    seat = C
    for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10"):
        t.play(seat, f"♠{rank}")
        seat = (seat + 1) % 3
    assert len(layout(t)["♠"]) == 13
    err = t.refuse("card_on_table", "play", seat=seat, card="♠10")
    assert err.params["card"] == "♠10"
    assert not any(c.suit == "♠" for c in fan_tan.fitting(t.deal.layout, True))


def test_fri_a_new_suit_with_any_card():
    t = Table(3, variant="fri")
    t.play(B, "♠J")
    t.play(C, "♥3")
    assert layout(t)["♥"] == ["♥3"]
    err = t.refuse("card_does_not_fit", "play", seat=A, card="♥5")
    assert "♥4" in err.message("en")


def test_fri_several_cards_in_sequence_at_once():
    t = Table(3, variant="fri")
    t.post("run", seat=B, cards="♦Q ♦K ♦A ♦2")  # a new suit, round the king
    assert layout(t)["♦"] == ["♦Q", "♦K", "♦A", "♦2"] and t.expected().seat == C
    t.refuse("not_a_sequence", "run", seat=C, cards="♦3 ♦5")
    t.refuse("not_a_sequence", "run", seat=C, cards="♦3 ♣4")
    t.refuse("card_does_not_fit", "run", seat=C, cards="♦4 ♦5")
    t.post("run", seat=C, cards=["♦3", "♦4", "♦5"])
    assert t.deal.counts[C] == 17 - 3


def test_fri_a_run_longer_than_the_hand_is_refused():
    """Fan tan — Given: the 52 cards are dealt out, so with seven players Bo holds 8. A run
    of 8 may be laid at once (a new suit, fri fan tan); one of 9 is more than Bo holds."""
    t = Table(7, variant="fri")
    err = t.refuse("not_enough_cards", "run", seat=B, cards="♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9")
    assert err.rule == "Fan tan — Given"
    assert err.params == {"seat": B, "cards": 9, "in_hand": 8}
    assert err.message("sv") == "Bo har bara 8 kort kvar på handen."
    assert err.message("en") == "Bo has only 8 cards left in hand."
    t.post("run", seat=B, cards="♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8")
    assert t.deal.counts[B] == 0


def test_fri_a_run_may_be_typed_in_any_order():
    """Issue 15, item 16: "flera kort samtidigt förutsatt att de bildar en följd (stigande
    ordning och i samma färg)" — the cards must form a sequence; the order they are typed
    (or tapped) in does not matter, the engine lays them in sequence."""
    t = Table(3, variant="fri")
    t.post("run", seat=B, cards="♦A ♦2 ♦K ♦Q")  # a new suit: ♦Q begins (♦J is not there)
    assert layout(t)["♦"] == ["♦Q", "♦K", "♦A", "♦2"]
    assert fan_tan.describe(t.state)["deal"]["moves"][0]["cards"] == ["♦Q", "♦K", "♦A", "♦2"]
    t.post("run", seat=C, cards=["♦5", "♦3", "♦4"])  # on a started pile: from ♦3
    assert layout(t)["♦"][-3:] == ["♦3", "♦4", "♦5"] and t.deal.counts[C] == 17 - 3
    # Still no run: a gap, two suits, a run that does not begin at the pile's next card.
    t.refuse("not_a_sequence", "run", seat=A, cards="♦8 ♦6")
    t.refuse("not_a_sequence", "run", seat=A, cards="♣7 ♦6")
    t.refuse("card_does_not_fit", "run", seat=A, cards="♦8 ♦7")
    assert t.replayed() == t.state


def test_order_run_puts_a_run_in_sequence():
    empty = ((),) * 4
    spades = lambda text: tuple(FRENCH52.parse(f"♠{r}") for r in text.split())  # noqa: E731
    assert fan_tan.order_run(empty, spades("A K Q")) == spades("Q K A")
    assert fan_tan.order_run(empty, spades("3 2 A K")) == spades("K A 2 3")
    assert fan_tan.order_run(empty, spades("4 2")) == spades("4 2")  # a gap: as typed
    whole = spades("5 4 3 2 A K Q J 10 9 8 7 6")  # a whole suit: the first typed begins
    assert fan_tan.order_run(empty, whole) == spades("5 6 7 8 9 10 J Q K A 2 3 4")
    started = ((Card("♠", "9"),), (), (), ())
    assert fan_tan.order_run(started, spades("Q 10 J")) == spades("10 J Q")


def test_fri_a_run_proves_a_false_pass_with_any_of_its_cards():
    t = Table(3, variant="fri")
    for seat, card in ((B, "♠2"), (C, "♥2"), (A, "♦2"), (B, "♣2")):
        t.play(seat, card)
    t.passes(C)  # ♠3 ♥3 ♦3 ♣3 fitted
    t.play(A, "♠3")
    t.play(B, "♠4")
    t.post("run", seat=C, cards="♥3 ♥4")
    (finding,) = fan_tan.findings(t.state)
    assert finding.seat == C and finding.params["proof_card"] == "♥3"
    assert finding.rule == "Fan tan — Fri fan tan"


def test_fri_complete_deals_end_with_a_winner():
    t = Table(5, variant="fri", deals=2)
    rng = random.Random(8)
    _play_out(t, rng)
    _play_out(t, rng)
    assert t.state.phase == "over" and sum(t.state.totals) == 2
    assert t.replayed() == t.state


# --- shape -----------------------------------------------------------------------------------
def test_expected_offers_the_fitting_cards_and_the_app_words():
    t = Table(3)
    exp = t.expected()
    assert exp.phase == "deal"
    assert [i.type for i in exp.inputs] == ["deal", "play", "pass", "result"]
    play = [i for i in exp.inputs if i.type == "play"][0]
    assert play.seat == B and play.fields["card"] == ["♠7", "♥7", "♦7", "♣7"]
    t.play(B, "♥7")
    exp = t.expected()
    assert [i.type for i in exp.inputs] == ["play", "pass", "result"]  # quick entry: item 15
    assert exp.inputs[0].fields["played"] == ["♥7"]
    for kind in ("events", "fields", "nouns", "values"):
        for key, (sv, en) in fan_tan.LABELS[kind].items():
            assert sv and en, key
    assert set(fan_tan.LABELS["events"]) == set(fan_tan.EVENTS)
    for spec in fan_tan.EVENTS.values():
        for name in {**spec.required, **spec.optional}:
            assert name == "seat" or name in fan_tan.LABELS["fields"] or name in ("card",
                                                                                   "cards")


def test_malformed_entries_are_format_errors():
    t = Table(3)
    with pytest.raises(EventFormatError):
        apply_game_event(t.setup, t.state, {"type": "play", "seat": 1, "card": "♥77"})
    with pytest.raises(EventFormatError):
        apply_game_event(t.setup, t.state, {"type": "pass"})


def test_the_rules_page_and_the_docstring_name_every_option_and_event():
    check_rules_page(fan_tan, "fan_tan")
    assert set(SUITS)  # the layout keys are the four suits
