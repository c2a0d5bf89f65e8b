"""The final output is the right value written another way: a figure grouped, rounded
otherwise or with a decimal comma, a date or a duration in another form, a number of
seconds as a clock, the words asked for as a list. Where the value came from was right;
the call that chose its form is to blame, not the one that read it.
"""

from __future__ import annotations

import re

from blame.engine.chosen import formed_by, printed_by
from blame.engine.figures import is_number, norm
from blame.engine.interpreter import assigned_by, assigned_in, code_of, prose
from blame.engine.matching import Matcher, quote
from blame.engine.rounding import rounded_otherwise
from blame.engine.spellings import (
    first_to_write,
    listed_answer,
    same_date,
    same_duration,
    written_as_clock,
)
from blame.engine.suspects import at_step, decision, records_decisions
from blame.graph import StepGraph
from blame.model import StepKind
from blame.results import Suspect
from blame.text import SCAN, compiled_on_use


def written_otherwise(flow: StepGraph, right: Matcher, wrong: str) -> Suspect | None:
    """The final output is the right figure written another way (`1,486` for `1486`): where
    the figure came from was right; the LLM call that wrote the final output chose its form
    (it handed on a page's grouped figure where the task asked for a whole number). Or the
    right figure rounded otherwise (`rounding.rounded_otherwise`), or the words asked for
    in another form (`spellings.listed_answer`)."""
    needle, final = right.needle or "", flow.final_step
    if (listed := listed_answer(flow, needle, wrong)) is not None:  # a list's printed value
        return listed
    if (marked := _marked(flow, right, wrong)) is not None:  # `v0.7.0` for `0.7.0`
        return marked
    timed = "duration" if same_duration(needle, wrong) else ""
    dated = "date" if same_date(needle, wrong) else timed
    clocked = not dated and written_as_clock(flow.trace.input, needle, wrong)
    plain = is_number(needle) and is_number(wrong)
    if final is None or not (dated or clocked or plain):
        return None
    if wrong == needle or not records_decisions(flow):
        return None
    writer = decision(flow, final)
    if flow.steps[writer].kind is not StepKind.LLM:
        return None
    if clocked:  # `13:42` where the task asks for `822` seconds
        return _as_clock(flow, writer, right, wrong)
    if dated:  # `24/07/2024` where the task asks for `2024-07-24`
        # the call whose code wrote the date so (`strftime("%d/%m/%Y")`) chose its form; a
        # tool's form (an API's `DD/MM/YYYY`) was chosen by the call that handed it on
        first, copied = first_to_write(flow, wrong) or (final, True)
        how = f"{flow.label(writer)} wrote the final output in that form"
        if (former := formed_by(flow, writer)) is not None:  # `total = f"{m}:{s:04.1f}"`
            writer, how = former, f"{flow.label(former)}'s code formatted it in that form"
        elif (shown := printed_by(flow, writer, wrong.strip())) is not None:  # `print(d)`
            how = f"{how}: it handed on what {flow.label(shown)}'s code printed, unformatted"
        elif not copied and flow.steps[first].kind is StepKind.LLM:
            writer, how = first, f"{flow.label(first)} first wrote it in that form"
        elif first != final:
            how = f"{flow.label(first)} gave it in that form and {how} without converting it"
        why = f"the final output {quote(wrong)} is the {dated} {right.shown} written another way"
        return at_step(flow, writer, 0.7, f"{why}; {how}")
    comma = _decimal_comma().fullmatch(wrong.strip())  # `38,4` for `38.4`: the point, as a comma
    if norm(wrong if comma is None else comma[0].replace(",", ".")) != norm(needle):
        # `4.18` or `-5` where the task wants `4.2` or `-5.3`
        return rounded_otherwise(flow, final, writer, needle, wrong)
    how = f"{flow.label(writer)} wrote the final output in that form"
    if (former := formed_by(flow, writer)) is not None:  # `answer = str(secs)`: `300.0`
        writer, how = former, f"{flow.label(former)}'s code formatted it in that form"
    reason = f"the final output {quote(wrong)} is {right.shown} written another way; {how}"
    return at_step(flow, writer, 0.7, reason)


def _marked(flow: StepGraph, right: Matcher, wrong: str) -> Suspect | None:
    """The final output is the right value, no figure, with a mark or two added round it
    (`"Ostrava"` or `Ostrava.` for `Ostrava`), or a version with its `v` (`v0.7.0` for
    `0.7.0`): the call whose code added them (`answer = f"v{version}"`), or else the
    call that wrote the final output, chose that form. A letter, a figure or a sign added
    makes another value (`https` for `http`, `0.7.0a` for `0.7.0`, `C#` for `C`); a
    figure's sign, unit or grouping `written_otherwise` reads as a figure's."""
    needle, value, final = right.needle or "", wrong.strip(), flow.final_step
    if not needle or is_number(needle) or is_number(value):
        return None
    at = (value if right.case_sensitive else value.casefold()).find(needle)
    before, after = (value[:at], value[at + len(needle) :]) if at >= 0 else ("", "")
    added = before + after
    if not 0 < len(added) <= 2 or len(value) != len(needle) + len(added):
        return None  # (a text whose case-folding changes its length is no mark's)
    versioned = before in ("v", "V") and not after and needle[:1].isdigit()
    if not versioned and any(c not in _MARKS for c in added):
        return None
    if final is None or not records_decisions(flow):
        return None
    writer = decision(flow, final)
    if flow.steps[writer].kind is not StepKind.LLM:
        return None
    how = f"{flow.label(writer)} wrote the final output in that form"
    adder = _added_by(flow, writer, (before, after))
    if adder is not None:
        how = f"{flow.label(adder)}'s code added {quote(added)}"
    why = f"the final output {quote(value)} is {right.shown} with {quote(added)} added; {how}"
    return at_step(flow, adder if adder is not None else writer, 0.7, why)


_MARKS = frozenset("\"'`*.,;:!?()[]<>\u00ab\u00bb\u201c\u201d\u2018\u2019")
"""Marks round a value that leave it the same value: quotes, brackets, emphasis and the
punctuation that ends a sentence; not a sign or a symbol that names another (`C#`, `A+`)."""


def _added_by(flow: StepGraph, writer: int, marks: tuple[str, str]) -> int | None:
    """The LLM call whose code made the value it handed on an f-string of the value and the
    `marks` (before it, after it) alone (`f"v{version}"`): the call `writer` itself, in its
    `final_answer(...)`, or the earlier call of its agent that assigned the variable it
    handed on."""
    code = code_of(flow.steps[writer].output[:SCAN])
    handing = "\n".join(line for line in code.splitlines() if "final_answer(" in line)
    if _adds(handing, marks):
        return writer
    assigned = assigned_by(flow, writer)
    if assigned is None:
        return None
    made = assigned_in(flow.steps[assigned[0]].output, assigned[1])
    return assigned[0] if any(_adds(right, marks) for right in made) else None


def _adds(code: str, marks: tuple[str, str]) -> bool:
    """Whether `code` has an f-string of one value between the `marks` alone (`f"v{version}"`,
    `f'"{name}"'`)."""
    before, after = marks
    for match in _f_string().finditer(code[:SCAN]):
        text = match[2]
        if len(text) < len(before) + len(after):
            continue
        if not (text.startswith(before) and text.endswith(after)):
            continue
        if _braces().fullmatch(text[len(before) : len(text) - len(after)]) is not None:
            return True
    return False


_f_string = compiled_on_use(r"\bf([\"'])((?:(?!\1)[^\n]){0,200})\1")
"""An f-string on one line (`f"v{version}"`), its text in group 2."""
_braces = compiled_on_use(r"\{[^{}\n]{0,200}\}")
"""A value an f-string puts in its text (`{version}`)."""
_decimal_comma = compiled_on_use(r"-?[0-9]+,(?:[0-9]{1,2}|[0-9]{4,})")
"""A number whose one comma is its decimal point (`38,4`): no group of thousands has other
than three digits (`1,486` may be either, and is taken for thousands)."""


def _as_clock(flow: StepGraph, writer: int, right: Matcher, wrong: str) -> Suspect:
    """The call that chose to give the duration as a clock: the first LLM call on the way
    to the final output whose prose (not its code) asked for a clock's form, where the task
    names none (a plan's `in minutes and seconds (m:ss)`); else the call that wrote the
    final output."""
    why = f"the final output {quote(wrong)} is {right.shown} written as a clock"
    if _clock_form().search(flow.trace.input[:SCAN]) is None:
        for at in sorted(flow.upstream_of_final):
            step = flow.steps[at]
            if step.kind is not StepKind.LLM:
                continue
            asked = next(filter(None, map(_asks_clock, prose(step.output).split("\n"))), None)
            if asked is not None:
                return at_step(
                    flow, at, 0.7, f"{why}; {flow.label(at)} asked for {quote(asked[0])}"
                )
    return at_step(flow, writer, 0.7, f"{why}; {flow.label(writer)} wrote the final output so")


def _asks_clock(line: str) -> re.Match[str] | None:
    """A clock's form a line asks for: not beside a negation or a conversion (`Do not
    return m:ss: convert to seconds`), nor where it tells what it saw (`the page gives the
    time in minutes and seconds (13:42)`, a clock's figure beside it)."""
    asked = _clock_form().search(line)
    if asked is None or _answering().search(line) is None:
        return None
    return None if _not_asking().search(line) is not None else asked


_answering = compiled_on_use(
    r"(?i)\b(?:return|give|report|answer|write|format|express|keep|state|present)\b"
)
"""A verb that tells how to answer (`Return the time ... in m:ss`): a line without one
tells what was seen (`Times on the page are mm:ss.`)."""
_not_asking = compiled_on_use(r"(?i)\b(?:not|never|no|instead|convert\w*)\b|n['\u2019]t\b|\d:\d\d")
"""A negation, a conversion or a clock's figure: the line asks for no clock's form."""
_clock_form = compiled_on_use(
    r"(?i)\b(?:h{1,2}:)?m{1,2}:ss\b|\bh{1,2}:mm\b|\bminutes and seconds\b"
    r"|\bhours and minutes\b"
)
"""A clock's form asked for in words: `m:ss`, `h:mm`, `minutes and seconds`."""
