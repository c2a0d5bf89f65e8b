"""Trace a LangGraph run while it streams: one step per node execution, edges from real triggers.

The run is heard through a stream hook in its config (`hook`), which collects every task's
announcement and result; token usage of model calls comes from the AI messages the tasks write
and, with `call_usage` (the default when prices are given), from a callback handler that hears
every chat model call's end (`usage`). Events are turned into steps when the run ends, one
superstep of the top-level graph at a time, in the order LangGraph scheduled its tasks
(`schedule`, which settles each task's parents), each finished task making its steps (`steps`).
A run that raises keeps everything up to the failure, and the failing node is an error step of
the partial trace.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from typing import Any

from langchain_core.messages import AIMessage

from blame.errors import AgentError, PartialRunError
from blame.model import RUN_ERROR, StepKind, Trace
from blame_langgraph.calls import listening
from blame_langgraph.hook import FALLBACK_MODES, Inbox, stream_hook, with_usage_handler
from blame_langgraph.render import as_messages, content_text, messages_text, state_text, value_text
from blame_langgraph.schedule import Schedule
from blame_langgraph.schedule import _Event as _Event
from blame_langgraph.schedule import _Scope as _Scope
from blame_langgraph.schedule import _Task as _Task
from blame_langgraph.steps import StepWriter, error_text
from blame_langgraph.usage import Prices as Prices
from blame_langgraph.usage import Usage, UsageHandler, heard_everywhere

INTERRUPT = "__interrupt__"
"""The key of the last state LangGraph streams when a run stopped at `interrupt()`."""


def _passes(input: Any, resume: Sequence[Any]) -> Iterator[Any]:
    """The inputs of a run's passes: its input, then `Command(resume=answer)` per answer."""
    yield input
    if resume:
        from langgraph.types import Command

        for answer in resume:
            yield Command(resume=answer)


def _on_thread(config: dict[str, Any]) -> dict[str, Any]:
    """The run's config without a checkpoint id: the pass after a stop goes on from the
    thread's latest checkpoint, where the run stopped. A run started from an earlier
    checkpoint (a confirmation's re-run) would start there again, ask again, and its answer
    would reach no question."""
    configurable = config.get("configurable")
    if not isinstance(configurable, Mapping) or "checkpoint_id" not in configurable:
        return config
    kept = {k: v for k, v in configurable.items() if k != "checkpoint_id"}
    return {**config, "configurable": kept}


def _check_resume(graph: Any, resume: Sequence[Any]) -> None:
    """Answers to `interrupt()` resume the run from its checkpoint: a graph without a
    checkpointer would fail at the first answer, and the node that asked would take the blame."""
    if resume and not getattr(graph, "checkpointer", None):
        raise AgentError(
            "answers to interrupt() (resume) need a graph with a checkpointer",
            field="agent.resume",
            hint="compile the graph with a checkpointer, e.g. "
            "`builder.compile(checkpointer=InMemorySaver())`",
        )


class LangGraphRunError(PartialRunError):
    """The graph raised; `trace` holds everything recorded up to the failure, its failing node
    (or tool) an error step."""

    def __init__(self, message: str, *, trace: Trace, final_output: str) -> None:
        super().__init__(message, trace=trace, field=f"test {trace.test_name!r}")
        self.final_output = final_output
        """The final output as far as the state got."""


class _Tracer(Schedule):
    """One run: collects what the run hands over, and turns it into a trace when it ends.

    No frame that iterates the run's stream may still hold the tracer when it returns: LangGraph
    leaves its stream's generator in a reference cycle, and from Python 3.12 a finished
    generator's frame keeps the frame that last resumed it (its `f_back`) with all its locals,
    so the tracer, its steps and every state it saw would live until the next collection.
    """

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
        self.usage = Usage(prices)
        super().__init__(graph, StepWriter(messages_key=messages_key, usage=self.usage))
        self.messages_key = messages_key
        self.output_key = output_key
        self.test_name = test_name
        self.input_text = _input_text(input, messages_key)
        self.inbox = Inbox()
        self.handler: UsageHandler | None = None
        """The run's usage handler, with `call_usage`."""
        self.answered_all = False
        self.paused: tuple[str, ...] = ()
        """The nodes the run paused before at a breakpoint, waiting to be resumed."""
        """Whether the run was resumed with answers and then ran on without stopping again."""

    def drain(self) -> None:
        """Turn everything collected so far into steps (at the end of the run, or its failure)."""
        inbox = self.inbox
        notes, inbox.usage = inbox.usage, []
        for task_id, message, model in notes:
            self.usage.count(task_id, message, model)
        tools, inbox.tools = inbox.tools, []
        for task_id, call in tools:
            self.writer.own_calls.setdefault(task_id, []).append(call)
        chunks, inbox.chunks = inbox.chunks, []
        for (namespace, mode, payload), at in chunks:
            self.handle(namespace, mode, payload, at)
        self.flush()

    def stopped(self) -> bool:
        """Whether the run so far stopped at `interrupt()` (its last state says so) or paused
        at a breakpoint."""
        asked = isinstance(self.final_state, Mapping) and INTERRUPT in self.final_state
        return asked or bool(self.paused)

    def breakpoints(self) -> bool:
        """Whether the run may pause at a breakpoint (`interrupt_before`/`interrupt_after`)
        with a checkpoint to read it from: only then is the thread's state read."""
        graph = self.graph
        return bool(
            getattr(graph, "checkpointer", None)
            and (
                getattr(graph, "interrupt_before_nodes", None)
                or getattr(graph, "interrupt_after_nodes", None)
            )
        )

    def pause(self, snapshot: Any) -> None:
        """Note the nodes a run paused before at a breakpoint (none when it stopped at
        `interrupt()` or ended), from the thread's state after a pass."""
        asked = isinstance(self.final_state, Mapping) and INTERRUPT in self.final_state
        found = getattr(snapshot, "next", ())
        self.paused = () if asked or not found else tuple(sorted(map(str, found)))

    def final_output(self) -> str:
        """The chosen output of the final state: `output_key`, else the last AI message."""
        state = self.final_state
        if isinstance(state, Mapping) and INTERRUPT in state:
            state = {k: v for k, v in state.items() if k != INTERRUPT}
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
        writer = self.writer
        if error is not None and not writer.failed:
            last_id, agent, name = writer.last or ("", "graph", "graph")
            writer.add(
                StepKind.AGENT,
                (last_id,) if last_id else (),
                agent=agent,
                name=name,
                error=error_text(error),
                metadata={RUN_ERROR: True},  # raised by LangGraph, by no node
            )
        final = self.final_output()
        metadata: dict[str, Any] = {"framework": "langgraph"}
        if error is not None:
            metadata["error"] = error_text(error)
        if (writer.interrupted or self.paused) and not self.answered_all:
            metadata["interrupted"] = True
        if self.paused:
            metadata["paused_before"] = list(self.paused)
        trace = Trace(
            test_name=self.test_name,
            steps=writer.final_steps(),
            final_output=final,
            input=self.input_text,
            metadata=metadata,
        )
        self.release()
        return final, trace


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
    if tracer.writer.last is None:
        tracer.release()
        return AgentError(
            f"the graph raised {error_text(error)} before any node ran",
            field="agent.entrypoint",
            hint="check the test input against the graph's input state "
            "(agent.input_key, or a mapping as the test input)",
        )
    final, trace = tracer.finish(error)
    text = error_text(error)
    return LangGraphRunError(
        f"the graph raised {text}{_raised_where(trace, text)}", trace=trace, final_output=final
    )


def _raised_where(trace: Trace, text: str) -> str:
    """Where in the graph `text` (the run's error) was raised: the node, or the tool of a
    node, whose error step it is; LangGraph's own (a recursion limit) after the last node."""
    failing = [s for s in trace.steps if s.error == text] or [s for s in trace.steps if s.failed]
    if not failing:
        return ""
    step = failing[0]
    if step.stopped_run:
        return f" after node {step.agent!r}"
    if step.kind is StepKind.AGENT:
        return f" in node {step.name!r} (step {step.index})"
    return f" in {step.kind.value} {step.name!r} of node {step.agent!r} (step {step.index})"


def _stream_hook(tracer: _Tracer, configurable: Mapping[str, Any]) -> dict[str, Any] | None:
    """The `configurable` entries that hook the tracer's inbox into every loop of the run."""
    return stream_hook(tracer.inbox.receive, configurable)


def _run_config(
    config: Mapping[str, Any] | None, tracer: _Tracer, *, call_usage: bool, run_async: bool = False
) -> tuple[dict[str, Any], bool]:
    """The run's config with, when possible, the stream hook, and the usage handler if asked.

    Returns the config and whether the hook is in it; the caller's callbacks (a list or a
    callback manager) and configurable entries are kept.
    """
    merged: dict[str, Any] = dict(config or {})
    if call_usage:
        tracer.handler = with_usage_handler(merged, tracer.inbox, run_async=run_async)
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
    *,
    run_async: bool = False,
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
    run_config, hooked = _run_config(config, tracer, call_usage=call_usage, run_async=run_async)
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
    resume: Sequence[Any] = (),
    context: Any = None,
) -> tuple[str, Trace]:
    """Run a compiled graph via `graph.stream` and return (final_output, trace).

    `prices` (USD per million tokens by model name) give steps a cost. `call_usage` counts the
    tokens of every chat model call, including calls whose AI message no task writes; it
    defaults to on when `prices` are given, so a cost is never short, and to off otherwise,
    when tokens come from the AI messages the tasks write. `resume` holds a human's answers:
    a run that stops at `interrupt()` goes on with `Command(resume=answer)`, one answer per
    stop, on the same thread (the graph needs a checkpointer), and the trace holds every pass.
    `context` is the run's `Runtime.context` (a mapping becomes the graph's context schema).

    Raises LangGraphRunError, carrying the partial trace, when the graph raises after a node
    ran, and AgentError when it raises before any node ran (a bad input, say) or has a node or
    tool with only an async implementation (run it with `atrace_langgraph`).
    """
    from blame_langgraph.toolsets import async_only

    needs_async = async_only(graph)
    if needs_async is not None:
        raise AgentError(
            f"the graph's {needs_async} is async only, so the graph runs only with astream/ainvoke",
            field="agent.async",
            hint="set `async: true` under `agent:` in blame.yaml "
            "(from Python: `await atrace_langgraph(...)`)",
        )
    _check_resume(graph, resume)
    extra: dict[str, Any] = {"context": context} if context is not None else {}
    tracer, run_config, hooked = _start(
        graph, input, config, test_name, prices, messages_key, output_key, call_usage
    )
    try:
        with listening(tracer.inbox):
            for number, given in enumerate(_passes(input, resume)):
                if number and not tracer.stopped():
                    break  # answers left over: the run did not ask again
                if hooked:
                    values: Iterator[Any] = graph.stream(
                        given, run_config, stream_mode="values", **extra
                    )
                    for state in values:
                        tracer.final_state = state
                else:
                    stream: Iterator[Any] = graph.stream(
                        given, run_config, stream_mode=list(FALLBACK_MODES), subgraphs=True, **extra
                    )
                    for namespace, mode, payload in stream:
                        tracer.inbox.receive((namespace, mode, payload))
                        if mode == "values" and not namespace:
                            tracer.final_state = payload
                run_config = _on_thread(run_config)
                if tracer.breakpoints():
                    tracer.pause(graph.get_state(run_config))
                tracer.answered_all = number > 0 and not tracer.stopped()
    except Exception as error:
        failure = _run_error(tracer, error)
        del tracer  # the error's traceback keeps this frame, which must not keep the tracer
        raise failure from error
    done = tracer.finish()
    del tracer  # nor must LangGraph's finished stream, which keeps this frame (see _Tracer)
    return done


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
    resume: Sequence[Any] = (),
    context: Any = None,
) -> tuple[str, Trace]:
    """`trace_langgraph` for async graphs, via `graph.astream`."""
    _check_resume(graph, resume)
    extra: dict[str, Any] = {"context": context} if context is not None else {}
    tracer, run_config, hooked = _start(
        graph,
        input,
        config,
        test_name,
        prices,
        messages_key,
        output_key,
        call_usage,
        run_async=True,
    )
    try:
        with heard_everywhere(tracer.handler), listening(tracer.inbox):
            for number, given in enumerate(_passes(input, resume)):
                if number and not tracer.stopped():
                    break  # answers left over: the run did not ask again
                if hooked:
                    values: AsyncIterator[Any] = graph.astream(
                        given, run_config, stream_mode="values", **extra
                    )
                    async for state in values:
                        tracer.final_state = state
                else:
                    stream: AsyncIterator[Any] = graph.astream(
                        given,
                        run_config,
                        stream_mode=list(FALLBACK_MODES),
                        subgraphs=True,
                        **extra,
                    )
                    async for namespace, mode, payload in stream:
                        tracer.inbox.receive((namespace, mode, payload))
                        if mode == "values" and not namespace:
                            tracer.final_state = payload
                run_config = _on_thread(run_config)
                if tracer.breakpoints():
                    tracer.pause(await graph.aget_state(run_config))
                tracer.answered_all = number > 0 and not tracer.stopped()
    except Exception as error:
        failure = _run_error(tracer, error)
        del tracer  # the error's traceback keeps this frame, which must not keep the tracer
        raise failure from error
    done = tracer.finish()
    del tracer  # nor must LangGraph's finished stream, which keeps this frame (see _Tracer)
    return done
