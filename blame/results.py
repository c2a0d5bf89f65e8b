"""The results model: what a run of blame says about each test, check and suspect.

`blame test` and `blame analyze` write it as the results JSON (DESIGN.md's contract); reports,
`explain`, `improve`, the summaries and CI outputs read it back. The trace it was computed
from lives in `blame.model`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import field, replace
from typing import TYPE_CHECKING, Any, Literal, get_args

from blame import jsontext
from blame.casegraph import CaseGraph
from blame.categories import failure_category
from blame.errors import TraceError
from blame.fields import (
    JSON,
    as_object,
    get_bool,
    get_int,
    get_list,
    get_required_number,
    get_str,
    in_file,
)
from blame.frozen import dataclass
from blame.text import brief, json_text

if TYPE_CHECKING:  # statistics of repeated runs, confirmations: imported when a result has them
    from blame.confirmation import Confirmation
    from blame.runstats import CheckRuns, RunStats
    from blame.stats import Verdict

RESULTS_SCHEMA_VERSION = 2
"""The results JSON's version: 2 added verdicts, categories and the statistics of `runs: N`."""
READABLE_VERSIONS = (1, 2)
"""Results files this blame reads (fixtures and baselines written by older versions too)."""

BlameKind = Literal["agent", "tool", "handoff"]
SUSPECT_KINDS: tuple[BlameKind, ...] = get_args(BlameKind)
"""The kinds a Suspect can be, in the order the results format lists them."""


@dataclass(frozen=True, slots=True)
class Suspect:
    """One candidate cause of a failed check, with the evidence for it."""

    kind: BlameKind
    """agent, tool or handoff."""
    name: str
    """The agent's name, the tool's name, or `"Sender -> Receiver"`."""
    agent: str
    """The responsible agent: itself, the tool's caller, or a handoff's receiver."""
    step_index: int | None
    """The step the failure is pinned on (for a handoff, the receiving step)."""
    confidence: float
    """How sure the engine is, in [0, 1]."""
    reason: str
    """One sentence naming the steps that prove it."""
    sender: str | None = None
    """A handoff's sending agent (whose prompt a patch changes); None for agents and tools."""
    receiver: str | None = None
    """A handoff's receiving agent (its `agent`); None for agents and tools."""
    confirmation: Confirmation | None = None
    """The counterfactual re-run's verdict (`blame confirm`); None when not put to the test."""

    def __post_init__(self) -> None:
        # A handoff made by name alone (results JSON, a plugin written before the ends
        # existed) gets its ends from the name, here and nowhere else.
        if self.kind == "handoff" and (self.sender is None or self.receiver is None):
            sender, receiver = _handoff_ends(self.name, self.agent)
            if self.sender is None:
                object.__setattr__(self, "sender", sender)
            if self.receiver is None:
                object.__setattr__(self, "receiver", receiver)

    def to_dict(self) -> dict[str, Any]:
        """The results-JSON form (a handoff's ends travel in its `"Sender -> Receiver"` name;
        `confirmation` only when the suspect was put to the test)."""
        data: dict[str, Any] = {
            "kind": self.kind,
            "name": self.name,
            "agent": self.agent,
            "step_index": self.step_index,
            "confidence": round(self.confidence, 4),
            "reason": self.reason,
        }
        if self.confirmation is not None:
            data["confirmation"] = self.confirmation.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: Any, *, where: str = "suspect") -> Suspect:
        """Read the results-JSON form; a wrong field is a TraceError naming it."""
        data = as_object(data, where)
        kind = get_str(data, "kind", where, required=True)
        if kind not in SUSPECT_KINDS:
            raise JSON.error(f"{where}.kind", f"must be agent, tool or handoff, got {brief(kind)}")
        return cls(
            kind=kind,
            name=get_str(data, "name", where, required=True),
            agent=get_str(data, "agent", where, required=True),
            step_index=get_int(data, "step_index", where),
            confidence=get_required_number(data, "confidence", where),
            reason=get_str(data, "reason", where, required=True),
            confirmation=None
            if data.get("confirmation") is None
            else _confirmation(data["confirmation"], f"{where}.confirmation"),
        )


@dataclass(frozen=True, slots=True)
class Evaluation:
    """What an evaluator says about one check on one trace."""

    score: float
    """In [0, 1]; 1 is a pass."""
    message: str
    """Expected versus actual, for a person."""
    passed: bool | None = None
    """Overrides `score >= 1` when the evaluator knows better (partial credit that passes)."""
    evidence: Mapping[str, Any] = field(default_factory=dict)
    """Facts the check type's own `attribute` may reuse; blame reads only `step_index` (the
    step to blame when a check type without its own rule fails)."""
    error: str | None = None
    """Why the check could not be evaluated (its check type failed); the score is then 0."""

    @property
    def ok(self) -> bool:
        """Whether the check passed."""
        return self.passed if self.passed is not None else self.score >= 1.0


ERROR_PREFIX = "error: "
"""How an errored check's message starts (the results JSON carries no separate field)."""


@dataclass(frozen=True, slots=True)
class CheckResult:
    """A check's outcome on one test, with its ranked suspects."""

    name: str
    """The check's display name."""
    type: str
    """The check's type."""
    passed: bool
    """Whether the check passed."""
    score: float
    """In [0, 1]."""
    weight: float
    """The check's weight."""
    message: str
    """Expected versus actual (in the results JSON, `error: <why>` for an errored check)."""
    blame: tuple[Suspect, ...] = ()
    """Ranked suspects, best first; empty when passed or unattributed."""
    error: str | None = None
    """Why the check could not be evaluated; None when it was."""
    runs: CheckRuns | None = None
    """The check over all runs of a test run more than once; None for a single run."""

    @property
    def category(self) -> str | None:
        """The failure category (`missing content`, `tool failure`...); None when it passed."""
        return failure_category(self.type, passed=self.passed, errored=self.error is not None)

    def to_dict(self) -> dict[str, Any]:
        """The results-JSON form (a suite writes one per check: a check that passed, most of
        them, skips the category's lookup, None, and its empty list of suspects)."""
        runs = self.runs
        return self._form(None if runs is None else runs.to_dict())

    def _form(self, runs: Any) -> dict[str, Any]:
        passed, blame = self.passed, self.blame
        return {
            "name": self.name,
            "type": self.type,
            "passed": passed,
            "category": None if passed and self.error is None else self.category,
            "score": round(self.score, 4),
            "weight": self.weight,
            "message": self.message,
            "blame": [s.to_dict() for s in blame] if blame else [],
            "runs": runs,
        }

    def written(self) -> Any:
        """What the results JSON writes for it: `to_dict()`, deferred as a `jsontext.Keyed`
        when it has no suspects and its statistics, if any, are of a check that never failed
        (a suite's passed checks repeat each other test after test); else its statistics as
        `CheckRuns.written` gives them. The key holds every field the form is made of and the
        numbers' types (1, 1.0 and True are equal, but written apart); a zero score or weight
        is not keyed (0.0 equals -0.0)."""
        score, weight, passed, runs = self.score, self.weight, self.passed, self.runs
        if runs is None:
            counts: tuple[Any, ...] = ()
        elif runs.failing or runs.culprits or runs.events:
            return self._form(runs.written())
        else:
            counts = (runs.runs, runs.unattributed, type(runs.runs), type(runs.unattributed))
        if self.blame or not score or not weight:
            return self._form(None if runs is None else runs.written())
        key = (self.name, self.type, passed, self.error, self.message, score, weight, *counts)
        return jsontext.Keyed((*key, type(passed), type(score), type(weight)), self.to_dict)

    @classmethod
    def from_dict(cls, data: Any, *, where: str = "check") -> CheckResult:
        """Read the results-JSON form; a wrong field is a TraceError naming it."""
        data = as_object(data, where)
        message = get_str(data, "message", where, required=True)
        return cls(
            name=get_str(data, "name", where, required=True),
            type=get_str(data, "type", where, required=True),
            passed=get_bool(data, "passed", where),
            score=get_required_number(data, "score", where),
            weight=get_required_number(data, "weight", where),
            message=message,
            blame=tuple(
                Suspect.from_dict(item, where=f"{where}.blame[{i}]")
                for i, item in enumerate(get_list(data, "blame", where))
            ),
            # The results JSON has no field for it: an errored check's message says so.
            error=message[len(ERROR_PREFIX) :] if message.startswith(ERROR_PREFIX) else None,
            runs=None if data.get("runs") is None else _check_runs(data["runs"], f"{where}.runs"),
        )


@dataclass(frozen=True, slots=True)
class Patch:
    """A prompt change for one culprit agent: instructions, one a line."""

    target: str
    """The agent whose prompt changes."""
    instructions: tuple[str, ...]
    """Instructions to add to that prompt, sorted, one line each, without a bullet."""
    code: bool = False
    """True when the target is code, not an agent's prompt (routing code, a guardrail, a tool
    whose result is the answer): the instructions are said of that code."""

    @property
    def text(self) -> str:
        """The instructions as a Markdown list, one `- ` line each (the results JSON's form)."""
        return "\n".join(f"- {line}" for line in self.instructions)

    def to_dict(self) -> dict[str, Any]:
        """The results-JSON form (the instructions joined as `text`; `code` only when set)."""
        data: dict[str, Any] = {"target": self.target, "text": self.text}
        if self.code:
            data["code"] = True
        return data

    @classmethod
    def from_dict(cls, data: Any, *, where: str = "patch") -> Patch:
        """Read the results-JSON form: each non-blank line of `text` is one instruction, its
        `- ` bullet dropped; a wrong field is a TraceError naming it."""
        data = as_object(data, where)
        text = get_str(data, "text", where, required=True)
        return cls(
            target=get_str(data, "target", where, required=True),
            instructions=tuple(
                line[2:] if line.startswith("- ") else line
                for line in text.split("\n")
                if line.strip()
            ),
            code="code" in data and get_bool(data, "code", where),
        )


@dataclass(frozen=True, slots=True)
class CaseResult:
    """One test's outcome: its checks, reward and patches."""

    name: str
    """The test's name."""
    passed: bool
    """reward >= threshold and no error; run more than once, a verdict of PASS or INCONCLUSIVE
    (an inconclusive test does not fail the build)."""
    reward: float
    """sum(score x weight) / sum(weight) (run more than once: of the worst run)."""
    threshold: float
    """settings.fail_below_reward."""
    error: str | None = None
    """Why the test could not be evaluated (crash, timeout, missing fixture)."""
    checks: tuple[CheckResult, ...] = ()
    """Every check's result, in config order."""
    patches: tuple[Patch, ...] = ()
    """Suggested prompt patches, sorted by target."""
    runs: RunStats | None = None
    """The statistics of a test run more than once; None for a single run."""
    graph: CaseGraph | None = None
    """A failed test's step graph, for the reports to draw (None: passed, or no trace)."""

    @property
    def verdict(self) -> Verdict:
        """ERROR when it could not be evaluated; run more than once, the verdict of its pass
        rate's interval; else PASS or FAIL as the one run went."""
        if self.error is not None:
            return "ERROR"
        if self.runs is not None:
            return self.runs.verdict
        return "PASS" if self.passed else "FAIL"

    def to_dict(self) -> dict[str, Any]:
        """The results-JSON form; `graph` only when there is one."""
        graph = None if self.graph is None else self.graph.to_dict()
        runs = None if self.runs is None else self.runs.to_dict()
        return self._form([c.to_dict() for c in self.checks], graph, runs)

    def written(self) -> dict[str, Any]:
        """`to_dict()` as `SuiteResult.to_json` writes it: the checks as `CheckResult.written`
        gives them, the graph a `jsontext.Keyed` (a suite's failed tests often share one; the
        graph's numbers are ints, never booleans, on every path that builds one)."""
        graph = None if self.graph is None else jsontext.Keyed(self.graph, self.graph.to_dict)
        runs = None if self.runs is None else self.runs.written()
        return self._form([c.written() for c in self.checks], graph, runs)

    def _form(self, checks: list[Any], graph: Any, runs: Any) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": self.name,
            "passed": self.passed,
            "verdict": self.verdict,
            "reward": round(self.reward, 4),
            "threshold": self.threshold,
            "error": self.error,
            "checks": checks,
            "patches": [p.to_dict() for p in self.patches],
            "runs": runs,
        }
        if graph is not None:
            data["graph"] = graph
        return data

    @classmethod
    def from_dict(cls, data: Any, *, where: str = "test") -> CaseResult:
        """Read the results-JSON form; a wrong field is a TraceError naming it."""
        data = as_object(data, where)
        return cls(
            name=get_str(data, "name", where, required=True),
            passed=get_bool(data, "passed", where),
            reward=get_required_number(data, "reward", where),
            threshold=get_required_number(data, "threshold", where),
            error=None if data.get("error") is None else get_str(data, "error", where),
            checks=tuple(
                CheckResult.from_dict(item, where=f"{where}.checks[{i}]")
                for i, item in enumerate(get_list(data, "checks", where))
            ),
            patches=tuple(
                Patch.from_dict(item, where=f"{where}.patches[{i}]")
                for i, item in enumerate(get_list(data, "patches", where))
            ),
            runs=None if data.get("runs") is None else _run_stats(data["runs"], f"{where}.runs"),
            graph=None
            if data.get("graph") is None
            else CaseGraph.from_dict(data["graph"], where=f"{where}.graph"),
        )


def located(case: CaseResult, folder: str) -> CaseResult:
    """`case` with the paths under `folder` (the project's: blame.yaml's) in its error written
    relative to it, so results do not depend on where the project is checked out: a trace or
    fixture error names `traces/t.json`, never `/home/ci/work/traces/t.json`."""
    prefix = os.path.join(folder, "")
    if case.error is None or prefix == os.sep or prefix not in case.error:
        return case
    return replace(case, error=case.error.replace(prefix, ""))


def cut_short(finished: int) -> str:
    """`interrupted: only the 2 tests that finished`: how the summary line, JUnit, TAP, the
    history and the gate say Ctrl-C cut a run short, in one phrasing so they agree."""
    return f"interrupted: only the {finished} test{'' if finished == 1 else 's'} that finished"


@dataclass(frozen=True, slots=True)
class SuiteResult:
    """A whole run of `blame test` or `blame analyze`."""

    tests: tuple[CaseResult, ...] = ()
    """Each test's outcome, in config order."""
    interrupted: bool = False
    """Ctrl-C ended the run: `tests` holds only the tests that had finished."""

    @property
    def passed(self) -> bool:
        """Every test passed."""
        return all(t.passed for t in self.tests)

    @property
    def errored(self) -> bool:
        """At least one test could not be evaluated."""
        return any(t.error is not None for t in self.tests)

    def to_dict(self) -> dict[str, Any]:
        """The results-JSON form (DESIGN.md's contract)."""
        return self._form([t.to_dict() for t in self.tests])

    def to_json(self) -> str:
        """Deterministic JSON text: `to_dict()` indented, each repeated check or graph
        written once."""
        data = self._form([t.written() for t in self.tests])
        return json_text(jsontext.dumps(data, indent=2, ensure_ascii=False)) + "\n"

    def _form(self, tests: list[dict[str, Any]]) -> dict[str, Any]:
        data: dict[str, Any] = {"schema_version": RESULTS_SCHEMA_VERSION, "passed": self.passed}
        if self.interrupted:  # only then: a complete run's file is unchanged
            data["interrupted"] = True
        data["tests"] = tests
        return data

    @classmethod
    def from_dict(cls, data: Any, *, source: str | None = None) -> SuiteResult:
        """Read the results-JSON form."""
        if not isinstance(data, Mapping) or data.get("schema_version") not in READABLE_VERSIONS:
            raise TraceError(
                "not a blame results file of schema_version 1 or 2",
                file=source,
                hint="run `blame test` to write a fresh one",
            )
        try:
            tests = get_list(data, "tests", "")
            return cls(
                tests=tuple(
                    CaseResult.from_dict(item, where=f"tests[{i}]") for i, item in enumerate(tests)
                ),
                interrupted=get_bool(data, "interrupted", "") if "interrupted" in data else False,
            )
        except TraceError as error:
            hint = "fix it, or run `blame test` to write a fresh one"
            raise in_file(error, source, hint=hint) from None


def _handoff_ends(name: str, receiver: str) -> tuple[str, str]:
    """(sender, receiver) of a handoff named `"Sender -> Receiver"` whose receiving agent is
    `receiver`; agent names may themselves contain " -> ", so the known receiver is cut off
    the end first."""
    suffix = f" -> {receiver}"
    if receiver and name.endswith(suffix):
        return name[: -len(suffix)], receiver
    sender, arrow, rest = name.partition(" -> ")
    return (sender, rest) if arrow else (name, receiver)


def _confirmation(data: Any, where: str) -> Confirmation:
    from blame.confirmation import Confirmation

    return Confirmation.from_dict(data, where=where)


def _check_runs(data: Any, where: str) -> CheckRuns:
    from blame.runstats import CheckRuns

    return CheckRuns.from_dict(data, where=where)


def _run_stats(data: Any, where: str) -> RunStats:
    from blame.runstats import RunStats

    return RunStats.from_dict(data, where=where)
