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

from blame.model import Step, StepKind, Trace
from blame.rerun import Edit, Plan, edited
from blame_langgraph.graphs import Graph
from blame_langgraph.schedule import BRANCH_PREFIX

TASKS = "__pregel_tasks"
"""The channel a task's `Send`s are written to."""


@dataclass(frozen=True, slots=True)
class Kept:
    """A checkpointed first run, for re-runs to resume from."""

    graph: Any
    """The compiled graph, with its checkpointer."""
    config: Mapping[str, Any]
    """The run's config: its thread."""
    first: frozenset[str] = frozenset()
    """The ids of the first run's checkpoints: re-runs fork the same thread, and a node's
    execution in an earlier re-run is not the one the recording shows."""


def recorded(graph: Any, config: Mapping[str, Any]) -> frozenset[str]:
    """The ids of the checkpoints a run left on its thread."""
    return frozenset(_checkpoint_id(h) for h in graph.get_state_history(config))


def _checkpoint_id(snapshot: Any) -> str:
    return str(snapshot.config["configurable"]["checkpoint_id"])


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


Traced = Callable[[Any, Any, Mapping[str, Any], int], tuple[str, Trace]]
"""Runs (graph, input, config) under blame's tracer, the first `n` answers to `interrupt()`
already used (the run resumes where the recording had used them)."""


def resume(kept: Kept, plan: Plan, traced: Traced) -> tuple[str, Trace] | None:
    """Re-run from the plan's step with its counterfactual update; None (the plan's tally
    saying why) when the step is not a node that can be resumed from."""
    tally = plan.tally
    index = plan.override.step_index
    step = plan.recorded(index)
    edit = plan.override.edit
    found = None if step is None or edit is None else _node_of(plan.recording, index)
    if step is None or edit is None or found is None:
        tally.diverged = f"step {index} is not a node of the graph that a re-run can start from"
        return None
    node, seen, inner = found
    if inner:
        after = _inner_after(plan.recording, index, node)
        if after is not None:
            tally.diverged = (
                f"step {index} ran inside the subgraph of node {node!r} and step {after} ran "
                "after it there: a re-run starts from the node's update, not inside its subgraph"
            )
            return None
    # The node's executions in checkpoint order: each (checkpoint before it, its task). The
    # k-th execution recorded is the k-th here, when its update is what the step shows.
    history = [  # oldest first; not the forks earlier re-runs wrote
        h
        for h in reversed(list(kept.graph.get_state_history(kept.config)))
        if not kept.first or _checkpoint_id(h) in kept.first
    ]
    slots = [(h, t) for h in history for t in h.tasks if t.name == node]

    def fits(slot: tuple[Any, Any], *, strict: bool = True) -> bool:
        result = slot[1].result
        if inner:  # the inner step's message is in the node's update
            return _message(result, step.output) is not None
        return _shows(result, slot[0].values, step.output, strict=strict)

    if seen < len(slots) and fits(slots[seen], strict=False):
        snapshot, task = slots[seen]
    elif any(fits(slot) for slot in slots):
        snapshot, task = next(slot for slot in slots if fits(slot))
    else:
        tally.diverged = f"no checkpoint holds the update step {index} ({step.name}) shows"
        return None
    # The whole superstep is written again, the blamed task's update changed: parallel
    # siblings (a fan-out's other branches) keep their updates and are not executed again.
    writes = _writes(kept.graph, snapshot.config)
    graph = Graph(kept.graph)
    updates = []
    for sibling in snapshot.tasks:
        if not isinstance(sibling.result, Mapping):
            tally.diverged = f"the checkpoint before step {index} holds an unfinished task"
            return None
        values: Any = dict(sibling.result)
        routed = _routed(graph, sibling, writes)
        if sibling is task:
            values = rewrite(values, edit, only=_message(values, step.output) if inner else None)
            if not inner:  # what it sent is its output too (the tracer shows it so)
                routed = [_sent(r, edit) for r in routed]
        if routed:
            from langgraph.types import Command

            values = Command(update=values, goto=routed)
        updates.append(StateUpdate(values, sibling.name))
    resumed = kept.graph.bulk_update_state(snapshot.config, [updates])
    tally.applied = True
    final, trace = traced(kept.graph, None, resumed, _answered(plan.recording, index))
    tally.rerun = len(trace.steps)
    return final, trace


def _writes(graph: Any, config: Any) -> list[tuple[str, str, Any]]:
    """The writes the tasks run from a checkpoint made: (task id, channel, value)."""
    saved = graph.checkpointer.get_tuple(config)
    return list(saved.pending_writes or ()) if saved is not None else []


def _routed(graph: Graph, task: Any, writes: list[tuple[str, str, Any]]) -> list[Any]:
    """Where a task's node went by the `Command(goto=...)` it returned: its `Send`s and the
    nodes it named. Writing its update again (`as_node`) runs its edges and conditional edges,
    but not its return value's routing, and the run would end there."""
    from langgraph.types import Send

    node: str = task.name
    found: list[Any] = []
    for task_id, channel, value in writes:
        if task_id != task.id:
            continue
        if channel == TASKS and isinstance(value, Send):
            if not graph.branches_to(node, value.node):
                found.append(value)
        elif channel.startswith(BRANCH_PREFIX):
            target = channel[len(BRANCH_PREFIX) :]
            if not graph.branches_to(node, target) and not graph.edge(node, target):
                found.append(target)
    return found


def _sent(goto: Any, edit: Edit) -> Any:
    """A `Send` with the edit applied to its payload, as to an update; a node name as is."""
    from langgraph.types import Send

    if not isinstance(goto, Send):
        return goto
    arg = goto.arg
    if isinstance(arg, Mapping):
        arg = rewrite(arg, edit)
    elif isinstance(arg, str):
        arg = edited(arg, edit) if edit.kind != "keep" else arg
    else:
        arg = _each(arg, edit) if edit.kind == "remove" else arg
    return Send(goto.node, arg)


def _answered(trace: Trace, index: int) -> int:
    """How many answers to `interrupt()` the recording used before step `index`: one per stop
    before it (the steps that stopped in one superstep of one graph are one stop). A re-run
    resumes after them, so the next stop takes the answer after them, not the first again."""
    stops = {
        (step.metadata.get("namespace"), step.metadata.get("superstep"))
        for step in trace.steps[:index]
        if step.metadata.get("interrupted")
    }
    return len(stops)


def _owner(step: Step) -> str:
    """The node of the parent graph a step ran in (a subgraph's steps: the node holding it)."""
    namespace = step.metadata.get("namespace")
    if isinstance(namespace, str) and namespace:
        return namespace.split("/")[0]
    node = step.metadata.get("node")
    return node if isinstance(node, str) else step.name


def _node_of(trace: Trace, index: int) -> tuple[str, int, bool] | None:
    """The parent graph's node whose update a re-run from step `index` rewrites, how many
    times that node ran before, and whether the step ran inside it (in its subgraph)."""
    step = trace.steps[index]
    if "namespace" in step.metadata:
        node = _owner(step)
        # Its executions: runs of consecutive steps that ran in the node; the last is the
        # step's own.
        owners = [_owner(s) for s in trace.steps[: index + 1]]
        runs = sum(
            1 for i, o in enumerate(owners) if o == node and (i == 0 or owners[i - 1] != node)
        )
        return node, runs - 1, True
    if step.kind is not StepKind.AGENT or "/" in step.name:
        return None
    seen = sum(1 for s in trace.steps[:index] if s.name == step.name and s.kind is StepKind.AGENT)
    return step.name, seen, False


def _inner_after(trace: Trace, index: int, node: str) -> int | None:
    """A step that ran inside `node`'s subgraph after step `index`, in the same execution of
    the node (it read the step's output there), or None."""
    for later in trace.steps[index + 1 :]:
        if _owner(later) != node:
            return None
        if "namespace" in later.metadata:
            return later.index
    return None


def _shows(result: Any, before: Any, output: str, *, strict: bool = True) -> bool:
    """Whether every text a task's update adds to the state (`before`) appears in a step's
    output (its rendering): a messages channel's update repeats the conversation it got.
    Not `strict` (the node's own execution, found by counting), one text of it is enough:
    the node's step shows only its own messages, not those of the subgraph it ran (steps of
    their own), and may repeat texts the state already had."""
    if not isinstance(result, Mapping):
        return False
    texts: list[str] = []
    _texts(result, texts)
    given: list[str] = []
    _texts(before, given)
    known = set(given)
    new = [t for t in texts if t not in known]
    if strict:
        return all(t in output for t in new)
    return any(t.strip() and t in output for t in texts) or all(t in output for t in new)


def _message(result: Any, output: str) -> str | None:
    """The text of a node's update that is a step's output (non-empty; a message's content,
    or a value the step shows as `key: value`), the last such."""
    if not isinstance(result, Mapping):
        return None
    texts: list[str] = []
    _texts(result, texts)
    lines = output.splitlines()
    return next(
        (
            t
            for t in reversed(texts)
            if t.strip()
            and (t == output or t in lines or any(line.endswith(f": {t}") for line in lines))
        ),
        None,
    )


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


def rewrite(writes: Mapping[str, Any], edit: Edit, *, only: str | None = None) -> dict[str, Any]:
    """A node's update with `edit` applied to its text: `remove` everywhere; `add` and
    `replace` to its main text (a message's content, else its longest text, also inside a
    list); an update without text is left as it is (the re-run then refutes nothing new).
    With `only`, the edit applies to the texts equal to it alone (a subgraph step's message
    in the update of the node holding the subgraph, which repeats the whole conversation)."""
    if edit.kind == "keep":
        return dict(writes)
    if only is not None:
        return {key: _each(value, edit, only) for key, value in writes.items()}
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


def _each(value: Any, edit: Edit, only: str | None = None) -> Any:
    """`value` with every text in it edited (strings, message contents, lists, mappings);
    with `only`, just the texts equal to it."""
    if isinstance(value, str):
        return edited(value, edit) if only is None or value == only else value
    if isinstance(value, list):
        return [_each(v, edit, only) for v in value]
    if isinstance(value, tuple):
        return tuple(_each(v, edit, only) for v in value)
    if isinstance(value, Mapping):
        return {k: _each(v, edit, only) for k, v in value.items()}
    content = getattr(value, "content", None)
    if (
        isinstance(content, str)
        and (only is None or content == only)
        and callable(getattr(value, "model_copy", None))
    ):
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
