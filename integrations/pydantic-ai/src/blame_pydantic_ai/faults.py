"""A test's tool faults (`faults:` in blame.yaml) for PydanticAI function tools.

Every function tool (`tools=[...]`, `@agent.tool`, a `FunctionToolset`) runs through
`FunctionToolset.call_tool`, which calls the tool's function under the tool's timeout. A fault
stands in for that function there: a raising fault raises where the function would, so
PydanticAI treats it as it does the real error (a `timeout` fault under a tool timeout becomes
PydanticAI's "Timed out" retry prompt; any other exception ends the run unless a capability's
`on_tool_execute_error` turns it into a result), and a data fault returns its payload as the
tool's result. A fault names the tool as the model calls it (a prefixed or renamed toolset's
name). `call_tool` is patched once per process, and only when a run has faults; a call outside
such a run, or of a tool no fault names, goes straight to the original. A PydanticAI whose
`call_tool` or tool class is not the shape the stand-in relies on is an error naming its version,
not a run that quietly injects nothing.
"""

from __future__ import annotations

import dataclasses
import inspect
import threading
from collections.abc import Callable
from typing import Any

from blame.faults import hit, unreachable

_LOCK = threading.Lock()
_MARK = "_blame_faults"
"""Set on the wrapper, so a second `install` sees `call_tool` is wrapped already."""
_PARAMETERS = ["self", "name", "tool_args", "ctx", "tool"]
"""`FunctionToolset.call_tool`'s parameters, which the wrapper takes and passes on."""


def install() -> None:
    """Route PydanticAI's function-tool calls through the active fault plan (idempotent)."""
    with _LOCK:
        from pydantic_ai.toolsets.function import FunctionToolset, FunctionToolsetTool

        call_tool = hook_point(FunctionToolset, FunctionToolsetTool)
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


def hook_point(toolset: type, tool: type) -> Callable[..., Any]:
    """`toolset.call_tool`, once it is seen to be what the stand-in relies on: a coroutine
    function taking `_PARAMETERS` and a dataclass `tool` with a `call_func` field to replace.

    Raises AgentError naming the installed PydanticAI and the range this distribution supports,
    rather than an AttributeError mid-run or a fault that never fires.
    """
    call_tool = getattr(toolset, "call_tool", None)
    if call_tool is None:
        problem = f"{toolset.__qualname__}.call_tool is missing"
    elif not inspect.iscoroutinefunction(call_tool):
        problem = f"{toolset.__qualname__}.call_tool is not a coroutine function"
    elif list(inspect.signature(call_tool).parameters) != _PARAMETERS:
        problem = f"{toolset.__qualname__}.call_tool{inspect.signature(call_tool)} is not "
        problem += f"call_tool({', '.join(_PARAMETERS)})"
    elif not dataclasses.is_dataclass(tool) or "call_func" not in {
        field.name for field in dataclasses.fields(tool)
    }:
        problem = f"{tool.__qualname__} has no call_func field"
    else:
        return call_tool  # type: ignore[no-any-return]
    raise unreachable(
        "pydantic-ai", problem, integration="blame-pydantic-ai", requirement="pydantic-ai-slim"
    )


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
