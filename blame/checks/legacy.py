"""Check types written for the 0.1 plugin protocol, served through the current one.

A 0.1 check type (`blame.protocols.Evaluator`) has `validate(params) -> str | None`, `label`
and `evaluate`, and optionally `resolve(params, *, base_dir)`, `attribute(check, evaluation,
graph)` and `patch(check, suspect)`. Its bound parameters are the resolved parameter mapping,
which it reads back as `check.params`, as it always did.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blame.errors import ConfigError
from blame.model import Check, Trace
from blame.results import Evaluation, Suspect

if TYPE_CHECKING:
    from blame.graph import StepGraph
    from blame.protocols import Evaluator


class Served:
    """A 0.1 `Evaluator` behind the `CheckType` protocol."""

    def __init__(self, evaluator: Evaluator, who: str) -> None:
        self.served = evaluator
        self.type = evaluator.type
        self.who = who

    def bind(self, params: Mapping[str, Any], *, base_dir: Path | None = None) -> Any:
        """`validate`, then `resolve` (files named relative to `base_dir`) when it has one."""
        problem = self.served.validate(params)
        if problem is not None:
            raise ConfigError(problem)
        from blame.plugincalls import resolve_params

        resolved = resolve_params(
            self.served, params, base_dir=base_dir or Path.cwd(), who=self.who
        )
        return dict(resolved)

    def label(self, params: Mapping[str, Any]) -> str:
        """The evaluator's own label."""
        return self.served.label(params)

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """The evaluator's own verdict, given the resolved parameters."""
        return self.served.evaluate(_resolved(check), trace)

    def attribute(
        self, check: Check, evaluation: Evaluation, graph: StepGraph
    ) -> Sequence[Suspect] | None:
        """The evaluator's `attribute`, or None (the engine's generic rules) without one."""
        method: Callable[..., Any] | None = getattr(self.served, "attribute", None)
        return None if method is None else method(_resolved(check), evaluation, graph)

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> str | None:
        """The evaluator's `patch(check, suspect)`, or None (generic phrasing) without one."""
        method: Callable[..., Any] | None = getattr(self.served, "patch", None)
        return None if method is None else method(_resolved(check), suspect)


def _resolved(check: Check) -> Check:
    if isinstance(check.bound, Mapping):
        return replace(check, params=check.bound)
    return check


def served(evaluator: Evaluator, *, who: str = "") -> Served:
    """The 0.1 object behind the current protocol; `who` names its plugin in messages."""
    return Served(evaluator, who or f"{type(evaluator).__module__} object")
