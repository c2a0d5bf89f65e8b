"""AG2 (formerly AutoGen) adapter for blame: a step graph from a group chat as it runs.

Importing this package does not import AG2; it is imported when a chat is traced.
"""

from __future__ import annotations

from blame.spansteps import AgentRunError
from blame_ag2.tracer import trace_group_chat

__all__ = ["AgentRunError", "trace_group_chat"]
