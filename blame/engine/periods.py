"""Which period a lookup answered for: a tool asked for another week or day than the one the
task names (`week=2025-W13`, from `strftime("%Y-W%U")`, for the week beginning 31 March 2025)
lists dates round another period, and whatever was computed from it answers for that period.
"""

from __future__ import annotations

from datetime import date, timedelta

from blame.engine.figures import unquoted
from blame.engine.matching import quote
from blame.engine.rules import on
from blame.engine.spellings import MONTHS, as_dated
from blame.engine.suspects import at_step, decision, records_decisions
from blame.graph import StepGraph
from blame.model import StepKind
from blame.results import Suspect
from blame.text import SCAN, compiled_on_use

_MONTH = "|".join(MONTHS)
_stated = compiled_on_use(
    rf"(?i)(?<![\d-])([0-9]{{4}})-([0-9]{{2}})-([0-9]{{2}})(?![\d])"
    rf"|\b([0-9]{{1,2}})(?:st|nd|rd|th)?(?:[ \t]+of)?[ \t]+({_MONTH}),?[ \t]+([0-9]{{4}})\b"
    rf"|\b({_MONTH})[ \t]+([0-9]{{1,2}})(?:st|nd|rd|th)?,?[ \t]+([0-9]{{4}})\b"
)
"""A date as a task states it: ISO, `31 March 2025`, `31st of March, 2025`, `March 31, 2025`."""
_listed = compiled_on_use(r"(?<![\d-])([0-9]{4})-([0-9]{2})-([0-9]{2})(?![\d-])")
"""An ISO date a tool's output lists (a timestamp's date too: `2025-03-24T09:30`)."""
_example = compiled_on_use(r"(?i)\b(?:e\.g\.|for example|such as)[^?!\n]{0,200}")
"""An example of the answer's form (`Answer as YYYY-MM-DD, e.g. 2001-01-31.`): no day asked."""
_WEEK = timedelta(days=6)
"""How far after the task's day a listing may begin and still be its week's."""
_DATES = 1_000
"""Dates of one tool's output read: a listing's period shows in its first ones."""


def stated_dates(text: str) -> list[date]:
    """The valid dates `text` states, in order (a day that does not exist is no date)."""
    found = []
    for match in _stated().finditer(text[:SCAN]):
        iso, day_first, month_first = (
            match.group(1, 2, 3),
            match.group(4, 5, 6),
            match.group(7, 8, 9),
        )
        if iso[0] is not None:
            parts = (int(iso[0]), int(iso[1]), int(iso[2]))
        elif day_first[0] is not None:
            parts = (int(day_first[2]), MONTHS.index(day_first[1].lower()) + 1, int(day_first[0]))
        else:
            parts = (
                int(month_first[2]),
                MONTHS.index(month_first[0].lower()) + 1,
                int(month_first[1]),
            )
        try:
            found.append(date(*parts))
        except ValueError:
            continue
    return found


def other_period(flow: StepGraph, index: int) -> Suspect | None:
    """Where the task names one day (`the week beginning Monday 31 March 2025`; not in an
    example of the answer's form, quoted or after `e.g.`), no tool upstream of the final
    output states it in any form, and a tool whose output reached step `index` (where the
    wrong value first appeared) lists two ISO dates or more, all before that day or all a
    week after it or later (a week's bookings from `2025-03-24` to `2025-03-30`): the LLM
    call that first asked that tool with those arguments. It looked up another period; what
    the run then computed answered for that period. Dates within the week from the day on
    may be the day's own period's (a week's bookings from its Tuesday)."""
    if not records_decisions(flow) or not on("period-argument"):
        return None
    asked = set(stated_dates(_example().sub(" ", unquoted(flow.trace.input))))
    if len(asked) != 1:
        return None
    (day,) = asked
    pattern = as_dated(day.isoformat())
    tools = [i for i in sorted(flow.upstream_of_final) if flow.steps[i].kind is StepKind.TOOL]
    if pattern is None or any(flow.search(pattern, flow.steps[i].output) for i in tools):
        return None
    reached = flow.ancestors(index) | {index}
    for tool in (i for i in tools if i in reached):
        listed = _listed_dates(flow.steps[tool].output)
        if len(listed) < 2 or (min(listed) <= day + _WEEK and max(listed) >= day):
            continue
        step = flow.steps[tool]
        first = next(c for c in flow.tool_calls[step.name] if flow.steps[c].input == step.input)
        asker = decision(flow, first)
        if asker == first:
            continue
        return at_step(
            flow,
            asker,
            0.85,
            f"{flow.label(asker)} asked {flow.label(first)} for {quote(step.input)}; "
            f"{flow.label(tool)} listed dates from {min(listed).isoformat()} to "
            f"{max(listed).isoformat()}, a period without the task's {day.isoformat()}",
        )
    return None


def _listed_dates(output: str) -> list[date]:
    found = []
    for match in _listed().finditer(output[:SCAN]):
        try:
            found.append(date(int(match[1]), int(match[2]), int(match[3])))
        except ValueError:
            continue
        if len(found) >= _DATES:
            break
    return found
