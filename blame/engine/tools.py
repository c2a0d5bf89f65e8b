"""Tool rules: forbidden, missing, surplus and out-of-order calls, failed tools, false claims."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from blame.engine.claims import DEFAULT_CLAIMS, find_claim
from blame.engine.loops import loop_start
from blame.engine.matching import literal, quote
from blame.engine.provenance import content_source
from blame.engine.rules import on
from blame.engine.suspects import (
    agent_at,
    at_step,
    handoff,
    ranked,
)
from blame.faultmarks import error_reply, failure, faulted, unbacked
from blame.graph import StepGraph
from blame.model import Step, StepKind, Trace
from blame.results import Suspect
from blame.text import compiled_on_use

_SCAN = 200_000
"""Characters of a call's input (its end: the latest messages) searched for a result."""


def calls(flow: StepGraph, tool: str) -> list[int]:
    """Indexes of the tool's steps, in recording order."""
    return flow.tool_calls.get(tool, [])


def tool_not_called(flow: StepGraph, params: Mapping[str, Any]) -> tuple[Suspect, ...]:
    """The agent that made the forbidden call (every call ranked, first call first)."""
    tool = str(params.get("tool", ""))
    made = calls(flow, tool)
    return ranked(
        agent_at(
            flow,
            index,
            0.95 if rank == 0 else 0.6,
            f"{flow.steps[index].agent} called the forbidden tool {tool} at step {index}",
        )
        for rank, index in enumerate(made)
    )


def tool_called(flow: StepGraph, params: Mapping[str, Any]) -> tuple[Suspect, ...]:
    """Too few calls: the agent that should have called; too many: the one that overcalled."""
    tool = str(params.get("tool", ""))
    made = calls(flow, tool)
    low = _int(params.get("min"), 1) or 0
    high = _int(params.get("max"), None)
    if high is not None and len(made) > high:
        extra = made[high]
        hit = [i for i in made[:high] if faulted(flow.steps[i])]
        retry = f", a retry after {tool} {_failure(flow, hit[-1])} at step {hit[-1]}" if hit else ""
        said = f"{flow.steps[extra].agent} called {tool} {len(made)} times (at most {high} allowed)"
        surplus = agent_at(flow, extra, 0.9, f"{said}; call {high + 1} is step {extra}{retry}")
        looped = loop_start(flow, made[: high + 1], said) if on("loop-start") else None
        if looped is None:
            return (surplus,)
        return ranked((looped, replace(surplus, confidence=0.6)))
    if len(made) < low:
        return missing_call(flow, tool, f"called {tool} {len(made)} times, fewer than {low}")
    return ()


_HANDOFF_TOOL = compiled_on_use(r"transfer_(?:back_)?to_\w")
"""The name of a tool that only hands the conversation on (`transfer_to_booker`,
`transfer_back_to_supervisor`: LangGraph's supervisor and swarm, the OpenAI Agents SDK and
AG2 name their handoff tools so): calling one is routing, not using tools."""


def missing_call(flow: StepGraph, tool: str, what: str) -> tuple[Suspect, ...]:
    """The agent that should have called `tool`: the handoff that gave the work to an agent
    given other tools, else the one asked to, else a tool user (handoff tools aside), else
    final."""
    routed = routed_away(flow, tool, what)
    if routed is not None:
        return (routed,)
    asked = sorted(
        i
        for i in literal(tool).hits(flow, "in")
        if flow.steps[i].kind in (StepKind.AGENT, StepKind.LLM)
    )
    if asked:
        return (
            agent_at(
                flow,
                asked[0],
                0.8,
                f"{flow.label(asked[0])} was asked about {tool} in its input but the run {what}",
            ),
        )
    users = [i for i in flow.all_tool_steps if not _HANDOFF_TOOL().match(flow.steps[i].name)]
    if users:
        last = users[-1]
        return (
            agent_at(
                flow,
                last,
                0.5,
                f"{flow.steps[last].agent} is the agent that uses tools (last at step {last}) "
                f"and the run {what}",
            ),
        )
    final = flow.final_step
    if final is None:
        return ()
    source = content_source(flow)
    answered: tuple[Suspect, ...] = ()
    if source is not None:
        # Nobody was asked and nobody uses tools: the agent that wrote the answer the final
        # output repeats answered without the call (the final step only passed it on).
        answered = (
            agent_at(
                flow,
                source,
                0.45,
                f"no agent uses tools; {flow.label(source)} wrote the answer the final output "
                f"repeats, and the run {what}",
            ),
        )
    return ranked(
        (
            *answered,
            agent_at(
                flow,
                final,
                0.3 if answered else 0.4,
                f"no agent uses tools; {flow.label(final)} produced the final output "
                f"and the run {what}",
            ),
        )
    )


ROUTED_CONFIDENCE = 0.7
"""The handoff that gave the work to an agent that could not call the tool: above a tool
user that never had it (0.5), below an agent asked about the tool (0.8)."""


def routed_away(flow: StepGraph, tool: str, what: str) -> Suspect | None:
    """Where the trace says which tools its agents were given (`metadata["tools"]` on agent
    steps): an agent that ran given `tool` (its last turn); else the last handoff to an agent
    given tools, none of them `tool`: that worker could not have made the call, so the
    decision to hand it the work is where the call was lost (a supervisor routing to the
    wrong worker). An agent that declares no tools (a supervisor that only hands off) is no
    worker; one that declares nothing may have any tool, so never counts as lacking it. A
    routing decision that records its candidates (`passed_over`) is judged by them: choosing
    an agent without the tool over one given it lost the call, whatever the chosen one has."""
    if not on("routed-away"):
        return None
    steps = flow.steps
    given: dict[str, set[str]] = {}
    for step in steps:
        tools = step.metadata.get("tools") if step.kind is StepKind.AGENT else None
        if isinstance(tools, list):
            given.setdefault(step.agent, set()).update(str(t) for t in tools)
    if not given:
        return None
    owners = sorted(a for a, tools in given.items() if tool in tools)
    if owners:  # it ran, given the tool: its own call to make
        last = flow.by_agent[owners[0]][-1]
        return agent_at(
            flow,
            last,
            ROUTED_CONFIDENCE,
            f"{owners[0]} was given {tool} (last turn at step {last}) and the run {what}",
        )
    for edge in reversed(flow.handoffs):
        sender, receiver = steps[edge.sender], steps[edge.receiver]
        passed = passed_over(sender, receiver.agent, tool)
        if passed is not None:  # the router's own decision: its step, not the handoff
            return agent_at(
                flow,
                edge.sender,
                ROUTED_CONFIDENCE,
                f"{flow.label(edge.sender)} chose {receiver.agent} (step {edge.receiver}) over "
                f"{passed}, who was given {tool}, and no agent that ran was given {tool}: the "
                f"run {what}",
            )
        tools = given.get(receiver.agent)
        if not tools or sender.kind is StepKind.TOOL:
            continue
        listed = ", ".join(sorted(tools)[:5]) + (", ..." if len(tools) > 5 else "")
        return handoff(
            flow,
            edge.sender,
            edge.receiver,
            ROUTED_CONFIDENCE,
            f"{flow.label(edge.sender)} handed the work to {receiver.agent} (step "
            f"{edge.receiver}), whose tools are {listed}, not {tool}, and no agent that ran "
            f"was given {tool}: the run {what}",
        )
    return None


def routing_choice(trace: Trace, index: int, tool: str) -> tuple[str, str] | None:
    """(chosen, passed over) when step `index` is a routing decision that records its
    candidates and handed work needing `tool` to an agent not given it over one given it:
    what the router's patch names. The chosen agent is the first candidate's step it fed.
    None when the tool was called, or the router was given it: then routing lost no call."""
    if not 0 <= index < len(trace.steps):
        return None
    step = trace.steps[index]
    candidates = step.metadata.get("candidates")
    given = step.metadata.get("tools")
    if not isinstance(candidates, Mapping) or (isinstance(given, list) and tool in given):
        return None
    if any(s.kind is StepKind.TOOL and s.name == tool for s in trace.steps):
        return None
    for later in trace.steps[index + 1 :]:
        if step.id in later.parents and later.agent != step.agent and later.agent in candidates:
            passed = passed_over(step, later.agent, tool)
            return None if passed is None else (later.agent, passed)
    return None


def passed_over(step: Step, chosen: str, tool: str) -> str | None:
    """The agent given `tool` that a routing decision passed over: `step` records the agents
    it chose among and their tools (`metadata["candidates"]`, e.g. AG2's speaker selection)
    and chose `chosen`, which was not given `tool`. None when it is no such decision."""
    candidates = step.metadata.get("candidates") if step.kind is StepKind.AGENT else None
    if not isinstance(candidates, Mapping) or not isinstance(candidates.get(chosen), list):
        return None
    if tool in candidates[chosen]:
        return None
    owners = sorted(
        str(name)
        for name, tools in candidates.items()
        if name != chosen and isinstance(tools, list) and tool in tools
    )
    return owners[0] if owners else None


def tool_order(flow: StepGraph, params: Mapping[str, Any]) -> tuple[Suspect, ...]:
    """The call that broke the required order, or the agent that skipped the next tool."""
    wanted = [str(t) for t in params.get("tools", []) if t is not None]
    made = flow.all_tool_steps
    position = 0
    last_match: int | None = None
    for index in made:
        if position < len(wanted) and flow.steps[index].name == wanted[position]:
            position += 1
            last_match = index
    if position >= len(wanted):
        return ()
    missing = wanted[position]
    early = [i for i in made if flow.steps[i].name == missing]
    if early:
        first = early[0]
        after = wanted[position - 1] if position else None
        reason = (
            f"{flow.steps[first].agent} called {missing} at step {first}, before {after} "
            f"(step {last_match}), breaking the order {' -> '.join(wanted)}"
            if after is not None and last_match is not None
            else f"{flow.steps[first].agent} called {missing} at step {first} out of order"
        )
        return (agent_at(flow, first, 0.9, reason),)
    if last_match is not None:
        after = f"called {wanted[position - 1]} but never {missing} after it"
        routed = routed_away(flow, missing, after)
        if routed is not None:
            return (routed,)
        return (
            agent_at(
                flow,
                last_match,
                0.7,
                f"{flow.steps[last_match].agent} called {wanted[position - 1]} at step "
                f"{last_match} but {missing} was never called after it",
            ),
        )
    return missing_call(flow, missing, f"never called {missing}")


def tool_succeeded(flow: StepGraph, params: Mapping[str, Any]) -> tuple[Suspect, ...]:
    """The tool itself, at its failing call; a missing call is the would-be caller's."""
    tool = str(params.get("tool", ""))
    made = calls(flow, tool)
    if not made:
        return missing_call(flow, tool, f"never called {tool}")
    failed = [i for i in made if failure(flow.steps[i])]
    if not failed:
        return ()
    pinned = made[-1] if made[-1] in failed else failed[0]
    how = "failed" if flow.steps[pinned].error is not None else "returned an error"
    said = (
        f"tool {tool} {how} at step {pinned} (called by {flow.steps[pinned].agent}): "
        f"{quote(failure(flow.steps[pinned]) or '')}"
    )
    wrong = _rejected_argument(flow, pinned)
    if wrong is None:
        return (at_step(flow, pinned, 0.9, said),)
    caller, value = wrong
    return (
        agent_at(
            flow,
            caller,
            0.9,
            f"{said}; the error rejects the argument {quote(value)}, which step {caller} "
            f"({flow.steps[caller].agent}) wrote and neither its input nor the task had",
        ),
        at_step(flow, pinned, 0.6, said),
    )


_rejection = compiled_on_use(
    r"^(?:ValueError|KeyError|LookupError|IndexError)\b|\b(?:unknown|invalid|not found|no such|"
    r"does not exist|doesn't exist|not a valid|unrecognized|unrecognised)\b",
    re.IGNORECASE,
)
"""An error that says the call's input was wrong, not that the tool or its service was."""


def _rejected_argument(flow: StepGraph, index: int) -> tuple[int, str] | None:
    """(author, value) when the failed call's error rejects an argument an agent made up: the
    error names the value and says it is wrong, the task does not have it, and the agent step
    that asked for the call wrote it, either first (its input lacked it) or copied from the
    earliest agent step upstream that wrote it without reading it. A fault is the tool's."""
    step = flow.steps[index]
    error = failure(step) or ""
    if not on("rejected-argument") or faulted(step) is not None or not _rejection().search(error):
        return None
    called = call_arguments(flow, index)
    if called is None:
        return None
    arguments, callers = called
    caller = flow.steps[max(callers)]
    asked, folded_error = flow.trace.input.casefold(), error.casefold()
    for value in arguments.values():
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            continue
        text = str(value).strip()
        folded = text.casefold()
        if (
            len(text) >= 3
            and folded in folded_error
            and folded not in asked
            and folded in caller.output[:_SCAN].casefold()
        ):
            author = made_up_by(flow, caller.index, folded)
            if author is not None:
                return author, text
    return None


def made_up_by(flow: StepGraph, caller: int, folded: str) -> int | None:
    """The step that made up `folded`: the caller when its input lacks it, else the earliest
    step upstream whose output has it, when that is an agent's and its own input lacks it."""
    if folded not in flow.steps[caller].input[-_SCAN:].casefold():
        return caller
    having = [
        a
        for a in sorted(flow.ancestors(caller))
        if folded in flow.steps[a].output[:_SCAN].casefold()
    ]
    if not having:
        return None
    first = flow.steps[having[0]]
    if (
        first.kind not in (StepKind.AGENT, StepKind.LLM)
        or folded in first.input[-_SCAN:].casefold()
    ):
        return None
    return first.index


def no_unsupported_claim(flow: StepGraph, params: Mapping[str, Any]) -> tuple[Suspect, ...]:
    """The agent that claimed success while the tool never succeeded."""
    tool = str(params.get("tool", ""))
    words = params.get("claims") or DEFAULT_CLAIMS
    claims = tuple(str(w) for w in words) if isinstance(words, Sequence) else DEFAULT_CLAIMS
    made = calls(flow, tool)
    succeeded = [i for i in made if not unbacked(flow.steps[i])]
    failed = [i for i in made if unbacked(flow.steps[i])]
    after = failed[0] if failed and not succeeded else -1
    final = flow.final_step
    if final is None:
        return ()
    speakers = sorted(
        i
        for i in flow.upstream_of_final
        if i > after and flow.steps[i].kind in (StepKind.AGENT, StepKind.LLM)
    )
    # A cheap scan first; then the evaluator's own claim finder on the few steps that hit,
    # so a negated claim ("not sent") is no claim here either.
    rough = re.compile(r"\b(?:" + "|".join(re.escape(w.casefold()) for w in claims) + r")\b")
    claims_made = (
        (i, find_claim(flow.steps[i].output, claims)) for i in speakers if rough.search(flow.out(i))
    )
    first, claim = next(((i, c) for i, c in claims_made if c is not None), (None, None))
    if first is None or claim is None:
        return ()
    said = quote(claim[0])
    basis = (
        f"after {tool} {_failure(flow, after)} at step {after}"
        if after >= 0
        else f"though {tool} was never called successfully"
    )
    if after >= 0 and faulted(flow.steps[after]):
        reader = fault_reader(flow, after)
        if (
            reader is not None
            and reader < first
            and reader in flow.upstream_of_final  # so it was searched, and made no claim
            and flow.steps[reader].agent != flow.steps[first].agent
        ):
            basis += (
                f"; {flow.label(reader)} read the fault's result without claiming success, "
                "so the failure was dropped after it"
            )
    return ranked(
        (
            at_step(flow, first, 0.9, f"{flow.label(first)} claimed {said} {basis}"),
            *(
                at_step(flow, f, 0.5, f"tool {tool} {_failure(flow, f)} at step {f}")
                for f in failed[:1]
            ),
        )
    )


def fault_reader(flow: StepGraph, tool_step: int) -> int | None:
    """The first agent or LLM step the tool step's result fed: the step that read it."""
    readers = [
        c for c in flow.children(tool_step) if flow.steps[c].kind in (StepKind.AGENT, StepKind.LLM)
    ]
    return min(readers) if readers else None


def _failure(flow: StepGraph, index: int) -> str:
    """How a call failed: `failed`, `returned the error '...'`, or `returned an injected empty
    result` and the like."""
    kind = faulted(flow.steps[index])
    if kind is None:
        reply = error_reply(flow.steps[index])
        return "failed" if reply is None else f"returned the error {quote(reply)}"
    if kind in ("error", "timeout"):
        return f"failed (injected {kind} fault)"
    return f"returned an injected {kind} result"


def _int(value: Any, default: int | None) -> int | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return default
    return int(value)


def call_arguments(flow: StepGraph, index: int) -> tuple[dict[str, Any], list[int]] | None:
    """(arguments, callers) of tool step `index`: its JSON object of arguments and the agent
    or LLM steps of its own agent that fed it; None when either is missing."""
    try:
        arguments = json.loads(flow.steps[index].input)
    except (ValueError, RecursionError):  # agent text: not JSON, or nested too deep
        return None
    agent = flow.steps[index].agent
    callers = [
        p
        for p in flow.parent_indexes[index]
        if flow.steps[p].agent == agent and flow.steps[p].kind in (StepKind.AGENT, StepKind.LLM)
    ]
    if not isinstance(arguments, dict) or not callers:
        return None
    return arguments, callers
