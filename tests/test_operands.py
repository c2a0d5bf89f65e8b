"""Numbers as texts state them, and what a call wrote itself (blame/engine/operands.py)."""

from __future__ import annotations

import re

import pytest

from blame.engine.operands import as_written, written

CODE = "Thought: I convert.\n<code>\nkm = 216\nprint(km * 0.621371)\n</code>\nExecution logs:\n"


@pytest.mark.parametrize(
    ("output", "expected"),
    [
        (CODE + "134.216136", CODE.removesuffix("\nExecution logs:\n")),
        (
            "```py\nx = 2\n```\nprinted 4\n```py\ny = 3\n```\n9",
            "```py\nx = 2\n```\nprinted 4\n```py\ny = 3\n```",
        ),
        ("no code, 134.2", "no code, 134.2"),
        # a fence in what the code printed is no end of the code (before, it was kept)
        ("<code>\nprint(s)\n</code>\nlogs: ``` 134.2", "<code>\nprint(s)\n</code>"),
        ("<code>x = 1</code>", "<code>x = 1</code>"),  # nothing printed: all written
    ],
)
def test_what_a_call_wrote_itself_leaves_out_what_its_code_printed(
    output: str, expected: str
) -> None:
    assert written(output) == expected


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
