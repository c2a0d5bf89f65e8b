"""The blame engine: attribute a failed check to an agent, tool or handoff.

Attribution is information flow over the step graph, decided per failed check (DESIGN.md,
"The blame engine, in principle"). The rules are shared functions by family: `content`
(required content lost or never produced, forbidden content, wrong values), `tools` (tool
calls), `budget` (latency, cost, steps, steps that raised) and `provenance` (required content
nobody produced). Each check type (`blame.checks`) attributes its own failures by calling
them; a check type that defers gets the generic rule, and an explicit `agent_name` on a check
overrides inference. No evidence gives an empty tuple, never a guess.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from blame import checks
from blame.engine import budget
from blame.engine.suspects import at_step, distinct, ranked
from blame.errors import BlameError
from blame.graph import StepGraph
from blame.model import Check
from blame.results import Evaluation, Suspect
from blame.text import shorten

if TYPE_CHECKING:
    from blame.protocols import CheckType

__all__ = ["attribute", "attribute_check"]


def attribute(
    check: Check,
    evaluation: Evaluation,
    graph: StepGraph,
    check_type: CheckType | None = None,
    *,
    who: str | None = None,
) -> tuple[Suspect, ...]:
    """Ranked suspects for one failed check, best first; empty when unattributed.

    `check_type` defaults to blame's installed one for `check.type`; `who` names its plugin in
    messages when its `attribute` raises or returns something else (a PluginError).
    """
    if evaluation.ok:
        return ()
    found: tuple[Suspect, ...] | None = None
    check_type = check_type or _installed(check.type)
    if check_type is not None:
        own = checks.attribute(check_type, check, evaluation, graph, who=who)
        found = None if own is None else distinct(graph, own)
    if found is None:
        found = distinct(graph, _generic(graph, evaluation))
    if check.agent_name:
        found = _override(check.agent_name, found, graph)
    return found


def attribute_check(
    check: Check,
    evaluation: Evaluation,
    graph: StepGraph,
    check_type: CheckType | None,
    who: str,
) -> tuple[tuple[Suspect, ...], str | None, str]:
    """The engine's suspects for one failed check; the check's error when attributing raised
    (a check type's `attribute`, or a bug in a shared rule: this check errors, not the run);
    and, when nobody is blamed because a pattern's search timed out, why ("" otherwise).
    `who` names the check type's plugin (the engine, when there is no check type)."""
    mark = graph.regex_mark()  # an earlier check's stops are not this one's
    try:
        found = attribute(check, evaluation, graph, check_type, who=who)
    except BlameError as error:
        return (), error.format(), ""
    except Exception as error:
        return (
            (),
            (
                f"check {check.name}: attributing the failure raised in {who}: "
                f"{type(error).__name__}: {error}"
            ),
            "",
        )
    stopped = graph.regex_stops_since(mark)
    if found or not stopped:
        return found, None, ""
    why = (
        f"unattributed: regex {shorten(stopped[0], 60)!r} timed out searching the steps' texts, "
        "so where the match was lost is unknown; a simpler pattern (no nested repeats) can be "
        "traced"
    )
    return found, None, why


def _installed(name: str) -> CheckType | None:
    """The installed check type named `name`; None when none is, or it does not load."""
    from blame.context import RunContext
    from blame.errors import PluginError

    try:
        return checks.lookup(RunContext(), name)
    except PluginError:
        return None


def _generic(flow: StepGraph, evaluation: Evaluation) -> tuple[Suspect, ...]:
    """A check type without its own rule: a step that raised, else the step its evaluation
    points at (`evidence["step_index"]`), else none."""
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
