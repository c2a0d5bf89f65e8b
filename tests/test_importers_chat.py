"""The chat-transcript importer: AG2 group chats, Magentic-One logs, OpenAI-style messages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from blame.errors import TraceError
from blame.importers import load_trace
from blame.importers.chat import ChatImporter, ChatSteps, content_text, importer, split_speaker
from blame.model import StepKind, validate_steps

AG2_CHAT: list[dict[str, Any]] = [
    {"name": "Planner_Expert", "role": "assistant", "content": "Plan: count rows. Use 42."},
    {"name": "Coder_Expert", "role": "user", "content": "```python\nprint(41)\n```"},
    {"name": "Computer_terminal", "role": "user", "content": "exitcode: 1 (execution failed)\n"},
    {"name": "Coder_Expert", "role": "user", "content": "Fixed.\n```python\nprint(41)\n```"},
    {"name": "Computer_terminal", "role": "user", "content": "exitcode: 0\nCode output: 41"},
    {"name": "Verifier_Expert", "role": "user", "content": "The answer is 41."},
    {"name": "Verifier_Expert", "role": "user", "content": "TERMINATE"},
]

MAGENTIC: dict[str, Any] = {
    "question": "How many moons?",
    # Grader annotations beside the history (benchmark files carry such labels): never read.
    "ground_truth": "SECRET-ANSWER",
    "annotated_culprit": "SECRET-LABEL",
    "history": [
        {"role": "human", "content": "How many moons?"},
        {"role": "Orchestrator (thought)", "content": "Initial plan: search."},
        {"role": "Orchestrator (-> WebSurfer)", "content": "Please search for moons."},
        {"role": "WebSurfer", "content": "I typed 'moons' into the search bar."},
        {"role": "Orchestrator (-> ComputerTerminal)", "content": "Run the script."},
        {"role": "ComputerTerminal", "content": "Traceback: boom"},
        {"role": "Orchestrator (termination condition)", "content": "FINAL ANSWER: 3"},
    ],
}


def write(tmp_path: Path, data: Any, name: str = "run.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_one_step_per_message_in_order(tmp_path: Path) -> None:
    trace = importer.load(write(tmp_path, AG2_CHAT), test_name="ag2")
    assert [s.index for s in trace.steps] == list(range(len(AG2_CHAT)))
    assert [s.output for s in trace.steps] == [m["content"] for m in AG2_CHAT]
    validate_steps(trace.steps)


def test_terminal_is_a_tool_of_the_agent_that_asked(tmp_path: Path) -> None:
    trace = importer.load(write(tmp_path, AG2_CHAT), test_name="ag2")
    terminal = trace.steps[2]
    assert terminal.kind is StepKind.TOOL
    assert terminal.name == "Computer_terminal"
    assert terminal.agent == "Coder_Expert"
    assert terminal.error == "exitcode: 1 (execution failed)"
    assert trace.steps[4].error is None
    assert trace.agents == ("Planner_Expert", "Coder_Expert", "Verifier_Expert")


def test_parents_form_a_linear_chain(tmp_path: Path) -> None:
    trace = importer.load(write(tmp_path, AG2_CHAT), test_name="ag2")
    assert [s.parents for s in trace.steps] == [()] + [(f"s{i}",) for i in range(6)]
    assert trace.steps[1].input == AG2_CHAT[0]["content"]


def test_final_output_skips_terminate(tmp_path: Path) -> None:
    trace = importer.load(write(tmp_path, AG2_CHAT), test_name="ag2")
    assert trace.final_output == "The answer is 41."


def test_trailing_terminate_is_stripped_from_an_answer() -> None:
    trace = importer.convert([{"name": "A", "content": "Answer: 7\nTERMINATE"}], test_name="t")
    assert trace.final_output == "Answer: 7"


def test_magentic_sub_roles_belong_to_the_orchestrator(tmp_path: Path) -> None:
    trace = importer.load(write(tmp_path, MAGENTIC), test_name="m1")
    kinds = [s.kind for s in trace.steps]
    assert kinds[0] is StepKind.HUMAN
    assert [s.agent for s in trace.steps[1:]] == [
        "Orchestrator",
        "Orchestrator",
        "WebSurfer",
        "Orchestrator",
        "Orchestrator",
        "Orchestrator",
    ]
    handoff = trace.steps[2]
    assert handoff.name == "Orchestrator"
    assert handoff.metadata["subrole"] == "-> WebSurfer"
    assert handoff.metadata["recipient"] == "WebSurfer"
    assert handoff.metadata["speaker"] == "Orchestrator (-> WebSurfer)"
    assert trace.steps[5].kind is StepKind.TOOL
    assert trace.steps[5].name == "ComputerTerminal"
    assert trace.final_output == "FINAL ANSWER: 3"
    assert trace.input == "How many moons?"
    assert trace.metadata["dialect"] == "magentic-one"


def test_labels_and_answers_never_enter_the_trace(tmp_path: Path) -> None:
    trace = importer.load(write(tmp_path, MAGENTIC), test_name="m1")
    text = trace.to_json()
    assert "SECRET-ANSWER" not in text
    assert "SECRET-LABEL" not in text
    assert "annotated_culprit" not in text


def openai_messages() -> list[dict[str, Any]]:
    """A tool-using exchange in OpenAI's format, produced by langchain-core's converter."""
    from langchain_core.messages import (
        AIMessage,
        HumanMessage,
        SystemMessage,
        ToolMessage,
        convert_to_openai_messages,
    )

    messages = [
        SystemMessage("You book flights."),
        HumanMessage("Book LHR to JFK."),
        AIMessage(
            "",
            name="Booker",
            tool_calls=[{"id": "call_1", "name": "book_flight", "args": {"to": "JFK"}}],
        ),
        ToolMessage("error: no seats", tool_call_id="call_1"),
        AIMessage("Your flight is booked.", name="Booker"),
    ]
    converted = convert_to_openai_messages(messages)
    assert isinstance(converted, list)
    return [dict(m) for m in converted]


def test_openai_tool_calls_link_the_reply_to_its_call(tmp_path: Path) -> None:
    trace = importer.load(write(tmp_path, openai_messages()), test_name="oa")
    system, human, call, reply, answer = trace.steps
    assert system.kind is StepKind.HUMAN
    assert human.kind is StepKind.HUMAN
    assert call.kind is StepKind.AGENT
    assert call.agent == "Booker"
    assert 'book_flight({"to": "JFK"})' in call.output
    assert reply.kind is StepKind.TOOL
    assert reply.name == "book_flight"
    assert reply.agent == "Booker"
    assert reply.parents == ("s2",)
    assert reply.metadata["tool_call_id"] == "call_1"
    assert answer.output == "Your flight is booked."
    assert trace.final_output == "Your flight is booked."
    assert trace.input == "Book LHR to JFK."
    assert trace.metadata["dialect"] == "openai"


def test_tool_reply_linked_to_an_earlier_call_keeps_both_parents() -> None:
    messages = [
        {
            "role": "assistant",
            "name": "A",
            "content": "",
            "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "search", "arguments": "{}"}}
            ],
        },
        {"role": "assistant", "name": "B", "content": "meanwhile"},
        {"role": "tool", "tool_call_id": "c1", "content": "found it"},
    ]
    trace = importer.convert(messages, test_name="t")
    assert trace.steps[2].parents == ("s0", "s1")
    assert trace.steps[2].agent == "A"
    assert trace.steps[2].name == "search"


def asks(agent: str, tool: str, call_id: str) -> dict[str, Any]:
    call = {"id": call_id, "type": "function", "function": {"name": tool, "arguments": "{}"}}
    return {"role": "assistant", "name": agent, "content": "", "tool_calls": [call]}


def replies(call_id: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call_id, "content": "done"}


@pytest.mark.parametrize(
    ("messages", "tool_steps"),
    [
        pytest.param(  # ids counted per turn: the second call_0 is another call
            [
                *(asks("A", "search", "call_0"), replies("call_0")),
                *(asks("B", "opening_hours", "call_0"), replies("call_0")),
            ],
            [("search", "A", ("s0",)), ("opening_hours", "B", ("s2",))],
            id="an id reused by another agent after its reply",
        ),
        pytest.param(
            [asks("A", "search", "0"), replies("0"), asks("A", "fetch", "0"), replies("0")],
            [("search", "A", ("s0",)), ("fetch", "A", ("s2",))],
            id="an id reused by the same agent after its reply",
        ),
        pytest.param(  # still unanswered when asked again: the reply answers the first
            [asks("A", "search", "c1"), asks("B", "search", "c1"), replies("c1")],
            [("search", "A", ("s0", "s1"))],
            id="an unanswered call asked again",
        ),
        pytest.param(
            [asks("A", "search", "c1"), replies("c1"), replies("c1")],
            [("search", "A", ("s0",)), ("search", "A", ("s0", "s1"))],
            id="one call answered twice",
        ),
    ],
)
def test_a_tool_reply_answers_the_call_of_its_id_not_yet_answered(
    messages: list[dict[str, Any]], tool_steps: list[tuple[str, str, tuple[str, ...]]]
) -> None:
    trace = importer.convert(messages, test_name="t")
    found = [(s.name, s.agent, s.parents) for s in trace.steps if s.kind is StepKind.TOOL]
    assert found == tool_steps


def test_messages_fed_one_at_a_time_give_the_imported_trace() -> None:
    """A live adapter feeds ChatSteps message by message: the same steps as the file."""
    chat = ChatSteps(ChatImporter(), "chat")
    for position, message in enumerate(AG2_CHAT):
        chat.add(message, where=f"[{position}]")
    fed = chat.build(dialect="autogen")
    assert fed == importer.convert(AG2_CHAT, test_name="chat")


def test_a_message_costs_no_copy_of_the_steps_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    """Linear in the chat's length: adding a message never copies every earlier step (it did,
    through TraceBuilder.steps, when ChatSteps first took the importer's loop)."""
    from blame.builder import TraceBuilder

    copies: list[int] = []
    original = TraceBuilder.steps

    def counted(self: TraceBuilder) -> Any:
        copies.append(1)
        return original.fget(self)  # type: ignore[attr-defined]

    monkeypatch.setattr(TraceBuilder, "steps", property(counted))
    messages = [{"name": f"Agent{i % 3}", "content": f"turn {i}"} for i in range(200)]
    trace = importer.convert(messages, test_name="long")
    assert len(trace.steps) == 200
    assert len(copies) <= 2


def test_a_live_adapter_sets_kind_latency_and_extra_metadata() -> None:
    chat = ChatSteps(ChatImporter(), "chat", input="go")
    chat.add({"name": "Bot", "content": "go"}, where="[0]", kind=StepKind.HUMAN)
    step = chat.add(
        {"name": "Bot", "content": "done"}, where="[1]", latency_ms=12.5, metadata={"x": 1}
    )
    trace = chat.build(dialect="ag2", metadata={"framework": "ag2"})
    assert [s.kind for s in trace.steps] == [StepKind.HUMAN, StepKind.AGENT]
    assert (step.latency_ms, step.metadata) == (12.5, {"speaker": "Bot", "x": 1})
    assert (trace.input, trace.final_output) == ("go", "done")
    assert trace.metadata == {"format": "chat", "dialect": "ag2", "framework": "ag2"}


def test_an_aside_step_is_outside_the_flow_of_messages() -> None:
    """A decision about the chat (who speaks next) reads nothing into the flow: the next
    message reads the one before the aside, and has the aside as a parent (an edge to it)."""
    chat = ChatSteps(ChatImporter(), "chat", input="go")
    chat.add({"name": "User", "content": "go"}, where="[0]", kind=StepKind.HUMAN)
    chat.add({"name": "Finder", "content": "It is 42."}, where="[1]")
    chat.add({"name": "Manager", "content": "Writer"}, where="[2]", aside=True)
    chat.add({"name": "Writer", "content": "Done."}, where="[3]")
    chat.add({"name": "Editor", "content": "Checked."}, where="[4]")
    steps = chat.build(dialect="ag2").steps
    assert [(s.parents, s.input) for s in steps] == [
        ((), ""),
        (("s0",), "go"),
        ((), ""),
        (("s1", "s2"), "It is 42."),
        (("s3",), "Done."),
    ]
    chat.add({"name": "Manager", "content": "Writer"}, where="[5]", aside=True)
    assert chat.build(dialect="ag2").final_output == "Checked."  # a decision is no answer


@pytest.mark.parametrize(
    ("speaker", "expected"),
    [
        ("Orchestrator (thought)", ("Orchestrator", "thought")),
        ("Orchestrator (-> WebSurfer)", ("Orchestrator", "-> WebSurfer")),
        ("WebSurfer", ("WebSurfer", "")),
        ("(weird)", ("(weird)", "")),
        ("A (b) (c)", ("A (b) (c)", "")),
        ("x" * 500 + " (y)", ("x" * 500 + " (y)", "")),
    ],
)
def test_split_speaker(speaker: str, expected: tuple[str, str]) -> None:
    assert split_speaker(speaker) == expected


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, ""),
        ("plain", "plain"),
        ([{"type": "text", "text": "a"}, {"type": "text", "text": "b"}], "a\nb"),
        (
            ["a", {"type": "image_url", "image_url": {"url": "u"}}],
            'a\n{"image_url": {"url": "u"}, "type": "image_url"}',
        ),
        ({"k": 1}, '{"k": 1}'),
    ],
)
def test_content_text(content: Any, expected: str) -> None:
    assert content_text(content) == expected


@pytest.mark.parametrize(
    ("markers", "speaker", "kind"),
    [
        (None, "Computer_terminal", StepKind.TOOL),
        (None, "code_executor", StepKind.TOOL),
        (("sandbox",), "Computer_terminal", StepKind.AGENT),
        (("sandbox",), "Sandbox_Runner", StepKind.TOOL),
    ],
)
def test_tool_markers_are_configurable(
    markers: tuple[str, ...] | None, speaker: str, kind: StepKind
) -> None:
    messages = [{"name": "Coder", "content": "run"}, {"name": speaker, "content": "ok"}]
    trace = ChatImporter(tool_markers=markers).convert(messages, test_name="t")
    assert trace.steps[1].kind is kind


@pytest.mark.parametrize(
    ("message", "kind"),
    [
        ({"role": "user", "content": "hi"}, StepKind.HUMAN),
        ({"role": "user", "name": "User", "content": "hi"}, StepKind.HUMAN),
        ({"role": "user", "name": "Admin", "content": "hi"}, StepKind.HUMAN),
        ({"role": "system", "content": "be brief"}, StepKind.HUMAN),
        ({"role": "human", "content": "hi"}, StepKind.HUMAN),
        ({"role": "user", "name": "Coder_Expert", "content": "hi"}, StepKind.AGENT),
        ({"role": "assistant", "content": "hi"}, StepKind.AGENT),
        ({"role": "function", "name": "lookup", "content": "42"}, StepKind.TOOL),
    ],
)
def test_human_agent_and_tool_turns(message: dict[str, Any], kind: StepKind) -> None:
    assert importer.convert([message], test_name="t").steps[0].kind is kind


def test_tool_markers_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BLAME_CHAT_TOOL_MARKERS", "sandbox, runner")
    messages = [{"name": "Coder", "content": "run"}, {"name": "Sandbox", "content": "ok"}]
    trace = ChatImporter().convert(messages, test_name="t")
    assert trace.steps[1].kind is StepKind.TOOL
    assert trace.steps[1].agent == "Coder"


@pytest.mark.parametrize("value", ["", " , ,"])
def test_tool_markers_naming_no_speaker_are_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, value: str
) -> None:
    """Left empty (a CI variable not defined), the variable switched every marker off: a code
    executor's output was read as an agent's answer, and a check the agents failed passed."""
    monkeypatch.setenv("BLAME_CHAT_TOOL_MARKERS", value)
    chat = tmp_path / "chat.json"
    messages = [{"name": "Coder", "content": "print(1)"}, {"name": "executor", "content": "Paris"}]
    chat.write_text(json.dumps(messages), encoding="utf-8")
    with pytest.raises(TraceError) as raised:
        load_trace(chat)
    assert raised.value.format() == (
        f"{chat}: BLAME_CHAT_TOOL_MARKERS names no speaker, got {value!r}; unset it for the "
        "defaults (terminal, executor, code_exec), or name the tool speakers, e.g. "
        "BLAME_CHAT_TOOL_MARKERS=executor,terminal"
    )


def test_speakerless_message_is_kept_with_a_warning() -> None:
    trace = importer.convert([{"content": "hi"}], test_name="t")
    assert trace.steps[0].agent == "unknown"
    assert trace.metadata["warnings"] == ["[0]: no name or role; speaker recorded as 'unknown'"]


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        (json.dumps(AG2_CHAT), True),
        (json.dumps(MAGENTIC), True),
        (json.dumps({"messages": [{"role": "user", "content": "x"}]}), True),
        ('{"schema_version": 1, "steps": [{"name": "a", "content": "x"}]}', False),
        ('{"resourceSpans": [{"name": "x", "content": "y"}]}', False),
        ('{"history": "not a list", "role": "x", "content": "y"}', False),
        ("[1, 2, 3]", False),
        ("name,role,content", False),
    ],
)
def test_sniff(head: str, expected: bool) -> None:
    assert importer.sniff(head) is expected


def test_auto_detection_picks_chat(tmp_path: Path) -> None:
    trace = load_trace(write(tmp_path, MAGENTIC, "case_7.json"))
    assert trace.test_name == "case_7"
    assert trace.metadata["format"] == "chat"
    assert trace.shared_context, "every message sees every earlier one"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "history-less: holds no messages"),
        ({"history": []}, "history: holds no messages"),
        ({"history": {"a": 1}}, "history: must be a list of messages, got dict"),
        (
            {"turns": []},
            "(top level): a chat transcript object needs a message list; put the messages under",
        ),
        (
            {"schema_version": 1, "steps": []},  # blame's own trace, `--format chat`
            "(top level): a chat transcript object needs a message list; it holds `steps`, as a "
            "blame trace does: read it with `--format native`",
        ),
        (42, "(top level): expected a list of messages"),
        ([{"name": "A", "content": "x"}, "oops"], "[1]: expected a message object, got str"),
        ({"history": [{"name": 3, "content": "x"}]}, "history[0].name: must be a string, got int"),
    ],
)
def test_wrong_shapes_name_the_field(tmp_path: Path, data: Any, message: str) -> None:
    path = write(tmp_path, data)
    with pytest.raises(TraceError) as caught:
        importer.load(path, test_name="t")
    expected = message.replace("history-less: ", "messages: ")
    assert str(path) in str(caught.value)
    assert expected in str(caught.value)


def test_truncated_json_says_where(tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(AG2_CHAT)[:-40], encoding="utf-8")
    with pytest.raises(TraceError, match=r"invalid JSON at line 1 column \d+.*truncated"):
        importer.load(path, test_name="t")
