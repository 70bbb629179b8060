"""Rödskägg ("Fem opp!") — 3 to 7 players, 52 cards, from 12 points down to 0.

Source: rule file 002, section "Rödskägg regler" and its part "så här spelar ni"
(paragraphs on the deal, *Budgivningen*, *Spelet*, *Poängräkning*), with the clarifications
in the project's rules README. Cited in refusals as "Rödskägg — <part>".

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
standing at his points before the deal + 5. The first to reach 0 or below after a deal wins
and is paid by each other player in proportion to the difference in points.

"Fem opp!" — each breach is an event a player calls
----------------------------------------------------
``foreign_cut``        the dealer let someone else cut: dealer +5.
``picked_up_early``    a player took up his cards before the dealer's knock: that player +5.
``misdeal`` (its own event) a misdeal: redeal by the same dealer; the dealer +5 if he had not
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
  someone has called fem opp on him; after the call the question counts as asked and the
  trickless players decide.
- The forgotten exit knock is established when a further card is played after the player
  reached 0 without his knock; the call may come until the next deal begins, and if the +5
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
  that would take the declarer below 0 leaves his points unchanged (our reading).
- If after a failed Rödskägg only one player is left in the match, that player has won.
- The settlement: each loser pays the winner stake × his points − the winner's points; a
  loser standing below the winner (a made Rödskägg from high points) pays nothing.
- A revoke proven later (design principle 3) is reported as a finding; the text sets no
  penalty for it, so the table decides (it can correct the entry).

A hand entered by its player (``hand``, private to his seat until the deal is over)
-----------------------------------------------------------------------------------
A player may enter the cards he holds now (six dealt less those played), during the bidding
or the play. With it each of his plays is checked at once: a card not in the hand
(``not_in_hand``) and a card that does not follow suit while the hand could
(``must_follow``) are refused citing "Rödskägg — Spelet". A hand holding a suit he showed
void in earlier proves that revoke (a finding private to him). ``PRIVATE`` marks the entry,
``deal_in_progress`` says when it opens; describe and expected wrap its cards in ``sealed``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..cards import FRENCH52, SUIT_NAMES, Card
from .. import hands as hand_entry
from ..errors import Finding, RuleViolation
from ..events import EventSpec
from ..knowledge import Knowledge, Void
from ..protocol import check_first_dealer, Expectation, Expected, RuleSection
from ..sheet import Sheet, SheetRow
from ..tricks import Play, Trick, next_seat, playable, seats_from, winning_play

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
    all_smyga: str = field(default="next_dealer", metadata={
        "choices": ("next_dealer", "same_dealer"),
        "sv": "Om alla smyger: nästa giv går vidare (förval) eller samma giv igen.",
        "en": "If everyone passes: the deal passes on (default) or the same dealer redeals."})
    penalty: int = field(default=5, metadata={
        "choices": (5, 6),
        "sv": "Straff för bet och för att gå med utan stick (texten: 5).",
        "en": "Penalty for a failed bid and for joining without a trick (the text: 5)."})
    declarer_leads_all: bool = field(default=False, metadata={
        "sv": "Spelföraren spelar ut till varje stick (texten: stickvinnaren spelar ut).",
        "en": "The declarer leads every trick (the text: the trick winner leads)."})
    exact_zero: bool = field(default=False, metadata={
        "sv": "Man måste landa exakt på 0 (texten: 0 eller under vinner).",
        "en": "One must land exactly on 0 (the text: 0 or below wins)."})
    stake_per_point: int = field(default=1, metadata={
        "sv": "Insats per poäng vid avräkningen.",
        "en": "Stake per point in the settlement."})


# --- events --------------------------------------------------------------------------------
BREACHES = ("foreign_cut", "picked_up_early", "forgot_ask", "forgot_exit_knock")
EVENTS = {
    "deal": EventSpec(help_sv="Givaren har gett ut korten.", help_en="The dealer has dealt."),
    "knock": EventSpec(help_sv="Given knackar: ”Knack för kort och felgiv”.",
                       help_en="The dealer knocks: “Knack för kort och felgiv”."),
    "bid": EventSpec({"seat": "seat", "bid": "value"},
                     help_sv="Ett bud (1–6, rodskagg) eller smyga.",
                     help_en="A bid (1–6, rodskagg) or smyga (pass)."),
    "play": EventSpec({"seat": "seat", "card": "card"}, help_sv="Ett spelat kort.",
                      help_en="One card played."),
    "trick": EventSpec({"cards": "cards"},
                       help_sv="Sticket i spelordning från den som står på tur.",
                       help_en="The trick's cards in playing order from the seat to play."),
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

# A hand a player enters is his alone until the deal is over (rules_engine.secrets).
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
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RuleViolation(
            "player_count", rule=R_DEAL, params={"players": len(players)},
            sv=f"Rödskägg spelas av {MIN_PLAYERS}–{MAX_PLAYERS} spelare.",
            en=f"Rödskägg is played by {MIN_PLAYERS}–{MAX_PLAYERS} players.")
    check_first_dealer(first_dealer, len(players), R_DEAL)
    scores = (START_POINTS,) * len(players)
    start = SheetRow("start", "Start", "Start", (None,) * len(players), scores)
    return State(players, options or Options(), scores, first_dealer, rows=(start,))


# --- small helpers ---------------------------------------------------------------------------
def _violation(code: str, rule: str, params: dict[str, Any], sv: str, en: str) -> RuleViolation:
    return RuleViolation(code, rule=rule, params=params, sv=sv, en=en)


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
    scores = list(state.scores)
    row_changes: list[int | None] = [None] * state.n
    for seat, delta in changes.items():
        scores[seat] += delta
        row_changes[seat] = delta
    marks = tuple("ute" if s in state.out else "" for s in range(state.n))
    row = SheetRow(kind, sv, en, tuple(row_changes), tuple(scores), deal, marks)
    return replace(state, scores=tuple(scores), rows=state.rows + (row,))


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
    exp = expected(state)
    return _violation(
        "not_expected", _phase_rule(state.phase),
        {"event": event_type, "phase": state.phase,
         "expected": [i.type for i in exp.inputs]},
        f"Den inmatningen passar inte nu. {exp.prompt_sv}",
        f"That entry does not fit now. {exp.prompt_en}")


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
    to_bid = order[len(deal.bids)]
    if seat != to_bid:
        raise _violation(
            "not_your_turn", R_BIDDING, {"seat": seat, "expected_seat": to_bid},
            f"Det är {_name(state, to_bid)}s tur att bjuda, inte {_name(state, seat)}s "
            "(ett varv från förhand, given sist).",
            f"It is {_name(state, to_bid)}'s turn to bid, not {_name(state, seat)}'s "
            "(one round from forehand, the dealer last).")
    highest = max((b for _, b in deal.bids), default=SMYGA)
    if bid != SMYGA and bid <= highest:
        raise _violation(
            "bid_not_higher", R_BIDDING, {"seat": seat, "bid": bid, "highest": highest},
            f"{bid_name(bid)} är inte högre än {bid_name(highest)}: bjud högre eller smyg.",
            f"{bid_name(bid, 'en')} is not higher than {bid_name(highest, 'en')}: "
            "bid higher or pass.")
    deal = replace(deal, bids=deal.bids + ((seat, bid),))
    state = replace(state, deal=deal)
    if len(deal.bids) < len(order):
        return state
    return _close_bidding(state)


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


def _expected_player(state: State, deal: Deal) -> int:
    trick = deal.current
    assert trick is not None
    order = seats_from(trick.leader, state.n, _active(state, deal))
    return order[len(trick.plays)]


def _on_play(state: State, event: dict[str, Any]) -> State:
    if state.phase == "ask":
        deal = state.deal
        assert deal is not None
        raise _violation(
            "ask_required", R_PLAY, {"declarer": deal.declarer},
            f"Efter fjärde sticket ska {_name(state, deal.declarer)} fråga ”Går ni med?” "
            f"innan spelet fortsätter. Glömmer {_name(state, deal.declarer)} det kan vem som helst "
            "ropa fem opp.",
            f"After the fourth trick {_name(state, deal.declarer)} must ask “Går ni med?” "
            "before play goes on. If they forgot, anyone may call fem opp.")
    if state.phase != "play":
        raise _refuse_phase(state, event["type"])
    return _play_card(state, event["seat"], event["card"])


def _on_trick(state: State, event: dict[str, Any]) -> State:
    if state.phase != "play":
        return _on_play(state, event)
    deal = state.deal
    assert deal is not None and deal.current is not None
    cards: tuple[Card, ...] = event["cards"]
    remaining = len(_active(state, deal)) - len(deal.current.plays)
    if len(cards) != remaining:
        raise _violation(
            "trick_size", R_PLAY, {"cards": len(cards), "expected": remaining},
            f"Sticket behöver {remaining} kort till, inte {len(cards)}.",
            f"The trick needs {remaining} more cards, not {len(cards)}.")
    for card in cards:
        state = _play_card(state, _expected_player(state, state.deal), card)
    return state


def _play_card(state: State, seat: int, card: Card) -> State:
    deal = state.deal
    assert deal is not None and deal.current is not None
    trick = deal.current
    to_play = _expected_player(state, deal)
    if seat in deal.dropped:
        raise _violation(
            "dropped_out", R_PLAY, {"seat": seat},
            f"{_name(state, seat)} gick inte med och spelar inte mer i den här given.",
            f"{_name(state, seat)} did not join and plays no more in this deal.")
    if seat != to_play:
        raise _violation(
            "not_your_turn", R_PLAY, {"seat": seat, "expected_seat": to_play,
                                      "trick": trick.number},
            f"Det är {_name(state, to_play)}s tur i stick {trick.number}, inte "
            f"{_name(state, seat)}s.",
            f"It is {_name(state, to_play)}'s turn in trick {trick.number}, not "
            f"{_name(state, seat)}'s.")
    deal.knowledge.check_unplayed(card, R_PLAY)
    _check_against_hand(state, deal, seat, card)
    exit_missed = deal.exit_missed or (deal.exit_due is not None and not deal.exit_knocked)
    knowledge = deal.knowledge.record(trick.number, trick.led_suit, Play(seat, card), R_PLAY,
                                      state.players)
    trick = trick.add(Play(seat, card))
    deal = replace(deal, current=trick, knowledge=knowledge, exit_missed=exit_missed,
                   hands=hand_entry.without(deal.hands, seat, card))
    state = replace(state, deal=deal)
    if len(trick.plays) < len(_active(state, deal)):
        return state
    return _finish_trick(state)


def _finish_trick(state: State) -> State:
    deal = state.deal
    assert deal is not None and deal.current is not None
    trick = deal.current
    winner = winning_play(trick, DECK).seat
    won = tuple(w + (1 if s == winner else 0) for s, w in enumerate(deal.won))
    deal = replace(deal, tricks=deal.tricks + (trick,), won=won, current=None)
    deal = _check_exit(state, deal)
    number = trick.number
    if number == TRICKS_PER_DEAL:
        return _score_deal(replace(state, deal=deal))
    leader = deal.declarer if state.options.declarer_leads_all else winner
    deal = replace(deal, current=Trick(number + 1, leader))
    phase = "ask" if number == ASK_AFTER_TRICK else "play"
    return replace(state, deal=deal, phase=phase)


def _check_exit(state: State, deal: Deal) -> Deal:
    """Did the declarer reach 0 during the deal? Then he must knock for his exit."""
    if deal.exit_due is not None or deal.declarer is None or deal.contract is None:
        return deal
    if len(deal.tricks) >= TRICKS_PER_DEAL:
        return deal  # reached at the end of the deal: scored, not "during" it
    taken = deal.won[deal.declarer]
    if taken >= tricks_needed(deal.contract) and _has_won(
            state, state.scores[deal.declarer] - taken):
        return replace(deal, exit_due=deal.declarer)
    return deal


def _on_ask(state: State, event: dict[str, Any]) -> State:
    if state.phase != "ask":
        raise _refuse_phase(state, "ask")
    return _after_ask(state)


def _undecided(state: State, deal: Deal) -> tuple[int, ...]:
    return tuple(s for s in seats_from(next_seat(deal.declarer, state.n, state.in_match),
                                       state.n, state.in_match)
                 if s != deal.declarer and deal.won[s] == 0
                 and s not in deal.joined and s not in deal.dropped)


def _after_ask(state: State) -> State:
    deal = state.deal
    assert deal is not None
    deal = replace(deal, asked=True)
    phase = "join" if _undecided(state, deal) else "play"
    return replace(state, deal=deal, phase=phase)


def _on_join(state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    if state.phase != "join" or deal is None:
        raise _refuse_phase(state, "join")
    seat = event["seat"]
    if seat not in _undecided(state, deal):
        reason_sv, reason_en = (
            ("är spelförare", "is the declarer") if seat == deal.declarer else
            ("har redan stick och är automatiskt med", "already has a trick and is in")
            if deal.won[seat] else ("har redan bestämt sig", "has already decided"))
        raise _violation("not_deciding", R_PLAY, {"seat": seat},
                         f"{_name(state, seat)} {reason_sv}.",
                         f"{_name(state, seat)} {reason_en}.")
    if event["join"]:
        deal = replace(deal, joined=deal.joined + (seat,))
    else:
        deal = replace(deal, dropped=deal.dropped + (seat,))
    phase = "join" if _undecided(state, deal) else "play"
    return replace(state, deal=deal, phase=phase)


def _on_exit_knock(state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    seat = event["seat"]
    if deal is None or state.phase not in ("play", "ask", "join") or deal.exit_due != seat:
        raise _violation(
            "no_exit", R_SCORING, {"seat": seat},
            f"{_name(state, seat)} har inte nått 0 under given och har inget att knacka för.",
            f"{_name(state, seat)} has not reached 0 during this deal: nothing to knock for.")
    if deal.exit_knocked:
        raise _violation("already_knocked", R_SCORING, {"seat": seat},
                         "Utgången är redan knackad.", "The exit knock is already made.")
    return replace(state, deal=replace(deal, exit_knocked=True))


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


# --- fem opp -------------------------------------------------------------------------------
_BREACH_TEXT = {
    "foreign_cut": ("lät någon annan kupera", "let another player cut"),
    "picked_up_early": ("tog upp korten före givens knack",
                        "picked up the cards before the dealer's knock"),
    "forgot_ask": ("glömde fråga ”Går ni med?”", "forgot to ask “Går ni med?”"),
    "forgot_exit_knock": ("glömde ”Knack för min utgång”", "forgot “Knack för min utgång”"),
}
# Calls that can come between deals, for the coming deal (its cut, its cards).
_BEFORE_THE_DEAL = ("foreign_cut", "picked_up_early")
_BREACH_RULE = {"foreign_cut": R_DEAL, "picked_up_early": R_DEAL, "forgot_ask": R_PLAY,
                "forgot_exit_knock": R_SCORING}


def check_call(state: State, breach: str, caller: int, offender: int | None) -> int:
    """Refuse a fem-opp call that cannot be accepted now, or return its offender. The one
    check behind both ``apply`` and what ``expected`` offers."""
    rule = _BREACH_RULE[breach]
    derived = _breach_check(state, breach)
    if derived is not None and offender is not None and offender != derived:
        raise _violation("wrong_offender", rule, {"breach": breach, "offender": derived},
                         f"Den felande är {_name(state, derived)}.",
                         f"The offender is {_name(state, derived)}.")
    if derived is None and offender is None:
        raise _violation("offender_required", rule, {"breach": breach},
                         "Ange vem som tog upp korten.", "Say who picked up the cards.")
    offender = derived if derived is not None else offender
    assert offender is not None
    if offender in state.out:
        raise _violation("player_out", rule, {"seat": offender},
                         f"{_name(state, offender)} är ute ur partiet.",
                         f"{_name(state, offender)} is out of the match.")
    if offender == caller:
        raise _violation("caller_is_offender", rule, {"seat": caller},
                         "Det är de andra spelarna som ropar fem opp, inte den felande.",
                         "Fem opp is called by the other players, not by the offender.")
    if caller in state.out:
        raise _violation("player_out", rule, {"seat": caller},
                         f"{_name(state, caller)} är ute ur partiet.",
                         f"{_name(state, caller)} is out of the match.")
    if (breach, offender) in _calls_made(state, breach):
        raise _violation(
            "already_called", rule, {"breach": breach, "offender": offender},
            "Den förseelsen är redan straffad.", "That breach has already been penalised.")
    return offender


def _calls_made(state: State, breach: str) -> tuple[tuple[str, int], ...]:
    """The calls already penalised that a call of ``breach`` now would repeat: those of the
    coming deal between deals, else those of the deal in progress (or just played)."""
    if state.phase == "deal" and breach in _BEFORE_THE_DEAL:
        return state.pre_deal_calls
    return state.deal.called if state.deal is not None else ()


def _on_fem_opp(state: State, event: dict[str, Any]) -> State:
    breach, caller = event["breach"], event["caller"]
    offender = check_call(state, breach, caller, event.get("offender"))
    before_deal = state.phase == "deal" and breach in _BEFORE_THE_DEAL
    called = _calls_made(state, breach) + ((breach, offender),)
    if before_deal:
        number = state.deals_started + 1
        state = replace(state, pre_deal_calls=called)
    else:
        deal = replace(state.deal, called=called)
        if breach == "forgot_exit_knock":
            deal = replace(deal, exit_knocked=True)
        number = deal.number
        state = replace(state, deal=deal)
    sv_text, en_text = _BREACH_TEXT[breach]
    state = _add_row(state, "penalty",
                     f"Fem opp: {_name(state, offender)} {sv_text}",
                     f"Fem opp: {_name(state, offender)} {en_text}", {offender: FEM_OPP},
                     number)
    if breach == "forgot_ask" and state.phase == "ask":
        return _after_ask(state)
    # A call after a quick-entry or finished deal can lift the winner back above 0: the
    # match goes on and the deal passes on as after any deal. A made Rödskägg wins
    # "oavsett poängställningen", so it stands.
    if (state.winner is not None and not _won_by_rodskagg(state)
            and not _has_won(state, state.scores[state.winner])):
        state = replace(state, winner=None, phase="deal", dealer=_next_dealer(state))
    return state


def _won_by_rodskagg(state: State) -> bool:
    deal = state.deal
    return (deal is not None and deal.contract == RODSKAGG and deal.declarer == state.winner
            and deal.won[deal.declarer] >= TRICKS_PER_DEAL)


def _breach_check(state: State, breach: str) -> int | None:
    """Refuse a call that cannot be right now; return the offender where the rules name
    him (the dealer, the declarer), ``None`` where the caller must say who it was."""
    deal = state.deal
    rule = _BREACH_RULE[breach]

    def refuse(sv: str, en: str) -> RuleViolation:
        return _violation("breach_not_possible", rule, {"breach": breach, "phase": state.phase},
                          sv, en)

    if breach == "foreign_cut":
        if not (state.phase == "deal" or (state.phase == "bidding" and not deal.bids)):
            raise refuse("Kuperingen kan bara påtalas innan budgivningen börjat.",
                         "The cut can only be called before the bidding starts.")
        return state.dealer
    if breach == "picked_up_early":
        _picked_up_early_window(state, refuse)
        return None
    after_quick = (state.phase in ("deal", "over") and deal is not None and deal.quick
                   and deal.declarer is not None)
    if breach == "forgot_ask":
        if not (state.phase == "ask" or after_quick):
            raise refuse("”Går ni med?” ska frågas efter fjärde sticket; det är inte glömt nu.",
                         "“Går ni med?” is due after the fourth trick; it is not forgotten now.")
        return deal.declarer
    # forgot_exit_knock
    if after_quick:
        # As in play (_check_exit): 0 reached *during* the deal, i.e. by the fifth trick at
        # the latest, from the points he stood at when play began (fem opp included).
        by_fifth = min(deal.won[deal.declarer], TRICKS_PER_DEAL - 1)
        possible = by_fifth >= tricks_needed(deal.contract) and _has_won(
            state, _points_before_play(state, deal) - by_fifth)
    else:
        possible = deal is not None and deal.exit_missed and deal.exit_due is not None
    if not possible:
        raise refuse("Ingen har glömt att knacka för sin utgång: antingen nådde ingen 0 "
                     "under given, eller så knackade den som gick ut i tid.",
                     "Nobody forgot to knock for going out: either nobody reached 0 during "
                     "the deal or the knock came in time.")
    return deal.declarer


def _picked_up_early_window(state: State, refuse: Any) -> None:
    """When "Fem opp!" for picking up before the dealer's knock can be called.

    The text sets no deadline, and the knock is often what shows that someone was early, so
    the call is open from the deal until the first bid, before or after the knock (our
    window). A table that enters deals by quick entry has no ``deal`` entry: between deals
    (phase ``deal``) the call is for the cards of the coming deal.
    """
    deal = state.deal
    if state.phase == "deal" or (state.phase == "bidding" and deal is not None
                                 and not deal.bids):
        return
    if state.phase == "over":
        raise refuse("Partiet är slut; det finns inga kort att ta upp för tidigt.",
                     "The match is over; there are no cards to pick up early.")
    raise refuse("Att ta upp korten före givens knack påtalas från given till första budet; "
                 "i den här given har budgivningen redan börjat.",
                 "Picking up before the dealer's knock is called from the deal until the first "
                 "bid; in this deal the bidding has already begun.")


def _points_before_play(state: State, deal: Deal) -> int:
    """The declarer's points just before the deal was scored (the row above its deal row).
    Looked for from the end: the deal is one of the last on the sheet."""
    for index in range(len(state.rows) - 1, -1, -1):
        row = state.rows[index]
        if row.kind == "deal" and row.deal == deal.number:
            return state.rows[index - 1].totals[deal.declarer]
    return deal.start_scores[deal.declarer]


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
    # _next_dealer skips players out of the match, the dealer himself included.
    return replace(state, dealer=_next_dealer(state))


def _on_result(state: State, event: dict[str, Any]) -> State:
    """Quick entry of a whole deal: bids per seat, tricks per seat, who joined."""
    if state.phase == "deal":
        state = _start_deal(state)
    deal = state.deal
    if state.phase != "bidding" or deal is None or deal.bids:
        raise _refuse_phase(state, "result")
    raw_bids = event["bids"]
    if len(raw_bids) != state.n:
        raise _violation("result_shape", R_BIDDING, {"bids": len(raw_bids), "players": state.n},
                         f"Ange ett bud (eller smyg) för var och en av {state.n} platser.",
                         f"Give one bid (or smyga) for each of the {state.n} seats.")
    bids = [parse_bid(b) for b in raw_bids]
    for seat in state.out:
        if bids[seat] != SMYGA:
            raise _violation("caller_out", R_BIDDING, {"seat": seat},
                             f"{_name(state, seat)} är ute ur partiet och bjuder inte.",
                             f"{_name(state, seat)} is out of the match and does not bid.")
    for seat in _bidding_order(state, deal):
        state = _on_bid(state, {"type": "bid", "seat": seat, "bid": raw_bids[seat]})
    if state.phase == "deal":  # everyone passed
        if any(event.get("tricks") or []) or event.get("joined"):
            raise _violation("no_declarer", R_BIDDING, {},
                             "Alla smög: då spelas inga stick.",
                             "Everyone passed: no tricks are played.")
        return state
    deal = state.deal
    assert deal is not None and deal.declarer is not None
    tricks = event.get("tricks")
    if (not isinstance(tricks, list) or len(tricks) != state.n
            or not all(isinstance(t, int) and not isinstance(t, bool) and t >= 0
                       for t in tricks)):
        raise _violation("result_shape", R_PLAY, {"tricks": tricks},
                         f"Ange antal stick (0–6) för var och en av {state.n} platser.",
                         f"Give the number of tricks (0–6) for each of the {state.n} seats.")
    if sum(tricks) != TRICKS_PER_DEAL:
        raise _violation("tricks_do_not_add_up", R_PLAY, {"tricks": tricks, "sum": sum(tricks)},
                         f"Sticken blir {sum(tricks)}, men en giv har {TRICKS_PER_DEAL} stick.",
                         f"The tricks add up to {sum(tricks)}, but a deal has "
                         f"{TRICKS_PER_DEAL} tricks.")
    joined = tuple(event.get("joined") or ())
    for seat in state.out:
        if tricks[seat]:
            raise _violation("caller_out", R_PLAY, {"seat": seat},
                             f"{_name(state, seat)} är ute ur partiet och tar inga stick.",
                             f"{_name(state, seat)} is out of the match and takes no tricks.")
    for seat in joined:
        if seat == deal.declarer or seat in state.out:
            raise _violation("not_deciding", R_PLAY, {"seat": seat},
                             f"{_name(state, seat)} kan inte ”gå med”: bara spelare utan "
                             "stick efter fjärde sticket beslutar det.",
                             f"{_name(state, seat)} cannot “join”: only players without a "
                             "trick after the fourth decide that.")
        if tricks[seat] > TRICKS_PER_DEAL - ASK_AFTER_TRICK:
            raise _violation(
                "joiner_tricks", R_PLAY, {"seat": seat, "tricks": tricks[seat]},
                f"{_name(state, seat)} gick med utan stick och kan ta högst två stick.",
                f"{_name(state, seat)} joined without a trick and can take at most two.")
    late = sum(tricks[seat] for seat in joined)
    if late > TRICKS_PER_DEAL - ASK_AFTER_TRICK:
        # Joiners had no trick after the fourth: together they share the last two at most.
        raise _violation(
            "joiner_tricks", R_PLAY, {"seats": list(joined), "tricks": late},
            f"De som gick med utan stick kan tillsammans ta högst två stick, inte {late}.",
            f"Those who joined without a trick can take at most two tricks together, "
            f"not {late}.")
    deal = replace(deal, won=tuple(tricks), joined=joined, quick=True, asked=True,
                   current=None)
    return _score_deal(replace(state, deal=deal))


# --- a hand entered by its player: every play checked at once ------------------------------
def _on_hand(state: State, event: dict[str, Any]) -> State:
    """A player enters the cards he holds now, during the bidding or the play.

    He holds the six dealt cards less those he has played. None of the cards already played
    can be in it, nor a card of another entered hand. A suit he showed void in earlier (he did
    not follow it) and now holds proves that revoke: a finding private to him until the deal
    is over.
    """
    deal = state.deal
    if state.phase not in ("bidding", "play", "ask", "join") or deal is None:
        raise _refuse_phase(state, "hand")
    seat = event["seat"]
    if seat in state.out or seat in deal.dropped:
        raise _violation(
            "no_hand", R_PLAY, {"seat": seat},
            f"{_name(state, seat)} har inga kort i den här given.",
            f"{_name(state, seat)} holds no cards in this deal.")
    played = sum(1 for s in deal.knowledge.seen if s.seat == seat)
    cards = hand_entry.check_entry(
        deal.hands, seat, event["cards"], size=CARDS_EACH - played,
        seen=(s.card for s in deal.knowledge.seen), rule=R_PLAY, players=state.players,
        size_sv=f" ({CARDS_EACH} givna, {played} spelade)",
        size_en=f" ({CARDS_EACH} dealt, {played} played)")
    knowledge = deal.knowledge
    for void in [v for v in knowledge.voids if v.seat == seat]:
        proof = next((c for c in cards if c.suit == void.suit), None)
        if proof is not None:
            knowledge = replace(
                knowledge, voids=tuple(v for v in knowledge.voids if v != void),
                findings=knowledge.findings + (_revoke_by_hand(state, void, proof),))
    deal = replace(deal, hands=hand_entry.with_hand(deal.hands, seat, cards),
                   knowledge=knowledge)
    return replace(state, deal=deal)


def _revoke_by_hand(state: State, void: Void, proof: Card) -> Finding:
    name = _name(state, void.seat)
    suit = (SUIT_NAMES[void.suit]["sv"], SUIT_NAMES[void.suit]["en"])
    return Finding(
        code="revoke_proven", rule=R_PLAY, seat=void.seat,
        params={"suit": void.suit, "revoke_trick": void.trick, "revoke_card": str(void.card),
                "proof": "hand", "proof_card": str(proof)},
        sv=(f"{name} bekände inte {suit[0]} i stick {void.trick} (spelade {void.card}) men "
            f"har {proof} på sin inmatade hand: felspel i stick {void.trick}."),
        en=(f"{name} did not follow {suit[1]} in trick {void.trick} (played {void.card}) but "
            f"holds {proof} in the entered hand: a revoke in trick {void.trick}."),
        private_to=void.seat,
        public_sv=(f"{name} bekände inte {suit[0]} i stick {void.trick}, men den inmatade "
                   f"handen har {suit[0]}: felspel i stick {void.trick}."),
        public_en=(f"{name} did not follow {suit[1]} in trick {void.trick}, but the entered "
                   f"hand holds {suit[1]}: a revoke in trick {void.trick}."))


def _check_against_hand(state: State, deal: Deal, seat: int, card: Card) -> None:
    """With the seat's hand entered: the card must be in it, and he must follow suit if he
    can ("man måste följa färg, annars saka"). A card in another entered hand is refused."""
    hand_entry.check_in_hand(deal.hands, seat, card, R_PLAY, state.players)
    hand, led = deal.hands[seat], deal.current.led_suit
    if hand is None or led is None or card.suit == led:
        return
    same = next((c for c in hand if c.suit == led), None)
    if same is not None:
        raise hand_entry.refuse_must_follow(R_PLAY, seat, card, led, same, state.players)


def legal_cards(state: State, seat: int) -> tuple[Card, ...] | None:
    """The cards ``seat`` may play now when his hand is entered, else ``None``."""
    deal = state.deal
    if deal is None or deal.current is None or not deal.hands or deal.hands[seat] is None:
        return None
    return playable(deal.hands[seat], deal.current.led_suit, None)


def deal_in_progress(state: State) -> int | None:
    """The deal being played (dealt, not yet scored or thrown in), else ``None``."""
    if state.phase in ("bidding", "play", "ask", "join") and state.deal is not None:
        return state.deal.number
    return None


def _with_hands(state: State, exp: Expected) -> Expected:
    """``expected`` plus hand entry: who may enter his hand now, and the legal cards of the
    seat to play when his hand is known (sealed: only his phone sees them)."""
    deal = state.deal
    if deal_in_progress(state) is None or not deal.hands:
        return exp
    inputs = []
    for item in exp.inputs:
        if item.type == "play" and item.seat is not None:
            legal = legal_cards(state, item.seat)
            if legal is not None:
                item = replace(item, fields=dict(item.fields,
                                                 legal=hand_entry.sealed_legal(item.seat, legal)))
        inputs.append(item)
    inputs += [Expectation("hand", s, fields={"count": CARDS_EACH - sum(
                   1 for p in deal.knowledge.seen if p.seat == s)})
               for s in _active(state, deal) if deal.hands[s] is None]
    return replace(exp, inputs=tuple(inputs))


_HANDLERS = {
    "deal": _on_deal, "knock": _on_knock, "bid": _on_bid, "play": _on_play,
    "trick": _on_trick, "ask": _on_ask, "join": _on_join, "exit_knock": _on_exit_knock,
    "fem_opp": _on_fem_opp, "misdeal": _on_misdeal, "result": _on_result,
    "hand": _on_hand,
}


# --- what comes next -------------------------------------------------------------------------
def open_calls(state: State) -> list[dict[str, Any]]:
    """Every fem-opp call that would be accepted now: per breach and offender (``None``
    where the rules name him), the seats that may call it. ``expected`` offers these and
    nothing else (the same ``check_call`` as ``apply``)."""
    calls = []
    for breach in BREACHES:
        try:
            derived = _breach_check(state, breach)
        except RuleViolation:
            continue
        offenders = (derived,) if derived is not None else state.in_match
        for offender in offenders:
            callers = []
            for caller in state.in_match:
                try:
                    check_call(state, breach, caller, offender)
                except RuleViolation:
                    continue
                callers.append(caller)
            if callers:
                calls.append({"breach": breach, "offender": offender, "callers": callers})
    return calls


def _callable_breaches(state: State) -> list[str]:
    """Breaches a call would be accepted for now (the app's buttons)."""
    return [b for b in BREACHES if any(c["breach"] == b for c in open_calls(state))]


_ALL_BIDS = ("smyga",) + tuple("rodskagg" if b == RODSKAGG else b for b in BIDS)
# Beside each list's values, how the quick-entry form fills a deal: every seat starts at
# smyga and no tricks (the common case: one declarer), and the six tricks add up, so the
# seat nobody entered takes what is left.
_RESULT_HINTS = {"bids": list(_ALL_BIDS), "tricks": list(range(TRICKS_PER_DEAL + 1)),
                 "default": {"bids": "smyga", "tricks": 0},
                 "total": {"tricks": TRICKS_PER_DEAL}}


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
            "deal", f"{dealer} ger. Mata in given kort för kort eller snabbt.",
            f"{dealer} deals. Enter the deal card by card or by quick entry.", state.dealer,
            (Expectation("deal", state.dealer), Expectation("result", fields=_RESULT_HINTS),
             Expectation("misdeal", fields={"knocked": "required"})) + extras)
    assert deal is not None
    misdeal = Expectation("misdeal")
    if state.phase == "bidding":
        order = _bidding_order(state, deal)
        seat = order[len(deal.bids)]
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
    """Each loser pays the winner stake × (his points − the winner's points).

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
            "tricks": [{"number": t.number, "leader": t.leader,
                        "cards": [{"seat": p.seat, "card": str(p.card)} for p in t.plays],
                        "winner": winning_play(t, DECK).seat} for t in deal.tricks],
            "current": None if deal.current is None else {
                "number": deal.current.number, "leader": deal.current.leader,
                "cards": [{"seat": p.seat, "card": str(p.card)} for p in deal.current.plays]},
            "won": list(deal.won), "asked": deal.asked, "joined": list(deal.joined),
            "dropped": list(deal.dropped), "quick": deal.quick,
            "exit_due": deal.exit_due, "exit_knocked": deal.exit_knocked,
            "called": [{"breach": b, "offender": o} for b, o in deal.called],
            "hands": hand_entry.sealed_hands(deal.hands),
        }
    return out
