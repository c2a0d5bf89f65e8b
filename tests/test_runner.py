from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from blame.config import load_config
from blame.errors import ConfigError, ExitCode
from blame.model import Check, Trace
from blame.recorder import TraceRecorder
from blame.runner import evaluate_trace, exit_code, fixture_path, load_fixture, run_suite
from tests.conftest import BASIC, EXAMPLES, MakeConfig


def _json(path: Path, **kwargs: Any) -> str:
    return run_suite(load_config(path), **kwargs).to_json()


def test_suite_results_and_exit_code(make_config: MakeConfig) -> None:
    suite = run_suite(load_config(make_config(BASIC)))
    capital, unknown = suite.tests
    assert (capital.passed, capital.reward) == (True, 1.0)
    assert (unknown.passed, unknown.reward, unknown.error) == (False, 0.0, None)
    assert unknown.checks[0].message == (
        "expected output to contain 'Paris'; final output: 'no idea'"
    )
    assert exit_code(suite) is ExitCode.CHECK_FAILED


def test_examples_fail_pass_and_blame() -> None:
    simple = run_suite(load_config(EXAMPLES / "simple_agent" / "blame.yaml"))
    assert exit_code(simple) is ExitCode.CHECK_FAILED
    median = simple.tests[0]
    culprits = {c.name: c.blame[0].name for c in median.checks if not c.passed}
    assert culprits == {"contains:ValueError": "CoderAgent", "not_contains:TODO": "CriticAgent"}
    assert {p.target for p in median.patches} == {"CoderAgent", "CriticAgent"}
    passing = run_suite(load_config(EXAMPLES / "passing_agent" / "blame.yaml"))
    assert exit_code(passing) is ExitCode.OK
    assert all(not c.blame for t in passing.tests for c in t.checks)


def test_record_then_replay_is_byte_identical(make_config: MakeConfig, tmp_path: Path) -> None:
    path = make_config(BASIC)
    recorded = _json(path, record=True)
    config = load_config(path)
    for name in ("capital", "unknown"):
        assert fixture_path(config, name).is_file()
    # Replay must never import the entrypoint: break it.
    (tmp_path / "agent.py").write_text("raise SystemExit('imported!')\n")
    first = _json(path, replay=True)
    second = _json(path, replay=True)
    assert first == second == recorded


def test_replay_keeps_a_fixture_by_linking_it_unless_recorded_under_another_name(
    make_config: MakeConfig,
) -> None:
    """A replayed fixture is the trace the gate keeps: linked, not written again; a fixture
    recorded under another test name is kept as the trace the test saw, under its name."""
    from blame.kept import Outcome, load_kept, trace_file

    path = make_config(BASIC)
    run_suite(load_config(path), record=True)
    config = load_config(path)
    for name, recorded_as in (("capital", "capital"), ("unknown", "elsewhere")):
        fixture = fixture_path(config, name)
        data = json.loads(fixture.read_text("utf-8"))
        fixture.write_text(json.dumps({**data, "test_name": recorded_as}), "utf-8")
    run_suite(config, replay=True, keep_traces=True)
    out = config.settings.output_dir
    both: tuple[Outcome, ...] = ("pass", "fail")
    for name, linked in (("capital", True), ("unknown", False)):
        (outcome,) = [o for o in both if trace_file(out, name, o).is_file()]
        kept = load_kept(out, name, outcome)
        assert kept is not None and kept.test_name == name
        assert kept.steps == load_fixture(config, name).steps
        assert trace_file(out, name, outcome).samefile(fixture_path(config, name)) is linked


def test_a_fixture_is_read_under_its_test_s_name(make_config: MakeConfig) -> None:
    """As recorded when the names agree (its parent indexes as its read found them), else a
    copy renamed: the same steps either way."""
    from blame.model import parent_indexes

    path = make_config(BASIC)
    run_suite(load_config(path), record=True)
    config = load_config(path)
    fixture = fixture_path(config, "unknown")
    data = json.loads(fixture.read_text("utf-8"))
    fixture.write_text(json.dumps({**data, "test_name": "elsewhere"}), "utf-8")
    for name in ("capital", "unknown"):
        trace = load_fixture(config, name)
        assert trace.test_name == name
        assert trace.steps == Trace.from_json(fixture_path(config, name).read_text("utf-8")).steps
        assert trace.parent_indexes() == parent_indexes(trace.steps)


def test_missing_fixture_errors_that_test_only(make_config: MakeConfig) -> None:
    path = make_config(BASIC)
    run_suite(load_config(path), record=True, name_filter="capital")
    suite = run_suite(load_config(path), replay=True)
    capital, unknown = suite.tests
    assert capital.passed
    assert unknown.error is not None
    assert unknown.error.startswith("no replay fixture for unknown; run `blame record`; expected ")
    assert exit_code(suite) is ExitCode.ERROR


@pytest.mark.parametrize(
    ("old", "new", "recorded", "now"),
    [
        ("What is the capital of France?", "What is the capital of Italy?",
         "What is the capital of France?", "What is the capital of Italy?"),
        ("What is the capital of France?", "{city: Rome, ask: capital}",
         "What is the capital of France?", '{"ask": "capital", "city": "Rome"}'),
        ("What is the capital of France?", "What is the capital of France? " + "x" * 200,
         "What is the capital of France?", "What is the capital of France? " + "x" * 28 + "…"),
    ],
)  # fmt: skip
def test_a_fixture_recorded_for_another_input_is_an_error_of_its_test_only(
    make_config: MakeConfig, old: str, new: str, recorded: str, now: str
) -> None:
    """The test's `input:` changed after `blame record`: the replay scored the old input's
    trace as if it were the new one's, and passed or failed it silently."""
    path = make_config(BASIC)
    run_suite(load_config(path), record=True)
    path.write_text(path.read_text().replace(old, new, 1), encoding="utf-8")
    config = load_config(path)
    suite = run_suite(config, replay=True)
    capital, unknown = suite.tests
    fixture = fixture_path(config, "capital").relative_to(config.base_dir)
    assert capital.error == (
        f"{fixture}: the fixture was recorded for input {recorded!r}; the test's input is now "
        f"{now!r}; run `blame record -k capital` to record it again"
    )
    assert (unknown.error, unknown.passed, len(unknown.checks)) == (None, False, 1)
    assert exit_code(suite) is ExitCode.ERROR


@pytest.mark.parametrize(
    ("recorded", "now", "error"),
    [
        ("[{tool: search, fault: error}]", "[{tool: search, fault: error}]", None),
        ("", "", None),
        ("[{tool: search, fault: error}]", "[{tool: search, fault: timeout}]",
         "recorded under faults 'search: error (every call)'; the test's faults are now "
         "'search: timeout (every call)'"),
        ("[{tool: search, fault: error}]", "",
         "recorded under faults 'search: error (every call)'; the test's faults are now none"),
        ("", "[{tool: search, fault: empty, calls: first, value: n/a}]",
         "recorded under faults none; the test's faults are now "
         "\"search: empty (first call, value 'n/a')\""),
    ],
)  # fmt: skip
def test_a_fixture_recorded_under_other_faults_is_an_error_of_its_test_only(
    make_config: MakeConfig, recorded: str, now: str, error: str | None
) -> None:
    """The test's `faults:` changed after `blame record`: the replay scored a run whose tools
    failed otherwise (or not at all) as the new faults' run."""

    def config(faults: str) -> Path:
        line = "    input: What is the capital of France?\n"
        return make_config(BASIC.replace(line, f"{line}    faults: {faults}\n" if faults else line))

    run_suite(load_config(config(recorded)), record=True)
    loaded = load_config(config(now))
    capital, unknown = run_suite(loaded, replay=True).tests
    fixture = fixture_path(loaded, "capital").relative_to(loaded.base_dir)
    if error is None:
        assert (capital.error, capital.passed) == (None, True)
    else:
        assert capital.error == (
            f"{fixture}: the fixture was {error}; run `blame record -k capital` to record it again"
        )
    assert (unknown.error, unknown.passed) == (None, False)


@pytest.mark.parametrize(
    ("edit", "passed"),
    [
        ("", True),  # the same input
        ("drop", True),  # a fixture recorded before fixtures named their input
        ("{q: 1, r: [2, 3]}", False),  # a mapping, its keys in another order (no Paris)
    ],
)
def test_a_fixture_for_the_same_input_or_of_no_known_input_replays(
    make_config: MakeConfig, edit: str, passed: bool
) -> None:
    text = BASIC
    if edit.startswith("{"):
        text = BASIC.replace("What is the capital of France?", edit)
    path = make_config(text)
    run_suite(load_config(path), record=True)
    config = load_config(path)
    fixture = fixture_path(config, "capital")
    data = json.loads(fixture.read_text("utf-8"))
    assert "recorded_input" in data["metadata"]
    if edit == "drop":
        del data["metadata"]["recorded_input"]
        fixture.write_text(json.dumps(data), "utf-8")
    elif edit:
        path.write_text(text.replace(edit, "{r: [2, 3], q: 1}"), encoding="utf-8")
    capital = run_suite(load_config(path), replay=True).tests[0]
    assert (capital.error, capital.passed) == (None, passed)


@pytest.mark.parametrize(
    ("error", "raised"),
    [
        ("RuntimeError: quote service unavailable", True),
        ("", False),  # no error text: the run finished
        (None, False),
    ],
)
@pytest.mark.parametrize("kept_as", ["fixture", "stored trace"])
def test_a_recorded_run_that_raised_is_an_error_of_its_test_never_a_pass(
    make_config: MakeConfig, tmp_path: Path, kept_as: str, error: str | None, raised: bool
) -> None:
    """A fixture recorded from a LangGraph run that raised after writing "Paris" (recorded
    before such runs stopped being recorded), or a trace kept from one, replayed as a whole
    run: `contains: Paris` passed, exit 0, where the live run is the test's error."""
    path = make_config(BASIC)
    run_suite(load_config(path), record=True, name_filter="capital")
    config = load_config(path)
    fixture = fixture_path(config, "capital")
    data = json.loads(fixture.read_text("utf-8"))
    if error is not None:
        data["metadata"]["error"] = error
    fixture.write_text(json.dumps(data), "utf-8")
    if kept_as == "stored trace":
        (tmp_path / "stored.json").write_text(json.dumps(data), "utf-8")
        path.write_text(
            "tests:\n  - {name: capital, trace: stored.json, checks: [{type: contains, value: "
            "Paris}]}\n",
            encoding="utf-8",
        )
        config = load_config(path)
    suite = run_suite(config, replay=True, name_filter="capital")
    (capital,) = suite.tests
    assert capital.checks[0].passed  # its steps are still evaluated, to show who
    if not raised:
        assert (capital.error, capital.passed) == (None, True)
        return
    source = fixture if kept_as == "fixture" else tmp_path / "stored.json"
    again = (
        "run `blame record -k capital` once the pipeline runs through"
        if kept_as == "fixture"
        else "store a trace of a run that finished"
    )
    assert capital.passed is False
    assert capital.error == (
        f"{source.relative_to(config.base_dir)}: metadata.error: the recorded run raised "
        f"part-way ({error}); its steps until then are evaluated only to show who; {again}"
    )
    assert exit_code(suite) is ExitCode.ERROR


@pytest.mark.parametrize(
    "occupant",
    ["folder", "link to a device", "broken link", "link to itself"],
)
def test_something_else_where_the_fixture_goes_is_named_not_called_missing(
    make_config: MakeConfig, occupant: str
) -> None:
    """A folder, a device or a dangling link at the fixture's path was reported as no fixture
    at all ("run `blame record`"), which would fail again the same way."""
    path = make_config(BASIC)
    config = load_config(path)
    fixture = fixture_path(config, "capital")
    fixture.parent.mkdir(parents=True, exist_ok=True)
    if occupant == "folder":
        fixture.mkdir()
    elif occupant == "link to a device":
        fixture.symlink_to(os.devnull)
    elif occupant == "broken link":
        fixture.symlink_to(fixture.parent / "gone.json")
    else:
        fixture.symlink_to(fixture)
    capital = run_suite(config, replay=True, name_filter="capital").tests[0]
    assert capital.error is not None
    assert capital.error.endswith(
        ": not a regular file (a folder, a device, a pipe or a broken link); remove it, then "
        "re-record with `blame record -k capital`"
    )
    assert fixture.name in capital.error


def test_results_name_the_projects_files_relative_to_it_wherever_it_is(tmp_path: Path) -> None:
    """A broken or missing trace, a missing fixture: the results named the absolute path, so
    the same project checked out in two folders gave different results bytes."""
    config = (
        "tests:\n"
        "  - {name: broken, trace: traces/t.json, checks: [{type: contains, value: x}]}\n"
        "  - {name: missing, trace: traces/gone.json, checks: [{type: contains, value: x}]}\n"
        "  - {name: live, input: q, checks: [{type: contains, value: x}]}\n"
        "agent: {type: python, entrypoint: 'nowhere:run'}\n"
    )
    texts = []
    for folder in (tmp_path / "one", tmp_path / "checkout" / "two"):
        (folder / "traces").mkdir(parents=True)
        (folder / "traces" / "t.json").write_text('{"schema_version": 1, "steps": 5}', "utf-8")
        (folder / "blame.yaml").write_text(config, "utf-8")
        texts.append(run_suite(load_config(folder / "blame.yaml"), replay=True).to_json())
    assert texts[0] == texts[1]
    fixture = fixture_path(load_config(tmp_path / "one" / "blame.yaml"), "live")
    errors = [test["error"] for test in json.loads(texts[0])["tests"]]
    assert errors == [
        "traces/t.json: steps: must be a list",
        "traces/gone.json: no such file; check the path",
        "no replay fixture for live; run `blame record`; expected "
        f"{fixture.relative_to(tmp_path / 'one')}",
    ]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff not utf-8", "not UTF-8 text (byte 0)"),
        (b"\xff\xfe{\x00}\x00", "is UTF-16 or UTF-32 text, not UTF-8"),
        (b"", "invalid JSON at line 1 column 1"),
        (b"[]", "a trace must be a JSON object"),
    ],
)
def test_corrupted_fixture_errors_that_test_only(
    make_config: MakeConfig, content: bytes, message: str
) -> None:
    path = make_config(BASIC)
    run_suite(load_config(path), record=True)
    config = load_config(path)
    fixture = fixture_path(config, "unknown")
    fixture.write_bytes(content)
    capital, unknown = run_suite(config, replay=True).tests
    assert capital.passed
    assert unknown.error is not None
    shown = fixture.relative_to(path.parent)  # the project's own files: relative to it
    assert unknown.error.startswith(f"{shown}: {message}")
    assert unknown.error.endswith("; re-record it with `blame record -k unknown`")


def test_fixture_names_are_sanitised(make_config: MakeConfig, tmp_path: Path) -> None:
    path = make_config(
        """
        agent: {entrypoint: agent:run}
        tests:
          - {name: ../../escape, input: capital?, checks: [{type: contains, value: Paris}]}
          - {name: ../../escape/, input: capital?, checks: [{type: contains, value: Paris}]}
        """
    )
    run_suite(load_config(path), record=True)
    fixtures = tmp_path / ".blame" / "fixtures"
    files = sorted(p.name for p in fixtures.iterdir())
    assert len(files) == 2
    assert all(f.startswith("escape-") and f.endswith(".json") for f in files)
    assert not (tmp_path.parent / "escape.json").exists()
    assert run_suite(load_config(path), replay=True).passed


def test_hung_entrypoint_times_out_and_suite_continues(make_config: MakeConfig) -> None:
    path = make_config(
        """
        agent: {entrypoint: agent:hang}
        settings: {timeout: 0.2}
        tests:
          - {name: hangs, input: x, checks: [{type: contains, value: P}]}
          - {name: stored, trace: stored.json, checks: [{type: contains, value: P}]}
        """
    )
    rec = TraceRecorder(test_name="stored")
    rec.step("A", output="P")
    (path.parent / "stored.json").write_text(rec.finalize().to_json())
    suite = run_suite(load_config(path))
    assert suite.tests[0].error == (
        "test 'hangs': timed out after 0.2 s while running the agent; "
        "raise settings.timeout or fix the hang"
    )
    assert suite.tests[1].passed
    assert exit_code(suite) is ExitCode.ERROR


SIGNALLED_AGENT = """
import pathlib, signal, threading, time


def run(question):
    time.sleep(0.3)  # the main thread is waiting for this one by now
    # the kernel may hand a Ctrl-C to any thread of the process: here, the agent's own
    signal.pthread_kill(threading.get_ident(), signal.SIGINT)
    release = pathlib.Path(question)
    for _ in range(200):
        if release.exists():
            break
        time.sleep(0.05)
    release.with_name("ended").touch()
    raise RuntimeError("released")
"""


def test_ctrl_c_caught_by_the_agents_thread_still_interrupts_the_run(
    make_config: MakeConfig, tmp_path: Path
) -> None:
    """The main thread waits in short slices: a signal another thread took is acted on at the
    next one, not when the agent ends (or times out)."""
    release = tmp_path / "release"
    path = make_config(
        f"""
        agent: {{entrypoint: agent:run}}
        tests: [{{name: a, input: {str(release)!r}, checks: [{{type: contains, value: P}}]}}]
        """,
        agent=SIGNALLED_AGENT,
    )
    ended = tmp_path / "ended"
    suite = run_suite(load_config(path))
    assert (suite.interrupted, suite.tests) == (True, ())  # what finished: nothing yet
    assert not ended.exists()  # interrupted while the agent ran
    release.touch()
    for _ in range(200):  # let the agent's thread end before the next test
        if ended.exists():
            break
        time.sleep(0.05)


@pytest.mark.parametrize(
    ("entry", "error"),
    [
        ("agent:crash", "test 'a': entrypoint agent:crash raised ValueError: the model is down (at "
         "agent.py:"),
        ("agent:wrong", "entrypoint agent:wrong returned int; expected (final_output, Trace) or a "
         "Trace"),
    ],
)  # fmt: skip
def test_bad_entrypoint_makes_each_test_an_error(
    make_config: MakeConfig, entry: str, error: str
) -> None:
    path = make_config(
        f"""
        agent: {{entrypoint: "{entry}"}}
        tests:
          - {{name: a, input: x, checks: [{{type: contains, value: P}}]}}
          - {{name: b, input: y, checks: [{{type: contains, value: P}}]}}
        """
    )
    suite = run_suite(load_config(path))
    assert [t.name for t in suite.tests] == ["a", "b"]
    assert all(t.error is not None and not t.passed for t in suite.tests)
    assert error in (suite.tests[0].error or "")


@pytest.mark.parametrize(
    "check",
    [
        "{type: contains, value: Paris}",  # written before the step that raised
        "{type: not_contains, value: TODO}",
        "{type: max_steps, max: 5}",
        "{type: max_cost, usd: 1}",
        "{type: tool_not_called, tool: search}",
    ],
)
@pytest.mark.parametrize("runs", [1, 2])
def test_a_run_that_raised_part_way_is_the_tests_error_never_a_pass(
    make_config: MakeConfig, check: str, runs: int
) -> None:
    """An adapter that kept a crashed run's partial trace as the run's let its checks pass on
    it: a LangGraph graph that raised after writing 'Paris' passed `contains: Paris`, exit 0.
    The run is the test's error (exit 2); its checks still run on the steps so far, to show."""
    path = make_config(
        f"""
        agent: {{entrypoint: "agent:half"}}
        tests:
          - {{name: a, input: capital?, runs: {runs}, checks: [{check}]}}
        """
    )
    suite = run_suite(load_config(path), record=True)
    (test,) = suite.tests
    assert (test.passed, test.verdict, exit_code(suite)) == (False, "ERROR", ExitCode.ERROR)
    assert (test.error or "").startswith("test 'a': Writer raised ValueError: the model is down")
    assert [c.passed for c in test.checks] == [True]
    assert not fixture_path(load_config(path), "a").exists()  # never replayed as a pass


def test_missing_entrypoint_module_stops_with_one_line(make_config: MakeConfig) -> None:
    path = make_config(BASIC.replace("agent:run", "not_there_mod:run"))
    with pytest.raises(ConfigError) as caught:
        run_suite(load_config(path))
    assert str(caught.value) == (
        f"{path}: agent.entrypoint: cannot import module 'not_there_mod' (no not_there_mod.py "
        f"in {path.parent.resolve()}); fix the module part of `module:attr` (relative to "
        "blame.yaml)"
    )


FLAKY = """
from blame import TraceRecorder

CALLS = []


def run(question):
    CALLS.append(question)
    answer = "Paris" if len(CALLS) != 2 else "Rome"
    rec = TraceRecorder()
    rec.step("Writer", input=question, output=answer)
    return answer, rec.finalize()
"""


def test_runs_reports_the_worst_run(make_config: MakeConfig) -> None:
    path = make_config(
        """
        agent: {entrypoint: "flaky_agent:run"}
        tests:
          - {name: a, input: x, runs: 3, checks: [{type: contains, value: Paris}]}
        """
    )
    (path.parent / "flaky_agent.py").write_text(FLAKY)
    result = run_suite(load_config(path)).tests[0]
    assert result.reward == 0.0
    assert result.checks[0].message == (
        "expected output to contain 'Paris'; final output: 'Rome' (worst of 3 runs: run 2)"
    )


BOOM_PLUGIN = """
class Boom:
    type = "boom"

    def validate(self, params):
        return None

    def label(self, params):
        return "boom"

    def evaluate(self, check, trace):
        raise RuntimeError("kaput")


blame_plugins = [Boom()]
"""


def test_evaluator_that_raises_errors_the_check_not_the_run(make_config: MakeConfig) -> None:
    path = make_config(
        """
        agent: {entrypoint: agent:run}
        plugins: [boom_plugin_mod]
        tests:
          - name: a
            input: capital?
            checks: [{type: boom}, {type: contains, value: Paris}]
        """
    )
    (path.parent / "boom_plugin_mod.py").write_text(BOOM_PLUGIN)
    result = run_suite(load_config(path)).tests[0]
    boom, contains = result.checks
    assert (boom.passed, boom.score) == (False, 0.0)
    assert boom.message == (
        "error: check type 'boom' could not evaluate: check boom: local plugin boom_plugin_mod "
        "raised RuntimeError: kaput in evaluate(); this is a bug in the plugin; report it to "
        "its authors"
    )
    assert contains.passed
    assert result.error is not None and "kaput" in result.error


def test_name_filter(make_config: MakeConfig) -> None:
    config = load_config(make_config(BASIC))
    assert [t.name for t in run_suite(config, name_filter="CAP").tests] == ["capital"]
    with pytest.raises(ConfigError, match="no test name contains 'zzz'"):
        run_suite(config, name_filter="zzz")


def test_filter_that_matches_nothing_lists_long_names_shortened(make_config: MakeConfig) -> None:
    long = "n" * 5000
    config = load_config(
        make_config(
            f"agent: {{entrypoint: agent:run}}\n"
            f"tests: [{{name: {long}, input: x, checks: [{{type: contains, value: P}}]}}]\n"
        )
    )
    with pytest.raises(ConfigError) as caught:
        run_suite(config, name_filter="zzz")
    assert str(caught.value).endswith(f"tests are: {'n' * 59}…")


def test_stored_trace_that_is_broken_errors_that_test(make_config: MakeConfig) -> None:
    path = make_config(
        "tests: [{name: a, trace: bad.json, checks: [{type: contains, value: P}]}]\n"
    )
    (path.parent / "bad.json").write_text('{"schema_version": 1, "steps": [')
    result = run_suite(load_config(path)).tests[0]
    assert result.error is not None and "bad.json" in result.error


def _trace(final: str) -> Trace:
    rec = TraceRecorder(test_name="t")
    rec.step("Planner", output="Paris")
    rec.step("Writer", input="Paris", output=final)
    return rec.finalize(final_output=final)


def test_evaluate_trace_builds_the_graph_only_on_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    import blame.graph

    built: list[int] = []
    original = blame.graph.StepGraph.__init__

    def counting(self: Any, trace: Trace) -> None:
        built.append(1)
        original(self, trace)

    monkeypatch.setattr(blame.graph.StepGraph, "__init__", counting)
    checks = [
        Check(type="contains", name="contains:Paris", params={"value": "Paris"}),
        Check(type="max_steps", name="max_steps:5", params={"max": 5}),
    ]
    ok = evaluate_trace(_trace("Paris"), checks, threshold=0.75, name="t")
    assert ok.passed and built == []
    bad = evaluate_trace(
        _trace("Rome"),
        [*checks, Check(type="contains", name="c:x", params={"value": "x"})],
        threshold=0.75,
        name="t",
    )
    assert built == [1]
    assert bad.reward == pytest.approx(1 / 3)
    assert bad.checks[0].blame[0].name == "Writer"


def test_a_check_unattributed_for_a_regex_timeout_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    import blame.graph

    monkeypatch.setattr(blame.graph, "REGEX_BUDGET_S", 0.2, raising=False)
    rec = TraceRecorder(test_name="t")
    rec.step("Planner", output="a" * 2000)
    rec.step("Writer", input="a" * 2000, output="Lyon")
    regex = Check(type="regex", name="regex", params={"value": "(a|aa)+b"})
    [result] = evaluate_trace(rec.finalize(), [regex], threshold=1, name="t").checks
    assert result.blame == ()
    assert result.message == (
        "expected output to match /(a|aa)+b/; final output: 'Lyon'; unattributed: regex "
        "'(a|aa)+b' timed out searching the steps' texts, so where the match was lost is "
        "unknown; a simpler pattern (no nested repeats) can be traced"
    )


@pytest.mark.parametrize("shared", [False, True], ids=["own lookups", "suite's resolver"])
def test_check_types_resolved_once_per_suite_give_the_same_results(shared: bool) -> None:
    from blame.checks import Resolver
    from blame.context import RunContext

    context = RunContext()
    types = Resolver(context) if shared else None
    checks = [
        Check(type="contains", name="contains:Paris", params={"value": "Paris"}),
        Check(type="not_contains", name="nc:Rome", params={"value": "Rome"}),
        Check(type="no_such_type", name="nst", params={}),  # each check errors alike
        Check(type="no_such_type", name="nst2", params={}),
    ]
    results = [
        evaluate_trace(
            _trace(final), checks, threshold=0.75, name="t", context=context, types=types
        )
        for final in ("Paris", "Rome")
    ]
    alone = [
        evaluate_trace(_trace(final), checks, threshold=0.75, name="t", context=RunContext())
        for final in ("Paris", "Rome")
    ]
    assert [r.to_dict() for r in results] == [r.to_dict() for r in alone]
    assert "unknown check type 'no_such_type'" in (results[1].checks[3].error or "")
    assert results[1].checks[0].blame[0].name == "Writer"
    if types is not None:  # remembered: the types found, not the one that is unknown
        assert sorted(types.found) == ["contains", "not_contains"]


def test_weighted_reward_and_threshold() -> None:
    checks = [
        Check(type="contains", name="a", weight=3, params={"value": "Paris"}),
        Check(type="contains", name="b", weight=1, params={"value": "nope"}),
    ]
    result = evaluate_trace(_trace("Paris"), checks, threshold=0.75, name="t")
    assert (result.reward, result.passed) == (0.75, True)
    assert evaluate_trace(_trace("Paris"), checks, threshold=0.8, name="t").passed is False


WEIRD_ADAPTER = """
class Weird:
    type = "weird"

    def load(self, entrypoint, *, base_dir, options):
        return lambda input, test_name: 42


blame_plugins = [Weird()]
"""


def test_adapter_returning_the_wrong_shape_errors_the_test(make_config: MakeConfig) -> None:
    path = make_config(
        """
        agent: {type: weird, entrypoint: "agent:run"}
        plugins: [weird_adapter_mod]
        tests: [{name: a, input: x, checks: [{type: contains, value: P}]}]
        """
    )
    (path.parent / "weird_adapter_mod.py").write_text(WEIRD_ADAPTER)
    result = run_suite(load_config(path)).tests[0]
    assert result.error == (
        "test 'a': the weird agent adapter returned int for agent:run, expected "
        "(final_output, Trace); this is a bug in the adapter"
    )


MISBEHAVING_PLUGIN = """
from blame.results import Evaluation, Suspect


class Picky:
    type = "picky"

    def validate(self, params):
        return None

    def label(self, params):
        return "picky"

    def evaluate(self, check, trace):
        return Evaluation(score=0.0, message="never happy")

    def attribute(self, check, evaluation, graph):
        return ["not a suspect"]


class Loud:
    type = "loud"

    def bind(self, params, *, base_dir):
        return ()

    def label(self, params):
        return "loud"

    def evaluate(self, check, trace):
        return Evaluation(score=0.0, message="too quiet")

    def attribute(self, check, evaluation, graph):
        return [Suspect("agent", "Writer", "Writer", None, 0.5, "it said so")]

    def patch(self, check, suspect, trace):
        raise ValueError("no words")


blame_plugins = [Picky(), Loud()]
"""


@pytest.mark.parametrize(
    ("checks", "fragment"),
    [
        (
            "[{type: picky}]",
            "check picky: local plugin picky_plugin_mod returned list from attribute(), "
            "expected a sequence of blame.results.Suspect or None",
        ),
        (
            "[{type: loud}]",
            "raised ValueError: no words in patch()",
        ),
    ],
)
def test_plugin_that_misbehaves_while_blaming_errors_its_test(
    make_config: MakeConfig, checks: str, fragment: str
) -> None:
    path = make_config(
        f"""
        agent: {{entrypoint: agent:run}}
        plugins: [picky_plugin_mod]
        tests:
          - name: a
            input: capital?
            checks: {checks}
          - name: b
            input: capital?
            checks: [{{type: contains, value: Paris}}]
        """
    )
    (path.parent / "picky_plugin_mod.py").write_text(MISBEHAVING_PLUGIN)
    suite = run_suite(load_config(path))
    broken, fine = suite.tests
    assert broken.error is not None and fragment in broken.error
    assert fine.passed
    assert exit_code(suite) is ExitCode.ERROR


IMPOSSIBLE = """
from blame import TraceRecorder
from blame.model import Step, StepKind, Trace


def cost(question):
    rec = TraceRecorder()
    rec.step("Big", input=question, output="ok", cost_usd=999.0)
    rec.step("Hider", input="ok", output="ok", cost_usd=-1000.0)
    return "ok", rec.finalize(final_output="ok")


def orphan(question):
    step = Step(id="a", index=0, kind=StepKind.AGENT, name="A", agent="A", parents=("nope",))
    return "ok", Trace(test_name="t", steps=(step,), final_output="ok")
"""


@pytest.mark.parametrize(
    ("entry", "error"),
    [
        ("cost", "step 1 (Hider).cost_usd: must be a finite number of at least 0, got -1000.0"),
        ("orphan", "agent:orphan returned an invalid trace: steps[0].parents: unknown parent"),
    ],
)
def test_agent_built_trace_with_impossible_steps_errors_its_test(
    make_config: MakeConfig, entry: str, error: str
) -> None:
    path = make_config(
        f"""
        agent: {{entrypoint: "agent:{entry}"}}
        tests:
          - {{name: a, input: x, checks: [{{type: max_cost, usd: 1000}}]}}
        """,
        agent=IMPOSSIBLE,
    )
    suite = run_suite(load_config(path))
    assert error in (suite.tests[0].error or "")
    assert exit_code(suite) == ExitCode.ERROR


def test_a_replayed_test_runs_no_from_import(
    make_config: MakeConfig, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`from blame.x import y` in a function looks for a package's `__path__` on every call,
    raising and dropping an AttributeError: 5 % of a 200-test replay (issue 17). Per test, a
    replay (fixtures read, checks evaluated and blamed, patches, graph drawn, history record,
    results written) executes none: twice the tests, the same from-imports."""
    import builtins

    from blame import history

    def config(count: int) -> Path:
        tests = "".join(
            f"  - name: t{i}\n    input: x\n    checks:\n      - {{type: contains, value: Paris}}\n"
            for i in range(count)
        )
        text = f"agent: {{type: python, entrypoint: agent:run}}\ntests:\n{tests}"
        return make_config(text, name=f"blame{count}.yaml")

    run_suite(load_config(config(4)), record=True)
    imported = builtins.__import__

    def from_imports(path: Path) -> list[tuple[str, tuple[str, ...]]]:
        loaded = load_config(path)
        seen: list[tuple[str, tuple[str, ...]]] = []

        def counting(name: str, *args: Any) -> Any:
            if name.startswith("blame") and len(args) > 2 and args[2]:
                seen.append((name, tuple(args[2])))
            return imported(name, *args)

        monkeypatch.setattr(builtins, "__import__", counting)
        try:
            suite = run_suite(loaded, replay=True, keep_traces=True)
            history.record_of(suite, seq=1, time="2026-01-01T00:00:00Z")
            suite.to_json()
        finally:
            monkeypatch.setattr(builtins, "__import__", imported)
        assert [t.passed for t in suite.tests] == [False] * len(loaded.tests)
        return seen

    from_imports(config(2))  # the first run imports what it needs
    assert from_imports(config(2)) == from_imports(config(4))
