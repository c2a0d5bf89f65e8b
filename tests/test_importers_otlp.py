"""The OTLP JSON importer, on files made by the real OpenTelemetry SDK and OTLP encoder."""

from __future__ import annotations

import asyncio
import contextlib
import io
import itertools
import json
import warnings
from pathlib import Path
from typing import Any

import pytest

from blame.errors import TraceError
from blame.importers import load_trace
from blame.importers.otlp import convert, importer, readable
from blame.model import StepKind, Trace, validate_steps
from tests.otlp_fixtures import CountedIds, Recorder, genai_two_agents, otlp_dict, write_otlp


def genai_trace(tmp_path: Path, *, content: bool = True, otlp_json: bool = True) -> Trace:
    rec = Recorder()
    genai_two_agents(rec, content=content)
    path = write_otlp(tmp_path / "run.json", otlp_dict(rec.spans(), otlp_json=otlp_json))
    return importer.load(path, test_name="run")


def shape(trace: Trace) -> list[tuple[str, str, str, tuple[str, ...]]]:
    return [(s.kind.value, s.name, s.agent, s.parents) for s in trace.steps]


# -- GenAI semantic conventions ---------------------------------------------------------------


def test_genai_agents_tools_and_llm_calls(tmp_path: Path) -> None:
    trace = genai_trace(tmp_path)
    assert shape(trace) == [
        ("llm", "chat gpt-4o", "Researcher", ()),
        ("tool", "search", "Researcher", ("s0",)),
        ("agent", "Researcher", "Researcher", ("s0", "s1")),
        ("llm", "chat gpt-4o", "Writer", ("s2",)),
        ("agent", "Writer", "Writer", ("s2", "s3")),
    ]
    validate_steps(trace.steps)
    assert trace.final_output == "The capital is Lyon."
    assert trace.input == "What is the capital of France?"
    assert trace.steps[0].tokens == 42
    assert trace.steps[0].output == 'search({"q": "capital of France"})'
    assert trace.steps[0].metadata["requested_tool_calls"] == ["call_1"]
    assert trace.steps[1].input == '{"q":"capital of France"}'
    assert trace.steps[1].output == "Paris is the capital of France."
    assert trace.steps[1].metadata["tool_call_id"] == "call_1"
    assert all(s.latency_ms is not None and s.latency_ms >= 0 for s in trace.steps)
    assert trace.metadata["conventions"] == ["gen_ai"]


def test_both_json_mappings_give_the_same_steps(tmp_path: Path) -> None:
    hex_ids = genai_trace(tmp_path, otlp_json=True)
    base64_ids = genai_trace(tmp_path, otlp_json=False)
    assert shape(hex_ids) == shape(base64_ids)
    assert [s.output for s in hex_ids.steps] == [s.output for s in base64_ids.steps]


def test_missing_content_is_imported_and_reported(tmp_path: Path) -> None:
    trace = genai_trace(tmp_path, content=False)
    assert len(trace.steps) == 5
    warnings = trace.metadata["warnings"]
    assert any(w.startswith("agent steps without recorded content: 2 of 2") for w in warnings)
    assert any("no final output recorded" in w for w in warnings)


def test_error_status_makes_a_failed_step(tmp_path: Path) -> None:
    rec = Recorder()
    with rec.span("invoke_agent Booker", {"gen_ai.operation.name": "invoke_agent"}):
        tool = {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "book"}
        with rec.span("execute_tool book", tool) as span:
            rec.fail(span, ConnectionError("no seats left"))
    trace = importer.load(write_otlp(tmp_path / "t.json", otlp_dict(rec.spans())), test_name="t")
    tool_step, agent_step = trace.steps
    assert tool_step.error == "ConnectionError: no seats left"
    assert tool_step.agent == "Booker"
    assert agent_step.name == "Booker"
    assert agent_step.error is None


@pytest.mark.parametrize(
    ("code", "failed"),
    [
        (2, True),
        ("2", True),
        ("STATUS_CODE_ERROR", True),
        ("ERROR", True),
        ("Error", True),
        ("status_code_error", True),
        (1, False),
        ("OK", False),
        ("Unset", False),
        (True, False),
    ],
)
def test_an_error_status_is_read_in_any_spelling(code: Any, failed: bool) -> None:
    def set_code(spans: list[dict[str, Any]]) -> None:
        by_name(spans, "execute_tool search")["status"] = {"code": code, "message": "HTTP 503"}

    trace = convert(mutated_export(set_code), test_name="t")
    assert [s.error for s in trace.steps if s.name == "search"] == ["HTTP 503" if failed else None]


def test_status_message_without_exception_keeps_its_last_line() -> None:
    from opentelemetry.trace import Status, StatusCode

    rec = Recorder()
    message = "Traceback (most recent call last):\n  x\nKeyError: 'k'"
    with rec.span("execute_tool t", {"gen_ai.operation.name": "execute_tool"}) as span:
        span.set_status(Status(StatusCode.ERROR, message))
    trace = convert(otlp_dict(rec.spans()), test_name="t")
    assert trace.steps[0].error == "KeyError: 'k'"


# -- OpenLLMetry --------------------------------------------------------------------------------


def test_openllmetry_workflow_agents_tasks_and_tools(tmp_path: Path) -> None:
    rec = Recorder()
    workflow = {
        "traceloop.span.kind": "workflow",
        "traceloop.entity.name": "support",
        "traceloop.entity.input": json.dumps({"args": ["Refund order 7"]}),
    }
    with rec.span("support.workflow", workflow):
        triage = {
            "traceloop.span.kind": "agent",
            "traceloop.entity.name": "Triage",
            "traceloop.entity.output": json.dumps({"route": "billing", "order": 7}),
        }
        with rec.span("Triage.agent", triage):
            llm = {
                "llm.request.type": "chat",
                "gen_ai.system": "openai",
                "gen_ai.prompt.0.role": "user",
                "gen_ai.prompt.0.content": "Refund order 7",
                "gen_ai.completion.0.content": "route to billing",
                "llm.usage.total_tokens": 17,
            }
            with rec.span("openai.chat", llm):
                pass
        with rec.span(
            "refund.task", {"traceloop.span.kind": "task", "traceloop.entity.name": "refund"}
        ):
            tool = {
                "traceloop.span.kind": "tool",
                "traceloop.entity.name": "issue_refund",
                "traceloop.entity.input": json.dumps({"order": 7}),
                "traceloop.entity.output": json.dumps("refund issued"),
            }
            with rec.span("issue_refund.tool", tool):
                pass
            with rec.span("openai.chat", {"llm.request.type": "chat"}):
                pass
        with rec.span("notify.task", {"traceloop.span.kind": "task"}):
            email = {"traceloop.span.kind": "tool", "traceloop.entity.name": "send_email"}
            with rec.span("send_email.tool", email):
                pass
    trace = importer.load(write_otlp(tmp_path / "t.json", otlp_dict(rec.spans())), test_name="t")
    assert [(s.kind.value, s.name, s.agent) for s in trace.steps] == [
        ("llm", "openai.chat", "Triage"),
        ("agent", "Triage", "Triage"),
        ("tool", "issue_refund", "refund"),
        ("llm", "openai.chat", "refund"),
        ("agent", "refund", "refund"),
        # a task that only runs tools is no agent: its tools belong to the agent before it
        ("tool", "send_email", "refund"),
    ]
    llm_step, triage_step, tool_step = trace.steps[:3]
    assert (llm_step.input, llm_step.output, llm_step.tokens) == (
        "Refund order 7",
        "route to billing",
        17,
    )
    assert triage_step.output == "billing\n7"
    assert tool_step.output == "refund issued"
    assert tool_step.parents == ("s1",)  # the task's first child sees what fed the task
    assert trace.input == "Refund order 7"
    assert trace.metadata["conventions"] == ["openllmetry"]


# -- OpenInference, from the real LangChain instrumentor around a real LangGraph graph ----------


@pytest.mark.langgraph
def test_openinference_langgraph_with_subgraph(tmp_path: Path) -> None:
    from typing import TypedDict

    from langchain_core.language_models.fake_chat_models import FakeListChatModel
    from langchain_core.tools import tool
    from langgraph.graph import END, START, StateGraph
    from openinference.instrumentation.langchain import LangChainInstrumentor

    class State(TypedDict, total=False):
        question: str
        notes: str
        answer: str

    @tool
    def lookup(city: str) -> str:
        """Look up facts about a city."""
        raise ValueError("service down")

    search_model = FakeListChatModel(responses=["Paris is the capital of France."])
    writer_model = FakeListChatModel(responses=["The capital is Lyon."])

    def search(state: State) -> State:
        with contextlib.suppress(ValueError):
            lookup.invoke({"city": "Paris"})
        return {"notes": str(search_model.invoke(state["question"]).content)}

    def summarise(state: State) -> State:
        return {"notes": "Summary: " + state["notes"]}

    def writer(state: State) -> State:
        return {"answer": str(writer_model.invoke(state["notes"]).content)}

    research = StateGraph(State)
    research.add_node("search", search)
    research.add_node("summarise", summarise)
    research.add_edge(START, "search")
    research.add_edge("search", "summarise")
    research.add_edge("summarise", END)
    graph = StateGraph(State)
    graph.add_node("research", research.compile())
    graph.add_node("writer", writer)
    graph.add_edge(START, "research")
    graph.add_edge("research", "writer")
    graph.add_edge("writer", END)

    rec = Recorder()
    instrumentor = LangChainInstrumentor()
    instrumentor.instrument(tracer_provider=rec.provider)
    try:
        graph.compile().invoke({"question": "What is the capital of France?"})
    finally:
        instrumentor.uninstrument()
    path = write_otlp(tmp_path / "langgraph.json", otlp_dict(rec.spans()))
    trace = load_trace(path)

    assert trace.metadata["format"] == "otlp"
    assert [(s.kind.value, s.name, s.agent) for s in trace.steps] == [
        ("tool", "lookup", "research"),
        ("llm", "FakeListChatModel", "research"),
        ("agent", "research/search", "research"),
        ("agent", "research/summarise", "research"),
        ("agent", "research", "research"),
        ("llm", "FakeListChatModel", "writer"),
        ("agent", "writer", "writer"),
    ]
    assert trace.steps[0].error == "ValueError: service down"
    assert trace.steps[5].input == "Summary: Paris is the capital of France."
    assert "s4" in trace.steps[5].parents  # the writer's model call sees what research handed on
    assert trace.final_output == "The capital is Lyon."
    assert trace.input == "What is the capital of France?"
    validate_steps(trace.steps)


def openinference() -> Any:
    from openinference.instrumentation.langchain import LangChainInstrumentor

    return LangChainInstrumentor()


def openllmetry() -> Any:
    from opentelemetry.instrumentation.langchain import LangchainInstrumentor

    return LangchainInstrumentor()


def react_booking_trace(tmp_path: Path, instrumentor: Any = openinference) -> Path:
    """A model node + ToolNode graph whose tool fails, traced by a real LangChain instrumentor."""
    from blame_langgraph.fakes import ScriptedChatModel
    from langchain_core.messages import AIMessage, HumanMessage
    from langchain_core.tools import tool
    from langgraph.graph import START, MessagesState, StateGraph
    from langgraph.prebuilt import ToolNode, tools_condition

    @tool
    def book_flight(to: str) -> str:
        """Book a flight."""
        raise ConnectionError("no seats")

    call = {"id": "call_1", "name": "book_flight", "args": {"to": "JFK"}}
    model = ScriptedChatModel(
        responses=[AIMessage("", tool_calls=[call]), AIMessage("Your flight to JFK is booked.")]
    )

    def agent(state: MessagesState) -> dict[str, Any]:
        return {"messages": [model.invoke(state["messages"])]}

    graph = StateGraph(MessagesState)
    graph.add_node("agent", agent)
    graph.add_node("tools", ToolNode([book_flight], handle_tool_errors=True))
    graph.add_edge(START, "agent")
    graph.add_conditional_edges("agent", tools_condition)
    graph.add_edge("tools", "agent")
    rec = Recorder()
    active = instrumentor()
    active.instrument(tracer_provider=rec.provider)
    try:
        graph.compile().invoke({"messages": [HumanMessage("Book me a flight to JFK")]})
    finally:
        active.uninstrument()
    return write_otlp(tmp_path / "booking.json", otlp_dict(rec.spans()))


@pytest.mark.langgraph
@pytest.mark.parametrize(
    ("instrumentor", "convention"), [(openinference, "openinference"), (openllmetry, "openllmetry")]
)
def test_tool_node_tools_belong_to_the_calling_agent(
    tmp_path: Path, instrumentor: Any, convention: str
) -> None:
    trace = load_trace(react_booking_trace(tmp_path, instrumentor))
    assert trace.metadata["conventions"] == [convention]
    assert [(s.kind.value, s.agent) for s in trace.steps] == [
        ("llm", "agent"),
        ("agent", "agent"),
        ("tool", "agent"),
        ("llm", "agent"),
        ("agent", "agent"),
    ]
    model_call, _, booking, _, answer = trace.steps
    assert model_call.output == 'book_flight({"to": "JFK"})'
    assert model_call.metadata["requested_tool_calls"] == ["call_1"]
    assert booking.name == "book_flight"
    assert booking.input.replace(" ", "") in ('{"to":"JFK"}', "JFK")
    assert booking.error == "ConnectionError: no seats"
    assert booking.output.startswith("Error: ConnectionError('no seats')")
    assert booking.metadata["tool_node"] == "tools"
    assert "s1" in booking.parents
    assert answer.output == "Your flight to JFK is booked."
    assert trace.final_output == "Your flight to JFK is booked."
    assert trace.input == "Book me a flight to JFK"


def test_graph_node_parent_id_links_agents() -> None:
    rec = Recorder()
    with rec.span("graph", {"openinference.span.kind": "CHAIN"}):
        for name, parent in (("planner", None), ("coder", "planner"), ("reviewer", "planner")):
            attrs = {
                "openinference.span.kind": "AGENT",
                "agent.name": name,
                "graph.node.id": name,
                "output.value": f"{name} done",
            }
            if parent:
                attrs["graph.node.parent_id"] = parent
            with rec.span(name, attrs):
                pass
    trace = convert(otlp_dict(rec.spans()), test_name="t")
    assert [s.parents for s in trace.steps] == [(), ("s0",), ("s0", "s1")]


@pytest.mark.parametrize(
    ("declared", "expected"),
    [
        ('["web_search", "fetch_page"]', ["web_search", "fetch_page"]),  # CrewAI's JSON text
        (["calculator"], ["calculator"]),  # a list attribute
        ("not json", None),  # unreadable: says nothing
        pytest.param("[" * 100_000 + "]" * 100_000, None, id="nested-past-the-parsers-depth"),
        ('{"a": 1}', None),  # not a list
        (None, None),  # CrewAI writes the list only when the agent has tools
    ],
)
def test_an_agent_spans_declared_tools_are_kept(declared: Any, expected: Any) -> None:
    rec = Recorder()
    attrs = {"openinference.span.kind": "AGENT", "agent.name": "Researcher"}
    if declared is not None:
        attrs["agent.tools"] = declared
    with rec.span("Researcher.execute", attrs):
        pass
    (step,) = convert(otlp_dict(rec.spans()), test_name="t").steps
    assert step.metadata.get("tools") == expected


@pytest.mark.parametrize(
    ("agent_attrs", "expected"),
    [
        # a prebuilt ReAct agent's `agent` node inside the researcher subgraph: researcher's
        ({}, [("llm", "ChatModel", "researcher"), ("agent", "researcher/agent", "researcher")]),
        # an agent span that names itself stays its own agent (a managed sub-agent)
        (
            {"agent.name": "search"},
            [("llm", "ChatModel", "search"), ("agent", "search", "search")],
        ),
    ],
)
def test_an_agent_span_named_only_by_its_langgraph_node_belongs_to_the_enclosing_agent(
    agent_attrs: dict[str, str], expected: list[tuple[str, str, str]]
) -> None:
    rec = Recorder()

    def node(name: str) -> dict[str, str]:
        metadata = json.dumps({"langgraph_node": name})
        return {"openinference.span.kind": "CHAIN", "metadata": metadata}

    inner = {**node("agent"), "openinference.span.kind": "AGENT", **agent_attrs}
    llm = {**node("agent"), "openinference.span.kind": "LLM", "output.value": "500,000"}
    with (
        rec.span("LangGraph", {"openinference.span.kind": "CHAIN"}),
        rec.span("researcher", node("researcher")),
        rec.span("agent", inner),
        rec.span("ChatModel", llm),
    ):
        pass
    trace = convert(otlp_dict(rec.spans()), test_name="t")
    assert [(s.kind.value, s.name, s.agent) for s in trace.steps][:2] == expected


@pytest.mark.parametrize(
    ("flat_arguments", "expected"),
    [
        # smolagents' instrumentor flattens name and id only: the arguments come from output.value
        (None, 'web_search({"query": "Marseille population"})'),
        # flattened arguments, where recorded, are what the call says
        ('{"query": "Lyon"}', 'web_search({"query": "Lyon"})'),
    ],
)
def test_tool_call_arguments_missing_from_flattened_attributes_come_from_output_value(
    flat_arguments: str | None, expected: str
) -> None:
    message = {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "call_1",
                "function": {"name": "web_search", "arguments": {"query": "Marseille population"}},
            }
        ],
    }
    call = "llm.output_messages.0.message.tool_calls.0.tool_call."
    attrs = {
        "openinference.span.kind": "LLM",
        f"{call}id": "call_1",
        f"{call}function.name": "web_search",
        "output.value": json.dumps(message),
    }
    if flat_arguments is not None:
        attrs[f"{call}function.arguments"] = flat_arguments
    rec = Recorder()
    agent = {"openinference.span.kind": "AGENT", "agent.name": "search"}
    with rec.span("search", agent), rec.span("Model.generate", attrs):
        pass
    trace = convert(otlp_dict(rec.spans()), test_name="t")
    assert trace.steps[0].output == expected
    assert trace.steps[0].metadata["requested_tool_calls"] == ["call_1"]


@pytest.mark.parametrize(
    "last",
    [
        {"type": "ai", "data": {"content": "2,282 m"}},  # LangChain's message_to_dict
        {"lc": 1, "type": "constructor", "kwargs": {"content": "2,282 m"}},  # its serialisation
        {"role": "assistant", "content": "2,282 m"},  # a plain chat message
    ],
)
def test_a_conversation_state_answers_with_its_last_message(last: dict[str, Any]) -> None:
    """A MessagesState graph returns the whole history; only its last message is the answer."""
    history = {"type": "ai", "data": {"content": "Kosciuszko is 2,228 m high."}}
    state = json.dumps({"messages": [history, last]})
    rec = Recorder()
    node = {"openinference.span.kind": "AGENT", "agent.name": "supervisor", "output.value": state}
    with rec.span("supervisor", node):
        pass
    trace = convert(otlp_dict(rec.spans()), test_name="t")
    assert trace.final_output == "2,282 m"
    assert trace.steps[-1].output == "2,282 m"


def test_content_links_a_handoff_from_several_steps_back() -> None:
    rec = Recorder()
    outputs = {
        "Scout": "Scout report: the bridge at Arnhem is closed for repairs.",
        "Planner": "Plan: go north.",
        "Driver": "Driving north.",
    }
    for name, output in outputs.items():
        attrs = {"openinference.span.kind": "AGENT", "agent.name": name, "output.value": output}
        with rec.span(name, attrs):
            pass
    reporter = {
        "openinference.span.kind": "AGENT",
        "agent.name": "Reporter",
        "input.value": "Recap: Scout report: the bridge at Arnhem is closed for repairs.",
        "output.value": "All fine.",
    }
    with rec.span("Reporter", reporter):
        pass
    trace = convert(otlp_dict(rec.spans()), test_name="t")
    assert trace.steps[3].parents == ("s0", "s2")


@pytest.mark.parametrize(
    ("agent_attrs", "tool_attrs", "agent", "tool"),
    [
        ({"agent.name": "  "}, {"tool.name": "\t"}, "Researcher", "lookup"),
        ({"agent.name": "", "gen_ai.agent.name": " "}, {"tool.name": ""}, "Researcher", "lookup"),
        ({"agent.name": " Writer "}, {"tool.name": " search "}, "Writer", "search"),
    ],
)
def test_a_blank_or_padded_name_is_not_taken_as_the_name(
    agent_attrs: dict[str, str], tool_attrs: dict[str, str], agent: str, tool: str
) -> None:
    """A name of spaces would read as nobody in reasons and patch headings ("step 0 ( )")."""
    rec = Recorder()
    agent_span = {"openinference.span.kind": "AGENT", **agent_attrs}
    with (
        rec.span("Researcher", agent_span),
        rec.span("lookup", {"openinference.span.kind": "TOOL", **tool_attrs}),
    ):
        pass
    trace = convert(otlp_dict(rec.spans()), test_name="t")
    assert {(s.kind, s.name, s.agent) for s in trace.steps} == {
        (StepKind.AGENT, agent, agent),
        (StepKind.TOOL, tool, agent),
    }


def test_spans_of_no_known_convention_become_agent_steps() -> None:
    rec = Recorder()
    with rec.span("handle_request"), rec.span("db.query"):
        pass
    trace = convert(otlp_dict(rec.spans()), test_name="t")
    assert [(s.kind, s.name) for s in trace.steps] == [
        (StepKind.AGENT, "db.query"),
        (StepKind.AGENT, "handle_request"),
    ]
    assert (
        "no GenAI, OpenInference or OpenLLMetry attributes found" in trace.metadata["warnings"][0]
    )


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("plain text", "plain text"),
        ('{"question": "q?", "notes": "a \\"quoted\\"\\nline"}', 'q?\na "quoted"\nline'),
        ('[{"lc": 1, "type": "constructor", "kwargs": {"content": "hi"}}]', "hi"),
        ('{"broken": ', '{"broken": '),
        ({"n": 3, "ok": True, "none": None}, "3\ntrue"),
        ('"a JSON string"', "a JSON string"),
        ('"unterminated', '"unterminated'),
    ],
)
def test_readable(value: Any, expected: str) -> None:
    assert readable(value) == expected


# -- files: JSON Lines, detection, malformed input ---------------------------------------------


def test_json_lines_exports_are_read_together(tmp_path: Path) -> None:
    first = Recorder()
    second = Recorder(clock=itertools.count(1_800_000_000_000_000_000, 1_000_000))
    genai_two_agents(first)
    with second.span("invoke_agent Auditor", {"gen_ai.operation.name": "invoke_agent"}):
        pass
    path = write_otlp(tmp_path / "t.jsonl", otlp_dict(first.spans()), otlp_dict(second.spans()))
    trace = load_trace(path)
    assert [s.agent for s in trace.steps][-1] == "Auditor"
    assert len(trace.steps) == 6
    assert any("2 traces" in w for w in trace.metadata["warnings"])


def test_truncated_last_line_is_a_partial_import(tmp_path: Path) -> None:
    rec = Recorder()
    genai_two_agents(rec)
    export = otlp_dict(rec.spans())
    path = write_otlp(tmp_path / "t.jsonl", export, export, lines=True)
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) // 2 + len(text) // 4], encoding="utf-8")
    trace = load_trace(path)
    assert len(trace.steps) == 5
    assert "line 2: invalid JSON, skipped (truncated export?)" in trace.metadata["warnings"]


def test_truncated_document_is_one_clear_error(tmp_path: Path) -> None:
    rec = Recorder()
    genai_two_agents(rec)
    path = write_otlp(tmp_path / "t.json", otlp_dict(rec.spans()))
    path.write_text(path.read_text(encoding="utf-8")[:-200], encoding="utf-8")
    with pytest.raises(
        TraceError, match=r"t\.json: invalid JSON at line \d+ column \d+.*truncated"
    ):
        load_trace(path)


def test_duplicate_spans_are_kept_once(tmp_path: Path) -> None:
    rec = Recorder()
    genai_two_agents(rec)
    export = otlp_dict(rec.spans())
    trace = importer.load(write_otlp(tmp_path / "t.jsonl", export, export), test_name="t")
    assert len(trace.steps) == 5
    assert any("duplicate span id" in w for w in trace.metadata["warnings"])


# -- several traces in one file: a span id is unique only within its trace ---------------------


def openinference_auditor(rec: Recorder) -> None:
    with rec.span(
        "Auditor.run",
        {
            "openinference.span.kind": "AGENT",
            "input.value": "Check the answer.",
            "output.value": "Checked: Paris.",
        },
    ):
        llm = {"openinference.span.kind": "LLM", "output.value": "Paris is right."}
        with rec.span("ChatModel", llm):
            pass


def openllmetry_auditor(rec: Recorder) -> None:
    workflow = {"traceloop.span.kind": "workflow", "traceloop.entity.name": "audit"}
    with rec.span("audit.workflow", workflow):
        agent = {
            "traceloop.span.kind": "agent",
            "traceloop.entity.name": "Auditor",
            "traceloop.entity.output": json.dumps("Checked: Paris."),
        }
        with rec.span("Auditor.agent", agent):
            llm = {"llm.request.type": "chat", "gen_ai.completion.0.content": "Paris is right."}
            with rec.span("openai.chat", llm):
                pass


SECOND_RUNS = {
    "gen_ai": genai_two_agents,
    "openinference": openinference_auditor,
    "openllmetry": openllmetry_auditor,
}


def two_runs(second: str) -> tuple[Any, Any]:
    """Spans of two runs whose span ids were counted from 1 in each: the same ids, another
    trace id."""
    first = Recorder(ids=CountedIds(0xA1))
    genai_two_agents(first)
    later = Recorder(
        clock=itertools.count(1_800_000_000_000_000_000, 1_000_000), ids=CountedIds(0xB2)
    )
    SECOND_RUNS[second](later)
    return first.spans(), later.spans()


def one_scope(a: Any, b: Any) -> dict[str, Any]:
    export = otlp_dict(a)
    export["resourceSpans"][0]["scopeSpans"][0]["spans"] += all_spans(otlp_dict(b))
    return export


def all_spans(export: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for r in export["resourceSpans"] for sc in r["scopeSpans"] for s in sc["spans"]]


def lines(*exports: dict[str, Any]) -> str:
    return "".join(json.dumps(e) + "\n" for e in exports)


TWO_TRACE_FILES = {
    "JSON Lines, an export a line": lambda a, b: lines(otlp_dict(a), otlp_dict(b)),
    "protobuf's mapping (base64 ids)": lambda a, b: lines(
        otlp_dict(a, otlp_json=False), otlp_dict(b, otlp_json=False)
    ),
    "a JSON list of exports": lambda a, b: json.dumps([otlp_dict(a), otlp_dict(b)]),
    "one export, a resourceSpans each": lambda a, b: json.dumps(
        {"resourceSpans": otlp_dict(a)["resourceSpans"] + otlp_dict(b)["resourceSpans"]}
    ),
    "one scope holding both": lambda a, b: json.dumps(one_scope(a, b)),
    "an exporter's retry of the first, then the second": lambda a, b: lines(
        otlp_dict(a), otlp_dict(a), otlp_dict(b)
    ),
}


def content(trace: Trace) -> list[tuple[Any, ...]]:
    return [(s.kind, s.name, s.agent, s.input, s.output, s.error) for s in trace.steps]


@pytest.mark.parametrize("layout", list(TWO_TRACE_FILES))
@pytest.mark.parametrize("second", list(SECOND_RUNS))
def test_two_traces_that_reuse_span_ids_are_both_imported(
    tmp_path: Path, layout: str, second: str
) -> None:
    a, b = two_runs(second)
    path = tmp_path / "runs.json"
    path.write_text(TWO_TRACE_FILES[layout](a, b), encoding="utf-8")
    trace = importer.load(path, test_name="t")
    first = importer.load(write_otlp(tmp_path / "a.json", otlp_dict(a)), test_name="t")
    then = importer.load(write_otlp(tmp_path / "b.json", otlp_dict(b)), test_name="t")
    assert content(trace) == content(first) + content(then)
    assert trace.final_output == then.final_output
    by_id = {s.id: s for s in trace.steps}
    for step in trace.steps:  # the span enclosing a step is in its trace
        within = step.metadata.get("within")
        if within is not None:
            assert by_id[within].metadata["trace_id"] == step.metadata["trace_id"]
    warnings = trace.metadata["warnings"]
    assert "the file holds 2 traces; imported together in time order" in warnings
    duplicates = [w for w in warnings if "duplicate span id" in w]
    assert len(duplicates) == (len(a) if "retry" in layout else 0)


def test_spans_without_trace_ids_sent_twice_are_still_one_span(tmp_path: Path) -> None:
    a, _ = two_runs("gen_ai")
    exports = [otlp_dict(a), otlp_dict(a)]
    for export in exports:
        for span in all_spans(export):
            del span["traceId"]
    trace = importer.load(write_otlp(tmp_path / "t.jsonl", *exports), test_name="t")
    first = importer.load(write_otlp(tmp_path / "a.json", otlp_dict(a)), test_name="t")
    assert content(trace) == content(first)
    assert sum("duplicate span id" in w for w in trace.metadata["warnings"]) == len(a)


def test_two_runs_without_trace_ids_that_share_span_ids_are_refused(tmp_path: Path) -> None:
    """Read as one run, the second's spans were dropped as retries and the file was judged on
    the first run's answer alone."""
    a, b = two_runs("gen_ai")
    exports = [otlp_dict(a), otlp_dict(b)]
    for export in exports:
        for span in all_spans(export):
            del span["traceId"]
    with pytest.raises(
        TraceError,
        match=r"t\.jsonl: spans: span \w+ appears twice with different content \(they differ "
        r"in: start, end\); .*own trace id",
    ):
        importer.load(write_otlp(tmp_path / "t.jsonl", *exports), test_name="t")


@pytest.mark.parametrize(
    ("change", "differs"),
    [
        ({"status": {"code": 2, "message": "boom"}}, "error"),
        ({"endTimeUnixNano": "6000"}, "end"),
        ({"name": "invoke_agent Other"}, "name"),
        ({"parentSpanId": "0000000000000002"}, "parent_id"),
    ],
)
def test_a_span_repeated_with_other_content_is_refused(
    tmp_path: Path, change: dict[str, Any], differs: str
) -> None:
    export = {
        "resourceSpans": [
            {
                "scopeSpans": [
                    {
                        "spans": [
                            {"traceId": "ab" * 16, "spanId": "0000000000000001", "name": "run",
                             "startTimeUnixNano": "1000", "endTimeUnixNano": "9000"},
                            {"traceId": "ab" * 16, "spanId": "0000000000000003",
                             "parentSpanId": "0000000000000001", "name": "invoke_agent W",
                             "startTimeUnixNano": "2000", "endTimeUnixNano": "5000"},
                        ]
                    }
                ]
            }
        ]
    }  # fmt: skip
    spans = export["resourceSpans"][0]["scopeSpans"][0]["spans"]
    spans.append({**spans[1], **change})
    with pytest.raises(TraceError, match=rf"span 0000000000000003 .*differ in: {differs}\)"):
        importer.load(write_otlp(tmp_path / "t.json", export), test_name="t")


def test_a_parent_not_exported_is_not_another_traces_span_of_that_id(tmp_path: Path) -> None:
    auditor = Recorder(ids=CountedIds(0xA1))
    openinference_auditor(auditor)  # its agent span has id 1
    run = Recorder(
        clock=itertools.count(1_800_000_000_000_000_000, 1_000_000), ids=CountedIds(0xB2)
    )
    genai_two_agents(run)  # its workflow span has id 1 too, and is not exported
    export = otlp_dict(run.spans())
    spans = all_spans(export)
    spans.remove(by_name(spans, "invoke_workflow trip"))
    root = "0000000000000001"
    for span in spans:  # ids of its other spans are not the auditor's
        span["spanId"] = "f" + span["spanId"][1:]
        if span["parentSpanId"] != root:
            span["parentSpanId"] = "f" + span["parentSpanId"][1:]
    export["resourceSpans"][0]["scopeSpans"][0]["spans"] = spans
    path = write_otlp(tmp_path / "t.jsonl", otlp_dict(auditor.spans()), export)
    trace = importer.load(path, test_name="t")
    writer = trace.steps[-1]
    assert (writer.name, "within" in writer.metadata) == ("Writer", False)
    assert trace.final_output == "The capital is Lyon."


def test_a_tool_call_id_links_a_tool_to_the_call_in_its_own_trace(tmp_path: Path) -> None:
    a, _ = two_runs("gen_ai")
    later = Recorder(
        clock=itertools.count(1_800_000_000_000_000_000, 1_000_000), ids=CountedIds(0xB2)
    )
    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "Auditor"}
    with later.span("invoke_agent Auditor", agent):
        tool = {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "search",
            "gen_ai.tool.call.id": "call_1",  # the first run's model asked for a call_1
        }
        with later.span("execute_tool search", tool):
            pass
    path = write_otlp(tmp_path / "t.jsonl", otlp_dict(a), otlp_dict(later.spans()))
    trace = importer.load(path, test_name="t")
    by_id = {s.id: s for s in trace.steps}
    [search] = [
        s for s in trace.steps if s.metadata["trace_id"].endswith("b2") and s.kind.value == "tool"
    ]
    assert [by_id[p].kind for p in search.parents] == [StepKind.AGENT]  # the handoff, no call


def mutated_export(change: Any, rec: Recorder | None = None) -> dict[str, Any]:
    if rec is None:
        rec = Recorder()
        genai_two_agents(rec)
    export = otlp_dict(rec.spans())
    change(export["resourceSpans"][0]["scopeSpans"][0]["spans"])
    return export


def by_name(spans: list[dict[str, Any]], name: str) -> dict[str, Any]:
    return next(s for s in spans if s["name"] == name)


def test_cycle_in_parent_ids_is_cut_with_a_warning() -> None:
    def make_cycle(spans: list[dict[str, Any]]) -> None:
        root = by_name(spans, "invoke_workflow trip")
        root["parentSpanId"] = by_name(spans, "invoke_agent Writer")["spanId"]

    trace = convert(mutated_export(make_cycle), test_name="t")
    assert len(trace.steps) == 5
    validate_steps(trace.steps)
    cycles = [w for w in trace.metadata["warnings"] if "parent ids form a cycle" in w]
    assert len(cycles) == 1
    # the spans hanging below the cycle keep their own parents
    assert [s.agent for s in trace.steps[:3]] == ["Researcher"] * 3


def test_a_very_deep_span_chain_imports() -> None:
    rec = Recorder()
    for n in range(10_000):
        with rec.span(f"agent{n}", {"openinference.span.kind": "AGENT", "output.value": "x"}):
            pass

    def chain(spans: list[dict[str, Any]]) -> None:
        for parent, child in itertools.pairwise(spans):
            child["parentSpanId"] = parent["spanId"]

    trace = convert(mutated_export(chain, rec), test_name="t")
    assert len(trace.steps) == 10_000
    assert [s.agent for s in trace.steps[:2]] == ["agent0", "agent1"]
    validate_steps(trace.steps)


def test_span_that_is_its_own_parent() -> None:
    def self_parent(spans: list[dict[str, Any]]) -> None:
        for span in spans:
            span["parentSpanId"] = span["spanId"]

    trace = convert(mutated_export(self_parent), test_name="t")
    assert len(trace.steps) == 5
    assert sum("parent ids form a cycle" in w for w in trace.metadata["warnings"]) == 6


def test_spans_without_names_or_ids_are_kept_with_warnings() -> None:
    def strip(spans: list[dict[str, Any]]) -> None:
        for span in spans:
            span.pop("name")
        del spans[0]["spanId"]

    trace = convert(mutated_export(strip), test_name="t")
    assert len(trace.steps) == 5
    warnings = trace.metadata["warnings"]
    assert sum("has no name" in w for w in warnings) == 6
    assert any("no spanId" in w for w in warnings)
    assert {s.agent for s in trace.steps} == {"Researcher", "Writer"}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"resourceSpans": {}}, "resourceSpans: must be a list, got dict"),
        ({"resourceSpans": []}, "holds no spans"),
        ({"resourceSpans": [{"scopeSpans": "x"}]}, "holds no spans"),
        ({"resourceSpans": [{"scopeSpans": [{"spans": [1, "x"]}]}]}, "holds no spans"),
        ({"spans": []}, "spans: holds no spans"),  # read as span rows
        ({"trace": 1}, "(top level): has no resourceSpans"),
        ([{"resourceSpans": []}, 3], "[1]: expected an object with resourceSpans, got int"),
        ("resourceSpans", "(top level): expected an object with resourceSpans, got str"),
    ],
)
def test_wrong_shapes_are_one_clear_error(tmp_path: Path, data: Any, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(TraceError) as caught:
        importer.load(path, test_name="t")
    assert str(path) in str(caught.value)
    assert message in str(caught.value)


def test_bad_spans_are_skipped_beside_good_ones() -> None:
    def spoil(spans: list[dict[str, Any]]) -> None:
        spans.append("not a span")  # type: ignore[arg-type]
        spans[0]["attributes"] = "nope"

    trace = convert(mutated_export(spoil), test_name="t")
    warnings = trace.metadata["warnings"]
    assert any("not an object, skipped" in w for w in warnings)
    assert any("attributes: not a list, ignored" in w for w in warnings)


def test_deep_nesting_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"resourceSpans": ' + "[" * 200_000 + "]" * 200_000 + "}", encoding="utf-8")
    with pytest.raises(TraceError, match="nested too deeply"):
        load_trace(path)


def test_a_100_mb_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("w", encoding="utf-8") as handle:
        handle.write('{"resourceSpans": [')
        handle.truncate(100 * 1024 * 1024)  # sparse: nothing is written to disk
    with pytest.raises(TraceError, match=r"huge\.json: file is 100\.0 MiB, over the 64 MiB limit"):
        load_trace(path)
    with pytest.raises(TraceError, match="over the 64 MiB limit"):
        load_trace(path, format="otlp")


def test_sniff() -> None:
    assert importer.sniff('{"resourceSpans": [')
    assert importer.sniff('{"resource_spans": [')
    assert not importer.sniff('[{"role": "user", "content": "x"}]')
    assert not importer.sniff("resourceSpans")


def test_a_span_that_ends_before_it_starts_is_imported_without_an_end() -> None:
    """It refused the whole trace, with the hint for a native trace ("record the step's real
    latency_ms"). Its time is kept in its parent's own time, and the steps keep the order of
    the untouched export (as a time, the early end put the span first)."""
    moved: dict[str, Any] = {}

    def end_first(spans: list[dict[str, Any]]) -> None:
        span = by_name(spans, "invoke_agent Writer")
        span["endTimeUnixNano"] = str(int(span["startTimeUnixNano"]) - 1_000_000)
        moved["id"] = span["spanId"]

    trace = convert(mutated_export(end_first), test_name="t")
    untouched = convert(mutated_export(lambda spans: None), test_name="t")
    writer = next(s for s in trace.steps if s.metadata["span_id"] == moved["id"])
    assert writer.latency_ms is None and writer.agent == "Writer"
    assert [(s.name, s.agent) for s in trace.steps[:3]] == [
        (s.name, s.agent) for s in untouched.steps[:3]
    ]
    assert trace.final_output == untouched.final_output
    assert trace.metadata["warnings"][0] == (
        f"span {moved['id']} ends 1 ms before it starts; imported without an end time or latency"
    )


def _shape(trace: Trace) -> list[tuple[str, str, tuple[str, ...], Any]]:
    """Each step's name, agent, data-flow parents and enclosing step, in the trace's order."""
    return [(s.name, s.agent, s.parents, s.metadata.get("within")) for s in trace.steps]


@pytest.mark.parametrize(
    "names",
    [
        ["invoke_agent Researcher"],
        ["invoke_agent Writer"],
        ["invoke_workflow trip"],
        ["chat gpt-4o"],
        ["invoke_agent Researcher", "invoke_agent Writer", "invoke_workflow trip"],
    ],
)
@pytest.mark.parametrize("how", ["absent", "before its start"])
def test_a_span_without_an_end_comes_after_the_work_inside_it(names: list[str], how: str) -> None:
    """Ordered by its start, an agent span without an end came before its own LLM call and
    tool: the Researcher's notes were read as made before the search that returned them, and
    a not_contains check blamed the Researcher for 'introducing' what the tool returned."""

    def no_end(spans: list[dict[str, Any]]) -> None:
        for name in names:
            span = by_name(spans, name)  # the first span of that name
            if how == "absent":
                del span["endTimeUnixNano"]
            else:
                span["endTimeUnixNano"] = str(int(span["startTimeUnixNano"]) - 1_000_000)

    def says_paris(spans: list[dict[str, Any]]) -> None:
        for attribute in by_name(spans, "invoke_agent Writer")["attributes"]:
            if attribute["key"] == "gen_ai.output.messages":
                text = attribute["value"]["stringValue"]
                attribute["value"]["stringValue"] = text.replace("Lyon", "Paris")

    untouched = convert(mutated_export(says_paris), test_name="t")
    trace = convert(mutated_export(lambda spans: (says_paris(spans), no_end(spans))), test_name="t")
    assert _shape(trace) == _shape(untouched)
    from blame.testing import make_check, run_check

    top = run_check(make_check("not_contains", value="Paris"), trace).blame[0]
    assert (top.kind, top.name, top.step_index) == ("tool", "search", 1)


def test_a_superscript_digit_in_a_time_is_no_time() -> None:
    """`"\u00b2"` passes str.isdigit but not int(): the span is read as one without that time,
    never an internal error on an untrusted file."""

    def superscript(spans: list[dict[str, Any]]) -> None:
        by_name(spans, "invoke_agent Writer")["endTimeUnixNano"] = "\u00b2"

    trace = convert(mutated_export(superscript), test_name="t")
    assert any(step.agent == "Writer" for step in trace.steps)


@pytest.mark.parametrize(
    "value",
    ["1" * 5000, "1" * 400, 10**400, 2**64, str(2**64), -1],
)
def test_a_time_outside_unsigned_64_bits_is_no_time(value: Any) -> None:
    """OTLP times are uint64 nanoseconds: 400 digits overflowed the latency's float and 5,000
    `int()` itself ('the otlp importer failed: OverflowError'); -1 made a negative latency that
    refused the whole trace."""

    def huge(spans: list[dict[str, Any]]) -> None:
        by_name(spans, "invoke_agent Writer")["endTimeUnixNano"] = value

    trace = convert(mutated_export(huge), test_name="t")
    writer = [s for s in trace.steps if s.agent == "Writer" and s.kind is StepKind.AGENT]
    assert writer and writer[0].latency_ms is None
    unread = [w for w in trace.metadata["warnings"] if "endTimeUnixNano" in w]
    assert len(unread) == 1 and unread[0].endswith("is not a time; imported without it")


# -- nesting: self time and cost, a crashed root, tool output to the caller's next call ------


def _oi(kind: str, **attrs: Any) -> dict[str, Any]:
    return {"openinference.span.kind": kind, **attrs}


def nested_run(*, answer: str | None = "522,250", tool_ms: int = 40) -> Trace:
    """An OpenInference agent span holding an LLM call, a slow tool nested inside that call
    (as some instrumentors record the tool the call ran) and a second LLM call."""
    rec = Recorder()
    with rec.span("Agent.run", _oi("AGENT", **{"input.value": "population of Lyon?"})) as run:
        with (
            rec.span(
                "llm", _oi("LLM", **{"output.value": "web_search('Lyon')", "llm.cost.total": 0.01})
            ),
            rec.span(
                "web_search",
                _oi(
                    "TOOL",
                    **{
                        "tool.name": "web_search",
                        "input.value": "Lyon",
                        "output.value": "Lyon: 522,250",
                    },
                ),
            ),
        ):
            for _ in range(tool_ms):
                next(rec.clock)
        with rec.span(
            "llm",
            _oi(
                "LLM",
                **{
                    "input.value": "Lyon: 522,250",
                    "output.value": "522,250",
                    "llm.cost.total": 0.02,
                },
            ),
        ):
            pass
        if answer is not None:
            run.set_attribute("output.value", answer)
        run.set_attribute("llm.cost.total", 0.03)
    return convert(otlp_dict(rec.spans()), test_name="nested")


def test_a_parent_span_counts_only_its_own_time_and_cost() -> None:
    trace = nested_run()
    by_name = {s.name: s for s in trace.steps}
    tool, run = by_name["web_search"], by_name["Agent.run"]
    assert tool.latency_ms == 41.0
    assert run.latency_ms == 3.0  # 47 ms in all, 44 of them inside its LLM calls
    assert sum(s.latency_ms or 0 for s in trace.steps) == 47.0
    assert run.cost_usd == 0.0  # the 0.03 it carries is its two calls' 0.01 + 0.02
    assert [s.cost_usd for s in trace.steps if s.kind is StepKind.LLM] == [0.01, 0.02]


def test_a_root_span_without_output_gives_an_empty_final_output() -> None:
    assert nested_run().final_output == "522,250"
    assert nested_run(answer=None).final_output == ""


def _answered(text: str) -> str:
    return json.dumps([{"role": "assistant", "parts": [{"type": "text", "content": text}]}])


def _researcher_then_writer(writer: dict[str, Any], *, fails: bool) -> Trace:
    """A Researcher who says Paris, then a Writer whose span records `writer`."""
    rec = Recorder()

    def agent(name: str, **attrs: Any) -> dict[str, Any]:
        return {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": name, **attrs}

    with rec.span("trip"):
        fact = _answered("The Louvre is in Paris.")
        with rec.span("invoke_agent Researcher", agent("Researcher", **{OUT: fact})):
            pass
        with rec.span("invoke_agent Writer", agent("Writer", **writer)) as span:
            if fails:
                rec.fail(span, RuntimeError("boom"))
    return convert(otlp_dict(rec.spans()), test_name="t")


OUT = "gen_ai.output.messages"


@pytest.mark.parametrize(
    ("writer", "fails", "final"),
    [
        ({OUT: _answered("It is in France.")}, False, "It is in France."),
        ({OUT: _answered("")}, False, ""),  # it answered nothing
        ({OUT: json.dumps({"role": "assistant"})}, False, ""),  # an answer with no text
        ({OUT: json.dumps([{"role": "assistant", "parts": "Paris"}])}, False, ""),
        ({"output.value": ""}, False, ""),
        ({}, True, ""),  # it failed without answering
    ],
)
def test_the_last_top_level_agent_answers_even_with_nothing(
    writer: dict[str, Any], fails: bool, final: str
) -> None:
    # an earlier agent's text is not the run's answer: it passed a check the run failed
    assert _researcher_then_writer(writer, fails=fails).final_output == final


def test_a_last_agent_that_recorded_no_output_is_stood_in_for_with_a_warning() -> None:
    trace = _researcher_then_writer({}, fails=False)
    assert trace.final_output == "The Louvre is in Paris."
    warning = next(w for w in trace.metadata["warnings"] if "recorded no output" in w)
    assert "(Writer): the last top-level agent recorded no output" in warning
    assert "Researcher's" in warning


def test_without_agent_content_the_answer_is_the_outermost_output_that_ended_last() -> None:
    """A root that recorded no content over two model calls: the run's answer is the second
    call's; the first call's tool request was taken for it (the first output in preorder)."""
    rec = Recorder()
    llm = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"}
    with rec.span("invoke_agent Writer", {"gen_ai.operation.name": "invoke_agent"}):
        with rec.span("chat m", {**llm, OUT: json.dumps([_called("lookup")])}):
            pass
        with rec.span("execute_tool lookup", {"gen_ai.operation.name": "execute_tool"}) as tool:
            tool.set_attribute("gen_ai.tool.call.result", "Lyon: 522,250")
        with rec.span("chat m", {**llm, OUT: _answered("Lyon has 522,250 people.")}):
            pass
    trace = convert(otlp_dict(rec.spans()), test_name="t")
    assert trace.final_output == "Lyon has 522,250 people."


def _called(tool: str) -> dict[str, Any]:
    call = {"type": "tool_call", "id": "c1", "name": tool, "arguments": {}}
    return {"role": "assistant", "parts": [call]}


def _pydantic_ai_export(version: int | None) -> dict[str, Any]:
    """A real PydanticAI Writer that asks a Researcher agent (through a tool) who searches and
    misreads 522,250 as 52,225, traced by PydanticAI's own instrumentation."""
    pydantic_ai = pytest.importorskip("pydantic_ai")
    from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart
    from pydantic_ai.models.function import AgentInfo, FunctionModel
    from pydantic_ai.models.instrumented import InstrumentationSettings

    def scripted(*replies: ModelResponse) -> FunctionModel:
        def reply(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
            return replies[min(len(messages) // 2, len(replies) - 1)]

        return FunctionModel(reply)

    def search(q: str) -> str:
        """Search the web."""
        return "Lyon population: 522,250 (2021 census)."

    researcher = pydantic_ai.Agent(
        scripted(
            ModelResponse(parts=[ToolCallPart("search", {"q": "population of Lyon"})]),
            ModelResponse(parts=[TextPart("Lyon has 52,225 inhabitants.")]),
        ),
        name="Researcher",
        tools=[search],
    )

    async def ask_researcher(topic: str) -> str:
        """Ask the researcher."""
        return str((await researcher.run(topic)).output)

    writer = pydantic_ai.Agent(
        scripted(
            ModelResponse(parts=[ToolCallPart("ask_researcher", {"topic": "population of Lyon"})]),
            ModelResponse(parts=[TextPart("The population of Lyon is 52,225.")]),
        ),
        name="Writer",
        tools=[ask_researcher],
    )
    rec = Recorder()
    chosen = {} if version is None else {"version": version}
    with warnings.catch_warnings():  # version 2 is deprecated: what older PydanticAI wrote
        warnings.simplefilter("ignore")
        settings = InstrumentationSettings(tracer_provider=rec.provider, **chosen)
    researcher.instrument = writer.instrument = settings
    # asyncio.run closes its loop; run_sync leaves one open for the rest of the session
    done = asyncio.run(writer.run("What is the population of Lyon?"))
    assert done.output.endswith("52,225.")
    return otlp_dict(rec.spans())


@pytest.mark.pydantic_ai
@pytest.mark.parametrize("version", [2, None])  # the oldest it still writes, and its default
def test_pydantic_ais_own_instrumentation_is_read_whole(version: int | None) -> None:
    """PydanticAI's spans keep an agent run's answer in `final_result` and (version 2) a
    tool's in `tool_response`: without them the run's answer was the Writer's first model
    call ('ask_researcher(...)'), every agent step was empty and the culprit was the Writer."""
    from blame.testing import make_check, run_check

    trace = convert(_pydantic_ai_export(version), test_name="t")
    assert trace.final_output == "The population of Lyon is 52,225."
    assert trace.input == "What is the population of Lyon?"
    assert "warnings" not in trace.metadata
    agents = {s.agent: s for s in trace.steps if s.kind is StepKind.AGENT}
    assert agents["Researcher"].input == "population of Lyon"
    assert agents["Researcher"].output == "Lyon has 52,225 inhabitants."
    search = next(s for s in trace.steps if s.name == "search")
    assert search.output == "Lyon population: 522,250 (2021 census)."
    assert json.loads(search.input) == {"q": "population of Lyon"}
    top = run_check(make_check("contains", value="522,250"), trace).blame[0]
    misread = trace.steps[top.step_index or 0]
    assert (top.agent, misread.kind, misread.output) == (
        "Researcher",
        StepKind.LLM,
        "Lyon has 52,225 inhabitants.",
    )


def _ag2_export(monkeypatch: pytest.MonkeyPatch, *, group: bool) -> dict[str, Any]:
    """A real AG2 chat traced by AG2's own instrumentation: Researcher asks for a search that
    User runs, then misreads 522,250 as 52,225; a chat of two, or a group chat."""
    autogen = pytest.importorskip("autogen")
    from autogen.opentelemetry import instrument_agent, instrument_llm_wrapper
    from blame_ag2.fakes import call, llm_config, scripted

    def search(q: str) -> str:
        return "Lyon population: 522,250 (2021 census)."

    user = autogen.ConversableAgent(
        "User", llm_config=False, human_input_mode="NEVER", code_execution_config=False
    )
    researcher = autogen.ConversableAgent(
        "Researcher", llm_config=llm_config(), human_input_mode="NEVER"
    )
    autogen.register_function(search, caller=researcher, executor=user, description="Search")
    scripted(researcher, call("search", q="population of Lyon"), "Lyon has 52,225 inhabitants.")
    rec = Recorder()
    # the instrumentation wraps the model client class for good: undone after the test
    monkeypatch.setattr(autogen.OpenAIWrapper, "create", autogen.OpenAIWrapper.create)
    instrument_llm_wrapper(tracer_provider=rec.provider, capture_messages=True)
    asked = "What is the population of Lyon?"
    if not group:
        for agent in (user, researcher):
            instrument_agent(agent, tracer_provider=rec.provider)
        user.initiate_chat(researcher, message=asked, max_turns=2)
        return otlp_dict(rec.spans())

    def next_speaker(last: Any, chat: Any) -> Any:
        return user if chat.messages[-1].get("tool_calls") else researcher

    chat = autogen.GroupChat(
        [user, researcher], messages=[], max_round=4, speaker_selection_method=next_speaker
    )
    manager = autogen.GroupChatManager(chat, llm_config=False)
    for agent in (user, researcher, manager):
        instrument_agent(agent, tracer_provider=rec.provider)
    user.initiate_chat(manager, message=asked)
    return otlp_dict(rec.spans())


@pytest.mark.ag2
@pytest.mark.parametrize("group", [False, True])
def test_ag2s_own_instrumentation_answers_with_the_last_message(
    monkeypatch: pytest.MonkeyPatch, group: bool
) -> None:
    """AG2's conversation span records every message of the chat as its output: in a group
    chat (whose manager's span records no answer) the run's answer was all of them, the
    search result's 522,250 included, so a check the run failed passed (a false pass). Its
    answer is the last message. And the reply AG2 records on the agent span is the output of
    the one model call inside it: the call was empty, and the next call that saw the value
    was blamed for dropping it."""
    from blame.testing import make_check, run_check

    trace = convert(_ag2_export(monkeypatch, group=group), test_name="t")
    assert trace.final_output == "Lyon has 52,225 inhabitants."
    result = run_check(make_check("contains", value="522,250"), trace)
    assert not result.passed
    misread = trace.steps[result.blame[0].step_index or 0]
    assert (misread.kind, misread.agent, misread.output) == (
        StepKind.LLM,
        "Researcher",
        "Lyon has 52,225 inhabitants.",
    )


def test_a_tool_inside_an_llm_span_feeds_its_callers_next_call() -> None:
    trace = nested_run()
    tool = next(s for s in trace.steps if s.kind is StepKind.TOOL)
    second = [s for s in trace.steps if s.kind is StepKind.LLM][1]
    assert tool.id in second.parents


def test_each_step_names_the_step_whose_span_encloses_it() -> None:
    rec = Recorder()

    def node(name: str, kind: str = "CHAIN") -> dict[str, str]:
        metadata = json.dumps({"langgraph_node": name})
        return {"openinference.span.kind": kind, "metadata": metadata}

    llm = {**node("agent", "LLM"), "output.value": "500,000"}
    with (
        rec.span("LangGraph", {"openinference.span.kind": "CHAIN"}),
        rec.span("supervisor", node("supervisor")),
        rec.span("agent", node("agent", "AGENT")),
        rec.span("ChatModel", llm),
    ):
        pass
    trace = convert(otlp_dict(rec.spans()), test_name="t")
    within = {s.name: s.metadata.get("within") for s in trace.steps}
    ids = {s.name: s.id for s in trace.steps}
    assert within["ChatModel"] == ids["supervisor/agent"]
    assert within["supervisor/agent"] == ids["supervisor"]
    assert within["supervisor"] is None


# -- a failed action: the error of the LLM call that chose it ----------------------------------


def smolagents_run(monkeypatch: pytest.MonkeyPatch, *replies: str) -> Trace:
    """A real smolagents CodeAgent with scripted replies, traced by OpenInference's instrumentor."""
    import smolagents
    from blame_smolagents.fakes import ScriptedModel
    from openinference.instrumentation.smolagents import SmolagentsInstrumentor

    # The instrumentor wraps the model classes smolagents exports: export the scripted one.
    monkeypatch.setattr(smolagents, "ScriptedModel", ScriptedModel, raising=False)
    rec = Recorder()
    instrumentor = SmolagentsInstrumentor()
    instrumentor.instrument(tracer_provider=rec.provider)
    try:
        agent = smolagents.CodeAgent(
            tools=[], model=ScriptedModel(*replies), name="manager", max_steps=4, verbosity_level=0
        )
        with contextlib.redirect_stdout(io.StringIO()):
            agent.run("What is the population of Lyon?")
    finally:
        instrumentor.uninstrument()
    return convert(otlp_dict(rec.spans()), test_name="smolagents")


def _code(source: str) -> str:
    from blame_smolagents.fakes import code

    return code(source)


FAILED_ACTIONS = [
    (
        "code that raised",
        ['print(int("522,250 people".split()[0]))', 'final_answer("500,000")'],
        ["AgentExecutionError", None],
    ),
    ("a reply without code", [None, 'final_answer("500,000")'], ["AgentParsingError", None]),
    ("nothing failed", ['final_answer("500,000")'], [None]),
]


@pytest.mark.smolagents
@pytest.mark.parametrize(
    ("sources", "errors"), [r[1:] for r in FAILED_ACTIONS], ids=[r[0] for r in FAILED_ACTIONS]
)
def test_a_failed_smolagents_step_is_the_error_of_the_llm_call_that_chose_it(
    monkeypatch: pytest.MonkeyPatch, sources: list[str | None], errors: list[str | None]
) -> None:
    replies = [_code(s) if s else "The population is 500,000." for s in sources]
    trace = smolagents_run(monkeypatch, *replies)
    calls = [s for s in trace.steps if s.kind is StepKind.LLM]
    kinds = [s.error.split(":")[0].rsplit(".", 1)[-1] if s.error else None for s in calls]
    assert kinds == errors
    assert all(s.error is None for s in trace.steps if s.kind is not StepKind.LLM)


@pytest.mark.smolagents
def test_content_never_produced_after_a_failed_action_blames_the_call_that_chose_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from blame.testing import make_check, run_check

    trace = smolagents_run(
        monkeypatch, _code("print(population_of_lyon)"), _code('final_answer("500,000")')
    )
    top = run_check(make_check("contains", value="522,250"), trace).blame[0]
    first_call = next(s.index for s in trace.steps if s.kind is StepKind.LLM)
    assert (top.name, top.step_index) == ("manager.run", first_call)
    assert "(manager.run) chose an action that raised 'smolagents.utils.AgentExecutionError" in (
        top.reason
    )
    assert top.reason.count("(Step 1) upstream of the final output") == 1


@pytest.mark.smolagents
def test_what_a_code_step_printed_is_the_output_of_the_llm_call_that_wrote_the_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A CodeAgent's code runs in no span of its own: what it printed is only in its `Step N`
    chain's output. The call that wrote the code produced it, so a wrong figure computed in
    code and then returned is blamed on that call, not on the call that copied it out."""
    from blame.testing import make_check, run_check

    trace = smolagents_run(
        monkeypatch, _code("lyon = 522250 - 22250\nprint(lyon)"), _code('final_answer("500000")')
    )
    calls = [s for s in trace.steps if s.kind is StepKind.LLM]
    assert "500000" in str(calls[0].output) and "522250 - 22250" in str(calls[0].output)
    top = run_check(make_check("contains", value="522,250"), trace).blame[0]
    assert top.step_index == calls[0].index


def _failed_step_tree(shape: str) -> Trace:
    """A smolagents-shaped `Step 1` chain that failed, holding what `shape` names."""
    rec = Recorder()
    with (
        rec.span("manager.run", _oi("AGENT", **{"input.value": "Lyon?"})),
        rec.span("Step 1", _oi("CHAIN")) as step,
    ):
        if shape != "no LLM call":
            with rec.span("manager call", _oi("LLM", **{"output.value": "code"})):
                pass
        if shape in ("a tool that failed", "no LLM call"):
            with rec.span("web_search", _oi("TOOL", **{"tool.name": "web_search"})) as tool:
                if shape == "a tool that failed":
                    rec.fail(tool, RuntimeError("HTTP 503"))
        if shape == "a managed agent":
            with (
                rec.span("search_agent.run", _oi("AGENT")),
                rec.span("search call", _oi("LLM", **{"output.value": "web_search()"})),
            ):
                pass
        if shape == "a recovered tool call":
            step.add_event(
                "agent.step_recovery", {"type": "AgentToolCallError", "message": "unknown tool foo"}
            )
        else:
            rec.fail(step, RuntimeError("code raised"))
    return convert(otlp_dict(rec.spans()), test_name="t")


CONTAINER_ERRORS = [
    ("the call alone", {"manager call": "RuntimeError: code raised"}),
    ("a tool that failed", {"web_search": "RuntimeError: HTTP 503"}),
    ("a managed agent", {"manager call": "RuntimeError: code raised"}),
    ("a recovered tool call", {"manager call": "AgentToolCallError: unknown tool foo"}),
    ("no LLM call", {}),
]


@pytest.mark.parametrize(
    ("shape", "errors"), CONTAINER_ERRORS, ids=[r[0] for r in CONTAINER_ERRORS]
)
def test_a_failed_container_gives_its_error_to_the_llm_call_it_holds_unless_a_step_failed(
    shape: str, errors: dict[str, str]
) -> None:
    trace = _failed_step_tree(shape)
    assert {s.name: s.error for s in trace.steps if s.error} == errors
    moved = {
        s.name: s.metadata["failed_action"] for s in trace.steps if "failed_action" in s.metadata
    }
    assert moved == ({"manager call": "Step 1"} if "manager call" in errors else {})


@pytest.mark.smolagents
def test_smolagents_messages_are_read_from_their_text_parts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """smolagents' instrumentor records each message's content as a list of parts: the text is
    the message, not the JSON around it (no role name, no ChatMessage repr in the input)."""
    reply = _code('final_answer("522,250")')
    trace = smolagents_run(monkeypatch, reply)
    call = next(s for s in trace.steps if s.kind is StepKind.LLM)
    assert call.output == reply
    assert "What is the population of Lyon?" in call.input
    assert "ChatMessage(" not in call.input and "MessageRole" not in call.input


@pytest.mark.smolagents
def test_smolagents_call_options_are_not_content(monkeypatch: pytest.MonkeyPatch) -> None:
    """smolagents records a run's and a tool's call options (`stream`, `reset`,
    `sanitize_inputs_outputs`) beside the task and the arguments: a `true` in front of a
    search query would be quoted in reasons as if the agent had written it."""
    trace = smolagents_run(monkeypatch, _code('final_answer("500,000")'))
    inputs = {s.name: str(s.input).splitlines() for s in trace.steps if s.kind is not StepKind.LLM}
    assert inputs["final_answer"] == ["500,000"]
    assert inputs["manager.run"] == ["What is the population of Lyon?"]


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ('{"query": "spat 2022", "sanitize_inputs_outputs": true}', "spat 2022"),
        ('{"task": "Find it.", "stream": false, "reset": true}', "Find it."),
        ('{"river": "Amazon", "stream": "Rio Negro", "reset": "2024-03-01"}',
         "Amazon\nRio Negro\n2024-03-01"),  # a tool's fields of those names are content
    ],
)  # fmt: skip
def test_a_call_options_flag_is_no_content_but_a_field_of_its_name_is(
    value: str, text: str
) -> None:
    assert readable(value) == text


@pytest.mark.parametrize(
    ("attrs", "expected"),
    [
        ({"0.message.content": "a", "1.message.content": "b"}, "a\nb"),
        (
            {
                "1.message.contents.0.message_content.text": "c",
                "0.message.contents.1.message_content.text": "b",
                "0.message.contents.0.message_content.text": "a",
                "0.message.contents.2.message_content.type": "image",
                "0.message.role": "user",
            },
            "a\nb\nc",
        ),
        ({"0.message.contents.x.message_content.text": "odd", "0.message.content": "a"}, "a"),
        ({"0.message.contents.\u00b2.message_content.text": "odd", "0.message.content": "a"}, "a"),
        ({"\u00b2.message.content": "odd", "0.message.content": "a"}, "a"),
    ],
    ids=[
        "content",
        "parts in order, text only",
        "malformed part index",
        "superscript part index",  # isdigit() accepts it, int() refuses it
        "superscript message index",
    ],
)
def test_flattened_messages_read_content_or_text_parts(
    attrs: dict[str, str], expected: str
) -> None:
    rec = Recorder()
    span = {"openinference.span.kind": "LLM", "output.value": "{}"}
    span.update({f"llm.output_messages.{k}": v for k, v in attrs.items()})
    with rec.span("Model.generate", span):
        pass
    assert convert(otlp_dict(rec.spans()), test_name="t").steps[0].output == expected


def test_a_null_field_gives_way_to_its_other_spelling() -> None:
    """An exporter that writes both spellings of an id, one of them null, keeps the links."""
    rec = Recorder()
    with rec.span("graph", {"openinference.span.kind": "CHAIN"}):
        for name in ("planner", "coder"):
            with rec.span(name, {"openinference.span.kind": "AGENT", "agent.name": name}):
                pass
    document = otlp_dict(rec.spans())
    for span in document["resourceSpans"][0]["scopeSpans"][0]["spans"]:
        span["span_id"], span["spanId"] = span["spanId"], None
        span["parent_span_id"], span["parentSpanId"] = span.get("parentSpanId"), None
    trace = convert(document, test_name="t")
    assert [(s.name, s.parents) for s in trace.steps] == [("planner", ()), ("coder", ("s0",))]
    assert not any("no spanId" in w for w in trace.metadata.get("warnings", ()))


def _writer_with(attribute: dict[str, Any]) -> dict[str, Any]:
    attributes = [
        {"key": "gen_ai.operation.name", "value": {"stringValue": "invoke_agent"}},
        {"key": "gen_ai.agent.name", "value": {"stringValue": "W"}},
        {"key": "gen_ai.usage.cost", "value": attribute},
    ]
    span = {
        "traceId": "ab" * 16,
        "spanId": "0000000000000003",
        "name": "invoke_agent W",
        "startTimeUnixNano": "2000",
        "endTimeUnixNano": "5000",
        "attributes": attributes,
    }
    return {"resourceSpans": [{"scopeSpans": [{"spans": [span]}]}]}


@pytest.mark.parametrize(
    ("attribute", "cost"),
    [
        ({"doubleValue": 0.25}, 0.25),
        ({"stringValue": "0.25"}, 0.25),
        ({"stringValue": "a quarter"}, None),
        ({"doubleValue": "Infinity"}, "inf"),  # protobuf's JSON mapping of an infinite double
        ({"doubleValue": "-Infinity"}, "-inf"),
        ({"doubleValue": "NaN"}, "nan"),
        ({"intValue": "9" * 400}, "inf"),  # past a float: OverflowError, not a clear line
    ],
)
def test_a_cost_is_read_or_refused_never_dropped(
    tmp_path: Path, attribute: dict[str, Any], cost: float | str | None
) -> None:
    """An infinite or NaN cost, spelt as protobuf's JSON mapping spells it, was left out: the
    run passed `max_cost` as "no cost recorded"."""
    path = write_otlp(tmp_path / "t.json", _writer_with(attribute))
    if not isinstance(cost, str):
        assert importer.load(path, test_name="t").steps[0].cost_usd == cost
        return
    with pytest.raises(TraceError, match=rf"cost_usd: must be a finite number .*got {cost};"):
        importer.load(path, test_name="t")


@pytest.mark.parametrize(
    ("given", "read"),
    [
        ("42", 42),
        (42, 42),
        (42.0, 42),
        (True, True),
        ("forty", "forty"),
        ("9" * 5000, "9" * 5000),  # past Python's digit limit: kept as written
        (float("inf"), float("inf")),  # `Infinity` and `1e400` as Python's JSON reads them
        (float("-inf"), float("-inf")),
        (2.5, 2.5),
        (None, None),
    ],
)
def test_an_int_value_that_is_no_integer_is_kept_as_written(given: Any, read: Any) -> None:
    from blame.importers.otlp.wire import int_value

    assert int_value(given) == read


@pytest.mark.parametrize("number", ["Infinity", "-Infinity", "1e400"])
def test_an_infinite_int_value_is_the_field_s_error_not_the_importer_s(
    tmp_path: Path, number: str
) -> None:
    span = {
        "spanId": "0000000000000002",
        "name": "invoke_agent W",
        "attributes": [
            {"key": "gen_ai.agent.name", "value": {"stringValue": "W"}},
            {"key": "gen_ai.usage.cost", "value": {"intValue": "@"}},
        ],
    }
    text = json.dumps({"resourceSpans": [{"scopeSpans": [{"spans": [span]}]}]})
    path = tmp_path / "run.json"
    path.write_text(text.replace('"@"', number), encoding="utf-8")
    with pytest.raises(TraceError, match=r"cost_usd: must be a finite number of at least 0"):
        load_trace(path)  # it was "the 'otlp' importer failed: OverflowError: ..."
