"""Tool faults in real OpenAI Agents SDK runs: a function tool (sync or async, or an agent run as
a tool) raises or returns the faulted payload inside the SDK's own failure handling, the model
reads it, and the step carries the fault; tools no fault names, and runs without faults, run as
written. The example under a fault is `test_openai_agents_adapter`'s."""

from __future__ import annotations

from importlib.metadata import version
from typing import Any

import pytest
from agents import Agent, RunContextWrapper, function_tool
from blame_openai_agents.fakes import ScriptedModel, assistant_message, function_call
from blame_openai_agents.faults import hook_point, install
from blame_openai_agents.tracer import AgentRunError, trace_agent

from blame.errors import AgentError
from blame.faults import Fault, faulted, live_trace
from blame.model import StepKind, Trace
from tests.fault_cases import data_faults, tool_steps

pytestmark = pytest.mark.openai_agents

ORDER = "order A-17: 89.90 EUR, refund approved"


@function_tool
def lookup(order: str) -> str:
    """Look an order up."""
    return ORDER


@function_tool
async def alookup(order: str) -> str:
    """Look an order up, asynchronously."""
    return ORDER


@function_tool
def weather(city: str) -> str:
    """The weather."""
    return "sunny"


def _said(context: RunContextWrapper[Any], error: Exception) -> str:
    return f"error: {error}"


@function_tool(failure_error_function=_said)
def refund(order: str) -> str:
    """Refund an order."""
    return f"refunded {order}"


@function_tool(failure_error_function=None)
def strict(order: str) -> str:
    """A tool whose errors end the run (no failure function)."""
    return "fine"


def _agent(tool: Any, *, calls: int = 1) -> Agent[None]:
    script: list[Any] = [[function_call(tool.name, {"order": "A-17"}, call_id=f"c{i}")]
                         for i in range(calls)]  # fmt: skip
    script[0] = [*script[0], function_call("weather", {"city": "Oslo"}, call_id="w")]
    return Agent(
        name="Desk",
        tools=[tool, weather],
        model=ScriptedModel([*script, [assistant_message("Refund approved.")]]),
    )


def _run(faults: tuple[Fault, ...], agent: Agent[None]) -> Trace:
    install()
    return live_trace(faults, lambda: trace_agent(agent, "refund A-17", test_name="t")[1])


@pytest.mark.parametrize(("fault", "payload"), data_faults("lookup", ORDER))
@pytest.mark.parametrize("tool", [lookup, alookup], ids=["sync", "async"])
def test_a_data_fault_is_the_tool_output_the_model_reads(
    fault: Fault, payload: str, tool: Any
) -> None:
    fault = Fault(tool.name, fault.kind, value=fault.value, keep=fault.keep)

    trace = _run((fault,), _agent(tool))

    assert tool_steps(trace) == [
        (tool.name, payload, None, fault.kind),
        ("weather", "sunny", None, None),
    ]
    answer = trace.steps[-1]
    assert answer.kind is StepKind.AGENT and payload in answer.input
    assert trace.metadata["faults"] == [
        {"fault": fault.kind, "fired": 1, "calls": "every", "tool": tool.name}
    ]


@pytest.mark.parametrize(
    ("fault", "error", "read"),
    [
        (
            Fault("lookup", "error"),
            "Error running tool (non-fatal): lookup failed: service unavailable",
            # the SDK's default failure function tells the model
            "An error occurred while running the tool. Please try again. Error: lookup failed",
        ),
        (
            Fault("refund", "timeout"),
            "Error running tool (non-fatal): refund timed out",
            "error: refund timed out",  # the tool's own failure function
        ),
        (
            Fault("refund", "error", message="refund service unavailable (503)"),
            "Error running tool (non-fatal): refund service unavailable (503)",
            "error: refund service unavailable (503)",
        ),
    ],
)
def test_a_raising_fault_fails_the_call_and_the_model_reads_the_error(
    fault: Fault, error: str, read: str
) -> None:
    tool = refund if fault.tool == "refund" else lookup

    trace = _run((fault,), _agent(tool))

    (step, other) = tool_steps(trace)
    assert step[0] == fault.tool and step[2] == error and step[3] == fault.kind
    assert other == ("weather", "sunny", None, None)
    assert read in trace.steps[-1].input


@pytest.mark.parametrize(("calls", "outputs"), [("first", ["", ORDER]), ("every", ["", ""])])
def test_a_fault_hits_the_first_or_every_call(calls: str, outputs: list[str]) -> None:
    trace = _run((Fault("lookup", "empty", calls=calls),), _agent(lookup, calls=2))

    steps = [s for s in trace.steps if s.name == "lookup"]
    assert [s.output for s in steps] == outputs
    assert [faulted(s) for s in steps] == ["empty", "empty" if calls == "every" else None]


def test_an_agent_run_as_a_tool_is_faulted_by_its_tool_name_and_does_not_run() -> None:
    researcher = Agent(
        name="Researcher", model=ScriptedModel([[assistant_message("Order A-17 is refundable.")]])
    )
    ask = researcher.as_tool(tool_name="ask_researcher", tool_description="Ask the researcher.")
    manager = Agent(
        name="Manager",
        tools=[ask],
        model=ScriptedModel(
            [
                [function_call("ask_researcher", {"input": "A-17?"}, call_id="r")],
                [assistant_message("Refund approved.")],
            ]
        ),
    )

    trace = _run((Fault("ask_researcher", "stale", value="refundable (2019 policy)"),), manager)

    assert [(s.name, s.agent, faulted(s)) for s in trace.steps] == [
        ("Manager", "Manager", None),
        ("ask_researcher", "Manager", "stale"),
        ("Manager", "Manager", None),
    ]
    assert trace.steps[1].output == "refundable (2019 policy)"


def test_a_tool_without_a_failure_function_ends_the_run_as_its_real_error_would() -> None:
    with pytest.raises(AgentRunError) as raised:
        _run((Fault("strict", "error", message="strict is down"),), _agent(strict))

    assert raised.value.format() == (
        "test 't': the agent run failed in tool 'strict' (step 1): "
        "UserError: Error running tool strict: strict is down"
    )


def test_without_faults_the_tools_run_as_written() -> None:
    install()
    install()  # once per process, however often asked
    _, trace = trace_agent(_agent(refund), "refund A-17", test_name="t")

    assert tool_steps(trace) == [
        ("refund", "refunded A-17", None, None),
        ("weather", "sunny", None, None),
    ]
    assert "faults" not in trace.metadata


SUPPORTED = "blame-openai-agents supports openai-agents<1,>=0.20"
"""The range blame-openai-agents declares (its pyproject.toml), which its errors name."""


def _unreachable(problem: str) -> str:
    return (
        f"faults: tool faults cannot reach openai-agents {version('openai-agents')}'s function "
        f"tools: {problem}; {SUPPORTED}: install a release in that range, or drop `faults:`"
    )


def test_an_sdk_without_the_failure_handling_invoker_is_one_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Older or newer SDKs may lack the invoker faults stand in behind (none installable here
    does, so the class is taken away): the test says so, with the installed SDK's version and
    the range blame-openai-agents supports, instead of running unfaulted. Bug: it named
    neither."""
    import agents.tool

    monkeypatch.delattr(agents.tool, "_FailureHandlingFunctionToolInvoker")

    with pytest.raises(AgentError) as raised:
        install()

    assert raised.value.format() == _unreachable(
        "agents.tool has no _FailureHandlingFunctionToolInvoker"
    )


class WithoutCall:
    """An invoker class that is not callable itself (only `type.__call__` makes one)."""

    def __init__(self, invoke_tool_impl: Any, *, function_tool: Any = None) -> None:
        """Keep the body and the tool."""


class SyncCall(WithoutCall):
    """`__call__` as a plain function: awaiting what it returns would fail mid-run."""

    def __call__(self, ctx: Any, input: str) -> Any:
        """Call the tool."""


class OtherCall(WithoutCall):
    """`__call__` taking other parameters than the wrapper passes on."""

    async def __call__(self, context: Any, input: str, *, retries: int = 0) -> Any:
        """Call the tool."""


class WithoutTool:
    """An invoker made without the function tool, whose name says which fault applies."""

    def __init__(self, invoke_tool_impl: Any) -> None:
        """Keep the body."""

    async def __call__(self, ctx: Any, input: str) -> Any:
        """Call the tool."""


@pytest.mark.parametrize(
    ("invoker", "problem"),
    [
        (WithoutCall, "WithoutCall.__call__ is not a coroutine function"),
        (SyncCall, "SyncCall.__call__ is not a coroutine function"),
        (
            OtherCall,
            "OtherCall.__call__(self, context: 'Any', input: 'str', *, retries: 'int' = 0) -> "
            "'Any' is not __call__(self, ctx, input)",
        ),
        (WithoutTool, "WithoutTool(invoke_tool_impl: 'Any') -> 'None' takes no function_tool"),
    ],
    ids=["not-callable", "sync", "other-parameters", "no-function_tool"],
)
def test_an_sdk_whose_invoker_moved_is_one_clear_error(invoker: type, problem: str) -> None:
    """An SDK inside the declared range may still have changed the invoker: the test says so,
    with its version and the range, instead of running unfaulted or raising mid-run."""
    with pytest.raises(AgentError) as raised:
        hook_point(invoker)

    assert raised.value.format() == _unreachable(problem)


def test_the_installed_sdk_has_the_hook_point() -> None:
    from agents.tool import _FailureHandlingFunctionToolInvoker as invoker

    assert hook_point(invoker) is invoker.__call__
