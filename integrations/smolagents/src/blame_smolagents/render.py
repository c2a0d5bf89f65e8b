"""Text of what a model call read and wrote, from smolagents' chat messages.

smolagents hands a model a list of `ChatMessage`s (or their dictionaries): the task, the
agent's earlier replies, the tools it called and what they returned. Each becomes a line
`role: text`, and a reply's tool calls `call name(arguments)`, so a check's text and the
engine's content matching see what the model saw and said. The system prompt is left out: it
is the agent's instructions (and smolagents' worked examples), not data the run produced.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from blame.importers.chat import content_text
from blame.recorder import to_text

SKIPPED_ROLES = frozenset({"system"})
"""Roles whose messages are instructions, not data flow."""


def messages_text(messages: Iterable[Any]) -> str:
    """One line per message the model read (system messages left out)."""
    lines = []
    for message in messages or ():
        role = _role(_get(message, "role"))
        if role in SKIPPED_ROLES:
            continue
        line = message_text(message, role)
        if line:
            lines.append(line)
    return "\n".join(lines)


def reply_text(message: Any) -> str:
    """What the model said: its text, then one `call name(arguments)` line per tool call."""
    if message is None:
        return ""
    return message_text(message, "")


def message_text(message: Any, role: str) -> str:
    """One message: `role: content`, with its tool calls on lines of their own."""
    said = content_text(_get(message, "content"))
    calls = [call_text(call) for call in _get(message, "tool_calls") or ()]
    text = "\n".join(part for part in (said, *calls) if part)
    return f"{role}: {text}" if role and text else text


def call_text(call: Any) -> str:
    """`call name(arguments)` for one tool call (a dataclass or its dictionary)."""
    function = _get(call, "function")
    name = _get(function, "name") or "?"
    arguments = _get(function, "arguments")
    return f"call {name}({arguments_text(arguments)})"


def arguments_text(arguments: Any) -> str:
    """Tool arguments as compact JSON with sorted keys (text arguments as they are)."""
    if arguments is None:
        return ""
    if isinstance(arguments, str):
        return arguments
    return json.dumps(
        arguments, ensure_ascii=False, separators=(",", ":"), sort_keys=True, default=to_text
    )


def _get(item: Any, key: str) -> Any:
    if isinstance(item, Mapping):
        return item.get(key)
    return getattr(item, key, None)


def _role(role: Any) -> str:
    value = getattr(role, "value", role)  # MessageRole is a str enum
    return str(value) if value is not None else ""
