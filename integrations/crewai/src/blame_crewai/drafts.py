"""The records `steps.StepBuilder` keeps while it replays a run's events."""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from blame.model import BY_CODE, StepKind
from blame_crewai.events import Launch


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
    launch: Launch = ()
    """Where it was launched (`CrewEvent.launch`), for ordering the steps of runs launched at
    the same time."""
    kickoff: int = 0
    """The kickoff (crew or agent on its own, counted from 1) it runs in."""
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
    launch: Launch = ()
    """Where its execution was launched, see `Execution.launch`."""


def latency_ms(started: float, ended: float | None) -> float | None:
    """Milliseconds from `started` to `ended` (seconds), when both are known."""
    if ended is None or not started or not ended:
        return None
    return round(max(ended - started, 0.0) * 1000.0, 3)


def step_order(drafts: Sequence[Draft]) -> list[int]:
    """The drafts' indices in step order: the order they were recorded in (completion order),
    except where runs went on at the same time, which get numbers that do not depend on which
    thread finished first:

    - Crews, agents and Flow methods launched at the same time (`asyncio.gather` of
      `kickoff_async`s, `kickoff_for_each_async`, listeners of one method): the steps of a
      stretch where such runs interleave go run by run, in the order they were launched
      (`Draft.launch`), each run's in its own order.
    - Within a kickoff, the steps of its crew's tasks go by the task's position in the crew,
      then by their own order (tasks with `async_execution`). A step of no task (a Flow's agent
      on its own) stays where it is, and so do the steps around it.

    Runs one after another keep their order, and a step still comes after its parents.
    """
    return _parents_first(drafts, _by_launch(drafts, list(range(len(drafts))), 0))


def _by_launch(drafts: Sequence[Draft], indices: list[int], depth: int) -> list[int]:
    """`indices` (all launched within one run at `depth`, in recording order) in step order."""
    order: list[int] = []
    start = 0
    while start < len(indices):
        own = len(drafts[indices[start]].launch) == depth
        end = start + 1
        while end < len(indices) and (len(drafts[indices[end]].launch) == depth) == own:
            end += 1
        stretch = indices[start:end]
        if own:
            order.extend(_by_task(drafts, stretch))
        else:  # the steps of runs launched from here: run by run, in launch order
            runs: dict[tuple[int, tuple[int, ...]], list[int]] = {}
            for index in stretch:
                runs.setdefault(drafts[index].launch[depth], []).append(index)
            for launched in sorted(runs):  # by ordinal (unique at a level)
                order.extend(_by_launch(drafts, runs[launched], depth + 1))
        start = end
    return order


def _by_task(drafts: Sequence[Draft], indices: list[int]) -> list[int]:
    """`indices` (in recording order), within each kickoff by (lane, index)."""
    order: list[int] = []
    start = 0
    while start < len(indices):
        end, lane = start + 1, drafts[indices[start]].lane
        while lane is not None and end < len(indices):
            other = drafts[indices[end]].lane
            if other is None or other[0] != lane[0]:
                break
            end += 1
        block = indices[start:end]
        order.extend(sorted(block, key=lambda i: (drafts[i].lane or (0, 0), i)))
        start = end
    return order


def _parents_first(drafts: Sequence[Draft], wanted: list[int]) -> list[int]:
    """`wanted`, except that a step waits for its parents (then comes as early as it may)."""
    rank = {index: position for position, index in enumerate(wanted)}
    waiting: dict[int, int] = {}
    children: dict[int, list[int]] = {}
    for index in wanted:
        parents = {int(p[1:]) for p in drafts[index].parents if p[1:].isdigit()}
        inside = [parent for parent in parents if parent in rank and parent != index]
        waiting[index] = len(inside)
        for parent in inside:
            children.setdefault(parent, []).append(index)
    ready = [(rank[i], i) for i in wanted if not waiting[i]]
    heapq.heapify(ready)
    order: list[int] = []
    while ready:
        _, index = heapq.heappop(ready)
        order.append(index)
        for child in children.get(index, ()):
            waiting[child] -= 1
            if not waiting[child]:
                heapq.heappush(ready, (rank[child], child))
    return order


def turn_draft(execution: Execution, turn: Turn, ended: float | None) -> Draft:
    """The agent step of one turn of an execution (its LLM calls up to its tool calls)."""
    metadata: dict[str, Any] = {"turn": execution.turns, "llm_calls": turn.llm_calls}
    if execution.task_name:
        metadata["task"] = execution.task_name
    if execution.delegated_by is not None:
        metadata["delegated_by"] = execution.delegated_by
    if execution.retry_of is not None and execution.turns == 1:
        metadata["retry_of"] = execution.retry_of
    if turn.models:
        metadata["models"] = sorted(set(turn.models))
    if turn.answered_by is not None:
        metadata["result_as_answer"] = turn.answered_by
        metadata[BY_CODE] = turn.answered_by  # the tool's result, no LLM call
    return Draft(
        kind=StepKind.AGENT,
        name=execution.role,
        agent=execution.role,
        input=turn.input,
        output=turn.output,
        parents=turn.parents,
        error=turn.error,
        latency_ms=latency_ms(turn.started, ended),
        tokens=turn.tokens,
        metadata=metadata,
        lane=execution.lane,
        launch=execution.launch,
    )
