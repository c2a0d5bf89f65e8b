"""blame_pydantic_ai.render: PydanticAI's instrumentation messages, one line per part."""

from __future__ import annotations

from typing import Any

import pytest
from blame_pydantic_ai.render import messages_text, part_text


@pytest.mark.parametrize(
    ("raw", "text"),
    [
        (None, ""),
        ("not json", "not json"),
        ('{"a": 1}', '{"a": 1}'),
        ('[{"role": "user", "parts": [{"type": "text", "content": "hi"}]}]', "user: hi"),
        (
            [
                {
                    "role": "assistant",
                    "parts": [
                        {"type": "thinking", "content": "hmm"},
                        {"type": "text", "content": "let me look"},
                        {
                            "type": "tool_call",
                            "id": "1",
                            "name": "f",
                            "arguments": {"b": 2, "a": 1},
                        },
                    ],
                },
                {
                    "role": "user",
                    "parts": [
                        {"type": "tool_call_response", "id": "1", "name": "f", "result": "ok"}
                    ],
                },
            ],
            'hmm\nassistant: let me look\ncall f({"a":1,"b":2})\nok',
        ),
        ([{"role": "user", "parts": [{"type": "text", "content": ""}]}], ""),
        ([7], "7"),
    ],
    ids=["none", "not-json", "not-a-list", "text", "turns", "empty-text", "not-a-message"],
)
def test_messages_become_one_line_per_part(raw: Any, text: str) -> None:
    assert messages_text(raw) == text


@pytest.mark.parametrize(
    ("part", "text"),
    [
        ({"type": "text", "content": "x"}, "x"),
        ({"type": "tool_call", "name": "g", "arguments": '{"raw": true}'}, 'call g({"raw": true})'),
        ({"type": "tool_call", "name": "g"}, "call g()"),
        ({"type": "tool_call_response", "result": {"n": 1}}, '{"n": 1}'),
        ({"type": "image-url", "url": "u"}, '{"type": "image-url", "url": "u"}'),
        ("loose", "loose"),
    ],
)
def test_parts(part: Any, text: str) -> None:
    assert part_text(part) == text
