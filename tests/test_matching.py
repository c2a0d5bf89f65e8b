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
        ("4", "   3  from x import y\n   4  \n   5  def f():", False),  # a line number
    ],
)
def test_a_number_is_found_where_a_number_starts(number: str, text: str, found: bool) -> None:
    rec = TraceRecorder("t", input="task")
    rec.step("A", "task", text)
    flow = StepGraph(rec.finalize())
    assert number_start(literal(number)).out(flow, 0) is found


@pytest.mark.parametrize(
    ("text", "count", "found"),
    [
        ("dwile flonking from 14:00", True, False),
        ("dwile flonking from 14:00", False, True),
        ("the final ended 14 points to 9", True, True),
        ("until 14:30", True, False),
        ("Lee beat Tan 21:15, 14:21", True, True),  # a score
    ],
)
def test_a_count_is_not_found_in_a_time_of_day(text: str, count: bool, found: bool) -> None:
    rec = TraceRecorder("t", input="task")
    rec.step("A", "task", text)
    flow = StepGraph(rec.finalize())
    assert number_start(literal("14"), count=count).out(flow, 0) is found


PLANNING = "You are a world expert at making efficient plans to solve any task. " * 4
ACTING = (
    "You are an expert assistant who can solve any task using code blobs. Example: "
    '"What is the result of the following operation: 5 + 3 + 1294.678?" ' * 3
)


@pytest.mark.parametrize(
    ("prompts", "instructed"),
    [
        # a planning call under its own prompt, then two calls under the code prompt
        ([PLANNING, ACTING, ACTING], True),
        ([ACTING, ACTING], True),
        # every call has it, the planning call under its own prompt too
        (["First 1. list facts, then 3. plan. " + PLANNING, ACTING, ACTING], True),
        # one call's context cannot be told from instructions
        ([PLANNING, ACTING], False),
        # a call under the same prompt without it: the others were handed the figure
        ([PLANNING, PLANNING + "3 bottles", PLANNING + "3 bottles"], False),
    ],
)
def test_a_figure_every_call_under_one_prompt_opens_with_is_the_instructions(
    prompts: list[str], instructed: bool
) -> None:
    """Before, an agent's planning call, whose prompt lacks the code prompt's example, made
    the example's `3` a figure its other calls were handed."""
    rec = TraceRecorder("t", input="How many bottles in total? Number only.")
    for turn, prompt in enumerate(prompts):
        rec.step("manager", f"{prompt}\nNew task: how many bottles? turn {turn}", "1", kind="llm")
    flow = StepGraph(rec.finalize(final_output="1"))
    assert number_start(literal("3")).only_instructed(flow) is instructed
