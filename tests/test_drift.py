"""Goal deviation (blame/engine/drift.py): what a call asked for, without what it ruled out."""

from __future__ import annotations

import pytest

from blame.engine.drift import asked_for
from blame.engine.operands import words


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("wanted: its main span, not its total length", {"wanted", "main", "span"}),
        ("the area, never the population.", {"area"}),
        ("Use the census rather than the estimate; it is older", {"census", "older"}),
        ("Find the founding year instead of the first concert", {"find", "founding", "year"}),
        ("Find the population without the suburbs", {"find", "population"}),
        ("Nothing ruled out here", {"nothing", "ruled", "here"}),
        ("NOT the metro area: the city", {"city"}),
    ],
)
def test_a_negation_rules_out_the_rest_of_its_clause(text: str, asked: set[str]) -> None:
    assert words(asked_for(text)) == asked
