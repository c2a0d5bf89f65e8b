"""How the reports show a test run more than once: verdict, interval, flakiness, culprit shares.

Each renderer (terminal, Markdown, HTML) asks for plain sentences here and escapes them its
own way, so the three say the same thing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from blame.results import CaseResult, CheckResult

if TYPE_CHECKING:  # statistics of repeated runs: imported when a report shows them
    from blame.runstats import CheckRuns, RunStats


def _percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def verdict_line(stats: RunStats) -> str:
    """`6 of 10 runs passed (60%), 95% interval 31%-83%, pass_rate 0.5: INCONCLUSIVE`."""
    from blame.stats import wilson

    interval = wilson(stats.passes, stats.total)
    errors = f", {stats.errors} errored" if stats.errors else ""
    return (
        f"{stats.passes} of {stats.total} runs passed ({_percent(stats.pass_rate)}){errors}, "
        f"95% interval {_percent(interval.low)}-{_percent(interval.high)}, "
        f"pass_rate {stats.threshold:g}: {stats.verdict}"
    )


def stability_line(stats: RunStats) -> str | None:
    """`flaky; 2 different tool paths` (None when the runs agree and the tools too)."""
    parts = []
    if stats.flaky:
        parts.append("flaky: some runs passed and some did not")
    if stats.unstable_tools:
        parts.append(f"unstable tool path: {stats.tool_paths} different tool-call sequences")
    return "; ".join(parts) or None


def check_lines(check: CheckResult) -> list[str]:
    """A check over the runs: how often it failed, who was blamed, and the spectrum."""
    runs: CheckRuns | None = check.runs
    if runs is None or runs.failing == 0:
        return []
    lines = [f"{check.name} failed in {runs.failing} of {runs.runs} evaluated runs"]
    shares = [c.phrase(runs.failing) for c in runs.culprits]
    if runs.unattributed:
        shares.append(f"unattributed: {runs.unattributed} of {runs.failing} failing runs")
    if shares:
        how = "stable culprit" if runs.stable else "culprit split between runs"
        lines.append(f"{how}: " + "; ".join(shares))
    if runs.events:
        lines.append(
            "events most associated with failure: "
            + "; ".join(
                f"{e.event} (Ochiai {e.score:.2f}: {e.failing} failing, {e.passing} passing runs)"
                for e in runs.events
            )
        )
    return lines


def repeat_lines(test: CaseResult) -> list[str]:
    """Every sentence about a repeated test's runs; none for a single run."""
    if test.runs is None:
        return []
    lines = [verdict_line(test.runs)]
    stability = stability_line(test.runs)
    if stability is not None:
        lines.append(stability)
    for check in test.checks:
        lines.extend(check_lines(check))
    return lines
