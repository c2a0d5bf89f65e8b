"""The steps a finished LangGraph task makes: its node's step, its tool calls, its handoffs.

New messages in a task's writes carry the LLM output (content, tool calls, token usage) and the
tool results: each `ToolMessage` becomes a tool step linked to the step that made the call (by
tool_call_id), owned by the calling agent; a node that only runs tools is shown through its tool
steps; a handoff tool (`transfer_to_<agent>`, or any tool that leaves a subgraph with
`Command.PARENT`) is a side branch: the receiving agent is fed by the caller. A task that raised
is an error step: the tool call that raised when one was running, else the node. A tool the
node called in its own code (`calls`) is a tool step of the node's agent that feeds its step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, ToolMessage

from blame.builder import TraceBuilder
from blame.model import EDGE_INPUT, Step, StepKind
from blame_langgraph.calls import OwnCall, add_own_calls, own_calls
from blame_langgraph.render import (
    TextCache,
    as_messages,
    content_text,
    is_mapping,
    message_field,
    state_text,
    to_json,
    value_text,
)
from blame_langgraph.schedule import PUSH, _Task, ordered
from blame_langgraph.toolsets import HANDOFF_TOOL
from blame_langgraph.usage import Usage

RETURN = "__return__"
"""The channel a functional-API `@task` writes its return value to."""

END = "__end__"
"""The channel a functional-API `@entrypoint` writes its return value to."""


@dataclass(frozen=True, slots=True)
class _Call:
    """A tool call seen in an AI message, waiting for its result."""

    step: str
    """The step whose output holds the call; empty when no step of this run made it."""
    agent: str
    """The calling agent."""
    name: str
    """The tool's name."""
    args: Any
    """The call's arguments."""


class StepWriter:
    """Numbers and adds the steps of each finished task; remembers what later steps link to."""

    def __init__(self, *, messages_key: str, usage: Usage) -> None:
        self.messages_key = messages_key
        """The state key holding the conversation."""
        self.usage = usage
        """Token usage of the run's model calls, by task."""
        self.steps = TraceBuilder()
        """The steps so far, numbered and checked as they are added."""
        self.seen: set[str] = set()
        """Ids of the messages already shown: a step shows only the messages new to it."""
        self.calls: dict[str, _Call] = {}
        self.answered: set[str] = set()
        self.step_parents: dict[str, tuple[str, ...]] = {}
        self.failed = False
        self.last: tuple[str, str, str] | None = None
        """The latest step's id, agent and name: where an error outside nodes is shown."""
        self.texts: TextCache = {}
        self.interrupted = False
        """Whether a node stopped the run at `interrupt()` to wait for a human."""
        self.sent: dict[str, list[str]] = {}
        """What nodes handed `Send` branches, by the id of the sending node's step."""
        self.own_calls: dict[str, list[OwnCall]] = {}
        """The tool calls tasks made in their own code, by task id, until their steps."""

    def mark_seen(self, value: Any) -> None:
        """Note the messages a task got as input: its steps show only what it added."""
        if is_mapping(value):
            for item in value.values():
                for message in as_messages(item) or ():
                    if message.id is not None:
                        self.seen.add(message.id)

    def note_send(self, step_id: str, sender: _Task, branch: _Task) -> None:
        """Note that `sender`, whose step is `step_id`, started `branch` by `Send`: the
        payload, as the branch's step shows it as its input, becomes part of that step's
        output (`send <node>:` and the payload's lines)."""
        step = self.steps[int(step_id[1:])]
        if step.kind is StepKind.AGENT and step.metadata.get("node") == sender.name:
            self.sent.setdefault(step_id, []).append(f"send {branch.name}:\n{self._input(branch)}")

    def final_steps(self) -> tuple[Step, ...]:
        """The steps, each sending node's output followed by what it sent."""
        steps = self.steps.steps
        if not self.sent:
            return steps
        sent = self.sent
        return tuple(
            replace(
                s, output="\n".join([s.output, *sent[s.id]]) if s.output else "\n".join(sent[s.id])
            )
            if s.id in sent
            else s
            for s in steps
        )

    def _fresh(self, messages: Sequence[BaseMessage]) -> list[BaseMessage]:
        fresh = []
        for message in messages:
            if message.id is None or message.id not in self.seen:
                if message.id is not None:
                    self.seen.add(message.id)
                fresh.append(message)
        return fresh

    def _inner_exits(self, task: _Task) -> tuple[str, ...]:
        return ordered({e for scope in task.children for t in scope.finished for e in t.exits})

    def add(
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
        """Number the step and add it (its parents are ids this writer returned)."""
        parent_ids = tuple(parents)
        step_id = self.steps.add(
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
        self.step_parents[step_id] = parent_ids
        self.last = (step_id, agent, name)
        return step_id

    def _input(self, task: _Task) -> str:
        """A step's input text: the state the node got, or the arguments of a task call."""
        if task.caller is not None:
            return _call_text(task.input, self.texts)
        value = task.input
        managed = task.scope.graph.managed()
        if managed and is_mapping(value) and not managed.isdisjoint(value):
            value = {k: v for k, v in value.items() if k not in managed}
        return state_text(value, self.texts)

    def _passed_through(self, writes: Mapping[str, Any], inner: Sequence[str]) -> bool:
        """Whether a node that invoked a subgraph wrote only what the subgraph's last steps
        output (each written value is one of their outputs, or each line of its text is a
        line of theirs): then its step would add nothing to the trace."""
        outputs = {self.steps[int(e[1:])].output for e in inner}
        if all(value_text(v, self.texts) in outputs for v in writes.values()):
            return True
        lines = {line for text in outputs for line in text.splitlines()}
        return all(line in lines for line in state_text(writes, self.texts).splitlines())

    def _wrapper_input(self, task: _Task, inner: Sequence[str]) -> str:
        """The input of a node that invoked a subgraph itself: its state, and what the
        subgraph's last steps wrote, which the node got back from the call."""
        returned = [text for e in inner if (text := self.steps[int(e[1:])].output)]
        return "\n".join([self._input(task), *returned])

    def passed_on(self, earlier: Sequence[_Task], task: _Task) -> list[_Task]:
        """The earlier calls whose returned value is in the arguments of call `task`."""
        arguments = self._input(task)
        steps = self.steps
        return [
            t
            for t in earlier
            if any((text := steps[int(e[1:])].output) and text in arguments for e in t.exits)
        ]

    def _metadata(self, task: _Task, *, agent_step: bool = False) -> dict[str, Any]:
        meta: dict[str, Any] = {"node": task.name, "superstep": task.step}
        if agent_step:
            # the tools the agent was given (blame reads them: an agent given other tools
            # than the one a check wants could not have called it)
            graph, node = task.scope.agent_node(task.name)
            tools = graph.tools(node)
            if tools is not None:
                meta["tools"] = list(tools)
            candidates = graph.candidates(node)
            if candidates is not None:  # a router: whom it could hand the work to
                meta["candidates"] = candidates
        if task.scope.names:
            meta["namespace"] = "/".join(task.scope.names)
        if task.caller is not None:
            meta["called_by"] = task.caller.name
        elif PUSH in task.triggers:
            meta["send"] = True
            if agent_step and task.edge_sent:
                # the part of its input a conditional edge's function built (blame's
                # framework-neutral key: a value first there was made on the edge)
                meta[EDGE_INPUT] = self._input(task)
        if task.interrupts and not task.children:
            meta["interrupted"] = True
        return meta

    def _paused(self, task: _Task, output: str) -> str:
        """A step's output, and what its node asked a human when it stopped at `interrupt()`
        (a node running a subgraph leaves that to the inner node that stopped)."""
        if not task.interrupts or task.children:
            return output
        self.interrupted = True
        asked = "\n".join(f"interrupt: {value}" for value in task.interrupts)
        return f"{output}\n{asked}" if output else asked

    def record(
        self, task: _Task, writes: Mapping[str, Any], latency_ms: float | None
    ) -> tuple[str, ...]:
        """Add the steps of a task that returned `writes`; returns its exits (the steps that
        feed later tasks)."""
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
            tokens, cost = self.usage.take(task.id, ())
            tools, got, spent = add_own_calls(
                self, task, own_calls(self, task), self._metadata(task)
            )
            return (
                self.add(
                    StepKind.AGENT,
                    (*task.parents, *tools),
                    agent=scope.agent(task.name),
                    name=scope.path(task.name),
                    input=f"{self._input(task)}\n{got}" if got else self._input(task),
                    output=self._paused(task, _written_text(other, self.texts)),
                    latency_ms=_less(latency_ms, spent),
                    tokens=tokens,
                    cost_usd=cost,
                    metadata=self._metadata(task, agent_step=True),
                ),
            )
        said: list[BaseMessage] = []
        results: list[ToolMessage] = []
        for message in messages:
            if isinstance(message, ToolMessage):
                results.append(message)
            else:
                said.append(message)
        left = self._left(task) if task.children and not results else None
        if left is not None:
            return (self._left_step(left, other, said, message_channels),)
        has_inner = bool(task.children) and any(s.finished for s in task.children)
        inner = self._inner_exits(task) if has_inner else ()
        runs_tools = scope.graph.runs_tools(task.name) or (bool(results) and not said and not other)
        agent = scope.agent(task.name)
        created: list[str] = []
        node_step: str | None = None
        # a node whose own function invoked the subgraph wrote what it chose to (a compiled
        # subgraph as the node writes its final state, already in its steps' outputs)
        own = (
            bool(other)
            and has_inner
            and scope.graph.runs_code(task.name)
            and not self._passed_through(other, inner)
        )
        calls = own_calls(self, task, results)
        tools, got, spent = add_own_calls(self, task, calls, self._metadata(task))
        created.extend(tools)
        if not runs_tools and (said or not has_inner or own):
            output: dict[str, Any] = dict(other) if not has_inner or own else {}
            if said:
                output[message_channels[0] if message_channels else self.messages_key] = said
            tokens, cost = self.usage.take(task.id, said)
            given = self._wrapper_input(task, inner) if own else self._input(task)
            node_step = self.add(
                StepKind.AGENT,
                (*(inner or task.parents), *tools),
                agent=agent,
                name=scope.path(task.name),
                input=f"{given}\n{got}" if got else given,
                output=self._paused(task, _written_text(output, self.texts)),
                latency_ms=None if has_inner else _less(latency_ms, spent),
                tokens=tokens,
                cost_usd=cost,
                metadata=self._metadata(task, agent_step=True),
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
        # what a lone tool call wrote to the state by Command, besides its message, is its
        # output too (with several calls, LangGraph merged their writes: whose is not known)
        written = (
            _written_text(other, self.texts) if runs_tools and other and len(results) == 1 else ""
        )
        handoffs: set[str] = set()
        for message in results:
            self.answered.add(str(message.tool_call_id))
            call = self._call(task, str(message.tool_call_id))
            fallback = (node_step,) if node_step else (inner or task.parents)
            name = message.name or (call.name if call else "tool")
            text = content_text(message)
            step_id = self.add(
                StepKind.TOOL,
                (call.step,) if call and call.step else fallback,
                name=name,
                agent=call.agent if call else agent,
                input=to_json(call.args if call else {}),
                output=f"{text}\n{written}" if text and written else text or written,
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
            step_id = self.add(
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
            # a tool that stopped the run at `interrupt()` (a human to review the call)
            pending = self._pending_calls(task) if runs_tools and task.interrupts else []
            if len(pending) == 1:
                node_step = self._call_step(
                    task, pending[0], output=self._paused(task, ""), latency_ms=latency_ms
                )
            else:
                tokens, cost = self.usage.take(task.id, ())
                node_step = self.add(
                    StepKind.AGENT,
                    task.parents,
                    agent=agent,
                    name=scope.path(task.name),
                    input=self._input(task),
                    output=self._paused(task, ""),
                    latency_ms=latency_ms,
                    tokens=tokens,
                    cost_usd=cost,
                    metadata=self._metadata(task, agent_step=True),
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
        return ordered(exits) or inner or task.parents

    def record_error(self, task: _Task, error: Any, latency_ms: float | None) -> tuple[str, ...]:
        """Add the error step of a task that raised `error`; returns its exits."""
        scope = task.scope
        if task.failed_inside:
            return self._inner_exits(task) or task.parents
        text = error_text(error)
        task.error = text
        if any(called.error == text for called in task.called):
            return task.parents  # the error of a task it called, passed on: one error step
        pending = self._pending_calls(task) if scope.graph.runs_tools(task.name) else []
        if len(pending) == 1:
            step_id = self._call_step(task, pending[0], error=text, latency_ms=latency_ms)
        else:
            # several calls were running and any of them may have raised: the tool node fails
            # as a step of the agent that made the calls
            callers = [c.agent for i, _, _ in pending if (c := self._call(task, i)) is not None]
            tokens, cost = self.usage.take(task.id, ())
            tools, got, spent = add_own_calls(
                self, task, own_calls(self, task), self._metadata(task)
            )
            step_id = self.add(
                StepKind.AGENT,
                (*(self._inner_exits(task) or task.parents), *tools),
                agent=callers[0] if callers else scope.agent(task.name),
                name=scope.path(task.name),
                input=f"{self._input(task)}\n{got}" if got else self._input(task),
                error=text,
                latency_ms=_less(latency_ms, spent),
                tokens=tokens,
                cost_usd=cost,
                metadata=self._metadata(task, agent_step=True),
            )
        self.failed = True
        outer = scope.outer
        while outer is not None:
            outer.failed_inside = True
            outer = outer.scope.outer
        return (step_id,)

    def _call_step(
        self,
        task: _Task,
        pending: tuple[str, str, Any],
        *,
        latency_ms: float | None,
        output: str = "",
        error: str | None = None,
    ) -> str:
        """The tool step of the one call a tool node was running when it raised or stopped."""
        call_id, name, args = pending
        call = self._call(task, call_id)
        return self.add(
            StepKind.TOOL,
            (call.step,) if call and call.step else task.parents,
            name=name,
            agent=call.agent if call else task.scope.agent(task.name),
            input=to_json(args),
            output=output,
            error=error,
            latency_ms=latency_ms,
            metadata=self._metadata(task),
        )

    def _call(self, task: _Task, call_id: str) -> _Call | None:
        """The tool call `call_id` that tool node `task` ran: as seen in an earlier step's
        output, else (a run resumed from a checkpoint, whose calling step ran before it) as
        the task's input holds it, made by the one node that routes to the tool node (its
        `step` empty: no step of this run made it)."""
        call = self.calls.get(call_id)
        if call is not None or not task.scope.graph.runs_tools(task.name):
            return call
        value = task.input
        messages = (
            as_messages(value.get(self.messages_key)) if isinstance(value, Mapping) else None
        ) or []
        for message in reversed(messages):
            for made in message_field(message, "tool_calls") or ():
                if str(made.get("id")) == call_id:
                    routers = task.scope.graph.routers(task.name) if not task.scope.names else ()
                    agent = routers[0] if len(routers) == 1 else task.scope.agent(task.name)
                    return _Call("", agent, str(made.get("name")), made.get("args", {}))
        return None

    def _left(self, task: _Task) -> _Task | None:
        """The node that left `task`'s subgraph by `Command(graph=Command.PARENT)`: the one
        inner node that started and never finished (LangGraph reports no result for it; what
        its Command carried is the outer task's writes). A tool node's calls that left so are
        handoffs (`_unanswered`)."""
        found = [
            inner
            for scope in task.children
            for inner in scope.started
            if not inner.done and inner.caller is None and not scope.graph.runs_tools(inner.name)
        ]
        return found[0] if len(found) == 1 else None

    def _left_step(
        self,
        left: _Task,
        other: Mapping[str, Any],
        said: Sequence[BaseMessage],
        channels: Sequence[str],
    ) -> str:
        """The step of node `left`, whose output is the update it took to the parent graph."""
        output: dict[str, Any] = dict(other)
        if said:
            output[channels[0] if channels else self.messages_key] = list(said)
        tokens, cost = self.usage.take(left.id, said)
        step_id = self.add(
            StepKind.AGENT,
            left.parents,
            agent=left.scope.agent(left.name),
            name=left.scope.path(left.name),
            input=self._input(left),
            output=_written_text(output, self.texts),
            tokens=tokens,
            cost_usd=cost,
            metadata=self._metadata(left, agent_step=True),
        )
        left.done = True
        left.exits = (step_id,)
        return step_id

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


def _less(latency_ms: float | None, spent: float) -> float | None:
    """A node's own time: its task's, less what the tools it called took."""
    return None if latency_ms is None else max(latency_ms - spent, 0.0)


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


def error_text(error: Any) -> str:
    """What a task or the run raised, as an error step shows it."""
    if isinstance(error, BaseException):
        return f"{type(error).__name__}: {error}"
    return str(error)
