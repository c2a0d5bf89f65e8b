"""Required content lost on the way: the step or handoff nearest the final output that had
it and passed it on without it.

A breadth-first walk back from the final step through steps whose output lacks the content;
steps that have it bound the walk, so each step and edge is looked at once.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from blame.engine.drops import carried_on, fan_ins
from blame.engine.edges import lost_on_edge
from blame.engine.matching import Matcher, quote
from blame.engine.suspects import (
    agent_at,
    at_step,
    handoff,
    how_it_failed,
    ranked,
    records_decisions,
    with_confidence,
)
from blame.graph import StepGraph
from blame.model import StepKind
from blame.results import Suspect

LOSS_CONFIDENCE = 0.9
"""A step that had the content and dropped it, or a handoff that lost it in transit."""
EARLIER_LOSS_CONFIDENCE = 0.6
"""Further losses on other branches, ranked after the one nearest the final step."""


def lost(flow: StepGraph, matcher: Matcher) -> tuple[Suspect, ...]:
    """Where required content was last present and then lost; empty when it never existed.

    On a trace that records LLM calls, a call's input is the task, the instructions and what
    earlier steps returned: content that neither the task nor any step's output has came from
    the instructions (`read the first 2 pages` in a prompt's example), which held no answer."""
    final = flow.final_step
    if final is None or (records_decisions(flow) and matcher.only_instructed(flow)):
        return ()
    if matcher.out(flow, final):
        return (
            agent_at(
                flow,
                final,
                0.6,
                f"{flow.label(final)} produced {matcher.shown} but the run's final output "
                "does not carry it",
            ),
        )
    losses = _losses(flow, matcher, final)
    if losses:
        return ranked(losses)
    anywhere = matcher.hits(flow, "out")
    if anywhere:
        elsewhere = min(anywhere)
        return (
            agent_at(
                flow,
                final,
                0.5,
                f"{flow.label(elsewhere)} produced {matcher.shown} but no data path carries it "
                f"to the final {flow.label(final)}",
            ),
        )
    return ()


def _losses(flow: StepGraph, matcher: Matcher, final: int) -> list[Suspect]:
    """Steps (and handoffs) lacking the content whose inputs or parents still had it.

    A breadth-first walk back from the final step through steps whose output lacks the
    content; steps that have it bound the walk. Each step and edge is looked at once.
    """
    has_out = matcher.hits(flow, "out")
    has_in = matcher.hits(flow, "in")
    parents = flow.parent_indexes
    seen = {final}
    queue = deque([final])
    came_from: dict[int, int] = {}
    found: list[tuple[int, int, Suspect]] = []
    while queue:
        index = queue.popleft()
        fed = False
        for parent in parents[index]:
            if parent in has_out:
                fed = True
            elif parent not in seen:
                seen.add(parent)
                came_from[parent] = index
                queue.append(parent)
        if fed or index in has_in:
            loss = _loss_at(flow, matcher, index, has_out, came_from)
            if loss is not None:
                found.append((loss[0], -index, loss[1]))
    dropped = {-i for tier, i, _ in found if tier == 0}
    joins = fan_ins(flow, dropped, has_in, has_out)
    found.sort(key=lambda item: (item[0], -item[1] in joins, item[1]))
    carried = carried_on(flow, dropped)
    sent: set[tuple[int, str]] = set()  # (sender step, receiving agent) of handoffs kept
    kept = []
    for rank, item in enumerate(found):
        index, suspect = -item[1], item[2]
        if rank and index in carried:
            continue
        if suspect.kind == "handoff":
            # The same message received again by the same agent is the same loss in transit;
            # and one the agent received in another of its steps (a fan-out giving each
            # branch its own part) was delivered: the branches without it lost nothing.
            sender = max(p for p in parents[index] if p in has_out)
            if (sender, suspect.agent) in sent:
                continue
            sent.add((sender, suspect.agent))  # one look at the sender's children per agent
            if any(
                c in has_in and flow.steps[c].agent == suspect.agent for c in flow.children(sender)
            ):
                continue
        kept.append(item)
    return [
        s if rank == 0 else with_confidence(s, min(s.confidence, EARLIER_LOSS_CONFIDENCE))
        for rank, (_, _, s) in enumerate(kept)
    ]


def _loss_at(
    flow: StepGraph,
    matcher: Matcher,
    index: int,
    has_out: frozenset[int],
    came_from: dict[int, int],
) -> tuple[int, Suspect] | None:
    """(evidence tier, suspect): 0 had it and dropped it, 1 cut off in transit, 2 weaker."""
    step = flow.steps[index]
    holders = sorted(p for p in flow.parent_indexes[index] if p in has_out)
    in_input = matcher.inp(flow, index)
    raised = f" and {how_it_failed(flow, index)}" if step.error else ""
    if step.kind is StepKind.TOOL and (in_input or holders):
        # A tool need not echo its arguments: keeping the content was its caller's job. The
        # error, if any, is the tool's: the caller's step never raised it.
        after = came_from.get(index, index)
        failed = f"; the tool raised {quote(step.error)}" if step.error else ""
        if not step.error and in_input and _relays(flow, after, index):
            return 0, at_step(
                flow,
                index,
                LOSS_CONFIDENCE,
                f"{flow.label(index)} was called with {matcher.shown} but its output, which "
                f"{flow.label(after)} returned as it was, dropped it",
            )
        return 0, agent_at(
            flow,
            after,
            LOSS_CONFIDENCE,
            f"{step.agent} had {matcher.shown} before calling {step.name} at step {index}, but "
            f"{flow.label(after)} no longer carries it{failed}",
        )
    if in_input:
        source = f" from {flow.label(holders[-1])}" if holders else ""
        return 0, at_step(
            flow,
            index,
            LOSS_CONFIDENCE,
            f"{flow.label(index)} received {matcher.shown}{source} in its input but its "
            f"output dropped it{raised}",
        )
    if not holders:
        return None
    sender = holders[-1]
    if in_input is False and flow.steps[sender].agent != step.agent:
        has = holds(flow, matcher)
        cut = lost_on_edge(flow, has, sender, index) or _cut_in_transit(
            flow, matcher, sender, index
        )
        detail = f" ({cut})" if cut else ""
        return (1 if cut else 2), handoff(
            flow,
            sender,
            index,
            LOSS_CONFIDENCE if cut else 0.5,
            f"{flow.label(sender)} output {matcher.shown} but {flow.label(index)} received an "
            f"input without it{detail}",
        )
    return 2, at_step(
        flow,
        index,
        LOSS_CONFIDENCE,
        f"{flow.label(index)} was fed {matcher.shown} by {flow.label(sender)} but its output "
        f"dropped it{raised}",
    )


def holds(flow: StepGraph, matcher: Matcher) -> Callable[[str], bool]:
    """Whether a text has the content `matcher` finds."""
    return lambda text: matcher.find(flow, text) is not None


def _relays(flow: StepGraph, step: int, tool: int) -> bool:
    """The step returned the tool's output as it was, fed by nothing else: it decided
    nothing (a tool whose result is the answer), so what the output lacks is the tool's."""
    relay = flow.steps[step]
    return (
        step != tool
        and flow.parent_indexes[step] == [tool]
        and relay.output.strip() == flow.steps[tool].output.strip() != ""
    )


def _cut_in_transit(flow: StepGraph, matcher: Matcher, sender: int, receiver: int) -> str:
    """How part of the sender's message reached the receiver without the content, or "".

    Either the text just before the content arrived (the message was cut off there), or the
    receiver's whole input is a piece of the sender's output. That tells a message damaged in
    transit from a receiver never meant to get the content (a planner sending each worker
    only its own part).
    """
    sent = flow.steps[sender].output
    received = " ".join(flow.steps[receiver].input.split()).casefold()
    start = matcher.find(flow, sent)
    if start is None:
        return ""
    context = " ".join(sent[max(0, start - 32) : start].split()).casefold()
    if len(context) >= 6 and context in received:
        return "cut off just before it in transit"
    if len(received) >= 8 and received in " ".join(sent.split()).casefold():
        return "only part of that message arrived"
    return ""
