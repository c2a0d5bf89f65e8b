"""Values made on an edge: routing code that built a step's input between its parents and it.

A framework may hand work on through a function of the state that builds each receiver's input
(a LangGraph conditional edge returning `Send("worker", payload)`): that code is neither the
node before it nor the worker. An adapter puts the part of a step's input such code built in
its metadata (`EDGE_INPUT`, text). A value there that none of the step's parents output was
made on the edge, so the handoff between them is the culprit, not the step that was given the
value; and a value a parent output that the built input gives otherwise (another value under
the same key) was garbled there. The evidence quotes the line of the built input and, where
the parent's output has a line under the same key, that line: the state's value beside the
payload's.
"""

from __future__ import annotations

from collections.abc import Callable

from blame.engine.figures import is_number, norm, numbers
from blame.engine.matching import quote
from blame.engine.suspects import handoff
from blame.graph import StepGraph
from blame.model import EDGE_INPUT, StepKind
from blame.results import Suspect
from blame.text import SCAN

Holds = Callable[[str], bool]
"""Whether a text has the content a rule follows."""

ANSWER_CONFIDENCE = 0.6
"""The edge where the final answer's value first appeared: as sure as the step would be."""
_KEY = 40
"""Longest `key:` prefix of a line taken as the name of a value (`budget: 300 EUR`)."""


def edge_input(flow: StepGraph, index: int) -> str:
    """The part of step `index`'s input that routing code built ("" when none: a tool step's
    arguments are its caller's)."""
    step = flow.steps[index]
    built = step.metadata.get(EDGE_INPUT)
    if step.kind is StepKind.TOOL or not isinstance(built, str):
        return ""
    return built


def holding(value: str) -> Holds:
    """A test for `value` in a text: a number in any of its written forms (`1,000` is
    `1000`, and `30` is not in `300`), anything else ignoring case."""
    if is_number(value):
        wanted = norm(value)
        return lambda text: wanted in numbers(text[:SCAN])
    folded = value.casefold()
    return lambda text: folded in text[:SCAN].casefold()


def made_on_edge(
    flow: StepGraph, index: int, has: Holds, shown: str, confidence: float
) -> Suspect | None:
    """The handoff into step `index` when the content (`has`) is in the part of its input an
    edge built and in none of its parents' outputs: the routing code made it. None otherwise
    (no built input, the content not in it, or a parent that had it: then the step or its
    parent is where it came from)."""
    built = edge_input(flow, index)
    parents = flow.parent_indexes[index]
    if not built or not parents or not has(built):
        return None
    steps = flow.steps
    if any(has(steps[p].output) for p in parents):
        return None
    sender = max(parents)
    label, into = flow.label(sender), flow.label(index)
    reason = f"the edge from {label} to {into} made {shown}: {_built(flow, sender, index, has)}"
    return handoff(flow, sender, index, confidence, reason)


def _built(flow: StepGraph, sender: int, index: int, has: Holds) -> str:
    """The evidence that routing code made the content: the line of the input it built, and
    the sender's line under the same key (else that the sender's output lacked it)."""
    line = _line(edge_input(flow, index), has)
    same = _same_key(flow.steps[sender].output, line)
    return (
        f"the routing code between them built {flow.label(index)}'s input with {quote(line)}, "
        f"and {flow.label(sender)}'s output, the state it read, "
        + (f"has {quote(same)}" if same else "did not have it")
    )


def lost_on_edge(flow: StepGraph, has: Holds, sender: int, index: int) -> str:
    """How the edge into step `index` changed content that `sender` output: the line the
    routing code built under the key of the sender's line with the content ("" when no edge
    built `index`'s input, or it has no such line: an input built without the content may
    be a receiver never meant to get it, as a fan-out gives each worker only its part)."""
    built = edge_input(flow, index)
    if not built or has(built):
        return ""
    line = _line(flow.steps[sender].output, has)
    same = _same_key(built, line)
    return (
        f"the routing code between them built {quote(same)} where it read {quote(line)}"
        if same
        else ""
    )


def _line(text: str, has: Holds) -> str:
    """The first line of `text` with the content (the whole text, when no single line has it)."""
    return next((line.strip() for line in text.splitlines() if has(line)), text.strip())


def _same_key(text: str, line: str) -> str:
    """The line of `text` under the same `key:` as `line`, with another value ("" when
    `line` names no key, or `text` has no other line under it)."""
    key, colon, _ = line.partition(":")
    key = key.strip()
    if not colon or not key or len(key) > _KEY:
        return ""
    for other in text.splitlines():
        name, found, _ = other.partition(":")
        if found and name.strip() == key and other.strip() != line:
            return other.strip()
    return ""


def answer_on_edge(flow: StepGraph, index: int, value: str, shown: str) -> Suspect | None:
    """The edge into step `index`, where the final answer `value` first appeared, when routing
    code built it into the step's input (the step only carried it on); `shown` opens the
    reason (what is wrong with the final output)."""
    has = holding(value)
    edge = made_on_edge(flow, index, has, quote(value), ANSWER_CONFIDENCE)
    if edge is None:
        return None
    sender = max(flow.parent_indexes[index])
    return Suspect(
        edge.kind,
        edge.name,
        edge.agent,
        edge.step_index,
        edge.confidence,
        f"{shown}; the final answer {quote(value)} first appeared on the edge from "
        f"{flow.label(sender)} to {flow.label(index)}: {_built(flow, sender, index, has)}",
        sender=edge.sender,
        receiver=edge.receiver,
    )
