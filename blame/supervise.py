"""Run the user code of a suite (the entrypoint, its import, plugins' checks) in a worker.

The entrypoint and plugins are trusted, but they can still exit (`sys.exit`, `os._exit`), crash
the interpreter, or hang in C code holding the GIL, where no thread-based timeout can reach them.
So on POSIX the tests run in a forked worker process that reports each finished test over a
pipe and announces, before each step, how long that step may take. The parent kills the worker's
process group when a step overruns or the worker dies, records that test as an error, and starts
a fresh worker for the remaining tests: the suite goes on, exit codes come only from blame, and
the results of what finished are always written. Without `fork` (Windows) the tests run in this
process, with thread-based timeouts that cannot stop code stuck in C.
"""

from __future__ import annotations

import contextlib
import os
import select
import sys
import time
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

from blame.errors import BlameError
from blame.workerpipe import (
    PHASE_BYTES,
    CtrlCGate,
    Reader,
    doing_what,
    ended_how,
    kill_group,
    send,
    send_pickled,
)

Limit = Callable[[float, str], None]
"""Called by a test before each step: that step may take this many seconds; what it does."""

R = TypeVar("R")
"""What one unit of work returns (a test's result; explain's trace and result)."""

_phase: Any = None
"""In a worker: the shared page where `doing` writes which user code runs now (else None)."""


def doing(what: str) -> None:
    """Say which user code the worker runs now (a plugin's method, for a check); the parent
    names it if the worker dies or overruns there. Free outside a worker: one test of None."""
    if _phase is None:
        return
    data = what.encode("utf-8", "backslashreplace")[: PHASE_BYTES - 2]
    _phase[: 2 + len(data)] = len(data).to_bytes(2, "little") + data


def watched() -> bool:
    """Whether this process is a worker whose parent names the user code it dies or hangs
    in: callers skip composing what `doing` would say when nobody reads it."""
    return _phase is not None


def supervised() -> bool:
    """Whether tests run in a killable worker: POSIX with fork, and only this thread running
    (a fork copies locks other threads hold, so the worker could deadlock; the command line
    is single-threaded, a library caller may not be)."""
    import threading

    return hasattr(os, "fork") and os.name == "posix" and threading.active_count() == 1


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a run; `finished` holds the results of the tests that had finished."""

    def __init__(self, finished: list[Any]) -> None:
        super().__init__()
        self.finished = finished


def run_all(
    count: int,
    run_one: Callable[[int, Limit | None], R],
    failed: Callable[[int, str], R],
    *,
    exit_limit: float,
    user_code: bool = True,
    on_done: Callable[[R], None] | None = None,
    tick: Callable[[], None] | None = None,
    overran: str = "raise settings.timeout or fix the hang",
) -> list[R]:
    """`run_one(i, limit)` for each test, in a worker when supervised (else in this process with
    limit None); a test whose worker died or overran gets `failed(i, why)`. The worker's exit
    handlers may take `exit_limit` seconds. Not supervised, a hang in C code stalls the run.
    `user_code=False` says the work runs none (stored traces, blame's own checks): no worker.

    `on_done` hears each result as it comes; `tick` is called every TICK_S while waiting
    (in a worker only); `overran` is the fix a timed-out test's error gives, naming the caller's
    limit. Ctrl-C raises `Interrupted` with the finished tests' results."""
    results: dict[int, R] = {}

    def store(index: int, result: R) -> None:
        results[index] = result
        if on_done is not None:
            on_done(result)

    try:
        if not user_code or not supervised():
            for index in range(count):
                store(index, run_one(index, None))
            return [results[index] for index in range(count)]
        start = 0
        while start < count:
            start = _worker_round(start, count, run_one, failed, store, exit_limit, tick, overran)
    except KeyboardInterrupt:
        raise Interrupted([results[index] for index in sorted(results)]) from None
    return [results[index] for index in range(count)]


def _worker(
    fd: int,
    start: int,
    count: int,
    run_one: Callable[[int, Limit | None], Any],
    exit_limit: float,
    page: Any,
) -> None:
    """The forked side: run the tests from `start`, report each; never returns."""
    code = 0
    try:
        become_worker(page)

        def limit(seconds: float, what: str) -> None:
            doing("")
            send(fd, ("limit", seconds, what))

        for index in range(start, count):
            if not run_and_report(fd, index, run_one, limit):
                return
        limit(exit_limit, "running the exit handlers (atexit) of user code")
        import atexit

        atexit._run_exitfuncs()  # telemetry exporters flush here; a process exit would run them
        send(fd, ("end",))
    except BaseException:  # the pipe is gone (the parent died): nothing left to tell
        code = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                stream.flush()
        os._exit(code)


def run_and_report(
    fd: int, index: int, run_one: Callable[[int, Limit | None], Any], limit: Limit | None
) -> bool:
    """In a worker: run unit `index` and send what became of it ("done" with the result and
    the seconds it took, or "raised"); False, once said, when the run cannot go on."""
    import pickle

    began = time.perf_counter()
    try:
        result = run_one(index, limit)
    except BlameError as error:  # the run cannot go on (no agent, bad entrypoint)
        send(fd, ("fatal", type(error), error.message, error.file, error.field, error.hint))
        return False
    except KeyboardInterrupt:
        send(fd, ("interrupted",))
        return False
    except BaseException as error:  # SystemExit from user code, or a bug in blame
        send(fd, ("raised", index, _describe(error)))
        return True
    try:
        message = pickle.dumps(
            ("done", index, result, time.perf_counter() - began), protocol=pickle.HIGHEST_PROTOCOL
        )
    except Exception as error:  # an agent's object in the trace
        send(fd, ("raised", index, f"its result cannot leave the worker: {error}"))
        return True
    send_pickled(fd, message)
    return True


def stopped(message: tuple[Any, ...]) -> NoReturn:
    """Raise what a worker's "fatal" (the run cannot go on) or "interrupted" message says."""
    if message[0] == "interrupted":
        raise KeyboardInterrupt
    error_type, text, file, field, hint = message[1:]
    # made as a BlameError is, not through the type's own __init__, whose signature may differ
    # (AgentRunError takes the failure and its trace, which stay in the worker)
    error = error_type.__new__(error_type)
    BlameError.__init__(error, text, file=file, field=field, hint=hint)
    raise error


def become_worker(page: Any) -> None:
    """In a forked worker: say what runs on `page`, lead a process group of its own (a timeout
    kills the agent's subprocesses too) and die with the parent."""
    global _phase
    _phase = page
    os.setpgid(0, 0)
    _die_with_parent()


def _die_with_parent() -> None:
    """PR_SET_PDEATHSIG where it exists: a killed blame takes its worker with it."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError, ImportError):
        import ctypes
        import signal  # only in a worker: its enums cost a replay 3 M instructions

        ctypes.CDLL(None).prctl(1, signal.SIGKILL, 0, 0, 0)


def _describe(error: BaseException) -> str:
    if isinstance(error, SystemExit):
        return f"user code raised SystemExit({error.code!r}); blame does not exit on its behalf"
    return (
        f"internal error in blame: {type(error).__name__}: {error}; "
        "this is a bug in blame, please report it with the command you ran"
    )


def _worker_round(
    start: int,
    count: int,
    run_one: Callable[[int, Limit | None], R],
    failed: Callable[[int, str], R],
    store: Callable[[int, R], None],
    exit_limit: float,
    tick: Callable[[], None] | None,
    overran: str,
) -> int:
    """One worker from test `start`; returns the index the next worker starts at."""
    import mmap
    import pickle  # noqa: F401 - once, here: the worker forked below inherits it
    import signal  # noqa: F401 - so too for killing and reaping it (not a replay's)

    page = mmap.mmap(-1, PHASE_BYTES)  # shared with the worker across the fork
    read_end, write_end = os.pipe()
    for stream in (sys.stdout, sys.stderr):  # or the child would print our buffer again
        stream.flush()
    gate = CtrlCGate()  # a Ctrl-C comes in only where the loop below waits
    try:
        pid = gate.fork()
    except BaseException:
        gate.close()
        raise
    if pid == 0:
        os.close(read_end)
        _worker(write_end, start, count, run_one, exit_limit, page)
    os.close(write_end)
    reader = Reader(read_end)
    current, deadline, seconds, what = start, None, 0.0, "starting"
    reaped = interrupted = False
    try:
        while True:
            message = reader.next(deadline, tick, gate)
            if message is None:  # the step overran: kill, and go on after this test
                kill_group(pid)
                if current >= count:  # the exit handlers hung: every result is in
                    return count
                store(
                    current,
                    failed(
                        current,
                        f"timed out after {seconds:g} s while {doing_what(what, page)}; {overran}",
                    ),
                )
                return current + 1
            kind = message[0]
            if kind == "limit":
                seconds, what = message[1], message[2]
                deadline = time.monotonic() + seconds
            elif kind == "done" or kind == "raised":
                index = message[1]
                store(index, message[2] if kind == "done" else failed(index, message[2]))
                current, deadline, what = index + 1, None, "starting"
            elif kind == "fatal" or kind == "interrupted":
                stopped(message)
            elif kind == "end":
                return count
            else:  # "eof": the worker died without a word
                how, reaped = ended_how(pid), True
                if current >= count:
                    return count
                store(current, failed(current, f"{how} while {doing_what(what, page)}"))
                return current + 1
    except KeyboardInterrupt:
        interrupted = True
        for message in reader.finished():
            if message[0] == "done" or message[0] == "raised":
                index = message[1]
                store(index, message[2] if message[0] == "done" else failed(index, message[2]))
        raise
    finally:
        os.close(read_end)
        page.close()
        if not reaped:
            kill_group(pid)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)
        gate.close(interrupted=interrupted)


IMPORT_LIMIT_ENV = "BLAME_IMPORT_TIMEOUT"
"""Seconds a plugin's import (and a local plugin's function) may take; default below."""
IMPORT_LIMIT_S = 60.0


def import_limit() -> float:
    """The import time limit: BLAME_IMPORT_TIMEOUT, else 60 s; a bad value is a clear error."""
    import math

    from blame.errors import ConfigError

    text = os.environ.get(IMPORT_LIMIT_ENV, "").strip()
    if not text:
        return IMPORT_LIMIT_S
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 < value <= 86_400):
        raise ConfigError(
            f"{IMPORT_LIMIT_ENV} must be a number of seconds from 0 to 86400, got {text[:40]!r}",
            field=IMPORT_LIMIT_ENV,
            hint=f"unset it for {IMPORT_LIMIT_S:g} s",
        )
    return value


def trial(action: Callable[[], object], what: str) -> str | None:
    """Run `action` first in a throwaway forked process (its output dropped): None when it
    returned or raised there, so running it here is as safe as Python makes it; otherwise how
    it ended that process or that it hung past the import limit. Unsupervised: None, untried.

    A plugin's import is trusted code, but it runs in blame's own process: an `os._exit`,
    `abort()` or a hang in C there would end or freeze blame with no word said."""
    if not supervised():
        return None
    limit = import_limit()
    read_end, write_end = os.pipe()
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the forked side; its outcome is what the parent tests
        code = 0
        try:
            os.close(read_end)
            os.setpgid(0, 0)
            _die_with_parent()
            sink = os.open(os.devnull, os.O_WRONLY)
            os.dup2(sink, 1)
            os.dup2(sink, 2)
            with contextlib.suppress(BaseException):
                action()
            os.write(write_end, b"1")
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(write_end)
    reaped = False
    try:
        ready, _, _ = select.select([read_end], [], [], limit)
        if not ready:
            return f"did not finish within {limit:g} s while {what} (see {IMPORT_LIMIT_ENV})"
        if os.read(read_end, 1) == b"1":
            return None
        reaped = True
        return f"ended the process while {what}: {ended_how(pid)}"
    finally:
        os.close(read_end)
        if not reaped:
            kill_group(pid)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)
