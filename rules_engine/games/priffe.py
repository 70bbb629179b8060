"""Priffe (preference) — four players in pairs, 52 cards, one round of bidding, three sits.

Source: rule file 002, section "Priffe regler" up to "Muggins regler": "så här spelar ni" (the
draw and the deal), *Budgivning* (the six bids), *Spelet*, *Poängräkning (det moderna sättet)*
with the honours, *Utgång* and the sits, *Enklare variant av Priffe*, *Priffe i gammaldags
variant*; and the sits rotation in the project's rules README (the text's schedule is
missing). Cited in refusals as "Priffe — Dragning", "— Budgivning", "— Spelet",
"— Poängräkning", "— Honnörer", "— Utgång", "— Sitsar", "— Enklare variant" and
"— Gammaldags variant". The card play (seating, tricks, what the app knows) is shared with
whist in ``whist_play``; the six bids and the final contract are in ``priffe_bids``, the
text's scoring numbers and the score of one deal in ``priffe_scoring``; this module is the
course of a match and its protokoll, in the order of the text.

How a deal runs, as the text says it
------------------------------------
First the players draw for seats: the lowest card (the ace counts lowest) chooses their chair
and deals first; the second lowest is their partner, opposite; the other two are the other
*bolag*. 13 cards each. Bidding goes once round clockwise from forehand; each player bids
higher than the bid before or passes. From high to low: *preference* (no trumps, take as
many tricks as you can), *noll* (nollissimo: take as few as you can), *hjärter* (hearts
trump), *ruter* (diamonds trump), and the information bids *spader* (strong for preference;
"stor invit") and *klöver* (weaker; "liten invit"): these two can never be the final bid and
only the first two players may make them. The highest bid is final and its bolag declares.
Nobody bids, or an information bid is not followed by a higher one: *tvångsnoll*, forced
misère. Forehand leads, except after preference: then the player to the right of the
preference bidder. The winner of a trick leads the next.

Scoring, the modern way: a made preference, hjärter or ruter (seven tricks or more) → 10 a
trick over six (nine tricks → 30); failed → the other bolag 20 a penalty trick (tricks over
six they took: bolag A bid hearts, bolag B took eight → B 40). Noll made (six tricks or
fewer) → 10 a trick under seven (six → 10, five → 20); failed → the other bolag 20 a penalty
trick; in tvångsnoll no penalty tricks. Little slam (12 tricks, or one in noll) +10, grand
slam (13, or none) +20; a contract failing by as much: little penalty slam 20, grand 40 to the
other bolag. Honours — the four aces in preference, A K Q J of trumps in hjärter and ruter,
the four twos in noll and tvångsnoll — 50 all four in one hand, 40 three in one hand and the
fourth with the partner, 30 three in one hand. The first bolag to 30 trick points has
*utgång* (honours do not count toward it); points are written above and below the line as
in bridge; after an utgång both start again at 0 below the line. Two utgångar win a *sits*;
after each sits the players change places so that over three sits everyone partners
everyone; the player with most points in all wins.

Entering a deal
---------------
``draw`` (the cards drawn, once, before anything else; optional), ``seating`` (how the
players really sit, at the start of a sits; optional), ``bid`` (one bid, in turn), ``hand``
(optional), ``play``/``trick`` (one card or the rest of a trick), or ``result`` (quick
entry: the bids not yet entered, the tricks per bolag or per player, the honours per player).
In trick-by-trick play the app counts the honours itself from who played them.

Interpretations (where the text is silent or ambiguous; also on docs/rules/priffe.md)
--------------------------------------------------------------------------------------
- The draw: only the rank counts, the ace lowest (the text). Cards of equal rank that decide
  the first dealer (the two lowest) or the partners (the second and third) are refused: draw
  again. For the sits schedule the lowest is A, their partner C, the third lowest B, the
  highest D (the README: sits 1 A–C against B–D, sits 2 A–B against C–D, sits 3 A–D against
  B–C). Without a draw the players are A B C D in the order entered, the first dealer the
  table's.
- Direction: bidding goes clockwise (the text: "medsols"); so do the play and the deal
  (forehand is the dealer's left-hand neighbour). A new sits keeps the deal going: its first
  dealer is the player who would have dealt next. Default seatings: see ``whist_play``;
  the table enters the real one with ``seating``.
- Information bids are bids: a later bid must be higher (after spader nobody may say klöver),
  and only the first two players in the bidding order may make one. Pass is always allowed.
- Noll and tvångsnoll have no trump suit (misère), as preference; hjärter and ruter (and in
  the old variant spader and klöver) make that suit trump.
- Tvångsnoll has no declarer: the bolag that took six tricks or fewer scores 10 a trick under
  seven; nobody gets penalty tricks (the text). Slam bonuses for a bolag taking one trick or
  none: option ``tvangsnoll_slams`` (on: as in noll).
- Penalty tricks: in a failed preference/hjärter/ruter the tricks over six the opponents took
  (the text); in a failed noll the tricks over six the noll bolag took. Penalty slams: the
  declaring bolag took one trick or none (noll: twelve or all thirteen).
- Honours go to the bolag that held them, declaring or not. "Three in one hand" scores 30
  only when the fourth is with an opponent (40 when with the partner); two and two, or
  spread wider, score nothing (the text lists no such case).
- Below the line (toward utgång): the trick points of a made contract and of tvångsnoll.
  Penalty tricks, slams, honours and bonuses go above, as in bridge, which the text
  recommends for the protokoll; option ``penalty_below_line`` counts penalty tricks toward
  utgång too. Points over 30 are not carried into the next game.
- A sits is won by two utgångar in it, not necessarily in a row; no bonus in the modern way
  (the text names none). After three sits the match is over; the player(s) with most points
  win. The text gives no scale for money: no settlement.
- The simpler variant: option ``format`` — ``sits`` (default), ``deals`` (a number of deals:
  option ``deals``) or ``target`` (until a bolag has ``target`` points below the line, the
  text's example 100). Then the bolag stay as drawn, there is no utgång, and the bolag with
  more points in all wins (equal: a draw).
- The old variant: option ``scoring`` — ``modern`` (default) or ``old``: spader and klöver are
  real bids and trump, ranked preference, nollissimo, hjärter, ruter, klöver, spader; anybody
  may bid them; 2/3/4/5/6/8 a trick for spader/klöver/ruter/hjärter/noll/preference; penalty
  tricks double the contract's value; honours three in one hand worth two tricks, all four in
  one hand four tricks (three with the fourth in the partner's hand count as three in one
  hand); slams 10/20 and no penalty slams (the old text names none); utgång at 20, a bolag's
  first utgång in a sits +10, its second +20 (above the line). Tvångsnoll (all four pass) is
  worth nollissimo's 6 a trick.
- Quick entry (``result``) may come until the first card of the deal is played: bids already
  entered must agree with it. Tricks per bolag (two numbers, the bolag of player 0 first) or
  per player (four); 13 together. Honours per player (four numbers, 4 together): who held how
  many of the contract's honours.
- A revoke proven later is a finding naming both tricks; the text sets no penalty, so the
  table decides (and may correct the entries).

An entered hand (``hand``) is private to its seat until the deal is over, as
``rules_engine.hands`` says for every game that takes one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from .. import bidding
from ..cards import FRENCH52
from ..errors import Finding, RuleViolation, violation as _violation
from ..protocol import check_players, not_expected, Expectation, Expected, RuleSection, option
from ..sheet import Sheet, SheetRow
from . import whist_play as table
# The bids, the entries and the scoring; the tests read some of them through ``priffe``:
from .priffe_bids import (BIDS, INFORMATION_BIDDERS, INFORMATION_BIDS, PASS,  # noqa: F401
                          PREFERENCE, R_BIDDING, TRUMP_OF, TVANGSNOLL, bid_name,
                          final_contract, parse_bid, rank)
from .priffe_entries import EVENTS, LABELS, PRIVATE  # noqa: F401
from .priffe_scoring import (OLD_TRICK_VALUE, OLD_UTGANG_BONUS, DealScore,  # noqa: F401
                             contract_score, deal_words, honour_cards, score_deal,
                             utgang_at)
from .whist_play import CardPlay, Refs, side_name, side_of
from .whist_play import player_name as _name, set_at as _set

ID = "priffe"
TITLE = "Priffe"
ALIASES = ("preference", "preferance", "priffe_whist")
MIN_PLAYERS, MAX_PLAYERS = 4, 4
DECK = FRENCH52
PLAYERS = table.PLAYERS

# --- the rule text as data (the bids: ``priffe_bids``; the scoring: ``priffe_scoring``) ---
UTGANGAR_FOR_SITS = 2  # "När ett bolag uppnått sin andra utgång, har det vunnit en sits"
SITSAR = 3  # "under sammanlagt tre sitsar"
SIMPLE_TARGET = 100  # "tills det ena bolaget kommit upp i t.ex. 100 poäng under strecket"
# The sits rotation (README): everyone partners everyone over three sits.
SITS_SCHEDULE = (((0, 2), (1, 3)), ((0, 1), (2, 3)), ((0, 3), (1, 2)))  # A=0 B=1 C=2 D=3
LETTERS = "ABCD"

R_DRAW = "Priffe — Dragning"
# R_BIDDING = "Priffe — Budgivning" (``priffe_bids``, where the bids are refused)
R_PLAY = "Priffe — Spelet"
R_SCORING = "Priffe — Poängräkning"
R_HONOURS = "Priffe — Honnörer"
R_UTGANG = "Priffe — Utgång"
R_SITS = "Priffe — Sitsar"
R_SIMPLE = "Priffe — Enklare variant"
R_OLD = "Priffe — Gammaldags variant"
REFS = Refs(draw=R_DRAW, deal=R_DRAW, play=R_PLAY)

RULES = (
    RuleSection(R_DRAW,
                "Man drar om sittningen; esset är lägst. Lägsta kortet väljer stol och ger "
                "först, näst lägsta blir medspelare mittemot. 13 kort var.",
                "The players draw for seats; the ace is lowest. The lowest card chooses a "
                "chair and deals first, the second lowest is their partner opposite. 13 cards "
                "each."),
    RuleSection(R_BIDDING,
                "Ett varv medsols från förhand; högre bud eller pass. Högst till lägst: "
                "preference, noll, hjärter, ruter, spader, klöver. Spader och klöver är "
                "upplysningsbud: aldrig slutbud, bara de två första. Inget slutbud: "
                "tvångsnoll.",
                "One round clockwise from forehand; a higher bid or pass. High to low: "
                "preference, noll, hjärter, ruter, spader, klöver. Spader and klöver only "
                "inform the partner: never final, only the first two. No final bid: "
                "tvångsnoll (forced misère)."),
    RuleSection(R_PLAY,
                "Förhand spelar ut, utom vid preference: spelaren till höger om den som "
                "bjöd. Bekänn färg, annars trumfa eller saka; vinnaren spelar ut.",
                "Forehand leads, except after preference: the player to the right of the "
                "bidder. Follow suit, else trump or discard; the winner leads."),
    RuleSection(R_SCORING,
                "Hemspelat: 10 per stick över sex (noll: under sju). Bet: motspelarna 20 per "
                "strafftrick; inga i tvångsnoll. Lillslam +10, storslam +20; straffslam 20 "
                "och 40 till motspelarna.",
                "Made: 10 a trick over six (noll: under seven). Failed: the opponents 20 a "
                "penalty trick; none in tvångsnoll. Little slam +10, grand +20; penalty "
                "slams 20 and 40 to the opponents."),
    RuleSection(R_HONOURS,
                "Essen i preference, E K D Kn i trumf, tvåorna i noll: alla fyra på en hand "
                "50, tre på en hand och den fjärde hos medspelaren 40, tre på en hand 30.",
                "The aces in preference, A K Q J of trumps, the twos in noll: all four in "
                "one hand 50, three in one hand and the fourth with the partner 40, three "
                "in one hand 30."),
    RuleSection(R_UTGANG,
                "30 trickpoäng under strecket ger utgång (honnörer räknas inte); sedan börjar "
                "båda om på noll under strecket.",
                "30 trick points below the line make utgång (honours do not count); then "
                "both start again at nought below the line."),
    RuleSection(R_SITS,
                "Två utgångar vinner en sits. Efter varje sits byter man plats så att alla "
                "spelar med alla under tre sitsar; flest poäng totalt vinner.",
                "Two utgångar win a sits. After each sits the players move so that everyone "
                "partners everyone over three sits; most points in all wins."),
    RuleSection(R_SIMPLE,
                "Ett överenskommet antal givar, eller tills ett bolag har t.ex. 100 under "
                "strecket.",
                "An agreed number of deals, or until a bolag has e.g. 100 below the line."),
    RuleSection(R_OLD,
                "Spader och klöver riktiga bud och trumf. Per stick spader 2, klöver 3, ruter "
                "4, hjärter 5, noll 6, preference 8; strafftrick dubbelt. Honnörer tre på en "
                "hand som två stick, fyra som fyra. Slam 10/20. Utgång vid 20, bonus 10 och "
                "20.",
                "Spader and klöver real bids and trumps. A trick: spades 2, clubs 3, diamonds "
                "4, hearts 5, noll 6, preference 8; penalty tricks double. Honours three in "
                "one hand as two tricks, four as four. Slams 10/20. Utgång at 20, bonuses 10 "
                "and 20."),
)


@dataclass(frozen=True)
class Options:
    scoring: str = option("modern", ("modern", "old"),
        sv="Poängräkning: det moderna sättet (förval) eller gammaldags (spader och klöver "
           "riktiga bud, 2–8 per stick, utgång vid 20).",
        en="Scoring: the modern way (default) or the old one (spades and clubs real bids, "
           "2–8 a trick, utgång at 20).")
    format: str = option("sits", ("sits", "deals", "target"),
        sv="Tre sitsar med utgångar (förval), ett antal givar, eller till ett mål under "
           "strecket (den enklare varianten).",
        en="Three sits with utgångar (default), a number of deals, or to a target below "
           "the line (the simpler variant).")
    deals: int = option(16, (4, 8, 12, 16, 20, 24, 32),
        sv="Antal givar när man spelar ett antal givar.",
        en="Number of deals when playing a number of deals.")
    target: int = option(SIMPLE_TARGET, (50, 100, 150, 200, 300),
        sv="Poäng under strecket som avslutar när man spelar till ett mål (texten: t.ex. "
           "100).",
        en="Points below the line that end the match when playing to a target (the text: "
           "e.g. 100).")
    penalty_below_line: bool = option(False,
        sv="Strafftrick räknas mot utgång (förval: nej, de skrivs över strecket).",
        en="Penalty tricks count toward utgång (default: no, they are written above the "
           "line).")
    tvangsnoll_slams: bool = option(True,
        sv="Slambonus i tvångsnoll för ett bolag som tar ett eller inget stick.",
        en="Slam bonuses in tvångsnoll for a bolag that takes one trick or none.")


# --- state -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Deal:
    number: int
    dealer: int
    forehand: int
    play: CardPlay
    bids: tuple[tuple[int, str], ...] = ()  # (player, bid) in bidding order
    contract: str | None = None
    declarer: int | None = None  # the player whose bid is final
    quick: bool = False
    score: DealScore | None = None

    @property
    def touched(self) -> bool:
        cp = self.play
        return bool(self.bids or cp.started or any(h is not None for h in cp.hands)
                    or self.quick)


@dataclass(frozen=True)
class SitsResult:
    number: int
    sides: tuple[tuple[int, ...], ...]
    winner: int  # the bolag with two utgångar


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    options: Options
    letters: tuple[int, ...]  # the players called A, B, C, D for the sits schedule
    seating: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    dealer: int
    deal: Deal
    phase: str = "bidding"  # bidding, play, over
    sits: int = 1
    line: tuple[int, int] = (0, 0)  # per bolag: below the line since the last utgång
    utgangar: tuple[int, int] = (0, 0)  # per bolag, in the current sits
    above: tuple[int, ...] = (0,) * PLAYERS  # per player, all the match
    below: tuple[int, ...] = (0,) * PLAYERS
    deals_scored: int = 0
    sits_deals: int = 0  # deals scored in the current sits
    drawn: bool = False
    rows: tuple[SheetRow, ...] = ()
    sits_done: tuple[SitsResult, ...] = ()
    winners: tuple[int, ...] = ()  # players (several: a shared win or a draw)
    last: Deal | None = None
    past_findings: tuple[Finding, ...] = ()

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(a + b for a, b in zip(self.above, self.below))

    @property
    def old(self) -> bool:
        return self.options.scoring == "old"


def new(players: tuple[str, ...], options: Options | None = None,
        first_dealer: int = 0) -> State:
    players = tuple(players)
    check_players(players, first_dealer, name=TITLE, players_range=(PLAYERS, PLAYERS),
                  rule=R_DRAW, sv="Priffe spelas av fyra spelare, två bolag.",
                  en="Priffe is played by four players, two bolag.")
    letters = tuple(range(PLAYERS))
    seating = _schedule_seating(letters, 1, tuple(range(PLAYERS)))
    rows = (SheetRow.start((0,) * PLAYERS),)
    return State(players, options or Options(), letters, seating, table.sides_of(seating),
                 first_dealer, _fresh_deal(1, first_dealer, seating), rows=rows)


def _fresh_deal(number: int, dealer: int, seating: tuple[int, ...]) -> Deal:
    forehand = table.left_of(seating, dealer)
    return Deal(number, dealer, forehand, table.begin(seating, dealer, forehand))


def _schedule_pairs(letters: tuple[int, ...], sits: int) -> tuple[tuple[int, int], ...]:
    """The pairs of sits ``sits`` by the schedule, as players."""
    return tuple((letters[a], letters[b]) for a, b in SITS_SCHEDULE[sits - 1])


def _schedule_seating(letters: tuple[int, ...], sits: int,
                      prefer: tuple[int, ...]) -> tuple[int, ...]:
    return table.seat_pairs_opposite(_schedule_pairs(letters, sits), prefer)


# --- bids ----------------------------------------------------------------------------------
def bidding_order(deal: Deal) -> tuple[int, ...]:
    """Forehand first, clockwise, the dealer last."""
    return table.clockwise(deal.play.seating, deal.forehand)


def _highest(deal: Deal, old: bool) -> str | None:
    real = [b for _, b in deal.bids if b != PASS]
    return max(real, key=lambda b: rank(b, old)) if real else None


def open_bids(state: State) -> tuple[str, ...]:
    """The bids the player to bid may make now (pass first)."""
    deal = state.deal
    highest = _highest(deal, state.old)
    floor = 0 if highest is None else rank(highest, state.old)
    position = len(deal.bids)
    out = [PASS]
    for bid in sorted(BIDS, key=lambda b: rank(b, state.old)):
        if rank(bid, state.old) <= floor:
            continue
        if not state.old and bid in INFORMATION_BIDS and position >= INFORMATION_BIDDERS:
            continue
        out.append(bid)
    return tuple(out)


# --- apply -------------------------------------------------------------------------------------
def apply(state: State, event: dict[str, Any]) -> State:
    """Apply one parsed event (see ``rules_engine.events.parse_event``)."""
    if state.phase == "over":
        raise _refuse_phase(state, event["type"])
    return _HANDLERS[event["type"]](state, event)


def _refuse_phase(state: State, event_type: str) -> RuleViolation:
    rule = {"bidding": R_BIDDING, "play": R_PLAY, "over": R_SITS}[state.phase]
    return not_expected(expected(state), event_type, state.phase, rule)


# --- Dragning och sittning ---------------------------------------------------------------------
def _on_draw(state: State, event: dict[str, Any]) -> State:
    if state.deals_scored or state.deal.touched:
        raise _violation("draw_not_now", R_DRAW, {},
                         "Man drar om sittningen innan spelet börjar.",
                         "The draw for seats comes before play begins.")
    if state.drawn:
        raise _violation("already_drawn", R_DRAW, {},
                         "Dragningen är redan inmatad (ångra den för att ändra).",
                         "The draw is already entered (undo it to change it).")
    cards = tuple(event["cards"])
    table.check_draw(cards, R_DRAW)
    values = table.draw_values(cards, ace_low=True)  # "härvid räknas esset som lägsta kort"
    ranking = sorted(range(PLAYERS), key=lambda p: (values[p], p))
    if values[ranking[0]] == values[ranking[1]]:
        tied = tuple(p for p in ranking if values[p] == values[ranking[0]])
        raise table.refuse_draw_tie(R_DRAW, tied, state.players, "vem som ger först",
                                    "who deals first")
    if values[ranking[1]] == values[ranking[2]]:
        tied = tuple(p for p in ranking if values[p] == values[ranking[1]])
        raise table.refuse_draw_tie(R_DRAW, tied, state.players, "vem som blir partner",
                                    "who partners whom")
    a, c, b, d = ranking  # lowest A, their partner C; then B and D
    letters = (a, b, c, d)
    seating = _schedule_seating(letters, 1, state.seating)
    state = replace(state, letters=letters, seating=seating, sides=table.sides_of(seating),
                    dealer=a, deal=_fresh_deal(state.deal.number, a, seating), drawn=True)
    drawn = " ".join(f"{_name(state, p)} {c}" for p, c in enumerate(cards))
    row = SheetRow("draw",
                   f"Dragning: {drawn} — {side_name(state, 0)} mot {side_name(state, 1)}; "
                   f"{_name(state, a)} ger",
                   f"Draw: {drawn} — {side_name(state, 0)} against {side_name(state, 1)}; "
                   f"{_name(state, a)} deals",
                   (None,) * PLAYERS, state.totals, None, tuple(str(c) for c in cards))
    return replace(state, rows=state.rows + (row,))


def _on_seating(state: State, event: dict[str, Any]) -> State:
    if state.sits_deals or state.deal.touched:
        raise _violation("seating_not_now", R_SITS, {"sits": state.sits},
                         "Sittordningen anges när en sits börjar, före första budet.",
                         "The seating is entered when a sits begins, before the first bid.")
    order = table.check_seating(event["order"], state.sides, R_SITS, state.players)
    dealer = event.get("dealer", state.dealer)
    return replace(state, seating=order, dealer=dealer,
                   deal=_fresh_deal(state.deal.number, dealer, order))


# --- Budgivning --------------------------------------------------------------------------------
def _on_bid(state: State, event: dict[str, Any]) -> State:
    if state.phase != "bidding":
        raise _refuse_phase(state, "bid")
    deal = state.deal
    seat = event["seat"]
    order = bidding_order(deal)
    bidding.check_turn(seat, order, deal.bids, R_BIDDING, state.players,
                       way_sv="ett varv medsols från förhand",
                       way_en="one round clockwise from forehand")
    bid = parse_bid(event["bid"])
    if bid != PASS:
        highest = _highest(deal, state.old)
        if highest is not None and rank(bid, state.old) <= rank(highest, state.old):
            raise _violation(
                "bid_not_higher", R_OLD if state.old else R_BIDDING,
                {"seat": seat, "bid": bid, "highest": highest},
                f"{bid_name(bid)} är inte högre än {bid_name(highest)}: bjud högre eller "
                "passa.",
                f"{bid_name(bid, 'en')} is not higher than {bid_name(highest, 'en')}: bid "
                "higher or pass.")
        if not state.old and bid in INFORMATION_BIDS and len(deal.bids) >= INFORMATION_BIDDERS:
            raise _violation(
                "information_bid_too_late", R_BIDDING, {"seat": seat, "bid": bid},
                f"{bid_name(bid).capitalize()} är ett upplysningsbud som bara de två första "
                "får avge.",
                f"{bid_name(bid, 'en').capitalize()} is an information bid only the first "
                "two players may make.")
    deal = replace(deal, bids=deal.bids + ((seat, bid),))
    state = replace(state, deal=deal)
    return _close_bidding(state) if bidding.is_closed(order, deal.bids) else state


def _close_bidding(state: State) -> State:
    deal = state.deal
    contract, declarer = final_contract(deal.bids, state.old)
    cp = deal.play
    leader = deal.forehand
    if contract == PREFERENCE:
        assert declarer is not None
        leader = table.right_of(cp.seating, declarer)  # "spelaren till höger om" the bidder
    assert cp.current is not None and not cp.current.plays
    cp = replace(cp, trump=TRUMP_OF.get(contract), leader=leader,
                 current=replace(cp.current, leader=leader))
    deal = replace(deal, contract=contract, declarer=declarer, play=cp)
    return replace(state, deal=deal, phase="play")


# --- hands and cards ---------------------------------------------------------------------------
def _on_hand(state: State, event: dict[str, Any]) -> State:
    return table.enter_hand_event(state, event, REFS)


def _on_card(state: State, event: dict[str, Any]) -> State:
    """``play`` or ``trick``."""
    if state.phase != "play":
        raise _refuse_phase(state, event["type"])
    return _after_card(state, table.card_event(state.deal.play, event, REFS, state.players))


def _after_card(state: State, cp: CardPlay) -> State:
    state = replace(state, deal=replace(state.deal, play=cp))
    if not cp.done:
        return state
    contract = state.deal.contract
    assert contract is not None
    held = table.count_held(cp, honour_cards(contract))
    return _score(state, table.side_totals(cp.won, state.sides), held)


# --- quick entry -------------------------------------------------------------------------------
def _on_result(state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    if deal.play.started:
        raise table.refuse_quick_late(deal.play, state.phase, R_SCORING)
    raw_bids = event.get("bids")
    if raw_bids is None:
        if state.phase == "bidding":
            raise _violation("result_shape", R_BIDDING, {"bids": None},
                             "Ange budet (eller pass) för var och en av de fyra spelarna.",
                             "Give the bid (or pass) of each of the four players.")
    else:
        state = _quick_bids(state, raw_bids)
    tricks = table.parse_counts(event["tricks"], (2, PLAYERS), table.TRICKS_PER_DEAL, R_PLAY,
                                "tricks", "stick", "tricks")
    if len(tricks) == PLAYERS:
        tricks = table.side_totals(tricks, state.sides)
    held = table.parse_counts(event["honours"], (PLAYERS,), 4, R_HONOURS, "honours",
                              "honnörerna", "honours")
    deal = state.deal
    state = replace(state, deal=replace(deal, quick=True,
                                        play=replace(deal.play, current=None)))
    return _score(state, (tricks[0], tricks[1]), held)


def _quick_bids(state: State, raw_bids: Any) -> State:
    """Apply the bids not yet entered, in bidding order; those entered must agree."""
    deal = state.deal
    if not isinstance(raw_bids, list) or len(raw_bids) != PLAYERS:
        raise _violation("result_shape", R_BIDDING, {"bids": raw_bids},
                         "Ange budet (eller pass) för var och en av de fyra spelarna, i "
                         "spelarordning.",
                         "Give the bid (or pass) of each of the four players, in player "
                         "order.")
    bids = [parse_bid(b) for b in raw_bids]
    bidding.check_entered(deal.bids, bids, lambda seat, entered, given: _violation(
        "bids_disagree", R_BIDDING, {"seat": seat, "entered": entered, "given": given},
        f"{_name(state, seat)} har redan bjudit {bid_name(entered)}, inte {bid_name(given)}.",
        f"{_name(state, seat)} has already bid {bid_name(entered, 'en')}, not "
        f"{bid_name(given, 'en')}."))
    if state.phase == "bidding":
        state = bidding.bid_rest(state, bidding_order(deal), deal.bids, bids, _on_bid)
    return state


# --- Poängräkning, utgång, sitsar --------------------------------------------------------------
def _score(state: State, tricks: tuple[int, int], held: Sequence[int]) -> State:
    deal = state.deal
    contract = deal.contract
    assert contract is not None
    declaring = None if deal.declarer is None else side_of(state, deal.declarer)
    score = score_deal(contract, declaring, tricks, held, state.sides, state.old,
                       state.options.tvangsnoll_slams, state.options.penalty_below_line)
    deal = replace(deal, score=score)
    above, below = list(state.above), list(state.below)
    changes: list[int | None] = [None] * PLAYERS
    for side, players in enumerate(state.sides):
        for p in players:
            above[p] += score.above[side]
            below[p] += score.line[side]
            if score.total[side]:
                changes[p] = score.total[side]
    line = tuple(a + b for a, b in zip(state.line, score.line))
    sv, en = deal_words(deal.number, score, (side_name(state, 0), side_name(state, 1)))
    state = replace(state, deal=deal, above=tuple(above), below=tuple(below), line=line,
                    deals_scored=state.deals_scored + 1, sits_deals=state.sits_deals + 1)
    marks = tuple(str(line[side_of(state, p)]) for p in range(PLAYERS))
    state = replace(state, rows=state.rows + (
        SheetRow("deal", sv, en, tuple(changes), state.totals, deal.number, marks),))
    if state.options.format == "sits":
        state = _utgang(state)
    else:
        state = _simple_end(state)
    return _next_deal(state)


def _utgang(state: State) -> State:
    """A bolag at 30 (old: 20) below the line has utgång; both start again at 0."""
    at = utgang_at(state.old)
    side = next((s for s in (0, 1) if state.line[s] >= at), None)
    if side is None:
        return state
    utgangar = _set(state.utgangar, side, state.utgangar[side] + 1)
    bonus = OLD_UTGANG_BONUS[utgangar[side] - 1] if state.old else 0
    above = list(state.above)
    changes: list[int | None] = [None] * PLAYERS
    for p in state.sides[side]:
        above[p] += bonus
        if bonus:
            changes[p] = bonus
    strokes = tuple("|" * utgangar[side_of(state, p)] for p in range(PLAYERS))
    label_sv = f"Utgång {utgangar[side]} för {side_name(state, side)}"
    label_en = f"Utgång {utgangar[side]} to {side_name(state, side)}"
    if bonus:
        label_sv += f": {bonus} i bonus"
        label_en += f": {bonus} bonus"
    state = replace(state, utgangar=utgangar, line=(0, 0), above=tuple(above))
    row = SheetRow("utgang", label_sv, label_en, tuple(changes), state.totals,
                   state.deal.number, strokes)
    state = replace(state, rows=state.rows + (row,))
    if utgangar[side] < UTGANGAR_FOR_SITS:
        return state
    return _sits_won(state, side)


def _sits_won(state: State, side: int) -> State:
    result = SitsResult(state.sits, state.sides, side)
    done = state.sits_done + (result,)
    if len(done) >= SITSAR:
        row = SheetRow("sits", f"Sits {state.sits} till {side_name(state, side)}; matchen "
                               "är slut",
                       f"Sits {state.sits} to {side_name(state, side)}; the match is over",
                       (None,) * PLAYERS, state.totals, state.deal.number)
        best = max(state.totals)
        winners = tuple(p for p in range(PLAYERS) if state.totals[p] == best)
        return replace(state, sits_done=done, rows=state.rows + (row,), phase="over",
                       winners=winners)
    sits = state.sits + 1
    pairs = _schedule_pairs(state.letters, sits)
    names = " mot ".join(" & ".join(_name(state, p) for p in pair) for pair in pairs)
    names_en = " against ".join(" & ".join(_name(state, p) for p in pair) for pair in pairs)
    row = SheetRow("sits", f"Sits {state.sits} till {side_name(state, side)}; sits {sits}: "
                           f"{names}",
                   f"Sits {state.sits} to {side_name(state, side)}; sits {sits}: {names_en}",
                   (None,) * PLAYERS, state.totals, state.deal.number)
    return replace(state, sits_done=done, sits=sits, utgangar=(0, 0), line=(0, 0),
                   sits_deals=0, rows=state.rows + (row,))


def _simple_end(state: State) -> State:
    """The simpler variant: a number of deals, or a target below the line."""
    options = state.options
    if options.format == "deals":
        if state.deals_scored < options.deals:
            return state
    elif max(state.line) < options.target:
        return state
    side_totals = [state.totals[side[0]] for side in state.sides]
    best = max(side_totals)
    winners = tuple(sorted(p for s, side in enumerate(state.sides) if side_totals[s] == best
                           for p in side))
    return replace(state, phase="over", winners=winners)


def _next_deal(state: State) -> State:
    """The deal passes to the left; a new sits seats the players by the schedule."""
    past = table.closed_findings(state)
    if state.phase == "over":
        return replace(state, last=state.deal, past_findings=past)
    dealer = table.left_of(state.seating, state.dealer)
    seating = state.seating
    if state.sits_deals == 0:  # a new sits
        seating = _schedule_seating(state.letters, state.sits, seating)
    return replace(state, dealer=dealer, seating=seating, sides=table.sides_of(seating),
                   deal=_fresh_deal(state.deal.number + 1, dealer, seating),
                   phase="bidding", last=state.deal, past_findings=past)


_HANDLERS = {"draw": _on_draw, "seating": _on_seating, "bid": _on_bid, "hand": _on_hand,
             "play": _on_card, "trick": _on_card, "result": _on_result}


# --- what comes next ---------------------------------------------------------------------------
def expected(state: State) -> Expected:
    if state.phase == "over":
        return table.match_over(state)
    deal = state.deal
    cp = deal.play
    extras: list[Expectation] = []
    if not cp.started:
        hints: dict[str, Any] = {"tricks": list(range(table.TRICKS_PER_DEAL + 1)),
                                 "honours": list(range(5)),
                                 "sides": [list(s) for s in state.sides],
                                 "order": list(bidding_order(deal))}
        if state.phase == "bidding":
            hints["bids"] = [PASS, *BIDS]
        extras.append(Expectation("result", fields=hints))
    extras += table.hand_inputs(cp)
    if not state.sits_deals and not deal.touched:
        if not state.drawn and not state.deals_scored:
            extras.append(Expectation("draw", fields={"cards": PLAYERS}))
        extras.append(Expectation("seating", fields={"order": list(state.seating)}))
    dealer = _name(state, deal.dealer)
    if state.phase == "bidding":
        seat = bidding.to_bid(bidding_order(deal), deal.bids)
        choices = open_bids(state)
        return Expected(
            "bidding", f"Giv {deal.number} ({dealer} ger): {_name(state, seat)} bjuder.",
            f"Deal {deal.number} ({dealer} deals): {_name(state, seat)} bids.", seat,
            (Expectation("bid", seat, choices, fields={"bid": list(choices)}),)
            + tuple(extras))
    trick = cp.current
    assert trick is not None
    seat, inputs = table.play_inputs(cp)
    contract = bid_name(deal.contract or TVANGSNOLL)
    contract_en = bid_name(deal.contract or TVANGSNOLL, "en")
    return Expected(
        "play", f"Giv {deal.number} ({contract}), stick {trick.number}: {_name(state, seat)} "
                "spelar.",
        f"Deal {deal.number} ({contract_en}), trick {trick.number}: {_name(state, seat)} "
        "plays.", seat, inputs + tuple(extras))


deal_in_progress = table.deal_in_progress


# --- reading the state -------------------------------------------------------------------------
def is_over(state: State) -> bool:
    return state.phase == "over"


def sheet(state: State) -> Sheet:
    """The protokoll: a column per player (a bolag's points go to both its players), the
    deal rows marked with the bolag's points below the line, utgång rows with strokes."""
    over = state.phase == "over"
    return Sheet(
        players=state.players, rows=state.rows, totals=state.totals,
        next_dealer=None if over else state.dealer,
        winner=state.winners[0] if over and state.winners else None,
        notes={"above": list(state.above), "below": list(state.below),
               "line": list(state.line), "utgang_at": utgang_at(state.old),
               "utgangar": list(state.utgangar), "sits": state.sits,
               "sides": [list(s) for s in state.sides], "seating": list(state.seating),
               "letters": {LETTERS[i]: p for i, p in enumerate(state.letters)},
               "winners": list(state.winners), "direction": "up",
               "marks": {"sv": "bolagets poäng under strecket",
                         "en": "the bolag's points below the line"}})


def result(state: State) -> dict[str, Any] | None:
    if state.phase != "over":
        return None
    return {"winners": list(state.winners), "totals": list(state.totals),
            "above": list(state.above), "below": list(state.below),
            "sits": [{"number": s.number, "sides": [list(x) for x in s.sides],
                      "winner": s.winner, "winners": list(s.sides[s.winner])}
                     for s in state.sits_done]}


findings = table.all_findings


def _deal_dict(deal: Deal) -> dict[str, Any]:
    return table.deal_dict(deal, forehand=deal.forehand,
                           bids=[{"seat": s, "bid": b} for s, b in deal.bids],
                           contract=deal.contract, declarer=deal.declarer)


def describe(state: State) -> dict[str, Any]:
    """The state as JSON for the API and the app."""
    return {
        "phase": state.phase, "seating": list(state.seating),
        "sides": [list(s) for s in state.sides], "dealer": state.dealer,
        "letters": {LETTERS[i]: p for i, p in enumerate(state.letters)},
        "sits": state.sits, "line": list(state.line), "utgangar": list(state.utgangar),
        "utgang_at": utgang_at(state.old), "above": list(state.above),
        "below": list(state.below), "totals": list(state.totals),
        "winners": list(state.winners), "drawn": state.drawn,
        "deal": _deal_dict(state.deal),
        "last_deal": None if state.last is None else _deal_dict(state.last),
    }
