"""What a task asks and what a call asked of others: the task's qualifiers (a year, a season,
a place in a ranking, the words beside the right value), a plan's steps and the tasks a call
handed on, and what a text rules out. Goal deviation (drift.py) reads these to find the call
that asked something else."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from blame.engine.figures import (
    FUNCTION_WORDS,
    asked_ranks,
    asked_seasons,
    asked_years,
    mentions_rank,
    mentions_season,
    mentions_year,
    named_in,
    with_stems,
    words_in_order,
)
from blame.engine.figures import words as _all_words
from blame.engine.interpreter import blocks, written
from blame.engine.matching import Matcher
from blame.engine.quantities import answer_units
from blame.graph import StepGraph
from blame.text import SCAN, compiled_on_use


def words(text: str) -> set[str]:
    """The words of `text` that name something: four letters or more, no function word."""
    return _all_words(text) - FUNCTION_WORDS


handed_task = compiled_on_use(r"\btask\s*=\s*f?(?:\"\"\"|\"|')(.*?)(?:\"\"\"|\"|')")
"""The task a code agent's code hands a managed agent."""
TASK_PREFIX = 200
"""Characters of a handed task looked for in what its agent received."""


def asked_for(text: str) -> str:
    """`text` without what it rules out: a phrase after `not`, `never`, `without`, `rather
    than` or `instead of`, to the end of its clause (`wanted: its main span, not its total
    length` asks nothing about the total length)."""
    return _negated().sub(" ", text[:SCAN])


_negated = compiled_on_use(r"(?i)\b(?:not|never|without|rather than|instead of)\b[^.;:,\n]{0,60}")
"""A negation and what it rules out, to the end of the clause."""


def qualifiers(task: str) -> list[tuple[str, Callable[[str], bool]]]:
    """(as the task writes it, whether a text names it) of each year, season, place in a
    ranking and word narrowing what it counts that the task asks about (`1968`, `2023-24`,
    `second`, `evening`): what tells its answer from a list's others."""
    years = [(y, partial(mentions_year, year=y)) for y in asked_years(task)]
    seasons = [(w, partial(mentions_season, first=a, second=b)) for w, a, b in asked_seasons(task)]
    ranks = [(w, partial(mentions_rank, place=p)) for w, p in asked_ranks(task)]
    kinds = [(w, partial(_names_kind, kind=w)) for w in counted_kinds(task)]
    groups = [(w, partial(_names_group, group=g)) for w, g in ranked_groups(task)]
    return [*years, *seasons, *ranks, *kinds, *groups]


_GROUPS_TEXT = (
    "woman women female females lady ladies girl girls\n"
    "man men male males gent gents boy boys\n"
    "junior juniors youth youths\n"
    "veteran veterans masters\n"
    "senior seniors\n"
    "amateur amateurs\n"
    "novice novices"
)
_GROUPS = [frozenset(line.split()) for line in _GROUPS_TEXT.splitlines()]
"""The classes a results table ranks competitors in, each with the words that name it
(`women`, `female`, `ladies`): a class tells its winner from the overall one."""
_GROUP_OF = {word: group for group in _GROUPS for word in group}
_GROUP_WORD = "|".join(sorted(_GROUP_OF, key=len, reverse=True))


def ranked_groups(task: str) -> list[tuple[str, frozenset[str]]]:
    """(as written, the words naming it) of each class of competitors the task ranks in
    (`the first woman home`, `the fastest junior`, `the men's winner`, `the veterans'
    race`): the overall winner answers another question. Not a class named otherwise (`a
    man walked in`), nor a title (`the first lady`, `the best man`, `the leading man`, `the
    last man`)."""
    found = (m["a"] or m["b"] for m in _ranked_group().finditer(task[:SCAN]))
    return list(dict.fromkeys((w, _GROUP_OF[w.casefold()]) for w in found))


_ranked_group = compiled_on_use(
    r"(?i)\b(?!first[ \t-]+lady\b|(?:best|last)[ \t-]+man\b|leading[ \t-]+(?:man|lady)\b)"
    r"(?:first|fastest|quickest|top|best|leading|winning|highest|last|slowest)"
    rf"(?:[ \t-]{{1,3}}[a-z0-9][a-z0-9-]{{0,14}})?[ \t-]{{1,3}}(?P<a>{_GROUP_WORD})\b"
    rf"|\b(?P<b>{_GROUP_WORD})(?:'s|s'|')?[ \t]+(?:race|class|category|section|division|event"
    r"|title|winner|champion|record|results?)\b"
)
"""A superlative or a place before a class (`first woman`, `fastest under-12 junior`: one
word between at most, its separators bounded, so a run of hyphens is read once), or a
class before what it is ranked in (`women's race`)."""


def _names_group(text: str, group: frozenset[str]) -> bool:
    """Whether `text` names the class in any of its words (`female` for `women`)."""
    return any(m[0].casefold() in group for m in _group_word().finditer(text[:SCAN]))


_group_word = compiled_on_use(rf"(?i)\b(?:{_GROUP_WORD})\b")


def counted_kinds(task: str) -> list[str]:
    """The words before the noun a task counts, which narrow it (`evening` in `How many
    evening performances did ...`): a count of the noun alone answers another question."""
    counted = _how_many().search(task[:SCAN])
    if counted is None:
        return []
    phrase = counted[1].casefold().split()
    if any(w in _NOT_KINDS for w in phrase):  # `how many of the ...`, `books that were`
        return []
    return [w for w in phrase[:-1] if w.isalpha() and w in words(w)]


def _names_kind(text: str, kind: str) -> bool:
    """Whether `text` names `kind` or its plural (`evenings`), as a word: not a word its
    own stem is part of (`even` is no `evening`)."""
    plural = kind[:-1] + "ies" if kind.endswith("y") else kind + "e?s"
    return re.search(rf"(?i)\b(?:{kind}|{plural})\b", text[:SCAN]) is not None


_NOT_KINDS = frozenset(
    {"of", "the", "a", "an", "and", "or", "more", "fewer", "other", "times"}
    | {"in", "at", "on", "for", "from", "with", "by", "to", "per", "during", "over", "since"}
    | {"that", "which", "who", "whom", "whose", "where", "when"}
    | {"total", "different", "distinct", "separate", "individual", "unique", "additional"}
    | {"do", "does", "did", "is", "are", "was", "were", "have", "has", "had", "will", "can"}
    | {"square", "cubic", "hundred", "thousand", "million", "billion", "known", "recorded"}
)
"""Words that make the phrase after `how many` something else than a noun and the words
before it that narrow it (`how many of the ...`, `passengers in total`, `seats does X`, a
unit's `square miles`)."""


_how_many = compiled_on_use(
    r"(?i)\bhow[ \t]+many[ \t]+((?:[a-z][a-z-]*[ \t]+){1,2}?[a-z][a-z-]*)"
    r"(?=[ \t]+(?:did|do|does|were|was|are|is|have|has|had|will|would|can|could)\b)"
)
"""A count's question up to its verb: `How many evening performances did`."""


def beside(
    flow: StepGraph, matcher: Matcher, index: int, chosen: str | None = None
) -> list[tuple[str, Callable[[str], bool]]]:
    """(word, whether a text names it) of each word of the task that the input of step
    `index` writes in the clause stating the right value and not in the clause stating the
    final answer, or the `chosen` value (`Around 96 hours a week are live`, beside `on air
    24 hours a day`): what told the right value from the one chosen, as the task's year
    does."""
    text = flow.steps[index].input[:SCAN]
    right = _under_heading(text, matcher.find(flow, text))
    answer = (flow.final_output if chosen is None else chosen).strip()
    wrong = _under_heading(text, text.find(answer) if answer else -1)
    stems, other = with_stems(words(flow.trace.input)), words(wrong)
    other |= answer_units(flow.trace.input)  # `in seconds` asks how to write it, not which
    said = (w.casefold() for w in words_in_order(right))
    kept = (w for w in dict.fromkeys(said) if w not in FUNCTION_WORDS and w not in other)
    found = [w for w in kept if named_in(w, stems)]
    return [(w, partial(_names, word=w)) for w in found[:_BESIDE]]


_BESIDE = 8
"""Words beside the right value read, nearest the clause's start first: each is looked for
in a few texts, so a bounded number keeps a clause of thousands of the task's words linear."""


def _under_heading(text: str, at: int | None) -> str:
    """The clause around offset `at`, then the heading of the section it sits in (`##
    Individual - 500 pieces (final)` above a table's row): a section's heading tells its
    rows from another section's as a clause's words do."""
    if at is None or at < 0:
        return ""
    last = heading_over(text, at)
    if last is None or _piece_end().search(text, last.end(), at) is not None:
        return _clause(text, at)
    return f"{_clause(text, at)}\n{last[0]}"


def heading_over(text: str, at: int) -> re.Match[str] | None:
    """The last Markdown heading line of `text` before offset `at`, if any."""
    last = None
    for heading in _heading().finditer(text, 0, at):
        last = heading
    return last


_heading = compiled_on_use(r"(?m)^[ \t]{0,3}#{1,6}[ \t][^\n]{0,200}")
"""A Markdown heading's line (`## Pairs - 500 pieces (final)`)."""
_piece_end = compiled_on_use(
    r"</code>|```|\b(?:Observation|Execution logs|Calling tools|Last output)\b[^\n]{0,40}:"
)
"""Where a piece of an input ends: code (a comment, `# individual final`, heads no section)
or a message of the run's memory (a plan's `## 2. Plan` heads no page read after it)."""


def _clause(text: str, at: int | None) -> str:
    """The clause of `text` around offset `at`, between sentence ends (`.`, `!` or `?`
    before a space), `;` or line breaks (a decimal point ends none); "" for no offset."""
    if at is None or at < 0:
        return ""
    begin = 0
    for before in _clause_ends().finditer(text, 0, at):
        begin = before.end()
    end = _clause_ends().search(text, at + 1)
    return text[begin : len(text) if end is None else end.start()]


_clause_ends = compiled_on_use(r"[.!?](?=\s)|[;\n]")
"""Where a clause ends: a sentence's end before a space, `;`, a line break."""


def _names(text: str, word: str) -> bool:
    """Whether `text` names `word` in any form (`live` in `lives`)."""
    return named_in(word, with_stems(words(text)))


def left_out(task: str, given: str, output: str) -> str | None:
    """The first year, season or place the task asks about (not one of a quoted example)
    that a call had in its input (`given`) and left out of what its `output` planned or
    handed on; None when it did neither, or kept every such one."""
    what = planned_or_handed(output)
    if not what:
        return None
    asked = qualifiers(task)
    return next((shown for shown, has in asked if has(given) and not has(what)), None)


def planned_or_handed(output: str) -> str:
    """What a call asked others to do: the steps of its plan (after a `Plan` heading, to
    `<end_plan>`; a facts survey lists, it asks nothing), else the code that hands managed
    agents their tasks; "" for a call that did neither."""
    planned = plan_steps(output)
    if planned is not None:
        return planned
    # the whole code: `task=f"... {year}"` reads a variable
    code, _, _ = blocks(written(output[:SCAN]))
    return "\n".join(c for c in code if handed_task().search(c) is not None)


def plan_steps(output: str) -> str | None:
    """The steps of a call's plan: after a `Plan` heading (`## 2. Plan`) outside its code (a
    comment, `# Plan: read the page`, heads no plan), to `<end_plan>`; None for a call that
    wrote no plan."""
    _, rest, after = blocks(output[:SCAN])
    prose = "\n".join([*rest, after])
    heading = plan_heading().search(prose)
    return None if heading is None else prose[heading.end() :].split("<end_plan>", 1)[0]


plan_heading = compiled_on_use(r"(?im)^[ \t]*#{1,6}[^\n]*\bplan\b[^\n]*$")
"""A plan's heading (`## 2. Plan`), after its facts survey."""
