"""The records `steps.StepBuilder` keeps while it replays a run's events."""

from __future__ import annotations

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
