"""Trace a smolagents run live, as steps happen.

blame hears a run at the four places smolagents does something a step is made of:

- `MultiStepAgent.run`: an agent runs (an agent span, holding its model and tool calls);
- `MultiStepAgent.__call__`: a manager calls one of its managed agents (a tool span of the
  manager, holding the managed agent's run: a delegation);
- `Tool.__call__`: a tool is called, by a ToolCallingAgent's tool call or from a CodeAgent's
  code (a tool span; a test's `faults:` stand in for the call here);
- each model's `generate` (and `generate_stream`): a model call, a step of the agent;
- `LocalPythonExecutor.__call__`: a CodeAgent's code runs in a thread of its own, which does
  not inherit the run's context, so the tools and managed agents the code can call are handed
  to it bound to the caller's context (the run, the calling agent, the test's faults);

and, through smolagents' step callbacks, an action step that failed without a tool failing (a
reply that could not be parsed, code that raised): the error is the model call's that chose it.
The class methods are wrapped once per process and the models and callbacks of an agent once,
when it is first traced; outside a traced run (a context variable says which) every wrapper
goes straight to the original. `blame.spansteps` decides the data flow from the spans, as it
does for the other span-based adapters: a managed agent's first model call is fed by the
manager's call that delegated, and its answer feeds the manager's tool step (handoffs both ways).
"""

from __future__ import annotations

import itertools
import json
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import Context, ContextVar, copy_context
from typing import Any

from blame.faults import hit
from blame.model import Trace
from blame.recorder import to_text
from blame.spansteps import AgentRunError, SpanRole, SpanSteps
from blame_smolagents.render import arguments_text, messages_text, reply_text

FINAL_ANSWER = "final_answer"
"""smolagents' answering tool: the agent's reply, already in its model call, not a tool step."""
_END = object()
"""What a finished stream gives."""
_MARK = "_blame_smolagents"
"""Set on the wrappers, so a second install sees the methods are wrapped already."""


class _Run:
    """One traced run: its steps and its span ids."""

    def __init__(self, test_name: str, input: str) -> None:
        self.steps = SpanSteps(test_name, input)
        self.models: set[str] = set()
        """The model spans: a model call inside one (a stream built on generate) is its own."""
        self._ids = itertools.count(1)

    def span(self) -> str:
        """A new span id, unique in the run."""
        return f"span{next(self._ids)}"


_RUN: ContextVar[_Run | None] = ContextVar("blame_smolagents_run", default=None)
_SPAN: ContextVar[str | None] = ContextVar("blame_smolagents_span", default=None)
_LOCK = threading.Lock()
_PREPARED: weakref.WeakSet[Any] = weakref.WeakSet()


def agent_name(agent: Any) -> str:
    """An agent's name: the one it was given, else its class (a top-level agent needs none)."""
    return str(getattr(agent, "name", None) or type(agent).__name__)


def _millis(started: float) -> float:
    return max((time.perf_counter() - started) * 1000.0, 0.0)


def _error(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


def _install() -> None:
    """Wrap the agent and tool methods once per process (idempotent)."""
    from smolagents.agents import MultiStepAgent
    from smolagents.local_python_executor import LocalPythonExecutor
    from smolagents.tools import Tool

    if getattr(MultiStepAgent.run, _MARK, False):
        return
    run, call, tool_call = MultiStepAgent.run, MultiStepAgent.__call__, Tool.__call__
    execute = LocalPythonExecutor.__call__

    def traced_run(self: Any, task: Any, *args: Any, **kwargs: Any) -> Any:
        active = _RUN.get()
        if active is None:
            return run(self, task, *args, **kwargs)
        if kwargs.get("stream") or (args and args[0] is True):
            active.steps.problems.append(
                f"agent {agent_name(self)!r} ran with stream=True, which blame does not follow"
            )
            return run(self, task, *args, **kwargs)
        span = active.span()
        active.steps.open(span, _SPAN.get(), SpanRole.AGENT, agent_name(self))
        token = _SPAN.set(span)
        try:
            return run(self, task, *args, **kwargs)
        finally:
            _SPAN.reset(token)

    def traced_call(self: Any, task: Any, **kwargs: Any) -> Any:
        active = _RUN.get()
        if active is None:
            return call(self, task, **kwargs)
        arguments = arguments_text({"task": to_text(task), **kwargs})
        return _tool_span(active, agent_name(self), arguments, lambda: call(self, task, **kwargs))

    def traced_tool_call(self: Any, *args: Any, **kwargs: Any) -> Any:
        active = _RUN.get()
        name = str(getattr(self, "name", "") or type(self).__name__)
        if name == FINAL_ANSWER:
            return tool_call(self, *args, **kwargs)
        fault = hit(name)
        if active is None and fault is None:
            return tool_call(self, *args, **kwargs)

        def body() -> Any:
            if fault is None:
                return tool_call(self, *args, **kwargs)
            return fault.apply(tool_call, self, *args, **kwargs)

        if active is None:
            return body()
        return _tool_span(active, name, _tool_arguments(self, args, kwargs), body)

    def traced_execute(self: Any, code_action: str) -> Any:
        active = _RUN.get()
        tools = self.static_tools
        if active is None or not tools:
            return execute(self, code_action)
        context = copy_context()
        self.static_tools = {
            name: _bound(context, value)
            if isinstance(value, (Tool, MultiStepAgent)) and name != FINAL_ANSWER
            else value
            for name, value in tools.items()
        }
        try:
            return execute(self, code_action)
        finally:
            self.static_tools = tools

    for wrapper in (traced_run, traced_call, traced_tool_call, traced_execute):
        setattr(wrapper, _MARK, True)
    MultiStepAgent.run = traced_run  # type: ignore[method-assign]
    MultiStepAgent.__call__ = traced_call  # type: ignore[method-assign]
    Tool.__call__ = traced_tool_call  # type: ignore[method-assign]
    LocalPythonExecutor.__call__ = traced_execute  # type: ignore[method-assign]


def _bound(context: Context, target: Any) -> Callable[..., Any]:
    """`target`, called in a copy of `context` (the run, the calling agent, the test's faults)
    from whichever thread calls it."""

    def bound(*args: Any, **kwargs: Any) -> Any:
        return context.copy().run(target, *args, **kwargs)

    return bound


def _tool_arguments(tool: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    """A tool call's arguments as JSON: positional ones under the tool's input names."""
    named = {k: v for k, v in kwargs.items() if k != "sanitize_inputs_outputs"}
    if len(args) == 1 and not named and isinstance(args[0], dict):
        return arguments_text(args[0])
    inputs = list(getattr(tool, "inputs", None) or ())
    for i, value in enumerate(args):
        named[inputs[i] if i < len(inputs) else f"arg{i}"] = value
    return arguments_text(named)


def _tool_span(active: _Run, name: str, arguments: str, body: Callable[[], Any]) -> Any:
    """Run `body` as a tool span of the current agent, and add its tool step when it ends."""
    span = active.span()
    active.steps.open(span, _SPAN.get(), SpanRole.TOOL)
    token = _SPAN.set(span)
    started = time.perf_counter()
    try:
        result = body()
    except Exception as error:
        _SPAN.reset(token)
        active.steps.tool_call(
            span, name, input=arguments, error=_error(error), latency_ms=_millis(started)
        )
        raise
    _SPAN.reset(token)
    active.steps.tool_call(
        span, name, input=arguments, output=to_text(result), latency_ms=_millis(started)
    )
    return result


def _prepare(agent: Any) -> None:
    """Wrap the models and register the step callback of `agent` and its managed agents."""
    from smolagents.memory import ActionStep

    with _LOCK:
        _install()
        for current in _team(agent):
            if current in _PREPARED:
                continue
            _wrap_model(current.model)
            current.step_callbacks.register(ActionStep, _on_action_step)
            _PREPARED.add(current)


def _team(agent: Any) -> list[Any]:
    """`agent` and the agents it manages, at every depth, each once."""
    found, pending, seen = [], [agent], set()
    while pending:
        current = pending.pop()
        if id(current) not in seen:
            seen.add(id(current))
            found.append(current)
            pending.extend((getattr(current, "managed_agents", None) or {}).values())
    return found


@contextmanager
def _quiet(agent: Any) -> Iterator[None]:
    """smolagents' console output off while blame runs the agent, and back after: at its
    default verbosity each agent prints its run in panels (every step, code, tool call and
    error, a managed agent's too), a hundred lines around blame's report of the same run."""
    from smolagents.monitoring import LogLevel

    loggers = [
        logger for member in _team(agent) if (logger := getattr(member, "logger", None)) is not None
    ]
    levels = [getattr(logger, "level", None) for logger in loggers]
    try:
        for logger in loggers:
            logger.level = LogLevel.OFF
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.level = level


def _on_action_step(memory_step: Any, agent: Any = None) -> None:
    """smolagents' step callback: an action step that failed (not through a tool) is the
    error of the model call that chose the action."""
    active, span = _RUN.get(), _SPAN.get()
    error = getattr(memory_step, "error", None)
    if active is None or span is None or error is None:
        return
    active.steps.failed(span, _error(error))


def _wrap_model(model: Any) -> None:
    """Record each `generate` (and `generate_stream`) of `model` in a traced run."""
    if getattr(model.generate, _MARK, False):
        return
    generate = model.generate

    def traced_generate(messages: Any, *args: Any, **kwargs: Any) -> Any:
        active = _RUN.get()
        if active is None or _SPAN.get() in active.models:
            return generate(messages, *args, **kwargs)
        span, started = _model_span(active)
        token = _SPAN.set(span)
        try:
            message = generate(messages, *args, **kwargs)
        except Exception as error:
            _model_ended(active, span, model, messages, None, started, error)
            raise
        finally:
            _SPAN.reset(token)
        _model_ended(active, span, model, messages, message, started)
        return message

    setattr(traced_generate, _MARK, True)
    model.generate = traced_generate
    stream = getattr(model, "generate_stream", None)
    if callable(stream):

        def traced_stream(messages: Any, *args: Any, **kwargs: Any) -> Iterator[Any]:
            active = _RUN.get()
            if active is None or _SPAN.get() in active.models:
                yield from stream(messages, *args, **kwargs)
                return
            from smolagents.models import agglomerate_stream_deltas

            span, started = _model_span(active)
            deltas: list[Any] = []
            pieces = iter(stream(messages, *args, **kwargs))
            try:
                while True:
                    token = _SPAN.set(span)  # never held across a yield
                    try:
                        delta = next(pieces, _END)
                    finally:
                        _SPAN.reset(token)
                    if delta is _END:
                        break
                    deltas.append(delta)
                    yield delta
            except Exception as error:
                _model_ended(active, span, model, messages, None, started, error)
                raise
            message = agglomerate_stream_deltas(deltas)
            _model_ended(active, span, model, messages, message, started)

        model.generate_stream = traced_stream


def _model_span(active: _Run) -> tuple[str, float]:
    span = active.span()
    active.models.add(span)
    active.steps.open(span, _SPAN.get(), SpanRole.MODEL)
    return span, time.perf_counter()


def _model_ended(
    active: _Run,
    span: str,
    model: Any,
    messages: Any,
    message: Any,
    started: float,
    error: BaseException | None = None,
) -> None:
    usage = getattr(message, "token_usage", None)
    tokens = getattr(usage, "total_tokens", None)
    model_id = getattr(model, "model_id", None)
    active.steps.model_call(
        span,
        input=messages_text(messages),
        output=reply_text(message),
        error=None if error is None else _error(error),
        latency_ms=_millis(started),
        tokens=tokens if isinstance(tokens, int) and not isinstance(tokens, bool) else None,
        metadata={"model": str(model_id)} if model_id else {},
    )


def final_text(output: Any) -> str:
    """A run's answer as text (a full `RunResult`'s output; structured answers as JSON)."""
    output = getattr(output, "output", output) if type(output).__name__ == "RunResult" else output
    if isinstance(output, (dict, list)):
        return json.dumps(output, ensure_ascii=False, sort_keys=True, default=to_text)
    return to_text(output)


def trace_agent(agent: Any, input: Any, *, test_name: str = "run") -> tuple[str, Trace]:
    """Run `agent` on `input` (`agent.run`) and return (final output, Trace).

    Raises AgentRunError (with the partial trace) when the run raises, and AgentError when no
    agent run reached blame or a part of the run could not be followed.
    """
    _prepare(agent)
    active = _Run(test_name, to_text(input))
    run_token, span_token = _RUN.set(active), _SPAN.set(None)
    try:
        with _quiet(agent):
            result = agent.run(input if isinstance(input, str) else to_text(input))
    except Exception as failure:
        raise AgentRunError(failure, active.steps.build("")) from failure
    finally:
        _SPAN.reset(span_token)
        _RUN.reset(run_token)
    output = final_text(result)
    return output, active.steps.finish(
        output,
        framework="smolagents",
        unseen="no agent run reached blame, which reads the run from MultiStepAgent.run",
        hint="point the entrypoint at a smolagents agent (CodeAgent, ToolCallingAgent)",
    )
