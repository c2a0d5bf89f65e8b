"""The blame engine: attribute a failed check to an agent, tool or handoff.

Attribution is information flow over the step graph, decided per failed check (DESIGN.md,
"The blame engine, in principle"). Each built-in check type has a rule module:
`content` (contains, not_contains, regex, exact_match), `tools` (tool checks), `budget`
(latency, cost, steps, exceptions) and `provenance` (required content nobody produced).
An evaluator with its own `attribute` method decides for its check type; an explicit
`agent_name` on a check overrides inference. No evidence gives an empty tuple, never a guess.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from blame.engine import budget, content, tools
from blame.engine.matching import Matcher, case_blind, literal, regex
from blame.engine.provenance import never_produced
from blame.engine.suspects import at_step, ranked
from blame.graph import StepGraph
from blame.model import Check, Evaluation, Suspect
from blame.protocols import Evaluator
from blame.text import pattern_error

__all__ = ["attribute"]


def attribute(
    check: Check,
    evaluation: Evaluation,
    graph: StepGraph,
    evaluator: Evaluator | None = None,
    *,
    who: str | None = None,
) -> tuple[Suspect, ...]:
    """Ranked suspects for one failed check, best first; empty when unattributed.

    `who` names the evaluator's plugin in messages when its own `attribute` misbehaves.
    """
    if evaluation.ok:
        return ()
    found = _plugin(check, evaluation, graph, evaluator, who)
    if found is None:
        found = _infer(check, evaluation, graph)
    if check.agent_name:
        found = _override(check.agent_name, found, graph)
    return found


def _plugin(
    check: Check,
    evaluation: Evaluation,
    graph: StepGraph,
    evaluator: Evaluator | None,
    who: str | None,
) -> tuple[Suspect, ...] | None:
    if evaluator is None or not callable(getattr(evaluator, "attribute", None)):
        return None
    from blame.plugincalls import call_attribute

    # call_attribute names the plugin when it raises or returns something that is not suspects.
    result = call_attribute(evaluator, check, evaluation, graph, who=who)
    return None if result is None else ranked(result)


def _infer(check: Check, evaluation: Evaluation, flow: StepGraph) -> tuple[Suspect, ...]:
    params = check.params
    kind = check.type
    if kind in ("contains", "regex", "exact_match", "not_contains"):
        matchers = _matchers(kind, params)
        if not matchers:
            return ()
        if kind == "not_contains":
            present = [m for m in matchers if m.in_final(flow)]
            return ranked(s for m in present or matchers for s in content.forbidden(flow, m))
        if kind == "exact_match":
            return content.wrong_value(flow, matchers[0], flow.final_output)
        missing = [m for m in matchers if not m.in_final(flow)]
        return ranked(s for m in missing or matchers for s in _contained(flow, m))
    rule = _RULES.get(kind)
    if rule is not None:
        return rule(flow, params)
    return _generic(flow, evaluation)


def _required(flow: StepGraph, matcher: Matcher) -> tuple[Suspect, ...]:
    """Who lost or never produced the content; nothing when a pattern's search timed out.

    A timed-out search found nothing, which is not evidence that nothing was there: naming
    the final agent for "never produced" would be a guess dressed as a finding.
    """
    found = content.required(flow, matcher)
    return () if matcher.timed_out(flow) else found


def _contained(flow: StepGraph, matcher: Matcher) -> tuple[Suspect, ...]:
    """Required content: who changed its case, when the final output has it only that way
    (a case-sensitive check), else who lost or never produced it."""
    if matcher.case_sensitive and matcher.needle is not None:
        blind = case_blind(matcher)
        if blind.in_final(flow):
            recased = content.recased(flow, matcher.needle, blind)
            if recased:
                return recased
    return _required(flow, matcher)


def _matchers(kind: str, params: Mapping[str, Any]) -> list[Matcher]:
    value = params.get("value")
    values = value if isinstance(value, list) else [value]
    texts = [str(v) for v in values if v is not None and str(v) != ""]
    if kind == "regex":
        fold = params.get("ignore_case") is True
        return [regex(t, fold) for t in texts if pattern_error(t) is None]
    # contains, not_contains and exact_match compare as written unless told otherwise
    case_sensitive = params.get("case_sensitive", True) is not False
    return [literal(t, case_sensitive=case_sensitive) for t in texts]


def _generic(flow: StepGraph, evaluation: Evaluation) -> tuple[Suspect, ...]:
    """Other check types: a step that raised, else the step the evaluator pointed at, else none."""
    found = budget.raised(flow)
    if found:
        return found
    pointed = evaluation.evidence.get("step_index")
    if (
        isinstance(pointed, int)
        and not isinstance(pointed, bool)
        and 0 <= pointed < len(flow.steps)
    ):
        return (at_step(flow, pointed, 0.6, f"the evaluator points at {flow.label(pointed)}"),)
    return ()


def _code(flow: StepGraph, params: Mapping[str, Any]) -> tuple[Suspect, ...]:
    """Checks on the final output as code: a step that raised, else whoever wrote the output."""
    return budget.raised(flow) or never_produced(flow, "working code")


def _override(name: str, found: tuple[Suspect, ...], flow: StepGraph) -> tuple[Suspect, ...]:
    """`agent_name` names the culprit; a name the trace never mentions is reported, not used."""
    mine = [s.index for s in flow.steps if s.agent == name]
    if not mine:
        agents = ", ".join(dict.fromkeys(s.agent for s in flow.steps)) or "none"
        note = f"the check's agent_name {name!r} never appears in this trace (agents: {agents})"
        if not found:
            return (Suspect("agent", name, name, None, 0.3, note),)
        top = found[0]
        first = replace(top, reason=f"{top.reason}; {note}")
        return (first, *found[1:])
    pinned = next((s.step_index for s in found if s.agent == name), None)
    if pinned is None:
        upstream = [i for i in mine if i in flow.upstream_of_final]
        pinned = (upstream or mine)[-1]
    inferred = f"; inference had {found[0].name} at step {found[0].step_index}" if found else ""
    named = Suspect(
        "agent",
        name,
        name,
        pinned,
        1.0,
        f"the check names {name} as responsible (its step {pinned}){inferred}",
    )
    return ranked((named, *found))


def _latency(flow: StepGraph, params: Mapping[str, Any]) -> tuple[Suspect, ...]:
    return budget.latency(flow)


def _cost(flow: StepGraph, params: Mapping[str, Any]) -> tuple[Suspect, ...]:
    return budget.cost(flow)


def _steps(flow: StepGraph, params: Mapping[str, Any]) -> tuple[Suspect, ...]:
    return budget.loop(flow)


Rule = Callable[[StepGraph, Mapping[str, Any]], tuple[Suspect, ...]]

_RULES: dict[str, Rule] = {
    "max_latency": _latency,
    "max_cost": _cost,
    "max_steps": _steps,
    "python_import_check": _code,
    "unit_tests": _code,
    "tool_called": tools.tool_called,
    "tool_not_called": tools.tool_not_called,
    "tool_order": tools.tool_order,
    "tool_succeeded": tools.tool_succeeded,
    "no_unsupported_claim": tools.no_unsupported_claim,
}
