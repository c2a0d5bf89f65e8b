"""Streaming a trace file: the same trace as reading it whole, the same errors, shared names."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blame import tracefile
from blame.errors import TraceError
from blame.faults import Fault
from blame.model import Trace
from blame.recorder import TraceRecorder
from blame.tracefile import load_trace_file
from tests.test_model import traces


def long_trace(steps: int = 40) -> Trace:
    rec = TraceRecorder("long", input="task")
    for i in range(steps):
        if i % 7 == 6:
            rec.tool("search", agent=f"Agent{i % 3}", args={"i": i}, output=f"hit {i}")
        else:
            rec.step(f"Agent{i % 3}", input=f"in {i}", output=f"out {i} é \u2028", latency_ms=1.5)
    return rec.finalize(final_output="done")


LAYOUTS = {
    "as blame writes it": lambda t: t.to_json(),
    "compact": lambda t: json.dumps(t.to_dict()),
    "indent 4": lambda t: json.dumps(t.to_dict(), indent=4),
    "steps last": lambda t: json.dumps(
        {k: v for k, v in t.to_dict().items() if k != "steps"} | {"steps": t.to_dict()["steps"]}
    ),
}


@pytest.fixture(params=[(1 << 22, 1 << 20), (7, 50), (1000, 900)], ids=["default", "tiny", "small"])
def chunks(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Small chunks and batches put chunk ends inside keys, strings, numbers and steps."""
    monkeypatch.setattr(tracefile, "WHOLE_BYTES", 0)
    monkeypatch.setattr(tracefile, "CHUNK_CHARS", request.param[0])
    monkeypatch.setattr(tracefile, "BATCH_CHARS", request.param[1])


@pytest.mark.parametrize("layout", LAYOUTS, ids=list(LAYOUTS))
def test_every_layout_reads_as_the_whole_file_does(
    tmp_path: Path, layout: str, chunks: None
) -> None:
    trace = long_trace()
    path = tmp_path / "t.json"
    path.write_text(LAYOUTS[layout](trace), encoding="utf-8")
    assert load_trace_file(path) == trace


@settings(deadline=None, max_examples=40)  # a shared, loaded machine: no per-example deadline
@given(traces(), st.sampled_from([1 << 22, 5, 97]))
def test_any_trace_streams_to_itself(trace: Trace, chunk: int) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.json"
        path.write_text(trace.to_json(), encoding="utf-8")
        old = tracefile.CHUNK_CHARS, tracefile.WHOLE_BYTES
        tracefile.CHUNK_CHARS, tracefile.WHOLE_BYTES = chunk, 0
        try:
            assert load_trace_file(path) == trace
        finally:
            tracefile.CHUNK_CHARS, tracefile.WHOLE_BYTES = old


class _CountedText(str):
    """A chunk of the file that counts the searches for a boundary between steps."""

    searches = 0

    def rfind(self, *args: object) -> int:  # type: ignore[override]
        type(self).searches += 1
        return super().rfind(*args)  # type: ignore[arg-type]


def test_compact_json_is_not_searched_for_step_boundaries_once_per_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Compact JSON has no boundary as blame writes it: the same megabyte was searched for one
    before each step (a 40,000-step `blame diff` spent 3.5 s in it), now once per window."""
    more = tracefile._Chunks.more

    def counted(self: tracefile._Chunks) -> bool:
        read = more(self)
        self.text = _CountedText(self.text)
        return read

    monkeypatch.setattr(tracefile._Chunks, "more", counted)
    monkeypatch.setattr(tracefile, "WHOLE_BYTES", 0)
    trace = long_trace(3000)
    path = tmp_path / "t.json"
    path.write_text(json.dumps(trace.to_dict()), encoding="utf-8")
    assert load_trace_file(path) == trace
    assert 0 < _CountedText.searches < 10


def test_steps_share_their_agent_names(tmp_path: Path, chunks: None) -> None:
    path = tmp_path / "t.json"
    path.write_text(long_trace().to_json(), encoding="utf-8")
    steps = load_trace_file(path).steps
    assert steps[0].agent is steps[3].agent
    assert steps[0].agent is steps[0].name


def test_a_step_fed_by_the_one_before_holds_that_steps_id(tmp_path: Path, chunks: None) -> None:
    path = tmp_path / "t.json"
    path.write_text(long_trace().to_json(), encoding="utf-8")
    steps = load_trace_file(path).steps
    fed = [s for s in steps[1:] if s.parents == (steps[s.index - 1].id,)]
    assert len(fed) > len(steps) // 2
    assert all(s.parents[0] is steps[s.index - 1].id for s in fed)


def _careful_error(path: Path) -> str:
    with pytest.raises(TraceError) as caught:
        Trace.from_json(path.read_text(encoding="utf-8"), source=str(path))
    return str(caught.value)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda text: text[: len(text) // 2], "invalid JSON"),
        (lambda text: text.replace('"id": "s3"', '"id": "s2"', 1), "duplicate step id 's2'"),
        (lambda text: text.replace('"index": 5', '"index": "5"', 1), "steps[5].index"),
        (lambda text: text.replace('"kind": "tool"', '"kind": "robot"', 1), "unknown kind"),
        (lambda text: text.replace('"schema_version": 1', '"schema_version": 7'), "schema_ver"),
        (lambda text: text.replace('"steps": [', '"steps": {"a": [', 1), "invalid JSON"),
        (lambda text: "[" + text + "]", "a trace must be a JSON object"),
        (lambda text: text.replace('"s3"\n', '"zz"\n', 1), "unknown parent step id 'zz'"),
        (lambda text: text.replace('"latency_ms": 1.5', '"latency_ms": -1.5', 1), "latency_ms"),
        (  # the streamed steps are checked before the head is: the head's error comes first
            lambda text: text.replace('"id": "s3"', '"id": "s2"', 1).replace(
                '"schema_version": 1', '"schema_version": 7'
            ),
            "schema_version",
        ),
    ],
    ids=[
        "truncated",
        "duplicate id",
        "index text",
        "kind",
        "version",
        "not a list",
        "a list",
        "unknown parent",
        "negative latency",
        "version and duplicate id",
    ],
)
def test_a_bad_file_gets_the_careful_paths_error(
    tmp_path: Path, edit: object, message: str, chunks: None
) -> None:
    path = tmp_path / "t.json"
    path.write_text(edit(long_trace().to_json()), encoding="utf-8")  # type: ignore[operator]
    with pytest.raises(TraceError) as caught:
        load_trace_file(path)
    assert str(caught.value) == _careful_error(path)
    assert message in str(caught.value)


def test_a_key_given_twice_keeps_the_last_as_json_does(tmp_path: Path, chunks: None) -> None:
    trace = long_trace(3)
    text = trace.to_json().replace('"final_output": "done",', '"final_output": "a",\n'
                                   '  "final_output": "done",', 1)  # fmt: skip
    path = tmp_path / "t.json"
    path.write_text(text, encoding="utf-8")
    assert load_trace_file(path) == Trace.from_json(text) == trace


def test_steps_with_fields_left_out_are_read_as_the_careful_path_reads_them(
    tmp_path: Path, chunks: None
) -> None:
    data = long_trace(3).to_dict()
    for step in data["steps"]:
        del step["metadata"], step["tokens"], step["input"]
    text = json.dumps(data, indent=2)
    path = tmp_path / "t.json"
    path.write_text(text, encoding="utf-8")
    assert load_trace_file(path) == Trace.from_json(text)


def test_a_file_over_the_size_limit_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BLAME_MAX_TRACE_MB", "0.001")
    path = tmp_path / "t.json"
    path.write_text(long_trace().to_json(), encoding="utf-8")
    with pytest.raises(TraceError, match="BLAME_MAX_TRACE_MB"):
        load_trace_file(path)


def test_a_file_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_bytes(long_trace().to_json().encode("utf-8").replace(b"\xc3\xa9", b"\xe9"))
    with pytest.raises(TraceError, match="not UTF-8"):
        load_trace_file(path)


def test_file_size_is_none_exactly_where_is_file_is_false(tmp_path: Path) -> None:
    # The replay's one stat per fixture: a fixture or none as `Path.is_file` says, and its size.
    present = tmp_path / "t.json"
    present.write_text("{}", encoding="utf-8")
    for path in (
        present,
        tmp_path,  # a folder
        tmp_path / "missing.json",
        present / "under-a-file.json",  # ENOTDIR
        tmp_path / "nul\0name.json",  # a name no file system holds
    ):
        expected = path.stat().st_size if path.is_file() else None
        assert tracefile.file_size(path) == expected


def test_a_size_given_is_held_to_the_limit_as_a_read_one_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "t.json"
    path.write_text(long_trace().to_json(), encoding="utf-8")
    size = tracefile.file_size(path)
    assert size is not None
    assert load_trace_file(path, size=size) == load_trace_file(path)
    monkeypatch.setenv("BLAME_MAX_TRACE_MB", "0.001")
    with pytest.raises(TraceError, match="BLAME_MAX_TRACE_MB") as given:
        load_trace_file(path, size=size)
    with pytest.raises(TraceError, match="BLAME_MAX_TRACE_MB") as read:
        load_trace_file(path)
    assert given.value.format() == read.value.format()


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("Capital of France?", "Capital of France?"),
        ({"b": [1, 2], "a": "é"}, '{"a": "é", "b": [1, 2]}'),
        ({1: "x", "a": "y"}, '{"1": "x", "a": "y"}'),  # keys of two types: as written
        ([{"d": datetime.date(2026, 1, 2)}], '[{"d": "2026-01-02"}]'),
    ],
)
def test_input_text_is_the_same_for_the_same_input(value: object, text: str) -> None:
    assert tracefile.input_text(value) == text


def test_input_text_of_a_value_that_holds_itself_is_its_repr() -> None:
    looped: list[object] = []
    looped.append(looped)
    assert tracefile.input_text(looped) == "[[...]]"


@pytest.mark.parametrize(
    ("recorded_for", "now", "error"),
    [
        ("Capital of France?", "Capital of France?", None),
        (None, "Capital of Italy?", None),  # recorded before fixtures named their input
        ("Capital of France?", None, None),  # not asked to compare
        ("Capital of France?", "Capital of Italy?",
         "{path}: the fixture was recorded for input 'Capital of France?'; the test's input is "
         "now 'Capital of Italy?'; run `blame record -k 'a test'` to record it again"),
    ],
)  # fmt: skip
def test_a_fixture_read_for_an_input_says_when_it_was_recorded_for_another(
    tmp_path: Path, recorded_for: str | None, now: str | None, error: str | None
) -> None:
    trace = long_trace(3)
    if recorded_for is not None:
        trace = tracefile.recorded_for(trace, recorded_for)
    path = tmp_path / "fixture.json"
    path.write_text(trace.to_json(), encoding="utf-8")
    if error is None:
        assert tracefile.read_fixture_at(path, "a test", now) == trace
        return
    with pytest.raises(TraceError) as raised:
        tracefile.read_fixture_at(path, "a test", now)
    assert raised.value.format() == error.format(path=path)


@pytest.mark.parametrize(
    ("faults", "text"),
    [
        ((), ""),
        ((Fault("search", "error"),), "search: error (every call)"),
        # by tool, whatever their order in blame.yaml; each field that changes the run said
        ((Fault("b", "truncated", calls="first", keep=3), Fault("a", "timeout", message="x")),
         "a: timeout (every call, message 'x'); b: truncated (first call, keep 3)"),
        ((Fault("a", "stale", value="old"),), "a: stale (every call, value 'old')"),
    ],
)  # fmt: skip
def test_faults_text_names_each_fault_by_tool(faults: tuple[Fault, ...], text: str) -> None:
    assert tracefile.faults_text(faults) == text
