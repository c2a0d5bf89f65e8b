"""A smolagents manager (CodeAgent) delegating to a search sub-agent (ToolCallingAgent).

Traced by `openinference-instrumentation-smolagents`, the instrumentor Phoenix and Arize
users run, into the real OpenTelemetry SDK. The models are scripted: each reply is written
here, and the reply that plants the fault records the span of its own model call as the label
(the instrumentor makes that span current while the model runs).
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from corpus.export import otlp_json, provider, span_hex, steady_clock
from corpus.faults import FAULTS, TASKS, Case, Task, make_case


@dataclass(frozen=True, slots=True)
class Reply:
    """One scripted model reply: text (code for the manager) or a tool call."""

    text: str | None = None
    """Message content."""
    tool: str | None = None
    """The tool to call, for a tool-calling agent."""
    arguments: dict[str, Any] | None = None
    """The call's arguments."""
    fault: bool = False
    """This reply is the wrong decision: its model call is the label."""


def _model_class() -> type[Any]:
    """A smolagents Model that replays a script; exported so the instrumentor wraps it."""
    import smolagents
    from opentelemetry import trace
    from smolagents.models import (
        ChatMessage,
        ChatMessageToolCall,
        ChatMessageToolCallFunction,
        MessageRole,
        Model,
    )

    existing = getattr(smolagents, "ScriptedModel", None)
    if existing is not None:
        return existing  # type: ignore[no-any-return]

    class ScriptedModel(Model):  # type: ignore[misc]
        """Replays replies in order and notes the span of each faulty one."""

        def __init__(self, agent: str, script: list[Reply], labels: list[tuple[str, str]]) -> None:
            super().__init__(model_id="scripted-model")
            self.agent = agent
            self.script = list(script)
            self.labels = labels
            self.calls = 0
            self.last_input_token_count = 0
            self.last_output_token_count = 0

        def generate(self, messages: list[Any], *args: Any, **kwargs: Any) -> Any:
            if not self.script:
                raise RuntimeError("the scripted model ran out of replies")
            reply = self.script.pop(0)
            self.calls += 1
            if reply.fault:
                span = trace.get_current_span().get_span_context().span_id
                self.labels.append((span_hex(span), self.agent))
            self.last_input_token_count = sum(len(str(m)) for m in messages) // 4
            self.last_output_token_count = len(str(reply.text or reply.arguments)) // 4
            if reply.tool is None:
                return ChatMessage(role=MessageRole.ASSISTANT, content=reply.text)
            call = ChatMessageToolCall(
                id=f"call_{self.calls}",
                type="function",
                function=ChatMessageToolCallFunction(name=reply.tool, arguments=reply.arguments),
            )
            return ChatMessage(role=MessageRole.ASSISTANT, content=reply.text, tool_calls=[call])

    smolagents.ScriptedModel = ScriptedModel  # type: ignore[attr-defined]
    return ScriptedModel


def _delegate(task: Task, attribute: str, *, fault: bool = False) -> Reply:
    code = (
        f"Thought: I will ask search_agent to look this up.\n<code>\n"
        f'report = search_agent(task="Find the {attribute} of {task.entity}.")\n'
        f"print(report)\n</code>"
    )
    return Reply(text=code, fault=fault)


def _finish(answer: str, *, fault: bool = False) -> Reply:
    code = f"Thought: I have what I need.\n<code>\nfinal_answer({answer!r})\n</code>"
    return Reply(text=code, fault=fault)


def _search(query: str, *, fault: bool = False) -> Reply:
    return Reply(tool="web_search", arguments={"query": query}, fault=fault)


def _answer(text: str, *, fault: bool = False) -> Reply:
    return Reply(tool="final_answer", arguments={"answer": text}, fault=fault)


def _scripts(task: Task, fault: str, variant: int) -> tuple[list[Reply], list[Reply]]:
    """The manager's and the search agent's replies for one fault."""
    query = f"{task.entity} {task.attribute}"
    said = f"The {task.attribute} of {task.entity} is"
    right = [_search(query), _answer(f"{said} {task.value}.")]
    if fault == "misread_tool_output":
        if variant % 2:  # the manager misreads what the search agent reported
            return [_delegate(task, task.attribute), _finish(task.misread, fault=True)], right
        return (
            [_delegate(task, task.attribute), _finish(task.misread)],
            [_search(query), _answer(f"{said} {task.misread}.", fault=True)],
        )
    if fault == "hallucinated_fact":
        return (
            [_delegate(task, task.attribute), _finish(task.guess)],
            [_answer(f"{said} {task.guess}.", fault=True)],
        )
    if fault == "ignored_tool_error":
        # Every other task the search agent tries again first: the retry fails too, and the
        # call that read that second error guesses.
        retry = [_search(query)] if variant % 2 else []
        return (
            [_delegate(task, task.attribute), _finish(task.guess)],
            [_search(query), *retry, _answer(f"{said} {task.guess}.", fault=True)],
        )
    if fault == "wrong_tool_arguments":
        return (
            [_delegate(task, task.attribute), _finish(task.sibling_value)],
            [
                _search(f"{task.sibling} {task.attribute}", fault=True),
                _answer(f"The {task.attribute} is {task.sibling_value}."),
            ],
        )
    if fault == "goal_deviation":
        return (
            [_delegate(task, task.other_attribute, fault=True), _finish(task.other_value)],
            [
                _search(f"{task.entity} {task.other_attribute}"),
                _answer(f"The {task.other_attribute} of {task.entity} is {task.other_value}."),
            ],
        )
    if fault == "wrong_format":
        sentence = f"{said} {task.value}, according to the encyclopedia."
        return [_delegate(task, task.attribute), _finish(sentence, fault=True)], right
    if fault == "premature_final_answer":
        return [_finish(task.guess, fault=True)], []
    if fault == "looping":
        repeats = [_search(query), _search(query, fault=True), _search(query)]
        summary = Reply(text=f"{said} {task.value}.")
        return [_delegate(task, task.attribute), _finish(task.value)], [*repeats, summary]
    raise ValueError(f"unknown fault {fault!r}")


def _search_tool(task: Task, broken: bool) -> Any:
    from smolagents import tool

    @tool
    def web_search(query: str) -> str:
        """Search an encyclopedia and return the best matching entry.

        Args:
            query: what to look up
        """
        return task.lookup(query, broken=broken)

    return web_search


@contextlib.contextmanager
def _instrumentor(tracer_provider: Any) -> Iterator[None]:
    from openinference.instrumentation.smolagents import SmolagentsInstrumentor

    _model_class()
    instrumentor = SmolagentsInstrumentor()
    instrumentor.instrument(tracer_provider=tracer_provider)
    try:
        yield
    finally:
        instrumentor.uninstrument()


def run_case(task_number: int, fault: str) -> Case:
    """Run the system once on one task with one planted fault."""
    from smolagents import CodeAgent, ToolCallingAgent

    task = TASKS[task_number]
    seed = 1 + FAULTS.index(fault) * 100 + task_number
    tracer_provider, exporter = provider(seed, "smolagents-research")
    model = _model_class()
    labels: list[tuple[str, str]] = []
    manager_script, search_script = _scripts(task, fault, task_number)
    with _instrumentor(tracer_provider), steady_clock(), contextlib.redirect_stdout(io.StringIO()):
        search_agent = ToolCallingAgent(
            tools=[_search_tool(task, broken=fault == "ignored_tool_error")],
            model=model("search_agent", search_script, labels),
            name="search_agent",
            description="Looks facts up in an encyclopedia. Give it a task in plain words.",
            max_steps=3,
            verbosity_level=0,
        )
        manager = CodeAgent(
            tools=[],
            model=model("manager", manager_script, labels),
            name="manager",
            managed_agents=[search_agent],
            max_steps=4,
            verbosity_level=0,
        )
        manager.run(task.question)
    return make_case(
        "smolagents", fault, task_number, otlp_json(exporter.get_finished_spans()), labels
    )


def cases() -> Iterator[Case]:
    """Every fault on every task."""
    for fault in FAULTS:
        for number in range(len(TASKS)):
            yield run_case(number, fault)
