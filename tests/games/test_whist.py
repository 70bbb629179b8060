"""Short whist scenario tests, written from the rule text (file 002, "Whist regler").

Every number in the text's short whist is a test here (the test names say which):

- "Antal spelare: 4", "Antal kort: 52", "13 kort var, ett och ett", the last card turned up;
- "de två som får de högsta korten spelar ihop mot de två som får de lägsta", opposite;
- "Man måste följa färg, annars trumfa eller saka";
- "För varje trick (stick utöver de sex första) ... 1 trickpoäng; nio stick ger alltså 3";
- "först fått ihop 5 trickpoäng"; robber points 3 / 2 / 1 by the opponents' 0 / 1–2 / 3–4;
- "två utgångar har vunnit robberten och får 2 extra robbertpoäng";
- "gör ... paren upp i proportion till skillnaden i robbertpoäng";
- honours Kn-D-K-E: "alla fyra ... 4 trickpoäng", "tre ... 2 trickpoäng", "oavsett hur dessa
  fyra kort var fördelade"; "minst ett trick"; "stannar de på 4 trickpoäng"; the other pair's
  game cancels "tre eller fyra av honnörerna".

Everything goes through real events and the table log (``apply_game_event``, ``replay``),
trick by trick with cards and by quick entry (``result``). Every refusal checks its code,
that it cites a rule, and that the state it was tried on is unchanged.
"""

from __future__ import annotations

import json
import random

import pytest

from rules_engine.cards import FRENCH52, Card
from rules_engine.errors import RuleViolation
from rules_engine.games import whist, whist_play, whist_short
from rules_engine.registry import GAMES, catalog_entry, get_game
from rules_engine.table_log import apply_entry, replay
from tests.engine_table import EngineTable
from tests.game_checks import (check_labels, check_rows_add_up, check_rules_page,
                                check_sheet_exports)

NAMES = ("Anna", "Bo", "Cia", "Dan")
A, B, C, D = 0, 1, 2, 3  # seats clockwise; Anna & Cia against Bo & Dan until a draw


def card(text: str) -> Card:
    return FRENCH52.parse(text)


class Table(EngineTable):
    """One table of a whist game: setup, live state, and the log of what was posted."""

    rule_prefix = "Whist — "

    def __init__(self, game: str = "whist", first_dealer: int = A, **options):
        super().__init__(game, NAMES, first_dealer, **options)

    def quick(self, tricks, honours=None):
        fields = {"tricks": list(tricks)}
        if honours is not None:
            fields["honours"] = list(honours)
        return self.post("result", **fields)

    def expected(self):
        return self.module.expected(self.state)

    def sheet(self):
        return self.module.sheet(self.state)

    def check_replay(self):
        assert replay(self.setup, self.entries) == self.state


# --- dealing real cards ------------------------------------------------------------------------
def deal_cards(rng: random.Random, seating, dealer: int) -> tuple[dict[int, list[Card]], Card]:
    """Shuffle and deal 13 each, one at a time from forehand clockwise; the last card (the
    dealer's thirteenth) is turned up."""
    deck = list(FRENCH52.cards)
    rng.shuffle(deck)
    order = whist_play.clockwise(seating, whist_play.left_of(seating, dealer))
    hands: dict[int, list[Card]] = {p: [] for p in range(4)}
    for index, c in enumerate(deck):
        hands[order[index % 4]].append(c)
    assert order[51 % 4] == dealer and all(len(h) == 13 for h in hands.values())
    return hands, deck[-1]


def winner_of(plays, trump):
    """The rule of the text, written again: the highest trump, else the highest of the led
    suit."""
    trumps = [(s, c) for s, c in plays if c.suit == trump]
    led = plays[0][1].suit
    pool = trumps or [(s, c) for s, c in plays if c.suit == led]
    return max(pool, key=lambda sc: FRENCH52.rank_value(sc[1]))[0]


def legal(hand, led):
    follow = [c for c in hand if c.suit == led]
    return follow or list(hand)


def play_out(t: Table, hands, rng: random.Random | None = None, whole_tricks=False):
    """Play the deal to its end with legal cards (lowest legal card, or random with
    ``rng``); returns the tricks per player and who held which card."""
    number = t.state.deal.number
    while t.state.deal.number == number and t.state.phase == "play":
        cp = t.state.deal.play
        seat = whist_play.to_play(cp)
        options = legal(hands[seat], cp.current.led_suit)
        choice = rng.choice(options) if rng else min(options, key=FRENCH52.rank_value)
        if whole_tricks and not cp.current.plays:
            cards = []
            led = None
            for k in range(4):
                player = whist_play.clockwise(cp.seating, seat)[k]
                c = legal(hands[player], led)[0] if k else choice
                led = led or c.suit
                hands[player].remove(c)
                cards.append(str(c))
            t.post("trick", cards=" ".join(cards))
        else:
            hands[seat].remove(choice)
            t.post("play", seat=seat, card=str(choice))


def stacked():
    """Anna all spades, Bo all hearts, Cia all diamonds, Dan all clubs."""
    return {p: [Card(s, r) for r in FRENCH52.rank_order] for p, s in enumerate("♠♥♦♣")}


# =====================================================================================
# The players, the cards, the draw
# =====================================================================================
def test_antal_spelare_4_antal_kort_52():
    assert whist_short.MIN_PLAYERS == whist_short.MAX_PLAYERS == 4
    assert len(whist_short.DECK) == 52 and whist_short.DECK.name == "french52"
    with pytest.raises(RuleViolation) as info:
        whist_short.new(NAMES[:3])
    assert info.value.code == "player_count" and info.value.rule == "Whist — Given"
    with pytest.raises(RuleViolation) as info:
        whist_short.new(NAMES, first_dealer=4)
    assert info.value.code == "bad_dealer"


def test_without_a_draw_partners_sit_opposite_in_the_order_entered():
    t = Table()
    assert t.state.sides == ((A, C), (B, D)) and t.state.seating == (A, B, C, D)
    assert whist_short.describe(t.state)["sides"] == [[0, 2], [1, 3]]


def test_the_two_highest_cards_play_together_against_the_two_lowest():
    t = Table()
    # Bo draws the ace and Cia the king: they play together, opposite each other.
    t.post("draw", cards=["♠2", "♥A", "♦K", "♣3"])
    assert t.state.sides == ((A, D), (B, C))
    seating = t.state.seating
    assert whist_play.opposite(seating, B) == C and whist_play.opposite(seating, A) == D
    # The highest card, the higher low card, the partner, the other low card, clockwise.
    assert seating == (B, D, C, A)
    row = t.sheet().rows[-1]
    assert row.kind == "draw" and row.marks == ("♠2", "♥A", "♦K", "♣3")
    assert "Anna & Dan mot Bo & Cia" in row.label_sv
    # The draw does not choose the dealer: Anna (the table's first dealer) deals; forehand
    # is her left-hand neighbour in the new seating, Bo.
    assert t.state.dealer == A and t.state.deal.play.leader == B
    t.check_replay()


def test_a_draw_that_keeps_the_partners_keeps_the_seating():
    t = Table()
    t.post("draw", cards=["♠K", "♥2", "♦A", "♣3"])  # Anna and Cia highest: already opposite
    assert t.state.seating == (A, B, C, D) and t.state.sides == ((A, C), (B, D))


def test_only_the_rank_counts_in_the_draw_and_the_ace_is_high_by_default():
    t = Table()
    t.post("draw", cards=["♠A", "♥2", "♦3", "♣A"])
    assert t.state.sides == ((A, D), (B, C))
    low = Table(draw_ace="low")
    low.post("draw", cards=["♠A", "♥2", "♦3", "♣A"])  # the aces are now the lowest cards
    assert low.state.sides == ((A, D), (B, C))
    low = Table(draw_ace="low")
    low.post("draw", cards=["♠A", "♥K", "♦Q", "♣2"])
    assert low.state.sides == ((A, D), (B, C))  # K and Q highest, ace and two lowest


def test_draw_refusals():
    t = Table()
    t.refuse("draw_tie", "draw", cards=["♠K", "♥Q", "♦Q", "♣2"])  # second and third equal
    t.refuse("draw_size", "draw", cards=["♠K", "♥Q", "♦J"])
    t.refuse("card_repeated", "draw", cards=["♠K", "♠K", "♦J", "♣2"])
    t.refuse("bad_card_notation", "draw", cards=["♠K", "♥Q", "♦J", "x"])
    # A tie that does not decide the pairs stands: both aces together.
    t.post("draw", cards=["♠A", "♥A", "♦Q", "♣2"])
    t.refuse("already_drawn", "draw", cards=["♠K", "♥Q", "♦J", "♣2"])
    t.post("trump", card="♠5")
    t.refuse("draw_not_now", "draw", cards=["♠K", "♥Q", "♦J", "♣2"])
    t.refuse("seating_not_now", "seating", order=[0, 1, 2, 3])


def test_seating_enters_how_the_players_really_sit():
    t = Table()
    t.post("seating", order=[A, D, C, B])  # counter to the default orientation
    assert t.state.seating == (A, D, C, B) and t.state.deal.play.leader == D
    t.refuse("partners_not_opposite", "seating", order=[A, C, B, D])
    t.refuse("seating_shape", "seating", order=[A, B, C])
    t.post("draw", cards=["♠2", "♥A", "♦K", "♣3"])  # Bo & Cia: the order above no longer fits
    assert t.state.seating == (B, D, C, A)
    t.post("seating", order=[B, A, C, D])
    assert t.state.seating == (B, A, C, D)


# =====================================================================================
# The deal and the play
# =====================================================================================
def test_the_dealers_last_card_is_turned_up_and_sets_trump():
    t = Table(first_dealer=B)
    exp = t.expected()
    assert exp.phase == "turn" and exp.seat == B and exp.inputs[0].type == "trump"
    assert len(exp.inputs[0].fields["card"]) == 52
    t.refuse("not_expected", "play", seat=C, card="♠2")
    t.post("trump", card="♥7")
    cp = t.state.deal.play
    assert cp.trump == "♥" and cp.trump_card == card("♥7")
    # Forehand, the dealer's left-hand neighbour, leads the first trick.
    assert t.expected().phase == "play" and t.expected().seat == C
    t.refuse("not_expected", "trump", card="♥8")


def test_the_turned_card_is_in_the_dealers_hand():
    t = Table()
    t.post("trump", card="♥7")
    t.post("play", seat=B, card="♠2")
    t.refuse("card_held_by_other", "play", seat=C, card="♥7")
    t.post("play", seat=C, card="♠3")
    t.post("play", seat=D, card="♠4")
    # Anna holds ♥7; spades were led and the app knows no spade of hers: she may trump.
    t.post("play", seat=A, card="♥7")
    assert t.state.deal.play.tricks[0].plays[-1].card == card("♥7")
    assert whist_play.trick_winner(t.state.deal.play.tricks[0], "♥") == A


def test_the_dealer_holding_the_turned_trump_must_follow_a_trump_lead():
    t = Table()
    t.post("trump", card="♥7")
    t.post("play", seat=B, card="♥2")
    t.post("play", seat=C, card="♥3")
    t.post("play", seat=D, card="♥4")
    hint = next(i for i in t.expected().inputs if i.type == "play")
    assert hint.fields["card"][0] == "♥7" and all(c[0] == "♥" for c in hint.fields["card"])
    error = t.refuse("must_follow", "play", seat=A, card="♠2")
    assert error.params["holds"] == "♥7"
    t.post("play", seat=A, card="♥5")  # another heart is fine: ♥7 stays in her hand
    assert t.state.deal.play.known_in_hand(A) == (card("♥7"),)


def test_an_entered_hand_must_hold_the_turned_card():
    t = Table()
    hand = [f"♠{r}" for r in FRENCH52.rank_order]
    t.post("hand", seat=A, cards=hand)
    t.refuse("not_in_hand", "trump", card="♥7")
    t.post("trump", card="♠7")
    t2 = Table()
    t2.post("trump", card="♥7")
    t2.refuse("trump_card_missing", "hand", seat=A, cards=hand)
    t2.refuse("card_held_by_other", "hand", seat=B, cards=["♥7"] + hand[:12])


def test_follow_suit_else_trump_or_discard_and_the_winner_leads():
    t = Table()
    t.post("trump", card="♦2")
    # Bo leads spades; Cia follows, Dan trumps with a diamond, Anna discards a club.
    t.post("trick", cards="♠K ♠A ♦3 ♣4")
    cp = t.state.deal.play
    assert cp.tricks[0].leader == B and whist_play.trick_winner(cp.tricks[0], "♦") == D
    assert cp.won == (0, 0, 0, 1) and t.expected().seat == D
    # Dan leads clubs: the highest club wins, a discarded spade never does.
    t.post("trick", cards="♣5 ♣K ♠2 ♣7")
    assert t.state.deal.play.won == (1, 0, 0, 1) and t.expected().seat == A
    assert t.state.deal.play.tricks[1].leader == D
    t.check_replay()


def test_play_refusals():
    t = Table()
    t.post("trump", card="♦2")
    t.refuse("not_your_turn", "play", seat=A, card="♠2")
    t.refuse("bad_card_notation", "play", seat=B, card="♠1")
    t.refuse("trick_size", "trick", cards="♠2 ♠3 ♠4 ♠5 ♠6")
    t.post("play", seat=B, card="♠K")
    t.refuse("card_already_played", "play", seat=C, card="♠K")
    t.refuse("trick_size", "trick", cards="♠2 ♠3 ♠4 ♠5")
    t.refuse("unknown_event_type", "bid", seat=C, bid=3)
    t.refuse("missing_field", "play", seat=C)


def test_a_revoke_is_proven_later_and_the_finding_names_both_tricks():
    t = Table()
    t.post("trump", card="♦2")
    t.post("trick", cards="♠K ♣3 ♠4 ♠5")  # Cia plays a club to a spade lead
    assert whist_short.findings(t.state) == ()
    t.post("trick", cards="♠A ♠6 ♠7 ♠8")  # Bo won; Cia now plays a spade: the revoke
    (finding,) = whist_short.findings(t.state)
    assert finding.code == "revoke_proven" and finding.seat == C
    assert finding.params == {"suit": "♠", "revoke_trick": 1, "revoke_card": "♣3",
                              "proof_trick": 2, "proof_card": "♠6"}
    assert finding.rule == "Whist — Spelet"
    assert "stick 1" in finding.sv and "trick 2" in finding.en


def test_an_entered_hand_is_checked_card_by_card():
    t = Table()
    hand_b = ["♠2", "♠3", "♥2", "♥3", "♥4", "♥5", "♥6", "♥7", "♥8", "♥9", "♥10", "♥J", "♥Q"]
    t.post("hand", seat=B, cards=hand_b)
    t.refuse("hand_already_entered", "hand", seat=B, cards=hand_b)
    t.refuse("card_held_by_other", "hand", seat=C,
             cards=["♠2"] + [f"♦{r}" for r in FRENCH52.rank_order[:12]])
    t.refuse("hand_size", "hand", seat=C, cards=["♦2", "♦3"])
    t.refuse("card_repeated", "hand", seat=C, cards=["♦2"] * 13)
    t.post("trump", card="♣9")
    t.refuse("not_in_hand", "play", seat=B, card="♦5")
    t.post("play", seat=B, card="♥2")
    t.refuse("card_held_by_other", "play", seat=C, card="♥3")
    t.post("play", seat=C, card="♦5")
    t.post("play", seat=D, card="♥A")
    t.post("play", seat=A, card="♥K")
    # Dan leads spades: Bo holds ♠2 and ♠3, so he must follow.
    t.post("play", seat=D, card="♠K")
    t.post("play", seat=A, card="♠A")
    hint = next(i for i in t.expected().inputs if i.type == "play")
    # The legal cards are Bo's own (sealed for his seat); the public hint does not name his
    # entered cards by leaving the others out.
    assert sorted(hint.fields["legal"]["cards"]) == ["♠2", "♠3"]
    assert hint.fields["legal"]["$sealed"] == B
    assert "♠4" in hint.fields["card"]
    t.refuse("must_follow", "play", seat=B, card="♥4")
    t.post("play", seat=B, card="♠3")
    t.refuse("hand_too_late", "hand", seat=C,
             cards=[f"♦{r}" for r in FRENCH52.rank_order[1:]] + ["♣2"])


def test_13_tricks_then_the_deal_is_scored_and_the_deal_passes_left():
    t = Table()
    hands = stacked()
    t.post("trump", card="♠2")  # Anna deals; ♠2 is hers
    play_out(t, hands)
    last = t.state.last
    assert len(last.play.tricks) == 13 and sum(last.play.won) == 13
    # Bo leads hearts; Anna trumps every trick: Anna & Cia take all 13.
    assert last.play.won == (13, 0, 0, 0)
    assert last.score.tricks == (13, 0) and last.score.trick_points == (7, 0)
    assert t.state.dealer == B and t.state.deal.play.leader == C and t.state.phase == "turn"
    assert t.state.deal.number == 2
    t.check_replay()


# =====================================================================================
# Trick points, games, robbers
# =====================================================================================
def test_nio_stick_ger_3_trickpoang():
    assert whist.trick_points(9) == 3
    assert [whist.trick_points(n) for n in range(14)] == [0] * 7 + [1, 2, 3, 4, 5, 6, 7]
    t = Table(honours=False)
    t.quick([9, 4])
    assert t.state.points == (3, 0)
    assert t.sheet().rows[-1].marks == ("3", "0", "3", "0")
    t.quick([2, 11])  # the other pair: eleven tricks, 5 trick points: game
    assert t.state.games == (0, 1)


def test_5_trick_points_make_game_and_both_pairs_start_again():
    t = Table(honours=False)
    t.quick([10, 3])  # 4
    assert t.state.games == (0, 0) and t.state.points == (4, 0)
    t.quick([7, 6])  # 5: game
    assert t.state.games == (1, 0) and t.state.points == (0, 0)
    row = t.sheet().rows[-1]
    assert "utgång för Anna & Cia" in row.label_sv and row.marks == ("5", "0", "5", "0")


@pytest.mark.parametrize("opponents, robber_points", [(0, 3), (1, 2), (2, 2), (3, 1), (4, 1)])
def test_robber_points_3_2_1_by_the_opponents_trick_points(opponents, robber_points):
    assert whist.robber_points_for_game(opponents) == robber_points
    t = Table(honours=False)
    if opponents:
        t.quick([7 - opponents, 6 + opponents])  # Bo & Dan get their trick points first
    assert t.state.points == (0, opponents)
    t.quick([11, 2])  # then Anna & Cia: five trick points, game
    assert t.state.robber_points == (robber_points, 0)
    assert t.sheet().rows[-1].changes == (robber_points, None, robber_points, None)
    assert t.state.totals == (robber_points, 0, robber_points, 0)


def test_two_games_win_the_robber_and_2_bonus_robber_points():
    t = Table(honours=False)
    t.quick([11, 2])  # game 1 to Anna & Cia, the others at 0: 3
    t.quick([8, 5])
    t.quick([3, 10])  # Bo & Dan 4, Anna & Cia 2
    t.quick([9, 4])  # Anna & Cia 5: game 2, the others have 4: 1
    assert whist_short.is_over(t.state)
    assert t.state.robbers_done[0].robber_points == (3 + 1 + 2, 0)
    rows = t.sheet().rows
    assert [r.kind for r in rows[-2:]] == ["deal", "robber"]
    assert rows[-1].changes == (2, None, 2, None) and rows[-1].marks == ("||", "", "||", "")
    assert t.state.totals == (6, 0, 6, 0)
    assert whist_short.result(t.state)["winners"] == [A, C]
    assert t.sheet().winner == A and t.sheet().notes["winners"] == [A, C]
    t.refuse("not_expected", "result", tricks=[7, 6])
    t.check_replay()


def test_a_robber_of_three_games_and_the_settlement_by_difference():
    t = Table(honours=False, stake_per_point=10)
    t.quick([11, 2])  # Anna & Cia game: 3
    t.quick([4, 9])  # Bo & Dan 3
    t.quick([5, 8])  # Bo & Dan 5: game, the others 0: 3
    t.quick([8, 5])  # Anna & Cia 2
    t.quick([3, 10])  # Bo & Dan 4
    t.quick([4, 9])  # Bo & Dan 7: game 2 (the others have 2: 2 robber points) + 2 bonus
    result = whist_short.result(t.state)
    assert result["robbers"][0]["robber_points"] == [3, 3 + 2 + 2]
    assert result["robbers"][0]["difference"] == 4
    # The pairs settle in proportion to the difference: 4 × 10 to each winner.
    assert whist_short.sheet(t.state).settlement == (-40, 40, -40, 40)
    assert result["settlement"] == [-40, 40, -40, 40]


def test_option_robbers_and_a_new_draw_before_the_second_robber():
    t = Table(honours=False, robbers=2)
    t.quick([11, 2])
    t.quick([12, 1])  # the first robber: 3 + 3 + 2 = 8 to 0
    assert not whist_short.is_over(t.state) and t.state.robber == 2
    assert t.state.games == (0, 0) and t.state.robber_points == (0, 0)
    draw = [i for i in t.expected().inputs if i.type == "draw"]
    assert draw and draw[0].fields == {"cards": 4}
    t.post("draw", cards=["♠A", "♥K", "♦2", "♣3"])  # Anna & Bo together now
    assert t.state.sides == ((A, B), (C, D))
    t.quick([13, 0])  # Anna & Bo game: 3
    t.quick([0, 13])  # Cia & Dan game: 3
    t.quick([13, 0])  # Anna & Bo game 2: 3 + 3 + 2 = 8 against 3
    assert whist_short.is_over(t.state)
    assert [r.difference for r in t.state.robbers_done] == [8, 5]
    # Anna won both (+8 +5), Cia the first (+8 −5), Bo the second (−8 +5), Dan neither.
    assert whist_short.sheet(t.state).settlement == (13, -3, 3, -13)
    assert t.state.winners == (A,)
    t.check_replay()


# =====================================================================================
# Honours
# =====================================================================================
@pytest.mark.parametrize("held, points", [((4, 0), (4, 0)), ((3, 1), (2, 0)),
                                          ((2, 2), (0, 0)), ((1, 3), (0, 2)),
                                          ((0, 4), (0, 4))])
def test_all_four_honours_4_trick_points_three_2(held, points):
    t = Table()
    t.quick([7, 6], held)
    score = t.state.last.score
    assert score.honour_points == points
    assert score.after == (1 + points[0], points[1])
    assert t.state.games == ((1, 0) if points[0] == 4 else (0, 0))


def test_honours_count_however_they_lay_in_the_pair():
    for per_player in ([4, 0, 0, 0], [1, 0, 3, 0], [2, 0, 2, 0], [0, 0, 4, 0]):
        t = Table()
        t.quick([7, 6], per_player)
        assert t.state.last.score.honours_held == (4, 0)
        assert t.state.last.score.after == (5, 0) and t.state.games == (1, 0)  # game


def test_honours_alone_never_make_game_the_pair_stops_at_4():
    t = Table()
    t.quick([9, 4], [1, 3])  # Anna & Cia 3 by tricks; Bo & Dan 2 by three honours
    assert t.state.points == (3, 2)
    t.quick([7, 6], [0, 4])  # Bo & Dan, no trick over six, would reach 6: they stop at 4
    score = t.state.last.score
    assert score.stopped == (1,) and score.honour_points == (0, 2)
    assert t.state.points == (4, 4) and t.state.games == (0, 0)
    assert "stannar på 4" in t.sheet().rows[-1].label_sv
    t.quick([7, 6], [1, 3])  # again: Bo & Dan stay at 4; Anna & Cia 5 by a trick: game
    assert t.state.games == (1, 0) and t.state.last.score.cancelled == (1,)


def test_honours_refusals():
    t = Table()
    t.refuse("honours_required", "result", tricks=[7, 6])
    t.refuse("honours_do_not_add_up", "result", tricks=[7, 6], honours=[2, 1])
    t.refuse("result_shape", "result", tricks=[7, 6], honours=[2, 1, 1])
    t.refuse("bad_field", "result", tricks=[7, 6], honours="3-1")
    off = Table(honours=False)
    off.refuse("honours_not_counted", "result", tricks=[7, 6], honours=[3, 1])


def test_four_honours_without_a_trick_from_nothing_and_with_a_trick_to_game():
    t = Table()
    t.quick([9, 4], [0, 4])  # Bo & Dan: no trick over six, 0 + 4 = 4: nothing to stop
    assert t.state.points == (3, 4) and t.state.last.score.stopped == ()
    t.quick([6, 7], [0, 4])  # Bo & Dan: one trick point and four honours: 9, game
    assert t.state.games == (0, 1) and t.state.last.score.after == (3, 9)
    assert t.state.robber_points == (0, 1)  # Anna & Cia had 3 at that moment


def test_honours_after_a_trick_may_make_game():
    t = Table()
    t.quick([10, 3], [0, 4])  # Anna & Cia 4 by tricks, Bo & Dan 4 by honours: no game
    assert t.state.points == (4, 4) and t.state.games == (0, 0)
    t.quick([7, 6], [3, 1])  # Anna & Cia: 5 by the trick, +2 honours: game at 7
    assert t.state.games == (1, 0) and t.state.last.score.after == (7, 4)
    # The opponents had 4 at that moment: 1 robber point.
    assert t.state.robber_points == (1, 0)


def test_a_game_cancels_the_other_pairs_honours():
    t = Table()
    t.quick([11, 2], [0, 4])  # Anna & Cia game by tricks; Bo & Dan's four honours fall
    score = t.state.last.score
    assert score.cancelled == (1,) and score.honour_points == (0, 0)
    assert t.state.robber_points == (3, 0)  # the opponents had 0
    row = t.sheet().rows[-1]
    assert "strukna" in row.label_sv and "cancelled" in row.label_en


def test_option_honours_off():
    t = Table(honours=False)
    assert t.state.rules.honours is False
    t.quick([7, 6])
    assert t.state.last.score.honours_held is None and t.state.points == (1, 0)


def test_honours_are_counted_from_the_cards_played():
    rng = random.Random(4)
    for dealer in range(4):
        t = Table(first_dealer=dealer)
        hands, turned = deal_cards(rng, t.state.seating, dealer)
        held = {p: list(h) for p, h in hands.items()}
        t.post("trump", card=str(turned))
        play_out(t, hands, rng)
        honours = [Card(turned.suit, r) for r in ("J", "Q", "K", "A")]
        per_side = tuple(sum(1 for c in honours if c in held[p] or c in held[q])
                         for p, q in t.state.sides)
        assert t.state.last.score.honours_held == per_side
        t.check_replay()


# =====================================================================================
# Quick entry
# =====================================================================================
def test_quick_entry_per_side_or_per_player():
    t = Table()
    t.quick([3, 2, 4, 4], [1, 1, 1, 1])  # per player: Anna & Cia 7, Bo & Dan 6
    assert t.state.last.score.tricks == (7, 6) and t.state.points == (1, 0)
    assert t.state.last.quick and t.state.dealer == B


def test_quick_entry_refusals():
    t = Table()
    t.refuse("tricks_do_not_add_up", "result", tricks=[7, 7], honours=[2, 2])
    t.refuse("result_shape", "result", tricks=[7, 6, 0], honours=[2, 2])
    t.refuse("result_shape", "result", tricks=[7, -1, 7], honours=[2, 2])
    t.refuse("result_shape", "result", tricks=[14, -1], honours=[2, 2])
    t.refuse("bad_field", "result", tricks="7 6", honours=[2, 2])
    t.post("trump", card="♥5")
    t.quick([7, 6], [2, 2])  # the trump turned, no card played yet: still quick
    t.post("trump", card="♥5")
    t.post("play", seat=C, card="♠2")
    t.refuse("quick_not_now", "result", tricks=[7, 6], honours=[2, 2])


def test_expected_offers_quick_entry_and_hands_until_the_first_card():
    t = Table()
    types = [i.type for i in t.expected().inputs]
    assert types[:2] == ["trump", "result"] and types.count("hand") == 4
    assert {"draw", "seating"} <= set(types)
    quick = next(i for i in t.expected().inputs if i.type == "result")
    assert quick.fields["honours"] == "required" and quick.fields["sides"] == [[0, 2], [1, 3]]
    assert quick.fields["tricks"] == list(range(14))
    t.post("trump", card="♥5")
    types = [i.type for i in t.expected().inputs]
    assert types[:3] == ["play", "trick", "result"] and "draw" not in types
    t.post("play", seat=B, card="♠2")
    types = [i.type for i in t.expected().inputs]
    assert "result" not in types and types.count("hand") == 3
    trick = next(i for i in t.expected().inputs if i.type == "trick")
    assert trick.fields == {"cards": 3}


# =====================================================================================
# The protokoll, the catalog, the log
# =====================================================================================
def test_the_sheet_adds_up_and_renders():
    t = Table(honours=False)
    t.post("draw", cards=["♠A", "♥K", "♦2", "♣3"])
    for tricks in ([11, 2], [4, 9], [5, 8], [8, 5]):
        t.quick(tricks)
    sheet = t.sheet()
    check_rows_add_up(sheet.rows, [0] * 4, t.state.totals)
    assert sheet.notes["games"] == list(t.state.games)
    assert sheet.notes["totals"]["en"] == "robber points"
    assert sheet.next_dealer == t.state.dealer and sheet.settlement is None
    csv_text = check_sheet_exports(sheet, NAMES)
    assert "utgång" in csv_text


def test_registry_catalog_and_labels():
    assert get_game("whist") is whist_short and get_game("short_whist") is whist_short
    assert whist_short in GAMES
    entry = catalog_entry(whist_short)
    json.dumps(entry)
    assert entry["players"] == {"min": 4, "max": 4} and entry["deck"]["name"] == "french52"
    assert {o["name"]: o["default"] for o in entry["options"]} == {
        "honours": True, "robbers": 1, "stake_per_point": 1, "draw_ace": "high"}
    assert set(entry["events"]) == {"draw", "seating", "trump", "hand", "play", "trick",
                                    "result"}
    check_labels(whist_short, all_events=True)
    refs = [r["ref"] for r in entry["rules"]]
    assert refs == ["Whist — Dragning", "Whist — Given", "Whist — Spelet",
                    "Whist — Poängräkning", "Whist — Honnörspoäng"]


def test_describe_is_json_and_hides_the_hands():
    t = Table()
    hand = [f"♠{r}" for r in FRENCH52.rank_order]
    t.post("hand", seat=C, cards=hand)
    t.post("trump", card="♥9")
    t.post("trick", cards="♥2 ♠2 ♥3 ♥9")
    described = whist_short.describe(t.state)
    text = json.dumps(described)
    assert "♠K" not in text  # Cia's entered hand is her own
    assert described["deal"]["hands_entered"] == [C]
    assert described["deal"]["trump"] == "♥" and described["deal"]["trump_card"] == "♥9"
    assert described["deal"]["tricks"][0]["winner"] == A
    assert described["sides"] == [[0, 2], [1, 3]] and described["robber"] == 1
    json.dumps(whist_short.expected(t.state).as_dict())


def test_undo_and_correction_replay_through_the_log():
    t = Table(honours=False)
    t.quick([9, 4])
    entries = list(t.entries)
    state = apply_entry(t.setup, t.state, entries,
                        {"type": "correct", "target": 1,
                         "event": {"type": "result", "tricks": [4, 9]}})
    assert state.points == (0, 3)
    state = apply_entry(t.setup, t.state, entries, {"type": "undo", "target": 1})
    assert state == t.setup.new_state()


def test_the_rules_page_and_the_docstrings_name_every_option_and_event():
    for game in ("whist", "long_whist", "sattrumf", "american_whist", "whist_a_la_guerre"):
        module = get_game(game)
        page = check_rules_page(module, "whist")
        assert f"`{module.ID}`" in page, module.ID
