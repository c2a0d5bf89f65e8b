"""Text of what a model call read and wrote, from PydanticAI's instrumentation messages.

PydanticAI (instrumentation version 5) puts a model call's messages on its span as JSON: a list
of `{role, parts}`, each part text, a tool call, a tool call's response, thinking or media. They
become one line per part, so a check's text and the engine's content matching see what the
model saw and said.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from blame.recorder import to_text


def messages_text(raw: Any) -> str:
    """One line per part of the messages in `raw` (the attribute's JSON text, or the list)."""
    if raw is None:
        return ""
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except ValueError:
            return str(raw)
    if not isinstance(raw, list):
        return to_text(raw)
    lines: list[str] = []
    for message in raw:
        if not isinstance(message, Mapping):
            lines.append(to_text(message))
            continue
        role = message.get("role", "")
        for part in message.get("parts") or ():
            line = part_text(part, role)
            if line:
                lines.append(line)
    return "\n".join(lines)


def part_text(part: Any, role: str = "") -> str:
    """One message part as a line: `role: text`, `call name(args)`, a tool's result."""
    if not isinstance(part, Mapping):
        return to_text(part)
    kind = part.get("type")
    if kind == "text":
        content = to_text(part.get("content"))
        return f"{role}: {content}" if role and content else content
    if kind == "tool_call":
        arguments = part.get("arguments")
        shown = arguments if isinstance(arguments, str) else _compact(arguments)
        return f"call {part.get('name', '?')}({shown})"
    if kind == "tool_call_response":
        return to_text(part.get("result"))
    if kind == "thinking":
        return to_text(part.get("content"))
    return to_text(dict(part))


def _compact(value: Any) -> str:
    if value is None:
        return ""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
