"""800 scenario tests, written from the rule text (file 000, "Snapphanaleden" §1).

Every worked example of §1.5.3 is a test (⟨K⟩ + ⟨H⟩ = 7, ⟨D⟩ + ⟨KN⟩ = 5, the deck's 93), and
every rule of §1.2–§1.7 the engine checks has a scenario: the dealer's discard and its
refusals, follow suit / trump (with hands entered, and from cards shown in a declaration),
the snapphanar (the last one played wins), ⟨★⟩ led, returned, paid for and lost, a revoke
proven later, 800 reached during the declarations, both pairs past 800.

Seats are numbered clockwise: Anna 0, Bo 1, Cia 2, Dan 3; partners sit opposite (Anna & Cia,
Bo & Dan). With Anna dealing, play goes counter-clockwise from Dan: Dan, Cia, Bo, Anna.
Every refusal also checks that the state it was tried on is unchanged: the engine is pure.
"""

from __future__ import annotations

import json
import random

import pytest

from rules_engine.cards import TAROT62, Card
from rules_engine.errors import RuleViolation
from rules_engine.games import game800, snapphanaleden
from rules_engine.registry import catalog_entry, get_game
from rules_engine.table_log import apply_game_event, replay
from rules_engine.tricks import Play, Trick
from tests.engine_table import EngineTable

NAMES = ("Anna", "Bo", "Cia", "Dan")
A, B, C, D = 0, 1, 2, 3
ANNA_CIA, BO_DAN = 0, 1


def cards(text: str) -> tuple[Card, ...]:
    return TAROT62.parse_many(text)


def card(text: str) -> Card:
    return TAROT62.parse(text)


class Table(EngineTable):
    def __init__(self, game: str = "800", players=NAMES, first_dealer: int = 0, **options):
        super().__init__(game, tuple(players), first_dealer, **options)

    def trick(self, text: str):
        return self.post("trick", cards=text)

    @property
    def deal(self) -> snapphanaleden.Deal:
        return self.state.deal

    def expected(self):
        return self.module.expected(self.state)

    def check_replay(self) -> None:
        assert replay(self.setup, self.entries) == self.state


def started(discards: str = "♠7 ♠8", **options) -> Table:
    """Anna deals and discards; Dan is forehand."""
    table = Table(**options)
    table.post("discard", seat=A, cards=discards)
    return table


def hands_for(spec: dict[int, str], discards: str, void: dict[int, str] | None = None,
              size: int = 15, seats=(A, B, C, D)) -> dict[int, tuple[Card, ...]]:
    """Real hands for ``seats``: each seat's listed cards, filled up from the rest of the
    deck in deck order, a seat never getting a card of a suit in ``void``."""
    void = void or {}
    pool = list(TAROT62.cards)
    for c in cards(discards):
        pool.remove(c)
    hands = {}
    for seat, text in spec.items():
        hands[seat] = list(cards(text))
        for c in hands[seat]:
            pool.remove(c)
    for seat in sorted(seats, key=lambda s: -len(void.get(s, ""))):
        hand = hands.setdefault(seat, [])
        while len(hand) < size:
            pick = next(c for c in pool if c.suit not in void.get(seat, ""))
            pool.remove(pick)
            hand.append(pick)
    return {seat: tuple(hand) for seat, hand in hands.items()}


def text(hand) -> str:
    return " ".join(str(c) for c in hand)


def may_discard(card: Card) -> bool:
    """A card the dealer may lay away: neither a tarock nor a king."""
    return card not in snapphanaleden.TAROKKER and card.rank != "K"


def play_out_deal(table: Table, choose=lambda legal: legal[0]) -> None:
    """Play the deal out from the entered hands: each seat plays ``choose(legal)`` of the
    legal cards the table offers (the first unless told), paying for ⟨★⟩ when asked."""
    while table.state.last is None:
        if table.state.phase == "exchange":
            pay_for_fjont(table)
            continue
        play = table.expected().inputs[0]
        table.post("play", seat=play.seat, card=choose(play.fields["legal"]["cards"]))


def pay_for_fjont(table: Table) -> None:
    """Give the first won card offered for ⟨★⟩, else a discard (those are not shown)."""
    fields = table.expected().inputs[0].fields
    if fields["choices"]:
        table.post("fjont", card=fields["choices"][0])
        return
    assert fields["discards"]
    debt = table.deal.debt
    seat = next(s for s in table.module.VARIANT.sides[debt.debtor] if table.deal.discarded[s])
    table.post("fjont", card=str(table.deal.discarded[seat][0]))


# --- §1.5.3 KORTEN: counting ----------------------------------------------------------------
def test_table_4_examples_from_the_text():
    # "⟨K⟩ + ⟨H⟩ = 5 + 3 = 8 − 1 = 7P" and "⟨D⟩ + ⟨KN⟩ = 4 + 2 = 6 − 1 = 5P"
    assert snapphanaleden.pair_points(card("♠K"), card("♥H")) == 7
    assert snapphanaleden.pair_points(card("♦D"), card("♣KN")) == 5
    hacka = card("♠7")
    assert snapphanaleden.pair_points(card("XX"), hacka) == 5  # tarok + hacka
    assert snapphanaleden.pair_points(card("♥K"), hacka) == 5
    assert snapphanaleden.pair_points(card("♥D"), hacka) == 4
    assert snapphanaleden.pair_points(card("♥H"), hacka) == 3
    assert snapphanaleden.pair_points(card("♥KN"), hacka) == 2
    assert snapphanaleden.pair_points(hacka, card("XVIII")) == 1
    assert snapphanaleden.card_points(cards("♠K ♥H ♦D ♣KN")) == 12


def test_the_tarokker_and_the_hackor():
    for c in cards("XX XIX N ★"):
        assert snapphanaleden.card_class(c) == "tarok"
    for c in cards("XVIII V I ♠10 ♥Æ ♣6 ♦9"):
        assert snapphanaleden.card_class(c) == "hacka"
    assert [snapphanaleden.card_class(c) for c in cards("♠K ♥D ♦H ♣KN")] == ["K", "D", "H", "KN"]


def test_the_deck_counts_93_with_the_last_trick():
    # "Lekens totala poängsumma (62 kort), inklusive det sista sticket, är 93."
    assert snapphanaleden.card_points(TAROT62.cards) + snapphanaleden.LAST_TRICK == 93
    # "varje hacka ger ½ poäng, ⟨K⟩ 4½, ⟨D⟩ 3½, ⟨H⟩ 2½ och ⟨KN⟩ 1½"
    assert {snapphanaleden.card_class(c): snapphanaleden.half_points(c) for c in TAROT62.cards} == {
        "tarok": 9, "K": 9, "D": 7, "H": 5, "KN": 3, "hacka": 1}


def test_counting_in_pairs_does_not_depend_on_the_pairing():
    rng = random.Random(800)
    for _ in range(200):
        pile = rng.sample(TAROT62.cards, 2 * rng.randint(1, 31))
        rng.shuffle(pile)
        paired = sum(snapphanaleden.pair_points(pile[i], pile[i + 1]) for i in range(0, len(pile), 2))
        assert paired == snapphanaleden.card_points(pile)


# --- §1.2 GIVEN ---------------------------------------------------------------------------
def test_the_dealer_discards_first_and_forehand_is_on_his_right():
    table = Table()
    exp = table.expected()
    assert exp.phase == "discard" and exp.seat == A
    assert exp.inputs[0].fields["count"] == 2
    table.refuse("not_expected", "play", seat=D, card="♠K")
    table.refuse("not_expected", "declare", seat=D, cards="XX XIX N")
    table.post("discard", seat=A, cards="♠7 ♠8")
    exp = table.expected()
    assert exp.phase == "play" and exp.seat == D
    assert table.deal.forehand == D


@pytest.mark.parametrize("discard", ["XX ♠7", "XIX ♠7", "N ♠7", "★ ♠7", "♠K ♠7", "♥7 ♦K"])
def test_no_tarok_and_no_king_may_be_discarded(discard):
    table = Table()
    violation = table.refuse("discard_forbidden", "discard", seat=A, cards=discard)
    assert violation.rule == "800 §1.2"


def test_discard_refusals():
    table = Table()
    table.refuse("not_your_discard", "discard", seat=B, cards="♠7 ♠8")
    table.refuse("discard_count", "discard", seat=A, cards="♠7")
    table.refuse("discard_count", "discard", seat=A, cards="♠7 ♠8 ♠9")
    table.refuse("card_repeated", "discard", seat=A, cards="♠7 ♠7")
    table.post("hand", seat=B, cards=text(hands_for({}, "")[B]))
    held = table.deal.known[B][0]
    table.refuse("card_held_by_other", "discard", seat=A, cards=f"{held} ♠Æ")
    table2 = Table()
    table2.post("hand", seat=A, cards=text(hands_for({}, "")[A]))
    table2.refuse("discard_in_hand", "discard", seat=A,
                  cards=f"{table2.deal.known[A][0]} ♣7")
    table.post("discard", seat=A, cards="I XVIII")  # a snapphane and a low trump are hackor
    table.refuse("not_expected", "discard", seat=A, cards="♠7 ♠8")


def test_a_discarded_card_cannot_be_played_or_declared_by_the_dealer():
    table = started("♠D ♠7")
    table.post("play", seat=D, card="♣K")
    table.refuse("card_discarded", "play", seat=C, card="♠7")
    table.post("play", seat=C, card="♣D")
    table.post("play", seat=B, card="♣H")
    violation = table.refuse("card_discarded", "declare", seat=A, cards="♠D ♥D ♦D",
                             combinations=["♠D ♥D ♦D"])
    assert violation.rule == "800 §1.3"  # "Given får inte inkludera de sakade korten"
    table.post("declare", seat=A, cards="♠H ♥H ♦H", combinations=["♠H ♥H ♦H"])
    assert table.state.totals == (13, 0)


# --- §1.3 DEKLARERINGEN -------------------------------------------------------------------
def test_declarations_are_written_at_once_per_player_and_per_pair():
    table = started()
    # the text's example: 3 tarokker + 4 ⟨H⟩ + 3 ⟨KN⟩ = (18 + 26 + 12) × 2 = 112
    table.post("declare", seat=D, cards="XX XIX N ♥H ♠H ♣H ♦H ♥KN ♠KN ♣KN",
               combinations=[{"kind": "flertal", "cards": "XX XIX N"}, "♥H ♠H ♣H ♦H",
                             "♥KN ♠KN ♣KN"])
    assert table.state.totals == (0, 112)
    table.post("play", seat=D, card="♠H")
    table.post("play", seat=C, card="♠D")
    # Bo's one flertal is not doubled with his partner's: doubling is per player
    table.post("declare", seat=B, cards="♠K ♥K ♦K", combinations=["♠K ♥K ♦K"])
    assert table.state.totals == (0, 129)
    rows = game800.sheet(table.state).rows
    assert [r.kind for r in rows] == ["start", "declaration", "declaration"]
    assert rows[-1].changes == (None, 17)
    assert game800.sheet(table.state).players == ("Anna & Cia", "Bo & Dan")
    table.check_replay()


def test_declaring_is_not_required_and_less_may_be_declared():
    table = started()
    table.trick("♠K ♠D ♠H ♠KN")  # nobody declares
    assert table.state.totals == (0, 0)
    table = started()
    table.post("declare", seat=D, cards="XX XIX XVIII XVII XVI",
               combinations=[{"kind": "sekvens", "cards": "XX XIX XVIII"}])
    assert table.state.totals == (0, 10)  # three cards of five


def test_without_combinations_the_best_declaration_is_counted():
    table = started()
    table.post("declare", seat=D, cards="XX XIX N ♥H ♠H ♣H ♦H ♥KN ♠KN ♣KN")
    record = table.deal.declarations[0]
    assert record.points >= 112
    assert record.points == snapphanaleden.declarations800.best(
        cards("XX XIX N ♥H ♠H ♣H ♦H ♥KN ♠KN ♣KN")).points


def test_declaration_refusals():
    table = started()
    table.post("declare", seat=D, cards="♠K ♠D ♠H", combinations=["♠K ♠D ♠H"])
    table.refuse("declare_not_now", "declare", seat=D, cards="♥K ♥D ♥H")  # twice
    table.refuse("declare_out_of_turn", "declare", seat=C, cards="♥K ♦K ♣K")  # Dan first
    table.post("play", seat=D, card="♠K")
    table.refuse("card_held_by_other", "declare", seat=C, cards="♠D ♥D ♦D")
    table.refuse("card_already_played", "declare", seat=C, cards="♠K ♥K ♦K")
    table.post("play", seat=C, card="♠10")
    table.refuse("declare_not_now", "declare", seat=C, cards="♥K ♦K ♣K")  # after his card
    with pytest.raises(RuleViolation) as info:  # ⟨K⟩; ⟨KN⟩; ⟨Æ⟩ = ej sekvens
        apply_game_event(table.setup, table.state,
                         {"type": "declare", "seat": B, "cards": "♥K ♥KN ♥Æ",
                          "combinations": [{"kind": "sekvens", "cards": "♥K ♥KN ♥Æ"}]})
    assert info.value.rule.startswith("800 §1.")
    table.trick("♠9 ♠Æ")
    table.refuse("declare_not_now", "declare", seat=B, cards="♥K ♦K ♣K")  # trick 2


def test_a_pair_reaching_800_during_the_declarations_wins_at_once():
    table = Table()
    table.post("result", points=[0, 93], declarations=[None, 300, None, 300])
    assert table.state.totals == (0, 693)
    assert table.state.dealer == D  # the deal passes counter-clockwise
    table.post("discard", seat=D, cards="♠7 ♠8")  # Cia is forehand now
    table.post("play", seat=C, card="♣7")
    table.post("declare", seat=B, cards="XX XIX N ♥H ♠H ♣H ♦H ♥KN ♠KN ♣KN",
               combinations=[{"kind": "flertal", "cards": "XX XIX N"}, "♥H ♠H ♣H ♦H",
                             "♥KN ♠KN ♣KN"])
    state = table.state
    assert state.totals == (0, 805)
    assert game800.is_over(state) and state.winner == BO_DAN
    assert game800.result(state)["winners"] == [B, D]
    assert game800.sheet(state).winner == BO_DAN
    table.refuse("not_expected", "play", seat=B, card="♣8")
    table.check_replay()


def at_780_and_792() -> Table:
    """Anna & Cia at 780, Bo & Dan at 792, Anna to deal (Cia dealt first, two quick deals)."""
    table = Table(first_dealer=C)
    table.post("result", points=[46, 47], declarations=[200, 200, 200, 200])
    table.post("result", points=[46, 47], declarations=[144, 150, 144, 148])
    assert table.state.totals == (780, 792) and table.state.dealer == A
    table.post("discard", seat=A, cards="♠7 ♠8")
    assert table.deal.forehand == D
    return table


def test_declarations_come_in_playing_order_the_dealers_20_waits_for_forehand():
    # §1.3 "direkt före man spelar sitt första kort", §1.7: Anna & Cia at 780 must not win
    # with the dealer's 20 before Bo & Dan at 792 had their turn to declare.
    table = at_780_and_792()
    assert [i.seat for i in table.expected().inputs if i.type == "declare"] == [D]
    violation = table.refuse("declare_out_of_turn", "declare", seat=A,
                             cards="♠K ♠D ♠H ♠KN ♠Æ")  # a sequence of five: 20
    assert violation.rule == "800 §1.3" and violation.params["expected_seat"] == D
    for seat in (C, B):  # nobody after Dan either
        table.refuse("declare_out_of_turn", "declare", seat=seat, cards="♥K ♥D ♥H")
    # Dan declares first, right before his first card: 792 + 10 = 802, Bo & Dan win at once
    table.post("declare", seat=D, cards="XX XVIII XVII")
    assert table.state.totals == (780, 802)
    assert game800.is_over(table.state) and table.state.winner == BO_DAN
    table.refuse("not_expected", "declare", seat=A, cards="♠K ♠D ♠H ♠KN ♠Æ")
    table.check_replay()


def test_the_dealer_declares_last_and_then_wins_in_his_turn():
    table = at_780_and_792()
    table.post("play", seat=D, card="♣7")  # Dan declares nothing and leads
    table.refuse("declare_out_of_turn", "declare", seat=A, cards="♠K ♠D ♠H ♠KN ♠Æ")
    table.post("play", seat=C, card="♣8")
    table.post("play", seat=B, card="♣9")
    assert [i.seat for i in table.expected().inputs if i.type == "declare"] == [A]
    table.post("declare", seat=A, cards="♠K ♠D ♠H ♠KN ♠Æ")
    assert table.state.totals == (800, 792)
    assert game800.is_over(table.state) and table.state.winner == ANNA_CIA
    table.check_replay()


# --- §1.7 VINSTEN -----------------------------------------------------------------------
def test_both_pairs_past_800_in_one_deal_the_higher_wins():
    table = Table()
    table.post("result", points=[46, 47], declarations=[360, 360, 360, 370])
    assert table.state.totals == (766, 777)
    table.post("result", points=[50, 43])
    assert table.state.totals == (816, 820)
    assert game800.is_over(table.state) and table.state.winner == BO_DAN


def test_one_pair_past_800_wins():
    table = Table()
    table.post("result", points=[46, 47], declarations=[360, 360, 360, 370])
    table.post("result", points=[60, 33])
    assert table.state.totals == (826, 810)
    assert table.state.winner == ANNA_CIA


@pytest.mark.parametrize("tie, over", [("play_on", False), ("draw", True)])
def test_both_past_800_with_equal_totals(tie, over):
    table = Table(tie_at_target=tie)
    table.post("result", points=[46, 47], declarations=[360, 360, 360, 370])
    table.post("result", points=[52, 41])
    assert table.state.totals == (818, 818)
    assert game800.is_over(table.state) is over
    assert table.state.winner is None
    if not over:
        table.post("result", points=[40, 53])
        assert table.state.winner == BO_DAN


# --- quick entry --------------------------------------------------------------------------
def test_quick_entry_must_add_up_to_93():
    table = Table()
    violation = table.refuse("points_do_not_add_up", "result", points=[50, 50])
    assert violation.rule == "800 §1.5.3"
    table.refuse("result_shape", "result", points=[93])
    table.refuse("result_shape", "result", points=[93, 0], declarations=[10])
    table.refuse("tricks_do_not_add_up", "result", points=[50, 43], tricks=[4, 4, 4, 4])
    table.refuse("points_without_tricks", "result", points=[50, 43], tricks=[8, 0, 7, 0])
    table.post("result", points=[93, 0], tricks=[8, 0, 7, 0],
               declarations=[{"cards": "XX XIX N", "combinations": [
                   {"kind": "flertal", "cards": "XX XIX N"}]}, None, 0, None])
    assert table.state.totals == (111, 0)
    assert table.state.last.quick and table.state.last.cards == (93, 0)
    table.post("discard", seat=D, cards="♠7 ♠8")
    table.refuse("quick_not_now", "result", points=[93, 0])
    table.check_replay()


@pytest.mark.parametrize("points, nearest", [(7, [0, 10]), (11, [10, 12]), (16, [15, 17]),
                                            (401, [400, 402]), (1000, [402])])
def test_quick_entry_refuses_a_declaration_no_declaration_can_have(points, nearest):
    # §1.5: flertal 12–36, sequences 10, 15, 20 …, doubled at three of a group; from a hand of
    # 15 cards. 7 points was accepted before (issue 15, item 3).
    table = Table()
    violation = table.refuse("declaration_value_impossible", "result", points=[50, 43],
                             declarations=[None, points, None, None])
    assert violation.rule == "800 §1.5"
    assert violation.params == {"seat": B, "points": points, "nearest": nearest,
                                "hand_size": 15}
    table.post("result", points=[50, 43], declarations=[None, 10, 12, None])
    assert table.state.totals == (62, 53)


def test_declarations_in_quick_entry_follow_the_option_card_in_flertal_and_sekvens():
    # With a card in one group only, a 15-card hand declares far less (at most 222): the
    # 402 a hand may reach when flertal and sequences share cards is out of reach.
    Table().post("result", points=[50, 43], declarations=[None, 402, None, None])
    table = Table(card_in_flertal_and_sekvens=False)
    table.refuse("declaration_value_impossible", "result", points=[50, 43],
                 declarations=[None, 402, None, None])


# --- §1.4 SPELFÖRINGEN --------------------------------------------------------------------
def test_play_goes_counter_clockwise_and_the_winner_leads():
    table = started()
    table.refuse("not_your_turn", "play", seat=C, card="♠K")
    for seat, c in ((D, "♠K"), (C, "♠D"), (B, "♠H"), (A, "♠KN")):
        table.post("play", seat=seat, card=c)
    assert table.deal.tricks[0].plays[0] == Play(D, card("♠K"))
    assert table.deal.won == (0, 0, 0, 1)
    assert table.expected().seat == D
    table.refuse("card_already_played", "play", seat=D, card="♠K")
    table.refuse("trick_size", "trick", cards="♥K ♥D")


def test_follow_suit_else_trump_else_anything_with_hands_entered():
    discards = "♥7 ♥8"
    hands = hands_for({D: "♠K XX ♣7", C: "♠7 ♥K", B: "V VI ♥D", A: "♥H"}, discards,
                      void={B: "♠", A: "♠T★"})
    table = started(discards)
    for seat in (A, B, C, D):
        table.post("hand", seat=seat, cards=text(hands[seat]))
    table.post("play", seat=D, card="♠K")
    assert table.expected().inputs[0].fields["legal"]["cards"] == sorted(
        str(c) for c in hands[C] if c.suit in ("♠", "★"))
    violation = table.refuse("must_follow", "play", seat=C, card="♥K")
    assert violation.rule == "800 §1.4"
    table.post("play", seat=C, card="♠7")
    table.refuse("must_trump", "play", seat=B, card="♥D")
    table.post("play", seat=B, card="V")
    table.refuse("not_in_hand", "play", seat=A, card="♥D")
    table.post("play", seat=A, card="♥H")  # neither ♠ nor a trump: anything goes
    assert table.deal.won[B] == 1  # the trump takes the trick
    # a trump led must be followed with trump; Anna has none and plays anything
    table.post("play", seat=B, card="VI")
    table.post("play", seat=A, card=str(table.deal.known[A][0]))
    other = next(c for c in table.deal.known[D] if c.suit != "T" and c.suit != "★")
    table.refuse("must_follow", "play", seat=D, card=str(other))
    table.post("play", seat=D, card="XX")
    assert game800.findings(table.state) == ()
    table.check_replay()


def test_cards_shown_in_a_declaration_must_be_followed_with():
    table = started()
    table.post("play", seat=D, card="♥7")
    table.post("declare", seat=C, cards="♥K ♥D ♥H", combinations=["♥K ♥D ♥H"])
    violation = table.refuse("must_follow", "play", seat=C, card="♠9")
    assert violation.params["holds"] in ("♥K", "♥D", "♥H")
    table.post("play", seat=C, card="♥8")
    table.post("declare", seat=B, cards="XX XIX XVIII", combinations=[
        {"kind": "sekvens", "cards": "XX XIX XVIII"}])
    # Bo holds trumps (shown): a card neither of the suit nor a trump is a revoke for sure
    table.refuse("must_trump", "play", seat=B, card="♠10")
    table.post("play", seat=B, card="♥9")  # following is fine
    table.post("play", seat=A, card="♥10")


def test_snapphanar_the_last_one_played_wins():
    # "Om två eller fler snapphanar spelas i samma stick och inget högre trumf är lagt vinner
    # den sist spelade snapphanen."
    table = started()
    table.trick("I I ♠9 I")
    assert table.deal.won == (1, 0, 0, 0)  # Anna's I, the last one
    table.trick("I ♠10 ♣7 ♣8")  # Anna leads the fourth I
    assert table.deal.won == (2, 0, 0, 0)
    violation = table.refuse("card_already_played", "play", seat=A, card="I")
    assert violation.params["copies"] == 4
    trick = Trick(1, D, (Play(D, card("I")), Play(C, card("V")), Play(B, card("I"))))
    assert snapphanaleden.trick_winner(trick) == C  # a higher trump beats them


def test_the_highest_of_the_suit_or_the_highest_trump_wins():
    def winner(leader, texts):
        seats = [leader, (leader - 1) % 4, (leader - 2) % 4, (leader - 3) % 4]
        return snapphanaleden.trick_winner(Trick(1, leader, tuple(
            Play(s, c) for s, c in zip(seats, cards(texts)))))

    assert winner(D, "♠10 ♠K ♠Æ ♥K") == C  # ♠ K highest
    assert winner(D, "♥10 ♥Æ ♥6 ♥9") == C  # ♥: Æ above 6 … 10
    assert winner(D, "♥K ♠K N ♥D") == B  # N is the lowest trump, still a trump
    assert winner(D, "XIX XX ♠K V") == C


# --- §1.4.1 ⟨★⟩ FJØNT ---------------------------------------------------------------------
def test_fjont_led_the_next_card_sets_the_suit_and_fjont_goes_back():
    table = started()
    table.trick("★ ♥7 ♠K ♥K")  # Dan leads ★, Cia's ♥7 sets the suit, Anna's ♥K wins
    deal = table.deal
    assert deal.won == (1, 0, 0, 0)
    assert deal.piles[BO_DAN] == (card("★"),)  # back to Dan's pair
    assert sorted(map(str, deal.piles[ANNA_CIA])) == sorted(["♥7", "♠K", "♥K"])
    # Bo & Dan have won nothing: ★ lies face up, the exchange waits
    assert deal.debt == snapphanaleden.FjontDebt(D, BO_DAN, ANNA_CIA, 1)
    assert table.state.phase == "play"
    # ... and ``expected`` says so, not only the state (issue 15, item 4)
    exp = table.expected()
    assert exp.inputs[0].fields["fjont_owed"] == {"seat": D, "debtor": BO_DAN,
                                                  "creditor": ANNA_CIA, "trick": 1}
    assert "Bo & Dan är skyldiga Anna & Cia ett kort för ★ (stick 1)" in exp.prompt_sv
    assert "Bo & Dan owe Anna & Cia a card for ★ (trick 1)" in exp.prompt_en
    assert game800.findings(table.state) == ()  # Bo's ♠K on ♥ shows a void, no revoke yet
    table.trick("♥D ♥H ♥KN ♣Æ")  # Anna leads ♥D and wins it
    assert table.state.phase == "play"
    table.trick("♣K ♣7 ♣8 ♣9")  # Anna leads again; her ♣K wins
    assert "fjont_owed" in table.expected().inputs[0].fields  # still owed
    table.trick("♦7 XX ♦8 ♦9")  # Dan trumps: now Bo & Dan have won cards
    assert table.state.phase == "exchange"
    exp = table.expected()
    assert exp.inputs[0].type == "fjont" and exp.seat == D
    assert sorted(exp.inputs[0].fields["choices"]) == sorted(["♦7", "♦8", "♦9", "XX"])
    table.refuse("not_expected", "play", seat=D, card="♦10")
    violation = table.refuse("exchange_not_won", "fjont", card="♣K")
    assert violation.rule == "800 §1.4.1"
    table.refuse("not_debtor", "fjont", card="♦8", seat=A)
    table.post("fjont", card="♦8", seat=B)
    deal = table.deal
    assert deal.debt is None and card("♦8") in deal.piles[ANNA_CIA]
    assert card("♦8") not in deal.piles[BO_DAN] and card("★") in deal.piles[BO_DAN]
    assert table.state.phase == "play"
    exp = table.expected()
    assert "fjont_owed" not in exp.inputs[0].fields and "★" not in exp.prompt_sv
    table.refuse("no_exchange_due", "fjont", card="♦9")
    table.check_replay()


def test_fjont_is_paid_at_once_from_the_discards():
    table = started()
    table.trick("♠K ★ ♠D ♠H")  # Cia (Anna & Cia, the dealer's pair) plays ★; Dan wins
    assert table.state.phase == "exchange"
    fields = table.expected().inputs[0].fields
    assert fields["choices"] == [] and fields["discards"] == 2  # face down: not shown
    table.post("fjont", card="♠7")
    assert table.deal.discarded[A] == (card("♠8"),)
    assert card("♠7") in table.deal.piles[BO_DAN]
    table = started(fjont_from_discards=False)
    table.trick("♠K ★ ♠D ♠H")
    assert table.state.phase == "play" and table.deal.debt is not None


@pytest.mark.parametrize("hacka_only", [False, True])
def test_fjont_hacka_only_option(hacka_only):
    table = started("♠D ♠H", fjont_hacka_only=hacka_only)
    table.trick("♣7 ♣K ♣8 ♣9")  # Cia's ♣K takes the trick
    table.trick("♥7 ♥K ★ ♥8")  # Cia leads; Anna plays ★; Bo's ♥K wins: Anna & Cia owe
    assert table.state.phase == "exchange"
    if hacka_only:
        violation = table.refuse("exchange_not_worthless", "fjont", card="♣K")
        assert violation.rule == "800 §1.4.1"
        table.refuse("exchange_not_worthless", "fjont", card="♠D")  # a discard, not a hacka
        assert sorted(table.expected().inputs[0].fields["choices"]) == ["♣7", "♣8", "♣9"]
        table.post("fjont", card="♣8")
    else:
        table.post("fjont", card="♣K")  # "vilket kort som helst"
    assert table.state.phase == "play"


def test_a_pair_without_a_trick_loses_its_discards_and_fjont():
    """Dan leads the trumps from ⟨XX⟩ down and takes all 15 tricks; Cia plays ⟨★⟩."""
    for from_discards in (False, True):
        table = started(fjont_from_discards=from_discards)
        pool = [c for c in TAROT62.cards if c not in cards("♠7 ♠8")]
        leads = [Card("T", r) for r in ("XX", "XIX", "XVIII", "XVII", "XVI", "XV", "XIV",
                                        "XIII", "XII", "XI", "X", "IX", "VIII", "VII", "VI")]
        for c in leads:
            pool.remove(c)
        low_trumps = [c for c in pool if c.suit == "T"]  # V, I×4, N: Bo follows with them
        suited = [c for c in pool if c.suit not in ("T", "★")]
        for number, lead in enumerate(leads, start=1):
            bo = low_trumps.pop() if low_trumps else suited.pop()
            cia = card("★") if number == 3 else suited.pop()
            table.trick(f"{lead} {cia} {bo} {suited.pop()}")
            if table.state.phase == "exchange":
                table.post("fjont", card="♠7")
        assert not suited and not low_trumps
        last = table.state.last
        assert last.cards == (0, 93)  # discards and ★ went to Bo & Dan
        assert last.tricks == (0, 0, 0, 15) and last.last_trick == BO_DAN
        assert sum(len(p) for p in last.won_cards) == 62
        assert table.state.totals == (0, 93)
        table.check_replay()


# --- a revoke proven later (design principle 3) -----------------------------------------
def test_a_revoke_proven_later_names_both_tricks():
    table = started()
    table.trick("♠K ♥7 ♠D ♠H")  # Cia shows she has neither ♠ nor a trump
    table.trick("♣K ♣7 ♣8 ♣9")  # Dan leads again
    assert game800.findings(table.state) == ()
    table.trick("♦K ♦7 ♦8 ♦9")
    table.trick("♥K XX ♥D ♥H")  # Cia trumps: she had a trump in trick 1
    found = game800.findings(table.state)
    assert len(found) == 1
    assert found[0].code == "revoke_proven" and found[0].seat == C
    assert found[0].params["revoke_trick"] == 1 and found[0].params["proof_trick"] == 4
    assert "trumfade inte" in found[0].sv and "did not trump" in found[0].en
    assert found[0].rule == "800 §1.4"
    table.trick("♠10 ♠9 ♣10 ♣6")  # Cia leads ♠10: she did hold a spade in trick 1 too
    found = game800.findings(table.state)
    assert [f.params["proof_trick"] for f in found] == [4, 5]
    assert "bekände inte spader" in found[1].sv
    table.check_replay()


def test_fjont_shows_no_void():
    table = started()
    table.trick("♠K ★ ♠D ♠H")  # Cia's ★ on a spade lead
    table.post("fjont", card="♠7")
    table.trick("♠KN ♠10 ♠9 ♠6")  # Dan leads, Cia follows spades: no revoke
    assert game800.findings(table.state) == ()


# --- hands entered -------------------------------------------------------------------------
def test_hand_entry_refusals():
    table = started()
    table.refuse("hand_size", "hand", seat=D, cards="♠K ♠D")
    table.post("declare", seat=D, cards="♠K ♠D ♠H", combinations=["♠K ♠D ♠H"])
    hand = hands_for({}, "♠7 ♠8 ♠K ♠D ♠H", seats=(C,))[C]
    table.refuse("hand_conflict", "hand", seat=D, cards=text(hand))
    table.refuse("card_held_by_other", "hand", seat=C, cards=text(("♠K",) + hand[1:]))
    table.refuse("card_discarded", "hand", seat=C, cards=text(("♠7",) + hand[1:]))
    table.post("hand", seat=C, cards=text(hand))
    table.refuse("hand_known", "hand", seat=C, cards=text(hand))
    table.post("play", seat=D, card="♠K")
    table.refuse("hand_too_late", "hand", seat=D, cards=text(hand))


# --- a whole deal with real hands ----------------------------------------------------------
def test_a_whole_deal_with_real_hands_counts_93():
    rng = random.Random(93)
    deck = list(TAROT62.cards)
    rng.shuffle(deck)
    hands = {seat: deck[15 * i:15 * i + 15] for i, seat in enumerate((D, C, B, A))}
    hands[A] += deck[60:]
    discard = [c for c in hands[A] if may_discard(c)][:2]
    for c in discard:
        hands[A].remove(c)
    table = Table()
    table.post("discard", seat=A, cards=text(discard))
    for seat in (A, B, C, D):
        table.post("hand", seat=seat, cards=text(hands[seat]))
    play_out_deal(table)
    last = table.state.last
    assert sum(last.cards) == 93
    assert sum(last.tricks) == 15
    assert table.state.totals == last.cards
    assert table.state.deal.number == 2 and table.state.dealer == D
    table.check_replay()


# --- registry, catalog, API -----------------------------------------------------------
def test_registry_and_catalog():
    assert get_game("800") is game800
    assert get_game("Åttahundra") is game800
    entry = catalog_entry(game800)
    json.dumps(entry)
    assert entry["players"] == {"min": 4, "max": 4}
    assert entry["deck"]["name"] == "tarot62" and len(entry["deck"]["cards"]) == 62
    names = {o["name"] for o in entry["options"]}
    assert names == {"card_in_flertal_and_sekvens", "fjont_from_discards",
                     "fjont_hacka_only", "tie_at_target"}
    assert set(entry["events"]) == {"discard", "hand", "declare", "play", "trick", "fjont",
                                    "result"}


def test_describe_and_sheet_are_json():
    table = started()
    table.post("declare", seat=D, cards="XX XIX N", combinations=[
        {"kind": "flertal", "cards": "XX XIX N"}])
    table.trick("XX ♥7 ♠K ♥K")
    state = table.state
    described = json.loads(json.dumps(game800.describe(state)))
    assert described["deal"]["discards"] == [{"seat": A, "count": 2}]
    assert "♠7" not in json.dumps(described)  # the discards lie face down
    assert described["deal"]["tricks"][0]["winner"] == D
    json.dumps(game800.sheet(state).as_dict())
    json.dumps(game800.expected(state).as_dict())
    assert game800.sheet(state).to_csv()


def test_an_800_table_through_the_api(client):
    from tests.conftest import start_table

    table = start_table(client, game="800")
    view = table.ok({"type": "discard", "seat": 0, "cards": "♠7 ♠8"})
    assert view["expected"]["seat"] == 3
    view = table.ok({"type": "declare", "seat": 3, "cards": "XX XIX N",
                     "combinations": [{"kind": "flertal", "cards": "XX XIX N"}]})
    assert view["protokoll"]["totals"] == [0, 18]
    response = table.post({"type": "discard", "seat": 0, "cards": "XX ♠9"})
    assert response.status_code == 422
    view = table.ok({"type": "trick", "cards": "XX ♥7 ♠K ♥K"})
    assert view["state"]["deal"]["won"] == [0, 0, 0, 1]


def test_an_empty_declaration_is_refused():
    table = started()
    table.refuse("declaration_empty", "declare", seat=D, cards="")


def test_a_declaration_of_more_cards_than_a_hand_holds_is_refused():
    table = started()
    cards = " ".join(str(c) for c in TAROT62.cards[:16])
    violation = table.refuse("declaration_too_many_cards", "declare", seat=D, cards=cards)
    assert violation.params == {"seat": D, "cards": 16, "hand_size": 15}


def test_after_a_tie_past_800_the_first_to_get_ahead_wins():
    table = Table()
    table.post("result", points=[46, 47], declarations=[360, 360, 360, 370])
    table.post("result", points=[52, 41])
    assert table.state.totals == (818, 818) and table.state.dealer == 2
    table.post("discard", seat=C, cards="♠7 ♠8")  # Cia deals, Bo is forehand
    table.post("declare", seat=B, cards="♠K ♥K ♦K", combinations=["♠K ♥K ♦K"])
    assert table.state.winner == BO_DAN and table.state.totals == (818, 835)


@pytest.mark.parametrize("game, players, points, tricks", [
    ("800", NAMES, [50, 43], None),
    ("1000", NAMES[:2], [50, 43], None),
    ("150", NAMES[:2], [30, 20], None),
    ("fjabbe", NAMES, [30, 10, 10, 10], [4, 2, 2, 2]),
])
def test_every_game_of_the_family_through_the_api(client, game, players, points, tricks):
    from tests.conftest import start_table

    table = start_table(client, game=game, players=players)
    event = {"type": "result", "points": points}
    if tricks:
        event["tricks"] = tricks
    view = table.ok(event)
    assert view["state"]["last_deal"]["cards"] == points
    assert table.get("/protokoll?format=csv").status_code == 200  # read with the token
    sheet = table.get("/protokoll").json
    assert sheet["totals"] == view["protokoll"]["totals"]
    assert client.get(f"/api/games/{game}").json["id"] == game


def test_the_rules_page_names_every_option_and_event():
    from dataclasses import fields
    from pathlib import Path

    from rules_engine.games import fjabbe, game150, game1000

    page = (Path(__file__).parents[2] / "docs" / "rules" / "800.md").read_text("utf-8")
    for module in (game800, game1000, game150, fjabbe):
        for option in fields(module.Options):
            assert f"`{option.name}`" in page, option.name
        for event in module.EVENTS:
            assert f"`{event}`" in page, event
