"""The sentences reports show about a test run more than once."""

from __future__ import annotations

from blame.results import CaseResult, CheckResult
from blame.runreport import check_lines, repeat_lines, stability_line, verdict_line
from blame.runstats import CheckRuns, CulpritShare, RunOutcome, RunStats
from blame.stats import EventScore

STATS = RunStats.of(
    (RunOutcome(True, 1.0), RunOutcome(False, 0.0, "boom"), RunOutcome(False, 0.5)),
    threshold=0.8,
    tool_paths=3,
)


def test_verdict_line_counts_errored_runs() -> None:
    assert verdict_line(STATS) == (
        "1 of 3 runs passed (33%), 1 errored, 95% interval 6%-79%, pass_rate 0.8: FAIL"
    )


def test_stability_line() -> None:
    assert stability_line(STATS) == (
        "flaky: some runs passed and some did not; "
        "unstable tool path: 3 different tool-call sequences"
    )
    steady = RunStats.of((RunOutcome(True, 1.0),) * 2, threshold=0.5)
    assert stability_line(steady) is None


def test_check_lines_say_when_the_culprit_is_split() -> None:
    runs = CheckRuns(
        runs=5,
        failing=4,
        culprits=(
            CulpritShare("agent", "Coder", "Coder", 1, 2),
            CulpritShare("handoff", "Planner -> Coder", "Coder", None, 1),
        ),
        unattributed=1,
        events=(EventScore("Coder: called search", 0.5, 2, 1),),
    )
    check = CheckResult("c", "contains", False, 0.0, 1.0, "m", runs=runs)
    assert check_lines(check) == [
        "c failed in 4 of 5 evaluated runs",
        "culprit split between runs: Coder, step 1: 2 of 4 failing runs; "
        "Planner -> Coder: 1 of 4 failing runs; unattributed: 1 of 4 failing runs",
        "events most associated with failure: Coder: called search (Ochiai 0.50: 2 failing, "
        "1 passing runs)",
    ]
    never = CheckResult("c", "contains", True, 1.0, 1.0, "m", runs=CheckRuns(runs=5, failing=0))
    assert check_lines(never) == []


def test_a_single_run_has_no_run_sentences() -> None:
    assert repeat_lines(CaseResult("t", True, 1.0, 0.75)) == []
    assert repeat_lines(CaseResult("t", False, 0.0, 0.75, runs=STATS))[0].endswith(": FAIL")
