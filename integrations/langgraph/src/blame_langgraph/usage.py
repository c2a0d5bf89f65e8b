"""Token usage and cost of the model calls a LangGraph run makes.

Usage comes from two places: the AI messages the tasks write, and, with `call_usage`, a callback
handler that hears every chat model call's end, so calls whose message is not written (a node
that keeps only text or structured output) count too. A call heard both ways counts once (by
message id).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import TYPE_CHECKING, Any
from uuid import UUID

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import LLMResult

from blame_langgraph.render import message_field
from blame_langgraph.schedule import NS_SEP

if TYPE_CHECKING:
    from blame_langgraph.hook import Inbox

Prices = Mapping[str, Mapping[str, float]]
"""USD per million tokens by model name: `{"gpt-4o": {"input": 2.5, "output": 10}}`; `*` is the
fallback for models not listed."""


class Usage:
    """The model calls of a run by task, until the task's step takes them."""

    __slots__ = ("calls", "prices")

    def __init__(self, prices: Prices | None) -> None:
        self.prices: Prices = prices or {}
        """USD per million tokens by model name."""
        self.calls: dict[str, dict[str, list[Any]]] = {}
        """Per task id, per call (message id): input, output and total tokens, model name."""

    def count(self, task_id: str, message: AIMessage, model: str) -> None:
        """Token usage of a chat model called inside task `task_id`."""
        usage = message.usage_metadata
        if not usage:
            return
        calls = self.calls.setdefault(task_id, {})
        key = message.id or f"#{len(calls)}"
        entry = calls.setdefault(key, [0, 0, 0, model_name(message) or model])
        entry[0] += int(usage.get("input_tokens", 0))
        entry[1] += int(usage.get("output_tokens", 0))
        entry[2] += int(usage.get("total_tokens", 0))

    def take(
        self, task_id: str, messages: Sequence[BaseMessage]
    ) -> tuple[int | None, float | None]:
        """Tokens and cost of a task: its model calls and the AI messages it wrote, once each."""
        if not messages and task_id not in self.calls:
            return None, None
        calls = self.calls.pop(task_id, {})
        for message in messages:
            usage = message_field(message, "usage_metadata")
            key = message.id or f"#{len(calls)}"
            if usage and key not in calls:
                calls[key] = [
                    int(usage.get("input_tokens", 0)),
                    int(usage.get("output_tokens", 0)),
                    int(usage.get("total_tokens", 0)),
                    model_name(message),
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


def model_name(message: BaseMessage) -> str:
    """The model that wrote an AI message, as its provider named it; "" when unknown."""
    meta = message.response_metadata or {}
    return str(meta.get("model_name") or meta.get("model") or "")


class UsageHandler(BaseCallbackHandler):
    """Reads the token usage of every chat model call of the run; ignores everything else."""

    run_inline = True
    ignore_chain = True
    ignore_agent = True
    ignore_retriever = True
    ignore_retry = True
    ignore_custom_event = True

    def __init__(self, inbox: Inbox) -> None:
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
        task_id = _task_of(meta) or _TASK.get()
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


CONTEXT_FOLLOWS_TASKS = sys.version_info >= (3, 11)
"""Whether LangGraph runs each task of an async run in a context holding the task's config.
asyncio takes a task's context from Python 3.11 on; before, a model that a node calls without
passing its config on hears neither the run's callbacks nor which task it serves."""

_TASK: ContextVar[str] = ContextVar("blame_langgraph_task", default="")
"""The id of the task running in this context, where LangGraph does not say it (3.10, async)."""

_HANDLER: ContextVar[UsageHandler | None] = ContextVar("blame_langgraph_usage", default=None)
"""The usage handler every callback manager made in this context gets (3.10, async)."""


def _task_of(metadata: Mapping[str, Any]) -> str:
    """The task id in a run's metadata, from the namespace LangGraph puts there; "" if none."""
    namespace = str(metadata.get("langgraph_checkpoint_ns") or "")
    return namespace.rpartition("|")[2].rpartition(NS_SEP)[2]


class TaskUsageHandler(UsageHandler):
    """The usage handler of an async run where tasks' contexts do not hold their config.

    LangChain gives it to every callback manager made while it is in `_HANDLER` (a configure
    hook), so model calls made without the run's config hear it too; and it hears every
    runnable start, to note in `_TASK` which task the context runs: each task of an async run
    has a context of its own, which the node's code and its model calls run in.
    """

    ignore_chain = False

    def on_chain_start(
        self,
        serialized: dict[str, Any],
        inputs: dict[str, Any],
        *,
        run_id: UUID,
        metadata: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        """Note the task this context runs, when LangGraph's metadata names it."""
        task_id = _task_of(metadata or {})
        if task_id:
            _TASK.set(task_id)


@contextmanager
def heard_everywhere(handler: UsageHandler | None) -> Iterator[None]:
    """While inside, every callback manager made in this context (and the contexts it starts)
    gets `handler`, and with it every model call of the run, config passed on or not."""
    if not isinstance(handler, TaskUsageHandler):
        yield
        return
    _configure_hook()
    token = _HANDLER.set(handler)
    try:
        yield
    finally:
        _HANDLER.reset(token)


@cache
def _configure_hook() -> None:
    """Register `_HANDLER` with LangChain's callback managers, once per process."""
    from langchain_core.tracers.context import register_configure_hook

    register_configure_hook(_HANDLER, inheritable=True)
