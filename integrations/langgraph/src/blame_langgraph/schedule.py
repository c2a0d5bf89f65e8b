"""When each task of a LangGraph run ran, and which tasks fed it: the parents of its steps.

The tracer reads LangGraph's "tasks" stream of the graph and of its subgraphs. It announces
every task (node execution) with its triggers before it runs and reports its writes (or its
error) when it ends; that is all a step graph needs. Events are collected as the run goes and
replayed here when it ends, one superstep of the top-level graph at a time (in the order
LangGraph scheduled its tasks, so parallel branches always get the same step indexes):

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
  `node/inner` owned by the outer node's agent when the subgraph is one agent (a model node
  and its tools), else by the inner node `node/inner` (a team: each of its nodes an agent),
  and the subgraph's first tasks inherit the outer task's parents.

What steps a finished task makes is `steps`' business.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from blame_langgraph.graphs import NO_GRAPH, Graph
from blame_langgraph.render import is_mapping, value_text

if TYPE_CHECKING:
    from blame_langgraph.steps import StepWriter

PUSH = "__pregel_push"
"""The trigger of a task started by `Send`."""

BRANCH_PREFIX = "branch:to:"
JOIN_PREFIX = "join:"
NS_SEP = ":"
"""Separates a node's name from its task id in a LangGraph namespace."""


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
    """One superstep's events, as `Schedule.flush` replays them."""

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
    returned: list[_Task] = field(default_factory=list)
    """The calls it made that returned and whose result no later call took (yet)."""
    error: str | None = None
    """What it raised, as the error step shows it."""
    interrupts: tuple[str, ...] = ()
    """The values it passed to `interrupt()` when the run stopped there for a human's answer."""
    edge_sent: bool = False
    """It was started by a `Send` that a conditional edge's function made: its input is a
    payload that function built from the state, not what the node before it wrote."""
    ended: float = 0.0
    """When its result arrived (`perf_counter`); 0 before. A node resumed after `interrupt()`
    runs again as a task of the same id: the calls it made after this are the new run's."""


@dataclass(slots=True, eq=False)
class _Scope:
    """One run of one graph or subgraph: the tasks under one stream namespace."""

    names: tuple[str, ...]
    outer: _Task | None
    graph: Graph
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
        """The agent a node of this scope belongs to: the outermost node of the namespace
        that runs one agent (see `Graph.one_agent`), else the node itself (`team/inner`)."""
        depth = self._agent_depth()
        return "/".join(self.names[:depth]) if depth else self.path(node)

    def agent_node(self, node: str) -> tuple[Graph, str]:
        """The graph holding the node that is the agent of `node`, and that node's name."""
        depth = self._agent_depth()
        if not depth:
            return self.graph, node
        scope = self
        for _ in range(len(self.names) - depth + 1):
            assert scope.outer is not None
            scope = scope.outer.scope
        return scope.graph, self.names[depth - 1]

    def _agent_depth(self) -> int:
        """How many names of the namespace make the agent's name (0: the node itself)."""
        scopes: list[_Scope] = []
        scope: _Scope | None = self
        while scope is not None:
            scopes.append(scope)
            scope = scope.outer.scope if scope.outer is not None else None
        # scopes[-1] is the top level; the subgraph of scopes[-1 - depth] is run by
        # node names[depth - 1]
        for depth, inner in enumerate(reversed(scopes[:-1]), start=1):
            if inner.graph.one_agent():
                return depth
        return 0

    def path(self, node: str) -> str:
        """`outer/inner` step name for a node of this scope."""
        return "/".join((*self.names, node))


class Schedule:
    """Replays task events in LangGraph's order and hands each finished task to the writer."""

    def __init__(self, graph: Any, writer: StepWriter) -> None:
        self.graph = graph
        self.writer = writer
        """Makes the steps of each finished task."""
        self.scopes: dict[tuple[str, ...], _Scope] = {}
        self.graphs: dict[int, Graph] = {}
        """The graph and its subgraphs, by identity (each Graph keeps its graph alive)."""
        self.tasks: dict[str, _Task] = {}
        self.final_state: Any = None
        self.buffer: list[_Event] = []
        self.buffered_step: int | None = None
        self.supersteps: dict[tuple[str, ...], tuple[int, bool]] = {}
        """Per namespace: its current superstep, and whether its last event was a result."""
        self.callers: list[_Task] = []
        """Tasks that called tasks and have not finished: they may end supersteps later."""

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

    def _graph(self, graph: Any) -> Graph:
        if graph is None:
            return NO_GRAPH
        known = self.graphs.get(id(graph))
        if known is None:
            known = self.graphs[id(graph)] = Graph(graph)
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
        self.writer.mark_seen(task.input)
        caller = self._caller(task) if PUSH in task.triggers else None
        if caller is None:
            task.parents = self._parents(task)
            scope.running[task.id] = task
            if PUSH in task.triggers:
                self._sent(task)
        else:
            task.caller = caller
            if not caller.called:
                self.callers.append(caller)
            caller.called.append(task)
            # fed by the caller's input, or by what its earlier calls returned into this one's
            # arguments: that an earlier call had returned is not enough, the caller may not
            # have waited for it (a call run in a thread can return before the next is made)
            fed = self.writer.passed_on(caller.returned, task) if caller.returned else []
            if fed:
                caller.returned = [t for t in caller.returned if t not in fed]
            task.parents = ordered({e for t in fed for e in t.exits}) if fed else caller.parents
        self.tasks[task.id] = task
        scope.started.append(task)

    def _sent(self, task: _Task) -> None:
        """Show what a node handed a `Send` branch in the node's output, when the node's
        function made the `Send` (returned `Command(goto=[Send(...)])`): LangGraph's task result
        holds only its state writes, so a payload that dropped or garbled a value would reach
        the branch from nowhere. A conditional edge's `Send`s are its function's (the wiring
        between the two nodes, a handoff): the branch is marked `edge_sent`, and its step
        says which part of its input that function built. A sender that cannot be told apart
        from its siblings, or whose task made several steps, is left as it is."""
        scope = task.scope
        senders = self._trigger_writers(task, PUSH)
        graph = scope.graph
        if (
            senders
            and not graph.runs_tools(task.name)
            and all(graph.branches_to(s.name, task.name) for s in senders)
        ):
            task.edge_sent = True  # the step's metadata says its input is the edge's
            return
        if len(senders) != 1:
            return
        sender = senders[0]
        if (
            len(sender.exits) != 1
            or sender.children
            or sender.called
            or sender.error is not None
            or not graph.runs_code(sender.name)
            or graph.runs_tools(sender.name)
            or graph.branches_to(sender.name, task.name)
        ):
            return
        self.writer.note_send(sender.exits[0], sender, task)

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
        task.ended = at
        scope = task.scope
        step = task.step
        latency_ms: float | None = round(max(0.0, (at - task.started) * 1000.0), 3)
        if task.caller is None:
            scope.running.pop(task.id, None)
        else:  # what it returned may feed the caller's later calls
            task.caller.returned.append(task)
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
        task.interrupts = _interrupts(data.get("interrupts"))
        if error is not None:
            task.exits = self.writer.record_error(task, error, latency_ms)
        else:
            task.exits = self.writer.record(task, writes, latency_ms)
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
        stopped = scope.latest.get(task.name)
        if stopped is not None and stopped.interrupts:
            writers.append(stopped)  # it runs again, resumed with the answer to its question
        ids = {exit_id for writer in writers for exit_id in writer.exits}
        if not ids and scope.outer is not None:
            return scope.outer.parents
        return ordered(ids)

    def _trigger_writers(self, task: _Task, trigger: str) -> list[_Task]:
        scope = task.scope
        previous = scope.finished
        if trigger == PUSH:
            senders = [t for t in previous if scope.graph.can_route(t.name, task.name, send=True)]
            return senders or previous
        if trigger.startswith(BRANCH_PREFIX):
            target = trigger[len(BRANCH_PREFIX) :]
            routers = [t for t in previous if scope.graph.can_route(t.name, target)]
            if scope.graph.deferred(target):
                # a deferred node waits until nothing else runs: every node that routed to
                # it since it last ran, in whichever superstep, triggered it
                since = scope.latest[target].step if target in scope.latest else 0
                earlier = [
                    t
                    for t in scope.started
                    if t.done and t.caller is None and since < t.step < scope.finished_step
                ]
                routers = [t for t in earlier if scope.graph.can_route(t.name, target)] + routers
            return routers or previous
        if trigger.startswith(JOIN_PREFIX):
            sources = trigger[len(JOIN_PREFIX) :].rpartition(NS_SEP)[0].split("+")
            return [scope.latest[s] for s in sources if s in scope.latest]
        return list(scope.last_writers.get(trigger, (-1, []))[1])

    def _called_exits(self, task: _Task) -> tuple[str, ...]:
        """The steps of the tasks `task` called whose output no later called task took."""
        exits = [e for t in task.called for e in t.exits]
        fed = {p for e in exits for p in self.writer.step_parents.get(e, ())}
        return ordered({e for e in exits if e not in fed})

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
            task.returned.clear()
            task.caller = None
        self.callers.clear()
        self.scopes.clear()
        self.tasks.clear()


def _interrupts(raw: Any) -> tuple[str, ...]:
    """The values of the interrupts a task result lists, as text."""
    if not isinstance(raw, Sequence) or isinstance(raw, str):
        return ()
    return tuple(value_text(i.get("value") if is_mapping(i) else i) for i in raw)


def ordered(ids: set[str] | Sequence[str]) -> tuple[str, ...]:
    """Step ids in recording order (ids are `s<index>`)."""
    if len(ids) < 2:
        return tuple(ids)
    return tuple(sorted(set(ids), key=lambda s: int(s[1:]) if s[1:].isdigit() else -1))
