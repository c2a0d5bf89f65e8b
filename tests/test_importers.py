"""load_trace: format detection, --format override, and errors that never become tracebacks."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from blame.context import RunContext
from blame.errors import TraceError
from blame.importers import load_trace
from blame.model import Step, StepKind, Trace
from blame.plugintypes import IMPORTERS
from blame.recorder import TraceRecorder
from tests.otlp_fixtures import Recorder, genai_two_agents, otlp_dict, write_otlp


def native(tmp_path: Path, name: str = "native.json") -> Path:
    rec = TraceRecorder("recorded", input="q")
    rec.step("Solo", input="q", output="a")
    path = tmp_path / name
    path.write_text(rec.finalize().to_json(), "utf-8")
    return path


def chat(tmp_path: Path) -> Path:
    path = tmp_path / "chat.json"
    path.write_text(json.dumps([{"role": "user", "content": "hi"}, {"name": "A", "content": "yo"}]))
    return path


def otlp(tmp_path: Path) -> Path:
    rec = Recorder()
    genai_two_agents(rec)
    return write_otlp(tmp_path / "otlp.json", otlp_dict(rec.spans()))


@pytest.mark.parametrize(("make", "fmt"), [(native, "native"), (chat, "chat"), (otlp, "otlp")])
def test_auto_detection(tmp_path: Path, make: object, fmt: str) -> None:
    path = make(tmp_path)  # type: ignore[operator]
    trace = load_trace(path)
    assert trace.test_name == path.stem or fmt == "native"
    assert len(trace.steps) >= 1
    assert load_trace(path, format=fmt).steps == trace.steps


@pytest.mark.parametrize(("make", "fmt"), [(native, "native"), (chat, "chat"), (otlp, "otlp")])
def test_a_byte_order_mark_changes_nothing(tmp_path: Path, make: object, fmt: str) -> None:
    path = make(tmp_path)  # type: ignore[operator]
    marked = tmp_path / f"marked{path.suffix}"
    marked.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())  # as Windows editors save it
    plain = load_trace(path, test_name="t")
    for chosen in ("auto", fmt):
        assert load_trace(marked, format=chosen, test_name="t") == plain


@pytest.mark.parametrize(
    ("make", "encoding"), [(native, "utf-16"), (chat, "utf-16"), (otlp, "utf-32")]
)
def test_utf16_is_named_instead_of_an_unknown_format(
    tmp_path: Path, make: object, encoding: str
) -> None:
    path = make(tmp_path)  # type: ignore[operator]
    path.write_bytes(path.read_text("utf-8").encode(encoding))  # PowerShell's `>` does this
    with pytest.raises(TraceError) as caught:
        load_trace(path)
    assert str(caught.value) == (
        f"{path}: is UTF-16 or UTF-32 text, not UTF-8; save the file as UTF-8"
    )


def test_native_keeps_its_recorded_name(tmp_path: Path) -> None:
    assert load_trace(native(tmp_path)).test_name == "recorded"


def test_native_trace_is_size_checked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BLAME_MAX_TRACE_MB", "0.0001")
    with pytest.raises(TraceError, match=r"over the 0\.1 KiB limit"):
        load_trace(native(tmp_path), format="native")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the file is empty; expected one of: chat, native, otlp"),
        ("   \n", "the file is empty"),
        ('{"a": ', "invalid JSON at line 1 column 7: Expecting value; the file may be truncated"),
        ('{"a": 1}', "not a trace format blame knows; expected one of: chat, native, otlp"),
        ("id,agent\n1,A\n", "not a trace format blame knows"),
        ("[" * 100_000, "nested too deeply"),
    ],
)
def test_unknown_or_malformed_files(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "x.json"
    path.write_text(text, "utf-8")
    with pytest.raises(TraceError) as caught:
        load_trace(path)
    assert str(caught.value).startswith(f"{path}: ")
    assert message in str(caught.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(TraceError, match="no such file"):
        load_trace(tmp_path / "nope.json")


@pytest.mark.parametrize("links", [{"a.json": "a.json"}, {"a.json": "b.json", "b.json": "a.json"}])
def test_a_loop_of_links_is_named_as_such(tmp_path: Path, links: dict[str, str]) -> None:
    """It was "no such file; check the path", and the file was there."""
    for link, target in links.items():
        (tmp_path / link).symlink_to(target)
    with pytest.raises(TraceError, match=r"a\.json: is a link that leads back to itself"):
        load_trace(tmp_path / "a.json")


def test_a_directory_is_named_as_such(tmp_path: Path) -> None:
    with pytest.raises(TraceError, match="is a directory, not a trace file"):
        load_trace(tmp_path)


def test_unknown_format(tmp_path: Path) -> None:
    with pytest.raises(TraceError, match="unknown trace format 'csv'; use one of: auto, chat"):
        load_trace(chat(tmp_path), format="csv")


class Exploding:
    """A plugin importer with bugs in it."""

    format = "exploding"

    def sniff(self, head: str) -> bool:
        return head.startswith("BOOM")

    def load(self, path: Path, *, test_name: str) -> Trace:
        raise KeyError("steps")


class Liar:
    """A plugin importer that returns the wrong type."""

    format = "liar"

    def sniff(self, head: str) -> bool:
        raise ValueError("cannot sniff")

    def load(self, path: Path, *, test_name: str) -> Trace:
        return "not a trace"  # type: ignore[return-value]


@pytest.fixture
def buggy_plugins() -> RunContext:
    context = RunContext()
    context.plugins.add_local(IMPORTERS, Exploding(), "tests:exploding")
    context.plugins.add_local(IMPORTERS, Liar(), "tests:liar")
    return context


def test_plugin_importer_bugs_become_trace_errors(
    tmp_path: Path, buggy_plugins: RunContext
) -> None:
    path = tmp_path / "x.txt"
    path.write_text("BOOM", "utf-8")
    with pytest.raises(TraceError, match="the 'exploding' importer failed: KeyError: 'steps'"):
        load_trace(path, format="exploding", context=buggy_plugins)
    with pytest.raises(TraceError, match="returned str, not a Trace"):
        load_trace(path, format="liar", context=buggy_plugins)
    path.write_text("hello", "utf-8")
    with pytest.raises(TraceError, match="'liar' importer failed while detecting the format"):
        load_trace(path, context=buggy_plugins)


class Sloppy:
    """A plugin importer that builds a Trace with a field of the wrong type."""

    format = "sloppy"

    def __init__(self, trace: Trace) -> None:
        self.trace = trace

    def sniff(self, head: str) -> bool:
        return False

    def load(self, path: Path, *, test_name: str) -> Trace:
        return self.trace


_STEP = Step(id="s0", index=0, kind=StepKind.AGENT, name="A", agent="A", output="x")


@pytest.mark.parametrize(
    ("trace", "problem"),
    [
        (Trace("t", (_STEP,), final_output=5), "final_output is int, not text"),  # type: ignore[arg-type]
        (Trace("t", (_STEP,), input={"q": 1}), "input is dict, not text"),  # type: ignore[arg-type]
        (Trace(None, (_STEP,)), "test_name is NoneType, not text"),  # type: ignore[arg-type]
        (Trace("t", (_STEP,), metadata=[1]), "metadata is list, not a mapping"),  # type: ignore[arg-type]
        (Trace("t", (replace(_STEP, output=5),)), "steps[0].output: must be text, got int"),
        (Trace("t", (replace(_STEP, agent=None),)), "steps[0].agent: must be text, got"),
        (Trace("t", (replace(_STEP, kind="agent"),)), "steps[0].kind: must be a StepKind"),
        (Trace("t", (replace(_STEP, error=404),)), "steps[0].error: must be text or None"),
        (Trace("t", (replace(_STEP, metadata=[1]),)), "steps[0].metadata: must be a mapping"),
        (Trace("t", (replace(_STEP, parents="s"),)), "steps[0].parents: must be a list of step"),
    ],
)
def test_a_plugin_importers_trace_of_the_wrong_types_is_its_error(
    tmp_path: Path, trace: Trace, problem: str
) -> None:
    """A check reading `final_output=5` crashed and was reported as a bug in blame's own check
    type; metadata that is a list crashed writing the results (an internal error)."""
    context = RunContext()
    context.plugins.add_local(IMPORTERS, Sloppy(trace), "tests:sloppy")
    path = tmp_path / "x.txt"
    path.write_text("x", "utf-8")
    with pytest.raises(TraceError) as caught:
        load_trace(path, format="sloppy", context=context)
    assert caught.value.format().startswith(
        f"{path}: the 'sloppy' importer returned a Trace whose {problem}"
    )
    assert caught.value.format().endswith("this is a bug in the importer; report it to its authors")


def test_blames_own_fixture_is_recognised_when_its_output_passes_the_sniffed_head(
    tmp_path: Path,
) -> None:
    """Sorted keys put `final_output` first: 100 KB of it hides `steps` from the first 64 KB."""
    rec = TraceRecorder("t", input="x")
    rec.step("A", input="x", output="a" * 100_000)
    path = tmp_path / "fixture.json"
    path.write_text(rec.finalize(final_output="a" * 100_000).to_json())
    assert path.read_text().index('"steps"') > 64 * 1024
    assert load_trace(path).final_output == "a" * 100_000


@pytest.mark.parametrize(
    ("field", "value"),
    [("cost_usd", -1000.0), ("latency_ms", -5e9), ("tokens", -1)],
)
def test_every_importer_refuses_impossible_numbers_naming_file_and_step(
    tmp_path: Path, field: str, value: float
) -> None:
    rec = TraceRecorder("t", input="x")
    rec.step("A", input="x", output="y")
    data = json.loads(rec.finalize().to_json())
    data["steps"][0][field] = value
    path = tmp_path / "run.json"
    path.write_text(json.dumps(data))
    with pytest.raises(TraceError, match=rf"run\.json: steps\[0\]\.{field}: must be a"):
        load_trace(path)
