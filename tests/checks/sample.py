"""A small trace and a one-line runner shared by the check-type tests."""

from __future__ import annotations

from typing import Any

from blame import checks
from blame.context import RunContext
from blame.model import Trace
from blame.recorder import TraceRecorder
from blame.testing import make_check


def trace(final: str = "The capital of France is Paris.", *, tools: bool = True) -> Trace:
    """Planner (with search, a failing book, search again), then Writer."""
    rec = TraceRecorder(test_name="t", input="q")
    rec.step("Planner", input="q", output="plan", latency_ms=1000.0, cost_usd=0.01)
    if tools:
        rec.tool("search", agent="Planner", args={"q": "x"}, output="hits", latency_ms=3000.0)
        rec.tool("book", agent="Planner", args={}, error="sold out", latency_ms=500.0)
        rec.tool("search", agent="Planner", args={"q": "y"}, output="more", latency_ms=10.0)
    rec.step("Writer", input="hits", output=final, latency_ms=200.0, cost_usd=0.02)
    return rec.finalize(final_output=final)


def run(kind: str, trace: Trace, **params: Any) -> tuple[float, str]:
    """(score, message) of one check, bound as a config would bind it."""
    result = checks.lookup(RunContext(), kind).evaluate(make_check(kind, **params), trace)
    assert 0.0 <= result.score <= 1.0
    return result.score, result.message
