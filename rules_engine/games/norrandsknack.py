"""Norrandsknack — 3 to 5 players, 52 cards, from 10 points down to 0.

Source: rule file 003 ("Norrandsknack", Swedish, after Werner & Sandgren, *Kortoxen*, 1949,
pp. 66–67), its parts *Kortleken*, *Förberedelser*, *Giv*, *Budrundan i första given*,
*Budrundan i övriga givar*, *Köpet*, *Spelet av korten*, *Poängen* and *Avslutning*. Cited in
refusals as "Norrandsknack — <part>".

How a deal runs, as the text says it
------------------------------------
Everybody starts at 10 and moves down 1 for every trick; the first at 0 wins the omgång (the
match). The first dealer is drawn for, the highest card deals; then the deal goes clockwise.
The dealer gives three cards to everyone, turns up the next card and adds it to his own three
(its suit is trump, the card is his), then two cards to everyone: five each, six for him.

Bidding goes clockwise from forehand (the dealer's left). Each player *knackar* (undertakes to
take at least one of the five tricks) or *lurar* (stays in without undertaking anything).

- The first deal: the first knock ends the bidding and everybody stays in. If everybody lurar,
  the same dealer deals again, at most three times, then the deal passes on. These first-deal
  rules hold until a deal with a knock has been played to the end.
- Later deals: after the first knock nobody may lura any more; everybody else, from the
  knocker's left round to his right (those who lurade before included), *står med* (stays in)
  or *passar* (throws in his cards).
- Variant (option ``bid_after_three``): the bidding comes after the first three cards and the
  turned card; the last two cards go only to those still in.

*Köpet*: the players in the deal, from the dealer's left, each lay away any number of cards
and draw as many from the talong, or stand pat. The dealer (if in) lays away one to six and
draws one fewer, so that he too holds five; laying away one is his way of standing pat.

Play: the nearest active player on the dealer's left leads; if he holds the trump ace he must
lead it (first trick only). Follow suit if you can, else play anything; the highest trump or
else the highest card of the led suit wins and leads next. *Trumfmant*: while a player in the
deal stands at 1 point (he knocked or stood with at 1, or has taken one trick fewer than his
points in this deal), whoever leads must lead a trump if he can; failing costs a *limpa*.

Scoring: −1 for each trick. A player who knocked or stood with and took no trick goes up 5 (a
*limpa*), never above 10, and the protokoll underlines it. In the first played deal only the
knocker risks the limpa; the others play for free. When a player's tricks in a deal reach his
points he is at 0: the omgång is over at once and the deal stops there. For money (option
``stake``) each player puts a stake in the pot when the omgång begins and one more for every
limpa; the winner takes the pot; players without a trick in a last deal that stopped early do
not pay for a limpa.

What the app knows (design principle 3)
----------------------------------------
It does not see hands. It sees the turned trump card (the dealer's: nobody else can play it),
any cards a player chooses to name when he lays away, and every card played. Three things can
only be proven later, all by a card played afterwards (nobody gains a card during play):

- a revoke: a player who did not follow a suit later plays it (a finding naming both tricks);
- the trump ace not led: the first leader led another card and later plays the trump ace (a
  finding; the text sets no penalty, so the table decides);
- a missed trump lead under trumfmant: the leader led a non-trump and later plays a trump. The
  text sets the penalty, so the engine writes the limpa at once (a penalty row, capped at 10,
  underlined) and a finding names both tricks.

A hand entered by its player (``hand``) after the buying makes every duty checkable at once:
a card not in it, the trump ace not led to the first trick, a non-trump lead under trumfmant
(refused, so no limpa arises), not following suit — each refused citing "Spelet av korten".
The hand and the cards named when laid away (face down) are ``PRIVATE`` to the seat until
the deal is over (``deal_in_progress``); describe and expected wrap them in ``sealed``.

Interpretations (where the text is silent or ambiguous; also on docs/rules/norrandsknack.md)
----------------------------------------------------------------------------------------------
- Ace high, two low, in every suit, trumps included ("ess högst och tvåa lägst").
- Drawing for the first dealer (event ``draw``, one card per seat) is optional; without it the
  table's first dealer deals. A tie for the highest card is refused: draw again.
- "Omgiv … högst … tre gånger": three *redeals* after the dealer's first deal, so one dealer
  deals at most four times in a row; option ``max_redeals`` = 2 reads it as three deals in all.
  The count is per dealer: the next dealer may again redeal three times.
- Everybody lurar in a *later* deal: the text says nothing. Option ``all_lura_later``:
  ``redeal`` (default; as in the first deal, with the same limit) or ``next_dealer`` (the deal
  is thrown in and passes on).
- Everybody passes after a knock in a later deal: the text says nothing. Option
  ``lone_knocker``: ``takes_all`` (default; nobody contests him, the five tricks are his
  without play — or as many as take him to 0) or ``thrown_in`` (no score, the deal passes on).
- First-deal rules hold "until someone has knocked and a deal has been played to the end": the
  first deal with a knock is itself played under them; every later deal is a later deal.
- In the first deal players who had not yet spoken when the knock came are in, like those who
  lurade; quick entry writes them as ``lura``.
- Köpet is entered for every player in the deal (event ``buy``, the number laid away, 0 for
  standing pat; the dealer 1–6). Naming the laid-away cards is optional; named cards are dead
  and cannot be played. The talong always suffices: with five players 26 cards are left and at
  most 25 are drawn.
- The turned card belongs to the dealer: nobody else may lay it away or play it. If the dealer
  passes (later deals, or the variant) it leaves the deal with his hand.
- Trumfmant is read from the position, not kept as a flag: it is in force while a player in the
  deal stands at 1 (his points in the protokoll minus his tricks in this deal). The app is the
  *protokollförare* and points it out itself (``expected`` and ``describe`` say so). The
  text's end of trumfmant — the 1-point player takes no trick — then follows by itself: he goes
  up 5. A player at 1 who passes the next deal brings no trumfmant, since he is not "kvar".
- A missed trump lead is penalised when it is proven (the offender plays a trump later in the
  deal), each missed lead with its own limpa, at once, before the tricks of the deal are
  counted. A missed lead never proven (no trump played later) is not penalised — unless the
  deal stopped early (someone reached 0) before the offender could play his trump: then the
  table may call it (event ``trumfmant_breach``, until the next deal; ``expected`` offers the
  open ones), and it costs the same limpa. If that lifts the player who reached 0 above 0,
  the omgång goes on with the next dealer (issue 15).
- The deal's tricks are subtracted when it ends; a player's points during the deal are the
  protokoll's (penalties included), so a penalty limpa moves his target away.
- A deal that stops because a player reached 0 writes the tricks taken so far and no limpa for
  players without a trick (the text lets them off paying; we read that the limpa is not
  incurred). Reaching 0 with the fifth trick is a full deal: limpas apply.
- Penalty limpas (trumfmant) cost a stake too, also in a last deal that stopped early.
- The settlement (with a stake): the winner receives the pot minus what he put in himself;
  everyone else has paid what he put in.
- Quick entry (event ``result``) gives every seat's bid (knacka, lura, stå med, passa — only
  one knock), every seat's tricks and, optionally, missed trump leads per seat: a player can
  miss more than once; the hint offers 0–4 (the fifth trick's lead is the leader's last card,
  so it cannot miss a trump), or only 0 when nobody can come down to 1 in the deal; all
  players together cannot have missed more leads than the deal had (issue 15). Penalties are
  written before the tricks. The tricks add up to five, unless one player's tricks equal his
  points (the deal stopped early); nobody's tricks exceed his points.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .. import hands as hand_entry
from ..cards import FRENCH52, Card
from ..errors import EventFormatError, Finding, RuleViolation
from ..secrets import PrivateSpec, sealed
from ..events import EventSpec
from ..knowledge import Knowledge
from ..protocol import check_first_dealer, Expectation, Expected, RuleSection
from ..sheet import Sheet, SheetRow
from ..tricks import Play, Trick, next_seat, playable, seats_from, winning_play

ID = "norrandsknack"
TITLE = "Norrandsknack"
ALIASES = ("norrands-knack", "norrands_knack", "norrandsknäck")
MIN_PLAYERS, MAX_PLAYERS = 3, 5  # "för tre till fem personer"
DECK = FRENCH52  # "en standardkortlek med 52 kort"

# --- the rule text as data -------------------------------------------------------------
START_POINTS = 10  # "Varje spelare startar på 10 poäng"
MAX_POINTS = 10  # "aldrig få mer än 10 poäng i protokollet"
PER_TRICK = 1  # "dra av 1 poäng för varje taget stick"
LIMPA = 5  # "åker upp 5 poäng"
TRICKS_PER_DEAL = 5  # "minst ett av fem spelade stick"
FIRST_PACKET, SECOND_PACKET = 3, 2  # "först ut tre kort", "två kort var"
HAND = FIRST_PACKET + SECOND_PACKET  # "fem kort"
DEALER_HAND = HAND + 1  # "utom givaren som har sex": the turned card
MAX_REDEALS = 3  # "Omgiv med samma givare kan högst ske upp till tre gånger"
TRUMFMANT_AT = 1  # "har kommit till 1 poäng"
DEALER_LAYS_AWAY = tuple(range(1, DEALER_HAND + 1))  # "från ett till sex kort", one fewer drawn
PLAYER_LAYS_AWAY = tuple(range(0, HAND + 1))  # any number, as many drawn; 0 = stå nöjd

KNACKA, LURA, STA_MED, PASSA = "knacka", "lura", "sta_med", "passa"
BID_WORDS = {
    "knacka": KNACKA, "knackar": KNACKA, "knack": KNACKA, "knock": KNACKA,
    "lura": LURA, "lurar": LURA, "lure": LURA,
    "sta_med": STA_MED, "stå_med": STA_MED, "stå med": STA_MED, "står med": STA_MED,
    "sta med": STA_MED, "stand": STA_MED, "stand with": STA_MED,
    "passa": PASSA, "passar": PASSA, "pass": PASSA,
}
OPEN_BIDS = (KNACKA, LURA)
ANSWERS = (STA_MED, PASSA)

R_DECK = "Norrandsknack — Kortleken"
R_PREP = "Norrandsknack — Förberedelser"
R_DEAL = "Norrandsknack — Giv"
R_FIRST = "Norrandsknack — Budrundan i första given"
R_LATER = "Norrandsknack — Budrundan i övriga givar"
R_BUY = "Norrandsknack — Köpet"
R_PLAY = "Norrandsknack — Spelet av korten"
R_SCORE = "Norrandsknack — Poängen"
R_END = "Norrandsknack — Avslutning"

RULES = (
    RuleSection(R_DECK, "52 kort, ess högst och tvåa lägst.",
                "52 cards, ace high and two low."),
    RuleSection(R_PREP,
                "Alla börjar på 10 poäng och drar av 1 för varje taget stick; först till 0 "
                "vinner. Om pengar: alla sätter insatsen i potten när omgången börjar.",
                "Everyone starts at 10 points and subtracts 1 for every trick taken; the first "
                "at 0 wins. For money: everyone puts the stake in the pot when the omgång "
                "begins."),
    RuleSection(R_DEAL,
                "Medsols; högst kort ger första given. Tre kort var, nästa kort vänds upp "
                "(trumf) och läggs till givarens, sedan två kort var: fem var, givaren sex.",
                "Clockwise; the highest card drawn deals first. Three cards each, the next card "
                "turned (trump) and added to the dealer's, then two each: five each, the dealer "
                "six."),
    RuleSection(R_FIRST,
                "Från förhand: knacka eller lura. Första knacken avslutar budrundan; alla är "
                "med. Lurar alla: omgiv, högst tre gånger med samma givare. Gäller tills en giv "
                "med knack har spelats färdigt.",
                "From forehand: knock or lure. The first knock ends the bidding; everybody is "
                "in. If all lure: redeal, at most three times by the same dealer. Holds until a "
                "deal with a knock has been played to the end."),
    RuleSection(R_LATER,
                "Från förhand: knacka eller lura. Efter en knack får ingen lura: övriga, från "
                "knackarens vänster, står med eller passar. Variant: bud på de tre första "
                "korten.",
                "From forehand: knock or lure. After a knock nobody may lure: the others, from "
                "the knocker's left, stand with or pass. Variant: bidding on the first three "
                "cards."),
    RuleSection(R_BUY,
                "De som är med köper från givarens vänster: lägger bort valfritt antal kort och "
                "drar lika många. Givaren lägger bort 1–6 och drar ett färre. Det uppvända "
                "kortet är givarens.",
                "Those in buy from the dealer's left: lay away any number and draw as many. The "
                "dealer lays away 1–6 and draws one fewer. The turned card is the dealer's."),
    RuleSection(R_PLAY,
                "Närmaste aktiva till vänster om givaren spelar ut, trumfesset om det finns "
                "på handen. Bekänn färg, annars valfritt kort. Högsta trumf, annars högsta i färgen, "
                "vinner. Trumfmant när en aktiv spelare står på 1: utspel i trumf, annars limpa.",
                "The nearest active player left of the dealer leads, the trump ace if they have "
                "it. Follow suit, else any card. The highest trump, else the highest of the "
                "suit, wins. Trumfmant while an active player is at 1: lead trump, or a limpa."),
    RuleSection(R_SCORE,
                "−1 per stick. Knackade eller stod med utan stick: limpa, +5, högst 10, "
                "understruken. I första spelade given riskerar bara knackaren limpa.",
                "−1 a trick. Knocked or stood with and took no trick: a limpa, +5, at most 10, "
                "underlined. In the first played deal only the knocker risks a limpa."),
    RuleSection(R_END,
                "Först till 0 vinner omgången och potten, också mitt i en giv: när någon når 0 "
                "med sina stick avbryts given.",
                "The first at 0 wins the omgång and the pot, also mid-deal: when a player's "
                "tricks reach their points the deal stops."),
)


@dataclass(frozen=True)
class Options:
    bid_after_three: bool = field(default=False, metadata={
        "sv": "Variant: budgivningen sker på de tre första korten och uppslagskortet; de två "
              "sista korten ges bara till dem som är med.",
        "en": "Variant: the bidding is on the first three cards and the turned card; the last "
              "two cards go only to those still in."})
    max_redeals: int = field(default=MAX_REDEALS, metadata={
        "choices": (3, 2),
        "sv": "Omgivar med samma givare när alla lurar: 3 (texten: tre omgivar) eller 2 "
              "(tre givar i allt).",
        "en": "Redeals by the same dealer when all lure: 3 (the text: three redeals) or 2 "
              "(three deals in all)."})
    all_lura_later: str = field(default="redeal", metadata={
        "choices": ("redeal", "next_dealer"),
        "sv": "Om alla lurar i en senare giv (texten säger inget): omgiv som i första given "
              "(förval) eller given går vidare.",
        "en": "If all lure in a later deal (the text is silent): redeal as in the first deal "
              "(default) or the deal passes on."})
    lone_knocker: str = field(default="takes_all", metadata={
        "choices": ("takes_all", "thrown_in"),
        "sv": "Om alla passar efter en knack (texten säger inget): knackaren tar alla fem "
              "sticken (förval) eller given kastas.",
        "en": "If everybody passes after a knock (the text is silent): the knocker takes all "
              "five tricks (default) or the deal is thrown in."})
    stake: int = field(default=0, metadata={
        "sv": "Insats i potten vid omgångens början och för varje limpa (0: inte om pengar).",
        "en": "Stake into the pot when the omgång begins and for every limpa (0: not for "
              "money)."})


# --- events --------------------------------------------------------------------------------
EVENTS = {
    "draw": EventSpec({"cards": "cards"},
                      help_sv="Dragning om första given: ett kort per plats, i platsordning. "
                              "Högst kort ger.",
                      help_en="Drawing for the first deal: one card per seat, in seat order. "
                              "The highest card deals."),
    "deal": EventSpec({"trump_card": "card"},
                      help_sv="Givaren har gett; det uppvända kortet (trumf, givarens).",
                      help_en="The dealer has dealt; the turned card (trump, the dealer's)."),
    "bid": EventSpec({"seat": "seat", "bid": "value"},
                     help_sv="Knacka eller lura; efter en knack (senare givar): stå med eller "
                             "passa.",
                     help_en="Knock or lure; after a knock (later deals): stand with or pass."),
    "buy": EventSpec({"seat": "seat", "discard": "int"}, {"cards": "cards"},
                     help_sv="Köpet: antal bortlagda kort (0 = stå nöjd; givaren 1–6 och drar "
                             "ett färre), gärna vilka.",
                     help_en="Buying: the number of cards laid away (0 = stand pat; the dealer "
                             "1–6 and draws one fewer), which ones if shown."),
    "play": EventSpec({"seat": "seat", "card": "card"}, help_sv="Ett spelat kort.",
                      help_en="One card played."),
    "trick": EventSpec({"cards": "cards"},
                       help_sv="Sticket i spelordning från den som står på tur.",
                       help_en="The trick's cards in playing order from the seat to play."),
    "trumfmant_breach": EventSpec(
        {"seat": "seat"}, {"trick": "int", "card": "card"},
        help_sv="Påtalat missat trumfutspel i en giv som avbröts innan alla stick spelats: "
                "spelaren spelade ut annat än trumf under trumfmant men hade trumf (gärna "
                "vilket stick och vilket trumfkort).",
        help_en="A called missed trump lead in a deal that stopped before all tricks were "
                "played: the player led a non-trump under trumfmant but held a trump (the "
                "trick and the trump card, if you like)."),
    "result": EventSpec({"bids": "list"}, {"tricks": "list", "missed_trump": "list"},
                        help_sv="Snabbinmatning av en hel giv: bud per plats (knacka, lura, "
                                "stå med, passa), stick per plats, missade trumfutspel per "
                                "plats.",
                        help_en="Quick entry of a whole deal: each seat's bid (knock, lure, "
                                "stand with, pass), tricks per seat, missed trump leads per "
                                "seat."),
    "hand": hand_entry.HAND_EVENT,
}

# Private to the seat until the deal is over (rules_engine.secrets): a hand a player enters,
# and the cards he names when he lays them away in the buying ("lägger bort": face down,
# nobody else sees them).
PRIVATE = {**hand_entry.PRIVATE, "buy": PrivateSpec(("cards",))}

# Short names of this game's words for the app's buttons and log (design principle 5).
LABELS = {
    "events": {
        "draw": ("Dragning om given", "Draw for the deal"),
        "deal": ("Korten är givna", "Cards dealt"), "bid": ("Bud", "Bid"),
        "buy": ("Köpet", "Buying"), "play": ("Spela ett kort", "Play a card"),
        "trick": ("Ett helt stick", "A whole trick"),
        "result": ("Snabbinmatning", "Quick entry"),
        "trumfmant_breach": ("Missat trumfutspel", "Missed trump lead"),
        "hand": ("Min hand", "My hand"),
    },
    "fields": {
        "trump_card": ("Uppvänt kort (trumf)", "Turned card (trump)"),
        "bid": ("Bud", "Bid"), "bids": ("Bud", "Bids"),
        "discard": ("Lägger bort", "Lays away"), "tricks": ("Stick", "Tricks"),
        "missed_trump": ("Missade trumfutspel", "Missed trump leads"),
        "trick": ("I vilket stick?", "In which trick?"),
        "card": ("Trumfkortet som spelaren hade", "The trump the player held"),
    },
    "nouns": {
        "trump_card": ("trumfkort", "trump card"), "bid": ("bud", "bid"),
        "bids": ("bud", "bids"), "discard": ("lägger bort", "lays away"),
        "tricks": ("stick", "tricks"), "missed_trump": ("missade trumfutspel",
                                                         "missed trump leads"),
        "trick": ("stick", "trick"), "card": ("trumfkort", "trump card"),
    },
    "values": {
        KNACKA: ("Knacka", "Knock"), LURA: ("Lura", "Lure"), STA_MED: ("Stå med", "Stand with"),
        PASSA: ("Passa", "Pass"),
        "redeal": ("Omgiv", "Redeal"), "next_dealer": ("Nästa spelare ger",
                                                       "The next player deals"),
        "takes_all": ("Knackaren tar alla stick", "The knocker takes all tricks"),
        "thrown_in": ("Given kastas", "The deal is thrown in"),
        "limpa": ("Limpa", "Limpa"),
    },
}


# --- state ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Deal:
    number: int
    dealer: int
    forehand: int
    first_rules: bool  # played under the first deal's rules
    trump_card: Card | None  # the turned card; None after a quick entry
    bids: tuple[tuple[int, str], ...] = ()
    knocker: int | None = None
    active: tuple[int, ...] = ()  # the seats in the deal, once the bidding is over
    buys: tuple[tuple[int, int], ...] = ()  # (seat, cards laid away)
    laid_away: tuple[tuple[int, Card], ...] = ()  # cards named when laid away: dead
    tricks: tuple[Trick, ...] = ()
    current: Trick | None = None
    won: tuple[int, ...] = ()
    knowledge: Knowledge = Knowledge()
    # Non-trump leads under trumfmant, not yet proven: (seat, trick, card).
    suspect_leads: tuple[tuple[int, int, Card], ...] = ()
    # The first lead, when it was not the trump ace and the leader may have held it.
    first_lead: tuple[int, Card] | None = None
    findings: tuple[Finding, ...] = ()  # this module's own (trump ace, trumfmant)
    penalties: tuple[int, ...] = ()  # seats that got a trumfmant limpa, in order
    outcome: str | None = None  # redeal, passed_on, thrown_in, played, stopped
    quick: bool = False
    hands: hand_entry.Hands = ()  # entered hands (private), still held; () until play


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    options: Options
    scores: tuple[int, ...]
    dealer: int
    phase: str = "deal"  # deal, bidding, buying, play, over
    deal: Deal | None = None
    deals_started: int = 0
    first_rules: bool = True  # until a deal with a knock has been played to the end
    redeals: int = 0  # redeals in a row by the current dealer
    drawn: bool = False
    winner: int | None = None
    rows: tuple[SheetRow, ...] = ()
    paid: tuple[int, ...] = ()  # what each player has put in the pot
    past_findings: tuple[Finding, ...] = ()

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def pot(self) -> int:
        return sum(self.paid)


def new(players: tuple[str, ...], options: Options | None = None,
        first_dealer: int = 0) -> State:
    players = tuple(players)
    options = options or Options()
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RuleViolation(
            "player_count", rule=R_PREP, params={"players": len(players)},
            sv=f"Norrandsknack spelas av {MIN_PLAYERS}–{MAX_PLAYERS} spelare.",
            en=f"Norrandsknack is played by {MIN_PLAYERS}–{MAX_PLAYERS} players.")
    check_first_dealer(first_dealer, len(players), R_DEAL)
    if not isinstance(options.stake, int) or isinstance(options.stake, bool) \
            or options.stake < 0:
        raise EventFormatError("bad_option", rule=R_PREP,
                               params={"option": "stake", "value": options.stake},
                               sv="Insatsen är ett heltal, 0 eller mer.",
                               en="The stake is a whole number, 0 or more.")
    scores = (START_POINTS,) * len(players)
    start = SheetRow("start", "Start", "Start", (None,) * len(players), scores,
                     marks=("",) * len(players))
    return State(players, options, scores, first_dealer, rows=(start,),
                 paid=(options.stake,) * len(players))


# --- small helpers ---------------------------------------------------------------------------
def _violation(code: str, rule: str, params: dict[str, Any], sv: str, en: str) -> RuleViolation:
    return RuleViolation(code, rule=rule, params=params, sv=sv, en=en)


def _name(state: State, seat: int) -> str:
    return state.players[seat]


def _names(state: State, seats) -> str:
    return ", ".join(_name(state, s) for s in seats)


def parse_bid(value: Any, rule: str = R_LATER) -> str:
    """Read a bid: knacka, lura, stå med or passa, in the spellings people type."""
    if isinstance(value, str):
        key = " ".join(value.strip().lower().split())
        if key in BID_WORDS:
            return BID_WORDS[key]
    raise _violation("bad_bid", rule, {"bid": value},
                     f"”{value}” är inget bud: knacka, lura, stå med eller passa.",
                     f"“{value}” is not a bid: knacka (knock), lura (lure), stå med (stand "
                     "with) or passa (pass).")


def add_limpa(points: int) -> int:
    """A limpa: up 5, but never above 10.

    >>> add_limpa(7)   # "En spelare som till exempel står på 7 poäng … hamnar på 10 poäng"
    10
    """
    return min(MAX_POINTS, points + LIMPA)


def score_player(points: int, tricks: int, limpa: bool) -> int:
    """A player's points after a deal: −1 a trick; a limpa (only without a trick) +5, cap 10."""
    after = points - PER_TRICK * tricks
    return add_limpa(after) if limpa else after


def _add_row(state: State, kind: str, sv: str, en: str, changes: dict[int, int],
             deal: int | None, marks: dict[int, str] | None = None) -> State:
    scores = list(state.scores)
    row_changes: list[int | None] = [None] * state.n
    for seat, delta in changes.items():
        scores[seat] += delta
        row_changes[seat] = delta
    row_marks = tuple((marks or {}).get(s, "") for s in range(state.n))
    row = SheetRow(kind, sv, en, tuple(row_changes), tuple(scores), deal, row_marks)
    return replace(state, scores=tuple(scores), rows=state.rows + (row,))


def _pay(state: State, seat: int) -> State:
    """Every limpa costs one more stake into the pot."""
    paid = list(state.paid)
    paid[seat] += state.options.stake
    return replace(state, paid=tuple(paid))


def _next_dealer(state: State) -> int:
    return next_seat(state.dealer, state.n)


def _bid_rule(deal: Deal) -> str:
    return R_FIRST if deal.first_rules else R_LATER


def _trump(deal: Deal) -> str | None:
    return deal.trump_card.suit if deal.trump_card is not None else None


def _trump_ace(deal: Deal) -> Card | None:
    return Card(deal.trump_card.suit, "A") if deal.trump_card is not None else None


def _at_risk(deal: Deal, seat: int) -> bool:
    """Who can get a limpa for no trick: in the first played deal only the knocker; later,
    everybody in the deal (the knocker and those who stood with)."""
    return seat == deal.knocker if deal.first_rules else seat in deal.active


def trumfmant_seats(state: State) -> tuple[int, ...]:
    """The players in the deal who stand at 1 point now: trumfmant is in force while there is
    one (points in the protokoll minus the tricks taken in this deal)."""
    deal = state.deal
    if deal is None or state.phase not in ("buying", "play"):
        return ()
    return tuple(s for s in deal.active
                 if state.scores[s] - PER_TRICK * deal.won[s] == TRUMFMANT_AT)


# --- apply -----------------------------------------------------------------------------------
def apply(state: State, event: dict[str, Any]) -> State:
    """Apply one parsed event (see ``rules_engine.events.parse_event``)."""
    return _HANDLERS[event["type"]](state, event)


def _phase_rule(state: State) -> str:
    if state.phase == "bidding" and state.deal is not None:
        return _bid_rule(state.deal)
    return {"deal": R_DEAL, "bidding": R_FIRST, "buying": R_BUY, "play": R_PLAY,
            "over": R_END}[state.phase]


def _refuse_phase(state: State, event_type: str) -> RuleViolation:
    exp = expected(state)
    return _violation(
        "not_expected", _phase_rule(state),
        {"event": event_type, "phase": state.phase, "expected": [i.type for i in exp.inputs]},
        f"Den inmatningen passar inte nu. {exp.prompt_sv}",
        f"That entry does not fit now. {exp.prompt_en}")


def _on_draw(state: State, event: dict[str, Any]) -> State:
    """"Man drar om första given. Högst kort ger." Before the first deal only, once."""
    if state.phase != "deal" or state.deals_started or state.drawn:
        raise _violation("draw_too_late", R_DEAL, {"deals_started": state.deals_started},
                         "Man drar om given bara en gång, före första given.",
                         "The draw for the deal comes once, before the first deal.")
    cards: tuple[Card, ...] = event["cards"]
    if len(cards) != state.n:
        raise _violation("draw_shape", R_DEAL, {"cards": len(cards), "players": state.n},
                         f"Ange ett draget kort för var och en av {state.n} platser.",
                         f"Give one drawn card for each of the {state.n} seats.")
    if len(set(cards)) != len(cards):
        raise _violation("duplicate_card", R_DEAL, {"cards": [str(c) for c in cards]},
                         "Samma kort kan inte dras två gånger ur en lek.",
                         "The same card cannot be drawn twice from one deck.")
    high = max(DECK.rank_value(c) for c in cards)
    top = [s for s, c in enumerate(cards) if DECK.rank_value(c) == high]
    if len(top) > 1:
        raise _violation("draw_tie", R_DEAL, {"seats": top},
                         f"{_names(state, top)} drog lika höga kort: de drar om.",
                         f"{_names(state, top)} drew equally high cards: they draw again.")
    dealer = top[0]
    state = replace(state, dealer=dealer, drawn=True)
    return _add_row(state, "draw", f"Dragning: {_name(state, dealer)} ger",
                    f"Draw: {_name(state, dealer)} deals", {}, None)


def _on_deal(state: State, event: dict[str, Any]) -> State:
    if state.phase != "deal":
        raise _refuse_phase(state, "deal")
    return _start_deal(state, event["trump_card"])


def _start_deal(state: State, trump_card: Card | None) -> State:
    deal = Deal(number=state.deals_started + 1, dealer=state.dealer,
                forehand=next_seat(state.dealer, state.n), first_rules=state.first_rules,
                trump_card=trump_card, won=(0,) * state.n)
    past = state.past_findings + (findings_of(state.deal) if state.deal is not None else ())
    return replace(state, phase="bidding", deal=deal, deals_started=deal.number,
                   past_findings=past)


# --- bidding ---------------------------------------------------------------------------------
def _open_order(state: State, deal: Deal) -> tuple[int, ...]:
    """Knacka or lura: from forehand, clockwise, the dealer last."""
    return seats_from(deal.forehand, state.n)


def _answer_order(state: State, deal: Deal) -> tuple[int, ...]:
    """After a knock (later deals): from the knocker's left round to his right."""
    assert deal.knocker is not None
    return tuple(s for s in seats_from(next_seat(deal.knocker, state.n), state.n)
                 if s != deal.knocker)


def _bidder(state: State, deal: Deal) -> int:
    if deal.knocker is None:
        return _open_order(state, deal)[len(deal.bids)]
    knock_at = next(i for i, (_, b) in enumerate(deal.bids) if b == KNACKA)
    return _answer_order(state, deal)[len(deal.bids) - knock_at - 1]


def _open_choices(deal: Deal) -> tuple[str, ...]:
    return OPEN_BIDS if deal.knocker is None else ANSWERS


def _on_bid(state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    if state.phase != "bidding" or deal is None:
        raise _refuse_phase(state, "bid")
    rule = _bid_rule(deal)
    seat, bid = event["seat"], parse_bid(event["bid"], rule)
    to_bid = _bidder(state, deal)
    if seat != to_bid:
        raise _violation(
            "not_your_turn", rule, {"seat": seat, "expected_seat": to_bid},
            f"Det är {_name(state, to_bid)}s tur att tala, inte {_name(state, seat)}s.",
            f"It is {_name(state, to_bid)}'s turn to speak, not {_name(state, seat)}'s.")
    choices = _open_choices(deal)
    if bid not in choices:
        if deal.knocker is None:
            sv = (f"Ingen har knackat än: {_name(state, seat)} knackar eller lurar. Stå med "
                  "och passa svarar man först på en knack.")
            en = (f"Nobody has knocked yet: {_name(state, seat)} knocks or lures. Standing "
                  "with and passing answer a knock.")
        else:
            sv = (f"{_name(state, deal.knocker)} har knackat: då får ingen lura, och det "
                  f"knackas bara en gång. {_name(state, seat)} står med eller passar.")
            en = (f"{_name(state, deal.knocker)} has knocked: now nobody may lure, and there "
                  f"is only one knock. {_name(state, seat)} stands with or passes.")
        raise _violation("bid_not_open", rule,
                         {"seat": seat, "bid": bid, "open": list(choices)}, sv, en)
    deal = replace(deal, bids=deal.bids + ((seat, bid),))
    if bid == KNACKA:
        deal = replace(deal, knocker=seat)
        if deal.first_rules:
            # "Så fort någon har knackat, avslutas budrundan": everybody stays in.
            return _start_buying(replace(state, deal=deal), tuple(range(state.n)))
        return replace(state, deal=deal)
    if deal.knocker is None:
        if len(deal.bids) == state.n:
            return _all_lura(replace(state, deal=deal))
        return replace(state, deal=deal)
    answers = [(s, b) for s, b in deal.bids if b in ANSWERS]
    if len(answers) < state.n - 1:
        return replace(state, deal=deal)
    active = tuple(sorted([deal.knocker] + [s for s, b in answers if b == STA_MED]))
    state = replace(state, deal=deal)
    if len(active) == 1:
        return _lone_knocker(state)
    return _start_buying(state, active)


def _all_lura(state: State) -> State:
    """Everybody lurade. First deal: "omgiv", the same dealer, at most three times; later
    deals: option ``all_lura_later`` (the text is silent)."""
    deal = state.deal
    assert deal is not None
    same = deal.first_rules or state.options.all_lura_later == "redeal"
    number = deal.number
    if same and state.redeals < state.options.max_redeals:
        count = state.redeals + 1
        state = _add_row(
            state, "redeal",
            f"Giv {number}: alla lurade – omgiv ({count} av {state.options.max_redeals})",
            f"Deal {number}: all lured – redeal ({count} of {state.options.max_redeals})",
            {}, number)
        return replace(state, phase="deal", redeals=count,
                       deal=replace(deal, outcome="redeal"))
    state = _add_row(state, "thrown_in", f"Giv {number}: alla lurade – given går vidare",
                     f"Deal {number}: all lured – the deal passes on", {}, number)
    return replace(state, phase="deal", redeals=0, dealer=_next_dealer(state),
                   deal=replace(deal, outcome="passed_on"))


def _lone_knocker(state: State) -> State:
    """Everybody passed after the knock (option ``lone_knocker``; the text is silent)."""
    deal = state.deal
    assert deal is not None and deal.knocker is not None
    knocker = deal.knocker
    deal = replace(deal, active=(knocker,))
    if state.options.lone_knocker == "thrown_in":
        state = _add_row(state, "thrown_in",
                         f"Giv {deal.number}: alla passade – given kastas",
                         f"Deal {deal.number}: everybody passed – thrown in", {}, deal.number)
        return replace(state, phase="deal", redeals=0, dealer=_next_dealer(state),
                       deal=replace(deal, outcome="thrown_in"))
    # Nobody contests him: the tricks are his, five, or as many as take him to 0.
    taken = min(TRICKS_PER_DEAL, state.scores[knocker] // PER_TRICK)
    won = tuple(taken if s == knocker else 0 for s in range(state.n))
    return _score_deal(replace(state, deal=replace(deal, won=won)))


def _start_buying(state: State, active: tuple[int, ...]) -> State:
    deal = replace(state.deal, active=active)
    return replace(state, deal=deal, phase="buying")


# --- köpet -----------------------------------------------------------------------------------
def _buy_order(state: State, deal: Deal) -> tuple[int, ...]:
    """From the dealer's left, clockwise, among those in; the dealer (if in) comes last."""
    return seats_from(next_seat(deal.dealer, state.n), state.n, deal.active)


def _on_buy(state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    if state.phase != "buying" or deal is None:
        raise _refuse_phase(state, "buy")
    seat, count = event["seat"], event["discard"]
    order = _buy_order(state, deal)
    if seat not in deal.active:
        raise _violation("not_in_deal", R_BUY, {"seat": seat},
                         f"{_name(state, seat)} är inte med i given och köper inte.",
                         f"{_name(state, seat)} is not in the deal and does not buy.")
    to_buy = order[len(deal.buys)]
    if seat != to_buy:
        raise _violation(
            "not_your_turn", R_BUY, {"seat": seat, "expected_seat": to_buy},
            f"Det är {_name(state, to_buy)}s tur att köpa (från givarens vänster), inte "
            f"{_name(state, seat)}s.",
            f"It is {_name(state, to_buy)}'s turn to buy (from the dealer's left), not "
            f"{_name(state, seat)}'s.")
    allowed = DEALER_LAYS_AWAY if seat == deal.dealer else PLAYER_LAYS_AWAY
    if count not in allowed:
        if seat == deal.dealer:
            sv = (f"Givaren har sex kort, lägger bort 1–6 och drar ett färre (ett "
                  f"bortlagt = stå nöjd), inte {count}.")
            en = (f"The dealer holds six cards, lays away 1–6 and draws one fewer (one "
                  f"laid away = standing pat), not {count}.")
        else:
            sv = f"Man lägger bort 0–5 kort (0 = stå nöjd) och drar lika många, inte {count}."
            en = f"One lays away 0–5 cards (0 = stand pat) and draws as many, not {count}."
        raise _violation("bad_buy", R_BUY, {"seat": seat, "discard": count,
                                            "allowed": list(allowed)}, sv, en)
    cards: tuple[Card, ...] = event.get("cards") or ()
    if len(cards) > count or len(set(cards)) != len(cards):
        if count == 0:  # standing pat: no "at most 0" in words
            sv, en = ("Den som står nöjd lägger inte bort något kort: inga kort kan nämnas.",
                      "Standing pat lays nothing away: no cards can be named.")
        else:
            sv = f"Högst {count} olika kort kan nämnas när {count} läggs bort."
            en = f"At most {count} different cards can be named when {count} are laid away."
        raise _violation("buy_cards_count", R_BUY, {"discard": count, "cards": len(cards)},
                         sv, en)
    for card in cards:
        if card == deal.trump_card and seat != deal.dealer:
            raise _card_is_dealers(state, deal, seat)
        for who, dead in deal.laid_away:
            if dead == card:
                raise _refuse_laid_away(state, card, who, R_BUY, seat)
    deal = replace(deal, buys=deal.buys + ((seat, count),),
                   laid_away=deal.laid_away + tuple((seat, c) for c in cards))
    if len(deal.buys) < len(order):
        return replace(state, deal=deal)
    # "Den närmaste aktiva spelaren till vänster om givaren spelar ut."
    leader = next_seat(deal.dealer, state.n, deal.active)
    return replace(state, deal=replace(deal, current=Trick(1, leader)), phase="play")


def _card_is_dealers(state: State, deal: Deal, seat: int) -> RuleViolation:
    return _violation(
        "card_is_dealers", R_BUY, {"card": str(deal.trump_card), "dealer": deal.dealer,
                                   "seat": seat},
        f"{deal.trump_card} är det uppvända trumfkortet: det tillhör givaren "
        f"{_name(state, deal.dealer)}, inte {_name(state, seat)}.",
        f"{deal.trump_card} is the turned trump card: it belongs to the dealer "
        f"{_name(state, deal.dealer)}, not to {_name(state, seat)}.")


# --- play ------------------------------------------------------------------------------------
def _player_to_play(state: State, deal: Deal) -> int:
    trick = deal.current
    assert trick is not None
    return seats_from(trick.leader, state.n, deal.active)[len(trick.plays)]


def _on_play(state: State, event: dict[str, Any]) -> State:
    if state.phase != "play":
        raise _refuse_phase(state, event["type"])
    return _play_card(state, event["seat"], event["card"])


def _on_trick(state: State, event: dict[str, Any]) -> State:
    if state.phase != "play":
        raise _refuse_phase(state, "trick")
    deal = state.deal
    assert deal is not None and deal.current is not None
    cards: tuple[Card, ...] = event["cards"]
    remaining = len(deal.active) - len(deal.current.plays)
    if len(cards) != remaining:
        raise _violation("trick_size", R_PLAY, {"cards": len(cards), "expected": remaining},
                         f"Sticket behöver {remaining} kort till, inte {len(cards)}.",
                         f"The trick needs {remaining} more cards, not {len(cards)}.")
    for card in cards:
        state = _play_card(state, _player_to_play(state, state.deal), card)
    return state


def _play_card(state: State, seat: int, card: Card) -> State:
    deal = state.deal
    assert deal is not None and deal.current is not None
    trick = deal.current
    if seat not in deal.active:
        raise _violation("not_in_deal", R_PLAY, {"seat": seat},
                         f"{_name(state, seat)} är inte med i den här given.",
                         f"{_name(state, seat)} is not in this deal.")
    to_play = _player_to_play(state, deal)
    if seat != to_play:
        raise _violation(
            "not_your_turn", R_PLAY, {"seat": seat, "expected_seat": to_play,
                                      "trick": trick.number},
            f"Det är {_name(state, to_play)}s tur i stick {trick.number}, inte "
            f"{_name(state, seat)}s.",
            f"It is {_name(state, to_play)}'s turn in trick {trick.number}, not "
            f"{_name(state, seat)}'s.")
    deal.knowledge.check_unplayed(card, R_PLAY)
    for who, dead in deal.laid_away:
        if dead == card:
            raise _refuse_laid_away(state, card, who, R_PLAY, seat)
    if card == deal.trump_card and seat != deal.dealer:
        raise _card_is_dealers(state, deal, seat)
    _check_against_hand(state, deal, seat, card)
    trump = _trump(deal)
    if not trick.plays:
        deal = _note_lead(state, deal, seat, card)
    knowledge = deal.knowledge.record(trick.number, trick.led_suit, Play(seat, card), R_PLAY,
                                      state.players)
    deal = replace(deal, knowledge=knowledge, current=trick.add(Play(seat, card)),
                   hands=hand_entry.without(deal.hands, seat, card) if deal.hands else ())
    state = replace(state, deal=deal)
    if card.suit == trump:
        state = _prove_missed_trump_leads(state, seat, card, trick.number)
        if card == _trump_ace(deal):
            state = _prove_trump_ace_not_led(state, seat, card, trick.number)
    if len(state.deal.current.plays) < len(deal.active):
        return state
    return _finish_trick(state)


def _note_lead(state: State, deal: Deal, seat: int, card: Card) -> Deal:
    """Remember a lead that a later card may prove wrong: the first lead when it was not the
    trump ace, and every non-trump lead under trumfmant."""
    trick = deal.current
    assert trick is not None
    ace = _trump_ace(deal)
    if trick.number == 1 and card != ace and not (
            ace == deal.trump_card and seat != deal.dealer):
        # (If the turned card is the ace, only the dealer can hold it.)
        deal = replace(deal, first_lead=(seat, card))
    if trumfmant_seats(state) and card.suit != _trump(deal):
        deal = replace(deal, suspect_leads=deal.suspect_leads + ((seat, trick.number, card),))
    return deal


def _prove_missed_trump_leads(state: State, seat: int, card: Card, number: int) -> State:
    """A trump played now proves every earlier non-trump lead of this player under trumfmant:
    he held this trump then. Each missed lead costs a limpa, written at once."""
    deal = state.deal
    assert deal is not None
    proven = [s for s in deal.suspect_leads if s[0] == seat]
    if not proven:
        return state
    deal = replace(deal, suspect_leads=tuple(s for s in deal.suspect_leads if s[0] != seat))
    state = replace(state, deal=deal)
    for _, lead_trick, lead_card in proven:
        before = state.scores[seat]
        after = add_limpa(before)
        finding = Finding(
            code="trumfmant_breach", rule=R_PLAY, seat=seat,
            params={"lead_trick": lead_trick, "lead_card": str(lead_card),
                    "proof_trick": number, "proof_card": str(card),
                    "points_before": before, "points_after": after},
            sv=(f"Trumfmant: {_name(state, seat)} spelade ut {lead_card} i stick {lead_trick} "
                f"men hade trumf ({card}, spelat i stick {number}): limpa, {before} → "
                f"{after}."),
            en=(f"Trumfmant: {_name(state, seat)} led {lead_card} in trick {lead_trick} but "
                f"held a trump ({card}, played in trick {number}): a limpa, {before} → "
                f"{after}."))
        state = _penalty_limpa(state, seat, lead_trick)
        state = replace(state, deal=replace(state.deal,
                                            findings=state.deal.findings + (finding,)))
    return state


def _penalty_limpa(state: State, seat: int, lead_trick: int | None) -> State:
    deal = state.deal
    assert deal is not None
    where_sv = f" i stick {lead_trick}" if lead_trick is not None else ""
    where_en = f" in trick {lead_trick}" if lead_trick is not None else ""
    state = _add_row(
        state, "penalty",
        f"Trumfmant: {_name(state, seat)} spelade inte ut trumf{where_sv} – limpa",
        f"Trumfmant: {_name(state, seat)} did not lead trump{where_en} – a limpa",
        {seat: add_limpa(state.scores[seat]) - state.scores[seat]}, deal.number,
        {seat: "limpa"})
    state = _pay(state, seat)
    return replace(state, deal=replace(state.deal, penalties=state.deal.penalties + (seat,)))


def _prove_trump_ace_not_led(state: State, seat: int, card: Card, number: int) -> State:
    deal = state.deal
    assert deal is not None
    if deal.first_lead is None or deal.first_lead[0] != seat:
        return state
    led = deal.first_lead[1]
    finding = Finding(
        code="trump_ace_not_led", rule=R_PLAY, seat=seat,
        params={"trump_ace": str(card), "lead_trick": 1, "lead_card": str(led),
                "proof_trick": number},
        sv=(f"{_name(state, seat)} spelade ut {led} till första sticket men hade trumfesset "
            f"{card} (spelat i stick {number}): trumfesset skulle ha spelats ut."),
        en=(f"{_name(state, seat)} led {led} to the first trick but held the trump ace "
            f"{card} (played in trick {number}): the trump ace had to be led."))
    return replace(state, deal=replace(deal, findings=deal.findings + (finding,),
                                       first_lead=None))


def _finish_trick(state: State) -> State:
    deal = state.deal
    assert deal is not None and deal.current is not None
    trick = deal.current
    winner = winning_play(trick, DECK, _trump(deal)).seat
    won = tuple(w + (1 if s == winner else 0) for s, w in enumerate(deal.won))
    deal = replace(deal, tricks=deal.tricks + (trick,), won=won, current=None)
    state = replace(state, deal=deal)
    # "Om en spelare har tagit lika många stick som hen har poäng i protokollet, är spelet
    # således slut och given avbryts."
    if PER_TRICK * won[winner] >= state.scores[winner] or trick.number == TRICKS_PER_DEAL:
        return _score_deal(state)
    return replace(state, deal=replace(deal, current=Trick(trick.number + 1, winner)))


# --- scoring ---------------------------------------------------------------------------------
def _score_deal(state: State) -> State:
    """Write the deal's row: −1 a trick; a limpa for a player at risk without a trick. A deal
    that stopped early (a player reached 0 before the fifth trick) gives no limpa."""
    deal = state.deal
    assert deal is not None
    stopped = sum(deal.won) < TRICKS_PER_DEAL
    changes: dict[int, int] = {}
    marks: dict[int, str] = {}
    for seat in deal.active:
        limpa = not stopped and deal.won[seat] == 0 and _at_risk(deal, seat)
        changes[seat] = score_player(state.scores[seat], deal.won[seat], limpa) \
            - state.scores[seat]
        if limpa:
            marks[seat] = "limpa"
            state = _pay(state, seat)
    knocker = _name(state, deal.knocker) if deal.knocker is not None else "?"
    tricks = "–".join(str(deal.won[s]) for s in range(state.n))
    sv = f"Giv {deal.number}: {knocker} knackade; stick {tricks}"
    en = f"Deal {deal.number}: {knocker} knocked; tricks {tricks}"
    if stopped:
        sv += f"; avbruten efter stick {sum(deal.won)}"
        en += f"; stopped after trick {sum(deal.won)}"
    if marks:
        sv += "; limpa: " + _names(state, marks)
        en += "; limpa: " + _names(state, marks)
    state = _add_row(state, "deal", sv, en, changes, deal.number, marks)
    deal = replace(deal, outcome="stopped" if stopped else "played", current=None)
    at_zero = [s for s in deal.active if state.scores[s] <= 0]
    if at_zero:
        return replace(state, deal=deal, winner=at_zero[0], phase="over")
    # A deal with a knock has been played to the end: the first-deal rules are over.
    return replace(state, deal=deal, phase="deal", first_rules=False, redeals=0,
                   dealer=_next_dealer(state))


# --- quick entry ---------------------------------------------------------------------------
def _int_list(value: Any, n: int, high: int) -> bool:
    return (isinstance(value, list) and len(value) == n
            and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= high
                    for v in value))


def _on_result(state: State, event: dict[str, Any]) -> State:
    """Quick entry of a whole deal: every seat's bid, every seat's tricks, missed trump
    leads. The bids are replayed in speaking order so that the bidding rules check them;
    the penalties are written before the tricks."""
    if state.phase == "deal":
        state = _start_deal(state, None)
    deal = state.deal
    if state.phase != "bidding" or deal is None or deal.bids:
        raise _refuse_phase(state, "result")
    state = replace(state, deal=replace(deal, quick=True))
    for seat, bid in _speaking_order(state, event["bids"]):
        state = _on_bid(state, {"type": "bid", "seat": seat, "bid": bid})
    tricks, missed = event.get("tricks"), event.get("missed_trump")
    if state.phase != "buying":
        # Settled in the bidding: all lured, or a lone knocker (who may take the tricks).
        given = list(state.deal.won)
        if (tricks is not None and tricks != given) or (
                missed is not None and missed != [0] * state.n):
            raise _violation("no_play", R_PLAY, {"tricks": given},
                             "Den här given spelades inte: inga stick att ange.",
                             "This deal was not played: there are no tricks to enter.")
        return state
    if not _int_list(tricks, state.n, TRICKS_PER_DEAL):
        raise _violation("result_shape", R_PLAY, {"tricks": tricks},
                         f"Ange antal stick (0–5) för var och en av {state.n} platser.",
                         f"Give the number of tricks (0–5) for each of the {state.n} seats.")
    missed = [0] * state.n if missed is None else missed
    if not _int_list(missed, state.n, TRICKS_PER_DEAL):
        raise _violation("result_shape", R_PLAY, {"missed_trump": missed},
                         f"Ange missade trumfutspel (0–5) för var och en av {state.n} platser.",
                         f"Give missed trump leads (0–5) for each of the {state.n} seats.")
    _check_quick_play(state, tricks, missed)
    for seat in range(state.n):
        for _ in range(missed[seat]):
            state = _penalty_limpa(state, seat, None)
    _check_quick_end(state, tricks)
    deal = replace(state.deal, won=tuple(tricks), current=None)
    return _score_deal(replace(state, deal=deal, phase="play"))


def _speaking_order(state: State, raw: Any) -> list[tuple[int, str]]:
    """The bids of a quick entry (one per seat) in the order they were spoken: from forehand
    those before the knocker lurade, then the knock; in later deals the others' answers from
    the knocker's left. Only one knock; no lura after it in later deals."""
    deal = state.deal
    assert deal is not None
    rule = _bid_rule(deal)
    if not isinstance(raw, list) or len(raw) != state.n:
        raise _violation("result_shape", rule, {"players": state.n},
                         f"Ange ett bud för var och en av {state.n} platser.",
                         f"Give one bid for each of the {state.n} seats.")
    bids = [parse_bid(b, rule) for b in raw]
    knockers = [s for s, b in enumerate(bids) if b == KNACKA]
    if len(knockers) > 1:
        raise _violation("one_knock", rule, {"seats": knockers},
                         "Bara en spelare knackar: efter första knacken står de andra med "
                         "eller passar (i första given är budrundan slut).",
                         "Only one player knocks: after the first knock the others stand with "
                         "or pass (in the first deal the bidding is over).")
    if not knockers:
        if any(b != LURA for b in bids):
            raise _violation("bid_not_open", rule, {"open": list(OPEN_BIDS)},
                             "Utan knack finns bara lura; stå med och passa svarar på en knack.",
                             "Without a knock there is only luring; standing with and passing "
                             "answer a knock.")
        return [(s, LURA) for s in _open_order(state, deal)]
    knocker = knockers[0]
    allowed = (LURA,) if deal.first_rules else ANSWERS
    wrong = [s for s in range(state.n) if s != knocker and bids[s] not in allowed]
    if wrong:
        if deal.first_rules:
            sv = "I första givens budrunda är alla med: de andra lurar (eller hann inte tala)."
            en = "In the first deal everybody is in: the others lure (or had not spoken)."
        else:
            sv = "Efter knacken står de andra med eller passar; ingen lurar längre."
            en = "After the knock the others stand with or pass; nobody lures any more."
        raise _violation("bid_not_open", rule, {"seats": wrong, "open": list(allowed)}, sv, en)
    order = _open_order(state, deal)
    spoken = [(s, LURA) for s in order[:order.index(knocker)]] + [(knocker, KNACKA)]
    if not deal.first_rules:
        spoken += [(s, bids[s]) for s in _answer_order(state, replace(deal, knocker=knocker))]
    return spoken


def _check_quick_play(state: State, tricks: list[int], missed: list[int]) -> None:
    """Tricks and missed trump leads only for players in the deal; a missed trump lead only
    where trumfmant can have held (someone in came down to 1) and by a player who led."""
    deal = state.deal
    assert deal is not None
    outside = [s for s in range(state.n) if s not in deal.active and (tricks[s] or missed[s])]
    if outside:
        raise _violation("not_in_deal", R_PLAY, {"seats": outside},
                         f"{_names(state, outside)} är inte med i given och tar inga stick.",
                         f"{_names(state, outside)} are not in the deal and take no tricks.")
    if not any(missed):
        return
    if not any(state.scores[s] - PER_TRICK * tricks[s] <= TRUMFMANT_AT for s in deal.active):
        raise _violation("no_trumfmant", R_PLAY, {"missed_trump": missed},
                         "Ingen i given kom ner till 1 poäng: det var aldrig trumfmant.",
                         "Nobody in the deal came down to 1 point: there was never trumfmant.")
    leader = next_seat(deal.dealer, state.n, deal.active)
    # One leads the first trick or after winning one.
    too_many = [s for s in range(state.n) if missed[s] > tricks[s] + (s == leader)]
    if too_many:
        raise _violation("no_lead", R_PLAY, {"seats": too_many},
                         f"{_names(state, too_many)} spelade inte ut så många gånger: man "
                         "spelar ut till första sticket eller efter ett vunnet stick.",
                         f"{_names(state, too_many)} did not lead that often: one leads to "
                         "the first trick or after winning a trick.")
    # One lead a trick; the fifth trick's leader has only that card left.
    leads = min(sum(tricks), MOST_MISSED_LEADS)
    if sum(missed) > leads:
        raise _violation("no_lead", R_PLAY, {"missed_trump": missed, "leads": leads},
                         f"Given hade bara {leads} utspel som kunde vara fel (ett per stick; "
                         "femte stickets utspel är spelarens sista kort), inte "
                         f"{sum(missed)}.",
                         f"The deal had only {leads} leads that could be missed (one a trick; "
                         f"the fifth trick's lead is the leader's last card), not "
                         f"{sum(missed)}.")


def _check_quick_end(state: State, tricks: list[int]) -> None:
    """Five tricks, unless one player's tricks reached his points and the deal stopped."""
    deal = state.deal
    assert deal is not None
    over = [s for s in deal.active if PER_TRICK * tricks[s] > state.scores[s]]
    if over:
        raise _violation("tricks_exceed_points", R_END, {"seats": over},
                         f"{_names(state, over)} kan inte ha fler stick än poäng: given "
                         "avbryts när sticken når poängen.",
                         f"{_names(state, over)} cannot have more tricks than points: the "
                         "deal stops when the tricks reach the points.")
    reached = [s for s in deal.active if PER_TRICK * tricks[s] == state.scores[s]]
    if len(reached) > 1:
        raise _violation("two_reached", R_END, {"seats": reached},
                         f"Bara en kan nå 0: given avbröts när den första nådde dit "
                         f"({_names(state, reached)}).",
                         f"Only one can reach 0: the deal stopped when the first got there "
                         f"({_names(state, reached)}).")
    total = sum(tricks)
    if total > TRICKS_PER_DEAL or (total < TRICKS_PER_DEAL and not reached):
        raise _violation("tricks_do_not_add_up", R_PLAY, {"tricks": tricks, "sum": total},
                         f"Sticken blir {total}, men en giv har {TRICKS_PER_DEAL} stick (färre "
                         "bara om någon nådde 0 och given avbröts).",
                         f"The tricks add up to {total}, but a deal has {TRICKS_PER_DEAL} "
                         "(fewer only if someone reached 0 and the deal stopped).")


# --- a called trumfmant breach -----------------------------------------------------------------
def open_missed_leads(state: State) -> tuple[tuple[int, int, Card], ...]:
    """Non-trump leads under trumfmant that play never proved because the deal stopped early
    (someone reached 0 first): (seat, trick, card). They can be called until the next deal."""
    deal = state.deal
    if deal is None or deal.outcome != "stopped" or state.phase not in ("over", "deal"):
        return ()
    return deal.suspect_leads


def _on_trumfmant_breach(state: State, event: dict[str, Any]) -> State:
    """The table calls a missed trump lead that play could not prove: the deal stopped
    before the offender played a trump, and his hand shows he held one. As a proven one,
    it costs a limpa (Spelet av korten); if that lifts the winner above 0 the omgång goes on."""
    seat, trick, card = event["seat"], event.get("trick"), event.get("card")
    deal = state.deal
    open_ = [lead for lead in open_missed_leads(state)
             if lead[0] == seat and (trick is None or lead[1] == trick)]
    if not open_missed_leads(state):
        raise _violation(
            "breach_not_callable", R_PLAY, {"phase": state.phase},
            "Ett missat trumfutspel påtalas så här bara efter en giv som avbröts innan alla "
            "stick spelats, fram till nästa giv; annars bevisas det av trumfkortet som spelas "
            "senare (snabbinmatning: missade trumfutspel).",
            "A missed trump lead is called like this only after a deal that stopped before all "
            "tricks were played, until the next deal; otherwise the trump played later proves "
            "it (quick entry: missed trump leads).")
    if not open_:
        where_sv = f" i stick {trick}" if trick is not None else ""
        where_en = f" in trick {trick}" if trick is not None else ""
        raise _violation(
            "no_missed_lead", R_PLAY, {"seat": seat, "trick": trick},
            f"{_name(state, seat)} spelade inte ut något annat än trumf under trumfmant"
            f"{where_sv} i den här given (eller så är det redan straffat).",
            f"{_name(state, seat)} did not lead a non-trump under trumfmant{where_en} in this "
            "deal (or it is already penalised).")
    assert deal is not None
    if card is not None:
        _check_shown_trump(state, deal, seat, card)
    _, lead_trick, lead_card = open_[0]
    before = state.scores[seat]
    shown_sv = f" ({card})" if card is not None else ""
    finding = Finding(
        code="trumfmant_breach", rule=R_PLAY, seat=seat,
        params={"lead_trick": lead_trick, "lead_card": str(lead_card), "proof_trick": None,
                "proof_card": None if card is None else str(card), "called": True,
                "points_before": before, "points_after": add_limpa(before)},
        sv=(f"Trumfmant: {_name(state, seat)} spelade ut {lead_card} i stick {lead_trick} men "
            f"hade trumf{shown_sv} (påtalat efter att given avbrutits): limpa, {before} → "
            f"{add_limpa(before)}."),
        en=(f"Trumfmant: {_name(state, seat)} led {lead_card} in trick {lead_trick} but held "
            f"a trump{shown_sv} (called after the deal stopped): a limpa, {before} → "
            f"{add_limpa(before)}."))
    deal = replace(deal, suspect_leads=tuple(lead for lead in deal.suspect_leads
                                             if lead != open_[0]))
    state = _penalty_limpa(replace(state, deal=deal), seat, lead_trick)
    state = replace(state, deal=replace(state.deal, findings=state.deal.findings + (finding,)))
    if state.winner is not None and state.scores[state.winner] > 0:
        # The winner's own missed lead: the limpa takes him back above 0, as it would have
        # had play proved it in time; nobody stands at 0, so the omgång goes on.
        state = replace(state, winner=None, phase="deal", first_rules=False, redeals=0,
                        dealer=_next_dealer(state))
    return state


def _check_shown_trump(state: State, deal: Deal, seat: int, card: Card) -> None:
    """The trump shown must be one he can have held: a trump, not played, not laid away, and
    the turned card only in the dealer's hand."""
    trump = _trump(deal)
    if card.suit != trump:
        raise _violation("not_a_trump", R_PLAY, {"card": str(card), "trump": trump},
                         f"{card} är inte trumf.", f"{card} is not a trump.")
    deal.knowledge.check_unplayed(card, R_PLAY)
    for who, dead in deal.laid_away:
        if dead == card:  # his secret still at a table that keeps private entries closed
            raise _refuse_laid_away(state, card, who, R_PLAY, seat)
    if card == deal.trump_card and seat != deal.dealer:
        raise _card_is_dealers(state, deal, seat)


# --- a hand entered by its player: every play checked at once --------------------------------
def _refuse_laid_away(state: State, card: Card, who: int, rule: str,
                      poster: int) -> RuleViolation:
    """``card`` was laid away face down by ``who``: his secret until the deal is over."""
    return RuleViolation(
        "card_laid_away", rule=rule, params={"card": str(card), "seat": who},
        sv=f"{card} lades bort av {_name(state, who)} i köpet.",
        en=f"{card} was laid away by {_name(state, who)} when buying.",
        private_to=who,
        public_sv=f"{card} är bortlagt i köpet och är ur spel.",
        public_en=f"{card} was laid away when buying and is out of play.")


def _on_hand(state: State, event: dict[str, Any]) -> State:
    """A player in the deal enters the cards he holds, once the buying is over (his hand is
    final then): five less those he has played. None played, laid away, or in another entered
    hand; the turned card only in the dealer's."""
    deal = state.deal
    if state.phase != "play" or deal is None:
        if state.phase in ("bidding", "buying"):
            raise _violation(
                "hand_not_yet", R_BUY, {"phase": state.phase},
                "Handen matas in efter köpet, när den inte ändras mer.",
                "The hand is entered after the buying, when it no longer changes.")
        raise _refuse_phase(state, "hand")
    seat = event["seat"]
    if seat not in deal.active:
        raise _violation("not_in_deal", R_PLAY, {"seat": seat},
                         f"{_name(state, seat)} är inte med i den här given.",
                         f"{_name(state, seat)} is not in this deal.")
    hands = deal.hands or hand_entry.no_hands(state.n)
    played = sum(1 for s in deal.knowledge.seen if s.seat == seat)
    for card in event["cards"]:
        if card == deal.trump_card and seat != deal.dealer:
            raise _card_is_dealers(state, deal, seat)
        for who, dead in deal.laid_away:
            if dead == card:
                raise _refuse_laid_away(state, card, who, R_BUY, seat)
    cards = hand_entry.check_entry(
        hands, seat, event["cards"], size=HAND - played,
        seen=(s.card for s in deal.knowledge.seen), rule=R_PLAY, players=state.players,
        size_sv=f" (fem efter köpet, {played} spelade)",
        size_en=f" (five after the buying, {played} played)")
    return replace(state, deal=replace(deal, hands=hand_entry.with_hand(hands, seat, cards)))


def _check_against_hand(state: State, deal: Deal, seat: int, card: Card) -> None:
    """With the seat's hand entered, each duty of "Spelet av korten" is checked at once:
    the card is his; the first leader holding the trump ace leads it; under trumfmant the
    leader leads a trump if he has one; a follower follows suit if he can."""
    if not deal.hands:
        return
    hand_entry.check_in_hand(deal.hands, seat, card, R_PLAY, state.players)
    hand, trick = deal.hands[seat], deal.current
    if hand is None or trick is None:
        return
    name, trump = _name(state, seat), _trump(deal)
    if not trick.plays:
        ace = _trump_ace(deal)
        if trick.number == 1 and ace in hand and card != ace:
            raise hand_entry.refuse_duty(
                "must_lead_trump_ace", R_PLAY, seat, {"card": str(card), "holds": str(ace)},
                sv=f"{name} har trumfesset {ace} på sin inmatade hand och måste spela ut det "
                   "till första sticket.",
                en=f"{name} holds the trump ace {ace} in the entered hand and must lead it to "
                   "the first trick.",
                public_sv=f"{name} har trumfesset på sin inmatade hand och måste spela ut det "
                          "till första sticket.",
                public_en=f"{name} holds the trump ace in the entered hand and must lead it to "
                          "the first trick.")
        held = next((c for c in hand if c.suit == trump), None)
        if trumfmant_seats(state) and card.suit != trump and held is not None:
            raise hand_entry.refuse_duty(
                "must_lead_trump", R_PLAY, seat, {"card": str(card), "holds": str(held)},
                sv=f"Trumfmant: {name} har {held} på sin inmatade hand och måste spela ut "
                   "trumf.",
                en=f"Trumfmant: {name} holds {held} in the entered hand and must lead a trump.",
                public_sv=f"Trumfmant: {name} har trumf på sin inmatade hand och måste spela "
                          "ut trumf.",
                public_en=f"Trumfmant: {name} holds a trump in the entered hand and must lead "
                          "a trump.")
        return
    led = trick.led_suit
    same = next((c for c in hand if c.suit == led), None)
    if card.suit != led and same is not None:
        raise hand_entry.refuse_must_follow(R_PLAY, seat, card, led, same, state.players)


def legal_cards(state: State, seat: int) -> tuple[Card, ...] | None:
    """The cards ``seat`` may play now when his hand is entered, else ``None``."""
    deal = state.deal
    if deal is None or not deal.hands or deal.hands[seat] is None or deal.current is None:
        return None
    hand, trick, trump = deal.hands[seat], deal.current, _trump(deal)
    if not trick.plays:
        ace = _trump_ace(deal)
        if trick.number == 1 and ace in hand:
            return (ace,)
        trumps = tuple(c for c in hand if c.suit == trump)
        return trumps if trumfmant_seats(state) and trumps else hand
    return playable(hand, trick.led_suit, None)


def deal_in_progress(state: State) -> int | None:
    """The deal being bid, bought or played, else ``None``."""
    if state.phase in ("bidding", "buying", "play") and state.deal is not None:
        return state.deal.number
    return None


def _with_hands(state: State, exp: Expected) -> Expected:
    """``expected`` plus hand entry after the buying, and the legal cards of the seat to play
    when his hand is known (sealed: only his phone sees them)."""
    deal = state.deal
    if state.phase != "play" or deal is None:
        return exp
    inputs = []
    for item in exp.inputs:
        if item.type == "play" and item.seat is not None:
            legal = legal_cards(state, item.seat)
            if legal is not None:
                item = replace(item, fields=dict(item.fields,
                                                 legal=hand_entry.sealed_legal(item.seat, legal)))
        inputs.append(item)
    inputs += [Expectation("hand", s, fields={"count": HAND - sum(
                   1 for p in deal.knowledge.seen if p.seat == s)})
               for s in deal.active if not deal.hands or deal.hands[s] is None]
    return replace(exp, inputs=tuple(inputs))


_HANDLERS = {
    "draw": _on_draw, "deal": _on_deal, "bid": _on_bid, "buy": _on_buy, "play": _on_play,
    "trick": _on_trick, "result": _on_result, "trumfmant_breach": _on_trumfmant_breach,
}
_HANDLERS["hand"] = _on_hand


# --- what comes next -------------------------------------------------------------------------
# A missed trump lead needs a lead made while holding another card: the fifth trick's lead
# is the leader's last card, so at most the leads of tricks 1–4 can be missed, by one player
# or several (a player can miss more than once).
MOST_MISSED_LEADS = TRICKS_PER_DEAL - 1


def _result_hints(state: State) -> dict[str, Any]:
    bids = [KNACKA, LURA] if state.first_rules else [KNACKA, LURA, STA_MED, PASSA]
    # Trumfmant needs someone in the deal at 1; from more than 6 nobody gets there in five
    # tricks, and then no trump lead can be missed.
    possible = any(state.scores[s] - PER_TRICK * TRICKS_PER_DEAL <= TRUMFMANT_AT
                   for s in range(state.n))
    missed = list(range(MOST_MISSED_LEADS + 1)) if possible else [0]
    return {"bids": bids, "tricks": list(range(TRICKS_PER_DEAL + 1)), "missed_trump": missed}


def _breach_calls(state: State) -> tuple[Expectation, ...]:
    """A called trumfmant breach, per player with an unproven missed lead, with its tricks."""
    leads = open_missed_leads(state)
    seats = sorted({seat for seat, _, _ in leads})
    return tuple(Expectation("trumfmant_breach", seat,
                             fields={"trick": [t for s, t, _ in leads if s == seat]})
                 for seat in seats)


def _trumfmant_text(state: State) -> tuple[str, str]:
    seats = trumfmant_seats(state)
    if not seats:
        return "", ""
    who = _names(state, seats)
    return (f" Trumfmant: {who} står på 1 poäng – den som spelar ut måste spela ut trumf om "
            "det går.",
            f" Trumfmant: {who} stands at 1 point – whoever leads must lead a trump if "
            "possible.")


def expected(state: State) -> Expected:
    return _with_hands(state, _expected_turns(state))


def _expected_turns(state: State) -> Expected:
    deal = state.deal
    calls = _breach_calls(state)
    if state.phase == "over":
        winner = _name(state, state.winner) if state.winner is not None else "?"
        return Expected("over", f"Omgången är slut: {winner} kom ner till 0 och vann.",
                        f"The omgång is over: {winner} came down to 0 and won.", None, calls)
    if state.phase == "deal":
        dealer = _name(state, state.dealer)
        first_sv = " Första givens regler gäller." if state.first_rules else ""
        first_en = " The first deal's rules hold." if state.first_rules else ""
        if state.options.bid_after_three:
            how_sv = "tre kort var och vänder upp trumfkortet (de två sista efter budet)"
            how_en = "three cards each and turns the trump card (the last two after the bids)"
        else:
            how_sv = "tre kort var, vänder upp trumfkortet, två kort var"
            how_en = "three cards each, turns the trump card, two cards each"
        inputs = [Expectation("deal", state.dealer, fields={"trump_card": "required"}),
                  Expectation("result", fields=_result_hints(state))]
        if not state.deals_started and not state.drawn:
            inputs.append(Expectation("draw", fields={"cards": "required", "count": state.n}))
        inputs += calls
        return Expected("deal", f"{dealer} ger: {how_sv}. Ange det uppvända kortet, eller "
                        f"mata in hela given snabbt.{first_sv}",
                        f"{dealer} deals: {how_en}. Enter the turned card, or enter the whole "
                        f"deal at once.{first_en}", state.dealer, tuple(inputs))
    assert deal is not None
    if state.phase == "bidding":
        seat = _bidder(state, deal)
        choices = _open_choices(deal)
        inputs = [Expectation("bid", seat, choices, fields={"bid": list(choices)})]
        if not deal.bids:
            inputs.append(Expectation("result", fields=_result_hints(state)))
        if deal.knocker is None:
            sv = f"{_name(state, seat)} knackar eller lurar."
            en = f"{_name(state, seat)} knocks or lures."
            if deal.first_rules:
                sv += " Första givens regler: första knacken avslutar budrundan."
                en += " First-deal rules: the first knock ends the bidding."
        else:
            sv = (f"{_name(state, deal.knocker)} har knackat: {_name(state, seat)} står med "
                  "eller passar.")
            en = (f"{_name(state, deal.knocker)} has knocked: {_name(state, seat)} stands "
                  "with or passes.")
        return Expected("bidding", sv, en, seat, tuple(inputs))
    t_sv, t_en = _trumfmant_text(state)
    if state.phase == "buying":
        seat = _buy_order(state, deal)[len(deal.buys)]
        allowed = DEALER_LAYS_AWAY if seat == deal.dealer else PLAYER_LAYS_AWAY
        extra_sv = " Den som fick bara tre kort får nu de två sista." \
            if state.options.bid_after_three and not deal.buys else ""
        extra_en = " Those in who got only three cards get the last two now." \
            if state.options.bid_after_three and not deal.buys else ""
        if seat == deal.dealer:
            sv = f"Köpet: givaren {_name(state, seat)} lägger bort 1–6 kort och drar ett färre."
            en = f"Buying: the dealer {_name(state, seat)} lays away 1–6 cards, draws one fewer."
        else:
            sv = f"Köpet: {_name(state, seat)} lägger bort och drar lika många, eller står nöjd."
            en = f"Buying: {_name(state, seat)} lays away and draws as many, or stands pat."
        return Expected("buying", sv + extra_sv + t_sv, en + extra_en + t_en, seat,
                        (Expectation("buy", seat, fields={"discard": list(allowed)}),))
    seat = _player_to_play(state, deal)
    trick = deal.current
    assert trick is not None
    trump = _trump(deal)
    must_lead = None
    if not trick.plays:
        if trumfmant_seats(state):
            must_lead = "trump"
        if trick.number == 1:
            must_lead = "trump_ace"
    played = sorted(str(s.card) for s in deal.knowledge.seen)
    hints = {"trick": trick.number, "leader": trick.leader, "led_suit": trick.led_suit,
             "trump": trump, "trump_card": str(deal.trump_card), "played": played,
             "trumfmant": bool(trumfmant_seats(state)), "must_lead": must_lead}
    lead_sv = lead_en = ""
    if must_lead == "trump_ace":
        lead_sv = f" Trumfesset ({_trump_ace(deal)}) måste spelas ut om det finns på handen."
        lead_en = f" The trump ace ({_trump_ace(deal)}) must be led if it is in the hand."
    return Expected(
        "play", f"Stick {trick.number}: {_name(state, seat)} spelar.{lead_sv}{t_sv}",
        f"Trick {trick.number}: {_name(state, seat)} plays.{lead_en}{t_en}", seat,
        (Expectation("play", seat, fields=hints),
         Expectation("trick", seat, fields={"count": len(deal.active) - len(trick.plays)})))


# --- reading the state -----------------------------------------------------------------------
def is_over(state: State) -> bool:
    return state.phase == "over"


def settlement(state: State) -> tuple[int, ...] | None:
    """With a stake: the winner takes the pot; everyone's net is what he got minus what he
    put in. ``None`` when not playing for money or the omgång is not over."""
    if state.winner is None or not state.options.stake:
        return None
    return tuple((state.pot if s == state.winner else 0) - state.paid[s]
                 for s in range(state.n))


def sheet(state: State) -> Sheet:
    notes: dict[str, Any] = {"start": START_POINTS, "direction": "down", "max": MAX_POINTS,
                             "first_deal_rules": state.first_rules,
                             "trumfmant": list(trumfmant_seats(state))}
    if state.options.stake:
        notes.update({"stake": state.options.stake, "pot": state.pot,
                      "paid": list(state.paid)})
    return Sheet(players=state.players, rows=state.rows, totals=state.scores,
                 next_dealer=None if state.phase == "over" else state.dealer,
                 winner=state.winner, settlement=settlement(state), notes=notes)


def result(state: State) -> dict[str, Any] | None:
    if state.winner is None:
        return None
    return {"winner": state.winner, "scores": list(state.scores), "pot": state.pot,
            "paid": list(state.paid), "settlement": list(settlement(state) or ())}


def findings_of(deal: Deal) -> tuple[Finding, ...]:
    return deal.knowledge.findings + deal.findings


def findings(state: State) -> tuple[Finding, ...]:
    return state.past_findings + (findings_of(state.deal) if state.deal is not None else ())


def talong(state: State) -> int | None:
    """Cards left in the talong: 52 less the dealt hands, less what has been drawn."""
    deal = state.deal
    if deal is None or deal.quick:
        return None
    if state.options.bid_after_three:
        # The last two cards go only to those in, once the bidding is over.
        dealt = FIRST_PACKET * state.n + 1 + SECOND_PACKET * len(deal.active)
    else:
        dealt = HAND * state.n + 1
    drawn = sum(c - (1 if s == deal.dealer else 0) for s, c in deal.buys)
    return len(DECK) - dealt - drawn


def describe(state: State) -> dict[str, Any]:
    """The state as JSON for the API and the app."""
    deal = state.deal
    out: dict[str, Any] = {
        "phase": state.phase, "dealer": state.dealer, "scores": list(state.scores),
        "winner": state.winner, "deals_started": state.deals_started,
        "first_deal_rules": state.first_rules, "redeals": state.redeals,
        "trumfmant": list(trumfmant_seats(state)), "pot": state.pot,
        "paid": list(state.paid), "deal": None,
    }
    if deal is not None:
        trump = _trump(deal)
        out["deal"] = {
            "number": deal.number, "dealer": deal.dealer, "forehand": deal.forehand,
            "first_deal_rules": deal.first_rules,
            "trump_card": None if deal.trump_card is None else str(deal.trump_card),
            "trump": trump,
            "bids": [{"seat": s, "bid": b} for s, b in deal.bids],
            "knocker": deal.knocker, "active": list(deal.active),
            "buys": [{"seat": s, "discard": c} for s, c in deal.buys],
            # Laid away face down: each seat's named cards sealed for that seat.
            "laid_away": [sealed(s, [c for w, c in deal.laid_away if w == s])
                          for s in sorted({w for w, _ in deal.laid_away})],
            "hands": hand_entry.sealed_hands(deal.hands or (None,) * state.n),
            "talong": talong(state),
            "tricks": [{"number": t.number, "leader": t.leader,
                        "cards": [{"seat": p.seat, "card": str(p.card)} for p in t.plays],
                        "winner": winning_play(t, DECK, trump).seat} for t in deal.tricks],
            "current": None if deal.current is None else {
                "number": deal.current.number, "leader": deal.current.leader,
                "cards": [{"seat": p.seat, "card": str(p.card)}
                          for p in deal.current.plays]},
            "won": list(deal.won), "penalties": list(deal.penalties),
            "outcome": deal.outcome, "quick": deal.quick,
        }
    return out

