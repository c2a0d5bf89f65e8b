"""Helpers for testing blame plugins: build a small trace, a check, and run it like `blame test`.

A plugin's own test suite can prove its evaluator, attribution and patch phrasing in a few
lines, through the same code paths `blame test` uses::

    from blame.testing import agent, chain, make_check, run_check

    trace = chain(agent("Extractor", '{"email": "a@b.c"}'), agent("Formatter", "{}"))
    check = make_check("json_schema", schema={"required": ["email"]})
    result = run_check(check, trace)
    assert not result.passed and result.blame[0].agent == "Formatter"

Everything here is public API: it changes only with a version bump.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field
from pathlib import Path
from typing import Any

from blame.context import RunContext
from blame.errors import PluginError
from blame.frozen import dataclass
from blame.model import Check, Trace
from blame.plugintypes import EVALUATORS, protocol_problem
from blame.recorder import TraceRecorder
from blame.results import CaseResult, CheckResult, Patch

__all__ = [
    "Turn",
    "agent",
    "assert_passes",
    "assert_plugin",
    "chain",
    "make_check",
    "patches_for",
    "run_check",
    "run_checks",
    "tool",
]


@dataclass(frozen=True, slots=True)
class Turn:
    """One step of a trace under construction."""

    agent: str
    """The responsible agent (for a tool step, its caller)."""
    output: Any
    """What the step produced (non-strings become sorted JSON)."""
    input: Any = None
    """What it received; None means the previous step's output (or the trace input)."""
    tool: str | None = None
    """The tool's name for a tool call; None for an agent turn."""
    error: str | None = None
    """The error the step raised or reported."""
    latency_ms: float | None = None
    """Wall time of the step."""
    cost_usd: float | None = None
    """Money spent by the step."""
    metadata: Mapping[str, Any] = field(default_factory=dict)
    """Source-specific extras."""


def agent(
    name: str,
    output: Any,
    *,
    input: Any = None,
    error: str | None = None,
    latency_ms: float | None = None,
    cost_usd: float | None = None,
) -> Turn:
    """An agent turn; its input defaults to what the previous step produced."""
    return Turn(name, output, input, None, error, latency_ms, cost_usd)


def tool(
    name: str,
    output: Any,
    *,
    agent: str,
    args: Any = None,
    error: str | None = None,
    latency_ms: float | None = None,
    cost_usd: float | None = None,
) -> Turn:
    """A tool call made by `agent`; `args` are its input."""
    return Turn(agent, output, args, name, error, latency_ms, cost_usd)


def chain(
    *turns: Turn | tuple[str, Any],
    final_output: Any = None,
    input: Any = "",
    test_name: str = "test",
) -> Trace:
    """A linear trace: each step fed the next. `(agent, output)` pairs are agent turns.

    `final_output` defaults to the last step's output, as in `TraceRecorder.finalize`.
    """
    recorder = TraceRecorder(test_name, input=input)
    previous: Any = input
    for position, raw in enumerate(turns):
        turn = raw if isinstance(raw, Turn) else _pair(raw, position)
        given = previous if turn.input is None else turn.input
        if turn.tool is None:
            recorder.step(
                turn.agent,
                input=given,
                output=turn.output,
                error=turn.error,
                latency_ms=turn.latency_ms,
                cost_usd=turn.cost_usd,
                metadata=turn.metadata,
            )
        else:
            recorder.tool(
                turn.tool,
                agent=turn.agent,
                args=given,
                output=turn.output,
                error=turn.error,
                latency_ms=turn.latency_ms,
                cost_usd=turn.cost_usd,
                metadata=turn.metadata,
            )
        previous = turn.output
    return recorder.finalize(final_output)


def _pair(raw: Any, position: int) -> Turn:
    if isinstance(raw, tuple) and len(raw) == 2 and isinstance(raw[0], str):
        return Turn(raw[0], raw[1])
    raise TypeError(f"turn {position}: expected a Turn or an (agent, output) pair, got {raw!r}")


def make_check(
    check_type: str,
    *,
    weight: float = 1.0,
    agent_name: str | None = None,
    base_dir: Path | None = None,
    context: RunContext | None = None,
    **params: Any,
) -> Check:
    """A check as blame.yaml would configure it, bound by the installed check type.

    File parameters resolve against `base_dir` (default: the current directory), as they would
    against the config's folder. Invalid parameters raise ConfigError with the check type's reason.
    """
    from blame.checks import bind, label, lookup, who

    context = context or RunContext()
    found = lookup(context, check_type)
    bound = bind(
        found,
        params,
        base_dir=base_dir or Path.cwd(),
        field="make_check",
        who=who(context, found),
    )
    return Check(
        type=check_type,
        name=label(found, params, field="make_check"),
        weight=weight,
        agent_name=agent_name,
        params=params,
        bound=bound,
    )


def run_checks(
    checks: Sequence[Check],
    trace: Trace,
    *,
    threshold: float = 1.0,
    context: RunContext | None = None,
) -> CaseResult:
    """Score, blame and patch one trace exactly as `blame test` does (same runner code).

    A check whose plugin raised is reported in `CaseResult.error`, as in `blame test`. Check
    types come from `context` (default: a new one, with the installed plugins).
    """
    from blame.runner import evaluate_trace

    return evaluate_trace(
        trace, checks, threshold=threshold, name=trace.test_name, context=context or RunContext()
    )


def run_check(check: Check, trace: Trace, *, context: RunContext | None = None) -> CheckResult:
    """One check's result with its ranked suspects; raises PluginError if the plugin failed."""
    case = run_checks((check,), trace, context=context)
    if case.error is not None:
        raise PluginError(case.error)
    return case.checks[0]


def patches_for(
    check: Check, trace: Trace, *, context: RunContext | None = None
) -> tuple[Patch, ...]:
    """The prompt patches `blame test` suggests when this one check runs on this trace."""
    return run_checks((check,), trace, context=context).patches


def assert_passes(
    trace: Trace,
    *checks: Check,
    threshold: float = 1.0,
    context: RunContext | None = None,
) -> CaseResult:
    """Evaluate `checks` on `trace` as `blame test` does; fail the calling test if any fails.

    For ordinary pytest tests of a pipeline: the AssertionError lists each failed check with
    its ranked culprits and their reasons, then the prompt patches, so pytest's failure report
    says who to fix. Returns the result when everything passed.
    """
    from blame.ci_reports import failure_text

    case = run_checks(checks, trace, threshold=threshold, context=context)
    if case.error is not None:
        raise AssertionError(f"{trace.test_name or 'trace'}: could not be evaluated: {case.error}")
    if not case.passed:
        raise AssertionError(f"{trace.test_name or 'trace'} failed\n{failure_text(case)}")
    return case


def assert_plugin(obj: Any, group: str = EVALUATORS.entry_group, name: str | None = None) -> None:
    """Fail with the reason when `obj` would be rejected from `group` (as blame would)."""
    problem = protocol_problem(obj, group, name)
    if problem is not None:
        raise AssertionError(problem)
