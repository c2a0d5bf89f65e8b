"""blame_crewai.steps: the event replay rules that real crews rarely hit.

Real crews drive the common paths in test_crewai_tracer.py; these feed `CrewEvent` records
(the tracer's own extraction format) for orderings and failures a scripted crew cannot
produce on demand.
"""

from __future__ import annotations

from typing import Any

import pytest
from blame_crewai.events import CrewEvent, Launch
from blame_crewai.steps import UNFINISHED, build_steps

from blame.model import StepKind

pytestmark = pytest.mark.crewai

AGENT = {"agent_id": "a1", "agent_role": "Solver", "task_id": "t1", "task_name": "Solve"}


def _event(seq: int, kind: str, event_id: str, **fields: Any) -> CrewEvent:
    return CrewEvent(seq=seq, arrival=0, type=kind, event_id=event_id, **fields)


def _run(*extra: CrewEvent) -> list[CrewEvent]:
    return [
        _event(1, "task_started", "task", task_id="t1", text=""),
        _event(2, "agent_execution_started", "exec", parent_id="task", text="Solve it", **AGENT),
        *extra,
    ]


def test_events_are_replayed_in_emission_order_not_arrival_order() -> None:
    events = _run(
        _event(5, "agent_execution_completed", "done", started_id="exec", text="42", **AGENT),
        _event(4, "llm_call_completed", "llm2", text="Final Answer: 42", tokens=7, **AGENT),
        _event(3, "llm_call_started", "llm1", **AGENT),
    )
    steps, unattributed = build_steps([*reversed(events)])
    assert [(s.name, s.output, s.tokens) for s in steps] == [("Solver", "42", 7)]
    assert unattributed == 0


def test_llm_calls_outside_any_agent_execution_are_counted_as_unattributed() -> None:
    events = _run(
        _event(3, "llm_call_completed", "plan", text="plan", tokens=11, agent_role="Planner"),
        _event(4, "agent_execution_completed", "done", started_id="exec", text="ok", **AGENT),
    )
    steps, unattributed = build_steps(events)
    assert [s.tokens for s in steps] == [None]
    assert unattributed == 11


def test_an_execution_that_never_completed_is_closed_with_its_error() -> None:
    events = _run(
        _event(3, "llm_call_started", "llm", **AGENT),
        _event(4, "llm_call_failed", "fail", error="RuntimeError: model down", **AGENT),
    )
    steps, _ = build_steps(events)
    assert [(s.kind, s.error, s.metadata["llm_calls"]) for s in steps] == [
        (StepKind.AGENT, "RuntimeError: model down", 1)
    ]


@pytest.mark.parametrize("kind", ["tool_selection_error", "tool_validate_input_error"])
def test_a_tool_the_agent_got_wrong_is_a_failed_tool_step_it_then_reads(kind: str) -> None:
    tool = {"tool_name": "serach", "tool_key": "serach", "tool_args": '{"q": "x"}'}
    events = _run(
        _event(3, "llm_call_completed", "llm", text="Action: serach", tokens=3, **AGENT),
        _event(4, kind, "bad", error="no tool named serach", **tool, **AGENT),
        _event(5, "llm_call_started", "llm2", **AGENT),
        _event(6, "agent_execution_completed", "done", started_id="exec", text="x", **AGENT),
    )
    steps, _ = build_steps(events)
    assert [(s.kind, s.name, s.parents, s.error) for s in steps] == [
        (StepKind.AGENT, "Solver", (), None),
        (StepKind.TOOL, "serach", ("s0",), "no tool named serach"),
        (StepKind.AGENT, "Solver", ("s0", "s1"), None),
    ]
    assert steps[1].metadata["mistake"] == kind


def test_a_turn_after_a_tool_call_also_sees_the_task_and_its_context() -> None:
    tool = {"tool_name": "search", "tool_key": "search", "tool_args": '{"q": "Lyon"}'}
    events = [
        _event(1, "task_started", "task", task_id="t1", text=""),
        _event(
            2,
            "agent_execution_started",
            "exec",
            parent_id="task",
            text="Solve it for Lyon",
            **AGENT,
        ),
        _event(3, "llm_call_completed", "llm", text="Action: search", tokens=3, **AGENT),
        _event(4, "tool_usage_started", "ts", **tool, **AGENT),
        _event(5, "tool_usage_finished", "tf", started_id="ts", text="522,250", **tool, **AGENT),
        _event(6, "llm_call_started", "llm2", **AGENT),
        _event(
            7, "agent_execution_completed", "done", started_id="exec", text="Lyon: 522,250", **AGENT
        ),
    ]
    steps, _ = build_steps(events)
    assert [(s.kind, s.input, s.parents) for s in steps] == [
        (StepKind.AGENT, "Solve it for Lyon", ()),
        (StepKind.TOOL, '{"q": "Lyon"}', ("s0",)),
        (StepKind.AGENT, "Solve it for Lyon\n\nsearch: 522,250", ("s0", "s1")),
    ]


def test_a_detected_tool_failure_marks_the_latest_call_of_that_tool() -> None:
    tool = {"tool_name": "book", "tool_key": "book", "tool_args": "{}"}
    events = _run(
        _event(3, "tool_usage_started", "ts1", **tool, **AGENT),
        _event(4, "tool_usage_finished", "tf1", started_id="ts1", text="ok?", **tool, **AGENT),
        _event(5, "tool_failure_detected", "fd", error="tool_reported: sold out", **tool, **AGENT),
        _event(6, "agent_execution_completed", "done", started_id="exec", text="x", **AGENT),
    )
    steps, _ = build_steps(events)
    assert [(s.kind, s.output, s.error) for s in steps] == [
        (StepKind.AGENT, "", None),
        (StepKind.TOOL, "ok?", "tool_reported: sold out"),
        (StepKind.AGENT, "x", None),
    ]


def test_a_completion_whose_scope_id_names_another_event_is_matched_by_agent_and_task() -> None:
    # CrewAI pairs scopes with a stack; after a mismatch `started_event_id` can name an
    # unrelated event, and the agent's answer must not be lost.
    events = _run(
        _event(3, "agent_execution_completed", "done", started_id="task", text="42", **AGENT),
    )
    steps, _ = build_steps(events)
    assert [(s.name, s.output) for s in steps] == [("Solver", "42")]


def test_a_tool_call_the_run_never_finished_is_a_failed_step() -> None:
    tool = {"tool_name": "book", "tool_key": "book", "tool_args": '{"flight": "AF1"}'}
    events = _run(_event(3, "tool_usage_started", "ts", **tool, **AGENT))
    steps, _ = build_steps(events)
    assert [(s.kind, s.name, s.input, s.parents, s.error) for s in steps] == [
        (StepKind.AGENT, "Solver", "Solve it", (), None),
        (StepKind.TOOL, "book", '{"flight": "AF1"}', ("s0",), UNFINISHED),
    ]


ALPHA = {"agent_id": "a1", "agent_role": "Alpha", "task_id": "t1", "task_name": "A"}
BETA = {"agent_id": "a2", "agent_role": "Beta", "task_id": "t2", "task_name": "B"}


def _async_tasks(beta_context: tuple[str, ...] | None = None) -> list[CrewEvent]:
    """Tasks t1 (Alpha) and t2 (Beta) of one crew, running at once; Beta finishes first,
    after a failed tool call and its retry."""
    tool = {"tool_name": "fetch", "tool_key": "fetch", "tool_args": "{}"}
    return [
        _event(1, "crew_kickoff_started", "kick", task_order=("t1", "t2")),
        _event(2, "task_started", "task1", task_id="t1", text=""),
        _event(3, "task_started", "task2", task_id="t2", text="", context_task_ids=beta_context),
        _event(4, "agent_execution_started", "e1", parent_id="task1", text="do A", **ALPHA),
        _event(5, "agent_execution_started", "e2", parent_id="task2", text="do B", **BETA),
        _event(6, "tool_usage_started", "ts1", **tool, **BETA),
        _event(7, "tool_usage_error", "te1", started_id="ts1", error="down", **tool, **BETA),
        _event(8, "tool_usage_started", "ts2", **tool, **BETA),
        _event(9, "tool_usage_finished", "tf2", started_id="ts2", text="b", **tool, **BETA),
        _event(10, "agent_execution_completed", "d2", started_id="e2", text="B", **BETA),
        _event(11, "task_completed", "c2", task_id="t2", text="B"),
        _event(12, "agent_execution_completed", "d1", started_id="e1", text="A", **ALPHA),
        _event(13, "task_completed", "c1", task_id="t1", text="A"),
    ]


def test_steps_of_tasks_run_at_once_go_by_the_tasks_position_in_the_crew() -> None:
    steps, _ = build_steps(_async_tasks())
    assert [(s.name, s.agent, s.parents, s.metadata.get("retry_of")) for s in steps] == [
        ("Alpha", "Alpha", (), None),
        ("Beta", "Beta", (), None),
        ("fetch", "Beta", ("s1",), None),
        ("fetch", "Beta", ("s1",), "s2"),
        ("Beta", "Beta", ("s1", "s2", "s3"), None),
    ]


def test_a_step_of_a_later_task_that_feeds_an_earlier_ones_stays_before_it() -> None:
    events = [
        _event(1, "crew_kickoff_started", "kick", task_order=("t1", "t2")),
        _event(2, "task_started", "task2", task_id="t2", text=""),
        _event(3, "agent_execution_started", "e2", parent_id="task2", text="do B", **BETA),
        _event(4, "agent_execution_completed", "d2", started_id="e2", text="B", **BETA),
        _event(5, "task_completed", "c2", task_id="t2", text="B"),
        _event(6, "task_started", "task1", task_id="t1", text="B", context_task_ids=("t2",)),
        _event(7, "agent_execution_started", "e1", parent_id="task1", text="do A: B", **ALPHA),
        _event(8, "agent_execution_completed", "d1", started_id="e1", text="A", **ALPHA),
    ]
    steps, _ = build_steps(events)
    assert [(s.name, s.parents) for s in steps] == [("Beta", ()), ("Alpha", ("s0",))]


A_AT: Launch = ((0, ()), (0, ()))
B_AT: Launch = ((0, ()), (1, (0,)))
"""Two crews a Flow method launched at once (B while A was running)."""


def _launched(first_done: str) -> list[CrewEvent]:
    """Crews launched at A_AT (Alpha's, task t1) and B_AT (Beta's, t2) running at once;
    `first_done` ("t1" or "t2") finishes first."""
    runs = {"t1": (A_AT, ALPHA, "e1", "A"), "t2": (B_AT, BETA, "e2", "B")}
    later = "t2" if first_done == "t1" else "t1"
    events = [
        _event(1, "crew_kickoff_started", "k1", task_order=("t1",), launch=A_AT),
        _event(2, "crew_kickoff_started", "k2", task_order=("t2",), launch=B_AT),
    ]
    for task in ("t1", "t2"):
        launch, agent, start, text = runs[task]
        seq = len(events) + 1
        events.append(
            _event(seq, "agent_execution_started", start, text=f"do {text}", launch=launch, **agent)
        )
    for task in (first_done, later):
        launch, agent, start, text = runs[task]
        seq = len(events) + 1
        events.append(
            _event(
                seq,
                "agent_execution_completed",
                f"d{task}",
                started_id=start,
                text=text,
                launch=launch,
                **agent,
            )
        )
    return events


@pytest.mark.parametrize("first_done", ["t1", "t2"])
def test_steps_of_runs_launched_at_once_go_by_launch_order(first_done: str) -> None:
    steps, _ = build_steps(_launched(first_done))
    assert [(s.name, s.output) for s in steps] == [("Alpha", "A"), ("Beta", "B")]
