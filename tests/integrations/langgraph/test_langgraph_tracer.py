"""blame_langgraph.tracer on real LangGraph graphs: step graphs from the graphs' real triggers."""

from __future__ import annotations

import asyncio
import json
import re
import sys
import threading
import time
import uuid
from typing import Any, TypedDict

import lg_graphs
import pytest
from blame_langgraph import tracer as tracer_module
from blame_langgraph.fakes import ScriptedChatModel, tool_agent
from blame_langgraph.tracer import LangGraphRunError, atrace_langgraph, trace_langgraph
from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.runnables import RunnableConfig
from langgraph.graph import START, StateGraph

from blame.config import parse_checks
from blame.errors import AgentError
from blame.graph import StepGraph
from blame.model import EDGE_INPUT, StepKind, Trace
from blame.runner import evaluate_trace

pytestmark = pytest.mark.langgraph

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|lc_run--|run-")
USER = {"messages": [("user", "What is the capital of France? Book a room there.")]}


@pytest.fixture(autouse=True, params=["hook", "fallback"])
def route(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test runs through the stream hook and through the public-stream fallback."""
    if request.param == "fallback":
        monkeypatch.setattr(tracer_module, "_stream_hook", lambda tracer, configurable: None)
    return str(request.param)


def shape(trace: Trace) -> list[tuple[str, str, str, tuple[str, ...]]]:
    """(kind, name, agent, parent names) of every step."""
    names = {s.id: s.name for s in trace.steps}
    return [
        (s.kind.value, s.name, s.agent, tuple(names[p] for p in s.parents)) for s in trace.steps
    ]


def comparable(trace: Trace) -> dict[str, Any]:
    """The trace's JSON form without wall-clock latencies."""
    data = trace.to_dict()
    for step in data["steps"]:
        step["latency_ms"] = None
    return data


SUPERVISOR_SHAPE = [
    ("agent", "supervisor/agent", "supervisor", ()),
    ("tool", "transfer_to_researcher", "supervisor", ("supervisor/agent",)),
    ("agent", "researcher/agent", "researcher", ("supervisor/agent",)),
    ("tool", "search", "researcher", ("researcher/agent",)),
    ("agent", "researcher/agent", "researcher", ("search",)),
    ("agent", "supervisor/agent", "supervisor", ("researcher/agent",)),
    ("tool", "transfer_to_booker", "supervisor", ("supervisor/agent",)),
    ("agent", "booker/agent", "booker", ("supervisor/agent",)),
    ("tool", "book", "booker", ("booker/agent",)),
    ("agent", "booker/agent", "booker", ("book",)),
    ("agent", "supervisor/agent", "supervisor", ("booker/agent",)),
]


def test_supervisor_steps_handoffs_and_tools() -> None:
    final, trace = trace_langgraph(lg_graphs.supervisor(), USER, test_name="sup")
    assert final == "The capital is Paris; no rooms were available."
    assert trace.final_output == final
    assert trace.test_name == "sup"
    assert trace.input == "user: What is the capital of France? Book a room there."
    assert shape(trace) == SUPERVISOR_SHAPE
    handoffs = [(h.sender, h.receiver, h.name) for h in StepGraph(trace).handoffs]
    assert handoffs == [
        (0, 2, "supervisor -> researcher"),
        (4, 5, "researcher -> supervisor"),
        (5, 7, "supervisor -> booker"),
        (9, 10, "booker -> supervisor"),
    ]


def test_tool_steps_carry_name_args_output_and_the_calling_agent() -> None:
    _, trace = trace_langgraph(lg_graphs.supervisor(), USER)
    search = trace.steps[3]
    assert (search.kind, search.name, search.agent) == (StepKind.TOOL, "search", "researcher")
    assert json.loads(search.input) == {"query": "capital of France"}
    assert search.output == "results for capital of France: the capital is Paris"
    assert search.error is None
    assert search.metadata == {"node": "tools", "superstep": 2, "namespace": "researcher"}
    caller = trace.steps[2]
    assert caller.output == '-> search {"query": "capital of France"}'
    assert search.parents == (caller.id,)


def _debug_tasks(graph: Any, state: dict[str, Any], config: RunnableConfig) -> set[Any]:
    """(namespace, node, superstep) of every task that ended, as LangGraph's debug mode dates it."""
    found = set()
    stream = graph.stream(state, config, stream_mode=["debug"], subgraphs=True)
    for namespace, _, event in stream:
        if event["type"] == "task_result":
            where = "/".join(part.partition(":")[0] for part in namespace)
            found.add((where, event["payload"]["name"], event["step"]))
    return found


@pytest.mark.parametrize(
    ("build", "state"),
    [
        (lg_graphs.supervisor, USER),
        (lg_graphs.fanout, {"topic": "t"}),
        (lg_graphs.routing, {"question": "2+2"}),
        (lg_graphs.nested, {"messages": [("user", "hi")]}),
    ],
    ids=["supervisor", "fanout", "routing", "nested"],
)
@pytest.mark.parametrize("checkpointer", [False, True], ids=["plain", "checkpointer"])
def test_superstep_numbers_match_langgraph_debug_mode(
    build: Any, state: dict[str, Any], checkpointer: bool
) -> None:
    """The tracer counts supersteps from the "tasks" stream; LangGraph's debug mode numbers
    them itself. On a fresh thread every step's `superstep` is the number LangGraph gives it."""
    from langgraph.checkpoint.memory import InMemorySaver

    def fresh() -> Any:
        graph = build()
        if checkpointer:
            graph.checkpointer = InMemorySaver()
        return graph

    def config() -> RunnableConfig:
        return {"configurable": {"thread_id": str(uuid.uuid4())}} if checkpointer else {}

    expected = _debug_tasks(fresh(), state, config())
    _, trace = trace_langgraph(fresh(), state, config())
    seen = {
        (s.metadata.get("namespace", ""), s.metadata["node"], s.metadata["superstep"])
        for s in trace.steps
    }
    assert seen and seen <= expected


def test_a_resumed_run_counts_its_supersteps_from_one() -> None:
    """An interrupted run resumed on its thread is a new run: its steps count from 1."""
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.types import Command, interrupt

    def ask(state: _Box) -> dict[str, Any]:
        return {"value": f"asked {interrupt('which city?')}"}

    graph = StateGraph(_Box)
    graph.add_node("prepare", lambda state: {"value": "ready"})
    graph.add_node("ask", ask)
    graph.add_edge(START, "prepare")
    graph.add_edge("prepare", "ask")
    compiled = graph.compile(checkpointer=InMemorySaver())
    config: RunnableConfig = {"configurable": {"thread_id": "resumed"}}
    _, first = trace_langgraph(compiled, {"value": "x"}, config)
    assert [(s.name, s.metadata["superstep"]) for s in first.steps] == [
        ("prepare", 1),
        ("ask", 2),
    ]
    _, resumed = trace_langgraph(compiled, Command(resume="Lisbon"), config)
    assert [(s.name, s.metadata["superstep"], s.output) for s in resumed.steps] == [
        ("ask", 1, "value: asked Lisbon")
    ]


def test_a_finished_run_leaves_nothing_for_the_garbage_collector() -> None:
    """Everything the tracer kept (events, tasks, the state they hold) is freed as soon as the
    trace is returned: a reference cycle would keep a run's state alive until a collection,
    and make the collections after it slow. That includes the cycles LangGraph and LangChain
    leave holding the run's config (the hook and the usage handler), and the traceback of a
    run that raised."""
    import gc

    def alive() -> int:
        module = tracer_module
        kinds = (module._Tracer, module._Event, module._Task, module._Scope)
        return sum(isinstance(o, kinds) for o in gc.get_objects())

    gc.collect()
    gc.disable()
    try:
        before = alive()
        trace_langgraph(lg_graphs.supervisor(), USER)
        trace_langgraph(lg_graphs.fanout(), {"topic": "t"})
        with pytest.raises(LangGraphRunError):
            trace_langgraph(lg_graphs.routing(), {"question": "2+2", "fail": True})
        assert alive() == before
    finally:
        gc.enable()


def test_tool_error_message_is_a_failed_tool_step() -> None:
    _, trace = trace_langgraph(lg_graphs.supervisor(handle_errors=True), USER)
    failed = [s for s in trace.steps if s.failed]
    assert [(s.kind, s.name, s.agent) for s in failed] == [(StepKind.TOOL, "book", "booker")]
    assert "no rooms in Paris" in (failed[0].error or "")
    assert json.loads(failed[0].input) == {"city": "Paris"}


def test_exception_mid_run_keeps_the_partial_trace_with_the_failing_tool() -> None:
    with pytest.raises(LangGraphRunError) as raised:
        trace_langgraph(lg_graphs.supervisor(handle_errors=False), USER)
    trace = raised.value.trace
    assert shape(trace) == SUPERVISOR_SHAPE[:9]
    last = trace.steps[-1]
    assert (last.kind, last.name, last.agent) == (StepKind.TOOL, "book", "booker")
    assert last.error == "ValueError: no rooms in Paris"
    assert [s.index for s in trace.steps if s.failed] == [8]
    assert trace.metadata == {"framework": "langgraph", "error": "ValueError: no rooms in Paris"}
    assert raised.value.format() == (
        "test 'run': the graph raised ValueError: no rooms in Paris in tool 'book' of "
        "node 'booker' (step 8)"
    )
    assert isinstance(raised.value.__cause__, ValueError)


@pytest.mark.parametrize(
    ("calls", "failed"),
    [
        # one call running: the tool that raised is known
        (1, ("tool", "book", "agent")),
        # two calls running: either may have raised, so the tool node fails, as the caller's
        (2, ("agent", "tools", "agent")),
    ],
)
def test_failing_tool_node_at_the_top_level(calls: int, failed: tuple[str, str, str]) -> None:
    with pytest.raises(LangGraphRunError) as raised:
        trace_langgraph(lg_graphs.flat_agent(calls=calls), {"messages": [("user", "go")]})
    trace = raised.value.trace
    assert shape(trace) == [("agent", "agent", "agent", ()), (*failed, ("agent",))]
    assert (trace.steps[-1].error or "").startswith("ValueError: no rooms in")


def test_exception_in_a_plain_node_is_an_error_step_named_by_node() -> None:
    with pytest.raises(LangGraphRunError) as raised:
        trace_langgraph(lg_graphs.routing(), {"question": "2+2", "fail": True})
    trace = raised.value.trace
    assert shape(trace) == [
        ("agent", "classify", "classify", ()),
        ("agent", "math", "math", ("classify",)),
        # check is triggered by math's Command and also reads `route`, written by classify
        ("agent", "check", "check", ("classify", "math")),
    ]
    assert trace.steps[2].error == "RuntimeError: checker crashed on 4"
    assert raised.value.final_output == "answer: 4\nfail: true\nquestion: 2+2\nroute: math"


def test_error_outside_any_node_is_recorded_on_the_last_agent() -> None:
    with pytest.raises(LangGraphRunError) as raised:
        trace_langgraph(lg_graphs.looping(), {"messages": [("user", "go")]}, {"recursion_limit": 3})
    trace = raised.value.trace
    assert [s.name for s in trace.steps] == ["spin", "spin", "spin", "spin"]
    last = trace.steps[-1]
    assert last.error is not None and last.error.startswith("GraphRecursionError")
    assert last.metadata == {"run_error": True}
    assert last.stopped_run
    assert last.parents == (trace.steps[-2].id,)
    assert raised.value.message.endswith(" after node 'spin'")


def test_error_before_any_node_ran_is_an_agent_error_without_a_trace() -> None:
    with pytest.raises(AgentError) as raised:
        trace_langgraph(lg_graphs.looping(), {"messages": 5})
    assert not isinstance(raised.value, LangGraphRunError)
    assert "before any node ran" in raised.value.message
    assert raised.value.field == "agent.entrypoint"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "2+2",
            [("classify", ()), ("math", ("classify",)), ("check", ("classify", "math"))],
        ),
        ("hi", [("classify", ()), ("chat", ("classify",))]),
    ],
)
def test_conditional_edges_and_command_goto(
    question: str, expected: list[tuple[str, tuple[str, ...]]]
) -> None:
    _, trace = trace_langgraph(lg_graphs.routing(), {"question": question})
    assert [(name, parents) for _, name, _, parents in shape(trace)] == expected


def test_send_fan_out_and_the_fan_in_after_it() -> None:
    final, trace = trace_langgraph(lg_graphs.fanout(), {"topic": "t"}, output_key="summary")
    assert final == "ALPHA, BETA, GAMMA, side."
    steps = trace.steps
    assert [s.name for s in steps] == ["plan", "work", "work", "work", "side", "join", "final"]
    plan = steps[0].id
    branches = [s for s in steps if s.name == "work"]
    assert [s.parents for s in branches] == [(plan,)] * 3
    assert all(s.metadata.get("send") is True for s in branches)
    assert sorted(s.input for s in branches) == ["topic: alpha", "topic: beta", "topic: gamma"]
    join = steps[5]
    # join waits for every branch and the side node; it also reads `summary`, written by plan
    assert join.parents == (plan, *(s.id for s in branches), steps[4].id)
    assert steps[6].parents[-1] == join.id


def test_parallel_branches_are_recorded_in_announced_order_not_finishing_order() -> None:
    _, trace = trace_langgraph(lg_graphs.fanout(reverse_finish=True), {"topic": "t"})
    branches = [s.input for s in trace.steps if s.name == "work"]
    assert branches == ["topic: alpha", "topic: beta", "topic: gamma"]
    fast = comparable(trace_langgraph(lg_graphs.fanout(), {"topic": "t"})[1])
    assert comparable(trace) == fast


def test_nested_subgraph_namespaces() -> None:
    final, trace = trace_langgraph(lg_graphs.nested(), {"messages": [("user", "hi")]})
    assert final == "written by the innermost node"
    assert shape(trace) == [
        ("agent", "intake", "intake", ()),
        ("agent", "team/clerk/write", "team", ("intake",)),
    ]
    assert trace.steps[1].metadata["namespace"] == "team/clerk"


def test_transfer_back_messages_are_handoffs_back_to_the_supervisor() -> None:
    _, trace = trace_langgraph(lg_graphs.supervisor(handback=True), USER)
    names = [s.name for s in trace.steps]
    back = names.index("transfer_back_to_supervisor")
    tool = trace.steps[back]
    assert (tool.kind, tool.agent) == (StepKind.TOOL, "researcher")
    wrapper = trace.steps[back - 1]
    assert (wrapper.name, wrapper.agent) == ("researcher", "researcher")
    assert "-> transfer_back_to_supervisor {}" in wrapper.output
    receiver = trace.steps[back + 1]
    assert (receiver.name, receiver.parents) == ("supervisor/agent", (wrapper.id,))
    assert "researcher -> supervisor" in [h.name for h in StepGraph(trace).handoffs]


def test_what_a_node_sends_by_command_is_in_its_output() -> None:
    """A node returning `Command(goto=[Send(...)])` built the payloads: LangGraph's task
    result holds only its state update, so the branches' inputs came from nowhere. Each
    payload follows the update, as the branch's input shows it."""
    _, trace = trace_langgraph(
        lg_graphs.command_fanout(), {"request": "Rome on a budget of 300 EUR"}
    )
    planner, *analysts = trace.steps[:3]
    assert planner.output == (
        "plan: Research flights and hotels.\n"
        "send analyst:\nbudget: 30 EUR\ntopic: flights\n"
        "send analyst:\nbudget: 30 EUR\ntopic: hotels"
    )
    assert [(a.input, a.parents, a.metadata["send"]) for a in analysts] == [
        ("budget: 30 EUR\ntopic: flights", (planner.id,), True),
        ("budget: 30 EUR\ntopic: hotels", (planner.id,), True),
    ]


def test_what_a_conditional_edge_sends_is_not_its_source_nodes_output() -> None:
    """The edge's function made the payloads from the state: the wiring between the two
    nodes (a handoff when a value is lost there), not what the node wrote."""
    _, trace = trace_langgraph(lg_graphs.map_reduce(), {"topic": "animals"})
    assert trace.steps[0].output == 'subjects: ["lions", "penguins", "otters"]'


def test_what_a_conditional_edge_sends_is_marked_as_the_edges() -> None:
    """The branch's input is the payload the edge's function built: its step says so
    (`edge_input`), so a value first found there is the edge's. A node's own
    `Command(goto=[Send])` payloads are its output instead, and carry no mark."""
    _, trace = trace_langgraph(lg_graphs.edge_fanout(garble=True), {"request": "budget of 300 EUR"})
    assert [(s.name, s.metadata.get(EDGE_INPUT)) for s in trace.steps] == [
        ("planner", None),
        ("analyst", "budget: 30 EUR\ntopic: flights"),
        ("analyst", "budget: 30 EUR\ntopic: hotels"),
        ("writer", None),
    ]
    _, trace = trace_langgraph(lg_graphs.command_fanout(), {"request": "budget of 300 EUR"})
    assert not any(EDGE_INPUT in s.metadata for s in trace.steps)


def test_handoff_by_send_without_a_tool_message_is_still_a_tool_step_and_a_handoff() -> None:
    _, trace = trace_langgraph(lg_graphs.task_handoff(), {"messages": [("user", "sea view")]})
    assert shape(trace) == [
        ("agent", "supervisor/agent", "supervisor", ()),
        ("tool", "transfer_to_researcher", "supervisor", ("supervisor/agent",)),
        ("agent", "researcher/agent", "researcher", ("supervisor/agent",)),
        ("agent", "supervisor/agent", "supervisor", ("researcher/agent",)),
    ]
    assert json.loads(trace.steps[1].input) == {"task": "find a hotel"}
    assert trace.steps[2].input == "user: find a hotel"
    handoffs = [h.name for h in StepGraph(trace).handoffs]
    assert handoffs == ["supervisor -> researcher", "researcher -> supervisor"]


def test_async_run_gives_the_same_trace() -> None:
    sync_final, sync_trace = trace_langgraph(lg_graphs.supervisor(), USER)
    async_final, async_trace = asyncio.run(atrace_langgraph(lg_graphs.supervisor(), USER))
    assert async_final == sync_final
    assert comparable(async_trace) == comparable(sync_trace)


def test_async_exception_keeps_the_partial_trace() -> None:
    with pytest.raises(LangGraphRunError) as raised:
        asyncio.run(atrace_langgraph(lg_graphs.supervisor(handle_errors=False), USER))
    assert shape(raised.value.trace) == SUPERVISOR_SHAPE[:9]


def test_same_run_same_bytes_and_no_random_ids() -> None:
    first = comparable(trace_langgraph(lg_graphs.supervisor(handback=True), USER)[1])
    second = comparable(trace_langgraph(lg_graphs.supervisor(handback=True), USER)[1])
    assert first == second
    text = json.dumps(first)
    assert UUID.search(text) is None
    assert "0x" not in text


def test_token_usage_and_cost_per_step() -> None:
    prices = {"fake-model": {"input": 1_000_000.0, "output": 2_000_000.0}}
    _, trace = trace_langgraph(lg_graphs.supervisor(), USER, prices=prices)
    assert [(s.name, s.tokens, s.cost_usd) for s in trace.steps if s.tokens] == [
        ("supervisor/agent", 10, 15.0),
        ("researcher/agent", 14, 21.0),
    ]


ALL_AT_ONE_USD = {"*": {"input": 1_000_000.0, "output": 1_000_000.0}}


@pytest.mark.parametrize(
    ("prices", "call_usage", "usage"),
    [
        # the model calls of `work` write only text: only the usage handler hears them
        (ALL_AT_ONE_USD, None, (2, 2.0)),
        (None, None, (None, None)),
        (None, True, (2, None)),
        (ALL_AT_ONE_USD, False, (None, None)),
    ],
    ids=["prices-count-every-call", "no-prices-no-handler", "asked-without-prices", "declined"],
)
def test_usage_of_models_called_inside_nodes_that_write_no_message(
    prices: Any, call_usage: bool | None, usage: tuple[int | None, float | None]
) -> None:
    _, trace = trace_langgraph(
        lg_graphs.fanout(), {"topic": "t"}, prices=prices, call_usage=call_usage
    )
    work = [s for s in trace.steps if s.name == "work"]
    assert [(s.tokens, s.cost_usd) for s in work] == [usage] * 3
    assert [s.tokens for s in trace.steps if s.name != "work"] == [None] * 4


@pytest.mark.parametrize("prices", [None, ALL_AT_ONE_USD], ids=["no-prices", "prices"])
def test_usage_of_the_ai_messages_nodes_write_needs_no_handler(prices: Any) -> None:
    _, trace = trace_langgraph(lg_graphs.supervisor(), USER, prices=prices, call_usage=False)
    assert [(s.name, s.tokens) for s in trace.steps if s.tokens] == [
        ("supervisor/agent", 10),
        ("researcher/agent", 14),
    ]
    assert [s.cost_usd for s in trace.steps if s.tokens] == (
        [None, None] if not prices else [10.0, 14.0]
    )


def test_async_usage_of_models_called_inside_nodes_that_write_no_message() -> None:
    """LangGraph runs the sync nodes of an async run in threads; their calls are still heard."""
    _, trace = asyncio.run(atrace_langgraph(lg_graphs.fanout(), {"topic": "t"}, call_usage=True))
    assert [s.tokens for s in trace.steps if s.name == "work"] == [2, 2, 2]


def _functional_workflows() -> dict[str, Any]:
    """Entrypoints calling tasks one after another, once, and in parallel."""
    from langgraph.func import entrypoint, task

    @task
    def draft(topic: str) -> str:
        if topic == "boom":
            raise ValueError("no draft")
        return f"draft about {topic}"

    @task
    def polish(text: str, *, mark: str = "") -> str:
        return text.upper() + mark

    @entrypoint()
    def sequential(topic: str) -> str:
        return polish(draft(topic).result()).result()

    @entrypoint()
    def single(topic: str) -> str:
        return draft(topic).result() + "!"

    @entrypoint()
    def parallel(topic: str) -> str:
        first, second = draft(topic), draft(topic + "s")
        return polish(first.result() + "; " + second.result(), mark="!").result()

    @entrypoint()
    def returned_first(topic: str) -> str:
        # the first call returns before the second is made, but its result is not used for it:
        # the order Python 3.10's threads often run `parallel` in
        first = draft(topic)
        while not first.done():
            time.sleep(0.001)
        second = draft(topic + "s")
        return polish(first.result() + "; " + second.result(), mark="!").result()

    return {
        "sequential": sequential,
        "single": single,
        "parallel": parallel,
        "returned_first": returned_first,
    }


@pytest.mark.parametrize(
    ("workflow", "steps"),
    [
        (
            "sequential",
            [
                ("draft", (), "cat", "draft about cat"),
                ("polish", ("s0",), "draft about cat", "DRAFT ABOUT CAT"),
                ("sequential", ("s1",), "cat", "DRAFT ABOUT CAT"),
            ],
        ),
        (
            "single",
            [
                ("draft", (), "cat", "draft about cat"),
                ("single", ("s0",), "cat", "draft about cat!"),
            ],
        ),
        (
            "parallel",
            [
                ("draft", (), "cat", "draft about cat"),
                ("draft", (), "cats", "draft about cats"),
                (
                    "polish",
                    ("s0", "s1"),
                    '[["draft about cat; draft about cats"], {"mark": "!"}]',
                    "DRAFT ABOUT CAT; DRAFT ABOUT CATS!",
                ),
                ("parallel", ("s2",), "cat", "DRAFT ABOUT CAT; DRAFT ABOUT CATS!"),
            ],
        ),
        (
            "returned_first",
            [
                ("draft", (), "cat", "draft about cat"),
                ("draft", (), "cats", "draft about cats"),
                (
                    "polish",
                    ("s0", "s1"),
                    '[["draft about cat; draft about cats"], {"mark": "!"}]',
                    "DRAFT ABOUT CAT; DRAFT ABOUT CATS!",
                ),
                ("returned_first", ("s2",), "cat", "DRAFT ABOUT CAT; DRAFT ABOUT CATS!"),
            ],
        ),
    ],
)
def test_functional_api_entrypoint_steps_come_after_the_tasks_they_called(
    workflow: str, steps: list[tuple[str, tuple[str, ...], str, str]]
) -> None:
    """The stream says neither who called a task nor when the caller used its result: the
    entrypoint is recorded once it returns, fed by the tasks whose results no later task
    took, and each task shows its call's arguments and its return value."""
    final, trace = trace_langgraph(_functional_workflows()[workflow], "cat")
    assert final == steps[-1][3]
    assert [(s.name, s.parents, s.input, s.output) for s in trace.steps] == steps
    assert [s.latency_ms is None for s in trace.steps] == [False] * (len(steps) - 1) + [True]
    calls = [s.metadata for s in trace.steps[:-1]]
    assert all(m.get("called_by") == workflow and "send" not in m for m in calls)


def test_an_entrypoint_run_inside_a_node_keeps_its_calls_in_order() -> None:
    """Its calls come in later batches of the subgraph's events than its own start."""
    workflow = _functional_workflows()["sequential"]

    def outer(state: _Box) -> dict[str, Any]:
        return {"value": workflow.invoke(state["value"])}

    final, trace = trace_langgraph(_one_node(outer), {"value": "cat"}, output_key="value")
    assert final == "DRAFT ABOUT CAT"
    assert [(s.name, s.agent, s.parents, s.input) for s in trace.steps] == [
        ("only/draft", "only", (), "cat"),
        ("only/polish", "only", ("s0",), "draft about cat"),
        ("only/sequential", "only", ("s1",), "cat"),
    ]


def test_an_error_a_called_task_raised_is_one_error_step() -> None:
    with pytest.raises(LangGraphRunError) as raised:
        trace_langgraph(_functional_workflows()["sequential"], "boom")
    steps = raised.value.trace.steps
    assert [(s.name, s.error) for s in steps] == [("draft", "ValueError: no draft")]


def test_a_node_calling_tasks_feeds_the_next_node_after_them() -> None:
    from langgraph.func import task

    @task
    def shout(text: str) -> str:
        return text.upper()

    def first(state: _Box) -> dict[str, Any]:
        return {"value": shout(state["value"]).result()}

    def second(state: _Box) -> dict[str, Any]:
        return {"value": state["value"] + "!"}

    graph = StateGraph(_Box)
    graph.add_node("first", first)
    graph.add_node("second", second)
    graph.add_edge(START, "first")
    graph.add_edge("first", "second")
    final, trace = trace_langgraph(graph.compile(), {"value": "hi"}, output_key="value")
    assert final == "HI!"
    assert [(s.name, s.parents, s.output) for s in trace.steps] == [
        ("shout", (), "HI"),
        ("first", ("s0",), "value: HI"),
        ("second", ("s1",), "value: HI!"),
    ]


def test_latency_per_step_from_the_stream_timestamps() -> None:
    _, trace = trace_langgraph(lg_graphs.fanout(), {"topic": "t"})
    assert all(s.latency_ms is not None and s.latency_ms >= 0 for s in trace.steps)


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({}, "The capital is Paris; no rooms were available."),
        ({"output_key": "messages"}, None),
        ({"messages_key": "nothing"}, None),
    ],
)
def test_final_output_choice(kwargs: dict[str, Any], expected: str | None) -> None:
    final, trace = trace_langgraph(lg_graphs.supervisor(), USER, **kwargs)
    if expected is not None:
        assert final == expected
    else:
        # the whole conversation (output_key) or the whole state (no messages under the key)
        assert final.startswith(("user: What is the capital", "messages: user: What"))
        assert "tool search: results for capital of France" in final
    assert trace.final_output == final


@pytest.mark.filterwarnings("ignore:create_react_agent has been moved:DeprecationWarning")
def test_real_langgraph_supervisor_handoffs_and_transfer_back() -> None:
    supervisor = pytest.importorskip("langgraph_supervisor")
    researcher = tool_agent(
        "researcher",
        ScriptedChatModel(
            responses=[
                lg_graphs.reply("", ("search", {"query": "capital"})),
                lg_graphs.reply("Paris."),
            ]
        ),
        [lg_graphs.search],
    )
    boss = ScriptedChatModel(
        responses=[
            lg_graphs.reply("", ("transfer_to_researcher", {})),
            lg_graphs.reply("It is Paris."),
        ]
    )
    app = supervisor.create_supervisor([researcher], model=boss).compile()
    final, trace = trace_langgraph(app, {"messages": [("user", "capital of France?")]})
    assert final == "It is Paris."
    assert shape(trace) == [
        ("agent", "supervisor/agent", "supervisor", ()),
        ("tool", "transfer_to_researcher", "supervisor", ("supervisor/agent",)),
        ("agent", "researcher/agent", "researcher", ("supervisor/agent",)),
        ("tool", "search", "researcher", ("researcher/agent",)),
        ("agent", "researcher/agent", "researcher", ("search",)),
        ("agent", "researcher", "researcher", ("researcher/agent",)),
        ("tool", "transfer_back_to_supervisor", "researcher", ("researcher",)),
        ("agent", "supervisor/agent", "supervisor", ("researcher",)),
    ]
    assert [h.name for h in StepGraph(trace).handoffs] == [
        "supervisor -> researcher",
        "researcher -> supervisor",
    ]
    # each agent step says which tools its agent was given (handoff tools aside)
    assert [(s.name, s.metadata["tools"]) for s in trace.steps if s.kind is StepKind.AGENT] == [
        ("supervisor/agent", []),
        ("researcher/agent", ["search"]),
        ("researcher/agent", ["search"]),
        ("researcher", ["search"]),
        ("supervisor/agent", []),
    ]


class _Box(TypedDict, total=False):
    """State of the one-node graphs below."""

    value: str


def _one_node(node: Any) -> Any:
    graph = StateGraph(_Box)
    graph.add_node("only", node)
    graph.add_edge(START, "only")
    return graph.compile()


def test_usage_of_a_model_called_in_a_thread_the_node_starts_with_its_config() -> None:
    """The usage handler rides in the run's config, not in the caller's context: a node that
    hands its config to a plain thread (no context copied) still has its model call counted."""
    from concurrent.futures import ThreadPoolExecutor

    from blame_langgraph.fakes import RuleChatModel

    model = RuleChatModel(reply=lg_graphs._echo_upper, model_name="upper")

    def only(state: _Box, config: RunnableConfig) -> dict[str, Any]:
        with ThreadPoolExecutor(1) as pool:
            answer = pool.submit(model.invoke, state["value"], config).result()
        return {"value": str(answer.content)}

    final, trace = trace_langgraph(
        _one_node(only), {"value": "hi"}, output_key="value", call_usage=True
    )
    assert (final, [(s.name, s.tokens) for s in trace.steps]) == ("HI", [("only", 2)])


def test_single_task_supersteps_run_in_the_callers_thread_as_in_a_plain_stream(
    route: str,
) -> None:
    """The hook keeps LangGraph's inline fast path; `subgraphs=True` moves tasks to a pool."""
    if route == "fallback":
        pytest.skip("the fallback asks for subgraphs=True: LangGraph runs tasks in its pool")
    threads: list[int] = []

    def only(state: _Box) -> dict[str, Any]:
        threads.append(threading.get_ident())
        return {"value": "done"}

    list(_one_node(only).stream({"value": "x"}))
    final, trace = trace_langgraph(_one_node(only), {"value": "x"}, output_key="value")
    assert threads == [threading.get_ident()] * 2
    assert (final, [s.name for s in trace.steps]) == ("done", ["only"])


class _ChainNames(BaseCallbackHandler):
    """A caller's own callback handler: the names of the chains it saw start."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def on_chain_start(
        self, serialized: Any, inputs: Any, *, run_id: uuid.UUID, **kwargs: Any
    ) -> None:
        self.names.append(str(kwargs.get("name")))


@pytest.mark.parametrize("as_manager", [False, True], ids=["list", "manager"])
def test_the_callers_callbacks_and_configurable_reach_the_run(as_manager: bool) -> None:
    from langchain_core.callbacks import CallbackManager

    def only(state: _Box, config: RunnableConfig) -> dict[str, Any]:
        return {"value": str(config["configurable"]["user"])}

    seen = _ChainNames()
    callbacks: Any = CallbackManager([seen], [seen]) if as_manager else [seen]
    config: RunnableConfig = {"callbacks": callbacks, "configurable": {"user": "ana"}}
    prices = {"*": {"input": 1_000_000.0, "output": 1_000_000.0}}
    final, trace = trace_langgraph(
        _one_node(only), {"value": "x"}, config, output_key="value", prices=prices
    )
    assert (final, [s.name for s in trace.steps]) == ("ana", ["only"])
    assert "only" in seen.names
    assert config == {"callbacks": callbacks, "configurable": {"user": "ana"}}
    if as_manager:
        assert (callbacks.handlers, callbacks.inheritable_handlers) == ([seen], [seen])
    _, fanout = trace_langgraph(lg_graphs.fanout(), {"topic": "t"}, config, prices=prices)
    assert [s.tokens for s in fanout.steps if s.name == "work"] == [2, 2, 2]


def test_a_graph_traced_inside_a_traced_graphs_node_is_in_both_traces() -> None:
    """Given the node's config, the inner run is a subgraph run: the outer trace keeps it."""
    inner_traces: list[Trace] = []

    def outer(state: _Box, config: RunnableConfig) -> dict[str, Any]:
        final, trace = trace_langgraph(lg_graphs.fanout(), {"topic": "t"}, config, call_usage=True)
        inner_traces.append(trace)
        return {"value": final}

    _, trace = trace_langgraph(
        _one_node(outer), {"value": "x"}, output_key="value", call_usage=True
    )
    names = ["plan", "work", "work", "work", "side", "join", "final"]
    # the outer trace also has `only`'s own step: it wrote the inner run's final output (no
    # AI message: empty), not what the subgraph's last step output
    assert [s.name for s in trace.steps] == [*(f"only/{n}" for n in names), "only"]
    assert (trace.steps[-1].parents, trace.steps[-1].output) == (("s6",), "value: ")
    assert [s.name for s in inner_traces[0].steps] == [f"only/{n}" for n in names]
    # the inner model calls count in both: both usage handlers are in the inner run's config
    tokens = [None, 2, 2, 2, None, None, None]
    assert [s.tokens for s in trace.steps[:-1]] == [s.tokens for s in inner_traces[0].steps]
    assert [s.tokens for s in inner_traces[0].steps] == tokens


def test_a_fault_of_the_tracer_is_raised_after_the_run_and_never_retries_a_node(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hook runs inside LangGraph's tasks: a tracer fault there must not fail the node."""
    from langgraph.types import RetryPolicy

    runs: list[str] = []

    def inner(state: _Box) -> dict[str, Any]:
        runs.append("inner")
        return {"value": "done"}

    graph = StateGraph(_Box)
    graph.add_node("outer", _one_node(inner), retry_policy=RetryPolicy(max_attempts=3))
    graph.add_edge(START, "outer")

    def broken(self: Any, namespace: tuple[str, ...], mode: str, payload: Any, at: float) -> None:
        if namespace:
            raise RuntimeError("tracer fault")

    monkeypatch.setattr(tracer_module._Tracer, "handle", broken)
    with pytest.raises(Exception, match="tracer fault"):
        trace_langgraph(graph.compile(), {"value": "x"})
    assert runs == ["inner"]


def test_what_a_tool_writes_to_the_state_by_command_is_in_its_tool_step() -> None:
    final, trace = trace_langgraph(lg_graphs.state_tool(), {"messages": [("user", "reserve")]})
    assert final == "Reserved your room."
    assert shape(trace) == [
        ("agent", "agent", "agent", ()),
        ("tool", "reserve", "agent", ("agent",)),
        ("agent", "agent", "agent", ("reserve",)),
    ]
    assert trace.steps[1].output == "done\nbooking: BK-5 in Rome"
    # the code the agent dropped comes from the tool, as the blame's reason says
    checks = parse_checks([{"type": "contains", "value": "BK-5"}], source="t")
    result = evaluate_trace(trace, checks, threshold=1.0, name="t")
    (suspect,) = result.checks[0].blame[:1]
    assert (suspect.name, suspect.step_index) == ("agent", 2)
    assert "from step 1 (tool reserve" in suspect.reason


@pytest.mark.parametrize(
    ("where", "expected"),
    [
        (
            "node",
            [
                ("agent", "draft", "draft", ()),
                ("agent", "review", "review", ("draft",)),
            ],
        ),
        (
            "subgraph",
            [
                ("agent", "draft", "draft", ()),
                ("agent", "review/approve", "review", ("draft",)),
            ],
        ),
        # a human reviewing a tool call: the call that waits is a tool step of its caller
        ("tool", [("agent", "agent", "agent", ()), ("tool", "pay", "agent", ("agent",))]),
    ],
)
def test_a_run_stopped_at_an_interrupt_shows_what_the_node_asked(
    where: str, expected: list[tuple[str, str, str, tuple[str, ...]]]
) -> None:
    config: RunnableConfig = {"configurable": {"thread_id": f"t-{uuid.uuid4().hex}"}}
    final, trace = trace_langgraph(
        lg_graphs.approval(where=where), {"messages": [("user", "go")]}, config
    )
    assert shape(trace) == expected
    stopped = trace.steps[-1]
    asked = '{"confirm": "pay 30?"}' if where == "tool" else '{"question": "send the draft?"}'
    assert stopped.output == f"interrupt: {asked}"
    assert stopped.metadata["interrupted"] is True
    assert not any(s.metadata.get("interrupted") for s in trace.steps[:-1])
    assert trace.metadata == {"framework": "langgraph", "interrupted": True}
    assert final == ("" if where == "tool" else "Draft: 120 NOK in Oslo")


def test_a_run_resumed_at_a_tool_keeps_the_calls_caller_and_arguments() -> None:
    """Resumed with `Command(resume=...)`, the tool node runs first: the AI message that made
    the call is in its input only (a step of the earlier run), and the call is still the
    calling agent's, with its arguments."""
    from langgraph.types import Command

    graph = lg_graphs.approval(where="tool")
    config: RunnableConfig = {"configurable": {"thread_id": f"t-{uuid.uuid4().hex}"}}
    trace_langgraph(graph, {"messages": [("user", "go")]}, config)
    final, resumed = trace_langgraph(graph, Command(resume=True), config)
    assert shape(resumed) == [("tool", "pay", "agent", ()), ("agent", "agent", "agent", ("pay",))]
    paid = resumed.steps[0]
    assert (paid.input, paid.output) == ('{"amount": 30}', "paid 30")
    assert final == "Paid."


def test_managed_values_are_no_part_of_a_steps_input() -> None:
    # `remaining_steps` (create_react_agent's state has it) is LangGraph's countdown, not
    # anything a node said: a check for "100" would otherwise find it in "10000"
    _, trace = trace_langgraph(
        lg_graphs.countdown(), {"messages": [("user", "go")]}, {"recursion_limit": 10000}
    )
    assert [s.input for s in trace.steps] == ["user: go", "user: go\nassistant: Draft: 100 EUR"]
    assert trace.steps[1].output == "Checked with enough steps left."


def test_a_subgraph_node_that_leaves_by_command_parent_is_a_step_with_its_update() -> None:
    final, trace = trace_langgraph(lg_graphs.parent_exit(), {"topics": []}, output_key="report")
    assert final == "Published: alpha; beta"
    assert shape(trace) == [
        # a team subgraph (three nodes, no ToolNode): each node is its own agent
        ("agent", "team/split", "team/split", ()),
        ("agent", "team/summ", "team/summ", ("team/split",)),
        ("agent", "team/summ", "team/summ", ("team/split",)),
        # done waits for both branches and reads `topics`, written by split
        ("agent", "team/done", "team/done", ("team/split", "team/summ", "team/summ")),
        ("agent", "publish", "publish", ("team/done",)),
    ]
    assert trace.steps[3].output == "report: alpha; beta"
    assert trace.steps[3].metadata == {"node": "done", "superstep": 3, "namespace": "team"}


def test_a_deferred_node_is_fed_by_every_leg_it_waited_for() -> None:
    _, trace = trace_langgraph(lg_graphs.uneven(), {"legs": []})
    assert shape(trace) == [
        ("agent", "start", "start", ()),
        ("agent", "long", "long", ("start",)),
        ("agent", "short", "short", ("start",)),
        # triggered by long; it also reads `legs`, which short wrote in the same superstep
        ("agent", "longer", "longer", ("long", "short")),
        # short routed to it two supersteps before longer did
        ("agent", "total", "total", ("short", "longer")),
    ]


@pytest.mark.parametrize("where", ["node", "tool", "subgraph"])
def test_an_async_only_graph_traced_synchronously_is_a_clear_error(where: Any) -> None:
    """Run with `stream`, the async-only part raised (or its ToolNode answered an error) and
    its node took the blame for the way the graph was run."""
    graph = lg_graphs.async_only(where=where)
    with pytest.raises(AgentError) as raised:
        trace_langgraph(graph, USER)
    assert not isinstance(raised.value, LangGraphRunError)
    assert "async only" in str(raised.value)
    assert "async: true" in str(raised.value)
    final, trace = asyncio.run(atrace_langgraph(graph, USER))
    assert final == "Reserved in Oslo."
    assert [(s.name, s.error) for s in trace.steps if s.kind is StepKind.TOOL] == [
        ("reserve", None)
    ]


@pytest.mark.parametrize("called", [False, True], ids=["subgraph-node", "invoked-in-node"])
def test_content_lost_inside_a_team_subgraph_is_blamed_on_the_inner_node(called: bool) -> None:
    """A subgraph of several nodes is a team: each node is its own agent, so the node that
    dropped the budget is blamed, not the container `team` (the steps were all `team`'s)."""
    _, trace = trace_langgraph(
        lg_graphs.team(called=called), {"request": "Paris"}, output_key="report"
    )
    assert shape(trace) == [
        ("agent", "team/research", "team/research", ()),
        ("agent", "team/summarise", "team/summarise", ("team/research",)),
        ("agent", "writer", "writer", ("team/summarise",)),
    ]
    checks = parse_checks([{"type": "contains", "value": "300 EUR"}], source="t")
    (suspect, *_) = evaluate_trace(trace, checks, threshold=1.0, name="t").checks[0].blame
    assert (suspect.name, suspect.step_index) == ("team/summarise", 1)
    assert suspect.reason == (
        "step 1 (team/summarise) received '300 EUR' from step 0 (team/research) in its input "
        "but its output dropped it"
    )


def test_agents_inside_a_team_subgraph_are_named_by_their_node_with_their_own_tools() -> None:
    _, trace = trace_langgraph(lg_graphs.team_of_agents(), USER)
    assert shape(trace) == [
        ("agent", "desk/researcher/agent", "desk/researcher", ()),
        ("tool", "search", "desk/researcher", ("desk/researcher/agent",)),
        ("agent", "desk/researcher/agent", "desk/researcher", ("search",)),
        ("agent", "desk/booker/agent", "desk/booker", ("desk/researcher/agent",)),
    ]
    tools = [s.metadata.get("tools") for s in trace.steps if s.kind is StepKind.AGENT]
    assert tools == [["search"], ["search"], ["book"]]


def test_the_final_output_of_a_stopped_run_is_its_state_without_langgraphs_interrupt() -> None:
    """The last state LangGraph streams holds `__interrupt__` (with its interrupt ids): it was
    in the final output, which checks then read."""
    config: RunnableConfig = {"configurable": {"thread_id": f"t-{uuid.uuid4().hex}"}}
    final, trace = trace_langgraph(lg_graphs.plan_review(), {"request": "Paris"}, config)
    assert final == "plan: Paris: Hotel Lumiere\nrequest: Paris"
    assert trace.metadata["interrupted"] is True


@pytest.mark.parametrize("run_async", [False, True], ids=["sync", "async"])
@pytest.mark.parametrize(
    ("answers", "final", "stopped"),
    [
        ((), "", True),
        (("yes",), "Paris: Hotel Lumiere (approved: yes)", False),
        (("yes", "unused"), "Paris: Hotel Lumiere (approved: yes)", False),
    ],
    ids=["no-answer", "answered", "answers-left-over"],
)
def test_answers_resume_a_run_stopped_at_an_interrupt(
    answers: tuple[str, ...], final: str, stopped: bool, run_async: bool
) -> None:
    """Each answer resumes the run (`Command(resume=...)`); the trace holds every pass, the
    node that asked once as stopped and once as resumed."""
    if run_async and sys.version_info < (3, 11):
        pytest.skip(
            "before Python 3.11 asyncio tasks take no context: LangGraph's interrupt() in a "
            "graph run asynchronously raises 'Called get_config outside of a runnable context'"
        )
    graph = lg_graphs.plan_review()
    config: RunnableConfig = {"configurable": {"thread_id": f"t-{uuid.uuid4().hex}"}}
    state = {"request": "Paris"}
    options: dict[str, Any] = {"output_key": "report", "resume": answers}
    got, trace = (
        asyncio.run(atrace_langgraph(graph, state, config, **options))
        if run_async
        else trace_langgraph(graph, state, config, **options)
    )
    assert got == final
    assert trace.metadata.get("interrupted", False) is stopped
    asked = [("agent", "planner", "planner", ()), ("agent", "review", "review", ("planner",))]
    resumed = [
        ("agent", "review", "review", ("planner", "review")),
        ("agent", "writer", "writer", ("planner", "review")),
    ]
    assert shape(trace) == asked + ([] if stopped else resumed)
    assert trace.steps[1].output == 'interrupt: {"approve": "Paris: Hotel Lumiere"}'
    if not stopped:
        assert trace.steps[2].output == "approved: yes"
        assert [s.metadata["superstep"] for s in trace.steps] == [1, 2, 3, 4]


def test_answers_without_a_checkpointer_are_a_clear_error() -> None:
    """LangGraph refused the first answer inside the node that asked, which took the blame."""
    with pytest.raises(AgentError) as raised:
        trace_langgraph(lg_graphs.plan_review(checkpointer=False), {"request": "P"}, resume=[1])
    assert not isinstance(raised.value, LangGraphRunError)
    assert raised.value.field == "agent.resume"


@pytest.mark.parametrize("by_command", [False, True], ids=["handoff-tool", "command-goto"])
@pytest.mark.parametrize("nested", [False, True], ids=["top-level", "in-a-subgraph"])
def test_a_wrong_handoff_between_agents_blames_the_agent_that_handed_off(
    nested: bool, by_command: bool
) -> None:
    """In a subgraph, every agent was `desk`, given all the tools: `desk` was blamed for not
    calling `book`, and no handoff was seen."""
    _, trace = trace_langgraph(lg_graphs.swarm(nested=nested, by_command=by_command), USER)
    prefix = "desk/" if nested else ""
    checks = parse_checks([{"type": "tool_called", "tool": "book"}], source="t")
    (suspect, *_) = evaluate_trace(trace, checks, threshold=1.0, name="t").checks[0].blame
    assert (suspect.kind, suspect.name) == (
        "handoff",
        f"{prefix}triage -> {prefix}researcher",
    )
    assert "whose tools are search, not book" in suspect.reason


def test_a_node_that_invoked_a_subgraph_and_changed_its_result_is_a_step() -> None:
    """The node's own writes were in no step: summarise, which kept the budget, was blamed
    for a handoff to the writer that dropped it."""
    _, trace = trace_langgraph(
        lg_graphs.team(called=True, wrapper_drops=True), {"request": "Paris"}, output_key="report"
    )
    assert shape(trace) == [
        ("agent", "team/research", "team/research", ()),
        ("agent", "team/summarise", "team/summarise", ("team/research",)),
        ("agent", "team", "team", ("team/summarise",)),
        ("agent", "writer", "writer", ("team",)),
    ]
    # what the node got back from the call is in its input
    assert trace.steps[2].input == "request: Paris\ndraft: Hotel Lumiere, 300 EUR"
    checks = parse_checks([{"type": "contains", "value": "300 EUR"}], source="t")
    (suspect, *_) = evaluate_trace(trace, checks, threshold=1.0, name="t").checks[0].blame
    assert (suspect.kind, suspect.name, suspect.step_index) == ("agent", "team", 2)


def test_a_resumed_entrypoint_is_fed_by_the_step_that_asked() -> None:
    """Resumed, the entrypoint reads its earlier task's result from the checkpoint: it had
    no parent, as if its output came from nowhere."""
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.func import entrypoint, task
    from langgraph.types import interrupt

    @task
    def draft(topic: str) -> str:
        return "draft about " + topic

    @entrypoint(checkpointer=InMemorySaver())
    def flow(topic: str) -> str:
        text = draft(topic).result()
        return f"{text} (approved: {interrupt({'approve': text})})"

    config: RunnableConfig = {"configurable": {"thread_id": f"t-{uuid.uuid4().hex}"}}
    final, trace = trace_langgraph(flow, "cats", config, resume=["yes"])
    assert final == "draft about cats (approved: yes)"
    assert [(s.name, s.parents, s.output) for s in trace.steps] == [
        ("draft", (), "draft about cats"),
        ("flow", ("s0",), 'interrupt: {"approve": "draft about cats"}'),
        ("flow", ("s1",), "draft about cats (approved: yes)"),
    ]


@pytest.mark.parametrize("run_async", [False, True], ids=["sync", "async"])
def test_the_runs_context_reaches_the_nodes(run_async: bool) -> None:
    """Without it, a node reading `runtime.context` raised and took the blame."""
    graph, context = lg_graphs.greeter(), {"user": "Ana"}
    final, trace = (
        asyncio.run(atrace_langgraph(graph, USER, context=context))
        if run_async
        else trace_langgraph(graph, USER, context=context)
    )
    assert final == "Hello Ana"
    assert not any(s.failed for s in trace.steps)
