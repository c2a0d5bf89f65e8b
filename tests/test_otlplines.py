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
        ({"resourceSpans": "abc"}, "resourceSpans: must be a list, got str"),
        ({"resourceSpans": None}, "resourceSpans: must be a list, got NoneType"),
        ({"resourceSpans": {}}, "resourceSpans: must be a list, got dict"),
        ({"resourceSpans": [5]}, "resourceSpans[0]: must be an object, got int"),
        (
            {"resourceSpans": [{"scopeSpans": True}]},
            "resourceSpans[0].scopeSpans: must be a list, got bool",
        ),
        (export(spans=5), "resourceSpans[0].scopeSpans[0].spans: must be a list, got int"),
        (export(spans={}), "resourceSpans[0].scopeSpans[0].spans: must be a list, got dict"),
        (
            export(spans=[SPAN, "x"]),
            "resourceSpans[0].scopeSpans[0].spans[1]: must be an object, got str",
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
        ([{"resourceSpans": "abc"}], ["x.jsonl:1: resourceSpans: must be a list, got str"]),
        (
            [{"resourceSpans": {"a": 1}}],
            ["x.jsonl:1: resourceSpans: must be a list, got dict"],
        ),
        (
            [export(spans={"a": 1})],
            ["x.jsonl:1: resourceSpans[0].scopeSpans[0].spans: must be a list, got dict"],
        ),
        ([{"resourceSpans": []}], ["x.jsonl: holds no spans"]),
        ([export(spans=[]), export(spans=None)], ["x.jsonl: holds no spans"]),
        # a number crashed the run (`'int' object is not iterable`)
        (
            [export(), export(spans=5)],
            ["x.jsonl:2: resourceSpans[0].scopeSpans[0].spans: must be a list, got int"],
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


@pytest.mark.parametrize(
    ("document", "said"),
    [
        ({"resourceSpans": "abc"}, "resourceSpans: must be a list, got str"),
        ({"resourceSpans": {"a": 1}}, "resourceSpans: must be a list, got dict"),
    ],
)
def test_a_line_and_a_whole_file_word_the_same_fault_alike(
    tmp_path: Path, document: Any, said: str
) -> None:
    """The line reader said "got a string" where the OTLP importer, reading the same object
    as a whole file, said "got str"."""
    from blame.errors import TraceError
    from blame.importers import load_trace

    line = write(tmp_path / "x.jsonl", document)
    (problem,) = [u.problem for u in units([line]) if u.problem is not None]
    whole = tmp_path / "x.json"
    whole.write_text(json.dumps(document), "utf-8")
    with pytest.raises(TraceError) as raised:
        load_trace(whole, format="otlp")
    assert said in problem
    assert said in raised.value.format()
