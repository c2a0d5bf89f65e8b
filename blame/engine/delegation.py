"""Who delegated a made-up value: an agent given no tools can only guess, and which agent a
task goes to was decided by the call that handed it over (`blame.engine.provenance` asks this
before blaming the value's author)."""

from __future__ import annotations

from collections.abc import Iterator

from blame.engine.matching import quote
from blame.engine.operands import SCAN, is_number, norm, numbers
from blame.engine.rules import on
from blame.engine.suspects import at_step, decision, records_decisions
from blame.graph import StepGraph
from blame.model import StepKind
from blame.results import Suspect

DELEGATION_CONFIDENCE = 0.65
"""The call that handed a value's author its task, when that author looks nothing up: just
above the author itself (0.6 to 0.62), which stays the runner-up."""


def delegated(flow: StepGraph, index: int, value: str, shown: str) -> Iterator[Suspect]:
    """The LLM call of another agent that handed the task to the agent that introduced
    `value` at step `index`, when that agent was given no tools.

    An agent without tools has nothing to find a fact or work a figure out with but its
    model: a value its call introduced (its output has it, its input did not) was guessed,
    not looked up. Which agent a task goes to was decided by the call that delegated it. An
    agent that had tools and did not use them, or changed a value it was given, stays its
    own culprit. Where the trace records LLM calls, the delegating call feeds the first call
    of the delegated agent; the walk back follows only the agent's own calls, each once.
    """
    if not records_decisions(flow) or not on("delegated"):
        return
    author = decision(flow, index)
    step = flow.steps[author]
    if step.kind is not StepKind.LLM or step.agent not in _without_tools(flow):
        return
    if not _introduced(step.input, step.output, value):
        return
    seen = {author}
    pending = [author]
    while pending:
        call = pending.pop()
        for parent in sorted(flow.parent_indexes[call], reverse=True):
            earlier = flow.steps[parent]
            if earlier.kind is not StepKind.LLM or parent in seen:
                continue
            if earlier.agent != step.agent:
                yield at_step(
                    flow,
                    parent,
                    DELEGATION_CONFIDENCE,
                    f"{shown}; {flow.label(parent)} handed {step.agent} its task (its output "
                    f"fed {step.agent}'s calls), {step.agent} was given no tools, and "
                    f"{flow.label(author)} introduced {quote(value)}: its output has it, its "
                    "input did not",
                )
                return
            seen.add(parent)
            pending.append(parent)


def _without_tools(flow: StepGraph) -> frozenset[str]:
    """The agents given no tools, where the trace says which tools its agents were given
    (some agent step declares `metadata["tools"]`; a framework that writes the list only
    when it is not empty leaves it out for the others): an agent none of whose steps
    declares a tool and that called none. Empty when no step declares tools: not calling a
    tool is not proof of having none. One pass over the steps, once per trace."""
    if "without_tools" not in flow.shared:
        agents: set[str] = set()
        equipped: set[str] = set()
        declared = False
        for step in flow.steps:
            if step.kind is StepKind.TOOL:
                equipped.add(step.agent)
                continue
            agents.add(step.agent)
            tools = step.metadata.get("tools") if step.kind is StepKind.AGENT else None
            if isinstance(tools, list):
                declared = True
                if tools:
                    equipped.add(step.agent)
        flow.shared["without_tools"] = frozenset(agents - equipped if declared else ())
    return flow.shared["without_tools"]  # type: ignore[no-any-return]


def _introduced(given: str, wrote: str, value: str) -> bool:
    """`value` is in `wrote` and not in `given` (a number in any of its written forms)."""
    if is_number(value):
        wanted = norm(value)
        return wanted in numbers(wrote[:SCAN]) and wanted not in numbers(given[:SCAN])
    folded = value.casefold()
    return folded in wrote[:SCAN].casefold() and folded not in given[:SCAN].casefold()
