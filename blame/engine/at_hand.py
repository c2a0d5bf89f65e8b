"""A step that had the right value at hand and output the wrong one (`exact_match`).

Where the wrong value first appeared, the step had the right one in its input, or a step
feeding it output it: it chose. Some had it only by chance (a count of one or two digits)
or only where nobody asked to look; the rules here put the decision that made the choice
first then.
"""

from __future__ import annotations

from functools import partial

from blame.engine.chosen import contradicted, misled, wrote_it
from blame.engine.drift import turned_before
from blame.engine.figures import asks_count, is_number, numbers, stem, words_in_order
from blame.engine.further import further, read_past
from blame.engine.interpreter import computed_in_code, in_reach, written
from blame.engine.matching import Matcher, number_start, quote
from blame.engine.operands import Operand, computed_from
from blame.engine.premature import hands_answer, snippet_only, unread_pages
from blame.engine.replanned import plan_dropped
from blame.engine.rules import on
from blame.engine.spellings import in_figures
from blame.engine.suspects import at_step, decision, ranked, records_decisions
from blame.faultmarks import failed_as, failure
from blame.graph import StepGraph
from blame.model import StepKind
from blame.results import Suspect
from blame.text import SCAN, compiled_on_use


def had_right(
    flow: StepGraph,
    steps: tuple[int, int, int],
    matchers: tuple[Matcher, Matcher, Matcher],
    wrong: str,
    losses: tuple[Suspect, ...],
) -> tuple[Suspect, ...] | None:
    """Suspects when step `index` of `steps` (the final step, where the wrong value first
    appeared, the step that chose it) had the right value; None when it did not. The
    matchers are the right value, the right value as stated and the wrong one."""
    final, origin, index = steps
    right, seen, bad = matchers
    count = asks_count(flow.trace.input)
    stated = (
        (number_start(right, count=count), seen) if is_number(right.needle or "") else (right, seen)
    )
    had = any(
        m.inp(flow, index) or any(m.out(flow, p) for p in flow.parent_indexes[index])
        for m in stated
    ) and not (records_decisions(flow) and seen.only_instructed(flow))
    if not had:
        return None
    given = [flow.steps[index].input, *(flow.steps[p].output for p in flow.parent_indexes[index])]
    had_as = _as_dated(flow, given, right.needle or "", seen)
    wrote_as = _as_dated(flow, [flow.steps[index].output], wrong, bad)
    reason = (
        f"{flow.label(index)} had {right.shown}{had_as} available but output the wrong value "
        f"{bad.shown}{wrote_as} that reached the final output"
    )
    kept = right.find(flow, flow.final_output) is not None
    losses = () if kept else losses  # the output has it, only not as the whole answer
    more = further(flow, f"the final output is not {right.shown}", origin_too=not kept)
    chose = at_step(flow, index, 0.95, reason)
    # a report that gave the right value beside the wrong one misled no code that chose
    only_wrong = lambda p: bad.out(flow, p) and not any(m.out(flow, p) for m in stated)  # noqa: E731
    worked = (
        computed_in_code(flow, final, origin, only_wrong)
        if flow.steps[index].kind is StepKind.AGENT and on("code-variable")
        else None
    )
    if worked is not None and in_reach(flow, seen, worked[0], right.needle or wrong):
        chose = at_step(flow, worked[0], 0.95, f"{reason}; {worked[1]}")
    if flow.steps[index].kind is StepKind.TOOL and bad.inp(flow, index):
        caller, did = wrote_it(flow, index, bad)  # the call gave the tool what it output
        chose = at_step(flow, caller, 0.95, f"{did} that reached the final output")
    made = computed_from(flow, index, wrong) if on("operand-introduced") else None
    if made is not None and _introduced(flow, made, index):  # from a figure no one gave
        why = f"{bad.shown} was computed by {flow.label(made.tool)} from {quote(made.value)}"
        made_up = at_step(flow, made.step, 0.95, f"{why}, {made.why}")
        return ranked((made_up, chose, *losses, *more))
    # the right value on the wrong page only, or beside the wrong one in an unread snippet,
    # or the wrong one from a lookup of another year or season than the task's, unprompted
    asked_otherwise = (
        misled(flow, index, right)
        or snippet_only(flow, origin, bad, seen)
        or contradicted(flow, origin, alone=True)
    )
    # ...or the chooser answered its own plan's question, which left the task's words out
    apart = partial(_tells_apart, flow, flow.steps[index].input[:SCAN], (seen, bad))
    replanned = plan_dropped(flow, chose, beside=apart) if not asked_otherwise else None
    # ...or it had a figure of one or two digits, in most listings by chance, where the
    # run answered from the first of several pages, or past a failure nobody retried
    small = not asked_otherwise and _small_count(right.needle or "")
    paged = unread_pages(flow, final, bad, chance=seen) if small else None
    unheeded = _went_on(flow, final, seen, bad) if small and paged is None else None
    turned = turned_before(flow, seen, chose, kept, origin)
    decided = [s for s in (paged, unheeded, replanned) if s is not None]
    return ranked((*asked_otherwise, *decided, *turned, *losses, *more))


def _as_dated(flow: StepGraph, texts: list[str], value: str, stated: Matcher) -> str:
    """` (as '2025-04-17')`: how the first of `texts` to hold it wrote a date in figures
    (`17/04/2025`) in another form; empty for any other value, or one written as it is."""
    if stated.pattern is None or in_figures(value, flow.trace.input) is None:
        return ""
    for text in texts:
        found = flow.search(stated.pattern, text[:SCAN])
        if found is not None:
            return "" if found.text.strip() == value.strip() else f" (as {quote(found.text)})"
    return ""


def _introduced(flow: StepGraph, made: Operand, index: int) -> bool:
    """Whether the operand behind a computed wrong value was stated by an LLM call other
    than step `index` that was never given it: a figure made up, which explains the wrong
    value whatever else the run had at hand. Not one a page gave (a row read wrongly)."""
    step = flow.steps[made.step]
    return (
        made.step != index
        and step.kind is StepKind.LLM
        and made.value in numbers(step.output[:SCAN])
        and made.value not in numbers(step.input[:SCAN])
    )


def _tells_apart(
    flow: StepGraph, text: str, values: tuple[Matcher, Matcher], stems: set[str]
) -> bool:
    """Some line of `text` with the right value (the first of `values`) has a word of
    `stems`, and no line with the wrong one has any: the words tell the two apart."""
    right, wrong = values
    by_right = False
    for line in text.splitlines():
        near = not stems.isdisjoint(stem(w.casefold()) for w in words_in_order(line))
        if near and wrong.find(flow, line) is not None:
            return False
        by_right = by_right or (near and right.find(flow, line) is not None)
    return by_right


def _went_on(flow: StepGraph, final: int, right: Matcher, bad: Matcher) -> Suspect | None:
    """The LLM call of the agent that gave the run's answer that read a tool's error nobody
    retried and answered as if the call had worked (`page 2 failed: 503`, then
    `final_answer(...)` from page 1): it wrote the wrong value, not the right one, or handed
    the run's answer on. Only a failure beside a call of the same tool that the same call
    asked for and that worked (a loop over pages): its reader had part of a listing. One
    that went on to other lookups answered nothing yet."""
    if not on("error-went-on"):
        return None
    past = read_past(flow, final)
    if past is None or not _beside_one_that_worked(flow, past[0]):
        return None
    failed, reader = past
    wrote = written(flow.steps[reader].output[:SCAN])
    if flow.steps[reader].agent != flow.steps[final].agent or right.find(flow, wrote) is not None:
        return None
    if bad.find(flow, wrote) is None and hands_answer().search(wrote) is None:
        return None
    error = quote(failure(flow.steps[failed]) or "")
    why = f"{flow.label(failed)} {failed_as(flow.steps[failed])} {error}"
    said = f"{flow.label(reader)} read that {why} and went on"
    small = f"{right.shown}, a figure of one or two digits, is in most texts by chance"
    return at_step(flow, reader, 0.85, f"{said}; {small}")


def _beside_one_that_worked(flow: StepGraph, failed: int) -> bool:
    """Tool call `failed` has a sibling of the same tool, asked for by the same call, that
    returned without failing (page 1 of the loop whose page 2 failed)."""
    step, asker = flow.steps[failed], decision(flow, failed)
    return any(
        other.index != failed
        and other.kind is StepKind.TOOL
        and other.name == step.name
        and not failure(other)
        and decision(flow, other.index) == asker
        for other in flow.steps
    )


def _small_count(value: str) -> bool:
    """A whole number of one or two digits: one most listings hold by chance."""
    return _one_or_two_digits().fullmatch(value.strip()) is not None


_one_or_two_digits = compiled_on_use(r"[0-9]{1,2}")
