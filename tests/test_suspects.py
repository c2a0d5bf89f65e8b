"""Which step a suspect is pinned on (blame/engine/suspects.py): the LLM call that decided."""

from __future__ import annotations

from blame import TraceRecorder
from blame.engine.suspects import decision
from blame.graph import StepGraph
from blame.model import Trace


def code_loop(calls: int, *, asked: bool = True) -> Trace:
    """One LLM call's code calls a tool `calls` times, each call fed by the one before (as
    a code agent's step records them); without `asked`, no LLM call wrote the code."""
    rec = TraceRecorder("t", input="Fetch every page.")
    before = rec.step("A", "q", "for p in pages: fetch(p)", kind="llm") if asked else None
    if not asked:
        rec.step("B", "q", "I plan.", kind="llm")  # the trace records LLM calls elsewhere
    for page in range(calls):
        before = rec.tool("fetch", agent="A", args=f"page {page}", output=f"page {page}",
                          parents=[before] if before is not None else None)  # fmt: skip
    return rec.finalize()


def test_every_call_of_a_code_loop_was_decided_by_the_call_that_wrote_the_code() -> None:
    flow = StepGraph(code_loop(50))
    # asked in any order: the answers kept for the chain's tools do not change them
    assert [decision(flow, i) for i in (30, 50, 1, 10)] == [0, 0, 0, 0]
    assert [decision(flow, i) for i in range(1, 51)] == [0] * 50


def test_a_chain_of_tools_no_llm_call_asked_for_keeps_its_steps() -> None:
    flow = StepGraph(code_loop(5, asked=False))
    assert [decision(flow, i) for i in (3, 1, 5, 2)] == [3, 1, 5, 2]
