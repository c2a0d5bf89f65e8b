"""A sequential CrewAI crew: a Researcher with a search tool, then a Writer who answers.

Traced by `openinference-instrumentation-crewai` with its event listener (which also makes
the LLM-call spans) into the real OpenTelemetry SDK. The LLM is scripted in CrewAI's ReAct
text format and emits CrewAI's own LLM call events, as a provider does; every model call is
numbered in the order the run makes them, and the faulty reply's number picks its LLM span.

A sequential crew cannot end its run early, so `premature_final_answer` is not planted here.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from typing import Any

from corpus.export import labels_by_call_order, otlp_json, provider
from corpus.faults import FAULTS, TASKS, Case, Task, make_case

SKIPPED = frozenset({"premature_final_answer"})
"""Fault classes this system cannot exhibit."""


def _llm(agent: str, script: list[tuple[str, bool]], calls: list[tuple[str, bool]]) -> Any:
    """A CrewAI LLM that replays `script` ((reply, is_fault) pairs) and numbers its calls."""
    from crewai.events.types.llm_events import LLMCallType
    from crewai.llms.base_llm import BaseLLM, llm_call_context

    class ScriptedLLM(BaseLLM):  # type: ignore[misc]
        """Replies in order, emitting the started and completed events a provider emits."""

        def supports_function_calling(self) -> bool:
            return False

        def get_input_tokens_count(self, messages: Any, *args: Any, **kwargs: Any) -> int:
            return len(str(messages)) // 4

        def call(self, messages: Any, *args: Any, **kwargs: Any) -> str:
            with llm_call_context():
                task, who = kwargs.get("from_task"), kwargs.get("from_agent")
                self._emit_call_started_event(messages=messages, from_task=task, from_agent=who)
                if not script:
                    raise RuntimeError(f"the scripted model of {agent} ran out of replies")
                reply, fault = script.pop(0)
                calls.append((agent, fault))
                self._emit_call_completed_event(
                    response=reply,
                    call_type=LLMCallType.LLM_CALL,
                    from_task=task,
                    from_agent=who,
                    messages=messages,
                )
                return reply

    return ScriptedLLM(model=f"scripted-{agent.casefold()}")


def _scripts(task: Task, fault: str, variant: int) -> tuple[list[Any], list[Any]]:
    """(researcher, writer) scripts of (reply, is_fault) for one fault."""
    query = f"{task.entity} {task.attribute}"
    said = f"The {task.attribute} of {task.entity} is"

    def search(q: str, bad: bool = False) -> tuple[str, bool]:
        text = (
            f'Thought: I should look this up.\nAction: web_search\nAction Input: {{"query": "{q}"}}'
        )
        return (text, bad)

    def final(text: str, bad: bool = False) -> tuple[str, bool]:
        return (f"Thought: I now know the final answer\nFinal Answer: {text}", bad)

    right = [search(query), final(f"{said} {task.value}.")]
    if fault == "misread_tool_output":
        if variant % 2:
            return right, [final(task.misread, True)]
        return [search(query), final(f"{said} {task.misread}.", True)], [final(task.misread)]
    if fault == "hallucinated_fact":
        return [final(f"{said} {task.guess}.", True)], [final(task.guess)]
    if fault == "ignored_tool_error":
        return [search(query), final(f"{said} {task.guess}.", True)], [final(task.guess)]
    if fault == "wrong_tool_arguments":
        return (
            [
                search(f"{task.sibling} {task.attribute}", True),
                final(f"The {task.attribute} is {task.sibling_value}."),
            ],
            [final(task.sibling_value)],
        )
    if fault == "goal_deviation":
        return (
            [
                search(f"{task.entity} {task.other_attribute}", True),
                final(f"The {task.other_attribute} of {task.entity} is {task.other_value}."),
            ],
            [final(task.other_value)],
        )
    if fault == "wrong_format":
        return right, [final(f"{said} {task.value}, according to the encyclopedia.", True)]
    if fault == "looping":  # CrewAI refuses an identical repeat, so the loop rephrases
        again = [f"{task.attribute} of {task.entity}", f"{task.entity} {task.attribute} value"]
        return (
            [
                search(query),
                search(again[0], True),
                search(again[1]),
                final(f"{said} {task.value}."),
            ],
            [final(task.value)],
        )
    raise ValueError(f"unknown fault {fault!r}")


def _search_tool(task: Task, broken: bool) -> Any:
    from crewai.tools import tool

    @tool("web_search")
    def web_search(query: str) -> str:
        """Search an encyclopedia and return the best matching entry."""
        return task.lookup(query, broken=broken)

    return web_search


@contextlib.contextmanager
def _instrumentor(tracer_provider: Any) -> Iterator[None]:
    from openinference.instrumentation.crewai import CrewAIInstrumentor

    instrumentor = CrewAIInstrumentor()
    instrumentor.instrument(tracer_provider=tracer_provider, use_event_listener=True)
    try:
        yield
    finally:
        instrumentor.uninstrument()


def run_case(task_number: int, fault: str) -> Case:
    """Run the crew once on one task with one planted fault."""
    from crewai import Agent, Crew, Process
    from crewai import Task as CrewTask

    task = TASKS[task_number]
    seed = 9001 + FAULTS.index(fault) * 100 + task_number
    tracer_provider, exporter = provider(seed, "crewai-research")
    research_script, writer_script = _scripts(task, fault, task_number)
    calls: list[tuple[str, bool]] = []
    with _instrumentor(tracer_provider), contextlib.redirect_stdout(io.StringIO()):
        researcher = Agent(
            role="Researcher",
            goal="Find facts in the encyclopedia",
            backstory="You look facts up and report them exactly.",
            tools=[_search_tool(task, broken=fault == "ignored_tool_error")],
            llm=_llm("Researcher", research_script, calls),
            allow_delegation=False,
            max_iter=5,
            verbose=False,
        )
        writer = Agent(
            role="Writer",
            goal="Answer the user's question from the research",
            backstory="You answer with exactly what was asked.",
            llm=_llm("Writer", writer_script, calls),
            allow_delegation=False,
            verbose=False,
        )
        research = CrewTask(
            description=f"Find the {task.attribute} of {task.entity}.",
            expected_output=f"The {task.attribute} of {task.entity}.",
            agent=researcher,
        )
        answer = CrewTask(
            description=task.question,
            expected_output="The value only.",
            agent=writer,
            context=[research],
        )
        crew = Crew(
            agents=[researcher, writer],
            tasks=[research, answer],
            process=Process.sequential,
            verbose=False,
        )
        kickoff_settled(crew)
    spans = exporter.get_finished_spans()
    labels = labels_by_call_order(spans, calls)
    return make_case("crewai", fault, task_number, otlp_json(spans), labels)


def cases() -> Iterator[Case]:
    """Every fault this system can exhibit, on every task."""
    for fault in FAULTS:
        if fault in SKIPPED:
            continue
        for number in range(len(TASKS)):
            yield run_case(number, fault)


def kickoff_settled(crew: Any) -> None:
    """Run the crew and wait for CrewAI's event handlers, the instrumentor's among them: they
    run on a thread pool, so the crew span's output could be set after `kickoff` returns and
    the exported bytes would depend on timing."""
    from crewai.events import crewai_event_bus

    crew.kickoff()
    if not crewai_event_bus.flush(timeout=60):
        raise RuntimeError("CrewAI's event handlers did not finish within 60 s")
