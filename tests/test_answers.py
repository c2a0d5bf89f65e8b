"""The values a final answer gives (blame/engine/answers.py), by how explicitly."""

from __future__ import annotations

import pytest

from blame.engine.answers import answer_values


@pytest.mark.parametrize(
    ("final", "first"),
    [
        # one token with figures in it, no number: traced whole, its figures are its parts
        ("14/03/1911", ["14/03/1911"]),
        ("VM-207", ["VM-207"]),
        # a number, a quantity, a sentence: the number class traces the figures
        ("1911", ["1911"]),
        ("31 cwt", ["31"]),
        ("It was cast in 1911", ["1911"]),
    ],
)
def test_the_values_a_bare_answer_is_traced_by(final: str, first: list[str]) -> None:
    values = answer_values(final, "When was the bell cast?")
    assert next(found for found in values if found) == first


@pytest.mark.parametrize(
    ("final", "values"),
    [
        ("FINAL ANSWER: Paris", ["Paris"]),  # marked
        ("The capital is **Paris**.", ["Paris"]),  # emphasised
        ("Paris", ["Paris"]),  # bare: nothing but the answer
    ],
)
def test_an_answer_is_traced_by_its_most_explicit_values(final: str, values: list[str]) -> None:
    assert next(found for found in answer_values(final, "What is the capital?") if found) == values


def test_values_the_question_gives_are_no_answer_of_the_runs() -> None:
    marked, _, figures, _ = answer_values("FINAL ANSWER: 1911", "Was the bell cast in 1911?")
    assert (marked, figures) == ([], [])
