"""A run that answers it found nothing (blame/engine/unanswered.py): whether why it found
none comes first."""

from __future__ import annotations

import pytest

from blame import TraceRecorder
from blame.engine.chosen import as_stated
from blame.engine.matching import literal
from blame.engine.unanswered import why_none_first
from blame.graph import StepGraph


def searched(results: tuple[str, ...], *, seen: bool = True) -> StepGraph:
    """An agent's calls, each searching in other words after reading the last result (or,
    `seen` False, after reading only its head), then one that gives up."""
    rec = TraceRecorder("t", input="How many oyster spat did the hatchery supply? Millions.")
    text = "task"
    parent = None
    for number, result in enumerate(results):
        ask = rec.step("A", text, f"web_search('spat supplied {number}')", kind="llm",
                       parents=[parent] if parent else None)  # fmt: skip
        parent = rec.tool("web_search", agent="A", args=f"spat supplied {number}",
                          output=result, parents=[ask])  # fmt: skip
        text += f"\n{result if seen else result[:20]}"
    rec.step("A", text, "I could not find the figure.", kind="llm", parents=[parent])
    return StepGraph(rec.finalize())


REPORT = "Hatchery annual report 2022 (PDF). Bar reviews: 4.6 stars."


@pytest.mark.parametrize(
    ("graph", "first"),
    [
        # the same result three times, read each time: a loop spent the run
        (searched((REPORT,) * 3), True),
        # twice is trying again
        (searched((REPORT,) * 2), False),
        # the figure came back once, and no call saw it (it read the head only)
        (searched(("Hatchery annual report 2022 (PDF). Spat: 4.6 million.",), seen=False), True),
        # it came back, was read, and the run still gave up: the call that gave up chose
        (searched(("Hatchery annual report 2022 (PDF). Spat: 4.6 million.",)), False),
    ],
    ids=["looped", "twice", "unseen", "seen"],
)
def test_why_a_run_found_no_answer_comes_first(graph: StepGraph, first: bool) -> None:
    right = literal("4.6")
    assert why_none_first(graph, right, as_stated(right)) is first
