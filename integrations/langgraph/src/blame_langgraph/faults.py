"""A test's tool faults (`faults:` in blame.yaml) for LangChain tools, as LangGraph runs them.

Every LangChain tool runs through `BaseTool.run` / `arun` (ToolNode, prebuilt agents, a node
that invokes a tool itself), so that is where a fault stands in for the call. The methods are
wrapped once per process, and only when a run has faults; a call outside such a run, or of a
tool no fault names, goes straight to the original. A raising fault raises where the tool
would (ToolNode's error handling turns it into an error ToolMessage, or the run fails as the
real error would fail it); a data fault returns its payload as the tool's result.
"""

from __future__ import annotations

import threading
from typing import Any

from blame.faults import Fault, hit

_LOCK = threading.Lock()
_MARK = "_blame_faults"
"""Set on the wrappers, so a second `install` sees the methods are wrapped already."""


def install() -> None:
    """Route LangChain tool calls through the active fault plan (idempotent)."""
    with _LOCK:
        from langchain_core.tools import BaseTool

        if getattr(BaseTool.run, _MARK, False):
            return
        run, arun = BaseTool.run, BaseTool.arun

        def faulted_run(self: BaseTool, tool_input: Any, *args: Any, **kwargs: Any) -> Any:
            fault = hit(self.name)
            if fault is None:
                return run(self, tool_input, *args, **kwargs)
            if fault.raises:
                raise fault.exception()
            real = run(self, tool_input, *args, **kwargs) if fault.kind == "truncated" else None
            return _result(self.name, fault, real, kwargs.get("tool_call_id"))

        async def faulted_arun(self: BaseTool, tool_input: Any, *args: Any, **kwargs: Any) -> Any:
            fault = hit(self.name)
            if fault is None:
                return await arun(self, tool_input, *args, **kwargs)
            if fault.raises:
                raise fault.exception()
            real = None
            if fault.kind == "truncated":
                real = await arun(self, tool_input, *args, **kwargs)
            return _result(self.name, fault, real, kwargs.get("tool_call_id"))

        setattr(faulted_run, _MARK, True)
        BaseTool.run = faulted_run  # type: ignore[method-assign]
        BaseTool.arun = faulted_arun  # type: ignore[method-assign]


def _result(tool: str, fault: Fault, real: Any, tool_call_id: Any) -> Any:
    """The faulted result in the shape `run` returns: a ToolMessage for a tool call."""
    from langchain_core.messages import ToolMessage

    if isinstance(real, ToolMessage):
        return real.model_copy(update={"content": fault.payload(_text(real.content))})
    if real is not None and fault.kind == "truncated" and not isinstance(real, str):
        real = _text(real)
    payload = fault.payload(real)
    if tool_call_id is None:
        return payload
    return ToolMessage(content=payload, name=tool, tool_call_id=str(tool_call_id))


def _text(content: Any) -> str:
    from blame.recorder import to_text

    return to_text(content)
