"""An offline model for tests and examples: scripted replies, traced like OpenAI's own model.

The SDK's `agents.testing.ScriptedModel` replies from a script but its spans carry no input or
output. `ScriptedModel` here wraps each reply in a `response` span holding the input the model
was given and a `Response` with its output items, as the SDK's OpenAI Responses model does when
a run includes sensitive data, so an agent built on it is traced exactly as a real one is, with
no API key and no network.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from agents.items import ModelResponse, TResponseInputItem
from agents.model_settings import ModelSettings
from agents.models.interface import ModelTracing
from agents.testing import ScriptedModel as SdkScriptedModel
from agents.testing.model import ModelScriptItem
from agents.tracing import SpanError, response_span
from agents.usage import Usage
from openai.types.responses import Response

__all__ = ["ScriptedModel", "usage"]


def usage(input_tokens: int, output_tokens: int) -> Usage:
    """The usage a provider would report for one call."""
    return Usage(
        requests=1,
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        total_tokens=input_tokens + output_tokens,
    )


class ScriptedModel(SdkScriptedModel):
    """The SDK's scripted model, traced with a `response` span like the OpenAI Responses model."""

    def __init__(self, steps: Iterable[ModelScriptItem] = (), *, name: str = "scripted") -> None:
        super().__init__(steps, emit_traces=False)
        self.name = name
        """The model name the spans report."""

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
                reply = await super().get_response(
                    system_instructions,
                    input,
                    model_settings,
                    tools,
                    output_schema,
                    handoffs,
                    tracing,
                    previous_response_id=previous_response_id,
                    conversation_id=conversation_id,
                    prompt=prompt,
                )
            except Exception as error:
                data = {"error": str(error)} if tracing.include_data() else {}
                span.set_error(SpanError(message="Error getting response", data=data))
                raise
            span.span_data.usage = {
                "input_tokens": reply.usage.input_tokens,
                "output_tokens": reply.usage.output_tokens,
            }
            if tracing.include_data():
                span.span_data.input = input
                span.span_data.response = Response(
                    id=reply.response_id or "scripted",
                    created_at=0,
                    model=self.name,
                    object="response",
                    output=list(reply.output),
                    parallel_tool_calls=True,
                    tool_choice="auto",
                    tools=[],
                )
        return reply
