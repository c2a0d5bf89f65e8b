"""Which tools a LangGraph agent was given: handoff tools told apart, ToolNodes found."""

from __future__ import annotations

from typing import Any

import lg_graphs
import pytest
from blame_langgraph.toolsets import async_only, destination, hands_off, tool_names, tool_nodes
from langgraph.prebuilt import ToolNode

pytestmark = pytest.mark.langgraph


class _Tool:
    def __init__(self, metadata: Any) -> None:
        self.metadata = metadata


@pytest.mark.parametrize(
    ("name", "metadata", "expected"),
    [
        ("transfer_to_booker", None, True),
        ("transfer_back_to_supervisor", None, True),
        ("delegate", {"__handoff_destination": "booker"}, True),
        ("search", None, False),
        ("search", {"owner": "me"}, False),
        ("transfer_money", None, False),
    ],
)
def test_hands_off(name: str, metadata: Any, expected: bool) -> None:
    assert hands_off(name, _Tool(metadata)) is expected


@pytest.mark.parametrize(
    ("name", "metadata", "expected"),
    [
        ("transfer_to_booker", None, "booker"),
        ("delegate", {"__handoff_destination": "booker"}, "booker"),
        # the marked destination wins over the name
        ("transfer_to_desk", {"__handoff_destination": "booker"}, "booker"),
        # a way back to the router is no choice of a worker
        ("transfer_back_to_supervisor", None, None),
        ("search", None, None),
        ("delegate", {"__handoff_destination": 3}, None),
    ],
)
def test_the_destination_of_a_handoff_tool(name: str, metadata: Any, expected: str | None) -> None:
    assert destination(name, _Tool(metadata)) == expected


def test_the_tools_of_a_subgraphs_tool_nodes_without_handoffs() -> None:
    agent = lg_graphs.agent_graph(
        "desk", [], [lg_graphs.search, lg_graphs.book, lg_graphs.handoff("booker")]
    )
    nodes = tool_nodes(agent)
    assert [type(n) for n in nodes] == [ToolNode]
    assert tool_names(nodes) == ("book", "search")
    assert tool_nodes(object()) == []


@pytest.mark.parametrize(
    ("where", "found"),
    [
        ("node", "node 'agent'"),
        ("tool", "tool 'reserve'"),
        ("subgraph", "node 'agent' (in 'desk')"),
    ],
)
def test_async_only_names_the_first_part_without_a_sync_implementation(
    where: Any, found: str
) -> None:
    assert async_only(lg_graphs.async_only(where=where)) == found


def test_a_graph_that_runs_synchronously_is_not_async_only() -> None:
    assert async_only(lg_graphs.supervisor()) is None
    assert async_only(object()) is None
