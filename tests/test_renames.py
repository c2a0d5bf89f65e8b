"""A name of the task written with a word changed (blame/engine/renames.py)."""

from __future__ import annotations

import pytest

from blame.engine.renames import renamed


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        ("Rake Hill hill climb women's course record", ("Rake Hill", "Rake Lane")),
        ("Rake Lane hill climb record", None),
        ("Ashdown Wheelers Rake Lane Hill Climb", None),  # title-cased: `Lane` heads no name
        ("Rake Lane Ashdown", None),  # a name the task has, then another
        ("rake hill climb", None),  # not written as a name
        ("Ashdown Cycling Club", ("Ashdown Cycling", "Ashdown Wheelers")),
        ("Women's record", None),
        ("Ashdown Wheelers Club", None),  # `Wheelers' Rake`: a possessive joins no name
        ("Rake Lane Rake Hill", None),  # the task's own name is there too
        ("The Guardian review", None),  # an article heads no name
    ],
)
def test_a_call_renames_a_name_of_the_task(arguments: str, named: tuple[str, str] | None) -> None:
    task = "What is the women's record at The Ashdown Wheelers' Rake Lane hill climb?"
    assert renamed(arguments, task) == named
