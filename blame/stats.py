"""The statistics of repeated runs: Wilson intervals, verdicts and Ochiai scores.

Pure functions of counts, so they are cheap, exact to test against textbook figures, and give
the same answer whatever order the runs finished in.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache
from typing import Literal

from blame.frozen import dataclass

Z95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""

Verdict = Literal["PASS", "FAIL", "INCONCLUSIVE", "ERROR"]
"""What the runs of a test say about its pass rate against a threshold."""
VERDICTS: tuple[Verdict, ...] = ("PASS", "FAIL", "INCONCLUSIVE", "ERROR")
"""Every verdict, in the order reports list them."""


@dataclass(frozen=True, slots=True)
class Interval:
    """A confidence interval for a proportion."""

    low: float
    """Lower bound, in [0, 1]."""
    high: float
    """Upper bound, in [low, 1]."""


@lru_cache(maxsize=4096)
def wilson(passes: int, runs: int, z: float = Z95) -> Interval:
    """The Wilson score interval of `passes` out of `runs` (the whole of [0, 1] for no runs).

    Unlike the normal approximation it stays inside [0, 1] and is not empty at 0 or n passes,
    which is what a handful of runs gives. Kept per (passes, runs, z): a suite asks for the
    same few again and again (the verdict, the results JSON, the reports).
    """
    if runs < 0 or not 0 <= passes <= runs:
        raise ValueError(f"need 0 <= passes <= runs, got {passes} of {runs}")
    if runs == 0:
        return Interval(0.0, 1.0)
    p = passes / runs
    z2 = z * z
    denominator = 1.0 + z2 / runs
    centre = (p + z2 / (2 * runs)) / denominator
    half = z * math.sqrt(p * (1.0 - p) / runs + z2 / (4 * runs * runs)) / denominator
    # Exact at the ends (0 of n has lower bound 0, n of n upper bound 1), whatever rounding does.
    low = 0.0 if passes == 0 else max(0.0, centre - half)
    high = 1.0 if passes == runs else min(1.0, centre + half)
    return Interval(low, high)


def verdict(passes: int, runs: int, threshold: float) -> Verdict:
    """PASS when the interval's lower bound reaches `threshold`, FAIL when its upper bound is
    below it, INCONCLUSIVE when it straddles it; ERROR when no run could be evaluated."""
    if runs == 0:
        return "ERROR"
    interval = wilson(passes, runs)
    if interval.low >= threshold:
        return "PASS"
    if interval.high < threshold:
        return "FAIL"
    return "INCONCLUSIVE"


def runs_to_show(threshold: float) -> int | None:
    """The fewest runs whose every one passing gives PASS at `threshold`; None when no number
    does (1: an interval never reaches 1). All n of n passing has lower bound n / (n + z^2)."""
    if threshold <= 0:
        return 1
    if threshold >= 1:
        return None
    runs = max(1, math.ceil(threshold * Z95 * Z95 / (1.0 - threshold)) - 1)
    while wilson(runs, runs).low < threshold:  # the formula's rounding, settled exactly
        runs += 1
    return runs


def ochiai(failed_with: int, passed_with: int, failed_total: int) -> float:
    """Ochiai's suspiciousness of an event: failed_with / sqrt(failed_total x (failed_with +
    passed_with)); 0 when the event never occurred or nothing failed."""
    if failed_with < 0 or passed_with < 0 or failed_with > failed_total:
        raise ValueError(
            f"need 0 <= failed_with <= failed_total and passed_with >= 0, got "
            f"{failed_with}, {passed_with}, {failed_total}"
        )
    denominator = failed_total * (failed_with + passed_with)
    return failed_with / math.sqrt(denominator) if denominator else 0.0


@dataclass(frozen=True, slots=True)
class EventScore:
    """How strongly one event goes with failure over a set of runs."""

    event: str
    """The event, e.g. `CoderAgent: called search`."""
    score: float
    """Its Ochiai score, in [0, 1]."""
    failing: int
    """Failing runs in which it occurred."""
    passing: int
    """Passing runs in which it occurred."""


def spectrum(runs: Iterable[tuple[bool, Iterable[str]]], *, top: int = 3) -> tuple[EventScore, ...]:
    """The `top` events most associated with failure, from (failed, events) per run.

    Ranked are the events more frequent among failing runs than among passing ones (an event
    every run has says nothing); without both failing and passing runs there is nothing to
    compare, so nothing is ranked. Ties break by name: the order of the runs never matters.
    """
    failed_total = passed_total = 0
    seen_failing: dict[str, int] = {}
    seen_passing: dict[str, int] = {}
    for failed, events in runs:
        counts = seen_failing if failed else seen_passing
        failed_total += failed
        passed_total += not failed
        for event in set(events):
            counts[event] = counts.get(event, 0) + 1
    if not failed_total or not passed_total:
        return ()
    scores = []
    for event, failing in seen_failing.items():
        passing = seen_passing.get(event, 0)
        if failing * passed_total > passing * failed_total:  # f/F > p/P, in integers
            scores.append(
                EventScore(event, ochiai(failing, passing, failed_total), failing, passing)
            )
    scores.sort(key=lambda s: (-s.score, -s.failing, s.event))
    return tuple(scores[:top])


def shares(keys: Iterable[str]) -> tuple[tuple[str, int], ...]:
    """Each key with how often it occurs, most frequent first, then by key."""
    counts: dict[str, int] = {}
    for key in keys:
        counts[key] = counts.get(key, 0) + 1
    return tuple(sorted(counts.items(), key=lambda item: (-item[1], item[0])))
