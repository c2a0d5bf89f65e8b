"""Record a run of plain-Python agents as a `Trace`.

Cheap enough to leave on in production code: a step is one tuple append plus text conversion.
The API matches agentgrade's `TraceRecorder` so existing pipelines record unchanged.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from blame import faults, rerun
from blame.builder import TraceBuilder
from blame.errors import TraceError
from blame.fields import JSON
from blame.model import Step, StepKind, Trace


def to_text(value: Any) -> str:
    """Text for content comparison: strings as is, anything else as sorted JSON."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return str(value)


class TraceRecorder:
    """Collects steps in recording order; `finalize` returns the immutable `Trace`."""

    def __init__(self, test_name: str = "run", *, input: Any = None) -> None:
        self.test_name = test_name
        self.input = to_text(input)
        self._builder = TraceBuilder(test_name, input=self.input)
        self._lock = threading.Lock()
        self._finalized: Trace | None = None
        self._slots = 0
        """Steps numbered so far: a step is numbered when its call starts."""
        self._pending: dict[int, Step] = {}
        """Finished steps waiting for an earlier-numbered one still running (threads)."""
        self._known: set[str] = set()
        """Ids of the finished steps (recorded or pending): what `parents` may name."""
        self._last: Step | None = None
        """The step that finished last."""
        self._plan = rerun.active()
        """The re-run this recorder's run is (None: an ordinary run): kept here because
        threads the pipeline starts (a pool's workers) do not see the caller's context."""
        self._faults = faults.active()
        """The test's tool faults for this run (None: none), kept for the same reason."""

    def step(
        self,
        agent: str,
        input: Any = None,
        output: Any = None,
        *,
        parents: Iterable[str] | None = None,
        error: Any = None,
        latency_ms: float | None = None,
        cost_usd: float | None = None,
        tokens: int | None = None,
        metadata: Mapping[str, Any] | None = None,
        kind: StepKind | str = StepKind.AGENT,
        name: str | None = None,
    ) -> str:
        """Record an agent turn; returns its id for use in later `parents` (a list of ids, or
        one id alone)."""
        return self._add(
            kind=StepKind(kind),
            name=name or agent,
            agent=agent,
            input=input,
            output=output,
            parents=parents,
            error=error,
            latency_ms=latency_ms,
            cost_usd=cost_usd,
            tokens=tokens,
            metadata=metadata,
        )

    def tool(
        self,
        name: str,
        *,
        agent: str | None = None,
        args: Any = None,
        output: Any = None,
        error: Any = None,
        parents: Iterable[str] | None = None,
        latency_ms: float | None = None,
        cost_usd: float | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> str:
        """Record a tool call made by `agent` (default: the agent of the previous step)."""
        if agent is None:
            with self._lock:
                agent = self._last.agent if self._last is not None else name
        return self._add(
            kind=StepKind.TOOL,
            name=name,
            agent=agent,
            input=args,
            output=output,
            parents=parents,
            error=error,
            latency_ms=latency_ms,
            cost_usd=cost_usd,
            tokens=None,
            metadata=metadata,
        )

    @property
    def last_id(self) -> str | None:
        """The id of the step recorded last (for `parents` after `run_step`), None before any."""
        with self._lock:
            return None if self._last is None else self._last.id

    def run_step(
        self,
        agent: str,
        fn: Callable[[Any], str],
        input: Any = None,
        *,
        parents: Iterable[str] | None = None,
        name: str | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> str:
        """Call `fn(input)` and record it as `agent`'s turn: a re-runnable step.

        Under `blame confirm` the call may not happen: a step before the blamed one returns
        its recorded output, the blamed one returns its counterfactual output, and only the
        steps after it run again. `fn` returns text. Returns its output.
        """
        return self._run(agent, name or agent, fn, input, parents, metadata, tool=False)

    def run_tool(
        self,
        name: str,
        fn: Callable[[Any], str],
        args: Any = None,
        *,
        agent: str | None = None,
        parents: Iterable[str] | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> str:
        """Call the tool `fn(args)` and record the call (its exception as the step's error, then
        raised again): a re-runnable tool step, served like `run_step` under `blame confirm`."""
        if agent is None:
            with self._lock:
                agent = self._last.agent if self._last is not None else name
        return self._run(agent, name, fn, args, parents, metadata, tool=True)

    def _run(
        self,
        agent: str,
        name: str,
        fn: Callable[[Any], str],
        input: Any,
        parents: Iterable[str] | None,
        metadata: Mapping[str, Any] | None,
        *,
        tool: bool,
    ) -> str:
        kind = StepKind.TOOL if tool else StepKind.AGENT
        text = to_text(input)
        plan = rerun.active() or self._plan
        served: Step | None = None
        with self._lock:  # numbered as the call starts: threads finish in any order
            index, parent_ids = self._number(agent, parents)
            if plan is not None:
                served = plan.serve(index, kind, name, text)
        raised: BaseException | None = None
        error: Any = None
        output: Any = None
        try:
            if served is not None:
                output = served.output
                if served.error is not None:
                    error = served.error
                    raised = rerun.RecordedError(served.error)
            else:
                # a test's `faults:` stand in
                fault = faults.hit(name, self._faults) if tool else None
                if fault is not None:
                    metadata = faults.mark_metadata(metadata or {}, fault)
                output = fn(input) if fault is None else fault.apply(fn, input)
        except BaseException as failure:
            error, raised = failure, failure
        finally:  # a numbered step is always recorded, or every later one would wait for it
            self._place(
                TraceBuilder.make(
                    index,
                    kind=kind,
                    name=name,
                    agent=agent,
                    input=text,
                    output=to_text(output),
                    parents=parent_ids,
                    error=_error(error),
                    metadata=dict(metadata) if metadata else {},
                )
            )
        if raised is not None:
            raise raised
        return str(output)

    def call_tool(
        self,
        name: str,
        function: Callable[..., Any],
        /,
        *args: Any,
        agent: str | None = None,
        parents: Iterable[str] | None = None,
        **kwargs: Any,
    ) -> Any:
        """Call `function(*args, **kwargs)` as the tool `name` and record the call; returns its
        output, or records the error and raises it again. A test's `faults:` for `name` stand
        in for the call here (`blame.faults`), and the step says which fault hit it."""
        fault = faults.hit(name, self._faults)
        metadata = faults.mark_metadata({}, fault) if fault is not None else None
        shown: Any = kwargs
        if args:
            shown = (
                args[0] if len(args) == 1 and not kwargs else [*args, *([kwargs] if kwargs else [])]
            )
        try:
            if fault is None:
                output = function(*args, **kwargs)
            else:
                output = fault.apply(function, *args, **kwargs)
        except Exception as error:
            self.tool(name, agent=agent, args=shown, error=error, parents=parents,
                      metadata=metadata)  # fmt: skip
            raise
        self.tool(name, agent=agent, args=shown, output=output, parents=parents, metadata=metadata)
        return output

    def _add(
        self,
        *,
        kind: StepKind,
        name: str,
        agent: str,
        input: Any,
        output: Any,
        parents: Iterable[str] | None,
        error: Any,
        latency_ms: float | None,
        cost_usd: float | None,
        tokens: int | None,
        metadata: Mapping[str, Any] | None,
    ) -> str:
        with self._lock:
            index, parent_ids = self._number(agent, parents, taken=False)
            step = TraceBuilder.make(
                index,
                kind=kind,
                name=name,
                agent=agent,
                input=to_text(input),
                output=to_text(output),
                parents=parent_ids,
                error=_error(error),
                latency_ms=None if latency_ms is None else float(latency_ms),
                cost_usd=None if cost_usd is None else float(cost_usd),
                tokens=None if tokens is None else int(tokens),
                metadata=dict(metadata) if metadata else {},
            )
            self._slots += 1  # taken only once the step is valid: no gap left behind
        self._place(step)
        return step.id

    def _number(
        self, agent: Any, parents: Iterable[str] | None, *, taken: bool = True
    ) -> tuple[int, tuple[str, ...]]:
        """The next step's index (taken now, unless `taken` is False) and its parents, the
        previous step's by default. Checked here, in the caller's thread, so a step placed
        later (after a slower one) never fails there. The caller holds the lock."""
        if not isinstance(agent, str) or not agent:
            raise TraceError("agent must be a non-empty string", field="TraceRecorder.step")
        if self._finalized is not None:
            raise TraceError(
                "the recorder was already finalized",
                field=f"TraceRecorder({self.test_name!r})",
                hint="create a new TraceRecorder for each run",
            )
        index = self._slots
        if parents is None:
            parent_ids: tuple[str, ...] = (f"s{index - 1}",) if index else ()
        elif isinstance(parents, str):  # one id, as `step` returned it: not its characters
            parent_ids = (parents,)
        else:
            parent_ids = tuple(parents)
            unknown = next((p for p in parent_ids if p not in self._known), None)
            if unknown is not None:
                raise JSON.error(
                    f"step {index} ({agent}).parents",
                    f"unknown parent step id {unknown!r}",
                    "parents must name steps recorded before this one",
                )
        if taken:
            self._slots += 1
        return index, parent_ids

    def _place(self, step: Step) -> None:
        """Record a finished step, and every step numbered after it that finished before it."""
        with self._lock:
            self._pending[step.index] = step
            self._known.add(step.id)
            self._last = step
            while len(self._builder) in self._pending:
                self._builder.append(self._pending.pop(len(self._builder)))

    def finalize(self, final_output: Any = None) -> Trace:
        """Freeze the run; `final_output` defaults to the last step's output."""
        with self._lock:
            if self._finalized is None:
                last = self._builder.last
                if final_output is None and last is not None:
                    final_output = last.output
                self._finalized = self._builder.build(to_text(final_output))
            return self._finalized


def _error(error: Any) -> str | None:
    return None if error is None or error is False else _error_text(error)


def _error_text(error: Any) -> str:
    if isinstance(error, BaseException):
        return f"{type(error).__name__}: {error}"
    if error is True:
        return "error"
    return str(error)
