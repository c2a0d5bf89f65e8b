"""What the tracer asks of a compiled graph: whether a subgraph is one agent or a team, and
whether a node runs code of its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import lg_graphs
import pytest
from blame_langgraph.graphs import NO_GRAPH, Graph

pytestmark = pytest.mark.langgraph


def _subgraph(graph: Any, *names: str) -> Any:
    for name in names:
        graph = Graph(graph).subgraph(name)
    return graph


def _hooked_agent() -> Any:
    """A model node and its ToolNode, with a hook node before the model (like a prebuilt
    agent's pre-model hook)."""
    from langgraph.graph import START, MessagesState, StateGraph
    from langgraph.prebuilt import ToolNode, tools_condition

    def hook(state: MessagesState) -> dict[str, Any]:
        return {}

    def agent(state: MessagesState) -> dict[str, Any]:
        return {}

    graph = StateGraph(MessagesState)
    graph.add_node("hook", hook)
    graph.add_node("agent", agent)
    graph.add_node("tools", ToolNode([lg_graphs.search]))
    graph.add_edge(START, "hook")
    graph.add_edge("hook", "agent")
    graph.add_conditional_edges("agent", tools_condition)
    graph.add_edge("tools", "hook")
    return graph.compile()


def _unmapped() -> Any:
    """A conditional edge whose function has no path map and no return type."""
    from langgraph.graph import START, StateGraph

    def node(state: dict[str, Any]) -> dict[str, Any]:
        return {}

    graph = StateGraph(lg_graphs.FanState)
    graph.add_node("start", node)
    graph.add_node("elsewhere", node)
    graph.add_edge(START, "start")
    graph.add_conditional_edges("start", lambda state: "elsewhere")
    return graph.compile()


@pytest.mark.parametrize(
    ("build", "path", "one"),
    [
        # a model node and its ToolNode
        (lg_graphs.supervisor, ("researcher",), True),
        # one plain node
        (lg_graphs.nested, ("team",), True),
        # a ToolNode of its own beside several nodes: a tool-calling loop with hooks
        (_hooked_agent, (), True),
        # agents handing off by Command, no ToolNode of its own: a team
        (lambda: lg_graphs.swarm(nested=True, by_command=True), ("desk",), False),
        # several nodes, no ToolNode: a team
        (lambda: lg_graphs.team(called=False), ("team",), False),
        (lambda: lg_graphs.team(called=True), ("team",), False),
        (lg_graphs.team_of_agents, ("desk",), False),
        (lg_graphs.parent_exit, ("team",), False),
    ],
    ids=[
        "agent",
        "one-node",
        "hooked-agent",
        "swarm",
        "team",
        "invoked-team",
        "agents",
        "send-team",
    ],
)
def test_one_agent(build: Callable[[], Any], path: tuple[str, ...], one: bool) -> None:
    assert Graph(_subgraph(build(), *path)).one_agent() is one


def test_a_subgraph_not_exposed_counts_as_one_agent() -> None:
    assert NO_GRAPH.one_agent() is True


@pytest.mark.parametrize(
    ("build", "node", "code"),
    [
        (lambda: lg_graphs.team(called=True), "team", True),
        (lambda: lg_graphs.team(called=False), "team", False),
        (lg_graphs.supervisor, "researcher", False),
        (lambda: lg_graphs.supervisor(handback=True), "researcher", True),
        (lg_graphs.supervisor, "missing", False),
    ],
    ids=["invoking-function", "compiled-subgraph", "agent-subgraph", "handback", "no-node"],
)
def test_runs_code(build: Callable[[], Any], node: str, code: bool) -> None:
    assert Graph(build()).runs_code(node) is code


@pytest.mark.parametrize(
    ("build", "source", "target", "branches"),
    [
        # a conditional edge whose function returns Sends, with a path map
        (lg_graphs.map_reduce, "subjects", "joke", True),
        (lg_graphs.map_reduce, "joke", "summarize", False),
        # Sends a node returns by Command: no conditional edge
        (lg_graphs.command_fanout, "planner", "analyst", False),
        # a conditional edge's declared ends (tools_condition's return type)
        (_hooked_agent, "agent", "tools", True),
        (_hooked_agent, "agent", "hook", False),
        # a function without a path map or a return type may route anywhere
        (_unmapped, "start", "elsewhere", True),
    ],
    ids=["send-edge", "static-edge", "command-send", "declared", "undeclared", "no-path-map"],
)
def test_branches_to(build: Callable[[], Any], source: str, target: str, branches: bool) -> None:
    assert Graph(build()).branches_to(source, target) is branches
