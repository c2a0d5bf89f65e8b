"""The `langgraph` agent type: entry point, loading, options, and the examples end to end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from blame_langgraph.adapter import LangGraphAdapter, graph_input, run_config
from blame_langgraph.tracer import LangGraphRunError

from blame.config import load_config
from blame.context import RunContext
from blame.errors import AgentError, ConfigError, ExitCode
from blame.model import StepKind
from blame.protocols import AgentAdapter
from tests.integrations.conftest import copy_example, recorded_fixtures

pytestmark = pytest.mark.langgraph

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"

GRAPH_MODULE = """
from typing import Any, TypedDict

from langchain_core.messages import AIMessage
from langgraph.graph import START, MessagesState, StateGraph


class Answer(TypedDict, total=False):
    question: str
    answer: str


def reply(state: MessagesState) -> dict[str, Any]:
    asked = state["messages"][-1].content
    if "crash" in asked:
        raise RuntimeError("model is down")
    return {"messages": [AIMessage("echo: " + asked)]}


def answer(state: Answer) -> dict[str, Any]:
    return {"answer": "answered " + state["question"]}


def builder():
    graph = StateGraph(MessagesState)
    graph.add_node("reply", reply)
    graph.add_edge(START, "reply")
    return graph


def factory():
    return builder().compile()


compiled = factory()
uncompiled = builder()


def with_memory():
    from langgraph.checkpoint.memory import InMemorySaver

    return builder().compile(checkpointer=InMemorySaver())


def keyed():
    graph = StateGraph(Answer)
    graph.add_node("answer", answer)
    graph.add_edge(START, "answer")
    return graph.compile()


from langgraph.func import entrypoint, task


@task
def shout(text: str) -> str:
    return text.upper()


@entrypoint()
def functional(topic: str) -> str:
    return shout("draft about " + topic).result()


def summarised():
    from blame_langgraph.fakes import RuleChatModel

    model = RuleChatModel(reply=lambda messages: "short", model_name="m")

    def summarise(state: Answer) -> dict[str, Any]:
        return {"answer": str(model.invoke(state["question"]).content)}

    graph = StateGraph(Answer)
    graph.add_node("summarise", summarise)
    graph.add_edge(START, "summarise")
    return graph.compile()


def desk():
    import lg_graphs

    return lg_graphs.async_only(where="node")


def plan_review():
    import lg_graphs

    return lg_graphs.plan_review()


def plan_review_unsaved():
    import lg_graphs

    return lg_graphs.plan_review(checkpointer=False)


def held(after=False):
    from langgraph.checkpoint.memory import InMemorySaver

    def draft(state: Answer) -> dict[str, Any]:
        return {"answer": "draft for " + state["question"]}

    def send(state: Answer) -> dict[str, Any]:
        return {"answer": "sent: " + state["answer"]}

    graph = StateGraph(Answer)
    graph.add_node("draft", draft)
    graph.add_node("send", send)
    graph.add_edge(START, "draft")
    graph.add_edge("draft", "send")
    where = {"interrupt_after": ["draft"]} if after else {"interrupt_before": ["send"]}
    return graph.compile(checkpointer=InMemorySaver(), **where)


def held_after():
    return held(after=True)


def reviewed_twice():
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.types import interrupt

    def review(state: Answer) -> dict[str, Any]:
        first = interrupt("approve the draft?")
        second = interrupt("approve the price?")
        return {"answer": f"{first}/{second}"}

    graph = StateGraph(Answer)
    graph.add_node("review", review)
    graph.add_edge(START, "review")
    return graph.compile(checkpointer=InMemorySaver())


def command_fanout():
    import lg_graphs

    return lg_graphs.command_fanout()


def edge_fanout_garbled():
    import lg_graphs

    return lg_graphs.edge_fanout(garble=True)


def edge_fanout_kept():
    import lg_graphs

    return lg_graphs.edge_fanout(garble=False)


def greeter():
    import lg_graphs

    return lg_graphs.greeter()


def drafted_then_crashed():
    import lg_graphs

    return lg_graphs.drafted_then_crashed()


def needs_argument(x):
    return factory()


not_a_graph = 42
"""


@pytest.fixture
def module_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding `graph_app.py`, as if beside blame.yaml."""
    monkeypatch.setenv("BLAME_NO_WARN", "1")
    (tmp_path / "graph_app.py").write_text(textwrap.dedent(GRAPH_MODULE))
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("graph_app", None)
    return tmp_path


def load(module_dir: Path, attr: str, **options: Any) -> Any:
    return LangGraphAdapter().load(f"graph_app:{attr}", base_dir=module_dir, options=options)


def test_registered_through_the_entry_point() -> None:
    adapter = RunContext().adapters()["langgraph"]
    assert isinstance(adapter, LangGraphAdapter)
    assert isinstance(adapter, AgentAdapter)
    assert adapter.type == "langgraph"


@pytest.mark.parametrize("attr", ["compiled", "factory", "uncompiled"])
def test_loads_a_graph_a_factory_or_a_builder(module_dir: Path, attr: str) -> None:
    final, trace = load(module_dir, attr)("hello", "t1")
    assert final == "echo: hello"
    assert trace.test_name == "t1"
    assert [(s.name, s.output) for s in trace.steps] == [("reply", "echo: hello")]


def test_a_graph_with_a_checkpointer_gets_a_fresh_thread_per_run(module_dir: Path) -> None:
    run = load(module_dir, "with_memory")
    first = run("hello", "t")
    second = run("hello", "t")
    assert first[0] == second[0] == "echo: hello"
    assert first[1].to_dict()["steps"][0]["input"] == "user: hello"
    assert second[1].steps[0].input == "user: hello"


@pytest.mark.parametrize(
    ("config", "expected"),
    [
        (None, None),
        ({"recursion_limit": 5}, {"recursion_limit": 5}),
    ],
)
def test_run_config_without_checkpointer_is_unchanged(
    config: dict[str, Any] | None, expected: dict[str, Any] | None
) -> None:
    assert run_config(object(), config) == expected


def test_run_config_keeps_a_given_thread() -> None:
    class Graph:
        checkpointer = object()

    given = {"configurable": {"thread_id": "mine"}, "recursion_limit": 3}
    assert run_config(Graph(), given) == given
    fresh = run_config(Graph(), None)
    assert fresh is not None and fresh["configurable"]["thread_id"].startswith("blame-")


def test_input_key_and_output_key(module_dir: Path) -> None:
    final, trace = load(module_dir, "keyed", input_key="question", output_key="answer")("why", "t")
    assert final == "answered why"
    assert trace.steps[0].input == "question: why"


def test_a_functional_entrypoint_gets_the_test_input_as_is(module_dir: Path) -> None:
    final, trace = load(module_dir, "functional")("cats", "t")
    assert final == "DRAFT ABOUT CATS"
    assert [s.output for s in trace.steps if s.name == "shout"] == ["DRAFT ABOUT CATS"]


def test_mapping_input_is_the_state(module_dir: Path) -> None:
    run = load(module_dir, "keyed", output_key="answer")
    assert run({"question": "how"}, "t")[0] == "answered how"


@pytest.mark.parametrize(
    ("options", "usage"),
    [
        ({}, (None, None)),
        ({"call_usage": True}, (2, None)),
        ({"prices": {"m": {"input": 1_000_000, "output": 1_000_000}}}, (2, 2.0)),
        ({"prices": {"m": {"input": 1}}, "call_usage": False}, (None, None)),
    ],
    ids=["default", "call-usage", "prices", "prices-declined"],
)
def test_call_usage_counts_model_calls_whose_message_no_node_writes(
    module_dir: Path, options: dict[str, Any], usage: tuple[int | None, float | None]
) -> None:
    run = load(module_dir, "summarised", input_key="question", output_key="answer", **options)
    final, trace = run("why", "t")
    assert (final, [(s.tokens, s.cost_usd) for s in trace.steps]) == ("short", [usage])


def test_async_option_runs_astream(module_dir: Path) -> None:
    assert load(module_dir, "factory", **{"async": True})("hi", "t")[0] == "echo: hi"


def test_a_crash_raises_with_the_partial_trace_and_its_error_step(module_dir: Path) -> None:
    with pytest.raises(LangGraphRunError) as raised:
        load(module_dir, "factory")("crash now", "t")
    trace = raised.value.trace
    assert trace.final_output == ""
    assert [(s.kind, s.name, s.error) for s in trace.steps] == [
        (StepKind.AGENT, "reply", "RuntimeError: model is down")
    ]
    assert trace.metadata["error"] == "RuntimeError: model is down"
    assert raised.value.format() == (
        "test 't': the graph raised RuntimeError: model is down in node 'reply' (step 0)"
    )


@pytest.mark.parametrize(
    "check",
    [
        {"type": "contains", "value": "Paris"},  # written by the node before the one that raised
        {"type": "max_steps", "max": 10},
        {"type": "max_cost", "usd": 1.0},
        {"type": "not_contains", "value": "TODO"},
    ],
    ids=lambda check: str(check["type"]),
)
def test_a_run_that_raised_is_the_tests_error_never_a_pass(
    module_dir: Path, check: dict[str, Any]
) -> None:
    """The graph raised in `polish`: the adapter returned the partial trace as the run's, and
    `contains: Paris` (written by `draft` before) or a budget passed, so the test PASSed with
    exit 0. It is the test's error (exit 2), its checks still shown on the steps so far."""
    from blame.runner import exit_code, run_suite

    config = module_dir / "blame.yaml"
    config.write_text(
        textwrap.dedent(
            f"""
            agent: {{type: langgraph, entrypoint: "graph_app:drafted_then_crashed"}}
            tests:
              - name: louvre
                input: Where is the Louvre?
                checks: [{json.dumps(check)}]
            """
        ),
        encoding="utf-8",
    )
    suite = run_suite(load_config(config))
    (test,) = suite.tests
    assert (test.passed, test.verdict, exit_code(suite)) == (False, "ERROR", ExitCode.ERROR)
    assert test.error == (
        "test 'louvre': the graph raised ValueError: the model is down in node 'polish' (step 1)"
    )
    assert [(c.name, c.passed) for c in test.checks] == [(test.checks[0].name, True)]


def test_an_input_the_graph_rejects_is_an_agent_error(module_dir: Path) -> None:
    run = load(module_dir, "factory")
    with pytest.raises(AgentError, match="before any node ran"):
        run({"messages": 5}, "t")


@pytest.mark.parametrize(
    ("test_input", "message"),
    [
        (
            "why",
            "agent.input_key: the graph's input state has no key 'messages' (its input keys: "
            "question, answer); set `input_key: question`",
        ),
        (
            {"query": "why"},
            "test input: the test input's keys ('query') are none of the graph's input keys "
            "(question, answer)",
        ),
    ],
    ids=["string input, no input_key", "mapping with other keys"],
)
def test_an_input_that_names_none_of_the_graphs_keys_is_an_agent_error(
    module_dir: Path, test_input: Any, message: str
) -> None:
    """LangGraph would drop the keys silently and the first node would take the blame."""
    with pytest.raises(AgentError) as raised:
        load(module_dir, "keyed")(test_input, "t")
    assert raised.value.format().startswith(message)


@pytest.mark.parametrize(
    ("test_input", "input_key", "expected"),
    [
        ("hi", None, {"messages": [("user", "hi")]}),
        ("hi", "messages", {"messages": [("user", "hi")]}),
        ("hi", "question", {"question": "hi"}),
        (3, None, {"messages": [("user", "3")]}),
        ({"a": 1}, "question", {"a": 1}),
    ],
)
def test_graph_input(test_input: Any, input_key: str | None, expected: Any) -> None:
    assert graph_input(test_input, input_key=input_key) == expected


@pytest.mark.parametrize(
    ("attr", "options", "field", "message"),
    [
        ("factory", {"inptu_key": "x"}, "agent.inptu_key", "unknown option 'inptu_key'"),
        ("factory", {"output_key": ""}, "agent.output_key", "non-empty string"),
        ("factory", {"config": [1]}, "agent.config", "must be a mapping"),
        ("factory", {"async": "yes"}, "agent.async", "true or false"),
        ("factory", {"call_usage": 1}, "agent.call_usage", "true or false"),
        ("factory", {"resume": "yes"}, "agent.resume", "must be a list of answers"),
        ("factory", {"context": "ana"}, "agent.context", "must be a mapping"),
        ("factory", {"resume": {"a": 1}}, "agent.resume", "must be a list of answers"),
        ("factory", {"prices": 3}, "agent.prices", "must be a mapping"),
        ("factory", {"prices": {"m": {"in": 1}}}, "agent.prices.m", "unknown key 'in'"),
        ("factory", {"prices": {"m": {"input": -1}}}, "agent.prices.m.input", "non-negative"),
        ("not_a_graph", {}, "agent.entrypoint", "not a graph"),
    ],
)
def test_bad_options_and_entrypoints_name_the_field(
    module_dir: Path, attr: str, options: dict[str, Any], field: str, message: str
) -> None:
    with pytest.raises(ConfigError) as raised:
        load(module_dir, attr, **options)
    assert raised.value.field == field
    assert message in raised.value.message


def test_factory_with_arguments_fails_with_a_config_error(module_dir: Path) -> None:
    run = load(module_dir, "needs_argument")
    with pytest.raises(ConfigError, match=r"calling graph_app:needs_argument\(\) failed"):
        run("hi", "t")


def test_config_passes_agent_keys_beside_type_as_options(tmp_path: Path) -> None:
    config = tmp_path / "blame.yaml"
    config.write_text(
        "agent:\n"
        "  type: langgraph\n"
        "  entrypoint: app:graph\n"
        "  output_key: report\n"
        "  options: {input_key: request}\n"
        "tests:\n"
        "  - {name: t, input: x, checks: [{type: contains, value: x}]}\n"
    )
    agent = load_config(config).agent
    assert agent is not None
    assert dict(agent.options) == {"input_key": "request", "output_key": "report"}


def test_a_map_reduce_blames_the_send_branch_that_dropped_its_item() -> None:
    """The reduce node reads the whole state, subjects included, but the subject was the
    work of the one branch `Send` gave it to: that branch comes first, and the branches sent
    other subjects lost nothing in transit."""
    from blame_langgraph import trace_langgraph

    from blame.engine import attribute
    from blame.graph import StepGraph
    from blame.model import Check
    from blame.results import Evaluation
    from tests.integrations.langgraph import lg_graphs

    final, trace = trace_langgraph(
        lg_graphs.map_reduce(), {"topic": "animals"}, output_key="summary"
    )
    assert "penguins" not in final
    check = Check(type="contains", name="contains:penguins", params={"value": "penguins"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))
    found = [(s.kind, s.name, trace.steps[s.step_index].input) for s in suspects]
    assert found[:2] == [
        ("agent", "joke", "subject: penguins"),
        ("agent", "summarize", trace.steps[-1].input),
    ]
    assert not any(s.kind == "handoff" for s in suspects)


def test_a_send_by_command_that_garbles_a_value_blames_the_sender(module_dir: Path) -> None:
    """The planner's `Command(goto=[Send(...)])` payloads cut the budget, 300 EUR, to 30 EUR.
    The payloads were in no step's output, so the analysts were blamed for a value that
    reached them from outside the recorded steps."""
    from blame.runner import run_suite

    config = module_dir / "blame.yaml"
    config.write_text(
        textwrap.dedent(
            """
            agent:
              type: langgraph
              entrypoint: graph_app:command_fanout
              input_key: request
              output_key: report
            tests:
              - name: rome
                input: "A weekend in Rome on a budget of 300 EUR"
                checks:
                  - {type: contains, value: "300 EUR"}
                  - {type: regex, value: "within 300 EUR"}
                  - {type: not_contains, value: "30 EUR"}
            """
        ),
        encoding="utf-8",
    )
    suite = run_suite(load_config(config, context=RunContext()))
    top = [(c.name, c.blame[0].kind, c.blame[0].name) for c in suite.tests[0].checks]
    assert top == [
        ("contains:300 EUR", "agent", "planner"),
        ("regex:within 300 EUR", "agent", "planner"),
        ("not_contains:30 EUR", "agent", "planner"),
    ]
    introduced = suite.tests[0].checks[2].blame[0]
    assert introduced.reason == (
        "step 0 (planner) introduced '30 EUR': its output has it and none of its inputs did"
    )


@pytest.mark.parametrize(
    ("graph", "top"),
    [
        # the conditional edge's function cut 300 EUR to 30 EUR in the Send payloads
        (
            "edge_fanout_garbled",
            [
                ("contains:300 EUR", "handoff", "planner -> analyst"),
                ("regex:within 300 EUR", "handoff", "planner -> analyst"),
                ("not_contains:30 EUR", "handoff", "planner -> analyst"),
            ],
        ),
        # the edge passed 300 EUR on; the hotels analyst cut it
        ("edge_fanout_kept", [("not_contains:30 EUR", "agent", "analyst")]),
    ],
    ids=["garbling-edge", "correct-edge"],
)
def test_a_value_a_send_edge_garbled_blames_the_edge(
    module_dir: Path, graph: str, top: list[tuple[str, str, str]]
) -> None:
    """A conditional edge's function builds each `Send` payload from the state: a value it
    garbled was blamed on the worker, as one that "reached it from outside the recorded
    steps". The edge is blamed, with the state's line and the payload's, and its patch is
    said of the routing code."""
    from blame.runner import run_suite

    config = module_dir / "blame.yaml"
    config.write_text(
        textwrap.dedent(
            f"""
            agent:
              type: langgraph
              entrypoint: graph_app:{graph}
              input_key: request
              output_key: report
            tests:
              - name: rome
                input: "A weekend in Rome on a budget of 300 EUR"
                checks:
                  - {{type: contains, value: "300 EUR"}}
                  - {{type: regex, value: "within 300 EUR"}}
                  - {{type: not_contains, value: "30 EUR"}}
            """
        ),
        encoding="utf-8",
    )
    case = run_suite(load_config(config, context=RunContext())).tests[0]
    failed = [c for c in case.checks if not c.passed]
    assert [(c.name, c.blame[0].kind, c.blame[0].name) for c in failed] == top
    if graph == "edge_fanout_garbled":
        assert failed[2].blame[0].reason == (
            "the edge from step 0 (planner) to step 1 (analyst) made '30 EUR': the routing "
            "code between them built step 1 (analyst)'s input with 'budget: 30 EUR', and "
            "step 0 (planner)'s output, the state it read, has 'budget: 300 EUR'"
        )
        assert [p.target for p in case.patches] == ["planner -> analyst"]
        assert case.patches[0].instructions[2] == (
            "In the routing code from planner to analyst (code, not a prompt): "
            'never pass on "30 EUR".'
        )


def test_a_tool_rejecting_a_value_a_structured_output_node_misread_blames_that_node() -> None:
    """The triage node's structured output misreads order A-17 as A-71 into the state; the
    agent node copies it into the call the tool rejects. The agent's input had the value, so
    the tool was blamed; the node that made it up is."""
    from blame_langgraph import trace_langgraph

    from blame.engine import attribute
    from blame.graph import StepGraph
    from blame.model import Check
    from blame.results import Evaluation
    from tests.integrations.langgraph import lg_graphs

    task = "Where is my order A-17?"
    _, trace = trace_langgraph(lg_graphs.misread_triage(), {"messages": [("user", task)]})
    check = Check(type="tool_succeeded", name="t", params={"tool": "order_status"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))
    top = suspects[0]
    assert (top.kind, top.name, trace.steps[top.step_index].output) == (
        "agent",
        "triage",
        "order_id: A-71",
    )
    assert top.reason.endswith(
        "the error rejects the argument 'A-71', which step 0 (triage) wrote and neither its "
        "input nor the task had"
    )
    assert (suspects[1].kind, suspects[1].name) == ("tool", "order_status")


def test_a_forbidden_quantity_a_code_node_formatted_blames_the_figures_author() -> None:
    """The agent misreads a 300 EUR budget as 30 into set_budget, whose Command writes it to
    the state; a code node formats it as '30 EUR'. The node had only the bare 30, so the agent
    that made it up is blamed first."""
    from blame_langgraph import trace_langgraph

    from blame.engine import attribute
    from blame.graph import StepGraph
    from blame.model import Check
    from blame.results import Evaluation
    from tests.integrations.langgraph import lg_graphs

    final, trace = trace_langgraph(
        lg_graphs.formatted_budget(),
        {"messages": [("user", "Rome for a weekend, budget 300 EUR.")]},
        output_key="report",
    )
    assert final == "Rome plan within 30 EUR."
    check = Check(type="not_contains", name="n", params={"value": "30 EUR"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))
    found = [(s.name, trace.steps[s.step_index].output) for s in suspects[:2]]
    assert found == [
        ("agent", '-> set_budget {"amount": 30}'),
        ("writer", "report: Rome plan within 30 EUR."),
    ]


@pytest.mark.filterwarnings("ignore:create_react_agent has been moved:DeprecationWarning")
def test_a_supervisor_that_routes_to_a_worker_without_the_tool_is_blamed() -> None:
    """The supervisor hands a booking to the researcher, whose agent was given `search`
    only, over the booker, given `book`: the researcher could not call `book`, so the
    supervisor's routing decision (its own step, which records whom it could pick) is the
    culprit, and the patch tells it whom such work goes to."""
    from blame_langgraph import trace_langgraph

    from blame.engine import attribute
    from blame.graph import StepGraph
    from blame.model import Check
    from blame.results import Evaluation
    from blame.testing import patches_for
    from tests.integrations.langgraph import lg_graphs

    _, trace = trace_langgraph(lg_graphs.wrong_worker(), {"messages": [("user", "Book Paris")]})
    assert trace.steps[0].metadata["candidates"] == {"booker": ["book"], "researcher": ["search"]}
    check = Check(type="tool_called", name="tool_called:book", params={"tool": "book"})
    top = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))[0]
    assert (top.kind, top.name, top.step_index) == ("agent", "supervisor", 0)
    assert top.reason.startswith(
        "step 0 (supervisor) chose researcher (step 2) over booker, who was given book"
    )
    assert [(p.target, p.text) for p in patches_for(check, trace)] == [
        ("supervisor", "- Hand work that needs book to booker, who has it; researcher does not.")
    ]


def blame(*args: str, pythonpath: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "BLAME_NO_WARN": "1"}
    if pythonpath is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [pythonpath, env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "blame", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def culprits(results: dict[str, Any]) -> dict[str, dict[str, tuple[str, str] | None]]:
    """Per test and failed check: (kind, name) of the top suspect."""
    return {
        test["name"]: {
            check["name"]: (check["blame"][0]["kind"], check["blame"][0]["name"])
            if check["blame"]
            else None
            for check in test["checks"]
            if not check["passed"]
        }
        for test in results["tests"]
    }


@pytest.fixture
def example(tmp_path: Path, request: pytest.FixtureRequest) -> Path:
    """A private copy of an example (record and test write .blame/ beside blame.yaml)."""
    return copy_example(EXAMPLES / request.param, tmp_path)


EXPECTED = {
    "langgraph_supervisor": {
        "lisbon": {},
        "porto": {
            "tool_succeeded:book_hotel": ("tool", "book_hotel"),
            "no_unsupported_claim:book_hotel": ("agent", "booker"),
        },
        "madrid": {"contains:BK-2077": ("agent", "supervisor")},
        "lisbon-booking-down": {"no_unsupported_claim:book_hotel": ("agent", "booker")},
    },
    "langgraph_fanout": {
        "lisbon": {},
        "rome": {"contains:300 EUR": ("handoff", "planner -> analyst")},
        "oslo": {"not_contains:guaranteed": ("agent", "analyst")},
        "paris": {"contains:Hotel Lumiere": ("agent", "writer")},
    },
}


@pytest.mark.parametrize("example", sorted(EXPECTED), indirect=True)
def test_examples_name_the_culprit_live_and_on_replay(example: Path) -> None:
    expected = EXPECTED[example.parent.name]
    live = blame("test", "--config", str(example), "--json")
    assert live.returncode == 1, live.stderr
    assert culprits(json.loads(live.stdout)) == expected
    recorded = blame("record", "--config", str(example))
    assert recorded.returncode == 0, recorded.stderr
    assert list(recorded_fixtures(example)) == sorted(expected)
    replayed = blame("test", "--config", str(example), "--json", "--replay")
    assert replayed.returncode == 1, replayed.stderr
    assert replayed.stdout == live.stdout


def test_an_async_only_graph_runs_with_astream_without_the_option(module_dir: Path) -> None:
    """It ran with `stream`: its `async def` node raised and was blamed for it."""
    final, trace = load(module_dir, "desk")("book Oslo", "t")
    assert final == "Reserved in Oslo."
    assert not any(s.failed for s in trace.steps)
    assert [s.name for s in trace.steps] == ["agent", "reserve", "agent"]


def test_resume_answers_the_interrupts_of_every_run(module_dir: Path) -> None:
    """Without answers, a run that asks a human stops there; a test could not check what
    the graph does with the answer."""
    run = load(module_dir, "plan_review", input_key="request", output_key="report", resume=["ok"])
    for _ in range(2):  # a fresh thread per run: each run asks again
        final, trace = run("Oslo", "t")
        assert final == "Oslo: Hotel Lumiere (approved: ok)"
        assert "interrupted" not in trace.metadata


def test_context_is_the_runs_runtime_context(module_dir: Path) -> None:
    """There was no way to give it: a node reading `runtime.context` raised and was blamed."""
    final, trace = load(module_dir, "greeter", context={"user": "Ana"})("hi", "t")
    assert final == "Hello Ana"
    assert not any(s.failed for s in trace.steps)


@pytest.mark.parametrize(
    ("attr", "answers", "said"),
    [
        (
            "plan_review",
            [],
            "the run stopped at interrupt() in node 'review' (asking "
            """'{"approve": "Oslo: Hotel Lumiere"}'), waiting for a human's answer""",
        ),
        (
            "reviewed_twice",
            ["yes"],
            "the run stopped at interrupt() in node 'review' (asking 'approve the price?'), "
            "waiting for a human's answer, after the one answer given was used",
        ),
    ],
    ids=["no-answer", "answers-used-up"],
)
def test_a_run_waiting_for_an_answer_is_an_error_naming_the_node_that_asked(
    module_dir: Path, attr: str, answers: list[str], said: str
) -> None:
    """It was evaluated as it stood, and the node that asked was blamed for an output it
    never got to finish."""
    keys = (
        {"input_key": "request", "output_key": "report"}
        if attr == "plan_review"
        else {"input_key": "question"}
    )
    run = load(module_dir, attr, resume=answers, **keys)
    with pytest.raises(AgentError) as raised:
        run("Oslo", "t")
    assert (raised.value.field, raised.value.message) == ("agent.resume", said)
    assert raised.value.hint == (
        "give the answers under `agent:`, e.g. `resume: [yes]`: one answer per interrupt() "
        "the run stops at, in order"
    )


def test_a_graph_without_a_checkpointer_waiting_for_an_answer_is_told_to_get_one(
    module_dir: Path,
) -> None:
    """LangGraph stops such a run at interrupt() too; answers alone would only meet the
    error that answers need a checkpointer."""
    run = load(module_dir, "plan_review_unsaved", input_key="request", output_key="report")
    with pytest.raises(AgentError) as raised:
        run("Oslo", "t")
    assert raised.value.hint == (
        "compile the graph with a checkpointer and give the answers under `agent:`, e.g. "
        "`resume: [yes]`: one answer per interrupt() the run stops at, in order"
    )


@pytest.mark.parametrize("use_async", [False, True], ids=["stream", "astream"])
@pytest.mark.parametrize("attr", ["held", "held_after"])
def test_a_run_paused_at_a_breakpoint_waits_for_an_answer_too(
    module_dir: Path, attr: str, use_async: bool
) -> None:
    """A graph compiled with interrupt_before/interrupt_after paused there silently: its
    last node was blamed for the answer the run never got to write. An answer resumes it."""
    keys = {"input_key": "question", "output_key": "answer", "async": use_async}
    run = load(module_dir, attr, **keys)
    with pytest.raises(AgentError) as raised:
        run("Oslo", "t")
    assert (raised.value.field, raised.value.message, raised.value.hint) == (
        "agent.resume",
        "the run paused at a breakpoint (interrupt_before/interrupt_after) before node 'send', "
        "waiting for a human's answer",
        "give the answers under `agent:`, e.g. `resume: [yes]`: one answer per stop of the "
        "run (an interrupt() or a breakpoint), in order",
    )
    run = load(module_dir, attr, resume=["go"], **keys)
    final, trace = run("Oslo", "t")
    assert (final, [s.name for s in trace.steps]) == ("sent: draft for Oslo", ["draft", "send"])
    assert "interrupted" not in trace.metadata


def test_blame_test_reports_a_run_waiting_for_an_answer_as_the_tests_error(
    tmp_path: Path,
) -> None:
    """`blame test` blamed the node that asked (`review`) for the plan it never finished
    reviewing; a test run several times now has the verdict ERROR, not FAIL."""
    (tmp_path / "graph_app.py").write_text(textwrap.dedent(GRAPH_MODULE))
    config = tmp_path / "blame.yaml"
    config.write_text(
        textwrap.dedent(
            """
            agent: {type: langgraph, entrypoint: "graph_app:plan_review",
                    input_key: request, output_key: report}
            tests:
              - name: oslo
                input: Oslo
                checks: [{type: contains, value: "approved: yes"}]
              - name: paris
                input: Paris
                runs: 2
                checks: [{type: contains, value: "approved: yes"}]
            """
        ),
        encoding="utf-8",
    )
    here = str(Path(__file__).resolve().parent)
    done = blame("test", "--config", str(config), "--json", pythonpath=here)
    assert done.returncode == 2, done.stderr
    tests = json.loads(done.stdout)["tests"]
    asked = (
        "blame.yaml: agent.resume: the run stopped at interrupt() in node 'review' (asking "
        """'{"approve": "Oslo: Hotel Lumiere"}'), waiting for a human's answer; give the """
        "answers under `agent:`, e.g. `resume: [yes]`: one answer per interrupt() the run "
        "stops at, in order"
    )
    assert [(t["name"], t["error"], t["checks"]) for t in tests[:1]] == [("oslo", asked, [])]
    assert (tests[1]["verdict"], tests[1]["checks"]) == ("ERROR", [])


def test_a_node_that_wrote_another_gate_for_the_tools_is_blamed_not_the_writer() -> None:
    """flight_agent read gate B12 from its tool and wrote B21; the writer node repeated B21.
    Every later node's input held the tool's B12 too, so the writer was blamed for dropping
    it; the value of B12's form in its place began at flight_agent."""
    from blame_langgraph import trace_langgraph

    from blame.engine import attribute
    from blame.graph import StepGraph
    from blame.model import Check
    from blame.results import Evaluation
    from tests.integrations.langgraph import lg_graphs

    _, trace = trace_langgraph(
        lg_graphs.misread_gate(), {"messages": [("user", "Which gate does AF1234 use?")]}
    )
    check = Check(type="contains", name="contains:B12", params={"value": "B12"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))
    top = suspects[0]
    assert (top.kind, top.name, trace.steps[top.step_index].output) == (
        "agent",
        "flight_agent",
        "AF1234 leaves from B21.",
    )
    assert top.reason == (
        f"step {top.step_index} (flight_agent) had 'B12' in its input and wrote 'B21' instead, "
        "a value of the same form that neither its input nor the task had and that the final "
        "output gives"
    )
    assert (suspects[1].kind, suspects[1].name) == ("agent", "writer")


@pytest.mark.parametrize("checked", ["contains:shipped", "not_contains:awaiting payment"])
def test_a_tool_asked_about_a_garbled_copy_of_the_tasks_id_blames_the_call(checked: str) -> None:
    """The agent asked find_order about 7713 where the task says 7731: the tool answered
    about another order. The tool (what it returned) or the final step (the answer nobody
    produced) was blamed; the call that garbled the id is."""
    from blame_langgraph import trace_langgraph

    from blame.engine import attribute
    from blame.graph import StepGraph
    from blame.model import Check
    from blame.results import Evaluation
    from tests.integrations.langgraph import lg_graphs

    task = "Where is my order 7731?"
    _, trace = trace_langgraph(lg_graphs.misdirected_lookup(), {"messages": [("user", task)]})
    kind, value = checked.split(":")
    check = Check(type=kind, name=checked, params={"value": value})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))
    top = suspects[0]
    assert (top.kind, top.name, top.step_index) == ("agent", "agent", 0)
    assert top.reason == (
        "step 0 (agent) wrote '7713' where the task has '7731', and step 1 (tool find_order, "
        "called by agent) was called with it; neither the task nor that step's input had it"
    )


def test_a_judge_that_ended_a_reading_loop_early_is_blamed_for_the_unread_chapter() -> None:
    """The judge said DONE after two of three chapters: Eldmoor, in the third, was never
    produced. The first read node was blamed (it wrote words the summary repeats); the judge's
    last verdict, which sent the run on instead of back to read, is where the loop ended."""
    from blame_langgraph import trace_langgraph

    from blame.engine import attribute
    from blame.graph import StepGraph
    from blame.model import Check
    from blame.results import Evaluation
    from tests.integrations.langgraph import lg_graphs

    final, trace = trace_langgraph(
        lg_graphs.judged_reading(), {"book": "fox"}, output_key="summary"
    )
    assert "Eldmoor" not in final
    check = Check(type="contains", name="contains:Eldmoor", params={"value": "Eldmoor"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))
    top = suspects[0]
    assert (top.name, trace.steps[top.step_index].output) == ("judge", "verdict: DONE")
    assert top.reason.endswith("had sent it back to step 2 (read): the loop ended there")


def test_a_supervisor_that_tasked_a_worker_with_another_city_is_blamed_where_it_did() -> None:
    """The supervisor's Command wrote Lyon for the user's Lille; the worker and the final
    supervisor step carried Lyon on. The final step was blamed (its input, the whole
    conversation, had Lille); the step that put Lyon in Lille's place is."""
    from blame_langgraph import trace_langgraph

    from blame.engine import attribute
    from blame.graph import StepGraph
    from blame.model import Check
    from blame.results import Evaluation
    from tests.integrations.langgraph import lg_graphs

    final, trace = trace_langgraph(
        lg_graphs.wrong_city_supervisor(), {"messages": [("user", "Rain in Lille tomorrow?")]}
    )
    assert "Lyon" in final
    check = Check(
        type="contains", name="contains:Lille", params={"value": "Lille", "case_sensitive": True}
    )
    top = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))[0]
    assert (top.name, top.step_index) == ("supervisor", 0)
    assert "wrote 'Lyon' instead" in top.reason
