"""Tools a node calls in its own code (`tool.invoke(...)` in the node function, no ToolNode) are
tool steps of the node's agent, in real LangGraph runs: before the node's step and feeding it,
with their arguments and result or error, so checks on tools see them and blame them."""

from __future__ import annotations

import asyncio
import operator
import sys
from typing import Annotated, Any, TypedDict

import pytest
from blame_langgraph import tracer as tracer_module
from blame_langgraph.fakes import ScriptedChatModel, tool_agent
from blame_langgraph.faults import install
from blame_langgraph.tracer import LangGraphRunError, atrace_langgraph, trace_langgraph
from langchain_core.messages import AIMessage, ToolMessage
from langchain_core.tools import tool
from langgraph.graph import END, START, MessagesState, StateGraph

from blame.faults import Fault, live_trace
from blame.model import StepKind, Trace
from blame.testing import make_check, run_checks

pytestmark = pytest.mark.langgraph


@pytest.fixture(autouse=True, params=["hook", "fallback"])
def route(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test runs through the stream hook and through the public-stream fallback."""
    if request.param == "fallback":
        monkeypatch.setattr(tracer_module, "_stream_hook", lambda tracer, configurable: None)
    return str(request.param)


class State(TypedDict, total=False):
    city: str
    notes: Annotated[list[str], operator.add]
    report: str


@tool
def get_rate(currency: str) -> str:
    """Exchange rate to USD."""
    raise ConnectionError("rates service timed out")


@tool
def weather_api(city: str) -> str:
    """Current weather."""
    return "ERROR: quota exceeded"


@tool
def forecast(city: str) -> str:
    """Tomorrow's weather, from the current weather."""
    return f"tomorrow like today: {weather_api.invoke({'city': city})}"


def _one_node(node: Any) -> Any:
    graph = StateGraph(State)
    graph.add_node("reporter", node)
    graph.add_edge(START, "reporter")
    graph.add_edge("reporter", END)
    return graph.compile()


def _ignores_the_failure(state: State) -> State:
    try:
        rate = get_rate.invoke({"currency": "EUR"})
    except ConnectionError:
        rate = "unknown"
    return {"report": f"1 EUR is 1.08 USD (rate {rate})"}


def _passes_the_text_on(state: State) -> State:
    return {"report": f"Weather for {state['city']}: {weather_api.invoke({'city': state['city']})}"}


def _shape(trace: Trace) -> list[tuple[str, str, str, tuple[str, ...], bool]]:
    names = {s.id: s.name for s in trace.steps}
    return [
        (s.kind.value, s.name, s.agent, tuple(names[p] for p in s.parents), s.failed)
        for s in trace.steps
    ]


def _run(graph: Any, *, use_async: bool = False) -> Trace:
    state = {"city": "Oslo"}
    if use_async:
        return asyncio.run(atrace_langgraph(graph, state, output_key="report"))[1]
    return trace_langgraph(graph, state, output_key="report")[1]


BEFORE_311 = pytest.mark.skipif(
    sys.version_info < (3, 11),
    reason="before Python 3.11 LangChain cannot hand an async run's config to the tools a node "
    "calls without passing it (asyncio tasks take no context), so the call names no task",
)


@pytest.mark.parametrize(
    "use_async", [False, pytest.param(True, marks=BEFORE_311)], ids=["stream", "astream"]
)
def test_a_failed_call_in_a_node_is_a_failed_tool_step_that_feeds_the_node(
    use_async: bool,
) -> None:
    trace = _run(_one_node(_ignores_the_failure), use_async=use_async)
    assert _shape(trace) == [
        ("tool", "get_rate", "reporter", (), True),
        ("agent", "reporter", "reporter", ("get_rate",), False),
    ]
    tool_step, node_step = trace.steps
    assert tool_step.input == '{"currency": "EUR"}'
    assert tool_step.error == "ConnectionError: rates service timed out"
    assert node_step.input.endswith(
        "tool get_rate failed: ConnectionError: rates service timed out"
    )


@pytest.mark.parametrize(
    ("node", "check", "passed", "culprit", "patched"),
    [
        (_ignores_the_failure, ("tool_called", {"tool": "get_rate"}), True, None, None),
        (_ignores_the_failure, ("tool_succeeded", {"tool": "get_rate"}), False,
         ("tool", "get_rate", 0), "reporter"),
        (_passes_the_text_on, ("not_contains", {"value": "ERROR"}), False,
         ("tool", "weather_api", 0), "reporter"),
    ],
)  # fmt: skip
def test_checks_on_tools_see_and_blame_a_nodes_own_calls(
    node: Any,
    check: tuple[str, dict[str, Any]],
    passed: bool,
    culprit: tuple[str, str, int] | None,
    patched: str | None,
) -> None:
    result = run_checks((make_check(check[0], **check[1]),), _run(_one_node(node)))
    (outcome,) = result.checks
    assert outcome.passed is passed
    if culprit is not None:
        top = outcome.blame[0]
        assert (top.kind, top.name, top.step_index) == culprit
        assert [p.target for p in result.patches] == [patched]


def test_a_value_the_node_got_from_its_tool_and_dropped_blames_the_node() -> None:
    @tool
    def stock_price(ticker: str) -> str:
        """Latest price."""
        return f"{ticker} closed at 187.44 USD"

    def node(state: State) -> State:
        stock_price.invoke({"ticker": "AAPL"})
        return {"report": "AAPL is trading around its recent levels."}

    result = run_checks((make_check("contains", value="187.44"),), _run(_one_node(node)))
    top = result.checks[0].blame[0]
    assert (top.name, top.step_index) == ("reporter", 1)
    assert "from step 0 (tool stock_price, called by reporter)" in top.reason


def test_a_tool_called_by_a_tool_is_part_of_the_outer_call() -> None:
    def node(state: State) -> State:
        return {"report": forecast.invoke({"city": "Oslo"})}

    assert [s.name for s in _run(_one_node(node)).steps] == ["forecast", "reporter"]


def test_calls_that_run_at_once_are_in_one_order_every_run() -> None:
    def node(state: State) -> State:
        found = weather_api.batch([{"city": c} for c in ("Rome", "Oslo", "Bergen", "Lima")])
        return {"report": " / ".join(found)}

    runs = {tuple(s.input for s in _run(_one_node(node)).steps[:4]) for _ in range(5)}
    assert len(runs) == 1


@pytest.mark.parametrize("first", ["Rome", "Oslo"])
def test_a_batchs_calls_are_in_one_order_whichever_thread_ran_first(first: str) -> None:
    """A batch's threads may run its calls one after another, in either order: the calls do
    not overlap in time, yet they ran at once; they come in one order (name, arguments)."""
    from blame_langgraph.calls import OwnCall, _in_order

    second = "Oslo" if first == "Rome" else "Rome"
    before = OwnCall("plan", {}, call_id=None, start=0.0, end=1.0)
    calls = [
        OwnCall("weather_api", {"city": first}, call_id=None, start=2.0, end=3.0, batch=7),
        OwnCall("weather_api", {"city": second}, call_id=None, start=4.0, end=5.0, batch=7),
        OwnCall("report", {}, call_id=None, start=6.0, end=7.0),
    ]
    ordered = _in_order([calls[2], calls[0], before, calls[1]])
    assert [(c.name, c.args) for c in ordered] == [
        ("plan", {}),
        ("weather_api", {"city": "Oslo"}),
        ("weather_api", {"city": "Rome"}),
        ("report", {}),
    ]


def test_a_tool_nodes_calls_and_a_call_answered_in_the_state_are_recorded_once() -> None:
    call = {"name": "weather_api", "args": {"city": "Oslo"}, "id": "c1", "type": "tool_call"}
    model = ScriptedChatModel(
        responses=[AIMessage(content="", tool_calls=[call]), AIMessage(content="Cloudy.")]
    )

    def asks(state: dict[str, Any]) -> dict[str, Any]:
        return {"messages": [weather_api.invoke(call)]}  # a ToolMessage, written to the state

    graph = StateGraph(dict)
    graph.add_node("agent", tool_agent("agent", model, [weather_api]))
    graph.add_node("asks", asks)
    graph.add_edge(START, "agent")
    graph.add_edge("agent", "asks")
    graph.add_edge("asks", END)
    trace = trace_langgraph(graph.compile(), {"messages": [("user", "weather?")]})[1]
    tools = [s.name for s in trace.steps if s.kind is StepKind.TOOL]
    assert tools == ["weather_api", "weather_api"]
    assert isinstance(weather_api.invoke(call), ToolMessage)


def test_a_node_that_raises_after_its_call_keeps_the_call_as_a_step() -> None:
    def node(state: State) -> State:
        weather_api.invoke({"city": "Oslo"})
        raise ValueError("could not parse the weather")

    with pytest.raises(LangGraphRunError) as raised:
        _run(_one_node(node))
    assert _shape(raised.value.trace) == [
        ("tool", "weather_api", "reporter", (), False),
        ("agent", "reporter", "reporter", ("weather_api",), True),
    ]


def test_a_fault_on_a_nodes_own_call_is_recorded_as_that_calls_step() -> None:
    install()
    trace = live_trace(
        (Fault("weather_api", "error", message="service down (503)"),),
        lambda: _run(_one_node(_passes_the_text_on_or_not)),
    )
    assert _shape(trace)[0] == ("tool", "weather_api", "reporter", (), True)


def _passes_the_text_on_or_not(state: State) -> State:
    try:
        return _passes_the_text_on(state)
    except Exception:
        return {"report": "no weather today"}


def test_a_tool_node_of_ones_own_that_writes_tool_messages_records_each_call_once() -> None:
    call = {"name": "weather_api", "args": {"city": "Oslo"}, "id": "c1"}
    model = ScriptedChatModel(
        responses=[AIMessage(content="", tool_calls=[call]), AIMessage(content="Cloudy.")]
    )

    def chatbot(state: dict[str, Any]) -> dict[str, Any]:
        return {"messages": [model.invoke(state["messages"])]}

    def my_tools(state: dict[str, Any]) -> dict[str, Any]:  # the tutorial's BasicToolNode
        asked = state["messages"][-1].tool_calls
        return {
            "messages": [
                ToolMessage(weather_api.invoke(c["args"]), name=c["name"], tool_call_id=c["id"])
                for c in asked
            ]
        }

    graph = StateGraph(MessagesState)
    graph.add_node("chatbot", chatbot)
    graph.add_node("tools", my_tools)
    graph.add_edge(START, "chatbot")
    graph.add_conditional_edges(
        "chatbot", lambda s: "tools" if s["messages"][-1].tool_calls else END
    )
    graph.add_edge("tools", "chatbot")
    trace = trace_langgraph(graph.compile(), {"messages": [("user", "weather?")]})[1]
    assert [(s.kind.value, s.name) for s in trace.steps] == [
        ("agent", "chatbot"),
        ("tool", "weather_api"),
        ("agent", "chatbot"),
    ]


def test_a_node_resumed_after_interrupt_has_the_calls_of_its_own_run() -> None:
    """Each run of the node (before the pause, after the resume) is fed by its own call: the
    resumed step's answer came from the tool, not from nowhere."""
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.types import interrupt

    @tool
    def lookup(city: str) -> str:
        """Look up a city's population."""
        return f"{city}: 2,100,000 people"

    class Asked(TypedDict, total=False):
        q: str
        a: str

    def ask(state: Asked) -> Asked:
        got = lookup.invoke({"city": state["q"]})
        ok = interrupt("confirm?")
        return {"a": f"{got} ({ok})"}

    graph = StateGraph(Asked)
    graph.add_node("ask", ask)
    graph.add_edge(START, "ask")
    graph.add_edge("ask", END)
    compiled = graph.compile(checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "1"}}
    _, trace = trace_langgraph(compiled, {"q": "Paris"}, config, test_name="t", resume=["yes"])
    ids = {step.id: step for step in trace.steps}
    runs = [s for s in trace.steps if s.name == "ask"]
    assert len(runs) == 2
    for run in runs:
        fed = [ids[p] for p in run.parents if ids[p].kind is StepKind.TOOL]
        assert [t.name for t in fed] == ["lookup"]
        assert run.input.count("tool lookup: Paris: 2,100,000 people") == 1
