"""Text of what a model call read and wrote, from the items its tracing span carries.

A response span (the Responses API, the SDK's default model) holds Responses items: messages,
`function_call`, `function_call_output`, reasoning. A generation span (Chat Completions and
other models) holds chat messages, with `tool_calls` on assistant messages and `tool` role
replies. Both become one line per item, so a check's text and the engine's content matching
see exactly what the model saw and said.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from blame.recorder import to_text


def items_text(items: Any) -> str:
    """One line per item (a string input stays as it is); empty for none."""
    if items is None:
        return ""
    if isinstance(items, str):
        return items
    if not isinstance(items, Sequence):
        items = [items]
    lines = (_item_text(_plain(item)) for item in items)
    return "\n".join(line for line in lines if line)


def _plain(item: Any) -> Any:
    """A pydantic item (the SDK's output items) as the dictionary it serialises to."""
    dump = getattr(item, "model_dump", None)
    if callable(dump):
        return dump(exclude_none=True)
    return item


def _item_text(item: Any) -> str:
    if not isinstance(item, Mapping):
        return to_text(item)
    kind = item.get("type")
    if kind == "function_call":
        return f"call {item.get('name', '?')}({item.get('arguments', '')})"
    if kind in ("function_call_output", "computer_call_output", "custom_tool_call_output"):
        return content_text(item.get("output"))
    if kind == "reasoning":
        return content_text(item.get("summary"))
    if "role" in item:
        said = content_text(item.get("content"))
        calls = [
            f"call {_field(call, 'function', 'name')}({_field(call, 'function', 'arguments')})"
            for call in item.get("tool_calls") or ()
            if isinstance(call, Mapping)
        ]
        text = "\n".join(part for part in (said, *calls) if part)
        return f"{item['role']}: {text}" if text else ""
    return to_text(dict(item))


def content_text(content: Any) -> str:
    """A message's content: a string, or the text of its parts (text, refusal, output)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, Sequence):
        parts = []
        for part in content:
            part = _plain(part)
            if isinstance(part, Mapping):
                text = part.get("text", part.get("refusal", part.get("output")))
                parts.append(text if isinstance(text, str) else to_text(dict(part)))
            else:
                parts.append(to_text(part))
        return "\n".join(p for p in parts if p)
    return to_text(content)


def _field(call: Mapping[str, Any], outer: str, inner: str) -> str:
    value = call.get(outer)
    if isinstance(value, Mapping):
        return str(value.get(inner, ""))
    return ""
