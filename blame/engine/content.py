"""Content rules: required content lost or never produced, forbidden content, wrong values.

Everything walks the data flow back from the final step (never recording order), visiting
each step at most once, so a rule costs one pass over the steps it reaches.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial

from blame.engine.chosen import (
    as_stated,
    contradicted,
    misled,
    named_source,
    wrote_it,
)
from blame.engine.claims import reports_failure
from blame.engine.constants import stated_constant
from blame.engine.definitions import unread_definition
from blame.engine.drift import deviation, turned_before, untold
from blame.engine.edges import made_on_edge
from blame.engine.figures import asks_count, is_number, numbers, stem, unbounded, words_in_order
from blame.engine.forms import written_otherwise
from blame.engine.interpreter import computed_in_code, in_reach, written
from blame.engine.lookups import wrong_source
from blame.engine.losses import EARLIER_LOSS_CONFIDENCE, holds, lost
from blame.engine.matching import Matcher, literal, number_start, quote
from blame.engine.operands import Operand, computed_from, looked_up_otherwise
from blame.engine.periods import other_period, stated_dates
from blame.engine.picked import had_both, picked
from blame.engine.premature import (
    cut_short,
    hands_answer,
    planned_lookups,
    snippet_answer,
    snippet_only,
    unread_pages,
)
from blame.engine.provenance import (
    final_answer_origin,
    ignored_error,
    never_produced,
    went_on,
)
from blame.engine.quantities import figure_of
from blame.engine.replanned import plan_dropped
from blame.engine.rules import on
from blame.engine.spellings import (
    clock_unit,
    misread_date,
    respelled,
)
from blame.engine.standin import (
    borrowed,
    misdirected_at,
    misdirected_upstream,
    stand_in,
    substituted,
)
from blame.engine.stopped import stopped_early
from blame.engine.suspects import (
    agent_at,
    at_step,
    decision,
    ranked,
    records_decisions,
    with_confidence,
)
from blame.engine.swallowed import answered_past_failure, swallowed
from blame.engine.swaps import swapped_operand
from blame.engine.unanswered import guessed_after_loop, why_none_first
from blame.faultmarks import failed_as, failure
from blame.graph import StepGraph
from blame.model import StepKind
from blame.results import Suspect
from blame.text import SCAN, compiled_on_use

ORIGIN_CONFIDENCE = 0.9
"""The step that introduced content nothing before it carried."""
_DROPPED = 500
"""Characters of a final output read as the answer given in place of what was dropped."""


def required(flow: StepGraph, matcher: Matcher) -> tuple[Suspect, ...]:
    """Who lost required content on its way to the final output, or who never produced it."""
    if flow.final_step is None:
        return ()
    if flow.trace.shared_context:
        return _conversation(flow, matcher)
    losses = lost(flow, matcher)
    spelled = None if losses else respelled(flow, matcher)
    if spelled is not None:
        losses = lost(flow, spelled)
        matcher = spelled if losses else matcher
    if not losses:
        found = never_produced(flow, matcher.shown)
        return ranked((*misdirected_upstream(flow), *_stopped_among(flow, matcher, found)))
    swapped = substituted(flow, matcher) if on("substituted") else None
    if swapped is not None and swapped.step_index == losses[0].step_index:
        swapped = None  # the loss names the same step, and says it more plainly
    loss = losses[0].step_index
    if swapped is None and loss is not None and on("substituted"):
        swapped = stand_in(flow, matcher, before=loss) or borrowed(flow, matcher)
    more = further(flow, f"{matcher.shown} is missing from the final output")
    if swapped is not None and (
        losses[0].kind == "handoff" or _joined_after(flow, swapped.step_index, losses)
    ):
        # Lost in transit: the steps after the handoff never had the required content, so
        # the substitution's premise (they carried the answer on while having it) is false.
        # The step that wrote both may still have concluded wrongly: a place to look after.
        # So for a step that joined a fan-out's branches after the branch given the content
        # dropped it: it had the content only from the sender, as context.
        later = with_confidence(swapped, min(swapped.confidence, EARLIER_LOSS_CONFIDENCE))
        return ranked((*losses, later, *more))
    first = swapped or (deviation(flow, matcher, losses[0]) if on("deviation") else None)
    if first is None and on("deviation"):  # dropped by an agent never told what narrows it
        first = untold(flow, matcher, losses[0], dropped=flow.final_output.strip()[:_DROPPED])
    return ranked((*losses, *more) if first is None else (first, *losses, *more))


def _joined_after(flow: StepGraph, index: int | None, losses: tuple[Suspect, ...]) -> bool:
    """Step `index` dropped the content too, yet the losses put an upstream step first: only a
    fan-in ranks a step that had the content after a branch that fed it (`drops.fan_ins`)."""
    if index is None or not any(s.step_index == index for s in losses[1:]):
        return False
    return losses[0].kind == "agent" and losses[0].step_index in flow.ancestors(index)


def _conversation(flow: StepGraph, matcher: Matcher) -> tuple[Suspect, ...]:
    """In a chat every message sees all earlier ones: a message that does not repeat a value
    has not lost it. The conversation's own signals come first; a loss is listed after them.
    """
    losses = lost(flow, matcher)
    missing = "is missing from the final output" if losses else ""
    if losses and on("stated-then-dropped") and _stated_then_dropped(flow, matcher):
        return ranked((*losses, *never_produced(flow, matcher.shown, missing)))
    later = (with_confidence(s, min(s.confidence, 0.2)) for s in losses)
    return ranked((*never_produced(flow, matcher.shown, missing), *later))


def _stated_then_dropped(flow: StepGraph, matcher: Matcher) -> bool:
    """A value the run found itself (an agent or tool message stated it; the task did not)
    and the final message left out: the loss is the evidence, ahead of the chat's signals.

    Only a literal long enough to be told from chance (four characters or more: `literal`
    matches shorter ones as whole words, as they turn up everywhere) counts.
    """
    final = flow.final_step
    if final is None or matcher.needle is None or matcher.whole_word or matcher.out(flow, final):
        return False
    if matcher.find(flow, flow.trace.input) is not None:
        return False
    steps = flow.steps
    return any(steps[i].kind is not StepKind.HUMAN for i in matcher.hits(flow, "out"))


def forbidden(flow: StepGraph, matcher: Matcher) -> tuple[Suspect, ...]:
    """The step(s) that introduced forbidden content that reached the final output."""
    final = flow.final_step
    if final is None:
        return ()
    if not matcher.out(flow, final):
        return (
            agent_at(
                flow,
                final,
                0.6,
                f"the run's final output contains {matcher.shown}, which {flow.label(final)} "
                "did not output",
            ),
        )
    found = sorted(origins(flow, matcher, final))
    return ranked(
        s
        for _, origin in found
        for s in (*_rendered(flow, matcher, origin), *misdirected_at(flow, origin), origin)
    )


def _stopped_among(
    flow: StepGraph, matcher: Matcher, found: tuple[Suspect, ...]
) -> tuple[Suspect, ...]:
    """The never-produced suspects with the step that ended a loop among them, by confidence:
    after an error upstream and the final answer's origin, before the steps that only wrote
    what the final output repeats."""
    stop = stopped_early(flow, f"{matcher.shown}") if on("stopped-early") else None
    if stop is None:
        return found
    at = next((i for i, s in enumerate(found) if s.confidence < stop.confidence), len(found))
    return (*found[:at], stop, *found[at:])


def _rendered(flow: StepGraph, matcher: Matcher, origin: Suspect) -> tuple[Suspect, ...]:
    """Where the figure of a forbidden quantity came from, when the step that introduced the
    quantity only gave a unit to a bare figure its input had and the task lacks (a node that
    formats `budget: 30` as '30 EUR'): the earliest agent step upstream that wrote the figure
    without reading it; the step that wrote the quantity is then second."""
    index = origin.step_index
    figure = figure_of(matcher.needle or "") if index is not None else None
    if index is None or figure is None or not on("figure-rendered"):
        return ()
    bare = re.compile(rf"(?<![\w.,]){re.escape(figure)}(?!\w|[.,]\d)")
    if bare.search(flow.trace.input) or not bare.search(flow.inp(index)):
        return ()
    first = next((a for a in sorted(flow.ancestors(index)) if bare.search(flow.out(a))), None)
    if (
        first is None
        or flow.steps[first].kind not in (StepKind.AGENT, StepKind.LLM)
        or bare.search(flow.inp(first))
    ):
        return ()
    reason = (
        f"{flow.label(first)} introduced {quote(figure)} (its output has it, none of its inputs "
        f"did), which {flow.label(index)} wrote as {matcher.shown}"
    )
    return (at_step(flow, first, ORIGIN_CONFIDENCE, reason),)


def origins(flow: StepGraph, matcher: Matcher, start: int) -> list[tuple[int, Suspect]]:
    """Where content carried by `start`'s output entered: steps with it whose feeds lacked it."""
    has: dict[int, bool] = {}

    def carries(index: int) -> bool:
        if index not in has:
            has[index] = matcher.out(flow, index)
        return has[index]

    def passed_on(index: int) -> bool:
        """It carries the content and did not make it anew: a step whose recorded input
        lacks what a feeding step output never received that copy (the handoff left it
        out), so the content it passes on is its own, not its feeder's."""
        return carries(index) and not _made_anew(flow, matcher, index)

    found: list[tuple[int, Suspect]] = []
    edges: dict[tuple[int, str], int] = {}  # (sender step, receiving agent) -> its place
    for index in flow.walk_back(start, through=passed_on):
        if not carries(index):
            continue
        if passed_on(index) and any(carries(p) for p in flow.parent_indexes[index]):
            continue
        step = flow.steps[index]
        edge = made_on_edge(flow, index, holds(flow, matcher), matcher.shown, ORIGIN_CONFIDENCE)
        if edge is not None:
            # routing code built the step's input with it: the edge made it; the same edge
            # handing it to more steps of that agent (a fan-out) is the same culprit
            # (pinned on the first receiving step)
            key = (max(flow.parent_indexes[index]), step.agent)
            if key not in edges:
                edges[key] = len(found)
                found.append((index, edge))
            elif index < found[edges[key]][0]:
                found[edges[key]] = (index, edge)
            continue
        if matcher.inp(flow, index) and step.kind is not StepKind.TOOL:
            reason = (
                f"{flow.label(index)} passed on {matcher.shown}, which reached it in its input "
                "from outside the recorded steps"
            )
            found.append((index, at_step(flow, index, 0.7, reason)))
            continue
        if step.kind is StepKind.TOOL:
            reason = (
                f"tool {step.name} (step {index}, called by {step.agent}) returned "
                f"{matcher.shown}, which no earlier step carried"
            )
        else:
            fed = [p for p in flow.parent_indexes[index] if carries(p)]
            reason = f"{flow.label(index)} introduced {matcher.shown}: its output has it and " + (
                f"its input did not ({flow.label(fed[0])} had output it; the copy this step "
                "received left it out)"
                if fed
                else "none of its inputs did"
            )
        found.append((index, at_step(flow, index, ORIGIN_CONFIDENCE, reason)))
    return found


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


def _made_anew(flow: StepGraph, matcher: Matcher, index: int) -> bool:
    """A step that recorded its input, without the content, while another agent's step
    feeding it had output it: what it was handed had been cut, so it wrote the content
    itself. (An agent's own calls feed it what its recorded input, the task, never holds.)"""
    step = flow.steps[index]
    if step.kind is StepKind.TOOL or matcher.inp(flow, index) is not False:
        return False
    fed = [p for p in flow.parent_indexes[index] if matcher.out(flow, p)]
    return bool(fed) and all(flow.steps[p].agent != step.agent for p in fed)


def wrong_value(flow: StepGraph, right: Matcher, wrong: str) -> tuple[Suspect, ...]:
    """exact_match: where the right value was lost and the wrong one (the final output) appeared."""
    final = flow.final_step
    if final is None:
        return ()
    if flow.trace.shared_context:
        return _conversation(flow, right)
    count = asks_count(flow.trace.input)  # a count: no price, no day of a date
    clock = clock_unit(flow.trace.input)  # seconds asked for: a page writes `2:31.9`
    seen = as_stated(right, count=count, clock=clock)  # a number whole, not in a longer one
    wrong = wrong.strip()
    bad = as_stated(literal(wrong, case_sensitive=right.case_sensitive), count=count, clock=clock)
    losses = lost(flow, seen)
    found = _wrong_value(flow, final, (right, seen, bad), wrong, losses)
    # the right value never seen: a wrong one first stated after a loop was a guess; one
    # dropped by an agent never told what the task narrows it by answered another question
    guess = None if losses or not wrong else guessed_after_loop(flow, right, bad)
    if guess is None and found and found[0] in losses and on("deviation"):
        guess = untold(flow, seen, found[0], dropped=wrong)
    return found if guess is None else ranked((guess, *found))


def _wrong_value(
    flow: StepGraph,
    final: int,
    matchers: tuple[Matcher, Matcher, Matcher],
    wrong: str,
    losses: tuple[Suspect, ...],
) -> tuple[Suspect, ...]:
    right, seen, bad = matchers
    count = asks_count(flow.trace.input)
    reformatted = written_otherwise(flow, right, wrong) if on("format-writer") else None
    if reformatted is not None:  # the right figure: only its form is wrong
        return ranked((reformatted, *losses))
    first = sorted(origins(flow, bad, final)) if wrong and len(wrong) <= 500 else []
    if not first:
        return losses or never_produced(flow, right.shown)
    index, origin = first[0]
    if origin.kind == "handoff":  # made on an edge: the step given it had only the wrong one
        more = further(flow, f"the final output is not {right.shown}")
        return ranked((origin, *losses, *more))
    if reports_failure(wrong) and why_none_first(flow, right, seen):  # no answer: why not
        return ranked((*never_produced(flow, right.shown), *losses))
    index, bad = named_source(flow, index, bad, wrong)  # handed on by a variable's name
    index = picked(flow, index, bad, seen)
    answered = _told(flow, index, bad, final) if on("task-value") else None
    if answered is not None:  # the task gave the wrong value: who answered with it chose
        why = f"{flow.label(answered)} answered with {bad.shown}, which the task itself states"
        return ranked((at_step(flow, answered, 0.8, why), *never_produced(flow, right.shown)))
    aside = answered_past_failure(flow, index, bad, right)
    if aside is not None:  # handed on as an aside to a failure: the reader chose it
        return ranked((aside, *losses, origin, *never_produced(flow, right.shown)))
    source = wrong_source(flow, index) if on("operand-wrong-source") else None
    if source is not None and flow.steps[index].kind is StepKind.TOOL:
        chose = at_step(flow, source[0], 0.8, f"the wrong value {bad.shown}, {source[1]}")
        paged = None if losses else unread_pages(flow, final, bad)  # ...and read page 1 alone
        first_page = () if paged is None else (paged,)
        return ranked((*first_page, chose, *losses, origin, *never_produced(flow, right.shown)))
    use = not right.hits(flow, "out") and not seen.hits(flow, "out") and on("operand-swapped")
    swap = swapped_operand(flow, final, wrong, right.needle or "") if use else None
    if swap is not None:  # the right figure was there to compute with
        why = f"{bad.shown} was computed by {flow.label(swap.tool)} {swap.why}"
        unmade = never_produced(flow, right.shown)
        computed = at_step(flow, swap.step, 0.9, why)
        asked = looked_up_otherwise(flow, swap.tool, swap.value)
        if asked is not None:  # ...but the figure it computed with was of another thing
            why = f"{bad.shown} was computed by {flow.label(swap.tool)} from {quote(asked.value)}"
            chose = at_step(flow, asked.step, 0.9, f"{why}, {asked.why}")
            return ranked((chose, with_confidence(computed, 0.85), *losses, *unmade))
        return ranked((computed, *losses, *unmade))
    if losses and on("had-both"):  # the right value came later: a call that had both chose
        index = had_both(flow, index, bad, (right, seen))
    stated = (
        (number_start(right, count=count), seen) if is_number(right.needle or "") else (right, seen)
    )
    had_right = any(
        m.inp(flow, index) or any(m.out(flow, p) for p in flow.parent_indexes[index])
        for m in stated
    ) and not (records_decisions(flow) and seen.only_instructed(flow))
    if had_right:
        reason = (
            f"{flow.label(index)} had {right.shown} available but output the wrong value "
            f"{bad.shown} that reached the final output"
        )
        kept = right.find(flow, flow.final_output) is not None
        losses = () if kept else losses  # the output has it, only not as the whole answer
        more = further(flow, f"the final output is not {right.shown}", origin_too=not kept)
        chose = at_step(flow, index, 0.95, reason)
        # a report that gave the right value beside the wrong one misled no code that chose
        only_wrong = lambda p: bad.out(flow, p) and not any(m.out(flow, p) for m in stated)  # noqa: E731
        worked = (
            computed_in_code(flow, final, first[0][0], only_wrong)
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
        # the right value on the wrong page only, or beside the wrong one in an unread snippet
        asked_otherwise = misled(flow, index, right) or snippet_only(flow, first[0][0], bad, seen)
        # ...or the chooser answered its own plan's question, which left the task's words out
        apart = partial(_tells_apart, flow, flow.steps[index].input[:SCAN], (seen, bad))
        replanned = plan_dropped(flow, chose, beside=apart) if not asked_otherwise else None
        # ...or it had a figure of one or two digits, in most listings by chance, where the
        # run answered from the first of several pages, or past a failure nobody retried
        small = not asked_otherwise and _small_count(right.needle or "")
        paged = unread_pages(flow, final, bad, chance=seen) if small else None
        unheeded = _went_on(flow, final, seen, bad) if small and paged is None else None
        turned = turned_before(flow, seen, chose, kept, first[0][0])
        decided = [s for s in (paged, unheeded, replanned) if s is not None]
        return ranked((*asked_otherwise, *decided, *turned, *losses, *more))
    misread = misread_date(flow, index, right, wrong) if on("day-month-swapped") else None
    if misread is not None:  # it had the right date, in figures it read the other way round
        return ranked((misread, *losses))
    if losses:
        return ranked((*losses, with_confidence(origin, 0.5)))
    constant = stated_constant(flow, index, wrong, right.needle or "")
    if constant is not None:  # the code computed with a figure a call stated, not a tool
        return ranked((constant, *never_produced(flow, right.shown)))
    made = computed_from(flow, index, wrong) if on("operand-introduced") else None
    if made is not None and (made.step != index or made.step == made.tool):  # made-up operand
        why = f"{bad.shown} was computed by {flow.label(made.tool)} from {quote(made.value)}"
        unmade = never_produced(flow, right.shown)
        return ranked((at_step(flow, made.step, 0.85, f"{why}, {made.why}"), *unmade))
    short = cut_short(flow, final, index, bad)  # the plan's next lookup never made
    snipped = snippet_answer(flow, index, bad)  # the page behind a search result never read
    paged = unread_pages(flow, final, bad)  # a listing's next page never read
    unread = unread_definition(flow, index, bad)  # a code name's value stated unread
    caught = (
        *filter(None, [other_period(flow, index)]),  # the lookup answered for another week or day
        *([] if unread is None else [unread]),
        *([] if short is None else [short]),
        *([] if snipped is None else [snipped]),
        *([] if paged is None else [paged]),
        *contradicted(flow, index),
        *swallowed(flow, index, bad, wrong, final),
    )
    caller, did = wrote_it(flow, index, bad)
    reason = f"{did} that reached the final output; {right.shown} was never produced"
    chooser = at_step(flow, caller, 0.8, reason)
    # the chooser was never asked what the task narrows, unless a lookup planned for it was
    # never made: the plan split the task (a season each), and the run stopped halfway
    planned = planned_lookups(flow, final) if short else ""
    unasked = untold(flow, right, chooser, had=False, planned=planned) if on("deviation") else None
    unasked = unasked or plan_dropped(flow, chooser)  # the agent's own plan left words out
    if unasked is not None:
        caught = (unasked, *caught)
    # a figure code worked out, with a unit or not; a date or a name it copied
    counted = on("code-variable") and any(map(str.isdigit, wrong)) and not stated_dates(wrong)
    worked = computed_in_code(flow, final, index, lambda p: bad.out(flow, p)) if counted else None
    if worked is not None and not _converted(flow, worked[0], bad, wrong, count):
        # the figure seen first only matched what code later computed
        caller, reason = worked[0], f"{worked[1]}; {right.shown} was never produced"
    chose = at_step(flow, caller, 0.6 if reports_failure(wrong) else 0.8, reason)
    found = (*caught, chose, *never_produced(flow, right.shown))  # no answer: why comes first
    return ranked(found if chose.confidence > 0.6 else sorted(found, key=lambda s: -s.confidence))


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


def _went_on(flow: StepGraph, final: int, right: Matcher, bad: Matcher) -> Suspect | None:
    """The LLM call of the agent that gave the run's answer that read a tool's error nobody
    retried and answered as if the call had worked (`page 2 failed: 503`, then
    `final_answer(...)` from page 1): it wrote the wrong value, not the right one, or handed
    the run's answer on. Only a failure beside a call of the same tool that the same call
    asked for and that worked (a loop over pages): its reader had part of a listing. One
    that went on to other lookups answered nothing yet."""
    if not on("error-went-on"):
        return None
    read_past = _read_past(flow, final)
    if read_past is None or not _beside_one_that_worked(flow, read_past[0]):
        return None
    failed, reader = read_past
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


def _read_past(flow: StepGraph, final: int) -> tuple[int, int] | None:
    """(the failed step, the LLM call that read its error and went on) for the first failure
    upstream of the final step that nobody retried; None when there is none."""
    failed = ignored_error(flow, final_answer_origin(flow), final)
    reader = None if failed is None else went_on(flow, failed)
    return None if failed is None or reader is None else (failed, reader)


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


def _converted(flow: StepGraph, call: int, bad: Matcher, wrong: str, count: bool) -> bool:
    """Whether call `call` was handed the wrong value written another way (`2:31.9` for
    `151.9` seconds): its code converted what it was given, it computed nothing of its own.
    Not the figure as written: a small number is in most inputs by chance."""
    plain = as_stated(literal(wrong), count=count)
    return plain.pattern != bad.pattern and bool(bad.inp(flow, call)) and not plain.inp(flow, call)


def _told(flow: StepGraph, index: int, bad: Matcher, final: int) -> int | None:
    """The LLM call that answered with the wrong value, when the task states that value and
    the call `index` where it first appeared only wrote it down from there (a plan's facts
    survey: `41 km in the 1978 atlas`, where the task asks for today's register's figure).
    A bound of the scale the task asks on (`rating (0-5)`) states no value."""
    if flow.steps[index].kind is not StepKind.LLM or not bad.inp(flow, index):
        return None
    if bad.find(flow, unbounded(flow.trace.input)) is None:
        return None
    answered = decision(flow, final)
    return answered if answered != index and flow.steps[answered].kind is StepKind.LLM else None


def further(flow: StepGraph, said: str, *, origin_too: bool = True) -> Iterator[Suspect]:
    """Candidate decisions a content rule lists after its own evidence, each another kind
    of place to look: where the final answer's value first appeared, the LLM call that read
    a tool's error and went on, and the step that produced the final output.

    Weak alone (confidence 0.3 and under); one that names a place already listed is dropped
    by the ranking. `said` opens each reason: what is wrong with the final output. Without
    `origin_too`, where the answer first appeared is left out (its values are the right
    ones: the final output has the right value, in a wrong form).
    """
    final = flow.final_step
    if final is None:
        return
    origin = final_answer_origin(flow)
    if origin_too and origin is not None and origin[0] != final:
        index, value = origin
        tool = flow.steps[index].kind is StepKind.TOOL and records_decisions(flow)
        yield (agent_at if tool else at_step)(
            flow,
            index,
            0.3,
            f"{said}; the final answer {quote(value)} first appeared in {flow.label(index)}",
        )
    read_past = _read_past(flow, final)
    if read_past is not None:
        failed, reader = read_past
        yield agent_at(
            flow,
            reader,
            0.3,
            f"{said}; {flow.label(reader)} read the error "
            f"{quote(failure(flow.steps[failed]) or '')} that {flow.label(failed)} "
            f"{failed_as(flow.steps[failed])} and went on",
        )
    yield agent_at(flow, final, 0.2, f"{said}; {flow.label(final)} produced the final output")
