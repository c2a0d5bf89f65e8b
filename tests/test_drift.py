"""Goal deviation (blame/engine/drift.py): what a call asked for, without what it ruled out."""

from __future__ import annotations

import pytest

from blame import TraceRecorder
from blame.engine import attribute
from blame.engine.drift import asked_for
from blame.engine.operands import words
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.results import Evaluation


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("wanted: its main span, not its total length", {"wanted", "main", "span"}),
        ("the area, never the population.", {"area"}),
        ("Use the census rather than the estimate; it is older", {"census", "older"}),
        ("Find the founding year instead of the first concert", {"find", "founding", "year"}),
        ("Find the population without the suburbs", {"find", "population"}),
        ("Nothing ruled out here", {"nothing", "ruled", "here"}),
        ("NOT the metro area: the city", {"city"}),
    ],
)
def test_a_negation_rules_out_the_rest_of_its_clause(text: str, asked: set[str]) -> None:
    assert words(asked_for(text)) == asked


def misread_previous_year() -> Trace:
    """A code agent asks for the whole record, then takes last year's total, listed under the
    same words the task asks with, for this year's. Its tool's output is recorded as bare
    values; the call that read it saw the JSON, labels and all."""
    rec = TraceRecorder("t", input="How many passengers in total did Varn Airport handle in 2023?")
    ask = rec.step(
        "analyst", "task", "Print the whole record.\nprint(fetch_json('/VRH/2023'))", kind="llm"
    )
    page = rec.tool(
        "fetch_json",
        agent="analyst",
        args="/VRH/2023",
        output="2023\n4812336\n2022\n4681220",
        parents=[ask],
    )
    shown = (
        'Print the whole record.\nObservation:\n{"year": 2023, "passengers_total": 4812336,\n'
        ' "previous_year": {"year": 2022, "passengers_total": 4681220}}'
    )
    misread = rec.step(
        "analyst",
        shown,
        "The record gives 4,681,220 passengers in total.\nfinal_answer(str(4681220))",
        kind="llm",
        parents=[page],
    )
    rec.tool("final_answer", agent="analyst", args="4681220", output="4681220", parents=[misread])
    return rec.finalize()


def test_a_value_read_under_the_words_the_task_asks_with_is_misread_not_asked_otherwise() -> None:
    trace = misread_previous_year()
    check = Check(type="exact_match", name="exact_match", params={"value": "4812336"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))
    assert suspects[0].step_index == 2
    assert "had '4812336' available" in suspects[0].reason
    assert all("answered about" not in s.reason for s in suspects)
