"""A CrewAI bus event as the fields blame keeps of it: `CrewEvent`, and `extract` to get them.

The listener in `tracer` calls `extract` on CrewAI's event objects (crewai is imported only
inside the functions that need its helpers); `steps` replays the records, without crewai.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from blame.recorder import to_text

Launch = tuple[tuple[int, tuple[int, ...]], ...]
"""Where a run was launched inside a traced run: per level, outermost first, the ordinal of the
crew or agent kickoff awaited (or Flow method run) around it, in call order, and the ordinals
of its siblings still running when it was launched. () outside any launch (`tracer`)."""


def concurrent(one: Launch, other: Launch) -> bool:
    """Whether runs launched at `one` and `other` went on at the same time: at the first level
    where they differ, the later was launched while the earlier was running. Within one launch
    (one a prefix of the other) code runs one thing after another."""
    for (ordinal, running), (other_ordinal, other_running) in zip(one, other, strict=False):
        if ordinal != other_ordinal:
            return ordinal in other_running or other_ordinal in running
    return False


@dataclass(frozen=True, slots=True)
class CrewEvent:
    """The fields of one CrewAI bus event that the step graph needs."""

    seq: int
    """CrewAI's emission sequence number (ordering within one run)."""
    arrival: int
    """Order in which the listener received it (tie-breaker only)."""
    type: str
    """CrewAI's event type, e.g. `agent_execution_started`."""
    event_id: str
    """CrewAI's event id."""
    parent_id: str | None = None
    """The enclosing scope's event id (a delegation's tool start for a coworker's run)."""
    started_id: str | None = None
    """For an ending event, the id of the event that started its scope."""
    timestamp: float = 0.0
    """When it was emitted, in seconds since the epoch."""
    agent_id: str | None = None
    """The agent's CrewAI id."""
    agent_role: str | None = None
    """The agent's role (its name in blame)."""
    task_id: str | None = None
    """The task's CrewAI id."""
    task_name: str | None = None
    """The task's name or description."""
    text: str = ""
    """The payload: task prompt, LLM response, tool output, agent or task output, context."""
    error: str | None = None
    """The error the event reports."""
    tool_name: str | None = None
    """The tool's name as the agent called it (a guardrail's, a completed task's callbacks)."""
    tool_key: str | None = None
    """The tool's sanitised name (CrewAI's own normalisation), for matching events."""
    tool_args: str = ""
    """Tool arguments as sorted JSON text."""
    coworker: str | None = None
    """For a delegation, the coworker the agent asked for."""
    attempt: int | None = None
    """CrewAI's `run_attempts` for tool events."""
    from_cache: bool = False
    """The tool result came from CrewAI's tool cache."""
    tokens: int | None = None
    """Total tokens of an LLM call."""
    model: str | None = None
    """The LLM's model name."""
    context_task_ids: tuple[str, ...] | None = None
    """A task's explicit `context` tasks; None when CrewAI passes all earlier outputs."""
    plans: tuple[str, ...] = ()
    """For the planning task of a crew with `planning=True`, the plan it wrote for each task
    (CrewAI appends each to its task's description)."""
    task_order: tuple[str, ...] = ()
    """For a crew's kickoff, its tasks' ids in the crew's order."""
    launch: Launch = ()
    """Where the code that emitted it was launched (`Launch`)."""
    parts: tuple[str, ...] = ()
    """For a Flow method's run, the texts in what it was given (its arguments and the state's
    values, when it started) or returned (its result's, when it finished; none for a router's
    label)."""
    state: tuple[tuple[str, str], ...] = ()
    """For a Flow method's run, the Flow's state (key, value as text, `id` left out) when it
    started or finished: what a method only wrote into the state is the difference."""


def role_name(role: object) -> str | None:
    """An agent's role as its name in the trace: whitespace folded, as CrewAI matches a
    coworker. A crew's agents.yaml gives roles as folded scalars, ending in a newline, and a
    prompt file or a patch must find the agent by the name a person reads."""
    if not isinstance(role, str):
        return None
    return " ".join(role.split()) or None


def extract(event: Any, arrival: int, source: Any = None, launch: Launch = ()) -> CrewEvent:
    """The fields of a CrewAI bus event (emitted by `source`, in `launch`) that the step graph
    needs."""
    kind = str(event.type)
    agent = getattr(event, "agent", None)
    task = getattr(event, "task", None)
    info = getattr(event, "agent_info", None)  # an agent kicked off on its own
    if isinstance(info, Mapping):
        agent = SimpleNamespace(id=info.get("id"), role=info.get("role"))
    agent_id = event.agent_id or _id_of(agent)
    task_id = event.task_id or _id_of(task)
    fields: dict[str, Any] = {
        "seq": event.emission_sequence or 0,
        "arrival": arrival,
        "type": kind,
        "event_id": event.event_id,
        "parent_id": event.parent_event_id,
        "started_id": event.started_event_id,
        "timestamp": event.timestamp.timestamp(),
        "agent_id": agent_id,
        "agent_role": role_name(event.agent_role or getattr(agent, "role", None)),
        "task_id": task_id,
        "task_name": event.task_name or _task_name(task),
        "launch": launch,
    }
    if kind == "agent_execution_started":
        fields["text"] = to_text(event.task_prompt)
    elif kind == "lite_agent_execution_started":
        fields["text"] = _messages_text(event.messages)
    elif kind in ("agent_execution_completed", "lite_agent_execution_completed"):
        fields["text"] = to_text(event.output)
    elif kind == "task_started":
        fields["text"] = to_text(event.context)
        fields["context_task_ids"] = _context_ids(task)
    elif kind == "task_completed":
        fields["text"] = to_text(getattr(event.output, "raw", event.output))
        fields["plans"] = _plans(getattr(event.output, "pydantic", None))
        if callbacks := _callbacks(task):
            fields["tool_name"] = callbacks  # the code that ran on the output before this event
    elif kind == "llm_call_completed":
        fields["text"] = to_text(event.response)
        fields["tokens"] = _tokens(event.usage)
        fields["model"] = event.model
    elif kind.startswith("tool_"):
        fields.update(_tool_fields(event))
    elif kind == "knowledge_search_query_completed":  # KnowledgeRetrievalCompletedEvent
        fields.update(tool_name="knowledge", tool_args=to_text(event.query))
        fields["text"] = to_text(event.retrieved_knowledge)
    elif kind == "crew_kickoff_started":  # the crew is the source (the event's `crew` is unset)
        fields["task_order"] = tuple(_id_of(t) or "" for t in getattr(source, "tasks", None) or ())
    elif kind.startswith("method_execution_"):
        fields.update(_method_fields(event, source))
    elif kind == "memory_retrieval_completed":
        fields.update(tool_name="memory", text=to_text(event.memory_content))
    if kind == "llm_call_started":
        fields["model"] = event.model
    error = getattr(event, "error", None)
    if error is not None and kind not in ("tool_failure_detected", "llm_guardrail_completed"):
        fields["error"] = _error_text(error)
    if kind == "llm_guardrail_completed" and not event.success:
        fields["error"] = str(error or event.result or "the guardrail rejected the answer")
    elif kind == "llm_guardrail_completed" and event.result is not None:  # what it let through
        fields.update(text=to_text(getattr(event.result, "raw", event.result)))
        fields.update(tool_name=event.guardrail_name or "guardrail")
    return CrewEvent(**fields)


def _method_fields(event: Any, source: Any) -> dict[str, Any]:
    """A Flow method's name and what it was given (started) or returned (finished): a router's
    label routes, it carries no data."""
    name = str(event.method_name)
    if event.type == "method_execution_started":
        state = _state(event.state)
        given = [*(event.params or {}).values(), *([state] if state else [])]
        text = "\n\n".join(t for t in map(to_text, given) if t)
        return {"tool_name": name, "text": text, "parts": _leaves(given), "state": _items(state)}
    result = getattr(event, "result", None)
    is_router = getattr(source, "_is_router", None)
    with contextlib.suppress(Exception):
        if callable(is_router) and is_router(name):
            result = None
    result = getattr(result, "raw", result)
    fields = {"tool_name": name, "text": to_text(result), "parts": _leaves(result)}
    return {**fields, "state": _items(_state(getattr(event, "state", None)))}


def _items(state: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """A Flow's state as (key, value as text), sorted by key."""
    return tuple(sorted((str(k), to_text(v)) for k, v in state.items()))


def _state(state: Any) -> dict[str, Any]:
    """A Flow's state without its random `id` (the same run must give the same trace)."""
    if hasattr(state, "model_dump"):
        state = state.model_dump()
    return {k: v for k, v in state.items() if k != "id"} if isinstance(state, Mapping) else {}


def _leaves(value: Any) -> tuple[str, ...]:
    """The texts in `value`: a string's own, a collection's or model's values', a crew's or
    task's output's `raw`, any other value's as text (none for None)."""
    value = getattr(value, "raw", value)
    if hasattr(value, "model_dump"):
        value = value.model_dump()
    if isinstance(value, Mapping):
        value = list(value.values())
    if isinstance(value, (set, frozenset)):
        value = sorted(value, key=to_text)
    if isinstance(value, (list, tuple)):
        return tuple(text for item in value for text in _leaves(item))
    text = to_text(value).strip()
    return (text,) if text else ()


def _callbacks(task: Any) -> str | None:
    """The names of the task's `callback` and its crew's `task_callback` (CrewAI calls both
    with the task's output, which they may change, before it says the task completed)."""
    crew = getattr(getattr(task, "agent", None), "crew", None)
    found = [getattr(task, "callback", None), getattr(crew, "task_callback", None)]
    once = {id(f): f for f in found if f is not None}  # by identity: a callable may not hash
    names = [getattr(f, "__name__", type(f).__name__) for f in once.values()]
    return ", ".join(names) or None


def _plans(output: Any) -> tuple[str, ...]:
    """The per-task plans of CrewAI's planner output (none for any other task's output)."""
    from crewai.utilities.planning_handler import PlannerTaskPydanticOutput

    if not isinstance(output, PlannerTaskPydanticOutput):
        return ()
    return tuple(step.plan for step in output.list_of_plans_per_task)


def _tool_fields(event: Any) -> dict[str, Any]:
    from crewai.utilities.string_utils import sanitize_tool_name

    name = str(event.tool_name)
    args = event.tool_args
    if isinstance(args, str):
        with contextlib.suppress(ValueError):
            args = json.loads(args)
    fields: dict[str, Any] = {
        "tool_name": name,
        "tool_key": sanitize_tool_name(name),
        "tool_args": to_text(args),
        "attempt": getattr(event, "run_attempts", None),
        "from_cache": bool(getattr(event, "from_cache", False)),
    }
    if isinstance(args, Mapping) and isinstance(args.get("coworker"), str):
        fields["coworker"] = args["coworker"]
    if event.type == "tool_usage_finished":
        fields["text"] = to_text(event.output)
        failure = getattr(event, "failure", None)
        if failure is not None:
            fields["error"] = _failure_text(failure)
    elif event.type == "tool_failure_detected":
        fields["error"] = _failure_text(event.failure)
    return fields


def _messages_text(messages: Any) -> str:
    """The text of a standalone agent's kickoff messages (a string or chat messages)."""
    if isinstance(messages, str):
        return messages
    parts = [m.get("content") if isinstance(m, Mapping) else m for m in messages or ()]
    return "\n\n".join(to_text(part) for part in parts if part)


def _failure_text(failure: Any) -> str:
    reason = getattr(getattr(failure, "reason", None), "value", None)
    message = str(getattr(failure, "message", failure))
    return f"{reason}: {message}" if reason else message


def _error_text(error: Any) -> str:
    if isinstance(error, BaseException):
        return f"{type(error).__name__}: {error}"
    return str(error)


def _id_of(obj: Any) -> str | None:
    value = getattr(obj, "id", None)
    return None if value is None else str(value)


def _task_name(task: Any) -> str | None:
    if task is None:
        return None
    name = getattr(task, "name", None) or getattr(task, "description", None)
    return None if name is None else str(name)


def _context_ids(task: Any) -> tuple[str, ...] | None:
    context = getattr(task, "context", None)
    if isinstance(context, (list, tuple)):
        return tuple(str(t.id) for t in context if getattr(t, "id", None) is not None)
    return None


def _tokens(usage: Any) -> int | None:
    if not usage:
        return None
    from crewai.types.usage_metrics import UsageMetrics

    metrics = UsageMetrics.from_provider_dict(dict(usage))
    if metrics is None:
        return None
    return int(metrics.total_tokens)
