"""Align two traces step by step and say where they first part ways.

Two runs of one pipeline (the last passing and the first failing, a baseline's passing run and
today's failing one) are compared on a compact signature per step: its agent, kind and name
(the tool's name for a tool call). The alignment is greedy with a bounded look-ahead, so it is
linear in the traces' sizes (at most `LOOKAHEAD` candidates per step) instead of the quadratic
cost of a full longest-common-subsequence: identical stretches match one step at a time, and
at a mismatch the nearest point where both traces agree again (for two steps in a row) decides
whether steps vanished, appeared or were replaced. Matched steps are then compared on what they
received (the content handed over to them), what they produced and whether they failed.

Recording order is compared, not timing: latency, cost, tokens, ids and metadata never count
as a difference, so two runs of a deterministic pipeline are identical.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from blame.frozen import dataclass
from blame.model import Step, StepKind, Trace
from blame.text import printable, shorten

if TYPE_CHECKING:
    from blame.context import RunContext

LOOKAHEAD = 32
"""Steps looked ahead on either side to find where two traces agree again after a mismatch."""

DETAIL_LIMIT = 50
"""Divergences listed in full; the counts cover every step whatever this is."""

DivergenceKind = Literal[
    "tool_sequence", "step_changed", "appeared", "vanished", "content", "output", "error", "final"
]

_EXPLAINED: dict[str, str] = {
    "tool_sequence": "a different tool call",
    "step_changed": "a different step",
    "appeared": "a step appeared",
    "vanished": "a step vanished",
    "content": "different content handed over",
    "output": "a different output",
    "error": "a different error",
    "final": "a different final output",
}

Signature = tuple[str, str, str]
"""(agent, kind, name): what a step is, whatever it said."""


@dataclass(frozen=True, slots=True)
class StepRef:
    """One side of a divergence: the step as a person finds it in the trace."""

    index: int
    """The step's index in its trace (recording order, 0-based)."""
    agent: str
    """The agent responsible for the step."""
    kind: str
    """agent, tool, llm or human."""
    name: str
    """The agent's name, or the tool's for a tool call."""

    def label(self) -> str:
        """`step 3 (tool search, called by Researcher)`, escaped for a terminal."""
        if self.kind == StepKind.TOOL.value:
            what = f"tool {self.name}, called by {self.agent}"
        elif self.name != self.agent:
            what = f"{self.kind} {self.name} of {self.agent}"
        else:
            what = self.agent if self.kind == "agent" else f"{self.kind} {self.agent}"
        return printable(f"step {self.index} ({shorten(what, 120)})")

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {"index": self.index, "agent": self.agent, "kind": self.kind, "name": self.name}


@dataclass(frozen=True, slots=True)
class Divergence:
    """One place where the two traces differ, in alignment order."""

    kind: DivergenceKind
    """What differs: the step itself, its presence, its input, output or error, or the answer."""
    a: StepRef | None
    """The step of trace A (None when the step appeared only in B, or for the final output)."""
    b: StepRef | None
    """The step of trace B (None when the step vanished from B, or for the final output)."""
    a_text: str | None
    """For content, output, error and final: A's text around the first difference."""
    b_text: str | None
    """The same excerpt of B's text."""
    handoff: str | None
    """For content: the handoff `"Sender -> Receiver"` that delivered it, when one did."""

    @property
    def agent(self) -> str:
        """The agent at this divergence (B's side when there is one: the new run)."""
        ref = self.b or self.a
        return ref.agent if ref is not None else ""

    def describe(self) -> str:
        """One sentence a person can check against both traces (escaped for a terminal)."""
        a, b = self.a, self.b
        if self.kind == "vanished" and a is not None:
            return f"{a.label()} of A has no counterpart in B"
        if self.kind == "appeared" and b is not None:
            return f"{b.label()} of B has no counterpart in A"
        if self.kind in ("tool_sequence", "step_changed") and a is not None and b is not None:
            return f"A has {a.label()} where B has {b.label()}"
        texts = f"A: {_excerpt(self.a_text)}, B: {_excerpt(self.b_text)}"
        if self.kind == "final":
            return f"the final outputs differ ({texts})"
        where = b.label() if b is not None else ""
        if self.kind == "content":
            via = (
                f" over the handoff {printable(shorten(self.handoff, 120))}" if self.handoff else ""
            )
            return f"{where} received different content{via} ({texts})"
        if self.kind == "error":
            if not self.a_text:  # `_compare` gives a step without an error the empty text
                return f"{where} failed only in B ({_excerpt(self.b_text)})"
            if not self.b_text:
                return f"{where} failed only in A ({_excerpt(self.a_text)})"
            return f"{where} failed differently ({texts})"
        return f"{where} produced a different output ({texts})"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "kind": self.kind,
            "a": None if self.a is None else self.a.to_dict(),
            "b": None if self.b is None else self.b.to_dict(),
            "a_text": self.a_text,
            "b_text": self.b_text,
            "handoff": self.handoff,
        }


@dataclass(frozen=True, slots=True)
class TraceDiff:
    """How trace B differs from trace A."""

    a_steps: int
    """Steps in A."""
    b_steps: int
    """Steps in B."""
    matched: int
    """Steps aligned with a step of the same agent, kind and name."""
    counts: dict[str, int]
    """Divergences by kind (every one, not only those listed)."""
    divergences: tuple[Divergence, ...]
    """The first `DETAIL_LIMIT` divergences, in alignment order."""

    @property
    def identical(self) -> bool:
        """Same steps in the same order, handed the same content, with the same answer."""
        return not self.counts

    @property
    def first(self) -> Divergence | None:
        """Where the traces first part ways; None when identical."""
        return self.divergences[0] if self.divergences else None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (`blame diff --json`); sorted and free of times, so stable."""
        return {
            "identical": self.identical,
            "a_steps": self.a_steps,
            "b_steps": self.b_steps,
            "matched": self.matched,
            "counts": dict(sorted(self.counts.items())),
            "first": None if self.first is None else self.first.to_dict(),
            "divergences": [d.to_dict() for d in self.divergences],
        }


def signature(step: Step) -> Signature:
    """What a step is, for alignment: its agent, kind and name."""
    return (step.agent, step.kind.value, step.name)


def align(a: Sequence[Signature], b: Sequence[Signature]) -> list[tuple[int | None, int | None]]:
    """Pairs (i, j) of aligned positions; (i, None) vanished from B, (None, j) appeared in B.

    Greedy with a bounded look-ahead: equal signatures match; at a mismatch the smallest skip
    (d steps of A, of B, or of both) after which two signatures in a row agree again decides;
    with none within `LOOKAHEAD`, the two steps are paired as a replacement. Linear time.
    """
    pairs: list[tuple[int | None, int | None]] = []
    i = j = 0
    n, m = len(a), len(b)
    while i < n and j < m:
        if a[i] == b[j]:
            pairs.append((i, j))
            i, j = i + 1, j + 1
            continue
        skip = _resync(a, b, i, j)
        if skip is None:
            pairs.append((i, j))
            i, j = i + 1, j + 1
            continue
        skip_a, skip_b = skip
        common = min(skip_a, skip_b)
        for k in range(common):
            pairs.append((i + k, j + k))
        pairs.extend((i + k, None) for k in range(common, skip_a))
        pairs.extend((None, j + k) for k in range(common, skip_b))
        i, j = i + skip_a, j + skip_b
    pairs.extend((k, None) for k in range(i, n))
    pairs.extend((None, k) for k in range(j, m))
    return pairs


def _resync(
    a: Sequence[Signature], b: Sequence[Signature], i: int, j: int
) -> tuple[int, int] | None:
    """The smallest (skip in A, skip in B) after which the traces agree again, or None."""
    for d in range(1, LOOKAHEAD + 1):
        for skip_a, skip_b in ((d, 0), (0, d), (d, d)):
            if _agree(a, b, i + skip_a, j + skip_b):
                return skip_a, skip_b
    return None


def _agree(a: Sequence[Signature], b: Sequence[Signature], i: int, j: int) -> bool:
    """Both traces agree at (i, j) and at the next step too (or end together there)."""
    if i >= len(a) or j >= len(b) or a[i] != b[j]:
        return False
    if i + 1 >= len(a) or j + 1 >= len(b):
        return i + 1 >= len(a) and j + 1 >= len(b)
    return a[i + 1] == b[j + 1]


def diff_traces(a: Trace, b: Trace) -> TraceDiff:
    """Align `a` and `b` and list how `b` differs, first divergence first."""
    sig_a = [signature(s) for s in a.steps]
    sig_b = [signature(s) for s in b.steps]
    found: list[Divergence] = []
    counts: dict[str, int] = {}
    matched = 0

    def note(divergence: Divergence) -> None:
        counts[divergence.kind] = counts.get(divergence.kind, 0) + 1
        if len(found) < DETAIL_LIMIT:
            found.append(divergence)

    for i, j in align(sig_a, sig_b):
        step_a = a.steps[i] if i is not None else None
        step_b = b.steps[j] if j is not None else None
        if step_b is None and step_a is not None:
            note(Divergence("vanished", _ref(step_a), None, None, None, None))
        elif step_a is None and step_b is not None:
            note(Divergence("appeared", None, _ref(step_b), None, None, None))
        elif step_a is not None and step_b is not None:
            if sig_a[step_a.index] != sig_b[step_b.index]:
                tool = StepKind.TOOL in (step_a.kind, step_b.kind)
                kind: DivergenceKind = "tool_sequence" if tool else "step_changed"
                note(Divergence(kind, _ref(step_a), _ref(step_b), None, None, None))
                continue
            matched += 1
            divergence = _compare(a, b, step_a, step_b)
            if divergence is not None:
                note(divergence)
    if a.final_output != b.final_output:
        text_a, text_b = excerpts(a.final_output, b.final_output)
        note(Divergence("final", None, None, text_a, text_b, None))
    return TraceDiff(len(a.steps), len(b.steps), matched, counts, tuple(found))


def _compare(a: Trace, b: Trace, step_a: Step, step_b: Step) -> Divergence | None:
    """How two aligned steps of the same signature differ: input first (what they were
    handed decides what they did), then error, then output."""
    ref_a, ref_b = _ref(step_a), _ref(step_b)
    if step_a.input != step_b.input:
        text_a, text_b = excerpts(step_a.input, step_b.input)
        return Divergence("content", ref_a, ref_b, text_a, text_b, _handoff(b, step_b))
    if step_a.error != step_b.error:
        text_a, text_b = excerpts(step_a.error or "", step_b.error or "")
        return Divergence("error", ref_a, ref_b, text_a, text_b, None)
    if step_a.output != step_b.output:
        text_a, text_b = excerpts(step_a.output, step_b.output)
        return Divergence("output", ref_a, ref_b, text_a, text_b, None)
    return None


def _handoff(trace: Trace, step: Step) -> str | None:
    """`"Sender -> Receiver"` when a step of another agent fed this one (its input came over
    a handoff): the feeder whose output the input holds, else the first such parent listed."""
    feeders = [trace.steps[i] for i in trace.parent_indexes()[step.index]]
    others = [parent for parent in feeders if parent.agent != step.agent]
    if not others:
        return None
    sender = next((p for p in others if p.output and p.output in step.input), others[0])
    return f"{sender.agent} -> {step.agent}"


def _ref(step: Step) -> StepRef:
    return StepRef(step.index, step.agent, step.kind.value, step.name)


EXCERPT_CHARS = 60
"""Characters of context kept on each side of the first differing character."""


def excerpts(a: str, b: str) -> tuple[str, str]:
    """The two texts around their first difference (`…` where cut), for a person to compare."""
    start = 0
    limit = min(len(a), len(b))
    while start < limit and a[start] == b[start]:
        start += 1
    begin = max(0, start - EXCERPT_CHARS // 2)

    def cut(text: str) -> str:
        end = min(len(text), start + EXCERPT_CHARS)
        head = "…" if begin > 0 else ""
        tail = "…" if end < len(text) else ""
        return f"{head}{text[begin:end]}{tail}"

    return cut(a), cut(b)


def _excerpt(text: str | None) -> str:
    from blame.text import quote

    return quote(text or "", limit=EXCERPT_CHARS + 2)


def render_text(result: TraceDiff, name_a: str, name_b: str) -> str:
    """The terminal form: the first divergence, then the counts and the rest listed."""
    head = (
        f"A: {printable(name_a)} ({result.a_steps} steps)\n"
        f"B: {printable(name_b)} ({result.b_steps} steps)\n"
    )
    if result.identical:
        return head + "identical: same steps in the same order, same content, same answer\n"
    first = result.first
    assert first is not None  # not identical
    lines = [
        head.rstrip("\n"),
        f"first divergence: {_EXPLAINED[first.kind]}",
        f"  {first.describe()}",
    ]
    summary = ", ".join(f"{count} {kind}" for kind, count in sorted(result.counts.items()))
    lines.append(f"{result.matched} steps aligned; differences: {summary}")
    rest = result.divergences[1:]
    if rest:
        lines.append("then:")
        lines.extend(f"  - {_EXPLAINED[d.kind]}: {d.describe()}" for d in rest)
    total = sum(result.counts.values())
    if total > len(result.divergences):
        lines.append(f"  ... {total - len(result.divergences)} more not listed")
    return "\n".join(lines) + "\n"


def load_pair(paths: tuple[Path, Path], format: str, context: RunContext) -> tuple[Trace, Trace]:
    """Both traces, read in a worker killed at the limit when a plugin's trace reader may read
    them: one that exits or hangs is an error naming the trace, never `diff`'s exit code."""
    from blame.configfields import DEFAULT_TIMEOUT_S
    from blame.errors import TraceError
    from blame.importers import load_trace
    from blame.plugintypes import foreign_code
    from blame.supervise import Limit, run_all

    def run_one(index: int, limit: Limit | None) -> Trace:
        if limit is not None:
            limit(DEFAULT_TIMEOUT_S, "reading the trace")
        return load_trace(paths[index], format=format, context=context)

    def failed(index: int, why: str) -> Trace:
        raise TraceError(why, file=str(paths[index]))

    first, second = run_all(
        2,
        run_one,
        failed,
        exit_limit=DEFAULT_TIMEOUT_S,
        user_code=foreign_code(context.plugins, (), readers=True),
        overran="fix the hang in the plugin's trace reader",
    )
    return first, second
