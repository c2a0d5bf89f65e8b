"""blame_langgraph.fakes: offline chat models and the tool-calling agent subgraph."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from blame_langgraph.fakes import RuleChatModel, ScriptedChatModel, tool_agent
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.tools import tool


@tool
def double(n: int) -> int:
    """Double a number."""
    return 2 * n


@tool
def explode(n: int) -> int:
    """Always fails."""
    raise ValueError("exploded")


def test_scripted_model_replays_fresh_copies_and_accepts_tools() -> None:
    script: list[BaseMessage] = [AIMessage("one"), AIMessage("two")]
    model = ScriptedChatModel(responses=script)
    assert model.bind_tools([double]) is model
    first, second, third = (model.invoke("x") for _ in range(3))
    assert [first.content, second.content, third.content] == ["one", "two", "one"]
    assert first.id != third.id
    assert script[0].id is None


def reply_by_topic(messages: Sequence[BaseMessage]) -> str:
    return "answer about " + str(messages[-1].content)


def test_rule_model_answers_from_the_conversation_with_usage() -> None:
    model = RuleChatModel(reply=reply_by_topic, model_name="rules")
    answer = model.invoke([HumanMessage("cats")])
    assert answer.content == "answer about cats"
    assert answer.response_metadata["model_name"] == "rules"
    assert answer.usage_metadata == {"input_tokens": 1, "output_tokens": 3, "total_tokens": 4}
    assert model.bind_tools([double]) is model


def test_rule_model_keeps_a_replys_own_usage_and_is_async() -> None:
    scripted = AIMessage(
        "x", usage_metadata={"input_tokens": 9, "output_tokens": 1, "total_tokens": 10}
    )
    model = RuleChatModel(reply=lambda messages: scripted)
    answer = asyncio.run(model.ainvoke("q"))
    assert answer.usage_metadata is not None and answer.usage_metadata["total_tokens"] == 10
    assert scripted.response_metadata == {}


def test_tool_agent_loops_through_tools_until_an_answer() -> None:
    model = ScriptedChatModel(
        responses=[
            AIMessage("", tool_calls=[{"name": "double", "args": {"n": 21}, "id": "c1"}]),
            AIMessage("It is 42."),
        ]
    )
    out = tool_agent("calc", model, [double]).invoke({"messages": [("user", "double 21")]})
    kinds = [(type(m).__name__, m.content) for m in out["messages"]]
    assert kinds == [
        ("HumanMessage", "double 21"),
        ("AIMessage", ""),
        ("ToolMessage", "42"),
        ("AIMessage", "It is 42."),
    ]


def test_tool_agent_turns_tool_errors_into_error_messages_and_chooses_models() -> None:
    model = ScriptedChatModel(
        responses=[
            AIMessage("", tool_calls=[{"name": "explode", "args": {"n": 1}, "id": "c1"}]),
            AIMessage("It failed."),
        ]
    )
    agent = tool_agent("calc", lambda messages: model, [explode])
    out = agent.invoke({"messages": [("user", "go")]})
    errors = [m for m in out["messages"] if isinstance(m, ToolMessage)]
    assert [(m.status, "exploded" in str(m.content)) for m in errors] == [("error", True)]
