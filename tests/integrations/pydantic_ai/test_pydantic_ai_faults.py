"""Tool faults in real PydanticAI runs: a function tool (sync or async, renamed or prefixed, or a
tool an agent runs inside) raises or returns the faulted payload where its function would, so
PydanticAI handles it as the real thing (a timeout under a tool timeout is its retry prompt, a
capability may recover an error, an unhandled error ends the run), the model reads it, and the
step carries the fault; tools no fault names, and runs without faults, run as written. The
example under a fault is `test_pydantic_ai_adapter`'s."""

from __future__ import annotations

from typing import Any

import pydantic_ai
import pytest
from blame_pydantic_ai.fakes import call, scripted
from blame_pydantic_ai.faults import hook_point, install
from blame_pydantic_ai.tracer import AgentRunError, trace_agent
from pydantic_ai import Agent, RunContext, Tool
from pydantic_ai.capabilities import Hooks
from pydantic_ai.toolsets import FunctionToolset, PrefixedToolset, ToolsetTool
from pydantic_ai.toolsets.function import FunctionToolsetTool

from blame.errors import AgentError
from blame.faults import Fault, faulted, live_trace
from blame.model import Trace
from tests.fault_cases import data_faults, tool_steps

pytestmark = pytest.mark.pydantic_ai

ORDER = "order 5521: 89.90 EUR, refundable"


def lookup(order_id: str) -> str:
    """Look an order up."""
    return ORDER


async def alookup(order_id: str) -> str:
    """Look an order up, asynchronously."""
    return ORDER


def weather(city: str) -> str:
    """The weather."""
    return "sunny"


def _agent(tool: Any, name: str, *, calls: int = 1, **agent: Any) -> Agent[None, str]:
    """Desk calls `tool` by `name` (with `weather` beside it on the first call), then answers;
    a toolset goes in as a toolset."""
    script: list[Any] = [call(name, order_id="5521") for _ in range(calls)]
    script[0] = [script[0], call("weather", city="Oslo")]
    if isinstance(tool, FunctionToolset | PrefixedToolset):
        agent["toolsets"] = [tool]
        tool = weather
    tools = [tool] if tool is weather else [tool, weather]
    return Agent(scripted(*script, "Refund processed."), name="Desk", tools=tools, **agent)


def _run(faults: tuple[Fault, ...], agent: Agent[None, str]) -> Trace:
    install()
    return live_trace(faults, lambda: trace_agent(agent, "refund 5521", test_name="t")[1])


@pytest.mark.parametrize(("fault", "payload"), data_faults("lookup", ORDER))
@pytest.mark.parametrize("tool", [lookup, alookup], ids=["sync", "async"])
def test_a_data_fault_is_the_tool_result_the_model_reads(
    fault: Fault, payload: str, tool: Any
) -> None:
    name = tool.__name__
    fault = Fault(name, fault.kind, value=fault.value, keep=fault.keep)

    trace = _run((fault,), _agent(tool, name))

    assert tool_steps(trace) == [
        (name, payload, None, fault.kind),
        ("weather", "sunny", None, None),
    ]
    assert payload in trace.steps[-1].input
    assert trace.metadata["faults"] == [
        {"fault": fault.kind, "fired": 1, "calls": "every", "tool": name}
    ]


def test_a_timeout_under_a_tool_timeout_is_pydantic_ais_retry_prompt() -> None:
    """PydanticAI words a tool's timeout itself: the step still carries the fault."""
    trace = _run((Fault("lookup", "timeout"),), _agent(Tool(lookup, timeout=5), "lookup"))

    (step, other) = tool_steps(trace)
    assert step[0] == "lookup" and step[3] == "timeout"
    assert step[2] == "ToolRetryError: Timed out after 5 seconds."
    assert other == ("weather", "sunny", None, None)
    assert "Timed out after 5 seconds." in trace.steps[-1].input


def test_a_capability_recovers_a_raised_fault_as_it_would_the_real_error() -> None:
    def recovered(
        ctx: RunContext[None], *, call: Any, tool_def: Any, args: Any, error: Exception
    ) -> str:
        return f"lookup unavailable: {error}"

    agent = _agent(lookup, "lookup", capabilities=[Hooks(tool_execute_error=recovered)])

    trace = _run((Fault("lookup", "error", message="order service down (503)"),), agent)

    # the call did not succeed, whatever the capability made of it
    text = "lookup unavailable: order service down (503)"
    assert tool_steps(trace)[0] == ("lookup", text, None, "error")
    assert text in trace.steps[-1].input


@pytest.mark.parametrize("kind", ["error", "timeout"])
def test_an_unhandled_raised_fault_ends_the_run_as_the_real_error_would(kind: str) -> None:
    with pytest.raises(AgentRunError) as raised:
        _run((Fault("lookup", kind),), _agent(lookup, "lookup"))

    error = "InjectedToolError: lookup failed: service unavailable"
    if kind == "timeout":
        error = "InjectedTimeout: lookup timed out"
    assert raised.value.format() == (
        f"test 't': the agent run failed in tool 'lookup' (step 1): {error}"
    )


@pytest.mark.parametrize(("calls", "outputs"), [("first", ["", ORDER]), ("every", ["", ""])])
def test_a_fault_hits_the_first_or_every_call(calls: str, outputs: list[str]) -> None:
    trace = _run((Fault("lookup", "empty", calls=calls),), _agent(lookup, "lookup", calls=2))

    steps = [s for s in trace.steps if s.name == "lookup"]
    assert [s.output for s in steps] == outputs
    assert [faulted(s) for s in steps] == ["empty", "empty" if calls == "every" else None]


@pytest.mark.parametrize(
    ("tool", "name"),
    [
        (Tool(lookup, name="find_order"), "find_order"),
        (FunctionToolset([lookup]).prefixed("crm"), "crm_lookup"),
    ],
    ids=["renamed", "prefixed"],
)
def test_a_tool_is_faulted_by_the_name_the_model_calls_it_by(tool: Any, name: str) -> None:
    trace = _run((Fault(name, "stale", value="refunded in 2019"),), _agent(tool, name))

    assert tool_steps(trace)[0] == (name, "refunded in 2019", None, "stale")


def test_a_tool_that_runs_an_agent_is_faulted_and_the_agent_does_not_run() -> None:
    billing = Agent(scripted("Order 5521 is refundable."), name="Billing")

    async def ask_billing(ctx: RunContext[None], question: str) -> str:
        """Ask billing."""
        return (await billing.run(question, usage=ctx.usage)).output

    support = Agent(
        scripted(call("ask_billing", question="5521?"), "Refund processed."),
        name="Support",
        tools=[ask_billing],
    )

    trace = _run((Fault("ask_billing", "empty"),), support)

    assert [(s.name, s.agent, faulted(s)) for s in trace.steps] == [
        ("Support", "Support", None),
        ("ask_billing", "Support", "empty"),
        ("Support", "Support", None),
    ]


def test_without_faults_the_tools_run_as_written() -> None:
    install()
    install()  # once per process, however often asked
    _, trace = trace_agent(_agent(lookup, "lookup"), "refund 5521", test_name="t")

    assert tool_steps(trace) == [("lookup", ORDER, None, None), ("weather", "sunny", None, None)]
    assert "faults" not in trace.metadata


class WithoutCallTool:
    """A toolset class as a PydanticAI release without `FunctionToolset.call_tool` has it."""


class SyncCallTool:
    """`call_tool` as a plain function: awaiting what it returns would fail mid-run."""

    def call_tool(self, name: str, tool_args: dict[str, Any], ctx: Any, tool: Any) -> Any:
        """Call the tool."""


class OtherCallTool:
    """`call_tool` taking other parameters than the wrapper passes on."""

    async def call_tool(self, name: str, args: dict[str, Any], ctx: Any) -> Any:
        """Call the tool."""


@pytest.mark.parametrize(
    ("toolset", "tool", "problem"),
    [
        (WithoutCallTool, FunctionToolsetTool, "WithoutCallTool.call_tool is missing"),
        (SyncCallTool, FunctionToolsetTool, "SyncCallTool.call_tool is not a coroutine function"),
        (
            OtherCallTool,
            FunctionToolsetTool,
            "OtherCallTool.call_tool(self, name: 'str', args: 'dict[str, Any]', ctx: 'Any') -> "
            "'Any' is not call_tool(self, name, tool_args, ctx, tool)",
        ),
        (FunctionToolset, ToolsetTool, "ToolsetTool has no call_func field"),
    ],
    ids=["no-call_tool", "sync", "other-parameters", "no-call_func"],
)
def test_a_pydantic_ai_without_the_hook_point_is_one_clear_error(
    toolset: type, tool: type, problem: str
) -> None:
    """A PydanticAI inside the declared range may still have moved the hook point: the test
    says so, with its version and the range, instead of running unfaulted or raising
    AttributeError mid-run."""
    with pytest.raises(AgentError) as raised:
        hook_point(toolset, tool)

    assert raised.value.format() == (
        f"faults: tool faults cannot reach pydantic-ai {pydantic_ai.__version__}'s function "
        f"tools: {problem}; blame-pydantic-ai supports pydantic-ai-slim<3,>=2.54: install a "
        "release in that range, or drop `faults:`"
    )


def test_the_installed_pydantic_ai_has_the_hook_point() -> None:
    assert hook_point(FunctionToolset, FunctionToolsetTool) is FunctionToolset.call_tool
