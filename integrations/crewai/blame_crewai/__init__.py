"""CrewAI adapter for blame: trace crews through CrewAI's event bus.

Importing this package does not import crewai; crewai is imported when a crew is traced.
"""

from __future__ import annotations

__all__ = ["trace_crew"]

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from blame.model import Trace


def trace_crew(
    crew: Any,
    inputs: Any = None,
    *,
    test_name: str = "crewai",
    storage_dir: Path | None = None,
) -> tuple[str, Trace]:
    """Kick off `crew` and return its final output with the Trace seen on CrewAI's event bus.

    `inputs` is a mapping of kickoff inputs or a string (passed as `{"input": ...}`);
    CrewAI's storage goes to `storage_dir` (default `.blame/crewai`).
    """
    from blame_crewai.tracer import trace_crew as _trace_crew

    return _trace_crew(crew, inputs, test_name=test_name, storage_dir=storage_dir)
