"""Fjabbe — four players, each for themselves, ten cards each: the most points loses the parti.

Source: rule file 000 ("Snapphanaleden"), §4 Fjabbe: 800's rules and deck (§1), "undantaget
att varje spelare spelar för sig själv och att den som vinner flest poäng förlorar". Each
player must take a trick: one who takes none loses the parti. The game ends when two players
have lost three partier or one has lost five. Refusals about the deal and the losses cite
"Fjabbe §4"; the play cites the 800 section it rests on. The family machinery is in
``snapphanaleden``.

The deal, as the text gives it
------------------------------
Ten cards to each player; 22 cards take no part. There is no extra card for the dealer and
so no discard. 40 cards are played in ten tricks; each player's won cards are counted by
800's Table 4, with 6 for the last trick, and their declarations (if any) added.

Interpretations (also on docs/rules/800.md)
-------------------------------------------
- A parti is one deal. Dealing goes counter-clockwise as in 800 (in fives); forehand is the
  dealer's right-hand neighbour; the deal passes counter-clockwise.
- Declarations follow 800 (the first trick, right before one's first card, so in playing
  order; a bare number in quick entry must be a total 10 cards can declare) and add to the
  declarer's points — which in Fjabbe only hurts, so they are rare. Option ``declarations``
  turns them off.
- ⟨★⟩: "the opponents" are the player who took the trick; they are owed a card from the
  ★-player's won cards. A ★-player who never takes a trick loses ⟨★⟩ to that player.
- Who loses a parti: a player without a trick loses it. Option ``trickless_loss``: ``instead``
  (default: then only the trickless lose) or ``also`` (the player with the most points loses
  as well). Several with the most points: option ``tie_for_most`` — ``all_lose`` (default) or
  ``none_lose``.
- The match ends after the parti in which a second player reaches three lost partier, or a
  player reaches five. The text names no winner; the protokoll names the player with the
  fewest lost partier when there is one such player, and ``result`` lists the losers (those
  with three or more, or the one with five).
- Quick entry gives each player's card points (last trick included; 40 cards count 26–82),
  their tricks (they must add up to ten; a player without a trick has no card points) and
  their declaration.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..protocol import RuleSection, option
from ..sheet import Sheet
from ..variants import bind
from . import snapphanaleden as family
from .snapphanaleden_scoring import add_row, next_deal

ID = "fjabbe"
TITLE = "Fjabbe"
ALIASES = ("fjabbe-800",)

HAND = 10
OUT_OF_PLAY = 22
LOSSES_FOR_TWO = 3  # "när två spelare har förlorat tre partier"
LOSSES_FOR_ONE = 5  # "eller en spelare har förlorat fem"
R_GAME = "Fjabbe §4"

RULES = (
    RuleSection(R_GAME,
                "Fyra spelare, var och en för sig, 10 kort var; 22 kort är inte med. Som 800, "
                "men flest poäng förlorar partiet, och den som inte tar något stick förlorar "
                "det. Slut när två har förlorat tre partier eller en har förlorat fem.",
                "Four players, each on their own, 10 cards each; 22 cards are out of play. As "
                "800, but the most points loses the parti, and a player who takes no trick "
                "loses it. Over when two have lost three partier or one has lost five."),
) + family.RULES


@dataclass(frozen=True)
class Options:
    card_in_flertal_and_sekvens: bool = family.shared_option("card_in_flertal_and_sekvens")
    declarations: bool = option(
        True,
        sv="Deklarationer som i 800 (de ger bara egna poäng, alltså sällsynta).",
        en="Declarations as in 800 (they only add to one's own points, so they are rare).")
    fjont_hacka_only: bool = family.shared_option("fjont_hacka_only")
    trickless_loss: str = option(
        "instead", ("instead", "also"),
        sv="Den utan stick förlorar i stället för (förval) eller också utöver den med flest "
           "poäng.",
        en="The player without a trick loses instead of (default) or as well as the one "
           "with the most points.")
    tie_for_most: str = option(
        "all_lose", ("all_lose", "none_lose"),
        sv="Flera med flest poäng: alla förlorar (förval) eller ingen.",
        en="Several with the most points: all lose (default) or none.")


def parti_losers(points: tuple[int, ...], tricks: tuple[int, ...],
                 options: Options) -> tuple[int, ...]:
    """Who loses the parti: the players without a trick, else (or also) the most points."""
    trickless = tuple(seat for seat, t in enumerate(tricks) if t == 0)
    if trickless and options.trickless_loss == "instead":
        return trickless
    most = max(points)
    top = tuple(seat for seat, p in enumerate(points) if p == most)
    if len(top) > 1 and options.tie_for_most == "none_lose":
        top = ()
    return tuple(sorted(set(trickless) | set(top)))


def match_losers(losses: tuple[int, ...]) -> tuple[int, ...] | None:
    """The players who lost the match, or ``None`` while it goes on."""
    five = tuple(s for s, n in enumerate(losses) if n >= LOSSES_FOR_ONE)
    three = tuple(s for s, n in enumerate(losses) if n >= LOSSES_FOR_TWO)
    if len(three) >= 2:
        return three
    if five:
        return five
    return None


def settle(variant: family.Variant, state: family.State,
           score: family.DealScore) -> family.State:
    """Write the parti: each player's points, +1 lost parti for each loser."""
    points = score.totals
    assert score.tricks is not None
    losers = parti_losers(points, score.tricks, state.options)
    names = ", ".join(state.players[s] for s in losers) or "ingen"
    names_en = ", ".join(state.players[s] for s in losers) or "nobody"
    marks = tuple(f"{p}p" + ("" if score.tricks[s] else " –") for s, p in enumerate(points))
    state = add_row(
        state, "deal", f"Parti {score.number}: förlorar {names} ({'/'.join(map(str, points))})",
        f"Parti {score.number}: {names_en} lose ({'/'.join(map(str, points))})",
        {s: 1 for s in losers}, score.number, marks)
    state = replace(state, last=score)
    lost = match_losers(state.totals)
    if lost is None:
        return next_deal(variant, state, score)
    fewest = min(state.totals)
    best = [s for s, n in enumerate(state.totals) if n == fewest]
    return replace(state, phase="over", losers=lost,
                   winner=best[0] if len(best) == 1 else None)


VARIANT = family.Variant(
    id=ID, game="Fjabbe", players=4, sides=((0,), (1,), (2,), (3,)), hand_size=HAND,
    cards_in_play=62 - OUT_OF_PLAY, discard_stages=(), target=None, rule_deal=R_GAME,
    rule_win=R_GAME, settle=settle, quick_needs_tricks=True)
MIN_PLAYERS = MAX_PLAYERS = VARIANT.players
DECK, LABELS, DECLARATIONS, EVENTS, PRIVATE = family.tables_for(VARIANT)
(new, apply, expected, sheet, is_over, result, findings, describe,
 deal_in_progress) = bind(family, VARIANT, Options)


# Fjabbe's protokoll and result differ from the races': partier lost, and who lost the match.
def sheet(state: family.State) -> Sheet:
    """Fjabbe §4: one column per player; the totals are partier lost (fewer is better)."""
    return Sheet(players=state.players, rows=state.rows, totals=state.totals,
                 next_dealer=None if state.phase == "over" else state.dealer,
                 winner=state.winner, out=state.losers,
                 notes={"direction": "losses", "lose_at": {"two_players": LOSSES_FOR_TWO,
                                                          "one_player": LOSSES_FOR_ONE},
                        "last_deal": None if state.last is None else state.last.as_dict()})


def result(state: family.State) -> dict[str, Any] | None:
    """Fjabbe §4: the losers of the match (the text names no winner)."""
    if state.phase != "over":
        return None
    return {"losers": list(state.losers), "winner": state.winner,
            "partier_lost": list(state.totals)}
