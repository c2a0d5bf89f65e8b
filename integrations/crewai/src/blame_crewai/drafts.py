"""The records `steps.StepBuilder` keeps while it replays a run's events."""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from blame.model import StepKind


@dataclass(slots=True)
class Turn:
    """An agent's reasoning between two tool results, being recorded."""

    parents: list[str]
    input: str
    started: float
    tokens: int | None = None
    llm_calls: int = 0
    output: str = ""
    error: str | None = None
    models: list[str] = field(default_factory=list)
    answered_by: str | None = None


@dataclass(slots=True)
class Execution:
    """One agent on one task (or a kickoff of its own), being recorded."""

    role: str
    task_id: str | None
    task_name: str | None
    first_parents: list[str]
    first_input: str
    delegated_by: str | None
    lane: tuple[int, int] | None = None
    """(kickoff, position in its crew) of the crew task it runs for (a coworker's: its
    delegator's), for ordering the steps of tasks that ran at the same time."""
    delegation_start: str | None = None
    retry_of: str | None = None
    turn: Turn | None = None
    turns: int = 0
    last_step: str | None = None
    unread_tools: list[str] = field(default_factory=list)
    final_step: str | None = None


@dataclass(slots=True)
class ToolCall:
    """A tool call started and not yet finished."""

    execution: str
    name: str
    key: str
    args: str
    issued_by: str | None
    started: float
    attempt: int | None
    coworker: str | None
    coworker_final: str | None = None


@dataclass(slots=True)
class Draft:
    """A step before the trace builder numbers it."""

    kind: StepKind
    name: str
    agent: str
    input: str
    output: str
    parents: list[str]
    error: str | None = None
    latency_ms: float | None = None
    tokens: int | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    lane: tuple[int, int] | None = None
    """The lane of the execution (or task) it belongs to, see `Execution.lane`."""


def step_order(drafts: Sequence[Draft]) -> list[int]:
    """The drafts' indices in step order: the order they were recorded in (completion order),
    except that within a kickoff the steps of its crew's tasks go by the task's position in the
    crew, then by their own order. Tasks run one after another keep their order; tasks run at
    the same time (`async_execution`) get numbers that do not depend on which thread finished
    first. A step still comes after its parents. A step of no task (a Flow's agent on its own)
    stays where it is, and so do the steps around it.
    """
    order: list[int] = []
    start = 0
    while start < len(drafts):
        end, lane = start + 1, drafts[start].lane
        while lane is not None and end < len(drafts):
            other = drafts[end].lane
            if other is None or other[0] != lane[0]:
                break
            end += 1
        order.extend(_by_lane(drafts, range(start, end)))
        start = end
    return order


def _by_lane(drafts: Sequence[Draft], block: range) -> list[int]:
    """`block`'s indices by (lane, index), each after its parents in the block."""
    waiting: dict[int, int] = {}
    children: dict[int, list[int]] = {}
    for index in block:
        parents = {int(p[1:]) for p in drafts[index].parents if p[1:].isdigit()}
        inside = [parent for parent in parents if parent in block]
        waiting[index] = len(inside)
        for parent in inside:
            children.setdefault(parent, []).append(index)
    ready = [(drafts[i].lane or (0, 0), i) for i in block if not waiting[i]]
    heapq.heapify(ready)
    order: list[int] = []
    while ready:
        _, index = heapq.heappop(ready)
        order.append(index)
        for child in children.get(index, ()):
            waiting[child] -= 1
            if not waiting[child]:
                heapq.heappush(ready, (drafts[child].lane or (0, 0), child))
    return order
