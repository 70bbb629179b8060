"""Norrandsknack — 3 to 5 players, 52 cards, from 10 points down to 0.

Source: rule file 003 ("Norrandsknack", Swedish, after Werner & Sandgren, *Kortoxen*, 1949,
pp. 66–67), its parts *Kortleken*, *Förberedelser*, *Giv*, *Budrundan i första given*,
*Budrundan i övriga givar*, *Köpet*, *Spelet av korten*, *Poängen* and *Avslutning*. Cited in
refusals as "Norrandsknack — <part>".

This module holds the rule tables, the state, the deal and what the table reads; the parts of
the text each have a sibling: ``norrandsknack_bidding`` (Budrundan, Köpet),
``norrandsknack_play`` (Spelet av korten: the duties and their proofs, a hand entered),
``norrandsknack_scoring`` (Poängen: the deal's row, the limpa, the pot) and
``norrandsknack_quick`` (a whole deal in one entry). Seats and their order:
``rules_engine.seating``.

How a deal runs, as the text says it
------------------------------------
Everybody starts at 10 and moves down 1 for every trick; the first at 0 wins the omgång (the
match). The first dealer is drawn for, the highest card deals; then the deal goes clockwise.
The dealer gives three cards to everyone, turns up the next card and adds it to their own three
(its suit is trump, the card is theirs), then two cards to everyone: five each, six for them.

Bidding goes clockwise from forehand (the dealer's left). Each player *knackar* (undertakes to
take at least one of the five tricks) or *lurar* (stays in without undertaking anything).

- The first deal: the first knock ends the bidding and everybody stays in. If everybody lurar,
  the same dealer deals again, at most three times, then the deal passes on. These first-deal
  rules hold until a deal with a knock has been played to the end.
- Later deals: after the first knock nobody may lura any more; everybody else, from the
  knocker's left round to their right (those who lurade before included), *står med* (stays in)
  or *passar* (throws in their cards).
- Variant (option ``bid_after_three``): the bidding comes after the first three cards and the
  turned card; the last two cards go only to those still in.

*Köpet*: the players in the deal, from the dealer's left, each lay away any number of cards
and draw as many from the talong, or stand pat. The dealer (if in) lays away one to six and
draws one fewer, so that they too hold five; laying away one is their way of standing pat.

Play: the nearest active player on the dealer's left leads; if they hold the trump ace they must
lead it (first trick only). Follow suit if you can, else play anything; the highest trump or
else the highest card of the led suit wins and leads next. *Trumfmant*: while a player in the
deal stands at 1 point (they knocked or stood with at 1, or has taken one trick fewer than their
points in this deal), whoever leads must lead a trump if they can; failing costs a *limpa*.

Scoring: −1 for each trick. A player who knocked or stood with and took no trick goes up 5 (a
*limpa*), never above 10, and the protokoll underlines it. In the first played deal only the
knocker risks the limpa; the others play for free. When a player's tricks in a deal reach their
points they are at 0: the omgång is over at once and the deal stops there. For money (option
``stake``) each player puts a stake in the pot when the omgång begins and one more for every
limpa; the winner takes the pot; players without a trick in a last deal that stopped early do
not pay for a limpa.

What the app knows (design principle 3)
----------------------------------------
It does not see hands. It sees the turned trump card (the dealer's: nobody else can play it),
any cards a player chooses to name when they lay away, and every card played. Three things can
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
The hand and the cards named when laid away (face down) are private to the seat while the
deal is in progress (``PRIVATE``; how that works: ``rules_engine.hands``).

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
  ``lone_knocker``: ``takes_all`` (default; nobody contests them, the five tricks are their
  without play — or as many as take them to 0) or ``thrown_in`` (no score, the deal passes on).
- First-deal rules hold "until someone has knocked and a deal has been played to the end": the
  first deal with a knock is itself played under them; every later deal is a later deal.
- In the first deal players who had not yet spoken when the knock came are in, like those who
  lurade; quick entry writes them as ``lura``.
- Köpet is entered for every player in the deal (event ``buy``, the number laid away, 0 for
  standing pat; the dealer 1–6). Naming the laid-away cards is optional; named cards are dead
  and cannot be played. The talong always suffices: with five players 26 cards are left and at
  most 25 are drawn.
- The turned card belongs to the dealer: nobody else may lay it away or play it. If the dealer
  passes (later deals, or the variant) it leaves the deal with their hand.
- Trumfmant is read from the position, not kept as a flag: it is in force while a player in the
  deal stands at 1 (their points in the protokoll minus their tricks in this deal). The app is the
  *protokollförare* and points it out itself (``expected`` and ``describe`` say so). The
  text's end of trumfmant — the 1-point player takes no trick — then follows by itself: they go
  up 5. A player at 1 who passes the next deal brings no trumfmant, since they are not "kvar".
- A missed trump lead is penalised when it is proven (the offender plays a trump later in the
  deal), each missed lead with its own limpa, at once, before the tricks of the deal are
  counted. A missed lead never proven (no trump played later) is not penalised — unless the
  deal stopped early (someone reached 0) before the offender could play their trump: then the
  table may call it (event ``trumfmant_breach``, until the next deal; ``expected`` offers the
  open ones), and it costs the same limpa. If that lifts the player who reached 0 above 0,
  the omgång goes on with the next dealer (issue 15).
- The deal's tricks are subtracted when it ends; a player's points during the deal are the
  protokoll's (penalties included), so a penalty limpa moves their target away.
- A deal that stops because a player reached 0 writes the tricks taken so far and no limpa for
  players without a trick (the text lets them off paying; we read that the limpa is not
  incurred). Reaching 0 with the fifth trick is a full deal: limpas apply.
- Penalty limpas (trumfmant) cost a stake too, also in a last deal that stopped early.
- The settlement (with a stake): the winner receives the pot minus what they put in themselves;
  everyone else has paid what they put in.
- Quick entry (event ``result``) gives every seat's bid (knacka, lura, stå med, passa — only
  one knock), every seat's tricks and, optionally, missed trump leads per seat: a player can
  miss more than once; the hint offers 0–4 (the fifth trick's lead is the leader's last card,
  so it cannot miss a trump), or only 0 when nobody can come down to 1 in the deal; all
  players together cannot have missed more leads than the deal had (issue 15). Penalties are
  written before the tricks. The tricks add up to five, unless one player's tricks equal their
  points (the deal stopped early); nobody's tricks exceed their points.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .. import hands as hand_entry
from ..cards import FRENCH52, Card
from ..errors import EventFormatError, Finding, RuleViolation, violation as _violation
from ..secrets import PrivateSpec, sealed
from ..events import EventSpec, play_event, trick_event
from ..knowledge import Knowledge
from ..protocol import (check_players, Expectation, Expected, not_expected, option, told,
                        RuleSection)
from ..seating import next_seat
from ..sheet import Sheet, SheetRow, append_row
from ..tricks import Trick, trick_as_dict, winning_play

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
    bid_after_three: bool = option(False,
        sv="Variant: budgivningen sker på de tre första korten och uppslagskortet; de två "
           "sista korten ges bara till dem som är med.",
        en="Variant: the bidding is on the first three cards and the turned card; the last "
           "two cards go only to those still in.")
    max_redeals: int = option(MAX_REDEALS, (3, 2),
        sv="Omgivar med samma givare när alla lurar: 3 (texten: tre omgivar) eller 2 "
           "(tre givar i allt).",
        en="Redeals by the same dealer when all lure: 3 (the text: three redeals) or 2 "
           "(three deals in all).")
    all_lura_later: str = option("redeal", ("redeal", "next_dealer"),
        sv="Om alla lurar i en senare giv (texten säger inget): omgiv som i första given "
           "(förval) eller given går vidare.",
        en="If all lure in a later deal (the text is silent): redeal as in the first deal "
           "(default) or the deal passes on.")
    lone_knocker: str = option("takes_all", ("takes_all", "thrown_in"),
        sv="Om alla passar efter en knack (texten säger inget): knackaren tar alla fem "
           "sticken (förval) eller given kastas.",
        en="If everybody passes after a knock (the text is silent): the knocker takes all "
           "five tricks (default) or the deal is thrown in.")
    stake: int = option(0,
        sv="Insats i potten vid omgångens början och för varje limpa (0: inte om pengar).",
        en="Stake into the pot when the omgång begins and for every limpa (0: not for "
           "money).")


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
    "play": play_event(), "trick": trick_event(),
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
# and the cards they name when they lay them away in the buying ("lägger bort": face down,
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
    """One deal, from the turned card to its row on the sheet (or its redeal)."""

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
    """The omgång: the protokoll, the dealer, the pot, and the deal in progress or the last
    one."""

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
    check_players(players, first_dealer, name=TITLE, players_range=(MIN_PLAYERS, MAX_PLAYERS),
                  rule=R_PREP, dealer_rule=R_DEAL)
    if not isinstance(options.stake, int) or isinstance(options.stake, bool) \
            or options.stake < 0:
        raise EventFormatError("bad_option", rule=R_PREP,
                               params={"option": "stake", "value": options.stake},
                               sv="Insatsen är ett heltal, 0 eller mer.",
                               en="The stake is a whole number, 0 or more.")
    scores = (START_POINTS,) * len(players)
    start = SheetRow.start(scores, marks=("",) * len(players))
    return State(players, options, scores, first_dealer, rows=(start,),
                 paid=(options.stake,) * len(players))


# --- small helpers ---------------------------------------------------------------------------
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


def _add_row(state: State, kind: str, sv: str, en: str, changes: dict[int, int],
             deal: int | None, marks: dict[int, str] | None = None) -> State:
    row_marks = tuple((marks or {}).get(s, "") for s in range(state.n))
    scores, rows = append_row(state.rows, state.scores, kind, sv, en, changes, deal, row_marks)
    return replace(state, scores=scores, rows=rows)


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
    return not_expected(expected(state), event_type, state.phase, _phase_rule(state))


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


# --- the turned card and the cards laid away: nobody else's ----------------------------------
def _card_is_dealers(state: State, deal: Deal, seat: int) -> RuleViolation:
    return _violation(
        "card_is_dealers", R_BUY, {"card": str(deal.trump_card), "dealer": deal.dealer,
                                   "seat": seat},
        f"{deal.trump_card} är det uppvända trumfkortet: det tillhör givaren "
        f"{_name(state, deal.dealer)}, inte {_name(state, seat)}.",
        f"{deal.trump_card} is the turned trump card: it belongs to the dealer "
        f"{_name(state, deal.dealer)}, not to {_name(state, seat)}.")


def _refuse_laid_away(state: State, card: Card, who: int, rule: str,
                      poster: int) -> RuleViolation:
    """``card`` was laid away face down by ``who``: their secret until the deal is over."""
    return RuleViolation(
        "card_laid_away", rule=rule, params={"card": str(card), "seat": who},
        sv=f"{card} lades bort av {_name(state, who)} i köpet.",
        en=f"{card} was laid away by {_name(state, who)} when buying.",
        private_to=who,
        public_sv=f"{card} är bortlagt i köpet och är ur spel.",
        public_en=f"{card} was laid away when buying and is out of play.")


# --- what comes next -------------------------------------------------------------------------
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
        first_sv = "Första givens regler gäller." if state.first_rules else ""
        first_en = "The first deal's rules hold." if state.first_rules else ""
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
        return Expected("deal", **told(
            f"{dealer} ger: {how_sv}.", f"{dealer} deals: {how_en}.",
            "Ange det uppvända kortet, eller mata in hela given snabbt.",
            "Enter the turned card, or enter the whole deal at once.",
            then_sv=first_sv, then_en=first_en), seat=state.dealer, inputs=tuple(inputs))
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


def deal_in_progress(state: State) -> int | None:
    """The deal being bid, bought or played, else ``None``."""
    if state.phase in ("bidding", "buying", "play") and state.deal is not None:
        return state.deal.number
    return None


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
            "tricks": [trick_as_dict(t, winning_play(t, DECK, trump).seat)
                       for t in deal.tricks],
            "current": None if deal.current is None else trick_as_dict(deal.current),
            "won": list(deal.won), "penalties": list(deal.penalties),
            "outcome": deal.outcome, "quick": deal.quick,
        }
    return out


# --- the parts in their own modules, in the text's order: Budrundan and Köpet, Spelet av
# korten, Poängen, and quick entry. Imported last, since they read the tables and the state
# above; what they hold that others use is offered here too (``norrandsknack.add_limpa``).
from .norrandsknack_bidding import (_bidder, _buy_order, _on_bid, _on_buy,  # noqa: E402
                                    _open_choices)
from .norrandsknack_play import (_on_hand, _on_play,  # noqa: E402
                                 _on_trumfmant_breach, _player_to_play, _with_hands,
                                 legal_cards, open_missed_leads)
from .norrandsknack_scoring import add_limpa, score_player, settlement  # noqa: E402
from .norrandsknack_quick import MOST_MISSED_LEADS, _on_result, _result_hints  # noqa: E402


_HANDLERS = {
    "draw": _on_draw, "deal": _on_deal, "bid": _on_bid, "buy": _on_buy, "play": _on_play,
    "trick": _on_play, "result": _on_result, "trumfmant_breach": _on_trumfmant_breach,
    "hand": _on_hand,
}
