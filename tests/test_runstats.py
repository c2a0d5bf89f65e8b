"""The results JSON of repeated runs (schema version 2): its form, reading it back, and
reading version 1 files."""

from __future__ import annotations

import json
import math
from dataclasses import FrozenInstanceError, fields, replace
from typing import Any

import pytest

from blame.errors import TraceError
from blame.results import CaseResult, CheckResult, SuiteResult, Suspect
from blame.runstats import (
    CheckRuns,
    CulpritShare,
    RunOutcome,
    RunStats,
    new_check_runs,
    new_run_stats,
    round4,
)
from blame.stats import EventScore

STATS = RunStats.of(
    (
        RunOutcome(True, 1.0),
        RunOutcome(False, 0.3333),
        RunOutcome(False, 0.0, error="entrypoint raised RuntimeError: rate limited"),
    ),
    threshold=0.5,
    tool_paths=2,
)
CHECK_RUNS = CheckRuns(
    runs=2,
    failing=1,
    culprits=(CulpritShare("agent", "Writer", "Writer", 4, 1),),
    events=(EventScore("Researcher: fetch failed", 1.0, 1, 0),),
)


def _suite() -> SuiteResult:
    suspect = Suspect("agent", "Writer", "Writer", 4, 0.9, "dropped it")
    check = CheckResult(
        "contains:6.1%", "contains", False, 0.0, 2.0, "missing", (suspect,), runs=CHECK_RUNS
    )
    case = CaseResult("mortgage", True, 0.0, 0.75, checks=(check,), runs=STATS)
    return SuiteResult(tests=(case,))


def test_statistics_in_the_results_json() -> None:
    data = json.loads(_suite().to_json())
    assert data["schema_version"] == 2
    test = data["tests"][0]
    assert test["verdict"] == "INCONCLUSIVE"
    assert test["runs"] == {
        "total": 3,
        "passes": 1,
        "errors": 1,
        "pass_rate": 0.3333,
        "interval": [0.0615, 0.7923],
        "threshold": 0.5,
        "verdict": "INCONCLUSIVE",
        "flaky": True,
        "tool_paths": 2,
        "unstable_tool_path": True,
        "outcomes": [
            {"run": 1, "passed": True, "reward": 1.0, "error": None},
            {"run": 2, "passed": False, "reward": 0.3333, "error": None},
            {
                "run": 3,
                "passed": False,
                "reward": 0.0,
                "error": "entrypoint raised RuntimeError: rate limited",
            },
        ],
    }
    check = test["checks"][0]
    assert check["category"] == "missing content"
    assert check["runs"] == {
        "runs": 2,
        "failing": 1,
        "stable": True,
        "culprits": [
            {"kind": "agent", "name": "Writer", "agent": "Writer", "step_index": 4, "runs": 1}
        ],
        "unattributed": 0,
        "events": [
            {"event": "Researcher: fetch failed", "ochiai": 1.0, "failing": 1, "passing": 0}
        ],
    }


def test_version_2_reads_back_byte_identical() -> None:
    text = _suite().to_json()
    again = SuiteResult.from_dict(json.loads(text))
    assert again.tests[0].runs == STATS
    assert again.tests[0].checks[0].runs == CHECK_RUNS
    assert again.to_json() == text


VERSION_1 = {
    "schema_version": 1,
    "passed": False,
    "tests": [
        {
            "name": "median",
            "passed": False,
            "reward": 0.5,
            "threshold": 0.75,
            "error": None,
            "checks": [
                {
                    "name": "contains:ValueError",
                    "type": "contains",
                    "passed": False,
                    "score": 0.0,
                    "weight": 2.0,
                    "message": "expected output to contain 'ValueError'",
                    "blame": [],
                },
                {
                    "name": "boom",
                    "type": "boom",
                    "passed": False,
                    "score": 0.0,
                    "weight": 1.0,
                    "message": "error: check type 'boom' could not evaluate",
                    "blame": [],
                },
            ],
            "patches": [],
        },
        {"name": "crashed", "passed": False, "reward": 0.0, "threshold": 0.75, "error": "boom"},
    ],
}


def test_version_1_files_are_still_read() -> None:
    suite = SuiteResult.from_dict(VERSION_1, source="old.json")
    median, crashed = suite.tests
    assert (median.runs, median.verdict, crashed.verdict) == (None, "FAIL", "ERROR")
    assert [c.category for c in median.checks] == ["missing content", "error in run"]
    data = json.loads(suite.to_json())  # written back as version 2, the new fields filled in
    assert data["schema_version"] == 2
    assert data["tests"][0]["verdict"] == "FAIL"


@pytest.mark.parametrize("version", [0, 3, "2", None])
def test_other_versions_are_refused(version: Any) -> None:
    with pytest.raises(TraceError, match="schema_version 1 or 2"):
        SuiteResult.from_dict({**VERSION_1, "schema_version": version}, source="x.json")


def _edited(path: str, value: object) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_suite().to_json())
    *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
    node: Any = data
    for part in parents:
        node = node[part]
    node[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("tests.0.runs", 3, "tests[0].runs: must be an object, got int"),
        ("tests.0.runs.outcomes", [], "tests[0].runs.outcomes: must list at least one run"),
        ("tests.0.runs.outcomes.0.passed", 1,
         "tests[0].runs.outcomes[0].passed: must be true or false, got int"),
        ("tests.0.runs.threshold", 2, "tests[0].runs.threshold: must be in [0, 1], got 2.0"),
        ("tests.0.runs.tool_paths", "2", "tests[0].runs.tool_paths: must be an integer, got str"),
        ("tests.0.checks.0.runs.failing", -1,
         "tests[0].checks[0].runs.failing: must not be negative, got -1"),
        ("tests.0.checks.0.runs.failing", 1_000_000,
         "tests[0].checks[0].runs.failing: must be at most runs (2), got 1000000"),
        ("tests.0.checks.0.runs.culprits.0.runs", None,
         "tests[0].checks[0].runs.culprits[0].runs: is required"),
        ("tests.0.checks.0.runs.events.0.ochiai", "1",
         "tests[0].checks[0].runs.events[0].ochiai: must be a number, got str"),
    ],
)  # fmt: skip
def test_hand_edited_statistics_name_the_bad_field(path: str, value: object, message: str) -> None:
    with pytest.raises(TraceError) as caught:
        SuiteResult.from_dict(_edited(path, value), source="latest.json")
    assert str(caught.value).startswith(f"latest.json: {message}")


def test_derived_figures_are_recomputed_not_trusted() -> None:
    data = _edited("tests.0.runs.verdict", "PASS")
    data["tests"][0]["runs"]["pass_rate"] = 1.0
    again = SuiteResult.from_dict(data).tests[0]
    assert again.verdict == "INCONCLUSIVE"
    assert again.runs is not None and again.runs.pass_rate == pytest.approx(1 / 3)


@pytest.mark.parametrize(
    ("outcomes", "verdict", "flaky"),
    [
        ((RunOutcome(True, 1.0),) * 5, "PASS", False),
        ((RunOutcome(False, 0.0),) * 5, "FAIL", False),
        ((RunOutcome(False, 0.0, "x"),) * 2, "ERROR", False),
        ((RunOutcome(False, 0.0, "x"), RunOutcome(True, 1.0)), "INCONCLUSIVE", True),
    ],
)
def test_verdict_and_flakiness(outcomes: tuple[RunOutcome, ...], verdict: str, flaky: bool) -> None:
    stats = RunStats.of(outcomes, threshold=0.5)
    assert (stats.verdict, stats.flaky) == (verdict, flaky)


@pytest.mark.parametrize(
    "value", [0.0, -0.0, 1, 1.0, 0, 1 / 3, 2 / 3, 0.12345, -0.00001, 1e-9, float("inf"), 7]
)
def test_round4_gives_what_round_gives(value: float) -> None:
    for _ in range(2):  # the first call fills the cache, the second reads it
        assert repr(round4(value)) == repr(round(value, 4))
        assert type(round4(value)) is type(round(value, 4))


def test_round4_of_nan_is_nan() -> None:
    assert math.isnan(round4(float("nan")))


@pytest.mark.parametrize("first, second", [(0.0, -0.0), (-0.0, 0.0), (1.0, 1), (1, 1.0)])
def test_each_test_writes_its_own_threshold_whatever_another_test_showed(
    first: float, second: float
) -> None:
    """A test's counts are kept in their JSON form per (passes, errors, runs, threshold,
    paths), where 0.0 and -0.0 (or 1 and 1.0) are one key: each still writes its own."""
    outcomes = (RunOutcome(True, 1.0), RunOutcome(False, 0.0))
    for threshold in (first, second):
        written = RunStats.of(outcomes, threshold=threshold).to_dict()["threshold"]
        assert json.dumps(written) == json.dumps(threshold)


def test_the_fast_makers_build_the_records_the_constructors_do() -> None:
    """new_check_runs and new_run_stats set each field of the frozen record, in field order: a field
    added to either class must be added to its maker too, or this fails."""
    made = new_check_runs(2, 1, CHECK_RUNS.culprits, 0, CHECK_RUNS.events)
    assert type(made) is CheckRuns
    assert made == CHECK_RUNS
    assert [f.name for f in fields(CheckRuns)] == [
        "runs", "failing", "culprits", "unattributed", "events"
    ]  # fmt: skip
    stats = new_run_stats(STATS.passed, STATS.rewards, STATS.run_errors, 0.5, 2)
    assert type(stats) is RunStats
    assert stats == STATS
    assert hash(stats) == hash(STATS)
    assert stats.to_dict() == STATS.to_dict()
    assert [f.name for f in fields(RunStats)] == [
        "passed", "rewards", "run_errors", "threshold", "tool_paths"
    ]  # fmt: skip
    with pytest.raises(FrozenInstanceError):
        made.runs = 3  # type: ignore[misc]


def _stats(
    passed: tuple[Any, ...], rewards: tuple[Any, ...], threshold: Any = 0.5, paths: Any = 1
) -> RunStats:
    return RunStats(passed, rewards, (None,) * len(rewards), threshold, paths)


def _never(runs: Any, unattributed: Any = 0) -> CheckRuns:
    return CheckRuns(runs, 0, (), unattributed, ())


_CULPRITS = (CulpritShare("agent", "Writer", "Writer", 4, 1),)
_EVENTS = (EventScore("Writer: ran", 1.0, 1, 0),)


@pytest.mark.parametrize(
    "values",
    [
        # equal values json writes apart: 1, 1.0 and True; 0.0 and -0.0
        (
            _stats((True, False), (1.0, 0.5)),
            _stats((True, False), (1, 0.5)),
            _stats((1, False), (1.0, 0.5)),
            _stats((True, False), (True, 0.5)),
            _stats((True, False), (1.0, 0.5), threshold=1),
            _stats((True, False), (1.0, 0.5), threshold=1.0),
            _stats((True, False), (1.0, 0.5), paths=True),
        ),
        (
            _stats((True, False), (1.0, 0.0)),
            _stats((True, False), (1.0, -0.0)),
            _stats((True, False), (1.0, 0.5), threshold=0.0),
            _stats((True, False), (1.0, 0.5), threshold=-0.0),
        ),
        (
            replace(STATS, run_errors=(None, "a", "b")),
            STATS,
            replace(STATS, run_errors=(None, "a", "b")),
        ),
    ],
)
def test_repeated_statistics_are_written_as_each_one_is(values: tuple[RunStats, ...]) -> None:
    """A test's statistics are written once per distinct value (`RunStats.written`): values
    that are equal but written apart are each written as their own."""
    tests = tuple(CaseResult(f"t{i}", True, 1.0, 0.5, runs=s) for i, s in enumerate(values * 2))
    suite = SuiteResult(tests=tests)
    assert suite.to_json() == json.dumps(suite.to_dict(), indent=2, ensure_ascii=False) + "\n"


@pytest.mark.parametrize(
    "values",
    [
        (_never(2), _never(3), _never(True), _never(1), _never(2, True), _never(2, 1)),
        (  # the same culprits and events, shared or equal objects, or differing
            CheckRuns(2, 1, _CULPRITS, 0, _EVENTS),
            CheckRuns(2, 1, _CULPRITS, 0, _EVENTS),
            CheckRuns(2, 1, (replace(_CULPRITS[0]),), 0, (replace(_EVENTS[0]),)),
            CheckRuns(2, 1, _CULPRITS, 0, (replace(_EVENTS[0], score=1),)),
            CheckRuns(2, 1, _CULPRITS, 0, (replace(_EVENTS[0], score=0.0),)),
            CheckRuns(2, 1, _CULPRITS, 0, (replace(_EVENTS[0], score=-0.0),)),
            CheckRuns(2, True, _CULPRITS, 0, _EVENTS),
            CheckRuns(3, 1, _CULPRITS, 1, _EVENTS),
        ),
    ],
)
def test_repeated_check_statistics_are_written_as_each_one_is(
    values: tuple[CheckRuns, ...],
) -> None:
    """A check's statistics are written once per distinct value (`CheckRuns.written`), a
    failing check's by the identity of its culprits and events."""
    checks = tuple(
        CheckResult(f"c{i}", "contains", False, 0.0, 1.0, "missing", runs=r)
        for i, r in enumerate(values * 2)
    )
    suite = SuiteResult(tests=(CaseResult("t", False, 0.0, 0.5, checks=checks),))
    assert suite.to_json() == json.dumps(suite.to_dict(), indent=2, ensure_ascii=False) + "\n"
    assert _never(2).written() is _never(2).written()  # one value, shared
