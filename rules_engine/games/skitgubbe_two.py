"""Skitgubbe — the second phase: who holds what, the plays that must beat, taking up
(*supa*), a hand shown, and what a later card proves ("Skitgubbe — Andra fasen",
"Skitgubbe — Varianter").

The rule tables, the state and how the text reads are in ``skitgubbe`` (its docstring).
Every card won in phase one was seen, so the app knows most of each hand: the known cards
(``Held``), the pool of unknown ones and how many each player holds. A move that claims
something about the unknown cards (a trump: void in the led suit; a take-up under
compulsory beating: nothing that beats) is a ``Claim`` a later card can disprove.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Sequence

from ..cards import Card
from ..errors import Finding, RuleViolation
from ..knowledge import proof_words
from .skitgubbe import (_cards, Claim, _finish_game, Game, Group, Held, left_of, N_SEATS,
                        _name, _not_your_turn, _order, PLAYS_PER_TRICK, R_TWO, R_VARIANTS,
                        rank, _refuse_phase, State, _suit, _violation)


def _holder(game: Game, card: Card) -> tuple[int, Held] | None:
    for seat in range(N_SEATS):
        for held in game.held[seat]:
            if held.card == card:
                return seat, held
    return None


def _on_table(game: Game, card: Card) -> Group | None:
    for group in game.table:
        if card in group.cards:
            return group
    return None


def _turned_away_in(game: Game, card: Card) -> int | None:
    for number, groups in enumerate(game.turned_away, start=1):
        if any(card in g.cards for g in groups):
            return number
    return None


def _where(state: State, game: Game, seat: int, card: Card) -> RuleViolation:
    """The refusal for a card ``seat`` cannot play because the app knows where it is."""
    holder = _holder(game, card)
    if holder is not None:
        other, held = holder
        how_sv, how_en = (("tog upp det i drag " + str(held.since),
                           f"took it up in move {held.since}") if held.since else
                          ("har haft det sedan andra fasen började",
                           "has had it since phase two began"))
        return RuleViolation(
            "card_in_other_hand", rule=R_TWO,
            params={"card": str(card), "holder": other, "since_move": held.since},
            sv=f"{card} finns på {_name(state, other)}s hand ({_name(state, other)} {how_sv}).",
            en=f"{card} is in {_name(state, other)}'s hand ({_name(state, other)} {how_en}).",
            private_to=other if held.private else None,
            public_sv=f"{card} finns på en annan spelares inmatade hand.",
            public_en=f"{card} is in another player's entered hand.")
    group = _on_table(game, card)
    if group is not None:
        return _violation(
            "card_on_table", R_TWO, {"card": str(card), "seat": group.seat},
            f"{card} ligger redan på bordet (spelat av {_name(state, group.seat)}).",
            f"{card} is already on the table (played by {_name(state, group.seat)}).")
    away = _turned_away_in(game, card)
    if away is not None:
        return _violation(
            "card_already_played", R_TWO, {"card": str(card), "trick": away},
            f"{card} vändes bort med stick {away} och är ur spelet.",
            f"{card} was turned away with trick {away} and is out of the game.")
    return RuleViolation(
        "card_not_in_hand", rule=R_TWO, params={"card": str(card), "seat": seat},
        sv=f"Alla {_name(state, seat)}s kort är kända, och {card} är inte bland dem.",
        en=f"All of {_name(state, seat)}'s cards are known, and {card} is not among them.",
        private_to=seat if _private_known(game, seat) else None,
        public_sv=f"Kortet finns inte på {_name(state, seat)}s inmatade hand.",
        public_en=f"The card is not in {_name(state, seat)}'s entered hand.")


def _fully_known(game: Game, seat: int) -> bool:
    return game.in_hand[seat] == 0


def _settle_pool(state: State, game: Game) -> Game:
    """When only one player still holds unknown cards, they are all theirs."""
    holders = [s for s in range(N_SEATS) if game.in_hand[s] > 0]
    if len(holders) != 1 or not game.pool:
        return game
    seat = holders[0]
    # Inferred with a private hand entry, the inference is private too: the pool's rest
    # would tell the entered cards to everyone.
    return _attribute(state, game, seat, game.pool, proof="settled",
                      private=_any_private(game))


def _any_private(game: Game) -> bool:
    return any(h.private for held in game.held for h in held)


def _public_known(game: Game, seat: int) -> tuple[Card, ...]:
    """The cards the whole table knows ``seat`` holds (not those only their hand entry says)."""
    return tuple(h.card for h in game.held[seat] if not h.private)


def _private_known(game: Game, seat: int) -> tuple[Card, ...]:
    return tuple(h.card for h in game.held[seat] if h.private)


def _public_pool(game: Game) -> tuple[Card, ...]:
    """The cards in some hand as far as the whole table knows: privately known ones too."""
    return tuple(sorted(game.pool + tuple(c for s in range(N_SEATS)
                                          for c in _private_known(game, s)), key=_order))


def _attribute(state: State, game: Game, seat: int, cards: tuple[Card, ...],
               proof: str, private: bool = False) -> Game:
    """Unknown cards now known to be ``seat``'s: held since phase two began. Check them
    against what their earlier moves claimed (design principle 3)."""
    held = list(game.held)
    held[seat] = tuple(sorted(held[seat] + tuple(Held(c, 0, private) for c in cards),
                              key=lambda h: _order(h.card)))
    in_hand = list(game.in_hand)
    in_hand[seat] -= len(cards)
    pool = tuple(c for c in game.pool if c not in cards)
    game = replace(game, held=tuple(held), in_hand=tuple(in_hand), pool=pool)
    return _prove(state, game, seat, cards, proof, private)


def _prove(state: State, game: Game, seat: int, cards: tuple[Card, ...], proof: str,
           private: bool = False) -> Game:
    claims, findings = [], list(game.findings)
    for claim in game.claims:
        shown = [c for c in cards if claim.seat == seat and c.suit == claim.suit
                 and rank(c) > claim.above]
        if shown:
            finding = _finding(state, game, claim, shown[0], proof)
            if private:
                finding = _private_finding(state, finding, claim)
            findings.append(finding)
        else:
            claims.append(claim)
    return replace(game, claims=tuple(claims), findings=tuple(findings))


_PROOF_TEXT = {
    "played": ("spelade {card} i stick {trick} (drag {move})",
               "played {card} in trick {trick} (move {move})"),
    "shown": ("visade {card} på handen (drag {move})",
              "showed {card} in their hand (move {move})"),
    "settled": ("har {card} på handen — ingen annan har okända kort kvar (drag {move})",
                "holds {card} — only they have unknown cards left (move {move})"),
}


def _finding(state: State, game: Game, claim: Claim, card: Card, proof: str) -> Finding:
    name, t, m, shown = _name(state, claim.seat), claim.trick, claim.move, _cards(claim.shown)
    proof_sv, proof_en = (text.format(card=card, trick=game.trick, move=game.move)
                          for text in _PROOF_TEXT[proof])
    params = {"claim_trick": t, "claim_move": m,
              "claim_cards": [str(c) for c in claim.shown], "proof_trick": game.trick,
              "proof_move": game.move, "proof_card": str(card), "suit": claim.suit}
    held = (f"{proof_sv}, ett kort som funnits på handen sedan andra fasen började",
            f"{proof_en}, a card they have held since phase two began")
    if claim.kind == "void":
        sv, en = proof_words(
            name, (f"trumfade med {shown} i stick {t} (drag {m}) utan att bekänna "
                   f"{_suit(claim.suit, 'sv')},",
                   f"trumped with {shown} in trick {t} (move {m}) without following "
                   f"{_suit(claim.suit, 'en')},"),
            held, (f"felspel i stick {t}", f"a revoke in trick {t}"))
        return Finding("revoke_proven", R_TWO, claim.seat, params, sv=sv, en=en)
    sv, en = proof_words(
        name, (f"söp {shown} i stick {t} (drag {m}) trots överstickstvång,",
               f"took up {shown} in trick {t} (move {m}) under compulsory beating,"),
        (held[0] + " och som slår över", held[1] + " that beats it"),
        (f"{name} kunde slå över i stick {t}", f"they could have beaten in trick {t}"))
    return Finding("could_have_beaten", R_VARIANTS, claim.seat, params, sv=sv, en=en)


def _private_finding(state: State, finding: Finding, claim: Claim) -> Finding:
    """A claim disproved by a hand entry (or by what it lets the app infer): the card is
    the holder's secret until the game is over; others learn the breach and its trick."""
    name = _name(state, claim.seat)
    what_sv, what_en = (("trumfade utan att bekänna", "trumped without following")
                        if claim.kind == "void" else
                        ("söp trots överstickstvång", "took up under compulsory beating"))
    return replace(
        finding, private_to=claim.seat,
        public_sv=(f"{name} {what_sv} i stick {claim.trick} (drag {claim.move}), men den "
                   "inmatade handen visar att det gick: felspel."),
        public_en=(f"{name} {what_en} in trick {claim.trick} (move {claim.move}), but the "
                   "entered hand shows it was possible: a breach."))


# --- phase two: plays ------------------------------------------------------------------------
def _check_run(state: State, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    if not cards:
        raise _violation("empty_run", R_TWO, {"cards": []},
                         "En svit är minst ett kort: ange korten som spelas.",
                         "A run is at least one card: give the cards played.")
    if len(set(cards)) != len(cards):
        raise _violation("run_not_in_sequence", R_TWO, {"cards": [str(c) for c in cards]},
                         "Samma kort två gånger.", "The same card twice.")
    if len(cards) > 1 and state.options.one_card:
        raise _violation(
            "one_card_at_a_time", R_VARIANTS, {"cards": [str(c) for c in cards]},
            "Ni spelar med ett kort åt gången i andra fasen: inga sviter.",
            "You play one card at a time in phase two: no runs.")
    run = tuple(sorted(cards, key=rank))
    if len({c.suit for c in run}) > 1 or any(
            rank(b) != rank(a) + 1 for a, b in zip(run, run[1:])):
        raise _violation(
            "run_not_in_sequence", R_TWO, {"cards": [str(c) for c in cards]},
            f"{_cards(cards)}: flera kort måste vara i samma färg och i följd.",
            f"{_cards(cards)}: several cards must be in one suit and in sequence.")
    return run


def beats(run: tuple[Card, ...], table: tuple[Group, ...], trump: str) -> str | None:
    """Why ``run`` may not be played on ``table`` by the card rules alone, or None.

    The answer is a reason code: ``not_higher`` (krypa), ``led_suit_under_trump``,
    ``wrong_suit`` (saka). Holding the led suit is checked by the caller.
    """
    if not table:
        return None
    led, top = table[0].suit, table[-1]
    suit = run[0].suit
    if suit not in (led, trump):
        return "wrong_suit"
    if suit == top.suit:
        return None if rank(run[0]) > rank(top.top) else "not_higher"
    if suit == led:  # a led-suit card on a trump
        return "led_suit_under_trump"
    return None  # a trump on the led suit


def _play_group(state: State, seat: int, cards: tuple[Card, ...]) -> State:
    game = state.game
    assert game.turn is not None
    if seat != game.turn:
        raise _not_your_turn(state, seat, game.turn, R_TWO)
    run = _check_run(state, cards)
    known = set(game.known(seat))
    unknown = tuple(c for c in run if c not in known)
    for card in unknown:
        if card not in game.pool or game.in_hand[seat] == 0:
            raise _where(state, game, seat, card)
    if len(unknown) > game.in_hand[seat]:
        raise RuleViolation(
            "card_not_in_hand", rule=R_TWO,
            params={"cards": [str(c) for c in unknown], "seat": seat,
                    "unknown": game.in_hand[seat]},
            sv=f"{_name(state, seat)} har bara {game.in_hand[seat]} okända kort, inte "
               f"{len(unknown)}.",
            en=f"{_name(state, seat)} holds only {game.in_hand[seat]} unknown cards, not "
               f"{len(unknown)}.",
            private_to=seat if _private_known(game, seat) else None,
            public_sv=f"Korten finns inte på {_name(state, seat)}s inmatade hand.",
            public_en=f"The cards are not in {_name(state, seat)}'s entered hand.")
    trump = game.trump
    assert trump is not None
    reason = beats(run, game.table, trump)
    if reason is not None:
        raise _not_beating(state, game, run, reason)
    claim = None
    if game.table and run[0].suit == trump and game.table[0].suit != trump:
        led = game.table[0].suit
        holding = [c for c in known if c.suit == led]
        if holding:
            name, sv_led, en_led = _name(state, seat), _suit(led, "sv"), _suit(led, "en")
            raise _refuse_holding(
                game, seat, sorted(holding, key=rank), "must_follow_suit", R_TWO,
                lambda shown: {"seat": seat, "led_suit": led,
                               "holding": [str(c) for c in shown]},
                lambda shown: (
                    f"{name} har {_cards(shown)} och måste bekänna {sv_led}: trumfa får man "
                    "bara som renons.",
                    f"{name} holds {_cards(shown)} and must follow {en_led}: trumping is "
                    "allowed only when void.",
                    f"{name}s inmatade hand har {sv_led}: {name} måste bekänna; trumfa får man "
                    "bara som renons.",
                    f"{name}'s entered hand holds {en_led}: they must follow; trumping is "
                    "allowed only when void."))
        left_unknown = game.in_hand[seat] - len(unknown)
        if left_unknown > 0 and any(c.suit == led for c in game.pool):
            claim = Claim("void", seat, led, -1, game.move + 1, game.trick, run)
    # The cards leave the hand; unknown ones are now known to have been theirs all along.
    move = game.move + 1
    if unknown:
        game = _attribute(state, replace(game, move=move), seat, unknown, proof="played")
    held = list(game.held)
    held[seat] = tuple(h for h in held[seat] if h.card not in run)
    game = replace(game, held=tuple(held), move=move,
                   table=game.table + (Group(seat, run, move),),
                   claims=game.claims + ((claim,) if claim else ()))
    return _after_play(state, _settle_pool(state, game), seat)


def _refuse_holding(game: Game, seat: int, cards: Sequence[Card], code: str, rule: str,
                    params: Callable[[tuple[Card, ...]], dict[str, Any]],
                    words: Callable[[tuple[Card, ...]], tuple[str, str, str, str]]
                    ) -> RuleViolation:
    """A refusal resting on ``cards`` in ``seat``'s hand (a duty they prove they can fulfil).
    It cites those the whole table knows they hold, if any; else those only their entered hand
    shows, and is then private to them (``rules_engine.secrets``). ``words(shown)`` gives the
    wordings sv, en and the public sv, en; ``params(shown)`` the facts."""
    public = tuple(c for c in cards if c in _public_known(game, seat))
    shown = public or tuple(cards)
    sv, en, public_sv, public_en = words(shown)
    return RuleViolation(code, rule=rule, params=params(shown), sv=sv, en=en,
                         private_to=None if public else seat, public_sv=public_sv,
                         public_en=public_en)


def _not_beating(state: State, game: Game, run: tuple[Card, ...], reason: str) -> RuleViolation:
    led, top = game.table[0].suit, game.table[-1]
    played = _cards(run)
    if reason == "wrong_suit":
        return _violation(
            "must_beat", R_TWO, {"cards": [str(c) for c in run], "led_suit": led,
                                 "trump": game.trump},
            f"{played}: man får aldrig saka. Slå över i {_suit(led, 'sv')} eller trumfa "
            f"({_suit(game.trump, 'sv')}) som renons — eller supa.",
            f"{played}: discarding is never allowed. Beat in {_suit(led, 'en')} or trump "
            f"({_suit(game.trump, 'en')}) when void — or take up.")
    if reason == "led_suit_under_trump":
        return _violation(
            "must_beat", R_TWO, {"cards": [str(c) for c in run], "top": str(top.top)},
            f"{played} slår inte {top.top}: en trumf slås bara av en högre trumf. Supa "
            f"annars.",
            f"{played} does not beat {top.top}: a trump is beaten only by a higher trump. "
            f"Otherwise take up.")
    return _violation(
        "not_higher", R_TWO, {"cards": [str(c) for c in run], "top": str(top.top)},
        f"{played} är inte högre än {top.top}: man får aldrig krypa. Slå över eller supa.",
        f"{played} is not higher than {top.top}: playing lower is never allowed. Beat it or "
        f"take up.")


def _after_play(state: State, game: Game, seat: int) -> State:
    if seat not in game.holding():
        game = replace(game, out=game.out + (seat,))
    if len(game.table) == PLAYS_PER_TRICK:
        # "ska de korten vändas bort ... den som spelade sist ... spelar ut till nästa"
        game = replace(game, turned_away=game.turned_away + (game.table,), table=(),
                       trick=game.trick + 1, positions=())
        return _after_move(state, game, seat, turn_stays=True)
    return _after_move(state, game, seat, turn_stays=False)


def _after_move(state: State, game: Game, seat: int, turn_stays: bool) -> State:
    """Pass the turn to the next player with cards, or end the game."""
    holding = game.holding()
    if len(holding) <= 1:
        loser = holding[0] if holding else seat
        game = replace(game, phase="over", turn=None, loser=loser)
        return _finish_game(state, game)
    start = seat if turn_stays else left_of(seat)
    turn = next(s for s in (start, left_of(start), left_of(left_of(start))) if s in holding)
    game = replace(game, turn=turn)
    if state.options.must_beat and not game.endless:
        game = _watch_circle(state, game)
    return replace(state, game=game)


def _position(game: Game) -> str:
    """Everything the app knows about the position, as text (stable across processes).
    Unknown cards never move until played, so equal knowledge means an equal position."""
    hands = ";".join(",".join(sorted(str(h.card) for h in game.held[s])) + f"+{game.in_hand[s]}"
                     for s in range(N_SEATS))
    table = ";".join(f"{g.seat}:" + ",".join(str(c) for c in g.cards) for g in game.table)
    return f"{hands}|{table}|{game.turn}"


def _watch_circle(state: State, game: Game) -> Game:
    """Compulsory beating can leave no way out: the same cards go round and round (each
    player must beat the card under, nobody can beat the card on top). The text says
    nothing about it; the app says so once, naming both moves, and the table decides."""
    key = _position(game)
    for seen, move in game.positions:
        if seen == key:
            finding = Finding(
                "endless_round", R_VARIANTS, game.turn,
                {"first_move": move, "repeat_move": game.move, "trick": game.trick},
                sv=(f"Läget efter drag {move} har kommit tillbaka efter drag {game.move} "
                    f"(stick {game.trick}): med överstickstvång kan samma kort gå runt i all "
                    "oändlighet. Texten säger inte vad som gäller då — bordet avgör, t.ex. "
                    "genom att mata in skitgubben."),
                en=(f"The position after move {move} has come back after move {game.move} "
                    f"(trick {game.trick}): under compulsory beating the same cards can go "
                    "round for ever. The text does not say what then — the table decides, "
                    "e.g. by entering the skitgubbe."))
            return replace(game, endless=True, positions=(),
                           findings=game.findings + (finding,))
    return replace(game, positions=game.positions + ((key, game.move),))


def _beaters(game: Game, seat: int) -> tuple[Card, ...]:
    """Cards ``seat`` is known to hold that would beat the cards on top."""
    if not game.table:
        return ()
    trump = game.trump
    assert trump is not None
    led = game.table[0].suit
    known = game.known(seat)
    follows = [c for c in known if c.suit == led]
    options = [c for c in known if beats((c,), game.table, trump) is None]
    if led != trump and any(c.suit == trump for c in options):
        # A trump is allowed only when void in the led suit: known void needs a known hand.
        if follows or not _fully_known(game, seat):
            options = [c for c in options if c.suit != trump]
    return tuple(options)


def _on_supa(state: State, event: dict[str, Any]) -> State:
    game = state.game
    if game.phase != "two":
        raise _refuse_phase(state, "supa")
    seat = event["seat"]
    assert game.turn is not None
    if seat != game.turn:
        raise _not_your_turn(state, seat, game.turn, R_TWO)
    if not game.table:
        raise _violation("nothing_to_take_up", R_TWO, {"seat": seat},
                         "Bordet är tomt: det finns inget att supa. Spela ut.",
                         "The table is empty: there is nothing to take up. Lead.")
    top = game.table[-1]
    claim = None
    if state.options.must_beat:
        able = _beaters(game, seat)
        if able:
            name = _name(state, seat)
            raise _refuse_holding(
                game, seat, able, "must_beat_when_able", R_VARIANTS,
                lambda shown: {"seat": seat, "beaters": [str(c) for c in shown],
                               "top": str(top.top)},
                lambda shown: (
                    f"Överstickstvång: {name} har {_cards(shown)} och måste slå över "
                    f"{top.top}.",
                    f"Compulsory beating: {name} holds {_cards(shown)} and must beat "
                    f"{top.top}.",
                    f"Överstickstvång: {name}s inmatade hand har ett kort som slår över "
                    f"{top.top}: {name} måste slå över.",
                    f"Compulsory beating: {name}'s entered hand holds a card that beats "
                    f"{top.top}: they must beat it."))
        # Provable later only when the suit on top is the led suit: a higher card of it
        # beats by following. (A higher trump on a trump proves nothing without a void.)
        if top.suit == game.table[0].suit:
            if game.in_hand[seat] > 0 and any(
                    c.suit == top.suit and rank(c) > rank(top.top) for c in game.pool):
                claim = Claim("cannot_beat", seat, top.suit, rank(top.top), game.move + 1,
                              game.trick, top.cards)
    move = game.move + 1
    held = list(game.held)
    held[seat] = tuple(sorted(held[seat] + tuple(Held(c, move) for c in top.cards),
                              key=lambda h: _order(h.card)))
    game = replace(game, held=tuple(held), table=game.table[:-1], move=move,
                   claims=game.claims + ((claim,) if claim else ()))
    return _after_move(state, game, seat, turn_stays=False)


def _on_hand(state: State, event: dict[str, Any]) -> State:
    game = state.game
    if game.phase != "two":
        raise _refuse_phase(state, "hand")
    seat, cards = event["seat"], tuple(event["cards"])
    name = _name(state, seat)
    count = game.count(seat)
    if len(set(cards)) != len(cards) or len(cards) != count:
        raise _violation(
            "hand_size", R_TWO, {"seat": seat, "cards": len(cards), "expected": count},
            f"{name} har {count} kort på handen, inte {len(cards)}.",
            f"{name} holds {count} cards, not {len(cards)}.")
    missing = [c for c in game.known(seat) if c not in cards]
    if missing:
        raise RuleViolation(
            "hand_missing_known", rule=R_TWO,
            params={"seat": seat, "missing": [str(c) for c in missing]},
            sv=f"{name} har {_cards(missing)} på handen (vunnet eller upptaget), men de saknas.",
            en=f"{name} holds {_cards(missing)} (won or taken up), but they are missing.",
            private_to=seat,
            public_sv=f"{name}s hand saknar kort som appen vet finns där.",
            public_en=f"{name}'s hand lacks cards the app knows they hold.")
    new_cards = tuple(c for c in cards if c not in game.known(seat))
    for card in new_cards:
        if card not in game.pool:
            error = _where(state, game, seat, card)
            if error.private_to is None:  # a card of their entry: their secret
                error.private_to = seat
                error.public_messages = {
                    "sv": f"{name}s hand nämner ett kort som inte kan finnas där.",
                    "en": f"{name}'s hand names a card they cannot hold."}
            raise error
    # The entered hand is their secret until the game is over (rules_engine.secrets).
    game = _attribute(state, game, seat, new_cards, proof="shown", private=True)
    return replace(state, game=_settle_pool(state, game))
