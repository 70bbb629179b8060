"""The whist family: short whist, long whist, sättrumf, American whist, whist à la guerre.

Source: rule file 002, section "Whist regler" up to "Rödskägg regler": the paragraph "Så här
spelar ni Whist" (the draw, the deal, the play), *Poängräkning*, *Honnörspoäng*, and the
variants *long whist*, *Sättrumf*, *Amerikansk whist* and *Whist á la guerre*. Cited in
refusals as "Whist — Dragning", "— Given", "— Spelet", "— Poängräkning", "— Honnörspoäng",
and by variant ("Whist — Long whist", …). The card play (seating, tricks, what the app knows)
is shared with Priffe in ``whist_play``; the text's numbers and the score of a deal are in
``whist_scoring``, the events, options and button words in ``whist_entries``; this module is
the family's course of play and protokoll, in the order of the text. Each game id is a small
module of its own (``whist_short``, ``whist_long``, ``whist_sattrumf``, ``whist_american``,
``whist_a_la_guerre``): its settings and a ``Variant``, bound to this family with
``rules_engine.variants.bind`` (the nine functions ``start``, ``apply_event``, ``…_of``).

Short whist, as the text says it
--------------------------------
Four players draw cards: the two highest play together against the two lowest, partners
opposite (a pair is a *bolag*). The dealer gives 13 cards each, one at a time; the last card
is turned up for all to see before they take it into their hand: its suit is trump. Forehand
leads; follow suit, else trump or discard; the highest card of the led suit or the highest
trump wins; the winner leads. There is no misère ("pass") in classic whist.

Each trick over six is a *trick point* for the pair that took it (nine tricks → 3). The first
pair to 5 trick points or more has *game* (utgång) and scores robber points by the
opponents' trick points at that moment: 0 → 3, 1–2 → 2, 3–4 → 1. The first pair to two games
wins the *robber* and 2 bonus robber points. Playing for money, the pairs settle in
proportion to the difference in robber points.

Honours (often, not always; option ``honours``, on by default in short whist): the four
highest trumps J Q K A, counted when the deal is over, wherever they lay in the pair: all four
→ 4 trick points, three → 2. Honours alone never make game: a pair that won no trick over six
in the deal and would reach game by honours stops at 4. A pair making game while the other
holds three or four honours cancels those honours.

The variants
------------
- *long whist*: game at 10 trick points.
- *sättrumf*: the suit of forehand's first card led is trump (no card is turned up).
- *American whist*: as short whist, no honours, game at 7 — so a game is possible in one
  deal, by taking all thirteen tricks.
- *whist à la guerre*: each for themselves; the last card turned for trump as above; each trick
  over four scores 1; honours are the five highest trumps A–10: three → 2, four → 4, five → 5;
  9 points or more win the match (one game); honours alone never make it: without a trick
  over four in the deal the player stops at 8.

Entering a deal
---------------
``draw`` (the cards drawn, before the first deal of a robber, optional), ``seating`` (how the
players really sit, same time, optional), ``trump`` (the turned card, by the dealer; not in
sättrumf), ``hand`` (optional), ``play``/``trick`` (one card or the rest of a trick), or
``result`` (quick entry: tricks per side or per player, honours held likewise). In trick-by-
trick play the app counts the honours itself from who played them.

Interpretations (where the text is silent or ambiguous; also on docs/rules/whist.md)
-------------------------------------------------------------------------------------
- The draw: ace high (the text does not say; the ace is the highest card in play). Option
  ``draw_ace``: ``high`` (default) or ``low`` (as in Priffe's draw and many old whist
  books). Only the rank counts; a tie between the second and third card leaves the pairs
  undecided and is refused: draw again. The draw does not choose the dealer (the text does
  not say who deals first): the table's first dealer deals, and the deal passes clockwise.
- Seats: see ``whist_play`` — events name players by their number; ``seating`` is the
  clockwise order; forehand is the dealer's left; play and the deal go clockwise.
- A game reached, both pairs start the next game at 0 trick points; points over the game are
  not carried over (the text has the games of a robber counted one by one).
- The robber-point table is the text's for game at 5. For game at 7 and 10 the text says
  "as above": option ``robber_table`` — ``scaled`` (default: 3 if the opponents have 0, 2
  if they have less than half the game, else 1; for 10 that is 0 / 1–4 / 5–9, the classic
  long-whist rule) or ``as_short`` (the text's thresholds as written: 0 / 1–2 / 3 or more).
- Honours alone never make game: the pair stops one point short of game — 4 in short whist
  (the text), 9 in long whist, 4 or 9 in sättrumf. "Won no trick" means no trick over six.
- The pair that makes game by tricks cancels the other pair's honours (the text); honours
  count after the tricks, so honours never take a pair to game past the other pair's game.
- Sättrumf has honours (of the suit led first) like short whist: option ``honours``, on;
  option ``game_at``: 5 (default, as short whist) or 10 (the 18th century's long game).
- Option ``robbers``: how many robbers the match has (the text: one); before each robber the
  pairs may draw again. The match's settlement adds up each robber's: every player of the
  winning pair receives, every player of the losing pair pays, the difference in robber
  points × ``stake_per_point``.
- À la guerre: 4 players, the deal and the play as short whist, each scoring alone. Several
  players at 9 or more after the same deal: the most points win; equal — option
  ``tie_at_target``: ``play_on`` (default: deal again; decided by the first deal that
  separates them) or ``shared``. The text names no payment: no settlement.
- Quick entry (``result``) may come until the first card of the deal is played. Tricks per
  side (two numbers, the sides in the order ``describe`` lists them: the side of player 0
  first) or per player (four); 13 together. Honours held likewise (4 together, 5 in à la
  guerre), required when honours count. A turned trump card entered before stays on record.
- A revoke proven later is a finding naming both tricks; the text sets no penalty, so the
  table decides (and may correct the entries).

An entered hand (``hand``) is private to its seat until the deal is over, as
``rules_engine.hands`` says for every game that takes one.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Sequence

from ..cards import FRENCH52, Card
from ..errors import Finding, RuleViolation, violation as _violation
from ..protocol import check_players, not_expected, Expectation, Expected, RuleSection
from ..sheet import Sheet, SheetRow
from . import whist_play as table
# The family's games (``whist_short``, …) and the tests read these through ``whist``:
from .whist_entries import (LABELS, PRIVATE, events_for, option_draw_ace,  # noqa: F401
                            option_game_at, option_honours, option_robber_table,
                            option_robbers, option_stake, option_tie_at_target)
from .whist_scoring import (AMERICAN_GAME_AT, BOOK, GAME_AT, GAMES_FOR_ROBBER,  # noqa: F401
                            GUERRE_BOOK, GUERRE_GAME_AT, GUERRE_HONOUR_POINTS, GUERRE_HONOURS,
                            HONOUR_POINTS, HONOURS, LONG_GAME_AT, ROBBER_BONUS, DealScore,
                            deal_words, guerre_winners, honour_points, robber_points_for_game,
                            score_guerre_deal, score_pair_deal, trick_points)
from .whist_play import CardPlay, Refs, side_name, side_of
from .whist_play import player_name as _name, set_at as _set

DECK = FRENCH52
MIN_PLAYERS = MAX_PLAYERS = PLAYERS = table.PLAYERS

# --- the rule text as data (the numbers of its scoring: ``whist_scoring``) ------------------
R_DRAW = "Whist — Dragning"
R_DEAL = "Whist — Given"
R_PLAY = "Whist — Spelet"
R_SCORING = "Whist — Poängräkning"
R_HONOURS = "Whist — Honnörspoäng"
R_LONG = "Whist — Long whist"
R_SATTRUMF = "Whist — Sättrumf"
R_AMERICAN = "Whist — Amerikansk whist"
R_GUERRE = "Whist — À la guerre"
REFS = Refs(draw=R_DRAW, deal=R_DEAL, play=R_PLAY)

BASE_RULES = (
    RuleSection(R_DRAW,
                "Alla drar ett kort: de två högsta spelar ihop (ett bolag) mot de två lägsta. "
                "Partnerna sitter mittemot varandra.",
                "Everyone draws a card: the two highest play together (a bolag) against the "
                "two lowest. Partners sit opposite."),
    RuleSection(R_DEAL,
                "Given ger 13 kort var, ett och ett. Det sista kortet vänds upp för alla och "
                "bestämmer trumf; given tar det sedan på handen.",
                "The dealer gives 13 cards each, one at a time. The last card is turned up "
                "for all and sets the trump suit; then the dealer takes it into their hand."),
    RuleSection(R_PLAY,
                "Förhand spelar ut. Bekänn färg, annars trumfa eller saka. Högsta kortet i "
                "utspelsfärgen eller högsta trumfen tar sticket; vinnaren spelar ut.",
                "Forehand leads. Follow suit, else trump or discard. The highest card of the "
                "led suit or the highest trump takes the trick; the winner leads."),
    RuleSection(R_SCORING,
                "Varje stick över sex är en trickpoäng. Först till 5 har utgång: 3, 2 eller 1 "
                "robbertpoäng om motspelarna har 0, 1–2 eller 3–4. Två utgångar vinner "
                "robberten och 2 bonuspoäng. Man gör upp efter skillnaden i robbertpoäng.",
                "Each trick over six is a trick point. First to 5 has game: 3, 2 or 1 robber "
                "points if the opponents have 0, 1–2 or 3–4. Two games win the robber and 2 "
                "bonus points. Settle by the difference in robber points."),
)
HONOURS_RULE = RuleSection(
    R_HONOURS,
    "Efter given: ett par med alla fyra av Kn D K E i trumf får 4 trickpoäng, med tre 2. "
    "Honnörer ger aldrig ensamma utgång: utan trick i given stannar paret på 4. Gör det "
    "andra paret utgång samtidigt faller honnörerna bort.",
    "After the deal: a pair with all four of J Q K A of trumps gets 4 trick points, with "
    "three 2. Honours alone never make game: without a trick in the deal the pair stops at "
    "4. If the other pair makes game in that deal, the honours are cancelled.")

LONG_RULE = RuleSection(
    R_LONG,
    "Som short whist, men utgång kräver 10 trickpoäng.",
    "As short whist, but game takes 10 trick points.")
SATTRUMF_RULE = RuleSection(
    R_SATTRUMF,
    "Inget kort vänds upp: färgen på förhands första utspelade kort blir trumf.",
    "No card is turned up: the suit of forehand's first card led is trump.")
AMERICAN_RULE = RuleSection(
    R_AMERICAN,
    "Som short whist utan honnörspoäng; utgång kräver 7 trickpoäng, så alla tretton stick "
    "ger utgång på en giv.",
    "As short whist without honours; game takes 7 trick points, so all thirteen tricks make "
    "game in one deal.")
GUERRE_RULE = RuleSection(
    R_GUERRE,
    "Alla mot alla; sista kortet vänds för trumf. Varje stick över fyra ger 1 poäng. Av E K "
    "D Kn 10 i trumf ger tre 2, fyra 4 och alla fem 5 poäng. 9 poäng vinner, men aldrig på "
    "enbart honnörer: utan trick i given stannar man på 8.",
    "Each on their own; the last card is turned for trump. Each trick over four scores 1. Of "
    "A K Q J 10 of trumps three score 2, four 4 and all five 5. 9 points win, but never by "
    "honours alone: without a trick in the deal one stops at 8.")


# --- the variants of the family ----------------------------------------------------------------
@dataclass(frozen=True)
class Variant:
    """What one whist game scores and how trump is chosen."""

    game: str  # the game id
    rule: str  # the section cited for the game's own scoring
    pairs: bool  # partnerships and robbers, or each for themselves (à la guerre)
    game_at: int  # the default target (an option may change it)
    book: int = BOOK
    honour_ranks: tuple[str, ...] = HONOURS
    honour_points: tuple[tuple[int, int], ...] = HONOUR_POINTS
    honours: bool = True  # honours count by default
    honours_option: bool = True  # the table may switch them (else fixed as ``honours``)
    trump_by: str = "turned"  # "turned" (uppslagstrumf) or "first_lead" (sättrumf)


@dataclass(frozen=True)
class TableRules:
    """The rule choices the machinery reads, from the variant and the game's ``Options``."""

    game_at: int
    honours: bool
    robbers: int = 1
    robber_table: str = "as_short"
    stake_per_point: int = 1
    draw_ace: str = "high"
    tie_at_target: str = "play_on"


def table_rules(variant: Variant, options: Any) -> TableRules:
    names = {f.name for f in fields(TableRules)} - {"game_at", "honours"}
    given = {name: getattr(options, name) for name in names if hasattr(options, name)}
    return TableRules(game_at=getattr(options, "game_at", variant.game_at),
                      honours=getattr(options, "honours", variant.honours)
                      if variant.honours_option else variant.honours, **given)


# --- state -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Deal:
    number: int
    dealer: int
    play: CardPlay
    quick: bool = False
    score: DealScore | None = None

    @property
    def touched(self) -> bool:
        """Has anything of this deal been entered?"""
        cp = self.play
        return bool(cp.trump_card is not None or cp.started or any(
            h is not None for h in cp.hands) or self.quick)


@dataclass(frozen=True)
class RobberResult:
    number: int
    sides: tuple[tuple[int, ...], ...]
    robber_points: tuple[int, ...]  # per side, bonus included
    winner: int  # the side

    @property
    def difference(self) -> int:
        return self.robber_points[self.winner] - self.robber_points[1 - self.winner]


@dataclass(frozen=True)
class State:
    game: str
    players: tuple[str, ...]
    options: Any
    rules: TableRules
    seating: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    dealer: int
    deal: Deal
    phase: str  # "turn" (the trump card), "play", "over"
    points: tuple[int, ...]  # per side: trick points in the current game (à la guerre: all)
    totals: tuple[int, ...]  # per player: robber points (à la guerre: points)
    games: tuple[int, ...] = (0, 0)  # per side, in the current robber
    robber_points: tuple[int, ...] = (0, 0)  # per side, in the current robber
    robber: int = 1
    robber_deals: int = 0  # deals scored in the current robber
    drawn: bool = False  # the current robber's draw is entered
    robbers_done: tuple[RobberResult, ...] = ()
    money: tuple[int, ...] = (0,) * PLAYERS  # per player, settled robbers
    rows: tuple[SheetRow, ...] = ()
    winners: tuple[int, ...] = ()  # players
    last: Deal | None = None
    past_findings: tuple[Finding, ...] = ()


# --- a deal ----------------------------------------------------------------------------------
def honour_cards(variant: Variant, trump: str) -> tuple[Card, ...]:
    return tuple(Card(trump, rank) for rank in variant.honour_ranks)


def _fresh_deal(variant: Variant, number: int, dealer: int,
                seating: tuple[int, ...]) -> Deal:
    forehand = table.left_of(seating, dealer)
    play = table.begin(seating, dealer, forehand,
                       trump_from_lead=variant.trump_by == "first_lead")
    return Deal(number, dealer, play)


def _first_phase(variant: Variant) -> str:
    return "turn" if variant.trump_by == "turned" else "play"


def start(variant: Variant, players: Sequence[str], options: Any,
          first_dealer: int = 0) -> State:
    players = tuple(players)
    check_players(players, first_dealer, name="Whist", players_range=(PLAYERS, PLAYERS),
                  rule=R_DEAL,
                  sv="Whist spelas av fyra spelare" + (", två par." if variant.pairs else "."),
                  en="Whist is played by four players" + (", two pairs." if variant.pairs
                                                          else "."))
    seating = tuple(range(PLAYERS))
    sides = table.sides_of(seating) if variant.pairs else tuple((p,) for p in range(PLAYERS))
    rules = table_rules(variant, options)
    zero = (0,) * len(sides)
    rows = (SheetRow.start((0,) * PLAYERS),)
    return State(variant.game, players, options, rules, seating, sides, first_dealer,
                 _fresh_deal(variant, 1, first_dealer, seating), _first_phase(variant),
                 points=zero, totals=(0,) * PLAYERS, games=zero, robber_points=zero,
                 rows=rows)


# --- apply -------------------------------------------------------------------------------------
def apply_event(variant: Variant, state: State, event: dict[str, Any]) -> State:
    """Apply one parsed event (see ``rules_engine.events.parse_event``)."""
    if state.phase == "over":
        raise _refuse_phase(variant, state, event["type"])
    handler = _HANDLERS[event["type"]]
    return handler(variant, state, event)


def _refuse_phase(variant: Variant, state: State, event_type: str) -> RuleViolation:
    rule = {"turn": R_DEAL, "play": R_PLAY, "over": variant.rule}[state.phase]
    return not_expected(expected_of(variant, state), event_type, state.phase, rule)


def _at_robber_start(state: State) -> bool:
    return state.robber_deals == 0 and not state.deal.touched


def _check_robber_start(state: State, code: str, sv: str, en: str) -> None:
    """The draw and the seating come before anything of a robber's first deal."""
    if not _at_robber_start(state):
        raise _violation(code, R_DRAW, {"robber": state.robber}, sv, en)


# --- Dragning ----------------------------------------------------------------------------------
def _on_draw(variant: Variant, state: State, event: dict[str, Any]) -> State:
    _check_robber_start(state, "draw_not_now",
                        "Man drar om partner innan en robbert börjar, före första givens "
                        "första inmatning.",
                        "Partners are drawn before a robber begins, before anything of its "
                        "first deal is entered.")
    if state.drawn:
        raise _violation("already_drawn", R_DRAW, {"robber": state.robber},
                         "Dragningen för den här robberten är redan inmatad (ångra den för "
                         "att ändra).",
                         "The draw for this robber is already entered (undo it to change "
                         "it).")
    cards = tuple(event["cards"])
    table.check_draw(cards, R_DRAW)
    values = table.draw_values(cards, ace_low=state.rules.draw_ace == "low")
    ranking = sorted(range(PLAYERS), key=lambda p: (-values[p], p))
    if values[ranking[1]] == values[ranking[2]]:
        tied = tuple(p for p in ranking if values[p] == values[ranking[1]])
        raise table.refuse_draw_tie(R_DRAW, tied, state.players, "vilka som spelar ihop",
                                    "who plays with whom")
    # ``ranking`` runs from the highest card down: the default seating puts the highest
    # card, the higher low card, the highest card's partner and the other low card clockwise.
    seating = table.seat_pairs_opposite((tuple(ranking[:2]), tuple(ranking[2:])),
                                        state.seating)
    state = _reseat(variant, state, seating)
    row = SheetRow(
        "draw",
        f"Dragning: {' '.join(f'{_name(state, p)} {c}' for p, c in enumerate(cards))} — "
        f"{side_name(state, 0)} mot {side_name(state, 1)}",
        f"Draw: {' '.join(f'{_name(state, p)} {c}' for p, c in enumerate(cards))} — "
        f"{side_name(state, 0)} against {side_name(state, 1)}",
        (None,) * PLAYERS, state.totals, None,
        tuple(str(c) for c in cards))
    return replace(state, drawn=True, rows=state.rows + (row,))


def _reseat(variant: Variant, state: State, seating: tuple[int, ...]) -> State:
    sides = table.sides_of(seating)
    deal = _fresh_deal(variant, state.deal.number, state.dealer, seating)
    return replace(state, seating=seating, sides=sides, deal=deal)


def _on_seating(variant: Variant, state: State, event: dict[str, Any]) -> State:
    _check_robber_start(state, "seating_not_now",
                        "Sittordningen anges innan en robbert börjar, före första givens "
                        "första inmatning.",
                        "The seating is entered before a robber begins, before anything of "
                        "its first deal is entered.")
    order = table.check_seating(event["order"], state.sides, R_DRAW, state.players)
    return _reseat(variant, state, order)


# --- Given: the turned trump card ----------------------------------------------------------------
def _on_trump(variant: Variant, state: State, event: dict[str, Any]) -> State:
    if state.phase != "turn":
        raise _refuse_phase(variant, state, "trump")
    card = event["card"]
    cp = state.deal.play
    table.check_turned_card(cp.hands, cp.dealer, card, REFS, state.players)
    cp = replace(cp, trump=card.suit, trump_card=card)
    return replace(state, deal=replace(state.deal, play=cp), phase="play")


def _on_hand(variant: Variant, state: State, event: dict[str, Any]) -> State:
    return table.enter_hand_event(state, event, REFS)


# --- Spelet ------------------------------------------------------------------------------------
def _on_card(variant: Variant, state: State, event: dict[str, Any]) -> State:
    """``play`` or ``trick``."""
    if state.phase != "play":
        raise _refuse_phase(variant, state, event["type"])
    cp = table.card_event(state.deal.play, event, REFS, state.players)
    return _after_card(variant, state, cp)


def _after_card(variant: Variant, state: State, cp: CardPlay) -> State:
    state = replace(state, deal=replace(state.deal, play=cp))
    if not cp.done:
        return state
    sides = state.sides
    tricks = table.side_totals(cp.won, sides)
    held = None
    if state.rules.honours:
        assert cp.trump is not None
        per_player = table.count_held(cp, honour_cards(variant, cp.trump))
        held = table.side_totals(per_player, sides)
    return _score(variant, state, tricks, held)


# --- quick entry -------------------------------------------------------------------------------
def _on_result(variant: Variant, state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    if deal.play.started:
        raise table.refuse_quick_late(deal.play, state.phase, variant.rule)
    lengths = (len(state.sides), PLAYERS) if variant.pairs else (PLAYERS,)
    raw = table.parse_counts(event["tricks"], lengths, table.TRICKS_PER_DEAL, R_PLAY,
                             "tricks", "stick", "tricks")
    tricks = _per_side(state, raw)
    held = None
    n_honours = len(variant.honour_ranks)
    if state.rules.honours:
        if "honours" not in event:
            raise _violation(
                "honours_required", R_HONOURS if variant.pairs else variant.rule, {},
                f"Honnörerna räknas: ange hur många av de {n_honours} högsta trumfen varje "
                "sida (eller spelare) hade.",
                f"Honours count: give how many of the {n_honours} highest trumps each side "
                "(or player) held.")
        raw_h = table.parse_counts(event["honours"], lengths, n_honours,
                                   R_HONOURS if variant.pairs else variant.rule, "honours",
                                   "honnörerna", "honours")
        held = _per_side(state, raw_h)
    elif "honours" in event:
        raise _violation("honours_not_counted", variant.rule, {},
                         "Honnörer räknas inte i det här spelet.",
                         "Honours do not count in this game.")
    state = replace(state, deal=replace(deal, quick=True,
                                        play=replace(deal.play, current=None)))
    return _score(variant, state, tricks, held)


def _per_side(state: State, raw: tuple[int, ...]) -> tuple[int, ...]:
    if len(raw) == len(state.sides):
        return raw
    return table.side_totals(raw, state.sides)


# --- Poängräkning ------------------------------------------------------------------------------
def _score(variant: Variant, state: State, tricks: tuple[int, ...],
           held: tuple[int, ...] | None) -> State:
    if variant.pairs:
        return _score_pairs(variant, state, tricks, held)
    return _score_guerre(variant, state, tricks, held)


def _score_pairs(variant: Variant, state: State, tricks: tuple[int, ...],
                 held: tuple[int, ...] | None) -> State:
    rules = state.rules
    score = score_pair_deal((state.points[0], state.points[1]), (tricks[0], tricks[1]),
                            None if held is None else (held[0], held[1]),
                            rules.game_at, rules.robber_table,
                            variant.book, variant.honour_points)
    deal = replace(state.deal, score=score)
    words = [deal_words(score, side, side_name(state, side)) for side in (0, 1)]
    sv = f"Giv {deal.number}: " + "; ".join(w[0] for w in words)
    en = f"Deal {deal.number}: " + "; ".join(w[1] for w in words)
    changes: list[int | None] = [None] * PLAYERS
    totals = list(state.totals)
    games, robber_points, points = state.games, state.robber_points, score.after
    if score.game is not None:
        side = score.game
        rp = score.robber_points
        sv += f" — utgång för {side_name(state, side)}: {rp} robbertpoäng"
        en += f" — game to {side_name(state, side)}: {rp} robber points"
        for player in state.sides[side]:
            changes[player] = rp
            totals[player] += rp
        games = _set(games, side, games[side] + 1)
        robber_points = _set(robber_points, side, robber_points[side] + rp)
        points = (0, 0)
    marks = tuple(str(score.after[side_of(state, p)]) for p in range(PLAYERS))
    row = SheetRow("deal", sv, en, tuple(changes), tuple(totals), deal.number, marks)
    state = replace(state, deal=deal, points=points, totals=tuple(totals), games=games,
                    robber_points=robber_points, rows=state.rows + (row,),
                    robber_deals=state.robber_deals + 1)
    if score.game is not None and games[score.game] >= GAMES_FOR_ROBBER:
        state = _robber_won(variant, state, score.game)
    return _next_deal(variant, state)


def _robber_won(variant: Variant, state: State, side: int) -> State:
    """Two games: the robber, 2 bonus robber points, and the settlement of this robber."""
    robber_points = _set(state.robber_points, side, state.robber_points[side] + ROBBER_BONUS)
    result = RobberResult(state.robber, state.sides, robber_points, side)
    changes: list[int | None] = [None] * PLAYERS
    totals = list(state.totals)
    money = list(state.money)
    stake = state.rules.stake_per_point
    for player in state.sides[side]:
        changes[player] = ROBBER_BONUS
        totals[player] += ROBBER_BONUS
        money[player] += result.difference * stake
    for player in state.sides[1 - side]:
        money[player] -= result.difference * stake
    strokes = tuple("|" * state.games[side_of(state, p)] for p in range(PLAYERS))
    row = SheetRow(
        "robber",
        f"Robbert {state.robber} till {side_name(state, side)}: +{ROBBER_BONUS} i bonus; "
        f"robbertpoäng {robber_points[side]}–{robber_points[1 - side]}, skillnad "
        f"{result.difference}",
        f"Robber {state.robber} to {side_name(state, side)}: +{ROBBER_BONUS} bonus; robber "
        f"points {robber_points[side]}–{robber_points[1 - side]}, difference "
        f"{result.difference}",
        tuple(changes), tuple(totals), state.deal.number, strokes)
    done = state.robbers_done + (result,)
    state = replace(state, totals=tuple(totals), money=tuple(money), robbers_done=done,
                    robber_points=robber_points, rows=state.rows + (row,))
    if len(done) >= state.rules.robbers:
        best = max(state.money)
        winners = tuple(p for p in range(PLAYERS) if state.money[p] == best)
        return replace(state, phase="over", winners=winners)
    return replace(state, robber=state.robber + 1, games=(0, 0), robber_points=(0, 0),
                   points=(0, 0), robber_deals=0, drawn=False)


def _score_guerre(variant: Variant, state: State, tricks: tuple[int, ...],
                  held: tuple[int, ...] | None) -> State:
    rules = state.rules
    score = score_guerre_deal(state.points, tricks, held, rules.game_at, variant.book,
                              variant.honour_points)
    deal = replace(state.deal, score=score)
    changes = tuple(a - b for a, b in zip(score.after, score.before))
    parts_sv, parts_en = [], []
    for p in range(PLAYERS):
        sv = f"{_name(state, p)} {tricks[p]} stick"
        en = f"{_name(state, p)} {tricks[p]} tricks"
        if held is not None and held[p] >= 3:
            sv += f", {held[p]} honnörer"
            en += f", {held[p]} honours"
            if p in score.stopped:
                sv += f" (stannar på {score.after[p]})"
                en += f" (stops at {score.after[p]})"
        parts_sv.append(sv)
        parts_en.append(en)
    marks = tuple(str(t) for t in tricks)
    row = SheetRow("deal", f"Giv {deal.number}: " + ", ".join(parts_sv),
                   f"Deal {deal.number}: " + ", ".join(parts_en),
                   tuple(c if c else None for c in changes), score.after, deal.number, marks)
    state = replace(state, deal=deal, points=score.after, totals=score.after,
                    rows=state.rows + (row,), robber_deals=state.robber_deals + 1)
    winners = guerre_winners(score.after, rules.game_at)
    if len(winners) == 1 or (winners and rules.tie_at_target == "shared"):
        state = replace(state, phase="over", winners=winners)
    return _next_deal(variant, state)


def _next_deal(variant: Variant, state: State) -> State:
    """The deal passes to the left; the finished deal is kept as ``last``."""
    past = table.closed_findings(state)
    if state.phase == "over":
        return replace(state, last=state.deal, past_findings=past)
    dealer = table.left_of(state.seating, state.dealer)
    deal = _fresh_deal(variant, state.deal.number + 1, dealer, state.seating)
    return replace(state, dealer=dealer, deal=deal, phase=_first_phase(variant),
                   last=state.deal, past_findings=past)


_HANDLERS = {"draw": _on_draw, "seating": _on_seating, "trump": _on_trump, "hand": _on_hand,
             "play": _on_card, "trick": _on_card, "result": _on_result}


# --- what comes next ---------------------------------------------------------------------------
def _result_hint(variant: Variant, state: State) -> Expectation:
    n_honours = len(variant.honour_ranks)
    per = "side" if variant.pairs else "seat"
    # Per side (or player), adding up: the quick-entry form fills the last figure itself.
    hints: dict[str, Any] = {"tricks": list(range(table.TRICKS_PER_DEAL + 1)),
                             "sides": [list(s) for s in state.sides],
                             "per": {"tricks": per, "honours": per},
                             "total": {"tricks": table.TRICKS_PER_DEAL}}
    if state.rules.honours:
        hints["honours"] = "required"
        hints["total"]["honours"] = n_honours
    return Expectation("result", fields=hints)


def deal_in_progress_of(variant: Variant, state: State) -> int | None:
    return table.deal_in_progress(state)


def expected_of(variant: Variant, state: State) -> Expected:
    if state.phase == "over":
        return table.match_over(state)
    deal = state.deal
    cp = deal.play
    extras = ([] if cp.started else [_result_hint(variant, state)]) + table.hand_inputs(cp)
    if variant.pairs and _at_robber_start(state):
        if not state.drawn:
            extras.append(Expectation("draw", fields={"cards": PLAYERS}))
        extras.append(Expectation("seating", fields={"order": list(state.seating)}))
    dealer = _name(state, deal.dealer)
    if state.phase == "turn":
        return Expected(
            "turn",
            f"Giv {deal.number}: {dealer} ger och vänder upp sista kortet (trumf).",
            f"Deal {deal.number}: {dealer} deals and turns up the last card (trump).",
            deal.dealer, (Expectation("trump", deal.dealer, fields={"card": _turn_hint(cp)}),)
            + tuple(extras))
    trick = cp.current
    assert trick is not None
    seat, inputs = table.play_inputs(cp)
    lead_sv = " (första utspelet bestämmer trumf)" if cp.trump is None else ""
    lead_en = " (the first card led sets trump)" if cp.trump is None else ""
    return Expected(
        "play", f"Giv {deal.number}, stick {trick.number}: {_name(state, seat)} spelar"
                f"{lead_sv}.",
        f"Deal {deal.number}, trick {trick.number}: {_name(state, seat)} plays{lead_en}.",
        seat, inputs + tuple(extras))


def _turn_hint(cp: CardPlay) -> list[str]:
    """The cards the dealer can have turned up, as far as the whole table knows: any card.
    Entered hands are private (the dealer's own phone knows its hand)."""
    return [str(c) for c in DECK.cards]


# --- reading the state -------------------------------------------------------------------------
def settlement(state: State) -> tuple[int, ...] | None:
    """Per player: each finished robber's difference in robber points × the stake, received
    by the winning pair's players and paid by the losers'."""
    if not state.robbers_done:
        return None
    return state.money


def sheet_of(variant: Variant, state: State) -> Sheet:
    over = state.phase == "over"
    notes: dict[str, Any] = {
        "sides": [list(s) for s in state.sides], "seating": list(state.seating),
        "game_at": state.rules.game_at, "honours": state.rules.honours, "direction": "up",
        "points": list(state.points),
        "marks": {"sv": "sidans trickpoäng i utgången", "en": "the side's trick points in "
                                                            "the game"},
    }
    if variant.pairs:
        notes.update(robber=state.robber, games=list(state.games),
                     robber_points=list(state.robber_points), robbers=state.rules.robbers,
                     winners=list(state.winners))
        totals_kind = {"sv": "robbertpoäng", "en": "robber points"}
    else:
        notes.update(winners=list(state.winners),
                     marks={"sv": "tagna stick", "en": "tricks taken"})
        totals_kind = {"sv": "poäng", "en": "points"}
    notes["totals"] = totals_kind
    return Sheet(players=state.players, rows=state.rows, totals=state.totals,
                 next_dealer=None if over else state.dealer,
                 winner=state.winners[0] if over and state.winners else None,
                 settlement=settlement(state) if (over and variant.pairs) else None,
                 notes=notes)


def result_of(variant: Variant, state: State) -> dict[str, Any] | None:
    if state.phase != "over":
        return None
    out: dict[str, Any] = {"winners": list(state.winners), "totals": list(state.totals)}
    if variant.pairs:
        out["robbers"] = [{"number": r.number, "sides": [list(s) for s in r.sides],
                           "robber_points": list(r.robber_points), "winner": r.winner,
                           "winners": list(r.sides[r.winner]), "difference": r.difference}
                          for r in state.robbers_done]
        out["settlement"] = list(state.money)
    return out


def is_over_of(variant: Variant, state: State) -> bool:
    return state.phase == "over"


def findings_of(variant: Variant, state: State) -> tuple[Finding, ...]:
    return table.all_findings(state)


def describe_of(variant: Variant, state: State) -> dict[str, Any]:
    """The state as JSON for the API and the app."""
    out: dict[str, Any] = {
        "game": state.game, "phase": state.phase, "seating": list(state.seating),
        "sides": [list(s) for s in state.sides], "dealer": state.dealer,
        "game_at": state.rules.game_at, "honours": state.rules.honours,
        "points": list(state.points), "totals": list(state.totals),
        "winners": list(state.winners),
        "deal": table.deal_dict(state.deal),
        "last_deal": None if state.last is None else table.deal_dict(state.last),
    }
    if variant.pairs:
        out.update(robber=state.robber, games=list(state.games),
                   robber_points=list(state.robber_points), drawn=state.drawn,
                   robbers_done=len(state.robbers_done))
    return out

