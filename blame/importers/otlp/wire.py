"""The OTLP JSON wire format: export documents, spans, attributes and the span tree.

Input: one `{"resourceSpans": [...]}` object (as `ExportTraceServiceRequest` is written in
JSON), a list of them, or JSON Lines with one per line (what the collector's file exporter
writes). Both the OTLP/JSON mapping (hex ids, integer enums) and protobuf's generic JSON
mapping (base64 ids, enum names, snake_case fields) are read. A truncated or garbled line in
a JSON Lines file is skipped with a warning; a garbled single document is an error. Span
status ERROR makes a failed step (the `exception` event, else the status message). Parent
ids that name no exported span make roots; parent ids that form a cycle are cut.

A span id is unique only within its trace (a span is `(trace id, span id)`): two traces in
one file may reuse ids (deterministic id generators, test fixtures, two exports joined), so
duplicates, parents and links are looked up within the span's trace (`ByTrace`). A span with
no trace id matches its id in any trace, as a file without trace ids is one trace.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from blame.errors import TraceError
from blame.fields import type_name
from blame.importers.common import parse_json
from blame.spanrows import RESOURCE_KEYS, SCOPE_KEYS
from blame.text import brief

MAX_ERROR_CHARS = 500
"""A step's error text is cut to this length (status messages may hold whole tracebacks)."""
MAX_WARNINGS = 50
"""At most this many warnings are kept; the rest are counted."""
_STATUS_ERROR = {"2", "STATUS_CODE_ERROR", "ERROR"}
"""A status code that means ERROR, upper-cased: OTLP's 2 or its enum name, and the bare
name exporters and span stores write in any case (`ERROR`, `Error`)."""

V = TypeVar("V")


@dataclass(slots=True)
class Span:
    """One span as read from the file (mutable while the tree is repaired)."""

    pos: int
    span_id: str
    parent_id: str | None
    trace_id: str
    name: str
    start: int | None
    end: int | None
    attrs: dict[str, Any]
    events: list[tuple[str, dict[str, Any]]]
    error: str | None
    service: str
    children: list[int] = field(default_factory=list)
    parent: int | None = None
    """The pos of the span it is under, once `link_tree` found it (None for a root)."""
    depth: int = 0
    done: int | None = None
    """When the span had certainly ended, for ordering: its end; without one, the latest
    `done` of the spans inside it (it cannot have ended before them), else its start. Set by
    `link_tree`; latency still reads `end` only."""


class ByTrace(Generic[V]):
    """Values by id within a trace: ids of spans, tool calls and graph nodes are unique only
    within their trace. An id with no trace id (the exporter wrote none) matches the id in any
    trace; one with a trace id matches it in its own trace or with no trace id."""

    def __init__(self) -> None:
        self._exact: dict[tuple[str, str], V] = {}
        self._any: dict[str, V] = {}

    def put(self, trace_id: str, key: str, value: V, *, replace: bool = True) -> None:
        """Keep `value` for `key` in the trace; `replace=False` keeps the first one given."""
        if replace or (trace_id, key) not in self._exact:
            self._exact[(trace_id, key)] = value
        if replace or key not in self._any:
            self._any[key] = value

    def get(self, trace_id: str, key: str) -> V | None:
        found = self._exact.get((trace_id, key))
        if found is not None:
            return found
        return self._any.get(key) if not trace_id else self._exact.get(("", key))


class Warnings:
    """The import's warnings, capped at MAX_WARNINGS (a huge garbled file stays readable)."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self.dropped = 0

    def add(self, text: str) -> None:
        if len(self.items) < MAX_WARNINGS:
            self.items.append(text)
        else:
            self.dropped += 1

    def result(self) -> list[str]:
        items = list(self.items)
        if self.dropped:
            items.append(f"{self.dropped} more warnings not shown")
        return items


# -- reading ---------------------------------------------------------------------------------


def read_documents(text: str, source: str, warnings: Warnings) -> list[Any]:
    stripped = text.strip()
    if not stripped:
        raise TraceError("the file is empty", hint="expected OTLP JSON with resourceSpans")
    lines = [line for line in stripped.splitlines() if line.strip()]
    json_lines = len(lines) > 1 and all(line.lstrip().startswith("{") for line in lines)
    if not json_lines:
        data = parse_json(stripped, source=source)
        return data if isinstance(data, list) else [data]
    documents: list[Any] = []
    bad: list[int] = []
    for number, line in enumerate(stripped.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            documents.append(parse_json(line, source=source, line=number))
        except TraceError:
            bad.append(number)
    if not documents:
        raise TraceError(
            f"no line holds valid JSON ({len(bad)} lines tried)",
            hint="expected OTLP JSON: one object with resourceSpans, or one per line",
        )
    for number in bad:
        warnings.add(f"line {number}: invalid JSON, skipped (truncated export?)")
    return documents


def first_of(data: Mapping[str, Any], *keys: str) -> Any:
    """The value of the first of `keys` that `data` holds and is not null: exporters and
    stores spell one field several ways."""
    for key in keys:
        value = data.get(key)
        if value is not None:
            return value
    return None


def collect_spans(documents: Sequence[Any], warnings: Warnings) -> list[Span]:
    spans: list[Span] = []
    seen: ByTrace[int] = ByTrace()
    found_resource_spans = False
    for d, document in enumerate(documents):
        where_doc = f"[{d}]" if len(documents) > 1 else ""
        if not isinstance(document, Mapping):
            raise TraceError(
                f"expected an object with resourceSpans, got {type_name(document)}",
                field=where_doc or "(top level)",
                hint="this does not look like an OTLP JSON export",
            )
        resource_spans = first_of(document, *RESOURCE_KEYS)
        if resource_spans is None:
            raise TraceError(
                "has no resourceSpans",
                field=where_doc or "(top level)",
                hint='expected OTLP JSON: {"resourceSpans": [{"scopeSpans": [{"spans": []}]}]}',
            )
        if not isinstance(resource_spans, list):
            raise TraceError(
                f"must be a list, got {type_name(resource_spans)}",
                field=f"{where_doc}resourceSpans",
            )
        found_resource_spans = True
        for r, resource_span in enumerate(resource_spans):
            where_r = f"{where_doc}resourceSpans[{r}]"
            if not isinstance(resource_span, Mapping):
                warnings.add(f"{where_r}: not an object, skipped")
                continue
            resource = resource_span.get("resource")
            resource_attrs = (
                attributes(resource.get("attributes"), f"{where_r}.resource", warnings)
                if isinstance(resource, Mapping)
                else {}
            )
            service = str(resource_attrs.get("service.name", ""))
            scopes = first_of(resource_span, *SCOPE_KEYS)
            if not isinstance(scopes, list):
                warnings.add(f"{where_r}.scopeSpans: missing or not a list, skipped")
                continue
            for s, scope in enumerate(scopes):
                where_s = f"{where_r}.scopeSpans[{s}]"
                raw_spans = scope.get("spans") if isinstance(scope, Mapping) else None
                if not isinstance(raw_spans, list):
                    warnings.add(f"{where_s}.spans: missing or not a list, skipped")
                    continue
                for i, raw in enumerate(raw_spans):
                    span = _span(raw, f"{where_s}.spans[{i}]", len(spans), service, warnings)
                    if span is not None:
                        keep_first(span, spans, seen, warnings)
    if not found_resource_spans:
        raise TraceError("holds no OTLP export objects", hint="expected resourceSpans")
    if not spans:
        raise no_spans("resourceSpans")
    return spans


def keep_first(span: Span, spans: list[Span], seen: ByTrace[int], warnings: Warnings) -> None:
    """Add the span unless a span of its id in its trace came first (an exporter's retry),
    which is kept, with a warning. The same id in another trace is another span. A span of
    that id that says something else (another output, an error, other times: a second run
    without trace ids, an edited file) is no retry: keeping either would judge the run on
    half of what it recorded (a failed run passed on the first's answer), so it is refused."""
    first = seen.get(span.trace_id, span.span_id)
    if first is not None:
        if not _alike(spans[first], span):
            raise TraceError(
                f"span {span.span_id} appears twice with different content (they differ in: "
                + ", ".join(_differ(spans[first], span))
                + ")",
                field=f"trace {span.trace_id}" if span.trace_id else "spans",
                hint="an exporter's retry repeats a span unchanged; export each run with its "
                "own trace id, or keep one of the two spans",
            )
        warnings.add(f"span {span.span_id}: duplicate span id, kept the first")
        return
    seen.put(span.trace_id, span.span_id, span.pos, replace=False)
    spans.append(span)


_CONTENT = ("parent_id", "name", "start", "end", "attrs", "events", "error", "service")
"""What a retried span repeats unchanged: all it recorded (its position in the file aside)."""


def _differ(a: Span, b: Span) -> list[str]:
    """The fields of `_CONTENT` two spans of one id record differently."""
    return [name for name in _CONTENT if not _same(getattr(a, name), getattr(b, name))]


def _alike(a: Span, b: Span) -> bool:
    return not _differ(a, b)


def _same(a: Any, b: Any) -> bool:
    """Equal, a NaN read twice (each read is another float object) counting as equal."""
    if a == b:
        return True
    try:
        return type(a) is type(b) and repr(a) == repr(b)
    except ValueError:  # repr() of an integer past Python's digit limit
        return False


def no_spans(field: str) -> TraceError:
    """The error of a file whose `field` holds no span."""
    return TraceError(
        "holds no spans",
        field=field,
        hint="export the trace after the run finished (spans are written when they end)",
    )


def _span(raw: Any, where: str, pos: int, service: str, warnings: Warnings) -> Span | None:
    if not isinstance(raw, Mapping):
        warnings.add(f"{where}: not an object, skipped")
        return None
    span_id = first_of(raw, "spanId", "span_id")
    if not isinstance(span_id, str) or not span_id:
        warnings.add(f"{where}: no spanId; imported without links to other spans")
        span_id = f"(no id {pos})"
    parent = first_of(raw, "parentSpanId", "parent_span_id")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        warnings.add(f"{where}: span {span_id} has no name")
        name = ""
    attrs = attributes(raw.get("attributes"), where, warnings)
    events: list[tuple[str, dict[str, Any]]] = []
    raw_events = raw.get("events")
    if isinstance(raw_events, list):
        for e, event in enumerate(raw_events):
            if isinstance(event, Mapping):
                events.append(
                    (
                        str(event.get("name", "")),
                        attributes(event.get("attributes"), f"{where}.events[{e}]", warnings),
                    )
                )
    given = first_of(raw, "startTimeUnixNano", "start_time_unix_nano")
    start = nanos(given)
    said_unread(given, start, "startTimeUnixNano", span_id, warnings)
    given = first_of(raw, "endTimeUnixNano", "end_time_unix_nano")
    end = nanos(given)
    said_unread(given, end, "endTimeUnixNano", span_id, warnings)
    return Span(
        pos=pos,
        span_id=span_id,
        parent_id=parent if isinstance(parent, str) and parent else None,
        trace_id=str(first_of(raw, "traceId", "trace_id") or ""),
        name=name.strip(),
        start=start,
        end=end_after(start, end, span_id, warnings),
        attrs=attrs,
        events=events,
        error=status_error(raw.get("status"), events, attrs),
        service=service,
    )


def end_after(start: int | None, end: int | None, span_id: str, warnings: Warnings) -> int | None:
    """`end`; None, with a warning, for a span that ends before it starts (a clock set back
    in the process that recorded it). Refusing the whole trace for it would hide every other
    span; as a time it would put the span first in the steps' order and its latency below 0.
    Without an end the step has no latency (max_latency leaves it out), and its time stays
    in its parent's own time."""
    if start is None or end is None or end >= start:
        return end
    warnings.add(
        f"span {span_id} ends {(start - end) / 1e6:g} ms before it starts; imported without "
        "an end time or latency"
    )
    return None


NANOS_LIMIT = 1 << 64
"""OTLP times are unsigned 64-bit nanoseconds: a value at or past this is no time (a
400-digit one overflowed the float of a latency, a 5,000-digit one `int()` itself)."""


def said_unread(value: Any, read: int | None, field: str, span_id: str, warnings: Warnings) -> None:
    """A time given that could not be read is said: the span is then imported without it, and
    its place in the steps' order (and so which step gave the final output) is a guess."""
    if read is None and value is not None and value != "":
        shown = brief(value, 60)  # repr() of a 5,000-digit integer raises
        warnings.add(f"span {span_id}: {field} {shown} is not a time; imported without it")


def nanos(value: Any) -> int | None:
    """Nanoseconds from an integer or a string of digits; anything else, or a value outside
    OTLP's unsigned 64 bits, is None (no time)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 20:
        value = int(value)
    if isinstance(value, int) and 0 <= value < NANOS_LIMIT:
        return value
    return None


def status_error(
    status: Any, events: Sequence[tuple[str, Mapping[str, Any]]], attrs: Mapping[str, Any]
) -> str | None:
    """The error of a span with status ERROR: its exception, else its status message."""
    if not isinstance(status, Mapping) or str(status.get("code")).upper() not in _STATUS_ERROR:
        return None
    for name, event_attrs in events:
        if name == "exception":
            kind = str(event_attrs.get("exception.type", "") or "")
            text = str(event_attrs.get("exception.message", "") or "")
            joined = f"{kind}: {text}" if kind and text else kind or text
            if joined:
                return joined[:MAX_ERROR_CHARS]
    message = status.get("message")
    if isinstance(message, str) and message.strip():
        lines = [line.strip() for line in message.strip().splitlines() if line.strip()]
        return lines[-1][:MAX_ERROR_CHARS]
    error_type = attrs.get("error.type")
    return str(error_type)[:MAX_ERROR_CHARS] if error_type else "error"


def attributes(raw: Any, where: str, warnings: Warnings) -> dict[str, Any]:
    if raw is None:
        return {}
    if isinstance(raw, Mapping):  # already a plain mapping (some exporters flatten)
        return {str(k): v for k, v in raw.items()}
    if not isinstance(raw, list):
        warnings.add(f"{where}.attributes: not a list, ignored")
        return {}
    found: dict[str, Any] = {}
    for item in raw:
        if isinstance(item, Mapping) and isinstance(item.get("key"), str):
            found[item["key"]] = _any_value(item.get("value"))
    return found


def _any_value(value: Any) -> Any:
    """An OTLP AnyValue as a plain value (JSON parsing already bounds its nesting)."""
    if not isinstance(value, Mapping):
        return value
    for key in ("stringValue", "string_value"):
        if key in value:
            return value[key]
    for key in ("intValue", "int_value"):
        if key in value:
            return int_value(value[key])
    for key in ("doubleValue", "double_value", "boolValue", "bool_value"):
        if key in value:
            return value[key]
    for key in ("bytesValue", "bytes_value"):
        if key in value:
            return value[key]
    for key in ("arrayValue", "array_value"):
        if key in value:
            inner = value[key]
            items = inner.get("values", []) if isinstance(inner, Mapping) else []
            return [_any_value(v) for v in items] if isinstance(items, list) else []
    for key in ("kvlistValue", "kvlist_value"):
        if key in value:
            inner = value[key]
            items = inner.get("values", []) if isinstance(inner, Mapping) else []
            return {
                str(kv.get("key")): _any_value(kv.get("value"))
                for kv in (items if isinstance(items, list) else [])
                if isinstance(kv, Mapping)
            }
    return None


def int_value(number: Any) -> Any:
    """An OTLP intValue as an integer (the JSON mapping writes int64 as text); what is no
    integer is kept as written, for the field reading it to refuse or pass over. `int()` of
    the `Infinity` or `1e400` Python's JSON reads as a float raised `OverflowError`, and the
    import ended as "the 'otlp' importer failed"."""
    if isinstance(number, bool):
        return number
    if isinstance(number, float):
        return int(number) if math.isfinite(number) and number.is_integer() else number
    try:
        return int(number)
    except (TypeError, ValueError):  # text that is no integer, or past Python's digit limit
        return number


# -- the span tree ---------------------------------------------------------------------------


def link_tree(spans: list[Span], warnings: Warnings) -> list[int]:
    """Children lists and depths; unknown parents become roots, cycles are cut. Returns roots."""
    index: ByTrace[int] = ByTrace()
    for span in spans:
        index.put(span.trace_id, span.span_id, span.pos, replace=False)
    for span in spans:
        if span.parent_id is not None:
            # None: the parent was not exported (another file, sampled out)
            span.parent = index.get(span.trace_id, span.parent_id)
        if span.parent is not None:
            spans[span.parent].children.append(span.pos)
    roots = [span.pos for span in spans if span.parent is None]
    reached = _walk(spans, roots)
    for span in spans:
        if span.pos in reached:
            continue
        # Unreached: it hangs below a cycle. Walk up to the cycle and cut it there.
        on_path: set[int] = set()
        current = span
        while current.pos not in on_path and current.parent is not None:
            on_path.add(current.pos)
            current = spans[current.parent]
        warnings.add(
            f"span {current.span_id} ({current.name or 'unnamed'}): parent ids form a cycle; "
            "treated as a root"
        )
        if current.parent is not None:
            spans[current.parent].children.remove(current.pos)
        current.parent = None
        roots.append(current.pos)
        reached |= _walk(spans, [current.pos])
    for span in reversed(list(preorder(spans, roots))):  # the spans inside a span first
        _set_done(spans, span)
    return roots


def _set_done(spans: Sequence[Span], span: Span) -> None:
    """`span.done`, its children's already set. A span without an end ordered by its start
    came before the work inside it: an agent before its own LLM calls and tools, its output
    before the tool result it was made from."""
    if span.end is not None:
        span.done = span.end
        return
    inside = [spans[child].done for child in span.children]
    known = [time for time in (span.start, *inside) if time is not None]
    span.done = max(known, default=None)


def _walk(spans: Sequence[Span], roots: Iterable[int]) -> set[int]:
    reached: set[int] = set()
    stack = [(root, 0) for root in roots]
    while stack:
        pos, depth = stack.pop()
        if pos in reached:
            continue
        reached.add(pos)
        spans[pos].depth = depth
        stack.extend((child, depth + 1) for child in spans[pos].children)
    return reached


def preorder(spans: Sequence[Span], roots: Sequence[int]) -> Iterator[Span]:
    stack = list(reversed(roots))
    while stack:
        span = spans[stack.pop()]
        yield span
        stack.extend(reversed(span.children))
