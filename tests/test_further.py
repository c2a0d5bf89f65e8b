"""Further places to look, listed after a content rule's own evidence."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from blame import TraceRecorder
from blame.engine import attribute
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.results import Evaluation, Suspect


def check(type: str, **params: Any) -> Check:
    return Check(type=type, name=type, params=params)


def blame(trace: Trace, chk: Check) -> tuple[Suspect, ...]:
    return attribute(chk, Evaluation(score=0.0, message="failed"), StepGraph(trace))


def relayed_sentence() -> Trace:
    """The writer puts the right figure in a sentence; the formatter passes it on."""
    rec = TraceRecorder("t", input="population of Lyon?")
    rec.step("Searcher", "population of Lyon?", "522,250")
    rec.step("Writer", "522,250", "The population is 522,250.")
    rec.step("Formatter", "The population is 522,250.", "The population is 522,250.")
    return rec.finalize()


def census_then_search() -> Trace:
    """The researcher had the census figure in its input, searched, and reported the figure
    the search returned instead."""
    rec = TraceRecorder("t", input="population of Lyon?")
    plan = rec.step("Planner", "population of Lyon?", "The census says 522,250; check it.")
    hit = rec.tool("search", agent="Researcher", args="Lyon", output="Lyon: 500,000")
    rec.step(
        "Researcher",
        "The census says 522,250. Lyon: 500,000",
        "It is 500,000.",
        parents=[plan, hit],
    )
    return rec.finalize()


FURTHER: Sequence[tuple[str, Callable[[], Trace], Check, list[tuple[str, str, int]], str]] = [
    (
        "after a loss: where the final answer first appeared, a tool here",
        census_then_search,
        check("contains", value="522,250"),
        [("agent", "Researcher", 2), ("tool", "search", 1)],
        "'522,250' is missing from the final output; the final answer '500,000' first "
        "appeared in step 1 (tool search, called by Researcher)",
    ),
    (
        "a right value in a wrong form: the step that produced the final output, no loss",
        relayed_sentence,
        check("exact_match", value="522,250"),
        [("agent", "Writer", 1), ("agent", "Formatter", 2)],
        "the final output is not '522,250'; step 2 (Formatter) produced the final output",
    ),
]


@pytest.mark.parametrize(
    ("build", "chk", "expected", "said"), [r[1:] for r in FURTHER], ids=[r[0] for r in FURTHER]
)
def test_further_candidates_follow_the_rules_own(
    build: Callable[[], Trace], chk: Check, expected: list[tuple[str, str, int]], said: str
) -> None:
    suspects = blame(build(), chk)
    assert [(s.kind, s.name, s.step_index) for s in suspects] == expected
    assert suspects[-1].reason == said
