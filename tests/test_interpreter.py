"""What a code agent's call wrote and ran (blame/engine/interpreter.py)."""

from __future__ import annotations

import pytest

from blame import TraceRecorder
from blame.engine.interpreter import assigned_by, carried
from blame.graph import StepGraph


def calls(*codes: str) -> StepGraph:
    """One agent's LLM calls, each writing one code block, and another agent's call."""
    rec = TraceRecorder("t", input="task")
    for code in codes:
        rec.step("analyst", "task", f"<code>\n{code}\n</code>", kind="llm")
    rec.step("other", "task", "<code>\ntotal = 99\n</code>", kind="llm")
    return StepGraph(rec.finalize())


@pytest.mark.parametrize(
    ("earlier", "code", "expected"),
    [
        ("total = 1150", "share = 100 * part / total", ["1150"]),
        ("total = 1_150.5  # km2", "print(part / total)", ["1150.5"]),
        ("total = 1150\ntotal = 1240", "print(part / total)", ["1240"]),
        ("total = 1150", "total = 1240\nprint(part / total)", []),
        ("total = 1150", "print(part / totals)", []),
        ("total = base + 1150", "print(part / total)", []),
        ("total = -12", "print(part * total)", ["-12"]),
        ("if total == 1150:\n    pass", "print(part / total)", []),
    ],
)
def test_what_earlier_code_left_in_the_variables_a_call_reads(
    earlier: str, code: str, expected: list[str]
) -> None:
    flow = calls(earlier, code)
    assert carried(flow, 1, code) == expected


def test_another_agents_variables_are_not_its_own() -> None:
    flow = calls("print(1)", "print(part / total)")
    assert carried(flow, 1, "print(part / total)") == []


@pytest.mark.parametrize(
    ("earlier", "code", "expected"),
    [
        ('viable = [a for a in rows if a["viable"]]', "final_answer(str(len(viable)))", "viable"),
        ("total = sum(parts)\ntotal = round(total, 1)", "final_answer(total)", "total"),
        ("total = 1150", "final_answer(total)", None),  # a literal: `carried` reads it
        ("other = sum(parts)", "final_answer(total)", None),
        ("total = sum(parts)", "total = 3\nfinal_answer(total)", None),  # assigned here
    ],
)
def test_the_call_whose_code_computed_what_a_later_call_hands_on(
    earlier: str, code: str, expected: str | None
) -> None:
    flow = calls(earlier, code)
    assert assigned_by(flow, 1) == (None if expected is None else (0, expected))
