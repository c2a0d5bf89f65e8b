"""Failure categories: what kind of failure a failed check is, in words a person groups by.

One home for the results JSON, the reports, the summaries of `blame analyze` and the gate.
"""

from __future__ import annotations

from collections.abc import Mapping

CATEGORIES: Mapping[str, str] = {
    "contains": "missing content",
    "regex": "missing content",
    "exact_match": "missing content",
    "not_contains": "forbidden content",
    "tool_called": "missing required tool",
    "tool_not_called": "forbidden tool call",
    "tool_order": "wrong tool order",
    "tool_succeeded": "tool failure",
    "no_unsupported_claim": "unsupported success claim",
    "max_latency": "budget exceeded",
    "max_cost": "budget exceeded",
    "max_steps": "budget exceeded",
    "python_import_check": "broken code",
    "unit_tests": "broken code",
}
"""Failure category by built-in check type; a plugin's check type is `other`."""
ERROR_CATEGORY = "error in run"
"""The category of a check or test that could not be evaluated."""


def category(check_type: str) -> str:
    """The failure category of a check type."""
    return CATEGORIES.get(check_type, "other")


def failure_category(check_type: str, *, passed: bool, errored: bool) -> str | None:
    """The category of one check's outcome: None when it passed, `error in run` when it could
    not be evaluated, else its type's."""
    if errored:
        return ERROR_CATEGORY
    return None if passed else category(check_type)
