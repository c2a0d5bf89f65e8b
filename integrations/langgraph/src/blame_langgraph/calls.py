"""The tools a node calls in its own code (`some_tool.invoke(...)` inside the node function).

A ToolNode's calls are seen in the state (the AI message's tool calls, the ToolMessages), but a
node that calls a tool itself and keeps only what it made of the result leaves no trace of the
call in the state. Every LangChain tool runs through `BaseTool.run` / `arun` (ToolNode, a
prebuilt agent, a node's own code), so that is where a traced run hears its tool calls: the
methods are wrapped once per process (with the test's tool faults, `faults`), and a call made
while a run is traced (`listening`) is handed to the run's inbox with its arguments, its result
or error and its time; the namespace LangGraph puts in the call's config says which task made
it. Outside a traced run a call goes straight to the tool. A call of a tool inside another tool
is the outer tool's business, and is left out; a tool node's calls are its ToolMessages.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from time import perf_counter
from typing import TYPE_CHECKING, Any

from blame_langgraph.schedule import NS_SEP

if TYPE_CHECKING:
    from langchain_core.messages import ToolMessage

    from blame_langgraph.hook import Inbox
    from blame_langgraph.schedule import _Task
    from blame_langgraph.steps import StepWriter


class OwnCall:
    """One finished tool call made inside a task."""

    __slots__ = ("args", "batch", "call_id", "end", "error", "name", "output", "start")

    def __init__(
        self,
        name: str,
        args: Any,
        *,
        call_id: str | None,
        start: float,
        end: float,
        output: Any = None,
        error: str | None = None,
        batch: int = 0,
    ) -> None:
        self.name = name
        """The tool's name."""
        self.args = args
        """The arguments it was given (its input mapping, or its input text)."""
        self.call_id = call_id
        """The tool call id it was invoked with (a ToolNode's calls have one), else None."""
        self.start = start
        """When it started (`perf_counter`)."""
        self.end = end
        """When it returned or raised."""
        self.output = output
        """What it returned (a ToolMessage when invoked with a tool call)."""
        self.error = error
        """What it raised, as `Type: message`; None when it returned."""
        self.batch = batch
        """The `batch`/`abatch` call it was one of (its threads finish in any order); 0 if none."""


def task_of(metadata: Mapping[str, Any]) -> str:
    """The task id in a run's metadata, from the namespace LangGraph puts there; "" if none."""
    namespace = str(metadata.get("langgraph_checkpoint_ns") or "")
    return namespace.rpartition("|")[2].rpartition(NS_SEP)[2]


_SINK: ContextVar[Inbox | None] = ContextVar("blame_langgraph_tools", default=None)
"""The inbox of the traced run this context belongs to (LangGraph's tasks run in copies)."""

_INSIDE: ContextVar[bool] = ContextVar("blame_langgraph_in_tool", default=False)
"""Whether a tool is running in this context: a tool it calls is part of its work."""

_BATCH: ContextVar[int] = ContextVar("blame_langgraph_batch", default=0)
"""The tool `batch` running in this context: its calls run at once, on threads of their own
(which copy the context), and may start and end in any order."""
_BATCHES = itertools.count(1)

_LOCK = threading.Lock()
_MARK = "_blame_tools"
"""Set on the wrappers, so a second `install` sees the methods are wrapped already."""


@contextmanager
def listening(inbox: Inbox) -> Iterator[None]:
    """While inside, the tool calls of this context (and the tasks it starts) go to `inbox`."""
    install()
    token = _SINK.set(inbox)
    try:
        yield
    finally:
        _SINK.reset(token)


def install() -> None:
    """Wrap `BaseTool.run` and `arun` once per process: faults stand in, traced runs hear."""
    with _LOCK:
        from langchain_core.tools import BaseTool

        from blame_langgraph.faults import afaulted, faulted

        if getattr(BaseTool.run, _MARK, False):
            return
        run, arun, batch, abatch = BaseTool.run, BaseTool.arun, BaseTool.batch, BaseTool.abatch

        def one_batch(self: BaseTool, *args: Any, **kwargs: Any) -> Any:
            token = _BATCH.set(next(_BATCHES))
            try:
                return batch(self, *args, **kwargs)
            finally:
                _BATCH.reset(token)

        async def one_abatch(self: BaseTool, *args: Any, **kwargs: Any) -> Any:
            token = _BATCH.set(next(_BATCHES))
            try:
                return await abatch(self, *args, **kwargs)
            finally:
                _BATCH.reset(token)

        def heard_run(self: BaseTool, tool_input: Any, *args: Any, **kwargs: Any) -> Any:
            heard = _hearing(self.name, tool_input, kwargs)
            if heard is None:
                return faulted(run, self, tool_input, args, kwargs)
            inbox, task_id, token = heard
            start = perf_counter()
            try:
                output = faulted(run, self, tool_input, args, kwargs)
            except BaseException as error:
                _heard(inbox, task_id, self.name, tool_input, kwargs, start, error=error)
                raise
            finally:
                _INSIDE.reset(token)
            _heard(inbox, task_id, self.name, tool_input, kwargs, start, output=output)
            return output

        async def heard_arun(self: BaseTool, tool_input: Any, *args: Any, **kwargs: Any) -> Any:
            heard = _hearing(self.name, tool_input, kwargs)
            if heard is None:
                return await afaulted(arun, self, tool_input, args, kwargs)
            inbox, task_id, token = heard
            start = perf_counter()
            try:
                output = await afaulted(arun, self, tool_input, args, kwargs)
            except BaseException as error:
                _heard(inbox, task_id, self.name, tool_input, kwargs, start, error=error)
                raise
            finally:
                _INSIDE.reset(token)
            _heard(inbox, task_id, self.name, tool_input, kwargs, start, output=output)
            return output

        setattr(heard_run, _MARK, True)
        BaseTool.run = heard_run  # type: ignore[method-assign]
        BaseTool.arun = heard_arun  # type: ignore[method-assign]
        BaseTool.batch = one_batch  # type: ignore[method-assign,assignment]
        BaseTool.abatch = one_abatch  # type: ignore[method-assign,assignment]


def _hearing(name: str, tool_input: Any, kwargs: Mapping[str, Any]) -> Any:
    """(inbox, task id, token) when a traced run's task calls a tool, else None."""
    inbox = _SINK.get()
    if inbox is None or _INSIDE.get():
        return None
    config = kwargs.get("config")
    metadata = kwargs.get("metadata") or (config.get("metadata") if config else None) or {}
    task_id = task_of(metadata)
    if not task_id:
        return None
    return inbox, task_id, _INSIDE.set(True)


def _heard(
    inbox: Inbox,
    task_id: str,
    name: str,
    tool_input: Any,
    kwargs: Mapping[str, Any],
    start: float,
    *,
    output: Any = None,
    error: BaseException | None = None,
) -> None:
    """Hand a finished call to the inbox; a stop (interrupt, Command.PARENT) is no failure."""
    if error is not None:
        from langgraph.errors import GraphBubbleUp

        if isinstance(error, GraphBubbleUp):
            return
    call_id = kwargs.get("tool_call_id")
    inbox.note_tool(
        task_id,
        OwnCall(
            name,
            tool_input,
            call_id=str(call_id) if call_id is not None else None,
            start=start,
            end=perf_counter(),
            output=output,
            error=f"{type(error).__name__}: {error}" if error is not None else None,
            batch=_BATCH.get(),
        ),
    )


def own_calls(
    writer: StepWriter, task: _Task, answered: Sequence[ToolMessage] = ()
) -> list[OwnCall]:
    """The tool calls task `task` made in its own code: not a tool node's (its calls are its
    ToolMessages), nor a call whose ToolMessage the task wrote (`answered`: by call id, or,
    for a tool node of the user's own that invokes each tool with the call's arguments, by
    the tool's name)."""
    calls = writer.own_calls.pop(task.id, None)
    if calls and task.ended:  # a resumed run of the node made the later ones
        later = [c for c in calls if c.start > task.ended]
        if later:
            writer.own_calls[task.id] = later
            calls = [c for c in calls if c.start <= task.ended]
    if not calls or task.scope.graph.runs_tools(task.name):
        return []
    ids = {str(m.tool_call_id) for m in answered}
    names = {m.name for m in answered}
    return _in_order(
        [c for c in calls if c.name not in names and (c.call_id is None or c.call_id not in ids)]
    )


def _in_order(calls: list[OwnCall]) -> list[OwnCall]:
    """The calls in the order they started; calls that ran at once (one `batch`, or times
    that overlap: threads) in an order of their own (name, then arguments), so the same run
    gives the same trace. A batch's calls are one unit however their threads interleaved."""
    from blame_langgraph.render import to_json

    units: list[list[OwnCall]] = []
    batches: dict[int, list[OwnCall]] = {}
    for call in sorted(calls, key=lambda c: c.start):
        unit = batches.get(call.batch) if call.batch else None
        if unit is None:
            unit = [call]
            units.append(unit)
            if call.batch:
                batches[call.batch] = unit
        else:
            unit.append(call)
    ordered: list[OwnCall] = []
    group: list[OwnCall] = []
    until = float("-inf")
    for unit in units:
        if group and unit[0].start >= until:
            ordered.extend(sorted(group, key=lambda c: (c.name, to_json(c.args))))
            group = []
        end = max(c.end for c in unit)
        until = max(until, end) if group else end
        group.extend(unit)
    ordered.extend(sorted(group, key=lambda c: (c.name, to_json(c.args))))
    return ordered


def add_own_calls(
    writer: StepWriter, task: _Task, calls: Sequence[OwnCall], metadata: Mapping[str, Any]
) -> tuple[tuple[str, ...], str, float]:
    """Add a tool step per call, fed by what fed the node and owned by the node's agent.

    Returns their ids (the node's step is fed by them too), what the node got back from them
    (lines for its input: `tool <name>: <result>`, or `tool <name> failed: <error>`) and the
    time they took (the node's own time is the rest).
    """
    if not calls:  # most nodes: no import statement (each looks up a package's path)
        return (), "", 0.0
    from blame.model import StepKind
    from blame_langgraph.render import content_text, to_json, value_text

    ids: list[str] = []
    lines: list[str] = []
    spent = 0.0
    agent = task.scope.agent(task.name)
    for call in calls:
        output = call.output
        text = content_text(output) if hasattr(output, "tool_call_id") else value_text(output)
        if call.error is not None:
            text = ""
        failed = call.error is not None or getattr(output, "status", None) == "error"
        ids.append(
            writer.add(
                StepKind.TOOL,
                task.parents,
                name=call.name,
                agent=agent,
                input=to_json(call.args) if not isinstance(call.args, str) else call.args,
                output=text,
                error=(call.error or text or "tool error") if failed else None,
                latency_ms=(call.end - call.start) * 1000.0,
                metadata={**metadata, "in_node": True},
            )
        )
        got = (
            f"tool {call.name} failed: {call.error}" if call.error else f"tool {call.name}: {text}"
        )
        lines.append(got)
        spent += (call.end - call.start) * 1000.0
    return tuple(ids), "\n".join(lines), spent
