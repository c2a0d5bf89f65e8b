"""Content rules: required content lost or never produced, forbidden content, wrong values.

Everything walks the data flow back from the final step (never recording order), visiting
each step at most once, so a rule costs one pass over the steps it reaches.
"""

from __future__ import annotations

import re

from blame.engine.at_hand import had_right
from blame.engine.chosen import (
    as_stated,
    contradicted,
    named_source,
    wrote_it,
)
from blame.engine.claims import reports_failure
from blame.engine.constants import stated_constant
from blame.engine.definitions import unread_definition
from blame.engine.drift import deviation, untold
from blame.engine.edges import made_on_edge
from blame.engine.figures import asks_count, unbounded
from blame.engine.forms import written_otherwise
from blame.engine.further import further
from blame.engine.interpreter import computed_in_code
from blame.engine.lookups import wrong_source
from blame.engine.losses import EARLIER_LOSS_CONFIDENCE, holds, lost
from blame.engine.matching import Matcher, literal, quote
from blame.engine.operands import computed_from, looked_up_otherwise
from blame.engine.periods import other_period, stated_dates
from blame.engine.picked import had_both, picked
from blame.engine.premature import (
    cut_short,
    planned_lookups,
    snippet_answer,
    unread_pages,
)
from blame.engine.provenance import never_produced
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
    with_confidence,
)
from blame.engine.swallowed import answered_past_failure, swallowed
from blame.engine.swaps import swapped_operand
from blame.engine.unanswered import guessed_after_loop, why_none_first
from blame.graph import StepGraph
from blame.model import StepKind
from blame.results import Suspect

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
    task = flow.trace.input  # `17/04/2025` as the task asks dates: `2025-04-17` in an API
    # a number whole, not in a longer one
    seen = as_stated(right, count=count, clock=clock, task=task)
    wrong = wrong.strip()
    wrote = literal(wrong, case_sensitive=right.case_sensitive)
    bad = as_stated(wrote, count=count, clock=clock, task=task)
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
    at_hand = had_right(flow, (final, first[0][0], index), (right, seen, bad), wrong, losses)
    if at_hand is not None:  # it had the right value: it chose
        return at_hand
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
