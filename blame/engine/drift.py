"""Goal deviation: a step dropped required content because it was asked something else.

A loss is the step that had the content and dropped it. When that step answered a question
the task never asked, faithfully, the mistake is upstream: the decision that turned the run
away from its goal. The evidence, all of it checkable in the trace:
1. in the dropping step's input, the content is listed under a key (the words just before
   it, back to a separator: `population: 522,250`, `birth year: 1815`) that the task names,
   and the step's output leaves out a word of that key the task has;
2. the step answered another question: a value its output gives was first listed in the run
   under a label with a word the task does not have (`area: 47.87 km2`), or, with no such
   label, its output names a word the task does not have but its input does (it inherited the
   other question);
3. an earlier LLM call wrote that word while its own input did not have it: it introduced
   the deviation (`Find the area of Lyon.`), and it is the suspect. A word written after a
   negation (`not its total length`) is ruled out, not asked for, on either side.
Only traces that record LLM calls are read; words are alphabetic, four letters or more,
and name something: a function word (`with`, `during`) asks no question, nor a word the task
names in another form (`date` for its `dates`), nor a word of a step's narration (`Thought:
I compute ...`) or of a name it copied (`_resolve_timeout`).
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_left
from collections.abc import Callable

from blame.engine.answers import answer_values
from blame.engine.asked import (
    TASK_PREFIX,
    asked_for,
    beside,
    handed_task,
    plan_heading,
    plan_steps,
    planned_or_handed,
    qualifiers,
    words,
)
from blame.engine.figures import (
    FUNCTION_WORDS,
    is_number,
    named_in,
    norm,
    numbers,
    stem,
    with_stems,
)
from blame.engine.interpreter import blocks, prose, spoken
from blame.engine.matching import Matcher, quote
from blame.engine.rules import on
from blame.engine.spellings import as_dated, as_timed
from blame.engine.suspects import at_step, records_decisions
from blame.engine.tables import column_header, one_column
from blame.graph import StepGraph
from blame.model import StepKind
from blame.results import Suspect
from blame.text import SCAN, compiled_on_use

_separator = compiled_on_use(r"[;,.|()\[\]{}\n\u2013-]")
"""What ends the label before a value (`Lyon - population: 522,250; area: ...`)."""
CONFIDENCE = 0.92
"""Above the loss it explains: the drop followed from this decision."""


def deviation(
    flow: StepGraph,
    matcher: Matcher,
    loss: Suspect,
    *,
    found: int | None = None,
    past_labels: bool = False,
) -> Suspect | None:
    """The LLM call that turned the run from the task's goal, given the loss it led to.
    `found`: the loss wrote a wrong value, first found at that step, while it had the
    content, which is evidence (1) enough: both values were listed, however a page labels
    them (`(2011 census) 14,382`). The other question must then have been asked before
    that value was found, by a call whose output reached the loss: words written beside
    the wrong value or after it describe an answer (`according to`), they ask nothing.
    Words the answer was listed under are asked about first; the words of the step's claim
    only where there are none, or `past_labels` (when no call asked for the labels and no
    call dropped the task's year either: a page's prose round a figure labels nothing)."""
    listed = _listed(flow, matcher, loss)
    if listed is None:
        return None
    index, label, keys = listed
    step = flow.steps[index]
    goal = words(flow.trace.input)
    if not keys and found is None:
        return None
    if found is not None and one_column(flow, matcher, step.input[:SCAN]):
        return None  # two rows of one table's column: a misread, no other question
    # what it answered, not how it went about it: with a wrong value, the claim stating it
    said_it = answer_text(step.output)
    stating = _claiming(said_it, flow.final_output) if found is not None else ""
    # a sentence naming the content too lists both values (`Bev Hartley at the top of the
    # table, ahead of ... Maureen Tolson`): it claims neither
    claims = "\n".join(s for s in stating.split("\n") if matcher.find(flow, s) is None)
    # a word the content was listed under too asks for it: the other value is another row
    # of the same field (a year misread), no other question
    answered = _answered_under(flow, index, claims)
    # the task's `dates` names a `date`, its `won` the `winners`: no other question
    stems = with_stems(goal, flow.trace.input)
    under = {word for word in answered if not named_in(word, stems)}
    if answered and not under:  # listed under the words the task asks with: a misread row
        return None
    if under and under <= label:
        return None
    labelled = sorted(under - label)
    # listing both, it claims none; the words naming the page it read claim nothing either
    answering = words(_unnamed_where(claims or ("" if stating else said_it)))
    claimed = sorted(
        word
        for word in (answering - goal) & words(step.input) - _WHERE_READ
        if not named_in(word, stems)
    )
    asked = range(index) if found is None else sorted(a for a in flow.ancestors(index) if a < found)
    # the labels the answer was listed under first; no call asked for them (a page's prose
    # around a figure is no label), then the words of its claim
    if past_labels:  # past the labels, a word of the claim no tool gave came from the asking
        tools = (s.output for s in flow.steps[:index] if s.kind is StepKind.TOOL)
        read = set().union(*map(words, tools))
        claimed = [word for word in claimed if word not in read] if labelled and claims else []
    tried = ((labelled, True),) if labelled and not past_labels else ((claimed, False),)
    for drift, labels in tried:
        introducer = _introducer(flow, asked, drift, labels) if drift else None
        if introducer is None:
            continue
        earlier, word, how = introducer
        return at_step(
            flow,
            earlier,
            CONFIDENCE,
            f"{flow.label(index)} dropped {matcher.shown}"
            + (f", listed under {quote(keys[0])} which the task asks for," if keys else "")
            + f" and answered about {quote(word)} instead, which the task does not ask for; "
            f"{flow.label(earlier)} introduced {quote(word)}: {how}",
        )
    return None


def _listed(
    flow: StepGraph, matcher: Matcher, loss: Suspect
) -> tuple[int, set[str], list[str]] | None:
    """(step, label, keys) for the step of `loss` on a trace that records LLM calls: the
    words of the label the content was listed under in its input (a sign aside: `'change':
    -27.9`), and those of them the task has that its output leaves out. None where the
    input lacks the content."""
    index = loss.step_index
    if index is None or flow.trace.shared_context or not records_decisions(flow):
        return None
    step = flow.steps[index]
    start = matcher.find(flow, step.input[:SCAN])
    if start is None:
        return None
    label = words(_separator().split(step.input[max(0, start - 40) : start].rstrip(" -+"))[-1])
    label |= words(column_header(step.input[:SCAN], start))
    return index, label, sorted((label & words(flow.trace.input)) - words(step.output))


def _introducer(
    flow: StepGraph, asked: range | list[int], drift: list[str], labels: bool
) -> tuple[int, str, str] | None:
    """(call, word, how) for the first LLM call among `asked` that introduced a word of
    `drift`: asked for it (in its prose or a task it handed on; anywhere for a label) while
    its input did not."""
    for earlier in asked:
        candidate = flow.steps[earlier]
        if candidate.kind is not StepKind.LLM:
            continue
        planned = plan_steps(candidate.output)  # a plan's facts survey lists, it asks nothing
        said = candidate.output if planned is None else planned
        output = said if labels else _asking(said)
        wrote, given = (words(asked_for(text)) for text in (output, candidate.input))
        introduced = sorted(set(drift) & wrote - given)
        if labels and not introduced:  # a label in the singular: `entry list` for `Entries`
            introduced = sorted(
                one for word in drift for one in wrote - given if _singular(word, one)
            )
        if introduced:
            word = introduced[0]
            how = "its output has it and neither its input nor the task did"
            if word in words(candidate.input):  # written there after a negation only
                how = "its output asks for it; its input only ruled it out; the task lacks it"
            return earlier, word, how
    return None


def _singular(plural: str, word: str) -> bool:
    """Whether `word` is `plural` in the singular (`entry` for `entries`, `lap` for `laps`,
    `class` for `classes`)."""
    if plural.endswith("ies") and word == plural[:-3] + "y":
        return True
    if plural.endswith("es") and word == plural[:-2] and word.endswith(("s", "x", "z", "ch", "sh")):
        return True
    return plural.endswith("s") and not plural.endswith(("ss", "us", "is")) and word == plural[:-1]


def answer_text(output: str) -> str:
    """What a call's output says in answer: not its narration (a `Thought:` line, `I
    compute ...`, `the result is clear`), nor the words inside an address, a path or a code
    name (`https://...-parse-date`, `_resolve_timeout`), which name where or what, copied.
    A call that acted (wrote code, called a tool) answered with the action: the prose before
    it reasons towards it, `Thought:` or not (`The table gives the total in its first column`).
    Code answers in its strings and comments; its names (`report`, `cells`) hold values."""
    text = output[:SCAN]
    code, _, printed = blocks(text)
    # a tool call's arguments are JSON: `\\n` ends a line there, it glues no `n` to a word
    calls = [_escaped().sub(_unescaped, text[a:b]) for a, b in _tool_calls(text)]
    if code or calls:
        text = "\n".join([*map(spoken, code), *calls, printed if code else ""])
    kept = [line for line in text.splitlines() if not _narration().match(line)]
    return _named_things().sub(" ", "\n".join(kept))


def _claiming(text: str, answer: str) -> str:
    """The sentences of `text` that state `answer` (as written, or the same figure, date or
    duration written another way: `2h 58m` for `2:58`); "" when none does. A report's other
    sentences (`the first search was rate-limited`) tell how it went, not which question it
    answered, nor does a claim's source (`according to the paper's report`), where the
    sentence states the answer without it."""
    answer = answer.strip()
    if not answer or len(answer) > 200:
        return ""
    figure = norm(answer) if is_number(answer) else None
    stated = None if figure is not None else as_dated(answer) or as_timed(answer)

    def states(sentence: str) -> bool:
        if figure is not None:
            return figure in numbers(sentence)
        return answer in sentence or (
            stated is not None and re.search(stated, sentence) is not None
        )

    claims = (sentence for sentence in _sentence_end().split(text) if states(sentence))
    unsourced = ((claim, _source().sub(" ", claim)) for claim in claims)
    return "\n".join(bare if states(bare) else claim for claim, bare in unsourced)


_source = compiled_on_use(
    r"(?i)\b(?:according to|as (?:reported|stated|given|listed|shown) (?:by|in|on))"
    r"(?:[ \t]+[^\s,;:]+){1,12}(?:[ \t]*[,;:](?!\d)|[ \t]*[.!?]?$)"
)
"""Where a claim was read, up to the mark or the sentence's end that ends it (`According to
the Echo's report of 15 July, ...`, `..., according to the group's results post.`): it says
where the answer came from, not which question it answers. A sentence that no longer states
the answer without it (`According to the census the population was 2,300,000.`) keeps it:
the clause held the claim."""


_WHERE_READ = frozenset({
    "article", "link", "links", "page", "pages", "site", "sites", "snippet", "source",
    "sources", "webpage", "website",
})  # fmt: skip
"""Words for where a claim was read (`From the ThrowScore page of the league's playoffs`),
as `_source` phrases are: no other question."""


def _unnamed_where(text: str) -> str:
    """`text` without the words that say which page a claim was read on, just before a word
    for where (`The official results page of the regatta lists ...`): they ask no other
    question, there; the same word elsewhere in the claim may."""
    return _before_where().sub(" ", text[:SCAN])


_before_where = compiled_on_use(
    r"(?i)\b((?:[a-z][a-z'-]{0,30}[ \t]{1,4}){1,2})(?:"
    + "|".join(sorted(_WHERE_READ, key=len, reverse=True))
    + r")\b"
)
"""One or two words before a word for where a claim was read (`official results page`)."""
_sentence_end = compiled_on_use(r"(?<=[.!?])\s+|\n")
"""Where a sentence or a line ends."""
_narration = compiled_on_use(r"(?i)[ \t]*thought[ \t]*:")
"""A reasoning line of the ReAct format agents write (`Thought: I compute ...`)."""
_named_things = compiled_on_use(
    r"(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*://\S+|(?<![\w./\\-])[\w.-]*[_/\\][\w./\\-]*"
)
"""An address, a path or a code name (`https://...`, `csvlite/reader.py`, `parse_date`)."""


def _asking(output: str) -> str:
    """What a call's output asks in words: its prose and the tasks its code hands other
    agents (`search_agent(task="...")`), not its code's names (`report = ...`) nor a tool
    call's arguments (`web_search({"query": "... final round results"})`)."""
    said = prose(output)
    said = " ".join(said[a:b] for a, b in _between(_tool_calls(said), len(said)))
    code = blocks(output[:SCAN])[0]
    return "\n".join([said, *(m[1] for c in code for m in handed_task().finditer(c))])


def _unescaped(escape: re.Match[str]) -> str:
    """A JSON string's escaped line break or tab as itself; an escaped backslash as one."""
    return {"\\\\": "\\", "\\n": "\n", "\\r": "\n", "\\t": "\t"}[escape[0]]


_escaped = compiled_on_use(r"\\[\\nrt]")
"""An escape in a JSON string: a line break or a tab (`total.\\n\\n### 2.`), a backslash."""


def _tool_calls(text: str) -> list[tuple[int, int]]:
    """Where each tool call a tool-calling agent writes (`web_search({"query": "..."})`)
    starts and ends: at the first `})` after its opening. One pass: once no `})` follows an
    opening, none follows a later one either (a regex would rescan the rest from each)."""
    spans: list[tuple[int, int]] = []
    at = 0
    while (opening := _call_opening().search(text, at)) is not None:
        end = text.find("})", opening.end())
        if end < 0:
            break
        spans.append((opening.start(), end + 2))
        at = end + 2
    return spans


def _between(spans: list[tuple[int, int]], length: int) -> list[tuple[int, int]]:
    """The spans of a text of `length` characters outside `spans` (sorted, apart)."""
    edges = [0, *(edge for span in spans for edge in span), length]
    return list(zip(edges[::2], edges[1::2], strict=True))


_call_opening = compiled_on_use(r"\b\w+\(\{")
"""Where a tool call opens: `web_search({`."""


def turned_before(
    flow: StepGraph, matcher: Matcher, chose: Suspect, kept: bool, found: int
) -> tuple[Suspect, ...]:
    """`chose`, a step that had the content and wrote a wrong value in its place (first
    found at step `found`), after the call that turned it from the task's goal when there is
    one. Not when the final output `kept` the content (it is there, only not as the whole
    answer: nothing was dropped)."""
    turned = None
    if not kept and on("deviation"):
        turned = (
            deviation(flow, matcher, chose, found=found)
            or untold(flow, matcher, chose)
            or _untold_reporter(flow, matcher, chose, found)
            or deviation(flow, matcher, chose, found=found, past_labels=True)
            or rephrased(flow, matcher, chose, found)
        )
    return (chose,) if turned is None else (turned, chose)


def _received(given: str, handed: str) -> str:
    """What an agent was told in its input `given`: from the first place the task `handed` to
    it is found there as written on (what came with it, an echo of it, is kept); its
    instructions' examples come before (`'26 million (2019)'` in a prompt's example tells
    it no year). All of `given` where it is not."""
    tasks = [task[1][:TASK_PREFIX] for task in handed_task().finditer(handed) if task[1]]
    at = min((at for task in tasks if (at := given.find(task, 0, SCAN)) >= 0), default=-1)
    return given[at:] if at > 0 else given


def _untold_reporter(
    flow: StepGraph, matcher: Matcher, chose: Suspect, found: int
) -> Suspect | None:
    """`untold`, then `deviation` (its labels, then past them), for the agent whose answer
    `chose` took the wrong value from (`_reported`): that agent chose it, so the question it
    was asked, or asked itself in its plan, turned the run."""
    reporter = _reported(flow, matcher, chose, found)
    if reporter is None:
        return None
    return (
        untold(flow, matcher, reporter)
        or deviation(flow, matcher, reporter, found=found)
        or deviation(flow, matcher, reporter, found=found, past_labels=True)
    )


def _reported(flow: StepGraph, matcher: Matcher, chose: Suspect, found: int) -> Suspect | None:
    """The first LLM call of another agent, between the step where the wrong value was found
    and `chose`, that had the content and claimed the final answer without it (`The show
    record is 701.0 kg. (The 2024 winner was 642.5 kg.)`): the chooser took what that agent
    answered, so that agent's task is the one to ask about."""
    index = chose.step_index
    if index is None:
        return None
    agent = flow.steps[index].agent
    final = flow.final_output
    for at in sorted(flow.ancestors(index)):
        step = flow.steps[at]
        if at <= found or step.kind is not StepKind.LLM or step.agent == agent:
            continue
        if not matcher.inp(flow, at):
            continue
        claims = _claiming(answer_text(step.output), final)
        if claims and matcher.find(flow, claims) is None:
            return at_step(flow, at, chose.confidence, chose.reason)
    return None


def rephrased(flow: StepGraph, matcher: Matcher, chose: Suspect, found: int) -> Suspect | None:
    """The LLM call that asked the task's words in a phrase of its own (`Best in Show`,
    where the task asks for `Best Bloom` at a `show`), when the step `chose` dropped the
    content listed under a word of the task's (`amateur`) and its claim of the wrong value
    (first found at step `found`) states that phrase: the call asked another question in the
    task's own words, which no word alone tells apart."""
    listed = _listed(flow, matcher, chose)
    if listed is None:
        return None
    index, _, keys = listed
    step = flow.steps[index]
    goal = words(flow.trace.input)
    claims = _claiming(answer_text(step.output), flow.final_output)
    if not keys or not claims:
        return None
    tokens = _flat(flow.trace.input).split()
    places: dict[str, list[int]] = {}  # each word's stem -> where the task has it
    for at, token in enumerate(tokens):
        places.setdefault(stem(token), []).append(at)
    own, stems = set(_phrases(flow.trace.input)), with_stems(goal, flow.trace.input)
    phrases = [p for p in _phrases(claims) if _recombines(p, stems, own, places)]
    for earlier in sorted(a for a in flow.ancestors(index) if a < found) if phrases else ():
        call = flow.steps[earlier]
        if call.kind is not StepKind.LLM:
            continue
        planned = plan_steps(call.output)
        asked = set(_phrases(asked_for(_asking(call.output if planned is None else planned))))
        if not asked.intersection(phrases):
            continue
        given = set(_phrases(call.input))  # read only for a call that asked one
        phrase = next((p for p in phrases if p in asked and p not in given), None)
        if phrase is not None:
            return at_step(
                flow,
                earlier,
                CONFIDENCE,
                f"{flow.label(index)} dropped {matcher.shown}, listed under {quote(keys[0])} "
                f"which the task asks for, and answered about {quote(phrase)} instead, which "
                f"the task does not ask for; {flow.label(earlier)} introduced {quote(phrase)}: "
                "its output asks for it and neither its input nor the task has it",
            )
    return None


def _flat(text: str) -> str:
    """`text`'s words and numbers, case-folded, one space apart: phrases compare as words."""
    return " ".join(_token().findall(text[:SCAN].casefold()))


_token = compiled_on_use(r"[^\W\d_]+|\d+")
"""A word or a number."""


def _phrases(claims: str) -> list[str]:
    """The phrases of two and three words of `claims`, in order, each once."""
    tokens = _flat(claims).split()
    spans = (tokens[at : at + n] for n in (3, 2) for at in range(len(tokens) - n + 1))
    return list(dict.fromkeys(" ".join(span) for span in spans))


def _recombines(phrase: str, stems: set[str], own: set[str], places: dict[str, list[int]]) -> bool:
    """A phrase of the task's words that the task does not have (`own`: its phrases): two
    words or more that name something, each the task's (`best in show` from `Best Bloom`
    and `show`), and not the task's own phrase said another way (`orchestra was founded`
    for `Orchestra founded?` or `the founding year of the orchestra`: there each word's stem
    is within four words of the one before, in either order; `places`: where the task has
    each stem). A word the task names only by its measure (`weight` for `How heavy`) has no
    place to tell: the phrase may be the task's own."""
    named = [w for w in phrase.split() if len(w) >= 4 and w not in FUNCTION_WORDS]
    if len(named) < 2 or not all(named_in(w, stems) for w in named) or phrase in own:
        return False
    at = [places.get(stem(word), []) for word in named]
    if not all(at):
        return False
    return not all(_near(first, then) for first, then in itertools.pairwise(at))


def _near(first: list[int], then: list[int]) -> bool:
    """Whether a place in `first` has one in `then` (sorted) within four words of it."""
    for place in first:
        at = bisect_left(then, place - 4)
        if any(0 < abs(other - place) <= 4 for other in then[at : at + 9]):
            return True
    return False


def untold(
    flow: StepGraph,
    matcher: Matcher,
    chose: Suspect,
    *,
    had: bool = True,
    planned: str = "",
    dropped: str | None = None,
) -> Suspect | None:
    """The LLM call that left the task's year (or place in an order, `second`, or a word
    narrowing what it counts, `evening`) out of what it asked, when the agent that chose the
    wrong value was handed a task without it and its first call was never told it: it
    answered the question it was given (a dome's seats today, where the task asks for 1968's;
    the winner, where it asks who came second). The delegating call, or its agent's plan
    before it that dropped it. `had`: the chooser had the right value (else it was never
    produced). `planned`: the lookups of a plan the run left undone; what they name was not
    left out, only never asked yet (`2. Ask search_agent for the 2023-24 points`).
    `dropped`: the chooser only dropped the right value, for this wrong one; told any word
    beside the right value (`individual`), it had what tells the two apart, and its own
    misreading is no question of what it was asked."""
    index = chose.step_index
    if index is None or not records_decisions(flow):
        return None
    agent = flow.steps[index].agent
    upstream = sorted(flow.ancestors(index))
    handers = [
        earlier
        for earlier in upstream
        if flow.steps[earlier].kind is StepKind.LLM and flow.steps[earlier].agent != agent
        if planned_or_handed(flow.steps[earlier].output)
    ]
    if not handers:
        return None
    hander = handers[-1]
    told = [i for i in upstream if i > hander and flow.steps[i].agent == agent] + [index]
    handed = planned_or_handed(flow.steps[hander].output)
    first = _received(flow.steps[told[0]].input, handed)  # as the chosen agent received it
    near = beside(flow, matcher, index, dropped)
    if dropped is not None and any(_given(has, handed, first, planned) for _, has in near):
        return None  # told what tells the values apart, it misread: no question it was asked
    asked = [*qualifiers(flow.trace.input), *near]
    missing = [(shown, has) for shown, has in asked if not _given(has, handed, first, planned)]
    if not missing:
        return None
    year, mentions = missing[0]
    owner = flow.steps[hander].agent
    planners = [
        i
        for i in upstream
        if i < hander
        and flow.steps[i].agent == owner
        and flow.steps[i].kind is StepKind.LLM
        and plan_heading().search(flow.steps[i].output[:SCAN]) is not None
    ]
    for earlier in [*planners, hander]:
        call = flow.steps[earlier]
        if not mentions(call.input):
            continue
        what = planned_or_handed(call.output)
        if what and not mentions(what):
            return at_step(
                flow,
                earlier,
                CONFIDENCE,
                f"{flow.label(index)} {'had ' + matcher.shown + ' and ' if had else ''}"
                f"answered without the task's "
                f"{quote(year)}, which its task did not give; {flow.label(earlier)} had "
                f"{quote(year)} in its input and asked without it",
            )
    return None


def _given(has: Callable[[str], bool], *texts: str) -> bool:
    """Whether any of the texts an agent was given names a word (`has`)."""
    return any(map(has, texts))


def _answered_under(flow: StepGraph, index: int, claims: str = "") -> set[str]:
    """Words of the labels the answer values of step `index` (and of the run's final output,
    which it led to) were first listed under in the run (`area` for `47.87` first seen in a
    page's `area: 47.87 km2`): the question the step answered, whether or not its own words
    name it (`final_answer('47.87 km2')`). Of a step whose `claims` (the sentences stating
    the final answer) were found, only their values: a report's other figures (`the records
    for 2024`) are its context, no answer."""
    found: set[str] = set()
    question = flow.trace.input
    output = claims or flow.steps[index].output
    given = [*answer_values(output, question), *answer_values(flow.final_output, question)]
    for values in given:
        for value in values:
            for step in flow.steps[:index]:  # its own words describe its answer, list nothing
                start = step.output.find(value, 0, SCAN)
                if start >= 0:
                    found |= _label(step.output, start) or _read_under(flow, step.index, value)
                    break
    return found


def _label(text: str, start: int) -> set[str]:
    """Words of the label just before the value at `start`, back to a separator, and, in a
    Markdown table, of its column's header (`Entries` above `| Senior women | 38 |`)."""
    return words(_separator().split(text[max(0, start - 40) : start])[-1]) | words(
        column_header(text, start)
    )


def _read_under(flow: StepGraph, index: int, value: str) -> set[str]:
    """The label a step's reader saw the value under, when the step's own output lists it
    bare (a tool's JSON recorded as its values alone, rendered in full to the call that
    read it: `"passengers_total": 4681220`)."""
    for child in flow.children(index):
        text = flow.steps[child].input
        start = text.rfind(value, max(0, len(text) - SCAN))
        if start >= 0:
            return _label(text, start)
    return set()
