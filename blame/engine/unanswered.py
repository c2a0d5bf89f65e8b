"""A run that answers it found nothing: why it found none comes before what it passed by.

A final output that says there is no answer (`could not be determined`) was written by a call
that had nothing to answer with, or gave up; a wrong value first stated after its agent's loop
was a guess made out of steps. When a loop of calls that gained nothing spent the run's
steps, or a tool returned the right value but no model call ever had it in its input (a code
agent read a whole file and printed its head), that is why: the steps the right value passed
through unseen, or by chance (a bar's `4.6 stars` where `4.6` million was asked), dropped
nothing.
"""

from __future__ import annotations

from blame.engine.loops import brought_anew, looped_instead
from blame.engine.matching import Matcher
from blame.engine.rules import on
from blame.engine.suspects import records_decisions
from blame.graph import StepGraph
from blame.model import StepKind
from blame.results import Suspect


def why_none_first(flow: StepGraph, right: Matcher, seen: Matcher) -> bool:
    """Whether, for a run that found no answer, why it found none is the first suspect:
    the right value was never seen, or a loop spent the run."""
    return _unseen(flow, (right, seen)) or _spent(flow, right)


def _unseen(flow: StepGraph, matchers: tuple[Matcher, ...]) -> bool:
    """Whether a step output the content but no LLM call had it in its input, on a trace
    that records them: a tool returned it (a whole file read) but no call saw it (its code
    printed the file's head), so the run never had it to answer with."""
    if not records_decisions(flow) or not any(m.hits(flow, "out") for m in matchers):
        return False
    calls = {i for i, step in enumerate(flow.steps) if step.kind is StepKind.LLM}
    return not any(calls & m.hits(flow, "in") for m in matchers)


def _spent(flow: StepGraph, right: Matcher) -> bool:
    """Whether a loop of calls that gained nothing spent the run (`loops.looped_instead`):
    where a run that found no answer looped, the loop is why, whatever values it passed by."""
    return on("loop-start") and looped_instead(flow, right.shown) is not None


def guessed_after_loop(flow: StepGraph, right: Matcher, bad: Matcher) -> Suspect | None:
    """The loop of calls that gained nothing and spent the run (the same result back three
    times or more), when the wrong value was first stated by an LLM call of the looping
    agent after the loop began, and none of its agent's tool calls since got back anything
    new: out of steps, the agent answered with a guess, or with a value it had passed by
    before it looped (a search's snippet). One call made again is a retry, and a run that
    went on to read something new worked its answer out: what it stated is its own."""
    if not on("loop-start") or not records_decisions(flow):
        return None
    carrying = bad.hits(flow, "out")
    steps = flow.steps
    stated = min((i for i in carrying if steps[i].kind is StepKind.LLM), default=None)
    if stated is None:
        return None
    said = (
        f"{right.shown} was never produced; {flow.label(stated)} stated the wrong value "
        f"{bad.shown} after its agent's loop of calls"
    )
    loop = looped_instead(flow, said, spent=True)
    if loop is None or loop.step_index is None:
        return None
    start, agent = loop.step_index, steps[loop.step_index].agent
    if stated <= start or steps[stated].agent != agent:
        return None
    # any new result of its agent's tools since: the loop did not spend the steps it used
    own = frozenset(i for i in flow.by_agent[agent] if steps[i].kind is StepKind.TOOL)
    return None if brought_anew(flow, start, stated, own) else loop
