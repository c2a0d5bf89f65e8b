"""PydanticAI adapter for blame: a step graph from PydanticAI's OpenTelemetry spans.

Importing this package does not import PydanticAI; it is imported when a run is traced.
"""

from __future__ import annotations

from blame.spansteps import AgentRunError
from blame_pydantic_ai.tracer import atrace_agent, final_text, trace_agent

__all__ = ["AgentRunError", "atrace_agent", "final_text", "trace_agent"]
