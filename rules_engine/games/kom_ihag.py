"""Kom ihåg! (Pelmanism, Memory) — 2 to 7 players, 52 cards face down; most pairs wins.

Source: rule file 002, section "Kom ihåg!" (from its top to "Whist regler": the number of
players and cards, "Så här spelar ni kortspelet kom ihåg"). Cited in refusals as
"Kom ihåg — <part>": Kortleken, Spelet, Vinnaren.

How a game runs, as the text says it
------------------------------------
The well-shuffled deck is spread out face down on the floor or the table. The youngest player
begins; then the turn goes clockwise. A player turns up any two cards. If they make a pair
(the same rank, e.g. two tens) they take the pair, lays it before them and turns up two more.
If they do not, they turn them face down again in the same places and the next player goes
on. The one with most pairs has won. A used deck with cards missing will do, as long as the
cards used can all be paired.

What the companion does
-----------------------
It keeps turn: the youngest first, the same player again after a pair, the next one
clockwise after a miss. It records each turn of two cards as a ``pair`` (with its rank, and
the two cards if the table likes) or a ``miss`` (the two cards optional). It keeps the score
(pairs per player) and ends the game with the last pair. There are four cards of each rank,
so a rank makes at most two pairs: a third pair of tens is refused, as is a pair of a rank
whose cards are all taken. Given cards are checked: they exist in the cards in play, are not
already taken, a pair's two cards match (rank, or rank and colour), a miss's two do not. When
only cards that must pair are left, a miss is impossible and refused.

Interpretations (where the text is silent or ambiguous; also on docs/rules/kom_ihag.md)
-------------------------------------------------------------------------------------
- "Yngste spelaren börjar": the app cannot know ages. The first turn entered may come from
  any seat; that player is taken to be the youngest, and the turn goes clockwise (the next
  seat) from there.
- A pair is two cards of the same rank, as the text says. Option ``pair_rule``: many tables
  also ask for the same colour (the two red tens); then each rank makes at most one red and
  one black pair.
- A player's turn goes on as long as they find pairs; the protokoll numbers the turns and
  writes a row for every pair.
- The game ends when the last pair is taken (no cards left on the table). Most pairs wins;
  a tie is a shared win (the text names no tie-break).
- A used deck: option ``left_out`` names the cards not in play (missing ones and any put
  aside so that the rest pair up). Each rank must keep an even number of cards (under the
  colour rule: each rank and colour), else the deck is refused — "bara man ser till att de
  kort man tar med kan paras ihop".
- Tally mode (option ``entry`` = ``tally``; an extension for a table that wants the score,
  not the turns): each pair is entered as it is taken, by whoever took it; the misses in
  between are implied and not entered (a ``miss`` is refused), so the app keeps no turn and
  any player may take the next pair. The pairs are checked as in the default mode (a rank
  makes at most two pairs, given cards must be on the table and pair up), and the last pair
  ends the game. The default ``turns`` enters every turn, misses too, and keeps turn.
- Quick entry (``result``): the pairs each player took in the whole game, at any time —
  before any turn is entered, or when the table stops entering turns (or pairs) part way.
  They must add up to all the pairs in play, and no player can have fewer pairs than are
  already entered for them; the protokoll adds the difference in one row.
- There is nothing to prove later: every turn is shown face up, so the app refuses at once
  what does not fit, and it keeps no findings.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import FRENCH52, RANKS_ACE_HIGH, Card, format_cards
from ..errors import EventFormatError, Finding, RuleViolation, violation as _violation
from ..events import EventSpec
from ..protocol import (check_first_dealer, check_players, Expectation, Expected, option, told,
                        RuleSection)
from ..seating import next_seat
from ..sheet import Sheet, SheetRow

ID = "kom_ihag"
TITLE = "Kom ihåg"
ALIASES = ("kom ihåg", "kom ihåg!", "komihag", "memory", "pelmanism")
MIN_PLAYERS, MAX_PLAYERS = 2, 7
DECK = FRENCH52  # "Antal kort: 52"

# --- the rule text as data -----------------------------------------------------------------
RANKS = tuple(reversed(RANKS_ACE_HIGH))  # A K Q J 10 … 2, as buttons
CARDS_PER_PAIR = 2
PAIR_POINT = 1  # the protokoll counts pairs
COLOUR = {"♥": "red", "♦": "red", "♠": "black", "♣": "black"}
PAIR_RULES = ("rank", "colour")
ENTRY_MODES = ("turns", "tally")  # every turn, or only the pairs (tally mode)

R_DECK = "Kom ihåg — Kortleken"
R_PLAY = "Kom ihåg — Spelet"
R_WIN = "Kom ihåg — Vinnaren"

RULES = (
    RuleSection(R_DECK,
                "2–7 spelare, 52 kort utbredda med baksidan upp. En begagnad lek där kort "
                "saknas går bra, om korten som är med kan paras ihop.",
                "2–7 players, 52 cards spread face down. A used deck with cards missing will "
                "do, if the cards used can all be paired."),
    RuleSection(R_PLAY,
                "Yngste spelaren börjar, sedan medsols. Vänd två kort: ett par (samma valör) "
                "tar man och vänder två nya; annars vänds de ned igen och nästa spelare tar "
                "över.",
                "The youngest begins, then clockwise. Turn up two cards: a pair (same rank) is "
                "taken and the player turns two more; otherwise they go face down again and "
                "the next player goes on."),
    RuleSection(R_WIN,
                "Den som får ihop flest kortpar har vunnit.",
                "The player with most pairs has won."),
)


@dataclass(frozen=True)
class Options:
    pair_rule: str = option("rank", PAIR_RULES,
        sv="Ett par: samma valör (texten) eller samma valör och färg (röd/svart).",
        en="A pair: the same rank (the text) or the same rank and colour (red/black).")
    entry: str = option("turns", ENTRY_MODES,
        sv="Inmatning: varje tur, missar också (förval), eller räkneläge — bara paren, "
           "av den som tog dem; missarna däremellan är underförstådda.",
        en="Entry: every turn, misses too (default), or tally mode — only the pairs, by "
           "whoever took them; the misses in between are implied.")
    left_out: str = option("",
        sv="Begagnad lek: korten som inte är med, t.ex. ”♠7 ♥7” (tomt: hela leken).",
        en="A used deck: the cards not in play, e.g. “♠7 ♥7” (empty: the whole deck).")


# --- events --------------------------------------------------------------------------------
EVENTS = {
    "pair": EventSpec({"seat": "seat", "rank": "choice:" + "|".join(RANKS)},
                      {"cards": "cards"},
                      help_sv="Två kort av samma valör: paret tas, samma spelare fortsätter.",
                      help_en="Two cards of one rank: the pair is taken, the same player "
                              "goes on."),
    "miss": EventSpec({"seat": "seat"}, {"cards": "cards"},
                      help_sv="Inget par: korten vänds ned igen, nästa spelare.",
                      help_en="No pair: the cards go face down again, the next player."),
    "result": EventSpec({"pairs": "list"},
                        help_sv="Snabbinmatning: antal par per spelare i hela spelet, när "
                                "som helst.",
                        help_en="Quick entry: the pairs per player in the whole game, at "
                                "any time."),
}

LABELS = {
    "events": {
        "pair": ("Par", "Pair"), "miss": ("Inget par", "No pair"),
        "result": ("Snabbinmatning", "Quick entry"),
    },
    "fields": {
        "rank": ("Valör", "Rank"), "cards": ("Korten (om ni vill)", "The cards (optional)"),
        "pairs": ("Par per spelare", "Pairs per player"),
    },
    "nouns": {
        "rank": ("valör", "rank"), "cards": ("kort", "cards"), "pairs": ("par", "pairs"),
    },
    "values": {
        "A": ("Ess", "Aces"), "K": ("Kungar", "Kings"), "Q": ("Damer", "Queens"),
        "J": ("Knektar", "Jacks"), "10": ("Tior", "Tens"), "9": ("Nior", "Nines"),
        "8": ("Åttor", "Eights"), "7": ("Sjuor", "Sevens"), "6": ("Sexor", "Sixes"),
        "5": ("Femmor", "Fives"), "4": ("Fyror", "Fours"), "3": ("Treor", "Threes"),
        "2": ("Tvåor", "Twos"),
        "rank": ("Samma valör", "Same rank"),
        "colour": ("Samma valör och färg", "Same rank and colour"),
        "pair": ("par", "pair"), "miss": ("inget par", "no pair"),
        "turns": ("Varje tur", "Every turn"), "tally": ("Bara paren (räkneläge)",
                                                        "Only the pairs (tally mode)"),
    },
}


# --- state ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Flip:
    """Two cards turned up: a pair taken or a miss."""

    number: int  # counts every flip
    turn: int  # the player's turn it belongs to
    seat: int
    outcome: str  # "pair" or "miss"
    rank: str | None = None
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    options: Options
    in_play: tuple[Card, ...]  # the cards spread out (the deck minus left_out)
    pairs: tuple[int, ...]  # per seat
    rank_pairs: tuple[int, ...]  # pairs taken per rank, in RANKS order
    taken: tuple[tuple[int, Card], ...] = ()  # (seat, card) of pairs entered with cards
    flips: tuple[Flip, ...] = ()
    to_play: int | None = None  # None before the first turn: the youngest, any seat
    turn: int = 0
    rows: tuple[SheetRow, ...] = ()
    over: bool = False
    winners: tuple[int, ...] = ()
    quick: bool = False

    @property
    def n(self) -> int:
        return len(self.players)


def new(players: tuple[str, ...], options: Options | None = None,
        first_dealer: int = 0) -> State:
    players = tuple(players)
    options = options or Options()
    # No dealer: the youngest begins, so the table's first dealer plays no part; it must
    # still be one of the players (seat 0 unless the table says otherwise).
    check_players(players, None, name=TITLE, players_range=(MIN_PLAYERS, MAX_PLAYERS),
                  rule=R_DECK)
    check_first_dealer(first_dealer, len(players), R_PLAY)
    if options.pair_rule not in PAIR_RULES:
        raise EventFormatError(
            "bad_option", rule="Spelets alternativ",
            params={"option": "pair_rule", "value": options.pair_rule, "choices": PAIR_RULES},
            sv="Okänd parregel.", en="Unknown pair rule.")
    if options.entry not in ENTRY_MODES:
        raise EventFormatError(
            "bad_option", rule="Spelets alternativ",
            params={"option": "entry", "value": options.entry, "choices": ENTRY_MODES},
            sv="Okänt inmatningssätt.", en="Unknown way of entry.")
    left_out = DECK.parse_many(options.left_out) if options.left_out.strip() else ()
    in_play = tuple(c for c in DECK.cards if c not in left_out)
    odd = sorted({_group(c, options.pair_rule) for c in in_play
                  if sum(1 for d in in_play if _group(d, options.pair_rule)
                         == _group(c, options.pair_rule)) % 2})
    if odd or not in_play:
        raise RuleViolation(
            "deck_cannot_pair", rule=R_DECK,
            params={"left_out": [str(c) for c in left_out], "odd": [" ".join(g) for g in odd]},
            sv="Korten som är med måste gå att para ihop: varje valör (med färgregeln: varje "
               "valör och färg) behöver ett jämnt antal kort kvar.",
            en="The cards in play must all pair up: each rank (under the colour rule: each "
               "rank and colour) needs an even number of cards left.")
    start = SheetRow.start((0,) * len(players))
    return State(players, options, in_play, (0,) * len(players), (0,) * len(RANKS),
                 rows=(start,))


# --- the rules as functions ------------------------------------------------------------------
def _group(card: Card, rule: str) -> tuple[str, ...]:
    """What two cards must share to be a pair."""
    return (card.rank,) if rule == "rank" else (card.rank, COLOUR[card.suit])


def is_pair(first: Card, second: Card, rule: str = "rank") -> bool:
    return first != second and _group(first, rule) == _group(second, rule)


def max_pairs(state: State, rank: str) -> int:
    """How many pairs a rank can make: two with all four cards in play."""
    cards = [c for c in state.in_play if c.rank == rank]
    return len(cards) // CARDS_PER_PAIR


def pairs_left(state: State, rank: str | None = None) -> int:
    ranks = RANKS if rank is None else (rank,)
    return sum(max_pairs(state, r) - state.rank_pairs[RANKS.index(r)] for r in ranks)


def total_pairs(state: State) -> int:
    return sum(max_pairs(state, r) for r in RANKS)


def _taken_cards(state: State) -> dict[Card, int]:
    return {card: seat for seat, card in state.taken}


def miss_possible(state: State) -> bool:
    """Can two cards still left fail to pair? Not when all left must pair with each other."""
    ranks_left = [r for r in RANKS if pairs_left(state, r)]
    if len(ranks_left) >= 2:
        return True
    # One rank left: under the colour rule its red and its black cards do not pair.
    return (state.options.pair_rule == "colour" and bool(ranks_left)
            and pairs_left(state, ranks_left[0]) >= 2)


def tally_mode(state: State) -> bool:
    """Only the pairs are entered; the misses in between are implied (option ``entry``)."""
    return state.options.entry == "tally"


def _name(state: State, seat: int) -> str:
    return state.players[seat]


def _rank_word(rank: str, lang: str) -> str:
    sv, en = LABELS["values"][rank]
    return (sv if lang == "sv" else en).lower()


# --- apply -----------------------------------------------------------------------------------
def apply(state: State, event: dict[str, Any]) -> State:
    """Apply one parsed event (see ``rules_engine.events.parse_event``)."""
    return _HANDLERS[event["type"]](state, event)


def _check_turn(state: State, seat: int, event_type: str) -> None:
    if state.over:
        raise _violation("not_expected", R_WIN, {"event": event_type},
                         "Spelet är slut: alla par är tagna.",
                         "The game is over: every pair is taken.")
    if tally_mode(state):
        return  # the misses in between are implied: anyone may take the next pair
    if state.to_play is not None and seat != state.to_play:
        raise _violation(
            "not_your_turn", R_PLAY, {"seat": seat, "expected_seat": state.to_play},
            f"Det är {_name(state, state.to_play)}s tur, inte {_name(state, seat)}s "
            "(efter ett par fortsätter samma spelare, efter en miss går turen medsols).",
            f"It is {_name(state, state.to_play)}'s turn, not {_name(state, seat)}'s "
            "(after a pair the same player goes on, after a miss the turn goes clockwise).")


def _check_cards_left(state: State, cards: tuple[Card, ...]) -> None:
    """The cards named must lie on the table: in play, not taken, their rank not used up."""
    if len(cards) != CARDS_PER_PAIR or len(set(cards)) != CARDS_PER_PAIR:
        raise _violation("two_cards", R_PLAY, {"cards": [str(c) for c in cards]},
                         "Man vänder två olika kort åt gången.",
                         "A player turns two different cards at a time.")
    taken = _taken_cards(state)
    for card in cards:
        if card not in state.in_play:
            raise _violation("card_left_out", R_DECK, {"card": str(card)},
                             f"{card} är inte med i den här leken.",
                             f"{card} is not in play in this deck.")
        if card in taken:
            raise _violation(
                "card_already_taken", R_PLAY, {"card": str(card), "seat": taken[card]},
                f"{card} är redan taget i ett par av {_name(state, taken[card])}.",
                f"{card} was already taken in a pair by {_name(state, taken[card])}.")
        if not pairs_left(state, card.rank):
            raise _rank_used_up(state, card.rank)


def _rank_used_up(state: State, rank: str) -> RuleViolation:
    most = max_pairs(state, rank)
    return _violation(
        "rank_used_up", R_PLAY, {"rank": rank, "pairs": state.rank_pairs[RANKS.index(rank)],
                                 "max_pairs": most},
        f"Alla {_rank_word(rank, 'sv')} är redan tagna: en valör ger högst {most} par.",
        f"All the {_rank_word(rank, 'en')} are already taken: a rank makes at most "
        f"{most} pairs.")


def _on_pair(state: State, event: dict[str, Any]) -> State:
    seat, rank = event["seat"], event["rank"]
    _check_turn(state, seat, "pair")
    if not pairs_left(state, rank):
        raise _rank_used_up(state, rank)
    cards = tuple(event.get("cards") or ())
    if cards:
        _check_cards_left(state, cards)
        if any(c.rank != rank for c in cards) or not is_pair(*cards, state.options.pair_rule):
            colour = state.options.pair_rule == "colour"
            raise _violation(
                "not_a_pair", R_PLAY,
                {"cards": [str(c) for c in cards], "rank": rank,
                 "pair_rule": state.options.pair_rule},
                f"{format_cards(cards)} är inget par i {_rank_word(rank, 'sv')}"
                + (" (samma valör och färg)." if colour else " (samma valör)."),
                f"{format_cards(cards)} is no pair of {_rank_word(rank, 'en')}"
                + (" (same rank and colour)." if colour else " (same rank)."))
    if tally_mode(state):
        return _tally_pair(state, seat, rank, cards)
    turn = state.turn + (1 if state.to_play is None else 0)
    flip = Flip(len(state.flips) + 1, turn, seat, "pair", rank, cards)
    index = RANKS.index(rank)
    rank_pairs = tuple(n + (1 if i == index else 0) for i, n in enumerate(state.rank_pairs))
    pairs = tuple(n + (PAIR_POINT if s == seat else 0) for s, n in enumerate(state.pairs))
    shown_sv = f" ({format_cards(cards)})" if cards else ""
    row = SheetRow("pair", f"Tur {turn}: {_name(state, seat)}, par i {_rank_word(rank, 'sv')}"
                   + shown_sv,
                   f"Turn {turn}: {_name(state, seat)}, a pair of {_rank_word(rank, 'en')}"
                   + shown_sv,
                   tuple(PAIR_POINT if s == seat else None for s in range(state.n)), pairs,
                   turn)
    state = replace(state, flips=state.flips + (flip,), rank_pairs=rank_pairs, pairs=pairs,
                    taken=state.taken + tuple((seat, c) for c in cards), to_play=seat,
                    turn=turn, rows=state.rows + (row,))
    if pairs_left(state) == 0:
        return _end(state)
    return state


def _tally_pair(state: State, seat: int, rank: str, cards: tuple[Card, ...]) -> State:
    """Tally mode: a pair taken by ``seat``; how many misses came before it is not entered,
    so the app keeps no turn (``to_play`` stays open) and numbers the pairs instead."""
    number = len(state.flips) + 1
    flip = Flip(number, number, seat, "pair", rank, cards)
    index = RANKS.index(rank)
    rank_pairs = tuple(n + (1 if i == index else 0) for i, n in enumerate(state.rank_pairs))
    pairs = tuple(n + (PAIR_POINT if s == seat else 0) for s, n in enumerate(state.pairs))
    shown = f" ({format_cards(cards)})" if cards else ""
    row = SheetRow("pair",
                   f"Par {number}: {_name(state, seat)}, {_rank_word(rank, 'sv')}{shown}",
                   f"Pair {number}: {_name(state, seat)}, {_rank_word(rank, 'en')}{shown}",
                   tuple(PAIR_POINT if s == seat else None for s in range(state.n)), pairs,
                   number)
    state = replace(state, flips=state.flips + (flip,), rank_pairs=rank_pairs, pairs=pairs,
                    taken=state.taken + tuple((seat, c) for c in cards), turn=number,
                    rows=state.rows + (row,))
    return _end(state) if pairs_left(state) == 0 else state


def _on_miss(state: State, event: dict[str, Any]) -> State:
    seat = event["seat"]
    if tally_mode(state) and not state.over:
        raise _violation(
            "tally_mode", R_PLAY, {"event": "miss", "entry": "tally"},
            "Här matas bara paren in (räkneläge): missarna emellan är underförstådda.",
            "Only the pairs are entered here (tally mode): the misses in between are "
            "implied.")
    _check_turn(state, seat, "miss")
    if not miss_possible(state):
        raise _violation(
            "only_pairs_left", R_PLAY, {"pairs_left": pairs_left(state)},
            "Korten som är kvar är alla av samma sort: två av dem bildar alltid ett par.",
            "The cards left are all of one kind: any two of them make a pair.")
    cards = tuple(event.get("cards") or ())
    if cards:
        _check_cards_left(state, cards)
        if is_pair(*cards, state.options.pair_rule):
            raise _violation(
                "that_is_a_pair", R_PLAY, {"cards": [str(c) for c in cards]},
                f"{format_cards(cards)} är ett par: mata in det som par.",
                f"{format_cards(cards)} is a pair: enter it as a pair.")
    turn = state.turn + (1 if state.to_play is None else 0)
    flip = Flip(len(state.flips) + 1, turn, seat, "miss", None, cards)
    # The next player clockwise begins a new turn.
    return replace(state, flips=state.flips + (flip,), to_play=next_seat(seat, state.n),
                   turn=turn + 1)


def _on_result(state: State, event: dict[str, Any]) -> State:
    """Quick entry of the game's result: the pairs each player took in the whole game, at
    any time (the turns or pairs entered so far are part of it)."""
    if state.over:
        raise _violation(
            "not_expected", R_WIN, {"event": "result"},
            "Spelet är slut: alla par är tagna.", "The game is over: every pair is taken.")
    raw = event["pairs"]
    total = total_pairs(state)
    if (len(raw) != state.n or not all(isinstance(p, int) and not isinstance(p, bool)
                                       and p >= 0 for p in raw)):
        raise _violation(
            "result_shape", R_WIN, {"pairs": raw, "players": state.n},
            f"Ange antal par (0–{total}) för var och en av {state.n} spelare.",
            f"Give the number of pairs (0–{total}) for each of the {state.n} players.")
    if sum(raw) != total:
        raise _violation(
            "pairs_do_not_add_up", R_WIN, {"pairs": raw, "sum": sum(raw), "total": total},
            f"Paren blir {sum(raw)}, men korten ger {total} par.",
            f"The pairs add up to {sum(raw)}, but the cards make {total} pairs.")
    fewer = [s for s in range(state.n) if raw[s] < state.pairs[s]]
    if fewer:
        names = ", ".join(f"{_name(state, s)} {state.pairs[s]}" for s in fewer)
        raise _violation(
            "pairs_below_entered", R_WIN,
            {"pairs": raw, "entered": list(state.pairs), "seats": fewer},
            f"Färre par än de redan inmatade ({names}): snabbinmatningen gäller hela spelet.",
            f"Fewer pairs than already entered ({names}): quick entry is for the whole "
            "game.")
    pairs = tuple(raw)
    changes = tuple(p - before for p, before in zip(pairs, state.pairs))
    sv, en = ("Snabbinmatning", "Quick entry") if not state.flips else (
        "Snabbinmatning av resten", "Quick entry of the rest")
    row = SheetRow("result", sv, en, changes, pairs, None)
    return _end(replace(state, pairs=pairs, rows=state.rows + (row,), quick=True,
                        rank_pairs=tuple(max_pairs(state, r) for r in RANKS)))


def _end(state: State) -> State:
    best = max(state.pairs)
    winners = tuple(s for s in range(state.n) if state.pairs[s] == best)
    return replace(state, over=True, to_play=None, winners=winners)


_HANDLERS = {"pair": _on_pair, "miss": _on_miss, "result": _on_result}


# --- what comes next -------------------------------------------------------------------------
def cards_left(state: State) -> tuple[Card, ...]:
    """Cards that may still lie on the table (a hint for the card picker)."""
    taken = _taken_cards(state)
    return tuple(c for c in state.in_play if c not in taken and pairs_left(state, c.rank))


def expected(state: State) -> Expected:
    if state.over:
        names = ", ".join(_name(state, s) for s in state.winners)
        return Expected("over", f"Spelet är slut: {names} vann.",
                        f"The game is over: {names} won.")
    cards = [str(c) for c in cards_left(state)]
    ranks = [r for r in RANKS if pairs_left(state, r)]
    if tally_mode(state):
        # The whole prompt is how to enter: a spectator reads what happens instead.
        return Expected(
            "tally", "Mata in varje par när det tas, av vem som helst (missar matas inte in).",
            "Enter each pair as it is taken, by anyone (misses are not entered).",
            headline_sv="Spelarna vänder kort i tur och ordning; varje par som tas förs in.",
            headline_en="The players turn cards in turn; each pair taken is recorded.",
            inputs=(Expectation("pair", fields={"seat": list(range(state.n)), "rank": ranks,
                                         "cards": cards}), Expectation("result")))
    seat = state.to_play
    inputs = [Expectation("pair", seat, fields={"rank": ranks, "cards": cards})]
    if miss_possible(state):
        inputs.append(Expectation("miss", seat, fields={"cards": cards}))
    if seat is None:
        inputs.append(Expectation("result"))
        return Expected("start", **told("Yngste spelaren börjar.", "The youngest player begins.",
                                        "Mata in den första turen.", "Enter the first turn."),
                        inputs=tuple(inputs))
    inputs.append(Expectation("result"))  # quick entry of the rest, at any time
    return Expected("play", f"{_name(state, seat)} vänder två kort.",
                    f"{_name(state, seat)} turns two cards.", seat, tuple(inputs))


# --- reading the state -----------------------------------------------------------------------
def is_over(state: State) -> bool:
    return state.over


def sheet(state: State) -> Sheet:
    winner = state.winners[0] if len(state.winners) == 1 else None
    return Sheet(players=state.players, rows=state.rows, totals=state.pairs, winner=winner,
                 notes={"counts": "pairs", "pairs_left": pairs_left(state),
                        "winners": list(state.winners)})


def result(state: State) -> dict[str, Any] | None:
    if not state.over:
        return None
    return {"winner": state.winners[0] if len(state.winners) == 1 else None,
            "winners": list(state.winners), "pairs": list(state.pairs)}


def findings(state: State) -> tuple[Finding, ...]:
    return ()  # every card is shown face up: what does not fit is refused at once


def describe(state: State) -> dict[str, Any]:
    """The state as JSON. Cards taken in pairs appear as ``{seat, card}`` under ``deal`` (the
    app greys them); the cards of a miss stay on the table and are listed as strings."""
    return {
        "phase": "over" if state.over else ("tally" if tally_mode(state) else
                                            "start" if state.to_play is None else "play"),
        "entry": state.options.entry,
        "to_play": state.to_play, "turn": state.turn, "pairs": list(state.pairs),
        "pairs_left": pairs_left(state), "total_pairs": total_pairs(state),
        "ranks": {r: state.rank_pairs[i] for i, r in enumerate(RANKS)},
        "winners": list(state.winners), "quick": state.quick,
        "flips": [{"number": f.number, "turn": f.turn, "seat": f.seat, "outcome": f.outcome,
                   "rank": f.rank, "cards": [str(c) for c in f.cards]} for f in state.flips],
        "deal": {"taken": [{"seat": s, "card": str(c)} for s, c in state.taken],
                 "left_out": [str(c) for c in DECK.cards if c not in state.in_play]},
    }
