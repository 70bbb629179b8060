"""Random Schnapsen (and 66) matches with fixed seeds, dealt and played with real cards.

Each hand shuffles the deck and deals it as the text says (Schnapsen: 3 each, the trump card
face up, 2 each; 66: 3, the trump card, 3), the rest across the trump card as the talon. The
players play real cards: any card while the talon is open; once it is closed or exhausted,
follow suit and head the trick if able, else trump, else anything. Now and then the leader
exchanges the trump jack (nine), closes the talon (in 66 sometimes before drawing), leads a
marriage; a player who counts 66 claims it (a rare one claims wrongly); a hand goes by quick
entry (played here, entered as its outcome). In the revoke runs a follower sometimes breaks
the duty. The engine never sees a hand: it gets what the table enters.

The rules are written again here, independently of the engine (who wins a trick, the draw,
the legal cards, the points, the game points), and the engine must agree. Invariants:

- every card is in one place: a hand, the talon, under it (face up or turned down), a won
  pile, or the trick on the table — and the engine's talon count is the real one;
- the engine's running points, its settler's verdict on a claim, its offered marriages and
  exchange agree with the real cards (it never refuses a legal play);
- a hand played out counts 120 card points, 130 with 66's last-trick 10 after an exhausted
  talon; the winner and the game points are the text's;
- the protokoll counts down from 7 in rows that add up, a Bummerl ends at 0;
- no findings when everybody follows the rules; with revokes, a finding exactly when a later
  card proves the breach, naming both tricks; a card known in the hand makes it a refusal;
- replaying the log gives the live state, also for prefixes; the match ends.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from rules_engine.errors import RuleViolation
from rules_engine.registry import get_game
from rules_engine.table_log import Entry, TableSetup, apply_game_event, replay

POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
MAX_HANDS = 200


def beats(card, best, trump, order) -> bool:
    """The text: a trump beats any other suit; within a suit the higher rank."""
    if card.suit == trump and best.suit != trump:
        return True
    return card.suit == best.suit and order.index(card.rank) > order.index(best.rank)


def breach(card, other, led, trump, must_head, order) -> str | None:
    """Two hands: did holding ``other`` make following ``led`` with ``card`` illegal?"""
    if card.suit != led.suit and other.suit == led.suit:
        return "follow"
    if card.suit == led.suit:
        if must_head and other.suit == led.suit and beats(other, led, trump, order) \
                and not beats(card, led, trump, order):
            return "head"
        return None
    if card.suit != trump and other.suit == trump:
        return "trump"
    return None


@dataclass
class Match:
    game: str
    seed: int
    options: dict = field(default_factory=dict)
    revoke_rate: float = 0.0
    quick_rate: float = 0.05

    def __post_init__(self):
        self.rng = random.Random(self.seed)
        self.module = get_game(self.game)
        self.deck = self.module.DECK
        self.order = self.deck.rank_order
        self.setup = TableSetup(self.game, ("Anna", "Bo"), self.options,
                                first_dealer=self.rng.randrange(2))
        self.state = self.setup.new_state()
        self.rules = self.state.rules
        self.entries: list[Entry] = []
        self.checkpoints: list[tuple[int, object]] = []
        self.breaches: list[tuple[int, int, object, object]] = []  # seat, trick, card, led
        self.expected_findings: list[tuple[int, int, int, str]] = []
        self.hands_played = 0
        self.closings = self.exchanges = self.marriages = self.claims = 0
        self.quick_closed = 0  # closed hands entered by quick entry with their closing
        self.hows: set[str] = set()

    # -- the table ---------------------------------------------------------------------------
    def post(self, event: dict) -> None:
        if self.quick:
            return
        self.state = apply_game_event(self.setup, self.state, event)
        self.entries.append(Entry(len(self.entries) + 1, event))

    def describe(self) -> dict:
        return self.module.describe(self.state)

    # -- the physical hand ----------------------------------------------------------------------
    def deal(self) -> None:
        rng = self.rng
        cards = list(self.deck.cards)
        rng.shuffle(cards)
        dealer = self.state.dealer
        self.dealer, self.leader = dealer, 1 - dealer
        first, second = (3, 2) if self.module.HAND_SIZE == 5 else (3, 3)
        self.hands = {0: [], 1: []}
        for count in (first,):
            for seat in (self.leader, dealer):
                self.hands[seat] += [cards.pop() for _ in range(count)]
        self.turned = self.trump_card = cards.pop()
        for seat in (self.leader, dealer):
            self.hands[seat] += [cards.pop() for _ in range(second)]
        self.talon = cards  # face down; drawn from the end
        self.trump = self.turned.suit
        self.turned_down = None
        self.won = {0: [], 1: []}
        self.won_tricks = [0, 0]
        self.marriage_points = {0: 0, 1: 0}
        self.closed_by = None
        self.closed_figs = None
        self.duty = False
        self.trick_no = 0
        self.table: list = []
        self.known = {0: set(), 1: set()}
        self.last_winner = None
        self.last_ten = False  # 66: the last trick of an exhausted talon is worth 10
        self.breaches = []  # a breach is proven within its hand

    def all_cards_in_one_place(self) -> None:
        places = (self.hands[0] + self.hands[1] + self.talon + self.won[0] + self.won[1]
                  + [c for _, c in self.table]
                  + [c for c in (self.trump_card, self.turned_down) if c is not None])
        assert len(places) == len(self.deck) and set(places) == set(self.deck.cards)

    def talon_count(self) -> int:
        return len(self.talon) + (1 if (self.trump_card or self.turned_down) else 0)

    def talon_open(self) -> bool:
        return self.closed_by is None and self.talon_count() > 0

    def points(self, seat: int) -> int:
        pts = sum(POINTS[c.rank] for c in self.won[seat])
        if self.won_tricks[seat]:
            pts += self.marriage_points[seat]
        if self.last_ten and self.last_winner == seat:
            pts += 10
        return pts

    def figures(self) -> tuple[tuple[int, int], tuple[int, int]]:
        return (self.points(0), self.points(1)), tuple(self.won_tricks)

    # -- the text's game points, written again ---------------------------------------------
    def outcome(self, claimant: int | None) -> tuple[tuple[int, ...], int, str]:
        closer = self.closed_by
        if closer is not None and not self.rules.end_of_hand_figures:
            pts, tricks = self.closed_figs
        else:
            pts, tricks = self.figures()
        if claimant is None:
            if closer is None:  # exhausted: the last trick's winner wins the hand
                w = self.last_winner
                o = 1 - w
                gp = 1 if pts[o] >= 33 else (2 if tricks[o] else 3)
                return (w,), gp, "last_trick"
            claimant = closer
        if self.points(claimant) >= 66:
            if closer is not None and closer != claimant:
                return (claimant,), (2 if tricks[claimant] else 3), "against_closer"
            o = 1 - claimant
            return (claimant,), (1 if pts[o] >= 33 else (2 if tricks[o] else 3)), "claim"
        w = 1 - claimant
        return (w,), (2 if tricks[w] else 3), "wrong_claim"

    # -- one hand -------------------------------------------------------------------------------
    def play_hand(self) -> None:
        self.quick = self.rng.random() < self.quick_rate
        rows, totals = len(self.state.rows), self.state.totals
        self.deal()
        self.post({"type": "deal", "trump": str(self.turned)})
        result = None
        while result is None:
            result = self.turn()
        winners, gp, how = result
        self.hands_played += 1
        if self.quick:
            self.quick = False
            loser = 1 - winners[0]
            pts, tricks = self.figures()  # quick entry's own figures are the end's
            event = {"type": "result", "winner": winners[0], "game_points": gp}
            if self.rng.random() < 0.7:
                event.update(how=how, winner_tricks=tricks[winners[0]])
                if how != "wrong_claim" and how != "against_closer":
                    event.update(loser_points=pts[loser], loser_tricks=tricks[loser])
                if self.closed_by is not None:
                    # A closed hand: who closed and the figures then (issue 15, item 5).
                    closer = self.closed_by
                    c_pts, c_tricks = self.closed_figs
                    event.update(closer=closer,
                                 opponent_points_at_closing=c_pts[1 - closer],
                                 opponent_tricks_at_closing=c_tricks[1 - closer],
                                 closer_tricks_at_closing=c_tricks[closer])
                    self.quick_closed += 1
            self.post(event)
            assert self.state.last.quick
        else:
            outcome = self.state.last.outcome
            assert (outcome.winners, outcome.game_points, outcome.how) == (winners, gp, how), \
                (outcome, winners, gp, how, self.seed)
            assert outcome.points == (self.points(0), self.points(1))
            self.hows.add(how if outcome.declared else how + "_at_end")
            if not self.table and not self.hands[0] and not self.hands[1]:
                won = sum(POINTS[c.rank] for s in (0, 1) for c in self.won[s])
                out = sum(POINTS[c.rank] for c in self.talon + [self.turned_down] if c)
                assert won + out == 120
                if self.closed_by is None:  # played out from an exhausted talon
                    assert out == 0 and won == 120
                    bonus = 10 if self.last_ten else 0
                    assert sum(self.points(s) for s in (0, 1)) == 120 + bonus + sum(
                        self.marriage_points[s] for s in (0, 1) if self.won_tricks[s])
        self.check_protokoll(rows, totals, winners, gp)
        self.check_findings()
        if self.rng.random() < 0.2:
            self.checkpoints.append((len(self.entries), self.state))

    def check_protokoll(self, rows_before, totals_before, winners, gp) -> None:
        rows = self.state.rows[rows_before:]
        hand_row = self.state.rows[rows_before]
        assert hand_row.kind == "hand"
        for seat in (0, 1):
            expected = max(0, totals_before[seat] - gp) if seat in winners else totals_before[seat]
            assert hand_row.totals[seat] == expected
        bummerl = [r for r in rows if r.kind == "bummerl"]
        assert bool(bummerl) == (0 in hand_row.totals)
        # The next dealer: the winner in 66 (option), else the other player.
        if self.state.phase != "over":
            want = winners[0] if self.rules.winner_deals else 1 - self.dealer
            assert self.state.dealer == want

    def check_findings(self) -> None:
        found = sorted((f.seat, f.params["breach_trick"], f.params["proof_trick"],
                        f.params["duty"]) for f in self.module.findings(self.state))
        assert found == sorted(self.expected_findings), (found, self.expected_findings)

    # -- a turn: the leader's options, claims, the trick -------------------------------------------
    def may_claim(self, after_lead: bool = False):
        rng = self.rng
        for seat in (self.leader, 1 - self.leader):
            real = self.points(seat) >= 66
            if (real and rng.random() < 0.6) or (not real and rng.random() < 0.004):
                self.check_settler_claims()
                result = self.outcome(seat)
                self.post({"type": "claim", "seat": seat})
                self.claims += 1
                return result
        return None

    def check_settler_claims(self) -> None:
        if self.quick:
            return
        settled = self.describe()["settler"]
        for seat in (0, 1):
            verdict = settled["claims"][seat]
            if self.rules.no_peeking:
                assert verdict["hidden"] and verdict["right"] is None
                continue
            assert verdict["points"] == self.points(seat)
            assert verdict["right"] == (self.points(seat) >= 66)
            winners, gp, _how = self.outcome(seat)
            assert (tuple(verdict["winners"]), verdict["game_points"]) == (winners, gp)

    def turn(self):
        rng = self.rng
        rules = self.rules
        leader, follower = self.leader, 1 - self.leader
        self.trick_no += 1
        first = self.trick_no == 1
        if not self.quick and not rules.no_peeking:
            assert self.describe()["hand"]["points"] == [self.points(0), self.points(1)]
        if not self.quick:
            assert self.state.hand.talon == self.talon_count()
            assert self.state.hand.in_hand == len(self.hands[leader]) == len(self.hands[follower])
        result = self.may_claim()
        if result:
            return result
        # The exchange: leader, talon open (3 face-down with the tournament rule).
        face_down = len(self.talon)
        ex_card = type(self.turned)(self.trump, rules.exchange_rank)
        talon_ok = self.talon_open() and self.trump_card is not None and (
            not rules.min_three_face_down or face_down >= 3)
        may_exchange = talon_ok and not (rules.first_lead_plain and first) \
            and ex_card in self.hands[leader] and self.trump_card != ex_card
        if may_exchange and not self.quick:
            assert self.describe()["settler"]["exchange"]["allowed"] is True
        if may_exchange and rng.random() < 0.6:
            self.post({"type": "exchange", "seat": leader})
            self.hands[leader].remove(ex_card)
            self.hands[leader].append(self.trump_card)
            self.known[leader].add(self.trump_card)
            self.trump_card = ex_card
            self.exchanges += 1
        if talon_ok and self.closed_by is None and rng.random() < 0.08:
            self.close(leader)
        # The lead, perhaps a marriage.
        lead = None
        marriage = False
        can_marry = not (rules.first_lead_plain and first) and not (
            rules.no_marriage_after_closing and self.closed_by is not None)
        pairs = [c for c in self.hands[leader] if c.rank in ("K", "Q")
                 and type(c)(c.suit, "Q" if c.rank == "K" else "K") in self.hands[leader]
                 and (c.rank == "K" or not rules.marriage_lead_king)]
        if can_marry and pairs and not self.quick:
            offered = self.describe()["settler"]["marriage"]["cards"]
            assert {str(c) for c in pairs} <= set(offered), (pairs, offered)
        if can_marry and pairs and rng.random() < 0.7:
            lead = rng.choice(pairs)
            marriage = True
            self.marriages += 1
            partner = type(lead)(lead.suit, "Q" if lead.rank == "K" else "K")
            self.known[leader].add(partner)
            self.marriage_points[leader] += 40 if lead.suit == self.trump else 20
        else:
            lead = rng.choice(self.hands[leader])
        self.hands[leader].remove(lead)
        self.known[leader].discard(lead)
        self.table = [(leader, lead)]
        as_trick = rng.random() < 0.5
        if not as_trick:
            if marriage:
                self.post({"type": "marriage", "seat": leader, "card": str(lead)})
            else:
                self.post({"type": "play", "seat": leader, "card": str(lead)})
            if marriage:
                result = self.may_claim(after_lead=True)
                if result:
                    return result
        follow = self.choose_follow(follower, lead, as_trick, marriage)
        self.prove(follower, follow)
        self.prove(leader, lead)
        if self.duty and not self.quick and breach_any(self, follower, follow, lead):
            self.breaches.append((follower, self.trick_no, follow, lead))
        self.hands[follower].remove(follow)
        self.known[follower].discard(follow)
        self.table = []
        winner = follower if beats(follow, lead, self.trump, self.order) else leader
        self.won[winner] += [lead, follow]
        self.won_tricks[winner] += 1
        self.last_winner = winner
        self.all_cards_in_one_place()
        if not self.hands[winner] and not self.talon_open():
            self.last_ten = self.closed_by is None and self.rules.last_trick_ten
            return self.outcome(None)
        if self.talon_open():
            if self.rules.close_before_drawing and rng.random() < 0.15:
                self.close(winner, before_drawing=True)
            else:
                self.draw(winner)
        self.leader = winner
        return None

    def choose_follow(self, seat, lead, as_trick, marriage):
        """A legal card (by our own reading); in revoke runs sometimes not."""
        rng = self.rng
        hand = self.hands[seat]
        legal = [c for c in hand if not self.duty or not any(
            breach(c, o, lead, self.trump, self.rules.must_head, self.order)
            for o in hand if o != c)]
        card = rng.choice(legal)
        illegal = [c for c in hand if c not in legal]
        if illegal and not self.quick and rng.random() < self.revoke_rate:
            card = rng.choice(illegal)
            known_proof = [o for o in self.known[seat] if breach(
                card, o, lead, self.trump, self.rules.must_head, self.order)]
            if known_proof and not self.quick:
                event = self.trick_event(lead, card, as_trick, marriage)
                with pytest.raises(RuleViolation) as info:
                    apply_game_event(self.setup, self.state, event)
                assert info.value.code in ("must_follow", "must_trump", "must_head")
                card = rng.choice(legal)
        self.post(self.trick_event(lead, card, as_trick, marriage))
        return card

    def trick_event(self, lead, card, as_trick, marriage) -> dict:
        seat = 1 - self.leader
        if as_trick:
            event = {"type": "trick", "cards": [str(lead), str(card)]}
            if marriage:
                event["marriage"] = True
            return event
        return {"type": "play", "seat": seat, "card": str(card)}

    def prove(self, seat, card) -> None:
        """A card played proves the earlier breaches of its player that it witnesses."""
        if self.quick:
            return
        for s, trick, bad, led in list(self.breaches):
            if s != seat:
                continue
            duty = breach(bad, card, led, self.trump, self.rules.must_head, self.order)
            if duty is not None:
                self.expected_findings.append((seat, trick, self.trick_no, duty))
                self.breaches.remove((s, trick, bad, led))

    def close(self, seat, before_drawing=False) -> None:
        self.post({"type": "close", "seat": seat, **(
            {"before_drawing": True} if before_drawing else {})})
        self.closed_by = seat
        self.closed_figs = self.figures()
        self.turned_down, self.trump_card = self.trump_card, None
        self.duty = True
        self.closings += 1

    def draw(self, winner) -> None:
        loser = 1 - winner
        self.hands[winner].append(self.talon.pop())
        if self.talon:
            self.hands[loser].append(self.talon.pop())
        else:
            self.hands[loser].append(self.trump_card)
            self.known[loser].add(self.trump_card)
            self.trump_card = None
            self.duty = True

    # -- the whole match -------------------------------------------------------------------------
    def run(self) -> None:
        while self.state.phase != "over" and self.hands_played < MAX_HANDS:
            self.play_hand()
        assert self.state.phase == "over" or self.rules.match_bummerl == 0
        assert replay(self.setup, self.entries) == self.state
        for length, state in self.checkpoints[-3:]:
            assert replay(self.setup, self.entries[:length]) == state


def breach_any(match: Match, seat, card, lead) -> bool:
    """Was ``card`` illegal given the whole hand the follower held (before playing it)?"""
    hand = match.hands[seat]
    return any(breach(card, o, lead, match.trump, match.rules.must_head, match.order)
               for o in hand if o != card)


def check_match(match: Match) -> Match:
    match.run()
    if match.rules.match_bummerl:
        assert match.state.bummerl_played == match.rules.match_bummerl
        lost = match.state.bummerl_lost
        assert sum(lost) == match.rules.match_bummerl
        assert match.state.winners == tuple(s for s in (0, 1) if lost[s] == min(lost))
    return match


@pytest.mark.parametrize("seed", range(12))
def test_random_bummerl_of_schnapsen(seed):
    match = check_match(Match("schnapsen", seed))
    assert match.hands_played >= 3


@pytest.mark.parametrize("seed", range(6))
def test_random_schnapsen_with_the_tournament_rules(seed):
    options = {"first_lead_plain": True, "marriage_lead_king": True,
               "min_three_face_down": True, "end_of_hand_figures": seed % 2 == 0,
               "no_peeking": seed % 3 == 0, "match_bummerl": 2}
    check_match(Match("schnapsen", 100 + seed, options))


@pytest.mark.parametrize("seed", range(6))
def test_random_schnapsen_with_revokes_proven_later(seed):
    match = check_match(Match("schnapsen", 200 + seed, revoke_rate=0.3))
    assert match.hands_played


def test_the_random_runs_reach_every_kind_of_entry():
    totals = {"closings": 0, "exchanges": 0, "marriages": 0, "claims": 0, "findings": 0}
    hows = set()
    for seed in range(6):
        match = check_match(Match("schnapsen", 300 + seed, {"match_bummerl": 3},
                                  revoke_rate=0.3))
        for key in ("closings", "exchanges", "marriages", "claims"):
            totals[key] += getattr(match, key)
        totals["findings"] += len(match.module.findings(match.state))
        hows |= match.hows
    assert all(count > 0 for count in totals.values()), totals
    assert hows == {"claim", "wrong_claim", "last_trick", "against_closer", "claim_at_end",
                    "wrong_claim_at_end"}, hows


@pytest.mark.parametrize("game,end_of_hand", [("schnapsen", False), ("schnapsen", True),
                                              ("sixtysix", False), ("sixtysix", True)])
def test_quick_entry_of_closed_hands_agrees_with_play(game, end_of_hand):
    """Issue 15, item 5: hands played with real cards, a third of them entered by quick entry
    with the closer and the figures at the closing; the engine must accept every right game
    point (the independent reading above decides it) under either reading of the figures."""
    quick_closed = 0
    for seed in range(4):
        match = check_match(Match(game, 400 + seed, {"end_of_hand_figures": end_of_hand,
                                                     "match_bummerl": 2}, quick_rate=0.35))
        quick_closed += match.quick_closed
    assert quick_closed > 0
