"""OTLP JSON Lines read as a stream: a line is read as the OTLP importer reads a document."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from blame.otlplines import shape_problem, spans_of
from blame.sources import units

SPAN = {"traceId": "A", "spanId": "a0", "name": "invoke_agent W"}
SHAPE = '; an OTLP export line is {"resourceSpans": [{"scopeSpans": [{"spans": [...]}]}]}'


def export(spans: Any = (SPAN,), *, scopes: str = "scopeSpans") -> dict[str, Any]:
    listed = list(spans) if isinstance(spans, tuple) else spans
    return {"resourceSpans": [{scopes: [{"spans": listed}]}]}


@pytest.mark.parametrize(
    ("document", "problem"),
    [
        (export(), None),
        (export(scopes="scope_spans"), None),
        (export(scopes="instrumentationLibrarySpans"), None),
        ({"resourceSpans": [{}]}, None),  # no scopes: nothing of it is dropped
        ({"resourceSpans": "abc"}, "resourceSpans: must be a list, got a string"),
        ({"resourceSpans": None}, "resourceSpans: must be a list, got null"),
        ({"resourceSpans": {}}, "resourceSpans: must be a list, got an object"),
        ({"resourceSpans": [5]}, "resourceSpans[0]: must be an object, got a number"),
        (
            {"resourceSpans": [{"scopeSpans": True}]},
            "resourceSpans[0].scopeSpans: must be a list, got true or false",
        ),
        (export(spans=5), "resourceSpans[0].scopeSpans[0].spans: must be a list, got a number"),
        (export(spans={}), "resourceSpans[0].scopeSpans[0].spans: must be a list, got an object"),
        (
            export(spans=[SPAN, "x"]),
            "resourceSpans[0].scopeSpans[0].spans[1]: must be an object, got a string",
        ),
        ({"spans": [{"SpanId": "a0", "TraceId": "A"}]}, None),  # span rows
    ],
)
def test_a_line_whose_lists_are_not_lists_is_named(document: Any, problem: str | None) -> None:
    assert shape_problem(document) == (None if problem is None else problem + SHAPE)


def test_spans_are_read_under_every_spelling_of_scope_spans() -> None:
    document = export(scopes="instrumentationLibrarySpans")
    assert [span["spanId"] for span in spans_of(document)] == ["a0"]


def write(path: Path, *documents: Any) -> Path:
    path.write_text("".join(json.dumps(d) + "\n" for d in documents), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("documents", "expected"),
    [
        # each was read as no span at all: the file gave 0 tests, and the run passed
        ([{"resourceSpans": "abc"}], ["x.jsonl:1: resourceSpans: must be a list, got a string"]),
        (
            [{"resourceSpans": {"a": 1}}],
            ["x.jsonl:1: resourceSpans: must be a list, got an object"],
        ),
        (
            [export(spans={"a": 1})],
            ["x.jsonl:1: resourceSpans[0].scopeSpans[0].spans: must be a list, got an object"],
        ),
        ([{"resourceSpans": []}], ["x.jsonl: holds no spans"]),
        ([export(spans=[]), export(spans=None)], ["x.jsonl: holds no spans"]),
        # a number crashed the run (`'int' object is not iterable`)
        (
            [export(), export(spans=5)],
            ["x.jsonl:2: resourceSpans[0].scopeSpans[0].spans: must be a list, got a number"],
        ),
    ],
)
def test_a_line_that_cannot_be_read_is_its_own_error(
    tmp_path: Path, documents: list[Any], expected: list[str]
) -> None:
    path = write(tmp_path / "x.jsonl", *documents)
    found = [f"{Path(u.origin).name}: {u.problem}" for u in units([path]) if u.problem is not None]
    assert [line.split("; ")[0] for line in found] == expected


def test_an_empty_export_among_others_is_passed_over(tmp_path: Path) -> None:
    path = write(tmp_path / "x.jsonl", export(spans=[]), export())
    assert [(u.name, u.problem) for u in units([path])] == [("A", None)]


def test_spans_under_the_old_spelling_of_scope_spans_are_a_trace(tmp_path: Path) -> None:
    path = write(tmp_path / "x.jsonl", export(scopes="instrumentationLibrarySpans"))
    found = list(units([path]))
    assert [(u.name, u.problem) for u in found] == [("A", None)]
    assert [span["spanId"] for d in found[0].documents for span in spans_of(d)] == ["a0"]
