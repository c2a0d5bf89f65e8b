"""Which coworkers a delegating agent could pick, and with which tools.

CrewAI's delegation tools ("Delegate work to coworker", "Ask question to coworker") let an
agent (a hierarchical crew's manager, an agent with `allow_delegation`) hand a step to any
other agent of its crew, by role. Which one it picked was its decision; whether another
could have looked the answer up depends on the tools each was given. The roster is read from
the crew before kickoff (its agents and their tools, CrewAI's own delegation tools left out)
and written on each delegation's tool step as `metadata["coworkers"]`: role -> {tool name:
tool description}, the delegator itself left out.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from blame.model import Step, StepKind
from blame_crewai.events import role_name

Roster = dict[str, dict[str, str]]
"""Agent role -> {tool name: description}."""

_DELEGATION_NAMES = frozenset({"delegate work to coworker", "ask question to coworker"})


def crew_roster(crew: Any) -> Roster:
    """Each agent of a Crew by role, with its tools (name -> description); empty for a Flow
    or anything without agents. Read before kickoff: what the delegator could choose from."""
    agents = getattr(crew, "agents", None)
    if not isinstance(agents, list):
        return {}
    roster: Roster = {}
    for agent in agents:
        role = role_name(getattr(agent, "role", None))
        if role is None:
            continue
        tools: dict[str, str] = {}
        for tool in getattr(agent, "tools", None) or ():
            name = getattr(tool, "name", None)
            if not isinstance(name, str) or name.strip().casefold() in _DELEGATION_NAMES:
                continue
            description = getattr(tool, "description", "")
            tools[name] = description if isinstance(description, str) else ""
        roster[role] = tools
    return roster


def with_coworkers(steps: tuple[Step, ...], roster: Roster) -> tuple[Step, ...]:
    """The steps, each delegation's tool step (`metadata["delegation_to"]`) given the
    coworkers its agent could have picked: every agent of the roster but itself."""
    if not roster:
        return steps
    out = []
    for step in steps:
        if step.kind is StepKind.TOOL and "delegation_to" in step.metadata:
            coworkers = {role: dict(tools) for role, tools in roster.items() if role != step.agent}
            step = replace(step, metadata={**step.metadata, "coworkers": coworkers})
        out.append(step)
    return tuple(out)
