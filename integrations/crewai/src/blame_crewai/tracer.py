"""Trace a CrewAI crew through CrewAI's event bus.

One listener per process is registered on the bus for the event types the step graph needs.
CrewAI runs sync handlers in a thread pool inside a copy of the *emitting* context, and copies
the context into every thread it starts, so a context variable set around `kickoff` tells the
listener which run an event belongs to: crews traced at the same time in different threads
never see each other's events.

Runs launched at the same time inside one traced run (`asyncio.gather` of `kickoff_async`s,
`kickoff_for_each_async`, a Flow's listeners of one method) finish in whatever order their
threads do; another context variable, set where each is launched (in the caller, in call
order), tells the step builder which launch an event came from, so their steps are numbered in
launch order (`drafts.step_order`).

While a crew is traced CrewAI's telemetry, its cloud tracing and its version check are off, and
its storage (which CrewAI otherwise puts under the user's home) goes into blame's output
directory.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import logging
import os
import sys
import threading
from collections.abc import Callable, Coroutine, Iterator, Mapping
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from blame.errors import AgentError, ConfigError, PartialRunError
from blame.files import real_path
from blame.model import Trace
from blame.recorder import to_text
from blame_crewai.events import CrewEvent, Launch, extract
from blame_crewai.roster import Roster, crew_roster, with_coworkers
from blame_crewai.steps import build_steps

QUIET_ENV = {
    "CREWAI_DISABLE_TELEMETRY": "true",
    "CREWAI_DISABLE_TRACKING": "true",
    "OTEL_SDK_DISABLED": "true",
    "CREWAI_TRACING_ENABLED": "false",
    "CREWAI_DISABLE_VERSION_CHECK": "true",
}
"""Environment that turns off CrewAI's telemetry, cloud tracing and version check (1.x)."""

SDK_SWITCH = "OTEL_SDK_DISABLED"
"""The one QUIET_ENV variable that is not CrewAI's: it turns off every OpenTelemetry SDK
tracer provider made while it is set, CrewAI's and anyone else's alike."""

DEFAULT_STORAGE_DIR = Path(".blame") / "crewai"
"""Where CrewAI's storage goes when no output directory is given (relative to the cwd)."""


class CrewKickoffError(PartialRunError):
    """The crew raised during kickoff; `trace` holds what was observed until then."""

    def __init__(self, failure: BaseException, trace: Trace) -> None:
        culprit = next((s for s in reversed(trace.steps) if s.error), None)
        where = ""
        if culprit is not None:
            where = f" in {culprit.kind.value} {culprit.name!r} (step {culprit.index})"
        super().__init__(
            f"crew kickoff failed{where}: {type(failure).__name__}: {failure}",
            trace=trace,
            field=f"test {trace.test_name!r}",
        )


class _Collector:
    """The events of one traced run, appended from CrewAI's handler threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._events: list[CrewEvent] = []
        self._arrivals = 0
        self._launched: dict[Launch, int] = {}
        self._running: dict[Launch, set[int]] = {}
        self.problems: list[str] = []

    def launch(self, within: Launch) -> Launch:
        """The place of a run launched now from the run at `within`: its next ordinal there,
        and the ordinals of the runs launched there that are still running."""
        with self._lock:
            ordinal = self._launched.get(within, 0)
            self._launched[within] = ordinal + 1
            running = self._running.setdefault(within, set())
            place = (*within, (ordinal, tuple(sorted(running))))
            running.add(ordinal)
        return place

    def landed(self, place: Launch) -> None:
        """The run launched at `place` has ended."""
        with self._lock:
            self._running.get(place[:-1], set()).discard(place[-1][0])

    def add(self, source: Any, event: Any, launch: Launch = ()) -> None:
        with self._lock:
            arrival = self._arrivals
            self._arrivals += 1
        try:
            record = extract(event, arrival, source, launch)
        except Exception as error:  # the listener must never break the crew
            with self._lock:
                self.problems.append(f"{getattr(event, 'type', '?')}: {error}")
            return
        with self._lock:
            self._events.append(record)

    def events(self) -> list[CrewEvent]:
        with self._lock:
            return list(self._events)


_RUN: ContextVar[_Collector | None] = ContextVar("blame_crewai_run", default=None)
_LAUNCH: ContextVar[Launch] = ContextVar("blame_crewai_launch", default=())
"""Where the code running now was launched (`CrewEvent.launch`); () outside any launch."""


def _on_event(source: Any, event: Any) -> None:
    collector = _RUN.get()
    if collector is not None:
        collector.add(source, event, _LAUNCH.get())


_Async = Callable[..., Coroutine[Any, Any, Any]]
LAUNCHERS = (
    ("crewai", "Crew", ("kickoff_async", "akickoff")),
    ("crewai", "Agent", ("kickoff_async", "akickoff")),
    ("crewai.flow.flow", "Flow", ("_execute_method",)),
)
"""The coroutines that launch a run which may go on beside others: a crew's or an agent's
async kickoff, and the Flow's running of one method. Each takes its place in a traced run
when it is called (in the caller's task, so in call order), not when its thread gets going."""


def _launching(method: _Async) -> _Async:
    @functools.wraps(method)
    async def launch(*args: Any, **kwargs: Any) -> Any:
        collector = _RUN.get()
        if collector is None:  # not traced: as CrewAI's own
            return await method(*args, **kwargs)
        place = collector.launch(_LAUNCH.get())
        token = _LAUNCH.set(place)
        try:
            return await method(*args, **kwargs)
        finally:
            _LAUNCH.reset(token)
            collector.landed(place)

    launch.__blame_launch__ = True  # type: ignore[attr-defined]
    return launch


def _wrap_launchers() -> None:
    """Wrap LAUNCHERS, once per process (a version without one of them keeps the rest)."""
    for module_name, class_name, names in LAUNCHERS:
        try:
            owner = getattr(importlib.import_module(module_name), class_name, None)
        except ImportError:  # a CrewAI without it: its runs are numbered as they finish
            continue
        for name in names:
            method = getattr(owner, name, None)
            if method is not None and not getattr(method, "__blame_launch__", False):
                setattr(owner, name, _launching(method))


def _event_types() -> tuple[type[Any], ...]:
    from crewai.events.types.agent_events import (
        AgentExecutionCompletedEvent,
        AgentExecutionErrorEvent,
        AgentExecutionStartedEvent,
        LiteAgentExecutionCompletedEvent,
        LiteAgentExecutionErrorEvent,
        LiteAgentExecutionStartedEvent,
    )
    from crewai.events.types.crew_events import CrewKickoffStartedEvent
    from crewai.events.types.flow_events import (
        MethodExecutionFinishedEvent,
        MethodExecutionStartedEvent,
    )
    from crewai.events.types.knowledge_events import KnowledgeRetrievalCompletedEvent
    from crewai.events.types.llm_events import (
        LLMCallCompletedEvent,
        LLMCallFailedEvent,
        LLMCallStartedEvent,
    )
    from crewai.events.types.llm_guardrail_events import LLMGuardrailCompletedEvent
    from crewai.events.types.memory_events import MemoryRetrievalCompletedEvent
    from crewai.events.types.task_events import (
        TaskCompletedEvent,
        TaskFailedEvent,
        TaskStartedEvent,
    )
    from crewai.events.types.tool_usage_events import (
        ToolFailureDetectedEvent,
        ToolSelectionErrorEvent,
        ToolUsageErrorEvent,
        ToolUsageFinishedEvent,
        ToolUsageStartedEvent,
        ToolValidateInputErrorEvent,
    )

    return (
        CrewKickoffStartedEvent,
        MethodExecutionStartedEvent,
        MethodExecutionFinishedEvent,
        AgentExecutionStartedEvent,
        AgentExecutionCompletedEvent,
        AgentExecutionErrorEvent,
        LiteAgentExecutionStartedEvent,
        LiteAgentExecutionCompletedEvent,
        LiteAgentExecutionErrorEvent,
        TaskStartedEvent,
        TaskCompletedEvent,
        TaskFailedEvent,
        LLMCallStartedEvent,
        LLMCallCompletedEvent,
        LLMCallFailedEvent,
        LLMGuardrailCompletedEvent,
        KnowledgeRetrievalCompletedEvent,
        MemoryRetrievalCompletedEvent,
        ToolUsageStartedEvent,
        ToolUsageFinishedEvent,
        ToolUsageErrorEvent,
        ToolFailureDetectedEvent,
        ToolSelectionErrorEvent,
        ToolValidateInputErrorEvent,
    )


def _listen() -> None:
    """Register the listener and wrap the launchers (idempotent: the bus keeps handlers in
    sets, a launcher is wrapped once)."""
    from crewai.events.event_bus import crewai_event_bus

    with _import_lock:
        _wrap_launchers()

    for event_type in _event_types():
        crewai_event_bus.register_handler(event_type, _on_event)


def quiet_by_default() -> None:
    """Keep CrewAI quiet for the rest of the process, where the environment says nothing else.

    QUIET_ENV, set where unset, before crewai is first imported (the import starts
    CrewAI's telemetry export thread), except SDK_SWITCH: a process that calls this, rather
    than tracing inside `crewai_sandbox`, records spans with the OpenTelemetry SDK itself (a
    test suite whose PydanticAI tests need it, trace generators with their own in-memory
    exporters), and that switch would silence those too.
    """
    for name, value in QUIET_ENV.items():
        if name != SDK_SWITCH:
            os.environ.setdefault(name, value)


_env_lock = threading.Lock()
_env_depth = 0
_env_saved: dict[str, str | None] = {}
_levels_saved: dict[str, int] = {}
_import_lock = threading.Lock()
LOGGERS = ("crewai",)
"""CrewAI's loggers: off while blame runs a crew. A failed run is blame's one clear error (or
its trace's failed step); CrewAI also logs it ("Error executing listener call_llm_and_parse:
..."), a line per retry, which Python prints on stderr when nothing configured logging."""


@contextlib.contextmanager
def crewai_sandbox(storage_dir: Path | None = None) -> Iterator[Path]:
    """Telemetry, tracing and version checks off; CrewAI storage inside `storage_dir`.

    Re-entrant and shared between threads: the first entry sets the environment (and turns
    CrewAI's logging off, LOGGERS), the last exit restores it. Yields the storage directory in
    use.
    """
    global _env_depth
    target = real_path(storage_dir or DEFAULT_STORAGE_DIR)
    with _env_lock:
        if _env_depth == 0:
            wanted = {**QUIET_ENV, "CREWAI_STORAGE_DIR": str(target)}
            _env_saved.clear()
            for name, value in wanted.items():
                _env_saved[name] = os.environ.get(name)
                os.environ[name] = value
            _levels_saved.clear()
            for name, logger in _crewai_loggers():
                _levels_saved[name] = logger.level
                logger.setLevel(logging.CRITICAL)
        _env_depth += 1
        in_use = Path(os.environ["CREWAI_STORAGE_DIR"])
    try:
        _import_crewai(in_use)
        yield in_use
    finally:
        with _env_lock:
            _env_depth -= 1
            if _env_depth == 0:
                for name, old in _env_saved.items():
                    if old is None:
                        os.environ.pop(name, None)
                    else:
                        os.environ[name] = old
                _env_saved.clear()
                for name, level in _levels_saved.items():
                    logging.getLogger(name).setLevel(level)
                _levels_saved.clear()


def _crewai_loggers() -> list[tuple[str, logging.Logger]]:
    """LOGGERS and every logger under them made so far (one may have a level of its own)."""
    known = logging.root.manager.loggerDict
    names = {name for name in known if name.split(".")[0] in LOGGERS}
    return [(name, logging.getLogger(name)) for name in sorted(names.union(LOGGERS))]


def _import_crewai(storage: Path) -> None:
    """Import crewai for the first time with HOME pointing into `storage`.

    Importing crewai 1.x writes outside the project: a credentials key under
    ~/.local/share/crewai and a settings directory under ~/.config/crewai. Only the import
    sees the redirected HOME (the user's own modules and the run itself see the real one).
    """
    with _import_lock:
        if "crewai" in sys.modules:
            return
        home = storage / "home"
        home.mkdir(parents=True, exist_ok=True)
        saved = os.environ.get("HOME")
        os.environ["HOME"] = str(home)
        try:
            importlib.import_module("crewai")
        except ImportError as error:
            raise AgentError(
                f"cannot import crewai: {error}",
                field="agent.type",
                hint="install it with `pip install 'crewai>=1.0,<2'`",
            ) from None
        finally:
            if saved is None:
                os.environ.pop("HOME", None)
            else:
                os.environ["HOME"] = saved


@contextlib.contextmanager
def quiet_console() -> Iterator[None]:
    """CrewAI's console output (its panels for flows, crews, tasks and agents) off, in this
    context only: CrewAI checks a context variable of its own before it prints, and runs its
    handlers and worker threads in copies of the emitting context. The user's own prints, and
    other threads' runs, still reach the terminal.
    """
    from crewai.events.listeners.tracing.utils import (
        set_suppress_tracing_messages,
        should_suppress_tracing_messages,
    )
    from crewai.events.utils.console_formatter import (
        set_suppress_console_output,
        should_suppress_console_output,
    )

    before = should_suppress_console_output(), should_suppress_tracing_messages()
    set_suppress_console_output(True)
    # Its "Tracing Status" panel, printed on every run after a user's first (the storage
    # folder remembers that one), is under a switch of its own.
    set_suppress_tracing_messages(True)
    try:
        yield
    finally:
        set_suppress_console_output(before[0])
        set_suppress_tracing_messages(before[1])


def kickoff_inputs(test_input: Any) -> dict[str, Any] | None:
    """A test input as kickoff inputs: a string becomes `{"input": ...}`, a mapping stays.

    A YAML number (`input: 2026`) is taken as its text.
    """
    if test_input is None:
        return None
    if isinstance(test_input, str):
        return {"input": test_input}
    if isinstance(test_input, (int, float)) and not isinstance(test_input, bool):
        return {"input": str(test_input)}
    if isinstance(test_input, Mapping):
        return {str(key): value for key, value in test_input.items()}
    raise ConfigError(
        f"a crewai test input must be a string or a mapping, got {type(test_input).__name__}",
        field="tests[].input",
        hint="write `input: some text` or `input: {topic: ..., audience: ...}`",
    )


def trace_crew(
    crew: Any,
    inputs: Any = None,
    *,
    test_name: str = "crewai",
    storage_dir: Path | None = None,
) -> tuple[str, Trace]:
    """Kick off `crew` (a Crew or a Flow) with `inputs`; its final output and the observed Trace.

    `inputs` is a mapping of kickoff inputs or a string (passed as `{"input": ...}`).
    A crash raises AgentError naming the agent that failed; the partial trace is on the
    error's `trace` attribute.
    """
    kickoff = kickoff_inputs(inputs)
    roster = crew_roster(crew)  # before kickoff: whom a delegating agent could pick
    with crewai_sandbox(storage_dir) as storage:
        storage.mkdir(parents=True, exist_ok=True)
        from crewai.events.event_bus import crewai_event_bus

        _listen()
        collector = _Collector()
        token = _RUN.set(collector)
        failure: BaseException | None = None
        output: Any = None
        try:
            with quiet_console():
                output = crew.kickoff(inputs=kickoff)
        except Exception as error:
            failure = error
        finally:
            _RUN.reset(token)
            crewai_event_bus.flush(timeout=30.0)
    final_output = "" if output is None else to_text(getattr(output, "raw", output))
    trace = _trace(crew, collector, test_name, inputs, final_output, roster)
    if failure is not None:
        raise CrewKickoffError(failure, trace) from failure
    return final_output, trace


def _trace(
    crew: Any,
    collector: _Collector,
    test_name: str,
    inputs: Any,
    final_output: str,
    roster: Roster,
) -> Trace:
    steps, unattributed = build_steps(collector.events())
    steps = with_coworkers(steps, roster)
    metadata: dict[str, Any] = {"framework": "crewai", "crewai_version": _crewai_version()}
    process = getattr(crew, "process", None)
    if process is not None:
        metadata["process"] = str(getattr(process, "value", process))
    from crewai.flow.flow import Flow

    if isinstance(crew, Flow):
        metadata["flow"] = type(crew).__name__
    if unattributed:
        metadata["unattributed_tokens"] = unattributed
    if collector.problems:
        metadata["listener_errors"] = sorted(collector.problems)
    return Trace(
        test_name=test_name,
        steps=steps,
        final_output=final_output,
        input=to_text(inputs),
        metadata=metadata,
    )


def _crewai_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("crewai")
    except PackageNotFoundError:
        return "unknown"
