"""Schnapsen — two players, 20 cards, 66 a hand, game points from 7 down (the Bummerl).

Source: rule file 001 (Japanese), the two-handed game: 人数とカード, カードの強弱と点, 目的,
カードの配り方, カード勝負, カード勝負の終了, ゲーム点 and 競技ルール; and the Schnapsen notes in the
project's rules README. Cited as "Schnapsen — <part>". The machinery — talon, exchange,
closing, marriages, the claim and the Bummerl sheet — is in ``schnapsen_family``, which also
tells the whole rule as the text gives it.

Entering a hand
---------------
``deal`` (the trump card turned up) starts a hand; then trick by trick: ``play`` (one card)
or ``trick`` (both cards; ``marriage: true`` when the lead announces one), ``marriage`` (a
lead that shows the pair), ``exchange`` (the trump jack for the trump card), ``close``, and
``claim`` ("66!") by either player at any moment. Drawing is implied. Or quick entry:
``result`` (the winner and the game points, checked against the loser's points and tricks,
and how the hand ended, when given). A closed hand's quick entry names the ``closer`` and the
figures at the moment of closing (the opponent's points and tricks, and for the opponent's
wrong claim the closer's tricks): they decide the game points, not those at the end (unless
``end_of_hand_figures``) — issue 15.

Interpretations (where the text is silent or unclear; also on docs/rules/schnapsen.md)
-------------------------------------------------------------------------------------
- Everything listed in ``schnapsen_family``: drawing implied; a claim at any moment, judged on
  the points then, a wrong one scored, not refused; "took no card" names the scorer; marriages
  pending until the announcer has a trick (README); the figures at the closing taken before the
  closer's lead; game points beyond 0 lost; ``match_bummerl`` Bummerl make a match.
- The first dealer is chosen at the table (``first_dealer``); then the deal alternates.
- The exchange needs the talon open (drawable): with the default rules it is allowed down to
  the last face-down card; the tournament option ``min_three_face_down`` needs three.
- The tournament rules are options, each on its own, all off by default:
  ``no_peeking`` (won tricks may not be looked at: the app then shows no running points and
  does not say whether a claim would be right until the hand is over),
  ``first_lead_plain`` (no marriage or exchange on the first lead),
  ``marriage_lead_king`` (a marriage is announced by leading the king),
  ``min_three_face_down`` (exchange and closing only with at least three face-down talon
  cards), ``end_of_hand_figures`` (after a closing the end-of-hand points and tricks decide).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import SCHNAPSEN20
from ..protocol import option
from ..variants import bind
from . import schnapsen_family as family

ID = "schnapsen"
TITLE = "Schnapsen"
ALIASES = ("schnapsen20", "snapsen", "schnapser")
MIN_PLAYERS, MAX_PLAYERS = 2, 2
DECK = SCHNAPSEN20
HAND_SIZE = 5  # "5 枚の手札" — dealt 3 + 2
RULES = family.RULES_TWO

_TOURNAMENT_SV, _TOURNAMENT_EN = "turneringsregel", "tournament rule"


@dataclass(frozen=True)
class Options:
    no_peeking: bool = option(False,
        sv="Turneringsregel: vunna stick får inte tittas i; appen visar inga poäng och "
           "säger inte om 66 är rätt förrän given är slut.",
        en="Tournament rule: won tricks may not be looked at; the app shows no points and "
           "does not tell whether 66 is right until the hand is over.")
    first_lead_plain: bool = family.option_first_lead_plain(_TOURNAMENT_SV, _TOURNAMENT_EN)
    marriage_lead_king: bool = option(False,
        sv="Turneringsregel: mariage meldas genom att spela ut kungen.",
        en="Tournament rule: a marriage is announced by leading the king.")
    min_three_face_down: bool = option(False,
        sv="Turneringsregel: byte och stängning bara med minst 3 nedvända kort i talongen.",
        en="Tournament rule: exchange and closing only with at least 3 face-down talon "
           "cards.")
    end_of_hand_figures: bool = family.option_end_of_hand_figures(
        False, _TOURNAMENT_SV, _TOURNAMENT_EN)
    match_bummerl: int = family.option_match_bummerl()


VARIANT = family.Variant(
    game=ID, name="Schnapsen", players=2, deck=DECK, hand_size=HAND_SIZE, talon=True,
    direction=1,
    refs=family.Refs(cards=family.R_CARDS, deal=family.R_DEAL, play=family.R_PLAY,
                     exchange=family.R_EXCHANGE, close=family.R_CLOSE,
                     marriage=family.R_MARRIAGE, claim=family.R_CLAIM,
                     score=family.R_SCORE, options=family.R_TOURNAMENT))
EVENTS = family.events_for(VARIANT)
LABELS = family.labels_for(VARIANT)


(new, apply, expected, sheet, is_over, result, findings, describe,
 deal_in_progress) = bind(family, VARIANT, Options)
PRIVATE = family.PRIVATE  # the hands players enter
