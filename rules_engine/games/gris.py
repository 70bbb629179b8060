"""Gris ("tummen upp") — 4 to 8 players, a deck cut by the player count; the last thumb loses.

Source: rule file 002 (``/work/shared/rules/002_e892b3b3fe26babb.txt``), section "Gris
regler" and its part "så här spelar ni" (to the end of the file). Cited in refusals as
"Gris — <part>": Kortleken (the deck by player count), Given (the deal), Grisen (♣6 passed on),
Kvartetten (the quartet and the thumb), Förlust (the last thumb loses and deals next),
Protokoll (how losses are counted; the text says nothing of it).

How a deal runs, as the text says it
------------------------------------
The deck: with seven or eight players the twos and threes are set aside; with five or six the
fours too; with four the fives too (``SET_ASIDE``): 44, 40 or 36 cards. The catalog lists
the deck for each player count (``deck_for``; its ``deck`` is the largest, every card a Gris
table can hold), and a table's view says its deck (``describe``: cards and ranks set aside).
The dealer shuffles and deals one card at a time as far as the cards go; not everyone need
get as many. Whoever got ♣6, *grisen*, starts
by passing it face up to the player on their left and gets another card back, hidden, so that
nobody else sees it. The one who got grisen passes it on to their left the same way, and so on.
The aim is a quartet in hand, four cards of one rank; the four sixes, grisen among them, are a
quartet too. A player with a quartet quietly puts a thumb against the table edge (or up in
the air), now or a little later for the suspense. As soon as the others see it they do the
same. The last to do it has lost, and shuffles and deals next time.

What the companion tracks and checks
------------------------------------
The app does not see hands. It knows where grisen is, since it travels face up: only its
holder can pass it, always to the left (``pass``). It records the thumbs in the order they go
up (``thumb``); when all but one are up, the last player has lost and deals the next deal. The
first thumb may name the rank of the quartet (``rank``): the rank must be in this deck (no
twos with seven players), and a quartet of sixes needs grisen, so it must be the holder of
grisen who shows it. Quick entry (``result``) records the loser of a deal in one entry.

Interpretations (where the text is silent; the rules page lists them too)
---------------------------------------------------------------------------
- The deal goes one card at a time from the dealer's left, so the players who get a card
  more are the first ones from their left (``describe`` shows the hand sizes).
- The hidden card comes from the player who receives grisen (they give one back in exchange).
  Passing grisen is the only way cards change hands, so the app counts each pass but cannot
  check the hidden card.
- The first thumb goes up "i smyg", quietly, and the others only follow "så snart de andra
  observerar tummen": until they see it they go on passing grisen. So a ``pass`` after a
  thumb is accepted (from the holder of grisen, as always), until the last thumb ends the
  deal; who passes when is the table's affair, not a rule. Only the first thumb, the
  quartet's, may name a rank.
- A false signal (no quartet) is not in the text; the table settles it and can undo the entry.
- The first dealer is the table's first dealer; after that the loser deals ("måste blanda och
  ge nästa gång").
- The protokoll (option ``count``): ``tally`` (default) counts each player's losses; with
  option ``deals`` the match ends after that many deals (0 = until you stop) and the fewest
  losses win. ``letters``: each loss earns the next letter of ``word`` (GRIS by default); the
  first to spell the whole word is the gris and the match ends.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import FRENCH52, Card, Deck
from ..errors import Finding, RuleViolation
from ..events import EventSpec
from ..protocol import check_players, Expectation, Expected, option, RuleSection
from ..sheet import Sheet, SheetRow
from ..tricks import next_seat, seats_from

ID = "gris"
TITLE = "Gris (tummen upp)"
ALIASES = ("tummen upp", "tummen-upp", "tummen_upp", "grisen")
MIN_PLAYERS, MAX_PLAYERS = 4, 8
# The catalog's deck: every card a Gris table can hold, the deck for seven or eight players
# (44 cards); a table plays ``deck_for(players)`` (36, 40 or 44 cards), see SET_ASIDE, and the
# catalog lists that deck for each player count.

# --- the rule text as data -------------------------------------------------------------------
SET_ASIDE = {  # ranks laid aside by player count
    4: ("2", "3", "4", "5"),
    5: ("2", "3", "4"), 6: ("2", "3", "4"),
    7: ("2", "3"), 8: ("2", "3"),
}
GRISEN = Card("♣", "6")
QUARTET = 4  # four cards of one rank; the four sixes with grisen count too
RANK_CHOICES = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")

R_DECK = "Gris — Kortleken"
R_DEAL = "Gris — Given"
R_PIG = "Gris — Grisen"
R_QUARTET = "Gris — Kvartetten"
R_LOSS = "Gris — Förlust"
R_SHEET = "Gris — Protokoll"

RULES = (
    RuleSection(R_DECK,
                "Sju eller åtta spelare: tvåor och treor läggs undan; fem eller sex: även "
                "fyror; fyra: även femmor.",
                "Seven or eight players: the twos and threes are set aside; five or six: the "
                "fours too; four: the fives too."),
    RuleSection(R_DEAL,
                "Given blandar och ger ett kort i taget så långt korten räcker; alla behöver "
                "inte få lika många.",
                "The dealer shuffles and deals one card at a time as far as they go; not "
                "everyone need get as many."),
    RuleSection(R_PIG,
                "Den som fått klöver 6, grisen, skickar den öppet till vänster och får ett "
                "annat kort dolt i utbyte; mottagaren skickar den vidare på samma sätt.",
                "Whoever got ♣6, grisen, passes it face up to the left and gets another card "
                "back hidden; the receiver passes it on the same way."),
    RuleSection(R_QUARTET,
                "Fyra kort av samma valör är en kvartett, även de fyra sexorna med grisen. Den "
                "som har en sätter i smyg tummen mot bordskanten (eller upp), gärna lite "
                "senare; de andra gör likadant så snart de ser det.",
                "Four cards of one rank are a quartet, the four sixes with grisen too. Whoever "
                "has one quietly puts a thumb against the table edge (or up), maybe a little "
                "later; the others do the same as soon as they see it."),
    RuleSection(R_LOSS,
                "Den som är sist med tummen har förlorat och blandar och ger nästa gång.",
                "The last with their thumb has lost, and shuffles and deals next time."),
    RuleSection(R_SHEET,
                "Tillval (inte i texten): förlusterna räknas, eller en bokstav per förlust "
                "tills någon stavat GRIS.",
                "Option (not in the text): the losses are counted, or a letter per loss until "
                "someone has spelt GRIS."),
)


@dataclass(frozen=True)
class Options:
    count: str = option("tally", ("tally", "letters"),
        sv="Protokollet räknar förluster (förval) eller delar ut en bokstav per förlust "
           "tills någon stavat hela ordet.",
        en="The protokoll counts losses (default) or gives a letter per loss until "
           "someone has spelt the whole word.")
    word: str = option("GRIS", ("GRIS", "GRISEN", "PIG"),
        sv="Ordet som stavas med bokstäver (förval GRIS).",
        en="The word spelt with letters (default GRIS).")
    deals: int = option(10, (5, 10, 20, 0),
        sv="Räkna förluster: antal givar i partiet (0 = tills ni slutar).",
        en="Counting losses: deals in the match (0 = until you stop).")


_RANK_KIND = "choice:" + "|".join(RANK_CHOICES)
EVENTS = {
    "deal": EventSpec({"grisen": "seat"},
                      help_sv="Korten är givna: vem fick grisen (klöver 6)?",
                      help_en="The cards are dealt: who got grisen (♣6)?"),
    "pass": EventSpec({"seat": "seat"},
                      help_sv="Skickar grisen öppet till vänster och får ett dolt kort.",
                      help_en="Passes grisen face up to the left and gets a hidden card."),
    "thumb": EventSpec({"seat": "seat"}, {"rank": _RANK_KIND},
                       help_sv="Tummen upp (den första: kvartetten, valfritt dess valör).",
                       help_en="Thumb up (the first: the quartet, optionally its rank)."),
    "result": EventSpec({"loser": "seat"}, {"signal": "seat", "rank": _RANK_KIND},
                        help_sv="Snabbinmatning av en giv: vem var sist (och vem hade "
                                "kvartetten, i vilken valör).",
                        help_en="Quick entry of a deal: who was last (and who had the "
                                "quartet, of which rank)."),
}

LABELS = {
    "events": {
        "deal": ("Korten är givna", "Cards dealt"), "pass": ("Skickar grisen", "Passes grisen"),
        "thumb": ("Tummen upp", "Thumb up"), "result": ("Snabbinmatning", "Quick entry"),
    },
    "fields": {
        "grisen": ("Vem fick grisen (♣6)?", "Who got grisen (♣6)?"),
        "rank": ("Kvartettens valör", "Rank of the quartet"),
        "loser": ("Vem var sist?", "Who was last?"),
        "signal": ("Vem hade kvartetten?", "Who had the quartet?"),
    },
    "nouns": {
        "grisen": ("grisen", "grisen"), "rank": ("valör", "rank"), "loser": ("sist", "last"),
        "signal": ("kvartett", "quartet"), "thumbs": ("tummar", "thumbs"),
        "losses": ("förluster", "losses"), "letters": ("bokstäver", "letters"),
    },
    "values": {
        "tally": ("Räkna förluster", "Count losses"),
        "letters": ("Bokstäver", "Letters"),
        "A": ("Ess", "Aces"), "K": ("Kungar", "Kings"), "Q": ("Damer", "Queens"),
        "J": ("Knektar", "Jacks"), "10": ("Tior", "Tens"), "9": ("Nior", "Nines"),
        "8": ("Åttor", "Eights"), "7": ("Sjuor", "Sevens"), "6": ("Sexor", "Sixes"),
        "5": ("Femmor", "Fives"), "4": ("Fyror", "Fours"), "3": ("Treor", "Threes"),
        "2": ("Tvåor", "Twos"),
    },
}


def deck_for(players: int) -> Deck:
    """The deck a table of ``players`` plays with (``SET_ASIDE``), named by its size."""
    aside = SET_ASIDE[players]
    cards = tuple(c for c in FRENCH52.cards if c.rank not in aside)
    return Deck(f"gris{len(cards)}", cards, FRENCH52.rank_order)


DECK = deck_for(MAX_PLAYERS)  # the catalog's deck (see above): 44 cards


def ranks_for(players: int) -> tuple[str, ...]:
    return tuple(r for r in RANK_CHOICES if r not in SET_ASIDE[players])


def hand_sizes(players: int, dealer: int) -> tuple[int, ...]:
    """One card at a time from the dealer's left: the first ones get a card more."""
    per, more = divmod(len(deck_for(players)), players)
    extra = seats_from(next_seat(dealer, players), players)[:more]
    return tuple(per + (1 if s in extra else 0) for s in range(players))


# --- state -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Deal:
    number: int
    dealer: int
    sizes: tuple[int, ...]
    grisen: int | None  # who holds grisen now (None: not entered, quick entry)
    passes: int = 0
    thumbs: tuple[int, ...] = ()  # seats in the order their thumbs went up
    rank: str | None = None  # the quartet's rank, if named
    loser: int | None = None
    quick: bool = False


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    options: Options
    dealer: int
    phase: str = "deal"  # deal, play, over
    deal: Deal | None = None
    deals_played: int = 0
    losses: tuple[int, ...] = ()
    rows: tuple[SheetRow, ...] = ()

    @property
    def n(self) -> int:
        return len(self.players)


def new(players: tuple[str, ...], options: Options | None = None,
        first_dealer: int = 0) -> State:
    players = tuple(players)
    check_players(players, first_dealer, name="Gris",
                  players_range=(MIN_PLAYERS, MAX_PLAYERS), rule=R_DECK, dealer_rule=R_DEAL)
    losses = (0,) * len(players)
    return State(players, options or Options(), first_dealer, losses=losses,
                 rows=(SheetRow.start(losses),))


# --- small helpers -----------------------------------------------------------------------------
def _violation(code: str, rule: str, params: dict[str, Any], sv: str, en: str) -> RuleViolation:
    return RuleViolation(code, rule=rule, params=params, sv=sv, en=en)


def _name(state: State, seat: int) -> str:
    return state.players[seat]


def letters(state: State, seat: int) -> str:
    """The letters of ``word`` a player has earned, one per loss."""
    return state.options.word[:state.losses[seat]]


def _check_rank(state: State, rank: str | None, seat: int | None, deal: Deal) -> None:
    if rank is None:
        return
    if rank not in ranks_for(state.n):
        raise _violation(
            "rank_not_in_deck", R_DECK, {"rank": rank, "players": state.n},
            f"Med {state.n} spelare är {LABELS['values'][rank][0].lower()} undanlagda: "
            "ingen kan ha en kvartett av dem.",
            f"With {state.n} players the {LABELS['values'][rank][1].lower()} are set aside: "
            "nobody can hold a quartet of them.")
    if rank == GRISEN.rank and seat is not None and deal.grisen is not None \
            and deal.grisen != seat:
        raise _violation(
            "sixes_without_grisen", R_QUARTET,
            {"seat": seat, "grisen": deal.grisen},
            f"Sexornas kvartett kräver grisen (♣6), och den har {_name(state, deal.grisen)}, "
            f"inte {_name(state, seat)}.",
            f"The quartet of sixes needs grisen (♣6), and {_name(state, deal.grisen)} holds "
            f"it, not {_name(state, seat)}.")


# --- apply -----------------------------------------------------------------------------------
def apply(state: State, event: dict[str, Any]) -> State:
    """Apply one parsed event (see ``rules_engine.events.parse_event``)."""
    return _HANDLERS[event["type"]](state, event)


def _refuse_phase(state: State, event_type: str) -> RuleViolation:
    exp = expected(state)
    return _violation(
        "not_expected", R_LOSS if state.phase == "over" else R_PIG,
        {"event": event_type, "phase": state.phase, "expected": [i.type for i in exp.inputs]},
        f"Den inmatningen passar inte nu. {exp.prompt_sv}",
        f"That entry does not fit now. {exp.prompt_en}")


def _new_deal(state: State, grisen: int | None) -> Deal:
    return Deal(number=state.deals_played + 1, dealer=state.dealer,
                sizes=hand_sizes(state.n, state.dealer), grisen=grisen)


def _on_deal(state: State, event: dict[str, Any]) -> State:
    if state.phase != "deal":
        raise _refuse_phase(state, "deal")
    return replace(state, phase="play", deal=_new_deal(state, event["grisen"]))


def _on_pass(state: State, event: dict[str, Any]) -> State:
    if state.phase != "play":
        raise _refuse_phase(state, "pass")
    deal = state.deal
    assert deal is not None
    seat = event["seat"]
    # A thumb up does not stop the passing: it goes up "i smyg", and the others pass on
    # until they see it (see the module docstring).
    if seat != deal.grisen:
        raise _violation(
            "not_holding_grisen", R_PIG, {"seat": seat, "grisen": deal.grisen},
            f"Grisen ligger hos {_name(state, deal.grisen)}; bara den som har den skickar "
            "den vidare.",
            f"Grisen is with {_name(state, deal.grisen)}; only its holder passes it on.")
    deal = replace(deal, grisen=next_seat(seat, state.n), passes=deal.passes + 1)
    return replace(state, deal=deal)


def _on_thumb(state: State, event: dict[str, Any]) -> State:
    if state.phase != "play":
        raise _refuse_phase(state, "thumb")
    deal = state.deal
    assert deal is not None
    seat, rank = event["seat"], event.get("rank")
    if seat in deal.thumbs:
        raise _violation("already_thumbed", R_QUARTET, {"seat": seat},
                         f"{_name(state, seat)} har redan tummen uppe.",
                         f"{_name(state, seat)} already has their thumb up.")
    if rank is not None and deal.thumbs:
        raise _violation(
            "rank_only_first", R_QUARTET, {"seat": seat, "first": deal.thumbs[0]},
            f"Bara den första tummen är kvartettens; {_name(state, seat)} följer bara efter.",
            f"Only the first thumb is the quartet's; {_name(state, seat)} only follows.")
    _check_rank(state, rank, seat, deal)
    deal = replace(deal, thumbs=deal.thumbs + (seat,), rank=rank if rank else deal.rank)
    state = replace(state, deal=deal)
    if len(deal.thumbs) == state.n - 1:
        loser = next(s for s in range(state.n) if s not in deal.thumbs)
        return _finish_deal(state, loser)
    return state


def _on_result(state: State, event: dict[str, Any]) -> State:
    """Quick entry: the loser of the deal (and who signalled, of which rank)."""
    if state.phase == "deal":
        state = replace(state, phase="play", deal=replace(_new_deal(state, None), quick=True))
    if state.phase != "play":
        raise _refuse_phase(state, "result")
    deal = state.deal
    assert deal is not None
    loser, signal, rank = event["loser"], event.get("signal"), event.get("rank")
    if loser in deal.thumbs:
        raise _violation("loser_had_thumb_up", R_LOSS, {"seat": loser},
                         f"{_name(state, loser)} hade redan tummen uppe och var inte sist.",
                         f"{_name(state, loser)} already had their thumb up and was not last.")
    if signal is not None and signal == loser:
        raise _violation(
            "signal_is_loser", R_LOSS, {"seat": signal},
            "Den som visade kvartetten var först med tummen, inte sist.",
            "The one who showed the quartet was first with their thumb, not last.")
    if signal is not None and deal.thumbs and deal.thumbs[0] != signal:
        raise _violation(
            "signal_mismatch", R_QUARTET, {"signal": signal, "first": deal.thumbs[0]},
            f"Protokollet säger att {_name(state, deal.thumbs[0])} var först med tummen.",
            f"The log says {_name(state, deal.thumbs[0])} was first with their thumb.")
    if rank is not None and deal.rank is not None and rank != deal.rank:
        raise _violation("rank_mismatch", R_QUARTET, {"rank": rank, "recorded": deal.rank},
                         "Kvartettens valör är redan angiven.",
                         "The quartet's rank is already entered.")
    _check_rank(state, rank, signal if signal is not None else (
        deal.thumbs[0] if deal.thumbs else None), deal)
    first = deal.thumbs[:1] or ((signal,) if signal is not None else ())
    rest = tuple(s for s in range(state.n) if s != loser and s not in first
                 and s not in deal.thumbs)
    deal = replace(deal, thumbs=deal.thumbs + (first if not deal.thumbs else ()) + rest,
                   rank=deal.rank or rank)
    return _finish_deal(replace(state, deal=deal), loser)


def _finish_deal(state: State, loser: int) -> State:
    deal = state.deal
    assert deal is not None
    deal = replace(deal, loser=loser)
    losses = tuple(c + (1 if s == loser else 0) for s, c in enumerate(state.losses))
    state = replace(state, losses=losses, deal=deal, deals_played=state.deals_played + 1)
    word = state.options.word
    letter_mode = state.options.count == "letters"
    marks = tuple(letters(state, s) for s in range(state.n)) if letter_mode else ()
    name = _name(state, loser)
    sv, en = f"Giv {deal.number}: {name} sist", f"Deal {deal.number}: {name} last"
    if letter_mode:
        sv += f" – {letters(state, loser)}"
        en += f" – {letters(state, loser)}"
    changes = tuple(1 if s == loser else None for s in range(state.n))
    row = SheetRow("deal", sv, en, changes, losses, deal.number, marks)
    state = replace(state, rows=state.rows + (row,), dealer=loser)  # the loser deals next
    if letter_mode:
        over = losses[loser] >= len(word)
    else:
        over = state.options.deals > 0 and state.deals_played >= state.options.deals
    return replace(state, phase="over" if over else "deal")


_HANDLERS = {"deal": _on_deal, "pass": _on_pass, "thumb": _on_thumb, "result": _on_result}


# --- what comes next -------------------------------------------------------------------------
def expected(state: State) -> Expected:
    ranks = list(ranks_for(state.n))
    quick = Expectation("result", fields={"rank": ranks})
    if state.phase == "over":
        return Expected("over", "Partiet är slut.", "The match is over.")
    if state.phase == "deal":
        dealer = _name(state, state.dealer)
        return Expected(
            "deal", f"{dealer} blandar och ger. Vem fick grisen (♣6)?",
            f"{dealer} shuffles and deals. Who got grisen (♣6)?", state.dealer,
            (Expectation("deal", state.dealer, fields={"grisen": list(range(state.n))}), quick))
    deal = state.deal
    assert deal is not None
    waiting = [s for s in range(state.n) if s not in deal.thumbs]
    thumb_fields = {} if deal.thumbs else {"rank": ranks}
    thumbs = tuple(Expectation("thumb", s, fields=dict(thumb_fields)) for s in waiting)
    holder = deal.grisen
    if deal.thumbs:
        up = ", ".join(_name(state, s) for s in deal.thumbs)
        # The thumbs go up quietly: grisen may go on until the others see them.
        passing = (Expectation("pass", holder),) if holder is not None else ()
        return Expected("thumbs", f"Tummen upp: {up}. Vem blir sist?",
                        f"Thumbs up: {up}. Who is last?", None, thumbs + passing + (quick,))
    if holder is None:
        return Expected("play", "Vem sätter tummen upp först?", "Whose thumb goes up first?",
                        None, thumbs + (quick,))
    name = _name(state, holder)
    left = _name(state, next_seat(holder, state.n))
    return Expected(
        "play", f"{name} har grisen och skickar den till {left}; håll utkik efter tummar.",
        f"{name} has grisen and passes it to {left}; watch for thumbs.", holder,
        (Expectation("pass", holder),) + thumbs + (quick,))


# --- reading the state -----------------------------------------------------------------------
def is_over(state: State) -> bool:
    return state.phase == "over"


def _fewest(state: State) -> tuple[int, ...]:
    low = min(state.losses)
    return tuple(s for s, c in enumerate(state.losses) if c == low)


def _gris(state: State) -> int | None:
    """In the letters count, the player who spelt the whole word."""
    if state.options.count != "letters":
        return None
    return next((s for s, c in enumerate(state.losses) if c >= len(state.options.word)), None)


def sheet(state: State) -> Sheet:
    over = state.phase == "over"
    fewest = _fewest(state)
    gris = _gris(state)
    return Sheet(players=state.players, rows=state.rows, totals=state.losses,
                 next_dealer=None if over else state.dealer,
                 winner=fewest[0] if over and len(fewest) == 1 else None,
                 out=(gris,) if gris is not None else (),
                 notes={"count": state.options.count, "direction": "losses",
                        "word": state.options.word if state.options.count == "letters"
                        else None,
                        "letters": [letters(state, s) for s in range(state.n)]
                        if state.options.count == "letters" else None,
                        "gris": gris, "deals_played": state.deals_played})


def result(state: State) -> dict[str, Any] | None:
    if state.phase != "over":
        return None
    most = max(state.losses)
    fewest = _fewest(state)
    out: dict[str, Any] = {
        "losses": list(state.losses),
        "losers": [s for s, c in enumerate(state.losses) if c == most],
        "winner": fewest[0] if len(fewest) == 1 else None, "winners": list(fewest),
    }
    if state.options.count == "letters":
        out["gris"] = _gris(state)
        out["letters"] = [letters(state, s) for s in range(state.n)]
    return out


def findings(state: State) -> tuple[Finding, ...]:
    """Gris proves nothing later: what the app can check, it checks when it is entered."""
    return ()


def describe(state: State) -> dict[str, Any]:
    deal = state.deal
    out: dict[str, Any] = {
        "phase": state.phase, "dealer": state.dealer, "losses": list(state.losses),
        "deals_played": state.deals_played,
        "deck": {"cards": len(deck_for(state.n)), "set_aside": list(SET_ASIDE[state.n])},
        "deal": None,
    }
    if state.options.count == "letters":
        out["letters"] = [letters(state, s) for s in range(state.n)]
    if deal is not None:
        out["deal"] = {
            "number": deal.number, "dealer": deal.dealer, "hand": list(deal.sizes),
            "grisen": deal.grisen, "passes": deal.passes, "thumbs": list(deal.thumbs),
            "rank": deal.rank, "loser": deal.loser, "quick": deal.quick,
        }
    return out
