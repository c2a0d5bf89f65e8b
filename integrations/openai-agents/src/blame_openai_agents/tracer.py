"""Trace an OpenAI Agents SDK run through the SDK's tracing processor interface.

One processor per process is added beside the user's own (the SDK calls every processor for
every span). A context variable set around `Runner.run` claims the trace the run starts, so
runs traced at the same time never see each other's spans, and traces blame did not start are
ignored. The steps are built live, as spans end, by `blame.spansteps`: agent spans hold turn
spans, which hold the model calls (`response` spans of the Responses API, `generation` spans of
Chat Completions and other models) and the `function` spans of tool calls; a conversation goes
on across handoffs (the SDK hands the history to the next agent), so the edge from the call that
handed off to the next agent's first call is the handoff `Triage -> Booker`, and a `handoff`
span only notes it on that call; an agent run as a tool (`agent.as_tool`) is an agent span
inside the function span, a conversation of its own.

blame's runs are test runs with sensitive data on: the SDK's default processor (which sends
traces to OpenAI's backend, and without an API key warns at exit that it skipped them) is not
given them. Every other trace still reaches it, and the user's own processors see blame's runs
too.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Mapping
from contextvars import ContextVar
from datetime import datetime
from typing import Any

from blame.model import Trace
from blame.recorder import to_text
from blame.spansteps import AgentRunError, SpanRole, SpanSteps
from blame_openai_agents.render import content_text, items_text

MODEL_SPANS = frozenset({"response", "generation"})
"""Span types of one model call: the Responses API's, and Chat Completions' (and others')."""


ROLES = {
    "agent": SpanRole.AGENT,
    "response": SpanRole.MODEL,
    "generation": SpanRole.MODEL,
    "function": SpanRole.TOOL,
}
"""The SDK's span types and what each is to the step graph (turn, task, handoff... contain)."""


def _open(run: SpanSteps, span: Any) -> None:
    data = span.span_data
    role = ROLES.get(str(data.type), SpanRole.OTHER)
    name = str(data.name) if role is SpanRole.AGENT else ""
    run.open(span.span_id, span.parent_id, role, name)


def _ended(run: SpanSteps, span: Any, agent: Any = None) -> None:
    """`agent` is the span data of the agent span holding a model span, when it is open."""
    data = span.span_data
    kind = str(data.type)
    if kind in MODEL_SPANS:
        if kind == "response":
            response = data.response
            read, said = data.input, response.output if response is not None else None
            model = response.model if response is not None else None
        else:
            read, said, model = data.input, data.output, data.model
        run.model_call(
            span.span_id,
            input=items_text(read),
            output=items_text(said),
            error=_error(span),
            latency_ms=_latency(span),
            tokens=_tokens(data.usage),
            metadata={"span": kind, **({"model": str(model)} if model else {}), **_given(agent)},
        )
    elif kind == "function":
        run.tool_call(
            span.span_id,
            str(data.name),
            input=to_text(data.input),
            output=content_text(data.output),
            error=_error(span),
            latency_ms=_latency(span),
        )
    elif kind == "handoff":
        run.note(span.span_id, "handoff", f"{data.from_agent} -> {data.to_agent}")


def _given(agent: Any) -> dict[str, Any]:
    """The tools the agent was given this turn (the SDK sets them on its span before the
    model call; handoffs are not among them), so a missing call can be traced to the handoff
    that gave the work to an agent without the tool."""
    tools = getattr(agent, "tools", None)
    if not isinstance(tools, list):
        return {}
    return {"tools": sorted(str(tool) for tool in tools)}


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


_RUN: ContextVar[SpanSteps | None] = ContextVar("blame_openai_agents_run", default=None)


class _Processor:
    """The SDK's TracingProcessor; routes each span to the run whose trace it belongs to."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._runs: dict[str, SpanSteps] = {}
        self._agents: dict[str, Any] = {}
        """Open spans of blame's runs: span id -> the data of the agent span holding it
        (an agent span holds itself), whose tools the SDK sets before each model call."""

    def on_trace_start(self, trace: Any) -> None:
        run = _RUN.get()
        if run is not None:
            with self._lock:
                self._runs[trace.trace_id] = run

    def on_trace_end(self, trace: Any) -> None:
        with self._lock:
            self._runs.pop(trace.trace_id, None)

    def on_span_start(self, span: Any) -> None:
        self._route(span, start=True)

    def on_span_end(self, span: Any) -> None:
        self._route(span, start=False)

    def owns(self, item: Any) -> bool:
        """Whether a trace or span is of a run blame started (a trace is claimed as it starts,
        in the run's context, so before this processor has heard of it)."""
        if _RUN.get() is not None and not hasattr(item, "span_id"):
            return True
        with self._lock:
            return item.trace_id in self._runs

    def _route(self, span: Any, *, start: bool) -> None:
        with self._lock:
            run = self._runs.get(span.trace_id)
        if run is None:
            return
        with self._lock:
            if start:  # an agent span holds itself; any other, what its parent is held by
                agent = str(span.span_data.type) == "agent"
                held = span.span_data if agent else self._agents.get(span.parent_id or "")
                if held is not None:
                    self._agents[span.span_id] = held
                holder = None
            else:
                holder = self._agents.pop(span.span_id, None)
        try:
            _open(run, span) if start else _ended(run, span, holder)
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
        _keep_from_default_exporter(_registered)


def _keep_from_default_exporter(processor: _Processor) -> None:
    """Wrap the SDK's default processor so it skips the traces and spans of blame's runs."""
    from agents.tracing.processors import default_processor

    default = default_processor()
    for name in ("on_trace_start", "on_trace_end", "on_span_start", "on_span_end"):
        original = getattr(default, name)

        def skipping(item: Any, _original: Any = original) -> None:
            if not processor.owns(item):
                _original(item)

        setattr(default, name, skipping)


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

    from blame.faults import active

    _listen()
    if active() is not None:  # the test declares tool faults
        from blame_openai_agents.faults import install

        install()
    run = SpanSteps(test_name, to_text(input))
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
        raise AgentRunError(failure, run.stopped(failure)) from failure
    finally:
        _RUN.reset(token)
    output = final_text(result.final_output)
    return output, run.finish(
        output,
        framework="openai-agents",
        unseen="the OpenAI Agents SDK's tracing is off, and blame reads the run from its spans",
        hint="unset OPENAI_AGENTS_DISABLE_TRACING and do not call set_tracing_disabled(True)",
    )


def trace_agent(
    agent: Any, input: Any, *, test_name: str = "run", max_turns: int | None = None
) -> tuple[str, Trace]:
    """`atrace_agent` from synchronous code (in a thread with no running event loop)."""
    return asyncio.run(atrace_agent(agent, input, test_name=test_name, max_turns=max_turns))
