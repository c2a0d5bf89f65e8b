"""blame_pydantic_ai.tracer: real PydanticAI runs on test models become the right step graph."""

from __future__ import annotations

import asyncio

import pytest
from blame_pydantic_ai.fakes import ScriptExhausted, call, scripted
from blame_pydantic_ai.tracer import AgentRunError, atrace_agent, trace_agent
from pydantic_ai import Agent, ModelRetry, RunContext
from pydantic_ai.models.instrumented import InstrumentationSettings
from pydantic_ai.models.test import TestModel
from pydantic_ai.usage import UsageLimits

from blame.errors import AgentError
from blame.model import Trace

pytestmark = pytest.mark.pydantic_ai


def lookup(city: str) -> str:
    """Look a city up."""
    return f"{city}: 21 C, sunny"


def _shape(trace: Trace) -> list[tuple[str, str, str, tuple[str, ...]]]:
    return [(s.kind.value, s.name, s.agent, s.parents) for s in trace.steps]


def test_pydantic_ais_test_model_run_becomes_model_and_tool_steps() -> None:
    agent = Agent(TestModel(), name="Weather", tools=[lookup])

    output, trace = trace_agent(agent, "Weather in Lima?", test_name="t")

    assert output == trace.final_output == '{"lookup":"a: 21 C, sunny"}'
    assert (trace.test_name, trace.input) == ("t", "Weather in Lima?")
    assert _shape(trace) == [
        ("agent", "Weather", "Weather", ()),
        ("tool", "lookup", "Weather", ("s0",)),
        ("agent", "Weather", "Weather", ("s0", "s1")),
    ]
    first, tool, last = trace.steps
    assert first.input == "user: Weather in Lima?"
    assert first.output == 'call lookup({"city":"a"})'
    assert (tool.input, tool.output, tool.error) == ('{"city":"a"}', "a: 21 C, sunny", None)
    assert "a: 21 C, sunny" in last.input
    assert first.metadata == {"model": "test"}
    assert all(s.tokens for s in (first, last))
    assert all(s.latency_ms is not None and s.latency_ms >= 0 for s in trace.steps)


def test_an_agent_run_inside_a_tool_is_a_delegation_with_its_own_conversation() -> None:
    researcher = Agent(
        scripted(call("lookup", city="Lima"), "Lima is sunny"), name="Researcher", tools=[lookup]
    )

    async def research(ctx: RunContext[None], topic: str) -> str:
        """Research a topic."""
        return (await researcher.run(topic, usage=ctx.usage)).output

    manager = Agent(
        scripted(call("research", topic="Lima"), "Report: Lima is sunny"),
        name="Manager",
        tools=[research],
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
    assert trace.steps[1].input == "user: Lima"
    assert trace.steps[4].output == "Lima is sunny"


def test_a_tool_that_asks_for_a_retry_is_a_failed_tool_step() -> None:
    def book(flight: str) -> str:
        """Book a flight."""
        raise ModelRetry(f"unknown flight {flight}")

    agent = Agent(scripted(call("book", flight="AF1"), "Booked!"), name="Booker", tools=[book])

    _, trace = trace_agent(agent, "book", test_name="t")

    tool = trace.steps[1]
    assert tool.name == "book"
    assert tool.output.startswith("unknown flight AF1")  # 2.54 adds "Fix the errors and try again."
    assert tool.error == "ToolRetryError: unknown flight AF1"
    assert "unknown flight AF1" in trace.steps[2].input


def test_runs_traced_at_the_same_time_keep_their_own_steps() -> None:
    def agent(name: str) -> Agent[None, str]:
        return Agent(scripted(call("lookup", city=name), f"{name} done"), name=name, tools=[lookup])

    async def both() -> list[tuple[str, Trace]]:
        return list(await asyncio.gather(*(atrace_agent(agent(n), n, test_name=n) for n in "AB")))

    for name, (output, trace) in zip("AB", asyncio.run(both()), strict=True):
        assert output == f"{name} done"
        assert {s.agent for s in trace.steps} == {name}
        assert len(trace.steps) == 3


def test_the_users_default_instrumentation_comes_back_and_their_runs_are_left_alone() -> None:
    before = Agent._instrument_default
    trace_agent(Agent(scripted("hi"), name="A"), "x", test_name="t")
    assert Agent._instrument_default is before
    untraced = Agent(scripted("ho"), name="B")
    assert asyncio.run(untraced.run("y")).output == "ho"  # not traced, no error


def test_a_run_that_raises_is_an_agent_error_with_the_steps_so_far() -> None:
    agent = Agent(scripted(call("lookup", city="X")), name="Short", tools=[lookup])

    with pytest.raises(AgentRunError) as raised:
        trace_agent(agent, "go", test_name="t")

    assert isinstance(raised.value.__cause__, ScriptExhausted)
    assert "ScriptExhausted: model 'scripted' was called more than 1 time(s)" in (
        raised.value.format()
    )
    steps = raised.value.trace.steps
    assert [s.name for s in steps] == ["Short", "lookup", "Short"]
    assert steps[-1].error is not None and "ScriptExhausted" in steps[-1].error


def test_an_agent_with_its_own_instrumentation_is_one_clear_error() -> None:
    from opentelemetry.sdk.trace import TracerProvider

    settings = InstrumentationSettings(tracer_provider=TracerProvider())
    agent = Agent(scripted("hi"), name="Own")
    agent.instrument = settings

    with pytest.raises(AgentError) as raised:
        trace_agent(agent, "go", test_name="t")

    assert raised.value.format() == (
        "test 't': no span of the agent reached blame, which reads the run from PydanticAI's "
        "spans; leave the Agent's `instrument` unset: blame sets the default while it runs it"
    )


def test_structured_output_is_its_json() -> None:
    from pydantic import BaseModel

    class Answer(BaseModel):
        city: str
        degrees: int

    agent: Agent[None, Answer] = Agent(TestModel(), name="S", output_type=Answer)

    output, _ = trace_agent(agent, "x", test_name="t")

    assert output == '{"city": "a", "degrees": 0}'


def test_a_sub_agent_stopped_by_its_usage_limit_is_named_at_its_last_model_call() -> None:
    """A sub-agent stopped by its usage limit made no step of its own for the request it was
    refused: the run's error named the tool that ran it; the error is its last model call's."""
    researcher = Agent(
        scripted(call("lookup", city="Lima"), call("lookup", city="Lima"), "Lima is sunny"),
        name="Researcher",
        tools=[lookup],
    )

    async def research(ctx: RunContext[None], topic: str) -> str:
        """Research a topic."""
        limits = UsageLimits(request_limit=2)
        return (await researcher.run(topic, usage_limits=limits)).output

    manager = Agent(scripted(call("research", topic="Lima")), name="Manager", tools=[research])

    with pytest.raises(AgentRunError) as raised:
        trace_agent(manager, "Report on Lima", test_name="t")

    assert raised.value.format().startswith(
        "test 't': the agent run failed in agent 'Researcher' (step 3): UsageLimitExceeded: "
        "The next request would exceed the request_limit of 2."
    )
    steps = raised.value.trace.steps
    assert [(s.name, s.error is not None) for s in steps] == [
        ("Manager", False),
        ("Researcher", False),
        ("lookup", False),
        ("Researcher", True),
        ("lookup", False),
        ("research", True),
    ]
