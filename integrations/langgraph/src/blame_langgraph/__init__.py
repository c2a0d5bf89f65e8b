"""Trace LangGraph graphs for blame: real step graphs from real runs.

`trace_langgraph(graph, input)` / `atrace_langgraph(...)` return `(final_output, Trace)`;
the `langgraph` agent type runs a graph from blame.yaml. LangGraph is imported on first use,
so `blame --help` stays fast with this package installed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from blame_langgraph.adapter import LangGraphAdapter
    from blame_langgraph.tracer import LangGraphRunError, atrace_langgraph, trace_langgraph

__all__ = ["LangGraphAdapter", "LangGraphRunError", "atrace_langgraph", "trace_langgraph"]

_HOMES = {
    "LangGraphAdapter": "blame_langgraph.adapter",
    "LangGraphRunError": "blame_langgraph.tracer",
    "atrace_langgraph": "blame_langgraph.tracer",
    "trace_langgraph": "blame_langgraph.tracer",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'blame_langgraph' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(home), name)
