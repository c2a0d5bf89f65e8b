"""smolagents adapter for blame: a step graph built live while smolagents runs an agent.

Importing this package does not import smolagents; it is imported when a run is traced.
"""

from __future__ import annotations

from blame.spansteps import AgentRunError
from blame_smolagents.tracer import final_text, trace_agent

__all__ = ["AgentRunError", "final_text", "trace_agent"]
