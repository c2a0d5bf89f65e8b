"""Prove the blame: re-run from each top suspect's step with only its output changed, and see
whether the failed check flips to pass.

A suspect is confirmed when the check passes in every re-run, refuted when it fails in every
one (the next suspect is tried all the same: each gets its own verdict), inconclusive when the
re-runs disagree, and unavailable when it could not be re-run from its step (no counterfactual
for the check, a step not recorded as re-runnable, an adapter that cannot re-run).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING

from blame.confirmation import Confirmation, ConfirmVerdict
from blame.errors import BlameError
from blame.model import Check, Trace
from blame.results import CaseResult, CheckResult, Suspect

if TYPE_CHECKING:
    from blame.context import RunContext

TOP_SUSPECTS = 3
"""How many suspects of each failed check are put to the test."""
MAX_REPEATS = 5
"""Re-runs per suspect at most (a test's `runs:` asks for more)."""

NO_RERUN = MappingProxyType(
    {
        "crewai": "confirmation is not available for the crewai adapter (CrewAI cannot re-run "
        "from one task with the earlier outputs given)",
        "smolagents": "confirmation is not available for smolagents (an agent's step is a model "
        "reply that smolagents parses into code or tool calls; it cannot re-run an agent from "
        "one reply with the earlier ones given)",
        "ag2": "confirmation is not available for ag2 (blame cannot re-run an AG2 group chat "
        "from one message with the earlier messages given)",
        "openai-agents": "confirmation is not available for openai-agents (blame does not re-run "
        "an Agents SDK run from one model call with the earlier ones given)",
        "pydantic-ai": "confirmation is not available for pydantic-ai (blame does not re-run a "
        "PydanticAI agent from one model reply with the earlier ones given)",
        "http": "confirmation is not available for an agent behind a URL (its steps run in the "
        "service, where blame cannot change one of them and re-run the rest)",
    }
)
"""Adapters known not to re-run from a step, and what to say about it."""

Rerun = Callable[[], Trace]
"""Calls the entrypoint once more (inside the re-run plan blame sets) and returns its trace."""


def confirm_case(
    case: CaseResult,
    trace: Trace,
    checks: Sequence[Check],
    rerun: Rerun,
    *,
    repeats: int = 1,
    context: RunContext | None = None,
    unavailable: str | None = None,
    stubs: Mapping[str, str] | None = None,
) -> CaseResult:
    """`case` with a verdict on each top suspect of each failed check; `unavailable` (the
    adapter cannot re-run) gives every suspect that verdict with this reason; `stubs` are the
    tools' declared stub successes by name."""
    results: list[CheckResult] = []
    for check, result in zip(checks, case.checks, strict=True):
        if result.passed or not result.blame:
            results.append(result)
            continue
        judged = tuple(
            replace(
                suspect,
                confirmation=judge(
                    check,
                    suspect,
                    trace,
                    rerun,
                    repeats=repeats,
                    context=context,
                    unavailable=unavailable,
                    stubs=stubs,
                ),
            )
            if rank < TOP_SUSPECTS
            else suspect
            for rank, suspect in enumerate(result.blame)
        )
        results.append(replace(result, blame=judged))
    return replace(case, checks=tuple(results))


def judge(
    check: Check,
    suspect: Suspect,
    trace: Trace,
    rerun: Rerun,
    *,
    repeats: int = 1,
    context: RunContext | None = None,
    unavailable: str | None = None,
    stubs: Mapping[str, str] | None = None,
) -> Confirmation:
    """One suspect's verdict: re-run `repeats` times with only its step's output changed."""
    from blame import rerun as plans
    from blame.counterfactual import NoCounterfactual, build
    from blame.runner import evaluate_trace

    found = build(check, suspect, trace, stubs=stubs)
    if isinstance(found, NoCounterfactual):
        return Confirmation("unavailable", found.why)
    if unavailable is not None:
        return Confirmation("unavailable", f"{found.change}: {unavailable}")
    passes = rerun_steps = 0
    runs = max(1, min(repeats, MAX_REPEATS))
    for _ in range(runs):
        with plans.overriding(trace, found.override) as plan:
            try:
                new = rerun()
            except BlameError as error:
                why = f"{found.change}: the re-run failed: {error.message}"
                return Confirmation("unavailable", why)
        tally = plan.tally
        if not tally.applied:
            why = tally.diverged or (
                f"step {found.override.step_index} is not re-runnable (record it with "
                "`rec.run_step`, or use an adapter that re-runs from a step)"
            )
            return Confirmation("unavailable", f"{found.change}: {why}")
        rerun_steps = max(rerun_steps, tally.rerun)
        judged = evaluate_trace(new, [check], threshold=1.0, name=trace.test_name, context=context)
        passes += judged.checks[0].passed
    verdict: ConfirmVerdict = (
        "confirmed" if passes == runs else "refuted" if passes == 0 else "inconclusive"
    )
    return Confirmation(
        verdict,
        found.change + found.hint,
        steps_rerun=rerun_steps,
        steps_total=len(trace.steps),
        passes=passes,
        runs=runs,
    )
