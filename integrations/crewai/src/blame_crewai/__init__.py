"""CrewAI adapter for blame: trace crews through CrewAI's event bus.

Importing this package does not import crewai; crewai is imported when a crew is traced or a
sandbox is entered.
"""

from __future__ import annotations

from blame_crewai.tracer import CrewKickoffError, crewai_sandbox, kickoff_inputs, trace_crew

__all__ = ["CrewKickoffError", "crewai_sandbox", "kickoff_inputs", "trace_crew"]
