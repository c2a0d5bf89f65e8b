"""blame_langgraph.render: deterministic, readable text for messages and state."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from blame_langgraph.render import (
    as_messages,
    message_field,
    message_text,
    messages_text,
    state_text,
    to_json,
    value_text,
)
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
from langgraph.types import Send
from pydantic import BaseModel

CALL = AIMessage(
    "let me look",
    id="random-id-1",
    tool_calls=[{"name": "search", "args": {"q": "x", "a": 1}, "id": "call_123"}],
)


class Point(BaseModel):
    x: int


@dataclasses.dataclass
class Pair:
    left: int
    right: int


class Opaque:
    pass


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (HumanMessage("hi", id="u1"), "user: hi"),
        (SystemMessage("be brief"), "system: be brief"),
        (AIMessage("hello", name="researcher"), "assistant (researcher): hello"),
        (CALL, 'assistant: let me look\n-> search {"a": 1, "q": "x"}'),
        (ToolMessage("42", name="calc", tool_call_id="c1"), "tool calc: 42"),
        (
            ToolMessage("boom", name="calc", tool_call_id="c1", status="error"),
            "tool calc (error): boom",
        ),
        (ToolMessage("ok", tool_call_id="c1"), "tool: ok"),
        (
            AIMessage([{"type": "text", "text": "part one"}, "part two", {"type": "image"}]),
            'assistant: part one\npart two\n{"type": "image"}',
        ),
    ],
)
def test_message_text(message: Any, expected: str) -> None:
    assert message_text(message) == expected


def test_ids_never_appear() -> None:
    text = messages_text([HumanMessage("q", id="u-123"), CALL])
    assert "u-123" not in text and "random-id-1" not in text and "call_123" not in text


@pytest.mark.parametrize(
    ("messages", "expected"),
    [
        ([AIMessage("a"), AIMessage("b")], "a\nb"),
        ([HumanMessage("q"), AIMessage("a")], "user: q\nassistant: a"),
        ([AIMessage(""), AIMessage("b")], "b"),
    ],
)
def test_messages_text_drops_roles_for_assistant_only_lists(messages: Any, expected: str) -> None:
    assert messages_text(messages) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, ""),
        ("plain", "plain"),
        ([1, 2], "[1, 2]"),
        ({"b": 1, "a": "é"}, '{"a": "é", "b": 1}'),
        ({"$writes": ["x", "y"]}, "x\ny"),
        ({"$writes": [[AIMessage("a")], [AIMessage("b")]]}, "a\nb"),
        (Point(x=1), '{"x": 1}'),
        (Pair(1, 2), '{"left": 1, "right": 2}'),
        ({3, 1, 2}, "[1, 2, 3]"),
        (Send("work", {"t": 1}), '{"arg": {"t": 1}, "send": "work"}'),
        (Opaque(), '"<Opaque>"'),
    ],
)
def test_value_text(value: Any, expected: str) -> None:
    assert value_text(value) == expected


def test_to_json_shows_objects_by_type_never_by_address() -> None:
    assert to_json({"o": Opaque()}) == '{"o": "<Opaque>"}'


@pytest.mark.parametrize(
    ("state", "expected"),
    [
        ({"messages": [HumanMessage("q"), AIMessage("a")]}, "user: q\nassistant: a"),
        ({"topic": "x", "items": ["a"]}, 'items: ["a"]\ntopic: x'),
        ({"messages": [AIMessage("a")], "n": 1}, "messages: a\nn: 1"),
        ("bare", "bare"),
        ({"findings": ["a", "b"]}, 'findings: ["a", "b"]'),
        ({"report": "done"}, "report: done"),
        ({"report": None}, "report: "),
        ({"notes": {"$writes": ["a", ["b"]]}}, 'notes: a\n["b"]'),
        ({"notes": {"$writes": [AIMessage("a"), AIMessage("b")]}}, "a\nb"),
        ({"b": None, "a": {"$writes": ["x", "y"]}}, "a: x\ny\nb: "),
    ],
)
def test_state_text(state: Any, expected: str) -> None:
    assert state_text(state) == expected


@pytest.mark.parametrize(
    ("value", "count"),
    [
        (AIMessage("a"), 1),
        ([AIMessage("a"), HumanMessage("b")], 2),
        ({"$writes": [[AIMessage("a")], AIMessage("b")]}, 2),
        ([], None),
        (["text"], None),
        ({"$writes": ["text"]}, None),
    ],
)
def test_as_messages(value: Any, count: int | None) -> None:
    found = as_messages(value)
    assert (None if found is None else len(found)) == count


def _copy(message: Any, **changes: Any) -> Any:
    return message.model_copy(update=changes)


@pytest.mark.parametrize(
    ("copy", "same_text"),
    [
        (_copy(CALL), True),
        (_copy(CALL, content="changed"), False),
        (_copy(CALL, name="planner"), False),
        (_copy(CALL, tool_calls=[{"name": "search", "args": {"q": "y"}, "id": "call_123"}]), False),
        (_copy(ToolMessage("ok", tool_call_id="c1", id="t1"), status="error"), False),
    ],
    ids=["copy", "new content", "new name", "new tool call", "new status"],
)
def test_a_copy_of_a_message_shares_its_text_only_when_nothing_rendered_changed(
    copy: Any, same_text: bool
) -> None:
    """Graphs pass messages on as copies; the run's text cache must not mix up changed ones."""
    original = (
        CALL if isinstance(copy, AIMessage) else ToolMessage("ok", tool_call_id="c1", id="t1")
    )
    cache: dict[Any, Any] = {}
    first = messages_text([HumanMessage("hi"), original], cache)
    second = messages_text([HumanMessage("hi"), copy], cache)
    assert second == messages_text([HumanMessage("hi"), copy])  # what no cache would say
    assert (first == second) is same_text


@pytest.mark.parametrize(
    ("message", "name", "expected"),
    [
        (ToolMessage("failed", tool_call_id="c1", status="error"), "status", "error"),
        (HumanMessage("hi"), "status", None),
        (HumanMessage("hi"), "tool_calls", None),
        (
            AIMessage("", tool_calls=[{"name": "f", "args": {}, "id": "c1"}]),
            "tool_calls",
            [{"name": "f", "args": {}, "id": "c1", "type": "tool_call"}],
        ),
        (
            AIMessage(
                "ok", usage_metadata={"input_tokens": 1, "output_tokens": 2, "total_tokens": 3}
            ),
            "usage_metadata",
            {"input_tokens": 1, "output_tokens": 2, "total_tokens": 3},
        ),
        (SystemMessage("rules"), "usage_metadata", None),
    ],
)
def test_message_field_reads_a_field_or_none(message: Any, name: str, expected: Any) -> None:
    assert message_field(message, name) == expected
