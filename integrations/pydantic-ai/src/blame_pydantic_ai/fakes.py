"""An offline model for tests and examples: PydanticAI's own `FunctionModel`, answering from a
script.

`scripted(...)` takes one reply per model call, in order: a string (the model's text), a
`call(tool, **args)` (a tool call), a list of such parts (said together), or a whole
`ModelResponse`. The agent runs for real (tools, retries, delegation, instrumentation), with no
API key and no network.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic_ai.messages import (
    ModelMessage,
    ModelResponse,
    ModelResponsePart,
    TextPart,
    ToolCallPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel

__all__ = ["ScriptExhausted", "call", "scripted"]

Reply = str | ModelResponsePart | Sequence[str | ModelResponsePart] | ModelResponse
"""One scripted model reply."""


class ScriptExhausted(RuntimeError):
    """The model was called more often than the script has replies."""


def call(tool: str, **args: Any) -> ToolCallPart:
    """A tool call the model makes."""
    return ToolCallPart(tool, args)


def scripted(*replies: Reply, name: str = "scripted") -> FunctionModel:
    """A FunctionModel that answers the n-th model call with the n-th reply."""
    script = [_response(reply) for reply in replies]
    calls = iter(range(len(script)))

    def answer(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        index = next(calls, None)
        if index is None:
            raise ScriptExhausted(f"model {name!r} was called more than {len(script)} time(s)")
        return script[index]

    return FunctionModel(answer, model_name=name)


def _response(reply: Reply) -> ModelResponse:
    if isinstance(reply, ModelResponse):
        return reply
    parts = [reply] if isinstance(reply, str) or not isinstance(reply, Sequence) else reply
    return ModelResponse(parts=[TextPart(p) if isinstance(p, str) else p for p in parts])
