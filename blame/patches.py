"""Deterministic prompt patches for culprits.

A failed check whose top suspect is known becomes one instruction for the prompt of the agent
that has to change: a handoff `"A -> B"` is fixed in the sender A's prompt, a tool's failure in
its caller's prompt, an agent's own failure in its own prompt. Instructions are grouped by that
agent, de-duplicated and sorted, so the same failures always give byte-identical patches; no
timestamps, no randomness, no LLM.

Each check type phrases its own instruction (`CheckType.patch`), with the helpers below for
quoting values and reading the culprit's step; a check type without a phrasing for a culprit
gets the generic one. Every instruction is bounded and escaped: agent output and trace names
are untrusted text, and an instruction must stay one printable line so it cannot break a diff,
a prompt or Markdown.

No prompt acts on some culprits: routing code built a handoff's input (`on_edge`), or code wrote
a step's output without an LLM call (`by_code`: a guardrail function, a tool whose result is
the answer). Their patch targets that code, is said of it, and is marked `Patch.code`.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from blame.checks import lookup, phrase, who
from blame.engine.asked import asked_for, left_out
from blame.engine.asks import Asks
from blame.engine.chosen import renamed_in
from blame.engine.figures import as_written, is_number, is_year, norm, number, numbers, words
from blame.engine.interpreter import written
from blame.engine.matching import instructions_only
from blame.engine.operands import misfiled
from blame.engine.premature import shortfall
from blame.engine.swallowed import catches
from blame.engine.swaps import code_swap
from blame.errors import PluginError
from blame.frozen import dataclass
from blame.model import BY_CODE, EDGE_INPUT, Check, Step, StepKind, Trace
from blame.results import CheckResult, Patch, Suspect
from blame.text import SCAN, clean, quote

if TYPE_CHECKING:
    from blame.context import RunContext
    from blame.protocols import CheckType

INSTRUCTION_LIMIT = 400
"""Longest single instruction (a plugin's phrasing included)."""


def suggest_patches(
    failures: Sequence[tuple[Check, CheckResult]],
    trace: Trace | None = None,
    *,
    check_types: Mapping[str, CheckType | None] | None = None,
    context: RunContext | None = None,
) -> tuple[Patch, ...]:
    """One patch per culprit, sorted by target; same failures, same bytes.

    `failures` pairs each failed check with its result; only the top suspect of each result is
    patched (an unattributed failure gets no patch rather than a guess). `trace` sharpens the
    phrasing (was the content in the culprit's input? did the step raise?). `check_types` maps
    check type names to the objects that phrase their patches; by default they come from the
    run context's plugins (a new context when not given).
    """
    if context is None:
        from blame.context import RunContext

        context = RunContext()
    lines: dict[str, set[str]] = {}
    coded: set[str] = set()
    for check, result in failures:
        if result.passed or not result.blame:
            continue
        suspect = result.blame[0]
        edge = on_edge(suspect, trace)
        code = None if edge else by_code(suspect, trace)
        if code is not None:  # phrased as the code's own step: it wrote the output
            suspect = replace(suspect, kind="agent", name=code, agent=code)
        target = suspect.name if edge else patch_target(suspect)
        if not target or caller_reported_failure(suspect, trace):
            continue
        if edge or code is not None:
            coded.add(target)
        check_type = _check_type(check.type, check_types, context)
        for instruction in _instructions(check, suspect, trace, check_type, context):
            if edge:
                instruction = _in_code(suspect, instruction)
            elif code is not None:
                instruction = _of_code(code, instruction)
            lines.setdefault(target, set()).add(instruction)
    return tuple(
        Patch(target=target, instructions=tuple(sorted(lines[target])), code=target in coded)
        for target in sorted(lines)
    )


def patch_target(suspect: Suspect) -> str:
    """The agent whose prompt changes: a handoff's sender, a tool's caller, else the agent."""
    if suspect.kind == "handoff":
        return handoff_ends(suspect)[0]
    if suspect.kind == "tool":
        return suspect.agent
    return suspect.name or suspect.agent


def on_edge(suspect: Suspect, trace: Trace | None) -> bool:
    """Whether a handoff suspect is an edge whose routing code built the receiving step's
    input (metadata `EDGE_INPUT`): code, not a prompt, so its patch is the edge's own."""
    if suspect.kind != "handoff" or trace is None or suspect.step_index is None:
        return False
    if not 0 <= suspect.step_index < len(trace.steps):
        return False
    step = trace.steps[suspect.step_index]
    return step.kind is not StepKind.TOOL and bool(step.metadata.get(EDGE_INPUT))


def by_code(suspect: Suspect, trace: Trace | None) -> str | None:
    """The code that must change when no prompt acts on the suspect's failure (None: a prompt
    does). An agent step whose output code wrote (metadata `BY_CODE`: a guardrail function) is
    that code; a tool whose result only steps written by code read (its result returned as the
    answer, no LLM call) is the tool's own code, not its caller's prompt."""
    if suspect.kind == "handoff" or trace is None or suspect.step_index is None:
        return None
    if not 0 <= suspect.step_index < len(trace.steps):
        return None
    step = trace.steps[suspect.step_index]
    if step.kind is not StepKind.TOOL:
        written = step.metadata.get(BY_CODE)
        return clean(str(written)) if written else None
    if suspect.kind != "tool":
        return None
    readers = [s for s in trace.steps if step.id in s.parents and s.kind is not StepKind.TOOL]
    if readers and all(s.metadata.get(BY_CODE) for s in readers):
        return clean(step.name)
    return None


def _of_code(code: str, instruction: str) -> str:
    """An instruction said of the code that wrote the output, not of a prompt."""
    return safe_instruction(f"In the code of {code} (code, not a prompt): {instruction}")


def _in_code(suspect: Suspect, instruction: str) -> str:
    """A handoff's instruction said of the routing code that hands the work on."""
    sender, receiver = (clean(end) for end in handoff_ends(suspect))
    opening = f"{handing_off(suspect)}, "
    rest = instruction[len(opening) :] if instruction.startswith(opening) else instruction
    return safe_instruction(
        f"In the routing code from {sender} to {receiver} (code, not a prompt): {rest}"
    )


def caller_reported_failure(suspect: Suspect, trace: Trace | None) -> bool:
    """Whether a failing tool's caller already said it failed: a later step of the calling
    agent fed by the call says so and claims no success. Its prompt needs no patch then."""
    if suspect.kind != "tool" or trace is None or suspect.step_index is None:
        return False
    index = suspect.step_index
    if not 0 <= index < len(trace.steps) or not trace.steps[index].failed:
        return False
    from blame.engine.claims import reports_failure

    tool = trace.steps[index]
    for step in trace.steps[index + 1 :]:
        if step.kind is StepKind.TOOL or step.agent != suspect.agent:
            continue
        if tool.id not in step.parents:
            continue
        return reports_failure(step.output)
    return False


def handoff_ends(suspect: Suspect) -> tuple[str, str]:
    """(sender, receiver) of a handoff suspect."""
    return suspect.sender or "", suspect.receiver or suspect.agent


def _instructions(
    check: Check,
    suspect: Suspect,
    trace: Trace | None,
    check_type: CheckType | None,
    context: RunContext,
) -> list[str]:
    """The culprit's instructions for one failed check (plus one about a step that raised)."""
    line = _misdelegation(suspect, trace)
    if line is None and check_type is not None:
        text = phrase(check_type, check, suspect, trace, who=who(context, check_type))
        line = safe_instruction(text) if text is not None else None
    found = [line or _generic(check, suspect)]
    pinned = Pinned.of(suspect, trace)
    covered = check_type is not None and getattr(check_type, "phrases_failed_steps", False)
    if pinned.step is not None and pinned.step.failed and not covered:
        found.append(_error_instruction(suspect))
    return found


def _misdelegation(suspect: Suspect, trace: Trace | None) -> str | None:
    """For an agent whose pinned step delegated a step to a coworker without the tool it
    needed while another coworker had it, or handed a task to an agent that could only guess
    it: whom to delegate such steps to."""
    if suspect.kind != "agent" or trace is None:
        return None
    if " its task (its output fed " in suspect.reason and suspect.step_index is not None:
        from blame.engine.delegation import handed_instruction

        handed = handed_instruction(trace, suspect.step_index, suspect.reason)
        return safe_instruction(handed) if handed is not None else None
    if "delegated the step to " not in suspect.reason:
        return None  # most suspects: no import statement (each costs a replayed suite)
    step = Pinned.of(suspect, trace).step
    if step is None:
        return None
    from blame.engine.delegation import misdelegation_instruction

    children = [s for s in trace.steps if step.id in s.parents]
    found = misdelegation_instruction(step, children, suspect.reason)
    return safe_instruction(found) if found is not None else None


def _check_type(
    name: str, known: Mapping[str, CheckType | None] | None, context: RunContext
) -> CheckType | None:
    """The check type that phrases patches for `name`, if one is registered and loads."""
    if known is not None:
        return known.get(name)
    if name not in context.check_type_names():
        return None
    try:
        return lookup(context, name)
    except PluginError:  # already reported as the check's error when it was evaluated
        return None


def safe_instruction(text: str) -> str:
    """Untrusted phrasing made safe: one printable line, leading bullets dropped, bounded."""
    line = clean(text, INSTRUCTION_LIMIT)
    while line[:1] in ("-", "*") and line[1:2] in ("", " "):
        line = line[1:].lstrip()
    return line


def _begins_or_ends(word: str, asked: set[str]) -> bool:
    """`word` begins with a word of `asked` (of four letters or more, as `words` gives
    them), or begins one: another form of the task's word (`scored`, `score`)."""
    if any(word[:end] in asked for end in range(4, len(word) + 1)):
        return True
    ordered = sorted(asked)
    at = bisect_left(ordered, word)
    return at < len(ordered) and ordered[at].startswith(word)


@dataclass(frozen=True, slots=True)
class Pinned:
    """What the trace says about the step a suspect is pinned on, for phrasing its patch."""

    step: Step | None
    """The pinned step, when the trace has it."""
    trace: Trace | None
    """The whole run, when known."""

    @classmethod
    def of(cls, suspect: Suspect, trace: Trace | None) -> Pinned:
        step = None
        index = suspect.step_index
        if trace is not None and index is not None and 0 <= index < len(trace.steps):
            step = trace.steps[index]
        return cls(step=step, trace=trace)

    def received(self, value: str) -> bool | None:
        """Whether the pinned step's input held `value` (None: unknown); a number as a whole
        figure, not as digits of another (`8` is not in `18`)."""
        if self.step is None or not value:
            return None
        if not is_number(value):
            return value.casefold() in self.step.input.casefold()
        found = re.compile(as_written(value)).search
        if found(self.step.input) is None:
            return False
        trace = self.trace
        if trace is None or not any(s.kind is StepKind.LLM for s in trace.steps):
            return True
        return not instructions_only(trace.steps, trace.input, lambda text: bool(found(text)))

    def _calls(self) -> list[Step]:
        """The tool steps the pinned step fed (the calls it asked for)."""
        step, trace = self.step, self.trace
        if step is None or trace is None:
            return []
        return [s for s in trace.steps if s.kind is StepKind.TOOL and step.id in s.parents]

    def caught(self) -> str | None:
        """The tool whose failure the pinned LLM call's code caught and went on from (its code
        has an `except` and a tool it called failed); None otherwise."""
        step, trace = self.step, self.trace
        if step is None or trace is None or step.kind is not StepKind.LLM:
            return None  # a chat's turn is no call whose code ran (blame/engine/swallowed.py)
        if not catches(step.output):
            return None
        return next((call.name for call in self._calls() if call.error is not None), None)

    def read_failure(self) -> str | None:
        """The tool whose error the pinned LLM call read (a failed call that fed it) and did
        not call again: it went on without what the call was to give; None otherwise."""
        step, trace = self.step, self.trace
        if step is None or trace is None or step.kind is not StepKind.LLM:
            return None
        fed = set(step.parents)
        tools = (s for s in trace.steps if s.id in fed and s.kind is StepKind.TOOL)
        failed = [s.name for s in tools if s.error is not None]
        again = {call.name for call in self._calls()}
        return next((name for name in failed if name not in again), None)

    def cut_short(self) -> tuple[int, int] | None:
        """(planned, made) when the pinned LLM call answered after its agent made fewer of its
        plan's lookups by other agents than the plan named (`engine.premature.shortfall`)."""
        step, trace = self.step, self.trace
        if step is None or trace is None or step.kind is not StepKind.LLM:
            return None
        found = shortfall(trace.steps, step.index)
        if found is None or step.index not in {found.after, *found.later}:
            return None
        return found.planned, found.handed

    def contradicted(self) -> tuple[str, str] | None:
        """(asked, told) when the pinned LLM call asked a tool for a figure under a label the
        task gives another figure of the same form under (`line/14` for the task's `line 41`),
        or about another year than the one the task asks about (`engine.asks.Asks`), or
        about a name of the task with a word changed (`Rake Hill` for `Rake Lane`)."""
        step, trace = self.step, self.trace
        if step is None or trace is None or step.kind is not StepKind.LLM:
            return None
        asks = Asks.of(trace.input)
        calls = list(self._calls())
        asked = (asks.contradicted_by(call, step.input) for call in calls) if asks else ()
        found = next((other for other in asked if other is not None), None)
        renames = (renamed_in(call.input, trace.input) for call in calls)
        return found or next((name for name in renames if name is not None), None)

    def misfiled(self) -> tuple[str, str, str] | None:
        """(figure, label, other figure) when the pinned LLM call wrote a figure under the
        label its input gives another figure (`operands.misfiled`): it read the wrong row."""
        step = self.step
        if step is None or step.kind is not StepKind.LLM:
            return None
        return misfiled(written(step.output[:SCAN]), step.input)

    def left_out_year(self) -> str | None:
        """A year the task asks about that the pinned LLM call had in its input and left out
        of the plan or the task it handed on (`drift.left_out`)."""
        step, trace = self.step, self.trace
        if step is None or trace is None or step.kind is not StepKind.LLM:
            return None
        return left_out(trace.input, step.input, step.output)

    def swapped(self, value: str) -> tuple[str, str] | None:
        """(operand, figure) when the pinned call's code computed the run's wrong number from
        `operand` while its input had `figure`, which in its place gives `value`."""
        if self.step is None or self.trace is None:
            return None
        wrong = self.trace.final_output.strip()
        return code_swap(self.step.output, self.step.input, wrong, value.strip())

    def recased(self, value: str) -> bool:
        """Whether the pinned step wrote `value` only in another letter case."""
        if self.step is None or not value:
            return False
        output = self.step.output
        return value not in output and value.casefold() in output.casefold()

    def made_up_figure(self, value: str) -> str | None:
        """A figure the pinned agent step wrote that its input did not have, as written, when
        the check wants a number (`value`) that the step wrote in no form: the step made up or
        misread a figure (None otherwise). Asking it to include the checked number would not
        help; telling it where its figures must come from does. The figure the final output
        repeats is named first (the wrong answer); a year is a date, not a quantity, unless a
        year is what the check wants."""
        step = self.step
        if step is None or step.kind is StepKind.TOOL or not is_number(value):
            return None
        output = written(step.output[:SCAN])
        if norm(value) in numbers(output):  # the right figure in another form: a format slip
            return None
        trace = self.trace
        given = numbers(step.input[:SCAN]) | numbers(trace.input if trace else "")
        wants_year = is_year(norm(value))
        found = []
        for match in number().finditer(output):
            figure, shown = norm(match.group(0)), match.group(0).rstrip(",")
            # a figure, not a list's `1.` or a step's `2`: two digits or a decimal point
            if figure in given or (sum(c.isdigit() for c in figure) < 2 and "." not in figure):
                continue
            if wants_year or not is_year(shown):  # `1,520.00` is an amount, `1520` a year
                found.append((figure, shown))
        if not found:
            return None
        answered = numbers(trace.final_output[:SCAN]) if trace else set()
        return next((shown for figure, shown in found if figure in answered), found[0][1])

    def changed_unit(self, value: str) -> tuple[str, str] | None:
        """(as given, as written) when the check wants a number (`value`) the pinned agent
        step wrote in no form and the step wrote a figure of its input with another unit
        (`42.195 km` became `42.195 miles`): it changed the unit without converting."""
        from blame.engine.quantities import keyed, units_by_figure

        step = self.step
        if step is None or step.kind is StepKind.TOOL or not is_number(value):
            return None
        if norm(value) in numbers(step.output[:SCAN]):
            return None
        given = units_by_figure(step.input)
        for as_written_there, (figure, unit) in keyed(step.output):
            units = given.get(figure)
            if units and unit not in units:
                return next(iter(units.values())), as_written_there
        return None

    def asked_beyond(self, value: str) -> tuple[str, ...]:
        """Words the pinned LLM call wrote that neither its input, the task nor the final
        output has, which another agent then called a tool with, downstream of it: the call
        added to the question and handed it on (`all competitions` for league goals). Three
        at most, sorted; none when the call added nothing another agent looked up, or wrote
        the checked `value` or the run's final output itself (an answer, not a question). A
        word that begins with a word of the task, or begins one (`scored` for `score`), is
        the task's."""
        step, trace = self.step, self.trace
        if step is None or trace is None or step.kind is not StepKind.LLM:
            return ()
        output, final = step.output.casefold(), trace.final_output.strip().casefold()
        if not value or value.casefold() in output or (final and final in output):
            return ()  # it wrote the checked value, or the run's answer: no question asked
        asked = words(trace.input)
        given = words(asked_for(step.input))  # what its input ruled out was not given it
        added = words(asked_for(step.output)) - given - asked - words(trace.final_output)
        if not added:
            return ()
        reached, used = {step.id}, set()  # the steps the pinned call's output reached
        for later in trace.steps[step.index + 1 :]:
            if not reached.intersection(later.parents):
                continue
            reached.add(later.id)
            if later.agent != step.agent and later.kind is StepKind.TOOL:
                used |= added & words(later.input)
        return tuple(sorted(word for word in used if not _begins_or_ends(word, asked))[:3])

    def called_instead(self, value: str) -> tuple[str, str] | None:
        """(tool, the value it was called with) when the pinned agent step, which had `value`
        in its input, called a tool with another value of its form in its place, which the
        final output gives: the step borrowed it (a tool's result, another agent's message)."""
        step, trace = self.step, self.trace
        if step is None or trace is None or step.kind is StepKind.TOOL:
            return None
        import blame.engine.standin as standin  # per test in a replay: no `from` (issue 17)

        wanted = value.casefold()
        for call in self._calls():
            if wanted in call.input.casefold():
                return None  # called with the value: the loss came after
            other = standin.of_its_form_instead(value, call.input, trace.final_output)
            if other is not None:
                return call.name, other
        return None

    def tool_calls(self, tool: str) -> int | None:
        """How many times the tool was called in the run (None: unknown)."""
        if self.trace is None:
            return None
        return sum(1 for s in self.trace.steps if s.kind is StepKind.TOOL and s.name == tool)


def handing_off(suspect: Suspect) -> str:
    """`When handing off to B`, for a handoff suspect's instruction."""
    return f"When handing off to {clean(handoff_ends(suspect)[1])}"


def _generic(check: Check, suspect: Suspect) -> str:
    name = quote(check.name, 60)
    if suspect.kind == "handoff":
        return f"{handing_off(suspect)}, pass on what is needed to satisfy the check {name}."
    if suspect.kind == "tool":
        return f"Check the result of {clean(suspect.name)} so the check {name} passes."
    return f"Make sure your output satisfies the check {name}."


def _error_instruction(suspect: Suspect) -> str:
    if suspect.kind == "tool":
        return f"If {clean(suspect.name)} fails, report the failure; never claim success."
    return "If a step fails, report the error clearly instead of carrying on as if it worked."
