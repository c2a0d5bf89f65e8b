"""Trace a LangGraph run while it streams: one step per node execution, edges from real triggers.

The tracer reads LangGraph's "tasks" stream of the graph and of its subgraphs. It announces
every task (node execution) with its triggers before it runs and reports its writes (or its
error) when it ends; that is all a step graph needs. The graph itself runs as a plain
`graph.stream(input, stream_mode="values")` (the values give the final state): the task events
come through a stream hook in the run's config, the one LangGraph itself gives subgraphs when
asked for `subgraphs=True`. Asking for `subgraphs=True` (or for "messages") would make LangGraph
run every task in its thread pool next to a waiter that wakes the caller per event, which costs
a fast graph 20-45% of its time; the hook costs a few percent. When the hook is unavailable
(LangGraph internals moved, or the graph is already run inside another graph's task), the
tracer falls back to `stream_mode=["tasks", "values"]` with `subgraphs=True`. Token usage of
model calls comes from the AI messages the tasks write and, with `call_usage` (the default when
prices are given), from a callback handler that hears every chat model call's end, so calls
whose message is not written (a node that keeps only text or structured output) count too.
The handler is not always there because LangChain then dispatches every runnable of the run
through it: that costs a fast graph about 2% of its time, and only a cost needs every call:

- a task's parents are the tasks that wrote what triggered it (`branch:to:<node>` for static
  and conditional edges and `Command(goto=...)`, `join:<a>+<b>:<node>` for fan-in,
  `__pregel_push` for `Send`) plus the last writers of the state channels the node reads;
  which earlier task wrote a trigger is settled by the graph's declared edges, branches and
  Command destinations, falling back to every task of the previous superstep;
- a functional-API `@task` call arrives as a `__pregel_push` task that is no node of its
  graph: the running node (the `@entrypoint`) called it, so the call is fed by the caller's
  input or the caller's tasks that had just finished, and the caller's step waits for its
  result, which comes supersteps later, fed by the calls whose results no later call took;
- a subgraph's inner tasks arrive under a namespace `node:<task id>`, so they become steps
  `node/inner` owned by the outer node's agent, and the subgraph's first tasks inherit the
  outer task's parents;
- new messages in a task's writes carry the LLM output (content, tool calls, token usage) and
  the tool results: each `ToolMessage` becomes a tool step linked to the step that made the
  call (by tool_call_id), owned by the calling agent; a node that only runs tools is shown
  through its tool steps; a handoff tool (`transfer_to_<agent>`, or any tool that leaves a
  subgraph with `Command.PARENT`) is a side branch: the receiving agent is fed by the caller.

Events are collected as the run goes and turned into steps when it ends, one superstep of the
top-level graph at a time (in the order LangGraph scheduled its tasks, so parallel branches
always get the same step indexes); a run that raises keeps everything up to the failure, and
the failing node is an error step of the partial trace.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from time import perf_counter
from typing import Any, NamedTuple
from uuid import UUID

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langchain_core.outputs import LLMResult

from blame.errors import AgentError
from blame.model import Step, StepKind, Trace
from blame_langgraph.render import (
    TextCache,
    as_messages,
    content_text,
    is_mapping,
    message_field,
    messages_text,
    state_text,
    to_json,
    value_text,
)

FALLBACK_MODES = ("tasks", "values")
"""What the tracer asks `graph.stream` for, with `subgraphs=True`, when it cannot hook."""

PUSH = "__pregel_push"
"""The trigger of a task started by `Send`."""

RETURN = "__return__"
"""The channel a functional-API `@task` writes its return value to."""

END = "__end__"
"""The channel a functional-API `@entrypoint` writes its return value to."""

BRANCH_PREFIX = "branch:to:"
JOIN_PREFIX = "join:"
NS_SEP = ":"
HANDOFF_TOOL = re.compile(r"^transfer_(back_)?to_")
"""langgraph-supervisor and langgraph-swarm name their handoff tools like this."""

Prices = Mapping[str, Mapping[str, float]]
"""USD per million tokens by model name: `{"gpt-4o": {"input": 2.5, "output": 10}}`; `*` is the
fallback for models not listed."""


class LangGraphRunError(AgentError):
    """The graph raised; `trace` holds everything recorded up to the failure."""

    def __init__(self, message: str, *, trace: Trace, final_output: str) -> None:
        super().__init__(message, hint="the partial trace blames the failing node")
        self.trace = trace
        """The partial trace; its failing node is an error step."""
        self.final_output = final_output
        """The final output as far as the state got."""


class _Event(NamedTuple):
    """A task event, held until its superstep is recorded (a tuple: there is one per event)."""

    namespace: tuple[str, ...]
    start: bool
    step: int
    id: str
    data: Mapping[str, Any]
    at: float


def _batches(events: list[_Event]) -> list[list[_Event]]:
    """Consecutive runs of task announcements of one superstep."""
    batches: list[list[_Event]] = []
    for event in events:
        if batches and batches[-1][0].step == event.step:
            batches[-1].append(event)
        else:
            batches.append([event])
    return batches


@dataclass(frozen=True, slots=True)
class _Flush:
    """One superstep's events, as `_Tracer.flush` replays them."""

    children: Mapping[str | None, list[_Event]]
    """Task announcements by the id of the task whose subgraph made them (None: top level)."""
    results: Mapping[str, tuple[_Event, int]]
    """Task results by task id, with their position in the superstep's events."""
    announced: Mapping[str, int]
    """The position of each task's announcement."""

    def returned(self, task_id: str, until: int) -> bool:
        """Whether the task's result came before position `until` (-1: at any time)."""
        found = self.results.get(task_id)
        return found is not None and (until < 0 or found[1] < until)


@dataclass(frozen=True, slots=True)
class _Call:
    """A tool call seen in an AI message, waiting for its result."""

    step: str
    """The step whose output holds the call."""
    agent: str
    """The calling agent."""
    name: str
    """The tool's name."""
    args: Any
    """The call's arguments."""


@dataclass(slots=True, eq=False)
class _Task:
    """One node execution, from its announcement to its result."""

    id: str
    scope: _Scope
    step: int
    name: str
    triggers: tuple[str, ...]
    input: Any
    started: float
    parents: tuple[str, ...] = ()
    exits: tuple[str, ...] = ()
    done: bool = False
    children: list[_Scope] = field(default_factory=list)
    failed_inside: bool = False
    caller: _Task | None = None
    """The running task that called this one (a functional-API `@task` call), if any."""
    called: list[_Task] = field(default_factory=list)
    """The tasks this one called: its step comes after theirs, fed by what they returned."""
    error: str | None = None
    """What it raised, as the error step shows it."""


class _Graph:
    """What the tracer asks of one compiled graph, each answer computed once: a graph's
    structure is fixed, and subgraphs run again and again (each tool-calling turn)."""

    __slots__ = ("_answers", "_nodes", "graph")

    def __init__(self, graph: Any) -> None:
        self.graph = graph
        nodes = getattr(graph, "nodes", None)
        self._nodes: Mapping[str, Any] = nodes if isinstance(nodes, Mapping) else {}
        self._answers: dict[tuple[str, ...], Any] = {}

    def subgraph(self, name: str) -> Any:
        """The compiled subgraph run by node `name`, if LangGraph found one."""
        subgraphs = getattr(self._nodes.get(name), "subgraphs", None)
        return subgraphs[0] if subgraphs else None

    def reads(self, name: str) -> tuple[str, ...]:
        """The state channels node `name` reads."""
        key = ("reads", name)
        found: tuple[str, ...] | None = self._answers.get(key)
        if found is None:
            channels = getattr(self._nodes.get(name), "channels", None)
            if isinstance(channels, str):
                found = (channels,)
            elif isinstance(channels, Mapping):
                found = tuple(str(c) for c in channels.values())
            elif isinstance(channels, Sequence):
                found = tuple(str(c) for c in channels)
            else:
                found = ()
            self._answers[key] = found
        return found

    def is_called(self, name: str) -> bool:
        """Whether a task named `name` is a functional-API `@task` called by a running task:
        not a node of a graph whose nodes are known (a `Send` always goes to a node)."""
        return bool(self._nodes) and name not in self._nodes

    def runs_tools(self, name: str) -> bool:
        """Whether node `name` is a prebuilt ToolNode."""
        key = ("tools", name)
        found: bool | None = self._answers.get(key)
        if found is None:
            bound = getattr(self._nodes.get(name), "bound", None)
            found = self._answers[key] = isinstance(bound, _tool_node_class())
        return found

    def can_route(self, source: str, target: str, *, send: bool = False) -> bool:
        """Whether the graph declares a way from `source` to `target` (edge, branch, Command)."""
        key = ("send" if send else "route", source, target)
        found: bool | None = self._answers.get(key)
        if found is None:
            found = self._answers[key] = self._declares(source, target, send=send)
        return found

    def _declares(self, source: str, target: str, *, send: bool) -> bool:
        builder = getattr(self.graph, "builder", None)
        if builder is None:
            return False
        if not send and (source, target) in getattr(builder, "edges", ()):
            return True
        for branch in getattr(builder, "branches", {}).get(source, {}).values():
            ends = getattr(branch, "ends", None)
            if ends is None or target in ends.values():
                return True
        spec = getattr(builder, "nodes", {}).get(source)
        ends = getattr(spec, "ends", None) or ()
        return target in (ends.values() if isinstance(ends, Mapping) else ends)


_NO_GRAPH = _Graph(None)
"""A subgraph LangGraph did not expose: no structure to ask about."""


@dataclass(slots=True, eq=False)
class _Scope:
    """One run of one graph or subgraph: the tasks under one stream namespace."""

    names: tuple[str, ...]
    outer: _Task | None
    graph: _Graph
    finished_step: int = -1
    """The latest superstep a task of this scope finished in; -1 before any did."""
    finished: list[_Task] = field(default_factory=list)
    """The tasks that finished in it: only the latest superstep feeds the next (BSP)."""
    last_writers: dict[str, tuple[int, list[_Task]]] = field(default_factory=dict)
    latest: dict[str, _Task] = field(default_factory=dict)
    started: list[_Task] = field(default_factory=list)
    running: dict[str, _Task] = field(default_factory=dict)
    """The scope's own nodes started and not finished, by id: who may be calling a task."""

    def agent(self, node: str) -> str:
        """The agent a node of this scope belongs to: the outermost node of the namespace."""
        return self.names[0] if self.names else node

    def path(self, node: str) -> str:
        """`outer/inner` step name for a node of this scope."""
        return "/".join((*self.names, node))


class _Inbox:
    """What the run hands the tracer as it goes: stream chunks and model usage.

    The stream hook and the usage handler hold this, never the tracer: LangGraph leaves
    reference cycles that hold a run's config, and so both, until the next collection. Were
    they to hold the tracer, its steps, text cache and every state it saw would live (and be
    traversed by the collector) that long too.
    """

    __slots__ = ("chunks", "usage")

    def __init__(self) -> None:
        self.chunks: list[tuple[tuple[tuple[str, ...], str, Any], float]] = []
        """Stream chunks and when they came, made steps at the end of the run."""
        self.usage: list[tuple[str, AIMessage, str]] = []
        """Model call ends: (task id, AI message, model name)."""

    def receive(self, chunk: tuple[tuple[str, ...], str, Any]) -> None:
        """Collect one `(namespace, mode, payload)` chunk and when it came, from any thread.

        Only collected: the hook runs inside LangGraph's tasks, where a fault of the tracer
        would fail (and maybe retry) the user's node, and turning events into steps after the
        run costs less than doing it between LangGraph's own work (measured: about half).
        The hook is called as the event happens, so the clock read here times the task.
        """
        self.chunks.append((chunk, perf_counter()))

    def note_usage(self, task_id: str, message: AIMessage, model: str) -> None:
        """Collect the end of a chat model call made inside task `task_id`, from any thread."""
        if message.usage_metadata:
            self.usage.append((task_id, message, model))


class _Tracer:
    """Turns task events into steps, one top-level superstep at a time."""

    def __init__(
        self,
        graph: Any,
        input: Any,
        *,
        test_name: str,
        prices: Prices | None,
        messages_key: str,
        output_key: str | None,
    ) -> None:
        self.graph = graph
        self.prices = prices or {}
        self.messages_key = messages_key
        self.output_key = output_key
        self.test_name = test_name
        self.input_text = _input_text(input, messages_key)
        self.steps: list[Step] = []
        self.scopes: dict[tuple[str, ...], _Scope] = {}
        self.graphs: dict[int, _Graph] = {}
        """The graph and its subgraphs, by identity (each _Graph keeps its graph alive)."""
        self.tasks: dict[str, _Task] = {}
        self.seen: set[str] = set()
        self.calls: dict[str, _Call] = {}
        self.answered: set[str] = set()
        self.llm: dict[str, dict[str, list[Any]]] = {}
        self.step_parents: dict[str, tuple[str, ...]] = {}
        self.failed = False
        self.last: tuple[str, str, str] | None = None
        self.final_state: Any = None
        self.buffer: list[_Event] = []
        self.texts: TextCache = {}
        self.buffered_step: int | None = None
        self.supersteps: dict[tuple[str, ...], tuple[int, bool]] = {}
        """Per namespace: its current superstep, and whether its last event was a result."""
        self.callers: list[_Task] = []
        """Tasks that called tasks and have not finished: they may end supersteps later."""
        self.inbox = _Inbox()

    # -- events ------------------------------------------------------------------------------

    def drain(self) -> None:
        """Turn everything collected so far into steps (at the end of the run, or its failure)."""
        inbox = self.inbox
        notes, inbox.usage = inbox.usage, []
        for task_id, message, model in notes:
            self._count_usage(task_id, message, model)
        chunks, inbox.chunks = inbox.chunks, []
        for (namespace, mode, payload), at in chunks:
            self.handle(namespace, mode, payload, at)
        self.flush()

    def handle(self, namespace: tuple[str, ...], mode: str, payload: Any, at: float) -> None:
        """Consume one `(namespace, mode, payload)` item of the stream, received at `at`.

        A "tasks" event is a task's announcement, or its result when it has a "result" key
        (LangGraph's own test). Each loop announces all tasks of a superstep before any of
        them runs, so within one namespace an announcement after a result opens the next
        superstep. The count starts at 1 in every run: it is LangGraph's own step number on a
        fresh thread (a run resumed from a checkpoint counts from 1 again), without asking for
        the "debug" mode, which dates and wraps every event and maps every checkpoint.
        """
        if mode == "values":
            if not namespace:
                self.final_state = payload
            return
        if mode != "tasks" or not is_mapping(payload):
            return
        start = "result" not in payload
        step, after_result = self.supersteps.get(namespace, (0, True))
        if start and after_result:
            step += 1
        self.supersteps[namespace] = (step, not start)
        if start and not namespace:
            if self.buffered_step is not None and step != self.buffered_step:
                self.flush()
            self.buffered_step = step
        self.buffer.append(_Event(namespace, start, step, str(payload.get("id")), payload, at))

    def flush(self) -> None:
        """Record the buffered superstep in a fixed order, whatever order its tasks ended in.

        Parallel tasks (Send branches, parallel nodes, their subgraphs) finish in any order;
        replaying them as LangGraph announced them keeps step indexes, and so results and
        patches, byte-identical from run to run.
        """
        events, self.buffer, self.buffered_step = self.buffer, [], None
        results: dict[str, tuple[_Event, int]] = {}
        announced: dict[str, int] = {}
        children: dict[str | None, list[_Event]] = {None: []}
        for position, event in enumerate(events):
            if not event.start:
                results[event.id] = (event, position)
                continue
            announced[event.id] = position
            # a subgraph's tasks are announced after the task running it
            parent = event.namespace[-1].rpartition(NS_SEP)[2] if event.namespace else None
            if parent is None or parent not in children:
                parent = None
            children[parent].append(event)
            children.setdefault(event.id, [])
        self._run(children[None], _Flush(children, results, announced))
        for caller in list(self.callers):  # an entrypoint ends supersteps after it started
            if caller.id in results:
                self._finish(caller.id, results[caller.id][0].data, results[caller.id][0].at)

    def _run(self, announcements: list[_Event], flush: _Flush) -> None:
        """Record the tasks one scope announced, batch by batch, each after its subgraph.

        A task is recorded with the batch its result came in: one that called tasks returns
        batches after it started, and is recorded after the tasks it called. A method, not a
        closure in `flush`: a recursive closure is a reference cycle, which would keep every
        event (and the state it holds) alive until the next collection.
        """
        batches = _batches(announcements)
        results, children, tasks = flush.results, flush.children, self.tasks
        waiting: list[str] = []
        for number, batch in enumerate(batches):
            for event in batch:
                self._start(event.namespace, event.step, event.id, event.data, event.at)
            until = flush.announced[batches[number + 1][0].id] if number + 1 < len(batches) else -1
            for event in batch:
                task_id = event.id
                inner = children.get(task_id)
                if inner:
                    self._run(inner, flush)
                found = results.get(task_id)
                if found is None or -1 < until < found[1] or tasks[task_id].called:
                    waiting.append(task_id)
                else:  # the usual task: it returned before the next batch was announced
                    self._finish(task_id, found[0].data, found[0].at)
            if waiting:
                returned = [t for t in waiting if flush.returned(t, until)]
                if returned:
                    waiting = [t for t in waiting if not flush.returned(t, until)]
                returned.sort(key=lambda t: bool(tasks[t].called))  # callers last
                for task_id in returned:
                    result = results[task_id][0]
                    self._finish(task_id, result.data, result.at)

    def _graph(self, graph: Any) -> _Graph:
        if graph is None:
            return _NO_GRAPH
        known = self.graphs.get(id(graph))
        if known is None:
            known = self.graphs[id(graph)] = _Graph(graph)
        return known

    def _scope(self, namespace: tuple[str, ...]) -> _Scope:
        scope = self.scopes.get(namespace)
        if scope is not None:
            return scope
        if not namespace:
            scope = _Scope(names=(), outer=None, graph=self._graph(self.graph))
        else:
            parent = self._scope(namespace[:-1])
            name, _, task_id = namespace[-1].rpartition(NS_SEP)
            outer = self.tasks.get(task_id) if name else None
            name = name or namespace[-1]
            scope = _Scope(
                names=(*parent.names, name),
                outer=outer,
                graph=self._graph(parent.graph.subgraph(name) if outer is not None else None),
            )
            if outer is not None:
                outer.children.append(scope)
        self.scopes[namespace] = scope
        return scope

    def _start(
        self,
        namespace: tuple[str, ...],
        step: int,
        task_id: str,
        data: Mapping[str, Any],
        at: float,
    ) -> None:
        scope = self._scope(namespace)
        task = _Task(
            id=task_id,
            scope=scope,
            step=step,
            name=str(data.get("name")),
            triggers=tuple(map(str, data.get("triggers") or ())),
            input=data.get("input"),
            started=at,
        )
        self._mark_seen(task.input)
        caller = self._caller(task) if PUSH in task.triggers else None
        if caller is None:
            task.parents = self._parents(task)
            scope.running[task.id] = task
        else:
            task.caller = caller
            if not caller.called:
                self.callers.append(caller)
            caller.called.append(task)
            # fed by the caller's input, then by what its tasks returned before this call
            siblings = [t for t in scope.finished if t.caller is caller]
            task.parents = (
                _ordered({e for t in siblings for e in t.exits}) if siblings else caller.parents
            )
        self.tasks[task.id] = task
        scope.started.append(task)

    def _caller(self, task: _Task) -> _Task | None:
        """The running task that called pushed task `task`, for a functional-API `@task` call.

        The stream does not say who called a task; a scope runs one entrypoint, so the
        earliest running node is the caller (two parallel nodes calling tasks are a guess).
        """
        scope = task.scope
        if not scope.running or not scope.graph.is_called(task.name):
            return None
        return next(iter(scope.running.values()))

    def _finish(self, task_id: str, data: Mapping[str, Any], at: float) -> None:
        task = self.tasks.get(task_id)
        if task is None or task.done:
            return
        task.done = True
        scope = task.scope
        step = task.step
        latency_ms: float | None = round(max(0.0, (at - task.started) * 1000.0), 3)
        if task.caller is None:
            scope.running.pop(task.id, None)
        if task.called:
            # a caller's output is made of what its tasks returned, and its time is theirs
            self.callers.remove(task)
            task.parents = self._called_exits(task) or task.parents
            latency_ms = None
            step = max(step, scope.finished_step)
            scope.finished = [t for t in scope.finished if t.caller is not task]
        result = data.get("result")
        writes: Mapping[str, Any] = result if is_mapping(result) else {}
        error = data.get("error")
        if error is not None:
            task.exits = self._record_error(task, error, latency_ms)
        else:
            task.exits = self._record(task, writes, latency_ms)
        if step == scope.finished_step:
            scope.finished.append(task)
        elif step > scope.finished_step:
            scope.finished_step, scope.finished = step, [task]
        scope.latest[task.name] = task
        for channel in writes:
            step, writers = scope.last_writers.get(channel, (-1, []))
            if step == task.step:
                writers.append(task)
            else:
                scope.last_writers[channel] = (task.step, [task])

    # -- parents -----------------------------------------------------------------------------

    def _parents(self, task: _Task) -> tuple[str, ...]:
        scope = task.scope
        if not scope.finished:
            return scope.outer.parents if scope.outer is not None else ()
        writers: list[_Task] = []
        for trigger in task.triggers:
            writers.extend(self._trigger_writers(task, trigger))
        if PUSH not in task.triggers:
            for channel in scope.graph.reads(task.name):
                writers.extend(scope.last_writers.get(channel, (-1, []))[1])
        ids = {exit_id for writer in writers for exit_id in writer.exits}
        if not ids and scope.outer is not None:
            return scope.outer.parents
        return _ordered(ids)

    def _trigger_writers(self, task: _Task, trigger: str) -> list[_Task]:
        scope = task.scope
        previous = scope.finished
        if trigger == PUSH:
            senders = [t for t in previous if scope.graph.can_route(t.name, task.name, send=True)]
            return senders or previous
        if trigger.startswith(BRANCH_PREFIX):
            target = trigger[len(BRANCH_PREFIX) :]
            routers = [t for t in previous if scope.graph.can_route(t.name, target)]
            return routers or previous
        if trigger.startswith(JOIN_PREFIX):
            sources = trigger[len(JOIN_PREFIX) :].rpartition(NS_SEP)[0].split("+")
            return [scope.latest[s] for s in sources if s in scope.latest]
        return list(scope.last_writers.get(trigger, (-1, []))[1])

    # -- steps -------------------------------------------------------------------------------

    def _mark_seen(self, value: Any) -> None:
        if is_mapping(value):
            for item in value.values():
                for message in as_messages(item) or ():
                    if message.id is not None:
                        self.seen.add(message.id)

    def _fresh(self, messages: Sequence[BaseMessage]) -> list[BaseMessage]:
        fresh = []
        for message in messages:
            if message.id is None or message.id not in self.seen:
                if message.id is not None:
                    self.seen.add(message.id)
                fresh.append(message)
        return fresh

    def _called_exits(self, task: _Task) -> tuple[str, ...]:
        """The steps of the tasks `task` called whose output no later called task took."""
        exits = [e for t in task.called for e in t.exits]
        fed = {p for e in exits for p in self.step_parents.get(e, ())}
        return _ordered({e for e in exits if e not in fed})

    def _inner_exits(self, task: _Task) -> tuple[str, ...]:
        return _ordered({e for scope in task.children for t in scope.finished for e in t.exits})

    def _add(
        self,
        kind: StepKind,
        parents: Sequence[str],
        *,
        name: str,
        agent: str,
        metadata: dict[str, Any],
        input: str = "",
        output: str = "",
        error: str | None = None,
        latency_ms: float | None = None,
        tokens: int | None = None,
        cost_usd: float | None = None,
    ) -> str:
        """Number the step and add it. The tracer builds steps itself rather than through a
        TraceRecorder: its parents are its own ids and its fields are already text, so the
        recorder's checks and conversions would only add to every step's cost."""
        index = len(self.steps)
        step_id = f"s{index}"
        parent_ids = tuple(parents)
        self.steps.append(
            Step(
                id=step_id,
                index=index,
                kind=kind,
                name=name,
                agent=agent,
                input=input,
                output=output,
                parents=parent_ids,
                error=error,
                latency_ms=latency_ms,
                cost_usd=cost_usd,
                tokens=tokens,
                metadata=metadata,
            )
        )
        self.step_parents[step_id] = parent_ids
        self.last = (step_id, agent, name)
        return step_id

    def _input(self, task: _Task) -> str:
        """A step's input text: the state the node got, or the arguments of a task call."""
        if task.caller is not None:
            return _call_text(task.input, self.texts)
        return state_text(task.input, self.texts)

    def _metadata(self, task: _Task) -> dict[str, Any]:
        meta: dict[str, Any] = {"node": task.name, "superstep": task.step}
        if task.scope.names:
            meta["namespace"] = "/".join(task.scope.names)
        if task.caller is not None:
            meta["called_by"] = task.caller.name
        elif PUSH in task.triggers:
            meta["send"] = True
        return meta

    def _record(
        self, task: _Task, writes: Mapping[str, Any], latency_ms: float | None
    ) -> tuple[str, ...]:
        scope = task.scope
        messages: list[BaseMessage] = []
        message_channels: list[str] = []
        other: dict[str, Any] = {}
        for channel in sorted(writes):
            found = as_messages(writes[channel])
            if found is None:
                other[channel] = writes[channel]
                continue
            fresh = self._fresh(found)
            if fresh:
                messages.extend(fresh)
                message_channels.append(channel)
        if not messages and not task.children and not scope.graph.runs_tools(task.name):
            # the usual node: writes state, no messages, no subgraph (a shortcut, same step)
            tokens, cost = self._usage(task, ())
            return (
                self._add(
                    StepKind.AGENT,
                    task.parents,
                    agent=scope.agent(task.name),
                    name=scope.path(task.name),
                    input=self._input(task),
                    output=_written_text(other, self.texts),
                    latency_ms=latency_ms,
                    tokens=tokens,
                    cost_usd=cost,
                    metadata=self._metadata(task),
                ),
            )
        said: list[BaseMessage] = []
        results: list[ToolMessage] = []
        for message in messages:
            if isinstance(message, ToolMessage):
                results.append(message)
            else:
                said.append(message)
        has_inner = bool(task.children) and any(s.finished for s in task.children)
        inner = self._inner_exits(task) if has_inner else ()
        runs_tools = scope.graph.runs_tools(task.name) or (bool(results) and not said and not other)
        agent = scope.agent(task.name)
        created: list[str] = []
        node_step: str | None = None
        if not runs_tools and (said or not has_inner):
            output: dict[str, Any] = dict(other) if not has_inner else {}
            if said:
                output[message_channels[0] if message_channels else self.messages_key] = said
            tokens, cost = self._usage(task, said)
            node_step = self._add(
                StepKind.AGENT,
                inner or task.parents,
                agent=agent,
                name=scope.path(task.name),
                input=self._input(task),
                output=_written_text(output, self.texts),
                latency_ms=None if has_inner else latency_ms,
                tokens=tokens,
                cost_usd=cost,
                metadata=self._metadata(task),
            )
            created.append(node_step)
            for message in said:
                for call in message_field(message, "tool_calls") or ():
                    self.calls[str(call.get("id"))] = _Call(
                        node_step, agent, str(call["name"]), call.get("args", {})
                    )
        share = (
            latency_ms / len(results)
            if results and latency_ms is not None and not has_inner
            else None
        )
        handoffs: set[str] = set()
        for message in results:
            self.answered.add(str(message.tool_call_id))
            call = self.calls.get(str(message.tool_call_id))
            fallback = (node_step,) if node_step else (inner or task.parents)
            name = message.name or (call.name if call else "tool")
            text = content_text(message)
            step_id = self._add(
                StepKind.TOOL,
                (call.step,) if call else fallback,
                name=name,
                agent=call.agent if call else agent,
                input=to_json(call.args if call else {}),
                output=text,
                error=(text or "tool error") if message.status == "error" else None,
                latency_ms=share,
                metadata=self._metadata(task),
            )
            created.append(step_id)
            if has_inner or HANDOFF_TOOL.match(name):
                handoffs.add(step_id)
        for call_id, call in self._unanswered(task) if task.children else ():
            # a tool that handed control out of the subgraph (Command.PARENT) without a
            # ToolMessage, e.g. a handoff that Sends only a task description
            step_id = self._add(
                StepKind.TOOL,
                (call.step,),
                name=call.name,
                agent=call.agent,
                input=to_json(call.args),
                metadata=self._metadata(task),
            )
            self.answered.add(call_id)
            created.append(step_id)
            handoffs.add(step_id)
        if not created and not has_inner:
            tokens, cost = self._usage(task, ())
            node_step = self._add(
                StepKind.AGENT,
                task.parents,
                agent=agent,
                name=scope.path(task.name),
                input=self._input(task),
                output="",
                latency_ms=latency_ms,
                tokens=tokens,
                cost_usd=cost,
                metadata=self._metadata(task),
            )
            created.append(node_step)
        if len(created) == 1 and not handoffs and not inner:
            return (created[0],)  # the usual case: one step, which is the exit
        # A handoff tool is a control signal: what it hands over is its caller's output, so
        # the caller (not the tool's "transferred" note) feeds the receiving agent.
        flowing = [s for s in created if s not in handoffs]
        callers = {p for s in handoffs for p in self.step_parents[s]}
        members = set(flowing) | set(inner) | callers
        fed = {p for member in flowing for p in self.step_parents[member]}
        exits = {m for m in members if m not in fed}
        if node_step is not None and messages and not isinstance(messages[-1], ToolMessage):
            exits.add(node_step)
        return _ordered(exits) or inner or task.parents

    def _record_error(self, task: _Task, error: Any, latency_ms: float | None) -> tuple[str, ...]:
        scope = task.scope
        if task.failed_inside:
            return self._inner_exits(task) or task.parents
        text = _error_text(error)
        task.error = text
        if any(called.error == text for called in task.called):
            return task.parents  # the error of a task it called, passed on: one error step
        pending = self._pending_calls(task) if scope.graph.runs_tools(task.name) else []
        if len(pending) == 1:
            call_id, name, args = pending[0]
            call = self.calls.get(call_id)
            step_id = self._add(
                StepKind.TOOL,
                (call.step,) if call else task.parents,
                name=name,
                agent=call.agent if call else scope.agent(task.name),
                input=to_json(args),
                error=text,
                latency_ms=latency_ms,
                metadata=self._metadata(task),
            )
        else:
            # several calls were running and any of them may have raised: the tool node fails
            # as a step of the agent that made the calls
            callers = [self.calls[c].agent for c, _, _ in pending if c in self.calls]
            tokens, cost = self._usage(task, ())
            step_id = self._add(
                StepKind.AGENT,
                self._inner_exits(task) or task.parents,
                agent=callers[0] if callers else scope.agent(task.name),
                name=scope.path(task.name),
                input=self._input(task),
                error=text,
                latency_ms=latency_ms,
                tokens=tokens,
                cost_usd=cost,
                metadata=self._metadata(task),
            )
        self.failed = True
        outer = scope.outer
        while outer is not None:
            outer.failed_inside = True
            outer = outer.scope.outer
        return (step_id,)

    def _unanswered(self, task: _Task) -> list[tuple[str, _Call]]:
        """Calls of tool nodes inside `task` that never finished nor answered (a handoff)."""
        found: list[tuple[str, _Call]] = []
        for scope in task.children:
            for inner in scope.started:
                if inner.done or not scope.graph.runs_tools(inner.name):
                    continue
                for call_id, _, _ in self._pending_calls(inner):
                    call = self.calls.get(call_id)
                    if call is not None and call_id not in self.answered:
                        found.append((call_id, call))
        return found

    def _pending_calls(self, task: _Task) -> list[tuple[str, str, Any]]:
        """Tool calls a tool node was running: the last AI message's calls not yet answered."""
        value = task.input
        if isinstance(value, Mapping) and isinstance(value.get("tool_call"), Mapping):
            value = value["tool_call"]  # a ToolCallWithContext sent to the tool node
        if isinstance(value, Mapping) and value.get("type") == "tool_call":
            return [(str(value.get("id")), str(value.get("name")), value.get("args", {}))]
        messages = (
            as_messages(value.get(self.messages_key)) if isinstance(value, Mapping) else None
        ) or []
        answered = {m.tool_call_id for m in messages if isinstance(m, ToolMessage)}
        for message in reversed(messages):
            if isinstance(message, AIMessage) and message.tool_calls:
                return [
                    (str(c.get("id")), str(c["name"]), c.get("args", {}))
                    for c in message.tool_calls
                    if c.get("id") not in answered
                ]
        return []

    def _count_usage(self, task_id: str, message: AIMessage, model: str) -> None:
        """Token usage of a chat model called inside task `task_id`."""
        usage = message.usage_metadata
        if not usage:
            return
        calls = self.llm.setdefault(task_id, {})
        key = message.id or f"#{len(calls)}"
        entry = calls.setdefault(key, [0, 0, 0, _model_name(message) or model])
        entry[0] += int(usage.get("input_tokens", 0))
        entry[1] += int(usage.get("output_tokens", 0))
        entry[2] += int(usage.get("total_tokens", 0))

    def _usage(
        self, task: _Task, messages: Sequence[BaseMessage]
    ) -> tuple[int | None, float | None]:
        """Tokens and cost of a task: its model calls and the AI messages it wrote, once each."""
        if not messages and task.id not in self.llm:
            return None, None
        calls = self.llm.pop(task.id, {})
        for message in messages:
            usage = message_field(message, "usage_metadata")
            key = message.id or f"#{len(calls)}"
            if usage and key not in calls:
                calls[key] = [
                    int(usage.get("input_tokens", 0)),
                    int(usage.get("output_tokens", 0)),
                    int(usage.get("total_tokens", 0)),
                    _model_name(message),
                ]
        if not calls:
            return None, None
        tokens = 0
        cost: float | None = None
        for key in sorted(calls):
            input_tokens, output_tokens, total, model = calls[key]
            tokens += total
            price = self.prices.get(model) or self.prices.get("*")
            if price is not None:
                spent = (
                    input_tokens * float(price.get("input", 0.0))
                    + output_tokens * float(price.get("output", 0.0))
                ) / 1_000_000
                cost = (cost or 0.0) + spent
        return tokens, cost

    # -- the end -----------------------------------------------------------------------------

    def final_output(self) -> str:
        """The chosen output of the final state: `output_key`, else the last AI message."""
        state = self.final_state
        if not isinstance(state, Mapping):
            return value_text(state)
        if self.output_key is not None:
            return value_text(state.get(self.output_key))
        messages = as_messages(state.get(self.messages_key))
        if messages is not None:
            replies = [m for m in messages if isinstance(m, AIMessage)]
            return content_text(replies[-1]) if replies else ""
        return state_text(state)

    def finish(self, error: BaseException | None = None) -> tuple[str, Trace]:
        """The final output and the trace; a run that raised gets its error recorded."""
        self.drain()
        if error is not None and not self.failed:
            last_id, agent, name = self.last or ("", "graph", "graph")
            self._add(
                StepKind.AGENT,
                (last_id,) if last_id else (),
                agent=agent,
                name=name,
                error=_error_text(error),
                metadata={"raised_outside_nodes": True},
            )
        final = self.final_output()
        metadata: dict[str, Any] = {"framework": "langgraph"}
        if error is not None:
            metadata["error"] = _error_text(error)
        trace = Trace(
            test_name=self.test_name,
            steps=tuple(self.steps),
            final_output=final,
            input=self.input_text,
            metadata=metadata,
        )
        self.release()
        return final, trace

    def release(self) -> None:
        """Unlink tasks from their scopes once the trace is built.

        Tasks and scopes point at each other; unlinked, the run's events, tasks and the state
        they hold are freed at once instead of waiting for (and slowing) a collection.
        """
        for scope in self.scopes.values():
            scope.started.clear()
            scope.finished.clear()
            scope.latest.clear()
            scope.last_writers.clear()
            scope.running.clear()
        for task in self.tasks.values():
            task.children.clear()
            task.called.clear()
            task.caller = None
        self.callers.clear()
        self.scopes.clear()
        self.tasks.clear()


@cache
def _tool_node_class() -> type:
    """LangGraph's prebuilt ToolNode, imported once: a `from` import of a package's attribute
    inside a hot function costs tens of microseconds a call."""
    from langgraph.prebuilt import ToolNode

    return ToolNode


def _ordered(ids: set[str] | Sequence[str]) -> tuple[str, ...]:
    """Step ids in recording order (ids are `s<index>`)."""
    if len(ids) < 2:
        return tuple(ids)
    return tuple(sorted(set(ids), key=lambda s: int(s[1:]) if s[1:].isdigit() else -1))


def _written_text(writes: Mapping[str, Any], cache: TextCache) -> str:
    """A task's writes as text; a functional-API task's or entrypoint's return value as itself."""
    if len(writes) == 1:
        for channel in (RETURN, END):
            if channel in writes:
                return value_text(writes[channel], cache)
    return state_text(writes, cache)


def _call_text(call: Any, cache: TextCache) -> str:
    """The arguments of a functional-API task call, `(args, kwargs)`: a lone argument as
    itself, keyword arguments as `key: value` lines, else both as JSON."""
    if isinstance(call, tuple) and len(call) == 2:
        args, kwargs = call
        if isinstance(args, tuple) and is_mapping(kwargs):
            if len(args) == 1 and not kwargs:
                return value_text(args[0], cache)
            if not args and kwargs:
                return state_text(kwargs, cache)
    return state_text(call, cache)


def _model_name(message: BaseMessage) -> str:
    meta = message.response_metadata or {}
    return str(meta.get("model_name") or meta.get("model") or "")


def _error_text(error: Any) -> str:
    if isinstance(error, BaseException):
        return f"{type(error).__name__}: {error}"
    return str(error)


def _input_text(input: Any, messages_key: str) -> str:
    if isinstance(input, Mapping) and isinstance(input.get(messages_key), list):
        from langchain_core.messages import convert_to_messages

        try:
            converted = convert_to_messages(input[messages_key])
        except (ValueError, TypeError, NotImplementedError):
            return state_text(input)
        rest = {k: v for k, v in input.items() if k != messages_key}
        if not rest:
            return messages_text(converted)
        return state_text({**rest, messages_key: converted})
    return state_text(input)


def _run_error(tracer: _Tracer, error: BaseException) -> AgentError:
    """The error to raise for a run that raised: with its partial trace once a node ran."""
    tracer.drain()
    if tracer.last is None:
        tracer.release()
        return AgentError(
            f"the graph raised {_error_text(error)} before any node ran",
            field="agent.entrypoint",
            hint="check the test input against the graph's input state "
            "(agent.input_key, or a mapping as the test input)",
        )
    final, trace = tracer.finish(error)
    failing = [s for s in trace.steps if s.failed]
    where = f" in {failing[0].name}" if failing else ""
    return LangGraphRunError(
        f"the graph raised {_error_text(error)}{where} after {len(trace.steps)} steps",
        trace=trace,
        final_output=final,
    )


class _UsageHandler(BaseCallbackHandler):
    """Reads the token usage of every chat model call of the run; ignores everything else."""

    run_inline = True
    ignore_chain = True
    ignore_agent = True
    ignore_retriever = True
    ignore_retry = True
    ignore_custom_event = True

    def __init__(self, inbox: _Inbox) -> None:
        self.inbox = inbox
        self.tasks: dict[UUID, tuple[str, str]] = {}
        """Running model calls: run id -> (task id, model name)."""

    def on_chat_model_start(
        self,
        serialized: dict[str, Any],
        messages: list[list[BaseMessage]],
        *,
        run_id: UUID,
        metadata: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        """Remember which task the call belongs to (LangGraph puts its namespace in metadata)."""
        meta = metadata or {}
        namespace = str(meta.get("langgraph_checkpoint_ns") or "")
        task_id = namespace.rpartition("|")[2].rpartition(NS_SEP)[2]
        self.tasks[run_id] = (task_id, str(meta.get("ls_model_name") or ""))

    def on_llm_end(self, response: LLMResult, *, run_id: UUID, **kwargs: Any) -> None:
        """Hand the usage of the call's AI messages to the tracer."""
        task = self.tasks.pop(run_id, None)
        if task is None:
            return
        for generations in response.generations:
            for generation in generations:
                message = getattr(generation, "message", None)
                if isinstance(message, AIMessage):
                    self.inbox.note_usage(task[0], message, task[1])

    def on_llm_error(self, error: BaseException, *, run_id: UUID, **kwargs: Any) -> None:
        """Forget a call that failed."""
        self.tasks.pop(run_id, None)


def _stream_hook(tracer: _Tracer, configurable: Mapping[str, Any]) -> dict[str, Any] | None:
    """The `configurable` entries that hook the tracer into every loop of the run, if possible.

    The hook is LangGraph's own subgraph stream key: every loop of the run (the graph's and
    each subgraph's) sends it the chunks of the modes it asks for, synchronously, from the
    thread the task runs in. None when LangGraph's internals moved, or when the config is
    already a task's config (a graph run inside another graph's node keeps its wiring).
    """
    internals = _hook_internals()
    if internals is None:
        return None
    stream_key, runtime_key, task_key, stream_protocol, default_runtime = internals
    if any(k in configurable for k in (stream_key, runtime_key, task_key)):
        return None
    return {
        # "tasks": every task's announcement (triggers, input) and its result (writes, error)
        stream_key: stream_protocol(tracer.inbox.receive, {"tasks"}),
        # a config with the stream key must carry a runtime: the run's own defaults
        runtime_key: default_runtime,
    }


@cache
def _hook_internals() -> tuple[str, str, str, Any, Any] | None:
    """LangGraph's stream, runtime and task id config keys, its StreamProtocol class and its
    default runtime; None when they moved. Imported once, not at every run."""
    try:
        from langgraph._internal._constants import (
            CONFIG_KEY_RUNTIME,
            CONFIG_KEY_STREAM,
            CONFIG_KEY_TASK_ID,
        )
        from langgraph.pregel.protocol import StreamProtocol
        from langgraph.runtime import DEFAULT_RUNTIME
    except ImportError:
        return None
    return (
        CONFIG_KEY_STREAM,
        CONFIG_KEY_RUNTIME,
        CONFIG_KEY_TASK_ID,
        StreamProtocol,
        DEFAULT_RUNTIME,
    )


def _run_config(
    config: Mapping[str, Any] | None, tracer: _Tracer, *, call_usage: bool
) -> tuple[dict[str, Any], bool]:
    """The run's config with, when possible, the stream hook, and the usage handler if asked.

    Returns the config and whether the hook is in it; the caller's callbacks (a list or a
    callback manager) and configurable entries are kept.
    """
    merged: dict[str, Any] = dict(config or {})
    if call_usage:
        handler = _UsageHandler(tracer.inbox)
        callbacks = merged.get("callbacks")
        if callbacks is None:
            merged["callbacks"] = [handler]
        elif isinstance(callbacks, list):
            merged["callbacks"] = [*callbacks, handler]
        else:  # a BaseCallbackManager: LangChain's own merge adds to a copy
            manager = callbacks.copy()
            manager.add_handler(handler, inherit=True)
            merged["callbacks"] = manager
    configurable = dict(merged.get("configurable") or {})
    hook = _stream_hook(tracer, configurable)
    if hook is None:
        return merged, False
    merged["configurable"] = {**configurable, **hook}
    return merged, True


def _start(
    graph: Any,
    input: Any,
    config: Mapping[str, Any] | None,
    test_name: str,
    prices: Prices | None,
    messages_key: str,
    output_key: str | None,
    call_usage: bool | None,
) -> tuple[_Tracer, dict[str, Any], bool]:
    """The tracer and the run's config (hooked, or not when LangGraph's internals moved)."""
    tracer = _Tracer(
        graph,
        input,
        test_name=test_name,
        prices=prices,
        messages_key=messages_key,
        output_key=output_key,
    )
    if call_usage is None:
        call_usage = bool(prices)
    run_config, hooked = _run_config(config, tracer, call_usage=call_usage)
    return tracer, run_config, hooked


def trace_langgraph(
    graph: Any,
    input: Any,
    config: Mapping[str, Any] | None = None,
    *,
    test_name: str = "run",
    prices: Prices | None = None,
    messages_key: str = "messages",
    output_key: str | None = None,
    call_usage: bool | None = None,
) -> tuple[str, Trace]:
    """Run a compiled graph via `graph.stream` and return (final_output, trace).

    `prices` (USD per million tokens by model name) give steps a cost. `call_usage` counts the
    tokens of every chat model call, including calls whose AI message no task writes; it
    defaults to on when `prices` are given, so a cost is never short, and to off otherwise,
    when tokens come from the AI messages the tasks write.

    Raises LangGraphRunError, carrying the partial trace, when the graph raises after a node
    ran, and AgentError when it raises before any node ran (a bad input, say).
    """
    tracer, run_config, hooked = _start(
        graph, input, config, test_name, prices, messages_key, output_key, call_usage
    )
    try:
        if hooked:
            values: Iterator[Any] = graph.stream(input, run_config, stream_mode="values")
            for state in values:
                tracer.final_state = state
        else:
            stream: Iterator[Any] = graph.stream(
                input, run_config, stream_mode=list(FALLBACK_MODES), subgraphs=True
            )
            for namespace, mode, payload in stream:
                tracer.inbox.receive((namespace, mode, payload))
    except Exception as error:
        failure = _run_error(tracer, error)
        del tracer  # the error's traceback keeps this frame, which must not keep the tracer
        raise failure from error
    return tracer.finish()


async def atrace_langgraph(
    graph: Any,
    input: Any,
    config: Mapping[str, Any] | None = None,
    *,
    test_name: str = "run",
    prices: Prices | None = None,
    messages_key: str = "messages",
    output_key: str | None = None,
    call_usage: bool | None = None,
) -> tuple[str, Trace]:
    """`trace_langgraph` for async graphs, via `graph.astream`."""
    tracer, run_config, hooked = _start(
        graph, input, config, test_name, prices, messages_key, output_key, call_usage
    )
    try:
        if hooked:
            values: AsyncIterator[Any] = graph.astream(input, run_config, stream_mode="values")
            async for state in values:
                tracer.final_state = state
        else:
            stream: AsyncIterator[Any] = graph.astream(
                input, run_config, stream_mode=list(FALLBACK_MODES), subgraphs=True
            )
            async for namespace, mode, payload in stream:
                tracer.inbox.receive((namespace, mode, payload))
    except Exception as error:
        failure = _run_error(tracer, error)
        del tracer  # the error's traceback keeps this frame, which must not keep the tracer
        raise failure from error
    return tracer.finish()
