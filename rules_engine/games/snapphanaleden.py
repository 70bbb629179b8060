"""The Snapphanaleden family (800, 1000, 150, Fjabbe): the machinery the four games share,
read from the rules of 800, whose text the other three refer to ("samma regler som för 800").

Source: rule file 000 ("Snapphanaleden", Swedish), §1 800 (§1.1 the cards, §1.2 the deal,
§1.3 the declaration, §1.4 the play, §1.4.1 ⟨★⟩ Fjønt, §1.5 the points, §1.6 the
protokoll, §1.7 the win), and the 800 notes in the project's rules README. Cited in
refusals as "800 §1.x". The combinations of §1.5.1–§1.5.2 live in ``declarations800``; this
module uses its ``validate`` and ``best``.

How a deal of 800 runs, as the text says it
-------------------------------------------
Everything goes counter-clockwise. The dealer gives 15 cards to each, five at a time, and two
more to themselves; they discard two, never a tarok (⟨XX⟩ ⟨XIX⟩ ⟨N⟩ ⟨★⟩) nor a ⟨K⟩. The two lie
face down as if won by their pair. During the first trick every player may, right before their
first card, lay down cards and declare combinations (flertal, sekvens); the points are written
down at once, and a pair that reaches 800 then wins on the spot. Forehand leads anything. One
must follow suit, else trump, else play anything; a trump led is followed with trump. The
highest card of the led suit or the highest trump wins; of several snapphanar ⟨I⟩ the last
one played wins if nothing higher lies. ⟨★⟩ may be played at any time and never wins: it goes
back to the pair that played it, and if the other pair took the trick they get a worthless
card from the ★-pair's won cards instead; if the ★-pair has won nothing yet, ⟨★⟩ lies face up
until it can pay. ⟨★⟩ led: the next card sets the suit. At the end each pair counts its cards
in pairs by Table 4 (⟨K⟩ or a tarok with a hacka 5, ⟨D⟩ 4, ⟨H⟩ 3, ⟨KN⟩ 2, two hackor 1, minus 1
for two non-hackor together) and 6 for the last trick; the deck holds 93. A pair that took no
trick loses its discards and ⟨★⟩ to the other pair. Pair totals run on; the first to 800
wins; both past 800 in one deal: the higher total wins.

The family machinery
--------------------
A ``Variant`` says what differs between the four games: the sides (pairs, or each for
themselves), the hand size, who discards how many and in which stages, the target (or none for
Fjabbe), how the end of a deal is settled. Everything else is the family's, as functions
taking the variant: this module holds the rule tables, the state and the nine functions a
game module offers (``start``, ``apply_event``, ``expected_of`` …, bound to a variant by
``rules_engine.variants.bind``); the machinery lives in sibling modules named after what
they hold, in the order of the text:

- ``snapphanaleden_discards``: §1.2, the discards and a hand entered (the cards that lie
  face down or private) and where a card can be;
- ``snapphanaleden_declare``: §1.3, the declarations of the first trick;
- ``snapphanaleden_play``: §1.4, the tricks, and §1.4.1, the ⟨★⟩ exchange;
- ``snapphanaleden_scoring``: §1.5–§1.7, the count at the end of a deal, quick entry, and
  the protokoll of a race to the target;
- ``snapphanaleden_expected``: what the table may enter next, and the state as JSON.

``game800``, ``game1000``, ``game150`` and ``fjabbe`` are each a ``Variant`` and its
``Options``; Fjabbe replaces the protokoll and the result, its rule differing there. No game
subclasses another.

What the app knows (design principle 3)
----------------------------------------
It does not see hands. It sees the discards (entered by their owner, face down for the
others), the cards laid down in declarations and every card played, so it knows each side's
won cards exactly. A card may be claimed only while a copy is free (four copies of ⟨I⟩): not
played, not discarded, not known in another hand. A card once laid down in a declaration is
known to be in that hand; then not following while holding it, or neither following nor
trumping while holding a trump, is refused at once. A player may also enter their whole hand
(event ``hand``); then every play of theirs is checked at once. Otherwise a player who did not
follow (or did not trump) and later shows that suit (or a trump) has revoked: a finding names
both tricks.

The discards and an entered hand are private entries of their seat (``PRIVATE``,
``rules_engine.secrets``) until the deal is over (``deal_in_progress``): the legal cards of an
entered hand are sealed, and a refusal resting on a discard or an entered hand carries
``private_to`` and a public wording that does not say where the card lies.

Interpretations (where the text is silent or unclear; also on docs/rules/800.md)
--------------------------------------------------------------------------------
- Seats are numbered clockwise; partners sit opposite (seats 0+2 and 1+3). Forehand is the
  dealer's right-hand neighbour (the next seat counter-clockwise), and the deal passes
  counter-clockwise too, in the direction of play.
- §1.2 says the discards "kan ingå i en kombination" while §1.3 forbids them in the dealer's
  declaration. We read §1.2 as the card count (the "pairs" of §1.5.3): the discards count as
  won cards, are never part of a declaration (refused with §1.3).
- The dealer enters their discard before the first card is played (event ``discard``).
- A declaration is entered "directly before they play their first card" (§1.3), to the letter:
  in the first trick, by the player whose turn it is to play, before their card — so the
  declarations come in playing order, forehand's first, the dealer's last (in 1000 and 150
  forehand's, then the dealer's). A declaration out of turn is refused
  (``declare_out_of_turn``); so is a second one, or one after one's first card. The side that
  reaches the target by a declaration wins at that moment (§1.7), before the players after
  it have declared. Leaving out ``combinations`` asks the engine for the best declaration of
  the cards laid down.
- ⟨★⟩ "återtas": it goes into its pair's won cards (it cannot be played again). The exchange
  card may be any of the pair's won cards (the text: "vilket kort som helst som vunnits");
  option ``fjont_hacka_only`` requires a hacka when the pair has one. The discards lie "as if
  won tricks", so they may pay the exchange (option ``fjont_from_discards``, on by default).
  The exchange is entered (event ``fjont``) as soon as the pair has a card to give, before
  the next card; a pair that never wins a trick loses ⟨★⟩ (with its discards) at the end.
  While the exchange waits (⟨★⟩ face up as a reminder), ``expected`` says so: the play
  prompt names who owes whom, and the play input carries ``fjont_owed``.
- A pair that took no trick gives all its cards (discards, ⟨★⟩) to the other side; in
  Fjabbe, where ⟨★⟩ is the only such card, to the player it owed the exchange.
- The discards may never hold a tarok or ⟨K⟩ — in 1000 and 150 for every discard.
- Both pairs past 800 with equal totals: option ``tie_at_target`` — ``play_on`` (default:
  deal again; the first pair to get ahead wins, by a declaration at once, else after the
  deal) or ``draw``.
- A hand entered (event ``hand``) is the hand as held for play, after the discards.
- A revoke proven later is a finding naming both tricks; the text sets no penalty, so the
  table decides (and may correct the entries). A declaration laid down is the only partial
  knowledge of a hand the app uses to refuse a card at once.
- Quick entry (event ``result``) gives each side's card points, last trick included (they
  must add up to 93 where the whole deck is in play), optionally the tricks per seat, and each
  player's declaration (cards and combinations, checked; or a bare number, which must be a
  total some declaration can have from a hand of the game's size — 15 cards in 800 and 150,
  20 in 1000, 10 in Fjabbe; 7 is refused, ``declaration_value_impossible``, §1.5; see
  ``declarations800.achievable``).
  Declarations are written in first, in playing order; a side reaching the target by them
  wins at once and the card points are not written.
- Card points of an odd number of cards cannot occur at the end of a deal (a trick has an
  even number of cards and the ⟨★⟩ exchange keeps it so); ``card_points`` rounds a lone
  half point down.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, fields
from typing import Any, Callable, Iterable, Sequence

from ..cards import FJONT, TAROT62, TRUMP, Card
from ..errors import Finding, RuleViolation
from ..events import EventSpec, play_event, trick_event
from ..knowledge import Knowledge
from ..protocol import Expected, RuleSection, check_players, option
from ..secrets import PrivateSpec
from ..sheet import Sheet, SheetRow
from ..tricks import Trick, next_seat, seats_from, winning_play_skipping
from . import declarations800

DECK = TAROT62

# --- the rule text as data (§1.1–§1.5) -------------------------------------------------------
DIRECTION = -1  # "Spelet cirkulerar moturs": counter-clockwise
STAR = Card(FJONT, FJONT)  # ⟨★⟩ Fjønt
TAROKKER = (Card(TRUMP, "XX"), Card(TRUMP, "XIX"), Card(TRUMP, "N"), STAR)  # §1.1.1
NO_DISCARD_RANKS = ("K",)  # §1.2: no tarok, no ⟨K⟩
HONOURS = ("K", "D", "H", "KN")  # the court cards; every other card is a hacka
WITH_HACKA = {"tarok": 5, "K": 5, "D": 4, "H": 3, "KN": 2, "hacka": 1}  # Table 4 (§1.5.3)
TWO_HONOURS_LESS = 1  # "Om man måste para ihop två kort som inte är hackor subtraherar man 1"
LAST_TRICK = 6  # §1.5.4
DECK_TOTAL = 93  # "Lekens totala poängsumma (62 kort), inklusive det sista sticket, är 93"
TARGET = 800  # §1.7

R_CARDS = "800 §1.1"
R_DEAL = "800 §1.2"
R_DECLARE = "800 §1.3"
R_PLAY = "800 §1.4"
R_FJONT = "800 §1.4.1"
R_POINTS = "800 §1.5"
R_COUNT = "800 §1.5.3"
R_SHEET = "800 §1.6"
R_WIN = "800 §1.7"

RULES = (
    RuleSection(R_CARDS,
                "62 kort: ♠ ♣ från K ned till Æ, ♥ ♦ från K, D, H, KN, Æ ned till 10, trumf "
                "XX ned till V, fyra lika snapphanar I och N, samt ★. Tarokker: XX, XIX, N, ★.",
                "62 cards: ♠ ♣ from K down to Æ, ♥ ♦ K, D, H, KN, Æ then 6 down to 10, trumps "
                "XX down to V, four equal snapphanar I and N, and ★. Tarokker: XX, XIX, N, ★."),
    RuleSection(R_DEAL,
                "Moturs, 15 kort var i femmor; given får 2 till och sakar 2, aldrig tarok eller "
                "K. De sakade räknas som parets vunna kort; tar paret inget stick får "
                "motståndarna dem.",
                "Counter-clockwise, 15 each in fives; the dealer gets 2 more and discards 2, "
                "never a tarok or K. The discards count as their pair's won cards; if the pair "
                "takes no trick, the opponents get them."),
    RuleSection(R_DECLARE,
                "Under första sticket, före sitt första kort, visar man korten och deklarerar "
                "flertal och sekvenser. Frivilligt; given får inte använda de sakade korten.",
                "In the first trick, before their first card, a player shows the cards and "
                "declares flertal and sekvenser. Optional; the dealer may not use their "
                "discards."),
    RuleSection(R_PLAY,
                "Moturs, förhand spelar ut. Bekänn färg, annars trumfa, annars valfritt; trumf "
                "ut bekänns med trumf. Högsta kortet i färgen eller högsta trumfen tar sticket; "
                "av snapphanar I vinner den sist spelade.",
                "Counter-clockwise, forehand leads. Follow suit, else trump, else anything; a "
                "trump led is followed with trump. The highest card of the suit or the highest "
                "trump takes the trick; of snapphanar I the last one played wins."),
    RuleSection(R_FJONT,
                "★ får spelas när som helst och vinner aldrig. Det går tillbaka till sitt par; "
                "tar motståndarna sticket får de ett kort ur parets vunna i utbyte (eller när "
                "paret har vunnit något). Tar paret inget stick förlorar det ★. ★ ut: nästa kort "
                "bestämmer färgen.",
                "★ may be played at any time and never wins. It goes back to its pair; if the "
                "opponents take the trick they get a card from the pair's won cards instead "
                "(or as soon as the pair has won one). A pair with no trick loses ★. ★ led: "
                "the next card sets the suit."),
    RuleSection(R_COUNT,
                "Korten räknas parvis: tarok eller K med hacka 5, D 4, H 3, KN 2, två hackor 1; "
                "två icke-hackor ihop: summan minus 1. Sista sticket 6. Leken är värd 93.",
                "Cards count in pairs: a tarok or K with a hacka 5, D 4, H 3, KN 2, two hackor "
                "1; two non-hackor together: the sum less 1. Last trick 6. The deck is worth "
                "93."),
    RuleSection(R_WIN,
                "Paren summerar löpande. Först till 800 vinner; når båda 800 i samma giv vinner "
                "det högre. Når ett par 800 under första stickets deklarationer vinner det "
                "genast.",
                "The pairs add up as they go. First to 800 wins; both past 800 in one deal: "
                "the higher wins. A pair reaching 800 during the first trick's declarations "
                "wins at once."),
)


# --- the variants of the family ----------------------------------------------------------------
@dataclass(frozen=True)
class TableRules:
    """The rule choices the shared machinery reads, built from each game's ``Options``."""

    card_in_flertal_and_sekvens: bool = True
    declarations: bool = True
    fjont_from_discards: bool = True
    fjont_hacka_only: bool = False
    tie_at_target: str = "play_on"


# Short names of the family's words for the app's buttons and log (design principle 5).
LABELS = {
    "events": {
        "discard": ("Sakade kort", "Discards"), "hand": ("Hela handen", "Whole hand"),
        "declare": ("Deklaration", "Declaration"), "play": ("Spela ett kort", "Play a card"),
        "trick": ("Ett helt stick", "A whole trick"),
        "fjont": ("Utbyte för ★", "Exchange for ★"), "result": ("Snabbinmatning", "Quick entry"),
    },
    "fields": {
        "points": ("Kortpoäng per sida", "Card points per side"),
        "declarations": ("Deklarationer per plats", "Declarations per seat"),
        "tricks": ("Stick per plats", "Tricks per seat"),
        "combinations": ("Kombinationer", "Combinations"),
    },
    "nouns": {"points": ("poäng", "points"), "combinations": ("kombinationer", "combinations")},
    "values": {
        "play_on": ("Spela en giv till", "Deal again"), "draw": ("Oavgjort", "A draw"),
        "instead": ("I stället", "Instead"), "also": ("Också", "As well"),
        "all_lose": ("Alla förlorar", "All lose"), "none_lose": ("Ingen förlorar", "None loses"),
    },
}


def table_rules(options: Any) -> TableRules:
    """The shared rule choices from a game's ``Options`` (a game without one of them, as
    Fjabbe without discards, keeps the default, which then never comes into play)."""
    names = {f.name for f in fields(TableRules)}
    return TableRules(**{name: getattr(options, name) for name in names
                         if hasattr(options, name)})


# The options the family's games share: name → (default, choices, sv, en). A game's Options
# lists those that apply to it, each a field made by ``shared_option``.
OPTIONS: dict[str, tuple[Any, tuple[str, ...], str, str]] = {
    "card_in_flertal_and_sekvens": (
        True, (),
        "Ett kort får ingå i både ett flertal och en sekvens (texten säger inget).",
        "One card may count in a flertal and a sekvens at once (the text is silent)."),
    "fjont_from_discards": (
        True, (),
        "De sakade korten (”som vunna stick”) får ges i utbyte för ★.",
        "The discards (“as if won tricks”) may be given in exchange for ★."),
    "fjont_hacka_only": (
        False, (),
        "Utbytet för ★ måste vara en hacka om man har en (texten: vilket kort som helst).",
        "The exchange for ★ must be a hacka when there is one (the text: any card)."),
    "tie_at_target": (
        "play_on", ("play_on", "draw"),
        "Båda över målet med lika poäng: spela en giv till (förval) eller oavgjort.",
        "Both past the target with equal totals: deal again (default) or a draw."),
}


def shared_option(name: str) -> Any:
    """A field of a game's ``Options`` for one of the family's shared ``OPTIONS``."""
    default, choices, sv, en = OPTIONS[name]
    return option(default, choices, sv=sv, en=en)


@dataclass(frozen=True)
class RaceOptions:
    """The options of 800, 1000 and 150 (150 adds ``single_deal``; Fjabbe has its own)."""

    card_in_flertal_and_sekvens: bool = shared_option("card_in_flertal_and_sekvens")
    fjont_from_discards: bool = shared_option("fjont_from_discards")
    fjont_hacka_only: bool = shared_option("fjont_hacka_only")
    tie_at_target: str = shared_option("tie_at_target")


@dataclass(frozen=True)
class Variant:
    """What one game of the family deals, discards, and how it settles a deal.

    ``discard_stages``: in each stage the listed roles ("dealer", "other") discard that many
    cards, in any order; a stage is complete before the next begins (1000 discards 10 + 10,
    then the dealer 2 more after the rest of the deck is dealt).
    ``settle(variant, state, score)`` writes the finished deal into the protokoll.
    """

    id: str  # the game's id ("800", "fjabbe", ...)
    game: str  # the name cited in refusals about the deal and the win ("800", "1000", ...)
    players: int
    sides: tuple[tuple[int, ...], ...]
    hand_size: int  # cards held for play = tricks per deal
    cards_in_play: int  # the rest of the 62 lie out of the game
    discard_stages: tuple[tuple[tuple[str, int], ...], ...]
    target: int | None
    rule_deal: str
    rule_win: str
    settle: Callable[["Variant", "State", "DealScore"], "State"]
    quick_needs_tricks: bool = False


# --- state -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DeclarationRecord:
    """One player's declaration: the cards shown, the combinations, the points (§1.3)."""

    seat: int
    laid_down: tuple[Card, ...]
    combinations: tuple[tuple[Card, ...], ...]
    flertal_points: int
    sekvens_points: int
    points: int
    quick: bool = False  # a bare number from quick entry, taken as given

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "cards": [str(c) for c in self.laid_down],
                "combinations": [[str(c) for c in combo] for combo in self.combinations],
                "flertal_points": self.flertal_points, "sekvens_points": self.sekvens_points,
                "points": self.points, "quick": self.quick}


@dataclass(frozen=True)
class FjontDebt:
    """⟨★⟩ was played by ``seat`` of side ``debtor`` and side ``creditor`` took trick ``trick``:
    the debtor owes the creditor one of its won cards (§1.4.1)."""

    seat: int
    debtor: int
    creditor: int
    trick: int


@dataclass(frozen=True)
class DealScore:
    """A finished deal, per side: declarations, card points (last trick included)."""

    number: int
    dealer: int
    declarations: tuple[int, ...]
    cards: tuple[int, ...]
    tricks: tuple[int, ...] | None  # per seat; None after a quick entry without them
    last_trick: int | None  # the side that took the last trick
    won_cards: tuple[tuple[Card, ...], ...] | None  # per side, as counted
    quick: bool = False

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(d + c for d, c in zip(self.declarations, self.cards))

    def as_dict(self) -> dict[str, Any]:
        return {"number": self.number, "dealer": self.dealer,
                "declarations": list(self.declarations), "cards": list(self.cards),
                "totals": list(self.totals),
                "tricks": None if self.tricks is None else list(self.tricks),
                "last_trick": self.last_trick, "quick": self.quick}


@dataclass(frozen=True)
class Deal:
    number: int
    dealer: int
    forehand: int
    discard_log: tuple[tuple[int, tuple[Card, ...]], ...] = ()  # (seat, cards) as entered
    discarded: tuple[tuple[Card, ...], ...] = ()  # per seat, face down now (after exchanges)
    known: tuple[tuple[Card, ...], ...] = ()  # per seat: cards known to be in the hand now
    hand_known: tuple[bool, ...] = ()  # per seat: the whole hand was entered
    declarations: tuple[DeclarationRecord, ...] = ()
    tricks: tuple[Trick, ...] = ()
    current: Trick | None = None
    won: tuple[int, ...] = ()  # tricks per seat
    piles: tuple[tuple[Card, ...], ...] = ()  # per side: cards won in tricks, ★, exchanges
    debt: FjontDebt | None = None
    knowledge: Knowledge = Knowledge()
    quick: bool = False

    @property
    def touched(self) -> bool:
        """Has anything of this deal been entered? (Quick entry replaces a whole deal.)"""
        return bool(self.discard_log or self.declarations or self.knowledge.seen
                    or any(self.hand_known))


@dataclass(frozen=True)
class State:
    game: str
    players: tuple[str, ...]
    options: Any  # the game's own Options
    rules: TableRules
    dealer: int
    deal: Deal
    phase: str  # "discard", "play", "exchange", "over"
    totals: tuple[int, ...]  # per side (a race) or partier lost per player (Fjabbe)
    rows: tuple[SheetRow, ...] = ()
    winner: int | None = None  # the winning side
    losers: tuple[int, ...] = ()  # Fjabbe: the players who lost the match
    last: DealScore | None = None
    past_findings: tuple[Finding, ...] = ()

    @property
    def n(self) -> int:
        return len(self.players)


# --- counting (§1.5.3) ---------------------------------------------------------------------------
def card_class(card: Card) -> str:
    """"tarok", "K", "D", "H", "KN" or "hacka" (every other card) — the rows of Table 4."""
    if card in TAROKKER:
        return "tarok"
    if card.suit not in (TRUMP, FJONT) and card.rank in HONOURS:
        return card.rank
    return "hacka"


def half_points(card: Card) -> int:
    """The card's worth in half points: a hacka ½, ⟨K⟩ 4½ … — Table 4 less the hacka's ½."""
    return 2 * WITH_HACKA[card_class(card)] - 1


def pair_points(a: Card, b: Card) -> int:
    """Two cards counted together by Table 4: ⟨K⟩ + ⟨H⟩ = 5 + 3 − 1 = 7."""
    ca, cb = card_class(a), card_class(b)
    if ca == "hacka" or cb == "hacka":
        return WITH_HACKA[cb if ca == "hacka" else ca]
    return WITH_HACKA[ca] + WITH_HACKA[cb] - TWO_HONOURS_LESS


def card_points(cards: Iterable[Card]) -> int:
    """A pile counted in pairs: the same as the sum of the half points (§1.5.3)."""
    return sum(half_points(c) for c in cards) // 2


def points_range(n_cards: int) -> tuple[int, int]:
    """The least and the most ``n_cards`` of the deck can count, last trick included."""
    values = sorted(half_points(c) for c in DECK.cards)
    return (sum(values[:n_cards]) // 2 + LAST_TRICK, sum(values[-n_cards:]) // 2 + LAST_TRICK)


# --- small helpers ---------------------------------------------------------------------------
def violation(code: str, rule: str, params: dict[str, Any], sv: str, en: str,
              **private: Any) -> RuleViolation:
    """A refusal; ``private`` (private_to, public_sv, public_en) when a private card of a
    seat is its reason (``rules_engine.secrets``)."""
    return RuleViolation(code, rule=rule, params=params, sv=sv, en=en, **private)


def seat_name(state: State, seat: int) -> str:
    return state.players[seat]


def side_of(variant: Variant, seat: int) -> int:
    return next(i for i, side in enumerate(variant.sides) if seat in side)


def side_name(variant: Variant, state: State, side: int) -> str:
    return " & ".join(state.players[s] for s in variant.sides[side])


def replace_at(items: tuple, index: int, value: Any) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


def minus(cards: Iterable[Card], taken: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` with one copy of each card in ``taken`` removed (multisets)."""
    left = list(cards)
    for card in taken:
        left.remove(card)
    return tuple(left)


def extra(wanted: Iterable[Card], have: Iterable[Card]) -> Counter:
    return Counter(wanted) - Counter(have)


def fresh_deal(variant: Variant, number: int, dealer: int) -> Deal:
    n = variant.players
    return Deal(number=number, dealer=dealer,
                forehand=next_seat(dealer, n, direction=DIRECTION),
                discarded=((),) * n, known=((),) * n, hand_known=(False,) * n,
                current=Trick(1, next_seat(dealer, n, direction=DIRECTION)),
                won=(0,) * n, piles=((),) * len(variant.sides))


def first_phase(variant: Variant) -> str:
    return "discard" if variant.discard_stages else "play"


# --- whose turn, who takes the trick (§1.4) -------------------------------------------------
def to_play(variant: Variant, deal: Deal) -> int:
    trick = deal.current
    assert trick is not None
    order = seats_from(trick.leader, variant.players, direction=DIRECTION)
    return order[len(trick.plays)]


def has_played(deal: Deal, seat: int) -> bool:
    return any(s.seat == seat for s in deal.knowledge.seen)


def trick_winner(trick: Trick) -> int:
    """The seat taking the trick: highest trump, else highest of the suit set by the first
    card that is not ⟨★⟩; of equal snapphanar the last one played (§1.1.1, §1.4)."""
    return winning_play_skipping(trick, DECK, TRUMP, (FJONT,), later_equal_wins=True).seat


# --- ⟨★⟩ Fjønt: the exchange (§1.4.1) -------------------------------------------------------
def exchange_choices(variant: Variant, state: State) -> tuple[Card, ...]:
    """The cards the ★-side may give now (empty when it has won nothing yet)."""
    deal = state.deal
    if deal.debt is None:
        return ()
    debtor = deal.debt.debtor
    cards = minus(deal.piles[debtor], (STAR,)) if STAR in deal.piles[debtor] \
        else deal.piles[debtor]
    if state.rules.fjont_from_discards:
        cards += tuple(c for seat in variant.sides[debtor] for c in deal.discarded[seat])
    if state.rules.fjont_hacka_only and any(card_class(c) == "hacka" for c in cards):
        cards = tuple(c for c in cards if card_class(c) == "hacka")
    return cards


def public_exchange_choices(variant: Variant, state: State) -> tuple[tuple[Card, ...], int]:
    """What the whole table may be shown of the exchange due (``expected``): the won cards
    the ★-side may give, judged by the won cards alone, and how many of its discards lie
    face down (all of them, with ``fjont_from_discards``). Which discards may pay is their
    secret (``PRIVATE``): under ``fjont_hacka_only`` the won cards offered, or a count of
    the discards that may be given, would tell whether (and how many of) the discards are
    hackor. ``exchange_choices`` still decides the entry."""
    deal = state.deal
    if deal.debt is None:
        return (), 0
    debtor = deal.debt.debtor
    won = minus(deal.piles[debtor], (STAR,)) if STAR in deal.piles[debtor] \
        else deal.piles[debtor]
    if state.rules.fjont_hacka_only and any(card_class(c) == "hacka" for c in won):
        won = tuple(c for c in won if card_class(c) == "hacka")
    lying = sum(len(deal.discarded[seat]) for seat in variant.sides[debtor]) \
        if state.rules.fjont_from_discards else 0
    return won, lying


# --- the machinery, in sibling modules (they read the tables and the state above) ---------
from . import snapphanaleden_declare as declaring  # noqa: E402
from . import snapphanaleden_discards as discards  # noqa: E402
from . import snapphanaleden_expected as next_up  # noqa: E402
from . import snapphanaleden_play as play  # noqa: E402
from . import snapphanaleden_scoring as scoring  # noqa: E402


# --- a game module's nine functions, of (variant, ...) (rules_engine.variants.bind) --------
def start(variant: Variant, players: Sequence[str], options: Any,
          first_dealer: int = 0) -> State:
    """A new table of one of the family's games."""
    players = tuple(players)
    check_players(players, first_dealer, name=variant.game,
                  players_range=(variant.players, variant.players), rule=variant.rule_deal)
    totals = (0,) * len(variant.sides)  # points per side, or partier lost in Fjabbe
    return State(variant.id, players, options, table_rules(options), first_dealer,
                 fresh_deal(variant, 1, first_dealer), first_phase(variant), totals,
                 (SheetRow.start(totals),))


def apply_event(variant: Variant, state: State, event: dict[str, Any]) -> State:
    """Apply one parsed event (see ``rules_engine.events.parse_event``)."""
    if state.phase == "over":
        raise next_up.refuse_phase(variant, state, event["type"])
    handlers = {
        "discard": discards.on_discard, "hand": discards.on_hand,
        "declare": declaring.on_declare, "play": play.on_play, "trick": play.on_trick,
        "fjont": play.on_fjont, "result": scoring.on_result,
    }
    return handlers[event["type"]](variant, state, event)


def expected_of(variant: Variant, state: State) -> Expected:
    return next_up.expected_of(variant, state)


def sheet_of(variant: Variant, state: State) -> Sheet:
    """The protokoll of 800/1000/150: one column per side, running totals (§1.6)."""
    return scoring.race_sheet(variant, state)


def is_over_of(variant: Variant, state: State) -> bool:
    return state.phase == "over"


def result_of(variant: Variant, state: State) -> dict[str, Any] | None:
    return scoring.race_result(variant, state)


def findings_of(variant: Variant, state: State) -> tuple[Finding, ...]:
    return state.past_findings + state.deal.knowledge.findings


def describe_of(variant: Variant, state: State) -> dict[str, Any]:
    """The state as JSON. Discards are shown by count only: they lie face down."""
    return next_up.describe_of(variant, state)


# --- events -------------------------------------------------------------------------------------
def events_for(variant: Variant) -> dict[str, EventSpec]:
    """The event types of a game of the family (Fjabbe has no discards)."""
    side_sv = "paren" if len(variant.sides[0]) > 1 else "spelarna"
    side_en = "pairs" if len(variant.sides[0]) > 1 else "players"
    events = {
        "discard": EventSpec(
            {"seat": "seat", "cards": "cards"},
            help_sv="De sakade korten (aldrig tarok eller K), med baksidan upp.",
            help_en="The discarded cards (never a tarok or K), face down."),
        "hand": EventSpec(
            {"seat": "seat", "cards": "cards"},
            help_sv="Valfritt: spelarens hela hand när spelet börjar; då prövas varje kort "
                    "direkt.",
            help_en="Optional: the player's whole hand when play begins; then every card is "
                    "checked at once."),
        "declare": EventSpec(
            {"seat": "seat", "cards": "cards"}, {"combinations": "list"},
            help_sv="Deklaration under första sticket: de visade korten och kombinationerna "
                    "(utan kombinationer räknar appen ut den bästa).",
            help_en="A declaration in the first trick: the cards shown and the combinations "
                    "(without combinations the app works out the best one)."),
        "play": play_event(), "trick": trick_event(counter_clockwise=True),
        "fjont": EventSpec(
            {"card": "card"}, {"seat": "seat"},
            help_sv="Kortet som ges i utbyte för ★ ur de vunna korten.",
            help_en="The card given from the won cards in exchange for ★."),
        "result": EventSpec(
            {"points": "list"}, {"declarations": "list", "tricks": "list"},
            help_sv=f"Snabbinmatning av en hel giv: kortpoäng per sida ({side_sv}, sista "
                    "sticket inräknat), deklaration per plats, stick per plats.",
            help_en=f"Quick entry of a whole deal: card points per side ({side_en}, last "
                    "trick included), declaration per seat, tricks per seat."),
    }
    if not variant.discard_stages:
        del events["discard"]
    return events


# --- what is private (rules_engine.secrets) ------------------------------------------------------
def private_for(variant: Variant) -> dict[str, PrivateSpec]:
    """The entries private to their seat: the discards lie face down ("läggs med baksidan
    upp", 800 §1.2; in 1000 both players' discards, 1000 §2), and a hand entered is its
    player's own. The cards out of play in 150 and Fjabbe are entered by nobody."""
    private = {"hand": PrivateSpec(("cards",))}
    if variant.discard_stages:
        private["discard"] = PrivateSpec(("cards",))
    return private


def deal_in_progress_of(variant: Variant, state: State) -> int | None:
    """The deal being played (its discards and hands are private until it is over)."""
    return None if state.phase == "over" else state.deal.number


# --- a variant module's tables ----------------------------------------------------------------
def tables_for(variant: Variant) -> tuple[Any, ...]:
    """A variant module's deck, words, declaration calculator (the API's ``/declarations``),
    events and private entries — the family's, for that variant::

        DECK, LABELS, DECLARATIONS, EVENTS, PRIVATE = family.tables_for(VARIANT)
    """
    return DECK, LABELS, declarations800, events_for(variant), private_for(variant)
