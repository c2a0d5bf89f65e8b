"""blame_smolagents.render: smolagents' chat messages as the text of a step."""

from __future__ import annotations

from typing import Any

import pytest
from blame_smolagents.render import arguments_text, messages_text, reply_text
from smolagents.models import (
    ChatMessage,
    ChatMessageToolCall,
    ChatMessageToolCallFunction,
    MessageRole,
)

pytestmark = pytest.mark.smolagents


def _call(name: str, arguments: Any) -> ChatMessageToolCall:
    return ChatMessageToolCall(
        function=ChatMessageToolCallFunction(name=name, arguments=arguments),
        id="c1",
        type="function",
    )


@pytest.mark.parametrize(
    ("messages", "text"),
    [
        ([], ""),
        (
            [
                ChatMessage(role=MessageRole.SYSTEM, content="You are an agent. Example: Paris"),
                ChatMessage(role=MessageRole.USER, content=[{"type": "text", "text": "Go"}]),
            ],
            "user: Go",
        ),
        (
            [
                ChatMessage(role=MessageRole.ASSISTANT, content="I look", tool_calls=[]),
                ChatMessage(role=MessageRole.TOOL_RESPONSE, content="Observation: 8 m"),
            ],
            "assistant: I look\ntool-response: Observation: 8 m",
        ),
        (
            [{"role": "user", "content": [{"type": "text", "text": "see"}, "this"]}],
            "user: see\nthis",
        ),
        ([{"role": "assistant", "content": None}], ""),
    ],
    ids=["none", "system-left-out", "assistant-and-tool", "dict-with-parts", "empty"],
)
def test_messages_become_one_line_per_message(messages: list[Any], text: str) -> None:
    assert messages_text(messages) == text


@pytest.mark.parametrize(
    ("message", "text"),
    [
        (None, ""),
        (
            ChatMessage(role=MessageRole.ASSISTANT, content="<code>x = 1</code>"),
            "<code>x = 1</code>",
        ),
        (
            ChatMessage(
                role=MessageRole.ASSISTANT,
                content=None,
                tool_calls=[_call("search", {"q": "b", "n": 2}), _call("final_answer", "text")],
            ),
            'call search({"n":2,"q":"b"})\ncall final_answer(text)',
        ),
    ],
    ids=["none", "code", "tool-calls"],
)
def test_a_reply_is_its_text_then_its_calls(message: Any, text: str) -> None:
    assert reply_text(message) == text


def test_arguments_are_compact_sorted_json() -> None:
    assert arguments_text({"b": [1, "é"], "a": None}) == '{"a":null,"b":[1,"é"]}'
    assert arguments_text(None) == ""
    assert arguments_text("raw") == "raw"
