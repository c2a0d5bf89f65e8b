"""What a plugin provides: evaluators, agent adapters, trace importers and patch suggesters.

Built-ins implement the same protocols and register through the same entry-point groups as
third-party plugins, so the built-ins are proof that the plugin API is sufficient.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from blame.model import Check, CheckResult, Evaluation, Suspect, Trace

if TYPE_CHECKING:
    from blame.graph import StepGraph

RunFn = Callable[[Any, str], tuple[str, Trace]]
"""Runs the pipeline on one test input and test name; returns (final_output, trace)."""


@runtime_checkable
class Evaluator(Protocol):
    """A check type (entry-point group `blame.evaluators`).

    Optional methods, looked up with getattr:
    `attribute(check, evaluation, graph) -> Sequence[Suspect] | None` blames a failure itself
    (None falls back to the engine's generic rules),
    `patch(check, suspect) -> str | None` phrases the prompt patch for a culprit, and
    `resolve(params, *, base_dir) -> Mapping` reads files the params name (relative to the
    config's folder) once when the config loads, raising ConfigError for a missing or bad file.
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


class Attributor(Protocol):
    """An evaluator that knows how to blame its own failures."""

    def attribute(
        self, check: Check, evaluation: Evaluation, graph: StepGraph
    ) -> Sequence[Suspect] | None: ...


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


@runtime_checkable
class PatchSuggester(Protocol):
    """Phrases prompt patches for one check type (entry-point group `blame.patches`)."""

    check_type: str
    """The check type it phrases patches for."""

    def suggest(self, check: Check, result: CheckResult, suspect: Suspect) -> str | None:
        """One instruction for the culprit's prompt, or None to use the generic phrasing."""
        ...
