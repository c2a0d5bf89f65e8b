"""Per-trace lookups the rules share, built once per graph so every rule stays linear.

The engine never calls networkx here: parents are resolved from step ids into integer lists
once, and every walk is a plain breadth-first search that visits each step and edge at most
once. Content lookups are sets of step indexes, built in one scan of the case-folded texts
(or one regex scan) per value the first time a rule asks, and shared by every check.
"""

from __future__ import annotations

import re
import time
import weakref
from bisect import bisect_right
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import cached_property

from blame.graph import StepGraph
from blame.model import Step, StepKind
from blame.text import (
    MAX_SEARCH_CHARS,
    REGEX_TIMEOUT_S,
    RegexMatch,
    RegexTimeoutError,
    compile_pattern,
    safe_search,
    shorten,
)

Predicate = Callable[[int], bool]
"""A property of a step, by index."""

REGEX_BUDGET_S = REGEX_TIMEOUT_S
"""Wall time one pattern may spend in all of a trace's searches together (the evaluator's
limit for its single search). A limit per search let a catastrophic pattern run the full
limit on each step's input and output: 20 steps took 40 s and more per check."""


class Flow:
    """Data-flow lookups over one trace: parents, folded texts, the final step."""

    def __init__(self, graph: StepGraph) -> None:
        self.graph = graph
        self.steps: tuple[Step, ...] = graph.steps
        index_of = {step.id: step.index for step in self.steps}
        self.parents: list[list[int]] = [[index_of[p] for p in step.parents] for step in self.steps]
        self.final: int | None = graph.final_step
        self.final_output: str = graph.trace.final_output
        self._upstream: frozenset[int] | None = None
        self._hits: dict[tuple[str, str, bool], frozenset[int]] = {}
        self._folds: dict[str, list[str]] = {}
        self._texts: dict[str, list[str]] = {}
        self._literal: dict[tuple[str, str, bool, bool], frozenset[int]] = {}
        self._regex_spent: dict[tuple[str, bool], float] = {}
        self._regex_timed_out: set[tuple[str, bool]] = set()

    def out(self, index: int) -> str:
        """The step's output, case-folded."""
        return self.folded("out")[index]

    def inp(self, index: int) -> str:
        """The step's input, case-folded."""
        return self.folded("in")[index]

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
            parents = self.parents[current]
            for parent in sorted(parents, reverse=True) if len(parents) > 1 else parents:
                if parent not in seen:
                    seen.add(parent)
                    queue.append(parent)
                    yield parent

    def regex_hits(self, pattern: str, side: str, ignore_case: bool = False) -> frozenset[int]:
        """Steps whose output (side "out") or input ("in") the pattern matches, found in one scan.

        Searching 100,000 texts one by one pays the time-limit overhead 100,000 times, so the
        texts are joined and scanned once (for patterns that do not look past their own
        ends, the joined text can only add matches, never lose them); see
        `_joined_candidates`. Patterns with anchors or lookarounds are searched step by step.
        """
        key = (pattern, side, ignore_case)
        if key not in self._hits:
            self._hits[key] = frozenset(self._scan(pattern, side, ignore_case))
        return self._hits[key]

    def _scan(self, pattern: str, side: str, ignore_case: bool) -> Iterator[int]:
        texts = self.texts(side)
        candidates: Iterable[int] = range(len(texts))
        if not _LOOKS_PAST_ENDS.search(pattern) and len(texts) > 64:
            joined = self._joined(pattern, texts, ignore_case)
            if joined is None:
                return
            sure, unsure = joined
            yield from sure
            candidates = sorted(unsure)
        for index in candidates:
            if self.search(pattern, texts[index], ignore_case) is not None:
                yield index
            elif self.regex_timed_out(pattern, ignore_case):
                return

    def search(self, pattern: str, text: str, ignore_case: bool = False) -> RegexMatch | None:
        """The first match, charged to the pattern's budget; None on no match or a timeout.

        Once the pattern has timed out (or spent its budget) every later search returns None
        at once; `regex_timed_out` tells callers their answer is incomplete.
        """
        remaining = self._remaining(pattern, ignore_case)
        if remaining is None:
            return None
        started = time.perf_counter()
        try:
            return safe_search(pattern, text, ignore_case=ignore_case, timeout=remaining)
        except RegexTimeoutError:
            self._regex_timed_out.add((pattern, ignore_case))
            return None
        except ValueError:
            return None
        finally:
            self._charge(pattern, ignore_case, time.perf_counter() - started)

    def regex_timed_out(self, pattern: str, ignore_case: bool = False) -> bool:
        """A search for the pattern on this trace timed out, so its hit sets are incomplete."""
        return (pattern, ignore_case) in self._regex_timed_out

    def _remaining(self, pattern: str, ignore_case: bool) -> float | None:
        key = (pattern, ignore_case)
        if key in self._regex_timed_out:
            return None
        remaining = REGEX_BUDGET_S - self._regex_spent.get(key, 0.0)
        if remaining <= 0:
            self._regex_timed_out.add(key)
            return None
        return remaining

    def _charge(self, pattern: str, ignore_case: bool, seconds: float) -> None:
        key = (pattern, ignore_case)
        self._regex_spent[key] = self._regex_spent.get(key, 0.0) + seconds

    def _joined(
        self, pattern: str, texts: list[str], ignore_case: bool
    ) -> tuple[set[int], set[int]] | None:
        """`_joined_candidates` within the pattern's budget; None when it timed out."""
        remaining = self._remaining(pattern, ignore_case)
        if remaining is None:
            return None
        started = time.perf_counter()
        try:
            return _joined_candidates(pattern, texts, ignore_case, remaining)
        except TimeoutError:
            self._regex_timed_out.add((pattern, ignore_case))
            return None
        finally:
            self._charge(pattern, ignore_case, time.perf_counter() - started)

    def literal_hits(
        self, needle: str, whole_word: bool, side: str, case_sensitive: bool = False
    ) -> frozenset[int]:
        """Steps whose output (side "out") or input ("in") contain `needle`: as written when
        `case_sensitive`, else in the folded texts (and `needle` is folded too).

        One tight scan over the texts, built once per trace and side.
        """
        key = (needle, side, whole_word, case_sensitive)
        found = self._literal.get(key)
        if found is None:
            found = frozenset(self._find(needle, whole_word, side, case_sensitive))
            self._literal[key] = found
        return found

    def _find(
        self, needle: str, whole_word: bool, side: str, case_sensitive: bool
    ) -> Iterator[int]:
        texts = self.texts(side) if case_sensitive else self.folded(side)
        if not needle:
            return
        for index in [i for i, text in enumerate(texts) if needle in text]:
            if not whole_word or _whole_word_in(needle, texts[index]):
                yield index

    def texts(self, side: str) -> list[str]:
        """Every step's output (side "out") or input ("in"), as written."""
        cached = self._texts.get(side)
        if cached is None:
            cached = [s.output if side == "out" else s.input for s in self.steps]
            self._texts[side] = cached
        return cached

    def folded(self, side: str) -> list[str]:
        """Every step's output (side "out") or input ("in"), case-folded, built once."""
        cached = self._folds.get(side)
        if cached is None:
            cached = self._folds[side] = [text.casefold() for text in self.texts(side)]
        return cached

    @cached_property
    def conversation(self) -> bool:
        """A chat transcript: every message sees every earlier one, so parents say nothing."""
        return self.graph.trace.metadata.get("format") == "chat"

    @cached_property
    def tool_calls(self) -> dict[str, list[int]]:
        """Tool name -> indexes of its calls, in recording order."""
        calls: dict[str, list[int]] = {}
        for step in self.steps:
            if step.kind is StepKind.TOOL:
                calls.setdefault(step.name, []).append(step.index)
        return calls

    @cached_property
    def all_tool_steps(self) -> list[int]:
        """Indexes of every tool call, in recording order."""
        return sorted(i for calls in self.tool_calls.values() for i in calls)

    @cached_property
    def by_agent(self) -> dict[str, list[int]]:
        """Agent -> indexes of the steps it is responsible for, in recording order."""
        mine: dict[str, list[int]] = {}
        for step in self.steps:
            mine.setdefault(step.agent, []).append(step.index)
        return mine

    def label(self, index: int) -> str:
        """`step 3 (Writer)` or `step 4 (tool search, called by Writer)`."""
        step = self.steps[index]
        if step.kind is StepKind.TOOL:
            return f"step {index} (tool {step.name}, called by {step.agent})"
        return f"step {index} ({step.agent})"


_SEPARATOR = "\n\x00\n"
_LOOKS_PAST_ENDS = re.compile(r"[$^]|\\[AZzG]|\(\?[<=!>]|[+*?}]\+")


def _joined_candidates(
    pattern: str, texts: list[str], ignore_case: bool, timeout: float
) -> tuple[set[int], set[int]]:
    """Steps where a match over all texts joined together lies: (sure, to confirm alone).

    A match inside one step would match that step alone too. A match that runs across a
    separator may hide a match of a later step, so every step it touches is confirmed alone.
    Raises TimeoutError when the scan runs past `timeout` seconds.
    """
    sure: set[int] = set()
    unsure: set[int] = set()
    starts: list[int] = []
    parts: list[str] = []
    offset = 0
    for text in texts:
        starts.append(offset)
        clipped = text[:MAX_SEARCH_CHARS]
        parts.append(clipped)
        offset += len(clipped) + len(_SEPARATOR)
    joined = _SEPARATOR.join(parts)
    try:
        compiled = compile_pattern(pattern, ignore_case)
    except ValueError:
        return set(), set()
    for match in compiled.finditer(joined, timeout=timeout):
        first = bisect_right(starts, match.start()) - 1
        last = bisect_right(starts, max(match.start(), match.end() - 1)) - 1
        if last == first and match.end() <= starts[first] + len(parts[first]):
            sure.add(first)
        else:
            unsure.update(range(first, last + 1))
    return sure, unsure - sure


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
    """The literal to find (case-folded unless `case_sensitive`), or None for a `pattern`."""
    pattern: str | None = None
    """A regular expression, searched with the safe, time-limited helper."""
    ignore_case: bool = False
    """For a pattern: match regardless of case."""
    whole_word: bool = False
    """Short alphanumeric literals must not touch letters or digits on either side."""
    case_sensitive: bool = False
    """For a literal: match only as written, as a case-sensitive check does."""

    def in_final(self, flow: Flow) -> bool:
        """Present in the run's final output (False when a pattern's search timed out)."""
        if self.pattern is not None:
            return flow.search(self.pattern, flow.final_output, self.ignore_case) is not None
        assert self.needle is not None
        text = flow.final_output if self.case_sensitive else flow.final_output.casefold()
        if not self.whole_word:
            return self.needle in text
        return _whole_word_in(self.needle, text)

    def timed_out(self, flow: Flow) -> bool:
        """A pattern whose searches on this trace timed out: what it found proves nothing."""
        return self.pattern is not None and flow.regex_timed_out(self.pattern, self.ignore_case)

    def find(self, flow: Flow, original: str) -> int | None:
        """Offset of the first occurrence in `original`, or None."""
        if self.pattern is not None:
            found = flow.search(self.pattern, original, self.ignore_case)
            return None if found is None else found.start
        assert self.needle is not None
        start = (original if self.case_sensitive else original.casefold()).find(self.needle)
        return None if start < 0 else start

    def hits(self, flow: Flow, side: str) -> frozenset[int]:
        """Every step whose output (side "out") or input ("in") has the content."""
        if self.pattern is not None:
            return flow.regex_hits(self.pattern, side, self.ignore_case)
        assert self.needle is not None
        return flow.literal_hits(self.needle, self.whole_word, side, self.case_sensitive)

    def out(self, flow: Flow, index: int) -> bool:
        """Present in the step's output."""
        if self.pattern is not None:
            return index in flow.regex_hits(self.pattern, "out", self.ignore_case)
        assert self.needle is not None
        return index in flow.literal_hits(self.needle, self.whole_word, "out", self.case_sensitive)

    def inp(self, flow: Flow, index: int) -> bool | None:
        """Present in the step's input; None when the step recorded no input."""
        if not flow.steps[index].input:
            return None
        if self.pattern is not None:
            return index in flow.regex_hits(self.pattern, "in", self.ignore_case)
        assert self.needle is not None
        return index in flow.literal_hits(self.needle, self.whole_word, "in", self.case_sensitive)


def literal(value: str, *, case_sensitive: bool = False) -> Matcher:
    """A literal; short alphanumeric values (three characters or fewer) match whole words."""
    stripped = value.strip()
    needle = stripped if case_sensitive else stripped.casefold()
    short = len(needle) <= 3 and needle.isalnum()
    return Matcher(
        shown=quote(value), needle=needle, whole_word=short, case_sensitive=case_sensitive
    )


def case_blind(matcher: Matcher) -> Matcher:
    """The same literal matched regardless of case."""
    if not matcher.case_sensitive or matcher.needle is None:
        return matcher
    return replace(matcher, needle=matcher.needle.casefold(), case_sensitive=False)


def regex(pattern: str, ignore_case: bool = False) -> Matcher:
    """A regular expression."""
    return Matcher(shown=f"/{shorten(pattern, 40)}/", pattern=pattern, ignore_case=ignore_case)


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
