"""Skitgubbe — the first phase: tricks between two players, stunsa and våga, the talon
drawn back to three, and the last talon card that makes trumps ("Skitgubbe — Första fasen");
and the turn to the second phase, entered card by card or begun there at once.

The rule tables, the state and how the text reads are in ``skitgubbe`` (its docstring). Any
card goes in this phase, so the app only counts: whose turn, the talon, no card twice.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..cards import Card
from ..events import is_counts
from .skitgubbe import (DECK, Duel, DuelPlay, Game, Held, LAST_TALON_CARD,
                        left_of, N_SEATS, _name, _not_your_turn, _order, R_ONE, R_TWO, rank,
                        _refuse_phase, State, _violation)
from .skitgubbe_two import _after_move, _settle_pool


def _seen_in_phase_one(game: Game) -> dict[Card, int]:
    """Every card put on a phase-one trick, with the trick's number."""
    seen: dict[Card, int] = {}
    for duel in game.duels + tuple(d for d in (game.current, game.undecided) if d):
        for play in duel.plays:
            seen[play.card] = duel.number
    return seen


def _can_put(game: Game, seat: int) -> bool:
    """Can ``seat`` put a card on a phase-one trick (from their hand, or by våga)?"""
    return game.in_hand[seat] > 0 or game.talon > LAST_TALON_CARD


def _duel_card(state: State, seat: int, card: Card, vaga: bool) -> State:
    game = state.game
    duel = game.current
    assert duel is not None
    if seat != duel.to_act:
        raise _not_your_turn(state, seat, duel.to_act, R_ONE)
    seen = _seen_in_phase_one(game)
    if card in seen:
        raise _violation("card_already_played", R_ONE, {"card": str(card), "trick": seen[card]},
                         f"{card} är redan spelat i stick {seen[card]} i första fasen.",
                         f"{card} was already played in trick {seen[card]} of phase one.")
    in_hand, talon, taker = list(game.in_hand), game.talon, game.last_taker
    if vaga:
        if talon <= LAST_TALON_CARD:
            raise _violation(
                "cannot_vaga", R_ONE, {"talon": talon},
                "Talongen är slut: det går inte att våga." if talon == 0 else
                "Bara sista talongkortet är kvar; det tas osett av den som ska dra det och "
                "blir trumf, så det går inte att våga med det.",
                "The talon is used up: there is nothing to våga with." if talon == 0 else
                "Only the last talon card is left; it is taken unseen by the player due to "
                "draw it and makes trumps, so it cannot be turned for våga.")
        talon -= 1
    else:
        # The count is exact, so a player with no card is never to act (``_can_put``).
        in_hand[seat] -= 1
        if talon > LAST_TALON_CARD:
            in_hand[seat] += 1  # draws back to three at once
            talon -= 1
        elif talon == LAST_TALON_CARD:
            talon, taker = 0, seat  # set aside unseen: the trump card
    duel = replace(duel, plays=duel.plays + (DuelPlay(seat, card, vaga),))
    game = replace(game, in_hand=tuple(in_hand), talon=talon, last_taker=taker, current=duel)
    if len(duel.plays) % 2:
        return replace(state, game=game)
    return replace(state, game=_after_round(game))


def _after_round(game: Game) -> Game:
    """Both players have put a card: decide the trick, stunsa on, or end phase one."""
    duel = game.current
    assert duel is not None
    first, second = duel.plays[-2], duel.plays[-1]
    if rank(first.card) != rank(second.card):
        winner = first.seat if rank(first.card) > rank(second.card) else second.seat
        duel = replace(duel, winner=winner)
        game = replace(game, duels=game.duels + (duel,), current=None)
        leader, answerer = winner, left_of(winner)
        if _can_put(game, leader) and _can_put(game, answerer):
            return replace(game, current=Duel(duel.number + 1, leader, answerer))
        return replace(game, phase="reveal")
    # Stunsa: both add a card — if both still can.
    if _can_put(game, duel.leader) and _can_put(game, duel.answerer):
        return game
    # "tar de spelarna tillbaka sina respektive kort": known cards in hand for phase two.
    return replace(game, current=None, undecided=duel, phase="reveal")


def _on_trump(state: State, event: dict[str, Any]) -> State:
    game = state.game
    if game.phase == "one":
        return _skip_phase_one(state, event)
    if game.phase != "reveal":
        raise _refuse_phase(state, "trump")
    taker = game.last_taker
    assert taker is not None
    if "seat" in event and event["seat"] != taker:
        raise _violation(
            "not_the_taker", R_ONE, {"seat": event["seat"], "taker": taker},
            f"Det var {_name(state, taker)} som tog talongens sista kort.",
            f"It was {_name(state, taker)} who took the last talon card.")
    card = event["card"]
    seen = _seen_in_phase_one(game)
    if card in seen:
        raise _violation(
            "card_already_played", R_ONE, {"card": str(card), "trick": seen[card]},
            f"{card} spelades i stick {seen[card]}; det kan inte vara sista talongkortet.",
            f"{card} was played in trick {seen[card]}; it cannot be the last talon card.")
    if "hands" in event:
        _check_hands(state, event["hands"], taker, _phase_two_counts(game, taker))
    return _start_phase_two(state, card)


def _phase_two_counts(game: Game, taker: int) -> tuple[int, ...]:
    """The cards each player takes up when phase two begins: their tricks, the cards of an
    undecided last trick, the cards left in their hand, and the trump card for its taker."""
    return tuple(
        sum(len(d.plays) for d in game.duels if d.winner == seat)
        + (len(game.undecided.cards_of(seat)) if game.undecided else 0)
        + game.in_hand[seat] + (1 if seat == taker else 0) for seat in range(N_SEATS))


def _check_hands(state: State, hands: Any, taker: int,
                 known: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """The cards in each hand as a table enters them when phase two begins: one count per
    player, all 52 cards, at least the trump card for its taker (and, after a phase one
    entered card by card, the counts the app already knows)."""
    if not is_counts(hands, (N_SEATS,)):
        raise _violation(
            "hands_shape", R_TWO, {"hands": hands},
            "Ange antal kort på handen för var och en av de tre spelarna.",
            "Give the number of cards in hand for each of the three players.")
    if sum(hands) != len(DECK):
        raise _violation(
            "hands_do_not_add_up", R_TWO, {"hands": hands, "sum": sum(hands),
                                           "cards": len(DECK)},
            f"Korten på händerna blir {sum(hands)}, men alla {len(DECK)} kort tas upp i "
            "andra fasen.",
            f"The hands add up to {sum(hands)} cards, but all {len(DECK)} cards are taken "
            "up for phase two.")
    if hands[taker] < 1:
        raise _violation(
            "taker_holds_trump", R_ONE, {"hands": hands, "taker": taker},
            f"{_name(state, taker)} tog upp trumfkortet och har minst det på handen.",
            f"{_name(state, taker)} took up the trump card and holds at least that.")
    if known is not None and tuple(hands) != known:
        raise _violation(
            "hands_do_not_match", R_TWO, {"hands": hands, "known": list(known)},
            f"Enligt första fasen har ni {', '.join(map(str, known))} kort, inte "
            f"{', '.join(map(str, hands))}.",
            f"By phase one you hold {', '.join(map(str, known))} cards, not "
            f"{', '.join(map(str, hands))}.")
    return tuple(hands)


def _skip_phase_one(state: State, event: dict[str, Any]) -> State:
    """Begin a game at phase two: phase one has nothing to referee (any card goes), so a
    table may play it without entering it and enter only its end — the trump card, who took
    the last talon card (they lead, "Den som fick talongens sista kort inleder") and how many
    cards each player takes up. The app then knows the trump card in the taker's hand and
    nothing else: every other card is one of the unknown cards, counted per hand, and phase
    two goes on exactly as after a phase one entered card by card."""
    game = state.game
    if game.duels or (game.current is not None and game.current.plays):
        raise _refuse_phase(  # phase "one": cited as "Skitgubbe — Första fasen"
            state, "trump",
            "Första fasen är redan påbörjad här: trumfkortet kommer när talongen är slut. "
            "(Att börja direkt i andra fasen går bara innan något kort i första fasen matats "
            "in.)",
            "Phase one is already under way here: the trump card comes when the talon is "
            "used up. (Beginning at phase two is possible only before any card of phase one "
            "is entered.)")
    missing = [name for name in ("seat", "hands") if name not in event]
    if missing:
        raise _violation(
            "phase_two_start_incomplete", R_TWO, {"missing": missing},
            "För att börja i andra fasen: ange trumfkortet, vem som tog det (och spelar ut) "
            "och antal kort på varje hand.",
            "To begin at phase two: give the trump card, who took it (they lead) and the "
            "number of cards in each hand.")
    taker = event["seat"]
    hands = _check_hands(state, event["hands"], taker)
    in_hand = tuple(n - (1 if s == taker else 0) for s, n in enumerate(hands))
    game = replace(game, phase="reveal", talon=0, in_hand=in_hand, current=None,
                   last_taker=taker, phase_one_skipped=True)
    return _start_phase_two(replace(state, game=game), event["card"])


def _start_phase_two(state: State, trump_card: Card) -> State:
    """Everyone takes up their tricks; the taker of the last talon card takes it up and leads."""
    game = state.game
    taker = game.last_taker
    assert taker is not None
    held: list[tuple[Held, ...]] = []
    for seat in range(N_SEATS):
        cards = [c for d in game.duels if d.winner == seat for c in (p.card for p in d.plays)]
        if game.undecided is not None:
            cards += game.undecided.cards_of(seat)
        if seat == taker:
            cards.append(trump_card)
        held.append(tuple(Held(c, 0) for c in sorted(cards, key=_order)))
    located = {h.card for hand in held for h in hand}
    pool = tuple(c for c in DECK.cards if c not in located)
    assert len(pool) == sum(game.in_hand)
    game = replace(game, phase="two", trump_card=trump_card, held=tuple(held), pool=pool,
                   turn=taker, trick=1, move=0)
    game = replace(game, out=tuple(s for s in range(N_SEATS) if s not in game.holding()))
    game = _settle_pool(state, game)
    return _after_move(state, game, taker, turn_stays=True)
