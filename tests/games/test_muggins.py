"""Muggins scenario tests, written from the rule text (file 002, "Muggins regler").

Each rule the text states is a test: the number of muggins cards by player count, turning the
top card and laying it one step up or down on a muggins pile (an ace only on a two, a king
only on a queen), else on the nearest discard pile to the left, else on one's own; the
"muggins" call and its penalty; the discard pile turned over when the draw pile ends; the
first rid of all his cards wins.

``RealTable`` (used by the playouts too) holds the real piles, face-down ones in their true
order, and posts only what the table sees: the card turned up and where it was laid. It
applies the rule text itself (``rule_targets``), independently of the engine, and checks after
every entry that the engine's picture agrees with the real table: the same face-up piles; draw
piles of the right size, every card the engine claims to know in a stretch of a draw pile
really in that stretch; unknown slots exactly as many as the cards the engine does not place —
every card in one place.
"""


from __future__ import annotations

import random
from typing import Any

import pytest

from rules_engine.cards import FRENCH52, Card, parse_card
from rules_engine.errors import RuleViolation
from rules_engine.games import muggins
from rules_engine.registry import get_game
from rules_engine.table_log import TableSetup, apply_game_event, replay
from tests.engine_table import EngineTable
from tests.game_checks import check_rules_page

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun")
A, B, C, D = 0, 1, 2, 3


def c(text: str) -> Card:
    return parse_card(text)


def rank(card: Card) -> int:
    return muggins.RANKS.index(card.rank) + 1


def rule_targets(table: "RealTable", seat: int, card: Card) -> list[str]:
    """Where the text sends ``card``: written again here from the rule text."""
    onto = [f"m{i}" for i, pile in enumerate(table.piles) if abs(rank(card) - rank(pile[-1])) == 1]
    if onto:
        return onto
    n = table.n
    left = None
    for step in range(1, n):
        other = (seat + step) % n
        if table.discard[other]:
            left = other
            break
        if table.options.get("left_pile") == "neighbour":
            break
    if left is not None and abs(rank(card) - rank(table.discard[left][-1])) == 1:
        return [f"d{left}"]
    return [f"d{seat}"]


class RealTable(EngineTable):
    rule_prefix = "Muggins — "
    generic_sections = ()

    def __init__(self, n: int, deck: list[Card] | None = None, seed: int = 0,
                 first_dealer: int = 0, **options: Any):
        self.n = n
        self.options = options
        super().__init__("muggins", NAMES[:n], first_dealer, **options)
        self.rng = random.Random(seed)
        self.deal_cards(deck)

    # -- the real table --------------------------------------------------------------------
    def deal_cards(self, deck: list[Card] | None = None) -> None:
        if deck is None:
            deck = list(FRENCH52.cards)
            self.rng.shuffle(deck)
        m = muggins.MUGGINS_CARDS[self.n]
        per = (52 - m) // self.n
        self.piles = [[card] for card in deck[:m]]
        self.discard: list[list[Card]] = [[] for _ in range(self.n)]
        self.draw = [list(deck[m + s * per:m + (s + 1) * per]) for s in range(self.n)]
        self.post("deal", muggins=[str(card) for card in deck[:m]])

    @staticmethod
    def deck_for(n: int, muggins_cards: str, tops: dict[int, str]) -> list[Card]:
        """A deck whose muggins cards and top draw cards per seat are given; the rest of each
        pile is filled from the remaining cards in deck order."""
        m = muggins.MUGGINS_CARDS[n]
        per = (52 - m) // n
        fixed = [c(x) for x in muggins_cards.split()]
        heads = {s: [c(x) for x in text.split()] for s, text in tops.items()}
        used = set(fixed) | {card for cards in heads.values() for card in cards}
        rest = [card for card in FRENCH52.cards if card not in used]
        deck = list(fixed)
        assert len(fixed) == m
        for seat in range(n):
            pile = heads.get(seat, [])
            while len(pile) < per:
                pile.append(rest.pop(0))
            deck.extend(pile)
        return deck

    def key_top(self, key: str) -> Card:
        return self.piles[int(key[1:])][-1] if key[0] == "m" else self.discard[int(key[1:])][-1]

    # -- posting ----------------------------------------------------------------------------
    @property
    def deal(self):
        return self.state.deal

    @property
    def seat(self) -> int:
        return self.deal.turn

    def next_card(self, seat: int | None = None) -> Card:
        seat = self.seat if seat is None else seat
        if not self.draw[seat]:
            return self.discard[seat][0]
        return self.draw[seat][0]

    def turn(self, to: str | None = None, how: str = "auto") -> tuple[Card, str]:
        """The seat to play turns its top card and lays it on ``to`` (a target key), by
        default where the rules send it (the first of several muggins piles). ``how`` says
        what is posted: ``auto`` (no target when the rules decide alone), ``on`` (always the
        top card) or ``own`` for one's own pile."""
        seat = self.seat
        if not self.draw[seat]:  # "vänder man på sin kasthög (utan att blanda den)"
            self.draw[seat], self.discard[seat] = self.discard[seat], []
        card = self.draw[seat][0]
        targets = rule_targets(self, seat, card)
        target = to or targets[0]
        event: dict[str, Any] = {"seat": seat, "card": str(card)}
        if how == "own" or (target == f"d{seat}" and not self.discard[seat]):
            assert target == f"d{seat}"
            event["own"] = True
        elif how == "on" or to is not None or len(targets) > 1:
            event["on"] = str(self.key_top(target))
        self.post("play", **event)
        self.draw[seat].pop(0)
        if target[0] == "m":
            self.piles[int(target[1:])].append(card)
        else:
            self.discard[int(target[1:])].append(card)
        self.check()
        return card, target

    def call(self, caller: int) -> None:
        offender = self.deal.open_call.seat
        given = []
        for step in range(1, self.n):
            giver = (offender + step) % self.n
            if not self.draw[giver]:
                self.draw[giver], self.discard[giver] = self.discard[giver], []
            if self.draw[giver]:
                given.append(self.draw[giver].pop(0))
        self.rng.shuffle(given)  # "osett": in an order nobody saw
        if not self.draw[offender]:  # under his draw pile: turn an ended one over first
            self.draw[offender], self.discard[offender] = self.discard[offender], []
        self.draw[offender].extend(given)
        self.post("muggins", caller=caller)
        self.check()

    def held(self, seat: int) -> int:
        return len(self.draw[seat]) + len(self.discard[seat])

    # -- the engine agrees with the table ---------------------------------------------------
    def check(self) -> None:
        deal = self.deal
        assert [list(p) for p in deal.muggins] == self.piles
        assert [list(p) for p in deal.discards] == self.discard
        unknown = 0
        for seat in range(self.n):
            real = self.draw[seat]
            bags = deal.draws[seat]
            if not bags:  # ended, not yet turned over: the discard pile still lies face up
                assert real == []
                continue
            assert sum(b.size for b in bags) == len(real)
            at = 0
            for bag in bags:
                stretch = real[at:at + bag.size]
                assert set(bag.known) <= set(stretch), (seat, bag, stretch)
                at += bag.size
                unknown += bag.unknown
        assert unknown == len(muggins.unseen(deal))
        placed = [card for p in self.piles for card in p] + [
            card for p in self.discard for card in p] + [card for d in self.draw for card in d]
        assert sorted(placed) == sorted(FRENCH52.cards)

    def replayed(self):
        return replay(self.setup, self.entries)


# --- the deal --------------------------------------------------------------------------------
def test_registered_with_its_player_counts_and_deck():
    assert get_game("muggins") is muggins
    assert (muggins.MIN_PLAYERS, muggins.MAX_PLAYERS) == (3, 7) and len(muggins.DECK) == 52


@pytest.mark.parametrize("n, laid, each", [(3, 4, 16), (4, 4, 12), (5, 2, 10), (6, 4, 8),
                                           (7, 3, 7)])
def test_the_number_of_muggins_cards_by_player_count(n, laid, each):
    """"fyra kort ... om ni är tre eller fyra deltagare, två om ni är fem, fyra om ni är sex
    och tre om ni är sju"; the rest dealt equally."""
    assert muggins.MUGGINS_CARDS[n] == laid and muggins.cards_each(n) == each
    assert laid + n * each == 52
    setup = TableSetup("muggins", NAMES[:n])
    state = setup.new_state()
    for wrong in (laid - 1, laid + 1):
        with pytest.raises(RuleViolation) as info:
            apply_game_event(setup, state, {"type": "deal", "muggins": [
                str(card) for card in FRENCH52.cards[:wrong]]})
        assert info.value.code == "muggins_count"
    t = RealTable(n, seed=n)
    assert [len(p) for p in t.deal.muggins] == [1] * laid
    assert muggins.describe(t.state)["deal"]["draw"] == [each] * n
    assert len(muggins.unseen(t.deal)) == 52 - laid  # nobody has seen his cards
    t.check()


def test_the_same_muggins_card_twice_is_refused():
    setup = TableSetup("muggins", NAMES[:5])
    with pytest.raises(RuleViolation) as info:
        apply_game_event(setup, setup.new_state(), {"type": "deal", "muggins": "♠3 ♠3"})
    assert info.value.code == "same_card_twice"


# --- turning and placing ---------------------------------------------------------------------
def four_players(**options) -> RealTable:
    deck = RealTable.deck_for(4, "♠3 ♥9 ♦Q ♣2", {1: "♥4 ♣K ♦A ♠7", 2: "♠6 ♥8 ♠5 ♠J",
                                                    3: "♥10 ♦10", 0: "♣3"})
    return RealTable(4, deck, **options)


def test_one_step_higher_or_lower_ace_only_on_a_two_king_only_on_a_queen():
    t = four_players()
    assert t.seat == B  # forehand, the dealer's left
    assert t.turn() == (c("♥4"), "m0")  # a four on a three
    assert t.seat == B  # a card on a muggins pile: he turns again
    assert t.turn() == (c("♣K"), "m2")  # a king only on a queen
    assert t.turn() == (c("♦A"), "m3")  # an ace only on a two
    assert not muggins.fits(c("♠A"), c("♣K")) and not muggins.fits(c("♠K"), c("♠A"))
    assert muggins.fits(c("♠4"), c("♥3")) and muggins.fits(c("♠4"), c("♥5"))
    assert not muggins.fits(c("♠4"), c("♥6")) and not muggins.fits(c("♠4"), c("♥4"))
    # ♠7 fits none of ♥4 ♥9 ♣K ♦A and nobody has a discard pile: his own, and the turn passes.
    assert t.turn() == (c("♠7"), "d1")
    assert t.seat == C
    assert t.replayed() == t.state


def test_then_the_nearest_discard_pile_to_the_left_and_no_other():
    t = four_players()
    for _ in range(4):
        t.turn()
    # Cia's ♠6: no muggins pile; Dan and Anna to her left have no discard pile; Bo's ♠7 does.
    assert t.turn() == (c("♠6"), "d1")
    assert t.seat == C  # not her own pile: she goes on
    assert t.turn() == (c("♥8"), "m1")
    assert rule_targets(t, C, c("♠5")) == ["m0"]  # ♠5 would fit Bo's ♠6, but muggins first
    assert t.turn() == (c("♠5"), "m0")
    assert t.turn() == (c("♠J"), "d2")  # fits nothing: her own pile, and the turn passes
    assert t.seat == D
    assert t.discard[B] == [c("♠7"), c("♠6")]


def test_with_only_the_neighbours_pile_an_empty_neighbour_sends_the_card_home():
    t = four_players(left_pile="neighbour")
    for _ in range(4):
        t.turn()
    assert t.turn() == (c("♠6"), "d2")  # Dan, her neighbour, has no discard pile
    assert t.seat == D


def test_every_card_passes_the_turn_as_an_option():
    t = four_players(turn_ends="every_card")
    assert t.turn() == (c("♥4"), "m0") and t.seat == C


def test_the_turn_is_kept_and_cards_must_be_possible():
    t = four_players()
    t.refuse("not_your_turn", "play", seat=C, card="♠6")
    err = t.refuse("card_elsewhere", "play", seat=B, card="♦Q")
    assert err.params["where"] == "m2"
    t.refuse("no_such_pile", "play", seat=B, card="♥4", on="♥5")


def test_a_card_that_fits_two_muggins_piles_needs_its_pile_named():
    deck = RealTable.deck_for(4, "♠3 ♥5 ♦Q ♣2", {1: "♥4"})
    t = RealTable(4, deck)
    err = t.refuse("which_pile", "play", seat=B, card="♥4")
    assert err.params["piles"] == ["♠3", "♥5"]
    t.post("play", seat=B, card="♥4", on="♥5")
    assert [p[-1] for p in t.deal.muggins][:2] == [c("♠3"), c("♥4")]


# --- muggins! --------------------------------------------------------------------------------
def test_a_wrong_placement_is_accepted_and_may_be_called_muggins():
    t = four_players()
    for _ in range(5):
        t.turn()  # ... Cia's ♠6 on Bo's pile
    card, target = t.turn(to="d2")  # ♥8 belonged on ♥9, she lays it on her own pile
    assert (card, target) == (c("♥8"), "d2") and t.deal.open_call is not None
    assert t.seat == D  # her own pile: the turn passed
    calls = [i for i in muggins.expected(t.state).inputs if i.type == "muggins"]
    assert calls and calls[0].fields["caller"] == [A, B, D]
    t.refuse("caller_is_offender", "muggins", caller=C)
    sizes = [len(t.draw[s]) for s in range(4)]
    t.call(D)
    after = [len(t.draw[s]) for s in range(4)]
    assert after[C] == sizes[C] + 3
    assert [after[s] for s in (A, B, D)] == [sizes[s] - 1 for s in (A, B, D)]
    row = t.state.rows[-1]
    assert row.kind == "muggins" and row.marks[C] == "muggins"
    assert "Cia" in row.label_sv and "♥8" in row.label_en and "3" in row.label_en
    assert muggins.describe(t.state)["deal"]["calls"] == [
        {"move": 6, "offender": C, "caller": D, "given": 3}]
    err = t.refuse("not_muggins", "muggins", caller=A)  # called once
    assert "redan" in err.message("sv")
    # The penalty cards went to the bottom: Cia's next card is still her own.
    assert t.next_card(C) == c("♠5")
    assert t.replayed() == t.state


def test_a_right_placement_is_not_muggins():
    t = four_players()
    t.refuse("not_muggins", "muggins", caller=A)  # nothing turned yet
    t.turn()
    err = t.refuse("not_muggins", "muggins", caller=C)
    assert "♥4" in err.message("en")


def test_the_call_must_come_before_the_next_card_is_turned():
    t = four_players()
    t.turn(to="d1")  # ♥4 belonged on ♠3
    assert t.seat == C
    t.turn()
    t.refuse("not_muggins", "muggins", caller=A)


def test_laying_on_a_pile_where_it_does_not_fit_or_past_the_nearest_is_muggins():
    t = four_players()
    t.turn(to="m1")  # ♥4 on ♥9
    assert t.deal.open_call.target == "m1"
    t.call(A)
    t.turn()  # ♣K on ♦Q


def test_the_app_may_refuse_wrong_placements_instead():
    t = four_players(wrong_placement="refuse")
    err = t.refuse("wrong_pile", "play", seat=B, card="♥4", own=True)
    assert err.params["correct"] == ["m0"] and "♠3" in err.message("sv")


# --- the draw pile ends, the winner ----------------------------------------------------------
def run_until(t: RealTable, done, limit: int = 5000) -> None:
    for _ in range(limit):
        if done():
            return
        assert t.state.phase == "play"
        t.turn()
    raise AssertionError("did not get there")


def test_the_discard_pile_is_turned_over_unshuffled_as_the_new_draw_pile():
    t = RealTable(7, seed=4)
    seat_with_turned = []

    def ended() -> bool:
        s = t.seat
        if not t.draw[s] and t.discard[s]:
            seat_with_turned.append(s)
            return True
        return False

    run_until(t, ended)
    seat = seat_with_turned[0]
    first = t.discard[seat][0]  # the first card he laid comes up first
    hint = [i for i in muggins.expected(t.state).inputs if i.type == "play"][0]
    assert hint.fields["card"] == [str(first)]
    if len(t.discard[seat]) > 1:
        err = t.refuse("not_top_card", "play", seat=seat, card=str(t.discard[seat][-1]))
        assert err.params["could_be"] == [str(first)]
    card, _ = t.turn()
    assert card == first
    assert all(len(bag.known) == 1 and bag.unknown == 0 for bag in t.deal.draws[seat])
    assert t.replayed() == t.state


def test_the_first_rid_of_all_cards_wins():
    t = RealTable(5, seed=2)
    run_until(t, lambda: t.state.phase != "play")
    winner = t.deal.winner
    assert t.held(winner) == 0 and all(t.held(s) for s in range(5) if s != winner)
    assert t.state.phase == "over" and t.state.totals[winner] == 1
    assert muggins.result(t.state) == {"winner": winner, "winners": [winner],
                                       "totals": list(t.state.totals)}
    assert t.state.rows[-1].kind == "deal"
    t.refuse("not_expected", "play", seat=0, card="♥4")
    assert t.replayed() == t.state


def test_a_win_by_a_wrong_last_card_is_taken_back_by_a_call():
    t = RealTable(5, seed=2)

    def last_card_wrong_possible() -> bool:
        s = t.seat
        return t.held(s) == 1 and t.draw[s] and "m0" not in rule_targets(t, s, t.draw[s][0])

    run_until(t, last_card_wrong_possible)
    seat = t.seat
    t.turn(to="m0")  # his last card, on a muggins pile where it does not fit
    assert t.state.phase == "over" and t.deal.winner == seat
    exp = muggins.expected(t.state)
    assert [i.type for i in exp.inputs] == ["muggins"]
    caller = (seat + 1) % 5
    t.call(caller)
    assert t.state.phase == "play" and t.deal.winner is None
    assert t.state.totals == (0,) * 5 and t.state.deals_played == 0
    assert [r.kind for r in t.state.rows] == ["start", "muggins"]
    assert t.held(seat) == 4
    assert t.replayed() == t.state


def test_stop_ends_a_deal_that_cannot_end():
    t = RealTable(3, seed=0, deals=2)
    t.turn()
    t.post("stop")
    assert t.state.phase == "deal" and t.state.deals_played == 1
    assert t.state.rows[-1].kind == "stopped" and t.state.totals == (0, 0, 0)
    assert t.state.dealer == 1
    t.refuse("not_expected", "stop")


def test_quick_entry_and_the_deal_passing_clockwise():
    setup = TableSetup("muggins", NAMES[:3], {"deals": 3}, first_dealer=2)
    state = setup.new_state()
    dealers = []
    for winner in (1, 1, 0):
        dealers.append(state.dealer)
        state = apply_game_event(setup, state, {"type": "result", "winner": winner})
    assert dealers == [2, 0, 1] and state.phase == "over"
    assert state.totals == (1, 2, 0) and muggins.result(state)["winner"] == 1
    assert muggins.sheet(state).winner == 1


def test_expected_and_words():
    t = four_players()
    exp = muggins.expected(t.state)
    play = exp.inputs[0]
    assert play.type == "play" and play.seat == B
    assert set(play.fields["on"]) == {"♠3", "♥9", "♦Q", "♣2"}
    assert len(play.fields["card"]) == 48 and "♠3" not in play.fields["card"]
    assert [i.type for i in exp.inputs] == ["play", "result", "stop"]  # quick entry: item 15
    assert set(muggins.LABELS["events"]) == set(muggins.EVENTS)
    for kind in ("events", "fields", "nouns", "values"):
        for key, (sv, en) in muggins.LABELS[kind].items():
            assert sv and en, key


def test_the_rules_page_and_the_docstring_name_every_option_and_event():
    check_rules_page(muggins, "muggins")


# --- quick entry at any time (issue 15, item 15) ----------------------------------------------
def test_quick_entry_of_the_winner_after_cards_were_entered_one_by_one():
    """"Vinnaren är den som först blir av med alla sina kort": the protokoll counts deals
    won, so the winner is all a quick entry needs — also midway through a deal entered card
    by card. What was entered stays: the piles, and the muggins call in the protokoll."""
    t = four_players(deals=2)
    t.turn()  # Bo: ♥4 on ♠3
    t.turn(to="d1", how="own")  # ♣K belonged on ♦Q: muggins!
    t.call(C)
    t.turn()
    exp = muggins.expected(t.state)
    assert "result" in [i.type for i in exp.inputs]
    state = t.post("result", winner=D)
    assert state.totals == (0, 0, 0, 1) and state.deals_played == 1 and state.phase == "deal"
    assert [r.kind for r in state.rows] == ["start", "muggins", "deal"]
    assert state.rows[-1].label_en == "Deal 1: Dan won (the rest by quick entry)"
    assert state.deal.quick and len(state.deal.placements) == 3
    assert state.dealer == 1  # the deal passes clockwise
    assert t.replayed() == state


def test_quick_entry_midway_closes_the_call_on_a_wrong_placement():
    t = four_players()
    t.turn(to="d1", how="own")  # ♥4 belonged on ♠3
    assert t.deal.open_call is not None
    state = t.post("result", winner=B)
    assert state.phase == "over" and state.totals == (0, 1, 0, 0)
    assert muggins.expected(state).inputs == ()  # nothing to call any more
    t.refuse("not_muggins", "muggins", caller=A)
    t.refuse("not_expected", "result", winner=A)
    assert t.replayed() == state
