"""Deterministic text for LangGraph state, messages and tool arguments.

Step inputs and outputs are compared byte for byte across runs, so nothing here may depend on
memory addresses or random ids: LangChain message ids and tool-call ids (random uuids with real
models) are left out, objects without a data form are shown by type name only, and JSON keys
are sorted.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, ToolMessage

WRITES_KEY = "$writes"
"""How LangGraph's task results wrap several writes to one channel by one task."""

_ROLES = {"human": "user", "ai": "assistant", "system": "system", "tool": "tool"}

TextCache = dict[tuple[str | None, int, bool], tuple[BaseMessage, str]]
"""Rendered messages of one run, so a long conversation is not re-rendered at every step.

Keyed by message id and object identity (the message is kept, so its identity stays unique)."""


def to_json(value: Any) -> str:
    """Sorted, compact-enough JSON with readable non-ASCII text."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=_json_default)


def _json_default(value: Any) -> Any:
    if isinstance(value, BaseMessage):
        return {"role": role(value), "content": content_text(value)}
    model_dump = getattr(value, "model_dump", None)
    if callable(model_dump):
        try:
            return model_dump(mode="json")
        except Exception:  # a broken model_dump must not break tracing
            return f"<{type(value).__name__}>"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    node = getattr(value, "node", None)
    if isinstance(node, str) and hasattr(value, "arg"):  # langgraph.types.Send
        return {"send": node, "arg": value.arg}
    isoformat = getattr(value, "isoformat", None)
    if callable(isoformat):
        return isoformat()
    return f"<{type(value).__name__}>"


def role(message: BaseMessage) -> str:
    """user, assistant, system, tool, or the message's own type."""
    return _ROLES.get(message.type, message.type)


def content_text(message: BaseMessage) -> str:
    """A message's content as text; content blocks contribute their text parts."""
    content = message.content
    if isinstance(content, str):
        return content
    parts: list[str] = []
    for block in content:
        if isinstance(block, str):
            parts.append(block)
        elif isinstance(block, Mapping):
            text = block.get("text")
            parts.append(text if isinstance(text, str) else to_json(dict(block)))
    return "\n".join(parts)


def tool_call_text(name: str, args: Any) -> str:
    """`-> name {"arg": ...}`: one tool call, without its id."""
    return f"-> {name} {to_json(args)}"


def message_text(message: BaseMessage, *, with_role: bool = True) -> str:
    """One message as text: role, content and tool calls (never its id)."""
    body = content_text(message)
    if isinstance(message, AIMessage):
        calls = [tool_call_text(call["name"], call["args"]) for call in message.tool_calls]
        body = "\n".join(part for part in (body, *calls) if part)
    if not with_role:
        return body
    label = role(message)
    if isinstance(message, ToolMessage):
        label = f"tool {message.name}" if message.name else "tool"
        if message.status == "error":
            label += " (error)"
    elif message.name:
        label = f"{label} ({message.name})"
    return f"{label}: {body}"


def messages_text(messages: Sequence[BaseMessage], cache: TextCache | None = None) -> str:
    """A conversation as text, one message per line; assistant-only lists without roles."""
    with_role = not all(isinstance(m, AIMessage) for m in messages)
    texts = (_cached(m, with_role, cache) for m in messages)
    return "\n".join(texts if with_role else (t for t in texts if t))


def _cached(message: BaseMessage, with_role: bool, cache: TextCache | None) -> str:
    if cache is None:
        return message_text(message, with_role=with_role)
    key = (message.id, id(message), with_role)
    hit = cache.get(key)
    if hit is None:
        hit = cache[key] = (message, message_text(message, with_role=with_role))
    return hit[1]


_IS_MESSAGE: dict[type, bool] = {}


def _is_message(value: Any) -> bool:
    """isinstance(value, BaseMessage), remembered per class: state lists are checked often."""
    cls = type(value)
    known = _IS_MESSAGE.get(cls)
    if known is None:
        known = _IS_MESSAGE[cls] = issubclass(cls, BaseMessage)
    return known


def as_messages(value: Any) -> list[BaseMessage] | None:
    """The messages in a channel value or write, or None when it holds something else."""
    if _is_message(value):
        return [value]
    if isinstance(value, Mapping) and isinstance(value.get(WRITES_KEY), list):
        found: list[BaseMessage] = []
        for write in value[WRITES_KEY]:
            messages = as_messages(write)
            if messages is None:
                return None
            found.extend(messages)
        return found
    if isinstance(value, (list, tuple)) and value and all(map(_is_message, value)):
        return list(value)
    return None


def value_text(value: Any, cache: TextCache | None = None) -> str:
    """Any channel value as text: strings as is, messages as a conversation, else JSON."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    messages = as_messages(value)
    if messages is not None:
        return messages_text(messages, cache)
    if isinstance(value, Mapping) and isinstance(value.get(WRITES_KEY), list):
        return "\n".join(value_text(write, cache) for write in value[WRITES_KEY])
    return to_json(value)


def state_text(state: Any, cache: TextCache | None = None) -> str:
    """A state mapping as `key: value` lines (sorted by key); a lone messages key as a chat."""
    if not isinstance(state, Mapping):
        return value_text(state, cache)
    items = sorted((str(k), v) for k, v in state.items())
    if len(items) == 1 and as_messages(items[0][1]) is not None:
        return value_text(items[0][1], cache)
    return "\n".join(f"{key}: {value_text(value, cache)}" for key, value in items)
