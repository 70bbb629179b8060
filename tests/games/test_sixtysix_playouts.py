"""Random 66 matches with fixed seeds: 24 cards, 6-card hands, each difference of the text.

The players, the deal (3 each, the trump card, 3 each) and the rules written again are those
of the Schnapsen playouts (``test_schnapsen_playouts.Match``), with 66's options: the trump
nine exchanged, the winner deals, 10 for the last trick of an exhausted talon (a hand played
out counts 130), the end-of-hand figures after a closing, and — per run — Bulgaria and
Greece (no duty to head), Germany (no marriages after a closing), no marriage or exchange on
the first lead, closing before drawing with five cards.
"""

from __future__ import annotations

import pytest

from tests.games.test_schnapsen_playouts import Match, check_match

VARIANTS = [
    {},
    {"must_head": False},
    {"no_marriage_after_closing": True, "first_lead_plain": True},
    {"close_before_drawing": True},
    {"exchange_rank": "J", "winner_deals": False, "last_trick_ten": False,
     "end_of_hand_figures": False},
]


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
@pytest.mark.parametrize("seed", range(4))
def test_random_bummerl_of_66(variant, seed):
    options = {**VARIANTS[variant], "match_bummerl": 2}
    match = check_match(Match("sixtysix", 1000 * variant + seed, options, revoke_rate=0.2))
    assert match.hands_played >= 3


def test_the_66_runs_play_hands_out_to_130():
    played_out = 0
    for seed in range(8):
        match = check_match(Match("sixtysix", 500 + seed, {"match_bummerl": 2}))
        played_out += "last_trick" in match.hows
    assert played_out > 0
