"""Rödskägg ("Fem opp!") — 3 to 7 players, 52 cards, from 12 points down to 0.

Source: rule file 002, section "Rödskägg regler" and its part "så här spelar ni"
(paragraphs on the deal, *Budgivningen*, *Spelet*, *Poängräkning*), with the clarifications
in the project's rules README. Cited in refusals as "Rödskägg — <part>".

This module holds the rule tables, the state, the deal, the bidding and the scoring; its
siblings hold ``rodskagg_play`` (Spelet: the tricks, "Går ni med?", the exit knock, a hand
entered), ``rodskagg_femopp`` (the breaches a player calls) and ``rodskagg_quick`` (a whole
deal in one entry). Seats and their order: ``rules_engine.seating``.

How a deal runs, as the text says it
------------------------------------
Everybody starts at 12 and wants to get down to 0. The dealer (moving clockwise from deal to
deal) gives three and then three more cards to each player. Nobody may pick up before the
dealer knocks and says "Knack för kort och felgiv". Bidding goes once round the table from
forehand (the dealer's left), the dealer last: each player bids *Ett* … *Sex* or *Rödskägg*,
higher than the last bid, or *smyger* (passes). The highest bidder is the declarer
(*spelföraren*), leads to the first trick; no trumps, follow suit or discard, the highest card
of the led suit wins, the winner leads next. After four tricks the declarer must ask
"Går ni med?": players who already have a trick are in; the others join or throw their two
cards in. Then the last two tricks are played.

Only the declarer moves down: made (at least as many tricks as bid) → minus the tricks taken;
failed → +5, still minus the tricks taken. A joiner who takes neither of the last two tricks
→ +5. Rödskägg made wins the match at once; Rödskägg failed puts that player out of the match,
standing at their points before the deal + 5. The first to reach 0 or below after a deal wins
and is paid by each other player in proportion to the difference in points.

"Fem opp!" — each breach is an event a player calls
----------------------------------------------------
``foreign_cut``        the dealer let someone else cut: dealer +5.
``picked_up_early``    a player took up their cards before the dealer's knock: that player +5.
``misdeal`` (its own event) a misdeal: redeal by the same dealer; the dealer +5 if they had not
                       knocked "Knack för kort och felgiv".
``forgot_ask``         the declarer did not ask "Går ni med?" after the fourth trick: +5.
``forgot_exit_knock``  a player who reached 0 during the deal did not knock "Knack för min
                       utgång" before the next card: +5 at once.

Interpretations (where the text is silent; each is documented on the rules page too)
-------------------------------------------------------------------------------------
- Everyone smyger: the text does not say. Option ``all_smyga``: ``next_dealer`` (default;
  the deal is thrown in and the deal passes on) or ``same_dealer``.
- Ace is high in every suit (the text says only "highest card"; Swedish custom).
- A fem-opp call may be made by any player except the offender. Each breach is called once.
  Nobody out of the match calls or is called on. ``expected`` offers exactly the calls
  ``apply`` accepts (``open_calls`` runs the same ``check_call``): per breach and offender,
  the seats that may call it — issue 15.
- ``foreign_cut`` can be called until bidding begins. ``picked_up_early`` too, and also
  after the dealer's knock: the offence came before it, the knock is often what shows it, and
  the text sets no deadline — so our window is from the deal until the first bid (issue 15).
  Between deals (phase ``deal``, e.g. on a table that enters deals by quick entry, with no
  ``deal`` entry) both are calls for the coming deal and are written under its number.
- The forgotten "Går ni med?": the app refuses the fifth trick until the declarer has asked or
  someone has called fem opp on them; after the call the question counts as asked and the
  trickless players decide.
- The forgotten exit knock is established when a further card is played after the player
  reached 0 without their knock; the call may come until the next deal begins, and if the +5
  lifts a match winner above 0 the match goes on (the next dealer deals). The same holds for
  a forgotten "Går ni med?" called after a quick-entry deal. A made Rödskägg wins whatever
  the points, so no call takes that win away. After a quick entry the app cannot see when
  the tricks fell; the exit-knock call is accepted when the declarer could have reached 0
  by the fifth trick (as in trick-by-trick play).
- Penalties called during a deal stand even if the deal is then void (misdeal) or the
  declarer fails Rödskägg; a failed Rödskägg is "+5 on the points before the deal's play".
- A misdeal's redeal ("omgiv") is the same deal again: it keeps the deal's number in the
  protokoll ("Giv 1: felgiv, omgiv", then deal 1 is played) — issue 15.
- Failed contract penalty and joiner penalty follow option ``penalty`` (5, or 6 as some other
  descriptions have); fem opp is always 5, it is the name of the game.
- Option ``declarer_leads_all``: some descriptions let the declarer lead every trick.
- Option ``exact_zero``: some descriptions require landing exactly on 0. Then a made contract
  that would take the declarer below 0 leaves their points unchanged (our reading).
- If after a failed Rödskägg only one player is left in the match, that player has won.
- The settlement: each loser pays the winner stake × their points − the winner's points; a
  loser standing below the winner (a made Rödskägg from high points) pays nothing.
- A revoke proven later (design principle 3) is reported as a finding; the text sets no
  penalty for it, so the table decides (it can correct the entry).

A hand entered by its player (``hand``, private to their seat until the deal is over)
-----------------------------------------------------------------------------------
A player may enter the cards they hold now (six dealt less those played), during the bidding
or the play. With it each of their plays is checked at once: a card not in the hand
(``not_in_hand``) and a card that does not follow suit while the hand could
(``must_follow``) are refused citing "Rödskägg — Spelet". A hand holding a suit they showed
void in earlier proves that revoke (a finding private to them). How the entry stays private:
``rules_engine.hands``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import FRENCH52
from .. import bidding, hands as hand_entry
from ..errors import Finding, RuleViolation, violation as _violation
from ..events import EventSpec, play_event, trick_event
from ..knowledge import Knowledge
from ..protocol import (check_players, Expectation, Expected, not_expected, option, told,
                        RuleSection)
from ..seating import next_seat, seats_from
from ..sheet import Sheet, SheetRow, append_row
from ..tricks import Trick, trick_as_dict, winning_play

ID = "rodskagg"
TITLE = "Rödskägg (Fem opp!)"
ALIASES = ("rödskägg", "fem-opp", "fem_opp", "femopp")
MIN_PLAYERS, MAX_PLAYERS = 3, 7
DECK = FRENCH52

# --- the rule text as data -------------------------------------------------------------
START_POINTS = 12
CARDS_EACH = 6  # dealt 3 + 3
TRICKS_PER_DEAL = 6
ASK_AFTER_TRICK = 4  # "Går ni med?" after the fourth trick
FEM_OPP = 5
SMYGA = 0
RODSKAGG = 7  # the highest bid: all six tricks, and the match on it
BIDS = {1: ("Ett", "One"), 2: ("Två", "Two"), 3: ("Tre", "Three"), 4: ("Fyra", "Four"),
        5: ("Fem", "Five"), 6: ("Sex", "Six"), RODSKAGG: ("Rödskägg", "Rödskägg")}
BID_WORDS = {"smyga": SMYGA, "smyger": SMYGA, "pass": SMYGA, "rodskagg": RODSKAGG,
             "rödskägg": RODSKAGG, "röd-skägg": RODSKAGG}

R_DEAL = "Rödskägg — Given"
R_BIDDING = "Rödskägg — Budgivningen"
R_PLAY = "Rödskägg — Spelet"
R_SCORING = "Rödskägg — Poängräkning"

RULES = (
    RuleSection(R_DEAL,
                "Alla börjar på 12. Given (medsols) ger 3 + 3 kort. Ingen tar upp korten före "
                "givens ”Knack för kort och felgiv”. Felgiv: samma giv igen, given +5 om given "
                "inte knackade. Given kuperar själv; låter given någon annan kupera: fem opp.",
                "Everyone starts at 12. The dealer (moving clockwise) gives 3 + 3 cards. Nobody "
                "picks up before the dealer's knock. A misdeal: the same dealer deals again, +5 "
                "to the dealer if not yet knocked. Only the dealer may cut: letting another "
                "cut costs the dealer fem opp."),
    RuleSection(R_BIDDING,
                "Ett varv från förhand, given sist: Ett … Sex eller Rödskägg, högre än senaste "
                "budet, eller smyga. Högsta budet blir spelförare.",
                "One round from forehand, the dealer last: One … Six or Rödskägg, each higher "
                "than the last, or pass (smyga). The highest bidder declares."),
    RuleSection(R_PLAY,
                "Spelföraren spelar ut. Ingen trumf: bekänn färg, annars saka; högsta kortet i "
                "utspelsfärgen vinner och spelar ut. Efter fjärde sticket frågar spelföraren "
                "”Går ni med?” (annars fem opp); de utan stick går med eller lägger sig.",
                "The declarer leads. No trumps: follow suit, else discard; the highest card of "
                "the led suit wins and leads next. After the fourth trick the declarer asks "
                "“Går ni med?” (or fem opp); players without a trick join or drop."),
    RuleSection(R_SCORING,
                "Bara spelföraren går ned: hem = minus tagna stick; bet = +5 och minus tagna "
                "stick. Den som gick med utan att ta stick: +5. Rödskägg hem vinner partiet, "
                "bet: ute på poängen före given + 5. Först till 0 eller under vinner; "
                "”Knack för min utgång” annars fem opp. Betalning efter poängskillnad.",
                "Only the declarer moves down: made = minus the tricks taken; failed = +5 and "
                "minus the tricks taken. A joiner who takes no trick: +5. Rödskägg made wins "
                "the match, failed: out, at the points before the deal + 5. First to 0 or below "
                "wins; knock for going out or fem opp. Paid by point difference."),
)


@dataclass(frozen=True)
class Options:
    all_smyga: str = option("next_dealer", ("next_dealer", "same_dealer"),
        sv="Om alla smyger: nästa giv går vidare (förval) eller samma giv igen.",
        en="If everyone passes: the deal passes on (default) or the same dealer redeals.")
    penalty: int = option(5, (5, 6),
        sv="Straff för bet och för att gå med utan stick (texten: 5).",
        en="Penalty for a failed bid and for joining without a trick (the text: 5).")
    declarer_leads_all: bool = option(False,
        sv="Spelföraren spelar ut till varje stick (texten: stickvinnaren spelar ut).",
        en="The declarer leads every trick (the text: the trick winner leads).")
    exact_zero: bool = option(False,
        sv="Man måste landa exakt på 0 (texten: 0 eller under vinner).",
        en="One must land exactly on 0 (the text: 0 or below wins).")
    stake_per_point: int = option(1,
        sv="Insats per poäng vid avräkningen.",
        en="Stake per point in the settlement.")


# --- events --------------------------------------------------------------------------------
BREACHES = ("foreign_cut", "picked_up_early", "forgot_ask", "forgot_exit_knock")
EVENTS = {
    "deal": EventSpec(help_sv="Givaren har gett ut korten.", help_en="The dealer has dealt."),
    "knock": EventSpec(help_sv="Given knackar: ”Knack för kort och felgiv”.",
                       help_en="The dealer knocks: “Knack för kort och felgiv”."),
    "bid": EventSpec({"seat": "seat", "bid": "value"},
                     help_sv="Ett bud (1–6, rodskagg) eller smyga.",
                     help_en="A bid (1–6, rodskagg) or smyga (pass)."),
    "play": play_event(), "trick": trick_event(),
    "ask": EventSpec(help_sv="Spelföraren frågar ”Går ni med?”.",
                     help_en="The declarer asks “Går ni med?”."),
    "join": EventSpec({"seat": "seat", "join": "bool"},
                      help_sv="En spelare utan stick går med eller lägger sig.",
                      help_en="A player without a trick joins or drops."),
    "exit_knock": EventSpec({"seat": "seat"}, help_sv="”Knack för min utgång”.",
                            help_en="“Knack för min utgång” (knock for going out)."),
    "fem_opp": EventSpec({"breach": "choice:" + "|".join(BREACHES), "caller": "seat"},
                         {"offender": "seat", "note": "str"},
                         help_sv="Någon ropar ”Fem opp!” för en förseelse.",
                         help_en="Someone calls “Fem opp!” on a breach."),
    "misdeal": EventSpec(optional={"knocked": "bool"},
                         help_sv="Felgiv: samma giv ger om.",
                         help_en="A misdeal: the same dealer deals again."),
    "result": EventSpec({"bids": "list"}, {"tricks": "list", "joined": "seats"},
                        help_sv="Snabbinmatning av en hel giv: bud per plats, stick per "
                                "plats, vilka som gick med utan stick.",
                        help_en="Quick entry of a whole deal: bids per seat, tricks per "
                                "seat, who joined without a trick."),
    "hand": hand_entry.HAND_EVENT,
}

# A hand a player enters is theirs alone until the deal is over (rules_engine.secrets).
PRIVATE = hand_entry.PRIVATE


# Short names of this game's words for the app's buttons and log (design principle 5: the
# app renders any game from the catalog, so the words travel with the game).
LABELS = {
    "events": {
        "result": ("Snabbinmatning", "Quick entry"), "fem_opp": ("Fem opp!", "Fem opp!"),
        "misdeal": ("Felgiv", "Misdeal"), "deal": ("Korten är givna", "Cards dealt"),
        "knock": ("Knack för kort och felgiv", "Knock for cards and misdeal"),
        "bid": ("Bud", "Bid"), "play": ("Spela ett kort", "Play a card"),
        "trick": ("Ett helt stick", "A whole trick"), "ask": ("”Går ni med?”", "“Går ni med?”"),
        "join": ("Går med?", "Joining?"),
        "exit_knock": ("Knack för min utgång", "Knock for going out"),
        "hand": ("Min hand", "My hand"),
    },
    "fields": {
        "caller": ("Vem ropar?", "Who calls?"), "offender": ("Vem felade?", "Who offended?"),
        "breach": ("Förseelse", "Breach"),
        "knocked": ("Hade given knackat?", "Had the dealer knocked?"),
        "bid": ("Bud", "Bid"), "join": ("Går med", "Joins"),
    },
    "nouns": {
        "caller": ("ropad av", "called by"), "offender": ("felande", "offender"),
        "knocked": ("knackat", "knocked"), "bid": ("bud", "bid"), "join": ("går med", "joins"),
    },
    "values": {
        "smyga": ("Smyg", "Pass"), "rodskagg": ("Rödskägg", "Rödskägg"),
        "foreign_cut": ("Given lät någon annan kupera", "The dealer let another player cut"),
        "picked_up_early": ("Tog upp korten före givens knack",
                            "Picked up before the dealer's knock"),
        "forgot_ask": ("Spelföraren glömde ”Går ni med?”", "The declarer forgot “Går ni med?”"),
        "forgot_exit_knock": ("Glömde ”Knack för min utgång”", "Forgot “Knack för min utgång”"),
        "next_dealer": ("Nästa spelare ger", "The next player deals"),
        "same_dealer": ("Samme giv igen", "The same dealer again"),
    },
}


# --- state ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Deal:
    """One deal: the bids, the tricks, who joined or dropped, and the calls made in it."""

    number: int
    dealer: int
    forehand: int
    knocked: bool = False
    bids: tuple[tuple[int, int], ...] = ()  # (seat, bid) in bidding order, SMYGA = pass
    declarer: int | None = None
    contract: int | None = None
    tricks: tuple[Trick, ...] = ()  # completed tricks
    current: Trick | None = None
    won: tuple[int, ...] = ()  # tricks per seat
    asked: bool = False
    joined: tuple[int, ...] = ()
    dropped: tuple[int, ...] = ()
    knowledge: Knowledge = Knowledge()
    exit_due: int | None = None  # the seat that reached 0 and must knock
    exit_knocked: bool = False
    exit_missed: bool = False
    called: tuple[tuple[str, int], ...] = ()  # (breach, offender) already called
    quick: bool = False
    start_scores: tuple[int, ...] = ()
    hands: hand_entry.Hands = ()  # entered hands, still held (None: not entered)


@dataclass(frozen=True)
class State:
    """The match: the protokoll, who is out, the dealer, and the deal in progress or the
    last one played."""

    players: tuple[str, ...]
    options: Options
    scores: tuple[int, ...]
    dealer: int
    phase: str = "deal"  # deal, bidding, play, ask, join, over
    deal: Deal | None = None  # the deal in progress, or the last one played
    deals_started: int = 0
    out: tuple[int, ...] = ()
    winner: int | None = None
    rows: tuple[SheetRow, ...] = ()
    pre_deal_calls: tuple[tuple[str, int], ...] = ()  # fem opp called before the cards are out
    past_findings: tuple[Finding, ...] = ()  # findings of deals already over

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def in_match(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.n) if s not in self.out)


def new(players: tuple[str, ...], options: Options | None = None,
        first_dealer: int = 0) -> State:
    players = tuple(players)
    check_players(players, first_dealer, name="Rödskägg",
                  players_range=(MIN_PLAYERS, MAX_PLAYERS), rule=R_DEAL)
    scores = (START_POINTS,) * len(players)
    start = SheetRow.start(scores)
    return State(players, options or Options(), scores, first_dealer, rows=(start,))


# --- small helpers ---------------------------------------------------------------------------
def bid_name(bid: int, lang: str = "sv") -> str:
    if bid == SMYGA:
        return "smyger" if lang == "sv" else "passes"
    sv, en = BIDS[bid]
    return sv if lang == "sv" else en


def tricks_needed(contract: int) -> int:
    return TRICKS_PER_DEAL if contract == RODSKAGG else contract


def parse_bid(value: Any) -> int:
    if isinstance(value, str) and value.strip().lower() in BID_WORDS:
        return BID_WORDS[value.strip().lower()]
    if value is None:
        return SMYGA
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    # 1–6 by number; Rödskägg only by name (7 is our internal rank for it, not a bid of
    # seven tricks: a typed "7" must not silently become the match-deciding bid).
    if isinstance(value, int) and not isinstance(value, bool) and value in BIDS \
            and value != RODSKAGG:
        return value
    raise _violation("bad_bid", R_BIDDING, {"bid": value},
                     f"”{value}” är inget bud: bjud 1–6, rödskägg, eller smyg.",
                     f"“{value}” is not a bid: bid 1–6, rodskagg, or smyga (pass).")


def _name(state: State, seat: int) -> str:
    return state.players[seat]


def _add_row(state: State, kind: str, sv: str, en: str, changes: dict[int, int],
             deal: int | None) -> State:
    marks = tuple("ute" if s in state.out else "" for s in range(state.n))
    scores, rows = append_row(state.rows, state.scores, kind, sv, en, changes, deal, marks)
    return replace(state, scores=scores, rows=rows)


def _has_won(state: State, score: int) -> bool:
    return score == 0 if state.options.exact_zero else score <= 0


def _next_dealer(state: State) -> int:
    return next_seat(state.dealer, state.n, state.in_match)


def _active(state: State, deal: Deal) -> tuple[int, ...]:
    return tuple(s for s in state.in_match if s not in deal.dropped)


# --- apply -----------------------------------------------------------------------------------
def apply(state: State, event: dict[str, Any]) -> State:
    """Apply one parsed event (see ``rules_engine.events.parse_event``)."""
    handler = _HANDLERS[event["type"]]
    return handler(state, event)


def _refuse_phase(state: State, event_type: str) -> RuleViolation:
    return not_expected(expected(state), event_type, state.phase, _phase_rule(state.phase))


def _phase_rule(phase: str) -> str:
    return {"deal": R_DEAL, "bidding": R_BIDDING, "play": R_PLAY, "ask": R_PLAY,
            "join": R_PLAY, "over": R_SCORING}[phase]


def _on_deal(state: State, event: dict[str, Any]) -> State:
    if state.phase != "deal":
        raise _refuse_phase(state, "deal")
    return _start_deal(state)


def _start_deal(state: State) -> State:
    forehand = next_seat(state.dealer, state.n, state.in_match)
    deal = Deal(number=state.deals_started + 1, dealer=state.dealer, forehand=forehand,
                won=(0,) * state.n, start_scores=state.scores, called=state.pre_deal_calls,
                hands=hand_entry.no_hands(state.n))
    past = state.past_findings + (state.deal.knowledge.findings if state.deal else ())
    return replace(state, phase="bidding", deal=deal, deals_started=deal.number,
                   pre_deal_calls=(), past_findings=past)


def _on_knock(state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    if state.phase != "bidding" or deal is None or deal.bids:
        raise _refuse_phase(state, "knock")
    if deal.knocked:
        raise _violation("already_knocked", R_DEAL, {}, "Given har redan knackat.",
                         "The dealer has already knocked.")
    return replace(state, deal=replace(deal, knocked=True))


def _bidding_order(state: State, deal: Deal) -> tuple[int, ...]:
    return seats_from(deal.forehand, state.n, state.in_match)


def _on_bid(state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    if state.phase != "bidding" or deal is None:
        raise _refuse_phase(state, "bid")
    seat, bid = event["seat"], parse_bid(event["bid"])
    order = _bidding_order(state, deal)
    bidding.check_turn(seat, order, deal.bids, R_BIDDING, state.players,
                       way_sv="ett varv från förhand, given sist",
                       way_en="one round from forehand, the dealer last")
    highest = max((b for _, b in deal.bids), default=SMYGA)
    if bid != SMYGA and bid <= highest:
        raise _violation(
            "bid_not_higher", R_BIDDING, {"seat": seat, "bid": bid, "highest": highest},
            f"{bid_name(bid)} är inte högre än {bid_name(highest)}: bjud högre eller smyg.",
            f"{bid_name(bid, 'en')} is not higher than {bid_name(highest, 'en')}: "
            "bid higher or pass.")
    deal = replace(deal, bids=deal.bids + ((seat, bid),))
    state = replace(state, deal=deal)
    return _close_bidding(state) if bidding.is_closed(order, deal.bids) else state


def _close_bidding(state: State) -> State:
    deal = state.deal
    assert deal is not None
    highest = max(b for _, b in deal.bids)
    if highest == SMYGA:
        return _all_smyga(state)
    declarer = next(s for s, b in deal.bids if b == highest)
    deal = replace(deal, declarer=declarer, contract=highest,
                   current=Trick(1, declarer))
    return replace(state, deal=deal, phase="play")


def _all_smyga(state: State) -> State:
    deal = state.deal
    assert deal is not None
    same = state.options.all_smyga == "same_dealer"
    state = _add_row(state, "thrown_in", f"Giv {deal.number}: alla smög",
                     f"Deal {deal.number}: everyone passed", {}, deal.number)
    dealer = state.dealer if same else _next_dealer(state)
    return replace(state, phase="deal", dealer=dealer)


def _on_misdeal(state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    in_deal = state.phase in ("bidding", "play", "ask", "join")
    if not in_deal and state.phase != "deal":
        raise _refuse_phase(state, "misdeal")
    if in_deal:
        assert deal is not None
        if "knocked" in event and event["knocked"] != deal.knocked:
            raise _violation(
                "knock_mismatch", R_DEAL, {"knocked": deal.knocked},
                "Protokollet säger annat om givens knack.",
                "The log says otherwise about the dealer's knock.")
        knocked, number = deal.knocked, deal.number
    else:
        if "knocked" not in event:
            raise _violation(
                "knocked_required", R_DEAL, {},
                "Ange om given hade knackat ”Knack för kort och felgiv”.",
                "Say whether the dealer had knocked “Knack för kort och felgiv”.")
        knocked, number = event["knocked"], state.deals_started + 1
        # state.deal is the deal before, already over: keep its findings (its revokes).
        past = state.past_findings + (deal.knowledge.findings if deal is not None else ())
        state = replace(state, pre_deal_calls=(), past_findings=past)
    dealer = state.dealer
    if knocked:
        state = _add_row(state, "redeal", f"Giv {number}: felgiv, omgiv",
                         f"Deal {number}: misdeal, redeal", {}, number)
    else:
        state = _add_row(
            state, "penalty", f"Giv {number}: felgiv utan knack – fem opp {_name(state, dealer)}",
            f"Deal {number}: misdeal without the knock – fem opp {_name(state, dealer)}",
            {dealer: FEM_OPP}, number)
    # The same dealer deals again; the void deal leaves no trace but its row, and the redeal
    # is the same deal: it keeps the number ("Giv 1: felgiv, omgiv", then deal 1 again).
    return replace(state, phase="deal", deal=None, deals_started=number - 1)


# --- scoring -------------------------------------------------------------------------------
def score_deal(start: int, contract: int, taken: int, penalty: int = 5,
               exact_zero: bool = False) -> int:
    """The declarer's points after a deal: the heart of the protokoll, a pure function.

    >>> score_deal(12, 3, 4)   # "A startade på 12 poäng, bjöd tre stick och tog fyra"
    8
    >>> score_deal(7, 3, 2)    # "B står på 7 poäng, bjuder tre stick men spelar bara hem två"
    10
    """
    if contract == RODSKAGG and taken < TRICKS_PER_DEAL:
        return start + penalty  # out of the match; tricks do not count
    if taken >= tricks_needed(contract):
        after = start - taken
        return start if exact_zero and after < 0 else after
    return start - taken + penalty


def _score_deal(state: State) -> State:
    deal = state.deal
    assert deal is not None and deal.declarer is not None and deal.contract is not None
    declarer, contract = deal.declarer, deal.contract
    taken = deal.won[declarer]
    penalty = state.options.penalty
    changes: dict[int, int] = {}
    changes[declarer] = score_deal(state.scores[declarer], contract, taken, penalty,
                                   state.options.exact_zero) - state.scores[declarer]
    for seat in deal.joined:
        if deal.won[seat] == 0:
            changes[seat] = changes.get(seat, 0) + penalty
    made = taken >= tricks_needed(contract)
    bid_sv, bid_en = bid_name(contract), bid_name(contract, "en")
    outcome_sv = "hem" if made else "bet"
    outcome_en = "made" if made else "failed"
    state = replace(state, phase="deal")
    if contract == RODSKAGG and not made:
        state = replace(state, out=state.out + (declarer,))
    state = _add_row(
        state, "deal",
        f"Giv {deal.number}: {_name(state, declarer)} {bid_sv.lower()}, {taken} stick, "
        f"{outcome_sv}",
        f"Deal {deal.number}: {_name(state, declarer)} {bid_en}, {taken} "
        f"{'trick' if taken == 1 else 'tricks'}, {outcome_en}",
        changes, deal.number)
    if contract == RODSKAGG and made:
        return replace(state, winner=declarer, phase="over")
    if _has_won(state, state.scores[declarer]):
        return replace(state, winner=declarer, phase="over")
    if len(state.in_match) == 1:
        return replace(state, winner=state.in_match[0], phase="over")
    # _next_dealer skips players out of the match, the dealer themselves included.
    return replace(state, dealer=_next_dealer(state))


# --- what comes next -------------------------------------------------------------------------
def expected(state: State) -> Expected:
    return _with_hands(state, _expected_turns(state))


def _expected_turns(state: State) -> Expected:
    deal = state.deal
    calls = open_calls(state)
    breaches = [b for b in BREACHES if any(c["breach"] == b for c in calls)]
    fem_opp = Expectation("fem_opp", fields={"breach": breaches, "calls": calls})
    extras = (fem_opp,) if calls else ()
    if state.phase == "over":
        winner = _name(state, state.winner) if state.winner is not None else "?"
        return Expected("over", f"Partiet är slut: {winner} vann.",
                        f"The match is over: {winner} won.", None, extras)
    if state.phase == "deal":
        dealer = _name(state, state.dealer)
        return Expected(
            "deal", **told(f"{dealer} ger.", f"{dealer} deals.",
                           "Mata in given kort för kort eller snabbt.",
                           "Enter the deal card by card or by quick entry."),
            seat=state.dealer,
            inputs=(Expectation("deal", state.dealer), Expectation("result", fields=_RESULT_HINTS),
                    Expectation("misdeal", fields={"knocked": "required"})) + extras)
    assert deal is not None
    misdeal = Expectation("misdeal")
    if state.phase == "bidding":
        order = _bidding_order(state, deal)
        seat = bidding.to_bid(order, deal.bids)
        highest = max((b for _, b in deal.bids), default=SMYGA)
        choices = ("smyga",) + tuple("rodskagg" if b == RODSKAGG else b
                                     for b in BIDS if b > highest)
        inputs = [Expectation("bid", seat, choices)]
        if not deal.bids:
            if not deal.knocked:
                inputs.append(Expectation("knock", deal.dealer))
            inputs.append(Expectation("result", fields=_RESULT_HINTS))
        return Expected("bidding", f"{_name(state, seat)} bjuder eller smyger.",
                        f"{_name(state, seat)} bids or passes.", seat,
                        tuple(inputs) + (misdeal,) + extras)
    exit_inputs = ()
    if deal.exit_due is not None and not deal.exit_knocked:
        exit_inputs = (Expectation("exit_knock", deal.exit_due),)
    if state.phase == "ask":
        return Expected("ask", f"{_name(state, deal.declarer)} frågar ”Går ni med?”.",
                        f"{_name(state, deal.declarer)} asks “Går ni med?”.", deal.declarer,
                        (Expectation("ask", deal.declarer),) + exit_inputs + (misdeal,)
                        + extras)
    if state.phase == "join":
        pending = _undecided(state, deal)
        return Expected("join", "Går ni med? " + ", ".join(_name(state, s) for s in pending)
                        + " bestämmer sig.",
                        "Joining? " + ", ".join(_name(state, s) for s in pending) + " decide.",
                        pending[0],
                        tuple(Expectation("join", s, (True, False)) for s in pending)
                        + exit_inputs + (misdeal,) + extras)
    seat = _expected_player(state, deal)
    trick = deal.current
    assert trick is not None
    played = sorted(str(s.card) for s in deal.knowledge.seen)
    return Expected(
        "play", f"Stick {trick.number}: {_name(state, seat)} spelar.",
        f"Trick {trick.number}: {_name(state, seat)} plays.", seat,
        (Expectation("play", seat, fields={"trick": trick.number, "leader": trick.leader,
                                           "led_suit": trick.led_suit, "played": played}),
         Expectation("trick", seat)) + exit_inputs + (misdeal,) + extras)


# --- reading the state -----------------------------------------------------------------------
def is_over(state: State) -> bool:
    return state.phase == "over"


def settlement(state: State) -> tuple[int, ...] | None:
    """Each loser pays the winner stake × (their points − the winner's points).

    A loser standing *below* the winner (possible after a made Rödskägg from high points,
    or when the last player left wins) pays nothing: the text has the winner paid by the
    others, never the other way round.
    """
    if state.winner is None:
        return None
    stake = state.options.stake_per_point
    win = state.scores[state.winner]
    pays = [max(0, score - win) * stake if seat != state.winner else 0
            for seat, score in enumerate(state.scores)]
    pays[state.winner] = -sum(pays)
    return tuple(-p for p in pays)


def sheet(state: State) -> Sheet:
    return Sheet(players=state.players, rows=state.rows, totals=state.scores,
                 next_dealer=None if state.phase == "over" else state.dealer,
                 winner=state.winner, out=state.out, settlement=settlement(state),
                 notes={"start": START_POINTS, "direction": "down"})


def result(state: State) -> dict[str, Any] | None:
    if state.winner is None:
        return None
    return {"winner": state.winner, "scores": list(state.scores),
            "settlement": list(settlement(state) or ())}


def deal_in_progress(state: State) -> int | None:
    """The deal being played (dealt, not yet scored or thrown in), else ``None``."""
    if state.phase in ("bidding", "play", "ask", "join") and state.deal is not None:
        return state.deal.number
    return None


def findings(state: State) -> tuple[Finding, ...]:
    deal = state.deal
    return state.past_findings + (deal.knowledge.findings if deal is not None else ())


def describe(state: State) -> dict[str, Any]:
    """The state as JSON for the API and the app."""
    deal = state.deal
    out: dict[str, Any] = {
        "phase": state.phase, "dealer": state.dealer, "scores": list(state.scores),
        "out": list(state.out), "winner": state.winner, "deals_started": state.deals_started,
        "deal": None,
    }
    if deal is not None:
        out["deal"] = {
            "number": deal.number, "dealer": deal.dealer, "forehand": deal.forehand,
            "knocked": deal.knocked,
            "bids": [{"seat": s, "bid": "rodskagg" if b == RODSKAGG else
                      ("smyga" if b == SMYGA else b)} for s, b in deal.bids],
            "declarer": deal.declarer,
            "contract": None if deal.contract is None else (
                "rodskagg" if deal.contract == RODSKAGG else deal.contract),
            "tricks": [trick_as_dict(t, winning_play(t, DECK).seat) for t in deal.tricks],
            "current": None if deal.current is None else trick_as_dict(deal.current),
            "won": list(deal.won), "asked": deal.asked, "joined": list(deal.joined),
            "dropped": list(deal.dropped), "quick": deal.quick,
            "exit_due": deal.exit_due, "exit_knocked": deal.exit_knocked,
            "called": [{"breach": b, "offender": o} for b, o in deal.called],
            "hands": hand_entry.sealed_hands(deal.hands),
        }
    return out


# --- the parts in their own modules, in the text's order: Spelet ("Går ni med?", the exit
# knock, a hand entered), "Fem opp!", and quick entry. Imported last, since they read the
# tables and the state above; what they hold that others use is offered here too.
from .rodskagg_femopp import _on_fem_opp, check_call, open_calls  # noqa: E402
from .rodskagg_play import (_expected_player, _on_ask, _on_exit_knock,  # noqa: E402
                            _on_hand, _on_join, _on_play, _on_trick, _undecided, _with_hands,
                            legal_cards)
from .rodskagg_quick import _RESULT_HINTS, _on_result  # noqa: E402


_HANDLERS = {
    "deal": _on_deal, "knock": _on_knock, "bid": _on_bid, "play": _on_play,
    "trick": _on_trick, "ask": _on_ask, "join": _on_join, "exit_knock": _on_exit_knock,
    "fem_opp": _on_fem_opp, "misdeal": _on_misdeal, "result": _on_result,
    "hand": _on_hand,
}
