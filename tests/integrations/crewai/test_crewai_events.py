"""blame_crewai.events: the fields blame keeps of CrewAI's own event objects."""

from __future__ import annotations

from typing import Any

import pytest

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
