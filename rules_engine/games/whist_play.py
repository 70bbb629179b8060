"""The table and the card play the whist games and Priffe share.

Source: rule file 002, sections "Whist regler" (the paragraph "Så här spelar ni Whist") and
"Priffe regler" ("så här spelar ni": the draw, *Spelet*), and the Priffe note in the project's
rules README. This module holds no scoring; the game modules (``whist`` and its one module per
variant, ``priffe``) cite their own sections and pass them in as ``Refs``.

What the two texts share
------------------------
Four players, 52 cards, 13 each. Partners sit opposite; the deal passes to the left
(clockwise), forehand is the dealer's left-hand neighbour. Ordinary trick-taking: follow suit;
if you cannot, trump or discard as you like ("Man måste följa färg, annars trumfa eller
saka"); the highest trump wins, else the highest card of the led suit (ace high, two low); the
winner leads the next trick. Who leads the first trick and which suit is trump (turned up,
set by the first lead, bid, or none) is the game's business.

Players and seats
-----------------
Events name a player by their number at the table (``seat`` 0–3, the order the players were
entered). Where each sits is ``seating``: the players in clockwise order. It starts as the
entry order (partners 0 + 2 against 1 + 3) and changes only through the draw for partners
(whist, Priffe) or a new sits (Priffe, where everyone partners everyone). Partners always sit
opposite, so a seating is fixed by who sits opposite whom and one orientation; the table
enters the orientation it really sits in with the event ``seating``, else the engine's
default (below) holds.

What the app knows (design principle 3)
---------------------------------------
It does not see hands. It checks every card against the cards already played; a card known to
be in another hand (the trump card the whist dealer turned up and took into their hand, or a
card of an entered hand) cannot be played by someone else. A player who does not follow suit
shows a void in it; playing that suit later proves the revoke and a finding names both tricks
(``rules_engine.knowledge``). There is no duty to trump, so not following shows a void in the
led suit only. A card known to be in the player's own hand (the turned card) makes a failure
to follow that suit a refusal at once; a whole hand entered (event ``hand``, before the
player's first card) makes every card of theirs checked at once. When all 13 tricks are entered
the app knows who held every card, which is how the games count honours without asking.

Default seatings (the text is silent on orientation)
----------------------------------------------------
- whist's draw: if the players already sit with the new partners opposite, they stay;
  otherwise clockwise: the highest card, the higher of the two low cards, the highest card's
  partner, the other low card.
- Priffe's sits (players named A B C D by the draw, A the lowest card): sits 1 clockwise
  A B C D (A–C against B–D), sits 2 A C B D (A–B against C–D), sits 3 A B D C (A–D against
  B–C). Again, if the players already sit with the new partners opposite, they stay.

Besides the card play, the two games' modules share here what they keep alike around it
(the end of this module): names of players and sides, the end of the match, the ``hand``,
``play`` and ``trick`` events, their words and hints, quick entry too late, findings and a
deal as JSON. An entered hand is private to its seat until the deal is over
(``rules_engine.hands``).

Candidates for the shared engine modules (issue 18; their owners fold them in): the ring of a
seating — ``clockwise``, ``left_of``, ``right_of``, ``opposite``, ``sides_of``,
``seat_pairs_opposite`` on a seating (a permutation, not seat numbers) — belongs in
``seating.py``; ``CardPlay`` — one deal's tricks with trump, knowledge, entered hands and cards
known in a hand — repeats what fyrtioett and rodskagg each write for themselves and could
serve every plain-deck trick game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, Iterable, Sequence

from .. import hands as hand_entry
from ..cards import FRENCH52, SUIT_NAMES, Card
from ..errors import RuleViolation, violation
from ..events import EventSpec, play_event
from ..knowledge import Knowledge
from ..protocol import Expectation, Expected
from ..tricks import Play, Trick, playable, turn_refusal, winning_play

DECK = FRENCH52
PLAYERS = 4
CARDS_EACH = 13  # "Spelarna får 13 kort var" / "13 kort till var och en"
TRICKS_PER_DEAL = 13
RANKS = FRENCH52.rank_order  # two low, ace high (in play)


# The entries of the card play, the same in both games' ``EVENTS``.
CARD_EVENTS = {
    "hand": EventSpec(
        {"seat": "seat", "cards": "cards"},
        help_sv="Valfritt: spelarens 13 kort, före det första spelade kortet; då prövas "
                "varje kort direkt.",
        help_en="Optional: the player's 13 cards before their first card; then every card "
                "they play is checked at once."),
    "play": play_event(),
    "trick": EventSpec(
        {"cards": "cards"},
        help_sv="Resten av sticket i spelordning (medsols) från den som står på tur.",
        help_en="The rest of the trick in playing order (clockwise) from the player to "
                "play."),
}

# Their words on the app's buttons and in its log (``LABELS``), the same in both games.
CARD_EVENT_LABELS = {
    "hand": ("Hela handen", "Whole hand"), "play": ("Spela ett kort", "Play a card"),
    "trick": ("Ett helt stick", "A whole trick"), "result": ("Snabbinmatning", "Quick entry"),
}
CARD_FIELD_LABELS = {
    "cards": ("Kort", "Cards"), "card": ("Kort", "Card"),
    "order": ("Medsols runt bordet", "Clockwise round the table"),
}


@dataclass(frozen=True)
class Refs:
    """The citations a game gives the shared machinery for its refusals."""

    draw: str  # the draw for partners and seats
    deal: str  # the deal, the hands, the turned trump card
    play: str  # following suit, turns, tricks


# --- the ring of players ---------------------------------------------------------------------
def clockwise(seating: Sequence[int], start: int) -> tuple[int, ...]:
    """The players in clockwise order, beginning with ``start``."""
    at = seating.index(start)
    return tuple(seating[(at + k) % len(seating)] for k in range(len(seating)))


def left_of(seating: Sequence[int], player: int) -> int:
    """The next player clockwise: forehand is the dealer's left-hand neighbour."""
    return clockwise(seating, player)[1]


def right_of(seating: Sequence[int], player: int) -> int:
    """The next player counter-clockwise (Priffe: after preference they lead)."""
    return clockwise(seating, player)[-1]


def opposite(seating: Sequence[int], player: int) -> int:
    return clockwise(seating, player)[2]


def sides_of(seating: Sequence[int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two pairs of a seating (partners opposite), the side holding player 0 first,
    each pair in player order."""
    a, c = sorted((seating[0], seating[2]))
    b, d = sorted((seating[1], seating[3]))
    return ((a, c), (b, d)) if 0 in (a, c) else ((b, d), (a, c))


def seat_pairs_opposite(pairs: Sequence[Sequence[int]],
                        prefer: Sequence[int]) -> tuple[int, ...]:
    """A seating with each pair opposite: ``prefer`` if it already has that, else clockwise
    pair[0][0], pair[1][0], pair[0][1], pair[1][1]."""
    wanted = {frozenset(p) for p in pairs}
    if {frozenset((prefer[0], prefer[2])), frozenset((prefer[1], prefer[3]))} == wanted:
        return tuple(prefer)
    return (pairs[0][0], pairs[1][0], pairs[0][1], pairs[1][1])


def suit_words(suit: str) -> tuple[str, str]:
    return SUIT_NAMES[suit]["sv"], SUIT_NAMES[suit]["en"]


def check_seating(order: Sequence[int], pairs: Sequence[Sequence[int]], rule: str,
                  names: Sequence[str]) -> tuple[int, ...]:
    """Check a seating entered by the table: every player once, partners opposite."""
    if sorted(order) != list(range(PLAYERS)):
        raise violation("seating_shape", rule, {"order": list(order)},
                         "Ange alla fyra spelarna en gång var, medsols runt bordet.",
                         "Name all four players once each, clockwise round the table.")
    for pair in pairs:
        a, b = pair
        if opposite(order, a) != b:
            raise violation(
                "partners_not_opposite", rule, {"order": list(order), "pair": list(pair)},
                f"{names[a]} och {names[b]} spelar ihop och ska sitta mittemot varandra.",
                f"{names[a]} and {names[b]} are partners and must sit opposite each other.")
    return tuple(order)


# --- the draw --------------------------------------------------------------------------------
def draw_values(cards: Sequence[Card], ace_low: bool) -> tuple[int, ...]:
    """Each drawn card's rank as a number (two = 2 … king = 13, ace 14, or 1 when ace low);
    the suit does not count."""
    def value(card: Card) -> int:
        if card.rank == "A":
            return 1 if ace_low else 14
        return RANKS.index(card.rank) + 2
    return tuple(value(c) for c in cards)


def check_draw(cards: Sequence[Card], rule: str) -> None:
    if len(cards) != PLAYERS:
        raise violation("draw_size", rule, {"cards": len(cards)},
                         "Ange det dragna kortet för var och en av de fyra spelarna, i "
                         "spelarordning.",
                         "Give the card each of the four players drew, in player order.")
    repeated = sorted(str(c) for c, k in Counter(cards).items() if k > 1)
    if repeated:
        raise violation("card_repeated", rule, {"cards": repeated},
                         f"{', '.join(repeated)} står mer än en gång; leken har ett av varje.",
                         f"{', '.join(repeated)} is named more than once; the deck has one "
                         "of each.")


def refuse_draw_tie(rule: str, tied: Sequence[int], names: Sequence[str],
                    what_sv: str, what_en: str) -> RuleViolation:
    who = " och ".join(names[p] for p in tied)
    who_en = " and ".join(names[p] for p in tied)
    return violation("draw_tie", rule, {"tied": list(tied)},
                      f"{who} drog lika höga kort, och det avgör {what_sv}: dra om.",
                      f"{who_en} drew cards of the same rank, and that decides {what_en}: "
                      "draw again.")


# --- one deal's card play ----------------------------------------------------------------------
@dataclass(frozen=True)
class CardPlay:
    """The tricks of one deal.

    ``trump`` is the trump suit (``None``: no trumps, or not known yet when
    ``trump_from_lead``). ``trump_card`` is the card the dealer turned up and took into their
    hand: known to be theirs until they play it.
    """

    seating: tuple[int, ...]
    dealer: int
    leader: int  # leads the first trick
    trump: str | None = None
    trump_card: Card | None = None
    trump_from_lead: bool = False  # sättrumf: the first card led sets the trump suit
    tricks: tuple[Trick, ...] = ()
    current: Trick | None = None
    won: tuple[int, ...] = (0,) * PLAYERS  # tricks per player
    knowledge: Knowledge = Knowledge()
    hands: tuple[tuple[Card, ...] | None, ...] = (None,) * PLAYERS  # entered, still held

    @property
    def started(self) -> bool:
        """Has a card been played?"""
        return bool(self.knowledge.seen)

    @property
    def done(self) -> bool:
        return len(self.tricks) == TRICKS_PER_DEAL

    def known_in_hand(self, player: int) -> tuple[Card, ...]:
        """Cards known to be in ``player``'s hand now besides an entered hand: the turned
        trump card, the dealer's until they play it."""
        card = self.trump_card
        if card is not None and player == self.dealer and \
                self.knowledge.where_played(card) is None:
            return (card,)
        return ()


def begin(seating: Sequence[int], dealer: int, leader: int, trump: str | None = None,
          trump_card: Card | None = None, trump_from_lead: bool = False,
          hands: tuple[tuple[Card, ...] | None, ...] = (None,) * PLAYERS) -> CardPlay:
    return CardPlay(tuple(seating), dealer, leader, trump, trump_card, trump_from_lead,
                    current=Trick(1, leader), hands=hands)


def to_play(cp: CardPlay) -> int:
    trick = cp.current
    assert trick is not None
    return clockwise(cp.seating, trick.leader)[len(trick.plays)]


def has_played(cp: CardPlay, player: int) -> bool:
    return any(s.seat == player for s in cp.knowledge.seen)


def trick_winner(trick: Trick, trump: str | None) -> int:
    """The highest trump if any was played, else the highest card of the led suit."""
    return winning_play(trick, DECK, trump).seat


def holder_known(cp: CardPlay, card: Card) -> int | None:
    """The player known to hold ``card`` now (an entered hand, the turned card), if any."""
    for player in range(PLAYERS):
        hand = cp.hands[player]
        if (hand is not None and card in hand) or card in cp.known_in_hand(player):
            return player
    return None


def _refuse_held_by_other(cp: CardPlay, card: Card, holder: int, rule: str,
                          names: Sequence[str]) -> RuleViolation:
    if card == cp.trump_card and holder == cp.dealer:
        return violation(
            "card_held_by_other", rule, {"card": str(card), "seat": holder},
            f"{card} är trumfkortet som {names[holder]} vände upp och tog på handen.",
            f"{card} is the trump card {names[holder]} turned up and took into their hand.")
    return hand_entry.refuse_held_by_other(card, holder, rule, names)


def legal_cards(cp: CardPlay, player: int) -> tuple[Card, ...] | None:
    """The cards ``player`` may play now when their hand is entered, else ``None``: follow
    suit, else anything (trump or discard as they like)."""
    hand = cp.hands[player]
    if hand is None or cp.current is None:
        return None
    return playable(hand, cp.current.led_suit, None)


def open_cards(cp: CardPlay, player: int) -> tuple[Card, ...]:
    """The cards the app could accept from ``player`` now as far as the whole table knows (a
    hint for the keypad). Entered hands are private (``legal_hint`` gives a seat its own
    legal cards): leaving another seat's entered cards out would tell them to everyone."""
    seen = {s.card for s in cp.knowledge.seen}
    others = {c for p in range(PLAYERS) if p != player for c in cp.known_in_hand(p)}
    own = cp.known_in_hand(player)
    led = cp.current.led_suit if cp.current else None
    if led is not None and any(c.suit == led for c in own):
        return tuple(c for c in own if c.suit == led) + tuple(
            c for c in DECK.cards if c.suit == led and c not in seen and c not in others
            and c not in own)
    return tuple(c for c in DECK.cards if c not in seen and c not in others)


def legal_hint(cp: CardPlay, player: int) -> dict[str, Any] | None:
    """``player``'s legal cards when their hand is entered, sealed for their seat."""
    return hand_entry.sealed_legal(player, legal_cards(cp, player))


def play_card(cp: CardPlay, player: int, card: Card, refs: Refs,
              names: Sequence[str]) -> CardPlay:
    """One card: checked against the turn, the cards played, the cards known elsewhere, and
    — where the player's hand or a card of it is known — the duty to follow suit."""
    trick = cp.current
    assert trick is not None
    expected_player = to_play(cp)
    if player != expected_player:
        raise turn_refusal(player, expected_player, trick.number, refs.play, names)
    cp.knowledge.check_unplayed(card, refs.play)
    holder = holder_known(cp, card)
    hand = cp.hands[player]
    if hand is not None and card not in hand:
        raise hand_entry.refuse_not_in_hand(player, card, refs.play, names)
    if holder is not None and holder != player:
        raise _refuse_held_by_other(cp, card, holder, refs.play, names)
    led = trick.led_suit
    # The turned trump card is known to the whole table; an entered hand only to its seat.
    public = next((c for c in cp.known_in_hand(player) if c.suit == led), None)
    same = public or next((c for c in (hand or ()) if c.suit == led), None)
    if led is not None and card.suit != led and same is not None:
        suit_sv, suit_en = suit_words(led)
        if public is None:
            raise hand_entry.refuse_must_follow(refs.play, player, card, led, same, names)
        raise violation(
            "must_follow", refs.play,
            {"seat": player, "card": str(card), "led_suit": led, "holds": str(same)},
            f"{names[player]} måste bekänna {suit_sv}: {same} finns på handen.",
            f"{names[player]} must follow {suit_en}: {same} is in the hand.")
    # No duty to trump: not following shows a void in the led suit only (the default).
    knowledge = cp.knowledge.record(trick.number, led, Play(player, card), refs.play,
                                    tuple(names))
    if hand is not None:
        hand = tuple(c for c in hand if c != card)
    hands = cp.hands[:player] + (hand,) + cp.hands[player + 1:]
    trump = cp.trump
    if cp.trump_from_lead and trump is None:
        trump = card.suit  # sättrumf: the suit of forehand's first card led
    trick = trick.add(Play(player, card))
    cp = replace(cp, current=trick, knowledge=knowledge, hands=hands, trump=trump)
    if len(trick.plays) < PLAYERS:
        return cp
    winner = trick_winner(trick, cp.trump)
    won = cp.won[:winner] + (cp.won[winner] + 1,) + cp.won[winner + 1:]
    last = trick.number == TRICKS_PER_DEAL
    return replace(cp, tricks=cp.tricks + (trick,), won=won,
                   current=None if last else Trick(trick.number + 1, winner))


def play_trick(cp: CardPlay, cards: Sequence[Card], refs: Refs,
               names: Sequence[str]) -> CardPlay:
    """The rest of the current trick at once, in playing order from the player to play."""
    trick = cp.current
    assert trick is not None
    remaining = PLAYERS - len(trick.plays)
    if len(cards) != remaining:
        raise violation("trick_size", refs.play, {"cards": len(cards), "expected": remaining},
                         f"Sticket behöver {remaining} kort till, inte {len(cards)}.",
                         f"The trick needs {remaining} more cards, not {len(cards)}.")
    for card in cards:
        cp = play_card(cp, to_play(cp), card, refs, names)
    return cp


def check_hand(hands: tuple[tuple[Card, ...] | None, ...], player: int,
               cards: Sequence[Card], refs: Refs, names: Sequence[str],
               knowledge: Knowledge = Knowledge(), must_hold: Card | None = None,
               played: bool = False) -> tuple[tuple[Card, ...] | None, ...]:
    """Enter ``player``'s 13 cards (before their first card); returns the new hands."""
    cards = tuple(cards)
    if hands[player] is not None:
        raise violation("hand_already_entered", refs.deal, {"seat": player},
                         f"{names[player]}s hand är redan inmatad.",
                         f"{names[player]}'s hand is already entered.")
    if played:
        raise violation(
            "hand_too_late", refs.deal, {"seat": player},
            f"{names[player]} har redan spelat: handen matas in före det första kortet.",
            f"{names[player]} has played already: the hand is entered before the first card.")
    repeated = sorted(str(c) for c, k in Counter(cards).items() if k > 1)
    if repeated:
        raise hand_entry.refuse_repeated(player, repeated, refs.deal, names)
    if len(cards) != CARDS_EACH:
        raise violation(
            "hand_size", refs.deal, {"seat": player, "cards": len(cards),
                                     "expected": CARDS_EACH},
            f"En hand har {CARDS_EACH} kort, inte {len(cards)}.",
            f"A hand holds {CARDS_EACH} cards, not {len(cards)}.")
    for card in cards:
        try:
            knowledge.check_unplayed(card, refs.deal)
        except RuleViolation as played_before:  # names a card of their hand: their secret
            played_before.private_to = player
            played_before.public_messages = {
                "sv": f"{names[player]}s hand nämner ett kort som redan är spelat.",
                "en": f"{names[player]}'s hand names a card that was already played."}
            raise
        other = hand_entry.holder(hands, card)
        if other is not None:
            raise hand_entry.refuse_held_by_other(card, other, refs.deal, names, poster=player)
    if must_hold is not None and must_hold not in cards:
        raise violation(
            "trump_card_missing", refs.deal, {"seat": player, "card": str(must_hold)},
            f"{names[player]} gav och tog upp trumfkortet {must_hold}: det hör till "
            f"{names[player]}s hand.",
            f"{names[player]} dealt and took up the trump card {must_hold}: it belongs to "
            "their hand.")
    return hands[:player] + (cards,) + hands[player + 1:]


def enter_hand(cp: CardPlay, player: int, cards: Sequence[Card], refs: Refs,
               names: Sequence[str]) -> CardPlay:
    must = cp.known_in_hand(player)
    holder = None
    for card in cards:
        holder = holder_known(cp, card)
        if holder is not None and holder != player:
            raise _refuse_held_by_other(cp, card, holder, refs.deal, names)
    hands = check_hand(cp.hands, player, cards, refs, names, cp.knowledge,
                       must[0] if must else None, has_played(cp, player))
    return replace(cp, hands=hands)


def check_turned_card(hands: tuple[tuple[Card, ...] | None, ...], dealer: int, card: Card,
                      refs: Refs, names: Sequence[str]) -> None:
    """The turned trump card is the dealer's last card: refuse it when an entered hand says
    otherwise."""
    for player, hand in enumerate(hands):
        if hand is None:
            continue
        if player == dealer and card not in hand:
            raise RuleViolation(
                "not_in_hand", rule=refs.deal, params={"seat": dealer, "card": str(card)},
                sv=f"Trumfkortet är givens sista kort, men {card} finns inte på "
                   f"{names[dealer]}s inmatade hand.",
                en=f"The trump card is the dealer's last card, but {card} is not in "
                   f"{names[dealer]}'s entered hand.",
                private_to=dealer,
                public_sv=f"Trumfkortet är givens sista kort, men det finns inte på "
                          f"{names[dealer]}s inmatade hand.",
                public_en=f"The trump card is the dealer's last card, but it is not in "
                          f"{names[dealer]}'s entered hand.")
        if player != dealer and card in hand:
            raise RuleViolation(
                "card_held_by_other", rule=refs.deal, params={"card": str(card), "seat": player},
                sv=f"{card} finns på {names[player]}s inmatade hand; trumfkortet är givens.",
                en=f"{card} is in {names[player]}'s entered hand; the trump card is the "
                   "dealer's.",
                private_to=player,
                public_sv=f"{card} finns på en annan spelares inmatade hand; trumfkortet är "
                          "givens.",
                public_en=f"{card} is in another player's entered hand; the trump card is "
                          "the dealer's.")


# --- after the deal ----------------------------------------------------------------------------
def holders(cp: CardPlay) -> dict[Card, int]:
    """Who held each card played (all 52 once the 13 tricks are entered)."""
    return {s.card: s.seat for s in cp.knowledge.seen}


def count_held(cp: CardPlay, cards: Iterable[Card]) -> tuple[int, ...]:
    """How many of ``cards`` each player held, from the cards they played."""
    held = holders(cp)
    counts = [0] * PLAYERS
    for card in cards:
        counts[held[card]] += 1
    return tuple(counts)


def side_totals(per_player: Sequence[int], sides: Sequence[Sequence[int]]) -> tuple[int, ...]:
    return tuple(sum(per_player[p] for p in side) for side in sides)


def trick_dict(trick: Trick, trump: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {"number": trick.number, "leader": trick.leader,
                           "cards": [{"seat": p.seat, "card": str(p.card)} for p in trick.plays]}
    if len(trick.plays) == PLAYERS:
        out["winner"] = trick_winner(trick, trump)
    return out


def play_dict(cp: CardPlay) -> dict[str, Any]:
    """The card play as JSON; entered hands are their owners' own: only who entered one."""
    return {
        "seating": list(cp.seating), "dealer": cp.dealer, "leader": cp.leader,
        "trump": cp.trump, "trump_card": None if cp.trump_card is None else str(cp.trump_card),
        "tricks": [trick_dict(t, cp.trump) for t in cp.tricks],
        "current": None if cp.current is None else trick_dict(cp.current, cp.trump),
        "won": list(cp.won),
        "hands_entered": [p for p in range(PLAYERS) if cp.hands[p] is not None],
        "hands": hand_entry.sealed_hands(cp.hands),  # each seat's own (rules_engine.secrets)
    }


def parse_counts(raw: Any, length_ok: Sequence[int], total: int, rule: str, code: str,
                 what_sv: str, what_en: str) -> tuple[int, ...]:
    """A quick-entry list of non-negative whole numbers of an allowed length and sum."""
    if not (isinstance(raw, list) and len(raw) in length_ok
            and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= total
                    for v in raw)):
        lengths = " eller ".join(str(n) for n in length_ok)
        lengths_en = " or ".join(str(n) for n in length_ok)
        raise violation("result_shape", rule, {"field": code, "value": raw},
                         f"Ange {what_sv} som {lengths} heltal (0–{total}).",
                         f"Give {what_en} as {lengths_en} whole numbers (0–{total}).")
    if sum(raw) != total:
        raise violation(f"{code}_do_not_add_up", rule, {code: raw, "sum": sum(raw)},
                         f"{what_sv.capitalize()} blir {sum(raw)}, men ska bli {total}.",
                         f"The {what_en} add up to {sum(raw)}, but must make {total}.")
    return tuple(raw)


# --- what the two games' modules share around the card play ----------------------------------
# Both games keep a ``State`` with ``players``, ``sides`` (the pairs; à la guerre: each player
# alone), ``phase``, ``deal`` (with ``number``, ``dealer``, ``quick``, ``score`` and ``play``,
# a ``CardPlay``) and ``past_findings``; the functions below read only those.
def player_name(state: Any, player: int) -> str:
    return state.players[player]


def side_name(state: Any, side: int) -> str:
    return " & ".join(state.players[p] for p in state.sides[side])


def side_of(state: Any, player: int) -> int:
    return next(i for i, side in enumerate(state.sides) if player in side)


def set_at(items: tuple, index: int, value: Any) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


def match_over(state: Any) -> Expected:
    who = ", ".join(state.players[p] for p in state.winners)
    return Expected("over", f"Matchen är slut: {who} vann.", f"The match is over: {who} won.")


def enter_hand_event(state: Any, event: dict[str, Any], refs: Refs) -> Any:
    """The event ``hand``: the state with ``seat``'s entered hand in its deal's card play."""
    deal = state.deal
    cp = enter_hand(deal.play, event["seat"], event["cards"], refs, state.players)
    return replace(state, deal=replace(deal, play=cp))


def card_event(cp: CardPlay, event: dict[str, Any], refs: Refs,
               names: Sequence[str]) -> CardPlay:
    """The events ``play`` (one card) and ``trick`` (the rest of the current trick)."""
    if event["type"] == "play":
        return play_card(cp, event["seat"], event["card"], refs, names)
    return play_trick(cp, event["cards"], refs, names)


def refuse_quick_late(cp: CardPlay, phase: str, rule: str) -> RuleViolation:
    """Quick entry (``result``) replaces a deal's card play: not once a card is played."""
    return violation(
        "quick_not_now", rule, {"phase": phase, "trick": len(cp.tricks) + 1},
        "Snabbinmatning ersätter spelet av en giv och görs innan första kortet spelas; "
        "mata in resten kort för kort.",
        "Quick entry replaces a deal's play and comes before its first card; enter the "
        "rest card by card.")


def hand_inputs(cp: CardPlay) -> list[Expectation]:
    """A ``hand`` may be entered by each player who has not played yet and has not entered it."""
    return [Expectation("hand", p, fields={"cards": CARDS_EACH})
            for p in range(PLAYERS) if cp.hands[p] is None and not has_played(cp, p)]


def play_inputs(cp: CardPlay) -> tuple[int, tuple[Expectation, Expectation]]:
    """The player to play and the ``play`` / ``trick`` entries offered to them now (their legal
    cards sealed for their seat when their hand is entered)."""
    trick = cp.current
    assert trick is not None
    seat = to_play(cp)
    hint = {"card": [str(c) for c in open_cards(cp, seat)], "trick": trick.number,
            "leader": trick.leader, "led_suit": trick.led_suit, "trump": cp.trump}
    if legal_cards(cp, seat) is not None:
        hint["legal"] = legal_hint(cp, seat)
    return seat, (Expectation("play", seat, fields=hint),
                  Expectation("trick", seat, fields={"cards": PLAYERS - len(trick.plays)}))


def closed_findings(state: Any) -> tuple[Any, ...]:
    """The findings of the deals before the current one, and of the current one (kept when
    its deal closes)."""
    return state.past_findings + state.deal.play.knowledge.findings


def all_findings(state: Any) -> tuple[Any, ...]:
    current = state.deal.play.knowledge.findings if state.phase != "over" else ()
    return state.past_findings + current


def deal_in_progress(state: Any) -> int | None:
    """The deal being played (a fresh one begins as soon as the last is scored), else
    ``None`` after the match: entered hands open once their deal is no longer this one."""
    return None if state.phase == "over" else state.deal.number


def deal_dict(deal: Any, **own: Any) -> dict[str, Any]:
    """A deal as JSON: its number and dealer, the game's ``own`` facts, the card play."""
    return {"number": deal.number, "dealer": deal.dealer, **own, "quick": deal.quick,
            **play_dict(deal.play),
            "score": None if deal.score is None else deal.score.as_dict()}
