"""A LangGraph supervisor (langgraph-supervisor) delegating to a ReAct research agent.

Traced by `openinference-instrumentation-langchain` into the real OpenTelemetry SDK. The chat
models are scripted; every model call is numbered in the order the run makes them, and the
faulty reply's number picks its LLM span (LLM spans start in that same order).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from corpus.export import labels_by_call_order, otlp_json, provider
from corpus.faults import FAULTS, TASKS, Case, Task, make_case


def _reply(text: str = "", call: tuple[str, dict[str, Any]] | None = None) -> Any:
    from langchain_core.messages import AIMessage

    calls = [{"name": call[0], "args": call[1], "id": f"call_{call[0]}"}] if call else []
    return AIMessage(content=text, tool_calls=calls)


def _model(agent: str, script: list[tuple[Any, bool]], calls: list[tuple[str, bool]]) -> Any:
    """A chat model that replays `script` ((message, is_fault) pairs) and numbers its calls."""
    from langchain_core.language_models.fake_chat_models import FakeMessagesListChatModel
    from langchain_core.outputs import ChatGeneration, ChatResult

    class ScriptedChatModel(FakeMessagesListChatModel):
        """Replays a script; tool binding is accepted because the script holds the calls."""

        def bind_tools(self, tools: Any, **kwargs: Any) -> Any:
            return self

        def _generate(self, messages: Any, *args: Any, **kwargs: Any) -> ChatResult:
            if not script:
                raise RuntimeError("the scripted model ran out of replies")
            message, fault = script.pop(0)
            calls.append((agent, fault))
            return ChatResult(generations=[ChatGeneration(message=message)])

    return ScriptedChatModel(responses=[m for m, _ in script])


def _scripts(task: Task, fault: str, variant: int) -> tuple[list[Any], list[Any]]:
    """(supervisor, researcher) scripts of (message, is_fault) for one fault."""
    query = f"{task.entity} {task.attribute}"
    said = f"The {task.attribute} of {task.entity} is"

    def delegate(attribute: str, bad: bool = False) -> tuple[Any, bool]:
        text = f"Find the {attribute} of {task.entity}."
        return (_reply(text, ("transfer_to_researcher", {})), bad)

    def search(q: str, bad: bool = False) -> tuple[Any, bool]:
        return (_reply("", ("web_search", {"query": q})), bad)

    def say(text: str, bad: bool = False) -> tuple[Any, bool]:
        return (_reply(text), bad)

    right = [search(query), say(f"{said} {task.value}.")]
    if fault == "misread_tool_output":
        if variant % 2:
            return [delegate(task.attribute), say(task.misread, True)], right
        return (
            [delegate(task.attribute), say(task.misread)],
            [search(query), say(f"{said} {task.misread}.", True)],
        )
    if fault == "hallucinated_fact":
        return [delegate(task.attribute), say(task.guess)], [say(f"{said} {task.guess}.", True)]
    if fault == "ignored_tool_error":
        return (
            [delegate(task.attribute), say(task.guess)],
            [search(query), say(f"{said} {task.guess}.", True)],
        )
    if fault == "wrong_tool_arguments":
        return (
            [delegate(task.attribute), say(task.sibling_value)],
            [
                search(f"{task.sibling} {task.attribute}", True),
                say(f"The {task.attribute} is {task.sibling_value}."),
            ],
        )
    if fault == "goal_deviation":
        return (
            [delegate(task.other_attribute, True), say(task.other_value)],
            [
                search(f"{task.entity} {task.other_attribute}"),
                say(f"The {task.other_attribute} of {task.entity} is {task.other_value}."),
            ],
        )
    if fault == "wrong_format":
        sentence = f"{said} {task.value}, according to the encyclopedia."
        return [delegate(task.attribute), say(sentence, True)], right
    if fault == "premature_final_answer":
        return [say(task.guess, True)], []
    if fault == "looping":
        return (
            [delegate(task.attribute), say(task.value)],
            [search(query), search(query, True), search(query), say(f"{said} {task.value}.")],
        )
    raise ValueError(f"unknown fault {fault!r}")


def _search_tool(task: Task, broken: bool) -> Any:
    from langchain_core.tools import tool

    @tool
    def web_search(query: str) -> str:
        """Search an encyclopedia and return the best matching entry."""
        return task.lookup(query, broken=broken)

    return web_search


@contextlib.contextmanager
def _instrumentor(tracer_provider: Any) -> Iterator[None]:
    from openinference.instrumentation.langchain import LangChainInstrumentor

    instrumentor = LangChainInstrumentor()
    instrumentor.instrument(tracer_provider=tracer_provider)
    try:
        yield
    finally:
        instrumentor.uninstrument()


def run_case(task_number: int, fault: str) -> Case:
    """Run the supervisor once on one task with one planted fault."""
    from langgraph.prebuilt import ToolNode, create_react_agent
    from langgraph_supervisor import create_supervisor

    task = TASKS[task_number]
    seed = 5001 + FAULTS.index(fault) * 100 + task_number
    tracer_provider, exporter = provider(seed, "langgraph-research")
    boss_script, research_script = _scripts(task, fault, task_number)
    calls: list[tuple[str, bool]] = []
    with _instrumentor(tracer_provider):
        researcher = create_react_agent(
            _model("researcher", research_script, calls),
            ToolNode(
                [_search_tool(task, broken=fault == "ignored_tool_error")],
                handle_tool_errors=True,
            ),
            name="researcher",
            prompt="You look facts up with web_search and report them.",
        )
        workflow = create_supervisor(
            [researcher],
            model=_model("supervisor", boss_script, calls),
            prompt="You answer questions; hand research to the researcher.",
        )
        workflow.compile().invoke({"messages": [{"role": "user", "content": task.question}]})
    spans = exporter.get_finished_spans()
    labels = labels_by_call_order(spans, calls)
    return make_case("langgraph", fault, task_number, otlp_json(spans), labels)


def cases() -> Iterator[Case]:
    """Every fault on every task."""
    for fault in FAULTS:
        for number in range(len(TASKS)):
            yield run_case(number, fault)
