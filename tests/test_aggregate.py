"""Culprit counts over many traces: what is counted, and merges that are exact in any grouping."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blame.aggregate import Aggregate, category, period_of
from blame.results import CaseResult, CheckResult, Suspect

JAN_5 = 1_767_571_200  # 2026-01-05, a Monday
DAY = 86_400


def check(type_: str, passed: bool, *culprits: tuple[str, float]) -> CheckResult:
    blame = tuple(
        Suspect("agent", name, name, 0, confidence, f"{name} did it")
        for name, confidence in culprits
    )
    return CheckResult(
        name=f"{type_}:x",
        type=type_,
        passed=passed,
        score=float(passed),
        weight=1.0,
        message="",
        blame=() if passed else blame,
    )


def case(*checks: CheckResult, error: str | None = None) -> CaseResult:
    return CaseResult(
        name="t",
        passed=all(c.passed for c in checks) and error is None,
        reward=0.0,
        threshold=1.0,
        error=error,
        checks=checks,
    )


@pytest.mark.parametrize(
    ("check_type", "expected"),
    [
        ("contains", "missing content"),
        ("exact_match", "missing content"),
        ("not_contains", "forbidden content"),
        ("tool_called", "missing required tool"),
        ("tool_order", "wrong tool order"),
        ("tool_succeeded", "tool failure"),
        ("no_unsupported_claim", "unsupported success claim"),
        ("max_cost", "budget exceeded"),
        ("json_schema", "other"),
    ],
)
def test_failure_categories(check_type: str, expected: str) -> None:
    assert category(check_type) == expected


@pytest.mark.parametrize(
    ("seconds", "unit", "expected"),
    [
        (JAN_5, "week", "2026-W02"),
        (JAN_5 + 6 * DAY, "week", "2026-W02"),
        (JAN_5 + 7 * DAY, "week", "2026-W03"),
        (JAN_5, "day", "2026-01-05"),
        (None, "day", None),
    ],
)
def test_periods(seconds: float | None, unit: str, expected: str | None) -> None:
    assert period_of(seconds, unit) == expected


def test_the_top_suspect_of_each_failed_check_is_counted() -> None:
    aggregate = Aggregate()
    aggregate.add(case(check("contains", False, ("Coder", 0.9), ("Planner", 0.5))), JAN_5)
    aggregate.add(case(check("not_contains", False, ("Coder", 0.6)), check("contains", True)))
    aggregate.add(case(check("contains", False)))  # no suspect: unattributed
    aggregate.add(case(error="cannot read"), JAN_5)
    aggregate.error()
    data = aggregate.to_dict()
    assert (data["traces"], data["failed"], data["errored"]) == (5, 3, 2)
    assert (data["failures"], data["unattributed"]) == (3, 1)
    (coder,) = data["culprits"]
    assert coder == {
        "kind": "agent",
        "name": "Coder",
        "failures": 2,
        "share": round(2 / 3, 4),
        "confidence_weighted": 1.5,
        "checks": {"contains:x": 1, "not_contains:x": 1},
        "categories": {"forbidden content": 1, "missing content": 1},
    }
    assert data["checks"]["contains:x"] == {"evaluated": 3, "failed": 2, "failure_rate": 0.6667}
    assert data["periods"] == {
        "2026-W02": {"traces": 2, "failed": 2, "failure_rate": 1.0, "culprits": {"agent:Coder": 1}}
    }


def test_a_trace_whose_checks_could_not_be_decided_is_errored_not_failed() -> None:
    """A check that errored (a regex over the size cap, a plugin that raised) leaves the trace
    undecided: `blame analyze` must exit 2 for it, as `blame test` does, not 1."""
    aggregate = Aggregate()
    aggregate.add(case(check("regex", False), error="check regex:x: not searched"), JAN_5)
    data = aggregate.to_dict()
    assert (data["traces"], data["failed"], data["errored"]) == (1, 0, 1)
    assert data["checks"]["regex:x"] == {"evaluated": 1, "failed": 1, "failure_rate": 1.0}
    assert data["periods"]["2026-W02"]["failed"] == 1


def test_changes_name_the_culprit_that_moved_most_between_the_last_two_periods() -> None:
    aggregate = Aggregate()
    for _ in range(3):
        aggregate.add(case(check("contains", False, ("Writer", 0.9))), JAN_5)
    aggregate.add(case(check("contains", False, ("Coder", 0.9))), JAN_5)
    for _ in range(4):
        aggregate.add(case(check("contains", False, ("Coder", 0.9))), JAN_5 + 7 * DAY)
    top = aggregate.to_dict()["changes"][0]
    assert (top["culprit"], top["from_period"], top["to_period"]) == (
        "agent:Coder",
        "2026-W02",
        "2026-W03",
    )
    assert (top["failures_before"], top["failures_after"], top["share_change"]) == (1, 4, 0.75)


names = st.sampled_from(["Coder", "Planner", "Writer", "search", "A -> B"])
checks = st.builds(
    lambda type_, passed, culprits: check(type_, passed, *culprits),
    st.sampled_from(["contains", "not_contains", "tool_called", "plugin_check"]),
    st.booleans(),
    st.lists(st.tuples(names, st.floats(0, 1, allow_nan=False)), max_size=2),
)
results = st.lists(
    st.tuples(
        st.builds(case, checks, checks) | st.just(case(error="unreadable")),
        st.none() | st.integers(JAN_5, JAN_5 + 40 * DAY),
    ),
    max_size=25,
)


@settings(max_examples=60, deadline=None)
@given(results, st.data())
def test_merging_any_partition_in_any_order_equals_one_pass(
    rows: list[tuple[CaseResult, int | None]], data: st.DataObject
) -> None:
    serial = Aggregate()
    for result, started in rows:
        serial.add(result, started)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(rows)), max_size=4)))
    parts = []
    for start, end in zip([0, *cuts], [*cuts, len(rows)], strict=True):
        part = Aggregate()
        for result, started in rows[start:end]:
            part.add(result, started)
        parts.append(part)
    order = data.draw(st.permutations(range(len(parts))))
    merged = Aggregate()
    for i in order:
        merged.merge(parts[i])
    assert json.dumps(merged.to_dict(), sort_keys=True) == json.dumps(
        serial.to_dict(), sort_keys=True
    )
