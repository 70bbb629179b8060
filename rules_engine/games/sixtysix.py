"""66 of other countries — two players, 24 cards, 6-card hands, Schnapsen's rules otherwise.

Source: rule file 001 (Japanese), section 他の国々の 66 (66 in Germany, Bulgaria, Greece and
elsewhere), which lists how it differs from the two-handed Schnapsen of the same file; for
everything else that game's sections apply. Refusals about a listed difference cite
"66 — Skillnader", the rest "Schnapsen — <part>". The machinery is ``schnapsen_family``.

The differences, as the text lists them, each an option
--------------------------------------------------------
The deck has the four nines as well (24 cards; a nine ranks below the jack and is worth 0),
and each player holds 6 cards; the talon holds 12 after the deal, the game runs 12 tricks,
and the cards count 120 (130 with the last-trick 10). Then:

- ``winner_deals``: the winner of the previous hand deals (on by default — the text states it).
- ``exchange_rank``: the trump nine, not the jack, is exchanged for the trump card ("9" by
  default; "J" plays it as Schnapsen).
- ``first_lead_plain``: some do not allow a marriage or the exchange on the first lead (off).
- ``must_head``: in Bulgaria and Greece a follower who follows suit need not beat the card
  led (on by default = the duty of Schnapsen; off = Bulgaria, Greece).
- ``no_marriage_after_closing``: in Germany no marriage once the talon is closed (off).
- ``last_trick_ten``: the winner of the last trick of an exhausted talon gets 10 (on).
- ``end_of_hand_figures``: after a closing the end-of-hand points and tricks decide (on —
  the text states it for 66).
- ``close_before_drawing``: some allow closing with five cards each, before drawing (off).
  The leader then enters ``close`` with ``before_drawing: true`` right after the trick they
  won; the draw of that trick did not happen, and the hand is played out with five cards.

Interpretations (also on docs/rules/schnapsen.md)
-------------------------------------------------
- Defaults: the differences the text states for 66 as such are on; those it gives as what
  "some people" or one country do are off.
- The deal of 66 is not described; as Schnapsen's it is not entered beyond the trump card.
- The last-trick 10 needs an exhausted talon ("山札を使い果たした最終回"): no 10 in a closed
  hand. With the talon exhausted and nobody claiming, the last trick's winner wins the hand,
  as in Schnapsen.
- Bulgaria/Greece (``must_head`` off) lifts only the duty to beat when following suit; the
  duties to follow suit and else to trump stay.
- Everything else as ``schnapsen`` and ``schnapsen_family`` read it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import SCHNAPSEN24
from ..protocol import RuleSection, option
from ..variants import bind
from . import schnapsen_family as family

ID = "sixtysix"
TITLE = "66 (Sechsundsechzig)"
ALIASES = ("66", "sechsundsechzig", "santase", "schnapsen24")
MIN_PLAYERS, MAX_PLAYERS = 2, 2
DECK = SCHNAPSEN24
HAND_SIZE = 6  # "手札 6 枚で遊びます"
R66 = family.R66

RULES = (
    RuleSection(R66,
                "24 kort med nior (under knekten, 0 poäng), 6 kort på hand. Skillnader: "
                "förra givens vinnare ger; trumfnian byts i stället för knekten; en del "
                "tillåter inte mariage eller byte vid första utspelet; Bulgarien, Grekland: "
                "ingen plikt att ta sticket när man bekänner; Tyskland: inga mariage efter "
                "stängning; 10 för sista sticket när talongen tagit slut; slutställningens "
                "poäng efter stängning; en del tillåter stängning med 5 kort före dragningen.",
                "24 cards with nines (below the jack, worth 0), 6-card hands. Differences: "
                "the previous hand's winner deals; the trump nine is exchanged instead of the "
                "jack; some allow no marriage or exchange on the first lead; Bulgaria, "
                "Greece: no duty to head when following; Germany: no marriages after a "
                "closing; 10 for the last trick of an exhausted talon; the end-of-hand figures "
                "after a closing; some allow closing with 5 cards before drawing."),
) + family.RULES_TWO

_SOME_SV, _SOME_EN = "en del spelar så", "some play so"


@dataclass(frozen=True)
class Options:
    winner_deals: bool = option(True,
        sv="Förra givens vinnare ger (av: given växlar som i Schnapsen).",
        en="The previous hand's winner deals (off: the deal alternates as in Schnapsen).")
    exchange_rank: str = option("9", ("9", "J"),
        sv="Kortet som byts mot trumfkortet: trumfnian (66) eller trumfknekten.",
        en="The card exchanged for the trump card: the trump nine (66) or the trump jack.")
    first_lead_plain: bool = family.option_first_lead_plain(_SOME_SV, _SOME_EN)
    must_head: bool = option(True,
        sv="Plikt att ta sticket när man bekänner (av: Bulgarien, Grekland).",
        en="Duty to head the trick when following suit (off: Bulgaria, Greece).")
    no_marriage_after_closing: bool = option(False,
        sv="Inga mariage sedan talongen stängts (Tyskland).",
        en="No marriages once the talon is closed (Germany).")
    last_trick_ten: bool = option(True,
        sv="10 poäng för sista sticket när talongen har tagit slut.",
        en="10 points for the last trick when the talon was used up.")
    end_of_hand_figures: bool = family.option_end_of_hand_figures(True, "66", "66")
    close_before_drawing: bool = option(False,
        sv="Talongen får stängas före dragningen, med 5 kort var (en del spelar så).",
        en="The talon may be closed before drawing, with 5 cards each (some play so).")
    match_bummerl: int = family.option_match_bummerl()


VARIANT = family.Variant(
    game=ID, name="66", players=2, deck=DECK, hand_size=HAND_SIZE, talon=True, direction=1,
    refs=family.Refs(cards=R66, deal=family.R_DEAL, play=family.R_PLAY,
                     exchange=family.R_EXCHANGE, close=family.R_CLOSE,
                     marriage=family.R_MARRIAGE, claim=family.R_CLAIM,
                     score=family.R_SCORE, options=R66))
EVENTS = family.events_for(VARIANT, close_before_drawing=True)
LABELS = family.labels_for(VARIANT)


(new, apply, expected, sheet, is_over, result, findings, describe,
 deal_in_progress) = bind(family, VARIANT, Options)
PRIVATE = family.PRIVATE  # the hands players enter
