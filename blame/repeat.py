"""A test run N times: what each run leaves behind, and how the runs combine into one result.

A run is summarised where it ran (a worker process), so only small values travel back: its
result, its tool-call path and its (agent, action) events. Combining sorts and counts them, so
the combined result does not depend on which worker finished first.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Sequence
from functools import lru_cache
from operator import not_
from typing import TYPE_CHECKING, TypeAlias

from blame.frozen import dataclass
from blame.model import StepKind, Trace
from blame.results import CaseResult, CheckResult, Suspect

if TYPE_CHECKING:  # statistics over runs: imported when a test runs more than once
    from blame.config import CaseSpec
    from blame.runstats import CheckRuns, CulpritShare, RunStats
    from blame.stats import EventScore, Verdict

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


def runs_not_repeated(tests: Sequence[CaseSpec], *, runs: int | None, replay: bool) -> str | None:
    """Why `--runs N` ran some of `tests` once: a replayed fixture or a stored `trace:` is one
    recorded trace, the same in every run. None when every test runs N times (or N is 1)."""
    if runs is None or runs < 2:
        return None
    stored = [t.name for t in tests if t.trace is not None]
    once = len(tests) if replay else len(stored)
    if not once:
        return None
    which = "every test" if once == len(tests) else f"{once} of {len(tests)} tests"
    if replay:
        why, fix = (
            "replays one recorded fixture",
            f"run without --replay to run the agent {runs} times",
        )
    else:
        why, fix = "reads one stored `trace:` file", "remove `trace:` to run the agent"
    return f"--runs {runs}: {which} {why}, so it runs once; {fix}"


def pass_out_of_reach(
    tests: Sequence[CaseSpec],
    pass_rate: float,
    *,
    runs: int | None,
    replay: bool,
    strict: bool,
) -> list[str]:
    """A note for each `pass_rate` that the tests run with it cannot show: with too few runs
    even all of them passing is INCONCLUSIVE, so the test can never PASS. A rate of 1 only
    under `strict` (always exit 3 then); without it, it says "no run may fail" (docs/runs.md).
    Tests run once (one run is its own verdict) are left out."""
    short: dict[tuple[int, float], list[str]] = {}
    for test in tests:
        count = 1 if test.trace is not None or replay else runs or test.runs
        rate = pass_rate if test.pass_rate is None else test.pass_rate
        if count <= 1 or (rate >= 1 and not strict):
            continue  # before the import: a replay or a run-once suite loads no statistics
        from blame.stats import runs_to_show

        if (needed := runs_to_show(rate)) is None or count < needed:
            short.setdefault((count, rate), []).append(test.name)
    if not short:
        return []
    from blame.config import MAX_RUNS
    from blame.stats import runs_to_show

    notes = []
    for (count, rate), names in sorted(short.items()):
        shown = ", ".join(map(repr, names[:3])) + (", ..." if len(names) > 3 else "")
        which = f"test {shown}" if len(names) == 1 else f"{len(names)} tests ({shown})"
        needed = runs_to_show(rate)
        if needed is None or needed > MAX_RUNS:
            why = f"no number of runs can show pass_rate {rate:g}: under --strict it exits 3"
            fix = f"lower it, e.g. to 0.95 (shown by {runs_to_show(0.95)} runs all passing)"
        else:
            why = f"{count} runs cannot show pass_rate {rate:g}: {count} of {count} passing is"
            why += " INCONCLUSIVE"
            more = f"--runs {needed}" if runs else f"runs: {needed}"
            fix = f"run each at least {needed} times ({more}) or lower pass_rate"
        notes.append(f"{which}: {why}; {fix}")
    return notes


def worst_run(cases: Sequence[CaseResult]) -> int:
    """The run whose detail a repeated test shows: the lowest reward among the evaluated runs
    (the first on a tie), or the first run when none was evaluated."""
    return _worst([i for i, c in enumerate(cases) if c.error is None], [c.reward for c in cases])


def _worst(evaluated: Sequence[int], rewards: Sequence[float]) -> int:
    """`worst_run` of runs with these rewards, of which `evaluated` (in run order) were."""
    # min keeps the first of equal rewards, and `evaluated` is in run order
    return min(evaluated, key=rewards.__getitem__) if evaluated else 0


Event: TypeAlias = "str | tuple[str, str] | tuple[str, str | None, int]"
"""One (agent, action) event of a run, before it is named (`event_names`): the agent's name
for an agent step that ran without an error, (agent, tool) for a tool call that did,
(agent, None, failed) an agent step, (agent, tool, failed) a tool call, (sender, receiver,
HANDOFF) a handoff. Cheap to make for every run (most steps make no tuple, a successful tool
call shares its tool path's); named only for the runs a spectrum compares."""
HANDOFF = 2
"""The third item of a handoff's `Event`."""


@dataclass(frozen=True, slots=True)
class RunRecord:
    """What one run of a test leaves behind."""

    case: CaseResult
    """The run's own result, as a single run of the test."""
    tool_path: tuple[tuple[str, str], ...] = ()
    """The tools it called, in order, as (agent, tool)."""
    events: frozenset[Event] = frozenset()
    """Its distinct (agent, action) events (`event_names` names them)."""
    trace_json: str | None = None
    """The trace as JSON text when recording fixtures; None otherwise."""
    notes: tuple[str, ...] = ()
    """What the import of its stored trace skipped, as `FILE: warning` (`blame.importnotes`)."""


def summarise(case: CaseResult, trace: Trace, trace_json: str | None = None) -> RunRecord:
    """What a run leaves behind: its result, and its tool path and events in one pass over the
    trace (every run of a suite pays for it); no text is made per step. A step fed by the
    step just before it (most steps) finds its sender without a lookup; the table of every
    step's agent is built only for a step fed from further back (ids are unique in a
    validated trace, so the step before is the step its id names)."""
    path, found = _walk(trace)
    made = _new(RunRecord)  # RunRecord(...) at half the cost: each slot's setter, bound once
    _CASE(made, case)
    _TOOL_PATH(made, path)
    _EVENTS(made, found)
    _TRACE_JSON(made, trace_json)
    _NOTES(made, ())
    return made


def _walk(trace: Trace) -> tuple[tuple[tuple[str, str], ...], frozenset[Event]]:
    """(tool path, events) of a trace, in one pass (`summarise`)."""
    steps = trace.steps
    agent_of: dict[str, str] | None = None  # parent ids unknown to it are skipped
    path: list[tuple[str, str]] = []
    # A list made a frozenset once, cheaper than a set's adds; `list.append` called as a
    # method (which the interpreter specialises), not bound to a local.
    found: list[Event] = []
    tool = _TOOL
    last_id: str | None = None
    last_agent = ""
    for step in steps:
        agent = step.agent
        if step.kind is tool:
            call = (agent, step.name)
            path.append(call)
            found.append(call if step.error is None else (agent, step.name, 1))
        elif step.error is None:
            found.append(agent)
        else:
            found.append((agent, None, 1))
        parents = step.parents
        if parents:
            # A parent is mostly the very id string of the step before (the recorder's and
            # the fixture reader's): found by identity, without making a tuple to compare.
            if parents[0] is last_id and len(parents) == 1:
                if last_agent != agent:
                    found.append((last_agent, agent, HANDOFF))
            else:
                if agent_of is None:
                    agent_of = {s.id: s.agent for s in steps}
                for parent in parents:
                    sender = agent_of.get(parent, agent)
                    if sender != agent:
                        found.append((sender, agent, HANDOFF))
        last_id = step.id
        last_agent = agent
    return tuple(path), frozenset(found)


_new = object.__new__
_CASE, _TOOL_PATH, _EVENTS, _TRACE_JSON, _NOTES = (
    vars(RunRecord)[name].__set__ for name in ("case", "tool_path", "events", "trace_json", "notes")
)


def tool_path(trace: Trace) -> tuple[str, ...]:
    """The tool calls of a trace, in recording order, as `agent:tool`."""
    return tuple(f"{agent}:{tool}" for agent, tool in _walk(trace)[0])


def events(trace: Trace) -> tuple[str, ...]:
    """The (agent, action) events of a trace: which agents ran, raised, called which tools,
    which tool calls failed, and which handoffs happened; sorted and distinct."""
    return event_names(_walk(trace)[1])


def event_names(found: frozenset[Event]) -> tuple[str, ...]:
    """Events as a spectrum names them (`Planner: called search`), sorted and distinct."""
    names: set[str] = set()
    add = names.add
    for event in found:
        if isinstance(event, str):
            add(f"{event}: ran")
            continue
        if len(event) == 2:
            add(f"{event[0]}: called {event[1]}")
            continue
        who, what, how = event
        if how == HANDOFF:
            add(f"{who} -> {what}: handoff")
        elif what is None:
            add(f"{who}: ran")
            if how:
                add(f"{who}: raised")
        else:
            add(f"{who}: called {what}")
            if how:
                add(f"{who}: {what} failed")
    return tuple(sorted(names))


_TOOL = StepKind.TOOL
"""The tool kind, looked up once: an enum member's look-up on its class costs about a
thousand instructions, more than the rest of a step's share of `summarise`."""


def combine(records: Sequence[RunRecord], pass_rate: float) -> CaseResult:
    """One test's result over its runs: one run is that run's result, unchanged; more runs
    give the worst evaluated run's detail with the statistics of all of them."""
    if len(records) == 1:
        return records[0].case
    run_stats, _, _, verdict_of = _statistics()
    # One comprehension per column: a specialised attribute read is cheaper here than a
    # map of attrgetter, whose every call goes through the generic attribute look-up.
    cases = [r.case for r in records]
    errors = tuple([c.error for c in cases])
    rewards = tuple([c.reward for c in cases])
    passed = tuple([c.passed for c in cases])
    total = len(cases)
    if errors.count(None) == total:  # most tests: every run was evaluated
        evaluated: Sequence[int] = range(total)
        paths = len({r.tool_path for r in records})
        over_runs = _checks_over_runs(cases, tuple([r.events for r in records]))
    else:
        evaluated = [i for i, e in enumerate(errors) if e is None]
        paths = len({records[i].tool_path for i in evaluated}) or 1
        over_runs = _checks_over_runs(
            [cases[i] for i in evaluated], tuple([records[i].events for i in evaluated])
        )
    worst = _worst(evaluated, rewards)
    stats = run_stats(passed, rewards, errors, pass_rate, paths)
    result = cases[worst]
    note = f" (worst of {len(records)} runs: run {worst + 1})"
    noted = result.error is None  # else the note goes on the test's error
    if over_runs is None:
        over_runs = [_never_failed(len(evaluated))] * len(result.checks)
    checks = tuple(
        [
            CheckResult(
                c.name,
                c.type,
                c.passed,
                c.score,
                c.weight,
                c.message + note if noted else c.message,
                c.blame,
                c.error,
                runs,
            )
            for c, runs in zip(result.checks, over_runs, strict=True)
        ]
    )
    return CaseResult(
        result.name,
        verdict_of(passed.count(True), total - len(evaluated), total, pass_rate)
        in ("PASS", "INCONCLUSIVE"),
        result.reward,
        result.threshold,
        None if noted else f"{result.error}{note}",
        checks,
        result.patches,
        stats,
        result.graph,
    )


def _checks_over_runs(
    cases: Sequence[CaseResult], run_events: tuple[frozenset[Event], ...]
) -> list[CheckRuns] | None:
    """Each check over the evaluated runs (`cases`, which have the same checks, and each run's
    events): its failing runs' culprits and the spectrum; None when no check failed in any run.
    A check that never failed shares one value; the same failing runs give the same spectrum."""
    runs = len(cases)
    # Every run's every check's flag, run after run: one comprehension, and most tests stop
    # here (no check failed in any run); a check's column is a slice of it.
    flags = [c.passed for case in cases for c in case.checks]
    if False not in flags:
        return None
    count = len(cases[0].checks)
    if len(flags) != count * runs:
        raise ValueError("the runs of a test have different numbers of checks")
    found = [_never_failed(runs)] * count
    spectra: dict[tuple[bool, ...], tuple[EventScore, ...]] = {}
    make = _statistics()[1]
    for at in range(count):
        passed = tuple(flags[at::count])
        if False not in passed:  # most checks, most of the time
            continue
        column = [case.checks[at] for case in cases]
        tops = [c.blame[0] for c in column if not c.passed and c.blame]
        scores = spectra.get(passed)
        if scores is None:
            # Without passing runs to compare with there is nothing to rank: skip the counting.
            scores = spectra[passed] = _ranked(passed, run_events) if True in passed else ()
        failing = passed.count(False)
        found[at] = make(runs, failing, _shares(tops), failing - len(tops), scores)
    return found


@lru_cache(maxsize=1)
def _statistics() -> tuple[
    Callable[[tuple[bool, ...], tuple[float, ...], tuple[str | None, ...], float, int], RunStats],
    Callable[[int, int, tuple[CulpritShare, ...], int, tuple[EventScore, ...]], CheckRuns],
    type[CulpritShare],
    Callable[[int, int, int, float], Verdict],
]:
    """blame.runstats's makers of records (RunStats, CheckRuns, CulpritShare) and verdicts,
    imported when a test first runs more than once (a single run never needs them); later
    calls find them without an import statement's look-ups, which cost a suite's statistics
    as much as a tenth of their work."""
    from blame.runstats import CulpritShare, _verdict, new_check_runs, new_run_stats

    return new_run_stats, new_check_runs, CulpritShare, _verdict


@lru_cache(maxsize=64)
def _never_failed(runs: int) -> CheckRuns:
    """A check that passed in each of `runs` evaluated runs (one value, shared)."""
    return _statistics()[1](runs, 0, (), 0, ())


@lru_cache(maxsize=1024)
def _ranked(
    passed: tuple[bool, ...], run_events: tuple[frozenset[Event], ...]
) -> tuple[EventScore, ...]:
    """The spectrum of runs that passed as `passed` says and had `run_events`. Kept: the
    tests of a suite run one pipeline, so the same runs' events come back test after test."""
    from blame.stats import spectrum

    return spectrum(zip(map(not_, passed), map(_named, run_events), strict=True))


@lru_cache(maxsize=1024)
def _named(found: frozenset[Event]) -> tuple[str, ...]:
    """`event_names`, kept per distinct set of events."""
    return event_names(found)


def _shares(tops: Sequence[Suspect]) -> tuple[CulpritShare, ...]:
    """Top suspects grouped by who they name; the step kept when every run pinned the same."""
    if not tops:
        return ()
    first = tops[0]
    kind, name, agent, step = first.kind, first.name, first.agent, first.step_index
    for suspect in tops:  # most checks: every failing run blames the same one
        if suspect.name != name or suspect.agent != agent or suspect.kind != kind:
            break
        if suspect.step_index != step:
            step = None
    else:
        return (_share(kind, name, agent, step, len(tops)),)
    groups: dict[tuple[str, str, str], list[int | None]] = {}
    for suspect in tops:
        key = (suspect.kind, suspect.name, suspect.agent)
        steps = groups.get(key)
        if steps is None:
            groups[key] = [suspect.step_index]
        else:
            steps.append(suspect.step_index)
    shares = [
        _share(
            kind,
            name,
            agent,
            steps[0] if steps.count(steps[0]) == len(steps) else None,
            len(steps),
        )
        for (kind, name, agent), steps in groups.items()
    ]
    if len(shares) > 1:
        shares.sort(key=_share_order)
    return tuple(shares)


@lru_cache(maxsize=1024)
def _share(kind: str, name: str, agent: str, step: int | None, runs: int) -> CulpritShare:
    """One culprit's share, one value per (culprit, step, runs): a suite's checks blame the
    same few, and a frozen record costs more to build than to look up."""
    return _statistics()[2](kind, name, agent, step, runs)


def _share_order(share: CulpritShare) -> tuple[int, str, str, str]:
    """Most runs first, then by who."""
    return (-share.runs, share.kind, share.name, share.agent)
