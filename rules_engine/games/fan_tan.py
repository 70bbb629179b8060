"""Fan tan ("Sjuan") — 3 to 7 players, 52 cards, the first to be rid of their cards wins.

Source: rule file 002 (``/work/shared/rules/002_e892b3b3fe26babb.txt``), section "Fan tan
regler" with its part "så här spelar ni" and the part "Varianten fri fan tan". Cited in
refusals as "Fan tan — <part>": Given (the deal), Spelet (sevens, building, passing), Vinst
(first out wins), Fri fan tan (the variant), Marker (the chips, an option the text does not
have).

How a deal runs, as the text says it
------------------------------------
All 52 cards are dealt as far as they go; some players may get one card more. Aces count as
ones, the lowest card. Forehand starts by laying out a seven; if they have none, the nearest
player in turn who has one starts. Then, in turn, each player lays out one card or passes if
they have nothing that fits: above a seven the eight of the same suit and on up to the king,
below it the six and on down to the ace; a new seven may be laid beside the ones out. The
first to be rid of all their cards has won.

*Fri fan tan* (option ``variant`` = ``fri``): forehand may start with any card. Each suit is
one pile built upward in sequence; after the king comes the ace, the two, … until all
thirteen cards of the suit are out. Instead one may start a new suit with any card of it, so
there are at most four piles. A player may lay several cards at once if they run in sequence
in one suit (the event ``run``). The cards of a run may be typed in any order: the engine
lays them in their sequence (``order_run``; the text asks that they form a sequence, not that
they be named in it).

What the companion checks, and what it proves later (design principle 3)
--------------------------------------------------------------------------
The app sees the layout, not the hands. Every card entered must fit the layout now (the
refusal says what fits in that suit), must not lie on the table already, and must be played in
turn; a player cannot lay out more cards than they hold (the app counts each hand from the
deal). A pass cannot be checked when it is made. The app remembers which cards fitted at
that moment: cards only ever leave a hand in fan tan, so when the same player later plays one
of them they held it when they passed. That pass is then a *finding* naming both moves (and with
chips, the fine ``false_pass_chips`` if the table plays with one). A pass is refused outright
only when every card still out of the layout fits (then whatever they hold fits).

A player may enter their hand (``hand``, ``PRIVATE`` to their seat until the deal is over): then
each of their turns is checked at once — a card not in it is refused, and a pass (or being
passed over by a later first seven) while it holds a card that fits is refused
(``must_play_if_able``); a card of it that fitted at an earlier pass proves that pass.

Interpretations (where the text is silent; the rules page lists them too)
---------------------------------------------------------------------------
- Fri fan tan is a variant of this module (option ``variant``), not a game of its own: the
  text calls it "en variant av ovanstående spel", and deal, turn, passing and winning are the
  same. Alias ids do not select it; the option does.
- The deal goes one card at a time from forehand (the dealer's left), so the players who get
  a card more are the first ``52 mod n`` from forehand; a ``deal`` entry may name them
  (``extra``) if the dealer dealt otherwise. The deal passes clockwise from deal to deal.
- The opening (standard): forehand passes if they have no seven, and so on round the table. The
  first seven may also be entered straight away for the player who starts; the players
  before them in turn are then recorded as having passed (they had no seven), and a seven
  one of them plays later proves that pass false like any other.
- Fri fan tan: forehand starts (any card fits, so they cannot pass). Wrapping from king to ace
  also holds inside a run (``♠Q ♠K ♠A`` is a sequence), since the pile is built that way.
- Everyone passing a whole round means someone passed with a card that fitted (all 52 cards
  are in play); the app says so in its prompt and proves it when the card comes.
- The text keeps no score beyond the winner. Option ``scoring``: ``wins`` (default: the
  protokoll counts deals won) or ``chips``: each player puts ``ante`` chips in the pool
  before the deal, a pass costs ``pass_chips`` into the pool, the winner takes the pool and
  ``card_chips`` from each loser per card left in their hand; a pass proven false costs
  ``false_pass_chips`` into the pool (0 by default: the text sets no penalty).
- Option ``deals``: how many deals the match has (1, the text's single game, by default;
  0 = until the table stops). With several deals the most deals won (or the most chips)
  wins; equal players share the win.
- Quick entry (``result``): the winner, and with chips the cards left and passes per seat
  — at any time in a deal: before any card is entered (the whole deal), or after cards were
  entered one by one (the rest of it). Then the app knows more and checks it: a loser has
  at least one card left and no more than they hold now (cards only leave a hand), and
  ``passes`` are the passes of the whole deal, no fewer per seat than those entered; only
  the passes not yet entered cost chips. Passes not yet proven false stay unproven; the
  findings already made stay. Without ``cards_left`` (the default scoring needs none) the
  protokoll names no cards left.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable

from .. import hands as hand_entry
from ..cards import FRENCH52, SUIT_NAMES, SUITS, Card
from ..errors import Finding, RuleViolation
from ..events import EventSpec
from ..protocol import check_players, Expectation, Expected, option, RuleSection
from ..sheet import Sheet, SheetRow
from ..tricks import next_seat, seats_from
from .fan_tan_layout import (START_RANK, SUIT_SIZE, fitting, lay, on_table, order_run,
                             successor)
from .fan_tan_layout import RANKS, rank_no  # noqa: F401 (part of the game's vocabulary)
from .fan_tan_state import Deal, Move, PassMark, State

ID = "fan_tan"
TITLE = "Fan tan"
ALIASES = ("fan-tan", "fantan", "fan tan", "sjuan")
MIN_PLAYERS, MAX_PLAYERS = 3, 7
DECK = FRENCH52

# --- the rule text as data -------------------------------------------------------------------

R_DEAL = "Fan tan — Given"
R_PLAY = "Fan tan — Spelet"
R_WIN = "Fan tan — Vinst"
R_FREE = "Fan tan — Fri fan tan"
R_CHIPS = "Fan tan — Marker"

RULES = (
    RuleSection(R_DEAL,
                "3–7 spelare, 52 kort. Alla kort delas ut; någon kan få ett kort mer än "
                "grannen. Ess räknas som ettor, lägst.",
                "3–7 players, 52 cards. All the cards are dealt; some may get one card more "
                "than their neighbour. Aces count as ones, the lowest card."),
    RuleSection(R_PLAY,
                "Förhand lägger ut en sjua; saknar förhand sjua börjar närmaste spelare i tur som "
                "har en. Sedan ett kort per tur eller pass om inget passar: åttan ovanför "
                "sjuan och uppåt till kung, sexan nedanför och nedåt till ess; en ny sjua "
                "får läggas bredvid.",
                "Forehand lays out a seven; without one, the nearest player in turn who has "
                "one starts. Then one card a turn, or pass if nothing fits: the eight above "
                "the seven and on up to the king, the six below and on down to the ace; a new "
                "seven may go beside."),
    RuleSection(R_WIN,
                "Den som först blivit av med alla sina kort har vunnit.",
                "The first to be rid of all their cards has won."),
    RuleSection(R_FREE,
                "Fri fan tan: förhand börjar med vilket kort som helst; varje färg byggs uppåt "
                "i följd, efter kungen kommer ess, två …; en ny färg får påbörjas med vilket "
                "kort som helst i den. Flera kort i följd i samma färg får läggas på en gång.",
                "Fri fan tan: forehand starts with any card; each suit is built upward in "
                "sequence, after the king come the ace, the two …; a new suit may be started "
                "with any of its cards. Several cards in sequence in one suit may go at once."),
    RuleSection(R_CHIPS,
                "Tillval (inte i texten): insats i potten före given, en marker per pass, "
                "vinnaren tar potten och en marker per kort som de andra har kvar.",
                "Option (not in the text): a stake in the pool before the deal, a chip per "
                "pass, the winner takes the pool and a chip per card the others have left."),
)


@dataclass(frozen=True)
class Options:
    variant: str = option("standard", ("standard", "fri"),
        sv="Fan tan med sjuorna (förval) eller fri fan tan (valfritt startkort, runt från "
           "kung till ess, flera kort i följd på en gång).",
        en="Fan tan with the sevens (default) or fri fan tan (any start card, round from "
           "king to ace, several cards in sequence at once).")
    scoring: str = option("wins", ("wins", "chips"),
        sv="Protokollet räknar vunna givar (förval) eller marker (pott, pass, kort kvar).",
        en="The protokoll counts deals won (default) or chips (pool, passes, cards left).")
    ante: int = option(1, (0, 1, 2, 5),
        sv="Med marker: insats var och en lägger i potten före given.",
        en="With chips: what each player puts in the pool before the deal.")
    pass_chips: int = option(1, (0, 1, 2),
        sv="Med marker: vad ett pass kostar (till potten).",
        en="With chips: what a pass costs (into the pool).")
    card_chips: int = option(1, (0, 1, 2),
        sv="Med marker: vad varje förlorare betalar vinnaren per kort kvar på handen.",
        en="With chips: what each loser pays the winner per card left in their hand.")
    false_pass_chips: int = option(0, (0, 1, 3, 5),
        sv="Med marker: böter till potten för ett pass som bevisas falskt (texten: inget).",
        en="With chips: fine into the pool for a pass proven false (the text: none).")
    deals: int = option(1, (1, 2, 3, 5, 10, 0),
        sv="Antal givar i partiet (texten: en; 0 = tills ni slutar).",
        en="Deals in the match (the text: one; 0 = until you stop).")


EVENTS = {
    "deal": EventSpec(optional={"extra": "seats"},
                      help_sv="Korten är givna (extra: de som fick ett kort mer, om given inte "
                              "började hos förhand).",
                      help_en="The cards are dealt (extra: who got one card more, if the "
                              "dealer did not start with forehand)."),
    "play": EventSpec({"seat": "seat", "card": "card"},
                      help_sv="Ett kort läggs ut.", help_en="One card laid out."),
    "run": EventSpec({"seat": "seat", "cards": "cards"},
                     help_sv="Fri fan tan: flera kort i följd i samma färg på en gång, i "
                             "valfri ordning.",
                     help_en="Fri fan tan: several cards in sequence in one suit at once, "
                             "in any order."),
    "pass": EventSpec({"seat": "seat"}, help_sv="Passar: inget kort passar.",
                      help_en="Passes: no card fits."),
    "result": EventSpec({"winner": "seat"}, {"cards_left": "list", "passes": "list"},
                        help_sv="Snabbinmatning av en giv, när som helst (hela given eller "
                                "resten): vinnaren, och med marker kort kvar och antal pass "
                                "per plats i hela given.",
                        help_en="Quick entry of a deal, at any time (the whole deal or the "
                                "rest): the winner, and with chips the cards left and the "
                                "passes per seat in the whole deal."),
    "hand": hand_entry.HAND_EVENT,
}

LABELS = {
    "events": {
        "deal": ("Korten är givna", "Cards dealt"), "play": ("Lägg ut ett kort", "Lay a card"),
        "run": ("Lägg flera kort i följd", "Lay a run"), "pass": ("Passar", "Pass"),
        "result": ("Snabbinmatning", "Quick entry"),
        "hand": ("Min hand", "My hand"),
    },
    "fields": {
        "extra": ("Fick ett kort mer", "Got one card more"),
        "winner": ("Vinnare", "Winner"),
        "cards_left": ("Kort kvar per plats", "Cards left per seat"),
        "passes": ("Pass per plats", "Passes per seat"),
    },
    "nouns": {
        "extra": ("ett kort mer", "one card more"), "winner": ("vinnare", "winner"),
        "cards_left": ("kort kvar", "cards left"), "passes": ("pass", "passes"),
        "layout": ("utlagt", "layout"), "pool": ("pott", "pool"), "hand": ("kort på hand",
                                                                          "cards in hand"),
    },
    "values": {
        "standard": ("Fan tan (sjuorna)", "Fan tan (the sevens)"),
        "fri": ("Fri fan tan", "Fri fan tan"),
        "wins": ("Vunna givar", "Deals won"), "chips": ("Marker", "Chips"),
    },
}


def new(players: tuple[str, ...], options: Options | None = None,
        first_dealer: int = 0) -> State:
    players = tuple(players)
    check_players(players, first_dealer, name="Fan tan",
                  players_range=(MIN_PLAYERS, MAX_PLAYERS), rule=R_DEAL)
    totals = (0,) * len(players)
    return State(players, options or Options(), first_dealer, totals=totals,
                 rows=(SheetRow.start(totals),))


# --- small helpers -----------------------------------------------------------------------------
def _violation(code: str, rule: str, params: dict[str, Any], sv: str, en: str) -> RuleViolation:
    return RuleViolation(code, rule=rule, params=params, sv=sv, en=en)


def _name(state: State, seat: int) -> str:
    return state.players[seat]


def _cards_text(cards) -> str:
    return " ".join(str(c) for c in cards) or "–"


def _suit(suit: str, lang: str) -> str:
    return SUIT_NAMES[suit][lang]


def _play_rule(state: State) -> str:
    return R_FREE if state.fri else R_PLAY


# --- apply -----------------------------------------------------------------------------------
def apply(state: State, event: dict[str, Any]) -> State:
    """Apply one parsed event (see ``rules_engine.events.parse_event``)."""
    return _HANDLERS[event["type"]](state, event)


def _refuse_phase(state: State, event_type: str) -> RuleViolation:
    exp = expected(state)
    return _violation(
        "not_expected", R_WIN if state.phase == "over" else R_PLAY,
        {"event": event_type, "phase": state.phase, "expected": [i.type for i in exp.inputs]},
        f"Den inmatningen passar inte nu. {exp.prompt_sv}",
        f"That entry does not fit now. {exp.prompt_en}")


def _start_deal(state: State, extra: tuple[int, ...] | None = None) -> State:
    n = state.n
    forehand = next_seat(state.dealer, n)
    per, more = divmod(len(DECK), n)
    if extra is None:
        extra = seats_from(forehand, n)[:more]
    elif len(extra) != more:
        raise _violation(
            "extra_cards", R_DEAL, {"extra": list(extra), "expected": more},
            f"Med {n} spelare får {more} av er ett kort mer ({len(DECK)} kort), inte "
            f"{len(extra)}.",
            f"With {n} players {more} of you get one card more ({len(DECK)} cards), not "
            f"{len(extra)}.")
    dealt = tuple(per + (1 if s in extra else 0) for s in range(n))
    ante = state.options.ante if state.chips else 0
    deal = Deal(number=state.deals_played + 1, dealer=state.dealer, forehand=forehand,
                dealt=dealt, counts=dealt, layout=((),) * len(SUITS), turn=forehand,
                paid=(ante,) * n, hands=hand_entry.no_hands(n))
    past = state.past_findings + (state.deal.findings if state.deal else ())
    return replace(state, phase="play", deal=deal, past_findings=past)


def _on_deal(state: State, event: dict[str, Any]) -> State:
    if state.phase != "deal":
        raise _refuse_phase(state, "deal")
    return _start_deal(state, event.get("extra"))


def _on_play(state: State, event: dict[str, Any]) -> State:
    return _lay_out(state, event["seat"], (event["card"],), "play")


def _on_run(state: State, event: dict[str, Any]) -> State:
    if not state.fri:
        raise _violation(
            "one_card_a_turn", R_PLAY, {"cards": [str(c) for c in event["cards"]]},
            "I fan tan lägger man ett kort per tur (flera i följd bara i fri fan tan).",
            "In fan tan one card is laid a turn (several in sequence only in fri fan tan).")
    if not event["cards"]:
        raise _violation("empty_run", R_FREE, {}, "Ange korten som läggs ut.",
                         "Name the cards laid out.")
    return _lay_out(state, event["seat"], tuple(event["cards"]), "run")


def _check_turn(state: State, deal: Deal, seat: int) -> None:
    if seat != deal.turn:
        raise _violation(
            "not_your_turn", _play_rule(state), {"seat": seat, "expected_seat": deal.turn},
            f"Det är {_name(state, deal.turn)}s tur, inte {_name(state, seat)}s.",
            f"It is {_name(state, deal.turn)}'s turn, not {_name(state, seat)}'s.")


def _implied_passes(state: State, deal: Deal, seat: int) -> Deal:
    """The first seven laid by a player after forehand: those before them had no seven."""
    if seat == deal.turn or state.fri or on_table(deal.layout):
        _check_turn(state, deal, seat)
        return deal
    for passer in seats_from(deal.turn, state.n):
        if passer == seat:
            break
        deal = _pass(state, deal, passer, implied=True)
    return deal


def _lay_out(state: State, seat: int, cards: tuple[Card, ...], kind: str) -> State:
    if state.phase == "deal":
        state = _start_deal(state)
    if state.phase != "play":
        raise _refuse_phase(state, kind)
    deal = state.deal
    assert deal is not None
    if kind == "run":
        cards = order_run(deal.layout, cards)  # typed in any order (issue 15, item 16)
    rule = _play_rule(state)
    first = cards[0]
    if not on_table(deal.layout) and not state.fri and first.rank != START_RANK:
        raise _violation(
            "start_with_seven", R_PLAY, {"card": str(first)},
            "Spelet börjar med en sjua: förhand lägger ut en; saknar förhand sjua börjar närmaste "
            "spelare i tur som har en.",
            "The game starts with a seven: forehand lays one out; without one, the nearest "
            "player in turn who has one starts.")
    deal = _implied_passes(state, deal, seat)
    if len(cards) > deal.counts[seat]:
        raise _violation(
            "not_enough_cards", R_DEAL,
            {"seat": seat, "cards": len(cards), "in_hand": deal.counts[seat]},
            f"{_name(state, seat)} har bara {deal.counts[seat]} kort kvar på handen.",
            f"{_name(state, seat)} has only {deal.counts[seat]} cards left in hand.")
    layout = deal.layout
    for card in cards:
        hand_entry.check_in_hand(deal.hands, seat, card, rule, state.players)
    for index, card in enumerate(cards):
        if any(card in pile for pile in layout):
            raise _violation(
                "card_on_table", rule, {"card": str(card)},
                f"{card} ligger redan ute.", f"{card} is already laid out.")
        if index and (card.suit != first.suit or card != successor(cards[index - 1])):
            raise _violation(
                "not_a_sequence", R_FREE, {"cards": [str(c) for c in cards]},
                f"{_cards_text(cards)} är ingen följd: flera kort på en gång ska stiga i "
                "samma färg, ett steg i taget.",
                f"{_cards_text(cards)} is no sequence: several cards at once must rise in "
                "one suit, one step at a time.")
        fits = fitting(layout, state.fri)
        if card not in fits:
            raise _does_not_fit(state, layout, card)
        layout = lay(layout, card)
    move = Move(len(deal.moves) + 1, seat, cards)
    deal = _prove_passes(state, deal, seat, cards, move.number)
    counts = tuple(c - (len(cards) if s == seat else 0) for s, c in enumerate(deal.counts))
    hands = deal.hands
    for card in cards:
        hands = hand_entry.without(hands, seat, card)
    deal = replace(deal, layout=layout, counts=counts, moves=deal.moves + (move,),
                   turn=next_seat(seat, state.n), passes_in_row=0, hands=hands)
    state = replace(state, deal=deal)
    if counts[seat] == 0:
        return _finish_deal(state, seat)
    return state


def _does_not_fit(state: State, layout, card: Card) -> RuleViolation:
    suit_fits = [c for c in fitting(layout, state.fri) if c.suit == card.suit]
    pile = layout[SUITS.index(card.suit)]
    params = {"card": str(card), "fits": [str(c) for c in suit_fits]}
    if state.fri:
        sv = (f"{card} passar inte: i {_suit(card.suit, 'sv')} ligger {pile[-1]} överst, "
              f"nästa kort är {_cards_text(suit_fits)}." if pile else "")
        en = (f"{card} does not fit: {pile[-1]} is on top in {_suit(card.suit, 'en')}, the "
              f"next card is {_cards_text(suit_fits)}." if pile else "")
        if pile and len(pile) == SUIT_SIZE:
            sv = f"{card} passar inte: hela {_suit(card.suit, 'sv')} ligger ute."
            en = f"{card} does not fit: all of {_suit(card.suit, 'en')} is out."
        return _violation("card_does_not_fit", R_FREE, params, sv, en)
    if not pile:
        sv = (f"{card} passar inte: {_suit(card.suit, 'sv')} börjar med sjuan, som inte "
              "ligger ute än.")
        en = (f"{card} does not fit: {_suit(card.suit, 'en')} starts with its seven, which is "
              "not out yet.")
    else:
        sv = (f"{card} passar inte: i {_suit(card.suit, 'sv')} passar nu "
              f"{_cards_text(suit_fits)} (uppåt till kung, nedåt till ess).")
        en = (f"{card} does not fit: in {_suit(card.suit, 'en')} "
              f"{_cards_text(suit_fits)} fit now (up to the king, down to the ace).")
    return _violation("card_does_not_fit", R_PLAY, params, sv, en)


def _prove_passes(state: State, deal: Deal, seat: int, cards: tuple[Card, ...],
                  move: int) -> Deal:
    """A card that fitted when this player passed proves that pass false: they held it then,
    since in fan tan cards only leave a hand."""
    keep, proven = _proven_passes(deal, seat, cards)
    findings, paid = list(deal.findings), list(deal.paid)
    name = _name(state, seat)
    for mark, proof in proven:
        fine = state.options.false_pass_chips if state.chips else 0
        paid[seat] += fine
        findings.append(Finding(
            code="passed_while_able", rule=_play_rule(state), seat=seat,
            params={"pass_move": mark.move, "proof_move": move, "proof_card": str(proof),
                    "fitted": [str(c) for c in mark.fitting if c in cards or c == proof],
                    "fine": fine},
            sv=(f"{name} passade i drag {mark.move} men lade {proof} i drag {move}; {proof} "
                f"passade redan då: passet i drag {mark.move} var falskt."
                + (f" Böter {fine} marker till potten." if fine else "")),
            en=(f"{name} passed in move {mark.move} but laid {proof} in move {move}; {proof} "
                f"already fitted then: the pass in move {mark.move} was false."
                + (f" Fine: {fine} chips into the pool." if fine else ""))))
    return replace(deal, marks=keep, findings=tuple(findings), paid=tuple(paid))


def _proven_passes(deal: Deal, seat: int, cards: Iterable[Card]
                   ) -> tuple[tuple[PassMark, ...], list[tuple[PassMark, Card]]]:
    """This player's passes that a card of ``cards`` proves false, each with the first such
    card (it fitted when they passed), and the marks that stay (everyone else's, and their
    passes no card of these proves)."""
    cards = tuple(cards)
    keep, proven = [], []
    for mark in deal.marks:
        proof = next((c for c in cards if c in mark.fitting), None)
        if mark.seat != seat or proof is None:
            keep.append(mark)
        else:
            proven.append((mark, proof))
    return tuple(keep), proven


def _pass(state: State, deal: Deal, seat: int, implied: bool = False) -> Deal:
    fits = fitting(deal.layout, state.fri)
    _check_pass_against_hand(state, deal, seat, fits, implied)
    number = len(deal.moves) + 1
    paid = deal.paid
    if state.chips:
        paid = tuple(p + (state.options.pass_chips if s == seat else 0)
                     for s, p in enumerate(paid))
    return replace(deal, moves=deal.moves + (Move(number, seat, (), implied),),
                   marks=deal.marks + (PassMark(seat, number, fits),), paid=paid,
                   turn=next_seat(seat, state.n), passes_in_row=deal.passes_in_row + 1)


def _on_pass(state: State, event: dict[str, Any]) -> State:
    if state.phase == "deal":
        state = _start_deal(state)
    if state.phase != "play":
        raise _refuse_phase(state, "pass")
    deal = state.deal
    assert deal is not None
    seat = event["seat"]
    _check_turn(state, deal, seat)
    fits = set(fitting(deal.layout, state.fri))
    out = set(on_table(deal.layout))
    if all(card in fits for card in DECK.cards if card not in out):
        raise _violation(
            "pass_impossible", _play_rule(state), {"seat": seat},
            f"{_name(state, seat)} kan inte passa: varje kort som inte ligger ute passar nu, "
            "så vilket kort som helst på handen kan läggas.",
            f"{_name(state, seat)} cannot pass: every card not laid out fits now, so "
            "whatever they hold can be laid.")
    return replace(state, deal=_pass(state, deal, seat))


# --- a hand entered by its player: a pass checked at once -------------------------------------
def _on_hand(state: State, event: dict[str, Any]) -> State:
    """A player enters the cards they hold now (dealt less laid out). None on the table or in
    another entered hand. A card of it that fitted when they passed earlier proves that pass
    false (a finding private to them until the deal is over)."""
    if state.phase == "deal":
        state = _start_deal(state)
    deal = state.deal
    if state.phase != "play" or deal is None:
        raise _refuse_phase(state, "hand")
    seat = event["seat"]
    cards = hand_entry.check_entry(
        deal.hands, seat, event["cards"], size=deal.counts[seat], seen=on_table(deal.layout),
        rule=R_DEAL, players=state.players,
        size_sv=f" ({deal.dealt[seat]} givna, {deal.dealt[seat] - deal.counts[seat]} utlagda)",
        size_en=f" ({deal.dealt[seat]} dealt, {deal.dealt[seat] - deal.counts[seat]} laid out)")
    keep, proven = _proven_passes(deal, seat, cards)
    findings = list(deal.findings)
    name = _name(state, seat)
    for mark, proof in proven:
        findings.append(Finding(
            code="passed_while_able", rule=_play_rule(state), seat=seat,
            params={"pass_move": mark.move, "proof": "hand", "proof_card": str(proof)},
            sv=(f"{name} passade i drag {mark.move} men har {proof} på sin inmatade hand; det "
                f"passade redan då: passet var falskt."),
            en=(f"{name} passed in move {mark.move} but holds {proof} in the entered hand; it "
                f"fitted then already: the pass was false."),
            private_to=seat,
            public_sv=(f"{name} passade i drag {mark.move}, men den inmatade handen har ett kort "
                       "som passade då: passet var falskt."),
            public_en=(f"{name} passed in move {mark.move}, but the entered hand holds a card "
                       "that fitted then: the pass was false.")))
    deal = replace(deal, hands=hand_entry.with_hand(deal.hands, seat, cards), marks=keep,
                   findings=tuple(findings))
    return replace(state, deal=deal)


def _check_pass_against_hand(state: State, deal: Deal, seat: int, fits: tuple[Card, ...],
                             implied: bool) -> None:
    """"Passa om man inte har något spelbart kort": with their hand entered, a player holding
    a card that fits may not pass — nor be passed over by a later player's first seven
    ("närmaste spelare i turordning som har en sjua börjar")."""
    hand = deal.hands[seat] if deal.hands else None
    able = next((c for c in (hand or ()) if c in fits), None)
    if able is None:
        return
    name = _name(state, seat)
    if implied:
        sv_why = f"{name} har en sjua och börjar före de spelare som kommer efter"
        en_why = f"{name} holds a seven and starts before the players after them"
    else:
        sv_why = f"{name} kan inte passa: ett kort på handen passar"
        en_why = f"{name} cannot pass: they hold a card that fits"
    raise hand_entry.refuse_duty(
        "must_play_if_able", _play_rule(state), seat, {"holds": str(able)},
        sv=f"{sv_why} ({able} på den inmatade handen).",
        en=f"{en_why} ({able} in the entered hand).",
        public_sv=f"{sv_why} (enligt den inmatade handen).",
        public_en=f"{en_why} (by the entered hand).")


def legal_cards(state: State, seat: int) -> tuple[Card, ...] | None:
    """The cards of ``seat``'s entered hand that fit now (empty: they pass), else ``None``."""
    deal = state.deal
    if deal is None or not deal.hands or deal.hands[seat] is None:
        return None
    fits = set(fitting(deal.layout, state.fri))
    return tuple(c for c in deal.hands[seat] if c in fits)


def deal_in_progress(state: State) -> int | None:
    """The deal being played (no winner yet), else ``None``."""
    deal = state.deal
    if state.phase == "play" and deal is not None and deal.winner is None:
        return deal.number
    return None


# A hand a player enters is theirs alone until the deal is over (rules_engine.secrets).
PRIVATE = hand_entry.PRIVATE


def _finish_deal(state: State, winner: int) -> State:
    deal = state.deal
    assert deal is not None
    deal = replace(deal, winner=winner)
    changes = _deal_changes(state, deal, winner)
    totals = tuple(t + (c or 0) for t, c in zip(state.totals, changes))
    left_sv = ", ".join(f"{_name(state, s)} {c}" for s, c in enumerate(deal.counts)
                        if c and deal.left_known)
    label_sv = f"Giv {deal.number}: {_name(state, winner)} vann"
    label_en = f"Deal {deal.number}: {_name(state, winner)} won"
    if left_sv:
        label_sv += f" (kort kvar: {left_sv})"
        label_en += f" (cards left: {left_sv})"
    marks = tuple("vann" if s == winner else str(c) if deal.left_known else ""
                  for s, c in enumerate(deal.counts))
    row = SheetRow("deal", label_sv, label_en, changes, totals, deal.number, marks)
    played = state.deals_played + 1
    over = state.options.deals > 0 and played >= state.options.deals
    return replace(state, deal=deal, totals=totals, rows=state.rows + (row,),
                   deals_played=played, phase="over" if over else "deal",
                   dealer=state.dealer if over else next_seat(state.dealer, state.n))


def _deal_changes(state: State, deal: Deal, winner: int) -> tuple[int | None, ...]:
    """The deal's row: a deal won, or the chips (pool and cards left) — a pure function."""
    if not state.chips:
        return tuple(1 if s == winner else None for s in range(state.n))
    per_card = state.options.card_chips
    changes = [-(paid + per_card * left) for paid, left in zip(deal.paid, deal.counts)]
    changes[winner] = -deal.paid[winner] + sum(deal.paid) + per_card * sum(deal.counts)
    return tuple(changes)


def _int_list(state: State, value: Any, name: str, low: int, high: int) -> tuple[int, ...]:
    if (not isinstance(value, list) or len(value) != state.n or not all(
            isinstance(v, int) and not isinstance(v, bool) and low <= v <= high
            for v in value)):
        raise _violation(
            "result_shape", R_WIN, {"field": name, "value": value},
            f"Ange {name} som ett heltal {low}–{high} för var och en av {state.n} platser.",
            f"Give {name} as a whole number {low}–{high} for each of the {state.n} seats.")
    return tuple(value)


def _on_result(state: State, event: dict[str, Any]) -> State:
    """Quick entry of a deal: its winner, and with chips what the chips need. At any time:
    the whole deal before any card is entered, or the rest of a deal entered card by card
    (then checked against the cards each player still holds and the passes entered)."""
    if state.phase == "over":
        raise _refuse_phase(state, "result")
    midway = state.phase == "play"
    if not midway:
        state = _start_deal(state)
    deal = state.deal
    assert deal is not None
    winner = event["winner"]
    needs_cards = state.chips and state.options.card_chips > 0
    if "cards_left" in event:
        left = _int_list(state, event["cards_left"], "cards_left", 0, max(deal.dealt))
    elif needs_cards:
        raise _violation("cards_left_required", R_CHIPS, {},
                         "Med marker: ange hur många kort var och en har kvar.",
                         "With chips: give how many cards each player has left.")
    elif midway:
        left = tuple(0 if s == winner else min(1, c) for s, c in enumerate(deal.counts))
    else:
        left = tuple(0 if s == winner else 1 for s in range(state.n))
    for seat, count in enumerate(left):
        if seat == winner and count:
            raise _violation("winner_has_cards", R_WIN, {"seat": seat, "cards_left": count},
                             f"Vinnaren {_name(state, seat)} har inga kort kvar.",
                             f"The winner {_name(state, seat)} has no cards left.")
        if seat != winner and not 1 <= count <= deal.counts[seat]:
            raise _violation(
                "cards_left_impossible", R_WIN,
                {"seat": seat, "cards_left": count, "dealt": deal.dealt[seat],
                 "in_hand": deal.counts[seat]},
                f"{_name(state, seat)} kan ha 1–{deal.counts[seat]} kort kvar, inte {count}: "
                "bara vinnaren blev av med alla"
                + (", och kort lämnar bara handen." if midway else "."),
                f"{_name(state, seat)} can have 1–{deal.counts[seat]} cards left, not {count}: "
                "only the winner got rid of all their cards"
                + (", and cards only leave a hand." if midway else "."))
    entered = passes_entered(state, deal)
    passes = (_int_list(state, event["passes"], "passes", 0, 999) if "passes" in event
              else entered)
    fewer = [s for s in range(state.n) if passes[s] < entered[s]]
    if fewer:
        raise _violation(
            "passes_below_entered", R_WIN,
            {"passes": list(passes), "entered": list(entered), "seats": fewer},
            "Passen gäller hela given, och fler pass än så är redan inmatade för "
            + ", ".join(f"{_name(state, s)} ({entered[s]})" for s in fewer) + ".",
            "The passes are the whole deal's, and more passes than that are already entered "
            "for " + ", ".join(f"{_name(state, s)} ({entered[s]})" for s in fewer) + ".")
    paid = deal.paid
    if state.chips:
        paid = tuple(p + state.options.pass_chips * (k - e)
                     for p, k, e in zip(paid, passes, entered))
    deal = replace(deal, counts=left, paid=paid, quick=True,
                   left_known="cards_left" in event)
    return _finish_deal(replace(state, deal=deal), winner)


def passes_entered(state: State, deal: Deal) -> tuple[int, ...]:
    """The passes entered in this deal per seat (those implied by the opening too)."""
    return tuple(sum(1 for m in deal.moves if m.seat == s and not m.cards)
                 for s in range(state.n))


_HANDLERS = {"deal": _on_deal, "play": _on_play, "run": _on_run, "pass": _on_pass,
             "result": _on_result, "hand": _on_hand}


# --- what comes next -------------------------------------------------------------------------
def _result_hints(state: State) -> dict[str, Any]:
    per = -(-len(DECK) // state.n)  # the most cards a hand can hold
    return {"cards_left": list(range(per + 1))}


def expected(state: State) -> Expected:
    if state.phase == "over":
        return Expected("over", "Partiet är slut.", "The match is over.")
    if state.phase == "deal":
        dealer = _name(state, state.dealer)
        forehand = next_seat(state.dealer, state.n)
        opening = [Card(s, START_RANK) for s in SUITS] if not state.fri else list(DECK.cards)
        # Forehand may pass at once when they have no seven; in fri fan tan everything fits.
        no_seven = () if state.fri else (Expectation("pass", forehand),)
        return Expected(
            "deal", f"{dealer} ger ut alla korten; {_name(state, forehand)} börjar.",
            f"{dealer} deals all the cards; {_name(state, forehand)} starts.", state.dealer,
            (Expectation("deal", state.dealer),
             Expectation("play", forehand, fields={"card": [str(c) for c in opening]}))
            + no_seven + (Expectation("result", fields=_result_hints(state)),))
    deal = state.deal
    assert deal is not None
    seat = deal.turn
    fits = [str(c) for c in fitting(deal.layout, state.fri)]
    played = [str(c) for c in on_table(deal.layout)]
    inputs = [Expectation("play", seat, fields={"card": fits, "played": played})]
    legal = legal_cards(state, seat)
    if legal is not None:
        inputs[0].fields["legal"] = hand_entry.sealed_legal(seat, legal)
    if state.fri:
        inputs.append(Expectation("run", seat, fields={"cards": fits}))
    inputs.append(Expectation("pass", seat))
    # Quick entry of the rest of the deal, at any time: the cards each may have left.
    inputs.append(Expectation("result",
                              fields={"cards_left": list(range(max(deal.counts) + 1))}))
    name = _name(state, seat)
    if not on_table(deal.layout) and not state.fri:
        sv = f"{name} lägger ut en sjua eller passar (har ingen)."
        en = f"{name} lays out a seven or passes (has none)."
    else:
        sv = f"{name} lägger ut ett kort eller passar."
        en = f"{name} lays out a card or passes."
    if deal.passes_in_row >= state.n:
        sv += (" Alla har passat sedan senaste kortet: någon har ett kort som passar "
               f"({_cards_text(fits)}).")
        en += (" Everyone has passed since the last card: someone holds a card that fits "
               f"({_cards_text(fits)}).")
    # (The ``hand`` entry is in the catalog for any seat at any time of the deal; it is not
    # repeated among the inputs of every turn.)
    return Expected("play", sv, en, seat, tuple(inputs))


# --- reading the state -----------------------------------------------------------------------
def is_over(state: State) -> bool:
    return state.phase == "over"


def _leaders(state: State) -> tuple[int, ...]:
    best = max(state.totals)
    return tuple(s for s, t in enumerate(state.totals) if t == best)


def sheet(state: State) -> Sheet:
    over = state.phase == "over"
    winner = _leaders(state)[0] if over and len(_leaders(state)) == 1 else None
    return Sheet(players=state.players, rows=state.rows, totals=state.totals,
                 next_dealer=None if over else state.dealer, winner=winner,
                 settlement=state.totals if over and state.chips else None,
                 notes={"scoring": state.options.scoring, "variant": state.options.variant,
                        "deals": state.options.deals, "deals_played": state.deals_played})


def result(state: State) -> dict[str, Any] | None:
    if state.phase != "over":
        return None
    leaders = _leaders(state)
    return {"winner": leaders[0] if len(leaders) == 1 else None, "winners": list(leaders),
            "totals": list(state.totals), "scoring": state.options.scoring}


def findings(state: State) -> tuple[Finding, ...]:
    """Findings of the deals before (``past_findings``) and of the last or current one."""
    deal = state.deal
    return state.past_findings + (deal.findings if deal is not None else ())


def describe(state: State) -> dict[str, Any]:
    """The state as JSON for the API and the app."""
    deal = state.deal
    out: dict[str, Any] = {
        "phase": state.phase, "dealer": state.dealer, "variant": state.options.variant,
        "totals": list(state.totals), "deals_played": state.deals_played, "deal": None,
    }
    if deal is not None:
        out["deal"] = {
            "number": deal.number, "dealer": deal.dealer, "forehand": deal.forehand,
            "turn": deal.turn if state.phase == "play" else None,
            "dealt": list(deal.dealt), "hand": list(deal.counts),
            "layout": {suit: [str(c) for c in pile] for suit, pile in zip(SUITS, deal.layout)},
            "fitting": [str(c) for c in fitting(deal.layout, state.fri)],
            "moves": [{"move": m.number, "seat": m.seat,
                       "cards": [str(c) for c in m.cards], "pass": not m.cards,
                       "implied": m.implied} for m in deal.moves],
            "plays": [{"seat": m.seat, "card": str(c)} for m in deal.moves for c in m.cards],
            "passes_in_row": deal.passes_in_row,
            "pool": sum(deal.paid) if state.chips else None,
            "paid": list(deal.paid) if state.chips else None,
            "winner": deal.winner, "quick": deal.quick,
            "hands": hand_entry.sealed_hands(deal.hands or (None,) * state.n),
        }
    return out
