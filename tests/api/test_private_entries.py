"""Private entries through the API: every kind of reader × every kind of private entry ×
every read path, as a search for the cards' text in the raw answers (issue 13).

A *case* is one private entry in a scripted deal: the game, the script of events (made with
the engine and a fixed seed), which entry is the secret, whose seat it belongs to, and which
of the seat's cards are searched for. A new game is one more line in ``CASES``. Every kind of
private entry the games declare (``PRIVATE``) has a case: the 800 family's discards and hands
(800, 1000, 150, Fjabbe), Norrandsknack's cards laid away when buying, and the hand a player
enters in every trick game that has one. A script plays its whole deal through the engine;
the hand games share ``_hand_deal``: the secret hand first, then the others' but the seat on
turn's, whose play of a secret card is the probe (refused for that private card).

The cards searched for are those the table does not show anyway: some inputs of
``expected`` offer cards (``fields.card``/``cards``: in most trick games every card not yet
seen), and so name secret cards too; they are compared as lists instead (the same for every
reader who may not see the hand: a list narrowed by it would tell the hand by what is
missing), and what else the table shows without the secret entry is left out of the search.
Schnapsen's won tricks under ``no_peeking`` are no entry: they have a test of their own.

Readers (``READERS``): a device sitting at the entry's seat since before it was posted
(``own``), a device at another seat (``other``), the scorer's device (``scorer``), the
phone that started the table while it holds no seat (``owner``), the table's director
(``director``, at a director's table), the join code (``code``), the spectator key
(``spectator``), and a device that sat down at the entry's seat after it was posted
(``late``: the hostile player who takes another's seat with the join code).

Read paths: ``GET /api/tables/{id}``, its log (``/events``), the protokoll as JSON and CSV,
the live stream, the replay (``/steps``, ``/at/{seq}``), the answers to posts (201, 409) and
refusals (422).
"""

from __future__ import annotations

import itertools
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any, Callable

import pytest

from rules_engine.cards import TAROT62, Card, parse_card
from rules_engine.games import snapphanaleden
from rules_engine.registry import get_game
from rules_engine.secrets import reveal
from rules_engine.table_log import TableSetup, apply_game_event
from tests.games import test_skitgubbe_playouts as skitgubbe_playouts
from tests.games.test_skitgubbe import two_unknown_table

NAMES = ("Anna", "Bo", "Cia", "Dan")
A, B, C, D = 0, 1, 2, 3
THREE, TWO = NAMES[:3], NAMES[:2]
CLIENT_IDS = itertools.count(1)


# --- the scripts ---------------------------------------------------------------------------------
def _800_deal(seed: int = 93, game: str = "800", hand: int = B) -> tuple[
        list[dict[str, Any]], dict[str, list[str]]]:
    """One whole deal of a game of the 800 family with Anna dealing: her discard (where the
    game has one: 800, 150), every hand (``hand``'s first: the secret), then every card,
    paying ⟨★⟩ where it falls due. Returns the events and the discards/hands by name."""
    variant = get_game(game).VARIANT
    n, size = variant.players, variant.hand_size
    stages = [dict(stage) for stage in variant.discard_stages]
    assert all(set(stage) == {"dealer"} for stage in stages), "one discard by the dealer"
    to_discard = sum(stage["dealer"] for stage in stages)
    rng = random.Random(seed)
    deck = list(TAROT62.cards)
    rng.shuffle(deck)
    hands = {seat: deck[size * i:size * i + size] for i, seat in enumerate(reversed(range(n)))}
    hands[A] += deck[n * size:n * size + to_discard]
    # Discards that can be searched for as text: suit cards, never a ⟨K⟩ (§1.2).
    discard = [c for c in hands[A] if c.suit in "♠♥♦♣" and c.rank != "K"][:to_discard]
    for c in discard:
        hands[A].remove(c)
    events = [{"type": "discard", "seat": A, "cards": [str(c) for c in discard]}] * bool(discard)
    events += [{"type": "hand", "seat": s, "cards": [str(c) for c in hands[s]]}
               for s in [hand] + [s for s in range(n) if s != hand]]
    _play_800_family(game, events, discard)
    secrets = {"discard": [str(c) for c in discard],
               "hand": [str(c) for c in hands[hand]]}
    return events, secrets


def _play_800_family(game: str, events: list[dict[str, Any]], discard: list[Card]) -> None:
    """Append to ``events`` (discards and every hand) the first deal played out: the first
    legal card, ⟨★⟩ paid with a won card rather than a discard."""
    module = get_game(game)
    setup = TableSetup(game, NAMES[:module.VARIANT.players], {}, A)
    state = setup.new_state()
    for event in events:
        state = apply_game_event(setup, state, event)
    while state.deal.number == 1:
        if state.phase == "exchange":
            choices = snapphanaleden.exchange_choices(module.VARIANT, state)
            won = [c for c in choices if c not in discard]
            event = {"type": "fjont", "card": str((won or list(choices))[0])}
        else:
            play = module.expected(state).inputs[0]
            event = {"type": "play", "seat": play.seat,
                     "card": play.fields["legal"]["cards"][0]}
        state = apply_game_event(setup, state, event)
        events.append(event)


def _1000_deal(seed: int = 93) -> Script:
    """1000, Anna dealing: 20 cards to Bo and 22 to her, ten discarded by each, the rest of
    the deck ten each and two more discarded by her; her hand first, then Bo's (he leads).
    The secrets: her first discard and her hand."""
    deck = list(TAROT62.cards)
    random.Random(seed).shuffle(deck)
    held = {B: deck[:20], A: deck[20:42]}

    def discard(seat: int, count: int) -> list[Card]:  # suit cards, never a ⟨K⟩ (§1.2)
        cards = [c for c in held[seat] if c.suit in "♠♥♦♣" and c.rank != "K"][:count]
        assert len(cards) == count, "another seed"
        for c in cards:
            held[seat].remove(c)
        return cards

    first = {B: discard(B, 10), A: discard(A, 10)}
    held[B] += deck[42:52]
    held[A] += deck[52:]
    second = discard(A, 2)
    events = [{"type": "discard", "seat": s, "cards": [str(c) for c in cards]}
              for s, cards in ((B, first[B]), (A, first[A]), (A, second))]
    events += [{"type": "hand", "seat": s, "cards": [str(c) for c in held[s]]} for s in (A, B)]
    _play_800_family("1000", events, first[A] + first[B] + second)
    return events, {"discard": [str(c) for c in first[A]],
                    "hand": [str(c) for c in held[A]]}


Script = tuple[list[dict[str, Any]], dict[str, list[str]]]
Decide = Callable[[Any, list[Any]], dict[str, Any]]


def _first_legal(inputs: list[Any]) -> dict[str, Any] | None:
    """The first legal card of the first play expected, when the hand of the seat on turn
    is entered (``expected`` then lists its legal cards, sealed for the seat); Bräus's
    leader lays down the sevens it lists."""
    for expectation in inputs:
        legal = expectation.fields.get("legal")
        if legal is None:
            continue
        if expectation.type == "sevens":
            return {"type": "sevens", "seat": expectation.seat, "cards": legal["cards"]}
        if expectation.type == "play" and legal["cards"]:
            return {"type": "play", "seat": expectation.seat, "card": legal["cards"][0]}
    return None


def _hand_deal(game: str, players: tuple[str, ...],
               before: list[dict[str, Any]] | Callable[[list[Card]], list[dict[str, Any]]],
               dealt: Callable[[Any, list[Card]], dict[int, list[Card]]], secret: int,
               probe: int, decide: Decide | None = None, seed: int = 1,
               dealer: int = A) -> Script:
    """One whole deal of a game where a player enters his hand: the events ``before`` the
    hands (deal, bids, ...), then ``secret``'s hand (the private entry), every other seat's
    hand but ``probe``'s (the checkpoint: ``probe`` is on turn and has no hand entered, so
    his play of one of ``secret``'s cards is refused for that private card), then
    ``probe``'s hand and the deal played out: the first legal card ``expected`` lists, and
    ``decide`` for anything else (bids, passes, ...). ``dealt`` gives each seat's cards held
    at the checkpoint from a deck shuffled with ``seed`` (``before`` may depend on it: the
    trump card turned up)."""
    setup = TableSetup(game, players, {}, dealer)
    module = setup.module
    state = setup.new_state()
    events: list[dict[str, Any]] = []

    def post(event: dict[str, Any]) -> None:
        nonlocal state
        state = apply_game_event(setup, state, event)
        events.append(event)

    deck = list(module.DECK.cards)
    random.Random(seed).shuffle(deck)
    for event in before(deck) if callable(before) else before:
        post(event)
    hands = dealt(state, deck)
    order = [secret] + [s for s in sorted(hands) if s not in (secret, probe)] + [probe]
    entries = [{"type": "hand", "seat": seat, "cards": [str(c) for c in hands[seat]]}
               for seat in order]
    # What the table shows at the checkpoint without the secret hand (the legal 7s of fan
    # tan, every card of Skitgubbe's talon, ...): the cards searched for are the rest.
    without = state
    for event in entries[1:-1]:
        without = apply_game_event(setup, without, event)
    shown = _public_text(module, without)
    offered = offers(reveal(module.expected(without).as_dict(), lambda _seat: False))
    for event in entries:
        post(event)
    number = module.deal_in_progress(state)
    assert number is not None
    while module.deal_in_progress(state) == number:
        inputs = list(module.expected(state).inputs)
        event = _first_legal(inputs)
        if event is None:
            assert decide is not None, (game, inputs[:2])
            event = decide(state, inputs)
        post(event)
    hand = [str(c) for c in hands[secret]]
    search = [c for c in hand if not mentions(shown, c)]
    # The probe: a card ``probe`` could play now (the table offers it) but for its being
    # in the secret hand; else any card of that hand.
    return events, {"hand": hand, "search": search, "offers": offered,
                    "probe": next((c for c in hand
                                   if c in offered.get(f"play:{probe}:card", ())),
                                  search[0])}


def _public_text(module: Any, state: Any) -> str:
    """The state and ``expected`` as a reader who may see no seat's secrets gets them,
    without the cards offered (see ``without_offers``)."""
    value = {"state": module.describe(state), "expected": module.expected(state).as_dict()}
    value = without_offers(reveal(value, lambda _seat: False))
    return json.dumps(value, ensure_ascii=False, default=str)


def _split(deck: list[Card], sizes: dict[int, int]) -> dict[int, list[Card]]:
    out, at = {}, 0
    for seat, size in sizes.items():
        out[seat], at = deck[at:at + size], at + size
    return out


@dataclass(frozen=True)
class Case:
    """One kind of private entry: ``script()`` gives (events, cards of each secret)."""

    name: str
    game: str
    players: tuple[str, ...]
    script: Callable[[], tuple[list[dict[str, Any]], dict[str, list[str]]]]
    entry: int  # index of the private entry in the script
    seat: int  # whose it is
    secret: str  # key into the script's secrets
    checkpoint: int  # entries posted before the secrecy checks (none of the cards played)
    probe: dict[str, Any] = field(default_factory=dict)  # a play refused for a private card
    rule: str = "800 §1.4"  # the rule the probe's refusal cites
    dealer: int = A  # the table's first dealer


# The inputs besides a play that a scripted deal answers in the same way each time: a seat
# that cannot play passes (fan tan), the declarer asks and everyone joins (Rödskägg), ...
SIMPLE: dict[str, dict[str, Any]] = {"pass": {}, "ask": {}, "join": {"join": True},
                                     "exit_knock": {}}
SEATLESS = {"ask"}


def _simple(state: Any, inputs: list[Any]) -> dict[str, Any]:
    for expectation in inputs:
        if expectation.type in SIMPLE:
            event = {"type": expectation.type, **SIMPLE[expectation.type]}
            if expectation.seat is not None and expectation.type not in SEATLESS:
                event["seat"] = expectation.seat
            return event
    raise AssertionError(f"the script does not answer {inputs}")


def _fan_tan_deal() -> Script:
    """Fan tan, four players, Anna dealing: Bo (forehand, on turn) has no hand entered at
    the checkpoint; Cia's hand is the secret."""
    return _hand_deal("fan_tan", NAMES, [{"type": "deal"}],
                      lambda state, deck: _split(deck, dict(enumerate(state.deal.counts))),
                      secret=C, probe=B, decide=_simple)


def _rodskagg_deal() -> Script:
    """Rödskägg, four players, Anna dealing: Bo bids 2, the others sneak (smyga); Bo
    leads the first trick without a hand entered; Cia's hand is the secret."""
    bids = [{"type": "deal"}, {"type": "bid", "seat": B, "bid": 2}]
    bids += [{"type": "bid", "seat": s, "bid": "smyga"} for s in (C, D, A)]
    return _hand_deal("rodskagg", NAMES, bids,
                      lambda state, deck: _split(deck, {s: 6 for s in range(4)}),
                      secret=C, probe=B, decide=_simple)



def _braus_deal() -> Script:
    """Bräus, four players, Anna dealing: Bo leads (his sevens first) and has no hand entered
    at the checkpoint; Cia's hand is the secret."""
    return _hand_deal("braus", NAMES, [{"type": "deal"}],
                      lambda state, deck: _split(deck, {s: 9 for s in range(4)}),
                      secret=C, probe=B, decide=_simple)


def _norrandsknack_deal() -> Script:
    """Norrandsknack, three players, Anna dealing (six cards, the last turned for trump):
    Bo knocks, lays away two cards and names them (the private ``buy``), draws two; Cia
    stands pat; Anna lays one away unnamed. Bo leads without a hand entered; Cia's hand is
    the secret ``hand``."""
    deck = list(get_game("norrandsknack").DECK.cards)
    random.Random(1).shuffle(deck)
    laid = [str(c) for c in deck[6:8]]
    before = [{"type": "deal", "trump_card": str(deck[5])},
              {"type": "bid", "seat": B, "bid": "knacka"},
              {"type": "buy", "seat": B, "discard": 2, "cards": laid},
              {"type": "buy", "seat": C, "discard": 0}, {"type": "buy", "seat": A, "discard": 1}]
    hands = {A: deck[1:6], B: deck[8:11] + deck[16:18], C: deck[11:16]}
    events, secrets = _hand_deal("norrandsknack", THREE, before, lambda _s, _d: hands,
                                 secret=C, probe=B, decide=_simple)
    return events, {**secrets, "buy": laid}


def _norrandsknack_buy() -> Script:
    """The same deal with Bo's laid-away cards as the secret: Bo's play of one is refused
    because he laid it away (never played: the log is the only place they can be)."""
    events, secrets = _norrandsknack_deal()
    return events, {"buy": secrets["buy"], "probe": secrets["buy"][0]}


def _schnapsen_deal(game: str = "schnapsen", each: int = 5) -> Script:
    """Schnapsen (or Sixty-six, six cards each), Anna dealing: the card after the two hands
    turned for trump; Bo closes the talon at once (a hand may be entered only then) and
    leads without a hand entered; Anna's hand is the secret."""
    return _hand_deal(game, TWO, lambda deck: [{"type": "deal", "trump": str(deck[2 * each])},
                                               {"type": "close", "seat": B}],
                      lambda state, deck: {A: deck[:each], B: deck[each:2 * each]},
                      secret=A, probe=B)


def _schnapsen4_deal() -> Script:
    """Schnapsen for four, Anna dealing: Dan calls a card of Bo's hand for partner and
    leads without a hand entered; Cia's hand is the secret (hands may be entered at once:
    nobody draws)."""
    return _hand_deal("schnapsen4", NAMES,
                      lambda deck: [{"type": "call", "seat": D, "card": str(deck[6])}],
                      lambda state, deck: _split(deck, {s: 6 for s in range(4)}),
                      secret=C, probe=D)


def _skitgubbe_move(state: Any, inputs: list[Any]) -> dict[str, Any]:
    """Skitgubbe's second phase with every hand known: the lowest card that beats the top
    of the table (or the lowest at all on an empty table), else pick up (supa)."""
    game = state.game
    seat = game.turn
    hand = sorted(game.known(seat), key=skitgubbe_playouts.rank)
    assert len(hand) == game.count(seat)
    if game.table:
        hand = [c for c in hand
                if skitgubbe_playouts.beats_top(c, game.table, game.trump, hand)]
        if not hand:
            return {"type": "supa", "seat": seat}
    return {"type": "play", "seat": seat, "card": str(hand[0])}


def _skitgubbe_deal() -> Script:
    """Skitgubbe, from ``two_unknown_table`` of its own tests: phase one leaves Anna one
    card nobody knows, Cia two (the secret: her hand, entered in phase two) and Bo four
    known ones; Anna leads phase two without her hand entered at the checkpoint."""
    table = two_unknown_table("♣5", "♦3 ♠7", "♣2 ♦9 ♥A ♥2")
    assert (table.setup.players, table.setup.first_dealer) == (THREE, C)
    before = [{k: (" ".join(map(str, v)) if isinstance(v, (list, tuple))
                   else str(v) if k == "card" else v) for k, v in entry.event.items()}
              for entry in table.entries]
    anna = list(table.state.game.known(A)) + [parse_card("♣5")]
    return _hand_deal("skitgubbe", THREE, before,
                      lambda state, deck: {A: anna, C: [parse_card("♦3"), parse_card("♠7")]},
                      secret=C, probe=A, decide=_skitgubbe_move, dealer=C)


def _thirteen_each(state: Any, deck: list[Card]) -> dict[int, list[Card]]:
    return _split(deck, {s: 13 for s in range(4)})


def _fyrtioett_deal() -> Script:
    """Fyrtioett, Anna dealing: everyone bids 3 from Dan, who leads; Bo's hand is the
    secret."""
    bids = [{"type": "bid", "seat": s, "bid": 3} for s in (D, C, B, A)]
    return _hand_deal("fyrtioett", NAMES, bids, _thirteen_each, secret=B, probe=D,
                      decide=_simple)


def _whist_deal(game: str = "whist") -> Script:
    """A game of the whist family (short whist by default), Anna dealing: her last card
    turned up for trump (Sattrumf: trump is fixed, nothing turned); Bo leads; Cia's hand is
    the secret."""
    turned = [] if game == "sattrumf" else ["trump"]
    return _hand_deal(game, NAMES, lambda deck: [{"type": t, "card": str(deck[12])}
                                                 for t in turned],
                      _thirteen_each, secret=C, probe=B, decide=_simple)


def _whist_variant(game: str) -> Case:
    return Case(f"{game} hand", game, NAMES, lambda: _whist_deal(game),
                entry=0 if game == "sattrumf" else 1, seat=C, secret="hand",
                checkpoint=3 if game == "sattrumf" else 4, probe={"type": "play", "seat": B},
                rule="Whist — Spelet")


def _priffe_deal() -> Script:
    """Priffe, Anna dealing: everyone passes from Bo, who leads; Cia's hand is the
    secret."""
    bids = [{"type": "bid", "seat": s, "bid": "pass"} for s in (B, C, D, A)]
    return _hand_deal("priffe", NAMES, bids, _thirteen_each, secret=C, probe=B,
                      decide=_simple)


CASES = [
    Case("800 discard", "800", NAMES, _800_deal, entry=0, seat=A, secret="discard",
         checkpoint=2, probe={"type": "play", "seat": D}),
    Case("800 hand", "800", NAMES, _800_deal, entry=1, seat=B, secret="hand",
         checkpoint=2, probe={"type": "play", "seat": D}),
    # 150: Bo leads; his hand is entered after the checkpoint, Anna's is the secret.
    Case("150 discard", "150", TWO, lambda: _800_deal(game="150", hand=A), entry=0, seat=A,
         secret="discard", checkpoint=2, probe={"type": "play", "seat": B}),
    Case("150 hand", "150", TWO, lambda: _800_deal(game="150", hand=A), entry=1, seat=A,
         secret="hand", checkpoint=2, probe={"type": "play", "seat": B}),
    Case("1000 discard", "1000", TWO, _1000_deal, entry=1, seat=A, secret="discard",
         checkpoint=3, probe={"type": "play", "seat": B}),
    Case("1000 hand", "1000", TWO, _1000_deal, entry=3, seat=A, secret="hand",
         checkpoint=4, probe={"type": "play", "seat": B}),
    Case("fjabbe hand", "fjabbe", NAMES, lambda: _800_deal(game="fjabbe"), entry=0, seat=B,
         secret="hand", checkpoint=1, probe={"type": "play", "seat": D}),
    Case("fan tan hand", "fan_tan", NAMES, _fan_tan_deal, entry=1, seat=C, secret="hand",
         checkpoint=4, probe={"type": "play", "seat": B}, rule="Fan tan — Spelet"),
    Case("rodskagg hand", "rodskagg", NAMES, _rodskagg_deal, entry=5, seat=C, secret="hand",
         checkpoint=8, probe={"type": "play", "seat": B}, rule="Rödskägg — Spelet"),
    Case("braus hand", "braus", NAMES, _braus_deal, entry=1, seat=C, secret="hand",
         checkpoint=4, probe={"type": "play", "seat": B}, rule="Bräus — Spelet"),
    Case("norrandsknack hand", "norrandsknack", THREE, _norrandsknack_deal, entry=5, seat=C,
         secret="hand", checkpoint=7, probe={"type": "play", "seat": B},
         rule="Norrandsknack — Spelet av korten"),
    Case("norrandsknack buy", "norrandsknack", THREE, _norrandsknack_buy, entry=2, seat=B,
         secret="buy", checkpoint=7, probe={"type": "play", "seat": B},
         rule="Norrandsknack — Spelet av korten"),
    Case("schnapsen hand", "schnapsen", TWO, _schnapsen_deal, entry=2, seat=A,
         secret="hand", checkpoint=3, probe={"type": "play", "seat": B},
         rule="Schnapsen — Sticken"),
    Case("skitgubbe hand", "skitgubbe", THREE, _skitgubbe_deal, entry=49, seat=C,
         secret="hand", checkpoint=50, probe={"type": "play", "seat": A},
         rule="Skitgubbe — Andra fasen", dealer=C),
    Case("sixtysix hand", "sixtysix", TWO, lambda: _schnapsen_deal("sixtysix", 6), entry=2,
         seat=A, secret="hand", checkpoint=3, probe={"type": "play", "seat": B},
         rule="Schnapsen — Sticken"),
    Case("schnapsen4 hand", "schnapsen4", NAMES, _schnapsen4_deal, entry=1, seat=C,
         secret="hand", checkpoint=4, probe={"type": "play", "seat": D},
         rule="Schnapsen för fyra — Sticken"),
    Case("fyrtioett hand", "fyrtioett", NAMES, _fyrtioett_deal, entry=4, seat=B,
         secret="hand", checkpoint=7, probe={"type": "play", "seat": D},
         rule="Fyrtioett — Spelet"),
    Case("whist hand", "whist", NAMES, _whist_deal, entry=1, seat=C, secret="hand",
         checkpoint=4, probe={"type": "play", "seat": B}, rule="Whist — Spelet"),
    Case("priffe hand", "priffe", NAMES, _priffe_deal, entry=4, seat=C, secret="hand",
         checkpoint=7, probe={"type": "play", "seat": B}, rule="Priffe — Spelet"),
    *(_whist_variant(game) for game in ("long_whist", "american_whist", "sattrumf",
                                        "whist_a_la_guerre")),
]


# --- reading ---------------------------------------------------------------------------------------
def searchable(cards: list[str]) -> list[str]:
    """The cards whose text can be searched for unambiguously (suit symbol + rank)."""
    return [c for c in cards if c[0] in "♠♥♦♣"]


def mentions(text: str, card: str) -> bool:
    return re.search(re.escape(card) + r"(?![0-9A-ZÆ])", text) is not None


OFFER_FIELDS = ("card", "cards")


def offers(expected: dict[str, Any]) -> dict[str, list[str]]:
    """The cards each input of ``expected`` offers (``fields.card``, ``fields.cards``), by
    "type:seat:field".

    In most trick games the offer is every card not yet played or shown (fan tan: the
    cards that fit the layout): it names the secret cards too, but depends on no entered
    hand, so it must be the same for every reader (a list narrowed by a hidden hand would
    tell that hand by what is missing)."""
    return {f"{i['type']}:{i['seat']}:{k}": v for i in expected["inputs"]
            for k, v in i["fields"].items() if k in OFFER_FIELDS and isinstance(v, list)}


def without_offers(value: Any) -> Any:
    """``value`` (an answer's JSON) without the cards offered (``offers``): they are
    compared as lists, not searched as text."""
    if isinstance(value, dict):
        out = {k: without_offers(v) for k, v in value.items()}
        if isinstance(out.get("inputs"), list):
            out["inputs"] = [{**i, "fields": {k: v for k, v in i["fields"].items()
                                              if not (k in OFFER_FIELDS
                                                      and isinstance(v, list))}}
                             if isinstance(i, dict) and isinstance(i.get("fields"), dict)
                             else i for i in out["inputs"]]
        return out
    if isinstance(value, list):
        return [without_offers(v) for v in value]
    return value


def texts(response) -> list[str]:
    """The raw body, or for JSON the same decoded (a raw body may escape ♠ as \\u2660),
    without the cards offered."""
    if response.is_json:
        return [json.dumps(without_offers(response.get_json()), ensure_ascii=False)]
    return [response.get_data(as_text=True)]


def leaked(responses: dict[str, Any], cards: list[str]) -> list[tuple[str, str]]:
    return [(path, card) for path, response in responses.items()
            for text in texts(response) for card in cards if mentions(text, card)]


class Reader:
    def __init__(self, name: str, headers: dict[str, str], writes: bool,
                 device_id: str | None = None):
        self.name, self.headers, self.writes, self.device_id = (name, headers, writes,
                                                                device_id)


class Scene:
    """A table of a case, its readers, and the script posted up to a point."""

    def __init__(self, client, app, case: Case, kind: str, opens: bool):
        self.client, self.case, self.kind = client, case, kind
        # One phone posts a whole deal at once here, faster than any table could.
        app.config.update(STREAM_SECONDS=0.05, STREAM_POLL_SECONDS=0.01, WRITE_RATE_LIMIT=0)
        self.events, secrets = case.script()
        self.secret = secrets[case.secret]
        # The secret's cards searched for in the answers: those the table does not show
        # anyway (the script says which, else every card that can be searched for).
        self.search = searchable(secrets.get("search", self.secret))
        self.probe_card = secrets.get("probe", self.search[0])
        self.secrets = secrets
        self.offers = secrets.get("offers")
        body = {"game": case.game, "players": list(case.players),
                "first_dealer": case.dealer, "open_private_after_deal": opens}
        headers = {}
        if kind == "director":
            director = client.post("/api/directors", json={"name": "Domaren"}).json
            headers = {"Authorization": f"Bearer {director['token']}"}
        created = client.post("/api/tables", json=body, headers=headers)
        assert created.status_code == 201, created.json
        self.id = created.json["id"]
        self.code = created.json["join_code"]
        manager = headers or {"Authorization": f"Bearer {created.json['token']}"}
        self.manager = Reader(kind, manager, True, created.json["device_id"])
        self.readers = {kind: self.manager}
        n = len(case.players)
        for name, seat in (("own", case.seat), ("other", (case.seat + 1) % n),
                           ("scorer", "scorer")):
            self.readers[name] = self.join(name, seat)
        self.readers["code"] = Reader("code", {"X-Join-Code": self.code}, False)
        self.readers["spectator"] = Reader(
            "spectator", {"X-Spectator-Key": created.json["spectator_key"]}, False)
        self.seq = 0
        self.answers: dict[str, list[Any]] = {name: [] for name in self.readers}
        self.entry_seq: int | None = None

    def join(self, name: str, seat: Any) -> Reader:
        response = self.client.post("/api/join", json={"code": self.code, "seat": seat,
                                                        "device_name": name})
        assert response.status_code == 201, response.json
        return Reader(name, {"Authorization": f"Bearer {response.json['token']}"}, True,
                      response.json["device_id"])

    def post(self, reader: Reader, event: dict[str, Any], based_on: int | None = None):
        return self.client.post(f"/api/tables/{self.id}/events", headers=reader.headers,
                                json={"based_on": self.seq if based_on is None else based_on,
                                      "client_event_id": f"e-{next(CLIENT_IDS)}",
                                      "event": event})

    def play_script(self, start: int, stop: int | None = None) -> None:
        for index in range(start, len(self.events) if stop is None else stop):
            poster = self.readers["own"] if index == self.case.entry else self.manager
            response = self.post(poster, self.events[index])
            assert response.status_code == 201, (index, response.json)
            self.answers[poster.name].append(response)
            self.seq = response.json["entry"]["seq"]
            if index == self.case.entry:
                self.entry_seq = self.seq

    def reads(self, reader: Reader) -> dict[str, Any]:
        base = f"/api/tables/{self.id}"
        out = {
            "table": self.client.get(base, headers=reader.headers),
            "events": self.client.get(f"{base}/events", headers=reader.headers),
            "protokoll": self.client.get(f"{base}/protokoll", headers=reader.headers),
            "csv": self.client.get(f"{base}/protokoll?format=csv", headers=reader.headers),
            "stream": self.client.get(f"{base}/stream", headers=reader.headers),
            # The replay for a dispute (issue 17): the log step by step, and the table
            # right after the private entry.
            "steps": self.client.get(f"{base}/steps", headers=reader.headers),
            "at": self.client.get(f"{base}/at/{self.entry_seq}", headers=reader.headers),
        }
        for path, response in out.items():
            assert response.status_code == 200, (reader.name, path, response.json)
        return out

    def logged_entry(self, reader: Reader) -> dict[str, Any]:
        log = self.client.get(f"/api/tables/{self.id}/events", headers=reader.headers).json
        return next(e for e in log["events"] if e["seq"] == self.entry_seq)["event"]


# The private entries whose cards are never played (800's discards, Norrandsknack's cards
# laid away when buying).
NEVER_PLAYED = {"discard", "buy"}

# Who sees a seat's private entry while its deal is in progress.
SEES_WHILE_PLAYING = {"own", "director"}


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
@pytest.mark.parametrize("kind", ["owner", "director"])
def test_a_private_entry_is_seen_only_by_its_seat_and_the_director(app, client, case, kind):
    scene = Scene(client, app, case, kind, opens=True)
    scene.play_script(0, case.checkpoint)
    scene.readers["late"] = scene.join("late", case.seat)
    scene.answers["late"] = []
    cards = scene.search
    assert cards, "the case needs cards that can be searched for"

    for name, reader in scene.readers.items():
        reads = scene.reads(reader)
        if name in SEES_WHILE_PLAYING:
            assert scene.logged_entry(reader)["cards"] == scene.secret, name
            assert leaked(reads, cards), name
        else:
            assert leaked(reads, cards) == [], name
            if scene.offers is not None:
                assert offers(reads["table"].json["expected"]) == scene.offers, name
            assert scene.logged_entry(reader)["cards"] == {
                "hidden": True, "seat": case.seat, "count": len(scene.secret)}, name
        if not reader.writes:
            continue
        # The answers to its own posts: a stale one (409 carries the table) ...
        stale = scene.post(reader, {"type": "play", "seat": case.probe["seat"], "card": "XX"},
                           based_on=0)
        assert stale.status_code == 409, (name, stale.json)
        # ... and a play refused because of the private card.
        probe = scene.post(reader, {**case.probe, "card": scene.probe_card})
        assert probe.status_code == 422, (name, probe.json)
        owner_name = case.players[case.seat]
        if name in SEES_WHILE_PLAYING:
            assert owner_name in probe.json["message"], (name, probe.json)
        else:
            assert owner_name not in json.dumps(probe.json, ensure_ascii=False), \
                (name, probe.json)
            assert probe.json["details"] == {}, (name, probe.json)
            assert probe.json["rule"] == case.rule
            assert leaked({"409": stale}, cards) == [], name
        scene.answers[name] += [stale]

    # The answers the poster of the other entries got after the private one (201s).
    later = scene.answers[kind][case.entry:] if kind != "director" else []
    assert leaked({f"201-{i}": r for i, r in enumerate(later)}, cards) == []


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
@pytest.mark.parametrize("opens", [True, False])
def test_after_the_deal_the_entry_opens_unless_the_table_keeps_it_closed(app, client, case,
                                                                          opens):
    scene = Scene(client, app, case, "owner", opens=opens)
    scene.play_script(0)
    scene.readers["late"] = scene.join("late", case.seat)
    for name, reader in scene.readers.items():
        entry = scene.logged_entry(reader)
        if opens or name == "own":
            assert entry["cards"] == scene.secret, name
        else:
            assert entry["cards"] == {"hidden": True, "seat": case.seat,
                                      "count": len(scene.secret)}, name
    if case.secret in NEVER_PLAYED:  # never played: the log is the only place they can be
        # (a discard paid for ⟨★⟩ is handed over in the open and is left out here)
        paid = {e["card"] for e in scene.events if e["type"] == "fjont"}
        cards = [c for c in searchable(scene.secret) if c not in paid]
        for name, reader in scene.readers.items():
            found = leaked(scene.reads(reader), cards)
            assert bool(found) == (opens or name == "own"), (name, found)


def test_a_closed_table_still_shows_the_director_everything(app, client):
    case = CASES[0]
    scene = Scene(client, app, case, "director", opens=False)
    scene.play_script(0)
    assert scene.logged_entry(scene.manager)["cards"] == scene.secret
    assert scene.logged_entry(scene.readers["code"])["cards"]["hidden"] is True


def test_the_seat_may_post_its_entry_and_another_seat_may_not(app, client):
    case = CASES[0]
    scene = Scene(client, app, case, "owner", opens=True)
    discard = scene.events[0]
    before = client.get(f"/api/tables/{scene.id}/events", headers=scene.manager.headers).json
    for name, code in (("other", "not_your_seat"),):
        response = scene.post(scene.readers[name], discard)
        assert (response.status_code, response.json["code"]) == (403, code), response.json
        assert set(response.json) == {"code", "message", "messages", "rule", "details"}
    no_seat = scene.join("no seat", None)
    response = scene.post(no_seat, discard)
    assert (response.status_code, response.json["code"]) == (403, "seat_required")
    after = client.get(f"/api/tables/{scene.id}/events", headers=scene.manager.headers).json
    assert after == before
    # The scorer and the owner's unseated phone may post for any seat (one shared phone).
    response = scene.post(scene.readers["scorer"], discard)
    assert response.status_code == 201, response.json
    scene.entry_seq = response.json["entry"]["seq"]
    # The scorer wrote it, so it may read what it wrote; the seat's device, seated before,
    # reads it; the owner's phone, which neither wrote it nor sits there, does not.
    assert response.json["entry"]["event"]["cards"] == discard["cards"]
    assert scene.logged_entry(scene.readers["own"])["cards"] == discard["cards"]
    assert scene.logged_entry(scene.manager)["cards"]["hidden"] is True
    assert scene.logged_entry(scene.readers["other"])["cards"]["hidden"] is True


def test_tournament_pages_and_exports(app, client):
    """The public standings never hold a private card; the director's export does (a
    director sees every hand at once); the round's table hides it from its join code."""
    director = client.post("/api/directors", json={"name": "Domaren"}).json
    headers = {"Authorization": f"Bearer {director['token']}"}
    made = client.post("/api/tournaments", headers=headers, json={
        "name": "800-cupen", "game": "800", "rounds": 1,
        "players": [{"name": n} for n in ("Anna", "Bo", "Cia", "Dan")]})
    assert made.status_code == 201, made.json
    tid = made.json["id"]
    seated = client.post(f"/api/tournaments/{tid}/rounds", json={"method": "random"},
                         headers=headers)
    assert seated.status_code == 201, seated.json
    table = seated.json["tables"][0]
    events, secrets = _800_deal()
    posted = client.post(f"/api/tables/{table['table_id']}/events", headers=headers, json={
        "based_on": 0, "client_event_id": "t1", "event": events[0]})
    assert posted.status_code == 201, posted.json
    cards = searchable(secrets["discard"])
    public = {"standings": client.get(f"/api/tournaments/{tid}/standings"),
              "standings.csv": client.get(f"/api/tournaments/{tid}/standings.csv")}
    public["events by code"] = client.get(f"/api/tables/{table['table_id']}/events",
                                          headers={"X-Join-Code": table["join_code"]})
    for path, response in public.items():
        assert response.status_code == 200, (path, response.json)
    assert leaked(public, cards) == []
    director_only = {"export": client.get(f"/api/tournaments/{tid}/export", headers=headers),
                     "watch": client.get(f"/api/tournaments/{tid}/watch", headers=headers),
                     "protokolls.csv": client.get(f"/api/tournaments/{tid}/protokolls.csv",
                                                  headers=headers)}
    for path, response in director_only.items():
        assert response.status_code == 200, (path, response.get_data(as_text=True)[:300])
    assert {card for _path, card in leaked({"export": director_only["export"]}, cards)} == \
        set(cards)


def test_a_correction_refused_for_a_private_card_is_told_in_public_words(app, client):
    """Correcting Dan's card into one of Anna's discards breaks the log; Bo's phone is told
    so without learning whose discard it is, Anna's phone with the reason."""
    case = CASES[0]
    scene = Scene(client, app, case, "owner", opens=True)
    scene.play_script(0, 1)  # Anna's discard, from Anna's phone
    discarded = scene.secret[0]
    dan_hand = next(e for e in scene.events if e["type"] == "hand" and e["seat"] == D)
    response = scene.post(scene.manager, {"type": "play", "seat": D,
                                          "card": dan_hand["cards"][0]})
    assert response.status_code == 201, response.json
    scene.seq = target = response.json["entry"]["seq"]
    correction = {"type": "correct", "target": target,
                  "event": {"type": "play", "seat": D, "card": discarded}}
    bo = scene.readers["other"]
    refused = scene.post(bo, correction)
    assert (refused.status_code, refused.json["code"]) == (422, "log_breaks_rules")
    assert "Anna" not in json.dumps(refused.json, ensure_ascii=False)
    assert refused.json["details"] == {}
    told = scene.post(scene.readers["own"], correction)
    assert told.status_code == 422 and "Anna" in told.json["message"]
    assert told.json["details"]["violation"]["code"] == "card_discarded"


def test_a_correction_of_a_private_entry_is_as_private_and_posted_by_the_same_rule(app,
                                                                                  client):
    case = CASES[0]
    scene = Scene(client, app, case, "owner", opens=True)
    scene.play_script(0, 1)
    fixed = scene.secret[:1] + [next(c for c in scene.events[2]["cards"]  # Anna's hand
                                     if c[0] in "♠♥♦♣" and c[1:] != "K")]
    correction = {"type": "correct", "target": scene.entry_seq,
                  "event": {"type": "discard", "seat": A, "cards": fixed}}
    refused = scene.post(scene.readers["other"], correction)
    assert (refused.status_code, refused.json["code"]) == (403, "not_your_seat")
    response = scene.post(scene.readers["own"], correction)
    assert response.status_code == 201, response.json
    seq = response.json["entry"]["seq"]
    for name, reader in scene.readers.items():
        log = client.get(f"/api/tables/{scene.id}/events", headers=reader.headers).json
        shown = next(e for e in log["events"] if e["seq"] == seq)["event"]
        assert shown["type"] == "correct" and shown["target"] == scene.entry_seq
        if name in SEES_WHILE_PLAYING:
            assert shown["event"]["cards"] == fixed, name
        else:
            assert shown["event"]["cards"] == {"hidden": True, "seat": A, "count": 2}, name
            assert leaked({"events": client.get(f"/api/tables/{scene.id}/events",
                                                headers=reader.headers)},
                          searchable(fixed)) == [], name


def test_cards_in_notation_are_hidden_as_well(app, client):
    case = CASES[0]
    scene = Scene(client, app, case, "owner", opens=True)
    scene.events[0] = {**scene.events[0], "cards": " ".join(scene.secret)}
    scene.play_script(0, 1)
    code = scene.readers["code"]
    assert scene.logged_entry(code)["cards"] == {"hidden": True, "seat": A, "count": 2}
    assert leaked(scene.reads(code), searchable(scene.secret)) == []
    assert scene.logged_entry(scene.readers["own"])["cards"] == " ".join(scene.secret)


def test_a_log_saved_with_hidden_cards_says_so_when_replayed(app, client, tmp_path, capsys):
    from rules_engine.replay import run

    case = CASES[0]
    scene = Scene(client, app, case, "owner", opens=True)
    scene.play_script(0, 1)  # Anna's discard: her phone sees the whole log, the code not
    for name, status in (("code", 1), ("own", 0)):
        log = client.get(f"/api/tables/{scene.id}/events",
                         headers=scene.readers[name].headers).json
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
        assert run(str(path)) == status, name
    assert "event 1 holds hidden cards" in capsys.readouterr().err


def test_schnapsen_won_tricks_under_no_peeking_lie_face_down_in_the_table_view(app, client):
    """Under ``no_peeking`` the won tricks lie face down before the player who took them
    (Schnapsen, option; ``won_piles`` sealed for the taker). They are no private entry: the
    cards were played face up, so the log's ``play`` events show them to everyone, and only
    the table view's state can keep them face down. There Anna's phone sees her pile and
    every other reader (Bo's phone, the scorer, the owner's unseated phone, the join code,
    the spectator key) only how many cards it holds; once the hand is over the tricks are
    listed for all."""
    created = client.post("/api/tables", json={"game": "schnapsen", "players": list(TWO),
                                                "options": {"no_peeking": True}})
    assert created.status_code == 201, created.json
    table, code = created.json["id"], created.json["join_code"]
    owner = {"Authorization": f"Bearer {created.json['token']}"}

    def join(seat: Any) -> dict[str, str]:
        joined = client.post("/api/join", json={"code": code, "seat": seat})
        assert joined.status_code == 201, joined.json
        return {"Authorization": f"Bearer {joined.json['token']}"}

    readers = {"Anna": join(A), "Bo": join(B), "scorer": join("scorer"), "owner": owner,
               "code": {"X-Join-Code": code},
               "spectator": {"X-Spectator-Key": created.json["spectator_key"]}}
    seq = 0
    for event in ({"type": "deal", "trump": "♥J"}, {"type": "play", "seat": B, "card": "♠J"},
                  {"type": "play", "seat": A, "card": "♠A"}):  # Anna takes the trick
        posted = client.post(f"/api/tables/{table}/events", headers=owner, json={
            "based_on": seq, "client_event_id": f"np-{next(CLIENT_IDS)}", "event": event})
        assert posted.status_code == 201, posted.json
        seq = posted.json["entry"]["seq"]
    for name, headers in readers.items():
        hand = client.get(f"/api/tables/{table}", headers=headers).json["state"]["hand"]
        assert hand["tricks"] == [], name
        if name == "Anna":
            assert hand["won_piles"][A] == ["♠J", "♠A"]
        else:
            assert hand["won_piles"][A] == {"hidden": True, "seat": A, "count": 2}, name
            assert "♠A" not in json.dumps(hand, ensure_ascii=False), name
        log = client.get(f"/api/tables/{table}/events", headers=headers).json["events"]
        assert [e["event"].get("card") for e in log][1:] == ["♠J", "♠A"], name
    posted = client.post(f"/api/tables/{table}/events", headers=owner, json={
        "based_on": seq, "client_event_id": "np-claim", "event": {"type": "claim", "seat": A}})
    assert posted.status_code == 201, posted.json
    for name, headers in readers.items():
        state = client.get(f"/api/tables/{table}", headers=headers).json["state"]
        assert state["last_hand"]["tricks"][0]["cards"] == [
            {"seat": B, "card": "♠J"}, {"seat": A, "card": "♠A"}], name
