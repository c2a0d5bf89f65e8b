"""What a plugin provides: check types, agent adapters and trace importers.

Built-ins implement the same protocols and register through the same entry-point groups as
third-party plugins, so the built-ins are proof that the plugin API is sufficient.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from blame.model import Check, Trace
from blame.results import Evaluation, Suspect

if TYPE_CHECKING:
    from blame.graph import StepGraph

RunFn = Callable[[Any, str], tuple[str, Trace]]
"""Runs the pipeline on one test input and test name; returns (final_output, trace)."""


@runtime_checkable
class CheckType(Protocol):
    """A check type (entry-point group `blame.evaluators`): one object that binds its
    parameters, evaluates a trace, attributes its own failures and phrases its patch.

    The built-ins in `blame.checks` are written exactly like this. `attribute` calls the
    engine's shared graph rules (`blame.engine.content`, `tools`, `budget`, `provenance`) or
    walks `graph` itself; returning None leaves the failure to the engine's generic rules
    (a step that raised). `patch` returning None uses the generic phrasing. A check type may
    set `phrases_failed_steps = True` when its phrasing already covers a culprit step that
    raised (otherwise blame adds "report the error" to that culprit's patch).
    """

    type: str
    """The check type's name, as written in blame.yaml."""

    def bind(self, params: Mapping[str, Any], *, base_dir: Path) -> Any:
        """The parameters checked and turned into this type's own typed value, once, when the
        config loads (files they name resolve against `base_dir`, the config's folder).

        Raise `blame.errors.ConfigError(what is wrong and how to fix it)`; blame adds the
        config file and the check's field.
        """
        ...

    def label(self, params: Mapping[str, Any]) -> str:
        """The check's display name from its parameters as written, e.g. `contains:Paris`."""
        ...

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Score one trace; `check.bound` holds what `bind` returned."""
        ...

    def attribute(
        self, check: Check, evaluation: Evaluation, graph: StepGraph
    ) -> Sequence[Suspect] | None:
        """Ranked suspects for a failed check, best first (empty: unattributed)."""
        ...

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> str | None:
        """One instruction for the culprit's prompt (one line; blame escapes and bounds it)."""
        ...


@runtime_checkable
class Evaluator(Protocol):
    """A check type written for the 0.1 plugin API, still served (see docs/plugins.md,
    "Migrating a plugin from 0.1 to 0.2"): blame binds it with `validate` and `resolve` and
    calls its own `attribute(check, evaluation, graph)` and `patch(check, suspect)` when it has
    them.
    """

    type: str
    """The check type this evaluator handles, as written in blame.yaml."""

    def validate(self, params: Mapping[str, Any]) -> str | None:
        """Return None when `params` are valid, else what is wrong and how to fix it."""
        ...

    def label(self, params: Mapping[str, Any]) -> str:
        """The check's display name, e.g. `contains:Paris`."""
        ...

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Score one trace against one check."""
        ...


@runtime_checkable
class AgentAdapter(Protocol):
    """An agent type for `agent.type` in blame.yaml (entry-point group `blame.adapters`)."""

    type: str
    """The name used in `agent.type`."""

    def load(self, entrypoint: str, *, base_dir: Path, options: Mapping[str, Any]) -> RunFn:
        """Import the entrypoint (relative to `base_dir`) and return a function that runs it."""
        ...


@runtime_checkable
class Importer(Protocol):
    """A trace file format (entry-point group `blame.importers`)."""

    format: str
    """The name used with `--format`."""

    def sniff(self, head: str) -> bool:
        """Whether a file starting with `head` (its first 64 KiB) is in this format."""
        ...

    def load(self, path: Path, *, test_name: str) -> Trace:
        """Read the file into a Trace; raise TraceError naming the file and field."""
        ...
