"""Building suspects from step indexes, so every rule names culprits the same way."""

from __future__ import annotations

from collections.abc import Iterable

from blame.graph import StepGraph
from blame.model import StepKind, Suspect


def at_step(flow: StepGraph, index: int, confidence: float, reason: str) -> Suspect:
    """The step's own culprit: a tool step blames the tool, anything else its agent."""
    step = flow.steps[index]
    if step.kind is StepKind.TOOL:
        return Suspect("tool", step.name, step.agent, index, _clamp(confidence), reason)
    return Suspect("agent", step.agent, step.agent, index, _clamp(confidence), reason)


def agent_at(flow: StepGraph, index: int, confidence: float, reason: str) -> Suspect:
    """The agent responsible for the step (a tool step's calling agent)."""
    agent = flow.steps[index].agent
    return Suspect("agent", agent, agent, index, _clamp(confidence), reason)


def handoff(flow: StepGraph, sender: int, receiver: int, confidence: float, reason: str) -> Suspect:
    """The handoff from `sender`'s agent to `receiver`'s, pinned on the receiving step."""
    source, agent = flow.steps[sender].agent, flow.steps[receiver].agent
    return Suspect(
        "handoff",
        f"{source} -> {agent}",
        agent,
        receiver,
        _clamp(confidence),
        reason,
        sender=source,
        receiver=agent,
    )


def ranked(found: Iterable[Suspect]) -> tuple[Suspect, ...]:
    """Keep rule order (best first) and drop repeats of the same culprit at the same step."""
    seen: set[tuple[str, str, int | None]] = set()
    kept: list[Suspect] = []
    for suspect in found:
        key = (suspect.kind, suspect.name, suspect.step_index)
        if key not in seen:
            seen.add(key)
            kept.append(suspect)
    return tuple(kept)


def _clamp(confidence: float) -> float:
    return min(1.0, max(0.0, round(confidence, 4)))
