"""What a check looks for in a step's text: a literal or a pattern, matched through the
graph's shared text indexes so every lookup is a set membership after the first scan."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from blame.engine.figures import FIGURE_START, not_an_item, not_clock_part
from blame.frozen import dataclass
from blame.graph import StepGraph, whole_word_in
from blame.model import Step, StepKind
from blame.text import shorten, single_quote


@dataclass(frozen=True, slots=True)
class Matcher:
    """Whether a piece of content is present in a text."""

    shown: str
    """The content as quoted in reasons."""
    needle: str | None = None
    """The literal to find (case-folded unless `case_sensitive`), or None for a `pattern`."""
    pattern: str | None = None
    """A regular expression, searched with the safe, time-limited helper."""
    ignore_case: bool = False
    """For a pattern: match regardless of case."""
    whole_word: bool = False
    """Short alphanumeric literals must not touch letters or digits on either side."""
    case_sensitive: bool = False
    """For a literal: match only as written, as a case-sensitive check does."""

    def in_final(self, graph: StepGraph) -> bool:
        """Present in the run's final output (False when a pattern's search timed out)."""
        if self.pattern is not None:
            return graph.search(self.pattern, graph.final_output, self.ignore_case) is not None
        assert self.needle is not None
        text = graph.final_output if self.case_sensitive else graph.final_output.casefold()
        if not self.whole_word:
            return self.needle in text
        return whole_word_in(self.needle, text)

    def timed_out(self, graph: StepGraph) -> bool:
        """A pattern whose searches on this trace timed out: what it found proves nothing."""
        return self.pattern is not None and graph.regex_timed_out(self.pattern, self.ignore_case)

    def find(self, graph: StepGraph, original: str) -> int | None:
        """Offset of the first occurrence in `original`, or None."""
        if self.pattern is not None:
            found = graph.search(self.pattern, original, self.ignore_case)
            return None if found is None else found.start
        assert self.needle is not None
        start = (original if self.case_sensitive else original.casefold()).find(self.needle)
        return None if start < 0 else start

    def hits(self, graph: StepGraph, side: str) -> frozenset[int]:
        """Every step whose output (side "out") or input ("in") has the content."""
        if self.pattern is not None:
            return graph.regex_hits(self.pattern, side, self.ignore_case)
        assert self.needle is not None
        return graph.literal_hits(self.needle, self.whole_word, side, self.case_sensitive)

    def only_instructed(self, graph: StepGraph) -> bool:
        """`instructions_only` for the content on a trace: no step's output has it either."""
        has = lambda text: self.find(graph, text) is not None  # noqa: E731
        steps, task = graph.steps, graph.trace.input
        return not self.hits(graph, "out") and instructions_only(steps, task, has)

    def out(self, graph: StepGraph, index: int) -> bool:
        """Present in the step's output."""
        return index in self.hits(graph, "out")

    def inp(self, graph: StepGraph, index: int) -> bool | None:
        """Present in the step's input; None when the step recorded no input."""
        if not graph.steps[index].input:
            return None
        return index in self.hits(graph, "in")


def literal(value: str, *, case_sensitive: bool = False) -> Matcher:
    """A literal; short alphanumeric values (three characters or fewer) match whole words."""
    stripped = value.strip()
    needle = stripped if case_sensitive else stripped.casefold()
    short = len(needle) <= 3 and needle.isalnum()
    return Matcher(
        shown=quote(value), needle=needle, whole_word=short, case_sensitive=case_sensitive
    )


def number_start(number: Matcher, *, count: bool = False) -> Matcher:
    """A number found where a number starts: `1804` in `1804.05` (the same figure written
    longer), not `4.6` in `1294.678`, nor `4` numbering a list's item (`4. For tools`); a
    `count` of two digits or fewer not as the hour of a time of day either (`14:00`)."""
    value = number.needle or ""
    needle = re.escape(value)
    if count and value.isdigit() and len(value) <= 2:
        needle = not_clock_part(needle)
    guards = rf"{FIGURE_START}{not_an_item(needle, value)}(?<![\d.,])"
    return Matcher(number.shown, pattern=rf"{guards}{needle}(?!\d|,\d)")


def case_blind(matcher: Matcher) -> Matcher:
    """The same literal matched regardless of case."""
    if not matcher.case_sensitive or matcher.needle is None:
        return matcher
    # Every field given, as `dataclasses.replace` would (which looks each one up by name
    # first: a replay makes one per failed content check).
    return Matcher(
        shown=matcher.shown,
        needle=matcher.needle.casefold(),
        pattern=matcher.pattern,
        ignore_case=matcher.ignore_case,
        whole_word=matcher.whole_word,
        case_sensitive=False,
    )


def regex(pattern: str, ignore_case: bool = False) -> Matcher:
    """A regular expression."""
    return Matcher(shown=f"/{shorten(pattern, 40)}/", pattern=pattern, ignore_case=ignore_case)


def quote(value: str) -> str:
    """A value as shown in reasons: single-quoted, on one line, at most 40 characters."""
    return single_quote(value, 40)


def instructions_only(steps: Sequence[Step], task: str, has: Callable[[str], bool]) -> bool:
    """Content the LLM calls were given only by their instructions: neither the task nor any
    step's output `has` it, and every agent whose calls' inputs have it made two calls or
    more, all with it, or all those under one prompt (the opening of their inputs): the
    prompt each of those calls' inputs opens with (`read the first 2 pages` in an example,
    `5 + 3 + 1294.678` in a code agent's, which its planning call's prompt lacks), no figure
    it was handed. One call's context (a retrieved page) cannot be told from instructions,
    so it counts as given."""
    if has(task):
        return False
    calls: dict[str, dict[str, list[bool]]] = {}
    for step in steps:
        if has(step.output):
            return False
        if step.kind is StepKind.LLM:
            prompts = calls.setdefault(step.agent, {})
            prompts.setdefault(step.input[:_OPENING], []).append(has(step.input))
    having = [prompts for prompts in calls.values() if any(map(any, prompts.values()))]
    return bool(having) and all(map(_prompted, having))


def _prompted(prompts: dict[str, list[bool]]) -> bool:
    """Whether an agent's calls, by the prompt they open with, had the content from their
    instructions: two calls or more, all with it; or, under each prompt whose calls had it,
    two or more, all with it."""
    every = [seen for calls in prompts.values() for seen in calls]
    if len(every) >= 2 and all(every):
        return True
    having = [calls for calls in prompts.values() if any(calls)]
    return all(len(calls) >= 2 and all(calls) for calls in having)


_OPENING = 200
"""Characters of an LLM call's input that tell which prompt it opens with."""
