"""Deterministic prompt patches for culprits.

A failed check whose top suspect is known becomes one instruction for the prompt of the agent
that has to change: a handoff `"A -> B"` is fixed in the sender A's prompt, a tool's failure in
its caller's prompt, an agent's own failure in its own prompt. Instructions are grouped by that
agent, de-duplicated and sorted, so the same failures always give byte-identical patches; no
timestamps, no randomness, no LLM.

Phrasing comes, in order of precedence, from a suggester registered for the check type (the
`patch_suggester` decorator, or a plugin's `blame.patches` entry point), from the evaluator's own
`patch(check, suspect)` method, and last from the built-in phrasing below. Every value quoted
into an instruction is bounded and escaped: agent output and trace names are untrusted text, and
an instruction must stay one printable line so it cannot break a diff, a prompt or Markdown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from blame.errors import BlameError, PluginError
from blame.model import Check, CheckResult, Patch, Step, StepKind, Suspect, Trace
from blame.text import clean, quote

if TYPE_CHECKING:
    from blame.context import RunContext

SuggestFn = Callable[[Check, CheckResult, Suspect], "str | None"]
"""Phrases one instruction for a culprit, or returns None to defer to the next phrasing."""

F = TypeVar("F", bound=SuggestFn)

INSTRUCTION_LIMIT = 400
"""Longest single instruction (a plugin's phrasing included)."""

_SUGGESTERS: dict[str, SuggestFn] = {}


def patch_suggester(check_type: str, *, replace: bool = False) -> Callable[[F], F]:
    """Decorator: phrase patches for `check_type` with `fn(check, result, suspect)`.

    Registering a second function for the same type is an error (two plugins disagreeing on
    phrasing should not be settled by import order) unless `replace=True`. (To register a
    `PatchSuggester` object instead, use a `blame.patches` entry point or a local plugin.)
    """

    def decorate(fn: F) -> F:
        existing = _SUGGESTERS.get(check_type)
        if existing is not None and existing is not fn and not replace:
            raise PluginError(
                f"a patch suggester for check type {check_type!r} is already registered "
                f"({_qualname(existing)}); {_qualname(fn)} would replace it",
                field="patch_suggester",
                hint="pass replace=True to replace it on purpose",
            )
        _SUGGESTERS[check_type] = fn
        return fn

    return decorate


def unregister_patch_suggester(check_type: str) -> None:
    """Forget the suggester registered for `check_type` (for tests and reloads)."""
    _SUGGESTERS.pop(check_type, None)


def suggest_patches(
    failures: Sequence[tuple[Check, CheckResult]],
    trace: Trace | None = None,
    *,
    evaluators: Mapping[str, Any] | None = None,
    context: RunContext | None = None,
) -> tuple[Patch, ...]:
    """One patch per culprit, sorted by target; same failures, same bytes.

    `failures` pairs each failed check with its result; only the top suspect of each result is
    patched (an unattributed failure gets no patch rather than a guess). `trace` sharpens the
    phrasing (was the content in the culprit's input? did the step raise?). `evaluators` maps
    check types to evaluator objects whose optional `patch` method phrases their own patches;
    by default they come from the run context's plugins (a new context when not given).
    """
    if context is None:
        from blame.context import RunContext

        context = RunContext()
    lines: dict[str, set[str]] = {}
    for check, result in failures:
        if result.passed or not result.blame:
            continue
        suspect = result.blame[0]
        target = patch_target(suspect)
        if not target:
            continue
        for instruction in _instructions(check, result, suspect, trace, evaluators, context):
            lines.setdefault(target, set()).add(instruction)
    return tuple(
        Patch(target=target, text="\n".join(f"- {line}" for line in sorted(lines[target])))
        for target in sorted(lines)
    )


def patch_target(suspect: Suspect) -> str:
    """The agent whose prompt changes: a handoff's sender, a tool's caller, else the agent."""
    if suspect.kind == "handoff":
        return handoff_ends(suspect)[0]
    if suspect.kind == "tool":
        return suspect.agent
    return suspect.name or suspect.agent


def handoff_ends(suspect: Suspect) -> tuple[str, str]:
    """(sender, receiver) of a handoff suspect."""
    return suspect.sender or "", suspect.receiver or suspect.agent


def _qualname(obj: Any) -> str:
    module = getattr(obj, "__module__", None) or type(obj).__module__
    name = getattr(obj, "__qualname__", None) or type(obj).__qualname__
    return f"{module}.{name}"


def _instructions(
    check: Check,
    result: CheckResult,
    suspect: Suspect,
    trace: Trace | None,
    evaluators: Mapping[str, Any] | None,
    context: RunContext,
) -> list[str]:
    """The culprit's instructions for one failed check (plus one about a step that raised)."""
    ctx = _Context.of(suspect, trace)
    custom = _custom_phrasing(check, result, suspect, evaluators, context)
    found = [custom] if custom else [_builtin(check, suspect, ctx)]
    if ctx.step is not None and ctx.step.failed and check.type not in _ERROR_AWARE:
        found.append(_error_instruction(suspect))
    return found


def _custom_phrasing(
    check: Check,
    result: CheckResult,
    suspect: Suspect,
    evaluators: Mapping[str, Any] | None,
    context: RunContext,
) -> str | None:
    """A registered or plugin suggester's phrasing, else the evaluator's `patch` method's."""
    from blame.plugincalls import call_patch, call_suggest

    registered = _SUGGESTERS.get(check.type)
    if registered is not None:
        line = _checked(_call_registered(registered, check, result, suspect), registered, check)
        if line:
            return line
    suggester = context.patch_suggester(check.type)
    if suggester is not None:
        who = context.describe(suggester)
        line = _checked(call_suggest(suggester, check, result, suspect, who=who), suggester, check)
        if line:
            return line
    evaluator = _evaluator(check.type, evaluators, context)
    if evaluator is not None:
        text = call_patch(evaluator, check, suspect, who=context.describe(evaluator))
        return _checked(text, evaluator, check)
    return None


def _call_registered(fn: SuggestFn, check: Check, result: CheckResult, suspect: Suspect) -> Any:
    try:
        return fn(check, result, suspect)
    except BlameError:
        raise
    except Exception as error:  # suggester code can raise anything; blame must not crash
        raise PluginError(
            f"phrasing a patch for check {check.name!r} raised {type(error).__name__}: {error}",
            field=f"patch suggester {_qualname(fn)}",
            hint="fix the suggester, or unregister it to use blame's own phrasing",
        ) from None


def _checked(text: Any, owner: Any, check: Check) -> str | None:
    """One safe line from a suggester's answer; None (or a blank answer) defers."""
    if text is None:
        return None
    if not isinstance(text, str):
        raise PluginError(
            f"returned {type(text).__name__} for check {check.name!r}, expected str or None",
            field=f"patch suggester {_qualname(owner)}",
        )
    return safe_instruction(text) or None


def _evaluator(check_type: str, evaluators: Mapping[str, Any] | None, context: RunContext) -> Any:
    """The check type's evaluator, if one is registered and loads."""
    if evaluators is not None:
        return evaluators.get(check_type)
    if check_type not in context.check_type_names():
        return None
    try:
        return context.check_type(check_type)
    except PluginError:  # already reported as the check's error when it was evaluated
        return None


def safe_instruction(text: str) -> str:
    """Untrusted phrasing made safe: one printable line, leading bullets dropped, bounded."""
    line = clean(text, INSTRUCTION_LIMIT)
    while line[:1] in ("-", "*") and line[1:2] in ("", " "):
        line = line[1:].lstrip()
    return line


@dataclass(frozen=True, slots=True)
class _Context:
    """What the trace says about the step a suspect is pinned on."""

    step: Step | None
    """The pinned step, when the trace has it."""
    trace: Trace | None
    """The whole run, when known."""

    @classmethod
    def of(cls, suspect: Suspect, trace: Trace | None) -> _Context:
        step = None
        index = suspect.step_index
        if trace is not None and index is not None and 0 <= index < len(trace.steps):
            step = trace.steps[index]
        return cls(step=step, trace=trace)

    def received(self, value: str) -> bool | None:
        """Whether the pinned step's input held `value` (None: unknown)."""
        if self.step is None or not value:
            return None
        return value.casefold() in self.step.input.casefold()

    def recased(self, value: str) -> bool:
        """Whether the pinned step wrote `value` only in another letter case."""
        if self.step is None or not value:
            return False
        output = self.step.output
        return value not in output and value.casefold() in output.casefold()

    def tool_calls(self, tool: str) -> int | None:
        """How many times the tool was called in the run (None: unknown)."""
        if self.trace is None:
            return None
        return sum(1 for s in self.trace.steps if s.kind is StepKind.TOOL and s.name == tool)


def _builtin(check: Check, suspect: Suspect, ctx: _Context) -> str:
    """blame's own phrasing for a check type and culprit kind."""
    phrase = _BUILTIN.get(check.type, _generic)
    return phrase(check, suspect, ctx)


def _param(check: Check, key: str) -> str:
    value = check.params.get(key)
    return "" if value is None else str(value)


def _handing_off(suspect: Suspect) -> str:
    return f"When handing off to {clean(handoff_ends(suspect)[1])}"


def _contains(check: Check, suspect: Suspect, ctx: _Context) -> str:
    value = _param(check, "value")
    if suspect.kind == "handoff":
        return f"{_handing_off(suspect)}, include {quote(value)} in what you pass on."
    if suspect.kind == "tool":
        return (
            f"When {clean(suspect.name)} returns {quote(value)}, keep it in your output; "
            f"if it does not, say that it is missing."
        )
    exactly = ""
    if check.params.get("case_sensitive", True) and ctx.recased(value):
        exactly = ", with the same capitalisation"
    if ctx.received(value):
        return f"Keep {quote(value)} from your input in your output{exactly}."
    return f"Always include {quote(value)} in your output{exactly}."


def _not_contains(check: Check, suspect: Suspect, ctx: _Context) -> str:
    value = quote(_param(check, "value"))
    if suspect.kind == "handoff":
        return f"{_handing_off(suspect)}, never pass on {value}."
    if suspect.kind == "tool":
        return (
            f"Never copy {value} from the output of {clean(suspect.name)} into yours; "
            f"remove it before you answer."
        )
    return f"Never include {value} in your output."


def _regex(check: Check, suspect: Suspect, ctx: _Context) -> str:
    pattern = quote(_param(check, "value"))
    if suspect.kind == "handoff":
        return f"{_handing_off(suspect)}, include the text that matches the pattern {pattern}."
    if suspect.kind == "tool":
        return (
            f"Keep the text from {clean(suspect.name)} that matches the pattern {pattern} "
            f"in your output."
        )
    return f"Your output must contain text matching the pattern {pattern}; keep such text."


def _exact_match(check: Check, suspect: Suspect, ctx: _Context) -> str:
    value = _param(check, "value")
    if suspect.kind == "handoff":
        return f"{_handing_off(suspect)}, pass on {quote(value)} exactly, unchanged."
    if suspect.kind == "tool":
        return f"Use the result of {clean(suspect.name)} exactly; never alter {quote(value)}."
    if ctx.received(value):
        return f"Pass on {quote(value)} exactly as you received it; never change or replace it."
    return f"Your output must be exactly {quote(value)}, with nothing added."


def _max_latency(check: Check, suspect: Suspect, ctx: _Context) -> str:
    seconds = _param(check, "seconds")
    if suspect.kind == "tool":
        return (
            f"Call {clean(suspect.name)} only when you need its result and reuse it; "
            f"the whole run must finish within {seconds} s."
        )
    return (
        f"Be brief and avoid unnecessary steps or retries: the whole run must finish "
        f"within {seconds} s."
    )


def _max_cost(check: Check, suspect: Suspect, ctx: _Context) -> str:
    usd = _param(check, "usd")
    if suspect.kind == "tool":
        return (
            f"Call {clean(suspect.name)} only when you need its result and never repeat the "
            f"same call; the whole run must cost at most ${usd}."
        )
    return (
        f"Keep responses concise and avoid repeated calls: the whole run must cost at most ${usd}."
    )


def _max_steps(check: Check, suspect: Suspect, ctx: _Context) -> str:
    limit = _param(check, "max")
    if suspect.kind == "tool":
        return (
            f"Do not call {clean(suspect.name)} again with the same arguments; reuse its "
            f"earlier result. The whole run must take at most {limit} steps."
        )
    return (
        f"Do not loop: once you have what you need, answer instead of repeating a step. "
        f"The whole run must take at most {limit} steps."
    )


def _tool_called(check: Check, suspect: Suspect, ctx: _Context) -> str:
    tool = clean(_param(check, "tool"))
    low, high = check.params.get("min"), check.params.get("max")
    calls = ctx.tool_calls(_param(check, "tool"))
    if high is not None and calls is not None and calls > int(high):
        return f"Call {tool} at most {high} time(s); reuse its result instead of calling again."
    if low is not None and int(low) > 1:
        return f"Call {tool} at least {low} times before you answer."
    return f"Call {tool} before you answer; do not answer from memory."


def _tool_not_called(check: Check, suspect: Suspect, ctx: _Context) -> str:
    return f"Never call {clean(_param(check, 'tool'))}."


def _tool_order(check: Check, suspect: Suspect, ctx: _Context) -> str:
    tools = check.params.get("tools") or []
    names = [clean(t) for t in tools] if isinstance(tools, (list, tuple)) else [clean(tools)]
    return f"Call the tools in this order: {', then '.join(names)}."


def _tool_failure(check: Check, suspect: Suspect, ctx: _Context) -> str:
    tool = clean(_param(check, "tool") or suspect.name)
    return f"If {tool} fails, report the failure; never claim success."


def _unsupported_claim(check: Check, suspect: Suspect, ctx: _Context) -> str:
    tool = clean(_param(check, "tool") or suspect.name)
    claims = check.params.get("claims")
    words = (
        ", ".join(quote(c, 30) for c in claims[:6])
        if isinstance(claims, (list, tuple)) and claims
        else "done, confirmed, booked or sent"
    )
    return (
        f"Never claim success ({words}) unless {tool} was called and succeeded; "
        f"if it failed or was not called, say so."
    )


def _python_import_check(check: Check, suspect: Suspect, ctx: _Context) -> str:
    return "Return code that imports without errors: declare every import and name you use."


def _unit_tests(check: Check, suspect: Suspect, ctx: _Context) -> str:
    return "Return code that passes the unit tests; check edge cases before you answer."


def _generic(check: Check, suspect: Suspect, ctx: _Context) -> str:
    name = quote(check.name, 60)
    if suspect.kind == "handoff":
        return f"{_handing_off(suspect)}, pass on what is needed to satisfy the check {name}."
    if suspect.kind == "tool":
        return f"Check the result of {clean(suspect.name)} so the check {name} passes."
    return f"Make sure your output satisfies the check {name}."


def _error_instruction(suspect: Suspect) -> str:
    if suspect.kind == "tool":
        return f"If {clean(suspect.name)} fails, report the failure; never claim success."
    return "If a step fails, report the error clearly instead of carrying on as if it worked."


_BUILTIN: dict[str, Callable[[Check, Suspect, _Context], str]] = {
    "contains": _contains,
    "not_contains": _not_contains,
    "regex": _regex,
    "exact_match": _exact_match,
    "max_latency": _max_latency,
    "max_cost": _max_cost,
    "max_steps": _max_steps,
    "tool_called": _tool_called,
    "tool_not_called": _tool_not_called,
    "tool_order": _tool_order,
    "tool_succeeded": _tool_failure,
    "no_unsupported_claim": _unsupported_claim,
    "python_import_check": _python_import_check,
    "unit_tests": _unit_tests,
}

_ERROR_AWARE = frozenset({"tool_succeeded", "no_unsupported_claim"})
"""Check types whose phrasing already covers a failed step."""
