"""Spans as rows: the flattened layout span stores keep and export.

A span store (ClickHouse's OpenTelemetry exporter, and the trace datasets exported from such
stores) keeps one row per span: its ids, name, start time and duration, status code and
message as columns, and its attributes as one flat mapping. Column names are PascalCase
(`SpanId`, `SpanAttributes`, `Duration` in nanoseconds) or snake_case (`span_id`,
`span_attributes`, `duration` as an ISO 8601 period such as `PT1M37.3S`); times are ISO 8601
text or integer nanoseconds. Exports that keep the tree nest each span's children in
`child_spans`; a child without a parent id gets the span it is nested in (and without a
trace id, its trace: span ids are unique only within a trace). Rows come one per
JSON line, as a list, or as an object's `spans` (or `data`) list. The rows then go through the
same conventions and linking as OTLP spans.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Mapping, Sequence
from typing import Any

from blame.errors import TraceError
from blame.fields import type_name
from blame.importers.otlp.wire import (
    NANOS_LIMIT,
    ByTrace,
    Span,
    Warnings,
    attributes,
    end_after,
    first_of,
    keep_first,
    nanos,
    no_spans,
    said_unread,
    status_error,
)
from blame.spanrows import LIST_KEYS, SPAN_ID_KEYS, listed_rows

_ROW_KEYS = ('"span_attributes"', '"SpanAttributes"')
"""Text that marks a file of span rows (the flat attributes column)."""
_TIME = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:[.,](\d{1,9}))?\s*"
    r"(Z|[+-]\d{2}:?\d{2})?"
)
_PERIOD = re.compile(
    r"P(?:(\d+(?:\.\d+)?)D)?T?(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?"
)


def looks_like_rows(head: str) -> bool:
    """The start of a file of span rows: JSON with a flat attributes column."""
    return head.lstrip().startswith(("{", "[")) and any(key in head for key in _ROW_KEYS)


def is_rows(documents: Sequence[Any]) -> bool:
    """Parsed documents that hold span rows rather than OTLP export objects."""
    first = documents[0] if documents else None
    if not isinstance(first, Mapping) or "resourceSpans" in first or "resource_spans" in first:
        return False
    if any(key in first for key in (*SPAN_ID_KEYS, "span_attributes", "SpanAttributes")):
        return True
    return any(isinstance(first.get(key), list) for key in LIST_KEYS)


def collect_rows(documents: Sequence[Any], warnings: Warnings) -> list[Span]:
    """Every span of the rows, nested ones after the row that holds them; ids kept unique."""
    spans: list[Span] = []
    seen: ByTrace[int] = ByTrace()
    # (row, where, the span it is nested in), depth first in file order; JSON parsing bounds
    # the depth of nesting
    pending: list[tuple[Any, str, Span | None]] = []
    for d, document in enumerate(reversed(documents)):
        at = len(documents) - 1 - d
        where = f"[{at}]" if len(documents) > 1 else ""
        rows = _rows_of(document, where)
        pending.extend((row, label, None) for label, row in reversed(rows))
    while pending:
        row, where, nested_in = pending.pop()
        span = _span(row, where, len(spans), nested_in, warnings)
        if span is None:
            continue
        children = row.get("child_spans") if isinstance(row, Mapping) else None
        if isinstance(children, list) and children:
            pending.extend(
                (child, f"{where}.child_spans[{c}]", span)
                for c, child in reversed(list(enumerate(children)))
            )
        keep_first(span, spans, seen, warnings)
    if not spans:
        raise no_spans("spans")
    return spans


def _rows_of(document: Any, where: str) -> list[tuple[str, Any]]:
    """(where, row) of each row a document holds: itself, or its `spans`/`data` list."""
    listed = listed_rows(document) if isinstance(document, Mapping) else None
    if listed is not None:
        key, rows = listed
        if key is None:
            return [(where, rows[0])]
        return [(f"{where}.{key}[{i}]" if where else f"{key}[{i}]", r) for i, r in enumerate(rows)]
    raise TraceError(
        f"expected a span row (with span_id) or an object with a spans list, got "
        f"{type_name(document)}",
        field=where or "(top level)",
        hint="span rows have span_id, span_name and span_attributes (or SpanId, SpanName, "
        "SpanAttributes); OTLP JSON has resourceSpans",
    )


def _span(
    row: Any, where: str, pos: int, nested_in: Span | None, warnings: Warnings
) -> Span | None:
    if not isinstance(row, Mapping):
        warnings.add(f"{where or 'row'}: not an object, skipped")
        return None
    span_id = first_of(row, *SPAN_ID_KEYS)
    if not isinstance(span_id, str) or not span_id:
        warnings.add(f"{where or 'row'}: no span_id; imported without links to other spans")
        span_id = f"(no id {pos})"
    parent = first_of(row, "parent_span_id", "ParentSpanId", "parentSpanId", "parent_id")
    parent_id = (
        parent
        if isinstance(parent, str) and parent
        else (None if nested_in is None else nested_in.span_id)
    )
    name = first_of(row, "span_name", "SpanName", "name")
    if not isinstance(name, str) or not name.strip():
        warnings.add(f"{where or 'row'}: span {span_id} has no name")
        name = ""
    attrs = attributes(first_of(row, "span_attributes", "SpanAttributes"), where, warnings)
    events = _events(row, where, warnings)
    given = first_of(row, "timestamp", "Timestamp", "start_time", "StartTime")
    start = _time(given)
    said_unread(given, start, "start time", span_id, warnings)
    given = first_of(row, "end_time", "EndTime")
    end = _time(given)
    said_unread(given, end, "end time", span_id, warnings)
    if end is None and start is not None:
        given = first_of(row, "duration", "Duration")
        took = _duration(given)
        said_unread(given, took, "duration", span_id, warnings)
        end = None if took is None else start + took
    code = first_of(row, "status_code", "StatusCode")
    message = first_of(row, "status_message", "StatusMessage")
    status = {"code": code, "message": message} if code is not None else None
    resource = attributes(
        first_of(row, "resource_attributes", "ResourceAttributes"), where, warnings
    )
    service = first_of(row, "service_name", "ServiceName") or resource.get("service.name", "")
    return Span(
        pos=pos,
        span_id=span_id,
        parent_id=parent_id,
        trace_id=str(
            first_of(row, "trace_id", "TraceId", "traceId")
            or (nested_in.trace_id if nested_in is not None else "")
        ),
        name=name.strip(),
        start=start,
        end=end_after(start, end, span_id, warnings),
        attrs=attrs,
        events=events,
        error=status_error(status, events, attrs),
        service=str(service),
    )


def _events(
    row: Mapping[str, Any], where: str, warnings: Warnings
) -> list[tuple[str, dict[str, Any]]]:
    """A row's events: a list of objects, or a store's parallel `Events.Name` and
    `Events.Attributes` columns."""
    found: list[tuple[str, dict[str, Any]]] = []
    listed = first_of(row, "events", "Events")
    if isinstance(listed, list):
        for e, event in enumerate(listed):
            if isinstance(event, Mapping):
                name = first_of(event, "name", "Name")
                raw = first_of(event, "attributes", "Attributes")
                found.append((str(name or ""), attributes(raw, f"{where}.events[{e}]", warnings)))
        return found
    names = row.get("Events.Name")
    values = row.get("Events.Attributes")
    if isinstance(names, list):
        values = values if isinstance(values, list) else []
        for e, name in enumerate(names):
            raw = values[e] if e < len(values) else None
            found.append((str(name), attributes(raw, f"{where}.Events[{e}]", warnings)))
    return found


def _time(value: Any) -> int | None:
    """Nanoseconds since the epoch, from integer nanoseconds or ISO 8601 text (UTC unless it
    says otherwise)."""
    whole = nanos(value)
    if whole is not None or not isinstance(value, str):
        return whole
    match = _TIME.fullmatch(value.strip())
    if match is None:
        return None
    year, month, day, hour, minute, second = (int(match.group(i)) for i in range(1, 7))
    if not (1 <= month <= 12 and 1 <= day <= 31 and hour <= 23 and minute <= 59 and second <= 60):
        return None
    try:
        seconds = calendar.timegm((year, month, day, hour, minute, second, 0, 0, 0))
    except (ValueError, OverflowError):  # year 0: before the calendar starts
        return None
    fraction = int((match.group(7) or "0").ljust(9, "0"))
    zone = match.group(8)
    if zone and zone != "Z":
        sign = -1 if zone[0] == "-" else 1
        digits = zone[1:].replace(":", "")
        seconds -= sign * (int(digits[:2]) * 3600 + int(digits[2:]) * 60)
    return seconds * 1_000_000_000 + fraction


def _duration(value: Any) -> int | None:
    """Nanoseconds, from integer nanoseconds or an ISO 8601 period (`PT1M37.311336S`)."""
    whole = nanos(value)
    if whole is not None or not isinstance(value, str):
        return whole
    text = value.strip()
    match = _PERIOD.fullmatch(text)
    if match is None or text in ("P", "PT") or not any(match.groups()):
        return None
    days, hours, minutes, seconds = (float(group or 0) for group in match.groups())
    took = (((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1_000_000_000
    return round(took) if took < NANOS_LIMIT else None  # inf, from 400 digits, cannot round
