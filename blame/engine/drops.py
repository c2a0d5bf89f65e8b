"""Steps that dropped required content, ordered by the shape of the graph around them.

Several steps may have had the content and dropped it; which is where it was lost depends on
how they were joined: a step that joined a fan-out's branches had it only as context when the
fan-out gave it to some branches and not the others, and the middle links of one agent's
chain of drops (each LLM call holds the conversation so far) repeat one error. Each is one
pass over the dropping steps and the edges around them.
"""

from __future__ import annotations

from blame.graph import StepGraph
from blame.model import StepKind


def fan_ins(
    flow: StepGraph, dropped: set[int], has_in: frozenset[int], has_out: frozenset[int]
) -> set[int]:
    """The steps that dropped the content where a fan-out had given it to one of their
    branches: ranked after that branch.

    A step fed by a sender that holds the content and, through several parallel branches
    the sender fed, by their outputs (a map-reduce's reduce step reading the whole state,
    after `Send` gave each branch its own item) had the content from the sender only as
    context. When the sender gave it to some of those branches and not to the others, it
    was those branches' work, and the one that dropped it is where it was lost; had every
    branch got it, it was everyone's context and the step that joined them keeps the blame.
    """
    steps = flow.steps
    joins: set[int] = set()
    # each sender's parallel branches and those given the content, made once: a fan-out of
    # thousands is read once, not once per branch
    fans: dict[int, tuple[frozenset[int], frozenset[int]]] = {}
    for join in sorted(dropped):
        if steps[join].kind is StepKind.TOOL:
            continue
        for sender in dict.fromkeys(flow.parent_indexes[join]):
            if sender not in has_out:
                continue
            if sender not in fans:
                kids = frozenset(
                    c for c in flow.children(sender) if steps[c].kind is not StepKind.TOOL
                )
                fans[sender] = (kids, frozenset(c for c in kids if c in dropped and c in has_in))
            kids, given = fans[sender]
            mine = len(given) - (join in given)
            if not mine or mine == len(kids) - (join in kids):
                continue
            # what fed the join since the fan-out (the branches), not all that came before
            walk = flow.walk_back(join, through=sender.__lt__)
            next(walk)
            fed = set(walk) & kids
            fed.discard(join)
            if fed & given and any(c not in has_in for c in fed):
                joins.add(join)
                break
    return joins


def carried_on(flow: StepGraph, dropped: set[int]) -> set[int]:
    """The middle links of each chain of one agent's steps that had the content and dropped
    it, each fed by the one before (directly or through a tool call of that agent).

    An LLM call's input holds the conversation so far, so every call after the first drop
    "had it" too: the chain is one error told again at each call. Where the dropping began
    and the last step that carried it on are the places to look, not each call between.
    """
    if len(dropped) < 3:  # a middle link needs one drop before it and one after
        return set()
    steps = flow.steps

    def next_drop(index: int) -> int | None:
        agent = steps[index].agent
        for child in flow.children(index):
            if steps[child].agent != agent:
                continue
            if child in dropped:
                return child
            if steps[child].kind is StepKind.TOOL:
                for after in flow.children(child):
                    if after in dropped and steps[after].agent == agent:
                        return after
        return None

    followed = {index: after for index in dropped if (after := next_drop(index)) is not None}
    return set(followed) & set(followed.values())
