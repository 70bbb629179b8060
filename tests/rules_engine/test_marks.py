"""Marks on the sheet (rules_engine.marks) and the words of a finding proven later
(rules_engine.knowledge.proof_words): the shared pieces Bräus, Norrandsknack and the trick
games write their protokoll marks and findings with."""

from __future__ import annotations

import doctest

from rules_engine import knowledge, marks
from rules_engine.knowledge import proof_words


def test_strokes_are_one_cut_per_point():
    assert marks.strokes(0) == ""
    assert marks.strokes(1) == "|"
    assert marks.strokes(6) == "||||||"


def test_a_limpa_goes_up_by_its_penalty_but_never_past_the_cap():
    assert marks.add_limpa(7, 5, 10) == 10  # Norrandsknack's example: 7 → 10, not 12
    assert marks.add_limpa(0, 5, 10) == 5
    assert marks.add_limpa(10, 5, 10) == 10


def test_a_proof_says_the_claim_the_proof_and_the_verdict_in_both_languages():
    sv, en = proof_words("Bo", ("stod över i stick 2 mot ♠9", "stood over in trick 2 against ♠9"),
                         ("visade ♣A i stick 4", "showed ♣A in trick 4"),
                         ("felspel i stick 2", "a breach in trick 2"),
                         why=("Bo kunde ha lagt högre", "Bo could have played higher"))
    assert sv == ("Bo stod över i stick 2 mot ♠9 men visade ♣A i stick 4: Bo kunde ha lagt "
                  "högre — felspel i stick 2.")
    assert en == ("Bo stood over in trick 2 against ♠9 but showed ♣A in trick 4: Bo could "
                  "have played higher — a breach in trick 2.")


def test_the_worked_examples_in_the_modules_hold():
    assert doctest.testmod(marks).failed == 0
    assert doctest.testmod(knowledge).failed == 0
