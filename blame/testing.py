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

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from blame.errors import ConfigError
from blame.model import Check, CheckResult, Patch, Trace
from blame.plugins import (
    EVALUATORS,
    call_attribute,
    call_evaluate,
    evaluator,
    protocol_problem,
    resolve_params,
)
from blame.protocols import Evaluator
from blame.recorder import TraceRecorder

__all__ = [
    "Turn",
    "agent",
    "assert_plugin",
    "chain",
    "make_check",
    "patches_for",
    "run_check",
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
    **params: Any,
) -> Check:
    """A check as blame.yaml would configure it, validated by the installed evaluator.

    File parameters resolve against `base_dir` (default: the current directory), as they would
    against the config's folder. Invalid parameters raise ConfigError with the evaluator's reason.
    """
    found = evaluator(check_type)
    problem = found.validate(params)
    if problem is not None:
        raise ConfigError(f"{check_type}: {problem}", field="make_check")
    resolved = resolve_params(found, params, base_dir=base_dir or Path.cwd())
    return Check(
        type=check_type,
        name=found.label(resolved),
        weight=weight,
        agent_name=agent_name,
        params=resolved,
    )


def run_check(check: Check, trace: Trace, *, using: Evaluator | None = None) -> CheckResult:
    """Evaluate one check and, if it failed, blame it: what `blame test` does for each check.

    The evaluator's own `attribute` decides when it returns suspects; otherwise (or when it
    returns None) the engine's generic rules do. A plugin that raises gives a PluginError.
    """
    from blame.engine import attribute
    from blame.graph import StepGraph

    used = using if using is not None else evaluator(check.type)
    evaluation = call_evaluate(used, check, trace)
    suspects: tuple[Any, ...] = ()
    if not evaluation.ok:
        graph = StepGraph(trace)
        own = call_attribute(used, check, evaluation, graph)
        suspects = own if own is not None else attribute(check, evaluation, graph, used)
    return CheckResult(
        name=check.name,
        type=check.type,
        passed=evaluation.ok,
        score=evaluation.score,
        weight=check.weight,
        message=evaluation.message,
        blame=tuple(suspects),
    )


def patches_for(check: Check, result: CheckResult, trace: Trace) -> tuple[Patch, ...]:
    """The prompt patches `blame test` would suggest for this one failed check."""
    from blame.patches import suggest_patches

    return suggest_patches([(check, result)], trace)


def assert_plugin(obj: Any, group: str = EVALUATORS.entry_group, name: str | None = None) -> None:
    """Fail with the reason when `obj` would be rejected from `group` (as blame would)."""
    problem = protocol_problem(obj, group, name)
    if problem is not None:
        raise AssertionError(problem)
