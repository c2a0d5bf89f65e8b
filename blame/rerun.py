"""A re-run from one step: upstream served from the recording, that step's output replaced,
everything after it executed again.

blame sets the plan (`overriding`) around a call of the entrypoint; whatever executes the
steps honours it: `TraceRecorder.run_step` for plain Python, the LangGraph adapter (resumed
from its checkpoint). Whoever honours it reports back on the plan's tally, so blame knows the
re-run really started from the step and how many steps ran again.
"""

from __future__ import annotations

import contextlib
import contextvars
import re
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import field, replace
from typing import Any, Literal

from blame.frozen import dataclass
from blame.model import Step, StepKind, Trace

EditKind = Literal["add", "remove", "replace", "keep"]
"""add a value (recased where it is there in another case), remove it everywhere, replace the
whole text with it, or keep the text as it is."""


@dataclass(frozen=True, slots=True)
class Edit:
    """The change as an operation, for executors whose step output is not one text (a
    LangGraph node's state update): applied to the text values it holds."""

    kind: EditKind
    """add, remove, replace or keep."""
    value: str
    """The value added or removed, or the replacing text."""
    case_sensitive: bool = True
    """Whether `remove` and the recasing of `add` compare letter case."""


@dataclass(frozen=True, slots=True)
class Override:
    """The counterfactual of one step: what it returns instead, in place of running it."""

    step_index: int
    """The recorded step whose output is replaced (0-based, recording order)."""
    output: str
    """Its output in the counterfactual run."""
    error: str | None = None
    """Its error in the counterfactual run (None: it succeeds)."""
    edit: Edit | None = None
    """The same change as an operation on text values (None: only `output` says it)."""


class Tally:
    """What the executor reports during one re-run (mutable: filled while the run goes)."""

    __slots__ = ("applied", "claimed", "diverged", "rerun")

    def __init__(self) -> None:
        self.applied = False
        """The overridden step was reached and replaced."""
        self.diverged: str | None = None
        """Why the re-run stopped matching the recording before the step (None: it did not)."""
        self.rerun = 0
        """Steps executed again (after the overridden one)."""
        self.claimed: set[int] = set()
        """Indexes of the recorded steps that calls of the re-run already stood for."""


@dataclass(frozen=True, slots=True)
class Plan:
    """One re-run: the recording, the override and the tally the executor fills."""

    recording: Trace
    """The run being re-run: upstream steps are served from it."""
    override: Override
    """The one change."""
    tally: Tally
    """Filled by the executor."""
    _unclaimed: _Unclaimed = field(init=False, repr=False, compare=False)
    """The recorded steps no call stood for yet, found by name and input."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_unclaimed", _Unclaimed(self.recording.steps))

    def recorded(self, index: int) -> Step | None:
        """The recorded step at `index`, if the recording has one."""
        steps = self.recording.steps
        return steps[index] if 0 <= index < len(steps) else None

    def serve(self, at: int, kind: StepKind, name: str, input: str) -> Step | None:
        """What the step called `at`-th in the re-run returns instead of running: the
        recorded step it stands for when that came before the overridden one, the override
        when it is that one, None when it runs (the tally counts it) or the re-run diverged.

        A call stands for the first recorded step of its kind and name not yet stood for,
        with the same input if one has it: steps run from threads may start in another
        order than they did in the recording, so a position alone would serve one branch's
        output to another. Not thread-safe: the recorder calls it under its lock.
        """
        tally = self.tally
        if tally.diverged is not None:
            return None
        match = self._unclaimed.take(kind, name, input, tally.claimed)
        if match is None and not tally.applied:
            tally.diverged = f"step {at} is not {name!r} as recorded"
            return None
        target = self.override.step_index
        if match is not None:
            if match.index < target:
                return match
            if match.index == target:
                tally.applied = True
                return replace(match, output=self.override.output, error=self.override.error)
        tally.rerun += 1
        return None


class _Unclaimed:
    """A recording's steps in queues by (kind, name) and by (kind, name, input), in recording
    order: a call finds the step it stands for without looking at the whole recording, so a
    re-run of n steps looks at each recorded step a bounded number of times, not n times."""

    __slots__ = ("by_input", "by_name")

    def __init__(self, steps: Iterable[Step]) -> None:
        self.by_name: dict[tuple[StepKind, str], deque[Step]] = {}
        self.by_input: dict[tuple[StepKind, str, str], deque[Step]] = {}
        for step in steps:
            self.by_name.setdefault((step.kind, step.name), deque()).append(step)
            self.by_input.setdefault((step.kind, step.name, step.input), deque()).append(step)

    def take(self, kind: StepKind, name: str, input: str, claimed: set[int]) -> Step | None:
        """The first step of `kind` and `name` not in `claimed`, with `input` if one has it;
        added to `claimed`."""
        found = _first(self.by_input.get((kind, name, input)), claimed) or _first(
            self.by_name.get((kind, name)), claimed
        )
        if found is not None:
            claimed.add(found.index)
        return found


def _first(queue: deque[Step] | None, claimed: set[int]) -> Step | None:
    """The queue's first step not claimed (the claimed ones before it dropped for good)."""
    while queue and queue[0].index in claimed:
        queue.popleft()
    return queue[0] if queue else None


_PLAN: contextvars.ContextVar[Plan | None] = contextvars.ContextVar("blame_rerun", default=None)


def active() -> Plan | None:
    """The re-run in progress in this context, or None for an ordinary run."""
    return _PLAN.get()


@contextlib.contextmanager
def overriding(recording: Trace, override: Override) -> Iterator[Plan]:
    """Run the body (a call of the entrypoint) as a re-run with `override` applied."""
    plan = Plan(recording, override, Tally())
    token = _PLAN.set(plan)
    try:
        yield plan
    finally:
        _PLAN.reset(token)


class Session:
    """A test's run and the re-runs from its suspects' steps: an executor keeps here what it
    needs to resume the run (a LangGraph checkpointer and thread); mutable, one per test."""

    __slots__ = ("kept",)

    def __init__(self) -> None:
        self.kept: Any = None
        """Whatever the executor of the first run kept for the re-runs (None: nothing)."""


_SESSION: contextvars.ContextVar[Session | None] = contextvars.ContextVar(
    "blame_rerun_session", default=None
)


def session() -> Session | None:
    """The confirmation session of this context: its first run may keep what re-runs need."""
    return _SESSION.get()


@contextlib.contextmanager
def confirming() -> Iterator[Session]:
    """Run the body (a test's run and its re-runs) as one confirmation session."""
    token = _SESSION.set(Session())
    try:
        yield _SESSION.get()  # type: ignore[misc]  # just set
    finally:
        _SESSION.reset(token)


def edited(text: str, edit: Edit) -> str:
    """`text` with `edit` applied (what a step whose output is one text becomes)."""
    if edit.kind == "keep":
        return text
    if edit.kind == "replace":
        return edit.value
    if edit.kind == "remove":
        return _pattern(edit).sub("", text)
    if edit.value in text:
        return text
    found = _pattern(_ignoring_case(edit)).search(text)
    if found:  # there, in another case: written as required
        return text[: found.start()] + edit.value + text[found.end() :]
    return f"{text}\n{edit.value}" if text else edit.value


def _ignoring_case(edit: Edit) -> Edit:
    """The edit matching regardless of case."""
    return Edit(edit.kind, edit.value, case_sensitive=False)


def _pattern(edit: Edit) -> re.Pattern[str]:
    return re.compile(re.escape(edit.value), 0 if edit.case_sensitive else re.IGNORECASE)


class RecordedError(RuntimeError):
    """A step served from the recording failed there: raised again, with its recorded text."""
