"""The regression gate: a run compared with a baseline, per test, and what blocks.

- a pass rate significantly lower (`rate_change`: the run's 95 % interval lies wholly below the
  baseline's, or a test that passed every baseline run now passes none) blocks;
- a failing check the baseline did not have failing, a new failure category or a new culprit
  for a check blocks;
- a failure the baseline already has (same check, category and culprit) does not block;
- a pass rate significantly higher, or a baseline failure that now passes, is an improvement.

A blocking finding names the agent that regressed (the new failure's top culprit) and the first
step where the run's failing trace diverges from the baseline's passing one (`blame.diff`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from blame.baseline import Baseline, TestBaseline, category_of, wilson
from blame.errors import ExitCode, TraceError
from blame.files import atomic_write_text
from blame.frozen import dataclass
from blame.kept import check_runs, culprits_of, load_kept, runs_of
from blame.reports import GATE_FILE
from blame.text import json_text

if TYPE_CHECKING:
    from blame.diff import Divergence
    from blame.results import CaseResult, CheckResult, SuiteResult


FindingKind = Literal[
    "pass_rate", "new_failure", "new_category", "new_culprit", "known", "improved", "missing"
]
BLOCKING: frozenset[str] = frozenset({"pass_rate", "new_failure", "new_category", "new_culprit"})
"""Findings that fail the gate; known failures, improvements and missing tests do not."""


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing the gate noticed about one test."""

    test: str
    """The test's name."""
    check: str | None
    """The check's name; None for the test's pass rate or presence."""
    kind: FindingKind
    """What changed against the baseline."""
    message: str
    """One sentence for a person (unescaped: renderers escape it)."""
    agent: str | None = None
    """The agent that regressed (the new failure's top culprit's agent)."""
    step: int | None = None
    """The step that culprit is pinned on."""

    @property
    def blocking(self) -> bool:
        """Whether this finding fails the gate."""
        return self.kind in BLOCKING

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "test": self.test,
            "check": self.check,
            "kind": self.kind,
            "blocking": self.blocking,
            "message": self.message,
            "agent": self.agent,
            "step": self.step,
        }


@dataclass(frozen=True, slots=True)
class TestVerdict:
    """The gate's verdict on one test."""

    name: str
    """The test's name."""
    findings: tuple[Finding, ...]
    """What changed, blocking findings first."""
    divergence: Divergence | None
    """For a regressed test: where its failing trace first leaves the baseline's passing one."""
    divergence_note: str | None
    """Why there is no divergence for a regressed test (no passing trace in the baseline...)."""

    @property
    def regressed(self) -> bool:
        """A finding blocks."""
        return any(f.blocking for f in self.findings)

    @property
    def agent(self) -> str | None:
        """The agent that regressed: where the failing run first leaves the baseline's passing
        one when that is known, else the top culprit of the first blocking finding."""
        if not self.regressed:
            return None
        if self.diverged_at_culprit and self.divergence is not None:
            return self.divergence.agent
        return next((f.agent for f in self.findings if f.blocking and f.agent), None)

    @property
    def diverged_at_culprit(self) -> bool:
        """The first divergence names an agent that a blocking finding blames too, or no
        blocking finding names one. The kept failing run is the worst, so in a flaky test it
        can leave the passing run where the baseline's runs already failed (a known failure)
        rather than where the new failure is."""
        if self.divergence is None or not self.divergence.agent:
            return False
        blamed = {f.agent for f in self.findings if f.blocking and f.agent}
        return not blamed or self.divergence.agent in blamed


@dataclass(frozen=True, slots=True)
class GateReport:
    """Every test's verdict against the baseline."""

    tests: tuple[TestVerdict, ...]
    """In the run's order, then tests only the baseline has."""

    @property
    def regressed(self) -> bool:
        """At least one test regressed."""
        return any(t.regressed for t in self.tests)

    def count(self, kind: str) -> int:
        """Findings of this kind."""
        return sum(1 for t in self.tests for f in t.findings if f.kind == kind)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (`<output_dir>/results/gate.json`): no times, so stable."""
        return {
            "regressed": self.regressed,
            "tests": [
                {
                    "name": t.name,
                    "regressed": t.regressed,
                    "agent": t.agent,
                    "findings": [f.to_dict() for f in t.findings],
                    "first_divergence": None
                    if t.divergence is None
                    else {**t.divergence.to_dict(), "description": t.divergence.describe()},
                    "divergence_note": t.divergence_note,
                }
                for t in self.tests
            ],
        }


def compare(baseline: Baseline, suite: SuiteResult, output_dir: Path | None) -> GateReport:
    """Gate `suite` against `baseline`; `output_dir` holds the run's kept failing traces."""
    verdicts = []
    by_name = {test.name: test for test in baseline.tests}
    for case in suite.tests:
        if case.error is not None:
            continue  # could not be evaluated: the run's exit code says so, not the gate
        base = by_name.get(case.name)
        findings = _findings(base, case)
        divergence, note = None, None
        if any(f.blocking for f in findings):
            divergence, note = _divergence(base, case.name, output_dir)
        verdicts.append(TestVerdict(case.name, findings, divergence, note))
    ran = {case.name for case in suite.tests}
    for test in baseline.tests:
        if test.name not in ran:
            missing = Finding(test.name, None, "missing", "in the baseline but not in this run")
            verdicts.append(TestVerdict(test.name, (missing,), None, None))
    return GateReport(tuple(verdicts))


def rate_change(before: tuple[int, int], now: tuple[int, int]) -> Literal["fell", "rose"] | None:
    """Whether the pass rate moved significantly from `before` to `now`, each (runs, passes):
    the 95 % intervals do not overlap, or a test that passed every run now passes none (or
    the reverse), which one run each cannot show by intervals alone."""
    (base_runs, base_passes), (runs, passes) = before, now
    low, high = wilson(passes, runs)
    base_low, base_high = wilson(base_passes, base_runs)
    if high < base_low or (base_passes == base_runs and passes == 0 < runs):
        return "fell"
    if low > base_high or (base_passes == 0 and passes == runs > 0):
        return "rose"
    return None


def _findings(base: TestBaseline | None, case: CaseResult) -> tuple[Finding, ...]:
    runs, passes = runs_of(case)
    found: list[Finding] = []
    if base is None:
        if passes < runs:
            for check in case.checks:
                if check_runs(check)[1]:
                    found.append(_new(case.name, check, "a test the baseline does not have"))
        return tuple(found)
    change = rate_change((base.runs, base.passes), (runs, passes))
    if change is not None:
        (low, high), (base_low, base_high) = wilson(passes, runs), base.interval
        rate = f"{passes}/{runs} passed (95 % interval {low:.2f}-{high:.2f})"
        was = f"{base.passes}/{base.runs} ({base_low:.2f}-{base_high:.2f}) in the baseline"
        kind: FindingKind = "pass_rate" if change == "fell" else "improved"
        found.append(Finding(case.name, None, kind, f"pass rate {change}: {rate}, {was}"))
    base_checks = {check.name: check for check in base.checks}
    for check in case.checks:
        known = base_checks.get(check.name)
        if not check_runs(check)[1]:
            if known is not None and known.failures:
                found.append(
                    Finding(case.name, check.name, "improved", "passes; failed in the baseline")
                )
            continue
        if known is None:
            found.append(_new(case.name, check, "a check the baseline does not have"))
            continue
        if not known.failures:
            found.append(_new(case.name, check, "passed in the baseline"))
            continue
        category = category_of(check)
        culprits = sorted(culprits_of(check) - set(known.culprits))
        suspect = _top_culprit(check, among=frozenset(culprits))
        agent, step = (suspect.agent, suspect.step_index) if suspect else (None, None)
        if category not in known.categories:
            was_cats = ", ".join(known.categories) or "none"
            message = f"new failure category {category} (the baseline's: {was_cats})"
            found.append(Finding(case.name, check.name, "new_category", message, agent, step))
        elif culprits:
            was_who = ", ".join(known.culprits) or "unattributed"
            message = f"new culprit {', '.join(culprits)} (the baseline's: {was_who})"
            found.append(Finding(case.name, check.name, "new_culprit", message, agent, step))
        else:
            who = ", ".join(known.culprits) or "unattributed"
            message = f"known failure ({category}; {who}), in the baseline"
            found.append(Finding(case.name, check.name, "known", message, agent, step))
    return tuple(sorted(found, key=lambda f: not f.blocking))


def _new(test: str, check: CheckResult, why: str) -> Finding:
    suspect = _top_culprit(check)
    who = f"; culprit {_suspect_text(suspect)}" if suspect else "; unattributed"
    message = f"new failure ({category_of(check)}){who}; {why}"
    return Finding(
        test,
        check.name,
        "new_failure",
        message,
        suspect.agent if suspect else None,
        suspect.step_index if suspect else None,
    )


def _top_culprit(check: CheckResult, among: frozenset[str] = frozenset()) -> Any:
    """The check's top suspect in the run shown, else the most frequent culprit of its failing
    runs (a check can pass in the worst run and fail in others); None when unattributed.
    With `among` (the culprits the baseline does not list), the first of those: a new culprit
    can be in another failing run than the one shown. Each has kind, name, agent and
    step_index."""
    shares = getattr(getattr(check, "runs", None), "culprits", None) or ()
    candidates = [*check.blame[:1], *shares]
    if among:
        return next((c for c in candidates if c.name in among), None)
    return candidates[0] if candidates else None


def _suspect_text(suspect: Any) -> str:
    where = f" at step {suspect.step_index}" if suspect.step_index is not None else ""
    return f"{suspect.kind} {suspect.name}{where}"


def _divergence(
    base: TestBaseline | None, name: str, output_dir: Path | None
) -> tuple[Divergence | None, str | None]:
    from blame.diff import diff_traces
    from blame.model import Trace

    if base is None or base.passing_trace is None:
        return None, "the baseline keeps no passing trace of this test"
    failing = load_kept(output_dir, name, "fail") if output_dir is not None else None
    if failing is None:
        return None, "this run kept no failing trace of this test"
    try:
        passing = Trace.from_dict(base.passing_trace, source="baseline")
    except TraceError as error:
        return None, f"the baseline's passing trace cannot be read: {error.message}"
    result = diff_traces(passing, failing)
    if result.first is None:
        return None, "the failing trace takes the same steps with the same content"
    return result.first, None


def write_report(report: GateReport, output_dir: Path) -> str:
    """Write the report's JSON to `<output_dir>/results/gate.json`, atomically; returns it."""
    text = json_text(json.dumps(report.to_dict(), indent=2, ensure_ascii=False)) + "\n"
    atomic_write_text(output_dir / GATE_FILE, text)
    return text


def exit_code(report: GateReport, suite: SuiteResult, *, strict: bool = False) -> ExitCode:
    """2 a test could not be evaluated, 1 a regression, 3 an inconclusive test under
    `--strict`, else 0 (known failures do not fail the gate)."""
    if suite.errored:
        return ExitCode.ERROR
    if report.regressed:
        return ExitCode.CHECK_FAILED
    inconclusive = any(getattr(t, "verdict", None) == "INCONCLUSIVE" for t in suite.tests)
    if strict and inconclusive:
        return ExitCode.INCONCLUSIVE
    return ExitCode.OK


def render_text(report: GateReport, baseline_name: str) -> str:
    """The terminal form: per test its verdict, the agent that regressed, the findings and the
    first divergence."""
    from blame.text import printable

    labels = [_label(verdict) for verdict in report.tests]
    lines = [
        f"gate against {printable(baseline_name)}: {labels.count('REGRESSED')} regressed, "
        f"{labels.count('KNOWN')} with known failures only, {labels.count('IMPROVED')} improved"
    ]
    for verdict, label in zip(report.tests, labels, strict=True):
        if not verdict.findings:
            continue
        agent = f": agent {verdict.agent} ({_why_agent(verdict)})" if verdict.agent else ""
        lines.append(printable(f"{label:<9} {verdict.name}{agent}"))
        for finding in verdict.findings:
            where = f"{finding.check}: " if finding.check else ""
            lines.append(f"  {printable(where + finding.message)}")
        if verdict.regressed:
            if verdict.divergence is not None:
                lines.append(
                    "  first divergence from the baseline's passing run: "
                    + verdict.divergence.describe()
                )
            elif verdict.divergence_note:
                lines.append(f"  no first divergence: {printable(verdict.divergence_note)}")
    return "\n".join(lines) + "\n"


def _why_agent(verdict: TestVerdict) -> str:
    divergence = verdict.divergence
    if divergence is not None and verdict.diverged_at_culprit:
        ref = divergence.b or divergence.a
        return f"first divergence, step {ref.index}" if ref is not None else "first divergence"
    return "top culprit"


def _label(verdict: TestVerdict) -> str:
    kinds = {f.kind for f in verdict.findings}
    if verdict.regressed:
        return "REGRESSED"
    if "known" in kinds:
        return "KNOWN"
    return "IMPROVED" if "improved" in kinds else "MISSING" if kinds else "SAME"
