"""The `smolagents` agent type for blame (registered through the `blame.adapters` entry point).

`agent: {type: smolagents, entrypoint: module:agent_or_factory}` in blame.yaml. The entrypoint
is a smolagents agent (a `CodeAgent`, a `ToolCallingAgent`, any `MultiStepAgent`, with its
managed agents) or a zero-argument callable returning one; a factory is called once per run so
runs never share memory or tool state. The type takes no options.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from blame.model import Trace
from blame.protocols import RunFn


class SmolagentsAdapter:
    """Loads a smolagents agent and runs it with blame following its steps."""

    type = "smolagents"

    def load(self, entrypoint: str, *, base_dir: Path, options: Mapping[str, Any]) -> RunFn:
        """Import `module:attr` (relative to `base_dir`) and return a function that runs it."""
        from blame.adapters import import_entrypoint, no_options
        from blame_smolagents.tracer import trace_agent

        no_options(options, self.type)
        target = import_entrypoint(entrypoint, base_dir)
        _make_agent(target, entrypoint, check_only=True)

        def run(test_input: Any, test_name: str) -> tuple[str, Trace]:
            return trace_agent(_make_agent(target, entrypoint), test_input, test_name=test_name)

        return run


adapter = SmolagentsAdapter()
"""The entry-point object for `blame.adapters:smolagents`."""


def _make_agent(target: Any, entrypoint: str, *, check_only: bool = False) -> Any:
    from smolagents.agents import MultiStepAgent

    from blame.adapters import built_from

    return built_from(target, entrypoint, MultiStepAgent, "smolagents agent", check_only=check_only)
