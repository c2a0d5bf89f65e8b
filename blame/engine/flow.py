"""Per-trace lookups the rules share, built once per graph so every rule stays linear.

The engine never calls networkx here: parents are resolved from step ids into integer lists
once, and every walk is a plain breadth-first search that visits each step and edge at most
once. Case-folded texts are computed lazily, once per step, the first time a rule asks.
"""

from __future__ import annotations

import weakref
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from blame.graph import StepGraph
from blame.model import Step, StepKind
from blame.text import RegexTimeoutError, safe_search, shorten

Predicate = Callable[[int], bool]
"""A property of a step, by index."""


class Flow:
    """Data-flow lookups over one trace: parents, children, folded texts, the final step."""

    def __init__(self, graph: StepGraph) -> None:
        self.graph = graph
        self.steps: tuple[Step, ...] = graph.steps
        index_of = {step.id: step.index for step in self.steps}
        self.parents: list[list[int]] = [
            sorted({index_of[p] for p in step.parents if p in index_of}) for step in self.steps
        ]
        self.children: list[list[int]] = [[] for _ in self.steps]
        for child, parents in enumerate(self.parents):
            for parent in parents:
                self.children[parent].append(child)
        self.final: int | None = graph.final_step
        self.final_output: str = graph.trace.final_output
        self._folded_out: list[str | None] = [None] * len(self.steps)
        self._folded_in: list[str | None] = [None] * len(self.steps)
        self._upstream: frozenset[int] | None = None

    def out(self, index: int) -> str:
        """The step's output, case-folded (cached)."""
        folded = self._folded_out[index]
        if folded is None:
            folded = self._folded_out[index] = self.steps[index].output.casefold()
        return folded

    def inp(self, index: int) -> str:
        """The step's input, case-folded (cached)."""
        folded = self._folded_in[index]
        if folded is None:
            folded = self._folded_in[index] = self.steps[index].input.casefold()
        return folded

    @property
    def upstream_of_final(self) -> frozenset[int]:
        """The final step and every step whose output reached it."""
        if self._upstream is None:
            self._upstream = (
                frozenset(self.walk_back(self.final)) if self.final is not None else frozenset()
            )
        return self._upstream

    def walk_back(self, start: int, through: Predicate | None = None) -> Iterator[int]:
        """`start`, then its ancestors breadth-first, nearest first.

        With `through`, only steps for which it holds are expanded (their parents visited).
        """
        seen = {start}
        queue = deque([start])
        yield start
        while queue:
            current = queue.popleft()
            if through is not None and not through(current):
                continue
            for parent in reversed(self.parents[current]):
                if parent not in seen:
                    seen.add(parent)
                    queue.append(parent)
                    yield parent

    def agent_steps(self) -> Iterable[int]:
        """Indexes of agent and llm steps (steps that speak for an agent)."""
        return (s.index for s in self.steps if s.kind in (StepKind.AGENT, StepKind.LLM))

    def label(self, index: int) -> str:
        """`step 3 (Writer)` or `step 4 (tool search, called by Writer)`."""
        step = self.steps[index]
        if step.kind is StepKind.TOOL:
            return f"step {index} (tool {step.name}, called by {step.agent})"
        return f"step {index} ({step.agent})"


_FLOWS: weakref.WeakKeyDictionary[StepGraph, Flow] = weakref.WeakKeyDictionary()


def flow_of(graph: StepGraph) -> Flow:
    """The graph's Flow, built on first use and shared by every check on that trace."""
    flow = _FLOWS.get(graph)
    if flow is None:
        flow = _FLOWS[graph] = Flow(graph)
    return flow


@dataclass(frozen=True, slots=True)
class Matcher:
    """Whether a piece of content is present in a text."""

    shown: str
    """The content as quoted in reasons."""
    needle: str | None = None
    """Case-folded literal to find, or None when `pattern` is used."""
    pattern: str | None = None
    """A regular expression, searched with the safe, time-limited helper."""
    whole_word: bool = False
    """Short alphanumeric literals must not touch letters or digits on either side."""

    def in_text(self, folded: str, original: str) -> bool:
        """Present in the text (`folded` is `original` case-folded)."""
        if self.pattern is not None:
            try:
                return safe_search(self.pattern, original) is not None
            except (RegexTimeoutError, ValueError):
                return False
        assert self.needle is not None
        if not self.whole_word:
            return self.needle in folded
        return _whole_word_in(self.needle, folded)

    def find(self, original: str) -> int | None:
        """Offset of the first occurrence in `original`, or None."""
        if self.pattern is not None:
            try:
                found = safe_search(self.pattern, original)
            except (RegexTimeoutError, ValueError):
                return None
            return None if found is None else found.start
        assert self.needle is not None
        start = original.casefold().find(self.needle)
        return None if start < 0 else start

    def out(self, flow: Flow, index: int) -> bool:
        """Present in the step's output."""
        return self.in_text(flow.out(index), flow.steps[index].output)

    def inp(self, flow: Flow, index: int) -> bool | None:
        """Present in the step's input; None when the step recorded no input."""
        if not flow.steps[index].input:
            return None
        return self.in_text(flow.inp(index), flow.steps[index].input)


def literal(value: str) -> Matcher:
    """A literal; short alphanumeric values (three characters or fewer) match whole words."""
    folded = value.strip().casefold()
    short = len(folded) <= 3 and folded.isalnum()
    return Matcher(shown=quote(value), needle=folded, whole_word=short)


def regex(pattern: str) -> Matcher:
    """A regular expression."""
    return Matcher(shown=f"/{shorten(pattern, 40)}/", pattern=pattern)


def quote(value: str) -> str:
    """A value as shown in reasons: single-quoted, on one line, at most 40 characters."""
    return "'" + shorten(value, 40) + "'"


def _whole_word_in(needle: str, haystack: str) -> bool:
    start = haystack.find(needle)
    while start != -1:
        end = start + len(needle)
        before = haystack[start - 1] if start else " "
        after = haystack[end] if end < len(haystack) else " "
        if not before.isalnum() and not after.isalnum():
            return True
        start = haystack.find(needle, start + 1)
    return False
