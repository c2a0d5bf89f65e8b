"""A test's tool faults (`faults:` in blame.yaml) for CrewAI tools.

CrewAI runs a tool through `CrewStructuredTool.invoke` / `ainvoke` (text tool calls) or
`BaseTool.run` (native function calling); a fault stands in for the call there. The methods are
wrapped once per process, and only when a run has faults; a call outside such a run, or of a
tool no fault names, goes straight to the original. A raising fault raises where the tool would
(CrewAI reports the error to the agent, as it does a real one); a data fault returns its payload
as the tool's output.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from blame.faults import hit

_LOCK = threading.Lock()
_MARK = "_blame_faults"
"""Set on the wrappers, so a second `install` sees the methods are wrapped already."""


def install() -> None:
    """Route CrewAI tool calls through the active fault plan (idempotent)."""
    with _LOCK:
        from crewai.tools.base_tool import BaseTool
        from crewai.tools.structured_tool import CrewStructuredTool

        if getattr(CrewStructuredTool.invoke, _MARK, False):
            return
        invoke, ainvoke, run = CrewStructuredTool.invoke, CrewStructuredTool.ainvoke, BaseTool.run

        def faulted_invoke(self: CrewStructuredTool, *args: Any, **kwargs: Any) -> Any:
            return _call(self.name, lambda: invoke(self, *args, **kwargs))

        async def faulted_ainvoke(self: CrewStructuredTool, *args: Any, **kwargs: Any) -> Any:
            fault = hit(self.name)
            if fault is None:
                return await ainvoke(self, *args, **kwargs)
            return await fault.apply_async(ainvoke, self, *args, **kwargs)

        def faulted_run(self: BaseTool, *args: Any, **kwargs: Any) -> Any:
            return _call(self.name, lambda: run(self, *args, **kwargs))

        setattr(faulted_invoke, _MARK, True)
        CrewStructuredTool.invoke = faulted_invoke  # type: ignore[method-assign]
        CrewStructuredTool.ainvoke = faulted_ainvoke  # type: ignore[method-assign]
        BaseTool.run = faulted_run  # type: ignore[method-assign]


def _call(tool: str, original: Callable[[], Any]) -> Any:
    fault = hit(tool)
    if fault is None:
        return original()
    return fault.apply(original)
