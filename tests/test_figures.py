"""Figures and words as the engine reads them (blame/engine/figures.py)."""

from __future__ import annotations

import re

import pytest

from blame.engine.figures import (
    as_written,
    body,
    named_in,
    names,
    norm,
    stem,
    with_stems,
    words_in_order,
)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("the answer is 2", True),
        ("the answer is 2. Next", True),  # a sentence's end, not a list's item
        ("x\n2\n", True),
        ("(2)", True),
        ("$2", True),
        ("\u603b\u989d\u4e3a2\u5143", True),  # after CJK text: a figure
        ("1. Think.\n2. Never guess.", False),  # a numbered rule opening a line
        ("## 2. Plan", False),  # a heading's number
        ("2) first", False),
        ("'id': 'call_2'", False),  # part of a name
        ("v2", False),
        ("2.5", False),  # part of a longer figure
        ("2,000", False),
        ("12", False),
    ],
)
def test_a_number_is_found_as_a_figure(text: str, found: bool) -> None:
    assert (re.search(as_written("2"), text) is not None) is found


def test_a_grouped_number_is_the_same_figure() -> None:
    assert re.search(as_written("8412"), "it had 8,412 people")
    assert not re.search(as_written("8412"), "1. x\n8,412. y")


def test_a_number_too_long_to_group_is_matched_as_written() -> None:
    """Python refuses int() of more than 4,300 digits: before, a patch for such a value
    crashed."""
    digits = "9" * 5000
    assert re.search(as_written(digits), f"x {digits} y")


@pytest.mark.parametrize(
    ("value", "normalised"),
    [("$1,200.00", "1200"), ("2.50", "2.5"), ("45%", "45"), ("\u22123", "-3"), ("100", "100")],
)
def test_one_figure_written_two_ways_is_one_value(value: str, normalised: str) -> None:
    assert norm(value) == normalised


@pytest.mark.parametrize(
    ("word", "task", "named"),
    [
        ("founded", {"founding"}, True),  # both are `found` without their endings
        ("date", {"dates"}, True),
        ("launches", {"launch"}, True),
        ("stations", {"station"}, True),
        ("dating", {"date"}, False),  # `dat` is too short a stem to tell words apart
        ("area", {"population"}, False),
        ("bus", {"buses"}, False),  # a stem of fewer than four letters is no stem
    ],
)
def test_a_task_names_a_word_in_another_form(word: str, task: set[str], named: bool) -> None:
    assert named_in(word, with_stems(task)) is named


def test_a_stem_keeps_four_letters_at_least() -> None:
    assert [stem(w) for w in ("founding", "dates", "gas", "stations")] == [
        "found",
        "date",
        "gas",
        "stat",  # `ations` off: `station` and `stations` share it
    ]


def test_headings_and_labels_in_capitals_name_nothing() -> None:
    text = "## Reykjavik\nSUMMARY\nNOTES: Akureyri is north of the OECD average."
    assert "reykjavik" not in body(text).casefold()
    assert names(text) == {"akureyri", "oecd"}


def test_words_in_order_keep_repeats_and_spelling() -> None:
    assert words_in_order("Lowther Vale lowther_vale 2024 Vale") == [
        "Lowther",
        "Vale",
        "lowther",
        "vale",
        "Vale",
    ]
