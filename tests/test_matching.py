"""What a check looks for in a step's text (blame/engine/matching.py)."""

from __future__ import annotations

import pytest

from blame import TraceRecorder
from blame.engine.matching import literal, number_start
from blame.graph import StepGraph


@pytest.mark.parametrize(
    ("number", "text", "found"),
    [
        ("1804", "the total is 1804.05 km", True),  # the same figure, written longer
        ("1804", "total: 1804", True),
        ("4.6", "5 + 3 + 1294.678", False),  # inside another number
        ("2", "in 2023 there were 2,311 reviews", False),
        ("2", "2 stars", True),
        ("4.6", "rated 4.6 stars", True),
        ("4", "rules:\n4. For tools without a schema", False),  # a list's item
        ("4", "## 4. Plan", False),
        ("4", "heats of\n4 crews", True),
    ],
)
def test_a_number_is_found_where_a_number_starts(number: str, text: str, found: bool) -> None:
    rec = TraceRecorder("t", input="task")
    rec.step("A", "task", text)
    flow = StepGraph(rec.finalize())
    assert number_start(literal(number)).out(flow, 0) is found
