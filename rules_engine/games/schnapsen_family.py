"""The Schnapsen family (Schnapsen, Hungarian four-handed Schnapsen, 66): the machinery the
three games share — the talon and its trump card, the exchange, the closing, marriages, the
claim of 66, game points counted down from 7 (the Bummerl) — read from one rule text.

Source: rule file 001 ("シュナプセンまたは 66", Japanese), all of it: 人数とカード (players
and cards), カードの強弱と点 (ranks and card points), 目的 (the aim), カードの配り方 (the deal),
カード勝負 (the tricks: following, drawing, the exchange, the closing, marriages),
カード勝負の終了 (the end of play: the claim), ゲーム点 (game points), 競技ルール
(tournament rules), 4 人版 (the Hungarian four-handed game), 他の国々の 66 (66 of other
countries); and the Schnapsen notes in the project's rules README. Cited in refusals as
"Schnapsen — <part>", "Schnapsen för fyra — <part>" and "66 — Skillnader". The games are
``schnapsen``, ``schnapsen4`` and ``sixtysix``; each passes its ``Variant`` in, none
subclasses another.

How a hand runs, as the text says it (two players)
--------------------------------------------------
20 cards, A 10 K Q J in four suits, worth 11 10 4 3 2 (120 in all). The dealer gives three
cards each (the opponent first), turns one card face up, gives two more each and lays the rest
face down across the turned card: the talon; the turned card is trump and the talon's last
card. The non-dealer leads the first trick, then the trick's winner. While cards can be drawn,
the follower may play any card; once the talon is closed or exhausted he must follow suit and
beat the card led if he can (a higher card of the suit, else a lower one, else a trump, else
anything). The highest trump, else the highest card of the suit led, wins. While the talon is
open the winner and then the loser draw a card each. The next leader, after drawing and before
his card, may exchange the trump jack for the trump card (before the first trick too), and may
close the talon by turning the trump card down on it (also right after an exchange, also
before the first trick). A leader with K and Q of a suit scores a marriage — 40 in trumps,
else 20 — by leading one and showing the other; the points of a marriage the first leader
shows count only once he wins a trick (and by the README's common rule, any marriage counts
only once its announcer has won a trick). Whoever believes he has 66 with his cards and
marriages claims it and the hand ends; otherwise it ends when the hands are empty.

Game points (the text's ゲーム点, "written out in words, then implemented as"):

- A right claim when the opponent did not close, and the last (10th) trick of an exhausted
  talon: 1 if the opponent has 33 or more, 2 if he has 32 or less but at least one trick, 3 if
  he has no trick — ``game_points_by_figures``.
- A right claim against an opponent who closed, and the opponent's wrong claim: 3 if the
  scorer has no trick, else 2 — ``game_points_two_or_three``.
- After a closing the points and tricks that decide are those *at the moment of closing*
  (README: so the text says; the tournament option uses the end-of-hand figures). A closed
  hand that nobody claimed is scored as if the closer had claimed at the end.
- Game points count down from 7; the first to 0 wins the Bummerl.

What the app knows (design principle 3)
---------------------------------------
It does not see hands. It knows the trump card (face up under the talon until the last draw
takes it, the exchange replaces it, or the closing turns it down: then it is out of play for
the hand), the cards played, the card a marriage showed, the trump card an exchange or the last
draw put into a hand. A card in the talon, played, or known in the other hand is refused at
once; so is a card that breaks the duty to follow, trump or head when a known card proves it.
Otherwise, once the duty applies no card enters a hand any more, so every card a player plays
later was in his hand before: a later card that would have been the required one proves the
earlier breach, and a finding names both tricks (``duty_breach``).

A hand entered by its player (``hand``, private to his seat until the hand is over) can be
entered once no card enters a hand any more (talon closed or exhausted; four hands: at once):
then each of his cards is checked at once against it — not in it, or made wrong by another
card of it under the duty to follow, trump and head — and refused with the duty cited. Under
``no_peeking`` the won tricks lie face down: ``describe`` lists no finished trick during the
hand and seals each player's won pile for his seat.

The dispute settler
-------------------
``settler`` answers, for any moment of a hand and with the rule: the trump, the talon (cards
left, face down, open/closed/exhausted), whether the duty to follow and head applies, whether
an exchange, a closing or a marriage is allowed right now (and why not), and for each player
whether a claim of 66 would be right now and what it would score. ``describe`` carries it;
``expected`` offers only the inputs it allows.

Interpretations (where the text is silent or unclear; also on docs/rules/schnapsen.md)
-------------------------------------------------------------------------------------
- Drawing from the talon is implied, not entered: after each trick of an open talon the winner
  and then the loser draw; the loser of the trick that empties the talon takes the trump card
  (the app then knows it is in his hand).
- A claim may be entered at any moment of a hand by either player (mid-trick too, e.g. right
  after a marriage lead). It is judged on the points *then*: cards won plus the marriages that
  count. A wrong claim is not refused: it is a claim, scored against the claimant.
- "Wrong claim → 2, or 3 if he has no trick" and "against a closer → 2 or 3": the text's
  "if he took no card" names the scorer (the four-handed section says so explicitly); after a
  closing his tricks at the moment of closing decide, as for every figure after a closing.
- A marriage counts once its announcer has won a trick (README); it is "pending" until then
  and counts for nothing in the figures of the moment (closing, claim).
- The figures at the moment of closing are taken before the closer leads (a marriage he then
  announces is not in them).
- Quick entry of a closed hand (two hands) says who closed and the figures at the closing
  (the closer's opponent's points and tricks; the closer's tricks for the opponent's wrong
  claim), since they, not the end-of-hand figures, decide; a right claim by the closer's
  opponent is recorded as a claim against the closer. Without ``closer`` an entry is a hand
  without a closing.
- Quick entry is refused when it cannot be a hand: a loser with points has a trick, so not 3
  game points; a wrong claim's claimant (the loser) had less than 66 (issue 15).
- In 66 the last-trick 10 is earned only when the talon was exhausted (the text: "the final
  trick after the talon is used up"); in a closed hand there is none. With the talon exhausted
  and nobody claiming, the last trick's winner wins the hand whatever the points (two hands).
- The game points beyond 0 are lost (a player at 1 winning 3 stands at 0); the Bummerl ends
  when a player reaches 0 and the other "gets the Bummerl". Option ``match_bummerl`` says how
  many Bummerl make the match (0: play on); the match goes to whoever lost the fewest.
- Four hands: see ``schnapsen4``; 66: see ``sixtysix``.

What should move to the shared engine (reported): ``legal_cards``/``duty_breach`` (follow
suit, else trump, and head the trick — ``tricks.playable`` has no heading duty) belong in
``tricks.py``; ``Knowledge`` could record a duty breach proven by any later card, not only a
shown void, with the trump as an ordinary suit (its message assumes 800's trump suit).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Iterable

from ..cards import SUIT_NAMES, Card, Deck
from .. import hands as hand_entry
from ..errors import Finding, RuleViolation
from ..secrets import sealed
from ..events import EventSpec
from ..knowledge import Knowledge
from ..protocol import check_first_dealer, Expectation, Expected, RuleSection
from ..sheet import Sheet, SheetRow
from ..tricks import Play, Trick, next_seat, seats_from, winning_play

# --- the rule text as data -----------------------------------------------------------------
CARD_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}  # カードの強弱と点; 9: 4 人版
TARGET = 66  # "66 点を先に取ること"
START_GAME_POINTS = 7  # "ゲーム点は,7 から 0 へと数えます"
ONE_POINT_FROM = 33  # "相手が … 33 点以上獲得していれば 1 点"
MARRIAGE_POINTS = 20  # "それ以外なら 20 点"
TRUMP_MARRIAGE_POINTS = 40  # "切札のペアなら 40 点"
LAST_TRICK_POINTS = 10  # 4 人版 and 66: "最後のカード勝負に勝つと 10 点"
TOURNAMENT_FACE_DOWN = 3  # 競技ルール: "伏せられた山札が 3 枚以上残っていないとできません"
MARRIAGE_RANKS = ("K", "Q")
# The most a side can count: all cards (120), the last trick, and four marriages.
MOST_POINTS = 120 + LAST_TRICK_POINTS + TRUMP_MARRIAGE_POINTS + 3 * MARRIAGE_POINTS

# Citations: the text's headings, named in Swedish as the product cites every game.
R_CARDS = "Schnapsen — Korten"  # 人数とカード, カードの強弱と点
R_AIM = "Schnapsen — Målet"  # 目的
R_DEAL = "Schnapsen — Given"  # カードの配り方
R_PLAY = "Schnapsen — Sticken"  # カード勝負: leading, following, winning, drawing
R_EXCHANGE = "Schnapsen — Bytet"  # カード勝負: the trump jack for the trump card
R_CLOSE = "Schnapsen — Stängningen"  # カード勝負: closing the talon
R_MARRIAGE = "Schnapsen — Mariage"  # カード勝負: K and Q, 20 or 40
R_CLAIM = "Schnapsen — Slutet"  # カード勝負の終了: the claim of 66
R_SCORE = "Schnapsen — Spelpoäng"  # ゲーム点
R_TOURNAMENT = "Schnapsen — Turneringsregler"  # 競技ルール
R4_DEAL = "Schnapsen för fyra — Given och ropet"  # 4 人版: 24 cards, the call
R4_PLAY = "Schnapsen för fyra — Sticken"  # 4 人版: following, heading, marriages, last trick
R4_SCORE = "Schnapsen för fyra — Poängen"  # 4 人版: the claim per side
R66 = "66 — Skillnader"  # 他の国々の 66
R_ENTRY = "Schnapsen — Inmatning"  # quick entry: our own rule of what a result must say

RULES_TWO = (
    RuleSection(R_CARDS,
                "Två spelare, 20 kort: A 10 K D Kn i fyra färger, i den ordningen från högst. "
                "A 11, 10 10, K 4, D 3, Kn 2 poäng — 120 i leken.",
                "Two players, 20 cards: A 10 K Q J in four suits, highest first. A 11, 10 10, "
                "K 4, Q 3, J 2 points — 120 in the deck."),
    RuleSection(R_AIM,
                "Varje giv: först till 66 med kort och mariage. Spelpoäng räknas ned från 7; "
                "först till 0 vinner (bummerln).",
                "Each hand: first to 66 with cards and marriages. Game points count down from "
                "7; the first to 0 wins (the Bummerl)."),
    RuleSection(R_DEAL,
                "Given växlar. 3 kort var (motspelaren först), ett kort med framsidan upp, 2 "
                "kort var; resten läggs tvärs över det uppvända kortet: talongen. Det uppvända "
                "kortet visar trumf och är talongens sista kort.",
                "The deal alternates. 3 cards each (the opponent first), one card face up, 2 "
                "each; the rest lies across the turned card: the talon. The turned card shows "
                "trumps and is the talon's last card."),
    RuleSection(R_PLAY,
                "Icke-given spelar ut först, sedan stickets vinnare. Medan talongen är öppen "
                "får man lägga vad som helst; när den är stängd eller slut måste man bekänna "
                "och ta sticket om man kan, annars trumfa, annars valfritt. Vinnaren och sedan "
                "förloraren drar ett kort var ur talongen.",
                "The non-dealer leads first, then the trick's winner. While the talon is open "
                "any card may be played; once it is closed or exhausted one must follow suit "
                "and head the trick if able, else trump, else anything. The winner and then "
                "the loser draw a card each from the talon."),
    RuleSection(R_EXCHANGE,
                "Den som spelar ut får, medan talongen är öppen, efter dragningen och före "
                "sitt kort byta trumfknekten mot trumfkortet — även före första sticket.",
                "The leader may, while the talon is open, after drawing and before their card, "
                "exchange the trump jack for the trump card — before the first trick too."),
    RuleSection(R_CLOSE,
                "Den som spelar ut får, efter dragningen och före sitt kort, stänga talongen "
                "genom att vända trumfkortet nedåt på den — även efter ett byte och före "
                "första sticket. Sedan dras inga kort.",
                "The leader may, after drawing and before their card, close the talon by "
                "turning the trump card down on it — after an exchange and before the first "
                "trick too. Then no more cards are drawn."),
    RuleSection(R_MARRIAGE,
                "Den som spelar ut och har K och D i samma färg spelar ut det ena och visar "
                "det andra: 40 i trumf, annars 20. Poängen räknas först när den som meldade har "
                "vunnit ett stick (texten: när första stickets utspelare vinner ett stick).",
                "The leader holding K and Q of a suit leads one and shows the other: 40 in "
                "trumps, else 20. The points count only once they have won a trick (the text: "
                "when the first trick's leader wins a trick)."),
    RuleSection(R_CLAIM,
                "Den som tror sig ha 66 med stick och mariage säger det, och given är slut. "
                "Annars slutar den när korten är slut.",
                "Whoever believes they have 66 with tricks and marriages says so, and the hand "
                "ends. Otherwise it ends when the cards are played out."),
    RuleSection(R_SCORE,
                "Rätt 66 (motspelaren stängde inte) eller sista sticket ur en slut talong: 1 "
                "spelpoäng om motspelaren har 33 eller mer, 2 om motspelaren har högst 32 men ett "
                "stick, 3 utan stick. Rätt 66 mot den som stängde, eller motspelarens felaktiga "
                "66: 2, eller 3 utan stick. Efter en stängning gäller poäng och stick då den "
                "stängdes; ingen sa 66: som om den som stängde sa det vid slutet.",
                "A right 66 (the opponent did not close) or the last trick of an exhausted "
                "talon: 1 game point if the opponent has 33 or more, 2 if 32 or less but a "
                "trick, 3 without a trick. A right 66 against a closer, or the opponent's "
                "wrong 66: 2, or 3 without a trick. After a closing the points and tricks at "
                "the closing decide; nobody claimed: as if the closer claimed at the end."),
    RuleSection(R_TOURNAMENT,
                "Turneringsregler, var och en för sig: inga titta i vunna stick; inget mariage "
                "eller byte vid första utspelet; mariage meldas med kungen; byte och stängning "
                "bara med minst 3 nedvända kort i talongen; slutställningens poäng efter en "
                "stängning.",
                "Tournament rules, each on its own: no looking at won tricks; no marriage or "
                "exchange on the first lead; a marriage is led with the king; exchange and "
                "closing only with at least 3 face-down talon cards; the end-of-hand figures "
                "after a closing."),
)


# --- the rule choices the machinery reads ---------------------------------------------------
@dataclass(frozen=True)
class TableRules:
    """The rule choices of one table, built from its game's ``Options`` (a game without an
    option keeps the default here, the rule of the two-handed text)."""

    exchange_rank: str = "J"
    first_lead_plain: bool = False
    marriage_lead_king: bool = False
    min_three_face_down: bool = False
    end_of_hand_figures: bool = False
    no_peeking: bool = False
    must_head: bool = True
    no_marriage_after_closing: bool = False
    last_trick_ten: bool = False
    close_before_drawing: bool = False
    winner_deals: bool = False
    match_bummerl: int = 1


def table_rules(options: Any) -> TableRules:
    names = {f.name for f in fields(TableRules)}
    return TableRules(**{name: getattr(options, name) for name in names
                         if hasattr(options, name)})


# The options the games share, one definition each (each game's Options lists its own).
def option_match_bummerl() -> Any:
    return field(default=1, metadata={
        "choices": tuple(range(0, 11)),
        "sv": "Antal bummerl i matchen (0: spela vidare utan slut).",
        "en": "Bummerl in the match (0: play on without an end)."})


def option_first_lead_plain(source_sv: str, source_en: str) -> Any:
    return field(default=False, metadata={
        "sv": f"Inget mariage och inget byte vid första utspelet ({source_sv}).",
        "en": f"No marriage and no exchange on the first lead ({source_en})."})


def option_end_of_hand_figures(default: bool, source_sv: str, source_en: str) -> Any:
    return field(default=default, metadata={
        "sv": "Efter en stängning avgör poäng och stick vid givens slut, inte vid stängningen "
              f"({source_sv}).",
        "en": "After a closing the points and tricks at the end of the hand decide, not those "
              f"at the closing ({source_en})."})


@dataclass(frozen=True)
class Refs:
    """The sections a variant cites for each part of the rules."""

    cards: str
    deal: str
    play: str
    exchange: str
    close: str
    marriage: str
    claim: str
    score: str
    options: str  # where the variant's optional rules come from


@dataclass(frozen=True)
class Variant:
    """What one game of the family deals and how a hand ends.

    ``talon``: two hands with a talon and its trump card (Schnapsen, 66); without it every
    card is dealt and trumps are called (four hands). ``direction``: +1 clockwise, -1 counter-
    clockwise (four hands). ``calls_partner``: the four-handed call of a card for trump and
    partner.
    """

    game: str
    name: str
    players: int
    deck: Deck
    hand_size: int
    talon: bool
    direction: int
    refs: Refs
    calls_partner: bool = False

    @property
    def tricks_per_hand(self) -> int:
        return len(self.deck) // self.players


# --- state -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Marriage:
    seat: int
    suit: str
    points: int
    trick: int
    led: Card
    shown: Card

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "suit": self.suit, "points": self.points,
                "trick": self.trick, "led": str(self.led), "shown": str(self.shown)}


@dataclass(frozen=True)
class Figures:
    """Points (cards + marriages that count + last trick) and tricks per seat, at a moment."""

    points: tuple[int, ...]
    tricks: tuple[int, ...]

    def of(self, side: Iterable[int]) -> tuple[int, int]:
        side = tuple(side)
        return sum(self.points[s] for s in side), sum(self.tricks[s] for s in side)


@dataclass(frozen=True)
class Draw:
    """The implied draw after trick ``trick``: winner first, then loser; ``trump_card`` is the
    face-up card the loser took when the talon ran out."""

    trick: int
    winner: int
    loser: int
    trump_card: Card | None = None


@dataclass(frozen=True)
class Outcome:
    """How a hand ended and what it scored."""

    number: int
    winners: tuple[int, ...]
    game_points: int
    how: str  # claim, against_closer, wrong_claim, last_trick, more_points, quick
    rule: str
    sv: str
    en: str
    claimant: int | None = None
    closer: int | None = None
    declared: bool = True  # False: a closed hand nobody claimed, judged as the closer's claim
    points: tuple[int, ...] | None = None  # per seat at the end (None after quick entry)
    figures: Figures | None = None  # the figures that decided the game points

    def as_dict(self) -> dict[str, Any]:
        return {"number": self.number, "winners": list(self.winners),
                "game_points": self.game_points, "how": self.how, "rule": self.rule,
                "claimant": self.claimant, "closer": self.closer, "declared": self.declared,
                "points": None if self.points is None else list(self.points),
                "figures": None if self.figures is None else {
                    "points": list(self.figures.points), "tricks": list(self.figures.tricks)},
                "messages": {"sv": self.sv, "en": self.en}}


@dataclass(frozen=True)
class Hand:
    """One hand (one "game" of 66) in progress or finished."""

    number: int
    dealer: int
    leader: int  # leads the first trick (the non-dealer; the caller in four hands)
    trump: str | None = None
    turned: Card | None = None  # the card turned up at the deal
    trump_card: Card | None = None  # face up under the talon now
    turned_down: Card | None = None  # turned down by the closing: out of play this hand
    talon: int = 0  # cards left in the talon, the face-up trump card included
    closed_by: int | None = None
    closed_at: Figures | None = None
    exchange: tuple[int, Card, Card] | None = None  # (seat, card given, trump card taken)
    exchanged_in: int | None = None  # the trick before whose lead the exchange was made
    in_hand: int = 0  # cards each player holds at the start of the current trick
    tricks: tuple[Trick, ...] = ()
    current: Trick | None = None
    won: tuple[tuple[Card, ...], ...] = ()  # cards won, per seat
    won_tricks: tuple[int, ...] = ()  # tricks won, per seat
    marriages: tuple[Marriage, ...] = ()
    known: tuple[tuple[Card, ...], ...] = ()  # per seat: cards known to be in the hand
    duty_from: int | None = None  # the first trick played under "follow and head"
    last_draw: Draw | None = None
    called: Card | None = None  # four hands: the called card
    caller: int | None = None
    partner: int | None = None  # four hands: the holder of the called card, once known
    knowledge: Knowledge = Knowledge()
    duty_findings: tuple[Finding, ...] = ()
    outcome: Outcome | None = None
    quick: bool = False
    entered: hand_entry.Hands = ()  # hands entered by their players (private), still held

    @property
    def touched(self) -> bool:
        """Has anything of the play been entered? (Quick entry replaces a whole hand.)"""
        return bool(self.tricks or (self.current and self.current.plays) or self.exchange
                    or self.closed_by is not None or self.marriages)

    @property
    def talon_open(self) -> bool:
        return self.closed_by is None and self.talon > 0

    @property
    def face_down(self) -> int:
        """Face-down talon cards (the trump card lies face up while the talon is open)."""
        return self.talon - 1 if self.trump_card is not None else self.talon


@dataclass(frozen=True)
class State:
    game: str
    players: tuple[str, ...]
    options: Any
    rules: TableRules
    dealer: int
    phase: str  # "deal", "play", "over"
    totals: tuple[int, ...]  # game points still to make, per player (7 down to 0)
    hand: Hand | None = None  # the hand in play
    last: Hand | None = None  # the hand played before, with its outcome
    hands_started: int = 0
    bummerl_lost: tuple[int, ...] = ()
    bummerl_played: int = 0
    winners: tuple[int, ...] = ()  # of the match
    rows: tuple[SheetRow, ...] = ()
    past_findings: tuple[Finding, ...] = ()

    @property
    def n(self) -> int:
        return len(self.players)


# --- counting --------------------------------------------------------------------------------
def card_points(cards: Iterable[Card]) -> int:
    return sum(CARD_POINTS[c.rank] for c in cards)


def game_points_by_figures(opponent_points: int, opponent_tricks: int) -> int:
    """ゲーム点: the opponent has 33 or more → 1; 32 or less with a trick → 2; no trick → 3.

    >>> game_points_by_figures(33, 2), game_points_by_figures(32, 1), game_points_by_figures(0, 0)
    (1, 2, 3)
    """
    if opponent_points >= ONE_POINT_FROM:
        return 1
    return 2 if opponent_tricks > 0 else 3


def game_points_two_or_three(scorer_tricks: int) -> int:
    """ゲーム点: against a closer, or after the opponent's wrong claim: 3 if the scorer took no
    card, else 2."""
    return 2 if scorer_tricks > 0 else 3


def marriage_value(suit: str, trump: str | None) -> int:
    return TRUMP_MARRIAGE_POINTS if suit == trump else MARRIAGE_POINTS


def _last_trick_bonus(rules: TableRules, variant: Variant, hand: Hand) -> int | None:
    """The seat that earns the last-trick 10, if any, once the cards are played out: in four
    hands always; in 66 (option ``last_trick_ten``) only when the talon was exhausted, not
    closed."""
    if hand.in_hand != 0 or not hand.tricks:
        return None
    if variant.talon and (not rules.last_trick_ten or hand.closed_by is not None):
        return None
    return trick_winner(variant, hand, hand.tricks[-1])


def points_of(variant: Variant, rules: TableRules, hand: Hand, seat: int) -> int:
    """Cards won + marriages that count (once the announcer has a trick) + the last-trick 10."""
    points = card_points(hand.won[seat])
    if hand.won_tricks[seat] > 0:
        points += sum(m.points for m in hand.marriages if m.seat == seat)
    if _last_trick_bonus(rules, variant, hand) == seat:
        points += LAST_TRICK_POINTS
    return points


def pending_marriages(hand: Hand, seat: int) -> int:
    """Marriage points announced that do not count yet (no trick won)."""
    if hand.won_tricks[seat] > 0:
        return 0
    return sum(m.points for m in hand.marriages if m.seat == seat)


def figures_now(variant: Variant, rules: TableRules, hand: Hand) -> Figures:
    return Figures(tuple(points_of(variant, rules, hand, s) for s in range(variant.players)),
                   hand.won_tricks)


# --- small helpers ---------------------------------------------------------------------------
def _violation(code: str, rule: str, params: dict[str, Any], sv: str, en: str) -> RuleViolation:
    return RuleViolation(code, rule=rule, params=params, sv=sv, en=en)


def _name(state: State, seat: int) -> str:
    return state.players[seat]


def _names(state: State, seats: Iterable[int]) -> str:
    return " & ".join(state.players[s] for s in seats)


def _set(items: tuple, index: int, value: Any) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


def suit_words(suit: str) -> tuple[str, str]:
    return SUIT_NAMES[suit]["sv"], SUIT_NAMES[suit]["en"]


def _tricks_en(count: int) -> str:
    return f"{count} trick" if count == 1 else f"{count} tricks"


def _verb_en(seats: Iterable[int], singular: str, plural: str) -> str:
    """The English verb for one player or a side of several ("Anna has", "Anna & Bo have")."""
    return singular if len(tuple(seats)) == 1 else plural


def _points_en(count: int) -> str:
    """"point" or "points" after a number (1 game point, 2 game points)."""
    return "point" if count == 1 else "points"


def _rank_words(rank: str) -> tuple[str, str]:
    return {"J": ("knekten", "jack"), "9": ("nian", "nine"), "K": ("kungen", "king"),
            "Q": ("damen", "queen")}.get(rank, (rank, rank))


def other_seat(seat: int) -> int:
    return 1 - seat


def to_play(variant: Variant, hand: Hand) -> int:
    trick = hand.current
    assert trick is not None
    order = seats_from(trick.leader, variant.players, direction=variant.direction)
    return order[len(trick.plays)]


def trick_winner(variant: Variant, hand: Hand, trick: Trick) -> int:
    return winning_play(trick, variant.deck, hand.trump).seat


def _beats(variant: Variant, card: Card, best: Card, trump: str | None) -> bool:
    if card.suit == trump and best.suit != trump:
        return True
    return card.suit == best.suit and variant.deck.rank_value(card) > variant.deck.rank_value(best)


def sides_of(variant: Variant, hand: Hand) -> tuple[tuple[int, ...], ...] | None:
    """The two sides: each player for himself with two; with four the caller and the holder
    of the called card (or the caller alone) against the rest — None while unknown."""
    if not variant.calls_partner:
        return tuple((s,) for s in range(variant.players))
    if hand.partner is None or hand.caller is None:
        return None
    callers = tuple(sorted({hand.caller, hand.partner}))
    return callers, tuple(s for s in range(variant.players) if s not in callers)


def side_of(sides: tuple[tuple[int, ...], ...], seat: int) -> tuple[int, ...]:
    return next(side for side in sides if seat in side)


def other_side(sides: tuple[tuple[int, ...], ...], seat: int) -> tuple[int, ...]:
    return next(side for side in sides if seat not in side)


# --- the duty to follow, trump and head --------------------------------------------------------
def duty_breach(variant: Variant, card: Card, other: Card, prefix: tuple[Play, ...],
                trump: str | None, must_head: bool) -> str | None:
    """Would holding ``other`` have made playing ``card`` after ``prefix`` illegal?

    The rule (Schnapsen — Sticken; four hands): follow suit if able, else trump if able; and
    within that, beat the best card on the table if able. Returns the duty broken — "follow",
    "trump" or "head" — or None. One card is always enough to prove a breach, so a later card
    proves an earlier trick wrong (design principle 3).
    """
    if not prefix:
        return None
    led = prefix[0].card.suit
    best = winning_play(Trick(0, prefix[0].seat, prefix), variant.deck, trump).card
    if card.suit != led and other.suit == led:
        return "follow"
    if card.suit == led:
        if must_head and other.suit == led and _beats(variant, other, best, trump) \
                and not _beats(variant, card, best, trump):
            return "head"
        return None
    if card.suit != trump and other.suit == trump:
        return "trump"
    if card.suit == trump and other.suit == trump and must_head \
            and _beats(variant, other, best, trump) and not _beats(variant, card, best, trump):
        return "head"
    return None


def legal_cards(variant: Variant, hand_cards: Iterable[Card], prefix: tuple[Play, ...],
                trump: str | None, must_head: bool, duty: bool) -> tuple[Card, ...]:
    """The cards of a whole hand that may be played now: any card while no duty applies,
    else those no other card of the hand makes illegal. Not needed by the engine (it never
    sees a whole hand); kept here, checked against the playouts' own reading of the rule, as
    the helper ``tricks.py`` should get (``playable`` there has no duty to head)."""
    cards = tuple(hand_cards)
    if not duty or not prefix:
        return cards
    return tuple(c for c in cards
                 if not any(duty_breach(variant, c, o, prefix, trump, must_head)
                            for o in cards if o != c))


_DUTY_WORDS = {
    "follow": ("bekänna färg", "follow suit", "must_follow"),
    "trump": ("trumfa", "trump", "must_trump"),
    "head": ("ta sticket (gå över)", "head the trick (play higher)", "must_head"),
}


def _duty_applies(hand: Hand, trick_number: int) -> bool:
    return hand.duty_from is not None and trick_number >= hand.duty_from


# --- where a card is -------------------------------------------------------------------------
def _refuse_unavailable(variant: Variant, state: State, hand: Hand, seat: int, card: Card,
                        rule: str) -> RuleViolation | None:
    """Why ``seat`` cannot hold ``card`` now, or None: played, in the talon, out of play after
    the closing, or known in another hand."""
    seen = hand.knowledge.where_played(card)
    if seen is not None:
        return _violation(
            "card_already_played", rule, {"card": str(card), "trick": seen.trick,
                                          "seat": seen.seat},
            f"{card} är redan spelat i stick {seen.trick} (av {_name(state, seen.seat)}).",
            f"{card} was already played in trick {seen.trick} (by {_name(state, seen.seat)}).")
    if card == hand.trump_card:
        return _violation(
            "card_in_talon", variant.refs.deal, {"card": str(card)},
            f"{card} ligger med framsidan upp under talongen; det tas först med sista "
            "dragningen (eller bytas in).",
            f"{card} lies face up under the talon; it is taken only with the last draw (or "
            "by the exchange).")
    if card == hand.turned_down:
        return _violation(
            "card_out_of_play", variant.refs.close, {"card": str(card)},
            f"{card} vändes ned på talongen när den stängdes; det är ur spel den här given.",
            f"{card} was turned down on the talon when it was closed; it is out of play this "
            "hand.")
    for other, cards in enumerate(hand.known):
        if other != seat and card in cards:
            return _violation(
                "card_held_by_other", rule, {"card": str(card), "seat": other},
                f"{card} är känt på {_name(state, other)}s hand.",
                f"{card} is known to be in {_name(state, other)}'s hand.")
    return None


# --- starting -----------------------------------------------------------------------------------
def start(variant: Variant, players: Iterable[str], options: Any, first_dealer: int = 0
          ) -> State:
    players = tuple(players)
    if len(players) != variant.players:
        raise _violation("player_count", variant.refs.cards, {"players": len(players)},
                         f"{variant.name} spelas av {variant.players} spelare.",
                         f"{variant.name} is played by {variant.players} players.")
    check_first_dealer(first_dealer, len(players), variant.refs.deal)
    totals = (START_GAME_POINTS,) * len(players)
    row = SheetRow("start", "Start", "Start", (None,) * len(players), totals)
    return State(variant.game, players, options, table_rules(options), first_dealer, "deal",
                 totals, bummerl_lost=(0,) * len(players), rows=(row,))


def _fresh_hand(variant: Variant, state: State) -> Hand:
    n = variant.players
    dealer = state.dealer
    leader = next_seat(dealer, n, direction=variant.direction)
    return Hand(number=state.hands_started + 1, dealer=dealer, leader=leader,
                in_hand=variant.hand_size, won=((),) * n, won_tricks=(0,) * n,
                known=((),) * n, current=Trick(1, leader))


# --- apply ---------------------------------------------------------------------------------------
def apply_event(variant: Variant, state: State, event: dict[str, Any]) -> State:
    """Apply one parsed event (see ``rules_engine.events.parse_event``)."""
    if state.phase == "over":
        raise _refuse_phase(variant, state, event["type"])
    return _HANDLERS[event["type"]](variant, state, event)


def _refuse_phase(variant: Variant, state: State, event_type: str) -> RuleViolation:
    exp = expected_of(variant, state)
    rule = {"deal": variant.refs.deal, "play": variant.refs.play,
            "over": R_AIM}[state.phase]
    return _violation(
        "not_expected", rule,
        {"event": event_type, "phase": state.phase, "expected": [i.type for i in exp.inputs]},
        f"Den inmatningen passar inte nu. {exp.prompt_sv}",
        f"That entry does not fit now. {exp.prompt_en}")


def _on_deal(variant: Variant, state: State, event: dict[str, Any]) -> State:
    """The dealer has dealt and turned the trump card up (two hands)."""
    if state.phase != "deal":
        raise _refuse_phase(variant, state, "deal")
    card: Card = event["trump"]
    hand = _fresh_hand(variant, state)
    talon = len(variant.deck) - variant.players * variant.hand_size
    hand = replace(hand, trump=card.suit, turned=card, trump_card=card, talon=talon)
    return replace(state, phase="play", hand=hand, hands_started=hand.number)


def caller_seat(variant: Variant, dealer: int) -> int:
    """Four hands: the dealer's right-hand neighbour calls and leads first."""
    return next_seat(dealer, variant.players, direction=variant.direction)


def _on_call(variant: Variant, state: State, event: dict[str, Any]) -> State:
    """Four hands: the dealer's right-hand neighbour looks at his first three cards and calls
    a card; its suit is trump and its holder his secret partner (4 人版)."""
    if state.phase != "deal":
        raise _refuse_phase(variant, state, "call")
    seat, card = event["seat"], event["card"]
    caller = caller_seat(variant, state.dealer)
    if seat != caller:
        raise _violation(
            "not_caller", variant.refs.deal, {"seat": seat, "caller": caller},
            f"Det är {_name(state, caller)}, till höger om given, som ropar ett kort.",
            f"It is {_name(state, caller)}, on the dealer's right, who calls a card.")
    hand = replace(_fresh_hand(variant, state), trump=card.suit, called=card, caller=caller,
                   duty_from=1)
    return replace(state, phase="play", hand=hand, hands_started=hand.number)


def _require_play(variant: Variant, state: State, event_type: str) -> Hand:
    if state.phase != "play" or state.hand is None:
        raise _refuse_phase(variant, state, event_type)
    return state.hand


def _leader_refusal(variant: Variant, state: State, hand: Hand, seat: int, rule: str,
                    what_sv: str, what_en: str) -> RuleViolation | None:
    trick = hand.current
    assert trick is not None
    if trick.plays or seat != trick.leader:
        return _violation(
            "not_leader", rule, {"seat": seat, "leader": trick.leader,
                                 "cards_on_table": len(trick.plays)},
            f"Bara den som spelar ut, före sitt kort, får {what_sv}: det är "
            f"{_name(state, trick.leader)} i stick {trick.number}"
            + (" och kortet är redan utspelat." if trick.plays else "."),
            f"Only the leader, before their card, may {what_en}: that is "
            f"{_name(state, trick.leader)} in trick {trick.number}"
            + (" and the card is already led." if trick.plays else "."))
    return None


def _talon_refusal(variant: Variant, state: State, hand: Hand, rule: str, what_sv: str,
                   what_en: str, before_drawing: bool = False) -> RuleViolation | None:
    if hand.closed_by is not None:
        return _violation(
            "talon_closed", rule, {"closed_by": hand.closed_by},
            f"Talongen är stängd (av {_name(state, hand.closed_by)}); nu får ingen {what_sv}.",
            f"The talon is closed (by {_name(state, hand.closed_by)}); nobody may {what_en} "
            "now.")
    talon = hand.talon + (2 if before_drawing else 0)
    if talon == 0:
        return _violation(
            "talon_exhausted", rule, {"talon": 0},
            f"Talongen är slut; nu får ingen {what_sv}.",
            f"The talon is exhausted; nobody may {what_en} now.")
    face_down = talon - 1 if (hand.trump_card is not None or before_drawing) else talon
    if state.rules.min_three_face_down and face_down < TOURNAMENT_FACE_DOWN:
        return _violation(
            "talon_too_small", variant.refs.options,
            {"face_down": face_down, "needed": TOURNAMENT_FACE_DOWN},
            f"Vid det här bordet får man {what_sv} bara med minst {TOURNAMENT_FACE_DOWN} "
            f"nedvända kort i talongen; det finns {face_down}.",
            f"At this table one may {what_en} only with at least {TOURNAMENT_FACE_DOWN} "
            f"face-down cards in the talon; there are {face_down}.")
    return None


def _first_lead_refusal(variant: Variant, state: State, hand: Hand, what_sv: str,
                        what_en: str) -> RuleViolation | None:
    if state.rules.first_lead_plain and hand.current is not None and hand.current.number == 1:
        return _violation(
            "first_lead_plain", variant.refs.options, {"trick": 1},
            f"Vid det här bordet får första stickets utspelare inte {what_sv}.",
            f"At this table the first trick's leader may not {what_en}.")
    return None


# --- the exchange -------------------------------------------------------------------------------
def exchange_card(state: State, hand: Hand) -> Card | None:
    return None if hand.trump is None else Card(hand.trump, state.rules.exchange_rank)


def exchange_refusal(variant: Variant, state: State, seat: int | None,
                     card: Card | None = None) -> RuleViolation | None:
    """Why ``seat`` may not exchange now (None: allowed if he holds the card)."""
    hand = state.hand
    assert hand is not None and hand.current is not None
    sv_rank, en_rank = _rank_words(state.rules.exchange_rank)
    what_sv, what_en = f"byta trumf{sv_rank}", f"exchange the trump {en_rank}"
    rule = variant.refs.exchange if state.rules.exchange_rank == "J" else variant.refs.options
    seat = hand.current.leader if seat is None else seat
    for refusal in (_leader_refusal(variant, state, hand, seat, rule, what_sv, what_en),
                    _talon_refusal(variant, state, hand, rule, what_sv, what_en),
                    _first_lead_refusal(variant, state, hand, what_sv, what_en)):
        if refusal is not None:
            return refusal
    wanted = exchange_card(state, hand)
    assert wanted is not None
    if card is not None and card != wanted:
        return _violation(
            "exchange_wrong_card", rule, {"card": str(card), "exchange_card": str(wanted)},
            f"Mot trumfkortet byts trumf{sv_rank}, {wanted}, inte {card}.",
            f"The trump card is exchanged for the trump {en_rank}, {wanted}, not {card}.")
    if hand.trump_card == wanted:
        return _violation(
            "exchange_card_is_trump_card", rule, {"card": str(wanted)},
            f"{wanted} är själv trumfkortet under talongen; det finns inget att byta.",
            f"{wanted} is itself the trump card under the talon; there is nothing to "
            "exchange.")
    return _refuse_unavailable(variant, state, hand, seat, wanted, rule)


def _on_exchange(variant: Variant, state: State, event: dict[str, Any]) -> State:
    hand = _require_play(variant, state, "exchange")
    seat = event["seat"]
    refusal = exchange_refusal(variant, state, seat, event.get("card"))
    if refusal is not None:
        raise refusal
    given = exchange_card(state, hand)
    taken = hand.trump_card
    assert given is not None and taken is not None
    known = tuple(c for c in hand.known[seat] if c != given) + (taken,)
    assert hand.current is not None
    hand = replace(hand, trump_card=given, exchange=(seat, given, taken),
                   exchanged_in=hand.current.number, known=_set(hand.known, seat, known))
    return replace(state, hand=hand)


# --- the closing ---------------------------------------------------------------------------------
def close_refusal(variant: Variant, state: State, seat: int | None,
                  before_drawing: bool = False) -> RuleViolation | None:
    hand = state.hand
    assert hand is not None and hand.current is not None
    seat = hand.current.leader if seat is None else seat
    what_sv, what_en = "stänga talongen", "close the talon"
    refusal = _leader_refusal(variant, state, hand, seat, variant.refs.close, what_sv, what_en)
    if refusal is None and before_drawing:
        refusal = _before_drawing_refusal(variant, state, hand)
    if refusal is None:
        refusal = _talon_refusal(variant, state, hand, variant.refs.close, what_sv, what_en,
                                 before_drawing)
    return refusal


def _before_drawing_refusal(variant: Variant, state: State, hand: Hand) -> RuleViolation | None:
    if not state.rules.close_before_drawing:
        return _violation(
            "close_before_drawing_off", variant.refs.close, {},
            "Vid det här bordet stänger man efter dragningen, inte före.",
            "At this table the talon is closed after drawing, not before.")
    draw = hand.last_draw
    exchanged_now = hand.exchange is not None and hand.exchanged_in == len(hand.tricks) + 1
    if draw is None or draw.trick != len(hand.tricks) or exchanged_now:
        # The exchange comes after drawing: once it is made, the draw has happened for good.
        return _violation(
            "nothing_to_undraw", variant.refs.options, {"tricks": len(hand.tricks)},
            "Före dragningen kan man bara stänga direkt efter ett stick där det drogs kort, "
            "innan något annat har hänt.",
            "Closing before drawing is possible only right after a trick that was followed "
            "by a draw, before anything else happened.")
    return None


def _on_close(variant: Variant, state: State, event: dict[str, Any]) -> State:
    hand = _require_play(variant, state, "close")
    seat = event["seat"]
    before = bool(event.get("before_drawing", False))
    refusal = close_refusal(variant, state, seat, before)
    if refusal is not None:
        raise refusal
    if before:
        hand = _undo_draw(hand)
    figures = figures_now(variant, state.rules, hand)
    assert hand.current is not None
    hand = replace(hand, closed_by=seat, closed_at=figures, turned_down=hand.trump_card,
                   trump_card=None, duty_from=hand.current.number)
    return replace(state, hand=hand)


def _undo_draw(hand: Hand) -> Hand:
    """Close before drawing (66 option): the last trick's draw did not happen — each hand is
    one card shorter, the talon two cards longer, the trump card back under it."""
    draw = hand.last_draw
    assert draw is not None
    known = hand.known
    trump_card = hand.trump_card
    if draw.trump_card is not None:
        known = _set(known, draw.loser, tuple(c for c in known[draw.loser]
                                              if c != draw.trump_card))
        trump_card = draw.trump_card
    return replace(hand, talon=hand.talon + 2, in_hand=hand.in_hand - 1, known=known,
                   trump_card=trump_card, last_draw=None, duty_from=None)


# --- marriages -----------------------------------------------------------------------------------
def marriage_partner(card: Card) -> Card:
    """The other card of a marriage: the queen of a king, the king of a queen."""
    return Card(card.suit, "Q" if card.rank == "K" else "K")


def marriage_refusal(variant: Variant, state: State, seat: int | None,
                     card: Card | None = None) -> RuleViolation | None:
    """Why ``seat`` may not lead ``card`` as a marriage now (None: allowed if he holds the
    pair). Without a card: may he announce any marriage now?"""
    hand = state.hand
    assert hand is not None and hand.current is not None
    rule = variant.refs.marriage
    seat = hand.current.leader if seat is None else seat
    what_sv, what_en = "melda mariage", "announce a marriage"
    for refusal in (_leader_refusal(variant, state, hand, seat, rule, what_sv, what_en),
                    _first_lead_refusal(variant, state, hand, what_sv, what_en)):
        if refusal is not None:
            return refusal
    if state.rules.no_marriage_after_closing and hand.closed_by is not None:
        return _violation(
            "marriage_after_closing", variant.refs.options, {"closed_by": hand.closed_by},
            "Vid det här bordet meldas inga mariage sedan talongen har stängts.",
            "At this table no marriage is announced once the talon is closed.")
    if card is None:
        return None
    if card.rank not in MARRIAGE_RANKS:
        return _violation(
            "marriage_not_king_or_queen", rule, {"card": str(card)},
            f"Ett mariage är kung och dam i samma färg; {card} är inget av dem.",
            f"A marriage is king and queen of one suit; {card} is neither.")
    if state.rules.marriage_lead_king and card.rank != "K":
        king = marriage_partner(card)
        return _violation(
            "marriage_lead_king", variant.refs.options, {"card": str(card)},
            f"Vid det här bordet meldas mariage genom att spela ut kungen, {king}, och visa "
            "damen.",
            f"At this table a marriage is announced by leading the king, {king}, and showing "
            "the queen.")
    for needed in (card, marriage_partner(card)):
        refusal = _refuse_unavailable(variant, state, hand, seat, needed, rule)
        if refusal is not None:
            return _violation(
                "marriage_card_unavailable", rule,
                {"card": str(needed), "reason": refusal.code, **refusal.params},
                f"Inget mariage i {suit_words(card.suit)[0]}: {refusal.message('sv')}",
                f"No marriage in {suit_words(card.suit)[1]}: {refusal.message('en')}")
    return None


def marriage_candidates(variant: Variant, state: State) -> tuple[Card, ...]:
    """The cards that may be led as a marriage now, if the leader holds the pair."""
    hand = state.hand
    if hand is None or marriage_refusal(variant, state, None) is not None:
        return ()
    return tuple(Card(suit, rank) for suit in SUIT_NAMES for rank in MARRIAGE_RANKS
                 if Card(suit, rank) in variant.deck
                 and marriage_refusal(variant, state, None, Card(suit, rank)) is None)


def _on_marriage(variant: Variant, state: State, event: dict[str, Any]) -> State:
    hand = _require_play(variant, state, "marriage")
    return _lead_marriage(variant, state, hand, event["seat"], event["card"])


def _lead_marriage(variant: Variant, state: State, hand: Hand, seat: int, card: Card) -> State:
    refusal = marriage_refusal(variant, state, seat, card)
    if refusal is not None:
        raise refusal
    shown = marriage_partner(card)
    assert hand.current is not None
    if hand.entered:  # the shown card must fit the entered hands as a played one does
        hand_entry.check_in_hand(hand.entered, seat, shown, variant.refs.marriage,
                                 state.players)
    marriage = Marriage(seat, card.suit, marriage_value(card.suit, hand.trump),
                        hand.current.number, card, shown)
    known = hand.known[seat] + (() if shown in hand.known[seat] else (shown,))
    partner = hand.partner
    if variant.calls_partner and shown == hand.called:
        partner = seat  # the called card shown: its holder is known
    hand = replace(hand, marriages=hand.marriages + (marriage,),
                   known=_set(hand.known, seat, known), partner=partner)
    return _play_card(variant, replace(state, hand=hand), seat, card)


# --- playing cards -------------------------------------------------------------------------------
def _on_play(variant: Variant, state: State, event: dict[str, Any]) -> State:
    _require_play(variant, state, "play")
    return _play_card(variant, state, event["seat"], event["card"])


def _on_trick(variant: Variant, state: State, event: dict[str, Any]) -> State:
    hand = _require_play(variant, state, "trick")
    trick = hand.current
    assert trick is not None
    cards: tuple[Card, ...] = event["cards"]
    remaining = variant.players - len(trick.plays)
    if len(cards) != remaining:
        raise _violation("trick_size", variant.refs.play,
                         {"cards": len(cards), "expected": remaining},
                         f"Sticket behöver {remaining} kort till, inte {len(cards)}.",
                         f"The trick needs {remaining} more cards, not {len(cards)}.")
    for index, card in enumerate(cards):
        hand = state.hand
        assert hand is not None
        seat = to_play(variant, hand)
        if index == 0 and event.get("marriage"):
            state = _lead_marriage(variant, state, hand, seat, card)
        else:
            state = _play_card(variant, state, seat, card)
    return state


def _play_card(variant: Variant, state: State, seat: int, card: Card) -> State:
    hand = state.hand
    assert hand is not None and hand.current is not None
    trick = hand.current
    rule = variant.refs.play
    expected_seat = to_play(variant, hand)
    if seat != expected_seat:
        raise _violation(
            "not_your_turn", rule, {"seat": seat, "expected_seat": expected_seat,
                                    "trick": trick.number},
            f"Det är {_name(state, expected_seat)}s tur i stick {trick.number}, inte "
            f"{_name(state, seat)}s.",
            f"It is {_name(state, expected_seat)}'s turn in trick {trick.number}, not "
            f"{_name(state, seat)}'s.")
    refusal = _refuse_unavailable(variant, state, hand, seat, card, rule)
    if refusal is not None:
        raise refusal
    if trick.plays and _duty_applies(hand, trick.number):
        _check_known_duty(variant, state, hand, seat, card)
    _check_entered(variant, state, hand, seat, card)
    knowledge = hand.knowledge.record(trick.number, trick.led_suit, Play(seat, card), rule,
                                      state.players, void_in=())
    findings = hand.duty_findings + _proven_breaches(variant, state, hand, seat, card)
    known = _set(hand.known, seat, tuple(c for c in hand.known[seat] if c != card))
    partner = hand.partner
    if variant.calls_partner and card == hand.called:
        partner = seat  # "指名したカードを手から出すまで" — now everybody knows
    trick = trick.add(Play(seat, card))
    hand = replace(hand, current=trick, knowledge=knowledge, duty_findings=findings,
                   known=known, partner=partner,
                   entered=hand_entry.without(hand.entered, seat, card) if hand.entered
                   else hand.entered)
    state = replace(state, hand=hand)
    if len(trick.plays) < variant.players:
        return state
    return _finish_trick(variant, state)


def _check_known_duty(variant: Variant, state: State, hand: Hand, seat: int,
                      card: Card) -> None:
    """Refuse at once a card that a card known in the hand shows to be wrong."""
    trick = hand.current
    assert trick is not None
    for other in hand.known[seat]:
        if other == card:
            continue
        duty = duty_breach(variant, card, other, trick.plays, hand.trump,
                           state.rules.must_head)
        if duty is not None:
            sv, en, code = _DUTY_WORDS[duty]
            raise _violation(
                code, variant.refs.play, {"seat": seat, "card": str(card),
                                          "holds": str(other), "trick": trick.number},
                f"{_name(state, seat)} måste {sv}: {other} är känt på handen.",
                f"{_name(state, seat)} must {en}: {other} is known to be in their hand.")


def _proven_breaches(variant: Variant, state: State, hand: Hand, seat: int,
                     card: Card, shown: bool = False) -> tuple[Finding, ...]:
    """Earlier tricks under the duty in which ``seat`` followed wrongly, proven by ``card``
    (played now, or ``shown`` in his hand at a claim): under the duty no card enters a hand,
    so ``card`` was held then too."""
    found = []
    already = {(f.seat, f.params["breach_trick"]) for f in hand.duty_findings}
    tricks = hand.tricks + ((hand.current,) if shown and hand.current is not None else ())
    for trick in tricks:
        if not _duty_applies(hand, trick.number) or (seat, trick.number) in already:
            continue
        for index, play in enumerate(trick.plays):
            if play.seat != seat or index == 0:
                continue
            duty = duty_breach(variant, play.card, card, trick.plays[:index], hand.trump,
                               state.rules.must_head)
            if duty is None:
                continue
            sv, en, _code = _DUTY_WORDS[duty]
            name = _name(state, seat)
            current = hand.current.number if hand.current else trick.number
            how_sv = "visat vid 66-ropet" if shown else "spelat"
            how_en = "shown at the claim" if shown else "played"
            found.append(Finding(
                code="duty_breach", rule=variant.refs.play, seat=seat,
                params={"duty": duty, "breach_trick": trick.number,
                        "breach_card": str(play.card), "proof_trick": current,
                        "proof_card": str(card)},
                sv=(f"{name} skulle {sv} i stick {trick.number} men spelade {play.card}; "
                    f"{card}, {how_sv} i stick {current}, fanns då på handen."),
                en=(f"{name} had to {en} in trick {trick.number} but played {play.card}; "
                    f"{card}, {how_en} in trick {current}, was in their hand then.")))
    return tuple(found)


def _finish_trick(variant: Variant, state: State) -> State:
    hand = state.hand
    assert hand is not None and hand.current is not None
    trick = hand.current
    winner = trick_winner(variant, hand, trick)
    won = _set(hand.won, winner, hand.won[winner] + tuple(p.card for p in trick.plays))
    won_tricks = _set(hand.won_tricks, winner, hand.won_tricks[winner] + 1)
    hand = replace(hand, tricks=hand.tricks + (trick,), won=won, won_tricks=won_tricks)
    if variant.talon and hand.talon_open:
        hand = _draw(variant, hand, trick.number, winner)
    else:
        hand = replace(hand, in_hand=hand.in_hand - 1)
    if hand.in_hand == 0:
        return _end_of_hand(variant, replace(state, hand=replace(hand, current=None)))
    hand = replace(hand, current=Trick(trick.number + 1, winner))
    return replace(state, hand=hand)


def _draw(variant: Variant, hand: Hand, trick_number: int, winner: int) -> Hand:
    """Winner and loser draw one card each; the loser of the trick that empties the talon
    takes the face-up trump card (カード勝負)."""
    loser = other_seat(winner)
    talon = hand.talon - 2
    taken = None
    known = hand.known
    trump_card = hand.trump_card
    duty_from = hand.duty_from
    if talon == 0:
        taken = hand.trump_card
        if taken is not None:
            known = _set(known, loser, known[loser] + (taken,))
        trump_card = None
        duty_from = trick_number + 1  # exhausted: follow and head from the next trick
    return replace(hand, talon=talon, known=known, trump_card=trump_card, duty_from=duty_from,
                   last_draw=Draw(trick_number, winner, loser, taken))


# --- the claim and the end of a hand -------------------------------------------------------------
def judge_claim(variant: Variant, state: State, hand: Hand, seat: int,
                sides: tuple[tuple[int, ...], ...], at_end: bool = False) -> Outcome:
    """A claim of 66 by ``seat`` now, judged and scored (ゲーム点; 4 人版 per side)."""
    rules = state.rules
    mine, theirs = side_of(sides, seat), other_side(sides, seat)
    now = figures_now(variant, rules, hand)
    points, _tricks = now.of(mine)
    closer = hand.closed_by
    figures = hand.closed_at if (closer is not None and not rules.end_of_hand_figures) else now
    assert figures is not None
    at_closing_sv = " (vid stängningen)" if figures is hand.closed_at else ""
    at_closing_en = " (at the closing)" if figures is hand.closed_at else ""
    who_sv = _names(state, mine)
    claim_sv = (f"{who_sv} stängde och räknas som att ha sagt 66 vid slutet" if at_end
                else f"{_name(state, seat)} säger 66")
    claim_en = (f"{_names(state, mine)} closed and counts as claiming 66 at the end" if at_end
                else f"{_name(state, seat)} claims 66")
    if points >= TARGET:
        opp_points, opp_tricks = figures.of(theirs)
        if closer is not None and closer in theirs:
            my_tricks = figures.of(mine)[1]
            gp = game_points_two_or_three(my_tricks)
            how = "against_closer"
            why_sv = (f"{_names(state, theirs)} stängde; {who_sv} hade {my_tricks} stick"
                      f"{at_closing_sv}: {gp}")
            why_en = (f"{_names(state, theirs)} closed; {_names(state, mine)} had "
                      f"{_tricks_en(my_tricks)}{at_closing_en}: {gp}")
        else:
            gp = game_points_by_figures(opp_points, opp_tricks)
            how = "claim"
            why_sv = (f"{_names(state, theirs)} har {opp_points} poäng och {opp_tricks} stick"
                      f"{at_closing_sv}: {gp}")
            why_en = (f"{_names(state, theirs)} {_verb_en(theirs, 'has', 'have')} "
                      f"{opp_points} points and {_tricks_en(opp_tricks)}{at_closing_en}: "
                      f"{gp}")
        return Outcome(
            hand.number, mine, gp, how, variant.refs.score,
            f"{claim_sv} med {points}: rätt. {why_sv} spelpoäng.",
            f"{claim_en} with {points}: right. {why_en} game {_points_en(gp)}.",
            claimant=seat, closer=closer, declared=not at_end, points=now.points,
            figures=figures)
    their_tricks = figures.of(theirs)[1]
    gp = game_points_two_or_three(their_tricks)
    return Outcome(
        hand.number, theirs, gp, "wrong_claim", variant.refs.score,
        f"{claim_sv} men har bara {points}: fel. {_names(state, theirs)} hade {their_tricks} "
        f"stick{at_closing_sv}: {gp} spelpoäng.",
        f"{claim_en} but has only {points}: wrong. {_names(state, theirs)} had "
        f"{_tricks_en(their_tricks)}{at_closing_en}: {gp} game {_points_en(gp)}.",
        claimant=seat, closer=closer, declared=not at_end, points=now.points,
            figures=figures)


def _judge_end(variant: Variant, state: State, hand: Hand) -> Outcome:
    """The cards are played out and nobody claimed."""
    sides = sides_of(variant, hand)
    assert sides is not None
    if hand.closed_by is not None:
        # "山札を閉じた人が終わったときに上がりを宣言した場合と同じように採点します"
        return judge_claim(variant, state, hand, hand.closed_by, sides, at_end=True)
    now = figures_now(variant, state.rules, hand)
    last = trick_winner(variant, hand, hand.tricks[-1])
    if variant.talon:
        winners = side_of(sides, last)
        how = "last_trick"
        why_sv = f"{_names(state, winners)} tog sista sticket och vinner given"
        why_en = (f"{_names(state, winners)} took the last trick and "
                  f"{_verb_en(winners, 'wins', 'win')} the hand")
    else:
        totals = [now.of(side)[0] for side in sides]
        if totals[0] != totals[1]:
            winners = sides[0] if totals[0] > totals[1] else sides[1]
            why_sv = f"{_names(state, winners)} har flest poäng ({max(totals)} mot {min(totals)})"
            why_en = (f"{_names(state, winners)} {_verb_en(winners, 'has', 'have')} more "
                      f"points ({max(totals)} to {min(totals)})")
        else:  # a tie: our reading — the side that took the last trick
            winners = side_of(sides, last)
            why_sv = f"lika poäng ({totals[0]}); {_names(state, winners)} tog sista sticket"
            why_en = f"equal points ({totals[0]}); {_names(state, winners)} took the last trick"
        how = "more_points"
    losers = other_side(sides, winners[0])
    opp_points, opp_tricks = now.of(losers)
    gp = game_points_by_figures(opp_points, opp_tricks)
    return Outcome(
        hand.number, winners, gp, how, variant.refs.score,
        f"Ingen sa 66: {why_sv}. {_names(state, losers)} har {opp_points} poäng och "
        f"{opp_tricks} stick: {gp} spelpoäng.",
        f"Nobody claimed 66: {why_en}. {_names(state, losers)} "
        f"{_verb_en(losers, 'has', 'have')} {opp_points} points and "
        f"{_tricks_en(opp_tricks)}: {gp} game {_points_en(gp)}.",
        points=now.points, figures=now)


def _end_of_hand(variant: Variant, state: State) -> State:
    hand = state.hand
    assert hand is not None
    return write_outcome(variant, state, hand, _judge_end(variant, state, hand))


def _on_claim(variant: Variant, state: State, event: dict[str, Any]) -> State:
    hand = _require_play(variant, state, "claim")
    seat = event["seat"]
    if variant.calls_partner:
        hand = _with_partner(variant, state, hand, event.get("partner"))
    sides = sides_of(variant, hand)
    assert sides is not None
    outcome = judge_claim(variant, state, hand, seat, sides)
    return write_outcome(variant, replace(state, hand=hand), hand, outcome)


def _with_partner(variant: Variant, state: State, hand: Hand, partner: int | None) -> Hand:
    """Four hands: a claim ends the hand, so the holder of the called card is shown. Until
    the card was played the claim names him (``partner``)."""
    rule = variant.refs.claim
    called = hand.called
    assert called is not None
    if hand.partner is not None:
        if partner is not None and partner != hand.partner:
            raise _violation(
                "wrong_partner", rule, {"partner": partner, "holder": hand.partner},
                f"{called} visades av {_name(state, hand.partner)}; det är partnern.",
                f"{called} was shown by {_name(state, hand.partner)}; that is the partner.")
        return hand
    if partner is None:
        raise _violation(
            "partner_required", rule, {"called": str(called)},
            f"{called} är inte spelat än: ange vem som har det (partner), så avgörs sidorna.",
            f"{called} has not been played yet: say who holds it (partner), so the sides are "
            "known.")
    # The claim shows the called card in his hand: a void he showed in its suit (or a trick
    # he did not trump or head with it) was a breach, proven now (design principle 3).
    findings = _proven_breaches(variant, state, hand, partner, called, shown=True)
    return replace(hand, partner=partner, duty_findings=hand.duty_findings + findings)


# --- writing the protokoll -----------------------------------------------------------------------
def write_outcome(variant: Variant, state: State, hand: Hand, outcome: Outcome) -> State:
    """Subtract the game points from 7 for the winners (never below 0); a player at 0 wins the
    Bummerl and every other player gets it."""
    totals = list(state.totals)
    changes: list[int | None] = [None] * state.n
    for seat in outcome.winners:
        after = max(0, totals[seat] - outcome.game_points)
        changes[seat] = after - totals[seat]
        totals[seat] = after
    names = _names(state, outcome.winners)
    how_sv, how_en = _how_words(state, outcome)
    row = SheetRow(
        "hand", f"Giv {hand.number}: {names} {outcome.game_points} ({how_sv})",
        f"Hand {hand.number}: {names} {outcome.game_points} ({how_en})",
        tuple(changes), tuple(totals), hand.number)
    past = state.past_findings + hand.duty_findings
    finished = replace(hand, outcome=outcome)
    state = replace(state, totals=tuple(totals), rows=state.rows + (row,), hand=None,
                    last=finished, phase="deal", past_findings=past,
                    dealer=_next_dealer(variant, state, outcome))
    if 0 in totals:
        state = _end_bummerl(state)
    return state


def _how_words(state: State, outcome: Outcome) -> tuple[str, str]:
    """How a hand ended, for its protokoll row."""
    who = "" if outcome.claimant is None else _name(state, outcome.claimant)
    closer = "" if outcome.closer is None else _name(state, outcome.closer)
    if outcome.how == "claim":
        if not outcome.declared:
            return f"{who} stängde och nådde 66", f"{who} closed and reached 66"
        return "66 rätt", "66 right"
    if outcome.how == "wrong_claim":
        if not outcome.declared:
            return (f"{who} stängde men nådde inte 66", f"{who} closed and fell short")
        if outcome.claimant is None:
            return "felaktigt 66", "a wrong 66"
        return f"{who}s felaktiga 66", f"{who}'s wrong 66"
    if outcome.how == "against_closer":
        if outcome.closer is None:
            return "66 mot den som stängde", "66 against the closer"
        return f"66 mot {closer} som stängde", f"66 against {closer}, who closed"
    words = {"last_trick": ("sista sticket", "last trick"),
             "more_points": ("flest poäng", "more points"),
             "quick": ("snabbinmatning", "quick entry")}
    return words.get(outcome.how, ("snabbinmatning", "quick entry"))


def _next_dealer(variant: Variant, state: State, outcome: Outcome) -> int:
    if variant.players == 2:
        if state.rules.winner_deals:
            return outcome.winners[0]  # 66: "直前の手の勝者が配り手になります"
        return other_seat(state.dealer)  # "あとは交互に交代します"
    return next_seat(state.dealer, variant.players, direction=variant.direction)


def _end_bummerl(state: State) -> State:
    lost = tuple(0 if t == 0 else 1 for t in state.totals)
    bummerl_lost = tuple(a + b for a, b in zip(state.bummerl_lost, lost))
    played = state.bummerl_played + 1
    losers = [s for s in range(state.n) if lost[s]]
    match = state.rules.match_bummerl
    over = match > 0 and played >= match
    totals = state.totals if over else (START_GAME_POINTS,) * state.n
    row = SheetRow(
        "bummerl", f"Bummerl {played}: {_names(state, losers)} får bummerln",
        f"Bummerl {played}: {_names(state, losers)} "
        f"{'gets' if len(losers) == 1 else 'get'} the Bummerl",
        (None,) * state.n, totals, state.last.number if state.last else None,
        tuple("bummerl" if lost[s] else "" for s in range(state.n)))
    state = replace(state, bummerl_lost=bummerl_lost, bummerl_played=played,
                    totals=totals, rows=state.rows + (row,))
    if over:
        fewest = min(bummerl_lost)
        winners = tuple(s for s in range(state.n) if bummerl_lost[s] == fewest)
        state = replace(state, phase="over", winners=winners)
    return state


# --- quick entry ---------------------------------------------------------------------------------
def _on_result(variant: Variant, state: State, event: dict[str, Any]) -> State:
    """A whole hand's outcome: who won and the game points, checked against what is given."""
    hand = state.hand
    if state.phase not in ("deal", "play") or (hand is not None and hand.touched):
        raise _violation(
            "quick_not_now", R_ENTRY, {"phase": state.phase},
            "Snabbinmatning gäller en hel giv och görs innan något av given är inmatat.",
            "Quick entry covers a whole hand and comes before anything of the hand is "
            "entered.")
    if hand is None:
        hand = _fresh_hand(variant, state)
    winners = _quick_winners(variant, state, hand, event)
    gp = event["game_points"]
    how = _check_quick(variant, state, event, gp, winners)
    names = _names(state, winners)
    outcome = Outcome(hand.number, winners, gp, how or "quick", R_ENTRY,
                      f"Snabbinmatning: {names} vinner {gp} spelpoäng.",
                      f"Quick entry: {names} {_verb_en(winners, 'wins', 'win')} {gp} game "
                      f"{_points_en(gp)}.",
                      closer=event.get("closer"))
    hand = replace(hand, quick=True)
    state = replace(state, hands_started=hand.number)
    return write_outcome(variant, state, hand, outcome)


def _quick_winners(variant: Variant, state: State, hand: Hand,
                   event: dict[str, Any]) -> tuple[int, ...]:
    if not variant.calls_partner:
        return (event["winner"],)
    winners = tuple(sorted(event["winners"]))
    caller = caller_seat(variant, state.dealer)
    ok = 1 <= len(winners) < variant.players and (
        len(winners) != 1 or winners == (caller,)) and (
        len(winners) != variant.players - 1 or caller not in winners)
    if not ok:
        raise _violation(
            "result_sides", R_ENTRY, {"winners": list(winners), "caller": caller},
            f"Vinnarna är en sida: {_name(state, caller)} (som ropar) med sin partner, "
            f"{_name(state, caller)} ensam, eller de andra.",
            f"The winners are one side: {_name(state, caller)} (the caller) with their partner, "
            f"{_name(state, caller)} alone, or the others.")
    return winners


# The figures at the moment of closing, for quick entry of a closed hand (two hands).
CLOSING_FIELDS = ("opponent_points_at_closing", "opponent_tricks_at_closing",
                  "closer_tricks_at_closing")
# The quick entry's numbers in words, for refusals (a player never sees the field names).
_FIELD_SV = {"loser_points": "Förlorarens poäng", "loser_tricks": "Förlorarens stick",
             "winner_tricks": "Vinnarens stick",
             "opponent_points_at_closing": "Motspelarens poäng vid stängningen",
             "opponent_tricks_at_closing": "Motspelarens stick vid stängningen",
             "closer_tricks_at_closing": "Stängarens stick vid stängningen"}
_FIELD_EN = {"loser_points": "The loser's points", "loser_tricks": "The loser's tricks",
             "winner_tricks": "The winner's tricks",
             "opponent_points_at_closing": "The opponent's points at the closing",
             "opponent_tricks_at_closing": "The opponent's tricks at the closing",
             "closer_tricks_at_closing": "The closer's tricks at the closing"}


def _check_quick(variant: Variant, state: State, event: dict[str, Any], gp: int,
                 winners: tuple[int, ...]) -> str | None:
    """Check a quick entry's game points against what it says of the hand; return its
    ``how`` (a right claim by the closer's opponent is a claim against the closer).

    After a closing the figures at the moment of closing decide (ゲーム点, README), unless the
    table plays ``end_of_hand_figures``: then the entry says who closed (``closer``) and the
    closer's opponent's points and tricks then (and, for the opponent's wrong claim, the
    closer's own tricks then); ``loser_points``/``loser_tricks``/``winner_tricks`` are always
    the figures at the end of the hand.
    """
    rule = variant.refs.score

    def refuse(code: str, params: dict[str, Any], sv: str, en: str,
               cite: str = rule) -> RuleViolation:
        return _violation(code, cite, {"game_points": gp, **params}, sv, en)

    if gp not in (1, 2, 3):
        raise refuse("game_points_range", {},
                     f"En giv ger 1, 2 eller 3 spelpoäng, inte {gp}.",
                     f"A hand scores 1, 2 or 3 game points, not {gp}.")
    counts = {name: event.get(name) for name in ("loser_points", "loser_tricks",
                                                  "winner_tricks") + CLOSING_FIELDS}
    most_tricks = variant.tricks_per_hand
    for name, value in counts.items():
        high = MOST_POINTS if "points" in name else most_tricks
        if value is not None and not 0 <= value <= high:
            raise refuse("result_shape", {name: value},
                         f"{_FIELD_SV.get(name, name)} kan inte vara {value}.",
                         f"{_FIELD_EN.get(name, name)} cannot be {value}.")
    lp, lt, wt = counts["loser_points"], counts["loser_tricks"], counts["winner_tricks"]
    if lt is not None and wt is not None and lt + wt > most_tricks:
        raise refuse("result_shape", {"tricks": lt + wt},
                     f"En giv har högst {most_tricks} stick.",
                     f"A hand has at most {most_tricks} tricks.")
    if lt == 0 and lp:
        raise refuse("points_without_tricks", {"loser_points": lp},
                     "Utan stick har förloraren inga poäng (mariage räknas först med ett stick).",
                     "Without a trick the loser has no points (a marriage counts only with a "
                     "trick).")
    how = event.get("how")
    if how == "wrong_claim" and lp is not None and lp >= TARGET:
        # The loser of a wrong claim is the claimant, and he had less than 66 (at the end of
        # a closed hand nobody claimed: the closer, who fell short).
        raise refuse("wrong_claim_with_66", {"how": how, "loser_points": lp},
                     f"Ett felaktigt 66 betyder att den som sa det hade under {TARGET}; "
                     f"förloraren har {lp}.",
                     f"A wrong 66 means the claimant had less than {TARGET}; the loser has "
                     f"{lp}.", variant.refs.claim)
    closer = event.get("closer")
    op, ot, ct = (counts[name] for name in CLOSING_FIELDS)
    closer_won = closer is not None and closer in winners
    if closer is None and any(v is not None for v in (op, ot, ct)):
        raise refuse("closer_required", {},
                     "Siffrorna vid stängningen hör till en stängd giv: ange vem som stängde "
                     "(closer).",
                     "The figures at the closing belong to a closed hand: say who closed the "
                     "talon (closer).", R_ENTRY)
    if closer is not None:
        how = _check_quick_closing(variant, state, refuse, how, closer, closer_won,
                                   (lp, lt, wt), (op, ot, ct))
    at_closing = closer is not None and not state.rules.end_of_hand_figures
    at_sv, at_en = (" vid stängningen", " at the closing") if at_closing else ("", "")
    if how in ("wrong_claim", "against_closer") or (closer is not None and not closer_won):
        # The scorer gets 2, or 3 if he has no trick (after a closing: then).
        if gp == 1:
            raise refuse("game_points_mismatch", {"how": how},
                         "Ett felaktigt 66 eller 66 mot den som stängde ger 2 eller 3.",
                         "A wrong 66 or a 66 against the closer scores 2 or 3.")
        scorer_tricks = (ct if closer_won else ot) if at_closing else wt
        if scorer_tricks is not None and gp != game_points_two_or_three(scorer_tricks):
            right = game_points_two_or_three(scorer_tricks)
            raise refuse("game_points_mismatch", {"how": how, "scorer_tricks": scorer_tricks},
                         f"Vinnaren hade {scorer_tricks} stick{at_sv}: det ger {right} "
                         "spelpoäng.",
                         f"The winner had {_tricks_en(scorer_tricks)}{at_en}: that scores "
                         f"{right} game {_points_en(right)}.")
        return how
    if how in ("claim", "last_trick", "more_points") and wt == 0:
        raise refuse("winner_without_tricks", {"how": how},
                     "Den som vinner med 66 eller sista sticket har tagit stick.",
                     "Whoever wins by 66 or the last trick has taken tricks.")
    if at_closing:
        lp, lt = op, ot  # the closer won: his opponent's figures at the closing decide
    hint_sv = hint_en = ""
    if closer is None and variant.talon:
        hint_sv = (" (Stängdes talongen? Ange då vem som stängde och motspelarens poäng och "
                   "stick vid stängningen.)")
        hint_en = (" (Was the talon closed? Then say who closed it and the opponent's points "
                   "and tricks at the closing.)")
    if lp and gp == 3:
        # Points come only from won cards (a marriage counts only with a trick): a loser with
        # points has a trick, and 3 is for a loser without one.
        raise refuse("points_mean_a_trick", {"loser_points": lp},
                     f"Förloraren har {lp} poäng{at_sv}, alltså minst ett stick: då blir det "
                     "inte 3 spelpoäng (3 är när förloraren inte har något stick).",
                     f"The loser has {lp} points{at_en}, so at least one trick: that does not "
                     "score 3 game points (3 is for a loser without a trick).")
    if lp is not None and lt is not None:
        right = game_points_by_figures(lp, lt)
        if gp != right:
            raise refuse("game_points_mismatch", {"loser_points": lp, "loser_tricks": lt},
                         f"Förloraren har {lp} poäng och {lt} stick{at_sv}: det ger {right} "
                         f"spelpoäng.{hint_sv}",
                         f"The loser has {lp} points and {_tricks_en(lt)}{at_en}: that scores "
                         f"{right} game {_points_en(right)}.{hint_en}")
    elif lp is not None and (lp >= ONE_POINT_FROM) != (gp == 1):
        raise refuse("game_points_mismatch", {"loser_points": lp},
                     f"Förloraren har {lp} poäng{at_sv}: 1 spelpoäng från {ONE_POINT_FROM}, "
                     f"annars 2 eller 3.{hint_sv}",
                     f"The loser has {lp} points{at_en}: 1 game point from {ONE_POINT_FROM}, "
                     f"else 2 or 3.{hint_en}")
    elif lt is not None and (lt == 0) != (gp == 3):
        raise refuse("game_points_mismatch", {"loser_tricks": lt},
                     "3 spelpoäng är det när förloraren inte har något stick, och bara då.",
                     "3 game points it is when the loser has no trick, and only then.")
    return how


def _check_quick_closing(variant: Variant, state: State, refuse: Any, how: str | None,
                         closer: int, closer_won: bool, end: tuple[int | None, ...],
                         closing: tuple[int | None, ...]) -> str | None:
    """A quick entry of a closed hand: how it can have ended, and figures at the closing that
    fit those at the end (points and tricks only grow)."""
    name = _name(state, closer)
    if how == "last_trick":
        raise refuse("closed_no_last_trick", {"how": how, "closer": closer},
                     f"{name} stängde talongen, så den tog aldrig slut: given slutar med 66 "
                     "(eller som om den som stängde sa 66 vid slutet), inte med sista sticket "
                     "ur en talong som tagit slut.",
                     f"{name} closed the talon, so it was never used up: the hand ends with a "
                     "claim (or as the closer's claim at the end), not with the last trick of "
                     "an exhausted talon.", variant.refs.close)
    if how == "against_closer" and closer_won:
        raise refuse("how_mismatch", {"how": how, "closer": closer},
                     f"66 mot den som stängde vinns av motspelaren, inte av {name} som stängde.",
                     f"66 against the closer is won by the closer's opponent, not by {name}, who "
                     "closed.")
    if how == "claim" and not closer_won:
        how = "against_closer"  # the closer's opponent claimed right
    lp, lt, wt = end
    op, ot, ct = closing
    if ot == 0 and op:
        raise refuse("points_without_tricks", {"opponent_points_at_closing": op},
                     "Utan stick vid stängningen hade motspelaren inga poäng då.",
                     "Without a trick at the closing the opponent had no points then.")
    # The opponent is the loser when the closer won, else the winner.
    pairs = (("opponent_points_at_closing", op, lp if closer_won else None,
              "Motspelarens poäng", "The opponent's points"),
             ("opponent_tricks_at_closing", ot, lt if closer_won else wt,
              "Motspelarens stick", "The opponent's tricks"),
             ("closer_tricks_at_closing", ct, wt if closer_won else lt,
              "Stängarens stick", "The closer's tricks"))
    for field_name, early, late, what_sv, what_en in pairs:
        if early is not None and late is not None and early > late:
            raise refuse("closing_after_end", {field_name: early, "at_end": late},
                         f"{what_sv} vid stängningen ({early}) kan inte vara fler än vid "
                         f"givens slut ({late}): poäng och stick blir bara fler.",
                         f"{what_en} at the closing ({early}) cannot be more than at the end "
                         f"of the hand ({late}): points and tricks only grow.", R_ENTRY)
    return how


# --- a hand entered by its player: each play checked at once -----------------------------------
def _on_hand(variant: Variant, state: State, event: dict[str, Any]) -> State:
    """A player enters the cards he holds, once no card enters a hand any more: the talon
    closed or exhausted (two hands, 66), or from the first trick (four hands) — exactly when
    the duty to follow, trump and head applies. Before that every draw would change it.

    The hand must hold his cards the table knows (a marriage partner shown, the trump card
    taken) and none played, under the talon, out of play or known or entered elsewhere.
    Cards in it that an earlier trick under the duty should have brought out prove that
    breach: a finding private to him until the hand is over.
    """
    hand = _require_play(variant, state, "hand")
    trick = hand.current
    assert trick is not None
    seat = event["seat"]
    rule = variant.refs.play
    if not _duty_applies(hand, trick.number):
        raise _violation(
            "hand_not_yet", rule, {"seat": seat, "talon": hand.talon},
            "Handen matas in när inga kort längre kommer in i den: när talongen är stängd "
            "eller slut. Då gäller också plikten att bekänna, trumfa och ta sticket.",
            "The hand is entered once no card enters it any more: when the talon is closed "
            "or exhausted. That is also when the duty to follow, trump and head applies.")
    entered = hand.entered or hand_entry.no_hands(variant.players)
    size = hand.in_hand - (1 if seat in trick.seats() else 0)
    unavailable = [c for c in hand.knowledge.seen] + [
        c for c in (hand.trump_card, hand.turned_down) if c is not None] + [
        c for other, cards in enumerate(hand.known) if other != seat for c in cards]
    cards = hand_entry.check_entry(entered, seat, event["cards"], size=size,
                                   seen=unavailable, rule=rule, players=state.players)
    missing = [c for c in hand.known[seat] if c not in cards]
    if missing:
        raise _violation(
            "hand_missing_known", rule, {"seat": seat, "missing": [str(c) for c in missing]},
            f"Bordet vet att {_name(state, seat)} har {', '.join(map(str, missing))}, men "
            "det saknas i handen.",
            f"The table knows {_name(state, seat)} holds {', '.join(map(str, missing))}, but "
            "it is missing from the hand.")
    findings = hand.duty_findings
    for card in cards:
        proven = _proven_breaches(variant, state, replace(hand, duty_findings=findings),
                                  seat, card, shown=True)
        findings += tuple(_private_breach(state, f, seat) for f in proven)
    hand = replace(hand, entered=hand_entry.with_hand(entered, seat, cards),
                   duty_findings=findings)
    return replace(state, hand=hand)


def _private_breach(state: State, finding: Finding, seat: int) -> Finding:
    """A duty breach proven by a card of the entered hand: its card is his secret."""
    duty = finding.params["duty"]
    sv, en, _code = _DUTY_WORDS[duty]
    trick, played = finding.params["breach_trick"], finding.params["breach_card"]
    name = _name(state, seat)
    card = finding.params["proof_card"]
    return replace(
        finding, params=dict(finding.params, proof="hand"), private_to=seat,
        sv=(f"{name} skulle {sv} i stick {trick} men spelade {played}; {card} på den "
            "inmatade handen fanns då på handen."),
        en=(f"{name} had to {en} in trick {trick} but played {played}; {card} in their entered "
            "hand was in their hand then."),
        public_sv=(f"{name} skulle {sv} i stick {trick} men spelade {played}; den inmatade "
                   "handen visar att det gick."),
        public_en=(f"{name} had to {en} in trick {trick} but played {played}; their entered "
                   "hand shows they could."))


def _check_entered(variant: Variant, state: State, hand: Hand, seat: int, card: Card) -> None:
    """With entered hands: the card must be in the player's own and in no other; under the
    duty no other card of his may make it wrong (follow suit, else trump, and head)."""
    if not hand.entered:
        return
    rule = variant.refs.play
    hand_entry.check_in_hand(hand.entered, seat, card, rule, state.players)
    mine, trick = hand.entered[seat], hand.current
    if mine is None or trick is None or not trick.plays \
            or not _duty_applies(hand, trick.number):
        return
    for other in mine:
        duty = other != card and duty_breach(variant, card, other, trick.plays, hand.trump,
                                             state.rules.must_head)
        if duty:
            sv, en, code = _DUTY_WORDS[duty]
            name = _name(state, seat)
            raise hand_entry.refuse_duty(
                code, rule, seat, {"card": str(card), "holds": str(other),
                                   "trick": trick.number},
                sv=f"{name} måste {sv}: {other} finns på den inmatade handen.",
                en=f"{name} must {en}: {other} is in the entered hand.",
                public_sv=f"{name} måste {sv}: den inmatade handen visar att det går.",
                public_en=f"{name} must {en}: the entered hand can.")


def entered_legal(variant: Variant, state: State, seat: int) -> tuple[Card, ...] | None:
    """The cards ``seat`` may play now when his hand is entered, else ``None``."""
    hand = state.hand
    if hand is None or not hand.entered or hand.entered[seat] is None or hand.current is None:
        return None
    return legal_cards(variant, hand.entered[seat], hand.current.plays, hand.trump,
                       state.rules.must_head, _duty_applies(hand, hand.current.number))


_HANDLERS = {
    "deal": _on_deal, "call": _on_call, "exchange": _on_exchange, "close": _on_close,
    "marriage": _on_marriage, "play": _on_play, "trick": _on_trick, "claim": _on_claim,
    "result": _on_result, "hand": _on_hand,
}


# --- events --------------------------------------------------------------------------------------
def events_for(variant: Variant, close_before_drawing: bool = False) -> dict[str, EventSpec]:
    """The event types of a game of the family."""
    how = ("claim|wrong_claim|more_points" if variant.calls_partner
           else "claim|against_closer|wrong_claim|last_trick")
    result_required = ({"winners": "seats", "game_points": "int"} if variant.calls_partner
                       else {"winner": "seat", "game_points": "int"})
    events = {
        "deal": EventSpec(
            {"trump": "card"},
            help_sv="Givaren har gett och vänt upp trumfkortet under talongen.",
            help_en="The dealer has dealt and turned up the trump card under the talon."),
        "call": EventSpec(
            {"seat": "seat", "card": "card"},
            help_sv="Spelaren till höger om given ropar ett kort: dess färg är trumf och den "
                    "som har kortet blir den ropandes hemliga partner.",
            help_en="The player on the dealer's right calls a card: its suit is trumps and "
                    "its holder their secret partner."),
        "exchange": EventSpec(
            {"seat": "seat"}, {"card": "card"},
            help_sv="Den som spelar ut byter trumfknekten (66: nian) mot trumfkortet.",
            help_en="The leader exchanges the trump jack (66: the nine) for the trump card."),
        "close": EventSpec(
            {"seat": "seat"}, {"before_drawing": "bool"} if close_before_drawing else {},
            help_sv="Den som spelar ut stänger talongen (trumfkortet vänds ned).",
            help_en="The leader closes the talon (the trump card is turned down)."),
        "marriage": EventSpec(
            {"seat": "seat", "card": "card"},
            help_sv="Utspel med mariage: kungen eller damen spelas ut, den andra visas.",
            help_en="A marriage lead: the king or the queen is led, the other shown."),
        "play": EventSpec({"seat": "seat", "card": "card"}, help_sv="Ett spelat kort.",
                          help_en="One card played."),
        "trick": EventSpec(
            {"cards": "cards"}, {"marriage": "bool"},
            help_sv="Sticket i spelordning från den som står på tur; med mariage om utspelet "
                    "meldar mariage.",
            help_en="The trick's cards in playing order from the seat to play; marriage: the "
                    "lead announces a marriage."),
        "claim": EventSpec(
            {"seat": "seat"}, {"partner": "seat"} if variant.calls_partner else {},
            help_sv="”66!” — spelaren säger att den egna sidan har 66; given slutar."
                    + (" Partner: vem som har det ropade kortet, om det inte är spelat."
                       if variant.calls_partner else ""),
            help_en="“66!” — the player says they (their side) have 66; the hand ends."
                    + (" partner: who holds the called card, if it is not played yet."
                       if variant.calls_partner else "")),
        "result": EventSpec(
            result_required,
            {"how": f"choice:{how}", "loser_points": "int", "loser_tricks": "int",
             "winner_tricks": "int"},
            help_sv="Snabbinmatning av en giv: vinnaren, spelpoängen (1–3) och gärna hur och "
                    "förlorarens poäng och stick, som prövas.",
            help_en="Quick entry of a hand: the winner, the game points (1–3) and, if you "
                    "like, how, and the loser's points and tricks, which are checked."),
    }
    events["hand"] = EventSpec(
        {"seat": "seat", "cards": "cards"},
        help_sv="Spelaren matar in korten på sin hand (när talongen är stängd eller slut; syns "
                "bara för den egna platsen tills given är slut); därefter prövas varje kort "
                "genast.",
        help_en="The player enters the cards they hold (once the talon is closed or "
                "exhausted; seen only by their seat until the hand is over); from then on each "
                "card is checked at once.")
    if variant.calls_partner:
        for name in ("deal", "exchange", "close"):
            del events[name]
    else:
        del events["call"]
        # A closed hand: who closed, and the figures at the moment of closing (they decide).
        events["result"] = replace(
            events["result"],
            optional={**events["result"].optional, "closer": "seat",
                      **{name: "int" for name in CLOSING_FIELDS}},
            help_sv=events["result"].help_sv + " Stängdes talongen: vem som stängde och "
                    "motspelarens poäng och stick då (de avgör), vid motspelarens felaktiga "
                    "66 också stängarens stick då.",
            help_en=events["result"].help_en + " If the talon was closed: who closed it and "
                    "the opponent's points and tricks then (they decide); for the opponent's "
                    "wrong 66 also the closer's tricks then.")
    return events


# A hand a player enters is his alone until the hand is over (rules_engine.secrets).
PRIVATE = hand_entry.PRIVATE


def labels_for(variant: Variant) -> dict[str, dict[str, tuple[str, str]]]:
    """Short names of the family's words for the app's buttons and log (principle 5)."""
    labels = {
        "events": {
            "deal": ("Trumfkortet vänt", "Trump card turned"),
            "call": ("Ropa kort", "Call a card"),
            "exchange": ("Byt mot trumfkortet", "Exchange for the trump card"),
            "close": ("Stäng talongen", "Close the talon"),
            "marriage": ("Mariage (20/40)", "Marriage (20/40)"),
            "play": ("Spela ett kort", "Play a card"), "trick": ("Ett helt stick", "A whole trick"),
            "claim": ("66!", "66!"), "result": ("Snabbinmatning", "Quick entry"),
            "hand": ("Min hand", "My hand"),
        },
        "fields": {
            "trump": ("Trumfkortet", "Trump card"), "marriage": ("Mariage?", "Marriage?"),
            "before_drawing": ("Före dragningen", "Before drawing"),
            "partner": ("Vem har det ropade kortet?", "Who holds the called card?"),
            "winner": ("Vinnare", "Winner"), "winners": ("Vinnarna", "Winners"),
            "game_points": ("Spelpoäng", "Game points"), "how": ("Hur", "How"),
            "loser_points": ("Förlorarens poäng", "Loser's points"),
            "loser_tricks": ("Förlorarens stick", "Loser's tricks"),
            "winner_tricks": ("Vinnarens stick", "Winner's tricks"),
            "closer": ("Vem stängde talongen?", "Who closed the talon?"),
            "opponent_points_at_closing": ("Motspelarens poäng vid stängningen",
                                           "Opponent's points at the closing"),
            "opponent_tricks_at_closing": ("Motspelarens stick vid stängningen",
                                           "Opponent's tricks at the closing"),
            "closer_tricks_at_closing": ("Stängarens stick vid stängningen",
                                         "Closer's tricks at the closing"),
        },
        "nouns": {
            "trump": ("trumfkort", "trump card"), "marriage": ("mariage", "marriage"),
            "before_drawing": ("före dragningen", "before drawing"),
            "partner": ("partner", "partner"), "winner": ("vinnare", "winner"),
            "winners": ("vinnare", "winners"), "game_points": ("spelpoäng", "game points"),
            "how": ("hur", "how"), "loser_points": ("förlorarens poäng", "loser's points"),
            "loser_tricks": ("förlorarens stick", "loser's tricks"),
            "winner_tricks": ("vinnarens stick", "winner's tricks"),
            "closer": ("stängde", "closed by"),
            "opponent_points_at_closing": ("motspelarens poäng vid stängningen",
                                           "opponent's points at the closing"),
            "opponent_tricks_at_closing": ("motspelarens stick vid stängningen",
                                           "opponent's tricks at the closing"),
            "closer_tricks_at_closing": ("stängarens stick vid stängningen",
                                         "closer's tricks at the closing"),
        },
        "values": {
            "claim": ("66 rätt sagt", "66 claimed right"),
            "against_closer": ("66 mot den som stängde", "66 against the closer"),
            "wrong_claim": ("Motspelarens felaktiga 66", "The opponent's wrong 66"),
            "last_trick": ("Sista sticket", "The last trick"),
            "more_points": ("Flest poäng efter sista sticket", "More points after the last "
                                                                "trick"),
            "J": ("Knekten", "The jack"), "9": ("Nian", "The nine"),
        },
    }
    events = events_for(variant, close_before_drawing=True)
    labels["events"] = {k: v for k, v in labels["events"].items() if k in events}
    return labels


# --- the dispute settler -------------------------------------------------------------------------
def _verdict(refusal: RuleViolation | None, rule: str, seat: int | None, sv: str,
             en: str) -> dict[str, Any]:
    if refusal is None:
        return {"allowed": True, "seat": seat, "code": None, "rule": rule,
                "messages": {"sv": sv, "en": en}}
    return {"allowed": False, "seat": seat, "code": refusal.code, "rule": refusal.rule,
            "messages": dict(refusal.messages)}


def settler(variant: Variant, state: State) -> dict[str, Any] | None:
    """The commonest quarrels at a Schnapsen table, answered for this moment with the rule."""
    hand = state.hand
    if state.phase != "play" or hand is None or hand.current is None:
        return None
    rules = state.rules
    trick = hand.current
    leader = trick.leader
    out: dict[str, Any] = {"trump": hand.trump}
    if variant.calls_partner:
        out["called"] = None if hand.called is None else str(hand.called)
        out["partner"] = hand.partner  # None until the called card is played or shown
    if variant.talon:
        status = ("closed" if hand.closed_by is not None else
                  "exhausted" if hand.talon == 0 else "open")
        out["talon"] = {
            "cards": hand.talon, "face_down": hand.face_down, "status": status,
            "trump_card": None if hand.trump_card is None else str(hand.trump_card),
            "closed_by": hand.closed_by, "rule": variant.refs.play,
            "messages": _talon_words(state, hand)}
        wanted = exchange_card(state, hand)
        out["exchange"] = _verdict(
            exchange_refusal(variant, state, leader),
            variant.refs.exchange if rules.exchange_rank == "J" else variant.refs.options,
            leader, f"{_name(state, leader)} får byta {wanted} mot {hand.trump_card}, om {wanted} "
                    "finns på handen.",
            f"{_name(state, leader)} may exchange {wanted} for {hand.trump_card} if they hold "
            f"{wanted}.")
        out["close"] = _verdict(
            close_refusal(variant, state, leader), variant.refs.close, leader,
            f"{_name(state, leader)} får stänga talongen nu.",
            f"{_name(state, leader)} may close the talon now.")
    duty = _duty_applies(hand, trick.number)
    out["duty"] = {
        "follow_and_head": duty, "rule": variant.refs.play,
        "messages": {
            "sv": ("Bekänn färg och ta sticket om du kan, annars trumfa, annars valfritt."
                   if duty and rules.must_head else
                   "Bekänn färg, annars trumfa, annars valfritt (ingen plikt att ta sticket)."
                   if duty else "Talongen är öppen: vilket kort som helst får läggas."),
            "en": ("Follow suit and head the trick if you can, else trump, else anything."
                   if duty and rules.must_head else
                   "Follow suit, else trump, else anything (no duty to head)."
                   if duty else "The talon is open: any card may be played.")}}
    candidates = marriage_candidates(variant, state)
    general = marriage_refusal(variant, state, leader)
    if general is None and not candidates:
        general = _violation(
            "no_marriage_left", variant.refs.marriage, {},
            "Inget mariage är möjligt: varje par har ett kort spelat eller utom räckhåll.",
            "No marriage is possible: every pair has a card played or out of reach.")
    marriage = _verdict(general, variant.refs.marriage, leader,
                        f"{_name(state, leader)} får melda mariage med ett av: "
                        f"{' '.join(str(c) for c in candidates)}.",
                        f"{_name(state, leader)} may announce a marriage leading one of: "
                        f"{' '.join(str(c) for c in candidates)}.")
    marriage["cards"] = [str(c) for c in candidates]
    out["marriage"] = marriage
    out["claims"] = [_claim_verdict(variant, state, hand, seat)
                     for seat in range(variant.players)]
    return out


def _talon_words(state: State, hand: Hand) -> dict[str, str]:
    if hand.closed_by is not None:
        return {"sv": f"Talongen är stängd av {_name(state, hand.closed_by)}; {hand.talon} kort "
                      "ligger kvar ur spel.",
                "en": f"The talon is closed by {_name(state, hand.closed_by)}; {hand.talon} "
                      "cards stay out of play."}
    if hand.talon == 0:
        return {"sv": "Talongen är slut.", "en": "The talon is exhausted."}
    return {"sv": f"Talongen har {hand.talon} kort: {hand.face_down} nedvända och "
                  f"{hand.trump_card} uppvänt.",
            "en": f"The talon has {hand.talon} cards: {hand.face_down} face down and "
                  f"{hand.trump_card} face up."}


def _claim_verdict(variant: Variant, state: State, hand: Hand, seat: int) -> dict[str, Any]:
    rule = variant.refs.claim
    if state.rules.no_peeking:
        return {"seat": seat, "right": None, "hidden": True, "rule": variant.refs.options,
                "messages": {"sv": "Vid det här bordet räknar man i huvudet: appen visar inte "
                                   "poängen förrän given är slut.",
                             "en": "At this table points are kept in one's head: the app "
                                   "shows them only when the hand is over."}}
    sides = sides_of(variant, hand)
    if sides is None:
        return {"seat": seat, "right": None, "hidden": False, "rule": rule,
                "messages": {"sv": f"Sidorna är okända tills {hand.called} har spelats; ett 66 "
                                   "anger vem som har det.",
                             "en": f"The sides are unknown until {hand.called} is played; a "
                                   "claim names who holds it."}}
    outcome = judge_claim(variant, state, hand, seat, sides)
    mine = side_of(sides, seat)
    points, tricks = figures_now(variant, state.rules, hand).of(mine)
    return {"seat": seat, "right": outcome.how != "wrong_claim", "points": points,
            "tricks": tricks, "pending": sum(pending_marriages(hand, s) for s in mine),
            "winners": list(outcome.winners), "game_points": outcome.game_points,
            "hidden": False, "rule": rule, "score_rule": outcome.rule,
            "messages": {"sv": outcome.sv, "en": outcome.en}}


# --- what comes next -----------------------------------------------------------------------------
def expected_of(variant: Variant, state: State) -> Expected:
    if state.phase == "over":
        who = _names(state, state.winners)
        return Expected("over", f"Matchen är slut: {who} vann.",
                        f"The match is over: {who} won.")
    quick_fields: dict[str, Any] = {"game_points": [1, 2, 3]}
    if state.phase == "deal":
        dealer = _name(state, state.dealer)
        quick = Expectation("result", fields=quick_fields)
        if variant.calls_partner:
            caller = caller_seat(variant, state.dealer)
            return Expected(
                "deal", f"{dealer} ger. {_name(state, caller)} tittar på sina tre kort och "
                        "ropar ett kort.",
                f"{dealer} deals. {_name(state, caller)} looks at their three cards and calls "
                "a card.", caller,
                (Expectation("call", caller, fields={"card": "required"}), quick))
        return Expected(
            "deal", f"{dealer} ger och vänder upp trumfkortet.",
            f"{dealer} deals and turns up the trump card.", state.dealer,
            (Expectation("deal", state.dealer, fields={"trump": "required"}), quick))
    hand = state.hand
    assert hand is not None and hand.current is not None
    trick = hand.current
    seat = to_play(variant, hand)
    rules = state.rules
    info: dict[str, Any] = {"trick": trick.number, "leader": trick.leader,
                            "led_suit": trick.led_suit, "trump": hand.trump,
                            "follow_and_head": _duty_applies(hand, trick.number)}
    if variant.talon:
        info["talon"] = hand.talon
    # Cards on the table that no one can play now: the trump card face up under the talon,
    # and the one the closing turned down (the phone dims them).
    out = [str(c) for c in (hand.trump_card, hand.turned_down) if c is not None]
    if out:
        info["out_of_play"] = out
    legal = entered_legal(variant, state, seat)
    if legal is not None:
        info["legal"] = hand_entry.sealed_legal(seat, legal)
    inputs = [Expectation("play", seat, fields=info), Expectation("trick", seat)]
    if not trick.plays:
        candidates = marriage_candidates(variant, state)
        if candidates:
            inputs.append(Expectation("marriage", seat,
                                      fields={"card": [str(c) for c in candidates]}))
        if variant.talon:
            if exchange_refusal(variant, state, seat) is None:
                inputs.append(Expectation("exchange", seat, fields={
                    "card": str(exchange_card(state, hand))}))
            ways = tuple(before for before in ((False, True) if rules.close_before_drawing
                                               else (False,))
                         if close_refusal(variant, state, seat, before) is None)
            if ways:
                inputs.append(Expectation("close", seat, choices=ways if
                                          rules.close_before_drawing else ()))
    for claimant in seats_from(seat, variant.players, direction=variant.direction):
        claim_fields: dict[str, Any] = {}
        if variant.calls_partner and hand.partner is None:
            claim_fields["partner"] = "required"
        inputs.append(Expectation("claim", claimant, fields=claim_fields))
    if not hand.touched:
        inputs.append(Expectation("result", fields=quick_fields))
    if _duty_applies(hand, trick.number):  # no card enters a hand any more: enter it
        inputs += [Expectation("hand", s, fields={"count": hand.in_hand - (
                       1 if s in trick.seats() else 0)})
                   for s in range(variant.players)
                   if not hand.entered or hand.entered[s] is None]
    what_sv = "spelar ut" if not trick.plays else "spelar"
    what_en = "leads" if not trick.plays else "plays"
    trump_sv, trump_en = suit_words(hand.trump) if hand.trump else ("?", "?")
    talon_sv = talon_en = ""
    if variant.talon:
        words = _talon_words(state, hand)
        talon_sv, talon_en = " " + words["sv"], " " + words["en"]
    elif hand.called is not None:
        talon_sv, talon_en = f" Ropat kort: {hand.called}.", f" Called card: {hand.called}."
    return Expected(
        "play", f"Giv {hand.number}, stick {trick.number}: {_name(state, seat)} {what_sv}. "
                f"Trumf: {trump_sv}.{talon_sv}",
        f"Hand {hand.number}, trick {trick.number}: {_name(state, seat)} {what_en}. "
        f"Trumps: {trump_en}.{talon_en}", seat, tuple(inputs))


# --- reading the state ---------------------------------------------------------------------------
def sheet_of(state: State) -> Sheet:
    """The Bummerl sheet: game points still to make, from 7 down to 0, and the Bummerl lost."""
    winner = state.winners[0] if len(state.winners) == 1 else None
    return Sheet(players=state.players, rows=state.rows, totals=state.totals,
                 next_dealer=None if state.phase == "over" else state.dealer, winner=winner,
                 notes={"start": START_GAME_POINTS, "direction": "down",
                        "bummerl_lost": list(state.bummerl_lost),
                        "bummerl_played": state.bummerl_played,
                        "match_bummerl": state.rules.match_bummerl,
                        "winners": list(state.winners)})


def result_of(state: State) -> dict[str, Any] | None:
    if state.phase != "over":
        return None
    return {"winners": list(state.winners), "bummerl_lost": list(state.bummerl_lost),
            "bummerl_played": state.bummerl_played, "totals": list(state.totals)}


def all_findings(state: State) -> tuple[Finding, ...]:
    current = state.hand.duty_findings if state.hand is not None else ()
    return state.past_findings + current


def _hand_dict(variant: Variant, state: State, hand: Hand) -> dict[str, Any]:
    hidden = state.rules.no_peeking and hand.outcome is None

    def trick_dict(t: Trick) -> dict[str, Any]:
        out: dict[str, Any] = {"number": t.number, "leader": t.leader,
                               "cards": [{"seat": p.seat, "card": str(p.card)} for p in t.plays]}
        if len(t.plays) == variant.players:
            out["winner"] = trick_winner(variant, hand, t)
        return out

    out: dict[str, Any] = {
        "number": hand.number, "dealer": hand.dealer, "leader": hand.leader,
        "trump": hand.trump, "quick": hand.quick,
        "tricks": [trick_dict(t) for t in hand.tricks] if not hidden else [],
        "current": None if hand.current is None else trick_dict(hand.current),
        "won_tricks": list(hand.won_tricks),
        "marriages": [m.as_dict() for m in hand.marriages],
        "known": [[str(c) for c in cards] for cards in hand.known],
        "hands": hand_entry.sealed_hands(hand.entered or (None,) * variant.players),
        "duty_from": hand.duty_from,
        "outcome": None if hand.outcome is None else hand.outcome.as_dict(),
    }
    if not hidden:
        out["points"] = [points_of(variant, state.rules, hand, s)
                         for s in range(variant.players)]
    else:
        # No peeking (tournament rule): each player's won cards lie face down in front of
        # him until the hand is over — no list of finished tricks, each pile sealed for
        # the seat that took it (rules_engine.secrets: others learn only how many cards).
        out["won_piles"] = [sealed(s, hand.won[s]) for s in range(variant.players)]
    if variant.talon:
        out.update({
            "turned": None if hand.turned is None else str(hand.turned),
            "trump_card": None if hand.trump_card is None else str(hand.trump_card),
            "turned_down": None if hand.turned_down is None else str(hand.turned_down),
            "talon": hand.talon, "face_down": hand.face_down, "closed_by": hand.closed_by,
            "closed_at": None if hand.closed_at is None or hidden else {
                "points": list(hand.closed_at.points), "tricks": list(hand.closed_at.tricks)},
            "exchange": None if hand.exchange is None else {
                "seat": hand.exchange[0], "gave": str(hand.exchange[1]),
                "took": str(hand.exchange[2])},
        })
    if variant.calls_partner:
        out.update({"called": None if hand.called is None else str(hand.called),
                    "caller": hand.caller, "partner": hand.partner})
    return out


def deal_in_progress_of(state: State) -> int | None:
    """The hand being played (dealt, no outcome yet), else ``None``: what the no-peeking
    rule keeps face down opens when it is over."""
    hand = state.hand
    if state.phase == "play" and hand is not None and hand.outcome is None:
        return hand.number
    return None


def describe_of(variant: Variant, state: State) -> dict[str, Any]:
    """The state as JSON: the hand, the last hand's outcome, the settler's answers."""
    return {
        "phase": state.phase, "dealer": state.dealer, "totals": list(state.totals),
        "bummerl_lost": list(state.bummerl_lost), "bummerl_played": state.bummerl_played,
        "winners": list(state.winners),
        "hand": None if state.hand is None else _hand_dict(variant, state, state.hand),
        "last_hand": None if state.last is None else _hand_dict(variant, state, state.last),
        "settler": settler(variant, state),
    }
