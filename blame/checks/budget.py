"""Budget check types: max_latency, max_cost and max_steps.

Each sums its measure over the run, attributes an overrun through the engine's budget rules
(the step that took most of it, the agent that looped) and phrases its own patch.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from blame.checks.base import Builtin, count, pass_fail, positive
from blame.engine import budget as rules
from blame.frozen import dataclass
from blame.model import Check, Trace
from blame.results import Evaluation, Suspect
from blame.text import clean


@dataclass(frozen=True, slots=True)
class Limit:
    """The parameters of a budget: its limit, as written."""

    limit: float
    """Seconds, dollars or steps (an integer stays one, so labels and patches show it as
    written)."""


def _budget(
    trace: Trace,
    indexes: Sequence[int],
    values: Sequence[float],
    limit: float,
    what: str,
    unit: Callable[[float], str],
) -> Evaluation:
    """`values[i]` was measured at step `indexes[i]`, in step order: two lists, not a pair
    per step (a million steps' pairs were 80 MiB)."""
    total = sum(values)
    if not values:
        return pass_fail(True, f"no {what} recorded; limit {unit(limit)}")
    if total <= limit:
        return pass_fail(True, f"{what} {unit(total)} within the limit {unit(limit)}")
    # The largest value, the first of equals (`max` keeps the first, and `index` finds it).
    top = values.index(max(values))
    largest = ""
    if values[top] > 0:
        step = trace.steps[indexes[top]]
        largest = f" (largest: step {step.index} {step.name} {unit(values[top])})"
    return pass_fail(False, f"{what} {unit(total)} exceeds the limit {unit(limit)}{largest}")


def _seconds(value: float) -> str:
    return f"{value:.3g} s"


def _usd(value: float) -> str:
    return f"${value:.4g}"


class MaxLatency(Builtin[Limit]):
    """The run's latency stays within `seconds`: its slowest chain of steps, so parallel
    branches count once (a sequential run's chain is all of its steps)."""

    type = "max_latency"
    required = MappingProxyType({"seconds": (positive, "5")})

    def make(self, params: Mapping[str, Any]) -> Limit:
        return Limit(params["seconds"])

    def label(self, params: Mapping[str, Any]) -> str:
        """`max_latency:5s`."""
        return f"{self.type}:{params.get('seconds')}s"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Pass when the slowest chain's latency is within the limit."""
        chain: Sequence[int] = trace.slowest_chain()
        steps = trace.steps
        latencies = [steps[i].latency_ms for i in chain]
        if None in latencies:  # steps without a latency are left out
            chain = [i for i, ms in zip(chain, latencies, strict=True) if ms is not None]
            latencies = [ms for ms in latencies if ms is not None]
        values = [ms / 1000.0 for ms in latencies]  # type: ignore[operator]
        limit = float(self.params(check).limit)
        return _budget(trace, chain, values, limit, "latency", _seconds)

    rule = staticmethod(rules.latency)
    """The slowest step of the slowest chain."""

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> str:
        """Be brief; call tools only when needed."""
        seconds = self.params(check).limit
        if suspect.kind == "tool":
            return (
                f"Call {clean(suspect.name)} only when you need its result and reuse it; "
                f"the whole run must finish within {seconds} s."
            )
        return (
            f"Be brief and avoid unnecessary steps or retries: the whole run must finish "
            f"within {seconds} s."
        )


class MaxCost(Builtin[Limit]):
    """The steps' summed cost stays within `usd`."""

    type = "max_cost"
    required = MappingProxyType({"usd": (positive, "0.05")})

    def make(self, params: Mapping[str, Any]) -> Limit:
        return Limit(params["usd"])

    def label(self, params: Mapping[str, Any]) -> str:
        """`max_cost:$0.05`."""
        return f"{self.type}:${params.get('usd')}"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Pass when the summed cost is within the limit."""
        steps = trace.steps
        costs = [s.cost_usd for s in steps]
        indexes: Sequence[int] = range(len(steps))
        if None in costs:  # steps without a cost are left out
            indexes = [s.index for s in steps if s.cost_usd is not None]
            costs = [usd for usd in costs if usd is not None]
        limit = float(self.params(check).limit)
        return _budget(trace, indexes, costs, limit, "cost", _usd)  # type: ignore[arg-type]

    rule = staticmethod(rules.cost)
    """The most expensive step."""

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> str:
        """Be concise; never repeat a call."""
        usd = self.params(check).limit
        if suspect.kind == "tool":
            return (
                f"Call {clean(suspect.name)} only when you need its result and never repeat the "
                f"same call; the whole run must cost at most ${usd}."
            )
        return (
            f"Keep responses concise and avoid repeated calls: the whole run must cost at most "
            f"${usd}."
        )


class MaxSteps(Builtin[Limit]):
    """The run takes at most `max` steps."""

    type = "max_steps"
    required = MappingProxyType({"max": (count, "20")})

    def make(self, params: Mapping[str, Any]) -> Limit:
        return Limit(params["max"])

    def label(self, params: Mapping[str, Any]) -> str:
        """`max_steps:20`."""
        return f"{self.type}:{params.get('max')}"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Pass within the step limit; else name the agent with most steps."""
        limit = int(self.params(check).limit)
        taken = [step for step in trace.steps if not step.stopped_run]
        steps = len(taken)
        if steps <= limit:
            return pass_fail(True, f"{steps} steps within the limit {limit}")
        counts = Counter(step.agent for step in taken)
        agent, most = min(counts.items(), key=lambda item: (-item[1], item[0]))
        return pass_fail(
            False, f"{steps} steps exceed the limit {limit} (most: {agent} with {most})"
        )

    rule = staticmethod(rules.loop)
    """The agent that looped, where it first repeated."""

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> str:
        """Do not loop."""
        limit = self.params(check).limit
        if suspect.kind == "tool":
            return (
                f"Do not call {clean(suspect.name)} again with the same arguments; reuse its "
                f"earlier result. The whole run must take at most {limit} steps."
            )
        return (
            f"Do not loop: once you have what you need, answer instead of repeating a step. "
            f"The whole run must take at most {limit} steps."
        )


max_latency = MaxLatency()
max_cost = MaxCost()
max_steps = MaxSteps()
