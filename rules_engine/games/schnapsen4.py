"""Hungarian four-handed Schnapsen — a called card makes trumps and a secret partner.

Source: rule file 001 (Japanese), section 4 人版 (the Hungarian four-handed game, gathered by
the text's author from several forum posts); the marriage, the first-trick case and the claim
as in the two-handed sections, and the README's note on marriages. Cited as
"Schnapsen för fyra — <part>". The machinery is ``schnapsen_family``.

How a hand runs, as the text says it
------------------------------------
24 cards: Schnapsen's 20 and the four nines (below the jack, worth 0). The first dealer is
chosen at the table; then the deal passes counter-clockwise. The dealer shuffles, their left
neighbour cuts, and they deal three cards at a time counter-clockwise, starting with their
right-hand neighbour. That player looks at their three cards and calls a card they would like their
partner to hold: its suit is trumps. Then the dealer deals three more each (six each). The
holder of the called card plays with the caller against the other two, but may not say so
until they play it; if the caller got it themselves, they play alone against three, and may not say
that either. The caller leads the first trick, then the winner of each trick; play goes
counter-clockwise. One must follow suit, else trump, and within that beat the cards on the
table if one can. The highest trump, else the highest card of the suit led, wins. The leader
with K and Q of a suit shows both and plays one: 40 in trumps, else 20 (the first leader's
marriage counts once they win a trick). The last trick is worth 10. A player whose side thinks
it has 66 says so, and the hand ends. A right claim — or, with no claim, the side with more
points after the last trick — scores, for each of its players, 1 if the other side has 33 or
more, 2 if it has less but a trick, 3 if it has no trick. A wrong claim gives each player of
the other side 2, or 3 if that side has no trick.

Entering a hand
---------------
``call`` (the caller and the card), then ``play``/``trick``/``marriage`` and ``claim``
(with ``partner``, the holder of the called card, while that card has not been played — a
claim ends the hand, so the cards are shown). The app learns the partner when the called card
is played (or shown in a marriage), and not before: it never reveals more than the table
knows. Quick entry: ``result`` with the winning side (``winners``) and the game points, checked
as in Schnapsen.

Interpretations (where the text is silent or unclear; also on docs/rules/schnapsen.md)
-------------------------------------------------------------------------------------
- Seats are numbered clockwise; the dealer's right-hand neighbour is the next seat counter-
  clockwise. They call and leads; the deal passes counter-clockwise too.
- The caller may call any card of the deck; the app cannot see whether they hold it. If they do
  (or gets it), they play alone — the text's one against three.
- "相手側が 32 点未満" (the other side below 32) leaves 32 itself unnamed; read as the
  two-handed text's "32 or less": below 33 with a trick scores 2.
- The marriage counts once its announcer has won a trick themselves (the text's first-trick case,
  README); a partner's trick does not count for it.
- After the last trick without a claim the side with more points wins; at equal points (65 each
  is possible) the side that took the last trick wins (our reading; the text is silent).
- Game points are each player's own: every player counts down from 7; a hand's game points go
  to each player of the winning side. When a player reaches 0 the Bummerl is over: the players
  at 0 win it and everybody else gets a Bummerl; all start again from 7.
- A claim before the called card is played must name the partner (the cards are shown at the
  end). If they did not follow its suit earlier (or did not trump or head with it), that was a
  breach, proven by the claim: a finding naming the trick. Naming a different holder once the
  card is known is refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import SCHNAPSEN24
from ..protocol import RuleSection
from ..variants import bind
from . import schnapsen_family as family

ID = "schnapsen4"
TITLE = "Schnapsen för fyra (ungersk)"
ALIASES = ("schnapsen-4", "schnapsen_4", "hungarian-schnapsen", "snapszer")
MIN_PLAYERS, MAX_PLAYERS = 4, 4
DECK = SCHNAPSEN24
HAND_SIZE = 6  # 3 + 3 "同じように 3 枚ずつ"
DIRECTION = -1  # "反時計回り"

RULES = (
    RuleSection(family.R4_DEAL,
                "24 kort (nior under knekten, 0 poäng). Given växlar moturs. Tre kort i taget "
                "moturs från givens högra granne, som tittar på sina tre och ropar ett kort: "
                "dess färg är trumf, den som har kortet blir den ropandes hemliga partner (har "
                "den ropande det själv: en mot tre). Sedan tre kort till var.",
                "24 cards (nines below the jack, worth 0). The deal passes counter-clockwise. "
                "Three at a time counter-clockwise from the dealer's right-hand neighbour, who "
                "looks at their three and calls a card: its suit is trumps, its holder their secret "
                "partner (the caller holding it: one against three). Then three more each."),
    RuleSection(family.R4_PLAY,
                "Den som ropade spelar ut först, sedan stickets vinnare; moturs. Bekänn färg, "
                "annars trumfa, och ta sticket om du kan. Mariage av den som spelar ut: 40 i "
                "trumf, annars 20 (första utspelarens när utspelarens sida vinner ett "
                "stick). Sista sticket 10.",
                "The caller leads first, then the trick's winner; counter-clockwise. Follow "
                "suit, else trump, and head the trick if you can. Marriages by the leader: 40 in "
                "trumps, else 20 (the first leader's once they win a trick). Last trick 10."),
    RuleSection(family.R4_SCORE,
                "Den sida som tror sig ha 66 säger det. Rätt, eller flest poäng efter sista "
                "sticket: varje spelare på sidan får 1 om andra sidan har 33 eller mer, 2 om "
                "mindre men ett stick, 3 utan stick. Fel: andra sidans spelare får 2 var, 3 om "
                "de inte har något stick.",
                "The side that thinks it has 66 says so. Right, or more points after the last "
                "trick: each player of the side gets 1 if the other side has 33 or more, 2 if "
                "less but a trick, 3 without a trick. Wrong: each player of the other side gets "
                "2, or 3 if they have no trick."),
)


@dataclass(frozen=True)
class Options:
    match_bummerl: int = family.option_match_bummerl()


VARIANT = family.Variant(
    game=ID, name="Schnapsen för fyra", players=4, deck=DECK, hand_size=HAND_SIZE, talon=False,
    direction=DIRECTION, calls_partner=True,
    refs=family.Refs(cards=family.R4_DEAL, deal=family.R4_DEAL, play=family.R4_PLAY,
                     exchange=family.R4_PLAY, close=family.R4_PLAY, marriage=family.R4_PLAY,
                     claim=family.R4_SCORE, score=family.R4_SCORE, options=family.R4_SCORE))
EVENTS = family.events_for(VARIANT)
LABELS = family.labels_for(VARIANT)


(new, apply, expected, sheet, is_over, result, findings, describe,
 deal_in_progress) = bind(family, VARIANT, Options)
PRIVATE = family.PRIVATE  # the hands players enter
