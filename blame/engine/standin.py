"""A stand-in: the step that wrote another value of the required one's form in its place.

`content.substituted` finds where the final answer began when the final output marks it (a
marked value, its last number, a bare answer). An answer that is one value inside a sentence
(`boarding at gate B21, departure 14:05`; `Forecast: Lyon: sun`) is marked by nothing, yet
the wrong value can still be told apart: it has the required value's form (`B21` for `B12`,
a code of a letter and two digits; `Lyon` for `Lille`, a capitalised name). The step that
first wrote such a value, while the required one was in its input and not in its output and
the value was in neither its input nor the task, put it in the required one's place; the
steps after it only carried it on (each had the required value too, in the conversation it
was given, so the loss alone names the last of them).
"""

from __future__ import annotations

import re

from blame.engine.matching import Matcher, quote
from blame.engine.suspects import at_step
from blame.graph import StepGraph, whole_word_in
from blame.model import StepKind
from blame.results import Suspect
from blame.text import compiled_on_use

CONFIDENCE = 0.95
"""As sure as a marked answer's substitution: the same evidence, found by form."""
_SCAN = 100_000
"""How much of a text is read for values."""
_token = compiled_on_use(r"\w(?:[\w\-.,:/]*\w)?")
"""A value: a word, a code or a figure (`B21`, `1,299.50`, `2026-03-14`, `14:05`)."""
_sentence_start = compiled_on_use(r"(?:^|[.!?]\s+|\n\s*)$")
"""What comes before a word that is capitalised only because a sentence starts there."""


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


def _stand_ins(final_output: str, form: str, required: str, task: str) -> list[str]:
    """Values of `form` in the final output other than the required one and the task's own;
    a capitalised word that starts a sentence is no name."""
    found = []
    text = final_output[:_SCAN]
    for match in _token().finditer(text):
        value = match.group(0)
        if _form(value) != form or value.casefold() == required.casefold():
            continue
        if form == "Name" and _sentence_start().search(text[: match.start()]):
            continue
        if whole_word_in(value.casefold(), task.casefold()):
            continue
        found.append(value)
    return list(dict.fromkeys(found))


def stand_in(flow: StepGraph, matcher: Matcher) -> Suspect | None:
    """The agent step that first wrote a value of the required literal's form in its place."""
    required = matcher.needle  # as written when the check is case-sensitive (the default)
    form = None if required is None or " " in required else _form(required)
    if required is None or form is None:
        return None
    among = sorted(i for i in flow.upstream_of_final if flow.steps[i].kind is not StepKind.HUMAN)
    best: tuple[int, str] | None = None
    for value in _stand_ins(flow.final_output, form, required, flow.trace.input):
        folded = value.casefold()
        first = next(
            (i for i in among if whole_word_in(folded, flow.steps[i].output[:_SCAN].casefold())),
            None,
        )
        if first is None or (best is not None and first >= best[0]):
            continue
        step = flow.steps[first]
        if step.kind is StepKind.TOOL or not matcher.inp(flow, first) or matcher.out(flow, first):
            continue
        if whole_word_in(folded, step.input[:_SCAN].casefold()):
            continue
        best = (first, value)
    if best is None:
        return None
    index, value = best
    return at_step(
        flow,
        index,
        CONFIDENCE,
        f"{flow.label(index)} had {matcher.shown} in its input and wrote {quote(value)} "
        f"instead, a value of the same form that neither its input nor the task had and "
        "that the final output gives",
    )
