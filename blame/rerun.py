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
from collections.abc import Iterator
from dataclasses import dataclass

from blame.model import Step, Trace


@dataclass(frozen=True, slots=True)
class Override:
    """The counterfactual of one step: what it returns instead, in place of running it."""

    step_index: int
    """The recorded step whose output is replaced (0-based, recording order)."""
    output: str
    """Its output in the counterfactual run."""
    error: str | None = None
    """Its error in the counterfactual run (None: it succeeds)."""


class Tally:
    """What the executor reports during one re-run (mutable: filled while the run goes)."""

    __slots__ = ("applied", "diverged", "rerun")

    def __init__(self) -> None:
        self.applied = False
        """The overridden step was reached and replaced."""
        self.diverged: str | None = None
        """Why the re-run stopped matching the recording before the step (None: it did not)."""
        self.rerun = 0
        """Steps executed again (after the overridden one)."""


@dataclass(frozen=True, slots=True)
class Plan:
    """One re-run: the recording, the override and the tally the executor fills."""

    recording: Trace
    """The run being re-run: upstream steps are served from it."""
    override: Override
    """The one change."""
    tally: Tally
    """Filled by the executor."""

    def recorded(self, index: int) -> Step | None:
        """The recorded step at `index`, if the recording has one."""
        steps = self.recording.steps
        return steps[index] if 0 <= index < len(steps) else None


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


class RecordedError(RuntimeError):
    """A step served from the recording failed there: raised again, with its recorded text."""
