"""A test's tool faults (`faults:` in blame.yaml) for OpenAI Agents SDK function tools.

Every tool `@function_tool` or `Agent.as_tool` makes runs through the SDK's failure-handling
invoker (its `on_invoke_tool`), which calls the tool's body and turns an exception into what the
model reads (the tool's `failure_error_function`, the SDK's default message otherwise). A fault
stands in for the body, inside that handling: a raising fault raises where the tool would (the
model reads the error, the function span records it), and a data fault returns its payload as
the tool's output. The invoker's class is patched once per process, and only when a run has
faults; a call outside such a run, or of a tool no fault names, goes straight to the original.
"""

from __future__ import annotations

import copy
import threading
from typing import Any

from blame.errors import AgentError
from blame.faults import hit

_LOCK = threading.Lock()
_MARK = "_blame_faults"
"""Set on the wrapper, so a second `install` sees the invoker is wrapped already."""


def install() -> None:
    """Route the SDK's function-tool calls through the active fault plan (idempotent)."""
    with _LOCK:
        from agents import tool as sdk_tool

        invoker = getattr(sdk_tool, "_FailureHandlingFunctionToolInvoker", None)
        if invoker is None:
            raise AgentError(
                "tool faults cannot reach this version of the OpenAI Agents SDK's function tools",
                field="faults",
                hint="install the openai-agents release blame-openai-agents is tested with, "
                "or drop `faults:`",
            )
        call = invoker.__call__
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
