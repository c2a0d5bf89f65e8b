"""The step graph: who fed whom, over step indexes, with the lookups every rule shares.

Nodes are step indexes (recording order). An edge u -> v means u's output fed v. An edge
between steps of different agents is a handoff named `"Sender -> Receiver"`; a tool step
belongs to the agent that called it, so a tool feeding its own caller is no handoff.

One graph per trace serves the engine, plugins and exports: parents resolved once into
integer lists, walks that visit each step and edge at most once, and text indexes (folded
texts, literal and regex hit sets) built the first time a rule asks and shared by every
check. networkx is imported only when someone asks for `.nx` (a layout, an export): it
costs ~100 ms to import and several times the integer lists to build.
"""

from __future__ import annotations

import re
import time
from bisect import bisect_right
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any

from blame.frozen import dataclass
from blame.model import Step, StepKind, Trace
from blame.text import (
    MAX_SEARCH_CHARS,
    REGEX_TIMEOUT_S,
    RegexMatch,
    RegexTimeoutError,
    compile_pattern,
    compiled_on_use,
    safe_search,
)

if TYPE_CHECKING:
    import networkx as nx

Predicate = Callable[[int], bool]
"""A property of a step, by index."""

REGEX_BUDGET_S = REGEX_TIMEOUT_S
"""Wall time one pattern may spend in all of a trace's searches together (the evaluator's
limit for its single search). A limit per search let a catastrophic pattern run the full
limit on each step's input and output: 20 steps took 40 s and more per check."""


@dataclass(frozen=True, slots=True)
class Handoff:
    """Data passing from one agent to another along one edge."""

    sender: int
    """Index of the step whose output was passed on."""
    receiver: int
    """Index of the step that received it."""
    name: str
    """`"Sender -> Receiver"` by agent names."""


class StepGraph:
    """Data flow between the steps of one trace, and the per-trace lookups rules share."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        self.steps: tuple[Step, ...] = trace.steps
        self.parent_indexes: list[list[int]] = trace.parent_indexes()
        """Per step, its parents' indexes as recorded (order and repeats kept)."""
        self._upstream: frozenset[int] | None = None
        self._hits: dict[tuple[str, str, bool], frozenset[int]] = {}
        self._folds: dict[str, list[str]] = {}
        self._texts: dict[str, list[str]] = {}
        self._literal: dict[tuple[str, str, bool, bool], frozenset[int]] = {}
        self._regex_spent: dict[tuple[str, bool], float] = {}
        self._regex_timed_out: set[tuple[str, bool]] = set()
        self._regex_stops: list[str] = []
        """Append-only: the patterns whose search timed out, or was refused for it, in the
        order met (a pattern again only when a mark was taken since its last entry)."""
        self._regex_logged: dict[str, int] = {}
        """Pattern -> the index of its last entry in `_regex_stops`."""
        self._regex_marked = 0
        """The latest mark handed out (`regex_mark`)."""
        self.shared: dict[str, Any] = {}
        """Analyses one rule computes and others reuse for this trace, by name (the final
        answer's origin: every content rule and its runners-up ask for it)."""

    def __len__(self) -> int:
        return len(self.steps)

    @cached_property
    def nx(self) -> nx.DiGraph[int]:
        """The same graph as a networkx DiGraph, built on first access (for layouts, exports)."""
        import networkx as nx

        graph: nx.DiGraph[int] = nx.DiGraph()
        graph.add_nodes_from(range(len(self.steps)))
        graph.add_edges_from(
            (parent, child)
            for child, parents in enumerate(self.parent_indexes)
            for parent in parents
        )
        return graph

    # -- structure -------------------------------------------------------------------------

    def parents(self, index: int) -> list[int]:
        """Steps whose output fed this one, in recording order."""
        return sorted(set(self.parent_indexes[index]))

    def children(self, index: int) -> list[int]:
        """Steps this one's output fed, in recording order."""
        return self._children[index]

    @cached_property
    def _children(self) -> list[list[int]]:
        children: list[list[int]] = [[] for _ in self.steps]
        for child, parents in enumerate(self.parent_indexes):
            for parent in dict.fromkeys(parents):
                children[parent].append(child)
        return children

    @cached_property
    def inner_calls(self) -> dict[int, int]:
        """Step -> the last LLM call of its own agent nested in it, at any depth.

        A step's `metadata["within"]` names the step that encloses it (an OTLP span tree,
        where an enclosing span ends, so is recorded, after what it holds); a chain or agent
        span that wraps further nodes of its agent holds its LLM call only through them.
        One pass in recording order: what a step holds is known before its holder's turn.
        """
        index_of = {s.id: s.index for s in self.steps}
        found: dict[int, int] = {}
        for step in self.steps:
            last = step.index if step.kind is StepKind.LLM else found.get(step.index)
            outer = step.metadata.get("within")
            if last is None or not isinstance(outer, str) or outer not in index_of:
                continue
            holder = index_of[outer]
            if holder > step.index and self.steps[holder].agent == step.agent:
                found[holder] = max(found.get(holder, -1), last)
        return found

    def ancestors(self, index: int) -> set[int]:
        """Every step whose output reached this one, directly or not."""
        return set(self.upstream(index))

    def descendants(self, index: int) -> set[int]:
        """Every step this one's output reached, directly or not."""
        children = self._children
        seen: set[int] = set()
        pending = [index]
        while pending:
            for child in children[pending.pop()]:
                if child not in seen:
                    seen.add(child)
                    pending.append(child)
        return seen

    def upstream(self, index: int) -> Iterator[int]:
        """Ancestors breadth-first from `index`, nearest first (ties by later index first)."""
        walk = self.walk_back(index)
        next(walk)
        yield from walk

    def walk_back(self, start: int, through: Predicate | None = None) -> Iterator[int]:
        """`start`, then its ancestors breadth-first, nearest first (ties by later index first).

        With `through`, only steps for which it holds are expanded (their parents visited).
        """
        seen = {start}
        queue = deque([start])
        yield start
        while queue:
            current = queue.popleft()
            if through is not None and not through(current):
                continue
            parents = self.parent_indexes[current]
            for parent in sorted(parents, reverse=True) if len(parents) > 1 else parents:
                if parent not in seen:
                    seen.add(parent)
                    queue.append(parent)
                    yield parent

    def shortest_path(self, source: int, target: int) -> list[int] | None:
        """Step indexes along the shortest data-flow path, or None if none exists."""
        import networkx as nx

        try:
            return list(nx.shortest_path(self.nx, source, target))
        except nx.NetworkXNoPath:
            return None

    def is_handoff(self, sender: int, receiver: int) -> bool:
        """An edge between steps of different agents."""
        return self.steps[sender].agent != self.steps[receiver].agent

    def handoff_name(self, sender: int, receiver: int) -> str:
        """`"Sender -> Receiver"`."""
        return f"{self.steps[sender].agent} -> {self.steps[receiver].agent}"

    @cached_property
    def handoffs(self) -> tuple[Handoff, ...]:
        """Every handoff edge, ordered by receiving step, then sending step."""
        return tuple(
            Handoff(sender=sender, receiver=receiver, name=self.handoff_name(sender, receiver))
            for receiver, parents in enumerate(self.parent_indexes)
            for sender in sorted(set(parents))
            if self.is_handoff(sender, receiver)
        )

    @cached_property
    def final_step(self) -> int | None:
        """The step that produced the final output.

        The last non-tool step whose output contains the final output; else the last agent
        step; else the last step. None for an empty trace.
        """
        steps = self.steps
        if not steps:
            return None
        final = self.trace.final_output.strip()
        if final:  # one scan of the outputs in C, then the kinds of the few that hold it
            outputs = self.texts("out")
            for index in reversed([i for i, text in enumerate(outputs) if final in text]):
                if steps[index].kind not in (StepKind.TOOL, StepKind.HUMAN):
                    return steps[index].index
        for step in reversed(steps):
            if step.kind is StepKind.AGENT:
                return step.index
        return steps[-1].index

    @property
    def final_output(self) -> str:
        """What the run returned."""
        return self.trace.final_output

    @property
    def upstream_of_final(self) -> frozenset[int]:
        """The final step and every step whose output reached it."""
        if self._upstream is None:
            final = self.final_step
            self._upstream = self._reaching(final) if final is not None else frozenset()
        return self._upstream

    def _reaching(self, start: int) -> frozenset[int]:
        """`start` and every step whose output reached it: the steps `walk_back` visits,
        gathered without its order (a million-step chain, without a million generator
        resumptions)."""
        parent_indexes = self.parent_indexes
        seen = {start}
        add = seen.add
        pending = [start]
        while pending:
            for parent in parent_indexes[pending.pop()]:
                if parent not in seen:
                    add(parent)
                    pending.append(parent)
        return frozenset(seen)

    @property
    def slowest_chain(self) -> tuple[int, ...]:
        """The trace's slowest chain of steps (`Trace.slowest_chain`), computed once."""
        return self.trace.slowest_chain()

    def steps_of(self, agent: str) -> list[int]:
        """Indexes of every step the agent is responsible for, in order."""
        return list(self.by_agent.get(agent, ()))

    @cached_property
    def by_agent(self) -> dict[str, list[int]]:
        """Agent -> indexes of the steps it is responsible for, in recording order."""
        mine: dict[str, list[int]] = {}
        for step in self.steps:
            mine.setdefault(step.agent, []).append(step.index)
        return mine

    @cached_property
    def tool_calls(self) -> dict[str, list[int]]:
        """Tool name -> indexes of its calls, in recording order."""
        calls: dict[str, list[int]] = {}
        for step in self.steps:
            if step.kind is StepKind.TOOL:
                calls.setdefault(step.name, []).append(step.index)
        return calls

    @cached_property
    def llm_calls(self) -> dict[str, list[int]]:
        """Agent -> indexes of its LLM calls, in recording order."""
        calls: dict[str, list[int]] = {}
        for step in self.steps:
            if step.kind is StepKind.LLM:
                calls.setdefault(step.agent, []).append(step.index)
        return calls

    @cached_property
    def agent_tool_calls(self) -> dict[tuple[str, str], list[int]]:
        """(agent, tool name) -> indexes of its calls, in recording order."""
        calls: dict[tuple[str, str], list[int]] = {}
        for step in self.steps:
            if step.kind is StepKind.TOOL:
                calls.setdefault((step.agent, step.name), []).append(step.index)
        return calls

    @cached_property
    def all_tool_steps(self) -> list[int]:
        """Indexes of every tool call, in recording order."""
        return sorted(i for calls in self.tool_calls.values() for i in calls)

    def label(self, index: int) -> str:
        """`step 3 (Writer)` or `step 4 (tool search, called by Writer)`."""
        step = self.steps[index]
        if step.kind is StepKind.TOOL:
            return f"step {index} (tool {step.name}, called by {step.agent})"
        return f"step {index} ({step.agent})"

    # -- text indexes ----------------------------------------------------------------------

    def out(self, index: int) -> str:
        """The step's output, case-folded."""
        return self.folded("out")[index]

    def inp(self, index: int) -> str:
        """The step's input, case-folded."""
        return self.folded("in")[index]

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
            # A text that folding leaves as it was is kept, not copied: a million steps'
            # texts are held once.
            cached = self._folds[side] = [
                text if folded == text else folded
                for text in self.texts(side)
                for folded in (text.casefold(),)
            ]
        return cached

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

    def first_folded_hit(self, needle: str, among: Iterable[int], side: str) -> int | None:
        """The first of `among` whose folded output (side "out") or input ("in") has `needle`
        (folded) as a whole word: `literal_hits`' answer where its folded texts are built
        already, else a scan that stops at the first hit and keeps no folded copy of the
        texts (a million steps' outputs are not copied for one look-up)."""
        folded = needle.casefold()
        if side in self._folds:
            hits = self.literal_hits(folded, True, side)
            return next((i for i in among if i in hits), None)
        texts = self.texts(side)
        for index in among:
            lower = texts[index].casefold()
            if folded in lower and whole_word_in(folded, lower):
                return index
        return None

    def _find(
        self, needle: str, whole_word: bool, side: str, case_sensitive: bool
    ) -> Iterator[int]:
        texts = self.texts(side) if case_sensitive else self.folded(side)
        if not needle:
            return
        hits = [i for i, text in zip(self._positions, texts, strict=True) if needle in text]
        for index in hits:
            if not whole_word or whole_word_in(needle, texts[index]):
                yield index

    @cached_property
    def _positions(self) -> list[int]:
        """Each step's index, the steps' own ints: hit sets of half a million steps hold
        those, not half a million new ones (16 MiB a set)."""
        return [step.index for step in self.steps]

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
        if not _looks_past_ends().search(pattern) and len(texts) > 64:
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
            self._stopped(pattern)
            return None
        except ValueError:
            return None
        finally:
            self._charge(pattern, ignore_case, time.perf_counter() - started)

    def regex_timed_out(self, pattern: str, ignore_case: bool = False) -> bool:
        """A search for the pattern on this trace timed out, so its hit sets are incomplete."""
        if (pattern, ignore_case) not in self._regex_timed_out:
            return False
        self._stopped(pattern)
        return True

    def regex_mark(self) -> int:
        """A mark for `regex_stops_since`: take one before the work whose stops you want."""
        self._regex_marked = len(self._regex_stops)
        return self._regex_marked

    def regex_stops_since(self, mark: int) -> tuple[str, ...]:
        """The patterns whose search timed out (or was not tried, having timed out before)
        since `mark` was taken, each once, in the order met: why a rule that found nobody
        found nobody. Reading takes nothing away: every reader with its own mark gets all."""
        return tuple(dict.fromkeys(self._regex_stops[mark:]))

    def _stopped(self, pattern: str) -> None:
        """Log a search of `pattern` that timed out or was refused. A pattern already logged
        since the latest mark is not logged again: every mark sees it once all the same, and
        the log grows by at most one entry per pattern per mark, not one per search."""
        if self._regex_logged.get(pattern, -1) < self._regex_marked:
            self._regex_logged[pattern] = len(self._regex_stops)
            self._regex_stops.append(pattern)

    def _remaining(self, pattern: str, ignore_case: bool) -> float | None:
        key = (pattern, ignore_case)
        if key in self._regex_timed_out:
            self._stopped(pattern)
            return None
        remaining = REGEX_BUDGET_S - self._regex_spent.get(key, 0.0)
        if remaining <= 0:
            self._regex_timed_out.add(key)
            self._stopped(pattern)
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
            self._stopped(pattern)
            return None
        finally:
            self._charge(pattern, ignore_case, time.perf_counter() - started)


def whole_word_in(needle: str, haystack: str) -> bool:
    """`needle` occurs in `haystack` with no letter or digit touching it on either side.

    The first places it occurs are looked at one by one (the usual answer comes at once);
    past them, one search in C: agent text that repeats a value thousands of times inside
    longer words (`aaaa...`) would otherwise cost a pass in Python per place.
    """
    start = haystack.find(needle)
    for _ in range(_PLACES):
        if start == -1:
            return False
        end = start + len(needle)
        before = haystack[start - 1] if start else " "
        after = haystack[end] if end < len(haystack) else " "
        if not before.isalnum() and not after.isalnum():
            return True
        start = haystack.find(needle, start + 1)
    return start != -1 and _bounded(needle).search(haystack, start) is not None


_PLACES = 32
"""Places of a needle looked at in Python before `whole_word_in` hands the rest to `re`."""


@lru_cache(maxsize=256)
def _bounded(needle: str) -> re.Pattern[str]:
    """`needle` with no letter or digit on either side (`[^\\W_]` is what `isalnum` is)."""
    return re.compile(rf"(?<![^\W_]){re.escape(needle)}(?![^\W_])")


_SEPARATOR = "\n\x00\n"
_looks_past_ends = compiled_on_use(r"[$^]|\\[AZzG]|\(\?[<=!>]|[+*?}]\+")


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
