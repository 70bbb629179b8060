"""Schnapsen (two hands) scenario tests, written from rule file 001 and the README's notes.

Every number in the text is a test here: 2 players, 5 cards in each of 4 suits (20), A 11,
10 10, K 4, Q 3, J 2 (120), 7 game points counted down, 66, the deal of 3 + 1 + 2 (hands of
5, a talon of 10), marriages 20 and 40, game points 1 / 2 / 3 at 33 / 32 / no trick, 2 or 3
against a closer and after a wrong claim, the 10th trick of an exhausted talon, and the
tournament rules' 3 face-down cards. Every refusal checks its code and that the state it was
tried on is unchanged; the log replays to the live state.

Seats: Anna (0) deals the first hand, so Bo (1) leads the first trick. Most hands turn up
♥J: hearts are trumps and the exchange card lies face up itself, unless a test needs it.
"""

from __future__ import annotations

import json

import pytest

from rules_engine.cards import SCHNAPSEN20, SUITS, Card
from rules_engine.errors import EventFormatError, RuleViolation
from rules_engine.games import schnapsen, schnapsen_family as family
from rules_engine.registry import GAMES, catalog_entry, get_game
from rules_engine.table_log import apply_game_event, replay
from tests.engine_table import EngineTable
from tests.game_checks import check_labels, check_rules_page

A, B = 0, 1
NAMES = ("Anna", "Bo")


class Table(EngineTable):
    """One table of a two-handed game of the family: setup, live state, log."""

    def __init__(self, game: str = "schnapsen", first_dealer: int = A, **options):
        super().__init__(game, NAMES, first_dealer, **options)

    def trick(self, cards: str, marriage: bool = False):
        event = {"cards": cards}
        if marriage:
            event["marriage"] = True
        return self.post("trick", **event)

    def tricks(self, *tricks: str):
        for cards in tricks:
            self.trick(cards)
        return self.state

    @property
    def hand(self):
        return self.state.hand

    def settler(self):
        return self.module.describe(self.state)["settler"]

    def points(self):
        return self.module.describe(self.state)["hand"]["points"]

    def last(self):
        return self.state.last.outcome

    def replays(self) -> None:
        assert replay(self.setup, self.entries) == self.state


def started(trump: str = "♥J", **options) -> Table:
    table = Table(**options)
    table.post("deal", trump=trump)
    return table


# --- the cards and the catalog --------------------------------------------------------------
def test_the_deck_is_twenty_cards_ranked_a_10_k_q_j():
    deck = SCHNAPSEN20
    assert len(deck) == 20 and {c.suit for c in deck.cards} == set(SUITS)
    assert all(sum(1 for c in deck.cards if c.suit == s) == 5 for s in SUITS)
    assert deck.rank_order == ("J", "Q", "K", "10", "A")
    assert sorted(family.CARD_POINTS[c.rank] for c in deck.cards if c.suit == "♠") == \
        [2, 3, 4, 10, 11]
    assert family.card_points(deck.cards) == 120
    assert {r: family.CARD_POINTS[r] for r in deck.rank_order} == {
        "A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
    # The notation reads these cards; the nine is not in this deck.
    assert deck.parse("s10") == Card("♠", "10") and deck.parse("hKn") == Card("♥", "J")
    with pytest.raises(RuleViolation) as info:
        deck.parse("♠9")
    assert info.value.code == "card_not_in_deck"


def test_registry_catalog_and_labels():
    assert get_game("schnapsen") is schnapsen and get_game("Snapsen") is schnapsen
    assert schnapsen in GAMES
    entry = catalog_entry(schnapsen)
    json.dumps(entry)
    assert entry["players"] == {"min": 2, "max": 2} and entry["deck"]["name"] == "schnapsen20"
    assert {o["name"]: o["default"] for o in entry["options"]} == {
        "no_peeking": False, "first_lead_plain": False, "marriage_lead_king": False,
        "min_three_face_down": False, "end_of_hand_figures": False, "match_bummerl": 1}
    assert set(entry["events"]) == {"deal", "exchange", "close", "marriage", "play", "trick",
                                    "claim", "result", "hand"}
    check_labels(schnapsen, unlabelled=("seat", "card", "cards"), all_events=True)
    assert set(schnapsen.LABELS["fields"]) == set(schnapsen.LABELS["nouns"])
    how = schnapsen.EVENTS["result"].optional["how"].split(":")[1].split("|")
    assert set(how) <= set(schnapsen.LABELS["values"])
    refs = [r["ref"] for r in entry["rules"]]
    assert refs[0] == "Schnapsen — Korten" and "Schnapsen — Turneringsregler" in refs
    for section in entry["rules"]:
        assert section["summary"]["sv"] and section["summary"]["en"]


def test_the_rules_page_and_the_docstrings_name_every_option_and_event():
    for module in (schnapsen, get_game("schnapsen4"), get_game("sixtysix")):
        check_rules_page(module, "schnapsen", docstring=module.__doc__ + family.__doc__,
                         whole_refs=True)


def test_two_players_only_and_a_real_dealer():
    with pytest.raises(RuleViolation) as info:
        schnapsen.new(("Anna", "Bo", "Cia"))
    assert info.value.code == "player_count"
    with pytest.raises(RuleViolation) as info:
        schnapsen.new(NAMES, first_dealer=2)
    assert info.value.code == "bad_dealer"


# --- the deal -------------------------------------------------------------------------------
def test_the_deal_turns_the_trump_card_and_leaves_a_talon_of_ten():
    t = Table()
    exp = schnapsen.expected(t.state)
    assert exp.phase == "deal" and exp.seat == A
    assert [i.type for i in exp.inputs] == ["deal", "result"]
    assert exp.inputs[0].fields == {"trump": "required"}
    t.post("deal", trump="♥A")
    hand = t.hand
    # 5 each (3 + 2), the turned card, and the rest across it: 20 − 10 = 10 in the talon.
    assert schnapsen.HAND_SIZE == 5 and hand.in_hand == 5
    assert hand.talon == 10 and hand.face_down == 9 and hand.trump == "♥"
    assert hand.trump_card == Card("♥", "A")
    exp = schnapsen.expected(t.state)
    assert exp.phase == "play" and exp.seat == B  # the non-dealer leads the first trick
    settled = t.settler()
    assert settled["trump"] == "♥"
    assert settled["talon"]["cards"] == 10 and settled["talon"]["face_down"] == 9
    assert settled["talon"]["trump_card"] == "♥A" and settled["talon"]["status"] == "open"
    t.refuse("not_expected", "deal", trump="♠A")


def test_the_deal_alternates():
    t = Table()
    for dealer in (A, B, A, B):
        assert schnapsen.expected(t.state).seat == dealer
        t.post("result", winner=B, game_points=1)
    assert [r.kind for r in t.state.rows] == ["start"] + ["hand"] * 4


def test_the_card_notation_is_checked_before_the_rules():
    t = Table()
    with pytest.raises(EventFormatError) as info:
        apply_game_event(t.setup, t.state, {"type": "deal", "trump": "♥X"})
    assert info.value.code == "bad_card_notation"
    t.refuse("card_not_in_deck", "deal", trump="♥9")


# --- tricks while the talon is open -----------------------------------------------------------
def test_any_card_while_the_talon_is_open_and_the_winner_draws_first():
    t = started()
    # Bo leads ♠A; Anna does not follow spades and it is no revoke: the talon is open.
    t.trick("♠A ♦J")
    assert t.hand.tricks[-1].plays[0].seat == B
    assert t.hand.won_tricks == (0, 1) and t.points() == [0, 13]
    assert t.hand.talon == 8 and t.hand.in_hand == 5  # both drew: back to 5
    assert schnapsen.expected(t.state).seat == B  # the winner leads
    t.trick("♠J ♠Q")  # higher card of the suit led wins
    assert t.hand.won_tricks == (1, 1) and schnapsen.expected(t.state).seat == A
    t.trick("♣A ♥Q")  # a trump takes an ace
    assert t.hand.won_tricks == (1, 2)
    t.trick("♣J ♦A")  # another suit never wins
    assert t.hand.won_tricks == (1, 3)
    assert not schnapsen.findings(t.state) and t.settler()["duty"]["follow_and_head"] is False
    t.replays()


def test_play_refusals_leave_the_state_unchanged():
    t = started()
    t.refuse("not_your_turn", "play", seat=A, card="♠A")
    t.refuse("card_in_talon", "play", seat=B, card="♥J")  # the face-up trump card
    t.post("play", seat=B, card="♠A")
    t.refuse("card_already_played", "play", seat=A, card="♠A")
    t.refuse("not_your_turn", "play", seat=B, card="♠K")
    t.refuse("trick_size", "trick", cards="♠K ♠Q")
    t.refuse("not_expected", "deal", trump="♠K")
    with pytest.raises(EventFormatError):
        apply_game_event(t.setup, t.state, {"type": "play", "seat": 2, "card": "♠K"})


# --- the exchange ---------------------------------------------------------------------------------
def test_the_exchange_before_the_first_trick_and_after_drawing():
    t = started("♥A")
    assert t.settler()["exchange"]["allowed"] is True
    t.post("exchange", seat=B)  # before the first trick: "1 回目のカード勝負の前でも"
    hand = t.hand
    assert hand.trump_card == Card("♥", "J") and hand.exchange == (B, Card("♥", "J"),
                                                                    Card("♥", "A"))
    assert Card("♥", "A") in hand.known[B]  # the ace went into Bo's hand, everyone saw it
    t.refuse("exchange_card_is_trump_card", "exchange", seat=B)  # the jack lies under now
    t.refuse("card_in_talon", "play", seat=B, card="♥J")
    t.post("play", seat=B, card="♠J")
    t.refuse("card_held_by_other", "play", seat=A, card="♥A")
    t.post("play", seat=A, card="♠Q")
    assert t.settler()["exchange"]["code"] == "exchange_card_is_trump_card"
    t.replays()


def test_only_the_leader_exchanges_and_only_before_his_card():
    t = started("♥A")
    t.refuse("not_leader", "exchange", seat=A)
    t.post("play", seat=B, card="♠A")
    t.refuse("not_leader", "exchange", seat=B)  # the card is already led
    t.refuse("not_leader", "exchange", seat=A)
    assert t.settler()["exchange"]["allowed"] is False


def test_the_exchange_refuses_the_wrong_card_and_an_unavailable_jack():
    t = started("♥A")
    t.refuse("exchange_wrong_card", "exchange", seat=B, card="♥Q")
    t.trick("♥J ♠A")  # the trump jack is played
    t.refuse("card_already_played", "exchange", seat=B)
    assert t.settler()["exchange"]["code"] == "card_already_played"


def test_no_exchange_once_the_talon_is_closed_or_exhausted():
    t = started("♥A")
    t.post("close", seat=B)
    t.refuse("talon_closed", "exchange", seat=B)
    t = started("♥A")
    t.tricks("♠A ♠J", "♠10 ♠Q", "♠K ♦J", "♦A ♦Q", "♦10 ♦K")  # Bo wins all five
    assert t.hand.talon == 0 and Card("♥", "A") in t.hand.known[A]  # the loser drew it
    t.refuse("talon_exhausted", "exchange", seat=B)
    assert t.settler()["talon"]["status"] == "exhausted"


def test_the_exchange_with_the_last_face_down_card_is_allowed_by_default():
    t = started("♥A")
    t.tricks("♠A ♠J", "♠10 ♠Q", "♠K ♦J", "♦A ♦Q")
    assert t.hand.talon == 2 and t.hand.face_down == 1
    t.post("exchange", seat=B)
    t.trick("♣A ♣J")
    # The loser of the trick that empties the talon takes the face-up card: the jack now.
    assert Card("♥", "J") in t.hand.known[A] and t.hand.trump_card is None


# --- the closing ----------------------------------------------------------------------------------
def test_closing_turns_the_trump_card_down_and_stops_the_drawing():
    t = started("♥A")
    t.trick("♠A ♠J")
    t.post("close", seat=B)
    hand = t.hand
    assert hand.closed_by == B and hand.trump_card is None and hand.turned_down == Card("♥", "A")
    assert hand.talon == 8  # the cards stay, out of play
    assert hand.closed_at == family.Figures((0, 13), (0, 1))
    t.refuse("card_out_of_play", "play", seat=B, card="♥A")
    t.refuse("talon_closed", "close", seat=B)
    t.trick("♠10 ♠Q")
    assert t.hand.talon == 8 and t.hand.in_hand == 4  # no drawing: hands shrink
    settled = t.settler()
    assert settled["talon"]["status"] == "closed" and settled["duty"]["follow_and_head"] is True
    t.replays()


def test_closing_before_the_first_trick_and_after_an_exchange():
    t = started("♥A")
    t.post("exchange", seat=B)
    t.post("close", seat=B)  # "切札表示を交換するときも,1 回目のカード勝負の前でも"
    assert t.hand.turned_down == Card("♥", "J") and t.hand.closed_at.tricks == (0, 0)
    t.refuse("card_out_of_play", "play", seat=B, card="♥J")


def test_only_the_leader_closes_before_his_card():
    t = started()
    t.refuse("not_leader", "close", seat=A)
    t.post("play", seat=B, card="♠A")
    t.refuse("not_leader", "close", seat=B)
    t = started()
    t.tricks("♠A ♠J", "♠10 ♠Q", "♠K ♦J", "♦A ♦Q", "♦10 ♦K")
    t.refuse("talon_exhausted", "close", seat=B)
    with pytest.raises(EventFormatError):  # Schnapsen has no closing before drawing
        apply_game_event(t.setup, t.state, {"type": "close", "seat": B,
                                            "before_drawing": True})


# --- the duty once the talon is closed or exhausted ---------------------------------------------
def test_follow_and_head_checked_with_the_cards_known_in_a_hand():
    t = started("♥A")
    t.tricks("♠A ♠J", "♠10 ♠Q", "♠K ♦J", "♦A ♦Q", "♦10 ♦K")
    assert t.hand.known[A] == (Card("♥", "A"),)  # Anna drew the trump card with the last draw
    assert t.hand.duty_from == 6
    t.post("play", seat=B, card="♥10")
    # Anna holds ♥A: she must follow hearts and beat the ten.
    err = t.refuse("must_follow", "play", seat=A, card="♣J")
    assert err.params == {"seat": A, "card": "♣J", "holds": "♥A", "trick": 6}
    t.refuse("must_head", "play", seat=A, card="♥Q")
    t.post("play", seat=A, card="♥A")
    assert not schnapsen.findings(t.state)


def test_must_trump_when_a_trump_is_known_in_the_hand():
    t = started("♥A")
    t.post("exchange", seat=B)  # Bo holds ♥A now
    t.post("close", seat=B)
    t.tricks("♣A ♣J", "♠A ♠J", "♦J ♦A")  # Anna heads the diamond and leads
    t.post("play", seat=A, card="♣K")
    # Bo may have no club, but then he must trump: ♥A is known in his hand.
    err = t.refuse("must_trump", "play", seat=B, card="♠Q")
    assert err.params["holds"] == "♥A" and err.rule == "Schnapsen — Sticken"
    t.post("play", seat=B, card="♥A")
    t.replays()


def test_a_breach_proven_later_is_a_finding_naming_both_tricks():
    t = started("♥A")
    t.post("close", seat=B)  # the duty applies from the first trick
    t.trick("♠J ♠Q")  # Anna heads
    t.trick("♦J ♦A")  # Anna leads ♦J, Bo heads with ♦A
    t.trick("♠K ♣J")  # Bo leads ♠K, Anna plays a club ...
    assert not schnapsen.findings(t.state)
    t.trick("♠10 ♠A")  # ... and shows ♠A a trick later: she held it in trick 3.
    found = schnapsen.findings(t.state)
    assert len(found) == 1
    finding = found[0]
    assert finding.code == "duty_breach" and finding.seat == A
    assert finding.rule == "Schnapsen — Sticken"
    assert finding.params == {"duty": "follow", "breach_trick": 3, "breach_card": "♣J",
                              "proof_trick": 4, "proof_card": "♠A"}
    assert "stick 3" in finding.sv and "trick 4" in finding.en
    t.replays()


def test_failing_to_head_is_proven_by_the_higher_card_played_later():
    t = started("♥A")
    t.post("close", seat=B)
    t.trick("♠J ♠Q")  # Anna wins and leads
    t.trick("♦K ♦Q")  # Bo follows low ...
    t.trick("♣A ♣J")
    t.trick("♠A ♦10")  # ... Bo: ♦10 would have beaten ♦K in trick 2
    (finding,) = schnapsen.findings(t.state)
    assert finding.seat == B and finding.params["duty"] == "head"
    assert (finding.params["breach_trick"], finding.params["proof_trick"]) == (2, 4)


def test_no_duty_and_no_findings_while_the_talon_is_open():
    t = started("♥A")
    t.trick("♠J ♣A")  # Anna does not follow spades ...
    t.trick("♣J ♠A")  # ... and shows a spade: no revoke while the talon is open
    assert not schnapsen.findings(t.state)


# --- marriages -----------------------------------------------------------------------------------
def test_a_marriage_of_the_first_leader_counts_when_he_wins_a_trick():
    t = started()  # ♥J turned: hearts are trumps
    t.trick("♠K ♠A", marriage=True)  # Bo leads ♠K, shows ♠Q: 20 — and loses the trick
    hand = t.hand
    assert hand.marriages == (family.Marriage(B, "♠", 20, 1, Card("♠", "K"),
                                              Card("♠", "Q")),)
    assert t.points() == [15, 0]
    claims = t.settler()["claims"]
    assert claims[B]["pending"] == 20 and claims[B]["points"] == 0
    t.refuse("card_held_by_other", "play", seat=A, card="♠Q")  # Bo showed it
    t.trick("♦J ♦Q")  # Bo wins a trick: now the 20 count
    assert t.points() == [15, 5 + 20]
    assert t.settler()["claims"][B]["pending"] == 0
    t.replays()


def test_a_trump_marriage_is_40_at_once_for_a_leader_with_a_trick():
    t = started()
    t.trick("♠J ♠A")  # Anna wins 13 and leads
    t.post("marriage", seat=A, card="♥K")  # shows ♥Q: trumps, 40
    assert t.points() == [53, 0] and t.hand.marriages[0].points == 40
    assert Card("♥", "Q") in t.hand.known[A]
    t.post("play", seat=B, card="♣J")
    assert t.points() == [59, 0]


def test_a_claim_right_after_the_marriage_lead():
    t = started()
    t.tricks("♠J ♠A", "♠10 ♠Q", "♦A ♦J")  # Anna: 13 + 13 + 13 = 39
    assert t.points() == [39, 0]
    t.post("marriage", seat=A, card="♣Q")  # 20: 59 — not yet
    assert t.settler()["claims"][A]["right"] is False
    t.post("play", seat=B, card="♣J")
    t.post("marriage", seat=A, card="♦K")  # Anna led ♣Q and won: 64, then 20 more: 84
    assert t.settler()["claims"][A]["right"] is True
    t.post("claim", seat=A)  # mid-trick: "at any moment"
    outcome = t.last()
    assert outcome.how == "claim" and outcome.winners == (A,) and outcome.game_points == 3
    assert outcome.points == (84, 0)


def test_marriage_refusals():
    t = started("♥Q")  # the trump queen lies face up
    t.refuse("not_leader", "marriage", seat=A, card="♠K")
    t.refuse("marriage_not_king_or_queen", "marriage", seat=B, card="♠A")
    err = t.refuse("marriage_card_unavailable", "marriage", seat=B, card="♥K")
    assert err.params["reason"] == "card_in_talon" and err.params["card"] == "♥Q"
    t.trick("♠Q ♠A")  # ♠Q is gone
    err = t.refuse("marriage_card_unavailable", "marriage", seat=A, card="♠K")
    assert err.params["reason"] == "card_already_played"
    t.post("play", seat=A, card="♦J")
    t.refuse("not_leader", "marriage", seat=B, card="♦K")  # the follower never announces
    t.refuse("not_leader", "trick", cards="♦K", marriage=True)
    t.post("play", seat=B, card="♦K")
    assert "♥K" not in t.settler()["marriage"]["cards"] and "♣K" in t.settler()["marriage"]["cards"]


# --- the claim of 66 and the game points --------------------------------------------------------
def test_a_right_claim_scores_1_when_the_opponent_has_33():
    t = started()
    t.tricks("♠A ♠10", "♠K ♦Q", "♠Q ♠J")  # Bo: 21 + 7 + 5 = 33, three tricks
    t.tricks("♣J ♣A", "♣10 ♣K")  # Anna 13 + 14 = 27; the talon is exhausted
    t.tricks("♦A ♦J", "♦10 ♦K")  # Anna 40, 54
    t.trick("♥A ♥10")  # Anna 75
    assert t.points() == [75, 33]
    t.post("claim", seat=A)
    outcome = t.last()
    assert (outcome.how, outcome.winners, outcome.game_points) == ("claim", (A,), 1)
    assert t.state.totals == (6, 7)
    assert "33" in outcome.en and outcome.rule == "Schnapsen — Spelpoäng"
    t.replays()


def test_a_right_claim_scores_2_when_the_opponent_has_32_and_a_trick():
    t = started()
    t.tricks("♠A ♠10", "♠K ♠Q", "♠J ♦J")  # Bo: 21 + 7 + 4 = 32
    t.tricks("♣J ♣A", "♣10 ♣K", "♦A ♦Q", "♦10 ♦K", "♥A ♥J")  # Anna: 13, 27, 41, 55, 68
    assert t.points() == [68, 32]
    t.post("claim", seat=A)
    assert (t.last().game_points, t.state.totals) == (2, (5, 7))


def test_a_right_claim_scores_3_when_the_opponent_has_no_trick():
    t = started()
    t.tricks("♠J ♠A", "♠10 ♠Q", "♠K ♦J", "♦A ♦Q", "♦10 ♦K", "♣A ♣J")
    assert t.points() == [73, 0] and t.hand.won_tricks == (6, 0)
    t.post("claim", seat=A)
    assert (t.last().game_points, t.state.totals) == (3, (4, 7))


def test_a_wrong_claim_gives_the_opponent_2_or_3_if_he_has_no_trick():
    t = started()
    t.trick("♠J ♠A")  # Anna 13, Bo no trick
    t.post("claim", seat=A)
    outcome = t.last()
    assert (outcome.how, outcome.winners, outcome.game_points) == ("wrong_claim", (B,), 3)
    t = started()
    t.trick("♠J ♠A")
    t.post("claim", seat=B)  # Bo claims with 0; Anna has a trick
    assert (t.last().winners, t.last().game_points) == ((A,), 2)


def test_pending_marriage_points_do_not_make_a_claim_right():
    t = started()
    t.trick("♥K ♥A", marriage=True)  # Bo announces 40 and loses the trick
    assert t.settler()["claims"][B]["pending"] == 40
    t.post("claim", seat=B)
    assert t.last().how == "wrong_claim" and t.last().game_points == 2


def test_a_claim_needs_a_hand_in_play():
    t = Table()
    t.refuse("not_expected", "claim", seat=A)


# --- closing: the figures at the moment of closing ------------------------------------------------
CLOSED_HAND = ("♠10 ♠Q", "♠K ♥Q", "♦J ♦A", "♦10 ♦K")


def _closed_by_bo(**options) -> Table:
    t = started(**options)
    t.trick("♠A ♠J")  # Bo 13
    t.post("close", seat=B)  # Anna has no trick at the closing
    t.tricks(*CLOSED_HAND)  # Bo 26; Anna trumps ♠K (7); Bo 39, 53
    return t


def test_a_closed_hand_nobody_claimed_counts_as_the_closers_claim_at_the_end():
    t = _closed_by_bo()
    t.trick("♣A ♣J")  # Bo 66; five tricks after the closing: the hands are empty
    outcome = t.last()
    assert outcome.how == "claim" and outcome.winners == (B,) and outcome.closer == B
    assert outcome.points == (7, 66)
    # Anna had no trick when Bo closed: 3, although she took one later.
    assert outcome.figures == family.Figures((0, 13), (0, 1))
    assert outcome.game_points == 3 and t.state.totals == (7, 4)
    t.replays()


def test_the_end_of_hand_figures_option_after_a_closing():
    t = _closed_by_bo(end_of_hand_figures=True)
    t.trick("♣A ♣J")
    assert t.last().game_points == 2  # Anna: 7 points and a trick at the end


def test_a_closer_who_falls_short_gives_the_opponent_2_or_3_by_his_tricks_at_the_closing():
    t = _closed_by_bo()
    t.trick("♣Q ♣J")  # Bo 58 < 66
    outcome = t.last()
    assert (outcome.how, outcome.winners, outcome.game_points) == ("wrong_claim", (A,), 3)
    t = _closed_by_bo(end_of_hand_figures=True)
    t.trick("♣Q ♣J")
    assert t.last().game_points == 2


def test_a_right_claim_against_the_closer_scores_2_or_3():
    t = started()
    t.post("close", seat=B)  # before the first trick
    t.trick("♠J ♠A")  # Anna 13
    t.trick("♥Q ♥10", marriage=True)  # Anna: 40 counts (she has a trick); Bo heads: 13
    t.trick("♦J ♦A")  # Anna 66
    t.post("claim", seat=A)
    outcome = t.last()
    assert outcome.how == "against_closer" and outcome.game_points == 3  # no trick at closing
    t = started()
    t.trick("♠J ♠A")  # Anna 13 and a trick
    t.trick("♠Q ♠K")  # Bo wins, leads and closes
    t.post("close", seat=B)
    t.trick("♣J ♣A")  # Anna 26
    t.post("marriage", seat=A, card="♥K")  # 66
    t.post("claim", seat=A)
    assert (t.last().how, t.last().game_points) == ("against_closer", 2)


def test_the_last_trick_of_an_exhausted_talon_wins_the_hand():
    t = started()
    t.tricks("♠A ♠J", "♠10 ♠Q", "♠K ♦J", "♦A ♦Q", "♦10 ♦K")  # Bo 60; Anna draws ♥J
    assert t.hand.known[A] == (Card("♥", "J"),)
    t.tricks("♣J ♣K", "♣A ♣Q", "♣10 ♥Q", "♥A ♥J", "♥K ♥10")
    outcome = t.last()
    assert len(t.state.last.tricks) == 10  # "最終回 (10 回目)"
    assert outcome.points == (34, 86)  # Bo never claimed
    assert (outcome.how, outcome.winners, outcome.game_points) == ("last_trick", (A,), 1)
    assert sum(family.card_points(c) for c in t.state.last.won) == 120
    t.replays()


# --- the Bummerl ----------------------------------------------------------------------------------
def test_game_points_count_down_from_7_and_the_bummerl_ends_at_0():
    t = Table()
    for gp, totals in ((3, (7, 4)), (2, (7, 2)), (3, (7, 0))):
        t.post("result", winner=B, game_points=gp)
        assert t.state.totals == totals
    rows = t.state.rows
    assert [r.kind for r in rows] == ["start", "hand", "hand", "hand", "bummerl"]
    assert rows[3].changes == (None, -2)  # 3 won, 2 counted: the rest is lost at 0
    assert rows[4].marks == ("bummerl", "") and "Anna" in rows[4].label_en
    assert schnapsen.is_over(t.state) and t.state.winners == (B,)
    sheet = schnapsen.sheet(t.state)
    assert sheet.winner == B and sheet.notes["bummerl_lost"] == [1, 0]
    assert sheet.notes["start"] == 7 and sheet.notes["direction"] == "down"
    assert schnapsen.result(t.state)["winners"] == [B]
    t.refuse("not_expected", "deal", trump="♠A")
    t.refuse("not_expected", "result", winner=A, game_points=1)
    assert schnapsen.expected(t.state).phase == "over"
    json.dumps(sheet.as_dict())
    assert "Bummerl 1" in sheet.to_text()


def test_several_bummerl_in_a_match():
    t = Table(match_bummerl=3)
    for winner in (B, B, B, A, A, A, B, B, B):  # 3 + 3 + 1... : three hands of 3 each
        t.post("result", winner=winner, game_points=3)
    assert t.state.bummerl_played == 3 and t.state.bummerl_lost == (2, 1)
    assert schnapsen.is_over(t.state) and t.state.winners == (B,)
    assert [r.totals for r in t.state.rows if r.kind == "bummerl"] == [(7, 7), (7, 7), (7, 0)]


def test_a_match_of_no_fixed_length_plays_on():
    t = Table(match_bummerl=0)
    for _ in range(3):
        for _ in range(3):
            t.post("result", winner=A, game_points=3)
    assert t.state.bummerl_played == 3 and not schnapsen.is_over(t.state)
    assert t.state.bummerl_lost == (0, 3)


def test_an_even_match_can_end_level():
    t = Table(match_bummerl=2)
    for winner in (A, A, A, B, B, B):
        t.post("result", winner=winner, game_points=3)
    assert t.state.winners == (A, B) and schnapsen.sheet(t.state).winner is None


# --- quick entry ----------------------------------------------------------------------------------
def test_quick_entry_checks_the_game_points():
    t = Table()
    t.refuse("game_points_range", "result", winner=A, game_points=4)
    t.refuse("game_points_range", "result", winner=A, game_points=0)
    t.refuse("game_points_mismatch", "result", winner=A, game_points=2, loser_points=33)
    t.refuse("game_points_mismatch", "result", winner=A, game_points=1, loser_points=32,
             loser_tricks=2)
    t.refuse("game_points_mismatch", "result", winner=A, game_points=2, loser_tricks=0)
    t.refuse("points_without_tricks", "result", winner=A, game_points=3, loser_points=20,
             loser_tricks=0)
    t.refuse("game_points_mismatch", "result", winner=A, game_points=1, how="wrong_claim")
    t.refuse("game_points_mismatch", "result", winner=A, game_points=2, how="wrong_claim",
             winner_tricks=0)
    t.refuse("winner_without_tricks", "result", winner=A, game_points=1, how="claim",
             winner_tricks=0)
    t.refuse("result_shape", "result", winner=A, game_points=1, loser_tricks=6,
             winner_tricks=5)
    t.post("result", winner=A, game_points=2, loser_points=32, loser_tricks=1, how="claim")
    t.post("result", winner=B, game_points=3, how="against_closer", winner_tricks=0)
    t.post("result", winner=A, game_points=1, how="last_trick", loser_points=40)
    assert t.state.totals == (4, 4)
    assert t.state.last.quick and t.state.last.outcome.how == "last_trick"


def test_quick_entry_only_before_anything_of_the_hand_is_entered():
    t = started()
    t.post("result", winner=B, game_points=1)  # the trump card alone: still a whole hand
    assert t.state.phase == "deal" and t.state.totals == (7, 6)
    t.post("deal", trump="♠A")
    assert schnapsen.expected(t.state).seat == A  # Bo dealt the second hand
    t.post("play", seat=A, card="♠J")
    t.refuse("quick_not_now", "result", winner=A, game_points=1)


# --- the tournament rules -------------------------------------------------------------------------
def test_tournament_no_marriage_or_exchange_on_the_first_lead():
    t = started("♥A", first_lead_plain=True)
    err = t.refuse("first_lead_plain", "exchange", seat=B)
    assert err.rule == "Schnapsen — Turneringsregler"
    t.refuse("first_lead_plain", "marriage", seat=B, card="♠K")
    assert t.settler()["marriage"]["allowed"] is False
    assert t.settler()["close"]["allowed"] is True  # closing is not barred
    t.trick("♠J ♠A")
    t.post("exchange", seat=A)
    t.post("marriage", seat=A, card="♦K")


def test_tournament_a_marriage_is_led_with_the_king():
    t = started(marriage_lead_king=True)
    t.refuse("marriage_lead_king", "marriage", seat=B, card="♠Q")
    t.post("marriage", seat=B, card="♠K")
    assert t.hand.marriages[0].shown == Card("♠", "Q")


def test_tournament_exchange_and_closing_need_three_face_down_cards():
    t = started("♥A", min_three_face_down=True)
    t.tricks("♠A ♠J", "♠10 ♠Q", "♠K ♦J")
    assert t.hand.face_down == 3
    assert t.settler()["exchange"]["allowed"] and t.settler()["close"]["allowed"]
    t.trick("♦A ♦Q")
    assert t.hand.face_down == 1
    err = t.refuse("talon_too_small", "exchange", seat=B)
    assert err.params == {"face_down": 1, "needed": 3}
    t.refuse("talon_too_small", "close", seat=B)
    t = started("♥A")  # without the rule both are allowed with one face-down card
    t.tricks("♠A ♠J", "♠10 ♠Q", "♠K ♦J", "♦A ♦Q")
    assert t.settler()["exchange"]["allowed"] and t.settler()["close"]["allowed"]


def test_tournament_no_peeking_hides_the_running_points():
    t = started(no_peeking=True)
    t.trick("♠J ♠A")
    described = schnapsen.describe(t.state)
    assert "points" not in described["hand"]
    claims = described["settler"]["claims"]
    assert all(c["hidden"] and c["right"] is None for c in claims)
    assert "points" not in claims[0]
    t.post("claim", seat=A)
    assert schnapsen.describe(t.state)["last_hand"]["points"] == [13, 0]


# --- the dispute settler --------------------------------------------------------------------------
def test_the_settler_answers_the_common_quarrels_with_the_rule():
    t = started("♥A")
    s = t.settler()
    assert s["exchange"] == {"allowed": True, "seat": B, "code": None,
                             "rule": "Schnapsen — Bytet", "messages": s["exchange"]["messages"]}
    assert "♥J" in s["exchange"]["messages"]["en"]
    assert s["close"]["allowed"] and s["marriage"]["allowed"]
    assert sorted(s["marriage"]["cards"]) == sorted(
        ["♠K", "♠Q", "♦K", "♦Q", "♣K", "♣Q", "♥K", "♥Q"])
    assert [c["right"] for c in s["claims"]] == [False, False]
    assert s["claims"][0]["rule"] == "Schnapsen — Slutet"
    t.post("play", seat=B, card="♠A")
    s = t.settler()
    # Mid-trick: nobody may exchange, close or announce now — said with the rule.
    for key in ("exchange", "close", "marriage"):
        assert s[key]["allowed"] is False and s[key]["code"] == "not_leader"
    exp = schnapsen.expected(t.state)
    assert [i.type for i in exp.inputs] == ["play", "trick", "claim", "claim"]
    assert exp.inputs[0].fields["talon"] == 10 and exp.inputs[0].fields["trump"] == "♥"
    assert "Trumps: hearts" in exp.prompt_en and "10 cards" in exp.prompt_en
    assert "Trumf: hjärter" in exp.prompt_sv


def test_expected_offers_only_what_the_rules_allow():
    t = started("♥A")
    types = [i.type for i in schnapsen.expected(t.state).inputs]
    assert types == ["play", "trick", "marriage", "exchange", "close", "claim", "claim",
                     "result"]
    t.post("close", seat=B)
    types = [i.type for i in schnapsen.expected(t.state).inputs]
    assert "exchange" not in types and "close" not in types and "result" not in types


# --- issue 15, item 5: quick entry of a hand whose talon was closed -----------------------------
def test_quick_entry_of_a_closed_hand_uses_the_figures_at_the_closing():
    """The audit's example: the opponent had 10 points and a trick when the talon was closed,
    so the closer's right 66 scores 2 game points, not 1 — whatever he had at the end."""
    t = Table()
    closed = dict(winner=A, how="claim", closer=A, opponent_points_at_closing=10,
                  opponent_tricks_at_closing=1, loser_points=40, loser_tricks=3)
    err = t.refuse("game_points_mismatch", "result", game_points=1, **closed)
    assert err.rule == "Schnapsen — Spelpoäng"
    t.post("result", game_points=2, **closed)
    assert t.state.totals == (5, 7)


def test_quick_entry_of_a_closed_hand_in_every_way_it_can_end():
    t = Table()
    # The closer's opponent claims right: 2, or 3 if he had no trick at the closing.
    t.refuse("game_points_mismatch", "result", winner=B, game_points=2, how="against_closer",
             closer=A, opponent_tricks_at_closing=0, winner_tricks=2)
    # A right claim by the closer's opponent is a claim against the closer.
    t.post("result", winner=B, game_points=3, how="claim", closer=A,
           opponent_tricks_at_closing=0, winner_tricks=2)
    assert t.state.last.outcome.how == "against_closer"
    assert t.state.rows[-1].label_en == "Hand 1: Bo 3 (66 against Anna, who closed)"
    # The closer falls short: his opponent scores 2 or 3 by his tricks at the closing.
    t.refuse("game_points_mismatch", "result", winner=A, game_points=3, closer=B,
             opponent_tricks_at_closing=1)
    # The opponent's wrong claim: the closer scores by his own tricks at the closing.
    t.refuse("game_points_mismatch", "result", winner=A, game_points=2, how="wrong_claim",
             closer=A, closer_tricks_at_closing=0, winner_tricks=4)
    t.post("result", winner=A, game_points=3, how="wrong_claim", closer=A,
           closer_tricks_at_closing=0, winner_tricks=4)
    assert t.state.totals == (4, 4)


def test_quick_entry_of_a_closed_hand_refuses_what_cannot_be():
    t = Table()
    t.refuse("closer_required", "result", winner=A, game_points=2,
             opponent_points_at_closing=10)
    err = t.refuse("closed_no_last_trick", "result", winner=A, game_points=1,
                   how="last_trick", closer=A)
    assert err.rule == "Schnapsen — Stängningen"
    t.refuse("how_mismatch", "result", winner=A, game_points=2, how="against_closer",
             closer=A)
    t.refuse("closing_after_end", "result", winner=A, game_points=2, closer=A,
             opponent_points_at_closing=30, opponent_tricks_at_closing=2, loser_points=20,
             loser_tricks=2)
    t.refuse("closing_after_end", "result", winner=A, game_points=2, closer=A,
             opponent_tricks_at_closing=3, loser_tricks=2)
    t.refuse("points_without_tricks", "result", winner=A, game_points=3, closer=A,
             opponent_points_at_closing=10, opponent_tricks_at_closing=0)


def quick_closed_claim(t: Table, winner: int, loser_points: int) -> None:
    """Quick entry of a hand ``winner`` closed and then claimed, the opponent at 10 points
    and one trick when it was closed, at ``loser_points`` and three tricks at the end: with
    the end-of-hand figures deciding, 2 game points are refused and 1 is written."""
    closed = dict(winner=winner, how="claim", closer=winner, opponent_points_at_closing=10,
                  opponent_tricks_at_closing=1, loser_points=loser_points, loser_tricks=3)
    t.refuse("game_points_mismatch", "result", game_points=2, **closed)
    t.post("result", game_points=1, **closed)


def test_quick_entry_of_a_closed_hand_with_the_end_of_hand_figures():
    t = Table(end_of_hand_figures=True)
    quick_closed_claim(t, A, loser_points=40)
    assert t.state.totals == (6, 7)


# --- issue 15, item 6: quick entry must be a hand that can happen ------------------------------
def test_quick_entry_loser_points_mean_a_trick():
    """Points come only with won cards, so a loser with 10 points took a trick: 3 game points
    (the score for a loser without a trick) is impossible."""
    t = Table()
    err = t.refuse("points_mean_a_trick", "result", winner=A, game_points=3, loser_points=10)
    assert err.rule == "Schnapsen — Spelpoäng" and err.params["loser_points"] == 10
    t.refuse("points_mean_a_trick", "result", winner=A, game_points=3, how="claim",
             loser_points=10)
    t.refuse("points_mean_a_trick", "result", winner=A, game_points=3, closer=A,
             opponent_points_at_closing=10)
    t.post("result", winner=A, game_points=2, loser_points=10)
    t.post("result", winner=A, game_points=3, loser_points=0)
    assert t.state.totals == (2, 7)


def test_quick_entry_a_wrong_claim_comes_from_under_66():
    t = Table()
    err = t.refuse("wrong_claim_with_66", "result", winner=A, game_points=2,
                   how="wrong_claim", loser_points=66)
    assert err.rule == "Schnapsen — Slutet"
    t.post("result", winner=A, game_points=2, how="wrong_claim", loser_points=65)
    assert t.state.totals == (5, 7)
    # After a wrong claim 3 is for a winner without a trick: the claimant's points (he has a
    # trick) do not stand in the way.
    t.post("result", winner=B, game_points=3, how="wrong_claim", loser_points=10)
    assert t.state.totals == (5, 4)


# --- issue 15, item 7: English outcome messages -------------------------------------------------
def test_english_outcomes_agree_in_number():
    """"Bo has 33 points … 1 game point", not "Bo have", "1 game points"."""
    t = started()
    t.tricks("♠A ♠10", "♠K ♦Q", "♠Q ♠J", "♣J ♣A", "♣10 ♣K", "♦A ♦J", "♦10 ♦K", "♥A ♥10")
    t.post("claim", seat=A)
    assert t.last().en == ("Anna claims 66 with 75: right. Bo has 33 points and 3 tricks: "
                           "1 game point.")
    t = started()
    t.tricks("♠A ♠J", "♠10 ♠Q", "♠K ♦J", "♦A ♦Q", "♦10 ♦K")
    t.tricks("♣J ♣K", "♣A ♣Q", "♣10 ♥Q", "♥A ♥J", "♥K ♥10")
    assert t.last().en.startswith("Nobody claimed 66: Anna took the last trick and wins the "
                                  "hand. Bo has 86 points and ")
    assert t.last().en.endswith(": 1 game point.")
    t = started()
    t.trick("♠J ♠A")
    t.post("claim", seat=B)
    assert t.last().en == ("Bo claims 66 but has only 0: wrong. Anna had 1 trick: "
                           "2 game points.")
    t = Table()
    t.post("result", winner=A, game_points=1)
    assert t.last().en == "Quick entry: Anna wins 1 game point."
    t.post("result", winner=B, game_points=3)
    assert t.last().en == "Quick entry: Bo wins 3 game points."
