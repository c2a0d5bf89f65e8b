"""Budget check types: max_latency, max_cost and max_steps.

Each sums its measure over the run, attributes an overrun through the engine's budget rules
(the step that took most of it, the agent that looped) and phrases its own patch.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
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
    values: Sequence[tuple[int, float]],
    limit: float,
    what: str,
    unit: Callable[[float], str],
) -> Evaluation:
    total = sum(map(itemgetter(1), values))
    if not values:
        return pass_fail(True, f"no {what} recorded; limit {unit(limit)}")
    if total <= limit:
        return pass_fail(True, f"{what} {unit(total)} within the limit {unit(limit)}")
    # The largest value, the first of equals: `values` come in step order.
    top = [max(values, key=itemgetter(1))]
    largest = ""
    if top and top[0][1] > 0:
        step = trace.steps[top[0][0]]
        largest = f" (largest: step {step.index} {step.name} {unit(top[0][1])})"
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
        chain = [trace.steps[i] for i in trace.slowest_chain()]
        values = [(s.index, s.latency_ms / 1000.0) for s in chain if s.latency_ms is not None]
        return _budget(trace, values, float(self.params(check).limit), "latency", _seconds)

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
        values = [(s.index, s.cost_usd) for s in trace.steps if s.cost_usd is not None]
        return _budget(trace, values, float(self.params(check).limit), "cost", _usd)

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
        steps = len(trace.steps)
        if steps <= limit:
            return pass_fail(True, f"{steps} steps within the limit {limit}")
        counts = Counter(step.agent for step in trace.steps)
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
