"""Calling the user's agent for one test: in a thread with a timeout, or directly in a supervised
worker; what it raised or returned becomes an AgentError naming the test, or the test's trace."""

from __future__ import annotations

import contextvars
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blame.errors import AgentError, BlameError, PartialRunError, TraceError
from blame.fields import in_file
from blame.model import Trace, validate_step_types, validate_steps

if TYPE_CHECKING:
    from blame.config import CaseSpec, Config
    from blame.protocols import RunFn

SIGNAL_CHECK_S = 0.1
"""How often the wait for an agent lets the main thread act on a signal another thread took."""


def run_with_timeout(run: RunFn, spec: CaseSpec, config: Config) -> Trace:
    """Run the agent in a daemon thread; a hang past the timeout becomes an AgentError."""
    timeout = config.settings.timeout
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["result"] = run(spec.input, spec.name)
        except BaseException as error:
            box["error"] = error

    thread = threading.Thread(  # in this context: the agent sees which run it is in
        target=contextvars.copy_context().run,
        args=(target,),
        name=f"blame-test-{spec.index}",
        daemon=True,
    )
    thread.start()
    # Waited for in short slices: the kernel may hand a Ctrl-C to the agent's thread, and
    # CPython acts on it only when the main thread runs again; one long join would sit out
    # the whole run (or the timeout) before saying "interrupted".
    deadline = time.monotonic() + timeout
    while thread.is_alive() and (left := deadline - time.monotonic()) > 0:
        thread.join(min(left, SIGNAL_CHECK_S))
    if thread.is_alive():
        raise AgentError(
            f"timed out after {timeout:g} s while running the agent",
            field=f"test {spec.name!r}",
            hint="raise settings.timeout or fix the hang",
        )
    if "error" in box:
        raise _agent_error(box["error"], spec, config)
    return _checked_trace(box.get("result"), spec, config)


def call_agent(run: RunFn, spec: CaseSpec, config: Config) -> Trace:
    """Run the agent in this thread (a supervised worker, killed by its parent at the limit)."""
    try:
        result = run(spec.input, spec.name)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # SystemExit too: user code never decides blame's exit
        raise _agent_error(error, spec, config) from None
    return _checked_trace(result, spec, config)


def _agent_error(error: BaseException, spec: CaseSpec, config: Config) -> BlameError:
    if isinstance(error, PartialRunError):
        return _partial(error, spec, config)
    if isinstance(error, BlameError):
        return _in_config(error, config)
    entry = config.agent.entrypoint if config.agent else "the agent"
    return AgentError(
        f"entrypoint {entry} raised {type(error).__name__}: {error}{_where(error)}",
        field=f"test {spec.name!r}",
    )


def _partial(error: PartialRunError, spec: CaseSpec, config: Config) -> AgentError:
    """A run that raised part-way: the test's error, with its partial trace checked as a
    returned trace is; without steps, or with a trace that breaks the rules, the error alone."""
    field = error.field or f"test {spec.name!r}"
    told = {"file": error.file, "field": field, "hint": error.hint}
    if not error.trace.steps:  # nothing ran: nothing to show
        return AgentError(error.message, **told)
    try:
        trace = _checked_trace((error.trace.final_output, error.trace), spec, config)
    except AgentError:
        return AgentError(error.message, **told)
    return PartialRunError(error.message, trace=trace, **told)


def _in_config(error: BlameError, config: Config) -> BlameError:
    """An adapter's error about a field of `agent:` (the http agent's `agent.url`) names the
    config file, as that field's error does when the adapter loads."""
    field = error.field or ""
    if not (field == "agent" or field.startswith("agent.")):
        return error
    return in_file(error, str(config.path))


def _checked_trace(result: Any, spec: CaseSpec, config: Config) -> Trace:
    """The adapter's (final_output, Trace), as the test's trace."""
    entry = config.agent.entrypoint if config.agent else "the agent"
    if not (isinstance(result, tuple) and len(result) == 2 and isinstance(result[1], Trace)):
        kind = config.agent.type if config.agent else "agent"
        raise AgentError(
            f"the {kind} agent adapter returned {type(result).__name__} for {entry}, "
            "expected (final_output, Trace)",
            field=f"test {spec.name!r}",
            hint="this is a bug in the adapter",
        )
    final_output: Any = result[0]
    trace: Trace = result[1]
    try:  # an agent-built trace obeys the rules a trace file does
        if not isinstance(trace.steps, (tuple, list)):
            raise TraceError(
                f"must be a list of steps, got {type(trace.steps).__name__}", field="steps"
            )
        if not isinstance(trace.final_output, str) and not isinstance(final_output, str):
            raise TraceError(
                f"must be text, got {type(trace.final_output).__name__}", field="final_output"
            )
        validate_step_types(trace.steps)
        validate_steps(trace.steps)
    except TraceError as error:
        raise AgentError(
            f"{entry} returned an invalid trace: {error.field}: {error.message}",
            field=f"test {spec.name!r}",
            hint=error.hint or "fix how the agent builds its Trace",
        ) from None
    changes: dict[str, Any] = {"test_name": spec.name}
    if isinstance(final_output, str) and trace.final_output != final_output:
        changes["final_output"] = final_output
    return replace(trace, **changes)


def _where(error: BaseException) -> str:
    import traceback  # only for an agent that raised: a replay never needs it

    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    return f" (at {Path(last.filename).name}:{last.lineno})"
