"""An offline model for tests and examples: scripted replies, traced like OpenAI's own model.

`ScriptedModel(steps)` answers the n-th model call with the n-th step: a list of output items
(`assistant_message(text)`, `function_call(name, arguments, call_id=...)`), a mapping
`{"output": [...], "usage": usage(in, out)}`, or an exception to raise. Each reply is wrapped in
a `response` span holding the input the model was given and a `Response` with its output items,
as the SDK's OpenAI Responses model does when a run includes sensitive data, so an agent built
on it is traced exactly as a real one is, with no API key and no network.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from typing import Any

from agents.items import ModelResponse, TResponseInputItem, TResponseStreamEvent
from agents.model_settings import ModelSettings
from agents.models.interface import Model, ModelTracing
from agents.tracing import SpanError, response_span
from agents.usage import Usage
from openai.types.responses import (
    Response,
    ResponseCompletedEvent,
    ResponseFunctionToolCall,
    ResponseOutputMessage,
    ResponseOutputText,
)

__all__ = ["ScriptExhausted", "ScriptedModel", "assistant_message", "function_call", "usage"]

Step = Sequence[Any] | Mapping[str, Any] | BaseException
"""One scripted reply: output items, `{"output": items, "usage": Usage}`, or an error."""


class ScriptExhausted(RuntimeError):
    """The model was called more often than the script has steps."""


def usage(input_tokens: int, output_tokens: int) -> Usage:
    """The usage a provider would report for one call."""
    return Usage(
        requests=1,
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        total_tokens=input_tokens + output_tokens,
    )


def assistant_message(text: str) -> ResponseOutputMessage:
    """The model says `text`."""
    content = ResponseOutputText(type="output_text", text=text, annotations=[])
    return ResponseOutputMessage(
        id="msg", type="message", role="assistant", status="completed", content=[content]
    )


def function_call(
    name: str, arguments: Mapping[str, Any] | str, *, call_id: str
) -> ResponseFunctionToolCall:
    """The model calls the tool (or handoff) `name` with `arguments`."""
    shown = (
        arguments
        if isinstance(arguments, str)
        else json.dumps(dict(arguments), separators=(",", ":"))
    )
    return ResponseFunctionToolCall(
        type="function_call", name=name, arguments=shown, call_id=call_id
    )


class ScriptedModel(Model):
    """Replies from a script; traced with a `response` span like the OpenAI Responses model."""

    def __init__(self, steps: Iterable[Step] = (), *, name: str = "scripted") -> None:
        self.steps = list(steps)
        """The replies not given yet, in order."""
        self.name = name
        """The model name the spans report."""
        self.calls = 0
        """How many times the model was called."""

    async def get_response(
        self,
        system_instructions: str | None,
        input: str | list[TResponseInputItem],
        model_settings: ModelSettings,
        tools: list[Any],
        output_schema: Any,
        handoffs: list[Any],
        tracing: ModelTracing,
        *,
        previous_response_id: str | None,
        conversation_id: str | None,
        prompt: Any,
    ) -> ModelResponse:
        with response_span(disabled=tracing.is_disabled()) as span:
            try:
                items, spent = self._next()
            except Exception as error:
                data = {"error": str(error)} if tracing.include_data() else {}
                span.set_error(SpanError(message="Error getting response", data=data))
                raise
            span.span_data.usage = {
                "input_tokens": spent.input_tokens,
                "output_tokens": spent.output_tokens,
            }
            if tracing.include_data():
                span.span_data.input = input
                span.span_data.response = self._response(items)
        return ModelResponse(output=items, usage=spent, response_id=f"resp-{self.calls}")

    async def stream_response(
        self,
        system_instructions: str | None,
        input: str | list[TResponseInputItem],
        model_settings: ModelSettings,
        tools: list[Any],
        output_schema: Any,
        handoffs: list[Any],
        tracing: ModelTracing,
        *,
        previous_response_id: str | None,
        conversation_id: str | None,
        prompt: Any,
    ) -> AsyncIterator[TResponseStreamEvent]:
        """The whole reply as one completed event (blame runs agents with `Runner.run`)."""
        items, _ = self._next()
        yield ResponseCompletedEvent(
            type="response.completed", response=self._response(items), sequence_number=0
        )

    def _next(self) -> tuple[list[Any], Usage]:
        self.calls += 1
        if not self.steps:
            raise ScriptExhausted(
                f"model {self.name!r} was called more than {self.calls - 1} time(s)"
            )
        step = self.steps.pop(0)
        if isinstance(step, BaseException):
            raise step
        if isinstance(step, Mapping):
            return list(step.get("output", ())), step.get("usage") or Usage()
        return list(step), Usage()

    def _response(self, items: list[Any]) -> Response:
        return Response(
            id=f"resp-{self.calls}",
            created_at=0,
            model=self.name,
            object="response",
            output=items,
            parallel_tool_calls=True,
            tool_choice="auto",
            tools=[],
        )
