"""Muggins — 3 to 7 players, 52 cards, the first to be rid of all their cards wins.

Source: rule file 002 (``/work/shared/rules/002_e892b3b3fe26babb.txt``), section "Muggins
regler" and its part "så här spelar ni". Cited in refusals as "Muggins — <part>": Given (the
muggins cards and the draw piles), Spelet (turning a card and where it goes), Muggins (the
call and its penalty), Vinst (draw pile turned over, first rid of all cards wins).

How a deal runs, as the text says it
------------------------------------
The muggins cards are laid face up: four with three or four players, two with five, four with
six and three with seven (``MUGGINS_CARDS``); the rest is dealt equally, each player's cards
face down as their draw pile, unseen. Forehand turns the top card of their draw pile and lays it
on a muggins pile whose top is one step higher or lower (a four on a three or a five; an ace
only on a two, a king only on a queen). If it fits none, it goes face up before them as their
own discard pile. From then on every card turned must go on a muggins pile if it can; if
not, on the nearest discard pile to the left (and no other) by the same one-step rule; if
not, on top of one's own discard pile. A player who breaks this is called "muggins" by the
others: each of them takes the top card of their own draw pile unseen and gives it to them, and
they put them at the bottom of their draw pile. When a draw pile ends, its owner turns their
discard pile over, unshuffled, as their new draw pile. The first to be rid of all their cards,
draw pile and discard pile, wins.

What the companion tracks and checks
------------------------------------
Everything turned up is seen by the whole table, so the app knows every pile face up and
can tell for each card where it belongs (``placements``): a wrong placement is not refused
(the game is the others' chance to call muggins) but opens the ``muggins`` call, which the app
accepts only when the last card really went wrong, and then moves the penalty cards. The app
also follows the face-down cards as far as the table could: a turned-over discard pile is a
draw pile in known order (its first card laid is now on top), so the app knows which card
comes up next; penalty cards go to the bottom in an order nobody saw. A card turned up must be
one that can be on top of that draw pile (``not_top_card``), never one seen elsewhere.

Interpretations (where the text is silent; the rules page lists them too)
---------------------------------------------------------------------------
- The turn (option ``turn_ends``): ``own_pile`` (default) — a player goes on turning cards
  while they go on a muggins pile or the discard pile to their left, and the turn passes when
  a card goes on their own discard pile ("Därefter går turen till näste" follows the own-pile
  sentence, as in the English game); ``every_card`` — the turn passes after every card.
- "Den närmaste kasthögen till vänster" (option ``left_pile``): ``nearest`` (default) — the
  nearest player to the left, in turn order, who has a discard pile; ``neighbour`` — only the
  left neighbour's pile, none if they have no discard pile at the moment.
- Left is clockwise, the direction of play.
- A wrong placement may be called until the next card is turned up; any player but the
  offender calls. The card stays where it was laid (the text names only the penalty). A false
  call is refused and costs nothing. Option ``wrong_placement``: ``call`` (default) or
  ``refuse`` (the app refuses a wrong placement outright, for learning the game).
- A wrong placement of a player's last card still wins unless it is called; a call then gives
  them the penalty cards and the deal goes on.
- A draw pile that has ended is turned over when its owner next needs a card from it (their
  turn comes, their turn goes on, or they must give or take penalty cards); until then their
  discard pile lies face up and is a pile to play on like any other. A player who gives their last card as
  a penalty card is rid of their cards and wins.
- The penalty cards lie at the bottom in an order nobody knows; a penalty card the app knew
  (from a turned-over discard pile) is known to be among them. Where the app can no longer be
  sure (a card taken from such a mixed stretch), it forgets rather than guesses.
- The deal passes clockwise. Option ``deals``: deals in the match (1, the text's game, by
  default; 0 = until you stop); the protokoll counts deals won and notes each muggins call.
- Quick entry (``result``): the winner of a deal, at any time — a deal played without
  entering cards, or the rest of a deal whose cards were entered one by one. The protokoll
  counts deals won and nothing else (the text keeps no other score: no chips, no pool), so
  the winner is all it needs. Midway, what was entered stays in the deal's record and its
  muggins rows stay in the protokoll; a wrong placement not yet called can no longer be
  called (the next thing happened), and the row says the rest was quick entry.
- A deal can go round for ever (say each player holds one card and none fits anywhere); the
  text has no end for that. The event ``stop`` ends a deal without a winner when the table
  agrees it cannot end; the deal counts as played.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import FRENCH52, RANKS_ACE_LOW, Card, rank_number
from ..errors import RuleViolation
from ..events import EventSpec
from ..protocol import check_players, Expectation, Expected, option, RuleSection
from ..sheet import Sheet, SheetRow
from ..tricks import next_seat, seats_from

ID = "muggins"
TITLE = "Muggins"
ALIASES = ("mugins",)
MIN_PLAYERS, MAX_PLAYERS = 3, 7
DECK = FRENCH52

# --- the rule text as data -------------------------------------------------------------------
RANKS = RANKS_ACE_LOW  # ace low, no wrap
MUGGINS_CARDS = {3: 4, 4: 4, 5: 2, 6: 4, 7: 3}  # face-up muggins cards by player count

R_DEAL = "Muggins — Given"
R_PLAY = "Muggins — Spelet"
R_CALL = "Muggins — Muggins"
R_WIN = "Muggins — Vinst"

RULES = (
    RuleSection(R_DEAL,
                "3–7 spelare, 52 kort. Muggins-korten läggs upp öppet: fyra för tre eller fyra "
                "spelare, två för fem, fyra för sex, tre för sju. Resten delas lika; var och "
                "en lägger sina kort osedda som draghög.",
                "3–7 players, 52 cards. The muggins cards go face up: four for three or four "
                "players, two for five, four for six, three for seven. The rest is dealt "
                "equally; each puts their cards unseen face down as their draw pile."),
    RuleSection(R_PLAY,
                "Vänd översta kortet i draghögen: på en muggins-hög ett steg högre eller lägre "
                "(ess bara på tvåa, kung bara på dam) om det går; annars på närmaste kasthög "
                "till vänster på samma sätt; annars överst i egen kasthög. Turen går medsols.",
                "Turn the top card of your draw pile: onto a muggins pile one step higher or "
                "lower (an ace only on a two, a king only on a queen) if it can; else onto "
                "the nearest discard pile to the left the same way; else on top of your own "
                "discard pile. Play goes clockwise."),
    RuleSection(R_CALL,
                "Den som lägger fel kallas ”muggins”: var och en av de andra ger muggins osett "
                "översta kortet ur sin draghög, och muggins lägger dem underst i sin draghög.",
                "Whoever places a card wrongly is called “muggins”: each of the others gives "
                "the muggins the top card of their own draw pile unseen, and the muggins "
                "puts them at the bottom of the muggins's own draw pile."),
    RuleSection(R_WIN,
                "Tar draghögen slut vänds kasthögen (oblandad) till ny draghög. Den som först "
                "blir av med alla kort i drag- och kasthögen vinner.",
                "When a draw pile ends, the discard pile is turned over (unshuffled) as the "
                "new draw pile. The first rid of all cards in draw and discard pile wins."),
)


@dataclass(frozen=True)
class Options:
    turn_ends: str = option("own_pile", ("own_pile", "every_card"),
        sv="Turen går vidare när ett kort hamnar i egen kasthög (förval) eller efter "
           "varje kort.",
        en="The turn passes when a card goes on one's own discard pile (default) or after "
           "every card.")
    left_pile: str = option("nearest", ("nearest", "neighbour"),
        sv="Kasthögen till vänster: närmaste som finns (förval) eller bara grannens.",
        en="The discard pile to the left: the nearest there is (default) or only the "
           "neighbour's.")
    wrong_placement: str = option("call", ("call", "refuse"),
        sv="Fel placering: de andra kan ropa muggins (förval) eller appen vägrar den.",
        en="A wrong placement: the others may call muggins (default) or the app refuses "
           "it.")
    deals: int = option(1, (1, 2, 3, 5, 10, 0),
        sv="Antal givar i partiet (texten: en; 0 = tills ni slutar).",
        en="Deals in the match (the text: one; 0 = until you stop).")


EVENTS = {
    "deal": EventSpec({"muggins": "cards"},
                      help_sv="Given: muggins-korten som ligger öppet.",
                      help_en="The deal: the muggins cards laid face up."),
    "play": EventSpec({"seat": "seat", "card": "card"}, {"on": "card", "own": "bool"},
                      help_sv="Ett uppvänt kort och var det lades: på högen med översta "
                              "kortet ”on”, i egen kasthög (”own”), eller utan angivelse dit "
                              "reglerna säger.",
                      help_en="A card turned up and where it went: onto the pile whose top "
                              "is “on”, onto one's own discard pile (“own”), or, without "
                              "either, where the rules send it."),
    "muggins": EventSpec({"caller": "seat"},
                         help_sv="Någon ropar ”muggins” på den som just lade fel.",
                         help_en="Someone calls “muggins” on the player who just placed a "
                                 "card wrongly."),
    "result": EventSpec({"winner": "seat"},
                        help_sv="Snabbinmatning av en giv, när som helst (hela given eller "
                                "resten): vinnaren.",
                        help_en="Quick entry of a deal, at any time (the whole deal or the "
                                "rest): the winner."),
    "stop": EventSpec(optional={"note": "str"},
                      help_sv="Bordet avbryter en giv som inte kan ta slut: ingen vinnare.",
                      help_en="The table stops a deal that cannot end: no winner."),
}

LABELS = {
    "events": {
        "deal": ("Muggins-korten", "The muggins cards"),
        "play": ("Vänd ett kort", "Turn a card"),
        "muggins": ("Muggins!", "Muggins!"), "result": ("Snabbinmatning", "Quick entry"),
        "stop": ("Avbryt given", "Stop the deal"),
    },
    "fields": {
        "muggins": ("Muggins-kort", "Muggins cards"), "on": ("Lagt på", "Laid on"),
        "own": ("I egen kasthög", "On own discard pile"), "caller": ("Vem ropar?", "Who calls?"),
        "winner": ("Vinnare", "Winner"),
    },
    "nouns": {
        "muggins": ("muggins-kort", "muggins cards"), "on": ("på", "on"),
        "own": ("egen kasthög", "own discard pile"), "caller": ("ropad av", "called by"),
        "winner": ("vinnare", "winner"), "draw": ("draghög", "draw pile"),
        "discard": ("kasthög", "discard pile"),
    },
    "values": {
        "own_pile": ("När kortet hamnar i egen kasthög", "When a card goes on one's own pile"),
        "every_card": ("Efter varje kort", "After every card"),
        "nearest": ("Närmaste kasthögen", "The nearest discard pile"),
        "neighbour": ("Bara grannens", "Only the neighbour's"),
        "call": ("Ropa muggins", "Call muggins"), "refuse": ("Appen vägrar", "The app refuses"),
    },
}


# --- state -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Bag:
    """A stretch of a draw pile whose inner order nobody knows: ``known`` cards the app knows
    to be in it and ``unknown`` cards it does not. A card in known order is a bag of one."""

    known: tuple[Card, ...] = ()
    unknown: int = 0

    @property
    def size(self) -> int:
        return len(self.known) + self.unknown


@dataclass(frozen=True)
class Placement:
    """One card turned up: where it went (``target``) and where the rules send it."""

    move: int
    seat: int
    card: Card
    target: str  # "m<i>" a muggins pile, "d<seat>" a discard pile
    correct: tuple[str, ...]

    @property
    def wrong(self) -> bool:
        return self.target not in self.correct


@dataclass(frozen=True)
class Call:
    move: int
    offender: int
    caller: int
    given: int  # penalty cards received


@dataclass(frozen=True)
class Deal:
    number: int
    dealer: int
    forehand: int
    muggins: tuple[tuple[Card, ...], ...]  # each pile bottom to top
    discards: tuple[tuple[Card, ...], ...]  # per seat, bottom to top
    draws: tuple[tuple[Bag, ...], ...]  # per seat, top first
    turn: int
    placements: tuple[Placement, ...] = ()
    open_call: Placement | None = None  # the last placement, wrong and not yet called
    calls: tuple[Call, ...] = ()
    winner: int | None = None
    quick: bool = False


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    options: Options
    dealer: int
    phase: str = "deal"  # deal, play, over
    deal: Deal | None = None
    deals_played: int = 0
    totals: tuple[int, ...] = ()  # deals won
    rows: tuple[SheetRow, ...] = ()

    @property
    def n(self) -> int:
        return len(self.players)


def new(players: tuple[str, ...], options: Options | None = None,
        first_dealer: int = 0) -> State:
    players = tuple(players)
    check_players(players, first_dealer, name="Muggins",
                  players_range=(MIN_PLAYERS, MAX_PLAYERS), rule=R_DEAL)
    totals = (0,) * len(players)
    return State(players, options or Options(), first_dealer, totals=totals,
                 rows=(SheetRow.start(totals),))


# --- the piles -------------------------------------------------------------------------------
def rank_no(card: Card) -> int:
    return rank_number(card, RANKS)


def fits(card: Card, top: Card) -> bool:
    """One step higher or lower, whatever the suit; ace and king do not meet (1 and 13)."""
    return abs(rank_no(card) - rank_no(top)) == 1


def cards_each(n: int) -> int:
    return (len(DECK) - MUGGINS_CARDS[n]) // n


def left_pile(deal: Deal, seat: int, rule: str) -> int | None:
    """The discard pile ``seat`` may play on besides the muggins piles (see ``left_pile``)."""
    n = len(deal.discards)
    if rule == "neighbour":
        neighbour = next_seat(seat, n)
        return neighbour if deal.discards[neighbour] else None
    for other in seats_from(next_seat(seat, n), n):
        if other != seat and deal.discards[other]:
            return other
    return None


def correct_targets(deal: Deal, seat: int, card: Card, rule: str) -> tuple[str, ...]:
    """Where the rules send ``card`` turned by ``seat``: a muggins pile it fits (any of them),
    else the discard pile to the left if it fits, else the player's own discard pile."""
    onto = tuple(f"m{i}" for i, pile in enumerate(deal.muggins) if fits(card, pile[-1]))
    if onto:
        return onto
    left = left_pile(deal, seat, rule)
    if left is not None and fits(card, deal.discards[left][-1]):
        return (f"d{left}",)
    return (f"d{seat}",)


def tops(deal: Deal) -> dict[str, Card]:
    """The top card of every pile face up, by target key."""
    out = {f"m{i}": pile[-1] for i, pile in enumerate(deal.muggins)}
    out.update({f"d{s}": pile[-1] for s, pile in enumerate(deal.discards) if pile})
    return out


def face_up(deal: Deal) -> tuple[Card, ...]:
    return tuple(c for pile in deal.muggins + deal.discards for c in pile)


def known_in_draws(deal: Deal) -> dict[Card, int]:
    """Cards the app knows to lie face down, and in whose draw pile."""
    return {c: seat for seat, draw in enumerate(deal.draws) for bag in draw for c in bag.known}


def unseen(deal: Deal) -> tuple[Card, ...]:
    """Cards whose place the app does not know: somewhere in the unknown parts of the draw
    piles (as many as there are unknown cards there)."""
    located = set(face_up(deal)) | set(known_in_draws(deal))
    return tuple(c for c in DECK.cards if c not in located)


def possible_tops(deal: Deal, seat: int) -> tuple[Card, ...]:
    """The cards that can be on top of ``seat``'s draw pile now."""
    if not deal.draws[seat]:
        return deal.discards[seat][:1]  # turned over: the first card laid comes up
    top = deal.draws[seat][0]
    return top.known + (unseen(deal) if top.unknown else ())


def cards_held(deal: Deal, seat: int) -> int:
    return sum(b.size for b in deal.draws[seat]) + len(deal.discards[seat])


# --- small helpers -----------------------------------------------------------------------------
def _violation(code: str, rule: str, params: dict[str, Any], sv: str, en: str) -> RuleViolation:
    return RuleViolation(code, rule=rule, params=params, sv=sv, en=en)


def _name(state: State, seat: int) -> str:
    return state.players[seat]


def _pile_name(state: State, key: str, lang: str) -> str:
    if key.startswith("m"):
        return (f"muggins-hög {int(key[1:]) + 1}" if lang == "sv"
                else f"muggins pile {int(key[1:]) + 1}")
    seat = int(key[1:])
    return (f"{_name(state, seat)}s kasthög" if lang == "sv"
            else f"{_name(state, seat)}'s discard pile")


def _where_sv_en(state: State, deal: Deal, keys: tuple[str, ...]) -> tuple[str, str]:
    top = tops(deal)

    def one(key: str, lang: str) -> str:
        name = _pile_name(state, key, lang)
        return f"{name} ({top[key]})" if key in top else name

    return (" eller ".join(one(k, "sv") for k in keys), " or ".join(one(k, "en") for k in keys))


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


def _new_deal(state: State) -> Deal:
    n = state.n
    forehand = next_seat(state.dealer, n)
    return Deal(number=state.deals_played + 1, dealer=state.dealer, forehand=forehand,
                muggins=(), discards=((),) * n,
                draws=tuple((Bag((), cards_each(n)),) for _ in range(n)), turn=forehand)


def _on_deal(state: State, event: dict[str, Any]) -> State:
    if state.phase != "deal":
        raise _refuse_phase(state, "deal")
    cards: tuple[Card, ...] = event["muggins"]
    want = MUGGINS_CARDS[state.n]
    if len(cards) != want:
        raise _violation(
            "muggins_count", R_DEAL, {"cards": len(cards), "expected": want},
            f"Med {state.n} spelare läggs {want} muggins-kort upp, inte {len(cards)}.",
            f"With {state.n} players {want} muggins cards are laid out, not {len(cards)}.")
    if len(set(cards)) != len(cards):
        raise _violation("same_card_twice", R_DEAL, {"cards": [str(c) for c in cards]},
                         "Samma kort kan inte ligga två gånger.",
                         "The same card cannot lie out twice.")
    deal = replace(_new_deal(state), muggins=tuple((c,) for c in cards))
    return replace(state, phase="play", deal=deal)


def _resolve_target(state: State, deal: Deal, seat: int, card: Card,
                    event: dict[str, Any]) -> str:
    """The pile the card went on: named by its top card (``on``), one's own (``own``), or,
    when neither is given, the one the rules send it to."""
    own_key = f"d{seat}"
    on = event.get("on")
    if on is not None:
        keys = [k for k, top in tops(deal).items() if top == on]
        if not keys:
            raise _violation(
                "no_such_pile", R_PLAY, {"on": str(on)},
                f"{on} ligger inte överst i någon hög.", f"{on} is not on top of any pile.")
        if event.get("own") and keys[0] != own_key:
            raise _violation(
                "no_such_pile", R_PLAY, {"on": str(on)},
                f"{on} ligger inte överst i {_name(state, seat)}s egen kasthög.",
                f"{on} is not on top of {_name(state, seat)}'s own discard pile.")
        return keys[0]
    if event.get("own"):
        return own_key
    correct = correct_targets(deal, seat, card, state.options.left_pile)
    if len(correct) > 1:
        sv, en = _where_sv_en(state, deal, correct)
        raise _violation(
            "which_pile", R_PLAY, {"card": str(card), "piles": [str(tops(deal)[k])
                                                                for k in correct]},
            f"{card} passar på {sv}: ange vilken (”on”).",
            f"{card} fits on {en}: say which (“on”).")
    return correct[0]


def _take_from_draw(state: State, deal: Deal, seat: int, card: Card) -> tuple[Bag, ...]:
    """``seat``'s draw pile after ``card`` was turned from its top; refuse a card that
    cannot be there."""
    draw = deal.draws[seat]
    top = draw[0]
    if card in top.known:
        known = list(top.known)
        known.remove(card)
        rest = Bag(tuple(known), top.unknown)
    elif top.unknown and card in unseen(deal):
        rest = Bag(top.known, top.unknown - 1)
    else:
        raise _not_top(state, deal, seat, card)
    return ((rest,) if rest.size else ()) + draw[1:]


def _not_top(state: State, deal: Deal, seat: int, card: Card) -> RuleViolation:
    name = _name(state, seat)
    params: dict[str, Any] = {"card": str(card), "seat": seat}
    for key, pile in [(f"m{i}", p) for i, p in enumerate(deal.muggins)] + [
            (f"d{s}", p) for s, p in enumerate(deal.discards)]:
        if card in pile:
            params["where"] = key
            return _violation(
                "card_elsewhere", R_PLAY, params,
                f"{card} ligger redan i {_pile_name(state, key, 'sv')}.",
                f"{card} already lies in {_pile_name(state, key, 'en')}.")
    holder = known_in_draws(deal).get(card)
    if holder is not None and holder != seat:
        params["where"] = f"draw{holder}"
        return _violation(
            "card_elsewhere", R_WIN, params,
            f"{card} ligger i {_name(state, holder)}s draghög (en vänd kasthög eller ett "
            "straffkort).",
            f"{card} lies in {_name(state, holder)}'s draw pile (a discard pile turned over "
            "or a penalty card).")
    could = possible_tops(deal, seat)
    params["could_be"] = [str(c) for c in could]
    listed = " ".join(str(c) for c in could)
    return _violation(
        "not_top_card", R_WIN, params,
        f"{card} kan inte ligga överst i {name}s draghög: där ligger {listed} (kasthögen "
        "vändes utan att blandas).",
        f"{card} cannot be on top of {name}'s draw pile: {listed} lies there (the discard "
        "pile was turned over unshuffled).")


def _on_play(state: State, event: dict[str, Any]) -> State:
    if state.phase != "play":
        raise _refuse_phase(state, "play")
    deal = state.deal
    assert deal is not None
    seat, card = event["seat"], event["card"]
    if seat != deal.turn:
        raise _violation(
            "not_your_turn", R_PLAY, {"seat": seat, "expected_seat": deal.turn},
            f"Det är {_name(state, deal.turn)}s tur att vända, inte {_name(state, seat)}s.",
            f"It is {_name(state, deal.turn)}'s turn to turn a card, not "
            f"{_name(state, seat)}'s.")
    deal = _turn_over_if_empty(deal, seat)
    draws = _take_from_draw(state, deal, seat, card)
    target = _resolve_target(state, deal, seat, card, event)
    correct = correct_targets(deal, seat, card, state.options.left_pile)
    placement = Placement(len(deal.placements) + 1, seat, card, target, correct)
    if placement.wrong and state.options.wrong_placement == "refuse":
        sv, en = _where_sv_en(state, deal, correct)
        raise _violation(
            "wrong_pile", R_PLAY, {"card": str(card), "target": target, "correct": list(correct)},
            f"{card} ska inte på {_pile_name(state, target, 'sv')}: det hör hemma på {sv} "
            "(muggins-hög först, sedan kasthögen till vänster, sist den egna).",
            f"{card} does not go on {_pile_name(state, target, 'en')}: it belongs on {en} "
            "(a muggins pile first, then the discard pile to the left, last one's own).")
    if target.startswith("m"):
        index = int(target[1:])
        muggins = deal.muggins[:index] + (deal.muggins[index] + (card,),) \
            + deal.muggins[index + 1:]
        deal = replace(deal, muggins=muggins)
    else:
        owner = int(target[1:])
        discards = tuple(p + (card,) if s == owner else p for s, p in enumerate(deal.discards))
        deal = replace(deal, discards=discards)
    deal = replace(deal, draws=deal.draws[:seat] + (draws,) + deal.draws[seat + 1:],
                   placements=deal.placements + (placement,),
                   open_call=placement if placement.wrong else None)
    own = target == f"d{seat}"
    if own or state.options.turn_ends == "every_card":
        deal = replace(deal, turn=next_seat(seat, state.n))
    state = replace(state, deal=deal)
    if cards_held(deal, seat) == 0:
        return _finish_deal(state, seat)
    return state


def _turn_over_if_empty(deal: Deal, seat: int) -> Deal:
    """"Tar den egna draghögen slut vänder man på sin kasthög (utan att blanda den)": done
    when the owner next needs a card from their draw pile; the first card laid on the discard
    pile is the top of the new draw pile."""
    if deal.draws[seat] or not deal.discards[seat]:
        return deal
    draw = tuple(Bag((c,)) for c in deal.discards[seat])
    return replace(deal, draws=deal.draws[:seat] + (draw,) + deal.draws[seat + 1:],
                   discards=deal.discards[:seat] + ((),) + deal.discards[seat + 1:])


def _give_top(draw: tuple[Bag, ...]) -> tuple[Card | None, tuple[Bag, ...]]:
    """Take the top card of a draw pile unseen: the card if the app knows it is the top
    card, else ``None`` (unknown). From a stretch in unknown order the app cannot say which
    card went, so it forgets the known cards of that stretch instead of guessing."""
    top = draw[0]
    if top.size == 1:
        return (top.known[0] if top.known else None), draw[1:]
    rest = Bag((), top.size - 1)
    return None, (rest,) + draw[1:]


def _on_muggins(state: State, event: dict[str, Any]) -> State:
    deal = state.deal
    caller = event["caller"]
    if deal is None or (state.phase != "play" and deal.winner is None):
        raise _refuse_phase(state, "muggins")
    last = deal.placements[-1] if deal.placements else None
    if deal.open_call is None:
        if last is None or deal.calls and deal.calls[-1].move == last.move:
            sv, en = ("Inget kort att ropa på.", "No card to call on.") if last is None else (
                "Det kortet är redan ropat.", "That card has already been called.")
        else:
            where_sv, where_en = _pile_name(state, last.target, "sv"), _pile_name(
                state, last.target, "en")
            sv = f"Inte muggins: {last.card} hörde hemma på {where_sv}."
            en = f"Not muggins: {last.card} belonged on {where_en}."
        raise _violation("not_muggins", R_CALL,
                         {"card": str(last.card) if last else None}, sv, en)
    offender = deal.open_call.seat
    if caller == offender:
        raise _violation("caller_is_offender", R_CALL, {"seat": caller},
                         "Det är de andra som ropar muggins, inte den som lade fel.",
                         "Muggins is called by the others, not by the one who placed wrongly.")
    if deal.winner is not None:
        state = _unfinish(state)
        deal = state.deal
        assert deal is not None
    # Everyone turns an ended draw pile over first: the givers to give its top card, the
    # offender to put the penalty cards under it.
    for seat in range(state.n):
        deal = _turn_over_if_empty(deal, seat)
    draws = list(deal.draws)
    known: list[Card] = []
    unknown = 0
    for giver in seats_from(next_seat(offender, state.n), state.n):
        if giver == offender or not draws[giver]:
            continue
        card, draws[giver] = _give_top(draws[giver])
        if card is None:
            unknown += 1
        else:
            known.append(card)
    given = len(known) + unknown
    bottom = Bag(tuple(known), unknown)
    offender_draw = draws[offender]
    if offender_draw and not offender_draw[-1].known and not known:
        offender_draw = offender_draw[:-1] + (Bag((), offender_draw[-1].unknown + unknown),)
    else:
        offender_draw = offender_draw + (bottom,)
    draws[offender] = offender_draw
    deal = replace(deal, draws=tuple(draws))
    call = Call(deal.open_call.move, offender, caller, given)
    deal = replace(deal, open_call=None, calls=deal.calls + (call,))
    row = SheetRow(
        "muggins",
        f"Giv {deal.number}: muggins! {_name(state, offender)} lade {deal.placements[-1].card} "
        f"fel, ropat av {_name(state, caller)}; {given} straffkort",
        f"Deal {deal.number}: muggins! {_name(state, offender)} misplaced "
        f"{deal.placements[-1].card}, called by {_name(state, caller)}; {given} penalty cards",
        (None,) * state.n, state.totals, deal.number,
        tuple("muggins" if s == offender else "" for s in range(state.n)))
    state = replace(state, deal=deal, rows=state.rows + (row,))
    for giver in seats_from(next_seat(offender, state.n), state.n):
        if giver != offender and cards_held(deal, giver) == 0:
            return _finish_deal(state, giver)  # gave their last card: rid of all their cards
    return state


def _finish_deal(state: State, winner: int | None) -> State:
    """Close the deal: a row for its winner (none for a stopped deal); the deal passes."""
    deal = state.deal
    assert deal is not None
    deal = replace(deal, winner=winner)
    totals = tuple(t + (1 if s == winner else 0) for s, t in enumerate(state.totals))
    changes = tuple(1 if s == winner else None for s in range(state.n))
    if winner is None:
        row = SheetRow("stopped", f"Giv {deal.number}: avbruten utan vinnare",
                       f"Deal {deal.number}: stopped without a winner", changes, totals,
                       deal.number)
    else:
        rest_sv, rest_en = ((" (resten snabbinmatad)", " (the rest by quick entry)")
                            if deal.quick and deal.placements else ("", ""))
        row = SheetRow("deal", f"Giv {deal.number}: {_name(state, winner)} vann{rest_sv}",
                       f"Deal {deal.number}: {_name(state, winner)} won{rest_en}", changes,
                       totals, deal.number)
    played = state.deals_played + 1
    over = state.options.deals > 0 and played >= state.options.deals
    return replace(state, deal=deal, totals=totals, rows=state.rows + (row,),
                   deals_played=played, phase="over" if over else "deal",
                   dealer=state.dealer if over else next_seat(state.dealer, state.n))


def _unfinish(state: State) -> State:
    """Take back a win made by a wrong last placement that is now called (see the module
    docstring): the deal row goes, the deal goes on."""
    deal = state.deal
    assert deal is not None and state.rows[-1].kind == "deal"
    return replace(state, deal=replace(deal, winner=None), rows=state.rows[:-1],
                   totals=state.rows[-2].totals, deals_played=state.deals_played - 1,
                   phase="play", dealer=deal.dealer)


def _on_result(state: State, event: dict[str, Any]) -> State:
    """Quick entry of a deal's winner: the whole deal, or the rest of one entered card by
    card (the call window of a wrong placement closes, as when the next card is turned)."""
    if state.phase == "play":
        assert state.deal is not None
        deal = replace(state.deal, quick=True, open_call=None)
        return _finish_deal(replace(state, deal=deal), event["winner"])
    if state.phase != "deal":
        raise _refuse_phase(state, "result")
    deal = replace(_new_deal(state), quick=True)
    return _finish_deal(replace(state, phase="play", deal=deal), event["winner"])


def _on_stop(state: State, event: dict[str, Any]) -> State:
    if state.phase != "play":
        raise _refuse_phase(state, "stop")
    return _finish_deal(replace(state, deal=replace(state.deal, open_call=None)), None)


_HANDLERS = {"deal": _on_deal, "play": _on_play, "muggins": _on_muggins,
             "result": _on_result, "stop": _on_stop}


# --- what comes next -------------------------------------------------------------------------
def _call_input(state: State) -> tuple[Expectation, ...]:
    deal = state.deal
    if deal is None or deal.open_call is None:
        return ()
    callers = [s for s in range(state.n) if s != deal.open_call.seat]
    return (Expectation("muggins", fields={"caller": callers}),)


def expected(state: State) -> Expected:
    if state.phase == "over":
        calls = _call_input(state)
        return Expected("over", "Partiet är slut." + (" Muggins kan ropas." if calls else ""),
                        "The match is over." + (" Muggins may be called." if calls else ""),
                        None, calls)
    if state.phase == "deal":
        dealer = _name(state, state.dealer)
        count = MUGGINS_CARDS[state.n]
        return Expected(
            "deal", f"{dealer} lägger upp {count} muggins-kort och delar ut resten.",
            f"{dealer} lays out {count} muggins cards and deals the rest.", state.dealer,
            (Expectation("deal", state.dealer, fields={"count": count}),
             Expectation("result")) + _call_input(state))
    deal = state.deal
    assert deal is not None
    seat = deal.turn
    top = tops(deal)
    hints = {"card": [str(c) for c in possible_tops(deal, seat)],
             "on": [str(c) for c in top.values()],
             "played": [str(c) for c in face_up(deal)]}
    name = _name(state, seat)
    return Expected(
        "play", f"{name} vänder översta kortet i sin draghög.",
        f"{name} turns the top card of their draw pile.", seat,
        (Expectation("play", seat, fields=hints),) + _call_input(state)
        + (Expectation("result"), Expectation("stop")))


# --- reading the state -----------------------------------------------------------------------
def is_over(state: State) -> bool:
    return state.phase == "over"


def _leaders(state: State) -> tuple[int, ...]:
    best = max(state.totals)
    return tuple(s for s, t in enumerate(state.totals) if t == best)


def sheet(state: State) -> Sheet:
    over = state.phase == "over"
    leaders = _leaders(state)
    return Sheet(players=state.players, rows=state.rows, totals=state.totals,
                 next_dealer=None if over else state.dealer,
                 winner=leaders[0] if over and len(leaders) == 1 else None,
                 notes={"counts": "deals won", "deals": state.options.deals,
                        "deals_played": state.deals_played})


def result(state: State) -> dict[str, Any] | None:
    if state.phase != "over":
        return None
    leaders = _leaders(state)
    return {"winner": leaders[0] if len(leaders) == 1 else None, "winners": list(leaders),
            "totals": list(state.totals)}


def findings(state: State) -> tuple:
    """Muggins has nothing to prove later: every card is seen when it is turned."""
    return ()


def _bag_json(bag: Bag) -> dict[str, Any]:
    return {"known": [str(c) for c in bag.known], "unknown": bag.unknown}


def describe(state: State) -> dict[str, Any]:
    deal = state.deal
    out: dict[str, Any] = {
        "phase": state.phase, "dealer": state.dealer, "totals": list(state.totals),
        "deals_played": state.deals_played, "deal": None,
    }
    if deal is not None:
        out["deal"] = {
            "number": deal.number, "dealer": deal.dealer, "forehand": deal.forehand,
            "turn": deal.turn if state.phase == "play" else None,
            "muggins": [[str(c) for c in pile] for pile in deal.muggins],
            "discards": [[str(c) for c in pile] for pile in deal.discards],
            "draw": [sum(b.size for b in draw) for draw in deal.draws],
            "draw_known": [[_bag_json(b) for b in draw] for draw in deal.draws],
            "held": [cards_held(deal, s) for s in range(state.n)],
            "last": None if not deal.placements else {
                "move": deal.placements[-1].move, "seat": deal.placements[-1].seat,
                "card": str(deal.placements[-1].card), "target": deal.placements[-1].target,
                "wrong": deal.placements[-1].wrong},
            "open_call": deal.open_call is not None,
            "calls": [{"move": c.move, "offender": c.offender, "caller": c.caller,
                       "given": c.given} for c in deal.calls],
            "winner": deal.winner, "quick": deal.quick,
        }
    return out
