"""A loop ended before it produced the content: the step that decided to stop.

A graph that loops between agents (a reader and a judge that sends it back for more, a
writer and a reviewer) ends the loop where a step routes the run on instead of back. When
the required content was never produced, the steps after the loop had nothing to drop, and
the steps in it wrote what they were given: the decision to stop is a place to look. The
evidence, all in the step graph: the step `S` that fed the final step is of an agent an
earlier step of which fed a step of another agent `B` that had worked before it (it sent the
run back round the loop; a first dispatch is none), `S`
feeds no step of `B` (it did not), and `B` is neither `S`'s agent nor the final step's. A
tool step is no loop body: an agent calling its tools again is one agent at work.
"""

from __future__ import annotations

from bisect import bisect_left

from blame.engine.suspects import at_step
from blame.graph import StepGraph
from blame.model import StepKind
from blame.results import Suspect

CONFIDENCE = 0.58
"""After an error upstream and where the final answer's value first appeared; before the
steps that only wrote the answer the final output repeats."""
_AGENTS = (StepKind.AGENT, StepKind.LLM)


def stopped_early(flow: StepGraph, shown: str) -> Suspect | None:
    """The step that routed the run out of a loop to the final step, when one did."""
    final = flow.final_step
    if final is None:
        return None
    steps = flow.steps
    seen: set[str] = set()  # an agent's last step feeding the final one speaks for it
    for index in reversed(flow.parents(final)):
        step = steps[index]
        if step.kind not in _AGENTS or step.agent == steps[final].agent or step.agent in seen:
            continue
        seen.add(step.agent)
        stayed = {steps[c].agent for c in flow.children(index)}
        own = flow.steps_of(step.agent)
        for earlier in reversed(own[: bisect_left(own, index)]):
            if steps[earlier].kind not in _AGENTS:
                continue
            # back: to an agent that had worked before (a first dispatch is no loop)
            back = next(
                (
                    c
                    for c in flow.children(earlier)
                    if c < index
                    and steps[c].kind in _AGENTS
                    and steps[c].agent not in (step.agent, steps[final].agent)
                    and steps[c].agent not in stayed
                    and flow.by_agent[steps[c].agent][0] < earlier
                ),
                None,
            )
            if back is not None:
                return at_step(
                    flow,
                    index,
                    CONFIDENCE,
                    f"{shown} was never produced; {flow.label(index)} sent the run on to "
                    f"{flow.label(final)}, where {flow.label(earlier)} had sent it back to "
                    f"{flow.label(back)}: the loop ended there",
                )
    return None
