"""A test run N times: what each run leaves behind, and how the runs combine into one result.

A run is summarised where it ran (a worker process), so only small values travel back: its
result, its tool-call path and its (agent, action) events. Combining sorts and counts them, so
the combined result does not depend on which worker finished first.
"""

from __future__ import annotations

import contextvars
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from operator import attrgetter

from blame.model import StepKind, Trace
from blame.results import CaseResult, CheckResult, Suspect
from blame.runstats import CheckRuns, CulpritShare, RunOutcome, RunStats
from blame.stats import EventScore, spectrum

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


def summarise(case: CaseResult, trace: Trace, trace_json: str | None = None) -> RunRecord:
    """What a run leaves behind: its result, and its tool path and events in one pass over the
    trace (every run of a suite pays for it)."""
    path, found = _walk(trace)
    return RunRecord(case, path, found, trace_json)


def tool_path(trace: Trace) -> tuple[str, ...]:
    """The tool calls of a trace, in recording order, as `agent:tool`."""
    return _walk(trace)[0]


def events(trace: Trace) -> tuple[str, ...]:
    """The (agent, action) events of a trace: which agents ran, raised, called which tools,
    which tool calls failed, and which handoffs happened; sorted and distinct."""
    return _walk(trace)[1]


def _walk(trace: Trace) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(`tool_path`, `events`) of a trace, in one pass."""
    steps = trace.steps
    tool = StepKind.TOOL
    path: list[str] = []
    found: set[str] = set()
    add = found.add
    for step, parents in zip(steps, trace.parent_indexes(), strict=True):
        agent = step.agent
        if step.kind is tool:
            name = step.name
            path.append(f"{agent}:{name}")
            add(f"{agent}: called {name}")
            if step.error is not None:
                add(f"{agent}: {name} failed")
        else:
            add(f"{agent}: ran")
            if step.error is not None:
                add(f"{agent}: raised")
        for parent in parents:
            sender = steps[parent].agent
            if sender != agent:
                add(f"{sender} -> {agent}: handoff")
    return tuple(path), tuple(sorted(found))


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
    note = f" (worst of {len(records)} runs: run {worst + 1})"
    noted = result.error is None  # else the note goes on the test's error
    # Check j of every evaluated run, side by side (evaluated runs have the same checks).
    columns = list(zip(*(cases[i].checks for i in evaluated), strict=True)) or [()] * len(
        result.checks
    )
    run_events = [records[i].events for i in evaluated]
    spectra: dict[tuple[bool, ...], tuple[EventScore, ...]] = {}
    passing = CheckRuns(runs=len(evaluated), failing=0)  # every check that never failed
    checks = tuple(
        _with_runs(
            check,
            _check_runs(column, run_events, spectra, passing),
            check.message + note if noted else check.message,
        )
        for check, column in zip(result.checks, columns, strict=True)
    )
    return replace(
        result,
        checks=checks,
        runs=stats,
        passed=stats.verdict in ("PASS", "INCONCLUSIVE"),
        error=None if noted else f"{result.error}{note}",
    )


_CHECK_FIELDS = tuple(f.name for f in fields(CheckResult))
_check_values = attrgetter(*_CHECK_FIELDS)
_MESSAGE = _CHECK_FIELDS.index("message")
_RUNS = _CHECK_FIELDS.index("runs")


def _with_runs(check: CheckResult, runs: CheckRuns, message: str) -> CheckResult:
    """`replace(check, runs=runs, message=message)`, a few times quicker: a suite of repeated
    tests makes one per check and test."""
    values = list(_check_values(check))
    values[_MESSAGE] = message
    values[_RUNS] = runs
    return CheckResult(*values)


def _check_runs(
    column: Sequence[CheckResult],
    run_events: Sequence[tuple[str, ...]],
    spectra: dict[tuple[bool, ...], tuple[EventScore, ...]],
    passing: CheckRuns,
) -> CheckRuns:
    """One check over the evaluated runs (`column`, one result per run, with each run's
    events): its failing runs' culprits and the spectrum; `passing` when it never failed. The
    same failing runs give the same spectrum: `spectra` keeps it per test."""
    failing = tuple([not c.passed for c in column])
    if True not in failing:  # most checks, most of the time: nothing to tally or rank
        return passing
    failed = [c for c in column if not c.passed]
    tops = [c.blame[0] for c in failed if c.blame]
    found = spectra.get(failing)
    if found is None:
        # Without passing runs to compare with there is nothing to rank: skip the counting.
        mixed = len(failed) < len(column)
        found = spectra[failing] = spectrum(zip(failing, run_events, strict=True)) if mixed else ()
    return CheckRuns(
        runs=len(column),
        failing=len(failed),
        culprits=_shares(tops),
        unattributed=len(failed) - len(tops),
        events=found,
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
