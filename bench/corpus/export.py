"""Spans from the real OpenTelemetry SDK, written as a collector's file exporter writes them.

Ids come from a counter, times are renumbered in order, and the memory addresses in objects'
default reprs (which instrumentors record, e.g. the tools offered to a model) and the random
UUIDs frameworks write (LangChain's message and run ids, LangGraph's checkpoint namespaces,
the SDK's service.instance.id) are numbered in order of appearance, so the same run gives the
same bytes: a corpus that is regenerated gives the same figures.
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import json
import re
from collections.abc import Iterator, Sequence
from typing import Any

from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.sdk.trace.id_generator import IdGenerator

EPOCH_NS = 1_767_225_600_000_000_000
"""2026-01-01T00:00:00Z: where renumbered times start."""


class CountingIds(IdGenerator):
    """Span and trace ids from a counter, so a regenerated corpus is byte-identical."""

    def __init__(self, seed: int) -> None:
        self._spans = itertools.count(seed * 1_000_000 + 1)
        self._traces = itertools.count(seed * 1_000_000 + 1)

    def generate_span_id(self) -> int:
        return next(self._spans)

    def generate_trace_id(self) -> int:
        return next(self._traces)


def provider(seed: int, service: str) -> tuple[TracerProvider, InMemorySpanExporter]:
    """A tracer provider that keeps finished spans in memory."""
    exporter = InMemorySpanExporter()
    tracer_provider = TracerProvider(
        resource=Resource.create({"service.name": service}), id_generator=CountingIds(seed)
    )
    tracer_provider.add_span_processor(SimpleSpanProcessor(exporter))
    return tracer_provider, exporter


@contextlib.contextmanager
def steady_clock() -> Iterator[None]:
    """`time.time()` reads a counter while a run is made: frameworks write it into their steps'
    records (smolagents' memory steps, which the instrumentor records as span inputs)."""
    import time
    from unittest import mock

    ticks = itertools.count()
    with mock.patch.object(time, "time", lambda: EPOCH_NS / 1e9 + next(ticks) / 1000):
        yield


def span_hex(span_id: int) -> str:
    """A span id as OTLP/JSON writes it."""
    return f"{span_id:016x}"


def otlp_json(spans: Sequence[ReadableSpan]) -> dict[str, Any]:
    """The export request in the OTLP/JSON mapping (hex ids, integer enums), times renumbered."""
    from google.protobuf import json_format
    from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans

    data: dict[str, Any] = json_format.MessageToDict(
        encode_spans(spans), use_integers_for_enums=True
    )
    raw = [
        span
        for resource_spans in data.get("resourceSpans", [])
        for scope_spans in resource_spans.get("scopeSpans", [])
        for span in scope_spans.get("spans", [])
    ]
    times = sorted(
        {int(span[key]) for span in raw for key in ("startTimeUnixNano", "endTimeUnixNano")}
        | {int(event["timeUnixNano"]) for span in raw for event in span.get("events", [])}
    )
    renumbered = {t: str(EPOCH_NS + i * 1_000_000) for i, t in enumerate(times)}
    for span in raw:
        for key in ("traceId", "spanId", "parentSpanId"):
            if span.get(key):
                span[key] = base64.b64decode(span[key]).hex()
        for key in ("startTimeUnixNano", "endTimeUnixNano"):
            span[key] = renumbered[int(span[key])]
        for event in span.get("events", []):
            event["timeUnixNano"] = renumbered[int(event["timeUnixNano"])]
    _own_roots(raw)
    return _stable_addresses(data)


def _own_roots(raw: list[dict[str, Any]]) -> None:
    """Make the run's top spans roots of a trace whose id they choose.

    Instrumentation that another run in the process left behind (OpenLLMetry's LangChain
    `uninstrument` keeps its callback-manager wrapper) opens non-recording spans around ours,
    under random ids: their parent and trace ids would change the bytes from run to run."""
    exported = {span["spanId"] for span in raw}
    foreign: dict[str, str] = {}
    for span in raw:
        parent = span.get("parentSpanId")
        if parent and parent not in exported:
            del span["parentSpanId"]
            foreign.setdefault(span["traceId"], span["spanId"].rjust(32, "0"))
    for span in raw:
        span["traceId"] = foreign.get(span["traceId"], span["traceId"])


ADDRESS = re.compile(r" object at 0x[0-9a-f]+")
"""How a default repr names an object's memory address."""
UUID = re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b")
"""A random UUID as frameworks write it."""


def _stable_addresses(data: dict[str, Any]) -> dict[str, Any]:
    addresses: dict[str, str] = {}
    uuids: dict[str, str] = {}

    def address(match: re.Match[str]) -> str:
        return addresses.setdefault(match.group(0), f" object at 0x{len(addresses) + 1:x}")

    def uuid(match: re.Match[str]) -> str:
        return uuids.setdefault(match.group(0), f"00000000-0000-4000-8000-{len(uuids) + 1:012x}")

    text = UUID.sub(uuid, ADDRESS.sub(address, json.dumps(data)))
    return json.loads(text)  # type: ignore[no-any-return]


def labels_by_call_order(
    spans: Sequence[ReadableSpan], calls: Sequence[tuple[str, bool]]
) -> list[tuple[str, str]]:
    """(span id, agent) of the faulty calls: the n-th model call is the n-th LLM span to start.

    For instrumentors that do not make their LLM span current while the model runs.
    """
    llm = sorted(
        (s for s in spans if (s.attributes or {}).get("openinference.span.kind") == "LLM"),
        key=lambda s: (s.start_time or 0, s.context.span_id if s.context else 0),
    )
    if len(llm) != len(calls):
        raise RuntimeError(f"{len(calls)} model calls but {len(llm)} LLM spans")
    return [
        (span_hex(s.context.span_id if s.context else 0), agent)
        for s, (agent, bad) in zip(llm, calls, strict=True)
        if bad
    ]
