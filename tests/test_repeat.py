"""Tests run N times: verdicts, flakiness, tool paths, culprit shares and the spectrum."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blame.config import load_config
from blame.errors import ExitCode
from blame.model import StepKind, Trace
from blame.recorder import TraceRecorder
from blame.repeat import (
    Event,
    RunRecord,
    combine,
    event_names,
    events,
    run_index,
    summarise,
    tool_path,
    worst_run,
)
from blame.results import CaseResult, CheckResult, Suspect
from blame.runner import exit_code, fixture_path, run_suite
from tests.conftest import MakeConfig

# A pipeline whose run `i` fails when bit i of the input's number is set: the input says
# exactly which runs fail, whatever order or process they run in.
SEEDED = """
from blame import TraceRecorder, run_index


def run(mask):
    fails = int(mask) >> run_index() & 1
    rec = TraceRecorder(input=mask)
    ask = rec.step("Researcher", input=mask, output="look it up")
    if fails:
        rec.tool("fetch", agent="Researcher", error="timed out", parents=[ask])
        rec.tool("fetch", agent="Researcher", output="Paris", parents=[ask])
    else:
        rec.tool("fetch", agent="Researcher", output="Paris", parents=[ask])
    notes = rec.step("Researcher", input="Paris", output="Paris")
    answer = "no idea" if fails else "Paris"
    rec.step("Writer", input="Paris", output=answer, parents=[notes])
    return answer, rec.finalize(final_output=answer)


def crash_some(mask):
    if int(mask) >> run_index() & 1:
        raise RuntimeError("rate limited")
    return run("0")
"""


def _config(make_config: MakeConfig, tests: str, settings: str = "") -> Path:
    return make_config(
        f"agent: {{entrypoint: agent:run}}\ntests:\n{tests}\n{settings}", agent=SEEDED
    )


def _test(name: str, mask: int, runs: int, extra: str = "") -> str:
    return (
        f"  - {{name: {name}, input: '{mask}', runs: {runs}{extra}, "
        "checks: [{type: contains, value: Paris}]}"
    )


@pytest.mark.parametrize(
    ("mask", "runs", "verdict", "passes", "code"),
    [
        (0b0000000000, 10, "PASS", 10, ExitCode.OK),  # [0.72, 1] >= 0.5
        (0b0111111111, 10, "FAIL", 1, ExitCode.CHECK_FAILED),  # [0.02, 0.40] < 0.5
        (0b0000001111, 10, "INCONCLUSIVE", 6, ExitCode.OK),  # [0.31, 0.83]
        (0b1, 2, "INCONCLUSIVE", 1, ExitCode.OK),
    ],
)
def test_verdict_of_repeated_runs(
    make_config: MakeConfig, mask: int, runs: int, verdict: str, passes: int, code: ExitCode
) -> None:
    suite = run_suite(load_config(_config(make_config, _test("t", mask, runs))))
    test = suite.tests[0]
    assert test.runs is not None
    assert (test.verdict, test.runs.passes, test.runs.total) == (verdict, passes, runs)
    assert test.passed is (verdict != "FAIL")
    assert exit_code(suite) is code


def test_strict_turns_inconclusive_into_exit_3(make_config: MakeConfig) -> None:
    suite = run_suite(load_config(_config(make_config, _test("t", 0b1111, 10))))
    assert exit_code(suite) is ExitCode.OK
    assert exit_code(suite, strict=True) is ExitCode.INCONCLUSIVE


def test_a_fail_outranks_an_inconclusive_under_strict(make_config: MakeConfig) -> None:
    tests = _test("maybe", 0b1111, 10) + "\n" + _test("broken", 0b1111111111, 10)
    suite = run_suite(load_config(_config(make_config, tests)))
    assert [t.verdict for t in suite.tests] == ["INCONCLUSIVE", "FAIL"]
    assert exit_code(suite, strict=True) is ExitCode.CHECK_FAILED


@pytest.mark.parametrize(
    ("where", "verdict"),
    [
        (", pass_rate: 0.9", "INCONCLUSIVE"),  # 10 of 10 shows [0.72, 1]: not 0.9
        ("", "PASS"),
    ],
)
def test_pass_rate_per_test(make_config: MakeConfig, where: str, verdict: str) -> None:
    suite = run_suite(load_config(_config(make_config, _test("t", 0, 10, where))))
    assert suite.tests[0].verdict == verdict


def test_pass_rate_in_settings(make_config: MakeConfig) -> None:
    path = _config(make_config, _test("t", 0, 10), "settings: {pass_rate: 0.9}")
    suite = run_suite(load_config(path))
    assert suite.tests[0].runs is not None and suite.tests[0].runs.threshold == 0.9
    assert suite.tests[0].verdict == "INCONCLUSIVE"


def test_runs_option_overrides_the_config(make_config: MakeConfig) -> None:
    suite = run_suite(load_config(_config(make_config, _test("t", 0b10, 1))), runs=4)
    test = suite.tests[0]
    assert test.runs is not None and test.runs.total == 4 and test.runs.passes == 3


def test_one_run_is_the_run_itself(make_config: MakeConfig) -> None:
    suite = run_suite(load_config(_config(make_config, _test("t", 1, 1))))
    test = suite.tests[0]
    assert (test.runs, test.verdict, test.passed) == (None, "FAIL", False)
    assert test.checks[0].runs is None
    assert test.checks[0].message == "expected output to contain 'Paris'; final output: 'no idea'"


def test_flakiness_tool_paths_culprit_shares_and_spectrum(make_config: MakeConfig) -> None:
    suite = run_suite(load_config(_config(make_config, _test("t", 0b10110, 5))))
    test = suite.tests[0]
    assert test.runs is not None
    assert (test.runs.flaky, test.runs.tool_paths, test.runs.unstable_tools) == (True, 2, True)
    assert [o.passed for o in test.runs.outcomes] == [True, False, False, True, False]
    check = test.checks[0].runs
    assert check is not None
    assert (check.runs, check.failing, check.stable) == (5, 3, True)
    [share] = check.culprits
    assert share.phrase(check.failing) == "Writer, step 4: 3 of 3 failing runs"
    assert check.events[0].event == "Researcher: fetch failed"
    assert (check.events[0].score, check.events[0].failing, check.events[0].passing) == (1, 3, 0)
    # the detail shown is the worst run's, the first of the lowest reward
    assert test.checks[0].message.endswith("(worst of 5 runs: run 2)")


def test_runs_that_always_pass_are_stable_and_not_flaky(make_config: MakeConfig) -> None:
    suite = run_suite(load_config(_config(make_config, _test("t", 0, 3))))
    stats = suite.tests[0].runs
    assert stats is not None
    assert (stats.flaky, stats.unstable_tools, stats.verdict) == (False, False, "INCONCLUSIVE")


def test_errored_runs_count_as_not_passing(make_config: MakeConfig) -> None:
    path = _config(make_config, _test("t", 0b101, 5)).parent / "blame.yaml"
    path.write_text(path.read_text().replace("agent:run", "agent:crash_some"))
    suite = run_suite(load_config(path))
    test = suite.tests[0]
    assert test.runs is not None
    assert (test.runs.errors, test.runs.passes, test.error) == (2, 3, None)
    assert "rate limited" in (test.runs.outcomes[0].error or "")
    assert test.checks[0].runs is not None and test.checks[0].runs.runs == 3
    assert test.verdict == "INCONCLUSIVE"


def test_every_run_errored_is_an_error(make_config: MakeConfig) -> None:
    path = _config(make_config, _test("t", 0b111, 3))
    path.write_text(path.read_text().replace("agent:run", "agent:crash_some"))
    suite = run_suite(load_config(path))
    test = suite.tests[0]
    assert test.verdict == "ERROR" and not test.passed
    assert test.error is not None and test.error.endswith("(worst of 3 runs: run 1)")
    assert exit_code(suite, strict=True) is ExitCode.ERROR


def test_record_keeps_the_worst_run(make_config: MakeConfig) -> None:
    path = _config(make_config, _test("t", 0b100, 4))
    run_suite(load_config(path), record=True)
    fixture = json.loads(fixture_path(load_config(path), "t").read_text())
    assert fixture["final_output"] == "no idea"  # run 3, the only failing one
    replayed = run_suite(load_config(path), replay=True).tests[0]
    assert (replayed.runs, replayed.verdict) == (None, "FAIL")


@pytest.mark.parametrize(
    ("options", "trace", "note"),
    [
        (["--replay", "--runs", "3"], False, "every test replays one recorded fixture"),
        (["--runs", "3"], True, "1 of 2 tests reads one stored `trace:` file"),
        (["--replay"], False, None),  # `runs:` alone: no option to question
        (["--runs", "3"], False, None),  # every test ran three times
    ],
)
def test_runs_that_cannot_repeat_are_said(
    make_config: MakeConfig, options: list[str], trace: bool, note: str | None
) -> None:
    from typer.testing import CliRunner

    from blame.cli import app

    path = _config(make_config, _test("t", 0, 1) + "\n" + _test("u", 0, 1))
    run_suite(load_config(path), record=True)
    if trace:  # test u evaluates its recorded fixture as a stored trace
        text = path.read_text().replace(
            "name: u,", f"name: u, trace: {fixture_path(load_config(path), 'u')},"
        )
        path.write_text(text)
    result = CliRunner().invoke(app, ["test", "-c", str(path), *options])
    assert result.exit_code == 0, result.output
    said = [line for line in result.stderr.splitlines() if line.startswith("blame: note: --runs")]
    if note is None:
        assert said == []
    else:
        assert len(said) == 1 and f"--runs 3: {note}, so it runs once;" in said[0]


@pytest.mark.parametrize("workers", [2, 3])
def test_workers_give_the_bytes_of_a_serial_run(make_config: MakeConfig, workers: int) -> None:
    tests = "\n".join(_test(f"t{mask}", mask, 5) for mask in (0, 0b10110, 0b11111, 0b1))
    path = _config(make_config, tests)
    serial = run_suite(load_config(path)).to_json()
    assert run_suite(load_config(path), workers=workers).to_json() == serial


def _case(*checks: CheckResult, reward: float = 0.0, error: str | None = None) -> CaseResult:
    return CaseResult(
        name="t", passed=error is None and reward >= 0.75, reward=reward, threshold=0.75,
        error=error, checks=checks,
    )  # fmt: skip


def _failed(*culprits: tuple[str, int]) -> CheckResult:
    blame = tuple(Suspect("agent", name, name, step, 0.9, "r") for name, step in culprits[:1])
    return CheckResult("c", "contains", False, 0.0, 1.0, "m", blame=blame)


PASSED = CheckResult("c", "contains", True, 1.0, 1.0, "ok")


def test_culprit_shares_say_when_the_culprit_is_split() -> None:
    records = [
        RunRecord(_case(_failed(("Coder", 1)))),
        RunRecord(_case(_failed(("Coder", 1)))),
        RunRecord(_case(_failed(("Critic", 3)))),
        RunRecord(_case(_failed())),
        RunRecord(_case(PASSED, reward=1.0)),
    ]
    check = combine(records, 0.5).checks[0].runs
    assert check is not None
    assert [c.phrase(check.failing) for c in check.culprits] == [
        "Coder, step 1: 2 of 4 failing runs",
        "Critic, step 3: 1 of 4 failing runs",
    ]
    assert (check.unattributed, check.stable) == (1, False)


def test_a_culprit_pinned_on_different_steps_keeps_no_step() -> None:
    records = [RunRecord(_case(_failed(("Coder", 1)))), RunRecord(_case(_failed(("Coder", 4))))]
    check = combine(records, 0.5).checks[0].runs
    assert check is not None and check.stable
    assert check.culprits[0].phrase(2) == "Coder: 2 of 2 failing runs"


def test_worst_run_prefers_evaluated_runs() -> None:
    cases = [_case(reward=0.5), _case(error="boom"), _case(reward=0.2), _case(reward=0.2)]
    assert worst_run(cases) == 2
    assert worst_run([_case(error="a"), _case(error="b")]) == 0


def test_events_and_tool_path_of_a_trace() -> None:
    rec = TraceRecorder()
    plan = rec.step("Planner", input="q", output="p")
    rec.tool("search", agent="Planner", error="down")
    rec.step("Writer", input="p", output="a", parents=[plan], error="bad")
    trace = rec.finalize(final_output="a")
    assert tool_path(trace) == ("Planner:search",)
    assert events(trace) == (
        "Planner -> Writer: handoff",
        "Planner: called search",
        "Planner: ran",
        "Planner: search failed",
        "Writer: raised",
        "Writer: ran",
    )
    case = _case(reward=0.5)
    record = summarise(case, trace, "{}")
    assert (record.case, record.trace_json) == (case, "{}")
    assert tuple(f"{agent}:{tool}" for agent, tool in record.tool_path) == tool_path(trace)
    assert event_names(record.events) == events(trace)


def test_summarise_builds_the_record_the_constructor_does() -> None:
    """summarise sets each field of RunRecord through its slot, in field order: a field added
    to the class must be added there too, or this fails."""
    rec = TraceRecorder()
    rec.step("Planner", input="q", output="p")
    rec.tool("search", agent="Planner", output="r")
    trace = rec.finalize(final_output="p")
    case = _case(reward=0.5)
    record = summarise(case, trace, "{}")
    assert type(record) is RunRecord
    assert record == RunRecord(case, (("Planner", "search"),), record.events, "{}")
    assert event_names(record.events) == ("Planner: called search", "Planner: ran")
    assert record.notes == ()
    assert [f.name for f in fields(RunRecord)] == [
        "case",
        "tool_path",
        "events",
        "trace_json",
        "notes",
    ]


def test_run_index_is_zero_outside_repeated_runs() -> None:
    assert run_index() == 0


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.booleans(), st.sampled_from(["A", "B", None])), min_size=2, max_size=8),
    st.randoms(use_true_random=False),
)
def test_order_of_runs_does_not_change_the_statistics(
    runs: list[tuple[bool, str | None]], rng: object
) -> None:
    def record(passed: bool, culprit: str | None) -> RunRecord:
        check = PASSED if passed else (_failed((culprit, 1)) if culprit else _failed())
        path = (("A", "x"),) if passed else (("A", "x"), ("A", "y"))
        found: set[Event] = {("A", None, False), ("A", "x", False)}
        if not passed:
            found.add(("A", "y", True))
        return RunRecord(_case(check, reward=float(passed)), path, frozenset(found))

    records = [record(*r) for r in runs]
    shuffled = list(records)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    first, second = combine(records, 0.5), combine(shuffled, 0.5)
    assert first.runs is not None and second.runs is not None
    assert first.runs.to_dict()["interval"] == second.runs.to_dict()["interval"]
    assert (first.verdict, first.runs.tool_paths) == (second.verdict, second.runs.tool_paths)
    assert first.checks[0].runs == second.checks[0].runs


def _events_by_definition(trace: Trace) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Tool path and event names straight from their definition: every step, every parent."""
    agent_of = {step.id: step.agent for step in trace.steps}
    path, names = [], set()
    for step in trace.steps:
        if step.kind is StepKind.TOOL:
            path.append(f"{step.agent}:{step.name}")
            names.add(f"{step.agent}: called {step.name}")
            if step.error is not None:
                names.add(f"{step.agent}: {step.name} failed")
        else:
            names.add(f"{step.agent}: ran")
            if step.error is not None:
                names.add(f"{step.agent}: raised")
        for parent in step.parents:
            if agent_of[parent] != step.agent:
                names.add(f"{agent_of[parent]} -> {step.agent}: handoff")
    return tuple(path), tuple(sorted(names))


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["A", "B", "C"]),
            st.sampled_from([None, "x", "y"]),
            st.booleans(),
            st.lists(st.integers(min_value=0, max_value=40), max_size=3),
        ),
        min_size=1,
        max_size=12,
    ),
    st.booleans(),
)
def test_tool_path_and_events_follow_their_definition(
    steps: list[tuple[str, str | None, bool, list[int]]], copied: bool
) -> None:
    # Parents are earlier steps (the one just before, or further back, or several), as a
    # validated trace's are; named by the very id strings or (`copied`) by equal copies.
    rec = TraceRecorder()
    ids: list[str] = []
    for at, (agent, tool, failed, picks) in enumerate(steps):
        parents = sorted({ids[p % at] for p in picks}) if at and picks else None
        if parents is not None and copied:
            parents = [(parent + ".")[:-1] for parent in parents]  # equal, not the same
        error = "boom" if failed else None
        if tool is None:
            ids.append(rec.step(agent, input="i", output="o", parents=parents, error=error))
        else:
            ids.append(rec.tool(tool, agent=agent, output="o", parents=parents, error=error))
    trace = rec.finalize(final_output="o")
    record = summarise(_case(reward=0.5), trace)
    path, names = _events_by_definition(trace)
    assert tuple(f"{agent}:{tool}" for agent, tool in record.tool_path) == path
    assert event_names(record.events) == names


NOT_SHOWN = "runs cannot show pass_rate"


@pytest.mark.parametrize(
    ("options", "tests", "said"),
    [
        # (name, runs, pass_rate) per test; 5 runs cannot show 0.9: one note for both
        (
            [],
            [("a", 5, 0.9), ("b", 5, 0.9)],
            [
                f"2 tests ('a', 'b'): 5 {NOT_SHOWN} 0.9: 5 of 5 passing is INCONCLUSIVE;"
                " run each at least 35 times (runs: 35) or lower pass_rate"
            ],
        ),
        ([], [("a", 16, 0.8), ("b", 1, 0.8)], []),  # 16 runs show 0.8; 1 run is its own verdict
        (  # the command line's runs: the fix names the option
            ["--runs", "3"],
            [("a", 1, 0.5)],
            [
                f"test 'a': 3 {NOT_SHOWN} 0.5: 3 of 3 passing is INCONCLUSIVE;"
                " run each at least 4 times (--runs 4) or lower pass_rate"
            ],
        ),
        ([], [("a", 3, 1)], []),  # pass_rate 1 says "no run may fail" (docs/runs.md)
        (
            ["--strict"],
            [("a", 3, 1)],
            [
                "test 'a': no number of runs can show pass_rate 1: under --strict it exits 3;"
                " lower it, e.g. to 0.95 (shown by 73 runs all passing)"
            ],
        ),
    ],
)
def test_a_pass_rate_the_runs_cannot_show_is_said_before_the_run(
    make_config: MakeConfig,
    options: list[str],
    tests: list[tuple[str, int, float]],
    said: list[str],
) -> None:
    """5 runs at pass_rate 0.9 were INCONCLUSIVE however they went, with no word why."""
    from typer.testing import CliRunner

    from blame.cli import app

    listed = "".join(
        f"  - {{name: {name}, input: '0', runs: {runs}, pass_rate: {rate},"
        " checks: [{type: contains, value: Paris}]}\n"
        for name, runs, rate in tests
    )
    path = make_config(f"agent: {{entrypoint: agent:run}}\ntests:\n{listed}", agent=SEEDED)
    result = CliRunner().invoke(app, ["test", "-c", str(path), *options])
    assert result.exit_code in (0, 3), result.output
    notes = [line.removeprefix("blame: note: ") for line in result.stderr.splitlines()]
    assert [n for n in notes if "can show" in n or NOT_SHOWN in n] == said
