"""Which tools a LangGraph agent was given: the ToolNodes of its subgraph or those its node
routes to, handoff tools aside. blame reads them from agent steps' `tools` metadata: an agent
given other tools than the one a check wants could not have called it."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

HANDOFF_TOOL = re.compile(r"^transfer_(back_)?to_")
"""langgraph-supervisor and langgraph-swarm name their handoff tools like this."""

HANDOFF_DESTINATION = "__handoff_destination"
"""The metadata key langgraph-supervisor's handoff tools carry."""


def hands_off(name: str, tool: Any) -> bool:
    """Whether a tool hands the conversation to another agent rather than doing work: named
    like langgraph-supervisor's and swarm's, or marked with their handoff destination."""
    metadata = getattr(tool, "metadata", None)
    return bool(HANDOFF_TOOL.match(name)) or (
        isinstance(metadata, Mapping) and HANDOFF_DESTINATION in metadata
    )


def destination(name: str, tool: Any) -> str | None:
    """The agent a handoff tool hands the conversation to (None for other tools and for a
    way back, `transfer_back_to_<agent>`): its handoff destination, else the name's end."""
    metadata = getattr(tool, "metadata", None)
    if isinstance(metadata, Mapping) and isinstance(metadata.get(HANDOFF_DESTINATION), str):
        return str(metadata[HANDOFF_DESTINATION])
    if name.startswith("transfer_to_"):
        return name.removeprefix("transfer_to_")
    return None


def tool_nodes(graph: Any, depth: int = 0) -> list[Any]:
    """The ToolNodes of a compiled graph and of its subgraphs (a few levels deep)."""
    found: list[Any] = []
    nodes = getattr(graph, "nodes", None)
    if not isinstance(nodes, Mapping) or depth > 4:
        return found
    for node in nodes.values():
        bound = getattr(node, "bound", None)
        if isinstance(bound, tool_node_class()):
            found.append(bound)
        for inner in getattr(node, "subgraphs", None) or ():
            found.extend(tool_nodes(inner, depth + 1))
    return found


def tool_names(nodes: Sequence[Any]) -> tuple[str, ...]:
    """The names of the tools of these ToolNodes that do work (handoff tools aside), sorted."""
    names = {
        str(name)
        for node in nodes
        for name, tool in (getattr(node, "tools_by_name", None) or {}).items()
        if not hands_off(str(name), tool)
    }
    return tuple(sorted(names))


@cache
def tool_node_class() -> type:
    """LangGraph's prebuilt ToolNode, imported once: a `from` import of a package's attribute
    inside a hot function costs tens of microseconds a call."""
    from langgraph.prebuilt import ToolNode

    return ToolNode


def async_only(graph: Any, depth: int = 0) -> str | None:
    """The first node or tool of a compiled graph (or of its subgraphs) that has only an async
    implementation, as `node NAME` / `tool NAME`; None when every part runs synchronously.

    Such a graph runs only through `astream`/`ainvoke`: run with `stream`, LangGraph raises
    inside that node, and blame would blame a node that does nothing wrong.
    """
    nodes = getattr(graph, "nodes", None)
    if not isinstance(nodes, Mapping) or depth > 4:
        return None
    for name, node in nodes.items():
        bound = getattr(node, "bound", None)
        if getattr(bound, "func", True) is None and getattr(bound, "afunc", None) is not None:
            return f"node {name!r}"
        for tool_name, tool in (getattr(bound, "tools_by_name", None) or {}).items():
            if getattr(tool, "func", True) is None and getattr(tool, "coroutine", None):
                return f"tool {tool_name!r}"
        for inner in getattr(node, "subgraphs", None) or ():
            found = async_only(inner, depth + 1)
            if found is not None:
                return f"{found} (in {name!r})"
    return None
