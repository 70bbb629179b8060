"""Skitgubbe (mas, mjölnar-matte) — three players, 52 cards, two phases; the last with cards
left loses and is the *skitgubbe*.

Source: rule file 002, section "Skitgubbe regler" (from its top to "Fyrtioett regler": the
number of players and cards, "Så här spelar ni Skitgubbe", "Första fasen", "Andra fasen",
"Exempel", "Varianter"). Cited in refusals as "Skitgubbe — <part>": Given, Första fasen,
Andra fasen, Varianter, Förloraren.

How a game runs, as the text says it
------------------------------------
The dealer gives three cards to each player, one at a time; the rest is the talon, face down.

*Phase one* is tricks between two players at a time. The leader plays any card against the
player on their left, who answers with any card. Suits do not matter: the higher card wins.
Two cards of the same rank *stunsa*: both players add a new card to the trick until one of
them plays higher and takes it, so a trick always holds an even number of cards. The winner
lays the trick face down in front of them and leads against the player on their left: forehand
always plays against efterhand, efterhand against the dealer, the dealer against forehand.
Everyone draws from the talon as soon as they have played a card, so that they hold three again.
Instead of a card from their hand a player may *våga*: turn the talon's top card unseen and
put it on the trick, when leading as well as when answering. When only one card is left in
the talon, the player due to draw it lays it before them without looking at it. The tricks go
on as long as the cards in hand allow; a last trick left undecided in a stunsa goes back to
its two players' hands. Then the player who took the last talon card turns it, shows it to
everyone and takes it up: its suit is trumps in phase two.

*Phase two*: everybody takes up the tricks they won. The taker of the last talon card leads.
All three play in turn; one card or several at a time, several only in one suit and in
sequence. Each play must beat the previous player's card: higher in the led suit, or a
trump — and a player must follow suit if they can, trumping only when void in the led suit.
Playing lower (*krypa*) or discarding (*saka*) is never allowed. A player who cannot or will
not beat takes the previous player's cards up on their hand: they *super*. The plays lie apart,
so everyone sees who played what. After three plays to a trick (whoever made them) its cards
are turned away, out of the game, and the player who made the last play leads the next.
The last player holding cards is the skitgubbe.

Variants (options): phase two one card at a time (``one_card``); *överstickstvång*, a
player must beat or trump when they can and may take up only when they cannot (``must_beat``).

What the app knows (design principle 3)
---------------------------------------
It does not see the hands, but it counts them exactly: three dealt, one drawn after every
card from hand while the talon lasts, the last talon card set aside. In phase one any card
goes, so it checks turn, the talon and that no card comes twice. Phase two is where it
knows a great deal: every card won in phase one was seen, so the app knows which cards
each player picks up; it knows the cards given back from an undecided last trick, the
trump card, and every group a player takes up. Only the cards that stayed unplayed in the
hands are unknown, and it knows how many each player holds. So it refuses at once a card
known to be in another hand, on the table or turned away; a card of a player whose every
card is known; trumping by a player known to hold the led suit; a lower card or a card of
a third suit; and, with ``must_beat``, a take-up by a player known to hold a card that
beats. When only one player still holds unknown cards they are all theirs. A player may show
their hand (event ``hand``); from then on all their cards are known.

The ``hand`` entry is ``PRIVATE`` to its seat until the game is over: cards known only
through it (``Held.private``), and what the app infers with them, are sealed in ``describe``,
left out of the public hints, and refusals and findings resting on them carry
``private_to`` with a wording that names no card.

What it can only prove later becomes a finding naming both moments (the text sets no
penalty, so the table decides): a player trumped (claiming a void in the led suit) and
later shows a card of that suit that they held all along (``revoke_proven``); with
``must_beat``, a player took up and later shows a card they held then that would have beaten
the cards on top in their suit (``could_have_beaten``). "Held all along" means one of the
unknown cards of their phase-one hand: cards taken up later prove nothing.

Interpretations (where the text is silent or ambiguous; also on docs/rules/skitgubbe.md)
-----------------------------------------------------------------------------------------
- Seats are numbered clockwise; "to the left" is the next seat clockwise. Forehand is the
  dealer's left, efterhand forehand's left. The dealer of the next game is the next player
  clockwise (option ``next_dealer``: or the skitgubbe deals).
- The ace is high and the two low, in both phases; a run is in sequence by that order (no
  ace–two wrap).
- In a stunsa the leader adds their card first, then the answerer (this decides who draws the
  last talon card). Våga is allowed in a stunsa round too ("oavsett om han spelar ut först
  till sticket eller svarar på utspel"), but never with the last talon card: it is reserved
  for the player due to draw it.
- "Så långt det är möjligt": the tricks stop when the winner of the last trick, or the
  player on their left, has no card left; a stunsa stops undecided when either of its two
  players has no card left to add, and its cards go back to the hands they came from.
- Phase two goes clockwise; a player without cards is skipped and stays out even when their
  last cards are taken up by the next player.
- Beating a group means beating its highest card; a run that beats has its lowest card above
  it. A trump on top of a plain-suit lead is beaten only by a higher trump, and trumping —
  over a trump too — is allowed only when void in the led suit.
- Supa takes up the group on top of the table, whoever played it: in the text's example A,
  facing their own ♣9 after C has taken up B's run, may take it back (or beat it, as they do).
  On an empty table there is nothing to take up: the player leads.
- A take-up is not a play: "tre gånger" counts the groups lying on the table. When a take-up
  empties the table, the next player leads (the trick keeps its number).
- If the player who made the third play has no cards left, the next player with cards leads.
- Phase one ends with at least one card in the taker's hand (the trump card), so phase two
  can always begin; a player who has no cards when it begins is already out.
- Compulsory beating can leave no way out: over a card on the table the player to move must
  beat and plays, say, ♣K; the next cannot beat it and must take it up; and so on, the same
  cards going round for ever (the random playouts meet this). The text does not say what
  then. The app notices when a position comes back (the cards in each hand as far as it
  knows them, the table and the turn — unknown cards never move until played, so equal
  knowledge is an equal position) and reports it once per game as a finding naming both
  moves (``endless_round``); the table decides, e.g. by entering the skitgubbe. Without the
  variant anyone may take up at will, so a repeat is the players' choice and not reported.
- The match: the protokoll counts losses, one per game to its skitgubbe. Option
  ``match_games`` ends the match after that many games (0, the default: play on); the
  winner is the player with fewest losses, none on a tie.
- Quick entry (``result``, the skitgubbe) is taken at any time in a game; the rest of that
  game is then not entered. In phase two the skitgubbe named must still hold cards.
- Beginning at phase two: phase one has nothing to referee (any card goes, the app only
  counts), so a table may play it without entering its ~50 cards. At the start of a game,
  before any card of phase one is entered, the ``trump`` entry may carry who took the last
  talon card (``seat``; they lead phase two, as the text says) and how many cards each player
  takes up (``hands``: one count per player, 52 in all, at least the trump card for its
  taker). The app then knows the trump card in the taker's hand and that every other card is
  in some hand, as many in each as entered; from there phase two, its checks and findings
  and the protokoll are exactly as after a phase one entered card by card (the cards a
  player won are simply not known until they play or show them). After a phase one entered
  card by card, ``hands`` may be given too and must match what the app counted.

Where the code is
-----------------
This module: the rule tables, the state, what is expected next, the loser and the protokoll.
``skitgubbe_one``: phase one (the duels, stunsa, våga, the talon and the trump card, or a game
begun at phase two). ``skitgubbe_two``: phase two (who holds what, the plays that must beat,
supa, a hand shown, and the claims a later card proves false — worded with
``knowledge.proof_words`` like every game's findings proven later).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .. import hands as hand_entry
from ..cards import FRENCH52, SUIT_NAMES, Card, format_cards
from ..errors import EventFormatError, Finding, RuleViolation
from ..errors import violation as _violation
from ..secrets import sealed
from ..events import EventSpec
from ..protocol import (check_players, Expectation, Expected, not_expected, option,
                        RuleSection)
from ..sheet import Sheet, SheetRow

ID = "skitgubbe"
TITLE = "Skitgubbe"
ALIASES = ("mas", "mjölnar-matte", "mjolnar-matte", "skitgumma")
MIN_PLAYERS, MAX_PLAYERS = 3, 3
DECK = FRENCH52  # "Skitgubbe antal kort: 52", ace high

# --- the rule text as data -----------------------------------------------------------------
N_SEATS = 3
HAND = 3  # "Ge 3 kort till varje spelare" — and draw back to three
TALON = len(DECK) - N_SEATS * HAND  # 43 cards face down
LAST_TALON_CARD = 1  # "När bart kort återstår av talongen": set aside unseen, then trumps
PLAYS_PER_TRICK = 3  # "Så snart det spelats tre gånger till ett stick"
LOSS = 1  # one loss in the protokoll for the skitgubbe

R_DEAL = "Skitgubbe — Given"
R_ONE = "Skitgubbe — Första fasen"
R_TWO = "Skitgubbe — Andra fasen"
R_VARIANTS = "Skitgubbe — Varianter"
R_LOSER = "Skitgubbe — Förloraren"

RULES = (
    RuleSection(R_DEAL,
                "Tre spelare, 52 kort. Given ger 3 kort var, ett och ett; resten är talongen "
                "med baksidan upp. Förhand sitter till vänster om given.",
                "Three players, 52 cards. The dealer gives 3 cards each, one at a time; the "
                "rest is the talon, face down. Forehand sits on the dealer's left."),
    RuleSection(R_ONE,
                "Stick mellan två: utspelaren mot spelaren till vänster, vilket kort som helst, "
                "högsta kortet vinner, färgen betyder inget. Lika valör stunsar: båda lägger "
                "ett nytt kort tills det avgörs. Dra till tre efter varje kort. Våga: vänd "
                "talongens översta kort i stället. Sista talongkortet tas osett; det blir trumf.",
                "Tricks between two: the leader against the player on their left, any card, the "
                "higher card wins, suits do not matter. Equal ranks stunsa: both add a card "
                "until decided. Draw back to three after each card. Våga: turn the talon's top "
                "card instead. The last talon card is taken unseen; it makes trumps."),
    RuleSection(R_TWO,
                "Alla tar upp sina stick. Den som fick sista talongkortet spelar ut. Ett kort "
                "eller en svit i en färg; slå över i utspelsfärgen, trumfa bara som renons, "
                "aldrig krypa eller saka; annars supa: ta upp föregående spelares kort. Efter "
                "tre spel vänds sticket bort och den som spelade sist spelar ut.",
                "Everyone takes up their tricks. The taker of the last talon card leads. One card "
                "or a run in one suit; beat in the led suit, trump only when void, never play "
                "lower or discard; else supa: take up the previous player's cards. After three "
                "plays the trick is turned away and the last player leads."),
    RuleSection(R_VARIANTS,
                "Varianter: i andra fasen bara ett kort åt gången; överstickstvång: man måste "
                "slå över eller trumfa om man kan.",
                "Variants: in phase two one card at a time; compulsory beating: one must beat "
                "or trump when able."),
    RuleSection(R_LOSER,
                "Den som sist sitter kvar med kort på handen har förlorat: skitgubben. "
                "Protokollet räknar förlusterna.",
                "The last player left holding cards has lost: the skitgubbe. The protokoll "
                "counts the losses."),
)


@dataclass(frozen=True)
class Options:
    one_card: bool = option(
        False,
        sv="Andra fasen: bara ett kort åt gången, inga sviter (vanlig variant).",
        en="Phase two: one card at a time, no runs (a common variant).")
    must_beat: bool = option(
        False,
        sv="Överstickstvång: man måste slå över eller trumfa om man kan, och får supa "
           "bara när man inte kan.",
        en="Compulsory beating: one must beat or trump when able, and may take up only "
           "when unable.")
    next_dealer: str = option(
        "left", ("left", "loser"),
        sv="Nästa giv: spelaren till vänster ger (förval) eller skitgubben ger.",
        en="Next game: the player on the left deals (default) or the skitgubbe deals.")
    match_games: int = option(
        0,
        sv="Partiet slutar efter så många spel (0: spela vidare; protokollet räknar "
           "förlusterna).",
        en="The match ends after this many games (0: play on; the protokoll counts the "
           "losses).")


# --- events --------------------------------------------------------------------------------
EVENTS = {
    "play": EventSpec({"seat": "seat", "card": "card"},
                      help_sv="Ett kort från handen (båda faserna).",
                      help_en="One card from the hand (both phases)."),
    "vaga": EventSpec({"seat": "seat", "card": "card"},
                      help_sv="Våga: talongens översta kort vänds upp och läggs på sticket.",
                      help_en="Våga: the talon's top card is turned and put on the trick."),
    "trump": EventSpec({"card": "card"}, {"seat": "seat", "hands": "list"},
                       help_sv="Sista talongkortet vänds upp: dess färg är trumf. I början av "
                               "ett spel: börja i andra fasen — trumfkortet, vem som tog det "
                               "(och spelar ut) och hur många kort var och en har.",
                       help_en="The last talon card is turned: its suit is trumps. At the "
                               "start of a game: begin at phase two — the trump card, who "
                               "took it (they lead) and how many cards each player holds."),
    "run": EventSpec({"seat": "seat", "cards": "cards"},
                     help_sv="Andra fasen: flera kort i samma färg och i följd.",
                     help_en="Phase two: several cards in one suit, in sequence."),
    "supa": EventSpec({"seat": "seat"},
                      help_sv="Supa: ta upp föregående spelares kort på handen.",
                      help_en="Supa: take up the previous player's cards."),
    "hand": EventSpec({"seat": "seat", "cards": "cards"},
                      help_sv="Andra fasen: en spelare visar (matar in) hela sin hand.",
                      help_en="Phase two: a player shows (enters) their whole hand."),
    "result": EventSpec({"loser": "seat"},
                        help_sv="Snabbinmatning: vem blev skitgubbe i det här spelet.",
                        help_en="Quick entry: who was the skitgubbe in this game."),
}

LABELS = {
    "events": {
        "play": ("Spela ett kort", "Play a card"),
        "vaga": ("Våga", "Våga (turn the talon's top)"),
        "trump": ("Sista talongkortet: trumf", "Last talon card: trumps"),
        "run": ("Spela en svit", "Play a run"),
        "supa": ("Supa (ta upp)", "Supa (take up)"),
        "hand": ("Visa handen", "Show the hand"),
        "result": ("Snabbinmatning: skitgubbe", "Quick entry: the skitgubbe"),
    },
    "fields": {
        "card": ("Kort", "Card"), "cards": ("Korten", "Cards"),
        "loser": ("Vem blev skitgubbe?", "Who is the skitgubbe?"),
        "hands": ("Kort på handen", "Cards in hand"),
    },
    "nouns": {
        "card": ("kort", "card"), "cards": ("kort", "cards"), "loser": ("skitgubbe", "skitgubbe"),
        "hands": ("kort på handen", "cards in hand"),
    },
    "values": {
        "left": ("Spelaren till vänster ger", "The player on the left deals"),
        "loser": ("Skitgubben ger", "The skitgubbe deals"),
        "one": ("Första fasen", "Phase one"), "reveal": ("Trumfkortet", "The trump card"),
        "two": ("Andra fasen", "Phase two"), "over": ("Slut", "Over"),
        "skitgubbe": ("skitgubbe", "skitgubbe"),
    },
}


# --- state ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class DuelPlay:
    """A card put on a phase-one trick, from the hand or turned from the talon (våga)."""

    seat: int
    card: Card
    vaga: bool = False


@dataclass(frozen=True)
class Duel:
    """A phase-one trick between two players; ``plays`` alternate leader, answerer."""

    number: int
    leader: int
    answerer: int
    plays: tuple[DuelPlay, ...] = ()
    winner: int | None = None

    @property
    def to_act(self) -> int:
        return self.leader if len(self.plays) % 2 == 0 else self.answerer

    def cards_of(self, seat: int) -> tuple[Card, ...]:
        return tuple(p.card for p in self.plays if p.seat == seat)


@dataclass(frozen=True)
class Held:
    """A card the app knows to be in a hand, and the phase-two move it came there
    (0: held since phase two began)."""

    card: Card
    since: int
    # Known only through its holder's private hand entry (or inferred with it): their secret
    # until the game is over (rules_engine.secrets).
    private: bool = False


@dataclass(frozen=True)
class Group:
    """One play lying on the table in phase two: a card or a run, apart from the others."""

    seat: int
    cards: tuple[Card, ...]  # low to high
    move: int

    @property
    def suit(self) -> str:
        return self.cards[0].suit

    @property
    def top(self) -> Card:
        return self.cards[-1]


@dataclass(frozen=True)
class Claim:
    """What a move said about a hand that only a later card can disprove.

    ``void``: they trumped, so they held no card of ``suit``. ``cannot_beat``: they took up under
    compulsory beating, so they held no card of ``suit`` above ``above`` (a rank index).
    """

    kind: str
    seat: int
    suit: str
    above: int
    move: int
    trick: int
    shown: tuple[Card, ...]  # the cards that made the claim: their trumps, or the group taken up


@dataclass(frozen=True)
class Game:
    number: int
    dealer: int
    phase: str = "one"  # one, reveal, two, over
    # phase one
    talon: int = TALON
    in_hand: tuple[int, ...] = (HAND,) * N_SEATS  # unknown cards in each hand
    duels: tuple[Duel, ...] = ()
    current: Duel | None = None
    undecided: Duel | None = None  # a last trick left undecided, given back
    last_taker: int | None = None
    trump_card: Card | None = None
    # phase two
    held: tuple[tuple[Held, ...], ...] = ((),) * N_SEATS  # known cards in each hand
    pool: tuple[Card, ...] = ()  # cards in some hand, nobody knows whose
    table: tuple[Group, ...] = ()
    turned_away: tuple[tuple[Group, ...], ...] = ()
    turn: int | None = None
    trick: int = 1
    move: int = 0
    claims: tuple[Claim, ...] = ()
    findings: tuple[Finding, ...] = ()
    out: tuple[int, ...] = ()  # players rid of their cards, in order
    # Compulsory beating: the positions since the last trick turned away, to see play going
    # round in a circle (a position can only come back while no card has left the game).
    positions: tuple[tuple[str, int], ...] = ()
    endless: bool = False  # the circle is reported once per game
    loser: int | None = None
    quick: bool = False
    phase_one_skipped: bool = False  # the game began at phase two (``_skip_phase_one``)

    @property
    def forehand(self) -> int:
        return left_of(self.dealer)

    @property
    def trump(self) -> str | None:
        return self.trump_card.suit if self.trump_card else None

    def count(self, seat: int) -> int:
        """Cards in ``seat``'s hand (phase two): the known ones and the unknown ones."""
        return len(self.held[seat]) + self.in_hand[seat]

    def holding(self) -> tuple[int, ...]:
        """The players who still hold cards in phase two: the ones still in the game."""
        return tuple(s for s in range(N_SEATS) if self.count(s) > 0)

    def known(self, seat: int) -> tuple[Card, ...]:
        return tuple(h.card for h in self.held[seat])


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    options: Options
    game: Game
    losses: tuple[int, ...]
    games_played: int = 0
    rows: tuple[SheetRow, ...] = ()
    past_findings: tuple[Finding, ...] = ()
    over: bool = False
    winner: int | None = None


def new(players: tuple[str, ...], options: Options | None = None,
        first_dealer: int = 0) -> State:
    players = tuple(players)
    options = options or Options()
    check_players(players, first_dealer, name=TITLE, players_range=(N_SEATS, N_SEATS),
                  rule=R_DEAL, sv="Skitgubbe spelas av tre spelare.",
                  en="Skitgubbe is played by three players.")
    if options.match_games < 0:
        raise EventFormatError(
            "bad_option", rule="Spelets alternativ",
            params={"option": "match_games", "value": options.match_games},
            sv="Antalet spel kan inte vara negativt.",
            en="The number of games cannot be negative.")
    return State(players, options, _new_game(1, first_dealer), (0,) * N_SEATS,
                 rows=(SheetRow.start((0,) * N_SEATS),))


def _new_game(number: int, dealer: int) -> Game:
    forehand = left_of(dealer)
    return Game(number=number, dealer=dealer, current=Duel(1, forehand, left_of(forehand)))


# --- small helpers ---------------------------------------------------------------------------
def left_of(seat: int) -> int:
    """The player on ``seat``'s left: the next seat clockwise."""
    return (seat + 1) % N_SEATS


def rank(card: Card) -> int:
    return DECK.rank_value(card)


def _name(state: State, seat: int) -> str:
    return state.players[seat]


def _suit(suit: str, lang: str) -> str:
    return SUIT_NAMES[suit][lang]


def _cards(cards) -> str:
    return format_cards(cards)


def _order(card: Card) -> tuple[int, int]:
    """How a hand is listed: by suit ♠ ♥ ♦ ♣, then by rank."""
    return ("♠♥♦♣".index(card.suit), rank(card))


# --- apply -----------------------------------------------------------------------------------
def apply(state: State, event: dict[str, Any]) -> State:
    """Apply one parsed event (see ``rules_engine.events.parse_event``)."""
    return _HANDLERS[event["type"]](state, event)


def _refuse_phase(state: State, event_type: str, sv: str | None = None,
                  en: str | None = None) -> RuleViolation:
    rule = {"one": R_ONE, "reveal": R_ONE, "two": R_TWO}.get(state.game.phase, R_LOSER)
    return not_expected(expected(state), event_type, state.game.phase, rule, sv=sv, en=en)


def _not_your_turn(state: State, seat: int, turn: int, rule: str) -> RuleViolation:
    return _violation(
        "not_your_turn", rule, {"seat": seat, "expected_seat": turn},
        f"Det är {_name(state, turn)}s tur, inte {_name(state, seat)}s.",
        f"It is {_name(state, turn)}'s turn, not {_name(state, seat)}'s.")


def _on_play(state: State, event: dict[str, Any]) -> State:
    if state.game.phase == "one":
        return _duel_card(state, event["seat"], event["card"], vaga=False)
    if state.game.phase == "two":
        return _play_group(state, event["seat"], (event["card"],))
    raise _refuse_phase(state, "play")


def _on_vaga(state: State, event: dict[str, Any]) -> State:
    if state.game.phase != "one":
        raise _refuse_phase(state, "vaga")
    return _duel_card(state, event["seat"], event["card"], vaga=True)


def _on_run(state: State, event: dict[str, Any]) -> State:
    if state.game.phase != "two":
        raise _refuse_phase(state, "run")
    return _play_group(state, event["seat"], tuple(event["cards"]))


# --- the skitgubbe: the game's end, entered or played out ("Skitgubbe — Förloraren") ---------
def _on_result(state: State, event: dict[str, Any]) -> State:
    game = state.game
    if state.over:
        raise _refuse_phase(state, "result")
    loser = event["loser"]
    if game.phase == "two" and loser not in game.holding():
        raise _violation(
            "loser_has_no_cards", R_LOSER, {"loser": loser},
            f"{_name(state, loser)} har inga kort kvar och kan inte bli skitgubbe.",
            f"{_name(state, loser)} has no cards left and cannot be the skitgubbe.")
    return _finish_game(state, replace(game, phase="over", turn=None, loser=loser, quick=True))


def _finish_game(state: State, game: Game) -> State:
    """The protokoll row for the skitgubbe; the next game, or the end of the match."""
    loser = game.loser
    assert loser is not None
    losses = tuple(n + (LOSS if s == loser else 0) for s, n in enumerate(state.losses))
    changes = tuple(LOSS if s == loser else None for s in range(N_SEATS))
    marks = tuple("skitgubbe" if s == loser else "" for s in range(N_SEATS))
    how_sv, how_en = (" (snabbinmatning)", " (quick entry)") if game.quick else ("", "")
    row = SheetRow("game", f"Spel {game.number}: {_name(state, loser)} skitgubbe{how_sv}",
                   f"Game {game.number}: {_name(state, loser)} skitgubbe{how_en}",
                   changes, losses, game.number, marks)
    played = state.games_played + 1
    state = replace(state, losses=losses, games_played=played, rows=state.rows + (row,),
                    past_findings=state.past_findings + game.findings)
    limit = state.options.match_games
    if limit and played >= limit:
        fewest = min(losses)
        best = [s for s in range(N_SEATS) if losses[s] == fewest]
        return replace(state, game=game, over=True,
                       winner=best[0] if len(best) == 1 else None)
    dealer = loser if state.options.next_dealer == "loser" else left_of(game.dealer)
    return replace(state, game=_new_game(game.number + 1, dealer))


# --- the two phases ---------------------------------------------------------------------------
# Each phase is a sibling module; they read this module's rule tables, state and helpers
# above, so they are imported here, below them (import the game as ``skitgubbe``: its
# siblings load from here).
from .skitgubbe_one import _duel_card, _on_trump, _seen_in_phase_one  # noqa: E402
from .skitgubbe_two import (  # noqa: E402
    _on_hand, _on_supa, _play_group, _private_known, _public_known, _public_pool, beats)


_HANDLERS = {
    "play": _on_play, "vaga": _on_vaga, "trump": _on_trump, "run": _on_run, "supa": _on_supa,
    "hand": _on_hand, "result": _on_result,
}


# --- what comes next -------------------------------------------------------------------------
def allowed_cards(game: Game, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` could put down now, as far as the app knows (a hint, not a check:
    a card in the pool may still be in another hand)."""
    if game.phase == "one":
        seen = _seen_in_phase_one(game)
        return tuple(c for c in DECK.cards if c not in seen)
    if game.phase != "two":
        return ()
    trump = game.trump
    assert trump is not None
    # As far as the whole table knows: an entered hand is private (``legal_cards`` gives the
    # seat its own), and leaving its cards out of the others' hints would tell them.
    known = _public_known(game, seat)
    unknown = game.in_hand[seat] + len(_private_known(game, seat))
    candidates = known + (_public_pool(game) if unknown else ())
    allowed = [c for c in candidates if beats((c,), game.table, trump) is None]
    if game.table and game.table[0].suit != trump and any(
            c.suit == game.table[0].suit for c in known):
        allowed = [c for c in allowed if c.suit != trump]
    return tuple(sorted(allowed, key=_order))


def deal_in_progress(state: State) -> int | None:
    """The game being played (a fresh one begins as soon as the last is over), else
    ``None`` after the match: a hand entry opens once its game is over."""
    return None if state.over or state.game.phase == "over" else state.game.number


# A hand a player shows on their own phone is theirs alone until the game is over.
PRIVATE = hand_entry.PRIVATE


def expected(state: State) -> Expected:
    game = state.game
    if state.over:
        winner = _name(state, state.winner) if state.winner is not None else None
        return Expected("over", "Partiet är slut" + (f": {winner} vann." if winner else "."),
                        "The match is over" + (f": {winner} won." if winner else "."))
    result = Expectation("result", fields={"loser": _possible_losers(game)})
    if game.phase == "one":
        duel = game.current
        assert duel is not None
        seat = duel.to_act
        cards = [str(c) for c in allowed_cards(game, seat)]
        hints = {"card": cards, "trick": duel.number, "leader": duel.leader,
                 "answerer": duel.answerer, "talon": game.talon}
        inputs = [Expectation("play", seat, fields=hints)]
        if game.talon > LAST_TALON_CARD:
            inputs.append(Expectation("vaga", seat, fields=hints))
        if not game.duels and not duel.plays:  # begin at phase two (``_skip_phase_one``)
            inputs.append(Expectation("trump", fields={
                "card": [str(c) for c in DECK.cards], "seat": list(range(N_SEATS)),
                "hands": "required"}))
        stunsa = len(duel.plays) >= 2
        verb_sv = "stunsar" if stunsa else ("spelar ut" if seat == duel.leader else "svarar")
        verb_en = "adds a card (stunsa)" if stunsa else (
            "leads" if seat == duel.leader else "answers")
        other = duel.answerer if seat == duel.leader else duel.leader
        return Expected(
            "one", f"Första fasen, stick {duel.number}: {_name(state, seat)} {verb_sv} "
                   f"mot {_name(state, other)}.",
            f"Phase one, trick {duel.number}: {_name(state, seat)} {verb_en} against "
            f"{_name(state, other)}.", seat, tuple(inputs) + (result,))
    if game.phase == "reveal":
        taker = game.last_taker
        seen = _seen_in_phase_one(game)
        cards = [str(c) for c in DECK.cards if c not in seen]
        return Expected(
            "reveal", f"{_name(state, taker)} vänder upp talongens sista kort: trumf.",
            f"{_name(state, taker)} turns up the last talon card: trumps.", taker,
            (Expectation("trump", taker, fields={"card": cards}), result))
    seat = game.turn
    assert seat is not None
    cards = [str(c) for c in allowed_cards(game, seat)]
    hints: dict[str, Any] = {"trick": game.trick, "trump": game.trump,
                             "led_suit": game.table[0].suit if game.table else None,
                             "top": [str(c) for c in game.table[-1].cards] if game.table else []}
    inputs = [Expectation("play", seat, fields={**hints, "card": cards})]
    if not state.options.one_card:
        inputs.append(Expectation("run", seat, fields={**hints, "cards": cards}))
    if game.table:
        inputs.append(Expectation("supa", seat, fields=hints))
    showable = [s for s in range(N_SEATS) if game.in_hand[s] > 0]
    if showable:
        inputs.append(Expectation("hand", fields={"seat": showable}))
    if game.table:
        top = game.table[-1]
        prompt_sv = (f"Stick {game.trick}: {_name(state, seat)} slår över {_cards(top.cards)} "
                     f"eller super.")
        prompt_en = (f"Trick {game.trick}: {_name(state, seat)} beats {_cards(top.cards)} "
                     f"or takes up.")
    else:
        prompt_sv = f"Stick {game.trick}: {_name(state, seat)} spelar ut."
        prompt_en = f"Trick {game.trick}: {_name(state, seat)} leads."
    return Expected("two", prompt_sv, prompt_en, seat, tuple(inputs) + (result,))


def _possible_losers(game: Game) -> list[int]:
    if game.phase == "two":
        return list(game.holding())
    return list(range(N_SEATS))


# --- reading the state -----------------------------------------------------------------------
def is_over(state: State) -> bool:
    return state.over


def sheet(state: State) -> Sheet:
    return Sheet(players=state.players, rows=state.rows, totals=state.losses,
                 next_dealer=None if state.over else state.game.dealer, winner=state.winner,
                 notes={"counts": "losses", "games": state.games_played,
                        "match_games": state.options.match_games})


def result(state: State) -> dict[str, Any] | None:
    if not state.over:
        return None
    return {"winner": state.winner, "losses": list(state.losses),
            "games": state.games_played}


def findings(state: State) -> tuple[Finding, ...]:
    # A finished game's findings are in ``past_findings`` (the last game of a match that
    # is over stays in ``game`` for the view).
    return state.past_findings + (state.game.findings if state.game.phase != "over" else ())


def describe(state: State) -> dict[str, Any]:
    """The state as JSON for the API and the app.

    Cards that are out of reach appear as ``{seat, card}`` under ``deal`` (the app greys
    those): in phase one every card put on a trick; in phase two the cards on the table
    and the ones turned away. Cards back in a hand are listed as plain strings.
    """
    game = state.game
    deal: dict[str, Any] = {
        "number": game.number, "dealer": game.dealer, "forehand": game.forehand,
        "phase": game.phase, "talon": game.talon, "last_card_taker": game.last_taker,
        "trump": game.trump, "trump_card": str(game.trump_card) if game.trump_card else None,
        "won": [sum(1 for d in game.duels if d.winner == s) for s in range(N_SEATS)],
        "loser": game.loser, "quick": game.quick,
        "phase_one_skipped": game.phase_one_skipped,
    }
    if game.phase in ("one", "reveal") or (game.phase == "over" and game.trump is None):
        deal["hands"] = list(game.in_hand)
        deal["tricks"] = [_duel_json(d) for d in game.duels]
        deal["current"] = _duel_json(game.current) if game.current else None
        deal["undecided"] = _duel_json(game.undecided) if game.undecided else None
    else:
        deal["hands"] = [game.count(s) for s in range(N_SEATS)]
        # What the whole table knows; the cards known only by a hand entry are sealed.
        deal["known"] = [[str(c) for c in _public_known(game, s)] for s in range(N_SEATS)]
        deal["unknown"] = [game.in_hand[s] + len(_private_known(game, s))
                           for s in range(N_SEATS)]
        deal["entered"] = [sealed(s, _private_known(game, s)) if _private_known(game, s)
                           else None for s in range(N_SEATS)]
        deal["phase_one"] = [{"number": d.number, "winner": d.winner,
                              "cards": [str(p.card) for p in d.plays]} for d in game.duels]
        deal["turn"] = game.turn
        deal["out"] = list(game.out)
        deal["tricks"] = [{"number": n, "cards": [{"seat": g.seat, "card": str(c)}
                                                   for g in groups for c in g.cards]}
                          for n, groups in enumerate(game.turned_away, start=1)]
        deal["current"] = {
            "number": game.trick,
            "leader": game.table[0].seat if game.table else game.turn,
            "led_suit": game.table[0].suit if game.table else None,
            "cards": [{"seat": g.seat, "card": str(c)} for g in game.table for c in g.cards],
            "groups": [{"seat": g.seat, "cards": [str(c) for c in g.cards]}
                       for g in game.table]}
    return {"phase": "over" if state.over else game.phase, "dealer": game.dealer,
            "losses": list(state.losses), "games_played": state.games_played,
            "winner": state.winner, "deal": deal}


def _duel_json(duel: Duel) -> dict[str, Any]:
    return {"number": duel.number, "leader": duel.leader, "answerer": duel.answerer,
            "winner": duel.winner,
            "cards": [{"seat": p.seat, "card": str(p.card), "vaga": p.vaga}
                      for p in duel.plays]}
