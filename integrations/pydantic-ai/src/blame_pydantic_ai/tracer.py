"""Trace a PydanticAI agent run through PydanticAI's OpenTelemetry instrumentation.

While blame runs an agent, PydanticAI's default instrumentation (`Agent.instrument_all`) points
at a tracer provider of blame's own, with message content on, so the spans go to blame and not
to the user's OpenTelemetry set-up; the previous default comes back when the last traced run
ends. A context variable set around the run claims its spans as they start, so runs traced at
the same time never see each other's spans. The spans have the shape `blame.spansteps` reads:
`invoke_agent` spans hold `chat` spans (model calls) and `execute_tool` spans (tool calls), and
an agent run from inside a tool (delegation) is an `invoke_agent` span inside the tool's span.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from blame.model import Trace
from blame.recorder import to_text
from blame.spansteps import AgentRunError, SpanRole, SpanSteps
from blame_pydantic_ai.render import messages_text

ROLES = {"invoke_agent": SpanRole.AGENT, "chat": SpanRole.MODEL, "execute_tool": SpanRole.TOOL}
"""`gen_ai.operation.name` of PydanticAI's spans, and what each is to the step graph."""

_RUN: ContextVar[SpanSteps | None] = ContextVar("blame_pydantic_ai_run", default=None)


class _Processor:
    """An OpenTelemetry span processor: each span of a traced run goes to that run's steps."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: dict[str, tuple[SpanSteps, SpanRole]] = {}

    def on_start(self, span: Any, parent_context: Any = None) -> None:
        run = _RUN.get()
        if run is None:
            return
        attributes = span.attributes or {}
        role = ROLES.get(str(attributes.get("gen_ai.operation.name")), SpanRole.OTHER)
        name = str(attributes.get("gen_ai.agent.name") or attributes.get("agent_name") or "agent")
        span_id = _id(span.context.span_id)
        with self._lock:
            self._open[span_id] = (run, role)
        parent = _id(span.parent.span_id) if span.parent is not None else None
        run.open(span_id, parent, role, name if role is SpanRole.AGENT else "")

    def on_end(self, span: Any) -> None:
        span_id = _id(span.context.span_id)
        with self._lock:
            found = self._open.pop(span_id, None)
        if found is None:
            return
        run, role = found
        try:
            _ended(run, role, span_id, span)
        except Exception as error:  # the processor must never break the run
            run.problems.append(f"span {span.name!r}: {type(error).__name__}: {error}")

    def shutdown(self) -> None:
        """Nothing to release: steps live in the runs."""

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        """Nothing buffered: steps are added as spans end."""
        return True


def _ended(run: SpanSteps, role: SpanRole, span_id: str, span: Any) -> None:
    attributes: Mapping[str, Any] = span.attributes or {}
    latency = None
    if span.start_time is not None and span.end_time is not None:
        latency = max((span.end_time - span.start_time) / 1e6, 0.0)
    if role is SpanRole.MODEL:
        model = attributes.get("gen_ai.response.model") or attributes.get("gen_ai.request.model")
        counts = [
            attributes.get("gen_ai.usage.input_tokens"),
            attributes.get("gen_ai.usage.output_tokens"),
        ]
        tokens = [c for c in counts if isinstance(c, int) and not isinstance(c, bool)]
        run.model_call(
            span_id,
            input=messages_text(attributes.get("gen_ai.input.messages")),
            output=messages_text(attributes.get("gen_ai.output.messages")),
            error=_error(span),
            latency_ms=latency,
            tokens=sum(tokens) if tokens else None,
            metadata={"model": str(model)} if model else {},
        )
    elif role is SpanRole.TOOL:
        run.tool_call(
            span_id,
            str(attributes.get("gen_ai.tool.name") or span.name),
            input=to_text(attributes.get("gen_ai.tool.call.arguments")),
            output=to_text(attributes.get("gen_ai.tool.call.result")),
            error=_error(span),
            latency_ms=latency,
        )
    elif role is SpanRole.AGENT:
        # a run stopped between steps (a usage limit, retries used up) has no step of its own
        # for what was refused: the model call that chose the last action holds the error
        error = _error(span)
        if error is not None:
            run.failed(span_id, error)


def _id(span_id: int) -> str:
    return format(span_id, "016x")


def _error(span: Any) -> str | None:
    """The span's error: its recorded exception (type: message), else its status text."""
    if span.status is None or span.status.is_ok or span.status.is_unset:
        return None
    for event in reversed(span.events or ()):
        if event.name == "exception":
            kind = str(event.attributes.get("exception.type", "")).rpartition(".")[2]
            message = event.attributes.get("exception.message", "")
            return f"{kind}: {message}" if kind else str(message)
    return span.status.description or "error"


_provider: Any = None
_depth = 0
_saved: Any = None
_lock = threading.Lock()


@contextmanager
def _instrumented() -> Iterator[None]:
    """PydanticAI's default instrumentation on blame's tracer provider while runs are traced."""
    global _provider, _depth, _saved
    from pydantic_ai import Agent
    from pydantic_ai.models.instrumented import InstrumentationSettings

    with _lock:
        if _provider is None:
            from opentelemetry.sdk.trace import SpanProcessor, TracerProvider

            class BlameProcessor(_Processor, SpanProcessor):
                """blame's processor, an OpenTelemetry SpanProcessor."""

            _provider = TracerProvider()
            _provider.add_span_processor(BlameProcessor())
        if _depth == 0:
            _saved = Agent._instrument_default
            settings = InstrumentationSettings(
                tracer_provider=_provider, include_content=True, version=5
            )
            Agent.instrument_all(settings)
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0:
                Agent.instrument_all(_saved)
                _saved = None


def final_text(output: Any) -> str:
    """A run's output as text: strings as they are, structured output as JSON."""
    dump = getattr(output, "model_dump", None)
    if callable(dump):
        return to_text(dump(mode="json"))
    return to_text(output)


async def atrace_agent(agent: Any, input: Any, *, test_name: str = "run") -> tuple[str, Trace]:
    """Run `agent` on `input` (`agent.run`) and return (final output, Trace).

    Raises AgentRunError (with the partial trace) when the run raises, and AgentError when no
    span of the agent reached blame (an agent built with its own `instrument=` setting).
    """
    from blame.faults import active

    if active() is not None:  # the test declares tool faults
        from blame_pydantic_ai.faults import install

        install()
    run = SpanSteps(test_name, to_text(input))
    token = _RUN.set(run)
    try:
        with _instrumented():
            result = await agent.run(input if isinstance(input, str) else to_text(input))
    except Exception as failure:
        raise AgentRunError(failure, run.build("")) from failure
    finally:
        _RUN.reset(token)
    output = final_text(result.output)
    return output, run.finish(
        output,
        framework="pydantic-ai",
        unseen="no span of the agent reached blame, which reads the run from PydanticAI's spans",
        hint="leave the Agent's `instrument` unset: blame sets the default while it runs it",
    )


def trace_agent(agent: Any, input: Any, *, test_name: str = "run") -> tuple[str, Trace]:
    """`atrace_agent` from synchronous code (in a thread with no running event loop)."""
    return asyncio.run(atrace_agent(agent, input, test_name=test_name))
