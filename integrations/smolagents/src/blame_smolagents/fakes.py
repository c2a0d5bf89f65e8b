"""An offline model for tests and examples: smolagents' own `Model` interface, answering from
a script.

`ScriptedModel(*replies)` answers the n-th model call with the n-th reply: a string (the
model's text: a CodeAgent's thought and `code(...)`, or a ToolCallingAgent's final words), a
`call(tool, **args)` (a ToolCallingAgent's tool call) or a list of calls (made together). The
agents run for real (code execution, tool calls, managed agents, step callbacks), with no API
key and no network. `delay` makes each call take that many seconds, like a remote model.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from typing import Any

from smolagents.models import (
    ChatMessage,
    ChatMessageToolCall,
    ChatMessageToolCallFunction,
    MessageRole,
    Model,
)
from smolagents.monitoring import TokenUsage

__all__ = ["ScriptExhausted", "ScriptedModel", "call", "code"]

Reply = str | ChatMessageToolCall | Sequence[ChatMessageToolCall]
"""One scripted model reply."""


class ScriptExhausted(RuntimeError):
    """The model was called more often than the script has replies."""


def call(tool: str, **args: Any) -> ChatMessageToolCall:
    """A tool call the model makes (a ToolCallingAgent's action)."""
    function = ChatMessageToolCallFunction(name=tool, arguments=args)
    return ChatMessageToolCall(function=function, id="", type="function")


def code(source: str, thought: str = "") -> str:
    """A CodeAgent's reply: an optional thought, then `source` in the default code tags."""
    lead = f"Thought: {thought}\n" if thought else ""
    return f"{lead}<code>\n{source.strip()}\n</code>"


class ScriptedModel(Model):
    """A smolagents Model that answers the n-th call with the n-th scripted reply."""

    def __init__(self, *replies: Reply, model_id: str = "scripted", delay: float = 0.0) -> None:
        super().__init__(model_id=model_id)
        self.replies = tuple(replies)
        self.delay = delay
        self.calls = 0
        self._lock = threading.Lock()

    def generate(
        self,
        messages: list[Any],
        stop_sequences: list[str] | None = None,
        response_format: dict[str, str] | None = None,
        tools_to_call_from: list[Any] | None = None,
        **kwargs: Any,
    ) -> ChatMessage:
        """The next scripted reply as a ChatMessage (ScriptExhausted past the end)."""
        with self._lock:
            index, self.calls = self.calls, self.calls + 1
        if index >= len(self.replies):
            raise ScriptExhausted(
                f"model {self.model_id!r} was called more than {len(self.replies)} time(s)"
            )
        if self.delay:
            time.sleep(self.delay)
        reply = self.replies[index]
        read = sum(len(str(getattr(m, "content", m) or "").split()) for m in messages)
        if isinstance(reply, str):
            return ChatMessage(
                role=MessageRole.ASSISTANT,
                content=reply,
                token_usage=TokenUsage(input_tokens=read, output_tokens=len(reply.split())),
            )
        calls = [reply] if isinstance(reply, ChatMessageToolCall) else list(reply)
        numbered = [
            ChatMessageToolCall(function=c.function, id=c.id or f"call_{index}_{n}", type=c.type)
            for n, c in enumerate(calls)
        ]
        return ChatMessage(
            role=MessageRole.ASSISTANT,
            content=None,
            tool_calls=numbered,
            token_usage=TokenUsage(input_tokens=read, output_tokens=len(numbered)),
        )
