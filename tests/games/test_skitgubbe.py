"""Skitgubbe scenario tests, written from the rule text (file 002, "Skitgubbe regler").

Seats: A 0 (forehand), B 1 (efterhand), C 2 (the dealer) unless a test says otherwise, so
that the text's example reads as written: "A spelar klöver 9. B spelar klöver D-K-E …".

Phase one can be played with any cards in any order: the app does not see the hands or the
talon, only what lands on the table. The helpers below therefore script whole phase ones
trick by trick, choosing who wins each trick, so that phase two begins with the hands a test
needs. Every entry goes through the table log (``apply_game_event``), and every refusal
checks that the state it was tried on is unchanged.
"""

from __future__ import annotations

import random

import pytest

from rules_engine.cards import FRENCH52, Card, parse_cards
from rules_engine.errors import RuleViolation
from rules_engine.games import skitgubbe as sk
from rules_engine.registry import GAMES, catalog_entry, get_game
from rules_engine.table_log import apply_game_event, replay
from tests.engine_table import EngineTable

NAMES = ("Anna", "Bo", "Cia")
A, B, C = 0, 1, 2


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


def rank(card: Card) -> int:
    return FRENCH52.rank_value(card)


class Table(EngineTable):
    rule_prefix = "Skitgubbe — "
    generic_sections = ("Inmatning",)

    def __init__(self, first_dealer: int = C, **options):
        super().__init__("skitgubbe", NAMES, first_dealer, **options)

    @property
    def game(self) -> sk.Game:
        return self.state.game

    def expected(self):
        return sk.expected(self.state)

    def play(self, card: str):
        """The seat to act plays ``card`` (one card, either phase)."""
        return self.post("play", seat=self.expected().seat, card=card)

    def run(self, text: str):
        return self.post("run", seat=self.expected().seat, cards=text)

    def supa(self):
        return self.post("supa", seat=self.expected().seat)

    def known(self, seat: int) -> set[Card]:
        return set(self.game.known(seat))


def pair_up(pile: list[Card]) -> list[tuple[Card, Card]]:
    """Split a trick pile into (lower, higher) pairs of different ranks."""
    ordered = sorted(pile, key=rank)
    half = len(ordered) // 2
    pairs = list(zip(ordered[:half], ordered[half:]))
    assert all(rank(lo) < rank(hi) for lo, hi in pairs), pairs
    return pairs


def play_tricks(table: Table, tricks: list[tuple[Card | str, Card | str]]) -> None:
    """Post phase-one tricks: (leader's card, answerer's card), in the engine's turn order."""
    for lead, answer in tricks:
        duel = table.game.current
        assert duel is not None and not duel.plays
        table.post("play", seat=duel.leader, card=str(lead))
        table.post("play", seat=duel.answerer, card=str(answer))


# --- the text's example: the hands phase two begins with -----------------------------------
# Phase one goes round: in every trick the answerer wins (A→B, B→C, C→A, …), 25 tricks, and A
# plays the 43rd card and so takes the last talon card, ♥2: hearts are trumps ("hjärter råkar
# vara trumffärgen") and A leads phase two.
EXAMPLE_PILES = {
    A: cards("♣9 ♥4 ♦3 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♦2 ♦4 ♦6 ♦7 ♦8 ♥3"),  # no other clubs
    B: cards("♣Q ♣K ♣A ♥7 ♥8 ♠2 ♦5 ♠10 ♠J ♠Q ♠K ♠A ♦10 ♦J ♦Q ♦K ♦A ♥5"),  # clubs: Q K A
    C: cards("♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣10 ♣J ♦9 ♥6 ♥9 ♥10 ♥J ♥Q ♥K ♥A"),  # ♣10 ♣J
}
EXAMPLE_UNPLAYED = Card("♣", "2")  # stays in C's hand through phase one
EXAMPLE_TRUMP = Card("♥", "2")


def example_table(**options) -> Table:
    """Phase two of the text's example is about to begin: A leads, hearts are trumps."""
    return rotation_table(EXAMPLE_PILES, EXAMPLE_TRUMP, **options)


def rotation_table(piles: dict[int, list[Card]], trump: Card, **options) -> Table:
    """Phase one goes round, the answerer winning every trick: A's pile holds 16 cards, B's
    18, C's 16; C keeps the one card left in his hand, A takes the last talon card
    (``trump``). Every hand is known when phase two begins."""
    table = Table(**options)
    winners = {seat: iter(pair_up(piles[seat])) for seat in (A, B, C)}
    for number in range(1, 26):
        duel = table.game.current
        assert duel is not None and duel.number == number
        low, high = next(winners[duel.answerer])
        play_tricks(table, [(low, high)])
        assert table.game.duels[-1].winner == duel.answerer
    assert table.game.phase == "reveal" and table.game.last_taker == A
    assert table.game.in_hand == (0, 0, 1)
    table.post("trump", card=str(trump))
    return table


# --- a phase one that leaves unknown cards in two hands ------------------------------------
def two_unknown_table(pool_a: str, pool_c: str, b_hand: str, trump: str = "♠2",
                      **options) -> Table:
    """A beats B in tricks 1–22 (taking the last talon card with the 43rd card), B wins 23
    against A and 24 against C and has no card left to lead. Then A holds one unknown card
    (``pool_a``), C two (``pool_c``), B the four cards of ``b_hand`` (trick 23: A's card, B's
    card; trick 24: B's card, C's card) and A everything else plus the trump card."""
    table = Table(**options)
    b = cards(b_hand)
    held_back = set(cards(pool_a) + cards(pool_c) + b + cards(trump))
    rest = [c for c in FRENCH52.cards if c not in held_back]
    tricks = [(hi, lo) for lo, hi in pair_up(rest)]  # A leads the higher card
    play_tricks(table, tricks)
    play_tricks(table, [(b[0], b[1]), (b[2], b[3])])
    assert table.game.phase == "reveal" and table.game.last_taker == A
    assert table.game.in_hand == (1, 0, 2)
    table.post("trump", card=trump)
    return table


# --- the game and its table -----------------------------------------------------------------
def test_three_players_52_cards_and_its_old_names():
    assert sk.DECK is FRENCH52 and len(sk.DECK) == 52
    assert (sk.MIN_PLAYERS, sk.MAX_PLAYERS) == (3, 3)
    for n in (2, 4):
        with pytest.raises(RuleViolation) as info:
            sk.new(tuple(NAMES[:2]) if n == 2 else NAMES + ("Dan",))
        assert info.value.code == "player_count"
    assert get_game("mas") is sk and get_game("mjölnar-matte") is sk and sk in GAMES
    entry = catalog_entry(sk)
    assert {o["name"] for o in entry["options"]} == {"one_card", "must_beat", "next_dealer",
                                                     "match_games"}
    assert set(entry["labels"]["events"]) == set(sk.EVENTS)
    assert entry["labels"]["events"]["supa"]["sv"].startswith("Supa")


def test_the_deal_three_each_the_rest_is_the_talon_forehand_leads_against_efterhand():
    table = Table(first_dealer=C)
    game = table.game
    assert game.talon == 43 and game.in_hand == (3, 3, 3)
    exp = table.expected()
    assert exp.phase == "one" and exp.seat == A  # forehand: the dealer's left
    assert game.current.leader == A and game.current.answerer == B
    # ... or begin at phase two (``trump`` with its taker and the hands), or quick entry.
    assert [i.type for i in exp.inputs] == ["play", "vaga", "trump", "result"]
    assert len(exp.inputs[0].fields["card"]) == 52


# --- phase one -------------------------------------------------------------------------------
def test_any_card_the_higher_wins_suits_do_not_matter():
    table = Table()
    table.play("♠2")  # A leads any card
    table.play("♥3")  # B answers with any card, of any suit
    assert table.game.duels[-1].winner == B
    table.play("♦K")  # B leads against C
    table.play("♣A")  # ace high
    assert table.game.duels[-1].winner == C


def test_the_winner_leads_against_the_player_on_his_left_always_two_at_a_time():
    table = Table()
    pairings = []
    for lead, answer in (("♠2", "♠3"), ("♥2", "♥3"), ("♦2", "♦3"), ("♣2", "♣3")):
        duel = table.game.current
        pairings.append((duel.leader, duel.answerer))
        table.play(lead)
        table.play(answer)  # the answerer wins every time
    # forehand against efterhand, efterhand against the dealer, the dealer against forehand
    assert pairings == [(A, B), (B, C), (C, A), (A, B)]


def test_draw_back_to_three_after_every_card():
    table = Table()
    table.play("♠2")
    assert table.game.talon == 42 and table.game.in_hand == (3, 3, 3)
    table.play("♠3")
    assert table.game.talon == 41 and table.game.in_hand == (3, 3, 3)


def test_stunsa_equal_ranks_both_add_a_card_until_one_is_higher():
    table = Table()
    table.play("♠7")
    table.play("♥7")  # motlägg: the trick is not decided
    assert table.game.current.plays and table.expected().seat == A
    assert "stunsar" in table.expected().prompt_sv
    table.play("♦9")
    table.play("♣9")  # equal again
    table.play("♦2")
    table.play("♣3")  # B is higher
    trick = table.game.duels[-1]
    assert trick.winner == B and len(trick.plays) == 6  # always an even number of cards
    assert table.game.talon == 43 - 6 and table.game.in_hand == (3, 3, 3)
    assert table.game.current.leader == B and table.game.current.answerer == C


def test_vaga_turns_the_talon_top_card_when_leading_answering_or_in_a_stunsa():
    table = Table()
    table.post("vaga", seat=A, card="♠K")  # leading
    assert table.game.talon == 42 and table.game.in_hand == (3, 3, 3)
    table.post("vaga", seat=B, card="♥K")  # answering: a stunsa
    table.post("vaga", seat=A, card="♦5")  # and in the stunsa round
    table.play("♣4")
    trick = table.game.duels[-1]
    assert trick.winner == A and [p.vaga for p in trick.plays] == [True, True, True, False]
    assert table.game.talon == 43 - 4 and table.game.in_hand == (3, 3, 3)


def test_a_card_already_on_a_trick_and_out_of_turn_are_refused():
    table = Table()
    table.play("♠K")
    table.refuse("not_your_turn", "play", seat=C, card="♥2")
    err = table.refuse("card_already_played", "play", seat=B, card="♠K")
    assert err.params == {"card": "♠K", "trick": 1}
    table.play("♥2")
    table.refuse("card_already_played", "vaga", seat=A, card="♥2")
    table.refuse("not_expected", "supa", seat=A)
    table.refuse("not_expected", "run", seat=A, cards="♦2 ♦3")
    table.refuse("not_expected", "trump", card="♦2")
    table.refuse("not_expected", "hand", seat=A, cards="♦2 ♦3 ♦4")


def test_the_last_talon_card_is_taken_unseen_and_is_no_card_to_vaga_with():
    table = Table()
    rest = list(FRENCH52.cards)
    pairs = [sorted(rest[2 * i:2 * i + 2], key=rank) for i in range(21)]
    play_tricks(table, [(hi, lo) for lo, hi in pairs])  # A wins 21 tricks: 42 cards
    assert table.game.talon == 1 and table.expected().seat == A
    assert [i.type for i in table.expected().inputs] == ["play", "result"]
    table.refuse("cannot_vaga", "vaga", seat=A, card="♣K")
    table.play("♣A")  # the 43rd card: A lays the last talon card before him, unseen
    assert table.game.talon == 0 and table.game.last_taker == A
    assert table.game.in_hand == (2, 3, 3)  # his hand is one short from now on
    table.refuse("cannot_vaga", "vaga", seat=B, card="♣Q")


def test_phase_one_goes_on_with_the_cards_in_hand_and_ends_when_a_pair_cannot_play():
    table = two_unknown_table("♣5", "♦3 ♠7", "♣2 ♦9 ♥A ♥2")
    game = table.game
    # Trick 24: B led his last card, won, and has nothing to lead with: the tricks stop,
    # unplayed cards stay in the hands (A 1, C 2).
    assert len(game.duels) == 24 and game.duels[-1].winner == B
    assert game.in_hand == (1, 0, 2) and game.phase == "two"


def test_an_undecided_last_stunsa_goes_back_to_the_hands():
    table = Table()
    aside = set(cards("♠2 ♠7 ♥7 ♦7 ♣7 ♣2"))  # the trump card, the stunsa, C's hand
    rest = [c for c in FRENCH52.cards if c not in aside]
    pairs = pair_up(rest)  # 46 cards: A wins all 23 tricks
    play_tricks(table, [(hi, lo) for lo, hi in pairs])
    assert table.game.in_hand == (1, 1, 3) and table.game.last_taker == A
    table.play("♠7")
    table.play("♥7")  # a stunsa, and neither has a card left to add
    game = table.game
    assert game.phase == "reveal" and game.undecided is not None and game.current is None
    view = sk.describe(table.state)["deal"]
    assert view["undecided"]["cards"] == [{"seat": A, "card": "♠7", "vaga": False},
                                          {"seat": B, "card": "♥7", "vaga": False}]
    table.post("trump", card="♠2")
    assert Card("♠", "7") in table.known(A) and Card("♥", "7") in table.known(B)
    assert table.game.count(B) == 1


def test_the_trump_card_its_taker_shows_it_takes_it_up_and_leads():
    table = example_table()
    game = table.game
    assert game.trump == "♥" and game.trump_card == EXAMPLE_TRUMP
    assert EXAMPLE_TRUMP in table.known(A) and game.turn == A
    exp = table.expected()
    assert exp.phase == "two" and exp.seat == A
    assert {i.type for i in exp.inputs} == {"play", "run", "result"}  # nothing to take up yet


def test_the_trump_card_is_shown_by_its_taker_and_cannot_be_a_card_already_seen():
    table = Table()
    rest = list(FRENCH52.cards)
    play_tricks(table, [(max(p, key=rank), min(p, key=rank)) for p in
                        (sorted(rest[2 * i:2 * i + 2], key=rank) for i in range(24))])
    assert table.game.phase == "reveal" and table.game.last_taker == A
    table.refuse("not_the_taker", "trump", seat=B, card="♣A")
    table.refuse("card_already_played", "trump", card=str(rest[0]))
    table.refuse("not_expected", "play", seat=A, card="♣A")


# --- phase two: everyone takes up his tricks -------------------------------------------------
def test_everyone_takes_up_the_tricks_he_won_so_the_app_knows_those_cards():
    table = example_table()
    assert table.known(A) == set(EXAMPLE_PILES[A]) | {EXAMPLE_TRUMP}
    assert table.known(B) == set(EXAMPLE_PILES[B])
    # C's one unplayed card is the only unknown card: it can only be his.
    assert table.known(C) == set(EXAMPLE_PILES[C]) | {EXAMPLE_UNPLAYED}
    assert table.game.in_hand == (0, 0, 0) and table.game.pool == ()
    assert [table.game.count(s) for s in (A, B, C)] == [17, 18, 17]


def test_the_example_of_the_text_with_the_same_cards():
    """"A spelar klöver 9. B spelar klöver D-klöver K-klöver E. C har klöver 10-klöver Kn och
    kan alltså inte slå över (och får därmed inte heller trumfa), utan tvingas plocka upp B:s
    tre kort från bordet. A … spelar nu hjärter 4 … B svarar med hjärter 7 – hjärter 8. …
    B spelade sist, och spelar därmed ut till nästa stick.\""""
    table = example_table()
    table.play("♣9")
    table.run("♣Q ♣K ♣A")
    assert [g.cards for g in table.game.table] == [tuple(cards("♣9")), tuple(cards("♣Q ♣K ♣A"))]
    assert table.expected().seat == C
    # C cannot beat the ace, and holding clubs he may not trump either.
    err = table.refuse("must_follow_suit", "play", seat=C, card="♥A")
    assert err.params["holding"] == ["♣2", "♣3", "♣4", "♣5", "♣6", "♣7", "♣8", "♣10", "♣J"]
    table.refuse("not_higher", "play", seat=C, card="♣J")
    table.refuse("not_higher", "run", seat=C, cards="♣10 ♣J")
    table.supa()  # he takes up B's three cards
    assert set(cards("♣10 ♣J ♣Q ♣K ♣A")) <= table.known(C)
    # A faces his own ♣9, has no more clubs, and trumps with ♥4.
    assert table.expected().seat == A and [g.cards for g in table.game.table] == [
        tuple(cards("♣9"))]
    table.play("♥4")
    table.run("♥8 ♥7")  # in any order: a run of hearts 7–8
    # Three plays to the trick (♣9, ♥4, ♥7-8): turned away; B played last and leads.
    assert table.game.table == () and table.game.trick == 2
    assert [[c for g in groups for c in g.cards] for groups in table.game.turned_away] == [
        cards("♣9 ♥4 ♥7 ♥8")]
    assert table.expected().seat == B and table.expected().prompt_en.endswith("leads.")
    # "C nu på handen har klöversviten 10-Kn-D-K-E och i ett framtida stick kan spela ut
    # alla dessa på en enda gång": B leads ♠2, C takes it up, A leads ♦3, B ♦5, C ♦9 — C made
    # the third play and leads his five clubs at once.
    table.play("♠2")
    table.supa()
    table.play("♦3")
    table.play("♦5")
    table.play("♦9")
    assert table.expected().seat == C and table.game.table == ()
    table.run("♣10 ♣J ♣Q ♣K ♣A")
    assert table.game.table[-1].cards == tuple(cards("♣10 ♣J ♣Q ♣K ♣A"))
    assert sk.findings(table.state) == ()
    assert replay(table.setup, table.entries) == table.state


def test_the_example_under_compulsory_beating_c_must_take_up():
    table = example_table(must_beat=True)
    table.play("♣9")
    table.run("♣Q ♣K ♣A")
    table.supa()  # he cannot beat the ace: taking up is allowed even under the variant
    assert table.expected().seat == A


def test_a_supa_is_no_play_three_groups_on_the_table_turn_the_trick_away():
    table = example_table()
    table.play("♠3")  # A
    table.play("♠10")  # B
    table.supa()  # C takes up ♠10: one group left
    assert len(table.game.table) == 1 and table.game.trick == 1
    table.play("♠4")  # A beats his own ♠3
    assert len(table.game.table) == 2 and table.game.trick == 1
    table.play("♠J")  # B: the third play
    assert table.game.table == () and table.game.trick == 2 and table.expected().seat == B


def test_supa_takes_up_the_group_on_top_and_the_next_player_faces_the_one_under_it():
    table = example_table()
    table.play("♦8")  # A
    table.play("♦10")  # B
    table.supa()  # C takes up ♦10
    assert Card("♦", "10") in table.known(C)
    assert table.game.table[-1].cards == (Card("♦", "8"),) and table.expected().seat == A


def test_taking_up_from_an_empty_table_is_refused_the_player_leads():
    table = example_table()
    table.refuse("nothing_to_take_up", "supa", seat=A)
    table.play("♠3")
    table.supa()  # B takes up A's card: the table is empty again
    assert table.game.table == () and table.expected().seat == C
    assert "leads" in table.expected().prompt_en
    table.refuse("nothing_to_take_up", "supa", seat=C)


def test_a_player_may_take_back_his_own_cards_when_they_are_on_top():
    table = example_table()
    table.play("♣9")
    table.run("♣Q ♣K ♣A")
    table.supa()  # C
    table.supa()  # A takes back his own ♣9
    assert Card("♣", "9") in table.known(A) and table.game.table == ()
    assert table.expected().seat == B


def test_one_card_or_a_run_in_one_suit_in_sequence():
    table = example_table()
    table.refuse("run_not_in_sequence", "run", seat=A, cards="♠3 ♠5")
    table.refuse("run_not_in_sequence", "run", seat=A, cards="♠3 ♦4")
    table.refuse("run_not_in_sequence", "run", seat=A, cards="♠3 ♠3")
    table.refuse("empty_run", "run", seat=A, cards=[])
    table.run("♠5 ♠3 ♠4")  # any order: a run 3–4–5
    assert table.game.table[0].cards == tuple(cards("♠3 ♠4 ♠5"))
    table.run("♠10 ♠J")  # B beats the run's highest card, 5
    assert table.expected().seat == C


def test_a_run_that_beats_must_start_above_the_highest_card_on_top():
    table = example_table()
    table.run("♠3 ♠4 ♠5")
    table.refuse("not_higher", "play", seat=B, card="♠2")
    table.run("♠10 ♠J")


def test_must_beat_never_play_lower_never_discard():
    table = example_table()
    table.play("♦8")
    err = table.refuse("not_higher", "play", seat=B, card="♦5")  # krypa
    assert err.params["top"] == "♦8"
    table.refuse("must_beat", "play", seat=B, card="♠10")  # saka
    table.refuse("must_follow_suit", "play", seat=B, card="♥5")  # trumps while holding ♦
    table.play("♦10")


def test_trumping_is_allowed_only_when_void_and_a_trump_is_beaten_only_by_a_higher_trump():
    table = example_table()
    table.play("♣9")
    table.supa()  # B takes up ♣9: now he holds clubs
    table.play("♣2")  # C leads
    table.play("♥3")  # A has no clubs: he trumps
    err = table.refuse("must_beat", "play", seat=B, card="♣A")  # a club does not beat a trump
    assert err.params["top"] == "♥3"
    table.refuse("must_follow_suit", "play", seat=B, card="♥5")  # he holds clubs
    table.supa()  # B takes up ♥3
    table.play("♣3")  # C beats his own ♣2
    assert len(table.game.table) == 2


def test_cards_the_app_knows_are_elsewhere_are_refused():
    table = example_table()
    err = table.refuse("card_in_other_hand", "play", seat=A, card="♣10")
    assert err.params == {"card": "♣10", "holder": C, "since_move": 0}
    table.play("♣9")
    table.run("♣Q ♣K ♣A")
    table.supa()
    err = table.refuse("card_in_other_hand", "play", seat=A, card="♣K")
    assert err.params["holder"] == C and err.params["since_move"] == 3
    assert "drag 3" in err.message("sv") and "move 3" in err.message("en")
    table.refuse("card_on_table", "play", seat=A, card="♣9")
    table.play("♥4")
    table.run("♥7 ♥8")
    table.refuse("card_already_played", "play", seat=B, card="♥8")


def test_a_card_of_a_hand_that_is_all_known_is_refused():
    table = two_unknown_table("♣5", "♦3 ♠7", "♣2 ♦9 ♥A ♥2")
    # B's four cards are all known: ♦3 is one of the unknown cards, not his.
    table.play("♦5")  # A
    err = table.refuse("card_not_in_hand", "play", seat=B, card="♦3")
    assert "Bo" in err.message("en")
    err = table.refuse("card_in_other_hand", "play", seat=B, card="♦K")
    assert err.params["holder"] == A


# --- what is proven later --------------------------------------------------------------------
def test_a_trump_while_holding_the_led_suit_is_proven_later_naming_both_moments():
    table = two_unknown_table("♣5", "♦3 ♠7", "♣2 ♦9 ♥A ♥2")
    assert table.game.trump == "♠" and table.game.in_hand == (1, 0, 2)
    table.play("♦5")  # A leads
    table.play("♦9")  # B beats
    table.play("♠7")  # C trumps from his unknown cards: he says he has no diamonds
    assert sk.findings(table.state) == ()
    assert table.game.trick == 2 and table.expected().seat == C  # third play: C leads
    table.play("♦3")  # … but he had ♦3 all along
    (finding,) = sk.findings(table.state)
    assert finding.code == "revoke_proven" and finding.seat == C
    assert finding.rule == "Skitgubbe — Andra fasen"
    assert finding.params == {"claim_trick": 1, "claim_move": 3, "claim_cards": ["♠7"],
                              "proof_trick": 2, "proof_move": 4, "proof_card": "♦3",
                              "suit": "♦"}
    assert "stick 1" in finding.sv and "stick 2" in finding.sv
    assert "trick 1" in finding.en and "trick 2" in finding.en
    # C is out of cards; only A has unknown cards left: ♣5 is his.
    assert table.game.out == (C,) and Card("♣", "5") in table.known(A)


def test_a_trump_from_a_real_void_is_no_finding():
    table = two_unknown_table("♦3", "♣5 ♠7", "♣2 ♦9 ♥A ♥2")
    table.play("♦5")
    table.play("♦9")
    table.play("♠7")
    table.play("♣5")
    assert sk.findings(table.state) == ()


def test_showing_the_hand_proves_a_revoke_and_makes_every_card_known():
    table = two_unknown_table("♣5", "♦3 ♠7 ", "♣2 ♦9 ♥A ♥2")
    table.play("♦5")
    table.play("♦9")
    table.play("♠7")
    table.refuse("hand_size", "hand", seat=C, cards="♦3 ♣5")
    table.refuse("card_in_other_hand", "hand", seat=C, cards="♦K")
    table.refuse("hand_missing_known", "hand", seat=B, cards="♣2 ♥A ♦3")
    table.post("hand", seat=C, cards="♦3")
    (finding,) = sk.findings(table.state)
    assert finding.code == "revoke_proven" and "showed ♦3" in finding.en
    assert table.game.in_hand == (0, 0, 0)  # and A's one unknown card is ♣5


def test_compulsory_beating_refuses_a_take_up_when_a_known_card_beats():
    table = example_table(must_beat=True)
    table.play("♣9")
    err = table.refuse("must_beat_when_able", "supa", seat=B)
    assert err.rule == "Skitgubbe — Varianter" and err.params["beaters"] == ["♣Q", "♣K", "♣A"]
    table.play("♣Q")


def test_compulsory_beating_a_take_up_proven_wrong_later():
    table = two_unknown_table("♣5", "♦Q ♠7", "♣2 ♦9 ♥A ♥2", must_beat=True)
    table.play("♦5")  # A
    table.play("♦9")  # B
    table.supa()  # C: "I cannot beat ♦9" — the app cannot see his ♦Q yet
    table.play("♦6")  # A beats his own ♦5
    table.supa()  # B holds no diamond and no trump: he cannot beat
    table.play("♦Q")  # C shows ♦Q, a card he held when he took up
    (finding,) = sk.findings(table.state)
    assert finding.code == "could_have_beaten" and finding.seat == C
    assert finding.rule == "Skitgubbe — Varianter"
    assert finding.params["claim_move"] == 3 and finding.params["proof_move"] == 6
    assert finding.params["claim_cards"] == ["♦9"] and finding.params["proof_card"] == "♦Q"


def test_without_compulsory_beating_one_may_take_up_at_will():
    table = two_unknown_table("♣5", "♦Q ♠7", "♣2 ♦9 ♥A ♥2")
    table.play("♦5")
    table.supa()  # B could beat with ♦9, and need not
    table.play("♦Q")  # the table is empty: C leads
    assert sk.findings(table.state) == () and table.game.claims == ()


def test_compulsory_beating_can_go_round_for_ever_and_the_app_says_so():
    """Everyone holds small clubs (so nobody may trump on clubs): over ♣2 the player to move
    must beat and plays ♣K or ♣A; the next cannot beat it and must take it up. The two cards
    go round the table and the position comes back after twelve moves. The text has no way
    out; the app reports it once, naming both moves."""
    piles = {A: cards("♣2 ♣3 ♣A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K ♠A"),
             B: cards("♣K ♣4 ♣7 ♣8 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♥A ♦2 ♦3"),
             C: cards("♣5 ♣6 ♣9 ♣10 ♣J ♣Q ♦5 ♦6 ♦7 ♦8 ♦9 ♦10 ♦J ♦Q ♦K ♦A")}
    table = rotation_table(piles, Card("♥", "2"), must_beat=True)
    assert Card("♦", "4") in table.known(C)  # the card C kept in hand
    table.play("♣2")  # A
    for _ in range(2):
        for move in ("♣K", "supa", "♣A", "supa", "♣A", "supa"):
            table.supa() if move == "supa" else table.play(
                "♣K" if Card("♣", "K") in table.known(table.expected().seat) else "♣A")
            assert sk.findings(table.state) == () or table.game.move >= 13
    (finding,) = sk.findings(table.state)
    assert finding.code == "endless_round" and finding.rule == "Skitgubbe — Varianter"
    # After move 1 A holds ♣A, B ♣K, ♣2 lies alone and B is to move; so after move 13.
    assert finding.params == {"first_move": 1, "repeat_move": 13, "trick": 1}
    assert "drag 1 " in finding.sv and "move 13" in finding.en
    # Reported once; the table decides, here by entering the skitgubbe.
    for _ in range(12):
        exp = table.expected()
        table.supa() if table.game.table[-1].cards[0].rank in "KA" else table.play(
            "♣K" if Card("♣", "K") in table.known(exp.seat) else "♣A")
    assert len(sk.findings(table.state)) == 1
    table.post("result", loser=C)
    assert table.state.losses == (0, 0, 1) and len(sk.findings(table.state)) == 1


def test_a_repeated_position_is_no_finding_without_compulsory_beating():
    piles = {A: cards("♣2 ♣3 ♣A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K ♠A"),
             B: cards("♣K ♣4 ♣7 ♣8 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♥A ♦2 ♦3"),
             C: cards("♣5 ♣6 ♣9 ♣10 ♣J ♣Q ♦5 ♦6 ♦7 ♦8 ♦9 ♦10 ♦J ♦Q ♦K ♦A")}
    table = rotation_table(piles, Card("♥", "2"))
    table.play("♣2")
    for _ in range(24):
        exp = table.expected()
        table.supa() if table.game.table[-1].cards[0].rank in "KA" else table.play(
            "♣K" if Card("♣", "K") in table.known(exp.seat) else "♣A")
    assert sk.findings(table.state) == ()  # they chose to go round: they can stop


# --- variants --------------------------------------------------------------------------------
def test_one_card_at_a_time_variant():
    table = example_table(one_card=True)
    assert "run" not in [i.type for i in table.expected().inputs]
    err = table.refuse("one_card_at_a_time", "run", seat=A, cards="♠3 ♠4")
    assert err.rule == "Skitgubbe — Varianter"
    table.post("run", seat=A, cards="♠3")  # a run of one is one card
    table.play("♠10")
    assert len(table.game.table) == 2


# --- the end of a game and the protokoll -----------------------------------------------------
def play_out(table: Table, rng: random.Random, limit: int = 3000) -> None:
    """Play the current phase two to its end from the engine's own hints (all hands known)."""
    number = table.game.number
    for _ in range(limit):
        if table.state.game.number != number or table.state.over:
            return
        exp = table.expected()
        playable = exp.inputs[0].fields["card"]
        if playable and (not table.game.table or rng.random() < 0.7):
            table.play(rng.choice(playable))
        else:
            table.supa()
    raise AssertionError("the game did not end")


def test_the_last_player_with_cards_is_the_skitgubbe_and_the_protokoll_counts_it():
    table = example_table()
    play_out(table, random.Random(3))
    state = table.state
    (row,) = state.rows[1:]
    loser = row.marks.index("skitgubbe")
    assert row.kind == "game" and row.changes[loser] == 1 and state.losses[loser] == 1
    assert "skitgubbe" in row.label_sv and sum(state.losses) == 1
    assert state.game.number == 2 and state.game.dealer == A  # the deal passes to the left
    assert sk.sheet(state).totals == state.losses and not sk.is_over(state)
    assert replay(table.setup, table.entries) == state


def test_players_go_out_in_turn_and_the_game_ends_when_one_holds_cards():
    table = two_unknown_table("♣5", "♦3 ♠7", "♣2 ♦9 ♥A ♥2", match_games=1)
    table.play("♦5")
    table.play("♦9")
    table.play("♠7")
    table.play("♦3")  # C is out: he plays on no more
    assert table.game.out == (C,) and table.game.turn == A
    assert table.game.in_hand == (0, 0, 0)  # ♣5 can only be A's
    play_out(table, random.Random(5))
    game = table.state.game
    assert game.phase == "over" and game.out[0] == C and len(game.out) == 2
    assert game.loser not in game.out and game.count(game.loser) > 0
    assert [game.count(s) for s in game.out] == [0, 0]
    assert table.state.losses[game.loser] == 1 and sk.is_over(table.state)


def test_quick_entry_of_the_skitgubbe_and_the_next_dealer():
    table = Table(first_dealer=C)
    state = table.post("result", loser=B)
    assert state.losses == (0, 1, 0) and state.game.dealer == A and state.game.number == 2
    assert state.rows[-1].label_en == "Game 1: Bo skitgubbe (quick entry)"
    table.play("♠2")
    state = table.post("result", loser=B)  # mid-game too: the rest is not entered
    assert state.losses == (0, 2, 0) and state.game.dealer == B


def test_the_skitgubbe_deals_next_option():
    table = Table(first_dealer=C, next_dealer="loser")
    assert table.post("result", loser=A).game.dealer == A
    assert table.post("result", loser=B).game.dealer == B


def test_quick_entry_in_phase_two_names_a_player_who_still_holds_cards():
    table = two_unknown_table("♣5", "♦3 ♠7", "♣2 ♦9 ♥A ♥2")
    table.play("♦5")
    table.play("♦9")
    table.play("♠7")
    table.play("♦3")
    table.refuse("loser_has_no_cards", "result", loser=C)
    assert table.post("result", loser=A).losses == (1, 0, 0)


def test_a_match_of_three_games_fewest_losses_wins_and_a_tie_has_no_winner():
    table = Table(match_games=3)
    for loser in (A, B, A):
        table.post("result", loser=loser)
    assert sk.is_over(table.state) and table.state.winner == C
    assert sk.result(table.state) == {"winner": C, "losses": [2, 1, 0], "games": 3}
    assert sk.expected(table.state).phase == "over"
    table.refuse("not_expected", "result", loser=B)
    tie = Table(match_games=3)
    for loser in (A, B, C):
        tie.post("result", loser=loser)
    assert sk.is_over(tie.state) and tie.state.winner is None
    assert sk.sheet(tie.state).winner is None


def test_the_view_greys_only_cards_out_of_reach():
    table = example_table()
    table.play("♣9")
    table.supa()
    view = sk.describe(table.state)["deal"]
    assert view["current"]["cards"] == []  # ♣9 is back in a hand
    assert view["known"][B][:1] == ["♠2"] and "phase_one" in view
    assert all("seat" not in t for t in view["phase_one"])


def test_replay_of_a_long_log_equals_the_live_state():
    table = example_table()
    play_out(table, random.Random(11))
    table.post("result", loser=C)
    assert replay(table.setup, table.entries) == table.state
    for cut in (30, 60, len(table.entries) - 1):
        live = table.setup.new_state()
        for entry in table.entries[:cut]:
            live = apply_game_event(table.setup, live, entry.event)
        assert replay(table.setup, table.entries[:cut]) == live


# --- beginning at phase two (issue 15, item 13) ---------------------------------------------
# "Första fasen ... Det kortets färg blir trumffärgen i spelets andra fas. Andra fasen: Alla
# plockar nu upp de stick de vann ... Den som fick talongens sista kort inleder det första
# sticket." Phase one has nothing to referee, so a table may enter only its end.
def phase_two_table(trump: str = "♥2", taker: int = A, hands=(17, 18, 17), **options) -> Table:
    table = Table(**options)
    table.post("trump", card=trump, seat=taker, hands=list(hands))
    return table


def test_a_game_may_begin_at_phase_two_with_the_trump_card_its_taker_and_the_hands():
    table = Table()
    (start,) = [i for i in table.expected().inputs if i.type == "trump"]
    assert start.seat is None and start.fields["hands"] == "required"
    assert start.fields["seat"] == [A, B, C] and len(start.fields["card"]) == 52
    state = table.post("trump", card="♥2", seat=A, hands=[17, 18, 17])
    game = state.game
    assert game.phase == "two" and game.phase_one_skipped and game.trump == "♥"
    # The taker took up the trump card and leads; every other card is in some hand.
    assert game.turn == A and table.known(A) == {Card("♥", "2")}
    assert table.known(B) == table.known(C) == set()
    assert [game.count(s) for s in (A, B, C)] == [17, 18, 17]
    assert game.in_hand == (16, 18, 17) and len(game.pool) == 51
    assert game.duels == () and game.talon == 0
    view = sk.describe(state)["deal"]
    assert view["phase_one_skipped"] and view["hands"] == [17, 18, 17]
    assert view["known"] == [["♥2"], [], []] and view["phase_one"] == []
    exp = table.expected()
    assert exp.phase == "two" and exp.seat == A
    assert {i.type for i in exp.inputs} == {"play", "run", "hand", "result"}


def test_after_beginning_at_phase_two_the_example_and_its_proofs_work_the_same():
    """The text's example without phase one entered: the app knows less, so C's trump
    cannot be refused at once — it becomes a claim (void in clubs) that a later club of C's
    proves false, exactly as after a phase one entered card by card."""
    table = phase_two_table()
    table.play("♣9")  # A
    table.run("♣A ♣Q ♣K")  # B, in any order
    table.refuse("not_higher", "play", seat=C, card="♣J")
    table.play("♥A")  # C trumps: he says he has no clubs
    assert table.game.claims and table.game.claims[0].kind == "void"
    # Three plays to the trick (♣9, ♣Q-K-A, ♥A): it is turned away, and C leads.
    assert table.game.table == () and table.game.trick == 2 and table.game.turn == C
    table.play("♣10")  # C shows a club he held all along
    (finding,) = sk.findings(table.state)
    assert finding.code == "revoke_proven" and finding.seat == C
    assert finding.params["claim_trick"] == 1 and finding.params["proof_card"] == "♣10"
    table.refuse("card_on_table", "play", seat=A, card="♣10")
    assert replay(table.setup, table.entries) == table.state


def test_beginning_at_phase_two_the_skitgubbe_and_the_protokoll_as_after_phase_one():
    table = phase_two_table(hands=(1, 51, 0), taker=A, match_games=2)
    # Cia took up nothing: she is out. Anna leads her only card, the trump card.
    assert table.game.out == (C,) and table.game.turn == A
    state = table.play("♥2")  # Anna is rid of her cards: Bo is the skitgubbe
    (row,) = state.rows[1:]
    assert row.label_en == "Game 1: Bo skitgubbe" and row.marks[B] == "skitgubbe"
    assert state.losses == (0, 1, 0) and state.game.number == 2 and state.game.dealer == A
    # The next game begins at phase one again, and may begin at phase two again.
    assert state.game.phase == "one" and "trump" in [i.type for i in table.expected().inputs]
    table.post("trump", card="♠A", seat=C, hands=[20, 10, 22])
    state = table.post("result", loser=A)
    assert sk.is_over(state) and state.losses == (1, 1, 0) and state.winner == C
    assert replay(table.setup, table.entries) == state


def test_beginning_at_phase_two_is_refused_when_incomplete_or_impossible():
    table = Table()
    table.refuse("phase_two_start_incomplete", "trump", card="♥2")
    table.refuse("phase_two_start_incomplete", "trump", card="♥2", seat=A)
    table.refuse("phase_two_start_incomplete", "trump", card="♥2", hands=[17, 18, 17])
    table.refuse("hands_shape", "trump", card="♥2", seat=A, hands=[17, 35])
    table.refuse("hands_shape", "trump", card="♥2", seat=A, hands=[17, 36, -1])
    table.refuse("hands_shape", "trump", card="♥2", seat=A, hands=[17, "18", 17])
    err = table.refuse("hands_do_not_add_up", "trump", card="♥2", seat=A, hands=[17, 17, 17])
    assert err.params == {"hands": [17, 17, 17], "sum": 51, "cards": 52}
    table.refuse("taker_holds_trump", "trump", card="♥2", seat=A, hands=[0, 26, 26])
    # Once a card of phase one is entered, the game goes on card by card.
    table.play("♠7")
    assert "trump" not in [i.type for i in table.expected().inputs]
    table.refuse("not_expected", "trump", card="♥2", seat=A, hands=[17, 18, 17])


def test_after_phase_one_entered_the_hands_given_with_the_trump_card_must_match():
    table = Table()
    winners = {seat: iter(pair_up(EXAMPLE_PILES[seat])) for seat in (A, B, C)}
    for _ in range(25):
        duel = table.game.current
        low, high = next(winners[duel.answerer])
        play_tricks(table, [(low, high)])
    assert table.game.phase == "reveal"
    err = table.refuse("hands_do_not_match", "trump", card=str(EXAMPLE_TRUMP),
                       hands=[16, 18, 18])
    assert err.params["known"] == [17, 18, 17]
    table.post("trump", card=str(EXAMPLE_TRUMP), hands=[17, 18, 17])
    assert [table.game.count(s) for s in (A, B, C)] == [17, 18, 17]
    assert not table.game.phase_one_skipped
