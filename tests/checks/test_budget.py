from __future__ import annotations

from typing import Any

import pytest
from sample import run, trace

from blame.model import Trace
from blame.recorder import TraceRecorder


@pytest.mark.parametrize(
    ("kind", "params", "final", "score", "message"),
    [
        ("max_latency", {"seconds": 5}, None, 1.0, "latency 4.71 s within the limit 5 s"),
        ("max_latency", {"seconds": 1}, None, 0.0,
         "latency 4.71 s exceeds the limit 1 s (largest: step 1 search 3 s)"),
        ("max_cost", {"usd": 0.05}, None, 1.0, "cost $0.03 within the limit $0.05"),
        ("max_cost", {"usd": 0.015}, None, 0.0,
         "cost $0.03 exceeds the limit $0.015 (largest: step 4 Writer $0.02)"),
        ("max_steps", {"max": 5}, None, 1.0, "5 steps within the limit 5"),
        ("max_steps", {"max": 2}, None, 0.0, "5 steps exceed the limit 2 (most: Planner with 4)"),
    ],
)  # fmt: skip
def test_budget_checks(
    kind: str, params: dict[str, Any], final: str | None, score: float, message: str
) -> None:
    got_score, got_message = run(kind, trace() if final is None else trace(final), **params)
    assert got_score == score
    assert message in got_message


def test_budgets_without_recorded_values_pass() -> None:
    rec = TraceRecorder()
    rec.step("A", output="x")
    score, message = run("max_cost", rec.finalize(), usd=1)
    assert (score, message) == (1.0, "no cost recorded; limit $1")


@pytest.mark.parametrize(("limit", "score"), [(2, 1.0), (1, 0.0)])
def test_max_steps_leaves_out_an_error_raised_between_steps(limit: int, score: float) -> None:
    """A framework that stops a run (LangGraph's recursion limit) records its error as a step
    marked `run_error`: no step the run took, so the run took 2 steps, not 3."""
    rec = TraceRecorder()
    rec.step("A", output="x")
    rec.step("A", output="y")
    rec.step("A", error="GraphRecursionError: limit 2", metadata={"run_error": True})
    got, message = run("max_steps", rec.finalize(), max=limit)
    assert got == score
    assert message.startswith("2 steps")


def _fan_out_trace() -> Trace:
    """plan -> two analysts in parallel (3 s and 0.5 s) -> writer."""
    rec = TraceRecorder(test_name="t", input="q")
    plan = rec.step("Planner", input="q", output="plan", latency_ms=1000.0)
    slow = rec.step("Analyst", input="plan", output="a", parents=[plan], latency_ms=3000.0)
    fast = rec.step("Checker", input="plan", output="b", parents=[plan], latency_ms=500.0)
    rec.step("Writer", input="a b", output="done", parents=[slow, fast], latency_ms=200.0)
    return rec.finalize()


def test_max_latency_counts_parallel_branches_once() -> None:
    """The run took 4.2 s (plan, the slower branch, writer), not the 4.7 s its steps add up to."""
    score, message = run("max_latency", _fan_out_trace(), seconds=4.5)
    assert (score, message) == (1.0, "latency 4.2 s within the limit 4.5 s")
    score, message = run("max_latency", _fan_out_trace(), seconds=4)
    assert score == 0.0
    assert message == "latency 4.2 s exceeds the limit 4 s (largest: step 1 Analyst 3 s)"


def test_steps_without_a_latency_or_cost_are_left_out_and_the_first_largest_is_named() -> None:
    """Steps with no figure do not count; of two equal largest figures the earlier is named."""
    rec = TraceRecorder(test_name="t", input="q")
    rec.step("Planner", output="plan", latency_ms=2000.0, cost_usd=0.02)
    rec.step("Idle", output="wait")  # neither figure
    rec.step("Coder", output="code", latency_ms=2000.0, cost_usd=0.02)
    rec.step("Critic", output="ok", latency_ms=500.0)
    trace = rec.finalize()
    score, message = run("max_latency", trace, seconds=1)
    assert (score, message) == (
        0.0,
        "latency 4.5 s exceeds the limit 1 s (largest: step 0 Planner 2 s)",
    )
    score, message = run("max_cost", trace, usd=0.01)
    assert (score, message) == (
        0.0,
        "cost $0.04 exceeds the limit $0.01 (largest: step 0 Planner $0.02)",
    )
