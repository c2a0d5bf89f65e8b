"""A stand-in: the step that wrote another value of the required one's form in its place.

`substituted` finds where the final answer began when the final output marks it (a
marked value, its last number, a bare answer). An answer that is one value inside a sentence
(`boarding at gate B21, departure 14:05`; `Forecast: Lyon: sun`) is marked by nothing, yet
the wrong value can still be told apart: it has the required value's form (`B21` for `B12`,
a code of a letter and two digits, garbled as `spellings.near` says: another identifier
altogether, a booking reference, need not stand for it; `Lyon` for `Lille`, a capitalised
name). The step that
first wrote such a value, while the required one was in its input and not in its output and
the value was in neither its input nor the task, put it in the required one's place; the
steps after it only carried it on (each had the required value too, in the conversation it
was given, so the loss alone names the last of them).

The same form tells a tool call about the wrong thing (`misdirected`): an argument that is a
garbled copy of a value the task gives (order `7713` for `7731`) made the tool answer about
another thing, faithfully; the call that garbled it is where the wrong content began.

So does an argument copied whole from elsewhere (`borrowed`): the task says check-in
`2026-03-14`, the hotel's result says `available from 2026-03-16`, and the agent books
`2026-03-16`; the final output then gives it, and only the turn that dropped the task's date
would be blamed, not the call that put another date in its place.
"""

from __future__ import annotations

import re
from itertools import islice

from blame.engine.matching import Matcher, quote
from blame.engine.provenance import final_answer_origin
from blame.engine.rules import on
from blame.engine.spellings import misspelt, near
from blame.engine.suspects import at_step
from blame.engine.tools import call_arguments, made_up_by
from blame.graph import StepGraph, whole_word_in
from blame.model import Step, StepKind
from blame.results import Suspect
from blame.text import compiled_on_use

CONFIDENCE = 0.95
"""As sure as a marked answer's substitution: the same evidence, found by form."""
_SCAN = 100_000
"""How much of a text is read for values."""
_MAX = 20
"""At most this many values of the form are traced (a long answer has many figures)."""
_token = compiled_on_use(r"\w(?:[\w\-.,:/]*\w)?")
"""A value: a word, a code or a figure (`B21`, `1,299.50`, `2026-03-14`, `14:05`)."""


def _form(value: str) -> str | None:
    """The form a value of the same kind has: a code or figure as its letters and digits
    (`B12` -> `A99`), a capitalised name (`Lille`) or a camel-case word (`ValueError`);
    None for anything else (a phrase, a lower-case word), which has no stand-in to find."""
    if any(c.isdigit() for c in value):
        return re.sub(r"\d", "9", re.sub(r"[^\W\d_]", "A", value))
    if re.fullmatch(r"[A-Z][a-z]{2,}", value):
        return "Name"
    if re.fullmatch(r"[A-Z][a-z]+(?:[A-Z][a-z]*)+", value):
        return "CamelCase"
    return None


def of_its_form_instead(value: str, text: str, final_output: str) -> str | None:
    """The first value in `text` of `value`'s form, not `value`, that `final_output` has too
    (a borrowed argument's `2026-03-16` for the task's `2026-03-14`); None when none is."""
    form = None if " " in value else _form(value)
    if form is None:
        return None
    wanted, final = value.casefold(), final_output[:_SCAN].casefold()
    tokens: list[str] = _token().findall(text[:_SCAN])[:_MAX]
    for token in tokens:
        folded = token.casefold()
        if folded != wanted and _form(token) == form and whole_word_in(folded, final):
            return token
    return None


def _stand_ins(final_output: str, form: str, required: str, task: str) -> list[str]:
    """Values of `form` in the final output other than the required one and the task's own
    (the first `_MAX`); a capitalised word that starts a sentence is no name."""
    found: dict[str, None] = {}
    text = final_output[:_SCAN]
    wanted, given = required.casefold(), task[:_SCAN].casefold()
    for match in _token().finditer(text):
        value = match.group(0)
        if _form(value) != form or value.casefold() == wanted:
            continue
        if "9" in form and not near(value.casefold(), wanted):
            continue  # another identifier altogether (a booking reference) is no stand-in
        if form == "Name" and _starts_sentence(text, match.start()):
            continue
        if value in found or whole_word_in(value.casefold(), given):
            continue
        found[value] = None
        if len(found) == _MAX:
            break
    return list(found)


def _starts_sentence(text: str, at: int) -> bool:
    """Whether the word at `at` starts a sentence: the text's start, a line's, or after `.`,
    `!` or `?` and a space. Read back over the spaces just before it only (linear in all)."""
    before = at
    newline = False
    while before > 0 and text[before - 1].isspace():
        before -= 1
        newline = newline or text[before] == "\n"
    if before == 0 or newline:
        return True
    return before < at and text[before - 1] in ".!?"


def _took(loss: Step, folded: str) -> bool:
    """The step that dropped the required value had `folded` in its input and wrote it."""
    return whole_word_in(folded, loss.input[:_SCAN].casefold()) and whole_word_in(
        folded, loss.output[:_SCAN].casefold()
    )


def stand_in(flow: StepGraph, matcher: Matcher, before: int) -> Suspect | None:
    """The agent step before step `before` (the loss) that first wrote a value of the required
    literal's form in its place. Of several such values, the one written nearest the loss: a
    name an earlier step brought in for another purpose (a colleague to ask) need not be the
    value that took the required one's place, and the nearest is the least to assume."""
    required = matcher.needle  # as written when the check is case-sensitive (the default)
    form = None if required is None or " " in required else _form(required)
    if required is None or form is None:
        return None
    among = sorted(i for i in flow.upstream_of_final if flow.steps[i].kind is not StepKind.HUMAN)
    best: tuple[int, str] | None = None
    for value in _stand_ins(flow.final_output, form, required, flow.trace.input)[:_MAX]:
        folded = value.casefold()
        first = flow.first_folded_hit(folded, among, "out")
        if first is None or first >= before or (best is not None and first <= best[0]):
            continue
        step = flow.steps[first]
        if step.kind is StepKind.TOOL or matcher.out(flow, first):
            continue
        if whole_word_in(folded, step.input[:_SCAN].casefold()):
            continue
        if not matcher.inp(flow, first) and not _took(flow.steps[before], folded):
            continue  # made up without the required value, and not what the loss took
        best = (first, value)
    if best is None:
        return None
    index, value = best
    if not matcher.inp(flow, index):
        # An agent that never had the required value made this one up (a plan, an
        # instruction), and the step that dropped the required value took it in its place.
        return at_step(
            flow,
            index,
            CONFIDENCE,
            f"{flow.label(index)} wrote {quote(value)}, a value of the same form as "
            f"{matcher.shown} that neither its input nor the task had; {flow.label(before)} "
            f"had both in its input and wrote {quote(value)}, which the final output gives",
        )
    return at_step(
        flow,
        index,
        CONFIDENCE,
        f"{flow.label(index)} had {matcher.shown} in its input and wrote {quote(value)} "
        f"instead, a value of the same form that neither its input nor the task had and "
        "that the final output gives",
    )


MISDIRECTED_CONFIDENCE = 0.9
"""As sure as a loss: the call asked for another thing than the task names."""


def misdirected(flow: StepGraph, index: int) -> Suspect | None:
    """The agent step that called tool step `index` with a garbled copy of a value the task
    gives (`7713` for the task's order `7731`): whatever the tool returned was about another
    thing than the task's, so a value it lacked, or one it brought in, began with that call.

    A copy garbled by one character or reordered (an id, a code, a date: a value with a
    digit, four characters or more, of the task value's form) that neither the caller's input
    nor the task had, written by the caller or copied from the agent step upstream that made
    it up (`tools.made_up_by`). A value the task does not resemble (a city the agent inferred,
    a figure it computed) is no copy and says nothing."""
    step = flow.steps[index]
    if step.kind is not StepKind.TOOL:
        return None
    called = call_arguments(flow, index)
    if called is None:
        return None
    arguments, callers = called
    if "task_forms" not in flow.shared:  # once a trace: every tool call reads them
        forms: dict[str, dict[str, None]] = {}
        for match in _token().finditer(flow.trace.input[:_SCAN]):
            found = _form(match.group(0))
            if found is not None and "9" in found:
                forms.setdefault(found, {})[match.group(0)] = None
        flow.shared["task_forms"] = forms
        flow.shared["task_folded"] = flow.trace.input[:_SCAN].casefold()
    given: dict[str, dict[str, None]] = flow.shared["task_forms"]
    task: str = flow.shared["task_folded"]
    values = [
        v for v in arguments.values() if not isinstance(v, bool) and isinstance(v, (str, int))
    ]
    for value in values[:_MAX]:
        text = str(value).strip()
        form = _form(text)
        if form is None or "9" not in form or len(text) < 4:
            continue
        if whole_word_in(text.casefold(), task):
            continue
        copied = next((g for g in given.get(form, ()) if near(text, g)), None)
        author = None if copied is None else made_up_by(flow, max(callers), text.casefold())
        if copied is None or author is None:
            continue
        return at_step(
            flow,
            author,
            MISDIRECTED_CONFIDENCE,
            f"{flow.label(author)} wrote {quote(text)} where the task has {quote(copied)}, "
            f"and {flow.label(index)} was called with it; neither the task nor that step's "
            "input had it",
        )
    return None


def misdirected_at(flow: StepGraph, origin: Suspect) -> tuple[Suspect, ...]:
    """Before a tool that brought content in: the call that asked it about the wrong thing."""
    if origin.kind != "tool" or origin.step_index is None or not on("substituted"):
        return ()
    found = misdirected(flow, origin.step_index)
    return () if found is None else (found,)


def misdirected_upstream(flow: StepGraph) -> tuple[Suspect, ...]:
    """Content nobody produced: first the earliest tool call upstream of the final step that
    asked about the wrong thing (a garbled copy of the task's value), when there is one."""
    if not on("substituted"):
        return ()
    upstream = flow.upstream_of_final
    for index in (i for i in flow.all_tool_steps if i in upstream):
        found = misdirected(flow, index)
        if found is not None:
            return (found,)
    return ()


BORROWED_CONFIDENCE = 0.95
"""As sure as a stand-in: the same evidence, in a call's arguments."""


def borrowed(flow: StepGraph, matcher: Matcher) -> Suspect | None:
    """The agent step that called a tool with another value of the required literal's form
    copied whole from an earlier step's output (a tool's result, another agent's message) in
    place of the task's: the task says check-in `2026-03-14`, a hotel's result `available
    from 2026-03-16`, and the call books `2026-03-16`, which the final output gives.

    The required value is in the task or the caller's input; no argument of the call is it;
    the other value is not the task's, is in the caller's input (copied, not made up) and in
    the final output, and the earliest step upstream of the caller that wrote it did not
    also write the required one (a result that says the task's date is full and offers
    another replaced it on its own authority). Each value is traced once."""
    required = matcher.needle
    form = None if required is None or " " in required else _form(required)
    if required is None or form is None:
        return None
    wanted = required.casefold()
    task = flow.trace.input[:_SCAN].casefold()
    final = _others(flow.final_output, form, wanted, task)
    if not final:
        return None  # the final output gives no other value of the form: nothing to trace
    traced: set[str] = set()
    upstream = flow.upstream_of_final
    for index in (i for i in flow.all_tool_steps if i in upstream):
        asked = flow.steps[index].input[:_SCAN].casefold()
        if not any(value in asked for value in final):
            continue
        called = call_arguments(flow, index)
        if called is None:
            continue
        arguments, callers = called
        caller = max(callers)
        values = [_spelled(v) for v in islice(arguments.values(), _MAX)]
        tokens = [t for v in values for t in _token().findall(v)[:_MAX]]
        if wanted in (t.casefold() for t in tokens):
            continue  # the task's value was used
        for value in tokens:
            folded = value.casefold()
            if _form(value) != form or folded in traced or folded not in final:
                continue
            if form == "Name" and value not in values:
                continue  # a capitalised word of a sentence is no name given as an argument
            traced.add(folded)  # at most `_MAX`: each is one of `final`'s
            source = _copied(flow, caller, folded)
            if source is None or not (
                whole_word_in(wanted, task)
                or whole_word_in(wanted, flow.steps[caller].input[-_SCAN:].casefold())
            ):
                continue
            if whole_word_in(wanted, flow.steps[source].output[:_SCAN].casefold()):
                continue  # the source spoke of the task's value and gave this one for it
            what = "result" if flow.steps[source].kind is StepKind.TOOL else "output"
            return at_step(
                flow,
                caller,
                BORROWED_CONFIDENCE,
                f"{flow.label(caller)} had {matcher.shown} in its input and called "
                f"{flow.steps[index].name} (step {index}) with {quote(value)} instead, a value "
                f"of the same form copied from {flow.label(source)}'s {what}, not the task's; "
                f"the final output gives {quote(value)}",
            )
    return None


def _others(text: str, form: str, wanted: str, task: str) -> set[str]:
    """The values of `form` in `text` (folded) other than `wanted` and the task's own: of the
    first `_MAX` distinct values of the form, so a long answer costs no more than a short."""
    seen: dict[str, None] = {}
    for match in _token().finditer(text[:_SCAN]):
        folded = match.group(0).casefold()
        if folded != wanted and folded not in seen and _form(match.group(0)) == form:
            seen[folded] = None
            if len(seen) == _MAX:
                break
    return {value for value in seen if not whole_word_in(value, task)}


def _spelled(value: object) -> str:
    """An argument as text: a string or number as written, anything else as nothing."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return ""
    return str(value).strip()


def _copied(flow: StepGraph, caller: int, folded: str) -> int | None:
    """The earliest step upstream of `caller` whose output has `folded` (a whole word), when
    the caller's input has it too: the value came whole from there, not made up."""
    if not whole_word_in(folded, flow.steps[caller].input[-_SCAN:].casefold()):
        return None
    return flow.first_folded_hit(folded, sorted(flow.ancestors(caller)), "out")


MADE_UP_CONFIDENCE = 0.62
"""Above the tool's own 0.6: the tool answered faithfully what it was asked."""


def _value_key(token: str) -> str | None:
    """A token that names a thing (a figure of two characters or more, a code in capitals of
    three or more: `522`, `ACMX`, `USD`), as compared (a figure by its value); else None."""
    if any(c.isdigit() for c in token):
        if len(token) < 2:
            return None
        try:
            return f"{float(token.replace(',', '')):.12g}"
        except ValueError:
            return token.casefold()
    return token.casefold() if len(token) >= 3 and token.isupper() else None


def _value_keys(text: str) -> set[str]:
    keys = (_value_key(m.group(0)) for m in _token().finditer(text[:_SCAN]))
    return {k for k in keys if k is not None}


def made_up_call(flow: StepGraph, index: int) -> Suspect | None:
    """The agent step that called tool step `index` with a value it made up: a figure or a
    code in the call's arguments that neither the task nor the caller's input has (`ACMX`
    for the task's `ACME`, `USD` where the plan says `GBP`, `522` read from `522,250`).
    Whatever the tool returned answered that call faithfully; the call decided. For traces
    without LLM-call steps, where the tool step would otherwise be blamed for its output."""
    if not on("made-up-argument") or flow.steps[index].kind is not StepKind.TOOL:
        return None
    called = call_arguments(flow, index)
    if called is None:
        return None
    arguments, callers = called
    caller = max(callers)
    known = _value_keys(flow.trace.input) | _value_keys(flow.steps[caller].input)
    for value in list(arguments.values())[:_MAX]:
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            continue
        for match in islice(_token().finditer(str(value)[:_SCAN]), _MAX):
            key = _value_key(match.group(0))
            if key is not None and key not in known:
                return at_step(
                    flow,
                    caller,
                    MADE_UP_CONFIDENCE,
                    f"{flow.label(caller)} called {flow.label(index)} with "
                    f"{quote(match.group(0))}, which neither the task nor its input had; the "
                    "tool answered that call",
                )
    return None


SUBSTITUTION_CONFIDENCE = 0.95
"""The step that had the required content and wrote the final answer's value instead."""


def substituted(flow: StepGraph, matcher: Matcher) -> Suspect | None:
    """The agent or LLM step that first wrote the answer the final output gives while the
    required content was in its own input: it put the wrong value where the right one was.

    Later steps that only carried that answer on also had the required content in their
    inputs (an LLM call's input holds the whole conversation so far), so "had it and dropped
    it" names the last of them; the substitution is where the wrong answer began. Only a
    step before that loss is put first: at the loss itself the loss says it more plainly.
    The final output's misspelling of a required identifier (`AF1243` for `AF1234`) is the
    answer it gives in its place, before any value it merely marks or any number.
    """
    origin = misspelt(flow, matcher) or final_answer_origin(flow)
    if origin is None:
        return None
    index, value = origin
    step = flow.steps[index]
    if step.kind is StepKind.TOOL or not matcher.inp(flow, index):
        return None  # a tool's value: no swap
    wrote = "wrote"
    if matcher.out(flow, index):
        if not _concluded_otherwise(step.output, matcher, value):
            return None  # a step that kept the required content: no swap
        wrote = f"wrote {matcher.shown}, then"
    return at_step(
        flow,
        index,
        SUBSTITUTION_CONFIDENCE,
        f"{flow.label(index)} had {matcher.shown} in its input and {wrote} {quote(value)}, "
        "the answer the final output gives, which no step before it on the way there had",
    )


def _concluded_otherwise(output: str, matcher: Matcher, value: str) -> bool:
    """The output gives `value` after the last place it has the required content (a literal):
    the step worked the right value out, then wrote another as its conclusion
    (`3911 - 1991 = 1920; ... Rounded to a whole number: 1902`)."""
    if matcher.needle is None:
        return False
    text = output if matcher.case_sensitive else output.casefold()
    right = text.rfind(matcher.needle)
    return 0 <= right < text.rfind(value if matcher.case_sensitive else value.casefold())
