"""Bräus — four players in two pairs, 36 cards, ritor cut as strokes: the first pair to six.

Source: rule file 002, section "Bräus regler" (from its top to "Skitgubbe regler": the
number of players and cards, "Så här spelar ni Bräus"), and the Bräus notes in the project's
rules README (the ranking table the text refers to but lacks, ♣K as *utslagskortet*, the
5–5 rule). Cited in refusals as "Bräus — <part>": Kort och rangordning, Given, Sjuorna,
Spelet, Ritor.

How a deal runs, as the text says it
------------------------------------
The twos to fives are taken out: 36 cards. Two pairs play against each other, partners
opposite as in bridge and whist. The player on the dealer's right cuts; the dealer gives
nine cards to each, one at a time. Forehand (the dealer's left) leads first, and play goes
clockwise all the time.

Only 18 cards can win a trick, highest first: ♣J *Spit*, ♠8 *Dull*, ♥K *Bräus* (the three
*makdorar*), the nines, the aces, the jacks ♠J ♥J ♦J, the sixes; inside a group ♣ > ♠ > ♥ > ♦.
Every other card is worthless. The sevens are not ranked: a leader who holds sevens first
lays them down on the table, and each counts as a trick. They may do so only before their lead,
and only as forehand before the first lead or right after winning a trick.

Then the leader leads any card. Each next player in turn must play a higher card than the
one played just before, if they can; if they cannot, they stand over and plays nothing to this
trick. So a trick holds one to four cards, and the last card played is the highest: it wins,
and its player lays down their sevens and leads next. A trick in which only worthless cards lie
is won by nobody: it is set aside and the same player leads again.

The deal stops as soon as one pair has six tricks: one *rita* (a stroke in the protokoll).
Six tricks in a row are a *jan*, two ritor, even if the other pair took tricks before. If the
deal ends five tricks each, the pair holding ♣K among its won tricks takes the rita. If no
pair gets six, there is no rita and the same dealer deals again. The first pair to six ritor
wins; if the other pair has none, its players are *pissmunkar*.

What the app knows (design principle 3)
---------------------------------------
It does not see the hands. But all 36 cards are dealt, so every card not yet seen is in some
hand, and the app counts how many cards each player still holds. It refuses at once what it
can prove at once: a card already played, a follower's card that is not higher than the card
before it, sevens laid at the wrong moment, a seven led when it should have been laid down.
What it can only prove later it reports as a finding naming both tricks: a player who stood
over and later shows a card that would have beaten the card they stood over against; a player
who kept a seven at the moment they should have laid it down and shows it later.

Interpretations (where the text is silent or ambiguous; also on docs/rules/braus.md)
--------------------------------------------------------------------------------------
- Seats are numbered clockwise; partners sit opposite: seats 0 + 2 against 1 + 3 ("som i
  bridge och whist"). Forehand is the dealer's left-hand neighbour (the next seat clockwise);
  the player on their right (the seat before them) cuts. "Blandas och kuperas av spelaren till
  höger om given" is read as: that player cuts. The ``deal`` entry may name the dealer and the
  cutter; a wrong one is refused.
- "Ett högre kort än givens": read as higher than the led card — the text says right after
  that each player must beat "det närmast föregående", the card played just before them.
- The ranking is the README's table; the text's "femmor" among the worthless cards is a slip
  (2–5 are out of the deck). Sevens in a trick are worthless cards (the text lists them so).
- A follower must beat the card before them even when their partner played it: the text makes
  no exception. A worthless card or a seven is never higher than anything, so a follower
  can never play one; the leader may lead any card, a worthless one too (README).
- Each of the three others has exactly one turn in a trick: a card or standing over. A player
  with no cards left stands over by force: the app skips them and a whole-trick entry need not
  name them.
- Sevens are laid only by the leader before their lead: forehand before the first lead, a
  trick winner right after winning — not after a set-aside trick (they won nothing) and not
  when the lead passes to them because the leader has no cards. They may enter them in more than
  one entry while the moment lasts; an empty ``sevens`` entry says they have none and ends it.
- Option ``sevens``: ``must`` (default; the text: "lägger han först av allt ned dessa",
  "lägger han genast ned dem") or ``may`` (a right, not a duty). With ``must`` a seven led at a
  laying moment is refused ("lay it down first"), and a seven shown later by a player who let
  a laying moment pass is a finding naming that moment and the proof.
- Sevens count as tricks of the row that makes a *jan*. A set-aside trick is won by nobody and
  does not break the row (option ``set_aside_breaks_row`` for the strict reading).
- A jan is six tricks in a row by the pair that reaches six: none of the other pair's tricks
  lies between them. The other pair may have tricks from before.
- The deal stops at the sixth trick: sevens laid in one entry beyond it are refused, so that a
  seventh trick cannot turn a rita into a jan.
- A leader with no cards left: the text is silent; the lead passes clockwise to the next
  player holding cards (pagat.com describes it so). Option ``leader_without_cards``:
  ``next_player`` (default) or ``deal_ends``.
- The deal ends without a six as soon as no further trick can be won: no ranked card is left
  in any hand and no laying moment with a seven outstanding is open. The app knows this (every
  card not seen is in a hand), so nobody has to lead out their worthless cards.
- 5–5 without ♣K in either pair's won tricks (it was set aside or is still in a hand): treated
  as "no pair got six" — no rita, the same dealer deals again (README). ♣K can only be won when
  led, since a follower cannot play a worthless card.
- After a deal with a rita the deal passes clockwise (to the old forehand); after a deal
  without one the same dealer deals again (the text).
- A jan may take a pair past six (5 + 2 = 7): it has won all the same. Pissmunkar: the losers
  have no rita at all when the winners reach six.
- The text sets no penalty for standing over with a higher card or for keeping a seven: the
  finding names the tricks and the table decides (it can correct the entries).
- Trick numbers count every trick of the deal in order, sevens and set-aside tricks too; the
  findings cite them.
- A leader who says "no sevens" and then leads a seven into that very trick: a finding with
  the moment and the proof in the same trick, not a refusal — the card is on the table.
- Quick entry (``result``): the outcome (rita, jan, utslag — 5–5 decided by ♣K — or none), a
  player of the pair that scores, and optionally the tricks per pair or per seat, checked
  against the outcome.

A hand entered by its player (``hand``, private to their seat until the deal is over)
-----------------------------------------------------------------------------------
A player may enter the cards they hold now (nine dealt less those laid or played). With it
each of their turns is checked at once: a card not in the hand (``not_in_hand``), standing over
while the hand holds a higher card (``must_play_higher``, "Bräus — Spelet"), and with sevens
a duty, leading or saying "none" while the hand holds a seven at their laying moment
(``lay_sevens_first``, "Bräus — Sjuorna"). The entered hand proves at once what a card shown
later would (the two findings above, private to them). ``PRIVATE`` marks the entry,
``deal_in_progress`` says when it opens; describe and expected wrap its cards in ``sealed``.

Where the code is
-----------------
This module: the rule tables, the state, the deal, what is expected next and the protokoll as
read. ``braus_play``: the play of a deal, trick by trick (sevens, cards, stand-overs, the end of
a trick and of the deal). ``braus_duties``: the two duties a later card or an entered hand
proves broken — standing over although one could beat, keeping a seven — as refusals and
findings. ``braus_ritor``: the ritor sheet and quick entry. Shared with other games: the seat
ring (``tricks``), seen cards and claims proven later in their own words (``knowledge``:
``Claim``, ``proof_words``), hand entry (``hands``), the rita strokes (``marks``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .. import hands as hand_entry
from ..cards import PIQUET36, SUITS, Card
from ..errors import Finding, RuleViolation
from ..errors import violation as _violation
from ..events import EventSpec
from ..knowledge import Claim, Knowledge
from ..marks import strokes
from ..protocol import (check_players, Expectation, Expected, not_expected, option, told,
                        RuleSection)
from ..seating import left_of, right_of, side_of  # side_of: partners opposite
from ..sheet import Sheet, SheetRow
from ..tricks import Trick, seats_from, turn_refusal

ID = "braus"
TITLE = "Bräus"
ALIASES = ("bräus", "brus", "braeus")
MIN_PLAYERS, MAX_PLAYERS = 4, 4
DECK = PIQUET36  # "Lägg undan alla tvåor t.o.m. femmor": 36 cards

# --- the rule text as data -------------------------------------------------------------
N_SEATS = 4
SIDES = ((0, 2), (1, 3))  # partners opposite, "som i bridge och whist"
CARDS_EACH = 9  # "Given ger därefter 9 kort till varje spelare, ett och ett"
MAX_TRICK_CARDS = 4  # "från ett och upp till fyra kort"
TRICKS_FOR_RITA = 6  # "tills endera sidan vunnit sex stick"
TRICKS_FOR_JAN = 6  # "sex stick i rad"
FIVE_FIVE = 5  # "fem stick var"
RITA = 1  # "en rita, dvs. 1 poäng"
JAN = 2  # "värt två ritor"
RITOR_TO_WIN = 6  # "den sida som först får sex ritor har vunnit"
PISSMUNKAR = "pissmunkar"

# The ranking table the text refers to (README), highest first. Inside a group the suit
# decides: ♣ > ♠ > ♥ > ♦.
SUIT_ORDER = ("♣", "♠", "♥", "♦")
MAKDORAR = (Card("♣", "J"), Card("♠", "8"), Card("♥", "K"))  # the three highest
NICKNAMES = {Card("♣", "J"): "Spit", Card("♠", "8"): "Dull", Card("♥", "K"): "Bräus"}
RANK_GROUPS = (  # after the makdorar: the nines, the aces, the jacks (♣J is Spit), the sixes
    ("9", SUIT_ORDER), ("A", SUIT_ORDER), ("J", ("♠", "♥", "♦")), ("6", SUIT_ORDER))
RANKING: tuple[Card, ...] = MAKDORAR + tuple(
    Card(suit, rank) for rank, suits in RANK_GROUPS for suit in suits)
STRENGTH = {card: len(RANKING) - index for index, card in enumerate(RANKING)}  # ♣J 18 … ♦6 1
SEVENS = tuple(Card(suit, "7") for suit in SUITS)  # laid down, one trick each
UTSLAGSKORTET = Card("♣", "K")  # decides 5–5
WORTHLESS = tuple(c for c in DECK.cards if c not in STRENGTH and c not in SEVENS)

# Kinds of finished tricks.
SEVEN, WON, SET_ASIDE = "seven", "won", "set_aside"
# Quick-entry outcomes.
OUTCOMES = ("rita", "jan", "utslag", "none")

R_CARDS = "Bräus — Kort och rangordning"
R_DEAL = "Bräus — Given"
R_SEVENS = "Bräus — Sjuorna"
R_PLAY = "Bräus — Spelet"
R_RITOR = "Bräus — Ritor"

RULES = (
    RuleSection(R_CARDS,
                "36 kort (2–5 bort). Bara 18 kort kan vinna, högst först: ♣Kn Spit, ♠8 Dull, "
                "♥K Bräus (makdorarna), niorna, essen, knektarna ♠ ♥ ♦, sexorna; inom en grupp "
                "♣ ♠ ♥ ♦. Sjuorna läggs ned som stick; övriga kort är värdelösa.",
                "36 cards (2–5 out). Only 18 cards can win, highest first: ♣J Spit, ♠8 Dull, "
                "♥K Bräus (the makdorar), the nines, the aces, the jacks ♠ ♥ ♦, the sixes; "
                "inside a group ♣ ♠ ♥ ♦. Sevens are laid down as tricks; the rest are "
                "worthless."),
    RuleSection(R_DEAL,
                "Fyra spelare, två par (partner mitt emot). Spelaren till höger om given "
                "kuperar; given ger 9 kort var, ett och ett. Förhand spelar ut, sedan medsols.",
                "Four players, two pairs (partners opposite). The player on the dealer's right "
                "cuts; the dealer gives 9 cards each, one at a time. Forehand leads, then "
                "clockwise."),
    RuleSection(R_SEVENS,
                "Sjuor läggs ned först av allt, ett stick var, av förhand före första utspelet "
                "och av den som just vunnit ett stick — aldrig annars.",
                "Sevens are laid down first of all, one trick each, by forehand before the first "
                "lead and by the player who has just won a trick — never otherwise."),
    RuleSection(R_PLAY,
                "Utspelaren spelar ut valfritt kort. Var och en i tur måste lägga ett högre kort "
                "än det närmast föregående om det går, annars står spelaren över. Högsta kortet "
                "vinner; ett stick med bara värdelösa kort läggs undan och samma spelare "
                "spelar ut igen.",
                "The leader leads any card. Each in turn must play a higher card than the one "
                "just before if they can, else they stand over. The highest card wins; a trick of "
                "only worthless cards is set aside and the same player leads again."),
    RuleSection(R_RITOR,
                "Given avbryts när ett par har sex stick: en rita (ett streck). Sex stick i rad: "
                "jan, två ritor. 5–5: paret med ♣K bland sina stick får ritan. Inget par sex: "
                "ingen rita, samma giv igen. Först till sex ritor vinner; 6–0: pissmunkar.",
                "The deal stops when a pair has six tricks: one rita (a stroke). Six tricks in a "
                "row: jan, two ritor. 5–5: the pair with ♣K among its tricks takes the rita. No "
                "pair with six: no rita, the same dealer again. First to six ritor wins; 6–0: "
                "pissmunkar."),
)


@dataclass(frozen=True)
class Options:
    sevens: str = option(
        "must", ("must", "may"),
        sv="Sjuor måste läggas ned genast (texten) eller får läggas ned (en rättighet).",
        en="Sevens must be laid down at once (the text) or may be (a right, not a duty).")
    set_aside_breaks_row: bool = option(
        False,
        sv="Ett undanlagt stick bryter raden för jan (förval: nej, ingen vann det).",
        en="A set-aside trick breaks the row for a jan (default: no, nobody won it).")
    leader_without_cards: str = option(
        "next_player", ("next_player", "deal_ends"),
        sv="Utspelaren har inga kort kvar: nästa spelare med kort spelar ut (förval) "
           "eller given är slut.",
        en="The leader has no cards left: the next player holding cards leads (default) "
           "or the deal ends.")


# --- events --------------------------------------------------------------------------------
EVENTS = {
    "deal": EventSpec(optional={"dealer": "seat", "cut": "seat"},
                      help_sv="Korten är givna (9 var). Ange gärna given och vem som kuperade.",
                      help_en="The cards are dealt (9 each). Optionally name the dealer and "
                              "who cut."),
    "sevens": EventSpec({"seat": "seat", "cards": "cards"},
                        help_sv="Utspelaren lägger ned sina sjuor, ett stick var (inga: tom).",
                        help_en="The leader lays down their sevens, one trick each (none: "
                                "empty)."),
    "play": EventSpec({"seat": "seat", "card": "card"},
                      help_sv="Ett spelat kort: utspelet, eller ett högre kort än det förra.",
                      help_en="One card: the lead, or a card higher than the one before."),
    "pass": EventSpec({"seat": "seat"},
                      help_sv="Spelaren står över: inget högre kort på handen.",
                      help_en="The player stands over: no higher card in hand."),
    "trick": EventSpec(optional={"cards": "cards", "over": "seats", "sevens": "cards"},
                       help_sv="Resten av sticket: korten i spelordning och vilka som stod "
                               "över (och utspelarens sjuor först).",
                       help_en="The rest of the trick: the cards in playing order and who "
                               "stood over (and the leader's sevens first)."),
    "result": EventSpec({"outcome": "choice:" + "|".join(OUTCOMES)},
                        {"winner": "seat", "tricks": "list"},
                        help_sv="Snabbinmatning av en hel giv: utfallet, en spelare i paret "
                                "som får ritan, gärna stick per par.",
                        help_en="Quick entry of a whole deal: the outcome, a player of the "
                                "pair that scores, optionally tricks per pair."),
    "hand": hand_entry.HAND_EVENT,
}

# A hand a player enters is theirs alone until the deal is over (rules_engine.secrets).
PRIVATE = hand_entry.PRIVATE

# Short names of this game's words for the app's buttons and log (design principle 5).
LABELS = {
    "events": {
        "deal": ("Korten är givna", "Cards dealt"),
        "sevens": ("Lägger ned sjuor", "Lays down sevens"),
        "play": ("Spela ett kort", "Play a card"), "pass": ("Står över", "Stands over"),
        "trick": ("Ett helt stick", "A whole trick"),
        "result": ("Snabbinmatning", "Quick entry"),
        "hand": ("Min hand", "My hand"),
    },
    "fields": {
        "dealer": ("Given", "Dealer"), "cut": ("Kuperade", "Cut by"),
        "sevens": ("Sjuor", "Sevens"), "over": ("Stod över", "Stood over"),
        "outcome": ("Utfall", "Outcome"),
        "winner": ("Paret som får ritan (en av dem)", "The pair that scores (either player)"),
        "tricks": ("Stick per par", "Tricks per pair"),
    },
    "nouns": {
        "dealer": ("giv", "dealer"), "cut": ("kuperat av", "cut by"),
        "sevens": ("sjuor", "sevens"), "over": ("stod över", "stood over"),
        "outcome": ("utfall", "outcome"), "winner": ("par", "pair"),
        "tricks": ("stick", "tricks"), "rita": ("rita", "rita"), "ritor": ("ritor", "ritor"),
        "makdorar": ("makdorar", "makdorar"), "utslagskortet": ("utslagskortet", "the ♣K"),
    },
    "values": {
        "rita": ("Sex stick – en rita", "Six tricks – one rita"),
        "jan": ("Jan – sex i rad, två ritor", "Jan – six in a row, two ritor"),
        "utslag": ("5–5, ♣K avgör – en rita", "5–5, ♣K decides – one rita"),
        "none": ("Ingen rita – samma giv igen", "No rita – the same dealer again"),
        "must": ("Måste läggas ned genast", "Must be laid down at once"),
        "may": ("Får läggas ned", "May be laid down"),
        "next_player": ("Nästa med kort spelar ut", "The next player with cards leads"),
        "deal_ends": ("Given är slut", "The deal ends"),
        "pissmunkar": ("Pissmunkar", "Pissmunkar"),
    },
}


# --- state ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Done:
    """A trick that is over: a seven laid down, a trick won, or one set aside."""

    trick: Trick
    kind: str  # SEVEN, WON or SET_ASIDE
    over: tuple[int, ...] = ()  # who stood over
    winner: int | None = None  # the seat; None when set aside


@dataclass(frozen=True)
class Outcome:
    """How a deal ended: ``kind`` is one of OUTCOMES; ``side`` scores ``ritor``."""

    kind: str
    side: int | None
    ritor: int
    tricks: tuple[int, int] | None = None  # per side, when known


@dataclass(frozen=True)
class Deal:
    number: int
    dealer: int
    forehand: int
    cut: int | None = None
    held: tuple[int, ...] = (CARDS_EACH,) * N_SEATS  # cards still in each hand
    done: tuple[Done, ...] = ()
    current: Trick | None = None  # the trick being played; None until the lead
    over: tuple[int, ...] = ()  # who stood over in the current trick
    leader: int = 0
    may_lay: bool = True  # the leader is at a moment when sevens may be laid
    won: tuple[int, int] = (0, 0)  # tricks per side, sevens included
    row: tuple[int | None, ...] = ()  # the side of each trick in order; None = set aside
    knowledge: Knowledge = Knowledge()
    # Stand-overs not yet proven wrong: each says "nothing higher than .card in my hand".
    stood: tuple[Claim, ...] = ()
    passed_moments: tuple[tuple[int, int], ...] = ()  # (seat, trick) laying moments let pass
    findings: tuple[Finding, ...] = ()
    quick: bool = False
    outcome: Outcome | None = None
    hands: hand_entry.Hands = hand_entry.no_hands(N_SEATS)  # entered hands, still held

    @property
    def number_next(self) -> int:
        """The number the next trick gets (sevens and set-aside tricks count)."""
        return len(self.done) + 1


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    options: Options
    dealer: int
    phase: str = "deal"  # deal, play, over
    deal: Deal | None = None  # the deal in progress, or the last one
    deals_started: int = 0
    ritor: tuple[int, int] = (0, 0)
    winner: int | None = None  # the side
    rows: tuple[SheetRow, ...] = ()
    past_findings: tuple[Finding, ...] = ()


def new(players: tuple[str, ...], options: Options | None = None,
        first_dealer: int = 0) -> State:
    players = tuple(players)
    check_players(players, first_dealer, name=TITLE, players_range=(N_SEATS, N_SEATS),
                  rule=R_DEAL, sv="Bräus spelas av fyra spelare i två par.",
                  en="Bräus is played by four players in two pairs.")
    return State(players, options or Options(), first_dealer,
                 rows=(SheetRow.start((0, 0), ("", "")),))


# --- the cards ---------------------------------------------------------------------------------
def strength(card: Card) -> int:
    """The card's place in the ranking table: 18 for ♣J (Spit) down to 1 for ♦6; 0 for a
    seven or a worthless card, which can never win a trick."""
    return STRENGTH.get(card, 0)


def beats(card: Card, previous: Card) -> bool:
    """Is ``card`` higher than ``previous``? Every ranked card is higher than a worthless
    one; a worthless card or a seven is higher than nothing."""
    return strength(card) > strength(previous)


def card_name(card: Card) -> str:
    nickname = NICKNAMES.get(card)
    return f"{card} ({nickname})" if nickname else str(card)


def forehand_of(dealer: int) -> int:
    """The dealer's left-hand neighbour: the next seat clockwise."""
    return left_of(dealer, N_SEATS)


def cutter_of(dealer: int) -> int:
    """The player on the dealer's right: the seat before them clockwise."""
    return right_of(dealer, N_SEATS)


# --- scoring: pure functions ---------------------------------------------------------------------
def is_jan(row: tuple[int | None, ...], side: int, set_aside_breaks_row: bool = False) -> bool:
    """Did ``side`` take its last six tricks in a row?

    ``row`` lists the side of every trick in order (``None`` for a set-aside trick, which
    nobody won and which by default does not break the row).

    >>> is_jan((1, 1, 0, 0, 0, 0, 0, 0), 0)
    True
    >>> is_jan((0, 1, 0, 0, 0, 0, 0), 0)
    False
    """
    tricks = [s for s in row if s is not None or set_aside_breaks_row]
    last = tricks[-TRICKS_FOR_JAN:]
    return len(last) == TRICKS_FOR_JAN and all(s == side for s in last)


def deal_outcome(won: tuple[int, int], jan: bool = False,
                 club_king: int | None = None) -> Outcome:
    """The ritor of a finished deal, from the tricks per side.

    Six tricks: one rita, or two for a jan. Five each: the side holding ♣K among its won
    tricks (``club_king``) takes one rita. Otherwise no rita (the same dealer deals again).

    >>> deal_outcome((6, 2)).ritor, deal_outcome((1, 6), jan=True).ritor
    (1, 2)
    >>> deal_outcome((5, 5), club_king=1).side, deal_outcome((5, 5)).ritor
    (1, 0)
    """
    for side in (0, 1):
        if won[side] >= TRICKS_FOR_RITA:
            return Outcome("jan" if jan else "rita", side, JAN if jan else RITA, won)
    if won == (FIVE_FIVE, FIVE_FIVE) and club_king is not None:
        return Outcome("utslag", club_king, RITA, won)
    return Outcome("none", None, 0, won)


# --- small helpers ---------------------------------------------------------------------------
def _name(state: State, seat: int) -> str:
    return state.players[seat]


def side_name(state: State, side: int) -> str:
    return " & ".join(state.players[s] for s in SIDES[side])


def _unplayed(deal: Deal) -> tuple[Card, ...]:
    """The cards still in some hand: all 36 are dealt, so every card not seen is held."""
    seen = {s.card for s in deal.knowledge.seen}
    return tuple(c for c in DECK.cards if c not in seen)


def _turns_left(deal: Deal) -> tuple[int, ...]:
    """The seats still to act in the current trick, in order: the leader first if they have
    not led yet, then each other player once, clockwise, skipping those without cards. The
    order is fixed when the trick starts: only the hand of a player who acts changes."""
    leader = deal.leader if deal.current is None else deal.current.leader
    acted = set() if deal.current is None else {leader, *deal.current.seats(), *deal.over}
    turns = [] if deal.current is not None else [leader]
    turns += [s for s in seats_from(leader, N_SEATS)[1:]
              if s not in acted and deal.held[s] > 0]
    return tuple(turns)


def _to_act(deal: Deal) -> int | None:
    """Whose turn it is; ``None`` when everyone has had their turn in the current trick."""
    turns = _turns_left(deal)
    return turns[0] if turns else None


def _touched(deal: Deal) -> bool:
    """Has anything been entered in this deal (a card, sevens, or 'no sevens')?"""
    return bool(deal.knowledge.seen) or not deal.may_lay


# --- apply -----------------------------------------------------------------------------------
def apply(state: State, event: dict[str, Any]) -> State:
    """Apply one parsed event (see ``rules_engine.events.parse_event``)."""
    return _HANDLERS[event["type"]](state, event)


def _refuse_phase(state: State, event_type: str) -> RuleViolation:
    rule = {"deal": R_DEAL, "play": R_PLAY, "over": R_RITOR}[state.phase]
    return not_expected(expected(state), event_type, state.phase, rule)


def _on_deal(state: State, event: dict[str, Any]) -> State:
    if state.phase != "deal":
        raise _refuse_phase(state, "deal")
    dealer, cutter = state.dealer, cutter_of(state.dealer)
    if "dealer" in event and event["dealer"] != dealer:
        raise _violation(
            "wrong_dealer", R_DEAL, {"dealer": event["dealer"], "expected_dealer": dealer},
            f"Det är {_name(state, dealer)}s giv, inte {_name(state, event['dealer'])}s "
            "(given går medsols efter en rita; utan rita ger samma giv igen).",
            f"It is {_name(state, dealer)}'s deal, not {_name(state, event['dealer'])}'s "
            "(the deal passes clockwise after a rita; without one the same dealer deals "
            "again).")
    if "cut" in event and event["cut"] != cutter:
        raise _violation(
            "wrong_cutter", R_DEAL, {"cut": event["cut"], "expected_cutter": cutter},
            f"Det är spelaren till höger om given, {_name(state, cutter)}, som kuperar — "
            f"inte {_name(state, event['cut'])}.",
            f"The player on the dealer's right, {_name(state, cutter)}, cuts — not "
            f"{_name(state, event['cut'])}.")
    return _start_deal(state, cut=event.get("cut"))


def _start_deal(state: State, cut: int | None = None) -> State:
    forehand = forehand_of(state.dealer)
    deal = Deal(number=state.deals_started + 1, dealer=state.dealer, forehand=forehand,
                cut=cut, leader=forehand)
    past = state.past_findings + (state.deal.findings if state.deal is not None else ())
    return replace(state, phase="play", deal=deal, deals_started=deal.number,
                   past_findings=past)


def _in_play(state: State, event_type: str) -> Deal:
    if state.phase != "play" or state.deal is None:
        raise _refuse_phase(state, event_type)
    return state.deal


def _not_your_turn(state: State, seat: int, turn: int, number: int) -> RuleViolation:
    return turn_refusal(seat, turn, number, R_PLAY, state.players)


def deal_in_progress(state: State) -> int | None:
    """The deal being played (dealt, no outcome yet), else ``None``."""
    deal = state.deal
    if state.phase == "play" and deal is not None and deal.outcome is None:
        return deal.number
    return None


# --- the deal, trick by trick; its duties; the ritor sheet ---------------------------------
# The game's handlers live in sibling modules named after what they hold; they read this
# module's rule tables and state above, so they are imported here, below them (import the
# game as ``braus``: its siblings load from here).
from .braus_play import (  # noqa: E402
    _club_king_side, _on_pass, _on_play, _on_sevens, _on_trick)
from .braus_duties import _on_hand, _with_hands, legal_cards  # noqa: E402
from .braus_ritor import _on_result  # noqa: E402


_HANDLERS = {
    "deal": _on_deal, "sevens": _on_sevens, "play": _on_play, "pass": _on_pass,
    "trick": _on_trick, "result": _on_result, "hand": _on_hand,
}


# --- what comes next ---------------------------------------------------------------------------
RESULT_HINTS = {"outcome": list(OUTCOMES), "winner": list(range(N_SEATS))}


def expected(state: State) -> Expected:
    return _with_hands(state, _expected_turns(state))


def _expected_turns(state: State) -> Expected:
    if state.phase == "over":
        who = side_name(state, state.winner) if state.winner is not None else "?"
        return Expected("over", f"Partiet är slut: {who} vann.",
                        f"The match is over: {who} won.")
    deal = state.deal
    if state.phase == "deal":
        dealer, cutter = state.dealer, cutter_of(state.dealer)
        return Expected(
            "deal", **told(f"{_name(state, dealer)} ger, {_name(state, cutter)} kuperar.",
                           f"{_name(state, dealer)} deals, {_name(state, cutter)} cuts.",
                           "Mata in given stick för stick eller snabbt.",
                           "Enter the deal trick by trick or by quick entry."),
            seat=dealer,
            inputs=(Expectation("deal", dealer, fields={"dealer": [dealer], "cut": [cutter]}),
                    Expectation("result", fields=RESULT_HINTS)))
    assert deal is not None
    seat = _to_act(deal)
    assert seat is not None
    unplayed = _unplayed(deal)
    sevens_left = [str(c) for c in unplayed if c in SEVENS]
    name = _name(state, seat)
    if deal.current is None:
        number = deal.number_next
        must = deal.may_lay and state.options.sevens == "must"
        lead = [str(c) for c in unplayed if not (must and c in SEVENS)]
        inputs = []
        if deal.may_lay and sevens_left:
            inputs.append(Expectation("sevens", seat, fields={"cards": sevens_left}))
        followers = [s for s in _turns_left(deal)[1:]]
        inputs += [Expectation("play", seat, fields={"card": lead, "trick": number,
                                                     "lead": True}),
                   Expectation("trick", seat, fields={
                       "over": followers,
                       "sevens": sevens_left if deal.may_lay else []})]
        if not _touched(deal):
            inputs.append(Expectation("result", fields=RESULT_HINTS))
        if deal.may_lay and sevens_left:
            prompt_sv = f"Stick {number}: {name} lägger ned sina sjuor och spelar ut."
            prompt_en = f"Trick {number}: {name} lays down their sevens and leads."
        else:
            prompt_sv = f"Stick {number}: {name} spelar ut."
            prompt_en = f"Trick {number}: {name} leads."
        return Expected("play", prompt_sv, prompt_en, seat, tuple(inputs))
    trick = deal.current
    last = trick.plays[-1].card
    higher = [str(c) for c in unplayed if beats(c, last)]
    inputs = []
    if higher:
        inputs.append(Expectation("play", seat, fields={"card": higher, "trick": trick.number,
                                                        "to_beat": str(last)}))
    inputs += [Expectation("pass", seat),
               Expectation("trick", seat, fields={"over": list(_turns_left(deal))})]
    if higher:
        prompt_sv = f"Stick {trick.number}: {name} lägger högre än {card_name(last)} eller " \
                    "står över."
        prompt_en = f"Trick {trick.number}: {name} plays higher than {card_name(last)} or " \
                    "stands over."
    else:
        prompt_sv = f"Stick {trick.number}: inget kort slår {card_name(last)} — {name} står över."
        prompt_en = f"Trick {trick.number}: no card beats {card_name(last)} — {name} stands over."
    return Expected("play", prompt_sv, prompt_en, seat, tuple(inputs))


# --- reading the state ---------------------------------------------------------------------------
def is_over(state: State) -> bool:
    return state.phase == "over"


def pissmunkar(state: State) -> tuple[int, ...]:
    """The seats of the pair that lost without a single rita (empty otherwise)."""
    if state.winner is None or state.ritor[1 - state.winner]:
        return ()
    return SIDES[1 - state.winner]


def sheet(state: State) -> Sheet:
    """The protokoll: one column per pair, its ritor as strokes ("marks") on every row."""
    columns = tuple(side_name(state, side) for side in (0, 1))
    return Sheet(players=columns, rows=state.rows, totals=state.ritor, next_dealer=None,
                 winner=state.winner,
                 notes={"unit": "ritor", "target": RITOR_TO_WIN, "direction": "up",
                        "sides": [list(side) for side in SIDES],
                        "strokes": [strokes(r) for r in state.ritor],
                        "dealer": None if state.phase == "over" else state.dealer,
                        "pissmunkar": list(pissmunkar(state))})


def result(state: State) -> dict[str, Any] | None:
    if state.winner is None:
        return None
    return {"winner": state.winner, "winners": list(SIDES[state.winner]),
            "ritor": list(state.ritor), "pissmunkar": list(pissmunkar(state))}


def findings(state: State) -> tuple[Finding, ...]:
    deal = state.deal
    return state.past_findings + (deal.findings if deal is not None else ())


def _trick_dict(trick: Trick, over: tuple[int, ...]) -> dict[str, Any]:
    return {"number": trick.number, "leader": trick.leader,
            "cards": [{"seat": p.seat, "card": str(p.card)} for p in trick.plays],
            "over": list(over)}


def describe(state: State) -> dict[str, Any]:
    """The state as JSON for the API and the app."""
    out: dict[str, Any] = {
        "phase": state.phase, "dealer": state.dealer, "cutter": cutter_of(state.dealer),
        "forehand": forehand_of(state.dealer), "sides": [list(s) for s in SIDES],
        "ritor": list(state.ritor), "strokes": [strokes(r) for r in state.ritor],
        "winner": state.winner, "pissmunkar": list(pissmunkar(state)),
        "deals_started": state.deals_started, "deal": None,
    }
    deal = state.deal
    if deal is None:
        return out
    tricks = []
    for done in deal.done:
        item = _trick_dict(done.trick, done.over)
        item.update(kind=done.kind, winner=done.winner,
                    side=None if done.winner is None else side_of(done.winner))
        tricks.append(item)
    outcome = deal.outcome
    out["deal"] = {
        "number": deal.number, "dealer": deal.dealer, "forehand": deal.forehand,
        "cut": deal.cut, "held": list(deal.held), "leader": deal.leader,
        "may_lay_sevens": deal.may_lay and deal.current is None and outcome is None,
        "to_act": None if outcome is not None else _to_act(deal),
        "won": list(deal.won), "tricks": tricks,
        "current": None if deal.current is None else _trick_dict(deal.current, deal.over),
        "quick": deal.quick,
        "hands": hand_entry.sealed_hands(deal.hands),
        "outcome": None if outcome is None else {
            "kind": outcome.kind, "side": outcome.side, "ritor": outcome.ritor,
            "tricks": None if outcome.tricks is None else list(outcome.tricks)},
    }
    return out
