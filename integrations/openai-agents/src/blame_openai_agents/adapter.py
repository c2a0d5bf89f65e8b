"""The `openai-agents` agent type for blame (registered through the `blame.adapters` entry point).

`agent: {type: openai-agents, entrypoint: module:agent_or_factory}` in blame.yaml. The
entrypoint is an `agents.Agent` (the run starts there) or a zero-argument callable returning
one; a factory is called once per run so runs never share state. `agent.options.max_turns`
caps the model calls of one run (the SDK's default otherwise). A run that raises (a tool's
error the SDK does not catch, the turn limit, a guardrail's tripwire) is the test's error; its
checks are shown on the steps it took, the error on the step that raised or on a last step of
the agent that was running.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from blame.errors import ConfigError
from blame.model import Trace
from blame.protocols import RunFn


class OpenAIAgentsAdapter:
    """Loads an OpenAI Agents SDK agent and runs it under blame's tracing processor."""

    type = "openai-agents"

    def load(self, entrypoint: str, *, base_dir: Path, options: Mapping[str, Any]) -> RunFn:
        """Import `module:attr` (relative to `base_dir`) and return a function that runs it."""
        from blame.adapters import import_entrypoint
        from blame_openai_agents.tracer import trace_agent

        max_turns = _max_turns(options)
        target = import_entrypoint(entrypoint, base_dir)
        _make_agent(target, entrypoint, check_only=True)

        def run(test_input: Any, test_name: str) -> tuple[str, Trace]:
            agent = _make_agent(target, entrypoint)
            # a run that raised (a tool that raised, the turn limit, a guardrail) raises
            # AgentRunError: the test's error, its checks shown on the steps so far
            return trace_agent(agent, test_input, test_name=test_name, max_turns=max_turns)

        return run


adapter = OpenAIAgentsAdapter()
"""The entry-point object for `blame.adapters:openai-agents`."""


def _max_turns(options: Mapping[str, Any]) -> int | None:
    unknown = sorted(set(options) - {"max_turns"})
    if unknown:
        raise ConfigError(
            f"unknown option {unknown[0]!r} for agent type openai-agents",
            field=f"agent.options.{unknown[0]}",
            hint="the openai-agents agent type takes `max_turns` only",
        )
    value = options.get("max_turns")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigError(
            f"must be a positive integer, got {value!r}",
            field="agent.options.max_turns",
            hint="write e.g. `max_turns: 10`",
        )
    return value


def _make_agent(target: Any, entrypoint: str, *, check_only: bool = False) -> Any:
    from agents import Agent

    from blame.adapters import built_from

    return built_from(target, entrypoint, Agent, "agents.Agent", check_only=check_only)
