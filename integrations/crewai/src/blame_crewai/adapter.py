"""The `crewai` agent type for blame (registered through the `blame.adapters` entry point).

`agent: {type: crewai, entrypoint: module:crew_or_factory}` in blame.yaml. The entrypoint is a
`Crew` or a `Flow` (whose methods kick crews off), or a zero-argument callable returning one (a
Flow class is one); a factory is called once per run so runs never share agent state. crewai
itself is imported only when the entrypoint is loaded.

`agent.options.storage_dir` (relative to blame.yaml) is where CrewAI keeps its storage while
blame runs it; the default is `.blame/crewai` beside blame.yaml. Each run gets a fresh folder
in it, removed when the run ends: CrewAI's memory and knowledge stores live there, and a run
that read what an earlier run (or another worker) saved would neither be repeatable nor show
where that text came from.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from blame.errors import ConfigError
from blame.model import Trace
from blame.protocols import RunFn

DEFAULT_STORAGE = Path(".blame") / "crewai"
"""CrewAI's storage, relative to blame.yaml, unless `agent.options.storage_dir` says otherwise."""


class CrewAIAdapter:
    """Loads a CrewAI crew and runs it under the event-bus tracer."""

    type = "crewai"

    def load(self, entrypoint: str, *, base_dir: Path, options: Mapping[str, Any]) -> RunFn:
        """Import `module:attr` (relative to `base_dir`) and return a function that runs it."""
        from blame.adapters import import_entrypoint
        from blame_crewai.tracer import crewai_sandbox, trace_crew

        storage_dir = base_dir / _storage_option(options)
        with crewai_sandbox(storage_dir):
            target = import_entrypoint(entrypoint, base_dir)
            _make_crew(target, entrypoint, check_only=True)

        def run(test_input: Any, test_name: str) -> tuple[str, Trace]:
            from blame.faults import active

            if active() is not None:  # the test declares tool faults
                from blame_crewai.faults import install

                install()
            with _fresh_storage(storage_dir) as storage, crewai_sandbox(storage):
                crew = _make_crew(target, entrypoint)
                return trace_crew(crew, test_input, test_name=test_name, storage_dir=storage)

        return run


adapter = CrewAIAdapter()
"""The entry-point object for `blame.adapters:crewai`."""


@contextlib.contextmanager
def _fresh_storage(storage_dir: Path) -> Iterator[Path]:
    """An empty folder in `storage_dir` for one run's CrewAI storage, removed afterwards."""
    storage_dir.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="run-", dir=storage_dir))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _storage_option(options: Mapping[str, Any]) -> Path:
    unknown = sorted(set(options) - {"storage_dir"})
    if unknown:
        raise ConfigError(
            f"unknown option {unknown[0]!r} for agent type crewai",
            field=f"agent.options.{unknown[0]}",
            hint="the crewai agent type takes `storage_dir` only",
        )
    value = options.get("storage_dir", str(DEFAULT_STORAGE))
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(
            "must be a non-empty path",
            field="agent.options.storage_dir",
            hint="write e.g. `storage_dir: .blame/crewai` (relative to blame.yaml)",
        )
    return Path(value)


def _make_crew(target: Any, entrypoint: str, *, check_only: bool = False) -> Any:
    """The Crew or Flow to kick off: `target` itself, or what the factory `target` builds."""
    from crewai import Crew
    from crewai.flow.flow import Flow

    from blame.adapters import built_from

    if isinstance(target, Flow):
        return target
    if check_only or not callable(target):
        return built_from(target, entrypoint, Crew, "crewai.Crew", check_only=check_only)
    built = target()
    if isinstance(built, Flow):
        return built
    return built_from(lambda: built, entrypoint, Crew, "crewai.Crew")
