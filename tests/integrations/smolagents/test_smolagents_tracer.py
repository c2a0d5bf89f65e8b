"""blame_smolagents.tracer: real smolagents runs on scripted models become the right step graph."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from blame_smolagents.fakes import ScriptedModel, call, code
from blame_smolagents.tracer import AgentRunError, final_text, trace_agent
from smolagents import CodeAgent, ToolCallingAgent, tool
from smolagents.agents import RunResult
from smolagents.models import ChatMessageStreamDelta
from smolagents.monitoring import LogLevel

from blame.errors import AgentError
from blame.faults import Fault, live_trace
from blame.model import Trace

pytestmark = pytest.mark.smolagents

QUIET = {"verbosity_level": LogLevel.OFF}


@tool
def web_search(query: str) -> str:
    """Search the web.

    Args:
        query: What to look for.
    """
    return f"{query}: 8,849 m (2020 survey)"


@tool
def publish(text: str) -> str:
    """Publish a text.

    Args:
        text: The text.
    """
    raise ConnectionError("publishing service down")


def _shape(trace: Trace) -> list[tuple[str, str, str, tuple[str, ...]]]:
    return [(s.kind.value, s.name, s.agent, s.parents) for s in trace.steps]


def _code_manager(*manager: str, sub: list[Any]) -> CodeAgent:
    searcher = ToolCallingAgent(
        tools=[web_search],
        model=ScriptedModel(*sub, model_id="search-model"),
        name="searcher",
        description="Searches the web.",
        **QUIET,
    )
    return CodeAgent(
        tools=[publish, web_search],
        model=ScriptedModel(*manager, model_id="manager-model"),
        managed_agents=[searcher],
        name="Manager",
        **QUIET,
    )


def test_a_code_agent_delegating_to_a_tool_calling_agent_is_linked_both_ways() -> None:
    manager = _code_manager(
        code('facts = searcher(task="How high is Everest?")\nprint(facts)'),
        code("publish(text=facts)"),
        code('final_answer("Everest is high.")'),
        sub=[call("web_search", query="Everest"), call("final_answer", answer="It is high.")],
    )

    output, trace = trace_agent(manager, "Write about Everest", test_name="t")

    assert output == trace.final_output == "Everest is high."
    assert (trace.test_name, trace.input, trace.metadata) == (
        "t",
        "Write about Everest",
        {"framework": "smolagents"},
    )
    assert _shape(trace) == [
        ("agent", "Manager", "Manager", ()),
        ("agent", "searcher", "searcher", ("s0",)),  # Manager -> searcher
        ("tool", "web_search", "searcher", ("s1",)),
        ("agent", "searcher", "searcher", ("s1", "s2")),
        ("tool", "searcher", "Manager", ("s0", "s3")),  # searcher -> Manager
        ("agent", "Manager", "Manager", ("s0", "s4")),
        ("tool", "publish", "Manager", ("s5",)),
        ("agent", "Manager", "Manager", ("s5", "s6")),
    ]
    first, _, search, answer, delegated, _, failed, last = trace.steps
    assert first.input == "user: New task:\nWrite about Everest"
    assert (
        first.output
        == '<code>\nfacts = searcher(task="How high is Everest?")\nprint(facts)\n</code>'
    )
    assert (search.input, search.output) == (
        '{"query":"Everest"}',
        "Everest: 8,849 m (2020 survey)",
    )
    assert "Everest: 8,849 m (2020 survey)" in answer.input
    assert answer.output == 'call final_answer({"answer":"It is high."})'
    assert delegated.input == '{"task":"How high is Everest?"}'
    assert "It is high." in delegated.output
    assert (failed.input, failed.error) == (
        '{"text":"' + delegated.output.replace("\n", "\\n") + '"}',
        "ConnectionError: publishing service down",
    )
    # a tool's failure is the tool's: the model call that chose it keeps no error
    assert [s.error for s in trace.steps if s.kind.value == "agent"] == [None] * 5
    assert "publishing service down" in last.input
    assert first.metadata == {"model": "manager-model"}
    assert all(s.tokens for s in trace.steps if s.kind.value == "agent")
    assert all(s.latency_ms is not None and s.latency_ms >= 0 for s in trace.steps)


def test_failed_actions_are_the_errors_of_the_model_calls_that_chose_them() -> None:
    searcher = CodeAgent(
        tools=[web_search],
        model=ScriptedModel(
            code("x = undefined_name"), code('final_answer(web_search(query="K2"))')
        ),
        name="searcher",
        description="Searches the web.",
        **QUIET,
    )
    manager = ToolCallingAgent(
        tools=[web_search],
        model=ScriptedModel(
            [call("web_search", query="Everest"), call("searcher", task="K2?")],
            call("no_such_tool", x=1),
            "I will just say it",
            call("final_answer", answer="done"),
        ),
        managed_agents=[searcher],
        **QUIET,
    )

    output, trace = trace_agent(manager, "go")

    assert output == "done"
    assert [(s.kind.value, s.name) for s in trace.steps] == [
        ("agent", "ToolCallingAgent"),  # an unnamed top agent is named by its class
        ("tool", "web_search"),
        ("agent", "searcher"),
        ("agent", "searcher"),
        ("tool", "web_search"),
        ("tool", "searcher"),
        ("agent", "ToolCallingAgent"),
        ("agent", "ToolCallingAgent"),
        ("agent", "ToolCallingAgent"),
    ]
    errors = [(s.index, (s.error or "").partition(":")[0]) for s in trace.steps if s.error]
    assert errors == [
        (2, "AgentExecutionError"),  # code that raised
        (6, "AgentToolExecutionError"),  # a tool that does not exist
        (7, "AgentParsingError"),  # a reply with no tool call
    ]
    # the code of the searcher's last reply called web_search: its result is the answer too
    assert trace.steps[5].parents == ("s0", "s3", "s4")
    assert trace.steps[6].parents == ("s0", "s1", "s5")


def test_the_last_call_after_max_steps_carries_the_error() -> None:
    agent = ToolCallingAgent(
        tools=[web_search],
        model=ScriptedModel(call("web_search", query="a"), "Best guess: 8 km"),
        max_steps=1,
        **QUIET,
    )

    output, trace = trace_agent(agent, "go")

    assert output == "Best guess: 8 km"
    assert [(s.name, s.error) for s in trace.steps] == [
        ("ToolCallingAgent", None),
        ("web_search", None),
        ("ToolCallingAgent", "AgentMaxStepsError: Reached max steps."),
    ]


def test_a_run_that_raises_is_an_agent_error_with_the_steps_so_far() -> None:
    agent = ToolCallingAgent(
        tools=[web_search], model=ScriptedModel(call("web_search", query="a")), **QUIET
    )

    with pytest.raises(AgentRunError) as raised:
        trace_agent(agent, "go", test_name="short")

    assert raised.value.format().startswith(
        "test 'short': the agent run failed in agent 'ToolCallingAgent' (step 2): "
        "AgentGenerationError: Error while generating output:"
    )
    assert [(s.name, bool(s.error)) for s in raised.value.trace.steps] == [
        ("ToolCallingAgent", False),
        ("web_search", False),
        ("ToolCallingAgent", True),
    ]


@pytest.mark.parametrize("fails", [False, True])
def test_smolagents_panels_are_off_while_traced_and_the_levels_come_back(
    capfd: pytest.CaptureFixture[str], fails: bool
) -> None:
    """At its default verbosity each agent printed its whole run in panels (its steps, code,
    tool calls, a managed agent's run, the errors): a hundred lines around blame's report."""
    searcher = ToolCallingAgent(
        tools=[web_search],
        model=ScriptedModel(
            call("web_search", query="Everest"), call("final_answer", answer="8,849 m")
        ),
        name="searcher",
        description="Searches the web.",
    )
    manager = CodeAgent(
        tools=[publish],
        model=ScriptedModel(
            code('facts = searcher(task="How high is Everest?")\nprint(facts)'),
            code("publish(text=facts)"),
            *([] if fails else [code('final_answer("Everest is 8,849 m high.")')]),
        ),
        managed_agents=[searcher],
        name="Manager",
        max_steps=3,
    )
    assert manager.logger.level == searcher.logger.level == LogLevel.INFO  # the default

    if fails:
        with pytest.raises(AgentRunError):
            trace_agent(manager, "Write about Everest", test_name="t")
    else:
        assert trace_agent(manager, "Write about Everest", test_name="t")[0].startswith("Everest")

    assert capfd.readouterr() == ("", "")
    assert manager.logger.level == searcher.logger.level == LogLevel.INFO


class StreamingModel(ScriptedModel):
    """A scripted model that can also stream its text replies in two pieces."""

    def generate_stream(self, messages: list[Any], **kwargs: Any) -> Iterator[Any]:
        reply = self.generate(messages, **kwargs).content
        half = len(reply) // 2
        yield ChatMessageStreamDelta(content=reply[:half])
        yield ChatMessageStreamDelta(content=reply[half:])


def test_a_streamed_reply_is_one_model_call() -> None:
    agent = CodeAgent(
        tools=[],
        model=StreamingModel(code('final_answer("streamed")')),
        stream_outputs=True,
        **QUIET,
    )

    output, trace = trace_agent(agent, "go")

    assert output == "streamed"
    [step] = trace.steps
    assert step.output == '<code>\nfinal_answer("streamed")\n</code>'


def test_runs_traced_at_the_same_time_keep_their_own_steps() -> None:
    def agent(word: str) -> CodeAgent:
        model = ScriptedModel(
            code(f'x = web_search(query="{word}")'), code(f'final_answer("{word}")'), delay=0.02
        )
        return CodeAgent(tools=[web_search], model=model, **QUIET)

    found: dict[str, Trace] = {}

    def run(word: str) -> None:
        found[word] = trace_agent(agent(word), word)[1]

    threads = [threading.Thread(target=run, args=(w,)) for w in ("alpha", "beta")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    for word, trace in found.items():
        assert [(s.name, s.input) for s in trace.steps if s.kind.value == "tool"] == [
            ("web_search", f'{{"query":"{word}"}}')
        ]
        assert trace.final_output == word
        assert len(trace.steps) == 3


def test_agents_and_tools_outside_a_traced_run_are_left_alone() -> None:
    agent = ToolCallingAgent(
        tools=[web_search],
        model=ScriptedModel(call("final_answer", answer="a"), call("final_answer", answer="b")),
        **QUIET,
    )
    trace_agent(agent, "traced")

    assert agent.run("not traced") == "b"
    assert web_search(query="x") == "x: 8,849 m (2020 survey)"


def test_an_agent_streamed_inside_a_run_is_one_clear_error() -> None:
    inner = ToolCallingAgent(
        tools=[], model=ScriptedModel(call("final_answer", answer="inner")), **QUIET
    )

    @tool
    def ask_inner(question: str) -> str:
        """Ask another agent, streaming its steps.

        Args:
            question: The question.
        """
        return str(list(inner.run(question, stream=True))[-1].output)

    outer = ToolCallingAgent(
        tools=[ask_inner],
        model=ScriptedModel(call("ask_inner", question="q"), call("final_answer", answer="x")),
        **QUIET,
    )

    with pytest.raises(AgentError) as raised:
        trace_agent(outer, "go", test_name="s")
    assert raised.value.format() == (
        "test 's': could not follow the run's spans: agent 'ToolCallingAgent' ran with "
        "stream=True, which blame does not follow"
    )


@pytest.mark.parametrize(
    ("fault", "error", "output"),
    [
        (
            Fault("web_search", "error"),
            "InjectedToolError: web_search failed: service unavailable",
            "",
        ),
        (Fault("web_search", "stale", value="8,848 m (1955)"), None, "8,848 m (1955)"),
        (Fault("web_search", "truncated", keep=7), None, "Everest"),
    ],
    ids=["error", "stale", "truncated"],
)
def test_faults_stand_in_for_tools_called_from_code_and_by_tool_calls(
    fault: Fault, error: str | None, output: str
) -> None:
    manager = _code_manager(
        code('print(searcher(task="Everest?"))\nfacts = web_search(query="Everest")'),
        code('final_answer("ok")'),
        sub=[call("web_search", query="Everest"), call("final_answer", answer="fine")],
    )

    trace = live_trace((fault,), lambda: trace_agent(manager, "go")[1])

    searches = [s for s in trace.steps if s.name == "web_search"]
    assert [(s.agent, s.error, s.output, s.metadata) for s in searches] == [
        ("searcher", error, output, {"fault": fault.kind}),
        ("Manager", error, output, {"fault": fault.kind}),
    ]
    assert trace.metadata["faults"] == [
        {"fault": fault.kind, "fired": 2, "calls": "every", "tool": "web_search"}
    ]


@pytest.mark.parametrize(
    ("result", "text"),
    [
        ("plain", "plain"),
        ({"b": 1, "a": [2]}, '{"a": [2], "b": 1}'),
        (
            RunResult(output="full", state="success", steps=[], token_usage=None, timing=None),
            "full",
        ),
        (42, "42"),
    ],
    ids=["text", "dict", "run-result", "number"],
)
def test_final_text(result: Any, text: str) -> None:
    assert final_text(result) == text
