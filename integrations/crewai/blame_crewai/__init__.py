"""CrewAI adapter for blame: trace crews through CrewAI's event bus.

Importing this package does not import crewai; crewai is imported when a crew is traced.
"""

from __future__ import annotations

__all__ = ["trace_crew"]

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from blame.model import Trace


def trace_crew(crew: Any, inputs: Any = None, *, test_name: str = "crewai") -> tuple[Any, Trace]:
    """Run ``crew`` and return its final output with the Trace observed on CrewAI's event bus."""
    from blame_crewai.tracer import trace_crew as _trace_crew

    return _trace_crew(crew, inputs, test_name=test_name)
