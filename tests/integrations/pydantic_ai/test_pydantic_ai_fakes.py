"""blame_pydantic_ai.fakes: a FunctionModel that answers from a script, for real agent runs."""

from __future__ import annotations

import asyncio

import pytest
from blame_pydantic_ai.fakes import ScriptExhausted, call, scripted
from pydantic_ai import Agent
from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart

pytestmark = pytest.mark.pydantic_ai


def test_replies_come_in_order_and_a_call_runs_the_tool() -> None:
    seen: list[str] = []

    def note(text: str) -> str:
        """Note something."""
        seen.append(text)
        return "noted"

    model = scripted(
        [TextPart("first I note"), call("note", text="a")],
        ModelResponse(parts=[TextPart("done")]),
        name="m",
    )
    agent = Agent(model, tools=[note])

    result = asyncio.run(agent.run("go"))

    assert (result.output, seen, model.model_name) == ("done", ["a"], "m")
    (_, response, *_rest) = result.all_messages()
    assert isinstance(response, ModelResponse)
    assert [type(p) for p in response.parts] == [TextPart, ToolCallPart]


def test_a_model_called_past_its_script_says_so() -> None:
    agent = Agent(scripted("only", name="short"))
    asyncio.run(agent.run("one"))
    with pytest.raises(ScriptExhausted, match="model 'short' was called more than 1 time"):
        asyncio.run(agent.run("two"))


def test_call_builds_a_tool_call_part() -> None:
    part = call("book", flight="AF1", seats=2)
    assert (part.tool_name, part.args) == ("book", {"flight": "AF1", "seats": 2})
