"""Where a document of span rows keeps its rows and ids.

Shared by the OTLP importer (`blame.importers.otlp.rows`, which reads the rows) and
`blame.sources` (which groups them by trace id before any importer runs): importing the OTLP
importer to learn these few names would load all of it into every `blame analyze`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SPAN_ID_KEYS = ("span_id", "SpanId", "spanId")
"""A row's span id column, in the spellings stores use."""
TRACE_ID_KEYS = ("traceId", "trace_id", "TraceId")
"""A span's trace id, in an OTLP export's spelling or a span store's."""
RESOURCE_KEYS = ("resourceSpans", "resource_spans")
"""An OTLP export object's list of resources, in its JSON and protobuf spellings."""
SCOPE_KEYS = ("scopeSpans", "scope_spans", "instrumentationLibrarySpans")
"""A resource's list of scopes: the current spellings, and OTLP's before 0.15."""
LIST_KEYS = ("spans", "data")
"""An object's key that holds the rows (a dataset's trace; a store's JSON query output)."""


def listed_rows(document: Mapping[str, Any]) -> tuple[str | None, list[Any]] | None:
    """The rows a document holds, unchecked: (None, [document]) when it is a row itself,
    (key, its list) when it holds them in a `spans` or `data` list; None when it is an OTLP
    export object or neither."""
    if "resourceSpans" in document or "resource_spans" in document:
        return None
    if any(key in document for key in SPAN_ID_KEYS):
        return None, [document]
    for key in LIST_KEYS:
        rows = document.get(key)
        if isinstance(rows, list):
            return key, rows
    return None


def trace_id_of(span: Mapping[str, Any]) -> Any:
    """A span's trace id as written, or None."""
    for key in TRACE_ID_KEYS:
        if key in span:
            return span[key]
    return None
