"""blame/engine/stopped.py: required content never produced after a loop between agents
names the step that routed the run out of the loop, after stronger evidence."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from blame import TraceRecorder
from blame.engine import attribute
from blame.engine.rules import switched_off
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.results import Evaluation

FAILED = Evaluation(score=0.0, message="failed")
CHAPTERS = ["Chapter 1: the fox left at dawn.", "Chapter 2: it crossed the river."]


def judged_loop() -> Trace:
    """read -> judge -> read -> judge -> summarise: the judge said DONE one chapter early."""
    rec = TraceRecorder("t", input="Summarise the fox story")
    read1 = rec.step("read", input="page 0", output=CHAPTERS[0])
    judge1 = rec.step("judge", input=CHAPTERS[0], output="CONTINUE", parents=[read1])
    read2 = rec.step("read", input="page 1", output=CHAPTERS[1], parents=[read1, judge1])
    judge2 = rec.step("judge", input=" ".join(CHAPTERS), output="DONE", parents=[judge1, read2])
    final = " ".join(CHAPTERS)
    rec.step("summarise", input=final, output=final, parents=[read2, judge2])
    return rec.finalize(final_output=final)


def tool_loop() -> Trace:
    """An agent calls its tool twice, then a writer answers: no loop between agents."""
    rec = TraceRecorder("t", input="Summarise the fox story")
    ask1 = rec.step("agent", input="task", output="-> read {}")
    got1 = rec.tool("read", args="{}", output=CHAPTERS[0], parents=[ask1])
    ask2 = rec.step("agent", input=CHAPTERS[0], output="-> read {}", parents=[got1])
    got2 = rec.tool("read", args="{}", output=CHAPTERS[1], parents=[ask2])
    done = rec.step("agent", input=" ".join(CHAPTERS), output="done", parents=[got2])
    final = " ".join(CHAPTERS)
    rec.step("writer", input=final, output=final, parents=[done])
    return rec.finalize(final_output=final)


def straight() -> Trace:
    """read -> judge -> summarise, once: no loop."""
    rec = TraceRecorder("t", input="Summarise the fox story")
    read = rec.step("read", input="page 0", output=CHAPTERS[0])
    judge = rec.step("judge", input=CHAPTERS[0], output="DONE", parents=[read])
    rec.step("summarise", input=CHAPTERS[0], output=CHAPTERS[0], parents=[read, judge])
    return rec.finalize(final_output=CHAPTERS[0])


def dispatched() -> Trace:
    """supervisor -> researcher -> supervisor -> writer: one pass, each worker dispatched
    once; no one was sent back (the rule said the supervisor had, and put it first)."""
    rec = TraceRecorder("t", input="Summarise the fox story")
    plan = rec.step("supervisor", input="task", output="-> researcher")
    found = rec.step("researcher", input="find it", output=CHAPTERS[0], parents=[plan])
    route = rec.step("supervisor", input=CHAPTERS[0], output="-> writer", parents=[found])
    rec.step("writer", input=CHAPTERS[0], output="A fox story.", parents=[found, route])
    return rec.finalize(final_output="A fox story.")


def failed_loop() -> Trace:
    """The judged loop, with the second read's tool raising first: the error stays first."""
    rec = TraceRecorder("t", input="Summarise the fox story")
    read1 = rec.step("read", input="page 0", output=CHAPTERS[0])
    judge1 = rec.step("judge", input=CHAPTERS[0], output="CONTINUE", parents=[read1])
    fetch = rec.tool("fetch", args="{}", output="", error="timeout", parents=[judge1])
    read2 = rec.step("read", input="page 1", output=CHAPTERS[1], parents=[judge1, fetch])
    judge2 = rec.step("judge", input=" ".join(CHAPTERS), output="DONE", parents=[judge1, read2])
    final = " ".join(CHAPTERS)
    rec.step("summarise", input=final, output=final, parents=[read2, judge2])
    return rec.finalize(final_output=final)


@pytest.mark.parametrize(
    ("build", "culprit"),
    [
        (judged_loop, ("judge", 3)),
        (tool_loop, ("writer", 5)),
        (straight, ("read", 0)),  # where the final answer first appeared
        (failed_loop, ("fetch", 2)),
        (dispatched, ("writer", 3)),  # it wrote the final output without it
    ],
    ids=["judged-loop", "tool-loop", "no-loop", "error-first", "one-pass-dispatch"],
)
def test_the_step_that_ended_a_loop_early_is_blamed_for_content_never_produced(
    build: Callable[[], Trace], culprit: tuple[str, int]
) -> None:
    check = Check(type="contains", name="c", params={"value": "Eldmoor"})
    top = attribute(check, FAILED, StepGraph(build()))[0]
    assert (top.name, top.step_index) == culprit


def test_the_reason_names_both_decisions_and_switching_the_rule_off_removes_it() -> None:
    check = Check(type="contains", name="c", params={"value": "Eldmoor"})
    top = attribute(check, FAILED, StepGraph(judged_loop()))[0]
    assert top.reason == (
        "'Eldmoor' was never produced; step 3 (judge) sent the run on to step 4 (summarise), "
        "where step 1 (judge) had sent it back to step 2 (read): the loop ended there"
    )
    after_error = attribute(check, FAILED, StepGraph(failed_loop()))[1]
    assert after_error.reason.endswith(
        "where step 1 (judge) had sent it back to step 3 (read): the loop ended there"
    )
    with switched_off("stopped-early"):
        found = attribute(check, FAILED, StepGraph(judged_loop()))
    assert all(s.step_index != 3 for s in found)
