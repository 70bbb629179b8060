"""Norrandsknack scenario tests, written from the rule text (file 003, "Norrandsknack").

Every number in the text is a test here (the quotes name them): "tre till fem personer",
"minst ett av fem spelade stick", "52 kort", "ess högst och tvåa lägst", "startar på 10
poäng", "dra av 1 poäng för varje taget stick", "komma ner till 0 poäng", "tre kort", "två
kort var", "fem kort, utom givaren som har sex", "högst … tre gånger", "från ett till sex kort
och drar ett kort färre", "1 poäng", "upp 5 poäng", "aldrig få mer än 10 poäng", "står på 7
poäng och åker på en limpa hamnar på 10 poäng".

Everything goes through real events and the table log (``apply_game_event``, ``replay``),
trick by trick with cards and by quick entry (the ``result`` event). Every refusal checks its
code and that the state it was tried on is unchanged.
"""

from __future__ import annotations


import pytest

from rules_engine.cards import FRENCH52
from rules_engine.errors import EventFormatError, RuleViolation
from rules_engine.games import norrandsknack as nk
from rules_engine.registry import GAMES, catalog_entry, get_game
from rules_engine.table_log import TableSetup, replay
from tests.engine_table import EngineTable

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva")
A, B, C, D, E = range(5)
K, L, SM, P = "knacka", "lura", "sta_med", "passa"


class Table(EngineTable):
    rule_prefix = "Norrandsknack — "

    def __init__(self, n: int = 3, first_dealer: int = 0, **options):
        super().__init__("norrandsknack", NAMES[:n], first_dealer, **options)

    # -- posting ---------------------------------------------------------------------------
    def deal(self, trump_card: str = "♥7"):
        return self.post("deal", trump_card=trump_card)

    def bids(self, bids: dict[int, str]):
        """Bid in the order the engine expects: the knocker knocks, everybody else lurar
        until then; after a knock (later deals) a seat listed as passa passes, the others
        stand with."""
        while self.state.phase == "bidding":
            exp = self.expected()
            want = bids.get(exp.seat)
            if exp.inputs[0].choices == (K, L):
                bid = K if want == K else L
            else:
                bid = P if want == P else SM
            self.post("bid", seat=exp.seat, bid=bid)
        return self.state

    def buys(self, counts: dict[int, int] | None = None):
        """Köpet in the engine's order; players stand pat (the dealer lays away one)."""
        counts = counts or {}
        while self.state.phase == "buying":
            seat = self.expected().seat
            default = 1 if seat == self.state.deal.dealer else 0
            self.post("buy", seat=seat, discard=counts.get(seat, default))
        return self.state

    def tricks(self, *cards: str):
        for trick in cards:
            self.post("trick", cards=trick)
        return self.state

    def quick(self, bids: list[str], tricks: list[int] | None = None, **extra):
        event: dict = {"bids": bids}
        if tricks is not None:
            event["tricks"] = tricks
        event.update(extra)
        return self.post("result", **event)

    # -- reading ---------------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.setup.players)

    @property
    def scores(self):
        return self.state.scores

    def expected(self):
        return nk.expected(self.state)

    def sheet(self):
        return nk.sheet(self.state)

    def findings(self):
        return nk.findings(self.state)

    def check_replay(self) -> None:
        assert replay(self.setup, self.entries) == self.state


def q(t: Table, knocker: int | None, tricks: list[int] | None = None, passed=(), **extra):
    """Quick entry by who knocked and who passed: the others lura (first-deal rules) or
    stand with (later deals)."""
    if knocker is None:
        bids = [L] * t.n
    elif t.state.first_rules:
        bids = [K if s == knocker else L for s in range(t.n)]
    else:
        bids = [K if s == knocker else P if s in passed else SM for s in range(t.n)]
    return t.quick(bids, tricks, **extra)


FIRST_TRICKS = {3: [1, 2, 2], 4: [1, 2, 1, 1], 5: [1, 2, 1, 1, 0]}


def after_first_deal(n: int = 3, **options) -> Table:
    """A table past the first-deal rules: Anna dealt, Bo knocked and took two tricks."""
    t = Table(n, **options)
    q(t, B, FIRST_TRICKS[n])
    assert not t.state.first_rules and t.state.phase == "deal" and t.state.dealer == B
    return t


def bo_at_one(**options) -> Table:
    """Three players; Bo stands at 1, Anna at 10, Cia at 9; Cia deals next (deal 3)."""
    t = Table(3, **options)
    q(t, B, [0, 5, 0])          # first deal, Anna deals: Bo 10 → 5, the others free
    q(t, B, [0, 4, 1])          # Bo deals: Bo knocks, everyone stands with
    assert t.scores == (10, 1, 9) and t.state.dealer == C
    return t


def at_four_one_ten() -> Table:
    """Three players at Anna 4, Bo 1, Cia 10; Anna deals deal 4 (forehand Bo)."""
    t = Table(3)
    q(t, B, [2, 3, 0])              # Anna deals, first-deal rules: (8, 7, 10)
    q(t, B, [3, 2, 0], passed=(C,))  # Bo deals: (5, 5, 10)
    q(t, B, [1, 4, 0], passed=(C,))  # Cia deals: (4, 1, 10)
    assert t.scores == (4, 1, 10) and t.state.dealer == A
    return t


# =====================================================================================
# The players, the deck, the start
# =====================================================================================
@pytest.mark.parametrize("n", [3, 4, 5])
def test_three_to_five_players_start_at_ten(n):
    t = Table(n)
    assert t.scores == (10,) * n  # "Varje spelare startar på 10 poäng"
    row = t.sheet().rows[0]
    assert row.kind == "start" and row.totals == (10,) * n
    assert t.sheet().next_dealer == 0 and t.sheet().winner is None
    assert nk.START_POINTS == 10 and nk.MAX_POINTS == 10


@pytest.mark.parametrize("n", [2, 6])
def test_not_two_nor_six_players(n):
    with pytest.raises(RuleViolation) as info:
        TableSetup("norrandsknack", tuple(f"P{i}" for i in range(n))).new_state()
    assert info.value.code == "player_count"


def test_the_deck_is_52_cards_ace_high_two_low():
    assert nk.DECK is FRENCH52 and len(nk.DECK) == 52
    t = Table(3)
    t.deal("♣5")
    t.bids({B: K})
    t.buys()
    t.tricks("♠K ♠A ♠Q")  # Bo, Cia, Anna: the ace is highest
    assert t.state.deal.won == (0, 0, 1)
    t.tricks("♦2 ♦3 ♥A")  # Cia leads ♦2, Anna ♦3, Bo ♥A (not the led suit): the three wins
    assert t.state.deal.won == (1, 0, 1)


def test_five_tricks_a_deal_and_one_point_a_trick():
    assert nk.TRICKS_PER_DEAL == 5 and nk.PER_TRICK == 1
    t = Table(3)
    q(t, B, [1, 2, 2])
    assert t.scores == (9, 8, 8)
    row = t.sheet().rows[-1]
    assert row.kind == "deal" and row.changes == (-1, -2, -2)
    t.check_replay()


def test_registry_aliases_catalog_and_labels():
    assert nk in GAMES
    assert get_game("Norrandsknack") is nk and get_game("norrands-knack") is nk
    entry = catalog_entry(nk)
    assert entry["players"] == {"min": 3, "max": 5}
    assert len(entry["deck"]["cards"]) == 52
    assert {o["name"] for o in entry["options"]} == {
        "bid_after_three", "max_redeals", "all_lura_later", "lone_knocker", "stake"}
    # The PWA renders any game from its labels: every event, bid and option choice is named.
    assert set(nk.LABELS["events"]) == set(nk.EVENTS)
    for value in (K, L, SM, P, "redeal", "next_dealer", "takes_all", "thrown_in"):
        assert value in nk.LABELS["values"]
    for spec in nk.EVENTS.values():
        for name in {**spec.required, **spec.optional}:
            assert name in nk.LABELS["fields"] or name in ("seat", "card", "cards"), name
    assert entry["labels"]["values"]["sta_med"] == {"sv": "Stå med", "en": "Stand with"}
    assert [s.ref for s in nk.RULES] == [
        "Norrandsknack — " + part for part in (
            "Kortleken", "Förberedelser", "Giv", "Budrundan i första given",
            "Budrundan i övriga givar", "Köpet", "Spelet av korten", "Poängen", "Avslutning")]


# =====================================================================================
# Giv
# =====================================================================================
def test_three_then_the_turned_card_then_two_five_each_the_dealer_six():
    assert (nk.FIRST_PACKET, nk.SECOND_PACKET) == (3, 2)
    assert nk.HAND == 5 and nk.DEALER_HAND == 6
    for n, left in ((3, 36), (4, 31), (5, 26)):
        t = Table(n)
        t.deal()
        assert nk.talong(t.state) == 52 - 5 * n - 1 == left


def test_the_talong_always_suffices_even_with_five_players():
    t = Table(5)
    t.deal("♦9")
    t.bids({B: K})
    t.buys({B: 5, C: 5, D: 5, E: 5, A: 6})  # everyone changes everything
    assert nk.talong(t.state) == 26 - 4 * 5 - 5 == 1


def test_the_turned_card_is_trump_and_belongs_to_the_dealer():
    t = Table(3)  # Anna deals
    t.deal("♣5")
    assert nk.describe(t.state)["deal"]["trump"] == "♣"
    t.bids({B: K})
    v = t.refuse("card_is_dealers", "buy", seat=B, discard=1, cards="♣5")
    assert v.params["dealer"] == A
    t.buys()
    v = t.refuse("card_is_dealers", "play", seat=B, card="♣5")
    assert v.rule == nk.R_BUY
    t.post("play", seat=B, card="♣2")
    t.post("play", seat=C, card="♣3")
    t.post("play", seat=A, card="♣5")  # the dealer plays his turned card
    assert t.state.deal.won == (1, 0, 0)  # a trump led and followed: the five wins
    t.check_replay()


def test_draw_for_the_first_deal_the_highest_card_deals():
    t = Table(3)
    t.refuse("draw_shape", "draw", cards="♠5 ♥K")
    t.refuse("duplicate_card", "draw", cards="♠5 ♥K ♠5")
    v = t.refuse("draw_tie", "draw", cards="♠K ♥K ♦9")
    assert v.params["seats"] == [A, B]
    t.post("draw", cards="♠5 ♥K ♦9")  # "Högst kort ger"
    assert t.state.dealer == B and t.expected().seat == B
    assert t.sheet().rows[-1].kind == "draw"
    t.refuse("draw_too_late", "draw", cards="♠5 ♥K ♦A")
    t.deal()
    assert t.state.deal.forehand == C
    t.check_replay()


def test_no_draw_once_the_first_deal_is_dealt():
    t = Table(3)
    t.deal()
    t.refuse("draw_too_late", "draw", cards="♠5 ♥K ♦9")


def test_the_deal_passes_clockwise():
    t = Table(4, first_dealer=D)
    dealers = []
    for _ in range(5):
        dealers.append(t.state.dealer)
        q(t, next(s for s in range(4) if s != t.state.dealer), [2, 1, 1, 1])
    assert dealers == [D, A, B, C, D]


# =====================================================================================
# Budrundan i första given
# =====================================================================================
def test_first_deal_from_forehand_the_first_knock_ends_the_bidding():
    t = Table(4)  # Anna deals: Bo, Cia, Dan, Anna
    t.deal()
    assert t.expected().seat == B and t.expected().inputs[0].choices == (K, L)
    assert t.expected().inputs[0].fields == {"bid": [K, L]}
    t.refuse("not_your_turn", "bid", seat=C, bid=K)
    t.post("bid", seat=B, bid="lurar")
    t.post("bid", seat=C, bid="Knackar")
    # Dan and Anna never spoke: the bidding is over and everybody is in.
    assert t.state.phase == "buying" and t.state.deal.active == (A, B, C, D)
    assert t.state.deal.knocker == C
    t.refuse("not_expected", "bid", seat=D, bid=K)


def test_first_deal_has_no_standing_with_or_passing():
    t = Table(3)
    t.deal()
    v = t.refuse("bid_not_open", "bid", seat=B, bid="stå med")
    assert v.rule == nk.R_FIRST and v.params["open"] == [K, L]
    t.refuse("bid_not_open", "bid", seat=B, bid=P)
    for junk in ("smyga", "3", ""):
        t.refuse("bad_bid", "bid", seat=B, bid=junk)
    t.refuse("bad_bid", "bid", seat=B, bid=3)


def test_all_lura_redeal_by_the_same_dealer_at_most_three_times():
    assert nk.MAX_REDEALS == 3
    t = Table(3)
    for redeal in (1, 2, 3):
        t.deal()
        t.bids({})
        assert t.state.phase == "deal" and t.state.dealer == A  # "omgiv", the same dealer
        assert t.sheet().rows[-1].kind == "redeal" and f"{redeal} av 3" in \
            t.sheet().rows[-1].label_sv
        assert t.state.first_rules
    t.deal()
    t.bids({})
    # "sedan går turen att ge vidare"; first-deal rules still hold
    assert t.state.dealer == B and t.state.first_rules and t.state.redeals == 0
    assert t.sheet().rows[-1].kind == "thrown_in"
    assert t.scores == (10, 10, 10)
    assert all(c is None for row in t.sheet().rows for c in row.changes)
    # The next dealer may redeal three times too; quick entry of an all-lura round.
    for _ in range(3):
        q(t, None)
        assert t.state.dealer == B
    q(t, None)
    assert t.state.dealer == C
    t.check_replay()


def test_max_redeals_option_reads_three_deals_in_all():
    t = Table(3, max_redeals=2)
    for _ in range(2):
        q(t, None)
        assert t.state.dealer == A
    q(t, None)
    assert t.state.dealer == B


def test_first_deal_rules_hold_until_a_deal_with_a_knock_is_played():
    t = Table(3)
    q(t, None)  # a redeal is no played deal
    assert t.state.first_rules
    t.deal()
    t.bids({C: K})
    t.buys()
    assert t.state.deal.first_rules and t.state.first_rules
    t.tricks("♠2 ♠3 ♠4", "♦2 ♦3 ♦4", "♦5 ♦6 ♦7", "♦8 ♦9 ♦10", "♦J ♦Q ♦K")
    assert not t.state.first_rules  # the next deal is a later deal
    t.deal()  # Bo deals: Cia lurar, Anna knocks; now Bo and Cia answer
    t.post("bid", seat=C, bid=L)
    t.post("bid", seat=A, bid=K)
    assert t.expected().seat == B and t.expected().inputs[0].choices == (SM, P)
    t.check_replay()


def test_in_the_first_played_deal_only_the_knocker_risks_a_limpa():
    t = Table(3, stake=1)
    q(t, B, [5, 0, 0])  # Bo knocked and took nothing; Cia was in for free
    row = t.sheet().rows[-1]
    assert row.marks == ("", "limpa", "")
    # Bo stood at 10, and a limpa never lifts above 10: only the underline and the stake.
    assert t.scores == (5, 10, 10) and row.changes == (-5, 0, 0)
    assert t.state.paid == (1, 2, 1) and t.state.pot == 4


# =====================================================================================
# Budrundan i övriga givar
# =====================================================================================
def test_later_deal_after_a_knock_the_others_stand_with_or_pass_from_the_knockers_left():
    t = after_first_deal(4)  # Bo deals: Cia, Dan, Anna, Bo
    t.deal()
    assert t.expected().seat == C
    t.refuse("bid_not_open", "bid", seat=C, bid=SM)  # nobody has knocked yet
    t.post("bid", seat=C, bid=L)
    t.post("bid", seat=D, bid=K)
    # "Nästa spelare medsols från den som först knackade börjar tala": Anna, Bo, then Cia,
    # who lurade before.
    exp = t.expected()
    assert exp.seat == A and exp.inputs[0].choices == (SM, P)
    v = t.refuse("bid_not_open", "bid", seat=A, bid=L)  # "inte längre tillåtet att lura"
    assert v.rule == nk.R_LATER
    t.refuse("bid_not_open", "bid", seat=A, bid=K)  # one knock
    t.refuse("not_your_turn", "bid", seat=C, bid=SM)
    t.post("bid", seat=A, bid="passar")
    t.post("bid", seat=B, bid="står med")
    assert t.expected().seat == C
    t.post("bid", seat=C, bid=SM)
    assert t.state.phase == "buying" and t.state.deal.active == (B, C, D)
    t.check_replay()


def test_a_player_who_passed_neither_buys_nor_plays():
    t = after_first_deal(4)
    t.deal()
    t.bids({C: K, A: P})
    order = []
    while t.state.phase == "buying":
        seat = t.expected().seat
        order.append(seat)
        if seat == C:
            t.refuse("not_in_deal", "buy", seat=A, discard=0)
        t.post("buy", seat=seat, discard=1 if seat == B else 2)
    assert order == [C, D, B]  # from the dealer's left, among those in; the dealer last
    # "Den närmaste aktiva spelaren till vänster om givaren spelar ut": Cia.
    assert t.expected().seat == C
    t.post("play", seat=C, card="♠2")
    t.post("play", seat=D, card="♠3")
    t.refuse("not_in_deal", "play", seat=A, card="♠4")
    t.post("play", seat=B, card="♠4")
    assert t.state.deal.won == (0, 1, 0, 0)  # a trick of three cards
    t.refuse("trick_size", "trick", cards="♦2 ♦3 ♦4 ♦5")
    t.post("trick", cards="♦2 ♦3 ♦4")


def test_the_first_leader_skips_a_player_who_passed():
    t = after_first_deal(3)  # Bo deals: Cia, Anna, Bo
    t.deal()
    t.bids({C: P, A: K})
    t.buys()
    assert t.state.deal.active == (A, B) and t.expected().seat == A


def test_later_deal_all_lura_default_is_a_redeal():
    t = after_first_deal(3)
    t.deal()
    t.bids({})
    assert t.state.phase == "deal" and t.state.dealer == B and t.state.redeals == 1
    assert t.sheet().rows[-1].kind == "redeal"


def test_later_deal_all_lura_next_dealer_option():
    t = after_first_deal(3, all_lura_later="next_dealer")
    q(t, None)
    assert t.state.dealer == C and t.sheet().rows[-1].kind == "thrown_in"
    assert t.scores == (9, 8, 8)


def test_lone_knocker_takes_all_five_tricks_by_default():
    t = after_first_deal(3)  # (9, 8, 8); Bo deals
    t.deal()
    t.bids({C: K, A: P, B: P})
    assert t.state.phase == "deal" and t.state.deal.won == (0, 0, 5)
    assert t.scores == (9, 8, 3) and t.state.dealer == C
    assert t.sheet().rows[-1].changes == (None, None, -5)
    t.check_replay()


def test_lone_knocker_reaches_zero_and_wins():
    t = Table(3)
    q(t, B, [0, 5, 0])  # Bo 5
    q(t, B, [0, 3, 2])  # Bo deals; (10, 2, 8)
    t.deal()
    t.bids({B: K, A: P, C: P})
    assert t.state.phase == "over" and t.state.winner == B
    assert t.state.deal.won == (0, 2, 0) and t.scores == (10, 0, 8)


def test_lone_knocker_thrown_in_option():
    t = after_first_deal(3, lone_knocker="thrown_in")
    q(t, C, passed=(A, B))
    assert t.scores == (9, 8, 8) and t.state.dealer == C
    assert t.sheet().rows[-1].kind == "thrown_in"
    t.refuse("no_play", "result", bids=[P, P, K], tricks=[0, 0, 5])


# =====================================================================================
# The variant: bidding on three cards
# =====================================================================================
def test_bidding_after_three_cards_variant():
    t = Table(3, bid_after_three=True)
    assert "två sista efter budet" in t.expected().prompt_sv
    t.deal("♠9")
    assert nk.talong(t.state) == 52 - 3 * 3 - 1
    t.bids({B: K})  # "även i den första given"
    assert "två sista" in t.expected().prompt_sv
    assert nk.talong(t.state) == 52 - 16
    t.buys()
    t.tricks("♥2 ♥3 ♥4", "♥5 ♥6 ♥7", "♥8 ♥9 ♥10", "♥J ♥Q ♥K", "♦A ♦2 ♦3")
    t.deal("♠8")  # Bo deals; Cia knocks, Anna passes: she gets no more cards
    t.bids({C: K, A: P})
    assert nk.talong(t.state) == 52 - (3 * 3 + 1) - 2 * 2


# =====================================================================================
# Köpet
# =====================================================================================
def test_buying_from_the_dealers_left_the_dealer_last():
    t = Table(4, first_dealer=B)
    t.deal()
    t.bids({C: K})
    order = []
    while t.state.phase == "buying":
        exp = t.expected()
        order.append(exp.seat)
        allowed = exp.inputs[0].fields["discard"]
        assert allowed == ([1, 2, 3, 4, 5, 6] if exp.seat == B else [0, 1, 2, 3, 4, 5])
        t.post("buy", seat=exp.seat, discard=2)
    assert order == [C, D, A, B]


def test_a_player_lays_away_any_number_and_draws_as_many():
    t = Table(3)
    t.deal()
    t.bids({B: K})
    left = nk.talong(t.state)
    t.refuse("bad_buy", "buy", seat=B, discard=6)
    t.refuse("bad_buy", "buy", seat=B, discard=-1)
    t.refuse("not_your_turn", "buy", seat=C, discard=1)
    t.post("buy", seat=B, discard=5)
    t.post("buy", seat=C, discard=0)  # "stå nöjd"
    assert nk.talong(t.state) == left - 5


def test_the_dealer_lays_away_one_to_six_and_draws_one_fewer():
    t = Table(3)
    t.deal()
    t.bids({B: K})
    t.post("buy", seat=B, discard=0)
    t.post("buy", seat=C, discard=0)
    left = nk.talong(t.state)
    v = t.refuse("bad_buy", "buy", seat=A, discard=0)  # he holds six: at least one goes
    assert v.params["allowed"] == [1, 2, 3, 4, 5, 6]
    t.refuse("bad_buy", "buy", seat=A, discard=7)
    t.post("buy", seat=A, discard=6)
    assert nk.talong(t.state) == left - 5  # "drar ett kort färre"
    assert t.state.phase == "play"


def test_the_dealer_stands_pat_by_laying_away_one():
    t = Table(3)
    t.deal()
    t.bids({B: K})
    left = nk.talong(t.state)
    t.buys({A: 1})
    assert nk.talong(t.state) == left


def test_named_laid_away_cards_are_dead():
    t = Table(3)
    t.deal("♥7")
    t.bids({B: K})
    t.refuse("buy_cards_count", "buy", seat=B, discard=1, cards="♠2 ♠3")
    t.refuse("buy_cards_count", "buy", seat=B, discard=2, cards="♠2 ♠2")
    pat = t.refuse("buy_cards_count", "buy", seat=B, discard=0, cards="♠2")
    assert pat.messages["sv"] == ("Den som står nöjd lägger inte bort något kort: inga kort "
                                  "kan nämnas.")  # no "Högst 0 ... när 0 läggs bort"
    t.post("buy", seat=B, discard=2, cards="♠2")
    t.refuse("card_laid_away", "buy", seat=C, discard=1, cards="♠2")
    t.post("buy", seat=C, discard=0)
    t.post("buy", seat=A, discard=2, cards="♥7 ♦4")  # the dealer may lay his card away
    v = t.refuse("card_laid_away", "play", seat=B, card="♠2")
    assert v.params["seat"] == B
    t.post("play", seat=B, card="♠3")
    t.post("play", seat=C, card="♠4")
    t.refuse("card_laid_away", "play", seat=A, card="♥7")
    t.check_replay()


def test_buying_comes_before_play():
    t = Table(3)
    t.deal()
    t.bids({B: K})
    v = t.refuse("not_expected", "play", seat=B, card="♠A")
    assert v.rule == nk.R_BUY
    t.refuse("not_expected", "trick", cards="♠A ♠2 ♠3")
    t.refuse("bad_field", "buy", seat=B, discard="two")


# =====================================================================================
# Spelet av korten
# =====================================================================================
def _first_deal_in_play(trump_card: str = "♥7", n: int = 3) -> Table:
    t = Table(n)
    t.deal(trump_card)
    t.bids({B: K})
    t.buys()
    return t


def test_the_trump_ace_must_be_led_proven_later():
    t = _first_deal_in_play("♥7")
    exp = t.expected()
    assert exp.seat == B and exp.inputs[0].fields["must_lead"] == "trump_ace"
    assert "♥A" in exp.prompt_sv
    t.tricks("♠K ♠2 ♠3")  # Bo leads ♠K: maybe he has no ♥A
    assert t.findings() == ()
    t.tricks("♣2 ♣3 ♥A")  # Bo leads again, Cia, Anna; ... Anna's ace is no proof about Bo
    assert t.findings() == ()
    t = _first_deal_in_play("♥7")
    t.tricks("♠K ♠2 ♠3", "♥A ♥2 ♥3")  # Bo plays the trump ace in trick 2: he had it
    (finding,) = t.findings()
    assert finding.code == "trump_ace_not_led" and finding.seat == B
    assert finding.params == {"trump_ace": "♥A", "lead_trick": 1, "lead_card": "♠K",
                              "proof_trick": 2}
    assert "stick 2" in finding.sv and "trick 2" in finding.en
    assert t.scores == (10, 10, 10)  # the text sets no penalty: the table decides
    t.check_replay()


def test_the_trump_ace_led_is_no_finding_and_only_the_first_trick_counts():
    t = _first_deal_in_play("♥7")
    t.tricks("♥A ♥2 ♥3")
    assert t.expected().inputs[0].fields["must_lead"] is None
    t.tricks("♠K ♠2 ♠3")
    assert t.findings() == ()


def test_a_turned_trump_ace_is_the_dealers_so_the_leader_cannot_hold_it():
    t = _first_deal_in_play("♥A")
    t.tricks("♠K ♠2 ♠3")
    assert t.state.deal.first_lead is None
    t.refuse("card_is_dealers", "play", seat=B, card="♥A")


def test_follow_suit_else_any_card_and_a_revoke_is_proven_later():
    t = _first_deal_in_play("♣7")
    t.tricks("♥K ♥2 ♠3")  # Anna does not follow hearts: allowed if she has none
    assert t.findings() == ()
    t.tricks("♥A ♥3 ♥5")  # Bo won with the king and leads; Anna plays a heart now
    (finding,) = t.findings()
    assert finding.code == "revoke_proven" and finding.seat == A
    assert finding.params["revoke_trick"] == 1 and finding.params["proof_trick"] == 2
    assert finding.rule == nk.R_PLAY


def test_the_highest_trump_wins_else_the_highest_card_of_the_led_suit():
    t = _first_deal_in_play("♥7")
    t.tricks("♠K ♥2 ♠A")  # Bo ♠K, Cia trumps with ♥2, Anna ♠A: the trump wins
    assert t.state.deal.won == (0, 0, 1) and t.expected().seat == C
    t.tricks("♦K ♣A ♦3")  # Cia ♦K, Anna ♣A (another suit), Bo ♦3: the king
    assert t.state.deal.won == (0, 0, 2)
    t.tricks("♥3 ♥4 ♥K")  # Cia, Anna, Bo: trumps led, the highest trump
    assert t.state.deal.won == (0, 1, 2)


def test_card_checks_in_play():
    t = _first_deal_in_play("♥7")
    t.refuse("not_your_turn", "play", seat=C, card="♠2")
    t.post("play", seat=B, card="♠2")
    t.refuse("card_already_played", "play", seat=C, card="♠2")
    t.refuse("card_already_played", "play", seat=C, card="S2")  # whatever the notation
    t.refuse("bad_card_notation", "play", seat=C, card="♠1")
    t.refuse("bad_field", "play", seat=7, card="♠3")
    t.refuse("missing_field", "play", seat=C)
    t.refuse("unknown_field", "play", seat=C, card="♠3", trump="♥")
    t.refuse("unknown_event_type", "knock")
    t.refuse("trick_size", "trick", cards="♠3")
    t.post("trick", cards="♠3 ♠4")
    assert t.state.deal.won == (1, 0, 0)
    v = t.refuse("bad_field", "deal", trump_card=5)
    assert isinstance(v, EventFormatError)


def test_expected_play_hints_are_keyed_by_field():
    t = _first_deal_in_play("♥7")
    t.post("play", seat=B, card="♠2")
    play, trick = t.expected().inputs[:2]  # then a hand entry per seat in the deal
    assert play.type == "play" and play.seat == C
    assert play.fields["led_suit"] == "♠" and play.fields["trump"] == "♥"
    assert play.fields["played"] == ["♠2"] and play.fields["trumfmant"] is False
    assert trick.type == "trick" and trick.fields == {"count": 2}


# =====================================================================================
# Trumfmant
# =====================================================================================
def test_trumfmant_when_a_player_knocks_at_one_point_and_a_missed_trump_lead_costs_a_limpa():
    t = at_four_one_ten()  # Anna deals; Bo at 1 knocks: trumfmant
    t.deal("♥7")
    t.bids({B: K})
    assert t.state.deal.active == (A, B, C)
    assert nk.trumfmant_seats(t.state) == (B,)
    t.buys()
    exp = t.expected()
    assert exp.seat == B and exp.inputs[0].fields["trumfmant"] is True
    assert "Trumfmant" in exp.prompt_sv and "Bo" in exp.prompt_sv
    assert nk.describe(t.state)["trumfmant"] == [B]
    t.tricks("♠4 ♠K ♠2")  # Bo leads a spade under trumfmant; Cia wins
    assert t.scores == (4, 1, 10) and t.findings() == ()
    t.tricks("♣3 ♣A ♥3")  # Cia leads a club (trumfmant still: Bo at 1); Bo trumps
    # Bo's ♥3 proves he held a trump when he led ♠4: a limpa, 1 → 6, at once.
    penalty = t.sheet().rows[-1]
    assert penalty.kind == "penalty" and penalty.changes == (None, 5, None)
    assert penalty.marks == ("", "limpa", "")
    (finding,) = t.findings()
    assert finding.code == "trumfmant_breach" and finding.seat == B
    assert finding.params == {"lead_trick": 1, "lead_card": "♠4", "proof_trick": 2,
                              "proof_card": "♥3", "points_before": 1, "points_after": 6}
    # The trick itself went on: Bo's trump won it; Bo at 6 less one trick: no trumfmant.
    assert t.state.deal.won == (0, 1, 1)
    assert nk.trumfmant_seats(t.state) == ()
    t.tricks("♦5 ♦6 ♦7")  # Bo leads a diamond: no trumfmant, no suspicion; Anna wins
    t.tricks("♥2 ♥4 ♥5")  # Anna leads trumps, Bo, Cia
    # Cia's trump proves her club lead in trick 2: a limpa, but never above 10.
    assert [f.code for f in t.findings()] == ["trumfmant_breach", "trumfmant_breach"]
    cia = t.findings()[1]
    assert cia.seat == C and cia.params["lead_trick"] == 2
    assert cia.params["points_before"] == 10 and cia.params["points_after"] == 10
    t.check_replay()


def test_trumfmant_when_a_player_comes_down_to_one_during_the_deal():
    t = Table(3)
    q(t, B, [2, 3, 0])              # (8, 7, 10)
    q(t, B, [4, 1, 0], passed=(C,))  # Bo deals: (4, 6, 10); Cia deals next
    t.deal("♣9")
    t.bids({A: K})  # Anna at 4 knocks; everyone stands with
    t.buys()
    assert nk.trumfmant_seats(t.state) == ()
    t.tricks("♠A ♠2 ♠3", "♠K ♠4 ♠5")
    assert nk.trumfmant_seats(t.state) == ()  # Anna at 4 less two tricks
    t.tricks("♠Q ♠6 ♠7")  # "tagit ett stick färre än antalet poäng": 4 − 3 = 1
    assert nk.trumfmant_seats(t.state) == (A,)
    assert t.expected().inputs[0].fields["must_lead"] == "trump"
    t.tricks("♦2 ♦A ♦3")  # Anna leads a diamond under trumfmant; Bo wins
    t.tricks("♣2 ♣3 ♣4")  # Bo, Cia, Anna: Anna's trump proves the missed lead
    assert t.sheet().rows[-2].kind == "penalty"
    assert t.sheet().rows[-2].changes == (5, None, None)
    # Anna 4 → 9 at once; her fourth trick would have taken her to 0, but the limpa moved
    # her target: the deal is played out, 9 − 4 = 5.
    assert t.state.deal.won[A] == 4 and t.state.winner is None
    assert t.scores[A] == 5
    t.check_replay()


def test_trumfmant_lifted_when_the_one_point_player_takes_no_trick():
    t = at_four_one_ten()
    t.deal("♥7")
    t.bids({B: K})
    t.buys()
    # Bo at 1 leads a spade, Cia takes everything leading trumps, Bo never follows.
    t.tricks("♠2 ♠A ♠3", "♥A ♥3 ♣2", "♥K ♥4 ♣3", "♥Q ♥5 ♣4", "♥J ♥6 ♣5")
    assert t.state.deal.won == (0, 0, 5)
    # "Om spelaren med 1 poäng inte tar något stick": a limpa, 1 → 6; Anna too, 4 → 9.
    assert t.scores == (9, 6, 5) and t.sheet().rows[-1].marks == ("limpa", "limpa", "")
    # Nobody in stands at 1 now: no trumfmant in the next deal.
    t.deal("♦7")
    t.bids({B: K})
    t.buys()
    assert nk.trumfmant_seats(t.state) == ()


def test_a_player_at_one_who_passes_brings_no_trumfmant():
    t = at_four_one_ten()
    t.deal("♥7")
    t.bids({A: K, B: P})
    t.buys()
    assert nk.trumfmant_seats(t.state) == ()
    assert t.expected().inputs[0].fields["trumfmant"] is False


def test_a_missed_trump_lead_never_proven_is_not_penalised():
    t = at_four_one_ten()
    t.deal("♥7")
    t.bids({B: K})
    t.buys()
    t.tricks("♠4 ♠K ♠2",   # Bo leads a spade under trumfmant; Cia wins
             "♣3 ♣A ♣4")   # Cia leads a club; Anna wins
    t.tricks("♦2 ♦3 ♦A",   # Anna, Bo, Cia; Cia wins and leads on
             "♦K ♦5 ♦6", "♦Q ♦7 ♦8")  # nobody who led a non-trump ever shows a trump
    assert t.state.deal.won == (1, 0, 4)
    assert [r.kind for r in t.sheet().rows[-2:]] == ["deal", "deal"]
    assert not any(f.code == "trumfmant_breach" for f in t.findings())
    assert t.scores == (3, 6, 6)


# =====================================================================================
# Poängen
# =====================================================================================
def test_limpa_five_up_never_above_ten_underlined():
    assert nk.LIMPA == 5 and nk.add_limpa(7) == 10  # "står på 7 … hamnar på 10 poäng"
    assert nk.add_limpa(4) == 9 and nk.add_limpa(10) == 10
    assert nk.score_player(7, 0, True) == 10 and nk.score_player(7, 2, False) == 5
    t = Table(3)
    q(t, B, [2, 3, 0])              # (8, 7, 10)
    q(t, B, [4, 0, 1])              # Bo at 7 knocks, takes nothing: 10; Anna 4
    assert t.scores == (4, 10, 9)
    row = t.sheet().rows[-1]
    assert row.changes == (-4, 3, -1) and row.marks == ("", "limpa", "")
    t.deal()            # Cia deals; Anna at 4 stands with and takes nothing: 4 + 5 = 9
    t.bids({A: K})
    t.buys()
    # Anna leads; Bo takes three, Cia two.
    t.tricks("♠2 ♠A ♠3", "♠K ♠4 ♠5", "♠Q ♠6 ♠7", "♠8 ♠J ♠9", "♠10 ♣2 ♣3")
    assert t.state.deal.won == (0, 3, 2) and t.scores == (9, 7, 7)
    assert t.sheet().rows[-1].marks == ("limpa", "", "")
    t.check_replay()


def test_stood_with_and_no_trick_is_a_limpa_in_later_deals():
    t = after_first_deal(3)  # (9, 8, 8), Bo deals
    q(t, C, [0, 2, 3])  # Anna stood with and took nothing
    assert t.scores == (10, 6, 5)
    assert t.sheet().rows[-1].marks == ("limpa", "", "")


def test_a_player_who_passed_is_untouched():
    t = after_first_deal(3)
    q(t, C, [2, 0, 3], passed=(B,))
    assert t.sheet().rows[-1].changes == (-2, None, -3)


# =====================================================================================
# Avslutning
# =====================================================================================
def test_the_deal_stops_when_a_players_tricks_reach_his_points():
    t = at_four_one_ten()
    t.deal("♥7")
    t.bids({B: K})
    t.buys()
    t.tricks("♥A ♥2 ♥3")  # Bo at 1 takes the first trick: 0, the omgång is over
    assert t.state.phase == "over" and t.state.winner == B
    row = t.sheet().rows[-1]
    assert row.changes == (0, -1, 0) and row.marks == ("", "", "")  # no limpa: stopped
    assert "stick 1" in row.label_sv
    assert t.scores == (4, 0, 10) and t.sheet().winner == B and t.sheet().next_dealer is None
    assert nk.is_over(t.state) and nk.result(t.state)["winner"] == B
    assert t.expected().phase == "over" and t.expected().inputs == ()
    t.refuse("not_expected", "play", seat=C, card="♠2")
    t.refuse("not_expected", "deal", trump_card="♠2")
    t.check_replay()


def test_reaching_zero_with_the_fifth_trick_is_a_whole_deal():
    t = Table(3)
    q(t, B, [0, 5, 0])           # (10, 5, 10)
    t.deal("♥7")                 # Bo deals; Cia knocks; all stand with
    t.bids({C: K})
    t.buys()
    t.tricks("♠2 ♠3 ♠A", "♣A ♣2 ♣3", "♦A ♦2 ♦3", "♥A ♥2 ♥3", "♠K ♠4 ♠5")
    assert t.state.deal.won == (0, 5, 0) and t.state.winner == B
    assert t.sheet().rows[-1].marks == ("limpa", "", "limpa")


def test_pot_and_stakes():
    t = Table(3, stake=2)
    assert t.state.pot == 6 and nk.sheet(t.state).notes["pot"] == 6  # "när en ny omgång"
    q(t, B, [2, 3, 0])              # (8, 7, 10)
    q(t, B, [4, 0, 1])              # Bo's limpa: one more stake
    assert t.state.paid == (2, 4, 2) and t.state.pot == 8
    t.deal("♥7")                    # Cia deals; Bo at 10, Anna at 4 knocks
    t.bids({A: K})
    t.buys()
    t.tricks("♠A ♠2 ♠3", "♠K ♠4 ♠5", "♠Q ♠6 ♠7", "♠J ♠8 ♠9")
    # Anna's four tricks reach her four points after trick 4: over, Bo and Cia without a
    # trick pay no limpa ("slipper … att betala en extra insats").
    assert t.state.winner == A and t.state.pot == 8
    assert nk.settlement(t.state) == (8 - 2, -4, -2)
    assert sum(nk.settlement(t.state)) == 0
    assert nk.result(t.state)["pot"] == 8
    t.check_replay()


def test_no_settlement_without_a_stake():
    t = at_four_one_ten()
    q(t, B, [0, 1, 0])
    assert t.state.winner == B and nk.settlement(t.state) is None
    assert t.sheet().settlement is None


@pytest.mark.parametrize("stake", [-1, 1.5])
def test_a_stake_is_a_whole_number_not_below_zero(stake):
    with pytest.raises(RuleViolation) as info:
        Table(3, stake=stake)
    assert info.value.code == "bad_option"


# =====================================================================================
# Quick entry
# =====================================================================================
def test_quick_entry_equals_trick_by_trick():
    slow = _first_deal_in_play("♥7")
    slow.tricks("♠2 ♠3 ♠A", "♣2 ♣3 ♣A", "♦2 ♦A ♦3", "♥2 ♥3 ♥A", "♠K ♠4 ♠5")
    fast = Table(3)
    q(fast, B, list(slow.state.deal.won))
    assert fast.scores == slow.scores
    assert fast.sheet().rows[-1].changes == slow.sheet().rows[-1].changes
    assert fast.sheet().rows[-1].marks == slow.sheet().rows[-1].marks
    fast.check_replay()


def test_quick_entry_after_the_deal_event_and_not_mid_bidding():
    t = Table(3)
    t.deal()
    q(t, B, [1, 2, 2])
    assert t.scores == (9, 8, 8)
    t.deal()
    t.post("bid", seat=C, bid=L)
    t.refuse("not_expected", "result", bids=[L, K, L], tricks=[1, 2, 2])


def test_quick_entry_refusals():
    t = Table(3)
    t.refuse("result_shape", "result", bids=[L, K])
    t.refuse("bad_field", "result", bids="knacka")
    t.refuse("bad_bid", "result", bids=[L, "x", K], tricks=[1, 2, 2])
    t.refuse("one_knock", "result", bids=[K, K, L], tricks=[1, 2, 2])
    t.refuse("bid_not_open", "result", bids=[SM, K, L], tricks=[1, 2, 2])  # first deal
    t.refuse("bid_not_open", "result", bids=[L, P, L])
    t.refuse("result_shape", "result", bids=[L, K, L])
    t.refuse("result_shape", "result", bids=[L, K, L], tricks=[1, 2, 9])
    t.refuse("result_shape", "result", bids=[L, K, L], tricks=[1, 2, True])
    t.refuse("tricks_do_not_add_up", "result", bids=[L, K, L], tricks=[1, 2, 1])
    t.refuse("tricks_do_not_add_up", "result", bids=[L, K, L], tricks=[2, 2, 2])
    t.refuse("no_play", "result", bids=[L, L, L], tricks=[1, 2, 2])
    t.refuse("no_trumfmant", "result", bids=[L, K, L], tricks=[1, 2, 2],
             missed_trump=[1, 0, 0])
    t.refuse("result_shape", "result", bids=[L, K, L], tricks=[1, 2, 2], missed_trump=[1])
    t = after_first_deal(3)  # (9, 8, 8), Bo deals
    t.refuse("bid_not_open", "result", bids=[L, SM, K], tricks=[1, 2, 2])  # lura after
    t.refuse("not_in_deal", "result", bids=[P, SM, K], tricks=[1, 2, 2])
    t = at_four_one_ten()  # Anna deals
    t.refuse("tricks_exceed_points", "result", bids=[SM, K, SM], tricks=[0, 2, 3])
    t.refuse("two_reached", "result", bids=[SM, K, SM], tricks=[4, 1, 0])
    t.refuse("tricks_do_not_add_up", "result", bids=[SM, K, SM], tricks=[2, 0, 2])
    # Bo (first leader) led at most once plus once per trick won.
    t.refuse("no_lead", "result", bids=[SM, K, SM], tricks=[0, 0, 5], missed_trump=[1, 0, 0])


def test_quick_entry_with_a_missed_trump_lead():
    t = at_four_one_ten()
    q(t, B, [2, 0, 3], missed_trump=[1, 0, 0])
    rows = t.sheet().rows
    assert rows[-2].kind == "penalty" and rows[-2].changes == (5, None, None)
    assert rows[-2].marks == ("limpa", "", "")
    # Anna 4 → 9 (limpa) → 7; Bo at 1 took nothing → 6; Cia 10 − 3 = 7.
    assert t.scores == (7, 6, 7) and rows[-1].marks == ("", "limpa", "")
    t.check_replay()


def test_quick_entry_ending_the_match_early():
    t = at_four_one_ten()
    q(t, B, [0, 1, 0])  # Bo's first trick ends it
    assert t.state.winner == B and t.scores == (4, 0, 10)
    assert t.sheet().rows[-1].marks == ("", "", "")
    t = at_four_one_ten()
    q(t, B, [4, 0, 1])  # Anna's fourth trick, the fifth of the deal: a whole deal
    assert t.state.winner == A and t.sheet().rows[-1].marks == ("", "limpa", "")


def test_quick_entry_lone_knocker():
    t = after_first_deal(3)
    q(t, C, passed=(A, B))
    assert t.scores == (9, 8, 3)
    t = after_first_deal(3)
    t.refuse("no_play", "result", bids=[P, P, K], tricks=[1, 2, 2])
    t.refuse("no_play", "result", bids=[P, P, K], missed_trump=[0, 0, 1])
    q(t, C, [0, 0, 5], passed=(A, B))  # the tricks he was given may be entered
    t.check_replay()


# =====================================================================================
# Issue 15, item 11: the quick-entry hint offers the missed trump leads that can happen
# =====================================================================================
def result_hint(t: Table) -> list[int]:
    (quick,) = [i for i in t.expected().inputs if i.type == "result"]
    return quick.fields["missed_trump"]


def test_a_player_can_miss_a_trump_lead_more_than_once():
    t = at_four_one_ten()  # Bo at 1: trumfmant from the first lead
    assert result_hint(t) == [0, 1, 2, 3, 4]  # the fifth lead is a last card: never missed
    q(t, B, [2, 0, 3], missed_trump=[2, 0, 0])  # Anna led twice under trumfmant, no trump
    rows = t.sheet().rows
    assert [r.kind for r in rows[-3:]] == ["penalty", "penalty", "deal"]
    # Anna 4 → 9 → 10 (never above 10) → 8 with two tricks; Bo at 1 took nothing: 6.
    assert t.scores == (8, 6, 7)
    t.check_replay()


def test_missed_trump_leads_cannot_outnumber_the_leads():
    t = at_four_one_ten()
    err = t.refuse("no_lead", "result", bids=[SM, K, SM], tricks=[2, 0, 3],
                   missed_trump=[2, 1, 2])
    assert err.params["leads"] == 4 and err.rule == "Norrandsknack — Spelet av korten"
    t.refuse("no_lead", "result", bids=[SM, K, SM], tricks=[0, 1, 0],
             missed_trump=[0, 1, 1])  # stopped after one trick: one lead
    q(t, B, [2, 1, 2], missed_trump=[1, 1, 0])
    assert t.scores == (7, 5, 8)  # Anna 4 → 9 − 2; Bo 1 → 6 − 1; Cia 10 − 2


def test_no_missed_trump_lead_is_offered_when_nobody_can_come_down_to_one():
    t = Table(3)
    assert result_hint(t) == [0]  # from 10, five tricks reach 5 at best


# =====================================================================================
# Issue 15, item 12: a called trumfmant breach after a deal that stopped early
# =====================================================================================
def stopped_with_two_missed_leads() -> Table:
    """Bo at 1 knocks (trumfmant); Bo leads a spade, Cia wins and leads a diamond, Bo wins:
    Bo is at 0 and the deal stops after two tricks — before anybody played a trump."""
    t = at_four_one_ten()
    t.deal("♥7")
    t.bids({B: K})
    t.buys()
    t.tricks("♠4 ♠K ♠2")  # Bo, Cia, Anna: Cia wins
    t.tricks("♦5 ♦2 ♦9")  # Cia, Anna, Bo: Bo wins and reaches 0
    assert t.state.phase == "over" and t.state.winner == B
    assert t.state.deal.outcome == "stopped" and t.scores == (4, 0, 9)
    return t


def test_a_called_missed_trump_lead_after_the_deal_stopped_costs_a_limpa():
    t = stopped_with_two_missed_leads()
    offered = {i.seat: i.fields["trick"] for i in t.expected().inputs
               if i.type == "trumfmant_breach"}
    assert offered == {B: [1], C: [2]}
    # Cia's hand shows ♥9: she led ♦5 under trumfmant holding a trump.
    t.post("trumfmant_breach", seat=C, trick=2, card="♥9")
    row = t.sheet().rows[-1]
    assert row.kind == "penalty" and row.changes == (None, None, 1) and row.marks[C] == "limpa"
    assert t.scores == (4, 0, 10)  # 9 + 5, never above 10
    finding = t.findings()[-1]
    assert finding.code == "trumfmant_breach" and finding.seat == C
    assert finding.params["lead_trick"] == 2 and finding.params["proof_card"] == "♥9"
    assert t.state.winner == B and t.state.phase == "over"  # Bo still stands at 0
    t.refuse("no_missed_lead", "trumfmant_breach", seat=C)  # penalised once
    t.check_replay()


def test_a_trump_shown_for_a_called_lead_that_was_laid_away_is_refused_in_private():
    """Anna laid ♥9 away face down and named it: Cia cannot show it as her proof. The
    refusal rests on Anna's private entry (a table may keep it closed after the deal), so
    it is private to her and its public wording does not say who laid the card away."""
    t = at_four_one_ten()
    t.deal("♥7")
    t.bids({B: K})
    t.post("buy", seat=B, discard=0)
    t.post("buy", seat=C, discard=0)
    t.post("buy", seat=A, discard=1, cards="♥9")
    t.tricks("♠4 ♠K ♠2")
    t.tricks("♦5 ♦2 ♦9")
    assert t.state.deal.outcome == "stopped"
    err = t.refuse("card_laid_away", "trumfmant_breach", seat=C, card="♥9")
    assert err.private_to == A and "Anna" in err.messages["en"]
    assert "Anna" not in err.public_messages["sv"] + err.public_messages["en"]


def test_the_winners_own_called_missed_lead_takes_him_back_above_zero():
    t = stopped_with_two_missed_leads()
    t.post("trumfmant_breach", seat=B)  # Bo led ♠4 under his own trumfmant, holding a trump
    assert t.scores == (4, 5, 9) and t.state.winner is None
    # The omgång goes on: the next dealer deals; Cia's missed lead may still be called.
    assert t.state.phase == "deal" and t.state.dealer == B and not t.state.first_rules
    assert [i.seat for i in t.expected().inputs if i.type == "trumfmant_breach"] == [C]
    t.post("trumfmant_breach", seat=C)
    t.deal("♠7")
    assert not any(i.type == "trumfmant_breach" for i in t.expected().inputs)
    t.check_replay()


def test_called_missed_lead_refusals():
    t = stopped_with_two_missed_leads()
    t.refuse("no_missed_lead", "trumfmant_breach", seat=A)  # Anna never led
    t.refuse("no_missed_lead", "trumfmant_breach", seat=B, trick=2)
    t.refuse("not_a_trump", "trumfmant_breach", seat=C, card="♠A")
    t.refuse("card_is_dealers", "trumfmant_breach", seat=C, card="♥7")  # the turned card
    # During play, or after a deal played to the end, the played trump proves it instead.
    t = at_four_one_ten()
    t.deal("♥7")
    t.bids({B: K})
    t.buys()
    t.tricks("♠4 ♠K ♠2")
    err = t.refuse("breach_not_callable", "trumfmant_breach", seat=B)
    assert err.rule == "Norrandsknack — Spelet av korten"
