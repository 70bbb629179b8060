"""Fyrtioett (41) — four players in pairs, 52 cards, hearts always trump, first to 41.

Source: rule file 002, section "Fyrtioett regler" up to "Kom ihåg" (the paragraphs on the
players and the cards, "så här spelar ni" — the deal —, *Budgivning*, *Spelet* and
*Poängräkning*), with the Fyrtioett note in the project's rules README. Cited in refusals as
"Fyrtioett — Given", "— Budgivning", "— Spelet" and "— Poängräkning".

How a deal runs, as the text says it
------------------------------------
Four players, partners opposite as in whist. Everything goes counter-clockwise: the deal, the
bidding, the play, and the dealer's seat from deal to deal. The dealer gives each player 13
cards, not one at a time but in groups of 1-2-2-2-2-2-2. Starting with forehand (the
dealer's right-hand neighbour) each player says once how many tricks he thinks he can take.
A bid of 1–6 tricks is worth as many points; 7 or more is worth double (7 → 14, 8 → 16 …).
The bids must be worth at least 11 points together, or all four throw in their cards and the
next dealer deals. So a bid of 7 or more always makes a game; with the usual bids of 2–6 the
fourth bidder decides: he bids enough for 11, or throws in.

Forehand leads any card. Follow suit if you can; if you cannot, trump or discard as you
like. Hearts are trumps in every deal. The trick winner leads the next trick, until all 13
are played. Each player then scores alone: at least as many tricks as he bid → plus his
bid's worth; fewer → minus it; tricks above the bid earn nothing. The deals go on until a
player reaches 41 or more: he wins for his side. If players of both sides get there in the
same deal, the one with more points wins (with his side); equal, the partners' points decide.

What the app knows (design principle 3)
---------------------------------------
It does not see the hands. It checks every card against the cards already played, and a
player who did not follow suit has shown a void: if he later plays that suit, the earlier
trick was a revoke, proven now, and a finding names both tricks. A player may also enter his
whole hand (event ``hand``, before his first card); then each of his cards is checked at
once: that it is in his hand and that he follows suit when he can.

Interpretations (where the text is silent or ambiguous; also on docs/rules/fyrtioett.md)
-----------------------------------------------------------------------------------------
- Seats are numbered clockwise; partners sit opposite (seats 0 + 2 against 1 + 3).
  Forehand is the dealer's right-hand neighbour, the next seat counter-clockwise; the deal
  passes counter-clockwise too.
- Everyone starts at 0; totals may go below 0.
- The text lists bids from 1 upward ("från 1 upp till 6", then 7 and more); 13 is the most
  there are tricks for. A bid of 0 is not a bid. Option ``min_bid``: 1 (the text's range,
  default) or 2 (the text notes bids are normally 2–6 in practice; some tables require it).
- "The bids must add up to 11" counts the bids' worth in points (the text says so: "motsvara
  minst 11 poäng"), so a 7 counts 14.
- Each of the four bids once, in turn; a bid need not be higher than another, and the tricks
  bid may add up to more (or fewer) than 13.
- Throwing in is the fourth bidder's: he may say "kasta" instead of a bid only when the
  three bids before him are worth less than 11 (otherwise any bid of his makes a game, so
  there is nothing to decide). A fourth bid that leaves the sum below 11 throws the cards in
  as well, and the protokoll keeps the bids.
- A thrown-in deal is a row on the protokoll without points; it counts as a deal (numbered)
  and the deal passes on counter-clockwise.
- Ace is high, two low (the text says only "vanlig sticktagning"). A heart may be led at any
  time ("vilket kort som helst"); there is no duty to trump or to overtrump ("saka eller
  trumfa").
- "Reaches 41" and "exceeds 41" (the text uses both) are read as 41 or more. Points are
  written only when a deal is over, so "first" means in an earlier deal, and "at the same
  time" means in the same deal.
- Both partners at 41 or more and nobody of the other side: their side wins. Both sides:
  each side's best player is compared, then that player's partner. Still equal: option
  ``tie_at_41`` — ``play_on`` (default: play another deal; it is decided after the first deal
  that separates them) or ``draw``.
- Option ``partner_above_zero`` (the README, off by default): a player at 41 or more wins
  only if his partner stands above 0 (strictly); otherwise the match goes on.
- A revoke proven later is a finding naming both tricks; the text sets no penalty, so the
  table decides (and may correct the entries).
- Quick entry (event ``result``) gives each seat's bid (in seat order, "kasta" for the
  dealer's throw-in) and, when the bids make a game, either each seat's tricks (13
  together) or only who failed (``failed``, the seats that took fewer than they bid;
  neither given: everyone made it, "alla tog hem"). The scorer writes "the bids and the points" (Poängräkning), and
  a player's points follow from the bid and whether it was made, so the second form keeps
  the protokoll's points exactly; the marks then show the bid alone. The failed seats must
  be possible: those who made it bid 13 tricks or fewer together, and if all four failed
  they could have taken 13. Both given, they must agree. It may come at any point until the
  first card of the deal is played: bids already entered one by one must agree with it,
  and once the bidding is over it needs only the tricks or the failed seats. In the app the
  bid that completes the four saves the deal (said beforehand, undone or corrected in one
  tap), so a deal where everyone made it is four taps; "kasta" is offered to the fourth
  bidder only (``fyrtioett_quick`` says why).
- The protokoll has one column per player, as each scores alone; every deal row shows each
  player's bid and tricks as a mark ``bid/tricks`` ("4/5"), and the sides are in its notes.

An entered hand (``hand``) is private to its seat until the deal is over, as
``rules_engine.hands`` says for every game that takes one.

This module holds the rule tables, the bidding and the scoring, in the text's order (the
round itself — whose turn, when it is closed — is ``rules_engine.bidding``'s); the tricks
and an entered hand are in ``fyrtioett_play``, quick entry in ``fyrtioett_quick``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable

from .. import bidding, hands as hand_entry
from ..cards import FRENCH52, Card
from ..errors import Finding, RuleViolation, violation as _violation
from ..events import EventSpec, play_event, trick_event
from ..knowledge import Knowledge
from ..protocol import (check_players, Expectation, Expected, not_expected, option,
                        RuleSection)
from ..seating import COUNTER_CLOCKWISE, next_seat, partner, seats_from, side_of, sides
from ..sheet import Sheet, SheetRow
from ..tricks import Trick, trick_as_dict

ID = "fyrtioett"
TITLE = "Fyrtioett (41)"
ALIASES = ("41", "fyrtiett", "fyrtio-ett", "fortyone", "forty-one")
MIN_PLAYERS, MAX_PLAYERS = 4, 4
DECK = FRENCH52

# --- the rule text as data -------------------------------------------------------------------
PLAYERS = 4
SIDES = sides(PLAYERS)  # ((0, 2), (1, 3)): partners opposite, "som i whist"
DIRECTION = COUNTER_CLOCKWISE  # "motsols": the deal, the bidding, the play, the dealer's seat
TRUMP = "♥"  # hearts are trumps in every deal, never chosen
DEAL_GROUPS = (1, 2, 2, 2, 2, 2, 2)  # each round gives every player this many cards
CARDS_EACH = sum(DEAL_GROUPS)  # 13
TRICKS_PER_DEAL = CARDS_EACH  # play goes on until all 13 tricks are played
MAX_BID = TRICKS_PER_DEAL
DOUBLE_FROM = 7  # a bid of this many tricks or more is worth double its number
DOUBLE_FACTOR = 2
MIN_BID_POINTS = 11  # the four bids together must be worth at least this for a game
TARGET = 41  # "fyrtioett"
THROW_IN = None  # the fourth bidder's "kasta" instead of a bid
THROW_WORDS = ("kasta", "kastar", "throw", "throw_in")

R_DEAL = "Fyrtioett — Given"
R_BIDDING = "Fyrtioett — Budgivning"
R_PLAY = "Fyrtioett — Spelet"
R_SCORING = "Fyrtioett — Poängräkning"

RULES = (
    RuleSection(R_DEAL,
                "Fyra spelare, parvis mittemot varandra, 52 kort. Given ger 13 kort var "
                "moturs i omgångar om 1-2-2-2-2-2-2. Given går vidare moturs.",
                "Four players, partners opposite, 52 cards. The dealer gives 13 cards each "
                "counter-clockwise in rounds of 1-2-2-2-2-2-2. The deal passes "
                "counter-clockwise."),
    RuleSection(R_BIDDING,
                "Från förhand (till höger om given) och moturs bjuder var och en en gång hur "
                "många stick man tror sig ta. 1–6 stick är värda lika många poäng, 7 eller "
                "fler det dubbla. Buden måste tillsammans vara värda minst 11, annars kastas "
                "korten och nästa giv delar ut; det avgör oftast den fjärde.",
                "From forehand (the dealer's right) and counter-clockwise each player bids "
                "once the tricks they expect to take. 1–6 tricks are worth as many points, 7 "
                "or more double. The bids together must be worth at least 11, or the cards "
                "are thrown in and the next dealer deals; usually the fourth bidder decides."),
    RuleSection(R_PLAY,
                "Hjärter är alltid trumf. Förhand spelar ut valfritt kort; bekänn färg om du "
                "kan, annars saka eller trumfa. Moturs; stickvinnaren spelar ut, 13 stick.",
                "Hearts are always trumps. Forehand leads any card; follow suit if you can, "
                "else discard or trump. Counter-clockwise; the trick winner leads; 13 "
                "tricks."),
    RuleSection(R_SCORING,
                "Var och en för sig: minst budet hemma ger budets värde, annars lika mycket i "
                "minus; inga poäng för överstick. Den som först når 41 vinner för sin sida; "
                "når spelare från båda sidor dit i samma giv vinner den som har flest, vid "
                "lika avgör partnerns poäng.",
                "Each on their own: at least the bid made gives the bid's worth, else as much "
                "in minus; nothing for overtricks. The first to reach 41 wins for their side; "
                "players of both sides there in the same deal: the one with more wins, if "
                "equal the partners' points decide."),
)


@dataclass(frozen=True)
class Options:
    partner_above_zero: bool = option(
        False, sv="Den som når 41 vinner bara om partnern har mer än 0 poäng (texten: ej krav).",
        en="A player reaching 41 wins only if their partner is above 0 (the text: no such "
           "rule).")
    min_bid: int = option(
        1, (1, 2), sv="Lägsta bud: 1 stick (texten) eller 2 (”i praktiken 2–6”).",
        en="The lowest bid: 1 trick (the text) or 2 (“in practice 2–6”).")
    tie_at_41: str = option(
        "play_on", ("play_on", "draw"),
        sv="Båda sidor över 41 med lika poäng, även partnerna: spela en giv till (förval) "
           "eller oavgjort.",
        en="Both sides past 41 with equal points, partners too: deal again (default) or "
           "a draw.")


# --- events -----------------------------------------------------------------------------------
# A hand a player enters is his alone until the deal is over (rules_engine.secrets).
PRIVATE = hand_entry.PRIVATE

EVENTS = {
    "bid": EventSpec({"seat": "seat", "bid": "value"},
                     help_sv="Ett bud: antal stick (1–13); den fjärde kan i stället kasta.",
                     help_en="A bid: a number of tricks (1–13); the fourth bidder may throw "
                             "in instead (kasta)."),
    "hand": EventSpec({"seat": "seat", "cards": "cards"},
                      help_sv="Valfritt: spelarens 13 kort, före det första spelade kortet; "
                              "då prövas varje kort direkt.",
                      help_en="Optional: the player's 13 cards before their first card; then "
                              "every card they play is checked at once."),
    "play": play_event(),
    "trick": trick_event(counter_clockwise=True),
    "result": EventSpec(optional={"bids": "list", "failed": "seats", "tricks": "list"},
                        help_sv="Snabbinmatning av en giv: bud per plats (kasta för given som "
                                "kastar) och vilka som gick bet (ingen: alla tog hem), eller "
                                "stick per plats; buden kan redan vara inmatade.",
                        help_en="Quick entry of a deal: the bid per seat (kasta for a dealer "
                                "who throws in) and who failed (nobody: all made it), or the "
                                "tricks per seat; the bids may already be entered."),
}

# Short names of this game's words for the app's buttons and log (design principle 5).
LABELS = {
    "events": {
        "bid": ("Bud", "Bid"), "hand": ("Hela handen", "Whole hand"),
        "play": ("Spela ett kort", "Play a card"), "trick": ("Ett helt stick", "A whole trick"),
        "result": ("Snabbinmatning", "Quick entry"),
    },
    "fields": {
        "bid": ("Bud (stick)", "Bid (tricks)"), "bids": ("Bud per plats", "Bids per seat"),
        "failed": ("Bet", "Failed"),
        "tricks": ("Stick per plats", "Tricks per seat"),
    },
    "nouns": {"bid": ("bud", "bid"), "bids": ("bud", "bids"), "tricks": ("stick", "tricks"),
              "failed": ("bet", "failed")},
    "values": {
        "kasta": ("Kastar", "Throws in"),
        "play_on": ("Spela en giv till", "Deal again"), "draw": ("Oavgjort", "A draw"),
    },
}


# --- state ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Deal:
    number: int
    dealer: int
    forehand: int
    bids: tuple[tuple[int, int | None], ...] = ()  # (seat, bid) in bidding order; None = kasta
    tricks: tuple[Trick, ...] = ()  # completed tricks
    current: Trick | None = None
    won: tuple[int, ...] = (0,) * PLAYERS  # tricks per seat
    knowledge: Knowledge = Knowledge()
    hands: tuple[tuple[Card, ...] | None, ...] = (None,) * PLAYERS  # entered, still held
    quick: bool = False
    thrown_in: bool = False
    failed: tuple[int, ...] | None = None  # quick entry by who failed: ``won`` is unknown

    def made(self, seat: int) -> bool:
        if self.failed is not None:
            return seat not in self.failed
        return self.won[seat] >= self.bid_of(seat)

    def bid_of(self, seat: int) -> int | None:
        return dict(self.bids)[seat]


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    options: Options
    scores: tuple[int, ...]
    dealer: int
    deal: Deal  # the deal in progress, or the last one when the match is over
    phase: str = "bidding"  # bidding, play, over
    rows: tuple[SheetRow, ...] = ()
    winner: int | None = None  # the winning side (index into SIDES)
    decided_by: int | None = None  # the seat whose points won it
    draw: bool = False
    last: Deal | None = None  # the last deal finished (played or thrown in)
    past_findings: tuple[Finding, ...] = ()


def new(players: tuple[str, ...], options: Options | None = None,
        first_dealer: int = 0) -> State:
    players = tuple(players)
    check_players(players, first_dealer, name=TITLE, players_range=(PLAYERS, PLAYERS),
                  rule=R_DEAL, sv=f"Fyrtioett spelas av {PLAYERS} spelare, två par.",
                  en=f"Fyrtioett is played by {PLAYERS} players, two pairs.")
    scores = (0,) * PLAYERS
    return State(players, options or Options(), scores, first_dealer,
                 _fresh_deal(1, first_dealer), rows=(SheetRow.start(scores),))


def _fresh_deal(number: int, dealer: int) -> Deal:
    return Deal(number=number, dealer=dealer,
                forehand=next_seat(dealer, PLAYERS, direction=DIRECTION))


# --- the rule text's numbers as pure functions ----------------------------------------------
def bid_points(bid: int) -> int:
    """What a bid is worth: 1–6 tricks their number, 7 and more double.

    >>> bid_points(4), bid_points(7), bid_points(8)
    (4, 14, 16)
    """
    return bid * DOUBLE_FACTOR if bid >= DOUBLE_FROM else bid


def bids_points(bids: Iterable[int | None]) -> int:
    """The bids' worth together (a throw-in counts nothing)."""
    return sum(bid_points(b) for b in bids if b is not None)


def deal_points(bid: int, taken: int) -> int:
    """One player's points for a deal: made (at least the bid) → + the bid's worth, failed
    → − the bid's worth; overtricks earn nothing.

    >>> deal_points(4, 6), deal_points(8, 8), deal_points(5, 4), deal_points(7, 6)
    (4, 16, -5, -14)
    """
    worth = bid_points(bid)
    return worth if taken >= bid else -worth


@dataclass(frozen=True)
class Decision:
    """Who won after a deal: ``side`` and the ``seat`` that took it there; both ``None``
    when the two sides stand exactly equal (player and partner)."""

    side: int | None
    seat: int | None


def decide(scores: tuple[int, ...], partner_above_zero: bool = False) -> Decision | None:
    """The match's winner after a deal, or ``None`` when nobody has won yet.

    A player at 41 or more wins for his side (with ``partner_above_zero`` only if his
    partner stands above 0). If both sides have such a player, each side's best one is
    compared, then their partners: implemented as comparing (points, partner's points).
    """
    reached = [s for s in range(PLAYERS) if scores[s] >= TARGET
               and (not partner_above_zero or scores[partner(s)] > 0)]
    if not reached:
        return None
    best: dict[int, int] = {}
    for seat in reached:
        side = side_of(seat)
        if side not in best or scores[seat] > scores[best[side]]:
            best[side] = seat
    if len(best) == 1:
        ((side, seat),) = best.items()
        return Decision(side, seat)
    keys = {side: (scores[seat], scores[partner(seat)]) for side, seat in best.items()}
    if keys[0] == keys[1]:
        return Decision(None, None)
    side = max(keys, key=lambda s: keys[s])
    return Decision(side, best[side])


# --- small helpers ----------------------------------------------------------------------------
def _name(state: State, seat: int) -> str:
    return state.players[seat]


def side_name(state: State, side: int) -> str:
    return " & ".join(state.players[s] for s in SIDES[side])


def bidding_order(deal: Deal) -> tuple[int, ...]:
    """Forehand first, counter-clockwise, the dealer last."""
    return seats_from(deal.forehand, PLAYERS, direction=DIRECTION)


def bid_value(bid: int | None) -> int | str:
    """A stored bid as the API writes it: the number, or "kasta"."""
    return "kasta" if bid is None else bid


def parse_bid(value: Any, options: Options) -> int | None:
    """A bid as typed: 1–13 (from ``min_bid``), or "kasta" (``None``)."""
    if isinstance(value, str):
        word = value.strip().lower()
        if word in THROW_WORDS:
            return THROW_IN
        if word.isdigit():
            value = int(word)
    if isinstance(value, int) and not isinstance(value, bool):
        if options.min_bid <= value <= MAX_BID:
            return value
        raise _violation(
            "bid_out_of_range", R_BIDDING,
            {"bid": value, "min": options.min_bid, "max": MAX_BID},
            f"Ett bud är {options.min_bid}–{MAX_BID} stick, inte {value}.",
            f"A bid is {options.min_bid}–{MAX_BID} tricks, not {value}.")
    raise _violation("bad_bid", R_BIDDING, {"bid": value},
                     f"”{value}” är inget bud: bjud ett antal stick ({options.min_bid}–"
                     f"{MAX_BID}), eller kasta som fjärde.",
                     f"“{value}” is not a bid: bid a number of tricks ({options.min_bid}–"
                     f"{MAX_BID}), or throw in (kasta) as the fourth bidder.")


# --- apply ------------------------------------------------------------------------------------
def apply(state: State, event: dict[str, Any]) -> State:
    """Apply one parsed event (see ``rules_engine.events.parse_event``)."""
    if state.phase == "over":
        raise _refuse_phase(state, event["type"])
    return _HANDLERS[event["type"]](state, event)


def _refuse_phase(state: State, event_type: str) -> RuleViolation:
    rule = {"bidding": R_BIDDING, "play": R_PLAY, "over": R_SCORING}[state.phase]
    return not_expected(expected(state), event_type, state.phase, rule)


# --- Budgivning --------------------------------------------------------------------------------
def _on_bid(state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    if state.phase != "bidding":
        raise _refuse_phase(state, "bid")
    seat = event["seat"]
    order = bidding_order(deal)
    bidding.check_turn(seat, order, deal.bids, R_BIDDING, state.players,
                       way_sv="från förhand moturs, given sist",
                       way_en="from forehand counter-clockwise, the dealer last")
    bid = parse_bid(event["bid"], state.options)
    so_far = bids_points(b for _, b in deal.bids)
    if bid is THROW_IN:
        if len(deal.bids) < PLAYERS - 1:
            raise _violation(
                "throw_in_only_last", R_BIDDING, {"seat": seat},
                f"{_name(state, seat)} måste bjuda: bara den fjärde och sista kan kasta, när "
                f"de tre buden före inte räcker till {MIN_BID_POINTS}.",
                f"{_name(state, seat)} must bid: only the fourth and last bidder may throw "
                f"in, when the three bids before are not worth {MIN_BID_POINTS}.")
        if so_far >= MIN_BID_POINTS:
            raise _violation(
                "throw_in_after_11", R_BIDDING, {"seat": seat, "points": so_far},
                f"Buden är redan värda {so_far}, minst {MIN_BID_POINTS}: det blir spel, och "
                f"{_name(state, seat)} bjuder.",
                f"The bids are already worth {so_far}, at least {MIN_BID_POINTS}: there is "
                f"a game, and {_name(state, seat)} bids.")
    deal = replace(deal, bids=deal.bids + ((seat, bid),))
    state = replace(state, deal=deal)
    return _close_bidding(state) if bidding.is_closed(order, deal.bids) else state


def _close_bidding(state: State) -> State:
    deal = state.deal
    if any(b is THROW_IN for _, b in deal.bids) or \
            bids_points(b for _, b in deal.bids) < MIN_BID_POINTS:
        return _throw_in(state)
    deal = replace(deal, current=Trick(1, deal.forehand))
    return replace(state, deal=deal, phase="play")


def _throw_in(state: State) -> State:
    """Worth less than 11 (or the fourth threw in): everyone throws in; the next deals."""
    deal = replace(state.deal, thrown_in=True)
    worth = bids_points(b for _, b in deal.bids)
    marks = tuple("–" if deal.bid_of(s) is None else str(deal.bid_of(s))
                  for s in range(PLAYERS))
    row = SheetRow(
        "thrown_in",
        f"Giv {deal.number}: kastad — buden värda {worth}, minst {MIN_BID_POINTS} behövs",
        f"Deal {deal.number}: thrown in — the bids are worth {worth}, {MIN_BID_POINTS} "
        "needed",
        (None,) * PLAYERS, state.scores, deal.number, marks)
    state = replace(state, deal=deal, rows=state.rows + (row,))
    return _next_deal(state)


def _next_deal(state: State) -> State:
    """The deal passes counter-clockwise; the finished deal is kept as ``last``."""
    dealer = next_seat(state.dealer, PLAYERS, direction=DIRECTION)
    past = state.past_findings + state.deal.knowledge.findings
    return replace(state, dealer=dealer, deal=_fresh_deal(state.deal.number + 1, dealer),
                   phase="bidding", last=state.deal, past_findings=past)


# --- Poängräkning -----------------------------------------------------------------------------
def _score_deal(state: State) -> State:
    """Write every player's points for the deal, then see whether the match is won."""
    deal = state.deal
    made = {s: deal.made(s) for s in range(PLAYERS)}
    changes = tuple(bid_points(deal.bid_of(s)) * (1 if made[s] else -1) for s in range(PLAYERS))
    scores = tuple(a + b for a, b in zip(state.scores, changes))
    order = bidding_order(deal)
    sv = ", ".join(f"{_name(state, s)} {deal.bid_of(s)} {'hem' if made[s] else 'bet'}"
                   for s in order)
    en = ", ".join(f"{_name(state, s)} {deal.bid_of(s)} {'made' if made[s] else 'failed'}"
                   for s in order)
    marks = tuple(str(deal.bid_of(s)) if deal.failed is not None
                  else f"{deal.bid_of(s)}/{deal.won[s]}" for s in range(PLAYERS))
    row = SheetRow("deal", f"Giv {deal.number}: {sv}", f"Deal {deal.number}: {en}", changes,
                   scores, deal.number, marks)
    state = replace(state, scores=scores, rows=state.rows + (row,))
    decision = decide(scores, state.options.partner_above_zero)
    if decision is None:
        return _next_deal(state)
    if decision.side is None:  # exactly equal, partners too
        if state.options.tie_at_41 == "draw":
            return replace(state, phase="over", draw=True)
        return _next_deal(state)
    return replace(state, phase="over", winner=decision.side, decided_by=decision.seat)


# --- what comes next ----------------------------------------------------------------------------
_TRICK_HINT = list(range(TRICKS_PER_DEAL + 1))


def _bid_choices(state: State) -> tuple[int | str, ...]:
    deal = state.deal
    choices: tuple[int | str, ...] = tuple(range(state.options.min_bid, MAX_BID + 1))
    if len(deal.bids) == PLAYERS - 1 and \
            bids_points(b for _, b in deal.bids) < MIN_BID_POINTS:
        choices += ("kasta",)
    return choices


def followed_live(state: State) -> bool:
    """Is the table following this deal entry by entry? A bid of it entered one by one, or
    the last deal played card by card (its cards on the log): then the bidding going on now
    comes before the play, and no outcome of the deal is known yet."""
    if state.deal.bids:
        return True
    last = state.last
    return last is not None and not last.thrown_in and bool(last.knowledge.seen)


def _quick_bid_hints(state: State) -> dict[str, Any]:
    """The bids of a quick entry: a number per seat, and "kasta" for the fourth bidder only
    (``only``), since throwing in is theirs (Budgivning) — not at all once three bids
    entered one by one are worth 11. A typical deal is its four bids: the one that
    completes them saves the deal (``save_when_complete``), so who failed is ticked before
    it — unless the table follows the deal entry by entry (``followed_live``): the bids
    picked while the bidding goes on would save the deal as "alla tog hem" before a card
    is played, so there the form waits for its save button and says why
    (``saves_by_button``: "bids_entered" when a bid of this deal was entered one by one,
    "played_live" when the last deal was played card by card)."""
    deal = state.deal
    last = bidding_order(deal)[-1]
    bids: list[int | str] = list(range(state.options.min_bid, MAX_BID + 1))
    hints: dict[str, Any] = {"bids": bids}
    if not followed_live(state):
        hints["save_when_complete"] = ["bids"]
    else:
        hints["saves_by_button"] = "bids_entered" if deal.bids else "played_live"
    three = len(deal.bids) == PLAYERS - 1
    if not three or bids_points(b for _, b in deal.bids) < MIN_BID_POINTS:
        hints["bids"] = bids + ["kasta"]
        hints["only"] = {"bids": {"kasta": [last]}}
    return hints


def expected(state: State) -> Expected:
    deal = state.deal
    if state.phase == "over":
        if state.draw:
            return Expected("over", "Partiet är slut: oavgjort.", "The match is over: a draw.")
        who = side_name(state, state.winner)
        return Expected("over", f"Partiet är slut: {who} vann.",
                        f"The match is over: {who} won.")
    quick: tuple[Expectation, ...] = ()
    if not deal.knowledge.seen:
        # Who failed (nobody named: everyone made it); the exact tricks are the table's
        # choice, folded away in the app (13 together: the last one follows).
        hints: dict[str, Any] = {"tricks": _TRICK_HINT, "order": list(bidding_order(deal)),
                                 "total": {"tricks": TRICKS_PER_DEAL}, "fold": ["tricks"]}
        if state.phase == "bidding":
            hints.update(_quick_bid_hints(state))
        quick = (Expectation("result", fields=hints),)
    if state.phase == "bidding":
        seat = bidding.to_bid(bidding_order(deal), deal.bids)
        so_far = bids_points(b for _, b in deal.bids)
        needed = max(0, MIN_BID_POINTS - so_far)
        choices = _bid_choices(state)
        dealer = _name(state, deal.dealer)
        exp = Expected(
            "bidding",
            f"Giv {deal.number} ({dealer} ger): {_name(state, seat)} bjuder. Buden hittills "
            f"värda {so_far}; minst {MIN_BID_POINTS} för spel.",
            f"Deal {deal.number} ({dealer} deals): {_name(state, seat)} bids. The bids so "
            f"far are worth {so_far}; {MIN_BID_POINTS} make a game.", seat,
            (Expectation("bid", seat, choices, fields={"bid": list(choices),
                                                       "points": so_far,
                                                       "needed": needed}),)
            + quick)
        return hand_entry.offer_hand_entry(exp, lambda s: legal_cards(deal, s),
                                           open_hands(deal))
    trick = deal.current
    assert trick is not None
    seat = to_play(deal)
    # The public hint: every card not yet played. Entered hands are private: leaving their
    # cards out would tell them to everyone; the seat's own legal cards come sealed.
    seen = {s.card for s in deal.knowledge.seen}
    fields = {"card": [str(c) for c in DECK.cards if c not in seen], "trick": trick.number,
              "leader": trick.leader, "led_suit": trick.led_suit}
    exp = Expected(
        "play", f"Giv {deal.number}, stick {trick.number}: {_name(state, seat)} spelar.",
        f"Deal {deal.number}, trick {trick.number}: {_name(state, seat)} plays.", seat,
        (Expectation("play", seat, fields=fields),
         Expectation("trick", seat, fields={"count": PLAYERS - len(trick.plays)}))
        + quick)
    return hand_entry.offer_hand_entry(exp, lambda s: legal_cards(deal, s), open_hands(deal))


def deal_in_progress(state: State) -> int | None:
    """The deal being played (a fresh one begins as soon as the last is scored), else
    ``None`` after the match: entered hands open once their deal is no longer this one."""
    return None if state.phase == "over" else state.deal.number


# --- reading the state --------------------------------------------------------------------------
def is_over(state: State) -> bool:
    return state.phase == "over"


def sheet(state: State) -> Sheet:
    """The protokoll: a column per player (each scores alone), the bids as marks."""
    over = state.phase == "over"
    return Sheet(players=state.players, rows=state.rows, totals=state.scores,
                 next_dealer=None if over else state.dealer,
                 winner=state.decided_by,
                 notes={"target": TARGET, "direction": "up",
                        "sides": [list(side) for side in SIDES],
                        "winning_side": state.winner, "draw": state.draw,
                        "marks": {"sv": "bud/tagna stick", "en": "bid/tricks taken"}})


def result(state: State) -> dict[str, Any] | None:
    if state.phase != "over":
        return None
    return {"winner": state.winner,
            "winners": [] if state.winner is None else list(SIDES[state.winner]),
            "decided_by": state.decided_by, "draw": state.draw,
            "scores": list(state.scores), "target": TARGET}


def findings(state: State) -> tuple[Finding, ...]:
    return state.past_findings + state.deal.knowledge.findings


def _deal_dict(deal: Deal) -> dict[str, Any]:
    def trick_dict(t: Trick) -> dict[str, Any]:
        return trick_as_dict(t, trick_winner(t) if len(t.plays) == PLAYERS else None)

    return {
        "number": deal.number, "dealer": deal.dealer, "forehand": deal.forehand,
        "bids": [{"seat": s, "bid": bid_value(b)} for s, b in deal.bids],
        "bid_points": bids_points(b for _, b in deal.bids),
        "tricks": [trick_dict(t) for t in deal.tricks],
        "current": None if deal.current is None else trick_dict(deal.current),
        "won": list(deal.won),
        # The hands are the players' own: only who entered one is shown.
        "hands_entered": [s for s in range(PLAYERS) if deal.hands[s] is not None],
        "hands": hand_entry.sealed_hands(deal.hands),  # each seat's own
        "quick": deal.quick, "thrown_in": deal.thrown_in,
        "failed": None if deal.failed is None else list(deal.failed),
    }


def describe(state: State) -> dict[str, Any]:
    """The state as JSON for the API and the app."""
    return {
        "phase": state.phase, "dealer": state.dealer, "scores": list(state.scores),
        "sides": [list(side) for side in SIDES], "trump": TRUMP, "target": TARGET,
        "winner": state.winner, "decided_by": state.decided_by, "draw": state.draw,
        "deal": _deal_dict(state.deal),
        "last_deal": None if state.last is None else _deal_dict(state.last),
    }


# --- the parts in their own modules, in the text's order: Spelet (the tricks, a hand
# entered) and quick entry. Imported last, since they read the tables and the state above;
# what they hold that others use is offered here too.
from .fyrtioett_play import (_on_hand, _on_play, _on_trick, legal_cards,  # noqa: E402
                             open_hands, to_play, trick_winner)
from .fyrtioett_quick import _on_result  # noqa: E402

_HANDLERS = {"bid": _on_bid, "hand": _on_hand, "play": _on_play, "trick": _on_trick,
             "result": _on_result}
