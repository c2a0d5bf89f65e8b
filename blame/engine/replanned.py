"""A sub-agent's own plan that restated the task it was handed without words the task gives.

A manager hands on `the default pitch tolerance that duet mode uses`; the sub-agent's plan
writes `the default pitch tolerance`, and no call of the agent after it names duet mode
again: its searches and reads follow the plan, and the value it reports answers the plan's
question, not the task's. The plan decided; the calls after it only carried it out. The
manager, which handed the words on, is not to blame.
"""

from __future__ import annotations

from blame.engine.asked import handed_task, plan_heading, planned_or_handed
from blame.engine.figures import stem, words_in_order
from blame.engine.matching import quote
from blame.engine.rules import on
from blame.engine.suspects import at_step, records_decisions
from blame.graph import StepGraph
from blame.model import StepKind
from blame.results import Suspect
from blame.text import SCAN

CONFIDENCE = 0.85
"""Above the call that chose what was looked up (0.8): it followed the plan."""


def plan_dropped(flow: StepGraph, chooser: Suspect) -> Suspect | None:
    """The planning call of the agent whose call `chooser` looked the wrong value up, when
    its plan (facts survey and steps alike) left out a phrase of the run's task, two words
    in a row (`duet mode`; a stray verb, `allow`, is how a plan rewords a question), that
    the task its agent was handed gives too, and no later call of the agent, up to the
    chooser, wrote them (in its arguments or its words), nor did any tool it read give them
    (a path's `singalong` was read; what it found stood under it). None otherwise: an agent
    never handed the words was not told them (`drift.untold` asks about the call that
    handed its task on)."""
    index = chooser.step_index
    if index is None or not records_decisions(flow) or not on("plan-dropped"):
        return None
    steps, agent = flow.steps, flow.steps[index].agent
    upstream = sorted(flow.ancestors(index))
    handers = [
        i
        for i in upstream
        if steps[i].kind is StepKind.LLM
        and steps[i].agent != agent
        and handed_task().search(steps[i].output[:SCAN]) is not None
    ]
    if not handers:
        return None
    own = [i for i in upstream if i > handers[-1] and steps[i].agent == agent]
    calls = [i for i in [*own, index] if steps[i].kind is StepKind.LLM]
    plan = next((i for i in calls if plan_heading().search(steps[i].output[:SCAN])), None)
    if plan is None:
        return None
    handed = _stems(planned_or_handed(steps[handers[-1]].output))
    read = [i for i in own if i > plan and steps[i].kind is StepKind.TOOL]
    said = _stems(" ".join(steps[i].output[:SCAN] for i in [*calls, *read] if i >= plan))
    task = words_in_order(flow.trace.input)
    left_out = [
        word.casefold() not in _PLAIN and stem(word.casefold()) in handed - said for word in task
    ]
    phrase = next(
        (f"{task[at]} {task[at + 1]}" for at in range(len(task) - 1) if all(left_out[at : at + 2])),
        None,
    )
    if phrase is None:
        return None
    return at_step(
        flow,
        plan,
        CONFIDENCE,
        f"{flow.label(plan)} planned without the task's {quote(phrase)}, which "
        f"{flow.label(handers[-1])} handed it; no later call of {agent} asked about it, "
        f"and {chooser.reason}",
    )


def _stems(text: str) -> set[str]:
    return {stem(word.casefold()) for word in words_in_order(text)}


_PLAIN = frozenset(
    {"what", "which", "when", "where", "that", "than", "this", "with", "does", "reply"}
    | {"number", "only", "give", "answer", "full", "name", "please", "according", "there"}
    | {"their", "they", "were", "have", "from", "into", "about", "also", "just", "then"}
    | {"many", "much", "often", "long"}
)
"""Words of asking or answering that name nothing a plan must keep (`How many`, `Reply with
the number only`)."""
