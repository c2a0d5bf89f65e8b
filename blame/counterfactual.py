"""The counterfactual of a suspect: its step's output as it should have been, given what the
step received, built from the check and the evidence alone (deterministic, no model).

Dropped content is restored into the step's output, forbidden content removed from it, a
handoff delivers what the sender produced, a failing tool returns a stub success (the one
blame.yaml declares for it, `tools.<name>.stub`), and a false success claim is replaced by
the tool's error. Each only where the step itself went wrong on its own inputs: a step never
given a value that existed upstream keeps its output (it could not have passed the value on),
as does a step that only passed on forbidden content or a claim it was given. Re-running with
its output unchanged then refutes it, unlike an override that would make any step near the
end "confirm" by writing the answer itself. A check with no such change (budgets, tool calls
that would have to be added, a pattern that names no value, plugins) has none: its suspects
cannot be confirmed by a re-run, and the reason says, per check type, what passing would take.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from blame.engine.claims import DEFAULT_CLAIMS, find_claim
from blame.frozen import dataclass
from blame.model import Check, Step, StepKind, Trace
from blame.rerun import Edit, Override, edited
from blame.results import Suspect
from blame.text import RegexTimeoutError, safe_search, shorten
from blame.text import repr_quote as shown

_CLAUSE_END = re.compile(r"[\n;.!?]")
"""Where a clause of text ends."""
STUB_SUCCESS = "{tool}: ok"
"""What a failing tool returns in the counterfactual run unless blame.yaml declares its stub
success (`tools.<name>.stub`)."""


@dataclass(frozen=True, slots=True)
class Counterfactual:
    """The one change to re-run with, and what it is in words."""

    override: Override
    """The step whose output changes, and its new output."""
    change: str
    """The change for a person: "restore 'X' into step 2's output (CoderAgent)"."""
    hint: str = ""
    """Said after the change when the re-run ran: how to make it tell more (a stub to declare);
    nothing to act on when the step could not be re-run at all."""


@dataclass(frozen=True, slots=True)
class NoCounterfactual:
    """Why a suspect has no counterfactual."""

    why: str
    """One sentence."""


def build(
    check: Check, suspect: Suspect, trace: Trace, *, stubs: Mapping[str, str] | None = None
) -> Counterfactual | NoCounterfactual:
    """The counterfactual for `suspect` of the failed `check` on `trace`; `stubs` are the
    stub successes declared for tools by name (`tools.<name>.stub`)."""
    index = suspect.step_index
    if index is None or not 0 <= index < len(trace.steps):
        return NoCounterfactual("the suspect is not pinned on a step")
    step = trace.steps[index]
    value = check.params.get("value")
    sensitive = check.params.get("case_sensitive", True) is not False
    if check.type in ("contains", "exact_match") and value is not None:
        return _required(check, suspect, step, str(value), sensitive, trace)
    if check.type == "regex" and value is not None:
        matched = _matched_before(str(value), check.params.get("ignore_case") is True, step, trace)
        if matched is not None:
            return _required(check, suspect, step, matched, True, trace, f" (matching /{value}/)")
    if check.type == "not_contains" and value is not None:
        if _has(step.input, str(value), sensitive):
            return _unchanged(step, f"was given {shown(str(value))}: it did not introduce it")
        return _remove(check, step, str(value))
    if check.type == "tool_succeeded" and step.kind is StepKind.TOOL and step.failed:
        return _stub(step, (stubs or {}).get(step.name))
    if check.type == "no_unsupported_claim" and step.kind is not StepKind.TOOL:
        if _copied_claim(step, check.params.get("claims") or DEFAULT_CLAIMS):
            return _unchanged(step, "was given the claim it passed on")
        return _unclaim(check, step, trace)
    return NoCounterfactual(_why_none(check, step, trace))


BUILT = (
    "contains",
    "exact_match",
    "not_contains",
    "regex",
    "tool_succeeded",
    "no_unsupported_claim",
)
"""The check types whose failures have a single-step counterfactual."""
NONE = "no single-step counterfactual: "
"""How the reason of a suspect without one starts."""
_STRUCTURE = "which changes which steps run, not one step's output"


def _why_none(check: Check, step: Step, trace: Trace) -> str:
    """Why this failure has no single-step counterfactual, per check type: the change that
    would make the check pass, and why blame does not build it (one sentence)."""
    tool = str(check.params.get("tool", ""))
    kind = check.type
    if kind == "regex":
        why = (
            f"no text matching the regex was given to step {step.index} or produced before it, "
            "and blame would have to invent one; check for the expected text with contains or "
            "exact_match to have the suspects put to the test"
        )
    elif kind == "tool_called":
        made = sum(1 for s in trace.steps if s.kind is StepKind.TOOL and s.name == tool)
        high = check.params.get("max")
        change = (
            f"take calls of {tool} out of"
            if high is not None and made > int(high)
            else f"add a call of {tool} to"
        )
        why = f"passing tool_called would {change} the run, {_STRUCTURE}"
    elif kind == "tool_not_called":
        why = f"passing tool_not_called would take the call of {tool} out of the run, {_STRUCTURE}"
    elif kind == "tool_order":
        why = f"passing tool_order would reorder the run's tool calls, {_STRUCTURE}"
    elif kind == "tool_succeeded":
        why = (
            f"{tool} was never called, and passing would add a call of it to the run, {_STRUCTURE}"
        )
    elif kind == "no_unsupported_claim":
        why = (
            f"step {step.index} ({step.name}) is not the claim: a stub success for it would make "
            "the claim true rather than show who made it; the claiming step gets the "
            "counterfactual (the tool's error instead of the claim)"
        )
    elif kind in ("max_latency", "max_cost"):
        what = "time" if kind == "max_latency" else "cost"
        why = (
            f"{kind} is a budget, and a step's {what} is measured, not written in its output, "
            f"so no change of an output lowers it; cut the {what} of the step blamed and run "
            "the test again"
        )
    elif kind == "max_steps":
        why = f"max_steps is a budget, and passing would cut steps out of the run, {_STRUCTURE}"
    elif kind in ("python_import_check", "unit_tests"):
        why = (
            f"{kind} judges code by running it, and passing would take working code, which "
            "blame does not write; try a prompt patch with `blame improve --verify`"
        )
    else:
        why = (
            f"{kind} is not a built-in check type, and blame builds counterfactuals only for "
            + ", ".join(BUILT)
        )
    return NONE + why


def _given(step: Step, suspect: Suspect, value: str, sensitive: bool, trace: Trace) -> bool:
    """Whether the step was given `value`, as the engine reads the graph: in its input, or in
    the output of a parent that fed it (an edge is a feed). A parent of another agent whose
    output the step's recorded input lacks lost it on the way: that handoff was given it, the
    step was not."""
    if _has(step.input, value, sensitive):
        return True
    return any(
        _has(parent.output, value, sensitive)
        and (suspect.kind == "handoff" or not step.input or parent.agent == step.agent)
        for parent in map(trace.step, step.parents)
    )


def _stub(step: Step, declared: str | None) -> Counterfactual:
    """The failing tool call returns a success: the one declared for the tool, else a plain
    one, with where to declare it."""
    output = STUB_SUCCESS.format(tool=step.name) if declared is None else declared
    whose = "a stub success" if declared is None else "its declared stub success"
    return Counterfactual(
        Override(step.index, output, edit=Edit("replace", output)),
        f"{step.name} returns {whose} ({shown(shorten(output, 80))}) at step {step.index}",
        f"; declare what it returns in tools.{step.name}.stub" if declared is None else "",
    )


def _copied_claim(step: Step, words: tuple[str, ...]) -> bool:
    """Whether the clause of the step's output that claims success is in its input word for
    word (passed on, not made): a conversation's input holds other claims ("Successfully
    transferred") that the step did not copy."""
    found = find_claim(step.output, words)
    if found is None:
        return False
    at = found[1]
    starts = [m.end() for m in _CLAUSE_END.finditer(step.output, 0, at)]
    after = _CLAUSE_END.search(step.output, at)
    clause = step.output[starts[-1] if starts else 0 : after.start() if after else None].strip()
    return bool(clause) and clause in step.input


def _has(text: str, value: str, sensitive: bool) -> bool:
    return value in text if sensitive else value.casefold() in text.casefold()


def _unchanged(step: Step, why: str) -> Counterfactual:
    """The step did its part on what it was given: the re-run keeps its output."""
    return Counterfactual(
        Override(step.index, step.output, step.error, Edit("keep", "")),
        f"step {step.index} ({step.name}) {why}, so its output stays as it was",
    )


def _required(
    check: Check,
    suspect: Suspect,
    step: Step,
    value: str,
    sensitive: bool,
    trace: Trace,
    matching: str = "",
) -> Counterfactual:
    """Required content (`value`; for a regex, the text that matched it upstream, described
    by `matching`) restored into the step's output, unless it existed but never reached it."""
    given = _given(step, suspect, value, sensitive, trace)
    earlier = any(_has(s.output, value, sensitive) for s in trace.steps[: step.index])
    if not given and earlier:  # it existed, but never reached this step
        return _unchanged(step, f"was never given {shown(value)}{matching}")
    whole = check.type == "exact_match" and step.output == trace.final_output
    edit = Edit("replace" if whole else "add", value)
    what = f"{suspect.name} delivers" if suspect.kind == "handoff" else "restore"
    return Counterfactual(
        Override(step.index, edited(step.output, edit), edit=edit),
        f"{what} {shown(value)}{matching} into step {step.index}'s output ({step.name})",
    )


def _matched_before(pattern: str, ignore_case: bool, step: Step, trace: Trace) -> str | None:
    """The text matching a regex that the step was given, or that a step before it produced
    (the nearest first): the content a regex check requires, as the run had it. None when
    nothing before the step matched (or a search hit its limit): blame invents no text."""
    texts = [step.input, *(trace.step(p).output for p in step.parents)]
    texts += [s.output for s in reversed(trace.steps[: step.index])]
    for text in texts:
        try:
            found = safe_search(pattern, text, ignore_case=ignore_case)
        except (RegexTimeoutError, ValueError):
            return None
        if found is not None and found.text:
            return found.text
    return None


def _remove(check: Check, step: Step, value: str) -> Counterfactual:
    """Forbidden content cut out of the step's output."""
    edit = Edit("remove", value, check.params.get("case_sensitive", True) is not False)
    return Counterfactual(
        Override(step.index, edited(step.output, edit), step.error, edit),
        f"remove {shown(value)} from step {step.index}'s output ({step.name})",
    )


def _unclaim(check: Check, step: Step, trace: Trace) -> Counterfactual:
    """The claiming step says what the tool did instead: its error, or that it was not called."""
    tool = str(check.params.get("tool", ""))
    failures = [s for s in trace.steps if s.kind is StepKind.TOOL and s.name == tool and s.failed]
    output = f"{tool} failed: {failures[-1].error}" if failures else f"{tool} was not called"
    return Counterfactual(
        Override(step.index, output, step.error, Edit("replace", output)),
        f"step {step.index} ({step.name}) reports {shown(shorten(output, 80))} instead of "
        "claiming success",
    )
