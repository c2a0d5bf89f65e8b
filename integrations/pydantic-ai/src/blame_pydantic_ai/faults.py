"""A test's tool faults (`faults:` in blame.yaml) for PydanticAI function tools.

Every function tool (`tools=[...]`, `@agent.tool`, a `FunctionToolset`) runs through
`FunctionToolset.call_tool`, which calls the tool's function under the tool's timeout. A fault
stands in for that function there: a raising fault raises where the function would, so
PydanticAI treats it as it does the real error (a `timeout` fault under a tool timeout becomes
PydanticAI's "Timed out" retry prompt; any other exception ends the run unless a capability's
`on_tool_execute_error` turns it into a result), and a data fault returns its payload as the
tool's result. A fault names the tool as the model calls it (a prefixed or renamed toolset's
name). `call_tool` is patched once per process, and only when a run has faults; a call outside
such a run, or of a tool no fault names, goes straight to the original.
"""

from __future__ import annotations

import dataclasses
import threading
from typing import Any

from blame.faults import hit

_LOCK = threading.Lock()
_MARK = "_blame_faults"
"""Set on the wrapper, so a second `install` sees `call_tool` is wrapped already."""


def install() -> None:
    """Route PydanticAI's function-tool calls through the active fault plan (idempotent)."""
    with _LOCK:
        from pydantic_ai.toolsets.function import FunctionToolset

        call_tool = FunctionToolset.call_tool
        if getattr(call_tool, _MARK, False):
            return

        async def faulted_call_tool(
            self: FunctionToolset[Any], name: str, tool_args: dict[str, Any], ctx: Any, tool: Any
        ) -> Any:
            fault = hit(_called_as(ctx, name))
            if fault is None:
                return await call_tool(self, name, tool_args, ctx, tool)
            body = tool.call_func
            stand_in = dataclasses.replace(
                tool, call_func=lambda args, run: fault.apply_async(body, args, run)
            )
            return await call_tool(self, name, tool_args, ctx, stand_in)

        setattr(faulted_call_tool, _MARK, True)
        FunctionToolset.call_tool = faulted_call_tool  # type: ignore[method-assign]


def _called_as(ctx: Any, name: str) -> str:
    """The name the model called the tool by, as its span and step are named: a prefixed or
    renamed toolset hands its inner name down, so it is read from the model's call."""
    from pydantic_ai.messages import ModelResponse, ToolCallPart

    for message in reversed(ctx.messages):
        if isinstance(message, ModelResponse):
            for part in message.parts:
                if isinstance(part, ToolCallPart) and part.tool_call_id == ctx.tool_call_id:
                    return part.tool_name
    return str(ctx.tool_name or name)
