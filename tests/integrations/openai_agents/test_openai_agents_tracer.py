"""blame_openai_agents.tracer: real SDK runs on scripted models become the right step graph."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from agents import Agent, RunContextWrapper, function_tool, handoff
from agents.extensions import handoff_filters
from agents.items import ModelResponse
from agents.tracing import generation_span, set_tracing_disabled
from blame_openai_agents.fakes import ScriptedModel, assistant_message, function_call, usage
from blame_openai_agents.tracer import AgentRunError, atrace_agent, trace_agent

from blame.errors import AgentError
from blame.model import Trace

pytestmark = pytest.mark.openai_agents


@function_tool
def lookup(city: str) -> str:
    """Look a city up."""
    return f"{city}: 21 C, sunny"


def _failed(context: RunContextWrapper[Any], error: Exception) -> str:
    return f"error: {error}"


@function_tool(failure_error_function=_failed)
def book(flight: str) -> str:
    """Book a flight."""
    raise ValueError(f"unknown flight {flight}")


def _shape(trace: Trace) -> list[tuple[str, str, str, tuple[str, ...]]]:
    return [(s.kind.value, s.name, s.agent, s.parents) for s in trace.steps]


def test_tool_calls_and_a_handoff_become_steps_fed_by_what_the_model_read() -> None:
    booker = Agent(
        name="Booker",
        tools=[book],
        model=ScriptedModel(
            [
                {"output": [function_call("book", {"flight": "AF1"}, call_id="b")]},
                [assistant_message("Booked!")],
            ]
        ),
    )
    triage = Agent(
        name="Triage",
        tools=[lookup],
        handoffs=[booker],
        model=ScriptedModel(
            [
                {
                    "output": [function_call("lookup", {"city": "Rome"}, call_id="l")],
                    "usage": usage(10, 5),
                },
                [function_call("transfer_to_booker", {}, call_id="h")],
            ]
        ),
    )

    output, trace = trace_agent(triage, "Weather in Rome, then book", test_name="t")

    assert output == "Booked!" == trace.final_output
    assert (trace.test_name, trace.input) == ("t", "Weather in Rome, then book")
    assert _shape(trace) == [
        ("agent", "Triage", "Triage", ()),
        ("tool", "lookup", "Triage", ("s0",)),
        ("agent", "Triage", "Triage", ("s0", "s1")),
        ("agent", "Booker", "Booker", ("s2",)),  # the handoff Triage -> Booker
        ("tool", "book", "Booker", ("s3",)),
        ("agent", "Booker", "Booker", ("s3", "s4")),
    ]
    steps = trace.steps
    assert steps[0].input == "user: Weather in Rome, then book"
    assert steps[0].output == 'call lookup({"city":"Rome"})'
    assert steps[0].tokens == 15
    assert (steps[1].input, steps[1].output) == ('{"city":"Rome"}', "Rome: 21 C, sunny")
    assert "Rome: 21 C, sunny" in steps[2].input
    assert steps[3].metadata["handoff"] == "Triage -> Booker"
    assert "Rome: 21 C, sunny" in steps[3].input  # the history goes with the handoff
    assert steps[4].output == "error: unknown flight AF1"
    assert steps[4].error == "Error running tool (non-fatal): unknown flight AF1"
    assert steps[5].output == "assistant: Booked!"
    assert all(s.latency_ms is not None and s.latency_ms >= 0 for s in steps)


def test_a_handoff_filter_that_drops_the_tool_results_shows_in_the_next_agents_input() -> None:
    booker = Agent(name="Booker", model=ScriptedModel([[assistant_message("done")]]))
    triage = Agent(
        name="Triage",
        tools=[lookup],
        handoffs=[handoff(booker, input_filter=handoff_filters.remove_all_tools)],
        model=ScriptedModel(
            [
                [function_call("lookup", {"city": "Oslo"}, call_id="l")],
                [function_call("transfer_to_booker", {}, call_id="h")],
            ]
        ),
    )

    _, trace = trace_agent(triage, "Oslo", test_name="t")

    assert "Oslo: 21 C" in trace.steps[2].input
    assert trace.steps[3].agent == "Booker"
    assert "Oslo: 21 C" not in trace.steps[3].input


def test_an_agent_run_as_a_tool_has_its_own_conversation_inside_the_tool_step() -> None:
    researcher = Agent(
        name="Researcher",
        tools=[lookup],
        model=ScriptedModel(
            [
                [function_call("lookup", {"city": "Lima"}, call_id="l")],
                [assistant_message("Lima is sunny")],
            ]
        ),
    )
    manager = Agent(
        name="Manager",
        tools=[researcher.as_tool(tool_name="research", tool_description="Research a city.")],
        model=ScriptedModel(
            [
                [function_call("research", {"input": "Lima"}, call_id="r")],
                [assistant_message("Report: Lima is sunny")],
            ]
        ),
    )

    output, trace = trace_agent(manager, "Report on Lima", test_name="t")

    assert output == "Report: Lima is sunny"
    assert _shape(trace) == [
        ("agent", "Manager", "Manager", ()),
        ("agent", "Researcher", "Researcher", ("s0",)),  # Manager -> Researcher
        ("tool", "lookup", "Researcher", ("s1",)),
        ("agent", "Researcher", "Researcher", ("s1", "s2")),
        ("tool", "research", "Manager", ("s0", "s3")),  # Researcher -> Manager
        ("agent", "Manager", "Manager", ("s0", "s4")),
    ]
    assert trace.steps[4].output == "Lima is sunny"


class _ChatModel(ScriptedModel):
    """A model traced as Chat Completions models are: a generation span of chat messages."""

    async def get_response(self, *args: Any, **kwargs: Any) -> Any:
        with generation_span(model="chat-model") as span:
            items, spent = self._next()
            reply = ModelResponse(output=items, usage=spent, response_id=None)
            span.span_data.input = [{"role": "user", "content": "question?"}]
            span.span_data.output = [
                {
                    "role": "assistant",
                    "content": "answer",
                    "tool_calls": [{"function": {"name": "f", "arguments": "{}"}}],
                }
            ]
            span.span_data.usage = {"input_tokens": 3, "output_tokens": 4}
        return reply


def test_generation_spans_of_chat_models_are_read_too() -> None:
    agent = Agent(name="Chat", model=_ChatModel([[assistant_message("answer")]]))

    _, trace = trace_agent(agent, "question?", test_name="t")

    (step,) = trace.steps
    assert (step.name, step.input, step.output, step.tokens) == (
        "Chat",
        "user: question?",
        "assistant: answer\ncall f({})",
        7,
    )
    assert step.metadata == {"span": "generation", "model": "chat-model", "tools": []}


def test_runs_traced_at_the_same_time_keep_their_own_steps() -> None:
    def agent(name: str) -> Agent[Any]:
        return Agent(
            name=name,
            tools=[lookup],
            model=ScriptedModel(
                [
                    [function_call("lookup", {"city": name}, call_id="l")],
                    [assistant_message(f"{name} done")],
                ]
            ),
        )

    async def both() -> list[tuple[str, Trace]]:
        runs = [atrace_agent(agent(n), n, test_name=n) for n in ("A", "B")]
        return list(await asyncio.gather(*runs))

    for name, (output, trace) in zip("AB", asyncio.run(both()), strict=True):
        assert output == f"{name} done"
        assert {s.agent for s in trace.steps} == {name}
        assert len(trace.steps) == 3


def test_a_run_that_raises_is_an_agent_error_with_the_steps_so_far() -> None:
    agent = Agent(
        name="Loop",
        tools=[lookup],
        model=ScriptedModel([[function_call("lookup", {"city": "X"}, call_id="l")]] * 3),
    )

    with pytest.raises(AgentRunError) as raised:
        trace_agent(agent, "go", test_name="t", max_turns=2)

    assert "MaxTurnsExceeded" in raised.value.format()
    # the SDK stops after the second model call, before running the tool it asked for; the
    # limit it raised between steps is a last step of the agent that was running
    steps = raised.value.trace.steps
    assert [s.name for s in steps] == ["Loop", "lookup", "Loop", "Loop"]
    assert steps[-1].stopped_run and steps[-1].parents == (steps[2].id,)
    assert (steps[-1].error or "").startswith("MaxTurnsExceeded: ")


def test_tracing_switched_off_is_one_clear_error() -> None:
    agent = Agent(name="A", model=ScriptedModel([[assistant_message("hi")]]))
    set_tracing_disabled(True)
    try:
        with pytest.raises(AgentError) as raised:
            trace_agent(agent, "go", test_name="t")
    finally:
        set_tracing_disabled(False)
    assert raised.value.format() == (
        "test 't': the OpenAI Agents SDK's tracing is off, and blame reads the run from its "
        "spans; unset OPENAI_AGENTS_DISABLE_TRACING and do not call set_tracing_disabled(True)"
    )


def test_traces_blame_did_not_start_are_left_alone() -> None:
    from agents import Runner

    agent = Agent(name="A", model=ScriptedModel([[assistant_message("hi")]]))
    result = asyncio.run(Runner.run(agent, "go"))  # the user's own run, not traced by blame
    _, trace = trace_agent(
        Agent(name="B", model=ScriptedModel([[assistant_message("ho")]])), "go", test_name="t"
    )
    assert result.final_output == "hi"
    assert [s.agent for s in trace.steps] == ["B"]


class _Seen:
    """A user's own tracing processor: notes the trace ids it is given while `on`."""

    def __init__(self) -> None:
        self.on = True
        self.traces: dict[str, str] = {}

    def on_trace_start(self, trace: Any) -> None:
        if self.on:
            self.traces[trace.trace_id] = trace.name

    def on_trace_end(self, trace: Any) -> None:
        """Nothing to do."""

    def on_span_start(self, span: Any) -> None:
        """Nothing to do."""

    def on_span_end(self, span: Any) -> None:
        """Nothing to do."""

    def shutdown(self) -> None:
        """Nothing to do."""

    def force_flush(self) -> None:
        """Nothing to do."""


def test_blames_runs_skip_the_sdks_default_exporter_and_reach_the_users_processors(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bug: the SDK's default processor queued blame's test runs for OpenAI's trace backend (with
    sensitive data on); without a key it warned at exit. Only blame's runs are kept from it."""
    from agents import Runner
    from agents.tracing import add_trace_processor, flush_traces
    from agents.tracing.processors import default_exporter

    exported: list[Any] = []
    monkeypatch.setattr(default_exporter(), "export", exported.extend)  # never the network
    seen = _Seen()
    add_trace_processor(seen)  # the SDK has no way to remove one: `seen.on` ends it
    try:
        trace_agent(Agent(name="B", model=ScriptedModel([[assistant_message("ho")]])), "go")
        users_agent = Agent(name="U", model=ScriptedModel([[assistant_message("hi")]]))
        asyncio.run(Runner.run(users_agent, "go"))  # the user's own run
        flush_traces()
    finally:
        seen.on = False
    ours = {tid for tid, name in seen.traces.items() if name.startswith("blame: ")}
    users = set(seen.traces) - ours
    sent = {getattr(item, "trace_id", None) for item in exported}
    assert len(ours) == 1 and len(users) == 1  # the user's processor saw both runs
    assert users <= sent
    assert not ours & sent


@function_tool
def explain_bill(order: str) -> str:
    """Explain a bill."""
    return f"bill for {order}: one item"


def test_a_triage_that_hands_off_to_an_agent_without_the_tool_is_blamed() -> None:
    """Triage hands a refund to Billing, given `explain_bill` only: each model call records
    the tools its agent was given (handoffs aside), so the missing `refund` call is traced to
    the handoff, not to Billing for being the agent that used tools."""
    from blame.engine import attribute
    from blame.graph import StepGraph
    from blame.model import Check
    from blame.results import Evaluation

    refunds = Agent(name="Refunds", tools=[book], model=ScriptedModel([]))
    billing = Agent(
        name="Billing",
        tools=[explain_bill],
        model=ScriptedModel(
            [
                [function_call("explain_bill", {"order": "5521"}, call_id="b")],
                [assistant_message("Your bill has one item.")],
            ]
        ),
    )
    triage = Agent(
        name="Triage",
        handoffs=[refunds, billing],
        model=ScriptedModel([[function_call("transfer_to_billing", {}, call_id="h")]]),
    )

    _, trace = trace_agent(triage, "Refund order 5521")

    assert [s.metadata.get("tools") for s in trace.steps] == [
        [],
        ["explain_bill"],
        None,
        ["explain_bill"],
    ]
    check = Check(type="tool_called", name="tool_called:book", params={"tool": "book"})
    top = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))[0]
    assert (top.kind, top.name, top.sender) == ("handoff", "Triage -> Billing", "Triage")
    assert "whose tools are explain_bill, not book" in top.reason
