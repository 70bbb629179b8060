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
more to himself; he discards two, never a tarok (⟨XX⟩ ⟨XIX⟩ ⟨N⟩ ⟨★⟩) nor a ⟨K⟩. The two lie
face down as if won by his pair. During the first trick every player may, right before his
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
himself), the hand size, who discards how many and in which stages, the target (or none for
Fjabbe), how the end of a deal is settled. Everything else — discards, optional hands,
declarations, tricks, ⟨★⟩ and its exchange, counting, quick entry, the protokoll of a race to
a target — is here, as functions taking the variant. ``game1000``, ``game150`` and
``fjabbe`` are modules of their own that pass their variant in; no game subclasses another.

What the app knows (design principle 3)
----------------------------------------
It does not see hands. It sees the discards (entered by their owner, face down for the
others), the cards laid down in declarations and every card played, so it knows each side's
won cards exactly. A card may be claimed only while a copy is free (four copies of ⟨I⟩): not
played, not discarded, not known in another hand. A card once laid down in a declaration is
known to be in that hand; then not following while holding it, or neither following nor
trumping while holding a trump, is refused at once. A player may also enter his whole hand
(event ``hand``); then every play of his is checked at once. Otherwise a player who did not
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
- The dealer enters his discard before the first card is played (event ``discard``).
- A declaration is entered "directly before he plays his first card" (§1.3), to the letter:
  in the first trick, by the player whose turn it is to play, before his card — so the
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
from dataclasses import dataclass, field, fields, replace
from typing import Any, Callable, Iterable, Sequence

from ..cards import FJONT, SUIT_NAMES, TAROT62, TRUMP, Card, format_cards
from ..errors import EventFormatError, Finding, RuleViolation
from ..events import EventSpec
from ..knowledge import Knowledge
from ..secrets import PrivateSpec, sealed
from ..protocol import check_first_dealer, Expectation, Expected, RuleSection
from ..sheet import Sheet, SheetRow
from ..tricks import (Play, Trick, led_suit_skipping, next_seat, playable, seats_from,
                      winning_play_skipping)
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


# The options the family's games share, one definition each (a game's Options lists those
# that apply to it).
def option_card_in_flertal_and_sekvens() -> Any:
    return field(default=True, metadata={
        "sv": "Ett kort får ingå i både ett flertal och en sekvens (texten säger inget).",
        "en": "One card may count in a flertal and a sekvens at once (the text is silent)."})


def option_fjont_from_discards() -> Any:
    return field(default=True, metadata={
        "sv": "De sakade korten (”som vunna stick”) får ges i utbyte för ★.",
        "en": "The discards (“as if won tricks”) may be given in exchange for ★."})


def option_fjont_hacka_only() -> Any:
    return field(default=False, metadata={
        "sv": "Utbytet för ★ måste vara en hacka om man har en (texten: vilket kort som helst).",
        "en": "The exchange for ★ must be a hacka when there is one (the text: any card)."})


def option_tie_at_target() -> Any:
    return field(default="play_on", metadata={
        "choices": ("play_on", "draw"),
        "sv": "Båda över målet med lika poäng: spela en giv till (förval) eller oavgjort.",
        "en": "Both past the target with equal totals: deal again (default) or a draw."})


@dataclass(frozen=True)
class Variant:
    """What one game of the family deals, discards, and how it settles a deal.

    ``discard_stages``: in each stage the listed roles ("dealer", "other") discard that many
    cards, in any order; a stage is complete before the next begins (1000 discards 10 + 10,
    then the dealer 2 more after the rest of the deck is dealt).
    ``settle(variant, state, score)`` writes the finished deal into the protokoll.
    """

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
def _violation(code: str, rule: str, params: dict[str, Any], sv: str, en: str,
               **private: Any) -> RuleViolation:
    """A refusal; ``private`` (private_to, public_sv, public_en) when a private card of a
    seat is its reason (``rules_engine.secrets``)."""
    return RuleViolation(code, rule=rule, params=params, sv=sv, en=en, **private)


def _name(state: State, seat: int) -> str:
    return state.players[seat]


def side_of(variant: Variant, seat: int) -> int:
    return next(i for i, side in enumerate(variant.sides) if seat in side)


def side_name(variant: Variant, state: State, side: int) -> str:
    return " & ".join(state.players[s] for s in variant.sides[side])


def _set(items: tuple, index: int, value: Any) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


def _minus(cards: Iterable[Card], taken: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` with one copy of each card in ``taken`` removed (multisets)."""
    left = list(cards)
    for card in taken:
        left.remove(card)
    return tuple(left)


def _extra(wanted: Iterable[Card], have: Iterable[Card]) -> Counter:
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


def start(variant: Variant, game: str, players: Sequence[str], options: Any,
          rules: TableRules, first_dealer: int = 0) -> State:
    """A new table of one of the family's games."""
    players = tuple(players)
    if len(players) != variant.players:
        raise _violation("player_count", variant.rule_deal, {"players": len(players)},
                         f"{variant.game} spelas av {variant.players} spelare.",
                         f"{variant.game} is played by {variant.players} players.")
    check_first_dealer(first_dealer, len(players), variant.rule_deal)
    totals = (0,) * len(variant.sides)  # points per side, or partier lost in Fjabbe
    row = SheetRow("start", "Start", "Start", (None,) * len(totals), totals)
    return State(game, players, options, rules, first_dealer,
                 fresh_deal(variant, 1, first_dealer), first_phase(variant), totals, (row,))


def add_row(state: State, kind: str, sv: str, en: str, changes: dict[int, int],
            deal: int | None, marks: tuple[str, ...] = ()) -> State:
    """A protokoll row: ``changes`` per column (side, or player in Fjabbe)."""
    totals = list(state.totals)
    row_changes: list[int | None] = [None] * len(totals)
    for column, delta in changes.items():
        totals[column] += delta
        row_changes[column] = delta
    row = SheetRow(kind, sv, en, tuple(row_changes), tuple(totals), deal, marks)
    return replace(state, totals=tuple(totals), rows=state.rows + (row,))


# --- where a card can be (multiset bookkeeping) --------------------------------------------
def _played_count(deal: Deal, card: Card) -> int:
    return sum(1 for s in deal.knowledge.seen if s.card == card)


def _discard_count(deal: Deal, card: Card) -> int:
    return sum(cards.count(card) for _, cards in deal.discard_log)


def _free(deal: Deal, card: Card) -> int:
    """Copies of ``card`` nobody is known to have: not played, discarded or known held."""
    return (DECK.copies(card) - _played_count(deal, card) - _discard_count(deal, card)
            - sum(hand.count(card) for hand in deal.known))


def _refuse_unavailable(state: State, seat: int, card: Card, rule: str) -> RuleViolation:
    """Why no copy of ``card`` can be in ``seat``'s hand: the most telling reason."""
    deal = state.deal
    for seen in deal.knowledge.seen:
        if seen.card == card and DECK.copies(card) == 1:
            return _violation(
                "card_already_played", rule, {"card": str(card), "trick": seen.trick,
                                              "seat": seen.seat},
                f"{card} är redan spelat i stick {seen.trick} (av {_name(state, seen.seat)}).",
                f"{card} was already played in trick {seen.trick} (by "
                f"{_name(state, seen.seat)}).")
    # The discards lie face down and an entered hand is its player's own: a refusal that
    # rests on them is private to that seat, and says in public only that no copy is free.
    public = _no_copy_free(state, seat, card)
    for owner, cards in deal.discard_log:
        if card in cards:
            if owner == seat:
                also_sv, also_en = (
                    (" och får inte ingå i deklarationen", " and may not be declared")
                    if rule == R_DECLARE else ("", ""))
                return _violation(
                    "card_discarded", rule, {"card": str(card), "seat": seat},
                    f"{card} ligger bland {_name(state, seat)}s sakade kort; de är inte på "
                    f"handen{also_sv}.",
                    f"{card} is among {_name(state, seat)}'s discards; they are not in the "
                    f"hand{also_en}.", private_to=owner, **public)
            if DECK.copies(card) == 1:
                return _violation(
                    "card_discarded", rule, {"card": str(card), "seat": owner},
                    f"{card} är sakat av {_name(state, owner)}.",
                    f"{card} was discarded by {_name(state, owner)}.",
                    private_to=owner, **public)
    for other, hand in enumerate(deal.known):
        if other != seat and card in hand and DECK.copies(card) == 1:
            shown = any(card in d.laid_down for d in deal.declarations if d.seat == other)
            return _violation(
                "card_held_by_other", rule, {"card": str(card), "seat": other},
                f"{card} är känt på {_name(state, other)}s hand.",
                f"{card} is known to be in {_name(state, other)}'s hand.",
                **({} if shown else {"private_to": other, **public}))
    return _violation(
        "card_already_played", rule, {"card": str(card), "copies": DECK.copies(card)},
        f"Alla {DECK.copies(card)} exemplar av {card} är redan spelade, sakade eller kända "
        "på andra händer.",
        f"All {DECK.copies(card)} copies of {card} are already played, discarded or known "
        "in other hands.")


def _no_copy_free(state: State, seat: int, card: Card) -> dict[str, str]:
    """The public wording of a refusal whose reason is a private card: what is wrong,
    without where the card lies or who holds it."""
    if seat < 0:
        return {"public_sv": f"Inget exemplar av {card} är ledigt: det kan inte vara med här.",
                "public_en": f"No copy of {card} is free: it cannot be part of this entry."}
    return {"public_sv": f"{card} kan inte finnas på {_name(state, seat)}s hand: inget "
                         "exemplar är ledigt.",
            "public_en": f"{card} cannot be in {_name(state, seat)}'s hand: no copy of it is "
                         "free."}


def _check_copies(cards: Iterable[Card], rule: str) -> None:
    """One entry cannot name a card more often than the deck holds it."""
    for card, count in Counter(cards).items():
        if count > DECK.copies(card):
            raise _violation(
                "card_repeated", rule, {"card": str(card), "count": count,
                                        "copies": DECK.copies(card)},
                f"{card} står {count} gånger, men leken har {DECK.copies(card)}.",
                f"{card} is named {count} times, but the deck has {DECK.copies(card)}.")


def _claim(state: State, seat: int, cards: Iterable[Card], rule: str) -> None:
    """Check that ``seat`` can hold ``cards`` besides what he is known to hold."""
    deal = state.deal
    cards = tuple(cards)
    _check_copies(cards, rule)
    extra = _extra(cards, deal.known[seat])
    for card, count in extra.items():
        if deal.hand_known[seat]:
            raise _refuse_not_in_hand(state, seat, card, rule)
        if _free(deal, card) < count:
            raise _refuse_unavailable(state, seat, card, rule)


def _refuse_not_in_hand(state: State, seat: int, card: Card, rule: str) -> RuleViolation:
    return _violation(
        "not_in_hand", rule, {"card": str(card), "seat": seat},
        f"{card} finns inte på {_name(state, seat)}s inmatade hand.",
        f"{card} is not in {_name(state, seat)}'s entered hand.",
        private_to=seat,
        public_sv=f"Kortet stämmer inte med handen som matats in för {_name(state, seat)}.",
        public_en=f"The card does not fit the hand entered for {_name(state, seat)}.")


# --- what the table may enter now ---------------------------------------------------------------
def _refuse_phase(variant: Variant, state: State, event_type: str) -> RuleViolation:
    exp = expected_of(variant, state)
    rule = {"discard": variant.rule_deal, "play": R_PLAY, "exchange": R_FJONT,
            "over": variant.rule_win}[state.phase]
    return _violation(
        "not_expected", rule,
        {"event": event_type, "phase": state.phase, "expected": [i.type for i in exp.inputs]},
        f"Den inmatningen passar inte nu. {exp.prompt_sv}",
        f"That entry does not fit now. {exp.prompt_en}")


def _discards_due(variant: Variant, deal: Deal) -> tuple[tuple[int, int], ...]:
    """The (seat, count) discards the current stage still waits for."""
    done = deal.discard_log
    for stage in variant.discard_stages:
        wanted = tuple((_role_seat(variant, deal, role), count) for role, count in stage)
        entries, done = done[:len(wanted)], done[len(wanted):]
        entered = {seat for seat, _ in entries}
        missing = tuple((seat, count) for seat, count in wanted if seat not in entered)
        if missing:
            return missing
    return ()


def _role_seat(variant: Variant, deal: Deal, role: str) -> int:
    if role == "dealer":
        return deal.dealer
    return next(s for s in range(variant.players) if s != deal.dealer)  # "other" (2 players)


def to_play(variant: Variant, deal: Deal) -> int:
    trick = deal.current
    assert trick is not None
    order = seats_from(trick.leader, variant.players, direction=DIRECTION)
    return order[len(trick.plays)]


def _has_played(deal: Deal, seat: int) -> bool:
    return any(s.seat == seat for s in deal.knowledge.seen)


def _may_declare(variant: Variant, state: State, seat: int) -> bool:
    """§1.3: "direkt före man spelar sitt första kort" — in the first trick, once, and only
    when it is the seat's turn to play: declarations come in playing order."""
    deal = state.deal
    return (state.rules.declarations and state.phase == "play" and not deal.tricks
            and not _has_played(deal, seat)
            and all(d.seat != seat for d in deal.declarations)
            and to_play(variant, deal) == seat)


# --- apply --------------------------------------------------------------------------------------
def apply_event(variant: Variant, state: State, event: dict[str, Any]) -> State:
    """Apply one parsed event (see ``rules_engine.events.parse_event``)."""
    if state.phase == "over":
        raise _refuse_phase(variant, state, event["type"])
    return _HANDLERS[event["type"]](variant, state, event)


def _on_discard(variant: Variant, state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    if state.phase != "discard":
        raise _refuse_phase(variant, state, "discard")
    seat, cards = event["seat"], tuple(event["cards"])
    due = dict(_discards_due(variant, deal))
    if seat not in due:
        waiting = ", ".join(_name(state, s) for s in due)
        raise _violation(
            "not_your_discard", variant.rule_deal, {"seat": seat, "due": sorted(due)},
            f"{_name(state, seat)} ska inte saka nu; det gör {waiting}.",
            f"{_name(state, seat)} does not discard now; {waiting} does.")
    if len(cards) != due[seat]:
        raise _violation(
            "discard_count", variant.rule_deal, {"seat": seat, "cards": len(cards),
                                                  "expected": due[seat]},
            f"{_name(state, seat)} sakar {due[seat]} kort, inte {len(cards)}.",
            f"{_name(state, seat)} discards {due[seat]} cards, not {len(cards)}.")
    for card in cards:
        if card in TAROKKER or (card.suit not in (TRUMP, FJONT)
                                and card.rank in NO_DISCARD_RANKS):
            what_sv, what_en = (("en tarok", "a tarok") if card in TAROKKER
                                else ("en kung", "a king"))
            raise _violation(
                "discard_forbidden", variant.rule_deal, {"seat": seat, "card": str(card)},
                f"{card} är {what_sv}: det är förbjudet att saka tarokker (XX, XIX, N, ★) "
                "och K.",
                f"{card} is {what_en}: tarokker (XX, XIX, N, ★) and kings may not be "
                "discarded.")
    _check_copies(cards, variant.rule_deal)
    for card, count in Counter(cards).items():
        if card in deal.known[seat]:
            raise _violation(
                "discard_in_hand", variant.rule_deal, {"seat": seat, "card": str(card)},
                f"{card} står i {_name(state, seat)}s inmatade hand, korten som spelas; "
                "det kan inte också vara sakat.",
                f"{card} is in {_name(state, seat)}'s entered hand, the cards they play with; "
                "it cannot be discarded as well.", private_to=seat,
                public_sv="De sakade korten stämmer inte med handen som matats in.",
                public_en="The discards do not fit the hand entered.")
        if _free(deal, card) < count:
            raise _refuse_unavailable(state, -1, card, variant.rule_deal)
    discarded = _set(deal.discarded, seat, deal.discarded[seat] + cards)
    deal = replace(deal, discard_log=deal.discard_log + ((seat, cards),), discarded=discarded)
    phase = "discard" if _discards_due(variant, deal) else "play"
    return replace(state, deal=deal, phase=phase)


def _on_hand(variant: Variant, state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    seat, cards = event["seat"], tuple(event["cards"])
    if state.phase not in ("discard", "play") or _has_played(deal, seat):
        raise _violation(
            "hand_too_late", R_PLAY, {"seat": seat},
            f"{_name(state, seat)} har redan spelat: handen matas in före det första kortet.",
            f"{_name(state, seat)} has played already: the hand is entered before the first card.")
    if deal.hand_known[seat]:
        raise _violation("hand_known", R_PLAY, {"seat": seat},
                         f"{_name(state, seat)}s hand är redan inmatad.",
                         f"{_name(state, seat)}'s hand is already entered.")
    if len(cards) != variant.hand_size:
        raise _violation(
            "hand_size", variant.rule_deal, {"seat": seat, "cards": len(cards),
                                             "expected": variant.hand_size},
            f"En hand har {variant.hand_size} kort när spelet börjar (efter sakningen), "
            f"inte {len(cards)}.",
            f"A hand holds {variant.hand_size} cards when play begins (after the discard), "
            f"not {len(cards)}.")
    missing = _extra(deal.known[seat], cards)
    if missing:
        card = next(iter(missing))
        raise _violation(
            "hand_conflict", R_DECLARE, {"seat": seat, "card": str(card)},
            f"{_name(state, seat)} visade {card} i sin deklaration; det måste finnas i handen.",
            f"{_name(state, seat)} showed {card} in their declaration; it must be in the hand.")
    _claim(state, seat, cards, variant.rule_deal)
    deal = replace(deal, known=_set(deal.known, seat, cards),
                   hand_known=_set(deal.hand_known, seat, True))
    return replace(state, deal=deal)


def _parse_combinations(raw: Any) -> list[Any]:
    """Each combination as cards (a text "XX XIX XVIII" or a list of cards), or as
    ``{"kind": "flertal"|"sekvens", "cards": ...}`` which ``declarations800`` reads."""
    def bad() -> EventFormatError:
        return EventFormatError(
            "bad_field", rule="Inmatning", params={"field": "combinations"},
            sv="combinations ska vara en lista av kombinationer, var och en en lista kort, "
               "en text som ”XX XIX XVIII” eller {\"kind\": …, \"cards\": …}.",
            en="combinations must be a list of combinations, each a list of cards, a text "
               "such as “XX XIX XVIII” or {\"kind\": …, \"cards\": …}.")

    if not isinstance(raw, list):
        raise bad()
    combos: list[Any] = []
    for item in raw:
        if isinstance(item, str):
            combos.append(DECK.parse_many(item))
        elif isinstance(item, list) and all(isinstance(c, str) for c in item):
            combos.append(tuple(card for c in item for card in DECK.parse_many(c)))
        elif isinstance(item, dict) and set(item) <= {"kind", "cards"}:
            combos.append(item)
        else:
            raise bad()
    return combos


def _check_declaration(state: State, seat: int, laid_down: tuple[Card, ...],
                       combinations: list[Any] | None) -> DeclarationRecord:
    """Check the cards shown and the combinations (§1.3, §1.5.1–§1.5.2)."""
    if not laid_down:
        raise _violation("declaration_empty", R_DECLARE, {"seat": seat},
                         "En deklaration visar korten den bygger på; den som inte "
                         "deklarerar spelar bara sitt kort.",
                         "A declaration shows the cards it rests on; a player who declares "
                         "nothing just plays their card.")
    _claim(state, seat, laid_down, R_DECLARE)
    options = declarations800.DeclarationOptions(
        card_in_flertal_and_sekvens=state.rules.card_in_flertal_and_sekvens)
    if combinations is None:
        declaration = declarations800.best(laid_down, options)
    else:
        declaration = declarations800.validate(laid_down, combinations, options)
    return DeclarationRecord(
        seat, laid_down, tuple(tuple(c.cards) for c in declaration.combinations),
        declaration.flertal_points, declaration.sekvens_points, declaration.points)


def _on_declare(variant: Variant, state: State, event: dict[str, Any]) -> State:
    seat = event["seat"]
    deal = state.deal
    if not state.rules.declarations:
        raise _violation("declarations_off", R_DECLARE, {"seat": seat},
                         "Vid det här bordet deklarerar man inte.",
                         "At this table there are no declarations.")
    if not _may_declare(variant, state, seat):
        if state.phase != "play":
            raise _refuse_phase(variant, state, "declare")
        if (not deal.tricks and not _has_played(deal, seat)
                and all(d.seat != seat for d in deal.declarations)):
            raise _refuse_declare_out_of_turn(variant, state, seat)
        reason = (("har redan deklarerat", "has already declared")
                  if any(d.seat == seat for d in deal.declarations) else
                  ("deklarerar bara under första sticket, före sitt första kort",
                   "declares only in the first trick, before their first card"))
        raise _violation("declare_not_now", R_DECLARE, {"seat": seat},
                         f"{_name(state, seat)} {reason[0]}.",
                         f"{_name(state, seat)} {reason[1]}.")
    laid_down = tuple(event["cards"])
    combos = _parse_combinations(event["combinations"]) if "combinations" in event else None
    record = _check_declaration(state, seat, laid_down, combos)
    return _record_declaration(variant, state, record)


def _refuse_declare_out_of_turn(variant: Variant, state: State, seat: int) -> RuleViolation:
    """§1.3, §1.7: a player declares right before his first card, so the first trick's
    declarations come in playing order — which decides who reaches the target first."""
    turn = to_play(variant, state.deal)
    return _violation(
        "declare_out_of_turn", R_DECLARE, {"seat": seat, "expected_seat": turn},
        f"{_name(state, seat)} deklarerar direkt före sitt första kort, alltså i spelordning; "
        f"nu är det {_name(state, turn)}s tur att deklarera eller spela.",
        f"{_name(state, seat)} declares right before their first card, so in playing order; "
        f"it is {_name(state, turn)}'s turn to declare or play now.")


def _record_declaration(variant: Variant, state: State, record: DeclarationRecord) -> State:
    deal = state.deal
    seat = record.seat
    new_known = deal.known[seat] + tuple(_extra(record.laid_down, deal.known[seat]).elements())
    deal = replace(deal, declarations=deal.declarations + (record,),
                   known=_set(deal.known, seat, new_known))
    state = replace(state, deal=deal)
    if variant.target is None or record.points == 0:
        return state  # Fjabbe: declarations count with the deal's points
    side = side_of(variant, seat)
    combos = "; ".join(format_cards(c) for c in record.combinations)
    detail = f" ({combos})" if combos else ""
    state = add_row(state, "declaration",
                    f"Giv {deal.number}: {_name(state, seat)} deklarerar {record.points}{detail}",
                    f"Deal {deal.number}: {_name(state, seat)} declares {record.points}{detail}",
                    {side: record.points}, deal.number)
    if state.totals[side] >= variant.target:
        # §1.7: reaching the target during the first trick's declarations wins at once.
        return _finish_match(state, side)
    return state


def _finish_match(state: State, winner: int | None) -> State:
    return replace(state, phase="over", winner=winner)


def _on_play(variant: Variant, state: State, event: dict[str, Any]) -> State:
    if state.phase != "play":
        raise _refuse_phase(variant, state, event["type"])
    return _play_card(variant, state, event["seat"], event["card"])


def _on_trick(variant: Variant, state: State, event: dict[str, Any]) -> State:
    if state.phase != "play":
        raise _refuse_phase(variant, state, "trick")
    trick = state.deal.current
    assert trick is not None
    cards: tuple[Card, ...] = event["cards"]
    remaining = variant.players - len(trick.plays)
    if len(cards) != remaining:
        raise _violation("trick_size", R_PLAY, {"cards": len(cards), "expected": remaining},
                         f"Sticket behöver {remaining} kort till, inte {len(cards)}.",
                         f"The trick needs {remaining} more cards, not {len(cards)}.")
    for card in cards:
        state = _play_card(variant, state, to_play(variant, state.deal), card)
    return state


def legal_cards(deal: Deal, seat: int) -> tuple[Card, ...] | None:
    """The cards ``seat`` may play now when his whole hand is known, else ``None``."""
    if not deal.hand_known[seat] or deal.current is None:
        return None
    led = led_suit_skipping(deal.current, (FJONT,))
    return playable(deal.known[seat], led, TRUMP, (FJONT,))


def _check_follow(state: State, seat: int, card: Card) -> None:
    """Follow suit, else trump (§1.4), checked against what we know of the hand."""
    deal = state.deal
    assert deal.current is not None
    led = led_suit_skipping(deal.current, (FJONT,))
    if led is None or card.suit in (led, FJONT):
        return
    known = deal.known[seat]
    source_sv, source_en = (("finns på den inmatade handen", "is in the entered hand")
                            if deal.hand_known[seat] else
                            (f"visade {_name(state, seat)} i sin deklaration",
                             f"{_name(state, seat)} showed in a declaration"))
    shown = tuple(c for d in deal.declarations if d.seat == seat for c in d.laid_down)

    def private(holds: Card, duty_sv: str, duty_en: str) -> dict[str, Any]:
        """A duty proven by a card of the entered hand (not one shown in a declaration) is
        private to the seat: in public, the duty without the card."""
        if holds in shown:
            return {}
        return {"private_to": seat,
                "public_sv": f"{_name(state, seat)} {duty_sv}: den inmatade handen visar "
                             "det.",
                "public_en": f"{_name(state, seat)} {duty_en}: the entered hand shows "
                             "it."}

    same = next((c for c in known if c.suit == led), None)
    if same is not None:
        suit_sv, suit_en = _suit_words(led)
        raise _violation(
            "must_follow", R_PLAY, {"seat": seat, "card": str(card), "led_suit": led,
                                    "holds": str(same)},
            f"{_name(state, seat)} måste bekänna {suit_sv}: {same} {source_sv}.",
            f"{_name(state, seat)} must follow {suit_en}: {same} {source_en}.",
            **private(same, f"måste bekänna {suit_sv}", f"must follow {suit_en}"))
    trump = next((c for c in known if c.suit == TRUMP), None)
    if card.suit != TRUMP and trump is not None:
        raise _violation(
            "must_trump", R_PLAY, {"seat": seat, "card": str(card), "led_suit": led,
                                   "holds": str(trump)},
            f"{_name(state, seat)} kan inte bekänna och måste då trumfa: {trump} {source_sv}.",
            f"{_name(state, seat)} cannot follow and must then trump: {trump} {source_en}.",
            **private(trump, "kan inte bekänna och måste då trumfa",
                      "cannot follow and must then trump"))


def _suit_words(suit: str) -> tuple[str, str]:
    if suit == TRUMP:
        return "trumf", "trumps"
    return SUIT_NAMES[suit]["sv"], SUIT_NAMES[suit]["en"]


def _voids_shown(led: str | None, card: Card) -> tuple[str, ...]:
    """What a card shows about the hand: not following shows a void in the led suit; neither
    following nor trumping a void in trumps too. ⟨★⟩ shows nothing."""
    if led is None or card.suit in (led, FJONT):
        return ()
    if card.suit == TRUMP:
        return (led,)
    return (led,) if led == TRUMP else (led, TRUMP)


def _play_card(variant: Variant, state: State, seat: int, card: Card) -> State:
    deal = state.deal
    trick = deal.current
    assert trick is not None
    expected_seat = to_play(variant, deal)
    if seat != expected_seat:
        raise _violation(
            "not_your_turn", R_PLAY, {"seat": seat, "expected_seat": expected_seat,
                                      "trick": trick.number},
            f"Det är {_name(state, expected_seat)}s tur i stick {trick.number}, inte "
            f"{_name(state, seat)}s (spelet går moturs).",
            f"It is {_name(state, expected_seat)}'s turn in trick {trick.number}, not "
            f"{_name(state, seat)}'s (play goes counter-clockwise).")
    if card not in deal.known[seat]:
        if deal.hand_known[seat]:
            raise _refuse_not_in_hand(state, seat, card, R_PLAY)
        if _free(deal, card) < 1:
            raise _refuse_unavailable(state, seat, card, R_PLAY)
    _check_follow(state, seat, card)
    led = led_suit_skipping(trick, (FJONT,))
    knowledge = deal.knowledge.record(trick.number, led, Play(seat, card), R_PLAY,
                                      state.players, void_in=_voids_shown(led, card))
    known = deal.known[seat]
    if card in known:
        known = _minus(known, (card,))
    trick = trick.add(Play(seat, card))
    deal = replace(deal, current=trick, knowledge=knowledge,
                   known=_set(deal.known, seat, known))
    state = replace(state, deal=deal)
    if len(trick.plays) < variant.players:
        return state
    return _finish_trick(variant, state)


def trick_winner(trick: Trick) -> int:
    """The seat taking the trick: highest trump, else highest of the suit set by the first
    card that is not ⟨★⟩; of equal snapphanar the last one played (§1.1.1, §1.4)."""
    return winning_play_skipping(trick, DECK, TRUMP, (FJONT,), later_equal_wins=True).seat


def _finish_trick(variant: Variant, state: State) -> State:
    deal = state.deal
    trick = deal.current
    assert trick is not None
    winner = trick_winner(trick)
    side = side_of(variant, winner)
    piles = list(deal.piles)
    piles[side] += tuple(p.card for p in trick.plays if p.card != STAR)
    debt = deal.debt
    star = next((p.seat for p in trick.plays if p.card == STAR), None)
    if star is not None:
        star_side = side_of(variant, star)
        piles[star_side] += (STAR,)  # §1.4.1: ⟨★⟩ goes back to the pair that played it
        if star_side != side:
            debt = FjontDebt(star, star_side, side, trick.number)
    won = _set(deal.won, winner, deal.won[winner] + 1)
    last = trick.number == variant.hand_size
    deal = replace(deal, tricks=deal.tricks + (trick,), won=won, piles=tuple(piles), debt=debt,
                   current=None if last else Trick(trick.number + 1, winner))
    state = replace(state, deal=deal)
    if debt is not None and exchange_choices(variant, state):
        return replace(state, phase="exchange")
    if last:
        return _end_of_deal(variant, state)
    return replace(state, phase="play")


# --- ⟨★⟩ Fjønt: the exchange (§1.4.1) -------------------------------------------------------
def exchange_choices(variant: Variant, state: State) -> tuple[Card, ...]:
    """The cards the ★-side may give now (empty when it has won nothing yet)."""
    deal = state.deal
    if deal.debt is None:
        return ()
    debtor = deal.debt.debtor
    cards = _minus(deal.piles[debtor], (STAR,)) if STAR in deal.piles[debtor] \
        else deal.piles[debtor]
    if state.rules.fjont_from_discards:
        cards += tuple(c for seat in variant.sides[debtor] for c in deal.discarded[seat])
    if state.rules.fjont_hacka_only and any(card_class(c) == "hacka" for c in cards):
        cards = tuple(c for c in cards if card_class(c) == "hacka")
    return cards


def _on_fjont(variant: Variant, state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    if state.phase != "exchange" or deal.debt is None:
        raise _violation(
            "no_exchange_due", R_FJONT, {"phase": state.phase},
            "Inget kort ska ges i utbyte för ★ nu.",
            "No card is due in exchange for ★ now.")
    debt = deal.debt
    card = event["card"]
    seat = event.get("seat")
    if seat is not None and side_of(variant, seat) != debt.debtor:
        raise _violation(
            "not_debtor", R_FJONT, {"seat": seat},
            f"Det är {side_name(variant, state, debt.debtor)} som ger ett kort för ★.",
            f"It is {side_name(variant, state, debt.debtor)} who gives a card for ★.")
    choices = exchange_choices(variant, state)
    if card not in choices:
        hacka = (state.rules.fjont_hacka_only and card_class(card) != "hacka"
                 and any(card_class(c) == "hacka" for c in choices))
        if hacka:
            raise _violation(
                "exchange_not_worthless", R_FJONT, {"card": str(card)},
                f"{card} är ingen hacka; vid det här bordet ges en hacka för ★ när man har en.",
                f"{card} is not a hacka; at this table a hacka is given for ★ when there is "
                "one.")
        raise _violation(
            "exchange_not_won", R_FJONT, {"card": str(card)},
            f"{card} finns inte bland {side_name(variant, state, debt.debtor)}s vunna kort.",
            f"{card} is not among {side_name(variant, state, debt.debtor)}'s won cards.")
    piles = list(deal.piles)
    discarded = deal.discarded
    if card in piles[debt.debtor] and card != STAR:
        piles[debt.debtor] = _minus(piles[debt.debtor], (card,))
    else:
        owner = next(s for s in variant.sides[debt.debtor] if card in deal.discarded[s])
        discarded = _set(discarded, owner, _minus(discarded[owner], (card,)))
    piles[debt.creditor] += (card,)
    deal = replace(deal, piles=tuple(piles), discarded=discarded, debt=None)
    state = replace(state, deal=deal)
    if len(deal.tricks) == variant.hand_size:
        return _end_of_deal(variant, state)
    return replace(state, phase="play")


# --- the end of a deal -------------------------------------------------------------------------
def _end_of_deal(variant: Variant, state: State) -> State:
    """Count the cards (§1.5.3, §1.5.4) and hand the deal to the game's ``settle``."""
    deal = state.deal
    n_sides = len(variant.sides)
    cards = [deal.piles[i] + tuple(c for s in variant.sides[i] for c in deal.discarded[s])
             for i in range(n_sides)]
    tricks_by_side = [sum(deal.won[s] for s in side) for side in variant.sides]
    for side in range(n_sides):
        if tricks_by_side[side] == 0 and cards[side]:
            # §1.2, §1.4.1: no trick at all → the discards and ⟨★⟩ go to the other side.
            if deal.debt is not None and deal.debt.debtor == side:
                to = deal.debt.creditor
            else:
                to = next(i for i in range(n_sides) if i != side)
            cards[to] += cards[side]
            cards[side] = ()
    last_side = side_of(variant, trick_winner(deal.tricks[-1]))
    points = tuple(card_points(cards[i]) + (LAST_TRICK if i == last_side else 0)
                   for i in range(n_sides))
    score = DealScore(deal.number, deal.dealer, _declared_by_side(variant, deal), points,
                      deal.won, last_side, tuple(cards))
    return variant.settle(variant, state, score)


def _declared_by_side(variant: Variant, deal: Deal) -> tuple[int, ...]:
    return tuple(sum(d.points for d in deal.declarations if side_of(variant, d.seat) == i)
                 for i in range(len(variant.sides)))


def next_deal(variant: Variant, state: State, score: DealScore) -> State:
    """The next dealer (counter-clockwise) and a fresh deal."""
    dealer = next_seat(state.dealer, variant.players, direction=DIRECTION)
    past = state.past_findings + state.deal.knowledge.findings
    return replace(state, dealer=dealer, deal=fresh_deal(variant, state.deal.number + 1, dealer),
                   phase=first_phase(variant), last=score, past_findings=past)


def settle_race(variant: Variant, state: State, score: DealScore,
                decide_now: bool = False) -> State:
    """800, 1000, 150: write the card points; the first side to the target wins; both past
    it in one deal: the higher total (§1.7). ``decide_now``: the higher total wins now,
    target or not (150's ``single_deal``)."""
    target = variant.target
    assert target is not None
    number = score.number
    names = [side_name(variant, state, i) for i in range(len(variant.sides))]
    shown = ", ".join(f"{names[i]} {p}" for i, p in enumerate(score.cards))
    state = add_row(state, "deal", f"Giv {number}: korten — {shown}",
                    f"Deal {number}: cards — {shown}",
                    dict(enumerate(score.cards)), number)
    state = replace(state, last=score)
    reached = [i for i, total in enumerate(state.totals) if decide_now or total >= target]
    if not reached:
        return next_deal(variant, state, score)
    best = max(state.totals[i] for i in reached)
    leaders = [i for i in reached if state.totals[i] == best]
    if len(leaders) == 1:
        return _finish_match(state, leaders[0])
    if state.rules.tie_at_target == "draw":
        return _finish_match(state, None)
    return next_deal(variant, state, score)


# --- quick entry of a whole deal ---------------------------------------------------------------
def _on_result(variant: Variant, state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    if deal.touched or state.phase not in ("discard", "play"):
        raise _violation(
            "quick_not_now", R_SHEET, {"phase": state.phase},
            "Snabbinmatning gäller en hel giv och görs innan något av given är inmatat.",
            "Quick entry covers a whole deal and comes before anything of the deal is "
            "entered.")
    n_sides = len(variant.sides)
    points = event["points"]
    if not (isinstance(points, list) and len(points) == n_sides
            and all(isinstance(p, int) and not isinstance(p, bool) and p >= 0
                    for p in points)):
        raise _violation(
            "result_shape", R_COUNT, {"points": points},
            f"Ange kortpoängen (med sista sticket) för var och en av {n_sides} sidor.",
            f"Give the card points (last trick included) for each of the {n_sides} sides.")
    low, high = points_range(variant.cards_in_play)
    if not low <= sum(points) <= high:
        if low == high:
            sv = f"Kortpoängen blir {sum(points)}, men leken är värd {low} med sista sticket."
            en = f"The card points add up to {sum(points)}, but the deck is worth {low} " \
                 "with the last trick."
        else:
            sv = f"Kortpoängen blir {sum(points)}; korten i spel är värda {low}–{high}."
            en = f"The card points add up to {sum(points)}; the cards in play are worth " \
                 f"{low}–{high}."
        raise _violation("points_do_not_add_up", R_COUNT,
                         {"points": points, "sum": sum(points), "expected": [low, high]}, sv, en)
    tricks = _quick_tricks(variant, state, event.get("tricks"))
    if tricks is not None:
        for i, side in enumerate(variant.sides):
            if sum(tricks[s] for s in side) == 0 and points[i] > 0:
                raise _violation(
                    "points_without_tricks", R_COUNT, {"side": i, "points": points[i]},
                    f"{side_name(variant, state, i)} tog inget stick och har då inga kort.",
                    f"{side_name(variant, state, i)} took no trick and so has no cards.")
    deal = replace(deal, quick=True)
    state = replace(state, deal=deal)
    raw_declarations = event.get("declarations") or [None] * variant.players
    if not isinstance(raw_declarations, list) or len(raw_declarations) != variant.players:
        raise _violation("result_shape", R_DECLARE, {"declarations": raw_declarations},
                         f"Ange en deklaration (eller null) för var och en av "
                         f"{variant.players} platser.",
                         f"Give one declaration (or null) for each of the {variant.players} "
                         "seats.")
    order = seats_from(deal.forehand, variant.players, direction=DIRECTION)
    for seat in order:
        record = _quick_declaration(variant, state, seat, raw_declarations[seat])
        if record is not None:
            state = _record_declaration(variant, state, record)
            if state.phase == "over":
                return state
    score = DealScore(deal.number, deal.dealer, _declared_by_side(variant, state.deal),
                      tuple(points), tricks, None, None, quick=True)
    return variant.settle(variant, state, score)


def _quick_tricks(variant: Variant, state: State, raw: Any) -> tuple[int, ...] | None:
    if raw is None:
        if variant.quick_needs_tricks:
            raise _violation("result_shape", variant.rule_win, {"tricks": None},
                             "Ange antal stick för varje spelare.",
                             "Give the number of tricks for each player.")
        return None
    if not (isinstance(raw, list) and len(raw) == variant.players
            and all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in raw)):
        raise _violation("result_shape", R_PLAY, {"tricks": raw},
                         f"Ange antal stick för var och en av {variant.players} platser.",
                         f"Give the number of tricks for each of the {variant.players} seats.")
    if sum(raw) != variant.hand_size:
        raise _violation(
            "tricks_do_not_add_up", R_PLAY, {"tricks": raw, "sum": sum(raw)},
            f"Sticken blir {sum(raw)}, men en giv har {variant.hand_size} stick.",
            f"The tricks add up to {sum(raw)}, but a deal has {variant.hand_size} tricks.")
    return tuple(raw)


def _quick_declaration(variant: Variant, state: State, seat: int,
                       raw: Any) -> DeclarationRecord | None:
    if raw is None or raw == 0:
        return None
    if not state.rules.declarations:
        raise _violation("declarations_off", R_DECLARE, {"seat": seat},
                         "Vid det här bordet deklarerar man inte.",
                         "At this table there are no declarations.")
    if isinstance(raw, int) and not isinstance(raw, bool) and raw > 0:
        _check_declared_total(variant, state, seat, raw)
        return DeclarationRecord(seat, (), (), 0, 0, raw, quick=True)
    if isinstance(raw, dict) and "cards" in raw and set(raw) <= {"cards", "combinations"}:
        cards = raw["cards"]
        if isinstance(cards, str):
            laid_down = DECK.parse_many(cards)
        elif isinstance(cards, list) and all(isinstance(c, str) for c in cards):
            laid_down = tuple(card for c in cards for card in DECK.parse_many(c))
        else:
            laid_down = None
        if laid_down is not None:
            combos = (_parse_combinations(raw["combinations"]) if "combinations" in raw
                      else None)
            return _check_declaration(state, seat, laid_down, combos)
    raise EventFormatError(
        "bad_field", rule="Inmatning", params={"field": "declarations", "seat": seat},
        sv="En deklaration är null, ett poängtal, eller {\"cards\": …, \"combinations\": …}.",
        en="A declaration is null, a number of points, or {\"cards\": …, \"combinations\": …}.")


def _check_declared_total(variant: Variant, state: State, seat: int, points: int) -> None:
    """§1.5: a bare number must be a total some declaration from a hand of the game's size
    can have (flertal 12–36 each, sequences 10, 15, 20 …, doubled at three of a group)."""
    options = declarations800.DeclarationOptions(
        card_in_flertal_and_sekvens=state.rules.card_in_flertal_and_sekvens)
    possible = declarations800.achievable(variant.hand_size, options)
    if points in possible:
        return
    below = max((t for t in possible if t < points), default=None)
    above = min((t for t in possible if t > points), default=None)
    near = [t for t in (below, above) if t is not None]
    near_sv = " eller ".join(map(str, near))
    near_en = " or ".join(map(str, near))
    raise _violation(
        "declaration_value_impossible", R_POINTS,
        {"seat": seat, "points": points, "nearest": near, "hand_size": variant.hand_size},
        f"{_name(state, seat)}: ingen deklaration ur en hand på {variant.hand_size} kort ger "
        f"{points} poäng — flertal ger 12–36, sekvenser 10, 15, 20 …, och tre av samma grupp "
        f"dubblas. Närmast möjliga: {near_sv}.",
        f"{_name(state, seat)}: no declaration from a hand of {variant.hand_size} cards is "
        f"worth {points} points — flertal give 12–36, sequences 10, 15, 20 …, and three of one "
        f"group are doubled. Nearest possible: {near_en}.")


_HANDLERS = {
    "discard": _on_discard, "hand": _on_hand, "declare": _on_declare, "play": _on_play,
    "trick": _on_trick, "fjont": _on_fjont, "result": _on_result,
}


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
        "play": EventSpec({"seat": "seat", "card": "card"}, help_sv="Ett spelat kort.",
                          help_en="One card played."),
        "trick": EventSpec({"cards": "cards"},
                           help_sv="Sticket i spelordning (moturs) från den som står på tur.",
                           help_en="The trick's cards in playing order (counter-clockwise) "
                                   "from the seat to play."),
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


def deal_in_progress(state: State) -> int | None:
    """The deal being played (its discards and hands are private until it is over)."""
    return None if state.phase == "over" else state.deal.number


# --- what comes next ----------------------------------------------------------------------------
def _result_hint(variant: Variant) -> Expectation:
    """Quick entry: card points per side, declarations and tricks per seat; where the whole
    deck is in play the points add up to one figure, so the form fills the other side's."""
    low, high = points_range(variant.cards_in_play)
    hints: dict[str, Any] = {"per": {"points": "side", "declarations": "seat", "tricks": "seat"}}
    if low == high:
        hints["total"] = {"points": low}
    return Expectation("result", fields=hints)


def expected_of(variant: Variant, state: State) -> Expected:
    deal = state.deal
    if state.phase == "over":
        if state.losers:
            who = ", ".join(_name(state, s) for s in state.losers)
            return Expected("over", f"Partiet är slut: {who} förlorade.",
                            f"The match is over: {who} lost.")
        if state.winner is not None:
            who = side_name(variant, state, state.winner)
            return Expected("over", f"Partiet är slut: {who} vann.",
                            f"The match is over: {who} won.")
        return Expected("over", "Partiet är slut.", "The match is over.")
    quick = (_result_hint(variant),) if not deal.touched else ()
    hands = tuple(Expectation("hand", s) for s in range(variant.players)
                  if not deal.hand_known[s] and not _has_played(deal, s))
    if state.phase == "discard":
        due = _discards_due(variant, deal)
        seat = due[0][0]
        names = ", ".join(_name(state, s) for s, _ in due)
        count = due[0][1]
        return Expected(
            "discard", f"Giv {deal.number}: {names} sakar {count} kort.",
            f"Deal {deal.number}: {names} discards {count} cards.", seat,
            tuple(Expectation("discard", s, fields={"count": c, "forbidden": "tarokker, K"})
                  for s, c in due) + hands + quick)
    if state.phase == "exchange":
        debt = deal.debt
        assert debt is not None
        debtor = side_name(variant, state, debt.debtor)
        creditor = side_name(variant, state, debt.creditor)
        choices = exchange_choices(variant, state)
        won = [c for c in choices if c in deal.piles[debt.debtor]]
        return Expected(
            "exchange", f"{debtor} ger {creditor} ett kort i utbyte för ★.",
            f"{debtor} give {creditor} a card in exchange for ★.", debt.seat,
            (Expectation("fjont", debt.seat, fields={
                "creditor": debt.creditor, "trick": debt.trick,
                # the won cards everybody saw; the discards lie face down: only their number
                "choices": sorted({str(c) for c in won}),
                "discards": len(choices) - len(won)}),))
    trick = deal.current
    assert trick is not None
    seat = to_play(variant, deal)
    led = led_suit_skipping(trick, (FJONT,))
    legal = legal_cards(deal, seat)
    fields: dict[str, Any] = {"trick": trick.number, "leader": trick.leader, "led_suit": led}
    if legal is not None:
        # what the entered hand allows is the hand's secret (rules_engine.secrets)
        fields["legal"] = sealed(seat, sorted({str(c) for c in legal}))
    declare = tuple(Expectation("declare", s) for s in range(variant.players)
                    if _may_declare(variant, state, s))
    owed_sv, owed_en = "", ""
    if deal.debt is not None:
        fields["fjont_owed"] = _fjont_owed(deal.debt)
        owed_sv, owed_en = _fjont_owed_prompt(variant, state, deal.debt)
    return Expected(
        "play",
        f"Giv {deal.number}, stick {trick.number}: {_name(state, seat)} spelar.{owed_sv}",
        f"Deal {deal.number}, trick {trick.number}: {_name(state, seat)} plays.{owed_en}", seat,
        (Expectation("play", seat, fields=fields), Expectation("trick", seat)) + declare
        + hands + quick)


def _fjont_owed(debt: FjontDebt) -> dict[str, int]:
    """The ⟨★⟩ exchange still owed (§1.4.1), as ``expected`` shows it while play goes on."""
    return {"seat": debt.seat, "debtor": debt.debtor, "creditor": debt.creditor,
            "trick": debt.trick}


def _fjont_owed_prompt(variant: Variant, state: State, debt: FjontDebt) -> tuple[str, str]:
    """§1.4.1: the ★-side has won nothing yet, so ⟨★⟩ lies face up as a reminder; the card
    is due as soon as it has won one, at the latest at the end of the deal."""
    debtor = side_name(variant, state, debt.debtor)
    creditor = side_name(variant, state, debt.creditor)
    many = len(variant.sides[debt.debtor]) > 1
    return (f" {debtor} är skyldig{'a' if many else ''} {creditor} ett kort för ★ "
            f"(stick {debt.trick}); det ges så snart {debtor} har vunnit ett stick.",
            f" {debtor} {'owe' if many else 'owes'} {creditor} a card for ★ (trick "
            f"{debt.trick}), given as soon as {debtor} {'win' if many else 'wins'} a trick.")


# --- reading the state --------------------------------------------------------------------------
def race_sheet(variant: Variant, state: State) -> Sheet:
    """The protokoll of 800/1000/150: one column per side, running totals (§1.6)."""
    columns = tuple(side_name(variant, state, i) for i in range(len(variant.sides)))
    return Sheet(players=columns, rows=state.rows, totals=state.totals,
                 next_dealer=None, winner=state.winner,
                 notes={"target": variant.target, "direction": "up",
                        "sides": [list(side) for side in variant.sides],
                        "dealer": None if state.phase == "over" else state.dealer,
                        "last_deal": None if state.last is None else state.last.as_dict()})


def race_result(variant: Variant, state: State) -> dict[str, Any] | None:
    if state.phase != "over":
        return None
    return {"winner": state.winner,
            "winners": [] if state.winner is None else list(variant.sides[state.winner]),
            "totals": list(state.totals), "target": variant.target}


def all_findings(state: State) -> tuple[Finding, ...]:
    return state.past_findings + state.deal.knowledge.findings


def describe_of(variant: Variant, state: State) -> dict[str, Any]:
    """The state as JSON. Discards are shown by count only: they lie face down."""
    deal = state.deal

    def trick_dict(t: Trick) -> dict[str, Any]:
        out = {"number": t.number, "leader": t.leader,
               "cards": [{"seat": p.seat, "card": str(p.card)} for p in t.plays]}
        if len(t.plays) == variant.players:
            out["winner"] = trick_winner(t)
        return out

    return {
        "phase": state.phase, "dealer": state.dealer,
        "sides": [list(side) for side in variant.sides], "totals": list(state.totals),
        "winner": state.winner, "losers": list(state.losers), "target": variant.target,
        "deal": {
            "number": deal.number, "dealer": deal.dealer, "forehand": deal.forehand,
            "discards": [{"seat": s, "count": len(c)} for s, c in deal.discard_log],
            "hands_entered": [s for s in range(variant.players) if deal.hand_known[s]],
            "declarations": [d.as_dict() for d in deal.declarations],
            "tricks": [trick_dict(t) for t in deal.tricks],
            "current": None if deal.current is None else trick_dict(deal.current),
            "won": list(deal.won),
            "won_cards": [len(p) for p in deal.piles],
            "fjont_debt": None if deal.debt is None else {
                "seat": deal.debt.seat, "debtor": deal.debt.debtor,
                "creditor": deal.debt.creditor, "trick": deal.debt.trick},
        },
        "last_deal": None if state.last is None else state.last.as_dict(),
    }
