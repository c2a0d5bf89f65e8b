"""Content check types: contains, not_contains, regex, exact_match on the final output.

Each evaluates the final output, attributes a failure through the engine's content rules
(who lost, never produced, recased or introduced the text) and phrases its own patch.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from blame.checks.base import Builtin, flag, output_excerpt, pass_fail, text
from blame.engine import chosen, content, matching, spellings
from blame.engine.figures import is_number
from blame.engine.matching import Matcher
from blame.engine.rules import on
from blame.engine.suspects import ranked
from blame.errors import ConfigError
from blame.frozen import dataclass
from blame.model import Check, Trace
from blame.patches import Pinned, handing_off
from blame.results import Evaluation, Suspect
from blame.text import (
    RegexTimeoutError,
    clean,
    compiled_on_use,
    pattern_error,
    quote,
    safe_search,
)
from blame.text import repr_quote as shown

if TYPE_CHECKING:
    from blame.graph import StepGraph


@dataclass(frozen=True, slots=True)
class Text:
    """The parameters of contains, not_contains and exact_match."""

    value: str
    """The text to look for (a number in the config is read as its text)."""
    case_sensitive: bool = True
    """Compare letter case as written."""


@dataclass(frozen=True, slots=True)
class Pattern:
    """The parameters of regex."""

    value: str
    """The regular expression, already known to compile."""
    ignore_case: bool = False
    """Match regardless of letter case."""


def _find(value: str, text: str, case_sensitive: bool) -> int:
    if case_sensitive:
        return text.find(value)
    return text.casefold().find(value.casefold())


def _required(flow: StepGraph, matcher: Matcher) -> tuple[Suspect, ...]:
    """Who lost or never produced the content; nothing when a pattern's search timed out.

    A timed-out search found nothing, which is not evidence that nothing was there: naming
    the final agent for "never produced" would be a guess dressed as a finding.
    """
    found = content.required(flow, matcher)
    return () if matcher.timed_out(flow) else found


def _contained(flow: StepGraph, matcher: Matcher) -> tuple[Suspect, ...]:
    """Required content: who changed its case, when the final output has it only that way
    (a case-sensitive check), else who lost or never produced it; first, where the final
    output is the value with one part wrong inside it (`tinyhttp/_client.py::_resolve_timeout`
    for `tinyhttp/_config.py::...`), where that part came from, as for `exact_match`."""
    if matcher.case_sensitive and matcher.needle is not None:
        blind = matching.case_blind(matcher)
        if blind.in_final(flow):
            recased = spellings.recased(flow, matcher.needle, blind)
            if recased:
                return recased
    return _part_first(flow, matcher, _required(flow, matcher), enclosed=True)


def _formatted(flow: StepGraph, matcher: Matcher) -> tuple[Suspect, ...]:
    """A pattern: first the call that wrote words around a final answer that matches it, or
    the call that wrote, word for word, a final output whose form nobody produced."""
    found = _contained(flow, matcher)
    if matcher.timed_out(flow):
        return found
    around = chosen.wrapped(flow, matcher) or chosen.formed(flow, matcher)
    return found if around is None else ranked((around, *found))


def _wrong_value(flow: StepGraph, matcher: Matcher) -> tuple[Suspect, ...]:
    """Where the right value was lost and the wrong one that reached the output appeared;
    first, for a compound answer wrong in one part only (`2710 m, 1998` for `3017 m, 1998`),
    where that part came from, when that is before the step that wrote the whole and the
    finding is as sure (an error upstream of a path's wrong folder explains less than where
    the whole path was written)."""
    return _part_first(flow, matcher, content.wrong_value(flow, matcher, flow.final_output))


def _part_first(
    flow: StepGraph, matcher: Matcher, found: tuple[Suspect, ...], *, enclosed: bool = False
) -> tuple[Suspect, ...]:
    """`found`, after where the one part the final output got wrong came from, when that is
    before `found`'s first step and as sure. `enclosed`: only a part with the same text on
    both sides of it (a final output that is more than the value has no part to compare)."""
    output = flow.final_output if matcher.case_sensitive else flow.final_output.casefold()
    part = _differing(matcher.needle or "", output.strip(), enclosed=enclosed)
    if part is None or not found or found[0].step_index is None or not on("answer-part"):
        return found
    if spellings.same_duration(matcher.needle or "", output):  # one length, another clock
        return found
    right, wrong = part
    narrowed = content.wrong_value(flow, matching.literal(right, case_sensitive=True), wrong)
    first = narrowed[0].step_index if narrowed else None
    surer = bool(narrowed) and narrowed[0].confidence >= found[0].confidence
    if first is not None and first < found[0].step_index and surer:  # no weaker guess first
        return ranked((narrowed[0], *found, *narrowed[1:]))
    return found


_left_out_word = compiled_on_use(r"\bhad '([\w -]{1,40})' in its input and asked without it\b")
"""What a reason of rule `deviation` says a plan or a delegation left out (`... had 'live' in
its input and asked without it`)."""
_left_out_title = compiled_on_use(r"\ba search that left out the task's '([^'\n]{1,200})'")
"""What a reason of rule `operand-wrong-source` says a search left out (`... listed for a
search that left out the task's 'The Lantern Keeper'`)."""
_rounded_otherwise = compiled_on_use(
    r"^the final output '[^'\n]{1,200}' is '[^'\n]{1,200}' "
    r"(?:unrounded|rounded to fewer decimal places); "
)
"""The engine's reason for the right figure rounded otherwise (`rounding.rounded_otherwise`)."""
_swapped_date = compiled_on_use(
    r"\bread ('[^'\n]{1,40}') as '[^'\n]{1,40}', day and month swapped: it is '[^'\n]{1,40}'$"
)
"""The reason of rule `day-month-swapped`, with the date in figures the call misread."""
_unread_definition = compiled_on_use(
    r"\bstated '[^'\n]{1,200}' as the value of '([^'\n]{1,200})', which no tool's output "
    r"before it defines"
)
"""The engine's reason for a code name's value stated unread (`definitions.unread_definition`)."""
_token = compiled_on_use(r"\d+(?:[.,]\d+)*|\w+|[^\w\s]")
"""A number (`4.57`, `1,150`), a word or a mark: what a compound answer is compared by."""
_TOKENS = 40
"""A compound answer of more tokens than this is a text, not parts to compare."""


def _differing(right: str, wrong: str, *, enclosed: bool = False) -> tuple[str, str] | None:
    """(right part, wrong part): the one run of tokens a compound answer got wrong, the rest
    the same around it; None when nothing around it is the same (`enclosed`: when either
    side is not), or the parts differ only in case, or either part is a mark alone or a
    single character."""
    r, w = list(_token().finditer(right[:2000])), list(_token().finditer(wrong[:2000]))
    if not 2 <= len(r) <= _TOKENS or not 2 <= len(w) <= _TOKENS:
        return None
    head = 0
    while head < min(len(r), len(w)) and r[head][0] == w[head][0]:
        head += 1
    tail = 0
    while tail < min(len(r), len(w)) - head and r[-1 - tail][0] == w[-1 - tail][0]:
        tail += 1
    if (not head and not tail) or head + tail in (len(r), len(w)):
        return None
    if enclosed and not (head and tail):
        return None
    parts = (
        right[r[head].start() : r[len(r) - 1 - tail].end()],
        wrong[w[head].start() : w[len(w) - 1 - tail].end()],
    )
    if any(len(p) < 2 or not any(c.isalnum() for c in p) for p in parts):
        return None
    return None if parts[0].casefold() == parts[1].casefold() else parts


class _TextCheck(Builtin[Text]):
    required = MappingProxyType({"value": (text, "Paris")})
    optional = MappingProxyType({"case_sensitive": flag})
    label_key = "value"

    def make(self, params: Mapping[str, Any]) -> Text:
        return Text(str(params["value"]), params.get("case_sensitive", True))

    def rule_args(self, check: Check) -> tuple[Matcher]:
        """The value to look for, as the engine matches it."""
        bound = self.params(check)
        return (matching.literal(bound.value, case_sensitive=bound.case_sensitive),)


class Contains(_TextCheck):
    """The final output contains `value` (case-sensitive unless `case_sensitive: false`)."""

    type = "contains"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Pass when the value is in the final output."""
        bound = self.params(check)
        value = bound.value
        if _find(value, trace.final_output, bound.case_sensitive) >= 0:
            return pass_fail(True, f"output contains {shown(value)}")
        return pass_fail(
            False, f"expected output to contain {shown(value)}; {output_excerpt(trace)}"
        )

    rule = staticmethod(_contained)
    """Who recased, lost or never produced the value."""

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> str:
        """Pass the value on, keep it, or include it."""
        bound = self.params(check)
        value = bound.value
        if suspect.kind == "handoff":
            return f"{handing_off(suspect)}, include {quote(value)} in what you pass on."
        if suspect.kind == "tool":
            return (
                f"When {clean(suspect.name)} returns {quote(value)}, keep it in your output; "
                f"if it does not, say that it is missing."
            )
        pinned = Pinned.of(suspect, trace)
        exactly = ""
        if bound.case_sensitive and pinned.recased(value):
            exactly = ", with the same capitalisation"
        if pinned.received(value):
            instead = pinned.called_instead(value)
            if instead is not None:
                tool, other = instead
                return (
                    f"When you call {clean(tool)}, pass {quote(value)} from your input as "
                    f"it is, not {quote(other)} or another value taken from a tool's result "
                    "or a message."
                )
            return f"Keep {quote(value)} from your input in your output{exactly}."
        changed = pinned.changed_unit(value)
        if changed is not None:
            return (
                "When you give a figure in another unit, convert it: your input gave "
                f"{quote(changed[0])} and you wrote {quote(changed[1])}."
            )
        return (
            misfiled_instruction(pinned, value)
            or made_up_instruction(pinned.made_up_figure(value))
            or left_out_instruction(pinned, suspect.reason)
            or asked_beyond_instruction(pinned, value)
            or f"Always include {quote(value)} in your output{exactly}."
        )


class NotContains(_TextCheck):
    """The final output does not contain `value`."""

    type = "not_contains"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Pass when the value is not in the final output; else say where it is."""
        bound = self.params(check)
        value = bound.value
        position = _find(value, trace.final_output, bound.case_sensitive)
        if position < 0:
            return pass_fail(True, f"output does not contain {shown(value)}")
        start = max(0, position - 30)
        context = trace.final_output[start : position + len(value) + 30]
        return pass_fail(
            False,
            f"expected output not to contain {shown(value)}; found at offset {position}: "
            f"{shown(context)}",
        )

    rule = staticmethod(content.forbidden)
    """The steps that introduced the forbidden text."""

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> str:
        """Never pass on, copy or include the value."""
        value = quote(self.params(check).value)
        if suspect.kind == "handoff":
            return f"{handing_off(suspect)}, never pass on {value}."
        if suspect.kind == "tool":
            return (
                f"Never copy {value} from the output of {clean(suspect.name)} into yours; "
                f"remove it before you answer."
            )
        return f"Never include {value} in your output."


class Regex(Builtin[Pattern]):
    """The final output matches the regular expression `value` (time-limited, length-capped)."""

    type = "regex"
    required = MappingProxyType({"value": (text, "'\\d{3}-\\d{4}'")})
    optional = MappingProxyType({"ignore_case": flag})
    label_key = "value"

    def make(self, params: Mapping[str, Any]) -> Pattern:
        value = str(params["value"])
        problem = pattern_error(value)
        if problem:
            raise ConfigError(f"value is not a valid regular expression: {problem}")
        return Pattern(value, params.get("ignore_case", False))

    def rule_args(self, check: Check) -> tuple[Matcher]:
        """The pattern, as the engine matches it."""
        bound = self.params(check)
        return (matching.regex(bound.value, bound.ignore_case),)

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Pass when the pattern matches; a search stopped by a limit is an error, not a verdict."""
        bound = self.params(check)
        pattern = bound.value
        try:
            found = safe_search(pattern, trace.final_output, ignore_case=bound.ignore_case)
        except RegexTimeoutError as error:  # a verdict on part of the output could be a false pass
            problem = f"check {check.name}: {error}; the check cannot be decided"
            return Evaluation(score=0.0, message=problem, error=problem)
        if found is not None:
            return pass_fail(True, f"output matches /{pattern}/ at {shown(found.text, 40)}")
        return pass_fail(False, f"expected output to match /{pattern}/; {output_excerpt(trace)}")

    rule = staticmethod(_formatted)
    """Who wrapped a matching answer in other words, else who lost or never produced matching
    text (nobody when the search timed out)."""

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> str:
        """Keep text that matches the pattern."""
        pattern = quote(self.params(check).value)
        if suspect.kind == "handoff":
            return f"{handing_off(suspect)}, include the text that matches the pattern {pattern}."
        if suspect.kind == "tool":
            return (
                f"Keep the text from {clean(suspect.name)} that matches the pattern {pattern} "
                f"in your output."
            )
        value = self.params(check).value
        if value.startswith("^") and value.endswith("$") and not value.endswith("\\$"):
            return (  # the whole output must match: a form to write, not text to keep
                f"Write your final answer in the form the pattern {pattern} matches as a "
                "whole, with nothing around it."
            )
        return f"Your output must contain text matching the pattern {pattern}; keep such text."


class ExactMatch(_TextCheck):
    """The final output equals `value`, ignoring surrounding whitespace."""

    type = "exact_match"
    required = MappingProxyType({"value": (text, "'42'")})

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Pass when the stripped output equals the stripped value."""
        bound = self.params(check)
        expected = bound.value.strip()
        actual = trace.final_output.strip()
        if bound.case_sensitive:
            ok = actual == expected
        else:
            ok = actual.casefold() == expected.casefold()
        if ok:
            return pass_fail(True, f"output equals {shown(expected)}")
        return pass_fail(False, f"expected output {shown(expected)}; got {shown(actual)}")

    rule = staticmethod(_wrong_value)
    """Where the right value was lost and the wrong one appeared."""

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> str:
        """Pass on or output exactly the value."""
        value = self.params(check).value
        if suspect.kind == "handoff":
            return f"{handing_off(suspect)}, pass on {quote(value)} exactly, unchanged."
        if suspect.kind == "tool":
            return f"Use the result of {clean(suspect.name)} exactly; never alter {quote(value)}."
        pinned = Pinned.of(suspect, trace)
        swapped = pinned.swapped(value)
        if swapped is not None:
            return (
                "Before you compute with a figure, check that it is the one the question asks "
                f"about: you computed with {quote(swapped[0])} where your input gave "
                f"{quote(swapped[1])}."
            )
        caught = pinned.caught()
        if caught is not None:
            return (
                f"When {clean(caught)} fails, say so; never catch its error in code and "
                "go on with a value of your own."
            )
        failed = pinned.read_failure()
        if failed is not None:
            return (
                f"When {clean(failed)} fails, retry it or say that you have no answer; never "
                "answer with a value of your own in place of what it was to give."
            )
        if " opened its answer with " in suspect.reason and " only after it; " in suspect.reason:
            return (  # rule `failure-aside`
                "When an agent reports that it failed or found nothing, never answer with a "
                "figure it gives only beside that failure: ask again, or say there is no answer."
            )
        if " and no call asked for another page: it answered from the first page" in (
            suspect.reason
        ):
            return (  # rule `unread-pages`
                "Read every page of a listing before you answer from it: when a result says "
                "there is another page (page 1 of 2, a next link), ask for it."
            )
        if _rounded_otherwise().search(suspect.reason):
            places = sum(c.isdigit() for c in value.partition(".")[2])
            return (  # rule `format-writer`, for a figure rounded otherwise
                f"Round your answer to {places or 'no'} decimal place"
                f"{'' if places == 1 else 's'} before you give it, as in {quote(value)}."
            )
        if " whose page no later tool call opened: it stopped" in suspect.reason:
            return (  # rule `snippet-answer`
                "Open the page of a search result before you answer from it: a result's "
                "snippet is a few words cut from the page, often an old preview, not the page."
            )
        unread = _unread_definition().search(suspect.reason)
        if unread is not None:
            return (  # rule `unread-definition`
                "Read where a name is defined before you state its value: you stated the value "
                f"of {quote(unread[1])} without reading its definition; open the file that "
                "defines it."
            )
        misread = _swapped_date().search(suspect.reason)
        if misread is not None:
            return (  # rule `day-month-swapped`
                "Before you rewrite a date in figures, check which number is the day by the "
                f"format its source states (DD/MM/YYYY or MM/DD/YYYY): you read {misread[1]} "
                "the other way round."
            )
        if " written another way; " in suspect.reason and " is the date " in suspect.reason:
            return (  # rule `format-writer`, for a date written another way
                f"Write dates in the form the task asks for, as in {quote(value)}; convert a "
                "date a source writes another way before you give it."
            )
        if " written another way; " in suspect.reason and " is the duration " in suspect.reason:
            return (  # rule `format-writer`, for a duration written as another clock
                f"Write a duration in the clock form the task asks for, as in {quote(value)}; "
                "convert a time a source writes in another form (minutes past the hour, or "
                "hours and minutes) before you give it."
            )
        if " written as a clock; " in suspect.reason and trace is not None:
            return (  # rule `format-writer`, for a duration written as a clock
                "Give a duration in the unit the task asks for, as a plain number: convert "
                f"{quote(trace.final_output.strip())} to it, as in {quote(value)}."
            )
        # only where the engine blamed the call for it (rule `cut-short`)
        short = pinned.cut_short() if " lookups by other agents " in suspect.reason else None
        if short is not None:
            return (
                "Make every lookup your plan lists before you answer: it named "
                f"{short[0]}, and you answered after {short[1]}."
            )
        part = None if trace is None else _differing(value, trace.final_output.strip())
        for given in (value, *(part or ())[:1]):  # or the one part of it the answer got wrong
            if pinned.received(given):
                exactly = "exactly as you received it; never change or replace it."
                return f"Pass on {quote(given)} {exactly}"
        instead = misfiled_instruction(pinned, value) or made_up_instruction(
            pinned.made_up_figure(value)
        )
        if instead is not None:
            return instead
        other = pinned.contradicted()
        if other is not None:
            return (
                f"Ask tools about what the task names: you asked about {quote(other[0])} where "
                f"the task says {quote(other[1])}."
            )
        return (
            left_out_instruction(pinned, suspect.reason)
            or asked_beyond_instruction(pinned, value)
            or f"Your output must be exactly {quote(value)}, with nothing added."
        )


def left_out_instruction(pinned: Pinned, reason: str = "") -> str | None:
    """For a plan or a delegation that left out the task's year, season or place
    (`Pinned.left_out_year`), or the word the engine's reason says it left out (`live`);
    for a search that left out a title the task quotes, to search for it by name."""
    searched = _left_out_title().search(reason)
    if searched is not None:  # a search for the author's works, not the one the task names
        return (
            f"Search for the task's {quote(searched[1])} by name; you searched without it, "
            "and the page you opened was about another thing."
        )
    year = pinned.left_out_year()
    told = _left_out_word().search(reason) if year is None else None
    year = year if told is None else told[1]
    if year is None:
        return None
    return (
        f"Keep the task's {quote(year)} in every step you plan and every task you hand on; "
        "you left it out of what you asked."
    )


def asked_beyond_instruction(pinned: Pinned, value: str) -> str | None:
    """For a call that added to the task's question what another agent then worked from
    (`Pinned.asked_beyond`): a plan or a delegation that turned the run from its goal."""
    added = pinned.asked_beyond(value)
    if not added:
        return None
    named = ", ".join(quote(word) for word in added)
    return (
        "Keep to the question the task asks; add nothing to it when you plan or hand work "
        f"on: you wrote {named}, which the task does not ask for, and others worked from it."
    )


def misfiled_instruction(pinned: Pinned, value: str) -> str | None:
    """For a call that wrote a figure under another row's label (`Pinned.misfiled`), when
    the check wants a number: a text check's failure is no misread figure's."""
    found = pinned.misfiled() if is_number(value) else None
    if found is None:
        return None
    figure, label, other = (quote(text) for text in found)
    return (
        "Report each figure under the label its source gives it: you wrote "
        f"{figure} under {label}, which the source gives {other}."
    )


def made_up_instruction(figure: str | None) -> str | None:
    """For a step that wrote a figure its input did not give (`Pinned.made_up_figure`)."""
    if figure is None:
        return None
    return (
        "Write only figures that your input or tool results give, copied exactly, or that you "
        f"compute from them; you wrote {quote(figure)}, which they do not support."
    )


contains = Contains()
not_contains = NotContains()
regex = Regex()
exact_match = ExactMatch()
