"""blame/engine/standin.py: a value of the required one's form written in its place is blamed
where it was written."""

from __future__ import annotations

import pytest

from blame import TraceRecorder
from blame.engine import attribute
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.results import Evaluation

FAILED = Evaluation(score=0.0, message="failed")


def relay(task: str, tool_output: str, reader: str, writer: str) -> Trace:
    """Asker -> tool -> Reader -> Writer, every step given the conversation so far."""
    rec = TraceRecorder("t", input=task)
    ask = rec.step("Reader", input=task, output="-> lookup {}")
    looked = rec.tool("lookup", args="{}", output=tool_output, parents=[ask])
    said = rec.step("Reader", input=f"{task}\n{tool_output}", output=reader, parents=[looked])
    rec.step("Writer", input=f"{task}\n{tool_output}\n{reader}", output=writer, parents=[said])
    return rec.finalize(final_output=writer)


def top(trace: Trace, kind: str, value: str) -> tuple[str, int | None]:
    check = Check(type=kind, name=kind, params={"value": value, "case_sensitive": True})
    first = attribute(check, FAILED, StepGraph(trace))[0]
    return first.agent, first.step_index


@pytest.mark.parametrize(
    ("task", "tool_output", "reader", "writer", "value", "culprit"),
    [
        # a code of the required one's form in its place: where it was written
        ("Gate of AF12?", "AF12: gate B12", "It is B21.", "Gate B21 at 14:05.\nBye.", "B12", 2),
        # a capitalised name in a sentence
        ("Rain tomorrow?", "Lille: rain", "Forecast: Lyon: sun", "So: Lyon: sun\nBye.", "Lille", 2),
        # a name only because a sentence starts with it: no stand-in, the loss is the writer's
        ("Rain tomorrow?", "Lille: rain", "Sunny. Lyon", "Sunny.\nLyon is dry.", "Lille", 3),
        # the other value was the task's own: no stand-in
        ("B21 or B12?", "AF12: gate B12", "It is B21.", "Go to gate B21.\nBye.", "B12", 3),
        # a value of another form (a phrase) in its place: the loss is the writer's
        ("Gate of AF12?", "AF12: gate B12", "It is gate B.", "Go to gate B.\nBye.", "B12", 3),
    ],
)
def test_a_value_of_the_required_form_in_its_place_is_where_it_was_written(
    task: str, tool_output: str, reader: str, writer: str, value: str, culprit: int
) -> None:
    trace = relay(task, tool_output, reader, writer)
    assert top(trace, "contains", value)[1] == culprit
