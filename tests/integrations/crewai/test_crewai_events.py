"""blame_crewai.events: the fields blame keeps of CrewAI's own event objects."""

from __future__ import annotations

from typing import Any

import pytest
from blame_crewai.events import Launch, concurrent

pytestmark = pytest.mark.crewai


def _planner_output() -> Any:
    from crewai.utilities.planning_handler import PlannerTaskPydanticOutput, PlanPerTask

    return PlannerTaskPydanticOutput(
        list_of_plans_per_task=[
            PlanPerTask(task_number=1, task="Research", plan=" Look up AF1234."),
            PlanPerTask(task_number=2, task="Write", plan=" Copy the flight."),
        ]
    )


@pytest.mark.parametrize(
    ("pydantic", "plans"),
    [
        (_planner_output, (" Look up AF1234.", " Copy the flight.")),
        (lambda: None, ()),
    ],
    ids=["planner-task", "any-other-task"],
)
def test_a_completed_tasks_text_and_the_plans_only_crewais_planner_writes(
    storage: Any, pydantic: Any, plans: tuple[str, ...]
) -> None:
    from blame_crewai.events import extract
    from crewai.events.types.task_events import TaskCompletedEvent
    from crewai.tasks.task_output import TaskOutput

    output = TaskOutput(description="d", raw="the answer", agent="A", pydantic=pydantic())

    record = extract(TaskCompletedEvent(output=output, task=None), 3)

    assert (record.type, record.text, record.arrival, record.plans) == (
        "task_completed",
        "the answer",
        3,
        plans,
    )


@pytest.mark.parametrize(
    ("one", "other", "expected"),
    [
        (((0, ()),), ((0, ()),), False),  # the same launch: one thing after another
        (((0, ()),), ((0, ()), (1, (0,))), False),  # a run launched inside the other
        (((0, ()), (0, ())), ((0, ()), (1, (0,))), True),  # gathered: B while A ran
        (((0, ()), (1, (0,))), ((0, ()), (0, ())), True),  # either way round
        (((0, ()),), ((1, ()),), False),  # a Flow's method after the one before ended
        (((1, ()), (0, ())), ((2, (1,)), (0, ())), True),  # inside listeners run at once
        (((0, ()),), ((2, (1,)),), False),  # launched while another, not this, ran
        ((), ((0, ()),), False),  # outside any launch
    ],
)
def test_runs_went_on_at_once_when_one_was_launched_while_the_other_ran(
    one: Launch, other: Launch, expected: bool
) -> None:
    assert concurrent(one, other) is expected


class _Flow:
    """The `source` of a Flow's method events: only `price` is a router."""

    def _is_router(self, name: str) -> bool:
        return name == "price"


@pytest.mark.parametrize(
    ("kind", "fields", "text", "parts"),
    [
        (  # what it was given: its argument, then the state without the Flow's random id
            "started",
            {"params": {"_0": "129 EUR"}, "state": {"id": "9f1c", "price": "129 EUR"}},
            '129 EUR\n\n{"price": "129 EUR"}',
            ("129 EUR", "129 EUR"),
        ),
        ("started", {"params": None, "state": {"id": "9f1c"}}, "", ()),
        ("finished", {"result": "129 EUR"}, "129 EUR", ("129 EUR",)),
        (  # a collection's texts
            "finished",
            {"result": {"fares": ["B 2", "A 1"], "n": 2}},
            '{"fares": ["B 2", "A 1"], "n": 2}',
            ("B 2", "A 1", "2"),
        ),
        ("finished", {"result": None}, "", ()),
        ("finished", {"result": "priced", "method_name": "price"}, "", ()),  # a route
    ],
    ids=["started", "started-empty", "result", "collection", "none", "router-label"],
)
def test_a_flow_methods_events_keep_what_it_was_given_and_what_it_returned(
    storage: Any, kind: str, fields: dict[str, Any], text: str, parts: tuple[str, ...]
) -> None:
    from blame_crewai.events import extract
    from crewai.events.types.flow_events import (
        MethodExecutionFinishedEvent,
        MethodExecutionStartedEvent,
    )

    event_type = MethodExecutionStartedEvent if kind == "started" else MethodExecutionFinishedEvent
    common = {"flow_name": "QuoteFlow", "method_name": "research", "state": {}}
    event = event_type(**{**common, **fields})

    record = extract(event, 0, _Flow())

    assert (record.tool_name, record.text, record.parts) == (
        fields.get("method_name", "research"),
        text,
        parts,
    )


def test_a_task_callback_that_cannot_be_hashed_is_named_not_lost() -> None:
    """A dataclass callback (eq=True: unhashable) raised TypeError in the event's fields, and
    the collector dropped the whole task-completed event with the task's answer."""
    from dataclasses import dataclass
    from types import SimpleNamespace

    from blame_crewai.events import _callbacks

    @dataclass
    class Notify:
        channel: str

        def __call__(self, output: Any) -> Any:
            return output

    notify = Notify("ops")
    crew = SimpleNamespace(task_callback=notify)
    task = SimpleNamespace(callback=notify, agent=SimpleNamespace(crew=crew))
    assert _callbacks(task) == "Notify"
    task.callback = Notify("sales")  # equal type, another object: both run
    assert _callbacks(task) == "Notify, Notify"
