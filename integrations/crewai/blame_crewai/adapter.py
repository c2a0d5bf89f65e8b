"""The `crewai` agent type for blame (registered through the `blame.adapters` entry point).

`agent: {type: crewai, entrypoint: module:crew_or_factory}` in blame.yaml. The entrypoint is a
`Crew` or a zero-argument callable returning one; a factory is called once per run so runs never
share agent memory. crewai itself is imported only when a run starts.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from blame.errors import AgentError, ConfigError
from blame.model import Trace
from blame.protocols import RunFn


class CrewAIAdapter:
    """Loads a CrewAI crew and runs it under the event-bus tracer."""

    type = "crewai"

    def load(self, entrypoint: str, *, base_dir: Path, options: Mapping[str, Any]) -> RunFn:
        """Import `module:attr` (relative to `base_dir`) and return a function that runs it."""
        target = _import_entrypoint(entrypoint, base_dir)
        storage = options.get("storage_dir")
        storage_dir = Path(storage) if isinstance(storage, (str, Path)) else None

        def run(test_input: Any, test_name: str) -> tuple[str, Trace]:
            from blame_crewai.tracer import crewai_sandbox, trace_crew

            with crewai_sandbox(storage_dir):
                crew = _make_crew(target, entrypoint)
                return trace_crew(crew, test_input, test_name=test_name, storage_dir=storage_dir)

        return run


adapter = CrewAIAdapter()
"""The entry-point object for `blame.adapters:crewai`."""


def _import_entrypoint(entrypoint: str, base_dir: Path) -> Any:
    module_name, sep, attr = entrypoint.partition(":")
    if not sep or not module_name or not attr:
        raise ConfigError(
            f"entrypoint {entrypoint!r} is not of the form module:attribute",
            field="agent.entrypoint",
            hint="write e.g. `entrypoint: my_crew:build_crew`",
        )
    root = str(base_dir.resolve())
    if root not in sys.path:
        sys.path.insert(0, root)
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ConfigError(
            f"cannot import module {module_name!r}: {error}",
            field="agent.entrypoint",
            hint=f"the module must be importable from {root}",
        ) from None
    obj: Any = module
    for part in attr.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise ConfigError(
                f"module {module_name!r} has no attribute {attr!r}",
                field="agent.entrypoint",
                hint="name a Crew object or a zero-argument function returning one",
            ) from None
    return obj


def _make_crew(target: Any, entrypoint: str) -> Any:
    from crewai import Crew

    if isinstance(target, Crew):
        return target
    if callable(target):
        crew = target()
        if isinstance(crew, Crew):
            return crew
        raise AgentError(
            f"{entrypoint} returned {type(crew).__name__}, not a crewai.Crew",
            field="agent.entrypoint",
            hint="the factory must return a Crew",
        )
    raise ConfigError(
        f"{entrypoint} is a {type(target).__name__}, not a Crew or a function returning one",
        field="agent.entrypoint",
    )
