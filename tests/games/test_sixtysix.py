"""66 of other countries: the 24-card game and each difference the text lists, as an option.

Rule file 001, 他の国々の 66: 24 cards with the nines (below the jack, worth 0), 6-card hands;
the previous winner deals; the trump nine is exchanged instead of the jack; some allow no
marriage or exchange on the first lead; Bulgaria and Greece have no duty to head when
following; Germany no marriages after a closing; 10 for the last trick of an exhausted talon;
the end-of-hand figures after a closing; some allow closing with five cards before drawing.
Every number is a test: 24, 6, 0, 10, 5 (and 130 = 120 + 10).
"""

from __future__ import annotations

import json

from rules_engine.cards import SCHNAPSEN24, Card
from rules_engine.games import schnapsen_family as family, sixtysix
from rules_engine.registry import catalog_entry, get_game

from tests.games.test_schnapsen import A, B, Table, quick_closed_claim


def started(trump: str = "♥9", **options) -> Table:
    table = Table("sixtysix", **options)
    table.post("deal", trump=trump)
    return table


# Six tricks empty the talon (12 cards); Anna loses the sixth and draws the trump card.
FIRST_SIX = ("♠A ♠9", "♠10 ♠J", "♠K ♠Q", "♦A ♦9", "♦10 ♦J", "♦K ♦Q")
# Then, under the duty: Anna ♥9 ♥10 ♣A ♣10 ♣K ♣9 against Bo ♥A ♥K ♥Q ♥J ♣Q ♣J.
LAST_SIX = ("♣J ♣K", "♣A ♣Q", "♣10 ♥J", "♥Q ♥10", "♣9 ♥K", "♥A ♥9")


def test_the_deck_and_the_hands():
    assert len(SCHNAPSEN24) == 24
    assert SCHNAPSEN24.rank_order == ("9", "J", "Q", "K", "10", "A")  # the nine below the jack
    assert family.CARD_POINTS["9"] == 0 and family.card_points(SCHNAPSEN24.cards) == 120
    assert get_game("66") is sixtysix and get_game("sechsundsechzig") is sixtysix
    entry = catalog_entry(sixtysix)
    json.dumps(entry)
    assert entry["deck"]["name"] == "schnapsen24"
    assert {o["name"]: o["default"] for o in entry["options"]} == {
        "winner_deals": True, "exchange_rank": "9", "first_lead_plain": False,
        "must_head": True, "no_marriage_after_closing": False, "last_trick_ten": True,
        "end_of_hand_figures": True, "close_before_drawing": False, "match_bummerl": 1}
    assert entry["events"]["close"]["optional"] == {"before_drawing": "bool"}
    assert set(sixtysix.LABELS["events"]) == set(sixtysix.EVENTS)
    assert entry["rules"][0]["ref"] == "66 — Skillnader"
    t = started()
    assert t.hand.in_hand == 6 and t.hand.talon == 12 and t.hand.face_down == 11


def test_a_whole_hand_counts_130_with_the_last_trick_ten():
    t = started()
    t.tricks(*FIRST_SIX)
    assert t.hand.talon == 0 and t.hand.known[A] == (Card("♥", "9"),)
    assert t.hand.duty_from == 7
    t.tricks(*LAST_SIX)
    last = t.state.last
    assert len(last.tricks) == 12
    outcome = last.outcome
    assert outcome.points == (33, 97)  # 87 in cards + 10 for the last trick
    assert sum(outcome.points) == 130
    assert (outcome.how, outcome.winners, outcome.game_points) == ("last_trick", (B,), 1)
    t.replays()


def test_without_the_last_trick_ten_the_hand_counts_120():
    t = started(last_trick_ten=False)
    t.tricks(*FIRST_SIX, *LAST_SIX)
    assert t.last().points == (33, 87)


def test_no_last_trick_ten_in_a_closed_hand():
    t = started()
    t.trick("♠A ♠9")  # Bo 11
    t.post("close", seat=B)  # six cards each, played out without drawing
    t.tricks("♠10 ♠J", "♠K ♠Q", "♦A ♦9", "♦10 ♦J", "♦K ♦Q", "♣A ♣9")
    outcome = t.last()
    assert outcome.points == (0, 71)  # no 10 for the last trick of a closed hand
    # Nobody claimed: as if Bo, who closed, claimed at the end — 71, right; Anna no trick: 3.
    assert (outcome.how, outcome.winners, outcome.game_points) == ("claim", (B,), 3)


def test_the_previous_winner_deals():
    t = Table("sixtysix")
    assert sixtysix.expected(t.state).seat == A
    t.post("result", winner=B, game_points=1)
    assert t.state.dealer == B
    t.post("result", winner=B, game_points=1)
    assert t.state.dealer == B
    t.post("result", winner=A, game_points=1)
    assert t.state.dealer == A
    t = Table("sixtysix", winner_deals=False)
    t.post("result", winner=A, game_points=1)
    assert t.state.dealer == B  # alternating, as in Schnapsen


def test_the_trump_nine_is_exchanged_instead_of_the_jack():
    t = started("♥A")
    err = t.refuse("exchange_wrong_card", "exchange", seat=B, card="♥J")
    assert err.rule == "66 — Skillnader"
    t.post("exchange", seat=B)
    assert t.hand.exchange == (B, Card("♥", "9"), Card("♥", "A"))
    assert t.hand.trump_card == Card("♥", "9")
    t = started("♥A", exchange_rank="J")
    t.post("exchange", seat=B, card="♥J")
    assert t.hand.trump_card == Card("♥", "J")
    t = started("♥9")
    t.refuse("exchange_card_is_trump_card", "exchange", seat=B)


def test_some_allow_no_marriage_or_exchange_on_the_first_lead():
    t = started("♥A", first_lead_plain=True)
    err = t.refuse("first_lead_plain", "exchange", seat=B)
    assert err.rule == "66 — Skillnader"
    t.refuse("first_lead_plain", "marriage", seat=B, card="♠K")
    t = started("♥A")
    t.post("marriage", seat=B, card="♠K")  # by default the first leader may


HEAD_LATER = ("♠K ♠Q", "♣A ♣9", "♦9 ♦A", "♠A ♠J")  # Anna follows ♠K low, shows ♠A later


def test_bulgaria_and_greece_no_duty_to_head_when_following():
    t = started()
    t.post("close", seat=B)
    t.tricks(*HEAD_LATER)
    (finding,) = sixtysix.findings(t.state)
    assert finding.params["duty"] == "head" and finding.params["breach_trick"] == 1
    t = started(must_head=False)
    t.post("close", seat=B)
    t.tricks(*HEAD_LATER)
    assert sixtysix.findings(t.state) == ()
    assert "no duty to head" in t.settler()["duty"]["messages"]["en"]


def _bo_holds_the_trump_ace(**options) -> Table:
    t = started("♥A", **options)
    t.post("exchange", seat=B)  # the nine for the ace: Bo holds ♥A
    t.post("close", seat=B)
    t.trick("♣J ♣A")  # Anna wins and leads
    t.post("play", seat=A, card="♥Q")
    return t


def test_bulgaria_and_greece_still_follow_suit_but_need_not_head():
    t = _bo_holds_the_trump_ace(must_head=False)
    t.refuse("must_follow", "play", seat=B, card="♠A")
    t.post("play", seat=B, card="♥J")  # low, though ♥A would beat the queen
    t = _bo_holds_the_trump_ace()
    t.refuse("must_head", "play", seat=B, card="♥J")


def test_germany_no_marriages_after_a_closing():
    t = started(no_marriage_after_closing=True)
    t.post("marriage", seat=B, card="♠K")  # before the closing: allowed
    t.post("play", seat=A, card="♠A")
    t.post("close", seat=A)
    err = t.refuse("marriage_after_closing", "marriage", seat=A, card="♦K")
    assert err.rule == "66 — Skillnader"
    assert t.settler()["marriage"]["code"] == "marriage_after_closing"
    t = started()
    t.post("close", seat=B)
    t.post("marriage", seat=B, card="♦K")  # without the option a closed talon allows it


CLOSED_BY_BO = ("♠10 ♠J", "♠K ♥Q", "♦9 ♦A", "♦10 ♦J", "♣A ♣9", "♣10 ♣J")


def test_the_end_of_hand_figures_decide_after_a_closing_by_default():
    t = started()
    t.trick("♠A ♠9")  # Bo 11
    t.post("close", seat=B)  # Anna has no trick at the closing
    t.tricks(*CLOSED_BY_BO)  # Anna trumps ♠K: 7 and a trick; Bo reaches 69
    outcome = t.last()
    assert outcome.points == (7, 69) and outcome.how == "claim"
    assert outcome.figures == family.Figures((7, 69), (1, 6)) and outcome.game_points == 2
    t = started(end_of_hand_figures=False)  # as Schnapsen: the figures at the closing
    t.trick("♠A ♠9")
    t.post("close", seat=B)
    t.tricks(*CLOSED_BY_BO)
    assert t.last().game_points == 3


def test_closing_before_drawing_with_five_cards():
    t = started(close_before_drawing=True)
    t.refuse("nothing_to_undraw", "close", seat=B, before_drawing=True)  # no trick yet
    t.trick("♠A ♠9")
    assert t.hand.talon == 10 and t.hand.in_hand == 6
    exp = sixtysix.expected(t.state)
    close = next(i for i in exp.inputs if i.type == "close")
    assert close.choices == (False, True)
    t.post("close", seat=B, before_drawing=True)
    hand = t.hand
    assert hand.talon == 12 and hand.in_hand == 5 and hand.closed_by == B
    assert hand.turned_down == Card("♥", "9")
    t.tricks("♠10 ♠J", "♠K ♠Q", "♦A ♦9", "♦10 ♦J", "♦K ♦Q")  # five more: the hands are empty
    assert len(t.state.last.tricks) == 6 and t.state.hand is None
    t.replays()


def test_closing_before_drawing_gives_back_the_trump_card_of_the_last_draw():
    t = started(close_before_drawing=True)
    t.tricks(*FIRST_SIX)  # the sixth draw empties the talon: Anna took ♥9
    assert t.hand.known[A] == (Card("♥", "9"),)
    t.post("close", seat=B, before_drawing=True)
    hand = t.hand
    assert hand.known[A] == () and hand.turned_down == Card("♥", "9")
    assert hand.talon == 2 and hand.in_hand == 5
    t.refuse("card_out_of_play", "play", seat=B, card="♥9")


def test_closing_before_drawing_refusals():
    t = started()
    t.trick("♠A ♠9")
    t.refuse("close_before_drawing_off", "close", seat=B, before_drawing=True)
    t = started("♥A", close_before_drawing=True)
    t.trick("♠A ♠9")
    t.post("exchange", seat=B)  # the exchange comes after drawing: the draw stands
    t.refuse("nothing_to_undraw", "close", seat=B, before_drawing=True)
    t.post("close", seat=B)  # closing after drawing still is allowed
    t = started(close_before_drawing=True)
    t.trick("♠A ♠9")
    t.post("play", seat=B, card="♠10")
    t.refuse("not_leader", "close", seat=B, before_drawing=True)


# --- issue 15, item 5: quick entry of a closed hand -------------------------------------------
# Bo closes when Anna has 10 points and a trick (♠9 ♠10); Anna then reaches 33 points and
# three tricks before Bo claims 66 with a trump marriage. The figures at the closing decide:
# 2 game points ("山札を閉じた場合,ゲーム点を区別する点・枚数は,山札を閉じたときのもの").
CLOSED_HAND_BEFORE = ("♠9 ♠10", "♦9 ♦A")  # Anna 10 points, 1 trick; Bo 11, 1 trick
CLOSED_HAND_AFTER = ("♥9 ♥A", "♥10 ♥J", "♦K ♦10")  # Anna 33 points, 3 tricks; Bo 25


def play_the_closed_hand(**options) -> Table:
    t = started("♣J", **options)
    t.tricks(*CLOSED_HAND_BEFORE)
    t.post("close", seat=B)
    assert t.hand.closed_at.points == (10, 11) and t.hand.closed_at.tricks == (1, 1)
    t.tricks(*CLOSED_HAND_AFTER)
    t.trick("♣K ♣9", marriage=True)  # Bo: 25 + 4 + 40 = 69
    t.post("claim", seat=B)
    return t


def test_a_closed_hand_is_scored_on_the_figures_at_the_closing():
    t = play_the_closed_hand(end_of_hand_figures=False)
    outcome = t.last()
    assert outcome.points == (33, 69) and t.state.last.won_tricks == (3, 3)
    assert (outcome.how, outcome.winners, outcome.game_points) == ("claim", (B,), 2)
    t.replays()


def test_quick_entry_of_that_closed_hand_needs_the_figures_at_the_closing():
    t = Table("sixtysix", end_of_hand_figures=False)
    closed = dict(winner=B, how="claim", closer=B, opponent_points_at_closing=10,
                  opponent_tricks_at_closing=1, loser_points=33, loser_tricks=3)
    err = t.refuse("game_points_mismatch", "result", game_points=1, **closed)
    assert err.params["loser_points"] == 10 and err.params["loser_tricks"] == 1
    assert "10 points and 1 trick at the closing" in err.message("en")
    # Without the closing the entry is read as an unclosed hand, and the refusal says why.
    end_only = {k: v for k, v in closed.items() if "closing" not in k and k != "closer"}
    err = t.refuse("game_points_mismatch", "result", game_points=2, **end_only)
    assert "Was the talon closed?" in err.message("en")
    t.post("result", game_points=2, **closed)
    assert t.state.totals == (7, 5) and t.state.last.outcome.closer == B
    assert t.state.rows[-1].label_en == "Hand 1: Bo 2 (66 right)"


def test_with_the_end_of_hand_figures_the_same_hand_scores_1():
    t = play_the_closed_hand()  # 66's default: the end-of-hand figures decide
    assert t.last().game_points == 1
    q = Table("sixtysix")
    quick_closed_claim(q, B, loser_points=33)
    assert q.state.totals == (7, 6)


def test_quick_entry_consistency_in_66():
    """Issue 15, item 6: points mean a trick; a wrong claim comes from under 66."""
    t = Table("sixtysix")
    t.refuse("points_mean_a_trick", "result", winner=A, game_points=3, loser_points=10)
    t.refuse("wrong_claim_with_66", "result", winner=A, game_points=2, how="wrong_claim",
             loser_points=70)
    t.post("result", winner=A, game_points=3, loser_points=0, loser_tricks=0)
