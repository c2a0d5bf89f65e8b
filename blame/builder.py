"""One way to make a `Trace`: every producer numbers, links and validates steps here.

The recorder, the importers and the framework tracers each used to number steps and check
parents by hand, each a little differently. `TraceBuilder` gives every step its index, an id
(`s<index>` unless the source has its own), checks that each parent names an earlier step and
that ids are unique, and refuses numbers no run can have (negative or non-finite latency,
cost or tokens) with a `TraceError` naming the step and the field. The checks are a few
comparisons per step, so a million-step trace pays for them once, here, and nowhere else.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from blame.fields import JSON
from blame.model import Step, StepKind, Trace
from blame.text import brief


class TraceBuilder:
    """Collects steps in recording order; `build` returns the immutable `Trace`."""

    def __init__(self, test_name: str = "run", *, input: str = "") -> None:
        self.test_name = test_name
        """The test (or file stem) the trace belongs to."""
        self.input = input
        """What the pipeline was given, as text."""
        self._steps: list[Step] = []
        self._ids: dict[str, int] = {}
        self._parents: list[list[int]] = []

    def __len__(self) -> int:
        return len(self._steps)

    def __getitem__(self, index: int) -> Step:
        return self._steps[index]

    @property
    def steps(self) -> tuple[Step, ...]:
        """The steps added so far."""
        return tuple(self._steps)

    @property
    def last(self) -> Step | None:
        """The step added last, or None before the first."""
        return self._steps[-1] if self._steps else None

    def add(
        self,
        *,
        kind: StepKind,
        name: str,
        agent: str,
        input: str = "",
        output: str = "",
        parents: Iterable[str] = (),
        error: str | None = None,
        latency_ms: float | None = None,
        cost_usd: float | None = None,
        tokens: int | None = None,
        metadata: Mapping[str, Any] | None = None,
        id: str | None = None,
        where: str | None = None,
    ) -> str:
        """Append a step and return its id; `where` names it in errors (default `step N (agent)`).

        Raises TraceError for a duplicate id, a parent that is not an earlier step, or an
        impossible latency, cost or token count.
        """
        step = self.make(
            len(self._steps),
            kind=kind,
            name=name,
            agent=agent,
            input=input,
            output=output,
            parents=parents,
            error=error,
            latency_ms=latency_ms,
            cost_usd=cost_usd,
            tokens=tokens,
            metadata=metadata,
            id=id,
            where=where,
        )
        self.append(step, where=where)
        return step.id

    @staticmethod
    def make(
        index: int,
        *,
        kind: StepKind,
        name: str,
        agent: str,
        input: str = "",
        output: str = "",
        parents: Iterable[str] = (),
        error: str | None = None,
        latency_ms: float | None = None,
        cost_usd: float | None = None,
        tokens: int | None = None,
        metadata: Mapping[str, Any] | None = None,
        id: str | None = None,
        where: str | None = None,
    ) -> Step:
        """The step `add` would append at `index`, its numbers checked (its parents and id are
        checked when it is appended): for a recorder that numbers a step before it ends."""
        if latency_ms is not None:
            latency_ms = _number(latency_ms, where, index, agent, "latency_ms")
        if cost_usd is not None:
            cost_usd = _number(cost_usd, where, index, agent, "cost_usd")
        if tokens is not None and (isinstance(tokens, bool) or not isinstance(tokens, int)):
            JSON.integer(tokens, f"{where or _label(index, agent)}.tokens")  # raises, naming it
        return Step(
            id=f"s{index}" if id is None else id,
            index=index,
            kind=kind,
            name=name,
            agent=agent,
            input=input,
            output=output,
            parents=tuple(parents),
            error=error,
            latency_ms=latency_ms,
            cost_usd=cost_usd,
            tokens=tokens,
            metadata=metadata if metadata is not None else {},
        )

    def extend(self, steps: Iterable[Step], *, label: str = "steps") -> None:
        """Append steps read from a file (`label[i]` names one in errors): the checks of
        `append`, in one tight loop, for traces of a million steps."""
        kept, ids = self._steps, self._ids
        keep, link, index_of = kept.append, self._parents.append, ids.__getitem__
        for step in steps:
            index = len(kept)
            latency, cost, tokens = step.latency_ms, step.cost_usd, step.tokens
            try:  # the parents' indexes, kept for the trace (Trace.parent_indexes)
                parents = list(map(index_of, step.parents))
            except KeyError:
                parents = None
            if (
                parents is None
                or step.index != index
                or step.id in ids
                or (latency is not None and not 0 <= latency < math.inf)
                or (cost is not None and not 0 <= cost < math.inf)
                or (tokens is not None and tokens < 0)
            ):
                self.append(step, where=f"{label}[{index}]")  # raises, naming the field
                continue
            keep(step)
            link(parents)
            ids[step.id] = step.index  # the step's own int: a million steps, not two million

    def append(self, step: Step, *, where: str | None = None) -> None:
        """Append a step made elsewhere (read from a file), after the same checks as `add`."""
        index = len(self._steps)
        if step.index != index:
            label = where or _label(index, step.agent)
            raise JSON.error(f"{label}.index", f"index is {step.index}, expected {index}")
        ids = self._ids
        if step.id in ids:
            raise JSON.error(
                f"{where or _label(index, step.agent)}.id",
                f"duplicate step id {step.id!r}",
                "give every step its own id",
            )
        for parent in step.parents:
            if parent not in ids:
                raise JSON.error(
                    f"{where or _label(index, step.agent)}.parents",
                    f"unknown parent step id {parent!r}",
                    "parents must name steps recorded before this one",
                )
        latency, cost, tokens = step.latency_ms, step.cost_usd, step.tokens
        if latency is not None and not 0 <= latency < math.inf:
            _impossible(latency, where or _label(index, step.agent), "latency_ms")
        if cost is not None and not 0 <= cost < math.inf:
            _impossible(cost, where or _label(index, step.agent), "cost_usd")
        if tokens is not None and tokens < 0:
            _impossible(tokens, where or _label(index, step.agent), "tokens")
        self._steps.append(step)
        self._parents.append([ids[parent] for parent in step.parents])
        ids[step.id] = step.index

    def fail(self, step_id: str, error: str) -> None:
        """Give an added step its error, learnt after later steps were added (a framework
        reports that the action a model call chose failed only when its step ends)."""
        for index in range(len(self._steps) - 1, -1, -1):  # the step is nearly always recent
            if self._steps[index].id == step_id:
                self._steps[index] = replace(self._steps[index], error=error)
                return
        raise KeyError(step_id)

    def build(
        self,
        final_output: str = "",
        *,
        input: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        shared_context: bool = False,
    ) -> Trace:
        """The trace of every step added, in order; `input` replaces the one given at the
        start (an importer learns the run's input from its steps)."""
        return self.keeping_links(
            Trace(
                test_name=self.test_name,
                steps=tuple(self._steps),
                final_output=final_output,
                input=self.input if input is None else input,
                metadata=metadata if metadata is not None else {},
                shared_context=shared_context,
            )
        )

    def keeping_links(self, trace: Trace) -> Trace:
        """`trace`, made of this builder's steps, knowing its parent indexes already: the
        checks found them, so `Trace.parent_indexes` need not pass over the steps again."""
        trace._derived["parent_indexes"] = list(self._parents)
        return trace


def _label(index: int, agent: str) -> str:
    return f"step {index} ({agent})"


def _number(value: float, where: str | None, index: int, agent: str, field: str) -> float:
    """The value as a float; a TraceError when it is not a number at all."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        JSON.numeric(value, f"{where or _label(index, agent)}.{field}")  # raises, naming it
    return float(value)


def _impossible(value: float, label: str, field: str) -> None:
    """No run has a negative or non-finite latency, cost or token count (NaN fails `0 <= x`)."""
    raise JSON.error(
        f"{label}.{field}",
        f"must be a finite number of at least 0, got {brief(value)}",
        f"record the step's real {field}, or leave it out",
    )
