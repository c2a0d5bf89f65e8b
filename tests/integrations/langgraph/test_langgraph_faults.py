"""Tool faults in a real LangGraph run: a ToolNode's tool raises or returns the faulted payload,
the model reads it, and the step carries the fault; tools no fault names run untouched."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from blame_langgraph.fakes import ScriptedChatModel, tool_agent
from blame_langgraph.faults import install
from blame_langgraph.tracer import atrace_langgraph, trace_langgraph
from langchain_core.messages import AIMessage
from langchain_core.tools import tool

from blame.faults import Fault, faulted, live_trace
from blame.model import StepKind, Trace


@tool
def search(city: str) -> str:
    """Find hotels."""
    return f"0123456789 hotels in {city}"


@tool
def weather(city: str) -> str:
    """The weather."""
    return "sunny"


def _graph() -> Any:
    calls = [{"name": "search", "args": {"city": "Oslo"}, "id": "c1"},
             {"name": "weather", "args": {"city": "Oslo"}, "id": "c2"}]  # fmt: skip
    model = ScriptedChatModel(
        responses=[AIMessage(content="", tool_calls=calls), AIMessage(content="Booked.")]
    )
    return tool_agent("finder", model, [search, weather])


def _tools(trace: Trace) -> list[tuple[str, str, str | None, str | None]]:
    return [
        (s.name, s.output, s.error and s.error[:40], faulted(s))
        for s in trace.steps
        if s.kind is StepKind.TOOL
    ]


@pytest.mark.parametrize(
    ("fault", "search_step"),
    [
        (Fault("search", "truncated", keep=4), ("search", "0123", None, "truncated")),
        (Fault("search", "stale", value="2019: 3"), ("search", "2019: 3", None, "stale")),
        (Fault("search", "empty"), ("search", "", None, "empty")),
    ],
)  # fmt: skip
@pytest.mark.parametrize("use_async", [False, True], ids=["stream", "astream"])
def test_a_data_fault_is_what_the_model_reads(
    fault: Fault, search_step: tuple[str, str, None, str], use_async: bool
) -> None:
    install()

    def run() -> Trace:
        graph = _graph()
        state = {"messages": [("user", "hotels in Oslo")]}
        if use_async:
            return asyncio.run(atrace_langgraph(graph, state))[1]
        return trace_langgraph(graph, state)[1]

    trace = live_trace((fault,), run)
    assert _tools(trace) == [search_step, ("weather", "sunny", None, None)]


def test_a_raising_fault_becomes_the_tool_steps_error() -> None:
    install()
    install()  # once per process, however often asked
    trace = live_trace(
        (Fault("search", "timeout"),), lambda: trace_langgraph(_graph(), {"messages": []})[1]
    )
    (step, other) = _tools(trace)
    assert step[0] == "search" and step[3] == "timeout"
    assert step[2] is not None and "InjectedTimeout" in step[2]
    assert other == ("weather", "sunny", None, None)


def test_without_faults_the_tools_run_as_written() -> None:
    install()
    _, trace = trace_langgraph(_graph(), {"messages": [("user", "hotels in Oslo")]})
    assert _tools(trace) == [
        ("search", "0123456789 hotels in Oslo", None, None),
        ("weather", "sunny", None, None),
    ]
