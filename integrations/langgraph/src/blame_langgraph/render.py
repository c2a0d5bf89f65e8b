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
from typing import Any, TypeGuard

from langchain_core.messages import AIMessage, BaseMessage, ToolMessage

WRITES_KEY = "$writes"
"""How LangGraph's task results wrap several writes to one channel by one task."""

_ROLES = {"human": "user", "ai": "assistant", "system": "system", "tool": "tool"}

TextCache = dict[Any, tuple[BaseMessage, str, str]]
"""Rendered messages of one run, so a long conversation is not re-rendered at every step: the
message, its text without and with its role.

Keyed by object identity (the message is kept, so its identity stays unique) and by what the
text is made of, for copies: graphs copy messages as they pass them on (langgraph-supervisor
renames them, subgraphs rebuild their state), so one message comes in several objects."""


def to_json(value: Any) -> str:
    """Sorted, compact-enough JSON with readable non-ASCII text."""
    return _ENCODER.encode(value)


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


_ENCODER = json.JSONEncoder(sort_keys=True, ensure_ascii=False, default=_json_default)
"""One encoder for every call: `json.dumps` with options builds a new one each time."""


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
    body = _body(message)
    return _with_role(message, body) if with_role else body


def _body(message: BaseMessage) -> str:
    body = content_text(message)
    if isinstance(message, AIMessage) and message.tool_calls:
        calls = [tool_call_text(call["name"], call["args"]) for call in message.tool_calls]
        body = "\n".join(part for part in (body, *calls) if part)
    return body


def _with_role(message: BaseMessage, body: str) -> str:
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
    if cache is None:
        cache = {}
    entries = [cache.get(id(m)) or _render(m, cache) for m in messages]
    if _AI_CLASSES.issuperset(map(type, messages)) or all(map(_is_ai, messages)):
        return "\n".join([entry[1] for entry in entries if entry[1]])
    return "\n".join([entry[2] for entry in entries])


def _render(message: BaseMessage, cache: TextCache) -> tuple[BaseMessage, str, str]:
    key = _made_of(message)
    if key is not None:
        copied = cache.get(key)
        if copied is not None and _same_calls(copied[0], message):
            entry = cache[id(message)] = (message, copied[1], copied[2])
            return entry
    body = _body(message)
    entry = cache[id(message)] = (message, body, _with_role(message, body))
    if key is not None:
        cache[key] = entry
    return entry


def _made_of(message: BaseMessage) -> tuple[Any, ...] | None:
    """What a message's text depends on, but its tool calls (unhashable): None for content
    blocks, which are rare enough to render each time."""
    content = message.content
    if type(content) is not str:
        return None
    return (type(message), message.id, message.name, message_field(message, "status"), content)


def _same_calls(one: BaseMessage, other: BaseMessage) -> bool:
    return bool(message_field(one, "tool_calls") == message_field(other, "tool_calls"))


def message_field(message: BaseMessage, name: str) -> Any:
    """A field only some message classes have (`status`, `tool_calls`, `usage_metadata`), or
    None: read from the model's fields, as `getattr(message, name, None)` on a class without
    it goes through pydantic's `__getattr__` and an exception, about 2 µs a miss."""
    return message.__dict__.get(name)


_MESSAGE_CLASSES: set[type] = set()
_AI_CLASSES: set[type] = set()
_OTHER_CLASSES: set[type] = set()
"""Classes already checked: LangChain's messages are pydantic models, whose isinstance checks go
through ABCMeta, and state lists are checked at every step."""


def _is_message(value: Any) -> bool:
    """isinstance(value, BaseMessage), remembered per class."""
    cls = type(value)
    if cls in _MESSAGE_CLASSES:
        return True
    if cls in _OTHER_CLASSES:
        return False
    if issubclass(cls, BaseMessage):
        _MESSAGE_CLASSES.add(cls)
        if issubclass(cls, AIMessage):
            _AI_CLASSES.add(cls)
        return True
    _OTHER_CLASSES.add(cls)
    return False


def _is_ai(value: Any) -> bool:
    """isinstance(value, AIMessage), remembered per class."""
    return _is_message(value) and type(value) in _AI_CLASSES


def _all_messages(values: Sequence[Any]) -> bool:
    """Whether every value is a message; a set test in C for classes seen before."""
    if not _is_message(values[0]):
        return False  # most lists in a state hold no messages at all
    return _MESSAGE_CLASSES.issuperset(map(type, values)) or all(map(_is_message, values))


def as_messages(value: Any) -> list[BaseMessage] | None:
    """The messages in a channel value or write, or None when it holds something else."""
    if isinstance(value, (list, tuple)):  # the usual case first: this runs for every value
        return list(value) if value and _all_messages(value) else None
    if isinstance(value, (str, int, float)):
        return None
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
    return None


def value_text(value: Any, cache: TextCache | None = None) -> str:
    """Any channel value as text: strings as is, messages as a conversation, else JSON."""
    if type(value) is str:
        return value
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    messages = as_messages(value)
    if messages is not None:
        return messages_text(messages, cache)
    return _data_text(value, cache)


def _data_text(value: Any, cache: TextCache | None) -> str:
    """A value that holds no messages: several writes one per line, else JSON."""
    if is_mapping(value) and isinstance(value.get(WRITES_KEY), list):
        return "\n".join(value_text(write, cache) for write in value[WRITES_KEY])
    return to_json(value)


def state_text(state: Any, cache: TextCache | None = None) -> str:
    """A state mapping as `key: value` lines (sorted by key); a lone messages key as a chat."""
    if not is_mapping(state):
        return value_text(state, cache)
    if len(state) == 1:
        for key, value in state.items():
            if type(value) is str:
                return f"{key}: {value}"
            messages = as_messages(value)
            if messages is not None:
                return messages_text(messages, cache)
            if value is None or isinstance(value, str):  # a str subclass, say a StrEnum
                return f"{key}: {value_text(value, cache)}"
            return f"{key}: {_data_text(value, cache)}"
    keys = list(state)
    try:
        keys.sort()  # string keys, the usual case
    except TypeError:
        keys.sort(key=str)
    lines = []
    for key in keys:
        value = state[key]
        lines.append(f"{key}: {value if type(value) is str else value_text(value, cache)}")
    return "\n".join(lines)


def is_mapping(value: Any) -> TypeGuard[Mapping[Any, Any]]:
    """isinstance(value, Mapping), with a fast path for dicts: the ABC check is slow, and
    every state and write is checked."""
    return type(value) is dict or isinstance(value, Mapping)
