"""Where a document of span rows keeps its rows and ids (`blame.spanrows`)."""

from __future__ import annotations

from typing import Any

import pytest

from blame.spanrows import listed_rows, trace_id_of

ROW = {"SpanId": "a1", "TraceId": "t1", "SpanAttributes": {}}


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        (ROW, (None, [ROW])),  # a row itself (one JSON line of a store's export)
        ({"span_id": "a1", "spans": [1]}, (None, [{"span_id": "a1", "spans": [1]}])),
        ({"spans": [ROW, 3]}, ("spans", [ROW, 3])),  # unchecked: the reader says what is wrong
        ({"data": [ROW], "rows": 2}, ("data", [ROW])),  # a store's JSON query output
        ({"spans": {"not": "a list"}, "data": []}, ("data", [])),
        ({"resourceSpans": [], "spans": [ROW]}, None),  # an OTLP export object
        ({"resource_spans": []}, None),
        ({"name": "no rows here"}, None),
    ],
)
def test_listed_rows(document: dict[str, Any], expected: object) -> None:
    assert listed_rows(document) == expected


@pytest.mark.parametrize(
    ("span", "expected"),
    [
        ({"traceId": "t1"}, "t1"),  # OTLP JSON
        ({"trace_id": "t2"}, "t2"),  # snake_case datasets
        ({"TraceId": "t3"}, "t3"),  # ClickHouse's exporter
        ({"traceId": "t1", "TraceId": "t3"}, "t1"),
        ({"spanId": "s"}, None),
    ],
)
def test_trace_id_of(span: dict[str, Any], expected: object) -> None:
    assert trace_id_of(span) == expected
