"""OTLP JSON fixtures made by the real OpenTelemetry SDK and its real OTLP encoder.

Spans are recorded with `opentelemetry-sdk` into an in-memory exporter, encoded into an
`ExportTraceServiceRequest` by `opentelemetry-exporter-otlp-proto-common` (what the OTLP
exporters send), and written as JSON by protobuf's `json_format`. Two spellings exist in the
wild and both are produced: protobuf's generic mapping (base64 ids, enum names) and the
OTLP/JSON mapping the collector's file exporter writes (hex ids, integer enums).
"""

from __future__ import annotations

import base64
import itertools
import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.sdk.trace.id_generator import IdGenerator, RandomIdGenerator
from opentelemetry.trace import Span, Status, StatusCode, Tracer, set_span_in_context


class CountedIds(IdGenerator):
    """Span ids counted from 1 in one trace: a deterministic generator, as test suites and
    replays use, so two runs reuse the same span ids (only their trace ids differ)."""

    def __init__(self, trace_id: int) -> None:
        self.trace_id = trace_id
        self.next_span = itertools.count(1)

    def generate_span_id(self) -> int:
        return next(self.next_span)

    def generate_trace_id(self) -> int:
        return self.trace_id


@dataclass
class Recorder:
    """A tracer with a deterministic clock: every start and end is 1 ms after the last."""

    service: str = "pipeline"
    exporter: InMemorySpanExporter = field(default_factory=InMemorySpanExporter)
    clock: Iterator[int] = field(
        default_factory=lambda: itertools.count(1_700_000_000_000_000_000, 1_000_000)
    )
    ids: IdGenerator = field(default_factory=RandomIdGenerator)

    def __post_init__(self) -> None:
        self.provider = TracerProvider(
            resource=Resource.create({"service.name": self.service}), id_generator=self.ids
        )
        self.provider.add_span_processor(SimpleSpanProcessor(self.exporter))
        self.tracer: Tracer = self.provider.get_tracer("blame-tests")
        self._stack: list[Span] = []

    @contextmanager
    def span(self, name: str, attrs: Mapping[str, Any] | None = None) -> Iterator[Span]:
        """A child of the current span, started and ended on the fake clock."""
        context = set_span_in_context(self._stack[-1]) if self._stack else None
        span = self.tracer.start_span(
            name, context=context, attributes=dict(attrs or {}), start_time=next(self.clock)
        )
        self._stack.append(span)
        try:
            yield span
        finally:
            self._stack.pop()
            span.end(end_time=next(self.clock))

    def fail(self, span: Span, error: Exception) -> None:
        """Mark a span failed the way instrumentations do: exception event plus ERROR status."""
        span.record_exception(error, timestamp=next(self.clock))
        span.set_status(Status(StatusCode.ERROR, str(error)))

    def spans(self) -> Sequence[ReadableSpan]:
        return self.exporter.get_finished_spans()


def otlp_dict(spans: Sequence[ReadableSpan], *, otlp_json: bool = True) -> dict[str, Any]:
    """The export request as JSON: OTLP/JSON mapping (hex ids) or protobuf's (base64 ids)."""
    from google.protobuf import json_format
    from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans

    request = encode_spans(spans)
    data: dict[str, Any] = json_format.MessageToDict(request, use_integers_for_enums=otlp_json)
    if otlp_json:
        for resource_spans in data.get("resourceSpans", []):
            for scope_spans in resource_spans.get("scopeSpans", []):
                for span in scope_spans.get("spans", []):
                    for key in ("traceId", "spanId", "parentSpanId"):
                        if key in span:
                            span[key] = base64.b64decode(span[key]).hex()
    return data


def write_otlp(path: Path, *exports: Mapping[str, Any], lines: bool = False) -> Path:
    """One export as a JSON document, or several as JSON Lines."""
    if lines or len(exports) > 1:
        text = "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in exports)
    else:
        text = json.dumps(exports[0], indent=2)
    path.write_text(text, encoding="utf-8")
    return path


def genai_two_agents(rec: Recorder, *, content: bool = True) -> None:
    """A Researcher (one model call, one tool) hands off to a Writer who drops the fact.

    Spans come from `opentelemetry-util-genai`'s TelemetryHandler, the library OpenTelemetry's
    GenAI instrumentations use to emit the semantic conventions; message content is recorded
    only when capture is on, as in production.
    """
    from unittest import mock

    from opentelemetry.util.genai.handler import TelemetryHandler
    from opentelemetry.util.genai.types import (
        InputMessage,
        OutputMessage,
        TextPart,
        ToolCallRequestPart,
    )

    def said(text: str) -> list[InputMessage]:
        return [InputMessage(role="user", parts=[TextPart(content=text)])]

    def answered(text: str) -> list[OutputMessage]:
        return [
            OutputMessage(role="assistant", parts=[TextPart(content=text)], finish_reason="stop")
        ]

    mode = "SPAN_ONLY" if content else "NO_CONTENT"
    with mock.patch.dict(
        "os.environ", {"OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT": mode}
    ):
        handler = TelemetryHandler(tracer_provider=rec.provider)
        with handler.workflow("trip"):
            with handler.invoke_local_agent(agent_name="Researcher") as researcher:
                researcher.input_messages = said("What is the capital of France?")
                with handler.inference("openai", request_model="gpt-4o") as model:
                    model.input_messages = said("What is the capital of France?")
                    call = ToolCallRequestPart(
                        arguments={"q": "capital of France"}, name="search", id="call_1"
                    )
                    model.output_messages = [
                        OutputMessage(role="assistant", parts=[call], finish_reason="tool_calls")
                    ]
                    model.input_tokens, model.output_tokens = 30, 12
                with handler.tool("search", agent_name="Researcher") as search:
                    search.tool_call_id = "call_1"
                    search.arguments = {"q": "capital of France"}
                    search.tool_result = "Paris is the capital of France."
                researcher.output_messages = answered(
                    "Research notes: the capital of France is Paris."
                )
            with handler.invoke_local_agent(agent_name="Writer") as writer:
                writer.input_messages = said(
                    "Research notes: the capital of France is Paris. Write the answer."
                )
                with handler.inference("openai", request_model="gpt-4o") as model:
                    model.input_tokens, model.output_tokens = 40, 8
                writer.output_messages = answered("The capital is Lyon.")
