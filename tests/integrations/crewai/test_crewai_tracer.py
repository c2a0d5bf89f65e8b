"""blame_crewai.tracer: real CrewAI crews, run offline on scripted LLMs, traced into step graphs."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from blame.errors import AgentError, ConfigError
from blame.graph import StepGraph
from blame.model import Step, StepKind, Trace

pytestmark = pytest.mark.crewai

Action = Callable[..., str]
Final = Callable[[str], str]


def _crew(agents: list[Any], tasks: list[Any]) -> Any:
    from crewai import Crew, Process

    return Crew(agents=agents, tasks=tasks, process=Process.sequential, verbose=False)


def _task(description: str, agent: Any, context: list[Any] | None = None) -> Any:
    from crewai import Task

    if context is None:
        return Task(description=description, expected_output="An answer.", agent=agent)
    return Task(description=description, expected_output="An answer.", agent=agent, context=context)


def _trace(crew: Any, storage: Path, inputs: Any = "the question") -> tuple[str, Trace]:
    from blame_crewai import trace_crew

    return trace_crew(crew, inputs, test_name="t", storage_dir=storage)


def _shape(trace: Trace) -> list[tuple[str, str, str, tuple[str, ...]]]:
    return [(s.kind.value, s.name, s.agent, s.parents) for s in trace.steps]


def _researcher(
    make_agent: Callable[..., Any],
    react: tuple[Action, Final],
    fail_first: int = 0,
    *,
    calls: str = "lookup",
    query: str = "France",
    answer: str = "Paris.",
) -> Any:
    """A Researcher that calls `calls` (lookup), then answers; lookup fails `fail_first` times."""
    action, final = react
    return make_agent(
        "Researcher",
        [action(calls, json.dumps({"query": query})), final(answer)],
        tools=[_lookup_tool(fail_first)],
    )


def _lookup_tool(fail_first: int = 0) -> Any:
    from crewai.tools import tool

    calls = {"n": 0}

    @tool("lookup")
    def lookup(query: str) -> str:
        """Look a fact up."""
        calls["n"] += 1
        if calls["n"] <= fail_first:
            raise RuntimeError("lookup service unavailable")
        return f"fact about {query}: Paris is the capital of France"

    return lookup


def test_agents_are_steps_named_by_role_and_task_context_is_a_data_flow_edge(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    _, final = react
    researcher = make_agent("Researcher", [final("Paris is the capital.")])
    writer = make_agent("Writer", [final("Report: Paris.")])
    research = _task("Research {input}", researcher)
    report = _task("Write the report", writer, context=[research])

    output, trace = _trace(_crew([researcher, writer], [research, report]), storage, "France")

    assert output == "Report: Paris."
    assert trace.final_output == "Report: Paris."
    assert trace.input == "France"
    assert _shape(trace) == [
        ("agent", "Researcher", "Researcher", ()),
        ("agent", "Writer", "Writer", ("s0",)),
    ]
    assert trace.steps[0].output == "Paris is the capital."
    assert "Research France" in trace.steps[0].input
    assert "Paris is the capital." in trace.steps[1].input
    assert trace.steps[1].metadata["task"] == "Write the report"
    assert [h.name for h in StepGraph(trace).handoffs] == ["Researcher -> Writer"]
    assert trace.metadata["framework"] == "crewai"
    assert trace.metadata["process"] == "sequential"


def test_default_context_links_every_earlier_task_whose_output_the_prompt_carries(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    _, final = react
    a = make_agent("Alpha", [final("alpha facts")])
    b = make_agent("Beta", [final("beta facts")])
    c = make_agent("Gamma", [final("gamma summary")])
    tasks = [_task("first", a), _task("second", b), _task("third", c)]

    _, trace = _trace(_crew([a, b, c], tasks), storage)

    assert [s.parents for s in trace.steps] == [(), ("s0",), ("s0", "s1")]


def test_explicit_empty_context_has_no_upstream_edge(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    _, final = react
    a = make_agent("Alpha", [final("alpha facts")])
    b = make_agent("Beta", [final("beta facts")])

    _, trace = _trace(_crew([a, b], [_task("first", a), _task("second", b, context=[])]), storage)

    assert [s.parents for s in trace.steps] == [(), ()]


def test_tool_calls_are_tool_steps_of_the_calling_agent_between_its_turns(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    researcher = _researcher(make_agent, react)

    _, trace = _trace(_crew([researcher], [_task("Research {input}", researcher)]), storage)

    assert _shape(trace) == [
        ("agent", "Researcher", "Researcher", ()),
        ("tool", "lookup", "Researcher", ("s0",)),
        ("agent", "Researcher", "Researcher", ("s0", "s1")),
    ]
    turn, tool, answer = trace.steps
    assert "Action: lookup" in turn.output
    assert json.loads(tool.input) == {"query": "France"}
    assert tool.output == "fact about France: Paris is the capital of France"
    assert tool.error is None
    assert tool.metadata["attempt"] == 1
    # the answering turn's LLM call saw the task as well as the tool's result
    assert answer.input.startswith(turn.input)
    assert answer.input.endswith("\n\nlookup: fact about France: Paris is the capital of France")
    assert answer.output == "Paris."
    assert [turn.metadata["turn"], answer.metadata["turn"]] == [1, 2]
    assert StepGraph(trace).handoffs == ()


def test_a_tool_whose_result_is_the_answer_ends_on_a_turn_fed_by_that_tool_alone(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    from crewai.tools import tool

    @tool("refund", result_as_answer=True)
    def refund(order: str) -> str:
        """Refund an order."""
        return "Refund issued, reference RF-71"

    action, _ = react
    refunder = make_agent("Refunder", [action("refund", '{"order": "ORD-4471"}')], tools=[refund])

    output, trace = _trace(_crew([refunder], [_task("Refund {input}", refunder)]), storage)

    assert output == "Refund issued, reference RF-71"
    assert _shape(trace)[1:] == [
        ("tool", "refund", "Refunder", ("s0",)),
        ("agent", "Refunder", "Refunder", ("s1",)),
    ]
    # no LLM call wrote the answer: CrewAI returned the tool's result, so the task prompt
    # (which has the order) is not what this turn read
    answer = trace.steps[2]
    assert (answer.input, answer.output) == (output, output)
    assert answer.metadata["llm_calls"] == 0
    assert answer.metadata["result_as_answer"] == "refund"
    # the tool's result dropped the order: its code must change, not the Refunder's prompt
    assert _patches(trace, "ORD-4471") == (("refund", True),)


def test_a_raising_tool_gives_error_steps_and_retries_linked_to_the_failed_attempt(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    # CrewAI invokes a raising tool a second time inside one attempt before it reports an
    # error, so failing the first two invocations makes exactly one reported failure.
    researcher = _researcher(make_agent, react, fail_first=2)

    _, trace = _trace(_crew([researcher], [_task("Research", researcher)]), storage)

    tools = [s for s in trace.steps if s.kind is StepKind.TOOL]
    assert [(s.error, s.metadata["attempt"]) for s in tools] == [
        ("RuntimeError: lookup service unavailable", 1),
        (None, 2),
    ]
    assert tools[1].metadata["retry_of"] == tools[0].id
    assert tools[1].output.endswith("Paris is the capital of France")
    assert trace.steps[-1].parents == ("s0", tools[0].id, tools[1].id)


def _native_llm(replies: list[Any]) -> Any:
    """An LLM calling tools natively: a reply that is a list is the response's tool calls."""
    from blame_crewai.fakes import ScriptedLLM
    from crewai.events.types.llm_events import LLMCallType
    from crewai.llms.base_llm import llm_call_context

    class NativeLLM(ScriptedLLM):
        def supports_function_calling(self) -> bool:
            return True

        def call(self, messages: Any, *args: Any, **kwargs: Any) -> Any:
            where = {"from_task": kwargs.get("from_task"), "from_agent": kwargs.get("from_agent")}
            with llm_call_context():
                self._emit_call_started_event(messages=messages, **where)
                reply = replies[self.next_reply_index()]
                kind = LLMCallType.TOOL_CALL if isinstance(reply, list) else LLMCallType.LLM_CALL
                self._emit_call_completed_event(
                    response=reply, call_type=kind, messages=messages, **where
                )
                return reply

    return NativeLLM(model="native")


def test_failed_calls_in_one_native_response_are_not_retries_of_each_other(
    make_agent: Callable[..., Any], storage: Path
) -> None:
    from crewai import Agent

    def call(query: str) -> dict[str, Any]:
        arguments = json.dumps({"query": query})
        return {
            "id": query,
            "type": "function",
            "function": {"name": "lookup", "arguments": arguments},
        }

    # two calls of the failing lookup in one response, different arguments
    llm = _native_llm([[call("France"), call("Italy")], "Paris and Rome."])
    researcher = Agent(
        role="Researcher", goal="Find.", backstory="You find.", llm=llm,
        tools=[_lookup_tool(fail_first=99)], allow_delegation=False, verbose=False,
    )  # fmt: skip

    _, trace = _trace(_crew([researcher], [_task("Research", researcher)]), storage)

    tools = [s for s in trace.steps if s.kind is StepKind.TOOL]
    # CrewAI runs the calls of one response side by side: either may finish first
    assert sorted((s.input, s.error is not None) for s in tools) == [
        ('{"query": "France"}', True),
        ('{"query": "Italy"}', True),
    ]
    assert [s.metadata.get("retry_of") for s in tools] == [None, None]
    assert trace.steps[-1].parents == ("s0", tools[0].id, tools[1].id)


def test_a_tool_that_reports_failure_is_a_failed_step(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    from crewai.tools import BaseTool
    from crewai.tools.tool_failure import ToolFailure

    class Book(BaseTool):
        name: str = "book"
        description: str = "Book a seat."

        def _run(self, flight: str) -> ToolFailure:
            return ToolFailure(message=f"no such flight {flight}", code="unknown")

    action, final = react
    booker = make_agent(
        "Booker", [action("book", '{"flight": "XX1"}'), final("Booked!")], tools=[Book()]
    )

    _, trace = _trace(_crew([booker], [_task("Book", booker)]), storage)

    tool = trace.steps[1]
    assert (tool.kind, tool.name, tool.agent) == (StepKind.TOOL, "book", "Booker")
    assert tool.error == "tool_reported: no such flight XX1"


def _hold_failed_booking(context: Any) -> None:
    """An after-tool hook that holds the failed booking (XX1) back for a while."""
    import time

    if "XX1" in json.dumps(context.tool_input):
        time.sleep(0.4)


def test_a_reported_failure_lands_on_its_own_tasks_call_when_agents_share_a_role(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    # Two Bookers (one role, two agents) book at once; XX1's failure is reported after CrewAI's
    # after-tool hooks ran, by which time AF1's call of the same tool had finished too.
    import time

    from crewai import Task
    from crewai.hooks.tool_hooks import (
        register_after_tool_call_hook,
        unregister_after_tool_call_hook,
    )
    from crewai.tools import BaseTool
    from crewai.tools.tool_failure import ToolFailure

    class Book(BaseTool):
        name: str = "book"
        description: str = "Book a seat."

        def _run(self, flight: str) -> ToolFailure | str:
            if flight == "XX1":
                return ToolFailure(message=f"no such flight {flight}", code="unknown")
            time.sleep(0.2)
            return f"booked {flight}"

    action, final = react
    tasks = [
        Task(description=f"Book {flight}", expected_output="x", async_execution=True)
        for flight in ("XX1", "AF1")
    ]
    bookers = []
    for task, flight in zip(tasks, ("XX1", "AF1"), strict=True):
        task.agent = make_agent(
            "Booker",
            [action("book", json.dumps({"flight": flight})), final("Done")],
            tools=[Book()],
        )
        bookers.append(task.agent)
    writer = make_agent("Writer", [final("Both done")])
    crew = _crew([*bookers, writer], [*tasks, _task("Sum up", writer, context=tasks)])

    register_after_tool_call_hook(_hold_failed_booking)
    try:
        _, trace = _trace(crew, storage)
    finally:
        unregister_after_tool_call_hook(_hold_failed_booking)

    calls = [(s.input, s.metadata.get("task"), s.error) for s in trace.steps if s.name == "book"]
    assert calls == [
        ('{"flight": "XX1"}', "Book XX1", "tool_reported: no such flight XX1"),
        ('{"flight": "AF1"}', "Book AF1", None),
    ]


@pytest.mark.parametrize(
    ("tool_name", "args"),
    [
        (
            "Delegate work to coworker",
            '{"task": "Check the capital", "context": "We think Paris", "coworker": "Checker"}',
        ),
        (
            "Ask question to coworker",
            '{"question": "Is Paris right?", "context": "We think Paris", "coworker": "Checker"}',
        ),
    ],
    ids=["delegate-work", "ask-question"],
)
def test_delegation_is_a_handoff_to_the_coworker_and_back(
    make_agent: Callable[..., Any],
    react: tuple[Action, Final],
    storage: Path,
    tool_name: str,
    args: str,
) -> None:
    action, final = react
    writer = make_agent(
        "Writer",
        [action(tool_name, args, "Ask the checker."), final("Report: Paris, checked.")],
        allow_delegation=True,
    )
    checker = make_agent("Checker", [final("Yes, Paris is right.")])

    _, trace = _trace(_crew([writer, checker], [_task("Write", writer)]), storage)

    assert _shape(trace) == [
        ("agent", "Writer", "Writer", ()),
        ("agent", "Checker", "Checker", ("s0",)),
        ("tool", tool_name, "Writer", ("s0", "s1")),
        ("agent", "Writer", "Writer", ("s0", "s2")),
    ]
    coworker, delegation = trace.steps[1], trace.steps[2]
    assert "We think Paris" in coworker.input
    assert coworker.metadata["delegated_by"] == "Writer"
    assert coworker.output == "Yes, Paris is right."
    assert delegation.metadata["delegation_to"] == "Checker"
    assert delegation.output == "Yes, Paris is right."
    assert [h.name for h in StepGraph(trace).handoffs] == ["Writer -> Checker", "Checker -> Writer"]


def test_a_value_the_coworker_garbled_is_the_coworkers_though_the_delegator_repeats_it(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    action, final = react
    args = '{"task": "Book flight AF1234", "context": "AF1234 on 2026-12-01", "coworker": "Booker"}'
    coordinator = make_agent(
        "Coordinator",
        [action("Delegate work to coworker", args), final("Done: booked AF1243 on 2026-12-01.")],
        allow_delegation=True,
    )
    booker = make_agent("Booker", [final("Booked flight AF1243 on 2026-12-01.")])
    task = _task("Get flight AF1234 on 2026-12-01 booked.", coordinator)

    _, trace = _trace(_crew([coordinator, booker], [task]), storage)

    # the Coordinator still has AF1234 in its task, but the Booker wrote the misspelling
    suspect = _suspects(trace, "AF1234")[0]
    assert (suspect.agent, suspect.step_index) == ("Booker", 1)
    assert "had 'AF1234' in its input and wrote 'AF1243'" in suspect.reason


def test_a_flight_searched_on_the_hotels_date_is_the_calls_not_the_answers(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    from crewai.tools import tool

    @tool("hotel_search")
    def hotel_search(city: str) -> str:
        """Find a hotel."""
        return f"{city}: Hotel Lido, check-in 2026-05-03"

    @tool("flight_search")
    def flight_search(route: str, date: str) -> str:
        """Find a flight on a date."""
        return f"{route} {date}: TP441 at 07:15"

    action, final = react
    scheduler = make_agent(
        "Scheduler",
        [
            action("hotel_search", '{"city": "Lisbon"}'),
            action("flight_search", '{"route": "PAR-LIS", "date": "2026-05-03"}'),
            final("Fly TP441 at 07:15 on 2026-05-03, stay at Hotel Lido."),
        ],
        tools=[hotel_search, flight_search],
    )
    task = _task("Plan the trip: {input}", scheduler)

    _, trace = _trace(_crew([scheduler], [task]), storage, "PAR-LIS on 2026-05-01, Lisbon")

    # the final turn dropped the task's date, but the flight search put the hotel's in its place
    suspect = _suspects(trace, "2026-05-01")[0]
    assert [s.name for s in trace.steps[2:4]] == ["Scheduler", "flight_search"]
    assert (suspect.agent, suspect.step_index) == ("Scheduler", 2)
    assert "copied from step 1 (tool hotel_search, called by Scheduler)'s result" in suspect.reason


def test_a_delegation_to_a_coworker_the_crew_does_not_have_is_a_failed_tool_step(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    # CrewAI answers it with an error message as the tool's result, and no coworker runs.
    action, final = react
    args = '{"question": "Price?", "context": "AF1234", "coworker": "Pricing Expert"}'
    writer = make_agent(
        "Writer",
        [action("Ask question to coworker", args), final("AF1234 costs 99 EUR")],
        allow_delegation=True,
    )
    checker = make_agent("Checker", [])

    _, trace = _trace(_crew([writer, checker], [_task("Write", writer)]), storage)

    assert _shape(trace) == [
        ("agent", "Writer", "Writer", ()),
        ("tool", "Ask question to coworker", "Writer", ("s0",)),
        ("agent", "Writer", "Writer", ("s0", "s1")),
    ]
    delegation = trace.steps[1]
    assert delegation.metadata["delegation_to"] == "Pricing Expert"
    assert delegation.error is not None
    assert delegation.error.startswith("Error executing tool. coworker mentioned not found")
    assert delegation.output == ""
    assert StepGraph(trace).handoffs == ()


def test_a_hierarchical_crews_manager_delegates_through_a_handoff(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    from blame_crewai.fakes import ScriptedLLM
    from crewai import Crew, Process, Task

    action, final = react
    manager = ScriptedLLM(
        model="manager",
        responses=[
            action(
                "Delegate work to coworker",
                '{"task": "Find the capital", "context": "France", "coworker": "Researcher"}',
            ),
            final("The capital is Paris."),
        ],
    )
    researcher = make_agent("Researcher", [final("Paris")])
    task = Task(description="What is the capital of {input}?", expected_output="A city.")
    crew = Crew(
        agents=[researcher],
        tasks=[task],
        process=Process.hierarchical,
        manager_llm=manager,
        verbose=False,
    )

    output, trace = _trace(crew, storage, "France")

    assert output == "The capital is Paris."
    assert _shape(trace) == [
        ("agent", "Crew Manager", "Crew Manager", ()),
        ("agent", "Researcher", "Researcher", ("s0",)),
        ("tool", "Delegate work to coworker", "Crew Manager", ("s0", "s1")),
        ("agent", "Crew Manager", "Crew Manager", ("s0", "s2")),
    ]
    assert trace.metadata["process"] == "hierarchical"


def test_async_tasks_running_together_feed_the_task_that_takes_both_as_context(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    from crewai import Task

    _, final = react
    a = make_agent("Alpha", [final("alpha out")])
    b = make_agent("Beta", [final("beta out")])
    c = make_agent("Gamma", [final("gamma out")])
    first = Task(description="a", expected_output="x", agent=a, async_execution=True)
    second = Task(description="b", expected_output="x", agent=b, async_execution=True)
    joined = _task("c", c, context=[first, second])

    output, trace = _trace(_crew([a, b, c], [first, second, joined]), storage)

    assert output == "gamma out"
    assert sorted(_shape(trace)[:2]) == [
        ("agent", "Alpha", "Alpha", ()),
        ("agent", "Beta", "Beta", ()),
    ]
    assert _shape(trace)[2] == ("agent", "Gamma", "Gamma", ("s0", "s1"))


def _concurrent_analysts(
    make_agent: Callable[..., Any], react: tuple[Action, Final], delays: tuple[float, ...]
) -> Any:
    """Three async analysts whose lookups sleep `delays`, then a writer quoting all three:
    GLOBEX's analyst misreads its lookup (12 as 21)."""
    import time

    from crewai import Task
    from crewai.tools import tool

    action, final = react
    roles = ("ACME Analyst", "GLOBEX Analyst", "INITECH Analyst")
    agents: list[Any] = []
    tasks: list[Any] = []
    for role, delay in zip(roles, delays, strict=True):
        company = role.split()[0]

        @tool("lookup")
        def lookup(query: str, delay: float = delay) -> str:
            """Look a company's revenue up."""
            time.sleep(delay)
            return f"{query} revenue: 12"

        agent = make_agent(
            role,
            [
                action("lookup", json.dumps({"query": company})),
                final(f"{company} revenue: {21 if company == 'GLOBEX' else 12}"),
            ],
            tools=[lookup],
        )
        agents.append(agent)
        tasks.append(
            Task(description=company, expected_output="x", agent=agent, async_execution=True)
        )
    writer = make_agent(
        "Writer", [final("ACME revenue: 12; GLOBEX revenue: 21; INITECH revenue: 12")]
    )
    joined = _task("Sum the revenues up", writer, context=tasks)
    return _crew([*agents, writer], [*tasks, joined])


def test_async_tasks_steps_go_by_task_position_whichever_thread_finishes_first(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    from blame.engine import attribute
    from blame.model import Check
    from blame.results import Evaluation

    value = "GLOBEX revenue: 12"
    check = Check(type="contains", name=f"contains:{value}", params={"value": value})
    seen: set[tuple[Any, ...]] = set()
    for delays in [(0.4, 0.2, 0.0), (0.0, 0.2, 0.4), (0.4, 0.2, 0.0), (0.0, 0.2, 0.4)]:
        _, trace = _trace(_concurrent_analysts(make_agent, react, delays), storage)
        suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))
        seen.add((tuple(_shape(trace)), suspects[0].name, suspects[0].step_index))

    assert len(seen) == 1
    shape, culprit, culprit_index = seen.pop()
    assert [(kind, agent) for kind, _, agent, _ in shape] == [
        *[
            (kind, role)
            for role in ("ACME Analyst", "GLOBEX Analyst", "INITECH Analyst")
            for kind in ("agent", "tool", "agent")
        ],
        ("agent", "Writer"),
    ]
    assert [parents for *_, parents in shape] == [
        (),
        ("s0",),
        ("s0", "s1"),
        (),
        ("s3",),
        ("s3", "s4"),
        (),
        ("s6",),
        ("s6", "s7"),
        ("s2", "s5", "s8"),
    ]
    assert (culprit, culprit_index) == ("GLOBEX Analyst", 5)


def _analyst_crew(
    make_agent: Callable[..., Any], react: tuple[Action, Final], company: str, delay: float
) -> Any:
    """A crew of one analyst whose lookup sleeps `delay`: GLOBEX's misreads it (12 as 21)."""
    import time

    from crewai.tools import tool

    action, final = react

    @tool("lookup")
    def lookup(query: str) -> str:
        """Look a company's revenue up."""
        time.sleep(delay)
        return f"{query} revenue: 12"

    agent = make_agent(
        f"{company} Analyst",
        [
            action("lookup", json.dumps({"query": company})),
            final(f"{company} revenue: {21 if company == 'GLOBEX' else 12}"),
        ],
        tools=[lookup],
    )
    return _crew([agent], [_task(f"The revenue of {company}", agent)])


def _crews_side_by_side(
    make_agent: Callable[..., Any], react: tuple[Action, Final], how: str, delays: tuple[float, ...]
) -> Any:
    """A Flow that runs ACME's and GLOBEX's crews at the same time (`how`), then a writer's
    crew on both answers."""
    from crewai.flow.flow import Flow, and_, listen, start

    acme, globex = (
        _analyst_crew(make_agent, react, company, delay)
        for company, delay in zip(("ACME", "GLOBEX"), delays, strict=True)
    )
    writer = make_agent("Writer", [react[1]("ACME revenue: 12; GLOBEX revenue: 21")])

    def write(answers: list[str]) -> str:
        crew = _crew([writer], [_task("Sum up: " + " | ".join(answers), writer)])
        return str(crew.kickoff().raw)

    class Gathered(Flow):  # type: ignore[type-arg]
        @start()
        async def research(self) -> list[str]:
            outputs = await asyncio.gather(acme.kickoff_async(), globex.kickoff_async())
            return [str(output.raw) for output in outputs]

        @listen(research)
        def report(self, answers: list[str]) -> str:
            return write(answers)

    class Listeners(Flow):  # type: ignore[type-arg]
        @start()
        def begin(self) -> str:
            return "go"

        @listen(begin)
        async def acme(self) -> None:
            self.state["acme"] = str((await acme.kickoff_async()).raw)

        @listen(begin)
        async def globex(self) -> None:
            self.state["globex"] = str((await globex.kickoff_async()).raw)

        @listen(and_(acme, globex))
        def report(self) -> str:
            return write([str(self.state[name]) for name in ("acme", "globex")])

    class SyncListeners(Flow):  # type: ignore[type-arg]
        @start()
        def begin(self) -> str:
            return "go"

        @listen(begin)
        def acme(self) -> None:
            self.state["acme"] = str(acme.kickoff().raw)

        @listen(begin)
        def globex(self) -> None:
            self.state["globex"] = str(globex.kickoff().raw)

        @listen(and_(acme, globex))
        def report(self) -> str:
            return write([str(self.state[name]) for name in ("acme", "globex")])

    return {"gather": Gathered, "listeners": Listeners, "sync listeners": SyncListeners}[how]()


@pytest.mark.parametrize("how", ["gather", "listeners", "sync listeners"])
def test_crews_a_flow_runs_at_once_are_numbered_in_launch_order_whichever_finishes_first(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path, how: str
) -> None:
    from blame.testing import make_check, run_check

    seen: set[tuple[Any, ...]] = set()
    for delays in [(0.4, 0.0), (0.0, 0.4), (0.4, 0.0), (0.0, 0.4)]:
        output, trace = _trace(_crews_side_by_side(make_agent, react, how, delays), storage, {})
        result = run_check(make_check("contains", value="GLOBEX revenue: 12"), trace)
        culprit = result.blame[0]
        seen.add((output, tuple(_shape(trace)), culprit.name, culprit.step_index))

    assert len(seen) == 1
    output, shape, culprit_name, culprit_index = seen.pop()
    assert output == "ACME revenue: 12; GLOBEX revenue: 21"
    assert list(shape) == [
        ("agent", "ACME Analyst", "ACME Analyst", ()),
        ("tool", "lookup", "ACME Analyst", ("s0",)),
        ("agent", "ACME Analyst", "ACME Analyst", ("s0", "s1")),
        ("agent", "GLOBEX Analyst", "GLOBEX Analyst", ()),
        ("tool", "lookup", "GLOBEX Analyst", ("s3",)),
        ("agent", "GLOBEX Analyst", "GLOBEX Analyst", ("s3", "s4")),
        ("agent", "Writer", "Writer", ("s2", "s5")),
    ]
    assert (culprit_name, culprit_index) == ("GLOBEX Analyst", 5)


SLOW_CITY = {"city": ""}
"""The city whose research task's callback sleeps (see `_pause`)."""


def _pause(output: Any) -> None:
    """A task callback (CrewAI wants a module-level one) holding SLOW_CITY's copy back."""
    import time

    time.sleep(0.4 if SLOW_CITY["city"] in output.description else 0.0)


@pytest.mark.parametrize("slow", ["Rome", "Oslo"])
def test_copies_of_a_crew_run_at_once_are_not_fed_by_each_others_answers(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path, slow: str
) -> None:
    # kickoff_for_each_async runs a copy of the crew per input at once; both Researchers answer
    # the same, so the Writer of one copy saw the other copy's answer in its context whenever
    # that copy was done first.
    from crewai import Task
    from crewai.flow.flow import Flow, start

    _, final = react
    SLOW_CITY["city"] = slow
    researcher = make_agent("Researcher", [final("Both cities are in Europe.")] * 2)
    writer = make_agent("Writer", [final("A report.")] * 2)
    research = Task(
        description="Research {city}", expected_output="x", agent=researcher, callback=_pause
    )
    crew = _crew([researcher, writer], [research, _task("Write about {city}", writer)])

    class Cities(Flow):  # type: ignore[type-arg]
        @start()
        async def research(self) -> str:
            cities = [{"city": "Rome"}, {"city": "Oslo"}]
            return " | ".join(str(out.raw) for out in await crew.kickoff_for_each_async(cities))

    output, trace = _trace(Cities(), storage, {})

    assert output == "A report. | A report."
    assert [(s.name, s.parents, s.input.split("\n")[0]) for s in trace.steps] == [
        ("Researcher", (), "Research Rome"),
        ("Writer", ("s0",), "Write about Rome"),
        ("Researcher", (), "Research Oslo"),
        ("Writer", ("s2",), "Write about Oslo"),
    ]


def test_a_guardrail_retry_reads_the_rejected_answer_and_the_rejection_is_noted(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    from crewai import Task

    def has_a_number(output: Any):  # type: ignore[no-untyped-def]  # CrewAI reads the hint
        if any(ch.isdigit() for ch in output.raw):
            return True, output.raw
        return False, "The answer must contain a number"

    _, final = react
    counter = make_agent("Counter", [final("many people"), final("2.1 million people")])
    writer = make_agent("Writer", [final("Paris has 2.1 million")])
    count = Task(
        description="Count {input}", expected_output="A number.", agent=counter,
        guardrail=has_a_number,
    )  # fmt: skip

    _, trace = _trace(_crew([counter, writer], [count, _task("Write", writer)]), storage)

    assert _shape(trace) == [
        ("agent", "Counter", "Counter", ()),
        # the retry's prompt carries the rejected answer and the guardrail's complaint
        ("agent", "Counter", "Counter", ("s0",)),
        ("agent", "Writer", "Writer", ("s1",)),
    ]
    rejected, retry = trace.steps[0], trace.steps[1]
    assert "many people" in retry.input
    assert rejected.metadata["guardrail_rejected"] == "The answer must contain a number"
    assert retry.metadata["retry_of"] == "s0"
    assert "guardrail_rejected" not in retry.metadata
    assert rejected.error is None


def test_a_guardrail_that_lets_another_text_through_wrote_the_tasks_answer(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    from crewai import Task

    def first_sentence(output: Any):  # type: ignore[no-untyped-def]  # CrewAI reads the hint
        return True, output.raw.split(". ")[0] + "."

    _, final = react
    counter = make_agent("Counter", [final("Paris has 2.1 million people. Lyon has 0.5 million.")])
    writer = make_agent("Writer", [final("Paris has 2.1 million")])
    count = Task(
        description="Count {input}", expected_output="Numbers.", agent=counter,
        guardrail=first_sentence,
    )  # fmt: skip

    _, trace = _trace(_crew([counter, writer], [count, _task("Write", writer)]), storage)

    # the guardrail's text, not the agent's, is the task's answer the Writer is given
    assert _shape(trace) == [
        ("agent", "Counter", "Counter", ()),
        ("agent", "guardrail first_sentence", "guardrail first_sentence", ("s0",)),
        ("agent", "Writer", "Writer", ("s1",)),
    ]
    kept = trace.steps[1]
    assert (kept.input, kept.output) == (trace.steps[0].output, "Paris has 2.1 million people.")
    assert kept.metadata == {
        "guardrail": "first_sentence",
        "task": "Count the question",
        "by_code": "guardrail first_sentence",
    }
    # the guardrail dropped Lyon: its function must change, not the Counter's prompt
    assert _patches(trace, "Lyon") == (("guardrail first_sentence", True),)


def first_sentence(output: Any) -> None:
    """A task callback keeping the output's first sentence (module-level: CrewAI wants one)."""
    output.raw = output.raw.split(". ")[0] + "."


@pytest.mark.parametrize("where", ["task", "crew"])
def test_a_callback_that_changes_a_tasks_output_wrote_what_the_next_task_reads(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path, where: str
) -> None:
    from crewai import Crew, Process, Task

    _, final = react
    counter = make_agent("Counter", [final("Paris has 2.1 million people. Lyon has 0.5 million.")])
    writer = make_agent("Writer", [final("Paris has 2.1 million")])
    on_task = {"callback": first_sentence} if where == "task" else {}
    count = Task(description="Count {input}", expected_output="Numbers.", agent=counter, **on_task)
    on_crew = {"task_callback": first_sentence} if where == "crew" else {}
    crew = Crew(
        agents=[counter, writer], tasks=[count, _task("Write", writer)],
        process=Process.sequential, verbose=False, **on_crew,
    )  # fmt: skip

    _, trace = _trace(crew, storage)

    # the Writer is given the callback's text, not the Counter's answer
    assert _shape(trace)[:3] == [
        ("agent", "Counter", "Counter", ()),
        ("agent", "callback first_sentence", "callback first_sentence", ("s0",)),
        ("agent", "Writer", "Writer", ("s1",)),
    ]
    changed = trace.steps[1]
    assert (changed.input, changed.output) == (
        trace.steps[0].output,
        "Paris has 2.1 million people.",
    )
    assert changed.metadata["by_code"] == "callback first_sentence"
    # the callback dropped Lyon: its function must change, not the Counter's prompt
    assert _patches(trace, "Lyon") == (("callback first_sentence", True),)


def _suspects(trace: Trace, value: str) -> tuple[Any, ...]:
    """The suspects of a failed `contains` check of `value`."""
    from blame.model import Check
    from blame.runner import evaluate_trace

    check = Check(type="contains", name="contains", params={"value": value})
    case = evaluate_trace(trace, [check], threshold=1.0, name="t")
    return case.checks[0].blame


def _patches(trace: Trace, value: str) -> tuple[tuple[str, bool], ...]:
    """(target, is code) of each patch for a failed `contains` check of `value`."""
    from blame.model import Check
    from blame.runner import evaluate_trace

    check = Check(type="contains", name="contains", params={"value": value})
    case = evaluate_trace(trace, [check], threshold=1.0, name="t")
    return tuple((patch.target, patch.code) for patch in case.patches)


def test_the_planners_answer_feeds_every_task_whose_description_carries_its_plan(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    # With planning=True CrewAI's planner writes a plan per task and appends it to the task's
    # description; a wrong value in a plan is the planner's, not the agent that obeyed it.
    from blame_crewai.fakes import ScriptedLLM
    from crewai import Crew, Process

    from blame.testing import make_check, run_check

    _, final = react
    plans = [
        {"task_number": 1, "task": "Research", "plan": " Plan: look up flight AF9999 only."},
        {"task_number": 2, "task": "Write", "plan": " Plan: copy the researched flight."},
    ]
    planner = ScriptedLLM(
        model="planner", responses=[final(json.dumps({"list_of_plans_per_task": plans}))]
    )
    researcher = make_agent("Researcher", [final("The flight is AF9999 at 09:40.")])
    writer = make_agent("Writer", [final("Your flight AF9999 leaves at 09:40.")])
    research = _task("Research flights for {input}.", researcher)
    crew = Crew(
        agents=[researcher, writer],
        tasks=[research, _task("Write the itinerary.", writer, context=[research])],
        process=Process.sequential, planning=True, planning_llm=planner, verbose=False,
    )  # fmt: skip

    _, trace = _trace(crew, storage, "Paris to Rome")

    assert _shape(trace) == [
        ("agent", "Task Execution Planner", "Task Execution Planner", ()),
        ("agent", "Researcher", "Researcher", ("s0",)),
        ("agent", "Writer", "Writer", ("s0", "s1")),
    ]
    assert "Plan: look up flight AF9999 only." in trace.steps[1].input
    result = run_check(make_check("not_contains", value="AF9999"), trace)
    assert [(b.name, b.step_index) for b in result.blame][:1] == [("Task Execution Planner", 0)]


def test_a_value_the_planner_made_up_and_an_agent_took_for_the_true_one_is_the_planners(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    # The researcher found AF1234; the planner's plan for the writer says AF1243, and the
    # writer, given both, wrote the plan's: the planner made the wrong value up.
    from blame_crewai.fakes import ScriptedLLM
    from crewai import Crew, Process

    from blame.testing import make_check, run_check

    _, final = react
    plans = [
        {"task_number": 1, "task": "Research", "plan": " Plan: search the flights."},
        {"task_number": 2, "task": "Write", "plan": " Plan: book flight AF1243 for them."},
    ]
    planner = ScriptedLLM(
        model="planner", responses=[final(json.dumps({"list_of_plans_per_task": plans}))]
    )
    researcher = make_agent("Researcher", [final("The flight is AF1234 at 09:40.")])
    writer = make_agent("Writer", [final("Your flight AF1243 leaves at 09:40.")])
    research = _task("Research flights for {input}.", researcher)
    crew = Crew(
        agents=[researcher, writer],
        tasks=[research, _task("Write the itinerary.", writer, context=[research])],
        process=Process.sequential, planning=True, planning_llm=planner, verbose=False,
    )  # fmt: skip

    _, trace = _trace(crew, storage, "Paris to Rome")

    result = run_check(make_check("contains", value="AF1234"), trace)
    assert [(b.name, b.step_index) for b in result.blame][:2] == [
        ("Task Execution Planner", 0),
        ("Writer", 2),
    ]


def _same_vector() -> Any:
    """An offline embedder CrewAI's knowledge accepts: every text gets the same vector."""
    import numpy as np
    from crewai.rag.embeddings.providers.custom.embedding_callable import (
        CustomEmbeddingFunction,
    )

    try:  # chromadb checks the class; CrewAI 1.15.44 and later store knowledge in qdrant
        from chromadb.api.types import EmbeddingFunction as Chroma
    except ImportError:
        bases: tuple[type, ...] = (CustomEmbeddingFunction,)
    else:
        bases = (CustomEmbeddingFunction, Chroma)

    class Same(*bases):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            pass

        def __call__(self, input: Any) -> Any:
            return [np.array([1.0, 0.0, 0.0], dtype=np.float32) for _ in input]

        @staticmethod
        def name() -> str:
            return "same-vector"

        def get_config(self) -> dict[str, Any]:
            return {}

        @staticmethod
        def build_from_config(config: dict[str, Any]) -> Any:
            return Same()

    return Same


def test_what_crewai_retrieves_from_knowledge_is_a_step_feeding_the_agent(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    # CrewAI adds what a knowledge source returns to the task prompt before the agent runs; a
    # wrong value in the knowledge is the knowledge's, not the agent's "from outside".
    from crewai import Crew
    from crewai.knowledge.source.string_knowledge_source import StringKnowledgeSource

    from blame.testing import make_check, run_check

    _, final = react
    # each agent's LLM first writes the knowledge search query, then answers
    researcher = make_agent("Researcher", ["flights to Rome", final("Take AF9999 at 09:40")])
    writer = make_agent("Writer", ["itinerary", final("Itinerary: AF9999 at 09:40")])
    research = _task("Find a flight for {input}", researcher)
    crew = Crew(
        agents=[researcher, writer],
        tasks=[research, _task("Write the itinerary", writer, context=[research])],
        knowledge_sources=[StringKnowledgeSource(content="Paris-Rome: AF9999 at 09:40.")],
        embedder={"provider": "custom", "config": {"embedding_callable": _same_vector()}},
        verbose=False,
    )

    _, trace = _trace(crew, storage, "Paris")

    assert _shape(trace) == [
        ("tool", "knowledge", "Researcher", ()),
        ("agent", "Researcher", "Researcher", ("s0",)),
        ("tool", "knowledge", "Writer", ()),
        ("agent", "Writer", "Writer", ("s1", "s2")),
    ]
    assert (trace.steps[0].input, trace.steps[0].output) == (
        "flights to Rome",
        "Additional Information: Paris-Rome: AF9999 at 09:40.",
    )
    result = run_check(make_check("not_contains", value="AF9999"), trace)
    assert [(b.kind, b.name, b.step_index) for b in result.blame][:1] == [("tool", "knowledge", 0)]


# CrewAI's memory stamps records with datetime.utcnow(), deprecated from Python 3.12: as an
# error, the warning stops its recall listener and no memory reaches the prompt
@pytest.mark.filterwarnings("ignore:datetime.datetime.utcnow:DeprecationWarning")
def test_a_memory_recalled_in_the_run_is_a_step_fed_by_the_answer_it_recalls(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    # The Writer's task has no context, but CrewAI's memory puts the Researcher's saved answer
    # in its prompt: the value comes from the Researcher, through the memory.
    from blame_crewai.fakes import ScriptedLLM
    from crewai import Crew
    from crewai.memory.unified_memory import Memory

    from blame.testing import make_check, run_check

    _, final = react
    researcher = make_agent("Researcher", [final("Take AF9999 at 09:40")])
    writer = make_agent("Writer", [final("Itinerary: AF9999")])
    memory = Memory(
        embedder=lambda texts: [[1.0, 0.0, 0.0] for _ in texts],
        llm=ScriptedLLM(model="memory", responses=[]),  # analysis fails: the text is kept whole
    )
    crew = Crew(
        agents=[researcher, writer],
        tasks=[_task("Find a flight for {input}", researcher), _task("Write", writer, context=[])],
        memory=memory,
        verbose=False,
    )

    _, trace = _trace(crew, storage, "Paris")

    assert _shape(trace) == [
        ("agent", "Researcher", "Researcher", ()),
        ("tool", "memory", "Writer", ("s0",)),
        ("agent", "Writer", "Writer", ("s1",)),
    ]
    assert "Take AF9999 at 09:40" in trace.steps[1].output
    result = run_check(make_check("not_contains", value="AF9999"), trace)
    assert [(b.name, b.step_index) for b in result.blame][:1] == [("Researcher", 0)]


def test_a_tool_name_the_agent_got_wrong_is_one_failed_step_however_often_crewai_reports_it(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    # CrewAI looks the tool up once per parsing attempt and once more to run it, emitting a
    # selection error each time, for the one action the agent wrote.
    researcher = _researcher(make_agent, react, calls="lookup_everything")

    _, trace = _trace(_crew([researcher], [_task("Research", researcher)]), storage)

    assert _shape(trace) == [
        ("agent", "Researcher", "Researcher", ()),
        ("tool", "lookup_everything", "Researcher", ("s0",)),
        ("agent", "Researcher", "Researcher", ("s0", "s1")),
    ]
    mistake = trace.steps[1]
    assert mistake.error is not None
    assert mistake.error.startswith("Action 'lookup_everything' don't exist")
    assert mistake.metadata["mistake"] == "tool_selection_error"
    assert mistake.metadata["reported"] > 1


def test_the_forced_final_answer_after_max_iter_is_a_turn_of_the_agent_with_its_tokens(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    # At max_iter CrewAI asks the LLM once more for a final answer, without naming the agent
    # or the task on that call's events.
    action, final = react
    researcher = make_agent(
        "Researcher",
        [
            action("lookup", '{"query": "a"}'),
            action("lookup", '{"query": "b"}'),
            final("forced answer"),
        ],
        tools=[_lookup_tool()],
        max_iter=2,
    )

    output, trace = _trace(_crew([researcher], [_task("Research", researcher)]), storage)

    assert output == "forced answer"
    assert _shape(trace) == [
        ("agent", "Researcher", "Researcher", ()),
        ("tool", "lookup", "Researcher", ("s0",)),
        ("agent", "Researcher", "Researcher", ("s0", "s1")),
        ("tool", "lookup", "Researcher", ("s2",)),
        ("agent", "Researcher", "Researcher", ("s2", "s3")),
    ]
    answer = trace.steps[-1]
    assert (answer.output, answer.metadata["llm_calls"]) == ("forced answer", 1)
    assert "unattributed_tokens" not in trace.metadata
    spent = researcher.llm.get_token_usage_summary().total_tokens
    assert sum(s.tokens or 0 for s in trace.steps) == spent


def test_agents_a_flow_kicks_off_without_a_crew_are_steps_linked_by_what_they_pass_on(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    from crewai.flow.flow import Flow, listen, start

    _, final = react
    researcher = _researcher(make_agent, react, query="Rome", answer="AF1234 to Rome at 09:40")
    writer = make_agent("Writer", [final("Your flight leaves at 09:40")])

    class Trip(Flow):  # type: ignore[type-arg]
        @start()
        def research(self) -> str:
            return str(researcher.kickoff("Find a flight to Rome").raw)

        @listen(research)
        def write(self, facts: str) -> str:
            return str(writer.kickoff(f"Write an itinerary from: {facts}").raw)

    output, trace = _trace(Trip(), storage, {"city": "Rome"})

    assert output == "Your flight leaves at 09:40"
    assert _shape(trace) == [
        ("agent", "Researcher", "Researcher", ()),
        ("tool", "lookup", "Researcher", ("s0",)),
        ("agent", "Researcher", "Researcher", ("s0", "s1")),
        ("agent", "Writer", "Writer", ("s2",)),
    ]
    assert trace.steps[0].input.endswith("Find a flight to Rome")
    assert trace.steps[2].output == "AF1234 to Rome at 09:40"
    assert "unattributed_tokens" not in trace.metadata
    assert [h.name for h in StepGraph(trace).handoffs] == ["Researcher -> Writer"]


@pytest.mark.parametrize("kickoff", ["kickoff_for_each", "kickoff_async"])
def test_a_flow_kicking_a_crew_off_per_input_gives_a_step_per_input_feeding_what_quotes_it(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path, kickoff: str
) -> None:
    # kickoff_for_each runs a copy of the crew per input; the Writer dropping the second
    # input's flight is the Writer's, received from that copy's Researcher.
    from crewai import Task
    from crewai.flow.flow import Flow, listen, start

    from blame.testing import make_check, run_check

    _, final = react
    researcher = make_agent("Researcher", [final("Rome: AF1234 at 09:40"), final("Oslo: SK4711")])
    research = _crew([researcher], [_task("Find the best flight to {city}.", researcher)])
    writer = make_agent("Writer", [final("Itinerary: AF1234 at 09:40, then Oslo.")])
    inputs = [{"city": "Rome"}, {"city": "Oslo"}]

    async def each_async() -> list[str]:
        return [str((await research.kickoff_async(inputs=one)).raw) for one in inputs]

    class Trip(Flow):  # type: ignore[type-arg]
        @start()
        def research(self) -> list[str]:
            if kickoff == "kickoff_for_each":
                return [str(out.raw) for out in research.kickoff_for_each(inputs=inputs)]
            return asyncio.run(each_async())

        @listen(research)
        def write(self, facts: list[str]) -> str:
            task = Task(description="Itinerary from: " + " | ".join(facts), expected_output="x")
            task.agent = writer
            return str(_crew([writer], [task]).kickoff().raw)

    output, trace = _trace(Trip(), storage, {})

    assert output == "Itinerary: AF1234 at 09:40, then Oslo."
    assert _shape(trace) == [
        ("agent", "Researcher", "Researcher", ()),
        ("agent", "Researcher", "Researcher", ()),
        ("agent", "Writer", "Writer", ("s0", "s1")),
    ]
    assert [s.output for s in trace.steps[:2]] == ["Rome: AF1234 at 09:40", "Oslo: SK4711"]
    assert "Find the best flight to Oslo." in trace.steps[1].input
    result = run_check(make_check("contains", value="SK4711"), trace)
    assert [(b.name, b.step_index) for b in result.blame][:1] == [("Writer", 2)]


_LATER_RUN = """
from pathlib import Path

from blame_crewai import trace_crew
from blame_crewai.fakes import ScriptedLLM
from blame_crewai.tracer import quiet_by_default

quiet_by_default()
from crewai import Agent, Crew, Task
from crewai.flow.flow import Flow, start

reply = "Thought: done\\nFinal Answer: Itinerary."
writer = Agent(role="Writer", goal="g", backstory="b", verbose=True, allow_delegation=False,
               llm=ScriptedLLM(model="scripted-writer", responses=[reply]))
crew = Crew(agents=[writer], tasks=[Task(description="Write", expected_output="x", agent=writer)],
            verbose=True)


class Trip(Flow):
    @start()
    def write(self) -> str:
        print("the user's own line")
        return str(crew.kickoff().raw)


output, _ = trace_crew(Trip(), {}, test_name="t", storage_dir=Path("storage"))
print(output)
"""


def test_crewais_tracing_panel_is_off_on_a_machine_that_ran_crewai_before(tmp_path: Path) -> None:
    """After a user's first CrewAI run (remembered in its data folder, by project folder)
    CrewAI prints a "Tracing Status" panel under a switch of its own: traced from Python it
    reached the terminal on such machines, never on a fresh one. Its own process: CrewAI keeps
    what it read of that folder for the rest of the process."""
    project = tmp_path / "project"
    project.mkdir()
    remembered = tmp_path / "data" / "project"
    remembered.mkdir(parents=True)
    done = {"first_execution_done": True, "trace_consent": False}
    (remembered / ".crewai_user.json").write_text(json.dumps(done), encoding="utf-8")
    ran = subprocess.run(
        [sys.executable, "-c", _LATER_RUN], cwd=project, capture_output=True, text=True,
        timeout=300, env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}, check=False,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert ran.stdout == "the user's own line\nItinerary.\n"


def test_crewais_console_panels_are_off_while_traced_and_the_users_prints_are_not(
    make_agent: Callable[..., Any],
    react: tuple[Action, Final],
    storage: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # CrewAI prints panels for every flow, and for crews and agents with verbose=True; under
    # `blame test` they buried blame's report. The user's own prints are theirs to keep.
    from crewai.events.listeners.tracing.utils import should_suppress_tracing_messages
    from crewai.events.utils.console_formatter import should_suppress_console_output
    from crewai.flow.flow import Flow, start

    _, final = react
    writer = make_agent("Writer", [final("Itinerary.")])
    writer.verbose = True
    crew = _crew([writer], [_task("Write", writer)])
    crew.verbose = True

    class Trip(Flow):  # type: ignore[type-arg]
        @start()
        def write(self) -> str:
            print("the user's own line")
            return str(crew.kickoff().raw)

    capsys.readouterr()
    output, _ = _trace(Trip(), storage, {})

    printed = capsys.readouterr()
    assert output == "Itinerary."
    assert (printed.out, printed.err) == ("the user's own line\n", "")
    assert should_suppress_console_output() is False
    assert should_suppress_tracing_messages() is False


def test_an_agent_a_tool_kicks_off_answers_through_that_tool(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    from crewai.tools import tool

    action, final = react
    pricer = make_agent("Pricer", [final("AF1234 costs 129 EUR")])

    @tool("ask_pricer")
    def ask_pricer(flight: str) -> str:
        """Ask the pricing agent."""
        return str(pricer.kickoff(f"Price flight {flight}").raw)

    writer = make_agent(
        "Writer",
        [action("ask_pricer", '{"flight": "AF1234"}'), final("AF1234 costs 129 EUR")],
        tools=[ask_pricer],
    )

    _, trace = _trace(_crew([writer], [_task("Write", writer)]), storage)

    assert _shape(trace) == [
        ("agent", "Writer", "Writer", ()),
        ("agent", "Pricer", "Pricer", ("s0",)),
        ("tool", "ask_pricer", "Writer", ("s0", "s1")),
        ("agent", "Writer", "Writer", ("s0", "s2")),
    ]
    assert trace.steps[1].input == "Price flight AF1234"
    assert [h.name for h in StepGraph(trace).handoffs] == ["Writer -> Pricer", "Pricer -> Writer"]


def test_llm_token_usage_is_attached_to_the_calling_agents_turn(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    from blame_crewai.fakes import estimate_tokens

    action, final = react
    scripts = [action("lookup", '{"query": "France"}'), final("Paris.")]
    researcher = make_agent("Researcher", scripts, tools=[_lookup_tool()])
    writer = make_agent("Writer", [final("Report.")])
    tasks = [_task("Research", researcher), _task("Write", writer)]

    _, trace = _trace(_crew([researcher, writer], tasks), storage)

    turns = [s for s in trace.steps if s.kind is StepKind.AGENT]
    assert all(s.tokens is not None and s.tokens > 0 for s in turns)
    assert all(s.tokens is None for s in trace.steps if s.kind is StepKind.TOOL)
    for turn, reply in zip(turns, [*scripts, final("Report.")], strict=True):
        assert turn.metadata["llm_calls"] == 1
        assert turn.tokens is not None and turn.tokens > estimate_tokens(reply)
    spent = sum(a.llm.get_token_usage_summary().total_tokens for a in (researcher, writer))
    assert sum(s.tokens or 0 for s in turns) == spent


def test_two_crews_traced_at_once_in_threads_get_only_their_own_steps(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    from crewai.tools import tool

    action, final = react
    both_inside = threading.Barrier(2, timeout=30)

    def crew_for(prefix: str) -> Any:
        @tool(f"{prefix.lower()}_probe")
        def probe(query: str) -> str:
            """Wait until the other crew is running too, then answer."""
            both_inside.wait()
            return f"{prefix} result for {query}"

        first = make_agent(
            f"{prefix} Researcher",
            [action(f"{prefix.lower()}_probe", '{"query": "q"}'), final(f"{prefix} facts")],
            tools=[probe],
        )
        second = make_agent(f"{prefix} Writer", [final(f"{prefix} report")])
        return _crew([first, second], [_task("Research", first), _task("Write", second)])

    results: dict[str, tuple[str, Trace]] = {}
    errors: list[BaseException] = []

    def run(prefix: str) -> None:
        try:
            results[prefix] = _trace(crew_for(prefix), storage)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=run, args=(p,)) for p in ("Alpha", "Beta")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)

    assert errors == []
    for prefix in ("Alpha", "Beta"):
        output, trace = results[prefix]
        assert output == f"{prefix} report"
        assert trace.agents == (f"{prefix} Researcher", f"{prefix} Writer")
        assert _shape(trace) == [
            ("agent", f"{prefix} Researcher", f"{prefix} Researcher", ()),
            ("tool", f"{prefix.lower()}_probe", f"{prefix} Researcher", ("s0",)),
            ("agent", f"{prefix} Researcher", f"{prefix} Researcher", ("s0", "s1")),
            ("agent", f"{prefix} Writer", f"{prefix} Writer", ("s2",)),
        ]
        assert trace.steps[1].output == f"{prefix} result for q"


def test_events_dispatched_on_crewais_event_loop_still_reach_their_run(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    # A user handler with `depends_on` makes CrewAI run every handler of that event type
    # from its own event loop; asyncio carries the emitting context there, so the run's
    # context variable still names the run.
    from crewai.events.depends import Depends
    from crewai.events.event_bus import crewai_event_bus
    from crewai.events.types.llm_events import LLMCallCompletedEvent

    seen: list[str] = []

    def first(source: Any, event: Any) -> None:
        seen.append("first")

    def second(source: Any, event: Any) -> None:
        seen.append("second")

    _, final = react
    researcher = make_agent("Researcher", [final("Paris.")])
    with crewai_event_bus.scoped_handlers():
        crewai_event_bus.on(LLMCallCompletedEvent)(first)
        crewai_event_bus.on(LLMCallCompletedEvent, depends_on=Depends(first))(second)
        _, trace = _trace(_crew([researcher], [_task("Research", researcher)]), storage)

    assert seen == ["first", "second"]
    assert [(s.output, s.metadata["llm_calls"]) for s in trace.steps] == [("Paris.", 1)]
    assert trace.steps[0].tokens == researcher.llm.get_token_usage_summary().total_tokens


def test_the_same_crew_gives_the_same_trace_apart_from_timings(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    def once() -> list[dict[str, Any]]:
        researcher = _researcher(make_agent, react, fail_first=2)
        _, trace = _trace(_crew([researcher], [_task("Research", researcher)]), storage)
        return [{**s.to_dict(), "latency_ms": None} for s in trace.steps]

    assert once() == once()


def test_a_crash_is_an_agent_error_naming_the_failing_agent_with_the_partial_trace(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    from blame_crewai.tracer import CrewKickoffError

    action, _ = react
    researcher = make_agent("Researcher", [action("lookup", '{"query": "France"}')])
    researcher.tools = [_lookup_tool()]
    researcher.max_retry_limit = 0

    with pytest.raises(CrewKickoffError) as raised:
        _trace(_crew([researcher], [_task("Research", researcher)]), storage)

    error = raised.value
    assert isinstance(error, AgentError)
    assert "crew kickoff failed in agent 'Researcher'" in error.message
    assert "has only 1 scripted responses; call 2 has no reply" in error.message
    steps: tuple[Step, ...] = error.trace.steps
    assert [(s.kind.value, s.name) for s in steps] == [
        ("agent", "Researcher"),
        ("tool", "lookup"),
        ("agent", "Researcher"),
    ]
    assert steps[-1].error is not None


class _Booking(BaseModel):
    """The JSON a task's `output_json` asks for."""

    flight: str


def test_an_answer_crewai_cannot_convert_to_the_tasks_json_names_its_agent(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    from blame_crewai.tracer import CrewKickoffError
    from crewai import Task

    _, final = react
    formatter = make_agent("Formatter", [final('{"flight_no": "AF1234"}')])
    task = Task(description="JSON", expected_output="JSON", agent=formatter, output_json=_Booking)

    if _crewai_version() < (1, 15, 44):  # CrewAI raised the conversion's ValidationError
        with pytest.raises(CrewKickoffError) as raised:
            _trace(_crew([formatter], [task]), storage)
        assert "crew kickoff failed in agent 'Formatter' (step 0): ValidationError" in (
            raised.value.message
        )
        trace = raised.value.trace
    else:  # since 1.15.44 it logs a warning and keeps the raw answer as the task's output
        output, trace = _trace(_crew([formatter], [task]), storage)
        assert output == trace.final_output == '{"flight_no": "AF1234"}'
    assert [(s.kind.value, s.name, s.output) for s in trace.steps] == [
        ("agent", "Formatter", '{"flight_no": "AF1234"}')
    ]


def _crewai_version() -> tuple[int, ...]:
    """The release's numbers, a pre-release's too (`1.15.44rc1` is 1.15.44)."""
    import re
    from importlib.metadata import version

    found = re.match(r"(\d+)\.(\d+)(?:\.(\d+))?", version("crewai"))
    assert found is not None, version("crewai")
    return tuple(int(part or 0) for part in found.groups())


_FAILED_RUN = """
import logging
from pathlib import Path

from blame_crewai import trace_crew
from blame_crewai.fakes import ScriptedLLM
from blame_crewai.tracer import CrewKickoffError, quiet_by_default

quiet_by_default()
from crewai import Agent, Crew, Task

users = logging.getLogger("crewai.flow.runtime")
users.setLevel(logging.INFO)  # a level of the user's own: back after the run
writer = Agent(role="Writer", goal="g", backstory="b", allow_delegation=False, max_retry_limit=0,
               llm=ScriptedLLM(model="scripted-writer", responses=[]))
crew = Crew(agents=[writer], tasks=[Task(description="Write", expected_output="x", agent=writer)])
try:
    trace_crew(crew, "q", test_name="t", storage_dir=Path("storage"))
except CrewKickoffError as error:
    print("failed:", error.message)
print(users.level, logging.getLogger("crewai").level)
"""


def test_crewais_log_lines_of_a_failed_run_are_off_while_traced_and_levels_come_back(
    tmp_path: Path,
) -> None:
    """An LLM call that failed was logged by CrewAI ("Error executing listener
    call_llm_and_parse: ..."), a line per retry, which Python prints on stderr when nothing
    configured logging: around `blame test`'s one line for the same failure."""
    ran = subprocess.run(
        [sys.executable, "-c", _FAILED_RUN], cwd=tmp_path, capture_output=True, text=True,
        timeout=300, env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}, check=False,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert ran.stderr == ""
    assert ran.stdout == (
        "failed: crew kickoff failed in agent 'Writer' (step 0): RuntimeError: ScriptedLLM "
        "'scripted-writer' has only 0 scripted responses; call 1 has no reply\n20 0\n"
    )


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("Paris", {"input": "Paris"}),
        (2026, {"input": "2026"}),
        ({"topic": "Paris", "year": 2026}, {"topic": "Paris", "year": 2026}),
        (None, None),
    ],
)
def test_kickoff_inputs_map_a_string_to_input_and_pass_a_mapping_as_is(
    given: Any, expected: Any
) -> None:
    from blame_crewai.tracer import kickoff_inputs

    assert kickoff_inputs(given) == expected


def test_kickoff_inputs_reject_other_types_with_one_clear_line() -> None:
    from blame_crewai.tracer import kickoff_inputs

    for wrong, kind in ((["a", "b"], "list"), (True, "bool")):
        with pytest.raises(ConfigError) as raised:
            kickoff_inputs(wrong)
        assert raised.value.format() == (
            f"tests[].input: a crewai test input must be a string or a mapping, got {kind}; "
            "write `input: some text` or `input: {topic: ..., audience: ...}`"
        )


def test_a_mapping_input_reaches_the_task_templates(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    _, final = react
    researcher = make_agent("Researcher", [final("done")])
    task = _task("Research {topic} for {audience}", researcher)

    _, trace = _trace(_crew([researcher], [task]), storage, {"topic": "Rome", "audience": "kids"})

    assert "Research Rome for kids" in trace.steps[0].input
    assert trace.input == '{"audience": "kids", "topic": "Rome"}'


def test_sandbox_sets_quiet_environment_and_restores_it(tmp_path: Path) -> None:
    from blame_crewai.tracer import QUIET_ENV, crewai_sandbox

    storage = tmp_path / "storage"
    before = {name: os.environ.get(name) for name in [*QUIET_ENV, "CREWAI_STORAGE_DIR"]}
    with crewai_sandbox(storage) as used, crewai_sandbox(storage / "other") as nested:
        from crewai.events.listeners.tracing.utils import should_enable_tracing
        from crewai.telemetry import Telemetry
        from crewai_core.paths import db_storage_path

        assert used == nested == storage.resolve()
        assert all(os.environ[name] == value for name, value in QUIET_ENV.items())
        # CrewAI's own answers, not just the variables:
        assert Telemetry._is_telemetry_disabled()
        assert not should_enable_tracing()
        assert db_storage_path() == str(storage.resolve())
    assert {name: os.environ.get(name) for name in before} == before


def test_quiet_by_default_sets_the_quiet_environment_but_the_sdk_switch_where_unset(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from blame_crewai.tracer import QUIET_ENV, SDK_SWITCH, quiet_by_default

    monkeypatch.setitem(QUIET_ENV, "BLAME_TEST_ADDED_QUIET", "yes")  # a variable added later
    for name in QUIET_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("CREWAI_TRACING_ENABLED", "true")  # the user's own choice stays
    quiet_by_default()
    expected = {**QUIET_ENV, "CREWAI_TRACING_ENABLED": "true"}
    del expected[SDK_SWITCH]
    assert {name: os.environ.get(name) for name in QUIET_ENV} == {**expected, SDK_SWITCH: None}


def test_this_process_keeps_crewai_quiet_outside_the_sandbox_with_the_sdk_on(
    tmp_path: Path,
) -> None:
    """The conftest's quiet_by_default, before any test module imported crewai."""
    from blame_crewai.tracer import SDK_SWITCH, _import_crewai

    _import_crewai(tmp_path)  # crewai's first import (if no module did) writes into tmp_path
    from crewai.events.listeners.tracing.utils import should_enable_tracing
    from crewai.telemetry import Telemetry

    assert Telemetry._is_telemetry_disabled()
    assert not should_enable_tracing()
    assert os.environ.get(SDK_SWITCH) != "true"


def test_crewai_storage_goes_to_the_storage_dir(
    make_agent: Callable[..., Any], react: tuple[Action, Final], storage: Path
) -> None:
    _, final = react
    agent = make_agent("Researcher", [final("done")])
    _trace(_crew([agent], [_task("Research", agent)]), storage)
    assert (storage / "latest_kickoff_task_outputs.db").is_file()


def _python(script: str, *args: str, env: dict[str, str], cwd: Path) -> str:
    """Run `script` in a fresh interpreter (no CrewAI or XDG settings inherited); its stdout."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("CREWAI_", "XDG_"))}
    clean.pop("OTEL_SDK_DISABLED", None)
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script), *args],
        capture_output=True,
        text=True,
        env={**clean, **env},
        cwd=cwd,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


SUBPROCESS_RUN = """
import socket, sys
attempts = []
def refuse(*args, **kwargs):
    attempts.append(repr(args[1:]))
    raise OSError("network disabled")
socket.socket.connect = refuse
socket.socket.connect_ex = refuse
socket.create_connection = refuse
socket.getaddrinfo = refuse

from pathlib import Path
import blame_crewai, blame_crewai.adapter
assert "crewai" not in sys.modules, "importing blame_crewai imported crewai"
run = blame_crewai.adapter.adapter.load(
    "trip_crew:build_crew", base_dir=Path(sys.argv[1]), options={"storage_dir": sys.argv[2]}
)
output, trace = run("Paris to Rome", "paris-rome")
print(len(trace.steps), len(attempts))
"""


def test_a_fresh_process_touches_no_network_and_nothing_in_home(tmp_path: Path) -> None:
    example = Path(__file__).resolve().parents[3] / "examples" / "crewai_trip"
    home = tmp_path / "home"
    home.mkdir()
    storage = tmp_path / "storage"
    env = {"HOME": str(home), "BLAME_NO_WARN": "1"}

    stdout = _python(SUBPROCESS_RUN, str(example), str(storage), env=env, cwd=tmp_path)

    assert stdout.split() == ["11", "0"]
    assert sorted(p.name for p in home.rglob("*")) == []
    # crewai's first import wrote under storage/home; the run's own folder is gone
    assert sorted(p.name for p in storage.iterdir()) == ["home"]


WITHOUT_CREWAI = """
import os, sys
from importlib.abc import MetaPathFinder

class NoCrewAI(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "crewai" or name.startswith("crewai."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, NoCrewAI())
from pathlib import Path
from blame.errors import AgentError
from blame_crewai.adapter import adapter
try:
    adapter.load("anything:build", base_dir=Path(sys.argv[1]), options={})
except AgentError as error:
    print(error.format())
print(os.environ.get("CREWAI_STORAGE_DIR"), os.environ.get("OTEL_SDK_DISABLED"))
"""


def test_without_crewai_loading_fails_with_one_line_and_leaves_the_environment_alone(
    tmp_path: Path,
) -> None:
    stdout = _python(WITHOUT_CREWAI, str(tmp_path), env={}, cwd=tmp_path)
    assert stdout.splitlines() == [
        "agent.type: cannot import crewai: No module named 'crewai'; "
        "install it with `pip install 'crewai>=1.0,<2'`",
        "None None",
    ]
