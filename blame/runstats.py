"""The results of a test run more than once (`runs: N`): results JSON schema version 2.

Per test: how many runs passed, the pass rate's Wilson 95 % interval and the verdict against
the pass-rate threshold, flakiness and tool-path stability, and each run's outcome. Per check:
the culprits over its failing runs with their share, and the (agent, action) events most
associated with its failure (Ochiai). Derived figures (rate, verdict, flaky, stable) are
written for readers and recomputed, never trusted, when a file is read back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from blame import jsontext
from blame.fields import JSON, as_object, get_bool, get_int, get_list, get_required_number, get_str
from blame.frozen import dataclass
from blame.stats import EventScore, Verdict, verdict, wilson


@dataclass(frozen=True, slots=True)
class RunOutcome:
    """One run of a repeated test."""

    passed: bool
    """Whether that run passed (reward reached fail_below_reward, nothing errored)."""
    reward: float
    """Its reward."""
    error: str | None = None
    """Why it could not be evaluated (the agent crashed or hung); None when it was."""

    def to_dict(self, run: int) -> dict[str, Any]:
        """The results-JSON form; `run` is its 1-based number."""
        return {
            "run": run,
            "passed": self.passed,
            "reward": round(self.reward, 4),
            "error": self.error,
        }

    @classmethod
    def from_dict(cls, data: Any, *, where: str) -> RunOutcome:
        """Read the results-JSON form."""
        data = as_object(data, where)
        return cls(
            passed=get_bool(data, "passed", where),
            reward=get_required_number(data, "reward", where),
            error=get_str(data, "error", where) or None,
        )


@dataclass(frozen=True, slots=True)
class RunStats:
    """A test's outcome over its runs: one column per figure of a run, not an object per run
    (a suite of a thousand runs combines and writes them at a fraction of the cost)."""

    passed: tuple[bool, ...]
    """Whether each run passed (reward reached fail_below_reward, nothing errored), in run
    order."""
    rewards: tuple[float, ...]
    """Each run's reward."""
    run_errors: tuple[str | None, ...]
    """Why each run could not be evaluated (the agent crashed or hung); None for a run that
    was."""
    threshold: float
    """The pass rate the test must show (`pass_rate`)."""
    tool_paths: int = 1
    """How many different tool-call sequences the evaluated runs took."""

    @classmethod
    def of(cls, outcomes: Sequence[RunOutcome], threshold: float, tool_paths: int = 1) -> RunStats:
        """The statistics of these runs' outcomes, in run order."""
        return cls(
            tuple([o.passed for o in outcomes]),
            tuple([o.reward for o in outcomes]),
            tuple([o.error for o in outcomes]),
            threshold,
            tool_paths,
        )

    @property
    def outcomes(self) -> tuple[RunOutcome, ...]:
        """Each run's outcome, in run order."""
        return tuple(map(RunOutcome, self.passed, self.rewards, self.run_errors))

    @property
    def total(self) -> int:
        """Runs made."""
        return len(self.passed)

    @property
    def passes(self) -> int:
        """Runs that passed."""
        return self.passed.count(True)

    @property
    def errors(self) -> int:
        """Runs that could not be evaluated (they count as not passing)."""
        return len(self.run_errors) - self.run_errors.count(None)

    @property
    def pass_rate(self) -> float:
        """passes / total."""
        return self.passes / self.total if self.total else 0.0

    @property
    def verdict(self) -> Verdict:
        """PASS, FAIL or INCONCLUSIVE from the Wilson interval; ERROR when no run was evaluated."""
        return _verdict(self.passes, self.errors, len(self.passed), self.threshold)

    @property
    def flaky(self) -> bool:
        """Some runs passed and some did not."""
        return 0 < self.passes < self.total

    @property
    def unstable_tools(self) -> bool:
        """The runs did not all call the same tools in the same order."""
        return self.tool_paths > 1

    def to_dict(self) -> dict[str, Any]:
        """The results-JSON form."""
        total = len(self.passed)
        errors = total - self.run_errors.count(None)
        data, low, high = _figures(
            self.passed.count(True), errors, total, self.threshold, self.tool_paths
        )
        data = data.copy()  # the figures a suite shares, each test's its own dict
        data["interval"] = [low, high]
        data["threshold"] = self.threshold  # its own: 0.0 and -0.0, 1 and 1.0 share a key
        data["outcomes"] = [
            {"run": run, "passed": passed, "reward": reward, "error": error}
            for run, passed, reward, error in zip(
                range(1, total + 1),
                self.passed,
                map(round4, self.rewards),
                self.run_errors,
                strict=True,
            )
        ]
        return data

    def written(self) -> Any:
        """What the results JSON writes for it: `to_dict()`, deferred as a `jsontext.Keyed`
        (a suite's tests repeat the same few outcomes, written once). The key holds every field
        and the numbers' types (1, 1.0 and True are equal, but written apart); a zero reward or
        threshold is not keyed (0.0 equals -0.0)."""
        rewards, threshold, passed = self.rewards, self.threshold, self.passed
        if 0 in rewards or not threshold:
            return self.to_dict()
        key = (passed, rewards, self.run_errors, threshold, self.tool_paths)
        types = (*map(type, passed), *map(type, rewards), type(threshold), type(self.tool_paths))
        return jsontext.Keyed((key, types), self.to_dict)

    @classmethod
    def from_dict(cls, data: Any, *, where: str) -> RunStats:
        """Read the results-JSON form."""
        data = as_object(data, where)
        outcomes = tuple(
            RunOutcome.from_dict(item, where=f"{where}.outcomes[{i}]")
            for i, item in enumerate(get_list(data, "outcomes", where))
        )
        if not outcomes:
            raise JSON.error(f"{where}.outcomes", "must list at least one run")
        threshold = get_required_number(data, "threshold", where)
        if not 0.0 <= threshold <= 1.0:
            raise JSON.error(f"{where}.threshold", f"must be in [0, 1], got {threshold}")
        paths = get_int(data, "tool_paths", where)
        return cls.of(outcomes, threshold, 1 if paths is None else paths)


def _verdict(passes: int, errors: int, total: int, threshold: float) -> Verdict:
    """ERROR when no run was evaluated, else the verdict of the pass rate's interval."""
    return "ERROR" if errors == total else verdict(passes, total, threshold)


@lru_cache(maxsize=1024)
def _figures(
    passes: int, errors: int, total: int, threshold: float, tool_paths: int
) -> tuple[dict[str, Any], float, float]:
    """The results-JSON form of a test's counts (its interval's bounds apart, to be put in a
    list of the caller's own), kept: a suite's tests show the same few counts. Copy the dict
    and put the test's own threshold in it: equal keys can differ in type or sign."""
    interval = wilson(passes, total)
    return (
        {
            "total": total,
            "passes": passes,
            "errors": errors,
            "pass_rate": round(passes / total, 4) if total else 0.0,
            "interval": None,
            "threshold": threshold,
            "verdict": _verdict(passes, errors, total, threshold),
            "flaky": 0 < passes < total,
            "tool_paths": tool_paths,
            "unstable_tool_path": tool_paths > 1,
        },
        round(interval.low, 4),
        round(interval.high, 4),
    )


def round4(value: float) -> float:
    """round(value, 4): the same value and type (a zero keeps its sign, an int stays an int),
    kept per float, since rounding to digits formats the number (as costly as ten dictionary
    look-ups) and a suite's rewards and Ochiai scores take few values."""
    if type(value) is not float:
        return round(value, 4)
    if not value:  # 0.0 and -0.0 are one key: each is its own rounding
        return value
    return _round4(value)


@lru_cache(maxsize=4096)
def _round4(value: float) -> float:
    """`round4` of a non-zero float."""
    return round(value, 4)


@dataclass(frozen=True, slots=True)
class CulpritShare:
    """One culprit of a check over the failing runs of a test."""

    kind: str
    """agent, tool or handoff."""
    name: str
    """The agent's, tool's or handoff's name."""
    agent: str
    """The responsible agent."""
    step_index: int | None
    """The step it was pinned on (when every run pinned the same one; else None)."""
    runs: int
    """Failing runs in which it was the top suspect."""

    def phrase(self, failing: int) -> str:
        """`CoderAgent, step 1: 4 of 5 failing runs`."""
        step = "" if self.step_index is None else f", step {self.step_index}"
        return f"{self.name}{step}: {self.runs} of {failing} failing runs"

    def to_dict(self) -> dict[str, Any]:
        """The results-JSON form."""
        return {
            "kind": self.kind,
            "name": self.name,
            "agent": self.agent,
            "step_index": self.step_index,
            "runs": self.runs,
        }

    @classmethod
    def from_dict(cls, data: Any, *, where: str) -> CulpritShare:
        """Read the results-JSON form."""
        data = as_object(data, where)
        return cls(
            kind=get_str(data, "kind", where, required=True),
            name=get_str(data, "name", where, required=True),
            agent=get_str(data, "agent", where, required=True),
            step_index=get_int(data, "step_index", where),
            runs=_count(data, "runs", where),
        )


@dataclass(frozen=True, slots=True)
class CheckRuns:
    """One check over the evaluated runs of a test."""

    runs: int
    """Runs in which the check was evaluated."""
    failing: int
    """Of those, runs in which it failed."""
    culprits: tuple[CulpritShare, ...] = ()
    """The top suspect of each failing run, tallied: most runs first."""
    unattributed: int = 0
    """Failing runs with no suspect."""
    events: tuple[EventScore, ...] = ()
    """(agent, action) events most associated with the check failing, best first."""

    @property
    def stable(self) -> bool:
        """One culprit was the top suspect of every failing run."""
        return self.failing > 0 and len(self.culprits) == 1 and self.unattributed == 0

    def to_dict(self) -> dict[str, Any]:
        """The results-JSON form."""
        if not (self.failing or self.culprits or self.events):  # most checks: none failed
            return {
                "runs": self.runs,
                "failing": 0,
                "stable": False,
                "culprits": [],
                "unattributed": self.unattributed,
                "events": [],
            }
        return {
            "runs": self.runs,
            "failing": self.failing,
            "stable": self.stable,
            "culprits": [c.to_dict() for c in self.culprits],
            "unattributed": self.unattributed,
            "events": [
                {
                    "event": e.event,
                    "ochiai": round4(e.score),
                    "failing": e.failing,
                    "passing": e.passing,
                }
                for e in self.events
            ],
        }

    def written(self) -> Any:
        """What the results JSON writes for it: `to_dict()`, deferred as a `jsontext.Keyed`.
        A check that never failed (most of a suite's) shares one per count of runs; a failing
        one is keyed by its counts and the identity of its culprits and events, which a suite's
        checks share (`blame.repeat` keeps them): the document holds every keyed value while
        it is written, so no identity is reused meanwhile, and one object is written alike."""
        runs, failing, unattributed = self.runs, self.failing, self.unattributed
        if type(runs) is not int or type(failing) is not int or type(unattributed) is not int:
            return self.to_dict()  # True equals 1 but is written apart
        culprits, events = self.culprits, self.events
        if not (failing or culprits or events):
            return _never_failed_form(runs, unattributed)
        key = (_FAILED, runs, failing, unattributed, id(events), *map(id, culprits))
        return jsontext.Keyed(key, self.to_dict)

    @classmethod
    def from_dict(cls, data: Any, *, where: str) -> CheckRuns:
        """Read the results-JSON form."""
        data = as_object(data, where)
        events = []
        for i, item in enumerate(get_list(data, "events", where)):
            at = f"{where}.events[{i}]"
            item = as_object(item, at)
            events.append(
                EventScore(
                    event=get_str(item, "event", at, required=True),
                    score=get_required_number(item, "ochiai", at),
                    failing=_count(item, "failing", at),
                    passing=_count(item, "passing", at),
                )
            )
        runs, failing = _count(data, "runs", where), _count(data, "failing", where)
        if failing > runs:  # a pass rate of runs - failing out of runs must be one
            raise JSON.error(f"{where}.failing", f"must be at most runs ({runs}), got {failing}")
        return cls(
            runs=runs,
            failing=failing,
            culprits=tuple(
                CulpritShare.from_dict(item, where=f"{where}.culprits[{i}]")
                for i, item in enumerate(get_list(data, "culprits", where))
            ),
            unattributed=_count(data, "unattributed", where),
            events=tuple(events),
        )


_FAILED = object()
"""The first item of a failing `CheckRuns`'s key (no other key holds it)."""


@lru_cache(maxsize=64)
def _never_failed_form(runs: int, unattributed: int) -> jsontext.Keyed:
    """`CheckRuns.written` of a check that never failed in `runs` runs (ints, never bools)."""
    form = CheckRuns(runs, 0, (), unattributed, ()).to_dict
    return jsontext.Keyed(("never failed", runs, unattributed), form)


_new = object.__new__
_RUNS, _FAILING, _CULPRITS, _UNATTRIBUTED, _EVENTS = (
    vars(CheckRuns)[name].__set__
    for name in ("runs", "failing", "culprits", "unattributed", "events")
)
_PASSED, _REWARDS, _RUN_ERRORS, _THRESHOLD, _TOOL_PATHS = (
    vars(RunStats)[name].__set__
    for name in ("passed", "rewards", "run_errors", "threshold", "tool_paths")
)


def new_check_runs(
    runs: int,
    failing: int,
    culprits: tuple[CulpritShare, ...],
    unattributed: int,
    events: tuple[EventScore, ...],
) -> CheckRuns:
    """`CheckRuns(runs, failing, culprits, unattributed, events)` at half the cost, for the
    statistics of a suite's failing checks: a frozen dataclass's `__init__` looks up and calls
    `object.__setattr__` for each field; here each slot's own setter is bound once."""
    made = _new(CheckRuns)
    _RUNS(made, runs)
    _FAILING(made, failing)
    _CULPRITS(made, culprits)
    _UNATTRIBUTED(made, unattributed)
    _EVENTS(made, events)
    return made


def new_run_stats(
    passed: tuple[bool, ...],
    rewards: tuple[float, ...],
    run_errors: tuple[str | None, ...],
    threshold: float,
    tool_paths: int,
) -> RunStats:
    """`RunStats(passed, rewards, run_errors, threshold, tool_paths)` at half the cost, as
    `new_check_runs` makes its records."""
    made = _new(RunStats)
    _PASSED(made, passed)
    _REWARDS(made, rewards)
    _RUN_ERRORS(made, run_errors)
    _THRESHOLD(made, threshold)
    _TOOL_PATHS(made, tool_paths)
    return made


def _count(data: Mapping[str, Any], key: str, where: str) -> int:
    value = get_int(data, key, where, required=True) or 0
    if value < 0:
        raise JSON.error(f"{where}.{key}", f"must not be negative, got {value}")
    return value
