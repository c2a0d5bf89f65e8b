"""Tool-fault scenarios: a test's `faults:` make a named tool fail, time out, or return empty,
truncated, unparseable or stale data, so the suite sees what the agents do when a tool does
not cooperate.

The runner activates a test's faults for each live run, and each re-run of `blame confirm`, in
a context variable, so the threads a framework starts with the run's context see them too (a
`TraceRecorder` keeps the plan it was created under, for a pool's workers, which do not); every
adapter that can intercept tool calls routes them through the active `FaultPlan` (the
recorder's `call_tool` and `run_tool`; the tool classes of LangGraph and CrewAI, the OpenAI
Agents SDK's function-tool invoker and PydanticAI's `FunctionToolset.call_tool`, patched once
and only when a run has faults; smolagents' `Tool.__call__`, which blame-smolagents wraps to
trace tool calls anyway; the functions of AG2's agents). After the run the tool steps a fault
hit carry `metadata.fault`, which the engine reads as a failed call.
"""

from __future__ import annotations

import contextvars
import threading
from collections.abc import Awaitable, Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from blame.faultmarks import FAULT_KEY as FAULT_KEY
from blame.faultmarks import faulted as faulted
from blame.faultmarks import unbacked as unbacked
from blame.frozen import dataclass

if TYPE_CHECKING:
    from blame.configfields import Where
    from blame.errors import AgentError
    from blame.model import Trace

KINDS = ("error", "timeout", "empty", "truncated", "unparseable", "stale")
"""What a faulted tool does: raise, time out, or return a bad payload."""
RAISING = ("error", "timeout")
"""The kinds that raise instead of returning."""
WHEN = ("first", "every")
"""Which calls a fault hits: the first call of the tool in a run, or every call."""
FAULT_KEYS = ("tool", "fault", "calls", "message", "value", "keep")
"""The keys of one entry of a test's `faults:`."""
UNPARSEABLE = '{"status": "ok", "result": [\ufffd\ufffd<!-- 502 -->'
"""What an `unparseable` fault returns unless the fault gives its own `value`."""


class InjectedToolError(RuntimeError):
    """Raised by a tool an `error` fault hits."""


class InjectedTimeout(TimeoutError):
    """Raised by a tool a `timeout` fault hits."""


@dataclass(frozen=True, slots=True)
class Fault:
    """One declared fault of a test."""

    tool: str
    """The tool's name, as its steps are named in the trace."""
    kind: str
    """One of `KINDS`."""
    calls: str = "every"
    """`first` (only the tool's first call in a run) or `every` call."""
    message: str | None = None
    """The error text of an `error` or `timeout` fault (default: a plain one naming the tool)."""
    value: str | None = None
    """The payload an `empty`, `unparseable` or `stale` fault returns (required for stale)."""
    keep: int | None = None
    """Characters a `truncated` fault keeps of the real output (default: half of it)."""

    @property
    def raises(self) -> bool:
        """The tool raises instead of returning."""
        return self.kind in RAISING

    def hits(self, call: int) -> bool:
        """Whether the tool's `call`-th call (from 1) in a run is faulted."""
        return self.calls == "every" or call == 1

    def exception(self) -> Exception:
        """What a raising fault raises."""
        if self.kind == "timeout":
            return InjectedTimeout(self.message or f"{self.tool} timed out")
        return InjectedToolError(self.message or f"{self.tool} failed: service unavailable")

    def raised_in(self, error: str) -> bool:
        """Whether a step's error text is this fault's (a framework may wrap or reword it)."""
        raised = self.exception()
        return type(raised).__name__ in error or str(raised) in error

    def payload(self, real: str | None) -> str:
        """What a data fault returns; `real` is the tool's own output (truncated only)."""
        if self.kind == "truncated":
            text = real or ""
            return text[: len(text) // 2 if self.keep is None else self.keep]
        if self.value is not None:
            return self.value
        return UNPARSEABLE if self.kind == "unparseable" else ""

    def apply(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Stand in for one call of the tool: raise, or return the faulted payload (only a
        `truncated` fault calls the real tool, since it cuts the tool's real output)."""
        if self.raises:
            raise self.exception()
        if self.kind == "truncated":
            from blame.recorder import to_text

            return self.payload(to_text(function(*args, **kwargs)))
        return self.payload(None)

    async def apply_async(
        self, function: Callable[..., Awaitable[Any]], *args: Any, **kwargs: Any
    ) -> Any:
        """`apply` for a coroutine tool: the real tool is awaited only by a `truncated` fault."""
        real = await function(*args, **kwargs) if self.kind == "truncated" else None
        return self.apply(lambda: real)

    def describe(self) -> str:
        """`book_hotel: error on every call`, for messages and the trace's metadata."""
        which = "the first call" if self.calls == "first" else "every call"
        return f"{self.tool}: {self.kind} on {which}"


class FaultPlan:
    """The faults of one run: counts each tool's calls and says which call a fault hits."""

    def __init__(self, faults: tuple[Fault, ...]) -> None:
        self.faults = {f.tool: f for f in faults}
        self._calls: dict[str, int] = {}
        self._lock = threading.Lock()
        self.fired: dict[str, list[int]] = {}
        """Tool name -> the calls (from 1) a fault hit, in call order."""

    def next(self, tool: str) -> Fault | None:
        """Count one call of `tool`; the fault that hits it, or None."""
        fault = self.faults.get(tool)
        if fault is None:
            return None
        with self._lock:
            call = self._calls[tool] = self._calls.get(tool, 0) + 1
            if not fault.hits(call):
                return None
            self.fired.setdefault(tool, []).append(call)
        return fault

    def call(self, tool: str, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Call `function` as the tool `tool`, unless a fault stands in for this call."""
        fault = self.next(tool)
        if fault is None:
            return function(*args, **kwargs)
        return fault.apply(function, *args, **kwargs)

    def mark(self, trace: Trace) -> Trace:
        """The trace with `metadata.fault` on the tool steps the faults hit and the declared
        faults in the trace's metadata; a trace whose adapter marked its steps itself keeps its
        marks. A raising fault hit the steps whose error it is (CrewAI calls a failing tool
        again within one step); where no step of the tool carries the fault's error (PydanticAI
        words a timeout as its own retry prompt, a capability may turn the error into a
        result), and for a data fault, the n-th step of the tool is its n-th call."""
        from blame.model import StepKind

        steps = list(trace.steps)
        if not any(FAULT_KEY in s.metadata for s in steps):
            worded = {
                s.name
                for s in steps
                if s.kind is StepKind.TOOL
                and s.name in self.fired
                and s.error is not None
                and self.faults[s.name].raised_in(s.error)
            }
            seen: dict[str, int] = {}
            for i, step in enumerate(steps):
                if step.kind is not StepKind.TOOL or step.name not in self.fired:
                    continue
                fault = self.faults[step.name]
                call = seen[step.name] = seen.get(step.name, 0) + 1
                if step.name in worded:  # the error it raised, however often the framework retried
                    hit = step.error is not None and fault.raised_in(step.error)
                else:  # the step of the n-th call is the n-th step
                    hit = call in self.fired[step.name]
                if hit:
                    steps[i] = replace(
                        step, metadata=mark_metadata(step.metadata, self.faults[step.name])
                    )
        declared = [
            {
                "fault": f.kind,
                "fired": len(self.fired.get(f.tool, ())),
                "calls": f.calls,
                "tool": f.tool,
            }
            for f in sorted(self.faults.values(), key=lambda f: f.tool)
        ]
        return replace(trace, steps=tuple(steps), metadata={**trace.metadata, "faults": declared})


def mark_metadata(metadata: Mapping[str, Any], fault: Fault) -> dict[str, Any]:
    """A faulted tool step's metadata: its own plus the fault's kind."""
    return {**metadata, FAULT_KEY: fault.kind}


_ACTIVE: contextvars.ContextVar[FaultPlan | None] = contextvars.ContextVar(
    "blame_faults", default=None
)


def active() -> FaultPlan | None:
    """The fault plan of the run this code is part of, if its test declared faults."""
    return _ACTIVE.get()


def hit(tool: str, default: FaultPlan | None = None) -> Fault | None:
    """Count one call of `tool` in the active run; the fault that stands in for it, or None.
    `default` is the plan of a run whose context this thread does not see (a pool's worker
    thread does not inherit the context the run was started in)."""
    plan = _ACTIVE.get() or default
    return plan.next(tool) if plan is not None else None


@contextmanager
def activated(faults: tuple[Fault, ...]) -> Iterator[FaultPlan | None]:
    """Run the block with a fresh plan of `faults` active (nothing when there are none)."""
    if not faults:
        yield None
        return
    plan = FaultPlan(faults)
    token = _ACTIVE.set(plan)
    try:
        yield plan
    finally:
        _ACTIVE.reset(token)


def live_trace(faults: tuple[Fault, ...], produce: Callable[[], Trace]) -> Trace:
    """One live run under `faults`, its faulted tool steps marked."""
    with activated(faults) as plan:
        trace = produce()
    return trace if plan is None else plan.mark(trace)


def unreachable(framework: str, problem: str, *, integration: str, requirement: str) -> AgentError:
    """The error for a framework release whose tool-call hook is not what an integration's fault
    stand-in relies on, so a test with `faults:` says so (exit 2) instead of raising mid-run or
    running with no fault injected. It names the installed release of `requirement` (the
    distribution the integration requires) and the range `integration` declares for it, both
    read from installed metadata, so the message cannot drift from its pyproject.toml."""
    from importlib.metadata import PackageNotFoundError, version

    from blame.errors import AgentError

    try:
        release = f"{framework} {version(requirement)}"
    except PackageNotFoundError:  # imported from a source tree, not installed
        release = framework
    return AgentError(
        f"tool faults cannot reach {release}'s function tools: {problem}",
        field="faults",
        hint=f"{integration} supports {_declared(integration, requirement)}: install a release "
        "in that range, or drop `faults:`",
    )


def _declared(integration: str, requirement: str) -> str:
    """What `integration`'s metadata requires of `requirement` (`openai-agents<1,>=0.20`), names
    compared as packaging compares them (PEP 503)."""
    import re
    from importlib.metadata import PackageNotFoundError, requires

    def normal(name: str) -> str:
        return re.sub(r"[-_.]+", "-", name).lower()

    try:
        declared = requires(integration) or []
    except PackageNotFoundError:  # imported from a source tree, not installed
        declared = []
    for line in declared:
        spec = line.partition(";")[0].strip()
        if normal(re.split(r"[^A-Za-z0-9._-]", spec, maxsplit=1)[0]) == normal(requirement):
            return spec
    return f"the {requirement} releases its pyproject.toml names"


def read_faults(raw: Any, where: Where, at: str) -> tuple[Fault, ...]:
    """A test's `faults:` list, checked at config load (each problem one line naming the field)."""
    from blame.configfields import kind_name, read_string

    if raw is None:
        return ()
    example = "write e.g. `faults: [{tool: book_hotel, fault: error}]`"
    if not isinstance(raw, list):
        raise where.error(at, f"must be a list, got {kind_name(raw)}", example)
    found: dict[str, int] = {}
    faults: list[Fault] = []
    for i, item in enumerate(raw):
        here = f"{at}[{i}]"
        if not isinstance(item, Mapping):
            raise where.error(here, f"must be a mapping, got {kind_name(item)}", example)
        if True in item or "on" in item:  # YAML 1.1 reads a bare `on:` key as true
            raise where.error(
                f"{here}.on", "unknown key 'on'", "say which calls with `calls: first` or `every`"
            )
        where.unknown_keys(item, FAULT_KEYS, here)
        if "tool" not in item:
            raise where.error(f"{here}.tool", "is missing", "name the tool to fault")
        tool = read_string(item["tool"], where, f"{here}.tool", "the tool's name").strip()
        if tool in found:
            raise where.error(
                f"{here}.tool",
                f"{tool!r} already has a fault ({at}[{found[tool]}])",
                "give each tool one fault per test",
            )
        found[tool] = i
        kind = item.get("fault")
        if kind not in KINDS:
            got = "is missing" if kind is None else f"unknown fault {kind!r}"
            raise where.error(f"{here}.fault", got, f"one of {', '.join(KINDS)}")
        calls = item.get("calls", "every")
        if calls not in WHEN:
            raise where.error(f"{here}.calls", f"must be first or every, got {kind_name(calls)}")
        message = _optional_text(item, "message", where, here)
        value = _optional_text(item, "value", where, here, empty_ok=True)
        if message is not None and kind not in RAISING:
            raise where.error(
                f"{here}.message", f"only error and timeout faults raise, not {kind}",
                "use `value` for the payload a data fault returns",
            )  # fmt: skip
        if value is not None and kind in (*RAISING, "truncated"):
            raise where.error(
                f"{here}.value", f"a {kind} fault returns no payload of its own",
                "drop `value`, or use an empty, unparseable or stale fault",
            )  # fmt: skip
        if kind == "stale" and value is None:
            raise where.error(
                f"{here}.value", "is missing",
                "give the stale payload the tool returns, e.g. `value: 'price 120 EUR (2019)'`",
            )  # fmt: skip
        keep = item.get("keep")
        if keep is not None and (
            kind != "truncated" or isinstance(keep, bool) or not isinstance(keep, int) or keep < 0
        ):
            why = "must be a whole number of characters, 0 or more"
            if kind != "truncated":
                why = f"only a truncated fault keeps characters, not {kind}"
            raise where.error(f"{here}.keep", why, "e.g. `keep: 20`")
        faults.append(Fault(tool, str(kind), str(calls), message, value, keep))
    return tuple(faults)


def _optional_text(
    item: Mapping[str, Any], key: str, where: Where, here: str, *, empty_ok: bool = False
) -> str | None:
    from blame.configfields import kind_name

    value = item.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or (not empty_ok and not value.strip()):
        raise where.error(f"{here}.{key}", f"must be text, got {kind_name(value)}")
    return value
