"""Building suspects from step indexes, so every rule names culprits the same way.

Pin the decision: where a trace records LLM calls, an agent's suspect is pinned on the LLM
call that decided (the call that asked for a tool, the last call inside an agent's span),
never on a container span or a tool step that only carried out the decision.
"""

from __future__ import annotations

import weakref
from bisect import bisect_left
from collections.abc import Iterable
from itertools import repeat
from operator import attrgetter, is_

from blame.engine.matching import quote
from blame.faultmarks import failed_as, failure
from blame.graph import StepGraph, whole_word_in
from blame.model import StepKind
from blame.results import Suspect

_DECIDES: weakref.WeakKeyDictionary[StepGraph, bool] = weakref.WeakKeyDictionary()


def records_decisions(flow: StepGraph) -> bool:
    """The trace has LLM-call steps, so an agent's decisions are steps of their own."""
    found = _DECIDES.get(flow)
    if found is None:
        kinds = map(attrgetter("kind"), flow.steps)  # the test in C: a million steps, no LLM
        found = _DECIDES[flow] = any(map(is_, kinds, repeat(StepKind.LLM)))
    return found


def decision(flow: StepGraph, index: int) -> int:
    """The LLM call that decided what step `index` did; `index` itself when there is none.

    A tool step: the LLM call of the same agent that asked for it (its nearest LLM parent),
    else the LLM call behind the framework node that ran it.
    An agent or chain step holding LLM calls of its own agent (fed by them, or nested at any
    depth of its span tree): the last of them, the call that wrote its output. Anything
    else, or a trace without LLM calls, keeps its step.
    """
    step = flow.steps[index]
    if step.kind is StepKind.TOOL and not records_decisions(flow):
        return _caller(flow, index)
    if step.kind not in (StepKind.TOOL, StepKind.AGENT) or not records_decisions(flow):
        return index
    calls = [
        p
        for p in flow.parent_indexes[index]
        if flow.steps[p].kind is StepKind.LLM and flow.steps[p].agent == step.agent
    ]
    if calls:
        return max(calls)
    inner = flow.inner_calls.get(index)
    if step.kind is StepKind.AGENT and inner is not None:
        return inner
    if step.kind is StepKind.TOOL:
        # A framework node between the call and the tool (a graph node that runs the tool
        # node the model's message asked for): the nearest LLM call behind that node.
        for node in sorted(flow.parent_indexes[index], reverse=True):
            if flow.steps[node].kind is StepKind.AGENT:
                behind = [
                    p for p in flow.parent_indexes[node] if flow.steps[p].kind is StepKind.LLM
                ]
                if behind and flow.steps[max(behind)].agent != step.agent:
                    # another agent's run before it (a sub-agent a manager's code ran, then
                    # the code called the tool): the tool's own agent's latest call asked
                    own = _latest_call(flow, step.agent, index)
                    return max(behind) if own is None else own
                if behind:
                    return max(behind)
        # Tools one piece of code called in turn (a code agent's step): each is fed by the
        # one before, and the LLM call that wrote the code asked for all of them.
        return _chain_caller(flow, index)
    return index


def _chain_caller(flow: StepGraph, index: int) -> int:
    """The LLM call behind the chain of tools that tool step `index` ends (each fed by the
    one before, of its agent), or `index` when none. Each tool's answer is kept, so a code
    step's loop of thousands of calls is walked once, not once per call. Only asked for a
    tool that no LLM call of its agent feeds (`decision` answers those itself)."""
    known: dict[int, int | None] = flow.shared.setdefault("chain_callers", {})
    agent, walked, at, found = flow.steps[index].agent, [], index, None
    while True:
        if at != index and at in known:
            found = known[at]
            break
        walked.append(at)
        before = [p for p in flow.parent_indexes[at] if flow.steps[p].agent == agent]
        tools = [p for p in before if flow.steps[p].kind is StepKind.TOOL]
        calls = [p for p in before if flow.steps[p].kind is StepKind.LLM]
        if calls and at != index:
            found = max(calls)
            break
        if not tools:
            break
        at = max(tools)
    for tool in walked:  # `index` has no LLM call of its agent among its parents either
        known[tool] = found
    return index if found is None else found


_SCAN = 100_000
"""How much of a caller's output is read for the tool's name."""


def _caller(flow: StepGraph, index: int) -> int:
    """In a trace without LLM calls, the agent step that asked for tool step `index`: its
    nearest parent of the same agent whose output names the tool (a framework node that ran
    the model, showing the call it made: `-> get_price {...}`); else the tool step itself."""
    step = flow.steps[index]
    name = step.name.casefold()
    for parent in sorted(flow.parent_indexes[index], reverse=True):
        caller = flow.steps[parent]
        if (
            caller.kind is StepKind.AGENT
            and caller.agent == step.agent
            and whole_word_in(name, caller.output[:_SCAN].casefold())
        ):
            return parent
    return index


def _latest_call(flow: StepGraph, agent: str, before: int) -> int | None:
    """The agent's last LLM call before step `before` (an agent makes one call at a time:
    its tool calls in between were that call's)."""
    calls = flow.llm_calls.get(agent, [])
    at = bisect_left(calls, before)
    return calls[at - 1] if at else None


def how_it_failed(flow: StepGraph, index: int) -> str:
    """What the step did that failed, as a reason says it: "raised 'E'", or, for an LLM call
    that carries the error of the action it chose (metadata `failed_action`), "chose an action
    that raised 'E' (Step 1)": the call itself returned."""
    step = flow.steps[index]
    error = quote(failure(step) or "")
    action = step.metadata.get("failed_action")
    if action:
        return f"chose an action that raised {error} ({action})"
    return f"{failed_as(step)} {error}"


def at_step(flow: StepGraph, index: int, confidence: float, reason: str) -> Suspect:
    """The step's own culprit: a tool step blames the tool, anything else its agent (at the
    LLM call that decided, when an agent step holds such calls)."""
    step = flow.steps[index]
    if step.kind is StepKind.TOOL:
        return Suspect("tool", step.name, step.agent, index, _clamp(confidence), reason)
    pinned = decision(flow, index)
    reason += _decided(flow, index, pinned)
    return Suspect("agent", step.agent, step.agent, pinned, _clamp(confidence), reason)


def agent_at(flow: StepGraph, index: int, confidence: float, reason: str) -> Suspect:
    """The agent responsible for the step (a tool step's calling agent), pinned on the LLM
    call that decided it when the trace records one."""
    agent = flow.steps[index].agent
    pinned = decision(flow, index)
    reason += _decided(flow, index, pinned)
    return Suspect("agent", agent, agent, pinned, _clamp(confidence), reason)


def _decided(flow: StepGraph, index: int, pinned: int) -> str:
    """The sentence that says why a suspect sits on another step than the rule found."""
    if pinned == index:
        return ""
    if flow.steps[index].kind is StepKind.TOOL:
        what = "the LLM call" if flow.steps[pinned].kind is StepKind.LLM else "the step"
        return f"; {flow.label(pinned)} is {what} that asked for it"
    return f"; {flow.label(pinned)} is the last LLM call within {flow.label(index)}"


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
    """Keep rule order (best first) and one suspect per error location.

    A location is a step (a suspect without a step: its culprit). Each suspect after the
    first is then a different candidate decision, so the top three are three places to look,
    not one place named three ways.
    """
    seen: set[int | tuple[str, str]] = set()
    kept: list[Suspect] = []
    for suspect in found:
        key = suspect.step_index if suspect.step_index is not None else (suspect.kind, suspect.name)
        if key not in seen:
            seen.add(key)
            kept.append(suspect)
    return tuple(kept)


def distinct(flow: StepGraph, found: Iterable[Suspect]) -> tuple[Suspect, ...]:
    """`ranked`, then each suspect after the first a new place to look in this trace.

    A suspect adds nothing when its step encloses a step already listed: an agent or chain
    span holding that LLM call is the same decision seen from outside (and the input or
    output it records is its span's, not the call's). The first suspect is never dropped:
    this orders the runners-up, it does not change the verdict.
    """
    kept: list[Suspect] = []
    steps: set[int] = set()
    enclosing: set[int] = set()
    index_of: dict[str, int] = {}
    for suspect in ranked(found):
        index = suspect.step_index
        if kept and index is not None and _encloses(flow, index, steps, enclosing):
            continue
        kept.append(suspect)
        if index is not None:
            steps.add(index)
            enclosing.update(_holders(flow, index, index_of, enclosing))
    return tuple(kept)


def _encloses(flow: StepGraph, index: int, steps: set[int], enclosing: set[int]) -> bool:
    """Step `index` is a span that holds one of `steps` (`enclosing`: every span that does),
    or an agent step whose decision, the LLM call within it, is one of them."""
    if flow.steps[index].kind in (StepKind.LLM, StepKind.TOOL):
        return False
    return index in enclosing or decision(flow, index) in steps


def _holders(flow: StepGraph, index: int, index_of: dict[str, int], known: set[int]) -> list[int]:
    """The spans that enclose step `index` (`metadata["within"]`), innermost first, up to the
    first one in `known` (its own holders were found with it). `index_of` (step id -> index)
    is filled on first need, once per ranking. Linear in the depth: a chain of 20,000 nested
    spans was walked with a list lookup per span (20 s for 40,000)."""
    holders: list[int] = []
    seen = {index}
    outer = flow.steps[index].metadata.get("within")
    if isinstance(outer, str) and not index_of:
        index_of.update((s.id, s.index) for s in flow.steps)
    while isinstance(outer, str) and outer in index_of:
        holder = index_of[outer]
        if holder in seen or holder in known:
            break
        seen.add(holder)
        holders.append(holder)
        outer = flow.steps[holder].metadata.get("within")
    return holders


def _clamp(confidence: float) -> float:
    return min(1.0, max(0.0, round(confidence, 4)))


def with_confidence(suspect: Suspect, confidence: float) -> Suspect:
    """`suspect` with another confidence: `dataclasses.replace(suspect, confidence=...)`."""
    # Every field given, as `dataclasses.replace` would, without its look-up of each by name.
    return Suspect(
        kind=suspect.kind,
        name=suspect.name,
        agent=suspect.agent,
        step_index=suspect.step_index,
        confidence=confidence,
        reason=suspect.reason,
        sender=suspect.sender,
        receiver=suspect.receiver,
        confirmation=suspect.confirmation,
    )
