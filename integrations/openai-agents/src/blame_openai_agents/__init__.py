"""OpenAI Agents SDK adapter for blame: a step graph from the SDK's tracing spans.

Importing this package does not import the SDK; it is imported when a run is traced.
"""

from __future__ import annotations

from blame.spansteps import AgentRunError
from blame_openai_agents.tracer import atrace_agent, final_text, trace_agent

__all__ = ["AgentRunError", "atrace_agent", "final_text", "trace_agent"]
