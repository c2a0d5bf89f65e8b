"""`blame analyze`: stored traces (OTLP, chat, native) evaluated and blamed, via the real CLI."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from blame.analyze import analyze
from blame.cli import app
from blame.errors import ConfigError
from blame.recorder import TraceRecorder
from blame.sources import trace_test_names
from tests.otlp_fixtures import Recorder, genai_two_agents, otlp_dict, write_otlp

CHAT = [
    {"name": "Planner", "role": "assistant", "content": "Plan: the capital of France is Paris."},
    {"name": "Coder", "role": "user", "content": "print('Lyon')"},
    {"name": "Computer_terminal", "role": "user", "content": "exitcode: 0\nCode output: Lyon"},
    {"name": "Coder", "role": "user", "content": "The answer is Lyon."},
    {"name": "Coder", "role": "user", "content": "TERMINATE"},
]


def checks_file(tmp_path: Path, *checks: dict[str, Any], threshold: float | None = None) -> Path:
    data: dict[str, Any] = {"checks": list(checks)}
    if threshold is not None:
        data["fail_below_reward"] = threshold
    path = tmp_path / "checks.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")  # JSON is YAML
    return path


def otlp_file(tmp_path: Path, name: str = "otlp_run.json", *, content: bool = True) -> Path:
    rec = Recorder()
    genai_two_agents(rec, content=content)
    return write_otlp(tmp_path / name, otlp_dict(rec.spans()))


def chat_file(tmp_path: Path, name: str = "chat_run.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"question": "Capital of France?", "history": CHAT}), "utf-8")
    return path


def native_file(tmp_path: Path) -> Path:
    rec = TraceRecorder("recorded-name", input="Capital of France?")
    rec.step("Solo", input="Capital of France?", output="Paris")
    path = tmp_path / "native_run.json"
    path.write_text(rec.finalize().to_json(), "utf-8")
    return path


def run(tmp_path: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(
        app, ["analyze", *args, "--output-dir", str(tmp_path / "out")], catch_exceptions=False
    )
    return result.exit_code, result.stdout, result.stderr


def test_otlp_failure_is_blamed_on_the_agent_that_dropped_the_fact(tmp_path: Path) -> None:
    checks = checks_file(tmp_path, {"type": "contains", "value": "Paris"})
    code, out, err = run(tmp_path, str(otlp_file(tmp_path)), "--checks", str(checks), "--json")
    assert code == 1, err
    data = json.loads(out)
    test = data["tests"][0]
    assert test["name"] == "otlp_run"
    check = test["checks"][0]
    assert (check["type"], check["passed"]) == ("contains", False)
    top = check["blame"][0]
    assert top["agent"] == "Writer"
    assert top["step_index"] == 3  # the Writer's LLM call, not its agent span (step 4)
    written = tmp_path / "out" / "results" / "latest.json"
    assert json.loads(written.read_text("utf-8")) == data


@pytest.mark.langgraph
def test_openinference_langgraph_success_claim_after_a_failed_tool(tmp_path: Path) -> None:
    from tests.test_importers_otlp import react_booking_trace

    checks = checks_file(
        tmp_path,
        {"type": "no_unsupported_claim", "tool": "book_flight"},
        {"type": "tool_succeeded", "tool": "book_flight"},
    )
    trace = react_booking_trace(tmp_path)
    code, out, err = run(tmp_path, str(trace), "--checks", str(checks), "--json")
    assert code == 1, err
    claim, tool = json.loads(out)["tests"][0]["checks"]
    assert (claim["passed"], tool["passed"]) == (False, False)
    assert claim["blame"][0]["agent"] == "agent"
    assert (tool["blame"][0]["kind"], tool["blame"][0]["name"]) == ("tool", "book_flight")
    assert tool["blame"][0]["step_index"] == 2


def test_chat_transcript_failure_is_blamed(tmp_path: Path) -> None:
    checks = checks_file(tmp_path, {"type": "contains", "value": "Paris"})
    code, out, _ = run(tmp_path, str(chat_file(tmp_path)), "--checks", str(checks), "--json")
    assert code == 1
    test = json.loads(out)["tests"][0]
    assert test["name"] == "chat_run"
    assert test["checks"][0]["blame"][0]["agent"] == "Coder"


def test_several_formats_in_one_run_print_a_report(tmp_path: Path) -> None:
    checks = checks_file(tmp_path, {"type": "contains", "value": "Lyon"})
    traces = [str(otlp_file(tmp_path)), str(chat_file(tmp_path)), str(native_file(tmp_path))]
    code, out, err = run(tmp_path, *traces, "--checks", str(checks))
    assert code == 1  # the native trace answers Paris
    assert "3 tests: 2 passed, 1 failed, 0 errors" in out
    assert "native_run" in out
    assert "blame: error" not in err


def test_benchmark_shaped_case_file(tmp_path: Path) -> None:
    from tests.test_importers_chat import MAGENTIC

    path = tmp_path / "case_12.json"
    path.write_text(json.dumps(MAGENTIC), "utf-8")
    checks = checks_file(tmp_path, {"type": "contains", "value": MAGENTIC["ground_truth"]})
    code, out, _ = run(tmp_path, str(path), "--checks", str(checks), "--json")
    assert code == 1
    test = json.loads(out)["tests"][0]
    assert test["name"] == "case_12"
    suspect = test["checks"][0]["blame"][0]
    assert suspect["agent"] in {"Orchestrator", "WebSurfer"}
    assert 0 <= suspect["step_index"] < len(MAGENTIC["history"])


def test_all_passing_exits_0(tmp_path: Path) -> None:
    checks = checks_file(tmp_path, {"type": "contains", "value": "Lyon"})
    code, out, _ = run(tmp_path, str(chat_file(tmp_path)), "--checks", str(checks), "--json")
    assert code == 0
    assert json.loads(out)["passed"] is True


def test_missing_content_prints_warnings(tmp_path: Path) -> None:
    checks = checks_file(tmp_path, {"type": "max_steps", "max": 100})
    trace = otlp_file(tmp_path, content=False)
    code, _, err = run(tmp_path, str(trace), "--checks", str(checks))
    assert code == 0
    assert f"blame: warning: {trace}: agent steps without recorded content" in err


def test_a_bad_trace_errors_its_test_and_the_others_still_run(tmp_path: Path) -> None:
    checks = checks_file(tmp_path, {"type": "contains", "value": "Lyon"})
    bad = tmp_path / "broken.json"
    bad.write_text('{"resourceSpans": [{"scopeSpans": [', "utf-8")
    code, out, err = run(
        tmp_path, str(bad), str(chat_file(tmp_path)), "--checks", str(checks), "--json"
    )
    assert code == 2
    tests = json.loads(out)["tests"]
    assert [t["name"] for t in tests] == ["broken", "chat_run"]
    assert "invalid JSON" in tests[0]["error"]
    assert tests[1]["passed"] is True
    assert err.count("\n") == 1
    assert err.startswith(f"blame: error: {bad}: invalid JSON at line 1")
    assert "Traceback" not in err


def test_a_check_that_cannot_be_decided_exits_2_not_1(tmp_path: Path) -> None:
    """A regex over the 1,000,000-character cap cannot see the whole output: the trace is an
    error (exit 2), as under `blame test`, not a failed check (exit 1)."""
    checks = checks_file(tmp_path, {"type": "regex", "value": "^a+$"})
    rec = TraceRecorder("long", input="q")
    rec.step("Writer", input="q", output="a" * 1_000_000 + " TODO")
    trace = tmp_path / "long.json"
    trace.write_text(rec.finalize().to_json(), "utf-8")
    code, out, _ = run(tmp_path, str(trace), "--checks", str(checks))
    assert code == 2
    assert "1 test: 0 passed, 0 failed, 1 error" in out


def test_format_override(tmp_path: Path) -> None:
    checks = checks_file(tmp_path, {"type": "contains", "value": "Lyon"})
    trace = chat_file(tmp_path)
    code, out, _ = run(tmp_path, str(trace), "--checks", str(checks), "--format", "otlp", "--json")
    assert code == 2
    assert "has no resourceSpans" in json.loads(out)["tests"][0]["error"]


CHAT_LINES = "".join(
    json.dumps({"question": "Capital of France?", "history": CHAT}) + "\n" for _ in range(2)
)


@pytest.mark.parametrize(
    ("format", "error"),
    [
        ("auto", None),
        ("chat", None),
        ("native", "chats.jsonl:1: schema_version: is missing"),
        ("otlp", "chats.jsonl:1: the line is not an OTLP export (no resourceSpans)"),
    ],
)
def test_format_override_holds_for_json_lines(
    tmp_path: Path, format: str, error: str | None
) -> None:
    """--format names what each line holds; a line not in it is that line's error (the first
    line's look decided, and --format was ignored)."""
    checks = checks_file(tmp_path, {"type": "contains", "value": "Lyon"})
    trace = tmp_path / "chats.jsonl"
    trace.write_text(CHAT_LINES, "utf-8")
    code, out, _ = run(tmp_path, str(trace), "--checks", str(checks), "--format", format, "--json")
    tests = json.loads(out)["tests"]
    assert len(tests) == 2
    if error is None:
        assert code == 0 and all(t["error"] is None for t in tests)
    else:
        assert code == 2 and error in tests[0]["error"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--format", "xml"],
            "blame: error: --format: unknown trace format 'xml'; use one of: auto",
        ),
        (["--checks-missing"], "no such file; pass --checks FILE"),
        (["--checks-dir"], "is a directory, not a YAML file; pass --checks FILE"),
        (["--checks-device"], "/dev/zero: is a device, not a file; pass --checks FILE"),
        # the hint was "pass the path of blame.yaml"
        (["--checks-pipe"], "checks.pipe: is a pipe, not a file; pass --checks FILE"),
        (["--checks-loop"], "loop.yaml: is a link that leads back to itself"),  # 'no such file'
    ],
)
def test_usage_errors_are_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    trace = chat_file(tmp_path)
    checks = checks_file(tmp_path, {"type": "contains", "value": "x"})
    if args == ["--checks-missing"]:
        args, checks = [], tmp_path / "missing.yaml"
    if args == ["--checks-dir"]:
        args, checks = [], tmp_path
    if args == ["--checks-device"]:
        args, checks = [], Path("/dev/zero")
    if args == ["--checks-pipe"]:
        args, checks = [], tmp_path / "checks.pipe"
        os.mkfifo(checks)
    if args == ["--checks-loop"]:
        args, checks = [], tmp_path / "loop.yaml"
        checks.symlink_to("loop.yaml")
    code, out, err = run(tmp_path, str(trace), "--checks", str(checks), *args)
    assert code == 2
    assert out == ""
    assert message in err
    assert err.count("\n") == 1


def test_bad_checks_file_stops_before_any_trace(tmp_path: Path) -> None:
    checks = checks_file(tmp_path, {"type": "contains"})
    code, _, err = run(tmp_path, str(tmp_path / "not-read.json"), "--checks", str(checks))
    assert code == 2
    assert str(tmp_path / "checks.yaml") in err
    assert "not-read" not in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--jsonl", "."], ".: cannot write: is a folder, not a file; name a file to write, "
         "e.g. inside that folder"),
        (["--jsonl", "chat_run.json/r.jsonl"], "chat_run.json/r.jsonl: cannot write: "
         "chat_run.json is a file, not a folder; write somewhere else, or make that place a "
         "writable folder"),
        (["--output-dir", "chat_run.json"], "chat_run.json/results/latest.json: cannot write: "
         "chat_run.json is a file, not a folder; write somewhere else, or make that place a "
         "writable folder"),
        (["--summary", "--output-dir", "chat_run.json"], "chat_run.json/summary.json: cannot "
         "write: chat_run.json is a file, not a folder; write somewhere else, or make that "
         "place a writable folder"),
    ],
)  # fmt: skip
def test_an_output_that_cannot_be_written_stops_before_any_trace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    """`--jsonl .` or an --output-dir that is a file read and judged every trace, then failed."""
    import blame.analyze

    analysed: list[object] = []

    def noted(*args: Any, **kwargs: Any) -> Any:  # the real analysis, noting that it ran
        analysed.append(args)
        return analyze(*args, **kwargs)

    monkeypatch.setattr(blame.analyze, "analyze", noted)
    monkeypatch.chdir(tmp_path)
    chat_file(tmp_path)
    checks = checks_file(tmp_path, {"type": "contains", "value": "Paris"})
    result = CliRunner().invoke(app, ["analyze", "chat_run.json", "--checks", str(checks), *args])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"blame: error: {message}\n"
    assert analysed == []
    assert sorted(os.listdir(tmp_path)) == ["chat_run.json", "checks.yaml"]


def test_threshold_from_the_checks_file(tmp_path: Path) -> None:
    checks = checks_file(
        tmp_path,
        {"type": "contains", "value": "Lyon", "weight": 1},
        {"type": "contains", "value": "Paris", "weight": 1},
        threshold=0.5,
    )
    outcome = analyze([chat_file(tmp_path)], checks)
    case = outcome.suite.tests[0]
    assert (case.reward, case.threshold, case.passed) == (0.5, 0.5, True)


def test_each_trace_is_named_after_its_file(tmp_path: Path) -> None:
    checks = checks_file(tmp_path, {"type": "contains", "value": "Paris"})
    outcome = analyze([native_file(tmp_path)], checks)
    assert outcome.suite.tests[0].name == "native_run"


def native_line(name: str, answer: str) -> str:
    step = {"id": "s0", "index": 0, "kind": "agent", "name": "W", "agent": "W", "input": "q",
            "output": answer, "parents": []}  # fmt: skip
    return json.dumps(
        {
            "schema_version": 1,
            "test_name": name,
            "input": "q",
            "final_output": answer,
            "metadata": {},
            "steps": [step],
        }
    )


def test_traces_sharing_a_name_never_get_a_name_another_trace_has(tmp_path: Path) -> None:
    """`t`, `t (2)`, `t` were named `t`, `t (2)`, `t (2)`: the results held one name twice (the
    failed run and the passed one), and the baseline saved from them was refused by the gate."""
    checks = checks_file(tmp_path, {"type": "contains", "value": "Paris"})
    runs = tmp_path / "runs.jsonl"
    lines = [native_line("t", "Paris"), native_line("t (2)", "Rome"), native_line("t", "Paris")]
    runs.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tests = analyze([runs], checks).suite.tests
    assert [(t.name, t.passed) for t in tests] == [("t", True), ("t (2)", False), ("t (3)", True)]


@pytest.mark.parametrize(
    ("paths", "names"),
    [
        (["a/run.json", "b/run.json", "c/other.json"], ["a/run", "b/run", "other"]),
        (["x/a/run.json", "y/b/run.json"], ["a/run", "b/run"]),
        (["x/a/run.json", "y/a/run.json", "run.jsonl"], ["x/a/run", "y/a/run", "run"]),
        (["."], ["."]),
        (["run.json", "run.json", "a/run.json"], ["run", "run (2)", "a/run"]),
        (["run.json", "run.json", "run (2).json"], ["run", "run (3)", "run (2)"]),
        (["/"], ["/"]),
    ],
)
def test_shared_stems_are_told_apart(paths: list[str], names: list[str]) -> None:
    assert trace_test_names([Path(p) for p in paths]) == names


def test_analyze_library_refuses_unknown_format(tmp_path: Path) -> None:
    checks = checks_file(tmp_path, {"type": "contains", "value": "x"})
    with pytest.raises(ConfigError, match="unknown trace format"):
        analyze([chat_file(tmp_path)], checks, format="csv")


# -- many traces -----------------------------------------------------------------------------


def jsonl_corpus(tmp_path: Path, count: int) -> Path:
    lines = []
    for n in range(count):
        rec = TraceRecorder(f"run-{n}", input="Capital of France?")
        answer = "Lyon" if n % 4 else "Paris"
        rec.step("Writer" if n % 2 else "Editor", input="Capital of France?", output=answer)
        lines.append(json.dumps(rec.finalize(final_output=answer).to_dict()) + "\n")
    path = tmp_path / "runs.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    return path


def test_folders_and_globs_are_analysed_file_by_file(tmp_path: Path) -> None:
    checks = checks_file(tmp_path, {"type": "contains", "value": "Lyon"})
    (tmp_path / "traces").mkdir()
    chat_file(tmp_path / "traces", "one.json")
    chat_file(tmp_path / "traces", "two.json")
    code, out, _ = run(tmp_path, str(tmp_path / "traces"), "--checks", str(checks))
    assert code == 0 and "2 tests: 2 passed" in out
    code, out, _ = run(tmp_path, str(tmp_path / "traces" / "t*.json"), "--checks", str(checks))
    assert code == 0 and "1 test: 1 passed" in out


def test_json_lines_give_one_test_per_line_and_the_same_bytes_with_two_workers(
    tmp_path: Path,
) -> None:
    checks = checks_file(tmp_path, {"type": "contains", "value": "Lyon"}, threshold=1.0)
    corpus = jsonl_corpus(tmp_path, 150)
    outputs = []
    for workers in ("1", "2"):
        code, out, _ = run(tmp_path, str(corpus), "--checks", str(checks), "--json", "-w", workers)
        assert code == 1
        outputs.append(out)
    assert outputs[0] == outputs[1]
    tests = json.loads(outputs[0])["tests"]
    assert [t["name"] for t in tests[:3]] == ["run-0", "run-1", "run-2"]
    assert sum(not t["passed"] for t in tests) == len(range(0, 150, 4))


def awkward_lines(count: int) -> list[bytes]:
    """Native trace lines, and between them what a byte range may be cut next to: CRLF line
    ends, empty and blank lines, a line longer than a range, a line that is not JSON."""
    lines = []
    for n in range(count):
        rec = TraceRecorder("" if n % 3 else f"run-{n}", input="Capital of France?")
        answer = ("Lyon" if n % 4 else "Paris") + (" " + "x" * 900 if n == 5 else "")
        rec.step("Writer" if n % 2 else "Editor", input="Capital of France?", output=answer)
        line = json.dumps(rec.finalize(final_output=answer).to_dict()).encode()
        lines.append(line + (b"\r\n" if n % 5 == 1 else b"\n"))
        if n % 7 == 2:
            lines.append(b"\n   \n" if n % 2 else b"\r\n")
        if n == 11:
            lines.append(b'{"schema_version": 1, "steps": [\n')  # cut off mid-trace
    lines[-1] = lines[-1].rstrip(b"\r\n")  # no line break at the end
    return lines


@pytest.mark.parametrize("size", [300, 1000])
def test_byte_ranges_read_by_two_workers_give_the_bytes_of_a_serial_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: int
) -> None:
    """Two workers read their own byte ranges of a JSON Lines file (`--workers 2`): the
    per-trace lines, the aggregate and the errors are those of one process reading it all,
    however the ranges fall."""
    import io

    from blame import sources

    for name in ("CHUNK_BYTES", "RANGE_BYTES"):  # many of each, one shorter than a line
        monkeypatch.setattr(sources, name, size)
    checks = checks_file(tmp_path, {"type": "contains", "value": "Lyon"}, threshold=1.0)
    corpus = tmp_path / "runs.jsonl"
    corpus.write_bytes(b"".join(awkward_lines(40)))
    seen = []
    for workers in (1, 2):
        records = io.StringIO()
        found = analyze([corpus], checks, workers=workers, keep_results=False, records=records)
        seen.append((records.getvalue(), json.dumps(found.aggregate.to_dict()), found.errors))
    assert seen[0] == seen[1]
    lines = seen[0][0].splitlines()
    assert len(lines) == 41  # 40 traces and the cut-off one
    bad = [n for n, line in enumerate(corpus.read_bytes().splitlines(), 1) if b"[" in line[-3:]]
    assert [e.partition(" (")[0] for e in seen[0][2]] == [
        f"{corpus}:{bad[0]}: the line is not valid JSON"
    ]
    assert json.loads(lines[-1])["origin"] == f"{corpus}:{len(corpus.read_bytes().splitlines())}"


def test_summary_ranks_culprits_and_writes_every_form(tmp_path: Path) -> None:
    checks = checks_file(tmp_path, {"type": "contains", "value": "Lyon"}, threshold=1.0)
    corpus = jsonl_corpus(tmp_path, 40)
    records = tmp_path / "per-trace.jsonl"
    code, out, _ = run(
        tmp_path, str(corpus), "--checks", str(checks), "--summary", "--jsonl", str(records)
    )
    assert code == 1
    assert "40 traces: 10 failed" in out and "Editor" in out
    for name in ("summary.json", "summary.md", "summary.html"):
        assert (tmp_path / "out" / name).is_file()
    assert not (tmp_path / "out" / "results").exists()  # no per-trace results kept
    lines = records.read_text().splitlines()
    assert len(lines) == 40 and json.loads(lines[0])["origin"] == f"{corpus}:1"


def test_summary_json_on_stdout(tmp_path: Path) -> None:
    checks = checks_file(tmp_path, {"type": "contains", "value": "Lyon"}, threshold=1.0)
    code, out, _ = run(
        tmp_path, str(jsonl_corpus(tmp_path, 8)), "--checks", str(checks), "--summary", "--json"
    )
    assert code == 1
    assert json.loads(out)["culprits"][0]["name"] == "Editor"


def test_the_summary_names_the_planted_culprits_of_a_generated_corpus(tmp_path: Path) -> None:
    import sys

    from tests.conftest import ROOT

    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from many_traces import generate  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(ROOT / "bench"))
    corpus = tmp_path / "runs.jsonl"
    truth = generate(corpus, 400, seed=3, steps=20)
    code, out, _ = run(
        tmp_path,
        str(corpus),
        "--checks",
        str(corpus.with_suffix(".checks.yaml")),
        "--summary",
        "--json",
        "-w",
        "2",
    )
    assert code == 1
    found = {c["name"]: c["failures"] for c in json.loads(out)["culprits"]}
    assert found == dict(truth)
    assert max(found, key=found.__getitem__) == truth.most_common(1)[0][0]
