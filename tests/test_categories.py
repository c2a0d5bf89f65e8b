"""Failure categories: one name per check type, and for errored and passed checks."""

from __future__ import annotations

import pytest

from blame.categories import category, failure_category


@pytest.mark.parametrize(
    ("check_type", "expected"),
    [
        ("contains", "missing content"),
        ("regex", "missing content"),
        ("exact_match", "missing content"),
        ("not_contains", "forbidden content"),
        ("tool_called", "missing required tool"),
        ("tool_not_called", "forbidden tool call"),
        ("tool_order", "wrong tool order"),
        ("tool_succeeded", "tool failure"),
        ("no_unsupported_claim", "unsupported success claim"),
        ("max_latency", "budget exceeded"),
        ("max_cost", "budget exceeded"),
        ("max_steps", "budget exceeded"),
        ("unit_tests", "broken code"),
        ("a_plugins_type", "other"),
    ],
)
def test_category_of_each_check_type(check_type: str, expected: str) -> None:
    assert category(check_type) == expected


@pytest.mark.parametrize(
    ("passed", "errored", "expected"),
    [
        (True, False, None),
        (False, False, "wrong tool order"),
        (False, True, "error in run"),
    ],
)
def test_failure_category_of_one_outcome(passed: bool, errored: bool, expected: str | None) -> None:
    assert failure_category("tool_order", passed=passed, errored=errored) == expected
