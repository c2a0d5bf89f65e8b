"""Span rows, as span stores keep and export them: the same steps as the OTLP export of the
same spans, recorded by the real OpenTelemetry SDK."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.trace import StatusCode

from blame.errors import TraceError
from blame.importers import load_trace
from blame.importers.chat import ChatImporter
from blame.importers.otlp import importer, rows
from blame.model import Trace
from tests.otlp_fixtures import CountedIds, Recorder, genai_two_agents, otlp_dict, write_otlp


def smolagents_like(rec: Recorder) -> None:
    """A manager agent whose step calls a model, then a search agent whose tool fails; the
    manager's next model call reads the failure and answers anyway (OpenInference kinds)."""
    with rec.span(
        "CodeAgent.run",
        {"openinference.span.kind": "AGENT", "input.value": "Population of Lyon?"},
    ) as run:
        with rec.span("Step 1", {"openinference.span.kind": "CHAIN"}):
            with rec.span(
                "LiteLLMModel.__call__",
                {
                    "openinference.span.kind": "LLM",
                    "input.value": "Population of Lyon?",
                    "output.value": "search_agent(task='population of Lyon')",
                },
            ):
                pass
            with rec.span(
                "ToolCallingAgent.run",
                {"openinference.span.kind": "AGENT", "input.value": "population of Lyon"},
            ) as agent:
                with rec.span(
                    "web_search",
                    {"openinference.span.kind": "TOOL", "input.value": '{"query": "Lyon"}'},
                ) as tool:
                    rec.fail(tool, TimeoutError("search timed out"))
                agent.set_attribute("output.value", "The search timed out.")
        with (
            rec.span("Step 2", {"openinference.span.kind": "CHAIN"}),
            rec.span(
                "LiteLLMModel.__call__",
                {
                    "openinference.span.kind": "LLM",
                    "input.value": "The search timed out.",
                    "output.value": "final_answer('About 500,000')",
                },
            ),
        ):
            pass
        run.set_attribute("output.value", "About 500,000")


FIXTURES: dict[str, Callable[[Recorder], None]] = {
    "gen_ai": genai_two_agents,
    "openinference": smolagents_like,
}


def _hex(number: int, width: int) -> str:
    return format(number, f"0{width}x")


def _iso(nanos: int) -> str:
    seconds, fraction = divmod(nanos, 1_000_000_000)
    moment = datetime.fromtimestamp(seconds, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
    return f"{moment}.{fraction:09d}Z"


def _period(nanos: int) -> str:
    minutes, rest = divmod(nanos, 60 * 1_000_000_000)
    return f"PT{minutes}M{rest / 1e9:.9f}S" if minutes else f"PT{rest / 1e9:.9f}S"


def _snake(span: ReadableSpan) -> dict[str, Any]:
    """A row as trace datasets exported from span stores write it."""
    assert span.start_time is not None and span.end_time is not None
    parent = span.parent
    return {
        "timestamp": _iso(span.start_time),
        "trace_id": _hex(span.context.trace_id, 32),
        "span_id": _hex(span.context.span_id, 16),
        "parent_span_id": "" if parent is None else _hex(parent.span_id, 16),
        "span_name": span.name,
        "span_kind": "Internal",
        "service_name": "pipeline",
        "resource_attributes": {"service.name": "pipeline"},
        "span_attributes": dict(span.attributes or {}),
        "duration": _period(span.end_time - span.start_time),
        "status_code": "Error" if span.status.status_code is StatusCode.ERROR else "Unset",
        "status_message": span.status.description or "",
        "events": [
            {"Timestamp": _iso(e.timestamp), "Name": e.name, "Attributes": dict(e.attributes or {})}
            for e in span.events
        ],
    }


def _pascal(span: ReadableSpan) -> dict[str, Any]:
    """A row as ClickHouse's OpenTelemetry exporter stores it (JSONEachRow): nanosecond
    duration, events as parallel columns."""
    assert span.start_time is not None and span.end_time is not None
    parent = span.parent
    return {
        "Timestamp": _iso(span.start_time).replace("T", " ").rstrip("Z"),
        "TraceId": _hex(span.context.trace_id, 32),
        "SpanId": _hex(span.context.span_id, 16),
        "ParentSpanId": "" if parent is None else _hex(parent.span_id, 16),
        "SpanName": span.name,
        "ServiceName": "pipeline",
        "SpanAttributes": {k: str(v) for k, v in (span.attributes or {}).items()},
        "Duration": span.end_time - span.start_time,
        "StatusCode": "STATUS_CODE_ERROR" if span.status.status_code is StatusCode.ERROR else "",
        "StatusMessage": span.status.description or "",
        "Events.Name": [e.name for e in span.events],
        "Events.Attributes": [
            {k: str(v) for k, v in (e.attributes or {}).items()} for e in span.events
        ],
    }


def _nested(spans: Sequence[ReadableSpan]) -> dict[str, Any]:
    """One trace with each span's children nested in `child_spans`, children without parent
    ids (the nesting says it)."""
    made = {span.context.span_id: {**_snake(span), "child_spans": []} for span in spans}
    roots = []
    for span in sorted(spans, key=lambda s: s.start_time or 0):
        row = made[span.context.span_id]
        if span.parent is None:
            roots.append(row)
        else:
            del row["parent_span_id"]
            made[span.parent.span_id]["child_spans"].append(row)
    return {"trace_id": roots[0]["trace_id"], "spans": roots}


def _write(path: Path, layout: str, spans: Sequence[ReadableSpan]) -> Path:
    if layout == "nested":
        text = json.dumps(_nested(spans), indent=2)
    elif layout == "list":
        text = json.dumps([_snake(s) for s in spans])
    else:  # one row per line, as ClickHouse writes JSONEachRow
        text = "".join(json.dumps(_pascal(s)) + "\n" for s in spans)
    path.write_text(text, encoding="utf-8")
    return path


def _steps(trace: Trace) -> list[tuple[Any, ...]]:
    return [
        (s.kind, s.name, s.agent, s.parents, s.input, s.output, s.error, s.latency_ms)
        for s in trace.steps
    ]


@pytest.mark.parametrize("layout", ["nested", "list", "clickhouse"])
@pytest.mark.parametrize("fixture", sorted(FIXTURES))
def test_rows_give_the_steps_of_the_otlp_export(tmp_path: Path, fixture: str, layout: str) -> None:
    rec = Recorder()
    FIXTURES[fixture](rec)
    spans = rec.spans()
    exported = load_trace(write_otlp(tmp_path / "otlp.json", otlp_dict(spans)), test_name="run")
    stored = load_trace(_write(tmp_path / "rows.json", layout, spans), test_name="run")
    assert _steps(stored) == _steps(exported)
    assert (stored.input, stored.final_output) == (exported.input, exported.final_output)
    assert stored.metadata["conventions"] == exported.metadata["conventions"]


def _nested_top_ids(spans: Sequence[ReadableSpan]) -> dict[str, Any]:
    """`_nested`, with trace ids on the top rows only (the nesting says the rest)."""
    tree = _nested(spans)
    pending = [child for row in tree["spans"] for child in row["child_spans"]]
    while pending:
        row = pending.pop()
        del row["trace_id"]
        pending.extend(row["child_spans"])
    return tree


TWO_TRACE_ROWS: dict[str, Callable[[Sequence[ReadableSpan], Sequence[ReadableSpan]], str]] = {
    "nested": lambda a, b: json.dumps([_nested(a), _nested(b)]),
    "nested, trace ids on top rows only": lambda a, b: json.dumps(
        [_nested_top_ids(a), _nested_top_ids(b)]
    ),
    "list": lambda a, b: json.dumps([_snake(s) for s in (*a, *b)]),
    "clickhouse": lambda a, b: "".join(json.dumps(_pascal(s)) + "\n" for s in (*a, *b)),
}


@pytest.mark.parametrize("layout", list(TWO_TRACE_ROWS))
@pytest.mark.parametrize("fixture", sorted(FIXTURES))
def test_rows_of_two_traces_that_reuse_span_ids_give_both(
    tmp_path: Path, fixture: str, layout: str
) -> None:
    runs = []
    for trace_id, start in ((0xA1, 1_700_000_000_000_000_000), (0xB2, 1_800_000_000_000_000_000)):
        rec = Recorder(clock=itertools.count(start, 1_000_000), ids=CountedIds(trace_id))
        FIXTURES[fixture](rec)  # span ids counted from 1 in each run
        runs.append(rec.spans())
    a, b = runs
    path = tmp_path / "rows.json"
    path.write_text(TWO_TRACE_ROWS[layout](a, b), encoding="utf-8")
    both = load_trace(path, test_name="run")
    first, then = (
        load_trace(write_otlp(tmp_path / f"{n}.json", otlp_dict(spans)), test_name="run")
        for n, spans in (("a", a), ("b", b))
    )
    assert [s[:3] + s[4:] for s in _steps(both)] == [
        s[:3] + s[4:] for s in _steps(first) + _steps(then)
    ]  # all but parents: the second run's first step is handed the first run's last
    assert both.final_output == then.final_output
    assert not any("duplicate span id" in w for w in both.metadata["warnings"])


def test_a_failed_tool_row_is_a_failed_step(tmp_path: Path) -> None:
    rec = Recorder()
    smolagents_like(rec)
    trace = load_trace(_write(tmp_path / "rows.jsonl", "clickhouse", rec.spans()), test_name="run")
    failed = [(s.name, s.error) for s in trace.steps if s.error]
    assert failed == [("web_search", "TimeoutError: search timed out")]


def test_a_rows_cost_and_tokens_written_as_text_are_read(tmp_path: Path) -> None:
    """A span store keeps every attribute as text: the cost was left out, and a $5 run passed
    `max_cost: {usd: 1}` as "no cost recorded"."""
    attributes = {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": "Writer",
        "gen_ai.usage.cost": "5.0",
        "gen_ai.usage.input_tokens": "120",
        "gen_ai.usage.output_tokens": "30",
    }
    row = {"TraceId": "t1", "SpanId": "w", "SpanName": "invoke_agent Writer", "Duration": 1000,
           "Timestamp": "2026-12-01 12:00:00", "SpanAttributes": attributes}  # fmt: skip
    path = tmp_path / "rows.jsonl"
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    step = load_trace(path, test_name="run").steps[0]
    assert (step.cost_usd, step.tokens) == (5.0, 150)


@pytest.mark.parametrize(
    ("text", "nanos"),
    [
        ("2025-03-19T16:45:33Z", 1742402733 * 10**9),
        ("2025-03-19T16:45:33.5Z", 1742402733 * 10**9 + 500_000_000),
        ("2025-03-19 16:45:33.123456789", 1742402733 * 10**9 + 123_456_789),
        ("2025-03-19T18:45:33+02:00", 1742402733 * 10**9),
        ("2025-03-19T11:15:33-0530", 1742402733 * 10**9),
        (1742402733 * 10**9, 1742402733 * 10**9),
        (str(1742402733 * 10**9), 1742402733 * 10**9),
        ("yesterday", None),
        ("2025-13-19T16:45:33Z", None),
        ("0000-01-01T00:00:00Z", None),
        (17.5, None),
        (None, None),
        (2**64, None),  # past OTLP's unsigned 64 bits
        ("9" * 5000, None),  # past what int() reads
    ],
)
def test_times(text: Any, nanos: int | None) -> None:
    row = {"span_id": "a", "span_name": "x", "timestamp": text, "duration": 1000}
    warnings = rows.Warnings()
    span = rows.collect_rows([row], warnings)[0]
    assert span.start == nanos
    assert span.end == (None if nanos is None else nanos + 1000)
    # a time given and not read is said: the span's place in the order is then a guess
    unread = [w for w in warnings.items if "span a: start time" in w and "is not a time" in w]
    assert len(unread) == (nanos is None and text is not None)


@pytest.mark.parametrize(
    ("duration", "nanos"),
    [
        ("PT1M37.311336S", 97_311_336_000),
        ("PT0.001S", 1_000_000),
        ("P1DT1H", 90_000 * 10**9),
        (2_500, 2_500),
        ("2500", 2_500),
        ("PT", None),
        ("P", None),
        ("soon", None),
        (True, None),
        ("P" + "9" * 400 + "D", None),  # a float infinity: round() raised
        ("P99999999999999D", None),  # past 64 bits of nanoseconds
        (10**30, None),
    ],
)
def test_durations(duration: Any, nanos: int | None) -> None:
    row = {"span_id": "a", "span_name": "x", "timestamp": 0, "duration": duration}
    warnings = rows.Warnings()
    assert rows.collect_rows([row], warnings)[0].end == nanos
    unread = [w for w in warnings.items if "span a: duration" in w and "is not a time" in w]
    assert len(unread) == (nanos is None)


def test_a_nested_row_without_a_parent_id_gets_the_row_it_is_nested_in() -> None:
    tree = {
        "spans": [
            {
                "span_id": "root",
                "span_name": "run",
                "child_spans": [
                    {"span_id": "kid", "span_name": "call", "child_spans": [
                        {"span_id": "grandkid", "span_name": "tool"}
                    ]},
                    {"span_id": "other", "span_name": "call", "parent_span_id": "root"},
                ],
            }
        ]
    }  # fmt: skip
    spans = rows.collect_rows([tree], rows.Warnings())
    assert [(s.span_id, s.parent_id) for s in spans] == [
        ("root", None),
        ("kid", "root"),
        ("grandkid", "kid"),
        ("other", "root"),
    ]


def test_a_row_sent_twice_is_kept_once_with_a_warning() -> None:
    warnings = rows.Warnings()
    row = {"span_id": "a", "span_name": "one"}
    spans = rows.collect_rows([row, dict(row)], warnings)
    assert [s.name for s in spans] == ["one"]
    assert warnings.result() == ["span a: duplicate span id, kept the first"]


def test_two_rows_of_one_id_that_differ_are_refused() -> None:
    with pytest.raises(TraceError, match=r"span a appears twice .*differ in: name\)"):
        rows.collect_rows(
            [{"span_id": "a", "span_name": "one"}, {"span_id": "a", "span_name": "two"}],
            rows.Warnings(),
        )


def test_a_row_that_ends_before_it_starts_has_no_end_and_warns() -> None:
    warnings = rows.Warnings()
    row = {
        "span_id": "a",
        "span_name": "one",
        "timestamp": 2_000_000_000,
        "end_time": 1_500_000_000,
    }
    [span] = rows.collect_rows([row], warnings)
    assert (span.start, span.end) == (2_000_000_000, None)
    assert warnings.result() == [
        "span a ends 500 ms before it starts; imported without an end time or latency"
    ]


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ('{"spans": []}', "holds no spans"),
        ('{"spans": [1, 2]}', "holds no spans"),
        ('{"span_attributes": {}, "other": 1}', "expected a span row (with span_id)"),
    ],
)
def test_rows_that_are_not_spans_are_one_clear_error(
    tmp_path: Path, content: str, said: str
) -> None:
    path = tmp_path / "rows.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(TraceError) as raised:
        load_trace(path, test_name="run", format="otlp")
    assert said in str(raised.value)
    assert str(path) in str(raised.value)


def test_a_file_of_rows_is_recognised_as_otlp_not_as_a_chat() -> None:
    row = '{"span_id": "a", "span_name": "x", "span_attributes": {"content": "hi", "name": "n"}}'
    head = '{"spans": [' + row + "]}"

    assert importer.sniff(head)
    assert not ChatImporter().sniff(head)
