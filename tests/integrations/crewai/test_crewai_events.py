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
