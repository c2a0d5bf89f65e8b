"""A test's tool faults (`faults:` in blame.yaml) for OpenAI Agents SDK function tools.

Every tool `@function_tool` or `Agent.as_tool` makes runs through the SDK's failure-handling
invoker (its `on_invoke_tool`), which calls the tool's body and turns an exception into what the
model reads (the tool's `failure_error_function`, the SDK's default message otherwise). A fault
stands in for the body, inside that handling: a raising fault raises where the tool would (the
model reads the error, the function span records it), and a data fault returns its payload as
the tool's output. The invoker's class is patched once per process, and only when a run has
faults; a call outside such a run, or of a tool no fault names, goes straight to the original.
An SDK whose invoker is not the shape the stand-in relies on is an error naming its version and
the range this distribution supports, not a run that quietly injects nothing.
"""

from __future__ import annotations

import copy
import inspect
import threading
from collections.abc import Callable
from typing import Any

from blame.faults import hit, unreachable

_LOCK = threading.Lock()
_MARK = "_blame_faults"
"""Set on the wrapper, so a second `install` sees the invoker is wrapped already."""
_INVOKER = "_FailureHandlingFunctionToolInvoker"
"""The class in `agents.tool` whose `__call__` runs a function tool inside its failure handling."""
_PARAMETERS = ["self", "ctx", "input"]
"""The invoker's `__call__` parameters, which the wrapper takes and passes on."""
_FIELDS = {"invoke_tool_impl", "function_tool"}
"""What the invoker is made with and keeps (`_invoke_tool_impl`, the body a fault stands in for,
and `_function_tool`, whose name says which fault applies)."""


def install() -> None:
    """Route the SDK's function-tool calls through the active fault plan (idempotent)."""
    with _LOCK:
        from agents import tool as sdk_tool

        invoker: Any = getattr(sdk_tool, _INVOKER, None)
        call = hook_point(invoker)
        if getattr(call, _MARK, False):
            return

        async def faulted_call(self: Any, ctx: Any, input: str) -> Any:
            tool = getattr(self, "_function_tool", None)
            fault = hit(tool.name) if tool is not None else None
            if fault is None:
                return await call(self, ctx, input)
            body = self._invoke_tool_impl
            stand_in = copy.copy(self)  # the same failure handling around the fault
            stand_in._invoke_tool_impl = lambda c, i: fault.apply_async(body, c, i)
            return await call(stand_in, ctx, input)

        setattr(faulted_call, _MARK, True)
        invoker.__call__ = faulted_call


def hook_point(invoker: type | None) -> Callable[..., Any]:
    """`invoker.__call__` (the SDK's `agents.tool._FailureHandlingFunctionToolInvoker`, None
    when it has none), once it is seen to be what the stand-in relies on: a coroutine function
    taking `_PARAMETERS`, on a class made with `_FIELDS`.

    Raises AgentError naming the installed openai-agents and the range this distribution
    supports, rather than an AttributeError mid-run or a fault that never fires.
    """
    if invoker is None:
        problem = f"agents.tool has no {_INVOKER}"
    elif not inspect.iscoroutinefunction(call := invoker.__call__):
        problem = f"{invoker.__qualname__}.__call__ is not a coroutine function"
    elif list(inspect.signature(call).parameters) != _PARAMETERS:
        problem = f"{invoker.__qualname__}.__call__{inspect.signature(call)} is not "
        problem += f"__call__({', '.join(_PARAMETERS)})"
    elif missing := sorted(_FIELDS - set(inspect.signature(invoker).parameters)):
        problem = f"{invoker.__qualname__}{inspect.signature(invoker)} takes no {missing[0]}"
    else:
        return call
    raise unreachable(
        "openai-agents", problem, integration="blame-openai-agents", requirement="openai-agents"
    )
