"""Required content that no step ever produced: who is responsible for the answer as it is.

With nothing lost on the way, the evidence is the answer itself and the run around it:
a step that raised upstream of the final output, else the final agent.
"""

from __future__ import annotations

from blame.engine.flow import Flow, quote
from blame.engine.suspects import agent_at, at_step, ranked
from blame.model import Suspect


def never_produced(flow: Flow, shown: str) -> tuple[Suspect, ...]:
    """Suspects when `shown` appears in no step at all."""
    final = flow.final
    if final is None:
        return ()
    found: list[Suspect] = []
    raised = [i for i in sorted(flow.upstream_of_final) if flow.steps[i].error]
    if raised:
        first = raised[0]
        found.append(
            at_step(
                flow,
                first,
                0.7,
                f"{shown} was never produced and {flow.label(first)} raised "
                f"{quote(flow.steps[first].error or '')} upstream of the final output",
            )
        )
    found.append(
        agent_at(
            flow,
            final,
            0.5,
            f"{shown} was never produced by any step; {flow.label(final)} produced the final "
            "output without it",
        )
    )
    return ranked(found)
