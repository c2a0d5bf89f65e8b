"""Who caused most failures, over many traces: counts that merge exactly, in any grouping.

Every figure is an integer (confidence is kept in thousandths), so adding partial aggregates
from workers or cluster tasks in any order and any grouping gives the same bytes as one
serial pass: the merge is associative and commutative, and nothing is rounded until the
report divides.

What counts: each failed check contributes its top suspect (the culprit blame names first),
with the check and its failure category; a failed check with no suspect counts as
unattributed. A trace that could not be read counts as an error. Traces with a time (OTLP
span start times, or `started_at` in a native trace's metadata) are also counted per period.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from blame.categories import category
from blame.results import CaseResult

MILLI = 1000
"""Confidence is summed in thousandths, as integers, so merging is exact."""


def period_of(seconds: float | None, unit: str) -> str | None:
    """`2026-01-05` (day) or `2026-W02` (ISO week) of a Unix time, in UTC."""
    if seconds is None:
        return None
    moment = datetime.datetime.fromtimestamp(seconds, tz=datetime.timezone.utc)
    if unit == "day":
        return moment.date().isoformat()
    year, week, _ = moment.isocalendar()
    return f"{year}-W{week:02d}"


def _add(target: dict[str, int], key: str, amount: int = 1) -> None:
    target[key] = target.get(key, 0) + amount


def _merge_counts(target: dict[str, int], other: Mapping[str, int]) -> None:
    for key, value in other.items():
        _add(target, key, value)


@dataclass(slots=True)
class Culprit:
    """Failures attributed to one agent, tool or handoff."""

    failures: int = 0
    """Failed checks whose top suspect this is."""
    confidence_milli: int = 0
    """Sum of those suspects' confidences, in thousandths."""
    checks: dict[str, int] = field(default_factory=dict)
    """Check name -> failures."""
    categories: dict[str, int] = field(default_factory=dict)
    """Failure category -> failures."""

    def merge(self, other: Culprit) -> None:
        """Add another tally of the same culprit."""
        self.failures += other.failures
        self.confidence_milli += other.confidence_milli
        _merge_counts(self.checks, other.checks)
        _merge_counts(self.categories, other.categories)


@dataclass(slots=True)
class Period:
    """One day or week of traces."""

    traces: int = 0
    """Traces started in it."""
    failed: int = 0
    """Of those, traces that failed or errored."""
    culprits: dict[str, int] = field(default_factory=dict)
    """Culprit key -> failures attributed in it."""

    def merge(self, other: Period) -> None:
        """Add another tally of the same period."""
        self.traces += other.traces
        self.failed += other.failed
        _merge_counts(self.culprits, other.culprits)


@dataclass(slots=True)
class Aggregate:
    """Counts over a set of traces; `merge` adds another set's exactly."""

    traces: int = 0
    """Traces analysed, readable or not."""
    failed: int = 0
    """Traces that failed a check."""
    errored: int = 0
    """Traces that could not be read or evaluated."""
    failures: int = 0
    """Failed checks."""
    unattributed: int = 0
    """Failed checks with no suspect."""
    checks: dict[str, list[int]] = field(default_factory=dict)
    """Check name -> [evaluated, failed]."""
    culprits: dict[str, Culprit] = field(default_factory=dict)
    """`kind:name` -> its failures."""
    periods: dict[str, Period] = field(default_factory=dict)
    """Period -> its counts (traces with a time only)."""

    def add(self, result: CaseResult, started: float | None = None, unit: str = "week") -> None:
        """Count one trace's result."""
        self.traces += 1
        period_key = period_of(started, unit)
        period = self.periods.setdefault(period_key, Period()) if period_key else None
        if period is not None:
            period.traces += 1
        # A trace whose checks could not all be decided (a check errored) is an error, not a
        # failure: `blame analyze` exits 2 for it, as `blame test` does; its checks still count.
        if result.error is not None:
            self.errored += 1
        elif not result.passed:
            self.failed += 1
        if period is not None and (result.error is not None or not result.passed):
            period.failed += 1
        for check in result.checks:
            counts = self.checks.setdefault(check.name, [0, 0])
            counts[0] += 1
            if check.passed:
                continue
            counts[1] += 1
            self.failures += 1
            if not check.blame:
                self.unattributed += 1
                continue
            top = check.blame[0]
            key = f"{top.kind}:{top.name}"
            culprit = self.culprits.setdefault(key, Culprit())
            culprit.failures += 1
            culprit.confidence_milli += round(top.confidence * MILLI)
            _add(culprit.checks, check.name)
            _add(culprit.categories, category(check.type))
            if period is not None:
                _add(period.culprits, key)

    def error(self, started: float | None = None, unit: str = "week") -> None:
        """Count a trace that could not be read."""
        self.traces += 1
        self.errored += 1
        period_key = period_of(started, unit)
        if period_key:
            period = self.periods.setdefault(period_key, Period())
            period.traces += 1
            period.failed += 1

    def merge(self, other: Aggregate) -> Aggregate:
        """Add `other` into this aggregate (and return it)."""
        self.traces += other.traces
        self.failed += other.failed
        self.errored += other.errored
        self.failures += other.failures
        self.unattributed += other.unattributed
        for name, (evaluated, failed) in other.checks.items():
            counts = self.checks.setdefault(name, [0, 0])
            counts[0] += evaluated
            counts[1] += failed
        for key, culprit in other.culprits.items():
            self.culprits.setdefault(key, Culprit()).merge(culprit)
        for key, period in other.periods.items():
            self.periods.setdefault(key, Period()).merge(period)
        return self

    def ranking(self) -> list[tuple[str, Culprit]]:
        """Culprits, most failures first (ties by key)."""
        return sorted(self.culprits.items(), key=lambda item: (-item[1].failures, item[0]))

    def to_dict(self) -> dict[str, Any]:
        """The summary JSON: counts, then derived shares and the trend, keys sorted."""
        total = self.failures or 1
        culprits = [
            {
                "kind": key.split(":", 1)[0],
                "name": key.split(":", 1)[1],
                "failures": c.failures,
                "share": round(c.failures / total, 4),
                "confidence_weighted": round(c.confidence_milli / MILLI, 3),
                "checks": dict(sorted(c.checks.items())),
                "categories": dict(sorted(c.categories.items())),
            }
            for key, c in self.ranking()
        ]
        checks = {
            name: {
                "evaluated": evaluated,
                "failed": failed,
                "failure_rate": round(failed / evaluated, 4) if evaluated else 0.0,
            }
            for name, (evaluated, failed) in sorted(self.checks.items())
        }
        periods = {
            key: {
                "traces": p.traces,
                "failed": p.failed,
                "failure_rate": round(p.failed / p.traces, 4) if p.traces else 0.0,
                "culprits": dict(sorted(p.culprits.items())),
            }
            for key, p in sorted(self.periods.items())
        }
        return {
            "schema_version": 1,
            "traces": self.traces,
            "failed": self.failed,
            "errored": self.errored,
            "failures": self.failures,
            "unattributed": self.unattributed,
            "culprits": culprits,
            "checks": checks,
            "periods": periods,
            "changes": self.changes(),
        }

    def changes(self) -> list[dict[str, Any]]:
        """What moved most between the last two periods: culprits by change of share."""
        keys = sorted(self.periods)
        if len(keys) < 2:
            return []
        before, after = self.periods[keys[-2]], self.periods[keys[-1]]
        total_before = sum(before.culprits.values()) or 1
        total_after = sum(after.culprits.values()) or 1
        moved: list[dict[str, Any]] = []
        for key in sorted(set(before.culprits) | set(after.culprits)):
            share_before = before.culprits.get(key, 0) / total_before
            share_after = after.culprits.get(key, 0) / total_after
            moved.append(
                {
                    "culprit": key,
                    "from_period": keys[-2],
                    "to_period": keys[-1],
                    "failures_before": before.culprits.get(key, 0),
                    "failures_after": after.culprits.get(key, 0),
                    "share_change": round(share_after - share_before, 4),
                }
            )
        moved.sort(key=lambda m: (-abs(m["share_change"]), m["culprit"]))
        return moved[:10]
