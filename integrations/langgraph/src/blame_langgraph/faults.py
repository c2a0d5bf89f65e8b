"""A test's tool faults (`faults:` in blame.yaml) for LangChain tools, as LangGraph runs them.

Every LangChain tool runs through `BaseTool.run` / `arun` (ToolNode, prebuilt agents, a node
that invokes a tool itself), so that is where a fault stands in for the call. The methods are
wrapped once per process (`calls.install`, which also lets a traced run hear its tool calls); a
call outside a run with faults, or of a tool no fault names, goes straight to the original. A
raising fault raises where the tool would (ToolNode's error handling turns it into an error
ToolMessage, or the run fails as the real error would fail it); a data fault returns its
payload as the tool's result.
"""

from __future__ import annotations

from typing import Any

from blame.faults import Fault, hit


def install() -> None:
    """Route LangChain tool calls through the active fault plan (idempotent)."""
    from blame_langgraph.calls import install as wrap

    wrap()


def faulted(run: Any, tool: Any, tool_input: Any, args: Any, kwargs: Any) -> Any:
    """`run(tool, ...)`, or the fault that stands in for this call of the tool."""
    fault = hit(tool.name)
    if fault is None:
        return run(tool, tool_input, *args, **kwargs)
    if fault.raises:
        raise fault.exception()
    real = run(tool, tool_input, *args, **kwargs) if fault.kind == "truncated" else None
    return _result(tool.name, fault, real, kwargs.get("tool_call_id"))


async def afaulted(arun: Any, tool: Any, tool_input: Any, args: Any, kwargs: Any) -> Any:
    """`faulted` for `arun`."""
    fault = hit(tool.name)
    if fault is None:
        return await arun(tool, tool_input, *args, **kwargs)
    if fault.raises:
        raise fault.exception()
    real = await arun(tool, tool_input, *args, **kwargs) if fault.kind == "truncated" else None
    return _result(tool.name, fault, real, kwargs.get("tool_call_id"))


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
