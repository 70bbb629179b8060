"""Bräus scenario tests, written from the rule text (file 002, "Bräus regler") and the
README's Bräus notes.

Every number in the text is a test here:

- "Bräus antal spelare: 4" and "parvis mot varandra"; "Antal kort: 36"; "Lägg undan alla
  tvåor t.o.m. femmor";
- "De tre högsta korten kallas kollektivt för makdorar" and the README's table of 18 cards;
- "Given ger därefter 9 kort till varje spelare, ett och ett";
- the sevens "räknas som ett stick var";
- "Ett stick kan alltså innehålla från ett och upp till fyra kort";
- "tills endera sidan vunnit sex stick" → "en rita, dvs. 1 poäng";
- "sex stick i rad" → *jan*, "värt två ritor";
- "fem stick var" → ♣K decides, "en rita";
- "den sida som först får sex ritor har vunnit"; 6–0 → *pissmunkar*.

(The year 1426 in the text is history, not a rule.)

Seats: Anna 0, Bo 1, Cia 2, Dan 3, clockwise; Anna & Cia are one pair (side 0), Bo & Dan the
other (side 1). Unless a test says otherwise Anna deals, Dan (her right) cuts, Bo (her left)
is forehand. Everything goes through real events and the table log; every refusal checks its
code and that the state it was tried on is unchanged.
"""

from __future__ import annotations


import pytest

from rules_engine.cards import PIQUET36, Card, parse_card
from rules_engine.errors import EventFormatError, RuleViolation
from rules_engine.events import parse_event
from rules_engine.games import braus
from rules_engine.registry import catalog_entry, get_game
from rules_engine.table_log import TableSetup, apply_game_event, replay
from tests.engine_table import EngineTable

NAMES = ("Anna", "Bo", "Cia", "Dan")
ANNA, BO, CIA, DAN = 0, 1, 2, 3


def C(text: str) -> Card:
    return parse_card(text)


class Table(EngineTable):
    rule_prefix = "Bräus — "

    def __init__(self, first_dealer: int = ANNA, **options):
        super().__init__("braus", NAMES, first_dealer, **options)

    # -- entering a deal -------------------------------------------------------------------
    def trick(self, cards: str = "", over=(), sevens: str | None = None):
        fields: dict = {"cards": cards, "over": list(over)}
        if sevens is not None:
            fields["sevens"] = sevens
        return self.post("trick", **fields)

    def win(self, *winners: int):
        """One trick per winner, with the lowest ranked cards still out: the leader leads
        the lowest; if another player is to win, he plays the next one; the rest stand over."""
        for winner in winners:
            exp = self.expected()
            leader, followers = exp.seat, self.followers()
            ranked = sorted((c for c in braus.RANKING if c not in self.seen()),
                            key=braus.strength)
            if winner == leader:
                self.trick(str(ranked[0]), followers)
            else:
                assert winner in followers, (winner, followers)
                self.trick(f"{ranked[0]} {ranked[1]}", [s for s in followers if s != winner])
        return self.state

    # -- reading -----------------------------------------------------------------------------
    def expected(self):
        return braus.expected(self.state)

    def inputs(self) -> dict:
        return {i.type: i for i in self.expected().inputs}

    def followers(self) -> list[int]:
        return list(self.inputs()["trick"].fields["over"])

    def seen(self) -> set[Card]:
        return {s.card for s in self.state.deal.knowledge.seen}

    @property
    def deal(self):
        return self.state.deal

    def sheet(self):
        return braus.sheet(self.state)

    def findings(self):
        return braus.findings(self.state)

    def check_replay(self) -> None:
        assert replay(self.setup, self.entries) == self.state


def dealt(first_dealer: int = ANNA, **options) -> Table:
    t = Table(first_dealer, **options)
    t.post("deal")
    return t


# =====================================================================================
# Players, cards and the ranking table
# =====================================================================================
def test_four_players_in_two_pairs_partners_opposite():
    t = Table()
    assert braus.SIDES == ((ANNA, CIA), (BO, DAN))
    assert t.sheet().players == ("Anna & Cia", "Bo & Dan")
    for n in (2, 3, 5):
        with pytest.raises(RuleViolation) as info:
            TableSetup("braus", tuple(f"P{i}" for i in range(n))).new_state()
        assert info.value.code == "player_count"
    with pytest.raises(RuleViolation) as info:
        TableSetup("braus", NAMES, first_dealer=4).new_state()
    assert info.value.code == "bad_dealer"


def test_thirty_six_cards_twos_to_fives_out():
    assert braus.DECK is PIQUET36 and len(braus.DECK) == 36
    assert not [c for c in braus.DECK.cards if c.rank in ("2", "3", "4", "5")]
    t = dealt()
    t.refuse("card_not_in_deck", "play", seat=BO, card="♠5")
    t.refuse("card_not_in_deck", "play", seat=BO, card="♥2")


def test_the_ranking_table_highest_first():
    order = " ".join(map(str, braus.RANKING))
    assert order == ("♣J ♠8 ♥K ♣9 ♠9 ♥9 ♦9 ♣A ♠A ♥A ♦A ♠J ♥J ♦J ♣6 ♠6 ♥6 ♦6")
    assert len(braus.RANKING) == 18
    assert [braus.strength(c) for c in braus.RANKING] == list(range(18, 0, -1))
    # "De tre högsta korten kallas kollektivt för makdorar".
    assert braus.MAKDORAR == braus.RANKING[:3]
    assert {str(c): n for c, n in braus.NICKNAMES.items()} == {
        "♣J": "Spit", "♠8": "Dull", "♥K": "Bräus"}
    # Inside a group the suit decides: ♣ > ♠ > ♥ > ♦.
    assert braus.beats(C("♣9"), C("♠9")) and braus.beats(C("♠A"), C("♥A"))
    assert braus.beats(C("♥J"), C("♦J")) and braus.beats(C("♥6"), C("♦6"))
    # Groups: nines over aces over jacks over sixes.
    assert braus.beats(C("♦9"), C("♣A")) and braus.beats(C("♦A"), C("♠J"))
    assert braus.beats(C("♦J"), C("♣6"))


def test_the_worthless_cards_of_the_text_and_the_sevens_win_nothing():
    # "femmor, sjuor, åttor med undantag för spader 8, tior, damer, spader K eller ruter K"
    # (femmor are out of the deck), and ♣K, the utslagskort (README).
    worthless = "♣8 ♥8 ♦8 ♠10 ♥10 ♦10 ♣10 ♠Q ♥Q ♦Q ♣Q ♠K ♦K ♣K"
    assert sorted(map(str, braus.WORTHLESS)) == sorted(worthless.split())
    for card in worthless.split() + ["♠7", "♥7", "♦7", "♣7"]:
        assert braus.strength(C(card)) == 0
        assert not braus.beats(C(card), C("♥Q"))  # nothing is higher than a worthless card
        assert braus.beats(C("♦6"), C(card))  # every ranked card is
    assert braus.strength(C("♠8")) == 17 and braus.strength(C("♥K")) == 16
    assert len(braus.RANKING) + len(braus.SEVENS) + len(braus.WORTHLESS) == 36
    assert braus.UTSLAGSKORTET == C("♣K")


# =====================================================================================
# The deal
# =====================================================================================
def test_nine_cards_each_forehand_leads_the_right_hand_player_cuts():
    t = Table(first_dealer=CIA)
    exp = t.expected()
    assert exp.phase == "deal" and exp.seat == CIA
    assert t.inputs()["deal"].fields == {"dealer": [CIA], "cut": [BO]}  # Bo sits on her right
    t.refuse("wrong_cutter", "deal", cut=DAN)
    t.refuse("wrong_dealer", "deal", dealer=ANNA)
    t.post("deal", dealer=CIA, cut=BO)
    assert t.deal.held == (9, 9, 9, 9) and 4 * braus.CARDS_EACH == 36
    assert t.deal.forehand == DAN and t.expected().seat == DAN  # her left, clockwise
    assert t.deal.cut == BO
    t.refuse("not_expected", "deal")
    t.check_replay()


def test_play_goes_clockwise_from_the_leader():
    t = dealt()
    assert t.expected().seat == BO
    assert t.followers() == [CIA, DAN, ANNA]
    t.post("play", seat=BO, card="♦6")
    assert t.expected().seat == CIA
    t.refuse("not_your_turn", "play", seat=DAN, card="♥6")
    t.post("pass", seat=CIA)
    assert t.expected().seat == DAN
    t.post("play", seat=DAN, card="♥6")
    assert t.expected().seat == ANNA
    t.post("pass", seat=ANNA)
    assert t.deal.done[-1].winner == DAN and t.expected().seat == DAN
    assert t.followers() == [ANNA, BO, CIA]
    t.check_replay()


# =====================================================================================
# Sevens: "räknas som ett stick var", laid before the first lead or right after a win
# =====================================================================================
def test_forehand_lays_his_sevens_first_each_one_trick():
    t = dealt()
    assert "sevens" in t.inputs() and t.inputs()["sevens"].seat == BO
    t.post("sevens", seat=BO, cards="♠7 ♦7")
    assert t.deal.won == (0, 2)
    assert [d.kind for d in t.deal.done] == ["seven", "seven"]
    assert [d.trick.number for d in t.deal.done] == [1, 2]
    assert t.deal.held[BO] == 7
    # Still before his lead: more sevens are allowed in the same moment, then the lead.
    t.post("sevens", seat=BO, cards=["♥7"])
    assert t.deal.won == (0, 3)
    t.post("play", seat=BO, card="♦6")
    t.refuse("sevens_not_now", "sevens", seat=BO, cards="♣7")  # after his lead
    t.refuse("sevens_not_now", "sevens", seat=CIA, cards="♣7")  # a follower
    assert t.deal.current.number == 4
    t.check_replay()


def test_sevens_right_after_winning_a_trick_never_otherwise():
    t = dealt()
    t.refuse("sevens_not_now", "sevens", seat=CIA, cards="♣7")  # not the leader
    t.trick("♦6 ♥6", over=[CIA, ANNA])  # Bo leads, Dan wins
    assert t.expected().seat == DAN and t.inputs()["sevens"].seat == DAN
    t.post("sevens", seat=DAN, cards="♣7")
    assert t.deal.won == (0, 2)
    # A trick of only worthless cards: set aside, Dan leads again — without sevens.
    t.trick("♥Q", over=[ANNA, BO, CIA])
    assert t.deal.done[-1].kind == "set_aside" and t.deal.done[-1].winner is None
    assert t.expected().seat == DAN and "sevens" not in t.inputs()
    t.refuse("sevens_not_now", "sevens", seat=DAN, cards="♠7")
    assert t.deal.won == (0, 2)
    t.check_replay()


def test_only_sevens_are_laid_down():
    t = dealt()
    t.refuse("not_a_seven", "sevens", seat=BO, cards="♠7 ♠8")
    t.refuse("card_already_played", "sevens", seat=BO, cards="♠7 ♠7")
    t.post("sevens", seat=BO, cards="♠7")
    t.refuse("card_already_played", "sevens", seat=BO, cards="♠7")


def test_more_sevens_than_cards_left_are_refused():
    """Each seven laid down is a card out of the hand (Givning: nine cards each): Anna, who
    has set six worthless tricks aside and won a seventh, holds one card and cannot lay
    down two sevens; one she can."""
    t = dealt()
    t.trick("♦6 ♥6", over=[CIA, DAN])  # Bo leads, Anna wins
    t.post("sevens", seat=ANNA, cards=[])
    for card in ("♠10", "♥10", "♦10", "♣10", "♠Q", "♥Q"):
        t.trick(card, over=[BO, CIA, DAN])  # set aside, Anna leads again
    t.win(ANNA)  # her eighth card, and the lead with the right to lay sevens
    assert t.deal.held[ANNA] == 1 and t.inputs()["sevens"].seat == ANNA
    t.refuse("too_many_cards", "sevens", seat=ANNA, cards="♠7 ♥7")
    assert t.deal.held[ANNA] == 1
    t.post("sevens", seat=ANNA, cards="♠7")
    assert t.deal.held[ANNA] == 0
    t.check_replay()


def test_a_seven_led_at_the_laying_moment_is_refused_when_sevens_are_a_duty():
    t = dealt()
    err = t.refuse("lay_sevens_first", "play", seat=BO, card="♣7")
    assert err.rule == "Bräus — Sjuorna"
    assert "♣7" not in t.inputs()["play"].fields["card"]
    # With option "may" it is an ordinary (worthless) lead.
    t = dealt(sevens="may")
    assert "♣7" in t.inputs()["play"].fields["card"]
    t.trick("♣7", over=[CIA, DAN, ANNA])
    assert t.deal.done[-1].kind == "set_aside" and t.deal.won == (0, 0)
    assert t.findings() == ()


def test_a_seven_kept_past_the_laying_moment_is_proven_when_shown():
    t = dealt()
    t.trick("♦6", over=[CIA, DAN, ANNA])  # 1: Bo leads without laying a seven, and wins
    t.trick("♥Q", over=[CIA, DAN, ANNA])  # 2: his moment passes again; set aside
    assert t.findings() == ()
    t.trick("♣7", over=[CIA, DAN, ANNA])  # 3: a seven led: he held it before trick 1
    (finding,) = t.findings()
    assert finding.code == "seven_not_laid_down" and finding.seat == BO
    assert finding.params == {"moment_trick": 1, "proof_trick": 3, "card": "♣7"}
    assert "stick 1" in finding.sv and "stick 3" in finding.sv
    assert "trick 1" in finding.en and "trick 3" in finding.en
    t.check_replay()
    # Laid later at a proper moment it proves the same.
    t = dealt()
    t.trick("♦6 ♥6", over=[CIA, ANNA])  # Bo leads (moment 1 passes), Dan wins
    t.trick("♠6 ♥J", over=[ANNA, CIA])  # Dan leads, Bo wins trick 2
    t.post("sevens", seat=BO, cards="♠7")
    (finding,) = t.findings()
    assert finding.params == {"moment_trick": 1, "proof_trick": 3, "card": "♠7"}
    # With option "may" keeping a seven is no breach.
    t = dealt(sevens="may")
    t.trick("♦6 ♥6", over=[CIA, ANNA])
    t.trick("♠6 ♥J", over=[ANNA, CIA])
    t.post("sevens", seat=BO, cards="♠7")
    assert t.findings() == ()


def test_no_sevens_entered_ends_the_moment():
    t = dealt()
    t.post("sevens", seat=BO, cards=[])
    assert "sevens" not in t.inputs() and t.deal.won == (0, 0)
    t.refuse("sevens_not_now", "sevens", seat=BO, cards="♠7")
    assert "result" not in t.inputs()  # the deal is under way


# =====================================================================================
# The play: a higher card or stand over; one to four cards; the highest wins
# =====================================================================================
def test_each_next_player_must_play_higher_or_stand_over():
    t = dealt()
    t.post("play", seat=BO, card="♦A")
    err = t.refuse("not_higher", "play", seat=CIA, card="♠J")
    assert err.params == {"seat": CIA, "card": "♠J", "to_beat": "♦A", "trick": 1}
    t.refuse("card_already_played", "play", seat=CIA, card="♦A")
    t.refuse("not_higher", "play", seat=CIA, card="♥Q")  # a worthless card never follows
    t.refuse("not_higher", "play", seat=CIA, card="♥7")  # nor a seven
    assert set(t.inputs()["play"].fields["card"]) == {
        "♣J", "♠8", "♥K", "♣9", "♠9", "♥9", "♦9", "♣A", "♠A", "♥A"}
    t.post("play", seat=CIA, card="♥A")
    t.refuse("not_higher", "play", seat=DAN, card="♦J")  # higher than the card just before
    t.post("play", seat=DAN, card="♠A")
    t.refuse("not_higher", "play", seat=ANNA, card="♠J")
    t.post("play", seat=ANNA, card="♣A")
    assert t.deal.done[-1].winner == ANNA and t.deal.won == (1, 0)
    t.check_replay()


def test_the_partner_must_be_beaten_too():
    t = dealt()
    t.post("play", seat=BO, card="♦J")
    t.post("pass", seat=CIA)
    t.refuse("not_higher", "play", seat=DAN, card="♣6")  # lower than his partner's ♦J
    t.post("play", seat=DAN, card="♥J")  # Dan beats his own partner
    t.post("pass", seat=ANNA)
    assert t.deal.done[-1].winner == DAN


def test_a_trick_holds_one_to_four_cards():
    t = dealt()
    t.trick("♦6", over=[CIA, DAN, ANNA])  # one card: Bo wins alone
    t.trick("♥6 ♠6", over=[CIA, ANNA])  # two: Bo, Dan
    t.trick("♣6 ♦J ♥J", over=[BO])  # three: Dan, Anna, Cia
    t.trick("♠J ♦A ♥A ♠A", over=[])  # four: Cia, Dan, Anna, Bo
    sizes = [len(d.trick.plays) for d in t.deal.done]
    assert sizes == [1, 2, 3, 4] and max(sizes) == braus.MAX_TRICK_CARDS
    assert [d.winner for d in t.deal.done] == [BO, DAN, CIA, BO]
    assert [d.over for d in t.deal.done] == [(CIA, DAN, ANNA), (CIA, ANNA), (BO,), ()]
    assert t.deal.won == (1, 3)
    t.check_replay()


def test_no_card_can_beat_spit_so_only_standing_over_is_offered():
    t = dealt()
    t.post("play", seat=BO, card="♣J")
    assert "play" not in t.inputs() and "pass" in t.inputs()
    assert "Spit" in t.expected().prompt_en
    t.refuse("not_higher", "play", seat=CIA, card="♠8")


def test_the_leader_cannot_stand_over():
    t = dealt()
    t.refuse("leader_must_lead", "pass", seat=BO)
    t.refuse("leader_must_lead", "trick", cards="", over=[BO, CIA, DAN, ANNA])
    t.refuse("not_your_turn", "pass", seat=CIA)


def test_a_trick_of_worthless_cards_is_set_aside_and_the_same_player_leads():
    t = dealt()
    t.trick("♠Q", over=[CIA, DAN, ANNA])
    done = t.deal.done[-1]
    assert done.kind == "set_aside" and done.winner is None and t.deal.won == (0, 0)
    assert t.expected().seat == BO
    assert braus.describe(t.state)["deal"]["tricks"][0]["kind"] == "set_aside"
    # A worthless lead beaten by any ranked card is won.
    t.trick("♠K ♦6", over=[CIA, DAN])
    assert t.deal.done[-1].winner == ANNA and t.deal.won == (1, 0)
    t.check_replay()


def test_card_already_played_and_turns_in_a_whole_trick():
    t = dealt()
    t.trick("♦6 ♥6", over=[CIA, ANNA])  # Dan wins and leads
    err = t.refuse("card_already_played", "play", seat=DAN, card="♦6")
    assert err.params["trick"] == 1
    t.refuse("trick_size", "trick", cards="♠6 ♣6", over=[ANNA])
    t.refuse("trick_size", "trick", cards="", over=[ANNA, BO, CIA])
    t.post("play", seat=DAN, card="♠6")
    t.refuse("over_not_in_turn", "trick", cards="♣6", over=[DAN, BO])
    t.post("trick", cards="♣6", over=[BO, CIA])
    assert t.deal.done[-1].winner == ANNA


# =====================================================================================
# A stand-over proven wrong later (design principle 3)
# =====================================================================================
def test_stood_over_and_later_shows_a_higher_card_is_a_finding_naming_both_tricks():
    t = dealt()
    t.trick("♦J ♠J", over=[CIA, ANNA])  # 1: Cia stands over against ♦J, Anna against ♠J
    t.trick("♦9", over=[ANNA, BO, CIA])  # 2: Dan alone; the others against ♦9
    assert t.findings() == ()
    t.trick("♥9 ♣9", over=[BO, CIA])  # 3: Anna beats ♥9 with ♣9
    found = {(f.seat, f.params["over_trick"]): f for f in t.findings()}
    assert set(found) == {(ANNA, 1), (ANNA, 2)}
    finding = found[(ANNA, 2)]
    assert finding.code == "stood_over_with_higher" and finding.rule == "Bräus — Spelet"
    assert finding.params == {"over_trick": 2, "against": "♦9", "proof_trick": 3,
                              "proof_card": "♣9"}
    assert "stick 2" in finding.sv and "stick 3" in finding.sv
    assert "trick 2" in finding.en and "trick 3" in finding.en
    t.trick("♠6", over=[BO, CIA, DAN])  # 4: Anna alone; Cia against ♠6
    t.trick("♦A ♥A", over=[BO, DAN])  # 5: Anna leads ♦A, Cia plays ♥A
    cia = sorted((f.params["over_trick"], f.params["against"], f.params["proof_card"])
                 for f in t.findings() if f.seat == CIA)
    # ♥A is higher than ♦J (trick 1) and ♠6 (trick 4), not than ♦9 (2) or ♣9 (3).
    assert cia == [(1, "♦J", "♥A"), (4, "♠6", "♥A")]
    assert not [f for f in t.findings() if f.seat in (BO, DAN)]  # they showed nothing higher
    t.check_replay()


def test_findings_survive_the_next_deal():
    t = dealt()
    t.trick("♦J", over=[CIA, DAN, ANNA])  # Cia stands over against ♦J
    t.trick("♥J ♣9", over=[DAN, ANNA])  # and shows ♣9 in trick 2
    assert [(f.seat, f.params["over_trick"]) for f in t.findings()] == [(CIA, 1)]
    t.post("sevens", seat=CIA, cards=[])
    t.win(CIA, CIA, CIA, CIA, CIA)
    assert t.state.phase == "deal"
    t.post("deal")
    assert (CIA, 1) in [(f.seat, f.params["over_trick"]) for f in t.findings()]
    assert t.state.deal.findings == ()


# =====================================================================================
# Ritor: six tricks, jan, 5–5, no six
# =====================================================================================
def test_six_tricks_stop_the_deal_one_rita_one_stroke():
    t = dealt()
    t.win(BO, ANNA, ANNA, ANNA, DAN, ANNA, ANNA)
    assert t.deal.won == (5, 2) and t.state.phase == "play"
    t.win(ANNA)  # the sixth: the deal stops here
    assert t.deal.won == (6, 2) and t.state.phase == "deal"
    assert t.deal.outcome.kind == "rita" and t.deal.outcome.ritor == braus.RITA == 1
    assert t.state.ritor == (1, 0)
    row = t.sheet().rows[-1]
    assert row.kind == "deal" and row.changes == (1, None) and row.totals == (1, 0)
    assert row.marks == ("|", "")
    assert row.label_sv == "Giv 1: Anna & Cia 6–2 – en rita"
    assert t.state.dealer == BO  # after a rita the deal passes clockwise
    assert t.sheet().notes["dealer"] == BO
    t.refuse("not_expected", "play", seat=BO, card="♣J")
    t.check_replay()


def test_jan_six_in_a_row_two_ritor_even_after_the_others_took_tricks():
    t = dealt()
    t.win(DAN, BO)  # the other pair first ("även om det andra paret tidigare tagit ...")
    t.win(ANNA, ANNA, CIA, CIA, ANNA, ANNA)
    assert t.deal.won == (6, 2) and t.deal.outcome.kind == "jan"
    assert t.deal.outcome.ritor == braus.JAN == 2
    row = t.sheet().rows[-1]
    assert row.changes == (2, None) and row.marks == ("||", "")
    assert "jan" in row.label_sv and "två ritor" in row.label_sv
    t.check_replay()


def test_sevens_count_in_the_row_and_a_set_aside_trick_does_not_break_it():
    def play(t):
        t.win(DAN)
        t.win(ANNA, ANNA, ANNA)
        t.post("sevens", seat=ANNA, cards="♠7")  # the fourth in the row
        t.trick("♥Q", over=[BO, CIA, DAN])  # set aside, Anna leads again
        t.win(ANNA)
        t.post("sevens", seat=ANNA, cards="♦7")  # the sixth
        return t

    t = play(dealt(sevens="may"))
    assert t.deal.won == (6, 1) and t.deal.outcome.kind == "jan"
    assert t.state.ritor == (2, 0)
    t.check_replay()
    strict = play(dealt(sevens="may", set_aside_breaks_row=True))
    assert strict.deal.outcome.kind == "rita" and strict.state.ritor == (1, 0)


def test_sevens_beyond_the_sixth_trick_are_refused():
    t = dealt()
    t.win(ANNA, ANNA, ANNA, ANNA, BO, ANNA)  # Anna & Cia at five, Anna leads
    assert t.deal.won == (5, 1) and t.expected().seat == ANNA
    err = t.refuse("deal_already_decided", "sevens", seat=ANNA, cards="♠7 ♥7")
    assert err.params["card"] == "♥7"
    t.refuse("deal_already_decided", "trick", sevens="♠7", cards="♣J", over=[BO, CIA, DAN])
    t.post("sevens", seat=ANNA, cards="♠7")
    assert t.deal.won == (6, 1) and t.deal.outcome.kind == "rita"


def five_five(first: str = "♣K", cia_lays: bool = True) -> Table:
    """A whole deal with every stand-over honest: all 18 ranked cards in six tricks, the
    four sevens, five tricks each. Bo leads ``first`` to trick 2 (♣K, won by Anna)."""
    t = dealt()
    t.post("sevens", seat=BO, cards="♠7")  # 1: Bo
    t.trick(f"{first} ♦6 ♥6 ♠6")  # 2: Bo leads, Cia, Dan, Anna — Anna wins
    t.post("sevens", seat=ANNA, cards="♥7")  # 3: Anna
    t.trick("♣6 ♦J ♥J ♠J")  # 4: Anna, Bo, Cia, Dan — Dan wins
    t.post("sevens", seat=DAN, cards="♣7")  # 5: Dan
    t.trick("♦A ♥A ♠A ♣A")  # 6: Dan, Anna, Bo, Cia — Cia wins
    if cia_lays:
        t.post("sevens", seat=CIA, cards="♦7")  # 7: Cia
    t.trick("♥K ♠8 ♣J", over=[BO])  # Cia, Dan, Anna — Anna wins; Bo cannot beat ♣J
    t.trick("♦9 ♣9", over=[CIA, DAN])  # Anna leads, Bo wins; Cia, Dan have nothing above ♣9
    t.trick("♥9 ♠9", over=[CIA, ANNA])  # Bo leads, Dan wins with ♠9 (below the ♣9)
    return t


def test_five_each_club_king_decides_the_rita():
    t = five_five("♣K")
    assert t.deal.won == (5, 5) and t.findings() == ()
    # Every ranked card and every seven is out: no trick can be won, the deal is over.
    out = t.deal.outcome
    assert (out.kind, out.side, out.ritor, out.tricks) == ("utslag", 0, 1, (5, 5))
    row = t.sheet().rows[-1]
    assert row.changes == (1, None) and row.marks == ("|", "")
    assert row.label_sv == "Giv 1: 5–5, Anna & Cia har ♣K (utslagskortet) – en rita"
    assert t.state.dealer == BO
    assert sum(t.deal.held) + len(t.seen()) == 36  # every card in one place
    t.check_replay()


def test_five_each_without_club_king_in_a_won_trick_is_no_rita():
    t = five_five("♥Q")
    assert t.deal.won == (5, 5)
    out = t.deal.outcome
    assert (out.kind, out.ritor, out.tricks) == ("none", 0, (5, 5))
    assert t.state.dealer == ANNA and t.state.ritor == (0, 0)
    assert "5–5 utan ♣K" in t.sheet().rows[-1].label_sv
    t.check_replay()


def test_club_king_set_aside_belongs_to_nobody():
    t = dealt()
    t.trick("♣K", over=[CIA, DAN, ANNA])
    assert braus._club_king_side(t.deal) is None


def test_no_pair_with_six_no_rita_and_the_same_dealer_again():
    t = five_five(cia_lays=False)  # Cia kept ♦7: 4–5
    assert t.deal.won == (4, 5) and t.state.phase == "play"
    # ♦7 is still out and Dan has just won: he might lay it down, so the deal goes on.
    assert "sevens" in t.inputs() and t.inputs()["sevens"].fields["cards"] == ["♦7"]
    before = t.state
    t.post("sevens", seat=DAN, cards=[])  # none: no trick can be won any more
    assert t.deal.outcome.kind == "none" and t.state.ritor == (0, 0)
    assert t.state.dealer == ANNA
    assert t.sheet().rows[-1].label_sv == "Giv 1: 4–5, ingen rita – Anna ger om"
    exp = t.expected()
    assert exp.phase == "deal" and exp.seat == ANNA
    t.check_replay()
    # Or he leads a worthless card: nobody can beat it, and nothing can be won after it.
    t.state = before
    t.entries.pop()
    t.post("play", seat=DAN, card="♠Q")
    assert t.deal.outcome.kind == "none" and t.deal.done[-1].kind == "set_aside"
    assert sum(t.deal.held) + len(t.seen()) == 36
    t.check_replay()


# =====================================================================================
# A player without cards
# =====================================================================================
def _anna_runs_out(**options) -> Table:
    t = dealt(**options)
    t.trick("♦6 ♥6", over=[CIA, DAN])  # Bo leads, Anna wins
    t.post("sevens", seat=ANNA, cards=[])
    for card in ("♠10", "♥10", "♦10", "♣10", "♠Q", "♥Q", "♦Q", "♣Q"):
        t.trick(card, over=[BO, CIA, DAN])  # set aside, Anna leads again
    assert t.deal.held[ANNA] == 0 and braus.CARDS_EACH == 9
    return t


def test_a_player_without_cards_is_skipped_and_the_lead_passes_on():
    t = _anna_runs_out()
    assert t.state.phase == "play" and t.expected().seat == BO
    assert "sevens" not in t.inputs()  # the lead passed to him; he won nothing
    assert t.followers() == [CIA, DAN]
    t.trick("♣6", over=[CIA, DAN])
    assert t.deal.done[-1].winner == BO and t.deal.done[-1].over == (CIA, DAN)
    t.trick("♠6 ♥J", over=[CIA, ANNA])  # naming Anna is harmless: she has no turn
    assert t.deal.done[-1].winner == DAN
    t.refuse("not_your_turn", "play", seat=ANNA, card="♣9")
    t.check_replay()


def test_option_the_deal_ends_when_the_leader_has_no_cards():
    t = _anna_runs_out(leader_without_cards="deal_ends")
    assert t.state.phase == "deal" and t.deal.outcome.kind == "none"
    assert t.deal.won == (1, 0) and t.state.dealer == ANNA


# =====================================================================================
# The match: first to six ritor; pissmunkar
# =====================================================================================
def test_first_pair_to_six_ritor_wins_six_nil_are_pissmunkar():
    t = Table()
    for n in range(5):
        t.post("result", outcome="rita", winner=CIA)
        assert t.state.ritor == (n + 1, 0) and t.state.phase == "deal"
    assert t.sheet().rows[-1].marks == ("|||||", "")
    t.post("result", outcome="rita", winner=ANNA)
    assert t.state.ritor == (6, 0) and t.state.phase == "over"
    assert braus.is_over(t.state)
    assert braus.result(t.state) == {"winner": 0, "winners": [ANNA, CIA], "ritor": [6, 0],
                                     "pissmunkar": [BO, DAN]}
    sheet = t.sheet()
    assert sheet.winner == 0 and sheet.rows[-1].marks == ("||||||", "pissmunkar")
    assert sheet.notes["pissmunkar"] == [BO, DAN] and sheet.notes["strokes"] == ["||||||", ""]
    assert t.expected().phase == "over" and t.expected().inputs == ()
    t.refuse("not_expected", "result", outcome="rita", winner=BO)
    t.refuse("not_expected", "deal")
    t.check_replay()


def test_six_to_one_is_a_win_without_pissmunkar_and_a_jan_may_pass_six():
    t = Table()
    t.post("result", outcome="rita", winner=DAN)
    for _ in range(5):
        t.post("result", outcome="rita", winner=ANNA)
    assert t.state.ritor == (5, 1) and t.state.winner is None
    t.post("result", outcome="jan", winner=CIA)
    assert t.state.ritor == (7, 1) and t.state.winner == 0
    assert braus.result(t.state)["pissmunkar"] == []
    assert t.sheet().rows[-1].marks == ("|||||||", "|")


def test_the_deal_passes_clockwise_after_a_rita_and_stays_without_one():
    t = Table(first_dealer=DAN)
    t.post("result", outcome="none")
    assert t.state.dealer == DAN
    t.post("result", outcome="utslag", winner=BO, tricks=[5, 5])
    assert t.state.dealer == ANNA and t.state.ritor == (0, 1)
    t.post("result", outcome="jan", winner=ANNA)
    assert t.state.dealer == BO and t.state.ritor == (2, 1)
    assert [r.kind for r in t.sheet().rows] == ["start", "redeal", "deal", "deal"]


# =====================================================================================
# Quick entry
# =====================================================================================
def test_quick_entry_with_tricks_per_pair_or_per_seat():
    t = Table()
    t.post("result", outcome="rita", winner=BO, tricks=[3, 6])
    assert t.state.ritor == (0, 1)
    assert t.sheet().rows[-1].label_en == "Deal 1: Bo & Dan 6–3 – one rita"
    t.post("deal")
    t.post("result", outcome="jan", winner=CIA, tricks=[4, 0, 2, 1])  # per seat
    assert t.state.ritor == (2, 1) and t.deal.outcome.tricks == (6, 1)
    t.post("result", outcome="none", tricks=[4, 5])
    assert t.state.ritor == (2, 1) and "4–5" in t.sheet().rows[-1].label_sv
    assert t.deal.quick
    t.check_replay()


@pytest.mark.parametrize("fields,code", [
    ({"outcome": "rita"}, "winner_required"),
    ({"outcome": "jan"}, "winner_required"),
    ({"outcome": "none", "winner": BO}, "result_shape"),
    ({"outcome": "rita", "winner": BO, "tricks": [5, 3]}, "result_inconsistent"),
    ({"outcome": "rita", "winner": BO, "tricks": [6, 3]}, "result_inconsistent"),
    ({"outcome": "rita", "winner": BO, "tricks": [6, 7]}, "result_inconsistent"),
    ({"outcome": "utslag", "winner": BO, "tricks": [6, 4]}, "result_inconsistent"),
    ({"outcome": "none", "tricks": [6, 2]}, "result_inconsistent"),
    ({"outcome": "rita", "winner": BO, "tricks": [6]}, "result_shape"),
    ({"outcome": "rita", "winner": BO, "tricks": [-1, 6]}, "result_shape"),
    ({"outcome": "rita", "winner": BO, "tricks": ["6", 2]}, "result_shape"),
])
def test_quick_entry_refusals(fields, code):
    t = Table()
    t.refuse(code, "result", **fields)
    t.post("deal")
    t.refuse(code, "result", **fields)


def test_quick_entry_after_the_deal_event_but_not_after_a_card():
    t = dealt()
    assert "result" in t.inputs()
    t.post("play", seat=BO, card="♦6")
    assert "result" not in t.inputs()
    t.refuse("not_expected", "result", outcome="rita", winner=BO)
    t = dealt()
    t.post("result", outcome="rita", winner=BO)
    assert t.state.ritor == (0, 1) and t.state.deals_started == 1


def test_quick_entry_malformed_is_a_format_error():
    t = Table()
    with pytest.raises(EventFormatError) as info:
        apply_game_event(t.setup, t.state, {"type": "result", "outcome": "seven"})
    assert info.value.code == "bad_field"
    with pytest.raises(EventFormatError) as info:
        apply_game_event(t.setup, t.state, {"type": "result", "outcome": "rita", "jan": 1})
    assert info.value.code == "unknown_field"


# =====================================================================================
# What comes next, the words, the catalog
# =====================================================================================
def test_expected_names_whose_turn_and_which_inputs_with_field_hints():
    t = dealt()
    inputs = t.inputs()
    assert set(inputs) == {"sevens", "play", "trick", "result", "hand"}
    assert inputs["sevens"].fields["cards"] == ["♠7", "♥7", "♦7", "♣7"]
    assert len(inputs["play"].fields["card"]) == 32  # any card but a seven
    assert inputs["trick"].fields["over"] == [CIA, DAN, ANNA]
    assert set(inputs["result"].fields["outcome"]) == set(braus.OUTCOMES)
    t.post("play", seat=BO, card="♥9")
    inputs = t.inputs()
    assert set(inputs) == {"play", "pass", "trick", "hand"} and inputs["pass"].seat == CIA
    assert set(inputs["play"].fields["card"]) == {"♣J", "♠8", "♥K", "♣9", "♠9"}
    assert inputs["play"].fields["to_beat"] == "♥9"


def test_every_event_field_and_choice_has_a_label():
    labels = braus.LABELS
    assert set(labels["events"]) == set(braus.EVENTS)
    shared = {"seat", "card", "cards"}
    for name, spec in braus.EVENTS.items():
        for field_name, kind in {**spec.required, **spec.optional}.items():
            assert field_name in shared or field_name in labels["fields"], field_name
            if kind.startswith("choice:"):
                for value in kind.split(":", 1)[1].split("|"):
                    assert value in labels["values"], value
    from rules_engine.protocol import options_catalog
    for option in options_catalog(braus.Options):
        for choice in option["choices"]:
            assert choice in labels["values"], choice
        assert option["help"]["sv"] and option["help"]["en"]
    for kind in labels.values():
        for sv, en in kind.values():
            assert sv and en


def test_registry_and_catalog():
    for alias in ("braus", "Bräus", "brus"):
        assert get_game(alias) is braus
    entry = catalog_entry(braus)
    assert entry["players"] == {"min": 4, "max": 4}
    assert len(entry["deck"]["cards"]) == 36
    assert {r["ref"] for r in entry["rules"]} == {
        "Bräus — Kort och rangordning", "Bräus — Given", "Bräus — Sjuorna",
        "Bräus — Spelet", "Bräus — Ritor"}
    assert entry["labels"]["events"]["pass"] == {"sv": "Står över", "en": "Stands over"}
    assert {o["name"]: o["default"] for o in entry["options"]} == {
        "sevens": "must", "set_aside_breaks_row": False, "leader_without_cards": "next_player"}


def test_unknown_option_values_are_refused():
    for options in ({"sevens": "sometimes"}, {"leader_without_cards": "nobody"},
                    {"target": 7}):
        with pytest.raises(EventFormatError):
            TableSetup("braus", NAMES, options).new_state()


def test_a_whole_deal_entered_card_by_card_equals_trick_entry():
    """The same deal, once one card per event and once one trick per event."""
    by_card = dealt()
    by_card.post("sevens", seat=BO, cards="♠7")
    by_card.post("play", seat=BO, card="♦6")
    by_card.post("pass", seat=CIA)
    by_card.post("play", seat=DAN, card="♥6")
    by_card.post("play", seat=ANNA, card="♠6")
    by_trick = dealt()
    by_trick.trick("♦6 ♥6 ♠6", over=[CIA], sevens="♠7")
    assert by_card.state == by_trick.state
    by_card.check_replay()
    by_trick.check_replay()


def test_describe_is_plain_json():
    import json
    t = five_five(cia_lays=False)
    text = json.dumps(braus.describe(t.state))
    assert '"kind": "seven"' in text
    described = braus.describe(t.state)["deal"]
    assert described["won"] == [4, 5] and described["may_lay_sevens"] is True
    assert described["to_act"] == DAN and described["held"] == [3, 3, 5, 3]
    json.dumps(braus.sheet(t.state).as_dict())
    json.dumps(braus.expected(t.state).as_dict())


def test_parse_event_accepts_swedish_card_letters():
    event = parse_event(braus.EVENTS, {"type": "play", "seat": 1, "card": "kKn"}, braus.DECK, 4)
    assert event["card"] == C("♣J")


def test_sevens_in_a_whole_trick_entry_follow_the_same_rules():
    t = dealt()
    t.trick("♦6 ♥6", over=[CIA, ANNA])  # Dan wins
    t.trick("♥Q", over=[ANNA, BO, CIA])  # set aside: Dan leads again, no laying moment
    t.refuse("sevens_not_now", "trick", sevens="♣7", cards="♠6", over=[ANNA, BO, CIA])
    t.post("play", seat=DAN, card="♠6")
    t.refuse("sevens_not_now", "trick", sevens="♣7", cards="", over=[ANNA, BO, CIA])


def test_the_worked_examples_in_the_module_hold():
    import doctest

    assert doctest.testmod(braus).failed == 0
