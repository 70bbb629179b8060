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
the follower may play any card; once the talon is closed or exhausted they must follow suit and
beat the card led if they can (a higher card of the suit, else a lower one, else a trump, else
anything). The highest trump, else the highest card of the suit led, wins. While the talon is
open the winner and then the loser draw a card each. The next leader, after drawing and before
their card, may exchange the trump jack for the trump card (before the first trick too), and may
close the talon by turning the trump card down on it (also right after an exchange, also
before the first trick). A leader with K and Q of a suit scores a marriage — 40 in trumps,
else 20 — by leading one and showing the other; the points of a marriage the first leader
shows count only once they win a trick (and by the README's common rule, any marriage counts
only once its announcer has won a trick). Whoever believes they have 66 with their cards and
marriages claims it and the hand ends; otherwise it ends when the hands are empty.

Game points (the text's ゲーム点, "written out in words, then implemented as"):

- A right claim when the opponent did not close, and the last (10th) trick of an exhausted
  talon: 1 if the opponent has 33 or more, 2 if they have 32 or less but at least one trick, 3 if
  they have no trick — ``game_points_by_figures``.
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
later was in their hand before: a later card that would have been the required one proves the
earlier breach, and a finding names both tricks (``duty_breach``).

A hand entered by its player (``hand``, private to their seat until the hand is over) can be
entered once no card enters a hand any more (talon closed or exhausted; four hands: at once):
then each of their cards is checked at once against it — not in it, or made wrong by another
card of it under the duty to follow, trump and head — and refused with the duty cited. Under
``no_peeking`` the won tricks lie face down: ``describe`` lists no finished trick during the
hand and seals each player's won pile for their seat.

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
  (the app then knows it is in their hand).
- A claim may be entered at any moment of a hand by either player (mid-trick too, e.g. right
  after a marriage lead). It is judged on the points *then*: cards won plus the marriages that
  count. A wrong claim is not refused: it is a claim, scored against the claimant.
- "Wrong claim → 2, or 3 if they have no trick" and "against a closer → 2 or 3": the text's
  "if they took no card" names the scorer (the four-handed section says so explicitly); after a
  closing their tricks at the moment of closing decide, as for every figure after a closing.
- A marriage counts once its announcer has won a trick (README); it is "pending" until then
  and counts for nothing in the figures of the moment (closing, claim).
- The figures at the moment of closing are taken before the closer leads (a marriage they then
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

Where the machinery is
----------------------
This module holds the rule text as data (the numbers, the citations, the options, ``Variant``)
and what a game module offers, as functions of ``(variant, …)`` that
``rules_engine.variants.bind`` binds for each game. The parts, in the text's order:
``schnapsen_hand`` (the state and the small readings), ``schnapsen_talon`` (exchange,
closing, drawing), ``schnapsen_marriages`` (marriages and the claim), ``schnapsen_play`` (the
tricks and the duty to follow, trump and head — the duty itself is ``tricks.duty_broken``),
``schnapsen_scoring`` (judging a hand, the protokoll and the Bummerl), ``schnapsen_quick``
(quick entry) and ``schnapsen_describe`` (expected, describe and the dispute settler).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Iterable

from .. import hands as hand_entry
from ..cards import Card, Deck
from ..errors import Finding, RuleViolation, violation
from ..events import EventSpec, play_event
from ..protocol import Expected, RuleSection, check_players, not_expected, option
from ..sheet import Sheet, SheetRow
from ..tricks import Play, Trick, legal_under_duty, next_seat
from .schnapsen_hand import (  # noqa: F401 — the state types are the family's, re-exported
    Draw, Figures, Hand, Marriage, Outcome, State, player_name, sides_of, trick_winner)


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
# The figures at the moment of closing, for quick entry of a closed hand (two hands).
CLOSING_FIELDS = ("opponent_points_at_closing", "opponent_tricks_at_closing",
                  "closer_tricks_at_closing")

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
    return option(1, tuple(range(0, 11)),
                  sv="Antal bummerl i matchen (0: spela vidare utan slut).",
                  en="Bummerl in the match (0: play on without an end).")


def option_first_lead_plain(source_sv: str, source_en: str) -> Any:
    return option(False,
                  sv=f"Inget mariage och inget byte vid första utspelet ({source_sv}).",
                  en=f"No marriage and no exchange on the first lead ({source_en}).")


def option_end_of_hand_figures(default: bool, source_sv: str, source_en: str) -> Any:
    return option(default,
                  sv="Efter en stängning avgör poäng och stick vid givens slut, inte vid "
                     f"stängningen ({source_sv}).",
                  en="After a closing the points and tricks at the end of the hand decide, "
                     f"not those at the closing ({source_en}).")


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


def legal_cards(variant: Variant, hand_cards: Iterable[Card], prefix: tuple[Play, ...],
                trump: str | None, must_head: bool, duty: bool) -> tuple[Card, ...]:
    """The cards of a whole hand that may be played now: any card while no duty applies,
    else those no other card of the hand makes illegal (``tricks.legal_under_duty``)."""
    cards = tuple(hand_cards)
    if not duty or not prefix:
        return cards
    return legal_under_duty(cards, prefix, variant.deck, trump, must_head)


# --- starting -----------------------------------------------------------------------------------
def start(variant: Variant, players: Iterable[str], options: Any, first_dealer: int = 0
          ) -> State:
    players = tuple(players)
    check_players(players, first_dealer, name=variant.name,
                  players_range=(variant.players, variant.players), rule=variant.refs.cards,
                  dealer_rule=variant.refs.deal)
    totals = (START_GAME_POINTS,) * len(players)
    return State(variant.game, players, options, table_rules(options), first_dealer, "deal",
                 totals, bummerl_lost=(0,) * len(players), rows=(SheetRow.start(totals),))


def fresh_hand(variant: Variant, state: State) -> Hand:
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
        raise refuse_phase(variant, state, event["type"])
    return _handler(event["type"])(variant, state, event)


def refuse_phase(variant: Variant, state: State, event_type: str) -> RuleViolation:
    rule = {"deal": variant.refs.deal, "play": variant.refs.play,
            "over": R_AIM}[state.phase]
    return not_expected(expected_of(variant, state), event_type, state.phase, rule)


def _on_deal(variant: Variant, state: State, event: dict[str, Any]) -> State:
    """The dealer has dealt and turned the trump card up (two hands)."""
    if state.phase != "deal":
        raise refuse_phase(variant, state, "deal")
    card: Card = event["trump"]
    hand = fresh_hand(variant, state)
    talon_cards = len(variant.deck) - variant.players * variant.hand_size
    hand = replace(hand, trump=card.suit, turned=card, trump_card=card, talon=talon_cards)
    return replace(state, phase="play", hand=hand, hands_started=hand.number)


def caller_seat(variant: Variant, dealer: int) -> int:
    """Four hands: the dealer's right-hand neighbour calls and leads first."""
    return next_seat(dealer, variant.players, direction=variant.direction)


def _on_call(variant: Variant, state: State, event: dict[str, Any]) -> State:
    """Four hands: the dealer's right-hand neighbour looks at their first three cards and calls
    a card; its suit is trump and its holder their secret partner (4 人版)."""
    if state.phase != "deal":
        raise refuse_phase(variant, state, "call")
    seat, card = event["seat"], event["card"]
    caller = caller_seat(variant, state.dealer)
    if seat != caller:
        raise violation(
            "not_caller", variant.refs.deal, {"seat": seat, "caller": caller},
            f"Det är {player_name(state, caller)}, till höger om given, som ropar ett kort.",
            f"It is {player_name(state, caller)}, on the dealer's right, who calls a card.")
    hand = replace(fresh_hand(variant, state), trump=card.suit, called=card, caller=caller,
                   duty_from=1)
    return replace(state, phase="play", hand=hand, hands_started=hand.number)


def require_play(variant: Variant, state: State, event_type: str) -> Hand:
    if state.phase != "play" or state.hand is None:
        raise refuse_phase(variant, state, event_type)
    return state.hand


def _handler(event_type: str) -> Any:
    """The function that applies an event of this type (looked up when used: the parts of
    the machinery are bound at the end of this module)."""
    return {
        "deal": _on_deal, "call": _on_call, "exchange": talon.on_exchange,
        "close": talon.on_close, "marriage": marriages.on_marriage, "play": play.on_play,
        "trick": play.on_trick, "claim": marriages.on_claim, "result": quick.on_result,
        "hand": play.on_hand,
    }[event_type]


# --- what a game module offers, for each variant (rules_engine.variants.bind) ------------------
def expected_of(variant: Variant, state: State) -> Expected:
    """What the table may enter now (``schnapsen_describe``)."""
    return describe.expected_of(variant, state)


def describe_of(variant: Variant, state: State) -> dict[str, Any]:
    """The state as JSON, with the dispute settler's answers (``schnapsen_describe``)."""
    return describe.describe_of(variant, state)


def sheet_of(variant: Variant, state: State) -> Sheet:
    """The Bummerl sheet: game points still to make, from 7 down to 0, and the Bummerl lost."""
    winner = state.winners[0] if len(state.winners) == 1 else None
    return Sheet(players=state.players, rows=state.rows, totals=state.totals,
                 next_dealer=None if state.phase == "over" else state.dealer, winner=winner,
                 notes={"start": START_GAME_POINTS, "direction": "down",
                        "bummerl_lost": list(state.bummerl_lost),
                        "bummerl_played": state.bummerl_played,
                        "match_bummerl": state.rules.match_bummerl,
                        "winners": list(state.winners)})


def is_over_of(variant: Variant, state: State) -> bool:
    return state.phase == "over"


def result_of(variant: Variant, state: State) -> dict[str, Any] | None:
    if state.phase != "over":
        return None
    return {"winners": list(state.winners), "bummerl_lost": list(state.bummerl_lost),
            "bummerl_played": state.bummerl_played, "totals": list(state.totals)}


def findings_of(variant: Variant, state: State) -> tuple[Finding, ...]:
    current = state.hand.duty_findings if state.hand is not None else ()
    return state.past_findings + current


def deal_in_progress_of(variant: Variant, state: State) -> int | None:
    """The hand being played (dealt, no outcome yet), else ``None``: what the no-peeking
    rule keeps face down opens when it is over."""
    hand = state.hand
    if state.phase == "play" and hand is not None and hand.outcome is None:
        return hand.number
    return None


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
        "play": play_event(),
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


# A hand a player enters is theirs alone until the hand is over (rules_engine.secrets).
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


# The parts of the machinery (see "Where the machinery is" above). They read this module's
# tables, so they are bound last; the functions above look them up only when called.
from . import schnapsen_describe as describe  # noqa: E402
from . import schnapsen_marriages as marriages  # noqa: E402
from . import schnapsen_play as play  # noqa: E402
from . import schnapsen_quick as quick  # noqa: E402
from . import schnapsen_talon as talon  # noqa: E402
