"""Trace an OpenAI Agents SDK run through the SDK's tracing processor interface.

One processor per process is added beside the user's own (the SDK calls every processor for
every span). A context variable set around `Runner.run` claims the trace the run starts, so
runs traced at the same time never see each other's spans, and traces blame did not start are
ignored. The step graph is built live, as spans end:

- a model call (a `response` or `generation` span) is a step of the agent whose span holds it:
  its input is what the model read, its output what it said and which tools it called;
- a function span is a tool step of that agent, fed by the model call that asked for it and
  feeding the agent's next model call;
- a conversation goes on across handoffs (the SDK hands the history to the next agent), so the
  first call of the agent handed to is fed by the call that handed off: the edge between two
  agents is the handoff `Triage -> Booker`;
- an agent run as a tool (`agent.as_tool`) has a conversation of its own inside the function
  span: its first call is fed by the calling model call, and the tool step by its last call.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from blame.builder import TraceBuilder
from blame.errors import AgentError
from blame.model import StepKind, Trace
from blame.recorder import to_text
from blame_openai_agents.render import content_text, items_text

MODEL_SPANS = frozenset({"response", "generation"})
"""Span types of one model call: the Responses API's, and Chat Completions' (and others')."""


class AgentRunError(AgentError):
    """The run raised; `trace` holds the steps observed until then."""

    def __init__(self, failure: BaseException, trace: Trace) -> None:
        culprit = next((s for s in reversed(trace.steps) if s.error), None)
        where = ""
        if culprit is not None:
            where = f" in {culprit.kind.value} {culprit.name!r} (step {culprit.index})"
        super().__init__(
            f"the agent run failed{where}: {type(failure).__name__}: {failure}",
            field=f"test {trace.test_name!r}",
        )
        self.trace = trace


@dataclass(slots=True)
class _Span:
    """What a later span needs to know about an open or finished one."""

    kind: str
    """The span data's type: agent, turn, response, generation, function, handoff..."""
    parent: str | None
    """The parent span's id; None under the trace."""
    name: str = ""
    """The agent's name, for agent spans."""
    conversation: str = ""
    """For agent spans, the conversation they take part in (a function span id, or `root`)."""


@dataclass(slots=True)
class _Conversation:
    """One history of model calls: the run's own, or an agent's run as a tool."""

    entry: tuple[str, ...]
    """What feeds the first call: the calling model call of an agent run as a tool."""
    last: str | None = None
    """The latest model call's step id."""
    fed: list[str] = field(default_factory=list)
    """Tool steps since that call: their outputs feed the next call."""
    handoff: str | None = None
    """`From -> To` of a handoff since the latest call, for the next call's metadata."""


class _Run:
    """The spans of one traced run, turned into steps as they end."""

    def __init__(self, test_name: str, input: str) -> None:
        self.builder = TraceBuilder(test_name, input=input)
        self.started = False
        self.problems: list[str] = []
        self._lock = threading.Lock()
        self._spans: dict[str, _Span] = {}
        self._conversations: dict[str, _Conversation] = {}

    def start(self, span: Any) -> None:
        with self._lock:
            data = span.span_data
            record = _Span(kind=str(data.type), parent=span.parent_id)
            if record.kind == "agent":
                record.name = str(data.name)
                record.conversation = self._conversation_of(record.parent)
            self._spans[span.span_id] = record

    def end(self, span: Any) -> None:
        with self._lock:
            record = self._spans.get(span.span_id)
            if record is None:
                return
            if record.kind in MODEL_SPANS:
                self._model_call(span, record)
            elif record.kind == "function":
                self._tool_call(span, record)
            elif record.kind == "handoff":
                agent = self._agent_of(record)
                if agent is not None:
                    data = span.span_data
                    handoff = f"{data.from_agent} -> {data.to_agent}"
                    self._conversations[agent.conversation].handoff = handoff

    def _conversation_of(self, parent: str | None) -> str:
        """The conversation an agent span starting under `parent` joins (made on first use)."""
        key = "root"
        at = parent
        while at is not None:
            record = self._spans.get(at)
            if record is None:
                break
            if record.kind == "function":
                key = at
                break
            at = record.parent
        if key not in self._conversations:
            entry: tuple[str, ...] = ()
            caller = self._agent_of(self._spans[key]) if key != "root" else None
            if caller is not None:
                last = self._conversations[caller.conversation].last
                entry = (last,) if last else ()
            self._conversations[key] = _Conversation(entry=entry)
        return key

    def _agent_of(self, record: _Span) -> _Span | None:
        """The agent span holding `record`."""
        at = record.parent
        while at is not None:
            found = self._spans.get(at)
            if found is None:
                return None
            if found.kind == "agent":
                return found
            at = found.parent
        return None

    def _model_call(self, span: Any, record: _Span) -> None:
        agent = self._agent_of(record)
        if agent is None:
            self.problems.append(f"a {record.kind} span outside any agent span")
            return
        conversation = self._conversations[agent.conversation]
        data = span.span_data
        if record.kind == "response":
            response = data.response
            read, said = data.input, response.output if response is not None else None
        else:
            read, said = data.input, data.output
        parents = [conversation.last] if conversation.last else list(conversation.entry)
        metadata: dict[str, Any] = {"span": record.kind}
        model = getattr(data, "model", None) or getattr(
            getattr(data, "response", None), "model", None
        )
        if model:
            metadata["model"] = str(model)
        if conversation.handoff:
            metadata["handoff"] = conversation.handoff
        step = self.builder.add(
            kind=StepKind.AGENT,
            name=agent.name,
            agent=agent.name,
            input=items_text(read),
            output=items_text(said),
            parents=[*parents, *conversation.fed],
            error=_error(span),
            latency_ms=_latency(span),
            tokens=_tokens(getattr(data, "usage", None)),
            metadata=metadata,
        )
        conversation.last, conversation.fed, conversation.handoff = step, [], None

    def _tool_call(self, span: Any, record: _Span) -> None:
        agent = self._agent_of(record)
        if agent is None:
            self.problems.append("a function span outside any agent span")
            return
        conversation = self._conversations[agent.conversation]
        parents = [conversation.last] if conversation.last else list(conversation.entry)
        inner = self._conversations.get(span.span_id)
        if inner is not None and inner.last:
            parents.append(inner.last)  # an agent run as this tool: its answer is the result
        data = span.span_data
        step = self.builder.add(
            kind=StepKind.TOOL,
            name=str(data.name),
            agent=agent.name,
            input=to_text(data.input),
            output=content_text(data.output),
            parents=parents,
            error=_error(span),
            latency_ms=_latency(span),
        )
        conversation.fed.append(step)


def _error(span: Any) -> str | None:
    error = span.error
    if not error:
        return None
    message = str(error.get("message") or "error")
    data = error.get("data")
    if isinstance(data, Mapping) and data.get("error"):
        return f"{message}: {data['error']}"
    return message


def _latency(span: Any) -> float | None:
    try:
        started = datetime.fromisoformat(span.started_at)
        ended = datetime.fromisoformat(span.ended_at)
    except (TypeError, ValueError):
        return None
    return max((ended - started).total_seconds() * 1000.0, 0.0)


def _tokens(usage: Any) -> int | None:
    if not isinstance(usage, Mapping):
        return None
    counts = [usage.get("input_tokens"), usage.get("output_tokens")]
    if not any(isinstance(count, int) for count in counts):
        return None
    return sum(count for count in counts if isinstance(count, int))


_RUN: ContextVar[_Run | None] = ContextVar("blame_openai_agents_run", default=None)


class _Processor:
    """The SDK's TracingProcessor; routes each span to the run whose trace it belongs to."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._runs: dict[str, _Run] = {}

    def on_trace_start(self, trace: Any) -> None:
        run = _RUN.get()
        if run is not None:
            run.started = True
            with self._lock:
                self._runs[trace.trace_id] = run

    def on_trace_end(self, trace: Any) -> None:
        with self._lock:
            self._runs.pop(trace.trace_id, None)

    def on_span_start(self, span: Any) -> None:
        self._route(span, start=True)

    def on_span_end(self, span: Any) -> None:
        self._route(span, start=False)

    def _route(self, span: Any, *, start: bool) -> None:
        with self._lock:
            run = self._runs.get(span.trace_id)
        if run is None:
            return
        try:
            run.start(span) if start else run.end(span)
        except Exception as error:  # the processor must never break the run
            run.problems.append(f"{span.span_data.type} span: {type(error).__name__}: {error}")

    def shutdown(self) -> None:
        """Nothing to release: steps live in the runs."""

    def force_flush(self) -> None:
        """Nothing buffered: steps are added as spans end."""


_registered: Any = None
_register_lock = threading.Lock()


def _listen() -> None:
    """Add blame's processor to the SDK's, once per process."""
    global _registered
    with _register_lock:
        if _registered is not None:
            return
        from agents.tracing import TracingProcessor, add_trace_processor

        class BlameProcessor(_Processor, TracingProcessor):
            """blame's processor, an SDK TracingProcessor."""

        _registered = BlameProcessor()
        add_trace_processor(_registered)


def final_text(output: Any) -> str:
    """A run's final output as text: strings as they are, structured output as JSON."""
    dump = getattr(output, "model_dump", None)
    if callable(dump):
        return to_text(dump(mode="json"))
    return to_text(output)


async def atrace_agent(
    agent: Any, input: Any, *, test_name: str = "run", max_turns: int | None = None
) -> tuple[str, Trace]:
    """Run `agent` on `input` with `Runner.run` and return (final output, Trace).

    Raises AgentRunError (with the partial trace) when the run raises, and AgentError when
    the SDK's tracing is disabled, since the spans are what blame reads.
    """
    from agents import RunConfig, Runner

    _listen()
    run = _Run(test_name, to_text(input))
    token = _RUN.set(run)
    config = RunConfig(
        workflow_name=f"blame: {test_name}",
        tracing_disabled=False,
        trace_include_sensitive_data=True,
    )
    extra: dict[str, Any] = {} if max_turns is None else {"max_turns": max_turns}
    try:
        result = await Runner.run(
            agent,
            input if isinstance(input, (str, list)) else to_text(input),
            run_config=config,
            **extra,
        )
    except Exception as failure:
        raise AgentRunError(failure, run.builder.build()) from failure
    finally:
        _RUN.reset(token)
    if not run.started:
        raise AgentError(
            "the OpenAI Agents SDK's tracing is off, and blame reads the run from its spans",
            field=f"test {test_name!r}",
            hint="unset OPENAI_AGENTS_DISABLE_TRACING and do not call set_tracing_disabled(True)",
        )
    if run.problems:
        raise AgentError(
            f"could not follow the run's spans: {run.problems[0]}",
            field=f"test {test_name!r}",
        )
    output = final_text(result.final_output)
    return output, run.builder.build(output, metadata={"framework": "openai-agents"})


def trace_agent(
    agent: Any, input: Any, *, test_name: str = "run", max_turns: int | None = None
) -> tuple[str, Trace]:
    """`atrace_agent` from synchronous code (in a thread with no running event loop)."""
    return asyncio.run(atrace_agent(agent, input, test_name=test_name, max_turns=max_turns))
