"""The gate: regression rules, the self-comparison property, and the example end to end."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from blame import baseline, gate, kept
from blame.cli import app
from blame.results import CaseResult, CheckResult, SuiteResult, Suspect
from blame.runstats import CheckRuns, CulpritShare, RunStats
from blame.testing import agent, chain, tool
from tests.conftest import EXAMPLES

Check = tuple[str, str, bool, str]
"""(name, type, passed, culprit) of a check in these tables."""


def _case(name: str, *checks: Check, error: str | None = None) -> CaseResult:
    results = []
    for check_name, kind, passed, culprit in checks:
        blame = () if passed else (Suspect("agent", culprit, culprit, 2, 0.9, "did it"),)
        results.append(CheckResult(check_name, kind, passed, float(passed), 1.0, "m", blame))
    passed = error is None and all(c.passed for c in results)
    return CaseResult(name, passed, float(passed), 0.75, error=error, checks=tuple(results))


def _suite(*cases: CaseResult) -> SuiteResult:
    return SuiteResult(tuple(cases))


OK = ("contains:x", "contains", True, "")
LOST = ("contains:x", "contains", False, "Coder")
LOST_BY_CRITIC = ("contains:x", "contains", False, "Critic")
TODO = ("not_contains:TODO", "not_contains", False, "Critic")
TODO_OK = ("not_contains:TODO", "not_contains", True, "")

# (case, baseline's run, this run, finding kinds of test "t", regressed)
GATE: list[tuple[str, CaseResult, CaseResult, list[str], bool]] = [
    ("unchanged pass", _case("t", OK), _case("t", OK), [], False),
    (
        "a passing check now fails",
        _case("t", OK),
        _case("t", LOST),
        ["pass_rate", "new_failure"],
        True,
    ),
    ("a known failure does not block", _case("t", TODO), _case("t", TODO), ["known"], False),
    (
        "same check, another culprit",
        _case("t", LOST),
        _case("t", LOST_BY_CRITIC),
        ["new_culprit"],
        True,
    ),
    (
        "a known failure and a new one",
        _case("t", OK, TODO),
        _case("t", LOST, TODO),
        ["new_failure", "known"],
        True,
    ),
    ("a failure fixed", _case("t", TODO), _case("t", TODO_OK), ["improved", "improved"], False),
]


@pytest.mark.parametrize(
    ("before", "now", "kinds", "regressed"), [g[1:] for g in GATE], ids=[g[0] for g in GATE]
)
def test_gate_rules(
    tmp_path: Path, before: CaseResult, now: CaseResult, kinds: list[str], regressed: bool
) -> None:
    reference = baseline.baseline_of(_suite(before), tmp_path)
    report = gate.compare(reference, _suite(now), tmp_path)
    [verdict] = report.tests
    assert [f.kind for f in verdict.findings] == kinds
    assert report.regressed is regressed
    assert int(gate.exit_code(report, _suite(now))) == int(regressed)


def test_a_new_category_blocks(tmp_path: Path) -> None:
    before = _case("t", ("c", "contains", False, "Coder"))
    reference = baseline.baseline_of(_suite(before), tmp_path)
    erred = CheckResult("c", "contains", False, 0.0, 1.0, "error: boom", (), error="boom")
    now = CaseResult("t", False, 0.0, 0.75, checks=(erred,))
    [finding] = gate.compare(reference, _suite(now), tmp_path).tests[0].findings
    assert finding.kind == "new_category" and "error in run" in finding.message


def test_a_check_added_since_the_baseline_is_not_said_to_have_passed_in_it(
    tmp_path: Path,
) -> None:
    reference = baseline.baseline_of(_suite(_case("t", OK)), tmp_path)
    [verdict] = gate.compare(reference, _suite(_case("t", OK, TODO)), tmp_path).tests
    [finding] = [f for f in verdict.findings if f.check == "not_contains:TODO"]
    assert finding.kind == "new_failure" and finding.blocking
    assert finding.message.endswith("; a check the baseline does not have")


def _flaky(culprits: dict[str, int], shown: str) -> CaseResult:
    """A test of ten runs whose check failed in some, blamed on `culprits` (name: runs); the
    run shown (the worst) blames `shown`."""
    shares = tuple(
        CulpritShare("agent", name, name, step, runs)
        for step, (name, runs) in enumerate(culprits.items(), start=1)
    )
    failing = sum(culprits.values())
    stats = CheckRuns(10, failing, shares)
    suspect = Suspect("agent", shown, shown, 1 + list(culprits).index(shown), 0.9, "did it")
    check = CheckResult("contains:x", "contains", False, 0.0, 1.0, "m", (suspect,), runs=stats)
    passed = tuple(run >= failing for run in range(10))
    test_runs = RunStats(passed, tuple(map(float, passed)), (None,) * 10, 0.5)
    return CaseResult("t", False, 0.0, 0.75, checks=(check,), runs=test_runs)


def test_a_new_culprit_in_another_failing_run_is_the_one_named(tmp_path: Path) -> None:
    # the baseline's failing runs all blamed the Researcher; now one run blames the Writer,
    # and the run shown is still one of the Researcher's
    reference = baseline.baseline_of(_suite(_flaky({"Researcher": 4}, "Researcher")), tmp_path)
    now = _flaky({"Researcher": 8, "Writer": 1}, "Researcher")
    [verdict] = gate.compare(reference, _suite(now), tmp_path).tests
    [finding] = verdict.findings
    assert finding.kind == "new_culprit" and "new culprit Writer" in finding.message
    assert (finding.agent, finding.step) == ("Writer", 2)
    assert verdict.agent == "Writer"


def test_a_divergence_where_the_baseline_failed_too_does_not_name_the_agent(
    tmp_path: Path,
) -> None:
    # the kept failing run leaves the passing one at the Researcher's flaky tool, a failure
    # the baseline has; the new failure is the Writer's
    passing = chain(agent("Researcher", "plan"), tool("search", "Paris", agent="Researcher"))
    timed_out = chain(
        agent("Researcher", "plan"), tool("search", None, agent="Researcher", error="timed out")
    )
    kept.keep_traces(tmp_path, "t", [(_case("t", OK), passing)])
    reference = baseline.baseline_of(_suite(_flaky({"Researcher": 4}, "Researcher")), tmp_path)
    now = _flaky({"Researcher": 8, "Writer": 1}, "Researcher")
    kept.keep_traces(tmp_path, "t", [(now, timed_out)])
    [verdict] = gate.compare(reference, _suite(now), tmp_path).tests
    assert verdict.divergence is not None and verdict.divergence.agent == "Researcher"
    assert verdict.agent == "Writer"
    assert "REGRESSED t: agent Writer (top culprit)" in gate.render_text(
        gate.GateReport((verdict,)), "b.json"
    )


def test_new_failing_test_blocks_and_a_missing_one_is_noted(tmp_path: Path) -> None:
    reference = baseline.baseline_of(_suite(_case("old", OK)), tmp_path)
    report = gate.compare(reference, _suite(_case("new", LOST)), tmp_path)
    assert [(t.name, [f.kind for f in t.findings]) for t in report.tests] == [
        ("new", ["new_failure"]),
        ("old", ["missing"]),
    ]
    assert report.regressed


def test_errored_run_exits_2_whatever_the_gate(tmp_path: Path) -> None:
    reference = baseline.baseline_of(_suite(_case("t", OK)), tmp_path)
    now = _suite(_case("t", error="agent crashed"))
    report = gate.compare(reference, now, tmp_path)
    assert int(gate.exit_code(report, now)) == 2


@pytest.mark.parametrize(
    ("before", "now", "change"),
    [
        ((1, 1), (1, 0), "fell"),
        ((1, 0), (1, 1), "rose"),
        ((1, 1), (1, 1), None),
        ((20, 19), (20, 10), "fell"),
        ((20, 19), (5, 5), None),
        ((10, 5), (10, 4), None),
        ((20, 5), (20, 19), "rose"),
        ((5, 5), (5, 3), None),
    ],
)
def test_pass_rate_change_is_interval_based(
    before: tuple[int, int], now: tuple[int, int], change: str | None
) -> None:
    assert gate.rate_change(before, now) == change


suspect_names = st.sampled_from(["Planner", "Coder", "Critic", "search", "Planner -> Coder"])
checks = st.lists(
    st.tuples(
        st.sampled_from(["contains:a", "not_contains:b", "tool_called:c", "regex:d"]),
        st.sampled_from(["contains", "not_contains", "tool_called", "regex"]),
        st.booleans(),
        suspect_names,
    ),
    max_size=4,
    unique_by=lambda c: c[0],
)
suites = st.lists(
    st.tuples(st.text(min_size=1, max_size=8), checks), max_size=5, unique_by=lambda t: t[0]
).map(lambda tests: _suite(*(_case(name, *cs) for name, cs in tests)))


@settings(max_examples=150, deadline=None)
@given(suites)
def test_a_baseline_compared_with_itself_has_no_regression(suite: SuiteResult) -> None:
    here = Path("/nonexistent-output-dir")
    reference = baseline.baseline_of(suite, here)
    report = gate.compare(reference, suite, here)
    assert not report.regressed
    assert int(gate.exit_code(report, suite)) == 0
    again = baseline._baseline_from(json.loads(reference.to_json()))
    assert again.to_json() == reference.to_json()  # read back exactly


def test_kept_traces_give_the_first_divergence(tmp_path: Path) -> None:
    passing = chain(agent("Planner", "plan"), tool("search", "Paris", agent="Planner"))
    failing = chain(agent("Planner", "plan"))
    ok, bad = _case("t", OK), _case("t", LOST)
    kept.keep_traces(tmp_path, "t", [(ok, passing)])
    reference = baseline.baseline_of(_suite(ok), tmp_path)
    kept.keep_traces(tmp_path, "t", [(bad, failing)])
    [verdict] = gate.compare(reference, _suite(bad), tmp_path).tests
    assert verdict.divergence is not None and verdict.divergence.kind == "vanished"
    assert "tool search, called by Planner" in verdict.divergence.describe()


def test_no_passing_trace_is_said(tmp_path: Path) -> None:
    reference = baseline.baseline_of(_suite(_case("t", OK)), tmp_path)
    [verdict] = gate.compare(reference, _suite(_case("t", LOST)), tmp_path).tests
    assert verdict.divergence is None
    assert verdict.divergence_note == "the baseline keeps no passing trace of this test"


@pytest.fixture
def example(tmp_path: Path) -> Path:
    """A copy of examples/baseline_gate, so runs write their .blame there."""
    target = tmp_path / "baseline_gate"
    shutil.copytree(EXAMPLES / "baseline_gate", target, ignore=shutil.ignore_patterns(".blame"))
    return target


def test_example_gate_names_the_regression_and_lets_the_known_failure_pass(
    example: Path,
) -> None:
    runner = CliRunner()
    config, committed = example / "blame.yaml", example / "baseline.json"
    done = runner.invoke(app, ["test", "-c", str(config), "--baseline", str(committed)])
    assert done.exit_code == 1, done.output
    out = done.output
    assert "REGRESSED order_status: agent Researcher (first divergence, step 1)" in out
    assert "tool_called:lookup_order: new failure (missing required tool)" in out
    assert (
        "first divergence from the baseline's passing run: step 1 (Researcher) produced a "
        'different output (A: "CALL lookup_order A-1042", B: "Your order is probably on its '
        'way.")' in out
    )
    assert (
        "KNOWN     refund\n  not_contains:guarantee: known failure (forbidden content; Writer)"
        in out
    )
    gate_json = json.loads((example / ".blame" / "results" / "gate.json").read_text("utf-8"))
    regressed = [(t["name"], t["agent"]) for t in gate_json["tests"] if t["regressed"]]
    assert regressed == [("order_status", "Researcher")]
    # `blame gate` on the stored results says the same, byte for byte in JSON.
    stored = runner.invoke(app, ["gate", "-c", str(config), "--baseline", str(committed), "--json"])
    assert stored.exit_code == 1
    assert json.loads(stored.stdout) == gate_json


def test_example_baseline_is_what_save_writes_from_before_yaml(example: Path) -> None:
    """The committed baseline is reproducible: the previous prompt's run, saved."""
    runner = CliRunner()
    before = example / "before.yaml"
    assert runner.invoke(app, ["test", "-c", str(before)]).exit_code == 1  # the known failure
    saved = example / "saved.json"
    done = runner.invoke(app, ["baseline", "save", "-c", str(before), "--output", str(saved)])
    assert done.exit_code == 0, done.output
    assert "2 tests, 1 with known failures" in done.output
    assert saved.read_bytes() == (example / "baseline.json").read_bytes()
    gated = runner.invoke(app, ["gate", "-c", str(before), "--baseline", str(saved)])
    assert gated.exit_code == 0, gated.output  # a run gated against its own baseline passes


def test_a_baseline_saved_over_the_config_is_refused(example: Path) -> None:
    """`blame baseline save -o before.yaml` replaced the config with the baseline's JSON."""
    runner = CliRunner()
    before = example / "before.yaml"
    assert runner.invoke(app, ["test", "-c", str(before)]).exit_code == 1
    kept = before.read_bytes()
    done = runner.invoke(app, ["baseline", "save", "-c", str(before), "-o", str(before)])
    assert done.exit_code == 2
    assert f"{before}: --output: is the config file; writing the output here" in done.output
    assert before.read_bytes() == kept


def test_bad_baseline_stops_the_run_before_any_test(example: Path) -> None:
    bad = example / "bad.json"
    bad.write_text('{"baseline_version": 1, "tests": "all"}', "utf-8")
    done = CliRunner().invoke(
        app, ["test", "-c", str(example / "blame.yaml"), "--baseline", str(bad)]
    )
    assert done.exit_code == 2
    assert "bad.json: tests: must be list, got str" in done.output
    assert not (example / ".blame" / "results" / "latest.json").exists()


def test_save_and_gate_without_a_run_say_to_run_first(example: Path) -> None:
    runner = CliRunner()
    config = str(example / "blame.yaml")
    saved = runner.invoke(app, ["baseline", "save", "-c", config])
    assert saved.exit_code == 2 and "no results yet" in saved.output
    gated = runner.invoke(app, ["gate", "-c", config, "--baseline", str(example / "baseline.json")])
    assert gated.exit_code == 2 and "no results yet" in gated.output


def test_an_interrupted_run_is_neither_gated_nor_saved(example: Path) -> None:
    """Ctrl-C keeps the finished tests' results, marked interrupted: gating them would let the
    tests that never ran pass as 'missing' (exit 0), and saving them would drop those tests."""
    runner = CliRunner()
    config = str(example / "blame.yaml")
    runner.invoke(app, ["test", "-c", config])
    latest = example / ".blame" / "results" / "latest.json"
    data = json.loads(latest.read_text("utf-8"))
    data["interrupted"], data["tests"] = True, data["tests"][:1]
    latest.write_text(json.dumps(data), "utf-8")
    for args in (["gate", "--baseline", str(example / "baseline.json")], ["baseline", "save"]):
        done = runner.invoke(app, [*args, "-c", config])
        assert done.exit_code == 2, done.output
        assert done.output.startswith(
            f"blame: error: {latest}: the run was interrupted: only the 1 test that finished; "
            "run `blame test` to the end first"
        )


def test_save_after_a_run_of_one_test_keeps_the_others(example: Path) -> None:
    runner = CliRunner()
    config = str(example / "before.yaml")
    runner.invoke(app, ["test", "-c", config])
    assert runner.invoke(app, ["baseline", "save", "-c", config]).exit_code == 0
    whole = (example / "blame-baseline.json").read_bytes()
    names = [t["name"] for t in json.loads(whole)["tests"]]
    runner.invoke(app, ["test", "-c", config, "-k", names[0]])
    done = runner.invoke(app, ["baseline", "save", "-c", config])
    assert done.exit_code == 0, done.output
    assert done.stdout.endswith(
        f"; 1 test ({names[1]!r}) the last run left out kept from the baseline it replaced\n"
    )
    assert (example / "blame-baseline.json").read_bytes() == whole
    (example / "blame-baseline.json").unlink()  # none to keep it from: said, not silent
    done = runner.invoke(app, ["baseline", "save", "-c", config])
    assert done.exit_code == 0
    assert done.stderr == (
        f"blame: warning: the baseline has no entry for 1 test ({names[1]!r}), which the last"
        " run did not run; run `blame test` without -k and save again\n"
    )


def test_save_writes_beside_the_config_by_default(example: Path) -> None:
    runner = CliRunner()
    config = str(example / "before.yaml")
    assert runner.invoke(app, ["test", "-c", config]).exit_code == 1
    done = runner.invoke(app, ["baseline", "save", "-c", config])
    assert done.exit_code == 0, done.output
    written = example / "blame-baseline.json"
    assert written.read_bytes() == (example / "baseline.json").read_bytes()


def test_gate_reads_the_baseline_save_wrote_by_default(example: Path) -> None:
    """`blame baseline save` then `blame gate`, no path given: the same file, beside the
    config; with none there, one line says how to make one."""
    runner = CliRunner()
    config = str(example / "before.yaml")
    assert runner.invoke(app, ["test", "-c", config]).exit_code == 1
    missing = runner.invoke(app, ["gate", "-c", config])
    assert missing.exit_code == 2
    assert missing.output.startswith(f"blame: error: {example / 'blame-baseline.json'}: ")
    assert "blame baseline save" in missing.output
    assert runner.invoke(app, ["baseline", "save", "-c", config]).exit_code == 0
    gated = runner.invoke(app, ["gate", "-c", config])
    assert gated.exit_code == 0, gated.output  # a run gated against its own baseline passes
