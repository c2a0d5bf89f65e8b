"""A test run N times: what each run leaves behind, and how the runs combine into one result.

A run is summarised where it ran (a worker process), so only small values travel back: its
result, its tool-call path and its (agent, action) events. Combining sorts and counts them, so
the combined result does not depend on which worker finished first.
"""

from __future__ import annotations

import contextvars
from collections.abc import Sequence
from dataclasses import dataclass, replace

from blame.model import StepKind, Trace
from blame.results import CaseResult, CheckResult, Suspect
from blame.runstats import CheckRuns, CulpritShare, RunOutcome, RunStats
from blame.stats import spectrum

_RUN: contextvars.ContextVar[int] = contextvars.ContextVar("blame_run_index", default=0)


def run_index() -> int:
    """Which run of its test the agent is in, from 0 (always 0 outside `runs: N`).

    A scripted or seeded pipeline seeds itself with it, so a run gives the same trace whether
    it ran first, last or in another worker process.
    """
    return _RUN.get()


def set_run_index(index: int) -> contextvars.Token[int]:
    """Enter run `index` of a test (in this context); leave it with `reset_run_index`."""
    return _RUN.set(index)


def reset_run_index(token: contextvars.Token[int]) -> None:
    """Leave the run `set_run_index` entered."""
    _RUN.reset(token)


def worst_run(cases: Sequence[CaseResult]) -> int:
    """The run whose detail a repeated test shows: the lowest reward among the evaluated runs
    (the first on a tie), or the first run when none was evaluated."""
    evaluated = [i for i, c in enumerate(cases) if c.error is None]
    return min(evaluated, key=lambda i: (cases[i].reward, i)) if evaluated else 0


@dataclass(frozen=True, slots=True)
class RunRecord:
    """What one run of a test leaves behind."""

    case: CaseResult
    """The run's own result, as a single run of the test."""
    tool_path: tuple[str, ...] = ()
    """The tools it called, in order, as `agent:tool`."""
    events: tuple[str, ...] = ()
    """Its distinct (agent, action) events, sorted."""
    trace_json: str | None = None
    """The trace as JSON text when recording fixtures; None otherwise."""


def tool_path(trace: Trace) -> tuple[str, ...]:
    """The tool calls of a trace, in recording order."""
    return tuple(f"{s.agent}:{s.name}" for s in trace.steps if s.kind is StepKind.TOOL)


def events(trace: Trace) -> tuple[str, ...]:
    """The (agent, action) events of a trace: which agents ran, raised, called which tools,
    which tool calls failed, and which handoffs happened; sorted and distinct."""
    found: set[str] = set()
    steps = trace.steps
    for step, parents in zip(steps, trace.parent_indexes(), strict=True):
        if step.kind is StepKind.TOOL:
            found.add(f"{step.agent}: called {step.name}")
            if step.failed:
                found.add(f"{step.agent}: {step.name} failed")
        else:
            found.add(f"{step.agent}: ran")
            if step.failed:
                found.add(f"{step.agent}: raised")
        for parent in parents:
            sender = steps[parent].agent
            if sender != step.agent:
                found.add(f"{sender} -> {step.agent}: handoff")
    return tuple(sorted(found))


def combine(records: Sequence[RunRecord], pass_rate: float) -> CaseResult:
    """One test's result over its runs: one run is that run's result, unchanged; more runs
    give the worst evaluated run's detail with the statistics of all of them."""
    if len(records) == 1:
        return records[0].case
    cases = [r.case for r in records]
    evaluated = [i for i, c in enumerate(cases) if c.error is None]
    worst = worst_run(cases)
    stats = RunStats(
        outcomes=tuple(RunOutcome(c.passed, c.reward, c.error) for c in cases),
        threshold=pass_rate,
        tool_paths=len({records[i].tool_path for i in evaluated}) or 1,
    )
    result = cases[worst]
    checks = tuple(
        replace(check, runs=_check_runs(j, records, evaluated))
        for j, check in enumerate(result.checks)
    )
    result = replace(
        result, checks=checks, runs=stats, passed=stats.verdict in ("PASS", "INCONCLUSIVE")
    )
    return _note_worst(result, worst, len(records))


def _check_runs(j: int, records: Sequence[RunRecord], evaluated: Sequence[int]) -> CheckRuns:
    """Check `j` over the evaluated runs: its failing runs' culprits and the spectrum."""
    failed: list[CheckResult] = []
    spectra: list[tuple[bool, Sequence[str]]] = []
    for i in evaluated:
        check = records[i].case.checks[j]
        if not check.passed:
            failed.append(check)
        spectra.append((not check.passed, records[i].events))
    tops = [c.blame[0] for c in failed if c.blame]
    return CheckRuns(
        runs=len(evaluated),
        failing=len(failed),
        culprits=_shares(tops),
        unattributed=len(failed) - len(tops),
        events=spectrum(spectra),
    )


def _shares(tops: Sequence[Suspect]) -> tuple[CulpritShare, ...]:
    """Top suspects grouped by who they name; the step kept when every run pinned the same."""
    groups: dict[tuple[str, str, str], list[int | None]] = {}
    for suspect in tops:
        groups.setdefault((suspect.kind, suspect.name, suspect.agent), []).append(
            suspect.step_index
        )
    shares = [
        CulpritShare(
            kind=kind,
            name=name,
            agent=agent,
            step_index=steps[0] if len(set(steps)) == 1 else None,
            runs=len(steps),
        )
        for (kind, name, agent), steps in groups.items()
    ]
    shares.sort(key=lambda s: (-s.runs, s.kind, s.name, s.agent))
    return tuple(shares)


def _note_worst(result: CaseResult, worst: int, runs: int) -> CaseResult:
    note = f"worst of {runs} runs: run {worst + 1}"
    if result.error is not None:
        return replace(result, error=f"{result.error} ({note})")
    checks = tuple(replace(c, message=f"{c.message} ({note})") for c in result.checks)
    return replace(result, checks=checks)
