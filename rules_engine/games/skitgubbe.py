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
player on his left, who answers with any card. Suits do not matter: the higher card wins.
Two cards of the same rank *stunsa*: both players add a new card to the trick until one of
them plays higher and takes it, so a trick always holds an even number of cards. The winner
lays the trick face down in front of him and leads against the player on his left: forehand
always plays against efterhand, efterhand against the dealer, the dealer against forehand.
Everyone draws from the talon as soon as he has played a card, so that he holds three again.
Instead of a card from his hand a player may *våga*: turn the talon's top card unseen and
put it on the trick, when leading as well as when answering. When only one card is left in
the talon, the player due to draw it lays it before him without looking at it. The tricks go
on as long as the cards in hand allow; a last trick left undecided in a stunsa goes back to
its two players' hands. Then the player who took the last talon card turns it, shows it to
everyone and takes it up: its suit is trumps in phase two.

*Phase two*: everybody takes up the tricks he won. The taker of the last talon card leads.
All three play in turn; one card or several at a time, several only in one suit and in
sequence. Each play must beat the previous player's card: higher in the led suit, or a
trump — and a player must follow suit if he can, trumping only when void in the led suit.
Playing lower (*krypa*) or discarding (*saka*) is never allowed. A player who cannot or will
not beat takes the previous player's cards up on his hand: he *super*. The plays lie apart,
so everyone sees who played what. After three plays to a trick (whoever made them) its cards
are turned away, out of the game, and the player who made the last play leads the next.
The last player holding cards is the skitgubbe.

Variants (options): phase two one card at a time (``one_card``); *överstickstvång*, a
player must beat or trump when he can and may take up only when he cannot (``must_beat``).

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
beats. When only one player still holds unknown cards they are all his. A player may show
his hand (event ``hand``); from then on all his cards are known.

The ``hand`` entry is ``PRIVATE`` to its seat until the game is over: cards known only
through it (``Held.private``), and what the app infers with them, are sealed in ``describe``,
left out of the public hints, and refusals and findings resting on them carry
``private_to`` with a wording that names no card.

What it can only prove later becomes a finding naming both moments (the text sets no
penalty, so the table decides): a player trumped (claiming a void in the led suit) and
later shows a card of that suit that he held all along (``revoke_proven``); with
``must_beat``, a player took up and later shows a card he held then that would have beaten
the cards on top in their suit (``could_have_beaten``). "Held all along" means one of the
unknown cards of his phase-one hand: cards taken up later prove nothing.

Interpretations (where the text is silent or ambiguous; also on docs/rules/skitgubbe.md)
-----------------------------------------------------------------------------------------
- Seats are numbered clockwise; "to the left" is the next seat clockwise. Forehand is the
  dealer's left, efterhand forehand's left. The dealer of the next game is the next player
  clockwise (option ``next_dealer``: or the skitgubbe deals).
- The ace is high and the two low, in both phases; a run is in sequence by that order (no
  ace–two wrap).
- In a stunsa the leader adds his card first, then the answerer (this decides who draws the
  last talon card). Våga is allowed in a stunsa round too ("oavsett om han spelar ut först
  till sticket eller svarar på utspel"), but never with the last talon card: it is reserved
  for the player due to draw it.
- "Så långt det är möjligt": the tricks stop when the winner of the last trick, or the
  player on his left, has no card left; a stunsa stops undecided when either of its two
  players has no card left to add, and its cards go back to the hands they came from.
- Phase two goes clockwise; a player without cards is skipped and stays out even when his
  last cards are taken up by the next player.
- Beating a group means beating its highest card; a run that beats has its lowest card above
  it. A trump on top of a plain-suit lead is beaten only by a higher trump, and trumping —
  over a trump too — is allowed only when void in the led suit.
- Supa takes up the group on top of the table, whoever played it: in the text's example A,
  facing his own ♣9 after C has taken up B's run, may take it back (or beat it, as he does).
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
  talon card (``seat``; he leads phase two, as the text says) and how many cards each player
  takes up (``hands``: one count per player, 52 in all, at least the trump card for its
  taker). The app then knows the trump card in the taker's hand and that every other card is
  in some hand, as many in each as entered; from there phase two, its checks and findings
  and the protokoll are exactly as after a phase one entered card by card (the cards a
  player won are simply not known until he plays or shows them). After a phase one entered
  card by card, ``hands`` may be given too and must match what the app counted.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .. import hands as hand_entry
from ..cards import FRENCH52, SUIT_NAMES, Card, format_cards
from ..errors import EventFormatError, Finding, RuleViolation
from ..secrets import sealed
from ..events import EventSpec
from ..protocol import check_first_dealer, Expectation, Expected, RuleSection
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
    one_card: bool = field(default=False, metadata={
        "sv": "Andra fasen: bara ett kort åt gången, inga sviter (vanlig variant).",
        "en": "Phase two: one card at a time, no runs (a common variant)."})
    must_beat: bool = field(default=False, metadata={
        "sv": "Överstickstvång: man måste slå över eller trumfa om man kan, och får supa "
              "bara när man inte kan.",
        "en": "Compulsory beating: one must beat or trump when able, and may take up only "
              "when unable."})
    next_dealer: str = field(default="left", metadata={
        "choices": ("left", "loser"),
        "sv": "Nästa giv: spelaren till vänster ger (förval) eller skitgubben ger.",
        "en": "Next game: the player on the left deals (default) or the skitgubbe deals."})
    match_games: int = field(default=0, metadata={
        "sv": "Partiet slutar efter så många spel (0: spela vidare; protokollet räknar "
              "förlusterna).",
        "en": "The match ends after this many games (0: play on; the protokoll counts the "
              "losses)."})


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
    # Known only through its holder's private hand entry (or inferred with it): his secret
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

    ``void``: he trumped, so he held no card of ``suit``. ``cannot_beat``: he took up under
    compulsory beating, so he held no card of ``suit`` above ``above`` (a rank index).
    """

    kind: str
    seat: int
    suit: str
    above: int
    move: int
    trick: int
    shown: tuple[Card, ...]  # the cards that made the claim: his trumps, or the group taken up


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
    if len(players) != N_SEATS:
        raise RuleViolation(
            "player_count", rule=R_DEAL, params={"players": len(players)},
            sv="Skitgubbe spelas av tre spelare.", en="Skitgubbe is played by three players.")
    check_first_dealer(first_dealer, N_SEATS, R_DEAL)
    if options.match_games < 0:
        raise EventFormatError(
            "bad_option", rule="Spelets alternativ",
            params={"option": "match_games", "value": options.match_games},
            sv="Antalet spel kan inte vara negativt.",
            en="The number of games cannot be negative.")
    start = SheetRow("start", "Start", "Start", (None,) * N_SEATS, (0,) * N_SEATS)
    return State(players, options, _new_game(1, first_dealer), (0,) * N_SEATS, rows=(start,))


def _new_game(number: int, dealer: int) -> Game:
    forehand = left_of(dealer)
    return Game(number=number, dealer=dealer, current=Duel(1, forehand, left_of(forehand)))


# --- small helpers ---------------------------------------------------------------------------
def left_of(seat: int) -> int:
    """The player on ``seat``'s left: the next seat clockwise."""
    return (seat + 1) % N_SEATS


def rank(card: Card) -> int:
    return DECK.rank_value(card)


def _violation(code: str, rule: str, params: dict[str, Any], sv: str, en: str) -> RuleViolation:
    return RuleViolation(code, rule=rule, params=params, sv=sv, en=en)


def _name(state: State, seat: int) -> str:
    return state.players[seat]


def _suit(suit: str, lang: str) -> str:
    return SUIT_NAMES[suit][lang]


def _cards(cards) -> str:
    return format_cards(cards)


# --- apply -----------------------------------------------------------------------------------
def apply(state: State, event: dict[str, Any]) -> State:
    """Apply one parsed event (see ``rules_engine.events.parse_event``)."""
    return _HANDLERS[event["type"]](state, event)


def _refuse_phase(state: State, event_type: str) -> RuleViolation:
    exp = expected(state)
    rule = {"one": R_ONE, "reveal": R_ONE, "two": R_TWO}.get(state.game.phase, R_LOSER)
    return _violation(
        "not_expected", rule,
        {"event": event_type, "phase": state.game.phase,
         "expected": [i.type for i in exp.inputs]},
        f"Den inmatningen passar inte nu. {exp.prompt_sv}",
        f"That entry does not fit now. {exp.prompt_en}")


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


# --- phase one -------------------------------------------------------------------------------
def _seen_in_phase_one(game: Game) -> dict[Card, int]:
    """Every card put on a phase-one trick, with the trick's number."""
    seen: dict[Card, int] = {}
    for duel in game.duels + tuple(d for d in (game.current, game.undecided) if d):
        for play in duel.plays:
            seen[play.card] = duel.number
    return seen


def _can_put(game: Game, seat: int) -> bool:
    """Can ``seat`` put a card on a phase-one trick (from his hand, or by våga)?"""
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
    """The cards each player takes up when phase two begins: his tricks, the cards of an
    undecided last trick, the cards left in his hand, and the trump card for its taker."""
    return tuple(
        sum(len(d.plays) for d in game.duels if d.winner == seat)
        + (len(game.undecided.cards_of(seat)) if game.undecided else 0)
        + game.in_hand[seat] + (1 if seat == taker else 0) for seat in range(N_SEATS))


def _check_hands(state: State, hands: Any, taker: int,
                 known: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """The cards in each hand as a table enters them when phase two begins: one count per
    player, all 52 cards, at least the trump card for its taker (and, after a phase one
    entered card by card, the counts the app already knows)."""
    if (not isinstance(hands, list) or len(hands) != N_SEATS or not all(
            isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in hands)):
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
    the last talon card (he leads, "Den som fick talongens sista kort inleder") and how many
    cards each player takes up. The app then knows the trump card in the taker's hand and
    nothing else: every other card is one of the unknown cards, counted per hand, and phase
    two goes on exactly as after a phase one entered card by card."""
    game = state.game
    if game.duels or (game.current is not None and game.current.plays):
        raise _violation(
            "not_expected", R_ONE, {"event": "trump", "phase": game.phase,
                                    "expected": [i.type for i in expected(state).inputs]},
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
    """Everyone takes up his tricks; the taker of the last talon card takes it up and leads."""
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
    out = tuple(s for s in range(N_SEATS) if not held[s] and not game.in_hand[s])
    game = replace(game, phase="two", trump_card=trump_card, held=tuple(held), pool=pool,
                   turn=taker, trick=1, move=0, out=out)
    game = _settle_pool(state, game)
    return _after_move(state, game, taker, turn_stays=True)


def _order(card: Card) -> tuple[int, int]:
    return ("♠♥♦♣".index(card.suit), rank(card))


# --- phase two: who holds what ---------------------------------------------------------------
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
    """When only one player still holds unknown cards, they are all his."""
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
    """The cards the whole table knows ``seat`` holds (not those only his hand entry says)."""
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
    against what his earlier moves claimed (design principle 3)."""
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
    name = _name(state, claim.seat)
    suit_sv, suit_en = _suit(claim.suit, "sv"), _suit(claim.suit, "en")
    proof_sv, proof_en = (t.format(card=card, trick=game.trick, move=game.move)
                          for t in _PROOF_TEXT[proof])
    params = {"claim_trick": claim.trick, "claim_move": claim.move,
              "claim_cards": [str(c) for c in claim.shown], "proof_trick": game.trick,
              "proof_move": game.move, "proof_card": str(card), "suit": claim.suit}
    if claim.kind == "void":
        return Finding(
            "revoke_proven", R_TWO, claim.seat, params,
            sv=(f"{name} trumfade med {_cards(claim.shown)} i stick {claim.trick} (drag "
                f"{claim.move}) utan att bekänna {suit_sv}, men {proof_sv}, ett kort som funnits "
                f"på handen sedan andra fasen började: felspel i stick {claim.trick}."),
            en=(f"{name} trumped with {_cards(claim.shown)} in trick {claim.trick} (move "
                f"{claim.move}) without following {suit_en}, but {proof_en}, a card they have "
                f"held since phase two began: a revoke in trick {claim.trick}."))
    return Finding(
        "could_have_beaten", R_VARIANTS, claim.seat, params,
        sv=(f"{name} söp {_cards(claim.shown)} i stick {claim.trick} (drag {claim.move}) "
            f"trots överstickstvång, men {proof_sv}, ett kort som funnits på handen sedan andra "
            f"fasen började och som slår över: {name} kunde slå över i stick {claim.trick}."),
        en=(f"{name} took up {_cards(claim.shown)} in trick {claim.trick} (move "
            f"{claim.move}) under compulsory beating, but {proof_en}, a card they have held "
            f"since phase two began that beats it: they could have beaten in trick "
            f"{claim.trick}."))


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
            # Cite what the whole table knows he holds if it suffices; else the entered hand.
            public = [c for c in holding if c in _public_known(game, seat)]
            shown = sorted(public or holding, key=rank)
            raise RuleViolation(
                "must_follow_suit", rule=R_TWO,
                params={"seat": seat, "led_suit": led, "holding": [str(c) for c in shown]},
                sv=f"{_name(state, seat)} har {_cards(shown)} och måste bekänna "
                   f"{_suit(led, 'sv')}: trumfa får man bara som renons.",
                en=f"{_name(state, seat)} holds {_cards(shown)} and must follow "
                   f"{_suit(led, 'en')}: trumping is allowed only when void.",
                private_to=None if public else seat,
                public_sv=f"{_name(state, seat)}s inmatade hand har {_suit(led, 'sv')}: "
                          f"{_name(state, seat)} måste bekänna; trumfa får man bara som renons.",
                public_en=f"{_name(state, seat)}'s entered hand holds {_suit(led, 'en')}: they "
                          "must follow; trumping is allowed only when void.")
        left_unknown = game.in_hand[seat] - len(unknown)
        if left_unknown > 0 and any(c.suit == led for c in game.pool):
            claim = Claim("void", seat, led, -1, game.move + 1, game.trick, run)
    # The cards leave the hand; unknown ones are now known to have been his all along.
    move = game.move + 1
    if unknown:
        game = _attribute(state, replace(game, move=move), seat, unknown, proof="played")
    held = list(game.held)
    held[seat] = tuple(h for h in held[seat] if h.card not in run)
    game = replace(game, held=tuple(held), move=move,
                   table=game.table + (Group(seat, run, move),),
                   claims=game.claims + ((claim,) if claim else ()))
    return _after_play(state, _settle_pool(state, game), seat)


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
    if game.count(seat) == 0:
        game = replace(game, out=game.out + (seat,))
    if len(game.table) == PLAYS_PER_TRICK:
        # "ska de korten vändas bort ... den som spelade sist ... spelar ut till nästa"
        game = replace(game, turned_away=game.turned_away + (game.table,), table=(),
                       trick=game.trick + 1, positions=())
        return _after_move(state, game, seat, turn_stays=True)
    return _after_move(state, game, seat, turn_stays=False)


def _after_move(state: State, game: Game, seat: int, turn_stays: bool) -> State:
    """Pass the turn to the next player with cards, or end the game."""
    holding = [s for s in range(N_SEATS) if game.count(s) > 0]
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
            public = [c for c in able if c in _public_known(game, seat)]
            shown = tuple(public) or able
            raise RuleViolation(
                "must_beat_when_able", rule=R_VARIANTS,
                params={"seat": seat, "beaters": [str(c) for c in shown], "top": str(top.top)},
                sv=f"Överstickstvång: {_name(state, seat)} har {_cards(shown)} och måste slå "
                   f"över {top.top}.",
                en=f"Compulsory beating: {_name(state, seat)} holds {_cards(shown)} and must "
                   f"beat {top.top}.",
                private_to=None if public else seat,
                public_sv=f"Överstickstvång: {_name(state, seat)}s inmatade hand har ett kort "
                          f"som slår över {top.top}: {_name(state, seat)} måste slå över.",
                public_en=f"Compulsory beating: {_name(state, seat)}'s entered hand holds a "
                          f"card that beats {top.top}: they must beat it.")
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
            if error.private_to is None:  # a card of his entry: his secret
                error.private_to = seat
                error.public_messages = {
                    "sv": f"{name}s hand nämner ett kort som inte kan finnas där.",
                    "en": f"{name}'s hand names a card they cannot hold."}
            raise error
    # The entered hand is his secret until the game is over (rules_engine.secrets).
    game = _attribute(state, game, seat, new_cards, proof="shown", private=True)
    return replace(state, game=_settle_pool(state, game))


def _on_result(state: State, event: dict[str, Any]) -> State:
    game = state.game
    if state.over:
        raise _refuse_phase(state, "result")
    loser = event["loser"]
    if game.phase == "two" and game.count(loser) == 0:
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


# A hand a player shows on his own phone is his alone until the game is over.
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
        return [s for s in range(N_SEATS) if game.count(s) > 0]
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
