"""blame's own trace JSON: exact round trip and clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from blame.errors import TraceError
from blame.importers.native import importer
from blame.model import Trace
from blame.recorder import TraceRecorder


def recorded() -> Trace:
    rec = TraceRecorder("recorded", input="q")
    plan = rec.step("Planner", input="q", output="plan", tokens=12)
    rec.tool("search", agent="Planner", args={"q": "x"}, output="hit", parents=[plan])
    rec.step("Writer", input="hit", output="answer", error="late")
    return rec.finalize()


def test_round_trip(tmp_path: Path) -> None:
    trace = recorded()
    path = tmp_path / "t.json"
    path.write_text(trace.to_json(), "utf-8")
    assert importer.load(path, test_name="stem") == trace


def test_unnamed_trace_takes_the_file_name(tmp_path: Path) -> None:
    data = recorded().to_dict()
    data["test_name"] = ""
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data), "utf-8")
    assert importer.load(path, test_name="stem").test_name == "stem"


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(schema_version=99), "schema_version: unsupported schema_version 99"),
        (
            lambda d: d["steps"][1].update(parents=["s9"]),
            "steps[1].parents: unknown parent step id 's9'",
        ),
        (lambda d: d["steps"][0].pop("id"), "steps[0].id: is required"),
    ],
)
def test_bad_traces_name_the_field(tmp_path: Path, mutate: object, message: str) -> None:
    data = recorded().to_dict()
    mutate(data)  # type: ignore[operator]
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(TraceError) as caught:
        importer.load(path, test_name="t")
    assert str(caught.value).startswith(f"{path}: {message}")


def test_deeply_nested_metadata_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text('{"schema_version": 1, "steps": [], "metadata": ' + "[" * 100_000, "utf-8")
    with pytest.raises(TraceError, match="nested too deeply"):
        importer.load(path, test_name="t")


def test_sniff() -> None:
    assert importer.sniff(recorded().to_json())
    assert not importer.sniff('[{"role": "user", "content": "x"}]')


@pytest.mark.parametrize(
    ("document", "said"),
    [
        (
            {"baseline_version": 1, "tests": []},
            "is a baseline (`blame baseline save`), not a trace; `blame gate` compares with",
        ),
        (
            {"schema_version": 2, "passed": True, "tests": []},
            "is a results file (`blame test`), not a trace; `blame test` keeps each test's",
        ),
    ],
)
def test_a_results_file_or_baseline_is_named_for_what_it_is(
    tmp_path: Path, document: dict[str, object], said: str
) -> None:
    """`blame diff latest.json B` said "unsupported schema_version 2 ... re-record the trace
    with this version of blame", of a file this blame had just written."""
    path = tmp_path / "x.json"
    path.write_text(json.dumps(document), "utf-8")
    with pytest.raises(TraceError) as caught:
        importer.load(path, test_name="x")
    assert caught.value.format().startswith(f"{path}: {said}")
