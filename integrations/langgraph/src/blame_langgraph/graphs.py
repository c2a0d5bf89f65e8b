"""What the tracer asks of a compiled LangGraph graph: its nodes, edges, tools and shape.

A graph's structure is fixed and its subgraphs run again and again (each tool-calling turn),
so every answer is computed once per graph.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from blame_langgraph.toolsets import destination, tool_names, tool_node_class, tool_nodes

_T = TypeVar("_T")


class Graph:
    """What the tracer asks of one compiled graph, each answer computed once: a graph's
    structure is fixed, and subgraphs run again and again (each tool-calling turn)."""

    __slots__ = ("_answers", "_nodes", "graph")

    def __init__(self, graph: Any) -> None:
        self.graph = graph
        nodes = getattr(graph, "nodes", None)
        self._nodes: Mapping[str, Any] = nodes if isinstance(nodes, Mapping) else {}
        self._answers: dict[tuple[str, ...], Any] = {}

    def subgraph(self, name: str) -> Any:
        """The compiled subgraph run by node `name`, if LangGraph found one."""
        subgraphs = getattr(self._nodes.get(name), "subgraphs", None)
        return subgraphs[0] if subgraphs else None

    def reads(self, name: str) -> tuple[str, ...]:
        """The state channels node `name` reads."""
        return self._memo(
            ("reads", name), lambda: _channels(getattr(self._nodes.get(name), "channels", None))
        )

    def managed(self) -> frozenset[str]:
        """The state keys holding managed values (`RemainingSteps`): LangGraph fills them in
        for each node; no node wrote them."""

        def compute() -> frozenset[str]:
            managed = getattr(getattr(self.graph, "builder", None), "managed", None)
            return frozenset(map(str, managed)) if isinstance(managed, Mapping) else frozenset()

        return self._memo(("managed",), compute)

    def deferred(self, name: str) -> bool:
        """Whether node `name` was added with `defer=True` (runs when nothing else is left)."""

        def compute() -> bool:
            spec = getattr(getattr(self.graph, "builder", None), "nodes", {}).get(name)
            return getattr(spec, "defer", False) is True

        return self._memo(("defer", name), compute)

    def is_called(self, name: str) -> bool:
        """Whether a task named `name` is a functional-API `@task` called by a running task:
        not a node of a graph whose nodes are known (a `Send` always goes to a node)."""
        return bool(self._nodes) and name not in self._nodes

    def one_agent(self) -> bool:
        """Whether this graph, run as a subgraph, is one agent rather than a team: at most one
        node that is not a ToolNode (a model node and its tools), or a ToolNode of its own (a
        tool-calling loop with hooks around its model, like a prebuilt agent). A subgraph
        LangGraph did not expose counts as one agent: its structure is not known."""

        def compute() -> bool:
            names = [n for n in self._nodes if not n.startswith("__")]
            working = [n for n in names if not self.runs_tools(n)]
            return len(working) <= 1 or len(working) < len(names)

        return self._memo(("one agent",), compute)

    def runs_code(self, name: str) -> bool:
        """Whether node `name` runs a function of its own (not a compiled graph as the node)."""

        def compute() -> bool:
            bound = getattr(self._nodes.get(name), "bound", None)
            return bound is not None and not isinstance(getattr(bound, "nodes", None), Mapping)

        return self._memo(("code", name), compute)

    def runs_tools(self, name: str) -> bool:
        """Whether node `name` is a prebuilt ToolNode."""
        return self._memo(
            ("tools", name),
            lambda: isinstance(getattr(self._nodes.get(name), "bound", None), tool_node_class()),
        )

    def tools(self, name: str) -> tuple[str, ...] | None:
        """The tools node `name` works with, handoff tools aside, sorted: those of the
        ToolNodes in its subgraph (at any depth), else of the ToolNodes of this graph it
        routes to; None when it has neither (a plain node, which may call tools itself)."""

        def compute() -> tuple[str, ...] | None:
            subgraph = self.subgraph(name)
            nodes = (
                tool_nodes(subgraph)
                if subgraph is not None
                else [
                    self._nodes[n].bound
                    for n in self._nodes
                    if self.runs_tools(n) and n != name and self.can_route(name, n)
                ]
            )
            return tool_names(nodes) if nodes else None

        return self._memo(("tools of", name), compute)

    def candidates(self, name: str) -> dict[str, list[str]] | None:
        """The agents node `name` can hand the work to and their tools, for a router with a
        choice (two or more): the destinations of its handoff tools (langgraph-supervisor's
        `transfer_to_<agent>`) that are nodes of this graph with known tools. blame judges a
        routing decision by them: choosing an agent without a tool over one given it."""

        def compute() -> dict[str, list[str]] | None:
            subgraph = self.subgraph(name)
            nodes = tool_nodes(subgraph) if subgraph is not None else []
            found: dict[str, list[str]] = {}
            for node in nodes:
                for tool_name, tool in (getattr(node, "tools_by_name", None) or {}).items():
                    target = destination(str(tool_name), tool)
                    if target is None or target == name or target not in self._nodes:
                        continue
                    tools = self.tools(target)
                    if tools is not None:  # an agent that declares nothing may have any tool
                        found[target] = list(tools)
            return dict(sorted(found.items())) if len(found) > 1 else None

        return self._memo(("candidates", name), compute)

    def routers(self, target: str) -> tuple[str, ...]:
        """The nodes (tool nodes aside) the graph declares a way from to node `target`."""
        return self._memo(
            ("routers", target),
            lambda: tuple(
                name
                for name in self._nodes
                if name != target
                and not name.startswith("__")
                and not self.runs_tools(name)
                and self.can_route(name, target)
            ),
        )

    def can_route(self, source: str, target: str, *, send: bool = False) -> bool:
        """Whether the graph declares a way from `source` to `target` (edge, branch, Command)."""
        return self._memo(
            ("send" if send else "route", source, target),
            lambda: self._declares(source, target, send=send),
        )

    def _memo(self, key: tuple[str, ...], compute: Callable[[], _T]) -> _T:
        """The answer under `key`, computed the first time it is asked for."""
        if key not in self._answers:
            self._answers[key] = compute()
        answer: _T = self._answers[key]
        return answer

    def edge(self, source: str, target: str) -> bool:
        """Whether the graph has a static edge from node `source` to node `target`."""
        builder = getattr(self.graph, "builder", None)
        return (source, target) in getattr(builder, "edges", ())

    def branches_to(self, source: str, target: str) -> bool:
        """Whether a conditional edge of node `source` may route to `target` (one without a
        path map may route anywhere): a `Send` to `target` may be its function's, not the
        node's own `Command`."""
        key = ("branch", source, target)
        found: bool | None = self._answers.get(key)
        if found is None:
            branches = getattr(getattr(self.graph, "builder", None), "branches", {})
            found = self._answers[key] = any(
                (ends := getattr(branch, "ends", None)) is None or target in ends.values()
                for branch in branches.get(source, {}).values()
            )
        return found

    def _declares(self, source: str, target: str, *, send: bool) -> bool:
        builder = getattr(self.graph, "builder", None)
        if builder is None:
            return False
        if not send and (source, target) in getattr(builder, "edges", ()):
            return True
        for branch in getattr(builder, "branches", {}).get(source, {}).values():
            ends = getattr(branch, "ends", None)
            if ends is None or target in ends.values():
                return True
        spec = getattr(builder, "nodes", {}).get(source)
        ends = getattr(spec, "ends", None) or ()
        return target in (ends.values() if isinstance(ends, Mapping) else ends)


def _channels(channels: Any) -> tuple[str, ...]:
    """A node's `channels` (one name, a mapping of them or a list) as a tuple of names."""
    if isinstance(channels, str):
        return (channels,)
    if isinstance(channels, Mapping):
        return tuple(str(c) for c in channels.values())
    if isinstance(channels, Sequence):
        return tuple(str(c) for c in channels)
    return ()


NO_GRAPH = Graph(None)
"""A subgraph LangGraph did not expose: no structure to ask about."""
