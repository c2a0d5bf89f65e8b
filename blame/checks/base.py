"""What every built-in check type shares: its parameters bound once, and their checks.

A check type turns the raw parameters a config gives into one typed value (`bind`), once,
when the config loads; evaluating, attributing and phrasing patches read that value. The
parameter checks below return None for a good value, else what is wrong with it; `bind` raises
that as a ConfigError, to which the config's reader (`blame.configfields.Where`, of blame's one
validator family, `blame.fields`) adds the file and the check's field.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from blame.errors import ConfigError
from blame.model import Check, Trace
from blame.results import Evaluation, Suspect
from blame.text import brief, did_you_mean, shorten
from blame.text import repr_quote as shown

if TYPE_CHECKING:
    from blame.graph import StepGraph

P = TypeVar("P")

ParamCheck = Callable[[Any], "str | None"]
"""Returns None for a valid parameter value, else what is wrong."""

COMMON_KEYS = ("weight", "agent_name")
"""Keys every check takes besides its type's own parameters."""


def text(value: Any) -> str | None:
    """Text (a number is read as its text), not empty."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return "must be text"
    return None if str(value) != "" else "must not be empty"


def positive(value: Any) -> str | None:
    """A finite number above 0."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return "must be a number"
    if not math.isfinite(value):  # a timeout of inf overflows the subprocess wait
        return "must be a finite number"
    return None if value > 0 else "must be greater than 0"


def count(value: Any) -> str | None:
    """A whole number, 0 or more."""
    if isinstance(value, bool) or not isinstance(value, int):
        return "must be a whole number"
    return None if value >= 0 else "must not be negative"


def flag(value: Any) -> str | None:
    """true or false."""
    return None if isinstance(value, bool) else "must be true or false"


def text_list(value: Any) -> str | None:
    """A non-empty list of non-empty strings."""
    if not isinstance(value, list) or not value:
        return "must be a non-empty list of names"
    if not all(isinstance(v, str) and v for v in value):
        return "must list non-empty strings"
    return None


def code(value: Any) -> str | None:
    """Python source text."""
    if not isinstance(value, str) or not value.strip():
        return "must be Python source text"
    return None


class Builtin(Generic[P]):
    """A built-in check type: declares its parameters, binds them into `P` and attributes a
    failure through its engine `rule`; evaluating and phrasing are the subclass's.

    Written against the same protocol as a plugin's check type (`blame.protocols.CheckType`);
    nothing here is hidden from plugins.
    """

    type = ""
    """The check type's name in blame.yaml."""
    required: Mapping[str, tuple[ParamCheck, str]] = {}
    """Parameter name -> (check, example) for parameters that must be given."""
    optional: Mapping[str, ParamCheck] = {}
    """Parameters that may be given."""

    def bind(self, params: Mapping[str, Any], *, base_dir: Path | None = None) -> P:
        """The parameters checked and made typed; ConfigError says what is wrong and the fix."""
        for key in params:
            if key not in self.required and key not in self.optional:
                known = [*self.required, *self.optional]
                hint = did_you_mean(str(key), [*COMMON_KEYS, *known], listing="allowed")
                raise ConfigError(f"unknown parameter {key!r}; {hint}")
        for key, (check, example) in self.required.items():
            if key not in params or params[key] is None:
                raise ConfigError(f"missing parameter {key!r}; write e.g. `{key}: {example}`")
            problem = check(params[key])
            if problem:
                raise ConfigError(
                    f"{key} {problem}, got {brief(params[key])}; write e.g. `{key}: {example}`"
                )
        for key, check in self.optional.items():
            if key in params:
                problem = check(params[key])
                if problem:
                    raise ConfigError(f"{key} {problem}, got {brief(params[key])}")
        return self.make(params)

    rule: Callable[..., tuple[Suspect, ...]] | None = None
    """The engine's shared graph rule that blames this type's failures (`blame.engine`),
    called with the graph and then `rule_args(check)`; a type without one overrides
    `attribute`."""

    def rule_args(self, check: Check) -> tuple[Any, ...]:
        """What `rule` reads besides the graph: nothing, unless the type says otherwise."""
        return ()

    def attribute(
        self, check: Check, evaluation: Evaluation, graph: StepGraph
    ) -> tuple[Suspect, ...]:
        """The failure blamed by this type's `rule` (see `blame.protocols.CheckType`)."""
        if self.rule is None:
            raise NotImplementedError(f"check type {self.type} has no attribution rule")
        return self.rule(graph, *self.rule_args(check))

    def make(self, params: Mapping[str, Any]) -> P:
        """The typed value of parameters that passed their checks (may check more)."""
        raise NotImplementedError

    def params(self, check: Check) -> P:
        """The check's bound parameters; a check built by hand is bound on first use."""
        bound: P = check.bound if check.bound is not None else self.bind(check.params)
        return bound

    label_key = ""
    """The parameter shown in the display name, if any."""

    def label(self, params: Mapping[str, Any]) -> str:
        """`type:main-parameter` (shortened), or just the type."""
        if not self.label_key:
            return self.type
        return f"{self.type}:{shorten(str(params.get(self.label_key, '')), 40)}"

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> str | None:
        """The instruction for the culprit's prompt; None for the generic phrasing."""
        return None


def output_excerpt(trace: Trace) -> str:
    """`final output: '...'`, or that it is empty."""
    return (
        f"final output: {shown(trace.final_output)}"
        if trace.final_output
        else "final output is empty"
    )


def pass_fail(ok: bool, message: str) -> Evaluation:
    """Score 1 or 0 with the message."""
    return Evaluation(score=1.0 if ok else 0.0, message=message)
