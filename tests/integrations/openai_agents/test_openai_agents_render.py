"""blame_openai_agents.render: the items a model read or wrote, one line each."""

from __future__ import annotations

from typing import Any

import pytest
from blame_openai_agents.fakes import assistant_message, function_call
from blame_openai_agents.render import content_text, items_text


@pytest.mark.parametrize(
    ("items", "text"),
    [
        (None, ""),
        ("plain input", "plain input"),
        ([{"role": "user", "content": "hi"}], "user: hi"),
        ([{"role": "user", "content": [{"type": "input_text", "text": "hi"}]}], "user: hi"),
        ([{"role": "system", "content": ""}], ""),
        (
            [{"type": "function_call", "name": "f", "arguments": '{"a":1}', "call_id": "c"}],
            'call f({"a":1})',
        ),
        ([{"type": "function_call_output", "call_id": "c", "output": "42"}], "42"),
        ([{"type": "reasoning", "summary": [{"type": "summary_text", "text": "think"}]}], "think"),
        (
            [
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [{"function": {"name": "g", "arguments": "{}"}}],
                },
                {"role": "tool", "content": "done", "tool_call_id": "c"},
            ],
            "assistant: call g({})\ntool: done",
        ),
        ([{"type": "web_search_call", "id": "w"}], '{"id": "w", "type": "web_search_call"}'),
        ([7], "7"),
    ],
    ids=[
        "none",
        "string",
        "message",
        "message-parts",
        "empty-message",
        "function-call",
        "function-output",
        "reasoning",
        "chat-tool-calls",
        "other-item",
        "not-a-mapping",
    ],
)
def test_items_become_one_line_each(items: Any, text: str) -> None:
    assert items_text(items) == text


def test_the_sdks_pydantic_output_items_are_read_as_their_json() -> None:
    items = [assistant_message("Booked"), function_call("book", {"flight": "AF1"}, call_id="c")]
    assert items_text(items) == 'assistant: Booked\ncall book({"flight":"AF1"})'


@pytest.mark.parametrize(
    ("content", "text"),
    [
        (None, ""),
        ("x", "x"),
        ([{"type": "refusal", "refusal": "no"}], "no"),
        ([{"type": "image", "url": "u"}], '{"type": "image", "url": "u"}'),
        ([3], "3"),
        (5, "5"),
    ],
)
def test_content_parts(content: Any, text: str) -> None:
    assert content_text(content) == text
