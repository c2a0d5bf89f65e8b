"""How the tracer hears a LangGraph run: a stream hook in the run's config, or the stream itself.

The graph runs as a plain `graph.stream(input, stream_mode="values")` (the values give the final
state): the task events come through a stream hook in the run's config, the one LangGraph itself
gives subgraphs when asked for `subgraphs=True`. Asking for `subgraphs=True` (or for "messages")
would make LangGraph run every task in its thread pool next to a waiter that wakes the caller per
event, which costs a fast graph 20-45% of its time; the hook costs a few percent. When the hook
is unavailable (LangGraph internals moved, or the graph is already run inside another graph's
task), the tracer falls back to `stream_mode=["tasks", "values"]` with `subgraphs=True`.

The usage handler (`call_usage`) is not always in the config because LangChain then dispatches
every runnable of the run through it: that costs a fast graph about 2% of its time, and only a
cost needs every call.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from time import perf_counter
from typing import Any

from langchain_core.messages import AIMessage

from blame_langgraph.calls import OwnCall
from blame_langgraph.usage import CONTEXT_FOLLOWS_TASKS, TaskUsageHandler, UsageHandler

FALLBACK_MODES = ("tasks", "values")
"""What the tracer asks `graph.stream` for, with `subgraphs=True`, when it cannot hook."""

Chunk = tuple[tuple[str, ...], str, Any]
"""One `(namespace, mode, payload)` item of a LangGraph stream."""


class Inbox:
    """What the run hands the tracer as it goes: stream chunks and model usage.

    The stream hook and the usage handler hold this, never the tracer: LangGraph leaves
    reference cycles that hold a run's config, and so both, until the next collection. Were
    they to hold the tracer, its steps, text cache and every state it saw would live (and be
    traversed by the collector) that long too.
    """

    __slots__ = ("chunks", "tools", "usage")

    def __init__(self) -> None:
        self.chunks: list[tuple[Chunk, float]] = []
        """Stream chunks and when they came, made steps at the end of the run."""
        self.usage: list[tuple[str, AIMessage, str]] = []
        """Model call ends: (task id, AI message, model name)."""
        self.tools: list[tuple[str, OwnCall]] = []
        """Ends of tool calls made in a node's own code: (task id, the call)."""

    def receive(self, chunk: Chunk) -> None:
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

    def note_tool(self, task_id: str, call: OwnCall) -> None:
        """Collect the end of a tool call made inside task `task_id`, from any thread."""
        self.tools.append((task_id, call))


def stream_hook(
    receive: Callable[[Chunk], None], configurable: Mapping[str, Any]
) -> dict[str, Any] | None:
    """The `configurable` entries that hook `receive` into every loop of the run, if possible.

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
        stream_key: stream_protocol(receive, {"tasks"}),
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


def with_usage_handler(config: dict[str, Any], inbox: Inbox, *, run_async: bool) -> UsageHandler:
    """Add a usage handler that reports to `inbox` to the run's config, in place; returns it.

    The caller's callbacks (a list or a callback manager) are kept. An async run where tasks'
    contexts do not hold their config gets a handler that also finds the calls made without it.
    """
    handler = (
        TaskUsageHandler(inbox) if run_async and not CONTEXT_FOLLOWS_TASKS else UsageHandler(inbox)
    )
    callbacks = config.get("callbacks")
    if callbacks is None:
        config["callbacks"] = [handler]
    elif isinstance(callbacks, list):
        config["callbacks"] = [*callbacks, handler]
    else:  # a BaseCallbackManager: LangChain's own merge adds to a copy
        manager = callbacks.copy()
        manager.add_handler(handler, inherit=True)
        config["callbacks"] = manager
    return handler
