"""The max_words check type: the final answer is at most `max` words long.

A check type is one object. It binds its parameters once, when the config loads, evaluates a
trace, blames its own failures (with the engine's shared helpers) and phrases the patch for
the culprit. Registering it is one line of pyproject.toml (`blame.evaluators`).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from blame.engine.suspects import agent_at
from blame.errors import ConfigError
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.results import Evaluation, Suspect


class MaxWords:
    """Fails when the final output is longer than `max` words; blames the agent that wrote it."""

    type = "max_words"
    """The check type in blame.yaml: `{type: max_words, max: 50}`."""

    def bind(self, params: Mapping[str, Any], *, base_dir: Path) -> int:
        """The word limit, checked once when the config loads."""
        unknown = sorted(set(params) - {"max"})
        if unknown:
            raise ConfigError(f"unknown parameter {unknown[0]!r}", hint="max_words takes `max`")
        limit = params.get("max")
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ConfigError(
                f"max must be a whole number above 0, got {limit!r}", hint="write e.g. `max: 50`"
            )
        return limit

    def label(self, params: Mapping[str, Any]) -> str:
        """The check's name in reports: `max_words:50`."""
        return f"{self.type}:{params.get('max')}"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Count the final output's words; `check.bound` is what `bind` returned."""
        words, limit = len(trace.final_output.split()), check.bound
        return Evaluation(score=float(words <= limit), message=f"{words} words, max {limit}")

    def attribute(self, check: Check, evaluation: Evaluation, graph: StepGraph) -> list[Suspect]:
        """The agent of the step that wrote the final output (nobody for an empty trace)."""
        final = graph.final_step
        if final is None:
            return []
        reason = f"{graph.label(final)} wrote the {len(graph.final_output.split())}-word answer"
        return [agent_at(graph, final, 0.9, reason)]

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> str:
        """One instruction for the culprit's prompt."""
        return f"Answer in at most {check.bound} words."


max_words = MaxWords()
"""The object the entry point names."""
