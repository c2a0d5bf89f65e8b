"""blame_smolagents.fakes: a smolagents Model that answers from a script, for real agent runs."""

from __future__ import annotations

import time

import pytest
from blame_smolagents.fakes import ScriptedModel, ScriptExhausted, call, code
from smolagents import CodeAgent, ToolCallingAgent, tool
from smolagents.models import ChatMessage, MessageRole
from smolagents.monitoring import LogLevel

pytestmark = pytest.mark.smolagents

SEEN: list[str] = []


@tool
def note(text: str) -> str:
    """Note something down.

    Args:
        text: What to note.
    """
    SEEN.append(text)
    return "noted"


def test_a_tool_calling_agent_runs_the_scripted_calls_in_order() -> None:
    SEEN.clear()
    model = ScriptedModel(
        [call("note", text="a"), call("note", text="b")],
        call("final_answer", answer="both noted"),
        model_id="m",
    )
    agent = ToolCallingAgent(tools=[note], model=model, verbosity_level=LogLevel.OFF)

    assert agent.run("note a and b") == "both noted"
    assert (sorted(SEEN), model.calls) == (["a", "b"], 2)


def test_a_code_agent_runs_the_scripted_code() -> None:
    SEEN.clear()
    model = ScriptedModel(code('final_answer(note(text="c"))', thought="I note c."))
    agent = CodeAgent(tools=[note], model=model, verbosity_level=LogLevel.OFF)

    assert agent.run("note c") == "noted"
    assert SEEN == ["c"]


def test_replies_are_chat_messages_with_token_counts() -> None:
    model = ScriptedModel("plain words here", call("note", text="x"))
    asked = [ChatMessage(role=MessageRole.USER, content="one two three")]

    text, calls = model.generate(asked), model.generate(asked)

    assert (text.content, text.tool_calls) == ("plain words here", None)
    assert text.token_usage is not None
    assert (text.token_usage.input_tokens, text.token_usage.output_tokens) == (3, 3)
    assert calls.tool_calls is not None
    [made] = calls.tool_calls
    assert (made.function.name, made.function.arguments, made.id) == (
        "note",
        {"text": "x"},
        "call_1_0",
    )


def test_a_model_called_past_its_script_says_so() -> None:
    model = ScriptedModel("only", model_id="short")
    model.generate([])
    with pytest.raises(ScriptExhausted, match="model 'short' was called more than 1 time"):
        model.generate([])


def test_code_wraps_source_in_the_default_code_tags() -> None:
    assert code("  x = 1\n", thought="set x") == "Thought: set x\n<code>\nx = 1\n</code>"
    assert code("x = 1") == "<code>\nx = 1\n</code>"


def test_a_delay_makes_each_call_take_that_long() -> None:
    model = ScriptedModel("a", delay=0.02)
    started = time.perf_counter()
    model.generate([])
    assert time.perf_counter() - started >= 0.02
