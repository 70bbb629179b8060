"""The whist variants of file 002, "Whist regler", one game id each.

- *long whist*: "för utgång krävs 10 trick-poäng";
- *sättrumf*: "färgen på förhands första utspelade kort blev trumffärgen";
- *Amerikansk whist*: "inga honnörspoäng", "7 trickpoäng för utgång", "möjligt att ordna
  utgång på en enda giv, genom att ta alla tretton sticken";
- *Whist á la guerre*: "alla mot alla"; "stick utöver de fyra första ... 1 poäng"; of E–10
  "tre ... 2 poäng", "fyra ... 4 poäng", "alla fem ... 5 poäng"; "9 el-ler fler poäng"; "bara
  en utgång behövs"; "minst ett trick; har man inte det, blir man stående på 8 poäng".
"""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from rules_engine.cards import FRENCH52, Card
from rules_engine.games import (whist, whist_a_la_guerre, whist_american, whist_long,
                                whist_play, whist_sattrumf)
from rules_engine.registry import GAMES, catalog_entry, get_game
from tests.games.test_whist import NAMES, Table, deal_cards, play_out

A, B, C, D = 0, 1, 2, 3


def test_every_variant_is_its_own_game_id_in_the_registry():
    ids = {"whist": "whist_short", "long_whist": "whist_long", "sattrumf": "whist_sattrumf",
           "american_whist": "whist_american", "whist_a_la_guerre": "whist_a_la_guerre"}
    for game_id, module in ids.items():
        game = get_game(game_id)
        assert game.__name__.endswith(module) and game in GAMES
        assert game.ID == game_id and game.DECK.name == "french52"
        entry = catalog_entry(game)
        assert entry["players"] == {"min": 4, "max": 4}
        assert set(game.EVENTS) <= set(game.LABELS["events"])
        for option in fields(game.Options):
            for choice in option.metadata.get("choices", ()):
                if isinstance(choice, str):
                    assert choice in game.LABELS["values"], choice
    assert get_game("sättrumf") is whist_sattrumf
    assert get_game("amerikansk_whist") is whist_american
    assert get_game("à_la_guerre") is whist_a_la_guerre


# =====================================================================================
# Long whist
# =====================================================================================
def test_long_whist_game_takes_10_trick_points():
    t = Table("long_whist")
    assert t.state.rules.game_at == whist.LONG_GAME_AT == 10
    t.quick([13, 0], [2, 2])  # 7: no game yet
    assert t.state.points == (7, 0) and t.state.games == (0, 0)
    t.quick([9, 4], [2, 2])  # 10: game, the opponents at 0: 3
    assert t.state.games == (1, 0) and t.state.robber_points == (3, 0)
    assert [s.ref for s in whist_long.RULES][-1] == "Whist — Long whist"


def test_long_whist_honours_alone_stop_one_short_at_9():
    t = Table("long_whist")
    t.quick([13, 0], [2, 2])  # 7
    t.quick([6, 7], [4, 0])  # no trick over six: 7 + 4 = 11 would be game: they stop at 9
    assert t.state.points == (9, 1) and t.state.last.score.stopped == (0,)
    assert t.state.games == (0, 0)


@pytest.mark.parametrize("table, opponents, robber_points", [
    ("scaled", 4, 2), ("scaled", 5, 1), ("as_short", 2, 2), ("as_short", 3, 1),
    ("as_short", 9, 1), ("scaled", 0, 3), ("as_short", 0, 3)])
def test_long_whist_robber_points_option(table, opponents, robber_points):
    assert whist.robber_points_for_game(opponents, 10, table) == robber_points
    t = Table("long_whist", honours=False, robber_table=table)
    remaining = opponents
    while remaining:  # Bo & Dan first get their trick points, at most 7 a deal
        step = min(remaining, 7)
        t.quick([7 - step, 6 + step])
        remaining -= step
    assert t.state.points == (0, opponents)
    t.quick([13, 0])
    t.quick([9, 4])
    assert t.state.robber_points == (robber_points, 0)


@pytest.mark.parametrize("game", ["long_whist", "american_whist", "sattrumf"])
def test_robber_points_are_short_whists_by_default_som_ovan(game):
    """ "Som ovan" / "Som short whist": the text's table to the letter is the default."""
    assert get_game(game).Options().robber_table == "as_short"


@pytest.mark.parametrize("opponents, robber_points", [
    (0, 3), (1, 2), (2, 2), (3, 1), (4, 1),  # the text's table, as in short whist
    (5, 1), (9, 1)])  # extension: past the table, the least a game is worth
def test_long_whist_robber_points_by_default_are_the_texts(opponents, robber_points):
    t = Table("long_whist", honours=False)
    remaining = opponents
    while remaining:
        step = min(remaining, 7)
        t.quick([7 - step, 6 + step])
        remaining -= step
    t.quick([13, 0])
    t.quick([9, 4])
    assert t.state.points == (0, 0) and t.state.games == (1, 0)
    assert t.state.robber_points == (robber_points, 0)


@pytest.mark.parametrize("opponents, robber_points", [(0, 3), (2, 2), (3, 1), (4, 1),
                                                      (6, 1)])
def test_american_whist_robber_points_by_default_are_the_texts(opponents, robber_points):
    t = Table("american_whist")
    if opponents:
        t.quick([7 - opponents, 6 + opponents])
    t.quick([13, 0])
    assert t.state.robber_points == (robber_points, 0)


# =====================================================================================
# Sättrumf
# =====================================================================================
def test_sattrumf_no_card_is_turned_the_first_lead_sets_trump():
    t = Table("sattrumf")
    assert "trump" not in whist_sattrumf.EVENTS
    exp = t.expected()
    assert exp.phase == "play" and exp.seat == B  # forehand leads at once
    assert "första utspelet bestämmer trumf" in exp.prompt_sv
    t.refuse("unknown_event_type", "trump", card="♥2")
    t.post("play", seat=B, card="♣4")
    assert t.state.deal.play.trump == "♣"
    # Clubs are trump now, whatever is led later.
    t.post("play", seat=C, card="♣5")
    t.post("play", seat=D, card="♠A")
    t.post("play", seat=A, card="♣3")
    assert whist_play.trick_winner(t.state.deal.play.tricks[0], "♣") == C
    t.post("trick", cards="♥A ♥2 ♣6 ♥3")  # Cia leads hearts, Anna trumps with ♣6
    assert t.state.deal.play.won == (1, 0, 1, 0)
    t.check_replay()


def test_sattrumf_honours_are_the_suit_led_first_counted_from_play():
    rng = random.Random(77)
    t = Table("sattrumf")
    hands, _ = deal_cards(rng, t.state.seating, A)
    held = {p: list(h) for p, h in hands.items()}
    play_out(t, hands, rng)
    last = t.state.last
    trump = last.play.tricks[0].plays[0].card.suit
    assert last.play.trump == trump
    honours = [Card(trump, r) for r in ("J", "Q", "K", "A")]
    expected = tuple(sum(c in held[p] + held[q] for c in honours) for p, q in t.state.sides)
    assert last.score.honours_held == expected
    t.check_replay()


def test_sattrumf_quick_entry_and_option_game_at_10():
    t = Table("sattrumf")
    t.quick([11, 2], [2, 2])
    assert t.state.games == (1, 0)
    long = Table("sattrumf", game_at=10, honours=False)
    long.quick([11, 2])
    assert long.state.points == (5, 0) and long.state.games == (0, 0)
    assert {o["name"] for o in catalog_entry(whist_sattrumf)["options"]} == {
        "game_at", "honours", "robbers", "robber_table", "stake_per_point", "draw_ace"}


# =====================================================================================
# American whist
# =====================================================================================
def test_american_whist_game_at_7_in_one_deal_with_all_thirteen_tricks():
    t = Table("american_whist")
    assert t.state.rules.game_at == 7 and t.state.rules.honours is False
    t.quick([13, 0])
    assert t.state.games == (1, 0) and t.state.robber_points == (3, 0)
    t.quick([12, 1])  # 6: not quite
    assert t.state.points == (6, 0)


def test_american_whist_has_no_honours():
    t = Table("american_whist")
    assert "honours" not in {f.name for f in fields(whist_american.Options)}
    t.refuse("honours_not_counted", "result", tricks=[7, 6], honours=[4, 0])
    quick = next(i for i in t.expected().inputs if i.type == "result")
    assert "honours" not in quick.fields
    hands = {p: [Card(s, r) for r in FRENCH52.rank_order] for p, s in enumerate("♠♥♦♣")}
    t.post("trump", card="♠2")
    play_out(t, hands)
    assert t.state.last.score.honours_held is None
    assert t.state.games == (1, 0)  # Anna trumped all thirteen


@pytest.mark.parametrize("table, robber_points", [("scaled", 2), ("as_short", 1)])
def test_american_whist_robber_points_with_the_opponents_at_3(table, robber_points):
    t = Table("american_whist", robber_table=table)
    t.quick([4, 9])
    t.quick([13, 0])
    assert t.state.robber_points == (robber_points, 0)


# =====================================================================================
# Whist à la guerre
# =====================================================================================
def test_a_la_guerre_each_for_himself():
    t = Table("whist_a_la_guerre")
    assert t.state.sides == ((0,), (1,), (2,), (3,))
    assert set(whist_a_la_guerre.EVENTS) == {"trump", "hand", "play", "trick", "result"}
    t.refuse("unknown_event_type", "draw", cards=["♠2", "♥A", "♦K", "♣3"])
    t.refuse("result_shape", "result", tricks=[7, 6], honours=[3, 2])
    t.refuse("honours_do_not_add_up", "result", tricks=[4, 3, 3, 3], honours=[1, 1, 1, 1])
    t.refuse("honours_required", "result", tricks=[4, 3, 3, 3])


def test_a_la_guerre_each_trick_over_four_is_1_point():
    assert [whist.trick_points(n, whist.GUERRE_BOOK) for n in (0, 4, 5, 9)] == [0, 0, 1, 5]
    t = Table("whist_a_la_guerre")
    t.quick([6, 5, 2, 0], [1, 1, 2, 1])
    assert t.state.totals == (2, 1, 0, 0)
    row = t.sheet().rows[-1]
    assert row.changes == (2, 1, None, None) and row.marks == ("6", "5", "2", "0")


@pytest.mark.parametrize("held, points", [(3, 2), (4, 4), (5, 5), (2, 0)])
def test_a_la_guerre_honours_a_to_10_three_2_four_4_five_5(held, points):
    assert whist.honour_points(held, whist.GUERRE_HONOUR_POINTS) == points
    t = Table("whist_a_la_guerre")
    t.quick([5, 4, 2, 2], [held, 5 - held, 0, 0])
    assert t.state.totals[A] == 1 + points


def test_a_la_guerre_9_points_win_the_match_one_game():
    t = Table("whist_a_la_guerre")
    t.quick([7, 2, 2, 2], [3, 1, 1, 0])  # Anna 3 + 2 = 5
    assert t.state.totals == (5, 0, 0, 0) and not whist_a_la_guerre.is_over(t.state)
    t.quick([6, 3, 2, 2], [4, 1, 0, 0])  # Anna 5 + 2 + 4 = 11
    assert whist_a_la_guerre.is_over(t.state) and t.state.winners == (A,)
    assert whist_a_la_guerre.result(t.state) == {"winners": [A], "totals": [11, 0, 0, 0]}
    assert whist_a_la_guerre.sheet(t.state).winner == A
    assert whist_a_la_guerre.sheet(t.state).settlement is None
    t.refuse("not_expected", "result", tricks=[4, 3, 3, 3], honours=[2, 1, 1, 1])


def _to_eight_and_eight(t: Table) -> None:
    t.quick([8, 5, 0, 0], [3, 2, 0, 0])  # Anna 4 + 2 = 6, Bo 1
    t.quick([5, 8, 0, 0], [0, 3, 1, 1])  # Anna 7, Bo 1 + 4 + 2 = 7
    t.quick([5, 4, 4, 0], [0, 3, 1, 1])  # Anna 8; Bo, no trick, would reach 9: stops at 8
    assert t.state.totals == (8, 8, 0, 0)
    assert t.state.last.score.stopped == (B,)
    assert "stannar på 8" in t.sheet().rows[-1].label_sv


def test_a_la_guerre_never_by_honours_alone_stop_at_8():
    t = Table("whist_a_la_guerre")
    _to_eight_and_eight(t)
    t.quick([4, 3, 3, 3], [5, 0, 0, 0])  # Anna: five honours but no trick: still 8
    assert t.state.totals == (8, 8, 0, 0) and not whist_a_la_guerre.is_over(t.state)


def test_a_la_guerre_equal_at_9_plays_on_by_default():
    t = Table("whist_a_la_guerre")
    _to_eight_and_eight(t)
    t.quick([5, 5, 3, 0], [1, 1, 2, 1])  # both 9
    assert t.state.totals == (9, 9, 0, 0) and not whist_a_la_guerre.is_over(t.state)
    t.quick([6, 5, 2, 0], [1, 1, 2, 1])  # Anna 11, Bo 10: Anna wins
    assert t.state.winners == (A,)
    t.check_replay()


def test_a_la_guerre_option_tie_shared():
    t = Table("whist_a_la_guerre", tie_at_target="shared")
    _to_eight_and_eight(t)
    t.quick([5, 5, 3, 0], [1, 1, 2, 1])
    assert whist_a_la_guerre.is_over(t.state) and t.state.winners == (A, B)


def test_a_la_guerre_trick_by_trick_with_honours_from_play():
    rng = random.Random(5)
    t = Table("whist_a_la_guerre", first_dealer=C)
    hands, turned = deal_cards(rng, t.state.seating, C)
    held = {p: list(h) for p, h in hands.items()}
    t.post("trump", card=str(turned))
    play_out(t, hands, rng)
    last = t.state.last
    honours = [Card(turned.suit, r) for r in whist.GUERRE_HONOURS]
    assert last.score.honours_held == tuple(sum(c in held[p] for c in honours)
                                            for p in range(4))
    assert sum(last.play.won) == 13
    expected = whist.score_guerre_deal((0,) * 4, last.play.won, last.score.honours_held)
    assert t.state.totals == expected.after
    assert t.state.dealer == D
    t.check_replay()


def test_the_names_are_the_players():
    assert Table("whist_a_la_guerre").state.players == NAMES
