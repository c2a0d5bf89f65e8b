"""Confirmation under LangGraph: resume a run from the checkpoint before the blamed node.

When blame confirms (`blame confirm`), the first run of a test goes under an in-memory
checkpointer and its graph and thread are kept. A re-run then takes the checkpoint just
before the blamed node's execution, writes the node's counterfactual update there
(`update_state(..., as_node=node)`) and resumes: nodes upstream are never executed again.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from langgraph.types import StateUpdate

from blame.model import StepKind, Trace
from blame.rerun import Edit, Plan, edited


@dataclass(frozen=True, slots=True)
class Kept:
    """A checkpointed first run, for re-runs to resume from."""

    graph: Any
    """The compiled graph, with its checkpointer."""
    config: Mapping[str, Any]
    """The run's config: its thread."""


def checkpointed(graph: Any, config: Mapping[str, Any] | None) -> tuple[Any, dict[str, Any]]:
    """The graph under a checkpointer (its own, else an in-memory one) and a config naming
    a fresh thread of it."""
    if not getattr(graph, "checkpointer", None):
        from langgraph.checkpoint.memory import InMemorySaver

        graph = graph.copy(update={"checkpointer": InMemorySaver()})
    result = dict(config or {})
    configurable = dict(result.get("configurable") or {})
    configurable["thread_id"] = f"blame-confirm-{uuid.uuid4().hex}"
    result["configurable"] = configurable
    return graph, result


Traced = Callable[[Any, Any, Mapping[str, Any]], tuple[str, Trace]]
"""Runs (graph, input, config) under blame's tracer."""


def resume(kept: Kept, plan: Plan, traced: Traced) -> tuple[str, Trace] | None:
    """Re-run from the plan's step with its counterfactual update; None (the plan's tally
    saying why) when the step is not a node that can be resumed from."""
    tally = plan.tally
    index = plan.override.step_index
    step = plan.recorded(index)
    edit = plan.override.edit
    if step is None or step.kind is not StepKind.AGENT or "/" in step.name or edit is None:
        tally.diverged = f"step {index} is not a node of the graph that a re-run can start from"
        return None
    node = step.name
    # The node's executions in checkpoint order: each (checkpoint before it, its task). The
    # k-th execution recorded is the k-th here, when its update is what the step shows.
    seen = sum(
        1 for s in plan.recording.steps[:index] if s.name == node and s.kind is StepKind.AGENT
    )
    history = list(kept.graph.get_state_history(kept.config))[::-1]  # oldest first
    slots = [(h, t) for h in history for t in h.tasks if t.name == node]
    shown = [slot for slot in slots if _shows(slot[1].result, step.output)]
    if seen < len(slots) and slots[seen] in shown:
        snapshot, task = slots[seen]
    elif shown:
        snapshot, task = shown[0]
    else:
        tally.diverged = f"no checkpoint holds the update step {index} ({node}) shows"
        return None
    # The whole superstep is written again, the blamed task's update changed: parallel
    # siblings (a fan-out's other branches) keep their updates and are not executed again.
    updates = []
    for sibling in snapshot.tasks:
        if not isinstance(sibling.result, Mapping):
            tally.diverged = f"the checkpoint before step {index} holds an unfinished task"
            return None
        values = rewrite(sibling.result, edit) if sibling is task else dict(sibling.result)
        updates.append(StateUpdate(values, sibling.name))
    resumed = kept.graph.bulk_update_state(snapshot.config, [updates])
    tally.applied = True
    final, trace = traced(kept.graph, None, resumed)
    tally.rerun = len(trace.steps)
    return final, trace


def _shows(result: Any, output: str) -> bool:
    """Whether every text of a task's update appears in a step's output (its rendering)."""
    if not isinstance(result, Mapping):
        return False
    texts: list[str] = []
    _texts(result, texts)
    return all(t in output for t in texts)


def _texts(value: Any, out: list[str]) -> None:
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _texts(v, out)
    elif isinstance(value, Mapping):
        for v in value.values():
            _texts(v, out)
    elif isinstance(getattr(value, "content", None), str):
        out.append(value.content)


def rewrite(writes: Mapping[str, Any], edit: Edit) -> dict[str, Any]:
    """A node's update with `edit` applied to its text: `remove` everywhere; `add` and
    `replace` to its main text (a message's content, else its longest text, also inside a
    list); an update without text is left as it is (the re-run then refutes nothing new)."""
    if edit.kind == "keep":
        return dict(writes)
    if edit.kind == "remove":
        return {key: _each(value, edit) for key, value in writes.items()}
    messages = [(key, value) for key, value in writes.items() if _contents(value)]
    out = dict(writes)
    if messages:
        key, value = messages[-1]
        out[key] = _last_content(value, edit)
        return out
    # The longest text anywhere in the update (a list's item: a reducer's new entry).
    texts = [
        (len(value[i] if i is not None else value), key, i)
        for key, value in writes.items()
        for i in (
            (None,)
            if isinstance(value, str)
            else [j for j, v in enumerate(value) if isinstance(v, str)]
            if isinstance(value, list)
            else ()
        )
    ]
    if not texts:
        return out
    _, key, at = max(texts, key=lambda t: (t[0], t[1], -1 if t[2] is None else t[2]))
    if at is None:
        out[key] = edited(writes[key], edit)
    else:
        items = list(writes[key])
        items[at] = edited(items[at], edit)
        out[key] = items
    return out


def _each(value: Any, edit: Edit) -> Any:
    """`value` with every text in it edited (strings, message contents, lists, mappings)."""
    if isinstance(value, str):
        return edited(value, edit)
    if isinstance(value, list):
        return [_each(v, edit) for v in value]
    if isinstance(value, tuple):
        return tuple(_each(v, edit) for v in value)
    if isinstance(value, Mapping):
        return {k: _each(v, edit) for k, v in value.items()}
    content = getattr(value, "content", None)
    if isinstance(content, str) and callable(getattr(value, "model_copy", None)):
        return value.model_copy(update={"content": edited(content, edit)})
    return value


def _contents(value: Any) -> bool:
    """Whether `value` is a message or a list ending in one (a messages channel's update)."""
    last = value[-1] if isinstance(value, list) and value else value
    return isinstance(getattr(last, "content", None), str) and callable(
        getattr(last, "model_copy", None)
    )


def _last_content(value: Any, edit: Edit) -> Any:
    """The update with its last message's content edited (same id: it replaces the message)."""
    if isinstance(value, list):
        return [*value[:-1], _each(value[-1], edit)]
    return _each(value, edit)
