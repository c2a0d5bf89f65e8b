"""Which call picked one of two values a tool gave: a tool whose output listed both the right
and the wrong value made no choice, so the step after it that kept the wrong one did; or a
report that restated the task's question with the wrong value as its answer, though it had
the right one too, made the choice its reader then copied.
"""

from __future__ import annotations

import bisect
import heapq
from collections.abc import Iterator

from blame.engine.figures import FUNCTION_WORDS, numbers, stem, words
from blame.engine.interpreter import printed_alone, written
from blame.engine.matching import Matcher
from blame.graph import StepGraph
from blame.model import StepKind
from blame.text import compiled_on_use

_SCAN = 100_000
"""Characters of a step's output read for the lines that name a value."""


def picked(flow: StepGraph, index: int, bad: Matcher, right: Matcher) -> int:
    """A tool whose output gave both values made no choice: of the model or agent steps
    after it that kept the wrong value without the right one, the first that wrote it itself
    (or whose code picked it out), else the first, picked it (else the tool)."""
    if flow.steps[index].kind is not StepKind.TOOL or not right.out(flow, index):
        return index
    kinds = (StepKind.LLM, StepKind.AGENT)
    kept_it = [
        at
        for at in _carried(flow, index, bad)
        if at != index and flow.steps[at].kind in kinds and not right.out(flow, at)
    ]
    # a call whose code only printed it (a record's fields, listed to look at) kept it
    # less than a later one that wrote it itself
    found = next((at for at in kept_it if _wrote_itself(flow, at, bad)), None)
    found = found if found is not None else kept_it[0] if kept_it else index
    # ...unless a report before it answered the task's question with it, the right value
    # beside it: that report chose, its reader copied
    told = (at for at in _carried(flow, index, bad) if index < at < found)
    answered = next((at for at in told if _answered_with(flow, at, bad, right)), None)
    if answered is not None:
        return answered
    if flow.steps[found].kind is StepKind.LLM:
        return _decided_before(flow, found, index, bad, right)
    if flow.steps[found].kind is not StepKind.AGENT or found == index:
        return found
    # an agent's run that kept it: the first of its LLM calls that had both and wrote the
    # wrong one (a later read of the page, not a child of this one, may be where it chose)
    calls = (at for at in flow.parent_indexes[found] if flow.steps[at].kind is StepKind.LLM)
    chose = next(
        (
            at
            for at in sorted(calls)
            if at > index and bad.out(flow, at) and right.inp(flow, at) and not right.out(flow, at)
        ),
        None,
    )  # and, as for a call found directly, the plan just before it may have decided
    return found if chose is None else _decided_before(flow, chose, index, bad, right)


def _answered_with(flow: StepGraph, index: int, bad: Matcher, right: Matcher) -> bool:
    """The LLM call had both values in its output, and its first line of prose naming
    either (a list's row aside) restates the task's question with the wrong value alone as
    the answer (`Bev Hartley won the women's gurning title at the 2025 Crab Fair.`, beside
    the results table it read). A line that says less (`Ruth Dabbs was leading after round
    two`, `Mow Problem won outright`) answers another question: whoever read it chose."""
    step = flow.steps[index]
    if step.kind is not StepKind.LLM or not right.out(flow, index):
        return False
    asked, figures = _question(flow.trace.input)
    if not asked:
        return False
    text = written(step.output[:_SCAN]).replace("\\n", "\n")
    for line in text.split("\n"):
        if _ROW().match(line):
            continue
        has_bad, has_right = bad.find(flow, line) is not None, right.find(flow, line) is not None
        if has_bad or has_right:
            said = {stem(word) for word in words(line)}
            restated = all(stem(word) in said for word in asked) and figures <= numbers(line)
            # `did not win`, `lost the title`: the line says the wrong value is no answer
            return has_bad and not has_right and restated and _negation().search(line) is None
    return False


def _question(task: str) -> tuple[set[str], set[str]]:
    """The words and figures the task's question names what it asks with: its first sentence
    ending in `?` (the whole task where none does), without function words and question
    words (the instructions after it, `Reply with the name only`, say how to answer, not
    what). A sentence ends at `. `, `! ` or a line's end, not at a decimal point (`2.5 km`)."""
    task = task[:_SCAN]
    end = task.find("?")
    question = task
    if end >= 0:
        start = max(task.rfind(mark, 0, end) for mark in (". ", "! ", "\n"))
        question = task[start + 1 : end]
    asked = {word for word in words(question) if word not in FUNCTION_WORDS | _ASKING}
    return asked, numbers(question)


_ASKING = frozenset({"what", "which", "when", "where", "whom", "whose", "many", "much"})
"""Question words: they ask, they name nothing the answer restates."""
_negation = compiled_on_use(r"(?i)\b(?:not|never|no|nor|neither|lost|without)\b|n['\u2019]t\b")
"""A word that says a line's claim does not hold (`did not win`, `lost the title`)."""
_ROW = compiled_on_use(r"\s*(?:[-*|\u2022#>]|\d+[.)]\s)")
"""A line that is a list's or a table's row, or a heading: it lists, it claims no answer."""


def _wrote_itself(flow: StepGraph, index: int, bad: Matcher) -> bool:
    """The step wrote the wrong value itself, or its code picked it out (printed it alone on
    a line, `msl = levels[0]["msl_m"]`), not only listed it among a record's fields."""
    step = flow.steps[index]
    if step.kind is not StepKind.LLM or bad.find(flow, written(step.output)) is not None:
        return True
    return printed_alone(flow, step.output, bad)


def had_both(flow: StepGraph, index: int, bad: Matcher, rights: tuple[Matcher, ...]) -> int:
    """Step `index`, where the wrong value first appeared without the right one at hand (a
    search snippet about another peak), or the first LLM call after it on the way to the
    final output that had the right value in its input and wrote the wrong one without it:
    that call chose (`the hut's is 2,964 m`, from a report that gave the hut's 2,731 m)."""
    if any(m.inp(flow, index) for m in rights):
        return index
    for at in sorted(flow.upstream_of_final):
        if at <= index or flow.steps[at].kind is not StepKind.LLM or not bad.out(flow, at):
            continue
        if any(m.inp(flow, at) for m in rights) and not any(m.out(flow, at) for m in rights):
            return at
    return index


def _decided_before(flow: StepGraph, call: int, tool: int, bad: Matcher, right: Matcher) -> int:
    """The LLM call that wrote the wrong value alone, or its agent's call just before it
    (after the tool), when that one wrote it on a line of its own words without the right
    value, or its code printed both on a line, then it alone: a plan's `1. Return Ilse
    Varga as the winner.` decided, as did `premier = max(weights)`; the call that then wrote
    `final_answer(...)` followed it."""
    calls = flow.llm_calls.get(flow.steps[call].agent, [])
    at = bisect.bisect_left(calls, call)
    if at == 0 or calls[at - 1] <= tool:
        return call
    before = calls[at - 1]
    output = flow.steps[before].output[:_SCAN]
    lines = written(output).split("\n")
    chose = any(
        bad.find(flow, line) is not None and right.find(flow, line) is None for line in lines
    )
    # ...or its code picked it out of the candidates it printed (`premier = max(weights)`,
    # printed alone below the list holding both)
    picked_out = printed_alone(flow, output, bad) and not printed_alone(flow, output, right)
    return before if chose or (picked_out and _listed_both(flow, output, bad, right)) else call


def _listed_both(flow: StepGraph, output: str, bad: Matcher, right: Matcher) -> bool:
    """What a call's code printed has a line with both values (`[53.65, 53.65, 64.99]`): the
    candidates it chose among, not a page it printed whole."""
    printed = output[len(written(output)) :]
    return any(
        bad.find(flow, line) is not None and right.find(flow, line) is not None
        for line in printed.splitlines()[:_PRINTED]
    )


_PRINTED = 200
"""Lines of what code printed looked at for the candidates."""


def _carried(flow: StepGraph, index: int, bad: Matcher) -> Iterator[int]:
    """Step `index`, then the steps downstream that output the wrong value, in order."""
    todo, done = [index], {index}
    while todo:
        at = heapq.heappop(todo)
        yield at
        for child in flow.children(at):
            if child not in done and bad.out(flow, child):
                done.add(child)
                heapq.heappush(todo, child)
